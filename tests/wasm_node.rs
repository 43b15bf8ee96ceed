//! Engine ↔ JS boundary tests run by `wasm-pack test --node`.
#![cfg(target_arch = "wasm32")]

mod wasm_common;

wasm_common::all_boundary_tests!();
