//! `jax.nn`'s activations and normalisations (and the `jax.scipy.special` functions that share
//! them), built from `jnp` operations in the order JAX 0.10.2 builds them, so a jaxpr reads as
//! JAX's with its nested `jit`s inlined. `relu`, `relu6`, `xlogy` and `xlog1py` keep JAX's
//! `custom_jvp` (their gradients differ from their bodies' at 0); the other `custom_jvp`s of
//! JAX (`logaddexp` inside `softplus`, `softmax`'s) are inlined, their bodies' gradients being
//! the same.

use super::math::{self as m, constant_like, custom_jvp, full_like, konst, select, Promote};
use super::reductions::{self, Reduction};
use super::{binary, compare, convert, where_};
use crate::array::Array;
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::BitwiseOp;
use crate::primitives::custom::StopGradient;
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::primitives::math::ops;
use crate::primitives::math::{MathBinaryOp, MathOp};
use crate::primitives::reductions::reduce_max;
use crate::primitives::structural::Iota;
use crate::trace::{bind1, Value};
use std::rc::Rc;

fn add(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Add, a, b)
}

fn sub(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Sub, a, b)
}

fn mul(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Mul, a, b)
}

fn div(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Div, a, b)
}

fn float(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32))
}

fn int(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Int32))
}

fn maximum(a: &Value, b: &Value) -> Result<Value> {
    m::extremum("maximum", MathBinaryOp::Max, a, b)
}

fn minimum(a: &Value, b: &Value) -> Result<Value> {
    m::extremum("minimum", MathBinaryOp::Min, a, b)
}

pub fn stop_gradient(x: &Value) -> Result<Value> {
    bind1(Rc::new(StopGradient), std::slice::from_ref(x))
}

fn relu_body(x: &[Value]) -> Result<Value> {
    maximum(&x[0], &int(0.0))
}

/// `select(x > 0, g, 0)`: JAX's rule, 0 at 0.
fn relu_rule(x: &[Value], t: &[Value]) -> Result<Value> {
    let positive = compare(CompareOp::Gt, &x[0], &int(0.0))?;
    select(&positive, &t[0], &full_like(&t[0], 0.0, None)?)
}

/// `jax.nn.relu`: max(x, 0), its gradient 0 at 0.
pub fn relu(x: &Value) -> Result<Value> {
    custom_jvp("relu", std::slice::from_ref(x), relu_body, relu_rule)
}

fn relu6_body(x: &[Value]) -> Result<Value> {
    minimum(&maximum(&x[0], &int(0.0))?, &float(6.0))
}

fn relu6_rule(x: &[Value], t: &[Value]) -> Result<Value> {
    let above = compare(CompareOp::Gt, &x[0], &int(0.0))?;
    let below = compare(CompareOp::Lt, &x[0], &int(6.0))?;
    let inside = m::bitwise_binary(BitwiseOp::And, &above, &below)?;
    select(&inside, &t[0], &full_like(&t[0], 0.0, None)?)
}

/// `jax.nn.relu6`: min(max(x, 0), 6), its gradient 0 at both kinks.
pub fn relu6(x: &Value) -> Result<Value> {
    custom_jvp("relu6", std::slice::from_ref(x), relu6_body, relu6_rule)
}

/// `jax.nn.sigmoid`: `logistic`, with no promotion (as JAX's).
pub fn sigmoid(x: &Value) -> Result<Value> {
    ops::math(MathOp::Logistic, x)
}

pub fn softplus(x: &Value) -> Result<Value> {
    m::logaddexp(x, &int(0.0), false)
}

pub fn log_sigmoid(x: &Value) -> Result<Value> {
    lax::neg(&softplus(&lax::neg(x)?)?)
}

pub fn soft_sign(x: &Value) -> Result<Value> {
    div(x, &add(&m::abs(x)?, &int(1.0))?)
}

pub fn silu(x: &Value) -> Result<Value> {
    mul(x, &sigmoid(x)?)
}

