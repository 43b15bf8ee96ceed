//! `jnp.linalg`: NumPy's linear algebra on stacks of matrices `(..., m, n)`, built as JAX 0.10.2
//! builds it from the `lax.linalg` primitives (`src/primitives/linalg.rs`): inputs promoted to
//! an inexact dtype, `cholesky`/`eigh` symmetrized, `det` of 2x2 and 3x3 matrices by JAX's
//! explicit formulas, `slogdet` from `lu`'s diagonal and pivots, norms from sums, maxima and
//! singular values. Where JAX wraps a function in `custom_jvp` / `custom_linear_solve`
//! (`solve`, `inv`, `det` of larger matrices, `slogdet`, `pinv`), jaxplay differentiates the
//! primal computation instead: the same derivatives where the function is smooth, a different
//! gradient jaxpr.

use crate::array::{shape_tuple, Array};
use crate::dtype::{DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::dot::{dot_general, DotDims};
use crate::primitives::elementwise::CompareOp;
use crate::primitives::linalg::{
    self as ll, batch_matmul, diagonal as diag_of, mt, symmetrize, tril, TriangularSolve,
};
use crate::primitives::math::ops::{math, max, pow, select_n};
use crate::primitives::math::MathOp;
use crate::primitives::reductions::{reduce_max, reduce_min};
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// JAX's `promote_dtypes_inexact`: integers and booleans become float32 (weak stays weak).
pub fn inexact(x: &Value) -> Result<Value> {
    let t = x.type_key();
    if t.dtype.is_float() {
        return Ok(x.clone());
    }
    let weak = t.weak && t.dtype != DType::Bool;
    crate::jnp::convert(
        x,
        TypeKey {
            dtype: DType::Float32,
            weak,
        },
    )
}

fn f32s(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32).with_weak_type(false))
}

fn square_check(x: &Value, what: &str) -> Result<(usize, usize)> {
    let s = x.shape();
    let r = s.len();
    if r < 2 || s[r - 1] != s[r - 2] {
        return Err(value_error(format!(
            "Argument to {what} must have shape [..., n, n], got {}.",
            shape_tuple(s)
        )));
    }
    Ok((r, s[r - 1]))
}

/// `x[..., i, j]`.
fn entry(x: &Value, i: usize, j: usize) -> Result<Value> {
    let s = x.shape().to_vec();
    let r = s.len();
    let mut start = vec![0; r];
    let mut limit = s.clone();
    (start[r - 2], limit[r - 2], start[r - 1], limit[r - 1]) = (i, i + 1, j, j + 1);
    let sl = lax::slice(x, start, limit, None)?;
    lax::squeeze(&sl, vec![r - 2, r - 1])
}

/// `jnp.linalg.cholesky`.
pub fn cholesky(a: &Value, upper: bool, symmetrize_input: bool) -> Result<Value> {
    let a = inexact(a)?;
    let a = if symmetrize_input { symmetrize(&a)? } else { a };
    let l = tril(&ll::cholesky(&a)?, 0)?;
    if upper {
        mt(&l)
    } else {
        Ok(l)
    }
}

fn uplo_lower(uplo: Option<&str>) -> Result<bool> {
    match uplo {
        None | Some("L") => Ok(true),
        Some("U") => Ok(false),
        Some(other) => Err(value_error(format!(
            "UPLO must be one of None, 'L', or 'U', got {other}"
        ))),
    }
}

/// `jnp.linalg.eigh`: `(eigenvalues, eigenvectors)`.
pub fn eigh(a: &Value, uplo: Option<&str>, symmetrize_input: bool) -> Result<(Value, Value)> {
    let lower = uplo_lower(uplo)?;
    let a = inexact(a)?;
    let a = if symmetrize_input { symmetrize(&a)? } else { a };
    let (v, w) = ll::eigh(&a, lower, true)?;
    Ok((w, v))
}

/// `jnp.linalg.qr`: `mode` is `reduced`, `complete` or `r`.
pub fn qr(a: &Value, mode: &str) -> Result<Vec<Value>> {
    let full = match mode {
        "reduced" | "r" => false,
        "complete" => true,
        other => {
            return Err(value_error(format!(
                "Unsupported QR decomposition mode '{other}'"
            )))
        }
    };
    let (q, r) = ll::qr(&inexact(a)?, full)?;
    Ok(if mode == "r" { vec![r] } else { vec![q, r] })
}

/// `jnp.linalg.svd`: `[u, s, vh]`, or `[s]` without `compute_uv`.
pub fn svd(a: &Value, full_matrices: bool, compute_uv: bool) -> Result<Vec<Value>> {
    let outs = ll::svd(&inexact(a)?, full_matrices, compute_uv)?;
    Ok(if compute_uv {
        vec![outs[1].clone(), outs[0].clone(), outs[2].clone()]
    } else {
        outs
    })
}

