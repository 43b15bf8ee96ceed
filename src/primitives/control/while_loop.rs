//! `while`: loops a body while a predicate holds. Forward-mode differentiable and linearizable;
//! transposing it is refused as in JAX (the trip count is unknown, so there is nothing to store
//! residuals in).

use super::super::{BatchOut, JvpOut, LinearArg, Param, Primitive};
use super::{
    arrays_to_values, closed, closure_convert, instantiate_all, linearizing, run, select_n,
};
use crate::array::{Array, Buffer, ShapedArray};
use crate::batching::{materialize, move_to_front};
use crate::collect::{count, select, union};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{Atom, Effect, Effects};
use crate::lax;
use crate::primitives::bodies::{
    batch_jaxpr_some, batch_jaxpr_to_jaxpr, dce_jaxpr, dce_loop_body, jvp, unbatched_effects_error,
};
use crate::primitives::elementwise::CompareOp;
use crate::primitives::Pruned;
use crate::trace::{bind, eval_jaxpr, trace_to_jaxpr, ClosedJaxpr, Value};
use std::rc::Rc;

#[derive(Debug)]
pub struct While {
    pub cond: Rc<ClosedJaxpr>,
    pub body: Rc<ClosedJaxpr>,
    pub cond_nconsts: usize,
    pub body_nconsts: usize,
}

impl While {
    pub fn bind(cond: ClosedJaxpr, body: ClosedJaxpr, init: &[Value]) -> Result<Vec<Value>> {
        let (cond, cond_consts) = closure_convert(cond);
        let (body, body_consts) = closure_convert(body);
        let w = While {
            cond,
            body,
            cond_nconsts: cond_consts.len(),
            body_nconsts: body_consts.len(),
        };
        let mut inputs = cond_consts;
        inputs.extend(body_consts);
        inputs.extend_from_slice(init);
        bind(Rc::new(w), &inputs)
    }

    /// `lax.while_loop`. As in JAX, a carry the body returns unchanged and the predicate does not
    /// read becomes the body's first constant, and its output is its initial value: `grad` then
    /// flows around the loop, and `vmap` need not batch it.
    pub fn bind_forwarding_invariants(
        cond: ClosedJaxpr,
        mut body: ClosedJaxpr,
        init: &[Value],
    ) -> Result<Vec<Value>> {
        let (mut cond, cond_consts) = closure_convert(cond);
        let nc = cond_consts.len();
        let pruned_cond = dce_jaxpr(&cond.jaxpr, &[true]);
        let jaxpr = &mut body.jaxpr;
        let moved: Vec<bool> = (jaxpr.outvars.iter().zip(&jaxpr.invars))
            .zip(&pruned_cond.used_inputs[nc..])
            .map(|((out, carry), &read)| !read && matches!(out, Atom::Var(v) if v.id == carry.id))
            .collect();
        let mut kept_init = Vec::new();
        if moved.contains(&true) {
            let mut cond_jaxpr = pruned_cond.jaxpr;
            cond_jaxpr.invars.truncate(nc);
            let (mut invars, mut outvars, mut consts) = (Vec::new(), Vec::new(), Vec::new());
            for (k, &m) in moved.iter().enumerate() {
                if m {
                    jaxpr
                        .constvars
                        .insert(consts.len(), jaxpr.invars[k].clone());
                    consts.push(init[k].clone());
                } else {
                    invars.push(jaxpr.invars[k].clone());
                    outvars.push(jaxpr.outvars[k].clone());
                    kept_init.push(init[k].clone());
                    cond_jaxpr.invars.push(cond.jaxpr.invars[nc + k].clone());
                }
            }
            (jaxpr.invars, jaxpr.outvars) = (invars, outvars);
            consts.append(&mut body.consts);
            body.consts = consts;
            cond = closed(cond_jaxpr);
        } else {
            kept_init = init.to_vec();
        }
        let (body, body_consts) = closure_convert(body);
        let w = While {
            cond,
            body,
            cond_nconsts: nc,
            body_nconsts: body_consts.len(),
        };
        let mut outs =
            bind(Rc::new(w), &[cond_consts, body_consts, kept_init].concat())?.into_iter();
        init.iter()
            .zip(&moved)
            .map(|(x, &m)| if m { Some(x.clone()) } else { outs.next() })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| Error::internal("while_loop: output count"))
    }
}

impl While {
    /// Whether the predicate depends on a batched value: a batched cond const or a carry that
    /// is batched initially or becomes batched through the body.
    fn predicate_batched(&self, dims: &[Option<usize>]) -> bool {
        let (nc, nb) = (self.cond_nconsts, self.body_nconsts);
        let batched: Vec<bool> = dims.iter().map(Option::is_some).collect();
        let mut carry = batched[nc + nb..].to_vec();
        loop {
            let next = self
                .body
                .jaxpr
                .dependent_outputs(&[&batched[nc..nc + nb], &carry[..]].concat());
            let next = union(&carry, &next);
            if next == carry {
                break;
            }
            carry = next;
        }
        self.cond
            .jaxpr
            .dependent_outputs(&[&batched[..nc], &carry[..]].concat())[0]
    }
}

