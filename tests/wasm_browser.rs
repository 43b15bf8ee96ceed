//! Engine ↔ JS boundary tests run by `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

mod wasm_common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

wasm_common::all_boundary_tests!();
