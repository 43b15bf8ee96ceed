//! NumPy-style integer indexing built as `jnp` builds it: `x[idx]` along any axis (a `gather`,
//! or `dynamic_slice` + `squeeze` for a scalar index), and `x.at[i].get/set/add/mul/min/max`
//! (a `gather` or one of the `scatter` primitives), for static integers and integer arrays;
//! and `jnp.take`, `jnp.take_along_axis` and `jnp.diagonal`, built on `gather` as JAX builds
//! them.
//!
//! Negative indices count from the end: a traced index is normalised with `lt`/`add`/`select_n`,
//! as JAX does.

use crate::array::Array;
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use crate::jnp;
use crate::lax;
use crate::primitives::elementwise::CompareOp;
use crate::primitives::indexing::{
    concatenate, dynamic_slice, gather, scatter, GatherDims, Mode, ScatterDims, ScatterKind,
};
use crate::primitives::math::ops::select_n;
use crate::trace::Value;

/// An index into the leading axis: a static integer or an int32 array (scalar or not).
#[derive(Debug, Clone)]
pub enum Index {
    Static(i64),
    Array(Value),
}

fn int_scalar(v: i64) -> Value {
    Value::Array(
        Array::from_i32(&[], vec![v as i32])
            .unwrap_or_else(|_| Array::weak_scalar(0.0, DType::Int32)),
    )
}

/// `i` with negative entries counted back from `n`, as jnp normalises an index.
pub fn normalize_index(i: &Value, n: usize) -> Result<Value> {
    let negative = lax::compare(CompareOp::Lt, i, &int_scalar(0))?;
    let wrapped = lax::add(i, &int_scalar(n as i64))?;
    select_n(&negative, &[i.clone(), wrapped])
}

fn check_int(x: &Value) -> Result<()> {
    if x.aval().dtype != DType::Int32 {
        return Err(Error::usage(format!(
            "Indexer must have integer or boolean type, got indexer with type {} at position 0, indexer value {}",
            x.aval().dtype,
            x.aval().short()
        )));
    }
    Ok(())
}

fn axis_size(x: &Value, axis: usize) -> Result<usize> {
    let shape = x.aval().shape;
    shape.get(axis).copied().ok_or_else(|| {
        Error::usage(format!(
            "Too many indices: {}-dimensional array indexed with {} regular indices.",
            shape.len(),
            axis + 1
        ))
    })
}

/// `x[(slice(None),) * axis + (idx,)]` for an int32 array `idx`: a `PROMISE_IN_BOUNDS` gather
/// (or, for a scalar index, `dynamic_slice` + `squeeze`), as `jnp` lowers it.
pub fn take(x: &Value, idx: &Value, axis: usize) -> Result<Value> {
    check_int(idx)?;
    let shape = x.aval().shape;
    let n = axis_size(x, axis)?;
    let index_shape = idx.aval().shape;
    let mut slice_sizes = shape.clone();
    slice_sizes[axis] = 1;
    if index_shape.is_empty() {
        let starts = (0..shape.len())
            .map(|d| {
                if d == axis {
                    normalize_index(idx, n)
                } else {
                    normalize_index(&int_scalar(0), shape[d])
                }
            })
            .collect::<Result<Vec<_>>>()?;
        let window = dynamic_slice(x, &starts, slice_sizes)?;
        return lax::squeeze(&window, vec![axis]);
    }
    let k = index_shape.len();
    let normalized = normalize_index(idx, n)?;
    let indices = lax::broadcast_in_dim(
        &normalized,
        &[&index_shape[..], &[1]].concat(),
        (0..k).collect(),
    )?;
    let offset_dims = (0..axis).chain(axis + k..shape.len() - 1 + k).collect();
    let dims = GatherDims {
        offset_dims,
        collapsed_slice_dims: vec![axis],
        start_index_map: vec![axis],
        ..GatherDims::default()
    };
    gather(
        x,
        &indices,
        dims,
        slice_sizes,
        Mode::PromiseInBounds,
        None,
        false,
        false,
    )
}

