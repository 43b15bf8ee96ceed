//! Primitives for user-defined differentiation: `stop_gradient`, `custom_jvp_call` and
//! `custom_vjp_call` (a function with its own JVP rule or forward/backward rules) and
//! `custom_lin` (the linear stand-in a custom VJP leaves in a linearized program, whose
//! transpose runs the user's backward rule). The rules are user code (JS functions through the
//! facade), called with values of the enclosing transformation.

use super::{BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{Array, ShapedArray};
use crate::error::{Error, Result};
use crate::ir::Effects;
use crate::lax;
use crate::primitives::bodies::batch_jaxpr;
use crate::trace::{bind, eval_jaxpr, ClosedJaxpr, Value};
use std::fmt;
use std::rc::Rc;

#[derive(Debug)]
pub struct StopGradient;

impl Primitive for StopGradient {
    fn name(&self) -> &'static str {
        "stop_gradient"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        super::check_arity(self.name(), inputs, 1)?;
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        Ok(vec![inputs[0].clone()])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((vec![primals[0].clone()], vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![args[0].clone()], vec![dims[0]]))
    }
}

/// A user JVP rule: tangents in (zeros made explicit), primal and tangent outputs out.
pub trait CustomJvpRule {
    fn jvp(&self, primals: &[Value], tangents: &[Value]) -> Result<(Vec<Value>, Vec<Value>)>;
}

/// User forward and backward rules.
pub trait CustomVjpRule {
    /// Primal outputs and residuals saved for the backward pass.
    fn fwd(&self, primals: &[Value]) -> Result<(Vec<Value>, Vec<Value>)>;
    /// Cotangents of the inputs (`None` for zero) from residuals and output cotangents.
    fn bwd(&self, residuals: &[Value], cts: &[Value]) -> Result<Vec<Option<Value>>>;
}

/// A user rule: a JVP rule (`custom_jvp`) or forward/backward rules (`custom_vjp`).
#[derive(Clone)]
pub enum CustomRule {
    Jvp(Rc<dyn CustomJvpRule>),
    Vjp(Rc<dyn CustomVjpRule>),
}

/// `custom_jvp_call` / `custom_vjp_call`: runs `call` (the traced function) and differentiates
/// with the user's rule instead of the function's body.
pub struct CustomCall {
    pub name: Rc<str>,
    pub call: Rc<ClosedJaxpr>,
    pub rule: CustomRule,
}

impl fmt::Debug for CustomCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.name(), self.name)
    }
}

impl Primitive for CustomCall {
    fn name(&self) -> &'static str {
        match self.rule {
            CustomRule::Jvp(_) => "custom_jvp_call",
            CustomRule::Vjp(_) => "custom_vjp_call",
        }
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let rule = match self.rule {
            CustomRule::Jvp(_) => "jvp",
            CustomRule::Vjp(_) => "bwd",
        };
        vec![
            ("call_jaxpr", Param::Jaxpr(Rc::new(self.call.jaxpr.clone()))),
            (rule, format!("{}.{rule}", self.name).into()),
            ("name", self.name.to_string().into()),
            ("num_consts", "0".into()),
            ("symbolic_zeros", "False".into()),
        ]
    }

    fn abstract_eval(&self, _inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        Ok(self.call.jaxpr.out_avals())
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let args: Vec<Value> = inputs.iter().cloned().map(Value::Array).collect();
        Ok(eval_jaxpr(&self.call, &args)?
            .into_iter()
            .filter_map(|v| v.as_array().cloned())
            .collect())
    }

    fn effects(&self) -> Effects {
        self.call.jaxpr.effects()
    }

    /// A custom JVP rule gives the tangents directly; a custom VJP runs the forward rule and
    /// leaves a `custom_lin` that only reverse mode can use.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let tangents = primals
            .iter()
            .zip(tangents)
            .map(|(p, t)| lax::instantiate(t.clone(), &p.aval()))
            .collect::<Result<Vec<_>>>()?;
        let (outs, touts) = match &self.rule {
            CustomRule::Jvp(rule) => rule.jvp(primals, &tangents)?,
            CustomRule::Vjp(rule) => {
                let (outs, residuals) = rule.fwd(primals)?;
                let lin = CustomLin {
                    name: self.name.clone(),
                    rule: rule.clone(),
                    residuals,
                    out_avals: outs.iter().map(Value::aval).collect(),
                };
                let touts = bind(Rc::new(lin), &tangents)?;
                (outs, touts)
            }
        };
        Ok((outs, touts.into_iter().map(Some).collect()))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_jaxpr(&self.call, args, dims, axis_size)
    }
}

pub struct CustomLin {
    pub name: Rc<str>,
    pub rule: Rc<dyn CustomVjpRule>,
    pub residuals: Vec<Value>,
    pub out_avals: Vec<ShapedArray>,
}

impl fmt::Debug for CustomLin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "custom_lin[{}]", self.name)
    }
}

impl Primitive for CustomLin {
    fn name(&self) -> &'static str {
        "custom_lin"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("bwd", format!("{}.bwd", self.name).into()),
            ("num_res", self.residuals.len().to_string().into()),
        ]
    }

    fn abstract_eval(&self, _inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        Ok(self.out_avals.clone())
    }

    fn eval(&self, _inputs: &[Array]) -> Result<Vec<Array>> {
        Err(Error::CustomVjpForwardMode)
    }

    fn jvp(&self, _primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Err(Error::CustomVjpForwardMode)
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let cts = cts
            .iter()
            .zip(&self.out_avals)
            .map(|(ct, aval)| lax::instantiate(ct.clone(), aval))
            .collect::<Result<Vec<_>>>()?;
        let grads = self.rule.bwd(&self.residuals, &cts)?;
        if grads.len() != args.len() {
            return Err(Error::usage(format!(
                "the backward rule of `{}` returned {} cotangent(s) for {} input(s)",
                self.name,
                grads.len(),
                args.len()
            )));
        }
        for (i, (g, arg)) in grads.iter().zip(args).enumerate() {
            let (got, want) = match g {
                Some(g) => (g.aval(), arg.aval()),
                None => continue,
            };
            if got.shape != want.shape || got.dtype != want.dtype {
                return Err(Error::usage(format!(
                    "Custom VJP bwd rule of `{}` must produce an output with the same shape/dtypes as the args tuple of the primal function. At output[{i}], the bwd rule produced an output of shape/dtype {} corresponding to an input of shape/dtype {}",
                    self.name,
                    got.short(),
                    want.short()
                )));
            }
        }
        Ok(grads)
    }
}
