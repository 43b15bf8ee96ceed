//! Control flow as higher-order primitives holding sub-jaxprs: `scan` (also what `fori_loop`
//! with known bounds and sequential `vmap` of callbacks become), `cond` (only the taken branch
//! runs; under `vmap` with a batched predicate every branch runs and `select_n` picks, as in JAX),
//! `while` and `select_n`. Bodies are closure-converted: captured values become leading inputs.

use super::{check_arity, BatchOut, JvpOut, Param, Primitive};
use crate::array::{Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{Effect, Effects, Jaxpr};
use crate::lax;
use crate::trace::{bind, eval_jaxpr, ClosedJaxpr, Value};
use crate::vmap::{batch_jaxpr, batch_jaxpr_to_jaxpr, materialize, move_to_front};
use std::rc::Rc;

/// Turns a closed jaxpr's captured values into leading inputs.
pub fn closure_convert(closed: ClosedJaxpr) -> (Rc<ClosedJaxpr>, Vec<Value>) {
    let ClosedJaxpr { jaxpr, consts } = closed;
    let mut invars = jaxpr.constvars.clone();
    invars.extend(jaxpr.invars);
    let converted = Jaxpr {
        constvars: Vec::new(),
        invars,
        eqns: jaxpr.eqns,
        outvars: jaxpr.outvars,
    };
    (
        Rc::new(ClosedJaxpr {
            jaxpr: converted,
            consts: Vec::new(),
        }),
        consts,
    )
}

fn arrays_to_values(xs: &[Array]) -> Vec<Value> {
    xs.iter().cloned().map(Value::Array).collect()
}

fn run(body: &ClosedJaxpr, args: Vec<Value>) -> Result<Vec<Array>> {
    Ok(eval_jaxpr(body, &args)?
        .into_iter()
        .filter_map(|v| v.as_array().cloned())
        .collect())
}

fn bool_text(b: bool) -> Param {
    if b { "True" } else { "False" }.into()
}

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
        let converted: Vec<(Rc<ClosedJaxpr>, Vec<Value>)> =
            branches.into_iter().map(closure_convert).collect();
        // Each branch takes every branch's hoisted values so all share one signature.
        let all_consts: Vec<Value> = converted.iter().flat_map(|(_, c)| c.clone()).collect();
        let mut offset = 0;
        let mut uniform = Vec::new();
        for (body, consts) in &converted {
            let mut jaxpr = body.jaxpr.clone();
            let own: Vec<_> = jaxpr.invars.drain(..consts.len()).collect();
            let mut invars: Vec<_> = all_consts
                .iter()
                .map(|c| crate::ir::Var::fresh(c.aval()))
                .collect();
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
        let jaxprs = self
            .branches
            .iter()
            .map(|b| Rc::new(b.jaxpr.clone()))
            .collect();
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
                let show = |v: &[ShapedArray]| {
                    v.iter()
                        .map(ShapedArray::short)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
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

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let flags: Vec<bool> = dims[1..].iter().map(Option::is_some).collect();
        let operands = args[1..]
            .iter()
            .zip(&dims[1..])
            .map(|(a, d)| move_to_front(a, *d))
            .collect::<Result<Vec<_>>>()?;
        if dims[0].is_none() {
            let branches = self
                .branches
                .iter()
                .map(|b| batch_jaxpr_to_jaxpr(b, &flags, axis_size).map(Rc::new))
                .collect::<Result<Vec<_>>>()?;
            let mut inputs = vec![args[0].clone()];
            inputs.extend(operands);
            let outs = bind(Rc::new(Cond { branches }), &inputs)?;
            let n = outs.len();
            return Ok((outs, vec![Some(0); n]));
        }
        // A batched predicate: every branch runs on every element, then select_n picks.
        if self
            .effects()
            .iter()
            .any(|e| matches!(e, Effect::Io | Effect::OrderedIo))
        {
            return Err(Error::IoInVmapOfCond);
        }
        let op_dims: Vec<Option<usize>> = flags.iter().map(|&b| b.then_some(0)).collect();
        let mut per_branch = Vec::new();
        for b in &self.branches {
            let (outs, out_dims) = batch_jaxpr(b, &operands, &op_dims, axis_size)?;
            per_branch.push(
                outs.iter()
                    .zip(out_dims)
                    .map(|(o, d)| materialize(o, d, axis_size))
                    .collect::<Result<Vec<_>>>()?,
            );
        }
        let which = move_to_front(&args[0], dims[0])?;
        let n = per_branch[0].len();
        let outs = (0..n)
            .map(|k| {
                let cases: Vec<Value> = per_branch.iter().map(|outs| outs[k].clone()).collect();
                select_n(&which, &cases)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok((outs, vec![Some(0); n]))
    }
}

/// `select_n(which, cases)`: elementwise `cases[which]`, `which` broadcast along trailing axes.
pub fn select_n(which: &Value, cases: &[Value]) -> Result<Value> {
    let shape = cases[0].aval().shape;
    let which = lax::broadcast_in_dim(which, &shape, (0..which.aval().shape.len()).collect())?;
    let mut inputs = vec![which];
    inputs.extend_from_slice(cases);
    crate::trace::bind1(Rc::new(SelectN), &inputs)
}

#[derive(Debug)]
pub struct SelectN;

impl Primitive for SelectN {
    fn name(&self) -> &'static str {
        "select_n"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let case = inputs
            .get(1)
            .ok_or_else(|| Error::usage("select_n needs at least one case"))?;
        if inputs[1..]
            .iter()
            .any(|c| c.shape != case.shape || c.dtype != case.dtype)
            || inputs[0].shape != case.shape
        {
            return Err(Error::usage(
                "select_n: cases and predicate must have one shape and dtype",
            ));
        }
        Ok(vec![case.clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&inputs.iter().map(Array::aval).collect::<Vec<_>>())?;
        let which = inputs[0].to_f64_vec();
        let cases: Vec<Vec<f64>> = inputs[1..].iter().map(Array::to_f64_vec).collect();
        let last = cases.len() - 1;
        let values: Vec<f64> = which
            .iter()
            .enumerate()
            .map(|(j, &w)| cases[(w.max(0.0) as usize).min(last)][j])
            .collect();
        Ok(vec![Array::from_f64_values(
            &out[0].shape,
            out[0].dtype,
            &values,
        )?
        .with_weak_type(out[0].weak_type)])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = select_n(&primals[0], &primals[1..])?;
        let ts = primals[1..]
            .iter()
            .zip(&tangents[1..])
            .map(|(p, t)| lax::instantiate(t.clone(), &p.aval()))
            .collect::<Result<Vec<_>>>()?;
        Ok((vec![out], vec![Some(select_n(&primals[0], &ts)?)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let all = args
            .iter()
            .zip(dims)
            .map(|(a, d)| materialize(a, *d, axis_size))
            .collect::<Result<Vec<_>>>()?;
        Ok((
            vec![crate::trace::bind1(Rc::new(SelectN), &all)?],
            vec![Some(0)],
        ))
    }
}

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
}
