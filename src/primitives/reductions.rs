//! Reductions other than `reduce_sum` (`reduce_max`, `reduce_min`, `reduce_prod`, `reduce_and`,
//! `reduce_or`, `reduce_xor`), `argmax` / `argmin`, and the cumulative primitives (`cumsum`,
//! `cumprod`, `cummax`, `cummin`, `cumlogsumexp`), with JAX 0.10.2's params, dtype rules and
//! error words, and their JVP, transpose and batching rules built as JAX builds them. The
//! lax-level helpers binding them are at the end.
//!
//! Floats follow XLA: `max`/`min` propagate NaN, empty reductions give the identity (`-inf`
//! for a float max, `i32::MIN` for an int max, `true` for `and`...), integer products wrap.

use super::int::Int;
use super::slicing::PadDim;
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::{element_count, fold_rows, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::CompareOp;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// JAX's `str` of an aval in error messages: `float32[2,3]`, `~float32[]` when weak.
fn aval_text(a: &ShapedArray) -> String {
    let dims: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
    let weak = if a.weak_type { "~" } else { "" };
    format!("{weak}{}[{}]", a.dtype.name(), dims.join(","))
}

/// Axes as JAX prints them: under `vmap` its batching rules shift them with NumPy, so they
/// print as `np.int64(1)`.
pub(crate) fn axes_text(axes: &[usize], numpy: bool) -> String {
    if !numpy {
        return shape_tuple(axes);
    }
    let items: Vec<String> = axes.iter().map(|a| format!("np.int64({a})")).collect();
    match items.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// The axes of a batched operand whose batch axis is at `bdim`.
fn shift_axes(axes: &[usize], bdim: usize) -> Vec<usize> {
    axes.iter()
        .map(|&a| if a < bdim { a } else { a + 1 })
        .collect()
}

/// Where the batch axis `bdim` ends up once `axes` are reduced out.
fn reduced_bdim(shifted: &[usize], bdim: usize) -> usize {
    bdim - shifted.iter().filter(|&&a| a < bdim).count()
}

fn invalid(primitive: &'static str, message: String) -> Error {
    Error::InvalidArgument { primitive, message }
}

/// The reduced shape, after JAX's checks of `axes` (`_reduce_op_shape_rule`).
fn reduced_shape(primitive: &'static str, x: &ShapedArray, axes: &[usize]) -> Result<Vec<usize>> {
    if axes.iter().any(|&a| a >= x.shape.len()) {
        return Err(invalid(
            primitive,
            format!(
                "reduction axes {} contains out-of-bounds indices for {}.",
                shape_tuple(axes),
                aval_text(x)
            ),
        ));
    }
    if (1..axes.len()).any(|i| axes[..i].contains(&axes[i])) {
        return Err(invalid(
            primitive,
            format!(
                "duplicate value in 'axes' of reduction: {}",
                shape_tuple(axes)
            ),
        ));
    }
    Ok((0..x.shape.len())
        .filter(|d| !axes.contains(d))
        .map(|d| x.shape[d])
        .collect())
}

/// Folds out `axes` of `x` with `f`, starting every output element at `init`: one walk over
/// the input rows ([`fold_rows`]), each element combined into the output element it reduces to.
fn fold_axes<T: Copy>(x: &Dense<T>, axes: &[usize], init: T, f: impl Fn(T, T) -> T) -> Dense<T> {
    let shape = x.shape();
    let out_shape: Vec<usize> = (0..shape.len())
        .filter(|d| !axes.contains(d))
        .map(|d| shape[d])
        .collect();
    let mut out = vec![init; element_count(&out_shape)];
    let reduced: Vec<bool> = (0..shape.len()).map(|d| axes.contains(&d)).collect();
    let row = |acc: T, xs: &[T]| xs.iter().fold(acc, |a, &v| f(a, v));
    fold_rows(shape, &reduced, x.data(), &mut out, &f, row);
    Dense::filled(&out_shape, out)
}

/// XLA's float `max`: NaN wins.
pub(super) fn max_f32(a: f32, b: f32) -> f32 {
    if a.is_nan() || a > b {
        a
    } else if b.is_nan() || b > a {
        b
    } else {
        a
    }
}

pub(super) fn min_f32(a: f32, b: f32) -> f32 {
    if a.is_nan() || a < b {
        a
    } else if b.is_nan() || b < a {
        b
    } else {
        a
    }
}

/// `log(exp(a) + exp(b))` without overflow; infinities of one sign stay themselves.
fn logaddexp_f32(a: f32, b: f32) -> f32 {
    let m = max_f32(a, b);
    if m.is_infinite() || m.is_nan() {
        return m;
    }
    m + (-(a - b).abs()).exp().ln_1p()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceOp {
    Max,
    Min,
    Prod,
    And,
    Or,
    Xor,
}

impl ReduceOp {
    pub const ALL: [ReduceOp; 6] = [
        ReduceOp::Max,
        ReduceOp::Min,
        ReduceOp::Prod,
        ReduceOp::And,
        ReduceOp::Or,
        ReduceOp::Xor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Max => "reduce_max",
            ReduceOp::Min => "reduce_min",
            ReduceOp::Prod => "reduce_prod",
            ReduceOp::And => "reduce_and",
            ReduceOp::Or => "reduce_or",
            ReduceOp::Xor => "reduce_xor",
        }
    }

    fn logical(self) -> bool {
        matches!(self, ReduceOp::And | ReduceOp::Or | ReduceOp::Xor)
    }

    /// JAX's dtype rules: logical reductions take bool and integers, `reduce_prod` numbers,
    /// `reduce_max` / `reduce_min` anything.
    fn check_dtype(self, dtype: DType) -> Result<()> {
        if self.logical() && dtype == DType::Float32 {
            return Err(invalid(
                self.name(),
                format!("logical reduction requires operand dtype bool or int, got {dtype}."),
            ));
        }
        if self == ReduceOp::Prod && dtype == DType::Bool {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: "number",
            });
        }
        Ok(())
    }

    /// The reduction of an integer array, wrapping as XLA's does.
    fn fold_int<T: Int>(self, a: &Dense<T>, axes: &[usize]) -> Dense<T> {
        use ReduceOp::*;
        match self {
            Max => fold_axes(a, axes, T::MIN, T::max),
            Min => fold_axes(a, axes, T::MAX, T::min),
            Prod => fold_axes(a, axes, T::ONE, T::wrapping_mul),
            And => fold_axes(a, axes, !T::ZERO, |s, v| s & v),
            Or => fold_axes(a, axes, T::ZERO, |s, v| s | v),
            Xor => fold_axes(a, axes, T::ZERO, |s, v| s ^ v),
        }
    }

    fn eval(self, x: &Buffer, axes: &[usize]) -> Result<Buffer> {
        use ReduceOp::*;
        Ok(match (x, self) {
            (Buffer::F32(a), Max) => Buffer::F32(fold_axes(a, axes, f32::NEG_INFINITY, max_f32)),
            (Buffer::F32(a), Min) => Buffer::F32(fold_axes(a, axes, f32::INFINITY, min_f32)),
            (Buffer::F32(a), Prod) => Buffer::F32(fold_axes(a, axes, 1.0, |s, v| s * v)),
            (Buffer::I32(a), op) => Buffer::I32(op.fold_int(a, axes)),
            (Buffer::U32(a), op) => Buffer::U32(op.fold_int(a, axes)),
            (Buffer::U8(a), op) => Buffer::U8(op.fold_int(a, axes)),
            (Buffer::Bool(a), Max | Or) => Buffer::Bool(fold_axes(a, axes, false, |s, v| s | v)),
            (Buffer::Bool(a), Min | And) => Buffer::Bool(fold_axes(a, axes, true, |s, v| s & v)),
            (Buffer::Bool(a), Xor) => Buffer::Bool(fold_axes(a, axes, false, |s, v| s ^ v)),
            (b, _) => {
                self.check_dtype(b.dtype())?;
                return Err(Error::internal(format!("{} on {}", self.name(), b.dtype())));
            }
        })
    }
}

