//! NumPy's reduction conventions over the engine's reduce primitives, as `jax.numpy` applies
//! them: `axis` (all axes by default), `keepdims` (the reduced axes kept with size 1, by
//! `broadcast_in_dim`), `dtype` (the operand converted first), `where` (masked elements replaced
//! by the reduction's identity) and `initial` (combined with the result).

use super::{astype, binary, where_};
use crate::dtype::DType;
use crate::error::Result;
use crate::lax;
use crate::primitives::elementwise::BinaryOp;
use crate::trace::Value;

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

/// `jnp.sum`: booleans and weak values summed as JAX does (bool as int32; the result strong).
pub fn sum(x: &Value, r: &Reduction) -> Result<Value> {
    let aval = x.aval();
    let x = match r.dtype {
        Some(d) => astype(x, d)?,
        None if aval.dtype == DType::Bool => astype(x, DType::Int32)?,
        None if aval.weak_type => astype(x, aval.dtype)?,
        None => x.clone(),
    };
    let x = match &r.where_ {
        Some(mask) => where_(mask, &x, &zero_like(&x))?,
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

fn zero_like(x: &Value) -> Value {
    let t = x.type_key();
    let zero = crate::array::Array::weak_scalar(0.0, t.dtype).with_weak_type(true);
    Value::Array(zero)
}
