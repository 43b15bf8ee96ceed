//! `jax.scipy.special`: the error function family, the gamma family, the logistic function
//! and its inverse, `xlogy`, and `softmax`/`logsumexp` (shared with `jax.nn`).

use super::args::{Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::Result;
use crate::jnp::math as m;
use crate::jnp::nn;
use crate::primitives::math::MathOp;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::ScipySpecial, $($t)*) };
}

const XK: Param = p("x", K::Array, D::Required);
const ONE: &[Param] = &[XK];
const TWO: &[Param] = &[XK, p("y", K::Array, D::Required)];
const SOFTMAX: &[Param] = &[X, p("axis", K::Axis, D::None).keyword()];

fn inexact(a: &Args, op: MathOp) -> Result<Output> {
    out(m::inexact_unary(op, &a.array("x")?))
}

/// The axes named by `axis`, all by default.
fn all_axes(a: &Args) -> Result<(crate::trace::Value, Vec<usize>)> {
    let x = a.array("x")?;
    let rank = x.shape().len();
    let axes = a.axes("axis", rank)?.unwrap_or_else(|| (0..rank).collect());
    Ok((x, axes))
}

pub static FUNCTIONS: &[Function] = &[
    f!("erf", ONE, "The error function.", |a| inexact(
        a,
        MathOp::Erf
    )),
    f!(
        "erfc",
        ONE,
        "The complementary error function, 1 - erf(x).",
        |a| inexact(a, MathOp::Erfc)
    ),
    f!("erfinv", ONE, "The inverse error function.", |a| inexact(
        a,
        MathOp::ErfInv
    )),
    f!(
        "expit",
        ONE,
        "The logistic sigmoid, 1 / (1 + exp(-x)).",
        |a| inexact(a, MathOp::Logistic)
    ),
    f!(
        "logit",
        ONE,
        "The inverse of `expit`: log(x / (1 - x)).",
        "Inlined: JAX's is a `custom_jvp` whose rule gives the body's derivative.",
        |a| out(nn::logit(&a.array("x")?))
    ),
    f!("gammaln", ONE, "log|Gamma(x)|.", |a| inexact(
        a,
        MathOp::Lgamma
    )),
    f!(
        "digamma",
        ONE,
        "The logarithmic derivative of Gamma.",
        |a| inexact(a, MathOp::Digamma)
    ),
    f!("ndtr", ONE, "The standard normal CDF.", |a| out(nn::ndtr(
        &a.array("x")?
    ))),
    f!(
        "ndtri",
        &[p("p", K::Array, D::Required)],
        "The inverse of the standard normal CDF (-inf at 0, inf at 1).",
        "Inlined: JAX wraps its polynomials in nested `jit`s of `scan`s; jaxplay unrolls them (the same values).",
        |a| out(crate::jnp::special::ndtri(&a.array("p")?))
    ),
    f!(
        "xlogy",
        TWO,
        "x * log(y), 0 where x is 0.",
        "JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params.",
        |a| out(nn::xlogy(&a.array("x")?, &a.array("y")?))
    ),
    f!(
        "xlog1py",
        TWO,
        "x * log1p(y), 0 where x is 0.",
        "JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params.",
        |a| out(nn::xlog1py(&a.array("x")?, &a.array("y")?))
    ),
    f!(
        "softmax",
        SOFTMAX,
        "exp(x) normalised to sum to 1 over `axis` (all axes by default).",
        |a| {
            let (x, axes) = all_axes(a)?;
            out(nn::softmax(&x, &axes))
        }
    ),
    f!(
        "log_softmax",
        SOFTMAX,
        "log(softmax(x)) over `axis` (all axes by default), computed stably.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let (x, axes) = all_axes(a)?;
            out(nn::log_softmax(&x, &axes))
        }
    ),
    f!(
        "logsumexp",
        super::nn::LOGSUMEXP,
        "log(sum(exp(a))) over `axis`, computed stably.",
        "`b`, `return_sign=True` and `where` are not supported yet.",
        super::nn::logsumexp
    ),
];
