//! `lax.top_k` (values, indices, JVP, `vmap`) and a forward `cumsum` longer than XLA's block
//! of 16, against values recorded from JAX 0.10.2.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::array::Array;
use jaxplay::primitives::reductions::cumsum;
use jaxplay::primitives::top_k::top_k;
use jaxplay::trace::Value;
use jaxplay::vmap::vmap;

fn grid(data: Vec<f32>) -> Value {
    Value::Array(Array::from_f32(&[2, 3], data).unwrap())
}

fn values(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().to_f64_vec()
}

#[test]
fn top_k_along_an_axis_with_its_jvp_and_vmap() {
    // jax.lax.top_k(x, 2, axis=0) -> [[4, 5, 6], [1, 2, 3]] at [[1, 0, 1], [0, 1, 0]].
    let x = grid(vec![1.0, 5.0, 3.0, 4.0, 2.0, 6.0]);
    let (v, i) = top_k(&x, 2, 0).unwrap();
    assert_eq!(values(&v), [4.0, 5.0, 6.0, 1.0, 2.0, 3.0]);
    assert_eq!(values(&i), [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
    assert_eq!(i.aval().dtype.name(), "int32");
    // The tangent gathered at the indices (JAX's jvp: a gather with batching dimensions).
    let t = grid(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let (_, touts) = jaxplay::ad::jvp("f", std::slice::from_ref(&x), &[t], |a| {
        Ok(vec![top_k(&a[0], 2, 0)?.0])
    })
    .unwrap();
    assert_eq!(values(&touts[0]), [4.0, 2.0, 6.0, 1.0, 5.0, 3.0]);
    // jax.vmap(lambda r: lax.top_k(r, 2), in_axes=1)(x) -> [[4, 1], [5, 2], [6, 3]] at
    // [[1, 0], [0, 1], [1, 0]].
    let outs = vmap("f", &[x], &[Some(1)], &[Some(0), Some(0)], |a| {
        let (v, i) = top_k(&a[0], 2, 0)?;
        Ok(vec![v, i])
    })
    .unwrap();
    assert_eq!(values(&outs[0]), [4.0, 1.0, 5.0, 2.0, 6.0, 3.0]);
    assert_eq!(values(&outs[1]), [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]);
}

#[test]
fn cumsum_sums_in_xlas_blocks() {
    // jnp.cumsum(jnp.arange(40, dtype=float32) * 0.1)[-1] has bits 1117519872 in JAX.
    let x: Vec<f32> = (0..40).map(|i| i as f32 * 0.1).collect();
    let x = Value::Array(Array::from_f32(&[40], x).unwrap());
    let c = cumsum(&x, 0, false).unwrap();
    let last = values(&c)[39] as f32;
    assert_eq!(last.to_bits(), 1_117_519_872);
}