/// `jax.nn.gelu`: the tanh approximation, or exactly through `erfc`.
pub fn gelu(x: &Value, approximate: bool) -> Result<Value> {
    let x = m::promote1(x, Promote::Inexact)?;
    if approximate {
        let sqrt_2_over_pi = konst(&x, f64::from((2.0 / std::f64::consts::PI).sqrt() as f32))?;
        let cubic = mul(&float(0.044715), &ops::integer_pow(&x, 3)?)?;
        let inner = mul(&sqrt_2_over_pi, &add(&x, &cubic)?)?;
        let cdf = mul(
            &float(0.5),
            &add(&float(1.0), &m::inexact_unary(MathOp::Tanh, &inner)?)?,
        )?;
        mul(&x, &cdf)
    } else {
        let sqrt_half = konst(&x, f64::from(0.5f64.sqrt() as f32))?;
        let half_x = mul(&float(0.5), &x)?;
        let arg = mul(&lax::neg(&x)?, &sqrt_half)?;
        mul(&half_x, &ops::math(MathOp::Erfc, &arg)?)
    }
}

/// `jax.nn.elu`: x above 0, alpha·(eˣ - 1) below.
pub fn elu(x: &Value, alpha: &Value) -> Result<Value> {
    let positive = compare(CompareOp::Gt, x, &int(0.0))?;
    let positive2 = compare(CompareOp::Gt, x, &int(0.0))?;
    let safe = where_(&positive2, &float(0.0), x)?;
    let negative = mul(alpha, &m::inexact_unary(MathOp::Expm1, &safe)?)?;
    where_(&positive, x, &negative)
}

pub fn celu(x: &Value, alpha: &Value) -> Result<Value> {
    let pos = maximum(x, &float(0.0))?;
    let neg = div(&minimum(x, &float(0.0))?, alpha)?;
    add(&pos, &mul(alpha, &m::inexact_unary(MathOp::Expm1, &neg)?)?)
}

pub fn selu(x: &Value) -> Result<Value> {
    let out = elu(x, &float(1.673_263_242_354_377_2))?;
    mul(&float(1.050_700_987_355_480_5), &out)
}

pub fn leaky_relu(x: &Value, negative_slope: &Value) -> Result<Value> {
    let keep = compare(CompareOp::Ge, x, &int(0.0))?;
    where_(&keep, x, &mul(negative_slope, x)?)
}

pub fn hard_tanh(x: &Value) -> Result<Value> {
    let above = compare(CompareOp::Gt, x, &int(1.0))?;
    let below = compare(CompareOp::Lt, x, &int(-1.0))?;
    let inner = where_(&below, &int(-1.0), x)?;
    where_(&above, &int(1.0), &inner)
}

pub fn hard_sigmoid(x: &Value) -> Result<Value> {
    div(&relu6(&add(x, &float(3.0))?)?, &float(6.0))
}

pub fn hard_silu(x: &Value) -> Result<Value> {
    mul(x, &hard_sigmoid(x)?)
}

pub fn squareplus(x: &Value, b: &Value) -> Result<Value> {
    let root = m::inexact_unary(MathOp::Sqrt, &add(&m::square(x)?, b)?)?;
    div(&add(x, &root)?, &int(2.0))
}

pub fn mish(x: &Value) -> Result<Value> {
    mul(x, &m::inexact_unary(MathOp::Tanh, &softplus(x)?)?)
}

pub fn sparse_plus(x: &Value) -> Result<Value> {
    let low = compare(CompareOp::Le, x, &float(-1.0))?;
    let high = compare(CompareOp::Ge, x, &float(1.0))?;
    let quad = div(&ops::integer_pow(&add(x, &float(1.0))?, 2)?, &int(4.0))?;
    let inner = where_(&high, x, &quad)?;
    where_(&low, &float(0.0), &inner)
}

pub fn sparse_sigmoid(x: &Value) -> Result<Value> {
    let shifted = add(x, &float(1.0))?;
    let clipped = m::clip(&shifted, Some(&float(0.0)), Some(&float(2.0)))?;
    mul(&float(0.5), &clipped)
}

