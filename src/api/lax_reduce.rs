//! `jax.lax` functions that take a function: `reduce` and `reduce_window`. As in JAX, a
//! computation that is `lax.add`, `lax.max`, `lax.min` (and for `reduce` `lax.mul` and the
//! bitwise ones) itself, by identity, with that monoid's identity as a concrete scalar initial
//! value, binds the monoid's own primitive (`reduce_sum`, `reduce_window_max`, ...); any other
//! computation is traced on the initial values' types and binds the general `reduce` /
//! `reduce_window` holding its jaxpr. Operands are an array or a tuple of arrays (JAX's
//! pytrees, one level deep).

use super::args::{Arg, Args, Output};
use super::common::*;
use super::computation::{trace_computation, Callable, Tree};
use super::lax::int_rows;
use super::signature::{Default as D, Kind as K};
use super::{Function, Namespace};
use crate::array::ShapedArray;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::generic_reduce::{Reduce, ReduceWindow};
use crate::primitives::reductions::{self as red, ReduceOp};
use crate::primitives::structural::ReduceSum;
use crate::primitives::windowed::{self, dilate, Window, WindowOp};
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// The identity JAX compares a concrete initial value with, for the `lax` function `op` on
/// the initial value's `dtype` (`None`: not a monoid there). Bitwise ones are monoids only on
/// bools and integers.
fn identity(op: &str, dtype: DType) -> Option<f64> {
    let int_like = matches!(
        dtype,
        DType::Bool | DType::Int32 | DType::Uint32 | DType::Uint8
    );
    Some(match (op, dtype) {
        ("add", _) => 0.0,
        ("mul", _) => 1.0,
        ("bitwise_or" | "bitwise_xor", _) if int_like => 0.0,
        ("bitwise_and", DType::Bool) => 1.0,
        ("bitwise_and", DType::Int32) => -1.0,
        ("bitwise_and", DType::Uint32) => f64::from(u32::MAX),
        ("bitwise_and", DType::Uint8) => f64::from(u8::MAX),
        ("max", DType::Float32) => f64::NEG_INFINITY,
        ("max", DType::Int32) => f64::from(i32::MIN),
        ("max", DType::Uint32 | DType::Uint8 | DType::Bool) => 0.0,
        ("min", DType::Float32) => f64::INFINITY,
        ("min", DType::Int32) => f64::from(i32::MAX),
        ("min", DType::Uint32) => f64::from(u32::MAX),
        ("min", DType::Uint8) => f64::from(u8::MAX),
        ("min", DType::Bool) => 1.0,
        _ => return None,
    })
}

/// The `lax` function `computation` is, when `init` is a concrete scalar equal to its identity
/// (JAX's `_get_monoid_reducer`): then the monoid's own primitive applies.
fn monoid(computation: &Callable, init: &Value) -> Option<&'static str> {
    let op = computation.lax_name()?;
    let a = init.as_array().filter(|a| a.shape().is_empty())?;
    (identity(op, a.dtype())? == a.to_f64_vec()[0]).then_some(op)
}

/// The leaves of a pytree argument as values.
fn leaves(args: &[Arg], what: &str) -> Result<Vec<Value>> {
    args.iter()
        .map(|a| {
            a.to_value().ok_or_else(|| Error::Signature {
                message: format!("{what} must be arrays or scalars, got {}", a.python_type()),
            })
        })
        .collect()
}

/// Operands and initial values flattened, checked to have one structure (JAX's words).
fn operands_and_inits(
    a: &Args,
    operands: &str,
    inits: &str,
) -> Result<(Vec<Value>, Vec<Value>, Tree)> {
    let (xs, tree) = Tree::flatten(a.get(operands)?, operands)?;
    let (is, init_tree) = Tree::flatten(a.get(inits)?, inits)?;
    if tree != init_tree {
        return Err(Error::Value {
            message: format!(
                "Operands must have the same tree structure as init_values: {} vs. {}",
                tree.text(),
                init_tree.text()
            ),
        });
    }
    let xs = leaves(&xs, operands)?;
    if xs.is_empty() {
        return Err(Error::Value {
            message: format!("{} must have at least one operand.", a.qualified()),
        });
    }
    Ok((xs, leaves(&is, inits)?, tree))
}

