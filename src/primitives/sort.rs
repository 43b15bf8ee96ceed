//! `sort`: operands of one shape sorted together along `dimension`, ordered by the first
//! `num_keys` of them (lexicographically), with JAX 0.10.2's params, errors and batching rule,
//! and the `argsort` JAX builds from it (a sort of `(x, iota)` with one key).
//!
//! Floats compare as JAX's comparator does after `_canonicalize_float_for_sort`: NaNs last
//! (all equal), `-0.0` equal to `0.0`, so a stable sort keeps their order. jaxplay always sorts
//! stably, `is_stable` is only printed.
//!
//! JVP: JAX sorts an iota alongside and `gather`s each tangent by it, which jaxplay lacks; here
//! the tangents are sorted alongside the keys instead (the same permutation, since the sort is
//! stable), and that sort's transpose with respect to its non-key operands applies the inverse
//! permutation by sorting the cotangents by the permutation. Values and gradients agree with
//! JAX; the `grad` jaxpr differs (no `gather` / `scatter-add`).

use super::structural::{map_buffer, Iota};
use super::{BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::{element_count, Dense};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::lax;
use crate::trace::{bind, bind1, Value};
use std::cmp::Ordering;
use std::rc::Rc;

#[derive(Debug)]
pub struct Sort {
    pub dimension: usize,
    pub is_stable: bool,
    pub num_keys: usize,
}

fn invalid(message: String) -> Error {
    Error::InvalidArgument {
        primitive: "sort",
        message,
    }
}

/// NaNs after everything and equal to each other; `-0.0 == 0.0`.
fn cmp_f32(a: f32, b: f32) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
    }
}

/// Compares two flat positions of one key operand.
fn key_order(buffer: &Buffer) -> Box<dyn Fn(usize, usize) -> Ordering + '_> {
    match buffer {
        Buffer::F32(a) => {
            let d = a.data();
            Box::new(move |i, j| cmp_f32(d[i], d[j]))
        }
        Buffer::I32(a) => {
            let d = a.data();
            Box::new(move |i, j| d[i].cmp(&d[j]))
        }
        Buffer::Bool(a) => {
            let d = a.data();
            Box::new(move |i, j| d[i].cmp(&d[j]))
        }
        Buffer::U32(a) => {
            let d = a.data();
            Box::new(move |i, j| d[i].cmp(&d[j]))
        }
        Buffer::U8(a) => {
            let d = a.data();
            Box::new(move |i, j| d[i].cmp(&d[j]))
        }
        Buffer::Key(a) => {
            let d = a.data();
            Box::new(move |i, j| d[i].cmp(&d[j]))
        }
    }
}

/// Reads `x` at the flat positions `from`, in order.
fn permuted<T: Copy>(x: &Dense<T>, from: &[usize]) -> Dense<T> {
    let d = x.data();
    Dense::filled(x.shape(), from.iter().map(|&i| d[i]).collect())
}

impl Sort {
    /// For each output position, the flat input position it takes its elements from.
    fn source_positions(&self, keys: &[Array]) -> Vec<usize> {
        let shape = keys[0].shape();
        let n = shape[self.dimension];
        let inner = element_count(&shape[self.dimension + 1..]);
        let outer = element_count(&shape[..self.dimension]);
        let orders: Vec<_> = keys.iter().map(|k| key_order(k.buffer())).collect();
        let mut from = vec![0; element_count(shape)];
        let mut line: Vec<usize> = Vec::with_capacity(n);
        for o in 0..outer {
            for i in 0..inner {
                let base = o * n * inner + i;
                line.clear();
                line.extend((0..n).map(|k| base + k * inner));
                line.sort_by(|&a, &b| {
                    orders
                        .iter()
                        .map(|f| f(a, b))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                });
                for (k, &src) in line.iter().enumerate() {
                    from[base + k * inner] = src;
                }
            }
        }
        from
    }
}

