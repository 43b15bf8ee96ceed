//! `jax.lax` through the API table (`src/api/lax.rs`), called as JS and Python call it
//! (`jaxplay::api::call`), against real JAX 0.10.2's answers recorded by
//! `tests/oracle/api_lax_values.py` in `tests/oracle/api-lax-values.json`: output values, shapes,
//! dtypes and weak types, the jaxpr of each call with its array arguments traced, and the error
//! words where JAX refuses the call (lax does not promote dtypes).
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::api::{self, Arg, Function, Namespace, Output};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::jit::trace_with_events;
use jaxplay::trace::Value;
use serde_json::Value as Json;

/// Calls whose jaxpr differs from JAX's on purpose (each entry's `differs` note says why).
const JAXPR_DIFFERS: &[&str] = &[
    // JAX wraps these in a `jit` of the same name.
    "dynamic_index_in_dim",
    "dynamic_update_index_in_dim",
];

/// JAX errors whose words jaxplay's primitives put differently: only the failure is compared.
const WORDS_DIFFER: &[&str] = &[
    // Shape checks of the primitives, in jaxplay's words.
    "add: arrays must have the same number of dimensions",
    "slice slice_sizes must be less than or equal to operand shape",
    // Reported by the primitive, which lists the accepted kinds as jaxplay's reductions do.
    "cumsum does not accept dtype bool",
];

fn lax_fn(name: &str) -> &'static Function {
    api::all()
        .find(|f| f.namespace == Namespace::Lax && f.name == name)
        .unwrap_or_else(|| panic!("lax.{name} is not in the table"))
}

fn number(v: &Json) -> f64 {
    match v {
        Json::String(s) => match s.as_str() {
            "nan" => f64::NAN,
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            other => panic!("{other}"),
        },
        Json::Bool(b) => f64::from(u8::from(*b)),
        other => other.as_f64().unwrap(),
    }
}

