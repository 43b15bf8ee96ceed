//! `reduce_precision`: rounds float32 values to a narrower float format (`exponent_bits`,
//! `mantissa_bits`) while keeping the float32 dtype, bit for bit as XLA's `ReducePrecision`
//! does on CPU: the mantissa rounded to nearest even, then exponents beyond the narrow
//! format's range overflowing to a signed infinity or underflowing to a signed zero; NaNs
//! pass through. As in JAX it is linear (its JVP and transpose are `reduce_precision` of the
//! tangent / cotangent) and batches elementwise.

use super::{check_arity, BatchOut, JvpOut, LinearArg, Param, Primitive};
use crate::array::{Array, Buffer, ShapedArray};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::trace::{bind1, Value};
use std::rc::Rc;

#[derive(Debug, Clone, Copy)]
pub struct ReducePrecision {
    pub exponent_bits: i64,
    pub mantissa_bits: i64,
}

/// `lax.reduce_precision(x, exponent_bits, mantissa_bits)`.
pub fn reduce_precision(x: &Value, exponent_bits: i64, mantissa_bits: i64) -> Result<Value> {
    let prim = ReducePrecision {
        exponent_bits,
        mantissa_bits,
    };
    prim.apply(x)
}

impl ReducePrecision {
    fn apply(self, x: &Value) -> Result<Value> {
        bind1(Rc::new(self), std::slice::from_ref(x))
    }

    /// XLA's bit recipe for one float32 (`EmitReducePrecisionIR`).
    fn round(self, x: f32) -> f32 {
        const MANTISSA: i64 = 23;
        const EXPONENT: i64 = 8;
        let mut bits = x.to_bits();
        if self.mantissa_bits < MANTISSA {
            let shift = (MANTISSA - self.mantissa_bits) as u32;
            let last_bit_mask = 1u32 << shift;
            let base_bias = (last_bit_mask >> 1).wrapping_sub(1);
            let last_bit = (bits & last_bit_mask) >> shift;
            bits = bits.wrapping_add(last_bit + base_bias) & !(last_bit_mask - 1);
        }
        if self.exponent_bits < EXPONENT {
            const SIGN: u32 = 1 << 31;
            const EXP_MASK: u32 = 0xff << 23;
            let bias = 127u32;
            let reduced_bias = (1u32 << (self.exponent_bits - 1)) - 1;
            let exponent = bits & EXP_MASK;
            let signed_zero = bits & SIGN;
            if exponent > (bias + reduced_bias) << 23 {
                bits = signed_zero | EXP_MASK;
            } else if exponent <= (bias - reduced_bias) << 23 {
                bits = signed_zero;
            }
        }
        if x.is_nan() {
            x
        } else {
            f32::from_bits(bits)
        }
    }
}

impl Primitive for ReducePrecision {
    fn name(&self) -> &'static str {
        "reduce_precision"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("exponent_bits", self.exponent_bits.to_string().into()),
            ("mantissa_bits", self.mantissa_bits.to_string().into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity("reduce_precision", inputs, 1)?;
        if inputs[0].dtype != DType::Float32 {
            return Err(Error::DtypeNotAccepted {
                primitive: "reduce_precision",
                dtype: inputs[0].dtype.name().into(),
                accepted: "floating",
            });
        }
        if self.exponent_bits < 1 {
            return Err(Error::Value {
                message: format!(
                    "reduce_precision: exponent_bits must be positive; got {}",
                    self.exponent_bits
                ),
            });
        }
        if self.mantissa_bits < 0 {
            return Err(Error::Value {
                message: format!(
                    "reduce_precision: mantissa_bits must be non-negative; got {}",
                    self.mantissa_bits
                ),
            });
        }
        Ok(vec![inputs[0].clone()])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        self.abstract_eval(&[inputs[0].aval()])?;
        let Buffer::F32(a) = inputs[0].buffer() else {
            return Err(Error::internal("reduce_precision of a non-float buffer"));
        };
        let out = a.map(|x| self.round(x));
        Ok(vec![
            Array::from_buffer(Buffer::F32(out)).with_weak_type(inputs[0].weak_type())
        ])
    }

    fn jvp(&self, primals: &[Value], tangents: &[Option<Value>]) -> Result<JvpOut> {
        let tangent = tangents[0].as_ref().map(|t| self.apply(t)).transpose()?;
        Ok((vec![self.apply(&primals[0])?], vec![tangent]))
    }

