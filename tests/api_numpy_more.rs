//! The `jax.numpy` reductions, products and joining functions of the API table, called through
//! `jaxplay::api::call` as JS and Python call them, against real JAX 0.10.2:
//! `tests/oracle/api_numpy_values.py` recorded `api-numpy-values.json` (each call's values,
//! shape, dtype, weak type, error words, and the jaxpr with JAX's nested `jit`s inlined). Also
//! gradients of the differentiable ones against central finite differences.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod api_oracle;

use api_oracle::*;

use jaxplay::api::{self, Arg, Function, Output};
use jaxplay::array::Array;
use jaxplay::error::Result;
use jaxplay::lax;
use jaxplay::trace::Value;
use serde_json::Value as Json;

fn find(name: &str) -> &'static Function {
    api::all()
        .find(|f| f.name == name && f.namespace == api::Namespace::Numpy)
        .unwrap_or_else(|| panic!("no jnp.{name}"))
}

/// Functions whose jaxpr differs from JAX's on purpose (each entry's `differs` says how).
fn jaxpr_differs(case: &Json) -> bool {
    let square = |arg: &Json| {
        let shape = &arg["shape"];
        shape.as_array().is_some_and(|s| s.len() == 2) && shape[0] == shape[1]
    };
    match case["fn"].as_str().unwrap() {
        "stack" | "tile" => true,
        // JAX stages a platform-dependent `cond` for a square matrix.
        "diagonal" => square(&case["args"][0]),
        _ => false,
    }
}

/// JAX's jaxpr text with the documented difference undone: `split`'s sizes printed as NumPy
/// ints. Line layout is not compared (only the words), since `np.int64(n)` changes where lines
/// break.
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

/// Errors whose words differ on purpose: (function, JAX's words, jaxplay's).
const ERRORS_DIFFER: &[(&str, &str, &str)] = &[
    // JAX's `argmax` indexes the shape before checking the axis.
    (
        "argmax",
        "tuple index out of range",
        "axis 2 is out of bounds for array of dimension 2",
    ),
    // JAX's `tile` primitive fails in MLIR lowering.
    (
        "tile",
        "Invalid type:",
        "tile: reps must be non-negative, got -1",
    ),
];

/// A recorded case's call, through the table.
fn call(case: &Json, arrays: Vec<Value>) -> Result<Output> {
    call_with(find(case["fn"].as_str().unwrap()), case, arrays)
}

fn cases() -> Vec<Json> {
    load_cases("api-numpy-values.json")
}

