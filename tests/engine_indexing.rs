//! Native tests of the structural/indexing primitives (`dot_general`, `concatenate`/`split`,
//! `dynamic_slice`, `dynamic_update_slice`, `gather`, the `scatter` family) and the `jnp`-level
//! indexing helpers: jaxpr text against goldens recorded from JAX 0.10.2 by
//! `tests/golden/generate_indexing.py`, values against JAX's on random inputs
//! (`tests/golden/indexing/values.json`, same script), grad/vmap, and finite-difference checks.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jnp;
use jaxplay::jnp_indexing::{at_get, at_update, take, Index};
use jaxplay::lax;
use jaxplay::primitives::dot::{dot_general, matmul, DotDims};
use jaxplay::primitives::indexing::{
    concatenate, dynamic_slice, dynamic_update_slice, ScatterKind,
};
use jaxplay::trace::{trace_to_jaxpr, Value};
use jaxplay::vmap;
use proptest::prelude::*;

fn golden(name: &str) -> String {
    let path = format!(
        "{}/tests/golden/indexing/{name}.jaxpr",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .expect("golden exists")
        .trim_end()
        .to_string()
}

fn json() -> serde_json::Value {
    let path = format!(
        "{}/tests/golden/indexing/values.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn recorded(j: &serde_json::Value, name: &str, dtype: DType) -> Value {
    let shape: Vec<usize> = j[name]["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    let data: Vec<f64> = j[name]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    Value::Array(Array::from_f64_values(&shape, dtype, &data).unwrap())
}

fn close(got: &Value, j: &serde_json::Value, name: &str) {
    let want = recorded(j, name, DType::Float32);
    assert_eq!(got.aval().shape, want.aval().shape, "{name}");
    for (g, w) in values(got).iter().zip(values(&want)) {
        assert!(
            (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
            "{name}: {g} vs {w}"
        );
    }
}

fn jaxpr(avals: &[ShapedArray], f: impl Fn(&[Value]) -> Result<Vec<Value>>) -> String {
    trace_to_jaxpr("f", avals, true, |a| f(&a))
        .expect("traces")
        .jaxpr
        .to_string()
}

fn f32a(shape: &[usize]) -> ShapedArray {
    ShapedArray::new(shape.to_vec(), DType::Float32)
}

fn i32a(shape: &[usize]) -> ShapedArray {
    ShapedArray::new(shape.to_vec(), DType::Int32)
}

fn mm_dims() -> DotDims {
    DotDims {
        lhs_contract: vec![1],
        rhs_contract: vec![0],
        ..DotDims::default()
    }
}

#[test]
fn dot_general_jaxprs_match_jax() {
    let text = jaxpr(&[f32a(&[2, 3]), f32a(&[3, 4])], |a| {
        Ok(vec![matmul(&a[0], &a[1])?])
    });
    assert_eq!(text, golden("matmul"));
    let text = jaxpr(&[f32a(&[4, 3]), f32a(&[3, 2])], |a| {
        Ok(vec![dot_general(&a[0], &a[1], mm_dims(), None)?])
    });
    assert_eq!(text, golden("lax_dot_general"));
}

fn grad_jaxpr(
    avals: &[ShapedArray],
    n_diff: usize,
    f: impl Fn(&[Value]) -> Result<Value>,
) -> String {
    jaxpr(avals, |a| {
        let (diff, rest) = a.split_at(n_diff);
        let (outs, linear) = ad::linearize("f", diff, None, |x| {
            let args: Vec<Value> = x.iter().chain(rest).cloned().collect();
            Ok(vec![f(&args)?])
        })?;
        let ones = lax::ones(&outs[0].aval())?;
        ad::transpose_linear(&linear, &[ones])
    })
}

#[test]
fn grad_jaxprs_match_jax() {
    let sum = |v: Value| jnp::sum(&v, None);
    let g = grad_jaxpr(&[f32a(&[2, 3]), f32a(&[3, 4])], 2, |a| {
        sum(matmul(&a[0], &a[1])?)
    });
    assert_eq!(g, golden("grad_matmul"));
    let bmm = DotDims {
        lhs_contract: vec![2],
        rhs_contract: vec![1],
        lhs_batch: vec![0],
        rhs_batch: vec![0],
    };
    let g = grad_jaxpr(&[f32a(&[5, 2, 3]), f32a(&[5, 3, 4])], 2, |a| {
        sum(dot_general(
            &a[0],
            &a[1],
            bmm.clone(),
            Some(DType::Float32),
        )?)
    });
    assert_eq!(g, golden("grad_batched_einsum"));
    let g = grad_jaxpr(&[f32a(&[4, 3]), i32a(&[3])], 1, |a| {
        sum(take(&a[0], &a[1], 0)?)
    });
    assert_eq!(g, golden("grad_take"));
    let g = grad_jaxpr(&[f32a(&[4, 3]), f32a(&[3, 3]), i32a(&[3])], 2, |a| {
        sum(at_update(
            ScatterKind::Add,
            &a[0],
            &Index::Array(a[2].clone()),
            &a[1],
        )?)
    });
    assert_eq!(g, golden("grad_at_add"));
    let g = grad_jaxpr(&[f32a(&[4, 3]), f32a(&[2, 3])], 2, |a| {
        sum(concatenate(&a[..2], 0)?)
    });
    assert_eq!(g, golden("grad_concatenate"));
    let g = grad_jaxpr(&[f32a(&[4, 3]), f32a(&[2, 3]), i32a(&[])], 2, |a| {
        let zero = Value::Array(Array::from_i32(&[], vec![0]).unwrap());
        let s = jaxplay::jnp_indexing::normalize_index(&a[2], 4)?;
        sum(dynamic_update_slice(&a[0], &a[1], &[s, zero])?)
    });
    assert_eq!(g, golden("grad_dynamic_update_slice"));
}

#[test]
fn vmap_dot_jaxprs_match_jax() {
    let dot = |a: &[Value]| Ok(vec![matmul(&a[0], &a[1])?]);
    let cases = [
        (
            "vmap_dot_both",
            [f32a(&[5, 2, 3]), f32a(&[5, 3, 4])],
            [Some(0), Some(0)],
        ),
        (
            "vmap_dot_lhs",
            [f32a(&[5, 2, 3]), f32a(&[3, 4])],
            [Some(0), None],
        ),
        (
            "vmap_dot_rhs",
            [f32a(&[2, 3]), f32a(&[5, 3, 4])],
            [None, Some(0)],
        ),
    ];
    for (name, avals, axes) in cases {
        let text = jaxpr(&avals, |a| {
            vmap::vmap("f", a, &axes, &[Some(0)], |b| dot(&b))
        });
        assert_eq!(text, golden(name), "{name}");
    }
}

/// A program over traced or concrete arguments.
type F = Box<dyn Fn(&[Value]) -> Result<Value>>;
/// A batched program: name, body, arguments and their batch axes.
type Program = (&'static str, F, Vec<Value>, Vec<Option<usize>>);

#[test]
fn indexing_jaxprs_match_jax() {
    let cases: Vec<(&str, Vec<ShapedArray>, F)> = vec![
        (
            "take_rows",
            vec![f32a(&[4, 3]), i32a(&[3])],
            Box::new(|a| take(&a[0], &a[1], 0)),
        ),
        (
            "take_columns_2d",
            vec![f32a(&[4, 3]), i32a(&[2, 2])],
            Box::new(|a| take(&a[0], &a[1], 1)),
        ),
        (
            "take_last_axis",
            vec![f32a(&[2, 3, 4]), i32a(&[3])],
            Box::new(|a| take(&a[0], &a[1], 2)),
        ),
        (
            "at_static_set",
            vec![f32a(&[2, 3])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Set,
                    &a[0],
                    &Index::Static(0),
                    &Value::Array(Array::weak_scalar(1.0, DType::Float32)),
                )
            }),
        ),
        (
            "at_negative_add",
            vec![f32a(&[4, 3])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Add,
                    &a[0],
                    &Index::Static(-1),
                    &Value::Array(Array::weak_scalar(2.0, DType::Float32)),
                )
            }),
        ),
        (
            "at_array_mul",
            vec![f32a(&[4, 3]), i32a(&[3])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Mul,
                    &a[0],
                    &Index::Array(a[1].clone()),
                    &Value::Array(Array::weak_scalar(2.0, DType::Float32)),
                )
            }),
        ),
        (
            "at_array_min",
            vec![f32a(&[4, 3]), i32a(&[3])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Min,
                    &a[0],
                    &Index::Array(a[1].clone()),
                    &Value::Array(Array::weak_scalar(2.0, DType::Float32)),
                )
            }),
        ),
        (
            "at_array_max_row",
            vec![f32a(&[4, 3]), i32a(&[3]), f32a(&[3])],
            Box::new(|a| at_update(ScatterKind::Max, &a[0], &Index::Array(a[1].clone()), &a[2])),
        ),
        (
            "at_scalar_set",
            vec![f32a(&[4, 3]), i32a(&[])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Set,
                    &a[0],
                    &Index::Array(a[1].clone()),
                    &Value::Array(Array::weak_scalar(2.0, DType::Float32)),
                )
            }),
        ),
        (
            "at_int_add",
            vec![i32a(&[4, 3]), i32a(&[3])],
            Box::new(|a| {
                at_update(
                    ScatterKind::Add,
                    &a[0],
                    &Index::Array(a[1].clone()),
                    &Value::Array(Array::weak_scalar(1.0, DType::Int32)),
                )
            }),
        ),
    ];
    for (name, avals, f) in cases {
        let text = jaxpr(&avals, |a| Ok(vec![f(a)?]));
        assert_eq!(text, golden(name), "{name}");
    }
}