impl Primitive for While {
    fn name(&self) -> &'static str {
        "while"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("body_jaxpr", Param::Jaxpr(Rc::new(self.body.jaxpr.clone()))),
            ("body_nconsts", self.body_nconsts.to_string().into()),
            ("cond_jaxpr", Param::Jaxpr(Rc::new(self.cond.jaxpr.clone()))),
            ("cond_nconsts", self.cond_nconsts.to_string().into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let pred = self.cond.jaxpr.out_avals();
        if pred.len() != 1 || !pred[0].shape.is_empty() || pred[0].dtype != DType::Bool {
            return Err(Error::usage(
                "while_loop: cond_fun must return a boolean scalar",
            ));
        }
        Ok(inputs[self.cond_nconsts + self.body_nconsts..].to_vec())
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let (cond_consts, rest) = inputs.split_at(self.cond_nconsts);
        let (body_consts, init) = rest.split_at(self.body_nconsts);
        let mut carry = init.to_vec();
        loop {
            let mut args = arrays_to_values(cond_consts);
            args.extend(arrays_to_values(&carry));
            let keep_going = match run(&self.cond, args)?.first().map(Array::buffer) {
                Some(Buffer::Bool(b)) => b.iter().next().copied().unwrap_or(false),
                _ => false,
            };
            if !keep_going {
                return Ok(carry);
            }
            let mut args = arrays_to_values(body_consts);
            args.extend(arrays_to_values(&carry));
            carry = run(&self.body, args)?;
        }
    }

    fn effects(&self) -> Effects {
        let mut e = self.body.jaxpr.effects();
        e.extend(self.cond.jaxpr.effects());
        e
    }

    /// Prunes the bodies: a carry stays only if the result, the predicate or another kept carry
    /// needs it (JAX leaves this to XLA, which removes the same code before it runs).
    fn dce(&self, used_outputs: &[bool]) -> Option<Pruned> {
        let (nc, nb) = (self.cond_nconsts, self.body_nconsts);
        let mut cond = dce_jaxpr(&self.cond.jaxpr, &[true]);
        let wanted = union(used_outputs, &cond.used_inputs[nc..]);
        let (body, used_carry) = dce_loop_body(&self.body.jaxpr, nb, wanted, &[]);
        cond.used_inputs[nc..].copy_from_slice(&used_carry);
        cond.jaxpr.invars = select(&cond.jaxpr.invars, &cond.used_inputs);
        let used_inputs = [
            &cond.used_inputs[..nc],
            &body.used_inputs[..nb],
            &used_carry,
        ]
        .concat();
        let w = While {
            cond_nconsts: count(&cond.used_inputs[..nc]),
            body_nconsts: count(&body.used_inputs[..nb]),
            cond: closed(cond.jaxpr),
            body: closed(body.jaxpr),
        };
        let mut removed = cond.removed;
        removed.append(&mut { body.removed });
        Some(Pruned {
            primitive: Rc::new(w),
            used_inputs,
            kept_outputs: used_carry,
            removed,
        })
    }

