//! `jax.numpy`: each function's signature as JAX 0.10.2 declares it and the `jnp` layer call
//! that runs it.

use super::args::{Args, Output};
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::Result;
use crate::jnp::{self, creation, reductions::Reduction, shape};
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::trace::Value;

const fn p(name: &'static str, kind: K, default: D) -> Param {
    Param::new(name, kind, default)
}

const X: Param = p("x", K::Array, D::Required).positional();
const X1: Param = p("x1", K::Array, D::Required).positional();
const X2: Param = p("x2", K::Array, D::Required).positional();
const Y: Param = p("y", K::Array, D::Required).positional();
const A: Param = p("a", K::Array, D::Required);
const AXIS: Param = p("axis", K::Axis, D::None);
const DTYPE: Param = p("dtype", K::Dtype, D::None);
const OUT: Param = p("out", K::Unsupported, D::None);
const KEEPDIMS: Param = p("keepdims", K::Bool, D::Bool(false));
const WHERE: Param = p("where", K::Array, D::None);
const UFUNC_OUT: Param = p("out", K::Unsupported, D::None).keyword();
const UFUNC_WHERE: Param = p("where", K::Unsupported, D::None).keyword();
const DEVICE: Param = p("device", K::Unsupported, D::None).keyword();
const OUT_SHARDING: Param = p("out_sharding", K::Unsupported, D::None).keyword();
const SHAPE: Param = p("shape", K::Shape, D::Required);
const LIKE_SHAPE: Param = p("shape", K::Shape, D::None);

const UNARY: &[Param] = &[X];
const UFUNC1: &[Param] = &[X, UFUNC_OUT, UFUNC_WHERE];
const UFUNC2: &[Param] = &[X1, X2, UFUNC_OUT, UFUNC_WHERE];
const BINARY: &[Param] = &[X1, X2];
const COMPARE: &[Param] = &[X, Y];

fn out(v: Result<Value>) -> Result<Output> {
    v.map(Output::Array)
}

fn unary(a: &Args, op: UnaryOp) -> Result<Output> {
    out(jnp::unary(op, &a.array("x")?))
}

fn binary(a: &Args, op: BinaryOp) -> Result<Output> {
    out(jnp::binary(op, &a.array("x1")?, &a.array("x2")?))
}

fn compare(a: &Args, op: CompareOp) -> Result<Output> {
    out(jnp::compare(op, &a.array("x")?, &a.array("y")?))
}

/// The NumPy reduction arguments every reduction shares.
fn reduction(a: &Args, x: &Value, with_initial: bool) -> Result<Reduction> {
    Ok(Reduction {
        axes: a.axes("axis", x.shape().len())?,
        keepdims: a.bool("keepdims")?,
        dtype: a.dtype("dtype")?,
        where_: a.opt_array("where")?,
        initial: if with_initial {
            a.opt_array("initial")?
        } else {
            None
        },
    })
}

fn like_shape(a: &Args, x: &Value) -> Result<Vec<usize>> {
    if a.is_none("shape")? {
        Ok(x.shape().to_vec())
    } else {
        a.shape("shape")
    }
}

macro_rules! f {
    ($name:literal, $params:expr, $doc:literal, $run:expr) => {
        f!($name, $params, $doc, "", $run)
    };
    ($name:literal, $params:expr, $doc:literal, $differs:literal, $run:expr) => {
        Function {
            namespace: Namespace::Numpy,
            name: $name,
            params: $params,
            doc: $doc,
            differs: $differs,
            run: $run,
        }
    };
}

