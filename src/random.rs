//! `jax.random` on values: keys (`key`, `PRNGKey`, `split`, `fold_in`, `key_data`,
//! `wrap_key_data`) and samplers (`bits`, `uniform`, `randint`, `bernoulli` here; those built on
//! them in `random/samplers.rs`, the gamma family in `random/gamma.rs`), built from the
//! PRNG primitives (`primitives::prng`) and lax operations in the order JAX 0.10.2 applies them,
//! so they give JAX's numbers bit for bit, eagerly, under `jit` and under `vmap`.
//!
//! As in JAX, a function takes a typed key (`key<fry>[]`) or a raw one (`uint32[2]`, wrapped
//! with `random_wrap` on the way in), and gives keys back in the form it was given. JAX traces
//! each sampler inside a nested `jit` (`jit[name=_uniform ...]`); here its equations are
//! inlined, so a jaxpr reads as JAX's with those `jit`s inlined.

use crate::array::{shape_tuple, Array};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp;
use crate::lax;
use crate::primitives::bitwise::{bitcast_convert_type, bitwise, BitwiseOp};
use crate::primitives::elementwise::CompareOp;
use crate::primitives::math::ops::{math_binary, max, min, select_n};
use crate::primitives::math::MathBinaryOp;
use crate::primitives::prng;
use crate::trace::Value;

mod gamma;
mod samplers;

pub use gamma::{ball, beta, dirichlet, gamma, generalized_normal};
pub use samplers::{
    categorical, cauchy, choice, double_sided_maxwell, exponential, geometric, gumbel, laplace,
    logistic, lognormal, maxwell, multivariate_normal, normal, pareto, permutation, rademacher,
    rayleigh, triangular, truncated_normal, weibull_min, Population,
};

/// A key for a `jax.random` function: typed keys as they are, raw `uint32[..., 2]` data
/// wrapped (JAX's `_check_prng_key`), and whether it was wrapped; a function that takes one
/// key refuses an array of them in JAX's words.
fn check_key(name: &str, key: &Value, allow_batched: bool) -> Result<(Value, bool)> {
    let aval = key.aval();
    let (typed, wrapped) = if aval.dtype.is_key() {
        (key.clone(), false)
    } else {
        (prng::random_wrap(key)?, true)
    };
    if !allow_batched && !typed.aval().shape.is_empty() {
        return Err(Error::usage(format!(
            "{name} accepts a single key, but was given a key array of shape {} != (). Use \
             jax.vmap for batching.",
            shape_tuple(&aval.shape)
        )));
    }
    Ok((typed, wrapped))
}

/// Keys back in the form the caller gave them (JAX's `_return_prng_keys`).
fn return_keys(wrapped: bool, keys: Value) -> Result<Value> {
    if wrapped {
        prng::random_unwrap(&keys)
    } else {
        Ok(keys)
    }
}

/// `jax.random.key(seed)`: a typed key from an integer scalar seed.
pub fn key(seed: &Value) -> Result<Value> {
    seed_keys("key", seed)
}

/// `jax.random.PRNGKey(seed)`: the same key as its raw `uint32[2]` data.
pub fn prng_key(seed: &Value) -> Result<Value> {
    prng::random_unwrap(&seed_keys("PRNGKey", seed)?)
}

fn seed_keys(ctor: &str, seed: &Value) -> Result<Value> {
    let aval = seed.aval();
    if aval.dtype.is_key() {
        return Err(Error::usage(format!(
            "{ctor} accepts a scalar seed, but was given a PRNG key."
        )));
    }
    if !aval.shape.is_empty() {
        return Err(Error::usage(format!(
            "{ctor} accepts a scalar seed, but was given an array of shape {} != (). Use \
             jax.vmap for batching",
            shape_tuple(&aval.shape)
        )));
    }
    // A Python int seed becomes a strong int32 array (`jnp.asarray(np.int64(seed))`).
    let seed = if aval.weak_type && aval.dtype.is_integer() {
        jnp::astype(seed, aval.dtype)?
    } else {
        seed.clone()
    };
    prng::random_seed(&seed)
}

/// `jax.random.split(key, shape)` (`num` is `&[num]`).
pub fn split(key: &Value, shape: &[usize]) -> Result<Value> {
    let (typed, wrapped) = check_key("split", key, false)?;
    return_keys(wrapped, prng::random_split(&typed, shape)?)
}

/// `jax.random.fold_in(key, data)`: `data` is an integer scalar, taken as uint32.
pub fn fold_in(key: &Value, data: &Value) -> Result<Value> {
    let (typed, wrapped) = check_key("fold_in", key, false)?;
    let shape = data.aval().shape;
    if !shape.is_empty() {
        return Err(Error::usage(format!(
            "fold_in accepts a scalar, but was given an array ofshape {} != (). Use jax.vmap \
             for batching.",
            shape_tuple(&shape)
        )));
    }
    let data = jnp::astype(data, DType::Uint32)?;
    return_keys(wrapped, prng::random_fold_in(&typed, &data)?)
}