pub fn svdvals(x: &Value) -> Result<Value> {
    Ok(svd(x, true, false)?.remove(0))
}

/// JAX's `_det_2x2` / `_det_3x3`.
fn det_small(a: &Value, n: usize) -> Result<Value> {
    let e = |i, j| entry(a, i, j);
    let mul3 = |x: (usize, usize), y: (usize, usize), z: (usize, usize)| -> Result<Value> {
        lax::mul(&lax::mul(&e(x.0, x.1)?, &e(y.0, y.1)?)?, &e(z.0, z.1)?)
    };
    if n == 2 {
        let l = lax::mul(&e(0, 0)?, &e(1, 1)?)?;
        let r = lax::mul(&e(0, 1)?, &e(1, 0)?)?;
        return lax::sub(&l, &r);
    }
    let t = mul3((0, 0), (1, 1), (2, 2))?;
    let t = lax::add(&t, &mul3((0, 1), (1, 2), (2, 0))?)?;
    let t = lax::add(&t, &mul3((0, 2), (1, 0), (2, 1))?)?;
    let t = lax::sub(&t, &mul3((0, 2), (1, 1), (2, 0))?)?;
    let t = lax::sub(&t, &mul3((0, 0), (1, 2), (2, 1))?)?;
    lax::sub(&t, &mul3((0, 1), (1, 0), (2, 2))?)
}

/// JAX's `_slogdet_lu`: sign from the pivots' parity and the negative diagonal entries.
fn slogdet_lu(a: &Value) -> Result<(Value, Value)> {
    let (lu, pivots, _) = ll::lu(a)?;
    let d = diag_of(&lu)?;
    let r = d.shape().len();
    let last = r - 1;
    let is_zero = crate::primitives::reductions::reduce_or(
        &lax::compare(CompareOp::Eq, &d, &f32s(0.0))?,
        vec![last],
    )?;
    let n = a.shape()[a.shape().len() - 1];
    let iota = crate::jnp::arange(n, DType::Int32)?;
    let iota = lax::broadcast_in_dim(&iota, pivots.shape(), vec![last])?;
    let count = |mask: Value| -> Result<Value> {
        lax::reduce_sum(&lax::convert(&mask, DType::Int32, false)?, vec![last])
    };
    let parity = lax::add(
        &count(lax::compare(CompareOp::Ne, &pivots, &iota)?)?,
        &count(lax::compare(CompareOp::Lt, &d, &f32s(0.0))?)?,
    )?;
    let two = Value::Array(Array::from_i32(&[], vec![2])?);
    let odd = crate::primitives::math::ops::math_binary(
        crate::primitives::math::MathBinaryOp::Rem,
        &parity,
        &lax::broadcast_like(&two, parity.shape())?,
    )?;
    let odd = lax::convert(&odd, DType::Float32, false)?;
    let sign = lax::sub(&f32s(1.0), &lax::mul(&f32s(2.0), &odd)?)?;
    let zeros = lax::zeros(&sign.aval())?;
    let sign = select_n(&is_zero, &[sign, zeros])?;
    let logdet = lax::reduce_sum(
        &lax::unary(
            crate::primitives::elementwise::UnaryOp::Log,
            &math(MathOp::Abs, &d)?,
        )?,
        vec![last],
    )?;
    let ninf = lax::broadcast_like(&f32s(f64::NEG_INFINITY), logdet.shape())?;
    let logdet = select_n(&is_zero, &[logdet, ninf])?;
    Ok((sign, logdet))
}

/// `jnp.linalg.slogdet`: `(sign, logabsdet)`.
pub fn slogdet(a: &Value) -> Result<(Value, Value)> {
    let a = inexact(a)?;
    let s = a.shape();
    if s.len() < 2 || s[s.len() - 1] != s[s.len() - 2] {
        return Err(value_error(format!(
            "Argument to slogdet() must have shape [..., n, n], got {}",
            shape_tuple(s)
        )));
    }
    let n = s[s.len() - 1];
    if n <= 2 {
        // JAX's `_slogdet_small`: the determinant itself.
        let det = if n == 1 {
            entry(&a, 0, 0)?
        } else {
            det_small(&a, 2)?
        };
        let sign = math(MathOp::Sign, &det)?;
        let log = lax::unary(
            crate::primitives::elementwise::UnaryOp::Log,
            &math(MathOp::Abs, &det)?,
        )?;
        return Ok((sign, log));
    }
    slogdet_lu(&a)
}

