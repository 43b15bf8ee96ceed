//! `jax.lax.linalg`'s primitives: `cholesky`, `triangular_solve`, `lu`, `qr`, `eigh` and `svd`,
//! named, typed and printed as JAX 0.10.2 has them. Each works on a stack of matrices
//! `(..., m, n)`, so batching moves the mapped axis to the front (JAX's `expand_dims_batcher`).
//! The kernels are small textbook ones computed in f64 and rounded to float32: Cholesky, LU with
//! partial pivoting (LAPACK's `getrf` pivot choice), Householder QR with LAPACK's sign
//! convention (so `Q` and `R` agree with JAX's), cyclic Jacobi for `eigh` and one-sided Jacobi
//! for `svd`. Failures give NaNs as JAX's LAPACK calls do. JVP rules are JAX's, written with
//! `lax` helpers so they trace like JAX's (`dot_general` carries no `precision` here: jaxplay's
//! has no such param).

use super::dot::{dot_general, type_error, DotDims};
use super::indexing::{gather, GatherDims, Mode};
use super::math::ops::{integer_pow, select_n};
use super::slicing::PadDim;
use super::structural::Iota;
use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{shape_tuple, Array, ShapedArray};
use crate::batching::materialize;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::elementwise::CompareOp;
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

// ------------------------------------------------------------------ shared checks and layout

fn check_float(primitive: &'static str, aval: &ShapedArray) -> Result<()> {
    if aval.dtype == DType::Float32 {
        Ok(())
    } else {
        Err(Error::DtypeNotAccepted {
            primitive,
            dtype: aval.dtype.name().into(),
            accepted: "floating, complexfloating",
        })
    }
}

/// JAX's `linalg_shape_rule` rank check: `(batch, m, n)` of a `(..., m, n)` operand.
fn matrix_dims(primitive: &'static str, input: usize, shape: &[usize]) -> Result<(usize, usize)> {
    if shape.len() < 2 {
        return Err(Error::usage(format!(
            "Input {input} to {primitive} must have rank at least 2, but got shape={}",
            shape_tuple(shape)
        )));
    }
    Ok((shape[shape.len() - 2], shape[shape.len() - 1]))
}

fn with_last_two(shape: &[usize], m: usize, n: usize) -> Vec<usize> {
    let mut s = shape[..shape.len() - 2].to_vec();
    s.extend([m, n]);
    s
}

fn with_last(shape: &[usize], n: usize) -> Vec<usize> {
    let mut s = shape[..shape.len() - 2].to_vec();
    s.push(n);
    s
}

fn f32_array(shape: &[usize], data: &[f64]) -> Result<Array> {
    Array::from_f32(shape, data.iter().map(|&v| v as f32).collect())
}

fn i32_array(shape: &[usize], data: &[i32]) -> Result<Array> {
    Array::from_i32(shape, data.to_vec())
}

/// Runs `kernel` on each `m x n` matrix of a stack, concatenating each of its outputs.
fn per_matrix<const K: usize>(
    x: &Array,
    mut kernel: impl FnMut(&[f64]) -> [Vec<f64>; K],
) -> [Vec<f64>; K] {
    let shape = x.shape();
    let (m, n) = (shape[shape.len() - 2], shape[shape.len() - 1]);
    let data = x.to_f64_vec();
    let mut outs: [Vec<f64>; K] = std::array::from_fn(|_| Vec::new());
    let size = m * n;
    let count: usize = shape[..shape.len() - 2].iter().product();
    for b in 0..count {
        for (o, part) in outs.iter_mut().zip(kernel(&data[b * size..(b + 1) * size])) {
            o.extend(part);
        }
    }
    outs
}

/// JAX's `expand_dims_batcher`: every operand's batch axis to the front, result batched at 0.
fn batch_at_front(
    prim: Rc<dyn Primitive>,
    args: &[Value],
    dims: &[Option<usize>],
    axis_size: usize,
) -> Result<BatchOut> {
    let args = args
        .iter()
        .zip(dims)
        .map(|(x, &d)| materialize(x, d, axis_size))
        .collect::<Result<Vec<_>>>()?;
    let outs = bind(prim, &args)?;
    let n = outs.len();
    Ok((outs, vec![Some(0); n]))
}

// ------------------------------------------------------------------ lax-level helpers

fn iota2(n: usize, m: usize, dimension: usize) -> Result<Value> {
    let prim = Iota {
        dtype: DType::Int32,
        shape: vec![n, m],
        dimension,
    };
    bind1(Rc::new(prim), &[])
}

fn int_scalar(v: i64) -> Value {
    Value::Array(Array::weak_scalar(v as f64, DType::Int32).with_weak_type(false))
}

fn f32_scalar(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32).with_weak_type(false))
}

/// `lax._tri`: `i + k >= j` over an `n x m` grid, broadcast to `batch` leading dims.
fn tri_mask(shape: &[usize], k: i64) -> Result<Value> {
    let (n, m) = (shape[shape.len() - 2], shape[shape.len() - 1]);
    let rows = lax::add(&iota2(n, m, 0)?, &int_scalar(k))?;
    let mask = lax::compare(CompareOp::Ge, &rows, &iota2(n, m, 1)?)?;
    let r = shape.len();
    lax::broadcast_in_dim(&mask, shape, vec![r - 2, r - 1])
}

/// `lax._tril(x, k)`: zeros above the `k`-th diagonal.
pub fn tril(x: &Value, k: i64) -> Result<Value> {
    let mask = tri_mask(x.shape(), k)?;
    let zeros = lax::zeros(&x.aval())?;
    select_n(&mask, &[zeros, x.clone()])
}

/// `lax._triu(x, k)`: zeros below the `k`-th diagonal.
pub fn triu(x: &Value, k: i64) -> Result<Value> {
    let mask = tri_mask(x.shape(), k - 1)?;
    let zeros = lax::zeros(&x.aval())?;
    select_n(&mask, &[x.clone(), zeros])
}

/// `lax._eye(dtype, (n, m))`, broadcast to `batch` leading dims.
pub fn eye(batch: &[usize], n: usize, m: usize, dtype: DType) -> Result<Value> {
    let rows = lax::add(&iota2(n, m, 0)?, &int_scalar(0))?;
    let on = lax::compare(CompareOp::Eq, &rows, &iota2(n, m, 1)?)?;
    let e = lax::convert(&on, dtype, false)?;
    let shape = [batch, &[n, m]].concat();
    lax::broadcast_in_dim(&e, &shape, vec![batch.len(), batch.len() + 1])
}

