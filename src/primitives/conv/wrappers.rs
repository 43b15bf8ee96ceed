//! What JAX's `lax.conv_general_dilated` does before it binds the primitive (dimension numbers
//! from `None` or strings such as `('NHWC', 'HWIO', 'NHWC')`, a padding string resolved against
//! the shapes, default dilations), and `lax.conv_transpose` on top of it, each with JAX's
//! checks and words.

use super::{bind_conv, dilate_dim, type_error, value_error, ConvDims, ConvParams};
use crate::array::shape_tuple;
use crate::dtype::DType;
use crate::error::Result;
use crate::lax;
use crate::trace::Value;

/// `padding`: `'VALID'`, `'SAME'`, `'SAME_LOWER'` (any case) or `(low, high)` per spatial
/// dimension.
#[derive(Debug, Clone, PartialEq)]
pub enum Padding {
    Named(String),
    Pairs(Vec<(i64, i64)>),
}

/// `dimension_numbers`: `None`, three spec strings, or a `ConvDimensionNumbers` (as three
/// tuples of axes).
#[derive(Debug, Clone, PartialEq)]
pub enum DimensionNumbers {
    Default,
    Strings([String; 3]),
    Specs(ConvDims),
}

/// The arguments of `lax.conv_general_dilated` after the operands.
#[derive(Debug, Clone)]
pub struct ConvArgs {
    pub window_strides: Vec<i64>,
    pub padding: Padding,
    pub lhs_dilation: Option<Vec<i64>>,
    pub rhs_dilation: Option<Vec<i64>>,
    pub dimension_numbers: DimensionNumbers,
    pub feature_group_count: i64,
    pub batch_group_count: i64,
    pub preferred_element_type: Option<DType>,
}

impl ConvArgs {
    /// `window_strides` and `padding`, everything else at its default.
    pub fn new(window_strides: Vec<i64>, padding: Padding) -> ConvArgs {
        ConvArgs {
            window_strides,
            padding,
            lhs_dilation: None,
            rhs_dilation: None,
            dimension_numbers: DimensionNumbers::Default,
            feature_group_count: 1,
            batch_group_count: 1,
            preferred_element_type: None,
        }
    }
}

fn python_str_tuple(specs: &[String; 3]) -> String {
    let quoted: Vec<String> = specs.iter().map(|s| format!("'{s}'")).collect();
    format!("({})", quoted.join(", "))
}

/// JAX's `conv_general_permutations`: each spec's (batch, feature, spatial...) axes, spatial
/// axes in the order the rhs spec lists them.
fn conv_general_permutations(specs: &[String; 3]) -> Result<ConvDims> {
    let pairs = [('N', 'C'), ('O', 'I'), ('N', 'C')];
    let chars: Vec<Vec<char>> = specs.iter().map(|s| s.chars().collect()).collect();
    for (i, (a, b)) in pairs.iter().enumerate() {
        let count = |c: char| chars[i].iter().filter(|&&x| x == c).count();
        if count(*a) != 1 || count(*b) != 1 {
            return Err(type_error(format!(
                "convolution dimension_numbers[{i}] must contain the characters '{a}' and '{b}' \
                 exactly once, got {}.",
                specs[i]
            )));
        }
        let mut unique = chars[i].clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != chars[i].len() {
            return Err(type_error(format!(
                "convolution dimension_numbers[{i}] cannot have duplicate characters, got {}.",
                specs[i]
            )));
        }
    }
    let spatial = |i: usize| {
        let mut s: Vec<char> = chars[i]
            .iter()
            .copied()
            .filter(|&c| c != pairs[i].0 && c != pairs[i].1)
            .collect();
        s.sort_unstable();
        s
    };
    if spatial(0) != spatial(1) || spatial(1) != spatial(2) {
        return Err(type_error(format!(
            "convolution dimension_numbers elements must each have the same set of spatial \
             characters, got {}.",
            python_str_tuple(specs)
        )));
    }
    let position = |i: usize, c: char| chars[i].iter().position(|&x| x == c).unwrap_or(0);
    let perm = |i: usize| {
        let (a, b) = pairs[i];
        let mut spatial: Vec<usize> = (0..chars[i].len())
            .filter(|&j| chars[i][j] != a && chars[i][j] != b)
            .collect();
        if i != 1 {
            spatial.sort_by_key(|&j| position(1, chars[i][j]));
        }
        let mut p = vec![position(i, a), position(i, b)];
        p.extend(spatial);
        p
    };
    Ok(ConvDims {
        lhs_spec: perm(0),
        rhs_spec: perm(1),
        out_spec: perm(2),
    })
}

