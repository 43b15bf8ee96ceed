//! NumPy's reductions over the engine's reduce primitives, as `jax.numpy` applies them:
//! `axis` (all axes by default), `keepdims` (the reduced axes kept with size 1, by
//! `broadcast_in_dim`), `dtype` (the operand converted first), `where` (masked elements replaced
//! by the reduction's identity, with `select_n` as JAX's `_where` does) and `initial` (combined
//! with the result). Also the arg-reductions, the cumulative ones, sorting and the statistics
//! built from them (`ptp`, `var`, `std`, `average`, `count_nonzero`) and the NaN-ignoring
//! `nansum`, `nanmean`, `nanmax` and `nanmin`, each binding what JAX binds.

use super::creation::scalar;
use super::{astype, binary, shape};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::bitwise_not;
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::indexing::concatenate;
use crate::primitives::math::ops::{math, max, min, select_n, square};
use crate::primitives::math::MathOp;
use crate::primitives::reductions::{self as red, ArgOp, CumOp, ReduceOp};
use crate::primitives::structural::Iota;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// Which axes a reduction runs over, and whether they are kept.
#[derive(Debug, Clone)]
pub struct Reduction {
    /// `None`: every axis.
    pub axes: Option<Vec<usize>>,
    pub keepdims: bool,
    pub dtype: Option<DType>,
    pub where_: Option<Value>,
    pub initial: Option<Value>,
}

impl Reduction {
    pub fn all() -> Reduction {
        Reduction {
            axes: None,
            keepdims: false,
            dtype: None,
            where_: None,
            initial: None,
        }
    }

    fn axes_of(&self, rank: usize) -> Vec<usize> {
        let mut axes = self.axes.clone().unwrap_or_else(|| (0..rank).collect());
        axes.sort_unstable();
        axes
    }

    /// How many elements each result element reduces (for `mean`).
    fn count(&self, shape: &[usize]) -> usize {
        self.axes_of(shape.len())
            .iter()
            .map(|&a| shape[a])
            .product()
    }
}

/// Puts the reduced axes back with size 1 when `keepdims` asks for it.
pub fn keep_dims(out: Value, in_shape: &[usize], r: &Reduction) -> Result<Value> {
    if !r.keepdims {
        return Ok(out);
    }
    let axes = r.axes_of(in_shape.len());
    let shape: Vec<usize> = (0..in_shape.len())
        .map(|d| if axes.contains(&d) { 1 } else { in_shape[d] })
        .collect();
    let kept: Vec<usize> = (0..in_shape.len()).filter(|d| !axes.contains(d)).collect();
    lax::broadcast_in_dim(&out, &shape, kept)
}

/// The dtype `jnp.sum` and `jnp.prod` compute in without a `dtype`: JAX's `promote_integers`
/// turns bool into int32 and a narrow unsigned integer into the default one (uint8 into uint32).
fn accumulated(dtype: DType) -> DType {
    match dtype {
        DType::Bool => DType::Int32,
        DType::Uint8 => DType::Uint32,
        d => d,
    }
}

/// The `dtype` a reduction keeps a narrow integer in when `promote_integers=False` (bool still
/// sums as int32): `None` where promotion changes nothing.
pub fn unpromoted(dtype: DType) -> Option<DType> {
    (dtype != DType::Bool && accumulated(dtype) != dtype).then_some(dtype)
}

/// `jnp.sum`: booleans, narrow integers and weak values summed as JAX does (bool as int32,
/// uint8 as uint32; the result strong).
pub fn sum(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let wide = accumulated(aval.dtype);
    let x = match r.dtype {
        Some(d) => astype(x, d)?,
        None if wide != aval.dtype => astype(x, wide)?,
        None if aval.weak_type => astype(x, aval.dtype)?,
        None => x.clone(),
    };
    let x = match &r.where_ {
        Some(mask) => masked(&x, mask, 0.0)?,
        None => x,
    };
    let out = lax::reduce_sum(&x, r.axes_of(aval.shape.len()))?;
    let out = match &r.initial {
        Some(init) => binary(BinaryOp::Add, init, &out)?,
        None => out,
    };
    keep_dims(out, &aval.shape, r)
}

