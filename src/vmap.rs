//! `vmap`: a batching trace whose tracers carry a value with an extra batch axis at a known
//! position. Each primitive's batching rule maps batched operands to batched results; host
//! callbacks follow their `vmap_method` (a sequential loop is a `scan`, as in JAX, so nested
//! vmaps and jit see the same program JAX builds).

use crate::array::ShapedArray;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::callback::{CallbackKind, CallbackPrim, VmapMethod};
use crate::primitives::control::Scan;
use crate::primitives::{BatchOut, Primitive};
use crate::trace::{
    bind, eval_jaxpr, new_tracer, push_trace, trace_to_jaxpr, ClosedJaxpr, MainTrace, Payload,
    TraceKind, Value,
};
use std::rc::Rc;

/// `bind` for the batching trace on top.
pub fn process_batch(
    trace: &Rc<MainTrace>,
    axis_size: usize,
    primitive: Rc<dyn Primitive>,
    args: &[Value],
) -> Result<Vec<Value>> {
    let (values, dims): (Vec<Value>, Vec<Option<usize>>) = args
        .iter()
        .map(|a| match a.payload_in(trace) {
            Some(Payload::Batched { value, dim }) => ((**value).clone(), Some(*dim)),
            _ => (a.clone(), None),
        })
        .unzip();
    if let Some(err) = primitive.vmap_effects_error(&dims) {
        return Err(err);
    }
    if dims.iter().all(Option::is_none) {
        return bind(primitive, &values);
    }
    let (outs, out_dims) = primitive.batch(&values, &dims, axis_size)?;
    Ok(outs
        .into_iter()
        .zip(out_dims)
        .map(|(v, d)| match d {
            Some(d) => batch_tracer(trace, v, d),
            None => v,
        })
        .collect())
}

fn batch_tracer(trace: &Rc<MainTrace>, value: Value, dim: usize) -> Value {
    let mut aval = value.aval();
    aval.shape.remove(dim);
    new_tracer(
        trace,
        aval,
        Payload::Batched {
            value: Rc::new(value),
            dim,
        },
    )
}

/// Moves a batched value's batch axis to the front (unbatched values are returned unchanged).
pub fn move_to_front(x: &Value, dim: Option<usize>) -> Result<Value> {
    match dim {
        Some(d) if d != 0 => lax::moveaxis(x, d, 0),
        _ => Ok(x.clone()),
    }
}

/// Gives a value the batch axis at the front: moved if batched, broadcast if not.
pub fn materialize(x: &Value, dim: Option<usize>, axis_size: usize) -> Result<Value> {
    match dim {
        Some(_) => move_to_front(x, dim),
        None => {
            let shape = x.aval().shape;
            let mut target = vec![axis_size];
            target.extend(&shape);
            lax::broadcast_in_dim(x, &target, (1..=shape.len()).collect())
        }
    }
}

/// Prepares two operands of a binary primitive: batch axes at the front, and an unbatched
/// operand given a size-1 leading axis (scalars broadcast by themselves).
pub fn align_pair(
    a: &Value,
    da: Option<usize>,
    b: &Value,
    db: Option<usize>,
) -> Result<(Value, Value, usize)> {
    let lift = |x: &Value, d: Option<usize>, other_rank: usize| -> Result<Value> {
        let x = move_to_front(x, d)?;
        let shape = x.aval().shape;
        match d {
            // Unbatched non-scalar: a size-1 batch axis broadcasts against the other operand.
            None if !shape.is_empty() => {
                let mut s = vec![1];
                s.extend(&shape);
                lax::reshape(&x, &s)
            }
            // Batched scalar against a batched array: trailing size-1 axes to match ranks.
            Some(_) if shape.len() == 1 && other_rank > 1 => {
                let mut s = shape.clone();
                s.extend(std::iter::repeat_n(1, other_rank - 1));
                lax::reshape(&x, &s)
            }
            _ => Ok(x),
        }
    };
    let rank = |x: &Value, d: Option<usize>| x.aval().shape.len() + usize::from(d.is_none());
    let (ra, rb) = (rank(a, da), rank(b, db));
    Ok((lift(a, da, rb)?, lift(b, db, ra)?, 0))
}

/// Runs a closed jaxpr under a fresh batching trace: the batching rule of higher-order
/// primitives that simply inline their body.
pub fn batch_jaxpr(
    closed: &ClosedJaxpr,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let guard = push_trace("vmap", TraceKind::Batch { axis_size });
    let trace = guard.0.clone();
    let tracers: Vec<Value> = args
        .iter()
        .zip(dims)
        .map(|(a, d)| match d {
            Some(d) => batch_tracer(&trace, a.clone(), *d),
            None => a.clone(),
        })
        .collect();
    let outs = eval_jaxpr(closed, &tracers)?;
    Ok(unbatch(&trace, outs))
}

/// The first effect error `vmap` raises in the equations of `jaxprs` with no operand batched:
/// the check of a higher-order primitive whose bodies JAX batches even when nothing is.
pub fn unbatched_effects_error(jaxprs: &[&crate::ir::Jaxpr]) -> Option<Error> {
    for eqn in jaxprs.iter().flat_map(|j| &j.eqns) {
        let err = eqn
            .primitive
            .vmap_effects_error(&vec![None; eqn.inputs.len()]);
        if err.is_some() {
            return err;
        }
    }
    None
}

fn unbatch(trace: &Rc<MainTrace>, outs: Vec<Value>) -> BatchOut {
    outs.into_iter()
        .map(|o| match o.payload_in(trace) {
            Some(Payload::Batched { value, dim }) => ((**value).clone(), Some(*dim)),
            _ => (o, None),
        })
        .unzip()
}

