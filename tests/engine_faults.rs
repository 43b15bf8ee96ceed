//! Native tests of the engine's fault handling: arguments the JS boundary could pass that used
//! to panic (out-of-range `out_axes`, huge scan lengths), a custom VJP backward rule returning
//! the wrong type, the out-of-memory policy, and restoring the trace state after a trace guard
//! was skipped (what a JS exception unwinding through Rust frames does), and what is not
//! supported yet told apart from usage errors and bugs.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::error::{Error, Result};
use jaxplay::jnp;
use jaxplay::memory;
use jaxplay::pe;
use jaxplay::primitives::control::Scan;
use jaxplay::primitives::custom::{CustomCall, CustomRule, CustomVjpRule};
use jaxplay::primitives::elementwise::BinaryOp::*;
use jaxplay::trace::{self, bind1, push_trace, trace_to_jaxpr, TraceKind, Value};
use jaxplay::vmap;
use std::rc::Rc;

fn message(e: Error) -> String {
    e.to_string()
}

#[test]
fn vmap_out_axes_past_the_output_rank_is_an_error_naming_it() {
    let x = f32s(&[2, 3], &[0.0; 6]);
    for (axis, ok) in [(0, true), (1, true), (2, false), (9, false)] {
        let r = vmap::vmap("f", std::slice::from_ref(&x), &[Some(0)], &[Some(axis)], Ok);
        match (ok, r) {
            (true, Ok(out)) => assert_eq!(out[0].aval().shape.len(), 2),
            (false, Err(e)) => {
                let m = message(e);
                assert!(m.contains(&format!("out_axes {axis}")), "{m}");
                assert!(m.contains("rank 2"), "{m}");
            }
            (ok, r) => panic!("axis {axis}: expected ok={ok}, got {r:?}"),
        }
    }
}

#[test]
fn a_scan_whose_stacked_outputs_would_be_too_large_is_an_error() {
    let s = f32s(&[], &[1.0]);
    let body = trace_to_jaxpr("body", &[s.aval()], true, |a| {
        Ok(vec![a[0].clone(), a[0].clone()])
    })
    .unwrap();
    let err = Scan::bind(body, u32::MAX as usize, 0, 1, false, &[s]).unwrap_err();
    let m = message(err);
    assert!(m.starts_with("scan:"), "{m}");
    assert!(m.contains("268435456 elements"), "{m}");
}

/// A backward rule returning a cotangent of shape `[n]` whatever the input.
struct WrongShape(usize);

impl CustomVjpRule for WrongShape {
    fn fwd(&self, primals: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        Ok((
            vec![jnp::binary(Mul, &primals[0], &jnp::number(2.0))?],
            vec![],
        ))
    }

    fn bwd(&self, _residuals: &[Value], _cts: &[Value]) -> Result<Vec<Option<Value>>> {
        Ok(vec![Some(f32s(&[self.0], &vec![1.0; self.0]))])
    }
}

