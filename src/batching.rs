//! Helpers batching rules are written with, shared by the `vmap` transform and by every
//! primitive's own batching rule: moving a batch axis to the front, giving an unbatched value one,
//! aligning the two operands of a binary primitive. Like `lax`, they bind primitives, so they work
//! eagerly, under staging and under further transformations alike.

use crate::array::ShapedArray;
use crate::error::Result;
use crate::lax;
use crate::trace::Value;

/// Moves a batched value's batch axis to the front (unbatched values are returned unchanged).
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn move_to_front(x: &Value, dim: Option<usize>) -> Result<Value> {
    match dim {
        Some(d) if d != 0 => lax::moveaxis(x, d, 0),
        _ => Ok(x.clone()),
    }
}

/// Gives a value the batch axis at the front: moved if batched, broadcast if not.
pub fn materialize(x: &Value, dim: Option<usize>, axis_size: usize) -> Result<Value> {
    match dim {
        Some(_) => move_to_front(x, dim),
        None => {
            let shape = x.aval().shape;
            let mut target = vec![axis_size];
            target.extend(&shape);
            lax::broadcast_in_dim(x, &target, (1..=shape.len()).collect())
        }
    }
}

/// Prepares two operands of a binary primitive: batch axes at the front, and an unbatched
/// operand given a size-1 leading axis (scalars broadcast by themselves).
pub fn align_pair(
    a: &Value,
    da: Option<usize>,
    b: &Value,
    db: Option<usize>,
) -> Result<(Value, Value, usize)> {
    let lift = |x: &Value, d: Option<usize>, other_rank: usize| -> Result<Value> {
        let x = move_to_front(x, d)?;
        let shape = x.aval().shape;
        match d {
            // Unbatched non-scalar: a size-1 batch axis broadcasts against the other operand.
            None if !shape.is_empty() => {
                let mut s = vec![1];
                s.extend(&shape);
                lax::reshape(&x, &s)
            }
            // Batched scalar against a batched array: trailing size-1 axes to match ranks.
            Some(_) if shape.len() == 1 && other_rank > 1 => {
                let mut s = shape.clone();
                s.extend(std::iter::repeat_n(1, other_rank - 1));
                lax::reshape(&x, &s)
            }
            _ => Ok(x),
        }
    };
    let rank = |x: &Value, d: Option<usize>| x.aval().shape.len() + usize::from(d.is_none());
    let (ra, rb) = (rank(a, da), rank(b, db));
    Ok((lift(a, da, rb)?, lift(b, db, ra)?, 0))
}

/// A batched result type: `[axis_size] + aval.shape`.
pub fn batched_aval(aval: &ShapedArray, axis_size: usize) -> ShapedArray {
    let mut shape = vec![axis_size];
    shape.extend(&aval.shape);
    ShapedArray {
        shape,
        ..aval.clone()
    }
}
