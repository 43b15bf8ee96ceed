//! Property tests: staging a program (elementwise ops, sums, `rev`, strided `slice`) and running
//! it compiled must give exactly what eager execution gives; size-1 broadcasting agrees with a naive index-by-index reference; literals
//! print as text that parses back to the same float32.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::array::Array;
use jaxplay::error::Result;
use jaxplay::ir::print::python_float;
use jaxplay::jnp;
use jaxplay::lax;
use jaxplay::primitives::elementwise::{Binary, BinaryOp, CompareOp, UnaryOp};
use jaxplay::primitives::Primitive;
use jaxplay::trace::Value;
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Step {
    Scalar(BinaryOp, f32),
    WithInput(BinaryOp),
    Unary(UnaryOp),
    Sum,
    /// `rev` of every axis.
    Rev,
    /// `x[1::stride]` along every axis (empty axes stay empty).
    Slice(usize),
}

fn step() -> impl Strategy<Value = Step> {
    // Every op of the enums, so a new one is covered without touching this test.
    let op = prop::sample::select(BinaryOp::ALL.to_vec());
    let unary = prop::sample::select(UnaryOp::ALL.to_vec());
    prop_oneof![
        (op.clone(), -4.0f32..4.0).prop_map(|(o, c)| Step::Scalar(o, c)),
        op.prop_map(Step::WithInput),
        unary.prop_map(Step::Unary),
        Just(Step::Sum),
        Just(Step::Rev),
        (1usize..3).prop_map(Step::Slice),
    ]
}

fn apply(steps: &[Step], x: &Value) -> Result<Value> {
    let mut acc = x.clone();
    for s in steps {
        acc = match s {
            Step::Scalar(op, c) => jnp::binary(*op, &acc, &jnp::number(*c as f64))?,
            // Shapes differ after a Sum; the input then broadcasts as a rank-promoted operand.
            Step::WithInput(op)
                if acc.aval().shape.is_empty() || acc.aval().shape == x.aval().shape =>
            {
                jnp::binary(*op, &acc, x)?
            }
            Step::WithInput(_) => acc,
            Step::Unary(op) => jnp::unary(*op, &acc)?,
            Step::Sum => jnp::sum(&acc, None)?,
            Step::Rev => lax::rev(&acc, (0..acc.aval().shape.len()).collect())?,
            Step::Slice(stride) => {
                let shape = acc.aval().shape;
                let start = shape.iter().map(|&n| n.min(1)).collect();
                lax::slice(&acc, start, shape.clone(), Some(vec![*stride; shape.len()]))?
            }
        };
    }
    Ok(acc)
}

fn input() -> impl Strategy<Value = (Vec<usize>, Vec<f32>)> {
    prop::collection::vec(0usize..4, 0..3).prop_flat_map(|shape| {
        let n: usize = shape.iter().product();
        (Just(shape), prop::collection::vec(-3.0f32..3.0, n))
    })
}

#[test]
fn op_names_parse_back_and_unknown_ones_list_the_known() {
    for op in BinaryOp::ALL {
        assert_eq!(BinaryOp::parse(op.name()).unwrap(), op);
    }
    for op in UnaryOp::ALL {
        assert_eq!(UnaryOp::parse(op.name()).unwrap(), op);
    }
    for op in CompareOp::ALL {
        assert_eq!(CompareOp::parse(op.name()).unwrap(), op);
    }
    let err = UnaryOp::parse("no_such_op").unwrap_err().to_string();
    let known: Vec<&str> = UnaryOp::ALL.iter().map(|op| op.name()).collect();
    assert_eq!(
        err,
        format!(
            "unknown unary op `no_such_op` (one of: {})",
            known.join(", ")
        )
    );
    assert!(err.contains("(one of: neg, sin, cos, exp, log"), "{err}");
}

proptest! {
    #[test]
    fn jit_matches_eager((shape, data) in input(), steps in prop::collection::vec(step(), 1..6)) {
        let x = f32s(&shape, &data);
        let eager = apply(&steps, &x).unwrap();
        let program = steps.clone();
        let f = jit("program", move |a| Ok(vec![apply(&program, &a[0])?]));
        let compiled = f.call(std::slice::from_ref(&x)).unwrap();
        prop_assert_eq!(eager.aval(), compiled[0].aval());
        let (e, c) = (values(&eager), values(&compiled[0]));
        // Bitwise equality (NaN-aware): both paths run the same kernels in the same order.
        prop_assert!(e.iter().zip(&c).all(|(a, b)| a.to_bits() == b.to_bits()), "{:?} vs {:?}", e, c);
    }

    #[test]
    fn size_one_broadcasting_matches_a_naive_reference(
        dims in prop::collection::vec(1usize..4, 1..4),
        mask_a in prop::collection::vec(any::<bool>(), 4),
        mask_b in prop::collection::vec(any::<bool>(), 4),
    ) {
        let shape_a: Vec<usize> = dims.iter().zip(&mask_a).map(|(&d, &m)| if m { 1 } else { d }).collect();
        let shape_b: Vec<usize> = dims.iter().zip(&mask_b).map(|(&d, &m)| if m { 1 } else { d }).collect();
        let fill = |shape: &[usize], base: f32| -> Vec<f32> {
            (0..shape.iter().product::<usize>()).map(|i| base + i as f32).collect()
        };
        let (va, vb) = (fill(&shape_a, 0.0), fill(&shape_b, 100.0));
        let a = Array::from_f32(&shape_a, va.clone()).unwrap();
        let b = Array::from_f32(&shape_b, vb.clone()).unwrap();
        let out = Binary(BinaryOp::Add).eval(&[a, b]).unwrap();
        let out_shape: Vec<usize> = shape_a.iter().zip(&shape_b).map(|(&x, &y)| x.max(y)).collect();
        prop_assert_eq!(out[0].shape(), out_shape.as_slice());
        let flat_index = |shape: &[usize], idx: &[usize]| -> usize {
            shape.iter().zip(idx).fold(0, |acc, (&n, &i)| acc * n + if n == 1 { 0 } else { i })
        };
        let got = out[0].to_f64_vec();
        let mut idx = vec![0usize; out_shape.len()];
        for g in got {
            let want = va[flat_index(&shape_a, &idx)] + vb[flat_index(&shape_b, &idx)];
            prop_assert_eq!(g, want as f64);
            for d in (0..idx.len()).rev() {
                idx[d] += 1;
                if idx[d] < out_shape[d] { break; }
                idx[d] = 0;
            }
        }
    }

    #[test]
    fn float_literals_round_trip(bits in any::<u32>()) {
        let v = f32::from_bits(bits);
        prop_assume!(v.is_finite());
        let text = python_float(v);
        let parsed: f32 = text.parse().unwrap();
        prop_assert_eq!(parsed.to_bits(), v.to_bits(), "{} printed as {}", v, text);
    }
}
