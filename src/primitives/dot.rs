//! `dot_general`: contraction over paired dimensions with paired batch dimensions, the primitive
//! `x @ w`, `jnp.dot` and `jnp.einsum` lower to. Params, errors and printing as JAX 0.10.2 has
//! them; the JVP is the bilinear rule, the transposes are JAX's `_dot_general_transpose_lhs/rhs`
//! and batching folds the mapped axis into the dimension numbers as `_dot_general_batch_dim_nums`.
//! The kernel lays both operands out as `(batch, free, contract)` / `(batch, contract, free)` and
//! runs an `i-k-j` loop over contiguous rows.

use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::{element_count, strides, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind1, Value};
use std::rc::Rc;

/// JAX's `TypeError` for a call a primitive refuses (shapes or dims that do not fit): its own
/// text when it names the primitive, else prefixed with it.
pub(crate) fn type_error(primitive: &'static str, message: String) -> Error {
    if message.starts_with(primitive) {
        Error::Signature { message }
    } else {
        Error::Signature {
            message: format!("{primitive}: {message}"),
        }
    }
}

/// `((lhs_contract, rhs_contract), (lhs_batch, rhs_batch))`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DotDims {
    pub lhs_contract: Vec<usize>,
    pub rhs_contract: Vec<usize>,
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
}

