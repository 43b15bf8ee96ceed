//! `jax.numpy` joining and splitting (`concatenate`, the `*stack` family, `split` and its
//! kin, `append`, `tile`, `repeat`) and the reshuffles built from slices (`diff`, `ediff1d`,
//! `roll`, `rot90`) and gathers (`take`). The NumPy-level rules live in `jnp::joining`.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::jnp::joining::{self as join, Sections};

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Numpy, $($t)*) };
}

const ARRAYS: Param = p("arrays", K::Arrays, D::Required);
const TUP: Param = p("tup", K::Arrays, D::Required);
const ARY: Param = p("ary", K::Array, D::Required);
const SECTIONS: Param = p("indices_or_sections", K::Axis, D::Required);

fn opt_axis(a: &Args) -> Result<Option<i64>> {
    a.opt_int("axis")
}

/// `indices_or_sections`: an int, or a sequence of ints.
fn sections(a: &Args) -> Result<Sections> {
    match a.get("indices_or_sections")? {
        Arg::Seq(_) => Ok(Sections::Indices(a.ints("indices_or_sections")?)),
        _ => Ok(Sections::Count(a.int("indices_or_sections")?)),
    }
}

fn split(a: &Args, axis: Option<usize>, even: bool) -> Result<Output> {
    let x = a.array("ary")?;
    let axis = match axis {
        Some(d) => d,
        None => a.axis("axis", x.shape().len())?,
    };
    join::split(&x, &sections(a)?, axis, even).map(Output::List)
}

