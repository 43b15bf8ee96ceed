//! The schedule explorer: other legal ways a compiler may run the same program. With a seed,
//! compilation may reorder independent equations (data dependencies and the order of ordered
//! effects are kept; unordered effects may move), run a pure callback twice, or merge identical
//! pure callbacks into one call. A pure callback gives the same answer under all of them; one
//! with side effects, or code relying on unordered effects' order, does not. That is the lesson.

use crate::ir::{Atom, Eqn, Jaxpr, Var};
use rustc_hash::FxHashMap as HashMap;
use std::cell::Cell;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Schedule {
    pub seed: u64,
    pub reorder: bool,
    pub duplicate_pure: bool,
    pub merge_pure: bool,
}

thread_local! {
    static CURRENT: Cell<Option<Schedule>> = const { Cell::new(None) };
}

/// Sets the schedule new compilations use (`None`: program order, as traced).
pub fn set(schedule: Option<Schedule>) {
    CURRENT.with(|c| c.set(schedule));
}

pub fn current() -> Option<Schedule> {
    CURRENT.with(Cell::get)
}

/// xorshift64*: small, seedable, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A pure call: the callback's identity and its inputs' keys.
type CallKey = (usize, Vec<String>);

/// Equal keys for the same variable or for literals with the same values. Values are keyed by
/// their bits (every NaN alike, `-0.0` apart from `0.0`) rather than by `{:?}`, which would
/// keep float formatting in the wasm for this alone.
fn atom_key(a: &Atom) -> String {
    match a {
        Atom::Var(v) => format!("v{}", v.id),
        Atom::Literal(l) => {
            let mut key = String::from("l");
            for v in l.to_f64_vec() {
                let bits = if v.is_nan() { f64::NAN } else { v }.to_bits();
                key.push_str(&bits.to_string());
                key.push(',');
            }
            key
        }
    }
}

fn substitute(atom: &Atom, renames: &[(u64, Var)]) -> Atom {
    match atom {
        Atom::Var(v) => Atom::Var(match renames.iter().find(|(id, _)| *id == v.id) {
            Some((_, to)) => to.clone(),
            None => v.clone(),
        }),
        lit => lit.clone(),
    }
}

/// Rewrites `jaxpr` under `schedule`; returns the new program and what was changed, in words.
pub fn apply(jaxpr: &Jaxpr, schedule: &Schedule) -> (Jaxpr, Vec<String>) {
    let mut rng = Rng::new(schedule.seed);
    let mut notes = Vec::new();
    let mut eqns: Vec<Eqn> = jaxpr.eqns.clone();
    let mut outvars = jaxpr.outvars.clone();

    if schedule.merge_pure {
        // Pure calls kept so far (keyed by callback and inputs) with their outputs, and the
        // outputs of merged calls with what replaces them. Lists, not maps: they stay short,
        // and each map type would add its own hash-table code to the wasm.
        let mut seen: Vec<(CallKey, Vec<Var>)> = Vec::new();
        let mut renames: Vec<(u64, Var)> = Vec::new();
        let mut kept = Vec::new();
        for mut eqn in eqns {
            eqn.inputs = eqn.inputs.iter().map(|a| substitute(a, &renames)).collect();
            if let Some(id) = eqn.primitive.pure_callback_id() {
                let key = (id, eqn.inputs.iter().map(atom_key).collect());
                if let Some((_, earlier)) = seen.iter().find(|(k, _)| *k == key) {
                    for (v, e) in eqn.outputs.iter().zip(earlier) {
                        renames.push((v.id, e.clone()));
                    }
                    notes.push(format!(
                        "merged a duplicate call of pure callback `{}`",
                        eqn.primitive.callback_name().unwrap_or("?")
                    ));
                    continue;
                }
                seen.push((key, eqn.outputs.clone()));
            }
            kept.push(eqn);
        }
        eqns = kept;
        outvars = outvars.iter().map(|a| substitute(a, &renames)).collect();
    }

    if schedule.duplicate_pure {
        let mut with_copies = Vec::new();
        for eqn in eqns {
            let copy =
                (eqn.primitive.pure_callback_id().is_some() && rng.below(2) == 0).then(|| Eqn {
                    primitive: eqn.primitive.clone(),
                    inputs: eqn.inputs.clone(),
                    outputs: eqn
                        .outputs
                        .iter()
                        .map(|v| Var::fresh(v.aval.clone()))
                        .collect(),
                    source: eqn.source.clone(),
                });
            with_copies.push(eqn);
            if let Some(copy) = copy {
                notes.push(format!(
                    "ran pure callback `{}` a second time",
                    copy.primitive.callback_name().unwrap_or("?")
                ));
                with_copies.push(copy);
            }
        }
        eqns = with_copies;
    }

    if schedule.reorder {
        let before: Vec<usize> = (0..eqns.len()).collect();
        let order = random_topological_order(&eqns, &mut rng);
        if order != before {
            notes.push(format!(
                "reordered independent equations: {}",
                order
                    .iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        let mut slots: Vec<Option<Eqn>> = eqns.into_iter().map(Some).collect();
        eqns = order.into_iter().filter_map(|i| slots[i].take()).collect();
    }

    let rewritten = Jaxpr {
        constvars: jaxpr.constvars.clone(),
        invars: jaxpr.invars.clone(),
        eqns,
        outvars,
    };
    (rewritten, notes)
}

/// A topological order of `eqns` chosen at random among the legal ones: an equation waits for
/// the equations producing its inputs, and ordered effects keep their program order.
fn random_topological_order(eqns: &[Eqn], rng: &mut Rng) -> Vec<usize> {
    let producer: HashMap<u64, usize> = eqns
        .iter()
        .enumerate()
        .flat_map(|(i, e)| e.outputs.iter().map(move |v| (v.id, i)))
        .collect();
    // Equations each one waits for (repeats are harmless).
    let mut deps: Vec<Vec<usize>> = eqns
        .iter()
        .map(|e| {
            e.inputs
                .iter()
                .filter_map(|a| match a {
                    Atom::Var(v) => producer.get(&v.id).copied(),
                    Atom::Literal(_) => None,
                })
                .collect()
        })
        .collect();
    let ordered: Vec<usize> = (0..eqns.len())
        .filter(|&i| eqns[i].primitive.effects().iter().any(|e| e.is_ordered()))
        .collect();
    for pair in ordered.windows(2) {
        deps[pair[1]].push(pair[0]);
    }
    let mut done = vec![false; eqns.len()];
    let mut order = Vec::with_capacity(eqns.len());
    while order.len() < eqns.len() {
        let ready: Vec<usize> = (0..eqns.len())
            .filter(|&i| !done[i] && deps[i].iter().all(|&d| done[d]))
            .collect();
        if ready.is_empty() {
            // Cannot happen for a jaxpr (dependencies point backwards); keep program order.
            order.extend((0..eqns.len()).filter(|&i| !done[i]));
            break;
        }
        let pick = ready[rng.below(ready.len())];
        done[pick] = true;
        order.push(pick);
    }
    order
}
