//! The one entry point of every API function (`crate::api`): `apiCall(number, positional,
//! keywords)`. Arguments arrive as data (serde), arrays by handle; the result goes back as data
//! with arrays stored as handles.

use super::{load, store, to_js, to_js_error, JsResult};
use crate::api::{self, Arg, Output};
use crate::error::Error;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// An argument as the glue encodes it: `"N"` (None), `{B: true}`, `{I: 2}`, `{F: 2.5}`,
/// `{S: "float32"}`, `{H: handle}`, `{T: [...]}` (a tuple or list).
#[derive(Deserialize)]
enum WireArg {
    N,
    B(bool),
    I(f64),
    F(f64),
    S(String),
    H(u32),
    T(Vec<WireArg>),
}

impl WireArg {
    fn into_arg(self) -> Result<Arg, Error> {
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
                    .map(WireArg::into_arg)
                    .collect::<Result<_, _>>()?,
            ),
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
pub fn api_call(index: u32, positional: JsValue, keywords: JsValue) -> JsResult<JsValue> {
    let run = || -> Result<Output, Error> {
        let f = api::function(index as usize)?;
        let WireArg::T(pos) = decode(positional, "positional arguments")? else {
            return Err(Error::usage("apiCall: positional arguments must be a list"));
        };
        let pos = pos
            .into_iter()
            .map(WireArg::into_arg)
            .collect::<Result<Vec<_>, _>>()?;
        let kw: Vec<(String, WireArg)> = if keywords.is_undefined() || keywords.is_null() {
            Vec::new()
        } else {
            serde_wasm_bindgen::from_value(keywords)
                .map_err(|e| Error::usage(format!("apiCall: keywords are not encoded: {e}")))?
        };
        let kw = kw
            .into_iter()
            .map(|(k, v)| v.into_arg().map(|a| (k, a)))
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
