//! The `jax.numpy` functions of `src/api/numpy_more.rs` (ranges, pad, einsum, diagonals, the
//! NaN-ignoring statistics, cov/corrcoef, polynomials, convolution, dtype promotion, the
//! array-API names), called through `jaxplay::api::call` as JS and Python call them, against
//! real JAX 0.10.2: `tests/oracle/api_numpy_extra.py` recorded `api-numpy-extra.json` (each
//! call's values, shape, dtype, weak type, error words, and the jaxpr with JAX's nested `jit`s
//! and `custom_jvp_call`s inlined). Also gradients of the differentiable ones against central
//! finite differences.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod api_oracle;

use api_oracle::*;

use jaxplay::api::{self, Arg, Function, Output};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::trace::Value;
use serde_json::Value as Json;

fn find(name: &str) -> &'static Function {
    api::all()
        .find(|f| f.name == name && f.namespace == api::Namespace::Numpy)
        .unwrap_or_else(|| panic!("no jnp.{name}"))
}

/// A result that is not an array, as the recorder writes it.
fn plain(o: &Output) -> Option<Json> {
    match o {
        Output::Ints(v) => Some(serde_json::json!({ "ints": v })),
        Output::Bool(b) => Some(serde_json::json!({ "bool": b })),
        Output::Dtype(d) => Some(serde_json::json!({ "dtype_out": d.name() })),
        _ => None,
    }
}

/// Functions whose jaxpr differs from JAX's on purpose (each entry's `differs` says how).
fn jaxpr_differs(case: &Json) -> bool {
    let square = |arg: &Json| {
        let shape = &arg["shape"];
        shape.as_array().is_some_and(|s| s.len() == 2) && shape[0] == shape[1]
    };
    match case["fn"].as_str().unwrap() {
        // JAX binds `stack` / `unstack` primitives, `scatter`(-add), a `scan`, or contracts in
        // opt_einsum's order.
        "select" | "indices" | "unstack" | "polyadd" | "polysub" | "polyval" | "diagflat"
        | "corrcoef" => true,
        "einsum" => case["args"].as_array().is_some_and(|a| a.len() > 3),
        // JAX stages a platform-dependent `cond` for a square matrix's diagonal.
        "diag" => square(&case["args"][0]),
        _ => false,
    }
}