/// `jnp.linalg.det`.
pub fn det(a: &Value) -> Result<Value> {
    let a = inexact(a)?;
    let (_, n) = square_check(&a, "_det()").map_err(|e| match e {
        Error::Value { message } => value_error(message.trim_end_matches('.').to_string()),
        e => e,
    })?;
    match n {
        2 | 3 => det_small(&a, n),
        _ => {
            let (sign, logdet) = slogdet(&a)?;
            lax::mul(
                &sign,
                &lax::unary(crate::primitives::elementwise::UnaryOp::Exp, &logdet)?,
            )
        }
    }
}

/// `lu_solve` for `b` of shape `(..., m, k)`: rows permuted, then the two triangular solves.
fn lu_solve(lu: &Value, permutation: &Value, b: &Value) -> Result<Value> {
    let x = ll::permute_rows(b, permutation)?;
    let x = ll::triangular_solve(lu, &x, TriangularSolve::new(true, true, false, true))?;
    ll::triangular_solve(lu, &x, TriangularSolve::new(true, false, false, false))
}

/// `jnp.linalg.solve`: `b` a vector (`ndim == 1`) or a stack of matrices; batch dims broadcast.
pub fn solve(a: &Value, b: &Value) -> Result<Value> {
    let (a, b) = (inexact(a)?, inexact(b)?);
    let t = crate::dtype::promote(a.type_key(), b.type_key());
    let (a, b) = (crate::jnp::convert(&a, t)?, crate::jnp::convert(&b, t)?);
    let (sa, sb) = (a.shape().to_vec(), b.shape().to_vec());
    if sa.len() < 2 {
        return Err(value_error(format!(
            "left hand array must be at least two dimensional; got a.shape={}",
            shape_tuple(&sa)
        )));
    }
    let m = sa[sa.len() - 1];
    if sb.len() > 1 && sa.len() == sb.len() + 1 && m == sb[sb.len() - 1] && m != sb[sb.len() - 2] {
        return Err(value_error(format!("Invalid shapes for solve: {}, {}. Prior to JAX v0.5.0, this would have been treated as a batched 1-dimensional solve. To recover this behavior, use solve(a, b[..., None]).squeeze(-1).", shape_tuple(&sa), shape_tuple(&sb))));
    }
    let vector = sb.len() == 1;
    let b = if vector {
        lax::reshape(&b, &[m, 1])?
    } else {
        b
    };
    let sb2 = b.shape().to_vec();
    if sb2[sb2.len() - 2] != m || sa[sa.len() - 2] != m {
        return Err(value_error(format!(
            "solve: incompatible shapes {} and {}",
            shape_tuple(&sa),
            shape_tuple(&sb)
        )));
    }
    let batch = crate::jnp::shape::broadcast_shapes(&[
        sa[..sa.len() - 2].to_vec(),
        sb2[..sb2.len() - 2].to_vec(),
    ])?;
    let a = crate::jnp::broadcast_to(&a, &[&batch[..], &[m, m]].concat())?;
    let k = sb2[sb2.len() - 1];
    let b = crate::jnp::broadcast_to(&b, &[&batch[..], &[m, k]].concat())?;
    let (lu, _, permutation) = ll::lu(&a)?;
    let x = lu_solve(&lu, &permutation, &b)?;
    if vector {
        lax::reshape(&x, &[&batch[..], &[m]].concat())
    } else {
        Ok(x)
    }
}

/// `jnp.linalg.inv`: `solve(a, eye)`.
pub fn inv(a: &Value) -> Result<Value> {
    let a = inexact(a)?;
    let (r, n) = square_check(&a, "inv")?;
    let e = ll::eye(&a.shape()[..r - 2], n, n, a.aval().dtype)?;
    solve(&a, &e)
}

/// Reductions as JAX's `amax`/`amin`/`sum` with `keepdims` over `axes`.
fn keep(out: Value, in_shape: &[usize], axes: &[usize], keepdims: bool) -> Result<Value> {
    if !keepdims {
        return Ok(out);
    }
    let shape: Vec<usize> = (0..in_shape.len())
        .map(|d| if axes.contains(&d) { 1 } else { in_shape[d] })
        .collect();
    let kept: Vec<usize> = (0..in_shape.len()).filter(|d| !axes.contains(d)).collect();
    lax::broadcast_in_dim(&out, &shape, kept)
}

#[derive(Clone, Copy)]
enum Red {
    Sum,
    Max,
    Min,
}

