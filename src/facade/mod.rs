//! The JS boundary, and the only module that uses wasm-bindgen. Engine values live in a handle
//! table; JS holds `u32` handles wrapped in objects that a `FinalizationRegistry` (in
//! `www/jaxplay.js`) releases, so users never free anything by hand. Every exported function
//! borrows engine state only briefly and never across a call into JS.

mod api;
mod callbacks;
mod health;
mod jit;
mod keys;
mod numpy;
mod slicing;
mod transforms;

use crate::array::{Array, ShapedArray};
use crate::boundary::JsError;
use crate::dtype::DType;
use crate::error::Error;
use crate::jnp;
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::timeline;
use crate::trace::Value;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use callbacks::{data_address, debug_callback, io_callback, pure_callback};
pub use jit::{eval_shape, make_jaxpr, JitFunction, Lowered};
pub use transforms::LinearMap;

/// Results of exported functions: errors become JS `Error`s (see `to_js_error`).
pub type JsResult<T> = Result<T, JsValue>;

struct Handles {
    slots: Vec<Option<Value>>,
    free: Vec<u32>,
    live: u32,
}

thread_local! {
    static HANDLES: RefCell<Handles> = const {
        RefCell::new(Handles {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
        })
    };
    /// The JS exception behind the last `CallbackRaised`/`TracedFunctionRaised`, rethrown or
    /// attached as `cause` so learners see their own error.
    static PENDING_JS_ERROR: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

pub(crate) fn store(value: Value) -> u32 {
    HANDLES.with(|h| {
        let mut h = h.borrow_mut();
        h.live += 1;
        match h.free.pop() {
            Some(i) => {
                h.slots[i as usize] = Some(value);
                i
            }
            None => {
                h.slots.push(Some(value));
                (h.slots.len() - 1) as u32
            }
        }
    })
}

/// Stores each value and returns the handles as JS receives a list of them.
pub(crate) fn handles(values: Vec<Value>) -> js_sys::Uint32Array {
    let hs: Vec<u32> = values.into_iter().map(store).collect();
    js_sys::Uint32Array::from(hs.as_slice())
}

pub(crate) fn load(handle: u32) -> Result<Value, Error> {
    HANDLES.with(|h| {
        h.borrow()
            .slots
            .get(handle as usize)
            .and_then(|s| s.clone())
            .ok_or_else(|| Error::usage(format!("array handle {handle} was already released")))
    })
}

pub(crate) fn load_all(handles: &[u32]) -> Result<Vec<Value>, Error> {
    handles.iter().map(|&h| load(h)).collect()
}

/// The text of a thrown JS value: an Error's message, a thrown string, or its JSON text.
pub(crate) fn message_of(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|err| String::from(err.message()))
        .or_else(|| e.as_string())
        .or_else(|| js_sys::JSON::stringify(e).ok().and_then(|s| s.as_string()))
        .unwrap_or_else(|| "a thrown value that is not an Error".into())
}

pub(crate) fn stash_js_error(e: JsValue) {
    PENDING_JS_ERROR.with(|p| *p.borrow_mut() = Some(e));
}

