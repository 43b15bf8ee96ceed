//! Joining and splitting as `jax.numpy` does it: `concatenate` and the `*stack` family (the
//! operands promoted to one dtype, lifted by `atleast_*d` where NumPy says so), `split` and
//! `array_split` by sections or indices, `append`, `tile`, `repeat`, `diff`, `roll`, `rot90`.

use super::{astype, convert, shape};
use crate::array::shape_tuple;
use crate::dtype::{promote, DType};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::indexing::{concatenate as lax_concatenate, split as lax_split};
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// Every operand converted to their promoted type (or `dtype`).
fn promoted(xs: &[Value], dtype: Option<DType>) -> Result<Vec<Value>> {
    match dtype {
        Some(d) => xs
            .iter()
            .map(|x| {
                if x.aval().dtype == d && !x.aval().weak_type {
                    Ok(x.clone())
                } else {
                    astype(x, d)
                }
            })
            .collect(),
        None => {
            let t = xs
                .iter()
                .map(Value::type_key)
                .reduce(promote)
                .ok_or_else(|| Error::internal("no operands"))?;
            xs.iter().map(|x| convert(x, t)).collect()
        }
    }
}

fn shapes(xs: &[Value]) -> String {
    let listed: Vec<String> = xs.iter().map(|x| shape_tuple(x.shape())).collect();
    listed.join(", ")
}

/// `jnp.concatenate` along `axis` (of the flattened operands when `None`).
pub fn concatenate(xs: &[Value], axis: Option<i64>, dtype: Option<DType>) -> Result<Value> {
    if xs.is_empty() {
        return Err(value_error(
            "Need at least one array to concatenate.".into(),
        ));
    }
    let (xs, axis) = match axis {
        None => (xs.iter().map(shape::ravel).collect::<Result<Vec<_>>>()?, 0),
        Some(a) => (xs.to_vec(), a),
    };
    let rank = xs[0].shape().len();
    if xs.iter().any(|x| x.shape().len() != rank) {
        return Err(Error::Signature {
            message: format!(
                "Cannot concatenate arrays with different numbers of dimensions: got {}.",
                shapes(&xs)
            ),
        });
    }
    if rank == 0 {
        return Err(value_error(
            "Zero-dimensional arrays cannot be concatenated.".into(),
        ));
    }
    let axis = super::axis_index(axis, rank)?;
    let xs = promoted(&xs, dtype)?;
    if xs.len() == 1 {
        return Ok(xs[0].clone());
    }
    lax_concatenate(&xs, axis)
}

/// `jnp.stack`: the operands (of one shape) joined along a new axis.
pub fn stack(xs: &[Value], axis: i64, dtype: Option<DType>) -> Result<Value> {
    if xs.is_empty() {
        return Err(value_error("Need at least one array to stack.".into()));
    }
    let shape0 = xs[0].shape().to_vec();
    if xs.iter().any(|x| x.shape().len() != shape0.len()) {
        return Err(value_error(format!(
            "Cannot stack arrays with different numbers of dimensions: got {}.",
            shapes(xs)
        )));
    }
    if xs.iter().any(|x| x.shape() != shape0.as_slice()) {
        return Err(value_error(
            "All input arrays must have the same shape.".into(),
        ));
    }
    let axis = super::axis_index(axis, shape0.len() + 1)?;
    let xs = promoted(xs, dtype)?;
    let lifted = xs
        .iter()
        .map(|x| lax::expand_dims(x, &[axis]))
        .collect::<Result<Vec<_>>>()?;
    if lifted.len() == 1 {
        return Ok(lifted[0].clone());
    }
    lax_concatenate(&lifted, axis)
}

/// `jnp.hstack` (`rank` 1), `vstack` (2) and `dstack` (3): the operands lifted to at least
/// `rank` axes and joined along the axis NumPy picks.
pub fn stack_family(xs: &[Value], rank: usize, dtype: Option<DType>) -> Result<Value> {
    let lifted = xs
        .iter()
        .map(|x| shape::atleast(x, rank))
        .collect::<Result<Vec<_>>>()?;
    let axis = match rank {
        1 if lifted.first().is_some_and(|x| x.shape().len() == 1) => 0,
        1 => 1,
        2 => 0,
        _ => 2,
    };
    concatenate(&lifted, Some(axis), dtype)
}

/// `jnp.column_stack`: 1-D operands as columns.
pub fn column_stack(xs: &[Value]) -> Result<Value> {
    let cols = xs
        .iter()
        .map(|x| {
            if x.shape().len() < 2 {
                let row = shape::atleast(x, 2)?;
                lax::transpose(&row, vec![1, 0])
            } else {
                Ok(x.clone())
            }
        })
        .collect::<Result<Vec<_>>>()?;
    concatenate(&cols, Some(1), None)
}

