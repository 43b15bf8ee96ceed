//! Host NumPy: the NumPy a host callback computes with (`np` in the JS API, `numpy` in Python
//! mode), on the engine's kernels (`zip_slices`, `fold_rows`) with NumPy 2's rules rather than
//! JAX's: its dtypes (float64 by default, 8- to 64-bit integers, float16), its promotion (NEP 50,
//! Python scalars weak), its ufunc loops, reductions and casts, and its errors in its words.
//! Arrays here are row-major elements with a shape, borrowed (JS data copied in once, or the
//! engine array a callback was handed) or owned (results); `crate::facade` is the glue's door.

pub mod dtype;
mod loops;
mod reduce;
pub mod ufunc;
pub mod values;

use crate::array::checked_size;
use crate::error::{Error, Result};
use dtype::{check_python_int, result_type, NpDType, Operand};
use ufunc::{resolve, Form, Op};
use values::{cast, narrow, truth, Slice, Values};

/// An array operand: its dtype, shape and elements (in the dtype's compute type).
#[derive(Debug, Clone, Copy)]
pub struct ArrayRef<'a> {
    pub dtype: NpDType,
    pub shape: &'a [usize],
    pub data: Slice<'a>,
}

/// An operand of an operation: an array (a NumPy scalar is a 0-d one) or a Python scalar.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Array(ArrayRef<'a>),
    Int(f64),
    Float(f64),
    Bool(bool),
}

/// What an operation gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub dtype: NpDType,
    pub shape: Vec<usize>,
    pub values: Values,
}

/// The settings of the operations that take any: a reduction's `axis` (`None`: all) and
/// `keepdims`, `astype`'s dtype.
#[derive(Debug, Clone, Default)]
pub struct Params {
    pub axes: Option<Vec<i64>>,
    pub keepdims: bool,
    pub dtype: Option<NpDType>,
}

impl Input<'_> {
    fn operand(&self) -> Operand {
        match *self {
            Input::Array(a) => Operand::Array(a.dtype),
            Input::Int(v) => Operand::Int(v),
            Input::Float(v) => Operand::Float(v),
            Input::Bool(b) => Operand::Bool(b),
        }
    }

    fn shape(&self) -> &[usize] {
        match self {
            Input::Array(a) => a.shape,
            _ => &[],
        }
    }

    /// The dtype NumPy gives this operand alone (`np.asarray(3)` is int64).
    fn dtype(&self) -> NpDType {
        result_type(&[self.operand()])
    }
}

/// An operand's elements in a loop's compute type: borrowed when they are already, else cast.
enum Data<'a> {
    Borrowed(Slice<'a>),
    Owned(Values),
}

impl Data<'_> {
    fn slice(&self) -> Slice<'_> {
        match self {
            Data::Borrowed(s) => *s,
            Data::Owned(v) => v.slice(),
        }
    }
}

/// `input`'s elements as dtype `to` (a Python int wrapped into its range).
fn data_as<'a>(input: &Input<'a>, to: NpDType) -> Data<'a> {
    match *input {
        Input::Array(a) if values::computes_as(a.data, to) => Data::Borrowed(a.data),
        Input::Array(a) => Data::Owned(cast(a.data, to)),
        Input::Int(v) | Input::Float(v) => Data::Owned(cast(Slice::F64(&[v]), to)),
        Input::Bool(b) => Data::Owned(cast(Slice::Bool(&[b]), to)),
    }
}

/// NumPy's broadcast of `shapes` (each lines up with the trailing dimensions of the result),
/// with its `ValueError` listing them all.
fn broadcast(op: Op, shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1; rank];
    for shape in shapes {
        for (i, &d) in shape.iter().enumerate() {
            let o = &mut out[rank - shape.len() + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let text: Vec<String> = shapes.iter().map(|s| numpy_shape(s)).collect();
                return Err(Error::BroadcastShapes {
                    shapes: text.join(" "),
                });
            }
        }
    }
    checked_size(op.name(), &out)?;
    Ok(out)
}

/// A shape as NumPy's messages write it: `(2,3)`, `(2,)`, `()`.
fn numpy_shape(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let comma = if shape.len() == 1 { "," } else { "" };
    format!("({}{comma})", dims.join(","))
}