/// Turns an engine error into a JS `Error` whose `name` is the variant's family, whose `pyType`
/// is the Python class JAX raises for it, and whose `cause` is the user's original exception,
/// when one is behind it. A debug callback called directly (not from a compiled program)
/// rethrows the host's own exception, as JAX's does.
pub(crate) fn to_js_error(e: Error) -> JsValue {
    health::note_returned_error();
    let original = PENDING_JS_ERROR.with(|p| p.borrow_mut().take());
    if let (Error::TracedFunctionRaised { .. }, Some(orig)) = (&e, &original) {
        return orig.clone();
    }
    if let (
        Error::CallbackRaised {
            kind: "debug_callback",
            compiled: false,
            ..
        },
        Some(orig),
    ) = (&e, &original)
    {
        return orig.clone();
    }
    // The glue's "nested too deep" error goes out unchanged, not wrapped once per level.
    if let Some(orig) = original.as_ref().filter(|o| is_recursion_error(o)) {
        return orig.clone();
    }
    let err = js_sys::Error::new(&e.to_string());
    let kind = match e {
        Error::CallbackRaised { .. }
        | Error::CallbackOutputCount { .. }
        | Error::CallbackOutputShape { .. }
        | Error::CallbackOutputDtype { .. }
        | Error::CallbackOutputSize { .. } => JsError::Callback,
        Error::Concretization { .. } => JsError::Concretization,
        Error::EscapedTracer { .. } => JsError::EscapedTracer,
        Error::Signature { .. }
        | Error::UfuncNoLoop { .. }
        | Error::UfuncNoSignature { .. }
        | Error::NumpyBooleanOp { .. } => JsError::Type,
        Error::AxisOutOfBounds { .. } | Error::PythonIntOutOfBounds { .. } => JsError::Range,
        _ => JsError::Engine,
    };
    err.set_name(kind.name());
    // Best effort, as `cause` below: the name and message already say what happened.
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&err, &key.into(), &value);
    };
    if let Some(class) = e.python_exception() {
        set("pyType", class.into());
    }
    if let Some(text) = e.host_check_text() {
        set("hostCheck", text.into());
    }
    if let Some(hint) = hint_for(&e) {
        set("hint", hint.into());
    }
    if let (Error::CallbackRaised { .. }, Some(orig)) = (&e, original) {
        set("cause", orig);
    }
    err.into()
}

fn is_recursion_error(e: &JsValue) -> bool {
    e.dyn_ref::<js_sys::Error>()
        .is_some_and(|e| e.name() == "RecursionError")
}

/// What a learner can do about errors that have well-known fixes (shown by the playground).
fn hint_for(e: &Error) -> Option<&'static str> {
    match e {
        Error::PureCallbackJvp | Error::PureCallbackTranspose => Some(
            "A callback is opaque to autodiff. Three fixes: (1) wrap the callback's input in \
             jax.lax.stopGradient so no tangent reaches it; (2) give the function a rule with \
             jax.customJvp(...).defjvp or jax.customVjp(...).defvjp; (3) write the host \
             computation with jnp operations so JAX can differentiate it.",
        ),
        Error::IoCallbackJvp | Error::IoCallbackTranspose => Some(
            "IO callbacks cannot be differentiated: return metrics from the differentiated \
             function and record them outside it, or stop the gradient before the callback.",
        ),
        Error::VmapMethodNone => Some(
            "Tell vmap how to batch the callback: pass { vmapMethod: 'sequential' } (one host \
             call per element) or 'expand_dims' (one call with the whole batch).",
        ),
        _ => None,
    }
}

fn wrap<T>(r: Result<T, Error>) -> JsResult<T> {
    r.map_err(to_js_error)
}

fn one(r: Result<Value, Error>) -> JsResult<u32> {
    wrap(r).map(store)
}

thread_local! {
    /// The global `performance`, looked up once; the timeline reads its clock for every event.
    static PERFORMANCE: Option<web_sys::Performance> =
        js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .ok()
            .and_then(|p| p.dyn_into().ok());
}

fn performance_now() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, web_sys::Performance::now))
}

/// Installs `performance.now()` as the timeline clock, where the global exists (browsers,
/// workers and Node all have it). Called once by `init()`.
#[wasm_bindgen(js_name = engineInit)]
pub fn engine_init() {
    health::install();
    if PERFORMANCE.with(Option::is_some) {
        timeline::set_clock(performance_now);
    }
}

#[wasm_bindgen]
pub fn release(handle: u32) {
    HANDLES.with(|h| {
        let mut h = h.borrow_mut();
        if let Some(slot) = h.slots.get_mut(handle as usize) {
            if slot.take().is_some() {
                h.free.push(handle);
                h.live -= 1;
            }
        }
    });
}