fn reduce(x: &Value, axes: &[usize], keepdims: bool, red: Red) -> Result<Value> {
    let mut axes = axes.to_vec();
    axes.sort_unstable();
    let out = match red {
        Red::Sum => lax::reduce_sum(x, axes.clone())?,
        // `initial=0`, as JAX's norms pass it to `amax`.
        Red::Max => max(&reduce_max(x, axes.clone())?, &f32s(0.0))?,
        Red::Min => reduce_min(x, axes.clone())?,
    };
    keep(out, x.shape(), &axes, keepdims)
}

/// A norm order: a number (`inf` included) or `'fro'` / `'nuc'`.
#[derive(Debug, Clone, PartialEq)]
pub enum Ord {
    Num(f64),
    Str(String),
}

/// `jnp.linalg.vector_norm`.
pub fn vector_norm(
    x: &Value,
    axes: Option<Vec<usize>>,
    keepdims: bool,
    ord: &Ord,
) -> Result<Value> {
    let x = inexact(x)?;
    let axes = axes.unwrap_or_else(|| (0..x.shape().len()).collect());
    let abs = || math(MathOp::Abs, &x);
    match ord {
        Ord::Num(p) if *p == 2.0 => {
            let sq = lax::mul(&x, &x)?;
            math(MathOp::Sqrt, &reduce(&sq, &axes, keepdims, Red::Sum)?)
        }
        Ord::Num(p) if *p == f64::INFINITY => reduce(&abs()?, &axes, keepdims, Red::Max),
        Ord::Num(p) if *p == f64::NEG_INFINITY => reduce(&abs()?, &axes, keepdims, Red::Min),
        Ord::Num(p) if *p == 0.0 => {
            let nz = lax::compare(CompareOp::Ne, &x, &f32s(0.0))?;
            let nz = lax::convert(&nz, DType::Float32, false)?;
            reduce(&nz, &axes, keepdims, Red::Sum)
        }
        Ord::Num(p) if *p == 1.0 => reduce(&abs()?, &axes, keepdims, Red::Sum),
        Ord::Num(p) => {
            let powed = pow(&abs()?, &f32s(*p))?;
            let out = reduce(&powed, &axes, keepdims, Red::Sum)?;
            pow(&out, &f32s(1.0 / p))
        }
        Ord::Str(s) => {
            let mut msg = format!("Invalid order '{s}' for vector norm.");
            match s.as_str() {
                "inf" => msg += "Use 'jax.numpy.inf' instead.",
                "-inf" => msg += "Use '-jax.numpy.inf' instead.",
                _ => {}
            }
            Err(value_error(msg))
        }
    }
}

/// The matrix norms of `jnp.linalg.norm` over `(row, col)` axes.
fn matrix_norm_axes(
    x: &Value,
    row: usize,
    col: usize,
    keepdims: bool,
    ord: Option<&Ord>,
) -> Result<Value> {
    let abs = || math(MathOp::Abs, x);
    // After summing one axis away, where the other one is.
    let shift = |a: usize, gone: usize| if !keepdims && a > gone { a - 1 } else { a };
    match ord {
        None => {
            let sq = lax::mul(x, x)?;
            math(MathOp::Sqrt, &reduce(&sq, &[row, col], keepdims, Red::Sum)?)
        }
        Some(Ord::Str(s)) if s == "fro" || s == "f" => {
            matrix_norm_axes(x, row, col, keepdims, None)
        }
        Some(Ord::Num(p)) if p.abs() == 1.0 => {
            let sums = reduce(&abs()?, &[row], keepdims, Red::Sum)?;
            let red = if *p > 0.0 { Red::Max } else { Red::Min };
            reduce(&sums, &[shift(col, row)], keepdims, red)
        }
        Some(Ord::Num(p)) if p.is_infinite() => {
            let sums = reduce(&abs()?, &[col], keepdims, Red::Sum)?;
            let red = if *p > 0.0 { Red::Max } else { Red::Min };
            reduce(&sums, &[shift(row, col)], keepdims, red)
        }
        Some(o @ (Ord::Num(_) | Ord::Str(_)))
            if matches!(o, Ord::Num(p) if p.abs() == 2.0) || *o == Ord::Str("nuc".into()) =>
        {
            let moved = crate::jnp::shape::moveaxis(
                x,
                &[row, col],
                &[x.shape().len() - 2, x.shape().len() - 1],
            )?;
            let s = svdvals(&moved)?;
            let last = s.shape().len() - 1;
            let y = match o {
                Ord::Num(p) if *p > 0.0 => reduce(&s, &[last], false, Red::Max)?,
                Ord::Num(_) => reduce(&s, &[last], false, Red::Min)?,
                Ord::Str(_) => reduce(&s, &[last], false, Red::Sum)?,
            };
            if keepdims {
                let mut axes = [row, col];
                axes.sort_unstable();
                crate::jnp::shape::expand_dims(&y, &[axes[0] as i64, axes[1] as i64])
            } else {
                Ok(y)
            }
        }
        Some(o) => Err(value_error(format!(
            "Invalid order '{}' for matrix norm.",
            match o {
                Ord::Num(p) => format!("{p}"),
                Ord::Str(s) => s.clone(),
            }
        ))),
    }
}