fn array(v: &Json) -> Array {
    let shape: Vec<usize> = v["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    let values: Vec<f64> = v["array"].as_array().unwrap().iter().map(number).collect();
    let dtype = DType::parse(v["dtype"].as_str().unwrap()).unwrap();
    Array::from_f64_values(&shape, dtype, &values).unwrap()
}

/// An argument as the glue hands it over; arrays come from `leaf` (concrete or traced).
fn arg(v: &Json, leaf: &mut dyn FnMut(Array) -> Value) -> Arg {
    match v {
        Json::Null => Arg::None,
        Json::Bool(b) => Arg::Bool(*b),
        Json::Number(n) if n.is_i64() => Arg::Int(n.as_i64().unwrap()),
        Json::Number(n) => Arg::Float(n.as_f64().unwrap()),
        Json::String(s) => Arg::Str(s.clone()),
        Json::Array(items) => Arg::Seq(items.iter().map(|x| arg(x, leaf)).collect()),
        Json::Object(_) => Arg::Array(leaf(array(v))),
    }
}

type Call = (Vec<Arg>, Vec<(String, Arg)>);

fn call_args(case: &Json, leaf: &mut dyn FnMut(Array) -> Value) -> Call {
    let pos = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| arg(a, leaf))
        .collect();
    let kw = case["kwargs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), arg(v, leaf)))
        .collect();
    (pos, kw)
}

fn outputs(out: Output) -> Vec<Value> {
    match out {
        Output::Array(v) => vec![v],
        Output::Tuple(vs) | Output::List(vs) => vs,
        other => panic!("unexpected output {other:?}"),
    }
}

/// Differences between an output and JAX's (empty when they agree).
fn compare(v: &Value, want: &Json) -> Vec<String> {
    let a = v.as_array().expect("a concrete result");
    let mut bad = Vec::new();
    let shape: Vec<usize> = want["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    if a.shape() != shape.as_slice() {
        bad.push(format!("shape {:?}, JAX {shape:?}", a.shape()));
    }
    if a.dtype().name() != want["dtype"].as_str().unwrap() {
        bad.push(format!("dtype {}, JAX {}", a.dtype().name(), want["dtype"]));
    }
    if a.weak_type() != want["weak"].as_bool().unwrap() {
        bad.push(format!("weak_type {}, JAX {}", a.weak_type(), want["weak"]));
    }
    let ours = a.to_f64_vec();
    let theirs: Vec<f64> = want["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .collect();
    // Within 2 f32 ulps, or 1e-6 near zero (XLA's lgamma(1) is 4.8e-7, jaxplay's 0).
    let close = |x: f64, y: f64| {
        (x.is_nan() && y.is_nan()) || x == y || (x - y).abs() <= (2.4e-7 * y.abs()).max(1e-6)
    };
    if ours.len() != theirs.len() || !ours.iter().zip(&theirs).all(|(&x, &y)| close(x, y)) {
        bad.push(format!("values {ours:?}, JAX {theirs:?}"));
    }
    bad
}

fn describe(case: &Json) -> String {
    format!(
        "lax.{}{} {}",
        case["name"].as_str().unwrap(),
        case["args"],
        case["kwargs"]
    )
}

fn cases() -> Vec<Json> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/api-lax-values.json"
    );
    let text = std::fs::read_to_string(path).expect("run tests/oracle/api_lax_values.py");
    let doc: Json = serde_json::from_str(&text).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

#[test]
fn values_and_errors_match_real_jax() {
    let mut problems = Vec::new();
    for case in cases() {
        let f = lax_fn(case["name"].as_str().unwrap());
        let (pos, kw) = call_args(&case, &mut |a| Value::Array(a));
        let got = api::call(f, pos, kw);
        let what = describe(&case);
        match (got, case.get("error")) {
            (Ok(out), None) => {
                let wants: Vec<&Json> = match case.get("tuple") {
                    Some(t) => t.as_array().unwrap().iter().collect(),
                    None => vec![&case["out"]],
                };
                let outs = outputs(out);
                if outs.len() != wants.len() {
                    problems.push(format!(
                        "{what}: {} outputs, JAX {}",
                        outs.len(),
                        wants.len()
                    ));
                    continue;
                }
                for (v, want) in outs.iter().zip(wants) {
                    for p in compare(v, want) {
                        problems.push(format!("{what}: {p}"));
                    }
                }
            }
            (Err(e), Some(want)) => {
                let want = want.as_str().unwrap();
                let words = want.split_once(": ").map_or(want, |(_, w)| w);
                if e.to_string() != words && !WORDS_DIFFER.iter().any(|w| words.starts_with(w)) {
                    problems.push(format!("{what}:\n  ours: {e}\n  JAX:  {words}"));
                }
            }
            (Ok(_), Some(want)) => problems.push(format!("{what}: accepted; JAX: {want}")),
            (Err(e), None) => problems.push(format!("{what}: failed: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn jaxprs_match_real_jax() {
    let mut problems = Vec::new();
    for case in cases() {
        let Some(want) = case.get("jaxpr").and_then(Json::as_str) else {
            continue;
        };
        let name = case["name"].as_str().unwrap();
        if JAXPR_DIFFERS.contains(&name) {
            continue;
        }
        let f = lax_fn(name);
        let mut leaves = Vec::new();
        let _ = call_args(&case, &mut |a| {
            leaves.push(a.aval());
            Value::Array(a)
        });
        let avals: Vec<ShapedArray> = leaves
            .iter()
            .map(|a| ShapedArray {
                weak_type: false,
                ..a.clone()
            })
            .collect();
        let traced = trace_with_events("f", &avals, |tracers| {
            let mut next = tracers.into_iter();
            let (pos, kw) = call_args(&case, &mut |_| next.next().unwrap());
            Ok(outputs(api::call(f, pos, kw)?))
        });
        match traced {
            Ok(t) => {
                let ours = t.jaxpr.to_string();
                if ours != want {
                    problems.push(format!("{}:\nours:\n{ours}\nJAX:\n{want}", describe(&case)));
                }
            }
            Err(e) => problems.push(format!("{}: failed to trace: {e}", describe(&case))),
        }
    }
    assert!(
        problems.is_empty(),
        "{} differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
