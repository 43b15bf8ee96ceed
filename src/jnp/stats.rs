//! Statistics of `jax.numpy` beyond the plain reductions: `cov` and `corrcoef` (centred rows
//! contracted with `dot`), the NaN-ignoring `nanvar`, `nanstd`, `nanprod`, `nancumprod`,
//! `nanargmax` and `nanargmin`, and `cumulative_prod`, each binding what JAX binds.

use super::astype;
use super::creation::scalar;
use super::reductions::{self as red, Reduction};
use super::{binary, shape, where_};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::bitwise_not;
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::indexing::concatenate;
use crate::primitives::math::ops::{math, select_n, square};
use crate::primitives::math::MathOp;
use crate::primitives::reductions::{ArgOp, CumOp};
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

fn is_nan(x: &Value) -> Result<Value> {
    lax::compare(CompareOp::Ne, x, x)
}

fn weak_int(v: i64) -> Value {
    Value::Array(Array::weak_scalar(v as f64, DType::Int32))
}

/// JAX's `_where(isnan(x), fill, x)` for floats.
fn nan_to(x: &Value, fill: f64) -> Result<Value> {
    if x.aval().dtype != DType::Float32 {
        return Ok(x.clone());
    }
    let nan = is_nan(x)?;
    let fill = lax::broadcast_in_dim(&scalar(fill, DType::Float32)?, x.shape(), Vec::new())?;
    select_n(&nan, &[x.clone(), fill])
}

/// `jnp.nanprod`: `prod` with NaNs as one.
pub fn nanprod(x: &Value, r: &Reduction) -> Result<Value> {
    red::prod(&nan_to(x, 1.0)?, r)
}

