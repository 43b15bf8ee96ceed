//! `jax.nn`: activations, `softmax` and its relatives, `standardize` and `one_hot`. The logic
//! is in `crate::jnp::nn`.

use super::args::{Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp::nn;
use crate::trace::Value;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Nn, $($t)*) };
}

const XK: Param = p("x", K::Array, D::Required);
const ONE: &[Param] = &[XK];
const SOFTMAX: &[Param] = &[
    XK,
    p("axis", K::Axis, D::Int(-1)),
    p("where", K::Unsupported, D::None),
];

fn x(a: &Args) -> Result<Value> {
    a.array("x")
}

/// The axes of `x` named by `axis` (all when None).
fn axes(a: &Args, x: &Value) -> Result<Vec<usize>> {
    let rank = x.shape().len();
    Ok(a.axes("axis", rank)?.unwrap_or_else(|| (0..rank).collect()))
}

/// `logsumexp`'s table entry, shared with `jax.scipy.special`.
pub(super) fn logsumexp(a: &Args) -> Result<Output> {
    if a.bool("return_sign")? {
        return Err(Error::Unsupported {
            what: "logsumexp with return_sign=True",
        });
    }
    let x = a.array("a")?;
    let axes = a.axes("axis", x.shape().len())?;
    out(nn::logsumexp(&x, axes, a.bool("keepdims")?))
}

pub(super) const LOGSUMEXP: &[Param] = &[
    A,
    AXIS,
    p("b", K::Unsupported, D::None),
    KEEPDIMS,
    p("return_sign", K::Bool, D::Bool(false)),
    p("where", K::Unsupported, D::None),
];