impl Primitive for Sort {
    fn name(&self) -> &'static str {
        "sort"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("dimension", self.dimension.to_string().into()),
            ("is_stable", Param::Bool(self.is_stable)),
            ("num_keys", self.num_keys.to_string().into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        let first = inputs
            .first()
            .ok_or_else(|| invalid("sort requires at least one operand".into()))?;
        if self.num_keys < 1 || self.num_keys > inputs.len() {
            return Err(invalid(format!(
                "num_keys={} must be between 1 and len(operand)={}",
                self.num_keys,
                inputs.len()
            )));
        }
        if inputs.iter().any(|a| a.shape != first.shape) {
            let shapes: Vec<String> = inputs.iter().map(|a| shape_tuple(&a.shape)).collect();
            return Err(Error::Usage {
                message: format!(
                    "Arguments to sort must have equal shapes, got: {}",
                    shapes.join(" ")
                ),
            });
        }
        if self.dimension >= first.shape.len() {
            return Err(invalid(format!(
                "axis {} is out of bounds for array of dimension {}",
                self.dimension,
                first.shape.len()
            )));
        }
        Ok(inputs.to_vec())
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let avals: Vec<ShapedArray> = inputs.iter().map(Array::aval).collect();
        let outs = self.abstract_eval(&avals)?;
        let from = self.source_positions(&inputs[..self.num_keys]);
        Ok(inputs
            .iter()
            .zip(&outs)
            .map(|(x, out)| {
                let buffer = map_buffer!(x.buffer(), |a| permuted(a, &from));
                Array::from_buffer(buffer).with_weak_type(out.weak_type)
            })
            .collect())
    }

    /// The tangents are sorted alongside the keys (see the module doc for how JAX differs).
    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let outs = self.rebind(primals, self.num_keys)?;
        let moving: Vec<Value> = tangents.iter().flatten().cloned().collect();
        let mut operands = primals[..self.num_keys].to_vec();
        operands.extend(moving);
        let mut sorted = self
            .rebind(&operands, self.num_keys)?
            .into_iter()
            .skip(self.num_keys);
        let touts = tangents
            .iter()
            .map(|t| t.as_ref().and_then(|_| sorted.next()))
            .collect();
        Ok((outs, touts))
    }

    /// Linear in its non-key operands once the keys are known: each cotangent goes back to
    /// where its element came from, which sorting it by the permutation does.
    fn transpose(&self, cts: &[Option<Value>], args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        let mut keys = Vec::with_capacity(self.num_keys);
        for a in &args[..self.num_keys] {
            match a {
                LinearArg::Known(v) => keys.push(v.clone()),
                LinearArg::Linear(_) => {
                    return Err(Error::MissingRule {
                        primitive: "sort",
                        rule: "transposition with respect to its keys (it is not linear in them)",
                    })
                }
            }
        }
        let shape = keys[0].aval().shape;
        let iota = lax_iota(&shape, self.dimension)?;
        keys.push(iota);
        let permutation = self.rebind(&keys, self.num_keys)?.pop();
        let permutation = permutation.ok_or_else(|| Error::internal("sort lost its iota"))?;
        let mut operands = vec![permutation];
        let linear: Vec<usize> = (self.num_keys..args.len())
            .filter(|&i| matches!(args[i], LinearArg::Linear(_)) && cts[i].is_some())
            .collect();
        operands.extend(linear.iter().filter_map(|&i| cts[i].clone()));
        let mut back = self.rebind(&operands, 1)?.into_iter().skip(1);
        let mut out = vec![None; args.len()];
        for i in linear {
            out[i] = back.next();
        }
        Ok(out)
    }

    /// JAX's `_sort_batch_rule`: every operand gets the first batched operand's batch axis
    /// (unbatched ones broadcast to its shape), and `dimension` shifts past it.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let Some((proto, bdim)) = args.iter().zip(dims).find_map(|(a, d)| d.map(|d| (a, d))) else {
            return Ok((self.rebind(args, self.num_keys)?, vec![None; args.len()]));
        };
        let shape = proto.aval().shape;
        let mut operands = Vec::with_capacity(args.len());
        for (a, d) in args.iter().zip(dims) {
            operands.push(match d {
                None => {
                    let kept = (0..shape.len()).filter(|&i| i != bdim).collect();
                    lax::broadcast_in_dim(a, &shape, kept)?
                }
                Some(d) => lax::moveaxis(a, *d, bdim)?,
            });
        }
        let dimension = self.dimension + usize::from(bdim <= self.dimension);
        let prim = Sort {
            dimension,
            is_stable: self.is_stable,
            num_keys: self.num_keys,
        };
        Ok((
            bind(Rc::new(prim), &operands)?,
            vec![Some(bdim); args.len()],
        ))
    }
}

