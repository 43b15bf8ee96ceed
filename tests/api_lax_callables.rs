//! `lax.reduce_window` and `lax.reduce` through the API table (`src/api/lax_reduce.rs`), called
//! as JS and Python call them, against real JAX 0.10.2's answers recorded by
//! `tests/oracle/lax_callables.py` in `tests/oracle/lax-callables.json`: values, dtypes and weak
//! types, jaxprs under `make_jaxpr`, `grad`, `vmap` and `jvp`, and JAX's error words. The
//! computations are the recorder's: `lax` functions passed by identity (`Callable::Api`), and
//! its lambdas written again here with the same `lax` functions (`Callable::User`).
//! `lax.associative_scan` lives in the JS glue; tests/js/lax_callables.test.mjs replays its cases.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod api_oracle;

use api_oracle::{decode_array, output_failures};
use jaxplay::api::{self, Arg, Callable, Function, Namespace, Output, UserFunction};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::trace::Value;
use jaxplay::{ad, lax, vmap};
use serde_json::Value as Json;
use std::rc::Rc;

/// Jaxprs that differ from JAX's, each for the reason given.
const JAXPR_DIFFERS: &[(&str, &str)] = &[
    (
        "reduce times grad",
        "JAX flattens the reduced axes with one `reshape[dimensions=(1, 0)]`, jaxplay with a \
         `transpose` (its reshape has no `dimensions`); and see below",
    ),
    (
        "reduce half_b grad",
        "JAX transposes `pad` into a negative pad and a slice, jaxplay into one slice",
    ),
];

fn lax_fn(name: &str) -> &'static Function {
    api::all()
        .find(|f| f.namespace == Namespace::Lax && f.name == name)
        .unwrap_or_else(|| panic!("lax.{name} is not in the table"))
}

/// The recorder's lambdas, written with the same `lax` functions.
struct Lambda(String);

fn lax_call(name: &str, args: Vec<Arg>) -> Result<Arg> {
    Callable::Api(lax_fn(name)).call(args)
}

fn items(a: &Arg) -> Vec<Arg> {
    match a {
        Arg::Seq(items) => items.clone(),
        other => panic!("expected a tuple, got {other:?}"),
    }
}

impl UserFunction for Lambda {
    fn name(&self) -> String {
        "<lambda>".into()
    }

    fn call(&self, args: Vec<Arg>) -> Result<Arg> {
        let (a, b) = (args[0].clone(), args[1].clone());
        Ok(match self.0.as_str() {
            "half_b" => lax_call("add", vec![a, lax_call("mul", vec![b, Arg::Float(0.5)])?])?,
            "times" => lax_call("mul", vec![a, b])?,
            "pair" => {
                let (a, b) = (items(&a), items(&b));
                Arg::Seq(vec![
                    lax_call("add", vec![a[0].clone(), b[0].clone()])?,
                    lax_call("max", vec![a[1].clone(), b[1].clone()])?,
                ])
            }
            "argmax" => {
                let (a, b) = (items(&a), items(&b));
                let pick = |i: usize| -> Result<Arg> {
                    let ge = lax_call("ge", vec![a[0].clone(), b[0].clone()])?;
                    lax_call("select", vec![ge, a[i].clone(), b[i].clone()])
                };
                Arg::Seq(vec![pick(0)?, pick(1)?])
            }
            other => panic!("no lambda {other}"),
        })
    }
}

fn computation(id: &str) -> Callable {
    match id {
        "half_b" | "times" | "pair" | "argmax" => Callable::User(Rc::new(Lambda(id.into()))),
        name => Callable::Api(lax_fn(name)),
    }
}