/// `jnp.linalg.norm`.
pub fn norm(
    x: &Value,
    ord: Option<&Ord>,
    axes: Option<Vec<usize>>,
    keepdims: bool,
) -> Result<Value> {
    let x = inexact(x)?;
    let axes = match axes {
        None => {
            if ord.is_none() {
                let sq = lax::mul(&x, &x)?;
                let all: Vec<usize> = (0..x.shape().len()).collect();
                return math(MathOp::Sqrt, &reduce(&sq, &all, keepdims, Red::Sum)?);
            }
            (0..x.shape().len()).collect()
        }
        Some(a) => a,
    };
    match axes[..] {
        [_] => vector_norm(&x, Some(axes), keepdims, ord.unwrap_or(&Ord::Num(2.0))),
        [row, col] => matrix_norm_axes(&x, row, col, keepdims, ord),
        _ => {
            let listed: Vec<String> = axes.iter().map(usize::to_string).collect();
            let tuple = if listed.len() == 1 {
                format!("({},)", listed[0])
            } else {
                format!("({})", listed.join(", "))
            };
            Err(value_error(format!("Improper number of axes for norm: axis={tuple}. Pass one axis to compute a vector-norm, or two axes to compute a matrix-norm.")))
        }
    }
}

/// `jnp.linalg.matrix_norm`: `norm` over the last two axes.
pub fn matrix_norm(x: &Value, keepdims: bool, ord: &Ord) -> Result<Value> {
    let r = x.shape().len();
    if r < 2 {
        return Err(value_error(format!(
            "axis -2 is out of bounds for array of dimension {r}"
        )));
    }
    norm(x, Some(ord), Some(vec![r - 2, r - 1]), keepdims)
}

/// `jnp.linalg.matrix_rank`: singular values above `rtol * max(s)`.
pub fn matrix_rank(m: &Value, rtol: Option<&Value>) -> Result<Value> {
    let m = inexact(m)?;
    let shape = m.shape().to_vec();
    let r = shape.len();
    if r < 2 {
        let nz = lax::compare(CompareOp::Ne, &m, &f32s(0.0))?;
        let any = crate::primitives::reductions::reduce_or(&nz, (0..r).collect())?;
        return lax::convert(&any, DType::Int32, false);
    }
    let s = svd(&m, false, false)?.remove(0);
    let last = s.shape().len() - 1;
    let tol = match rtol {
        Some(t) => inexact(t)?,
        None => {
            let big = shape[r - 2].max(shape[r - 1]) as f64;
            let smax = reduce_max(&s, vec![last])?;
            lax::mul(
                &lax::mul(&smax, &f32s(big))?,
                &f32s(f64::from(f32::EPSILON)),
            )?
        }
    };
    let tol = crate::jnp::shape::expand_dims(&tol, &[tol.shape().len() as i64])?;
    let above = crate::jnp::compare(CompareOp::Gt, &s, &tol)?;
    let count = lax::convert(&above, DType::Int32, false)?;
    lax::reduce_sum(&count, vec![last])
}

/// `jnp.linalg.pinv`: `V diag(1/s) U^T`, singular values below `rtol * s_max` dropped.
pub fn pinv(a: &Value, rtol: Option<&Value>) -> Result<Value> {
    let a = inexact(a)?;
    let shape = a.shape().to_vec();
    let r = shape.len();
    if r < 2 {
        return Err(value_error(format!(
            "pinv: Input 0 must have rank at least 2, but got shape={}",
            shape_tuple(&shape)
        )));
    }
    let rtol = match rtol {
        Some(t) => inexact(t)?,
        None => f32s(10.0 * shape[r - 2].max(shape[r - 1]) as f64 * f64::from(f32::EPSILON)),
    };
    let outs = svd(&a, false, true)?;
    let (u, s, vh) = (&outs[0], &outs[1], &outs[2]);
    let k = s.shape()[s.shape().len() - 1];
    let first = {
        let mut start = vec![0; s.shape().len()];
        let mut limit = s.shape().to_vec();
        start[r - 2] = 0;
        limit[r - 2] = 1.min(k);
        lax::slice(s, start, limit, None)?
    };
    let cutoff = crate::jnp::binary(crate::primitives::elementwise::BinaryOp::Mul, &rtol, &first)?;
    let keep_s = crate::jnp::compare(CompareOp::Gt, s, &cutoff)?;
    let inf = lax::broadcast_like(&f32s(f64::INFINITY), s.shape())?;
    let s = select_n(&keep_s, &[inf, s.clone()])?;
    let s_col = crate::jnp::shape::expand_dims(&s, &[s.shape().len() as i64])?;
    let scaled = crate::jnp::binary(
        crate::primitives::elementwise::BinaryOp::Div,
        &mt(u)?,
        &s_col,
    )?;
    batch_matmul(&mt(vh)?, &scaled)
}

