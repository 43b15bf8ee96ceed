//! Engine ↔ JS boundary tests run by `wasm-pack test --node`.
#![cfg(target_arch = "wasm32")]

mod wasm_common;

wasm_common::boundary_tests!(
    both_exercises_double_through_js_callbacks,
    empty_input_follows_the_oracle,
    ordered_io_keeps_program_order_across_calls,
    a_throwing_callback_is_an_error_and_the_next_call_works,
    a_wrong_shape_from_js_names_the_callback,
    handles_are_released,
);