/// `jax.random.key_data(keys)`: the `uint32[..., 2]` data of keys (raw keys unchanged).
pub fn key_data(keys: &Value) -> Result<Value> {
    let (typed, _) = check_key("key_data", keys, true)?;
    prng::random_unwrap(&typed)
}

/// `jax.random.wrap_key_data(data)`: typed keys from `uint32[..., 2]` data.
pub fn wrap_key_data(data: &Value) -> Result<Value> {
    prng::random_wrap(data)
}

/// `jax.random.bits(key, shape)`: uint32 words (the only unsigned width the engine has).
pub fn bits(key: &Value, shape: &[usize]) -> Result<Value> {
    let (typed, _) = check_key("bits", key, false)?;
    prng::random_bits(&typed, shape)
}

/// `lax.broadcast_to_rank`: leading size-1 axes up to `rank`.
fn broadcast_to_rank(x: &Value, rank: usize) -> Result<Value> {
    let own = x.aval().shape;
    if own.len() >= rank {
        return Ok(x.clone());
    }
    let lead = rank - own.len();
    let shape = [vec![1; lead], own].concat();
    lax::broadcast_in_dim(x, &shape, (lead..rank).collect())
}

fn scalar(value: f64, dtype: DType) -> Value {
    Value::Array(Array::weak_scalar(value, dtype).with_weak_type(false))
}

fn rem(a: &Value, b: &Value) -> Result<Value> {
    math_binary(MathBinaryOp::Rem, a, b)
}

/// The range of an integer dtype.
fn int_range(dtype: DType) -> (f64, f64) {
    match dtype {
        DType::Uint32 => (0.0, f64::from(u32::MAX)),
        _ => (f64::from(i32::MIN), f64::from(i32::MAX)),
    }
}

/// JAX's `_convert_and_clip_integer`: `val` clipped to what `dtype` and its own dtype both
/// hold (`jnp.clip`: `max` with the weak lower bound, then `min` with the upper), then
/// converted.
fn convert_and_clip(val: &Value, dtype: DType) -> Result<Value> {
    let from = val.aval().dtype;
    let ((lo_to, hi_to), (lo_from, hi_from)) = (int_range(dtype), int_range(from));
    let bound = |v: f64| Value::Array(Array::weak_scalar(v, from));
    let clipped = max(&bound(lo_to.max(lo_from)), val)?;
    let clipped = min(&bound(hi_to.min(hi_from)), &clipped)?;
    jnp::astype(&clipped, dtype)
}

/// JAX's `_check_shape`: parameter shapes must broadcast to exactly `shape`.
fn check_shape(name: &str, shape: &[usize], params: &[&[usize]]) -> Result<()> {
    let mut out = shape.to_vec();
    for p in params {
        let rank = out.len().max(p.len());
        let lift = |s: &[usize]| [vec![1; rank - s.len()], s.to_vec()].concat();
        let (x, y) = (lift(&out), lift(p));
        out = x
            .iter()
            .zip(&y)
            .map(|(&a, &b)| match (a, b) {
                _ if a == b => Ok(a),
                (1, b) => Ok(b),
                (a, 1) => Ok(a),
                _ => Err(Error::usage(format!(
                    "Incompatible shapes for broadcasting: shapes=[{}]",
                    [shape_tuple(shape), shape_tuple(p)].join(", ")
                ))),
            })
            .collect::<Result<_>>()?;
    }
    if out != shape {
        return Err(Error::usage(format!(
            "{name} parameter shapes must be broadcast-compatible with shape argument, and the \
             result of broadcasting the shapes must equal the shape argument, but got result {} \
             for shape argument {}.",
            shape_tuple(&out),
            shape_tuple(shape)
        )));
    }
    Ok(())
}

/// `jax.random.uniform(key, shape, dtype, minval, maxval)`: float32 in `[minval, maxval)`
/// from the top 23 bits of each word.
pub fn uniform(
    key: &Value,
    shape: &[usize],
    dtype: DType,
    minval: &Value,
    maxval: &Value,
) -> Result<Value> {
    let (typed, _) = check_key("uniform", key, false)?;
    if !dtype.is_float() {
        return Err(Error::usage(format!(
            "dtype argument to `uniform` must be a float dtype, got {dtype}"
        )));
    }
    check_shape("uniform", shape, &[])?;
    uniform_typed(&typed, shape, minval, maxval)
}