/// `reduce_max`, `reduce_min`, `reduce_prod`, `reduce_and`, `reduce_or`, `reduce_xor`.
#[derive(Debug)]
pub struct Reduce {
    pub op: ReduceOp,
    pub axes: Vec<usize>,
    /// Whether `axes` came from a batching rule, which JAX computes with NumPy.
    pub numpy_axes: bool,
}

impl Primitive for Reduce {
    fn name(&self) -> &'static str {
        self.op.name()
    }

    /// Unlike `reduce_sum`, these print no `out_sharding`.
    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("axes", axes_text(&self.axes, self.numpy_axes).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        self.op.check_dtype(x.dtype)?;
        let shape = reduced_shape(self.name(), x, &self.axes)?;
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let buffer = self.op.eval(inputs[0].buffer(), &self.axes)?;
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let x = &primals[0];
        let Some(t) = &tangents[0] else {
            return Ok((vec![reduce(self.op, x, self.axes.clone())?], vec![None]));
        };
        match self.op {
            ReduceOp::Max | ReduceOp::Min => {
                let ans = reduce(self.op, x, self.axes.clone())?;
                let t = chooser_jvp(x, &ans, t, &self.axes)?;
                Ok((vec![ans], vec![Some(t)]))
            }
            ReduceOp::Prod => {
                let (p, t) = prod_jvp(x, t, &self.axes)?;
                Ok((vec![p], vec![t]))
            }
            // Bool and integer outputs have no tangent.
            _ => Ok((vec![reduce(self.op, x, self.axes.clone())?], vec![None])),
        }
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(d) = dims[0] else {
            return Ok((
                vec![reduce(self.op, &args[0], self.axes.clone())?],
                vec![None],
            ));
        };
        let axes = shift_axes(&self.axes, d);
        let out_dim = reduced_bdim(&axes, d);
        let prim = Reduce {
            op: self.op,
            axes,
            numpy_axes: true,
        };
        Ok((vec![bind1(Rc::new(prim), &args[..1])?], vec![Some(out_dim)]))
    }
}