/// Refuses an output of `size` elements past the engine's memory limit before computing it.
fn reserve(size: usize) -> Result<()> {
    crate::memory::reserve(size.saturating_mul(8))
}

/// Runs host NumPy operation `op` on `inputs` (one for unary ufuncs, reductions and `astype`,
/// two for binary ufuncs, three for `where` and `clip`).
pub fn apply(op: Op, inputs: &[Input], params: &Params) -> Result<Output> {
    for input in inputs {
        if let Input::Array(a) = input {
            if checked_size(op.name(), a.shape)? != a.data.len() {
                return Err(Error::internal(format!(
                    "a host array of shape {} holds {} elements",
                    numpy_shape(a.shape),
                    a.data.len()
                )));
            }
        }
    }
    let arity = match op.form() {
        Form::Binary => 2,
        Form::Ternary => 3,
        _ => 1,
    };
    if inputs.len() != arity {
        return Err(Error::internal(format!(
            "{} takes {arity} operands",
            op.name()
        )));
    }
    match op.form() {
        Form::Binary => binary(op, &inputs[0], &inputs[1]),
        Form::Unary => unary(op, &inputs[0]),
        Form::Ternary if op == Op::Where => select(&inputs[0], &inputs[1], &inputs[2]),
        Form::Ternary => clip(&inputs[0], &inputs[1], &inputs[2]),
        Form::Reduction => reduction(op, &inputs[0], params),
        Form::Cast => {
            let to = params
                .dtype
                .ok_or_else(|| Error::internal("astype needs a dtype"))?;
            let x = &inputs[0];
            reserve(x.shape().iter().product())?;
            Ok(Output {
                dtype: to,
                shape: x.shape().to_vec(),
                values: data_as_cast(x, to),
            })
        }
    }
}

/// `x` cast to `to`, always a new array (`astype` copies).
fn data_as_cast(x: &Input, to: NpDType) -> Values {
    match data_as(x, to) {
        Data::Owned(v) => v,
        Data::Borrowed(s) => cast(s, to),
    }
}

/// `np.result_type` of the operands.
pub fn result_type_of(inputs: &[Input]) -> NpDType {
    result_type(&inputs.iter().map(Input::operand).collect::<Vec<_>>())
}

/// The dtypes a ufunc's loop must take safely: each array's, `common` for a Python scalar.
fn loop_inputs(inputs: &[&Input], common: NpDType) -> Vec<NpDType> {
    inputs
        .iter()
        .map(|i| match i {
            Input::Array(a) => a.dtype,
            Input::Bool(_) => NpDType::Bool,
            _ => common,
        })
        .collect()
}

fn binary(op: Op, a: &Input, b: &Input) -> Result<Output> {
    let common = result_type(&[a.operand(), b.operand()]);
    let mut lp = resolve(op, common, &loop_inputs(&[a, b], common))?;
    for input in [a, b] {
        if let Input::Int(v) = *input {
            match check_python_int(v, lp) {
                // A comparison takes an out-of-range Python int by its value.
                Err(_) if op.by_value() => lp = NpDType::Float64,
                checked => checked?,
            }
        }
    }
    let (x, y) = (data_as(a, lp), data_as(b, lp));
    if op == Op::Power && lp.is_integer() && loops::any_negative(y.slice()) {
        return Err(Error::NegativeIntegerPower);
    }
    let shape = broadcast(op, &[a.shape(), b.shape()])?;
    reserve(shape.iter().product())?;
    let values = loops::binary(op, (x.slice(), a.shape()), (y.slice(), b.shape()), &shape)
        .ok_or(Error::UfuncNoLoop { ufunc: op.name() })?;
    let dtype = if op.gives_bool() { NpDType::Bool } else { lp };
    Ok(Output {
        dtype,
        values: narrow(values, dtype),
        shape,
    })
}

