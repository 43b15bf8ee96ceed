//! `jax.numpy` products (`dot`, `matmul`, `vdot`, `inner`, `outer`, `tensordot`, `kron`) and
//! the diagonal helpers `trace`, `tril`, `triu`. The NumPy-level rules live in `jnp::linear`.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::jnp::linear::{self as lin, TensorAxes};

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

const B: Param = p("b", K::Array, D::Required);
const PRECISION: Param = p("precision", K::Unsupported, D::None).keyword();
const PREFERRED: Param = p("preferred_element_type", K::Unsupported, D::None).keyword();
const PRODUCT: &[Param] = &[A, B, PRECISION, PREFERRED];
const PRODUCT_SHARDED: &[Param] = &[A, B, PRECISION, PREFERRED, OUT_SHARDING];

fn pair(
    a: &Args,
    f: fn(&crate::trace::Value, &crate::trace::Value) -> Result<crate::trace::Value>,
) -> Result<Output> {
    out(f(&a.array("a")?, &a.array("b")?))
}

/// `tensordot`'s `axes`: an int, or two sequences of ints (or two ints).
pub(super) fn tensor_axes(a: &Args) -> Result<TensorAxes> {
    let bad = || {
        Error::usage(format!(
            "tensordot axes argument must be an int or a pair of int sequences, got {:?}",
            a.get("axes")
        ))
    };
    let ints = |arg: &Arg| -> Option<Vec<i64>> {
        match arg {
            Arg::Int(i) => Some(vec![*i]),
            Arg::Seq(items) => items
                .iter()
                .map(|i| match i {
                    Arg::Int(i) => Some(*i),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    };
    match a.get("axes")? {
        Arg::Int(n) if *n >= 0 => Ok(TensorAxes::Count(*n as usize)),
        Arg::Seq(two) if two.len() == 2 => {
            let (x, y) = (
                ints(&two[0]).ok_or_else(bad)?,
                ints(&two[1]).ok_or_else(bad)?,
            );
            Ok(TensorAxes::Pairs(x, y))
        }
        _ => Err(bad()),
    }
}

fn triangle(a: &Args, lower: bool) -> Result<Output> {
    out(lin::triangle(&a.array("m")?, a.int("k")?, lower))
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "dot",
        PRODUCT_SHARDED,
        "Dot product: `a`'s last axis against `b`'s only or second-to-last (a scalar scales).",
        |a| pair(a, lin::dot)
    ),
    f!(
        "matmul",
        PRODUCT_SHARDED,
        "Matrix product (`a @ b`); 1-D operands are vectors, stacks of matrices share their leading shape.",
        "Leading (batch) dimensions must be equal: broadcasting them is not supported yet.",
        |a| pair(a, lin::matmul)
    ),
    f!(
        "vdot",
        PRODUCT,
        "Dot product of the flattened operands.",
        |a| pair(a, lin::vdot)
    ),
    f!(
        "inner",
        PRODUCT,
        "Inner product: the last axes contracted.",
        |a| pair(a, lin::inner)
    ),
    f!(
        "outer",
        &[A, B, OUT],
        "Outer product of the flattened operands.",
        |a| pair(a, lin::outer)
    ),
    f!(
        "tensordot",
        &[A, B, p("axes", K::Axis, D::Int(2)), PRECISION, PREFERRED, OUT_SHARDING],
        "Contraction over the last `axes` axes of `a` and the first of `b`, or over two lists of axes.",
        |a| {
            let axes = tensor_axes(a)?;
            out(lin::tensordot(&a.array("a")?, &a.array("b")?, axes))
        }
    ),
    f!(
        "kron",
        &[A, B],
        "Kronecker product.",
        "Inlined: JAX wraps it in a nested `jit[name=kron]`.",
        |a| pair(a, lin::kron)
    ),
    f!(
        "trace",
        &[
            A,
            p("offset", K::Int, D::Int(0)),
            p("axis1", K::Int, D::Int(0)),
            p("axis2", K::Int, D::Int(1)),
            DTYPE,
            OUT
        ],
        "Sum along a diagonal (of the planes of `axis1` x `axis2`).",
        "Inlined: JAX wraps it in nested `jit[name=trace]` and `jit[name=_where]`. `offset` must be a static int.",
        |a| {
            let x = a.array("a")?;
            let rank = x.shape().len();
            out(lin::trace(
                &x,
                a.int("offset")?,
                a.axis("axis1", rank)?,
                a.axis("axis2", rank)?,
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "tril",
        &[p("m", K::Array, D::Required), p("k", K::Int, D::Int(0))],
        "Lower triangle (on and below diagonal `k`); the rest zeroed.",
        "Inlined: JAX wraps it in a nested `jit[name=tril]`.",
        |a| triangle(a, true)
    ),
    f!(
        "triu",
        &[p("m", K::Array, D::Required), p("k", K::Int, D::Int(0))],
        "Upper triangle (on and above diagonal `k`); the rest zeroed.",
        "Inlined: JAX wraps it in a nested `jit[name=triu]`.",
        |a| triangle(a, false)
    ),
];
