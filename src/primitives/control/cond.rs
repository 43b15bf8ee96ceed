//! `cond` (and `switch`): runs only the taken branch; under `vmap` with a batched predicate
//! every branch runs and `select_n` picks per element, as in JAX.

use super::super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use super::{
    arrays_to_values, closed, closure_convert, instantiate_all, jvp_body, linearizing, run,
};
use crate::array::{Array, ShapedArray};
use crate::batching::{materialize, move_to_front};
use crate::collect::{map, select, try_map};
use crate::error::{Error, Result};
use crate::ir::{Effect, Effects};
use crate::lax;
use crate::primitives::bodies::{
    backward_pass, batch_jaxpr, batch_jaxpr_some, bind_known, dce_jaxpr, partial_eval,
};
use crate::primitives::Pruned;
use crate::trace::{bind, eval_jaxpr, trace_to_jaxpr, ClosedJaxpr, Value};
use std::rc::Rc;

#[derive(Debug)]
pub struct Cond {
    pub branches: Vec<Rc<ClosedJaxpr>>,
}

impl Cond {
    /// Binds `branches[index](*operands)`; captured values of every branch are hoisted.
    pub fn bind(
        branches: Vec<ClosedJaxpr>,
        index: &Value,
        operands: &[Value],
    ) -> Result<Vec<Value>> {
        if branches.is_empty() {
            return Err(Error::usage("lax.switch needs at least one branch"));
        }
        let converted = map(branches, closure_convert);
        // Each branch takes every branch's hoisted values so all share one signature.
        let mut all_consts = Vec::new();
        for (_, consts) in &converted {
            all_consts.extend_from_slice(consts);
        }
        let mut offset = 0;
        let mut uniform = Vec::new();
        for (body, consts) in &converted {
            let mut jaxpr = body.jaxpr.clone();
            let own: Vec<_> = jaxpr.invars.drain(..consts.len()).collect();
            let mut invars = map(&all_consts, |c| crate::ir::Var::fresh(c.aval()));
            invars.splice(offset..offset + own.len(), own);
            invars.extend(jaxpr.invars);
            jaxpr.invars = invars;
            offset += consts.len();
            uniform.push(Rc::new(ClosedJaxpr {
                jaxpr,
                consts: Vec::new(),
            }));
        }
        let mut inputs = vec![index.clone()];
        inputs.extend(all_consts);
        inputs.extend_from_slice(operands);
        bind(Rc::new(Cond { branches: uniform }), &inputs)
    }
}

