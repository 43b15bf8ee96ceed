//! Windowed reductions with a known monoid: `reduce_window_sum`, `reduce_window_max` and
//! `reduce_window_min` (what `lax.reduce_window` binds for `lax.add`, `lax.max` and `lax.min`
//! with their identity), and the two primitives their derivatives are made of, as in JAX:
//! `select_and_gather_add` (the JVP of max/min: the tangent at each window's extremum) and its
//! transpose `select_and_scatter_add`. Params, shape rule and error words are JAX 0.10.2's.
//!
//! Every kernel walks the window one element at a time, for all outputs at once ([`Window::taps`]:
//! the operand element each output reads there, or none where the window reads padding or a
//! base-dilation hole, which are skipped as XLA skips them). The lax-level helpers binding
//! these primitives are at the end.

use super::reductions::{max_f32, min_f32};
use super::slicing::PadDim;
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{checked_size, shape_tuple, Array, Buffer, ShapedArray};
use crate::batching::materialize;
use crate::dense::{element_count, strides, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// A tap that reads no operand element (padding, or a hole of the base dilation).
pub(crate) const NONE: usize = usize::MAX;

fn type_error(message: String) -> Error {
    Error::Signature { message }
}

/// JAX's `_dilate_shape` of one dimension: `d` elements with `dilation - 1` holes between.
pub(crate) fn dilate(d: usize, dilation: usize) -> usize {
    if d == 0 {
        0
    } else {
        1 + dilation * (d - 1)
    }
}

/// Where the windows of a windowed reduction sit: JAX's five params, one entry per operand
/// dimension. Padding may be negative (it crops).
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub dimensions: Vec<usize>,
    pub strides: Vec<usize>,
    pub padding: Vec<(i64, i64)>,
    pub base_dilation: Vec<usize>,
    pub window_dilation: Vec<usize>,
}

/// `((0, 0), (1, 2))`, as Python prints a tuple of pairs.
pub(crate) fn padding_text(padding: &[(i64, i64)]) -> String {
    let pairs: Vec<String> = padding
        .iter()
        .map(|(lo, hi)| format!("({lo}, {hi})"))
        .collect();
    match pairs.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", pairs.join(", ")),
    }
}

impl Window {
    /// A window with unit strides and dilations and no padding.
    pub fn valid(dimensions: Vec<usize>) -> Window {
        let n = dimensions.len();
        Window {
            dimensions,
            strides: vec![1; n],
            padding: vec![(0, 0); n],
            base_dilation: vec![1; n],
            window_dilation: vec![1; n],
        }
    }

