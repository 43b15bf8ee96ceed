//! Row-major element storage for one dtype (`Dense<T>`, an ndarray `ArrayD` that is always in
//! standard layout) and the index arithmetic the structural and elementwise kernels share.
//!
//! Every array the engine makes is contiguous and row-major, so kernels work on its elements as
//! one slice. Layout work (broadcasting, transposing) is a walk over rows with per-dimension
//! steps that does not depend on the element type; only the loop along a row is generic, which
//! keeps the kernels small in the shipped wasm (ndarray's own iterators and `Zip`, instantiated
//! per element type and operation, were a large part of it).

use ndarray::{Array1, ArrayD, IxDyn};

/// How many elements an array of this shape holds.
// Out of line: inlined at its many call sites it costs more wasm than the call saves.
#[inline(never)]
pub fn element_count(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// Elements in row-major order with their shape. Only made from a row-major `Vec` or a single
/// value, so the ndarray inside is always in standard layout.
#[derive(Clone)]
pub struct Dense<T>(ArrayD<T>);

// By shape and elements, the same as ndarray's, without its per-type iterator code in the wasm.
impl<T: Copy + PartialEq> PartialEq for Dense<T> {
    fn eq(&self, other: &Self) -> bool {
        self.shape() == other.shape() && self.data() == other.data()
    }
}

// Shape and elements, rather than ndarray's array formatter, whose code the wasm would carry
// (bench/NOTES.md).
impl<T: Copy + std::fmt::Debug> std::fmt::Debug for Dense<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dense")
            .field("shape", &self.shape())
            .field("data", &self.data())
            .finish()
    }
}

impl<T: Copy> Dense<T> {
    /// `None` when `data` does not have exactly the shape's number of elements.
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn from_shape_vec(shape: &[usize], data: Vec<T>) -> Option<Self> {
        row_major(shape, data).map(Dense)
    }

    pub fn from_elem(shape: &[usize], value: T) -> Self {
        Self::filled(shape, vec![value; element_count(shape)])
    }

    pub fn shape(&self) -> &[usize] {
        self.0.shape()
    }

    /// The elements in row-major order.
    // Out of line: inlined at its many call sites it costs more wasm than the call saves.
    #[inline(never)]
    pub fn data(&self) -> &[T] {
        // Standard layout by construction (see the type), so ndarray always has the slice.
        self.0.as_slice().unwrap_or(&[])
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.data().iter()
    }

    /// The same elements under another shape of the same size (a row-major reshape).
    pub fn reshaped(&self, shape: &[usize]) -> Option<Self> {
        Self::from_shape_vec(shape, self.data().to_vec())
    }

    /// The elements read into an array of shape `shape`, whose dimension `d` steps `steps[d]`
    /// through this array's data (0 repeats: broadcast; permuted strides: transpose).
    pub fn gather(&self, shape: &[usize], steps: &[usize]) -> Self {
        self.gather_at(0, shape, steps)
    }

    /// [`Dense::gather`] starting at data offset `start`; a step may be negative, as a
    /// wrapped `usize` (`rev`), as long as every element read is in this array.
    pub fn gather_at(&self, start: usize, shape: &[usize], steps: &[usize]) -> Self {
        let (n, step) = last_row(shape, steps);
        let mut data = Self::room_for(shape);
        let own = self.data();
        for_each_row(shape, steps, steps, &mut |at, _| {
            let at = start.wrapping_add(at);
            data.extend((0..n).map(move |k| own[at.wrapping_add(k.wrapping_mul(step))]));
        });
        Self::filled(shape, data)
    }

    /// An array of shape `shape` filled with `fill`, with this array's elements written from
    /// data offset `start`, dimension `d` stepping `steps[d]` (`pad`).
    pub fn scatter_into(&self, fill: T, shape: &[usize], start: usize, steps: &[usize]) -> Self {
        let mut data = vec![fill; element_count(shape)];
        let own = self.data();
        let (n, step) = last_row(self.shape(), steps);
        let mut next = 0;
        for_each_row(self.shape(), steps, steps, &mut |at, _| {
            for k in 0..n {
                data[start + at + k * step] = own[next + k];
            }
            next += n;
        });
        Self::filled(shape, data)
    }

