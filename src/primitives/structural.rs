//! Shape and type primitives: `reduce_sum`, `broadcast_in_dim`, `reshape`, `transpose`,
//! `convert_element_type` and `iota`, with JAX's param names and printing and their JVP,
//! transpose and batching rules.

use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{checked_size, shape_tuple, Array, Buffer, ShapedArray};
use crate::batching::move_to_front;
use crate::dense::{element_count, strides};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::reductions::axes_text;
use crate::trace::Value;

/// Applies the same generic expression to whichever typed array a buffer holds.
macro_rules! map_buffer {
    ($buffer:expr, |$a:ident| $body:expr) => {
        match $buffer {
            Buffer::F32($a) => Buffer::F32($body),
            Buffer::I32($a) => Buffer::I32($body),
            Buffer::Bool($a) => Buffer::Bool($body),
            Buffer::U32($a) => Buffer::U32($body),
            Buffer::U8($a) => Buffer::U8($body),
            Buffer::Key($a) => Buffer::Key($body),
        }
    };
}
pub(crate) use map_buffer;

/// `map_buffer!` over two buffers of one dtype: `Some` of the new buffer, `None` when their
/// dtypes differ.
macro_rules! map_buffer_pair {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $body:expr) => {
        match ($a, $b) {
            (Buffer::F32($x), Buffer::F32($y)) => Some(Buffer::F32($body)),
            (Buffer::I32($x), Buffer::I32($y)) => Some(Buffer::I32($body)),
            (Buffer::Bool($x), Buffer::Bool($y)) => Some(Buffer::Bool($body)),
            (Buffer::U32($x), Buffer::U32($y)) => Some(Buffer::U32($body)),
            (Buffer::U8($x), Buffer::U8($y)) => Some(Buffer::U8($body)),
            (Buffer::Key($x), Buffer::Key($y)) => Some(Buffer::Key($body)),
            _ => None,
        }
    };
}
pub(crate) use map_buffer_pair;

fn tuple(values: &[usize]) -> String {
    shape_tuple(values)
}

#[derive(Debug)]
pub struct ReduceSum {
    pub axes: Vec<usize>,
    /// Axes JAX computes with NumPy (its batching rule, broadcast_in_dim's transpose) print as
    /// `np.int64(1)`; kept so ours print the same.
    pub numpy_axes: bool,
}

