//! What the API-table oracle tests share (`api_numpy_more`, `api_numpy_extra`, `api_last`):
//! reading the calls the `tests/oracle/api_*.py` recorders wrote (arrays, arguments), making
//! the call through `jaxplay::api::call`, comparing results and jaxprs with JAX's, and `grad`
//! for the finite-difference checks.

#![allow(dead_code)] // each test binary uses a different subset

use jaxplay::ad;
use jaxplay::api::{self, Arg, Function, Output};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::trace::Value;
use serde_json::Value as Json;

/// The recorded calls of `tests/oracle/{file}`.
pub fn load_cases(file: &str) -> Vec<Json> {
    let path = format!("{}/tests/oracle/{file}", env!("CARGO_MANIFEST_DIR"));
    let json: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["cases"].as_array().unwrap().clone()
}

pub fn decode_array(v: &Json) -> Array {
    let shape: Vec<usize> = v["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    let data = v["data"].as_array().unwrap();
    let num = |d: &Json| match d.as_str() {
        Some("inf") => f64::INFINITY,
        Some("-inf") => f64::NEG_INFINITY,
        _ => d.as_f64().unwrap_or(f64::NAN),
    };
    match v["dtype"].as_str().unwrap() {
        "float32" => Array::from_f32(&shape, data.iter().map(|d| num(d) as f32).collect()),
        "int32" => Array::from_i32(&shape, data.iter().map(|d| num(d) as i32).collect()),
        "bool" => Array::from_bool(&shape, data.iter().map(|d| d.as_bool().unwrap()).collect()),
        "uint32" => Array::from_u32(&shape, data.iter().map(|d| num(d) as u32).collect()),
        "uint8" => Array::from_u8(&shape, data.iter().map(|d| num(d) as u8).collect()),
        other => panic!("unexpected dtype {other}"),
    }
    .unwrap()
}

/// A recorded argument; arrays come from `arrays` (concrete, or tracers when staging), in
/// the order the recorder met them.
pub fn decode_arg(v: &Json, arrays: &mut dyn Iterator<Item = Value>) -> Arg {
    match v {
        Json::Null => Arg::None,
        Json::Bool(b) => Arg::Bool(*b),
        Json::Number(n) if n.is_f64() => Arg::Float(n.as_f64().unwrap()),
        Json::Number(n) => Arg::Int(n.as_i64().unwrap()),
        Json::String(s) => Arg::Str(s.clone()),
        Json::Array(items) => Arg::Seq(items.iter().map(|i| decode_arg(i, arrays)).collect()),
        Json::Object(_) => Arg::Array(arrays.next().unwrap()),
    }
}

/// Every array argument of a case, in the recorder's order (positional, then keywords).
pub fn arrays_of(case: &Json) -> Vec<Array> {
    fn walk(v: &Json, out: &mut Vec<Array>) {
        match v {
            Json::Object(_) => out.push(decode_array(v)),
            Json::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    case["args"]
        .as_array()
        .unwrap()
        .iter()
        .for_each(|a| walk(a, &mut out));
    case["kwargs"]
        .as_object()
        .unwrap()
        .values()
        .for_each(|a| walk(a, &mut out));
    out
}

/// Calls `f` with a recorded case's arguments, its arrays taken from `arrays` in order.
pub fn call_with(f: &'static Function, case: &Json, arrays: Vec<Value>) -> Result<Output> {
    let mut it = arrays.into_iter();
    let pos = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| decode_arg(a, &mut it))
        .collect();
    let kw = case["kwargs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), decode_arg(v, &mut it)))
        .collect();
    api::call(f, pos, kw)
}

pub fn outputs(o: Output) -> Vec<Value> {
    match o {
        Output::Array(v) => vec![v],
        Output::Tuple(vs) | Output::List(vs) => vs,
        other => panic!("unexpected output {other:?}"),
    }
}

/// `None` when `got` is JAX's result `want` (a relative 1e-5 for floats), else what differs.
pub fn mismatch(got: &Value, want: &Json, what: &str) -> Option<String> {
    let w = decode_array(want);
    let g = got.as_array().expect("concrete");
    let (gt, wt) = (
        (g.shape(), g.dtype(), g.weak_type()),
        (w.shape(), w.dtype(), want["weak"].as_bool().unwrap()),
    );
    if gt != wt {
        return Some(format!("{what}: (shape, dtype, weak) {gt:?}, JAX {wt:?}"));
    }
    for (i, (a, b)) in g.to_f64_vec().iter().zip(w.to_f64_vec()).enumerate() {
        let ok = if b.is_nan() {
            a.is_nan()
        } else {
            *a == b || (a - b).abs() <= 1e-5 * b.abs().max(1.0)
        };
        if !ok {
            return Some(format!("{what}: element {i} is {a}, JAX gave {b}"));
        }
    }
    None
}

pub fn grad(x: &Value, f: &dyn Fn(&Value) -> Result<Value>) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

pub fn scalar_of(v: &Value) -> f64 {
    v.as_array().unwrap().to_f64_vec()[0]
}

/// What differs between a call's array results and JAX's recorded `want` (one result, or a
/// list of them), each failure naming the call (`what`).
pub fn output_failures(outs: Vec<Value>, want: &Json, what: &str) -> Vec<String> {
    let want: Vec<Json> = match want {
        Json::Array(items) => items.clone(),
        one => vec![one.clone()],
    };
    if outs.len() != want.len() {
        return vec![format!(
            "{what}: {} results, JAX {}",
            outs.len(),
            want.len()
        )];
    }
    outs.iter()
        .zip(&want)
        .filter_map(|(g, w)| mismatch(g, w, what))
        .collect()
}

/// Each case with a recorded jaxpr, traced with its arrays as tracers through `call` and
/// compared with JAX's after `normalized`, except those `differs` names; the failures.
pub fn jaxpr_failures(
    cases: &[Json],
    differs: impl Fn(&Json) -> bool,
    normalized: impl Fn(&str) -> String,
    call: impl Fn(&Json, Vec<Value>) -> Result<Output>,
    describe: impl Fn(&Json) -> String,
) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases {
        let Some(want) = case.get("jaxpr").and_then(Json::as_str) else {
            continue;
        };
        if differs(case) {
            continue;
        }
        let what = describe(case);
        let avals: Vec<ShapedArray> = arrays_of(case).iter().map(Array::aval).collect();
        match trace_with_events("f", &avals, |xs| Ok(outputs(call(case, xs)?))) {
            Ok(closed) => {
                let got = closed.jaxpr.to_string();
                if normalized(&got) != normalized(want) {
                    failures.push(format!("{what}:\n--- jaxplay\n{got}\n--- JAX\n{want}"));
                }
            }
            Err(e) => failures.push(format!("{what}: tracing failed: {e}")),
        }
    }
    failures
}
