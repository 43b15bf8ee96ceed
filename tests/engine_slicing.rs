//! Native tests of the static slicing primitives (`slice`, `squeeze`, `rev`, `pad`): values,
//! JVP, reverse mode through their transposes, `vmap`, and jaxpr text as real JAX 0.10.2
//! prints it for `x[1:]`, `x[0]`, `x[::-1]`, `x[0:3:2]` and their gradients.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jnp;
use jaxplay::lax;
use jaxplay::primitives::elementwise::BinaryOp::Mul;
use jaxplay::trace::{trace_to_jaxpr, Value};
use jaxplay::vmap;

fn grad(f: impl Fn(&Value) -> Result<Value>, x: &Value) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn jaxpr(shape: &[usize], f: impl Fn(&Value) -> Result<Value>) -> String {
    let aval = ShapedArray::new(shape.to_vec(), DType::Float32);
    trace_to_jaxpr("f", &[aval], true, |a| Ok(vec![f(&a[0])?]))
        .expect("traces")
        .jaxpr
        .to_string()
}

fn iota(shape: &[usize]) -> Value {
    let n = shape.iter().product::<usize>();
    f32s(shape, &(0..n).map(|v| v as f32).collect::<Vec<_>>())
}

/// `x[1:]`, `x[0]` (slice + squeeze), `x[::-1]` and `x[0:3:2]` of a 1-D array, as JAX lowers them.
fn tail(x: &Value) -> Result<Value> {
    lax::slice(x, vec![1], vec![3], None)
}
fn first(x: &Value) -> Result<Value> {
    lax::squeeze(&lax::slice(x, vec![0], vec![1], None)?, vec![0])
}
fn reversed(x: &Value) -> Result<Value> {
    lax::rev(x, vec![0])
}
fn evens(x: &Value) -> Result<Value> {
    lax::slice(x, vec![0], vec![3], Some(vec![2]))
}

#[test]
fn values_match_numpy_indexing() {
    let x = iota(&[3]);
    assert_eq!(values(&tail(&x).unwrap()), vec![1.0, 2.0]);
    assert_eq!(values(&first(&x).unwrap()), vec![0.0]);
    assert_eq!(values(&reversed(&x).unwrap()), vec![2.0, 1.0, 0.0]);
    assert_eq!(values(&evens(&x).unwrap()), vec![0.0, 2.0]);
    // m[1, ::-2] of a 2x3 array: slice (1,0):(2,3):(1,2), rev dim 1, squeeze dim 0.
    let m = iota(&[2, 3]);
    let s = lax::slice(&m, vec![1, 0], vec![2, 3], Some(vec![1, 2])).unwrap();
    let row = lax::squeeze(&lax::rev(&s, vec![1]).unwrap(), vec![0]).unwrap();
    assert_eq!(values(&row), vec![5.0, 3.0]);
    let column = lax::expand_dims(&m, &[1]).unwrap();
    assert_eq!(column.aval().shape, vec![2, 1, 3]);
    let both = lax::expand_dims(&iota(&[5]), &[0, 2]).unwrap();
    assert_eq!(both.aval().shape, vec![1, 5, 1]);
    assert!(lax::expand_dims(&m, &[3]).is_err());
}

#[test]
fn gradients_put_ones_where_elements_were_read() {
    let x = iota(&[3]);
    let sum = |f: fn(&Value) -> Result<Value>| move |x: &Value| jnp::sum(&f(x)?, None);
    assert_eq!(values(&grad(sum(tail), &x).unwrap()), vec![0.0, 1.0, 1.0]);
    assert_eq!(values(&grad(first, &x).unwrap()), vec![1.0, 0.0, 0.0]);
    assert_eq!(values(&grad(sum(evens), &x).unwrap()), vec![1.0, 0.0, 1.0]);
    // d/dx sum(w * rev(x)) = rev(w)
    let w = f32s(&[3], &[1.0, 2.0, 3.0]);
    let weighted = |x: &Value| jnp::sum(&jnp::binary(Mul, &w, &reversed(x)?)?, None);
    assert_eq!(values(&grad(weighted, &x).unwrap()), vec![3.0, 2.0, 1.0]);
    // Second order through pad's transpose (a slice): d²/dx² of sum(x[1:]**2) is 2 on x[1:].
    let squares = |x: &Value| {
        let t = tail(x)?;
        jnp::sum(&jnp::binary(Mul, &t, &t)?, None)
    };
    let hess_diag = grad(|x| jnp::sum(&grad(squares, x)?, None), &x).unwrap();
    assert_eq!(values(&hess_diag), vec![0.0, 2.0, 2.0]);
}

#[test]
fn jvp_slices_the_tangent() {
    let x = iota(&[3]);
    let t = f32s(&[3], &[10.0, 20.0, 30.0]);
    let (p, tan) = ad::jvp("f", &[x], &[t], |a| Ok(vec![evens(&a[0])?])).unwrap();
    assert_eq!(values(&p[0]), vec![0.0, 2.0]);
    assert_eq!(values(&tan[0]), vec![10.0, 30.0]);
}

