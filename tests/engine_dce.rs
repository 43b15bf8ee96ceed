//! Dead-code elimination inside control flow: an unused pure callback in a `scan`, `while` or
//! `cond` body never runs under `jit`, while io and debug callbacks there still do (checked in
//! real JAX 0.10.2: tests/oracle/jax-fidelity.json, topic `dce_control_flow`).

mod common;

use common::*;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::host::HostCallback;
use jaxplay::jnp;
use jaxplay::primitives::control::{Cond, Scan, While};
use jaxplay::primitives::elementwise::{BinaryOp::*, CompareOp};
use jaxplay::timeline::{self, EventKind};
use jaxplay::trace::{trace_to_jaxpr, Value};
use std::rc::Rc;

fn s() -> ShapedArray {
    ShapedArray::new(vec![], DType::Float32)
}

/// A call of `cb` on `x` of the given kind, returning its result.
fn call(kind: &str, cb: &Rc<dyn HostCallback>, x: &Value) -> Result<Value> {
    let spec = vec![like(x)];
    let args = std::slice::from_ref(x);
    Ok(match kind {
        "pure" => jnp::pure_callback(cb.clone(), spec, args, None)?,
        "io" => jnp::io_callback(cb.clone(), spec, args, false)?,
        _ => jnp::io_callback(cb.clone(), spec, args, true)?,
    }
    .remove(0))
}

type Program = fn(&str, &Rc<dyn HostCallback>, &[Value]) -> Result<Vec<Value>>;

/// scan over xs: the callback's result is discarded in the body.
fn scan_unused_in_body(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        call(kind, cb, &v[1])?;
        Ok(vec![jnp::binary(Add, &v[0], &v[1])?, v[1].clone()])
    })?;
    Ok(vec![Scan::bind(
        body,
        3,
        0,
        1,
        false,
        &[scalar(0.0), a[0].clone()],
    )?
    .remove(0)])
}

/// scan whose `ys` are the callback's results, and the caller keeps only the carry.
fn scan_unused_ys(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        Ok(vec![
            jnp::binary(Add, &v[0], &v[1])?,
            call(kind, cb, &v[1])?,
        ])
    })?;
    Ok(vec![Scan::bind(
        body,
        3,
        0,
        1,
        false,
        &[scalar(0.0), a[0].clone()],
    )?
    .remove(0)])
}

/// scan with two carries, the second the callback's and unused by the caller.
fn scan_unused_carry(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let body = trace_to_jaxpr("body", &[s(), s(), s()], true, |v| {
        Ok(vec![
            jnp::binary(Add, &v[0], &v[2])?,
            call(kind, cb, &v[1])?,
        ])
    })?;
    let outs = Scan::bind(
        body,
        3,
        0,
        2,
        false,
        &[scalar(0.0), scalar(1.0), a[0].clone()],
    )?;
    Ok(vec![outs[0].clone()])
}

/// The same, but the used carry reads the callback's carry: it must stay.
fn scan_carry_feeds_used_carry(
    kind: &str,
    cb: &Rc<dyn HostCallback>,
    a: &[Value],
) -> Result<Vec<Value>> {
    let body = trace_to_jaxpr("body", &[s(), s(), s()], true, |v| {
        Ok(vec![
            jnp::binary(Add, &v[0], &v[1])?,
            call(kind, cb, &v[2])?,
        ])
    })?;
    let outs = Scan::bind(
        body,
        3,
        0,
        2,
        false,
        &[scalar(0.0), scalar(1.0), a[0].clone()],
    )?;
    Ok(vec![outs[0].clone()])
}

