//! Tracing, after Autodidax: values are concrete arrays or tracers, and `bind` applies a
//! primitive by handing it to the top trace on a stack of traces. Three kinds of trace exist:
//! staging (records equations into a jaxpr: `jit`, `make_jaxpr`, linearization), JVP (forward-mode
//! differentiation) and batching (`vmap`). A staging trace is "dynamic" when everything under it
//! is staged, even ops on constants (JAX's omnistaging, used by `jit`); linearization uses a
//! non-dynamic one so that primal work still runs eagerly. A tracer whose trace has ended is
//! reported, never silently misused.

use crate::array::{Array, ShapedArray};
use crate::dtype::TypeKey;
use crate::error::{Error, Result};
use crate::fast::env::Env;
use crate::ir::{Atom, Eqn, Jaxpr, Var};
use crate::primitives::Primitive;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A value flowing through user code: concrete, or a placeholder inside a trace.
#[derive(Debug, Clone)]
pub enum Value {
    Array(Array),
    Tracer(Tracer),
}

/// A closed jaxpr: the program plus the values of its constvars (captured arrays, or tracers of
/// an enclosing trace when a traced function is itself traced inside another). It lives with
/// tracing, not in `ir`, because those values may be tracers: the IR itself knows only arrays.
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

#[derive(Debug, Clone)]
pub struct Tracer {
    pub trace: Rc<MainTrace>,
    pub aval: ShapedArray,
    pub payload: Payload,
}

/// What a tracer stands for, per kind of trace.
#[derive(Debug, Clone)]
pub enum Payload {
    Staged(Var),
    /// `None` is a symbolic zero tangent.
    Jvp {
        primal: Rc<Value>,
        tangent: Option<Rc<Value>>,
    },
    /// `value` carries the batch axis at `dim`.
    Batched {
        value: Rc<Value>,
        dim: usize,
    },
}

#[derive(Debug)]
pub enum TraceKind {
    Staging {
        builder: RefCell<Builder>,
        dynamic: bool,
    },
    Jvp,
    Batch {
        axis_size: usize,
    },
}

/// One active transformation. `level` is its position in the stack: the higher, the more
/// recently entered, and the earlier it processes a primitive.
#[derive(Debug)]
pub struct MainTrace {
    pub id: u64,
    pub level: usize,
    pub name: Rc<str>,
    pub kind: TraceKind,
    active: Cell<bool>,
}

impl MainTrace {
    pub fn is(&self, other: &Rc<MainTrace>) -> bool {
        self.id == other.id
    }
}

impl Value {
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn aval(&self) -> ShapedArray {
        match self {
            Value::Array(a) => a.aval(),
            Value::Tracer(t) => t.aval.clone(),
        }
    }

    /// The shape, without copying it as `aval()` does.
    pub fn shape(&self) -> &[usize] {
        match self {
            Value::Array(a) => a.shape(),
            Value::Tracer(t) => &t.aval.shape,
        }
    }

    /// The dtype and weak type, without copying the shape as `aval()` does.
    pub fn type_key(&self) -> TypeKey {
        match self {
            Value::Array(a) => TypeKey {
                dtype: a.dtype(),
                weak: a.weak_type(),
            },
            Value::Tracer(t) => t.aval.type_key(),
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
                aval: t.aval.short(),
                context: t.trace.name.to_string(),
            }),
        }
    }

    /// This value's parts if it is a tracer of `trace`.
    pub fn payload_in(&self, trace: &Rc<MainTrace>) -> Option<&Payload> {
        match self {
            Value::Tracer(t) if t.trace.is(trace) => Some(&t.payload),
            _ => None,
        }
    }
}

impl From<Array> for Value {
    fn from(a: Array) -> Self {
        Value::Array(a)
    }
}

pub fn new_tracer(trace: &Rc<MainTrace>, aval: ShapedArray, payload: Payload) -> Value {
    Value::Tracer(Tracer {
        trace: trace.clone(),
        aval,
        payload,
    })
}

#[derive(Debug, Default)]
pub struct Builder {
    eqns: Vec<Eqn>,
    /// Captured non-scalar values and the constvar standing for each.
    consts: Vec<(Value, Var)>,
}

