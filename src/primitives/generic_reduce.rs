//! `reduce` and `reduce_window` with a computation JAX does not recognise as a monoid: the
//! primitives hold the computation's jaxpr (traced on the initial values' scalar types, taking
//! `(accumulated..., next...)`), fold each operand element into the accumulators in order, as
//! XLA does on the CPU (padding and dilation holes skipped), and carry JAX's rules: the JVP of
//! `reduce` is JAX's tree of halvings with the computation batched over each level
//! (`_reduce_jvp`), that of `reduce_window` a `reduce_window` of the computation's JVP; neither
//! transposes (JAX's don't either). Several operands reduce together (a pytree in JAX).
//!
//! Evaluation batches the computation over all outputs at once: one batched application per
//! reduced element or window element, not one per output element.

use super::structural::map_buffer;
use super::windowed::{Window, NONE};
use super::{BatchOut, JvpOut, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::batching::materialize;
use crate::dense::Dense;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bodies::{batch_jaxpr, batch_jaxpr_to_jaxpr, jvp};
use crate::primitives::math::ops::select_n;
use crate::trace::ClosedJaxpr;
use crate::trace::{bind, eval_jaxpr, trace_to_jaxpr, Value};
use std::rc::Rc;

fn not_implemented(message: String) -> Error {
    Error::NotImplemented { message }
}

/// The checks JAX makes of a reduction's computation when it binds one.
fn check_body(primitive: &str, body: &ClosedJaxpr, inits: &[ShapedArray]) -> Result<()> {
    if !body.jaxpr.effects().is_empty() {
        return Err(not_implemented(format!(
            "Cannot lower effectful `{primitive}`."
        )));
    }
    // Evaluation applies the computation to every output at once (batched), where a host
    // callback would see a batch it did not ask for: refused rather than surprising.
    if let Some(cb) = body
        .jaxpr
        .eqns
        .iter()
        .find_map(|e| e.primitive.callback_name())
    {
        return Err(not_implemented(format!(
                "a `{primitive}` computation may not call host callbacks (it calls `{cb}`); jaxplay applies it to all outputs at once"
            )));
    }
    if body.captures_tracers() {
        return Err(not_implemented(
            "Reduction computations can't close over Tracers. Please open an issue at https://github.com/jax-ml/jax.".into(),
        ));
    }
    let outs = body.jaxpr.out_avals();
    let same = outs.len() == inits.len()
        && outs
            .iter()
            .zip(inits)
            .all(|(o, i)| o.shape == i.shape && o.dtype == i.dtype);
    if !same {
        let text = |avals: &[ShapedArray]| {
            let items: Vec<String> = avals.iter().map(ShapedArray::short).collect();
            format!("({})", items.join(", "))
        };
        return Err(Error::Signature {
            message: format!(
                "{primitive} computation must return values of the initial values' types {}, got {}.",
                text(inits),
                text(&outs)
            ),
        });
    }
    Ok(())
}

/// Values computed from concrete arrays, as arrays.
fn arrays(values: Vec<Value>) -> Result<Vec<Array>> {
    values
        .into_iter()
        .map(|v| {
            v.as_array()
                .cloned()
                .ok_or_else(|| Error::internal("a reduction step gave a traced value"))
        })
        .collect()
}

/// `body(acc, x)` for every element of the 1-D `acc` and `xs` at once (the body is traced on
/// scalars): the body batched over their one axis.
fn step(body: &ClosedJaxpr, acc: &[Array], xs: &[Array], n: usize) -> Result<Vec<Array>> {
    let args: Vec<Value> = acc.iter().chain(xs).cloned().map(Value::Array).collect();
    let (outs, dims) = batch_jaxpr(body, &args, &vec![Some(0); args.len()], n)?;
    let outs = outs
        .iter()
        .zip(dims)
        .map(|(o, d)| materialize(o, d, n))
        .collect::<Result<Vec<_>>>()?;
    arrays(outs)
}

/// `init` (a scalar) repeated `n` times.
fn filled(init: &Array, n: usize) -> Result<Array> {
    let v = lax::broadcast_in_dim(&Value::Array(init.clone()), &[n], Vec::new())?;
    Ok(arrays(vec![v])?.remove(0))
}

/// The elements of `x` at `taps` ([`NONE`]: any element, to be discarded).
fn gather_taps(x: &Array, taps: &[usize]) -> Array {
    fn pick<T: Copy + Default>(a: &Dense<T>, taps: &[usize]) -> Dense<T> {
        let data = a.data();
        let any = data.first().copied().unwrap_or_default();
        let picked = taps
            .iter()
            .map(|&i| if i == NONE { any } else { data[i] })
            .collect();
        Dense::filled(&[taps.len()], picked)
    }
    Array::from_buffer(map_buffer!(x.buffer(), |a| pick(a, taps)))
}

/// The reduced outputs as values of their declared types.
fn finish(acc: Vec<Array>, shape: &[usize], avals: &[ShapedArray]) -> Result<Vec<Array>> {
    acc.into_iter()
        .zip(avals)
        .map(|(a, aval)| {
            let v = lax::reshape(&Value::Array(a), shape)?;
            Ok(arrays(vec![v])?.remove(0).with_weak_type(aval.weak_type))
        })
        .collect()
}

fn split_check(primitive: &'static str, inputs: &[ShapedArray]) -> Result<usize> {
    if inputs.is_empty() || !inputs.len().is_multiple_of(2) {
        return Err(Error::Arity {
            primitive,
            expected: 2,
            actual: inputs.len(),
        });
    }
    Ok(inputs.len() / 2)
}

/// JAX's words for operands and initial values of different dtypes.
fn check_dtypes(primitive: &str, operands: &[ShapedArray], inits: &[ShapedArray]) -> Result<()> {
    if operands.iter().zip(inits).all(|(o, i)| o.dtype == i.dtype) {
        return Ok(());
    }
    let names = |avals: &[ShapedArray]| {
        let items: Vec<String> = avals
            .iter()
            .map(|a| format!("dtype('{}')", a.dtype.name()))
            .collect();
        format!("[{}]", items.join(", "))
    };
    let message = if primitive == "reduce" {
        let text = |avals: &[ShapedArray]| {
            let items: Vec<String> = avals
                .iter()
                .map(|a| match a.weak_type {
                    true => format!("{}, weak_type=True)", a.repr().trim_end_matches(')')),
                    false => a.repr(),
                })
                .collect();
            format!("[{}]", items.join(", "))
        };
        format!(
            "reduce operand dtypes should match corresponding initial value dtypes, got operands={} and initial_values={}",
            text(operands),
            text(inits)
        )
    } else {
        format!(
            "reduce_window got inconsistent dtypes for operands and init_values: got operand dtypes {} and init_value dtypes {}.",
            names(operands),
            names(inits)
        )
    };
    Err(Error::Signature { message })
}

fn check_scalar_inits(primitive: &str, inits: &[ShapedArray]) -> Result<()> {
    if inits.iter().all(|a| a.shape.is_empty()) {
        return Ok(());
    }
    let shapes: Vec<String> = inits.iter().map(|a| shape_tuple(&a.shape)).collect();
    let shapes = format!("[{}]", shapes.join(", "));
    Err(if primitive == "reduce" {
        Error::Value {
            message: format!("reduce found non-scalar initial value: {shapes}"),
        }
    } else {
        Error::Signature {
            message: format!(
                "reduce_window expected init_values to be scalars but init_values have shapes {shapes}."
            ),
        }
    })
}

/// `lax.reduce` with a general computation: the operands reduced over `dimensions`.
#[derive(Debug)]
pub struct Reduce {
    pub body: Rc<ClosedJaxpr>,
    /// The computation's name, printed as Python prints a function.
    pub computation: Rc<str>,
    /// As given (JAX keeps negative dimensions as they are).
    pub dimensions: Vec<i64>,
}

impl Reduce {
    /// Binds `reduce` of `operands` (then as many `inits`) over `dimensions`.
    pub fn bind(
        body: ClosedJaxpr,
        computation: &str,
        dimensions: Vec<i64>,
        operands: &[Value],
        inits: &[Value],
    ) -> Result<Vec<Value>> {
        let init_avals: Vec<ShapedArray> = inits.iter().map(Value::aval).collect();
        check_body("reduce", &body, &init_avals)?;
        let prim = Reduce {
            body: Rc::new(body),
            computation: computation.into(),
            dimensions,
        };
        let args: Vec<Value> = operands.iter().chain(inits).cloned().collect();
        bind(Rc::new(prim), &args)
    }

    /// The reduced dimensions of an operand of rank `rank`, as NumPy's `delete` reads them.
    fn axes(&self, rank: usize) -> Result<Vec<usize>> {
        self.dimensions
            .iter()
            .map(|&d| {
                let a = if d < 0 { d + rank as i64 } else { d };
                if a < 0 || a >= rank as i64 {
                    Err(Error::Value {
                        message: format!("index {d} is out of bounds for axis 0 with size {rank}"),
                    })
                } else {
                    Ok(a as usize)
                }
            })
            .collect()
    }

    fn with_dimensions(&self, dimensions: Vec<i64>) -> Reduce {
        Reduce {
            body: self.body.clone(),
            computation: self.computation.clone(),
            dimensions,
        }
    }
}

impl Primitive for Reduce {
    fn name(&self) -> &'static str {
        "reduce"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let dims: Vec<String> = self.dimensions.iter().map(i64::to_string).collect();
        let dims = match dims.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", dims.join(", ")),
        };
        vec![
            (
                "computation",
                format!("<function {} at 0xXXXXXXXXXXXX>", self.computation).into(),
            ),
            ("dimensions", dims.into()),
            ("jaxpr", Param::Jaxpr(Rc::new(self.body.jaxpr.clone()))),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let n = split_check("reduce", inputs)?;
        let (operands, inits) = inputs.split_at(n);
        check_scalar_inits("reduce", inits)?;
        check_dtypes("reduce", operands, inits)?;
        operands
            .iter()
            .zip(inits)
            .map(|(x, init)| {
                let axes = self.axes(x.shape.len())?;
                let shape = (0..x.shape.len())
                    .filter(|d| !axes.contains(d))
                    .map(|d| x.shape[d])
                    .collect();
                Ok(ShapedArray {
                    shape,
                    dtype: x.dtype,
                    weak_type: x.weak_type && init.weak_type,
                })
            })
            .collect()
    }

    /// Moves the reduced dimensions to the front, then folds one row at a time.
    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals = self.abstract_eval(&inputs.iter().map(Array::aval).collect::<Vec<_>>())?;
        let n = inputs.len() / 2;
        let (operands, inits) = inputs.split_at(n);
        let shape = operands[0].shape().to_vec();
        let axes = self.axes(shape.len())?;
        let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
        let rows: usize = axes.iter().map(|&a| shape[a]).product();
        let cols: usize = kept.iter().map(|&d| shape[d]).product();
        let perm: Vec<usize> = axes.iter().chain(&kept).copied().collect();
        let flat = operands
            .iter()
            .map(|x| {
                let moved = lax::transpose(&Value::Array(x.clone()), perm.clone())?;
                lax::reshape(&moved, &[rows, cols])
            })
            .collect::<Result<Vec<_>>>()?;
        let flat = arrays(flat)?;
        let mut acc = inits
            .iter()
            .map(|i| filled(i, cols))
            .collect::<Result<Vec<_>>>()?;
        if cols > 0 {
            for r in 0..rows {
                let xs = flat
                    .iter()
                    .map(|x| x.index0(r))
                    .collect::<Result<Vec<_>>>()?;
                acc = step(&self.body, &acc, &xs, cols)?;
            }
        }
        let out_shape: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
        finish(acc, &out_shape, &avals)
    }

    /// JAX's `_reduce_jvp`: the reduced dimensions flattened to the front, then halved again
    /// and again, the computation batched over each level, under `jvp`.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let n = primals.len() / 2;
        if tangents[n..].iter().any(Option::is_some) {
            return Err(not_implemented(
                "Gradient of general lax.reduce with non-zero tangents for initial values to reduction not implemented".into(),
            ));
        }
        let (xs, inits) = primals.split_at(n);
        let shape = xs[0].aval().shape;
        let axes = self.axes(shape.len())?;
        let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
        let mut new_shape = vec![axes.iter().map(|&a| shape[a]).product::<usize>()];
        new_shape.extend(kept.iter().map(|&d| shape[d]));
        let perm: Vec<usize> = axes.iter().chain(&kept).copied().collect();
        // JAX binds one `reshape` with `dimensions=perm`; jaxplay's has none: a transpose first.
        let flatten = |v: &Value| lax::reshape(&lax::transpose(v, perm.clone())?, &new_shape);
        let p = xs.iter().map(flatten).collect::<Result<Vec<_>>>()?;
        let t = xs
            .iter()
            .zip(&tangents[..n])
            .map(|(x, t)| flatten(&lax::instantiate(t.clone(), &x.aval())?))
            .collect::<Result<Vec<_>>>()?;
        let (outs, touts) = jvp("reduce", &p, &t, |p| self.tree(inits, p))?;
        Ok((outs, touts.into_iter().map(Some).collect()))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let n = args.len() / 2;
        if dims[n..].iter().any(Option::is_some) {
            return Err(not_implemented(
                "reduce batching is not implemented for batched initial values".into(),
            ));
        }
        let rank = args[0].aval().shape.len();
        let axes = self.axes(rank)?;
        let mut inputs = args[..n]
            .iter()
            .zip(dims)
            .map(|(a, &d)| materialize(a, d, axis_size))
            .collect::<Result<Vec<_>>>()?;
        inputs.extend_from_slice(&args[n..]);
        let prim = self.with_dimensions(axes.iter().map(|&a| a as i64 + 1).collect());
        Ok((bind(Rc::new(prim), &inputs)?, vec![Some(0); n]))
    }
}

