//! The jaxpr type checker, after Autodidax's `typecheck_jaxpr`: every variable is bound once
//! before it is used, and every equation's outputs have the types its primitive's abstract
//! evaluation gives for its inputs; sub-jaxprs (the bodies of control flow) are checked too.
//! Debug builds run it on every jaxpr tracing builds (`trace::trace_to_jaxpr`), so every test
//! that traces is also a test of the rules that made the equations.

use super::{Atom, Jaxpr, Var};
use crate::primitives::Param;
use rustc_hash::FxHashSet;

/// The first thing wrong with `jaxpr`, if anything is.
pub fn typecheck(jaxpr: &Jaxpr) -> Result<(), String> {
    let mut bound: FxHashSet<u64> = FxHashSet::default();
    let bind = |v: &Var, bound: &mut FxHashSet<u64>| {
        if bound.insert(v.id) {
            Ok(())
        } else {
            Err(format!(
                "variable {} ({}) is bound twice",
                v.id,
                v.aval.short()
            ))
        }
    };
    for v in jaxpr.constvars.iter().chain(&jaxpr.invars) {
        bind(v, &mut bound)?;
    }
    let used = |a: &Atom, bound: &FxHashSet<u64>| match a {
        Atom::Var(v) if !bound.contains(&v.id) => Err(format!(
            "variable {} ({}) is used before it is bound",
            v.id,
            v.aval.short()
        )),
        _ => Ok(()),
    };
    for eqn in &jaxpr.eqns {
        let name = eqn.primitive.name();
        for a in &eqn.inputs {
            used(a, &bound).map_err(|e| format!("{name}: {e}"))?;
        }
        let in_avals: Vec<_> = eqn.inputs.iter().map(Atom::aval).collect();
        let out_avals = eqn
            .primitive
            .abstract_eval(&in_avals)
            .map_err(|e| format!("{name}: its inputs do not type-check: {e}"))?;
        if out_avals.len() != eqn.outputs.len() {
            return Err(format!(
                "{name}: {} outputs bound, its rule gives {}",
                eqn.outputs.len(),
                out_avals.len()
            ));
        }
        for (v, want) in eqn.outputs.iter().zip(&out_avals) {
            if v.aval.shape != want.shape || v.aval.dtype != want.dtype {
                return Err(format!(
                    "{name}: output bound as {}, its rule gives {}",
                    v.aval.short(),
                    want.short()
                ));
            }
            bind(v, &mut bound)?;
        }
        for (_, param) in eqn.primitive.params() {
            match param {
                Param::Jaxpr(body) => typecheck(&body).map_err(|e| format!("{name} body: {e}"))?,
                Param::Jaxprs(bodies) => {
                    for body in bodies {
                        typecheck(&body).map_err(|e| format!("{name} branch: {e}"))?;
                    }
                }
                _ => {}
            }
        }
    }
    for a in &jaxpr.outvars {
        used(a, &bound).map_err(|e| format!("output: {e}"))?;
    }
    Ok(())
}
