//! Boundary tests shared by the browser and Node wasm test binaries: JS functions as host
//! callbacks, called by the engine across the wasm boundary through the facade, exactly as the
//! JS API module uses it. The callback wrappers here speak the facade's protocol (see
//! `src/facade/callbacks.rs`) with the glue's own code: `www/lib/protocol.js` decodes the
//! engine's `(meta, datas)` into arguments (`ArgumentDecoder`) and encodes what the host
//! returns (`encodeResults`), and `www/lib/boundary.js` gives the codes, both imported as
//! wasm-bindgen snippets. What the wrappers add is test glue: how to read this engine
//! instance's memory (the glue's `engine.js` reads its own wasm instance, so the rest of the glue
//! is tested in `tests/js/callback_boundary.test.mjs`) and the test's host function.

use jaxplay::boundary::{TREE_KIND_KEY, TREE_LEAF};
use jaxplay::facade::{self, io_callback, pure_callback, JitFunction};
use js_sys::{Array, Float32Array, Function, Reflect, Uint32Array};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(module = "/www/lib/boundary.js")]
extern "C" {
    #[wasm_bindgen(thread_local_v2, js_name = ENGINE_STORAGE)]
    static ENGINE_STORAGE: JsValue;
}

#[wasm_bindgen(module = "/www/lib/protocol.js")]
extern "C" {
    #[wasm_bindgen(thread_local_v2, js_name = ArgumentDecoder)]
    static ARGUMENT_DECODER: JsValue;
    #[wasm_bindgen(thread_local_v2, js_name = encodeResults)]
    static ENCODE_RESULTS: JsValue;
}