    /// The `i`-th slice along the leading axis; the caller checks that there is one.
    pub fn index0(&self, i: usize) -> Self {
        let shape = &self.shape()[1..];
        let n = element_count(shape);
        Self::filled(shape, self.data()[i * n..(i + 1) * n].to_vec())
    }

    /// `f` over the elements, keeping the shape.
    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> Dense<U> {
        Dense::filled(self.shape(), self.data().iter().map(|&x| f(x)).collect())
    }

    /// An empty buffer with room for `shape`'s elements, for a kernel to fill. This and
    /// [`Dense::filled`] stay out of line: kernels exist once per op, these once per dtype.
    #[inline(never)]
    pub(crate) fn room_for(shape: &[usize]) -> Vec<T> {
        Vec::with_capacity(element_count(shape))
    }

    /// The array of shape `shape` a kernel filled `data` for: exactly its elements, which kernels
    /// guarantee. Were one to get that wrong, the result would be an empty array, which the
    /// next shape check reports, rather than a panic.
    #[inline(never)]
    pub(crate) fn filled(shape: &[usize], data: Vec<T>) -> Self {
        debug_assert_eq!(data.len(), element_count(shape));
        Dense(row_major(shape, data).unwrap_or_else(|| Array1::from_vec(Vec::new()).into_dyn()))
    }

    /// Sums out `axes` (highest first, so the others keep their numbers) with `add`.
    pub fn sum_axes(&self, axes: &[usize], add: impl Fn(T, T) -> T + Copy) -> Self
    where
        T: Default,
    {
        let mut out: Option<Self> = None;
        for ax in (0..self.shape().len()).rev().filter(|a| axes.contains(a)) {
            out = Some(out.as_ref().unwrap_or(self).sum_axis(ax, add));
        }
        out.unwrap_or_else(|| self.clone())
    }

    /// Sums out axis `axis` with `add` (zero is `T::default()`), in the order ndarray's
    /// `sum_axis` used, so float results stay bit-identical: along the last axis each row is
    /// folded eightfold-unrolled ([`unrolled_sum`]); along any other axis the slices are added
    /// one after another.
    fn sum_axis(&self, axis: usize, add: impl Fn(T, T) -> T) -> Self
    where
        T: Default,
    {
        let own = self.data();
        let n = self.shape()[axis];
        let inner = element_count(&self.shape()[axis + 1..]);
        let outer = element_count(&self.shape()[..axis]);
        let mut shape = self.shape().to_vec();
        shape.remove(axis);
        let data = if axis + 1 == self.shape().len() {
            (0..outer)
                .map(|o| unrolled_sum(&own[o * n..(o + 1) * n], &add))
                .collect()
        } else {
            let mut out = vec![T::default(); outer * inner];
            for o in 0..outer {
                let acc = &mut out[o * inner..(o + 1) * inner];
                for k in 0..n {
                    let start = (o * n + k) * inner;
                    for (a, &x) in acc.iter_mut().zip(&own[start..start + inner]) {
                        *a = add(*a, x);
                    }
                }
            }
            out
        };
        Self::filled(&shape, data)
    }
}

/// `data` as a row-major array of `shape`, or `None` if the sizes differ. Reshaping a 1-D array
/// rather than `ArrayD::from_shape_vec`, which also checks arbitrary strides for overlap (with a
/// stable sort and more, code the wasm would carry; bench/NOTES.md) although these strides are
/// the default ones.
fn row_major<T>(shape: &[usize], data: Vec<T>) -> Option<ArrayD<T>> {
    Array1::from_vec(data)
        .into_shape_with_order(IxDyn(shape))
        .ok()
}