thread_local! {
    /// The user's code location the JS API reports for the operation being applied.
    static SOURCE: RefCell<Option<Rc<str>>> = const { RefCell::new(None) };
    static STACK: RefCell<Vec<Rc<MainTrace>>> = const { RefCell::new(Vec::new()) };
    static NEXT_TRACE: Cell<u64> = const { Cell::new(1) };
    /// How many traces (from the bottom of the stack) a running host callback does not see as
    /// enclosing its own engine calls: they happen outside any `vmap`, as in JAX.
    static HOST_FLOOR: Cell<usize> = const { Cell::new(0) };
}

/// Entered around a host callback: the traces active now do not enclose what the host does.
/// Returns the previous floor for `leave_host`.
pub fn enter_host() -> usize {
    let depth = STACK.with(|s| s.borrow().len());
    HOST_FLOOR.with(|f| f.replace(depth))
}

pub fn leave_host(previous: usize) {
    HOST_FLOOR.with(|f| f.set(previous));
}

/// Sets the user's code location for the operations that follow (JAX's source info).
pub fn set_source(source: Option<Rc<str>>) {
    SOURCE.with(|s| *s.borrow_mut() = source);
}

pub fn current_source() -> Option<Rc<str>> {
    SOURCE.with(|s| s.borrow().clone())
}

/// Forgets every trace (marking each inactive, so its tracers report escaping), for when a JS
/// exception unwound the frames whose guards would have popped them; false when the trace
/// state is borrowed (beyond repair).
pub fn reset_traces() -> bool {
    let stack = STACK.with(|s| {
        s.try_borrow_mut()
            .map(|mut s| s.drain(..).for_each(|t| t.active.set(false)))
            .is_ok()
    });
    HOST_FLOOR.with(|f| f.set(0));
    stack && SOURCE.with(|s| s.try_borrow_mut().map(|mut s| *s = None).is_ok())
}

/// Pops its trace when dropped, so a failing user function never leaves a trace behind.
pub struct TraceGuard(pub Rc<MainTrace>);

impl Drop for TraceGuard {
    fn drop(&mut self) {
        self.0.active.set(false);
        let id = self.0.id;
        STACK.with(|s| s.borrow_mut().retain(|t| t.id != id));
    }
}

// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn push_trace(name: &str, kind: TraceKind) -> TraceGuard {
    let id = NEXT_TRACE.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let trace = STACK.with(|s| {
        let mut s = s.borrow_mut();
        let trace = Rc::new(MainTrace {
            id,
            level: s.len(),
            name: Rc::from(name),
            kind,
            active: Cell::new(true),
        });
        s.push(trace.clone());
        trace
    });
    TraceGuard(trace)
}

/// Whether a dynamic staging trace is active, so that even constant work must be staged.
pub fn staging_active() -> bool {
    STACK.with(|s| {
        s.borrow()
            .iter()
            .any(|t| matches!(t.kind, TraceKind::Staging { dynamic: true, .. }))
    })
}

/// The trace that handles an operation on `args`: the highest-level trace among the args'
/// tracers and the innermost dynamic staging trace; `None` means evaluate eagerly. Also
/// whether a `vmap` is being traced at all.
fn find_top(args: &[Value]) -> Result<(Option<Rc<MainTrace>>, bool)> {
    let (mut top, batching) = STACK.with(|s| {
        let s = s.borrow();
        let staging = s
            .iter()
            .rev()
            .find(|t| matches!(t.kind, TraceKind::Staging { dynamic: true, .. }))
            .cloned();
        let floor = HOST_FLOOR.with(Cell::get).min(s.len());
        let batching = s[floor..]
            .iter()
            .any(|t| matches!(t.kind, TraceKind::Batch { .. }));
        (staging, batching)
    });
    for arg in args {
        if let Value::Tracer(t) = arg {
            if !t.trace.active.get() {
                return Err(Error::EscapedTracer {
                    aval: t.aval.short(),
                    context: t.trace.name.to_string(),
                });
            }
            if top.as_ref().is_none_or(|cur| t.trace.level > cur.level) {
                top = Some(t.trace.clone());
            }
        }
    }
    Ok((top, batching))
}

