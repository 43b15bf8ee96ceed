//! The effect timeline: every trace, compile (with its DCE decisions), execution, host-callback
//! call and ordered-token hand-off is recorded as an `Event`, kept in a bounded log and pushed to
//! subscribers as it happens. Subscribers are called with no engine state borrowed, so they may
//! call back into the engine.

use crate::fast::clock;
pub use crate::fast::clock::set_clock;
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How many events the log keeps; older ones are dropped (and counted) so memory stays bounded.
pub const DEFAULT_CAPACITY: usize = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    Trace,
    Compile,
    Dce,
    Execute,
    Callback,
    Token,
    Barrier,
}

impl EventKind {
    pub const ALL: [EventKind; 7] = [
        EventKind::Trace,
        EventKind::Compile,
        EventKind::Dce,
        EventKind::Execute,
        EventKind::Callback,
        EventKind::Token,
        EventKind::Barrier,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Begin,
    End,
    Instant,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Begin, Phase::End, Phase::Instant];
}

/// How a span ended (`Ok`, `Error`), what became of a callback (`Removed` by DCE, `Skipped`
/// when all its results are empty), or whether an execution found its program cached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Error,
    Removed,
    Skipped,
    Hit,
    Miss,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Ok,
        Status::Error,
        Status::Removed,
        Status::Skipped,
        Status::Hit,
        Status::Miss,
    ];
}

/// Which of JAX's callback APIs a callback event comes from; `ordered` is a field of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallbackClass {
    Pure,
    Io,
    Debug,
}

impl CallbackClass {
    pub const ALL: [CallbackClass; 3] =
        [CallbackClass::Pure, CallbackClass::Io, CallbackClass::Debug];
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub seq: u64,
    /// Milliseconds on the engine clock (`performance.now()` in the browser).
    pub ts: f64,
    pub kind: EventKind,
    pub phase: Phase,
    /// Function name for trace/compile/execute, callback name for callback/token/dce. Shared
    /// with the executable or call site that emits it, so an event allocates nothing per call.
    pub name: Rc<str>,
    /// Shared by the begin and end events of one span.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The execution span a callback ran inside, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<u64>,
    /// For callback-related events.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub callback_kind: Option<CallbackClass>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ordered: Option<bool>,
    /// Argument types, e.g. `["f32[3]"]`; `None` rather than empty (see `shapes`). Shared with
    /// the executable or call site, like `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shapes: Option<Rc<[String]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    /// Human-readable explanation (DCE reason, error message, token hand-off).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Detail>,
    /// The user's code location (`file:line`) of the callback, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Rc<str>>,
}

impl Event {
    #[inline]
    pub fn new(kind: EventKind, phase: Phase, name: impl Into<Rc<str>>) -> Self {
        Event {
            seq: 0,
            ts: 0.0,
            kind,
            phase,
            name: name.into(),
            id: None,
            parent: None,
            callback_kind: None,
            ordered: None,
            shapes: None,
            status: None,
            detail: None,
            source: None,
        }
    }
}

/// An event's explanation, kept as data and worded when the event is read (`Display`, and as
/// text at the JS boundary). Most events are never read, and wording each one as it happened
/// took a measured share of every ordered callback's call (bench/NOTES.md).
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// Worded when the event happened (an error's message) or fixed.
    Text(String),
    Fixed(&'static str),
    /// The end of a trace.
    Recorded {
        equations: usize,
    },
    /// The end of a compile; `notes` say what a schedule changed.
    Compiled {
        kept: usize,
        removed: usize,
        notes: Vec<String>,
    },
    /// An ordered callback took the token: its `handoff`th hand-off, from the last holder.
    Token {
        handoff: u64,
        from: Option<(Rc<str>, u64)>,
        to: Rc<str>,
        call: u64,
    },
}

impl std::fmt::Display for Detail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Detail::Text(text) => f.write_str(text),
            Detail::Fixed(text) => f.write_str(text),
            Detail::Recorded { equations } => write!(f, "{equations} equation(s) recorded"),
            Detail::Compiled {
                kept,
                removed,
                notes,
            } => {
                write!(
                    f,
                    "{kept} equation(s) kept, {removed} removed by dead-code elimination"
                )?;
                notes.iter().try_for_each(|note| write!(f, "; {note}"))
            }
            Detail::Token {
                handoff,
                from: Some((holder, holder_call)),
                to,
                call,
            } => write!(
                f,
                "token #{handoff}: from `{holder}` (call {holder_call}) to `{to}` (call {call})"
            ),
            Detail::Token {
                handoff,
                from: None,
                to,
                call,
            } => write!(
                f,
                "token #{handoff}: first ordered effect, to `{to}` (call {call})"
            ),
        }
    }
}

