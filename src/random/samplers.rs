//! The `jax.random` samplers built on `uniform` and the PRNG primitives, in the order JAX 0.10.2
//! applies its operations, so their values are JAX's bit for bit: `gumbel` (mode `low`),
//! `categorical` (with replacement), `exponential`, `laplace`, `logistic`, `normal`,
//! `rademacher`, `permutation` and `choice` (without `p`). JAX wraps each in a nested `jit`;
//! here the equations are inlined, as for the samplers in `random.rs`.

use super::{bernoulli, check_key, check_shape, randint, scalar, uniform_typed};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp;
use crate::lax;
use crate::primitives::elementwise::UnaryOp;
use crate::primitives::math::ops::math;
use crate::primitives::math::MathOp;
use crate::primitives::prng;
use crate::primitives::reductions::argmax;
use crate::primitives::sort::sort;
use crate::trace::Value;

/// The one float dtype samplers make (`dtype=None` is float32 with 64-bit mode off).
fn float_dtype(name: &str, dtype: Option<DType>) -> Result<()> {
    match dtype {
        None | Some(DType::Float32) => Ok(()),
        Some(d) if d.is_float() => Err(Error::Unsupported {
            what: "random samplers with a float dtype other than float32",
        }),
        Some(d) => Err(Error::Value {
            message: format!(
                "dtype argument to `{name}` must be a {}, got {d}",
                if name == "normal" {
                    "float or complex dtype"
                } else {
                    "float dtype"
                }
            ),
        }),
    }
}

/// A float32 sampler's checks: one key, a float dtype, a valid shape.
fn float_sampler(name: &str, key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let (typed, _) = check_key(name, key, false)?;
    float_dtype(name, dtype)?;
    check_shape(name, shape, &[])?;
    Ok(typed)
}

fn f32_scalar(v: f32) -> Value {
    scalar(f64::from(v), DType::Float32)
}

/// `uniform(key, shape, minval, maxval)` on a checked key with float32 bounds.
fn uniform_between(key: &Value, shape: &[usize], lo: f32, hi: f32) -> Result<Value> {
    uniform_typed(key, shape, &f32_scalar(lo), &f32_scalar(hi))
}

fn gumbel_typed(key: &Value, shape: &[usize]) -> Result<Value> {
    let u = uniform_between(key, shape, f32::MIN_POSITIVE, 1.0)?;
    let inner = lax::neg(&lax::unary(UnaryOp::Log, &u)?)?;
    lax::neg(&lax::unary(UnaryOp::Log, &inner)?)
}

/// `jax.random.gumbel(key, shape, dtype)`: `-log(-log(u))` with `u` uniform in `[tiny, 1)`.
pub fn gumbel(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("gumbel", key, shape, dtype)?;
    gumbel_typed(&typed, shape)
}

/// `jax.random.exponential(key, shape, dtype)`: `-log1p(-u)`.
pub fn exponential(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("exponential", key, shape, dtype)?;
    let u = uniform_between(&typed, shape, 0.0, 1.0)?;
    lax::neg(&math(MathOp::Log1p, &lax::neg(&u)?)?)
}

/// `jax.random.laplace(key, shape, dtype)`: `sign(u) * log1p(-|u|)`, `u` in `(-1, 1)`.
pub fn laplace(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("laplace", key, shape, dtype)?;
    // -1 + float32's epsneg (2^-24).
    let u = uniform_between(&typed, shape, -1.0 + f32::EPSILON / 2.0, 1.0)?;
    let sign = math(MathOp::Sign, &u)?;
    let magnitude = math(MathOp::Log1p, &lax::neg(&math(MathOp::Abs, &u)?)?)?;
    lax::mul(&sign, &magnitude)
}