#[test]
fn values_match_jax_on_random_inputs() {
    let j = json();
    let x = recorded(&j, "x", DType::Float32);
    let w = recorded(&j, "w", DType::Float32);
    let y = recorded(&j, "y", DType::Float32);
    let idx = recorded(&j, "idx", DType::Int32);
    close(&matmul(&x, &w).unwrap(), &j, "matmul");
    let bmm = DotDims {
        lhs_contract: vec![2],
        rhs_contract: vec![1],
        lhs_batch: vec![0],
        rhs_batch: vec![0],
    };
    let batched = dot_general(
        &recorded(&j, "a", DType::Float32),
        &recorded(&j, "b", DType::Float32),
        bmm,
        None,
    )
    .unwrap();
    close(&batched, &j, "batched");
    let xi = recorded(&j, "xi", DType::Int32);
    let xit = lax::transpose(&xi, vec![1, 0]).unwrap();
    assert_eq!(
        values(&matmul(&xi, &xit).unwrap()),
        values(&recorded(&j, "int_matmul", DType::Int32))
    );
    close(&take(&x, &idx, 0).unwrap(), &j, "take_rows");
    let cols = Value::Array(Array::from_i32(&[3], vec![0, -1, 1]).unwrap());
    close(&take(&x, &cols, 1).unwrap(), &j, "take_columns");
    let at = Index::Array(idx.clone());
    for (kind, name) in [
        (ScatterKind::Set, "set"),
        (ScatterKind::Add, "add"),
        (ScatterKind::Mul, "mul"),
        (ScatterKind::Min, "min"),
        (ScatterKind::Max, "max"),
    ] {
        close(&at_update(kind, &x, &at, &y).unwrap(), &j, name);
    }
    let seven = Value::Array(Array::weak_scalar(7.0, DType::Int32));
    let int_add = at_update(ScatterKind::Add, &xi, &at, &seven).unwrap();
    assert_eq!(
        values(&int_add),
        values(&recorded(&j, "int_add", DType::Int32))
    );
    close(
        &concatenate(&[x.clone(), y.clone()], 0).unwrap(),
        &j,
        "concat",
    );
    let s = |v| Value::Array(Array::from_i32(&[], vec![v]).unwrap());
    // `lax.dynamic_slice` wraps a negative start before binding the primitive, which clamps.
    let wrapped = jaxplay::jnp_indexing::normalize_index(&s(-2), 3).unwrap();
    close(
        &dynamic_slice(&x, &[s(3), wrapped], vec![2, 2]).unwrap(),
        &j,
        "dynamic_slice",
    );
    // Gradients.
    let g = grad(
        |x| {
            jnp::sum(
                &jnp::binary(
                    jaxplay::primitives::elementwise::BinaryOp::Mul,
                    &take(x, &idx, 0)?,
                    &y,
                )?,
                None,
            )
        },
        &x,
    )
    .unwrap();
    close(&g, &j, "grad_take");
    let g = grad(
        |x| {
            jnp::sum(
                &jnp::unary(
                    jaxplay::primitives::elementwise::UnaryOp::Sin,
                    &matmul(x, &w)?,
                )?,
                None,
            )
        },
        &x,
    )
    .unwrap();
    close(&g, &j, "grad_matmul_x");
    assert_eq!(
        values(&at_get(&x, &Index::Static(-1)).unwrap()),
        values(&x)[9..].to_vec()
    );
}

