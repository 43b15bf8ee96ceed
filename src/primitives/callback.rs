//! Host-callback primitives: `pure_callback` (no effects, so DCE may drop it and all-empty
//! results skip the host), `io_callback` (an IO effect, ordered or not) and `debug_callback`
//! (no results, a debug effect). Evaluation calls the host, records the call on the timeline,
//! hands the ordered-effect token along, and checks what the host returned.

use super::{BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{Array, ShapedArray};
use crate::batching::{batched_aval, materialize, move_to_front};
use crate::effects;
use crate::error::{Error, Result};
use crate::fast::call_site::CallSiteTexts;
use crate::fast::clock;
use crate::host::{check_results, HostCallback};
use crate::ir::Effect;
use crate::lax;
use crate::primitives::control::{self, Scan};
use crate::timeline::{self, CallbackClass, Detail, Event, EventKind, Phase, Status};
use crate::trace::{bind, trace_to_jaxpr, Value};
use std::fmt;
use std::rc::Rc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallbackKind {
    Pure,
    Io { ordered: bool },
    Debug { ordered: bool },
}

impl CallbackKind {
    pub fn class(self) -> CallbackClass {
        match self {
            CallbackKind::Pure => CallbackClass::Pure,
            CallbackKind::Io { .. } => CallbackClass::Io,
            CallbackKind::Debug { .. } => CallbackClass::Debug,
        }
    }

    pub fn ordered(self) -> bool {
        match self {
            CallbackKind::Pure => false,
            CallbackKind::Io { ordered } | CallbackKind::Debug { ordered } => ordered,
        }
    }

    fn primitive_name(self) -> &'static str {
        match self {
            CallbackKind::Pure => "pure_callback",
            CallbackKind::Io { .. } => "io_callback",
            CallbackKind::Debug { .. } => "debug_callback",
        }
    }
}

/// How `vmap` batches a pure callback: JAX's `vmap_method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VmapMethod {
    /// A `scan` over the batch calling the host once per element.
    Sequential,
    /// The same loop, unrolled.
    SequentialUnrolled,
    /// One call; unbatched arguments get a leading axis of size 1.
    ExpandDims,
    /// One call; every argument broadcast to the full batch.
    BroadcastAll,
    /// One call; unbatched arguments passed as they are.
    LegacyVectorized,
}

impl VmapMethod {
    pub const ALL: [VmapMethod; 5] = [
        VmapMethod::Sequential,
        VmapMethod::SequentialUnrolled,
        VmapMethod::ExpandDims,
        VmapMethod::BroadcastAll,
        VmapMethod::LegacyVectorized,
    ];

    pub fn name(self) -> &'static str {
        match self {
            VmapMethod::Sequential => "sequential",
            VmapMethod::SequentialUnrolled => "sequential_unrolled",
            VmapMethod::ExpandDims => "expand_dims",
            VmapMethod::BroadcastAll => "broadcast_all",
            VmapMethod::LegacyVectorized => "legacy_vectorized",
        }
    }

    /// The method named `name`; anything else is JAX's error listing the allowed values.
    pub fn parse(name: &str) -> Result<VmapMethod> {
        VmapMethod::ALL
            .into_iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| Error::VmapMethodInvalid { got: name.into() })
    }
}

#[derive(Clone)]
pub struct CallbackPrim {
    pub kind: CallbackKind,
    pub callback: Rc<dyn HostCallback>,
    pub result_avals: Vec<ShapedArray>,
    /// Only meaningful for `pure_callback`; recorded and printed as JAX does.
    pub vmap_method: Option<VmapMethod>,
    pub(crate) texts: CallSiteTexts,
    /// Where the callback was bound in the user's code, shown on its timeline events.
    pub source: Option<Rc<str>>,
}

impl fmt::Debug for CallbackPrim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]",
            self.kind.primitive_name(),
            self.callback.name()
        )
    }
}

impl CallbackPrim {
    /// True when every result is zero-size, including when there are no results at all: then
    /// a pure callback's outcome is known without the host (JAX skips it in eager mode too).
    fn results_all_empty(&self) -> bool {
        self.result_avals.iter().all(|a| a.size() == 0)
    }

    fn callback_event(&self, phase: Phase, id: u64, name: &Rc<str>) -> Event {
        let mut e = Event::new(EventKind::Callback, phase, name.clone());
        e.id = Some(id);
        e.parent = timeline::current_execution();
        e.callback_kind = Some(self.kind.class());
        e.ordered = Some(self.kind.ordered());
        e.source = self.source.clone();
        e
    }
}