impl Serialize for Detail {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An event's argument types: `None` when there are none, as an event without them has.
pub fn shapes(types: Vec<String>) -> Option<Rc<[String]>> {
    (!types.is_empty()).then(|| types.into())
}

type Sink = Rc<dyn Fn(&Event)>;

struct State {
    events: Log,
    next_seq: u64,
    next_span: u64,
    sinks: Vec<(u64, Sink)>,
    next_sink: u64,
    open_executions: Vec<u64>,
}

thread_local! {
    static STATE: RefCell<State> = const {
        RefCell::new(State {
            events: Log::new(DEFAULT_CAPACITY),
            next_seq: 0,
            next_span: 1,
            sinks: Vec::new(),
            next_sink: 0,
            open_executions: Vec::new(),
        })
    };
    static RECORDING: Cell<bool> = const { Cell::new(true) };
}

/// Records an event and delivers it to subscribers.
#[inline]
pub fn emit(mut event: Event) {
    if RECORDING.with(Cell::get) {
        event.ts = clock::read();
        record(event);
    }
}

/// `emit` for an event of a running execution, whose timestamp may be the previous one's
/// (`fast::clock::read_within_execution` says when).
#[inline]
pub fn emit_within_execution(mut event: Event) {
    if !RECORDING.with(Cell::get) {
        return;
    }
    event.ts = clock::read_within_execution();
    record(event);
}

#[inline]
fn record(mut event: Event) {
    let delivery = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let seq = s.next_seq;
        event.seq = seq;
        s.next_seq += 1;
        // Delivered below, after the borrow ends. Without subscribers (the usual case) the
        // event moves into the log uncloned.
        let delivery = (!s.sinks.is_empty()).then(|| {
            let sinks: Vec<Sink> = s.sinks.iter().map(|(_, f)| f.clone()).collect();
            (sinks, event.clone())
        });
        s.events.push(event);
        delivery
    });
    if let Some((sinks, event)) = delivery {
        let _js = clock::js_runs();
        for sink in sinks {
            sink(&event);
        }
    }
}

/// Turns recording on or off (it is on at start). Off, events are neither kept nor delivered
/// and the clock is not read: for programs that do not show a timeline. Span ids still advance.
pub fn set_recording(on: bool) {
    RECORDING.with(|r| r.set(on));
}

pub fn recording() -> bool {
    RECORDING.with(Cell::get)
}

/// A fresh id for a begin/end span.
pub fn next_span_id() -> u64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let id = s.next_span;
        s.next_span += 1;
        id
    })
}

/// Marks an execution span as running, so callbacks inside it name it as their parent.
pub fn enter_execution(id: u64) {
    STATE.with(|s| s.borrow_mut().open_executions.push(id));
}

pub fn exit_execution(id: u64) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if let Some(pos) = s.open_executions.iter().rposition(|&x| x == id) {
            s.open_executions.remove(pos);
        }
    });
}

pub fn current_execution() -> Option<u64> {
    STATE.with(|s| s.borrow().open_executions.last().copied())
}

pub fn events() -> Vec<Event> {
    STATE.with(|s| s.borrow().events.iter().cloned().collect())
}

/// Events dropped because the log was full.
pub fn dropped() -> u64 {
    STATE.with(|s| s.borrow().events.dropped)
}

pub fn clear() {
    STATE.with(|s| s.borrow_mut().events.clear());
}

/// Starts over as a fresh engine's timeline: no events, `seq` and span ids counted from the
/// start (`effects::restart` also forgets the token). Subscribers stay. Refused while an
/// execution runs: its spans would be renumbered under it.
pub fn restart() -> Result<(), crate::error::Error> {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if !s.open_executions.is_empty() {
            return Err(crate::error::Error::usage(
                "jax.timeline.restart() cannot run while a jitted function is running: call it between runs",
            ));
        }
        s.events.clear();
        s.next_seq = 0;
        s.next_span = 1;
        Ok(())
    })
}

/// Forgets open executions, for when a JS exception unwound the frames that would have closed
/// them; false when the state is borrowed (beyond repair). Events and subscribers stay.
pub fn reset_open() -> bool {
    clock::reset();
    STATE.with(|s| {
        s.try_borrow_mut()
            .map(|mut s| s.open_executions.clear())
            .is_ok()
    })
}

pub fn set_capacity(capacity: usize) {
    STATE.with(|s| s.borrow_mut().events.set_capacity(capacity));
}

/// The bounded event log: a ring that, once full, overwrites its oldest event in place (one
/// move per event; a deque's pop-then-push moved each event twice, a visible part of the cost
/// of an event).
struct Log {
    slots: Vec<Event>,
    /// Index of the oldest event once the ring is full.
    oldest: usize,
    capacity: usize,
    dropped: u64,
}

impl Log {
    const fn new(capacity: usize) -> Log {
        Log {
            slots: Vec::new(),
            oldest: 0,
            capacity,
            dropped: 0,
        }
    }

    fn push(&mut self, event: Event) {
        if self.slots.len() < self.capacity {
            self.slots.push(event);
        } else {
            self.slots[self.oldest] = event;
            self.oldest = (self.oldest + 1) % self.slots.len();
            self.dropped += 1;
        }
    }

    /// Oldest first.
    fn iter(&self) -> impl Iterator<Item = &Event> {
        let (newer, older) = self.slots.split_at(self.oldest);
        older.iter().chain(newer)
    }

    fn clear(&mut self) {
        self.slots.clear();
        self.oldest = 0;
        self.dropped = 0;
    }

    fn set_capacity(&mut self, capacity: usize) {
        let capacity = capacity.max(1);
        let kept: Vec<Event> = self.iter().cloned().collect();
        let excess = kept.len().saturating_sub(capacity);
        self.dropped += excess as u64;
        self.slots = kept.into_iter().skip(excess).collect();
        self.oldest = 0;
        self.capacity = capacity;
    }
}

pub fn subscribe(sink: impl Fn(&Event) + 'static) -> u64 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let id = s.next_sink;
        s.next_sink += 1;
        s.sinks.push((id, Rc::new(sink)));
        id
    })
}

pub fn unsubscribe(id: u64) -> bool {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let before = s.sinks.len();
        s.sinks.retain(|(sid, _)| *sid != id);
        s.sinks.len() != before
    })
}
