//! JS entry points for transformations and control flow: `jvp`, `linearize`/`vjp`,
//! `linear_transpose`, `vmap`, custom JVP/VJP rules, `checkpoint`, `scan`, `cond`, `while_loop`.
//! User functions use the glue's trace-function protocol (see `jit::call_traced`); rules are JS
//! functions taking and returning handle arrays.

use super::jit::{call_traced, outputs};
use super::{
    handles, js_object, load, load_all, message_of, parse_avals, stash_js_error, store,
    to_js_error, JsResult,
};
use crate::ad;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::control::{Cond, Scan, While};
use crate::primitives::custom::{
    CustomCall, CustomJvpRule, CustomRule, CustomVjpRule, StopGradient,
};
use crate::trace::{bind1, trace_to_jaxpr, ClosedJaxpr, Value};
use crate::{dtype::DType, vmap as batching};
use js_sys::{Array as JsArray, Function, Reflect, Uint32Array};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

fn field(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Reads an array of handles (`null` entries become `None`, a zero cotangent).
fn read_handles(list: &JsValue) -> Result<Vec<Option<Value>>> {
    JsArray::from(list)
        .iter()
        .map(|h| match h.as_f64() {
            Some(h) => load(h as u32).map(Some),
            None if h.is_null() || h.is_undefined() => Ok(None),
            None => Err(Error::usage(
                "a rule returned something that is not an array",
            )),
        })
        .collect()
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
fn required(list: Vec<Option<Value>>, what: &str) -> Result<Vec<Value>> {
    list.into_iter()
        .map(|v| v.ok_or_else(|| Error::usage(format!("{what} may not contain null"))))
        .collect()
}

/// Calls a JS rule, keeping its exception for the caller to rethrow.
fn call_rule(rule: &Function, name: &str, args: &[JsValue]) -> Result<JsValue> {
    let array: JsArray = args.iter().collect();
    rule.apply(&JsValue::NULL, &array).map_err(|e| {
        let message = message_of(&e);
        stash_js_error(e);
        Error::TracedFunctionRaised {
            function: name.to_string(),
            message,
        }
    })
}

/// The function a trace calls for the JS function `fun`: it records the output structure the
/// glue reports in `tree`, for rebuilding the outputs in JS afterwards.
fn recording<'a>(
    fun: &'a Function,
    name: &'a str,
    tree: &'a RefCell<JsValue>,
) -> impl FnMut(Vec<Value>) -> Result<Vec<Value>> + 'a {
    move |tracers| {
        let (outs, t) = call_traced(fun, name, tracers)?;
        *tree.borrow_mut() = t;
        Ok(outs)
    }
}

/// Runs `f` with a tracing closure over `fun`, returning `{leaves, tree}` for JS.
fn traced_outputs<F>(fun: &Function, name: &str, run: F) -> JsResult<JsValue>
where
    F: FnOnce(&mut dyn FnMut(Vec<Value>) -> Result<Vec<Value>>) -> Result<Vec<Value>>,
{
    let tree = RefCell::new(JsValue::UNDEFINED);
    let outs = run(&mut recording(fun, name, &tree)).map_err(to_js_error)?;
    outputs(outs, &tree.into_inner())
}

#[wasm_bindgen]
pub fn jvp(
    fun: Function,
    name: String,
    primals: Vec<u32>,
    tangents: Vec<u32>,
) -> JsResult<JsValue> {
    let p = load_all(&primals).map_err(to_js_error)?;
    let t = load_all(&tangents).map_err(to_js_error)?;
    let tree = RefCell::new(JsValue::UNDEFINED);
    let (pouts, touts) =
        ad::jvp(&name, &p, &t, recording(&fun, &name, &tree)).map_err(to_js_error)?;
    js_object(&[
        ("primals", &handles(pouts)),
        ("tangents", &handles(touts)),
        ("tree", &tree.into_inner()),
    ])
}

