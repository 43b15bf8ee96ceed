//! The ordered-effect token. JAX threads a runtime token through every ordered effect, across
//! separate jitted calls too, so ordered callbacks run in program order. jaxplay executes
//! synchronously, which already gives program order; the token is kept explicitly so the
//! timeline can show each hand-off, and `effects_barrier` can report what it waited for.

use crate::error::Error;
use crate::timeline::{self, Detail, Event, EventKind, Phase, Status};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq)]
struct Holder {
    callback: Rc<str>,
    call_id: u64,
}

thread_local! {
    static TOKEN: RefCell<Option<Holder>> = const { RefCell::new(None) };
    static HANDOFFS: RefCell<u64> = const { RefCell::new(0) };
}

/// Hands the token to the ordered callback `callback` (call span `call_id`), recording where it
/// came from.
pub fn take_token(callback: &Rc<str>, call_id: u64) {
    let previous = TOKEN.with(|t| {
        t.borrow_mut().replace(Holder {
            callback: callback.clone(),
            call_id,
        })
    });
    let handoff = HANDOFFS.with(|h| {
        let mut h = h.borrow_mut();
        *h += 1;
        *h
    });
    let mut e = Event::new(EventKind::Token, Phase::Instant, callback.clone());
    e.id = Some(call_id);
    e.parent = timeline::current_execution();
    e.ordered = Some(true);
    e.detail = Some(Detail::Token {
        handoff,
        from: previous.map(|p| (p.callback, p.call_id)),
        to: callback.clone(),
        call: call_id,
    });
    timeline::emit_within_execution(e);
}

/// `jax.timeline.restart()`: the timeline and the token as a fresh engine has them, so a host
/// that warmed the engine up shows a learner's run from event #0, with no hand-off from a call
/// the learner never made. Refused while an execution runs.
pub fn restart() -> Result<(), Error> {
    timeline::restart()?;
    TOKEN.with(|t| t.borrow_mut().take());
    HANDOFFS.with(|h| *h.borrow_mut() = 0);
    Ok(())
}

/// `jax.effects_barrier()`: waits for all dispatched effects. Execution here is synchronous, so
/// every effect has already completed; the barrier is recorded with the last token holder.
pub fn effects_barrier() {
    let holder = TOKEN.with(|t| t.borrow().clone());
    let mut e = Event::new(EventKind::Barrier, Phase::Instant, "effects_barrier");
    e.status = Some(Status::Ok);
    e.detail = Some(match holder {
        Some(h) => Detail::Text(format!(
            "all effects complete; the ordered token was last held by `{}` (call {})",
            h.callback, h.call_id
        )),
        None => Detail::Fixed("all effects complete; no ordered effect has run yet"),
    });
    timeline::emit(e);
}
