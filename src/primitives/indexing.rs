//! Indexing primitives: `concatenate` (and `split`, its transpose), `dynamic_slice`,
//! `dynamic_update_slice`, `gather` and the `scatter` family (`scatter`, `scatter-add`,
//! `scatter-mul`, `scatter-min`, `scatter-max`), with XLA's general gather/scatter semantics
//! (`GatherDimensionNumbers` / `ScatterDimensionNumbers` with batching dims, clamped or dropped
//! out-of-bounds windows) and JAX 0.10.2's params, errors, JVP, transpose and batching rules.
//!
//! Gather and scatter share one non-generic plan: for each index vector, the data offset of its
//! window in the operand (or `None` when the window is dropped / filled). Only the copy (or
//! combine) of the window's elements is generic over the element type.

use super::dot::type_error;
use super::structural::{map_buffer, map_buffer_pair};
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{shape_tuple as tuple, Array, Buffer, ShapedArray};
use crate::batching::{materialize, move_to_front};
use crate::dense::{element_count, for_each_row, last_row, strides, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{Atom, Eqn, Jaxpr, Var};
use crate::lax;
use crate::primitives::elementwise::{dtypes_differ, Binary, BinaryOp};
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

/// `GatherScatterMode`: what an out-of-bounds index does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Clamp the window into the operand.
    Clip,
    /// Gather: fill the whole window with `fill_value`; scatter: drop the whole window.
    FillOrDrop,
    /// The caller promises in-bounds indices; XLA clamps gathers and drops scatters.
    PromiseInBounds,
}

impl Mode {
    fn text(self) -> &'static str {
        match self {
            Mode::Clip => "GatherScatterMode.CLIP",
            Mode::FillOrDrop => "GatherScatterMode.FILL_OR_DROP",
            Mode::PromiseInBounds => "GatherScatterMode.PROMISE_IN_BOUNDS",
        }
    }
}