/// JAX's `lax.conv_dimension_numbers`: `ConvDimensionNumbers` from what the caller gave.
pub fn conv_dimension_numbers(
    lhs: &[usize],
    rhs: &[usize],
    dimension_numbers: &DimensionNumbers,
) -> Result<ConvDims> {
    if let DimensionNumbers::Specs(d) = dimension_numbers {
        return Ok(d.clone());
    }
    if lhs.len() != rhs.len() {
        return Err(type_error(format!(
            "convolution requires lhs and rhs ndim to be equal, got {} and {}.",
            lhs.len(),
            rhs.len()
        )));
    }
    match dimension_numbers {
        DimensionNumbers::Strings(specs) => {
            for (i, spec) in specs.iter().enumerate() {
                let len = spec.chars().count();
                if len != lhs.len() {
                    return Err(type_error(format!(
                        "convolution dimension_numbers[{i}] must have len equal to the ndim of \
                         lhs and rhs, got {len} for lhs and rhs shapes {} and {}.",
                        shape_tuple(lhs),
                        shape_tuple(rhs)
                    )));
                }
            }
            conv_general_permutations(specs)
        }
        _ => Ok(ConvDims::iota(lhs.len())),
    }
}

/// JAX's `lax.padtype_to_pads`: the (low, high) padding a padding string means for these
/// spatial sizes, window sizes and strides.
pub fn padtype_to_pads(
    in_shape: &[i64],
    window: &[i64],
    strides: &[i64],
    padding: &str,
) -> Result<Vec<(i64, i64)>> {
    let lower = match padding.to_ascii_uppercase().as_str() {
        "VALID" => return Ok(vec![(0, 0); in_shape.len()]),
        "SAME" => false,
        "SAME_LOWER" => true,
        _ => {
            return Err(value_error(format!(
                "Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got \
                 {padding}."
            )))
        }
    };
    Ok(in_shape
        .iter()
        .zip(window)
        .zip(strides)
        .map(|((&n, &w), &s)| {
            // A stride below 1 is refused by the shape rule; here it only must not divide.
            let s = s.max(1);
            let out = (n + s - 1).div_euclid(s);
            let pad = ((out - 1) * s + w - n).max(0);
            if lower {
                (pad - pad / 2, pad / 2)
            } else {
                (pad / 2, pad - pad / 2)
            }
        })
        .collect())
}

fn take(shape: &[usize], axes: &[usize]) -> Vec<i64> {
    axes.iter()
        .map(|&a| shape.get(a).map_or(0, |&d| d as i64))
        .collect()
}

/// JAX's `lax.conv_general_dilated`: resolves the arguments and binds the primitive.
pub fn conv_general_dilated(lhs: &Value, rhs: &Value, args: ConvArgs) -> Result<Value> {
    let (ls, rs) = (lhs.aval().shape, rhs.aval().shape);
    let dims = conv_dimension_numbers(&ls, &rs, &args.dimension_numbers)?;
    let lhs_dilation = match args.lhs_dilation {
        None => vec![1; ls.len().saturating_sub(2)],
        Some(d) if matches!(args.padding, Padding::Named(_)) && d.iter().any(|&r| r != 1) => {
            return Err(value_error(
                "String padding is not implemented for transposed convolution using this op. \
                 Please either exactly specify the required padding or use conv_transpose."
                    .into(),
            ))
        }
        Some(d) => d,
    };
    let rhs_dilation = args
        .rhs_dilation
        .unwrap_or_else(|| vec![1; rs.len().saturating_sub(2)]);
    let padding = match args.padding {
        Padding::Pairs(pairs) => pairs,
        Padding::Named(name) => {
            let spatial = |spec: &[usize]| spec.get(2..).unwrap_or_default().to_vec();
            let window: Vec<i64> = take(&rs, &spatial(&dims.rhs_spec))
                .iter()
                .zip(&rhs_dilation)
                .map(|(&k, &r)| dilate_dim(k, r))
                .collect();
            let in_shape = take(&ls, &spatial(&dims.lhs_spec));
            padtype_to_pads(&in_shape, &window, &args.window_strides, &name)?
        }
    };
    let params = ConvParams {
        window_strides: args.window_strides,
        padding,
        lhs_dilation,
        rhs_dilation,
        dimension_numbers: dims,
        feature_group_count: args.feature_group_count,
        batch_group_count: args.batch_group_count,
        preferred_element_type: args.preferred_element_type,
    };
    bind_conv(lhs, rhs, params)
}

/// The forward convolution's padding of one dimension: a mode or a (low, high) pair.
#[derive(Clone, Copy)]
enum ForwardPad<'a> {
    Mode(&'a str),
    Pair(i64, i64),
}

