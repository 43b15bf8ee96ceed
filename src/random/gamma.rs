//! The `jax.random` samplers built on the `random_gamma` primitive, in the order JAX 0.10.2
//! applies its operations: `gamma` and `loggamma` (the primitive itself, on `a` broadcast to
//! the sample shape), `beta` (two log-gammas, normalised in log space), `dirichlet` (log-gammas
//! through `softmax`), `generalized_normal` (a gamma draw to the power `1/p` with a random
//! sign) and `ball` (generalized normals scaled by their `p`-norm plus an exponential). As in
//! `samplers.rs`, JAX's nested `jit`s are inlined. The last division of `dirichlet` and `ball`
//! is bound as the product XLA's CPU code computes instead (`x · (1/d)`, `g · norm^(-1/p)`), so
//! that the draws are JAX's bit for bit.

use super::samplers::{exponential, float_dtype, rademacher, sample_shape, split_pick};
use super::{check_key, check_shape};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp;
use crate::lax;
use crate::primitives::elementwise::{BinaryOp, UnaryOp};
use crate::primitives::math::ops::max;
use crate::primitives::prng;
use crate::primitives::random_gamma::random_gamma;
use crate::trace::Value;

/// JAX's `_gamma`: `a` as float32 broadcast to the sample shape, one draw per element.
fn gamma_typed(key: &Value, a: &Value, shape: &[usize], log_space: bool) -> Result<Value> {
    let a = jnp::broadcast_to(&jnp::astype(a, DType::Float32)?, shape)?;
    random_gamma(key, &a, log_space)
}

/// `jax.random.gamma` (`log_space` false) and `jax.random.loggamma`: the sample shape is
/// `shape`, or `a`'s.
pub fn gamma(
    key: &Value,
    a: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
    log_space: bool,
) -> Result<Value> {
    let name = if log_space { "loggamma" } else { "gamma" };
    let (typed, _) = check_key(name, key, false)?;
    // JAX's dtype check says `gamma` for both.
    float_dtype("gamma", dtype)?;
    let shape = sample_shape("gamma", shape, &[a])?;
    gamma_typed(&typed, a, &shape, log_space)
}

/// `jax.random.beta(key, a, b, shape, dtype)`: `Ga / (Ga + Gb)` from log-gammas, each scaled by
/// the larger so that neither underflows.
pub fn beta(
    key: &Value,
    a: &Value,
    b: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("beta", key, false)?;
    float_dtype("beta", dtype)?;
    let shape = sample_shape("beta", shape, &[a, b])?;
    let (a, b) = (
        jnp::astype(a, DType::Float32)?,
        jnp::astype(b, DType::Float32)?,
    );
    let keys = prng::random_split(&typed, &[2])?;
    let (key_a, key_b) = (split_pick(&keys, 0)?, split_pick(&keys, 1)?);
    let (a, b) = (
        jnp::broadcast_to(&a, &shape)?,
        jnp::broadcast_to(&b, &shape)?,
    );
    let log_a = gamma_typed(&key_a, &a, &shape, true)?;
    let log_b = gamma_typed(&key_b, &b, &shape, true)?;
    let log_max = max(&log_a, &log_b)?;
    let scaled = |g: &Value| lax::unary(UnaryOp::Exp, &lax::sub(g, &log_max)?);
    let (ga, gb) = (scaled(&log_a)?, scaled(&log_b)?);
    jnp::binary(BinaryOp::Div, &ga, &jnp::binary(BinaryOp::Add, &ga, &gb)?)
}

/// `jax.random.dirichlet(key, alpha, shape, dtype)`: `softmax` of log-gammas over the last
/// axis, the sample shape being `shape + alpha.shape[-1:]`.
pub fn dirichlet(
    key: &Value,
    alpha: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("dirichlet", key, false)?;
    float_dtype("dirichlet", dtype)?;
    let alpha_shape = alpha.aval().shape;
    let Some((&last, batch)) = alpha_shape.split_last() else {
        return Err(Error::Value {
            message: "dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0".into(),
        });
    };
    let shape = match shape {
        None => batch.to_vec(),
        Some(s) => {
            check_shape("dirichlet", s, &[batch])?;
            s.to_vec()
        }
    };
    let alpha = lax::convert(alpha, DType::Float32, false)?;
    let full = [shape, vec![last]].concat();
    let log_gammas = gamma_typed(&typed, &alpha, &full, true)?;
    let (unnormalized, total) = jnp::nn::softmax_parts(&log_gammas, &[full.len() - 1])?;
    div_rows(&unnormalized, &total)
}

