//! `random_gamma[log_space=...]`: one Gamma(a, 1) draw per element of `a` (or its logarithm),
//! as JAX 0.10.2's CPU lowering computes it: each key split into one key per element of `a`
//! past the key's own axes, and Marsaglia and Tsang's rejection loop (`_gamma_one`) run per
//! element on its key, with `a < 1` boosted to `a + 1` and scaled back by `u^(1/a)`.
//!
//! XLA compiles the loop with its CPU habits, kept here: `1 + x·c` is one fused multiply-add,
//! results below float32's smallest normal flush to zero, and `c = 1/(3·sqrt(d))` is
//! `(1/3)·rsqrt(d)` with XLA's rsqrt: two Newton steps (fused) refining the CPU's `rsqrtps`
//! estimate. The estimate is what an Intel x86-64 CPU answers (`rsqrtps_table.rs`); JAX on a
//! CPU that answers otherwise draws other bits for some `a`.
//!
//! Keys are not differentiable and `a`'s gradient (JAX's `random_gamma_grad`) is not
//! implemented: a tangent for `a` is refused.

use super::prng::{counter, threefry2x32};
use super::rsqrtps_table::RSQRTPS;
use super::{check_arity, xla_f32, BatchOut, JvpOut, Param, Primitive};
use crate::array::{shape_tuple, Array, Buffer, ShapedArray};
use crate::batching::materialize;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::trace::{bind1, Value};
use std::rc::Rc;

#[derive(Debug)]
pub struct RandomGamma {
    pub log_space: bool,
}

pub fn random_gamma(keys: &Value, a: &Value, log_space: bool) -> Result<Value> {
    bind1(
        Rc::new(RandomGamma { log_space }),
        &[keys.clone(), a.clone()],
    )
}

