//! `jnp.pad` as JAX builds it for each mode: `constant` is one `pad` primitive; `edge`,
//! `wrap`, `reflect` and `symmetric` join slices of the array (reversed for the mirror modes)
//! onto each axis in turn with `concatenate`.

use super::{convert, shape};
use crate::dtype::TypeKey;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::indexing::concatenate;
use crate::primitives::slicing::PadDim;
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// A padding mode jaxplay supports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Constant,
    Edge,
    Wrap,
    Reflect,
    Symmetric,
}

/// `pad_width` as NumPy reads it: one int, `(n,)`, `(before, after)`, `((before, after),)` or
/// one pair per axis; `widths` is the flattened ints and `nested` whether they came as pairs.
pub fn pairs(widths: &[i64], nested: bool, rank: usize) -> Result<Vec<(usize, usize)>> {
    let pairs: Vec<(i64, i64)> = match (widths.len(), nested) {
        (1, _) => vec![(widths[0], widths[0]); rank],
        (2, _) => vec![(widths[0], widths[1]); rank],
        (n, true) if n == 2 * rank => widths.chunks(2).map(|c| (c[0], c[1])).collect(),
        (n, _) => {
            let shape = if nested {
                format!("({}, 2)", n / 2)
            } else {
                format!("({n},)")
            };
            return Err(value_error(format!(
                "jnp.pad: pad_width with nd={rank} has unsupported shape {shape}. Valid shapes are ({rank}, 2), (1, 2), (2,), (1,), or ()."
            )));
        }
    };
    if pairs.iter().any(|&(a, b)| a < 0 || b < 0) {
        return Err(value_error("index can't contain negative values".into()));
    }
    Ok(pairs
        .into_iter()
        .map(|(a, b)| (a as usize, b as usize))
        .collect())
}

fn slice_in_dim(x: &Value, start: usize, stop: usize, axis: usize) -> Result<Value> {
    let rank = x.shape().len();
    let mut lo = vec![0; rank];
    let mut hi = x.shape().to_vec();
    lo[axis] = start;
    hi[axis] = stop;
    lax::slice(x, lo, hi, Some(vec![1; rank]))
}

/// `jnp.pad(x, widths, mode)`, `constant` filling with `fill`.
pub fn pad(x: &Value, widths: &[(usize, usize)], mode: Mode, fill: &Value) -> Result<Value> {
    if x.shape().is_empty() {
        return Ok(x.clone());
    }
    match mode {
        Mode::Constant => {
            let aval = x.aval();
            let fill = convert(
                fill,
                TypeKey {
                    dtype: aval.dtype,
                    weak: aval.weak_type,
                },
            )?;
            if !fill.shape().is_empty() {
                return Err(Error::Unsupported {
                    what: "jnp.pad with per-axis constant_values (one scalar only)",
                });
            }
            let config = widths
                .iter()
                .map(|&(lo, hi)| PadDim {
                    lo,
                    hi,
                    interior: 0,
                    numpy_lo: false,
                    numpy_hi: false,
                    numpy_interior: false,
                })
                .collect();
            lax::pad_with(x, &fill, config)
        }
        Mode::Edge => edge(x, widths),
        Mode::Wrap => wrap(x, widths),
        Mode::Reflect | Mode::Symmetric => mirror(x, widths, mode),
    }
}

fn check_empty(pad: (usize, usize), mode: &str) -> Result<()> {
    if pad.0 > 0 || pad.1 > 0 {
        return Err(value_error(format!(
            "Cannot apply '{mode}' padding to empty axis"
        )));
    }
    Ok(())
}

fn edge(x: &Value, widths: &[(usize, usize)]) -> Result<Value> {
    let mut x = x.clone();
    for (i, &(before, after)) in widths.iter().enumerate() {
        let n = x.shape()[i];
        if n == 0 {
            check_empty((before, after), "edge")?;
            continue;
        }
        let first = super::joining::repeat(&slice_in_dim(&x, 0, 1, i)?, before as i64, Some(i))?;
        let last = super::joining::repeat(&slice_in_dim(&x, n - 1, n, i)?, after as i64, Some(i))?;
        x = concatenate(&[first, x, last], i)?;
    }
    Ok(x)
}

fn wrap(x: &Value, widths: &[(usize, usize)]) -> Result<Value> {
    let mut x = x.clone();
    for (i, &(before, after)) in widths.iter().enumerate() {
        let size = x.shape()[i];
        if size == 0 {
            check_empty((before, after), "wrap")?;
            continue;
        }
        let (left_repeats, left_rem) = (before / size, before % size);
        let (right_repeats, right_rem) = (after / size, after % size);
        let mut parts = Vec::new();
        if left_rem > 0 {
            parts.push(slice_in_dim(&x, size - left_rem, size, i)?);
        }
        parts.extend(std::iter::repeat_n(
            x.clone(),
            left_repeats + right_repeats + 1,
        ));
        if right_rem > 0 {
            parts.push(slice_in_dim(&x, 0, right_rem, i)?);
        }
        x = if parts.len() == 1 {
            parts.remove(0)
        } else {
            concatenate(&parts, i)?
        };
    }
    Ok(x)
}

/// `reflect` (the edge not repeated) and `symmetric` (repeated), NumPy's `even` reflection,
/// repeated as often as the padding outgrows the array, as JAX's loop does.
fn mirror(x: &Value, widths: &[(usize, usize)], mode: Mode) -> Result<Value> {
    let name = if mode == Mode::Reflect {
        "reflect"
    } else {
        "symmetric"
    };
    let mut x = x.clone();
    for (i, &(before, after)) in widths.iter().enumerate() {
        let axis_size = x.shape()[i];
        if axis_size == 0 {
            check_empty((before, after), name)?;
            continue;
        }
        if before == 0 && after == 0 {
            continue;
        }
        let offset = usize::from(mode == Mode::Reflect && axis_size > 1);
        for (mut padding, at_start) in [(before, true), (after, false)] {
            // JAX takes the edge slice first (unused for the even reflection).
            let n = x.shape()[i];
            if at_start {
                slice_in_dim(&x, 0, 1, i)?;
            } else {
                slice_in_dim(&x, n - 1, n, i)?;
            }
            while padding > 0 {
                let curr = padding.min(axis_size - offset);
                padding -= curr;
                let n = x.shape()[i];
                let (start, stop) = if at_start {
                    (offset, offset + curr)
                } else {
                    let stop = if mode == Mode::Symmetric || axis_size == 1 {
                        n
                    } else {
                        n - 1
                    };
                    (n - (curr + offset), stop)
                };
                let part = shape::flip(&slice_in_dim(&x, start, stop, i)?, Some(vec![i]))?;
                x = if at_start {
                    concatenate(&[part, x], i)?
                } else {
                    concatenate(&[x, part], i)?
                };
            }
        }
    }
    Ok(x)
}
