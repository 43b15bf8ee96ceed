//! The jaxpr as data (`ir::data`): the exercises' programs against golden JSON files in
//! `tests/golden/data/` (rewritten with `UPDATE_GOLDEN=1`), and the data agreeing with the
//! printed text: every variable it names is a name the printer uses, params typed.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::ir::data::{jaxpr_data, AtomData, JaxprData, ParamData};
use jaxplay::ir::Jaxpr;
use jaxplay::jit::trace_with_events;
use jaxplay::jnp;
use jaxplay::primitives::custom::StopGradient;
use jaxplay::trace::{bind1, Value};
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