/// `jax.nn.glu`: the first half along `axis` gated by the sigmoid of the second.
pub fn glu(x: &Value, axis: usize) -> Result<Value> {
    let shape = x.shape().to_vec();
    let size = shape[axis];
    if !size.is_multiple_of(2) {
        return Err(Error::Value {
            message: "axis size must be divisible by 2".into(),
        });
    }
    let half = |k: usize| {
        let mut start = vec![0; shape.len()];
        let mut limit = shape.clone();
        start[axis] = k * size / 2;
        limit[axis] = (k + 1) * size / 2;
        lax::slice(x, start, limit, None)
    };
    mul(&half(0)?, &sigmoid(&half(1)?)?)
}

/// `jnp.max(x, axes, initial=-inf, keepdims=True)`: the reduction, combined with the initial
/// value (-inf, or int32's least for integers), its axes kept.
fn max_keepdims(x: &Value, axes: &[usize]) -> Result<Value> {
    let r = Reduction {
        axes: Some(axes.to_vec()),
        keepdims: true,
        ..Reduction::all()
    };
    let reduced = reduce_max(x, axes.to_vec())?;
    let lowest = if x.aval().dtype.is_float() {
        f64::NEG_INFINITY
    } else {
        f64::from(i32::MIN)
    };
    let combined = ops::max(&konst(x, lowest)?, &reduced)?;
    reductions::keep_dims(combined, x.shape(), &r)
}

fn sum_keepdims(x: &Value, axes: &[usize]) -> Result<Value> {
    reductions::sum(
        x,
        &Reduction {
            axes: Some(axes.to_vec()),
            keepdims: true,
            ..Reduction::all()
        },
    )
}

/// `jax.nn.softmax` over `axes`: exp(x - max) normalised, the max held constant.
pub fn softmax(x: &Value, axes: &[usize]) -> Result<Value> {
    let (unnormalized, total) = softmax_parts(x, axes)?;
    div(&unnormalized, &total)
}

/// `softmax`'s numerator `exp(x - max)` and its sum over `axes` (kept as size-1 axes), for
/// a caller that divides as XLA's CPU code does (`jax.random.dirichlet`).
pub fn softmax_parts(x: &Value, axes: &[usize]) -> Result<(Value, Value)> {
    let x_max = stop_gradient(&max_keepdims(x, axes)?)?;
    let unnormalized = m::inexact_elementwise(UnaryOp::Exp, &sub(x, &x_max)?)?;
    let total = sum_keepdims(&unnormalized, axes)?;
    Ok((unnormalized, total))
}

/// `jax.nn.log_softmax` over `axes`.
pub fn log_softmax(x: &Value, axes: &[usize]) -> Result<Value> {
    let x_max = max_keepdims(x, axes)?;
    let shifted = sub(x, &stop_gradient(&x_max)?)?;
    let exp = m::inexact_elementwise(UnaryOp::Exp, &shifted)?;
    let total = m::inexact_elementwise(UnaryOp::Log, &sum_keepdims(&exp, axes)?)?;
    sub(&shifted, &total)
}

/// `jax.nn.logsumexp` (and `jax.scipy.special.logsumexp`) without `b`, `return_sign` or `where`.
pub fn logsumexp(x: &Value, axes: Option<Vec<usize>>, keepdims: bool) -> Result<Value> {
    let a = m::promote1(x, Promote::Inexact)?;
    let rank = a.shape().len();
    let mut axes = axes.unwrap_or_else(|| (0..rank).collect());
    axes.sort_unstable();
    let r = Reduction {
        axes: Some(axes.clone()),
        keepdims,
        ..Reduction::all()
    };
    // JAX takes the max with `jnp.max`, which makes a weak operand strong first; the shift and
    // so the gradient of a weak input are then strong too.
    let reduced = reduce_max(&super::astype(&a, a.aval().dtype)?, axes.clone())?;
    let amax = ops::max(&konst(&a, f64::NEG_INFINITY)?, &reduced)?;
    let amax = reductions::keep_dims(amax, a.shape(), &r)?;
    let finite = ops::math(MathOp::IsFinite, &amax)?;
    let amax = stop_gradient(&select(&finite, &amax, &full_like(&amax, 0.0, None)?)?)?;
    let with_dims = if keepdims {
        amax.clone()
    } else {
        let kept = Reduction {
            keepdims: true,
            ..r.clone()
        };
        reductions::keep_dims(amax.clone(), a.shape(), &kept)?
    };
    let exp_a = lax::unary(UnaryOp::Exp, &lax::sub(&a, &with_dims)?)?;
    let sumexp = reductions::sum(&exp_a, &r)?;
    // JAX computes the sign whether it is asked for or not.
    ops::math(MathOp::Sign, &sumexp)?;
    let sumexp = ops::math(MathOp::Abs, &sumexp)?;
    lax::add(&lax::unary(UnaryOp::Log, &sumexp)?, &amax)
}