/// JAX's jaxpr text with the documented difference undone: sizes printed as NumPy ints. Line
/// layout is not compared (only the words), since `np.int64(n)` changes where lines break.
fn normalized(text: &str) -> String {
    let mut s = text.to_string();
    while let Some(i) = s.find("np.int64(") {
        let close = i + s[i..].find(')').unwrap();
        let inner = s[i + 9..close].to_string();
        s.replace_range(i..=close, &inner);
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    words.join(" ").replace("[ ", "[").replace(" ]", "]")
}

/// A recorded case's call, through the table.
fn call(case: &Json, arrays: Vec<Value>) -> Result<Output> {
    call_with(find(case["fn"].as_str().unwrap()), case, arrays)
}

fn cases() -> Vec<Json> {
    load_cases("api-numpy-extra.json")
}

fn describe(case: &Json) -> String {
    format!(
        "jnp.{}{} {}",
        case["fn"].as_str().unwrap(),
        case["args"],
        case["kwargs"]
    )
}

#[test]
fn values_dtypes_and_weak_types_match_jax() {
    let mut failures = Vec::new();
    for case in cases() {
        let what = describe(&case);
        let arrays = arrays_of(&case).into_iter().map(Value::Array).collect();
        let got = call(&case, arrays);
        match (&case.get("error"), got) {
            (Some(want), Err(e)) => {
                let want = want.as_str().unwrap();
                if !e.to_string().contains(want) {
                    failures.push(format!("{what}: error {e:?}, JAX said {want:?}"));
                }
            }
            (Some(want), Ok(_)) => failures.push(format!("{what}: succeeded, JAX said {want}")),
            (None, Err(e)) => failures.push(format!("{what}: failed: {e}")),
            (None, Ok(out)) => {
                if let Some(p) = plain(&out) {
                    if p != case["out"] {
                        failures.push(format!("{what}: {p}, JAX {}", case["out"]));
                    }
                    continue;
                }
                failures.extend(output_failures(outputs(out), &case["out"], &what));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn jaxprs_match_jax_with_nested_jits_inlined() {
    let failures = jaxpr_failures(&cases(), jaxpr_differs, normalized, call, describe);
    assert!(
        failures.is_empty(),
        "{} mismatches\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The jaxprs that differ on purpose still trace, and give JAX's values when run.
#[test]
fn differing_jaxprs_still_trace() {
    for case in cases() {
        if case.get("jaxpr").is_none() || !jaxpr_differs(&case) {
            continue;
        }
        let avals: Vec<ShapedArray> = arrays_of(&case).iter().map(Array::aval).collect();
        trace_with_events("f", &avals, |xs| Ok(outputs(call(&case, xs)?)))
            .unwrap_or_else(|e| panic!("{}: {e}", describe(&case)));
    }
}

// ---- gradients against finite differences ----

fn f32s(shape: &[usize], data: &[f32]) -> Arg {
    Arg::Array(Value::Array(Array::from_f32(shape, data.to_vec()).unwrap()))
}

/// `sum(w * jnp.<name>(...))` with fixed weights, the differentiated array at `slot` of the
/// positional arguments.
fn objective(
    name: &'static str,
    positional: Vec<Arg>,
    slot: usize,
    kwargs: Vec<(&'static str, Arg)>,
) -> impl Fn(&Value) -> Result<Value> {
    move |x: &Value| {
        let mut pos = positional.clone();
        pos.insert(slot, Arg::Array(x.clone()));
        let kw = kwargs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        let out = outputs(api::call(find(name), pos, kw)?).remove(0);
        let n = out.aval().size();
        let w: Vec<f32> = (0..n).map(|i| 1.0 + 0.25 * i as f32).collect();
        let w = Value::Array(Array::from_f32(out.shape(), w).unwrap());
        let prod = lax::mul(&out, &w)?;
        lax::reduce_sum(&prod, (0..prod.shape().len()).collect())
    }
}

/// A scalar function of one array, differentiated below.
type Objective = Box<dyn Fn(&Value) -> Result<Value>>;

type GradCase = (
    &'static str,
    Vec<Arg>,
    usize,
    Vec<(&'static str, Arg)>,
    Vec<usize>,
    Vec<f32>,
);

#[test]
fn gradients_match_finite_differences() {
    let m23 = vec![1.5f32, -2.0, 3.0, 0.5, 4.0, -1.0];
    let v3 = vec![2.0f32, -1.0, 0.5];
    let sq: Vec<f32> = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.5];
    let s = |x: &str| Arg::Str(x.to_string());
    let pairs = |p: &[(i64, i64)]| {
        Arg::Seq(
            p.iter()
                .map(|&(a, b)| Arg::Seq(vec![Arg::Int(a), Arg::Int(b)]))
                .collect(),
        )
    };
    let cases: Vec<GradCase> = vec![
        (
            "einsum",
            vec![s("ij,jk->ik"), f32s(&[3, 3], &sq)],
            1,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "einsum",
            vec![s("ij,jk->ik"), f32s(&[2, 3], &m23)],
            2,
            vec![],
            vec![3, 3],
            sq.clone(),
        ),
        (
            "einsum",
            vec![s("ii->i")],
            1,
            vec![],
            vec![3, 3],
            sq.clone(),
        ),
        (
            "einsum",
            vec![s("ij,ij->j"), f32s(&[2, 3], &m23)],
            1,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "einsum",
            vec![s("...j,j"), f32s(&[3], &v3)],
            1,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "pad",
            vec![pairs(&[(1, 0), (2, 1)])],
            0,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "pad",
            vec![Arg::Int(2)],
            0,
            vec![("mode", s("reflect"))],
            vec![3],
            v3.clone(),
        ),
        (
            "pad",
            vec![Arg::Int(4)],
            0,
            vec![("mode", s("symmetric"))],
            vec![3],
            v3.clone(),
        ),
        (
            "pad",
            vec![pairs(&[(1, 2), (0, 1)])],
            0,
            vec![("mode", s("edge"))],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "pad",
            vec![Arg::Int(2)],
            0,
            vec![("mode", s("wrap"))],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "linspace",
            vec![Arg::Float(3.0), Arg::Int(4)],
            0,
            vec![],
            vec![3],
            v3.clone(),
        ),
        (
            "linspace",
            vec![Arg::Float(-1.0), Arg::Int(5)],
            1,
            vec![("endpoint", Arg::Bool(false))],
            vec![3],
            v3.clone(),
        ),
        (
            "cross",
            vec![f32s(&[3], &[0.5, 3.0, -2.0])],
            0,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        ("trapezoid", vec![], 0, vec![], vec![2, 3], m23.clone()),
        (
            "trapezoid",
            vec![],
            0,
            vec![("x", f32s(&[3], &[0.0, 0.5, 2.0]))],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "polyval",
            vec![f32s(&[2], &[0.5, -1.5])],
            0,
            vec![],
            vec![3],
            v3.clone(),
        ),
        (
            "polyval",
            vec![f32s(&[3], &v3)],
            1,
            vec![],
            vec![2],
            vec![0.5, -1.5],
        ),
        ("cov", vec![], 0, vec![], vec![2, 3], m23.clone()),
        (
            "cov",
            vec![],
            0,
            vec![("rowvar", Arg::Bool(false))],
            vec![2, 3],
            m23.clone(),
        ),
        ("corrcoef", vec![], 0, vec![], vec![2, 3], m23.clone()),
        (
            "vecdot",
            vec![f32s(&[3], &v3)],
            0,
            vec![],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "convolve",
            vec![f32s(&[3], &v3)],
            0,
            vec![],
            vec![4],
            vec![3.0, 1.0, 4.0, 1.5],
        ),
        (
            "correlate",
            vec![f32s(&[2], &[0.5, -1.0])],
            0,
            vec![("mode", s("same"))],
            vec![4],
            vec![3.0, 1.0, 4.0, 1.5],
        ),
        (
            "polyder",
            vec![],
            0,
            vec![("m", Arg::Int(2))],
            vec![4],
            vec![3.0, 1.0, 4.0, 1.5],
        ),
        ("vander", vec![], 0, vec![], vec![3], vec![2.0, 1.5, 0.5]),
        (
            "nanvar",
            vec![],
            0,
            vec![("axis", Arg::Int(1))],
            vec![2, 3],
            m23.clone(),
        ),
        ("nanstd", vec![], 0, vec![], vec![2, 3], m23.clone()),
        (
            "nanprod",
            vec![],
            0,
            vec![("axis", Arg::Int(0))],
            vec![2, 3],
            m23.clone(),
        ),
        (
            "diag",
            vec![],
            0,
            vec![("k", Arg::Int(1))],
            vec![3],
            v3.clone(),
        ),
        ("diag", vec![], 0, vec![], vec![3, 3], sq.clone()),
        ("modf", vec![], 0, vec![], vec![3], vec![2.25, -1.5, 0.75]),
        ("unwrap", vec![], 0, vec![], vec![3], vec![0.0, 4.0, 1.0]),
        (
            "select",
            vec![],
            1,
            vec![(
                "condlist",
                Arg::Seq(vec![Arg::Array(Value::Array(
                    Array::from_bool(&[3], vec![true, false, true]).unwrap(),
                ))]),
            )],
            vec![3],
            v3.clone(),
        ),
    ];
    for (name, positional, slot, kwargs, shape, data) in cases {
        // `select`'s `choicelist` is a list holding the differentiated array.
        let f: Objective = if name == "select" {
            let conds = kwargs[0].1.clone();
            Box::new(move |x: &Value| {
                let pos = vec![conds.clone(), Arg::Seq(vec![Arg::Array(x.clone())])];
                let out = outputs(api::call(find("select"), pos, vec![])?).remove(0);
                lax::reduce_sum(&out, vec![0])
            })
        } else {
            Box::new(objective(name, positional, slot, kwargs))
        };
        let x = Value::Array(Array::from_f32(&shape, data.clone()).unwrap());
        let g = grad(&x, &f).unwrap_or_else(|e| panic!("grad of {name}: {e}"));
        let g = g.as_array().unwrap().to_f64_vec();
        let eps = 1e-2f32;
        for i in 0..data.len() {
            let at = |d: f32| {
                let mut v = data.clone();
                v[i] += d;
                scalar_of(&f(&Value::Array(Array::from_f32(&shape, v).unwrap())).unwrap())
            };
            let fd = (at(eps) - at(-eps)) / (2.0 * f64::from(eps));
            assert!(
                (g[i] - fd).abs() <= 2e-2 * fd.abs().max(1.0),
                "d jnp.{name} / dx[{i}]: {} vs finite differences {fd}",
                g[i]
            );
        }
    }
}

/// `jnp.pad`'s `constant_values` arrives through `**kwargs`; the JS glue passes it as text.
#[test]
fn pad_reads_constant_values_from_its_keywords() {
    let x = f32s(&[2], &[1.0, 2.0]);
    let values = |kw: Vec<(String, Arg)>| -> Result<Vec<f64>> {
        let out = api::call(find("pad"), vec![x.clone(), Arg::Int(1)], kw)?;
        Ok(outputs(out)[0].as_array().unwrap().to_f64_vec())
    };
    let kw = |k: &str, v: Arg| vec![(k.to_string(), v)];
    assert_eq!(
        values(kw("constant_values", Arg::Float(7.5))).unwrap(),
        [7.5, 1.0, 2.0, 7.5]
    );
    assert_eq!(
        values(kw("constantValues", Arg::Str("-2".into()))).unwrap(),
        [-2.0, 1.0, 2.0, -2.0]
    );
    let err = values(kw("stat_length", Arg::Int(2)))
        .unwrap_err()
        .to_string();
    assert!(err.contains("Unsupported keyword arguments"), "{err}");
    let dtype = api::call(
        find("result_type"),
        vec![Arg::Str("float32".into())],
        vec![],
    );
    assert!(
        matches!(dtype, Ok(Output::Dtype(DType::Float32))),
        "{dtype:?}"
    );
}
