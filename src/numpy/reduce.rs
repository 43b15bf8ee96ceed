//! Host NumPy's reductions (`sum`, `prod`, `mean`, `max`, `min`, `any`, `all` over any axes),
//! with NumPy's result dtypes (sums and products of bools and integers in 64 bits, `mean` of
//! integers in float64) and its order of operations: a float sum along the last dimension is
//! NumPy's pairwise sum, other folds go element by element in memory order, so float results
//! match NumPy's bit for bit. The walk is the engine's (`dense::fold_rows`).

use super::dtype::{Kind, NpDType};
use super::loops::Num;
use super::ufunc::Op;
use super::values::{cast, f16_round, narrow, truth, Slice, Values};
use crate::dense::{element_count, fold_rows};
use crate::error::{Error, Result};

/// The axes a reduction names (`None`: all of them) as flags per dimension, with NumPy's
/// `AxisError` and duplicate check.
pub fn reduced_axes(axes: Option<&[i64]>, ndim: usize) -> Result<Vec<bool>> {
    let Some(axes) = axes else {
        return Ok(vec![true; ndim]);
    };
    let mut flags = vec![false; ndim];
    for &a in axes {
        let d = if a < 0 { a + ndim as i64 } else { a };
        if d < 0 || d >= ndim as i64 {
            return Err(Error::AxisOutOfBounds { axis: a, ndim });
        }
        if std::mem::replace(&mut flags[d as usize], true) {
            return Err(Error::DuplicateAxis);
        }
    }
    Ok(flags)
}

/// The dtype a reduction of `dtype` gives.
pub fn result_dtype(op: Op, dtype: NpDType) -> NpDType {
    match (op, dtype.kind()) {
        (Op::Any | Op::All, _) => NpDType::Bool,
        (Op::Sum | Op::Prod, Kind::Bool | Kind::Signed) => NpDType::Int64,
        (Op::Sum | Op::Prod, Kind::Unsigned) => NpDType::Uint64,
        (Op::Mean, Kind::Bool | Kind::Signed | Kind::Unsigned) => NpDType::Float64,
        _ => dtype,
    }
}

/// NumPy's pairwise sum of a run (`pairwise_sum` in its loops): eight partial sums up to 128
/// elements, halves above, in the run's own precision; from `-0.0` below eight elements, so a
/// sum of negative zeros stays one.
fn pairwise<T: Num>(xs: &[T]) -> T {
    let n = xs.len();
    if n < 8 {
        return xs.iter().fold(T::default().neg(), |acc, &x| acc.add(x));
    }
    if n <= 128 {
        let mut r: [T; 8] = std::array::from_fn(|j| xs[j]);
        let whole = n - n % 8;
        for chunk in xs[8..whole].chunks_exact(8) {
            for (acc, &x) in r.iter_mut().zip(chunk) {
                *acc = acc.add(x);
            }
        }
        let low = r[0].add(r[1]).add(r[2].add(r[3]));
        let high = r[4].add(r[5]).add(r[6].add(r[7]));
        return xs[whole..].iter().fold(low.add(high), |acc, &x| acc.add(x));
    }
    let half = n / 2 - (n / 2) % 8;
    pairwise(&xs[..half]).add(pairwise(&xs[half..]))
}

/// Elements NumPy's buffered loops hand over at once when a reduction casts its input
/// (`NPY_BUFSIZE`): such a sum adds up pairwise sums of runs this long.
const BUFFER: usize = 8192;

/// How a fold treats the rows along a reduced last dimension.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    /// Element by element.
    Plain,
    /// NumPy's pairwise sum of the whole row.
    Pairwise,
    /// Pairwise sums of `BUFFER`-long runs (the input was cast).
    Buffered,
}

/// Folds the flagged dimensions of `x` (shape `shape`) with `f`, every output element from
/// `init`; a row along a reduced last dimension is folded by `step` (or summed pairwise) into its
/// output element and the result passed through `finish` once, as NumPy's float16 loops
/// accumulate a row in float32 and round it once.
fn fold<T: Num>(
    x: &[T],
    shape: &[usize],
    reduced: &[bool],
    init: T,
    (f, step, finish): (impl Fn(T, T) -> T, impl Fn(T, T) -> T, impl Fn(T) -> T),
    rows: Rows,
) -> Vec<T> {
    let kept: Vec<usize> = shape
        .iter()
        .zip(reduced)
        .filter(|(_, &r)| !r)
        .map(|(&n, _)| n)
        .collect();
    let mut out = vec![init; element_count(&kept)];
    let run = if rows == Rows::Buffered {
        BUFFER
    } else {
        usize::MAX
    };
    let pairwise_row =
        |acc: T, xs: &[T]| finish(xs.chunks(run).fold(acc, |a, c| step(a, pairwise(c))));
    let plain_row = |acc: T, xs: &[T]| finish(xs.iter().fold(acc, |a, &v| step(a, v)));
    match rows {
        Rows::Plain => fold_rows(shape, reduced, x, &mut out, &f, plain_row),
        _ => fold_rows(shape, reduced, x, &mut out, &f, pairwise_row),
    }
    out
}

