//! Evaluating a convolution. Both operands are first laid out in canonical order (lhs as
//! (batch, feature, spatial...), rhs as (out feature, in feature, spatial...)); for each spatial
//! dimension a table maps (kernel tap, output position) to the input element it reads, with
//! padding, strides and both dilations folded in (or to nothing: a hole or the padding). The
//! loops then run over output planes, input features and kernel taps, the innermost along one
//! contiguous output row, and the canonical result is finally laid out as `out_spec` says.

use super::ConvParams;
use crate::array::{Array, Buffer, ShapedArray};
use crate::dense::{strides, Dense};
use crate::error::{Error, Result};

/// A table entry for a tap that reads padding or a hole of the lhs dilation.
const NONE: usize = usize::MAX;

/// Sizes of one convolution in canonical order, and its per-dimension tap tables.
struct Geometry {
    out_batch: usize,
    in_features: usize,
    group_in: usize,
    out_features: usize,
    feature_groups: usize,
    batch_groups: usize,
    in_spatial: Vec<usize>,
    kernel: Vec<usize>,
    out_spatial: Vec<usize>,
    /// Per spatial dimension: `table[k * out + o]`, the input index output position `o` reads
    /// through kernel tap `k`, or `NONE`.
    tables: Vec<Vec<usize>>,
}

impl Geometry {
    fn new(p: &ConvParams, lhs: &[usize], rhs: &[usize], out: &[usize]) -> Geometry {
        let n = lhs.len() - 2;
        let mut tables = Vec::with_capacity(n);
        for i in 0..n {
            let (size, taps, outs) = (lhs[i + 2] as i64, rhs[i + 2] as i64, out[i + 2] as i64);
            let (stride, lhs_dil, rhs_dil) =
                (p.window_strides[i], p.lhs_dilation[i], p.rhs_dilation[i]);
            let dilated = super::dilate_dim(size, lhs_dil);
            let mut table = Vec::with_capacity((taps * outs) as usize);
            for k in 0..taps {
                for o in 0..outs {
                    let pos = o * stride + k * rhs_dil - p.padding[i].0;
                    let hit = pos >= 0 && pos < dilated && pos % lhs_dil == 0;
                    table.push(if hit { (pos / lhs_dil) as usize } else { NONE });
                }
            }
            tables.push(table);
        }
        Geometry {
            out_batch: out[0],
            in_features: lhs[1],
            group_in: rhs[1],
            out_features: rhs[0],
            feature_groups: p.feature_group_count as usize,
            batch_groups: p.batch_group_count as usize,
            in_spatial: lhs[2..].to_vec(),
            kernel: rhs[2..].to_vec(),
            out_spatial: out[2..].to_vec(),
            tables,
        }
    }

    /// For every tap of the kernel's leading dimensions (all but the last) and every row of
    /// the output (its leading positions), where that row's inputs start in an lhs plane, or
    /// `NONE` when some leading dimension reads padding.
    fn row_starts(&self) -> Vec<usize> {
        let n = self.out_spatial.len();
        let lead = n.saturating_sub(1);
        let in_steps = strides(&self.in_spatial);
        let taps = multi_indices(&self.kernel[..lead]);
        let rows = multi_indices(&self.out_spatial[..lead]);
        let mut starts = Vec::with_capacity(taps.len() * rows.len());
        for k in &taps {
            for o in &rows {
                let mut start = 0;
                for d in 0..lead {
                    let i = self.tables[d][k[d] * self.out_spatial[d] + o[d]];
                    if i == NONE {
                        start = NONE;
                        break;
                    }
                    start += i * in_steps[d];
                }
                starts.push(start);
            }
        }
        starts
    }