/// JAX's `_conv_transpose_padding`: the padding of the transposed convolution for one
/// dimension, from the forward convolution's kernel size `k`, stride `s` and padding.
fn conv_transpose_padding(k: i64, s: i64, padding: ForwardPad) -> Result<(i64, i64)> {
    let (pad_a, pad_len) = match padding {
        ForwardPad::Mode("SAME") => {
            let pad_len = k + s - 2;
            let pad_a = if s > k - 1 {
                k - 1
            } else {
                (pad_len + 1).div_euclid(2)
            };
            (pad_a, pad_len)
        }
        ForwardPad::Mode("VALID") => (k - 1, k + s - 2 + (k - s).max(0)),
        ForwardPad::Mode(name) => return Err(value_error(format!("Invalid padding mode: {name}"))),
        ForwardPad::Pair(lo, hi) => (k - lo - 1, (k - lo - 1) + (k - hi - 1)),
    };
    Ok((pad_a, pad_len - pad_a))
}

/// `lax.conv_transpose`'s arguments after the operands.
#[derive(Debug, Clone)]
pub struct TransposeArgs {
    pub strides: Vec<i64>,
    pub padding: Padding,
    pub rhs_dilation: Option<Vec<i64>>,
    pub dimension_numbers: DimensionNumbers,
    pub transpose_kernel: bool,
    pub preferred_element_type: Option<DType>,
    pub use_consistent_padding: bool,
}

/// JAX's `lax.conv_transpose`: a convolution with the strides as lhs dilation, padded so it
/// is the forward convolution's transpose (TensorFlow's layouts by default).
pub fn conv_transpose(lhs: &Value, rhs: &Value, args: TransposeArgs) -> Result<Value> {
    let (ls, rs) = (lhs.aval().shape, rhs.aval().shape);
    if ls.len() != rs.len() || ls.len() < 2 {
        return Err(value_error(format!(
            "conv_transpose requires lhs and rhs of one rank, at least 2, got shapes {} and {}",
            shape_tuple(&ls),
            shape_tuple(&rs)
        )));
    }
    let n = ls.len();
    let dimension_numbers = match args.dimension_numbers {
        DimensionNumbers::Default => {
            if n > 5 {
                return Err(value_error(
                    "No 4+ dimensional dimension_number defaults.".into(),
                ));
            }
            let spatial = &"HWD"[..n - 2];
            DimensionNumbers::Strings([
                format!("N{spatial}C"),
                format!("{spatial}IO"),
                format!("N{spatial}C"),
            ])
        }
        other => other,
    };
    let dn = conv_dimension_numbers(&ls, &rs, &dimension_numbers)?;
    dn.check(&ls, &rs)?;
    let kernel_spatial = take(&rs, &dn.rhs_spec[2..]);
    let rhs_dilation = args.rhs_dilation.unwrap_or_else(|| vec![1; n - 2]);
    let forward = args.use_consistent_padding
        || matches!(&args.padding, Padding::Named(p) if p == "SAME" || p == "VALID");
    let padding = if forward {
        // Per dimension, as JAX's `zip` pairs them: as many as the shortest list.
        let modes: Vec<ForwardPad> = match &args.padding {
            Padding::Named(name) => vec![ForwardPad::Mode(name); args.strides.len()],
            Padding::Pairs(pairs) => pairs
                .iter()
                .map(|&(lo, hi)| ForwardPad::Pair(lo, hi))
                .collect(),
        };
        let pairs = kernel_spatial
            .iter()
            .zip(&rhs_dilation)
            .zip(&args.strides)
            .zip(modes)
            .map(|(((&k, &r), &s), mode)| conv_transpose_padding(dilate_dim(k, r), s, mode))
            .collect::<Result<Vec<_>>>()?;
        Padding::Pairs(pairs)
    } else {
        args.padding
    };
    let mut kernel = rhs.clone();
    if args.transpose_kernel {
        for &axis in &dn.rhs_spec[2..] {
            kernel = lax::rev(&kernel, vec![axis])?;
        }
        let mut perm: Vec<usize> = (0..n).collect();
        perm.swap(dn.rhs_spec[0], dn.rhs_spec[1]);
        kernel = lax::transpose(&kernel, perm)?;
    }
    let conv_args = ConvArgs {
        window_strides: vec![1; n - 2],
        padding,
        lhs_dilation: Some(args.strides),
        rhs_dilation: Some(rhs_dilation),
        dimension_numbers: DimensionNumbers::Specs(dn),
        feature_group_count: 1,
        batch_group_count: 1,
        preferred_element_type: args.preferred_element_type,
    };
    conv_general_dilated(lhs, &kernel, conv_args)
}
