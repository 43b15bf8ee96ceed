//! Automatic differentiation. Forward mode is a JVP trace whose tracers pair a primal with a
//! tangent (`None` = symbolic zero, so a primitive whose inputs all have zero tangents is not
//! differentiated at all: that is why `stop_gradient` on a callback's input works). Reverse mode
//! is JAX's "linearize then transpose": the JVP runs with tangents staged into a linear jaxpr by
//! a non-dynamic staging trace (primal work still runs, or is staged by an outer `jit`), and the
//! backward pass walks that jaxpr in reverse applying each primitive's transpose rule.

use crate::array::ShapedArray;
use crate::error::{Error, Result};
use crate::ir::{Atom, Var};
use crate::lax;
use crate::primitives::{LinearArg, Primitive};
use crate::trace::{
    bind, eval_jaxpr, new_tracer, push_trace, trace_to_jaxpr, ClosedJaxpr, MainTrace, Payload,
    TraceKind, Value,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

/// `bind` for the JVP trace on top: split tracers into primals and tangents, apply the rule.
pub fn process_jvp(
    trace: &Rc<MainTrace>,
    primitive: Rc<dyn Primitive>,
    args: &[Value],
) -> Result<Vec<Value>> {
    let (primals, tangents): (Vec<Value>, Vec<Option<Value>>) = args
        .iter()
        .map(|a| match a.payload_in(trace) {
            Some(Payload::Jvp { primal, tangent }) => {
                ((**primal).clone(), tangent.as_ref().map(|t| (**t).clone()))
            }
            _ => (a.clone(), None),
        })
        .unzip();
    if tangents.iter().all(Option::is_none) {
        return bind(primitive, &primals);
    }
    let (outs, touts) = primitive.jvp(&primals, &tangents)?;
    Ok(outs
        .into_iter()
        .zip(touts)
        .map(|(p, t)| match t {
            Some(t) if p.aval().dtype.is_float() => jvp_tracer(trace, p, Some(t)),
            _ => p,
        })
        .collect())
}

fn jvp_tracer(trace: &Rc<MainTrace>, primal: Value, tangent: Option<Value>) -> Value {
    let aval = primal.aval();
    new_tracer(
        trace,
        aval,
        Payload::Jvp {
            primal: Rc::new(primal),
            tangent: tangent.map(Rc::new),
        },
    )
}

/// Splits outputs of a JVP trace into primals and (possibly zero) tangents.
fn unpack(trace: &Rc<MainTrace>, outs: Vec<Value>) -> (Vec<Value>, Vec<Option<Value>>) {
    outs.into_iter()
        .map(|o| match o.payload_in(trace) {
            Some(Payload::Jvp { primal, tangent }) => {
                ((**primal).clone(), tangent.as_ref().map(|t| (**t).clone()))
            }
            _ => (o, None),
        })
        .unzip()
}

fn check_tangents(primals: &[Value], tangents: &[Value]) -> Result<()> {
    if primals.len() != tangents.len() {
        return Err(Error::usage(format!(
            "jax.jvp: {} primal(s) but {} tangent(s)",
            primals.len(),
            tangents.len()
        )));
    }
    for (index, (p, t)) in primals.iter().zip(tangents).enumerate() {
        let (pa, ta) = (p.aval(), t.aval());
        if pa.shape != ta.shape || pa.dtype != ta.dtype {
            return Err(Error::JvpTangentMismatch {
                index,
                primal: pa.short(),
                tangent: ta.short(),
            });
        }
    }
    Ok(())
}

/// `jax.jvp`: primal outputs and tangent outputs of `f` at `primals` along `tangents`.
pub fn jvp(
    name: &str,
    primals: &[Value],
    tangents: &[Value],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<(Vec<Value>, Vec<Value>)> {
    check_tangents(primals, tangents)?;
    jvp_unchecked(name, primals, tangents.to_vec(), Box::new(f))
}

/// Runs `f` under a fresh JVP trace; zero output tangents are made explicit. `f` is boxed so
/// this body exists once in the wasm, not once per caller's closure.
fn jvp_unchecked(
    name: &str,
    primals: &[Value],
    tangents: Vec<Value>,
    f: Box<dyn FnOnce(Vec<Value>) -> Result<Vec<Value>> + '_>,
) -> Result<(Vec<Value>, Vec<Value>)> {
    let guard = push_trace(name, TraceKind::Jvp);
    let trace = guard.0.clone();
    let tracers = primals
        .iter()
        .zip(tangents)
        .map(|(p, t)| jvp_tracer(&trace, p.clone(), Some(t)))
        .collect();
    let outs = f(tracers)?;
    let (pouts, touts) = unpack(&trace, outs);
    drop(guard);
    let touts = pouts
        .iter()
        .zip(touts)
        .map(|(p, t)| lax::instantiate(t, &p.aval()))
        .collect::<Result<Vec<_>>>()?;
    Ok((pouts, touts))
}

/// `jax.linearize`: primal outputs and the linear map from input tangents to output tangents,
/// as a jaxpr closing over the residuals. The tangent inputs are placeholders of a non-dynamic
/// staging trace, so only tangent work is recorded. Only the first `differentiated` outputs
/// (all when `None`) are outputs of the linear map; the rest are auxiliary values, evaluated
/// but not differentiated (JAX's `has_aux`).
pub fn linearize(
    name: &str,
    primals: &[Value],
    differentiated: Option<usize>,
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<(Vec<Value>, ClosedJaxpr)> {
    let in_avals: Vec<ShapedArray> = primals.iter().map(Value::aval).collect();
    let mut primal_outs = Vec::new();
    let linear = trace_to_jaxpr(name, &in_avals, false, |tangent_tracers| {
        let (pouts, mut touts) = jvp_unchecked(name, primals, tangent_tracers, Box::new(f))?;
        primal_outs = pouts;
        if let Some(n) = differentiated {
            touts.truncate(n);
        }
        Ok(touts)
    })?;
    Ok((primal_outs, linear))
}

/// Transposes a linear jaxpr: cotangents of its outputs to cotangents of its inputs.
pub fn backward_pass(linear: &ClosedJaxpr, cts: &[Option<Value>]) -> Result<Vec<Option<Value>>> {
    let jaxpr = &linear.jaxpr;
    let mut known: HashMap<u64, Value> = jaxpr
        .constvars
        .iter()
        .zip(&linear.consts)
        .map(|(v, c)| (v.id, c.clone()))
        .collect();
    let mut is_linear: HashSet<u64> = jaxpr.invars.iter().map(|v| v.id).collect();
    let lin_in = |a: &Atom, set: &HashSet<u64>| matches!(a, Atom::Var(v) if set.contains(&v.id));
    // Forward: equations that touch no linear input compute known values.
    for eqn in &jaxpr.eqns {
        if eqn.inputs.iter().any(|a| lin_in(a, &is_linear)) {
            is_linear.extend(eqn.outputs.iter().map(|v| v.id));
        } else {
            let args = eqn
                .inputs
                .iter()
                .map(|a| read(&known, a))
                .collect::<Result<Vec<_>>>()?;
            let outs = bind(eqn.primitive.clone(), &args)?;
            known.extend(eqn.outputs.iter().map(|v| v.id).zip(outs));
        }
    }
    let mut ct_env: HashMap<u64, Value> = HashMap::default();
    let accumulate = |env: &mut HashMap<u64, Value>, var: &Var, ct: Value| -> Result<()> {
        let sum = lax::add_tangents(env.remove(&var.id), Some(ct))?;
        if let Some(sum) = sum {
            env.insert(var.id, sum);
        }
        Ok(())
    };
    for (out, ct) in jaxpr.outvars.iter().zip(cts) {
        if let (Atom::Var(v), Some(ct)) = (out, ct) {
            if is_linear.contains(&v.id) {
                accumulate(&mut ct_env, v, ct.clone())?;
            }
        }
    }
    for eqn in jaxpr.eqns.iter().rev() {
        if !eqn.outputs.iter().any(|v| is_linear.contains(&v.id)) {
            continue;
        }
        let cts_out: Vec<Option<Value>> =
            eqn.outputs.iter().map(|v| ct_env.remove(&v.id)).collect();
        // As JAX, an equation with effects is transposed even when its cotangents are zero
        // (its linear jaxpr is not pruned of them), so reverse mode through a `while_loop`
        // with a callback fails even when the loop's result is unused.
        if cts_out.iter().all(Option::is_none) && eqn.primitive.effects().is_empty() {
            continue;
        }
        let args = eqn
            .inputs
            .iter()
            .map(|a| match a {
                Atom::Var(v) if is_linear.contains(&v.id) => Ok(LinearArg::Linear(v.aval.clone())),
                other => read(&known, other).map(LinearArg::Known),
            })
            .collect::<Result<Vec<_>>>()?;
        let cts_in = eqn.primitive.transpose(&cts_out, &args)?;
        for (input, ct) in eqn.inputs.iter().zip(cts_in) {
            if let (Atom::Var(v), Some(ct)) = (input, ct) {
                if is_linear.contains(&v.id) {
                    accumulate(&mut ct_env, v, ct)?;
                }
            }
        }
    }
    Ok(jaxpr.invars.iter().map(|v| ct_env.remove(&v.id)).collect())
}

fn read(env: &HashMap<u64, Value>, atom: &Atom) -> Result<Value> {
    match atom {
        Atom::Literal(a) => Ok(Value::Array(a.clone())),
        Atom::Var(v) => env
            .get(&v.id)
            .cloned()
            .ok_or_else(|| Error::internal(format!("no value for variable {}", v.id))),
    }
}

/// Applies the transpose of a linear jaxpr, making zero cotangents explicit.
pub fn transpose_linear(linear: &ClosedJaxpr, cts: &[Value]) -> Result<Vec<Value>> {
    let out_avals = linear.jaxpr.out_avals();
    if cts.len() != out_avals.len() {
        return Err(Error::usage(format!(
            "expected {} cotangent(s), got {}",
            out_avals.len(),
            cts.len()
        )));
    }
    for (i, (ct, aval)) in cts.iter().zip(&out_avals).enumerate() {
        let got = ct.aval();
        if got.shape != aval.shape {
            return Err(Error::usage(format!(
                "cotangent #{i} has shape {} but the output has shape {}",
                got.short(),
                aval.short()
            )));
        }
    }
    let cts: Vec<Option<Value>> = cts.iter().cloned().map(Some).collect();
    let grads = backward_pass(linear, &cts)?;
    linear
        .jaxpr
        .in_avals()
        .iter()
        .zip(grads)
        .map(|(aval, g)| lax::instantiate(g, aval))
        .collect()
}

/// Applies a linear jaxpr forward (the map `linearize` returns).
pub fn apply_linear(linear: &ClosedJaxpr, tangents: &[Value]) -> Result<Vec<Value>> {
    let expected = linear.jaxpr.invars.len();
    if tangents.len() != expected {
        return Err(Error::usage(format!(
            "the linearized function takes {expected} tangent(s), got {}",
            tangents.len()
        )));
    }
    eval_jaxpr(linear, tangents)
}

/// `jax.linear_transpose`: traces `f` (assumed linear) at the types of `primals` into a jaxpr
/// whose transpose is then applied to cotangents.
pub fn linear_jaxpr(
    name: &str,
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<ClosedJaxpr> {
    trace_to_jaxpr(name, in_avals, false, f)
}

/// Checks `grad`'s output: a float scalar.
pub fn check_grad_output(out: &Value) -> Result<()> {
    let aval = out.aval();
    if !aval.shape.is_empty() {
        return Err(Error::GradNonScalar {
            shape: crate::array::shape_tuple(&aval.shape),
        });
    }
    if !aval.dtype.is_float() {
        return Err(Error::GradNonFloatOutput {
            dtype: aval.dtype.name().into(),
        });
    }
    Ok(())
}

/// `jax.checkpoint`: runs `f` inline, but reverse-mode differentiation of effects inside it is
/// refused as JAX's partial evaluation of `remat` refuses it.
pub fn checkpoint(
    name: &str,
    args: &[Value],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> Result<Vec<Value>> {
    let closed = trace_to_jaxpr(
        name,
        &args.iter().map(Value::aval).collect::<Vec<_>>(),
        true,
        f,
    )?;
    let differentiated = args
        .iter()
        .any(|a| matches!(a, Value::Tracer(t) if matches!(t.payload, Payload::Jvp { .. })));
    let effects = closed.jaxpr.effects();
    if differentiated && !effects.is_empty() {
        // Strings, not `&str`s: joining those would be a second copy of `join` in the wasm.
        let names: Vec<String> = effects.iter().map(|e| e.jax_name().into()).collect();
        return Err(Error::CheckpointEffects {
            effects: names.join(", "),
        });
    }
    eval_jaxpr(&closed, args)
}