/// JAX's `_reduce_chooser_jvp_rule`: the tangent is the mean of the tangents at the locations
/// that hold the extremum.
fn chooser_jvp(x: &Value, ans: &Value, t: &Value, axes: &[usize]) -> Result<Value> {
    let shape: Vec<usize> = (0..x.shape().len())
        .map(|d| if axes.contains(&d) { 1 } else { x.shape()[d] })
        .collect();
    let eq = lax::compare(CompareOp::Eq, x, &lax::reshape(ans, &shape)?)?;
    let dtype = t.aval().dtype;
    let location_indicators = lax::convert(&eq, dtype, false)?;
    let counts = lax::reduce_sum(&location_indicators, axes.to_vec())?;
    let picked = lax::reduce_sum(&lax::mul(t, &location_indicators)?, axes.to_vec())?;
    lax::div(&picked, &counts)
}

/// JAX's `_reduce_prod_jvp_rule` (`_reduce_jvp` with `mul`): the reduced axes are moved to
/// the front and flattened, then halved again and again, multiplying the halves (the short
/// half padded with 1), with the JVP of `mul` at each step. The primal product comes from the
/// same tree.
fn prod_jvp(x: &Value, t: &Value, axes: &[usize]) -> Result<(Value, Option<Value>)> {
    let shape = x.aval().shape;
    let non_axes: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
    let n: usize = axes.iter().map(|&a| shape[a]).product();
    let mut permutation = axes.to_vec();
    permutation.extend(&non_axes);
    let mut new_shape = vec![n];
    new_shape.extend(non_axes.iter().map(|&d| shape[d]));
    // JAX binds one `reshape` with `dimensions=permutation`; jaxplay's reshape has no
    // `dimensions`, so a non-identity permutation is a `transpose` first.
    let flatten = |v: &Value| lax::reshape(&lax::transpose(v, permutation.clone())?, &new_shape);
    let (mut p, mut t) = (flatten(x)?, flatten(t)?);
    let dtype = x.aval().dtype;
    while p.shape()[0] > 1 {
        let rows = p.shape()[0];
        let n1 = rows.div_ceil(2);
        let half = |v: &Value, from: usize, to: usize| {
            let rank = v.shape().len();
            let mut start = vec![0; rank];
            let mut limit = v.shape().to_vec();
            start[0] = from;
            limit[0] = to;
            lax::slice(v, start, limit, Some(vec![1; rank]))
        };
        let (p1, t1) = (half(&p, 0, n1)?, half(&t, 0, n1)?);
        let (mut p2, mut t2) = (half(&p, n1, rows)?, half(&t, n1, rows)?);
        if rows - n1 != n1 {
            let none = PadDim {
                lo: 0,
                hi: 0,
                interior: 0,
                numpy_lo: false,
                numpy_hi: false,
                numpy_interior: false,
            };
            let mut config = vec![none; p.shape().len()];
            config[0].hi = 1;
            let one = Value::Array(Array::from_f64_values(&[], dtype, &[1.0])?);
            let zero = Value::Array(Array::from_f64_values(&[], dtype, &[0.0])?);
            p2 = lax::pad_with(&p2, &one, config.clone())?;
            t2 = lax::pad_with(&t2, &zero, config)?;
        }
        p = lax::mul(&p1, &p2)?;
        t = lax::add_any(&lax::mul(&t1, &p2)?, &lax::mul(&p1, &t2)?)?;
    }
    if p.shape()[0] == 0 {
        // An empty product: ones, whose tangent is zero.
        let aval = ShapedArray::new(new_shape[1..].to_vec(), dtype);
        return Ok((lax::ones(&aval)?, None));
    }
    Ok((lax::squeeze(&p, vec![0])?, Some(lax::squeeze(&t, vec![0])?)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgOp {
    Max,
    Min,
}

/// `argmax` / `argmin` along one axis; ties and NaNs go to the first index, NaN beating any
/// number (JAX's comparator picks `x > y or x != x`).
#[derive(Debug)]
pub struct ArgReduce {
    pub op: ArgOp,
    pub axis: usize,
    pub index_dtype: DType,
    pub numpy_axes: bool,
}

/// Index of the winner in each run of `n` elements spaced `inner` apart.
fn arg_kernel<T: Copy>(x: &Dense<T>, axis: usize, better: impl Fn(T, T) -> bool) -> Dense<i32> {
    let shape = x.shape();
    let n = shape[axis];
    let inner = element_count(&shape[axis + 1..]);
    let outer = element_count(&shape[..axis]);
    let data = x.data();
    let mut out = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            let mut best = 0;
            for k in 1..n {
                if better(data[base + k * inner], data[base + best * inner]) {
                    best = k;
                }
            }
            out.push(best as i32);
        }
    }
    let mut out_shape = shape.to_vec();
    out_shape.remove(axis);
    Dense::filled(&out_shape, out)
}

impl Primitive for ArgReduce {
    fn name(&self) -> &'static str {
        match self.op {
            ArgOp::Max => "argmax",
            ArgOp::Min => "argmin",
        }
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("axes", axes_text(&[self.axis], self.numpy_axes).into()),
            ("index_dtype", self.index_dtype.name().into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if self.axis >= x.shape.len() {
            return Err(invalid(
                self.name(),
                format!(
                    "Invalid axis {} for operand shape {}",
                    self.axis,
                    shape_tuple(&x.shape)
                ),
            ));
        }
        if x.shape[self.axis] == 0 {
            return Err(invalid(
                self.name(),
                format!(
                    "argmin and argmax require non-empty reduced dimension. operand.shape={} axis={}",
                    shape_tuple(&x.shape),
                    self.axis
                ),
            ));
        }
        if self.index_dtype != DType::Int32 {
            return Err(invalid(
                self.name(),
                format!(
                    "index_dtype must be an integer type, but got {}",
                    self.index_dtype
                ),
            ));
        }
        let mut shape = x.shape.clone();
        shape.remove(self.axis);
        Ok(vec![ShapedArray::new(shape, self.index_dtype)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[inputs[0].aval()])?;
        let axis = self.axis;
        let out = match (inputs[0].buffer(), self.op) {
            (Buffer::F32(a), ArgOp::Max) => {
                arg_kernel(a, axis, |x, y| !y.is_nan() && (x > y || x.is_nan()))
            }
            (Buffer::F32(a), ArgOp::Min) => {
                arg_kernel(a, axis, |x, y| !y.is_nan() && (x < y || x.is_nan()))
            }
            (Buffer::I32(a), ArgOp::Max) => arg_kernel(a, axis, |x, y| x > y),
            (Buffer::I32(a), ArgOp::Min) => arg_kernel(a, axis, |x, y| x < y),
            (Buffer::Bool(a), ArgOp::Max) => arg_kernel(a, axis, |x, y| x & !y),
            (Buffer::Bool(a), ArgOp::Min) => arg_kernel(a, axis, |x, y| !x & y),
            (Buffer::U32(a), ArgOp::Max) => arg_kernel(a, axis, |x, y| x > y),
            (Buffer::U32(a), ArgOp::Min) => arg_kernel(a, axis, |x, y| x < y),
            (Buffer::U8(a), ArgOp::Max) => arg_kernel(a, axis, |x, y| x > y),
            (Buffer::U8(a), ArgOp::Min) => arg_kernel(a, axis, |x, y| x < y),
            (Buffer::Key(_), _) => {
                return Err(Error::DtypeNotAccepted {
                    primitive: self.name(),
                    dtype: "key<fry>".into(),
                    accepted: "integer, floating",
                })
            }
        };
        Ok(vec![Array::from_buffer(Buffer::I32(out))])
    }

    /// An integer output: no tangent (JAX's is a float0 zero).
    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = arg_reduce(self.op, &primals[0], self.axis, self.index_dtype)?;
        Ok((vec![out], vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(d) = dims[0] else {
            let out = arg_reduce(self.op, &args[0], self.axis, self.index_dtype)?;
            return Ok((vec![out], vec![None]));
        };
        let axes = shift_axes(&[self.axis], d);
        let out_dim = reduced_bdim(&axes, d);
        let prim = ArgReduce {
            op: self.op,
            axis: axes[0],
            index_dtype: self.index_dtype,
            numpy_axes: true,
        };
        Ok((vec![bind1(Rc::new(prim), &args[..1])?], vec![Some(out_dim)]))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CumOp {
    Sum,
    Prod,
    Max,
    Min,
    LogSumExp,
}

impl CumOp {
    pub const ALL: [CumOp; 5] = [
        CumOp::Sum,
        CumOp::Prod,
        CumOp::Max,
        CumOp::Min,
        CumOp::LogSumExp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CumOp::Sum => "cumsum",
            CumOp::Prod => "cumprod",
            CumOp::Max => "cummax",
            CumOp::Min => "cummin",
            CumOp::LogSumExp => "cumlogsumexp",
        }
    }
}

/// The running `f` along `axis` (backwards when `reverse`), the first element kept as is.
/// A cumulative op over an integer array (wrapping); `None` for `cumlogsumexp`, which is float
/// only.
fn scan_int<T: Int>(a: &Dense<T>, op: CumOp, axis: usize, rev: bool) -> Option<Dense<T>> {
    Some(match op {
        CumOp::Sum => scan_axis(a, axis, rev, T::wrapping_add),
        CumOp::Prod => scan_axis(a, axis, rev, T::wrapping_mul),
        CumOp::Max => scan_axis(a, axis, rev, T::max),
        CumOp::Min => scan_axis(a, axis, rev, T::min),
        CumOp::LogSumExp => return None,
    })
}

fn scan_axis<T: Copy>(x: &Dense<T>, axis: usize, reverse: bool, f: impl Fn(T, T) -> T) -> Dense<T> {
    let shape = x.shape();
    let n = shape[axis];
    let inner = element_count(&shape[axis + 1..]);
    let outer = element_count(&shape[..axis]);
    let mut out = x.data().to_vec();
    let mut lane = Vec::with_capacity(n);
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| o * n * inner + k * inner + i;
            lane.clear();
            lane.extend((0..n).map(|k| out[at(k)]));
            if reverse {
                for k in (0..n.saturating_sub(1)).rev() {
                    lane[k] = f(lane[k + 1], lane[k]);
                }
            } else {
                blocked_scan(&mut lane, &f);
            }
            for (k, &v) in lane.iter().enumerate() {
                out[at(k)] = v;
            }
        }
    }
    Dense::filled(shape, out)
}

/// A forward scan in XLA's CPU order (its reduce-window rewriter): blocks of 16 scanned in
/// sequence, the blocks' totals scanned the same way, each total folded into the next block.
/// For float sums this is what makes `cumsum` of more than 16 elements JAX's bit for bit.
fn blocked_scan<T: Copy>(x: &mut [T], f: &impl Fn(T, T) -> T) {
    const BLOCK: usize = 16;
    for block in x.chunks_mut(BLOCK) {
        for k in 1..block.len() {
            block[k] = f(block[k - 1], block[k]);
        }
    }
    if x.len() <= BLOCK {
        return;
    }
    let mut totals: Vec<T> = x.chunks(BLOCK).map(|b| b[b.len() - 1]).collect();
    blocked_scan(&mut totals, f);
    for (block, &total) in x.chunks_mut(BLOCK).skip(1).zip(&totals) {
        for v in block {
            *v = f(total, *v);
        }
    }
}

/// `cumsum`, `cumprod`, `cummax`, `cummin`, `cumlogsumexp` along `axis`.
#[derive(Debug)]
pub struct Cumulative {
    pub op: CumOp,
    pub axis: usize,
    pub reverse: bool,
}

impl Primitive for Cumulative {
    fn name(&self) -> &'static str {
        self.op.name()
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("axis", self.axis.to_string().into()),
            ("reverse", Param::Bool(self.reverse)),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if self.axis >= x.shape.len() {
            return Err(invalid(
                self.name(),
                format!(
                    "axis {} is out of bounds for array of shape {}",
                    self.axis,
                    shape_tuple(&x.shape)
                ),
            ));
        }
        if x.dtype == DType::Bool {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: "bool".into(),
                accepted: "number",
            });
        }
        // JAX traces an integer cumlogsumexp but fails to build its -inf start; refused here.
        if self.op == CumOp::LogSumExp && x.dtype != DType::Float32 {
            return Err(Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: x.dtype.name().into(),
                accepted: "floating",
            });
        }
        Ok(vec![x.clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let (axis, rev) = (self.axis, self.reverse);
        let bad = || Error::internal(format!("{} on {}", self.name(), inputs[0].dtype()));
        let buffer = match (inputs[0].buffer(), self.op) {
            (Buffer::F32(a), CumOp::Sum) => Buffer::F32(scan_axis(a, axis, rev, |s, v| s + v)),
            (Buffer::F32(a), CumOp::Prod) => Buffer::F32(scan_axis(a, axis, rev, |s, v| s * v)),
            (Buffer::F32(a), CumOp::Max) => Buffer::F32(scan_axis(a, axis, rev, max_f32)),
            (Buffer::F32(a), CumOp::Min) => Buffer::F32(scan_axis(a, axis, rev, min_f32)),
            (Buffer::F32(a), CumOp::LogSumExp) => {
                Buffer::F32(scan_axis(a, axis, rev, logaddexp_f32))
            }
            (Buffer::I32(a), op) => Buffer::I32(scan_int(a, op, axis, rev).ok_or_else(bad)?),
            (Buffer::U32(a), op) => Buffer::U32(scan_int(a, op, axis, rev).ok_or_else(bad)?),
            (Buffer::U8(a), op) => Buffer::U8(scan_int(a, op, axis, rev).ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out[0].weak_type)
        ])
    }

    /// `cumsum` is linear. The others' JVPs in JAX differentiate an `associative_scan`, built
    /// of `concatenate`, `split`, `max`, `select_n` and a `custom_jvp` `logaddexp`, which
    /// jaxplay does not have yet: they are reported missing.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        if self.op != CumOp::Sum {
            return Err(Error::MissingRule {
                primitive: self.name(),
                rule: "differentiation (JVP)",
            });
        }
        let out = cumulative(self.op, &primals[0], self.axis, self.reverse)?;
        let t = tangents[0]
            .as_ref()
            .map(|t| cumulative(self.op, t, self.axis, self.reverse))
            .transpose()?;
        Ok((vec![out], vec![t]))
    }

    /// `cumsum`'s transpose is the cumulative sum the other way.
    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        if self.op != CumOp::Sum {
            return Err(Error::MissingRule {
                primitive: self.name(),
                rule: "transposition (it is not linear)",
            });
        }
        Ok(vec![cts[0]
            .as_ref()
            .map(|ct| cumulative(self.op, ct, self.axis, !self.reverse))
            .transpose()?])
    }

    /// JAX's `_cumred_batch_rule`: the batch axis stays where it is.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let axis = match dims[0] {
            Some(d) if d <= self.axis => self.axis + 1,
            _ => self.axis,
        };
        let out = cumulative(self.op, &args[0], axis, self.reverse)?;
        Ok((vec![out], vec![dims[0]]))
    }
}