/// `jax.vmap`: applies `f` to every slice along `in_axes` (None = not mapped) and stacks the
/// results along `out_axes` (per output; a single entry applies to all).
pub fn vmap(
    name: &str,
    args: &[Value],
    in_axes: &[Option<usize>],
    out_axes: &[Option<usize>],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<Vec<Value>> {
    let mut sizes = args
        .iter()
        .zip(in_axes)
        .filter_map(|(a, ax)| ax.map(|ax| (ax, a.aval().shape)));
    let Some((ax0, shape0)) = sizes.next() else {
        return Err(Error::usage(
            "vmap must have at least one non-None value in in_axes",
        ));
    };
    let axis_size = *shape0.get(ax0).ok_or_else(|| axis_error(ax0, &shape0))?;
    for (ax, shape) in sizes {
        let n = *shape.get(ax).ok_or_else(|| axis_error(ax, &shape))?;
        if n != axis_size {
            return Err(Error::usage(format!(
                "vmap got inconsistent sizes for the array axes to be mapped: {axis_size} and {n}"
            )));
        }
    }
    let guard = push_trace(name, TraceKind::Batch { axis_size });
    let trace = guard.0.clone();
    let tracers = args
        .iter()
        .zip(in_axes)
        .map(|(a, ax)| match ax {
            Some(ax) => batch_tracer(&trace, a.clone(), *ax),
            None => a.clone(),
        })
        .collect();
    let outs = f(tracers)?;
    let (values, dims) = unbatch(&trace, outs);
    drop(guard);
    values
        .iter()
        .zip(dims)
        .enumerate()
        .map(|(i, (v, d))| {
            // One entry applies to every output; none means axis 0.
            let out_axis = match out_axes {
                [one] => *one,
                many => many.get(i).copied().unwrap_or(Some(0)),
            };
            match out_axis {
                None if d.is_none() => Ok(v.clone()),
                None => Err(Error::usage(format!(
                    "vmap has mapped output #{i} but out_axes is None for it"
                ))),
                Some(to) => {
                    let rank = v.aval().shape.len() + usize::from(d.is_none());
                    if to >= rank {
                        return Err(Error::usage(format!(
                            "vmap out_axes {to} is out of bounds for output #{i}, which has rank {rank} once batched (axes 0 to {})",
                            rank - 1
                        )));
                    }
                    let front = materialize(v, d, axis_size)?;
                    lax::moveaxis(&front, 0, to)
                }
            }
        })
        .collect()
}

fn axis_error(axis: usize, shape: &[usize]) -> Error {
    Error::usage(format!(
        "vmap was requested to map its argument along axis {axis}, which implies that its rank should be at least {}, but is only {} (its shape is {})",
        axis + 1,
        shape.len(),
        crate::array::shape_tuple(shape)
    ))
}

/// A batched result type: `[axis_size] + aval.shape`.
fn batched_aval(aval: &ShapedArray, axis_size: usize) -> ShapedArray {
    let mut shape = vec![axis_size];
    shape.extend(&aval.shape);
    ShapedArray {
        shape,
        ..aval.clone()
    }
}

/// Batching of host callbacks, by `vmap_method` for pure callbacks; unordered IO callbacks are
/// called once per element in order, ordered ones cannot be batched; debug callbacks are
/// called once per element.
pub fn batch_callback(
    prim: &CallbackPrim,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let method = match prim.kind {
        CallbackKind::Io { ordered: true } => return Err(Error::OrderedIoVmap),
        // Debug callbacks, ordered or not, run once per element as JAX runs them.
        CallbackKind::Io { .. } | CallbackKind::Debug { .. } => VmapMethod::Sequential,
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

/// Batches a closed jaxpr into a new one taking batched inputs (batch axis at the front for
/// those marked in `batched`) and returning every output batched at the front.
pub fn batch_jaxpr_to_jaxpr(
    closed: &ClosedJaxpr,
    batched: &[bool],
    axis_size: usize,
) -> Result<ClosedJaxpr> {
    let all = vec![true; closed.jaxpr.outvars.len()];
    Ok(batch_jaxpr_some(closed, batched, &all, axis_size)?.0)
}

/// As `batch_jaxpr_to_jaxpr`, but an output is batched only if batching made it so or `force`
/// asks; also says which outputs are batched.
pub fn batch_jaxpr_some(
    closed: &ClosedJaxpr,
    batched: &[bool],
    force: &[bool],
    axis_size: usize,
) -> Result<(ClosedJaxpr, Vec<bool>)> {
    let in_avals: Vec<ShapedArray> = closed
        .jaxpr
        .in_avals()
        .iter()
        .zip(batched)
        .map(|(a, &b)| {
            if b {
                batched_aval(a, axis_size)
            } else {
                a.clone()
            }
        })
        .collect();
    let mut out_batched = Vec::new();
    let jaxpr = trace_to_jaxpr("vmap", &in_avals, true, |vals| {
        let dims: Vec<Option<usize>> = batched.iter().map(|&b| b.then_some(0)).collect();
        let (outs, out_dims) = batch_jaxpr(closed, &vals, &dims, axis_size)?;
        out_batched = out_dims
            .iter()
            .zip(force)
            .map(|(d, &f)| d.is_some() || f)
            .collect();
        outs.iter()
            .zip(out_dims)
            .zip(&out_batched)
            .map(|((o, d), &b)| {
                if b {
                    materialize(o, d, axis_size)
                } else {
                    Ok(o.clone())
                }
            })
            .collect()
    })?;
    Ok((jaxpr, out_batched))
}
