//! The rest of `jax.numpy`'s tier-1 functions: `isin`, `select`, `diag`, `diagflat`, `frexp`,
//! `ldexp`, `modf`, the array-API products `vecdot`, `matvec` and `vecmat`, `unstack`, and
//! dtype promotion as a function (`result_type`, `promote_types`).

use super::creation::scalar;
use super::math::{self, promote1, Promote};
use super::{astype, binary, compare, shape, where_};
use crate::array::Array;
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::{bitcast_convert_type, bitwise, BitwiseOp};
use crate::primitives::dot::{dot_general, DotDims};
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::math::ops::select_n;
use crate::primitives::math::MathOp;
use crate::primitives::reductions::{arg_reduce, reduce, ArgOp, ReduceOp};
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

fn int32(v: i64) -> Result<Value> {
    scalar(v as f64, DType::Int32)
}

/// `jnp.isin`: whether each element equals any test element (or none, with `invert`).
pub fn isin(element: &Value, test: &Value, invert: bool) -> Result<Value> {
    let a = shape::ravel(element)?;
    let b = shape::ravel(test)?;
    let (n, m) = (a.shape()[0], b.shape()[0]);
    let col = lax::broadcast_in_dim(&a, &[n, 1], vec![0])?;
    let row = lax::broadcast_in_dim(&b, &[1, m], vec![1])?;
    let (op, red) = if invert {
        (CompareOp::Ne, ReduceOp::And)
    } else {
        (CompareOp::Eq, ReduceOp::Or)
    };
    let hits = reduce(red, &compare(op, &col, &row)?, vec![1])?;
    if element.shape().len() == 1 {
        Ok(hits)
    } else {
        lax::reshape(&hits, element.shape())
    }
}

/// `jnp.select`: from the first choice whose condition holds, else `default`; the index is the
/// `argmax` of the stacked conditions behind a false one for the default.
pub fn select(conds: &[Value], choices: &[Value], default: &Value) -> Result<Value> {
    if conds.len() != choices.len() {
        return Err(value_error(format!(
            "condlist must have length equal to choicelist ({} vs {})",
            conds.len(),
            choices.len()
        )));
    }
    if conds.is_empty() {
        return Err(value_error("condlist must be non-empty".into()));
    }
    let mut all: Vec<&Value> = vec![default];
    all.extend(choices.iter());
    let choices = super::poly::promote_all(&all, false)?;
    let never = Value::Array(Array::from_bool(&[], vec![false])?.with_weak_type(true));
    let mut flags = vec![never];
    flags.extend(conds.iter().cloned());
    let flags = shape::broadcast_arrays(&flags)?;
    let stacked = super::joining::stack(&flags, 0, None)?;
    let stacked = if stacked.aval().dtype == DType::Bool {
        stacked
    } else {
        astype(&stacked, DType::Bool)?
    };
    let idx = arg_reduce(ArgOp::Max, &stacked, 0, DType::Int32)?;
    let mut cases = vec![idx];
    cases.extend(choices);
    let cases = shape::broadcast_arrays(&cases)?;
    select_n(&cases[0], &cases[1..])
}

/// `jnp.diag`: a 1-D `v` laid on diagonal `k` of a square matrix, or a matrix's `k` diagonal.
pub fn diag(v: &Value, k: i64) -> Result<Value> {
    match v.shape().len() {
        1 => {
            let n = v.shape()[0] + k.unsigned_abs() as usize;
            let zero = scalar(0.0, v.aval().dtype)?;
            let config = vec![crate::primitives::slicing::PadDim {
                lo: (-k).max(0) as usize,
                hi: k.max(0) as usize,
                interior: 0,
                numpy_lo: false,
                numpy_hi: false,
                numpy_interior: false,
            }];
            let padded = lax::pad_with(v, &zero, config)?;
            let mask = super::creation::eye(n, n, k, DType::Bool)?;
            let col = lax::broadcast_in_dim(&padded, &[n, 1], vec![0])?;
            where_(&mask, &col, &zero)
        }
        2 => crate::jnp_indexing::diagonal(v, k, 0, 1),
        _ => Err(value_error("diag input must be 1d or 2d".into())),
    }
}

/// `jnp.diagflat`: the flattened input on diagonal `k`.
pub fn diagflat(v: &Value, k: i64) -> Result<Value> {
    diag(&shape::ravel(v)?, k)
}

