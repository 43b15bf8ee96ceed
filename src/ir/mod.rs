//! The jaxpr IR, modelled on Autodidax: variables, literals, equations (a primitive applied to
//! atoms), and jaxprs with their effects. `print` renders them the way real JAX does.

pub mod check;
pub mod data;
pub mod layout;
mod pretty;
pub mod print;
mod shortest;

use crate::array::{Array, ShapedArray};
use crate::primitives::Primitive;
use serde::Serialize;
use std::cell::Cell;
use std::fmt;
use std::rc::Rc;

/// A jaxpr variable. Identity is the id; names (`a`, `b`, ...) are assigned when printing.
#[derive(Debug, Clone)]
pub struct Var {
    pub id: u64,
    pub aval: ShapedArray,
}

impl PartialEq for Var {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
impl Eq for Var {}

thread_local! {
    static NEXT_VAR: Cell<u64> = const { Cell::new(0) };
}

impl Var {
    pub fn fresh(aval: ShapedArray) -> Var {
        let id = NEXT_VAR.with(|n| {
            let id = n.get();
            n.set(id + 1);
            id
        });
        Var { id, aval }
    }
}

/// An equation operand: a variable or an inlined scalar constant.
#[derive(Debug, Clone)]
pub enum Atom {
    Var(Var),
    Literal(Array),
}

impl Atom {
    pub fn aval(&self) -> ShapedArray {
        match self {
            Atom::Var(v) => v.aval.clone(),
            Atom::Literal(a) => a.aval(),
        }
    }
}

/// A side effect a primitive has. Effects keep equations alive through dead-code elimination;
/// ordered ones additionally thread a token so they run in program order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Effect {
    #[serde(rename = "ordered_io")]
    OrderedIo,
    #[serde(rename = "io")]
    Io,
    #[serde(rename = "ordered_debug")]
    OrderedDebug,
    #[serde(rename = "debug")]
    Debug,
}

impl Effect {
    pub fn is_ordered(self) -> bool {
        matches!(self, Effect::OrderedIo | Effect::OrderedDebug)
    }

    /// JAX's class-style names, shown in the `effect=` param and in effect lists.
    pub fn jax_name(self) -> &'static str {
        match self {
            Effect::OrderedIo => "OrderedIOEffect",
            Effect::Io => "IOEffect",
            Effect::OrderedDebug => "OrderedDebug",
            Effect::Debug => "Debug",
        }
    }
}

/// A set of effects, iterated in `Effect` order: one bit per effect, where a `BTreeSet`
/// brought the B-tree and a sort into the wasm for at most four elements.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effects(u8);

impl Effects {
    const ALL: [Effect; 4] = [
        Effect::OrderedIo,
        Effect::Io,
        Effect::OrderedDebug,
        Effect::Debug,
    ];

    pub fn new() -> Self {
        Effects(0)
    }

    pub fn insert(&mut self, e: Effect) {
        self.0 |= 1 << e as u8;
    }

    pub fn contains(&self, e: Effect) -> bool {
        self.0 & (1 << e as u8) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn iter(&self) -> EffectsIter {
        self.into_iter()
    }
}

impl Extend<Effect> for Effects {
    fn extend<I: IntoIterator<Item = Effect>>(&mut self, effects: I) {
        for e in effects {
            self.insert(e);
        }
    }
}

impl FromIterator<Effect> for Effects {
    fn from_iter<I: IntoIterator<Item = Effect>>(effects: I) -> Self {
        let mut set = Effects::new();
        set.extend(effects);
        set
    }
}

impl IntoIterator for Effects {
    type Item = Effect;
    type IntoIter = EffectsIter;

    fn into_iter(self) -> EffectsIter {
        EffectsIter { set: self, next: 0 }
    }
}

pub struct EffectsIter {
    set: Effects,
    next: usize,
}

impl Iterator for EffectsIter {
    type Item = Effect;

    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    fn next(&mut self) -> Option<Effect> {
        while let Some(&e) = Effects::ALL.get(self.next) {
            self.next += 1;
            if self.set.contains(e) {
                return Some(e);
            }
        }
        None
    }
}

/// One primitive application.
#[derive(Debug, Clone)]
pub struct Eqn {
    pub primitive: Rc<dyn Primitive>,
    pub inputs: Vec<Atom>,
    pub outputs: Vec<Var>,
    /// Where in the user's code the equation was recorded (`file:line`), if known.
    pub source: Option<Rc<str>>,
}

/// An equation that dead-code elimination removed, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Removed {
    pub primitive: &'static str,
    pub callback: Option<String>,
    pub reason: String,
}

/// A typed, closed-over-nothing program: `{ lambda consts ; ins. let eqns in outs }`.
#[derive(Debug, Clone, Default)]
pub struct Jaxpr {
    pub constvars: Vec<Var>,
    pub invars: Vec<Var>,
    pub eqns: Vec<Eqn>,
    pub outvars: Vec<Atom>,
}

impl Jaxpr {
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn effects(&self) -> Effects {
        self.eqns
            .iter()
            .flat_map(|e| e.primitive.effects())
            .collect()
    }

    /// Which outputs depend on the inputs flagged in `inputs`: what `vmap` would batch, given
    /// the batched inputs (a higher-order equation counts as one step).
    pub fn dependent_outputs(&self, inputs: &[bool]) -> Vec<bool> {
        let mut hit = rustc_hash::FxHashSet::default();
        for (v, &b) in self.invars.iter().zip(inputs) {
            if b {
                hit.insert(v.id);
            }
        }
        let depends = |hit: &rustc_hash::FxHashSet<u64>, a: &Atom| matches!(a, Atom::Var(v) if hit.contains(&v.id));
        for eqn in &self.eqns {
            if eqn.inputs.iter().any(|a| depends(&hit, a)) {
                for v in &eqn.outputs {
                    hit.insert(v.id);
                }
            }
        }
        self.outvars.iter().map(|a| depends(&hit, a)).collect()
    }

    pub fn out_avals(&self) -> Vec<ShapedArray> {
        self.outvars.iter().map(Atom::aval).collect()
    }

    pub fn in_avals(&self) -> Vec<ShapedArray> {
        self.invars.iter().map(|v| v.aval.clone()).collect()
    }
}

impl fmt::Display for Jaxpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print::jaxpr_to_string(self))
    }
}