    /// A while loop over (carry, carry tangent): the predicate looks at the primal carry only.
    /// Under reverse mode, as in JAX, the primal loop runs now and the whole JVP loop is staged
    /// for the tangents (so `linearize` works); transposing it is the error.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (nc, nb) = (self.cond_nconsts, self.body_nconsts);
        let t = instantiate_all(primals, tangents)?;
        let n = primals.len() - nc - nb;
        let carry_avals: Vec<ShapedArray> = primals[nc + nb..].iter().map(Value::aval).collect();
        let both = [carry_avals.clone(), carry_avals].concat();
        let cond = trace_to_jaxpr("while_cond", &both, true, |v| {
            let mut args = primals[..nc].to_vec();
            args.extend_from_slice(&v[..n]);
            eval_jaxpr(&self.cond, &args)
        })?;
        let body = trace_to_jaxpr("while_body", &both, true, |v| {
            let (c, ct) = v.split_at(n);
            let p = [&primals[nc..nc + nb], c].concat();
            let tt = [&t[nc..nc + nb], ct].concat();
            let (outs, touts) = jvp("while", &p, &tt, |a| eval_jaxpr(&self.body, &a))?;
            Ok([outs, touts].concat())
        })?;
        let init = [&primals[nc + nb..], &t[nc + nb..]].concat();
        let known = if linearizing(tangents) {
            let primal_loop = While {
                cond: self.cond.clone(),
                body: self.body.clone(),
                cond_nconsts: nc,
                body_nconsts: nb,
            };
            Some(bind(Rc::new(primal_loop), primals)?)
        } else {
            None
        };
        let outs = While::bind(cond, body, &init)?;
        let touts = outs[n..].iter().cloned().map(Some).collect();
        Ok((known.unwrap_or_else(|| outs[..n].to_vec()), touts))
    }

    fn transpose(&self, _cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        Err(Error::usage(
            "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values. Try using lax.scan, or using fori_loop with static start/stop.",
        ))
    }

    /// Effects are checked before batching, as JAX does, so nothing runs: ordered io cannot be
    /// batched, and unordered io cannot run under a batched predicate (elements that are done
    /// would still make host calls).
    fn vmap_effects_error(&self, dims: &[Option<usize>]) -> Option<Error> {
        let effects = self.effects();
        if effects.contains(Effect::OrderedIo) {
            return Some(Error::OrderedIoInVmapOfWhile);
        }
        if effects.contains(Effect::Io) && self.predicate_batched(dims) {
            return Some(Error::IoInWhileWithBatchedPredicate);
        }
        unbatched_effects_error(&[&self.cond.jaxpr, &self.body.jaxpr])
    }

    /// Batches a while loop as JAX does (see the two cases below); with a batched predicate the
    /// elements that are done keep their carry (`select_n`).
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let (nc, nb) = (self.cond_nconsts, self.body_nconsts);
        let n = args.len() - nc - nb;
        let consts = args[..nc + nb]
            .iter()
            .zip(dims)
            .map(|(a, d)| move_to_front(a, *d))
            .collect::<Result<Vec<_>>>()?;
        // As JAX, a carry is batched only if it starts batched or the body makes it so (a fixed
        // point); while the predicate stays unbatched the loop runs once over those carries,
        // so a callback on an unbatched carry (a step counter) runs once per iteration.
        let batched: Vec<bool> = dims.iter().map(Option::is_some).collect();
        let mut carry_b = batched[nc + nb..].to_vec();
        let body_b = loop {
            let flags = [&batched[nc..nc + nb], &carry_b[..]].concat();
            let (body_b, out) = batch_jaxpr_some(&self.body, &flags, &carry_b, axis_size)?;
            if out == carry_b {
                break body_b;
            }
            carry_b = out;
        };
        let cond_flags = [&batched[..nc], &carry_b[..]].concat();
        let (mut cond_b, pred) = batch_jaxpr_some(&self.cond, &cond_flags, &[false], axis_size)?;
        // A batched predicate: every carry is batched, the loop runs while any element's
        // predicate holds, and elements that are done keep their carry.
        let pred_batched = pred[0];
        let mut body_b = body_b;
        if pred_batched {
            carry_b = vec![true; n];
            let flags = |range: std::ops::Range<usize>| [&batched[range], &carry_b[..]].concat();
            cond_b = batch_jaxpr_to_jaxpr(&self.cond, &flags(0..nc), axis_size)?;
            body_b = batch_jaxpr_to_jaxpr(&self.body, &flags(nc..nc + nb), axis_size)?;
        }
        let init = args[nc + nb..]
            .iter()
            .zip(&dims[nc + nb..])
            .zip(&carry_b)
            .map(|((a, d), &b)| {
                if b {
                    materialize(a, *d, axis_size)
                } else {
                    Ok(a.clone())
                }
            })
            .collect::<Result<Vec<_>>>()?;
        let avals: Vec<ShapedArray> = init.iter().map(Value::aval).collect();
        // Per element, as int32 (with a batched predicate), or the one predicate.
        let pred = |c: &[Value]| -> Result<Value> {
            let p = eval_jaxpr(&cond_b, &[&consts[..nc], c].concat())?.remove(0);
            if pred_batched {
                lax::convert(&p, DType::Int32, false)
            } else {
                Ok(p)
            }
        };
        let cond = trace_to_jaxpr("while_cond", &avals, true, |c| {
            let p = pred(&c)?;
            if !pred_batched {
                return Ok(vec![p]);
            }
            let running = lax::reduce_sum(&p, vec![0])?;
            let zero = Value::Array(Array::from_i32(&[], vec![0])?);
            Ok(vec![lax::compare(CompareOp::Gt, &running, &zero)?])
        })?;
        let body = trace_to_jaxpr("while_body", &avals, true, |c| {
            let next = eval_jaxpr(&body_b, &[&consts[nc..], &c[..]].concat())?;
            if !pred_batched {
                return Ok(next);
            }
            let which = pred(&c)?;
            c.iter()
                .zip(&next)
                .map(|(old, new)| select_n(&which, &[old.clone(), new.clone()]))
                .collect()
        })?;
        let outs = While::bind(cond, body, &init)?;
        Ok((outs, carry_b.iter().map(|&b| b.then_some(0)).collect()))
    }
}
