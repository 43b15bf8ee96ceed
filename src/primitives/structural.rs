//! Shape and type primitives: `reduce_sum`, `broadcast_in_dim`, `reshape`,
//! `convert_element_type` and `iota`, with JAX's param names and printing.

use super::{check_arity, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use ndarray::{ArrayD, Axis, IxDyn};

/// Applies the same generic expression to whichever typed array a buffer holds.
macro_rules! map_buffer {
    ($buffer:expr, |$a:ident| $body:expr) => {
        match $buffer {
            Buffer::F32($a) => Buffer::F32($body),
            Buffer::I32($a) => Buffer::I32($body),
            Buffer::Bool($a) => Buffer::Bool($body),
        }
    };
}

fn tuple(values: &[usize]) -> String {
    shape_tuple(values)
}

#[derive(Debug)]
pub struct ReduceSum {
    pub axes: Vec<usize>,
}

impl Primitive for ReduceSum {
    fn name(&self) -> &'static str {
        "reduce_sum"
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        vec![("axes", tuple(&self.axes)), ("out_sharding", "None".into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if x.dtype == DType::Bool {
            return Err(Error::DtypeNotAccepted {
                primitive: "reduce_sum",
                dtype: "bool".into(),
                accepted: "integer, floating, complexfloating",
            });
        }
        if let Some(&bad) = self.axes.iter().find(|&&a| a >= x.shape.len()) {
            return Err(Error::InvalidArgument {
                primitive: "reduce_sum",
                message: format!(
                    "axis {bad} is out of bounds for an array of rank {}",
                    x.shape.len()
                ),
            });
        }
        let shape = (0..x.shape.len())
            .filter(|d| !self.axes.contains(d))
            .map(|d| x.shape[d])
            .collect();
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let mut axes = self.axes.clone();
        axes.sort_unstable_by(|a, b| b.cmp(a)); // remove the highest axis first
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(
                axes.iter()
                    .fold(a.clone(), |acc, &ax| acc.sum_axis(Axis(ax))),
            ),
            Buffer::I32(a) => Buffer::I32(axes.iter().fold(a.clone(), |acc, &ax| {
                acc.fold_axis(Axis(ax), 0i32, |s, &v| s.wrapping_add(v))
            })),
            Buffer::Bool(_) => {
                return Err(Error::DtypeNotAccepted {
                    primitive: "reduce_sum",
                    dtype: "bool".into(),
                    accepted: "integer, floating, complexfloating",
                })
            }
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }
}

#[derive(Debug)]
pub struct BroadcastInDim {
    pub shape: Vec<usize>,
    /// For each operand dimension, the output dimension it maps to.
    pub broadcast_dimensions: Vec<usize>,
}

impl Primitive for BroadcastInDim {
    fn name(&self) -> &'static str {
        "broadcast_in_dim"
    }

    /// JAX hides `shape` (it is in the result type) and empty `broadcast_dimensions`.
    fn params(&self) -> Vec<(&'static str, String)> {
        if self.broadcast_dimensions.is_empty() {
            Vec::new()
        } else {
            vec![("broadcast_dimensions", tuple(&self.broadcast_dimensions))]
        }
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        let valid = self.broadcast_dimensions.len() == x.shape.len()
            && self.broadcast_dimensions.windows(2).all(|w| w[0] < w[1])
            && self
                .broadcast_dimensions
                .iter()
                .zip(&x.shape)
                .all(|(&d, &n)| d < self.shape.len() && (n == 1 || n == self.shape[d]));
        if !valid {
            return Err(Error::InvalidArgument {
                primitive: "broadcast_in_dim",
                message: format!(
                    "cannot broadcast an operand of shape {} to {} with broadcast_dimensions={}",
                    shape_tuple(&x.shape),
                    shape_tuple(&self.shape),
                    tuple(&self.broadcast_dimensions)
                ),
            });
        }
        Ok(vec![ShapedArray {
            shape: self.shape.clone(),
            ..x.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        // Give the operand the output's rank with size-1 dims, then let ndarray broadcast.
        let mut expanded = vec![1usize; self.shape.len()];
        for (&d, &n) in self.broadcast_dimensions.iter().zip(inputs[0].shape()) {
            expanded[d] = n;
        }
        let target = IxDyn(&self.shape);
        let buffer = map_buffer!(inputs[0].buffer(), |a| {
            let reshaped = a
                .to_shape(IxDyn(&expanded))
                .map_err(|e| invalid("broadcast_in_dim", e))?;
            let view = reshaped
                .broadcast(target.clone())
                .ok_or_else(|| invalid("broadcast_in_dim", "shapes are incompatible"))?;
            view.to_owned()
        });
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }
}

fn invalid(primitive: &'static str, e: impl std::fmt::Display) -> Error {
    Error::InvalidArgument {
        primitive,
        message: e.to_string(),
    }
}

#[derive(Debug)]
pub struct Reshape {
    pub new_sizes: Vec<usize>,
}

impl Primitive for Reshape {
    fn name(&self) -> &'static str {
        "reshape"
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        vec![
            ("dimensions", "None".into()),
            ("new_sizes", tuple(&self.new_sizes)),
            ("sharding", "None".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        let new_size: usize = self.new_sizes.iter().product();
        if new_size != x.size() {
            return Err(Error::InvalidArgument {
                primitive: "reshape",
                message: format!(
                    "cannot reshape an array of shape {} (size {}) into shape {} (size {})",
                    shape_tuple(&x.shape),
                    x.size(),
                    shape_tuple(&self.new_sizes),
                    new_size
                ),
            });
        }
        Ok(vec![ShapedArray {
            shape: self.new_sizes.clone(),
            ..x.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let dim = IxDyn(&self.new_sizes);
        let buffer = map_buffer!(inputs[0].buffer(), |a| {
            a.to_shape(dim.clone())
                .map_err(|e| invalid("reshape", e))?
                .to_owned()
        });
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }
}

#[derive(Debug)]
pub struct ConvertElementType {
    pub new_dtype: DType,
    pub weak_type: bool,
}

impl Primitive for ConvertElementType {
    fn name(&self) -> &'static str {
        "convert_element_type"
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        let weak = if self.weak_type { "True" } else { "False" };
        vec![
            ("new_dtype", self.new_dtype.name().into()),
            ("weak_type", weak.into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        Ok(vec![ShapedArray {
            shape: inputs[0].shape.clone(),
            dtype: self.new_dtype,
            weak_type: self.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let x = &inputs[0];
        let converted = if x.dtype() == self.new_dtype {
            x.clone()
        } else {
            Array::from_f64_values(x.shape(), self.new_dtype, &x.to_f64_vec())?
        };
        Ok(vec![converted.with_weak_type(self.weak_type)])
    }
}

#[derive(Debug)]
pub struct Iota {
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub dimension: usize,
}

impl Primitive for Iota {
    fn name(&self) -> &'static str {
        "iota"
    }

    fn params(&self) -> Vec<(&'static str, String)> {
        vec![
            ("dimension", self.dimension.to_string()),
            ("dtype", self.dtype.name().into()),
            ("shape", tuple(&self.shape)),
            ("sharding", "None".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 0)?;
        if self.dimension >= self.shape.len() || self.dtype == DType::Bool {
            return Err(invalid(
                "iota",
                format!(
                    "invalid iota of {} over {}",
                    self.dtype,
                    shape_tuple(&self.shape)
                ),
            ));
        }
        Ok(vec![ShapedArray::new(self.shape.clone(), self.dtype)])
    }

    fn eval(&self, _inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[])?;
        let dim = self.dimension;
        let values = ArrayD::from_shape_fn(IxDyn(&self.shape), |idx| idx[dim] as f64);
        let flat: Vec<f64> = values.iter().copied().collect();
        Ok(vec![Array::from_f64_values(
            &self.shape,
            self.dtype,
            &flat,
        )?])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduce_sum_over_axes() {
        let x = Array::from_f32(&[2, 3], (0..6).map(|v| v as f32).collect()).unwrap();
        let rows = ReduceSum { axes: vec![1] }
            .eval(std::slice::from_ref(&x))
            .unwrap();
        assert_eq!(rows[0].to_f64_vec(), vec![3.0, 12.0]);
        let all = ReduceSum { axes: vec![0, 1] }.eval(&[x]).unwrap();
        assert_eq!(all[0].shape(), &[] as &[usize]);
        assert_eq!(all[0].to_f64_vec(), vec![15.0]);
    }

    #[test]
    fn broadcast_in_dim_places_operand_dims() {
        let x = Array::from_i32(&[3], vec![1, 2, 3]).unwrap();
        let prim = BroadcastInDim {
            shape: vec![2, 3],
            broadcast_dimensions: vec![1],
        };
        let out = prim.eval(&[x]).unwrap();
        assert_eq!(out[0].to_f64_vec(), vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
        let bad = BroadcastInDim {
            shape: vec![2, 4],
            broadcast_dimensions: vec![1],
        };
        assert!(bad
            .abstract_eval(&[ShapedArray::new(vec![3], DType::Int32)])
            .is_err());
    }

    #[test]
    fn reshape_checks_size() {
        let err = Reshape { new_sizes: vec![4] }
            .abstract_eval(&[ShapedArray::new(vec![2, 3], DType::Float32)])
            .unwrap_err();
        assert!(err
            .to_string()
            .contains("cannot reshape an array of shape (2, 3) (size 6) into shape (4,) (size 4)"));
    }
}
