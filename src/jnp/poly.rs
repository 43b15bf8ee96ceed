//! Polynomials and 1-D signal helpers of `jax.numpy`: `polyval` (Horner's rule), `polyadd`,
//! `polysub`, `polymul`, `polyder`, `vander`, `convolve` / `correlate`, `trapezoid`, `unwrap`
//! and `cross`, each with JAX's promotion and, where the primitive exists here, its jaxpr.

use super::math::{self, promote1, Promote};
use super::{binary, broadcast_to, convert, joining, shape};
use crate::array::{Array, ShapedArray};
use crate::dtype::{promote, DType, TypeKey};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::conv::{conv_general_dilated, ConvArgs, Padding};
use crate::primitives::elementwise::{BinaryOp, CompareOp};
use crate::primitives::indexing::concatenate;
use crate::primitives::reductions::{cumsum, reduce_prod};
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

fn strong(v: f64, dtype: DType) -> Result<Value> {
    Ok(Value::Array(Array::from_f64_values(&[], dtype, &[v])?))
}

/// All the operands converted to their promoted type (`promote_dtypes`), or to an inexact one
/// (`promote_dtypes_inexact`).
pub fn promote_all(xs: &[&Value], inexact: bool) -> Result<Vec<Value>> {
    let mut t = xs
        .iter()
        .map(|x| x.type_key())
        .reduce(promote)
        .ok_or_else(|| Error::internal("no operands"))?;
    if inexact && !t.dtype.is_float() {
        t = TypeKey {
            dtype: DType::Float32,
            weak: t.weak && t.dtype != DType::Bool,
        };
    }
    xs.iter().map(|x| convert(x, t)).collect()
}

/// `x[..., i]` or `x[i]` along `axis`: a slice and a squeeze, as NumPy indexing stages it.
pub(crate) fn take_static(x: &Value, axis: usize, i: usize) -> Result<Value> {
    let rank = x.shape().len();
    if x.shape()[axis] == 1 && i == 0 {
        // The whole axis: JAX's indexing skips the slice.
        return lax::squeeze(x, vec![axis]);
    }
    let mut lo = vec![0; rank];
    let mut hi = x.shape().to_vec();
    lo[axis] = i;
    hi[axis] = i + 1;
    let s = lax::slice(x, lo, hi, None)?;
    lax::squeeze(&s, vec![axis])
}

/// `x[start:stop]` along `axis` with NumPy's basic-slicing jaxpr (`strides=None`).
fn range_static(x: &Value, axis: usize, start: usize, stop: usize) -> Result<Value> {
    let rank = x.shape().len();
    let mut lo = vec![0; rank];
    let mut hi = x.shape().to_vec();
    lo[axis] = start;
    hi[axis] = stop;
    lax::slice(x, lo, hi, None)
}

/// `jnp.polyval(p, x)`: Horner's rule over `p`'s first axis.
pub fn polyval(p: &Value, x: &Value) -> Result<Value> {
    let v = promote_all(&[p, x], false)?;
    let (p, x) = (&v[0], &v[1]);
    if p.shape().is_empty() {
        return Err(value_error(
            "jnp.polyval: p must be at least one-dimensional".into(),
        ));
    }
    let shape = shape::broadcast_shapes(&[p.shape()[1..].to_vec(), x.shape().to_vec()])?;
    let zero = strong(0.0, x.aval().dtype)?;
    let mut y = if shape.is_empty() {
        zero
    } else {
        lax::broadcast_in_dim(&zero, &shape, Vec::new())?
    };
    for i in 0..p.shape()[0] {
        let c = take_static(p, 0, i)?;
        y = binary(BinaryOp::Add, &binary(BinaryOp::Mul, &y, x)?, &c)?;
    }
    Ok(y)
}

/// `jnp.polyadd`: the shorter coefficient list added onto the end of the longer.
pub fn polyadd(a: &Value, b: &Value) -> Result<Value> {
    let v = promote_all(&[a, b], false)?;
    let (a, b) = (&v[0], &v[1]);
    for x in [a, b] {
        if x.shape().len() != 1 {
            return Err(value_error(
                "jnp.polyadd: the coefficients must be one-dimensional".into(),
            ));
        }
    }
    let (long, short) = if b.shape()[0] <= a.shape()[0] {
        (a, b)
    } else {
        (b, a)
    };
    let lead = long.shape()[0] - short.shape()[0];
    let padded = if lead == 0 {
        short.clone()
    } else {
        lax::pad(
            short,
            vec![crate::primitives::slicing::PadDim {
                lo: lead,
                hi: 0,
                interior: 0,
                numpy_lo: false,
                numpy_hi: false,
                numpy_interior: false,
            }],
        )?
    };
    lax::add(long, &padded)
}