impl Primitive for Cond {
    fn name(&self) -> &'static str {
        "cond"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let jaxprs = map(&self.branches, |b| Rc::new(b.jaxpr.clone()));
        vec![("branches", Param::Jaxprs(jaxprs))]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let first = self.branches[0].jaxpr.out_avals();
        for b in &self.branches[1..] {
            let avals = b.jaxpr.out_avals();
            let same = avals.len() == first.len()
                && avals
                    .iter()
                    .zip(&first)
                    .all(|(a, f)| a.shape == f.shape && a.dtype == f.dtype);
            if !same {
                let show = |v: &[ShapedArray]| map(v, ShapedArray::short).join(", ");
                return Err(Error::usage(format!(
                    "true_fun and false_fun output must have identical types, got ({}) and ({})",
                    show(&first),
                    show(&avals)
                )));
            }
        }
        check_arity("cond", inputs, 1 + self.branches[0].jaxpr.invars.len())?;
        Ok(first)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let index = inputs[0].to_f64_vec().first().copied().unwrap_or(0.0);
        let i = (index.max(0.0) as usize).min(self.branches.len() - 1);
        run(&self.branches[i], arrays_to_values(&inputs[1..]))
    }

    fn effects(&self) -> Effects {
        self.branches
            .iter()
            .flat_map(|b| b.jaxpr.effects())
            .collect()
    }

    /// JAX's cond DCE: every branch keeps only the used outputs, and the operands no branch
    /// reads any more go.
    fn dce(&self, used_outputs: &[bool]) -> Option<Pruned> {
        let mut pruned = Vec::with_capacity(self.branches.len());
        // Operand 0 is the branch index, always used; branch inputs are the operands after it.
        let mut used_inputs = vec![false; 1 + self.branches[0].jaxpr.invars.len()];
        used_inputs[0] = true;
        for b in &self.branches {
            let p = dce_jaxpr(&b.jaxpr, used_outputs);
            for (u, &v) in used_inputs[1..].iter_mut().zip(&p.used_inputs) {
                *u |= v;
            }
            pruned.push(p);
        }
        let mut removed = Vec::new();
        let mut branches = Vec::with_capacity(pruned.len());
        for mut b in pruned {
            b.jaxpr.invars = select(&b.jaxpr.invars, &used_inputs[1..]);
            removed.append(&mut b.removed);
            branches.push(closed(b.jaxpr));
        }
        Some(Pruned {
            primitive: Rc::new(Cond { branches }),
            used_inputs,
            kept_outputs: used_outputs.to_vec(),
            removed,
        })
    }

    /// The JVP of a cond is a cond over the branches' JVPs. Under reverse mode each JVP branch
    /// is split into a known cond (primal outputs and residuals, run now) and a linear cond
    /// (tangents from residuals, staged for transposition).
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (index, ops) = (&primals[0], &primals[1..]);
        let t = instantiate_all(ops, &tangents[1..])?;
        let jvps = try_map(&self.branches, |b| jvp_body(b, &[ops.len()]))?;
        if !linearizing(tangents) {
            let mut inputs = ops.to_vec();
            inputs.extend(t);
            let outs = Cond::bind(jvps, index, &inputs)?;
            let n = outs.len() / 2;
            let touts = map(&outs[n..], |t| Some(t.clone()));
            return Ok((outs[..n].to_vec(), touts));
        }
        let n_out = self.branches[0].jaxpr.outvars.len();
        let unknown_ins = [vec![false; ops.len()], vec![true; ops.len()]].concat();
        let unknown_outs = [vec![false; n_out], vec![true; n_out]].concat();
        let splits = try_map(&jvps, |j| partial_eval(j, &unknown_ins, &unknown_outs))?;
        // Every branch returns every branch's residuals (zeros for the others') so the known
        // conds share one type.
        let res_avals = map(&splits, |s| s.known.jaxpr.out_avals()[n_out..].to_vec());
        let op_avals = map(ops, Value::aval);
        let known_branches = try_map(splits.iter().enumerate(), |(k, split)| {
            trace_to_jaxpr("cond", &op_avals, true, |vals| {
                let outs = eval_jaxpr(&split.known, &vals)?;
                let mut all = outs[..n_out].to_vec();
                for (j, avals) in res_avals.iter().enumerate() {
                    if j == k {
                        all.extend_from_slice(&outs[n_out..]);
                    } else {
                        for a in avals {
                            all.push(lax::zeros(a)?);
                        }
                    }
                }
                Ok(all)
            })
        })?;
        let known_outs = Cond::bind(known_branches, index, ops)?;
        let (outs, residuals) = known_outs.split_at(n_out);
        let mut linear_avals: Vec<ShapedArray> = res_avals.concat();
        linear_avals.extend(op_avals.iter().cloned());
        let mut offset = 0;
        let linear_branches = try_map(&splits, |split| {
            let own = offset..offset + split.num_residuals;
            offset += split.num_residuals;
            trace_to_jaxpr("cond", &linear_avals, true, |vals| {
                let n_res = vals.len() - ops.len();
                let mut args = vals[own.clone()].to_vec();
                args.extend_from_slice(&vals[n_res..]);
                eval_jaxpr(
                    &ClosedJaxpr {
                        jaxpr: split.unknown.clone(),
                        consts: Vec::new(),
                    },
                    &args,
                )
            })
        })?;
        let mut linear_inputs = residuals.to_vec();
        linear_inputs.extend(t);
        let touts = Cond::bind(linear_branches, index, &linear_inputs)?;
        Ok((outs.to_vec(), map(touts, Some)))
    }

    /// Transposes a linear cond (residuals and the index known): a cond of transposed branches.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let LinearArg::Known(index) = &args[0] else {
            return Err(Error::internal("cond: the branch index cannot be linear"));
        };
        let known = map(&args[1..], |a| match a {
            LinearArg::Known(v) => Some(v.clone()),
            LinearArg::Linear(_) => None,
        });
        let out_avals = self.branches[0].jaxpr.out_avals();
        let cts = try_map(cts.iter().zip(&out_avals), |(ct, a)| {
            lax::instantiate(ct.clone(), a)
        })?;
        let mut known_vals = Vec::new();
        let mut linear_avals = Vec::new();
        for (k, a) in known.iter().zip(&args[1..]) {
            match k {
                Some(v) => known_vals.push(v.clone()),
                None => linear_avals.push(a.aval()),
            }
        }
        let mut in_avals = map(&known_vals, Value::aval);
        in_avals.extend(out_avals.iter().cloned());
        let transposed = try_map(&self.branches, |b| {
            trace_to_jaxpr("cond_transpose", &in_avals, true, |vals| {
                let (kv, ct) = vals.split_at(known_vals.len());
                let mut kv = kv.iter();
                let bound = map(&known, |k| k.as_ref().and_then(|_| kv.next().cloned()));
                let closed = bind_known(&b.jaxpr, &bound);
                let ct_opts = map(ct, |c| Some(c.clone()));
                let grads = backward_pass(&closed, &ct_opts)?;
                try_map(grads.into_iter().zip(&linear_avals), |(g, a)| {
                    lax::instantiate(g, a)
                })
            })
        })?;
        let mut inputs = known_vals.clone();
        inputs.extend(cts);
        let mut grads = Cond::bind(transposed, index, &inputs)?.into_iter();
        let mut result = vec![None];
        result.extend(args[1..].iter().map(|a| match a {
            LinearArg::Linear(_) => grads.next(),
            LinearArg::Known(_) => None,
        }));
        Ok(result)
    }

    /// As JAX, io callbacks in a vmapped cond are refused whether or not the predicate or any
    /// operand is batched, before anything runs.
    /// (Nested control flow needs no look: any refusal inside is an io effect of the cond.)
    fn vmap_effects_error(&self, _dims: &[Option<usize>]) -> Option<Error> {
        self.effects()
            .iter()
            .any(|e| matches!(e, Effect::Io | Effect::OrderedIo))
            .then_some(Error::IoInVmapOfCond)
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let flags = map(&dims[1..], Option::is_some);
        if dims[0].is_none() {
            // As JAX, an output is batched only if some branch makes it so.
            let mut out_batched = vec![false; self.branches[0].jaxpr.outvars.len()];
            for b in &self.branches {
                let (_, out) = batch_jaxpr_some(b, &flags, &out_batched, axis_size)?;
                out_batched = out;
            }
            let branches = try_map(&self.branches, |b| {
                Ok(Rc::new(
                    batch_jaxpr_some(b, &flags, &out_batched, axis_size)?.0,
                ))
            })?;
            let mut inputs = vec![args[0].clone()];
            for (a, d) in args[1..].iter().zip(&dims[1..]) {
                inputs.push(move_to_front(a, *d)?);
            }
            let outs = bind(Rc::new(Cond { branches }), &inputs)?;
            return Ok((outs, map(&out_batched, |&b| b.then_some(0))));
        }
        // A batched predicate: every branch runs on every element, then select_n picks. As in
        // JAX every operand is batched first, so a branch's callbacks see each element's copy.
        let operands = try_map(args[1..].iter().zip(&dims[1..]), |(a, d)| {
            materialize(a, *d, axis_size)
        })?;
        let op_dims = vec![Some(0); operands.len()];
        let mut per_branch = Vec::new();
        for b in &self.branches {
            let (outs, out_dims) = batch_jaxpr(b, &operands, &op_dims, axis_size)?;
            per_branch.push(try_map(outs.iter().zip(out_dims), |(o, d)| {
                materialize(o, d, axis_size)
            })?);
        }
        let which = move_to_front(&args[0], dims[0])?;
        let n = per_branch[0].len();
        let outs = try_map(0..n, |k| {
            let cases = map(&per_branch, |outs| outs[k].clone());
            select_n(&which, &cases)
        })?;
        Ok((outs, vec![Some(0); n]))
    }
}

/// JAX's `_bcast_select_n`: `math`'s `select_n` with `which` (batched along leading axes)
/// broadcast to the cases' shape.
pub fn select_n(which: &Value, cases: &[Value]) -> Result<Value> {
    let shape = cases[0].aval().shape;
    let which = lax::broadcast_in_dim(which, &shape, (0..which.aval().shape.len()).collect())?;
    crate::primitives::math::ops::select_n(&which, cases)
}
