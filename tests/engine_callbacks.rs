//! Native tests of host callbacks through `jit`: the two exercises, DCE, zero-size results,
//! ordering, result checking and recovery after errors. Values and call counts come from the
//! real-JAX oracle cases named in each test.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::effects;
use jaxplay::error::Error;
use jaxplay::host::{HostData, HostDtype, HostLeaf};
use jaxplay::jnp;
use jaxplay::primitives::control::Scan;
use jaxplay::primitives::elementwise::BinaryOp;
use jaxplay::timeline::{self, CallbackClass, EventKind, Phase, Status};
use jaxplay::trace::trace_to_jaxpr;
use jaxplay::vmap;
use std::cell::RefCell;
use std::rc::Rc;

fn doubled_io(log: &Log, ordered: bool) -> Jitted {
    let cb = doubler("host_double", log);
    jit("io_callback_passthrough", move |a| {
        jnp::io_callback(cb.clone(), vec![like(&a[0])], a, ordered)
    })
}

#[test]
fn exercise_one_doubles_through_a_pure_callback() {
    // oracle: pure_double_jit
    let log = log();
    let f = doubled_pure(&log);
    let out = f.call(&[f32s(&[3], &[1.0, -2.0, 3.0])]).unwrap();
    assert_eq!(values(&out[0]), vec![2.0, -4.0, 6.0]);
    assert_eq!(out[0].aval(), ShapedArray::new(vec![3], DType::Float32));
    let calls = log.borrow();
    assert_eq!(calls.len(), 1);
    assert_eq!(
        calls[0].args,
        vec![(vec![3], DType::Float32, vec![1.0, -2.0, 3.0])]
    );
}

#[test]
fn exercise_two_doubles_through_an_ordered_io_callback() {
    // oracle: io_ordered_double_jit
    let log = log();
    let f = doubled_io(&log, true);
    let out = f.call(&[f32s(&[3], &[5.0, 6.0, 7.0])]).unwrap();
    assert_eq!(values(&out[0]), vec![10.0, 12.0, 14.0]);
    assert_eq!(log.borrow().len(), 1);
}

#[test]
fn empty_input_skips_a_pure_host_but_not_an_io_host() {
    // oracle: pure_double_empty_jit (0 calls), io_ordered_double_empty_jit (1 call)
    let log_pure = log();
    let out = doubled_pure(&log_pure).call(&[f32s(&[0], &[])]).unwrap();
    assert_eq!(out[0].aval().shape, vec![0]);
    assert_eq!(out[0].aval().dtype, DType::Float32);
    assert_eq!(log_pure.borrow().len(), 0);

    let log_io = log();
    let out = doubled_io(&log_io, true).call(&[f32s(&[0], &[])]).unwrap();
    assert_eq!(out[0].aval().shape, vec![0]);
    assert_eq!(log_io.borrow().len(), 1);
}

#[test]
fn nonempty_input_with_all_empty_results_skips_the_host() {
    // oracle: pure_nonempty_input_empty_output / pure_mixed_empty_and_nonempty_outputs
    let log = log();
    let cb = doubler("host", &log);
    let empty = ShapedArray::new(vec![0], DType::Float32);
    let f = jit("f", move |a| {
        jnp::pure_callback(cb.clone(), vec![empty.clone()], a, None)
    });
    f.call(&[f32s(&[3], &[0.0, 1.0, 2.0])]).unwrap();
    assert_eq!(log.borrow().len(), 0);

    let log2 = log_mixed();
    assert_eq!(log2, 1);
}