/// `jnp.mean`: the sum divided by the count (of unmasked elements with `where`), in float32
/// for integer inputs.
pub fn mean(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let dtype = r.dtype.unwrap_or(if aval.dtype.is_float() {
        aval.dtype
    } else {
        DType::Float32
    });
    let summed_as = Reduction {
        dtype: Some(dtype),
        keepdims: r.keepdims,
        ..r.clone()
    };
    let total = sum(x, &summed_as)?;
    match &r.where_ {
        None => {
            let n = r.count(&aval.shape) as f64;
            binary(BinaryOp::Div, &total, &super::number(n))
        }
        Some(mask) => {
            let mask = super::broadcast_to(mask, &aval.shape)?;
            let count = sum(
                &mask,
                &Reduction {
                    dtype: Some(dtype),
                    where_: None,
                    initial: None,
                    ..r.clone()
                },
            )?;
            binary(BinaryOp::Div, &total, &count)
        }
    }
}

/// JAX's `_where(mask, x, identity)`: `x` where `mask` holds, the reduction's identity elsewhere
/// (a broadcast literal and `select_n`).
fn masked(x: &Value, mask: &Value, identity: f64) -> Result<Value> {
    let shape = x.shape().to_vec();
    let fill = lax::broadcast_in_dim(&scalar(identity, x.aval().dtype)?, &shape, Vec::new())?;
    let mask = if mask.aval().dtype == DType::Bool {
        mask.clone()
    } else {
        astype(mask, DType::Bool)?
    };
    let mask = if mask.shape() == shape.as_slice() {
        mask
    } else {
        super::broadcast_to(&mask, &shape)?
    };
    select_n(&mask, &[fill, x.clone()])
}

/// A weakly typed operand made strong, as `jnp`'s reductions do with `asarray`.
fn strong(x: &Value) -> Result<Value> {
    let aval = x.aval();
    if aval.weak_type {
        astype(x, aval.dtype)
    } else {
        Ok(x.clone())
    }
}

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// `jnp.max` / `jnp.min`: `reduce_max` / `reduce_min`, masked by `where` with the dtype's
/// extreme, then compared with `initial`.
pub fn extremum(op: ReduceOp, x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let name = if op == ReduceOp::Max { "max" } else { "min" };
    let axes = r.axes_of(aval.shape.len());
    if r.initial.is_none() {
        if r.where_.is_some() {
            return Err(value_error(format!("reduction operation {name} does not have an identity, so to use a where mask one has to specify 'initial'")));
        }
        if axes.iter().any(|&a| aval.shape[a] == 0) {
            return Err(value_error(format!(
                "zero-size array to reduction operation {name} which has no identity"
            )));
        }
    }
    let x = strong(x)?;
    let is_max = op == ReduceOp::Max;
    let identity = match aval.dtype {
        DType::Float32 if is_max => f64::NEG_INFINITY,
        DType::Float32 => f64::INFINITY,
        DType::Int32 if is_max => f64::from(i32::MIN),
        DType::Int32 => f64::from(i32::MAX),
        DType::Uint32 if is_max => 0.0,
        DType::Uint32 => f64::from(u32::MAX),
        DType::Uint8 if is_max => 0.0,
        DType::Uint8 => f64::from(u8::MAX),
        _ => f64::from(u8::from(!is_max)),
    };
    let x = match &r.where_ {
        Some(mask) => masked(&x, mask, identity)?,
        None => x,
    };
    let out = red::reduce(op, &x, axes)?;
    let out = match &r.initial {
        Some(init) => {
            let init = astype(init, aval.dtype)?;
            if is_max {
                max(&init, &out)?
            } else {
                min(&init, &out)?
            }
        }
        None => out,
    };
    keep_dims(out, &aval.shape, r)
}

/// `jnp.prod`: booleans multiplied as int32 (uint8 as uint32), masked elements as 1, `initial`
/// multiplied in.
pub fn prod(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let dtype = r.dtype.unwrap_or(accumulated(aval.dtype));
    let x = if dtype == aval.dtype {
        strong(x)?
    } else {
        astype(x, dtype)?
    };
    let x = match &r.where_ {
        Some(mask) => masked(&x, mask, 1.0)?,
        None => x,
    };
    let out = red::reduce_prod(&x, r.axes_of(aval.shape.len()))?;
    let out = match &r.initial {
        Some(init) => lax::mul(&astype(init, dtype)?, &out)?,
        None => out,
    };
    keep_dims(out, &aval.shape, r)
}

