//! NumPy-style integer indexing built as `jnp` builds it: `x[idx]` along any axis (a `gather`,
//! or `dynamic_slice` + `squeeze` for a scalar index), and `x.at[i].get/set/add/mul/min/max`
//! (a `gather` or one of the `scatter` primitives), for static integers and integer arrays.
//!
//! Negative indices count from the end. JAX normalises a traced index with
//! `lt`/`add`/`select_n`; `select_n` is not among jaxplay's primitives yet, so `normalize_index`
//! builds the same value as `i + n * (i < 0)` (`lt`, `convert_element_type`, `mul`, `add`).

use crate::array::Array;
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use crate::jnp;
use crate::lax;
use crate::primitives::elementwise::CompareOp;
use crate::primitives::indexing::{
    dynamic_slice, gather, scatter, GatherDims, Mode, ScatterDims, ScatterKind,
};
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
    let shift = lax::mul(
        &lax::convert(&negative, DType::Int32, false)?,
        &int_scalar(n as i64),
    )?;
    lax::add(i, &shift)
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