/// A linear map (the tangent map `linearize` returns, or what `linear_transpose` transposes).
#[wasm_bindgen]
pub struct LinearMap {
    closed: Rc<ClosedJaxpr>,
}

#[wasm_bindgen]
impl LinearMap {
    /// Tangents in, output tangents out.
    pub fn apply(&self, tangents: Vec<u32>) -> JsResult<Uint32Array> {
        let t = load_all(&tangents).map_err(to_js_error)?;
        ad::apply_linear(&self.closed, &t)
            .map(handles)
            .map_err(to_js_error)
    }

    /// Output cotangents in, input cotangents out (the VJP).
    pub fn transpose(&self, cts: Vec<u32>) -> JsResult<Uint32Array> {
        let c = load_all(&cts).map_err(to_js_error)?;
        ad::transpose_linear(&self.closed, &c)
            .map(handles)
            .map_err(to_js_error)
    }

    /// The linear jaxpr, for learners who want to see what reverse mode transposes.
    #[wasm_bindgen(js_name = asText)]
    pub fn as_text(&self) -> String {
        self.closed.jaxpr.to_string()
    }
}

/// `{leaves, tree, linear}`: primal outputs and the linear map, whose outputs are the first
/// `differentiated` output leaves (all when undefined; `grad`'s `hasAux` makes it 1).
#[wasm_bindgen]
pub fn linearize(
    fun: Function,
    name: String,
    primals: Vec<u32>,
    differentiated: Option<u32>,
) -> JsResult<JsValue> {
    let p = load_all(&primals).map_err(to_js_error)?;
    let tree = RefCell::new(JsValue::UNDEFINED);
    let differentiated = differentiated.map(|n| n as usize);
    let (pouts, linear) = ad::linearize(&name, &p, differentiated, recording(&fun, &name, &tree))
        .map_err(to_js_error)?;
    let linear = LinearMap {
        closed: Rc::new(linear),
    };
    js_object(&[
        ("leaves", &handles(pouts)),
        ("tree", &tree.into_inner()),
        ("linear", &linear.into()),
    ])
}

/// `{linear, tree}` for a function assumed linear, traced at `in_specs`.
#[wasm_bindgen(js_name = linearTranspose)]
pub fn linear_transpose(fun: Function, name: String, in_specs: JsValue) -> JsResult<JsValue> {
    let avals = parse_avals(&in_specs, "linear_transpose primals").map_err(to_js_error)?;
    let tree = RefCell::new(JsValue::UNDEFINED);
    let closed =
        ad::linear_jaxpr(&name, &avals, recording(&fun, &name, &tree)).map_err(to_js_error)?;
    let linear = LinearMap {
        closed: Rc::new(closed),
    };
    js_object(&[("linear", &linear.into()), ("tree", &tree.into_inner())])
}

fn axes(raw: &[i32]) -> Vec<Option<usize>> {
    raw.iter().map(|&a| usize::try_from(a).ok()).collect()
}

/// `in_axes` per argument leaf and `out_axes` per output leaf (one entry applies to all);
/// -1 means not mapped.
#[wasm_bindgen]
pub fn vmap(
    fun: Function,
    name: String,
    args: Vec<u32>,
    in_axes: Vec<i32>,
    out_axes: Vec<i32>,
) -> JsResult<JsValue> {
    let a = load_all(&args).map_err(to_js_error)?;
    let ins = axes(&in_axes);
    let outs = axes(&out_axes);
    traced_outputs(&fun, &name, |traced| {
        batching::vmap(&name, &a, &ins, &outs, traced)
    })
}

#[wasm_bindgen(js_name = stopGradient)]
pub fn stop_gradient(x: u32) -> JsResult<u32> {
    let v = load(x).map_err(to_js_error)?;
    bind1(Rc::new(StopGradient), &[v])
        .map(store)
        .map_err(to_js_error)
}

