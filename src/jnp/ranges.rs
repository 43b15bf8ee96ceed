//! Ranges and grids as `jax.numpy` builds them: `linspace` (the bounds blended by an `iota`
//! ramp, the stop joined on for `endpoint`), `logspace` and `geomspace` over it, `meshgrid` and
//! `indices` (broadcast `iota`s), `tri`, `diag_indices` and the `bartlett` / `blackman` windows.

use super::{astype, binary, broadcast_to, convert, math, shape};
use crate::array::Array;
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::primitives::indexing::concatenate;
use crate::primitives::math::MathOp;
use crate::primitives::structural::Iota;
use crate::trace::{bind1, Value};
use std::rc::Rc;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// A strongly typed scalar (`asarray(v, dtype)`), a literal in a jaxpr.
fn strong(v: f64, dtype: DType) -> Result<Value> {
    Ok(Value::Array(Array::from_f64_values(&[], dtype, &[v])?))
}

/// A weak scalar (a Python number in JAX's code).
fn weak(v: f64, dtype: DType) -> Value {
    Value::Array(Array::weak_scalar(v, dtype))
}

pub(crate) fn iota(dtype: DType, shape: &[usize], dimension: usize) -> Result<Value> {
    crate::array::checked_size("iota", shape)?;
    bind1(
        Rc::new(Iota {
            dtype,
            shape: shape.to_vec(),
            dimension,
        }),
        &[],
    )
}

/// `x.reshape(shape)`, which JAX skips when the shape is already `shape`.
fn reshape(x: &Value, shape: &[usize]) -> Result<Value> {
    if x.shape() == shape {
        Ok(x.clone())
    } else {
        lax::reshape(x, shape)
    }
}

/// JAX's `to_inexact_dtype(result_type(start, stop))`, or the dtype asked for.
fn space_dtype(start: &Value, stop: &Value, dtype: Option<DType>) -> DType {
    dtype.unwrap_or_else(|| {
        let t = promote(start.type_key(), stop.type_key()).dtype;
        if t.is_float() {
            t
        } else {
            DType::Float32
        }
    })
}

/// The bounds converted to the float32 they are computed in.
fn as_f32(start: &Value, stop: &Value) -> Result<(Value, Value)> {
    let to = TypeKey {
        dtype: DType::Float32,
        weak: false,
    };
    Ok((convert(start, to)?, convert(stop, to)?))
}

/// The bounds as float32 and broadcast to a common shape.
fn bounds(start: &Value, stop: &Value) -> Result<(Value, Value, Vec<usize>)> {
    let (start, stop) = as_f32(start, stop)?;
    let shape = shape::broadcast_shapes(&[start.shape().to_vec(), stop.shape().to_vec()])?;
    let fit = |v: Value| {
        if v.shape() == shape.as_slice() {
            Ok(v)
        } else {
            broadcast_to(&v, &shape)
        }
    };
    Ok((fit(start)?, fit(stop)?, shape))
}

/// JAX's insertion point for the new axis: `len + axis + 1` for a negative one.
fn new_axis(axis: i64, rank: usize) -> Result<usize> {
    super::axis_index(axis, rank + 1)
}

