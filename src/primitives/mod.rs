//! Primitives: the operations equations apply. Each primitive keeps all of its rules (params for
//! printing, abstract evaluation, evaluation, effects, JVP, transpose, batching) in one
//! `impl Primitive`, so adding one touches one file. A rule a primitive lacks is an error that
//! names the primitive and the transformation.

pub mod add_any;
pub mod bitwise;
mod bodies;
pub mod callback;
pub mod control;
pub mod conv;
pub mod custom;
pub mod dot;
pub mod elementwise;
pub mod generic_reduce;
pub mod indexing;
mod int;
pub mod linalg;
pub mod math;
pub mod prng;
pub mod random_gamma;
pub mod reduce_precision;
pub mod reductions;
mod rsqrtps_table;
pub mod slicing;
pub mod sort;
mod special;
pub mod structural;
pub mod top_k;
mod trig;
pub mod windowed;
pub mod xla_f32;

use crate::array::{Array, ShapedArray};
use crate::error::{Error, Result};
use crate::ir::{Effect, Effects, Jaxpr, Removed};
use crate::trace::Value;
use std::fmt;
use std::rc::Rc;

/// A printed parameter: text, or a sub-jaxpr laid out by the jaxpr printer.
#[derive(Debug, Clone)]
pub enum Param {
    Text(String),
    /// Python's `None`.
    None,
    /// A flag, printed `True` / `False`.
    Bool(bool),
    /// Declared result types, printed as JAX's tuple of `ShapedArray`s.
    Avals(Vec<ShapedArray>),
    Jaxpr(Rc<Jaxpr>),
    Jaxprs(Vec<Rc<Jaxpr>>),
}

impl From<String> for Param {
    fn from(s: String) -> Self {
        Param::Text(s)
    }
}

impl From<&str> for Param {
    fn from(s: &str) -> Self {
        Param::Text(s.to_string())
    }
}

/// An operand of a linear equation being transposed: a linear input (whose cotangent is
/// wanted) or a known, non-linear value.
#[derive(Debug, Clone)]
pub enum LinearArg {
    Linear(ShapedArray),
    Known(Value),
}

impl LinearArg {
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn aval(&self) -> ShapedArray {
        match self {
            LinearArg::Linear(a) => a.clone(),
            LinearArg::Known(v) => v.aval(),
        }
    }
}

/// Output of a JVP rule: primal outputs and tangents (`None` is a symbolic zero).
pub type JvpOut = (Vec<Value>, Vec<Option<Value>>);

/// Output of a batching rule: outputs and where each carries the batch axis.
pub type BatchOut = (Vec<Value>, Vec<Option<usize>>);

/// What a higher-order primitive's DCE rule made of one equation: a smaller primitive taking
/// only `used_inputs` and producing only `kept_outputs` of the original's, and what it removed
/// from its bodies.
pub struct Pruned {
    pub primitive: Rc<dyn Primitive>,
    pub used_inputs: Vec<bool>,
    pub kept_outputs: Vec<bool>,
    pub removed: Vec<Removed>,
}

pub trait Primitive {
    /// The name shown in jaxprs (`add`, `pure_callback`, ...).
    fn name(&self) -> &'static str;

    /// `key=value` params as JAX prints them; the printer sorts them.
    fn params(&self) -> Vec<(&'static str, Param)> {
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

    /// All effects, including those of sub-jaxprs for higher-order primitives.
    fn effects(&self) -> Effects {
        self.effect().into_iter().collect()
    }

    /// The host callback this primitive calls, for DCE reports and the timeline.
    fn callback_name(&self) -> Option<&str> {
        None
    }

    /// For a pure callback, an identity of the host function, so a schedule may merge two
    /// calls of the same function on the same inputs.
    fn pure_callback_id(&self) -> Option<usize> {
        None
    }

    /// Dead-code elimination inside a higher-order primitive, given which of its outputs are
    /// used (see `dce`); `None` for primitives without bodies, kept or removed whole.
    fn dce(&self, _used_outputs: &[bool]) -> Option<Pruned> {
        None
    }

    /// Forward-mode rule, called only when some tangent is non-zero.
    fn jvp(&self, _primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Err(Error::MissingRule {
            primitive: self.name(),
            rule: "differentiation (JVP)",
        })
    }

    /// Transpose of a linear application: cotangents of the outputs to cotangents of the
    /// linear inputs (`None` for known inputs and zero cotangents).
    fn transpose(&self, _cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        Err(Error::MissingRule {
            primitive: self.name(),
            rule: "transposition (reverse-mode differentiation)",
        })
    }

    /// The error `vmap` raises for this primitive's effects before anything runs. Asked for
    /// every equation under `vmap`, batched operands or not: JAX runs control flow's batching
    /// rules (and so their effect checks) even when no operand is batched.
    fn vmap_effects_error(&self, _dims: &[Option<usize>]) -> Option<Error> {
        None
    }

    /// Batching rule for `vmap`: `dims[i]` is where argument `i` carries the batch axis.
    fn batch(
        &self,
        _args: &[Value],
        _dims: &[Option<usize>],
        _axis_size: usize,
    ) -> Result<BatchOut> {
        Err(Error::MissingRule {
            primitive: self.name(),
            rule: "batching (vmap)",
        })
    }
}

/// A primitive debug-prints as its name. Not a supertrait on purpose: then every primitive's
/// vtable would carry a derived `Debug` (and, through params and sub-jaxprs, most of the IR's),
/// all kept in the wasm although only tests print them.
impl fmt::Debug for dyn Primitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