/// Applies a primitive to values: eagerly when no trace is involved, else by the top trace.
pub fn bind(primitive: Rc<dyn Primitive>, args: &[Value]) -> Result<Vec<Value>> {
    let (top, batching) = find_top(args)?;
    // JAX's `vmap` sees every operation applied while it traces, batched operands or not, and
    // refuses control flow with some effects regardless (the batch trace asks with dims).
    // (Every refusal is about an effect, so pure operations skip the check.)
    if batching
        && !matches!(top.as_ref().map(|t| &t.kind), Some(TraceKind::Batch { .. }))
        && !primitive.effects().is_empty()
    {
        if let Some(err) = primitive.vmap_effects_error(&vec![None; args.len()]) {
            return Err(err);
        }
    }
    let Some(trace) = top else {
        let arrays: Vec<Array> = args.iter().filter_map(|a| a.as_array().cloned()).collect();
        return Ok(eval_counted(&*primitive, &arrays)?
            .into_iter()
            .map(Value::Array)
            .collect());
    };
    match &trace.kind {
        TraceKind::Staging { builder, .. } => stage(&trace, builder, primitive, args),
        TraceKind::Jvp => crate::ad::process_jvp(&trace, primitive, args),
        TraceKind::Batch { axis_size } => {
            crate::vmap::process_batch(&trace, *axis_size, primitive, args)
        }
    }
}

pub fn bind1(primitive: Rc<dyn Primitive>, args: &[Value]) -> Result<Value> {
    bind(primitive, args)?
        .pop()
        .ok_or_else(|| Error::internal("primitive returned no result"))
}

fn stage(
    trace: &Rc<MainTrace>,
    builder: &RefCell<Builder>,
    primitive: Rc<dyn Primitive>,
    args: &[Value],
) -> Result<Vec<Value>> {
    let in_avals: Vec<ShapedArray> = args.iter().map(Value::aval).collect();
    let out_avals = primitive.abstract_eval(&in_avals)?;
    let mut builder = builder.borrow_mut();
    let inputs = args.iter().map(|a| builder.atom(trace, a)).collect();
    let outputs: Vec<Var> = out_avals.into_iter().map(Var::fresh).collect();
    let source = current_source();
    builder.eqns.push(Eqn {
        primitive,
        inputs,
        outputs: outputs.clone(),
        source,
    });
    Ok(outputs
        .into_iter()
        .map(|var| new_tracer(trace, var.aval.clone(), Payload::Staged(var)))
        .collect())
}

impl Builder {
    /// Scalars are inlined as literals; other arrays and outer tracers become constvars.
    fn atom(&mut self, trace: &Rc<MainTrace>, value: &Value) -> Atom {
        match (value.payload_in(trace), value) {
            (Some(Payload::Staged(var)), _) => Atom::Var(var.clone()),
            (_, Value::Array(a)) if a.shape().is_empty() => Atom::Literal(a.clone()),
            _ => Atom::Var(self.constvar(value)),
        }
    }