    /// The five params, printed as JAX prints them.
    pub(crate) fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("base_dilation", shape_tuple(&self.base_dilation).into()),
            ("padding", padding_text(&self.padding).into()),
            ("window_dilation", shape_tuple(&self.window_dilation).into()),
            ("window_dimensions", shape_tuple(&self.dimensions).into()),
            ("window_strides", shape_tuple(&self.strides).into()),
        ]
    }

    /// The output shape for an operand of shape `shape`, after JAX's checks
    /// (`_common_reduce_window_shape_rule`), in its words.
    pub fn out_shape(&self, shape: &[usize]) -> Result<Vec<usize>> {
        let dims = &self.dimensions;
        let tuple = shape_tuple;
        for (arg, list) in [
            ("window_dimensions", dims),
            ("window_strides", &self.strides),
        ] {
            if list.contains(&0) {
                return Err(type_error(format!(
                    "reduce_window {arg} must have every element be strictly positive, got {}.",
                    tuple(list)
                )));
            }
        }
        if shape.len() != dims.len() {
            return Err(type_error(format!(
                "reduce_window got the wrong number of window_dimensions for operand: got operand shape {} with window_dimensions {}.",
                tuple(shape),
                tuple(dims)
            )));
        }
        for (arg, list) in [
            ("window_strides", &self.strides),
            ("base_dilation", &self.base_dilation),
            ("window_dilation", &self.window_dilation),
        ] {
            if list.len() != dims.len() {
                return Err(type_error(format!(
                    "reduce_window got inconsistent {arg} and window_dimensions: got {arg} {} and window_dimensions {}.",
                    tuple(list),
                    tuple(dims)
                )));
            }
        }
        if self.padding.len() != dims.len() {
            return Err(type_error(format!(
                "reduce_window got {} padding pairs for an operand of {} dimensions.",
                self.padding.len(),
                dims.len()
            )));
        }
        for list in [&self.base_dilation, &self.window_dilation] {
            if list.contains(&0) {
                return Err(type_error(format!(
                    "All dilations must be positive, got {}.",
                    tuple(list)
                )));
            }
        }
        let out: Vec<usize> = (0..dims.len())
            .map(|d| {
                let (lo, hi) = self.padding[d];
                let padded = dilate(shape[d], self.base_dilation[d]) as i64 + lo + hi;
                let window = dilate(dims[d], self.window_dilation[d]) as i64;
                if padded < window {
                    0
                } else {
                    ((padded - window) / self.strides[d] as i64 + 1) as usize
                }
            })
            .collect();
        checked_size("reduce_window", &out)?;
        Ok(out)
    }

    /// The window with a dimension of size 1 (no stride, padding or dilation) inserted at `at`:
    /// what a batching rule reduces a batch axis with.
    pub(crate) fn with_unit_dim(&self, at: usize) -> Window {
        let mut w = self.clone();
        w.dimensions.insert(at, 1);
        w.strides.insert(at, 1);
        w.padding.insert(at, (0, 0));
        w.base_dilation.insert(at, 1);
        w.window_dilation.insert(at, 1);
        w
    }

    /// Every element of the window, row-major: the order XLA folds a window in.
    pub(crate) fn offsets(&self) -> Vec<Vec<usize>> {
        let mut all = vec![Vec::new()];
        for &n in &self.dimensions {
            all = all
                .into_iter()
                .flat_map(|prefix| {
                    (0..n).map(move |k| {
                        let mut next = prefix.clone();
                        next.push(k);
                        next
                    })
                })
                .collect();
        }
        all
    }

    /// For window element `k`, the flat index of the operand element each output element (in
    /// row-major order) reads, [`NONE`] where that is padding or a dilation hole.
    pub(crate) fn taps(&self, shape: &[usize], out_shape: &[usize], k: &[usize]) -> Vec<usize> {
        let in_strides = strides(shape);
        let mut flat = vec![0usize];
        for d in 0..shape.len() {
            let dilated = dilate(shape[d], self.base_dilation[d]) as i64;
            let bd = self.base_dilation[d] as i64;
            let coords: Vec<usize> = (0..out_shape[d])
                .map(|o| {
                    let p = (o * self.strides[d] + k[d] * self.window_dilation[d]) as i64
                        - self.padding[d].0;
                    if p < 0 || p >= dilated || p % bd != 0 {
                        NONE
                    } else {
                        (p / bd) as usize * in_strides[d]
                    }
                })
                .collect();
            flat = flat
                .iter()
                .flat_map(|&base| {
                    coords.iter().map(move |&c| {
                        if base == NONE || c == NONE {
                            NONE
                        } else {
                            base + c
                        }
                    })
                })
                .collect();
        }
        flat
    }
}

/// Folds every window of `x` with `f` from `init`, skipping padding and holes.
fn fold<T: Copy>(
    x: &Dense<T>,
    w: &Window,
    out: &[usize],
    init: T,
    f: impl Fn(T, T) -> T,
) -> Dense<T> {
    let data = x.data();
    let mut acc = vec![init; element_count(out)];
    for k in w.offsets() {
        for (a, &i) in acc.iter_mut().zip(&w.taps(x.shape(), out, &k)) {
            if i != NONE {
                *a = f(*a, data[i]);
            }
        }
    }
    Dense::filled(out, acc)
}

/// `reduce_window_sum`, `reduce_window_max`, `reduce_window_min`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowOp {
    Sum,
    Max,
    Min,
}

