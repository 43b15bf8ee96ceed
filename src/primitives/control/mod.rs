//! Control flow as higher-order primitives holding sub-jaxprs: `scan` (also what `fori_loop`
//! with known bounds and sequential `vmap` of callbacks become), `cond` (only the taken branch
//! runs; under `vmap` with a batched predicate every branch runs and `select_n` picks, as in JAX),
//! and `while` (whose batched predicate also picks with `select_n`). Bodies are closure-converted:
//! captured values become leading inputs.

mod cond;
mod scan;
mod while_loop;

pub use cond::{select_n, Cond};
pub use scan::Scan;
pub use while_loop::While;

use crate::array::Array;
use crate::error::Result;
use crate::ir::Jaxpr;
use crate::lax;
use crate::primitives::bodies::jvp;
use crate::primitives::Param;
use crate::trace::{eval_jaxpr, trace_to_jaxpr, ClosedJaxpr, TraceKind, Value};
use std::cell::Cell;
use std::rc::Rc;

/// Turns a closed jaxpr's captured values into leading inputs.
pub fn closure_convert(closed: ClosedJaxpr) -> (Rc<ClosedJaxpr>, Vec<Value>) {
    let ClosedJaxpr { jaxpr, consts } = closed;
    let mut invars = jaxpr.constvars.clone();
    invars.extend(jaxpr.invars);
    let converted = Jaxpr {
        constvars: Vec::new(),
        invars,
        eqns: jaxpr.eqns,
        outvars: jaxpr.outvars,
    };
    (
        Rc::new(ClosedJaxpr {
            jaxpr: converted,
            consts: Vec::new(),
        }),
        consts,
    )
}

/// A body with nothing captured.
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub(super) fn closed(jaxpr: Jaxpr) -> Rc<ClosedJaxpr> {
    Rc::new(ClosedJaxpr {
        jaxpr,
        consts: Vec::new(),
    })
}

pub(super) fn arrays_to_values(xs: &[Array]) -> Vec<Value> {
    xs.iter().cloned().map(Value::Array).collect()
}

thread_local! {
    /// How many control-flow bodies are running (nested ones count once each).
    static BODIES: Cell<usize> = const { Cell::new(0) };
}

/// Whether a control-flow body is running: JAX compiles `scan`, `while_loop` and `cond` even
/// outside `jit`, so a host called from one runs inside a compiled program.
pub fn in_body() -> bool {
    BODIES.with(|b| b.get() > 0)
}

pub(super) fn run(body: &ClosedJaxpr, args: Vec<Value>) -> Result<Vec<Array>> {
    BODIES.with(|b| b.set(b.get() + 1));
    let outs = eval_jaxpr(body, &args);
    BODIES.with(|b| b.set(b.get() - 1));
    Ok(outs?
        .into_iter()
        .filter_map(|v| v.as_array().cloned())
        .collect())
}

pub(super) fn bool_text(b: bool) -> Param {
    if b { "True" } else { "False" }.into()
}

/// Whether these tangents are being staged by `linearize` (reverse mode), which needs the
/// primal and tangent parts of a higher-order primitive separated.
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub(super) fn linearizing(tangents: &[Option<Value>]) -> bool {
    tangents.iter().flatten().any(|t| {
        matches!(t, Value::Tracer(tr) if matches!(tr.trace.kind, TraceKind::Staging { dynamic: false, .. }))
    })
}

/// A jaxpr computing `body` and its JVP: inputs `groups` of primals each followed by their
/// tangents; outputs `[outs..., tangent outs...]` split at `num_front` (carry first).
pub(super) fn jvp_body(body: &ClosedJaxpr, groups: &[usize]) -> Result<ClosedJaxpr> {
    let avals = body.jaxpr.in_avals();
    let mut in_avals = Vec::new();
    let mut start = 0;
    for &n in groups {
        in_avals.extend_from_slice(&avals[start..start + n]);
        in_avals.extend_from_slice(&avals[start..start + n]);
        start += n;
    }
    let groups = groups.to_vec();
    trace_to_jaxpr("jvp", &in_avals, true, |vals| {
        let (mut primals, mut tangents) = (Vec::new(), Vec::new());
        let mut at = 0;
        for n in groups {
            primals.extend_from_slice(&vals[at..at + n]);
            tangents.extend_from_slice(&vals[at + n..at + 2 * n]);
            at += 2 * n;
        }
        let (outs, touts) = jvp("jvp", &primals, &tangents, |p| eval_jaxpr(body, &p))?;
        let mut all = outs;
        all.extend(touts);
        Ok(all)
    })
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub(super) fn instantiate_all(primals: &[Value], tangents: &[Option<Value>]) -> Result<Vec<Value>> {
    primals
        .iter()
        .zip(tangents)
        .map(|(p, t)| lax::instantiate(t.clone(), &p.aval()))
        .collect()
}
