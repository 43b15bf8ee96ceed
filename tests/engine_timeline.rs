//! Native tests of when timeline events read the clock, and of what their details say. Inside
//! a running execution, an event reuses the previous reading when only a little engine work and
//! no JS code ran in between; host code, subscribers and heavy work always get a fresh reading.
//! A clock that counts its readings makes every reuse visible. Details are kept as data and
//! worded when read, the same in Rust and at the JS boundary.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::jnp;
use jaxplay::primitives::elementwise::BinaryOp;
use jaxplay::timeline::{self, Event, EventKind, Phase};
use std::cell::Cell;

thread_local! {
    static READINGS: Cell<f64> = const { Cell::new(0.0) };
}

/// Each reading returns the number of readings so far.
fn counting_clock() -> f64 {
    READINGS.with(|r| {
        r.set(r.get() + 1.0);
        r.get()
    })
}

fn fresh_timeline() {
    timeline::set_clock(counting_clock);
    READINGS.with(|r| r.set(0.0));
    timeline::clear();
}

/// `(kind, phase, ts)` of every recorded event.
fn stamps() -> Vec<(EventKind, Phase, f64)> {
    timeline::events()
        .iter()
        .map(|e: &Event| (e.kind, e.phase, e.ts))
        .collect()
}

#[test]
fn a_small_jitted_callback_call_reads_the_clock_before_and_after_the_host() {
    let f = doubled_pure(&log());
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    f.call(std::slice::from_ref(&x)).unwrap(); // traces and compiles
    fresh_timeline();
    f.call(&[x]).unwrap();
    use EventKind::{Callback, Execute};
    use Phase::{Begin, End};
    assert_eq!(
        stamps(),
        vec![
            (Execute, Begin, 1.0),
            (Callback, Begin, 1.0), // only engine work since the execution began
            (Callback, End, 2.0),   // the host is JS code: read again
            (Execute, End, 2.0),
        ]
    );
}

#[test]
fn details_are_worded_when_read_and_cross_to_js_as_the_same_text() {
    let log = log();
    let f = doubled_pure(&log);
    let cb = doubler("host_double", &log);
    let g = jit("ordered", move |a| {
        jnp::io_callback(cb.clone(), vec![like(&a[0])], a, true)
    });
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    jaxplay::effects::restart().unwrap();
    f.call(std::slice::from_ref(&x)).unwrap();
    g.call(std::slice::from_ref(&x)).unwrap();
    g.call(&[x]).unwrap();
    let events = timeline::events();
    let calls: Vec<u64> = events
        .iter()
        .filter(|e| e.kind == EventKind::Token)
        .filter_map(|e| e.id)
        .collect();
    assert_eq!(calls.len(), 2, "{events:?}");
    let recorded = "1 equation(s) recorded";
    let kept = "1 equation(s) kept, 0 removed by dead-code elimination";
    let first = format!(
        "token #1: first ordered effect, to `host_double` (call {})",
        calls[0]
    );
    let second = format!(
        "token #2: from `host_double` (call {}) to `host_double` (call {})",
        calls[0], calls[1]
    );
    let details: Vec<String> = events
        .iter()
        .filter_map(|e| Some(e.detail.as_ref()?.to_string()))
        .collect();
    assert_eq!(details, [recorded, kept, recorded, kept, &first, &second]);
    for e in &events {
        let json = serde_json::to_value(e).unwrap();
        let want = e.detail.as_ref().map(|d| d.to_string().into());
        assert_eq!(json.get("detail").cloned(), want, "{e:?}");
    }
}

