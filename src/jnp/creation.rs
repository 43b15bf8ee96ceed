//! Array creation as `jax.numpy` stages it: `zeros`/`ones`/`full` (and `_like`) broadcast one
//! literal, `arange` scales an `iota`, `eye` compares two `iota`s.

use super::{binary, compare, convert};
use crate::array::Array;
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::structural::Iota;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// `jnp.full(shape, fill_value, dtype)`: the fill value converted and broadcast; with no
/// `dtype`, its own dtype, and weakly typed if it is (a Python scalar), as `lax.full` does.
pub fn full(shape: &[usize], fill: &Value, dtype: Option<DType>) -> Result<Value> {
    let weak = dtype.is_none() && fill.type_key().weak;
    let dtype = dtype.unwrap_or(fill.type_key().dtype);
    let fill = convert(fill, TypeKey { dtype, weak })?;
    crate::array::checked_size("broadcast_in_dim", shape)?;
    let dims = if fill.shape().is_empty() {
        Vec::new()
    } else {
        let lead = shape
            .len()
            .checked_sub(fill.shape().len())
            .ok_or_else(|| Error::Value {
                message: format!(
                    "full: fill_value of shape {} cannot be broadcast to shape {}",
                    crate::array::shape_tuple(fill.shape()),
                    crate::array::shape_tuple(shape)
                ),
            })?;
        let fill_shape = fill.shape().to_vec();
        let lifted = [vec![1; lead], fill_shape].concat();
        let fill = lax::reshape(&fill, &lifted)?;
        return super::broadcast_to(&fill, shape);
    };
    lax::broadcast_in_dim(&fill, shape, dims)
}

/// A scalar of `dtype` holding `value`, strongly typed.
pub fn scalar(value: f64, dtype: DType) -> Result<Value> {
    Ok(Value::Array(Array::from_f64_values(&[], dtype, &[value])?))
}

/// `jnp.arange(start, stop, step, dtype)`: `start + step * iota`, the dtype int32 when every
/// bound is an int and float32 otherwise, as JAX's.
pub fn arange(start: f64, stop: f64, step: f64, dtype: DType) -> Result<Value> {
    if step == 0.0 {
        return Err(Error::Value {
            message: "arange: step must not be zero".into(),
        });
    }
    let n = ((stop - start) / step).ceil().max(0.0);
    if n > crate::array::MAX_ELEMENTS as f64 {
        return Err(Error::Value {
            message: format!("arange: {n} elements are more than the engine holds"),
        });
    }
    let iota = bind1(
        Rc::new(Iota {
            dtype,
            shape: vec![n as usize],
            dimension: 0,
        }),
        &[],
    )?;
    if start == 0.0 && step == 1.0 {
        return Ok(iota);
    }
    let weak = |v: f64| Value::Array(Array::weak_scalar(v, dtype));
    let scaled = binary(BinaryOp::Mul, &weak(step), &iota)?;
    binary(BinaryOp::Add, &weak(start), &scaled)
}

/// `jnp.eye(n, m, k, dtype)`: ones where the column is the row plus `k`.
pub fn eye(n: usize, m: usize, k: i64, dtype: DType) -> Result<Value> {
    let iota = |dimension| {
        bind1(
            Rc::new(Iota {
                dtype: DType::Int32,
                shape: vec![n, m],
                dimension,
            }),
            &[],
        )
    };
    let rows = iota(0)?;
    let cols = iota(1)?;
    let shifted = binary(BinaryOp::Add, &rows, &super::number(k as f64))?;
    let on = compare(CompareOp::Eq, &shifted, &cols)?;
    super::astype(&on, dtype)
}