fn describe(case: &Json) -> String {
    format!(
        "jnp.{}{} {}",
        case["fn"].as_str().unwrap(),
        case["args"].as_array().map(|a| a.len()).unwrap_or(0),
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
                let mut want = want.as_str().unwrap();
                let name = case["fn"].as_str().unwrap();
                if let Some((_, _, ours)) = ERRORS_DIFFER
                    .iter()
                    .find(|(f, jax, _)| *f == name && *jax == want)
                {
                    want = ours;
                }
                if !e.to_string().contains(want) {
                    failures.push(format!("{what}: error {e:?}, JAX said {want:?}"));
                }
            }
            (Some(want), Ok(_)) => failures.push(format!("{what}: succeeded, JAX said {want}")),
            (None, Err(e)) => failures.push(format!("{what}: failed: {e}")),
            (None, Ok(out)) => failures.extend(output_failures(outputs(out), &case["out"], &what)),
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

// ---- gradients against finite differences ----

/// `sum(w * jnp.<name>(x, **kwargs))` with fixed weights, so every output element counts.
fn objective(
    name: &'static str,
    kwargs: Vec<(&'static str, Arg)>,
) -> impl Fn(&Value) -> Result<Value> {
    move |x: &Value| {
        let kw = kwargs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        let out = outputs(api::call(find(name), vec![Arg::Array(x.clone())], kw)?).remove(0);
        let n = out.aval().size();
        let w: Vec<f32> = (0..n).map(|i| 1.0 + 0.25 * i as f32).collect();
        let w = Value::Array(Array::from_f32(out.shape(), w).unwrap());
        let prod = lax::mul(&out, &w)?;
        lax::reduce_sum(&prod, (0..prod.shape().len()).collect())
    }
}

fn ints(shape: &[usize], data: &[i32]) -> Arg {
    Arg::Array(Value::Array(Array::from_i32(shape, data.to_vec()).unwrap()))
}

#[test]
fn gradients_match_finite_differences() {
    let data: Vec<f32> = vec![1.5, -2.0, 3.0, 0.5, 4.0, -1.0];
    let ax = |a: i64| ("axis", Arg::Int(a));
    let cases: Vec<(&'static str, Vec<(&'static str, Arg)>)> = vec![
        ("max", vec![ax(1)]),
        ("min", vec![]),
        ("prod", vec![ax(0)]),
        ("cumsum", vec![ax(1)]),
        (
            "cumulative_sum",
            vec![ax(0), ("include_initial", Arg::Bool(true))],
        ),
        ("sort", vec![ax(1)]),
        ("ptp", vec![ax(1)]),
        ("var", vec![]),
        ("var", vec![ax(0), ("ddof", Arg::Int(1))]),
        ("std", vec![ax(1)]),
        ("take", vec![("indices", ints(&[2], &[0, -1])), ax(1)]),
        (
            "take_along_axis",
            vec![("indices", ints(&[2, 2], &[2, 0, -1, 1])), ax(1)],
        ),
        ("diagonal", vec![("offset", Arg::Int(1))]),
        ("nansum", vec![ax(0)]),
        ("nanmean", vec![]),
        ("nanmax", vec![ax(1)]),
        ("nanmin", vec![ax(0)]),
        (
            "max",
            vec![
                ax(1),
                (
                    "initial",
                    Arg::Array(Value::Array(Array::from_f32(&[], vec![2.0]).unwrap())),
                ),
            ],
        ),
        ("average", vec![ax(1)]),
        ("trace", vec![]),
        ("tril", vec![]),
        ("triu", vec![("k", Arg::Int(1))]),
        (
            "outer",
            vec![(
                "b",
                Arg::Array(Value::Array(
                    Array::from_f32(&[2], vec![2.0, -1.0]).unwrap(),
                )),
            )],
        ),
        (
            "dot",
            vec![(
                "b",
                Arg::Array(Value::Array(
                    Array::from_f32(&[3], vec![0.5, 2.0, -1.0]).unwrap(),
                )),
            )],
        ),
        (
            "matmul",
            vec![(
                "b",
                Arg::Array(Value::Array(
                    Array::from_f32(&[3, 2], vec![0.5, 2.0, -1.0, 1.0, 3.0, 0.25]).unwrap(),
                )),
            )],
        ),
        (
            "kron",
            vec![(
                "b",
                Arg::Array(Value::Array(
                    Array::from_f32(&[2], vec![2.0, -1.0]).unwrap(),
                )),
            )],
        ),
        ("repeat", vec![("repeats", Arg::Int(2)), ax(0)]),
        (
            "tile",
            vec![("reps", Arg::Seq(vec![Arg::Int(2), Arg::Int(1)]))],
        ),
        ("diff", vec![]),
        ("roll", vec![("shift", Arg::Int(1)), ax(1)]),
        ("rot90", vec![]),
        ("append", vec![("values", Arg::Float(1.0))]),
    ];
    for (name, kwargs) in cases {
        let f = objective(name, kwargs);
        let x = Value::Array(Array::from_f32(&[2, 3], data.clone()).unwrap());
        let g = grad(&x, &f).unwrap_or_else(|e| panic!("grad of {name}: {e}"));
        let g = g.as_array().unwrap().to_f64_vec();
        let eps = 1e-2f32;
        for i in 0..data.len() {
            let at = |d: f32| {
                let mut v = data.clone();
                v[i] += d;
                scalar_of(&f(&Value::Array(Array::from_f32(&[2, 3], v).unwrap())).unwrap())
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