fn uniform_typed(key: &Value, shape: &[usize], minval: &Value, maxval: &Value) -> Result<Value> {
    let minval = broadcast_to_rank(&jnp::astype(minval, DType::Float32)?, shape.len())?;
    let maxval = broadcast_to_rank(&jnp::astype(maxval, DType::Float32)?, shape.len())?;
    let bits = prng::random_bits(key, shape)?;
    // 32 bits less float32's 23 of mantissa, under the exponent of 1.0: a float in [1, 2).
    let shifted = bitwise(
        BitwiseOp::ShiftRightLogical,
        &bits,
        &scalar(9.0, DType::Uint32),
    )?;
    let one_bits = f64::from(1.0f32.to_bits());
    let float_bits = bitwise(BitwiseOp::Or, &shifted, &scalar(one_bits, DType::Uint32))?;
    let floats = lax::sub(
        &bitcast_convert_type(&float_bits, DType::Float32)?,
        &scalar(1.0, DType::Float32),
    )?;
    let scaled = lax::add(&lax::mul(&floats, &lax::sub(&maxval, &minval)?)?, &minval)?;
    max(&minval, &lax::reshape(&scaled, shape)?)
}

/// `jax.random.randint(key, shape, minval, maxval)` with int32 results: two words per value
/// reduced modulo the span, as JAX does.
pub fn randint(
    key: &Value,
    shape: &[usize],
    minval: &Value,
    maxval: &Value,
    dtype: DType,
) -> Result<Value> {
    let (typed, _) = check_key("randint", key, false)?;
    if !dtype.is_integer() {
        return Err(Error::usage(format!(
            "randint only accepts integer dtypes, got {dtype}"
        )));
    }
    if dtype != DType::Int32 {
        return Err(Error::Unsupported {
            what: "randint with a dtype other than int32",
        });
    }
    let (lo_shape, hi_shape) = (minval.aval().shape, maxval.aval().shape);
    check_shape("randint", shape, &[&lo_shape, &hi_shape])?;
    let as_int = |v: &Value| -> Result<Value> {
        if v.aval().dtype.is_integer() {
            Ok(v.clone())
        } else {
            jnp::astype(v, DType::Int32)
        }
    };
    let (minval, maxval) = (as_int(minval)?, as_int(maxval)?);
    let dtype_max = scalar(f64::from(i32::MAX), DType::Int32);
    let maxval_out_of_range = lax::compare(
        CompareOp::Gt,
        &maxval,
        &convert_and_clip(&dtype_max, maxval.aval().dtype)?,
    )?;
    let (minval, maxval) = (
        convert_and_clip(&minval, dtype)?,
        convert_and_clip(&maxval, dtype)?,
    );
    let minval = broadcast_to_rank(&minval, shape.len())?;
    let maxval = broadcast_to_rank(&maxval, shape.len())?;
    let keys = prng::random_split(&typed, &[2])?;
    let pick = |i: usize| -> Result<Value> {
        let one = lax::slice(&keys, vec![i], vec![i + 1], Some(vec![1]))?;
        lax::squeeze(&one, vec![0])
    };
    let (k1, k2) = (pick(0)?, pick(1)?);
    let higher_bits = prng::random_bits(&k1, shape)?;
    let lower_bits = prng::random_bits(&k2, shape)?;
    let span = lax::convert(&lax::sub(&maxval, &minval)?, DType::Uint32, false)?;
    let span_shape = span.aval().shape;
    let empty = lax::compare(CompareOp::Le, &maxval, &minval)?;
    let one = lax::broadcast_in_dim(&scalar(1.0, DType::Uint32), &span_shape, Vec::new())?;
    let span = select_n(&empty, &[span, one])?;
    let wider = bitwise(
        BitwiseOp::And,
        &maxval_out_of_range,
        &lax::compare(CompareOp::Gt, &maxval, &minval)?,
    )?;
    let span_plus = lax::add(&span, &scalar(1.0, DType::Uint32))?;
    let span = select_n(&wider, &[span.clone(), span_plus])?;
    // 2^32 mod span, from (2^16 mod span)^2, so that nothing overflows.
    let multiplier = rem(&scalar(65536.0, DType::Uint32), &span)?;
    let multiplier = rem(&lax::mul(&multiplier, &multiplier)?, &span)?;
    let offset = lax::add(
        &lax::mul(&rem(&higher_bits, &span)?, &multiplier)?,
        &rem(&lower_bits, &span)?,
    )?;
    let offset = rem(&offset, &span)?;
    lax::add(&minval, &lax::convert(&offset, DType::Int32, false)?)
}

/// `jax.random.bernoulli(key, p, shape)` (mode `low`): `uniform < p`, of `p`'s shape when
/// `shape` is `None`.
pub fn bernoulli(key: &Value, p: &Value, shape: Option<&[usize]>) -> Result<Value> {
    let (typed, _) = check_key("bernoulli", key, false)?;
    let aval = p.aval();
    if !aval.dtype.is_float() {
        return Err(Error::usage(format!(
            "bernoulli probability `p` must have a floating dtype, got {}.",
            aval.dtype
        )));
    }
    let p = jnp::astype(p, aval.dtype)?;
    let shape = match shape {
        None => aval.shape.clone(),
        Some(shape) => {
            check_shape("bernoulli", shape, &[&aval.shape])?;
            shape.to_vec()
        }
    };
    let u = uniform_typed(&typed, &shape, &jnp::number(0.0), &jnp::number(1.0))?;
    jnp::compare(CompareOp::Lt, &u, &p)
}
