//! `jax.lax`: each function's signature as JAX 0.10.2 declares it and the primitive it binds.
//! Unlike `jnp`, lax never promotes: operands must share a dtype (a Python scalar is a weak
//! int32 or float32 and must match too), with JAX's `TypeError` words from the primitives. The
//! JS glue's own lax functions (control flow, `stop_gradient`, `slice`, `squeeze`, `rev`,
//! `expand_dims`) are not here.
//!
//! Nested plain data (`pad`'s `padding_config`, `dot_general`'s `dimension_numbers`) is a
//! `Kind::Data` parameter: tuples of ints from Python, lists of ints from JS; integer arrays in
//! their place are read too (`np.array([[1, 1, 0]])`), all by [`int_rows`].

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::array::{Array, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::{self, BitwiseOp};
use crate::primitives::dot::{dot_general, DotDims};
use crate::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use crate::primitives::indexing;
use crate::primitives::math::{ops, MathBinaryOp, MathOp, RoundingMethod};
use crate::primitives::reductions::{self as red, CumOp, ReduceOp};
use crate::primitives::slicing::PadDim;
use crate::primitives::sort;
use crate::primitives::structural::{ConvertElementType, Iota};
use crate::primitives::Primitive;
use crate::trace::{bind1, Value};
use std::rc::Rc;

const LX: Param = p("x", K::Array, D::Required);
const LY: Param = p("y", K::Array, D::Required);
const ACCURACY: Param = p("accuracy", K::Unsupported, D::None).keyword();
const OPERAND: Param = p("operand", K::Array, D::Required);
const AXES: Param = p("axes", K::Axis, D::Required);
const OUT_SHARDING_KW: Param = p("out_sharding", K::Unsupported, D::None).keyword();
const CUM: &[Param] = &[
    OPERAND,
    p("axis", K::Int, D::Int(0)),
    p("reverse", K::Bool, D::Bool(false)),
];
const ALLOW_NEGATIVE: Param = p("allow_negative_indices", K::Bool, D::Bool(true)).keyword();

/// `(x)`.
const X_ONLY: &[Param] = &[LX];
/// `(x, *, accuracy=None)`.
const X_ACCURACY: &[Param] = &[LX, ACCURACY];
/// `(x, y)`.
const XY: &[Param] = &[LX, LY];

fn type_error(message: String) -> Error {
    Error::Signature { message }
}

fn unary(a: &Args, op: UnaryOp) -> Result<Output> {
    out(lax::unary(op, &a.array("x")?))
}

fn math(a: &Args, op: MathOp) -> Result<Output> {
    out(ops::math(op, &a.array("x")?))
}

/// add, sub, mul, div: JAX's lax refuses bool in all four (the primitive lets `jnp` use add
/// and mul as logical or and and).
fn arith(a: &Args, op: BinaryOp) -> Result<Output> {
    let (x, y) = (a.array("x")?, a.array("y")?);
    for (i, v) in [&x, &y].into_iter().enumerate() {
        if v.aval().dtype == DType::Bool {
            return Err(type_error(format!(
                "{} does not accept dtype bool at position {i}. Accepted dtypes at position {i} \
                 are subtypes of integer, floating, complexfloating.",
                op.name()
            )));
        }
    }
    out(lax::binary(op, &x, &y))
}

fn compare(a: &Args, op: CompareOp) -> Result<Output> {
    out(lax::compare(op, &a.array("x")?, &a.array("y")?))
}

fn math2(a: &Args, op: MathBinaryOp) -> Result<Output> {
    out(ops::math_binary(op, &a.array("x")?, &a.array("y")?))
}

fn bits(a: &Args, op: BitwiseOp) -> Result<Output> {
    out(bitwise::bitwise(op, &a.array("x")?, &a.array("y")?))
}

/// A required dtype argument.
fn need_dtype(a: &Args, name: &str) -> Result<DType> {
    a.dtype(name)?
        .ok_or_else(|| type_error(format!("{}: {name} must be a dtype", a.qualified())))
}

/// Axes as lax takes them: non-negative, in range, as JAX words it for reductions.
fn reduce_axes(a: &Args, x: &Value) -> Result<Vec<usize>> {
    let ints = a.ints("axes")?;
    let rank = x.shape().len();
    if ints.iter().any(|&i| i < 0 || i as usize >= rank) {
        return Err(Error::Value {
            message: format!(
                "reduction axes {} contains out-of-bounds indices for {}.",
                python_tuple(&ints),
                long_type(&x.aval())
            ),
        });
    }
    Ok(ints.iter().map(|&i| i as usize).collect())
}

/// `float32[2,3]`, as JAX writes an aval in messages.
fn long_type(aval: &ShapedArray) -> String {
    let dims: Vec<String> = aval.shape.iter().map(usize::to_string).collect();
    format!("{}[{}]", aval.dtype.name(), dims.join(","))
}

fn python_tuple(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    match items.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

fn reduce(a: &Args, op: ReduceOp) -> Result<Output> {
    let x = a.array("operand")?;
    let axes = reduce_axes(a, &x)?;
    out(red::reduce(op, &x, axes))
}

/// An axis lax takes as is: negative ones are refused, as XLA does.
fn plain_axis(a: &Args, name: &str, rank: usize) -> Result<usize> {
    let axis = a.int(name)?;
    if axis < 0 {
        return Err(Error::Value {
            message: "XLA operations do not allow negative axes".into(),
        });
    }
    let axis = axis as usize;
    if axis >= rank {
        return Err(Error::Value {
            message: format!("axis {axis} is out of bounds for array of dimension {rank}"),
        });
    }
    Ok(axis)
}

fn cumulative(a: &Args, op: CumOp) -> Result<Output> {
    let x = a.array("operand")?;
    let axis = plain_axis(a, "axis", x.shape().len())?;
    out(red::cumulative(op, &x, axis, a.bool("reverse")?))
}

fn arg_reduce(a: &Args, op: red::ArgOp) -> Result<Output> {
    let x = a.array("operand")?;
    let rank = x.shape().len();
    let axis = a.int("axis")?;
    if axis < 0 || axis as usize >= rank {
        return Err(Error::Value {
            message: format!(
                "Invalid axis {axis} for operand shape {}",
                crate::array::shape_tuple(x.shape())
            ),
        });
    }
    let index_dtype = need_dtype(a, "index_dtype")?;
    if !index_dtype.is_integer() {
        return Err(type_error(format!(
            "index_dtype must be an integer type, but got {index_dtype}"
        )));
    }
    out(red::arg_reduce(op, &x, axis as usize, index_dtype))
}

/// A list of ints (a permutation, dimensions, sizes), non-negative.
fn dims(a: &Args, name: &str) -> Result<Vec<usize>> {
    a.ints(name)?
        .into_iter()
        .map(|i| {
            usize::try_from(i).map_err(|_| {
                type_error(format!(
                    "{}: {name} must have every element be nonnegative, got {i}",
                    a.qualified()
                ))
            })
        })
        .collect()
}

/// Rows of ints, from tuples of tuples or lists of lists, `((1, 0, 0), (0, 1, 1))`, or from
/// integer arrays.
pub(super) fn int_rows(arg: &Arg, what: &str) -> Result<Vec<Vec<i64>>> {
    let bad = || type_error(format!("{what} must be a sequence of sequences of ints"));
    let row = |item: &Arg| -> Result<Vec<i64>> {
        match item {
            Arg::Seq(xs) => xs.iter().map(|x| int_of(x).ok_or_else(bad)).collect(),
            Arg::Array(v) => ints_of_array(v).ok_or_else(bad),
            _ => Err(bad()),
        }
    };
    match arg {
        Arg::Seq(items) => items.iter().map(row).collect(),
        Arg::Array(v) => {
            let shape = v.shape().to_vec();
            let flat = ints_of_array(v).ok_or_else(bad)?;
            match shape.as_slice() {
                [_, n] if *n > 0 => Ok(flat.chunks(*n).map(<[i64]>::to_vec).collect()),
                [rows, 0] => Ok(vec![Vec::new(); *rows]),
                _ => Err(bad()),
            }
        }
        _ => Err(bad()),
    }
}

fn int_of(arg: &Arg) -> Option<i64> {
    match arg {
        Arg::Int(i) => Some(*i),
        Arg::Array(v) if v.shape().is_empty() => ints_of_array(v).map(|x| x[0]),
        _ => None,
    }
}

/// The ints of a concrete integer array (an empty one of any dtype: JS makes `[]` float32).
fn ints_of_array(v: &Value) -> Option<Vec<i64>> {
    let arr = v.as_array()?;
    let integral = arr.dtype().is_integer();
    (integral || arr.size() == 0).then(|| arr.to_f64_vec().iter().map(|&x| x as i64).collect())
}

fn int_scalar(v: i64) -> Value {
    Value::Array(Array::from_i32(&[], vec![v as i32]).expect("a scalar"))
}

/// The start indices of a dynamic slice of `shape`: Python ints wrapped statically, others by
/// `select_n(i < 0, i, i + n)` as JAX does, unless negative indices are not allowed.
fn start_indices(a: &Args, name: &str, shape: &[usize], allow: bool) -> Result<Vec<Value>> {
    let items: Vec<Arg> = match a.get(name)? {
        Arg::Seq(items) => items.clone(),
        Arg::Array(v) if v.shape().len() == 1 => rows_of(v)?.into_iter().map(Arg::Array).collect(),
        other => vec![other.clone()],
    };
    if items.len() != shape.len() {
        return Err(Error::Value {
            message: format!(
                "Length of slice indices must match number of operand dimensions ({} vs {})",
                items.len(),
                crate::array::shape_tuple(shape)
            ),
        });
    }
    let mut starts = Vec::with_capacity(items.len());
    for (item, &n) in items.iter().zip(shape) {
        starts.push(match item {
            Arg::Int(i) => int_scalar(if allow && *i < 0 { i + n as i64 } else { *i }),
            Arg::Array(v) => v.clone(),
            Arg::Float(x) => Value::Array(Array::weak_scalar(*x, DType::Float32)),
            Arg::Bool(b) => Value::Array(Array::from_bool(&[], vec![*b])?),
            other => {
                return Err(type_error(format!(
                    "{}: {name} must be a sequence of scalar integers, got {other:?}",
                    a.qualified()
                )))
            }
        });
    }
    let dtypes: Vec<DType> = starts.iter().map(|v| v.aval().dtype).collect();
    if dtypes.iter().any(|&d| d != DType::Int32) {
        let listed: Vec<&str> = dtypes.iter().map(|d| d.name()).collect();
        return Err(type_error(format!(
            "index arguments to dynamic_slice must be integers of the same type, got: {}",
            listed.join(", ")
        )));
    }
    if let Some(bad) = starts.iter().find(|v| !v.shape().is_empty()) {
        return Err(type_error(format!(
            "index arguments to dynamic_slice must be scalars, got {}",
            long_type(&bad.aval())
        )));
    }
    if !allow {
        return Ok(starts);
    }
    items
        .iter()
        .zip(starts)
        .zip(shape)
        .map(|((item, s), &n)| match item {
            Arg::Int(_) => Ok(s),
            _ => {
                let negative = lax::compare(CompareOp::Lt, &s, &int_scalar(0))?;
                let wrapped = lax::add(&s, &int_scalar(n as i64))?;
                ops::select_n(&negative, &[s, wrapped])
            }
        })
        .collect()
}

/// A rank-1 array's elements as scalars, by `slice` and `squeeze` as JAX splits it.
fn rows_of(v: &Value) -> Result<Vec<Value>> {
    (0..v.shape()[0])
        .map(|i| {
            let one = lax::slice(v, vec![i], vec![i + 1], Some(vec![1]))?;
            lax::squeeze(&one, vec![0])
        })
        .collect()
}

/// Zeros at every axis but `axis`, which is `index`.
fn starts_in_dim(rank: usize, axis: usize, index: Value) -> Vec<Value> {
    (0..rank)
        .map(|d| {
            if d == axis {
                index.clone()
            } else {
                int_scalar(0)
            }
        })
        .collect()
}

/// One start index as `dynamic_*_in_dim` takes it: wrapped as in [`start_indices`].
fn start_in_dim(a: &Args, name: &str, n: usize) -> Result<Value> {
    let allow = a.bool("allow_negative_indices")?;
    match a.get(name)? {
        Arg::Int(i) => Ok(int_scalar(if allow && *i < 0 { i + n as i64 } else { *i })),
        _ => {
            let s = a.array(name)?;
            if s.aval().dtype != DType::Int32 || !s.shape().is_empty() {
                return Err(type_error(format!(
                    "index arguments to dynamic_slice must be integers of the same type, got: {}",
                    s.aval().dtype
                )));
            }
            if !allow {
                return Ok(s);
            }
            let negative = lax::compare(CompareOp::Lt, &s, &int_scalar(0))?;
            let wrapped = lax::add(&s, &int_scalar(n as i64))?;
            ops::select_n(&negative, &[s, wrapped])
        }
    }
}

fn iota(dtype: DType, shape: Vec<usize>, dimension: usize) -> Result<Value> {
    if dtype == DType::Bool {
        return Err(Error::DtypeNotAccepted {
            primitive: "iota",
            dtype: dtype.name().into(),
            accepted: "integer, floating, complexfloating",
        });
    }
    let prim = Iota {
        dtype,
        shape,
        dimension,
    };
    bind1(Rc::new(prim), &[])
}

/// `x` converted to `dtype`: a concrete value (a Python scalar) at once, as JAX converts one
/// with NumPy, so a jaxpr shows the converted literal; a traced one by `convert_element_type`.
fn convert(x: &Value, dtype: DType, weak_type: bool) -> Result<Value> {
    match x.as_array() {
        Some(a) if (a.dtype(), a.weak_type()) != (dtype, weak_type) => {
            let prim = ConvertElementType {
                new_dtype: dtype,
                weak_type,
            };
            let mut out = prim.eval(std::slice::from_ref(a))?;
            Ok(Value::Array(out.remove(0)))
        }
        _ => lax::convert(x, dtype, weak_type),
    }
}

/// `lax.full`: `fill_value` converted to `dtype` (strong) when given, else kept with its weak
/// type, then broadcast.
fn full(shape: &[usize], fill: &Value, dtype: Option<DType>) -> Result<Value> {
    if !fill.shape().is_empty() {
        return Err(type_error(format!(
            "full must be called with scalar fill_value, got fill_value.shape {}.",
            crate::array::shape_tuple(fill.shape())
        )));
    }
    let fill = match dtype {
        Some(d) => convert(fill, d, false)?,
        None => fill.clone(),
    };
    lax::broadcast_in_dim(&fill, shape, Vec::new())
}

/// `lax.dot_general`'s `((lhs_contract, rhs_contract), (lhs_batch, rhs_batch))`.
fn dot_dims(arg: &Arg) -> Result<DotDims> {
    let what = "dimension_numbers";
    let bad = || {
        type_error(format!(
            "{what} must be ((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch))"
        ))
    };
    let pairs = match arg {
        Arg::Seq(items) if items.len() == 2 => items,
        _ => return Err(bad()),
    };
    let pair = |arg: &Arg| -> Result<(Vec<usize>, Vec<usize>)> {
        let rows = int_rows(arg, what)?;
        let dims = |row: &[i64]| -> Result<Vec<usize>> {
            row.iter()
                .map(|&d| usize::try_from(d).map_err(|_| bad()))
                .collect()
        };
        match rows.as_slice() {
            [l, r] => Ok((dims(l)?, dims(r)?)),
            _ => Err(bad()),
        }
    };
    let (lhs_contract, rhs_contract) = pair(&pairs[0])?;
    let (lhs_batch, rhs_batch) = pair(&pairs[1])?;
    Ok(DotDims {
        lhs_contract,
        rhs_contract,
        lhs_batch,
        rhs_batch,
    })
}

/// `sort`'s `dimension`: negative counts from the end, as `lax.sort` allows.
fn sort_dimension(a: &Args, rank: usize) -> Result<usize> {
    crate::jnp::axis_index(a.int("dimension")?, rank)
}

/// The rows of a `GatherDimensionNumbers` / `ScatterDimensionNumbers` as plain data: three to
/// five int tuples in the dataclass's field order (the two batching-dims fields default to ()).
fn gather_scatter_rows(arg: &Arg, what: &str) -> Result<[Vec<usize>; 5]> {
    let bad = || {
        type_error(format!(
            "dimension_numbers must be a tuple of 3 to 5 tuples of non-negative ints, the fields \
             of {what} in order"
        ))
    };
    let rows = int_rows(arg, "dimension_numbers")?;
    if !(3..=5).contains(&rows.len()) {
        return Err(bad());
    }
    let mut out: [Vec<usize>; 5] = Default::default();
    for (slot, row) in out.iter_mut().zip(&rows) {
        *slot = row
            .iter()
            .map(|&d| usize::try_from(d).map_err(|_| bad()))
            .collect::<Result<_>>()?;
    }
    Ok(out)
}

fn gather_dims(arg: &Arg) -> Result<indexing::GatherDims> {
    let [offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims, start_indices_batching_dims] =
        gather_scatter_rows(arg, "GatherDimensionNumbers")?;
    Ok(indexing::GatherDims {
        offset_dims,
        collapsed_slice_dims,
        start_index_map,
        operand_batching_dims,
        start_indices_batching_dims,
    })
}

fn scatter_dims(arg: &Arg) -> Result<indexing::ScatterDims> {
    let [update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims, scatter_indices_batching_dims] =
        gather_scatter_rows(arg, "ScatterDimensionNumbers")?;
    Ok(indexing::ScatterDims {
        update_window_dims,
        inserted_window_dims,
        scatter_dims_to_operand_dims,
        operand_batching_dims,
        scatter_indices_batching_dims,
    })
}

/// `GatherScatterMode.from_any`, with `None` meaning `default` (gather's PROMISE_IN_BOUNDS,
/// the scatters' FILL_OR_DROP).
fn gather_mode(a: &Args, default: indexing::Mode) -> Result<indexing::Mode> {
    use indexing::Mode;
    match a.get("mode")? {
        Arg::None => Ok(default),
        Arg::Str(s) => match s.as_str() {
            "clip" => Ok(Mode::Clip),
            "fill" | "drop" => Ok(Mode::FillOrDrop),
            "promise_in_bounds" => Ok(Mode::PromiseInBounds),
            other => Err(Error::Value {
                message: format!("Unknown gather mode \"{other}\""),
            }),
        },
        _ => Err(type_error(format!(
            "{}: argument `mode` must be a string or None",
            a.qualified()
        ))),
    }
}

/// `gather`'s `fill_value`: a Python number or bool (a scalar array is read by its dtype).
fn fill_value(a: &Args) -> Result<Option<indexing::Fill>> {
    use indexing::Fill;
    Ok(Some(match a.get("fill_value")? {
        Arg::None => return Ok(None),
        Arg::Int(i) => Fill::Int(*i),
        Arg::Float(x) => Fill::Float(*x),
        Arg::Bool(b) => Fill::Bool(*b),
        Arg::Array(Value::Array(v)) if v.shape().is_empty() => {
            let x = v.to_f64_vec()[0];
            match v.dtype() {
                DType::Float32 => Fill::Float(x),
                DType::Bool => Fill::Bool(x != 0.0),
                _ => Fill::Int(x as i64),
            }
        }
        _ => {
            return Err(type_error(format!(
                "{}: argument `fill_value` must be a number or None",
                a.qualified()
            )))
        }
    }))
}

/// `lax.scatter` and its combining variants.
fn scatter(a: &Args, kind: indexing::ScatterKind) -> Result<Output> {
    let dims = scatter_dims(a.get("dimension_numbers")?)?;
    out(indexing::scatter(
        kind,
        &a.array("operand")?,
        &a.array("scatter_indices")?,
        &a.array("updates")?,
        dims,
        gather_mode(a, indexing::Mode::FillOrDrop)?,
        a.bool("indices_are_sorted")?,
        a.bool("unique_indices")?,
    ))
}

/// `(operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
/// unique_indices=False, mode=None)`.
const SCATTER: &[Param] = &[
    OPERAND,
    p("scatter_indices", K::Array, D::Required),
    p("updates", K::Array, D::Required),
    p("dimension_numbers", K::Data, D::Required),
    p("indices_are_sorted", K::Bool, D::Bool(false)).keyword(),
    p("unique_indices", K::Bool, D::Bool(false)).keyword(),
    p("mode", K::Str, D::None).keyword(),
];

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Lax, $($t)*) };
}

