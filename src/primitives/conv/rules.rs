//! The transformation rules of `conv_general_dilated`, each JAX 0.10.2's: the bilinear JVP,
//! `_conv_general_dilated_transpose_lhs` / `_rhs` (a convolution of the cotangent with the
//! other operand under swapped dimension numbers, strides and lhs dilation trading places, and
//! paddings from `_conv_general_vjp_lhs_padding` / `_rhs_padding`), and
//! `_conv_general_dilated_batch_rule`, which folds the mapped axis into the batch or feature
//! dimensions (and the group counts) rather than looping.

use super::{bind_conv, dilate_dim, ConvDims, ConvParams};
use crate::array::ShapedArray;
use crate::error::Result;
use crate::lax;
use crate::primitives::{BatchOut, JvpOut};
use crate::trace::Value;

pub(super) fn jvp(p: &ConvParams, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
    let conv = |a: &Value, b: &Value| bind_conv(a, b, p.clone());
    let out = conv(&primals[0], &primals[1])?;
    let left = tangents[0]
        .as_ref()
        .map(|t| conv(t, &primals[1]))
        .transpose()?;
    let right = tangents[1]
        .as_ref()
        .map(|t| conv(&primals[0], t))
        .transpose()?;
    Ok((vec![out], vec![lax::add_tangents(left, right)?]))
}

/// `(spec[1], spec[0], spec[2:]...)`.
fn swap_spec(spec: &[usize]) -> Vec<usize> {
    let mut s = spec.to_vec();
    s.swap(0, 1);
    s
}

/// Sizes of `shape` at `axes`, signed for the padding arithmetic.
fn take(shape: &[usize], axes: &[usize]) -> Vec<i64> {
    axes.iter().map(|&a| shape[a] as i64).collect()
}

fn dilate(shape: &[i64], dilation: &[i64]) -> Vec<i64> {
    shape
        .iter()
        .zip(dilation)
        .map(|(&d, &r)| dilate_dim(d, r))
        .collect()
}

/// JAX's `_conv_general_vjp_lhs_padding`.
fn vjp_lhs_padding(
    p: &ConvParams,
    in_shape: &[i64],
    window: &[i64],
    out_shape: &[i64],
) -> Vec<(i64, i64)> {
    let lhs = dilate(in_shape, &p.lhs_dilation);
    let rhs = dilate(window, &p.rhs_dilation);
    let out = dilate(out_shape, &p.window_strides);
    (0..lhs.len())
        .map(|i| {
            let before = rhs[i] - p.padding[i].0 - 1;
            (before, lhs[i] + rhs[i] - 1 - out[i] - before)
        })
        .collect()
}

/// JAX's `_conv_general_vjp_rhs_padding`.
fn vjp_rhs_padding(
    p: &ConvParams,
    in_shape: &[i64],
    window: &[i64],
    out_shape: &[i64],
) -> Vec<(i64, i64)> {
    let lhs = dilate(in_shape, &p.lhs_dilation);
    let rhs = dilate(window, &p.rhs_dilation);
    let out = dilate(out_shape, &p.window_strides);
    (0..lhs.len())
        .map(|i| {
            let lo = p.padding[i].0;
            (lo, (out[i] - lhs[i]) + (rhs[i] - lo - 1))
        })
        .collect()
}

/// JAX's `_reshape_axis_into`: axis `src` merged into axis `dst` (numbered without `src`),
/// as its major part.
fn reshape_axis_into(src: usize, dst: usize, x: &Value) -> Result<Value> {
    let shape = x.aval().shape;
    let mut perm: Vec<usize> = (0..shape.len()).filter(|&i| i != src).collect();
    perm.insert(dst, src);
    let mut new_shape: Vec<usize> = perm.iter().map(|&i| shape[i]).collect();
    new_shape.remove(dst);
    new_shape[dst] *= shape[src];
    lax::reshape_dims(x, &new_shape, Some(perm))
}

/// JAX's `_reshape_axis_out_of`: axis `src` split into (`size1`, the rest).
fn reshape_axis_out_of(src: usize, size1: usize, x: &Value) -> Result<Value> {
    let mut shape = x.aval().shape;
    let rest = shape[src] / size1.max(1);
    shape.splice(src..=src, [size1, rest]);
    lax::reshape(x, &shape)
}

