//! `jax.random`'s gamma family against real JAX 0.10.2: every case in
//! `tests/oracle/random-values-gamma.json` (recorded by `tests/oracle/random_values_gamma.py`:
//! `gamma` and `loggamma` over shape parameters from 1e-3 to 1e6, with array parameters and
//! under `vmap`, `generalized_normal`, `ball`, `beta` and `dirichlet`) must give the same
//! elements bit for bit, eagerly and under `jit`, from a typed key; their jaxprs must be JAX's
//! with its nested `jit`s inlined; misuse fails in JAX's words.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::words;

use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::random;
use jaxplay::trace::{trace_to_jaxpr, Value};
use jaxplay::vmap::vmap;
use serde_json::Value as Json;

fn oracle() -> Json {
    let text = include_str!("oracle/random-values-gamma.json");
    serde_json::from_str(text).expect("random-values-gamma.json parses")
}

fn shape_of(j: &Json) -> Vec<usize> {
    j.as_array()
        .expect("a shape")
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect()
}

fn opt_shape(j: &Json) -> Option<Vec<usize>> {
    (!j.is_null()).then(|| shape_of(j))
}

/// A Python float as JAX takes it: a weak float32 scalar.
fn weak(v: f64) -> Value {
    Value::Array(Array::weak_scalar(v, DType::Float32))
}

/// A Python number: a weak int32 when whole and written as an int, else a weak float32.
fn python_number(j: &Json) -> Value {
    match j.as_i64() {
        Some(i) => Value::Array(Array::weak_scalar(i as f64, DType::Int32)),
        None => weak(j.as_f64().unwrap()),
    }
}

fn f32s(shape: &[usize], data: Vec<f32>) -> Value {
    Value::Array(Array::from_f32(shape, data).unwrap())
}

/// The oracle's `A23` and `ALPHA3`.
fn a23() -> Value {
    f32s(&[2, 3], vec![0.2, 1.0, 2.5, 7.0, 0.05, 30.0])
}

fn alpha3() -> Value {
    f32s(&[3], vec![0.5, 1.0, 2.0])
}

