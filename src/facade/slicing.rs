//! The static slicing primitives for JS: `jax.lax.slice`, `squeeze`, `rev`, `expandDims`, and
//! what `x.index(...)` and Python's `x[...]` lower to, as one call (one export keeps the wasm
//! small). The glue has checked every argument is a list of non-negative integers; the engine
//! checks them against the operand, in JAX's words.

use super::{dims, load, one, wrap, JsResult};
use crate::lax;
use wasm_bindgen::prelude::*;

/// `slice` (if `slice`; empty `strides` are `None`), then `rev`, `squeeze` and `expand_dims`
/// (each if its list is not empty, as JAX's `lax.squeeze` and `lax.expand_dims` skip `()`).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)] // the wire format: plain lists, no serde
pub fn restructure(
    x: u32,
    slice: bool,
    start: Vec<u32>,
    limit: Vec<u32>,
    strides: Vec<u32>,
    rev: Vec<u32>,
    squeeze: Vec<u32>,
    expand: Vec<u32>,
) -> JsResult<u32> {
    let mut y = wrap(load(x))?;
    if slice {
        let strides = (!strides.is_empty()).then(|| dims(&strides));
        y = wrap(lax::slice(&y, dims(&start), dims(&limit), strides))?;
    }
    if !rev.is_empty() {
        y = wrap(lax::rev(&y, dims(&rev)))?;
    }
    y = wrap(lax::squeeze(&y, dims(&squeeze)))?;
    if expand.is_empty() {
        return one(Ok(y));
    }
    one(lax::expand_dims(&y, &dims(&expand)))
}