/// `jax.nn.standardize`: (x - mean) / sqrt(variance + epsilon) over `axes`; the variance
/// E[x²] - E[x]² clipped at 0 ("fast"), or E[(x - mean)²] (`stable`).
pub fn standardize(x: &Value, axes: &[usize], epsilon: &Value, stable: bool) -> Result<Value> {
    let r = Reduction {
        axes: Some(axes.to_vec()),
        keepdims: true,
        ..Reduction::all()
    };
    let mean = reductions::mean(x, &r)?;
    let variance = if stable {
        reductions::mean(&m::square(&sub(x, &mean)?)?, &r)?
    } else {
        let mean_sq = reductions::mean(&m::square(x)?, &r)?;
        let variance = sub(&mean_sq, &m::square(&mean)?)?;
        m::clip(&variance, Some(&int(0.0)), None)?
    };
    let centred = sub(x, &mean)?;
    mul(
        &centred,
        &ops::math(MathOp::Rsqrt, &add(&variance, epsilon)?)?,
    )
}

/// `jax.nn.one_hot`: `x == iota` along a new axis, as `dtype` (float32 by default).
pub fn one_hot(x: &Value, num_classes: usize, dtype: DType, axis: i64) -> Result<Value> {
    let rank = x.shape().len();
    let out_axis = super::axis_index(axis, rank + 1)?;
    let lhs = super::shape::expand_dims(x, &[axis])?;
    let mut rhs_shape = vec![1; rank];
    rhs_shape.insert(out_axis, num_classes);
    let rhs = bind1(
        Rc::new(Iota {
            dtype: x.aval().dtype,
            shape: rhs_shape,
            dimension: out_axis,
        }),
        &[],
    )?;
    let eq = compare(CompareOp::Eq, &lhs, &rhs)?;
    convert(&eq, TypeKey { dtype, weak: false })
}

/// `jax.scipy.special.logit`: log(x / (1 - x)).
pub fn logit(x: &Value) -> Result<Value> {
    let x = m::promote1(x, Promote::Inexact)?;
    let odds = lax::div(&x, &lax::sub(&konst(&x, 1.0)?, &x)?)?;
    lax::unary(UnaryOp::Log, &odds)
}

/// `jax.scipy.special.ndtr`: the standard normal CDF, through `erf` near 0 and `erfc` in the
/// tails.
pub fn ndtr(x: &Value) -> Result<Value> {
    if !x.aval().dtype.is_float() {
        return Err(Error::Signature {
            message: format!(
                "x.dtype={} is not supported, see docstring for supported types.",
                x.aval().dtype
            ),
        });
    }
    let half_sqrt_2 = constant_like(x, f64::from((0.5f32) * std::f32::consts::SQRT_2))?;
    let w = mul(x, &half_sqrt_2)?;
    let z = ops::math(MathOp::Abs, &w)?;
    let near = lax::compare(CompareOp::Lt, &z, &half_sqrt_2)?;
    let one_plus = add(&constant_like(x, 1.0)?, &ops::math(MathOp::Erf, &w)?)?;
    let positive = lax::compare(CompareOp::Gt, &w, &constant_like(x, 0.0)?)?;
    let upper = sub(&constant_like(x, 2.0)?, &ops::math(MathOp::Erfc, &z)?)?;
    let tails = select(&positive, &upper, &ops::math(MathOp::Erfc, &z)?)?;
    let y = select(&near, &one_plus, &tails)?;
    mul(&constant_like(x, 0.5)?, &y)
}

fn xlogy_body(v: &[Value]) -> Result<Value> {
    xlog_body(&v[0], &v[1], false)
}

