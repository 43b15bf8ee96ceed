//! The module layering the README describes, checked on the sources so a leak fails here rather
//! than in review: the core never knows about JS; primitives never reach up into the `jnp` layer,
//! `jit` or the facade; first-order primitives use no transformation at all (their batching
//! rules are written with `batching` and `lax`), while higher-order ones apply the jaxpr-level
//! transformations to their bodies, as JAX's rules do.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate modules a file names (`crate::jnp::...`, `use crate::{lax, ...}`), comments excluded.
fn crate_modules(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let names: Vec<&str> = match rest.strip_prefix('{') {
                Some(list) => list.split([',', '}']).collect(),
                None => vec![rest],
            };
            for name in names {
                let name: String = name
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.push(name);
                }
            }
        }
    }
    found
}

fn violations(files: &[PathBuf], forbidden: &[&str]) -> Vec<String> {
    files
        .iter()
        .flat_map(|f| {
            let source = fs::read_to_string(f).unwrap();
            crate_modules(&source)
                .into_iter()
                .filter(|m| forbidden.contains(&m.as_str()))
                .map(move |m| format!("{} uses crate::{m}", f.display()))
        })
        .collect()
}

fn files_under(dir: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    files
}

#[test]
fn the_core_never_knows_about_js() {
    let core: Vec<PathBuf> = files_under("src")
        .into_iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "facade"))
        .collect();
    let mut bad = violations(&core, &["facade"]);
    for f in &core {
        let source = fs::read_to_string(f).unwrap();
        for js in ["wasm_bindgen", "js_sys", "web_sys", "serde_wasm_bindgen"] {
            if source.contains(&format!("{js}::")) {
                bad.push(format!("{} uses {js}", f.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn primitives_never_reach_up_to_jnp_jit_or_the_facade() {
    let bad = violations(&files_under("src/primitives"), &["jnp", "jit", "facade"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn first_order_primitives_use_no_transformation() {
    let files: Vec<PathBuf> = [
        "elementwise.rs",
        "structural.rs",
        "slicing.rs",
        "callback.rs",
    ]
    .iter()
    .map(|f| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/primitives")
            .join(f)
    })
    .collect();
    let bad = violations(&files, &["vmap", "ad", "pe", "dce", "jnp", "jit"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_helpers_rules_are_written_with_stay_below_the_transformations() {
    let files: Vec<PathBuf> = ["src/lax.rs", "src/batching.rs", "src/ir"]
        .iter()
        .flat_map(|p| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(p);
            if path.is_dir() {
                files_under(p)
            } else {
                vec![path]
            }
        })
        .collect();
    let bad = violations(&files, &["vmap", "ad", "pe", "jnp", "jit"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_scanner_sees_both_import_forms() {
    assert_eq!(
        crate_modules("use crate::{lax, trace::Value};\nlet x = crate::jnp::f(); // crate::jit"),
        ["lax", "trace", "jnp"]
    );
}
