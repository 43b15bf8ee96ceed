//! `jit`, `make_jaxpr`, `eval_shape` and ahead-of-time `lower` for JS functions. The glue passes
//! a trace function `(tracerHandles) => ({leaves, tree})`: it rebuilds the learner's arguments
//! from tracer handles, calls their function, and flattens what it returns.

use super::keys;
use super::{
    handles, js_object, load, load_all, message_of, parse_avals, stash_js_error, store, to_js,
    to_js_error, JsResult,
};
use crate::array::ShapedArray;
use crate::boundary::TREE_LEAF;
use crate::error::{Error, Result};
use crate::ir::data::{jaxpr_data, AvalData};
use crate::ir::layout::jaxpr_layout;
use crate::ir::print::jaxpr_to_string_with_sources;
use crate::jit::{run_entry, trace_with_events, Entry, Jit};
use crate::trace::Value;
use js_sys::{Array as JsArray, Function, Reflect};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Calls the glue's trace function with fresh tracer handles; returns the flat outputs and the
/// output structure the glue reported.
pub(super) fn call_traced(
    fun: &Function,
    name: &str,
    tracers: Vec<Value>,
) -> Result<(Vec<Value>, JsValue)> {
    let returned = fun.call1(&JsValue::NULL, &handles(tracers)).map_err(|e| {
        let message = message_of(&e);
        stash_js_error(e);
        Error::TracedFunctionRaised {
            function: name.to_string(),
            message,
        }
    })?;
    let leaves = JsArray::from(&keys::get(&returned, |k| &k.leaves))
        .iter()
        .map(|h| match h.as_f64() {
            Some(h) => load(h as u32),
            None => Err(Error::internal("trace function returned a non-handle leaf")),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((leaves, keys::get(&returned, |k| &k.tree)))
}

pub(super) fn outputs(values: Vec<Value>, tree: &JsValue) -> JsResult<JsValue> {
    let obj = js_sys::Object::new();
    keys::KEYS.with(|k| {
        Reflect::set(&obj, &k.leaves, &handles(values))?;
        Reflect::set(&obj, &k.tree, tree)
    })?;
    Ok(obj.into())
}

/// The output structure the glue reported when a jitted function was traced, and whether it
/// is a single array (checked once, at trace time).
pub struct OutTree {
    tree: JsValue,
    single: bool,
}

impl OutTree {
    fn new(tree: JsValue) -> OutTree {
        let kind = keys::get(&tree, |k| &k.tree_kind);
        OutTree {
            single: kind.as_string().as_deref() == Some(TREE_LEAF),
            tree,
        }
    }
}

/// `call_traced` for a jitted function, keeping the output structure as an `OutTree`.
fn trace_jitted(fun: &Function, name: &str, tracers: Vec<Value>) -> Result<(Vec<Value>, OutTree)> {
    call_traced(fun, name, tracers).map(|(outs, tree)| (outs, OutTree::new(tree)))
}

/// A jitted call's results: the handle itself when the function returns a single array (the
/// common case: no JS array to build), else `[...handles, tree]`, a plain array rather than an
/// object, whose named properties would be key strings created on every call.
fn call_outputs(mut values: Vec<Value>, out: &OutTree) -> JsValue {
    let handle = |v: Value| JsValue::from(store(v));
    if out.single && values.len() == 1 {
        if let Some(v) = values.pop() {
            return handle(v);
        }
    }
    let arr: JsArray = values.into_iter().map(handle).collect();
    arr.push(&out.tree);
    arr.into()
}

/// A jitted JS function and its compilation cache.
#[wasm_bindgen]
pub struct JitFunction {
    jit: Jit<OutTree>,
    fun: Function,
}

impl JitFunction {
    fn call_values(&self, args: &[Value], tree: u32) -> JsResult<JsValue> {
        let (outs, entry) = self
            .jit
            .call(args, tree, |t| trace_jitted(&self.fun, &self.jit.name, t))
            .map_err(to_js_error)?;
        Ok(call_outputs(outs, &entry.aux))
    }
}

#[wasm_bindgen]
impl JitFunction {
    #[wasm_bindgen(constructor)]
    pub fn new(fun: Function, name: String) -> JitFunction {
        JitFunction {
            jit: Jit::new(name),
            fun,
        }
    }

    /// Runs on argument handles; `tree` numbers their structure (the glue interns each treedef;
    /// part of the cache key). Returns a handle for a single-array result, else `[...handles, tree]`.
    pub fn call(&self, args: Vec<u32>, tree: u32) -> JsResult<JsValue> {
        let args = load_all(&args).map_err(to_js_error)?;
        self.call_values(&args, tree)
    }

    /// `call` with one argument, the common `f(x)`: no list of handles to pass in.
    pub fn call1(&self, arg: u32, tree: u32) -> JsResult<JsValue> {
        let arg = load(arg).map_err(to_js_error)?;
        self.call_values(std::slice::from_ref(&arg), tree)
    }

    /// Traces and compiles for these arguments without running (`jit(f).lower(x)`).
    pub fn lower(&self, args: Vec<u32>, tree: u32) -> JsResult<Lowered> {
        let args = load_all(&args).map_err(to_js_error)?;
        let name = self.jit.name.clone();
        let (entry, _) = self
            .jit
            .lower(&args, tree, |t| trace_jitted(&self.fun, &name, t))
            .map_err(to_js_error)?;
        Ok(Lowered { entry })
    }

    #[wasm_bindgen(js_name = cacheSize)]
    pub fn cache_size(&self) -> u32 {
        self.jit.cache_size() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.jit.name.to_string()
    }
}

/// One compiled cache entry, as returned by `lower`.
#[wasm_bindgen]
pub struct Lowered {
    entry: Rc<Entry<OutTree>>,
}

#[wasm_bindgen]
impl Lowered {
    /// The jaxpr as traced.
    #[wasm_bindgen(js_name = asText)]
    pub fn as_text(&self) -> String {
        self.entry.exe.traced.jaxpr.to_string()
    }

    /// The jaxpr that runs, after dead-code elimination.
    #[wasm_bindgen(js_name = compiledText)]
    pub fn compiled_text(&self) -> String {
        self.entry.exe.compiled.jaxpr.to_string()
    }

    /// Equations DCE removed: `[{primitive, callback, reason}]`.
    pub fn removed(&self) -> JsResult<JsValue> {
        let list = JsArray::new();
        for r in &self.entry.exe.removed {
            let callback = r.callback.as_deref().map_or(JsValue::NULL, JsValue::from);
            list.push(&js_object(&[
                ("primitive", &r.primitive.into()),
                ("callback", &callback),
                ("reason", &r.reason.as_str().into()),
            ])?);
        }
        Ok(list.into())
    }

    /// Runs the compiled program; returns what `JitFunction.call` does.
    pub fn call(&self, args: Vec<u32>) -> JsResult<JsValue> {
        let args = load_all(&args).map_err(to_js_error)?;
        let want = self.entry.exe.traced.jaxpr.in_avals();
        let got: Vec<ShapedArray> = args.iter().map(Value::aval).collect();
        if want != got {
            let show = |a: &[ShapedArray]| {
                a.iter()
                    .map(ShapedArray::short)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(to_js_error(Error::usage(format!(
                "this compiled `{}` takes ({}) but was called with ({})",
                self.entry.exe.name,
                show(&want),
                show(&got)
            ))));
        }
        let outs = run_entry(&self.entry.exe, &args, true).map_err(to_js_error)?;
        Ok(call_outputs(outs, &self.entry.aux))
    }
}

fn trace_specs(
    fun: &Function,
    name: &str,
    in_specs: &JsValue,
) -> Result<(crate::trace::ClosedJaxpr, JsValue)> {
    let avals = parse_avals(in_specs, "argument types")?;
    let mut tree = JsValue::UNDEFINED;
    let closed = trace_with_events(name, &avals, |t| {
        let (outs, out_tree) = call_traced(fun, name, t)?;
        tree = out_tree;
        Ok(outs)
    })?;
    Ok((closed, tree))
}

/// `jax.make_jaxpr`: `{text, textWithSources, effects, data, layout}` (data: `ir::data::JaxprData`,
/// layout: `ir::layout::Run`s) for `in_specs = [{shape, dtype, weakType}]`.
#[wasm_bindgen(js_name = makeJaxpr)]
pub fn make_jaxpr(fun: Function, name: String, in_specs: JsValue) -> JsResult<JsValue> {
    let (closed, _) = trace_specs(&fun, &name, &in_specs).map_err(to_js_error)?;
    let jaxpr = &closed.jaxpr;
    let effects: Vec<&str> = jaxpr.effects().iter().map(|e| e.jax_name()).collect();
    js_object(&[
        ("text", &jaxpr.to_string().into()),
        (
            "textWithSources",
            &jaxpr_to_string_with_sources(jaxpr).into(),
        ),
        ("effects", &to_js(&effects)?),
        ("data", &to_js(&jaxpr_data(jaxpr))?),
        ("layout", &to_js(&jaxpr_layout(jaxpr))?),
    ])
}

/// `jax.eval_shape`: `{avals: [{shape, dtype, weakType}], tree}` without running anything.
#[wasm_bindgen(js_name = evalShape)]
pub fn eval_shape(fun: Function, name: String, in_specs: JsValue) -> JsResult<JsValue> {
    let (closed, tree) = trace_specs(&fun, &name, &in_specs).map_err(to_js_error)?;
    let avals: Vec<AvalData> = closed
        .jaxpr
        .out_avals()
        .iter()
        .map(AvalData::from)
        .collect();
    js_object(&[("avals", &to_js(&avals)?), ("tree", &tree)])
}