/// Python's list spelling, `[1, 2]`, which JAX's dot_general printer uses.
fn list(v: &[usize]) -> String {
    let items: Vec<String> = v.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Dimensions of `0..n` not in any of `removed`, in order (JAX's `remaining`).
fn remaining(n: usize, removed: &[&[usize]]) -> Vec<usize> {
    (0..n)
        .filter(|d| removed.iter().all(|r| !r.contains(d)))
        .collect()
}

fn argsort(v: &[usize]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by_key(|&i| v[i]);
    idx
}

/// XLA's "higher precision type" of two operand dtypes (float > integers > bool).
fn result_dtype(a: DType, b: DType) -> DType {
    let rank = |d| match d {
        DType::Bool | DType::KeyFry => 0,
        DType::Uint32 | DType::Int32 | DType::Uint8 => 1,
        DType::Float32 => 2,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

#[derive(Debug, Clone)]
pub struct DotGeneral {
    pub dimension_numbers: DotDims,
    /// Printed only when set (`jnp.dot` sets it; `lax.dot_general` leaves it `None`).
    pub preferred_element_type: Option<DType>,
}

impl DotGeneral {
    fn out_shape(&self, lhs: &[usize], rhs: &[usize]) -> Vec<usize> {
        let d = &self.dimension_numbers;
        let mut shape: Vec<usize> = d.lhs_batch.iter().map(|&i| lhs[i]).collect();
        shape.extend(
            remaining(lhs.len(), &[&d.lhs_contract, &d.lhs_batch])
                .iter()
                .map(|&i| lhs[i]),
        );
        shape.extend(
            remaining(rhs.len(), &[&d.rhs_contract, &d.rhs_batch])
                .iter()
                .map(|&i| rhs[i]),
        );
        shape
    }

    fn check(&self, lhs: &ShapedArray, rhs: &ShapedArray) -> Result<()> {
        let d = &self.dimension_numbers;
        let t = |v: &[usize]| shape_tuple(v);
        let fail = |m: String| Err(type_error("dot_general", m));
        let (lr, rr) = (lhs.shape.len(), rhs.shape.len());
        if d.lhs_contract.iter().chain(&d.lhs_batch).any(|&i| i >= lr) {
            return fail(format!("dot_general requires lhs dimension numbers to be nonnegative and less than the number of axes of the lhs value, got lhs_batch of {} and lhs_contracting of {} for lhs of rank {lr}", t(&d.lhs_batch), t(&d.lhs_contract)));
        }
        if d.rhs_contract.iter().chain(&d.rhs_batch).any(|&i| i >= rr) {
            return fail(format!("dot_general requires rhs dimension numbers to be nonnegative and less than the number of axes of the rhs value, got rhs_batch of {} and rhs_contracting of {} for rhs of rank {rr}", t(&d.rhs_batch), t(&d.rhs_contract)));
        }
        if d.lhs_batch.len() != d.rhs_batch.len() {
            return fail(format!("dot_general requires equal numbers of lhs_batch and rhs_batch dimensions, got lhs_batch {} and rhs_batch {}.", t(&d.lhs_batch), t(&d.rhs_batch)));
        }
        let repeats = |v: &[usize]| (1..v.len()).any(|i| v[..i].contains(&v[i]));
        for (side, kind, v) in [
            ("lhs", "batch", &d.lhs_batch),
            ("rhs", "batch", &d.rhs_batch),
            ("lhs", "contracting", &d.lhs_contract),
            ("rhs", "contracting", &d.rhs_contract),
        ] {
            if repeats(v) {
                return fail(format!("dot_general requires {side} {kind} dimensions to be distinct, got {side}_{kind} {}.", t(v)));
            }
        }
        for (side, b, c) in [
            ("lhs", &d.lhs_batch, &d.lhs_contract),
            ("rhs", &d.rhs_batch, &d.rhs_contract),
        ] {
            if b.iter().any(|x| c.contains(x)) {
                return fail(format!("dot_general requires {side} batch dimensions to be disjoint from contracting dimensions, got {side}_batch {} and {side}_contracting {}.", t(b), t(c)));
            }
        }
        let pick = |s: &[usize], v: &[usize]| v.iter().map(|&i| s[i]).collect::<Vec<_>>();
        let (lb, rb) = (
            pick(&lhs.shape, &d.lhs_batch),
            pick(&rhs.shape, &d.rhs_batch),
        );
        if lb != rb {
            return fail(format!("dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape, got {} and {}.", t(&lb), t(&rb)));
        }
        let (lc, rc) = (
            pick(&lhs.shape, &d.lhs_contract),
            pick(&rhs.shape, &d.rhs_contract),
        );
        if lc != rc {
            return fail(format!("dot_general requires contracting dimensions to have the same shape, got {} and {}.", t(&lc), t(&rc)));
        }
        Ok(())
    }
}

/// `lax.dot_general`: contracts `dims` of `a` and `b`; the result's dimensions are the batch
/// dimensions, then `a`'s free ones, then `b`'s.
pub fn dot_general(
    a: &Value,
    b: &Value,
    dims: DotDims,
    preferred_element_type: Option<DType>,
) -> Result<Value> {
    let prim = DotGeneral {
        dimension_numbers: dims,
        preferred_element_type,
    };
    bind1(Rc::new(prim), &[a.clone(), b.clone()])
}

/// `jnp.matmul` for 2-D operands (`x @ w`), as `jnp` binds it with `preferred_element_type`.
pub fn matmul(a: &Value, b: &Value) -> Result<Value> {
    let dtype = result_dtype(a.aval().dtype, b.aval().dtype);
    let rank = a.aval().shape.len();
    let dims = DotDims {
        lhs_contract: vec![rank.saturating_sub(1)],
        rhs_contract: vec![0],
        ..DotDims::default()
    };
    dot_general(a, b, dims, Some(dtype))
}

impl Primitive for DotGeneral {
    fn name(&self) -> &'static str {
        "dot_general"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        let d = &self.dimension_numbers;
        let text = format!(
            "(({}, {}), ({}, {}))",
            list(&d.lhs_contract),
            list(&d.rhs_contract),
            list(&d.lhs_batch),
            list(&d.rhs_batch)
        );
        let mut params = vec![("dimension_numbers", text.into())];
        if let Some(t) = self.preferred_element_type {
            params.push(("preferred_element_type", t.name().into()));
        }
        params
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (lhs, rhs) = (&inputs[0], &inputs[1]);
        self.check(lhs, rhs)?;
        let dtype = result_dtype(lhs.dtype, rhs.dtype);
        let dtype = match self.preferred_element_type {
            Some(p) if p != dtype && dtype != DType::Float32 && p == DType::Bool => {
                return Err(type_error("dot_general", format!("`preferred_element_type` must not be narrower than the original type, got preferred_element_type of {p} for result type of {dtype}.")));
            }
            Some(p) => p,
            None => dtype,
        };
        Ok(vec![ShapedArray {
            shape: self.out_shape(&lhs.shape, &rhs.shape),
            dtype,
            weak_type: lhs.weak_type && rhs.weak_type,
        }])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self
            .abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?
            .remove(0);
        let d = &self.dimension_numbers;
        let (ls, rs) = (inputs[0].shape(), inputs[1].shape());
        let lhs_free = remaining(ls.len(), &[&d.lhs_contract, &d.lhs_batch]);
        let rhs_free = remaining(rs.len(), &[&d.rhs_contract, &d.rhs_batch]);
        let size = |s: &[usize], v: &[usize]| v.iter().map(|&i| s[i]).product::<usize>();
        let plan = Plan {
            batch: size(ls, &d.lhs_batch),
            m: size(ls, &lhs_free),
            k: size(ls, &d.lhs_contract),
            n: size(rs, &rhs_free),
        };
        // Operands in (batch, free, contract) and (batch, contract, free) order.
        let lhs_perm: Vec<usize> = [&d.lhs_batch[..], &lhs_free, &d.lhs_contract].concat();
        let rhs_perm: Vec<usize> = [&d.rhs_batch[..], &d.rhs_contract, &rhs_free].concat();
        let (lhs, rhs) = (
            as_dtype(&inputs[0], out.dtype)?,
            as_dtype(&inputs[1], out.dtype)?,
        );
        let buffer = match (lhs.buffer(), rhs.buffer()) {
            (Buffer::F32(a), Buffer::F32(b)) => Buffer::F32(plan.run(
                &permuted(a, &lhs_perm),
                &permuted(b, &rhs_perm),
                &out.shape,
                |acc, x, y| acc + x * y,
            )),
            (Buffer::I32(a), Buffer::I32(b)) => Buffer::I32(plan.run(
                &permuted(a, &lhs_perm),
                &permuted(b, &rhs_perm),
                &out.shape,
                |acc, x, y| acc.wrapping_add(x.wrapping_mul(y)),
            )),
            (Buffer::U32(a), Buffer::U32(b)) => Buffer::U32(plan.run(
                &permuted(a, &lhs_perm),
                &permuted(b, &rhs_perm),
                &out.shape,
                |acc, x, y| acc.wrapping_add(x.wrapping_mul(y)),
            )),
            (Buffer::U8(a), Buffer::U8(b)) => Buffer::U8(plan.run(
                &permuted(a, &lhs_perm),
                &permuted(b, &rhs_perm),
                &out.shape,
                |acc, x, y| acc.wrapping_add(x.wrapping_mul(y)),
            )),
            (Buffer::Bool(a), Buffer::Bool(b)) => Buffer::Bool(plan.run(
                &permuted(a, &lhs_perm),
                &permuted(b, &rhs_perm),
                &out.shape,
                |acc, x, y| acc | (x & y),
            )),
            _ => {
                return Err(Error::internal(
                    "dot_general operands converted to one dtype",
                ))
            }
        };
        Ok(vec![
            Array::from_buffer(buffer).with_weak_type(out.weak_type)
        ])
    }

    /// Bilinear: `dot(t_lhs, rhs) + dot(lhs, t_rhs)`, each term only for a non-zero tangent.
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let dot = |a: &Value, b: &Value| {
            dot_general(
                a,
                b,
                self.dimension_numbers.clone(),
                self.preferred_element_type,
            )
        };
        let out = dot(&primals[0], &primals[1])?;
        let left = tangents[0]
            .as_ref()
            .map(|t| dot(t, &primals[1]))
            .transpose()?;
        let right = tangents[1]
            .as_ref()
            .map(|t| dot(&primals[0], t))
            .transpose()?;
        Ok((vec![out], vec![lax::add_tangents(left, right)?]))
    }

    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let Some(g) = &cts[0] else {
            return Ok(vec![None, None]);
        };
        let d = &self.dimension_numbers;
        let mut out = vec![None, None];
        if let (LinearArg::Linear(x), LinearArg::Known(y)) = (&args[0], &args[1]) {
            out[0] = Some(self.transpose_lhs(g, x, y, d.clone(), false)?);
        }
        if let (LinearArg::Known(x), LinearArg::Linear(y)) = (&args[0], &args[1]) {
            let swapped = DotDims {
                lhs_contract: d.rhs_contract.clone(),
                rhs_contract: d.lhs_contract.clone(),
                lhs_batch: d.rhs_batch.clone(),
                rhs_batch: d.lhs_batch.clone(),
            };
            out[1] = Some(self.transpose_lhs(g, y, x, swapped, true)?);
        }
        Ok(out)
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let d = &self.dimension_numbers;
        let (ln, rn) = (args[0].aval().shape.len(), args[1].aval().shape.len());
        let bump = |v: &[usize], b: usize| -> Vec<usize> {
            v.iter().map(|&x| if x >= b { x + 1 } else { x }).collect()
        };
        let mut new = d.clone();
        let out_dim = match (dims[0], dims[1]) {
            (Some(lb), Some(rb)) => {
                new.lhs_batch = [&[lb][..], &bump(&d.lhs_batch, lb)].concat();
                new.rhs_batch = [&[rb][..], &bump(&d.rhs_batch, rb)].concat();
                new.lhs_contract = bump(&d.lhs_contract, lb);
                new.rhs_contract = bump(&d.rhs_contract, rb);
                0
            }
            (Some(lb), None) => {
                let tensor = remaining(ln - 1, &[&d.lhs_batch, &d.lhs_contract]);
                new.lhs_batch = bump(&d.lhs_batch, lb);
                new.lhs_contract = bump(&d.lhs_contract, lb);
                d.lhs_batch.len() + tensor.iter().filter(|&&t| t < lb).count()
            }
            (None, Some(rb)) => {
                let tensor = remaining(rn - 1, &[&d.rhs_batch, &d.rhs_contract]);
                new.rhs_batch = bump(&d.rhs_batch, rb);
                new.rhs_contract = bump(&d.rhs_contract, rb);
                ln - d.lhs_contract.len() + tensor.iter().filter(|&&t| t < rb).count()
            }
            (None, None) => {
                let out = dot_general(&args[0], &args[1], d.clone(), self.preferred_element_type)?;
                return Ok((vec![out], vec![None]));
            }
        };
        let out = dot_general(&args[0], &args[1], new, self.preferred_element_type)?;
        Ok((vec![out], vec![Some(out_dim)]))
    }
}

impl DotGeneral {
    /// JAX's `_dot_general_transpose_lhs` (with `swap_ans` for the rhs): contract the cotangent
    /// with the other operand, then put the result's axes back in `x`'s order.
    fn transpose_lhs(
        &self,
        g: &Value,
        x: &ShapedArray,
        y: &Value,
        d: DotDims,
        swap_ans: bool,
    ) -> Result<Value> {
        let x_ndim = x.shape.len();
        let y_ndim = y.aval().shape.len();
        let x_kept = remaining(x_ndim, &[&d.lhs_contract, &d.lhs_batch]);
        let y_kept = remaining(y_ndim, &[&d.rhs_contract, &d.rhs_batch]);
        let nb = d.lhs_batch.len();
        let ans_batch: Vec<usize> = (0..nb).collect();
        let ans_y: Vec<usize> = if swap_ans {
            (nb..nb + y_kept.len()).collect()
        } else {
            let start = nb + x_kept.len();
            (start..start + y_kept.len()).collect()
        };
        let dims = DotDims {
            lhs_contract: ans_y,
            rhs_contract: y_kept,
            lhs_batch: ans_batch,
            rhs_batch: d.rhs_batch.clone(),
        };
        let order = argsort(&d.rhs_contract);
        let x_contract_sorted_by_y: Vec<usize> = order.iter().map(|&i| d.lhs_contract[i]).collect();
        let unsorted: Vec<usize> = [&d.lhs_batch[..], &x_kept, &x_contract_sorted_by_y].concat();
        let out = dot_general(g, y, dims, self.preferred_element_type)?;
        let x_bar = lax::transpose(&out, argsort(&unsorted))?;
        if x_bar.aval().dtype != x.dtype {
            return lax::convert(&x_bar, x.dtype, x.weak_type);
        }
        Ok(x_bar)
    }
}

/// The operand's elements read in `perm` order of its dimensions.
fn permuted<T: Copy>(a: &Dense<T>, perm: &[usize]) -> Vec<T> {
    let own = strides(a.shape());
    let shape: Vec<usize> = perm.iter().map(|&p| a.shape()[p]).collect();
    let steps: Vec<usize> = perm.iter().map(|&p| own[p]).collect();
    a.gather(&shape, &steps).data().to_vec()
}

fn as_dtype(a: &Array, dtype: DType) -> Result<Array> {
    if a.dtype() == dtype {
        return Ok(a.clone());
    }
    Array::from_f64_values(a.shape(), dtype, &a.to_f64_vec())
}

/// Sizes of the flattened batched matrix product.
struct Plan {
    batch: usize,
    m: usize,
    k: usize,
    n: usize,
}

impl Plan {
    /// `out[b, i, :] = fold_k(lhs[b, i, k] * rhs[b, k, :])`, the `i-k-j` order, so the inner
    /// loop runs along contiguous rows of `rhs` and `out`.
    fn run<T: Copy + Default>(
        &self,
        lhs: &[T],
        rhs: &[T],
        shape: &[usize],
        fma: impl Fn(T, T, T) -> T,
    ) -> Dense<T> {
        let (m, k, n) = (self.m, self.k, self.n);
        let mut out = vec![T::default(); self.batch * m * n];
        for b in 0..self.batch {
            let (l, r) = (
                &lhs[b * m * k..(b + 1) * m * k],
                &rhs[b * k * n..(b + 1) * k * n],
            );
            for i in 0..m {
                let row = &mut out[(b * m + i) * n..(b * m + i + 1) * n];
                for kk in 0..k {
                    let a = l[i * k + kk];
                    for (o, &y) in row.iter_mut().zip(&r[kk * n..(kk + 1) * n]) {
                        *o = fma(*o, a, y);
                    }
                }
            }
        }
        debug_assert_eq!(out.len(), element_count(shape));
        Dense::from_shape_vec(shape, out).unwrap_or_else(|| Dense::from_elem(&[0], T::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(shape: &[usize], v: Vec<f32>) -> Array {
        Array::from_f32(shape, v).unwrap()
    }

    fn mm() -> DotGeneral {
        DotGeneral {
            dimension_numbers: DotDims {
                lhs_contract: vec![1],
                rhs_contract: vec![0],
                ..DotDims::default()
            },
            preferred_element_type: Some(DType::Float32),
        }
    }

    #[test]
    fn matmul_and_batched_contraction() {
        let a = f32s(&[2, 3], vec![1., 2., 3., 4., 5., 6.]);
        let b = f32s(&[3, 2], vec![1., 0., 0., 1., 1., 1.]);
        let out = mm().eval(&[a.clone(), b]).unwrap().remove(0);
        assert_eq!(out.shape(), &[2, 2]);
        assert_eq!(out.to_f64_vec(), vec![4., 5., 10., 11.]);
        // Contract dim 0 of both (a^T a) and batch over nothing.
        let p = DotGeneral {
            dimension_numbers: DotDims {
                lhs_contract: vec![0],
                rhs_contract: vec![0],
                ..DotDims::default()
            },
            preferred_element_type: None,
        };
        let ata = p.eval(&[a.clone(), a.clone()]).unwrap().remove(0);
        assert_eq!(
            ata.to_f64_vec(),
            vec![17., 22., 27., 22., 29., 36., 27., 36., 45.]
        );
        // Batch over dim 0 (rows), contract dim 1: the row-wise dot product.
        let rows = DotGeneral {
            dimension_numbers: DotDims {
                lhs_contract: vec![1],
                rhs_contract: vec![1],
                lhs_batch: vec![0],
                rhs_batch: vec![0],
            },
            preferred_element_type: None,
        };
        let r = rows.eval(&[a.clone(), a]).unwrap().remove(0);
        assert_eq!(r.to_f64_vec(), vec![14., 77.]);
    }

    #[test]
    fn int_bool_and_mixed_dtypes() {
        let i = Array::from_i32(&[1, 2], vec![2, 3]).unwrap();
        let j = Array::from_i32(&[2, 1], vec![4, 5]).unwrap();
        let p = DotGeneral {
            preferred_element_type: None,
            ..mm()
        };
        assert_eq!(p.eval(&[i.clone(), j]).unwrap()[0].to_f64_vec(), vec![23.]);
        let t = Array::from_bool(&[1, 2], vec![true, false]).unwrap();
        let u = Array::from_bool(&[2, 1], vec![false, true]).unwrap();
        let out = p.eval(&[t, u]).unwrap().remove(0);
        assert_eq!((out.dtype(), out.to_f64_vec()), (DType::Bool, vec![0.]));
        let f = f32s(&[2, 1], vec![0.5, 1.0]);
        let mixed = p.eval(&[i, f]).unwrap().remove(0);
        assert_eq!(
            (mixed.dtype(), mixed.to_f64_vec()),
            (DType::Float32, vec![4.])
        );
    }

    #[test]
    fn params_and_errors_are_jaxs() {
        let Param::Text(t) = &mm().params()[0].1 else {
            panic!("text")
        };
        assert_eq!(t, "(([1], [0]), ([], []))");
        let a = ShapedArray::new(vec![2, 3], DType::Float32);
        let b = ShapedArray::new(vec![4, 2], DType::Float32);
        let err = mm().abstract_eval(&[a.clone(), b]).unwrap_err().to_string();
        assert_eq!(err, "dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).");
        let bad = DotGeneral {
            dimension_numbers: DotDims {
                lhs_contract: vec![2],
                rhs_contract: vec![0],
                ..DotDims::default()
            },
            preferred_element_type: None,
        };
        let err = bad.abstract_eval(&[a.clone(), a]).unwrap_err().to_string();
        assert!(err.starts_with("dot_general requires lhs dimension numbers to be nonnegative"));
    }

    #[test]
    fn a_256_matmul_is_fast() {
        let n = 256;
        let a = f32s(&[n, n], vec![1.0; n * n]);
        let start = std::time::Instant::now();
        let out = mm().eval(&[a.clone(), a]).unwrap().remove(0);
        assert_eq!(out.to_f64_vec()[0], n as f64);
        assert!(
            start.elapsed().as_secs_f64() < 2.0,
            "took {:?}",
            start.elapsed()
        );
    }
}
