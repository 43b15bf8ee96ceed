//! `jax.random` against real JAX 0.10.2: every case in `tests/oracle/random-values.json`
//! (recorded by `tests/oracle/random_values.py`: keys, `split`, `fold_in`, `bits`, `uniform`,
//! `randint`, `bernoulli` over many seeds, shapes and ranges, and `vmap` of samplers) must give
//! the same elements bit for bit, eagerly and under `jit`; the PRNG primitives' jaxprs must
//! print as JAX's; misuse fails in JAX's words.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::words;

use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jnp;
use jaxplay::random;
use jaxplay::trace::{trace_to_jaxpr, Value};
use jaxplay::vmap::vmap;
use serde_json::Value as Json;

fn oracle() -> Json {
    let text = include_str!("oracle/random-values.json");
    serde_json::from_str(text).expect("random-values.json parses")
}

fn int(v: i64) -> Value {
    Value::Array(Array::weak_scalar(v as f64, DType::Int32))
}

fn float(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32))
}

fn shape_of(j: &Json) -> Vec<usize> {
    j.as_array()
        .expect("a shape")
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect()
}

/// Runs one oracle case on a raw key (`PRNGKey(seed)`).
fn run(fn_name: &str, key: &Value, args: &Json) -> Result<Value> {
    let shape = || shape_of(&args["shape"]);
    let num = |k: &str| args[k].as_f64().unwrap();
    match fn_name {
        "prng_key" => Ok(key.clone()),
        "split" => random::split(key, &shape()),
        "fold_in" => random::fold_in(key, &int(args["data"].as_i64().unwrap())),
        "bits" => random::bits(key, &shape()),
        "uniform" => random::uniform(
            key,
            &shape(),
            DType::Float32,
            &float(num("minval")),
            &float(num("maxval")),
        ),
        "randint" => random::randint(
            key,
            &shape(),
            &int(args["minval"].as_i64().unwrap()),
            &int(args["maxval"].as_i64().unwrap()),
            DType::Int32,
        ),
        "bernoulli" => random::bernoulli(key, &float(num("p")), Some(&shape())),
        "vmap_bits" | "vmap_uniform" => {
            let n = args["n"].as_u64().unwrap() as usize;
            let sample_shape = shape();
            let typed = fn_name == "vmap_bits";
            let keys = if typed {
                random::split(&random::wrap_key_data(key)?, &[n])?
            } else {
                random::split(key, &[n])?
            };
            let out = vmap("f", &[keys], &[Some(0)], &[Some(0)], move |k| {
                let f = if typed {
                    random::bits(&k[0], &sample_shape)?
                } else {
                    random::uniform(
                        &k[0],
                        &sample_shape,
                        DType::Float32,
                        &float(0.0),
                        &float(1.0),
                    )?
                };
                Ok(vec![f])
            })?;
            Ok(out[0].clone())
        }
        other => panic!("no runner for {other}"),
    }
}

#[test]
fn samples_match_jax_bit_for_bit_eagerly_and_under_jit() {
    let oracle = oracle();
    let cases = oracle["cases"].as_array().unwrap();
    assert!(cases.len() > 200);
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
        let key = random::prng_key(&int(seed)).unwrap();
        let eager = run(&name, &key, &args).unwrap_or_else(|e| panic!("{name} {args}: {e}"));
        assert_eq!(words(&eager), want, "{name} seed={seed} {args} (eager)");
        // Under jit, with the key as an argument.
        let (name2, args2) = (name.clone(), args.clone());
        let jitted = common::jit("f", move |a| Ok(vec![run(&name2, &a[0], &args2)?]));
        let staged = jitted.call(&[key]).unwrap();
        assert_eq!(words(&staged[0]), want, "{name} seed={seed} {args} (jit)");
    }
}

fn traced(avals: &[ShapedArray], f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>) -> String {
    trace_to_jaxpr("f", avals, true, f)
        .expect("traces")
        .jaxpr
        .to_string()
}