/// Every array of a case's arguments, in the recorder's order.
fn arrays_of(case: &Json) -> Vec<Array> {
    fn walk(v: &Json, out: &mut Vec<Array>) {
        match v {
            Json::Object(o) if o.contains_key("shape") => out.push(decode_array(v)),
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

fn decode(v: &Json, arrays: &mut dyn Iterator<Item = Value>) -> Arg {
    match v {
        Json::Null => Arg::None,
        Json::Bool(b) => Arg::Bool(*b),
        Json::Number(n) if n.is_f64() => Arg::Float(n.as_f64().unwrap()),
        Json::Number(n) => Arg::Int(n.as_i64().unwrap()),
        Json::String(s) => Arg::Str(s.clone()),
        Json::Array(items) => Arg::Seq(items.iter().map(|i| decode(i, arrays)).collect()),
        Json::Object(o) if o.contains_key("comp") => {
            Arg::Function(computation(o["comp"].as_str().unwrap()))
        }
        Json::Object(o) if o.contains_key("int") => Arg::Int(o["int"].as_i64().unwrap()),
        Json::Object(o) if o.contains_key("float") => match o["float"].as_str().unwrap() {
            "inf" => Arg::Float(f64::INFINITY),
            _ => Arg::Float(f64::NEG_INFINITY),
        },
        Json::Object(_) => Arg::Array(arrays.next().unwrap()),
    }
}

fn outputs(o: Output) -> Vec<Value> {
    match o {
        Output::Array(v) => vec![v],
        Output::Tuple(vs) | Output::List(vs) => vs,
        other => panic!("unexpected output {other:?}"),
    }
}

/// The case's call with its arrays taken from `arrays`.
fn call(case: &Json, arrays: Vec<Value>) -> Result<Vec<Value>> {
    let f = lax_fn(case["fn"].as_str().unwrap());
    let mut it = arrays.into_iter();
    let pos = case["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| decode(a, &mut it))
        .collect();
    let kw = case["kwargs"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), decode(v, &mut it)))
        .collect();
    Ok(outputs(api::call(f, pos, kw)?))
}

/// `x.sum()`: `reduce_sum` over every axis, bound even for none.
fn sum_all(v: &Value) -> Result<Value> {
    let axes = (0..v.shape().len() as i64).map(Arg::Int).collect();
    match lax_call("reduce_sum", vec![Arg::Array(v.clone()), Arg::Seq(axes)])? {
        Arg::Array(v) => Ok(v),
        other => panic!("reduce_sum gave {other:?}"),
    }
}

/// The case under its transformation (`transform` in the recording), its arrays `xs`.
fn run(case: &Json, xs: Vec<Value>) -> Result<Vec<Value>> {
    let rest = xs[1..].to_vec();
    match case["transform"].as_str().unwrap() {
        "grad" => {
            let (outs, linear) = ad::linearize("f", &xs[..1], None, |p| {
                let args = [p, rest.clone()].concat();
                Ok(vec![sum_all(&call(case, args)?[0])?])
            })?;
            let ones = lax::ones(&outs[0].aval())?;
            ad::transpose_linear(&linear, &[ones])
        }
        "vmap" => {
            let mut axes = vec![Some(0)];
            axes.extend(rest.iter().map(|_| None));
            vmap::vmap("f", &xs, &axes, &[Some(0)], |a| call(case, a))
        }
        "jvp" => {
            let t = Value::Array(decode_array(&case["tangent"]));
            let (p, t) = ad::jvp("f", &xs[..1], &[t], |p| call(case, [p, rest].concat()))?;
            Ok([p, t].concat())
        }
        _ => call(case, xs),
    }
}

fn cases() -> Vec<Json> {
    api_oracle::load_cases("lax-callables.json")
        .into_iter()
        .filter(|c| c["fn"] != "associative_scan")
        .collect()
}

fn describe(case: &Json) -> String {
    format!(
        "{} {} {}",
        case["fn"].as_str().unwrap(),
        case["comp"].as_str().unwrap(),
        case["transform"].as_str().unwrap()
    )
}

fn what(case: &Json) -> String {
    format!("lax.{} {}", describe(case), case["args"])
}

#[test]
fn values_and_errors_match_real_jax() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() >= 50, "only {} cases", all.len());
    for case in &all {
        let xs = arrays_of(case).into_iter().map(Value::Array).collect();
        match (run(case, xs), case.get("error")) {
            (Ok(outs), None) => failures.extend(output_failures(outs, &case["out"], &what(case))),
            (Err(e), Some(want)) => {
                if e.to_string() != want.as_str().unwrap() {
                    failures.push(format!("{}:\n  ours: {e}\n  JAX:  {want}", what(case)));
                }
            }
            (Ok(_), Some(want)) => failures.push(format!("{}: accepted; JAX: {want}", what(case))),
            (Err(e), None) => failures.push(format!("{}: failed: {e}", what(case))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn jaxprs_match_real_jax() {
    let (mut failures, mut compared) = (Vec::new(), 0);
    for case in cases() {
        let Some(want) = case.get("jaxpr").and_then(Json::as_str) else {
            continue;
        };
        if JAXPR_DIFFERS.iter().any(|(c, _)| *c == describe(&case)) {
            continue;
        }
        compared += 1;
        let avals: Vec<ShapedArray> = arrays_of(&case).iter().map(Array::aval).collect();
        match trace_with_events("f", &avals, |xs| run(&case, xs)) {
            Ok(closed) => {
                let got = closed.jaxpr.to_string();
                if got != want {
                    failures.push(format!(
                        "{}:\n--- jaxplay\n{got}\n--- JAX\n{want}",
                        what(&case)
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: tracing failed: {e}", what(&case))),
        }
    }
    assert!(compared >= 45, "only {compared} jaxprs compared");
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Each jaxpr listed as differing still differs (else it leaves the list).
#[test]
fn listed_jaxpr_differences_still_differ() {
    for (listed, why) in JAXPR_DIFFERS {
        let case = cases()
            .into_iter()
            .find(|c| describe(c) == *listed)
            .unwrap_or_else(|| panic!("no case {listed}"));
        let avals: Vec<ShapedArray> = arrays_of(&case).iter().map(Array::aval).collect();
        let got = trace_with_events("f", &avals, |xs| run(&case, xs)).unwrap();
        assert_ne!(
            got.jaxpr.to_string(),
            case["jaxpr"].as_str().unwrap(),
            "{listed} now matches JAX ({why}): take it off JAXPR_DIFFERS"
        );
    }
}
