//! JS host callbacks. The glue (`www/lib/callbacks.js`) hands us a wrapper around the learner's
//! function; here that wrapper becomes a `HostCallback` the core can call. A call crosses the
//! boundary as few times as possible: on a 3-element call, each crossing (and each property
//! name, dtype string or small JS object made per call) was a visible part of the cost.
//!
//! - Arguments: `wrapper(meta, datas)`. `datas` is the argument's data when there is one
//!   argument, else a JS array of them (see `host_argument`): the address of elements the
//!   wrapper copies or, for a float32 or int32 array of `VIEW_MIN_ELEMENTS` or more a handle,
//!   and the host gets a view of its memory (the handle keeps the array alive while a view of it
//!   is reachable; see `www/lib/callbacks.js`).
//!   `meta` is a Uint32Array of `[dtype code, rank, ...dims]` per argument (`dtype_code`),
//!   sent only when it differs from this call site's previous call (the wrapper keeps the last
//!   one), so a steady call sends `undefined`.
//! - Results: the wrapper returns the data (one typed array for one leaf, else a JS array of
//!   them) and writes each leaf's type into the exchange buffer (`EXCHANGE`, in wasm memory):
//!   `[leaf count, then per leaf: dtype code, storage code, rank, ...dims]`. A single float32
//!   or int32 leaf that fits is written after its dims instead, its storage code marked
//!   `INLINE`: copying a small result out of a returned typed array takes a call into JS and a
//!   view of wasm memory made for it. A single leaf that is an engine array (a host NumPy
//!   result the engine still holds, or an argument handed back) comes as its handle, its storage
//!   code marked `HANDLE`, and is taken without a copy. Dtype codes
//!   index `RESULT_DTYPES`; storage codes say which typed array holds the data. For a dtype
//!   without a code, or too many words, it writes `FLAT` and returns the general form instead: a
//!   JS array `[dtype name, shape, data, ...]`, each data a Float64Array.
//!
//! Every code named here is defined once in `crate::boundary`, which `www/lib/boundary.js` is
//! generated from.

use super::{
    dtype_code, load, load_all, location, message_of, parse_avals, stash_js_error, store,
    to_js_error, JsResult, EXCHANGE,
};
use crate::array::Array;
use crate::boundary::{
    view_argument, FLAT, HANDLE, INLINE, RESULT_DTYPES, STORAGE_F32, STORAGE_F64, STORAGE_I32,
    STORAGE_U32, STORAGE_U8,
};
use crate::dtype::DType;
use crate::error::Error;
use crate::host::{HostCallback, HostData, HostDtype, HostLeaf};
use crate::jnp;
use crate::trace::Value;
use js_sys::{
    Array as JsArray, Float32Array, Float64Array, Function, Int32Array, Uint32Array, Uint8Array,
};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// From this many elements (256 KB) a float32 or int32 argument is handed to the host as a view
/// of engine memory instead of a copy. Smaller copies cost about as much as a view's
/// bookkeeping (a handle and a finalizer), and a view keeps its array in wasm memory until the
/// JS garbage collector finds it unreachable, so views are kept for arrays where copying is the
/// larger cost. Bool arrays are always copied: a host writing into a view could store bytes
/// that are not valid Rust `bool`s.
pub(crate) const VIEW_MIN_ELEMENTS: usize = 65_536;

/// An argument as the wrapper receives it, a number (so no JS object is made here): a large
/// float32 or int32 array as `-(handle + 1)`, for a view; any other as the positive byte address
/// of its elements, which the wrapper copies before anything else runs.
fn host_argument(a: &Array) -> JsValue {
    if viewable(a) {
        JsValue::from(view_argument(store(Value::Array(a.clone()))))
    } else {
        JsValue::from(location(a).1)
    }
}

/// Whether the host gets a view of `a` rather than a copy (see `VIEW_MIN_ELEMENTS`).
fn viewable(a: &Array) -> bool {
    a.dtype() != DType::Bool && a.size() >= VIEW_MIN_ELEMENTS
}

/// Byte address of an array's elements in wasm memory, for a view of an argument that
/// `host_argument` sent as a handle. The elements stay put while the handle lives.
#[wasm_bindgen(js_name = dataAddress)]
pub fn data_address(handle: u32) -> JsResult<u32> {
    let value = load(handle).map_err(to_js_error)?;
    value
        .as_array()
        .filter(|a| viewable(a))
        .map(|a| location(a).1)
        .ok_or_else(|| to_js_error(Error::internal("this array cannot be viewed")))
}

