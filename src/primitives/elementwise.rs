//! Elementwise primitives: `add sub mul div` (binary, equal dtypes, equal ranks with size-1
//! broadcasting as JAX's lax allows) and `neg sin cos exp log` (unary). Integer arithmetic wraps
//! like XLA's instead of panicking.

use super::{check_arity, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use ndarray::{ArrayD, IxDyn, Zip};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

#[derive(Debug)]
pub struct Binary(pub BinaryOp);

impl BinaryOp {
    fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div => "div",
        }
    }

    fn accepts(self, dtype: DType) -> Result<()> {
        let bool_ok = matches!(self, BinaryOp::Add | BinaryOp::Mul);
        if dtype == DType::Bool && !bool_ok {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: "integer, floating, complexfloating",
            });
        }
        Ok(())
    }

    fn f32(self, a: f32, b: f32) -> f32 {
        match self {
            BinaryOp::Add => a + b,
            BinaryOp::Sub => a - b,
            BinaryOp::Mul => a * b,
            BinaryOp::Div => a / b,
        }
    }

    fn i32(self, a: i32, b: i32) -> i32 {
        match self {
            BinaryOp::Add => a.wrapping_add(b),
            BinaryOp::Sub => a.wrapping_sub(b),
            BinaryOp::Mul => a.wrapping_mul(b),
            // XLA defines x / 0 = -1 for signed integers; MIN / -1 wraps.
            BinaryOp::Div if b == 0 => -1,
            BinaryOp::Div => a.wrapping_div(b),
        }
    }

    fn bool(self, a: bool, b: bool) -> bool {
        match self {
            BinaryOp::Mul => a && b,
            _ => a || b,
        }
    }
}

/// The common shape of two operands: a scalar goes with anything (JAX's lax scalar promotion);
/// otherwise ranks must be equal and each dim must agree or be 1.
pub fn broadcast_shapes(primitive: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let incompatible = || Error::IncompatibleShapes {
        primitive,
        lhs: shape_tuple(a),
        rhs: shape_tuple(b),
    };
    if a.is_empty() {
        return Ok(b.to_vec());
    }
    if b.is_empty() {
        return Ok(a.to_vec());
    }
    if a.len() != b.len() {
        return Err(incompatible());
    }
    a.iter()
        .zip(b)
        .map(|(&x, &y)| match (x, y) {
            _ if x == y => Ok(x),
            (1, y) => Ok(y),
            (x, 1) => Ok(x),
            _ => Err(incompatible()),
        })
        .collect()
}

fn zip_broadcast<T: Copy, U>(
    a: &ArrayD<T>,
    b: &ArrayD<T>,
    shape: &[usize],
    f: impl Fn(T, T) -> U,
) -> Result<ArrayD<U>> {
    let dim = IxDyn(shape);
    let shape_err = || Error::IncompatibleShapes {
        primitive: "broadcast",
        lhs: shape_tuple(a.shape()),
        rhs: shape_tuple(b.shape()),
    };
    let av = a.broadcast(dim.clone()).ok_or_else(shape_err)?;
    let bv = b.broadcast(dim).ok_or_else(shape_err)?;
    Ok(Zip::from(&av).and(&bv).map_collect(|&x, &y| f(x, y)))
}

impl Primitive for Binary {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (a, b) = (&inputs[0], &inputs[1]);
        if a.dtype != b.dtype {
            return Err(Error::InvalidArgument {
                primitive: self.name(),
                message: format!(
                    "operands must have the same dtype, got {} and {}",
                    a.dtype, b.dtype
                ),
            });
        }
        self.0.accepts(a.dtype)?;
        Ok(vec![ShapedArray {
            shape: broadcast_shapes(self.name(), &a.shape, &b.shape)?,
            dtype: a.dtype,
            weak_type: a.weak_type && b.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let shape = &out[0].shape;
        let op = self.0;
        let buffer = match (inputs[0].buffer(), inputs[1].buffer()) {
            (Buffer::F32(a), Buffer::F32(b)) => {
                Buffer::F32(zip_broadcast(a, b, shape, |x, y| op.f32(x, y))?)
            }
            (Buffer::I32(a), Buffer::I32(b)) => {
                Buffer::I32(zip_broadcast(a, b, shape, |x, y| op.i32(x, y))?)
            }
            (Buffer::Bool(a), Buffer::Bool(b)) => {
                Buffer::Bool(zip_broadcast(a, b, shape, |x, y| op.bool(x, y))?)
            }
            _ => unreachable_dtype(self.name())?,
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }
}

fn unreachable_dtype<T>(primitive: &'static str) -> Result<T> {
    Err(Error::InvalidArgument {
        primitive,
        message: "operands must have the same dtype".into(),
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Sin,
    Cos,
    Exp,
    Log,
}

#[derive(Debug)]
pub struct Unary(pub UnaryOp);

impl UnaryOp {
    fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Exp => "exp",
            UnaryOp::Log => "log",
        }
    }

    /// Whether the op is only defined on floating types (jnp converts integers first).
    pub fn float_only(self) -> bool {
        self != UnaryOp::Neg
    }

    fn f32(self, x: f32) -> f32 {
        match self {
            UnaryOp::Neg => -x,
            UnaryOp::Sin => x.sin(),
            UnaryOp::Cos => x.cos(),
            UnaryOp::Exp => x.exp(),
            UnaryOp::Log => x.ln(),
        }
    }
}

impl Primitive for Unary {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let dtype = inputs[0].dtype;
        let ok = match dtype {
            DType::Float32 => true,
            DType::Int32 => !self.0.float_only(),
            DType::Bool => false,
        };
        if !ok {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: if self.0.float_only() {
                    "floating, complexfloating"
                } else {
                    "integer, floating, complexfloating"
                },
            });
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let op = self.0;
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(a.mapv(|x| op.f32(x))),
            Buffer::I32(a) => Buffer::I32(a.mapv(i32::wrapping_neg)),
            Buffer::Bool(_) => unreachable_dtype(self.name())?,
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_arithmetic_wraps_instead_of_panicking() {
        let a = Array::from_i32(&[2], vec![i32::MAX, 7]).unwrap();
        let b = Array::from_i32(&[2], vec![1, 0]).unwrap();
        let sum = Binary(BinaryOp::Add).eval(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(sum[0].to_f64_vec(), vec![i32::MIN as f64, 7.0]);
        let quotient = Binary(BinaryOp::Div).eval(&[a, b]).unwrap();
        assert_eq!(quotient[0].to_f64_vec(), vec![i32::MAX as f64, -1.0]);
    }

    #[test]
    fn size_one_dims_broadcast() {
        let a = Array::from_f32(&[2, 1], vec![1.0, 2.0]).unwrap();
        let b = Array::from_f32(&[1, 3], vec![10.0, 20.0, 30.0]).unwrap();
        let out = Binary(BinaryOp::Mul).eval(&[a, b]).unwrap();
        assert_eq!(out[0].shape(), &[2, 3]);
        assert_eq!(
            out[0].to_f64_vec(),
            vec![10.0, 20.0, 30.0, 20.0, 40.0, 60.0]
        );
        let err = broadcast_shapes("add", &[2], &[3]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "add: incompatible shapes for broadcasting: (2,) and (3,)"
        );
    }

    #[test]
    fn neg_rejects_bool_with_jax_words() {
        let err = Unary(UnaryOp::Neg)
            .abstract_eval(&[ShapedArray::new(vec![], DType::Bool)])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating."
        );
    }
}