/// `jnp.linspace`: `num` values from `start` to `stop` (excluding it unless `endpoint`) along a
/// new `axis`, with the step (`retstep`'s second result).
pub fn linspace(
    start: &Value,
    stop: &Value,
    num: i64,
    endpoint: bool,
    dtype: Option<DType>,
    axis: i64,
) -> Result<(Value, Value)> {
    if num < 0 {
        return Err(value_error(format!(
            "Number of samples, {num}, must be non-negative."
        )));
    }
    let num = num as usize;
    let dtype = space_dtype(start, stop, dtype);
    let f32_ = DType::Float32;
    // The step is taken between the bounds as given, the values between the broadcast ones.
    let (start0, stop0) = as_f32(start, stop)?;
    let (start, stop, mut bounds_shape) = bounds(&start0, &stop0)?;
    let axis = new_axis(axis, bounds_shape.len())?;
    bounds_shape.insert(axis, 1);
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let (out, delta) = if num > 1 {
        let delta = binary(
            BinaryOp::Div,
            &binary(BinaryOp::Sub, &stop0, &start0)?,
            &strong(div as f64, f32_)?,
        )?;
        let mut iota_shape = vec![1; bounds_shape.len()];
        iota_shape[axis] = div;
        let ramp = reshape(&iota(f32_, &[div], 0)?, &iota_shape)?;
        let step = lax::div(&ramp, &strong(div as f64, f32_)?)?;
        let from = reshape(&start, &bounds_shape)?;
        let lo = binary(
            BinaryOp::Mul,
            &from,
            &binary(BinaryOp::Sub, &weak(1.0, DType::Int32), &step)?,
        )?;
        let hi = binary(BinaryOp::Mul, &reshape(&stop, &bounds_shape)?, &step)?;
        let mut out = binary(BinaryOp::Add, &lo, &hi)?;
        if endpoint {
            let last = lax::expand_dims(&stop, &[axis])?;
            out = concatenate(&[out, last], axis)?;
        }
        (out, delta)
    } else if num == 1 {
        let delta = if endpoint {
            strong(f64::NAN, f32_)?
        } else {
            binary(BinaryOp::Sub, &stop0, &start0)?
        };
        (reshape(&start, &bounds_shape)?, delta)
    } else {
        let mut empty = bounds_shape.clone();
        empty[axis] = 0;
        let out = lax::broadcast_in_dim(&strong(0.0, dtype)?, &empty, Vec::new())?;
        (out, strong(f64::NAN, f32_)?)
    };
    let out = if dtype.is_float() || !out.aval().dtype.is_float() {
        out
    } else {
        math::floor_or_ceil(MathOp::Floor, &out)?
    };
    let out = if out.aval().dtype == dtype {
        out
    } else {
        astype(&out, dtype)?
    };
    Ok((out, delta))
}

/// `jnp.logspace`: `base ** linspace(start, stop)`.
pub fn logspace(
    start: &Value,
    stop: &Value,
    num: i64,
    endpoint: bool,
    base: &Value,
    dtype: Option<DType>,
    axis: i64,
) -> Result<Value> {
    let dtype = space_dtype(start, stop, dtype);
    let (start, stop, _) = bounds(start, stop)?;
    let (lin, _) = linspace(&start, &stop, num, endpoint, None, axis)?;
    let out = math::power(base, &lin)?;
    if out.aval().dtype == dtype {
        Ok(out)
    } else {
        astype(&out, dtype)
    }
}

/// `jnp.geomspace`: `sign * logspace(log10(start / sign), log10(stop / sign))`, the new axis
/// moved from the front to `axis`.
pub fn geomspace(
    start: &Value,
    stop: &Value,
    num: i64,
    endpoint: bool,
    dtype: Option<DType>,
    axis: i64,
) -> Result<Value> {
    let dtype = space_dtype(start, stop, dtype);
    let (start, stop, _) = bounds(start, stop)?;
    let sign = math::sign(&start)?;
    let log_start = math::log10(&binary(BinaryOp::Div, &start, &sign)?)?;
    let log_stop = math::log10(&binary(BinaryOp::Div, &stop, &sign)?)?;
    let res = logspace(
        &log_start,
        &log_stop,
        num,
        endpoint,
        &weak(10.0, DType::Float32),
        Some(DType::Float32),
        0,
    )?;
    let res = binary(BinaryOp::Mul, &sign, &res)?;
    let rank = res.shape().len();
    let axis = super::axis_index(axis, rank)?;
    let res = if axis == 0 {
        res
    } else {
        let perm: Vec<usize> = (1..=axis).chain([0]).chain(axis + 1..rank).collect();
        lax::transpose(&res, perm)?
    };
    if res.aval().dtype == dtype {
        Ok(res)
    } else {
        astype(&res, dtype)
    }
}

/// `jnp.meshgrid`: each 1-D input broadcast along its own axis of the grid (`xy` indexing
/// swaps the first two axes); `sparse` keeps the other axes of size 1.
pub fn meshgrid(xs: &[Value], sparse: bool, indexing: &str) -> Result<Vec<Value>> {
    if xs.iter().any(|x| x.shape().len() != 1) {
        let shapes: Vec<String> = xs
            .iter()
            .map(|x| crate::array::shape_tuple(x.shape()))
            .collect();
        return Err(value_error(format!(
            "Arguments to jax.numpy.meshgrid must be 1D, got shapes [{}]",
            shapes.join(", ")
        )));
    }
    let mut args = xs.to_vec();
    let swap = indexing == "xy" && args.len() >= 2;
    if swap {
        args.swap(0, 1);
    }
    let dense: Vec<usize> = args.iter().map(|a| a.shape()[0]).collect();
    let mut out = args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let shape = if sparse {
                let mut s = vec![1; args.len()];
                s[i] = a.shape()[0];
                s
            } else {
                dense.clone()
            };
            lax::broadcast_in_dim(a, &shape, vec![i])
        })
        .collect::<Result<Vec<_>>>()?;
    if swap {
        out.swap(0, 1);
    }
    Ok(out)
}

