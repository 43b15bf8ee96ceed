//! JS host callbacks. The glue (`www/lib/callbacks.js`) hands us a wrapper around the learner's
//! function; here that wrapper becomes a `HostCallback` the core can call. Both directions use
//! flat arrays and numeric codes, not objects with named fields: on a 3-element call, creating
//! property-name and dtype strings for every argument and result dominated the callback's cost.
//!
//! - Arguments: `wrapper(datas, meta)`, `datas` a JS array of typed arrays (Float32Array,
//!   Int32Array, Uint8Array for bool) and `meta` a Uint32Array of `[dtype code, rank, ...dims]`
//!   per argument, codes indexing `ARG_DTYPES`.
//! - Results: a flat JS array `[dtype, shape, data, dtype, shape, data, ...]` where `dtype` is an
//!   index into `RESULT_DTYPES` or, for any other dtype, its name.

use super::{
    array_to_typed, load_all, message_of, parse_avals, stash_js_error, store, to_js_error, JsResult,
};
use crate::array::{Array, Buffer};
use crate::error::Error;
use crate::host::{HostCallback, HostData, HostDtype, HostLeaf};
use crate::numpy as jnp;
use js_sys::{
    Array as JsArray, Float32Array, Float64Array, Function, Int32Array, Uint32Array, Uint8Array,
};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Argument dtype codes; `ARG_DTYPES` in `www/lib/callbacks.js` lists the same names.
fn arg_dtype_code(a: &Array) -> u32 {
    match a.buffer() {
        Buffer::F32(_) => 0,
        Buffer::I32(_) => 1,
        Buffer::Bool(_) => 2,
    }
}

/// Result dtype codes; `RESULT_DTYPES` in `www/lib/callbacks.js` lists the same names.
const RESULT_DTYPES: [&str; 6] = ["number", "float32", "float64", "int32", "int64", "bool"];

struct JsHost {
    name: String,
    wrapper: Function,
    identity: Option<u64>,
}

fn parse_dtype(dtype: JsValue) -> Result<HostDtype, String> {
    let name = match dtype.as_f64() {
        Some(code) => RESULT_DTYPES
            .get(code as usize)
            .ok_or("a result leaf has an unknown dtype code")?
            .to_string(),
        None => dtype.as_string().ok_or("a result leaf has no dtype")?,
    };
    Ok(if name == "number" {
        HostDtype::Number
    } else {
        HostDtype::Named(name)
    })
}

/// One copy out of the host's typed array, in its own element type when the engine has it.
fn parse_data(data: &JsValue) -> HostData {
    if let Some(a) = data.dyn_ref::<Float32Array>() {
        HostData::F32(a.to_vec())
    } else if let Some(a) = data.dyn_ref::<Int32Array>() {
        HostData::I32(a.to_vec())
    } else if let Some(a) = data.dyn_ref::<Uint8Array>() {
        HostData::U8(a.to_vec())
    } else {
        // Float64Array's constructor accepts any other typed array or array-like of numbers.
        HostData::F64(Float64Array::new(data).to_vec())
    }
}

fn parse_leaf(dtype: JsValue, shape: JsValue, data: JsValue) -> Result<HostLeaf, String> {
    let shape = JsArray::from(&shape)
        .iter()
        .map(|d| {
            d.as_f64()
                .map(|d| d as usize)
                .ok_or("a shape entry is not a number")
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HostLeaf {
        dtype: parse_dtype(dtype)?,
        shape,
        data: parse_data(&data),
    })
}

impl HostCallback for JsHost {
    fn name(&self) -> &str {
        &self.name
    }

    fn identity(&self) -> Option<u64> {
        self.identity
    }

    fn call(&self, args: &[Array]) -> Result<Vec<HostLeaf>, String> {
        let datas = JsArray::new_with_length(args.len() as u32);
        let mut meta = Vec::with_capacity(args.len() * 3);
        for (i, a) in args.iter().enumerate() {
            datas.set(i as u32, array_to_typed(a));
            meta.extend([arg_dtype_code(a), a.shape().len() as u32]);
            meta.extend(a.shape().iter().map(|&d| d as u32));
        }
        let meta = Uint32Array::from(meta.as_slice());
        let returned = self
            .wrapper
            .call2(&JsValue::NULL, &datas, &meta)
            .map_err(|e| {
                let message = message_of(&e);
                stash_js_error(e);
                message
            })?;
        let flat = returned
            .dyn_into::<JsArray>()
            .ok()
            .filter(|a| a.length() % 3 == 0)
            .ok_or("internal: the callback wrapper must return a flat array of leaves")?;
        (0..flat.length())
            .step_by(3)
            .map(|i| parse_leaf(flat.get(i), flat.get(i + 1), flat.get(i + 2)))
            .collect()
    }
}

fn host(wrapper: Function, name: String, identity: Option<f64>) -> Rc<dyn HostCallback> {
    Rc::new(JsHost {
        name,
        wrapper,
        identity: identity.map(|i| i as u64),
    })
}

fn run(r: Result<Vec<crate::trace::Value>, Error>) -> JsResult<Vec<u32>> {
    r.map(|vals| vals.into_iter().map(store).collect())
        .map_err(to_js_error)
}

#[wasm_bindgen(js_name = pureCallback)]
pub fn pure_callback(
    wrapper: Function,
    name: String,
    specs: JsValue,
    args: Vec<u32>,
    vmap_method: Option<String>,
    identity: Option<f64>,
) -> JsResult<Vec<u32>> {
    run((|| {
        let specs = parse_avals(&specs, "result_shape_dtypes")?;
        jnp::pure_callback(
            host(wrapper, name, identity),
            specs,
            &load_all(&args)?,
            vmap_method,
        )
    })())
}

#[wasm_bindgen(js_name = ioCallback)]
pub fn io_callback(
    wrapper: Function,
    name: String,
    specs: JsValue,
    args: Vec<u32>,
    ordered: bool,
) -> JsResult<Vec<u32>> {
    run((|| {
        let specs = parse_avals(&specs, "result_shape_dtypes")?;
        jnp::io_callback(host(wrapper, name, None), specs, &load_all(&args)?, ordered)
    })())
}

#[wasm_bindgen(js_name = debugCallback)]
pub fn debug_callback(
    wrapper: Function,
    name: String,
    args: Vec<u32>,
    ordered: bool,
) -> JsResult<()> {
    (|| jnp::debug_callback(host(wrapper, name, None), &load_all(&args)?, ordered))()
        .map_err(to_js_error)
}
