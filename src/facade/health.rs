//! Keeping the engine usable after faults. A JS exception (say a `RangeError` when the stack
//! is full) can unwind through Rust frames without running their destructors, leaving traces
//! pushed, cells borrowed or shadow-stack space taken. The glue (`www/lib/instance.js`) calls
//! `engineRecover` once it is back outside every engine call after such an exception: at that
//! point no engine frame is live, so the idle state is known and can be restored or, when it
//! cannot, the glue replaces the instance. A panic (an engine bug) throws a JS error carrying
//! its message, which the glue recognises by `PANIC_PREFIX` and answers the same way.

use super::{HANDLES, PENDING_JS_ERROR};
use crate::{memory, timeline, trace};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use wasm_bindgen::prelude::*;

/// Errors the engine has handed back to JS (`to_js_error`), read by the glue without a call. An
/// exception that crossed an engine call while this stayed the same was not returned by the
/// engine but thrown through its frames (the stack running out inside them), which may have
/// stopped it half-way through an update: the glue then replaces the instance.
static ERRORS_RETURNED: AtomicU32 = AtomicU32::new(0);

pub(super) fn note_returned_error() {
    ERRORS_RETURNED.fetch_add(1, Relaxed);
}

/// Where `ERRORS_RETURNED` is in memory (a `u32`).
#[wasm_bindgen(js_name = errorCountAddress)]
pub fn error_count_address() -> u32 {
    ERRORS_RETURNED.as_ptr() as usize as u32
}

/// The start of a panic's message; `PANIC_PREFIX` in `www/lib/instance.js` is the same text.
const PANIC_PREFIX: &str = "jaxplay internal error: ";

/// The address of a local on the shadow stack, called from JS with no engine frame live: lower
/// than at start-up when frames unwound by a JS exception kept their space (the stack grows
/// down), which the glue compares after a fault.
#[wasm_bindgen(js_name = engineStackMark)]
#[inline(never)]
pub fn engine_stack_mark() -> u32 {
    let local = 0u8;
    std::hint::black_box(&local) as *const u8 as usize as u32
}

/// Installs the panic hook. Called once by `engineInit`.
pub(super) fn install() {
    // Thrown as a JS error rather than reaching `unreachable`: the message says what broke.
    // Built by hand: formatting the whole `PanicHookInfo` would bring the standard library's
    // general formatting machinery into the module for a message only a bug ever shows.
    std::panic::set_hook(Box::new(|info| {
        let mut message = String::from(PANIC_PREFIX);
        message.push_str(info.payload_as_str().unwrap_or("a panic"));
        if let Some(at) = info.location() {
            message.push_str(" at ");
            message.push_str(at.file());
            message.push(':');
            message.push_str(&at.line().to_string());
        }
        wasm_bindgen::throw_str(&message)
    }));
}

/// Restores the idle state (no traces, no open executions, no pending JS error); false when
/// that is impossible (a cell still borrowed), and the glue must replace the instance.
#[wasm_bindgen(js_name = engineRecover)]
pub fn engine_recover() -> bool {
    let traces = trace::reset_traces();
    let executions = timeline::reset_open();
    let handles = HANDLES.with(|h| h.try_borrow_mut().is_ok());
    let pending = PENDING_JS_ERROR.with(|p| p.try_borrow_mut().map(|mut p| *p = None).is_ok());
    traces && executions && handles && pending
}

/// Bytes live arrays and engine state hold (the heap, counted by `memory::Counting`).
#[wasm_bindgen(js_name = liveBytes)]
pub fn live_bytes() -> f64 {
    memory::live_bytes() as f64
}

/// The address of the live-byte count, which the glue reads after making arrays (see
/// `hintMemory` in `www/lib/heap.js`).
#[wasm_bindgen(js_name = liveBytesAddress)]
pub fn live_bytes_address() -> u32 {
    memory::live_bytes_address() as u32
}

/// Tells the engine how many bytes of live arrays the glue holds in JS memory (arrays moved out
/// of wasm memory by `www/lib/residency.js`), which count toward the limit.
#[wasm_bindgen(js_name = setHostBytes)]
pub fn set_host_bytes(bytes: f64) {
    memory::set_host_bytes(bytes.clamp(0.0, usize::MAX as f64) as usize);
}

#[wasm_bindgen(js_name = memoryLimit)]
pub fn memory_limit() -> f64 {
    memory::limit() as f64
}

/// Sets the limit past which operations fail with an out-of-memory error (at least 16 MiB).
#[wasm_bindgen(js_name = setMemoryLimit)]
pub fn set_memory_limit(bytes: f64) {
    memory::set_limit(bytes.clamp(0.0, usize::MAX as f64) as usize);
}
