//! `lax.reduce_precision` under transformations: its `grad` jaxpr rounds the cotangent as JAX's
//! does (JAX's rule is `deflinear`), its JVP rounds the tangent, and `vmap` maps it elementwise.
//! Values recorded from JAX 0.10.2; the primitive's own values are unit-tested beside it.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::ad;
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::primitives::reduce_precision::reduce_precision;
use jaxplay::trace::Value;
use jaxplay::vmap;

fn f32s(data: &[f32]) -> Value {
    Value::Array(Array::from_f32(&[data.len()], data.to_vec()).unwrap())
}

fn values(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().to_f64_vec()
}

/// `jax.make_jaxpr(jax.grad(lambda x: lax.reduce_precision(x, 5, 10).sum()))(jnp.ones(3))`
/// in JAX 0.10.2: the cotangent goes through `reduce_precision` too.
#[test]
fn grad_jaxpr_matches_jax() {
    let aval = ShapedArray::new(vec![3], DType::Float32);
    let closed = trace_with_events("f", &[aval], |xs| {
        let (outs, linear) = ad::linearize("f", &xs, None, |a| {
            let y = reduce_precision(&a[0], 5, 10)?;
            Ok(vec![lax::reduce_sum(&y, vec![0])?])
        })?;
        let ones = lax::ones(&outs[0].aval())?;
        ad::transpose_linear(&linear, &[ones])
    })
    .unwrap();
    let want = "{ lambda ; a:f32[3]. let
    b:f32[3] = reduce_precision[exponent_bits=5 mantissa_bits=10] a
    _:f32[] = reduce_sum[axes=(0,) out_sharding=None] b
    c:f32[3] = broadcast_in_dim 1.0:f32[]
    d:f32[3] = reduce_precision[exponent_bits=5 mantissa_bits=10] c
  in (d,) }";
    assert_eq!(closed.jaxpr.to_string().trim(), want);
}

#[test]
fn jvp_and_vmap() {
    let x = f32s(&[1.0 + 3.0 / 2048.0, 70000.0]);
    let t = f32s(&[3.2, 1.0]);
    let (_, tangent) = ad::jvp("f", &[x], &[t], |a| {
        Ok(vec![reduce_precision(&a[0], 5, 10)?])
    })
    .unwrap();
    assert_eq!(values(&tangent[0]), vec![3.19921875, 1.0]);
    let m = Value::Array(Array::from_f32(&[2, 2], vec![1.0, 65520.0, 3.2, 1e-8]).unwrap());
    let out = vmap::vmap("f", &[m], &[Some(1)], &[Some(0)], |a| {
        Ok(vec![reduce_precision(&a[0], 5, 10)?])
    })
    .unwrap();
    assert_eq!(values(&out[0]), vec![1.0, 3.19921875, f64::INFINITY, 0.0]);
}