thread_local! {
    /// Handles of the arguments the engine sent as views, in order.
    static VIEWED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// What the wrapper factory takes from the glue and from the engine: the codes of
/// `www/lib/boundary.js`, the decoding and encoding of `www/lib/protocol.js`, and `viewed`,
/// the address of an argument sent as a view (its handle recorded in `VIEWED`).
fn imports() -> JsValue {
    let viewed = Closure::<dyn Fn(u32) -> u32>::new(|handle| {
        VIEWED.with_borrow_mut(|v| v.push(handle));
        facade::data_address(handle).unwrap()
    })
    .into_js_value();
    let imports = js_sys::Object::new();
    for (name, value) in [
        ("ENGINE_STORAGE", ENGINE_STORAGE.with(JsValue::clone)),
        ("ArgumentDecoder", ARGUMENT_DECODER.with(JsValue::clone)),
        ("encodeResults", ENCODE_RESULTS.with(JsValue::clone)),
        ("viewed", viewed),
    ] {
        Reflect::set(&imports, &name.into(), &value).unwrap();
    }
    imports.into()
}

/// Records every call on `globalThis.__calls` and doubles each argument.
const DOUBLER: &str = "(globalThis.__calls ??= []).push(list.map(d => Array.from(d)));
    return doubled();";

/// A wrapper `(meta, datas)` running `body`, which sees the arguments as `list` (typed arrays,
/// copies of what the engine sent, as the glue's `ArgumentDecoder` decodes it) and `types`
/// (`{ code, dtype, shape, length }` each), and may return `doubled()` (every argument doubled)
/// or `encode([dtype, shape, data, ...])`, both encoded by the glue's own `encodeResults`.
fn js_fn(body: &str) -> Function {
    let make = Function::new_with_args(
        "memory, address, words, imports",
        &format!(
            "const {{ ENGINE_STORAGE, ArgumentDecoder, encodeResults, viewed }} = imports;
            const resultMeta = () => new Uint32Array(memory.buffer, address, words);
            const isEngineMemory = (data) => data.buffer === memory.buffer;
            const encode = (leaves) => encodeResults(leaves, resultMeta, isEngineMemory);
            const copy = (at, {{ code, length }}) => new ENGINE_STORAGE[code](memory.buffer, at, length).slice();
            const args = new ArgumentDecoder(copy, (handle, type) => copy(viewed(handle), type));
            return function (meta, datas) {{
                args.receive(meta);
                const {{ types }} = args;
                const list = types.map((_, i) => args.argument(datas, i));
                const doubled = () => encode(types.flatMap(({{ dtype, shape }}, i) => [dtype, shape, list[i].map((v) => v * 2)]));
                {body}
            }};"
        ),
    );
    let exchange = facade::exchange_buffer();
    let args = Array::of4(
        &wasm_bindgen::memory(),
        &exchange[0].into(),
        &exchange[1].into(),
        &imports(),
    );
    make.apply(&JsValue::NULL, &args)
        .unwrap()
        .dyn_into()
        .unwrap()
}

fn calls() -> Vec<Vec<f64>> {
    let calls = Reflect::get(&js_sys::global(), &"__calls".into()).unwrap_or(JsValue::UNDEFINED);
    if calls.is_undefined() {
        return Vec::new();
    }
    Array::from(&calls)
        .iter()
        .map(|c| {
            Array::from(&c)
                .iter()
                .flat_map(|a| {
                    Array::from(&a)
                        .iter()
                        .map(|v| v.as_f64().unwrap())
                        .collect::<Vec<_>>()
                })
                .collect()
        })
        .collect()
}

fn reset_calls() {
    Reflect::set(&js_sys::global(), &"__calls".into(), &Array::new()).unwrap();
}

fn spec(shape: &[u32], dtype: &str) -> JsValue {
    let obj = js_sys::Object::new();
    let dims: Array = shape.iter().map(|&d| JsValue::from(d)).collect();
    Reflect::set(&obj, &"shape".into(), &dims).unwrap();
    Reflect::set(&obj, &"dtype".into(), &dtype.into()).unwrap();
    Array::of1(&obj).into()
}

/// An array's elements, read as the glue reads them: `readLocation` says where they are in
/// wasm memory and (through the exchange buffer) their dtype code and length.
fn f32_values(handle: u32) -> Vec<f32> {
    let buffer = || {
        wasm_bindgen::memory()
            .unchecked_into::<js_sys::WebAssembly::Memory>()
            .buffer()
    };
    let address = facade::read_location(handle, 1).unwrap();
    let exchange = facade::exchange_buffer();
    let words = Uint32Array::new_with_byte_offset_and_length(&buffer(), exchange[0], 2);
    assert_eq!(words.get_index(0), 0, "float32 dtype code");
    // Allocated before the view is made: growing memory would detach it.
    let mut values = vec![0.0; words.get_index(1) as usize];
    Float32Array::new_with_byte_offset_and_length(&buffer(), address, values.len() as u32)
        .copy_to(&mut values);
    values
}

fn array(values: &[f32]) -> u32 {
    facade::array_f32(values.to_vec(), vec![values.len() as u32]).unwrap()
}

/// A jitted function whose trace function applies `kind` callback with `wrapper` to its input.
fn jitted(kind: &'static str, wrapper: Function, ordered: bool) -> JitFunction {
    let trace = Closure::<dyn Fn(Uint32Array) -> JsValue>::new(move |tracers: Uint32Array| {
        let x = tracers.get_index(0);
        let shape = facade::shape(x).unwrap();
        let specs = spec(&shape, "float32");
        let outs = match kind {
            "pure" => pure_callback(
                wrapper.clone(),
                "host_double".into(),
                specs,
                vec![x],
                None,
                None,
            ),
            _ => io_callback(
                wrapper.clone(),
                "host_double".into(),
                specs,
                vec![x],
                ordered,
            ),
        }
        .unwrap();
        let result = js_sys::Object::new();
        let leaves: Array = outs.iter().map(|&h| JsValue::from(h)).collect();
        Reflect::set(&result, &"leaves".into(), &leaves).unwrap();
        // The glue's treedef of a single array (`www/lib/pytree.js`).
        let tree = js_sys::Object::new();
        Reflect::set(&tree, &TREE_KIND_KEY.into(), &TREE_LEAF.into()).unwrap();
        Reflect::set(&result, &"tree".into(), &tree).unwrap();
        result.into()
    });
    let f = JitFunction::new(
        trace.as_ref().unchecked_ref::<Function>().clone(),
        "doubler".into(),
    );
    trace.forget(); // lives as long as the test module
    f
}

fn run(f: &JitFunction, input: u32) -> Result<Vec<f32>, JsValue> {
    let out = f.call(vec![input], 0)?;
    // A single-array result comes back as its handle.
    Ok(f32_values(out.as_f64().unwrap() as u32))
}

pub fn both_exercises_double_through_js_callbacks() {
    facade::engine_init();
    for (kind, input, want) in [
        ("pure", vec![1.0, -2.0, 3.0], vec![2.0, -4.0, 6.0]),
        ("io", vec![5.0, 6.0, 7.0], vec![10.0, 12.0, 14.0]),
    ] {
        reset_calls();
        let f = jitted(kind, js_fn(DOUBLER), true);
        assert_eq!(run(&f, array(&input)).unwrap(), want, "{kind}");
        assert_eq!(
            calls(),
            vec![input.iter().map(|&v| v as f64).collect::<Vec<_>>()],
            "{kind}"
        );
    }
}

pub fn empty_input_follows_the_oracle() {
    // pure_double_empty_jit: host not called; io_ordered_double_empty_jit: called once.
    for (kind, expected_calls) in [("pure", 0), ("io", 1)] {
        reset_calls();
        let f = jitted(kind, js_fn(DOUBLER), true);
        assert_eq!(run(&f, array(&[])).unwrap(), Vec::<f32>::new());
        assert_eq!(calls().len(), expected_calls, "{kind}");
    }
}

pub fn ordered_io_keeps_program_order_across_calls() {
    reset_calls();
    let f = jitted("io", js_fn(DOUBLER), true);
    let g = jitted("io", js_fn(DOUBLER), true);
    for (i, func) in [&f, &g, &f, &g].into_iter().enumerate() {
        run(func, array(&[i as f32])).unwrap();
    }
    assert_eq!(calls(), vec![vec![0.0], vec![1.0], vec![2.0], vec![3.0]]);
    let tokens = Array::from(&facade::timeline_events().unwrap())
        .iter()
        .filter(|e| Reflect::get(e, &"kind".into()).unwrap() == "token")
        .count();
    assert!(
        tokens >= 4,
        "each ordered call takes the token ({tokens} hand-offs)"
    );
}

pub fn a_throwing_callback_is_an_error_and_the_next_call_works() {
    reset_calls();
    let thrower =
        js_fn("if (list[0][0] < 0) throw new RangeError('negative input'); return doubled();");
    let f = jitted("pure", thrower, false);
    let err = run(&f, array(&[-1.0])).unwrap_err();
    let err: js_sys::Error = err.dyn_into().unwrap();
    assert_eq!(String::from(err.name()), "CallbackError");
    assert_eq!(
        String::from(err.message()),
        "pure_callback `host_double` raised an error: negative input"
    );
    let cause = Reflect::get(&err, &"cause".into()).unwrap();
    assert_eq!(
        String::from(cause.dyn_into::<js_sys::Error>().unwrap().name()),
        "RangeError"
    );
    assert_eq!(run(&f, array(&[3.0])).unwrap(), vec![6.0]);
}

pub fn a_wrong_shape_or_dtype_from_js_names_the_callback() {
    // A dtype without a code takes the general (`FLAT`) form, a coded one the coded form.
    for (returned, message) in [
        (
            "['float32', [2], new Float64Array(2)]",
            "Incorrect output shape for return value #0 of `host_double`: Expected: (3,), Actual: (2,)",
        ),
        (
            "['uint16', [3], new Uint16Array(3)]",
            "Incorrect output dtype for return value #0 of `host_double`: Expected: float32, Actual: uint16",
        ),
    ] {
        let f = jitted("pure", js_fn(&format!("return encode({returned});")), false);
        let err: js_sys::Error = run(&f, array(&[1.0, 2.0, 3.0]))
            .unwrap_err()
            .dyn_into()
            .unwrap();
        assert_eq!(String::from(err.message()), message, "{returned}");
    }
}

pub fn large_arguments_arrive_as_views() {
    // 65 536 elements: where the engine starts sending a float32 array as a view.
    reset_calls();
    let input: Vec<f32> = (0..65_536).map(|i| (i % 1000) as f32 - 500.0).collect();
    let f = jitted("pure", js_fn(DOUBLER), false);
    let out = run(&f, array(&input)).unwrap();
    assert_eq!(out, input.iter().map(|v| v * 2.0).collect::<Vec<_>>());
    assert_eq!(
        calls(),
        [input.iter().map(|&v| f64::from(v)).collect::<Vec<_>>()]
    );
    let viewed = VIEWED.with_borrow_mut(std::mem::take);
    assert_eq!(viewed.len(), 1, "one argument sent as a view");
    // The view's handle keeps its array; the glue releases it once the view is garbage.
    let live = facade::live_handles();
    viewed.into_iter().for_each(facade::release);
    assert_eq!(facade::live_handles(), live - 1);
}

pub fn handles_are_released() {
    let before = facade::live_handles();
    let handles: Vec<u32> = (0..100).map(|i| array(&[i as f32])).collect();
    assert_eq!(facade::live_handles(), before + 100);
    handles.into_iter().for_each(facade::release);
    assert_eq!(facade::live_handles(), before);
}

/// A heap that grows by small allocations grows wasm memory ahead (src/memory.rs), in a few
/// steps, not a page at a time: each growth costs, and in V8 a look by the garbage collector.
pub fn a_growing_heap_grows_wasm_memory_in_few_steps() {
    use core::arch::wasm32::memory_size;
    const PAGE: usize = 64 << 10;
    let start = memory_size(0);
    // 16 MiB more, in blocks of 200 bytes, each kept, as a loop's results are until it yields.
    let goal = start + (16 << 20) / PAGE;
    let mut kept: Vec<Box<[u8; 200]>> = Vec::new();
    let (mut pages, mut growths) = (start, 0);
    while memory_size(0) < goal {
        kept.push(Box::new([1; 200]));
        if memory_size(0) != pages {
            growths += 1;
            pages = memory_size(0);
        }
    }
    assert!(kept.iter().all(|b| b[199] == 1));
    // Page by page, 256 growths; an eighth of memory at a time, about 20 from 2 MiB.
    assert!(
        growths <= 40,
        "wasm memory grew {growths} times for 16 MiB of small blocks"
    );
}

/// Declares one `#[wasm_bindgen_test]` per shared test, for each wasm test binary.
macro_rules! boundary_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[wasm_bindgen_test::wasm_bindgen_test]
            fn $name() {
                wasm_common::$name();
            }
        )*
    };
}

/// Every shared test, declared once for each wasm test binary.
macro_rules! all_boundary_tests {
    () => {
        wasm_common::boundary_tests!(
            both_exercises_double_through_js_callbacks,
            empty_input_follows_the_oracle,
            ordered_io_keeps_program_order_across_calls,
            a_throwing_callback_is_an_error_and_the_next_call_works,
            a_wrong_shape_or_dtype_from_js_names_the_callback,
            large_arguments_arrive_as_views,
            handles_are_released,
            a_growing_heap_grows_wasm_memory_in_few_steps,
        );
    };
}

pub(crate) use {all_boundary_tests, boundary_tests};
