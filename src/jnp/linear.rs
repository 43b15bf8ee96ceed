//! NumPy's products over `dot_general` (`dot`, `matmul`, `vdot`, `inner`, `tensordot`), the
//! broadcasting ones (`outer`, `kron`) and `trace`, binding what `jax.numpy` binds: `dot_general`
//! with `preferred_element_type` set to the promoted dtype and the operands left unconverted.

use super::creation::scalar;
use super::{astype, shape};
use crate::dtype::{promote, DType};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::control::select_n;
use crate::primitives::dot::{dot_general, DotDims};
use crate::primitives::elementwise::CompareOp;
use crate::primitives::structural::Iota;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// The dtype `jnp` computes a product of `a` and `b` in.
fn result_dtype(a: &Value, b: &Value) -> DType {
    promote(a.type_key(), b.type_key()).dtype
}

/// `dot_general` contracting `a`'s `ca` with `b`'s `cb`, no batch dimensions.
fn contract(a: &Value, b: &Value, ca: Vec<usize>, cb: Vec<usize>) -> Result<Value> {
    let dims = DotDims {
        lhs_contract: ca,
        rhs_contract: cb,
        ..DotDims::default()
    };
    product(a, b, dims)
}

/// `dot_general` in the promoted dtype, then made weak when the promotion is (a weak float
/// times an integer array), as `jnp`'s final `_convert_element_type` does.
fn product(a: &Value, b: &Value, dims: DotDims) -> Result<Value> {
    let t = promote(a.type_key(), b.type_key());
    let out = dot_general(a, b, dims, Some(t.dtype))?;
    if t.weak && !out.aval().weak_type {
        lax::convert(&out, t.dtype, true)
    } else {
        Ok(out)
    }
}

/// `jnp.dot`: a scalar scales; otherwise `a`'s last axis against `b`'s only or second-to-last.
pub fn dot(a: &Value, b: &Value) -> Result<Value> {
    let (ra, rb) = (a.shape().len(), b.shape().len());
    if ra == 0 || rb == 0 {
        return contract(a, b, vec![], vec![]);
    }
    let cb = if rb == 1 { 0 } else { rb - 2 };
    contract(a, b, vec![ra - 1], vec![cb])
}

/// `jnp.matmul`: 1-D operands are vectors; stacks of matrices must have equal leading shapes.
pub fn matmul(a: &Value, b: &Value) -> Result<Value> {
    let (sa, sb) = (a.shape().to_vec(), b.shape().to_vec());
    for (k, s) in [&sa, &sb].into_iter().enumerate() {
        if s.is_empty() {
            return Err(Error::Value {
                message: format!(
                    "matmul input operand {k} must have ndim at least 1, but it has ndim 0"
                ),
            });
        }
    }
    let (ra, rb) = (sa.len(), sb.len());
    let ca = ra - 1;
    let cb = if rb == 1 { 0 } else { rb - 2 };
    // A matrix or vector `b`, or a vector `a`: a plain contraction puts the axes in order.
    if rb <= 2 || ra == 1 {
        return contract(a, b, vec![ca], vec![cb]);
    }
    if ra == rb && sa[..ra - 2] == sb[..rb - 2] {
        let batch: Vec<usize> = (0..ra - 2).collect();
        let dims = DotDims {
            lhs_contract: vec![ca],
            rhs_contract: vec![cb],
            lhs_batch: batch.clone(),
            rhs_batch: batch,
        };
        return product(a, b, dims);
    }
    Err(Error::Unsupported {
        what: "jnp.matmul with broadcast batch dimensions",
    })
}

/// `jnp.vdot`: both flattened, then `dot`.
pub fn vdot(a: &Value, b: &Value) -> Result<Value> {
    dot(&shape::ravel(a)?, &shape::ravel(b)?)
}

