//! Native tests of the reduction, cumulative and sorting primitives: jaxpr text against goldens
//! recorded from real JAX 0.10.2 (`tests/golden/generate_reductions.py`) under staging, `grad`,
//! `jvp` and `vmap`; values and gradients on seeded random inputs against those JAX computed
//! (`tests/oracle/generate_reductions.py` wrote `jax-reductions.json`); JAX's error words; and
//! gradients against finite differences.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::primitives::elementwise::{BinaryOp, CompareOp};
use jaxplay::primitives::reductions::{self as red, ArgOp, CumOp, ReduceOp};
use jaxplay::primitives::sort;
use jaxplay::trace::Value;
use jaxplay::vmap;

fn make_jaxpr(
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> String {
    trace_with_events("f", in_avals, f)
        .expect("traces")
        .jaxpr
        .to_string()
}

fn golden(name: &str) -> String {
    let path = format!("{}/tests/golden/{name}.jaxpr", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .expect("golden file exists")
        .trim_end()
        .to_string()
}

fn f32_aval(shape: &[usize]) -> ShapedArray {
    ShapedArray::new(shape.to_vec(), DType::Float32)
}

fn grad(x: &Value, f: impl FnOnce(&Value) -> Result<Value>) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn scalar(v: f64, dtype: DType) -> Value {
    Value::Array(Array::from_f64_values(&[], dtype, &[v]).unwrap())
}

#[test]
fn staged_jaxprs_match_jax() {
    let x = f32_aval(&[2, 3]);
    let staged = make_jaxpr(std::slice::from_ref(&x), |a| {
        let x = &a[0];
        let mut outs = vec![
            red::reduce_max(x, vec![1])?,
            red::reduce_min(x, vec![0])?,
            red::reduce_prod(x, vec![0, 1])?,
            red::argmax(x, 1, DType::Int32)?,
            red::argmin(x, 0, DType::Int32)?,
            red::cumsum(x, 1, false)?,
            red::cumprod(x, 0, true)?,
            red::cummax(x, 1, false)?,
            red::cummin(x, 1, true)?,
            red::cumlogsumexp(x, 0, false)?,
        ];
        outs.extend(sort::sort(&a, 1, true, 1)?);
        Ok(outs)
    });
    assert_eq!(staged, golden("reductions_staged"));

    let ints = ShapedArray::new(vec![2, 3], DType::Int32);
    let logical = make_jaxpr(&[ints], |a| {
        let x = &a[0];
        let b = lax::compare(CompareOp::Gt, x, &scalar(2.0, DType::Int32))?;
        Ok(vec![
            red::reduce_and(&b, vec![1])?,
            red::reduce_or(&b, vec![0])?,
            red::reduce_xor(&b, vec![0, 1])?,
            red::reduce_and(x, vec![1])?,
            red::reduce_or(x, vec![1])?,
            red::reduce_xor(x, vec![0])?,
        ])
    });
    assert_eq!(logical, golden("reductions_logical"));

    let two = make_jaxpr(std::slice::from_ref(&x), |a| {
        let doubled = lax::mul(&a[0], &scalar(2.0, DType::Float32))?;
        sort::sort(&[a[0].clone(), doubled], 0, true, 1)
    });
    assert_eq!(two, golden("reductions_sort_two"));

    // JAX's jnp.argsort is this sort inside a `jit` named argsort.
    let argsort = make_jaxpr(std::slice::from_ref(&x), |a| {
        Ok(vec![sort::argsort(&a[0], 1)?])
    });
    assert_eq!(argsort, golden("reductions_argsort"));
}

#[test]
fn differentiated_jaxprs_match_jax() {
    let x = f32_aval(&[2, 3]);
    let grad_max = make_jaxpr(std::slice::from_ref(&x), |a| {
        Ok(vec![grad(&a[0], |x| red::reduce_max(x, vec![0, 1]))?])
    });
    assert_eq!(grad_max, golden("reductions_grad_max"));

    let jvp_max = make_jaxpr(&[x.clone(), x.clone()], |a| {
        let (p, t) = ad::jvp("f", &a[..1], &a[1..], |v| {
            Ok(vec![red::reduce_max(&v[0], vec![1])?])
        })?;
        Ok(vec![p[0].clone(), t[0].clone()])
    });
    assert_eq!(jvp_max, golden("reductions_jvp_max"));

    let xt = f32_aval(&[3, 2]);
    let jvp_prod = make_jaxpr(&[xt.clone(), xt], |a| {
        let (p, t) = ad::jvp("f", &a[..1], &a[1..], |v| {
            Ok(vec![red::reduce_prod(&v[0], vec![0])?])
        })?;
        Ok(vec![p[0].clone(), t[0].clone()])
    });
    assert_eq!(jvp_prod, golden("reductions_jvp_prod"));

    let grad_cumsum = make_jaxpr(std::slice::from_ref(&x), |a| {
        Ok(vec![grad(&a[0], |x| {
            lax::reduce_sum(&red::cumsum(x, 1, false)?, vec![0, 1])
        })?])
    });
    assert_eq!(grad_cumsum, golden("reductions_grad_cumsum"));

    // JAX computes the broadcast dims of reduce_sum's transpose with NumPy (`np.int64(0)`),
    // jaxplay's broadcast_in_dim prints them plain; everything else is the same.
    let grad_min = make_jaxpr(std::slice::from_ref(&x), |a| {
        Ok(vec![grad(&a[0], |x| {
            lax::reduce_sum(&red::reduce_min(x, vec![1])?, vec![0])
        })?])
    });
    assert_eq!(
        grad_min,
        golden("reductions_grad_min_axis").replace("(np.int64(0),)", "(0,)")
    );

    let grad_prod = make_jaxpr(&[f32_aval(&[3])], |a| {
        Ok(vec![grad(&a[0], |x| red::reduce_prod(x, vec![0]))?])
    });
    // The forward half (up to the cotangent of the tree's leaves) is JAX's; the transpose of
    // `pad` is jaxplay's own `slice` (JAX pads by -1 and then slices).
    let want = golden("reductions_grad_prod");
    let cut = want.find("    q:f32[1] = pad").unwrap();
    assert_eq!(grad_prod[..cut], want[..cut], "{grad_prod}");
}

#[test]
fn batched_jaxprs_match_jax() {
    let x = f32_aval(&[2, 3]);
    let batched = |axis: usize, f: fn(&Value) -> Result<Value>| {
        make_jaxpr(std::slice::from_ref(&x), move |a| {
            vmap::vmap("g", &a, &[Some(axis)], &[Some(0)], |v| Ok(vec![f(&v[0])?]))
        })
    };
    assert_eq!(
        batched(1, |x| red::reduce_max(x, vec![0])),
        golden("reductions_vmap_max")
    );
    assert_eq!(
        batched(0, |x| red::argmax(x, 0, DType::Int32)),
        golden("reductions_vmap_argmax")
    );
    assert_eq!(
        batched(1, |x| red::cumsum(x, 0, false)),
        golden("reductions_vmap_cumsum")
    );
    assert_eq!(
        batched(1, |x| Ok(
            sort::sort(std::slice::from_ref(x), 0, true, 1)?.remove(0)
        )),
        golden("reductions_vmap_sort")
    );
    assert_eq!(
        batched(0, |x| grad(x, |x| red::reduce_max(x, vec![0]))),
        golden("reductions_vmap_grad_max")
    );
}

// ---- values and gradients recorded from JAX ----

fn decode(v: &serde_json::Value) -> Value {
    let shape: Vec<usize> = v["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    let data = v["data"].as_array().unwrap();
    let array = match v["dtype"].as_str().unwrap() {
        "float32" => Array::from_f32(
            &shape,
            data.iter()
                .map(|d| match d.as_str() {
                    Some("inf") => f32::INFINITY,
                    Some("-inf") => f32::NEG_INFINITY,
                    _ => d.as_f64().map_or(f32::NAN, |f| f as f32),
                })
                .collect(),
        ),
        "int32" => Array::from_i32(
            &shape,
            data.iter().map(|d| d.as_i64().unwrap() as i32).collect(),
        ),
        "bool" => Array::from_bool(&shape, data.iter().map(|d| d.as_bool().unwrap()).collect()),
        other => panic!("unexpected dtype {other}"),
    };
    Value::Array(array.unwrap())
}

/// Exact for integers and bools, NaN where JAX has NaN, a relative 1e-5 for floats (XLA's
/// cumulative kernels add in another order).
fn assert_close(got: &Value, want: &Value, what: &str) {
    assert_eq!(got.aval(), want.aval(), "{what}: type");
    let exact = got.aval().dtype != DType::Float32;
    for (i, (g, w)) in values(got).iter().zip(values(want)).enumerate() {
        let ok = if exact {
            *g == w
        } else if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            *g == w
        } else {
            (g - w).abs() <= 1e-5 * w.abs().max(1.0)
        };
        assert!(ok, "{what}: element {i} is {g}, JAX gave {w}");
    }
}

fn apply(op: &str, params: &serde_json::Value, x: &Value) -> Result<Value> {
    let axes = || -> Vec<usize> {
        params["axes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_u64().unwrap() as usize)
            .collect()
    };
    let axis = |key: &str| params[key].as_u64().unwrap() as usize;
    let reverse = || params["reverse"].as_bool().unwrap();
    if let Some(op) = ReduceOp::ALL.iter().find(|o| o.name() == op) {
        return red::reduce(*op, x, axes());
    }
    if let Some(op) = CumOp::ALL.iter().find(|o| o.name() == op) {
        return red::cumulative(*op, x, axis("axis"), reverse());
    }
    match op {
        "argmax" => red::arg_reduce(ArgOp::Max, x, axis("axis"), DType::Int32),
        "argmin" => red::arg_reduce(ArgOp::Min, x, axis("axis"), DType::Int32),
        "sort" => Ok(sort::sort(std::slice::from_ref(x), axis("dimension"), true, 1)?.remove(0)),
        "argsort" => sort::argsort(x, axis("dimension")),
        other => panic!("unknown op {other}"),
    }
}

#[test]
fn values_and_gradients_match_jax() {
    let path = format!(
        "{}/tests/oracle/jax-reductions.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let oracle: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = oracle["cases"].as_array().unwrap();
    let mut grads = 0;
    for (n, case) in cases.iter().enumerate() {
        let op = case["op"].as_str().unwrap();
        let params = &case["params"];
        let what = format!("case {n}: {op} {params}");
        if op == "sort_multi" {
            let inputs: Vec<Value> = case["inputs"]
                .as_array()
                .unwrap()
                .iter()
                .map(decode)
                .collect();
            let dim = params["dimension"].as_u64().unwrap() as usize;
            let keys = params["num_keys"].as_u64().unwrap() as usize;
            let outs = sort::sort(&inputs, dim, true, keys).unwrap();
            for (got, want) in outs.iter().zip(case["outputs"].as_array().unwrap()) {
                assert_close(got, &decode(want), &what);
            }
            continue;
        }
        let x = decode(&case["input"]);
        let out = apply(op, params, &x).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_close(&out, &decode(&case["output"]), &what);
        if case.get("grad").is_some() {
            let w = decode(&case["weights"]);
            let g = grad(&x, |v| {
                let y = lax::mul(&w, &apply(op, params, v)?)?;
                let rank = y.aval().shape.len();
                lax::reduce_sum(&y, (0..rank).collect())
            })
            .unwrap_or_else(|e| panic!("{what}: grad: {e}"));
            assert_close(&g, &decode(&case["grad"]), &format!("{what} (grad)"));
            grads += 1;
        }
    }
    assert!(grads > 50, "only {grads} gradients checked");
}

#[test]
fn jit_runs_them_as_eager_does() {
    let f = jit("f", |a| {
        let x = &a[0];
        Ok(vec![
            red::reduce_max(x, vec![1])?,
            red::argmin(x, 1, DType::Int32)?,
            red::cumsum(x, 1, true)?,
            sort::sort(a, 1, true, 1)?.remove(0),
        ])
    });
    let x = f32s(&[2, 3], &[3.0, -1.0, 2.0, f32::NAN, 0.0, 5.0]);
    let outs = f.call(std::slice::from_ref(&x)).unwrap();
    assert_eq!(values(&outs[0])[0], 3.0);
    assert!(values(&outs[0])[1].is_nan());
    assert_eq!(values(&outs[1]), vec![1.0, 0.0]);
    assert_eq!(values(&outs[2])[..3], [4.0, 1.0, 2.0]);
    assert_eq!(values(&outs[3])[..3], [-1.0, 2.0, 3.0]);
    assert!(values(&outs[3])[5].is_nan());
}

#[test]
fn argsort_is_a_sort_of_x_with_an_iota() {
    let x = f32s(&[2, 4], &[3.0, 1.0, 3.0, 0.0, -0.0, f32::NAN, 0.0, -1.0]);
    let idx = sort::argsort(&x, 1).unwrap();
    // Recorded from JAX 0.10.2: jnp.argsort(x, axis=1); -0.0 and 0.0 tie, NaN sorts last.
    assert_eq!(values(&idx), vec![3.0, 1.0, 0.0, 2.0, 3.0, 0.0, 2.0, 1.0]);
    assert_eq!(idx.aval().dtype, DType::Int32);
    let by_hand = {
        let iota = sort::sort(
            &[
                x.clone(),
                Value::Array(Array::from_i32(&[2, 4], vec![0, 1, 2, 3, 0, 1, 2, 3]).unwrap()),
            ],
            1,
            true,
            1,
        )
        .unwrap();
        values(&iota[1])
    };
    assert_eq!(values(&idx), by_hand);
}

#[test]
fn errors_use_jax_words() {
    let x = f32s(&[2, 3], &[0.0; 6]);
    let msg = |r: Result<Value>| r.unwrap_err().to_string();
    // Each message is JAX 0.10.2's (after the primitive's name jaxplay puts first).
    assert!(msg(red::reduce_max(&x, vec![2]))
        .ends_with("reduction axes (2,) contains out-of-bounds indices for float32[2,3]."));
    assert!(msg(red::reduce_max(&x, vec![1, 1]))
        .ends_with("duplicate value in 'axes' of reduction: (1, 1)"));
    assert!(msg(red::reduce_and(&x, vec![1]))
        .ends_with("logical reduction requires operand dtype bool or int, got float32."));
    let b = Value::Array(Array::from_bool(&[2], vec![true, false]).unwrap());
    assert_eq!(
        msg(red::reduce_prod(&b, vec![0])),
        "reduce_prod does not accept dtype bool. Accepted dtypes are subtypes of number."
    );
    assert_eq!(
        msg(red::cumsum(&b, 0, false)),
        "cumsum does not accept dtype bool. Accepted dtypes are subtypes of number."
    );
    assert!(msg(red::cumsum(&x, 2, false))
        .ends_with("axis 2 is out of bounds for array of shape (2, 3)"));
    assert!(
        msg(red::argmax(&x, 2, DType::Int32)).ends_with("Invalid axis 2 for operand shape (2, 3)")
    );
    assert!(msg(red::argmax(&x, 1, DType::Float32))
        .ends_with("index_dtype must be an integer type, but got float32"));
    let empty = f32s(&[2, 0], &[]);
    assert!(msg(red::argmax(&empty, 1, DType::Int32)).ends_with(
        "argmin and argmax require non-empty reduced dimension. operand.shape=(2, 0) axis=1"
    ));
    let sorted =
        |ops: &[Value], dim, keys| sort::sort(ops, dim, true, keys).map(|mut v| v.remove(0));
    assert!(msg(sorted(std::slice::from_ref(&x), 2, 1))
        .ends_with("axis 2 is out of bounds for array of dimension 2"));
    assert!(msg(sorted(std::slice::from_ref(&x), 1, 2))
        .ends_with("num_keys=2 must be between 1 and len(operand)=1"));
    let row = f32s(&[3], &[0.0; 3]);
    assert_eq!(
        msg(sorted(&[x.clone(), row], 0, 1)),
        "Arguments to sort must have equal shapes, got: (2, 3) (3,)"
    );
    // No JVP rule yet for the scan-based ones (JAX's needs concatenate and friends).
    let cummax_grad = grad(&x, |v| {
        lax::reduce_sum(&red::cummax(v, 1, false)?, vec![0, 1])
    });
    assert!(msg(cummax_grad).contains("cummax has no rule for differentiation"));
}

#[test]
fn empty_reductions_give_the_identity() {
    // Recorded from JAX 0.10.2.
    let f = f32s(&[2, 0], &[]);
    let i = Value::Array(Array::from_i32(&[2, 0], vec![]).unwrap());
    let b = Value::Array(Array::from_bool(&[2, 0], vec![]).unwrap());
    let v = |r: Result<Value>| values(&r.unwrap());
    assert_eq!(v(red::reduce_max(&f, vec![1])), vec![f64::NEG_INFINITY; 2]);
    assert_eq!(v(red::reduce_min(&f, vec![1])), vec![f64::INFINITY; 2]);
    assert_eq!(v(red::reduce_prod(&f, vec![1])), vec![1.0; 2]);
    assert_eq!(v(red::reduce_max(&i, vec![1])), vec![i32::MIN as f64; 2]);
    assert_eq!(v(red::reduce_min(&i, vec![1])), vec![i32::MAX as f64; 2]);
    assert_eq!(v(red::reduce_and(&i, vec![1])), vec![-1.0; 2]);
    assert_eq!(v(red::reduce_min(&b, vec![1])), vec![1.0; 2]);
    assert_eq!(v(red::reduce_max(&b, vec![1])), vec![0.0; 2]);
    assert_eq!(v(red::reduce_and(&b, vec![1])), vec![1.0; 2]);
    assert_eq!(v(red::reduce_xor(&b, vec![1])), vec![0.0; 2]);
}

#[test]
fn weak_types_are_kept_and_argmax_is_strong() {
    let weak = Value::Array(
        Array::from_f32(&[3], vec![1.0, 2.0, 0.0])
            .unwrap()
            .with_weak_type(true),
    );
    assert!(red::reduce_max(&weak, vec![0]).unwrap().aval().weak_type);
    assert!(red::cumsum(&weak, 0, false).unwrap().aval().weak_type);
    assert!(
        sort::sort(std::slice::from_ref(&weak), 0, true, 1).unwrap()[0]
            .aval()
            .weak_type
    );
    assert!(
        !red::argmax(&weak, 0, DType::Int32)
            .unwrap()
            .aval()
            .weak_type
    );
}

// ---- finite differences ----

type UnaryFn = dyn Fn(&Value) -> Result<Value>;

fn numeric_grad(x: &[f32], shape: &[usize], f: &dyn Fn(&Value) -> Result<Value>) -> Vec<f64> {
    let eps = 1e-2f32;
    let total = |v: Vec<f32>| {
        let y = f(&f32s(shape, &v)).unwrap();
        values(&y).iter().sum::<f64>()
    };
    (0..x.len())
        .map(|i| {
            let (mut hi, mut lo) = (x.to_vec(), x.to_vec());
            hi[i] += eps;
            lo[i] -= eps;
            (total(hi) - total(lo)) / (2.0 * eps as f64)
        })
        .collect()
}

fn check_fd(x: Vec<f32>, shape: &[usize], f: &dyn Fn(&Value) -> Result<Value>) {
    let xv = f32s(shape, &x);
    let analytic = grad(&xv, |v| {
        let y = f(v)?;
        let rank = y.aval().shape.len();
        lax::reduce_sum(&y, (0..rank).collect())
    })
    .unwrap();
    for (a, n) in values(&analytic).iter().zip(numeric_grad(&x, shape, f)) {
        assert!(
            (a - n).abs() <= 2e-2 * n.abs().max(1.0),
            "analytic {a}, numeric {n}"
        );
    }
}

/// Distinct values at least 0.1 apart (no ties for max/min/sort within a finite-difference step).
fn distinct(n: usize) -> impl proptest::strategy::Strategy<Value = Vec<f32>> {
    use proptest::prelude::*;
    Just((0..n).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_flat_map(move |perm| {
            prop::collection::vec(-0.04f32..0.04, n).prop_map(move |jitter| {
                perm.iter()
                    .zip(&jitter)
                    .map(|(&p, j)| p as f32 * 0.25 - 1.0 + j)
                    .collect()
            })
        })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    #[test]
    fn gradients_match_finite_differences(x in distinct(12), axis in 0usize..3) {
        let shape = [2, 3, 2];
        let fs: Vec<Box<UnaryFn>> = vec![
            Box::new(move |v| red::reduce_max(v, vec![axis])),
            Box::new(move |v| red::reduce_min(v, vec![axis, (axis + 1) % 3])),
            Box::new(move |v| red::reduce_prod(v, vec![axis])),
            Box::new(|v| red::reduce_prod(v, vec![0, 1, 2])),
            Box::new(move |v| red::cumsum(v, axis, axis == 1)),
            Box::new(move |v| {
                let s = sort::sort(std::slice::from_ref(v), axis, true, 1)?.remove(0);
                // Weights make the sum depend on where each element lands.
                let w = f32s(&shape, &(0..12).map(|k| k as f32).collect::<Vec<_>>());
                lax::binary(BinaryOp::Mul, &s, &w)
            }),
        ];
        for f in &fs {
            check_fd(x.clone(), &shape, f.as_ref());
        }
    }
}

#[test]
fn sort_carries_tangents_of_every_operand() {
    // d/dx and d/dy of sum(w * sort((x, y), num_keys=1)[1]): y's cotangent goes back to
    // where each y element came from; x, a key only, gets none through the payload.
    let x = f32s(&[4], &[3.0, 1.0, 2.0, 0.0]);
    let y = f32s(&[4], &[10.0, 20.0, 30.0, 40.0]);
    let w = f32s(&[4], &[1.0, 2.0, 3.0, 4.0]);
    let (outs, linear) = ad::linearize("f", &[x, y], None, |a| {
        let s = sort::sort(&a, 0, true, 1)?;
        let t = lax::mul(&w, &lax::add(&s[0], &s[1])?)?;
        Ok(vec![lax::reduce_sum(&t, vec![0])?])
    })
    .unwrap();
    let cts = ad::transpose_linear(&linear, &[lax::ones(&outs[0].aval()).unwrap()]).unwrap();
    // Sorted order is positions 3, 1, 2, 0: position 3 gets weight 1, 1 gets 2, 2 gets 3, 0 gets 4.
    assert_eq!(values(&cts[0]), vec![4.0, 2.0, 3.0, 1.0]);
    assert_eq!(values(&cts[1]), vec![4.0, 2.0, 3.0, 1.0]);
    let (_, tangents) = ad::jvp(
        "f",
        &[f32s(&[3], &[2.0, 0.0, 1.0]), f32s(&[3], &[0.0; 3])],
        &[f32s(&[3], &[0.0; 3]), f32s(&[3], &[7.0, 8.0, 9.0])],
        |a| sort::sort(&a, 0, true, 1),
    )
    .unwrap();
    assert_eq!(values(&tangents[1]), vec![8.0, 9.0, 7.0]);
}
