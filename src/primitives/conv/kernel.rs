//! Evaluating a convolution. Both operands are first laid out in canonical order (lhs as
//! (batch, feature, spatial...), rhs as (out feature, in feature, spatial...)). For each kernel
//! tap the kernel then finds, per output position, the input element that tap reads (padding,
//! strides and both dilations folded in), or none (padding, or a hole of the lhs dilation), and
//! adds that tap's products to every output plane, the innermost loop along one contiguous
//! output row. What it keeps besides the operands is one output row and one list of row starts,
//! so a long signal past a long filter costs time, not memory. The canonical result is finally
//! laid out as `out_spec` says.

use super::ConvParams;
use crate::array::{Array, Buffer, ShapedArray};
use crate::dense::{strides, Dense};
use crate::error::{Error, Result};

/// A tap that reads padding or a hole of the lhs dilation.
const NONE: usize = usize::MAX;

/// One spatial dimension: how an output position and a kernel tap find their input element.
struct Axis {
    size: usize,
    taps: usize,
    outs: usize,
    stride: i64,
    lhs_dilation: i64,
    rhs_dilation: i64,
    pad_lo: i64,
}

impl Axis {
    /// The input index output position `o` reads through tap `k`, or `NONE`.
    fn source(&self, k: usize, o: usize) -> usize {
        let pos = o as i64 * self.stride + k as i64 * self.rhs_dilation - self.pad_lo;
        let d = self.lhs_dilation;
        if pos >= 0 && pos % d == 0 && ((pos / d) as usize) < self.size {
            (pos / d) as usize
        } else {
            NONE
        }
    }
}

/// Sizes of one convolution in canonical order.
struct Geometry {
    out_batch: usize,
    in_features: usize,
    group_in: usize,
    out_features: usize,
    feature_groups: usize,
    batch_groups: usize,
    axes: Vec<Axis>,
}

impl Geometry {
    fn new(p: &ConvParams, lhs: &[usize], rhs: &[usize], out: &[usize]) -> Geometry {
        let axes = (0..lhs.len() - 2)
            .map(|i| Axis {
                size: lhs[i + 2],
                taps: rhs[i + 2],
                outs: out[i + 2],
                stride: p.window_strides[i],
                lhs_dilation: p.lhs_dilation[i],
                rhs_dilation: p.rhs_dilation[i],
                pad_lo: p.padding[i].0,
            })
            .collect();
        Geometry {
            out_batch: out[0],
            in_features: lhs[1],
            group_in: rhs[1],
            out_features: rhs[0],
            feature_groups: p.feature_group_count as usize,
            batch_groups: p.batch_group_count as usize,
            axes,
        }
    }

    /// For the kernel tap `k` of the leading dimensions (all but the last), where each output
    /// row (a position in those dimensions) starts reading an lhs plane, or `NONE`.
    fn row_starts(&self, k: &[usize], starts: &mut [usize]) {
        let lead = &self.axes[..k.len()];
        let sizes: Vec<usize> = self.axes.iter().map(|a| a.size).collect();
        let in_steps = strides(&sizes);
        for (row, start) in starts.iter_mut().enumerate() {
            let mut rest = row;
            *start = 0;
            for (d, axis) in lead.iter().enumerate().rev() {
                let i = axis.source(k[d], rest % axis.outs);
                rest /= axis.outs;
                if i == NONE {
                    *start = NONE;
                    break;
                }
                *start += i * in_steps[d];
            }
        }
    }