impl Primitive for CallbackPrim {
    fn name(&self) -> &'static str {
        self.kind.primitive_name()
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let mut params = vec![("callback", Param::Text(self.callback.name().to_string()))];
        match self.kind {
            CallbackKind::Pure => {
                params.push(("result_avals", Param::Avals(self.result_avals.clone())));
                params.push(("sharding", Param::None));
                let method = self
                    .vmap_method
                    .map_or(Param::None, |m| Param::Text(m.name().into()));
                params.push(("vmap_method", method));
            }
            CallbackKind::Io { ordered } => {
                params.push(("ordered", Param::Bool(ordered)));
                params.push(("result_avals", Param::Avals(self.result_avals.clone())));
                params.push(("sharding", Param::None));
            }
            CallbackKind::Debug { .. } => {
                let effect = self.effect().map_or("None", Effect::jax_name);
                params.push(("effect", effect.into()));
                params.push(("partitioned", Param::Bool(false)));
            }
        }
        params
    }

    fn abstract_eval(&self, _inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        Ok(self.result_avals.clone())
    }

    fn effect(&self) -> Option<Effect> {
        match self.kind {
            CallbackKind::Pure => None,
            CallbackKind::Io { ordered: true } => Some(Effect::OrderedIo),
            CallbackKind::Io { ordered: false } => Some(Effect::Io),
            CallbackKind::Debug { ordered: true } => Some(Effect::OrderedDebug),
            CallbackKind::Debug { ordered: false } => Some(Effect::Debug),
        }
    }

    fn callback_name(&self) -> Option<&str> {
        Some(self.callback.name())
    }

    fn pure_callback_id(&self) -> Option<usize> {
        let own = Rc::as_ptr(&self.callback) as *const () as usize;
        let id = self.callback.identity().map_or(own, |i| i as usize);
        (self.kind == CallbackKind::Pure).then_some(id)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let id = timeline::next_span_id();
        let (name, shapes) = self.texts.get(self.callback.name(), inputs);
        // A pure callback whose every result is empty has a known answer; JAX skips the host.
        if self.kind == CallbackKind::Pure && self.results_all_empty() {
            let mut e = self.callback_event(Phase::Instant, id, &name);
            e.status = Some(Status::Skipped);
            e.detail = Some(Detail::Fixed(if self.result_avals.is_empty() {
                "a pure callback without results cannot affect anything, so the host is not called"
            } else {
                "every result is zero-size, so the result is known without calling the host"
            }));
            timeline::emit(e);
            return Ok(self.result_avals.iter().map(Array::zeros).collect());
        }
        if self.kind.ordered() {
            effects::take_token(&name, id);
        }
        let mut begin = self.callback_event(Phase::Begin, id, &name);
        begin.shapes = shapes;
        timeline::emit_within_execution(begin);
        let returned = {
            // The host is JS code: events it causes (nested or eager calls) read the clock.
            let _js = clock::js_runs();
            let floor = crate::trace::enter_host();
            let returned = self.callback.call(inputs);
            crate::trace::leave_host(floor);
            returned
        };
        let mut end = self.callback_event(Phase::End, id, &name);
        let checked = match returned {
            Err(message) => Err(Error::CallbackRaised {
                kind: self.kind.primitive_name(),
                callback: self.callback.name().into(),
                message,
                compiled: timeline::current_execution().is_some() || control::in_body(),
            }),
            Ok(leaves) => check_results(self.callback.name(), &self.result_avals, leaves),
        };
        match &checked {
            Ok(_) => end.status = Some(Status::Ok),
            Err(err) => {
                end.status = Some(Status::Error);
                end.detail = Some(Detail::Text(err.to_string()));
            }
        }
        timeline::emit(end);
        checked
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        match self.kind {
            CallbackKind::Pure => Err(Error::PureCallbackJvp),
            CallbackKind::Io { .. } => Err(Error::IoCallbackJvp),
            // A debug callback sees primal values only and has no outputs to differentiate.
            CallbackKind::Debug { .. } => {
                bind(Rc::new(self.clone()), primals)?;
                Ok((Vec::new(), Vec::new()))
            }
        }
    }

    fn transpose(&self, _cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        match self.kind {
            CallbackKind::Io { .. } => Err(Error::IoCallbackTranspose),
            _ => Err(Error::PureCallbackTranspose),
        }
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_callback(self, args, dims, axis_size)
    }
}