#[test]
fn heavy_engine_work_before_an_event_gets_a_fresh_reading() {
    let log = log();
    let host = doubler("host_double", &log);
    let f = jit("f", move |a| {
        let y = jnp::binary(BinaryOp::Mul, &a[0], &a[0])?;
        jnp::pure_callback(host.clone(), vec![like(&y)], &[y], None)
    });
    let big = f32s(&[10_000], &vec![1.5; 10_000]);
    f.call(std::slice::from_ref(&big)).unwrap();
    fresh_timeline();
    f.call(&[big]).unwrap();
    let ts: Vec<f64> = stamps().iter().map(|s| s.2).collect();
    // 30 000 elements of multiplication separate the execution's start from the host call,
    // and the callback's own 20 000 (argument and result) its end from the execution's end.
    assert_eq!(ts, vec![1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn events_caused_by_host_code_read_the_clock() {
    let log = log();
    let inner_log = log.clone();
    // A host that itself calls an eager pure callback, as JS host code may.
    let outer = host("outer", &log, move |args| {
        let inner = doubler("inner", &inner_log);
        let x = jaxplay::trace::Value::Array(args[0].clone());
        jnp::pure_callback(inner, vec![like(&x)], &[x], None).map_err(|e| e.to_string())?;
        Ok(vec![mapped_leaf(&args[0], |v| v)])
    });
    let f = jit("f", move |a| {
        jnp::pure_callback(outer.clone(), vec![like(&a[0])], a, None)
    });
    let x = f32s(&[2], &[1.0, 2.0]);
    f.call(std::slice::from_ref(&x)).unwrap();
    fresh_timeline();
    f.call(&[x]).unwrap();
    let names: Vec<(String, f64)> = timeline::events()
        .iter()
        .map(|e| (format!("{:?} {:?} {}", e.kind, e.phase, e.name), e.ts))
        .collect();
    let expected = [
        ("Execute Begin f", 1.0),
        ("Callback Begin outer", 1.0),
        ("Callback Begin inner", 2.0), // inside the host: fresh
        ("Callback End inner", 3.0),
        ("Callback End outer", 4.0),
        ("Execute End f", 4.0),
    ];
    let expected: Vec<(String, f64)> = expected.iter().map(|(n, t)| (n.to_string(), *t)).collect();
    assert_eq!(names, expected);
}

#[test]
fn a_subscriber_runs_code_of_its_own_so_the_next_event_reads_the_clock() {
    let f = doubled_pure(&log());
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    f.call(std::slice::from_ref(&x)).unwrap();
    fresh_timeline();
    let sub = timeline::subscribe(|_| {});
    f.call(&[x]).unwrap();
    timeline::unsubscribe(sub);
    let ts: Vec<f64> = stamps().iter().map(|s| s.2).collect();
    assert_eq!(ts, vec![1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn events_a_subscriber_causes_read_the_clock() {
    let log = log();
    let f = jit("f", |a| Ok(vec![jnp::binary(BinaryOp::Mul, &a[0], &a[0])?]));
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    f.call(std::slice::from_ref(&x)).unwrap();
    fresh_timeline();
    // On the execution's begin event, a subscriber runs host code: an eager callback.
    let inner = log.clone();
    let arg = x.clone();
    let sub = timeline::subscribe(move |e| {
        if e.kind == EventKind::Execute && e.phase == Phase::Begin {
            let host = doubler("from_subscriber", &inner);
            jnp::pure_callback(host, vec![like(&arg)], std::slice::from_ref(&arg), None).unwrap();
        }
    });
    f.call(&[x]).unwrap();
    timeline::unsubscribe(sub);
    let ts: Vec<(EventKind, Phase, f64)> = stamps();
    use EventKind::{Callback, Execute};
    use Phase::{Begin, End};
    assert_eq!(
        ts,
        vec![
            (Execute, Begin, 1.0),
            (Callback, Begin, 2.0), // the subscriber's callback: fresh, not the execution's reading
            (Callback, End, 3.0),
            (Execute, End, 4.0),
        ]
    );
}

#[test]
fn eager_callbacks_outside_any_execution_always_read_the_clock() {
    let log = log();
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    fresh_timeline();
    for _ in 0..2 {
        let host = doubler("host_double", &log);
        jnp::pure_callback(host, vec![like(&x)], std::slice::from_ref(&x), None).unwrap();
    }
    let ts: Vec<f64> = stamps().iter().map(|s| s.2).collect();
    assert_eq!(ts, vec![1.0, 2.0, 3.0, 4.0]);
}

mod log {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    #[derive(Debug, Clone)]
    enum Op {
        Emit(u8),
        SetCapacity(usize),
        Clear,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (1u8..40).prop_map(Op::Emit),
            2 => (0usize..30).prop_map(Op::SetCapacity),
            1 => Just(Op::Clear),
        ]
    }

    proptest! {
        /// The bounded log keeps the newest `capacity` events, oldest first, and counts what it
        /// dropped, exactly like a deque that pops from the front.
        #[test]
        fn the_log_behaves_like_a_bounded_deque(ops in prop::collection::vec(op(), 1..40)) {
            timeline::clear();
            timeline::set_capacity(timeline::DEFAULT_CAPACITY);
            let (mut model, mut capacity, mut dropped) = (VecDeque::new(), timeline::DEFAULT_CAPACITY, 0u64);
            let mut next = 0u64;
            for op in ops {
                match op {
                    Op::Emit(n) => {
                        for _ in 0..n {
                            let mut e = Event::new(EventKind::Execute, Phase::Instant, "e");
                            e.id = Some(next);
                            timeline::emit(e);
                            model.push_back(next);
                            next += 1;
                            if model.len() > capacity {
                                model.pop_front();
                                dropped += 1;
                            }
                        }
                    }
                    Op::SetCapacity(c) => {
                        timeline::set_capacity(c);
                        capacity = c.max(1);
                        while model.len() > capacity {
                            model.pop_front();
                            dropped += 1;
                        }
                    }
                    Op::Clear => {
                        timeline::clear();
                        model.clear();
                        dropped = 0;
                    }
                }
                let ids: Vec<u64> = timeline::events().iter().filter_map(|e| e.id).collect();
                prop_assert_eq!(ids, model.iter().copied().collect::<Vec<_>>());
                prop_assert_eq!(timeline::dropped(), dropped);
            }
        }
    }
}

#[test]
fn recording_off_keeps_no_events_and_reads_no_clock() {
    let f = doubled_pure(&log());
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    fresh_timeline();
    timeline::set_recording(false);
    let out = f.call(std::slice::from_ref(&x));
    timeline::set_recording(true);
    assert_eq!(values(&out.unwrap()[0]), vec![2.0, 4.0, 6.0]);
    assert!(timeline::events().is_empty());
    assert_eq!(READINGS.with(Cell::get), 0.0);
    f.call(&[x]).unwrap();
    assert_eq!(timeline::events().len(), 4);
}
