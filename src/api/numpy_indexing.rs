//! `jax.numpy` indexing functions built on `gather`: `take`, `take_along_axis` and `diagonal`.
//! The NumPy-level rules live in `jnp_indexing`.

use super::args::Args;
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::Result;
use crate::jnp_indexing as idx;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

const INDICES: Param = p("indices", K::Array, D::Required);
const MODE: Param = p("mode", K::Str, D::None);
const FILL_VALUE: Param = p("fill_value", K::Unsupported, D::None);

/// `mode`: only JAX's default, `"fill"` (out-of-range indices give NaN, the integer minimum
/// or `True`), is supported.
fn fill_mode(a: &Args) -> Result<()> {
    if !a.is_none("mode")? {
        a.choice("mode", &["fill"])?;
    }
    Ok(())
}

/// An `int | None` axis, normalised against `rank`.
fn opt_axis(a: &Args, rank: usize) -> Result<Option<usize>> {
    if a.is_none("axis")? {
        Ok(None)
    } else {
        a.axis("axis", rank).map(Some)
    }
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "take",
        &[
            A,
            INDICES,
            p("axis", K::Int, D::None),
            OUT,
            MODE,
            p("unique_indices", K::Bool, D::Bool(false)),
            p("indices_are_sorted", K::Bool, D::Bool(false)),
            FILL_VALUE
        ],
        "Elements of `a` at integer `indices` along `axis` (of the flattened array when `None`); negative indices count from the end, out-of-range ones give NaN (the integer minimum for ints).",
        "Inlined: JAX wraps it in nested `jit[name=_take]` and `jit[name=_where]`. Only `mode='fill'` (the default) and the default `fill_value` are supported.",
        |a| {
            fill_mode(a)?;
            let x = a.array("a")?;
            let indices = a.array("indices")?;
            let axis = opt_axis(a, x.shape().len())?;
            out(idx::take_fill(
                &x,
                &indices,
                axis,
                a.bool("unique_indices")?,
                a.bool("indices_are_sorted")?,
            ))
        }
    ),
    f!(
        "take_along_axis",
        &[
            p("arr", K::Array, D::Required),
            INDICES,
            p("axis", K::Int, D::Int(-1)),
            MODE,
            FILL_VALUE,
            p("wrap_negative_indices", K::Unsupported, D::None).keyword()
        ],
        "Elements of `arr` at `indices` along `axis`, matched one to one along the other axes (of the flattened arrays when `axis=None`).",
        "Inlined: JAX wraps it in a nested `jit[name=take_along_axis]`. `indices` must have `arr`'s shape off `axis` (JAX also broadcasts size-1 axes). Only `mode='fill'` (the default) and the default `fill_value` are supported.",
        |a| {
            fill_mode(a)?;
            let x = a.array("arr")?;
            let indices = a.array("indices")?;
            let axis = opt_axis(a, x.shape().len())?;
            out(idx::take_along_axis(&x, &indices, axis))
        }
    ),
    f!(
        "diagonal",
        &[
            A,
            p("offset", K::Int, D::Int(0)),
            p("axis1", K::Int, D::Int(0)),
            p("axis2", K::Int, D::Int(1))
        ],
        "The `offset` diagonal of the planes of `axis1` x `axis2`, as the last axis.",
        "Inlined: JAX wraps it in a nested `jit[name=diagonal]`; for a square 2-D array JAX stages a platform-dependent `cond` (a masked sum on TPU), jaxplay the gather JAX runs on CPU.",
        |a| {
            let x = a.array("a")?;
            let (axis1, axis2) = (a.int("axis1")?, a.int("axis2")?);
            out(idx::diagonal(&x, a.int("offset")?, axis1, axis2))
        }
    ),
];
