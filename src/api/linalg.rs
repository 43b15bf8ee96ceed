//! `jax.numpy.linalg`: each function's signature as JAX 0.10.2 declares it and the
//! `jnp::linalg` call that runs it. JAX's named-tuple results (`EighResult`, `SlogdetResult`,
//! `QRResult`, `SVDResult`) are plain tuples here.

use super::args::{Arg, Args, Output};
use super::common::*;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::jnp::linalg::{self as la, Ord};
use crate::trace::Value;

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Linalg, $($t)*) };
}

const MATRIX: &[Param] = &[A];
const SYMMETRIZE: Param = p("symmetrize_input", K::Bool, D::Bool(true));
const PRECISION: Param = p("precision", K::Unsupported, D::None).keyword();
const PREFERRED: Param = p("preferred_element_type", K::Unsupported, D::None).keyword();

fn tuple(v: Result<Vec<Value>>) -> Result<Output> {
    v.map(Output::Tuple)
}

/// A norm order: an int, a float (`inf`), or a string (`'fro'`, `'nuc'`; `'inf'`, `'2'` read
/// as numbers only where JS passes a string for them).
fn ord(a: &Args, name: &str) -> Result<Option<Ord>> {
    Ok(match a.get(name)? {
        Arg::None => None,
        Arg::Int(i) => Some(Ord::Num(*i as f64)),
        Arg::Float(x) => Some(Ord::Num(*x)),
        Arg::Str(s) => Some(match s.parse::<f64>() {
            Ok(x) if !s.contains("inf") => Ord::Num(x),
            _ => Ord::Str(s.clone()),
        }),
        other => {
            return Err(Error::Signature {
                message: format!(
                    "{}: argument `{name}` must be an int, inf or a string, got {other:?}",
                    a.qualified()
                ),
            })
        }
    })
}

fn uplo(a: &Args) -> Result<Option<String>> {
    match a.get("UPLO")? {
        Arg::None => Ok(None),
        Arg::Str(s) => Ok(Some(s.clone())),
        other => Err(Error::Value {
            message: format!("UPLO must be one of None, 'L', or 'U', got {other:?}"),
        }),
    }
}

/// A flag jaxplay supports only as `False` (its default), refused in the table's words.
fn only_false(a: &Args, name: &'static str) -> Result<()> {
    if a.bool(name)? {
        return Err(Error::UnsupportedArgument {
            function: a.qualified(),
            argument: name,
        });
    }
    Ok(())
}