impl Reduce {
    /// `_reduce_tree`: halves the leading axis until one row is left, the short half padded
    /// with the initial value.
    fn tree(&self, inits: &[Value], mut xs: Vec<Value>) -> Result<Vec<Value>> {
        while xs[0].aval().shape[0] > 1 {
            let shape = xs[0].aval().shape;
            let rows = shape[0];
            let n1 = rows.div_ceil(2);
            let half = |x: &Value, from: usize, to: usize| {
                let mut start = vec![0; shape.len()];
                let mut limit = shape.clone();
                start[0] = from;
                limit[0] = to;
                lax::slice(x, start, limit, Some(vec![1; shape.len()]))
            };
            let mut args = xs
                .iter()
                .map(|x| half(x, 0, n1))
                .collect::<Result<Vec<_>>>()?;
            for (x, init) in xs.iter().zip(inits) {
                let mut second = half(x, n1, rows)?;
                if rows - n1 != n1 {
                    let mut config = vec![
                        crate::primitives::slicing::PadDim {
                            lo: 0,
                            hi: 0,
                            interior: 0,
                            numpy_lo: false,
                            numpy_hi: false,
                            numpy_interior: false,
                        };
                        shape.len()
                    ];
                    config[0].hi = 1;
                    second = lax::pad_with(&second, init, config)?;
                }
                args.push(second);
            }
            let mut level = args[0].aval().shape;
            let mut body = (*self.body).clone();
            // One `vmap` per axis of the halves, the innermost over the last.
            while let Some(size) = level.pop() {
                body = batch_jaxpr_to_jaxpr(&body, &vec![true; args.len()], size)?;
            }
            xs = eval_jaxpr(&body, &args)?;
        }
        let rest = xs[0].aval().shape[1..].to_vec();
        if xs[0].aval().shape[0] == 0 {
            return inits
                .iter()
                .map(|i| lax::broadcast_in_dim(i, &rest, Vec::new()))
                .collect();
        }
        xs.iter().map(|x| lax::squeeze(x, vec![0])).collect()
    }
}