/// `jax.random.logistic(key, shape, dtype)`: `log(u) - log1p(-u)`, `u` in `[tiny, 1)`.
pub fn logistic(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("logistic", key, shape, dtype)?;
    let u = uniform_between(&typed, shape, f32::MIN_POSITIVE, 1.0)?;
    lax::sub(
        &lax::unary(UnaryOp::Log, &u)?,
        &math(MathOp::Log1p, &lax::neg(&u)?)?,
    )
}

/// `jax.random.normal(key, shape, dtype)`: `sqrt(2) * erf_inv(u)`, `u` in `(-1, 1)`.
pub fn normal(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("normal", key, shape, dtype)?;
    // The float32 after -1 towards 0.
    let lo = f32::from_bits((-1.0f32).to_bits() - 1);
    let u = uniform_between(&typed, shape, lo, 1.0)?;
    lax::mul(
        &f32_scalar(std::f32::consts::SQRT_2),
        &math(MathOp::ErfInv, &u)?,
    )
}

/// `jax.random.rademacher(key, shape, dtype)`: `2 * bernoulli(key, 0.5) - 1` as integers.
pub fn rademacher(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let dtype = dtype.unwrap_or(DType::Int32);
    if dtype != DType::Int32 {
        return Err(Error::Unsupported {
            what: "rademacher with a dtype other than int32",
        });
    }
    let b = bernoulli(key, &jnp::number(0.5), Some(shape))?;
    let b = lax::convert(&b, dtype, false)?;
    let two = lax::mul(&scalar(2.0, dtype), &b)?;
    lax::sub(&two, &scalar(1.0, dtype))
}

/// `jax.random.categorical(key, logits, axis, shape)` with replacement: the argmax over `axis`
/// of `logits` plus Gumbel noise.
pub fn categorical(
    key: &Value,
    logits: &Value,
    axis: i64,
    shape: Option<&[usize]>,
) -> Result<Value> {
    let (typed, _) = check_key("categorical", key, false)?;
    let aval = logits.aval();
    let rank = aval.shape.len();
    let axis = jnp::axis_index(axis, rank)?;
    float_dtype("gumbel", Some(aval.dtype))?;
    let mut batch_shape = aval.shape.clone();
    batch_shape.remove(axis);
    let shape = match shape {
        None => batch_shape.clone(),
        Some(s) => {
            check_shape("categorical", s, &[&batch_shape])?;
            s.to_vec()
        }
    };
    let prefix = &shape[..shape.len() - batch_shape.len()];
    let mut logits_shape = shape[shape.len() - batch_shape.len()..].to_vec();
    logits_shape.insert(axis, aval.shape[axis]);
    let noise = gumbel_typed(&typed, &[prefix, &logits_shape].concat())?;
    let lifted = if prefix.is_empty() {
        logits.clone()
    } else {
        lax::expand_dims(logits, &(0..prefix.len()).collect::<Vec<_>>())?
    };
    let total = jnp::binary(
        crate::primitives::elementwise::BinaryOp::Add,
        &noise,
        &lifted,
    )?;
    argmax(&total, prefix.len() + axis, DType::Int32)
}

/// One key of `random_split(key, (2,))`, as JAX's tuple unpacking slices it.
fn split_pick(keys: &Value, i: usize) -> Result<Value> {
    let one = lax::slice(keys, vec![i], vec![i + 1], Some(vec![1]))?;
    lax::squeeze(&one, vec![0])
}

/// JAX's `_shuffle`: sorts `x` along `axis` by fresh random words, as many rounds as make
/// collisions unlikely (three times the size's bits over 32).
fn shuffle(key: &Value, x: &Value, axis: usize) -> Result<Value> {
    let shape = x.aval().shape;
    let size = shape.iter().product::<usize>().max(1) as f64;
    let rounds = (3.0 * size.ln() / f64::from(u32::MAX).ln()).ceil() as usize;
    let (mut key, mut x) = (key.clone(), x.clone());
    for _ in 0..rounds {
        let keys = prng::random_split(&key, &[2])?;
        let subkey = split_pick(&keys, 1)?;
        key = split_pick(&keys, 0)?;
        let words = prng::random_bits(&subkey, &shape)?;
        x = sort(&[words, x], axis, true, 1)?
            .pop()
            .ok_or_else(|| Error::internal("sort returned no outputs"))?;
    }
    Ok(x)
}