fn opt_float(a: &Args, name: &str) -> Result<Option<f64>> {
    if a.is_none(name)? {
        Ok(None)
    } else {
        a.float(name).map(Some)
    }
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "cholesky",
        &[
            A,
            p("upper", K::Bool, D::Bool(false)).keyword(),
            SYMMETRIZE.keyword()
        ],
        "Cholesky factor of a symmetric positive-definite matrix (lower, or upper with upper=True).",
        |a| out(la::cholesky(
            &a.array("a")?,
            a.bool("upper")?,
            a.bool("symmetrize_input")?
        ))
    ),
    f!(
        "cross",
        &[X1, X2, p("axis", K::Int, D::Int(-1)).keyword()],
        "Cross product of 3-vectors along an axis.",
        |a| out(la::cross(&a.array("x1")?, &a.array("x2")?, a.int("axis")?))
    ),
    f!(
        "det",
        MATRIX,
        "Determinant of each square matrix.",
        "Matrices beyond 3x3 are differentiated through lu, not JAX's custom_jvp rule.",
        |a| out(la::det(&a.array("a")?))
    ),
    f!(
        "diagonal",
        &[X, p("offset", K::Int, D::Int(0)).keyword()],
        "Diagonal of the last two axes.",
        "Taken with slice and a masked sum, not gather.",
        |a| out(la::diagonal(&a.array("x")?, a.int("offset")?))
    ),
    f!(
        "eigh",
        &[A, p("UPLO", K::Str, D::None), SYMMETRIZE],
        "Eigenvalues (ascending) and eigenvectors of a symmetric matrix, as a tuple (eigenvalues, eigenvectors).",
        "Returns a plain tuple, not an EighResult; eigenvectors may differ in sign.",
        |a| {
            let (w, v) = la::eigh(
                &a.array("a")?,
                uplo(a)?.as_deref(),
                a.bool("symmetrize_input")?,
            )?;
            Ok(Output::Tuple(vec![w, v]))
        }
    ),
    f!(
        "eigvalsh",
        &[A, p("UPLO", K::Str, D::Str("L")), SYMMETRIZE.keyword()],
        "Eigenvalues (ascending) of a symmetric matrix.",
        |a| out(la::eigh(&a.array("a")?, uplo(a)?.as_deref(), a.bool("symmetrize_input")?)
            .map(|(w, _)| w))
    ),
    f!(
        "inv",
        MATRIX,
        "Inverse of each square matrix.",
        "Computed by lu and triangular_solve and differentiated through them, not JAX's custom_linear_solve.",
        |a| out(la::inv(&a.array("a")?))
    ),
    f!(
        "lstsq",
        &[
            A,
            p("b", K::Array, D::Required),
            p("rcond", K::Float, D::None),
            p("numpy_resid", K::Bool, D::Bool(false)).keyword()
        ],
        "Least-squares solution of a x = b, as (x, residuals, rank, singular values).",
        "2-D a only; numpy_resid=True is not supported.",
        |a| {
            only_false(a, "numpy_resid")?;
            tuple(la::lstsq(&a.array("a")?, &a.array("b")?, opt_float(a, "rcond")?))
        }
    ),
    f!(
        "matmul",
        &[X1, X2, PRECISION, PREFERRED],
        "Matrix product with NumPy's broadcasting of leading dimensions.",
        |a| out(la::matmul(&a.array("x1")?, &a.array("x2")?))
    ),
    f!(
        "matrix_norm",
        &[
            X,
            KEEPDIMS.keyword(),
            p("ord", K::Str, D::Str("fro")).keyword()
        ],
        "Norm of each matrix of the last two axes ('fro', 'nuc', 1, -1, 2, -2, inf, -inf).",
        "In JS, a numeric ord is passed as a string ('2', 'inf').",
        |a| {
            let ord = ord(a, "ord")?.unwrap_or(Ord::Str("fro".into()));
            out(la::matrix_norm(&a.array("x")?, a.bool("keepdims")?, &ord))
        }
    ),
    f!(
        "matrix_power",
        &[A, p("n", K::Int, D::Required)],
        "A square matrix raised to an integer power (negative powers invert it).",
        |a| out(la::matrix_power(&a.array("a")?, a.int("n")?))
    ),
    f!(
        "matrix_rank",
        &[
            p("M", K::Array, D::Required),
            p("rtol", K::Array, D::None),
            p("hermitian", K::Bool, D::Bool(false)).keyword(),
            p("tol", K::Array, D::None).keyword()
        ],
        "Number of singular values above rtol times the largest.",
        "hermitian=True is not supported.",
        |a| {
            only_false(a, "hermitian")?;
            let (rtol, tol) = (a.opt_array("rtol")?, a.opt_array("tol")?);
            if rtol.is_some() && tol.is_some() {
                return Err(Error::Value {
                    message: "matrix_rank: only one of tol or rtol may be specified.".into(),
                });
            }
            out(la::matrix_rank(&a.array("M")?, rtol.or(tol).as_ref()))
        }
    ),
    f!(
        "matrix_transpose",
        UNARY,
        "The last two axes swapped.",
        |a| out(la::matrix_transpose(&a.array("x")?))
    ),
    f!(
        "multi_dot",
        &[p("arrays", K::Arrays, D::Required), PRECISION],
        "Product of a chain of matrices.",
        "Multiplied left to right, not in JAX's cheapest order (same values up to rounding).",
        |a| out(la::multi_dot(&a.arrays("arrays")?))
    ),
    f!(
        "norm",
        &[
            p("x", K::Array, D::Required),
            p("ord", K::Str, D::None),
            AXIS,
            KEEPDIMS
        ],
        "Vector or matrix norm (ord and axis as NumPy's).",
        "In JS, a numeric ord is passed as a string ('2', 'inf').",
        |a| {
            let x = a.array("x")?;
            let axes = a.axes("axis", x.shape().len())?;
            out(la::norm(&x, ord(a, "ord")?.as_ref(), axes, a.bool("keepdims")?))
        }
    ),
    f!(
        "outer",
        BINARY,
        "Outer product of two vectors.",
        |a| out(la::outer(&a.array("x1")?, &a.array("x2")?))
    ),
    f!(
        "pinv",
        &[
            A,
            p("rtol", K::Array, D::None),
            p("hermitian", K::Bool, D::Bool(false)),
            p("rcond", K::Array, D::None).keyword()
        ],
        "Moore-Penrose pseudo-inverse from the SVD.",
        "Differentiated through svd, not JAX's custom_jvp rule; hermitian=True is not supported.",
        |a| {
            only_false(a, "hermitian")?;
            let (rtol, rcond) = (a.opt_array("rtol")?, a.opt_array("rcond")?);
            if rtol.is_some() && rcond.is_some() {
                return Err(Error::Value {
                    message: "pinv: only one of rtol and rcond may be specified.".into(),
                });
            }
            out(la::pinv(&a.array("a")?, rtol.or(rcond).as_ref()))
        }
    ),
    f!(
        "qr",
        &[A, p("mode", K::Str, D::Str("reduced"))],
        "QR decomposition: (q, r), or r alone with mode='r'.",
        "Returns a plain tuple, not a QRResult; mode='raw' is not supported.",
        |a| {
            let mode = match a.get("mode")? {
                Arg::Str(s) => s.clone(),
                _ => a.choice("mode", &["reduced", "complete", "r"])?.to_string(),
            };
            let mut outs = la::qr(&a.array("a")?, &mode)?;
            Ok(if outs.len() == 1 {
                Output::Array(outs.remove(0))
            } else {
                Output::Tuple(outs)
            })
        }
    ),
    f!(
        "slogdet",
        &[A, p("method", K::Str, D::None).keyword()],
        "Sign and log of the absolute determinant, as a tuple (sign, logabsdet).",
        "Returns a plain tuple, not a SlogdetResult; method='qr' is not supported; differentiated through lu, not JAX's custom_jvp rule.",
        |a| {
            if !a.is_none("method")? {
                a.choice("method", &["lu"])?;
            }
            let (sign, logdet) = la::slogdet(&a.array("a")?)?;
            Ok(Output::Tuple(vec![sign, logdet]))
        }
    ),
    f!(
        "solve",
        &[A, p("b", K::Array, D::Required)],
        "Solution x of a x = b (b a vector or a stack of matrices).",
        "Computed by lu and triangular_solve and differentiated through them, not JAX's custom_linear_solve.",
        |a| out(la::solve(&a.array("a")?, &a.array("b")?))
    ),
    f!(
        "svd",
        &[
            A,
            p("full_matrices", K::Bool, D::Bool(true)),
            p("compute_uv", K::Bool, D::Bool(true)),
            p("hermitian", K::Bool, D::Bool(false)),
            p("subset_by_index", K::Unsupported, D::None)
        ],
        "Singular value decomposition: (u, s, vh), or s alone with compute_uv=False.",
        "Returns a plain tuple, not an SVDResult; singular vectors may differ in sign; hermitian=True and subset_by_index are not supported.",
        |a| {
            only_false(a, "hermitian")?;
            let mut outs = la::svd(&a.array("a")?, a.bool("full_matrices")?, a.bool("compute_uv")?)?;
            Ok(if outs.len() == 1 {
                Output::Array(outs.remove(0))
            } else {
                Output::Tuple(outs)
            })
        }
    ),
    f!("svdvals", UNARY, "Singular values, descending.", |a| out(
        la::svdvals(&a.array("x")?)
    )),
    f!(
        "tensordot",
        &[X1, X2, p("axes", K::Axis, D::Int(2)).keyword(), PRECISION, PREFERRED, OUT_SHARDING],
        "Contraction over the last `axes` axes of `x1` and the first of `x2`, or over two lists of axes.",
        |a| {
            let axes = super::numpy_linear::tensor_axes(a)?;
            out(crate::jnp::linear::tensordot(&a.array("x1")?, &a.array("x2")?, axes))
        }
    ),
    f!(
        "trace",
        &[X, p("offset", K::Int, D::Int(0)).keyword(), DTYPE.keyword()],
        "Sum of the diagonal of the last two axes.",
        |a| out(la::trace(&a.array("x")?, a.int("offset")?, a.dtype("dtype")?))
    ),
    f!(
        "vecdot",
        &[X1, X2, p("axis", K::Int, D::Int(-1)).keyword(), PRECISION, PREFERRED],
        "Dot product of vectors along an axis.",
        |a| out(la::vecdot(&a.array("x1")?, &a.array("x2")?, a.int("axis")?))
    ),
    f!(
        "vector_norm",
        &[
            X,
            p("axis", K::Axis, D::None).keyword(),
            KEEPDIMS.keyword(),
            p("ord", K::Str, D::Int(2)).keyword()
        ],
        "Vector norm over axes (all by default).",
        "In JS, a numeric ord is passed as a string ('2', 'inf').",
        |a| {
            let x = a.array("x")?;
            let axes = a.axes("axis", x.shape().len())?;
            let ord = ord(a, "ord")?.unwrap_or(Ord::Num(2.0));
            out(la::vector_norm(&x, axes, a.bool("keepdims")?, &ord))
        }
    ),
];