/// Bytes of elements the array behind `handle` holds, when the glue may move it out of wasm
/// memory and re-create it later from its data, shape and dtype (`www/lib/residency.js`); 0 for
/// a tracer or a weakly typed array (re-created arrays are strongly typed). With `alone`, also 0
/// while its elements are shared with another array (moving it would free nothing then; a host
/// NumPy result a callback handed over is shared until the glue lets its own handle go).
#[wasm_bindgen(js_name = movableBytes)]
pub fn movable_bytes(handle: u32, alone: bool) -> f64 {
    HANDLES.with(|h| match h.borrow().slots.get(handle as usize) {
        Some(Some(Value::Array(a))) if !a.weak_type() && (!alone || !a.shares_buffer()) => {
            // Keys stay: JS cannot read their elements to move them.
            let width = match a.dtype() {
                DType::Bool | DType::Uint8 => 1,
                DType::KeyFry => 0,
                DType::Float32 | DType::Int32 | DType::Uint32 => 4,
            };
            (a.size() * width) as f64
        }
        _ => 0.0,
    })
}

/// Number of engine values JS still holds: the memory test watches this stay flat.
#[wasm_bindgen(js_name = liveHandles)]
pub fn live_handles() -> u32 {
    HANDLES.with(|h| h.borrow().live)
}

fn dims(shape: &[u32]) -> Vec<usize> {
    shape.iter().map(|&d| d as usize).collect()
}

#[wasm_bindgen(js_name = arrayF32)]
pub fn array_f32(data: Vec<f32>, shape: Vec<u32>) -> JsResult<u32> {
    one(Array::from_f32(&dims(&shape), data).map(Value::Array))
}

#[wasm_bindgen(js_name = arrayI32)]
pub fn array_i32(data: Vec<i32>, shape: Vec<u32>) -> JsResult<u32> {
    one(Array::from_i32(&dims(&shape), data).map(Value::Array))
}

#[wasm_bindgen(js_name = arrayBool)]
pub fn array_bool(data: Vec<u8>, shape: Vec<u32>) -> JsResult<u32> {
    one(
        Array::from_bool(&dims(&shape), data.into_iter().map(|b| b != 0).collect())
            .map(Value::Array),
    )
}

/// An array of engine dtype `code` (`ENGINE_DTYPES`) from elements in the typed array the glue
/// reads that dtype through (`ENGINE_STORAGE`): how a moved array comes back to the engine,
/// whatever its dtype, and how host data becomes a uint32 or uint8 array.
#[wasm_bindgen(js_name = arrayOf)]
pub fn array_of(code: u32, data: JsValue, shape: Vec<u32>) -> JsResult<u32> {
    use js_sys::{Float32Array, Int32Array, Uint32Array, Uint8Array};
    let shape = dims(&shape);
    let dtype = crate::boundary::ENGINE_DTYPES.get(code as usize).copied();
    let array = match dtype {
        Some(DType::Float32) => data
            .dyn_ref::<Float32Array>()
            .map(|d| Array::from_f32(&shape, d.to_vec())),
        Some(DType::Int32) => data
            .dyn_ref::<Int32Array>()
            .map(|d| Array::from_i32(&shape, d.to_vec())),
        Some(DType::Bool) => data
            .dyn_ref::<Uint8Array>()
            .map(|d| Array::from_bool(&shape, d.to_vec().into_iter().map(|b| b != 0).collect())),
        Some(DType::Uint32) => data
            .dyn_ref::<Uint32Array>()
            .map(|d| Array::from_u32(&shape, d.to_vec())),
        Some(DType::Uint8) => data
            .dyn_ref::<Uint8Array>()
            .map(|d| Array::from_u8(&shape, d.to_vec())),
        Some(DType::KeyFry) | None => None,
    };
    let array = array.ok_or_else(|| {
        to_js_error(Error::internal(format!(
            "arrayOf: no engine dtype {code} held in the typed array given"
        )))
    })?;
    one(array.map(Value::Array))
}

/// A bare number in an operation (weak int if integral, else weak float).
#[wasm_bindgen]
pub fn number(v: f64) -> u32 {
    store(jnp::number(v))
}