struct JsHost {
    name: String,
    wrapper: Function,
    identity: Option<u64>,
    /// The argument `meta` last sent to the wrapper (which keeps its own copy); `None` before the
    /// first call and after a failed one.
    sent_meta: RefCell<Option<Vec<u32>>>,
}

fn dtype_of_code(code: u32) -> Result<HostDtype, String> {
    match RESULT_DTYPES.get(code as usize) {
        Some(&"number") => Ok(HostDtype::Number),
        Some(name) => Ok(HostDtype::Named(name.to_string())),
        None => Err("a result leaf has an unknown dtype code".into()),
    }
}

fn parse_dtype(dtype: JsValue) -> Result<HostDtype, String> {
    match dtype.as_string() {
        Some(name) if name == "number" => Ok(HostDtype::Number),
        Some(name) => Ok(HostDtype::Named(name)),
        None => Err("a result leaf has no dtype".into()),
    }
}

/// One copy out of the host's typed array, in its own element type when the engine has it.
/// `storage` is the wrapper's word for which typed array `data` is: it sends only plain typed
/// arrays of exactly that class (no subclass, no own `length`; `storable` in
/// `www/lib/callbacks.js`) and converts anything else to a Float64Array, so the cast holds.
fn typed_data(storage: u32, data: &JsValue) -> Result<HostData, String> {
    Ok(match storage {
        STORAGE_F32 => HostData::F32(data.unchecked_ref::<Float32Array>().to_vec()),
        STORAGE_I32 => HostData::I32(data.unchecked_ref::<Int32Array>().to_vec()),
        STORAGE_U8 => HostData::U8(data.unchecked_ref::<Uint8Array>().to_vec()),
        STORAGE_U32 => HostData::U32(data.unchecked_ref::<Uint32Array>().to_vec()),
        STORAGE_F64 => HostData::F64(data.unchecked_ref::<Float64Array>().to_vec()),
        _ => return Err("a result leaf has an unknown storage code".into()),
    })
}

/// A leaf's elements as the wrapper wrote them into the exchange buffer (`INLINE`): `shape`'s
/// element count of words from `at`.
fn inline_data(
    storage: u32,
    meta: &[Cell<u32>],
    at: usize,
    shape: &[usize],
) -> Result<HostData, String> {
    let words = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .and_then(|n| meta.get(at..at.checked_add(n)?))
        .ok_or("internal: result types overflow their buffer")?;
    Ok(match storage {
        STORAGE_F32 => HostData::F32(words.iter().map(|w| f32::from_bits(w.get())).collect()),
        STORAGE_I32 => HostData::I32(words.iter().map(|w| w.get() as i32).collect()),
        _ => return Err("a result leaf has an unknown storage code".into()),
    })
}

/// The engine array whose handle the wrapper returned (`HANDLE`).
fn engine_data(returned: &JsValue) -> Result<HostData, String> {
    returned
        .as_f64()
        .and_then(|h| load(h as u32).ok())
        .and_then(|v| v.as_array().cloned())
        .map(HostData::Engine)
        .ok_or_else(|| "internal: a returned engine array's handle is not an array".into())
}

/// Reads the leaves described in the exchange buffer; `returned` holds their data.
fn read_coded_leaves(
    meta: &[Cell<u32>],
    count: usize,
    returned: &JsValue,
) -> Result<Vec<HostLeaf>, String> {
    let word = |i: usize| {
        meta.get(i)
            .map(Cell::get)
            .ok_or("internal: result types overflow their buffer")
    };
    let mut at = 1;
    // A count is at most what the buffer can describe (leaves take three words or more).
    let mut leaves = Vec::with_capacity(count.min(meta.len() / 3));
    for index in 0..count {
        let (dtype, storage, rank) = (word(at)?, word(at + 1)?, word(at + 2)? as usize);
        let shape = (at + 3..at + 3 + rank)
            .map(|i| word(i).map(|d| d as usize))
            .collect::<Result<Vec<_>, _>>()?;
        at += 3 + rank;
        let data = if count == 1 && storage & INLINE != 0 {
            inline_data(storage & !INLINE, meta, at, &shape)?
        } else if count == 1 && storage & HANDLE != 0 {
            engine_data(returned)?
        } else if count == 1 {
            typed_data(storage, returned)?
        } else {
            typed_data(
                storage,
                &returned.unchecked_ref::<JsArray>().get(index as u32),
            )?
        };
        leaves.push(HostLeaf {
            dtype: dtype_of_code(dtype)?,
            shape,
            data,
        });
    }
    Ok(leaves)
}

