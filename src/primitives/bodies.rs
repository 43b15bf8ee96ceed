//! The transformations a higher-order primitive applies to its bodies, and nothing else of
//! them. When `cond`, `scan`, `while` or a custom-derivative call is itself differentiated,
//! batched or pruned, its rule transforms the jaxprs it holds, as JAX's control-flow rules call
//! `ad.jvp_jaxpr`, `ad.backward_pass`, `pe.partial_eval_jaxpr_nounits`, `batching.batch_jaxpr`
//! and `pe.dce_jaxpr` on theirs. These are the only entry points of `ad`, `pe`, `vmap` and `dce`
//! a primitive may use, and only a higher-order one (`tests/layers.rs` checks both): first-order
//! rules are written with `lax` and `batching`, below every transformation.

/// JVP of evaluating a body; transpose of a linear body (reverse mode).
pub use crate::ad::{backward_pass, jvp};
/// Pruning a body to the outputs used (a loop body to a fixed point of its carry).
pub use crate::dce::{dce_jaxpr, dce_loop_body};
/// Splitting a body's JVP into its known (primal) and unknown (linear) parts.
pub use crate::pe::{bind_known, partial_eval};
/// Batching a body, and the effects `vmap` refuses in one.
pub use crate::vmap::{
    batch_jaxpr, batch_jaxpr_some, batch_jaxpr_to_jaxpr, unbatched_effects_error,
};