// ---- lax-level helpers ----

/// `reduce_max` & co over `axes` (bound even when `axes` is empty, as `lax.reduce_max` does).
pub fn reduce(op: ReduceOp, x: &Value, axes: Vec<usize>) -> Result<Value> {
    let prim = Reduce {
        op,
        axes,
        numpy_axes: false,
    };
    bind1(Rc::new(prim), std::slice::from_ref(x))
}

pub fn reduce_max(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::Max, x, axes)
}

pub fn reduce_min(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::Min, x, axes)
}

pub fn reduce_prod(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::Prod, x, axes)
}

pub fn reduce_and(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::And, x, axes)
}

pub fn reduce_or(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::Or, x, axes)
}

pub fn reduce_xor(x: &Value, axes: Vec<usize>) -> Result<Value> {
    reduce(ReduceOp::Xor, x, axes)
}

pub fn arg_reduce(op: ArgOp, x: &Value, axis: usize, index_dtype: DType) -> Result<Value> {
    let prim = ArgReduce {
        op,
        axis,
        index_dtype,
        numpy_axes: false,
    };
    bind1(Rc::new(prim), std::slice::from_ref(x))
}

/// `lax.argmax(x, axis, index_dtype)`.
pub fn argmax(x: &Value, axis: usize, index_dtype: DType) -> Result<Value> {
    arg_reduce(ArgOp::Max, x, axis, index_dtype)
}

