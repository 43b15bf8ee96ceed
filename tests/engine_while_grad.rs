//! Reverse mode through `lax.while_loop`, as JAX 0.10.2 has it (tests/oracle/jax-fidelity.json,
//! topic `while_grad`): a carry the body passes through is forwarded around the loop, a loop
//! linearizes (primal loop now, JVP loop staged), and only transposing one is refused, after
//! callback JVP errors and grad's own output check.

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::error::{Error, Result};
use jaxplay::host::HostCallback;
use jaxplay::jnp;
use jaxplay::primitives::control::While;
use jaxplay::primitives::elementwise::{BinaryOp::*, CompareOp, UnaryOp};
use jaxplay::trace::{trace_to_jaxpr, Value};
use std::rc::Rc;

const WHILE_ERROR: &str = "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values. Try using lax.scan, or using fori_loop with static start/stop.";

/// `while s[0] < n: s = (s[0] + 1, step(s[1]))` from `(0, a)`, bound as `lax.while_loop` does.
fn counted(n: f64, a: &Value, step: impl Fn(&Value) -> Result<Value>) -> Result<Value> {
    let types = [ShapedArray::new(vec![], DType::Int32), a.aval()];
    let cond = trace_to_jaxpr("cond", &types, true, |s| {
        Ok(vec![jnp::compare(CompareOp::Lt, &s[0], &jnp::number(n))?])
    })?;
    let body = trace_to_jaxpr("body", &types, true, |s| {
        Ok(vec![
            jnp::binary(Add, &s[0], &jnp::number(1.0))?,
            step(&s[1])?,
        ])
    })?;
    let zero = Value::Array(jaxplay::array::Array::from_i32(&[], vec![0])?);
    Ok(While::bind_forwarding_invariants(cond, body, &[zero, a.clone()])?.remove(1))
}

/// `grad(f)(x)` as the JS API computes it: linearize, check the output, transpose.
fn grad(f: impl Fn(&Value) -> Result<Value>, x: &Value) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    ad::check_grad_output(&outs[0])?;
    let ones = jaxplay::lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn pair() -> Value {
    f32s(&[2], &[1.0, 2.0])
}

fn double(v: &Value) -> Result<Value> {
    jnp::binary(Mul, v, &jnp::number(2.0))
}

#[test]
fn an_invariant_carry_is_forwarded_so_grad_flows_around_the_loop() {
    let f = |a: &Value| {
        let y = counted(3.0, a, |v| Ok(v.clone()))?;
        jnp::sum(&jnp::unary(UnaryOp::Sin, &y)?, None)
    };
    let g = grad(f, &pair()).unwrap();
    let want: Vec<f64> = [1.0f32, 2.0].iter().map(|x| f64::from(x.cos())).collect();
    for (got, want) in values(&g).iter().zip(want) {
        assert!((got - want).abs() < 1e-6, "{got} vs {want}");
    }
    // The loop keeps only the counter; the forwarded carry is a body constant, as in JAX.
    let jaxpr = trace_to_jaxpr("f", &[like(&pair())], true, |a| {
        Ok(vec![counted(3.0, &a[0], |v| Ok(v.clone()))?])
    })
    .unwrap();
    let text = jaxpr.jaxpr.to_string();
    assert!(text.contains("body_nconsts=1"), "{text}");
    assert!(text.trim_end().ends_with("in (a,) }"), "{text}");
}

#[test]
fn only_transposing_a_loop_is_refused() {
    let through = |a: &Value| jnp::sum(&counted(3.0, a, double)?, None);
    assert_eq!(grad(through, &pair()).unwrap_err().to_string(), WHILE_ERROR);
    // A loop whose result does not reach the output is never transposed.
    let unused = |a: &Value| {
        counted(3.0, a, double)?;
        jnp::sum(&jnp::binary(Mul, a, &jnp::number(3.0))?, None)
    };
    assert_eq!(values(&grad(unused, &pair()).unwrap()), vec![3.0, 3.0]);
    // linearize works: the linear map runs the JVP loop (2^3 per unit tangent).
    let (outs, linear) = ad::linearize("f", &[pair()], None, |a| {
        Ok(vec![counted(3.0, &a[0], double)?])
    })
    .unwrap();
    assert_eq!(values(&outs[0]), vec![8.0, 16.0]);
    let t = ad::apply_linear(&linear, &[f32s(&[2], &[1.0, 1.0])]).unwrap();
    assert_eq!(values(&t[0]), vec![8.0, 8.0]);
}

#[test]
fn earlier_errors_come_first() {
    // grad's output check runs before the backward pass.
    let int_out =
        |a: &Value| jnp::astype(&jnp::sum(&counted(3.0, a, double)?, None)?, DType::Int32);
    assert!(matches!(
        grad(int_out, &pair()).unwrap_err(),
        Error::GradNonFloatOutput { .. }
    ));
    // A pure callback in the body fails at its JVP, before the host or any transposition.
    let log = log();
    let cb = doubler("host", &log);
    let pure = |a: &Value| {
        let step = |v: &Value| {
            Ok(
                jnp::pure_callback(cb.clone(), vec![like(v)], std::slice::from_ref(v), None)?
                    .remove(0),
            )
        };
        jnp::sum(&counted(2.0, a, step)?, None)
    };
    assert_eq!(grad(pure, &pair()).unwrap_err(), Error::PureCallbackJvp);
    assert!(log.borrow().is_empty());
}

#[test]
fn an_effectful_loop_is_transposed_even_when_unused() {
    // JAX runs the primal loop (one debug call per iteration), then transposes the staged JVP
    // loop even though its cotangent is zero: its effect keeps it in the linear program.
    let log = log();
    let cb: Rc<dyn HostCallback> = recorder("show", &log);
    let f = |a: &Value| {
        counted(2.0, a, |v| {
            jnp::debug_callback(cb.clone(), std::slice::from_ref(v), false)?;
            double(v)
        })?;
        jnp::sum(a, None)
    };
    assert_eq!(grad(f, &pair()).unwrap_err().to_string(), WHILE_ERROR);
    assert_eq!(log.borrow().len(), 2);
}