/// `jnp.linalg.matrix_power` by repeated squaring (negative powers of the inverse).
pub fn matrix_power(a: &Value, n: i64) -> Result<Value> {
    let s = a.shape().to_vec();
    if s.len() < 2 {
        return Err(Error::usage(format!(
            "{}-dimensional array given. Array must be at least two-dimensional",
            s.len()
        )));
    }
    let r = s.len();
    if s[r - 1] != s[r - 2] {
        return Err(Error::usage(
            "Last 2 dimensions of the array must be square",
        ));
    }
    if n == 0 {
        let e = crate::jnp::creation::eye(s[r - 1], s[r - 1], 0, a.aval().dtype)?;
        return crate::jnp::broadcast_to(&e, &s);
    }
    let arr = if n < 0 { inv(a)? } else { a.clone() };
    let mut n = n.unsigned_abs();
    let mm = |x: &Value, y: &Value| matmul(x, y);
    match n {
        1 => return Ok(arr),
        2 => return mm(&arr, &arr),
        3 => return mm(&mm(&arr, &arr)?, &arr),
        _ => {}
    }
    let (mut z, mut result): (Option<Value>, Option<Value>) = (None, None);
    while n > 0 {
        let next = match &z {
            None => arr.clone(),
            Some(z) => mm(z, z)?,
        };
        z = Some(next.clone());
        if n % 2 == 1 {
            result = Some(match result {
                None => next,
                Some(r) => mm(&r, &next)?,
            });
        }
        n /= 2;
    }
    result.ok_or_else(|| Error::internal("matrix_power of a positive power"))
}

/// `jnp.linalg.matrix_transpose`.
pub fn matrix_transpose(x: &Value) -> Result<Value> {
    let r = x.shape().len();
    if r < 2 {
        return Err(value_error(format!(
            "matrix_transpose requires at least 2 dimensions; got ndim={r}"
        )));
    }
    mt(x)
}

/// `jnp.matmul` for operands of rank 1 or more: vectors promoted and squeezed back, batch
/// dimensions broadcast, one `dot_general`.
pub fn matmul(a: &Value, b: &Value) -> Result<Value> {
    let t = crate::dtype::promote(a.type_key(), b.type_key());
    let (a, b) = (crate::jnp::convert(a, t)?, crate::jnp::convert(b, t)?);
    let (ra, rb) = (a.shape().len(), b.shape().len());
    if ra == 0 || rb == 0 {
        return Err(value_error(
            "matmul: operands must be at least one-dimensional (use multiply for scalars)".into(),
        ));
    }
    let a2 = if ra == 1 {
        lax::reshape(&a, &[1, a.shape()[0]])?
    } else {
        a.clone()
    };
    let b2 = if rb == 1 {
        lax::reshape(&b, &[b.shape()[0], 1])?
    } else {
        b.clone()
    };
    let (sa, sb) = (a2.shape().to_vec(), b2.shape().to_vec());
    let (m, k, k2, n) = (
        sa[sa.len() - 2],
        sa[sa.len() - 1],
        sb[sb.len() - 2],
        sb[sb.len() - 1],
    );
    if k != k2 {
        return Err(value_error(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {k2} is different from {k})"
        )));
    }
    let batch = crate::jnp::shape::broadcast_shapes(&[
        sa[..sa.len() - 2].to_vec(),
        sb[..sb.len() - 2].to_vec(),
    ])?;
    let a3 = crate::jnp::broadcast_to(&a2, &[&batch[..], &[m, k]].concat())?;
    let b3 = crate::jnp::broadcast_to(&b2, &[&batch[..], &[k, n]].concat())?;
    let nb = batch.len();
    let dims = DotDims {
        lhs_contract: vec![nb + 1],
        rhs_contract: vec![nb],
        lhs_batch: (0..nb).collect(),
        rhs_batch: (0..nb).collect(),
    };
    let out = dot_general(&a3, &b3, dims, Some(t.dtype))?;
    let mut squeeze = Vec::new();
    if ra == 1 {
        squeeze.push(nb);
    }
    if rb == 1 {
        squeeze.push(nb + 1);
    }
    lax::squeeze(&out, squeeze)
}