/// `x / d` for a divisor `d` broadcast along `x`'s last axis, as XLA's CPU code computes it:
/// `x · (1/d)`, which can differ from the quotient by an ulp (its fast-math `arcp`).
fn div_rows(x: &Value, d: &Value) -> Result<Value> {
    let reciprocal = jnp::binary(BinaryOp::Div, &jnp::number(1.0), d)?;
    jnp::binary(BinaryOp::Mul, x, &reciprocal)
}

/// `jax.random.generalized_normal(key, p, shape, dtype)`: `r · g^(1/p)` with `g` a
/// Gamma(1/p) draw and `r` a random sign.
pub fn generalized_normal(
    key: &Value,
    p: &Value,
    shape: &[usize],
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("generalized_normal", key, false)?;
    // JAX's dtype check is `gamma`'s, in its words.
    float_dtype("gamma", dtype)?;
    check_shape("generalized_normal", shape, &[])?;
    generalized_normal_typed(&typed, p, shape)
}

/// `keys[i]` of a split, as JAX indexes one (`strides=None`; tuple unpacking slices with
/// stride 1 instead, `split_pick`).
fn key_at(keys: &Value, i: usize) -> Result<Value> {
    lax::squeeze(&lax::slice(keys, vec![i], vec![i + 1], None)?, vec![0])
}

fn generalized_normal_typed(key: &Value, p: &Value, shape: &[usize]) -> Result<Value> {
    let keys = prng::random_split(key, &[2])?;
    let reciprocal = || jnp::binary(BinaryOp::Div, &jnp::number(1.0), p);
    let g = gamma_typed(&key_at(&keys, 0)?, &reciprocal()?, shape, false)?;
    let r = rademacher(&key_at(&keys, 1)?, shape, Some(DType::Float32))?;
    jnp::binary(BinaryOp::Mul, &r, &jnp::math::power(&g, &reciprocal()?)?)
}

/// `jax.random.ball(key, d, p, shape, dtype)`: points in the `d`-dimensional unit `p`-ball,
/// `g / (|g|^p summed + e)^(1/p)` with `g` generalized normal and `e` exponential.
pub fn ball(
    key: &Value,
    d: usize,
    p: &Value,
    shape: &[usize],
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("ball", key, false)?;
    float_dtype("gamma", dtype)?;
    check_shape("ball", shape, &[])?;
    let keys = prng::random_split(&typed, &[2])?;
    let (k1, k2) = (split_pick(&keys, 0)?, split_pick(&keys, 1)?);
    let points = [shape, &[d]].concat();
    let g = generalized_normal_typed(&k1, p, &points)?;
    let e = exponential(&k2, shape, None)?;
    let powered = jnp::math::power(&jnp::math::abs(&g)?, p)?;
    let norm = jnp::binary(
        BinaryOp::Add,
        &jnp::reductions::sum(
            &powered,
            &jnp::reductions::Reduction {
                axes: Some(vec![shape.len()]),
                ..jnp::reductions::Reduction::all()
            },
        )?,
        &e,
    )?;
    // `g / norm^(1/p)`, which XLA's CPU code computes as `g · norm^(-1/p)`.
    let inverse_p = lax::neg(&jnp::binary(BinaryOp::Div, &jnp::number(1.0), p)?)?;
    let scale = jnp::math::power(&norm, &inverse_p)?;
    let scale = lax::broadcast_in_dim(&scale, &[shape, &[1]].concat(), (0..shape.len()).collect())?;
    jnp::binary(BinaryOp::Mul, &g, &scale)
}
