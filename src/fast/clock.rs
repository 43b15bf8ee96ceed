//! The timeline's clock, read only when a reading could tell something new. While an execution
//! evaluates its program and no JS code runs (no host callback, no timeline subscriber), the
//! previous reading stands for the next event as long as the engine did little work since:
//! reading `performance.now()` costs about as much as a small equation, and its resolution (5 µs
//! in a cross-origin isolated page, 100 µs otherwise) is coarser than the work skipped. In Node a
//! reused timestamp may be a microsecond early. Everything else reads the clock.

use std::cell::Cell;

thread_local! {
    /// A plain function, not a closure behind `Rc`: every event reads it.
    static CLOCK: Cell<fn() -> f64> = const { Cell::new(default_clock) };
    /// The last reading, while it may stand for later events.
    static LAST_READING: Cell<Option<f64>> = const { Cell::new(None) };
    /// Whether an execution is evaluating its program and no JS code inside it is running.
    static REUSE_ALLOWED: Cell<bool> = const { Cell::new(false) };
    /// Elements the engine read and wrote since the last reading.
    static WORK: Cell<u64> = const { Cell::new(0) };
}

/// Engine work, in elements read and written, after which the clock is read again even where a
/// reading could be reused: a few microseconds at most.
const REUSE_WORK_LIMIT: u64 = 4096;

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> f64 {
    thread_local!(static START: std::time::Instant = std::time::Instant::now());
    START.with(|start| start.elapsed().as_secs_f64() * 1000.0)
}

/// `std::time` panics on wasm32-unknown-unknown; the facade installs `performance.now()`.
#[cfg(target_arch = "wasm32")]
fn default_clock() -> f64 {
    0.0
}

/// Installs the clock events are stamped with (milliseconds).
pub fn set_clock(clock: fn() -> f64) {
    CLOCK.with(|c| c.set(clock));
}

/// A fresh reading.
pub fn read() -> f64 {
    let ts = CLOCK.with(Cell::get)();
    LAST_READING.with(|r| r.set(Some(ts)));
    WORK.with(|w| w.set(0));
    ts
}

/// A reading for an event of a running execution: the last one when it may stand for this one.
pub fn read_within_execution() -> f64 {
    let reusable = LAST_READING
        .with(Cell::get)
        .filter(|_| REUSE_ALLOWED.with(Cell::get) && WORK.with(Cell::get) < REUSE_WORK_LIMIT);
    reusable.unwrap_or_else(read)
}

/// Counts engine work (elements read and written by an operation) since the last reading.
pub fn note_work(elements: usize) {
    WORK.with(|w| w.set(w.get().saturating_add(elements as u64)));
}

/// Back to the state outside any execution, for when a JS exception unwound the frames whose
/// `Reuse` guards would have restored it (no destructor runs then).
pub fn reset() {
    REUSE_ALLOWED.with(|r| r.set(false));
    LAST_READING.with(|r| r.set(None));
}

/// While alive, readings may (`executing`) or may not (`js_runs`) be reused; dropping it puts
/// the previous rule back. Either way the next event reads the clock.
#[must_use]
pub struct Reuse {
    outer: bool,
}

fn set_reuse(allowed: bool) -> Reuse {
    LAST_READING.with(|r| r.set(None));
    Reuse {
        outer: REUSE_ALLOWED.with(|r| r.replace(allowed)),
    }
}

/// An execution evaluates its program: readings may be reused.
pub fn executing() -> Reuse {
    set_reuse(true)
}

/// JS code runs (a host callback, a subscriber), taking time of its own: events it causes, and
/// the next one after it, read the clock.
pub fn js_runs() -> Reuse {
    set_reuse(false)
}

impl Drop for Reuse {
    fn drop(&mut self) {
        LAST_READING.with(|r| r.set(None));
        REUSE_ALLOWED.with(|r| r.set(self.outer));
    }
}
