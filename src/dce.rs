//! Dead-code elimination, as `jit` compiles: an equation whose results are unused and that has
//! no effect is removed (so an unused `pure_callback` never runs, while `io_callback` and
//! `debug_callback` stay). Higher-order primitives (`scan`, `while`, `cond`) take part through
//! their `Primitive::dce` rule, which prunes their bodies too, as JAX's `dce_rules` do.

use crate::collect::{select, union};
use crate::ir::{Atom, Eqn, Jaxpr, Removed, Var};
use rustc_hash::FxHashSet as HashSet;

/// A pruned jaxpr: only the outputs asked for, every input still there (`used_inputs` says
/// which the remaining equations read), and the equations removed.
pub struct DceJaxpr {
    pub jaxpr: Jaxpr,
    pub used_inputs: Vec<bool>,
    pub removed: Vec<Removed>,
}

/// Removes what `used_outputs` does not need from `jaxpr`; the outputs not asked for are
/// dropped. Constvars are kept only when used.
pub fn dce_jaxpr(jaxpr: &Jaxpr, used_outputs: &[bool]) -> DceJaxpr {
    let outvars = select(&jaxpr.outvars, used_outputs);
    let mut live: HashSet<u64> = HashSet::default();
    mark_live(&mut live, &outvars);
    let mut kept_rev: Vec<Eqn> = Vec::new();
    let mut removed_rev: Vec<Removed> = Vec::new();
    for eqn in jaxpr.eqns.iter().rev() {
        let used = live_flags(&live, &eqn.outputs);
        let name = eqn.primitive.name();
        if eqn.primitive.effects().is_empty() && !used.contains(&true) {
            removed_rev.push(Removed {
                primitive: name,
                callback: eqn.primitive.callback_name().map(str::to_string),
                reason: if eqn.outputs.is_empty() {
                    "it has no results and no effects"
                } else {
                    "its results are unused and it has no effects"
                }
                .to_string(),
            });
            continue;
        }
        let kept = match eqn.primitive.dce(&used) {
            Some(pruned) => {
                for mut r in pruned.removed.into_iter().rev() {
                    r.reason.push_str(" (inside ");
                    r.reason.push_str(name);
                    r.reason.push(')');
                    removed_rev.push(r);
                }
                Eqn {
                    primitive: pruned.primitive,
                    inputs: select(&eqn.inputs, &pruned.used_inputs),
                    outputs: select(&eqn.outputs, &pruned.kept_outputs),
                    source: eqn.source.clone(),
                }
            }
            None => eqn.clone(),
        };
        mark_live(&mut live, &kept.inputs);
        kept_rev.push(kept);
    }
    kept_rev.reverse();
    removed_rev.reverse();
    let used_inputs = live_flags(&live, &jaxpr.invars);
    let mut constvars = Vec::new();
    for v in &jaxpr.constvars {
        if live.contains(&v.id) {
            constvars.push(v.clone());
        }
    }
    DceJaxpr {
        jaxpr: Jaxpr {
            constvars,
            invars: jaxpr.invars.clone(),
            eqns: kept_rev,
            outvars,
        },
        used_inputs,
        removed: removed_rev,
    }
}

/// Which of `vars` are live.
fn live_flags(live: &HashSet<u64>, vars: &[Var]) -> Vec<bool> {
    let mut flags = Vec::with_capacity(vars.len());
    for v in vars {
        flags.push(live.contains(&v.id));
    }
    flags
}

fn mark_live(live: &mut HashSet<u64>, atoms: &[Atom]) {
    for a in atoms {
        if let Atom::Var(v) = a {
            live.insert(v.id);
        }
    }
}

/// DCE of a loop body taking `[consts, carry, ...]` and returning `[carry, extra...]` (scan's
/// `ys` are the extra outputs): a carry stays if `used_carry` asks for it or a kept part of the
/// body reads it, found by iterating to a fixed point as JAX's scan rule does. The body keeps
/// the inputs it reads and the carry; also returns the carry kept.
pub fn dce_loop_body(
    body: &Jaxpr,
    num_consts: usize,
    mut used_carry: Vec<bool>,
    used_extra: &[bool],
) -> (DceJaxpr, Vec<bool>) {
    let carry = num_consts..num_consts + used_carry.len();
    loop {
        let mut pruned = dce_jaxpr(body, &[&used_carry[..], used_extra].concat());
        let next = union(&used_carry, &pruned.used_inputs[carry.clone()]);
        if next == used_carry {
            pruned.used_inputs[carry].copy_from_slice(&used_carry);
            pruned.jaxpr.invars = select(&pruned.jaxpr.invars, &pruned.used_inputs);
            return (pruned, used_carry);
        }
        used_carry = next;
    }
}