fn log_mixed() -> usize {
    let log = log();
    let cb = host("host", &log, |args| {
        let x = HostLeaf::from_array(&args[0]);
        let empty = HostLeaf {
            dtype: HostDtype::Named("float32".into()),
            shape: vec![0],
            data: HostData::F64(vec![]),
        };
        Ok(vec![empty, x])
    });
    let specs = vec![
        ShapedArray::new(vec![0], DType::Float32),
        ShapedArray::new(vec![3], DType::Float32),
    ];
    let f = jit("f", move |a| {
        jnp::pure_callback(cb.clone(), specs.clone(), a, None)
    });
    let out = f.call(&[f32s(&[3], &[0.0, 1.0, 2.0])]).unwrap();
    assert_eq!(values(&out[1]), vec![0.0, 1.0, 2.0]);
    let n = log.borrow().len();
    n
}

#[test]
fn dce_removes_an_unused_pure_callback_but_keeps_io() {
    // oracle: dce_pure_unused_jit (0 calls), dce_io_unused_jit_unordered / _ordered (1 call)
    for (kind, expected_calls) in [("pure", 0), ("io", 1), ("io_ordered", 1)] {
        let log = log();
        let cb = doubler("host", &log);
        let f = jit("f", move |a| {
            let spec = vec![like(&a[0])];
            match kind {
                "pure" => jnp::pure_callback(cb.clone(), spec, a, None)?,
                _ => jnp::io_callback(cb.clone(), spec, a, kind == "io_ordered")?,
            };
            Ok(vec![jnp::binary(BinaryOp::Mul, &a[0], &jnp::number(2.0))?])
        });
        timeline::clear();
        let out = f.call(&[f32s(&[], &[2.0])]).unwrap();
        assert_eq!(values(&out[0]), vec![4.0], "{kind}");
        assert_eq!(log.borrow().len(), expected_calls, "{kind}");
        let removed: Vec<_> = timeline::events()
            .into_iter()
            .filter(|e| e.kind == EventKind::Dce)
            .collect();
        assert_eq!(removed.len(), 1 - expected_calls, "{kind}: DCE events");
        if let Some(e) = removed.first() {
            assert_eq!(&*e.name, "host");
            assert_eq!(e.status, Some(Status::Removed));
        }
    }
}

#[test]
fn pure_callback_with_no_results_is_removed_under_jit() {
    // oracle: dce_pure_no_outputs_jit
    let log = log();
    let cb = host("host", &log, |_| Ok(vec![]));
    let f = jit("f", move |a| {
        let r = jnp::pure_callback(cb.clone(), vec![], a, None)?;
        assert!(r.is_empty());
        Ok(vec![a[0].clone()])
    });
    f.call(&[f32s(&[], &[1.0])]).unwrap();
    assert_eq!(log.borrow().len(), 0);
    // Real JAX does not call it eagerly either (checked with jax 0.10.2).
    let cb = recorder("host", &log);
    jnp::pure_callback(cb, vec![], &[f32s(&[], &[1.0])], None).unwrap();
    assert_eq!(log.borrow().len(), 0);
}

#[test]
fn duplicate_and_chained_pure_callbacks_each_run() {
    // oracle: dce_pure_duplicate_calls (2 calls), pure_chain_data_dependence (a then b)
    let log = log();
    let cb = doubler("host", &log);
    let f = jit("f", move |a| {
        let s = vec![like(&a[0])];
        let x = jnp::pure_callback(cb.clone(), s.clone(), a, None)?;
        let y = jnp::pure_callback(cb.clone(), s, a, None)?;
        Ok(vec![jnp::binary(BinaryOp::Add, &x[0], &y[0])?])
    });
    assert_eq!(values(&f.call(&[f32s(&[], &[1.0])]).unwrap()[0]), vec![4.0]);
    assert_eq!(log.borrow().len(), 2);

    let log = common::log();
    let plus_one = host("a", &log, |args| {
        Ok(vec![mapped_leaf(&args[0], |v| v + 1.0)])
    });
    let times_ten = host("b", &log, |args| {
        Ok(vec![mapped_leaf(&args[0], |v| v * 10.0)])
    });
    let g = jit("g", move |a| {
        let s = vec![like(&a[0])];
        let first = jnp::pure_callback(plus_one.clone(), s.clone(), a, None)?;
        jnp::pure_callback(times_ten.clone(), s, &first, None)
    });
    assert_eq!(
        values(&g.call(&[f32s(&[2], &[0.0, 1.0])]).unwrap()[0]),
        vec![10.0, 20.0]
    );
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["a", "b"]);
}

