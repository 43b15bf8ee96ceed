//! Tracing: values are concrete arrays or tracers; `bind` applies a primitive either eagerly or,
//! while a function is being traced, by recording an equation in the innermost trace (JAX's
//! "omnistaging": everything under a trace is staged). Traces form a stack so traced functions
//! can call other traced functions; a tracer whose trace has ended is reported, not misused.

use crate::array::{Array, ShapedArray};
use crate::error::{Error, Result};
use crate::ir::{Atom, Eqn, Jaxpr, Var};
use crate::primitives::Primitive;
use std::cell::RefCell;
use std::rc::Rc;

/// A value flowing through user code: concrete, or a placeholder inside a trace.
#[derive(Debug, Clone)]
pub enum Value {
    Array(Array),
    Tracer(Tracer),
}

#[derive(Debug, Clone)]
pub struct Tracer {
    pub trace_id: u64,
    /// The traced function's name, for messages about this tracer.
    pub trace_name: Rc<str>,
    pub var: Var,
}

impl Value {
    pub fn aval(&self) -> ShapedArray {
        match self {
            Value::Array(a) => a.aval(),
            Value::Tracer(t) => t.var.aval.clone(),
        }
    }

    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            Value::Tracer(_) => None,
        }
    }

    /// The concrete array, or JAX's concretization error naming `what` needed it.
    pub fn concrete(&self, what: &'static str) -> Result<&Array> {
        match self {
            Value::Array(a) => Ok(a),
            Value::Tracer(t) => Err(Error::Concretization {
                what,
                aval: t.var.aval.short(),
                context: t.trace_name.to_string(),
            }),
        }
    }
}

impl From<Array> for Value {
    fn from(a: Array) -> Self {
        Value::Array(a)
    }
}

/// A closed jaxpr: the program plus the values of its constvars (captured arrays, or tracers of
/// an enclosing trace when a traced function is itself traced inside another).
#[derive(Debug, Clone)]
pub struct ClosedJaxpr {
    pub jaxpr: Jaxpr,
    pub consts: Vec<Value>,
}

impl ClosedJaxpr {
    /// Whether the jaxpr closes over tracers of another trace, which makes it single-use.
    pub fn captures_tracers(&self) -> bool {
        self.consts.iter().any(|c| matches!(c, Value::Tracer(_)))
    }
}

#[derive(Debug)]
struct StagingTrace {
    id: u64,
    name: Rc<str>,
    builder: RefCell<Builder>,
}

#[derive(Debug, Default)]
struct Builder {
    eqns: Vec<Eqn>,
    /// Captured non-scalar values and the constvar standing for each.
    consts: Vec<(Value, Var)>,
}

thread_local! {
    static STACK: RefCell<Vec<Rc<StagingTrace>>> = const { RefCell::new(Vec::new()) };
    static NEXT_TRACE: RefCell<u64> = const { RefCell::new(1) };
}

fn top_trace() -> Option<Rc<StagingTrace>> {
    STACK.with(|s| s.borrow().last().cloned())
}

fn trace_is_live(id: u64) -> bool {
    STACK.with(|s| s.borrow().iter().any(|t| t.id == id))
}

/// Whether any function is being traced right now.
pub fn is_tracing() -> bool {
    STACK.with(|s| !s.borrow().is_empty())
}

/// Applies a primitive to values: eagerly when nothing is being traced, else by staging an
/// equation into the innermost trace.
pub fn bind(primitive: Rc<dyn Primitive>, args: &[Value]) -> Result<Vec<Value>> {
    for arg in args {
        if let Value::Tracer(t) = arg {
            if !trace_is_live(t.trace_id) {
                return Err(Error::EscapedTracer {
                    aval: t.var.aval.short(),
                    context: t.trace_name.to_string(),
                });
            }
        }
    }
    match top_trace() {
        None => {
            let arrays: Vec<Array> = args.iter().filter_map(|a| a.as_array().cloned()).collect();
            Ok(primitive
                .eval(&arrays)?
                .into_iter()
                .map(Value::Array)
                .collect())
        }
        Some(trace) => stage(&trace, primitive, args),
    }
}

fn stage(trace: &StagingTrace, primitive: Rc<dyn Primitive>, args: &[Value]) -> Result<Vec<Value>> {
    let in_avals: Vec<ShapedArray> = args.iter().map(Value::aval).collect();
    let out_avals = primitive.abstract_eval(&in_avals)?;
    let mut builder = trace.builder.borrow_mut();
    let inputs = args.iter().map(|a| builder.atom(trace.id, a)).collect();
    let outputs: Vec<Var> = out_avals.into_iter().map(Var::fresh).collect();
    builder.eqns.push(Eqn {
        primitive,
        inputs,
        outputs: outputs.clone(),
    });
    Ok(outputs
        .into_iter()
        .map(|var| {
            Value::Tracer(Tracer {
                trace_id: trace.id,
                trace_name: trace.name.clone(),
                var,
            })
        })
        .collect())
}

