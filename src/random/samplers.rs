//! The `jax.random` samplers built on `uniform` and the PRNG primitives, in the order JAX 0.10.2
//! applies its operations, so their values are JAX's bit for bit: `gumbel` (mode `low`),
//! `categorical`, `exponential`, `laplace`, `logistic`, `normal`, `rademacher`, `permutation`,
//! `choice` (with and without `p`), `cauchy`, `pareto`, `rayleigh`, `maxwell`,
//! `double_sided_maxwell`, `weibull_min`, `lognormal`, `geometric`, `triangular`,
//! `truncated_normal` and `multivariate_normal` (Cholesky). JAX wraps each in a nested `jit`;
//! here the equations are inlined, as for the samplers in `random.rs`. `choice` with `p` and
//! replacement counts the cumulative sums below each draw where JAX binary-searches them (the
//! same index, other equations); `multivariate_normal` multiplies by the factor with `matmul`
//! where JAX writes an `einsum` (the same `dot_general`).

use super::{bernoulli, check_key, check_shape, randint, scalar, uniform_typed};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::jnp;
use crate::jnp::linear::TensorAxes;
use crate::lax;
use crate::primitives::elementwise::UnaryOp;
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::math::ops::math;
use crate::primitives::math::ops::{math_binary, select_n};
use crate::primitives::math::MathBinaryOp;
use crate::primitives::math::MathOp;
use crate::primitives::prng;
use crate::primitives::reductions::argmax;
use crate::primitives::sort::sort;
use crate::trace::Value;

