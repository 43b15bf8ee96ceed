//! The one entry point of every API function (`crate::api`): `apiCall(number, positional,
//! keywords, functions)`. Arguments arrive as data (serde), arrays by handle, function
//! arguments by number (an API function's own) or as JS functions alongside; the result goes
//! back as data with arrays stored as handles.

use super::{load, message_of, stash_js_error, store, to_js, to_js_error, JsResult};
use crate::api::{self, Arg, Callable, Output, UserFunction};
use crate::error::Error;
use js_sys::{Array as JsArray, Function, Reflect};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// An argument as the glue encodes it: `"N"` (None), `{B: true}`, `{I: 2}`, `{F: 2.5}`,
/// `{S: "float32"}`, `{H: handle}`, `{T: [...]}` (a tuple or list), `{Api: n}` (API function
/// number `n`, passed as a function), `{Fn: i}` (the call's `i`-th JS function).
#[derive(Deserialize)]
enum WireArg {
    N,
    B(bool),
    I(f64),
    F(f64),
    S(String),
    H(u32),
    T(Vec<WireArg>),
    Api(u32),
    Fn(u32),
}

/// A JS function passed as an argument, as the glue wraps it: called with trees of handles
/// (numbers, nested in arrays), it returns its result's handles in the same nesting.
struct JsFunction {
    fun: Function,
}

/// An argument tree as handles for the glue (each array stored; the glue takes them over).
fn handle_tree(arg: Arg) -> Result<JsValue, Error> {
    match arg {
        Arg::Array(v) => Ok(JsValue::from(store(v))),
        Arg::Seq(items) => {
            let list = JsArray::new();
            for item in items {
                list.push(&handle_tree(item)?);
            }
            Ok(list.into())
        }
        _ => Err(Error::internal("a function argument is not an array tree")),
    }
}

/// What the glue returned, as an argument tree.
fn arg_tree(v: &JsValue) -> Result<Arg, Error> {
    if let Some(h) = v.as_f64() {
        return Ok(Arg::Array(load(h as u32)?));
    }
    if JsArray::is_array(v) {
        return JsArray::from(v)
            .iter()
            .map(|x| arg_tree(&x))
            .collect::<Result<_, _>>()
            .map(Arg::Seq);
    }
    Err(Error::internal(
        "a function argument returned something other than handles",
    ))
}

impl UserFunction for JsFunction {
    fn name(&self) -> String {
        Reflect::get(&self.fun, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "<lambda>".into())
    }

    fn call(&self, args: Vec<Arg>) -> Result<Arg, Error> {
        let list = JsArray::new();
        for a in args {
            list.push(&handle_tree(a)?);
        }
        let out = self.fun.apply(&JsValue::NULL, &list).map_err(|e| {
            let message = message_of(&e);
            stash_js_error(e);
            Error::TracedFunctionRaised {
                function: self.name(),
                message,
            }
        })?;
        arg_tree(&out)
    }
}

impl WireArg {
    fn into_arg(self, functions: &[Function]) -> Result<Arg, Error> {
        Ok(match self {
            WireArg::N => Arg::None,
            WireArg::B(b) => Arg::Bool(b),
            WireArg::I(i) if i.fract() == 0.0 && i.abs() < 9.0e15 => Arg::Int(i as i64),
            WireArg::I(i) => return Err(Error::usage(format!("{i} is not an integer"))),
            WireArg::F(x) => Arg::Float(x),
            WireArg::S(s) => Arg::Str(s),
            WireArg::H(h) => Arg::Array(load(h)?),
            WireArg::T(items) => Arg::Seq(
                items
                    .into_iter()
                    .map(|a| a.into_arg(functions))
                    .collect::<Result<_, _>>()?,
            ),
            WireArg::Api(n) => Arg::Function(Callable::Api(api::function(n as usize)?)),
            WireArg::Fn(i) => {
                let fun = functions
                    .get(i as usize)
                    .cloned()
                    .ok_or_else(|| Error::usage(format!("apiCall: no function {i}")))?;
                Arg::Function(Callable::User(Rc::new(JsFunction { fun })))
            }
        })
    }
}

/// A result as the glue decodes it: `{A: handle}`, `{T: [handles]}` (tuple), `{L: [handles]}`
/// (list), `{I: n}`, `{S: [ints]}` (a shape), `{B: bool}`, `{D: "float32"}`.
#[derive(Serialize)]
enum WireOut {
    A(u32),
    T(Vec<u32>),
    L(Vec<u32>),
    I(f64),
    S(Vec<f64>),
    B(bool),
    D(&'static str),
}

fn decode(value: JsValue, what: &str) -> Result<WireArg, Error> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| Error::usage(format!("apiCall: {what} are not encoded arguments: {e}")))
}

#[wasm_bindgen(js_name = apiCall)]
pub fn api_call(
    index: u32,
    positional: JsValue,
    keywords: JsValue,
    functions: Option<JsArray>,
) -> JsResult<JsValue> {
    let functions: Vec<Function> = functions
        .map(|list| list.iter().map(Function::from).collect())
        .unwrap_or_default();
    let run = || -> Result<Output, Error> {
        let f = api::function(index as usize)?;
        let WireArg::T(pos) = decode(positional, "positional arguments")? else {
            return Err(Error::usage("apiCall: positional arguments must be a list"));
        };
        let pos = pos
            .into_iter()
            .map(|a| a.into_arg(&functions))
            .collect::<Result<Vec<_>, _>>()?;
        let kw: Vec<(String, WireArg)> = if keywords.is_undefined() || keywords.is_null() {
            Vec::new()
        } else {
            serde_wasm_bindgen::from_value(keywords)
                .map_err(|e| Error::usage(format!("apiCall: keywords are not encoded: {e}")))?
        };
        let kw = kw
            .into_iter()
            .map(|(k, v)| v.into_arg(&functions).map(|a| (k, a)))
            .collect::<Result<Vec<_>, _>>()?;
        api::call(f, pos, kw)
    };
    let out = match run().map_err(to_js_error)? {
        Output::Array(v) => WireOut::A(store(v)),
        Output::Tuple(vs) => WireOut::T(vs.into_iter().map(store).collect()),
        Output::List(vs) => WireOut::L(vs.into_iter().map(store).collect()),
        Output::Int(i) => WireOut::I(i as f64),
        Output::Ints(is) => WireOut::S(is.into_iter().map(|i| i as f64).collect()),
        Output::Bool(b) => WireOut::B(b),
        Output::Dtype(d) => WireOut::D(d.name()),
    };
    to_js(&out)
}