impl Sort {
    fn rebind(&self, operands: &[Value], num_keys: usize) -> Result<Vec<Value>> {
        sort(operands, self.dimension, self.is_stable, num_keys)
    }
}

/// An int32 iota of `shape` counting along `dimension`.
fn lax_iota(shape: &[usize], dimension: usize) -> Result<Value> {
    let prim = Iota {
        dtype: DType::Int32,
        shape: shape.to_vec(),
        dimension,
    };
    bind1(Rc::new(prim), &[])
}

/// `lax.sort(operands, dimension, is_stable, num_keys)`: every operand sorted.
pub fn sort(
    operands: &[Value],
    dimension: usize,
    is_stable: bool,
    num_keys: usize,
) -> Result<Vec<Value>> {
    let prim = Sort {
        dimension,
        is_stable,
        num_keys,
    };
    bind(Rc::new(prim), operands)
}

/// `jnp.argsort(x, axis=dimension)` (stable): the int32 positions that sort `x`, from a sort
/// of `(x, iota)` with one key, as JAX builds it (JAX wraps it in a `jit` named `argsort`).
pub fn argsort(x: &Value, dimension: usize) -> Result<Value> {
    let shape = x.aval().shape;
    if dimension >= shape.len() {
        return Err(invalid(format!(
            "axis {dimension} is out of bounds for array of dimension {}",
            shape.len()
        )));
    }
    let iota = lax_iota(&shape, dimension)?;
    let mut outs = sort(&[x.clone(), iota], dimension, true, 1)?;
    outs.pop()
        .ok_or_else(|| Error::internal("sort returned no outputs"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nans_sort_last_and_signed_zeros_tie() {
        // Recorded from JAX 0.10.2: lax.sort of these gives [-inf, -0., 0., -0., 1., inf, nan, nan].
        let nan = f32::NAN;
        let data = vec![
            nan,
            1.0,
            -0.0,
            0.0,
            -nan,
            f32::NEG_INFINITY,
            f32::INFINITY,
            -0.0,
        ];
        let x = Array::from_f32(&[8], data).unwrap();
        let prim = Sort {
            dimension: 0,
            is_stable: true,
            num_keys: 1,
        };
        let Buffer::F32(out) = prim.eval(&[x]).unwrap()[0].buffer().clone() else {
            panic!("float output")
        };
        let bits: Vec<u32> = out.data()[..6].iter().map(|v| v.to_bits()).collect();
        let want = [f32::NEG_INFINITY, -0.0, 0.0, -0.0, 1.0, f32::INFINITY];
        assert_eq!(bits, want.map(f32::to_bits));
        assert!(out.data()[6..].iter().all(|v| v.is_nan()));
    }

    #[test]
    fn keys_compare_lexicographically() {
        let k1 = Array::from_i32(&[2, 3], vec![1, 0, 1, 2, 2, 1]).unwrap();
        let k2 = Array::from_f32(&[2, 3], vec![5.0, 9.0, 4.0, 0.0, -1.0, 3.0]).unwrap();
        let v = Array::from_i32(&[2, 3], vec![10, 11, 12, 13, 14, 15]).unwrap();
        let prim = Sort {
            dimension: 1,
            is_stable: true,
            num_keys: 2,
        };
        let outs = prim.eval(&[k1, k2, v]).unwrap();
        assert_eq!(
            outs[2].to_f64_vec(),
            vec![11.0, 12.0, 10.0, 15.0, 14.0, 13.0]
        );
    }
}
