//! `jax.lax`'s convolutions: `conv_general_dilated` and the wrappers JAX builds on it
//! (`conv`, `conv_with_general_padding`, `conv_transpose`). Their sequence and nested arguments
//! (`window_strides`, `padding`, the dilations, `dimension_numbers`) are `Kind::Data`: a padding
//! string or `(low, high)` pairs, dimension numbers as `None`, three spec strings such as
//! `('NHWC', 'HWIO', 'NHWC')`, or a `ConvDimensionNumbers` as three tuples of axes.

use super::args::{describe, Arg, Args, Output};
use super::common::*;
use super::lax::int_rows;
use super::signature::{Default as D, Kind as K, Param};
use super::{Function, Namespace};
use crate::error::{Error, Result};
use crate::primitives::conv::{
    conv_general_dilated, conv_transpose, ConvArgs, ConvDims, DimensionNumbers, Padding,
    TransposeArgs,
};

const LHS: Param = p("lhs", K::Array, D::Required);
const RHS: Param = p("rhs", K::Array, D::Required);
const STRIDES: Param = p("window_strides", K::Data, D::Required);
const PADDING: Param = p("padding", K::Data, D::Required);
const PRECISION: Param = p("precision", K::Unsupported, D::None);
const PREFERRED: Param = p("preferred_element_type", K::Dtype, D::None);

fn type_error(message: String) -> Error {
    Error::Signature { message }
}

/// A sequence of ints (`window_strides`, a dilation), from a tuple or an int array.
fn int_list(a: &Args, name: &str) -> Result<Vec<i64>> {
    let arg = a.get(name)?;
    let bad = || {
        type_error(format!(
            "{}: argument `{name}` must be a sequence of ints, got {}",
            a.qualified(),
            describe(arg)
        ))
    };
    let row = Arg::Seq(vec![arg.clone()]);
    match arg {
        Arg::Seq(_) | Arg::Array(_) => int_rows(&row, name)
            .ok()
            .and_then(|mut rows| rows.pop())
            .ok_or_else(bad),
        _ => Err(bad()),
    }
}

fn opt_int_list(a: &Args, name: &str) -> Result<Option<Vec<i64>>> {
    if a.is_none(name)? {
        Ok(None)
    } else {
        int_list(a, name).map(Some)
    }
}

