//! `top_k`: the `k` largest entries along `axis` and their int32 positions, with JAX 0.10.2's
//! params, errors, JVP (a `gather` of the tangent at the positions, with batching dimensions,
//! as JAX's `_top_k_jvp` builds it) and batching rule.
//!
//! The order is XLA's: descending, NaN above everything, `+0.0` above `-0.0`, and equal
//! entries in the order of their positions.

use super::indexing::{gather, GatherDims, Mode};
use super::{BatchOut, JvpOut, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::{element_count, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind, Value};
use std::cmp::Ordering;
use std::rc::Rc;

#[derive(Debug)]
pub struct TopK {
    pub k: usize,
    pub axis: usize,
}

/// `lax.top_k(operand, k, axis)`: `(values, indices)`, `axis` already in range.
pub fn top_k(operand: &Value, k: usize, axis: usize) -> Result<(Value, Value)> {
    let mut outs = bind(Rc::new(TopK { k, axis }), std::slice::from_ref(operand))?;
    let indices = outs.pop();
    match (outs.pop(), indices) {
        (Some(v), Some(i)) => Ok((v, i)),
        _ => Err(Error::internal("top_k returned fewer than two outputs")),
    }
}

/// Descending order of a float: NaN first, then `+0.0` before `-0.0`.
fn float_desc(a: f32, b: f32) -> Ordering {
    let canon = |x: f32| if x.is_nan() { f32::NAN.abs() } else { x };
    canon(b).total_cmp(&canon(a))
}

/// The first `k` positions of each lane along `axis` in descending order (stable).
fn top_positions<T: Copy>(
    x: &Dense<T>,
    k: usize,
    axis: usize,
    order: impl Fn(T, T) -> Ordering,
) -> (Vec<T>, Vec<i32>) {
    let shape = x.shape();
    let n = shape[axis];
    let inner = element_count(&shape[axis + 1..]);
    let outer = element_count(&shape[..axis]);
    let d = x.data();
    let mut values = Vec::with_capacity(outer * k * inner);
    let mut indices = Vec::with_capacity(outer * k * inner);
    // Output lanes are filled position by position, so collect per lane first.
    let mut lanes: Vec<Vec<usize>> = Vec::with_capacity(inner);
    for o in 0..outer {
        lanes.clear();
        for i in 0..inner {
            let at = |j: usize| o * n * inner + j * inner + i;
            let mut lane: Vec<usize> = (0..n).collect();
            lane.sort_by(|&a, &b| order(d[at(a)], d[at(b)]));
            lanes.push(lane);
        }
        for j in 0..k {
            for (i, lane) in lanes.iter().enumerate() {
                let src = lane[j];
                values.push(d[o * n * inner + src * inner + i]);
                indices.push(src as i32);
            }
        }
    }
    (values, indices)
}

impl Primitive for TopK {
    fn name(&self) -> &'static str {
        "top_k"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("axis", self.axis.to_string().into()),
            ("k", self.k.to_string().into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let x = &inputs[0];
        if x.dtype.is_key() {
            return Err(Error::DtypeNotAccepted {
                primitive: "top_k",
                dtype: x.dtype.to_string(),
                accepted: "bool, integer, floating",
            });
        }
        if x.shape.is_empty() {
            return Err(Error::usage(format!(
                "top_k operand must have >= 1 dimension, got {}",
                shape_tuple(&x.shape)
            )));
        }
        if self.axis >= x.shape.len() {
            return Err(Error::Value {
                message: format!(
                    "axis argument out of range: axis={} for operand.shape={}",
                    self.axis,
                    shape_tuple(&x.shape)
                ),
            });
        }
        if x.shape[self.axis] < self.k {
            return Err(Error::Value {
                message: format!(
                    "k argument to top_k must be no larger than size along axis; got k={} with \
                     shape={:?} and axis={}",
                    self.k, x.shape, self.axis
                ),
            });
        }
        let mut shape = x.shape.clone();
        shape[self.axis] = self.k;
        let values = ShapedArray {
            shape: shape.clone(),
            ..x.clone()
        };
        Ok(vec![values, ShapedArray::new(shape, DType::Int32)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let shape = &outs[0].shape;
        let (k, axis) = (self.k, self.axis);
        let (values, indices) = match inputs[0].buffer() {
            Buffer::F32(a) => {
                let (v, i) = top_positions(a, k, axis, float_desc);
                (Buffer::F32(Dense::filled(shape, v)), i)
            }
            Buffer::I32(a) => {
                let (v, i) = top_positions(a, k, axis, |x: i32, y| y.cmp(&x));
                (Buffer::I32(Dense::filled(shape, v)), i)
            }
            Buffer::U32(a) => {
                let (v, i) = top_positions(a, k, axis, |x: u32, y| y.cmp(&x));
                (Buffer::U32(Dense::filled(shape, v)), i)
            }
            Buffer::U8(a) => {
                let (v, i) = top_positions(a, k, axis, |x: u8, y| y.cmp(&x));
                (Buffer::U8(Dense::filled(shape, v)), i)
            }
            Buffer::Bool(a) => {
                let (v, i) = top_positions(a, k, axis, |x: bool, y| y.cmp(&x));
                (Buffer::Bool(Dense::filled(shape, v)), i)
            }
            Buffer::Key(_) => return Err(Error::internal("top_k of keys")),
        };
        Ok(vec![
            Array::from_buffer(values).with_weak_type(outs[0].weak_type),
            Array::from_buffer(Buffer::I32(Dense::filled(shape, indices))),
        ])
    }

    /// JAX's `_top_k_jvp`: the tangent gathered at the indices, every other axis a batching
    /// dimension of the gather.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (values, indices) = top_k(&primals[0], self.k, self.axis)?;
        let tangent = match &tangents[0] {
            None => None,
            Some(t) => {
                let mut index_shape = indices.aval().shape;
                let rank = index_shape.len();
                index_shape.push(1);
                let gather_indices = lax::reshape(&indices, &index_shape)?;
                let others: Vec<usize> = (0..rank).filter(|&i| i != self.axis).collect();
                let dims = GatherDims {
                    offset_dims: vec![],
                    collapsed_slice_dims: vec![self.axis],
                    start_index_map: vec![self.axis],
                    operand_batching_dims: others.clone(),
                    start_indices_batching_dims: others,
                };
                Some(gather(
                    t,
                    &gather_indices,
                    dims,
                    vec![1; rank],
                    Mode::PromiseInBounds,
                    None,
                    false,
                    false,
                )?)
            }
        };
        Ok((vec![values, indices], vec![tangent, None]))
    }

    /// JAX's `_top_k_batch_rule`: `axis` shifts past the batch axis, which both outputs keep.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(bdim) = dims[0] else {
            let (v, i) = top_k(&args[0], self.k, self.axis)?;
            return Ok((vec![v, i], vec![None, None]));
        };
        let axis = self.axis + usize::from(bdim <= self.axis);
        let (v, i) = top_k(&args[0], self.k, axis)?;
        Ok((vec![v, i], vec![Some(bdim), Some(bdim)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_xlas() {
        // Recorded from JAX 0.10.2: lax.top_k([1, nan, 3, 3, -0, 0, -inf], 7) gives
        // [nan, 3, 3, 1, 0, -0, -inf] at [1, 2, 3, 0, 5, 4, 6].
        let x = Array::from_f32(
            &[7],
            vec![1.0, f32::NAN, 3.0, 3.0, -0.0, 0.0, f32::NEG_INFINITY],
        )
        .unwrap();
        let outs = TopK { k: 7, axis: 0 }.eval(&[x]).unwrap();
        assert_eq!(
            outs[1].to_f64_vec(),
            vec![1.0, 2.0, 3.0, 0.0, 5.0, 4.0, 6.0]
        );
        let Buffer::F32(v) = outs[0].buffer() else {
            panic!("float values")
        };
        assert!(v.data()[0].is_nan());
        assert_eq!(v.data()[5].to_bits(), (-0.0f32).to_bits());
    }

    #[test]
    fn along_a_middle_axis() {
        let x = Array::from_i32(&[2, 3, 2], vec![1, 6, 5, 2, 3, 4, 0, 0, 9, 1, 9, 2]).unwrap();
        let outs = TopK { k: 2, axis: 1 }.eval(&[x]).unwrap();
        assert_eq!(outs[0].shape(), &[2, 2, 2]);
        assert_eq!(
            outs[0].to_f64_vec(),
            vec![5.0, 6.0, 3.0, 4.0, 9.0, 2.0, 9.0, 1.0]
        );
        assert_eq!(
            outs[1].to_f64_vec(),
            vec![1.0, 0.0, 2.0, 2.0, 1.0, 2.0, 2.0, 1.0]
        );
    }
}