impl WindowOp {
    pub fn name(self) -> &'static str {
        match self {
            WindowOp::Sum => "reduce_window_sum",
            WindowOp::Max => "reduce_window_max",
            WindowOp::Min => "reduce_window_min",
        }
    }

    fn eval(self, x: &Buffer, w: &Window, out: &[usize]) -> Result<Buffer> {
        use WindowOp::*;
        Ok(match (x, self) {
            (Buffer::F32(a), Sum) => Buffer::F32(fold(a, w, out, 0.0, |s, v| s + v)),
            (Buffer::F32(a), Max) => Buffer::F32(fold(a, w, out, f32::NEG_INFINITY, max_f32)),
            (Buffer::F32(a), Min) => Buffer::F32(fold(a, w, out, f32::INFINITY, min_f32)),
            (Buffer::I32(a), Sum) => Buffer::I32(fold(a, w, out, 0, i32::wrapping_add)),
            (Buffer::I32(a), Max) => Buffer::I32(fold(a, w, out, i32::MIN, i32::max)),
            (Buffer::I32(a), Min) => Buffer::I32(fold(a, w, out, i32::MAX, i32::min)),
            (Buffer::U32(a), Sum) => Buffer::U32(fold(a, w, out, 0, u32::wrapping_add)),
            (Buffer::U32(a), Max) => Buffer::U32(fold(a, w, out, 0, u32::max)),
            (Buffer::U32(a), Min) => Buffer::U32(fold(a, w, out, u32::MAX, u32::min)),
            (Buffer::U8(a), Sum) => Buffer::U8(fold(a, w, out, 0, u8::wrapping_add)),
            (Buffer::U8(a), Max) => Buffer::U8(fold(a, w, out, 0, u8::max)),
            (Buffer::U8(a), Min) => Buffer::U8(fold(a, w, out, u8::MAX, u8::min)),
            (Buffer::Bool(a), Max) => Buffer::Bool(fold(a, w, out, false, |s, v| s | v)),
            (Buffer::Bool(a), Min) => Buffer::Bool(fold(a, w, out, true, |s, v| s & v)),
            (b, _) => return Err(self.dtype_error(b.dtype())),
        })
    }

    fn dtype_error(self, dtype: DType) -> Error {
        match self {
            WindowOp::Sum => type_error(format!(
                "operand to reduce_window_sum must have a number dtype, got {dtype}"
            )),
            _ => Error::DtypeNotAccepted {
                primitive: self.name(),
                dtype: dtype.name().into(),
                accepted: "number or bool",
            },
        }
    }

    fn accepts(self, dtype: DType) -> bool {
        match dtype {
            DType::Float32 | DType::Int32 | DType::Uint32 | DType::Uint8 => true,
            DType::Bool => self != WindowOp::Sum,
            _ => false,
        }
    }
}

/// The windowed reduction of one operand by a known monoid.
#[derive(Debug, Clone)]
pub struct ReduceWindowOp {
    pub op: WindowOp,
    pub window: Window,
}

impl Primitive for ReduceWindowOp {
    fn name(&self) -> &'static str {
        self.op.name()
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        self.window.params()
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if !self.op.accepts(x.dtype) {
            return Err(self.op.dtype_error(x.dtype));
        }
        let shape = self.window.out_shape(&x.shape)?;
        Ok(vec![ShapedArray { shape, ..x.clone() }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?.remove(0);
        let buffer = self.op.eval(inputs[0].buffer(), &self.window, &out.shape)?;
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out.weak_type)
        ])
    }

    /// The sum is linear; max and min take the tangent at each window's extremum (JAX's
    /// `_reduce_window_chooser_jvp_rule`).
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let x = &primals[0];
        let out = reduce_window(self.op, x, &self.window)?;
        let t = match (&tangents[0], self.op) {
            (None, _) => None,
            (Some(t), WindowOp::Sum) => Some(reduce_window(WindowOp::Sum, t, &self.window)?),
            (Some(t), op) => Some(select_and_gather_add(
                t,
                x,
                op == WindowOp::Max,
                &self.window,
            )?),
        };
        Ok((vec![out], vec![t]))
    }

    /// JAX's `_reduce_window_sum_transpose_rule`: the cotangent padded (and spread by the
    /// strides), then summed over windows whose strides are the base dilation.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        if self.op != WindowOp::Sum {
            return Err(Error::MissingRule {
                primitive: self.name(),
                rule: "transposition (reverse-mode differentiation)",
            });
        }
        let Some(ct) = &cts[0] else {
            return Ok(vec![None]);
        };
        let shape = args[0].aval().shape;
        let w = &self.window;
        let out = ct.aval().shape;
        // `_conv_general_vjp_lhs_padding`, which JAX computes with NumPy.
        let pads: Vec<(i64, i64, usize)> = (0..shape.len())
            .map(|d| {
                let window = dilate(w.dimensions[d], w.window_dilation[d]) as i64;
                let before = window - w.padding[d].0 - 1;
                let after = dilate(shape[d], w.base_dilation[d]) as i64 + window
                    - 1
                    - dilate(out[d], w.strides[d]) as i64
                    - before;
                (before, after, w.strides[d] - 1)
            })
            .collect();
        let padded = pad_cropping(ct, &pads)?;
        let back = Window {
            dimensions: w.dimensions.clone(),
            strides: w.base_dilation.clone(),
            padding: vec![(0, 0); shape.len()],
            base_dilation: vec![1; shape.len()],
            window_dilation: w.window_dilation.clone(),
        };
        Ok(vec![Some(reduce_window(WindowOp::Sum, &padded, &back)?)])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some(d) = dims[0] else {
            return Ok((
                vec![reduce_window(self.op, &args[0], &self.window)?],
                vec![None],
            ));
        };
        let window = self.window.with_unit_dim(d);
        Ok((
            vec![reduce_window(self.op, &args[0], &window)?],
            vec![Some(d)],
        ))
    }
}