/// Batching of host callbacks, by `vmap_method` for pure callbacks; unordered IO callbacks are
/// called once per element in order, ordered ones cannot be batched; debug callbacks are
/// unrolled, one call per element, as JAX unrolls them.
fn batch_callback(
    prim: &CallbackPrim,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let method = match prim.kind {
        CallbackKind::Io { ordered: true } => return Err(Error::OrderedIoVmap),
        CallbackKind::Debug { .. } => return unrolled(prim, args, dims, axis_size),
        CallbackKind::Io { .. } => VmapMethod::Sequential,
        CallbackKind::Pure => prim.vmap_method.ok_or(Error::VmapMethodNone)?,
    };
    if matches!(
        method,
        VmapMethod::Sequential | VmapMethod::SequentialUnrolled
    ) {
        return sequential(prim, args, dims, axis_size);
    }
    let args = args
        .iter()
        .zip(dims)
        .map(|(a, d)| match (d, method) {
            (Some(_), _) => move_to_front(a, *d),
            (None, VmapMethod::BroadcastAll) => materialize(a, None, axis_size),
            (None, VmapMethod::ExpandDims) => {
                let shape = a.aval().shape;
                let mut target = vec![1];
                target.extend(&shape);
                lax::broadcast_in_dim(a, &target, (1..=shape.len()).collect())
            }
            (None, _) => Ok(a.clone()), // legacy_vectorized passes unbatched args as-is
        })
        .collect::<Result<Vec<_>>>()?;
    let batched = CallbackPrim {
        result_avals: prim
            .result_avals
            .iter()
            .map(|a| batched_aval(a, axis_size))
            .collect(),
        ..prim.clone()
    };
    let outs = bind(Rc::new(batched), &args)?;
    let n = outs.len();
    Ok((outs, vec![Some(0); n]))
}

/// A `scan` over the batch axis whose body makes the unbatched call: one host call per element.
fn sequential(
    prim: &CallbackPrim,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let mut consts = Vec::new();
    let mut xs = Vec::new();
    for (a, d) in args.iter().zip(dims) {
        match d {
            Some(_) => xs.push(move_to_front(a, *d)?),
            None => consts.push(a.clone()),
        }
    }
    let mut body_avals: Vec<ShapedArray> = consts.iter().map(Value::aval).collect();
    body_avals.extend(xs.iter().map(|x| {
        let mut a = x.aval();
        a.shape.remove(0);
        a
    }));
    let (n_consts, dims) = (consts.len(), dims.to_vec());
    let body = trace_to_jaxpr(prim.callback.name(), &body_avals, true, |vals| {
        // Reassemble the callback's arguments in their original order.
        let (mut c, mut x) = (vals[..n_consts].iter(), vals[n_consts..].iter());
        let call_args: Vec<Value> = dims
            .iter()
            .map(|d| if d.is_some() { x.next() } else { c.next() }.cloned())
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| Error::internal("argument count mismatch"))?;
        bind(Rc::new(prim.clone()), &call_args)
    })?;
    let mut inputs = consts;
    inputs.extend(xs);
    let outs = Scan::bind(body, axis_size, n_consts, 0, false, &inputs)?;
    let n = outs.len();
    Ok((outs, vec![Some(0); n]))
}

/// JAX's batching of a debug callback: one call per element, each on that element's slice
/// (`slice` and `squeeze` of every batched argument), bound where the vmap runs, so an eager
/// vmap calls the host directly and a jitted one has an equation per element.
fn unrolled(
    prim: &CallbackPrim,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    for i in 0..axis_size {
        let element = args
            .iter()
            .zip(dims)
            .map(|(a, d)| match d {
                None => Ok(a.clone()),
                Some(axis) => {
                    let shape = a.aval().shape;
                    let mut start = vec![0; shape.len()];
                    let mut limit = shape.clone();
                    start[*axis] = i;
                    limit[*axis] = i + 1;
                    lax::squeeze(&lax::slice(a, start, limit, None)?, vec![*axis])
                }
            })
            .collect::<Result<Vec<_>>>()?;
        bind(Rc::new(prim.clone()), &element)?;
    }
    Ok((Vec::new(), Vec::new()))
}