fn xlog1py_body(v: &[Value]) -> Result<Value> {
    xlog_body(&v[0], &v[1], true)
}

/// `where(x != 0 | isnan(y), x * log(y), 0)` (`log1p` with `plus_one`).
fn xlog_body(x: &Value, y: &Value, plus_one: bool) -> Result<Value> {
    let ok = compare(CompareOp::Ne, x, &float(0.0))?;
    let ok = m::bitwise_binary(BitwiseOp::Or, &ok, &m::isnan(y)?)?;
    let log = if plus_one {
        ops::math(MathOp::Log1p, y)?
    } else {
        lax::unary(UnaryOp::Log, y)?
    };
    let value = lax::mul(x, &log)?;
    where_(&ok, &value, &full_like(x, 0.0, None)?)
}

/// `x_dot·log(y) + y_dot·x/y`: JAX's rule for `xlogy`.
fn xlogy_rule(v: &[Value], t: &[Value]) -> Result<Value> {
    let (x, y) = (&v[0], &v[1]);
    let dx = mul(&t[0], &lax::unary(UnaryOp::Log, y)?)?;
    let dy = div(&mul(&t[1], x)?, y)?;
    add(&dx, &dy)
}

/// `x_dot·log1p(y) + y_dot·x/(1 + y)`: JAX's rule for `xlog1py`.
fn xlog1py_rule(v: &[Value], t: &[Value]) -> Result<Value> {
    let (x, y) = (&v[0], &v[1]);
    let dx = mul(&t[0], &ops::math(MathOp::Log1p, y)?)?;
    let dy = div(&mul(&t[1], x)?, &add(y, &int(1.0))?)?;
    add(&dx, &dy)
}

/// `jax.scipy.special.xlogy`: x·log(y), 0 where x is 0 (unless y is NaN).
pub fn xlogy(x: &Value, y: &Value) -> Result<Value> {
    let [x, y] = m::promote2("xlogy", x, y, Promote::Inexact)?;
    custom_jvp("xlogy", &[x, y], xlogy_body, xlogy_rule)
}

/// `jax.scipy.special.xlog1py`: x·log1p(y), 0 where x is 0 (unless y is NaN).
pub fn xlog1py(x: &Value, y: &Value) -> Result<Value> {
    let [x, y] = m::promote2("xlog1py", x, y, Promote::Inexact)?;
    custom_jvp("xlog1py", &[x, y], xlog1py_body, xlog1py_rule)
}

/// `where(x < log 2, log(-expm1(-x)), log1p(-exp(-x)))`: `log1mexp`'s body.
fn log1mexp_body(v: &[Value]) -> Result<Value> {
    let x = &v[0];
    let neg = lax::unary(UnaryOp::Neg, x)?;
    let small = lax::compare(CompareOp::Lt, x, &constant_like(x, std::f64::consts::LN_2)?)?;
    let near = lax::unary(
        UnaryOp::Log,
        &lax::unary(UnaryOp::Neg, &ops::math(MathOp::Expm1, &neg)?)?,
    )?;
    let far = ops::math(
        MathOp::Log1p,
        &lax::unary(UnaryOp::Neg, &lax::unary(UnaryOp::Exp, &neg)?)?,
    )?;
    select(&small, &near, &far)
}

/// `g / expm1(x)`: JAX's rule for `log1mexp`.
fn log1mexp_rule(v: &[Value], t: &[Value]) -> Result<Value> {
    div(&t[0], &ops::math(MathOp::Expm1, &v[0])?)
}

/// `jax.nn.log1mexp`: log(1 - exp(-x)), stable on both sides of log 2.
pub fn log1mexp(x: &Value) -> Result<Value> {
    let x = m::promote1(x, Promote::Inexact)?;
    custom_jvp("log1mexp", &[x], log1mexp_body, log1mexp_rule)
}

/// `jax.nn.logmeanexp`: `logsumexp` less the log of the number of elements reduced.
pub fn logmeanexp(x: &Value, axes: Option<Vec<usize>>, keepdims: bool) -> Result<Value> {
    let rank = x.shape().len();
    let count: usize = match &axes {
        Some(axes) => axes.iter().map(|&a| x.shape()[a]).product(),
        None => (0..rank).map(|a| x.shape()[a]).product(),
    };
    let lse = logsumexp(x, axes, keepdims)?;
    let count = constant_like(&lse, count as f64)?;
    sub(&lse, &lax::unary(UnaryOp::Log, &count)?)
}

