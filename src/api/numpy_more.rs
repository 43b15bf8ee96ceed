//! More of `jax.numpy`: ranges and grids, `pad`, `einsum`, diagonals, the NaN-ignoring
//! statistics, `cov` / `corrcoef`, polynomials, 1-D convolution, dtype promotion as functions
//! and the array-API names. The NumPy-level rules live in `jnp::{ranges, pad, einsum, poly,
//! stats, misc}`.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::jnp::joining::{self as join, Sections};
use crate::jnp::pad::Mode;
use crate::jnp::reductions::Reduction;
use crate::jnp::{einsum, misc, pad, poly, ranges, shape, stats};
use crate::primitives::reductions::ArgOp;
use crate::trace::Value;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

const START: Param = p("start", K::Array, D::Required);
const STOP: Param = p("stop", K::Array, D::Required);
const NUM: Param = p("num", K::Int, D::Int(50));
const ENDPOINT: Param = p("endpoint", K::Bool, D::Bool(true));
const AXIS0: Param = p("axis", K::Int, D::Int(0));
const M: Param = p("m", K::Array, D::Required);
const V: Param = p("v", K::Array, D::Required);
const K0: Param = p("k", K::Int, D::Int(0));
const INT_AXIS: Param = p("axis", K::Int, D::None);
const NAN_ARG: &[Param] = &[A, INT_AXIS, OUT, p("keepdims", K::Bool, D::None)];
const NAN_VAR: &[Param] = &[
    A,
    AXIS,
    DTYPE,
    OUT,
    p("ddof", K::Int, D::Int(0)),
    KEEPDIMS,
    p("where", K::Unsupported, D::None),
    p("mean", K::Unsupported, D::None),
];
const CONV: [Param; 5] = [
    p("a", K::Array, D::Required),
    V,
    p("mode", K::Str, D::Str("full")),
    p("precision", K::Unsupported, D::None).keyword(),
    p("preferred_element_type", K::Dtype, D::None).keyword(),
];
const CORRELATE: [Param; 5] = [
    CONV[0],
    CONV[1],
    p("mode", K::Str, D::Str("valid")),
    CONV[3],
    CONV[4],
];
const POLY2: &[Param] = &[
    p("a1", K::Array, D::Required),
    p("a2", K::Array, D::Required),
];
const WINDOW: &[Param] = &[p("M", K::Int, D::Required)];
const FLIP: &[Param] = &[M];

/// An `int | None` axis, normalised against `x`'s rank.
fn int_axis(a: &Args, x: &Value) -> Result<Option<usize>> {
    if a.is_none("axis")? {
        Ok(None)
    } else {
        a.axis("axis", x.shape().len()).map(Some)
    }
}

fn tuple(vs: Vec<Value>) -> Output {
    Output::Tuple(vs)
}

/// A dtype argument that must be given (`promote_types`).
fn dtype_of(a: &Args, name: &str) -> Result<DType> {
    a.dtype(name)?.ok_or_else(|| Error::Signature {
        message: format!(
            "{}: argument `{name}` must be a dtype, got None",
            a.qualified()
        ),
    })
}

/// `pad_width`: its ints flattened, and whether they came as pairs.
fn pad_widths(a: &Args, rank: usize) -> Result<Vec<(usize, usize)>> {
    let arg = a.get("pad_width")?;
    let bad = || Error::Signature {
        message: "jnp.pad: pad_width must be an int or a (nested) sequence of ints".into(),
    };
    let (flat, nested) = match arg {
        Arg::Seq(items) if items.iter().all(|i| matches!(i, Arg::Seq(_))) => {
            let mut flat = Vec::new();
            for item in items {
                let Arg::Seq(pair) = item else {
                    return Err(bad());
                };
                if pair.len() != 2 {
                    return Err(Error::Value {
                        message: format!("jnp.pad: pad_width with nd={rank} has unsupported shape ({}, {}). Valid shapes are ({rank}, 2), (1, 2), (2,), (1,), or ().", items.len(), pair.len()),
                    });
                }
                for v in pair {
                    flat.push(v.as_int().ok_or_else(bad)?);
                }
            }
            (flat, true)
        }
        Arg::Seq(items) => (
            items
                .iter()
                .map(|i| i.as_int().ok_or_else(bad))
                .collect::<Result<Vec<_>>>()?,
            false,
        ),
        other => (vec![other.as_int().ok_or_else(bad)?], false),
    };
    if nested && flat.len() == 2 {
        return pad::pairs(&flat, false, rank);
    }
    pad::pairs(&flat, nested, rank)
}

