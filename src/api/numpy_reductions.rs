//! `jax.numpy` reductions beyond `sum` / `mean`: extrema, products, logical reductions,
//! arg-reductions, cumulative sums and products, sorting, the statistics built on them and the
//! NaN-ignoring sums, means and extrema.
//! The NumPy-level rules live in `jnp::reductions`.

use super::args::{Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::Result;
use crate::jnp::reductions::{self as red, Reduction};
use crate::primitives::reductions::{ArgOp, CumOp, ReduceOp};
use crate::trace::Value;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

const INT_AXIS: Param = p("axis", K::Int, D::None);
const EXTREMUM: &[Param] = &[A, AXIS, OUT, KEEPDIMS, INITIAL, WHERE];
const LOGICAL: &[Param] = &[A, AXIS, OUT, KEEPDIMS, WHERE.keyword()];
const ARG: &[Param] = &[A, INT_AXIS, OUT, p("keepdims", K::Bool, D::None)];
const CUMULATIVE: &[Param] = &[A, INT_AXIS, DTYPE, OUT];
const SORT: [Param; 6] = [
    A,
    p("axis", K::Int, D::Int(-1)),
    p("kind", K::Unsupported, D::None).keyword(),
    p("order", K::Unsupported, D::None).keyword(),
    p("stable", K::Bool, D::Bool(true)).keyword(),
    p("descending", K::Bool, D::Bool(false)).keyword(),
];
const ARGSORT: [Param; 7] = [
    SORT[0],
    SORT[1],
    SORT[2],
    SORT[3],
    SORT[4],
    SORT[5],
    p("dtype", K::Dtype, D::None).keyword(),
];
const VAR: &[Param] = &[
    A,
    AXIS,
    DTYPE,
    OUT,
    p("ddof", K::Int, D::Int(0)),
    KEEPDIMS,
    p("where", K::Unsupported, D::None).keyword(),
    p("mean", K::Unsupported, D::None).keyword(),
    p("correction", K::Float, D::None).keyword(),
];

/// The array `a` and its reduction arguments.
fn reduced(a: &Args) -> Result<(Value, Reduction)> {
    let x = a.array("a")?;
    let r = reduction(a, &x)?;
    Ok((x, r))
}

/// An `int | None` axis, normalised against `x`'s rank.
fn int_axis(a: &Args, x: &Value) -> Result<Option<usize>> {
    if a.is_none("axis")? {
        Ok(None)
    } else {
        a.axis("axis", x.shape().len()).map(Some)
    }
}

/// `var`'s and `std`'s divisor offset: `correction`, else `ddof`.
fn correction(a: &Args) -> Result<f64> {
    if a.is_none("correction")? {
        Ok(a.int("ddof")? as f64)
    } else {
        a.float("correction")
    }
}

fn arg(a: &Args, op: ArgOp) -> Result<Output> {
    let x = a.array("a")?;
    let keepdims = !a.is_none("keepdims")? && a.bool("keepdims")?;
    out(red::arg_extremum(op, &x, int_axis(a, &x)?, keepdims))
}

fn cumulative(a: &Args, op: CumOp) -> Result<Output> {
    let x = a.array("a")?;
    out(red::cumulative(op, &x, int_axis(a, &x)?, a.dtype("dtype")?))
}

fn sorted(a: &Args, positions: bool) -> Result<Output> {
    let x = a.array("a")?;
    let axis = int_axis(a, &x)?;
    let (stable, descending) = (a.bool("stable")?, a.bool("descending")?);
    if !positions {
        return out(red::sort(&x, axis, stable, descending));
    }
    let idx = red::argsort(&x, axis, stable, descending)?;
    match a.dtype("dtype")? {
        Some(d) if d != idx.aval().dtype => out(crate::jnp::astype(&idx, d)),
        _ => out(Ok(idx)),
    }
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "max",
        EXTREMUM,
        "Maximum over the given axes (NaN if any element is NaN).",
        "Errors for an axis out of range are NumPy's.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::extremum(ReduceOp::Max, &x, &r))
        }
    ),
    f!(
        "min",
        EXTREMUM,
        "Minimum over the given axes (NaN if any element is NaN).",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::extremum(ReduceOp::Min, &x, &r))
        }
    ),
    f!(
        "prod",
        &[
            A,
            AXIS,
            DTYPE,
            OUT,
            KEEPDIMS,
            INITIAL,
            WHERE,
            p("promote_integers", K::Bool, D::Bool(true))
        ],
        "Product over the given axes (booleans multiplied as int32; int32 stays int32).",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::prod(&x, &r))
        }
    ),
    f!(
        "all",
        LOGICAL,
        "Whether every element is true (nonzero) over the given axes.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::logical(true, &x, &r))
        }
    ),
    f!(
        "any",
        LOGICAL,
        "Whether any element is true (nonzero) over the given axes.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::logical(false, &x, &r))
        }
    ),
    f!(
        "argmax",
        ARG,
        "Index (int32) of the first maximum along an axis, or of the flattened array.",
        "An axis out of range is reported in NumPy's words (JAX raises `IndexError: tuple index out of range`).",
        |a| arg(a, ArgOp::Max)
    ),
    f!(
        "argmin",
        ARG,
        "Index (int32) of the first minimum along an axis, or of the flattened array.",
        "An axis out of range is reported in NumPy's words (JAX raises `IndexError: tuple index out of range`).",
        |a| arg(a, ArgOp::Min)
    ),
    f!(
        "cumsum",
        CUMULATIVE,
        "Running sum along an axis (of the flattened array by default; booleans as int32).",
        "Inlined: JAX wraps it in a nested `jit[name=cumsum]`.",
        |a| cumulative(a, CumOp::Sum)
    ),
    f!(
        "cumprod",
        CUMULATIVE,
        "Running product along an axis (of the flattened array by default).",
        "Inlined: JAX wraps it in a nested `jit[name=cumprod]`. Not differentiable yet (JAX's rule differentiates an associative scan).",
        |a| cumulative(a, CumOp::Prod)
    ),
    f!(
        "nancumsum",
        CUMULATIVE,
        "Running sum along an axis, NaNs counted as zero.",
        "Inlined: JAX wraps it in nested `jit[name=nancumsum]` and `jit[name=_where]`.",
        |a| {
            let x = a.array("a")?;
            out(red::nancumsum(&x, int_axis(a, &x)?, a.dtype("dtype")?))
        }
    ),
    f!(
        "cumulative_sum",
        &[
            X,
            p("axis", K::Int, D::None).keyword(),
            DTYPE.keyword(),
            p("include_initial", K::Bool, D::Bool(false)).keyword()
        ],
        "Running sum along an axis (optional for 1-D input), optionally starting with 0.",
        "Inlined: JAX wraps the sum in a nested `jit[name=_cumsum_with_promotion]`.",
        |a| {
            let x = a.array("x")?;
            let axis = if a.is_none("axis")? {
                None
            } else {
                Some(a.axis("axis", x.shape().len())?)
            };
            out(red::cumulative_sum(
                &x,
                axis,
                a.dtype("dtype")?,
                a.bool("include_initial")?,
            ))
        }
    ),
    f!(
        "sort",
        &SORT,
        "The elements sorted along an axis (flattened when `axis=None`); NaNs last.",
        "Inlined: JAX wraps it in a nested `jit[name=sort]`.",
        |a| sorted(a, false)
    ),
    f!(
        "argsort",
        &ARGSORT,
        "The int32 positions that sort the array along an axis (ties keep their order).",
        "Inlined: JAX wraps it in a nested `jit[name=argsort]`.",
        |a| sorted(a, true)
    ),
    f!(
        "ptp",
        &[A, AXIS, OUT, KEEPDIMS],
        "Peak to peak: the maximum minus the minimum over the given axes.",
        "Inlined: JAX wraps it in a nested `jit[name=_ptp]`.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::ptp(&x, &r))
        }
    ),
    f!(
        "var",
        VAR,
        "Variance over the given axes (float32 for integers), dividing by n - ddof.",
        "Inlined: JAX wraps it in nested `jit[name=_var]` and `jit[name=_where]`. `where` and `mean` are not supported yet.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::var(&x, &r, correction(a)?))
        }
    ),
    f!(
        "std",
        VAR,
        "Standard deviation over the given axes (float32 for integers): the square root of `var`.",
        "Inlined: JAX wraps it in nested `jit[name=_std]`, `jit[name=_var]` and `jit[name=_where]`. `where` and `mean` are not supported yet.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::std(&x, &r, correction(a)?))
        }
    ),
    f!(
        "nansum",
        &[A, AXIS, DTYPE, OUT, KEEPDIMS, INITIAL, WHERE],
        "Sum over the given axes, NaNs counted as zero.",
        "Inlined: JAX wraps it in nested `jit[name=nansum]` and `jit[name=_where]`.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::nansum(&x, &r))
        }
    ),
    f!(
        "nanmean",
        &[
            A,
            AXIS,
            DTYPE,
            OUT,
            KEEPDIMS,
            p("where", K::Unsupported, D::None)
        ],
        "Mean over the given axes of the elements that are not NaN (float32 for integers).",
        "Inlined: JAX wraps it in nested `jit[name=nanmean]`, `jit[name=nansum]` and `jit[name=_where]`. `where` is not supported yet.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::nanmean(&x, &r))
        }
    ),
    f!(
        "nanmax",
        EXTREMUM,
        "Maximum over the given axes ignoring NaNs (NaN where every element is NaN).",
        "Inlined: JAX wraps it in nested `jit[name=nanmax]` and `jit[name=_where]`s.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::nan_extremum(ReduceOp::Max, &x, &r))
        }
    ),
    f!(
        "nanmin",
        EXTREMUM,
        "Minimum over the given axes ignoring NaNs (NaN where every element is NaN).",
        "Inlined: JAX wraps it in nested `jit[name=nanmin]` and `jit[name=_where]`s.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::nan_extremum(ReduceOp::Min, &x, &r))
        }
    ),
    f!(
        "average",
        &[
            A,
            AXIS,
            p("weights", K::Array, D::None),
            p("returned", K::Bool, D::Bool(false)),
            KEEPDIMS
        ],
        "Mean over the given axes, weighted by `weights` when given; with `returned`, also the sum of the weights.",
        |a| {
            let x = a.array("a")?;
            let axes = a.axes("axis", x.shape().len())?;
            let w = a.opt_array("weights")?;
            let returned = a.bool("returned")?;
            let (avg, total) = red::average(&x, axes, w.as_ref(), a.bool("keepdims")?, returned)?;
            Ok(match total {
                Some(total) => Output::Tuple(vec![avg, total]),
                None => Output::Array(avg),
            })
        }
    ),
    f!(
        "count_nonzero",
        &[A, AXIS, KEEPDIMS],
        "Number (int32) of nonzero elements over the given axes.",
        "Inlined: JAX wraps it in a nested `jit[name=count_nonzero]`.",
        |a| {
            let (x, r) = reduced(a)?;
            out(red::count_nonzero(&x, &r))
        }
    ),
];