/// `indices_or_sections`: a number of sections or the indices to split before.
pub enum Sections {
    Count(i64),
    Indices(Vec<i64>),
}

/// `jnp.split` (`even`) and `jnp.array_split` along `axis`.
pub fn split(x: &Value, sections: &Sections, axis: usize, even: bool) -> Result<Vec<Value>> {
    let n = x.shape()[axis];
    let sizes = match sections {
        Sections::Count(k) => {
            if *k <= 0 {
                return Err(value_error("number sections must be larger than 0.".into()));
            }
            let k = *k as usize;
            if even && !n.is_multiple_of(k) {
                return Err(value_error(format!(
                    "array split does not result in an equal division: rest is {}",
                    n % k
                )));
            }
            let (each, extra) = (n / k, n % k);
            (0..k).map(|i| each + usize::from(i < extra)).collect()
        }
        Sections::Indices(points) => {
            let clip = |p: i64| {
                let p = if p < 0 { p + n as i64 } else { p };
                p.clamp(0, n as i64) as usize
            };
            let mut sizes = Vec::with_capacity(points.len() + 1);
            let mut start = 0;
            for &p in points {
                let end = clip(p).max(start);
                sizes.push(end - start);
                start = end;
            }
            sizes.push(n - start);
            sizes
        }
    };
    lax_split(x, sizes, axis)
}

/// `jnp.append`: `values` after `arr`, both flattened when `axis` is `None`.
pub fn append(arr: &Value, values: &Value, axis: Option<i64>) -> Result<Value> {
    match axis {
        None => concatenate(&[shape::ravel(arr)?, shape::ravel(values)?], Some(0), None),
        Some(a) => concatenate(&[arr.clone(), values.clone()], Some(a), None),
    }
}

/// `jnp.tile`: `x` repeated `reps` times along each axis, as a broadcast to interleaved axes
/// and a reshape.
pub fn tile(x: &Value, reps: &[i64]) -> Result<Value> {
    if let Some(r) = reps.iter().find(|&&r| r < 0) {
        return Err(value_error(format!(
            "tile: reps must be non-negative, got {r}"
        )));
    }
    let s = x.shape().to_vec();
    let rank = s.len().max(reps.len());
    let shape: Vec<usize> = [vec![1; rank - s.len()], s.clone()].concat();
    let reps: Vec<usize> = [
        vec![1; rank - reps.len()],
        reps.iter().map(|&r| r as usize).collect(),
    ]
    .concat();
    let x = if shape.len() == s.len() {
        x.clone()
    } else {
        lax::broadcast_in_dim(x, &shape, (rank - s.len()..rank).collect())?
    };
    if reps.iter().all(|&r| r == 1) {
        return Ok(x);
    }
    let spread: Vec<usize> = reps
        .iter()
        .zip(&shape)
        .flat_map(|(&r, &d)| [r, d])
        .collect();
    let wide = lax::broadcast_in_dim(&x, &spread, (0..rank).map(|d| 2 * d + 1).collect())?;
    let out: Vec<usize> = reps.iter().zip(&shape).map(|(r, d)| r * d).collect();
    lax::reshape(&wide, &out)
}

/// `jnp.repeat` with a static count: each element `repeats` times along `axis` (of the
/// flattened array when `None`).
pub fn repeat(x: &Value, repeats: i64, axis: Option<usize>) -> Result<Value> {
    if repeats < 0 {
        return Err(value_error(format!(
            "repeats may not contain negative values, got {repeats}"
        )));
    }
    let (x, axis) = match axis {
        None => (shape::ravel(x)?, 0),
        Some(a) => (x.clone(), a),
    };
    let s = x.shape().to_vec();
    let mut wide = s.clone();
    wide.insert(axis + 1, repeats as usize);
    let dims: Vec<usize> = (0..s.len())
        .map(|d| if d <= axis { d } else { d + 1 })
        .collect();
    let spread = lax::broadcast_in_dim(&x, &wide, dims)?;
    let mut out = s;
    out[axis] *= repeats as usize;
    lax::reshape(&spread, &out)
}

/// `x` from `start` to `stop` along `axis`.
fn slice_axis(x: &Value, axis: usize, start: usize, stop: usize, strided: bool) -> Result<Value> {
    let rank = x.shape().len();
    let mut lo = vec![0; rank];
    let mut hi = x.shape().to_vec();
    lo[axis] = start;
    hi[axis] = stop;
    lax::slice(x, lo, hi, strided.then(|| vec![1; rank]))
}