/// `x.at[i].get()`: a static index is a `slice` + `squeeze`, an array index a gather.
pub fn at_get(x: &Value, index: &Index) -> Result<Value> {
    match index {
        Index::Array(i) => take(x, i, 0),
        Index::Static(i) => {
            let shape = x.aval().shape;
            let n = axis_size(x, 0)? as i64;
            let at = if *i < 0 { i + n } else { *i };
            if !(0..n).contains(&at) {
                return Err(Error::usage(format!(
                    "index {i} is out of bounds for axis 0 with size {n}"
                )));
            }
            let mut start = vec![0; shape.len()];
            let mut limit = shape.clone();
            start[0] = at as usize;
            limit[0] = at as usize + 1;
            lax::squeeze(&lax::slice(x, start, limit, None)?, vec![0])
        }
    }
}

/// `x.at[index].set(v)` (`Set`), `.add`, `.mul`, `.min`, `.max`: a `FILL_OR_DROP` scatter of
/// `v`, converted to `x`'s dtype and broadcast to the indexed slices.
pub fn at_update(kind: ScatterKind, x: &Value, index: &Index, v: &Value) -> Result<Value> {
    let aval = x.aval();
    let n = axis_size(x, 0)?;
    let (indices, batch, unique) = match index {
        Index::Static(i) => {
            let at = if *i < 0 { i + n as i64 } else { *i };
            (
                lax::broadcast_in_dim(&int_scalar(at), &[1], Vec::new())?,
                Vec::new(),
                true,
            )
        }
        Index::Array(i) => {
            check_int(i)?;
            let normalized = normalize_index(i, n)?;
            let shape = i.aval().shape;
            let k = shape.len();
            let indices =
                lax::broadcast_in_dim(&normalized, &[&shape[..], &[1]].concat(), (0..k).collect())?;
            (indices, shape, k == 0)
        }
    };
    let k = batch.len();
    let target: Vec<usize> = [&batch[..], &aval.shape[1..]].concat();
    let v = jnp::convert(
        v,
        TypeKey {
            dtype: aval.dtype,
            weak: false,
        },
    )?;
    let rank = v.aval().shape.len();
    if rank > target.len() {
        return Err(Error::usage(format!(
            "Incompatible shapes for broadcasting: {} and requested shape {}",
            crate::array::shape_tuple(&v.aval().shape),
            crate::array::shape_tuple(&target)
        )));
    }
    let updates =
        lax::broadcast_in_dim(&v, &target, (target.len() - rank..target.len()).collect())?;
    let dims = ScatterDims {
        update_window_dims: (k..k + aval.shape.len() - 1).collect(),
        inserted_window_dims: vec![0],
        scatter_dims_to_operand_dims: vec![0],
        ..ScatterDims::default()
    };
    scatter(
        kind,
        x,
        &indices,
        &updates,
        dims,
        Mode::FillOrDrop,
        unique,
        unique,
    )
}

/// The NaN / integer-minimum / `True` fill JAX's `FILL_OR_DROP` gathers use by default.
fn fill_gather(
    x: &Value,
    indices: &Value,
    dims: GatherDims,
    slice_sizes: Vec<usize>,
    sorted: bool,
    unique: bool,
) -> Result<Value> {
    gather(
        x,
        indices,
        dims,
        slice_sizes,
        Mode::FillOrDrop,
        None,
        sorted,
        unique,
    )
}

