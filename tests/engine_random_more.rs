//! The `jax.random` samplers beyond `uniform` against real JAX 0.10.2: every case in
//! `tests/oracle/random-values-more.json` (recorded by `tests/oracle/random_values_more.py`:
//! `gumbel`, `exponential`, `laplace`, `logistic`, `normal`, `rademacher`, `categorical`,
//! `permutation`, `choice`, and `vmap` of samplers over split keys) must give the same
//! elements bit for bit, eagerly and under `jit`, from a typed key.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use jaxplay::array::{Array, Buffer};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::random::{self, Population};
use jaxplay::trace::Value;
use jaxplay::vmap::vmap;
use serde_json::Value as Json;

fn oracle() -> Json {
    let text = include_str!("oracle/random-values-more.json");
    serde_json::from_str(text).expect("random-values-more.json parses")
}

/// Elements as the oracle writes them: integers as themselves, floats as their bits.
fn words(v: &Value) -> (String, Vec<usize>, Vec<i64>) {
    let a = v.as_array().expect("a concrete result");
    let data = match a.buffer() {
        Buffer::F32(x) => x.iter().map(|v| i64::from(v.to_bits())).collect(),
        Buffer::I32(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::U32(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::Bool(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::Key(_) => panic!("compare key data, not keys"),
    };
    (a.dtype().name().to_string(), a.shape().to_vec(), data)
}

fn shape_of(j: &Json) -> Vec<usize> {
    j.as_array()
        .expect("a shape")
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect()
}

fn logits(j: &Json) -> Value {
    let rows = j.as_array().unwrap();
    let data: Vec<f32> = rows
        .iter()
        .flat_map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap() as f32)
        })
        .collect();
    Value::Array(Array::from_f32(&[rows.len(), data.len() / rows.len()], data).unwrap())
}

fn grid() -> Value {
    Value::Array(Array::from_i32(&[3, 4], (0..12).collect()).unwrap())
}

/// A sampler of a key and a shape.
fn sampler(name: &str) -> fn(&Value, &[usize], Option<DType>) -> Result<Value> {
    match name {
        "gumbel" => random::gumbel,
        "exponential" => random::exponential,
        "laplace" => random::laplace,
        "logistic" => random::logistic,
        "normal" => random::normal,
        "rademacher" => random::rademacher,
        other => panic!("no sampler {other}"),
    }
}

/// Runs one oracle case on a typed key (`key(seed)`).
fn run(name: &str, key: &Value, args: &Json) -> Result<Value> {
    let shape = |k: &str| shape_of(&args[k]);
    let uint = |k: &str| args[k].as_u64().unwrap() as usize;
    match name {
        "gumbel" | "exponential" | "laplace" | "logistic" | "normal" | "rademacher" => {
            sampler(name)(key, &shape("shape"), None)
        }
        "categorical" => {
            let s = (!args["shape"].is_null()).then(|| shape("shape"));
            random::categorical(
                key,
                &logits(&args["logits"]),
                args["axis"].as_i64().unwrap(),
                s.as_deref(),
            )
        }
        "permutation_int" => random::permutation(key, &Population::Range(uint("n")), 0, false),
        "permutation" => random::permutation(
            key,
            &Population::Array(grid()),
            args["axis"].as_i64().unwrap(),
            args["independent"].as_bool().unwrap(),
        ),
        "choice_int" => random::choice(
            key,
            &Population::Range(uint("n")),
            &shape("shape"),
            args["replace"].as_bool().unwrap(),
            0,
        ),
        "choice" => random::choice(
            key,
            &Population::Array(grid()),
            &shape("shape"),
            args["replace"].as_bool().unwrap(),
            args["axis"].as_i64().unwrap(),
        ),
        "vmap_normal" | "vmap_gumbel" | "vmap_permutation" => {
            let keys = random::split(key, &[uint("n")])?;
            let args = args.clone();
            let name = name.to_string();
            let out = vmap("f", &[keys], &[Some(0)], &[Some(0)], move |k| {
                Ok(vec![match name.as_str() {
                    "vmap_normal" => random::normal(&k[0], &shape_of(&args["shape"]), None)?,
                    "vmap_gumbel" => random::gumbel(&k[0], &shape_of(&args["shape"]), None)?,
                    _ => {
                        let n = args["len"].as_u64().unwrap() as usize;
                        random::permutation(&k[0], &Population::Range(n), 0, false)?
                    }
                }])
            })?;
            Ok(out[0].clone())
        }
        other => panic!("no runner for {other}"),
    }
}

#[test]
fn samplers_match_jax_bit_for_bit_eagerly_and_under_jit() {
    let oracle = oracle();
    let cases = oracle["cases"].as_array().unwrap();
    assert!(cases.len() > 100);
    for case in cases {
        let seed = case["seed"].as_i64().unwrap();
        let name = case["fn"].as_str().unwrap().to_string();
        let args = case["args"].clone();
        let want = (
            case["dtype"].as_str().unwrap().to_string(),
            shape_of(&case["shape"]),
            case["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect::<Vec<_>>(),
        );
        let seed_value = Value::Array(Array::weak_scalar(seed as f64, DType::Int32));
        let key = random::key(&seed_value).unwrap();
        let eager = run(&name, &key, &args).unwrap_or_else(|e| panic!("{name} {args}: {e}"));
        assert_eq!(words(&eager), want, "{name} seed={seed} {args} (eager)");
        let (name2, args2) = (name.clone(), args.clone());
        let jitted = common::jit("f", move |a| Ok(vec![run(&name2, &a[0], &args2)?]));
        let staged = jitted.call(&[key]).unwrap();
        assert_eq!(words(&staged[0]), want, "{name} seed={seed} {args} (jit)");
    }
}
