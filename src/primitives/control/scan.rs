//! `scan`: a loop over the leading axis of `xs` threading a carry; what `fori_loop` with known
//! bounds and a sequential `vmap` of a callback become.

use super::super::{check_arity, BatchOut, JvpOut, Param, Primitive};
use super::{
    arrays_to_values, bool_text, closure_convert, instantiate_all, jvp_body, refuse_reverse_mode,
    run,
};
use crate::array::{Array, ShapedArray};
use crate::error::{Error, Result};
use crate::ir::Effects;
use crate::lax;
use crate::trace::{bind, ClosedJaxpr, Value};
use crate::vmap::{batch_jaxpr_to_jaxpr, materialize, move_to_front};
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
        result.extend(ys.iter().map(|y| {
            let mut shape = vec![self.length];
            shape.extend(&y.shape);
            ShapedArray { shape, ..y.clone() }
        }));
        Ok(result)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&inputs.iter().map(Array::aval).collect::<Vec<_>>())?;
        let (consts, rest) = inputs.split_at(self.num_consts);
        let (carry0, xs) = rest.split_at(self.num_carry);
        let mut carry = carry0.to_vec();
        let out_avals = self.body.jaxpr.out_avals();
        let y_avals = &out_avals[self.num_carry..];
        let mut ys: Vec<Vec<Array>> = vec![Vec::with_capacity(self.length); y_avals.len()];
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

    /// The JVP of a scan is a scan of the body's JVP, tangents riding along with their primals.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        refuse_reverse_mode("scan", tangents)?;
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let nx = primals.len() - nc - ncarry;
        let t = instantiate_all(primals, tangents)?;
        let body = jvp_body(&self.body, &[nc, ncarry, nx])?;
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

    /// Batches the body; every carry becomes batched (simple and always correct), `xs` keep the
    /// scanned axis first and carry the batch axis second.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let (nc, ncarry) = (self.num_consts, self.num_carry);
        let mut flags = Vec::with_capacity(args.len());
        let mut inputs = Vec::with_capacity(args.len());
        for (i, (a, d)) in args.iter().zip(dims).enumerate() {
            if i < nc {
                flags.push(d.is_some());
                inputs.push(move_to_front(a, *d)?);
            } else if i < nc + ncarry {
                flags.push(true);
                inputs.push(materialize(a, *d, axis_size)?);
            } else {
                flags.push(d.is_some());
                inputs.push(match d {
                    Some(d) => lax::moveaxis(a, *d, 1)?,
                    None => a.clone(),
                });
            }
        }
        // The body sees each x slice with the batch axis first.
        let body = batch_jaxpr_to_jaxpr(&self.body, &flags, axis_size)?;
        let outs = Scan::bind(body, self.length, nc, ncarry, self.reverse, &inputs)?;
        let out_dims = (0..outs.len())
            .map(|i| Some(if i < ncarry { 0 } else { 1 }))
            .collect();
        Ok((outs, out_dims))
    }
}
