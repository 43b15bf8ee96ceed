//! Effect rules under `vmap`, as JAX 0.10.2 has them (tests/oracle/jax-fidelity.json, topic
//! `vmap_effects`): which callbacks in a batched `while`, `cond` or `scan` are refused, with
//! JAX's error and before any host call, and how many host calls the allowed ones make.

mod common;

use common::*;
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::{Error, Result};
use jaxplay::host::HostCallback;
use jaxplay::jnp;
use jaxplay::primitives::callback::VmapMethod;
use jaxplay::primitives::control::{Cond, Scan, While};
use jaxplay::primitives::elementwise::{BinaryOp::*, CompareOp};
use jaxplay::trace::{trace_to_jaxpr, Value};
use jaxplay::vmap;
use std::rc::Rc;

fn s() -> ShapedArray {
    ShapedArray::new(vec![], DType::Float32)
}

/// The effect a program puts in its body.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A `pure_callback` with `vmap_method="sequential"`.
    PureSequential,
    Io,
    IoOrdered,
    Debug,
    DebugOrdered,
}

fn effect(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<()> {
    let args = std::slice::from_ref(x);
    match kind {
        Kind::PureSequential => {
            jnp::pure_callback(cb.clone(), vec![like(x)], args, Some("sequential".into()))
                .map(|_| ())
        }
        Kind::Io => jnp::io_callback(cb.clone(), vec![like(x)], args, false).map(|_| ()),
        Kind::IoOrdered => jnp::io_callback(cb.clone(), vec![like(x)], args, true).map(|_| ()),
        Kind::Debug => jnp::debug_callback(cb.clone(), args, false),
        Kind::DebugOrdered => jnp::debug_callback(cb.clone(), args, true),
    }
}

/// `while c < 3: effect(c); c + 1` on each element: the predicate is batched.
fn while_batched_pred(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let cond = trace_to_jaxpr("cond", &[s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(3.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    Ok(While::bind(cond, body, std::slice::from_ref(x))?.remove(0))
}

/// `while i < 2: effect(y); (i + 1, 2y)` with an unbatched counter `i`.
fn while_unbatched_pred(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let cond = trace_to_jaxpr("cond", &[s(), s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(2.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        effect(kind, cb, &v[1])?;
        Ok(vec![
            jnp::binary(Add, &v[0], &jnp::number(1.0))?,
            jnp::binary(Mul, &v[1], &jnp::number(2.0))?,
        ])
    })?;
    Ok(While::bind(cond, body, &[f32s(&[], &[0.0]), x.clone()])?.remove(1))
}

/// `cond(x < 1, effect-then-add-1, subtract-1)` per element: the predicate is batched.
fn cond_batched_pred(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let yes = trace_to_jaxpr("yes", &[s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    let no = trace_to_jaxpr("no", &[s()], true, |v| {
        Ok(vec![jnp::binary(Sub, &v[0], &jnp::number(1.0))?])
    })?;
    let pred = jnp::compare(CompareOp::Lt, x, &jnp::number(1.0))?;
    let index = jnp::astype(&pred, DType::Int32)?;
    Ok(Cond::bind(vec![no, yes], &index, std::slice::from_ref(x))?.remove(0))
}

/// The same with a predicate that does not depend on the batched value.
fn cond_unbatched_pred(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let yes = trace_to_jaxpr("yes", &[s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![v[0].clone()])
    })?;
    let no = trace_to_jaxpr("no", &[s()], true, |v| Ok(vec![v[0].clone()]))?;
    let index = Value::Array(Array::from_i32(&[], vec![1])?);
    Ok(Cond::bind(vec![no, yes], &index, std::slice::from_ref(x))?.remove(0))
}

/// A scan over the elements of a row, `effect(x)` per step.
fn scan_rows(kind: Kind, cb: &Rc<dyn HostCallback>, row: &Value) -> Result<Value> {
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        effect(kind, cb, &v[1])?;
        Ok(vec![jnp::binary(Add, &v[0], &v[1])?])
    })?;
    Ok(Scan::bind(body, 2, 0, 1, false, &[f32s(&[], &[0.0]), row.clone()])?.remove(0))
}

/// `while i < 2: effect(i); (i + 1, 2y)`: the predicate and the counter stay unbatched, so
/// JAX batches only `y` and the callback on the counter runs once per iteration.
fn while_counter_effect(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let cond = trace_to_jaxpr("cond", &[s(), s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(2.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![
            jnp::binary(Add, &v[0], &jnp::number(1.0))?,
            jnp::binary(Mul, &v[1], &jnp::number(2.0))?,
        ])
    })?;
    Ok(While::bind(cond, body, &[f32s(&[], &[0.0]), x.clone()])?.remove(1))
}

/// `(a, b) = cond(True, (x + 1, 2y), (x - 1, 3y), x, 2.0)` then `effect(b)`: as in JAX, `b`
/// stays unbatched (no branch batches it), so the callback runs once.
fn effect_after_cond(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let branch = |name: &str, k: f64| {
        trace_to_jaxpr(name, &[s(), s()], true, |v| {
            Ok(vec![
                jnp::binary(Add, &v[0], &jnp::number(k - 2.0))?,
                jnp::binary(Mul, &v[1], &jnp::number(k))?,
            ])
        })
    };
    let index = Value::Array(Array::from_i32(&[], vec![1])?);
    let outs = Cond::bind(
        vec![branch("no", 3.0)?, branch("yes", 2.0)?],
        &index,
        &[x.clone(), f32s(&[], &[2.0])],
    )?;
    effect(kind, cb, &outs[1])?;
    Ok(outs[0].clone())
}

/// `x + cond(True, effect-then-identity, identity, 2.0)`: nothing the cond sees is batched.
fn cond_nothing_batched(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let r = cond_unbatched_pred(kind, cb, &f32s(&[], &[2.0]))?;
    jnp::binary(Add, x, &r)
}

/// `x + while c < 5: effect(c); c + 1` from an unbatched 1.0.
fn while_nothing_batched(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let cond = trace_to_jaxpr("cond", &[s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(5.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    let r = While::bind(cond, body, &[f32s(&[], &[1.0])])?.remove(0);
    jnp::binary(Add, x, &r)
}

/// `x + scan(c -> cond(True, effect-then-identity, identity, c), 1.0, length 2)`: the cond is
/// nested in a scan body that nothing batched reaches.
fn scan_of_cond_nothing_batched(kind: Kind, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let body = trace_to_jaxpr("body", &[s()], true, |v| {
        Ok(vec![cond_unbatched_pred(kind, cb, &v[0])?])
    })?;
    let r = Scan::bind(body, 2, 0, 1, false, &[f32s(&[], &[1.0])])?.remove(0);
    jnp::binary(Add, x, &r)
}

/// `cond(x < 1, effect-then-add-1, subtract-1, 3.0)`: a batched predicate, an unbatched operand.
fn cond_batched_pred_unbatched_operand(
    kind: Kind,
    cb: &Rc<dyn HostCallback>,
    x: &Value,
) -> Result<Value> {
    let yes = trace_to_jaxpr("yes", &[s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    let no = trace_to_jaxpr("no", &[s()], true, |v| {
        Ok(vec![jnp::binary(Sub, &v[0], &jnp::number(1.0))?])
    })?;
    let index = jnp::astype(
        &jnp::compare(CompareOp::Lt, x, &jnp::number(1.0))?,
        DType::Int32,
    )?;
    Ok(Cond::bind(vec![no, yes], &index, &[f32s(&[], &[3.0])])?.remove(0))
}

/// A scan over a row whose carry starts unbatched and stays so: `effect(c)`, `c * 2`, with
/// `ys = c + x` batched. JAX batches only the carries that must be.
fn scan_unbatched_carry(kind: Kind, cb: &Rc<dyn HostCallback>, row: &Value) -> Result<Value> {
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        effect(kind, cb, &v[0])?;
        Ok(vec![
            jnp::binary(Mul, &v[0], &jnp::number(2.0))?,
            jnp::binary(Add, &v[0], &v[1])?,
        ])
    })?;
    Ok(Scan::bind(body, 2, 0, 1, false, &[f32s(&[], &[1.0]), row.clone()])?.remove(1))
}

type Program = fn(Kind, &Rc<dyn HostCallback>, &Value) -> Result<Value>;

/// (program, kind, JAX's error or the number of host calls)
const TABLE: &[(&str, Program, Kind, std::result::Result<usize, &str>)] = &[
    (
        "while, batched predicate",
        while_batched_pred,
        Kind::Io,
        Err("Unordered IO effects not supported in while_loop with batched predicate"),
    ),
    (
        "while, batched predicate",
        while_batched_pred,
        Kind::IoOrdered,
        Err("Ordered IO effects not supported in vmap."),
    ),
    (
        "while, batched predicate",
        while_batched_pred,
        Kind::Debug,
        Ok(9),
    ),
    (
        "while, unbatched predicate",
        while_unbatched_pred,
        Kind::Io,
        Ok(6),
    ),
    (
        "while, unbatched predicate",
        while_unbatched_pred,
        Kind::IoOrdered,
        Err("Ordered IO effects not supported in vmap."),
    ),
    (
        "cond, batched predicate",
        cond_batched_pred,
        Kind::Io,
        Err("IO effect not supported in vmap-of-cond."),
    ),
    (
        "cond, batched predicate",
        cond_batched_pred,
        Kind::IoOrdered,
        Err("IO effect not supported in vmap-of-cond."),
    ),
    (
        "cond, batched predicate",
        cond_batched_pred,
        Kind::Debug,
        Ok(3),
    ),
    (
        "cond, unbatched predicate",
        cond_unbatched_pred,
        Kind::Io,
        Err("IO effect not supported in vmap-of-cond."),
    ),
    ("scan", scan_rows, Kind::Io, Ok(6)),
    (
        "scan",
        scan_rows,
        Kind::IoOrdered,
        Err("Cannot `vmap` ordered IO callback."),
    ),
    ("scan", scan_rows, Kind::DebugOrdered, Ok(6)),
    (
        "cond, unbatched output",
        effect_after_cond,
        Kind::PureSequential,
        Ok(1),
    ),
    (
        "cond, unbatched output",
        effect_after_cond,
        Kind::IoOrdered,
        Ok(1),
    ),
    (
        "while, unbatched counter",
        while_counter_effect,
        Kind::Debug,
        Ok(2),
    ),
    (
        "while, unbatched counter",
        while_counter_effect,
        Kind::Io,
        Ok(2),
    ),
    (
        "while, unbatched counter",
        while_counter_effect,
        Kind::PureSequential,
        Ok(2),
    ),
    // One call per step, not per element: the carry the callback sees is not batched.
    ("scan", scan_unbatched_carry, Kind::PureSequential, Ok(2)),
    ("scan", scan_unbatched_carry, Kind::IoOrdered, Ok(2)),
    ("scan", scan_unbatched_carry, Kind::DebugOrdered, Ok(2)),
    // JAX runs these checks for every cond/while under vmap, batched operands or not.
    (
        "cond, nothing batched",
        cond_nothing_batched,
        Kind::Io,
        Err("IO effect not supported in vmap-of-cond."),
    ),
    (
        "cond, nothing batched",
        cond_nothing_batched,
        Kind::DebugOrdered,
        Ok(1),
    ),
    (
        "while, nothing batched",
        while_nothing_batched,
        Kind::IoOrdered,
        Err("Ordered IO effects not supported in vmap."),
    ),
    (
        "while, nothing batched",
        while_nothing_batched,
        Kind::Io,
        Ok(4),
    ),
    (
        "scan of cond, nothing batched",
        scan_of_cond_nothing_batched,
        Kind::Io,
        Err("IO effect not supported in vmap-of-cond."),
    ),
    // A batched predicate batches every operand: each element's copy reaches the callback.
    (
        "cond, batched predicate, unbatched operand",
        cond_batched_pred_unbatched_operand,
        Kind::PureSequential,
        Ok(3),
    ),
    (
        "cond, batched predicate, unbatched operand",
        cond_batched_pred_unbatched_operand,
        Kind::Debug,
        Ok(3),
    ),
];

#[test]
fn effects_in_vmapped_control_flow_follow_jax() {
    for &(name, program, kind, expected) in TABLE {
        let log = log();
        let cb = match kind {
            Kind::Debug | Kind::DebugOrdered => recorder("host", &log),
            Kind::PureSequential | Kind::Io | Kind::IoOrdered => doubler("host", &log),
        };
        let arg = if name == "scan" {
            f32s(&[3, 2], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
        } else {
            f32s(&[3], &[0.0, 1.0, 2.0])
        };
        let got = vmap::vmap("f", &[arg], &[Some(0)], &[Some(0)], |a| {
            Ok(vec![program(kind, &cb, &a[0])?])
        });
        match expected {
            Ok(calls) => {
                got.unwrap_or_else(|e| panic!("{name}, {kind:?}: {e}"));
                assert_eq!(log.borrow().len(), calls, "{name}, {kind:?}: host calls");
            }
            Err(message) => {
                let err = got.expect_err(&format!("{name}, {kind:?} must be refused"));
                assert_eq!(err.to_string(), message, "{name}, {kind:?}");
                assert_eq!(
                    log.borrow().len(),
                    0,
                    "{name}, {kind:?}: refused before any host call"
                );
            }
        }
    }
}

#[test]
fn vmap_method_is_an_enum_parsed_with_jax_error() {
    assert_eq!(
        VmapMethod::parse("expand_dims").unwrap(),
        VmapMethod::ExpandDims
    );
    let err = VmapMethod::parse("Sequential").unwrap_err();
    assert!(matches!(err, Error::VmapMethodInvalid { .. }));
    assert_eq!(
        err.to_string(),
        "vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', None], but got: Sequential"
    );
    // Checked at the call, as JAX does, not only when batching.
    let log = log();
    let cb = doubler("host", &log);
    let x = f32s(&[3], &[0.0, 1.0, 2.0]);
    let err = jnp::pure_callback(cb, vec![like(&x)], &[x], Some("bogus".into())).unwrap_err();
    assert!(err.to_string().ends_with("but got: bogus"));
    assert!(log.borrow().is_empty());
}

#[test]
fn dependent_outputs_follow_data_flow() {
    let jaxpr = trace_to_jaxpr("f", &[s(), s()], true, |v| {
        let a = jnp::binary(Add, &v[0], &jnp::number(1.0))?;
        Ok(vec![a, v[1].clone(), jnp::number(2.0)])
    })
    .unwrap()
    .jaxpr;
    assert_eq!(
        jaxpr.dependent_outputs(&[true, false]),
        vec![true, false, false]
    );
    assert_eq!(
        jaxpr.dependent_outputs(&[false, true]),
        vec![false, true, false]
    );
}

#[test]
fn a_host_callback_runs_its_own_engine_calls_outside_the_vmap() {
    // The host of a sequential pure callback applies a cond with an io callback to its
    // argument: as in JAX, that happens outside the vmap calling the host, so it is allowed.
    let log = log();
    let inner = doubler("inner", &log);
    let outer = host("outer", &log, move |args| {
        let x = Value::Array(args[0].clone());
        let r = cond_unbatched_pred(Kind::Io, &inner, &x).map_err(|e| e.to_string())?;
        let a = r.as_array().ok_or("not concrete")?.clone();
        Ok(vec![mapped_leaf(&a, |v| v)])
    });
    let out = vmap::vmap(
        "f",
        &[f32s(&[3], &[0.0, 1.0, 2.0])],
        &[Some(0)],
        &[Some(0)],
        |a| {
            jnp::pure_callback(
                outer.clone(),
                vec![like(&a[0])],
                &a,
                Some("sequential".into()),
            )
        },
    )
    .unwrap();
    assert_eq!(values(&out[0]), vec![0.0, 1.0, 2.0]);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        ["outer", "inner", "outer", "inner", "outer", "inner"]
    );
}