/// `jnp.polysub`: `polyadd(a, -b)`.
pub fn polysub(a: &Value, b: &Value) -> Result<Value> {
    let v = promote_all(&[a, b], false)?;
    polyadd(&v[0], &lax::neg(&v[1])?)
}

/// `jnp.polymul`: the full convolution of the coefficients.
pub fn polymul(a: &Value, b: &Value) -> Result<Value> {
    let v = promote_all(&[a, b], true)?;
    // An empty polynomial is the zero polynomial, as JAX has it.
    let nonempty = |x: &Value, other: &Value| -> Result<Value> {
        if x.shape().first() == Some(&0) {
            lax::zeros(&ShapedArray::new(vec![1], other.aval().dtype))
        } else {
            Ok(x.clone())
        }
    };
    let a1 = nonempty(&v[0], &v[1])?;
    let a2 = nonempty(&v[1], &a1)?;
    conv(&a1, &a2, "full", false, None)
}

/// `jnp.polyder`: the `m`-th derivative, each coefficient times the falling factorial of its
/// power.
pub fn polyder(p: &Value, m: i64) -> Result<Value> {
    let p = promote1(p, Promote::Inexact)?;
    if m < 0 {
        return Err(value_error("Order of derivative must be positive".into()));
    }
    if m == 0 {
        return Ok(p);
    }
    let m = m as usize;
    let n = p.shape().first().copied().unwrap_or(0);
    let dtype = p.aval().dtype;
    let k = n.saturating_sub(m);
    let powers = binary(
        BinaryOp::Add,
        &strong(m as f64, dtype)?,
        &super::ranges::iota(dtype, &[k], 0)?,
    )?;
    let powers = lax::broadcast_in_dim(&powers, &[1, k], vec![1])?;
    let steps = lax::broadcast_in_dim(&super::ranges::iota(dtype, &[m], 0)?, &[m, 1], vec![0])?;
    let coeff = reduce_prod(&lax::sub(&powers, &steps)?, vec![0])?;
    let head = range_static(&p, 0, 0, k)?;
    lax::mul(&head, &lax::rev(&coeff, vec![0])?)
}

/// `jnp.vander`: the columns of powers of `x`, decreasing unless `increasing`.
pub fn vander(x: &Value, n: Option<i64>, increasing: bool) -> Result<Value> {
    if x.shape().len() != 1 {
        return Err(value_error("x must be a one-dimensional array".into()));
    }
    let n = n.unwrap_or(x.shape()[0] as i64);
    if n < 0 {
        return Err(value_error("N must be nonnegative".into()));
    }
    let n = n as usize;
    let dtype = x.aval().dtype;
    let mut iota = super::ranges::iota(dtype, &[n], 0)?;
    if !increasing {
        iota = lax::sub(&strong((n as f64) - 1.0, dtype)?, &iota)?;
    }
    let len = x.shape()[0];
    let col = lax::broadcast_in_dim(x, &[len, 1], vec![0])?;
    let row = lax::broadcast_in_dim(&iota, &[1, n], vec![1])?;
    math::power(&col, &row)
}

/// `jnp.convolve` (`flip`) and `jnp.correlate` of 1-D arrays, as JAX's `_conv` binds them:
/// the longer one slid past the shorter by a `conv_general_dilated` of one batch and one
/// feature, padded per `mode`. Without `preferred_element_type` the operands are promoted to
/// an inexact type, as NumPy's convolutions are.
pub fn conv(
    a: &Value,
    v: &Value,
    mode: &str,
    correlate: bool,
    preferred_element_type: Option<DType>,
) -> Result<Value> {
    let op = if correlate { "correlate" } else { "convolve" };
    if a.shape().len() != 1 || v.shape().len() != 1 {
        return Err(value_error(format!(
            "{op}() only support 1-dimensional inputs."
        )));
    }
    let p = promote_all(&[a, v], preferred_element_type.is_none())?;
    let (mut x, mut y) = (p[0].clone(), p[1].clone());
    if x.shape()[0] == 0 || y.shape()[0] == 0 {
        return Err(value_error(format!(
            "{op}: inputs cannot be empty, got shapes {} and {}.",
            crate::array::shape_tuple(x.shape()),
            crate::array::shape_tuple(y.shape())
        )));
    }
    let mut reverse = false;
    if x.shape()[0] < y.shape()[0] {
        std::mem::swap(&mut x, &mut y);
        reverse = correlate;
    }
    if !correlate {
        y = shape::flip(&y, None)?;
    }
    let m = y.shape()[0] as i64;
    let padding = match mode {
        "valid" => (0, 0),
        "same" => (m / 2, m - m / 2 - 1),
        "full" => (m - 1, m - 1),
        _ => {
            return Err(value_error(
                "mode must be one of ['full', 'same', 'valid']".into(),
            ))
        }
    };
    let lift = |z: &Value| lax::broadcast_in_dim(z, &[1, 1, z.shape()[0]], vec![2]);
    let mut args = ConvArgs::new(vec![1], Padding::Pairs(vec![padding]));
    args.preferred_element_type = preferred_element_type;
    let mut out = conv_general_dilated(&lift(&x)?, &lift(&y)?, args)?;
    if reverse {
        out = lax::rev(&out, vec![2])?;
    }
    lax::squeeze(&out, vec![0, 1])
}