/// `jnp.inner`: the last axes contracted.
pub fn inner(a: &Value, b: &Value) -> Result<Value> {
    let (ra, rb) = (a.shape().len(), b.shape().len());
    if ra == 0 || rb == 0 {
        return contract(a, b, vec![], vec![]);
    }
    contract(a, b, vec![ra - 1], vec![rb - 1])
}

/// `tensordot`'s `axes`: a count of trailing/leading axes, or two lists.
pub enum TensorAxes {
    Count(usize),
    Pairs(Vec<i64>, Vec<i64>),
}

/// `jnp.tensordot`.
pub fn tensordot(a: &Value, b: &Value, axes: TensorAxes) -> Result<Value> {
    let (ra, rb) = (a.shape().len(), b.shape().len());
    let (ca, cb) = match axes {
        TensorAxes::Count(n) => {
            if n > ra || n > rb {
                return Err(Error::usage(format!(
                    "Number of tensordot axes (axes {n}) exceeds input ranks ({} and {})",
                    crate::array::shape_tuple(a.shape()),
                    crate::array::shape_tuple(b.shape())
                )));
            }
            ((ra - n..ra).collect(), (0..n).collect())
        }
        TensorAxes::Pairs(xa, xb) => {
            if xa.len() != xb.len() {
                return Err(Error::usage(format!(
                    "tensordot requires axes lists to have equal length, got {:?} and {:?}.",
                    xa, xb
                )));
            }
            let norm = |v: &[i64], r| {
                v.iter()
                    .map(|&i| super::axis_index(i, r))
                    .collect::<Result<Vec<_>>>()
            };
            (norm(&xa, ra)?, norm(&xb, rb)?)
        }
    };
    contract(a, b, ca, cb)
}

/// Both operands converted to their promoted dtype.
fn promoted(a: &Value, b: &Value) -> Result<(Value, Value)> {
    let t = result_dtype(a, b);
    let conv = |v: &Value| {
        if v.aval().dtype == t {
            Ok(v.clone())
        } else {
            astype(v, t)
        }
    };
    Ok((conv(a)?, conv(b)?))
}

/// `jnp.outer`: both flattened, as a column times a row.
pub fn outer(a: &Value, b: &Value) -> Result<Value> {
    let (a, b) = promoted(a, b)?;
    let (a, b) = (shape::ravel(&a)?, shape::ravel(&b)?);
    let (n, m) = (a.shape()[0], b.shape()[0]);
    let col = lax::broadcast_in_dim(&a, &[n, 1], vec![0])?;
    let row = lax::broadcast_in_dim(&b, &[1, m], vec![1])?;
    lax::mul(&col, &row)
}

/// `jnp.kron`: every product of an element of `a` with one of `b`, axes interleaved.
pub fn kron(a: &Value, b: &Value) -> Result<Value> {
    let (a, b) = promoted(a, b)?;
    let lift = |v: &Value, rank: usize| {
        let s = v.shape();
        let lead = rank - s.len();
        let shape = [vec![1; lead], s.to_vec()].concat();
        lax::broadcast_in_dim(v, &shape, (lead..rank).collect())
    };
    let rank = a.shape().len().max(b.shape().len());
    let (a, b) = (lift(&a, rank)?, lift(&b, rank)?);
    let (sa, sb) = (a.shape().to_vec(), b.shape().to_vec());
    let spread_a: Vec<usize> = sa.iter().flat_map(|&d| [d, 1]).collect();
    let spread_b: Vec<usize> = sb.iter().flat_map(|&d| [1, d]).collect();
    let a = lax::broadcast_in_dim(&a, &spread_a, (0..rank).map(|d| 2 * d).collect())?;
    let b = lax::broadcast_in_dim(&b, &spread_b, (0..rank).map(|d| 2 * d + 1).collect())?;
    let product = lax::mul(&a, &b)?;
    let shape: Vec<usize> = sa.iter().zip(&sb).map(|(x, y)| x * y).collect();
    lax::reshape(&product, &shape)
}

