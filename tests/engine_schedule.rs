//! The schedule explorer: reordering moves unordered effects but never ordered ones or data
//! dependencies; duplicating and merging pure callbacks changes how often the host runs but not
//! the answer.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::jnp;
use jaxplay::primitives::elementwise::BinaryOp::*;
use jaxplay::schedule::{self, Schedule};
use std::collections::HashSet;

fn three_callbacks(ordered: bool) -> (Log, Jitted) {
    let log = log();
    let cbs = [
        recorder("a", &log),
        recorder("b", &log),
        recorder("c", &log),
    ];
    let f = jit("f", move |x| {
        for cb in &cbs {
            jnp::io_callback(cb.clone(), vec![], x, ordered)?;
        }
        Ok(vec![x[0].clone()])
    });
    (log, f)
}

fn orders_over_seeds(ordered: bool) -> HashSet<Vec<String>> {
    (0..20)
        .map(|seed| {
            schedule::set(Some(Schedule {
                seed,
                reorder: true,
                ..Schedule::default()
            }));
            let (log, f) = three_callbacks(ordered);
            f.call(&[f32s(&[], &[0.0])]).unwrap();
            schedule::set(None);
            let names = log.borrow().iter().map(|c| c.name.clone()).collect();
            names
        })
        .collect()
}

#[test]
fn reordering_moves_unordered_effects_only() {
    let unordered = orders_over_seeds(false);
    assert!(
        unordered.len() > 1,
        "some seed reorders unordered io callbacks: {unordered:?}"
    );
    let ordered = orders_over_seeds(true);
    assert_eq!(ordered.len(), 1);
    assert_eq!(ordered.into_iter().next().unwrap(), vec!["a", "b", "c"]);
}

#[test]
fn duplicating_and_merging_pure_callbacks_keeps_the_answer() {
    // oracle: dce_pure_duplicate_calls (2 calls in program order)
    let run = |s: Option<Schedule>| {
        schedule::set(s);
        let log = log();
        let cb = doubler("host", &log);
        let f = jit("f", move |a| {
            let spec = vec![like(&a[0])];
            let x = jnp::pure_callback(cb.clone(), spec.clone(), a, None)?;
            let y = jnp::pure_callback(cb.clone(), spec, a, None)?;
            Ok(vec![jnp::binary(Add, &x[0], &y[0])?])
        });
        let out = values(&f.call(&[f32s(&[], &[1.0])]).unwrap()[0]);
        schedule::set(None);
        let calls = log.borrow().len();
        (out, calls)
    };
    assert_eq!(run(None), (vec![4.0], 2));
    let merged = Schedule {
        seed: 1,
        merge_pure: true,
        ..Schedule::default()
    };
    assert_eq!(run(Some(merged)), (vec![4.0], 1));
    let counts: HashSet<usize> = (0..10)
        .map(|seed| {
            let (out, calls) = run(Some(Schedule {
                seed,
                duplicate_pure: true,
                ..Schedule::default()
            }));
            assert_eq!(out, vec![4.0]);
            calls
        })
        .collect();
    assert!(
        counts.iter().any(|&c| c > 2),
        "some seed runs a pure callback twice: {counts:?}"
    );
}
