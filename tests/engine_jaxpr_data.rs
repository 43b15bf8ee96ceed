//! The jaxpr as data (`ir::data`): the exercises' programs against golden JSON files in
//! `tests/golden/data/` (rewritten with `UPDATE_GOLDEN=1`), and the data agreeing with the
//! printed text: every variable it names is a name the printer uses, params typed. The printed
//! jaxpr as runs (`ir::layout`, what pages draw) joins to the text and has the data's equations.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::ir::data::{jaxpr_data, AtomData, EqnData, JaxprData, ParamData};
use jaxplay::ir::layout::{jaxpr_layout, layout_text, EqnRun, Run};
use jaxplay::ir::Jaxpr;
use jaxplay::jit::trace_with_events;
use jaxplay::jnp;
use jaxplay::primitives::control::Scan;
use jaxplay::primitives::custom::StopGradient;
use jaxplay::primitives::elementwise::BinaryOp;
use jaxplay::trace::{bind1, trace_to_jaxpr, Value};
use std::rc::Rc;

fn traced(
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> jaxplay::error::Result<Vec<Value>>,
) -> Jaxpr {
    trace_with_events("f", in_avals, f).expect("traces").jaxpr
}

fn f32s_aval(n: usize) -> ShapedArray {
    ShapedArray::new(vec![n], DType::Float32)
}

/// The exercises' programs: step 1 (pure), step 2 (ordered io), step 3 fixed with stopGradient.
fn programs() -> Vec<(&'static str, Jaxpr)> {
    let log = log();
    let cb = doubler("hostDouble", &log);
    let mean = doubler("hostMean", &log);
    vec![
        (
            "exercise_pure",
            traced(&[f32s_aval(3)], |a| {
                jnp::pure_callback(cb.clone(), vec![like(&a[0])], &a, None)
            }),
        ),
        (
            "exercise_io",
            traced(&[f32s_aval(3)], |a| {
                jnp::io_callback(cb.clone(), vec![like(&a[0])], &a, true)
            }),
        ),
        (
            "exercise_grad_stopped",
            traced(&[f32s_aval(4)], |a| {
                let stopped = bind1(Rc::new(StopGradient), &a)?;
                let scalar = ShapedArray::new(vec![], DType::Float32);
                let m = jnp::pure_callback(mean.clone(), vec![scalar], &[stopped], None)?;
                let d = jnp::binary(
                    jaxplay::primitives::elementwise::BinaryOp::Sub,
                    &a[0],
                    &m[0],
                )?;
                let sq = jnp::binary(jaxplay::primitives::elementwise::BinaryOp::Mul, &d, &d)?;
                Ok(vec![jnp::sum(&sq, None)?])
            }),
        ),
    ]
}

fn golden_path(name: &str) -> String {
    format!(
        "{}/tests/golden/data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn exercise_jaxprs_as_data_match_their_golden_files() {
    for (name, jaxpr) in programs() {
        let json = serde_json::to_string_pretty(&jaxpr_data(&jaxpr)).expect("serializes") + "\n";
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(golden_path(name), &json).expect("writes golden");
        }
        let want = std::fs::read_to_string(golden_path(name)).expect("golden file exists");
        assert_eq!(
            json, want,
            "{name}: rerun with UPDATE_GOLDEN=1 if the change is intended"
        );
    }
}

fn names(d: &JaxprData, out: &mut Vec<String>) {
    let atom = |a: &AtomData| match a {
        AtomData::Var { name, .. } => Some(name.clone()),
        AtomData::Literal { .. } => None,
    };
    out.extend(d.invars.iter().map(|v| v.name.clone()));
    for e in &d.eqns {
        out.extend(e.outputs.iter().map(|v| v.name.clone()));
        out.extend(e.inputs.iter().filter_map(atom));
        for p in e.params.values() {
            match p {
                ParamData::Jaxpr(j) => names(j, out),
                ParamData::Jaxprs(js) => js.iter().for_each(|j| names(j, out)),
                _ => {}
            }
        }
    }
    out.extend(d.outvars.iter().filter_map(atom));
}