fn grad(f: impl Fn(&Value) -> Result<Value>, x: &Value) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

#[test]
fn vmap_matches_a_loop() {
    let x = f32s(&[5, 4, 3], &(0..60).map(|v| v as f32).collect::<Vec<_>>());
    let idx = Value::Array(Array::from_i32(&[5, 2], vec![0, 3, 1, -1, 2, 2, 3, 0, -4, 1]).unwrap());
    let upd = f32s(
        &[5, 2, 3],
        &(0..30).map(|v| -(v as f32)).collect::<Vec<_>>(),
    );
    let ones = Value::Array(Array::from_i32(&[2], vec![1, 2]).unwrap());
    let programs: Vec<Program> = vec![
        (
            "take both",
            Box::new(|a| take(&a[0], &a[1], 0)),
            vec![x.clone(), idx.clone()],
            vec![Some(0), Some(0)],
        ),
        (
            "take x",
            Box::new(|a| take(&a[0], &a[1], 1)),
            vec![x.clone(), ones.clone()],
            vec![Some(0), None],
        ),
        (
            "take idx",
            Box::new(|a| take(&a[0], &a[1], 0)),
            vec![
                lax::slice(&x, vec![0, 0, 0], vec![1, 4, 3], None)
                    .and_then(|v| lax::squeeze(&v, vec![0]))
                    .unwrap(),
                idx.clone(),
            ],
            vec![None, Some(0)],
        ),
        (
            "set both",
            Box::new(|a| at_update(ScatterKind::Set, &a[0], &Index::Array(a[1].clone()), &a[2])),
            vec![x.clone(), idx.clone(), upd.clone()],
            vec![Some(0), Some(0), Some(0)],
        ),
        (
            "add x",
            Box::new(|a| at_update(ScatterKind::Add, &a[0], &Index::Array(a[1].clone()), &a[2])),
            vec![
                x.clone(),
                ones.clone(),
                lax::slice(&upd, vec![0, 0, 0], vec![1, 2, 3], None)
                    .and_then(|v| lax::squeeze(&v, vec![0]))
                    .unwrap(),
            ],
            vec![Some(0), None, None],
        ),
        (
            "dot",
            Box::new(|a| matmul(&a[0], &a[1])),
            vec![
                lax::slice(&x, vec![0, 0, 0], vec![5, 2, 3], None).unwrap(),
                lax::transpose(
                    &lax::slice(&x, vec![0, 0, 0], vec![5, 2, 3], None).unwrap(),
                    vec![0, 2, 1],
                )
                .unwrap(),
            ],
            vec![Some(0), Some(0)],
        ),
        (
            "concat",
            Box::new(|a| concatenate(&a[..2], 0)),
            vec![
                x.clone(),
                lax::slice(&x, vec![0, 0, 0], vec![1, 4, 3], None)
                    .and_then(|v| lax::squeeze(&v, vec![0]))
                    .unwrap(),
            ],
            vec![Some(0), None],
        ),
    ];
    for (name, f, args, axes) in programs {
        let batched = vmap::vmap("f", &args, &axes, &[Some(0)], |a| Ok(vec![f(&a)?]))
            .unwrap()
            .remove(0);
        let mut expected = Vec::new();
        for b in 0..5 {
            let row: Vec<Value> = args
                .iter()
                .zip(&axes)
                .map(|(v, ax)| match ax {
                    Some(_) => Value::Array(v.as_array().unwrap().index0(b).unwrap()),
                    None => v.clone(),
                })
                .collect();
            expected.extend(values(&f(&row).unwrap()));
        }
        assert_eq!(values(&batched), expected, "{name}");
    }
    // dynamic_slice with a batched start goes through gather's batching rule.
    let starts = Value::Array(Array::from_i32(&[5], vec![0, 1, 2, 3, -1]).unwrap());
    let out = vmap::vmap(
        "f",
        &[x.clone(), starts],
        &[Some(0), Some(0)],
        &[Some(0)],
        |a| {
            let zero = Value::Array(Array::from_i32(&[], vec![0]).unwrap());
            Ok(vec![dynamic_slice(
                &a[0],
                &[a[1].clone(), zero],
                vec![2, 3],
            )?])
        },
    )
    .unwrap()
    .remove(0);
    let v = values(&out);
    assert_eq!(&v[..6], &[0., 1., 2., 3., 4., 5.]);
    assert_eq!(
        &v[6 * 3..6 * 3 + 3],
        &[42., 43., 44.],
        "start 3 clamps to 2"
    );
    assert_eq!(
        &v[6 * 4..6 * 4 + 3],
        &[48., 49., 50.],
        "start -1 clamps to 0"
    );
}