struct JsJvpRule {
    name: String,
    rule: Function,
}

impl CustomJvpRule for JsJvpRule {
    fn jvp(&self, primals: &[Value], tangents: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        let returned = call_rule(
            &self.rule,
            &self.name,
            &[
                handles(primals.to_vec()).into(),
                handles(tangents.to_vec()).into(),
            ],
        )?;
        let p = required(
            read_handles(&field(&returned, "primals"))?,
            "the JVP rule's primal outputs",
        )?;
        let t = read_handles(&field(&returned, "tangents"))?;
        let t = p
            .iter()
            .zip(t)
            .map(|(p, t)| lax::instantiate(t, &p.aval()))
            .collect::<Result<Vec<_>>>()?;
        Ok((p, t))
    }
}

struct JsVjpRule {
    name: String,
    fwd: Function,
    bwd: Function,
}

impl CustomVjpRule for JsVjpRule {
    fn fwd(&self, primals: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        let returned = call_rule(&self.fwd, &self.name, &[handles(primals.to_vec()).into()])?;
        let outs = required(
            read_handles(&field(&returned, "outs"))?,
            "the forward rule's outputs",
        )?;
        let res = required(read_handles(&field(&returned, "residuals"))?, "residuals")?;
        Ok((outs, res))
    }

    fn bwd(&self, residuals: &[Value], cts: &[Value]) -> Result<Vec<Option<Value>>> {
        let returned = call_rule(
            &self.bwd,
            &self.name,
            &[
                handles(residuals.to_vec()).into(),
                handles(cts.to_vec()).into(),
            ],
        )?;
        read_handles(&returned)
    }
}

/// Traces `fun` on the argument types into the body a custom rule primitive wraps.
fn trace_body(fun: &Function, name: &str, args: &[Value]) -> Result<(ClosedJaxpr, JsValue)> {
    let tree = RefCell::new(JsValue::UNDEFINED);
    let avals: Vec<_> = args.iter().map(Value::aval).collect();
    let closed = trace_to_jaxpr(name, &avals, true, recording(fun, name, &tree))?;
    Ok((closed, tree.into_inner()))
}

/// Traces `fun` and binds it as a custom-rule call on `args`.
fn custom_call(fun: &Function, name: &str, args: &[u32], rule: CustomRule) -> JsResult<JsValue> {
    let a = load_all(args).map_err(to_js_error)?;
    let (call, tree) = trace_body(fun, name, &a).map_err(to_js_error)?;
    let prim = CustomCall {
        name: Rc::from(name),
        call: Rc::new(call),
        rule,
    };
    let outs = crate::trace::bind(Rc::new(prim), &a).map_err(to_js_error)?;
    outputs(outs, &tree)
}

#[wasm_bindgen(js_name = customJvpCall)]
pub fn custom_jvp_call(
    fun: Function,
    rule: Function,
    name: String,
    args: Vec<u32>,
) -> JsResult<JsValue> {
    let rule = CustomRule::Jvp(Rc::new(JsJvpRule {
        name: name.clone(),
        rule,
    }));
    custom_call(&fun, &name, &args, rule)
}

#[wasm_bindgen(js_name = customVjpCall)]
pub fn custom_vjp_call(
    fun: Function,
    fwd: Function,
    bwd: Function,
    name: String,
    args: Vec<u32>,
) -> JsResult<JsValue> {
    let rule = CustomRule::Vjp(Rc::new(JsVjpRule {
        name: name.clone(),
        fwd,
        bwd,
    }));
    custom_call(&fun, &name, &args, rule)
}

#[wasm_bindgen]
pub fn checkpoint(fun: Function, name: String, args: Vec<u32>) -> JsResult<JsValue> {
    let a = load_all(&args).map_err(to_js_error)?;
    traced_outputs(&fun, &name, |traced| ad::checkpoint(&name, &a, traced))
}