/// `lax.real` / `lax.imag`: jaxplay has no complex dtypes, and JAX refuses every real one.
fn complex_only(a: &Args, primitive: &'static str) -> Result<Output> {
    let x = a.array("x")?;
    Err(Error::DtypeNotAccepted {
        primitive,
        dtype: x.aval().dtype.to_string(),
        accepted: "complexfloating",
    })
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "real",
        &[p("x", K::Array, D::Required)],
        "The real part of a complex array.",
        "jaxplay has no complex dtypes, so (as JAX for a real dtype) every call is refused.",
        |a| complex_only(a, "real")
    ),
    f!(
        "imag",
        &[p("x", K::Array, D::Required)],
        "The imaginary part of a complex array.",
        "jaxplay has no complex dtypes, so (as JAX for a real dtype) every call is refused.",
        |a| complex_only(a, "imag")
    ),
    f!(
        "reduce_precision",
        &[
            OPERAND,
            p("exponent_bits", K::Int, D::Required),
            p("mantissa_bits", K::Int, D::Required)
        ],
        "Rounds float32 values to a float format of `exponent_bits` and `mantissa_bits` (XLA's ReducePrecision), keeping the dtype.",
        |a| out(crate::primitives::reduce_precision::reduce_precision(
            &a.array("operand")?,
            a.int("exponent_bits")?,
            a.int("mantissa_bits")?,
        ))
    ),
    // ------------------------------------------------------------ arithmetic
    f!("add", XY, "Elementwise x + y (same dtypes).", |a| arith(
        a,
        BinaryOp::Add
    )),
    f!("sub", XY, "Elementwise x - y (same dtypes).", |a| arith(
        a,
        BinaryOp::Sub
    )),
    f!(
        "mul",
        &[LX, LY, p("out_dtype", K::Unsupported, D::None).keyword()],
        "Elementwise x * y (same dtypes).",
        |a| arith(a, BinaryOp::Mul)
    ),
    f!(
        "div",
        XY,
        "Elementwise x / y (same dtypes; integers round toward zero).",
        |a| arith(a, BinaryOp::Div)
    ),
    f!("neg", X_ONLY, "Elementwise -x.", |a| unary(a, UnaryOp::Neg)),
    f!("max", XY, "Elementwise maximum (same dtypes).", |a| math2(
        a,
        MathBinaryOp::Max
    )),
    f!("min", XY, "Elementwise minimum (same dtypes).", |a| math2(
        a,
        MathBinaryOp::Min
    )),
    f!(
        "pow",
        XY,
        "Elementwise x ** y (float x; y float or integer).",
        |a| math2(a, MathBinaryOp::Pow)
    ),
    f!(
        "integer_pow",
        &[LX, p("y", K::Int, D::Required)],
        "Elementwise x ** y for a static integer y.",
        |a| {
            let y = a.int("y")?;
            let y = i32::try_from(y)
                .map_err(|_| type_error(format!("lax.integer_pow: y={y} is out of range")))?;
            out(ops::integer_pow(&a.array("x")?, y))
        }
    ),
    f!("rem", XY, "Elementwise remainder with the sign of x.", |a| {
        math2(a, MathBinaryOp::Rem)
    }),
    f!(
        "atan2",
        XY,
        "Elementwise arctangent of x / y, by quadrant.",
        |a| math2(a, MathBinaryOp::Atan2)
    ),
    f!(
        "nextafter",
        &[
            p("x1", K::Array, D::Required),
            p("x2", K::Array, D::Required)
        ],
        "The next float after x1 towards x2.",
        |a| out(ops::math_binary(
            MathBinaryOp::Nextafter,
            &a.array("x1")?,
            &a.array("x2")?
        ))
    ),
    f!("square", X_ONLY, "Elementwise x * x.", |a| math(
        a,
        MathOp::Square
    )),
    f!(
        "reciprocal",
        X_ONLY,
        "Elementwise 1 / x (as integer_pow(x, -1)).",
        |a| out(ops::integer_pow(&a.array("x")?, -1))
    ),
    f!("abs", X_ONLY, "Elementwise absolute value.", |a| math(
        a,
        MathOp::Abs
    )),
    f!("sign", X_ONLY, "Elementwise sign (-1, 0 or 1).", |a| math(
        a,
        MathOp::Sign
    )),
    f!("floor", X_ONLY, "Elementwise floor.", |a| math(
        a,
        MathOp::Floor
    )),
    f!("ceil", X_ONLY, "Elementwise ceiling.", |a| math(
        a,
        MathOp::Ceil
    )),
    f!(
        "round",
        &[LX, p("rounding_method", K::Int, D::Int(0))],
        "Elementwise rounding: halves away from zero (0) or to even (1).",
        "`rounding_method` is the int (0 or 1), not the `lax.RoundingMethod` enum.",
        |a| {
            let method = match a.int("rounding_method")? {
                0 => RoundingMethod::AwayFromZero,
                1 => RoundingMethod::ToNearestEven,
                m => {
                    return Err(Error::Value {
                        message: format!("{m} is not a valid RoundingMethod"),
                    })
                }
            };
            out(ops::round(&a.array("x")?, method))
        }
    ),
    f!("is_finite", X_ONLY, "Elementwise: neither inf nor nan.", |a| {
        math(a, MathOp::IsFinite)
    }),
    // ------------------------------------------------------------ transcendental
    f!("sqrt", X_ACCURACY, "Elementwise square root.", |a| math(
        a,
        MathOp::Sqrt
    )),
    f!("rsqrt", X_ACCURACY, "Elementwise 1 / sqrt(x).", |a| math(
        a,
        MathOp::Rsqrt
    )),
    f!("cbrt", X_ACCURACY, "Elementwise cube root.", |a| math(
        a,
        MathOp::Cbrt
    )),
    f!("exp", X_ACCURACY, "Elementwise e ** x.", |a| unary(
        a,
        UnaryOp::Exp
    )),
    f!("exp2", X_ACCURACY, "Elementwise 2 ** x.", |a| math(
        a,
        MathOp::Exp2
    )),
    f!("log", X_ACCURACY, "Elementwise natural logarithm.", |a| unary(
        a,
        UnaryOp::Log
    )),
    f!("log1p", X_ACCURACY, "Elementwise log(1 + x).", |a| math(
        a,
        MathOp::Log1p
    )),
    f!("expm1", X_ACCURACY, "Elementwise e ** x - 1.", |a| math(
        a,
        MathOp::Expm1
    )),
    f!("tanh", X_ACCURACY, "Elementwise hyperbolic tangent.", |a| math(
        a,
        MathOp::Tanh
    )),
    f!(
        "logistic",
        X_ACCURACY,
        "Elementwise 1 / (1 + e ** -x).",
        |a| math(a, MathOp::Logistic)
    ),
    f!("sin", X_ACCURACY, "Elementwise sine.", |a| unary(
        a,
        UnaryOp::Sin
    )),
    f!("cos", X_ACCURACY, "Elementwise cosine.", |a| unary(
        a,
        UnaryOp::Cos
    )),
    f!("tan", X_ACCURACY, "Elementwise tangent.", |a| math(
        a,
        MathOp::Tan
    )),
    f!("asin", X_ONLY, "Elementwise arcsine.", |a| math(
        a,
        MathOp::Asin
    )),
    f!("acos", X_ONLY, "Elementwise arccosine.", |a| math(
        a,
        MathOp::Acos
    )),
    f!("atan", X_ONLY, "Elementwise arctangent.", |a| math(
        a,
        MathOp::Atan
    )),
    f!("sinh", X_ONLY, "Elementwise hyperbolic sine.", |a| math(
        a,
        MathOp::Sinh
    )),
    f!("cosh", X_ONLY, "Elementwise hyperbolic cosine.", |a| math(
        a,
        MathOp::Cosh
    )),
    f!("asinh", X_ONLY, "Elementwise inverse hyperbolic sine.", |a| {
        math(a, MathOp::Asinh)
    }),
    f!("acosh", X_ONLY, "Elementwise inverse hyperbolic cosine.", |a| {
        math(a, MathOp::Acosh)
    }),
    f!(
        "atanh",
        X_ONLY,
        "Elementwise inverse hyperbolic tangent.",
        |a| math(a, MathOp::Atanh)
    ),
    f!("erf", X_ONLY, "Elementwise error function.", |a| math(
        a,
        MathOp::Erf
    )),
    f!(
        "erfc",
        X_ONLY,
        "Elementwise complementary error function.",
        |a| math(a, MathOp::Erfc)
    ),
    f!(
        "erf_inv",
        X_ONLY,
        "Elementwise inverse error function.",
        |a| math(a, MathOp::ErfInv)
    ),
    f!(
        "lgamma",
        X_ONLY,
        "Elementwise log of the absolute gamma function.",
        |a| math(a, MathOp::Lgamma)
    ),
    f!(
        "digamma",
        X_ONLY,
        "Elementwise digamma (the derivative of lgamma).",
        |a| math(a, MathOp::Digamma)
    ),
    // ------------------------------------------------------------ comparisons and selection
    f!("eq", XY, "Elementwise x == y (same dtypes).", |a| compare(
        a,
        CompareOp::Eq
    )),
    f!("ne", XY, "Elementwise x != y (same dtypes).", |a| compare(
        a,
        CompareOp::Ne
    )),
    f!("lt", XY, "Elementwise x < y (same dtypes).", |a| compare(
        a,
        CompareOp::Lt
    )),
    f!("le", XY, "Elementwise x <= y (same dtypes).", |a| compare(
        a,
        CompareOp::Le
    )),
    f!("gt", XY, "Elementwise x > y (same dtypes).", |a| compare(
        a,
        CompareOp::Gt
    )),
    f!("ge", XY, "Elementwise x >= y (same dtypes).", |a| compare(
        a,
        CompareOp::Ge
    )),
    f!(
        "select_n",
        &[
            p("which", K::Array, D::Required),
            p("cases", K::VarArrays, D::Required)
        ],
        "Per element, the case numbered by `which` (bool: False picks the first).",
        |a| out(ops::select_n(&a.array("which")?, &a.var_arrays()?))
    ),
    f!(
        "select",
        &[
            p("pred", K::Array, D::Required),
            p("on_true", K::Array, D::Required),
            p("on_false", K::Array, D::Required)
        ],
        "Per element, on_true where pred holds, else on_false (select_n(pred, on_false, on_true)).",
        |a| out(ops::select_n(
            &a.array("pred")?,
            &[a.array("on_false")?, a.array("on_true")?]
        ))
    ),
    f!(
        "clamp",
        &[
            p("min", K::Array, D::Required),
            p("x", K::Array, D::Required),
            p("max", K::Array, D::Required)
        ],
        "Elementwise x limited to [min, max] (same dtypes).",
        |a| out(ops::clamp(
            &a.array("min")?,
            &a.array("x")?,
            &a.array("max")?
        ))
    ),
    // ------------------------------------------------------------ bitwise
    f!("bitwise_and", XY, "Elementwise and of ints or bools.", |a| {
        bits(a, BitwiseOp::And)
    }),
    f!("bitwise_or", XY, "Elementwise or of ints or bools.", |a| bits(
        a,
        BitwiseOp::Or
    )),
    f!(
        "bitwise_xor",
        XY,
        "Elementwise exclusive or of ints or bools.",
        |a| bits(a, BitwiseOp::Xor)
    ),
    f!(
        "bitwise_not",
        X_ONLY,
        "Elementwise not of ints or bools.",
        |a| out(bitwise::bitwise_not(&a.array("x")?))
    ),
    f!("shift_left", XY, "Elementwise x << y.", |a| bits(
        a,
        BitwiseOp::ShiftLeft
    )),
    f!(
        "shift_right_logical",
        XY,
        "Elementwise x >> y, shifting in zeros.",
        |a| bits(a, BitwiseOp::ShiftRightLogical)
    ),
    f!(
        "shift_right_arithmetic",
        XY,
        "Elementwise x >> y, shifting in the sign bit.",
        |a| bits(a, BitwiseOp::ShiftRightArithmetic)
    ),
    f!(
        "population_count",
        X_ONLY,
        "Elementwise number of set bits.",
        |a| out(bitwise::population_count(&a.array("x")?))
    ),
    // ------------------------------------------------------------ types
    f!(
        "convert_element_type",
        &[OPERAND, p("new_dtype", K::Dtype, D::Required)],
        "The operand converted to `new_dtype` (strongly typed).",
        |a| out(convert(
            &a.array("operand")?,
            need_dtype(a, "new_dtype")?,
            false
        ))
    ),
    f!(
        "bitcast_convert_type",
        &[OPERAND, p("new_dtype", K::Dtype, D::Required)],
        "The operand's bits read as another 32-bit dtype.",
        |a| out(bitwise::bitcast_convert_type(
            &a.array("operand")?,
            need_dtype(a, "new_dtype")?
        ))
    ),
    // ------------------------------------------------------------ reductions
    f!(
        "reduce_sum",
        &[OPERAND, AXES, OUT_SHARDING_KW],
        "Sum over `axes`.",
        |a| {
            let x = a.array("operand")?;
            let axes = reduce_axes(a, &x)?;
            // lax.reduce_sum binds even for no axes; lax::reduce_sum skips that.
            if axes.is_empty() {
                return out(bind1(
                    Rc::new(crate::primitives::structural::ReduceSum {
                        axes,
                        numpy_axes: false,
                    }),
                    &[x],
                ));
            }
            out(lax::reduce_sum(&x, axes))
        }
    ),
    f!(
        "reduce_max",
        &[OPERAND, AXES],
        "Maximum over `axes`.",
        |a| reduce(a, ReduceOp::Max)
    ),
    f!(
        "reduce_min",
        &[OPERAND, AXES],
        "Minimum over `axes`.",
        |a| reduce(a, ReduceOp::Min)
    ),
    f!(
        "reduce_prod",
        &[OPERAND, AXES],
        "Product over `axes`.",
        |a| reduce(a, ReduceOp::Prod)
    ),
    f!(
        "reduce_and",
        &[OPERAND, AXES],
        "Bitwise and over `axes` (all, for bools).",
        |a| reduce(a, ReduceOp::And)
    ),
    f!(
        "reduce_or",
        &[OPERAND, AXES],
        "Bitwise or over `axes` (any, for bools).",
        |a| reduce(a, ReduceOp::Or)
    ),
    f!(
        "reduce_xor",
        &[OPERAND, AXES],
        "Bitwise exclusive or over `axes`.",
        |a| reduce(a, ReduceOp::Xor)
    ),
    f!(
        "argmax",
        &[
            OPERAND,
            p("axis", K::Int, D::Required),
            p("index_dtype", K::Dtype, D::Required)
        ],
        "Index of the largest element along `axis` (the first, on ties).",
        |a| arg_reduce(a, red::ArgOp::Max)
    ),
    f!(
        "argmin",
        &[
            OPERAND,
            p("axis", K::Int, D::Required),
            p("index_dtype", K::Dtype, D::Required)
        ],
        "Index of the smallest element along `axis` (the first, on ties).",
        |a| arg_reduce(a, red::ArgOp::Min)
    ),
    f!("cumsum", CUM, "Running sum along `axis`.", |a| cumulative(
        a,
        CumOp::Sum
    )),
    f!("cumprod", CUM, "Running product along `axis`.", |a| {
        cumulative(a, CumOp::Prod)
    }),
    f!("cummax", CUM, "Running maximum along `axis`.", |a| {
        cumulative(a, CumOp::Max)
    }),
    f!("cummin", CUM, "Running minimum along `axis`.", |a| {
        cumulative(a, CumOp::Min)
    }),
    f!(
        "cumlogsumexp",
        CUM,
        "Running log-sum-exp along `axis`.",
        |a| cumulative(a, CumOp::LogSumExp)
    ),
    // ------------------------------------------------------------ sorting
    f!(
        "sort",
        &[
            p("operand", K::Arrays, D::Required),
            p("dimension", K::Int, D::Int(-1)),
            p("is_stable", K::Bool, D::Bool(true)),
            p("num_keys", K::Int, D::Int(1))
        ],
        "The operand sorted along `dimension`; a sequence of operands is sorted by its first `num_keys`.",
        |a| {
            let seq = matches!(a.get("operand")?, Arg::Seq(_));
            let operands = if seq {
                a.arrays("operand")?
            } else {
                vec![a.array("operand")?]
            };
            let rank = operands.first().map_or(0, |x| x.shape().len());
            let dimension = sort_dimension(a, rank)?;
            let num_keys = usize::try_from(a.int("num_keys")?).unwrap_or(0);
            if num_keys < 1 || num_keys > operands.len() {
                return Err(Error::Value {
                    message: format!(
                        "num_keys={num_keys} must be between 1 and len(operand)={}",
                        operands.len()
                    ),
                });
            }
            let sorted = sort::sort(&operands, dimension, a.bool("is_stable")?, num_keys)?;
            Ok(if seq {
                Output::Tuple(sorted)
            } else {
                Output::Array(sorted.into_iter().next().ok_or_else(|| {
                    Error::internal("sort returned no outputs")
                })?)
            })
        }
    ),
    f!(
        "sort_key_val",
        &[
            p("keys", K::Array, D::Required),
            p("values", K::Array, D::Required),
            p("dimension", K::Int, D::Int(-1)),
            p("is_stable", K::Bool, D::Bool(true))
        ],
        "`keys` sorted along `dimension`, and `values` in the same order.",
        |a| {
            let keys = a.array("keys")?;
            let dimension = sort_dimension(a, keys.shape().len())?;
            let operands = [keys, a.array("values")?];
            let sorted = sort::sort(&operands, dimension, a.bool("is_stable")?, 1)?;
            Ok(Output::Tuple(sorted))
        }
    ),
    f!(
        "top_k",
        &[
            p("operand", K::Array, D::Required),
            p("k", K::Int, D::Required),
            p("axis", K::Int, D::Int(-1)).keyword()
        ],
        "The k largest entries along `axis` and their int32 indices (ties: lower index first).",
        |a| {
            let x = a.array("operand")?;
            let k = a.int("k")?;
            let k = usize::try_from(k).map_err(|_| Error::Value {
                message: format!("k argument to top_k must be nonnegative, got {k}"),
            })?;
            let rank = x.shape().len();
            let axis = a.opt_int("axis")?.unwrap_or(-1);
            let axis = crate::jnp::axis_index(axis, rank.max(1))?;
            let (values, indices) = crate::primitives::top_k::top_k(&x, k, axis)?;
            Ok(Output::Tuple(vec![values, indices]))
        }
    ),
    // ------------------------------------------------------------ products
    f!(
        "dot_general",
        &[
            p("lhs", K::Array, D::Required),
            p("rhs", K::Array, D::Required),
            p("dimension_numbers", K::Data, D::Required),
            p("precision", K::Unsupported, D::None),
            p("preferred_element_type", K::Dtype, D::None),
            OUT_SHARDING_KW
        ],
        "Contracts and batches the given dimensions of lhs and rhs.",
        "`dimension_numbers` is plain data, `((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch))` (lists in JS).",
        |a| {
            let dims = dot_dims(a.get("dimension_numbers")?)?;
            out(dot_general(
                &a.array("lhs")?,
                &a.array("rhs")?,
                dims,
                a.dtype("preferred_element_type")?,
            ))
        }
    ),
    f!(
        "dot",
        &[
            p("lhs", K::Array, D::Required),
            p("rhs", K::Array, D::Required),
            p("dimension_numbers", K::Unsupported, D::None).keyword(),
            p("precision", K::Unsupported, D::None).keyword(),
            p("preferred_element_type", K::Dtype, D::None).keyword(),
            OUT_SHARDING_KW
        ],
        "Vector or matrix product: the last axis of lhs against the first of rhs.",
        |a| {
            let (lhs, rhs) = (a.array("lhs")?, a.array("rhs")?);
            let (lr, rr) = (lhs.shape().len(), rhs.shape().len());
            if !(1..=2).contains(&lr) || !(1..=2).contains(&rr) {
                return Err(type_error(format!(
                    "Incompatible shapes for dot: got {} and {}.",
                    crate::array::shape_tuple(lhs.shape()),
                    crate::array::shape_tuple(rhs.shape())
                )));
            }
            let dims = DotDims {
                lhs_contract: vec![lr - 1],
                rhs_contract: vec![0],
                ..DotDims::default()
            };
            out(dot_general(
                &lhs,
                &rhs,
                dims,
                a.dtype("preferred_element_type")?,
            ))
        }
    ),
    // ------------------------------------------------------------ joining and dynamic slices
    f!(
        "concatenate",
        &[
            p("operands", K::Arrays, D::Required),
            p("dimension", K::Int, D::Required)
        ],
        "The operands joined along `dimension` (same dtypes).",
        |a| {
            let xs = a.arrays("operands")?;
            let dimension = a.int("dimension")?;
            let rank = xs.first().map_or(0, |x| x.shape().len());
            if dimension < 0 || dimension as usize >= rank {
                let shapes: Vec<String> = xs
                    .iter()
                    .map(|x| crate::array::shape_tuple(x.shape()))
                    .collect();
                return Err(type_error(format!(
                    "concatenate dimension out of bounds: dimension {dimension} for shapes {}.",
                    shapes.join(", ")
                )));
            }
            out(indexing::concatenate(&xs, dimension as usize))
        }
    ),
    f!(
        "dynamic_slice",
        &[
            OPERAND,
            p("start_indices", K::Arrays, D::Required),
            p("slice_sizes", K::Shape, D::Required),
            ALLOW_NEGATIVE
        ],
        "The window of `slice_sizes` at traced `start_indices` (clamped into the operand).",
        |a| {
            let x = a.array("operand")?;
            let allow = a.bool("allow_negative_indices")?;
            let starts = start_indices(a, "start_indices", x.shape(), allow)?;
            out(indexing::dynamic_slice(&x, &starts, a.shape("slice_sizes")?))
        }
    ),
    f!(
        "dynamic_update_slice",
        &[
            OPERAND,
            p("update", K::Array, D::Required),
            p("start_indices", K::Arrays, D::Required),
            ALLOW_NEGATIVE
        ],
        "The operand with `update` written at traced `start_indices` (clamped).",
        |a| {
            let x = a.array("operand")?;
            let allow = a.bool("allow_negative_indices")?;
            let starts = start_indices(a, "start_indices", x.shape(), allow)?;
            out(indexing::dynamic_update_slice(
                &x,
                &a.array("update")?,
                &starts,
            ))
        }
    ),
    f!(
        "dynamic_slice_in_dim",
        &[
            OPERAND,
            p("start_index", K::Array, D::Required),
            p("slice_size", K::Int, D::Required),
            p("axis", K::Int, D::Int(0)),
            ALLOW_NEGATIVE
        ],
        "`slice_size` elements from traced `start_index` along `axis`.",
        |a| {
            let x = a.array("operand")?;
            let axis = a.axis("axis", x.shape().len())?;
            let start = start_in_dim(a, "start_index", x.shape()[axis])?;
            let mut sizes = x.shape().to_vec();
            sizes[axis] = usize::try_from(a.int("slice_size")?).unwrap_or(usize::MAX);
            let starts = starts_in_dim(sizes.len(), axis, start);
            out(indexing::dynamic_slice(&x, &starts, sizes))
        }
    ),
    f!(
        "dynamic_index_in_dim",
        &[
            OPERAND,
            p("index", K::Array, D::Required),
            p("axis", K::Int, D::Int(0)),
            p("keepdims", K::Bool, D::Bool(true)),
            ALLOW_NEGATIVE
        ],
        "The slice at traced `index` along `axis` (kept as a size-1 axis unless keepdims=False).",
        "JAX wraps the computation in a `jit` named dynamic_index_in_dim; jaxplay's jaxpr has its equations inline.",
        |a| {
            let x = a.array("operand")?;
            let axis = a.axis("axis", x.shape().len())?;
            let start = start_in_dim(a, "index", x.shape()[axis])?;
            let mut sizes = x.shape().to_vec();
            sizes[axis] = 1;
            let starts = starts_in_dim(sizes.len(), axis, start);
            let slice = indexing::dynamic_slice(&x, &starts, sizes)?;
            if a.bool("keepdims")? {
                out(Ok(slice))
            } else {
                out(lax::squeeze(&slice, vec![axis]))
            }
        }
    ),
    f!(
        "dynamic_update_index_in_dim",
        &[
            OPERAND,
            p("update", K::Array, D::Required),
            p("index", K::Array, D::Required),
            p("axis", K::Int, D::Required),
            ALLOW_NEGATIVE
        ],
        "The operand with `update` written at traced `index` along `axis`.",
        "JAX wraps the computation in a `jit` named dynamic_update_index_in_dim; jaxplay's jaxpr has its equations inline.",
        |a| {
            let x = a.array("operand")?;
            let rank = x.shape().len();
            let axis = a.axis("axis", rank)?;
            let mut update = a.array("update")?;
            if update.shape().len() + 1 == rank {
                update = lax::expand_dims(&update, &[axis])?;
            }
            let start = start_in_dim(a, "index", x.shape()[axis])?;
            let starts = starts_in_dim(rank, axis, start);
            out(indexing::dynamic_update_slice(&x, &update, &starts))
        }
    ),
    f!(
        "gather",
        &[
            OPERAND,
            p("start_indices", K::Array, D::Required),
            p("dimension_numbers", K::Data, D::Required),
            p("slice_sizes", K::Shape, D::Required),
            p("unique_indices", K::Bool, D::Bool(false)).keyword(),
            p("indices_are_sorted", K::Bool, D::Bool(false)).keyword(),
            p("mode", K::Str, D::None).keyword(),
            p("fill_value", K::Float, D::None).keyword()
        ],
        "XLA's general gather: a `slice_sizes` window of the operand at each index vector.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `GatherDimensionNumbers` (offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims=(), start_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| {
            let dims = gather_dims(a.get("dimension_numbers")?)?;
            out(indexing::gather(
                &a.array("operand")?,
                &a.array("start_indices")?,
                dims,
                a.shape("slice_sizes")?,
                gather_mode(a, indexing::Mode::PromiseInBounds)?,
                fill_value(a)?,
                a.bool("indices_are_sorted")?,
                a.bool("unique_indices")?,
            ))
        }
    ),
    f!(
        "scatter",
        SCATTER,
        "XLA's general scatter: the operand with each `updates` window written at its index vector.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| scatter(a, indexing::ScatterKind::Set)
    ),
    f!(
        "scatter_add",
        SCATTER,
        "The operand with each `updates` window added at its index vector.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| scatter(a, indexing::ScatterKind::Add)
    ),
    f!(
        "scatter_mul",
        SCATTER,
        "The operand with each window multiplied by its `updates` window.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| scatter(a, indexing::ScatterKind::Mul)
    ),
    f!(
        "scatter_min",
        SCATTER,
        "The operand with each window the minimum of itself and its `updates` window.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| scatter(a, indexing::ScatterKind::Min)
    ),
    f!(
        "scatter_max",
        SCATTER,
        "The operand with each window the maximum of itself and its `updates` window.",
        "`dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None.",
        |a| scatter(a, indexing::ScatterKind::Max)
    ),
    f!(
        "index_in_dim",
        &[
            OPERAND,
            p("index", K::Int, D::Required),
            p("axis", K::Int, D::Int(0)),
            p("keepdims", K::Bool, D::Bool(true))
        ],
        "The slice at static `index` along `axis` (negative counts from the end).",
        |a| {
            let x = a.array("operand")?;
            let axis = a.axis("axis", x.shape().len())?;
            let n = x.shape()[axis];
            let index = a.int("index")?;
            let i = if index < 0 { index + n as i64 } else { index };
            if i < 0 || i as usize >= n {
                return Err(Error::Value {
                    message: format!(
                        "index {index} is out of bounds for axis {axis} with size {n}"
                    ),
                });
            }
            let (mut start, mut limit) = (vec![0; x.shape().len()], x.shape().to_vec());
            start[axis] = i as usize;
            limit[axis] = i as usize + 1;
            let strides = vec![1; start.len()];
            let slice = lax::slice(&x, start, limit, Some(strides))?;
            if a.bool("keepdims")? {
                out(Ok(slice))
            } else {
                out(lax::squeeze(&slice, vec![axis]))
            }
        }
    ),
    f!(
        "slice_in_dim",
        &[
            OPERAND,
            p("start_index", K::Int, D::Required),
            p("limit_index", K::Int, D::Required),
            p("stride", K::Int, D::Int(1)),
            p("axis", K::Int, D::Int(0))
        ],
        "Elements `start_index:limit_index:stride` along `axis` (None for an end).",
        |a| {
            let x = a.array("operand")?;
            let axis = a.axis("axis", x.shape().len())?;
            let n = x.shape()[axis] as i64;
            let wrap = |name: &str, default: i64| -> Result<usize> {
                let i = a.opt_int(name)?.unwrap_or(default);
                Ok((if i < 0 { i + n } else { i }).clamp(0, n) as usize)
            };
            let (lo, hi) = (wrap("start_index", 0)?, wrap("limit_index", n)?);
            let stride = usize::try_from(a.int("stride")?).map_err(|_| Error::Value {
                message: "slice_in_dim: stride must be positive".into(),
            })?;
            let (mut start, mut limit) = (vec![0; x.shape().len()], x.shape().to_vec());
            let mut strides = vec![1; start.len()];
            start[axis] = lo;
            limit[axis] = hi.max(lo);
            strides[axis] = stride;
            out(lax::slice(&x, start, limit, Some(strides)))
        }
    ),
    // ------------------------------------------------------------ shapes
    f!(
        "broadcast",
        &[OPERAND, p("sizes", K::Shape, D::Required), OUT_SHARDING_KW],
        "The operand broadcast with new leading axes of `sizes`.",
        |a| {
            let x = a.array("operand")?;
            let sizes = a.shape("sizes")?;
            let rank = x.shape().len();
            let shape: Vec<usize> = sizes.iter().chain(x.shape()).copied().collect();
            let dims = (sizes.len()..sizes.len() + rank).collect();
            out(lax::broadcast_in_dim(&x, &shape, dims))
        }
    ),
    f!(
        "broadcast_in_dim",
        &[
            OPERAND,
            p("shape", K::Shape, D::Required),
            p("broadcast_dimensions", K::Axis, D::Required),
            OUT_SHARDING_KW
        ],
        "The operand broadcast to `shape`, its axes landing at `broadcast_dimensions`.",
        |a| {
            let x = a.array("operand")?;
            let shape = a.shape("shape")?;
            out(lax::broadcast_in_dim(
                &x,
                &shape,
                dims(a, "broadcast_dimensions")?,
            ))
        }
    ),
    f!(
        "reshape",
        &[
            OPERAND,
            p("new_sizes", K::Shape, D::Required),
            p("dimensions", K::Axis, D::None),
            OUT_SHARDING_KW
        ],
        "The operand's elements (in `dimensions` order if given) under a new shape.",
        "With `dimensions`, jaxplay transposes first and reshapes (JAX: one reshape with a dimensions param).",
        |a| {
            let mut x = a.array("operand")?;
            if !a.is_none("dimensions")? {
                x = lax::transpose(&x, dims(a, "dimensions")?)?;
            }
            out(lax::reshape(&x, &a.shape("new_sizes")?))
        }
    ),
    f!(
        "collapse",
        &[
            OPERAND,
            p("start_dimension", K::Int, D::Required),
            p("stop_dimension", K::Int, D::None)
        ],
        "Axes start_dimension..stop_dimension merged into one.",
        |a| {
            let x = a.array("operand")?;
            let shape = x.shape().to_vec();
            let rank = shape.len() as i64;
            let norm = |i: i64| if i < 0 { i + rank } else { i };
            let lo = norm(a.int("start_dimension")?);
            let hi = a.opt_int("stop_dimension")?.map_or(rank, norm);
            if lo < 0 || hi > rank || lo > hi {
                return Err(Error::Value {
                    message: format!(
                        "collapse: dimensions {lo}..{hi} are out of range for rank {rank}"
                    ),
                });
            }
            let (lo, hi) = (lo as usize, hi as usize);
            let merged: usize = shape[lo..hi].iter().product();
            let new: Vec<usize> = shape[..lo]
                .iter()
                .copied()
                .chain([merged])
                .chain(shape[hi..].iter().copied())
                .collect();
            out(lax::reshape(&x, &new))
        }
    ),
    f!(
        "transpose",
        &[OPERAND, p("permutation", K::Axis, D::Required)],
        "The operand's axes permuted.",
        |a| {
            let x = a.array("operand")?;
            let perm = a.ints("permutation")?;
            let rank = x.shape().len();
            let mut sorted = perm.clone();
            sorted.sort_unstable();
            if sorted != (0..rank as i64).collect::<Vec<_>>() {
                return Err(type_error(format!(
                    "transpose permutation isn't a permutation of operand dimensions, got \
                     permutation {} for operand shape {}.",
                    python_tuple(&perm),
                    crate::array::shape_tuple(x.shape())
                )));
            }
            out(lax::transpose(&x, perm.iter().map(|&p| p as usize).collect()))
        }
    ),
    f!(
        "pad",
        &[
            OPERAND,
            p("padding_value", K::Array, D::Required),
            p("padding_config", K::Data, D::Required)
        ],
        "The operand padded: (low, high, interior) elements of `padding_value` per axis.",
        "Negative (cropping) low and high padding is not supported yet.",
        |a| {
            let x = a.array("operand")?;
            let fill = a.array("padding_value")?;
            let (xd, fd) = (x.aval().dtype, fill.aval().dtype);
            if xd != fd {
                return Err(type_error(format!(
                    "pad operand and padding_value must be same dtype: got {xd} and {fd}."
                )));
            }
            let rows = int_rows(a.get("padding_config")?, "padding_config")?;
            let config = rows
                .iter()
                .map(|row| match row.as_slice() {
                    [lo, hi, interior] if *lo >= 0 && *hi >= 0 && *interior >= 0 => Ok(PadDim {
                        lo: *lo as usize,
                        hi: *hi as usize,
                        interior: *interior as usize,
                        numpy_lo: false,
                        numpy_hi: false,
                        numpy_interior: false,
                    }),
                    [_, _, interior] if *interior >= 0 => Err(Error::Unsupported {
                        what: "lax.pad with negative low or high padding",
                    }),
                    _ => Err(type_error(
                        "padding_config must be a sequence of (low, high, interior) int tuples, \
                         interior non-negative"
                            .into(),
                    )),
                })
                .collect::<Result<Vec<_>>>()?;
            out(lax::pad_with(&x, &fill, config))
        }
    ),
    // ------------------------------------------------------------ creation
    f!(
        "iota",
        &[
            p("dtype", K::Dtype, D::Required),
            p("size", K::Int, D::Required)
        ],
        "0, 1, ..., size - 1 of `dtype`.",
        |a| {
            let size = a.int("size")?;
            let size = usize::try_from(size).map_err(|_| {
                type_error(format!(
                    "iota shape must have every element be nonnegative, got ({size},)."
                ))
            })?;
            out(iota(need_dtype(a, "dtype")?, vec![size], 0))
        }
    ),
    f!(
        "broadcasted_iota",
        &[
            p("dtype", K::Dtype, D::Required),
            SHAPE,
            p("dimension", K::Int, D::Required),
            OUT_SHARDING_KW
        ],
        "An array of `shape` counting 0, 1, ... along `dimension`.",
        |a| {
            let shape = a.shape("shape")?;
            let dimension = a.axis("dimension", shape.len())?;
            out(iota(need_dtype(a, "dtype")?, shape, dimension))
        }
    ),
    f!(
        "full",
        &[
            SHAPE,
            p("fill_value", K::Array, D::Required),
            DTYPE,
            p("sharding", K::Unsupported, D::None).keyword()
        ],
        "An array of `shape` filled with `fill_value` (weakly typed if it is a Python scalar and no dtype is given).",
        |a| out(full(
            &a.shape("shape")?,
            &a.array("fill_value")?,
            a.dtype("dtype")?
        ))
    ),
    f!(
        "full_like",
        &[
            LX,
            p("fill_value", K::Array, D::Required),
            DTYPE,
            LIKE_SHAPE,
            p("sharding", K::Unsupported, D::None)
        ],
        "An array like `x` (its shape and dtype unless given) filled with `fill_value`.",
        |a| {
            let x = a.array("x")?;
            let aval: ShapedArray = x.aval();
            let shape = if a.is_none("shape")? {
                aval.shape.clone()
            } else {
                a.shape("shape")?
            };
            let fill = a.array("fill_value")?;
            // JAX keeps `x`'s weak type only when no dtype is given.
            let (dtype, weak) = match a.dtype("dtype")? {
                Some(d) => (d, false),
                None => (aval.dtype, aval.weak_type),
            };
            let fill = convert(&fill, dtype, weak)?;
            out(full(&shape, &fill, None))
        }
    ),
];