fn output(outs: Vec<Value>, tree: Tree) -> Output {
    match tree {
        Tree::Leaf => Output::Array(outs[0].clone()),
        Tree::Tuple(_) => Output::Tuple(outs),
    }
}

fn reduce(a: &Args) -> Result<Output> {
    let (xs, inits, tree) = operands_and_inits(a, "operands", "init_values")?;
    let computation = a.callable("computation")?;
    let dims = a.ints("dimensions")?;
    let op = match (tree, xs.as_slice(), inits.as_slice()) {
        (Tree::Leaf, [_], [init]) => monoid(&computation, init),
        _ => None,
    };
    let Some(op) = op else {
        let avals: Vec<ShapedArray> = inits.iter().map(Value::aval).collect();
        let body = trace_computation("reduce", &computation, tree, &avals)?;
        let outs = Reduce::bind(body, &computation.name(), dims, &xs, &inits)?;
        return Ok(output(outs, tree));
    };
    let (x, init) = (&xs[0], &inits[0]);
    let aval = x.aval();
    let rank = aval.shape.len();
    if dims.iter().any(|&d| d < 0 || d as usize >= rank) {
        let dims: Vec<String> = dims.iter().map(i64::to_string).collect();
        let listed = match dims.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", dims.join(", ")),
        };
        let shape: Vec<String> = aval.shape.iter().map(usize::to_string).collect();
        return Err(Error::Value {
            message: format!(
                "reduction axes {listed} contains out-of-bounds indices for {}[{}].",
                aval.dtype,
                shape.join(",")
            ),
        });
    }
    let axes: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
    let out = match op {
        // Bound even for no axes, as `lax.reduce_sum` is.
        "add" => bind1(
            Rc::new(ReduceSum {
                axes,
                numpy_axes: false,
            }),
            std::slice::from_ref(x),
        )?,
        "mul" => red::reduce(ReduceOp::Prod, x, axes)?,
        "bitwise_and" => red::reduce(ReduceOp::And, x, axes)?,
        "bitwise_or" => red::reduce(ReduceOp::Or, x, axes)?,
        "bitwise_xor" => red::reduce(ReduceOp::Xor, x, axes)?,
        "max" => red::reduce(ReduceOp::Max, x, axes)?,
        _ => red::reduce(ReduceOp::Min, x, axes)?,
    };
    // The monoid's primitive keeps the operand's weak type; JAX's `reduce` makes it the
    // operand's and the initial value's together.
    let weak = aval.weak_type && init.aval().weak_type;
    Ok(Output::Array(lax::convert(&out, aval.dtype, weak)?))
}

/// A list of window sizes or dilations, ones when `None`.
fn per_dim(a: &Args, name: &str, n: usize) -> Result<Vec<usize>> {
    if a.is_none(name)? {
        Ok(vec![1; n])
    } else {
        a.shape(name)
    }
}

/// JAX's `padtype_to_pads`: the padding of `'VALID'`, `'SAME'` or `'SAME_LOWER'`.
fn padding_of(
    kind: &str,
    shape: &[usize],
    window: &[usize],
    strides: &[usize],
) -> Result<Vec<(i64, i64)>> {
    let same = match kind.to_uppercase().as_str() {
        "VALID" => return Ok(vec![(0, 0); shape.len()]),
        "SAME" => true,
        "SAME_LOWER" => false,
        _ => {
            return Err(Error::Runtime {
                message: format!(
                "Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got {kind}."
            ),
            })
        }
    };
    Ok((0..shape.len())
        .map(|d| {
            let (n, s, w) = (shape[d] as i64, strides[d].max(1) as i64, window[d] as i64);
            let out = (n + s - 1) / s;
            let total = ((out - 1) * s + w - n).max(0);
            let (small, big) = (total / 2, total - total / 2);
            if same {
                (small, big)
            } else {
                (big, small)
            }
        })
        .collect())
}