/// A gather's `fill_value` as JAX holds it: a Python int, float or bool.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fill {
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl Fill {
    fn text(self) -> String {
        match self {
            Fill::Int(v) => v.to_string(),
            Fill::Float(v) if v.is_nan() => "nan".into(),
            Fill::Float(v) => crate::ir::print::python_float(v as f32),
            Fill::Bool(b) => if b { "True" } else { "False" }.into(),
        }
    }

    fn value(self) -> f64 {
        match self {
            Fill::Int(v) => v as f64,
            Fill::Float(v) => v,
            Fill::Bool(b) => f64::from(u8::from(b)),
        }
    }

    /// `lax.gather`'s default for `mode=FILL_OR_DROP`: NaN, the lowest signed or the highest
    /// unsigned integer, or True.
    fn default_for(dtype: DType) -> Fill {
        match dtype {
            DType::Float32 => Fill::Float(f64::NAN),
            DType::Int32 => Fill::Int(i64::from(i32::MIN)),
            DType::Uint32 => Fill::Int(i64::from(u32::MAX)),
            DType::Uint8 => Fill::Int(i64::from(u8::MAX)),
            DType::KeyFry => Fill::Int(0),
            DType::Bool => Fill::Bool(true),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct GatherDims {
    pub offset_dims: Vec<usize>,
    pub collapsed_slice_dims: Vec<usize>,
    pub start_index_map: Vec<usize>,
    pub operand_batching_dims: Vec<usize>,
    pub start_indices_batching_dims: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScatterDims {
    pub update_window_dims: Vec<usize>,
    pub inserted_window_dims: Vec<usize>,
    pub scatter_dims_to_operand_dims: Vec<usize>,
    pub operand_batching_dims: Vec<usize>,
    pub scatter_indices_batching_dims: Vec<usize>,
}

impl ScatterDims {
    /// The gather reading what this scatter writes (its transposes and JVPs use it).
    fn to_gather(&self) -> GatherDims {
        GatherDims {
            offset_dims: self.update_window_dims.clone(),
            collapsed_slice_dims: self.inserted_window_dims.clone(),
            start_index_map: self.scatter_dims_to_operand_dims.clone(),
            operand_batching_dims: self.operand_batching_dims.clone(),
            start_indices_batching_dims: self.scatter_indices_batching_dims.clone(),
        }
    }

    /// The gather's `slice_sizes` for an operand of rank `rank`: 1 on inserted and batching
    /// dims, the updates' window sizes elsewhere.
    fn slice_sizes(&self, rank: usize, updates: &[usize]) -> Vec<usize> {
        let mut window = self.update_window_dims.iter();
        (0..rank)
            .map(|d| {
                if self.inserted_window_dims.contains(&d) || self.operand_batching_dims.contains(&d)
                {
                    1
                } else {
                    window.next().map_or(1, |&w| updates[w])
                }
            })
            .collect()
    }
}

fn one_output(aval: &ShapedArray, buffer: Buffer) -> Vec<Array> {
    vec![Array::from_buffer(buffer).with_weak_type(aval.weak_type)]
}

/// The `i32` elements of an index array (JAX accepts any integer type; int32 is jaxplay's one).
fn index_data(primitive: &'static str, a: &Array) -> Result<Vec<i32>> {
    match a.buffer() {
        Buffer::I32(d) => Ok(d.data().to_vec()),
        _ => Err(type_error(
            primitive,
            "indices must have an integer type".into(),
        )),
    }
}

/// Data offsets, relative to a window's start, of the elements of a window of shape `window`
/// in an operand with strides `steps`, in row-major order of the window.
fn window_offsets(window: &[usize], steps: &[usize]) -> Vec<usize> {
    let (n, step) = last_row(window, steps);
    let mut out = Vec::with_capacity(element_count(window));
    for_each_row(window, steps, steps, &mut |at, _| {
        out.extend((0..n).map(|k| at + k * step));
    });
    out
}

/// Where each index vector's window starts in the operand's data, `None` when it is dropped.
/// `indices` has shape `batch + [k]`; vector `k` gives the starts of dims `index_map`, and the
/// operand's batching dims take the vector's position along the indices' batching dims.
/// `clamp` moves windows into range (XLA's gather, and `CLIP`); otherwise an out-of-range
/// window is `None`.
struct WindowPlan<'a> {
    operand: &'a [usize],
    index_map: &'a [usize],
    operand_batching: &'a [usize],
    indices_batching: &'a [usize],
    window: &'a [usize],
    clamp: bool,
}

impl WindowPlan<'_> {
    fn starts(&self, index_shape: &[usize], indices: &[i32]) -> Vec<Option<usize>> {
        let batch = &index_shape[..index_shape.len().saturating_sub(1)];
        let k = index_shape.last().copied().unwrap_or(0);
        let op_strides = strides(self.operand);
        let count = element_count(batch);
        let mut coords = vec![0usize; batch.len()];
        let mut out = Vec::with_capacity(count);
        for b in 0..count {
            let mut rest = b;
            for d in (0..batch.len()).rev() {
                coords[d] = rest % batch[d];
                rest /= batch[d];
            }
            let mut start: Vec<i64> = vec![0; self.operand.len()];
            for (j, &d) in self.index_map.iter().enumerate() {
                start[d] = i64::from(indices[b * k + j]);
            }
            for (&od, &id) in self.operand_batching.iter().zip(self.indices_batching) {
                start[od] = coords[id] as i64;
            }
            let mut offset = Some(0usize);
            for d in 0..self.operand.len() {
                let hi = self.operand[d] as i64 - self.window[d] as i64;
                let s = if self.clamp {
                    start[d].clamp(0, hi.max(0))
                } else if start[d] < 0 || start[d] > hi {
                    offset = None;
                    break;
                } else {
                    start[d]
                };
                offset = offset.map(|o| o + s as usize * op_strides[d]);
            }
            out.push(offset);
        }
        out
    }
}

fn gather_windows<T: Copy>(
    operand: &Dense<T>,
    starts: &[Option<usize>],
    offsets: &[usize],
    fill: T,
) -> Vec<T> {
    let data = operand.data();
    let mut out = Vec::with_capacity(starts.len() * offsets.len());
    for s in starts {
        match s {
            Some(s) => out.extend(offsets.iter().map(|o| data[s + o])),
            None => out.extend(std::iter::repeat_n(fill, offsets.len())),
        }
    }
    out
}

fn scatter_windows<T: Copy>(
    operand: &Dense<T>,
    updates: &[T],
    starts: &[Option<usize>],
    offsets: &[usize],
    combine: impl Fn(T, T) -> T,
) -> Vec<T> {
    let mut data = operand.data().to_vec();
    for (w, s) in starts.iter().enumerate() {
        if let Some(s) = s {
            let window = &updates[w * offsets.len()..(w + 1) * offsets.len()];
            for (o, &u) in offsets.iter().zip(window) {
                data[s + o] = combine(data[s + o], u);
            }
        }
    }
    data
}

/// The elements of `a` with its dimensions read in `perm` order (a transpose).
fn permuted<T: Copy>(a: &Dense<T>, perm: &[usize]) -> Dense<T> {
    let own = strides(a.shape());
    let shape: Vec<usize> = perm.iter().map(|&p| a.shape()[p]).collect();
    let steps: Vec<usize> = perm.iter().map(|&p| own[p]).collect();
    a.gather(&shape, &steps)
}

/// Checks shared by gather and scatter, in XLA's order and with JAX's words.
fn check_sorted(op: &'static str, name: &str, dims: &[usize]) -> Result<()> {
    if dims.windows(2).any(|w| w[1] < w[0]) {
        return Err(type_error(
            op,
            format!("{name} in {op} op must be sorted; got {}", tuple(dims)),
        ));
    }
    Ok(())
}

fn check_unique(op: &'static str, name: &str, dims: &[usize]) -> Result<()> {
    if (1..dims.len()).any(|i| dims[..i].contains(&dims[i])) {
        return Err(type_error(
            op,
            format!("{name} in {op} op must not repeat; got: {}.", tuple(dims)),
        ));
    }
    Ok(())
}

fn check_in_range(op: &'static str, name: &str, dims: &[usize], rank: usize) -> Result<()> {
    if let Some(d) = dims.iter().find(|&&d| d >= rank) {
        return Err(type_error(
            op,
            format!("Invalid {name} set in {op} op; valid range is [0, {rank}); got: {d}."),
        ));
    }
    Ok(())
}

/// XLA's checks, gather's and scatter's alike, that pair the operand's batching dims with the
/// indices': none is the index vector dimension, as many on each side, of equal sizes.
fn check_batching_dims(
    op: &'static str,
    indices_name: &str,
    operand_dims: &[usize],
    indices_dims: &[usize],
    index_vector_dim: usize,
    operand_shape: &[usize],
    indices_shape: &[usize],
) -> Result<()> {
    let title = if op == "gather" { "Gather" } else { "Scatter" };
    let fail = |message: String| Err(type_error(op, message));
    if indices_dims.contains(&index_vector_dim) {
        return fail(format!(
            "{title} op cannot have the index vector dimension as a batching dimension; got {}.",
            tuple(indices_dims)
        ));
    }
    if operand_dims.len() != indices_dims.len() {
        return fail(format!(
            "{title} op requires equal numbers of operand_batching_dims and {indices_name}, got \
             {} and {}.",
            tuple(operand_dims),
            tuple(indices_dims)
        ));
    }
    let sizes =
        |dims: &[usize], shape: &[usize]| dims.iter().map(|&i| shape[i]).collect::<Vec<_>>();
    let (ob, ib) = (
        sizes(operand_dims, operand_shape),
        sizes(indices_dims, indices_shape),
    );
    if ob != ib {
        return fail(format!(
            "{title} op requires operand batching dimensions and indices batching dimensions to \
             have the same shape, got {} and {}.",
            tuple(&ob),
            tuple(&ib)
        ));
    }
    Ok(())
}

fn check_disjoint(op: &'static str, n1: &str, d1: &[usize], n2: &str, d2: &[usize]) -> Result<()> {
    if d1.iter().any(|d| d2.contains(d)) {
        return Err(type_error(
            op,
            format!(
                "{n1} and {n2} in {op} op must be disjoint; got: {} and {}.",
                tuple(d1),
                tuple(d2)
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// gather

#[derive(Debug, Clone)]
pub struct Gather {
    pub dimension_numbers: GatherDims,
    pub slice_sizes: Vec<usize>,
    pub mode: Mode,
    pub fill_value: Option<Fill>,
    pub indices_are_sorted: bool,
    pub unique_indices: bool,
}

/// `lax.gather`: `fill_value` is kept only for `FILL_OR_DROP`, where `None` means the dtype's
/// default (NaN, the lowest integer, True), as JAX does.
#[allow(clippy::too_many_arguments)]
pub fn gather(
    operand: &Value,
    indices: &Value,
    dimension_numbers: GatherDims,
    slice_sizes: Vec<usize>,
    mode: Mode,
    fill_value: Option<Fill>,
    indices_are_sorted: bool,
    unique_indices: bool,
) -> Result<Value> {
    let fill_value = match mode {
        Mode::FillOrDrop => Some(fill_value.unwrap_or(Fill::default_for(operand.aval().dtype))),
        _ => None,
    };
    let prim = Gather {
        dimension_numbers,
        slice_sizes,
        mode,
        fill_value,
        indices_are_sorted,
        unique_indices,
    };
    bind1(Rc::new(prim), &[operand.clone(), indices.clone()])
}

impl Gather {
    fn with(&self, dims: GatherDims, slice_sizes: Vec<usize>, sorted: bool, unique: bool) -> Self {
        Gather {
            dimension_numbers: dims,
            slice_sizes,
            indices_are_sorted: sorted,
            unique_indices: unique,
            ..self.clone()
        }
    }

    fn apply(&self, operand: &Value, indices: &Value) -> Result<Value> {
        bind1(Rc::new(self.clone()), &[operand.clone(), indices.clone()])
    }
}

impl Primitive for Gather {
    fn name(&self) -> &'static str {
        "gather"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let d = &self.dimension_numbers;
        let dims = format!(
            "GatherDimensionNumbers(offset_dims={}, collapsed_slice_dims={}, start_index_map={}, operand_batching_dims={}, start_indices_batching_dims={})",
            tuple(&d.offset_dims),
            tuple(&d.collapsed_slice_dims),
            tuple(&d.start_index_map),
            tuple(&d.operand_batching_dims),
            tuple(&d.start_indices_batching_dims)
        );
        vec![
            ("dimension_numbers", dims.into()),
            (
                "fill_value",
                self.fill_value.map_or(Param::None, |f| f.text().into()),
            ),
            ("indices_are_sorted", Param::Bool(self.indices_are_sorted)),
            ("mode", self.mode.text().into()),
            ("slice_sizes", tuple(&self.slice_sizes).into()),
            ("unique_indices", Param::Bool(self.unique_indices)),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (operand, indices) = (&inputs[0], &inputs[1]);
        if indices.dtype != DType::Int32 {
            return Err(type_error(
                "gather",
                "indices must have an integer type".into(),
            ));
        }
        let d = &self.dimension_numbers;
        let op = "gather";
        let fail = |m: String| Err(type_error(op, m));
        let (op_rank, idx_rank) = (operand.shape.len(), indices.shape.len());
        let Some(ivd) = idx_rank.checked_sub(1) else {
            return fail(format!("Gather index leaf dimension must be within [0, rank(indices) + 1). rank(indices) is {idx_rank} and gather index leaf dimension is -1."));
        };
        check_sorted(op, "offset_dims", &d.offset_dims)?;
        check_unique(op, "offset_dims", &d.offset_dims)?;
        let out_rank = d.offset_dims.len() + ivd;
        for (i, &o) in d.offset_dims.iter().enumerate() {
            if o >= out_rank {
                return fail(format!("Offset dimension {i} in gather op is out of bounds; got {o}, but should have been in [0, {out_rank})"));
            }
        }
        if d.start_index_map.len() != indices.shape[ivd] {
            return fail(format!("Gather op has {} elements in start_index_map and the bound of dimension index_vector_dim={ivd} of indices is {}. These two numbers must be equal.", d.start_index_map.len(), indices.shape[ivd]));
        }
        for (i, &m) in d.start_index_map.iter().enumerate() {
            if m >= op_rank {
                return fail(format!(
                    "Invalid start_index_map; domain is [0, {op_rank}), got: {i}->{m}."
                ));
            }
        }
        check_unique(op, "start_index_map", &d.start_index_map)?;
        check_sorted(op, "collapsed_slice_dims", &d.collapsed_slice_dims)?;
        check_in_range(op, "collapsed_slice_dims", &d.collapsed_slice_dims, op_rank)?;
        check_unique(op, "collapsed_slice_dims", &d.collapsed_slice_dims)?;
        check_unique(op, "operand_batching_dims", &d.operand_batching_dims)?;
        check_sorted(op, "operand_batching_dims", &d.operand_batching_dims)?;
        check_in_range(
            op,
            "operand_batching_dims",
            &d.operand_batching_dims,
            op_rank,
        )?;
        check_disjoint(
            op,
            "collapsed_slice_dims",
            &d.collapsed_slice_dims,
            "operand_batching_dims",
            &d.operand_batching_dims,
        )?;
        check_disjoint(
            op,
            "start_index_map",
            &d.start_index_map,
            "operand_batching_dims",
            &d.operand_batching_dims,
        )?;
        check_unique(
            op,
            "start_indices_batching_dims",
            &d.start_indices_batching_dims,
        )?;
        check_in_range(
            op,
            "start_indices_batching_dims",
            &d.start_indices_batching_dims,
            idx_rank,
        )?;
        check_batching_dims(
            op,
            "start_indices_batching_dims",
            &d.operand_batching_dims,
            &d.start_indices_batching_dims,
            ivd,
            &operand.shape,
            &indices.shape,
        )?;
        let s = &self.slice_sizes;
        if s.len() != op_rank {
            return fail(format!("Gather op must have one slice size for every input dimension; got: len(slice_sizes)={}, input_shape.rank={op_rank}", s.len()));
        }
        if s.len()
            != d.offset_dims.len() + d.collapsed_slice_dims.len() + d.operand_batching_dims.len()
        {
            return fail(format!("All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed/batching; got len(slice_sizes)={}, output_slice_sizes={}, collapsed_slice_dims={}, operand_batching_dims={}.", s.len(), tuple(&d.offset_dims), tuple(&d.collapsed_slice_dims), tuple(&d.operand_batching_dims)));
        }
        if !indices.shape.contains(&0) {
            for (i, (&size, &n)) in s.iter().zip(&operand.shape).enumerate() {
                if size > n {
                    return fail(format!("Slice size at index {i} in gather op is out of range, must be within [0, {n} + 1), got {size}."));
                }
            }
        }
        for (i, &c) in d.collapsed_slice_dims.iter().enumerate() {
            if s[c] != 1 {
                return fail(format!("Gather op can only collapse slice dims with bound 1, but bound is {} for index {c} at position {i}.", s[c]));
            }
        }
        for (i, &b) in d.operand_batching_dims.iter().enumerate() {
            if s[b] > 1 {
                return fail(format!("Gather op can only have operand batching dims with bound 0/1, but bound is {} for index {b} at position {i}.", s[b]));
            }
        }
        let mut window = (0..op_rank)
            .filter(|i| !d.collapsed_slice_dims.contains(i) && !d.operand_batching_dims.contains(i))
            .map(|i| s[i]);
        let mut batch = indices.shape[..ivd].iter();
        let shape = (0..out_rank)
            .map(|i| {
                if d.offset_dims.contains(&i) {
                    window.next()
                } else {
                    batch.next().copied()
                }
                .unwrap_or(0)
            })
            .collect();
        Ok(vec![ShapedArray {
            shape,
            ..operand.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let d = &self.dimension_numbers;
        let op_shape = inputs[0].shape();
        let idx_shape = inputs[1].shape();
        let starts = WindowPlan {
            operand: op_shape,
            index_map: &d.start_index_map,
            operand_batching: &d.operand_batching_dims,
            indices_batching: &d.start_indices_batching_dims,
            window: &self.slice_sizes,
            clamp: self.mode != Mode::FillOrDrop,
        }
        .starts(idx_shape, &index_data("gather", &inputs[1])?);
        let offsets = window_offsets(&self.slice_sizes, &strides(op_shape));
        // Gathered as (batch..., window...), then moved to the output's interleaved order.
        let batch = &idx_shape[..idx_shape.len() - 1];
        let window: Vec<usize> = (0..op_shape.len())
            .filter(|i| !d.collapsed_slice_dims.contains(i) && !d.operand_batching_dims.contains(i))
            .map(|i| self.slice_sizes[i])
            .collect();
        let staged: Vec<usize> = [batch, &window].concat();
        let (mut next_batch, mut next_window) = (0, batch.len());
        let perm: Vec<usize> = (0..out.shape.len())
            .map(|i| {
                let slot = if d.offset_dims.contains(&i) {
                    &mut next_window
                } else {
                    &mut next_batch
                };
                *slot += 1;
                *slot - 1
            })
            .collect();
        let fill = self.fill_value.map_or(0.0, Fill::value);
        let buffer = match inputs[0].buffer() {
            Buffer::F32(a) => Buffer::F32(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, fill as f32)),
                &perm,
            )),
            Buffer::I32(a) => Buffer::I32(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, fill as i32)),
                &perm,
            )),
            Buffer::Bool(a) => Buffer::Bool(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, fill != 0.0)),
                &perm,
            )),
            Buffer::U32(a) => Buffer::U32(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, fill as u32)),
                &perm,
            )),
            Buffer::U8(a) => Buffer::U8(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, fill as u8)),
                &perm,
            )),
            Buffer::Key(a) => Buffer::Key(permuted(
                &Dense::filled(&staged, gather_windows(a, &starts, &offsets, [0, 0])),
                &perm,
            )),
        };
        Ok(one_output(&out, buffer))
    }

    /// Linear in the operand: the same gather of the tangent, with `fill_value=0`.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = self.apply(&primals[0], &primals[1])?;
        let t = tangents[0]
            .as_ref()
            .map(|t| {
                gather(
                    t,
                    &primals[1],
                    self.dimension_numbers.clone(),
                    self.slice_sizes.clone(),
                    self.mode,
                    Some(Fill::Int(0)),
                    self.indices_are_sorted,
                    self.unique_indices,
                )
            })
            .transpose()?;
        Ok((vec![out], vec![t]))
    }

    /// `scatter-add` of the cotangent into zeros.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let (Some(t), LinearArg::Known(indices)) = (&cts[0], &args[1]) else {
            return Ok(vec![None, None]);
        };
        let aval = args[0].aval();
        let zeros = lax::zeros(&ShapedArray {
            dtype: t.aval().dtype,
            weak_type: false,
            ..aval
        })?;
        let d = &self.dimension_numbers;
        let dims = ScatterDims {
            update_window_dims: d.offset_dims.clone(),
            inserted_window_dims: d.collapsed_slice_dims.clone(),
            scatter_dims_to_operand_dims: d.start_index_map.clone(),
            operand_batching_dims: d.operand_batching_dims.clone(),
            scatter_indices_batching_dims: d.start_indices_batching_dims.clone(),
        };
        let out = scatter(
            ScatterKind::Add,
            &zeros,
            indices,
            t,
            dims,
            self.mode,
            self.indices_are_sorted,
            self.unique_indices,
        )?;
        Ok(vec![Some(out), None])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let d = &self.dimension_numbers;
        let up = |v: &[usize]| v.iter().map(|x| x + 1).collect::<Vec<_>>();
        match (dims[0], dims[1]) {
            (Some(_), None) => {
                let operand = move_to_front(&args[0], dims[0])?;
                let mut slice_sizes = vec![operand.aval().shape[0]];
                slice_sizes.extend(&self.slice_sizes);
                let new = GatherDims {
                    offset_dims: [&[0][..], &up(&d.offset_dims)].concat(),
                    collapsed_slice_dims: up(&d.collapsed_slice_dims),
                    start_index_map: up(&d.start_index_map),
                    operand_batching_dims: up(&d.operand_batching_dims),
                    start_indices_batching_dims: d.start_indices_batching_dims.clone(),
                };
                let g = self.with(
                    new,
                    slice_sizes,
                    self.indices_are_sorted,
                    self.unique_indices,
                );
                Ok((vec![g.apply(&operand, &args[1])?], vec![Some(0)]))
            }
            (None, Some(_)) => {
                let indices = move_to_front(&args[1], dims[1])?;
                let new = GatherDims {
                    offset_dims: up(&d.offset_dims),
                    start_indices_batching_dims: up(&d.start_indices_batching_dims),
                    ..d.clone()
                };
                let g = self.with(new, self.slice_sizes.clone(), false, false);
                Ok((vec![g.apply(&args[0], &indices)?], vec![Some(0)]))
            }
            (Some(_), Some(_)) => {
                let operand = move_to_front(&args[0], dims[0])?;
                let indices = move_to_front(&args[1], dims[1])?;
                let first = usize::from(operand.aval().shape[0] != 0);
                let slice_sizes = [&[first][..], &self.slice_sizes].concat();
                let new = GatherDims {
                    offset_dims: up(&d.offset_dims),
                    collapsed_slice_dims: up(&d.collapsed_slice_dims),
                    start_index_map: up(&d.start_index_map),
                    operand_batching_dims: [&[0][..], &up(&d.operand_batching_dims)].concat(),
                    start_indices_batching_dims: [&[0][..], &up(&d.start_indices_batching_dims)]
                        .concat(),
                };
                let g = self.with(
                    new,
                    slice_sizes,
                    self.indices_are_sorted,
                    self.unique_indices,
                );
                Ok((vec![g.apply(&operand, &indices)?], vec![Some(0)]))
            }
            (None, None) => Ok((vec![self.apply(&args[0], &args[1])?], vec![None])),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// scatter

/// Which scatter: how an update combines with the element it lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScatterKind {
    Set,
    Add,
    Mul,
    Min,
    Max,
}

