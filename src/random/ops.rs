//! Elementwise float32 primitives the samplers need and the engine does not have yet: `log1p`,
//! `erf_inv`, `abs` and `sign`, with JAX's names (so jaxprs print as JAX's do) and XLA's
//! values (`primitives::xla_f32`). They are private to `jax.random` and only evaluate and
//! batch: no JVP, since a sampler's result does not depend differentiably on its key. When the
//! shared math primitives land, the samplers should bind those instead and this file go.

use crate::array::{Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::primitives::xla_f32;
use crate::primitives::{check_arity, BatchOut, Primitive};
use crate::trace::{bind1, Value};
use std::rc::Rc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PendingOp {
    Log1p,
    ErfInv,
    Abs,
    Sign,
}

/// One of [`PendingOp`] applied elementwise to a float32 array.
#[derive(Debug)]
pub struct Pending(pub PendingOp);

fn sign(x: f32) -> f32 {
    if x.is_nan() || x == 0.0 {
        x
    } else {
        1.0f32.copysign(x)
    }
}

impl Primitive for Pending {
    fn name(&self) -> &'static str {
        match self.0 {
            PendingOp::Log1p => "log1p",
            PendingOp::ErfInv => "erf_inv",
            PendingOp::Abs => "abs",
            PendingOp::Sign => "sign",
        }
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        if inputs[0].dtype != DType::Float32 {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: inputs[0].dtype.name().into(),
                accepted: "floating",
            });
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let Buffer::F32(a) = inputs[0].buffer() else {
            return Err(Error::internal("a float32 operand passed its type check"));
        };
        let y = match self.0 {
            PendingOp::Log1p => a.map(xla_f32::log1p),
            PendingOp::ErfInv => a.map(xla_f32::erf_inv),
            PendingOp::Abs => a.map(f32::abs),
            PendingOp::Sign => a.map(sign),
        };
        Ok(vec![
            Array::from_buffer(Buffer::F32(y)).with_weak_type(out[0].weak_type)
        ])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![apply(self.0, &args[0])?], vec![dims[0]]))
    }
}

/// Binds `op` to `x`.
pub fn apply(op: PendingOp, x: &Value) -> Result<Value> {
    bind1(Rc::new(Pending(op)), std::slice::from_ref(x))
}