/// `jax.nn.dot_product_attention` as JAX's `implementation='xla'` computes it: query
/// (B, T, N, H), key and value (B, S, K, H) with N a multiple of K (or all without B),
/// softmax(q·k * scale + bias, masked) · v. `mask` is a bool array broadcastable to
/// (B, N, T, S); masked logits become -0.7 times float32's largest value, as JAX's do.
pub fn dot_product_attention(
    query: &Value,
    key: &Value,
    value: &Value,
    bias: Option<&Value>,
    mask: Option<&Value>,
    scale: Option<f64>,
    is_causal: bool,
) -> Result<Value> {
    let rank = query.shape().len();
    let shape_err = |message: String| Error::Value { message };
    if !(rank == 3 || rank == 4) || key.shape().len() != rank || value.shape().len() != rank {
        return Err(shape_err(format!(
            "query, key and value must all be rank 3 or 4, got shapes {:?}, {:?} and {:?}",
            query.shape(),
            key.shape(),
            value.shape()
        )));
    }
    let batched = |v: &Value| -> Result<Value> {
        if rank == 4 {
            return Ok(v.clone());
        }
        let mut shape = vec![1];
        shape.extend_from_slice(v.shape());
        lax::reshape(v, &shape)
    };
    let (q, k, v) = (batched(query)?, batched(key)?, batched(value)?);
    let dims = |s: &[usize]| format!("{s:?}").replace('[', "(").replace(']', ")");
    if v.shape() != k.shape() {
        return Err(shape_err(format!(
            "value shape should be {:?}: but got {}",
            k.shape(),
            dims(v.shape())
        )));
    }
    let (b, t, n, h) = (q.shape()[0], q.shape()[1], q.shape()[2], q.shape()[3]);
    let (s, kh) = (k.shape()[1], k.shape()[2]);
    if k.shape()[0] != b || k.shape()[3] != h || kh == 0 || n % kh != 0 {
        return Err(shape_err(format!(
            "key shape should be [{b}, {s}, {kh}, {h}] with {n} a multiple of {kh}: but got {}",
            dims(k.shape())
        )));
    }
    // Each key/value head serves n / kh query heads, as JAX's grouping of the query heads.
    let grouped = |x: &Value| -> Result<Value> {
        if kh == n {
            return Ok(x.clone());
        }
        let wide = lax::broadcast_in_dim(x, &[b, s, kh, n / kh, h], vec![0, 1, 2, 4])?;
        lax::reshape(&wide, &[b, s, n, h])
    };
    let (k, v) = (grouped(&k)?, grouped(&v)?);
    let logits = super::einsum::einsum("BTNH,BSNH->BNTS", &[q, k], None)?;
    let dtype = logits.aval().dtype;
    let scale = scale.unwrap_or(1.0 / (h as f64).sqrt());
    let mut logits = mul(&logits, &constant_like(&logits, scale)?)?;
    if let Some(bias) = bias {
        logits = convert(&add(&logits, bias)?, TypeKey { dtype, weak: false })?;
    }
    let mut keep: Option<Value> = mask.cloned();
    if is_causal {
        let tril: Vec<bool> = (0..t * s).map(|i| i % s <= i / s).collect();
        let causal = Value::Array(Array::from_bool(&[1, 1, t, s], tril)?);
        keep = Some(match keep {
            Some(m) => m::bitwise_binary(BitwiseOp::And, &m, &causal)?,
            None => causal,
        });
    }
    if let Some(keep) = keep {
        let large_negative = constant_like(&logits, -0.7 * f64::from(f32::MAX))?;
        logits = where_(&keep, &logits, &large_negative)?;
    }
    let probs = softmax(&logits, &[3])?;
    let encoded = super::einsum::einsum("BNTS,BSNH->BTNH", &[probs, v], None)?;
    if rank == 4 {
        Ok(encoded)
    } else {
        lax::reshape(&encoded, &[t, n, h])
    }
}
