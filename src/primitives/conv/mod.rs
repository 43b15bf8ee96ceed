//! `conv_general_dilated`: XLA's convolution with window strides, low/high padding, lhs
//! (transposed-convolution) and rhs (atrous) dilation, dimension numbers and feature or batch
//! groups, as JAX 0.10.2 has it: its params and their printed form, its shape and dtype rules
//! with JAX's error words, the bilinear JVP, JAX's two transposes and its batching rule
//! (`rules.rs`), and an evaluation kernel (`kernel.rs`). `wrappers.rs` holds what `lax` does
//! before binding it (padding strings, dimension-number strings) and the wrappers on top
//! (`lax.conv`, `lax.conv_transpose`).

mod kernel;
mod rules;
mod wrappers;

pub use wrappers::{
    conv_dimension_numbers, conv_general_dilated, conv_transpose, padtype_to_pads, ConvArgs,
    DimensionNumbers, Padding, TransposeArgs,
};

use super::elementwise::dtypes_differ;
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{Array, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// `ConvDimensionNumbers`: for each of lhs, rhs and output, the axis of (batch, feature,
/// spatial...) — for rhs (output feature, input feature, spatial...).
#[derive(Debug, Clone, PartialEq)]
pub struct ConvDims {
    pub lhs_spec: Vec<usize>,
    pub rhs_spec: Vec<usize>,
    pub out_spec: Vec<usize>,
}

impl ConvDims {
    /// Operands of one rank (at least 2) and each spec a permutation of their axes.
    pub(super) fn check(&self, lhs: &[usize], rhs: &[usize]) -> Result<()> {
        if lhs.len() != rhs.len() {
            return Err(value_error(format!(
                "conv_general_dilated lhs and rhs must have the same number of dimensions, but \
                 got {} and {}.",
                usizes(lhs),
                usizes(rhs)
            )));
        }
        let d = self;
        let rank = lhs.len();
        for (name, spec) in [
            ("lhs_spec", &d.lhs_spec),
            ("rhs_spec", &d.rhs_spec),
            ("out_spec", &d.out_spec),
        ] {
            let mut sorted = spec.clone();
            sorted.sort_unstable();
            if rank < 2 || sorted != (0..rank).collect::<Vec<_>>() {
                return Err(type_error(format!(
                    "conv_general_dilated dimension_numbers {name} must be a permutation of \
                     range({rank}) for operands of rank {rank} (at least 2: batch and feature), \
                     got {}.",
                    usizes(spec)
                )));
            }
        }
        Ok(())
    }

    /// JAX's default: every operand in (batch, feature, spatial...) order.
    pub fn iota(rank: usize) -> ConvDims {
        let iota: Vec<usize> = (0..rank).collect();
        ConvDims {
            lhs_spec: iota.clone(),
            rhs_spec: iota.clone(),
            out_spec: iota,
        }
    }
}

/// The primitive's params, as JAX binds them (after `lax.conv_general_dilated` has turned a
/// padding string into pairs and filled in default dilations). Counts and sizes stay signed
/// so the shape rule can refuse bad ones in JAX's words.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvParams {
    pub window_strides: Vec<i64>,
    pub padding: Vec<(i64, i64)>,
    pub lhs_dilation: Vec<i64>,
    pub rhs_dilation: Vec<i64>,
    pub dimension_numbers: ConvDims,
    pub feature_group_count: i64,
    pub batch_group_count: i64,
    pub preferred_element_type: Option<DType>,
}

#[derive(Debug)]
pub struct ConvGeneralDilated(pub ConvParams);

/// Binds `conv_general_dilated` with resolved params (what JAX's own rules call).
pub fn bind_conv(lhs: &Value, rhs: &Value, params: ConvParams) -> Result<Value> {
    bind1(
        Rc::new(ConvGeneralDilated(params)),
        &[lhs.clone(), rhs.clone()],
    )
}