/// `sum`, `prod`, `max` or `min` on one compute type; `half`: the dtype is float16, whose
/// element-by-element steps round to float16 and whose rows round once.
fn fold_numbers<T: Num>(
    op: Op,
    x: &[T],
    shape: &[usize],
    reduced: &[bool],
    rows: Rows,
    half: bool,
) -> Vec<T> {
    let round = move |v: T| if half { v.to_half() } else { v };
    match op {
        Op::Sum | Op::Mean => fold(
            x,
            shape,
            reduced,
            T::default(),
            (move |a: T, b| round(a.add(b)), T::add, round),
            rows,
        ),
        Op::Prod => fold(
            x,
            shape,
            reduced,
            T::ONE,
            (move |a: T, b| round(a.mul(b)), T::mul, round),
            Rows::Plain,
        ),
        Op::Max => fold(
            x,
            shape,
            reduced,
            T::LOWEST,
            (T::maximum, T::maximum, round),
            Rows::Plain,
        ),
        _ => fold(
            x,
            shape,
            reduced,
            T::HIGHEST,
            (T::minimum, T::minimum, round),
            Rows::Plain,
        ),
    }
}

fn fold_bools(op: Op, x: &[bool], shape: &[usize], reduced: &[bool]) -> Vec<bool> {
    let kept: Vec<usize> = shape
        .iter()
        .zip(reduced)
        .filter(|(_, &r)| !r)
        .map(|(&n, _)| n)
        .collect();
    let any = matches!(op, Op::Any | Op::Max);
    let mut out = vec![!any; element_count(&kept)];
    let f = move |a: bool, b: bool| if any { a | b } else { a & b };
    fold_rows(shape, reduced, x, &mut out, f, |acc, xs| {
        xs.iter().fold(acc, |a, &v| f(a, v))
    });
    out
}

/// Reduction `op` of `x` (dtype `dtype`, shape `shape`) over the flagged dimensions; `scalar`:
/// the result is a NumPy scalar (no axes kept), which `mean` of float16 divides differently.
pub fn reduce(
    op: Op,
    dtype: NpDType,
    shape: &[usize],
    x: Slice,
    reduced: &[bool],
    scalar: bool,
) -> Result<(NpDType, Values)> {
    let out_dtype = result_dtype(op, dtype);
    let count: usize = shape
        .iter()
        .zip(reduced)
        .filter(|(_, &r)| r)
        .map(|(&n, _)| n)
        .product();
    let out_size: usize = shape
        .iter()
        .zip(reduced)
        .filter(|(_, &r)| !r)
        .map(|(&n, _)| n)
        .product();
    if count == 0 && out_size > 0 && matches!(op, Op::Max | Op::Min) {
        let name = if op == Op::Max { "maximum" } else { "minimum" };
        return Err(Error::EmptyReduction { op: name });
    }
    if matches!(op, Op::Any | Op::All)
        || (dtype == NpDType::Bool && matches!(op, Op::Max | Op::Min))
    {
        return Ok((
            out_dtype,
            Values::Bool(fold_bools(op, &truth(x), shape, reduced)),
        ));
    }
    // The accumulator: the result dtype, except `mean`, which sums float16 in float32.
    let acc = match (op, dtype) {
        (Op::Mean, NpDType::Float16) => NpDType::Float32,
        _ => out_dtype,
    };
    // NumPy casts (and so buffers) whenever the dtypes differ; float16's elements are float32s
    // here already.
    let cast_in = acc != dtype;
    let owned;
    let data = if cast_in && !(dtype == NpDType::Float16 && acc == NpDType::Float32) {
        owned = cast(x, acc);
        owned.slice()
    } else {
        x
    };
    let rows = match (op, acc.is_float(), cast_in) {
        (Op::Sum | Op::Mean, true, true) => Rows::Buffered,
        (Op::Sum | Op::Mean, true, false) => Rows::Pairwise,
        _ => Rows::Plain,
    };
    let half = dtype == NpDType::Float16 && op != Op::Mean;
    let folded = match data {
        Slice::I32(v) => Values::I32(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::U32(v) => Values::U32(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::I64(v) => Values::I64(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::U64(v) => Values::U64(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::F32(v) => Values::F32(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::F64(v) => Values::F64(fold_numbers(op, v, shape, reduced, rows, half)),
        Slice::Bool(_) => return Err(Error::internal("bools reduce as bools")),
    };
    if op != Op::Mean {
        return Ok((out_dtype, folded));
    }
    // NumPy divides the sum by the count in float64 and casts back (a float32 sum stays in the
    // result array before float16's cast, unless the result is a scalar).
    let n = count as f64;
    Ok(match (folded, dtype) {
        (Values::F32(v), NpDType::Float16) if scalar => (
            dtype,
            Values::F32(
                v.iter()
                    .map(|&s| f16_round(f64::from(s) / n) as f32)
                    .collect(),
            ),
        ),
        (Values::F32(v), NpDType::Float16) => (
            dtype,
            narrow(
                Values::F32(v.iter().map(|&s| (f64::from(s) / n) as f32).collect()),
                dtype,
            ),
        ),
        (Values::F32(v), _) => (
            out_dtype,
            Values::F32(v.iter().map(|&s| (f64::from(s) / n) as f32).collect()),
        ),
        (Values::F64(v), _) => (out_dtype, Values::F64(v.iter().map(|&s| s / n).collect())),
        _ => return Err(Error::internal("a mean sums in a float")),
    })
}