/// `jnp.linalg.outer`.
pub fn outer(x1: &Value, x2: &Value) -> Result<Value> {
    let (r1, r2) = (x1.shape().len(), x2.shape().len());
    if r1 != 1 || r2 != 1 {
        return Err(value_error(format!(
            "Input arrays must be one-dimensional, but they are x1.ndim={r1} x2.ndim={r2}"
        )));
    }
    let a = crate::jnp::shape::expand_dims(x1, &[1])?;
    let b = crate::jnp::shape::expand_dims(x2, &[0])?;
    crate::jnp::binary(crate::primitives::elementwise::BinaryOp::Mul, &a, &b)
}

/// `jnp.linalg.cross` of 3-vectors along `axis`.
pub fn cross(x1: &Value, x2: &Value, axis: i64) -> Result<Value> {
    let size = |x: &Value| -> Result<usize> {
        let r = x.shape().len();
        Ok(x.shape()[crate::jnp::axis_index(axis, r)?])
    };
    let (n1, n2) = (size(x1)?, size(x2)?);
    if n1 != 3 || n2 != 3 {
        return Err(value_error(format!("Both input arrays must be (arrays of) 3-dimensional vectors, but they have x1.shape[axis]={n1} and x2.shape[axis]={n2}")));
    }
    let t = crate::dtype::promote(x1.type_key(), x2.type_key());
    let (a, b) = (crate::jnp::convert(x1, t)?, crate::jnp::convert(x2, t)?);
    let part = |x: &Value, i: usize| -> Result<Value> {
        let r = x.shape().len();
        let ax = crate::jnp::axis_index(axis, r)?;
        let mut start = vec![0; r];
        let mut limit = x.shape().to_vec();
        start[ax] = i;
        limit[ax] = i + 1;
        lax::slice(x, start, limit, None)
    };
    use crate::primitives::elementwise::BinaryOp::{Mul, Sub};
    let comp = |i: usize, j: usize| -> Result<Value> {
        let l = crate::jnp::binary(Mul, &part(&a, i)?, &part(&b, j)?)?;
        let r = crate::jnp::binary(Mul, &part(&a, j)?, &part(&b, i)?)?;
        crate::jnp::binary(Sub, &l, &r)
    };
    let parts = [comp(1, 2)?, comp(2, 0)?, comp(0, 1)?];
    let ax = crate::jnp::axis_index(axis, parts[0].shape().len())?;
    crate::primitives::indexing::concatenate(&parts, ax)
}

/// `jnp.linalg.multi_dot`: the chain multiplied left to right.
pub fn multi_dot(arrays: &[Value]) -> Result<Value> {
    if arrays.len() < 2 {
        return Err(value_error(format!(
            "multi_dot requires at least two arrays; got len(arrays)={}",
            arrays.len()
        )));
    }
    let ranks: Vec<usize> = arrays.iter().map(|a| a.shape().len()).collect();
    let last = ranks.len() - 1;
    let shapes = || {
        let listed: Vec<String> = arrays.iter().map(|a| shape_tuple(a.shape())).collect();
        format!("[{}]", listed.join(", "))
    };
    if !((1..=2).contains(&ranks[0])
        && (1..=2).contains(&ranks[last])
        && ranks[1..last].iter().all(|&r| r == 2))
    {
        return Err(value_error(format!("multi_dot: input arrays must all be two-dimensional, except for the first and last array which may be 1 or 2 dimensional. Got array shapes {}", shapes())));
    }
    if arrays
        .windows(2)
        .any(|w| w[0].shape()[w[0].shape().len() - 1] != w[1].shape()[0])
    {
        return Err(value_error(format!("multi_dot: last dimension of each array must match first dimension of following array. Got array shapes {}", shapes())));
    }
    let mut acc = arrays[0].clone();
    for x in &arrays[1..] {
        acc = matmul(&acc, x)?;
    }
    Ok(acc)
}

/// `jnp.linalg.diagonal`: the `offset` diagonal of the last two axes.
pub fn diagonal(x: &Value, offset: i64) -> Result<Value> {
    let s = x.shape().to_vec();
    let r = s.len();
    if r < 2 {
        return Err(value_error(format!(
            "axis -2 is out of bounds for array of dimension {r}"
        )));
    }
    let (m, n) = (s[r - 2] as i64, s[r - 1] as i64);
    let (r0, c0) = if offset >= 0 {
        (0, offset)
    } else {
        (-offset, 0)
    };
    let len = (m - r0).min(n - c0).max(0) as usize;
    let (r0, c0) = (r0.min(m) as usize, c0.min(n) as usize);
    let mut start = vec![0; r];
    let mut limit = s.clone();
    (start[r - 2], limit[r - 2]) = (r0, r0 + len);
    (start[r - 1], limit[r - 1]) = (c0, c0 + len);
    let square = lax::slice(x, start, limit, None)?;
    if len == 0 {
        let out = [&s[..r - 2], &[0]].concat();
        return lax::reshape(&square, &out);
    }
    diag_of(&square)
}

