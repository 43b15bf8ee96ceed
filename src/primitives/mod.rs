//! Primitives: the operations equations apply. Each primitive keeps all of its rules (params for
//! printing, abstract evaluation, concrete evaluation, effects) in one `impl Primitive`, so adding
//! one touches one file.

pub mod callback;
pub mod elementwise;
pub mod structural;

use crate::array::{Array, ShapedArray};
use crate::error::{Error, Result};
use crate::ir::Effect;
use std::fmt;

pub trait Primitive: fmt::Debug {
    /// The name shown in jaxprs (`add`, `pure_callback`, ...).
    fn name(&self) -> &'static str;

    /// `key=value` params as JAX prints them; the printer sorts them.
    fn params(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Output types from input types, without data: what tracing records.
    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>>;

    /// Concrete evaluation.
    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>>;

    /// The side effect applying this primitive has, if any.
    fn effect(&self) -> Option<Effect> {
        None
    }

    /// The host callback this primitive calls, for DCE reports and the timeline.
    fn callback_name(&self) -> Option<&str> {
        None
    }
}

pub(crate) fn check_arity<T>(primitive: &'static str, inputs: &[T], expected: usize) -> Result<()> {
    if inputs.len() == expected {
        Ok(())
    } else {
        Err(Error::Arity {
            primitive,
            expected,
            actual: inputs.len(),
        })
    }
}
