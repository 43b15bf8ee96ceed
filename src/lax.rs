//! `lax`-level operations on values: one primitive each, no dtype promotion. Transformation
//! rules are written with these, so they work eagerly, under staging and under further
//! transformations alike.

use crate::array::{Array, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::primitives::add_any::AddAny;
use crate::primitives::elementwise::{Binary, BinaryOp, Compare, CompareOp, Unary, UnaryOp};
use crate::primitives::slicing::{Pad, PadDim, Rev, Slice, Squeeze};
use crate::primitives::structural::{
    BroadcastInDim, ConvertElementType, ReduceSum, Reshape, Transpose,
};
use crate::trace::{bind1, Value};
use std::rc::Rc;

pub fn binary(op: BinaryOp, a: &Value, b: &Value) -> Result<Value> {
    bind1(Rc::new(Binary(op)), &[a.clone(), b.clone()])
}

pub fn add(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Add, a, b)
}

pub fn sub(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Sub, a, b)
}

pub fn mul(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Mul, a, b)
}

pub fn div(a: &Value, b: &Value) -> Result<Value> {
    binary(BinaryOp::Div, a, b)
}

pub fn compare(op: CompareOp, a: &Value, b: &Value) -> Result<Value> {
    bind1(Rc::new(Compare(op)), &[a.clone(), b.clone()])
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn unary(op: UnaryOp, x: &Value) -> Result<Value> {
    bind1(Rc::new(Unary(op)), std::slice::from_ref(x))
}

pub fn neg(x: &Value) -> Result<Value> {
    unary(UnaryOp::Neg, x)
}

pub fn reduce_sum(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce_sum_with(x, axes, false)
}

/// `reduce_sum` over axes JAX's rule computes with NumPy (printed `np.int64(1)`).
pub fn reduce_sum_numpy(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce_sum_with(x, axes, true)
}

fn reduce_sum_with(x: &Value, axes: Vec<usize>, numpy_axes: bool) -> Result<Value> {
    if axes.is_empty() {
        return Ok(x.clone());
    }
    bind1(
        Rc::new(ReduceSum { axes, numpy_axes }),
        std::slice::from_ref(x),
    )
}

pub fn broadcast_in_dim(
    x: &Value,
    shape: &[usize],
    broadcast_dimensions: Vec<usize>,
) -> Result<Value> {
    if x.aval().shape == shape {
        return Ok(x.clone());
    }
    bind1(
        Rc::new(BroadcastInDim {
            shape: shape.to_vec(),
            broadcast_dimensions,
        }),
        std::slice::from_ref(x),
    )
}

pub fn reshape(x: &Value, new_sizes: &[usize]) -> Result<Value> {
    reshape_dims(x, new_sizes, None)
}

/// `lax.reshape` with `dimensions`: the operand read in that order of its axes; an identity
/// order is dropped (printed `None`), as JAX does.
pub fn reshape_dims(
    x: &Value,
    new_sizes: &[usize],
    dimensions: Option<Vec<usize>>,
) -> Result<Value> {
    let dimensions = dimensions.filter(|d| d.iter().enumerate().any(|(i, &a)| i != a));
    if dimensions.is_none() && x.aval().shape == new_sizes {
        return Ok(x.clone());
    }
    bind1(
        Rc::new(Reshape {
            new_sizes: new_sizes.to_vec(),
            dimensions,
        }),
        std::slice::from_ref(x),
    )
}

pub fn convert(x: &Value, new_dtype: DType, weak_type: bool) -> Result<Value> {
    let aval = x.aval();
    if aval.dtype == new_dtype && aval.weak_type == weak_type {
        return Ok(x.clone());
    }
    bind1(
        Rc::new(ConvertElementType {
            new_dtype,
            weak_type,
        }),
        std::slice::from_ref(x),
    )
}

pub fn transpose(x: &Value, permutation: Vec<usize>) -> Result<Value> {
    if permutation.iter().enumerate().all(|(i, &p)| i == p) {
        return Ok(x.clone());
    }
    bind1(Rc::new(Transpose { permutation }), std::slice::from_ref(x))
}

/// Moves axis `from` to position `to`.
pub fn moveaxis(x: &Value, from: usize, to: usize) -> Result<Value> {
    let rank = x.aval().shape.len();
    let mut perm: Vec<usize> = (0..rank).filter(|&d| d != from).collect();
    perm.insert(to, from);
    transpose(x, perm)
}

/// Zeros of the given type (staged when a dynamic trace is active, like `jnp.zeros`).
pub fn zeros(aval: &ShapedArray) -> Result<Value> {
    let scalar = Array::zeros(&ShapedArray {
        shape: Vec::new(),
        ..aval.clone()
    });
    broadcast_in_dim(&Value::Array(scalar), &aval.shape, Vec::new())
}

pub fn ones(aval: &ShapedArray) -> Result<Value> {
    let scalar = Array::from_f64_values(&[], aval.dtype, &[1.0])?.with_weak_type(aval.weak_type);
    broadcast_in_dim(&Value::Array(scalar), &aval.shape, Vec::new())
}

/// A tangent or cotangent, with symbolic zeros made real.
pub fn instantiate(t: Option<Value>, aval: &ShapedArray) -> Result<Value> {
    match t {
        Some(v) => Ok(v),
        None => zeros(aval),
    }
}

/// Sum of two (co)tangents of one type (differentiation's own addition, see `AddAny`).
pub fn add_any(a: &Value, b: &Value) -> Result<Value> {
    bind1(Rc::new(AddAny), &[a.clone(), b.clone()])
}

/// Sum of two optional (co)tangents, `None` being zero (JAX's `add_tangents`).
pub fn add_tangents(a: Option<Value>, b: Option<Value>) -> Result<Option<Value>> {
    Ok(match (a, b) {
        (Some(a), Some(b)) => Some(add_any(&a, &b)?),
        (a, None) => a,
        (None, b) => b,
    })
}

/// Broadcasts `x` to `shape` the way a binary primitive broadcast it (scalar, or size-1 dims).
pub fn broadcast_like(x: &Value, shape: &[usize]) -> Result<Value> {
    let own = x.aval().shape;
    if own == shape {
        return Ok(x.clone());
    }
    let dims = if own.is_empty() {
        Vec::new()
    } else {
        (0..shape.len()).collect()
    };
    broadcast_in_dim(x, shape, dims)
}

/// Undoes `broadcast_like` for cotangents: sums over the dims that were broadcast.
pub fn unbroadcast(ct: &Value, target: &[usize]) -> Result<Value> {
    let shape = ct.aval().shape;
    if shape == target {
        return Ok(ct.clone());
    }
    if target.is_empty() {
        return reduce_sum(ct, (0..shape.len()).collect());
    }
    let axes: Vec<usize> = (0..shape.len())
        .filter(|&d| target[d] == 1 && shape[d] != 1)
        .collect();
    let summed = reduce_sum(ct, axes)?;
    reshape(&summed, target)
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn slice(
    x: &Value,
    start_indices: Vec<usize>,
    limit_indices: Vec<usize>,
    strides: Option<Vec<usize>>,
) -> Result<Value> {
    let prim = Slice {
        start_indices,
        limit_indices,
        strides,
    };
    bind1(Rc::new(prim), std::slice::from_ref(x))
}

pub fn squeeze(x: &Value, dimensions: Vec<usize>) -> Result<Value> {
    if dimensions.is_empty() {
        return Ok(x.clone());
    }
    bind1(Rc::new(Squeeze { dimensions }), std::slice::from_ref(x))
}

pub fn rev(x: &Value, dimensions: Vec<usize>) -> Result<Value> {
    bind1(Rc::new(Rev { dimensions }), std::slice::from_ref(x))
}

/// `x` padded with zeros (the transpose of `slice`).
pub fn pad(x: &Value, padding_config: Vec<PadDim>) -> Result<Value> {
    let zero = Array::zeros(&ShapedArray::new(Vec::new(), x.aval().dtype));
    pad_with(x, &Value::Array(zero), padding_config)
}

pub fn pad_with(x: &Value, fill: &Value, padding_config: Vec<PadDim>) -> Result<Value> {
    bind1(Rc::new(Pad { padding_config }), &[x.clone(), fill.clone()])
}

/// `lax.expand_dims`: new axes of size 1 at `dimensions` of the result.
pub fn expand_dims(x: &Value, dimensions: &[usize]) -> Result<Value> {
    let own = x.aval().shape;
    let rank = own.len() + dimensions.len();
    let fail = |message| {
        Err(Error::InvalidArgument {
            primitive: "expand_dims",
            message,
        })
    };
    if let Some(d) = dimensions.iter().find(|&&d| d >= rank) {
        return fail(format!(
            "axis {d} is out of bounds for array of dimension {rank}"
        ));
    }
    if (1..dimensions.len()).any(|i| dimensions[..i].contains(&dimensions[i])) {
        let listed = crate::array::shape_tuple(dimensions);
        return fail(format!("repeated axis in lax.expand_dims: {listed}"));
    }
    let (mut shape, mut kept, mut next) = (Vec::new(), Vec::new(), own.iter());
    for d in 0..rank {
        if dimensions.contains(&d) {
            shape.push(1);
        } else {
            kept.push(d);
            shape.extend(next.next());
        }
    }
    broadcast_in_dim(x, &shape, kept)
}
