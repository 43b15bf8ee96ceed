//! The API table's elementwise `jax.numpy`, `jax.nn` and `jax.scipy.special` entries against real
//! JAX 0.10.2 (`tests/oracle/api_math_values.py` recorded `api-math-values.json`): for every
//! recorded call, its outputs' values, dtypes, weak types and shapes, or its error; its jaxpr
//! (JAX's with nested `jit`s and `custom_jvp`s inlined, as jaxplay builds it); and where
//! recorded, the gradient of the sum of its output and that gradient's jaxpr. Then finite
//! differences check the gradients of the differentiable entries at random points (proptest).
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::ad;
use jaxplay::api::{self, Arg, Function, Namespace, Output};
use jaxplay::array::{Array, Buffer, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::lax;
use jaxplay::primitives::structural::ReduceSum;
use jaxplay::trace::{bind1, Value};
use proptest::prelude::*;
use serde_json::Value as Json;
use std::rc::Rc;

fn oracle() -> Json {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/api-math-values.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the oracle file")).unwrap()
}

fn namespace(name: &str) -> Namespace {
    *Namespace::ALL
        .iter()
        .find(|n| n.python() == name)
        .expect("a namespace")
}

fn function(ns: Namespace, name: &str) -> &'static Function {
    api::all()
        .find(|f| f.namespace == ns && f.name == name)
        .unwrap_or_else(|| panic!("{} has no entry for {name}", ns.python()))
}

fn number(v: &Json) -> f64 {
    match v {
        Json::String(s) => match s.as_str() {
            "nan" => f64::NAN,
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            other => panic!("{other} is not a number"),
        },
        Json::Bool(b) => f64::from(u8::from(*b)),
        other => other.as_f64().expect("a number"),
    }
}

