//! `vmap`: a batching trace whose tracers carry a value with an extra batch axis at a known
//! position. Each primitive's batching rule maps batched operands to batched results; host
//! callbacks follow their `vmap_method` (a sequential loop is a `scan`, as in JAX, so nested
//! vmaps and jit see the same program JAX builds).

use crate::array::ShapedArray;
use crate::batching::{batched_aval, materialize};
use crate::error::{Error, Result};
use crate::lax;
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