#[derive(Debug, Clone)]
pub struct Scatter {
    pub kind: ScatterKind,
    pub dimension_numbers: ScatterDims,
    pub mode: Mode,
    pub indices_are_sorted: bool,
    pub unique_indices: bool,
    /// The operand's dtype, which types the printed `update_jaxpr`.
    pub dtype: DType,
}

/// `lax.scatter` / `scatter_add` / `scatter_mul` / `scatter_min` / `scatter_max`.
#[allow(clippy::too_many_arguments)]
pub fn scatter(
    kind: ScatterKind,
    operand: &Value,
    indices: &Value,
    updates: &Value,
    dimension_numbers: ScatterDims,
    mode: Mode,
    indices_are_sorted: bool,
    unique_indices: bool,
) -> Result<Value> {
    let prim = Scatter {
        kind,
        dimension_numbers,
        mode,
        indices_are_sorted,
        unique_indices,
        dtype: operand.aval().dtype,
    };
    prim.apply(operand, indices, updates)
}

impl Scatter {
    fn apply(&self, operand: &Value, indices: &Value, updates: &Value) -> Result<Value> {
        let prim = Scatter {
            dtype: operand.aval().dtype,
            ..self.clone()
        };
        bind1(
            Rc::new(prim),
            &[operand.clone(), indices.clone(), updates.clone()],
        )
    }