impl Builder {
    /// Scalars are inlined as literals; other arrays and outer tracers become constvars.
    fn atom(&mut self, trace_id: u64, value: &Value) -> Atom {
        match value {
            Value::Tracer(t) if t.trace_id == trace_id => Atom::Var(t.var.clone()),
            Value::Array(a) if a.shape().is_empty() => Atom::Literal(a.clone()),
            other => Atom::Var(self.constvar(other)),
        }
    }

    fn constvar(&mut self, value: &Value) -> Var {
        let same = |v: &Value| match (v, value) {
            (Value::Array(a), Value::Array(b)) => {
                a.buffer_id() == b.buffer_id() && a.weak_type() == b.weak_type()
            }
            (Value::Tracer(a), Value::Tracer(b)) => a.var == b.var,
            _ => false,
        };
        if let Some((_, var)) = self.consts.iter().find(|(v, _)| same(v)) {
            return var.clone();
        }
        let var = Var::fresh(value.aval());
        self.consts.push((value.clone(), var.clone()));
        var
    }
}

/// Pops the trace even when the traced function fails, so the engine keeps working.
struct TraceGuard(u64);

impl Drop for TraceGuard {
    fn drop(&mut self) {
        STACK.with(|s| s.borrow_mut().retain(|t| t.id != self.0));
    }
}

/// Traces `f` on placeholders of `in_avals` into a closed jaxpr. `f` runs with no engine state
/// borrowed, so it may freely call back into the engine (it is usually user JS).
pub fn trace_to_jaxpr(
    name: &str,
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<ClosedJaxpr> {
    let id = NEXT_TRACE.with(|n| {
        let mut n = n.borrow_mut();
        let id = *n;
        *n += 1;
        id
    });
    let trace = Rc::new(StagingTrace {
        id,
        name: Rc::from(name),
        builder: RefCell::new(Builder::default()),
    });
    STACK.with(|s| s.borrow_mut().push(trace.clone()));
    let _guard = TraceGuard(id);
    let invars: Vec<Var> = in_avals.iter().cloned().map(Var::fresh).collect();
    let tracers = invars
        .iter()
        .map(|var| {
            Value::Tracer(Tracer {
                trace_id: id,
                trace_name: trace.name.clone(),
                var: var.clone(),
            })
        })
        .collect();
    let outs = f(tracers)?;
    let mut builder = trace.builder.borrow_mut();
    let outvars = outs.iter().map(|o| builder.atom(id, o)).collect();
    let builder = std::mem::take(&mut *builder);
    let (consts, constvars) = builder.consts.into_iter().unzip();
    Ok(ClosedJaxpr {
        jaxpr: Jaxpr {
            constvars,
            invars,
            eqns: builder.eqns,
            outvars,
        },
        consts,
    })
}

/// The one evaluator loop: runs a jaxpr by binding each equation, so it executes eagerly at top
/// level and inlines into the current trace when called while tracing.
pub fn eval_jaxpr(closed: &ClosedJaxpr, args: &[Value]) -> Result<Vec<Value>> {
    let jaxpr = &closed.jaxpr;
    if args.len() != jaxpr.invars.len() {
        return Err(Error::usage(format!(
            "the program expects {} argument(s) but got {}",
            jaxpr.invars.len(),
            args.len()
        )));
    }
    let mut env: std::collections::HashMap<u64, Value> = std::collections::HashMap::new();
    for (var, value) in jaxpr.constvars.iter().zip(&closed.consts) {
        env.insert(var.id, value.clone());
    }
    for (var, value) in jaxpr.invars.iter().zip(args) {
        env.insert(var.id, value.clone());
    }
    let read = |env: &std::collections::HashMap<u64, Value>, atom: &Atom| -> Result<Value> {
        match atom {
            Atom::Literal(a) => Ok(Value::Array(a.clone())),
            Atom::Var(v) => env.get(&v.id).cloned().ok_or_else(|| {
                Error::usage(format!(
                    "internal: variable {} used before definition",
                    v.id
                ))
            }),
        }
    };
    for eqn in &jaxpr.eqns {
        let inputs = eqn
            .inputs
            .iter()
            .map(|a| read(&env, a))
            .collect::<Result<Vec<_>>>()?;
        let outputs = bind(eqn.primitive.clone(), &inputs)?;
        for (var, value) in eqn.outputs.iter().zip(outputs) {
            env.insert(var.id, value);
        }
    }
    jaxpr.outvars.iter().map(|a| read(&env, a)).collect()
}