    /// The canonical output: `out[b, o, ...] = fold over the group's input features and the
    /// kernel taps of fma(acc, lhs, rhs)`.
    fn run<T: Copy + Default>(&self, lhs: &[T], rhs: &[T], fma: impl Fn(T, T, T) -> T) -> Vec<T> {
        let in_plane: usize = self.in_spatial.iter().product();
        let k_plane: usize = self.kernel.iter().product();
        let out_plane: usize = self.out_spatial.iter().product();
        let mut out = vec![T::default(); self.out_batch * self.out_features * out_plane];
        if out.is_empty() || k_plane == 0 || self.group_in == 0 {
            return out;
        }
        let n = self.out_spatial.len();
        // The last spatial dimension is the contiguous inner loop; with none, one position.
        let (last_out, last_taps, identity) = match n {
            0 => (1, 1, vec![0]),
            _ => (self.out_spatial[n - 1], self.kernel[n - 1], Vec::new()),
        };
        let last_table = if n == 0 {
            &identity
        } else {
            &self.tables[n - 1]
        };
        let starts = self.row_starts();
        let rows = out_plane / last_out.max(1);
        let lead_taps = k_plane / last_taps;
        let per_feature_group = self.out_features / self.feature_groups;
        let per_batch_group = self.out_features / self.batch_groups;
        for b in 0..self.out_batch {
            for o in 0..self.out_features {
                // Feature groups read their own slice of input features; batch groups their own
                // slice of the lhs batch.
                let (lhs_b, c0) = if self.batch_groups > 1 {
                    (o / per_batch_group * self.out_batch + b, 0)
                } else {
                    (b, o / per_feature_group * self.group_in)
                };
                let plane = (b * self.out_features + o) * out_plane;
                let out_plane_data = &mut out[plane..plane + out_plane];
                for ci in 0..self.group_in {
                    let src = (lhs_b * self.in_features + c0 + ci) * in_plane;
                    let x = &lhs[src..src + in_plane];
                    let w = &rhs[(o * self.group_in + ci) * k_plane..][..k_plane];
                    for kl in 0..lead_taps {
                        for kk in 0..last_taps {
                            let weight = w[kl * last_taps + kk];
                            let taps = &last_table[kk * last_out..(kk + 1) * last_out];
                            for row in 0..rows {
                                let start = starts[kl * rows + row];
                                if start == NONE {
                                    continue;
                                }
                                let dst = &mut out_plane_data[row * last_out..(row + 1) * last_out];
                                for (acc, &i) in dst.iter_mut().zip(taps) {
                                    if i != NONE {
                                        *acc = fma(*acc, x[start + i], weight);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// Every multi-index of `shape` in row-major order (one, empty, for no dimensions).
fn multi_indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for &d in shape {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (0..d).map(move |i| {
                    let mut next = prefix.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    all
}

/// The operand's elements read in `perm` order of its dimensions, and that shape.
fn canonical<T: Copy>(a: &Dense<T>, perm: &[usize]) -> (Vec<usize>, Vec<T>) {
    let own = strides(a.shape());
    let shape: Vec<usize> = perm.iter().map(|&p| a.shape()[p]).collect();
    let steps: Vec<usize> = perm.iter().map(|&p| own[p]).collect();
    let data = a.gather(&shape, &steps).data().to_vec();
    (shape, data)
}

/// The canonical result laid out as `out_spec`: output axis `out_spec[i]` is canonical axis `i`.
fn laid_out<T: Copy + Default>(
    data: Vec<T>,
    canonical_shape: &[usize],
    out_spec: &[usize],
    out_shape: &[usize],
) -> Result<Dense<T>> {
    let dense = Dense::from_shape_vec(canonical_shape, data)
        .ok_or_else(|| Error::internal("conv_general_dilated output size"))?;
    let own = strides(canonical_shape);
    let mut steps = vec![0; out_shape.len()];
    for (i, &axis) in out_spec.iter().enumerate() {
        steps[axis] = own[i];
    }
    Ok(dense.gather(out_shape, &steps))
}

fn as_dtype(a: &Array, aval: &ShapedArray) -> Result<Array> {
    if a.dtype() == aval.dtype {
        return Ok(a.clone());
    }
    Array::from_f64_values(a.shape(), aval.dtype, &a.to_f64_vec())
}

/// Evaluates the convolution `p` of `lhs` and `rhs` whose result is `aval` (canonical shape
/// `canonical_out`), accumulating in the result's dtype as XLA does with
/// `preferred_element_type`.
pub(super) fn eval(
    p: &ConvParams,
    lhs: &Array,
    rhs: &Array,
    aval: &ShapedArray,
    canonical_out: &[usize],
) -> Result<Array> {
    let d = &p.dimension_numbers;
    let (lhs, rhs) = (as_dtype(lhs, aval)?, as_dtype(rhs, aval)?);
    macro_rules! conv {
        ($variant:ident, $a:expr, $b:expr, $fma:expr) => {{
            let (ls, l) = canonical($a, &d.lhs_spec);
            let (rs, r) = canonical($b, &d.rhs_spec);
            let data = Geometry::new(p, &ls, &rs, canonical_out).run(&l, &r, $fma);
            Buffer::$variant(laid_out(data, canonical_out, &d.out_spec, &aval.shape)?)
        }};
    }
    let buffer = match (lhs.buffer(), rhs.buffer()) {
        (Buffer::F32(a), Buffer::F32(b)) => conv!(F32, a, b, |acc, x, w| acc + x * w),
        (Buffer::I32(a), Buffer::I32(b)) => conv!(I32, a, b, |acc: i32, x: i32, w| acc
            .wrapping_add(x.wrapping_mul(w))),
        (Buffer::U32(a), Buffer::U32(b)) => conv!(U32, a, b, |acc: u32, x: u32, w| acc
            .wrapping_add(x.wrapping_mul(w))),
        (Buffer::Bool(a), Buffer::Bool(b)) => conv!(Bool, a, b, |acc, x, w| acc | (x & w)),
        _ => {
            return Err(Error::InvalidArgument {
                primitive: "conv_general_dilated",
                message: format!("evaluation of dtype {} is not supported yet", aval.dtype),
            })
        }
    };
    Ok(Array::from_buffer(buffer).with_weak_type(aval.weak_type))
}