/// JAX's `_frexp`: the mantissa in [0.5, 1) and the int32 exponent, from the float's bits
/// (subnormals scaled up first); zeros, infinities and NaNs pass through with exponent 0.
pub fn frexp(x: &Value) -> Result<(Value, Value)> {
    let x = promote1(x, Promote::Inexact)?;
    let tiny = f64::from(f32::MIN_POSITIVE);
    let small = lax::compare(
        CompareOp::Lt,
        &math::abs(&x)?,
        &scalar(tiny, DType::Float32)?,
    )?;
    let scaled = lax::mul(&x, &scalar(8388608.0, DType::Float32)?)?;
    let x1 = math::select(&small, &scaled, &x)?;
    let shape = x.shape().to_vec();
    let fill = |v: i64| lax::broadcast_in_dim(&int32(v)?, &shape, Vec::new());
    let x2 = {
        let (lo, zero) = (fill(-23)?, fill(0)?);
        select_n(&small, &[zero, lo])?
    };
    let bits = bitcast_convert_type(&x1, DType::Int32)?;
    let exp = bitwise(BitwiseOp::ShiftRightArithmetic, &bits, &int32(23)?)?;
    let exp = bitwise(BitwiseOp::And, &exp, &int32(255)?)?;
    let exp = lax::sub(&exp, &int32(127)?)?;
    let exp = lax::add(&exp, &int32(1)?)?;
    let x2 = lax::add(&x2, &exp)?;
    let mant = bitwise(BitwiseOp::And, &bits, &int32(-2139095041)?)?;
    let mant = bitwise(BitwiseOp::Or, &mant, &int32(1056964608)?)?;
    let mant = bitcast_convert_type(&mant, DType::Float32)?;
    let inf = math::isinf(&x)?;
    let nan = lax::compare(CompareOp::Ne, &x, &x)?;
    let special = bitwise(BitwiseOp::Or, &inf, &nan)?;
    let zero = lax::compare(CompareOp::Eq, &x, &scalar(0.0, DType::Float32)?)?;
    let special = bitwise(BitwiseOp::Or, &special, &zero)?;
    let zeros = lax::broadcast_in_dim(&int32(0)?, &shape, Vec::new())?;
    let x2 = select_n(&special, &[x2, zeros])?;
    let mant = select_n(&special, &[mant, x])?;
    Ok((mant, x2))
}

/// `jnp.ldexp`: `x1 * 2 ** x2`, through `frexp` so small `x1` and large `x2` do not overflow.
pub fn ldexp(x1: &Value, x2: &Value) -> Result<Value> {
    let (d1, d2) = (x1.aval().dtype, x2.aval().dtype);
    if d2.is_float() {
        return Err(value_error(format!(
            "ldexp not supported for input types (dtype('{d1}'), dtype('{d2}'))"
        )));
    }
    let x1 = promote1(x1, Promote::Inexact)?;
    let x2 = astype(&x2.clone(), x1.aval().dtype)?;
    let (m, e) = frexp(&x1)?;
    let e = lax::add(&astype(&e, DType::Float32)?, &x2)?;
    let positive = |e: &Value| lax::compare(CompareOp::Gt, e, &scalar(0.0, DType::Float32)?);
    let m = math::select(
        &positive(&e)?,
        &lax::mul(&m, &scalar(2.0, DType::Float32)?)?,
        &m,
    )?;
    let e = math::select(
        &positive(&e)?,
        &lax::sub(&e, &scalar(1.0, DType::Float32)?)?,
        &e,
    )?;
    let x = lax::mul(
        &m,
        &crate::primitives::math::ops::pow(&scalar(2.0, DType::Float32)?, &e)?,
    )?;
    let inf = math::isinf(&x1)?;
    let zero = lax::compare(CompareOp::Eq, &x1, &scalar(0.0, DType::Float32)?)?;
    let keep = bitwise(BitwiseOp::Or, &inf, &zero)?;
    math::select(&keep, &x1, &x)
}