/// What `permutation` and `choice` permute: `arange(n)` for an integer scalar, else an array.
pub enum Population {
    Range(usize),
    Array(Value),
}

/// `jax.random.permutation(key, x, axis, independent)`.
pub fn permutation(key: &Value, x: &Population, axis: i64, independent: bool) -> Result<Value> {
    let (typed, _) = check_key("permutation", key, false)?;
    permute(&typed, x, axis, independent)
}

fn permute(key: &Value, x: &Population, axis: i64, independent: bool) -> Result<Value> {
    match x {
        Population::Range(n) => {
            jnp::axis_index(axis, 1)?;
            shuffle(key, &jnp::arange(*n, DType::Int32)?, 0)
        }
        Population::Array(x) => {
            let shape = x.aval().shape;
            let axis = jnp::axis_index(axis, shape.len().max(1))?;
            if shape.is_empty() {
                return Err(Error::usage(
                    "x must be an integer or at least 1-dimensional".to_string(),
                ));
            }
            if independent || shape.len() == 1 {
                return shuffle(key, x, axis);
            }
            let ind = shuffle(key, &jnp::arange(shape[axis], DType::Int32)?, 0)?;
            crate::jnp_indexing::take(x, &ind, axis)
        }
    }
}

/// `jax.random.choice(key, a, shape, replace, p=None, axis)`: uniform draws of `a`'s entries
/// (of `arange(a)` for an integer) along `axis`.
pub fn choice(
    key: &Value,
    a: &Population,
    shape: &[usize],
    replace: bool,
    axis: i64,
) -> Result<Value> {
    let (typed, _) = check_key("choice", key, false)?;
    let (n_inputs, axis, arr_shape, dtype) = match a {
        Population::Range(n) => (*n, 0, Vec::new(), DType::Int32),
        Population::Array(x) => {
            let aval = x.aval();
            if aval.shape.is_empty() {
                return Err(Error::usage(
                    "choice: a must be an integer or an array of at least one dimension"
                        .to_string(),
                ));
            }
            let axis = jnp::axis_index(axis, aval.shape.len())?;
            (aval.shape[axis], axis, aval.shape.clone(), aval.dtype)
        }
    };
    let n_draws: usize = shape.iter().product();
    if n_draws == 0 {
        return jnp::full(shape, 0.0, dtype);
    }
    if n_inputs == 0 {
        return Err(Error::Value {
            message: "a must be greater than 0 unless no samples are taken".into(),
        });
    }
    if !replace && n_draws > n_inputs {
        return Err(Error::Value {
            message: format!(
                "Cannot take a larger sample (size {n_draws}) than population (size \
                 {n_inputs}) when 'replace=False'"
            ),
        });
    }
    let result = if replace {
        let weak = |v: f64| Value::Array(Array::weak_scalar(v, DType::Int32));
        let ind = randint(
            &typed,
            shape,
            &weak(0.0),
            &weak(n_inputs as f64),
            DType::Int32,
        )?;
        match a {
            Population::Range(_) => ind,
            Population::Array(x) => crate::jnp_indexing::take(x, &ind, axis)?,
        }
    } else {
        let perm = permute(&typed, a, axis as i64, false)?;
        let mut limit = perm.aval().shape;
        limit[axis] = n_draws;
        lax::slice(&perm, vec![0; limit.len()], limit, None)?
    };
    let out_shape = match a {
        Population::Range(_) => shape.to_vec(),
        Population::Array(_) => [&arr_shape[..axis], shape, &arr_shape[axis + 1..]].concat(),
    };
    if result.aval().shape == out_shape {
        Ok(result)
    } else {
        lax::reshape(&result, &out_shape)
    }
}