/// A bare number passed as a function argument (weak float32).
#[wasm_bindgen(js_name = numberArg)]
pub fn number_arg(v: f64) -> u32 {
    store(jnp::number_arg(v))
}

#[wasm_bindgen]
pub fn shape(handle: u32) -> JsResult<Vec<u32>> {
    wrap(load(handle)).map(|v| v.aval().shape.iter().map(|&d| d as u32).collect())
}

/// The array's dtype as its code in `boundary::DTYPES`.
#[wasm_bindgen(js_name = dtypeCode)]
pub fn dtype_code_of(handle: u32) -> JsResult<u32> {
    wrap(load(handle)).map(|v| crate::boundary::dtype_code(v.aval().dtype))
}

#[wasm_bindgen(js_name = weakType)]
pub fn weak_type(handle: u32) -> JsResult<bool> {
    wrap(load(handle)).map(|v| v.aval().weak_type)
}

#[wasm_bindgen(js_name = isTracer)]
pub fn is_tracer(handle: u32) -> JsResult<bool> {
    wrap(load(handle)).map(|v| matches!(v, Value::Tracer(_)))
}

/// Short type text, e.g. `f32[3]`.
#[wasm_bindgen(js_name = avalText)]
pub fn aval_text(handle: u32) -> JsResult<String> {
    wrap(load(handle)).map(|v| v.aval().short())
}

/// The array behind `handle` for reading its data. `what` says which JS method asks
/// (`READ_DATA_USES`), for the error when it is a tracer: a number, as a string would be encoded
/// on every call.
fn concrete_for_reading(handle: u32, what: u8) -> JsResult<Array> {
    const READ_DATA_USES: [&str; 3] = [".toTypedArray()", ".tolist()", "conversion to a JS number"];
    let value = wrap(load(handle))?;
    let what = READ_DATA_USES
        .get(usize::from(what))
        .copied()
        .unwrap_or("reading the data");
    let array = wrap(value.concrete(what).cloned())?;
    if array.dtype().is_key() {
        return Err(to_js_error(Error::usage(
            "JAX array with PRNGKey dtype cannot be converted to a NumPy array. Use \
             jax.random.key_data(arr) if you wish to extract the underlying integer array.",
        )));
    }
    Ok(array)
}

/// Where an array's elements are, for the glue to copy them out itself into one typed array
/// (wasm-bindgen's copy made a temporary view as well): returns their byte address and writes
/// `[dtype code, length]` into the exchange buffer.
#[wasm_bindgen(js_name = readLocation)]
pub fn read_location(handle: u32, what: u8) -> JsResult<u32> {
    let array = concrete_for_reading(handle, what)?;
    let (code, address) = location(&array);
    EXCHANGE.with(|x| {
        x[0].set(code);
        x[1].set(array.size() as u32);
    });
    Ok(address)
}

/// The number the glue knows an engine dtype by: 0 float32, 1 int32, 2 bool (a byte per
/// element), 3 uint32, 4 uint8; `ENGINE_DTYPES` and `ENGINE_STORAGE` in `www/lib/boundary.js`, generated from
/// `crate::boundary`, list the same.
pub(crate) fn dtype_code(a: &Array) -> u32 {
    crate::boundary::engine_dtype_code(a.dtype())
}

/// `(dtype code, byte address)` of an array's elements, one row-major run in wasm memory.
pub(crate) fn location(a: &Array) -> (u32, u32) {
    use crate::array::Buffer;
    let address = match a.buffer() {
        Buffer::F32(x) => x.data().as_ptr() as usize,
        Buffer::I32(x) => x.data().as_ptr() as usize,
        Buffer::Bool(x) => x.data().as_ptr() as usize,
        Buffer::U32(x) => x.data().as_ptr() as usize,
        Buffer::U8(x) => x.data().as_ptr() as usize,
        Buffer::Key(x) => x.data().as_ptr() as usize,
    };
    (dtype_code(a), address as u32)
}

/// Words in `EXCHANGE`.
pub(crate) const EXCHANGE_WORDS: usize = 128;