pub static FUNCTIONS: &[Function] = &[
    f!(
        "relu",
        ONE,
        "max(x, 0); its gradient at 0 is 0.",
        "JAX's `custom_jvp_call` is kept (its rule gives 0 at 0) around the inlined body; it prints its own params.",
        |a| out(nn::relu(&x(a)?))
    ),
    f!(
        "relu6",
        ONE,
        "min(max(x, 0), 6); its gradient at 0 and 6 is 0.",
        "JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params.",
        |a| out(nn::relu6(&x(a)?))
    ),
    f!("sigmoid", ONE, "1 / (1 + exp(-x)).", |a| out(nn::sigmoid(&x(a)?))),
    f!(
        "log_sigmoid",
        ONE,
        "log(sigmoid(x)), computed as -softplus(-x).",
        "Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments).",
        |a| out(nn::log_sigmoid(&x(a)?))
    ),
    f!(
        "softplus",
        ONE,
        "log(1 + exp(x)), without overflow.",
        "Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments).",
        |a| out(nn::softplus(&x(a)?))
    ),
    f!("soft_sign", ONE, "x / (|x| + 1).", "Inlined: JAX wraps it in a nested `jit`.", |a| out(nn::soft_sign(&x(a)?))),
    f!("silu", ONE, "x * sigmoid(x).", "Inlined: JAX wraps it in a nested `jit`.", |a| out(nn::silu(&x(a)?))),
    f!("swish", ONE, "x * sigmoid(x) (alias of `silu`).", "Inlined: JAX wraps it in a nested `jit`.", |a| out(nn::silu(&x(a)?))),
    f!(
        "gelu",
        &[XK, p("approximate", K::Bool, D::Bool(true))],
        "Gaussian error linear unit: the tanh approximation, or exact through erfc.",
        |a| out(nn::gelu(&x(a)?, a.bool("approximate")?))
    ),
    f!(
        "elu",
        &[XK, p("alpha", K::Array, D::Float(1.0))],
        "x above 0, alpha * (exp(x) - 1) below.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::elu(&x(a)?, &a.array("alpha")?))
    ),
    f!(
        "celu",
        &[XK, p("alpha", K::Array, D::Float(1.0))],
        "max(x, 0) + alpha * expm1(min(x, 0) / alpha).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::celu(&x(a)?, &a.array("alpha")?))
    ),
    f!(
        "selu",
        ONE,
        "Scaled `elu` with the self-normalising constants.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::selu(&x(a)?))
    ),
    f!(
        "leaky_relu",
        &[XK, p("negative_slope", K::Array, D::Float(0.01))],
        "x above 0, negative_slope * x below.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::leaky_relu(&x(a)?, &a.array("negative_slope")?))
    ),
    f!("hard_tanh", ONE, "x clipped to [-1, 1].", "Inlined: JAX wraps it in a nested `jit`.", |a| out(nn::hard_tanh(&x(a)?))),
    f!(
        "hard_sigmoid",
        ONE,
        "relu6(x + 3) / 6.",
        "Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`.",
        |a| out(nn::hard_sigmoid(&x(a)?))
    ),
    f!(
        "hard_silu",
        ONE,
        "x * hard_sigmoid(x).",
        "Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`.",
        |a| out(nn::hard_silu(&x(a)?))
    ),
    f!(
        "hard_swish",
        ONE,
        "x * hard_sigmoid(x) (alias of `hard_silu`).",
        "Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`.",
        |a| out(nn::hard_silu(&x(a)?))
    ),
    f!(
        "squareplus",
        &[XK, p("b", K::Array, D::Int(4))],
        "(x + sqrt(x**2 + b)) / 2.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::squareplus(&x(a)?, &a.array("b")?))
    ),
    f!("mish", ONE, "x * tanh(softplus(x)).", "Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments).", |a| out(nn::mish(&x(a)?))),
    f!(
        "sparse_plus",
        ONE,
        "0 below -1, x above 1, (x + 1)**2 / 4 between.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::sparse_plus(&x(a)?))
    ),
    f!(
        "sparse_sigmoid",
        ONE,
        "clip(x + 1, 0, 2) / 2.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| out(nn::sparse_sigmoid(&x(a)?))
    ),
    f!("identity", ONE, "x itself.", "Inlined: JAX wraps it in a nested `jit`.", |a| out(x(a))),
    f!(
        "glu",
        &[XK, p("axis", K::Int, D::Int(-1))],
        "Gated linear unit: the first half along `axis` times the sigmoid of the second.",
        "Inlined: JAX wraps it in a nested `jit`; the halves are two `slice`s where JAX has one `split`.",
        |a| {
            let x = x(a)?;
            let axis = a.axis("axis", x.shape().len())?;
            out(nn::glu(&x, axis))
        }
    ),
    f!(
        "softmax",
        SOFTMAX,
        "exp(x) normalised to sum to 1 along `axis`.",
        |a| {
            let x = x(a)?;
            let axes = axes(a, &x)?;
            out(nn::softmax(&x, &axes))
        }
    ),
    f!(
        "log_softmax",
        SOFTMAX,
        "log(softmax(x)), computed stably.",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let x = x(a)?;
            let axes = axes(a, &x)?;
            out(nn::log_softmax(&x, &axes))
        }
    ),
    f!(
        "logsumexp",
        LOGSUMEXP,
        "log(sum(exp(a))) over `axis`, computed stably.",
        "`b`, `return_sign=True` and `where` are not supported yet.",
        logsumexp
    ),
    f!(
        "log1mexp",
        ONE,
        "log(1 - exp(-x)), computed stably on both sides of log 2.",
        "JAX's `custom_jvp_call` (its rule g / expm1(x)) is kept around the inlined body; it prints its own params.",
        |a| out(nn::log1mexp(&x(a)?))
    ),
    f!(
        "logmeanexp",
        &[
            XK,
            AXIS,
            p("where", K::Unsupported, D::None),
            KEEPDIMS
        ],
        "log(mean(exp(x))) over `axis` (all axes by default), computed stably.",
        "Inlined: JAX wraps it in a nested `jit`. `where` is not supported yet.",
        |a| {
            let x = x(a)?;
            let axes = a.axes("axis", x.shape().len())?;
            out(nn::logmeanexp(&x, axes, a.bool("keepdims")?))
        }
    ),
    f!(
        "dot_product_attention",
        &[
            p("query", K::Array, D::Required),
            p("key", K::Array, D::Required),
            p("value", K::Array, D::Required),
            p("bias", K::Array, D::None),
            p("mask", K::Array, D::None),
            p("scale", K::Float, D::None).keyword(),
            p("is_causal", K::Bool, D::Bool(false)).keyword(),
            p("query_seq_lengths", K::Unsupported, D::None).keyword(),
            p("key_value_seq_lengths", K::Unsupported, D::None).keyword(),
            p("local_window_size", K::Unsupported, D::None).keyword(),
            p("implementation", K::Str, D::None).keyword(),
            p("return_residual", K::Bool, D::Bool(false)).keyword()
        ],
        "Scaled dot-product attention softmax(q k^T * scale + bias, masked) v over (B, T, N, H) arrays (or without B).",
        "Only implementation=None or 'xla'; query_seq_lengths, key_value_seq_lengths, local_window_size and return_residual=True are not supported; the products are two einsums where JAX groups the heads and vmaps (the same values).",
        |a| {
            if !a.is_none("implementation")? {
                a.choice("implementation", &["xla"])?;
            }
            if a.bool("return_residual")? {
                return Err(Error::UnsupportedArgument {
                    function: a.qualified(),
                    argument: "return_residual",
                });
            }
            let scale = if a.is_none("scale")? { None } else { Some(a.float("scale")?) };
            out(nn::dot_product_attention(
                &a.array("query")?,
                &a.array("key")?,
                &a.array("value")?,
                a.opt_array("bias")?.as_ref(),
                a.opt_array("mask")?.as_ref(),
                scale,
                a.bool("is_causal")?,
            ))
        }
    ),
    f!(
        "standardize",
        &[
            XK,
            p("axis", K::Axis, D::Int(-1)),
            p("mean", K::Unsupported, D::None),
            p("variance", K::Unsupported, D::None),
            p("epsilon", K::Array, D::Float(1e-5)),
            p("where", K::Unsupported, D::None),
            p("algorithm", K::Str, D::Str("fast")).keyword()
        ],
        "(x - mean) / sqrt(variance + epsilon) along `axis`.",
        "Inlined: JAX wraps it in a nested `jit`. `mean`, `variance` and `where` are not supported yet.",
        |a| {
            let x = x(a)?;
            let axes = axes(a, &x)?;
            let stable = a.choice("algorithm", &["fast", "stable"])? == "stable";
            out(nn::standardize(&x, &axes, &a.array("epsilon")?, stable))
        }
    ),
    f!(
        "one_hot",
        &[
            XK,
            p("num_classes", K::Int, D::Required),
            p("dtype", K::Dtype, D::None).keyword(),
            p("axis", K::Int, D::Int(-1)).keyword()
        ],
        "x == arange(num_classes) along a new axis, as float32 (or `dtype`).",
        "Inlined: JAX wraps it in a nested `jit`.",
        |a| {
            let n = a.shape("num_classes")?[0];
            let dtype = a.dtype("dtype")?.unwrap_or(DType::Float32);
            out(nn::one_hot(&x(a)?, n, dtype, a.int("axis")?))
        }
    ),
];