/// Python's tuple spelling of ints: `(1,)`, `(2, 3)`.
fn ints(v: &[i64]) -> String {
    match v {
        [one] => format!("({one},)"),
        _ => {
            let parts: Vec<String> = v.iter().map(i64::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

fn usizes(v: &[usize]) -> String {
    ints(&v.iter().map(|&d| d as i64).collect::<Vec<_>>())
}

/// `((lo, hi), ...)`.
fn pairs(v: &[(i64, i64)]) -> String {
    let parts: Vec<String> = v.iter().map(|&(lo, hi)| ints(&[lo, hi])).collect();
    match parts.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", parts.join(", ")),
    }
}

fn value_error(message: String) -> Error {
    Error::Value { message }
}

fn type_error(message: String) -> Error {
    Error::Signature { message }
}

/// `core.dilate_dim`: the size of `d` elements with `dilation - 1` holes between neighbours.
fn dilate_dim(d: i64, dilation: i64) -> i64 {
    if d == 0 {
        0
    } else {
        1 + dilation * (d - 1)
    }
}

/// Bits of an element (`_validate_preferred_element_type` compares item sizes), read from the
/// dtype's short name (`i32`, `u8`); bool is a byte.
fn bits(d: DType) -> u32 {
    let name = d.short_name();
    name.trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .unwrap_or(8)
}

/// The output geometry of a convolution, in the canonical (batch, feature, spatial...) order.
struct Shape {
    /// Output (batch, feature, spatial...) in canonical order.
    canonical: Vec<usize>,
    /// The output's shape in its own layout (`out_spec`).
    out: Vec<usize>,
}

impl ConvParams {
    pub fn spatial_rank(&self) -> usize {
        self.dimension_numbers.rhs_spec.len().saturating_sub(2)
    }

    /// JAX's `_conv_general_dilated_shape_rule`, its checks in its order and words.
    fn shape(&self, lhs: &[usize], rhs: &[usize]) -> Result<Shape> {
        self.dimension_numbers.check(lhs, rhs)?;
        let d = &self.dimension_numbers;
        let (fgc, bgc) = (self.feature_group_count, self.batch_group_count);
        if fgc <= 0 {
            return Err(value_error(format!(
                "conv_general_dilated feature_group_count must be a positive integer, got {fgc}."
            )));
        }
        let lhs_features = lhs[d.lhs_spec[1]] as i64;
        if lhs_features % fgc != 0 {
            return Err(value_error(format!(
                "conv_general_dilated feature_group_count must divide lhs feature dimension \
                 size, but {fgc} does not divide {lhs_features}."
            )));
        }
        let rhs_in = rhs[d.rhs_spec[1]] as i64;
        if lhs_features / fgc != rhs_in {
            return Err(value_error(format!(
                "conv_general_dilated lhs feature dimension size divided by feature_group_count \
                 must equal the rhs input feature dimension size, but {lhs_features} // {fgc} != \
                 {rhs_in}."
            )));
        }
        let rhs_out = rhs[d.rhs_spec[0]] as i64;
        if rhs_out % fgc != 0 {
            return Err(value_error(format!(
                "conv_general_dilated rhs output feature dimension size must be a multiple of \
                 feature_group_count, but {rhs_out} is not a multiple of {fgc}."
            )));
        }
        if bgc <= 0 {
            return Err(value_error(format!(
                "conv_general_dilated batch_group_count must be a positive integer, got {bgc}."
            )));
        }
        let lhs_batch = lhs[d.lhs_spec[0]] as i64;
        if bgc > 1 && lhs_batch % bgc != 0 {
            return Err(value_error(format!(
                "conv_general_dilated batch_group_count must divide lhs batch dimension size, \
                 but {bgc} does not divide {lhs_batch}."
            )));
        }
        if rhs_out % bgc != 0 {
            return Err(value_error(format!(
                "conv_general_dilated rhs output feature dimension size must be a multiple of \
                 batch_group_count, but {rhs_out} is not a multiple of {bgc}."
            )));
        }
        if bgc > 1 && fgc > 1 {
            return Err(value_error(format!(
                "At most one of batch_group_count and feature_group_count may be > 1, got \
                 batch_group_count={bgc} and feature_group_count={fgc}"
            )));
        }
        let n = self.spatial_rank();
        if n != self.window_strides.len() {
            return Err(value_error(format!(
                "conv_general_dilated window and window_strides must have the same number of \
                 dimensions, but got {n} and {}",
                self.window_strides.len()
            )));
        }
        for (name, dilation) in [
            ("lhs_dilation", &self.lhs_dilation),
            ("rhs_dilation", &self.rhs_dilation),
        ] {
            if dilation.iter().any(|&r| r <= 0) {
                return Err(type_error(format!(
                    "All dilations must be positive, got {}.",
                    ints(dilation)
                )));
            }
            if dilation.len() != n {
                return Err(type_error(format!(
                    "conv_general_dilated {name} must have one entry per spatial dimension \
                     ({n}), got {}.",
                    ints(dilation)
                )));
            }
        }
        if self.window_strides.iter().any(|&s| s <= 0) {
            return Err(value_error(format!(
                "conv_general_dilated window_strides must be positive, got {}.",
                ints(&self.window_strides)
            )));
        }
        if self.padding.len() != n {
            return Err(type_error(format!(
                "Wrong number of explicit pads for convolution: expected {n}, got {}.",
                self.padding.len()
            )));
        }
        let lhs_spatial: Vec<i64> = (0..n)
            .map(|i| dilate_dim(lhs[d.lhs_spec[i + 2]] as i64, self.lhs_dilation[i]))
            .collect();
        let padded: Vec<i64> = (0..n)
            .map(|i| lhs_spatial[i] + self.padding[i].0 + self.padding[i].1)
            .collect();
        if padded.iter().any(|&p| p < 0) {
            return Err(value_error(format!(
                "Negative padding is larger than the size of the corresponding dimension: got \
                 padding={} for lhs_shape[2:]={}",
                pairs(&self.padding),
                ints(&lhs_spatial)
            )));
        }
        let mut canonical = vec![
            if bgc > 1 {
                (lhs_batch / bgc) as usize
            } else {
                lhs_batch as usize
            },
            rhs_out as usize,
        ];
        for i in 0..n {
            let window = dilate_dim(rhs[d.rhs_spec[i + 2]] as i64, self.rhs_dilation[i]);
            let size = (padded[i] - window).div_euclid(self.window_strides[i]) + 1;
            canonical.push(size.max(0) as usize);
        }
        let mut out = vec![0; canonical.len()];
        for (i, &axis) in d.out_spec.iter().enumerate() {
            out[axis] = canonical[i];
        }
        crate::array::checked_size("conv_general_dilated", &out)?;
        Ok(Shape { canonical, out })
    }

    /// JAX's `_conv_general_dilated_dtype_rule`: operands of one dtype (any but keys), and a
    /// `preferred_element_type` no narrower and of a compatible kind.
    fn dtype(&self, lhs: DType, rhs: DType) -> Result<DType> {
        for (i, d) in [lhs, rhs].into_iter().enumerate() {
            if d.is_key() {
                return Err(type_error(format!(
                    "conv_general_dilated does not accept dtype {d} at position {i}. Accepted \
                     dtypes at position {i} are subtypes of integer, bool, floating, \
                     complexfloating."
                )));
            }
        }
        if lhs != rhs {
            // JAX's `TypeError`.
            let message = dtypes_differ("conv_general_dilated", &[lhs, rhs]).to_string();
            return Err(type_error(message));
        }
        let Some(p) = self.preferred_element_type else {
            return Ok(lhs);
        };
        let int_to_float = lhs.is_integer() && p.is_float();
        if !int_to_float {
            if (lhs.is_integer() && !p.is_integer()) || (lhs.is_float() && !p.is_float()) {
                return Err(type_error(
                    "Input type is incompatible with `preferred_element_type`. The compatible \
                     combinations of (input_type, preferred_element_type) are (integral, \
                     integral), (integral, floating), (floating, floating), (complex, complex."
                        .into(),
                ));
            }
            if lhs == DType::Int32 && p.short_name().starts_with('u') {
                return Err(type_error(
                    "`preferred_element_type` must have the same signedness as the original \
                     type."
                        .into(),
                ));
            }
        }
        if bits(p) < bits(lhs) {
            return Err(type_error(
                "`preferred_element_type` must not be narrower than the original type.".into(),
            ));
        }
        Ok(p)
    }

    fn out_aval(&self, lhs: &ShapedArray, rhs: &ShapedArray) -> Result<(ShapedArray, Shape)> {
        let shape = self.shape(&lhs.shape, &rhs.shape)?;
        let aval = ShapedArray {
            shape: shape.out.clone(),
            dtype: self.dtype(lhs.dtype, rhs.dtype)?,
            weak_type: lhs.weak_type && rhs.weak_type,
        };
        Ok((aval, shape))
    }
}

impl Primitive for ConvGeneralDilated {
    fn name(&self) -> &'static str {
        "conv_general_dilated"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let p = &self.0;
        let d = &p.dimension_numbers;
        let dims = format!(
            "ConvDimensionNumbers(lhs_spec={}, rhs_spec={}, out_spec={})",
            usizes(&d.lhs_spec),
            usizes(&d.rhs_spec),
            usizes(&d.out_spec)
        );
        let preferred = p
            .preferred_element_type
            .map_or(Param::None, |t| t.name().into());
        vec![
            ("batch_group_count", p.batch_group_count.to_string().into()),
            ("dimension_numbers", dims.into()),
            (
                "feature_group_count",
                p.feature_group_count.to_string().into(),
            ),
            ("lhs_dilation", ints(&p.lhs_dilation).into()),
            ("out_sharding", Param::None),
            ("padding", pairs(&p.padding).into()),
            ("precision", Param::None),
            ("preferred_element_type", preferred),
            ("rhs_dilation", ints(&p.rhs_dilation).into()),
            ("window_strides", ints(&p.window_strides).into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        Ok(vec![self.0.out_aval(&inputs[0], &inputs[1])?.0])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        check_arity(self.name(), inputs, 2)?;
        let (aval, shape) = self.0.out_aval(&inputs[0].aval(), &inputs[1].aval())?;
        let out = kernel::eval(&self.0, &inputs[0], &inputs[1], &aval, &shape.canonical)?;
        Ok(vec![out])
    }

    /// Bilinear: `conv(t_lhs, rhs) + conv(lhs, t_rhs)`, each term only for a non-zero tangent.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        rules::jvp(&self.0, primals, tangents)
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(g) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        match (&args[0], &args[1]) {
            (LinearArg::Linear(lhs), LinearArg::Known(rhs)) => Ok(vec![
                Some(rules::transpose_lhs(&self.0, g, lhs, rhs)?),
                None,
            ]),
            (LinearArg::Known(lhs), LinearArg::Linear(rhs)) => {
                Ok(vec![None, rules::transpose_rhs(&self.0, g, lhs, rhs)?])
            }
            _ => Err(Error::internal(
                "conv_general_dilated transposed with exactly one linear operand",
            )),
        }
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        rules::batch(&self.0, args, dims, axis_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(n: usize) -> ConvParams {
        ConvParams {
            window_strides: vec![1; n],
            padding: vec![(0, 0); n],
            lhs_dilation: vec![1; n],
            rhs_dilation: vec![1; n],
            dimension_numbers: ConvDims::iota(n + 2),
            feature_group_count: 1,
            batch_group_count: 1,
            preferred_element_type: None,
        }
    }

    fn text(p: &Param) -> String {
        match p {
            Param::Text(t) => t.clone(),
            Param::None => "None".into(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn params_print_as_jax_does() {
        // Recorded from JAX 0.10.2: `lax.conv_general_dilated(x, w, (1,), 'SAME')`.
        let mut p = params(1);
        p.padding = vec![(0, 1)];
        let printed: Vec<String> = ConvGeneralDilated(p)
            .params()
            .iter()
            .map(|(k, v)| format!("{k}={}", text(v)))
            .collect();
        assert_eq!(
            printed,
            [
                "batch_group_count=1",
                "dimension_numbers=ConvDimensionNumbers(lhs_spec=(0, 1, 2), rhs_spec=(0, 1, 2), out_spec=(0, 1, 2))",
                "feature_group_count=1",
                "lhs_dilation=(1,)",
                "out_sharding=None",
                "padding=((0, 1),)",
                "precision=None",
                "preferred_element_type=None",
                "rhs_dilation=(1,)",
                "window_strides=(1,)",
            ]
        );
        assert_eq!(pairs(&[]), "()");
        assert_eq!(pairs(&[(1, 2), (-1, 0)]), "((1, 2), (-1, 0))");
    }

    #[test]
    fn shape_rule_follows_strides_dilation_and_padding() {
        let f = ShapedArray::new;
        let mut p = params(1);
        p.window_strides = vec![2];
        p.padding = vec![(1, 0)];
        p.lhs_dilation = vec![2];
        let x = f(vec![1, 2, 5], DType::Float32);
        let w = f(vec![3, 2, 2], DType::Float32);
        let out = ConvGeneralDilated(p).abstract_eval(&[x, w]).unwrap();
        // Recorded from JAX 0.10.2: f32[1,3,5].
        assert_eq!(out[0].shape, vec![1, 3, 5]);
    }

    #[test]
    fn bits_read_the_short_name() {
        assert_eq!(bits(DType::Float32), 32);
        assert_eq!(bits(DType::Uint32), 32);
        assert_eq!(bits(DType::Bool), 8);
    }
}