fn convert_to(x: Value, dtype: crate::dtype::DType) -> Result<Value> {
    if x.aval().dtype == dtype {
        Ok(x)
    } else {
        lax::convert(&x, dtype, false)
    }
}

/// JAX's `_conv_general_dilated_transpose_lhs`: the cotangent convolved with the spatially
/// reversed kernel, under the kernel's transposed spec; strides become lhs dilation.
pub(super) fn transpose_lhs(
    p: &ConvParams,
    g: &Value,
    lhs: &ShapedArray,
    rhs: &Value,
) -> Result<Value> {
    let d = &p.dimension_numbers;
    let rhs_shape = rhs.aval().shape;
    let (lhs_sdims, rhs_sdims, out_sdims) = (&d.lhs_spec[2..], &d.rhs_spec[2..], &d.out_spec[2..]);
    let mut feature_group_count = p.feature_group_count;
    let mut kernel = rhs.clone();
    if p.feature_group_count > 1 || p.batch_group_count > 1 {
        // The group axis moves from the kernel's output features to its input features.
        let groups = p.feature_group_count.max(p.batch_group_count);
        kernel = reshape_axis_out_of(d.rhs_spec[0], groups as usize, &kernel)?;
        kernel = reshape_axis_into(d.rhs_spec[0], d.rhs_spec[1], &kernel)?;
        feature_group_count = groups;
    }
    let padding = vjp_lhs_padding(
        p,
        &take(&lhs.shape, lhs_sdims),
        &take(&rhs_shape, rhs_sdims),
        &take(&g.aval().shape, out_sdims),
    );
    let reversed = convert_to(lax::rev(&kernel, rhs_sdims.to_vec())?, g.aval().dtype)?;
    let params = ConvParams {
        window_strides: p.lhs_dilation.clone(),
        padding,
        lhs_dilation: p.window_strides.clone(),
        rhs_dilation: p.rhs_dilation.clone(),
        dimension_numbers: ConvDims {
            lhs_spec: d.out_spec.clone(),
            rhs_spec: swap_spec(&d.rhs_spec),
            out_spec: d.lhs_spec.clone(),
        },
        feature_group_count,
        batch_group_count: 1,
        preferred_element_type: p.preferred_element_type,
    };
    let mut out = convert_to(bind_conv(g, &reversed, params)?, lhs.dtype)?;
    if p.batch_group_count > 1 {
        out = reshape_axis_out_of(d.lhs_spec[1], p.batch_group_count as usize, &out)?;
        out = reshape_axis_into(d.lhs_spec[1], d.lhs_spec[0], &out)?;
    }
    Ok(out)
}

/// JAX's `_conv_general_dilated_transpose_rhs`: the lhs convolved with the cotangent, under
/// every spec transposed; feature groups become batch groups and back. `None` (a zero) for an
/// empty cotangent.
pub(super) fn transpose_rhs(
    p: &ConvParams,
    g: &Value,
    lhs: &Value,
    rhs: &ShapedArray,
) -> Result<Option<Value>> {
    if g.aval().size() == 0 {
        return Ok(None);
    }
    let d = &p.dimension_numbers;
    let (lhs_sdims, rhs_sdims, out_sdims) = (&d.lhs_spec[2..], &d.rhs_spec[2..], &d.out_spec[2..]);
    let (feature_group_count, batch_group_count) = if p.batch_group_count > 1 {
        (p.batch_group_count, 1)
    } else {
        (1, p.feature_group_count)
    };
    let padding = vjp_rhs_padding(
        p,
        &take(&lhs.aval().shape, lhs_sdims),
        &take(&rhs.shape, rhs_sdims),
        &take(&g.aval().shape, out_sdims),
    );
    let lhs = convert_to(lhs.clone(), g.aval().dtype)?;
    let params = ConvParams {
        window_strides: p.rhs_dilation.clone(),
        padding,
        lhs_dilation: p.lhs_dilation.clone(),
        rhs_dilation: p.window_strides.clone(),
        dimension_numbers: ConvDims {
            lhs_spec: swap_spec(&d.lhs_spec),
            rhs_spec: swap_spec(&d.out_spec),
            out_spec: swap_spec(&d.rhs_spec),
        },
        feature_group_count,
        batch_group_count,
        preferred_element_type: p.preferred_element_type,
    };
    Ok(Some(convert_to(bind_conv(&lhs, g, params)?, rhs.dtype)?))
}

