//! The `uint8` dtype and `jnp.bitwise_count` / `lax.population_count` through
//! `jaxplay::api::call`, against real JAX 0.10.2: `tests/oracle/uint8_values.py` recorded
//! `uint8-values.json` (values, dtypes, weak types, error words, and the jaxpr with JAX's nested
//! `jit`s inlined). Also the dtype's printing, its weak form on the promotion lattice, `vmap`
//! and `grad` around it.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod api_oracle;

use api_oracle::*;

use jaxplay::api::{self, Function, Namespace, Output};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::trace::Value;
use serde_json::Value as Json;

fn find(case: &Json) -> &'static Function {
    let ns = match case["ns"].as_str().unwrap() {
        "numpy" => Namespace::Numpy,
        "lax" => Namespace::Lax,
        other => panic!("unexpected namespace {other}"),
    };
    let name = case["fn"].as_str().unwrap();
    api::all()
        .find(|f| f.name == name && f.namespace == ns)
        .unwrap_or_else(|| panic!("no {ns:?}.{name} in the API table"))
}

fn call(case: &Json, arrays: Vec<Value>) -> Result<Output> {
    call_with(find(case), case, arrays)
}

fn describe(case: &Json) -> String {
    format!(
        "{}.{}({}) {}",
        case["ns"].as_str().unwrap(),
        case["fn"].as_str().unwrap(),
        case["args"],
        case["kwargs"]
    )
}

/// Line layout is not compared, only the words.
fn normalized(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.join(" ")
}

#[test]
fn values_dtypes_and_weak_types_match_jax() {
    let mut failures = Vec::new();
    let cases = load_cases("uint8-values.json");
    assert!(
        cases.len() > 70,
        "the recording holds {} cases",
        cases.len()
    );
    for case in cases {
        let what = describe(&case);
        let arrays = arrays_of(&case).into_iter().map(Value::Array).collect();
        match (&case.get("error"), call(&case, arrays)) {
            (Some(want), Err(e)) => {
                let want = want.as_str().unwrap();
                if !e.to_string().contains(want) {
                    failures.push(format!("{what}: error {e}, JAX said {want:?}"));
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
    let cases = load_cases("uint8-values.json");
    let failures = jaxpr_failures(&cases, |_| false, normalized, call, describe);
    assert!(
        failures.is_empty(),
        "{} mismatches\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn uint8_prints_as_u8_and_parses_by_both_names() {
    assert_eq!(ShapedArray::new(vec![3], DType::Uint8).short(), "u8[3]");
    assert_eq!(DType::parse("uint8").unwrap(), DType::Uint8);
    assert_eq!(DType::parse("u8").unwrap(), DType::Uint8);
    assert_eq!(DType::Uint8.name(), "uint8");
}

/// `vmap` of the uint8 functions binds the same primitives per row, and `grad` through a
/// function that counts bits of an integer copy of its input is zero, as JAX's is (integer
/// paths carry no tangent).
#[test]
fn vmap_and_grad_around_uint8() {
    let rows = Array::from_u8(&[2, 3], vec![3, 255, 16, 128, 0, 77]).unwrap();
    let count = |x: &Value| -> Result<Value> {
        let f = api::all()
            .find(|f| f.name == "bitwise_count" && f.namespace == Namespace::Numpy)
            .unwrap();
        Ok(outputs(api::call(f, vec![api::Arg::Array(x.clone())], vec![])?).remove(0))
    };
    let batched = jaxplay::vmap::vmap(
        "count",
        &[Value::Array(rows)],
        &[Some(0)],
        &[Some(0)],
        |xs| Ok(vec![count(&xs[0])?]),
    )
    .unwrap();
    let got = batched[0].as_array().unwrap();
    assert_eq!((got.dtype(), got.shape()), (DType::Uint8, &[2usize, 3][..]));
    assert_eq!(got.to_f64_vec(), vec![2.0, 8.0, 1.0, 1.0, 0.0, 4.0]);

    let x = Value::Array(Array::from_f32(&[2], vec![3.5, -7.0]).unwrap());
    let g = grad(&x, &|x| {
        let bytes = jaxplay::lax::convert(x, DType::Uint8, false)?;
        let back = jaxplay::lax::convert(&count(&bytes)?, DType::Float32, false)?;
        jaxplay::lax::reduce_sum(&jaxplay::lax::mul(x, &back)?, vec![0])
    })
    .unwrap();
    // d/dx of x * popcount(u8(x)) is popcount(u8(x)): 3 -> 2 bits, -7 saturates to 0 -> 0.
    assert_eq!(g.as_array().unwrap().to_f64_vec(), vec![2.0, 0.0]);
}