pub static FUNCTIONS: &[Function] = &[
    // ------------------------------------------------------------ arithmetic
    f!("add", UFUNC2, "Elementwise sum.", |a| binary(
        a,
        BinaryOp::Add
    )),
    f!("subtract", UFUNC2, "Elementwise difference.", |a| binary(
        a,
        BinaryOp::Sub
    )),
    f!("multiply", UFUNC2, "Elementwise product.", |a| binary(
        a,
        BinaryOp::Mul
    )),
    f!(
        "divide",
        BINARY,
        "Elementwise true division (integers give float32).",
        |a| binary(a, BinaryOp::Div)
    ),
    f!(
        "true_divide",
        BINARY,
        "Elementwise true division (integers give float32).",
        |a| binary(a, BinaryOp::Div)
    ),
    f!("negative", UFUNC1, "Elementwise negation.", |a| unary(
        a,
        UnaryOp::Neg
    )),
    f!(
        "positive",
        UNARY,
        "The array itself (NumPy's unary plus).",
        |a| out(a.array("x"))
    ),
    f!("sin", UNARY, "Elementwise sine.", |a| unary(
        a,
        UnaryOp::Sin
    )),
    f!("cos", UNARY, "Elementwise cosine.", |a| unary(
        a,
        UnaryOp::Cos
    )),
    f!("exp", UNARY, "Elementwise e**x.", |a| unary(
        a,
        UnaryOp::Exp
    )),
    f!("log", UNARY, "Elementwise natural logarithm.", |a| unary(
        a,
        UnaryOp::Log
    )),
    // ------------------------------------------------------------ comparisons
    f!("less", COMPARE, "Elementwise x < y.", |a| compare(
        a,
        CompareOp::Lt
    )),
    f!("less_equal", COMPARE, "Elementwise x <= y.", |a| compare(
        a,
        CompareOp::Le
    )),
    f!("greater", COMPARE, "Elementwise x > y.", |a| compare(
        a,
        CompareOp::Gt
    )),
    f!(
        "greater_equal",
        COMPARE,
        "Elementwise x >= y.",
        |a| compare(a, CompareOp::Ge)
    ),
    f!("equal", COMPARE, "Elementwise x == y.", |a| compare(
        a,
        CompareOp::Eq
    )),
    f!("not_equal", COMPARE, "Elementwise x != y.", |a| compare(
        a,
        CompareOp::Ne
    )),
    // ------------------------------------------------------------ reductions
    f!(
        "sum",
        &[
            A,
            AXIS,
            DTYPE,
            OUT,
            KEEPDIMS,
            p("initial", K::Array, D::None),
            WHERE,
            p("promote_integers", K::Bool, D::Bool(true))
        ],
        "Sum of the elements over the given axes.",
        |a| {
            let x = a.array("a")?;
            out(jnp::reductions::sum(&x, &reduction(a, &x, true)?))
        }
    ),
    f!(
        "mean",
        &[A, AXIS, DTYPE, OUT, KEEPDIMS, WHERE.keyword()],
        "Arithmetic mean over the given axes (float32 for integer input).",
        |a| {
            let x = a.array("a")?;
            out(jnp::reductions::mean(&x, &reduction(a, &x, false)?))
        }
    ),
    // ------------------------------------------------------------ shapes
    f!(
        "reshape",
        &[
            A,
            SHAPE,
            p("order", K::Str, D::Str("C")),
            p("copy", K::Unsupported, D::None).keyword(),
            OUT_SHARDING
        ],
        "The same elements under a new shape (one entry may be -1).",
        "order='F' and 'A' are not supported yet.",
        |a| {
            a.choice("order", &["C"])?;
            let x = a.array("a")?;
            let dims = a.ints("shape")?;
            out(jnp::reshape(&x, &dims))
        }
    ),
    f!(
        "ravel",
        &[A, p("order", K::Str, D::Str("C")), OUT_SHARDING],
        "The elements as one axis, in row-major order.",
        |a| {
            a.choice("order", &["C"])?;
            out(shape::ravel(&a.array("a")?))
        }
    ),
    f!(
        "transpose",
        &[A, p("axes", K::Axis, D::None)],
        "The axes permuted (reversed by default).",
        |a| {
            let x = a.array("a")?;
            let rank = x.shape().len();
            let perm = a
                .axes("axes", rank)?
                .unwrap_or_else(|| (0..rank).rev().collect());
            out(crate::lax::transpose(&x, perm))
        }
    ),
    f!(
        "moveaxis",
        &[
            A,
            p("source", K::Axis, D::Required),
            p("destination", K::Axis, D::Required)
        ],
        "Axes moved to new positions, the others keeping their order.",
        |a| {
            let x = a.array("a")?;
            let rank = x.shape().len();
            let source = a.axes("source", rank)?.unwrap_or_default();
            let destination = a.axes("destination", rank)?.unwrap_or_default();
            out(shape::moveaxis(&x, &source, &destination))
        }
    ),
    f!(
        "swapaxes",
        &[
            A,
            p("axis1", K::Int, D::Required),
            p("axis2", K::Int, D::Required)
        ],
        "Two axes interchanged.",
        |a| {
            let x = a.array("a")?;
            let rank = x.shape().len();
            out(shape::swapaxes(
                &x,
                a.axis("axis1", rank)?,
                a.axis("axis2", rank)?,
            ))
        }
    ),
    f!(
        "squeeze",
        &[A, AXIS],
        "Size-1 axes removed (those given, or all).",
        |a| {
            let x = a.array("a")?;
            let axes = a.axes("axis", x.shape().len())?;
            out(shape::squeeze(&x, axes))
        }
    ),
    f!(
        "expand_dims",
        &[A, p("axis", K::Axis, D::Required)],
        "Size-1 axes inserted at the given positions of the result.",
        |a| {
            let x = a.array("a")?;
            let axes = a.ints("axis")?;
            out(shape::expand_dims(&x, &axes))
        }
    ),
    f!(
        "flip",
        &[p("m", K::Array, D::Required), AXIS],
        "The order of elements reversed along the given axes (all by default).",
        "Inlined: JAX wraps it in a nested `jit[name=_flip]`.",
        |a| {
            let x = a.array("m")?;
            let axes = a.axes("axis", x.shape().len())?;
            out(shape::flip(&x, axes))
        }
    ),
    f!(
        "broadcast_to",
        &[p("array", K::Array, D::Required), SHAPE, OUT_SHARDING],
        "The array broadcast to a shape, NumPy's rules.",
        |a| out(jnp::broadcast_to(&a.array("array")?, &a.shape("shape")?))
    ),
    f!(
        "broadcast_arrays",
        &[p("args", K::VarArrays, D::Required)],
        "Every argument broadcast to their common shape.",
        |a| shape::broadcast_arrays(&a.var_arrays()?).map(Output::List)
    ),
    f!(
        "atleast_1d",
        &[p("arys", K::VarArrays, D::Required)],
        "Arrays with at least one axis.",
        |a| atleast(a, 1)
    ),
    f!(
        "atleast_2d",
        &[p("arys", K::VarArrays, D::Required)],
        "Arrays with at least two axes.",
        "Inlined: JAX wraps it in a nested `jit[name=atleast_2d]`.",
        |a| atleast(a, 2)
    ),
    f!(
        "atleast_3d",
        &[p("arys", K::VarArrays, D::Required)],
        "Arrays with at least three axes.",
        "Inlined: JAX wraps it in a nested `jit[name=atleast_3d]`.",
        |a| atleast(a, 3)
    ),
    f!(
        "shape",
        &[p("a", K::Array, D::Required)],
        "The shape, as a tuple.",
        |a| {
            Ok(Output::Ints(
                a.array("a")?.shape().iter().map(|&d| d as i64).collect(),
            ))
        }
    ),
    f!(
        "ndim",
        &[p("a", K::Array, D::Required)],
        "The number of axes.",
        |a| { Ok(Output::Int(a.array("a")?.shape().len() as i64)) }
    ),
    f!(
        "size",
        &[p("a", K::Array, D::Required), AXIS],
        "The number of elements (along the given axes).",
        |a| {
            let x = a.array("a")?;
            let shape = x.shape();
            let axes = a
                .axes("axis", shape.len())?
                .unwrap_or_else(|| (0..shape.len()).collect());
            Ok(Output::Int(axes.iter().map(|&d| shape[d] as i64).product()))
        }
    ),
    f!(
        "astype",
        &[
            X,
            p("dtype", K::Dtype, D::Required).positional(),
            p("copy", K::Bool, D::Bool(false)).keyword(),
            DEVICE
        ],
        "The array converted to another dtype.",
        |a| {
            let dtype = a.dtype("dtype")?.unwrap_or(crate::dtype::DType::Float32);
            out(jnp::astype(&a.array("x")?, dtype))
        }
    ),
    // ------------------------------------------------------------ creation
    f!(
        "zeros",
        &[SHAPE, DTYPE, DEVICE, OUT_SHARDING],
        "An array of zeros (float32 by default).",
        |a| { filled(&a.shape("shape")?, 0.0, a.dtype("dtype")?) }
    ),
    f!(
        "ones",
        &[SHAPE, DTYPE, DEVICE, OUT_SHARDING],
        "An array of ones (float32 by default).",
        |a| { filled(&a.shape("shape")?, 1.0, a.dtype("dtype")?) }
    ),
    f!(
        "empty",
        &[SHAPE, DTYPE, DEVICE, OUT_SHARDING],
        "An array of zeros: JAX has no uninitialised memory.",
        |a| { filled(&a.shape("shape")?, 0.0, a.dtype("dtype")?) }
    ),
    f!(
        "full",
        &[
            SHAPE,
            p("fill_value", K::Array, D::Required),
            DTYPE,
            DEVICE,
            OUT_SHARDING
        ],
        "An array filled with one value (its dtype unless `dtype` is given).",
        |a| out(creation::full(
            &a.shape("shape")?,
            &a.array("fill_value")?,
            a.dtype("dtype")?
        ))
    ),
    f!(
        "zeros_like",
        &[A, DTYPE, LIKE_SHAPE, DEVICE, OUT_SHARDING],
        "Zeros of an array's shape and dtype.",
        |a| like(a, 0.0)
    ),
    f!(
        "ones_like",
        &[A, DTYPE, LIKE_SHAPE, DEVICE, OUT_SHARDING],
        "Ones of an array's shape and dtype.",
        |a| like(a, 1.0)
    ),
    f!(
        "empty_like",
        &[
            p("prototype", K::Array, D::Required),
            DTYPE,
            LIKE_SHAPE,
            DEVICE,
        ],
        "Zeros of an array's shape and dtype.",
        |a| {
            let x = a.array("prototype")?;
            let dtype = a.dtype("dtype")?.unwrap_or(x.type_key().dtype);
            out(creation::full(
                &like_shape(a, &x)?,
                &creation::scalar(0.0, dtype)?,
                Some(dtype),
            ))
        }
    ),
    f!(
        "full_like",
        &[
            A,
            p("fill_value", K::Array, D::Required),
            DTYPE,
            LIKE_SHAPE,
            DEVICE,
            OUT_SHARDING
        ],
        "An array of another's shape and dtype, filled with one value.",
        |a| {
            let x = a.array("a")?;
            let dtype = a.dtype("dtype")?.unwrap_or(x.type_key().dtype);
            out(creation::full(
                &like_shape(a, &x)?,
                &a.array("fill_value")?,
                Some(dtype),
            ))
        }
    ),
    f!(
        "eye",
        &[
            p("N", K::Int, D::Required),
            p("M", K::Int, D::None),
            p("k", K::Int, D::Int(0)),
            DTYPE,
            DEVICE
        ],
        "A 2-D array with ones on a diagonal.",
        |a| {
            let n = a.shape("N")?[0];
            let m = match a.opt_int("M")? {
                Some(_) => a.shape("M")?[0],
                None => n,
            };
            let dtype = a.dtype("dtype")?.unwrap_or(crate::dtype::DType::Float32);
            out(creation::eye(n, m, a.int("k")?, dtype))
        }
    ),
    f!(
        "identity",
        &[p("n", K::Int, D::Required), DTYPE],
        "The square identity matrix.",
        |a| {
            let n = a.shape("n")?[0];
            let dtype = a.dtype("dtype")?.unwrap_or(crate::dtype::DType::Float32);
            out(creation::eye(n, n, 0, dtype))
        }
    ),
    f!(
        "arange",
        &[
            p("start", K::Array, D::Required),
            p("stop", K::Array, D::None),
            p("step", K::Array, D::None),
            DTYPE,
            DEVICE,
            OUT_SHARDING
        ],
        "Evenly spaced values in [start, stop): int32 when every bound is an int.",
        |a| {
            let bounds = ["start", "stop", "step"];
            let mut floats = false;
            let mut values = [0.0; 3];
            for (k, name) in bounds.iter().enumerate() {
                match a.get(name)? {
                    super::Arg::None => values[k] = f64::NAN,
                    super::Arg::Float(_) => {
                        floats = true;
                        values[k] = a.float(name)?;
                    }
                    _ => values[k] = a.float(name)?,
                }
            }
            let (start, stop, step) = match (values[1].is_nan(), values[2].is_nan()) {
                (true, _) => (0.0, values[0], 1.0),
                (false, true) => (values[0], values[1], 1.0),
                (false, false) => (values[0], values[1], values[2]),
            };
            let default = if floats {
                crate::dtype::DType::Float32
            } else {
                crate::dtype::DType::Int32
            };
            out(creation::arange(
                start,
                stop,
                step,
                a.dtype("dtype")?.unwrap_or(default),
            ))
        }
    ),
];

fn filled(shape: &[usize], value: f64, dtype: Option<crate::dtype::DType>) -> Result<Output> {
    let dtype = dtype.unwrap_or(crate::dtype::DType::Float32);
    out(creation::full(
        shape,
        &creation::scalar(value, dtype)?,
        Some(dtype),
    ))
}

fn like(a: &Args, value: f64) -> Result<Output> {
    let x = a.array("a")?;
    let dtype = a.dtype("dtype")?.unwrap_or(x.type_key().dtype);
    out(creation::full(
        &like_shape(a, &x)?,
        &creation::scalar(value, dtype)?,
        Some(dtype),
    ))
}

fn atleast(a: &Args, rank: usize) -> Result<Output> {
    let xs = a.var_arrays()?;
    let mut outs = xs
        .iter()
        .map(|x| shape::atleast(x, rank))
        .collect::<Result<Vec<_>>>()?;
    if outs.len() == 1 {
        Ok(Output::Array(outs.remove(0)))
    } else {
        Ok(Output::List(outs))
    }
}