impl Primitive for ReduceSum {
    fn name(&self) -> &'static str {
        "reduce_sum"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("axes", axes_text(&self.axes, self.numpy_axes).into()),
            ("out_sharding", "None".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if matches!(x.dtype, DType::Bool | DType::KeyFry) {
            return Err(Error::DtypeNotAccepted {
                primitive: "reduce_sum",
                dtype: x.dtype.name().into(),
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
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(a.sum_axes(&self.axes, |s, v| s + v)),
            Buffer::I32(a) => Buffer::I32(a.sum_axes(&self.axes, i32::wrapping_add)),
            Buffer::U32(a) => Buffer::U32(a.sum_axes(&self.axes, u32::wrapping_add)),
            Buffer::U8(a) => Buffer::U8(a.sum_axes(&self.axes, u8::wrapping_add)),
            Buffer::Bool(_) | Buffer::Key(_) => {
                return Err(Error::DtypeNotAccepted {
                    primitive: "reduce_sum",
                    dtype: inputs[0].dtype().name().into(),
                    accepted: "integer, floating, complexfloating",
                })
            }
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, _primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = lax::reduce_sum(&_primals[0], self.axes.clone())?;
        let t = tangents[0]
            .as_ref()
            .map(|t| lax::reduce_sum(t, self.axes.clone()))
            .transpose()?;
        Ok((vec![out], vec![t]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let shape = args[0].aval().shape;
        let kept: Vec<usize> = (0..shape.len())
            .filter(|d| !self.axes.contains(d))
            .collect();
        let ct = cts[0]
            .as_ref()
            .map(|ct| lax::broadcast_in_dim(ct, &shape, kept))
            .transpose()?;
        Ok(vec![ct])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(d) = dims[0] else {
            return Ok((
                vec![lax::reduce_sum(&args[0], self.axes.clone())?],
                vec![None],
            ));
        };
        let axes: Vec<usize> = self
            .axes
            .iter()
            .map(|&a| if a < d { a } else { a + 1 })
            .collect();
        let out_dim = d - axes.iter().filter(|&&a| a < d).count();
        Ok((
            vec![lax::reduce_sum_numpy(&args[0], axes)?],
            vec![Some(out_dim)],
        ))
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
    fn params(&self) -> Vec<(&'static str, Param)> {
        if self.broadcast_dimensions.is_empty() {
            Vec::new()
        } else {
            vec![(
                "broadcast_dimensions",
                tuple(&self.broadcast_dimensions).into(),
            )]
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
        checked_size("broadcast_in_dim", &self.shape)?;
        Ok(vec![ShapedArray {
            shape: self.shape.clone(),
            ..x.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        // Each operand dim steps through the output dim it maps to; stretched (size-1) and
        // new dims step 0.
        let operand = inputs[0].shape();
        let mut steps = vec![0; self.shape.len()];
        for ((&d, &n), s) in self
            .broadcast_dimensions
            .iter()
            .zip(operand)
            .zip(strides(operand))
        {
            steps[d] = if n == 1 { 0 } else { s };
        }
        let buffer = map_buffer!(inputs[0].buffer(), |a| a.gather(&self.shape, &steps));
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let apply =
            |x: &Value| lax::broadcast_in_dim(x, &self.shape, self.broadcast_dimensions.clone());
        Ok((
            vec![apply(&primals[0])?],
            vec![tangents[0].as_ref().map(apply).transpose()?],
        ))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None]);
        };
        let operand = args[0].aval().shape;
        // New dims are summed, and so are operand dims of size 1 that were stretched (then
        // restored by reshape); in increasing order, as JAX lists them.
        let sum_axes: Vec<usize> = (0..self.shape.len())
            .filter(
                |&d| match self.broadcast_dimensions.iter().position(|&b| b == d) {
                    None => true,
                    Some(i) => operand[i] == 1 && self.shape[d] != 1,
                },
            )
            .collect();
        let summed = lax::reduce_sum_numpy(ct, sum_axes)?;
        Ok(vec![Some(lax::reshape(&summed, &operand)?)])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let x = move_to_front(&args[0], dims[0])?;
        let mut shape = vec![axis_size];
        shape.extend(&self.shape);
        let mut bdims = vec![0];
        bdims.extend(self.broadcast_dimensions.iter().map(|d| d + 1));
        Ok((
            vec![lax::broadcast_in_dim(&x, &shape, bdims)?],
            vec![Some(0)],
        ))
    }
}

fn invalid(primitive: &'static str, e: impl std::fmt::Display) -> Error {
    Error::InvalidArgument {
        primitive,
        message: e.to_string(),
    }
}

/// `reshape`: the operand's elements in row-major order, laid out in `new_sizes`; with
/// `dimensions`, read in that order of the operand's axes first (XLA's reshape with a
/// permutation, which JAX's convolution batching binds).
#[derive(Debug)]
pub struct Reshape {
    pub new_sizes: Vec<usize>,
    pub dimensions: Option<Vec<usize>>,
}

impl Primitive for Reshape {
    fn name(&self) -> &'static str {
        "reshape"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let dimensions = self.dimensions.as_deref().map_or("None".into(), tuple);
        vec![
            ("dimensions", dimensions.into()),
            ("new_sizes", tuple(&self.new_sizes).into()),
            ("sharding", "None".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if let Some(dims) = &self.dimensions {
            let mut sorted = dims.clone();
            sorted.sort_unstable();
            if sorted != (0..x.shape.len()).collect::<Vec<_>>() {
                return Err(Error::Signature {
                    message: format!(
                        "reshape dimensions must be a permutation of operand dimensions, got \
                         dimensions {} for shape {}.",
                        tuple(dims),
                        shape_tuple(&x.shape)
                    ),
                });
            }
        }
        let new_size = element_count(&self.new_sizes);
        if new_size != x.size() {
            return Err(Error::InvalidArgument {
                primitive: "reshape",
                message: format!(
                    "cannot reshape array of shape {} (size {}) into shape {} (size {})",
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
        let x = match &self.dimensions {
            Some(dims) => Transpose {
                permutation: dims.clone(),
            }
            .eval(inputs)?
            .remove(0),
            None => inputs[0].clone(),
        };
        let buffer = map_buffer!(x.buffer(), |a| a
            .reshaped(&self.new_sizes)
            .ok_or_else(|| invalid("reshape", "sizes differ"))?);
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let apply = |x: &Value| lax::reshape_dims(x, &self.new_sizes, self.dimensions.clone());
        Ok((
            vec![apply(&primals[0])?],
            vec![tangents[0].as_ref().map(apply).transpose()?],
        ))
    }

    /// JAX's `_reshape_transpose_rule`: back to the operand's shape, through the permuted
    /// shape when `dimensions` is set.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let shape = args[0].aval().shape;
        let Some(ct) = &cts[0] else {
            return Ok(vec![None]);
        };
        Ok(vec![Some(match &self.dimensions {
            None => lax::reshape(ct, &shape)?,
            Some(dims) => {
                let permuted: Vec<usize> = dims.iter().map(|&d| shape[d]).collect();
                let mut inverse = vec![0; dims.len()];
                for (i, &d) in dims.iter().enumerate() {
                    inverse[d] = i;
                }
                lax::transpose(&lax::reshape(ct, &permuted)?, inverse)?
            }
        })])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let x = move_to_front(&args[0], dims[0])?;
        let mut sizes = vec![axis_size];
        sizes.extend(&self.new_sizes);
        let dimensions = self
            .dimensions
            .as_ref()
            .map(|d| std::iter::once(0).chain(d.iter().map(|&a| a + 1)).collect());
        Ok((
            vec![lax::reshape_dims(&x, &sizes, dimensions)?],
            vec![Some(0)],
        ))
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

    fn params(&self) -> Vec<(&'static str, Param)> {
        let weak = if self.weak_type { "True" } else { "False" };
        vec![
            ("new_dtype", self.new_dtype.name().into()),
            ("weak_type", weak.into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let from = inputs[0].dtype;
        if (from.is_key() || self.new_dtype.is_key()) && from != self.new_dtype {
            return Err(Error::usage(format!(
                "Cannot convert_element_type from {from} to {}",
                self.new_dtype
            )));
        }
        Ok(vec![ShapedArray {
            shape: inputs[0].shape.clone(),
            dtype: self.new_dtype,
            weak_type: self.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let x = &inputs[0];
        self.abstract_eval(&[x.aval()])?;
        let converted = if x.dtype() == self.new_dtype {
            x.clone()
        } else if let (Buffer::F32(values), DType::Int32) = (x.buffer(), self.new_dtype) {
            // XLA on CPU saturates: out-of-range values and infinities clamp to the int32
            // range and NaN becomes 0, which is exactly Rust's float-to-int `as`.
            Array::from_buffer(Buffer::I32(values.map(|v| v as i32)))
        } else if let (Buffer::F32(values), DType::Uint32) = (x.buffer(), self.new_dtype) {
            // The same for uint32 and uint8: negatives and -inf become 0 (checked in JAX
            // 0.10.2).
            Array::from_buffer(Buffer::U32(values.map(|v| v as u32)))
        } else if let (Buffer::F32(values), DType::Uint8) = (x.buffer(), self.new_dtype) {
            Array::from_buffer(Buffer::U8(values.map(|v| v as u8)))
        } else {
            Array::from_f64_values(x.shape(), self.new_dtype, &x.to_f64_vec())?
        };
        Ok(vec![converted.with_weak_type(self.weak_type)])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = lax::convert(&primals[0], self.new_dtype, self.weak_type)?;
        let from_float = primals[0].aval().dtype.is_float();
        let t = match &tangents[0] {
            Some(t) if from_float && self.new_dtype.is_float() => {
                Some(lax::convert(t, self.new_dtype, self.weak_type)?)
            }
            _ => None,
        };
        Ok((vec![out], vec![t]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let aval = args[0].aval();
        let ct = cts[0]
            .as_ref()
            .map(|ct| lax::convert(ct, aval.dtype, aval.weak_type))
            .transpose()?;
        Ok(vec![ct])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((
            vec![lax::convert(&args[0], self.new_dtype, self.weak_type)?],
            vec![dims[0]],
        ))
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

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("dimension", self.dimension.to_string().into()),
            ("dtype", self.dtype.name().into()),
            ("shape", tuple(&self.shape).into()),
            ("sharding", "None".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 0)?;
        if self.dimension >= self.shape.len() || matches!(self.dtype, DType::Bool | DType::KeyFry) {
            return Err(invalid(
                "iota",
                format!(
                    "invalid iota of {} over {}",
                    self.dtype,
                    shape_tuple(&self.shape)
                ),
            ));
        }
        checked_size("iota", &self.shape)?;
        Ok(vec![ShapedArray::new(self.shape.clone(), self.dtype)])
    }

    fn eval(&self, _inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[])?;
        // Element i's index along `dimension` is (i / inner) % n.
        let n = self.shape[self.dimension];
        let inner = element_count(&self.shape[self.dimension + 1..]);
        let size = element_count(&self.shape);
        let flat: Vec<f64> = (0..size).map(|i| ((i / inner) % n) as f64).collect();
        Ok(vec![Array::from_f64_values(
            &self.shape,
            self.dtype,
            &flat,
        )?])
    }
}

#[derive(Debug)]
pub struct Transpose {
    pub permutation: Vec<usize>,
}

impl Primitive for Transpose {
    fn name(&self) -> &'static str {
        "transpose"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("permutation", tuple(&self.permutation).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        let rank = x.shape.len();
        if self.permutation.len() != rank || !(0..rank).all(|d| self.permutation.contains(&d)) {
            return Err(invalid(
                "transpose",
                format!(
                    "permutation {} does not fit rank {}",
                    tuple(&self.permutation),
                    x.shape.len()
                ),
            ));
        }
        let shape = self.permutation.iter().map(|&p| x.shape[p]).collect();
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let from = strides(inputs[0].shape());
        let steps: Vec<usize> = self.permutation.iter().map(|&p| from[p]).collect();
        let buffer = map_buffer!(inputs[0].buffer(), |a| a.gather(&out[0].shape, &steps));
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let apply = |x: &Value| lax::transpose(x, self.permutation.clone());
        Ok((
            vec![apply(&primals[0])?],
            vec![tangents[0].as_ref().map(apply).transpose()?],
        ))
    }

    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let mut inverse = vec![0; self.permutation.len()];
        for (i, &p) in self.permutation.iter().enumerate() {
            inverse[p] = i;
        }
        Ok(vec![cts[0]
            .as_ref()
            .map(|ct| lax::transpose(ct, inverse))
            .transpose()?])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let x = move_to_front(&args[0], dims[0])?;
        let mut perm = vec![0];
        perm.extend(self.permutation.iter().map(|p| p + 1));
        Ok((vec![lax::transpose(&x, perm)?], vec![Some(0)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_uint32_saturates_like_xla() {
        // Recorded from JAX 0.10.2 (`lax.convert_element_type(x, jnp.uint32)` on CPU).
        let x = Array::from_f32(
            &[7],
            vec![
                -1.5,
                3e9,
                5e9,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
                2.7,
            ],
        )
        .unwrap();
        let to = |x: &Array, dtype| {
            ConvertElementType {
                new_dtype: dtype,
                weak_type: false,
            }
            .eval(std::slice::from_ref(x))
            .unwrap()
            .remove(0)
        };
        let u = to(&x, DType::Uint32);
        assert_eq!(
            u.to_f64_vec(),
            vec![0.0, 3e9, 4294967295.0, 0.0, 4294967295.0, 0.0, 2.0]
        );
        let i = Array::from_i32(&[3], vec![-1, i32::MIN, 5]).unwrap();
        assert_eq!(
            to(&i, DType::Uint32).to_f64_vec(),
            vec![4294967295.0, 2147483648.0, 5.0]
        );
        let back = to(&to(&i, DType::Uint32), DType::Int32);
        assert_eq!(back.to_f64_vec(), vec![-1.0, i32::MIN as f64, 5.0]);
        let big = Array::from_u32(&[1], vec![u32::MAX]).unwrap();
        assert_eq!(to(&big, DType::Float32).to_f64_vec(), vec![4294967296.0]);
        let err = ConvertElementType {
            new_dtype: DType::Float32,
            weak_type: false,
        }
        .abstract_eval(&[ShapedArray::new(vec![], DType::KeyFry)])
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Cannot convert_element_type from key<fry> to float32"
        );
    }

    #[test]
    fn reduce_sum_over_axes() {
        let x = Array::from_f32(&[2, 3], (0..6).map(|v| v as f32).collect()).unwrap();
        let rows = ReduceSum {
            axes: vec![1],
            numpy_axes: false,
        }
        .eval(std::slice::from_ref(&x))
        .unwrap();
        assert_eq!(rows[0].to_f64_vec(), vec![3.0, 12.0]);
        let all = ReduceSum {
            axes: vec![0, 1],
            numpy_axes: false,
        }
        .eval(&[x])
        .unwrap();
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
    fn reshape_with_dimensions_reads_the_permuted_operand() {
        // JAX's docstring: `reshape(y, (6,), (1, 0))` of `[[0, 1, 2], [3, 4, 5]]`.
        let y = Array::from_i32(&[2, 3], (0..6).collect()).unwrap();
        let r = Reshape {
            new_sizes: vec![6],
            dimensions: Some(vec![1, 0]),
        };
        let out = r.eval(&[y]).unwrap().remove(0);
        assert_eq!(out.to_f64_vec(), vec![0., 3., 1., 4., 2., 5.]);
        let Param::Text(dims) = &r.params()[0].1 else {
            panic!("text")
        };
        assert_eq!(dims, "(1, 0)");
        let bad = Reshape {
            new_sizes: vec![6],
            dimensions: Some(vec![0, 0]),
        };
        assert!(bad
            .abstract_eval(&[ShapedArray::new(vec![2, 3], DType::Int32)])
            .is_err());
    }

    #[test]
    fn reshape_checks_size() {
        let err = Reshape {
            new_sizes: vec![4],
            dimensions: None,
        }
        .abstract_eval(&[ShapedArray::new(vec![2, 3], DType::Float32)])
        .unwrap_err();
        assert!(err
            .to_string()
            .contains("cannot reshape array of shape (2, 3) (size 6) into shape (4,) (size 4)"));
    }
}