/// `lax.scan` over `xs` with `carry`; outputs are `carry_out ++ ys`.
#[wasm_bindgen]
pub fn scan(
    fun: Function,
    name: String,
    carry: Vec<u32>,
    xs: Vec<u32>,
    length: u32,
    reverse: bool,
) -> JsResult<JsValue> {
    let c = load_all(&carry).map_err(to_js_error)?;
    let x = load_all(&xs).map_err(to_js_error)?;
    traced_outputs(&fun, &name, |traced| {
        let mut avals: Vec<_> = c.iter().map(Value::aval).collect();
        for xv in &x {
            let mut a = xv.aval();
            if a.shape.first() != Some(&(length as usize)) {
                return Err(Error::usage(format!(
                    "scan got an xs leaf of type {} but length {length}",
                    a.short()
                )));
            }
            a.shape.remove(0);
            avals.push(a);
        }
        let body = trace_to_jaxpr(&name, &avals, true, traced)?;
        let outs = body.jaxpr.out_avals();
        if outs.len() < c.len() {
            return Err(Error::usage(format!(
                "scan body function must return the carry ({} value(s)) first, got {} value(s)",
                c.len(),
                outs.len()
            )));
        }
        for (cin, cout) in c.iter().map(Value::aval).zip(&outs) {
            if cin.shape != cout.shape || cin.dtype != cout.dtype {
                return Err(Error::usage(format!(
                    "scan body function carry input and carry output must have equal types, got {} and {}",
                    cin.short(),
                    cout.short()
                )));
            }
        }
        let mut inputs = c.clone();
        inputs.extend(x.iter().cloned());
        Scan::bind(body, length as usize, 0, c.len(), reverse, &inputs)
    })
}

/// `lax.switch`/`lax.cond`: `branches[index](*operands)`.
#[wasm_bindgen]
pub fn cond(branches: JsArray, name: String, index: u32, operands: Vec<u32>) -> JsResult<JsValue> {
    let idx = load(index).map_err(to_js_error)?;
    let ops = load_all(&operands).map_err(to_js_error)?;
    let avals: Vec<_> = ops.iter().map(Value::aval).collect();
    let tree = RefCell::new(JsValue::UNDEFINED);
    let mut traced = Vec::new();
    for b in branches.iter() {
        let fun: Function = b.into();
        let closed = trace_to_jaxpr(&name, &avals, true, recording(&fun, &name, &tree))
            .map_err(to_js_error)?;
        traced.push(closed);
    }
    let idx = lax::convert(&idx, DType::Int32, false).map_err(to_js_error)?;
    let outs = Cond::bind(traced, &idx, &ops).map_err(to_js_error)?;
    outputs(outs, &tree.into_inner())
}

#[wasm_bindgen(js_name = whileLoop)]
pub fn while_loop(
    cond_fun: Function,
    body_fun: Function,
    name: String,
    init: Vec<u32>,
) -> JsResult<JsValue> {
    let i = load_all(&init).map_err(to_js_error)?;
    let avals: Vec<_> = i.iter().map(Value::aval).collect();
    let cond = trace_to_jaxpr(&name, &avals, true, |t| {
        call_traced(&cond_fun, &name, t).map(|r| r.0)
    })
    .map_err(to_js_error)?;
    let tree = RefCell::new(JsValue::UNDEFINED);
    let body = trace_to_jaxpr(&name, &avals, true, recording(&body_fun, &name, &tree))
        .map_err(to_js_error)?;
    let same = |a: &[crate::array::ShapedArray], b: &[crate::array::ShapedArray]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.shape == y.shape && x.dtype == y.dtype)
    };
    if !same(&body.jaxpr.out_avals(), &avals) {
        return Err(to_js_error(Error::usage(
            "while_loop: body_fun output and input must have identical types",
        )));
    }
    let outs = While::bind_forwarding_invariants(cond, body, &i).map_err(to_js_error)?;
    outputs(outs, &tree.into_inner())
}