/// An encoded array argument.
fn array(v: &Json) -> Array {
    let dtype = DType::parse(v["dtype"].as_str().unwrap()).unwrap();
    let shape: Vec<usize> = v["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    let values: Vec<f64> = v["array"].as_array().unwrap().iter().map(number).collect();
    Array::from_f64_values(&shape, dtype, &values).unwrap()
}

/// An encoded argument, with arrays replaced by `inputs` in order (their tracers when traced).
fn arg(v: &Json, inputs: &mut impl Iterator<Item = Value>) -> Arg {
    match v {
        Json::Null => Arg::None,
        Json::Bool(b) => Arg::Bool(*b),
        Json::Number(n) if n.is_i64() => Arg::Int(n.as_i64().unwrap()),
        Json::Number(n) => Arg::Float(n.as_f64().unwrap()),
        Json::String(s) => Arg::Str(s.clone()),
        Json::Array(items) => Arg::Seq(items.iter().map(|i| arg(i, inputs)).collect()),
        Json::Object(_) => Arg::Array(inputs.next().expect("an input per array")),
    }
}

/// The array arguments of a call, in order.
fn arrays(case: &Json) -> Vec<Array> {
    fn walk(v: &Json, out: &mut Vec<Array>) {
        match v {
            Json::Object(_) => out.push(array(v)),
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

/// Calls the case's function with its arrays replaced by `inputs`.
fn call(case: &Json, inputs: Vec<Value>) -> Result<Vec<Value>> {
    let f = function(
        namespace(case["ns"].as_str().unwrap()),
        case["name"].as_str().unwrap(),
    );
    let mut it = inputs.into_iter();
    let positional = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| arg(a, &mut it))
        .collect();
    let keywords = case["kwargs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, a)| (k.clone(), arg(a, &mut it)))
        .collect();
    match api::call(f, positional, keywords)? {
        Output::Array(v) => Ok(vec![v]),
        Output::Tuple(vs) | Output::List(vs) => Ok(vs),
        other => panic!("{other:?} is not an array output"),
    }
}

fn describe(case: &Json) -> String {
    format!(
        "{}.{}({}{})",
        case["ns"].as_str().unwrap(),
        case["name"].as_str().unwrap(),
        serde_json::to_string(&case["args"]).unwrap(),
        if case["kwargs"].as_object().unwrap().is_empty() {
            String::new()
        } else {
            format!(", {}", case["kwargs"])
        }
    )
}

/// Whether two f32 values agree: equal, both NaN, or within `ulps` places (or 1e-6 absolute,
/// for values near 0 reached by cancellation).
fn close(ours: f32, theirs: f32, ulps: i64) -> bool {
    if ours.is_nan() || theirs.is_nan() {
        return ours.is_nan() && theirs.is_nan();
    }
    if ours == theirs {
        return true;
    }
    let key = |v: f32| {
        let b = v.to_bits() as i32 as i64;
        if b < 0 {
            i64::from(i32::MIN) - b
        } else {
            b
        }
    };
    (key(ours) - key(theirs)).abs() <= ulps || (ours - theirs).abs() <= 1e-6
}

fn f32_bits(v: &Json) -> Vec<f32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| f32::from_bits(b.as_u64().unwrap() as u32))
        .collect()
}

/// Compares one output with JAX's record; `None` when they agree.
fn compare_output(ours: &Array, theirs: &Json, ulps: i64) -> Option<String> {
    let dtype = theirs["dtype"].as_str().unwrap();
    let weak = theirs["weak"].as_bool().unwrap();
    let shape: Vec<usize> = theirs["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    if ours.dtype().name() != dtype || ours.weak_type() != weak || ours.shape() != shape {
        return Some(format!(
            "gives {}{:?} weak={}, JAX {dtype}{shape:?} weak={weak}",
            ours.dtype().name(),
            ours.shape(),
            ours.weak_type()
        ));
    }
    let agree = match ours.buffer() {
        Buffer::F32(d) => {
            let theirs = f32_bits(&theirs["values"]);
            d.data()
                .iter()
                .zip(&theirs)
                .all(|(&o, &t)| close(o, t, ulps))
        }
        _ => {
            let theirs: Vec<f64> = theirs["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(number)
                .collect();
            ours.to_f64_vec() == theirs
        }
    };
    (!agree).then(|| {
        format!(
            "gives {:?}, JAX {:?}",
            ours.to_f64_vec(),
            match ours.dtype() {
                DType::Float32 => f32_bits(&theirs["values"])
                    .iter()
                    .map(|&v| f64::from(v))
                    .collect(),
                _ => theirs["values"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(number)
                    .collect::<Vec<_>>(),
            }
        )
    })
}

/// Places of disagreement allowed with JAX's values: XLA's own functions differ from jaxplay's
/// (which round the float64 result once) by this much on these.
fn tolerance(name: &str) -> i64 {
    match name {
        "cosh" | "sinh" | "exp2" | "logaddexp2" | "erfc" | "ndtr" => 40,
        "gammaln" | "digamma" => 64,
        _ => 4,
    }
}

/// `jnp.sum` of a value over all its axes (`reduce_sum[axes=()]` for a scalar, as JAX binds it).
fn total(v: &Value) -> Result<Value> {
    let axes = (0..v.shape().len()).collect();
    bind1(
        Rc::new(ReduceSum {
            axes,
            numpy_axes: false,
        }),
        std::slice::from_ref(v),
    )
}

/// The gradient of the case's (first) output, summed when `sum`, with respect to its first
/// array.
fn grad(case: &Json, inputs: Vec<Value>, sum: bool) -> Result<Value> {
    let rest = inputs[1..].to_vec();
    let (outs, linear) = ad::linearize("f", &inputs[..1], None, |x| {
        let mut all = x;
        all.extend(rest);
        let out = call(case, all)?.remove(0);
        Ok(vec![if sum { total(&out)? } else { out }])
    })?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn traced(avals: &[ShapedArray], f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>) -> String {
    match trace_with_events("f", avals, f) {
        Ok(closed) => closed.jaxpr.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// Calls whose jaxpr is knowingly not JAX's, and why (each entry's `differs` says so too).
fn jaxpr_differs(case: &Json) -> bool {
    let name = case["name"].as_str().unwrap();
    let python_scalars_only = arrays(case).is_empty();
    match name {
        // A `custom_jvp_call` is kept (with jaxplay's params) where the oracle inlines JAX's.
        "relu" | "relu6" | "hard_sigmoid" | "hard_silu" | "hard_swish" | "xlogy" | "xlog1py" => {
            true
        }
        // Two `slice`s where JAX has one `split`.
        "glu" => true,
        // JAX's exact form ends in `jnp.array(..., dtype)`, a `copy` jaxplay leaves out.
        "gelu" => case["args"].as_array().unwrap().get(1) == Some(&Json::Bool(false)),
        // On a Python float JAX adds 1.0 in Python before tracing anything.
        "sparse_sigmoid" => python_scalars_only,
        // A Python float constant (π, 180/π, selu's α and scale) is a weak literal: JAX prints
        // the Python float (`3.141592653589793`), jaxplay, which keeps only the f32, its
        // shortest f32 digits (`3.1415927`).
        "deg2rad" | "radians" | "rad2deg" | "degrees" | "sinc" | "selu" => true,
        _ => false,
    }
}

/// A jaxpr's text without its layout (JAX's literals printed longer break lines elsewhere).
fn canonical(text: &str) -> String {
    text.replace(';', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn calls_match_jax() {
    let oracle = oracle();
    let cases = oracle["cases"].as_array().unwrap();
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let what = describe(case);
        let inputs = arrays(case);
        let values: Vec<Value> = inputs.iter().cloned().map(Value::Array).collect();
        let result = call(case, values.clone());
        if let Some(error) = case.get("error") {
            match result {
                Ok(_) => failures.push(format!("{what}: accepted; JAX: {error}")),
                Err(e) if e.to_string() != error.as_str().unwrap() => {
                    failures.push(format!("{what}: error {e:?}; JAX: {error}"))
                }
                Err(_) => {}
            }
            continue;
        }
        let outs = match result {
            Ok(outs) => outs,
            // The one-argument `where` (`nonzero`) is not in jaxplay yet, as its entry says.
            Err(_) if name == "where" && case["args"].as_array().unwrap().len() == 1 => continue,
            Err(e) => {
                failures.push(format!("{what}: {e}"));
                continue;
            }
        };
        let theirs = case["outs"].as_array().unwrap();
        if outs.len() != theirs.len() {
            failures.push(format!(
                "{what}: {} outputs, JAX {}",
                outs.len(),
                theirs.len()
            ));
            continue;
        }
        for (o, t) in outs.iter().zip(theirs) {
            if let Some(m) = compare_output(o.as_array().unwrap(), t, tolerance(name)) {
                failures.push(format!("{what}: {m}"));
            }
        }
        let avals: Vec<ShapedArray> = inputs.iter().map(|a| a.aval().clone()).collect();
        if let Some(jaxpr) = case.get("jaxpr") {
            let ours = traced(&avals, |xs| call(case, xs));
            let jaxpr = jaxpr.as_str().unwrap().to_string();
            if canonical(&ours) != canonical(&jaxpr) && !jaxpr_differs(case) {
                failures.push(format!("{what}: jaxpr\n{ours}\nJAX's\n{jaxpr}"));
            }
        }
        if let Some(theirs) = case.get("grad") {
            match grad(case, values.clone(), true) {
                Ok(g) => {
                    let ours: Vec<f32> = g
                        .as_array()
                        .unwrap()
                        .to_f64_vec()
                        .iter()
                        .map(|&v| v as f32)
                        .collect();
                    let theirs = f32_bits(theirs);
                    if !ours.iter().zip(&theirs).all(|(&o, &t)| close(o, t, 64)) {
                        failures.push(format!("{what}: gradient {ours:?}, JAX {theirs:?}"));
                    }
                }
                Err(e) => failures.push(format!("{what}: gradient: {e}")),
            }
        }
        if let Some(jaxpr) = case.get("grad_jaxpr") {
            let scalars: Vec<ShapedArray> = avals
                .iter()
                .map(|a| ShapedArray::new(vec![], a.dtype))
                .collect();
            let ours = traced(&scalars, |xs| Ok(vec![grad(case, xs, false)?]));
            let jaxpr = jaxpr.as_str().unwrap().to_string();
            if canonical(&ours) != canonical(&jaxpr) && !jaxpr_differs(case) {
                failures.push(format!("{what}: grad jaxpr\n{ours}\nJAX's\n{jaxpr}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} calls differ from JAX:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Differentiable unary entries and a domain free of kinks and poles.
const SMOOTH: &[(&str, &str, f32, f32)] = &[
    ("jax.numpy", "sqrt", 0.2, 4.0),
    ("jax.numpy", "cbrt", 0.2, 4.0),
    ("jax.numpy", "square", -3.0, 3.0),
    ("jax.numpy", "reciprocal", 0.3, 3.0),
    ("jax.numpy", "tan", -1.2, 1.2),
    ("jax.numpy", "tanh", -3.0, 3.0),
    ("jax.numpy", "sinh", -3.0, 3.0),
    ("jax.numpy", "cosh", -3.0, 3.0),
    ("jax.numpy", "arcsin", -0.8, 0.8),
    ("jax.numpy", "arccos", -0.8, 0.8),
    ("jax.numpy", "arctan", -3.0, 3.0),
    ("jax.numpy", "arcsinh", -3.0, 3.0),
    ("jax.numpy", "arccosh", 1.2, 4.0),
    ("jax.numpy", "arctanh", -0.8, 0.8),
    ("jax.numpy", "expm1", -3.0, 3.0),
    ("jax.numpy", "log1p", -0.5, 3.0),
    ("jax.numpy", "exp2", -3.0, 3.0),
    ("jax.numpy", "log2", 0.2, 4.0),
    ("jax.numpy", "log10", 0.2, 4.0),
    ("jax.numpy", "deg2rad", -3.0, 3.0),
    ("jax.numpy", "rad2deg", -3.0, 3.0),
    ("jax.numpy", "sinc", 0.1, 3.0),
    ("jax.numpy", "fabs", 0.1, 3.0),
    ("jax.nn", "relu", 0.1, 3.0),
    ("jax.nn", "relu6", 0.1, 5.0),
    ("jax.nn", "sigmoid", -4.0, 4.0),
    ("jax.nn", "log_sigmoid", -4.0, 4.0),
    ("jax.nn", "softplus", -4.0, 4.0),
    ("jax.nn", "soft_sign", 0.1, 3.0),
    ("jax.nn", "silu", -4.0, 4.0),
    ("jax.nn", "gelu", -3.0, 3.0),
    ("jax.nn", "elu", -3.0, -0.1),
    ("jax.nn", "celu", -3.0, -0.1),
    ("jax.nn", "selu", -3.0, -0.1),
    ("jax.nn", "leaky_relu", -3.0, -0.1),
    ("jax.nn", "hard_tanh", -0.9, 0.9),
    ("jax.nn", "hard_sigmoid", -2.5, 2.5),
    ("jax.nn", "hard_silu", -2.5, 2.5),
    ("jax.nn", "squareplus", -3.0, 3.0),
    ("jax.nn", "mish", -3.0, 3.0),
    ("jax.nn", "sparse_plus", -0.9, 0.9),
    ("jax.nn", "sparse_sigmoid", -0.9, 0.9),
    ("jax.scipy.special", "erf", -2.0, 2.0),
    ("jax.scipy.special", "erfc", -2.0, 2.0),
    ("jax.scipy.special", "erfinv", -0.8, 0.8),
    ("jax.scipy.special", "expit", -4.0, 4.0),
    ("jax.scipy.special", "logit", 0.1, 0.9),
    ("jax.scipy.special", "gammaln", 0.5, 4.0),
    ("jax.scipy.special", "digamma", 0.5, 4.0),
    ("jax.scipy.special", "ndtr", -3.0, 3.0),
];

fn apply(ns: &str, name: &str, x: Value) -> Result<Value> {
    let f = function(namespace(ns), name);
    match api::call(f, vec![Arg::Array(x)], vec![])? {
        Output::Array(v) => Ok(v),
        other => panic!("{other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The gradient of each smooth entry against central differences (computed in f32, so
    /// with a loose tolerance).
    #[test]
    fn gradients_match_finite_differences(which in 0..SMOOTH.len(), t in 0.0f32..1.0) {
        let (ns, name, lo, hi) = SMOOTH[which];
        let x = lo + (hi - lo) * t;
        let at = |v: f32| Value::Array(Array::from_f32(&[], vec![v]).unwrap());
        let value = |v: f32| apply(ns, name, at(v)).unwrap().as_array().unwrap().to_f64_vec()[0];
        let (outs, linear) = ad::linearize("f", &[at(x)], None, |a| {
            Ok(vec![apply(ns, name, a[0].clone())?])
        }).unwrap();
        let ones = lax::ones(&outs[0].aval()).unwrap();
        let g = ad::transpose_linear(&linear, &[ones]).unwrap()[0].as_array().unwrap().to_f64_vec()[0];
        let h = 1e-2f32;
        let fd = (value(x + h) - value(x - h)) / f64::from(2.0 * h);
        prop_assert!(
            (g - fd).abs() <= 2e-2 * (1.0 + fd.abs()),
            "{ns}.{name}'({x}) = {g}, finite differences {fd}"
        );
    }
}