#[test]
fn ordered_io_runs_in_program_order_across_jitted_calls_with_token_handoffs() {
    // oracle: ordering_ordered_io_three, ordering_ordered_across_jit_calls
    let log = log();
    let (a, b, c) = (
        recorder("a", &log),
        recorder("b", &log),
        recorder("c", &log),
    );
    let f = jit("f", move |x| {
        for cb in [&a, &b, &c] {
            jnp::io_callback(cb.clone(), vec![], x, true)?;
        }
        Ok(vec![x[0].clone()])
    });
    let g_cb = recorder("g", &log);
    let g = jit("g", move |x| {
        jnp::io_callback(g_cb.clone(), vec![], x, true)?;
        Ok(vec![x[0].clone()])
    });
    timeline::clear();
    f.call(&[f32s(&[], &[0.0])]).unwrap();
    g.call(&[f32s(&[], &[0.0])]).unwrap();
    f.call(&[f32s(&[], &[0.0])]).unwrap();
    effects::effects_barrier();
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["a", "b", "c", "g", "a", "b", "c"]);
    let tokens: Vec<_> = timeline::events()
        .into_iter()
        .filter(|e| e.kind == EventKind::Token)
        .map(|e| e.name.to_string())
        .collect();
    assert_eq!(
        tokens, names,
        "every ordered call takes the token, in order"
    );
    let barrier = timeline::events().into_iter().last().unwrap();
    assert_eq!(barrier.kind, EventKind::Barrier);
    assert!(barrier
        .detail
        .unwrap()
        .to_string()
        .contains("last held by `c`"));
}

#[test]
fn callback_events_nest_inside_their_execution() {
    let log = log();
    let f = doubled_pure(&log);
    timeline::clear();
    f.call(&[f32s(&[3], &[1.0, 2.0, 3.0])]).unwrap();
    f.call(&[f32s(&[3], &[1.0, 2.0, 3.0])]).unwrap();
    let events = timeline::events();
    let kinds: Vec<_> = events.iter().map(|e| (e.kind, e.phase)).collect();
    use EventKind::*;
    use Phase::*;
    assert_eq!(
        kinds,
        vec![
            (Trace, Begin),
            (Trace, End),
            (Compile, Begin),
            (Compile, End),
            (Execute, Begin),
            (Callback, Begin),
            (Callback, End),
            (Execute, End),
            (Execute, Begin),
            (Callback, Begin),
            (Callback, End),
            (Execute, End),
        ]
    );
    assert_eq!(events[4].status, Some(Status::Miss));
    assert_eq!(events[8].status, Some(Status::Hit));
    assert_eq!(events[5].parent, events[4].id);
    assert_eq!(
        events[5].shapes.as_deref(),
        Some(&["f32[3]".to_string()][..])
    );
    assert_eq!(events[5].callback_kind, Some(CallbackClass::Pure));
    assert!(events
        .windows(2)
        .all(|w| w[0].seq < w[1].seq && w[0].ts <= w[1].ts));
}