/// Runs one oracle case on a typed key (`key(seed)`).
fn run(name: &str, key: &Value, args: &Json) -> Result<Value> {
    let shape = opt_shape(&args["shape"]);
    let shape = shape.as_deref();
    let num = |k: &str| weak(args[k].as_f64().unwrap());
    match name {
        "gamma" | "loggamma" => random::gamma(key, &num("a"), shape, None, name == "loggamma"),
        "gamma_many" => {
            let a: Vec<f32> = args["a"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap() as f32)
                .collect();
            random::gamma(key, &f32s(&[a.len()], a), None, None, false)
        }
        "gamma_arr" | "loggamma_arr" => {
            random::gamma(key, &a23(), shape, None, name == "loggamma_arr")
        }
        "beta" => random::beta(key, &num("a"), &num("b"), shape, None),
        "beta_arr" => random::beta(key, &a23(), &weak(1.5), shape, None),
        "dirichlet" => random::dirichlet(key, &alpha3(), shape, None),
        "generalized_normal" => random::generalized_normal(key, &num("p"), shape.unwrap(), None),
        "ball" => {
            let d = args["d"].as_u64().unwrap() as usize;
            random::ball(key, d, &python_number(&args["p"]), shape.unwrap(), None)
        }
        "vmap_gamma" | "vmap_gamma_arr" => {
            let keys = random::split(key, &[args["n"].as_u64().unwrap() as usize])?;
            let out = if name == "vmap_gamma" {
                let shape = shape.unwrap().to_vec();
                vmap("f", &[keys], &[Some(0)], &[Some(0)], move |k| {
                    Ok(vec![random::gamma(
                        &k[0],
                        &weak(1.5),
                        Some(&shape),
                        None,
                        false,
                    )?])
                })?
            } else {
                // Each row's parameter, broadcast over the sample: `alpha3[:, None, None]`.
                let a = f32s(&[3, 1, 1], vec![0.5, 1.0, 2.0]);
                vmap("f", &[keys, a], &[Some(0), Some(0)], &[Some(0)], |x| {
                    Ok(vec![random::gamma(
                        &x[0],
                        &x[1],
                        Some(&[2, 3]),
                        None,
                        false,
                    )?])
                })?
            };
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
    let mut failures = Vec::new();
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
        let (name2, args2) = (name.clone(), args.clone());
        let jitted = common::jit("f", move |a| Ok(vec![run(&name2, &a[0], &args2)?]));
        let staged = jitted.call(&[key]).unwrap().remove(0);
        for (got, how) in [(eager, "eager"), (staged, "jit")] {
            let got = words(&got);
            if got != want {
                let differ = got.2.iter().zip(&want.2).filter(|(a, b)| a != b).count();
                failures.push(format!(
                    "{name} seed={seed} {args} ({how}): {differ} of {} elements differ",
                    want.2.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn traced(avals: &[ShapedArray], f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>) -> String {
    trace_to_jaxpr("f", avals, true, f)
        .expect("traces")
        .jaxpr
        .to_string()
}

/// JAX's jaxpr text with NumPy ints (`np.int64(1)`, from batching rules) as plain ints.
fn plain_ints(text: &str) -> String {
    let mut s = text.to_string();
    while let Some(i) = s.find("np.int64(") {
        let close = i + s[i..].find(')').unwrap();
        let inner = s[i + 9..close].to_string();
        s.replace_range(i..=close, &inner);
    }
    s
}

/// The equations of a jaxpr's text before its last `n`.
fn all_but_last(text: &str, n: usize) -> Vec<String> {
    let eqns: Vec<String> = text
        .lines()
        .filter(|l| l.contains(" = "))
        .map(|l| l.trim().to_string())
        .collect();
    eqns[..eqns.len() - n].to_vec()
}

/// The last `n` equations' primitives and first operands.
fn last_ops(text: &str, n: usize) -> Vec<String> {
    let eqns: Vec<&str> = text.lines().filter(|l| l.contains(" = ")).collect();
    eqns[eqns.len() - n..]
        .iter()
        .map(|l| {
            let rhs = l.split(" = ").nth(1).unwrap();
            rhs.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// The samplers' jaxprs are JAX's with its nested `jit`s inlined, but for the last division
/// of `dirichlet` and `ball`, which XLA's CPU code computes as a product (`x · (1/d)`,
/// `g · norm^(-1/p)`) and jaxplay binds as such to draw the same bits.
#[test]
fn jaxprs_match_jax_with_nested_jits_inlined() {
    let oracle = oracle();
    let want = |k: &str| plain_ints(oracle["jaxprs"][k].as_str().unwrap());
    let key = || ShapedArray::new(vec![], DType::KeyFry);
    let scalar = |dtype: DType| ShapedArray {
        weak_type: true,
        ..ShapedArray::new(vec![], dtype)
    };
    let a23_aval = ShapedArray::new(vec![2, 3], DType::Float32);
    assert_eq!(
        traced(&[key()], |k| Ok(vec![random::gamma(
            &k[0],
            &weak(2.0),
            Some(&[3]),
            None,
            false
        )?])),
        want("gamma")
    );
    assert_eq!(
        traced(&[key(), a23_aval], |x| Ok(vec![random::gamma(
            &x[0],
            &x[1],
            Some(&[4, 2, 3]),
            None,
            false
        )?])),
        want("gamma_arr")
    );
    assert_eq!(
        traced(&[key()], |k| Ok(vec![random::gamma(
            &k[0],
            &weak(0.5),
            Some(&[3]),
            None,
            true
        )?])),
        want("loggamma")
    );
    assert_eq!(
        traced(&[key(), scalar(DType::Float32)], |x| Ok(vec![
            random::generalized_normal(&x[0], &x[1], &[2, 3], None)?
        ])),
        want("generalized_normal")
    );
    assert_eq!(
        traced(&[key()], |k| Ok(vec![random::beta(
            &k[0],
            &weak(0.5),
            &weak(2.0),
            Some(&[5]),
            None
        )?])),
        want("beta")
    );
    let keys3 = ShapedArray::new(vec![3], DType::KeyFry);
    assert_eq!(
        traced(&[keys3], |k| vmap("f", &k, &[Some(0)], &[Some(0)], |k| {
            Ok(vec![random::gamma(
                &k[0],
                &weak(1.5),
                Some(&[4]),
                None,
                false,
            )?])
        })),
        want("vmap_gamma")
    );
    let dirichlet = traced(&[key(), ShapedArray::new(vec![3], DType::Float32)], |x| {
        Ok(vec![random::dirichlet(&x[0], &x[1], Some(&[4]), None)?])
    });
    assert_eq!(
        all_but_last(&dirichlet, 2),
        all_but_last(&want("dirichlet"), 1)
    );
    assert_eq!(last_ops(&dirichlet, 2), ["div 1.0:f32[]", "mul j"]);
    for (name, d, p_dtype) in [
        ("ball", 3, DType::Int32),
        ("ball_float_p", 2, DType::Float32),
    ] {
        let shape: &[usize] = if name == "ball" { &[4] } else { &[3] };
        let ours = traced(&[key(), scalar(p_dtype)], |x| {
            Ok(vec![random::ball(&x[0], d, &x[1], shape, None)?])
        });
        // JAX: `convert (1/p)`, `pow norm`, `broadcast_in_dim`, `div g`; jaxplay: `neg (1/p)`
        // first, and `mul g` last.
        assert_eq!(
            all_but_last(&ours, 5),
            all_but_last(&want(name), 4),
            "{name}"
        );
        let ops: Vec<String> = last_ops(&ours, 5)
            .iter()
            .map(|op| op.split(['[', ' ']).next().unwrap().to_string())
            .collect();
        let want_ops = [
            "neg",
            "convert_element_type",
            "pow",
            "broadcast_in_dim",
            "mul",
        ];
        assert_eq!(ops, want_ops, "{name}");
    }
}

fn table(name: &str) -> &'static jaxplay::api::Function {
    jaxplay::api::all()
        .find(|f| f.name == name && f.namespace == jaxplay::api::Namespace::Random)
        .unwrap_or_else(|| panic!("no jax.random.{name}"))
}

fn key0() -> Value {
    random::key(&Value::Array(Array::weak_scalar(0.0, DType::Int32))).unwrap()
}

/// The table's entries take JAX's arguments: `ball`'s `p` defaults to the int 2, and keyword
/// arguments reach the samplers.
#[test]
fn table_entries_call_the_samplers() {
    use jaxplay::api::{call, Arg, Output};
    let array = |o: Output| match o {
        Output::Array(v) => words(&v),
        other => panic!("{other:?}"),
    };
    let ball = call(
        table("ball"),
        vec![Arg::Array(key0()), Arg::Int(3)],
        vec![("shape".into(), Arg::Seq(vec![Arg::Int(4)]))],
    )
    .unwrap();
    let int2 = Value::Array(Array::weak_scalar(2.0, DType::Int32));
    assert_eq!(
        array(ball),
        words(&random::ball(&key0(), 3, &int2, &[4], None).unwrap())
    );
    let loggamma = call(
        table("loggamma"),
        vec![Arg::Array(key0()), Arg::Float(0.5)],
        vec![("shape".into(), Arg::Seq(vec![Arg::Int(3)]))],
    )
    .unwrap();
    assert_eq!(
        array(loggamma),
        words(&random::gamma(&key0(), &weak(0.5), Some(&[3]), None, true).unwrap())
    );
}

type Keywords = Vec<(String, jaxplay::api::Arg)>;

/// Errors in JAX's words (recorded from JAX 0.10.2).
#[test]
fn misuse_fails_in_jax_words() {
    use jaxplay::api::{call, Arg};
    let int32 = || Arg::Str("int32".into());
    let key = || Arg::Array(key0());
    let cases: Vec<(&str, Vec<Arg>, Keywords, &str)> = vec![
        (
            "gamma",
            vec![key(), Arg::Float(1.0)],
            vec![("dtype".into(), int32())],
            "dtype argument to `gamma` must be a float dtype, got int32",
        ),
        (
            "generalized_normal",
            vec![key(), Arg::Float(2.0)],
            vec![("dtype".into(), int32())],
            "dtype argument to `gamma` must be a float dtype, got int32",
        ),
        (
            "ball",
            vec![key(), Arg::Int(3)],
            vec![("dtype".into(), int32())],
            "dtype argument to `gamma` must be a float dtype, got int32",
        ),
        (
            "beta",
            vec![key(), Arg::Float(1.0), Arg::Float(1.0)],
            vec![("dtype".into(), int32())],
            "dtype argument to `beta` must be a float dtype, got int32",
        ),
        (
            "dirichlet",
            vec![key(), Arg::Float(1.0)],
            vec![],
            "dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0",
        ),
        (
            "gamma",
            vec![key(), Arg::Array(alpha3())],
            vec![("shape".into(), Arg::Seq(vec![Arg::Int(2)]))],
            "Incompatible shapes for broadcasting: shapes=[(2,), (3,)]",
        ),
        (
            "ball",
            vec![key(), Arg::Int(-1)],
            vec![],
            "Only non-negative indices are allowed when broadcasting static shapes, but got \
             shape (-1,).",
        ),
    ];
    for (name, pos, kw, want) in cases {
        match call(table(name), pos, kw) {
            Err(e) => assert_eq!(e.to_string(), want, "{name}"),
            Ok(_) => panic!("{name} succeeded; JAX says {want}"),
        }
    }
    let keys = random::split(&key0(), &[2]).unwrap();
    let err = random::gamma(&keys, &weak(1.0), None, None, false).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("gamma accepts a single key, but was given a key array of shape (2,) != ()."));
}

/// A draw is a constant of the function around it (its key and parameter carry no
/// tangent), but its gradient with respect to `a` is JAX's `random_gamma_grad`, which jaxplay
/// lacks: refused, naming it.
#[test]
fn gradients_through_and_of_gamma() {
    let x = f32s(&[], vec![3.0]);
    let draw = random::gamma(&key0(), &weak(2.0), None, None, false).unwrap();
    let (_, tangent) = jaxplay::ad::jvp(
        "f",
        std::slice::from_ref(&x),
        &[f32s(&[], vec![1.0])],
        |v| {
            let g = random::gamma(&key0(), &weak(2.0), None, None, false)?;
            Ok(vec![jaxplay::lax::mul(&v[0], &g)?])
        },
    )
    .unwrap();
    assert_eq!(words(&tangent[0]), words(&draw));
    let err = jaxplay::ad::jvp("f", &[f32s(&[], vec![2.0])], &[f32s(&[], vec![1.0])], |a| {
        Ok(vec![random::gamma(&key0(), &a[0], None, None, false)?])
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "random_gamma has no rule for differentiation with respect to `a` (JAX's \
         random_gamma_grad)"
    );
}