/// The general form, for dtypes without a code: `[dtype name, shape, data, ...]`, every data a
/// Float64Array the wrapper made (a constructor called here could throw through Rust frames).
fn read_flat_leaves(returned: &JsValue) -> Result<Vec<HostLeaf>, String> {
    let flat = returned
        .dyn_ref::<JsArray>()
        .filter(|a| a.length() % 3 == 0)
        .ok_or("internal: the callback wrapper must return a flat array of leaves")?;
    (0..flat.length())
        .step_by(3)
        .map(|i| {
            let shape = JsArray::from(&flat.get(i + 1))
                .iter()
                .map(|d| d.as_f64().map(|d| d as usize))
                .collect::<Option<Vec<_>>>()
                .ok_or("a shape entry is not a number")?;
            let data = flat
                .get(i + 2)
                .dyn_into::<Float64Array>()
                .map_err(|_| "internal: a flat result leaf's data is not a Float64Array")?;
            Ok(HostLeaf {
                dtype: parse_dtype(flat.get(i))?,
                shape,
                data: HostData::F64(data.to_vec()),
            })
        })
        .collect()
}

impl JsHost {
    /// The arguments' `meta` if it differs from what the wrapper already has, else `undefined`.
    fn meta_to_send(&self, args: &[Array]) -> JsValue {
        // Borrowed already only if a JS exception (the stack running out) unwound an earlier
        // call here: then `meta` goes with every call, which the wrapper always accepts.
        let sent = self.sent_meta.try_borrow_mut().ok();
        if let Some(sent) = sent.as_ref().and_then(|s| s.as_ref()) {
            let mut words = sent.iter().copied();
            let unchanged = args.iter().all(|a| {
                words.next() == Some(dtype_code(a))
                    && words.next() == Some(a.shape().len() as u32)
                    && a.shape().iter().all(|&d| words.next() == Some(d as u32))
            }) && words.next().is_none();
            if unchanged {
                return JsValue::UNDEFINED;
            }
        }
        let mut words = Vec::new();
        for a in args {
            words.extend([dtype_code(a), a.shape().len() as u32]);
            words.extend(a.shape().iter().map(|&d| d as u32));
        }
        // Kept before the JS call that makes the typed array, so no borrow is held across it.
        if let Some(mut sent) = sent {
            *sent = Some(words.clone());
        }
        Uint32Array::from(words.as_slice()).into()
    }
}

impl HostCallback for JsHost {
    fn name(&self) -> &str {
        &self.name
    }

    fn identity(&self) -> Option<u64> {
        self.identity
    }

    fn call(&self, args: &[Array]) -> Result<Vec<HostLeaf>, String> {
        let meta = self.meta_to_send(args);
        let datas = match args {
            [one] => host_argument(one),
            _ => args.iter().map(host_argument).collect::<JsArray>().into(),
        };
        let returned = self
            .wrapper
            .call2(&JsValue::NULL, &meta, &datas)
            .map_err(|e| {
                // The wrapper may have thrown before keeping this call's `meta`: send it again.
                if let Ok(mut sent) = self.sent_meta.try_borrow_mut() {
                    *sent = None;
                }
                let message = message_of(&e);
                stash_js_error(e);
                message
            })?;
        EXCHANGE.with(|meta| match meta[0].get() {
            FLAT => read_flat_leaves(&returned),
            count => read_coded_leaves(meta, count as usize, &returned),
        })
    }
}

fn host(wrapper: Function, name: String, identity: Option<f64>) -> Rc<dyn HostCallback> {
    Rc::new(JsHost {
        name,
        wrapper,
        identity: identity.map(|i| i as u64),
        sent_meta: RefCell::new(None),
    })
}

fn run(r: Result<Vec<Value>, Error>) -> JsResult<Vec<u32>> {
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