fn iota(shape: &[usize], dimension: usize) -> Result<Value> {
    let prim = Iota {
        dtype: DType::Int32,
        shape: shape.to_vec(),
        dimension,
    };
    bind1(Rc::new(prim), &[])
}

/// The mask `row + k >= col` (`lower`) of a `n x m` matrix, as `jnp.tril` builds it, or
/// `row + k == col` for `trace`.
fn diagonal_mask(n: usize, m: usize, k: i64, op: CompareOp) -> Result<Value> {
    let offset = scalar(k as f64, DType::Int32)?;
    let (rows, cols) = match op {
        CompareOp::Eq => {
            let rows = iota(&[n, m], 0)?;
            let cols = iota(&[n, m], 1)?;
            (lax::add(&rows, &offset)?, cols)
        }
        _ => {
            let rows = lax::add(&iota(&[n, m], 0)?, &offset)?;
            (rows, iota(&[n, m], 1)?)
        }
    };
    lax::compare(op, &rows, &cols)
}

/// `x` where `mask` (over its last two axes) is `keep`, zero elsewhere, by `select_n`;
/// `mask_first` orders the broadcasts as the JAX function at hand does.
fn keep_where(x: &Value, mask: &Value, keep: bool, mask_first: bool) -> Result<Value> {
    let shape = x.shape().to_vec();
    let rank = shape.len();
    let zero = scalar(0.0, x.aval().dtype)?;
    let lift_mask = || {
        if rank == 2 {
            Ok(mask.clone())
        } else {
            lax::broadcast_in_dim(mask, &shape, vec![rank - 2, rank - 1])
        }
    };
    let (mask, zeros) = if mask_first {
        let mask = lift_mask()?;
        (mask, lax::broadcast_in_dim(&zero, &shape, Vec::new())?)
    } else {
        let zeros = lax::broadcast_in_dim(&zero, &shape, Vec::new())?;
        (lift_mask()?, zeros)
    };
    if keep {
        select_n(&mask, &[zeros, x.clone()])
    } else {
        select_n(&mask, &[x.clone(), zeros])
    }
}

/// `jnp.trace`: the sum of the `offset` diagonal of the planes of `axis1` x `axis2`.
pub fn trace(
    x: &Value,
    offset: i64,
    axis1: usize,
    axis2: usize,
    dtype: Option<DType>,
) -> Result<Value> {
    let rank = x.shape().len();
    if axis1 == axis2 {
        return Err(Error::Value {
            message: "axis1 and axis2 must not be the same".into(),
        });
    }
    let x = if (axis1, axis2) == (rank - 2, rank - 1) {
        x.clone()
    } else {
        shape::moveaxis(x, &[axis1, axis2], &[rank - 2, rank - 1])?
    };
    let shape = x.shape().to_vec();
    let mask = diagonal_mask(shape[rank - 2], shape[rank - 1], offset, CompareOp::Eq)?;
    let kept = keep_where(&x, &mask, true, false)?;
    let r = super::reductions::Reduction {
        axes: Some(vec![rank - 2, rank - 1]),
        dtype,
        ..super::reductions::Reduction::all()
    };
    super::reductions::sum(&kept, &r)
}

/// `jnp.tril` (`lower`) / `jnp.triu`: the other triangle, beyond diagonal `k`, zeroed.
pub fn triangle(x: &Value, k: i64, lower: bool) -> Result<Value> {
    let shape = x.shape().to_vec();
    let rank = shape.len();
    if rank < 2 {
        let name = if lower { "tril" } else { "triu" };
        return Err(Error::Value {
            message: format!("{name} requires an array of at least two dimensions"),
        });
    }
    // triu keeps `row + k - 1 < col`, built as `row + (k - 1) >= col` with the cases swapped.
    let k = if lower { k } else { k - 1 };
    let mask = diagonal_mask(shape[rank - 2], shape[rank - 1], k, CompareOp::Ge)?;
    keep_where(x, &mask, lower, true)
}