/// `jnp.nancumprod`: `cumprod` with NaNs as one.
pub fn nancumprod(x: &Value, axis: Option<usize>, dtype: Option<DType>) -> Result<Value> {
    let (x, axis) = match axis {
        None => (shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    red::cumulative(CumOp::Prod, &nan_to(&x, 1.0)?, Some(axis), dtype)
}

/// `jnp.cumulative_prod`: `axis` required beyond one dimension; `include_initial` puts a
/// slice of ones first.
pub fn cumulative_prod(
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
    let out = red::cumulative(CumOp::Prod, x, Some(axis), dtype)?;
    if !include_initial {
        return Ok(out);
    }
    let mut s = out.shape().to_vec();
    s[axis] = 1;
    let ones = lax::broadcast_in_dim(&scalar(1.0, out.aval().dtype)?, &s, Vec::new())?;
    concatenate(&[ones, out], axis)
}

/// `jnp.nanargmax` / `jnp.nanargmin`: the arg-extremum with NaNs never chosen; -1 where every
/// element is NaN.
pub fn nanarg(op: ArgOp, x: &Value, axis: Option<usize>, keepdims: bool) -> Result<Value> {
    if x.aval().dtype != DType::Float32 {
        return red::arg_extremum(op, x, axis, keepdims);
    }
    let nan = is_nan(x)?;
    let fill = if op == ArgOp::Max {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    let filled = where_(
        &nan,
        &Value::Array(Array::weak_scalar(fill, DType::Float32)),
        x,
    )?;
    let res = red::arg_extremum(op, &filled, axis, keepdims)?;
    let over = Reduction {
        axes: axis.map(|a| vec![a]),
        keepdims,
        ..Reduction::all()
    };
    let all_nan = red::logical(true, &nan, &over)?;
    where_(&all_nan, &weak_int(-1), &res)
}

/// `jnp.nanvar`: the variance of the non-NaN elements, dividing by their count less `ddof`
/// (NaN where that is not positive).
pub fn nanvar(x: &Value, r: &Reduction, ddof: i64) -> Result<Value> {
    let aval = x.aval();
    if r.where_.is_some() {
        return Err(Error::Unsupported {
            what: "nanvar with `where`",
        });
    }
    let computation = DType::Float32;
    let a = if aval.dtype == computation && !aval.weak_type {
        x.clone()
    } else {
        astype(x, computation)?
    };
    let kept = Reduction {
        keepdims: true,
        dtype: Some(computation),
        where_: None,
        initial: None,
        ..r.clone()
    };
    let mean = red::nanmean(&a, &kept)?;
    let centered = where_(
        &is_nan(&a)?,
        &Value::Array(Array::weak_scalar(0.0, DType::Int32)),
        &lax::sub(&a, &mean)?,
    )?;
    let squared = square(&centered)?;
    let plain = Reduction {
        dtype: None,
        where_: None,
        initial: None,
        ..r.clone()
    };
    let counted = bitwise_not(&is_nan(&a)?)?;
    let normalizer = red::sum(&counted, &plain)?;
    let normalizer = binary(BinaryOp::Sub, &normalizer, &weak_int(ddof))?;
    let empty = lax::compare(
        CompareOp::Le,
        &normalizer,
        &scalar(0.0, normalizer.aval().dtype)?,
    )?;
    let total = red::sum(&squared, &plain)?;
    let total = where_(
        &empty,
        &Value::Array(Array::weak_scalar(f64::NAN, DType::Float32)),
        &total,
    )?;
    let divisor = where_(&empty, &weak_int(1), &normalizer)?;
    let out = lax::div(&total, &astype(&divisor, computation)?)?;
    match r.dtype {
        Some(d) if d != computation => astype(&out, d),
        _ => Ok(out),
    }
}

/// `jnp.nanstd`: the square root of `nanvar`.
pub fn nanstd(x: &Value, r: &Reduction, ddof: i64) -> Result<Value> {
    math(MathOp::Sqrt, &nanvar(x, r, ddof)?)
}

/// `jnp.cov`: the covariance of the rows (variables) of `m` (and `y`), over the columns
/// (observations), unless `rowvar` is false.
pub fn cov(
    m: &Value,
    y: Option<&Value>,
    rowvar: bool,
    bias: bool,
    ddof: Option<i64>,
    dtype: Option<DType>,
) -> Result<Value> {
    let promoted = match y {
        Some(y) => super::poly::promote_all(&[m, y], true)?,
        None => super::poly::promote_all(&[m], true)?,
    };
    let m = &promoted[0];
    if m.shape().len() > 2 {
        return Err(value_error("m has more than 2 dimensions".into()));
    }
    if let Some(d) = dtype {
        if !d.is_float() {
            return Err(value_error(format!(
                "cov: dtype must be a subclass of float or complex; got dtype={d}"
            )));
        }
    }
    let mut x = shape::atleast(m, 2)?;
    if !rowvar && m.shape().len() != 1 {
        x = lax::transpose(&x, vec![1, 0])?;
    }
    if let Some(y) = promoted.get(1) {
        if y.shape().len() > 2 {
            return Err(value_error("y has more than 2 dimensions".into()));
        }
        let mut y = shape::atleast(y, 2)?;
        if !rowvar && y.shape()[0] != 1 {
            y = lax::transpose(&y, vec![1, 0])?;
        }
        x = super::joining::concatenate(&[x, y], Some(0), None)?;
    }
    let (rows, cols) = (x.shape()[0], x.shape()[1]);
    if rows == 0 || cols == 0 {
        return Err(Error::Unsupported {
            what: "jnp.cov of an empty array",
        });
    }
    let ddof = ddof.unwrap_or(if bias { 0 } else { 1 });
    if let Some(d) = dtype {
        x = astype(&x, d)?;
    }
    let (avg, w_sum) = red::average(&x, Some(vec![1]), None, false, true)?;
    if let Some(w) = w_sum {
        super::poly::take_static(&w, 0, 0)?;
    }
    let f = cols as i64 - ddof;
    let centred = lax::sub(&x, &lax::broadcast_in_dim(&avg, &[rows, 1], vec![0])?)?;
    let xt = lax::transpose(&centred, vec![1, 0])?;
    let product = super::linear::dot(&centred, &xt)?;
    let out = binary(BinaryOp::Div, &product, &weak_int(f))?;
    let ones: Vec<usize> = (0..2).filter(|&d| out.shape()[d] == 1).collect();
    lax::squeeze(&out, ones)
}

/// `jnp.corrcoef`: the covariance over the outer product of the standard deviations, clipped
/// to [-1, 1].
pub fn corrcoef(x: &Value, y: Option<&Value>, rowvar: bool, dtype: Option<DType>) -> Result<Value> {
    if let Some(d) = dtype {
        if !d.is_float() {
            return Err(value_error(format!(
                "corrcoef: dtype must be a subclass of float or complex; got dtype={d}"
            )));
        }
    }
    let c = cov(x, y, rowvar, false, None, dtype)?;
    if c.shape().is_empty() {
        return binary(BinaryOp::Div, &c, &c);
    }
    let d = crate::jnp_indexing::diagonal(&c, 0, 0, 1)?;
    let std = math(MathOp::Sqrt, &d)?;
    let n = std.shape()[0];
    let col = lax::broadcast_in_dim(&std, &[n, 1], vec![0])?;
    let c = binary(BinaryOp::Div, &c, &col)?;
    let row = lax::broadcast_in_dim(&std, &[1, n], vec![1])?;
    let c = binary(BinaryOp::Div, &c, &row)?;
    super::math::clip(&c, Some(&weak_int(-1)), Some(&weak_int(1)))
}