/// The one float dtype samplers make (`dtype=None` is float32 with 64-bit mode off).
pub(super) fn float_dtype(name: &str, dtype: Option<DType>) -> Result<()> {
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

/// `jax.random.rademacher(key, shape, dtype)`: `2 * bernoulli(key, 0.5) - 1`, int32 by
/// default (float32 in `generalized_normal`).
pub fn rademacher(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let dtype = dtype.unwrap_or(DType::Int32);
    if !matches!(dtype, DType::Int32 | DType::Float32) {
        return Err(Error::Unsupported {
            what: "rademacher with a dtype other than int32 or float32",
        });
    }
    let b = bernoulli(key, &jnp::number(0.5), Some(shape))?;
    let b = lax::convert(&b, dtype, false)?;
    let two = lax::mul(&scalar(2.0, dtype), &b)?;
    lax::sub(&two, &scalar(1.0, dtype))
}

/// `jax.random.categorical(key, logits, axis, shape, replace)`: with replacement the argmax
/// over `axis` of `logits` plus Gumbel noise, without it the top-k of the same.
pub fn categorical(
    key: &Value,
    logits: &Value,
    axis: i64,
    shape: Option<&[usize]>,
    replace: bool,
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
    if !replace {
        return categorical_without_replacement(&typed, logits, axis, &shape, batch_shape.len());
    }
    let prefix = &shape[..shape.len() - batch_shape.len()];
    let mut logits_shape = shape[shape.len() - batch_shape.len()..].to_vec();
    logits_shape.insert(axis, aval.shape[axis]);
    let noise = gumbel_typed(&typed, &[prefix, &logits_shape].concat())?;
    let lifted = if prefix.is_empty() {
        logits.clone()
    } else {
        lax::expand_dims(logits, &(0..prefix.len()).collect::<Vec<_>>())?
    };
    let total = jnp::binary(BinaryOp::Add, &noise, &lifted)?;
    argmax(&total, prefix.len() + axis, DType::Int32)
}

/// One key of `random_split(key, (2,))`, as JAX's tuple unpacking slices it.
pub(super) fn split_pick(keys: &Value, i: usize) -> Result<Value> {
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

/// `a`'s size along `axis`, the axis, `a`'s shape and dtype (`arange(n)`'s for an integer).
fn population_size(a: &Population, axis: i64) -> Result<(usize, usize, Vec<usize>, DType)> {
    match a {
        Population::Range(n) => Ok((*n, 0, Vec::new(), DType::Int32)),
        Population::Array(x) => {
            let aval = x.aval();
            if aval.shape.is_empty() {
                return Err(Error::usage(
                    "choice: a must be an integer or an array of at least one dimension"
                        .to_string(),
                ));
            }
            let axis = jnp::axis_index(axis, aval.shape.len())?;
            Ok((aval.shape[axis], axis, aval.shape.clone(), aval.dtype))
        }
    }
}

fn check_draws(n_inputs: usize, n_draws: usize, replace: bool) -> Result<()> {
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
    Ok(())
}

/// `jax.random.choice(key, a, shape, replace, p, axis)`: draws of `a`'s entries (of
/// `arange(a)` for an integer) along `axis`. Uniform without `p`: `randint` indices with
/// replacement, the head of a permutation without. With probabilities `p`: with replacement the
/// position where `total·(1 - u)` falls in `cumsum(p)` (JAX's `searchsorted`, here as a count of
/// the sums below it, the same index for a non-decreasing `cumsum`); without, the Gumbel top-k
/// trick on `gumbel + log(p)`.
pub fn choice(
    key: &Value,
    a: &Population,
    shape: &[usize],
    replace: bool,
    p: Option<&Value>,
    axis: i64,
) -> Result<Value> {
    let (typed, _) = check_key("choice", key, false)?;
    let (n_inputs, axis, arr_shape, dtype) = population_size(a, axis)?;
    let n_draws: usize = shape.iter().product();
    if n_draws == 0 {
        return jnp::full(shape, 0.0, dtype);
    }
    check_draws(n_inputs, n_draws, replace)?;
    let taken = |ind: Value| match a {
        Population::Range(_) => Ok(ind),
        Population::Array(x) => crate::jnp_indexing::take(x, &ind, axis),
    };
    let result = match p {
        None if replace => {
            let weak = |v: f64| Value::Array(Array::weak_scalar(v, DType::Int32));
            let ind = randint(
                &typed,
                shape,
                &weak(0.0),
                &weak(n_inputs as f64),
                DType::Int32,
            )?;
            taken(ind)?
        }
        None => {
            let perm = permute(&typed, a, axis as i64, false)?;
            let mut limit = perm.aval().shape;
            limit[axis] = n_draws;
            lax::slice(&perm, vec![0; limit.len()], limit, None)?
        }
        Some(p) => {
            let p = jnp::linalg::inexact(p)?;
            let p_shape = p.aval().shape;
            if p_shape != [n_inputs] {
                return Err(Error::Value {
                    message: format!(
                        "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape \
                         {} and a.shape[axis] is {n_inputs}.",
                        crate::array::shape_tuple(&p_shape)
                    ),
                });
            }
            let ind = if replace {
                let cumulative = crate::primitives::reductions::cumsum(&p, 0, false)?;
                let total = lax::squeeze(
                    &lax::slice(&cumulative, vec![n_inputs - 1], vec![n_inputs], None)?,
                    vec![0],
                )?;
                let u = uniform_between(&typed, shape, 0.0, 1.0)?;
                let r = lax::mul(&total, &lax::sub(&f32_scalar(1.0), &u)?)?;
                let rank = shape.len();
                let r = lax::expand_dims(&r, &[rank])?;
                let mut wide = shape.to_vec();
                wide.push(n_inputs);
                let below = lax::compare(
                    CompareOp::Lt,
                    &lax::broadcast_in_dim(&cumulative, &wide, vec![rank])?,
                    &lax::broadcast_in_dim(&r, &wide, (0..=rank).collect())?,
                )?;
                lax::reduce_sum(&lax::convert(&below, DType::Int32, false)?, vec![rank])?
            } else {
                let g = arith(
                    BinaryOp::Add,
                    &gumbel_typed(&typed, &[n_inputs])?,
                    &lax::unary(UnaryOp::Log, &p)?,
                )?;
                crate::primitives::top_k::top_k(&g, n_draws, 0)?.1
            };
            taken(ind)?
        }
    };
    let out_shape = match a {
        Population::Range(_) => shape.to_vec(),
        Population::Array(_) => [&arr_shape[..axis], shape, &arr_shape[axis + 1..]].concat(),
    };
    lax::reshape(&result, &out_shape)
}

/// `x` as float32 (`lax.convert_element_type`), non-weak.
fn as_f32(x: &Value) -> Result<Value> {
    lax::convert(x, DType::Float32, false)
}

/// Elementwise arithmetic with NumPy broadcasting and JAX's promotion.
fn arith(op: BinaryOp, a: &Value, b: &Value) -> Result<Value> {
    jnp::binary(op, a, b)
}

/// `x / d` as XLA's CPU code computes it when `d` is one value for every element (a scalar
/// broadcast or a constant): `x · (1/d)`, the reciprocal taken once (its fast-math
/// `arcp`), which can differ from the quotient by an ulp. Other divisors divide.
fn div_xla(x: &Value, d: &Value) -> Result<Value> {
    if d.aval().shape.is_empty() {
        let reciprocal = arith(BinaryOp::Div, &jnp::number(1.0), d)?;
        arith(BinaryOp::Mul, x, &reciprocal)
    } else {
        arith(BinaryOp::Div, x, d)
    }
}

/// JAX's `_check_broadcast_shapes`: `shape` if given (each parameter broadcasting to it),
/// else the parameters' broadcast shape.
pub(super) fn sample_shape(
    name: &str,
    shape: Option<&[usize]>,
    params: &[&Value],
) -> Result<Vec<usize>> {
    let shapes: Vec<Vec<usize>> = params.iter().map(|p| p.aval().shape).collect();
    match shape {
        Some(s) => {
            let refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
            check_shape(name, s, &refs)?;
            Ok(s.to_vec())
        }
        None => jnp::shape::broadcast_shapes(&shapes),
    }
}

/// `jax.random.cauchy(key, shape, dtype)`: `tan(π(u - 1/2))`, `u` in `[eps, 1)`.
pub fn cauchy(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("cauchy", key, shape, dtype)?;
    let u = uniform_between(&typed, shape, f32::EPSILON, 1.0)?;
    let centered = lax::sub(&u, &f32_scalar(0.5))?;
    math(
        MathOp::Tan,
        &lax::mul(&f32_scalar(std::f32::consts::PI), &centered)?,
    )
}

/// `jax.random.pareto(key, b, shape, dtype)`: `exp(e / b)`, `e` standard exponential.
pub fn pareto(
    key: &Value,
    b: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("pareto", key, false)?;
    float_dtype("pareto", dtype)?;
    let shape = sample_shape("pareto", shape, &[b])?;
    let b = as_f32(b)?;
    let e = exponential(&typed, &shape, None)?;
    lax::unary(UnaryOp::Exp, &div_xla(&e, &b)?)
}

/// `jax.random.rayleigh(key, scale, shape, dtype)`: `scale·sqrt(-2 log u)`.
pub fn rayleigh(
    key: &Value,
    scale: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("rayleigh", key, false)?;
    float_dtype("rayleigh", dtype)?;
    let shape = sample_shape("rayleigh", shape, &[scale])?;
    let u = uniform_between(&typed, &shape, 0.0, 1.0)?;
    let scale = jnp::broadcast_to(&as_f32(scale)?, &shape)?;
    let log_u = lax::unary(UnaryOp::Log, &u)?;
    let root = math(MathOp::Sqrt, &lax::mul(&log_u, &f32_scalar(-2.0))?)?;
    lax::mul(&scale, &root)
}

/// `jax.random.maxwell(key, shape, dtype)`: the norm of three standard normals.
pub fn maxwell(key: &Value, shape: &[usize], dtype: Option<DType>) -> Result<Value> {
    let typed = float_sampler("maxwell", key, shape, dtype)?;
    maxwell_typed(&typed, shape)
}

fn maxwell_typed(key: &Value, shape: &[usize]) -> Result<Value> {
    let mut three = shape.to_vec();
    three.push(3);
    let z = normal(key, &three, None)?;
    jnp::linalg::norm(&z, None, Some(vec![shape.len()]), false)
}

/// `jax.random.double_sided_maxwell(key, loc, scale, shape, dtype)`: a Maxwell draw with a
/// random sign, scaled and shifted; the sample shape is `shape` (or the parameters' shape)
/// followed by the parameters' shape, as JAX makes it.
pub fn double_sided_maxwell(
    key: &Value,
    loc: &Value,
    scale: &Value,
    shape: &[usize],
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("double_sided_maxwell", key, false)?;
    float_dtype("double_sided_maxwell", dtype)?;
    let params = jnp::shape::broadcast_shapes(&[loc.aval().shape, scale.aval().shape])?;
    let base = if shape.is_empty() { &params } else { shape };
    let shape = [base, &params[..]].concat();
    let keys = prng::random_split(&typed, &[2])?;
    let (maxwell_key, sign_key) = (split_pick(&keys, 0)?, split_pick(&keys, 1)?);
    let magnitude = maxwell_typed(&maxwell_key, &shape)?;
    let b = bernoulli(&sign_key, &jnp::number(0.5), Some(&shape))?;
    let b = lax::convert(&b, DType::Float32, false)?;
    let sign = lax::sub(&lax::mul(&f32_scalar(2.0), &b)?, &f32_scalar(1.0))?;
    let scaled = arith(BinaryOp::Mul, &lax::mul(&sign, &magnitude)?, scale)?;
    arith(BinaryOp::Add, &scaled, loc)
}

/// `jax.random.weibull_min(key, scale, concentration, shape, dtype)`: the inverse CDF,
/// `(-log1p(-u))^(1/concentration) · scale`.
pub fn weibull_min(
    key: &Value,
    scale: &Value,
    concentration: &Value,
    shape: &[usize],
    dtype: Option<DType>,
) -> Result<Value> {
    let typed = float_sampler("weibull_min", key, shape, dtype)?;
    let u = uniform_between(&typed, shape, 0.0, 1.0)?;
    let e = lax::neg(&math(MathOp::Log1p, &lax::neg(&u)?)?)?;
    let exponent = arith(BinaryOp::Div, &jnp::number(1.0), concentration)?;
    let powered = jnp::math::power(&e, &exponent)?;
    arith(BinaryOp::Mul, &powered, scale)
}

/// `jax.random.lognormal(key, sigma, shape, dtype)`: `exp(sigma · normal)`.
pub fn lognormal(
    key: &Value,
    sigma: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("lognormal", key, false)?;
    float_dtype("lognormal", dtype)?;
    let shape = sample_shape("lognormal", shape, &[sigma])?;
    let sigma = as_f32(sigma)?;
    let scaled = arith(BinaryOp::Mul, &normal(&typed, &shape, None)?, &sigma)?;
    lax::unary(UnaryOp::Exp, &scaled)
}

/// `jax.random.geometric(key, p, shape, dtype)`: `floor(log u / log1p(-p)) + 1` as int32.
pub fn geometric(
    key: &Value,
    p: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("geometric", key, false)?;
    match dtype {
        None | Some(DType::Int32) => {}
        Some(d) if d.is_integer() => {
            return Err(Error::Unsupported {
                what: "geometric with a dtype other than int32",
            })
        }
        Some(d) => {
            return Err(Error::Value {
                message: format!("dtype argument to `geometric` must be an int dtype, got {d}"),
            })
        }
    }
    let shape = sample_shape("geometric", shape, &[p])?;
    let p = jnp::linalg::inexact(p)?;
    let u = uniform_between(&typed, &shape, 0.0, 1.0)?;
    let zero = jnp::compare(CompareOp::Eq, &u, &jnp::number(0.0))?;
    let u = jnp::where_(&zero, &jnp::number(1.0), &u)?;
    let log_u = lax::unary(UnaryOp::Log, &u)?;
    let log_q = math(MathOp::Log1p, &lax::neg(&p)?)?;
    let ratio = math(MathOp::Floor, &div_xla(&log_u, &log_q)?)?;
    let g = arith(BinaryOp::Add, &ratio, &jnp::number(1.0))?;
    jnp::astype(&g, DType::Int32)
}

/// `jax.random.triangular(key, left, mode, right, shape, dtype)`: the inverse CDF on either
/// side of the mode.
pub fn triangular(
    key: &Value,
    left: &Value,
    mode: &Value,
    right: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("triangular", key, false)?;
    float_dtype("triangular", dtype)?;
    let shape = sample_shape("triangular", shape, &[left, mode, right])?;
    let lift = |x: &Value| jnp::broadcast_to(&as_f32(x)?, &shape);
    let (left, right, mode) = (lift(left)?, lift(right)?, lift(mode)?);
    let width = lax::sub(&right, &left)?;
    let fc = lax::div(&lax::sub(&mode, &left)?, &width)?;
    let u = uniform_between(&typed, &shape, 0.0, 1.0)?;
    let low = lax::mul(&lax::mul(&u, &width)?, &lax::sub(&mode, &left)?)?;
    let out1 = lax::add(&left, &math(MathOp::Sqrt, &low)?)?;
    let one_minus = arith(BinaryOp::Sub, &jnp::number(1.0), &u)?;
    let high = lax::mul(&lax::mul(&one_minus, &width)?, &lax::sub(&right, &mode)?)?;
    let out2 = lax::sub(&right, &math(MathOp::Sqrt, &high)?)?;
    select_n(&lax::compare(CompareOp::Lt, &u, &fc)?, &[out2, out1])
}

/// `jax.random.truncated_normal(key, lower, upper, shape, dtype)`: `sqrt(2)·erf_inv(u)` with
/// `u` uniform between `erf(lower/sqrt(2))` and `erf(upper/sqrt(2))`, clamped inside the
/// open interval.
pub fn truncated_normal(
    key: &Value,
    lower: &Value,
    upper: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("truncated_normal", key, false)?;
    float_dtype("truncated_normal", dtype)?;
    let shape = sample_shape("truncated_normal", shape, &[lower, upper])?;
    let sqrt2 = f32_scalar(std::f32::consts::SQRT_2);
    let (lower, upper) = (as_f32(lower)?, as_f32(upper)?);
    let a = math(MathOp::Erf, &div_xla(&lower, &sqrt2)?)?;
    let b = math(MathOp::Erf, &div_xla(&upper, &sqrt2)?)?;
    let u = uniform_typed(&typed, &shape, &a, &b)?;
    let out = lax::mul(&sqrt2, &math(MathOp::ErfInv, &u)?)?;
    let toward = |x: &Value, to: f32| -> Result<Value> {
        let to = jnp::broadcast_to(&f32_scalar(to), &x.aval().shape)?;
        math_binary(MathBinaryOp::Nextafter, &jnp::nn::stop_gradient(x)?, &to)
    };
    let lo = toward(&lower, f32::INFINITY)?;
    let hi = toward(&upper, f32::NEG_INFINITY)?;
    jnp::math::clip(&out, Some(&lo), Some(&hi))
}

/// `jax.random.multivariate_normal(key, mean, cov, shape, dtype, method='cholesky')`:
/// `mean + L z` with `L` the Cholesky factor of `cov`.
pub fn multivariate_normal(
    key: &Value,
    mean: &Value,
    cov: &Value,
    shape: Option<&[usize]>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (typed, _) = check_key("multivariate_normal", key, false)?;
    float_dtype("multivariate_normal", dtype)?;
    let (mean, cov) = (jnp::linalg::inexact(mean)?, jnp::linalg::inexact(cov)?);
    let (ms, cs) = (mean.aval().shape, cov.aval().shape);
    if ms.is_empty() {
        return Err(Error::Value {
            message: format!(
                "multivariate_normal requires mean.ndim >= 1, got mean.ndim == {}",
                ms.len()
            ),
        });
    }
    if cs.len() < 2 {
        return Err(Error::Value {
            message: format!(
                "multivariate_normal requires cov.ndim >= 2, got cov.ndim == {}",
                cs.len()
            ),
        });
    }
    let n = ms[ms.len() - 1];
    if cs[cs.len() - 2..] != [n, n] {
        return Err(Error::Value {
            message: format!(
                "multivariate_normal requires cov.shape == (..., n, n) for n={n}, but got \
                 cov.shape == {}.",
                crate::array::shape_tuple(&cs)
            ),
        });
    }
    let (mb, cb) = (&ms[..ms.len() - 1], &cs[..cs.len() - 2]);
    let shape = match shape {
        None => jnp::shape::broadcast_shapes(&[mb.to_vec(), cb.to_vec()])?,
        Some(s) => {
            check_shape("normal", s, &[mb, cb])?;
            s.to_vec()
        }
    };
    if cs.len() > 2 {
        return Err(Error::Unsupported {
            what: "multivariate_normal with a batch of covariance matrices",
        });
    }
    let factor = jnp::linalg::cholesky(&cov, false, true)?;
    let z = normal(&typed, &[&shape[..], &[n]].concat(), None)?;
    // `einsum('...ij,...j->...i', factor, z)`: `z`'s last axis against the factor's columns.
    let product = jnp::linear::tensordot(&z, &factor, TensorAxes::Pairs(vec![-1], vec![1]))?;
    arith(BinaryOp::Add, &mean, &product)
}

/// `categorical(..., replace=False)`: the top `prod(prefix)` of `logits + gumbel` along
/// `axis`, the draws leading.
fn categorical_without_replacement(
    key: &Value,
    logits: &Value,
    axis: usize,
    shape: &[usize],
    batch_rank: usize,
) -> Result<Value> {
    let aval = logits.aval();
    let noisy = jnp::binary(BinaryOp::Add, logits, &gumbel_typed(key, &aval.shape)?)?;
    let prefix = &shape[..shape.len() - batch_rank];
    let k: usize = prefix.iter().product();
    if k > aval.shape[axis] {
        return Err(Error::Value {
            message: format!(
                "Number of samples without replacement ({k}) cannot exceed number of categories \
                 ({}).",
                aval.shape[axis]
            ),
        });
    }
    let last = aval.shape.len() - 1;
    let moved = lax::moveaxis(&noisy, axis, last)?;
    let (_, indices) = crate::primitives::top_k::top_k(&moved, k, last)?;
    // JAX's `lax.reshape(indices, shape, dimensions=(last, 0, 1, ...))`.
    let order: Vec<usize> = std::iter::once(last).chain(0..last).collect();
    let moved = lax::transpose(&indices, order)?;
    lax::reshape(&moved, shape)
}