    fn constvar(&mut self, value: &Value) -> Var {
        let same = |v: &Value| match (v, value) {
            (Value::Array(a), Value::Array(b)) => {
                a.buffer_id() == b.buffer_id() && a.weak_type() == b.weak_type()
            }
            (Value::Tracer(a), Value::Tracer(b)) => same_tracer(a, b),
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

fn same_tracer(a: &Tracer, b: &Tracer) -> bool {
    match (&a.payload, &b.payload) {
        (Payload::Staged(x), Payload::Staged(y)) => x == y,
        (Payload::Jvp { primal: p, .. }, Payload::Jvp { primal: q, .. }) => Rc::ptr_eq(p, q),
        (Payload::Batched { value: p, .. }, Payload::Batched { value: q, .. }) => Rc::ptr_eq(p, q),
        _ => false,
    }
}

/// Traces `f` on placeholders of `in_avals` into a closed jaxpr. `f` runs with no engine state
/// borrowed, so it may freely call back into the engine (it is usually user JS).
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn trace_to_jaxpr(
    name: &str,
    in_avals: &[ShapedArray],
    dynamic: bool,
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<ClosedJaxpr> {
    trace_boxed(name, in_avals, dynamic, Box::new(f))
}

fn trace_boxed(
    name: &str,
    in_avals: &[ShapedArray],
    dynamic: bool,
    f: Box<dyn FnOnce(Vec<Value>) -> Result<Vec<Value>> + '_>,
) -> Result<ClosedJaxpr> {
    let guard = push_trace(
        name,
        TraceKind::Staging {
            builder: RefCell::new(Builder::default()),
            dynamic,
        },
    );
    let trace = guard.0.clone();
    let invars: Vec<Var> = in_avals.iter().cloned().map(Var::fresh).collect();
    let tracers = invars
        .iter()
        .map(|var| new_tracer(&trace, var.aval.clone(), Payload::Staged(var.clone())))
        .collect();
    let outs = f(tracers)?;
    let TraceKind::Staging { builder, .. } = &trace.kind else {
        return Err(Error::internal("staging trace expected"));
    };
    let mut builder = builder.borrow_mut();
    let outvars = outs.iter().map(|o| builder.atom(&trace, o)).collect();
    let built = std::mem::take(&mut *builder);
    let (consts, constvars) = built.consts.into_iter().unzip();
    let jaxpr = Jaxpr {
        constvars,
        invars,
        eqns: built.eqns,
        outvars,
    };
    #[cfg(debug_assertions)]
    if let Err(e) = crate::ir::check::typecheck(&jaxpr) {
        return Err(Error::internal(format!(
            "`{name}` traced to an ill-typed jaxpr: {e}"
        )));
    }
    Ok(ClosedJaxpr { jaxpr, consts })
}

/// The one evaluator loop: runs a jaxpr by binding each equation, so it executes eagerly at top
/// level and is transformed or inlined by whatever traces are active.
pub fn eval_jaxpr(closed: &ClosedJaxpr, args: &[Value]) -> Result<Vec<Value>> {
    let jaxpr = &closed.jaxpr;
    if args.len() != jaxpr.invars.len() {
        return Err(Error::internal(format!(
            "the program expects {} argument(s) but got {}",
            jaxpr.invars.len(),
            args.len()
        )));
    }
    let mut env = Env::for_jaxpr(jaxpr);
    for (var, value) in jaxpr.constvars.iter().zip(&closed.consts) {
        env.insert(var.id, value.clone());
    }
    for (var, value) in jaxpr.invars.iter().zip(args) {
        env.insert(var.id, value.clone());
    }
    // While tracing, equations replayed into another trace keep their own source locations.
    let tracing = STACK.with(|st| !st.borrow().is_empty());
    let outer_source = tracing.then(current_source);
    let result = (|| {
        for eqn in &jaxpr.eqns {
            if !tracing {
                if let Some(outputs) = apply_eagerly(eqn, &env)? {
                    for (var, value) in eqn.outputs.iter().zip(outputs) {
                        env.insert(var.id, Value::Array(value));
                    }
                    continue;
                }
            }
            let inputs = eqn
                .inputs
                .iter()
                .map(|a| env.read(a))
                .collect::<Result<Vec<_>>>()?;
            if outer_source.is_some() && eqn.source.is_some() {
                set_source(eqn.source.clone());
            }
            let outputs = bind(eqn.primitive.clone(), &inputs)?;
            for (var, value) in eqn.outputs.iter().zip(outputs) {
                env.insert(var.id, value);
            }
        }
        jaxpr.outvars.iter().map(|a| env.read(a)).collect()
    })();
    if let Some(source) = outer_source {
        set_source(source);
    }
    result
}

/// Evaluates an equation whose inputs are all concrete while no trace is active, which is what
/// `bind` would do too, minus the two vectors of `Value`s it needs in general. `None` when an
/// input is a tracer (one that escaped its trace: `bind` reports it).
fn apply_eagerly(eqn: &Eqn, env: &Env) -> Result<Option<Vec<Array>>> {
    let mut arrays = Vec::with_capacity(eqn.inputs.len());
    for atom in &eqn.inputs {
        match env.read(atom)? {
            Value::Array(a) => arrays.push(a),
            Value::Tracer(_) => return Ok(None),
        }
    }
    eval_counted(&*eqn.primitive, &arrays).map(Some)
}

/// Evaluates a primitive on concrete arrays, telling the timeline how much work that was.
fn eval_counted(primitive: &dyn Primitive, arrays: &[Array]) -> Result<Vec<Array>> {
    let outputs = primitive.eval(arrays)?;
    crate::memory::check()?;
    let elements = arrays.iter().chain(&outputs).map(Array::size).sum();
    crate::fast::clock::note_work(elements);
    Ok(outputs)
}