/// `jnp.indices`: the index grids of a shape, stacked (or each kept with size-1 axes when
/// `sparse`).
pub fn indices(dims: &[usize], dtype: DType, sparse: bool) -> Result<Vec<Value>> {
    let n = dims.len();
    let grids = dims
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let idx = iota(dtype, &[d], 0)?;
            let shape = if sparse {
                let mut s = vec![1; n];
                s[i] = d;
                s
            } else {
                dims.to_vec()
            };
            lax::broadcast_in_dim(&idx, &shape, vec![i])
        })
        .collect::<Result<Vec<_>>>()?;
    if sparse {
        return Ok(grids);
    }
    if grids.is_empty() {
        return Ok(vec![Value::Array(Array::from_f64_values(
            &[0],
            dtype,
            &[],
        )?)]);
    }
    Ok(vec![super::joining::stack(&grids, 0, None)?])
}

/// `jnp.tri`: ones where `column <= row + k`.
pub fn tri(n: usize, m: usize, k: i64, dtype: DType) -> Result<Value> {
    let rows = iota(DType::Int32, &[n, m], 0)?;
    let rows = lax::add(&rows, &strong(k as f64, DType::Int32)?)?;
    let cols = iota(DType::Int32, &[n, m], 1)?;
    let mask = lax::compare(CompareOp::Ge, &rows, &cols)?;
    astype(&mask, dtype)
}

/// `jnp.diag_indices`: the same `iota` for each of `ndim` axes.
pub fn diag_indices(n: usize, ndim: usize) -> Result<Vec<Value>> {
    let idx = iota(DType::Int32, &[n], 0)?;
    Ok(vec![idx; ndim])
}

/// `jnp.diag_indices_from`: `diag_indices` of a square array.
pub fn diag_indices_from(x: &Value) -> Result<Vec<Value>> {
    let s = x.shape();
    if s.len() < 2 {
        return Err(value_error("input array must be at least 2-d".into()));
    }
    if s.iter().any(|&d| d != s[0]) {
        return Err(value_error(
            "All dimensions of input must be of equal length".into(),
        ));
    }
    diag_indices(s[0], s.len())
}

/// `jnp.bartlett`: the triangular window of `m` points.
pub fn bartlett(m: usize) -> Result<Value> {
    if m <= 1 {
        return lax::broadcast_in_dim(&strong(1.0, DType::Float32)?, &[m], Vec::new());
    }
    let f = DType::Float32;
    let n = iota(f, &[m], 0)?;
    let twice = binary(BinaryOp::Mul, &weak(2.0, DType::Int32), &n)?;
    let shifted = binary(BinaryOp::Add, &twice, &weak(1.0, DType::Int32))?;
    let centred = binary(BinaryOp::Sub, &shifted, &weak(m as f64, DType::Int32))?;
    let scaled = binary(
        BinaryOp::Div,
        &math::abs(&centred)?,
        &weak((m - 1) as f64, DType::Int32),
    )?;
    binary(BinaryOp::Sub, &weak(1.0, DType::Int32), &scaled)
}

/// `jnp.blackman`: `0.42 - 0.5 cos(2 pi n / (m - 1)) + 0.08 cos(4 pi n / (m - 1))`.
pub fn blackman(m: usize) -> Result<Value> {
    if m <= 1 {
        return lax::broadcast_in_dim(&strong(1.0, DType::Float32)?, &[m], Vec::new());
    }
    let f = DType::Float32;
    let n = iota(f, &[m], 0)?;
    let denom = weak((m - 1) as f64, DType::Int32);
    let wave = |factor: f64| -> Result<Value> {
        let angle = binary(BinaryOp::Mul, &weak(factor, f), &n)?;
        super::unary(UnaryOp::Cos, &binary(BinaryOp::Div, &angle, &denom)?)
    };
    let first = binary(
        BinaryOp::Mul,
        &weak(0.5, f),
        &wave(2.0 * std::f64::consts::PI)?,
    )?;
    let base = binary(BinaryOp::Sub, &weak(0.42, f), &first)?;
    let second = binary(
        BinaryOp::Mul,
        &weak(0.08, f),
        &wave(4.0 * std::f64::consts::PI)?,
    )?;
    binary(BinaryOp::Add, &base, &second)
}