thread_local! {
    /// A small buffer in wasm memory through which the glue and the engine pass numbers without
    /// making JS objects: callback result types (written by the JS wrapper, see `callbacks.rs`)
    /// and `readLocation`'s answer. Each use reads it right after the call that wrote it.
    /// `Cell`s, as JS writes into it through a view of wasm memory.
    pub(crate) static EXCHANGE: [Cell<u32>; EXCHANGE_WORDS] =
        const { [const { Cell::new(0) }; EXCHANGE_WORDS] };
}

/// `[address, words]` of the exchange buffer.
#[wasm_bindgen(js_name = exchangeBuffer)]
pub fn exchange_buffer() -> Vec<u32> {
    let address = EXCHANGE.with(|x| x.as_ptr() as usize as u32);
    vec![address, EXCHANGE_WORDS as u32]
}

/// Types arrive from JS as `[{shape, dtype, weakType?}, ...]`; `what` names them in errors.
pub(crate) fn parse_avals(specs: &JsValue, what: &str) -> Result<Vec<ShapedArray>, Error> {
    let bad = |m: &str| Error::usage(format!("{what}: {m}"));
    if !js_sys::Array::is_array(specs) {
        return Err(bad("expected an array of {shape, dtype}"));
    }
    js_sys::Array::from(specs)
        .iter()
        .map(|spec| {
            let dtype = keys::get(&spec, |k| &k.dtype)
                .as_string()
                .ok_or_else(|| bad("dtype must be a string"))?;
            let shape = js_sys::Array::from(&keys::get(&spec, |k| &k.shape))
                .iter()
                .map(|d| match d.as_f64() {
                    Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(n as usize),
                    _ => Err(bad("shape entries must be non-negative integers")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(ShapedArray {
                shape,
                dtype: DType::parse(&dtype)?,
                weak_type: keys::get(&spec, |k| &k.weak_type)
                    .as_bool()
                    .unwrap_or(false),
            })
        })
        .collect()
}

#[wasm_bindgen]
pub fn binary(op: &str, a: u32, b: u32) -> JsResult<u32> {
    let op = BinaryOp::parse(op).map_err(to_js_error)?;
    let (a, b) = (wrap(load(a))?, wrap(load(b))?);
    one(jnp::binary(op, &a, &b))
}

#[wasm_bindgen]
pub fn compare(op: &str, a: u32, b: u32) -> JsResult<u32> {
    let op = CompareOp::parse(op).map_err(to_js_error)?;
    let (a, b) = (wrap(load(a))?, wrap(load(b))?);
    one(jnp::compare(op, &a, &b))
}

#[wasm_bindgen]
pub fn transpose(x: u32, permutation: Vec<u32>) -> JsResult<u32> {
    let perm = permutation.into_iter().map(|p| p as usize).collect();
    one(crate::lax::transpose(&wrap(load(x))?, perm))
}

#[wasm_bindgen]
pub fn unary(op: &str, x: u32) -> JsResult<u32> {
    let op = UnaryOp::parse(op).map_err(to_js_error)?;
    one(jnp::unary(op, &wrap(load(x))?))
}

#[wasm_bindgen]
pub fn sum(x: u32, axes: Option<Vec<i32>>) -> JsResult<u32> {
    let axes = axes.map(|a| a.into_iter().map(i64::from).collect());
    one(jnp::sum(&wrap(load(x))?, axes))
}

#[wasm_bindgen]
pub fn reshape(x: u32, shape: Vec<i32>) -> JsResult<u32> {
    let shape: Vec<i64> = shape.into_iter().map(i64::from).collect();
    one(jnp::reshape(&wrap(load(x))?, &shape))
}

#[wasm_bindgen(js_name = broadcastTo)]
pub fn broadcast_to(x: u32, shape: Vec<u32>) -> JsResult<u32> {
    one(jnp::broadcast_to(&wrap(load(x))?, &dims(&shape)))
}

#[wasm_bindgen]
pub fn astype(x: u32, dtype: &str) -> JsResult<u32> {
    let dtype = wrap(DType::parse(dtype))?;
    one(jnp::astype(&wrap(load(x))?, dtype))
}

#[wasm_bindgen]
pub fn full(shape: Vec<u32>, value: f64, dtype: &str) -> JsResult<u32> {
    let dtype = wrap(DType::parse(dtype))?;
    one(jnp::full(&dims(&shape), value, dtype))
}

#[wasm_bindgen]
pub fn arange(n: u32, dtype: &str) -> JsResult<u32> {
    let dtype = wrap(DType::parse(dtype))?;
    one(jnp::arange(n as usize, dtype))
}

/// The user's code location (`file:line`) for the operations that follow; `undefined` clears it.
#[wasm_bindgen(js_name = setSource)]
pub fn set_source(source: Option<String>) {
    crate::trace::set_source(source.map(|s| std::rc::Rc::from(s.as_str())));
}

/// Ones of `x`'s type, weak type included (the seed of `grad`'s backward pass).
#[wasm_bindgen(js_name = onesLike)]
pub fn ones_like(x: u32) -> JsResult<u32> {
    one(crate::lax::ones(&wrap(load(x))?.aval()))
}

/// Compiles new programs under another legal schedule (`seed` undefined: program order).
#[wasm_bindgen(js_name = setSchedule)]
pub fn set_schedule(seed: Option<f64>, reorder: bool, duplicate_pure: bool, merge_pure: bool) {
    crate::schedule::set(seed.map(|s| crate::schedule::Schedule {
        seed: s as u64,
        reorder,
        duplicate_pure,
        merge_pure,
    }));
}

#[wasm_bindgen(js_name = effectsBarrier)]
pub fn effects_barrier() {
    crate::effects::effects_barrier();
}

/// A plain JS object from `(key, value)` pairs: the results that carry live JS values (handles,
/// output trees, linear maps) next to data are all built here.
fn js_object(fields: &[(&str, &JsValue)]) -> JsResult<JsValue> {
    let obj = js_sys::Object::new();
    for (key, value) in fields {
        js_sys::Reflect::set(&obj, &JsValue::from_str(key), value)?;
    }
    Ok(obj.into())
}

pub(crate) fn to_js<T: serde::Serialize>(value: &T) -> JsResult<JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| to_js_error(Error::internal(format!("could not convert to JS: {e}"))))
}

#[wasm_bindgen(js_name = timelineEvents)]
pub fn timeline_events() -> JsResult<JsValue> {
    to_js(&timeline::events())
}

#[wasm_bindgen(js_name = timelineClear)]
pub fn timeline_clear() {
    timeline::clear();
}

/// `jax.timeline.restart()`: the timeline and the ordered token as a fresh engine has them.
#[wasm_bindgen(js_name = timelineRestart)]
pub fn timeline_restart() -> JsResult<()> {
    crate::effects::restart().map_err(to_js_error)
}

#[wasm_bindgen(js_name = timelineDropped)]
pub fn timeline_dropped() -> f64 {
    timeline::dropped() as f64
}

#[wasm_bindgen(js_name = timelineSetRecording)]
pub fn timeline_set_recording(on: bool) {
    timeline::set_recording(on);
}

#[wasm_bindgen(js_name = timelineRecording)]
pub fn timeline_recording() -> bool {
    timeline::recording()
}

#[wasm_bindgen(js_name = timelineSetCapacity)]
pub fn timeline_set_capacity(capacity: u32) {
    timeline::set_capacity(capacity as usize);
}

/// Calls `listener(event)` for each new event, while programs run. A listener that throws is
/// skipped for that event; the run goes on.
#[wasm_bindgen(js_name = timelineSubscribe)]
pub fn timeline_subscribe(listener: js_sys::Function) -> f64 {
    let id = timeline::subscribe(move |event| {
        if let Ok(js) = to_js(event) {
            let _ = listener.call1(&JsValue::NULL, &js);
        }
    });
    id as f64
}

#[wasm_bindgen(js_name = timelineUnsubscribe)]
pub fn timeline_unsubscribe(id: f64) -> bool {
    timeline::unsubscribe(id as u64)
}