#[test]
fn prng_primitives_print_as_jax() {
    let oracle = oracle();
    let want = |k: &str| oracle["jaxprs"][k].as_str().unwrap().to_string();
    let raw = ShapedArray::new(vec![2], DType::Uint32);
    let typed = ShapedArray::new(vec![], DType::KeyFry);
    let zero = || Value::Array(Array::weak_scalar(0.0, DType::Int32));
    assert_eq!(
        traced(&[], |_| Ok(vec![random::key(&zero())?])),
        want("key")
    );
    assert_eq!(
        traced(&[], |_| Ok(vec![random::prng_key(&zero())?])),
        want("prng_key")
    );
    assert_eq!(
        traced(std::slice::from_ref(&raw), |a| Ok(vec![random::split(
            &a[0],
            &[4]
        )?])),
        want("split_raw")
    );
    assert_eq!(
        traced(std::slice::from_ref(&typed), |a| Ok(vec![random::split(
            &a[0],
            &[2, 3]
        )?])),
        want("split_typed")
    );
    assert_eq!(
        traced(std::slice::from_ref(&raw), |a| Ok(vec![random::fold_in(
            &a[0],
            &int(3)
        )?])),
        want("fold_in")
    );
    assert_eq!(
        traced(std::slice::from_ref(&raw), |a| Ok(vec![random::bits(
            &a[0],
            &[2]
        )?])),
        want("bits")
    );
    assert_eq!(
        traced(std::slice::from_ref(&typed), |a| Ok(vec![
            random::key_data(&a[0])?
        ])),
        want("key_data")
    );
    let keys = ShapedArray::new(vec![3], DType::KeyFry);
    let batched = traced(&[keys], |a| {
        vmap("g", &a, &[Some(0)], &[Some(0)], |k| {
            Ok(vec![random::bits(&k[0], &[2])?])
        })
    });
    assert_eq!(batched, want("vmap_bits"));
}

/// `text` with each float32 literal written as its shortest f32 form (JAX prints some as the
/// f64 nearest to the f32, `1.4142135381698608:f32[]`).
fn f32_literals(text: &str) -> String {
    let words = text.split(' ').map(|w| match w.split_once(":f32[]") {
        Some((num, rest)) => match num.parse::<f32>() {
            Ok(v) => format!("{v:?}:f32[]{rest}"),
            Err(_) => w.to_string(),
        },
        None => w.to_string(),
    });
    words.collect::<Vec<_>>().join(" ")
}

/// The samplers' jaxprs are JAX's with its nested `jit`s (`_uniform`, `_normal`, `_randint`,
/// `clip`) inlined (`*_inlined` in the oracle): `max` closes `uniform`, `rem` reduces
/// `randint`'s words, and its bounds are clipped as `_convert_and_clip_integer` clips them.
#[test]
fn sampler_jaxprs_match_jax_with_nested_jits_inlined() {
    let oracle = oracle();
    let want = |k: &str| oracle["jaxprs"][k].as_str().unwrap().to_string();
    let raw = || vec![ShapedArray::new(vec![2], DType::Uint32)];
    let uniform = |shape: &'static [usize], lo: f64, hi: f64| {
        traced(&raw(), move |a| {
            Ok(vec![random::uniform(
                &a[0],
                shape,
                DType::Float32,
                &float(lo),
                &float(hi),
            )?])
        })
    };
    assert_eq!(uniform(&[3], 0.0, 1.0), want("uniform_inlined"));
    assert_eq!(uniform(&[2, 3], -1.0, 2.0), want("uniform_range_inlined"));
    assert_eq!(
        f32_literals(&traced(&raw(), |a| Ok(vec![random::normal(
            &a[0],
            &[3],
            None
        )?]))),
        f32_literals(&want("normal_inlined"))
    );
    let randint = |shape: &'static [usize], lo: i64, hi: i64| {
        traced(&raw(), move |a| {
            Ok(vec![random::randint(
                &a[0],
                shape,
                &int(lo),
                &int(hi),
                DType::Int32,
            )?])
        })
    };
    assert_eq!(randint(&[3], 0, 10), want("randint_inlined"));
    assert_eq!(
        randint(&[2, 3], -(1 << 31), (1 << 31) - 1),
        want("randint_wide_inlined")
    );
}