/// `constant_values` from `**kwargs` (the JS glue passes a keyword it has no parameter for
/// as text, so a number may arrive as a string).
fn constant_values(a: &Args) -> Result<Value> {
    let mut fill = Value::Array(crate::array::Array::weak_scalar(0.0, DType::Int32));
    for (key, arg) in a.extra_keywords() {
        match key.as_str() {
            "constant_values" | "constantValues" => {
                fill = match arg {
                    Arg::Str(s) => {
                        let v: f64 = s.parse().map_err(|_| Error::Value {
                            message: format!(
                                "jnp.pad: constant_values must be a number, got '{s}'"
                            ),
                        })?;
                        crate::jnp::number(v)
                    }
                    other => other.to_value().ok_or_else(|| Error::Value {
                        message: "jnp.pad: constant_values must be a number or an array".into(),
                    })?,
                }
            }
            other => {
                return Err(Error::Value {
                    message: format!("Unsupported keyword arguments for mode: {{'{other}'}}"),
                })
            }
        }
    }
    Ok(fill)
}

/// The type each `result_type` argument brings: an array's (weak for a Python scalar) or a
/// dtype named by a string.
fn arg_type(arg: &Arg) -> Result<TypeKey> {
    if let Arg::Str(s) = arg {
        let dtype = match s.as_str() {
            "float64" | "float" => DType::Float32,
            "int64" | "int" => DType::Int32,
            other => DType::parse(other)?,
        };
        return Ok(TypeKey { dtype, weak: false });
    }
    arg.to_value()
        .map(|v| v.type_key())
        .ok_or_else(|| Error::Signature {
            message: "jnp.result_type: arguments must be arrays, scalars or dtypes".into(),
        })
}

/// One `broadcast_shapes` argument: a tuple of ints, an int, or a 1-D array of them.
fn shape_arg(arg: &Arg) -> Result<Vec<usize>> {
    let bad = || Error::Signature {
        message: "jnp.broadcast_shapes: each shape must be a tuple of non-negative ints".into(),
    };
    let ints: Vec<i64> = match arg {
        Arg::Seq(items) => items
            .iter()
            .map(|i| i.as_int().ok_or_else(bad))
            .collect::<Result<_>>()?,
        Arg::Array(v) => {
            let a = v.as_array().ok_or_else(bad)?;
            if a.shape().len() > 1 || a.dtype().is_float() {
                return Err(bad());
            }
            a.to_f64_vec().iter().map(|&x| x as i64).collect()
        }
        other => vec![other.as_int().ok_or_else(bad)?],
    };
    ints.iter()
        .map(|&d| usize::try_from(d).map_err(|_| bad()))
        .collect()
}

fn nan_reduced(a: &Args) -> Result<(Value, Reduction)> {
    let x = a.array("a")?;
    let r = reduction(a, &x)?;
    Ok((x, r))
}

fn nan_arg(a: &Args, op: ArgOp) -> Result<Output> {
    let x = a.array("a")?;
    let keepdims = !a.is_none("keepdims")? && a.bool("keepdims")?;
    out(stats::nanarg(op, &x, int_axis(a, &x)?, keepdims))
}

fn conv(a: &Args, correlate: bool) -> Result<Output> {
    // An unknown mode is refused by `poly::conv`, in JAX's words and at JAX's moment.
    let mode = match a.get("mode")? {
        Arg::Str(s) => s.clone(),
        _ => a.choice("mode", &["full", "same", "valid"])?.to_string(),
    };
    out(poly::conv(
        &a.array("a")?,
        &a.array("v")?,
        &mode,
        correlate,
        a.dtype("preferred_element_type")?,
    ))
}

