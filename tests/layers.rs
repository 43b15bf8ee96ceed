//! The module layering the README describes, checked on the sources so a leak fails here rather
//! than in review: the core never knows about JS; the IR never imports tracing or a
//! transformation; primitives never reach up into the `jnp` layer,
//! `jit` or the facade; no primitive imports a transformation (`ad`, `pe`, `dce`, `vmap`): a
//! first-order one uses none at all (its batching rule is written with `batching` and `lax`),
//! while a higher-order one applies the jaxpr-level entry points re-exported by
//! `primitives/bodies.rs`, and only those, to its bodies, as JAX's rules do.

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

/// The crate modules a file names (`crate::jnp::...`, `use crate::{lax, ...}`, a group
/// rustfmt wrapped over several lines), comments and strings excluded: the first name of each
/// path, and of each item of a `crate::{...}` group (not the names nested deeper in it).
fn crate_modules(source: &str) -> Vec<String> {
    let code = code_only(source);
    let identifier = |text: &str| -> String {
        text.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            found.push(identifier(rest));
            continue;
        };
        let mut depth = 1;
        let mut item_start = true;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 1 => item_start = true,
                _ if item_start && depth == 1 && !c.is_whitespace() => {
                    found.push(identifier(&group[i..]));
                    item_start = false;
                }
                _ => {}
            }
            if depth == 0 {
                break;
            }
        }
    }
    found.retain(|name| !name.is_empty());
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

