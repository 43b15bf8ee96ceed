//! `jax.Array`'s operations that are not `jnp` functions: integer-array indexing (`x[idx]`) and
//! the `x.at[idx]` updates (`get`, `set`, `add`, `mul`, `min`, `max`). The JS API offers them as
//! `x.take(idx)`-like methods (`x.at(idx).set(v)`), Python mode as `x[idx]` and `x.at[idx]`.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::jnp_indexing::{at_get, at_update, take, Index};
use crate::primitives::indexing::ScatterKind;

const SELF: Param = p("self", K::Array, D::Required).positional();
const INDEX: Param = p("index", K::Array, D::Required).positional();
const VALUES: Param = p("values", K::Array, D::Required).positional();

/// The index of an `.at[...]` or `[...]`: an int (static) or an integer array, into axis 0.
fn index(a: &Args) -> Result<Index> {
    match a.get("index")? {
        Arg::Int(i) => Ok(Index::Static(*i)),
        Arg::Array(_) => Ok(Index::Array(a.array("index")?)),
        _ => Err(Error::Signature {
            message: format!(
                "{}: only an integer or an integer array indexes the leading axis here (slices, \
                 tuples of indices and boolean masks are not supported yet)",
                a.qualified()
            ),
        }),
    }
}

fn update(a: &Args, kind: ScatterKind) -> Result<Output> {
    out(at_update(
        kind,
        &a.array("self")?,
        &index(a)?,
        &a.array("values")?,
    ))
}

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Array, $($t)*) };
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "getitem",
        &[SELF, INDEX],
        "`x[idx]` with an integer array: a gather along the leading axis.",
        |a| match index(a)? {
            Index::Array(i) => out(take(&a.array("self")?, &i, 0)),
            static_index => out(at_get(&a.array("self")?, &static_index)),
        }
    ),
    f!("at_get", &[SELF, INDEX], "`x.at[idx].get()`.", |a| out(
        at_get(&a.array("self")?, &index(a)?)
    )),
    f!(
        "at_set",
        &[SELF, INDEX, VALUES],
        "`x.at[idx].set(values)`: a copy with those elements replaced.",
        |a| update(a, ScatterKind::Set)
    ),
    f!(
        "at_add",
        &[SELF, INDEX, VALUES],
        "`x.at[idx].add(values)`: repeated indices add up.",
        |a| update(a, ScatterKind::Add)
    ),
    f!(
        "at_multiply",
        &[SELF, INDEX, VALUES],
        "`x.at[idx].multiply(values)` (also `.mul`).",
        |a| update(a, ScatterKind::Mul)
    ),
    f!(
        "at_min",
        &[SELF, INDEX, VALUES],
        "`x.at[idx].min(values)`.",
        |a| update(a, ScatterKind::Min)
    ),
    f!(
        "at_max",
        &[SELF, INDEX, VALUES],
        "`x.at[idx].max(values)`.",
        |a| update(a, ScatterKind::Max)
    ),
];