#[test]
fn data_names_are_the_printed_names_and_params_are_typed() {
    for (name, jaxpr) in programs() {
        let data = jaxpr_data(&jaxpr);
        let text = jaxpr.to_string();
        let mut all = Vec::new();
        names(&data, &mut all);
        for n in all.iter().filter(|n| n.as_str() != "_") {
            let binder = format!("{n}:");
            let used = format!(" {n}");
            assert!(
                text.contains(&binder) || text.contains(&used),
                "{name}: `{n}` is not in\n{text}"
            );
        }
        let callback = data
            .eqns
            .iter()
            .find(|e| e.primitive.ends_with("_callback"))
            .expect("a callback equation");
        assert!(
            matches!(callback.params.get("result_avals"), Some(ParamData::Avals(a)) if a.len() == 1)
        );
        assert!(matches!(
            callback.params.get("sharding"),
            Some(ParamData::None)
        ));
        if callback.primitive == "io_callback" {
            assert_eq!(callback.params.get("ordered"), Some(&ParamData::Bool(true)));
            assert_eq!(data.effects, ["OrderedIOEffect"]);
        }
    }
}

/// A scan whose body calls the host: a callback equation inside the scan equation's text.
fn scan_with_callback() -> Jaxpr {
    let log = log();
    let cb = doubler("hostDouble", &log);
    let scalar = ShapedArray::new(vec![], DType::Float32);
    traced(&[f32s_aval(3)], |a| {
        let body = trace_to_jaxpr("body", &[scalar.clone(), scalar.clone()], true, |v| {
            let y = jnp::pure_callback(cb.clone(), vec![like(&v[1])], &v[1..], None)?;
            Ok(vec![
                jnp::binary(BinaryOp::Add, &v[0], &y[0])?,
                y[0].clone(),
            ])
        })?;
        Scan::bind(body, 3, 0, 1, false, &[f32s(&[], &[0.0]), a[0].clone()])
    })
}

/// The data's equations, each before those of its sub-jaxprs (the order the printer meets them).
fn data_eqns<'a>(d: &'a JaxprData, out: &mut Vec<&'a EqnData>) {
    for e in &d.eqns {
        out.push(e);
        for p in e.params.values() {
            match p {
                ParamData::Jaxpr(j) => data_eqns(j, out),
                ParamData::Jaxprs(js) => js.iter().for_each(|j| data_eqns(j, out)),
                _ => {}
            }
        }
    }
}

fn layout_eqns<'a>(runs: &'a [Run], out: &mut Vec<&'a EqnRun>) {
    for r in runs {
        if let Run::Eqn(e) = r {
            out.push(e);
            layout_eqns(&e.runs, out);
        }
    }
}

#[test]
fn the_layout_is_the_printed_text_with_the_datas_equations() {
    let mut all = programs();
    all.push(("scan_with_callback", scan_with_callback()));
    for (name, jaxpr) in all {
        let layout = jaxpr_layout(&jaxpr);
        let text = jaxpr.to_string();
        assert_eq!(layout_text(&layout), text, "{name}");
        let data = jaxpr_data(&jaxpr);
        let (mut want, mut got) = (Vec::new(), Vec::new());
        data_eqns(&data, &mut want);
        layout_eqns(&layout, &mut got);
        assert_eq!(got.len(), want.len(), "{name}");
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g.primitive, w.primitive, "{name}");
            assert_eq!(g.source, w.source, "{name}");
            let callback = match w.params.get("callback") {
                Some(ParamData::Text(t)) => Some(t.clone()),
                _ => None,
            };
            assert_eq!(g.callback, callback, "{name}: {}", w.primitive);
            // An equation's text is its own line(s) of the printed jaxpr, results to operands.
            let own = layout_text(&g.runs);
            assert!(
                own.contains(g.primitive) && text.contains(&own),
                "{name}: {own}"
            );
        }
    }
    // The callback's text is inside the scan's, which holds its body.
    let layout = jaxpr_layout(&scan_with_callback());
    let mut eqns = Vec::new();
    layout_eqns(&layout, &mut eqns);
    let primitives: Vec<_> = eqns.iter().map(|e| e.primitive).collect();
    assert_eq!(primitives, ["scan", "pure_callback", "add"]);
    assert_eq!(eqns[1].callback.as_deref(), Some("hostDouble"));
    assert!(layout_text(&eqns[0].runs).contains(&layout_text(&eqns[1].runs)));
}