/// `jnp.diff`: `n` times the difference of neighbours along `axis`, after `prepend` / `append`
/// are joined on.
pub fn diff(
    x: &Value,
    n: i64,
    axis: i64,
    prepend: Option<&Value>,
    append: Option<&Value>,
) -> Result<Value> {
    let rank = x.shape().len();
    if rank == 0 {
        return Err(value_error(
            "diff requires input that is at least one dimensional; got a scalar".into(),
        ));
    }
    if n < 0 {
        return Err(value_error(format!(
            "order must be non-negative but got {n}"
        )));
    }
    let axis = super::axis_index(axis, rank)?;
    let edge = |v: &Value| {
        if v.shape().is_empty() {
            let mut s = x.shape().to_vec();
            s[axis] = 1;
            lax::broadcast_in_dim(v, &s, Vec::new())
        } else {
            Ok(v.clone())
        }
    };
    let mut parts = Vec::new();
    if let Some(p) = prepend {
        parts.push(edge(p)?);
    }
    parts.push(x.clone());
    if let Some(p) = append {
        parts.push(edge(p)?);
    }
    let mut x = if parts.len() == 1 {
        parts.remove(0)
    } else {
        concatenate(&parts, Some(axis as i64), None)?
    };
    for _ in 0..n {
        let len = x.shape()[axis];
        if len == 0 {
            break;
        }
        let hi = slice_axis(&x, axis, 1, len, false)?;
        let lo = slice_axis(&x, axis, 0, len - 1, false)?;
        x = if x.aval().dtype == DType::Bool {
            super::compare(crate::primitives::elementwise::CompareOp::Ne, &hi, &lo)?
        } else {
            lax::sub(&hi, &lo)?
        };
    }
    Ok(x)
}

/// `jnp.roll` by static shifts: each rolled axis is two slices swapped (the flattened array
/// when `axes` is `None`).
pub fn roll(x: &Value, shifts: &[i64], axes: Option<Vec<usize>>) -> Result<Value> {
    let Some(axes) = axes else {
        let flat = shape::ravel(x)?;
        let rolled = roll(&flat, shifts, Some(vec![0]))?;
        return lax::reshape(&rolled, x.shape());
    };
    let pairs: Vec<(i64, usize)> = match (shifts.len(), axes.len()) {
        (1, _) => axes.iter().map(|&a| (shifts[0], a)).collect(),
        (_, 1) => shifts.iter().map(|&s| (s, axes[0])).collect(),
        (s, a) if s == a => shifts.iter().copied().zip(axes.iter().copied()).collect(),
        _ => {
            return Err(value_error(
                "shift and axis must have the same length".into(),
            ))
        }
    };
    let mut x = x.clone();
    for (shift, axis) in pairs {
        let n = x.shape()[axis];
        if n == 0 {
            continue;
        }
        let k = shift.rem_euclid(n as i64) as usize;
        let tail = slice_axis(&x, axis, n - k, n, true)?;
        let head = slice_axis(&x, axis, 0, n - k, true)?;
        x = lax_concatenate(&[tail, head], axis)?;
    }
    Ok(x)
}

/// `jnp.rot90`: `k` quarter turns in the plane of `axes`, from the first towards the second.
pub fn rot90(x: &Value, k: i64, axes: (usize, usize)) -> Result<Value> {
    let rank = x.shape().len();
    if axes.0 == axes.1 {
        return Err(value_error("Axes must be different".into()));
    }
    let (a, b) = axes;
    let mut perm: Vec<usize> = (0..rank).collect();
    perm.swap(a, b);
    match k.rem_euclid(4) {
        0 => Ok(x.clone()),
        1 => lax::transpose(&lax::rev(x, vec![b])?, perm),
        2 => {
            let mut dims = [a, b];
            dims.sort_unstable();
            let once = lax::rev(x, vec![dims[0]])?;
            lax::rev(&once, vec![dims[1]])
        }
        _ => lax::rev(&lax::transpose(x, perm)?, vec![b]),
    }
}

/// `jnp.ediff1d`: differences of the flattened array, with `to_begin` / `to_end` joined on.
pub fn ediff1d(x: &Value, to_end: Option<&Value>, to_begin: Option<&Value>) -> Result<Value> {
    let flat = shape::ravel(x)?;
    let d = diff(&flat, 1, 0, None, None)?;
    let mut parts = Vec::new();
    if let Some(b) = to_begin {
        parts.push(shape::ravel(b)?);
    }
    parts.push(d);
    if let Some(e) = to_end {
        parts.push(shape::ravel(e)?);
    }
    if parts.len() == 1 {
        return Ok(parts.remove(0));
    }
    concatenate(&parts, Some(0), None)
}