    fn with_kind(&self, kind: ScatterKind) -> Scatter {
        Scatter {
            kind,
            ..self.clone()
        }
    }

    /// JAX's `update_jaxpr`: `{ lambda ; a b. let c = add a b in (c,) }` for the combining
    /// scatters, `None` for `scatter`.
    fn update_jaxpr(&self) -> Option<Jaxpr> {
        let primitive: Rc<dyn Primitive> = match self.kind {
            ScatterKind::Set => return None,
            ScatterKind::Add => Rc::new(Binary(BinaryOp::Add)),
            ScatterKind::Mul => Rc::new(Binary(BinaryOp::Mul)),
            ScatterKind::Min => Rc::new(Extremum { max: false }),
            ScatterKind::Max => Rc::new(Extremum { max: true }),
        };
        let scalar = ShapedArray::new(Vec::new(), self.dtype);
        let (a, b, c) = (
            Var::fresh(scalar.clone()),
            Var::fresh(scalar.clone()),
            Var::fresh(scalar),
        );
        Some(Jaxpr {
            constvars: Vec::new(),
            invars: vec![a.clone(), b.clone()],
            eqns: vec![Eqn {
                primitive,
                inputs: vec![Atom::Var(a), Atom::Var(b)],
                outputs: vec![c.clone()],
                source: None,
            }],
            outvars: vec![Atom::Var(c)],
        })
    }

    fn gather_of(&self, t: &Value, indices: &Value, updates: &[usize]) -> Result<Value> {
        let d = &self.dimension_numbers;
        let sizes = d.slice_sizes(t.aval().shape.len(), updates);
        gather(
            t,
            indices,
            d.to_gather(),
            sizes,
            self.mode,
            Some(Fill::Int(0)),
            false,
            false,
        )
    }

    fn check(
        &self,
        operand: &ShapedArray,
        indices: &ShapedArray,
        updates: &ShapedArray,
    ) -> Result<()> {
        let op = "scatter";
        let fail = |m: String| Err(type_error(op, m));
        if indices.dtype != DType::Int32 {
            return fail("indices must have an integer type".into());
        }
        if operand.dtype != updates.dtype {
            return fail(format!(
                "scatter requires arguments to have the same dtypes, got {}, {}.",
                operand.dtype, updates.dtype
            ));
        }
        let d = &self.dimension_numbers;
        let (op_rank, up_rank) = (operand.shape.len(), updates.shape.len());
        let Some(ivd) = indices.shape.len().checked_sub(1) else {
            return fail(format!("Scatter index leaf dimension must be within [0, rank(indices) + 1). rank(indices) is {} and scatter index leaf dimension is -1.", indices.shape.len()));
        };
        let expected = ivd + d.update_window_dims.len();
        if up_rank != expected {
            return fail(format!(
                "Updates tensor must be of rank {expected}; got {up_rank}."
            ));
        }
        check_sorted(op, "update_window_dims", &d.update_window_dims)?;
        check_unique(op, "update_window_dims", &d.update_window_dims)?;
        check_in_range(op, "update_window_dims", &d.update_window_dims, up_rank)?;
        check_sorted(op, "inserted_window_dims", &d.inserted_window_dims)?;
        check_unique(op, "inserted_window_dims", &d.inserted_window_dims)?;
        check_in_range(op, "inserted_window_dims", &d.inserted_window_dims, op_rank)?;
        check_sorted(op, "operand_batching_dims", &d.operand_batching_dims)?;
        check_unique(op, "operand_batching_dims", &d.operand_batching_dims)?;
        check_in_range(
            op,
            "operand_batching_dims",
            &d.operand_batching_dims,
            op_rank,
        )?;
        check_disjoint(
            op,
            "inserted_window_dims",
            &d.inserted_window_dims,
            "operand_batching_dims",
            &d.operand_batching_dims,
        )?;
        check_disjoint(
            op,
            "scatter_dims_to_operand_dims",
            &d.scatter_dims_to_operand_dims,
            "operand_batching_dims",
            &d.operand_batching_dims,
        )?;
        check_unique(
            op,
            "scatter_indices_batching_dims",
            &d.scatter_indices_batching_dims,
        )?;
        check_in_range(
            op,
            "scatter_indices_batching_dims",
            &d.scatter_indices_batching_dims,
            indices.shape.len(),
        )?;
        check_batching_dims(
            op,
            "scatter_indices_batching_dims",
            &d.operand_batching_dims,
            &d.scatter_indices_batching_dims,
            ivd,
            &operand.shape,
            &indices.shape,
        )?;
        let scatter_dims: Vec<usize> = (0..up_rank)
            .filter(|i| !d.update_window_dims.contains(i))
            .collect();
        let ob: Vec<usize> = d
            .operand_batching_dims
            .iter()
            .map(|&i| operand.shape[i])
            .collect();
        let ub: Vec<usize> = d
            .scatter_indices_batching_dims
            .iter()
            .map(|&i| updates.shape[scatter_dims[i]])
            .collect();
        if ob != ub {
            return fail(format!("Scatter op requires operand batching dimensions and updates batching dimensions to have the same shape, got {} and {}.", tuple(&ob), tuple(&ub)));
        }
        let window = d.update_window_dims.len()
            + d.inserted_window_dims.len()
            + d.operand_batching_dims.len();
        if op_rank != window {
            return fail(format!(
                "Scatter op has window of size {window}; doesn't match operand of rank {op_rank}."
            ));
        }
        if d.scatter_dims_to_operand_dims.len() != indices.shape[ivd] {
            return fail(format!("Scatter op has {} elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim={ivd} of indices is {}. These two numbers must be equal", d.scatter_dims_to_operand_dims.len(), indices.shape[ivd]));
        }
        for (i, &m) in d.scatter_dims_to_operand_dims.iter().enumerate() {
            if m >= op_rank {
                return fail(format!("Invalid scatter_dims_to_operand_dims mapping; domain is [0, {op_rank}), got: {i}->{m}."));
            }
        }
        check_unique(
            op,
            "scatter_dims_to_operand_dims",
            &d.scatter_dims_to_operand_dims,
        )?;
        let max_sizes: Vec<usize> = (0..op_rank)
            .filter(|i| !d.inserted_window_dims.contains(i) && !d.operand_batching_dims.contains(i))
            .map(|i| operand.shape[i])
            .collect();
        for (&w, &m) in d.update_window_dims.iter().zip(&max_sizes) {
            if m < updates.shape[w] {
                return fail(format!("Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension {w}, updates bound is {}, operand bound is {m}.", updates.shape[w]));
            }
        }
        for (j, &i) in scatter_dims.iter().enumerate() {
            if updates.shape[i] != indices.shape[j] {
                return fail(format!("Bounds of the scatter dimensions of updates must be the same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension {i}, updates bound is {}, indices bound is {}.", updates.shape[i], indices.shape[j]));
            }
        }
        Ok(())
    }
}

/// `min` / `max` of two same-typed arrays: the combiner in `scatter-min`/`scatter-max`'s
/// printed `update_jaxpr` (the elementwise ops proper live with the other binary ops).
#[derive(Debug)]
struct Extremum {
    max: bool,
}

impl Primitive for Extremum {
    fn name(&self) -> &'static str {
        if self.max {
            "max"
        } else {
            "min"
        }
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        if inputs[0] != inputs[1] {
            return Err(type_error(
                self.name(),
                format!(
                    "{} requires arguments of one type, got {} and {}",
                    self.name(),
                    inputs[0],
                    inputs[1]
                ),
            ));
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let aval = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let pick = |f: fn(f32, f32) -> f32, a: &Dense<f32>, b: &Dense<f32>| {
            a.data()
                .iter()
                .zip(b.data())
                .map(|(&x, &y)| f(x, y))
                .collect()
        };
        let buffer = match (inputs[0].buffer(), inputs[1].buffer(), self.max) {
            (Buffer::F32(a), Buffer::F32(b), m) => Buffer::F32(Dense::filled(
                &aval.shape,
                pick(if m { nan_max } else { nan_min }, a, b),
            )),
            (Buffer::I32(a), Buffer::I32(b), m) => Buffer::I32(extremes(a, b, m, &aval.shape)),
            (Buffer::U32(a), Buffer::U32(b), m) => Buffer::U32(extremes(a, b, m, &aval.shape)),
            (Buffer::U8(a), Buffer::U8(b), m) => Buffer::U8(extremes(a, b, m, &aval.shape)),
            (Buffer::Bool(a), Buffer::Bool(b), m) => Buffer::Bool(Dense::filled(
                &aval.shape,
                a.data()
                    .iter()
                    .zip(b.data())
                    .map(|(&x, &y)| if m { x | y } else { x & y })
                    .collect(),
            )),
            _ => return Err(Error::internal("min/max operands checked to share a type")),
        };
        Ok(one_output(&aval, buffer))
    }
}

/// Elementwise max (or min) of two integer arrays of `shape`.
fn extremes<T: Ord + Copy>(a: &Dense<T>, b: &Dense<T>, max: bool, shape: &[usize]) -> Dense<T> {
    let pick = |(&x, &y): (&T, &T)| if max { x.max(y) } else { x.min(y) };
    Dense::filled(shape, a.data().iter().zip(b.data()).map(pick).collect())
}