pub static FUNCTIONS: &[Function] = &[
    // ------------------------------------------------------------ ranges and grids
    f!(
        "linspace",
        &[
            START,
            STOP,
            NUM,
            ENDPOINT,
            p("retstep", K::Bool, D::Bool(false)),
            DTYPE,
            AXIS0,
            DEVICE
        ],
        "`num` evenly spaced values from `start` to `stop` (inclusive unless `endpoint=False`), along a new `axis`; with `retstep`, also the step.",
        "Inlined: JAX wraps it in a nested `jit[name=_linspace]`.",
        |a| {
            let (v, step) = ranges::linspace(
                &a.array("start")?,
                &a.array("stop")?,
                a.int("num")?,
                a.bool("endpoint")?,
                a.dtype("dtype")?,
                a.int("axis")?,
            )?;
            Ok(if a.bool("retstep")? {
                tuple(vec![v, step])
            } else {
                Output::Array(v)
            })
        }
    ),
    f!(
        "logspace",
        &[
            START,
            STOP,
            NUM,
            ENDPOINT,
            p("base", K::Array, D::Float(10.0)),
            DTYPE,
            AXIS0
        ],
        "`base` raised to `num` evenly spaced exponents from `start` to `stop`.",
        "Inlined: JAX wraps it in nested `jit[name=_logspace]` and `jit[name=_linspace]`.",
        |a| out(ranges::logspace(
            &a.array("start")?,
            &a.array("stop")?,
            a.int("num")?,
            a.bool("endpoint")?,
            &a.array("base")?,
            a.dtype("dtype")?,
            a.int("axis")?,
        ))
    ),
    f!(
        "geomspace",
        &[START, STOP, NUM, ENDPOINT, DTYPE, AXIS0],
        "`num` values from `start` to `stop` spaced evenly on a log scale (a geometric progression).",
        "Inlined: JAX wraps it in nested `jit`s (`_geomspace`, `_logspace`, `_linspace`).",
        |a| out(ranges::geomspace(
            &a.array("start")?,
            &a.array("stop")?,
            a.int("num")?,
            a.bool("endpoint")?,
            a.dtype("dtype")?,
            a.int("axis")?,
        ))
    ),
    f!(
        "meshgrid",
        &[
            p("xi", K::VarArrays, D::Required),
            p("copy", K::Bool, D::Bool(true)).keyword(),
            p("sparse", K::Bool, D::Bool(false)).keyword(),
            p("indexing", K::Str, D::Str("xy")).keyword()
        ],
        "Coordinate grids from 1-D arrays (`indexing='xy'` swaps the first two axes; `sparse` keeps size-1 axes).",
        |a| {
            if !a.bool("copy")? {
                return Err(Error::Value {
                    message: "jax.numpy.meshgrid only supports copy=True".into(),
                });
            }
            let indexing = match a.get("indexing")? {
                Arg::Str(s) if s == "xy" || s == "ij" => s.clone(),
                Arg::Str(s) => {
                    return Err(Error::Value {
                        message: format!("Valid values for indexing are 'xy' and 'ij', got {s}"),
                    })
                }
                _ => a.choice("indexing", &["xy", "ij"])?.to_string(),
            };
            ranges::meshgrid(&a.var_arrays()?, a.bool("sparse")?, &indexing).map(Output::List)
        }
    ),
    f!(
        "indices",
        &[
            p("dimensions", K::Shape, D::Required),
            DTYPE,
            p("sparse", K::Bool, D::Bool(false))
        ],
        "The index grids of a shape, stacked (a tuple of broadcastable grids when `sparse`).",
        "JAX 0.10.2 binds a `stack` primitive; jaxplay stacks with `broadcast_in_dim` and `concatenate`.",
        |a| {
            let dtype = a.dtype("dtype")?.unwrap_or(DType::Int32);
            let sparse = a.bool("sparse")?;
            let grids = ranges::indices(&a.shape("dimensions")?, dtype, sparse)?;
            Ok(if sparse {
                tuple(grids)
            } else {
                Output::Array(grids.into_iter().next().ok_or_else(|| Error::internal("no grid"))?)
            })
        }
    ),
    f!(
        "tri",
        &[
            p("N", K::Int, D::Required),
            p("M", K::Int, D::None),
            K0,
            DTYPE
        ],
        "Ones at and below diagonal `k` of an N x M matrix, zeros above (float32 by default).",
        |a| {
            let n = a.shape("N")?[0];
            let m = match a.opt_int("M")? {
                Some(_) => a.shape("M")?[0],
                None => n,
            };
            let dtype = a.dtype("dtype")?.unwrap_or(DType::Float32);
            out(ranges::tri(n, m, a.int("k")?, dtype))
        }
    ),
    f!(
        "diag_indices",
        &[p("n", K::Int, D::Required), p("ndim", K::Int, D::Int(2))],
        "The indices of the main diagonal of an n x ... x n array: `ndim` copies of `arange(n)`.",
        |a| {
            let n = a.shape("n")?[0];
            let ndim = a.shape("ndim")?[0];
            ranges::diag_indices(n, ndim).map(tuple)
        }
    ),
    f!(
        "diag_indices_from",
        &[p("arr", K::Array, D::Required)],
        "`diag_indices` of a square array.",
        |a| ranges::diag_indices_from(&a.array("arr")?).map(tuple)
    ),
    f!(
        "bartlett",
        WINDOW,
        "The Bartlett (triangular) window of `M` points.",
        |a| out(ranges::bartlett(a.shape("M")?[0]))
    ),
    f!(
        "blackman",
        WINDOW,
        "The Blackman window of `M` points.",
        |a| out(ranges::blackman(a.shape("M")?[0]))
    ),
    // ------------------------------------------------------------ padding, flips, diagonals
    f!(
        "pad",
        &[
            p("array", K::Array, D::Required),
            p("pad_width", K::Data, D::Required),
            p("mode", K::Str, D::Str("constant")),
            p("kwargs", K::VarKeywords, D::Required).keyword()
        ],
        "The array padded by `pad_width` per axis: `mode` 'constant' (with `constant_values`), 'edge', 'reflect', 'symmetric' or 'wrap'.",
        "Inlined: JAX wraps it in nested `jit[name=_pad]` (and `_flip`). Modes 'linear_ramp', 'maximum', 'mean', 'median', 'minimum', 'empty' and a callable mode, `reflect_type='odd'` and per-axis `constant_values` are not supported yet.",
        |a| {
            let x = a.array("array")?;
            let mode = match a.choice("mode", &["constant", "edge", "wrap", "reflect", "symmetric"])? {
                "constant" => Mode::Constant,
                "edge" => Mode::Edge,
                "wrap" => Mode::Wrap,
                "reflect" => Mode::Reflect,
                _ => Mode::Symmetric,
            };
            let fill = if mode == Mode::Constant {
                constant_values(a)?
            } else {
                if let Some((key, _)) = a.extra_keywords().first() {
                    return Err(Error::Value {
                        message: format!("Unsupported keyword arguments for mode: {{'{key}'}}"),
                    });
                }
                crate::jnp::number(0.0)
            };
            let widths = pad_widths(a, x.shape().len())?;
            out(pad::pad(&x, &widths, mode, &fill))
        }
    ),
    f!(
        "fliplr",
        FLIP,
        "The columns in reverse order (axis 1 flipped).",
        "Inlined: JAX wraps it in a nested `jit[name=_flip]`.",
        |a| {
            let x = a.array("m")?;
            if x.shape().len() < 2 {
                return Err(Error::Value {
                    message: format!("Input must be >= 2-d, got {}-d", x.shape().len()),
                });
            }
            out(shape::flip(&x, Some(vec![1])))
        }
    ),
    f!(
        "flipud",
        FLIP,
        "The rows in reverse order (axis 0 flipped).",
        "Inlined: JAX wraps it in a nested `jit[name=_flip]`.",
        |a| {
            let x = a.array("m")?;
            if x.shape().is_empty() {
                return Err(Error::Value {
                    message: "Input must be >= 1-d, got 0-d".into(),
                });
            }
            out(shape::flip(&x, Some(vec![0])))
        }
    ),
    f!(
        "diag",
        &[V, K0],
        "A 1-D array laid on diagonal `k` of a square matrix, or a matrix's `k`-th diagonal.",
        "Inlined: JAX wraps it in nested `jit`s (`_diag`, `_where` / `diagonal`); a square matrix's diagonal is a `gather` (JAX stages a platform-dependent `cond`).",
        |a| out(misc::diag(&a.array("v")?, a.int("k")?))
    ),
    f!(
        "diagflat",
        &[V, K0],
        "The flattened input laid on diagonal `k` of a square matrix.",
        "JAX scatters into a flat array of zeros; jaxplay builds it as `diag` of the flattened input (same values).",
        |a| out(misc::diagflat(&a.array("v")?, a.int("k")?))
    ),
    // ------------------------------------------------------------ einsum and products
    f!(
        "einsum",
        &[
            p("subscripts", K::Str, D::Required).positional(),
            p("operands", K::VarArrays, D::Required),
            p("out", K::Unsupported, D::None).keyword(),
            p("optimize", K::Str, D::Str("auto")).keyword(),
            p("precision", K::Unsupported, D::None).keyword(),
            p("preferred_element_type", K::Dtype, D::None).keyword(),
            p("_dot_general", K::Unsupported, D::None).keyword(),
            OUT_SHARDING
        ],
        "Einstein summation over a subscripts string ('ij,jk->ik', implicit output, `...`).",
        "Operands are contracted left to right (lone labels by `reduce_sum`, repeated ones by an `iota` mask, pairs by `dot_general`), as JAX does for one or two operands; for three or more JAX orders the contractions with opt_einsum, so the jaxpr may differ (the values do not). `optimize` is accepted and ignored.",
        |a| {
            let Arg::Str(spec) = a.get("subscripts")? else {
                return Err(Error::Unsupported {
                    what: "jnp.einsum with the interleaved (operand, axes) form",
                });
            };
            out(einsum::einsum(
                spec,
                &a.var_arrays()?,
                a.dtype("preferred_element_type")?,
            ))
        }
    ),
    f!(
        "vecdot",
        &[
            X1,
            X2,
            p("axis", K::Int, D::Int(-1)).keyword(),
            p("precision", K::Unsupported, D::None).keyword(),
            p("preferred_element_type", K::Unsupported, D::None).keyword()
        ],
        "The dot product of vectors along `axis`, broadcast over the other axes.",
        "Operands of different shapes, both of two or more dimensions, are multiplied and summed (JAX vmaps `vdot`).",
        |a| out(misc::vecdot(&a.array("x1")?, &a.array("x2")?, a.int("axis")?))
    ),
    f!(
        "matvec",
        BINARY,
        "A matrix times a vector (the last axes contracted).",
        "Inlined: JAX wraps it in a nested `jit[name=matvec]`. Batch dimensions are not supported yet.",
        |a| out(misc::matvec(&a.array("x1")?, &a.array("x2")?, false))
    ),
    f!(
        "vecmat",
        BINARY,
        "A vector times a matrix (the vector against the matrix's second-to-last axis).",
        "Inlined: JAX wraps it in a nested `jit[name=vecmat]`. Batch dimensions are not supported yet.",
        |a| out(misc::matvec(&a.array("x1")?, &a.array("x2")?, true))
    ),
    f!(
        "cross",
        &[
            p("a", K::Array, D::Required),
            p("b", K::Array, D::Required),
            p("axisa", K::Int, D::Int(-1)),
            p("axisb", K::Int, D::Int(-1)),
            p("axisc", K::Int, D::Int(-1)),
            p("axis", K::Int, D::None)
        ],
        "The cross product of 2- or 3-component vectors (along the last axis by default).",
        "Inlined: JAX wraps it in a nested `jit[name=cross]`.",
        |a| {
            let (mut xa, mut xb, mut xc) = (a.int("axisa")?, a.int("axisb")?, a.int("axisc")?);
            if let Some(ax) = a.opt_int("axis")? {
                (xa, xb, xc) = (ax, ax, ax);
            }
            out(poly::cross(&a.array("a")?, &a.array("b")?, xa, xb, xc))
        }
    ),
    // ------------------------------------------------------------ shapes (array API)
    f!(
        "matrix_transpose",
        UNARY,
        "The last two axes swapped.",
        |a| {
            let x = a.array("x")?;
            let rank = x.shape().len();
            if rank < 2 {
                return Err(Error::Value {
                    message: format!("x must be at least two-dimensional for matrix_transpose; got ndim={rank}"),
                });
            }
            out(shape::swapaxes(&x, rank - 2, rank - 1))
        }
    ),
    f!(
        "permute_dims",
        &[A.positional(), p("axes", K::Axis, D::Required)],
        "The axes permuted as `axes` lists them.",
        |a| {
            let x = a.array("a")?;
            let rank = x.shape().len();
            let perm = a.axes("axes", rank)?.unwrap_or_default();
            out(crate::lax::transpose(&x, perm))
        }
    ),
    f!(
        "unstack",
        &[X, p("axis", K::Int, D::Int(0)).keyword()],
        "The slices along `axis`, as a tuple.",
        "JAX 0.10.2 binds an `unstack` primitive; jaxplay slices and squeezes each.",
        |a| misc::unstack(&a.array("x")?, a.int("axis")?).map(tuple)
    ),
    f!(
        "dsplit",
        &[
            p("ary", K::Array, D::Required),
            p("indices_or_sections", K::Axis, D::Required)
        ],
        "`split` along axis 2 (for arrays of three or more dimensions).",
        "JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints.",
        |a| {
            let x = a.array("ary")?;
            if x.shape().len() < 3 {
                return Err(Error::Value {
                    message: "dsplit only works on arrays of 3 or more dimensions".into(),
                });
            }
            let sections = match a.get("indices_or_sections")? {
                Arg::Seq(_) => Sections::Indices(a.ints("indices_or_sections")?),
                _ => Sections::Count(a.int("indices_or_sections")?),
            };
            join::split(&x, &sections, 2, true).map(Output::List)
        }
    ),
    f!(
        "broadcast_shapes",
        &[p("shapes", K::VarArrays, D::Required)],
        "The shape the given shapes broadcast to, as a tuple.",
        |a| {
            let shapes = a.rest().iter().map(shape_arg).collect::<Result<Vec<_>>>()?;
            let s = shape::broadcast_shapes(&shapes)?;
            Ok(Output::Ints(s.iter().map(|&d| d as i64).collect()))
        }
    ),
    f!(
        "result_type",
        &[p("args", K::VarArrays, D::Required)],
        "The dtype JAX's promotion gives the arguments (arrays, Python scalars or dtypes).",
        |a| {
            let types = a.rest().iter().map(arg_type).collect::<Result<Vec<_>>>()?;
            misc::result_type(&types).map(Output::Dtype)
        }
    ),
    f!(
        "promote_types",
        &[p("a", K::Dtype, D::Required), p("b", K::Dtype, D::Required)],
        "The dtype two dtypes promote to.",
        |a| {
            let key = |dtype| TypeKey { dtype, weak: false };
            let t = promote(key(dtype_of(a, "a")?), key(dtype_of(a, "b")?));
            Ok(Output::Dtype(t.dtype))
        }
    ),
    f!(
        "isscalar",
        &[p("element", K::Array, D::Required)],
        "Whether the argument is a scalar: a Python number or a 0-d array.",
        |a| Ok(Output::Bool(match a.get("element")? {
            Arg::Int(_) | Arg::Float(_) | Arg::Bool(_) => true,
            Arg::Array(v) => v.shape().is_empty(),
            _ => false,
        }))
    ),
    // ------------------------------------------------------------ membership and selection
    f!(
        "isin",
        &[
            p("element", K::Array, D::Required),
            p("test_elements", K::Array, D::Required),
            p("assume_unique", K::Bool, D::Bool(false)),
            p("invert", K::Bool, D::Bool(false)),
            p("method", K::Str, D::Str("auto")).keyword()
        ],
        "Whether each element is among `test_elements` (compared all against all).",
        "Inlined: JAX wraps it in a nested `jit[name=_in1d]`. `method` is accepted and ignored (always the all-pairs comparison).",
        |a| out(misc::isin(
            &a.array("element")?,
            &a.array("test_elements")?,
            a.bool("invert")?
        ))
    ),
    f!(
        "select",
        &[
            p("condlist", K::Arrays, D::Required),
            p("choicelist", K::Arrays, D::Required),
            p("default", K::Array, D::Int(0))
        ],
        "From the first choice whose condition holds, elementwise, else `default`.",
        "JAX 0.10.2 binds a `stack` primitive; jaxplay stacks with `broadcast_in_dim` and `concatenate`.",
        |a| out(misc::select(
            &a.arrays("condlist")?,
            &a.arrays("choicelist")?,
            &a.array("default")?
        ))
    ),
    // ------------------------------------------------------------ statistics
    f!(
        "cumulative_prod",
        &[
            X,
            p("axis", K::Int, D::None).keyword(),
            DTYPE.keyword(),
            p("include_initial", K::Bool, D::Bool(false)).keyword()
        ],
        "Running product along an axis (optional for 1-D input), optionally starting with 1.",
        "Not differentiable yet (JAX's rule differentiates an associative scan).",
        |a| {
            let x = a.array("x")?;
            let axis = int_axis(a, &x)?;
            out(stats::cumulative_prod(
                &x,
                axis,
                a.dtype("dtype")?,
                a.bool("include_initial")?,
            ))
        }
    ),
    f!(
        "nanargmax",
        NAN_ARG,
        "Index (int32) of the first maximum ignoring NaNs; -1 where every element is NaN.",
        "Inlined: JAX wraps it in nested `jit[name=_nanargmax]` and `jit[name=_where]`s.",
        |a| nan_arg(a, ArgOp::Max)
    ),
    f!(
        "nanargmin",
        NAN_ARG,
        "Index (int32) of the first minimum ignoring NaNs; -1 where every element is NaN.",
        "Inlined: JAX wraps it in nested `jit[name=_nanargmin]` and `jit[name=_where]`s.",
        |a| nan_arg(a, ArgOp::Min)
    ),
    f!(
        "nancumprod",
        &[A, INT_AXIS, DTYPE, OUT],
        "Running product along an axis, NaNs counted as one.",
        "Inlined: JAX wraps it in nested `jit[name=nancumprod]` and `jit[name=_where]`. Not differentiable yet.",
        |a| {
            let x = a.array("a")?;
            out(stats::nancumprod(&x, int_axis(a, &x)?, a.dtype("dtype")?))
        }
    ),
    f!(
        "nanprod",
        &[A, AXIS, DTYPE, OUT, KEEPDIMS, INITIAL, WHERE],
        "Product over the given axes, NaNs counted as one.",
        "Inlined: JAX wraps it in nested `jit[name=nanprod]` and `jit[name=_where]`.",
        |a| {
            let (x, r) = nan_reduced(a)?;
            out(stats::nanprod(&x, &r))
        }
    ),
    f!(
        "nanvar",
        NAN_VAR,
        "Variance over the given axes of the elements that are not NaN, dividing by their count less `ddof`.",
        "Inlined: JAX wraps it in nested `jit`s (`nanvar`, `nanmean`, `nansum`, `_where`). `where` and `mean` are not supported yet.",
        |a| {
            let (x, r) = nan_reduced(a)?;
            out(stats::nanvar(&x, &r, a.int("ddof")?))
        }
    ),
    f!(
        "nanstd",
        NAN_VAR,
        "Standard deviation over the given axes of the elements that are not NaN.",
        "Inlined: JAX wraps it in nested `jit`s (`nanstd`, `nanvar`, `nanmean`, `nansum`, `_where`). `where` and `mean` are not supported yet.",
        |a| {
            let (x, r) = nan_reduced(a)?;
            out(stats::nanstd(&x, &r, a.int("ddof")?))
        }
    ),
    f!(
        "cov",
        &[
            M,
            p("y", K::Array, D::None),
            p("rowvar", K::Bool, D::Bool(true)),
            p("bias", K::Bool, D::Bool(false)),
            p("ddof", K::Int, D::None),
            p("fweights", K::Unsupported, D::None),
            p("aweights", K::Unsupported, D::None),
            DTYPE
        ],
        "The covariance matrix of the rows (variables) of `m` (and `y`), observations along the columns unless `rowvar=False`.",
        "Inlined: JAX wraps it in nested `jit[name=cov]` and `jit[name=atleast_2d]`. `fweights` and `aweights` are not supported yet.",
        |a| {
            let y = a.opt_array("y")?;
            out(stats::cov(
                &a.array("m")?,
                y.as_ref(),
                a.bool("rowvar")?,
                a.bool("bias")?,
                a.opt_int("ddof")?,
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "corrcoef",
        &[
            p("x", K::Array, D::Required),
            p("y", K::Array, D::None),
            p("rowvar", K::Bool, D::Bool(true)),
            DTYPE
        ],
        "Pearson correlation coefficients: `cov` normalised by the standard deviations, clipped to [-1, 1].",
        "Inlined: JAX wraps it in nested `jit`s; the diagonal is a `gather` (JAX stages a platform-dependent `cond`).",
        |a| {
            let y = a.opt_array("y")?;
            out(stats::corrcoef(
                &a.array("x")?,
                y.as_ref(),
                a.bool("rowvar")?,
                a.dtype("dtype")?,
            ))
        }
    ),
    f!(
        "trapezoid",
        &[
            p("y", K::Array, D::Required),
            p("x", K::Array, D::None),
            p("dx", K::Array, D::Float(1.0)),
            p("axis", K::Int, D::Int(-1))
        ],
        "The integral of `y` along `axis` by the trapezoidal rule, at sample points `x` or spacing `dx`.",
        "Inlined: JAX wraps it in nested `jit[name=trapezoid]` (and `diff`). An array `dx` is not supported yet.",
        |a| {
            let x = a.opt_array("x")?;
            out(poly::trapezoid(
                &a.array("y")?,
                x.as_ref(),
                &a.array("dx")?,
                a.int("axis")?,
            ))
        }
    ),
    f!(
        "unwrap",
        &[
            p("p", K::Array, D::Required),
            p("discont", K::Array, D::None),
            p("axis", K::Int, D::Int(-1)),
            p("period", K::Array, D::Float(std::f64::consts::TAU))
        ],
        "The phases with jumps larger than `discont` (half the period) taken back by whole periods.",
        "Inlined: JAX wraps it in nested `jit`s (`unwrap`, `diff`, `remainder`, `_where`, `cumsum`).",
        |a| {
            let discont = a.opt_array("discont")?;
            out(poly::unwrap(
                &a.array("p")?,
                discont.as_ref(),
                a.int("axis")?,
                &a.array("period")?,
            ))
        }
    ),
    // ------------------------------------------------------------ convolution, polynomials
    f!(
        "convolve",
        &CONV,
        "The discrete convolution of two 1-D arrays (`mode` 'full', 'same' or 'valid').",
        "Inlined: JAX wraps it in nested `jit[name=convolve]`, `jit[name=_conv]` and `jit[name=_flip]`.",
        |a| conv(a, false)
    ),
    f!(
        "correlate",
        &CORRELATE,
        "The cross-correlation of two 1-D arrays (`mode` 'valid', 'same' or 'full').",
        "Inlined: JAX wraps it in nested `jit[name=correlate]` and `jit[name=_conv]`.",
        |a| conv(a, true)
    ),
    f!(
        "polyval",
        &[
            p("p", K::Array, D::Required),
            p("x", K::Array, D::Required),
            p("unroll", K::Int, D::Int(16)).keyword()
        ],
        "The polynomial with coefficients `p` (highest power first) at `x`, by Horner's rule.",
        "JAX runs Horner's rule in a `scan`; jaxplay unrolls it (`unroll` is accepted and ignored).",
        |a| out(poly::polyval(&a.array("p")?, &a.array("x")?))
    ),
    f!(
        "polyadd",
        POLY2,
        "The sum of two polynomials (coefficients highest power first).",
        "JAX adds with a `scatter-add`; jaxplay pads the shorter with zeros and adds (same values).",
        |a| out(poly::polyadd(&a.array("a1")?, &a.array("a2")?))
    ),
    f!(
        "polysub",
        POLY2,
        "The difference of two polynomials (coefficients highest power first).",
        "JAX adds with a `scatter-add`; jaxplay pads the shorter with zeros and adds (same values).",
        |a| out(poly::polysub(&a.array("a1")?, &a.array("a2")?))
    ),
    f!(
        "polymul",
        &[
            POLY2[0],
            POLY2[1],
            p("trim_leading_zeros", K::Bool, D::Bool(false)).keyword()
        ],
        "The product of two polynomials: the full convolution of their coefficients.",
        "Inlined: JAX wraps it in nested `jit[name=convolve]`, `jit[name=_conv]` and `jit[name=_flip]`. `trim_leading_zeros=True` is not supported.",
        |a| {
            if a.bool("trim_leading_zeros")? {
                return Err(Error::Unsupported {
                    what: "jnp.polymul with trim_leading_zeros=True",
                });
            }
            out(poly::polymul(&a.array("a1")?, &a.array("a2")?))
        }
    ),
    f!(
        "polyder",
        &[p("p", K::Array, D::Required), p("m", K::Int, D::Int(1))],
        "The `m`-th derivative of a polynomial (coefficients highest power first).",
        "Inlined: JAX wraps it in a nested `jit[name=polyder]`.",
        |a| out(poly::polyder(&a.array("p")?, a.int("m")?))
    ),
    f!(
        "vander",
        &[
            p("x", K::Array, D::Required),
            p("N", K::Int, D::None),
            p("increasing", K::Bool, D::Bool(false))
        ],
        "The Vandermonde matrix: columns of powers of `x` (decreasing unless `increasing`).",
        "Inlined: JAX wraps it in a nested `jit[name=vander]`.",
        |a| out(poly::vander(&a.array("x")?, a.opt_int("N")?, a.bool("increasing")?))
    ),
    // ------------------------------------------------------------ float decomposition
    f!(
        "frexp",
        UNARY,
        "The mantissa (in [0.5, 1), float32) and the int32 exponent of each element.",
        "Inlined: JAX wraps the body in a nested `jit` and a `custom_jvp_call`; jaxplay's mantissa has no gradient.",
        |a| misc::frexp(&a.array("x")?).map(|(m, e)| tuple(vec![m, e]))
    ),
    f!(
        "ldexp",
        BINARY,
        "`x1 * 2 ** x2` for an integer `x2`.",
        "Inlined: JAX wraps it in nested `jit`s and `frexp`'s `custom_jvp_call`.",
        |a| out(misc::ldexp(&a.array("x1")?, &a.array("x2")?))
    ),
    f!(
        "modf",
        &[X, p("out", K::Unsupported, D::None)],
        "The fractional and whole parts of each element, both with its sign.",
        "Inlined: JAX wraps it in nested `jit[name=modf]` and `jit[name=_where]`.",
        |a| misc::modf(&a.array("x")?).map(|(f, w)| tuple(vec![f, w]))
    ),
];