/// `jnp.modf`: the fractional and whole parts, both with `x`'s sign.
pub fn modf(x: &Value) -> Result<(Value, Value)> {
    let x = promote1(x, Promote::Inexact)?;
    let zero = math::constant_like(&x, 0.0)?;
    let positive = lax::compare(CompareOp::Ge, &x, &zero)?;
    let floor = math::floor_or_ceil(MathOp::Floor, &x)?;
    let ceil = math::floor_or_ceil(MathOp::Ceil, &x)?;
    let whole = math::select(&positive, &floor, &ceil)?;
    Ok((binary(BinaryOp::Sub, &x, &whole)?, whole))
}

/// `jnp.vecdot`: the dot product of vectors along `axis` (broadcast over the rest).
pub fn vecdot(a: &Value, b: &Value, axis: i64) -> Result<Value> {
    let (ra, rb) = (a.shape().len(), b.shape().len());
    let (ia, ib) = (super::axis_index(axis, ra)?, super::axis_index(axis, rb)?);
    if a.shape()[ia] != b.shape()[ib] {
        return Err(value_error(format!(
            "axes must match; got shapes {} and {} with axis={axis}",
            crate::array::shape_tuple(a.shape()),
            crate::array::shape_tuple(b.shape())
        )));
    }
    if ra == 1 || rb == 1 {
        // One vector: a plain contraction, as JAX's `vmap`ped `vdot` stages it.
        let dtype = promote(a.type_key(), b.type_key()).dtype;
        let dims = DotDims {
            lhs_contract: vec![ia],
            rhs_contract: vec![ib],
            ..DotDims::default()
        };
        return dot_general(a, b, dims, Some(dtype));
    }
    if a.shape() == b.shape() {
        // Equal shapes: the other axes are batch dimensions of one `dot_general`.
        let dtype = promote(a.type_key(), b.type_key()).dtype;
        let batch: Vec<usize> = (0..ra).filter(|&d| d != ia).collect();
        let dims = DotDims {
            lhs_contract: vec![ia],
            rhs_contract: vec![ib],
            lhs_batch: batch.clone(),
            rhs_batch: batch,
        };
        return dot_general(a, b, dims, Some(dtype));
    }
    let prod = binary(BinaryOp::Mul, a, b)?;
    let rank = prod.shape().len();
    let along = super::axis_index(axis, rank)?;
    super::reductions::sum(
        &prod,
        &super::reductions::Reduction {
            axes: Some(vec![along]),
            ..super::reductions::Reduction::all()
        },
    )
}

/// `jnp.matvec` (matrix `a` times vector `b`) and `jnp.vecmat` (vector `a` times matrix `b`).
pub fn matvec(a: &Value, b: &Value, vec_first: bool) -> Result<Value> {
    let dtype = promote(a.type_key(), b.type_key()).dtype;
    let (ra, rb) = (a.shape().len(), b.shape().len());
    let (ca, cb) = if vec_first {
        if ra < 1 || rb < 2 {
            return Err(value_error("vecmat requires a vector and a matrix".into()));
        }
        (ra - 1, rb - 2)
    } else {
        if ra < 2 || rb < 1 {
            return Err(value_error("matvec requires a matrix and a vector".into()));
        }
        (ra - 1, rb - 1)
    };
    if (vec_first && ra > 1) || (!vec_first && rb > 1) {
        return Err(Error::Unsupported {
            what: "matvec / vecmat with batch dimensions",
        });
    }
    let dims = DotDims {
        lhs_contract: vec![ca],
        rhs_contract: vec![cb],
        ..DotDims::default()
    };
    dot_general(a, b, dims, Some(dtype))
}

/// `jnp.unstack`: the slices along `axis`.
pub fn unstack(x: &Value, axis: i64) -> Result<Vec<Value>> {
    let rank = x.shape().len();
    if rank == 0 {
        return Err(value_error(
            "Unstack requires arrays with rank > 0, however a scalar array was passed.".into(),
        ));
    }
    let axis = super::axis_index(axis, rank)?;
    (0..x.shape()[axis])
        .map(|i| super::poly::take_static(x, axis, i))
        .collect()
}

/// `jnp.result_type` of arrays and dtypes: JAX's promotion, a Python scalar yielding to an
/// array; `to` is each argument's dtype and whether it is weak.
pub fn result_type(types: &[TypeKey]) -> Result<DType> {
    types
        .iter()
        .copied()
        .reduce(promote)
        .map(|t| t.dtype)
        .ok_or_else(|| value_error("at least one array or dtype is required".into()))
}
