//! `scan`: a loop over the leading axis of `xs` threading a carry; what `fori_loop` with known
//! bounds and a sequential `vmap` of a callback become.

use super::super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use super::{
    arrays_to_values, bool_text, closed, closure_convert, instantiate_all, jvp_body, linearizing,
    run,
};
use crate::array::{Array, ShapedArray};
use crate::batching::{materialize, move_to_front};
use crate::collect::count;
use crate::error::{Error, Result};
use crate::ir::Effects;
use crate::lax;
use crate::primitives::bodies::{
    backward_pass, batch_jaxpr_some, bind_known, dce_loop_body, partial_eval,
    unbatched_effects_error,
};
use crate::primitives::Pruned;
use crate::trace::{bind, trace_to_jaxpr, ClosedJaxpr, Value};
use std::rc::Rc;

#[derive(Debug)]
pub struct Scan {
    pub body: Rc<ClosedJaxpr>,
    pub length: usize,
    pub num_consts: usize,
    pub num_carry: usize,
    pub reverse: bool,
}

impl Scan {
    /// Binds a scan of `body` (whose own captured values are hoisted into the consts) over
    /// `inputs = consts ++ carry ++ xs`.
    pub fn bind(
        body: ClosedJaxpr,
        length: usize,
        num_consts: usize,
        num_carry: usize,
        reverse: bool,
        inputs: &[Value],
    ) -> Result<Vec<Value>> {
        let (body, hoisted) = closure_convert(body);
        let mut all = hoisted.clone();
        all.extend_from_slice(inputs);
        let scan = Scan {
            body,
            length,
            num_consts: num_consts + hoisted.len(),
            num_carry,
            reverse,
        };
        bind(Rc::new(scan), &all)
    }
}

impl Scan {
    fn linearized(&self, jvp: ClosedJaxpr, primals: &[Value], t: Vec<Value>) -> Result<JvpOut> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let nx = primals.len() - nc - ncarry;
        let ny = self.body.jaxpr.outvars.len() - ncarry;
        // JVP body inputs: [c, c_t, carry, carry_t, x, x_t]; outputs: [carry, ys, carry_t, ys_t].
        let unknown_ins: Vec<bool> = [nc, ncarry, nx]
            .iter()
            .flat_map(|&n| std::iter::repeat_n(false, n).chain(std::iter::repeat_n(true, n)))
            .collect();
        let n_out = ncarry + ny;
        let unknown_outs: Vec<bool> = (0..2 * n_out).map(|i| i >= n_out).collect();
        let split = partial_eval(&jvp, &unknown_ins, &unknown_outs)?;
        let known = Scan::bind(split.known, self.length, nc, ncarry, self.reverse, primals)?;
        let (outs, residuals) = known.split_at(n_out);
        // The linear body takes [c_t, carry_t, res, x_t]; partial_eval put the residuals first.
        let mut linear = split.unknown;
        let res: Vec<_> = linear.invars.drain(..split.num_residuals).collect();
        let x_t: Vec<_> = linear.invars.drain(nc + ncarry..).collect();
        linear.invars.extend(res);
        linear.invars.extend(x_t);
        let mut inputs = t[..nc + ncarry].to_vec();
        inputs.extend_from_slice(residuals);
        inputs.extend_from_slice(&t[nc + ncarry..]);
        let body = ClosedJaxpr {
            jaxpr: linear,
            consts: Vec::new(),
        };
        let touts = Scan::bind(body, self.length, nc, ncarry, self.reverse, &inputs)?;
        Ok((outs.to_vec(), touts.into_iter().map(Some).collect()))
    }
}