/// `jnp.trapezoid`: the trapezoidal rule along `axis`, with sample points `x` or spacing `dx`.
pub fn trapezoid(y: &Value, x: Option<&Value>, dx: &Value, axis: i64) -> Result<Value> {
    let (y, dx) = match x {
        None => {
            let y = promote1(y, Promote::Inexact)?;
            if !dx.shape().is_empty() {
                return Err(Error::Unsupported {
                    what: "jnp.trapezoid with an array dx (a scalar only)",
                });
            }
            (y, dx.clone())
        }
        Some(x) => {
            let v = promote_all(&[y, x], true)?;
            let (y, x) = (v[0].clone(), v[1].clone());
            let dx = if x.shape().len() == 1 {
                joining::diff(&x, 1, -1, None, None)?
            } else {
                let a = super::axis_index(axis, x.shape().len())?;
                let d = joining::diff(&x, 1, axis, None, None)?;
                let last = x.shape().len() - 1;
                shape::moveaxis(&d, &[a], &[last])?
            };
            (y, dx)
        }
    };
    let rank = y.shape().len();
    if rank == 0 {
        return Err(value_error(
            "trapezoid: y must be at least one-dimensional".into(),
        ));
    }
    let a = super::axis_index(axis, rank)?;
    let y = if a == rank - 1 {
        y
    } else {
        shape::moveaxis(&y, &[a], &[rank - 1])?
    };
    let last = rank - 1;
    let n = y.shape()[last];
    if dx.shape().is_empty() || dx.shape().last() == Some(&1) {
        let dx = if dx.shape().is_empty() {
            dx
        } else {
            take_static(&dx, dx.shape().len() - 1, 0)?
        };
        let total = super::reductions::sum(
            &y,
            &super::reductions::Reduction {
                axes: Some(vec![last]),
                ..super::reductions::Reduction::all()
            },
        )?;
        let ends = lax::add(&take_static(&y, last, 0)?, &take_static(&y, last, n - 1)?)?;
        let half = binary(
            BinaryOp::Mul,
            &Value::Array(Array::weak_scalar(0.5, DType::Float32)),
            &ends,
        )?;
        return binary(BinaryOp::Mul, &dx, &lax::sub(&total, &half)?);
    }
    let upper = range_static(&y, last, 1, n)?;
    let lower = range_static(&y, last, 0, n.saturating_sub(1))?;
    let pairs = lax::add(&upper, &lower)?;
    let weighted = binary(BinaryOp::Mul, &dx, &pairs)?;
    let total = super::reductions::sum(
        &weighted,
        &super::reductions::Reduction {
            axes: Some(vec![weighted.shape().len() - 1]),
            ..super::reductions::Reduction::all()
        },
    )?;
    binary(
        BinaryOp::Mul,
        &Value::Array(Array::weak_scalar(0.5, DType::Float32)),
        &total,
    )
}

