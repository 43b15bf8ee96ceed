//! The static slicing primitives for JS (`jax.lax.slice`, `squeeze`, `rev`, `expandDims`, and
//! what `x.index(...)` and Python's `x[...]` lower to). The glue has checked every argument is
//! a non-negative integer; the engine checks them against the operand, in JAX's words.

use super::{dims, load, one, wrap, JsResult};
use crate::lax;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn slice(x: u32, start: Vec<u32>, limit: Vec<u32>, strides: Option<Vec<u32>>) -> JsResult<u32> {
    let strides = strides.map(|s| dims(&s));
    one(lax::slice(
        &wrap(load(x))?,
        dims(&start),
        dims(&limit),
        strides,
    ))
}

#[wasm_bindgen]
pub fn squeeze(x: u32, dimensions: Vec<u32>) -> JsResult<u32> {
    one(lax::squeeze(&wrap(load(x))?, dims(&dimensions)))
}

#[wasm_bindgen]
pub fn rev(x: u32, dimensions: Vec<u32>) -> JsResult<u32> {
    one(lax::rev(&wrap(load(x))?, dims(&dimensions)))
}

#[wasm_bindgen(js_name = expandDims)]
pub fn expand_dims(x: u32, dimensions: Vec<u32>) -> JsResult<u32> {
    one(lax::expand_dims(&wrap(load(x))?, &dims(&dimensions)))
}