/// ndarray's `unrolled_fold` for sums: eight running partial sums combined pairwise, then the
/// tail added in order, so rounding is as before. Written as ndarray wrote it and kept out of
/// line (wasm-opt's one-caller inlining is off too, see Cargo.toml): V8 runs this loop faster
/// than a chunked or inlined variant (bench/NOTES.md).
#[inline(never)]
fn unrolled_sum<T: Copy + Default>(mut xs: &[T], add: impl Fn(T, T) -> T) -> T {
    let z = T::default();
    let (mut p0, mut p1, mut p2, mut p3, mut p4, mut p5, mut p6, mut p7) = (z, z, z, z, z, z, z, z);
    while xs.len() >= 8 {
        p0 = add(p0, xs[0]);
        p1 = add(p1, xs[1]);
        p2 = add(p2, xs[2]);
        p3 = add(p3, xs[3]);
        p4 = add(p4, xs[4]);
        p5 = add(p5, xs[5]);
        p6 = add(p6, xs[6]);
        p7 = add(p7, xs[7]);
        xs = &xs[8..];
    }
    let mut acc = z;
    acc = add(acc, add(p0, p4));
    acc = add(acc, add(p1, p5));
    acc = add(acc, add(p2, p6));
    acc = add(acc, add(p3, p7));
    xs.iter().fold(acc, |acc, &x| add(acc, x))
}

/// Row-major strides (in elements) of `shape`.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut out = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        out[d] = out[d + 1] * shape[d + 1];
    }
    out
}

/// Walks an output of shape `sizes` in row-major order one innermost row at a time, calling
/// `row(a, b)` with two operands' data offsets at the start of each row; along dimension `d`
/// their offsets advance by `steps_a[d]` and `steps_b[d]`. Not generic, so the odometer exists
/// once; callers loop along the row themselves with [`last_row`]'s length and steps.
pub fn for_each_row(
    sizes: &[usize],
    steps_a: &[usize],
    steps_b: &[usize],
    row: &mut dyn FnMut(usize, usize),
) {
    if sizes.contains(&0) {
        return;
    }
    let Some(outer) = sizes.len().checked_sub(1) else {
        return row(0, 0);
    };
    let mut index = vec![0; outer];
    let (mut a, mut b) = (0, 0);
    loop {
        row(a, b);
        let mut d = outer;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            // Wrapping: a negative step (`rev`) is a wrapped `usize`.
            index[d] += 1;
            a = a.wrapping_add(steps_a[d]);
            b = b.wrapping_add(steps_b[d]);
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
            a = a.wrapping_sub(steps_a[d].wrapping_mul(sizes[d]));
            b = b.wrapping_sub(steps_b[d].wrapping_mul(sizes[d]));
        }
    }
}

/// The length of the rows [`for_each_row`] visits and an operand's step along them (a scalar
/// output is one row of one element).
pub fn last_row(sizes: &[usize], steps: &[usize]) -> (usize, usize) {
    (
        sizes.last().copied().unwrap_or(1),
        steps.last().copied().unwrap_or(0),
    )
}

/// Source steps for reading an operand of shape `from` broadcast to `to`, whose trailing
/// dimensions `from` lines up with (NumPy's rule; lax's operands have equal ranks or are
/// scalars): dims of size 1, and the leading dims `from` lacks, step 0.
pub fn broadcast_steps(from: &[usize], to: &[usize]) -> Vec<usize> {
    let missing = to.len().saturating_sub(from.len());
    let own = strides(from)
        .into_iter()
        .zip(from)
        .map(|(s, &n)| if n == 1 { 0 } else { s });
    std::iter::repeat_n(0, missing).chain(own).collect()
}