#[test]
fn misuse_fails_in_jax_words() {
    let err = |r: Result<Value>| r.unwrap_err().to_string();
    let key = random::key(&int(0)).unwrap();
    assert_eq!(
        err(jnp::binary(
            jaxplay::primitives::elementwise::BinaryOp::Add,
            &key,
            &int(1)
        )),
        "add does not accept dtypes key<fry>, int32."
    );
    let floats = common::f32s(&[2], &[1.0, 2.0]);
    assert_eq!(
        err(random::uniform(
            &floats,
            &[2],
            DType::Float32,
            &float(0.0),
            &float(1.0)
        )),
        "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got \
         dtype=float32"
    );
    let three = Value::Array(Array::from_u32(&[3], vec![1, 2, 3]).unwrap());
    assert_eq!(
        err(random::wrap_key_data(&three)),
        "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got \
         shape=(3,) for impl=threefry2x32"
    );
    assert_eq!(
        err(random::uniform(
            &key,
            &[2],
            DType::Int32,
            &float(0.0),
            &float(1.0)
        )),
        "dtype argument to `uniform` must be a float dtype, got int32"
    );
    assert_eq!(
        err(random::randint(
            &key,
            &[2],
            &int(0),
            &int(5),
            DType::Float32
        )),
        "randint only accepts integer dtypes, got float32"
    );
    assert_eq!(
        err(random::key(&common::f32s(&[2], &[1.0, 2.0]))),
        "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap \
         for batching"
    );
    let keys = random::split(&key, &[3]).unwrap();
    assert_eq!(
        err(random::split(&keys, &[2])),
        "split accepts a single key, but was given a key array of shape (3,) != (). Use \
         jax.vmap for batching."
    );
    assert_eq!(
        err(random::bernoulli(&key, &int(1), None)),
        "bernoulli probability `p` must have a floating dtype, got int32."
    );
}

#[test]
fn typed_and_raw_keys_agree_and_round_trip() {
    let typed = random::key(&int(42)).unwrap();
    let raw = random::prng_key(&int(42)).unwrap();
    let data = random::key_data(&typed).unwrap();
    assert_eq!(words(&data), words(&raw));
    let back = random::wrap_key_data(&raw).unwrap();
    assert_eq!(back.aval().short(), "key<fry>[]");
    let a = random::uniform(&back, &[4], DType::Float32, &float(0.0), &float(1.0)).unwrap();
    let b = random::uniform(&raw, &[4], DType::Float32, &float(0.0), &float(1.0)).unwrap();
    assert_eq!(words(&a), words(&b));
    // Split keys of a typed key are typed; their data is the raw split.
    let split = random::split(&typed, &[2]).unwrap();
    assert_eq!(split.aval().short(), "key<fry>[2]");
    assert_eq!(
        words(&random::key_data(&split).unwrap()),
        words(&random::split(&raw, &[2]).unwrap())
    );
}

#[test]
fn bitwise_primitives_batch_and_have_zero_tangents() {
    use jaxplay::primitives::bitwise::{bitcast_convert_type, bitwise, BitwiseOp};
    // vmap of shift_left over rows of x with an unbatched shift (values from JAX 0.10.2's
    // `vmap(lax.shift_left, in_axes=(0, None))`, which are x << s per row).
    let x = Value::Array(Array::from_i32(&[2, 2], vec![1, -1, 3, 5]).unwrap());
    let s = Value::Array(Array::from_i32(&[2], vec![4, 31]).unwrap());
    let out = vmap("f", &[x, s], &[Some(0), None], &[Some(0)], |a| {
        Ok(vec![bitwise(BitwiseOp::ShiftLeft, &a[0], &a[1])?])
    })
    .unwrap();
    assert_eq!(
        common::values(&out[0]),
        vec![16.0, i32::MIN as f64, 48.0, i32::MIN as f64]
    );
    // bitcast is not differentiable: its tangent is a (symbolic) zero, as in JAX.
    let x = common::f32s(&[2], &[1.0, -2.5]);
    let (outs, tangents) = jaxplay::ad::jvp(
        "f",
        std::slice::from_ref(&x),
        std::slice::from_ref(&x),
        |a| Ok(vec![bitcast_convert_type(&a[0], DType::Int32)?]),
    )
    .unwrap();
    assert_eq!(common::values(&outs[0]), vec![1065353216.0, -1071644672.0]);
    assert!(common::values(&tangents[0]).iter().all(|&t| t == 0.0));
}