/// JAX's `_conv_general_dilated_batch_rule`.
pub(super) fn batch(
    p: &ConvParams,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let (lhs, rhs) = (&args[0], &args[1]);
    let d = &p.dimension_numbers;
    let (fgc, bgc) = (p.feature_group_count, p.batch_group_count);
    let with_groups = |feature_group_count, batch_group_count| ConvParams {
        feature_group_count,
        batch_group_count,
        ..p.clone()
    };
    let b = axis_size;
    if b == 0 && dims.iter().any(Option::is_some) {
        // Folding a size-0 axis into another loses the other's size: zeros of the right shape.
        let unbatched = |v: &Value, dim: Option<usize>| {
            let mut aval = v.aval();
            if let Some(dim) = dim {
                aval.shape.remove(dim);
            }
            aval
        };
        let probe = super::ConvGeneralDilated(p.clone());
        let mut aval = crate::primitives::Primitive::abstract_eval(
            &probe,
            &[unbatched(lhs, dims[0]), unbatched(rhs, dims[1])],
        )?
        .remove(0);
        aval.shape.insert(0, 0);
        return Ok((vec![lax::zeros(&aval)?], vec![Some(0)]));
    }
    match (dims[0], dims[1]) {
        (None, None) => Ok((vec![bind_conv(lhs, rhs, p.clone())?], vec![None])),
        (Some(lb), Some(rb)) => {
            let (new_lhs, params) = if bgc > 1 {
                (
                    reshape_axis_into(lb, d.lhs_spec[0], lhs)?,
                    with_groups(fgc, bgc * b as i64),
                )
            } else {
                (
                    reshape_axis_into(lb, d.lhs_spec[1], lhs)?,
                    with_groups(fgc * b as i64, bgc),
                )
            };
            let new_rhs = reshape_axis_into(rb, d.rhs_spec[0], rhs)?;
            let out = bind_conv(&new_lhs, &new_rhs, params)?;
            let out = reshape_axis_out_of(d.out_spec[1], b, &out)?;
            Ok((vec![out], vec![Some(d.out_spec[1])]))
        }
        (Some(lb), None) => {
            let new_lhs = if bgc == 1 {
                reshape_axis_into(lb, d.lhs_spec[0], lhs)?
            } else {
                let spec0 = d.lhs_spec[0];
                let x = reshape_axis_out_of(spec0 + usize::from(lb <= spec0), bgc as usize, lhs)?;
                let x = reshape_axis_into(lb + usize::from(spec0 < lb), spec0 + 1, &x)?;
                reshape_axis_into(spec0, spec0, &x)?
            };
            let out = bind_conv(&new_lhs, rhs, p.clone())?;
            let out = reshape_axis_out_of(d.out_spec[0], b, &out)?;
            Ok((vec![out], vec![Some(d.out_spec[0])]))
        }
        (None, Some(rb)) => {
            let o = d.out_spec[1];
            if fgc == 1 && bgc == 1 {
                let new_rhs = reshape_axis_into(rb, d.rhs_spec[0], rhs)?;
                let out = bind_conv(lhs, &new_rhs, p.clone())?;
                let out = reshape_axis_out_of(o, b, &out)?;
                return Ok((vec![out], vec![Some(o)]));
            }
            // Groups stay outermost in the kernel's output features: factored out, the batch
            // folded into what remains, groups put back; the output is unfolded alike.
            let groups = fgc.max(bgc) as usize;
            let spec0 = d.rhs_spec[0];
            let w = reshape_axis_out_of(spec0 + usize::from(rb <= spec0), groups, rhs)?;
            let w = reshape_axis_into(rb + usize::from(spec0 < rb), spec0 + 1, &w)?;
            let w = reshape_axis_into(spec0, spec0, &w)?;
            let out = bind_conv(lhs, &w, p.clone())?;
            let out = reshape_axis_out_of(o, groups, &out)?;
            let out = reshape_axis_out_of(o + 1, b, &out)?;
            let out = reshape_axis_into(o, o + 1, &out)?;
            Ok((vec![out], vec![Some(o)]))
        }
    }
}
