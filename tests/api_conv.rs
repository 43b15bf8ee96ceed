//! `jax.lax`'s convolutions (`conv_general_dilated`, `conv`, `conv_with_general_padding`,
//! `conv_transpose`) called through `jaxplay::api::call` against real JAX 0.10.2:
//! `tests/oracle/api_conv.py` recorded `api-conv.json` (values, shapes, dtypes, weak types, error
//! words, the jaxpr of each call, of `grad` of its sum with respect to both operands and of its
//! `vmap` over either or both operands, and the cotangents a recorded output cotangent pulls
//! back to both operands).
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod api_oracle;

use api_oracle::*;

use jaxplay::ad;
use jaxplay::api::{self, Function, Namespace, Output};
use jaxplay::array::ShapedArray;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::jnp;
use jaxplay::trace::Value;
use jaxplay::vmap;
use serde_json::Value as Json;

fn find(case: &Json) -> &'static Function {
    let name = case["fn"].as_str().unwrap();
    api::all()
        .find(|f| f.name == name && f.namespace == Namespace::Lax)
        .unwrap_or_else(|| panic!("no lax.{name}"))
}

fn cases() -> Vec<Json> {
    load_cases("api-conv.json")
}

fn describe(case: &Json) -> String {
    format!(
        "{}({}) {}",
        case["fn"].as_str().unwrap(),
        case["args"]
            .as_array()
            .unwrap()
            .iter()
            .skip(2)
            .map(Json::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        case["kwargs"]
    )
}

/// JAX's text with sizes it printed as NumPy ints (`np.int64(7)`) written as plain ints.
fn plain_ints(text: &str) -> String {
    let mut s = text.to_string();
    while let Some(i) = s.find("np.int64(") {
        let close = i + s[i..].find(')').unwrap();
        let inner = s[i + 9..close].to_string();
        s.replace_range(i..=close, &inner);
    }
    s
}

/// A recorded case's call on `arrays` (the operands, concrete or traced).
fn call(case: &Json, arrays: Vec<Value>) -> Result<Output> {
    call_with(find(case), case, arrays)
}

fn call1(case: &Json, arrays: Vec<Value>) -> Result<Value> {
    Ok(outputs(call(case, arrays)?).remove(0))
}

fn operands(case: &Json) -> Vec<Value> {
    arrays_of(case).into_iter().map(Value::Array).collect()
}

fn avals(values: &[Value]) -> Vec<ShapedArray> {
    values.iter().map(Value::aval).collect()
}

fn assert_none(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} mismatches\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The jaxpr `f` traces to on `avals`, or why it failed.
fn traced(
    avals: &[ShapedArray],
    f: impl Fn(Vec<Value>) -> Result<Vec<Value>>,
) -> std::result::Result<String, String> {
    trace_with_events("f", avals, f)
        .map(|closed| closed.jaxpr.to_string())
        .map_err(|e| format!("tracing failed: {e}"))
}

fn compare_jaxpr(
    what: &str,
    got: std::result::Result<String, String>,
    want: &Json,
) -> Option<String> {
    let want = want.as_str().unwrap();
    match got {
        Ok(got) if got == want => None,
        Ok(got) => Some(format!("{what}:\n--- jaxplay\n{got}\n--- JAX\n{want}")),
        Err(e) => Some(format!("{what}: {e}")),
    }
}

#[test]
fn values_dtypes_and_errors_match_jax() {
    let mut failures = Vec::new();
    for case in cases() {
        let what = describe(&case);
        match (&case.get("error"), call(&case, operands(&case))) {
            (Some(want), Err(e)) => {
                let want = plain_ints(want.as_str().unwrap());
                if !e.to_string().contains(&want) {
                    failures.push(format!("{what}: error {e:?}, JAX said {want:?}"));
                }
                let type_error = case["error_type"] == "TypeError";
                if type_error != matches!(e, jaxplay::error::Error::Signature { .. }) {
                    failures.push(format!("{what}: {e:?} is not a JAX {}", case["error_type"]));
                }
            }
            (Some(want), Ok(_)) => failures.push(format!("{what}: succeeded, JAX said {want}")),
            (None, Err(e)) => failures.push(format!("{what}: failed: {e}")),
            (None, Ok(out)) => failures.extend(output_failures(outputs(out), &case["out"], &what)),
        }
    }
    assert_none(failures);
}

#[test]
fn jaxprs_match_jax() {
    let mut failures = Vec::new();
    for case in cases().iter().filter(|c| c.get("jaxpr").is_some()) {
        let got = traced(&avals(&operands(case)), |xs| Ok(outputs(call(case, xs)?)));
        failures.extend(compare_jaxpr(&describe(case), got, &case["jaxpr"]));
    }
    assert_none(failures);
}

/// `jax.grad(lambda l, r: jnp.sum(f(l, r)), (0, 1))`: both operands' cotangents of the sum.
fn grad_both(case: &Json, lhs: &Value, rhs: &Value) -> Result<Vec<Value>> {
    let (outs, linear) = ad::linearize("f", &[lhs.clone(), rhs.clone()], None, |x| {
        Ok(vec![jnp::sum(&call1(case, x.to_vec())?, None)?])
    })?;
    let ones = jaxplay::lax::ones(&outs[0].aval())?;
    ad::transpose_linear(&linear, &[ones])
}

#[test]
fn grad_jaxprs_match_jax() {
    let mut failures = Vec::new();
    for case in cases().iter().filter(|c| c.get("grad_jaxpr").is_some()) {
        let got = traced(&avals(&operands(case)), |xs| {
            grad_both(case, &xs[0], &xs[1])
        });
        failures.extend(compare_jaxpr(
            &format!("grad of {}", describe(case)),
            got,
            &case["grad_jaxpr"],
        ));
    }
    assert_none(failures);
}

/// The recorded output cotangent pulled back to both operands, as `jax.vjp` does.
#[test]
fn vjps_match_jax() {
    let mut failures = Vec::new();
    for case in cases().iter().filter(|c| c.get("vjp").is_some()) {
        let what = format!("vjp of {}", describe(case));
        let ops = operands(case);
        let ct = Value::Array(decode_array(&case["ct"]));
        let pulled = ad::linearize("f", &ops, None, |x| Ok(vec![call1(case, x.to_vec())?]))
            .and_then(|(_, linear)| ad::transpose_linear(&linear, &[ct]));
        match pulled {
            Ok(cts) => failures.extend(output_failures(cts, &case["vjp"], &what)),
            Err(e) => failures.push(format!("{what}: failed: {e}")),
        }
    }
    assert_none(failures);
}

fn axes(spec: &Json) -> Vec<Option<usize>> {
    spec["in_axes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_u64().map(|a| a as usize))
        .collect()
}

/// `jax.vmap(f, in_axes)` over the recorded batched operands: values and jaxprs.
#[test]
fn vmaps_match_jax() {
    let mut failures = Vec::new();
    for case in cases().iter().filter(|c| c.get("vmap").is_some()) {
        for spec in case["vmap"].as_array().unwrap() {
            let what = format!("vmap {} of {}", spec["in_axes"], describe(case));
            let ops: Vec<Value> = spec["operands"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| Value::Array(decode_array(o)))
                .collect();
            let in_axes = axes(spec);
            let run = |xs: Vec<Value>| {
                vmap::vmap("f", &xs, &in_axes, &[Some(0)], |b| {
                    Ok(vec![call1(case, b)?])
                })
            };
            match run(ops.clone()) {
                Ok(out) => failures.extend(output_failures(out, &spec["out"], &what)),
                Err(e) => failures.push(format!("{what}: failed: {e}")),
            }
            failures.extend(compare_jaxpr(
                &what,
                traced(&avals(&ops), run),
                &spec["jaxpr"],
            ));
        }
    }
    assert_none(failures);
}