/// `jnp.unwrap`: jumps between neighbours larger than `discont` (half the period by default)
/// taken back by whole periods, the corrections summed along `axis`.
pub fn unwrap(p: &Value, discont: Option<&Value>, axis: i64, period: &Value) -> Result<Value> {
    let v = promote_all(&[p, period], false)?;
    let (p, period) = (&v[0], &v[1]);
    let rank = p.shape().len();
    let a = super::axis_index(axis, rank)?;
    if p.shape()[a] == 0 {
        return Ok(p.clone());
    }
    let two = Value::Array(Array::weak_scalar(2.0, DType::Int32));
    let discont = match discont {
        Some(d) => d.clone(),
        None => binary(BinaryOp::Div, period, &two)?,
    };
    let interval = if p.aval().dtype.is_integer() {
        math::floor_divide(period, &two)?
    } else {
        binary(BinaryOp::Div, period, &two)?
    };
    let dd = joining::diff(p, 1, axis, None, None)?;
    let ddmod = math::remainder(&binary(BinaryOp::Add, &dd, &interval)?, period)?;
    let ddmod = binary(BinaryOp::Sub, &ddmod, &interval)?;
    let at_minus = super::compare(
        CompareOp::Eq,
        &ddmod,
        &super::unary(crate::primitives::elementwise::UnaryOp::Neg, &interval)?,
    )?;
    let rising = super::compare(
        CompareOp::Gt,
        &dd,
        &Value::Array(Array::weak_scalar(0.0, DType::Int32)),
    )?;
    let both = math::bitwise_binary(
        crate::primitives::bitwise::BitwiseOp::And,
        &at_minus,
        &rising,
    )?;
    let ddmod = super::where_(&both, &interval, &ddmod)?;
    let small = super::compare(CompareOp::Lt, &math::abs(&dd)?, &discont)?;
    let correction = super::where_(
        &small,
        &Value::Array(Array::weak_scalar(0.0, DType::Int32)),
        &binary(BinaryOp::Sub, &ddmod, &dd)?,
    )?;
    let n = p.shape()[a];
    let rank_lo = |start: usize, stop: usize| {
        let mut lo = vec![0; rank];
        let mut hi = p.shape().to_vec();
        lo[a] = start;
        hi[a] = stop;
        lax::slice(p, lo, hi, Some(vec![1; rank]))
    };
    let head = rank_lo(0, 1)?;
    let tail = rank_lo(1, n)?;
    let summed = cumsum(&correction, a, false)?;
    let tail = binary(BinaryOp::Add, &tail, &summed)?;
    concatenate(&[head, tail], a)
}

/// `jnp.cross` of vectors of 2 or 3 components along `axisa` / `axisb`, the result's
/// components along `axisc`.
pub fn cross(a: &Value, b: &Value, axisa: i64, axisb: i64, axisc: i64) -> Result<Value> {
    let last = |x: &Value, axis: i64| -> Result<Value> {
        let rank = x.shape().len();
        if rank == 0 {
            return Err(value_error(
                "Dimension must be either 2 or 3 for cross product".into(),
            ));
        }
        let ax = super::axis_index(axis, rank)?;
        if ax == rank - 1 {
            Ok(x.clone())
        } else {
            shape::moveaxis(x, &[ax], &[rank - 1])
        }
    };
    let (a, b) = (last(a, axisa)?, last(b, axisb)?);
    let (na, nb) = (
        a.shape()[a.shape().len() - 1],
        b.shape()[b.shape().len() - 1],
    );
    if !matches!(na, 2 | 3) || !matches!(nb, 2 | 3) {
        return Err(value_error(
            "Dimension must be either 2 or 3 for cross product".into(),
        ));
    }
    let comp = |x: &Value, i: usize| take_static(x, x.shape().len() - 1, i);
    let mul = |x: &Value, y: &Value| binary(BinaryOp::Mul, x, y);
    let sub = |x: &Value, y: &Value| binary(BinaryOp::Sub, x, y);
    if na == 2 && nb == 2 {
        let first = mul(&comp(&a, 0)?, &comp(&b, 1)?)?;
        let second = mul(&comp(&a, 1)?, &comp(&b, 0)?)?;
        return sub(&first, &second);
    }
    let (a0, a1) = (comp(&a, 0)?, comp(&a, 1)?);
    let a2 = if na == 3 {
        comp(&a, 2)?
    } else {
        super::math::full_like(&a0, 0.0, None)?
    };
    let (b0, b1) = (comp(&b, 0)?, comp(&b, 1)?);
    let b2 = if nb == 3 {
        comp(&b, 2)?
    } else {
        super::math::full_like(&b0, 0.0, None)?
    };
    let c0 = sub(&mul(&a1, &b2)?, &mul(&a2, &b1)?)?;
    let c1 = sub(&mul(&a2, &b0)?, &mul(&a0, &b2)?)?;
    let c2 = sub(&mul(&a0, &b1)?, &mul(&a1, &b0)?)?;
    let shape = shape::broadcast_shapes(&[
        c0.shape().to_vec(),
        c1.shape().to_vec(),
        c2.shape().to_vec(),
    ])?;
    let rows = [c0, c1, c2]
        .iter()
        .map(|c| {
            let c = if c.shape() == shape.as_slice() {
                c.clone()
            } else {
                broadcast_to(c, &shape)?
            };
            let mut s = vec![1];
            s.extend_from_slice(&shape);
            lax::broadcast_in_dim(&c, &s, (1..=shape.len()).collect())
        })
        .collect::<Result<Vec<_>>>()?;
    let c = concatenate(&rows, 0)?;
    let rank = c.shape().len();
    let to = super::axis_index(axisc, rank)?;
    if to == 0 {
        Ok(c)
    } else {
        shape::moveaxis(&c, &[0], &[to])
    }
}