/// `_T`: the last two axes swapped.
pub fn mt(x: &Value) -> Result<Value> {
    let r = x.shape().len();
    let mut perm: Vec<usize> = (0..r).collect();
    perm.swap(r - 2, r - 1);
    lax::transpose(x, perm)
}

/// `lax.batch_matmul` (`lax.dot` for matrices): `(..., m, k) @ (..., k, n)`.
pub fn batch_matmul(a: &Value, b: &Value) -> Result<Value> {
    let r = a.shape().len();
    let batch: Vec<usize> = (0..r - 2).collect();
    let dims = DotDims {
        lhs_contract: vec![r - 1],
        rhs_contract: vec![r - 2],
        lhs_batch: batch.clone(),
        rhs_batch: batch,
    };
    dot_general(a, b, dims, None)
}

/// The main diagonal of each matrix of a stack (`(..., n, n) -> (..., n)`).
pub fn diagonal(x: &Value) -> Result<Value> {
    let shape = x.shape().to_vec();
    let r = shape.len();
    let e = eye(&shape[..r - 2], shape[r - 2], shape[r - 1], x.aval().dtype)?;
    lax::reduce_sum(&lax::mul(x, &e)?, vec![r - 2])
}

fn pad(x: &Value, config: &[(usize, usize)]) -> Result<Value> {
    let dims = config
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
    lax::pad_with(x, &f32_scalar(0.0), dims)
}

fn slice_last_two(x: &Value, rows: (usize, usize), cols: (usize, usize)) -> Result<Value> {
    let shape = x.shape();
    let r = shape.len();
    if rows == (0, shape[r - 2]) && cols == (0, shape[r - 1]) {
        return Ok(x.clone());
    }
    let mut start = vec![0; r];
    let mut limit = shape.to_vec();
    (start[r - 2], limit[r - 2]) = rows;
    (start[r - 1], limit[r - 1]) = cols;
    lax::slice(x, start, limit, None)
}

// ------------------------------------------------------------------ cholesky

/// `cholesky`: the lower Cholesky factor of each (symmetric positive definite) matrix, read from
/// its lower triangle; NaNs where the matrix is not positive definite.
#[derive(Debug, Clone)]
pub struct Cholesky;

pub fn cholesky(x: &Value) -> Result<Value> {
    bind1(Rc::new(Cholesky), std::slice::from_ref(x))
}