/// Folds the dimensions marked in `reduced` out of a row-major array (`shape`, `data`) into
/// `out`, the kept dimensions in order, whose elements hold the fold's starting values. Input
/// elements are read once, in order; neighbouring dimensions both reduced or both kept are merged
/// first (which changes no order), so rows are as long as they can be. When the last dimension
/// is reduced, each row goes to `row(acc, elements)` with its output element's accumulator (a
/// plain fold, or NumPy's pairwise sum); otherwise each row is combined with `f` element by
/// element into its output row. The engine's reductions and host NumPy's use it.
pub fn fold_rows<T: Copy>(
    shape: &[usize],
    reduced: &[bool],
    data: &[T],
    out: &mut [T],
    f: impl Fn(T, T) -> T,
    row: impl Fn(T, &[T]) -> T,
) {
    if shape.contains(&0) {
        return;
    }
    // Merged dimensions: (size, reduced), size-1 ones dropped (they change no index).
    let mut dims: Vec<(usize, bool)> = Vec::with_capacity(shape.len());
    for (&n, &r) in shape.iter().zip(reduced) {
        match dims.last_mut() {
            _ if n == 1 => {}
            Some((size, last)) if *last == r => *size *= n,
            _ => dims.push((n, r)),
        }
    }
    let (n, last_reduced) = dims.pop().unwrap_or((1, true));
    // The walk's shape: the outer dims, then the row (which `for_each_row` does not step over).
    let sizes: Vec<usize> = dims.iter().map(|d| d.0).chain([n]).collect();
    // Output steps of the outer dims: a kept dim steps by the product of the kept sizes after
    // it (the row's own length included when the row is kept), a reduced one by 0.
    let mut steps = vec![0; sizes.len()];
    let mut stride = if last_reduced { 1 } else { n };
    for (d, &(size, r)) in dims.iter().enumerate().rev() {
        if !r {
            steps[d] = stride;
            stride *= size;
        }
    }
    let mut at = 0;
    for_each_row(&sizes, &steps, &steps, &mut |o, _| {
        let xs = &data[at..at + n];
        if last_reduced {
            out[o] = row(out[o], xs);
        } else {
            for (acc, &x) in out[o..o + n].iter_mut().zip(xs) {
                *acc = f(*acc, x);
            }
        }
        at += n;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_broadcasts_and_transposes() {
        let m = Dense::from_shape_vec(&[2, 3], vec![0, 1, 2, 3, 4, 5]).unwrap();
        // Read transposed: shape (3, 2), steps (1, 3).
        assert_eq!(m.gather(&[3, 2], &[1, 3]).data(), &[0, 3, 1, 4, 2, 5]);
        // A (1, 3) row broadcast to (2, 3).
        let row = Dense::from_shape_vec(&[1, 3], vec![7, 8, 9]).unwrap();
        let steps = broadcast_steps(&[1, 3], &[2, 3]);
        assert_eq!(row.gather(&[2, 3], &steps).data(), &[7, 8, 9, 7, 8, 9]);
        let scalar = Dense::from_elem(&[], 4);
        assert_eq!(scalar.gather(&[], &[]).data(), &[4]);
        assert_eq!(scalar.gather(&[2, 0], &[0, 0]).data(), &[] as &[i32]);
    }

    #[test]
    fn sums_match_ndarray_order() {
        let x = Dense::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(x.sum_axes(&[1], |a, b| a + b).data(), &[6, 15]);
        assert_eq!(x.sum_axes(&[0], |a, b| a + b).data(), &[5, 7, 9]);
        assert_eq!(x.sum_axes(&[0, 1], |a, b| a + b).data(), &[21]);
        let v: Vec<f32> = (0..19).map(|i| 0.1 * i as f32).collect();
        let mut p = [0f32; 8];
        for c in v.chunks_exact(8) {
            for (p, x) in p.iter_mut().zip(c) {
                *p += x;
            }
        }
        let want = (0..4).fold(0.0, |acc, i| acc + (p[i] + p[i + 4])) + v[16] + v[17] + v[18];
        assert_eq!(unrolled_sum(&v, |a, b| a + b), want);
    }
}