#[test]
fn vmap_slices_every_row() {
    let m = iota(&[2, 3]);
    for axis in [0, 1] {
        let x = if axis == 0 {
            m.clone()
        } else {
            lax::transpose(&m, vec![1, 0]).unwrap()
        };
        let out = vmap::vmap("f", &[x], &[Some(axis)], &[Some(0)], |a| {
            let r = reversed(&a[0])?;
            Ok(vec![first(&r)?, tail(&r)?])
        })
        .unwrap();
        assert_eq!(
            values(&out[0]),
            vec![2.0, 5.0],
            "last of each row, in_axes={axis}"
        );
        assert_eq!(values(&out[1]), vec![1.0, 0.0, 4.0, 3.0]);
    }
}

#[test]
fn jaxprs_match_jax() {
    // Each expected text is what jax.make_jaxpr printed in JAX 0.10.2.
    assert_eq!(
        jaxpr(&[3], first),
        "{ lambda ; a:f32[3]. let
    b:f32[1] = slice[limit_indices=(1,) start_indices=(0,) strides=None] a
    c:f32[] = squeeze[dimensions=(0,)] b
  in (c,) }"
    );
    assert_eq!(
        jaxpr(&[3], reversed),
        "{ lambda ; a:f32[3]. let b:f32[3] = rev[dimensions=(0,)] a in (b,) }"
    );
    assert_eq!(
        jaxpr(&[3], evens),
        "{ lambda ; a:f32[3]. let
    b:f32[2] = slice[limit_indices=(3,) start_indices=(0,) strides=(2,)] a
  in (b,) }"
    );
    // The transposes: JAX computes pad's high edge (and, with strides, its interior) with NumPy.
    let g = jaxpr(&[3], |x| grad(|x| jnp::sum(&tail(x)?, None), x));
    assert!(
        g.contains("d:f32[3] = pad[padding_config=((1, np.int64(0), 0),)] c 0.0:f32[]"),
        "{g}"
    );
    let g = jaxpr(&[3], |x| grad(|x| jnp::sum(&evens(x)?, None), x));
    assert!(
        g.contains("pad[padding_config=((0, np.int64(0), np.int64(1)),)]"),
        "{g}"
    );
    // Under vmap the batch dimension's entry is plain Python ints: `(0, 0, 0)`, as
    // jax.make_jaxpr(jax.vmap(jax.grad(lambda x: (x[1:] * x[1:]).sum())))(jnp.ones((2, 3))).
    let squares = |x: &Value| {
        let t = tail(x)?;
        jnp::sum(&jnp::binary(Mul, &t, &t)?, None)
    };
    let g = jaxpr(&[2, 3], |m| {
        let rows = vmap::vmap("g", std::slice::from_ref(m), &[Some(0)], &[Some(0)], |a| {
            Ok(vec![grad(squares, &a[0])?])
        });
        Ok(rows?.remove(0))
    });
    assert!(
        g.contains("pad[padding_config=((0, 0, 0), (1, np.int64(0), 0))]"),
        "{g}"
    );
    let g = jaxpr(&[3], |x| grad(|x| jnp::sum(&reversed(x)?, None), x));
    assert!(g.contains("d:f32[3] = rev[dimensions=(0,)] c"), "{g}");
}

/// Per axis of a random shape: its size, and a start, limit and stride within it.
fn slice_case() -> impl proptest::strategy::Strategy<Value = Vec<(usize, usize, usize, usize)>> {
    use proptest::prelude::*;
    prop::collection::vec(
        (0usize..5).prop_flat_map(|n| {
            (Just(n), 0..=n).prop_flat_map(|(n, s)| (Just(n), Just(s), s..=n, 1usize..4))
        }),
        0..4,
    )
}

proptest::proptest! {
    /// `slice` reads exactly the elements a naive index walk reads, and reverse mode puts each
    /// output's cotangent back where it was read (`pad`, zeros elsewhere).
    #[test]
    fn slice_and_its_transpose_match_a_naive_walk(axes in slice_case()) {
        let shape: Vec<usize> = axes.iter().map(|a| a.0).collect();
        let x = iota(&shape);
        let picked: Vec<Vec<usize>> = axes.iter().map(|&(_, s, l, st)| (s..l).step_by(st).collect()).collect();
        let strides = jaxplay::dense::strides(&shape);
        // Flat positions read, in row-major output order.
        let mut read = vec![0usize];
        for (idx, &step) in picked.iter().zip(&strides) {
            read = read.iter().flat_map(|&at| idx.iter().map(move |&i| at + i * step)).collect();
        }
        let start = axes.iter().map(|a| a.1).collect::<Vec<_>>();
        let limit = axes.iter().map(|a| a.2).collect::<Vec<_>>();
        let steps = Some(axes.iter().map(|a| a.3).collect::<Vec<_>>());
        let f = |v: &Value| lax::slice(v, start.clone(), limit.clone(), steps.clone());
        let out = f(&x).unwrap();
        proptest::prop_assert_eq!(values(&out), read.iter().map(|&i| i as f64).collect::<Vec<_>>());
        // Weights 1, 2, 3... on the outputs: the gradient holds weight k at the k-th read position.
        let n = read.len();
        let w = f32s(&out.aval().shape, &(1..=n).map(|k| k as f32).collect::<Vec<_>>());
        let weighted = |v: &Value| jnp::sum(&jnp::binary(Mul, &w, &f(v)?)?, None);
        let g = values(&grad(weighted, &x).unwrap());
        let mut want = vec![0.0; x.aval().size()];
        for (k, &at) in read.iter().enumerate() {
            want[at] = (k + 1) as f64;
        }
        proptest::prop_assert_eq!(g, want);
    }
}