/// `jnp.linalg.trace`: the diagonal summed (booleans and weak values as `jnp.sum` sums them).
pub fn trace(x: &Value, offset: i64, dtype: Option<DType>) -> Result<Value> {
    let d = diagonal(x, offset)?;
    let r = crate::jnp::reductions::Reduction {
        axes: Some(vec![d.shape().len() - 1]),
        dtype,
        ..crate::jnp::reductions::Reduction::all()
    };
    crate::jnp::reductions::sum(&d, &r)
}

/// `jnp.linalg.vecdot`: `sum(x1 * x2, axis)`.
pub fn vecdot(x1: &Value, x2: &Value, axis: i64) -> Result<Value> {
    let prod = crate::jnp::binary(crate::primitives::elementwise::BinaryOp::Mul, x1, x2)?;
    let ax = crate::jnp::axis_index(axis, prod.shape().len())?;
    lax::reduce_sum(&prod, vec![ax])
}

/// `jnp.linalg.lstsq` for a 2-D `a`: `(x, residuals, rank, s)` from the SVD.
pub fn lstsq(a: &Value, b: &Value, rcond: Option<f64>) -> Result<Vec<Value>> {
    let (a, b) = (inexact(a)?, inexact(b)?);
    if a.shape()[0] != b.shape().first().copied().unwrap_or(usize::MAX) {
        return Err(value_error(
            "Leading dimensions of input arrays must match".into(),
        ));
    }
    let vector = b.shape().len() == 1;
    let b = if vector {
        crate::jnp::shape::expand_dims(&b, &[1])?
    } else {
        b
    };
    if a.shape().len() != 2 {
        return Err(Error::usage(format!(
            "{}-dimensional array given. Array must be two-dimensional",
            a.shape().len()
        )));
    }
    if b.shape().len() != 2 {
        return Err(Error::usage(format!(
            "{}-dimensional array given. Array must be one or two-dimensional",
            b.shape().len()
        )));
    }
    let (m, n) = (a.shape()[0], a.shape()[1]);
    let rcond = match rcond {
        None => f64::from(f32::EPSILON) * m.max(n) as f64,
        Some(r) if r < 0.0 => f64::from(f32::EPSILON),
        Some(r) => r,
    };
    let outs = svd(&a, false, true)?;
    let (u, s, vt) = (&outs[0], &outs[1], &outs[2]);
    let k = s.shape()[0];
    let s0 = lax::slice(s, vec![0], vec![1.min(k)], None)?;
    let cutoff = lax::mul(&f32s(rcond), &s0)?;
    let mask = crate::jnp::binary(
        crate::primitives::elementwise::BinaryOp::Mul,
        &lax::convert(
            &lax::compare(CompareOp::Gt, s, &f32s(0.0))?,
            DType::Float32,
            false,
        )?,
        &lax::convert(
            &crate::jnp::compare(CompareOp::Ge, s, &cutoff)?,
            DType::Float32,
            false,
        )?,
    )?;
    let mask = lax::compare(CompareOp::Ne, &mask, &f32s(0.0))?;
    let rank = lax::reduce_sum(&lax::convert(&mask, DType::Int32, false)?, vec![0])?;
    let ones = lax::broadcast_like(&f32s(1.0), &[k])?;
    let safe = select_n(&mask, &[ones, s.clone()])?;
    let zeros = lax::zeros(&s.aval())?;
    let s_inv = select_n(&mask, &[zeros, lax::div(&f32s(1.0), &safe)?])?;
    let s_inv = crate::jnp::shape::expand_dims(&s_inv, &[1])?;
    let utb = matmul(&mt(u)?, &b)?;
    let x = matmul(
        &mt(vt)?,
        &crate::jnp::binary(crate::primitives::elementwise::BinaryOp::Mul, &s_inv, &utb)?,
    )?;
    let estimate = matmul(&a, &x)?;
    let diff = lax::sub(&b, &estimate)?;
    let resid = norm(&diff, None, Some(vec![0]), false)?;
    let resid = lax::mul(&resid, &resid)?;
    let x = if vector {
        lax::reshape(&x, &[x.shape()[0]])?
    } else {
        x
    };
    Ok(vec![x, resid, rank, s.clone()])
}