fn finite_difference(
    f: &dyn Fn(&Value) -> Result<Value>,
    x: &[f32],
    shape: &[usize],
    i: usize,
) -> f64 {
    let h = 1e-2f32;
    let at = |d: f32| {
        let mut v = x.to_vec();
        v[i] += d;
        values(&f(&f32s(shape, &v)).unwrap())[0]
    };
    (at(h) - at(-h)) / (2.0 * h as f64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn dot_general_gradient_matches_finite_differences(
        data in proptest::collection::vec(-2.0f32..2.0, 12),
        wdata in proptest::collection::vec(-2.0f32..2.0, 12),
    ) {
        let w = f32s(&[2, 3, 2], &wdata);
        let dims = DotDims { lhs_contract: vec![2], rhs_contract: vec![1], lhs_batch: vec![0], rhs_batch: vec![0] };
        let f = move |x: &Value| jnp::sum(&jnp::unary(jaxplay::primitives::elementwise::UnaryOp::Sin, &dot_general(x, &w, dims.clone(), None)?)?, None);
        let g = values(&grad(&f, &f32s(&[2, 2, 3], &data)).unwrap());
        for (i, gi) in g.iter().enumerate() {
            let fd = finite_difference(&f, &data, &[2, 2, 3], i);
            prop_assert!((gi - fd).abs() < 2e-2 * (1.0 + fd.abs()), "{i}: {gi} vs {fd}");
        }
    }

    #[test]
    fn gather_gradient_matches_finite_differences(
        data in proptest::collection::vec(-2.0f32..2.0, 12),
        idx in proptest::collection::vec(-4i32..4, 1..6),
    ) {
        let n = idx.len();
        let idx = Value::Array(Array::from_i32(&[n], idx).unwrap());
        let f = move |x: &Value| {
            let rows = take(x, &idx, 0)?;
            jnp::sum(&jnp::binary(jaxplay::primitives::elementwise::BinaryOp::Mul, &rows, &rows)?, None)
        };
        let g = values(&grad(&f, &f32s(&[4, 3], &data)).unwrap());
        for (i, gi) in g.iter().enumerate() {
            let fd = finite_difference(&f, &data, &[4, 3], i);
            prop_assert!((gi - fd).abs() < 2e-2 * (1.0 + fd.abs()), "{i}: {gi} vs {fd}");
        }
    }
}