/// while i < 3: i + 1, with the callback's result discarded in the body.
fn while_unused_in_body(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let x = a[1].clone();
    let cond = trace_to_jaxpr("cond", &[s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(3.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s()], true, |v| {
        call(kind, cb, &x)?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    While::bind(cond, body, &[scalar(0.0)])
}

/// while with a second carry the callback updates, unused by the caller and the predicate.
fn while_unused_carry(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let cond = trace_to_jaxpr("cond", &[s(), s()], true, |v| {
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(3.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s(), s()], true, |v| {
        Ok(vec![
            jnp::binary(Add, &v[0], &jnp::number(1.0))?,
            call(kind, cb, &v[1])?,
        ])
    })?;
    Ok(vec![
        While::bind(cond, body, &[scalar(0.0), a[1].clone()])?.remove(0)
    ])
}

/// The callback in the predicate, its result unused.
fn while_unused_in_cond(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let x = a[1].clone();
    let cond = trace_to_jaxpr("cond", &[s()], true, |v| {
        call(kind, cb, &x)?;
        Ok(vec![jnp::compare(CompareOp::Lt, &v[0], &jnp::number(3.0))?])
    })?;
    let body = trace_to_jaxpr("body", &[s()], true, |v| {
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    While::bind(cond, body, &[scalar(0.0)])
}

/// cond taking the branch that calls the host and discards the result.
fn cond_unused_in_branch(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let calls = trace_to_jaxpr("calls", &[s()], true, |v| {
        call(kind, cb, &v[0])?;
        Ok(vec![jnp::binary(Add, &v[0], &jnp::number(1.0))?])
    })?;
    let plain = trace_to_jaxpr("plain", &[s()], true, |v| {
        Ok(vec![jnp::binary(Sub, &v[0], &jnp::number(1.0))?])
    })?;
    let index = Value::Array(jaxplay::array::Array::from_i32(&[], vec![1])?);
    Cond::bind(vec![plain, calls], &index, &[a[1].clone()])
}

/// cond with a second output that is the callback's, unused by the caller.
fn cond_unused_output(kind: &str, cb: &Rc<dyn HostCallback>, a: &[Value]) -> Result<Vec<Value>> {
    let calls = trace_to_jaxpr("calls", &[s()], true, |v| {
        Ok(vec![v[0].clone(), call(kind, cb, &v[0])?])
    })?;
    let plain = trace_to_jaxpr("plain", &[s()], true, |v| {
        Ok(vec![v[0].clone(), v[0].clone()])
    })?;
    let index = Value::Array(jaxplay::array::Array::from_i32(&[], vec![1])?);
    Ok(vec![Cond::bind(
        vec![plain, calls],
        &index,
        &[a[1].clone()],
    )?
    .remove(0)])
}

/// (name, program, host calls when kept, whether jit keeps a pure call)
type Row = (&'static str, Program, usize, bool);

const PROGRAMS: &[Row] = &[
    ("scan, unused in the body", scan_unused_in_body, 3, false),
    ("scan, unused ys", scan_unused_ys, 3, false),
    ("scan, unused carry", scan_unused_carry, 3, false),
    (
        "scan, carry feeding a used carry",
        scan_carry_feeds_used_carry,
        3,
        true,
    ),
    ("while, unused in the body", while_unused_in_body, 3, false),
    ("while, unused carry", while_unused_carry, 3, false),
    (
        "while, unused in the predicate",
        while_unused_in_cond,
        4,
        false,
    ),
    (
        "cond, unused in the taken branch",
        cond_unused_in_branch,
        1,
        false,
    ),
    ("cond, unused output", cond_unused_output, 1, false),
];

fn scalar(v: f32) -> Value {
    f32s(&[], &[v])
}

#[test]
fn unused_pure_callbacks_in_control_flow_never_run_under_jit() {
    for &(name, program, calls_when_kept, pure_kept) in PROGRAMS {
        for kind in ["pure", "io", "io_ordered"] {
            let log = log();
            let cb = doubler("host", &log);
            let eager = program(kind, &cb, &[f32s(&[3], &[1.0, 2.0, 3.0]), scalar(2.0)]).unwrap();
            let eager_calls = log.borrow().len();
            log.borrow_mut().clear();
            let traced = cb.clone();
            let f = jit("f", move |a| program(kind, &traced, a));
            timeline::clear();
            let out = f
                .call(&[f32s(&[3], &[1.0, 2.0, 3.0]), scalar(2.0)])
                .unwrap();
            let kept = kind != "pure" || pure_kept;
            let expected = if kept { calls_when_kept } else { 0 };
            assert_eq!(log.borrow().len(), expected, "{name}, {kind}: host calls");
            assert_eq!(
                eager_calls, calls_when_kept,
                "{name}, {kind}: eager host calls"
            );
            assert_eq!(values(&out[0]), values(&eager[0]), "{name}, {kind}: result");
            let ghosts: Vec<_> = timeline::events()
                .into_iter()
                .filter(|e| e.kind == EventKind::Dce)
                .collect();
            assert_eq!(
                ghosts.len(),
                usize::from(!kept),
                "{name}, {kind}: DCE events"
            );
            if let Some(g) = ghosts.first() {
                let detail = g
                    .detail
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                assert!(detail.contains("inside"), "{name}: {detail}");
            }
        }
    }
}