/// `jnp.take(a, indices, axis)` in its default `fill` mode: negative indices normalised, then a
/// `FILL_OR_DROP` gather (out-of-range indices give the fill value); `axis=None` takes from the
/// flattened array.
pub fn take_fill(
    x: &Value,
    idx: &Value,
    axis: Option<usize>,
    unique_indices: bool,
    indices_are_sorted: bool,
) -> Result<Value> {
    check_int(idx)?;
    let (x, axis) = match axis {
        None => (jnp::shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    let shape = x.aval().shape;
    let n = axis_size(&x, axis)?;
    let index_shape = idx.aval().shape;
    let k = index_shape.len();
    let normalized = normalize_index(idx, n)?;
    let indices = lax::broadcast_in_dim(
        &normalized,
        &[&index_shape[..], &[1]].concat(),
        (0..k).collect(),
    )?;
    let mut slice_sizes = shape.clone();
    slice_sizes[axis] = 1;
    let dims = GatherDims {
        offset_dims: (0..axis).chain(axis + k..shape.len() - 1 + k).collect(),
        collapsed_slice_dims: vec![axis],
        start_index_map: vec![axis],
        ..GatherDims::default()
    };
    fill_gather(
        &x,
        &indices,
        dims,
        slice_sizes,
        indices_are_sorted,
        unique_indices,
    )
}

/// `jnp.take_along_axis(arr, indices, axis)`: `arr`'s elements at `indices` along `axis`, the
/// other axes matched one to one (a `FILL_OR_DROP` gather batched over them); `axis=None`
/// takes from the flattened array. The indices must have `arr`'s shape off `axis`.
pub fn take_along_axis(x: &Value, idx: &Value, axis: Option<usize>) -> Result<Value> {
    check_int(idx)?;
    let (x, idx, axis) = match axis {
        None => (jnp::shape::ravel(x)?, jnp::shape::ravel(idx)?, 0),
        Some(a) => (x.clone(), idx.clone(), a),
    };
    let shape = x.aval().shape;
    let index_shape = idx.aval().shape;
    let rank = shape.len();
    if index_shape.len() != rank {
        return Err(Error::Value {
            message: format!(
                "indices and arr must have the same number of dimensions; {} vs. {rank}",
                index_shape.len()
            ),
        });
    }
    if (0..rank).any(|d| d != axis && index_shape[d] != shape[d]) {
        return Err(Error::Unsupported {
            what: "take_along_axis with indices broadcast against arr",
        });
    }
    let normalized = normalize_index(&idx, shape[axis])?;
    let indices = lax::reshape(&normalized, &[&index_shape[..], &[1]].concat())?;
    let batch: Vec<usize> = (0..rank).filter(|&d| d != axis).collect();
    let dims = GatherDims {
        offset_dims: Vec::new(),
        collapsed_slice_dims: vec![axis],
        start_index_map: vec![axis],
        operand_batching_dims: batch.clone(),
        start_indices_batching_dims: batch,
    };
    fill_gather(&x, &indices, dims, vec![1; rank], false, false)
}

/// `jnp.diagonal(a, offset, axis1, axis2)`: the `offset` diagonal of the planes of `axis1` x
/// `axis2`, as the last axis: `a[..., i, j]` with `i`, `j` counted by `iota`, a
/// `PROMISE_IN_BOUNDS` gather.
pub fn diagonal(x: &Value, offset: i64, axis1: i64, axis2: i64) -> Result<Value> {
    let shape = x.aval().shape;
    let rank = shape.len();
    if rank < 2 {
        return Err(Error::Value {
            message: "diagonal requires an array of at least two dimensions.".into(),
        });
    }
    let (axis1, axis2) = (jnp::axis_index(axis1, rank)?, jnp::axis_index(axis2, rank)?);
    if axis1 == axis2 {
        return Err(Error::Value {
            message: "axis1 and axis2 must not be equal".into(),
        });
    }
    let (rows, cols) = (shape[axis1] as i64, shape[axis2] as i64);
    let size = (rows + offset.min(0)).min(cols - offset.max(0)).max(0) as usize;
    let x = jnp::shape::moveaxis(x, &[axis1, axis2], &[rank - 2, rank - 1])?;
    let i = jnp::arange(size, DType::Int32)?;
    let j = jnp::arange(size, DType::Int32)?;
    let j = match offset.unsigned_abs() {
        0 => j,
        shift => lax::add(&int_scalar(shift as i64), &j)?,
    };
    let (row, col) = if offset >= 0 { (i, j) } else { (j, i) };
    let row = normalize_index(&row, rows as usize)?;
    let col = normalize_index(&col, cols as usize)?;
    let column = |v: &Value| lax::broadcast_in_dim(v, &[size, 1], vec![0]);
    let indices = concatenate(&[column(&row)?, column(&col)?], 1)?;
    let mut slice_sizes = x.aval().shape;
    slice_sizes[rank - 2] = 1;
    slice_sizes[rank - 1] = 1;
    let dims = GatherDims {
        offset_dims: (0..rank - 2).collect(),
        collapsed_slice_dims: vec![rank - 2, rank - 1],
        start_index_map: vec![rank - 2, rank - 1],
        ..GatherDims::default()
    };
    gather(
        &x,
        &indices,
        dims,
        slice_sizes,
        Mode::PromiseInBounds,
        None,
        false,
        false,
    )
}