fn stack_family(a: &Args, rank: usize) -> Result<Output> {
    out(join::stack_family(
        &a.arrays("tup")?,
        rank,
        a.dtype("dtype")?,
    ))
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "concatenate",
        &[ARRAYS, p("axis", K::Int, D::Int(0)), DTYPE],
        "Arrays joined along an existing axis (flattened first when `axis=None`), promoted to one dtype.",
        |a| out(join::concatenate(&a.arrays("arrays")?, opt_axis(a)?, a.dtype("dtype")?))
    ),
    f!(
        "concat",
        &[ARRAYS.positional(), p("axis", K::Int, D::Int(0)).keyword()],
        "Arrays joined along an existing axis (the array API's `concatenate`).",
        |a| out(join::concatenate(&a.arrays("arrays")?, opt_axis(a)?, None))
    ),
    f!(
        "stack",
        &[ARRAYS, p("axis", K::Int, D::Int(0)), OUT, DTYPE],
        "Arrays of one shape joined along a new axis.",
        "JAX 0.10.2 binds a `stack` primitive; jaxplay builds it from `broadcast_in_dim` and `concatenate`.",
        |a| out(join::stack(&a.arrays("arrays")?, a.int("axis")?, a.dtype("dtype")?))
    ),
    f!(
        "hstack",
        &[TUP, DTYPE],
        "Arrays joined column-wise (along axis 1, or 0 for 1-D arrays).",
        "Inlined: JAX wraps `atleast_1d` in a nested `jit`.",
        |a| stack_family(a, 1)
    ),
    f!(
        "vstack",
        &[TUP, DTYPE],
        "Arrays joined row-wise (1-D arrays become rows).",
        "Inlined: JAX wraps `atleast_2d` in a nested `jit`.",
        |a| stack_family(a, 2)
    ),
    f!(
        "dstack",
        &[TUP, DTYPE],
        "Arrays joined along a third axis.",
        "Inlined: JAX wraps `atleast_3d` in a nested `jit`.",
        |a| stack_family(a, 3)
    ),
    f!(
        "column_stack",
        &[TUP],
        "1-D arrays as columns of a 2-D array (2-D arrays joined as they are).",
        "Inlined: JAX wraps `atleast_2d` in a nested `jit`.",
        |a| out(join::column_stack(&a.arrays("tup")?))
    ),
    f!(
        "split",
        &[ARY, SECTIONS, p("axis", K::Int, D::Int(0))],
        "A list of sub-arrays: `n` equal sections, or split before the given indices.",
        "JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints.",
        |a| split(a, None, true)
    ),
    f!(
        "array_split",
        &[ARY, SECTIONS, p("axis", K::Int, D::Int(0))],
        "Like `split`, but `n` sections need not be equal (the first ones get one more).",
        "JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints.",
        |a| split(a, None, false)
    ),
    f!(
        "hsplit",
        &[ARY, SECTIONS],
        "`split` along axis 1 (axis 0 for 1-D arrays).",
        "JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints.",
        |a| {
            let rank = a.array("ary")?.shape().len();
            split(a, Some(usize::from(rank > 1)), true)
        }
    ),
    f!(
        "vsplit",
        &[ARY, SECTIONS],
        "`split` along axis 0 (for arrays of two or more dimensions).",
        "JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints.",
        |a| {
            if a.array("ary")?.shape().len() < 2 {
                return Err(Error::Value {
                    message: "vsplit only works on arrays of 2 or more dimensions".into(),
                });
            }
            split(a, Some(0), true)
        }
    ),
    f!(
        "append",
        &[
            p("arr", K::Array, D::Required),
            p("values", K::Array, D::Required),
            p("axis", K::Int, D::None)
        ],
        "`values` joined after `arr` (both flattened when `axis=None`).",
        "Inlined: JAX wraps it in a nested `jit[name=append]`.",
        |a| out(join::append(&a.array("arr")?, &a.array("values")?, opt_axis(a)?))
    ),
    f!(
        "tile",
        &[p("A", K::Array, D::Required), p("reps", K::Shape, D::Required)],
        "The array repeated `reps` times along each axis.",
        "JAX 0.10.2 binds a `tile` primitive; jaxplay builds it from `broadcast_in_dim` and `reshape`.",
        |a| out(join::tile(&a.array("A")?, &a.ints("reps")?))
    ),
    f!(
        "repeat",
        &[
            A,
            p("repeats", K::Array, D::Required),
            p("axis", K::Int, D::None),
            p("total_repeat_length", K::Unsupported, D::None).keyword(),
            OUT_SHARDING
        ],
        "Each element repeated `repeats` times along an axis (of the flattened array by default).",
        "`repeats` must be one static int (JAX also takes an array of counts).",
        |a| {
            let x = a.array("a")?;
            let axis = match a.opt_int("axis")? {
                Some(d) => Some(crate::jnp::axis_index(d, x.shape().len())?),
                None => None,
            };
            let repeats = a.array("repeats")?;
            let Ok(count) = a.int("repeats") else {
                return Err(Error::Unsupported {
                    what: "jnp.repeat with an array of repeats (one static int only)",
                });
            };
            let _ = repeats;
            out(join::repeat(&x, count, axis))
        }
    ),
    f!(
        "diff",
        &[
            A,
            p("n", K::Int, D::Int(1)),
            p("axis", K::Int, D::Int(-1)),
            p("prepend", K::Array, D::None),
            p("append", K::Array, D::None)
        ],
        "The `n`-th difference of neighbours along an axis.",
        "Inlined: JAX wraps it in a nested `jit[name=diff]`.",
        |a| {
            let (pre, app) = (a.opt_array("prepend")?, a.opt_array("append")?);
            out(join::diff(&a.array("a")?, a.int("n")?, a.int("axis")?, pre.as_ref(), app.as_ref()))
        }
    ),
    f!(
        "ediff1d",
        &[ARY, p("to_end", K::Array, D::None), p("to_begin", K::Array, D::None)],
        "Differences of neighbours of the flattened array, with optional ends.",
        "Inlined: JAX wraps it in a nested `jit[name=ediff1d]`.",
        |a| {
            let (end, begin) = (a.opt_array("to_end")?, a.opt_array("to_begin")?);
            out(join::ediff1d(&a.array("ary")?, end.as_ref(), begin.as_ref()))
        }
    ),
    f!(
        "roll",
        &[A, p("shift", K::Axis, D::Required), AXIS],
        "Elements shifted cyclically along axes (of the flattened array by default).",
        "Inlined: JAX wraps it in a nested `jit[name=_roll_static]`. `shift` must be static ints.",
        |a| {
            let x = a.array("a")?;
            let axes = a.axes("axis", x.shape().len())?;
            out(join::roll(&x, &a.ints("shift")?, axes))
        }
    ),
    f!(
        "rot90",
        &[
            p("m", K::Array, D::Required),
            p("k", K::Int, D::Int(1)),
            p("axes", K::Axis, D::None)
        ],
        "The array turned `k` quarter turns in the plane of two axes.",
        "Inlined: JAX wraps it in nested `jit[name=rot90]` and `jit[name=_flip]`.",
        |a| {
            let x = a.array("m")?;
            let rank = x.shape().len();
            let axes = a.axes("axes", rank)?.unwrap_or_else(|| vec![0, 1]);
            if rank < 2 || axes.len() != 2 {
                return Err(Error::Value {
                    message: format!("len(axes) must be 2 and the array at least 2-D, got axes {axes:?} for an array of dimension {rank}"),
                });
            }
            out(join::rot90(&x, a.int("k")?, (axes[0], axes[1])))
        }
    ),
];