/// `jnp.all` (`and_ = true`) and `jnp.any`: the operand as bool, masked elements as the identity.
pub fn logical(and_: bool, x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let x = if aval.dtype == DType::Bool {
        strong(x)?
    } else {
        astype(x, DType::Bool)?
    };
    let x = match &r.where_ {
        Some(mask) => masked(&x, mask, f64::from(u8::from(and_)))?,
        None => x,
    };
    let op = if and_ { ReduceOp::And } else { ReduceOp::Or };
    let out = red::reduce(op, &x, r.axes_of(aval.shape.len()))?;
    keep_dims(out, &aval.shape, r)
}

/// `jnp.argmax` / `jnp.argmin` along one axis (of the flattened array when `None`), int32.
pub fn arg_extremum(op: ArgOp, x: &Value, axis: Option<usize>, keepdims: bool) -> Result<Value> {
    let shape = x.shape().to_vec();
    let (flat, along) = match axis {
        None => (shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    if flat.shape()[along] == 0 {
        let name = if op == ArgOp::Max { "argmax" } else { "argmin" };
        return Err(value_error(format!(
            "attempt to get {name} of an empty sequence"
        )));
    }
    let out = red::arg_reduce(op, &flat, along, DType::Int32)?;
    let r = Reduction {
        axes: axis.map(|a| vec![a]),
        keepdims,
        ..Reduction::all()
    };
    keep_dims(out, &shape, &r)
}

/// `jnp.cumsum` & co: along `axis` (of the flattened array when `None`), booleans as int32.
pub fn cumulative(
    op: CumOp,
    x: &Value,
    axis: Option<usize>,
    dtype: Option<DType>,
) -> Result<Value> {
    let (x, axis) = match axis {
        None => (lax::reshape(x, &[x.aval().size()])?, 0),
        Some(a) => (x.clone(), a),
    };
    let from = x.aval().dtype;
    let to = dtype.unwrap_or(if from == DType::Bool {
        DType::Int32
    } else {
        from
    });
    let x = if to == from {
        strong(&x)?
    } else {
        astype(&x, to)?
    };
    red::cumulative(op, &x, axis, false)
}

/// `jnp.cumulative_sum`: `axis` required beyond one dimension; `include_initial` puts a zero
/// slice first.
pub fn cumulative_sum(
    x: &Value,
    axis: Option<usize>,
    dtype: Option<DType>,
    include_initial: bool,
) -> Result<Value> {
    let rank = x.shape().len();
    let axis = match axis {
        Some(a) => a,
        None if rank == 1 => 0,
        None => return Err(value_error(format!("The input array has rank {rank}, however axis was not set to an explicit value. The axis argument is only optional for one-dimensional arrays."))),
    };
    let out = cumulative(CumOp::Sum, x, Some(axis), dtype)?;
    if !include_initial {
        return Ok(out);
    }
    let mut shape = out.shape().to_vec();
    shape[axis] = 1;
    let zeros = lax::broadcast_in_dim(&scalar(0.0, out.aval().dtype)?, &shape, Vec::new())?;
    concatenate(&[zeros, out], axis)
}

/// `jnp.nancumsum`: NaNs counted as zero (for floats), then `cumsum`.
pub fn nancumsum(x: &Value, axis: Option<usize>, dtype: Option<DType>) -> Result<Value> {
    let x = if x.aval().dtype == DType::Float32 {
        let nan = lax::compare(CompareOp::Ne, x, x)?;
        let zeros = lax::broadcast_in_dim(&scalar(0.0, DType::Float32)?, x.shape(), Vec::new())?;
        select_n(&nan, &[x.clone(), zeros])?
    } else {
        x.clone()
    };
    cumulative(CumOp::Sum, &x, axis, dtype)
}

/// `jnp.sort` along `axis` (the flattened array when `None`), reversed when `descending`.
pub fn sort(x: &Value, axis: Option<usize>, stable: bool, descending: bool) -> Result<Value> {
    let (x, axis) = match axis {
        None => (shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    let sorted = crate::primitives::sort::sort(&[x], axis, stable, 1)?.remove(0);
    if descending {
        lax::rev(&sorted, vec![axis])
    } else {
        Ok(sorted)
    }
}

/// `jnp.argsort`: a sort of `(x, iota)` keyed on `x`; for `descending`, both reversed before
/// and the positions after, so ties keep their order.
pub fn argsort(x: &Value, axis: Option<usize>, stable: bool, descending: bool) -> Result<Value> {
    let (x, axis) = match axis {
        None => (shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    let iota = bind1(
        Rc::new(Iota {
            dtype: DType::Int32,
            shape: x.shape().to_vec(),
            dimension: axis,
        }),
        &[],
    )?;
    let (x, iota) = if descending {
        (lax::rev(&x, vec![axis])?, lax::rev(&iota, vec![axis])?)
    } else {
        (x, iota)
    };
    let mut outs = crate::primitives::sort::sort(&[x, iota], axis, stable, 1)?;
    let positions = outs.remove(1);
    if descending {
        lax::rev(&positions, vec![axis])
    } else {
        Ok(positions)
    }
}

/// `jnp.ptp`: the maximum minus the minimum.
pub fn ptp(x: &Value, r: &Reduction) -> Result<Value> {
    let hi = extremum(ReduceOp::Max, x, r)?;
    let lo = extremum(ReduceOp::Min, x, r)?;
    lax::sub(&hi, &lo)
}

/// `jnp.var`: the mean squared deviation from the mean, divided by `n - correction` (NaN
/// when that is not positive), in float32 for integers.
pub fn var(x: &Value, r: &Reduction, correction: f64) -> Result<Value> {
    let aval = x.aval();
    let computation = if aval.dtype.is_float() {
        aval.dtype
    } else {
        DType::Float32
    };
    let a = if computation == aval.dtype {
        strong(x)?
    } else {
        astype(x, computation)?
    };
    let axes = r.axes_of(aval.shape.len());
    let n = scalar(r.count(&aval.shape) as f64, computation)?;
    let kept = Reduction {
        keepdims: true,
        ..r.clone()
    };
    let mean = keep_dims(lax::reduce_sum(&a, axes.clone())?, &aval.shape, &kept)?;
    let mean = lax::div(&mean, &n)?;
    let centered = lax::sub(&a, &mean)?;
    let squared = square(&centered)?;
    let normalizer = lax::sub(&n, &scalar(correction, computation)?)?;
    let total = keep_dims(lax::reduce_sum(&squared, axes)?, &aval.shape, r)?;
    let out = lax::div(&total, &normalizer)?;
    let positive = lax::compare(CompareOp::Gt, &normalizer, &scalar(0.0, computation)?)?;
    let nan = lax::broadcast_in_dim(&scalar(f64::NAN, computation)?, out.shape(), Vec::new())?;
    let out = select_n(&positive, &[nan, out])?;
    match r.dtype {
        Some(d) if d != computation => astype(&out, d),
        _ => Ok(out),
    }
}

/// `jnp.std`: the square root of `var`.
pub fn std(x: &Value, r: &Reduction, correction: f64) -> Result<Value> {
    math(MathOp::Sqrt, &var(x, r, correction)?)
}

/// `isnan(x)` as `jnp` writes it for floats: `x != x`.
fn is_nan(x: &Value) -> Result<Value> {
    lax::compare(CompareOp::Ne, x, x)
}

/// `x` with its NaNs replaced by `fill` (JAX's `_where(isnan(x), fill, x)`); other dtypes
/// have none.
fn nan_to(x: &Value, fill: f64) -> Result<Value> {
    if x.aval().dtype != DType::Float32 {
        return Ok(x.clone());
    }
    let nan = is_nan(x)?;
    let fill = lax::broadcast_in_dim(&scalar(fill, DType::Float32)?, x.shape(), Vec::new())?;
    select_n(&nan, &[x.clone(), fill])
}

/// `jnp.nansum`: `sum` with NaNs counted as zero.
pub fn nansum(x: &Value, r: &Reduction) -> Result<Value> {
    sum(&nan_to(x, 0.0)?, r)
}

/// `jnp.nanmean`: `nansum` over the number of non-NaN elements (float32 for integers).
pub fn nanmean(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    if aval.dtype != DType::Float32 {
        return mean(x, r);
    }
    if r.where_.is_some() {
        return Err(Error::Unsupported {
            what: "nanmean with `where`",
        });
    }
    let dtype = r.dtype.unwrap_or(DType::Float32);
    let counted = astype(&bitwise_not(&is_nan(x)?)?, DType::Int32)?;
    let count = sum(
        &counted,
        &Reduction {
            dtype: Some(dtype),
            initial: None,
            ..r.clone()
        },
    )?;
    let total = nansum(
        x,
        &Reduction {
            dtype: Some(dtype),
            ..r.clone()
        },
    )?;
    binary(BinaryOp::Div, &total, &count)
}

/// `jnp.nanmax` / `jnp.nanmin`: the extremum with NaNs as the reduction's identity; without
/// `initial`, NaN where every element reduced was NaN.
pub fn nan_extremum(op: ReduceOp, x: &Value, r: &Reduction) -> Result<Value> {
    if x.aval().dtype != DType::Float32 {
        return extremum(op, x, r);
    }
    let identity = if op == ReduceOp::Max {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    let out = extremum(op, &nan_to(x, identity)?, r)?;
    if r.initial.is_some() {
        return Ok(out);
    }
    let over = Reduction {
        axes: r.axes.clone(),
        keepdims: r.keepdims,
        ..Reduction::all()
    };
    let all_nan = logical(true, &is_nan(x)?, &over)?;
    let nan = lax::broadcast_in_dim(&scalar(f64::NAN, DType::Float32)?, out.shape(), Vec::new())?;
    select_n(&all_nan, &[out, nan])
}

/// `jnp.average`: the mean, or with `weights` the weighted sum over the sum of the weights
/// (1-D weights laid along the single `axis`); with `returned`, that sum too.
pub fn average(
    x: &Value,
    axis: Option<Vec<usize>>,
    weights: Option<&Value>,
    keepdims: bool,
    returned: bool,
) -> Result<(Value, Option<Value>)> {
    let r = Reduction {
        axes: axis.clone(),
        keepdims,
        ..Reduction::all()
    };
    let Some(w) = weights else {
        let avg = mean(x, &r)?;
        if !returned {
            return Ok((avg, None));
        }
        let n = r.count(x.shape()) as f64;
        let count = lax::broadcast_in_dim(&scalar(n, avg.aval().dtype)?, avg.shape(), Vec::new())?;
        return Ok((avg, Some(count)));
    };
    let a_shape = x.shape().to_vec();
    let w_shape = w.shape().to_vec();
    let w = if a_shape == w_shape {
        w.clone()
    } else {
        let Some(axes) = &axis else {
            return Err(value_error(
                "Axis must be specified when shapes of a and weights differ.".into(),
            ));
        };
        if w_shape.len() != 1 || axes.len() != 1 {
            return Err(value_error(
                "1D weights expected when shapes of a and weights differ.".into(),
            ));
        }
        if w_shape[0] != a_shape[axes[0]] {
            return Err(value_error(
                "Shape of weights must be consistent with shape of a along specified axis.".into(),
            ));
        }
        let mut lifted = vec![1; a_shape.len() - 1];
        lifted.push(w_shape[0]);
        let w = lax::reshape(w, &lifted)?;
        shape::moveaxis(&w, &[a_shape.len() - 1], &[axes[0]])?
    };
    // Both promoted to a common inexact type first, as `promote_dtypes_inexact` does.
    let t = crate::dtype::promote(x.type_key(), w.type_key());
    let dtype = if t.dtype.is_float() {
        t.dtype
    } else {
        DType::Float32
    };
    let (a, w) = (astype(x, dtype)?, astype(&w, dtype)?);
    let w_sum = sum(&w, &r)?;
    let avg = binary(BinaryOp::Div, &sum(&lax::mul(&a, &w)?, &r)?, &w_sum)?;
    if !returned {
        return Ok((avg, None));
    }
    let w_sum = if w_sum.shape() == avg.shape() {
        w_sum
    } else {
        super::broadcast_to(&w_sum, avg.shape())?
    };
    Ok((avg, Some(w_sum)))
}

/// `jnp.count_nonzero`: `ne 0`, as int32, summed.
pub fn count_nonzero(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let zero = Value::Array(Array::from_f64_values(&[], aval.dtype, &[0.0])?);
    let nonzero = lax::compare(CompareOp::Ne, x, &zero)?;
    let counted = astype(&nonzero, DType::Int32)?;
    let out = lax::reduce_sum(&counted, r.axes_of(aval.shape.len()))?;
    keep_dims(out, &aval.shape, r)
}