impl Primitive for RandomGamma {
    fn name(&self) -> &'static str {
        "random_gamma"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("log_space", Param::Bool(self.log_space))]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        let (keys, a) = (&inputs[0], &inputs[1]);
        let fail = |message: String| {
            Err(Error::InvalidArgument {
                primitive: "random_gamma",
                message,
            })
        };
        if !keys.dtype.is_key() {
            return fail(format!(
                "takes a key array operand, got dtype {}",
                keys.dtype
            ));
        }
        if a.dtype != DType::Float32 {
            return fail(format!("takes float32 shape parameters, got {}", a.dtype));
        }
        if !a.shape.starts_with(&keys.shape) {
            return fail(format!(
                "the keys' shape {} must lead the parameters' shape {}",
                shape_tuple(&keys.shape),
                shape_tuple(&a.shape)
            ));
        }
        Ok(vec![a.clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let (Buffer::Key(keys), Buffer::F32(a)) = (inputs[0].buffer(), inputs[1].buffer()) else {
            return Err(Error::internal(
                "random_gamma operands passed their type check",
            ));
        };
        let per_key = a.data().len().checked_div(keys.data().len()).unwrap_or(0);
        let draws = a
            .data()
            .iter()
            .enumerate()
            .map(|(i, &alpha)| {
                let key = split(keys.data()[i / per_key], i % per_key);
                gamma_one(key, alpha, self.log_space)
            })
            .collect();
        Ok(vec![
            Array::from_f32(&out[0].shape, draws)?.with_weak_type(out[0].weak_type)
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        if tangents[1].is_some() {
            return Err(Error::MissingRule {
                primitive: "random_gamma",
                rule: "differentiation with respect to `a` (JAX's random_gamma_grad)",
            });
        }
        let out = random_gamma(&primals[0], &primals[1], self.log_space)?;
        Ok((vec![out], vec![None]))
    }

    /// JAX's `_gamma_batching_rule`: both operands with the batch axis in front.
    fn batch(&self, args: &[Value], dims: &[Option<usize>], axis_size: usize) -> Result<BatchOut> {
        let keys = materialize(&args[0], dims[0], axis_size)?;
        let a = materialize(&args[1], dims[1], axis_size)?;
        Ok((
            vec![random_gamma(&keys, &a, self.log_space)?],
            vec![Some(0)],
        ))
    }
}

/// `split(key, n)[i]`.
fn split(key: [u32; 2], i: usize) -> [u32; 2] {
    threefry2x32(key, counter(i))
}

/// `uniform(key, (), minval=lo, maxval=hi)`: the top 23 bits of the key's word as a float in
/// `[0, 1)`, scaled into `[lo, hi)`.
fn uniform(key: [u32; 2], lo: f32, hi: f32) -> f32 {
    let [a, b] = split(key, 0);
    let f = f32::from_bits(((a ^ b) >> 9) | 1.0f32.to_bits()) - 1.0;
    lo.max(f * (hi - lo) + lo)
}

/// `normal(key, ())`: `sqrt(2) · erf_inv(u)`, `u` uniform in `(-1, 1)`.
fn normal(key: [u32; 2]) -> f32 {
    let lo = f32::from_bits((-1.0f32).to_bits() - 1);
    std::f32::consts::SQRT_2 * xla_f32::erf_inv(uniform(key, lo, 1.0))
}

/// Whether `x` is a positive normal float: where the estimate comes from the table and the
/// Newton steps refine it.
fn is_normal_positive(x: f32) -> bool {
    (f32::MIN_POSITIVE..f32::INFINITY).contains(&x)
}

/// What an Intel x86-64 CPU's `rsqrtps` answers, the estimate XLA's `rsqrt` refines: from the
/// table for a normal `x` (`x`'s exponent parity and top 10 mantissa bits pick the answer for
/// `x` scaled into `[1, 4)`, then scaled back), else infinity for zero (and, with denormals
/// as zero, for subnormals), 0 for infinity and x86's default NaN below zero.
pub fn rsqrt_estimate(x: f32) -> f32 {
    if !is_normal_positive(x) {
        return match x {
            _ if x.is_nan() => x,
            // x86's default NaN.
            _ if x < 0.0 => f32::from_bits(0xffc0_0000),
            f32::INFINITY => 0.0,
            _ => f32::INFINITY.copysign(x),
        };
    }
    let bits = x.to_bits();
    let exponent = (bits >> 23) as i32 - 127;
    let parity = exponent.rem_euclid(2);
    let index = ((parity as u32) << 10) | ((bits >> 13) & 1023);
    let scaled_exponent = (126 - (exponent - parity) / 2) as u32;
    f32::from_bits((scaled_exponent << 23) | (u32::from(RSQRTPS[index as usize]) << 11))
}

/// XLA's CPU `rsqrt`: two Newton steps `y += (-y/2)·(x·y·y - 1)`, each with fused
/// multiply-adds, from the CPU's estimate, which outside the normal range is the answer.
fn rsqrt(x: f32) -> f32 {
    let estimate = rsqrt_estimate(x);
    if !is_normal_positive(x) {
        return estimate;
    }
    (0..2).fold(estimate, |y, _| {
        let h = (x * y).mul_add(y, -1.0);
        (y * -0.5).mul_add(h, y)
    })
}

/// A subnormal flushed to zero, as XLA's CPU code does with every result.
fn ftz(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// JAX's `_gamma_one(key, alpha, log_space)`.
fn gamma_one(key: [u32; 2], alpha: f32, log_space: bool) -> f32 {
    let third = 1.0f32 / 3.0;
    let boost = alpha >= 1.0;
    let a = if boost { alpha } else { alpha + 1.0 };
    let d = a - third;
    let c = third * rsqrt(d);
    let (mut key, subkey) = (split(key, 0), split(key, 1));
    // (X, V, U) = (x², v³, u), started where the loop's condition holds.
    let (mut x2, mut v3, mut u) = (0.0f32, 1.0f32, 2.0f32);
    while u >= 1.0 - 0.0331 * (x2 * x2)
        && xla_f32::log(u) >= x2 * 0.5 + d * ((1.0 - v3) + xla_f32::log(v3))
    {
        let (x_key, u_key) = (split(key, 1), split(key, 2));
        key = split(key, 0);
        let (mut k, mut x, mut v) = (x_key, 0.0f32, -1.0f32);
        while v <= 0.0 {
            let sub = split(k, 1);
            k = split(k, 0);
            x = normal(sub);
            v = x.mul_add(c, 1.0);
        }
        x2 = x * x;
        v3 = v * v * v;
        u = uniform(u_key, 0.0, 1.0);
    }
    if log_space {
        let log_u = xla_f32::log1p(-uniform(subkey, 0.0, 1.0));
        let log_boost = if boost || log_u == 0.0 {
            0.0
        } else {
            log_u * (1.0 / alpha)
        };
        (xla_f32::log(d) + xla_f32::log(v3)) + log_boost
    } else {
        let s = 1.0 - uniform(subkey, 0.0, 1.0);
        let scale = if boost {
            1.0
        } else {
            xla_f32::pow(s, 1.0 / alpha)
        };
        ftz(d * v3 * scale)
    }
}
