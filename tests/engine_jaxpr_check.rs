//! The jaxpr type checker (`jaxplay::ir::check`): what it accepts and that it catches an
//! ill-typed equation and a variable used before it is bound.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::ir::check::typecheck;
use jaxplay::ir::Jaxpr;
use jaxplay::jnp;
use jaxplay::primitives::elementwise::{BinaryOp, UnaryOp};

fn traced() -> Jaxpr {
    let aval = ShapedArray::new(vec![3], DType::Float32);
    jaxplay::trace::trace_to_jaxpr("f", &[aval], true, |x| {
        let y = jnp::unary(UnaryOp::Sin, &x[0])?;
        Ok(vec![jnp::binary(BinaryOp::Mul, &y, &x[0])?])
    })
    .unwrap()
    .jaxpr
}

#[test]
fn a_traced_jaxpr_checks() {
    assert_eq!(typecheck(&traced()), Ok(()));
}

#[test]
fn a_wrong_output_type_is_found() {
    let mut j = traced();
    j.eqns[0].outputs[0].aval = ShapedArray::new(vec![4], DType::Float32);
    assert_eq!(
        typecheck(&j).unwrap_err(),
        "sin: output bound as f32[4], its rule gives f32[3]"
    );
}

#[test]
fn a_use_before_binding_is_found() {
    let mut j = traced();
    j.eqns.swap(0, 1);
    assert!(typecheck(&j)
        .unwrap_err()
        .contains("is used before it is bound"));
}