fn nan_min(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else {
        a.min(b)
    }
}

fn nan_max(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else {
        a.max(b)
    }
}

impl Primitive for Scatter {
    fn name(&self) -> &'static str {
        match self.kind {
            ScatterKind::Set => "scatter",
            ScatterKind::Add => "scatter-add",
            ScatterKind::Mul => "scatter-mul",
            ScatterKind::Min => "scatter-min",
            ScatterKind::Max => "scatter-max",
        }
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let d = &self.dimension_numbers;
        let dims = format!(
            "ScatterDimensionNumbers(update_window_dims={}, inserted_window_dims={}, scatter_dims_to_operand_dims={}, operand_batching_dims={}, scatter_indices_batching_dims={})",
            tuple(&d.update_window_dims),
            tuple(&d.inserted_window_dims),
            tuple(&d.scatter_dims_to_operand_dims),
            tuple(&d.operand_batching_dims),
            tuple(&d.scatter_indices_batching_dims)
        );
        vec![
            ("dimension_numbers", dims.into()),
            ("indices_are_sorted", Param::Bool(self.indices_are_sorted)),
            ("mode", self.mode.text().into()),
            ("unique_indices", Param::Bool(self.unique_indices)),
            ("update_consts", "()".into()),
            (
                "update_jaxpr",
                self.update_jaxpr()
                    .map_or(Param::None, |j| Param::Jaxpr(Rc::new(j))),
            ),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 3)?;
        self.check(&inputs[0], &inputs[1], &inputs[2])?;
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?.remove(0);
        let d = &self.dimension_numbers;
        let (op_shape, idx_shape, up_shape) =
            (inputs[0].shape(), inputs[1].shape(), inputs[2].shape());
        let window = d.slice_sizes(op_shape.len(), up_shape);
        let starts = WindowPlan {
            operand: op_shape,
            index_map: &d.scatter_dims_to_operand_dims,
            operand_batching: &d.operand_batching_dims,
            indices_batching: &d.scatter_indices_batching_dims,
            window: &window,
            clamp: self.mode == Mode::Clip,
        }
        .starts(idx_shape, &index_data(self.name(), &inputs[1])?);
        let offsets = window_offsets(&window, &strides(op_shape));
        // Updates as (scatter dims..., window dims...), each window contiguous.
        let perm: Vec<usize> = (0..up_shape.len())
            .filter(|i| !d.update_window_dims.contains(i))
            .chain(d.update_window_dims.iter().copied())
            .collect();
        macro_rules! run {
            ($a:expr, $u:expr, $f:expr) => {
                Dense::filled(
                    op_shape,
                    scatter_windows($a, permuted($u, &perm).data(), &starts, &offsets, $f),
                )
            };
        }
        use ScatterKind as K;
        // Integers wrap, as XLA's do.
        macro_rules! int_scatter {
            ($t:ty, $a:expr, $u:expr, $k:expr) => {
                match $k {
                    K::Set => run!($a, $u, |_, y| y),
                    K::Add => run!($a, $u, <$t>::wrapping_add),
                    K::Mul => run!($a, $u, <$t>::wrapping_mul),
                    K::Min => run!($a, $u, <$t>::min),
                    K::Max => run!($a, $u, <$t>::max),
                }
            };
        }
        let buffer = match (inputs[0].buffer(), inputs[2].buffer(), self.kind) {
            (Buffer::F32(a), Buffer::F32(u), k) => Buffer::F32(match k {
                K::Set => run!(a, u, |_, y| y),
                K::Add => run!(a, u, |x, y| x + y),
                K::Mul => run!(a, u, |x, y| x * y),
                K::Min => run!(a, u, nan_min),
                K::Max => run!(a, u, nan_max),
            }),
            (Buffer::I32(a), Buffer::I32(u), k) => Buffer::I32(int_scatter!(i32, a, u, k)),
            (Buffer::U32(a), Buffer::U32(u), k) => Buffer::U32(int_scatter!(u32, a, u, k)),
            (Buffer::U8(a), Buffer::U8(u), k) => Buffer::U8(int_scatter!(u8, a, u, k)),
            (Buffer::Bool(a), Buffer::Bool(u), k) => Buffer::Bool(match k {
                K::Set => run!(a, u, |_, y| y),
                K::Add | K::Max => run!(a, u, |x, y| x | y),
                K::Mul | K::Min => run!(a, u, |x, y| x & y),
            }),
            _ => {
                return Err(Error::internal(
                    "scatter operand and updates checked to share a dtype",
                ))
            }
        };
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (x, i, y) = (&primals[0], &primals[1], &primals[2]);
        let out = self.apply(x, i, y)?;
        let (gx, gy) = (&tangents[0], &tangents[2]);
        if gx.is_none() && gy.is_none() {
            return Ok((vec![out], vec![None]));
        }
        let t = match self.kind {
            ScatterKind::Add => {
                let gx = lax::instantiate(gx.clone(), &x.aval())?;
                let gy = lax::instantiate(gy.clone(), &y.aval())?;
                self.apply(&gx, i, &gy)?
            }
            ScatterKind::Set if self.unique_indices => {
                let gx = lax::instantiate(gx.clone(), &x.aval())?;
                let gy = lax::instantiate(gy.clone(), &y.aval())?;
                self.apply(&gx, i, &gy)?
            }
            ScatterKind::Set => {
                return Err(Error::MissingRule {
                    primitive: "scatter",
                    rule: "differentiation (JVP) with unique_indices=False (JAX's rule needs uint32 ids and select_n)",
                })
            }
            ScatterKind::Mul => {
                let from_x = gx.as_ref().map(|g| self.apply(g, i, y)).transpose()?;
                let from_y = match gy {
                    None => None,
                    Some(_) if !self.unique_indices => {
                        return Err(Error::usage("scatter_mul gradients are only implemented if `unique_indices=True`"))
                    }
                    Some(g) => {
                        let zeros = lax::zeros(&x.aval())?;
                        let added = self.with_kind(ScatterKind::Add).apply(&zeros, i, g)?;
                        Some(lax::mul(x, &added)?)
                    }
                };
                return Ok((vec![out], vec![lax::add_tangents(from_x, from_y)?]));
            }
            ScatterKind::Min | ScatterKind::Max => {
                return Err(Error::MissingRule {
                    primitive: self.name(),
                    rule: "differentiation (JVP) (JAX's extremal rule needs select_n)",
                })
            }
        };
        Ok((vec![out], vec![Some(t)]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let (Some(t), LinearArg::Known(indices)) = (&cts[0], &args[1]) else {
            return Ok(vec![None, None, None]);
        };
        let updates_shape = args[2].aval().shape;
        let (op_linear, up_linear) = (
            matches!(args[0], LinearArg::Linear(_)),
            matches!(args[2], LinearArg::Linear(_)),
        );
        let mut out = vec![None, None, None];
        match self.kind {
            ScatterKind::Add => {
                if op_linear {
                    out[0] = Some(t.clone());
                }
                if up_linear {
                    out[2] = Some(self.gather_of(t, indices, &updates_shape)?);
                }
            }
            ScatterKind::Mul => {
                if let (true, LinearArg::Known(y)) = (op_linear, &args[2]) {
                    out[0] = Some(self.apply(t, indices, y)?);
                }
                if let (true, LinearArg::Known(x)) = (up_linear, &args[0]) {
                    if !self.unique_indices {
                        return Err(Error::usage(
                            "scatter_mul gradients are only implemented if `unique_indices=True`",
                        ));
                    }
                    out[2] = Some(self.gather_of(&lax::mul(t, x)?, indices, &updates_shape)?);
                }
            }
            ScatterKind::Set => {
                if !self.unique_indices {
                    return Err(Error::usage(
                        "scatter transpose is only implemented where unique_indices=True",
                    ));
                }
                if op_linear {
                    let zeros =
                        lax::zeros(&ShapedArray::new(updates_shape.clone(), t.aval().dtype))?;
                    let s = Scatter {
                        unique_indices: true,
                        ..self.clone()
                    };
                    out[0] = Some(s.apply(t, indices, &zeros)?);
                }
                if up_linear {
                    out[2] = Some(self.gather_of(t, indices, &updates_shape)?);
                }
            }
            ScatterKind::Min | ScatterKind::Max => {
                return Err(Error::MissingRule {
                    primitive: self.name(),
                    rule: "transposition (reverse-mode differentiation)",
                })
            }
        }
        Ok(out)
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let d = &self.dimension_numbers;
        let up = |v: &[usize]| v.iter().map(|x| x + 1).collect::<Vec<_>>();
        let operand = materialize(&args[0], dims[0], axis_size)?;
        let updates = materialize(&args[2], dims[2], axis_size)?;
        let (new, indices) = match dims[1] {
            None => (
                ScatterDims {
                    update_window_dims: [&[0][..], &up(&d.update_window_dims)].concat(),
                    inserted_window_dims: up(&d.inserted_window_dims),
                    scatter_dims_to_operand_dims: up(&d.scatter_dims_to_operand_dims),
                    operand_batching_dims: up(&d.operand_batching_dims),
                    scatter_indices_batching_dims: d.scatter_indices_batching_dims.clone(),
                },
                args[1].clone(),
            ),
            Some(_) => (
                ScatterDims {
                    update_window_dims: up(&d.update_window_dims),
                    inserted_window_dims: up(&d.inserted_window_dims),
                    scatter_dims_to_operand_dims: up(&d.scatter_dims_to_operand_dims),
                    operand_batching_dims: [&[0][..], &up(&d.operand_batching_dims)].concat(),
                    scatter_indices_batching_dims: [
                        &[0][..],
                        &up(&d.scatter_indices_batching_dims),
                    ]
                    .concat(),
                },
                move_to_front(&args[1], dims[1])?,
            ),
        };
        let s = Scatter {
            dimension_numbers: new,
            ..self.clone()
        };
        Ok((vec![s.apply(&operand, &indices, &updates)?], vec![Some(0)]))
    }
}

// ---------------------------------------------------------------------------------------------
// dynamic_slice / dynamic_update_slice

/// Start indices of a dynamic slice: scalars of one integer type.
fn check_starts(primitive: &'static str, starts: &[ShapedArray], rank: usize) -> Result<()> {
    if starts.iter().any(|s| s.dtype != DType::Int32) {
        let names: Vec<&str> = starts.iter().map(|s| s.dtype.name()).collect();
        let sep = if primitive == "dynamic_slice" {
            ": "
        } else {
            " "
        };
        return Err(type_error(
            primitive,
            format!(
                "index arguments to {primitive} must be integers of the same type, got{sep}{}",
                names.join(", ")
            ),
        ));
    }
    if starts.iter().any(|s| !s.shape.is_empty()) {
        let listed: Vec<String> = starts.iter().map(|s| s.short()).collect();
        let sep = if primitive == "dynamic_slice" {
            ",  got"
        } else {
            ", got"
        };
        return Err(type_error(
            primitive,
            format!(
                "start_indices arguments to {primitive} must be scalars{sep} indices [{}]",
                listed.join(", ")
            ),
        ));
    }
    if starts.len() != rank {
        return Err(Error::Arity {
            primitive,
            expected: rank + if primitive == "dynamic_slice" { 1 } else { 2 },
            actual: starts.len() + if primitive == "dynamic_slice" { 1 } else { 2 },
        });
    }
    Ok(())
}

/// Starts clamped as XLA does, so the whole window `sizes` lies in `shape`; as a data offset.
fn clamped_offset(shape: &[usize], sizes: &[usize], starts: &[Array]) -> Result<usize> {
    let st = strides(shape);
    let mut offset = 0;
    for d in 0..shape.len() {
        let s = index_data("dynamic_slice", &starts[d])?[0];
        let hi = shape[d].saturating_sub(sizes[d]);
        offset += (s.max(0) as usize).min(hi) * st[d];
    }
    Ok(offset)
}

#[derive(Debug, Clone)]
pub struct DynamicSlice {
    pub slice_sizes: Vec<usize>,
}

/// Binds `dynamic_slice`: the window of `slice_sizes` at the scalar `starts`, clamped as XLA
/// does (`lax.dynamic_slice` first wraps negative starts; see `jnp_indexing::normalize_index`).
pub fn dynamic_slice(x: &Value, starts: &[Value], slice_sizes: Vec<usize>) -> Result<Value> {
    let args: Vec<Value> = std::iter::once(x.clone())
        .chain(starts.iter().cloned())
        .collect();
    bind1(Rc::new(DynamicSlice { slice_sizes }), &args)
}

impl Primitive for DynamicSlice {
    fn name(&self) -> &'static str {
        "dynamic_slice"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("slice_sizes", tuple(&self.slice_sizes).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let Some((x, starts)) = inputs.split_first() else {
            return Err(Error::Arity {
                primitive: "dynamic_slice",
                expected: 1,
                actual: 0,
            });
        };
        let s = &self.slice_sizes;
        if s.len() != x.shape.len() || s.iter().zip(&x.shape).any(|(a, b)| a > b) {
            return Err(type_error("slice", format!("slice slice_sizes must be less than or equal to operand shape, got slice_sizes {} for operand shape {}.", tuple(s), tuple(&x.shape))));
        }
        check_starts("dynamic_slice", starts, x.shape.len())?;
        Ok(vec![ShapedArray {
            shape: s.clone(),
            ..x.clone()
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?.remove(0);
        let x = &inputs[0];
        let start = clamped_offset(x.shape(), &self.slice_sizes, &inputs[1..])?;
        let steps = strides(x.shape());
        let buffer = map_buffer!(x.buffer(), |a| a.gather_at(
            start,
            &self.slice_sizes,
            &steps
        ));
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = dynamic_slice(&primals[0], &primals[1..], self.slice_sizes.clone())?;
        let t = tangents[0]
            .as_ref()
            .map(|t| dynamic_slice(t, &primals[1..], self.slice_sizes.clone()))
            .transpose()?;
        Ok((vec![out], vec![t]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let mut out = vec![None; args.len()];
        let Some(t) = &cts[0] else {
            return Ok(out);
        };
        let starts = known_starts(&args[1..])?;
        let zeros = lax::zeros(&args[0].aval())?;
        out[0] = Some(dynamic_update_slice(&zeros, t, &starts)?);
        Ok(out)
    }

    /// A gather with `CLIP`, as JAX batches it (`_dynamic_slice_batching_rule`).
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let rank = args[0].aval().shape.len() - usize::from(dims[0].is_some());
        let all: Vec<usize> = (0..rank).collect();
        let g = Gather {
            dimension_numbers: GatherDims {
                offset_dims: all.clone(),
                start_index_map: all,
                ..GatherDims::default()
            },
            slice_sizes: self.slice_sizes.clone(),
            mode: Mode::Clip,
            fill_value: None,
            indices_are_sorted: true,
            unique_indices: true,
        };
        let (index, index_dim) = batch_starts(&args[1..], &dims[1..], axis_size)?;
        g.batch(&[args[0].clone(), index], &[dims[0], index_dim], axis_size)
    }
}

/// JAX's `_batch_dynamic_slice_indices`: the scalar starts as one index vector, `[n]`, or with
/// any batched start, `[axis_size, n]` with the batch axis first.
fn batch_starts(
    starts: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<(Value, Option<usize>)> {
    if dims.iter().all(Option::is_none) {
        let parts: Vec<Value> = starts
            .iter()
            .map(|s| lax::broadcast_in_dim(s, &[1], Vec::new()))
            .collect::<Result<_>>()?;
        return Ok((concatenate(&parts, 0)?, None));
    }
    let parts: Vec<Value> = starts
        .iter()
        .zip(dims)
        .map(|(s, d)| {
            lax::broadcast_in_dim(
                s,
                &[axis_size, 1],
                if d.is_some() { vec![0] } else { Vec::new() },
            )
        })
        .collect::<Result<_>>()?;
    Ok((concatenate(&parts, 1)?, Some(0)))
}

fn known_starts(args: &[LinearArg]) -> Result<Vec<Value>> {
    args.iter()
        .map(|a| match a {
            LinearArg::Known(v) => Ok(v.clone()),
            LinearArg::Linear(_) => Err(Error::internal("start indices are never linear")),
        })
        .collect()
}

#[derive(Debug, Clone)]
pub struct DynamicUpdateSlice;

/// `lax.dynamic_update_slice`: `x` with `update` written at the (clamped) scalar `starts`.
pub fn dynamic_update_slice(x: &Value, update: &Value, starts: &[Value]) -> Result<Value> {
    let args: Vec<Value> = [x.clone(), update.clone()]
        .into_iter()
        .chain(starts.iter().cloned())
        .collect();
    bind1(Rc::new(DynamicUpdateSlice), &args)
}

impl Primitive for DynamicUpdateSlice {
    fn name(&self) -> &'static str {
        "dynamic_update_slice"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        if inputs.len() < 2 {
            return Err(Error::Arity {
                primitive: "dynamic_update_slice",
                expected: 2,
                actual: inputs.len(),
            });
        }
        let (x, u, starts) = (&inputs[0], &inputs[1], &inputs[2..]);
        let fail = |m: String| Err(type_error("dynamic_update_slice", m));
        if x.shape.len() != u.shape.len() {
            return fail(format!("dynamic_update_slice update must have the same rank as operand, got update shape {} for operand shape {}.", tuple(&u.shape), tuple(&x.shape)));
        }
        if u.shape.iter().zip(&x.shape).any(|(a, b)| a > b) {
            return fail(format!("dynamic_update_slice update shape must be smaller than operand shape, got update shape {} for operand shape {}.", tuple(&u.shape), tuple(&x.shape)));
        }
        if x.dtype != u.dtype {
            return Err(dtypes_differ("dynamic_update_slice", &[x.dtype, u.dtype]));
        }
        check_starts("dynamic_update_slice", starts, x.shape.len())?;
        Ok(vec![x.clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?.remove(0);
        let (x, u) = (&inputs[0], &inputs[1]);
        let start = clamped_offset(x.shape(), u.shape(), &inputs[2..])?;
        let offsets = window_offsets(u.shape(), &strides(x.shape()));
        let starts = [Some(start)];
        let buffer = map_buffer_pair!(x.buffer(), u.buffer(), |a, b| Dense::filled(
            x.shape(),
            scatter_windows(a, b.data(), &starts, &offsets, |_, y| y),
        ))
        .ok_or_else(|| Error::internal("dynamic_update_slice dtypes checked equal"))?;
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let starts = &primals[2..];
        let out = dynamic_update_slice(&primals[0], &primals[1], starts)?;
        if tangents[0].is_none() && tangents[1].is_none() {
            return Ok((vec![out], vec![None]));
        }
        let g = lax::instantiate(tangents[0].clone(), &primals[0].aval())?;
        let gu = lax::instantiate(tangents[1].clone(), &primals[1].aval())?;
        Ok((
            vec![out],
            vec![Some(dynamic_update_slice(&g, &gu, starts)?)],
        ))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let mut out = vec![None; args.len()];
        let Some(t) = &cts[0] else {
            return Ok(out);
        };
        let starts = known_starts(&args[2..])?;
        let update = args[1].aval();
        let zeros = lax::zeros(&ShapedArray::new(update.shape.clone(), t.aval().dtype))?;
        if let LinearArg::Linear(_) = args[0] {
            out[0] = Some(dynamic_update_slice(t, &zeros, &starts)?);
        }
        if let LinearArg::Linear(_) = args[1] {
            out[1] = Some(dynamic_slice(t, &starts, update.shape)?);
        }
        Ok(out)
    }

    /// A `CLIP` scatter, as JAX batches it (`_dynamic_update_slice_batching_rule`).
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let rank = args[1].aval().shape.len() - usize::from(dims[1].is_some());
        let all: Vec<usize> = (0..rank).collect();
        let s = Scatter {
            kind: ScatterKind::Set,
            dimension_numbers: ScatterDims {
                update_window_dims: all.clone(),
                scatter_dims_to_operand_dims: all,
                ..ScatterDims::default()
            },
            mode: Mode::Clip,
            indices_are_sorted: true,
            unique_indices: true,
            dtype: args[0].aval().dtype,
        };
        let (index, index_dim) = batch_starts(&args[2..], &dims[2..], axis_size)?;
        s.batch(
            &[args[0].clone(), index, args[1].clone()],
            &[dims[0], index_dim, dims[1]],
            axis_size,
        )
    }
}

// ---------------------------------------------------------------------------------------------
// concatenate / split

#[derive(Debug, Clone)]
pub struct Concatenate {
    pub dimension: usize,
}

/// `lax.concatenate` along `dimension`.
pub fn concatenate(xs: &[Value], dimension: usize) -> Result<Value> {
    bind1(Rc::new(Concatenate { dimension }), xs)
}

/// Joins row-major blocks: each operand contributes `chunks[i]` elements per outer index.
fn join<T: Copy>(parts: &[&Dense<T>], chunks: &[usize], outer: usize, shape: &[usize]) -> Dense<T> {
    let mut out = Dense::room_for(shape);
    for o in 0..outer {
        for (p, &c) in parts.iter().zip(chunks) {
            out.extend_from_slice(&p.data()[o * c..(o + 1) * c]);
        }
    }
    Dense::filled(shape, out)
}

impl Primitive for Concatenate {
    fn name(&self) -> &'static str {
        "concatenate"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("dimension", self.dimension.to_string().into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let fail = |m: String| Err(type_error("concatenate", m));
        let Some(first) = inputs.first() else {
            return fail("concatenate expects at least one operand, got 0.".into());
        };
        let shapes = || {
            inputs
                .iter()
                .map(|o| tuple(&o.shape))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if inputs.iter().any(|o| o.shape.len() != first.shape.len()) {
            return fail(format!(
                "Cannot concatenate arrays with different numbers of dimensions: got {}.",
                shapes()
            ));
        }
        let d = self.dimension;
        if d >= first.shape.len() {
            return fail(format!(
                "concatenate dimension out of bounds: dimension {d} for shapes {}.",
                shapes()
            ));
        }
        let rest = |s: &[usize]| [&s[..d], &s[d + 1..]].concat();
        if inputs.iter().any(|o| rest(&o.shape) != rest(&first.shape)) {
            return fail(format!("Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: concatenating along dimension {d} for shapes {}.", shapes()));
        }
        if inputs.iter().any(|o| o.dtype != first.dtype) {
            let dtypes: Vec<DType> = inputs.iter().map(|o| o.dtype).collect();
            return Err(dtypes_differ("concatenate", &dtypes));
        }
        let mut shape = first.shape.clone();
        shape[d] = inputs.iter().map(|o| o.shape[d]).sum();
        Ok(vec![ShapedArray {
            shape,
            dtype: first.dtype,
            weak_type: inputs.iter().all(|o| o.weak_type),
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let out = self.abstract_eval(&avals)?.remove(0);
        let d = self.dimension;
        let outer = element_count(&out.shape[..d]);
        let chunks: Vec<usize> = inputs
            .iter()
            .map(|a| element_count(&a.shape()[d..]))
            .collect();
        macro_rules! collect {
            ($variant:ident) => {{
                let parts: Vec<&Dense<_>> = inputs
                    .iter()
                    .filter_map(|a| match a.buffer() {
                        Buffer::$variant(x) => Some(x),
                        _ => None,
                    })
                    .collect();
                Buffer::$variant(join(&parts, &chunks, outer, &out.shape))
            }};
        }
        let buffer = match out.dtype {
            DType::Float32 => collect!(F32),
            DType::Int32 => collect!(I32),
            DType::Bool => collect!(Bool),
            DType::Uint32 => collect!(U32),
            DType::Uint8 => collect!(U8),
            DType::KeyFry => collect!(Key),
        };
        Ok(one_output(&out, buffer))
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let out = concatenate(primals, self.dimension)?;
        let ts: Vec<Value> = primals
            .iter()
            .zip(tangents)
            .map(|(p, t)| lax::instantiate(t.clone(), &p.aval()))
            .collect::<Result<_>>()?;
        Ok((vec![out], vec![Some(concatenate(&ts, self.dimension)?)]))
    }

    /// `split` of the cotangent; known operands' pieces are dropped.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(ct) = &cts[0] else {
            return Ok(vec![None; args.len()]);
        };
        let sizes = args
            .iter()
            .map(|a| a.aval().shape[self.dimension])
            .collect();
        let pieces = split(ct, sizes, self.dimension)?;
        Ok(pieces
            .into_iter()
            .zip(args)
            .map(|(p, a)| matches!(a, LinearArg::Linear(_)).then_some(p))
            .collect())
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let xs: Vec<Value> = args
            .iter()
            .zip(dims)
            .map(|(x, &d)| materialize(x, d, axis_size))
            .collect::<Result<_>>()?;
        Ok((vec![concatenate(&xs, self.dimension + 1)?], vec![Some(0)]))
    }
}

#[derive(Debug, Clone)]
pub struct Split {
    pub sizes: Vec<usize>,
    pub axis: usize,
}

/// `lax.split`: pieces of `sizes` along `axis`.
pub fn split(x: &Value, sizes: Vec<usize>, axis: usize) -> Result<Vec<Value>> {
    bind(Rc::new(Split { sizes, axis }), std::slice::from_ref(x))
}

impl Primitive for Split {
    fn name(&self) -> &'static str {
        "split"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("axis", self.axis.to_string().into()),
            ("sizes", tuple(&self.sizes).into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        let x = &inputs[0];
        if self.axis >= x.shape.len() {
            return Err(type_error(
                "split",
                format!(
                    "axis {} is out of bounds for array of dimension {}",
                    self.axis,
                    x.shape.len()
                ),
            ));
        }
        let total: usize = self.sizes.iter().sum();
        if total != x.shape[self.axis] {
            return Err(type_error(
                "split",
                format!(
                    "Sum of sizes {total} must be equal to dimension {} of the operand shape {}",
                    self.axis,
                    tuple(&x.shape)
                ),
            ));
        }
        Ok(self
            .sizes
            .iter()
            .map(|&n| {
                let mut shape = x.shape.clone();
                shape[self.axis] = n;
                ShapedArray { shape, ..x.clone() }
            })
            .collect())
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let x = &inputs[0];
        let outer = element_count(&x.shape()[..self.axis]);
        let inner = element_count(&x.shape()[self.axis + 1..]);
        let row = x.shape()[self.axis] * inner;
        let mut start = 0;
        let mut result = Vec::with_capacity(outs.len());
        for (aval, &n) in outs.iter().zip(&self.sizes) {
            let take = n * inner;
            let buffer = map_buffer!(x.buffer(), |a| {
                let data: Vec<_> = (0..outer)
                    .flat_map(|o| {
                        a.data()[o * row + start..o * row + start + take]
                            .iter()
                            .copied()
                    })
                    .collect();
                Dense::filled(&aval.shape, data)
            });
            start += take;
            result.push(Array::from_buffer(buffer).with_weak_type(aval.weak_type));
        }
        Ok(result)
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let outs = split(&primals[0], self.sizes.clone(), self.axis)?;
        let ts = match &tangents[0] {
            Some(t) => split(t, self.sizes.clone(), self.axis)?
                .into_iter()
                .map(Some)
                .collect(),
            None => vec![None; outs.len()],
        };
        Ok((outs, ts))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        if cts.iter().all(Option::is_none) {
            return Ok(vec![None]);
        }
        let avals = self.abstract_eval(&[args[0].aval()])?;
        let parts: Vec<Value> = cts
            .iter()
            .zip(&avals)
            .map(|(c, a)| lax::instantiate(c.clone(), a))
            .collect::<Result<_>>()?;
        Ok(vec![Some(concatenate(&parts, self.axis)?)])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let axis = match dims[0] {
            Some(b) if b <= self.axis => self.axis + 1,
            _ => self.axis,
        };
        let outs = split(&args[0], self.sizes.clone(), axis)?;
        let n = outs.len();
        Ok((outs, vec![dims[0]; n]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iota(shape: &[usize]) -> Array {
        let n = element_count(shape) as i32;
        Array::from_f32(shape, (0..n).map(|v| v as f32).collect()).unwrap()
    }

    fn ints(shape: &[usize], v: Vec<i32>) -> Array {
        Array::from_i32(shape, v).unwrap()
    }

    fn take_rows() -> Gather {
        Gather {
            dimension_numbers: GatherDims {
                offset_dims: vec![1],
                collapsed_slice_dims: vec![0],
                start_index_map: vec![0],
                ..GatherDims::default()
            },
            slice_sizes: vec![1, 3],
            mode: Mode::PromiseInBounds,
            fill_value: None,
            indices_are_sorted: false,
            unique_indices: false,
        }
    }

    #[test]
    fn gather_rows_columns_and_windows() {
        let x = iota(&[4, 3]);
        let rows = take_rows()
            .eval(&[x.clone(), ints(&[2, 1], vec![2, 0])])
            .unwrap()
            .remove(0);
        assert_eq!(rows.shape(), &[2, 3]);
        assert_eq!(rows.to_f64_vec(), vec![6., 7., 8., 0., 1., 2.]);
        // x[:, idx]: offset dim 0, columns collapsed.
        let cols = Gather {
            dimension_numbers: GatherDims {
                offset_dims: vec![0],
                collapsed_slice_dims: vec![1],
                start_index_map: vec![1],
                ..GatherDims::default()
            },
            slice_sizes: vec![4, 1],
            ..take_rows()
        };
        let c = cols
            .eval(&[x.clone(), ints(&[2, 1], vec![2, 1])])
            .unwrap()
            .remove(0);
        assert_eq!(c.shape(), &[4, 2]);
        assert_eq!(c.to_f64_vec(), vec![2., 1., 5., 4., 8., 7., 11., 10.]);
        // 2x2 windows at clamped (row, col) starts: (3, 2) clamps to (2, 1).
        let win = Gather {
            dimension_numbers: GatherDims {
                offset_dims: vec![1, 2],
                start_index_map: vec![0, 1],
                ..GatherDims::default()
            },
            slice_sizes: vec![2, 2],
            ..take_rows()
        };
        let w = win
            .eval(&[x.clone(), ints(&[2, 2], vec![0, 0, 3, 2])])
            .unwrap()
            .remove(0);
        assert_eq!(w.to_f64_vec(), vec![0., 1., 3., 4., 7., 8., 10., 11.]);
        // FILL_OR_DROP fills the out-of-bounds window.
        let fill = Gather {
            mode: Mode::FillOrDrop,
            fill_value: Some(Fill::Float(-1.0)),
            ..take_rows()
        };
        let f = fill
            .eval(&[x, ints(&[2, 1], vec![4, 1])])
            .unwrap()
            .remove(0);
        assert_eq!(f.to_f64_vec(), vec![-1., -1., -1., 3., 4., 5.]);
    }

    #[test]
    fn gather_with_batching_dims() {
        // Per batch row b, pick element idx[b] of x[b].
        let x = iota(&[2, 3]);
        let g = Gather {
            dimension_numbers: GatherDims {
                offset_dims: vec![],
                collapsed_slice_dims: vec![1],
                start_index_map: vec![1],
                operand_batching_dims: vec![0],
                start_indices_batching_dims: vec![0],
            },
            slice_sizes: vec![1, 1],
            ..take_rows()
        };
        let out = g.eval(&[x, ints(&[2, 1], vec![2, 0])]).unwrap().remove(0);
        assert_eq!(out.to_f64_vec(), vec![2., 3.]);
    }

    fn scatter_rows(kind: ScatterKind, mode: Mode) -> Scatter {
        Scatter {
            kind,
            dimension_numbers: ScatterDims {
                update_window_dims: vec![1],
                inserted_window_dims: vec![0],
                scatter_dims_to_operand_dims: vec![0],
                ..ScatterDims::default()
            },
            mode,
            indices_are_sorted: false,
            unique_indices: false,
            dtype: DType::Float32,
        }
    }

    #[test]
    fn scatters_combine_and_drop() {
        let x = Array::from_f32(&[3, 2], vec![1.0; 6]).unwrap();
        let idx = ints(&[3, 1], vec![0, 0, 5]);
        let u = Array::from_f32(&[3, 2], vec![2., 3., 4., 5., 6., 7.]).unwrap();
        let run = |k| {
            scatter_rows(k, Mode::FillOrDrop)
                .eval(&[x.clone(), idx.clone(), u.clone()])
                .unwrap()
                .remove(0)
                .to_f64_vec()
        };
        assert_eq!(run(ScatterKind::Add), vec![7., 9., 1., 1., 1., 1.]);
        assert_eq!(run(ScatterKind::Mul), vec![8., 15., 1., 1., 1., 1.]);
        assert_eq!(run(ScatterKind::Min), vec![1., 1., 1., 1., 1., 1.]);
        assert_eq!(run(ScatterKind::Max), vec![4., 5., 1., 1., 1., 1.]);
        assert_eq!(run(ScatterKind::Set), vec![4., 5., 1., 1., 1., 1.]);
        // CLIP moves index 5 onto the last row.
        let clip = scatter_rows(ScatterKind::Add, Mode::Clip)
            .eval(&[x, idx, u])
            .unwrap()
            .remove(0);
        assert_eq!(clip.to_f64_vec(), vec![7., 9., 1., 1., 7., 8.]);
    }

    #[test]
    fn dynamic_slices_clamp() {
        let x = iota(&[4, 3]);
        let ds = DynamicSlice {
            slice_sizes: vec![2, 2],
        };
        let out = ds
            .eval(&[x.clone(), ints(&[], vec![3]), ints(&[], vec![-1])])
            .unwrap()
            .remove(0);
        assert_eq!(out.to_f64_vec(), vec![6., 7., 9., 10.]);
        let u = Array::from_f32(&[1, 2], vec![-1., -2.]).unwrap();
        let dus = DynamicUpdateSlice
            .eval(&[x, u, ints(&[], vec![9]), ints(&[], vec![1])])
            .unwrap()
            .remove(0);
        assert_eq!(&dus.to_f64_vec()[9..], &[9., -1., -2.]);
    }

    #[test]
    fn concatenate_and_split_invert() {
        let a = iota(&[2, 1]);
        let b = iota(&[2, 2]);
        let c = Concatenate { dimension: 1 }
            .eval(&[a, b])
            .unwrap()
            .remove(0);
        assert_eq!(c.to_f64_vec(), vec![0., 0., 1., 1., 2., 3.]);
        let parts = Split {
            sizes: vec![1, 2],
            axis: 1,
        }
        .eval(&[c])
        .unwrap();
        assert_eq!(parts[1].to_f64_vec(), vec![0., 1., 2., 3.]);
    }

    #[test]
    fn params_print_like_jax() {
        let text = |p: Param| match p {
            Param::Text(t) => t,
            Param::None => "None".into(),
            Param::Bool(b) => b.to_string(),
            _ => String::new(),
        };
        let params: Vec<String> = take_rows()
            .params()
            .into_iter()
            .map(|(k, v)| format!("{k}={}", text(v)))
            .collect();
        assert_eq!(params[0], "dimension_numbers=GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), operand_batching_dims=(), start_indices_batching_dims=())");
        assert_eq!(params[3], "mode=GatherScatterMode.PROMISE_IN_BOUNDS");
        assert_eq!(Fill::Float(f64::NAN).text(), "nan");
        assert_eq!(Fill::Int(i64::from(i32::MIN)).text(), "-2147483648");
    }

    #[test]
    fn errors_are_jaxs() {
        let x = ShapedArray::new(vec![4, 3], DType::Float32);
        let idx = ShapedArray::new(vec![2, 1], DType::Int32);
        let bad = Gather {
            slice_sizes: vec![2, 3],
            ..take_rows()
        };
        let err = bad
            .abstract_eval(&[x.clone(), idx.clone()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("Gather op can only collapse slice dims with bound 1, but bound is 2 for index 0 at position 0."), "{err}");
        let f = ShapedArray::new(vec![2, 1], DType::Float32);
        let err = take_rows()
            .abstract_eval(&[x.clone(), f])
            .unwrap_err()
            .to_string();
        assert!(err.contains("indices must have an integer type"));
        let up = ShapedArray::new(vec![2, 4], DType::Float32);
        let err = scatter_rows(ScatterKind::Add, Mode::FillOrDrop)
            .abstract_eval(&[x, idx, up])
            .unwrap_err()
            .to_string();
        assert!(err.contains("Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 4, operand bound is 3."), "{err}");
    }
}