/// `lax.reduce_window` with a general computation: each window of the operands folded.
#[derive(Debug)]
pub struct ReduceWindow {
    pub body: Rc<ClosedJaxpr>,
    pub window: Window,
}

impl ReduceWindow {
    /// Binds `reduce_window` of `operands` (then as many `inits`).
    pub fn bind(
        body: ClosedJaxpr,
        window: Window,
        operands: &[Value],
        inits: &[Value],
    ) -> Result<Vec<Value>> {
        let init_avals: Vec<ShapedArray> = inits.iter().map(Value::aval).collect();
        check_body("reduce_window", &body, &init_avals)?;
        let prim = ReduceWindow {
            body: Rc::new(body),
            window,
        };
        let args: Vec<Value> = operands.iter().chain(inits).cloned().collect();
        bind(Rc::new(prim), &args)
    }
}

impl Primitive for ReduceWindow {
    fn name(&self) -> &'static str {
        "reduce_window"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let consts: Vec<String> = self.body.consts.iter().map(|c| c.aval().short()).collect();
        let consts = match consts.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", consts.join(", ")),
        };
        let mut params = self.window.params();
        params.push(("consts", consts.into()));
        params.push(("jaxpr", Param::Jaxpr(Rc::new(self.body.jaxpr.clone()))));
        params
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let n = split_check("reduce_window", inputs)?;
        let (operands, inits) = inputs.split_at(n);
        check_dtypes("reduce_window", operands, inits)?;
        check_scalar_inits("reduce_window", inits)?;
        let shape = self.window.out_shape(&operands[0].shape)?;
        Ok(operands
            .iter()
            .map(|x| ShapedArray::new(shape.clone(), x.dtype))
            .collect())
    }

    /// One batched step per window element: each output's accumulator takes the operand
    /// element its window reads there, and keeps its value where that is padding or a hole.
    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals = self.abstract_eval(&inputs.iter().map(Array::aval).collect::<Vec<_>>())?;
        let n = inputs.len() / 2;
        let (operands, inits) = inputs.split_at(n);
        let out_shape = avals[0].shape.clone();
        let size: usize = out_shape.iter().product();
        let mut acc = inits
            .iter()
            .map(|i| filled(i, size))
            .collect::<Result<Vec<_>>>()?;
        if size > 0 {
            for k in self.window.offsets() {
                let taps = self.window.taps(operands[0].shape(), &out_shape, &k);
                let xs: Vec<Array> = operands.iter().map(|x| gather_taps(x, &taps)).collect();
                let next = step(&self.body, &acc, &xs, size)?;
                let read: Vec<bool> = taps.iter().map(|&i| i != NONE).collect();
                let read = Value::Array(Array::from_bool(&[size], read)?);
                acc = acc
                    .iter()
                    .zip(next)
                    .map(|(a, b)| select_n(&read, &[Value::Array(a.clone()), Value::Array(b)]))
                    .collect::<Result<Vec<_>>>()
                    .and_then(arrays)?;
            }
        }
        finish(acc, &out_shape, &avals)
    }

    /// JAX's `reduce_window_jvp`: a `reduce_window` of primals and tangents together, whose
    /// computation is the JVP of this one.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let n = primals.len() / 2;
        if tangents[n..].iter().any(Option::is_some) {
            return Err(Error::Signature {
                message: "reduce_window jvp does not support non-zero init_value_tangent.".into(),
            });
        }
        let (xs, inits) = primals.split_at(n);
        let avals: Vec<ShapedArray> = inits.iter().map(Value::aval).collect();
        let in_avals: Vec<ShapedArray> = avals.iter().chain(&avals).cloned().collect();
        let in_avals = [in_avals.clone(), in_avals].concat();
        let body = &self.body;
        // Inputs `(primal acc, tangent acc, primal x, tangent x)`, outputs `(primals, tangents)`.
        let wrapper = trace_to_jaxpr("reduce_window", &in_avals, true, |v| {
            let primals = [&v[..n], &v[2 * n..3 * n]].concat();
            let tangents = [&v[n..2 * n], &v[3 * n..]].concat();
            let (outs, touts) = jvp("jvp", &primals, &tangents, |p| eval_jaxpr(body, &p))?;
            Ok([outs, touts].concat())
        })?;
        let t = xs
            .iter()
            .zip(&tangents[..n])
            .map(|(x, t)| lax::instantiate(t.clone(), &x.aval()))
            .collect::<Result<Vec<_>>>()?;
        let zeros = avals.iter().map(lax::zeros).collect::<Result<Vec<_>>>()?;
        let operands = [xs, &t[..]].concat();
        let init_values = [inits, &zeros[..]].concat();
        let mut outs = ReduceWindow::bind(wrapper, self.window.clone(), &operands, &init_values)?;
        let touts = outs.split_off(n);
        Ok((outs, touts.into_iter().map(Some).collect()))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let n = args.len() / 2;
        if dims[n..].iter().any(Option::is_some) {
            return Err(not_implemented(
                "reduce_window batching is not implemented for initial values".into(),
            ));
        }
        let operands = args[..n]
            .iter()
            .zip(dims)
            .map(|(a, &d)| materialize(a, d, axis_size))
            .collect::<Result<Vec<_>>>()?;
        let prim = ReduceWindow {
            body: self.body.clone(),
            window: self.window.with_unit_dim(0),
        };
        let inputs = [&operands[..], &args[n..]].concat();
        Ok((bind(Rc::new(prim), &inputs)?, vec![Some(0); n]))
    }
}