/// `padding`: a string, or `(low, high)` pairs, refused in JAX's words otherwise.
fn padding(a: &Args) -> Result<Padding> {
    let arg = a.get("padding")?;
    if let Arg::Str(s) = arg {
        return Ok(Padding::Named(s.clone()));
    }
    let pairs = int_rows(arg, "padding").ok().and_then(|rows| {
        rows.iter()
            .map(|r| match r.as_slice() {
                &[lo, hi] => Some((lo, hi)),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
    });
    pairs.map(Padding::Pairs).ok_or_else(|| Error::Value {
        message: format!(
            "padding argument to conv_general_dilated should be a string or a sequence of \
             (low, high) pairs, got {}",
            describe(arg)
        ),
    })
}

/// `dimension_numbers`: `None`, three spec strings, or three tuples of axes standing for a
/// `ConvDimensionNumbers`.
fn dimension_numbers(a: &Args) -> Result<DimensionNumbers> {
    let arg = a.get("dimension_numbers")?;
    let items = match arg {
        Arg::None => return Ok(DimensionNumbers::Default),
        Arg::Seq(items) => items,
        other => {
            return Err(type_error(format!(
                "convolution dimension_numbers must be tuple/list or None, got {}.",
                other.python_type()
            )))
        }
    };
    if let Some(specs) = items
        .iter()
        .map(|i| match i {
            Arg::Str(s) => Some(s.clone()),
            _ => None,
        })
        .collect::<Option<Vec<String>>>()
    {
        return match <[String; 3]>::try_from(specs) {
            Ok(three) => Ok(DimensionNumbers::Strings(three)),
            Err(v) => Err(length_error(v.len())),
        };
    }
    if items.len() != 3 {
        return Err(length_error(items.len()));
    }
    let rows = int_rows(arg, "dimension_numbers").ok().and_then(|rows| {
        rows.into_iter()
            .map(|r| r.into_iter().map(|d| usize::try_from(d).ok()).collect())
            .collect::<Option<Vec<Vec<usize>>>>()
    });
    match rows.as_deref() {
        Some([lhs, rhs, out]) => Ok(DimensionNumbers::Specs(ConvDims {
            lhs_spec: lhs.clone(),
            rhs_spec: rhs.clone(),
            out_spec: out.clone(),
        })),
        _ => {
            let classes: Vec<&str> = items.iter().map(Arg::python_type).collect();
            Err(type_error(format!(
                "convolution dimension_numbers elements must be strings, got ({}).",
                classes.join(", ")
            )))
        }
    }
}

fn length_error(n: usize) -> Error {
    type_error(format!(
        "convolution dimension_numbers list/tuple must be length 3, got {n}."
    ))
}

fn conv_args(a: &Args) -> Result<ConvArgs> {
    let has = |name: &str| a.get(name).is_ok();
    let mut args = ConvArgs::new(int_list(a, "window_strides")?, padding(a)?);
    args.preferred_element_type = a.dtype("preferred_element_type")?;
    if has("lhs_dilation") {
        args.lhs_dilation = opt_int_list(a, "lhs_dilation")?;
        args.rhs_dilation = opt_int_list(a, "rhs_dilation")?;
    }
    if has("dimension_numbers") {
        args.dimension_numbers = dimension_numbers(a)?;
        args.feature_group_count = a.int("feature_group_count")?;
        args.batch_group_count = a.int("batch_group_count")?;
    }
    Ok(args)
}

fn conv(a: &Args) -> Result<Output> {
    let args = conv_args(a)?;
    out(conv_general_dilated(
        &a.array("lhs")?,
        &a.array("rhs")?,
        args,
    ))
}

macro_rules! f {
    ($($t:tt)*) => { api_fn!(Namespace::Lax, $($t)*) };
}

pub static FUNCTIONS: &[Function] = &[
    f!(
        "conv_general_dilated",
        &[
            LHS,
            RHS,
            STRIDES,
            PADDING,
            p("lhs_dilation", K::Data, D::None),
            p("rhs_dilation", K::Data, D::None),
            p("dimension_numbers", K::Data, D::None),
            p("feature_group_count", K::Int, D::Int(1)),
            p("batch_group_count", K::Int, D::Int(1)),
            PRECISION,
            PREFERRED,
            p("out_sharding", K::Unsupported, D::None)
        ],
        "General N-d convolution with strides, padding, lhs/rhs dilation, dimension numbers and feature or batch groups.",
        "`dimension_numbers` may also be a `ConvDimensionNumbers` as plain data, three tuples of axes `(lhs_spec, rhs_spec, out_spec)` (lists in JS). Kernel taps on padding are skipped, so a NaN or infinite kernel value there never meets the padding's zero (XLA's CPU kernels multiply it for kernels of 3 or more taps, giving NaN).",
        conv
    ),
    f!(
        "conv",
        &[LHS, RHS, STRIDES, PADDING, PRECISION, PREFERRED],
        "Convolution in (batch, feature, spatial...) layout with strides and a padding mode.",
        conv
    ),
    f!(
        "conv_with_general_padding",
        &[
            LHS,
            RHS,
            STRIDES,
            PADDING,
            p("lhs_dilation", K::Data, D::Required),
            p("rhs_dilation", K::Data, D::Required),
            PRECISION,
            PREFERRED
        ],
        "Convolution with strides, padding and lhs/rhs dilation.",
        conv
    ),
    f!(
        "conv_transpose",
        &[
            LHS,
            RHS,
            p("strides", K::Data, D::Required),
            PADDING,
            p("rhs_dilation", K::Data, D::None),
            p("dimension_numbers", K::Data, D::None),
            p("transpose_kernel", K::Bool, D::Bool(false)),
            PRECISION,
            PREFERRED,
            p("use_consistent_padding", K::Bool, D::Bool(false))
        ],
        "Transposed (fractionally strided) convolution, in TensorFlow's layouts by default.",
        |a| {
            let args = TransposeArgs {
                strides: int_list(a, "strides")?,
                padding: padding(a)?,
                rhs_dilation: opt_int_list(a, "rhs_dilation")?,
                dimension_numbers: dimension_numbers(a)?,
                transpose_kernel: a.bool("transpose_kernel")?,
                preferred_element_type: a.dtype("preferred_element_type")?,
                use_consistent_padding: a.bool("use_consistent_padding")?,
            };
            out(conv_transpose(&a.array("lhs")?, &a.array("rhs")?, args))
        }
    ),
];