    /// The canonical output: each element the fold, over its group's input features and every
    /// kernel tap, of `fma(acc, lhs element, kernel element)`.
    fn run<T: Copy + Default>(&self, lhs: &[T], rhs: &[T], fma: impl Fn(T, T, T) -> T) -> Vec<T> {
        let in_plane: usize = self.axes.iter().map(|a| a.size).product();
        let k_plane: usize = self.axes.iter().map(|a| a.taps).product();
        let out_plane: usize = self.axes.iter().map(|a| a.outs).product();
        let mut out = vec![T::default(); self.out_batch * self.out_features * out_plane];
        if out.is_empty() || k_plane == 0 || self.group_in == 0 {
            return out;
        }
        // The last spatial dimension is the contiguous inner loop; with none, one position.
        let (lead, last) = match self.axes.split_last() {
            Some((last, lead)) => (lead, Some(last)),
            None => (&self.axes[..], None),
        };
        let (last_outs, last_taps) = last.map_or((1, 1), |a| (a.outs, a.taps));
        let rows = out_plane / last_outs;
        let mut starts = vec![0; rows];
        let mut reads = vec![0; last_outs];
        let per_feature_group = self.out_features / self.feature_groups;
        let per_batch_group = self.out_features / self.batch_groups;
        for kl in 0..k_plane / last_taps {
            let mut rest = kl;
            let mut k = vec![0; lead.len()];
            for (d, axis) in lead.iter().enumerate().rev() {
                k[d] = rest % axis.taps;
                rest /= axis.taps;
            }
            self.row_starts(&k, &mut starts);
            for kk in 0..last_taps {
                if let Some(axis) = last {
                    for (o, r) in reads.iter_mut().enumerate() {
                        *r = axis.source(kk, o);
                    }
                }
                let tap = kl * last_taps + kk;
                for b in 0..self.out_batch {
                    for o in 0..self.out_features {
                        // Feature groups read their own slice of input features; batch groups
                        // their own slice of the lhs batch.
                        let (lhs_b, c0) = if self.batch_groups > 1 {
                            (o / per_batch_group * self.out_batch + b, 0)
                        } else {
                            (b, o / per_feature_group * self.group_in)
                        };
                        let plane = (b * self.out_features + o) * out_plane;
                        let dst_plane = &mut out[plane..plane + out_plane];
                        for ci in 0..self.group_in {
                            let src = (lhs_b * self.in_features + c0 + ci) * in_plane;
                            let x = &lhs[src..src + in_plane];
                            let weight = rhs[(o * self.group_in + ci) * k_plane + tap];
                            for (row, &start) in starts.iter().enumerate() {
                                if start == NONE {
                                    continue;
                                }
                                let dst = &mut dst_plane[row * last_outs..(row + 1) * last_outs];
                                for (acc, &i) in dst.iter_mut().zip(&reads) {
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
    let run = |l: &Dense<i32>, r: &Dense<i32>| -> Result<Dense<i32>> {
        let (ls, l) = canonical(l, &d.lhs_spec);
        let (rs, r) = canonical(r, &d.rhs_spec);
        let fma = |acc: i32, x: i32, w: i32| acc.wrapping_add(x.wrapping_mul(w));
        let data = Geometry::new(p, &ls, &rs, canonical_out).run(&l, &r, fma);
        laid_out(data, canonical_out, &d.out_spec, &aval.shape)
    };
    // One float and one integer kernel: uint32 has int32's wrapping bits, and bool is the
    // integer sum of 0/1 products being non-zero.
    let buffer = match (lhs.buffer(), rhs.buffer()) {
        (Buffer::F32(a), Buffer::F32(b)) => {
            let (ls, l) = canonical(a, &d.lhs_spec);
            let (rs, r) = canonical(b, &d.rhs_spec);
            let data =
                Geometry::new(p, &ls, &rs, canonical_out).run(&l, &r, |acc, x, w| acc + x * w);
            Buffer::F32(laid_out(data, canonical_out, &d.out_spec, &aval.shape)?)
        }
        (Buffer::I32(a), Buffer::I32(b)) => Buffer::I32(run(a, b)?),
        (Buffer::U32(a), Buffer::U32(b)) => {
            let bits = |x: &Dense<u32>| x.map(|v| v as i32);
            Buffer::U32(run(&bits(a), &bits(b))?.map(|v| v as u32))
        }
        (Buffer::Bool(a), Buffer::Bool(b)) => {
            let ints = |x: &Dense<bool>| x.map(i32::from);
            Buffer::Bool(run(&ints(a), &ints(b))?.map(|v| v != 0))
        }
        _ => {
            return Err(Error::InvalidArgument {
                primitive: "conv_general_dilated",
                message: format!("evaluation of dtype {} is not supported yet", aval.dtype),
            })
        }
    };
    Ok(Array::from_buffer(buffer).with_weak_type(aval.weak_type))
}