#[test]
fn result_checks_name_the_callback_and_show_expected_vs_actual() {
    // oracle: shape_mismatch_pure, dtype_f32_for_bool_error, wrong_num_outputs
    let log = log();
    let cases: Vec<(ShapedArray, Vec<HostLeaf>, &str)> = vec![
        (
            ShapedArray::new(vec![3], DType::Float32),
            vec![HostLeaf {
                dtype: HostDtype::Named("float32".into()),
                shape: vec![2],
                data: HostData::F64(vec![0.0, 0.0]),
            }],
            "Incorrect output shape for return value #0 of `host`: Expected: (3,), Actual: (2,)",
        ),
        (
            ShapedArray::new(vec![2], DType::Bool),
            vec![HostLeaf {
                dtype: HostDtype::Named("float32".into()),
                shape: vec![2],
                data: HostData::F64(vec![1.0, 0.0]),
            }],
            "Incorrect output dtype for return value #0 of `host`: Expected: bool, Actual: float32",
        ),
        (
            ShapedArray::new(vec![], DType::Float32),
            vec![
                HostLeaf {
                    dtype: HostDtype::Number,
                    shape: vec![],
                    data: HostData::F64(vec![2.0]),
                },
                HostLeaf {
                    dtype: HostDtype::Number,
                    shape: vec![],
                    data: HostData::F64(vec![1.0]),
                },
            ],
            "Mismatched number of outputs from callback `host`. Expected: 1, Actual: 2",
        ),
    ];
    for (spec, returned, message) in cases {
        let cb = host("host", &log, move |_| Ok(returned.clone()));
        let f = jit("f", move |a| {
            jnp::pure_callback(cb.clone(), vec![spec.clone()], a, None)
        });
        let err = f.call(&[f32s(&[2], &[1.0, 0.0])]).unwrap_err();
        assert_eq!(err.to_string(), message);
    }
}

#[test]
fn engine_keeps_working_after_a_callback_raises() {
    // oracle: err_recover_after_raise
    let log = log();
    let cb = host("host", &log, |args| {
        let x = args[0].to_f64_vec()[0];
        if x < 0.0 {
            return Err("negative".into());
        }
        Ok(vec![HostLeaf {
            dtype: HostDtype::Number,
            shape: vec![],
            data: HostData::F64(vec![x * 2.0]),
        }])
    });
    let f = jit("f", move |a| {
        jnp::pure_callback(
            cb.clone(),
            vec![ShapedArray::new(vec![], DType::Float32)],
            a,
            None,
        )
    });
    let err = f.call(&[f32s(&[], &[-1.0])]).unwrap_err();
    assert_eq!(
        err,
        Error::CallbackRaised {
            kind: "pure_callback",
            callback: "host".into(),
            message: "negative".into(),
            compiled: true,
        }
    );
    assert_eq!(
        err.to_string(),
        "pure_callback `host` raised an error: negative"
    );
    assert_eq!(values(&f.call(&[f32s(&[], &[3.0])]).unwrap()[0]), vec![6.0]);
    assert_eq!(log.borrow().len(), 2);
}

#[test]
fn eager_callbacks_run_immediately_in_call_order() {
    // oracle: ordering_eager_io_calls, pure_double_eager
    let log = log();
    let s = vec![ShapedArray::new(vec![], DType::Float32)];
    let x = [f32s(&[], &[1.0])];
    jnp::io_callback(doubler("io1", &log), s.clone(), &x, true).unwrap();
    let out = jnp::pure_callback(doubler("pure", &log), s.clone(), &x, None).unwrap();
    jnp::io_callback(doubler("io2", &log), s, &x, true).unwrap();
    assert_eq!(values(&out[0]), vec![2.0]);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["io1", "pure", "io2"]);
}

