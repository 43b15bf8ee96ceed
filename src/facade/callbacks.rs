//! JS host callbacks. The glue (`www/jaxplay.js`) hands us a wrapper around the learner's
//! function that takes host arrays and returns flat result leaves `{dtype, shape, data}`; here
//! that wrapper becomes a `HostCallback` the core can call.

use super::{
    array_to_typed, load_all, message_of, parse_avals, stash_js_error, store, to_js_error, JsResult,
};
use crate::array::Array;
use crate::error::Error;
use crate::host::{HostCallback, HostDtype, HostLeaf};
use crate::numpy as jnp;
use js_sys::{Array as JsArray, Float64Array, Function, Object, Reflect};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

struct JsHost {
    name: String,
    wrapper: Function,
    identity: Option<u64>,
}

fn get(obj: &JsValue, key: &str) -> Result<JsValue, String> {
    Reflect::get(obj, &key.into()).map_err(|_| format!("could not read `{key}`"))
}

fn host_array(a: &Array) -> Result<JsValue, JsValue> {
    let obj = Object::new();
    Reflect::set(&obj, &"dtype".into(), &a.dtype().name().into())?;
    let shape: JsArray = a.shape().iter().map(|&d| JsValue::from(d as u32)).collect();
    Reflect::set(&obj, &"shape".into(), &shape)?;
    Reflect::set(&obj, &"data".into(), &array_to_typed(a))?;
    Ok(obj.into())
}

fn parse_leaf(leaf: &JsValue) -> Result<HostLeaf, String> {
    let dtype = get(leaf, "dtype")?
        .as_string()
        .ok_or("a result leaf has no dtype")?;
    let shape = JsArray::from(&get(leaf, "shape")?)
        .iter()
        .map(|d| {
            d.as_f64()
                .map(|d| d as usize)
                .ok_or("a shape entry is not a number")
        })
        .collect::<Result<Vec<_>, _>>()?;
    let data = get(leaf, "data")?;
    // Float64Array's constructor accepts any typed array or array-like of numbers.
    let values = Float64Array::new(&data).to_vec();
    Ok(HostLeaf {
        dtype: if dtype == "number" {
            HostDtype::Number
        } else {
            HostDtype::Named(dtype)
        },
        shape,
        values,
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
        let js_args = args
            .iter()
            .map(host_array)
            .collect::<Result<JsArray, _>>()
            .map_err(|e| message_of(&e))?;
        let returned = self.wrapper.call1(&JsValue::NULL, &js_args).map_err(|e| {
            let message = message_of(&e);
            stash_js_error(e);
            message
        })?;
        if !JsArray::is_array(&returned) {
            return Err("internal: the callback wrapper must return an array of leaves".into());
        }
        JsArray::from(&returned)
            .iter()
            .map(|l| parse_leaf(&l))
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