    fn transpose(&self, cts: &[Option<Value>], _args: &[LinearArg]) -> Result<Vec<Option<Value>>> {
        Ok(vec![cts[0]
            .as_ref()
            .map(|ct| self.apply(ct))
            .transpose()?])
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![self.apply(&args[0])?], vec![dims[0]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(data: &[f32]) -> Value {
        Value::Array(Array::from_f32(&[data.len()], data.to_vec()).unwrap())
    }

    fn values(v: &Value) -> Vec<f64> {
        v.as_array().unwrap().to_f64_vec()
    }

    /// Inputs covering ties, overflow, underflow, NaN, infinities, signed zero and subnormals.
    const X: [f32; 13] = [
        1.0 + 3.0 / 2048.0,
        65504.0,
        65520.0,
        1e-8,
        6e-5,
        3e-5,
        f32::NAN,
        f32::NEG_INFINITY,
        1e38,
        -0.0,
        1.17e-38 / 4.0,
        3.2,
        -2.5,
    ];

    /// Recorded from JAX 0.10.2 (CPU): `lax.reduce_precision(X, e, m)`.
    #[test]
    fn values_match_xla() {
        let inf = f64::INFINITY;
        let cases: [(i64, i64, [f64; 13]); 5] = [
            (
                5,
                10,
                [
                    1.001953125,
                    65504.0,
                    inf,
                    0.0,
                    0.0,
                    0.0,
                    f64::NAN,
                    -inf,
                    inf,
                    -0.0,
                    0.0,
                    3.19921875,
                    -2.5,
                ],
            ),
            (
                8,
                7,
                [
                    1.0,
                    65536.0,
                    65536.0,
                    1.0011717677116394e-08,
                    6.008148193359375e-05,
                    3.0040740966796875e-05,
                    f64::NAN,
                    -inf,
                    9.969209968386869e+37,
                    -0.0,
                    2.938735877055719e-39,
                    3.203125,
                    -2.5,
                ],
            ),
            (
                2,
                1,
                [
                    1.0,
                    inf,
                    inf,
                    0.0,
                    0.0,
                    0.0,
                    f64::NAN,
                    -inf,
                    inf,
                    -0.0,
                    0.0,
                    3.0,
                    -2.0,
                ],
            ),
            (
                1,
                0,
                [
                    0.0,
                    inf,
                    inf,
                    0.0,
                    0.0,
                    0.0,
                    f64::NAN,
                    -inf,
                    inf,
                    -0.0,
                    0.0,
                    inf,
                    -inf,
                ],
            ),
            (
                11,
                52,
                [
                    1.00146484375,
                    65504.0,
                    65520.0,
                    9.99999993922529e-09,
                    5.999999848427251e-05,
                    2.9999999242136255e-05,
                    f64::NAN,
                    -inf,
                    9.999999680285692e+37,
                    -0.0,
                    2.925000349508407e-39,
                    3.200000047683716,
                    -2.5,
                ],
            ),
        ];
        for (e, m, want) in cases {
            let got = values(&reduce_precision(&f32s(&X), e, m).unwrap());
            for (i, (g, w)) in got.iter().zip(want).enumerate() {
                let same = if w.is_nan() {
                    g.is_nan()
                } else {
                    g.to_bits() == w.to_bits()
                };
                assert!(same, "({e}, {m}) element {i}: {g}, JAX {w}");
            }
        }
    }

    #[test]
    fn refuses_what_jax_refuses() {
        let ints = Value::Array(Array::from_i32(&[2], vec![1, 2]).unwrap());
        let e = reduce_precision(&ints, 5, 10).unwrap_err().to_string();
        assert_eq!(
            e,
            "reduce_precision does not accept dtype int32. Accepted dtypes are subtypes of floating."
        );
        let x = f32s(&[1.0]);
        let e = reduce_precision(&x, 0, 3).unwrap_err().to_string();
        assert_eq!(e, "reduce_precision: exponent_bits must be positive; got 0");
        let e = reduce_precision(&x, 3, -1).unwrap_err().to_string();
        assert_eq!(
            e,
            "reduce_precision: mantissa_bits must be non-negative; got -1"
        );
    }
}