/// The IR (variables, equations, jaxprs, their printing and checking) is data: it knows
/// nothing of tracing or of the transformations that build and rewrite it.
#[test]
fn the_ir_never_imports_tracing_or_a_transformation() {
    let forbidden = [
        "trace", "ad", "pe", "dce", "vmap", "jit", "batching", "lax", "jnp", "random", "api",
        "facade",
    ];
    let files = files_under("src/ir");
    assert!(files.len() > 3, "src/ir has {} files", files.len());
    let bad = violations(&files, &forbidden);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn primitives_never_reach_up_to_jnp_jit_or_the_facade() {
    let bad = violations(&files_under("src/primitives"), &["jnp", "jit", "facade"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

/// Host NumPy computes on concrete arrays with the engine's kernels: it uses no tracing, no
/// transformation, no `jnp` layer or `jit`, and the facade is its only caller from JS.
#[test]
fn host_numpy_uses_the_kernels_not_the_tracing_machinery() {
    let bad = violations(
        &files_under("src/numpy"),
        &[
            "trace", "jnp", "jit", "facade", "ad", "pe", "dce", "vmap", "lax", "batching", "api",
        ],
    );
    assert!(bad.is_empty(), "{bad:#?}");
}

/// The transformation modules.
const TRANSFORMS: [&str; 4] = ["ad", "pe", "dce", "vmap"];

/// The one module of `src/primitives` that names the transformations.
const BODIES: &str = "src/primitives/bodies.rs";

/// Primitives holding jaxprs (the only users of `bodies`), relative to `src/primitives`; every
/// other primitive file is first-order, so a new one is checked as first-order until listed here.
const HIGHER_ORDER: [&str; 6] = [
    "control/mod.rs",
    "control/cond.rs",
    "control/scan.rs",
    "control/while_loop.rs",
    "custom.rs",
    "generic_reduce.rs",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The primitive files but `bodies.rs`: `(higher-order, first-order)`.
fn primitive_files() -> (Vec<PathBuf>, Vec<PathBuf>) {
    let higher: Vec<PathBuf> = HIGHER_ORDER
        .iter()
        .map(|f| root().join("src/primitives").join(f))
        .collect();
    for f in &higher {
        assert!(f.exists(), "{} is listed but missing", f.display());
    }
    let first = files_under("src/primitives")
        .into_iter()
        .filter(|f| !higher.contains(f) && *f != root().join(BODIES))
        .collect();
    (higher, first)
}

/// Code without its comments and string literals (so a message naming a module is no import).
fn code_only(source: &str) -> String {
    let mut code = String::new();
    for line in source.lines() {
        let mut in_string = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' => in_string = !in_string,
                '\\' if in_string => {
                    chars.next();
                }
                '/' if !in_string && chars.peek() == Some(&'/') => break,
                _ if !in_string => code.push(c),
                _ => {}
            }
        }
        code.push('\n');
    }
    code
}

/// Whether `code` names the identifier `name` anywhere (an import, a path, a renaming).
fn names(code: &str, name: &str) -> bool {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| word == name)
}

/// `super::` chains climbing above `src/primitives` (into the crate root, where the
/// transformations are), which the `crate::` scan would not see.
fn climbs_out_of_primitives(file: &Path, code: &str) -> bool {
    let below = file
        .strip_prefix(root().join("src/primitives"))
        .unwrap()
        .components()
        .count();
    // `x.rs` is a module one level below `primitives`, `control/x.rs` two; a `mod.rs` is its
    // folder's module, one level less.
    let depth = if file.ends_with("mod.rs") {
        below - 1
    } else {
        below
    };
    code.contains(&"super::".repeat(depth + 1))
}

#[test]
fn no_primitive_imports_a_transformation_but_through_bodies() {
    let (higher, first) = primitive_files();
    let files: Vec<PathBuf> = higher.into_iter().chain(first).collect();
    let mut bad = violations(&files, &TRANSFORMS);
    for f in &files {
        if climbs_out_of_primitives(f, &code_only(&fs::read_to_string(f).unwrap())) {
            bad.push(format!(
                "{} reaches the crate root through super::",
                f.display()
            ));
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn first_order_primitives_use_no_transformation() {
    let (_, first) = primitive_files();
    assert!(first.len() >= 5, "{first:?}");
    let bad: Vec<String> = first
        .iter()
        // `primitives/mod.rs` (the trait's module, first-order by this list) declares it.
        .filter(|f| {
            let code = code_only(&fs::read_to_string(f).unwrap()).replacen("mod bodies;", "", 1);
            names(&code, "bodies")
        })
        .map(|f| format!("{} uses primitives::bodies", f.display()))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn bodies_only_re_exports_transformation_entry_points() {
    let code = code_only(&fs::read_to_string(root().join(BODIES)).unwrap());
    let items: Vec<&str> = code
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    assert!(!items.is_empty());
    for item in items {
        let module = item
            .strip_prefix("pub use crate::")
            .and_then(|rest| rest.split("::").next());
        assert!(
            module.is_some_and(|m| TRANSFORMS.contains(&m)),
            "{BODIES} may only re-export from {TRANSFORMS:?}, found: {item}"
        );
    }
}

#[test]
fn lax_batching_and_ir_stay_below_the_transformations() {
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
    let forbidden: Vec<&str> = TRANSFORMS.iter().copied().chain(["jnp", "jit"]).collect();
    let bad = violations(&files, &forbidden);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_scanners_see_what_they_look_for() {
    assert!(names(&code_only("use super::{bodies as b};"), "bodies"));
    assert!(!names(
        &code_only("// bodies\nlet s = \"bodies\";"),
        "bodies"
    ));
    assert!(!names(&code_only("let s = \"a \\\" bodies\";"), "bodies"));
    let control = root().join("src/primitives/control/scan.rs");
    assert!(!climbs_out_of_primitives(
        &control,
        "use super::super::Primitive;"
    ));
    assert!(climbs_out_of_primitives(
        &control,
        "use super::super::super::vmap;"
    ));
    let first = root().join("src/primitives/slicing.rs");
    assert!(climbs_out_of_primitives(&first, "use super::super::ad;"));
}

#[test]
fn the_scanner_sees_both_import_forms() {
    assert_eq!(
        crate_modules("use crate::{lax, trace::Value};\nlet x = crate::jnp::f(); // crate::jit"),
        ["lax", "trace", "jnp"]
    );
    // A group rustfmt wrapped, with a nested group whose names are not modules of the crate.
    assert_eq!(
        crate_modules(
            "use crate::{\n    ad::{jvp, pe},\n    // crate::vmap\n    dce::dce_jaxpr,\n};"
        ),
        ["ad", "dce"]
    );
}