fn unary(op: Op, x: &Input) -> Result<Output> {
    let lp = resolve(op, x.dtype(), &[x.dtype()])?;
    let data = data_as(x, lp);
    reserve(x.shape().iter().product())?;
    let values = match op {
        Op::Round if lp.is_integer() => Some(cast(data.slice(), lp)),
        Op::Round => loops::unary(Op::Rint, data.slice()),
        _ => loops::unary(op, data.slice()),
    };
    let values = values.ok_or(Error::UfuncNoLoop { ufunc: op.name() })?;
    let dtype = if op.gives_bool() { NpDType::Bool } else { lp };
    Ok(Output {
        dtype,
        shape: x.shape().to_vec(),
        values: narrow(values, dtype),
    })
}

/// `np.where(cond, x, y)`: the result dtype of `x` and `y`, Python ints cast into it.
fn select(cond: &Input, x: &Input, y: &Input) -> Result<Output> {
    let dtype = result_type(&[x.operand(), y.operand()]);
    let shape = broadcast(Op::Where, &[cond.shape(), x.shape(), y.shape()])?;
    reserve(shape.iter().product::<usize>() * 4)?;
    let c = truth(data_as(cond, cond.dtype()).slice());
    let (a, b) = (data_as(x, dtype), data_as(y, dtype));
    let values = loops::select(
        (&c, cond.shape()),
        (a.slice(), x.shape()),
        (b.slice(), y.shape()),
        &shape,
    )
    .ok_or(Error::UfuncNoLoop { ufunc: "where" })?;
    Ok(Output {
        dtype,
        shape,
        values: narrow(values, dtype),
    })
}

/// `np.clip(x, lo, hi)`: `minimum(maximum(x, lo), hi)` in the result dtype of all three, a
/// Python int bound beyond an integer dtype's range taken as its end (NumPy 2).
fn clip(x: &Input, lo: &Input, hi: &Input) -> Result<Output> {
    let dtype = result_type(&[x.operand(), lo.operand(), hi.operand()]);
    let shape = broadcast(Op::Clip, &[x.shape(), lo.shape(), hi.shape()])?;
    reserve(shape.iter().product())?;
    let (lo, hi) = (clamped(lo, dtype), clamped(hi, dtype));
    let data = data_as(x, dtype);
    let low = data_as(&lo, dtype);
    let first = broadcast(Op::Clip, &[x.shape(), lo.shape()])?;
    let raised = loops::binary(
        Op::Maximum,
        (data.slice(), x.shape()),
        (low.slice(), lo.shape()),
        &first,
    )
    .ok_or(Error::UfuncNoLoop { ufunc: "clip" })?;
    let high = data_as(&hi, dtype);
    let values = loops::binary(
        Op::Minimum,
        (raised.slice(), &first),
        (high.slice(), hi.shape()),
        &shape,
    )
    .ok_or(Error::UfuncNoLoop { ufunc: "clip" })?;
    Ok(Output {
        dtype,
        shape,
        values: narrow(values, dtype),
    })
}

/// A Python int clip bound inside integer dtype `dtype`'s range.
fn clamped<'a>(bound: &Input<'a>, dtype: NpDType) -> Input<'a> {
    match (*bound, dtype.int_range()) {
        (Input::Int(v), Some((min, max))) => Input::Int(v.clamp(min, max)),
        (other, _) => other,
    }
}

fn reduction(op: Op, x: &Input, params: &Params) -> Result<Output> {
    let dtype = x.dtype();
    let shape = x.shape();
    let reduced = reduce::reduced_axes(params.axes.as_deref(), shape.len())?;
    let kept: Vec<usize> = shape
        .iter()
        .zip(&reduced)
        .map(|(&n, &r)| if r { 1 } else { n })
        .collect();
    let out_shape: Vec<usize> = if params.keepdims {
        kept
    } else {
        shape
            .iter()
            .zip(&reduced)
            .filter(|(_, &r)| !r)
            .map(|(&n, _)| n)
            .collect()
    };
    reserve(out_shape.iter().product())?;
    let data = data_as(x, dtype);
    let scalar = out_shape.is_empty() && !params.keepdims;
    let (dtype, values) = reduce::reduce(op, dtype, shape, data.slice(), &reduced, scalar)?;
    Ok(Output {
        dtype,
        shape: out_shape,
        values,
    })
}
