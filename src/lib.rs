//! jaxplay: a JAX-style array and tracing engine with host callbacks, built to be compiled to
//! WebAssembly and driven from JavaScript.
//!
//! The core (everything but `facade`) is plain Rust and is tested natively: arrays and dtypes,
//! the jaxpr IR and its printer, primitives with their rules, tracing, `jit` with dead-code
//! elimination, forward and reverse differentiation (`ad`), batching (`vmap`), host callbacks
//! with result checking, the ordered-effect token and the effect timeline, and `numpy`, the host
//! NumPy callbacks compute with, on the same kernels. `fast` keeps the speed
//! tricks apart from the teaching code, and `boundary` defines every code shared with the JS
//! glue. `facade` is the only module that knows about JS; it exists only on wasm32.

pub mod ad;
pub mod api;
pub mod array;
pub mod batching;
pub mod boundary;
pub mod collect;
pub mod dce;
pub mod dense;
pub mod dtype;
pub mod effects;
pub mod error;
pub mod fast;
pub mod host;
pub mod ir;
pub mod jit;
pub mod jnp;
pub mod jnp_indexing;
pub mod lax;
pub mod memory;
pub mod numpy;
pub mod pe;
pub mod primitives;
pub mod random;
pub mod schedule;
pub mod timeline;
pub mod trace;
pub mod vmap;

#[cfg(target_arch = "wasm32")]
pub mod facade;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: memory::Counting = memory::Counting;
