//! Speed tricks, kept out of the teaching code so that `bind`, `eval_jaxpr` and `jit` read like
//! Autodidax: each module here is one trick behind a small interface, with the reason it exists.
//! What each one measurably saved is recorded in `bench/NOTES.md`.

pub mod call_site;
pub mod clock;
pub mod env;