#[test]
fn a_failing_host_says_whether_a_compiled_program_called_it() {
    // tests/js/fixtures/python_host_errors.json (debug/*): JAX wraps the exception of a host
    // that compiled code called (jit, a lax.scan body) in JaxRuntimeError, and a debug callback
    // called directly (eagerly, or under an eager vmap, which unrolls it) raises its own.
    let log = log();
    let cb = host("host", &log, |_| Err("boom".into()));
    let compiled = |r: Result<(), Error>| match r.unwrap_err() {
        Error::CallbackRaised { compiled, .. } => compiled,
        e => panic!("{e}"),
    };
    let x = f32s(&[2], &[1.0, 2.0]);
    let xs = std::slice::from_ref(&x);
    assert!(!compiled(jnp::debug_callback(cb.clone(), xs, false)));
    let jitted = {
        let cb = cb.clone();
        jit("f", move |a| {
            jnp::debug_callback(cb.clone(), a, false)?;
            Ok(a.to_vec())
        })
    };
    assert!(compiled(jitted.call(xs).map(|_| ())));
    let scalar = ShapedArray::new(vec![], DType::Float32);
    let body = trace_to_jaxpr("body", &[scalar], true, |v| {
        jnp::debug_callback(cb.clone(), &v[..1], false)?;
        Ok(vec![])
    })
    .unwrap();
    assert!(compiled(Scan::bind(body, 2, 0, 0, false, xs).map(|_| ())));
    log.borrow_mut().clear();
    let batched = vmap::vmap("f", &[x], &[Some(0)], &[Some(0)], |a| {
        jnp::debug_callback(cb.clone(), &a, false)?;
        Ok(a)
    });
    assert!(!compiled(batched.map(|_| ())));
    // The first element's call raised; the unrolled calls stop there.
    assert_eq!(log.borrow().len(), 1);
    assert_eq!(log.borrow()[0].args[0].0, Vec::<usize>::new());
}

#[test]
fn vmap_unrolls_a_debug_callback_as_jax_does() {
    // JAX 0.10.2's make_jaxpr(vmap(f)) for f calling jax.debug.callback on one f32[3] argument:
    // a slice, a squeeze and a debug_callback per element, no scan.
    let log = log();
    let cb = recorder("show", &log);
    let arg = ShapedArray::new(vec![3], DType::Float32);
    let closed = trace_to_jaxpr("f", &[arg], true, |v| {
        vmap::vmap("f", &v, &[Some(0)], &[Some(0)], |a| {
            jnp::debug_callback(cb.clone(), &a, false)?;
            Ok(a)
        })
    })
    .unwrap();
    let prims: Vec<&str> = closed
        .jaxpr
        .eqns
        .iter()
        .map(|e| e.primitive.name())
        .collect();
    assert_eq!(prims, ["slice", "squeeze", "debug_callback"].repeat(3));
}

#[test]
fn a_restarted_timeline_numbers_from_the_start_and_forgets_the_token() {
    // What a worker that warmed up shows its learner: the run as a fresh engine records it.
    let log = log();
    let f = doubled_io(&log, true);
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    f.call(std::slice::from_ref(&x)).unwrap();
    f.call(std::slice::from_ref(&x)).unwrap();
    effects::restart().unwrap();
    assert!(timeline::events().is_empty());
    f.call(&[x]).unwrap();
    let events = timeline::events();
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (0..events.len() as u64).collect::<Vec<_>>());
    assert_eq!(events[0].kind, EventKind::Execute);
    assert_eq!(events[0].id, Some(1), "span ids start over");
    let token = events.iter().find(|e| e.kind == EventKind::Token).unwrap();
    assert_eq!(
        token.detail.as_ref().map(ToString::to_string).as_deref(),
        Some("token #1: first ordered effect, to `host_double` (call 2)")
    );
}

#[test]
fn restarting_the_timeline_from_a_host_is_refused() {
    let log = log();
    let seen = Rc::new(RefCell::new(None));
    let cb = {
        let seen = seen.clone();
        host("restarts", &log, move |args| {
            *seen.borrow_mut() = Some(effects::restart());
            Ok(args.iter().map(|a| mapped_leaf(a, |v| v)).collect())
        })
    };
    let f = jit("f", move |a| {
        jnp::io_callback(cb.clone(), vec![like(&a[0])], a, true)
    });
    f.call(&[f32s(&[], &[1.0])]).unwrap();
    let refused = seen.borrow_mut().take().unwrap();
    assert!(matches!(refused, Err(Error::Usage { message }) if message.contains("between runs")));
    assert!(
        !timeline::events().is_empty(),
        "the running execution's events are kept"
    );
}
