//! `add_any`: the sum of two tangents or cotangents of one type, JAX's `add_jaxvals_p`.
//! Differentiation adds with it rather than with `add` wherever it combines values itself: a
//! JVP rule summing the terms of its operands (`mul`, `div`) and the backward pass meeting the
//! cotangents of a variable used more than once. What the user wrote as `+` stays `add`, so a
//! transformed jaxpr reads as JAX prints it. Its operands always have the result's type, so
//! typing and evaluation are `add`'s.

use super::elementwise::{Binary, BinaryOp};
use super::{BatchOut, JvpOut, LinearArg, Primitive};
use crate::array::{Array, ShapedArray};
use crate::batching::materialize;
use crate::error::Result;
use crate::lax;
use crate::trace::Value;

#[derive(Debug)]
pub struct AddAny;

const ADD: Binary = Binary(BinaryOp::Add);

impl Primitive for AddAny {
    fn name(&self) -> &'static str {
        "add_any"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        ADD.abstract_eval(inputs)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        ADD.eval(inputs)
    }

    /// Linear: the sum of the tangents, a zero one made explicit as JAX's `linear_jvp` does.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = lax::add_any(&primals[0], &primals[1])?;
        let tx = lax::instantiate(tangents[0].clone(), &primals[0].aval())?;
        let ty = lax::instantiate(tangents[1].clone(), &primals[1].aval())?;
        Ok((vec![out], vec![Some(lax::add_any(&tx, &ty)?)]))
    }

    /// Each operand receives the whole cotangent (the backward pass keeps the linear ones').
    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        Ok(vec![cts[0].clone(), cts[0].clone()])
    }

    /// Both operands batched along the front, an unbatched one broadcast (JAX broadcasts it
    /// too: `add_any` has no size-1 broadcasting to lean on).
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let x = materialize(&args[0], dims[0], axis_size)?;
        let y = materialize(&args[1], dims[1], axis_size)?;
        Ok((vec![lax::add_any(&x, &y)?], vec![Some(0)]))
    }
}