/// `x` padded with zeros by `(lo, hi, interior)` per dimension, printed as JAX's NumPy-computed
/// `lo` and `hi`. JAX pads by negative amounts to crop; jaxplay's `pad` does not, so a negative
/// side is padded by zero and sliced off after.
fn pad_cropping(x: &Value, pads: &[(i64, i64, usize)]) -> Result<Value> {
    let config: Vec<PadDim> = pads
        .iter()
        .map(|&(lo, hi, interior)| PadDim {
            lo: lo.max(0) as usize,
            hi: hi.max(0) as usize,
            interior,
            numpy_lo: true,
            numpy_hi: true,
            numpy_interior: false,
        })
        .collect();
    let padded = lax::pad(x, config)?;
    if pads.iter().all(|&(lo, hi, _)| lo >= 0 && hi >= 0) {
        return Ok(padded);
    }
    let shape = padded.aval().shape;
    let start = pads
        .iter()
        .map(|&(lo, _, _)| (-lo).max(0) as usize)
        .collect();
    let limit = (0..shape.len())
        .map(|d| shape[d] - (-pads[d].1).max(0) as usize)
        .collect();
    lax::slice(&padded, start, limit, None)
}

/// For each window, the operand element it selects: the first extremum (`ge` keeps the current
/// choice while it is `>=` the next element, as XLA's select does), starting from the identity
/// (`-inf` for max), so a window of only padding, holes or identities selects nothing.
fn select_taps<T: Copy>(
    x: &Dense<T>,
    w: &Window,
    out: &[usize],
    keep: impl Fn(T, T) -> bool,
    identity: T,
) -> Vec<usize> {
    let data = x.data();
    let mut chosen = vec![NONE; element_count(out)];
    for k in w.offsets() {
        for (c, &i) in chosen.iter_mut().zip(&w.taps(x.shape(), out, &k)) {
            let current = if *c == NONE { identity } else { data[*c] };
            if i != NONE && !keep(current, data[i]) {
                *c = i;
            }
        }
    }
    chosen
}

/// [`select_taps`] for max (`ge`) or min (`le`) on the operand's dtype.
fn selected(x: &Buffer, w: &Window, out: &[usize], ge: bool) -> Result<Vec<usize>> {
    Ok(match (x, ge) {
        (Buffer::F32(a), true) => select_taps(a, w, out, |c, v| c >= v, f32::NEG_INFINITY),
        (Buffer::F32(a), false) => select_taps(a, w, out, |c, v| c <= v, f32::INFINITY),
        (Buffer::I32(a), true) => select_taps(a, w, out, |c, v| c >= v, i32::MIN),
        (Buffer::I32(a), false) => select_taps(a, w, out, |c, v| c <= v, i32::MAX),
        (b, _) => {
            return Err(Error::DtypeNotAccepted {
                primitive: "select_and_gather_add",
                dtype: b.dtype().name().into(),
                accepted: "floating or integer",
            })
        }
    })
}

fn select_prim(ge: bool) -> Param {
    if ge { "ge" } else { "le" }.into()
}

fn f32_data(v: &Array, primitive: &'static str) -> Result<Vec<f32>> {
    match v.buffer() {
        Buffer::F32(a) => Ok(a.data().to_vec()),
        b => Err(Error::DtypeNotAccepted {
            primitive,
            dtype: b.dtype().name().into(),
            accepted: "floating",
        }),
    }
}