fn grad_sum_through(rule: WrongShape, x: &Value) -> Result<Value> {
    let rule: Rc<dyn CustomVjpRule> = Rc::new(rule);
    let (outs, linear) = ad::linearize("f", std::slice::from_ref(x), None, |a| {
        let call = trace_to_jaxpr("twice", &[a[0].aval()], true, |b| {
            Ok(vec![jnp::binary(Mul, &b[0], &jnp::number(2.0))?])
        })?;
        let y = bind1(
            Rc::new(CustomCall {
                name: "twice".into(),
                call: Rc::new(call),
                rule: CustomRule::Vjp(rule.clone()),
            }),
            &a,
        )?;
        Ok(vec![jnp::sum(&y, None)?])
    })?;
    let ones = jaxplay::lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

#[test]
fn a_custom_vjp_cotangent_of_the_wrong_shape_is_an_error() {
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    assert_eq!(
        grad_sum_through(WrongShape(3), &x).unwrap().aval().shape,
        vec![3]
    );
    let m = message(grad_sum_through(WrongShape(5), &x).unwrap_err());
    assert!(m.contains("Custom VJP bwd rule of `twice`"), "{m}");
    assert!(m.contains("f32[5]") && m.contains("f32[3]"), "{m}");
}

#[test]
fn the_memory_limit_is_an_error_naming_what_is_held_and_the_remedy() {
    assert_eq!(memory::over_limit(100, 100), None);
    let m = message(memory::over_limit(3 << 29, 1 << 30).unwrap());
    assert!(
        m.starts_with("out of memory: live arrays hold 1536.0 MiB"),
        "{m}"
    );
    assert!(m.contains("limit of 1024.0 MiB"), "{m}");
    assert!(m.contains("jax.scope"), "{m}");
    // Natively nothing is counted, so the check passes.
    assert!(memory::check().is_ok());
}

#[test]
fn reset_traces_restores_eager_evaluation_after_a_skipped_guard() {
    // What a JS exception through Rust frames does: the guard that pops the trace never runs.
    let guard = push_trace(
        "lost",
        TraceKind::Staging {
            builder: Default::default(),
            dynamic: true,
        },
    );
    std::mem::forget(guard);
    let x = f32s(&[2], &[1.0, 2.0]);
    let during = jnp::binary(Add, &x, &x).unwrap();
    assert!(
        matches!(during, Value::Tracer(_)),
        "ops are staged while the trace is left"
    );
    assert!(trace::reset_traces());
    let after = jnp::binary(Add, &x, &x).unwrap();
    assert_eq!(values(&after), vec![2.0, 4.0]);
    // Its tracers now report escaping rather than joining a dead trace.
    assert!(matches!(
        jnp::binary(Add, &during, &x),
        Err(Error::EscapedTracer { .. })
    ));
}

#[test]
fn a_linearized_function_called_with_the_wrong_tangent_count_is_a_usage_error() {
    let x = f32s(&[2], &[1.0, 2.0]);
    let (_, linear) = ad::linearize("f", std::slice::from_ref(&x), None, |v| {
        Ok(vec![jnp::binary(Mul, &v[0], &v[0])?])
    })
    .unwrap();
    let e = ad::apply_linear(&linear, &[x.clone(), x]).unwrap_err();
    assert!(matches!(e, Error::Usage { .. }), "{e:?}");
    assert_eq!(
        message(e),
        "the linearized function takes 1 tangent(s), got 2"
    );
}

#[test]
fn evaluating_a_jaxpr_with_the_wrong_argument_count_is_an_internal_error() {
    let x = f32s(&[2], &[1.0, 2.0]);
    let (_, linear) = ad::linearize("f", std::slice::from_ref(&x), None, |v| {
        Ok(vec![v[0].clone()])
    })
    .unwrap();
    let e = trace::eval_jaxpr(&linear, &[]).unwrap_err();
    assert!(matches!(e, Error::Internal { .. }), "{e:?}");
}

#[test]
fn partial_evaluation_that_needs_a_known_result_from_an_unknown_input_is_unsupported() {
    let x = f32s(&[2], &[1.0, 2.0]);
    let (_, linear) = ad::linearize("f", std::slice::from_ref(&x), None, |v| {
        Ok(vec![jnp::binary(Mul, &v[0], &v[0])?])
    })
    .unwrap();
    // The tangent output asked for as known although its only input, the tangent, is unknown.
    let e = pe::partial_eval(&linear, &[true], &[false])
        .err()
        .expect("a known output of an unknown input");
    assert!(matches!(e, Error::Unsupported { .. }), "{e:?}");
    assert_eq!(
        message(e),
        "reverse-mode differentiation of control flow nested in a differentiated branch or loop is not supported yet"
    );
    // Asked for as unknown, the same split works.
    assert!(pe::partial_eval(&linear, &[true], &[true]).is_ok());
}