impl Primitive for Scan {
    fn name(&self) -> &'static str {
        "scan"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("jaxpr", Param::Jaxpr(Rc::new(self.body.jaxpr.clone()))),
            ("length", self.length.to_string().into()),
            ("num_carry", self.num_carry.to_string().into()),
            ("num_consts", self.num_consts.to_string().into()),
            ("reverse", bool_text(self.reverse)),
            ("unroll", "1".into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity("scan", inputs, self.body.jaxpr.invars.len())?;
        let outs = self.body.jaxpr.out_avals();
        if outs.len() < self.num_carry || self.num_consts + self.num_carry > inputs.len() {
            return Err(Error::usage(format!(
                "scan body returns {} value(s) but the carry has {}",
                outs.len(),
                self.num_carry
            )));
        }
        let (carry, ys) = outs.split_at(self.num_carry.min(outs.len()));
        let mut result = carry.to_vec();
        for y in ys {
            let mut shape = vec![self.length];
            shape.extend(&y.shape);
            crate::array::checked_size("scan", &shape)?;
            result.push(ShapedArray { shape, ..y.clone() });
        }
        Ok(result)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&inputs.iter().map(Array::aval).collect::<Vec<_>>())?;
        let (consts, rest) = inputs.split_at(self.num_consts);
        let (carry0, xs) = rest.split_at(self.num_carry);
        let mut carry = carry0.to_vec();
        let out_avals = self.body.jaxpr.out_avals();
        let y_avals = &out_avals[self.num_carry..];
        let mut ys: Vec<Vec<Array>> =
            vec![Vec::with_capacity(self.length.min(4096)); y_avals.len()];
        for step in 0..self.length {
            let i = if self.reverse {
                self.length - 1 - step
            } else {
                step
            };
            let mut args = arrays_to_values(consts);
            args.extend(arrays_to_values(&carry));
            for x in xs {
                args.push(Value::Array(x.index0(i)?));
            }
            let outs = run(&self.body, args)?;
            carry = outs[..self.num_carry].to_vec();
            for (slot, y) in ys.iter_mut().zip(&outs[self.num_carry..]) {
                slot.push(y.clone());
            }
        }
        if self.reverse {
            ys.iter_mut().for_each(|slot| slot.reverse());
        }
        let mut result = carry;
        for (slot, aval) in ys.iter().zip(y_avals) {
            result.push(Array::stack(slot, aval)?);
        }
        Ok(result)
    }

    fn effects(&self) -> Effects {
        self.body.jaxpr.effects()
    }

    /// JAX's scan DCE: unused `ys` go, and an unused carry goes unless a kept one (or the
    /// body's effects) needs it.
    fn dce(&self, used_outputs: &[bool]) -> Option<Pruned> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let (carry_out, used_ys) = used_outputs.split_at(ncarry);
        let (body, used_carry) = dce_loop_body(&self.body.jaxpr, nc, carry_out.to_vec(), used_ys);
        let scan = Scan {
            body: closed(body.jaxpr),
            length: self.length,
            num_consts: count(&body.used_inputs[..nc]),
            num_carry: count(&used_carry),
            reverse: self.reverse,
        };
        Some(Pruned {
            primitive: Rc::new(scan),
            used_inputs: body.used_inputs,
            kept_outputs: [&used_carry[..], used_ys].concat(),
            removed: body.removed,
        })
    }

    /// The JVP of a scan is a scan of the body's JVP, tangents riding along with their primals.
    /// Under reverse mode the JVP body is split instead: a known scan computes the primal
    /// outputs and stacks each step's residuals, and a linear scan maps tangents from them.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let nx = primals.len() - nc - ncarry;
        let t = instantiate_all(primals, tangents)?;
        let body = jvp_body(&self.body, &[nc, ncarry, nx])?;
        if linearizing(tangents) {
            return self.linearized(body, primals, t);
        }
        // The JVP body returns [carry, ys, carry_t, ys_t]; scan wants [carry, carry_t, ys, ys_t].
        let ny = self.body.jaxpr.outvars.len() - ncarry;
        let mut body = body;
        let outs = body.jaxpr.outvars.clone();
        let (carry, ys) = outs[..ncarry + ny].split_at(ncarry);
        let (carry_t, ys_t) = outs[ncarry + ny..].split_at(ncarry);
        body.jaxpr.outvars = [carry, carry_t, ys, ys_t].concat();
        let mut inputs = Vec::new();
        for (range_start, n) in [(0, nc), (nc, ncarry), (nc + ncarry, nx)] {
            inputs.extend_from_slice(&primals[range_start..range_start + n]);
            inputs.extend_from_slice(&t[range_start..range_start + n]);
        }
        let result = Scan::bind(body, self.length, 2 * nc, 2 * ncarry, self.reverse, &inputs)?;
        let (carry_out, rest) = result.split_at(2 * ncarry);
        let (ys_out, ys_t_out) = rest.split_at(ny);
        let mut outs = carry_out[..ncarry].to_vec();
        outs.extend_from_slice(ys_out);
        let mut touts: Vec<Option<Value>> = carry_out[ncarry..].iter().cloned().map(Some).collect();
        touts.extend(ys_t_out.iter().cloned().map(Some));
        Ok((outs, touts))
    }

    /// Transposes a linear scan: a scan in the other direction whose carry holds the
    /// cotangents of the carry and the running sums of the linear constants' cotangents.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let is_linear = |a: &LinearArg| matches!(a, LinearArg::Linear(_));
        let known_value = |a: &LinearArg| match a {
            LinearArg::Known(v) => Some(v.clone()),
            LinearArg::Linear(_) => None,
        };
        let (consts, rest) = args.split_at(nc);
        let (_, xs) = rest.split_at(ncarry);
        let lin_consts: Vec<usize> = (0..nc).filter(|&i| is_linear(&consts[i])).collect();
        let known_consts: Vec<Value> = consts.iter().filter_map(known_value).collect();
        let out_avals =
            self.abstract_eval(&args.iter().map(LinearArg::aval).collect::<Vec<_>>())?;
        // A zero `ys` cotangent stays symbolic inside the body, as JAX's `ct_ys_is_zeros` keeps
        // it: instantiated, it would be multiplied by residuals that may be infinite (0 * inf).
        let nonzero_ys: Vec<usize> = (ncarry..cts.len()).filter(|&i| cts[i].is_some()).collect();
        let ct_carry = cts[..ncarry]
            .iter()
            .zip(&out_avals)
            .map(|(ct, a)| lax::instantiate(ct.clone(), a))
            .collect::<Result<Vec<_>>>()?;
        let ct_ys: Vec<Value> = nonzero_ys.iter().filter_map(|&i| cts[i].clone()).collect();
        let body_avals = self.body.jaxpr.in_avals();
        let known_xs: Vec<usize> = (0..xs.len()).filter(|&i| !is_linear(&xs[i])).collect();
        let lin_xs: Vec<usize> = (0..xs.len()).filter(|&i| is_linear(&xs[i])).collect();
        // Transposed body inputs: [known consts, const-ct sums, carry cts, known x_i, y cts_i].
        let mut t_avals: Vec<ShapedArray> = known_consts.iter().map(Value::aval).collect();
        t_avals.extend(lin_consts.iter().map(|&i| body_avals[i].clone()));
        t_avals.extend(body_avals[nc..nc + ncarry].iter().cloned());
        t_avals.extend(
            known_xs
                .iter()
                .map(|&i| body_avals[nc + ncarry + i].clone()),
        );
        let body_out_avals = self.body.jaxpr.out_avals();
        t_avals.extend(nonzero_ys.iter().map(|&i| body_out_avals[i].clone()));
        let (nkc, nlc) = (known_consts.len(), lin_consts.len());
        let body = trace_to_jaxpr("scan_transpose", &t_avals, true, |v| {
            let mut at = 0;
            let mut take = |n: usize| {
                let part = v[at..at + n].to_vec();
                at += n;
                part
            };
            let (kc, sums, ct_c, kx, ct_y) = (
                take(nkc),
                take(nlc),
                take(ncarry),
                take(known_xs.len()),
                take(nonzero_ys.len()),
            );
            let (mut kc, mut kx) = (kc.into_iter(), kx.into_iter());
            let mut bound: Vec<Option<Value>> = consts
                .iter()
                .map(|a| if is_linear(a) { None } else { kc.next() })
                .collect();
            bound.extend(std::iter::repeat_n(None, ncarry));
            bound.extend(
                xs.iter()
                    .map(|a| if is_linear(a) { None } else { kx.next() }),
            );
            let closed = bind_known(&self.body.jaxpr, &bound);
            let mut out_cts: Vec<Option<Value>> = ct_c.into_iter().map(Some).collect();
            let mut ct_y = ct_y.into_iter();
            out_cts.extend((ncarry..body_out_avals.len()).map(|i| {
                if nonzero_ys.contains(&i) {
                    ct_y.next()
                } else {
                    None
                }
            }));
            let in_avals = closed.jaxpr.in_avals();
            let grads = backward_pass(&closed, &out_cts)?
                .into_iter()
                .zip(&in_avals)
                .map(|(g, a)| lax::instantiate(g, a))
                .collect::<Result<Vec<_>>>()?;
            // grads follow the linear inputs: [linear consts, carry, linear xs].
            let mut out = Vec::new();
            for (sum, g) in sums.iter().zip(&grads[..nlc]) {
                out.push(lax::add_any(sum, g)?);
            }
            out.extend_from_slice(&grads[nlc..]);
            Ok(out)
        })?;
        let mut inputs = known_consts;
        for &i in &lin_consts {
            inputs.push(lax::zeros(&body_avals[i])?);
        }
        inputs.extend_from_slice(&ct_carry);
        inputs.extend(known_xs.iter().filter_map(|&i| known_value(&xs[i])));
        inputs.extend(ct_ys);
        let outs = Scan::bind(body, self.length, nkc, nlc + ncarry, !self.reverse, &inputs)?;
        let (sums, rest) = outs.split_at(nlc);
        let (carry_cts, x_cts) = rest.split_at(ncarry);
        let mut result = vec![None; args.len()];
        for (&i, s) in lin_consts.iter().zip(sums) {
            result[i] = Some(s.clone());
        }
        for (i, c) in carry_cts.iter().enumerate() {
            result[nc + i] = Some(c.clone());
        }
        for (&i, x) in lin_xs.iter().zip(x_cts) {
            result[nc + ncarry + i] = Some(x.clone());
        }
        Ok(result)
    }

    fn vmap_effects_error(&self, _dims: &[Option<usize>]) -> Option<Error> {
        unbatched_effects_error(&[&self.body.jaxpr])
    }

    /// Batches the body as JAX does: a carry is batched only if it starts batched or the body
    /// makes it so (a fixed point), so a callback on an unbatched carry runs once per step;
    /// `xs` keep the scanned axis first and carry the batch axis second.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let mut flags: Vec<bool> = dims.iter().map(Option::is_some).collect();
        let ny = self.body.jaxpr.outvars.len() - ncarry;
        let (body, out_batched) = loop {
            let carry = &flags[nc..nc + ncarry];
            let force = [carry, &vec![false; ny]].concat();
            let (body, out) = batch_jaxpr_some(&self.body, &flags, &force, axis_size)?;
            if out[..ncarry] == *carry {
                break (body, out);
            }
            flags[nc..nc + ncarry].copy_from_slice(&out[..ncarry]);
        };
        let inputs = args
            .iter()
            .zip(dims)
            .enumerate()
            .map(|(i, (a, d))| match d {
                Some(d) if i >= nc + ncarry => lax::moveaxis(a, *d, 1),
                _ if i >= nc && i < nc + ncarry && flags[i] => materialize(a, *d, axis_size),
                _ => move_to_front(a, *d),
            })
            .collect::<Result<Vec<_>>>()?;
        let outs = Scan::bind(body, self.length, nc, ncarry, self.reverse, &inputs)?;
        let out_dims = out_batched
            .iter()
            .enumerate()
            .map(|(i, &b)| b.then_some(if i < ncarry { 0 } else { 1 }))
            .collect();
        Ok((outs, out_dims))
    }
}
