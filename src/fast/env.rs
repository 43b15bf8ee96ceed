//! The variable store of the evaluator loop (`trace::eval_jaxpr`): a map from variable ids to
//! values, with the map chosen by size.

use crate::error::{Error, Result};
use crate::ir::{Atom, Jaxpr};
use crate::trace::Value;

/// The values of a running jaxpr's variables. Most programs have a handful, where a linear scan
/// beats hashing every id on every call; long ones (unrolled loops) use a map.
pub(crate) enum Env {
    Small(Vec<(u64, Value)>),
    Large(rustc_hash::FxHashMap<u64, Value>),
}

impl Env {
    const SMALL: usize = 16;

    /// A store sized for every variable `jaxpr` defines.
    pub(crate) fn for_jaxpr(jaxpr: &Jaxpr) -> Env {
        let size = jaxpr.constvars.len()
            + jaxpr.invars.len()
            + jaxpr.eqns.iter().map(|e| e.outputs.len()).sum::<usize>();
        Env::with_capacity(size)
    }

    fn with_capacity(size: usize) -> Env {
        if size <= Self::SMALL {
            Env::Small(Vec::with_capacity(size))
        } else {
            Env::Large(rustc_hash::FxHashMap::with_capacity_and_hasher(
                size,
                Default::default(),
            ))
        }
    }

    pub(crate) fn insert(&mut self, id: u64, value: Value) {
        match self {
            Env::Small(vars) => vars.push((id, value)),
            Env::Large(vars) => {
                vars.insert(id, value);
            }
        }
    }

    pub(crate) fn read(&self, atom: &Atom) -> Result<Value> {
        let v = match atom {
            Atom::Literal(a) => return Ok(Value::Array(a.clone())),
            Atom::Var(v) => v,
        };
        let found = match self {
            Env::Small(vars) => vars
                .iter()
                .rev()
                .find(|(id, _)| *id == v.id)
                .map(|(_, x)| x),
            Env::Large(vars) => vars.get(&v.id),
        };
        found
            .cloned()
            .ok_or_else(|| Error::internal(format!("variable {} used before definition", v.id)))
    }
}