/// `select_and_gather_add(tangents, operand)`: for each window of `operand`, the tangent at its
/// extremum (0 where the window selects nothing). Linear in `tangents`.
#[derive(Debug, Clone)]
pub struct SelectAndGatherAdd {
    /// `ge` (max) or `le` (min).
    pub ge: bool,
    pub window: Window,
}

impl Primitive for SelectAndGatherAdd {
    fn name(&self) -> &'static str {
        "select_and_gather_add"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let mut params = self.window.params();
        params.push(("select_prim", select_prim(self.ge)));
        params
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (t, x) = (&inputs[0], &inputs[1]);
        if t.shape != x.shape {
            return Err(type_error(format!(
                "select_and_gather_add tangents and operand shapes must match, got {} and {}.",
                shape_tuple(&t.shape),
                shape_tuple(&x.shape)
            )));
        }
        let shape = self.window.out_shape(&x.shape)?;
        Ok(vec![ShapedArray {
            shape,
            dtype: t.dtype,
            weak_type: t.weak_type && x.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let t = f32_data(&inputs[0], self.name())?;
        let chosen = selected(inputs[1].buffer(), &self.window, &out.shape, self.ge)?;
        let data = chosen
            .iter()
            .map(|&i| if i == NONE { 0.0 } else { t[i] })
            .collect();
        Ok(vec![
            Array::from_f32(&out.shape, data)?.with_weak_type(out.weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (t, x) = (&primals[0], &primals[1]);
        let out = select_and_gather_add(t, x, self.ge, &self.window)?;
        let dt = match &tangents[0] {
            Some(g) => Some(select_and_gather_add(g, x, self.ge, &self.window)?),
            None => None,
        };
        Ok((vec![out], vec![dt]))
    }

    /// JAX's `_select_and_gather_add_transpose`: `select_and_scatter_add`, on the operand
    /// spread by the base dilation (holes holding the identity) when there is one.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let w = &self.window;
        if w.window_dilation.iter().any(|&d| d != 1) {
            return Err(Error::NotImplemented {
                message: format!(
                    "VJP not implemented for select_and_gather (MaxPool) with window dilation, got window_dilation={}.",
                    shape_tuple(&w.window_dilation)
                ),
            });
        }
        let Some(ct) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        let LinearArg::Known(x) = &args[1] else {
            return Err(Error::internal(
                "select_and_gather_add is linear in its tangents only",
            ));
        };
        let dilated = w.base_dilation.iter().any(|&d| d != 1);
        let mut operand = x.clone();
        if dilated {
            let identity = identity(x.aval().dtype, self.ge)?;
            let config = w
                .base_dilation
                .iter()
                .map(|&d| PadDim {
                    lo: 0,
                    hi: 0,
                    interior: d - 1,
                    numpy_lo: false,
                    numpy_hi: false,
                    numpy_interior: false,
                })
                .collect();
            operand = lax::pad_with(x, &identity, config)?;
        }
        let mut result =
            select_and_scatter_add(ct, &operand, self.ge, &w.dimensions, &w.strides, &w.padding)?;
        if dilated {
            let shape = result.aval().shape;
            let strides = Some(w.base_dilation.clone());
            result = lax::slice(&result, vec![0; shape.len()], shape, strides)?;
        }
        Ok(vec![Some(result), None])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let t = materialize(&args[0], dims[0], axis_size)?;
        let x = materialize(&args[1], dims[1], axis_size)?;
        let window = self.window.with_unit_dim(0);
        Ok((
            vec![select_and_gather_add(&t, &x, self.ge, &window)?],
            vec![Some(0)],
        ))
    }
}

/// The identity of max (`ge`) or min as a scalar of `dtype`: what JAX pads with.
fn identity(dtype: DType, ge: bool) -> Result<Value> {
    let v = match (dtype, ge) {
        (DType::Int32, true) => f64::from(i32::MIN),
        (DType::Int32, false) => f64::from(i32::MAX),
        (_, true) => f64::NEG_INFINITY,
        (_, false) => f64::INFINITY,
    };
    Ok(Value::Array(Array::from_f64_values(&[], dtype, &[v])?))
}

/// `select_and_scatter_add(source, operand)`: each element of `source` added at the extremum
/// of its window of `operand`, in an array shaped like `operand`. Linear in `source`.
#[derive(Debug, Clone)]
pub struct SelectAndScatterAdd {
    pub ge: bool,
    pub dimensions: Vec<usize>,
    pub strides: Vec<usize>,
    pub padding: Vec<(i64, i64)>,
}

impl SelectAndScatterAdd {
    fn window(&self) -> Window {
        let n = self.dimensions.len();
        Window {
            dimensions: self.dimensions.clone(),
            strides: self.strides.clone(),
            padding: self.padding.clone(),
            base_dilation: vec![1; n],
            window_dilation: vec![1; n],
        }
    }
}

impl Primitive for SelectAndScatterAdd {
    fn name(&self) -> &'static str {
        "select_and_scatter_add"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("padding", padding_text(&self.padding).into()),
            ("select_prim", select_prim(self.ge)),
            ("window_dimensions", shape_tuple(&self.dimensions).into()),
            ("window_strides", shape_tuple(&self.strides).into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (source, x) = (&inputs[0], &inputs[1]);
        let windows = self.window().out_shape(&x.shape)?;
        if windows != source.shape {
            return Err(type_error(format!(
                "select_and_scatter_add source of shape {} does not match the {} windows of its operand.",
                shape_tuple(&source.shape),
                shape_tuple(&windows)
            )));
        }
        Ok(vec![ShapedArray {
            shape: x.shape.clone(),
            dtype: source.dtype,
            weak_type: source.weak_type && x.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let source = f32_data(&inputs[0], self.name())?;
        let chosen = selected(
            inputs[1].buffer(),
            &self.window(),
            inputs[0].shape(),
            self.ge,
        )?;
        let mut data = vec![0.0f32; element_count(&out.shape)];
        for (&i, &s) in chosen.iter().zip(&source) {
            if i != NONE {
                data[i] += s;
            }
        }
        Ok(vec![
            Array::from_f32(&out.shape, data)?.with_weak_type(out.weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (s, x) = (&primals[0], &primals[1]);
        let scatter = |v: &Value| {
            select_and_scatter_add(
                v,
                x,
                self.ge,
                &self.dimensions,
                &self.strides,
                &self.padding,
            )
        };
        let dt = tangents[0].as_ref().map(scatter).transpose()?;
        Ok((vec![scatter(s)?], vec![dt]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        let LinearArg::Known(x) = &args[1] else {
            return Err(Error::internal(
                "select_and_scatter_add is linear in its source only",
            ));
        };
        Ok(vec![
            Some(select_and_gather_add(ct, x, self.ge, &self.window())?),
            None,
        ])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let s = materialize(&args[0], dims[0], axis_size)?;
        let x = materialize(&args[1], dims[1], axis_size)?;
        let w = self.window().with_unit_dim(0);
        let out = select_and_scatter_add(&s, &x, self.ge, &w.dimensions, &w.strides, &w.padding)?;
        Ok((vec![out], vec![Some(0)]))
    }
}

// ---- lax-level helpers ----

/// `reduce_window_sum` / `_max` / `_min` of `x` over `window`.
pub fn reduce_window(op: WindowOp, x: &Value, window: &Window) -> Result<Value> {
    let prim = ReduceWindowOp {
        op,
        window: window.clone(),
    };
    bind1(Rc::new(prim), std::slice::from_ref(x))
}

/// The tangent `t` at each window's maximum (`ge`) or minimum of `x`.
pub fn select_and_gather_add(t: &Value, x: &Value, ge: bool, window: &Window) -> Result<Value> {
    let prim = SelectAndGatherAdd {
        ge,
        window: window.clone(),
    };
    bind1(Rc::new(prim), &[t.clone(), x.clone()])
}

/// `source` scattered to each window's maximum (`ge`) or minimum of `x`, and summed there.
pub fn select_and_scatter_add(
    source: &Value,
    x: &Value,
    ge: bool,
    dimensions: &[usize],
    strides: &[usize],
    padding: &[(i64, i64)],
) -> Result<Value> {
    let prim = SelectAndScatterAdd {
        ge,
        dimensions: dimensions.to_vec(),
        strides: strides.to_vec(),
        padding: padding.to_vec(),
    };
    bind1(Rc::new(prim), &[source.clone(), x.clone()])
}
