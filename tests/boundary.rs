//! `www/lib/boundary.js` is generated from `src/boundary.rs` and the enums whose names cross the
//! boundary; this test renders it and fails when the checked-in file differs, so a code changed
//! on one side only is caught. `JAXPLAY_BLESS=1 cargo test --test boundary` rewrites the file.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::boundary::{self, JsError};
use jaxplay::numpy::dtype::NpDType;
use jaxplay::numpy::ufunc::Op;
use jaxplay::primitives::callback::VmapMethod;
use jaxplay::primitives::elementwise::{BinaryOp, CompareOp, UnaryOp};
use jaxplay::timeline::{CallbackClass, EventKind, Phase, Status};
use serde::Serialize;
use std::path::Path;

fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = items.into_iter().map(|s| format!("'{s}'")).collect();
    format!("Object.freeze([{}])", quoted.join(", "))
}

/// The names serde gives an enum's variants, as events carry them.
fn serialized<T: Serialize>(all: &[T]) -> String {
    let names: Vec<String> = all
        .iter()
        .map(|v| {
            serde_json::to_value(v)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    strings(names.iter().map(String::as_str))
}

/// `boundary::view_argument`'s inverse, as JS. The encoding is `-(handle + offset)`; the offset
/// is read off the Rust function and the form checked over the handle range, so changing the
/// encoding either regenerates the decoding or fails here.
fn view_argument_inverse() -> String {
    let offset = -boundary::view_argument(0);
    assert!(
        offset > 0.0,
        "view arguments must be negative, unlike addresses"
    );
    for handle in [0, 1, 2, 7, 1 << 20, u32::MAX - 1, u32::MAX] {
        assert_eq!(
            boundary::view_argument(handle),
            -f64::from(handle) - offset,
            "view_argument is no longer -(handle + {offset}): change its JS inverse here"
        );
    }
    format!("(argument) => -argument - {offset}")
}

fn render() -> String {
    let mut out = String::from(
        "// Generated from src/boundary.rs by tests/boundary.rs: do not edit. The codes and tags the\n\
         // engine and this glue share; `JAXPLAY_BLESS=1 cargo test --test boundary` regenerates it.\n\n",
    );
    let mut export = |doc: &str, name: &str, value: String| {
        out.push_str(&format!("/** {doc} */\nexport const {name} = {value};\n"));
    };
    export(
        "Engine dtypes by code (an argument's `meta`: `[dtype code, rank, ...dims]`).",
        "ENGINE_DTYPES",
        strings(boundary::ENGINE_DTYPES.iter().map(|d| d.name())),
    );
    export(
        "Every dtype by code, as `dtypeCode` gives an array's.",
        "DTYPES",
        strings(boundary::DTYPES.iter().map(|d| d.name())),
    );
    export(
        "Result dtypes by code, as a callback wrapper writes them into the exchange buffer.",
        "RESULT_DTYPES",
        strings(boundary::RESULT_DTYPES),
    );
    export(
        "Which typed array holds a result leaf's data, by storage code.",
        "STORAGE_CLASSES",
        format!("Object.freeze([{}])", boundary::STORAGE_CLASSES.join(", ")),
    );
    export(
        "Which typed array views an engine dtype's elements in wasm memory, by engine dtype code.",
        "ENGINE_STORAGE",
        format!(
            "Object.freeze([{}])",
            boundary::ENGINE_DTYPES
                .iter()
                .map(|d| boundary::STORAGE_CLASSES[boundary::engine_storage(*d) as usize])
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    export(
        "Added to a single result leaf's storage code when its elements follow in the buffer.",
        "INLINE",
        format!("0x{:x}", boundary::INLINE),
    );
    export(
        "Added to a single result leaf's storage code when the wrapper returned an engine array's handle.",
        "HANDLE",
        format!("0x{:x}", boundary::HANDLE),
    );
    export(
        "First exchange-buffer word when the results come in the general flat form.",
        "FLAT",
        format!("0x{:x}", boundary::FLAT),
    );
    export(
        "The engine handle of a host-callback argument sent as a view (negative; others are byte addresses).",
        "viewedHandle",
        view_argument_inverse(),
    );
    export(
        "The key of a pytree node's kind, and the kind of a single array.",
        "TREE_KIND_KEY",
        format!("'{}'", boundary::TREE_KIND_KEY),
    );
    export(
        "The kind of a pytree leaf.",
        "TREE_LEAF",
        format!("'{}'", boundary::TREE_LEAF),
    );
    let errors: Vec<String> = JsError::ALL
        .iter()
        .map(|e| format!("{}: '{}'", e.key(), e.name()))
        .collect();
    export(
        "The `name` of the errors the engine throws, by kind.",
        "ERROR_NAMES",
        format!("Object.freeze({{ {} }})", errors.join(", ")),
    );
    export(
        "`pure_callback`'s `vmap_method` values.",
        "VMAP_METHODS",
        strings(VmapMethod::ALL.iter().map(|m| m.name())),
    );
    export(
        "Unary ops `unary(op, x)` takes.",
        "UNARY_OPS",
        strings(UnaryOp::ALL.iter().map(|o| o.name())),
    );
    export(
        "Binary ops `binary(op, a, b)` takes.",
        "BINARY_OPS",
        strings(BinaryOp::ALL.iter().map(|o| o.name())),
    );
    export(
        "Comparisons `compare(op, a, b)` takes.",
        "COMPARISONS",
        strings(CompareOp::ALL.iter().map(|o| o.name())),
    );
    export(
        "Host NumPy's dtypes by code (`hostOp`'s meta and results).",
        "HOST_DTYPES",
        strings(NpDType::ALL.iter().map(|d| d.name())),
    );
    export(
        "The typed array each host NumPy dtype travels in, by dtype code.",
        "HOST_STORAGE",
        format!("Object.freeze([{}])", boundary::HOST_STORAGE.join(", ")),
    );
    export(
        "Host NumPy operations by code (`hostOp(code, ...)`).",
        "HOST_OPS",
        strings(Op::ALL.iter().map(|o| o.name())),
    );
    export(
        "How `hostOp`'s meta tags an operand: an array with data, a viewed engine array, a Python int, float or bool.",
        "HOST_OPERANDS",
        format!(
            "Object.freeze({{ array: {}, view: {}, int: {}, float: {}, bool: {} }})",
            boundary::HOST_ARRAY,
            boundary::HOST_VIEW,
            boundary::HOST_INT,
            boundary::HOST_FLOAT,
            boundary::HOST_BOOL
        ),
    );
    export(
        "Timeline event kinds (`event.kind`).",
        "EVENT_KINDS",
        serialized(&EventKind::ALL),
    );
    export(
        "Timeline event phases (`event.phase`).",
        "EVENT_PHASES",
        serialized(&Phase::ALL),
    );
    export(
        "Timeline event statuses (`event.status`).",
        "EVENT_STATUSES",
        serialized(&Status::ALL),
    );
    export(
        "Callback kinds of callback events (`event.callbackKind`).",
        "CALLBACK_KINDS",
        serialized(&CallbackClass::ALL),
    );
    out
}

#[test]
fn the_js_boundary_module_is_generated_from_the_rust_codes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/lib/boundary.js");
    let want = render();
    if std::env::var_os("JAXPLAY_BLESS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "www/lib/boundary.js is out of date with src/boundary.rs: run `JAXPLAY_BLESS=1 cargo test --test boundary`"
    );
}

#[test]
fn dtype_codes_index_the_list() {
    for (code, dtype) in boundary::DTYPES.iter().enumerate() {
        assert_eq!(boundary::dtype_code(*dtype) as usize, code);
    }
}

#[test]
fn engine_dtype_codes_index_the_list() {
    for (code, dtype) in boundary::ENGINE_DTYPES.iter().enumerate() {
        assert_eq!(boundary::engine_dtype_code(*dtype) as usize, code);
    }
}

/// Each hand-written `ALL` list holds every variant, in order: a variant added to an enum but not
/// to its list fails to compile here (the matches are exhaustive) or fails the assertion.
#[test]
fn every_all_list_is_complete() {
    fn check<T: Copy + std::fmt::Debug>(all: &[T], index: fn(T) -> usize) {
        for (i, v) in all.iter().enumerate() {
            assert_eq!(index(*v), i, "{v:?}");
        }
    }
    check(&EventKind::ALL, |k| match k {
        EventKind::Trace => 0,
        EventKind::Compile => 1,
        EventKind::Dce => 2,
        EventKind::Execute => 3,
        EventKind::Callback => 4,
        EventKind::Token => 5,
        EventKind::Barrier => 6,
    });
    check(&Phase::ALL, |p| match p {
        Phase::Begin => 0,
        Phase::End => 1,
        Phase::Instant => 2,
    });
    check(&Status::ALL, |s| match s {
        Status::Ok => 0,
        Status::Error => 1,
        Status::Removed => 2,
        Status::Skipped => 3,
        Status::Hit => 4,
        Status::Miss => 5,
    });
    check(&CallbackClass::ALL, |c| match c {
        CallbackClass::Pure => 0,
        CallbackClass::Io => 1,
        CallbackClass::Debug => 2,
    });
    check(&JsError::ALL, |e| match e {
        JsError::Callback => 0,
        JsError::Concretization => 1,
        JsError::EscapedTracer => 2,
        JsError::Engine => 3,
        JsError::Type => 4,
        JsError::Range => 5,
    });
    check(&VmapMethod::ALL, |m| match m {
        VmapMethod::Sequential => 0,
        VmapMethod::SequentialUnrolled => 1,
        VmapMethod::ExpandDims => 2,
        VmapMethod::BroadcastAll => 3,
        VmapMethod::LegacyVectorized => 4,
    });
}