pub fn argmin(x: &Value, axis: usize, index_dtype: DType) -> Result<Value> {
    arg_reduce(ArgOp::Min, x, axis, index_dtype)
}

pub fn cumulative(op: CumOp, x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    let prim = Cumulative { op, axis, reverse };
    bind1(Rc::new(prim), std::slice::from_ref(x))
}

/// `lax.cumsum(x, axis, reverse)`.
pub fn cumsum(x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    cumulative(CumOp::Sum, x, axis, reverse)
}

pub fn cumprod(x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    cumulative(CumOp::Prod, x, axis, reverse)
}

pub fn cummax(x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    cumulative(CumOp::Max, x, axis, reverse)
}

pub fn cummin(x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    cumulative(CumOp::Min, x, axis, reverse)
}

pub fn cumlogsumexp(x: &Value, axis: usize, reverse: bool) -> Result<Value> {
    cumulative(CumOp::LogSumExp, x, axis, reverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(prim: &dyn Primitive, x: Array) -> Vec<f64> {
        prim.eval(&[x]).unwrap()[0].to_f64_vec()
    }

    #[test]
    fn fold_reduces_any_axes() {
        let x = || Array::from_i32(&[2, 3, 2], (0..12).collect()).unwrap();
        let max = |axes| Reduce {
            op: ReduceOp::Max,
            axes,
            numpy_axes: false,
        };
        assert_eq!(run(&max(vec![1]), x()), vec![4.0, 5.0, 10.0, 11.0]);
        assert_eq!(run(&max(vec![0, 2]), x()), vec![7.0, 9.0, 11.0]);
        let prod = Reduce {
            op: ReduceOp::Prod,
            axes: vec![0],
            numpy_axes: false,
        };
        assert_eq!(run(&prod, x()), vec![0.0, 7.0, 16.0, 27.0, 40.0, 55.0]);
    }

    #[test]
    fn max_and_min_propagate_nan() {
        let x = Array::from_f32(&[3], vec![1.0, f32::NAN, 3.0]).unwrap();
        for op in [ReduceOp::Max, ReduceOp::Min] {
            let prim = Reduce {
                op,
                axes: vec![0],
                numpy_axes: false,
            };
            assert!(run(&prim, x.clone())[0].is_nan());
        }
    }

    #[test]
    fn arg_reductions_pick_the_first_nan_and_the_first_tie() {
        let arg = |op| ArgReduce {
            op,
            axis: 0,
            index_dtype: DType::Int32,
            numpy_axes: false,
        };
        // Recorded from JAX 0.10.2.
        let x = Array::from_f32(&[4], vec![1.0, f32::NAN, 3.0, f32::NAN]).unwrap();
        assert_eq!(run(&arg(ArgOp::Max), x), vec![1.0]);
        let x = Array::from_f32(&[3], vec![3.0, 1.0, 3.0]).unwrap();
        assert_eq!(run(&arg(ArgOp::Max), x), vec![0.0]);
        let x = Array::from_bool(&[3], vec![false, true, true]).unwrap();
        assert_eq!(run(&arg(ArgOp::Max), x.clone()), vec![1.0]);
        assert_eq!(run(&arg(ArgOp::Min), x), vec![0.0]);
    }

    #[test]
    fn cumulative_scans_either_way() {
        let x = || Array::from_f32(&[2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
        let cum = |op, axis, reverse| Cumulative { op, axis, reverse };
        assert_eq!(
            run(&cum(CumOp::Sum, 0, false), x()),
            vec![1.0, 2.0, 4.0, 6.0]
        );
        assert_eq!(
            run(&cum(CumOp::Sum, 1, true), x()),
            vec![3.0, 2.0, 7.0, 4.0]
        );
        assert_eq!(
            run(&cum(CumOp::Prod, 1, false), x()),
            vec![1.0, 2.0, 3.0, 12.0]
        );
        let lse = run(&cum(CumOp::LogSumExp, 1, false), x());
        assert!((lse[1] - (1f64.exp() + 2f64.exp()).ln()).abs() < 1e-6);
        assert_eq!(
            logaddexp_f32(f32::NEG_INFINITY, f32::NEG_INFINITY),
            f32::NEG_INFINITY
        );
        assert_eq!(logaddexp_f32(f32::INFINITY, 1.0), f32::INFINITY);
    }

    #[test]
    fn params_print_like_jax() {
        let prim = Reduce {
            op: ReduceOp::Xor,
            axes: vec![0, 1],
            numpy_axes: true,
        };
        let Param::Text(axes) = &prim.params()[0].1 else {
            panic!("text param")
        };
        assert_eq!(axes, "(np.int64(0), np.int64(1))");
    }
}