/// The window of a `reduce_window` call on operands of shape `shape`.
fn window_of(a: &Args, shape: &[usize]) -> Result<Window> {
    let dimensions = a.shape("window_dimensions")?;
    let n = dimensions.len();
    let strides = per_dim(a, "window_strides", n)?;
    let base_dilation = per_dim(a, "base_dilation", n)?;
    let window_dilation = per_dim(a, "window_dilation", n)?;
    let padding = match a.get("padding")? {
        Arg::Str(kind) => {
            let dilated: Vec<usize> = (0..n)
                .map(|d| dilate(dimensions[d], window_dilation.get(d).copied().unwrap_or(1)))
                .collect();
            if shape.len() != n || strides.len() != n {
                // A mismatch the window's shape rule reports, in JAX's words.
                vec![(0, 0); n]
            } else {
                padding_of(kind, shape, &dilated, &strides)?
            }
        }
        // Python unpacks each pair (`for lo, hi in padding`), in its words.
        arg => int_rows(arg, "padding")?
            .into_iter()
            .map(|row| match row.as_slice() {
                [lo, hi] => Ok((*lo, *hi)),
                [_, _, ..] => Err(Error::Value {
                    message: "too many values to unpack (expected 2)".into(),
                }),
                short => Err(Error::Value {
                    message: format!(
                        "not enough values to unpack (expected 2, got {})",
                        short.len()
                    ),
                }),
            })
            .collect::<Result<_>>()?,
    };
    Ok(Window {
        dimensions,
        strides,
        padding,
        base_dilation,
        window_dilation,
    })
}

fn reduce_window(a: &Args) -> Result<Output> {
    let (xs, inits, tree) = operands_and_inits(a, "operand", "init_value")?;
    let window = window_of(a, xs[0].shape())?;
    let computation = a.callable("computation")?;
    let op = match (tree, inits.as_slice()) {
        (Tree::Leaf, [init]) => monoid(&computation, init),
        _ => None,
    };
    let op = match op {
        Some("add") => Some(WindowOp::Sum),
        Some("max") => Some(WindowOp::Max),
        Some("min") => Some(WindowOp::Min),
        _ => None,
    };
    if let Some(op) = op {
        return Ok(Output::Array(windowed::reduce_window(op, &xs[0], &window)?));
    }
    let avals: Vec<ShapedArray> = inits.iter().map(Value::aval).collect();
    let body = trace_computation("reduce_window", &computation, tree, &avals)?;
    let outs = ReduceWindow::bind(body, window, &xs, &inits)?;
    Ok(output(outs, tree))
}

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Lax, $($t)*) };
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "reduce",
        &[
            p("operands", K::Data, D::Required),
            p("init_values", K::Data, D::Required),
            p("computation", K::Callable, D::Required),
            p("dimensions", K::Axis, D::Required),
            p("out_sharding", K::Unsupported, D::None),
        ],
        "The operands reduced over `dimensions` by `computation(accumulated, next)`, starting from `init_values`.",
        "Operands are an array or a tuple of arrays (not deeper pytrees); a tuple comes back as a tuple, also for a list.",
        reduce
    ),
    f!(
        "reduce_window",
        &[
            p("operand", K::Data, D::Required),
            p("init_value", K::Data, D::Required),
            p("computation", K::Callable, D::Required),
            p("window_dimensions", K::Shape, D::Required),
            p("window_strides", K::Shape, D::None),
            p("padding", K::Data, D::Str("VALID")),
            p("base_dilation", K::Shape, D::None),
            p("window_dilation", K::Shape, D::None),
        ],
        "Each window of the operand reduced by `computation(accumulated, next)`, starting from `init_value`.",
        "Operands are an array or a tuple of arrays (not deeper pytrees). As in JAX, reverse-mode differentiation works for `lax.add`, `lax.max` and `lax.min` with their identities, not for other computations.",
        reduce_window
    ),
];