fn cholesky_kernel(n: usize, a: &[f64]) -> Vec<f64> {
    let mut l = vec![0.0; n * n];
    for j in 0..n {
        let d = a[j * n + j] - (0..j).map(|k| l[j * n + k] * l[j * n + k]).sum::<f64>();
        if d.is_nan() || d <= 0.0 {
            return vec![f64::NAN; n * n];
        }
        let d = d.sqrt();
        l[j * n + j] = d;
        for i in j + 1..n {
            let s: f64 = (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum();
            l[i * n + j] = (a[i * n + j] - s) / d;
        }
    }
    l
}

impl Primitive for Cholesky {
    fn name(&self) -> &'static str {
        "cholesky"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_float(self.name(), &inputs[0])?;
        let (m, n) = matrix_dims(self.name(), 0, &inputs[0].shape)?;
        if m != n {
            return Err(Error::Value {
                message: format!(
                    "The input to cholesky must be a square matrix. Got shape {}.",
                    shape_tuple(&[m, n])
                ),
            });
        }
        Ok(vec![ShapedArray::new(
            inputs[0].shape.clone(),
            DType::Float32,
        )])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?.remove(0);
        let n = out.shape[out.shape.len() - 1];
        let [l] = per_matrix(&inputs[0], |a| [cholesky_kernel(n, a)]);
        Ok(vec![f32_array(&out.shape, &l)?])
    }

    /// JAX's `_cholesky_jvp_rule` (Murray, arXiv:1602.07527):
    /// `L_dot = L phi(L^-1 sigma_dot L^-T)`, `phi` halving the diagonal of the lower triangle.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let sigma_dot = lax::instantiate(tangents[0].clone(), &primals[0].aval())?;
        let l = tril(&cholesky(&primals[0])?, 0)?;
        let tmp = triangular_solve(
            &l,
            &sigma_dot,
            TriangularSolve::new(false, true, true, false),
        )?;
        let inner = triangular_solve(&l, &tmp, TriangularSolve::new(true, true, false, false))?;
        let shape = inner.shape().to_vec();
        let r = shape.len();
        let lower = tril(&inner, 0)?;
        let e = eye(&[], shape[r - 1], shape[r - 1], DType::Float32)?;
        let denom = lax::add(&f32_scalar(1.0), &e)?;
        let denom = lax::broadcast_in_dim(&denom, &shape, vec![r - 2, r - 1])?;
        let phi = lax::div(&lower, &denom)?;
        let l_dot = batch_matmul(&l, &phi)?;
        Ok((vec![l], vec![Some(l_dot)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

// ------------------------------------------------------------------ triangular_solve

/// `triangular_solve(a, b)`: `op(a) x = b` (`left_side`) or `x op(a) = b`, `a` triangular
/// (only its `lower` or upper triangle is read; `unit_diagonal` takes its diagonal as ones).
#[derive(Debug, Clone)]
pub struct TriangularSolve {
    pub left_side: bool,
    pub lower: bool,
    pub transpose_a: bool,
    pub conjugate_a: bool,
    pub unit_diagonal: bool,
}

impl TriangularSolve {
    pub fn new(left_side: bool, lower: bool, transpose_a: bool, unit_diagonal: bool) -> Self {
        TriangularSolve {
            left_side,
            lower,
            transpose_a,
            conjugate_a: false,
            unit_diagonal,
        }
    }
}

pub fn triangular_solve(a: &Value, b: &Value, prim: TriangularSolve) -> Result<Value> {
    bind1(Rc::new(prim), &[a.clone(), b.clone()])
}

impl TriangularSolve {
    /// Solves one system; `a` is `k x k`, `b` is `rows x cols`.
    fn kernel(&self, k: usize, a: &[f64], rows: usize, cols: usize, b: &[f64]) -> Vec<f64> {
        // The referenced triangle of `a`, then op(a), then (right side) its transpose, so the
        // problem is always `mat x = rhs` with `mat` lower or upper triangular.
        let at = |i: usize, j: usize| -> f64 {
            let inside = if self.lower { j <= i } else { j >= i };
            match (i == j && self.unit_diagonal, inside) {
                (true, _) => 1.0,
                (false, true) => a[i * k + j],
                (false, false) => 0.0,
            }
        };
        let flip = self.transpose_a == self.left_side;
        let mat = |i: usize, j: usize| if flip { at(j, i) } else { at(i, j) };
        let lower = self.lower != flip;
        // rhs as `k x c` columns.
        let (c, rhs): (usize, Vec<f64>) = if self.left_side {
            (cols, b.to_vec())
        } else {
            let mut t = vec![0.0; rows * cols];
            for i in 0..rows {
                for j in 0..cols {
                    t[j * rows + i] = b[i * cols + j];
                }
            }
            (rows, t)
        };
        let mut x = rhs;
        let order: Vec<usize> = if lower {
            (0..k).collect()
        } else {
            (0..k).rev().collect()
        };
        for col in 0..c {
            for (pos, &i) in order.iter().enumerate() {
                let mut s = x[i * c + col];
                for &j in &order[..pos] {
                    s -= mat(i, j) * x[j * c + col];
                }
                x[i * c + col] = s / mat(i, i);
            }
        }
        if self.left_side {
            x
        } else {
            let mut t = vec![0.0; rows * cols];
            for i in 0..rows {
                for j in 0..cols {
                    t[i * cols + j] = x[j * rows + i];
                }
            }
            t
        }
    }
}

impl Primitive for TriangularSolve {
    fn name(&self) -> &'static str {
        "triangular_solve"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("conjugate_a", Param::Bool(self.conjugate_a)),
            ("left_side", Param::Bool(self.left_side)),
            ("lower", Param::Bool(self.lower)),
            ("transpose_a", Param::Bool(self.transpose_a)),
            ("unit_diagonal", Param::Bool(self.unit_diagonal)),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let name = self.name();
        let (a, b) = (&inputs[0], &inputs[1]);
        check_float(name, a)?;
        check_float(name, b)?;
        let (am, an) = matrix_dims(name, 0, &a.shape)?;
        let (bm, bn) = matrix_dims(name, 1, &b.shape)?;
        if a.shape.len() != b.shape.len() {
            return Err(type_error(name, format!("All inputs to {name} must have the same number of batch dimensions, but got [{}, {}] batch dimensions for the inputs.", a.shape.len() - 2, b.shape.len() - 2)));
        }
        if am != an {
            return Err(Error::Value {
                message: format!(
                    "The first input to triangular_solve must be a square matrix. Got shape {}.",
                    shape_tuple(&[am, an])
                ),
            });
        }
        let common = if self.left_side { bm } else { bn };
        if an != common || a.shape[..a.shape.len() - 2] != b.shape[..b.shape.len() - 2] {
            return Err(Error::Value {
                message: format!(
                    "Incompatible shapes for arguments to triangular_solve: {} and {}.",
                    shape_tuple(&a.shape),
                    shape_tuple(&b.shape)
                ),
            });
        }
        Ok(vec![ShapedArray::new(b.shape.clone(), DType::Float32)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let r = out.shape.len();
        let (rows, cols) = (out.shape[r - 2], out.shape[r - 1]);
        let k = inputs[0].shape()[r - 1];
        let (a, b) = (inputs[0].to_f64_vec(), inputs[1].to_f64_vec());
        let mut x = Vec::with_capacity(b.len());
        let count: usize = out.shape[..r - 2].iter().product();
        for i in 0..count {
            x.extend(self.kernel(
                k,
                &a[i * k * k..(i + 1) * k * k],
                rows,
                cols,
                &b[i * rows * cols..(i + 1) * rows * cols],
            ));
        }
        Ok(vec![f32_array(&out.shape, &x)?])
    }

    /// JAX's `defjvp2`: `_triangular_solve_jvp_rule_a` for `a` plus the linear map for `b`.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let (a, b) = (&primals[0], &primals[1]);
        let ans = triangular_solve(a, b, self.clone())?;
        let from_a = match &tangents[0] {
            None => None,
            Some(g_a) => {
                let k = i64::from(self.unit_diagonal);
                let g_a = if self.lower {
                    tril(g_a, -k)?
                } else {
                    triu(g_a, k)?
                };
                let g_a = lax::neg(&g_a)?;
                let g_a = if self.transpose_a { mt(&g_a)? } else { g_a };
                let a_inverse = |rhs: &Value| triangular_solve(a, rhs, self.clone());
                let s = b.shape();
                let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
                Some(if self.left_side {
                    if m > n {
                        a_inverse(&batch_matmul(&g_a, &ans)?)?
                    } else {
                        batch_matmul(&a_inverse(&g_a)?, &ans)?
                    }
                } else if m < n {
                    a_inverse(&batch_matmul(&ans, &g_a)?)?
                } else {
                    batch_matmul(&ans, &a_inverse(&g_a)?)?
                })
            }
        };
        let from_b = tangents[1]
            .as_ref()
            .map(|g_b| triangular_solve(a, g_b, self.clone()))
            .transpose()?;
        Ok((vec![ans], vec![lax::add_tangents(from_a, from_b)?]))
    }

    /// Linear in `b`: the cotangent solved with `a` transposed.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let (LinearArg::Known(a), LinearArg::Linear(_)) = (&args[0], &args[1]) else {
            return Err(Error::internal(
                "triangular_solve is transposed only in its right-hand side",
            ));
        };
        let ct_b = cts[0]
            .as_ref()
            .map(|ct| {
                let mut flipped = self.clone();
                flipped.transpose_a = !self.transpose_a;
                triangular_solve(a, ct, flipped)
            })
            .transpose()?;
        Ok(vec![None, ct_b])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

// ------------------------------------------------------------------ lu

/// `lu`: `P a = L U` with partial pivoting; outputs the packed factors, the row swaps
/// (`pivots`, LAPACK's but 0-based) and the permutation they make.
#[derive(Debug, Clone)]
pub struct Lu;

/// `lax.linalg.lu(x)`: `(lu, pivots, permutation)`.
pub fn lu(x: &Value) -> Result<(Value, Value, Value)> {
    let mut outs = bind(Rc::new(Lu), std::slice::from_ref(x))?.into_iter();
    match (outs.next(), outs.next(), outs.next()) {
        (Some(a), Some(p), Some(q)) => Ok((a, p, q)),
        _ => Err(Error::internal("lu has three results")),
    }
}

fn lu_kernel(m: usize, n: usize, a: &[f64]) -> (Vec<f64>, Vec<i32>, Vec<i32>) {
    let mut a = a.to_vec();
    let k = m.min(n);
    let mut pivots = vec![0i32; k];
    let mut perm: Vec<i32> = (0..m as i32).collect();
    for j in 0..k {
        // LAPACK's idamax: the first row of largest magnitude.
        let mut p = j;
        for i in j + 1..m {
            if a[i * n + j].abs() > a[p * n + j].abs() {
                p = i;
            }
        }
        pivots[j] = p as i32;
        if p != j {
            for c in 0..n {
                a.swap(p * n + c, j * n + c);
            }
            perm.swap(p, j);
        }
        let piv = a[j * n + j];
        if piv != 0.0 {
            for i in j + 1..m {
                a[i * n + j] /= piv;
            }
        }
        for i in j + 1..m {
            let l = a[i * n + j];
            for c in j + 1..n {
                a[i * n + c] -= l * a[j * n + c];
            }
        }
    }
    (a, pivots, perm)
}

impl Primitive for Lu {
    fn name(&self) -> &'static str {
        "lu"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_float(self.name(), &inputs[0])?;
        let (m, n) = matrix_dims(self.name(), 0, &inputs[0].shape)?;
        let s = &inputs[0].shape;
        Ok(vec![
            ShapedArray::new(s.clone(), DType::Float32),
            ShapedArray::new(with_last(s, m.min(n)), DType::Int32),
            ShapedArray::new(with_last(s, m), DType::Int32),
        ])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let s = inputs[0].shape();
        let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
        let (mut lus, mut pivs, mut perms) = (Vec::new(), Vec::new(), Vec::new());
        let [_] = per_matrix(&inputs[0], |a| {
            let (l, p, q) = lu_kernel(m, n, a);
            lus.extend(l);
            pivs.extend(p);
            perms.extend(q);
            [Vec::new()]
        });
        Ok(vec![
            f32_array(&outs[0].shape, &lus)?,
            i32_array(&outs[1].shape, &pivs)?,
            i32_array(&outs[2].shape, &perms)?,
        ])
    }

    /// JAX's `_lu_jvp_rule` (De Hoog, Anderssen and Lukas): with `X = L^-1 P a_dot U^-1`,
    /// `L_dot = L tril(X, -1)` and `U_dot = triu(X) U`, packed as `L_dot + U_dot`.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let a_dot = lax::instantiate(tangents[0].clone(), &primals[0].aval())?;
        let (lu_, pivots, permutation) = lu(&primals[0])?;
        let shape = lu_.shape().to_vec();
        let r = shape.len();
        let (batch, m, n) = (&shape[..r - 2], shape[r - 2], shape[r - 1]);
        let k = m.min(n);
        let no_pad = vec![(0, 0); r - 2];
        let l = tril(&slice_last_two(&lu_, (0, m), (0, k))?, -1)?;
        let l = pad(&l, &[&no_pad[..], &[(0, 0), (0, m - k)]].concat())?;
        let l = lax::add(&l, &eye(batch, m, m, DType::Float32)?)?;
        let u_eye = pad(
            &eye(batch, n - k, n - k, DType::Float32)?,
            &[&no_pad[..], &[(k, 0), (k, 0)]].concat(),
        )?;
        let u = triu(&slice_last_two(&lu_, (0, k), (0, n))?, 0)?;
        let u = pad(&u, &[&no_pad[..], &[(0, n - k), (0, 0)]].concat())?;
        let u = lax::add(&u, &u_eye)?;
        let permuted = permute_rows(&a_dot, &permutation)?;
        let la = triangular_solve(&l, &permuted, TriangularSolve::new(true, true, false, true))?;
        let lau = triangular_solve(&u, &la, TriangularSolve::new(false, false, false, false))?;
        let l_dot = batch_matmul(&l, &tril(&lau, -1)?)?;
        let u_dot = batch_matmul(&triu(&lau, 0)?, &u)?;
        let lu_dot = lax::add(&l_dot, &u_dot)?;
        Ok((
            vec![lu_, pivots, permutation],
            vec![Some(lu_dot), None, None],
        ))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

/// `x[..., permutation, :]`: a gather for a single matrix (as JAX indexes it, negative indices
/// wrapped), a product with the permutation matrix for a stack.
pub fn permute_rows(x: &Value, permutation: &Value) -> Result<Value> {
    let shape = x.shape().to_vec();
    let r = shape.len();
    if r == 2 {
        let (m, n) = (shape[0], shape[1]);
        let negative = lax::compare(CompareOp::Lt, permutation, &int_scalar(0))?;
        let wrapped = lax::add(permutation, &int_scalar(m as i64))?;
        let index = select_n(&negative, &[permutation.clone(), wrapped])?;
        let index = lax::broadcast_in_dim(&index, &[m, 1], vec![0])?;
        let dims = GatherDims {
            offset_dims: vec![1],
            collapsed_slice_dims: vec![0],
            start_index_map: vec![0],
            ..GatherDims::default()
        };
        return gather(
            x,
            &index,
            dims,
            vec![1, n],
            Mode::PromiseInBounds,
            None,
            false,
            false,
        );
    }
    let m = shape[r - 2];
    let pshape = [&shape[..r - 2], &[m, m]].concat();
    let rows = lax::broadcast_in_dim(permutation, &pshape, (0..r - 1).collect())?;
    let cols = lax::broadcast_in_dim(&iota2(m, m, 1)?, &pshape, vec![r - 2, r - 1])?;
    let p = lax::convert(
        &lax::compare(CompareOp::Eq, &rows, &cols)?,
        DType::Float32,
        false,
    )?;
    batch_matmul(&p, x)
}

// ------------------------------------------------------------------ qr

/// `qr`: Householder QR; `q` is `m x k`, `r` is `k x n` with `k = m` (`full_matrices`) or
/// `min(m, n)`.
#[derive(Debug, Clone)]
pub struct Qr {
    pub full_matrices: bool,
}

pub fn qr(x: &Value, full_matrices: bool) -> Result<(Value, Value)> {
    let mut outs = bind(Rc::new(Qr { full_matrices }), std::slice::from_ref(x))?.into_iter();
    match (outs.next(), outs.next()) {
        (Some(q), Some(r)) => Ok((q, r)),
        _ => Err(Error::internal("qr has two results")),
    }
}

/// LAPACK's `geqrf` + `orgqr` (`dlarfg`'s reflectors, so the signs match), unblocked.
fn qr_kernel(m: usize, n: usize, kq: usize, a: &[f64]) -> [Vec<f64>; 2] {
    let mut a = a.to_vec();
    let k = m.min(n);
    let mut taus = vec![0.0; k];
    for j in 0..k {
        let alpha = a[j * n + j];
        let xnorm = (j + 1..m).map(|i| a[i * n + j].powi(2)).sum::<f64>().sqrt();
        if xnorm == 0.0 {
            continue;
        }
        let beta = -alpha.hypot(xnorm).copysign(alpha);
        taus[j] = (beta - alpha) / beta;
        let scale = 1.0 / (alpha - beta);
        for i in j + 1..m {
            a[i * n + j] *= scale;
        }
        a[j * n + j] = beta;
        for c in j + 1..n {
            let mut w = a[j * n + c];
            for i in j + 1..m {
                w += a[i * n + j] * a[i * n + c];
            }
            w *= taus[j];
            a[j * n + c] -= w;
            for i in j + 1..m {
                a[i * n + c] -= a[i * n + j] * w;
            }
        }
    }
    let mut r = vec![0.0; kq * n];
    for i in 0..kq.min(m) {
        for c in i..n {
            r[i * n + c] = a[i * n + c];
        }
    }
    let mut q = vec![0.0; m * kq];
    for i in 0..kq.min(m) {
        q[i * kq + i] = 1.0;
    }
    for j in (0..k).rev() {
        let tau = taus[j];
        for c in 0..kq {
            let mut w = q[j * kq + c];
            for i in j + 1..m {
                w += a[i * n + j] * q[i * kq + c];
            }
            w *= tau;
            q[j * kq + c] -= w;
            for i in j + 1..m {
                q[i * kq + c] -= a[i * n + j] * w;
            }
        }
    }
    [q, r]
}

impl Primitive for Qr {
    fn name(&self) -> &'static str {
        "qr"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("full_matrices", Param::Bool(self.full_matrices)),
            ("pivoting", Param::Bool(false)),
            ("use_magma", Param::None),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_float(self.name(), &inputs[0])?;
        let (m, n) = matrix_dims(self.name(), 0, &inputs[0].shape)?;
        let k = if self.full_matrices { m } else { m.min(n) };
        let s = &inputs[0].shape;
        Ok(vec![
            ShapedArray::new(with_last_two(s, m, k), DType::Float32),
            ShapedArray::new(with_last_two(s, k, n), DType::Float32),
        ])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let s = inputs[0].shape();
        let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
        let kq = if self.full_matrices { m } else { m.min(n) };
        let [q, r] = per_matrix(&inputs[0], |a| qr_kernel(m, n, kq, a));
        Ok(vec![
            f32_array(&outs[0].shape, &q)?,
            f32_array(&outs[1].shape, &r)?,
        ])
    }

    /// JAX's `qr_jvp_rule` (thin and wide cases; the full-matrices tall case, which JAX solves
    /// with an extra LU, is not implemented here).
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let x = &primals[0];
        let dx = lax::instantiate(tangents[0].clone(), &x.aval())?;
        let (q, r) = qr(x, self.full_matrices)?;
        let s = x.shape().to_vec();
        let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
        if m < n {
            let x2 = slice_last_two(x, (0, m), (m, n))?;
            let dx1 = slice_last_two(&dx, (0, m), (0, m))?;
            let dx2 = slice_last_two(&dx, (0, m), (m, n))?;
            let r1 = slice_last_two(&r, (0, m), (0, m))?;
            let (dq, dr1) = thin_qr_jvp(&q, &r1, &dx1)?;
            let dr2 = lax::add(
                &batch_matmul(&mt(&dq)?, &x2)?,
                &batch_matmul(&mt(&q)?, &dx2)?,
            )?;
            let dr = crate::primitives::indexing::concatenate(&[dr1, dr2], s.len() - 1)?;
            return Ok((vec![q, r], vec![Some(dq), Some(dr)]));
        }
        if self.full_matrices && m != n {
            return Err(Error::MissingRule {
                primitive: "qr",
                rule: "differentiation (JVP) with full_matrices=True for a tall matrix",
            });
        }
        let (dq, dr) = thin_qr_jvp(&q, &r, &dx)?;
        Ok((vec![q, r], vec![Some(dq), Some(dr)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

/// JAX's `_thin_qr_jvp` for real matrices (j-towns.github.io/papers/qr-derivative.pdf).
fn thin_qr_jvp(q: &Value, r: &Value, dx: &Value) -> Result<(Value, Value)> {
    let dx_rinv = triangular_solve(r, dx, TriangularSolve::new(false, false, false, false))?;
    let qt_dx_rinv = batch_matmul(&mt(q)?, &dx_rinv)?;
    let lower = tril(&qt_dx_rinv, -1)?;
    let d_omega = lax::sub(&lower, &mt(&lower)?)?;
    let dq = lax::add(
        &batch_matmul(q, &lax::sub(&d_omega, &qt_dx_rinv)?)?,
        &dx_rinv,
    )?;
    let dr = batch_matmul(&lax::sub(&qt_dx_rinv, &d_omega)?, r)?;
    Ok((dq, dr))
}

// ------------------------------------------------------------------ eigh

/// `eigh`: eigenvectors (columns) and ascending eigenvalues of each symmetric matrix, read
/// from its `lower` (or upper) triangle. Outputs `(v, w)`, in JAX's order.
#[derive(Debug, Clone)]
pub struct Eigh {
    pub lower: bool,
    pub sort_eigenvalues: bool,
}

/// `lax.linalg.eigh(x, symmetrize_input=False)`'s primitive: `(v, w)`.
pub fn eigh(x: &Value, lower: bool, sort_eigenvalues: bool) -> Result<(Value, Value)> {
    let prim = Eigh {
        lower,
        sort_eigenvalues,
    };
    let mut outs = bind(Rc::new(prim), std::slice::from_ref(x))?.into_iter();
    match (outs.next(), outs.next()) {
        (Some(v), Some(w)) => Ok((v, w)),
        _ => Err(Error::internal("eigh has two results")),
    }
}

/// `(x + x^T) / 2`, JAX's `symmetrize`.
pub fn symmetrize(x: &Value) -> Result<Value> {
    let sum = lax::add(x, &mt(x)?)?;
    lax::div(&sum, &f32_scalar(2.0))
}

/// Cyclic Jacobi on the symmetric matrix `a` (row-major, full): eigenvalues and eigenvectors
/// (as columns of `v`), sorted ascending when `sort`.
fn jacobi_eigh(n: usize, mut a: Vec<f64>, sort: bool) -> [Vec<f64>; 2] {
    let mut v = vec![0.0; n * n];
    for i in 0..n {
        v[i * n + i] = 1.0;
    }
    let norm: f64 = a.iter().map(|x| x * x).sum();
    for _sweep in 0..64 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i * n + j].powi(2))
            .sum();
        if off <= 1e-30 * norm || !off.is_finite() {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a[p * n + q];
                if apq == 0.0 {
                    continue;
                }
                let theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                let t = 1.0_f64.copysign(theta) / (theta.abs() + (theta * theta + 1.0).sqrt());
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..n {
                    let (akp, akq) = (a[k * n + p], a[k * n + q]);
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for k in 0..n {
                    let (apk, aqk) = (a[p * n + k], a[q * n + k]);
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
                for k in 0..n {
                    let (vkp, vkq) = (v[k * n + p], v[k * n + q]);
                    v[k * n + p] = c * vkp - s * vkq;
                    v[k * n + q] = s * vkp + c * vkq;
                }
            }
        }
    }
    let w: Vec<f64> = (0..n).map(|i| a[i * n + i]).collect();
    let mut order: Vec<usize> = (0..n).collect();
    if sort {
        order.sort_by(|&i, &j| w[i].total_cmp(&w[j]));
    }
    let mut vs = vec![0.0; n * n];
    for (col, &src) in order.iter().enumerate() {
        for k in 0..n {
            vs[k * n + col] = v[k * n + src];
        }
    }
    [vs, order.iter().map(|&i| w[i]).collect()]
}

impl Primitive for Eigh {
    fn name(&self) -> &'static str {
        "eigh"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("algorithm", Param::None),
            ("lower", Param::Bool(self.lower)),
            ("sort_eigenvalues", Param::Bool(self.sort_eigenvalues)),
            ("subset_by_index", Param::None),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_float(self.name(), &inputs[0])?;
        let (m, n) = matrix_dims(self.name(), 0, &inputs[0].shape)?;
        if m != n {
            return Err(Error::Value {
                message: format!("Argument to symmetric eigendecomposition must have shape [..., n, n], got shape {}", shape_tuple(&[m, n])),
            });
        }
        let s = &inputs[0].shape;
        Ok(vec![
            ShapedArray::new(s.clone(), DType::Float32),
            ShapedArray::new(with_last(s, n), DType::Float32),
        ])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let s = inputs[0].shape();
        let n = s[s.len() - 1];
        let [v, w] = per_matrix(&inputs[0], |a| {
            let mut sym = vec![0.0; n * n];
            for i in 0..n {
                for j in 0..n {
                    let (r, c) = if (j <= i) == self.lower {
                        (i, j)
                    } else {
                        (j, i)
                    };
                    sym[i * n + j] = a[r * n + c];
                }
            }
            if sym.iter().any(|x| !x.is_finite()) {
                return [vec![f64::NAN; n * n], vec![f64::NAN; n]];
            }
            jacobi_eigh(n, sym, self.sort_eigenvalues)
        });
        Ok(vec![
            f32_array(&outs[0].shape, &v)?,
            f32_array(&outs[1].shape, &w)?,
        ])
    }

    /// JAX's `_eigh_jvp_rule` (non-degenerate perturbation theory):
    /// `dw = diag(V^T a_dot V)`, `dv = V (F * V^T a_dot V)` with `F_ij = 1 / (w_j - w_i)`.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let a = &primals[0];
        let a_dot = lax::instantiate(tangents[0].clone(), &a.aval())?;
        let (v, w) = eigh(&symmetrize(a)?, self.lower, self.sort_eigenvalues)?;
        let s = a.shape().to_vec();
        let r = s.len();
        let n = s[r - 1];
        let eye_n = eye(&[], n, n, DType::Float32)?;
        let full = s.clone();
        let eye_b = lax::broadcast_in_dim(&eye_n, &full, vec![r - 2, r - 1])?;
        let batch: Vec<usize> = (0..r - 2).collect();
        let row = [&s[..r - 2], &[1, n]].concat();
        let col = [&s[..r - 2], &[n, 1]].concat();
        // Size-1 axes broadcast inside `add`/`sub`, as in JAX's jaxpr.
        let w_row = lax::broadcast_in_dim(&w, &row, [&batch[..], &[r - 1]].concat())?;
        let plus = lax::add(&eye_b, &w_row)?;
        let w_col = lax::broadcast_in_dim(&w, &col, [&batch[..], &[r - 2]].concat())?;
        let diff = lax::sub(&plus, &w_col)?;
        let fmat = lax::sub(&integer_pow(&diff, -1)?, &eye_b)?;
        let vdag_adot_v = batch_matmul(&batch_matmul(&mt(&v)?, &a_dot)?, &v)?;
        let dv = batch_matmul(&v, &lax::mul(&fmat, &vdag_adot_v)?)?;
        let dw = diagonal(&vdag_adot_v)?;
        Ok((vec![v, w], vec![Some(dv), Some(dw)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

// ------------------------------------------------------------------ svd

/// `svd`: singular values (descending) and, with `compute_uv`, `u` and `vt`, full or thin.
#[derive(Debug, Clone)]
pub struct Svd {
    pub full_matrices: bool,
    pub compute_uv: bool,
}

/// `lax.linalg.svd`: `[s]` or `[s, u, vt]`.
pub fn svd(x: &Value, full_matrices: bool, compute_uv: bool) -> Result<Vec<Value>> {
    let prim = Svd {
        full_matrices,
        compute_uv,
    };
    bind(Rc::new(prim), std::slice::from_ref(x))
}

/// Orthonormal columns (`dim x count`, column-major in `cols`): columns given as zero are
/// replaced, and more are appended up to `want`, by Gram-Schmidt on the unit vectors.
fn complete_basis(dim: usize, mut cols: Vec<Vec<f64>>, want: usize) -> Vec<Vec<f64>> {
    let zero: Vec<usize> = (0..cols.len())
        .filter(|&j| cols[j].iter().all(|&x| x == 0.0))
        .collect();
    let mut candidates = 0..dim;
    let mut fresh = |cols: &Vec<Vec<f64>>| -> Vec<f64> {
        for e in candidates.by_ref() {
            let mut v = vec![0.0; dim];
            v[e] = 1.0;
            for _ in 0..2 {
                for c in cols.iter() {
                    let d: f64 = c.iter().zip(&v).map(|(a, b)| a * b).sum();
                    v.iter_mut().zip(c).for_each(|(x, y)| *x -= d * y);
                }
            }
            let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm > 1e-6 {
                return v.iter().map(|x| x / norm).collect();
            }
        }
        vec![0.0; dim]
    };
    for j in zero {
        let others: Vec<Vec<f64>> = cols
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != j)
            .map(|(_, c)| c.clone())
            .collect();
        cols[j] = fresh(&others);
    }
    while cols.len() < want {
        let v = fresh(&cols);
        cols.push(v);
    }
    cols
}

/// One-sided Jacobi (Hestenes) on an `m x n` matrix with `m >= n`: `(s, u columns, v columns)`,
/// `s` descending, `u` thin (`n` columns; zero for zero singular values).
fn jacobi_svd(m: usize, n: usize, a: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let mut u: Vec<Vec<f64>> = (0..n)
        .map(|j| (0..m).map(|i| a[i * n + j]).collect())
        .collect();
    let mut v: Vec<Vec<f64>> = (0..n)
        .map(|j| (0..n).map(|i| f64::from(u8::from(i == j))).collect())
        .collect();
    let dot = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(a, b)| a * b).sum::<f64>();
    for _sweep in 0..64 {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                let (alpha, beta, gamma) =
                    (dot(&u[p], &u[p]), dot(&u[q], &u[q]), dot(&u[p], &u[q]));
                if gamma == 0.0 || gamma.abs() <= 1e-15 * (alpha * beta).sqrt() {
                    continue;
                }
                rotated = true;
                let zeta = (beta - alpha) / (2.0 * gamma);
                let t = 1.0_f64.copysign(zeta) / (zeta.abs() + (1.0 + zeta * zeta).sqrt());
                let c = 1.0 / (1.0 + t * t).sqrt();
                let s = c * t;
                for cols in [&mut u, &mut v] {
                    let (lo, hi) = cols.split_at_mut(q);
                    for (x, y) in lo[p].iter_mut().zip(hi[0].iter_mut()) {
                        let (xp, xq) = (*x, *y);
                        *x = c * xp - s * xq;
                        *y = s * xp + c * xq;
                    }
                }
            }
        }
        if !rotated {
            break;
        }
    }
    let norms: Vec<f64> = u.iter().map(|c| dot(c, c).sqrt()).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| norms[j].total_cmp(&norms[i]));
    let s: Vec<f64> = order.iter().map(|&i| norms[i]).collect();
    let uc = order
        .iter()
        .map(|&i| {
            if norms[i] > 0.0 {
                u[i].iter().map(|x| x / norms[i]).collect()
            } else {
                vec![0.0; m]
            }
        })
        .collect();
    let vc = order.iter().map(|&i| v[i].clone()).collect();
    (s, uc, vc)
}

impl Svd {
    fn kernel(&self, m: usize, n: usize, a: &[f64]) -> [Vec<f64>; 3] {
        if a.iter().any(|x| !x.is_finite()) {
            let k = m.min(n);
            let (ku, kv) = if self.full_matrices { (m, n) } else { (k, k) };
            return [
                vec![f64::NAN; k],
                vec![f64::NAN; m * ku],
                vec![f64::NAN; kv * n],
            ];
        }
        // Work on the tall orientation: a = U S V^T, or a^T = V S U^T when wide.
        let tall = m >= n;
        let (rows, cols) = if tall { (m, n) } else { (n, m) };
        let at: Vec<f64> = if tall {
            a.to_vec()
        } else {
            (0..n)
                .flat_map(|i| (0..m).map(move |j| (i, j)))
                .map(|(i, j)| a[j * n + i])
                .collect()
        };
        let (s, left, right) = jacobi_svd(rows, cols, &at);
        if !self.compute_uv {
            return [s, Vec::new(), Vec::new()];
        }
        let want_left = if self.full_matrices { rows } else { cols };
        let left = complete_basis(rows, left, want_left);
        let (u_cols, v_cols) = if tall { (left, right) } else { (right, left) };
        let u: Vec<f64> = (0..m)
            .flat_map(|i| u_cols.iter().map(move |c| c[i]))
            .collect();
        let vt: Vec<f64> = v_cols.iter().flat_map(|c| c.iter().copied()).collect();
        [s, u, vt]
    }
}

impl Primitive for Svd {
    fn name(&self) -> &'static str {
        "svd"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("algorithm", Param::None),
            ("compute_uv", Param::Bool(self.compute_uv)),
            ("full_matrices", Param::Bool(self.full_matrices)),
            ("subset_by_index", Param::None),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_float(self.name(), &inputs[0])?;
        let (m, n) = matrix_dims(self.name(), 0, &inputs[0].shape)?;
        let s = &inputs[0].shape;
        let k = m.min(n);
        let mut outs = vec![ShapedArray::new(with_last(s, k), DType::Float32)];
        if self.compute_uv {
            let (ku, kv) = if self.full_matrices { (m, n) } else { (k, k) };
            outs.push(ShapedArray::new(with_last_two(s, m, ku), DType::Float32));
            outs.push(ShapedArray::new(with_last_two(s, kv, n), DType::Float32));
        }
        Ok(outs)
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let outs = self.abstract_eval(&[inputs[0].aval()])?;
        let s = inputs[0].shape();
        let (m, n) = (s[s.len() - 2], s[s.len() - 1]);
        let parts = per_matrix(&inputs[0], |a| self.kernel(m, n, a));
        outs.iter()
            .zip(parts.iter())
            .map(|(o, p)| f32_array(&o.shape, p))
            .collect()
    }

    /// JAX's `_svd_jvp_rule` (the thin decomposition differentiated; full matrices of a
    /// non-square input are refused, as in JAX).
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let a = &primals[0];
        let da = lax::instantiate(tangents[0].clone(), &a.aval())?;
        let shape = a.shape().to_vec();
        let r = shape.len();
        let (m, n) = (shape[r - 2], shape[r - 1]);
        if self.compute_uv && self.full_matrices && m != n {
            return Err(Error::MissingRule {
                primitive: "svd",
                rule: "differentiation (JVP) for full matrices (Singular value decomposition JVP not implemented for full matrices)",
            });
        }
        let outs = svd(a, false, true)?;
        let (s, u, vt) = (outs[0].clone(), outs[1].clone(), outs[2].clone());
        let (ut, v) = (mt(&u)?, mt(&vt)?);
        let k = m.min(n);
        let batch = &shape[..r - 2];
        let bdims: Vec<usize> = (0..r - 2).collect();
        let s_dim = lax::broadcast_in_dim(
            &s,
            &[batch, &[1, k]].concat(),
            [&bdims[..], &[r - 1]].concat(),
        )?;
        let ds_mat = batch_matmul(&batch_matmul(&ut, &da)?, &v)?;
        let ds = diagonal(&ds_mat)?;
        if !self.compute_uv {
            return Ok((vec![s], vec![Some(ds)]));
        }
        let square = [batch, &[k, k]].concat();
        let s_row = lax::broadcast_like(&s_dim, &square)?;
        let s_col = lax::broadcast_like(&mt(&s_dim)?, &square)?;
        let s_diffs = lax::mul(&lax::add(&s_row, &s_col)?, &lax::sub(&s_row, &s_col)?)?;
        let zeros_eye = eye(batch, k, k, DType::Float32)?;
        let one = f32_scalar(1.0);
        let f = lax::sub(
            &lax::div(&one, &lax::add(&s_diffs, &zeros_eye)?)?,
            &zeros_eye,
        )?;
        let dss = lax::mul(&s_row, &ds_mat)?;
        let sds = lax::mul(&s_col, &ds_mat)?;
        let s_zeros = lax::convert(
            &lax::compare(CompareOp::Eq, &s, &f32_scalar(0.0))?,
            DType::Float32,
            false,
        )?;
        let s_inv = lax::sub(&lax::div(&one, &lax::add(&s, &s_zeros)?)?, &s_zeros)?;
        let s_inv_mat = lax::mul(
            &lax::broadcast_like(
                &lax::broadcast_in_dim(
                    &s_inv,
                    &[batch, &[1, k]].concat(),
                    [&bdims[..], &[r - 1]].concat(),
                )?,
                &square,
            )?,
            &zeros_eye,
        )?;
        let dudv_diag = lax::mul(
            &lax::mul(&f32_scalar(0.5), &lax::sub(&ds_mat, &mt(&ds_mat)?)?)?,
            &s_inv_mat,
        )?;
        let mut du = batch_matmul(
            &u,
            &lax::add(&lax::mul(&f, &lax::add(&dss, &mt(&dss)?)?)?, &dudv_diag)?,
        )?;
        let mut dv = batch_matmul(&v, &lax::mul(&f, &lax::add(&sds, &mt(&sds)?)?)?)?;
        if m > n {
            let dav = batch_matmul(&da, &v)?;
            let proj = lax::sub(&dav, &batch_matmul(&u, &batch_matmul(&ut, &dav)?)?)?;
            let scaled = lax::div(
                &proj,
                &lax::broadcast_like(&s_dim, &[batch, &[m, k]].concat())?,
            )?;
            du = lax::add(&du, &scaled)?;
        }
        if n > m {
            let dahu = batch_matmul(&mt(&da)?, &u)?;
            let proj = lax::sub(&dahu, &batch_matmul(&v, &batch_matmul(&vt, &dahu)?)?)?;
            let scaled = lax::div(
                &proj,
                &lax::broadcast_like(&s_dim, &[batch, &[n, k]].concat())?,
            )?;
            dv = lax::add(&dv, &scaled)?;
        }
        Ok((vec![s, u, vt], vec![Some(ds), Some(du), Some(mt(&dv)?)]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        batch_at_front(Rc::new(self.clone()), args, dims, axis_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(shape: &[usize], v: &[f32]) -> Value {
        Value::Array(Array::from_f32(shape, v.to_vec()).unwrap())
    }

    fn vals(v: &Value) -> Vec<f64> {
        v.as_array().unwrap().to_f64_vec()
    }

    fn close(a: &[f64], b: &[f64]) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-5, "{a:?} vs {b:?}");
        }
    }

    #[test]
    fn cholesky_of_a_known_matrix() {
        let l = cholesky(&arr(&[2, 2], &[4.0, 2.0, 2.0, 5.0])).unwrap();
        close(&vals(&l), &[2.0, 0.0, 1.0, 2.0]);
        let bad = cholesky(&arr(&[2, 2], &[1.0, 2.0, 2.0, 1.0])).unwrap();
        assert!(vals(&bad).iter().all(|x| x.is_nan()));
    }

    #[test]
    fn triangular_solve_all_sides() {
        let a = arr(&[2, 2], &[2.0, 0.0, 1.0, 4.0]);
        let b = arr(&[2, 2], &[2.0, 4.0, 5.0, 6.0]);
        // lower, left: [[2,0],[1,4]] x = b
        let x = triangular_solve(&a, &b, TriangularSolve::new(true, true, false, false)).unwrap();
        close(&vals(&x), &[1.0, 2.0, 1.0, 1.0]);
        // right side, transposed: x a^T = b
        let x = triangular_solve(&a, &b, TriangularSolve::new(false, true, true, false)).unwrap();
        // a^T = [[2,1],[0,4]]; x = b a^-T
        close(&vals(&x), &[1.0, 0.75, 2.5, 0.875]);
    }

    #[test]
    fn lu_pivots_like_lapack() {
        let (lu_, piv, perm) = lu(&arr(&[2, 2], &[1.0, 2.0, 3.0, 4.0])).unwrap();
        close(&vals(&lu_), &[3.0, 4.0, 1.0 / 3.0, 2.0 - 4.0 / 3.0]);
        assert_eq!(vals(&piv), vec![1.0, 1.0]);
        assert_eq!(vals(&perm), vec![1.0, 0.0]);
    }

    #[test]
    fn qr_and_svd_reconstruct() {
        let x = arr(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 7.0]);
        let (q, r) = qr(&x, false).unwrap();
        close(&vals(&batch_matmul(&q, &r).unwrap()), &vals(&x));
        let outs = svd(&x, false, true).unwrap();
        let us = lax::mul(
            &outs[1],
            &lax::broadcast_in_dim(&outs[0], &[3, 2], vec![1]).unwrap(),
        )
        .unwrap();
        close(&vals(&batch_matmul(&us, &outs[2]).unwrap()), &vals(&x));
        let full = svd(&x, true, true).unwrap();
        let u = &full[1];
        close(
            &vals(&batch_matmul(&mt(u).unwrap(), u).unwrap()),
            &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
        );
    }

    #[test]
    fn eigh_diagonalizes() {
        let (v, w) = eigh(&arr(&[2, 2], &[2.0, 1.0, 1.0, 2.0]), true, true).unwrap();
        close(&vals(&w), &[1.0, 3.0]);
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let got: Vec<f64> = vals(&v).iter().map(|x| x.abs()).collect();
        close(&got, &[h, h, h, h]);
    }

    #[test]
    fn rank_and_dtype_errors_in_jaxs_words() {
        let e = cholesky(&arr(&[3], &[1.0, 2.0, 3.0]))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("Input 0 to cholesky must have rank at least 2, but got shape=(3,)"),
            "{e}"
        );
        let i = Value::Array(Array::from_i32(&[2, 2], vec![1, 0, 0, 1]).unwrap());
        let e = cholesky(&i).unwrap_err().to_string();
        assert_eq!(e, "cholesky does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.");
    }
}
