//! Partial evaluation: splits a jaxpr, given which inputs are known, into a known part (run
//! now, producing the known outputs plus residuals) and an unknown part (run later from the
//! residuals and the unknown inputs). Reverse-mode differentiation of control flow uses it to
//! separate the primal computation of a branch or loop body from its linear tangent part.

use crate::error::{Error, Result};
use crate::ir::{Atom, Jaxpr, Var};
use crate::trace::{ClosedJaxpr, Value};
use rustc_hash::FxHashSet as HashSet;

pub struct Split {
    /// Inputs: the known inputs. Outputs: the known outputs, then the residuals.
    pub known: ClosedJaxpr,
    /// Inputs: the residuals, then the unknown inputs. Outputs: the unknown outputs.
    pub unknown: Jaxpr,
    pub num_residuals: usize,
}

/// Splits `closed` where `unknown_ins[i]` says input `i` is unknown and `unknown_outs[j]` says
/// output `j` is wanted from the unknown part. A wanted-known output that depends on an unknown
/// input is an error.
pub fn partial_eval(
    closed: &ClosedJaxpr,
    unknown_ins: &[bool],
    unknown_outs: &[bool],
) -> Result<Split> {
    let jaxpr = &closed.jaxpr;
    let mut known: HashSet<u64> = jaxpr.constvars.iter().map(|v| v.id).collect();
    known.extend(
        jaxpr
            .invars
            .iter()
            .zip(unknown_ins)
            .filter(|(_, &u)| !u)
            .map(|(v, _)| v.id),
    );
    let is_known = |a: &Atom, known: &HashSet<u64>| match a {
        Atom::Literal(_) => true,
        Atom::Var(v) => known.contains(&v.id),
    };
    let (mut known_eqns, mut unknown_eqns) = (Vec::new(), Vec::new());
    let mut residuals: Vec<Var> = Vec::new();
    let add_residual = |v: &Var, residuals: &mut Vec<Var>| {
        if !residuals.contains(v) {
            residuals.push(v.clone());
        }
    };
    for eqn in &jaxpr.eqns {
        if eqn.inputs.iter().all(|a| is_known(a, &known)) {
            known.extend(eqn.outputs.iter().map(|v| v.id));
            known_eqns.push(eqn.clone());
        } else {
            for a in &eqn.inputs {
                if let Atom::Var(v) = a {
                    if known.contains(&v.id) {
                        add_residual(v, &mut residuals);
                    }
                }
            }
            unknown_eqns.push(eqn.clone());
        }
    }
    let mut known_outs = Vec::new();
    let mut unknown_outvars = Vec::new();
    for (out, &wanted_unknown) in jaxpr.outvars.iter().zip(unknown_outs) {
        match (wanted_unknown, is_known(out, &known)) {
            (false, true) => known_outs.push(out.clone()),
            (false, false) => {
                return Err(Error::Unsupported {
                    what: "reverse-mode differentiation of control flow nested in a differentiated branch or loop",
                })
            }
            (true, is_k) => {
                if let (true, Atom::Var(v)) = (is_k, out) {
                    add_residual(v, &mut residuals);
                }
                unknown_outvars.push(out.clone());
            }
        }
    }
    let num_residuals = residuals.len();
    let mut known_outvars = known_outs;
    known_outvars.extend(residuals.iter().cloned().map(Atom::Var));
    let mut unknown_invars = residuals;
    unknown_invars.extend(
        jaxpr
            .invars
            .iter()
            .zip(unknown_ins)
            .filter(|(_, &u)| u)
            .map(|(v, _)| v.clone()),
    );
    Ok(Split {
        known: ClosedJaxpr {
            jaxpr: Jaxpr {
                constvars: jaxpr.constvars.clone(),
                invars: jaxpr
                    .invars
                    .iter()
                    .zip(unknown_ins)
                    .filter(|(_, &u)| !u)
                    .map(|(v, _)| v.clone())
                    .collect(),
                eqns: known_eqns,
                outvars: known_outvars,
            },
            consts: closed.consts.clone(),
        },
        unknown: Jaxpr {
            constvars: Vec::new(),
            invars: unknown_invars,
            eqns: unknown_eqns,
            outvars: unknown_outvars,
        },
        num_residuals,
    })
}

/// A jaxpr whose inputs marked `known` are bound to `values` as constants, leaving the others
/// as inputs: the shape `ad::backward_pass` transposes.
pub fn bind_known(jaxpr: &Jaxpr, known: &[Option<Value>]) -> ClosedJaxpr {
    let (mut constvars, mut consts, mut invars) = (Vec::new(), Vec::new(), Vec::new());
    for (v, k) in jaxpr.invars.iter().zip(known) {
        match k {
            Some(value) => {
                constvars.push(v.clone());
                consts.push(value.clone());
            }
            None => invars.push(v.clone()),
        }
    }
    ClosedJaxpr {
        jaxpr: Jaxpr {
            constvars,
            invars,
            eqns: jaxpr.eqns.clone(),
            outvars: jaxpr.outvars.clone(),
        },
        consts,
    }
}
