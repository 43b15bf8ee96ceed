//! The engine's one error type. Every failure a learner can trigger surfaces as one of these
//! variants; messages name the primitive or callback involved and show expected vs actual, reusing
//! real JAX's wording where JAX has a message for the same situation.

use thiserror::Error;

/// Result alias used throughout the engine.
pub type Result<T> = std::result::Result<T, Error>;

#[derive(Debug, Clone, PartialEq, Error)]
pub enum Error {
    /// The host function threw. `kind` is `pure_callback`, `io_callback` or `debug_callback`;
    /// `compiled` says whether the host was called from a compiled program (a `jit` execution
    /// or a control-flow body), where JAX wraps the host's exception in `JaxRuntimeError`.
    #[error("{kind} `{callback}` raised an error: {message}")]
    CallbackRaised {
        kind: &'static str,
        callback: String,
        message: String,
        compiled: bool,
    },

    #[error("Mismatched number of outputs from callback `{callback}`. Expected: {expected}, Actual: {actual}")]
    CallbackOutputCount {
        callback: String,
        expected: usize,
        actual: usize,
    },

    #[error("Incorrect output shape for return value #{index} of `{callback}`: Expected: {expected}, Actual: {actual}")]
    CallbackOutputShape {
        callback: String,
        index: usize,
        expected: String,
        actual: String,
    },

    #[error("Incorrect output dtype for return value #{index} of `{callback}`: Expected: {expected}, Actual: {actual}")]
    CallbackOutputDtype {
        callback: String,
        index: usize,
        expected: String,
        actual: String,
    },

    #[error("Return value #{index} of `{callback}` has {actual} elements but its shape {shape} needs {expected}")]
    CallbackOutputSize {
        callback: String,
        index: usize,
        shape: String,
        expected: usize,
        actual: usize,
    },

    #[error("result_shape_dtypes cannot specify 64-bit types when `jax_enable_x64` is disabled (got {dtype})")]
    X64Disabled { dtype: String },

    #[error("Unknown dtype `{name}`: jaxplay supports {supported}")]
    UnknownDtype { name: String, supported: String },

    #[error(
        "{primitive} does not accept dtype {dtype}. Accepted dtypes are subtypes of {accepted}."
    )]
    DtypeNotAccepted {
        primitive: &'static str,
        dtype: String,
        accepted: &'static str,
    },

    #[error("{primitive}: incompatible shapes for broadcasting: {lhs} and {rhs}")]
    IncompatibleShapes {
        primitive: &'static str,
        lhs: String,
        rhs: String,
    },

    #[error("{primitive}: {message}")]
    InvalidArgument {
        primitive: &'static str,
        message: String,
    },

    #[error("{primitive} expects {expected} operand(s) but got {actual}")]
    Arity {
        primitive: &'static str,
        expected: usize,
        actual: usize,
    },

    #[error("Array data has {actual} elements but shape {shape} needs {expected}")]
    DataSize {
        shape: String,
        expected: usize,
        actual: usize,
    },

    #[error("Abstract tracer value encountered where a concrete value is expected: {what} was called on a traced array {aval} inside `{context}`. The value is only known when the compiled function runs; use a host callback to see it.")]
    Concretization {
        what: &'static str,
        aval: String,
        context: String,
    },

    #[error("Encountered an unexpected tracer {aval}: it was created while tracing `{context}` and escaped that trace (for example by being stored in an outer variable). Return it from the traced function instead.")]
    EscapedTracer { aval: String, context: String },

    #[error("`{function}` failed while being traced: {message}")]
    TracedFunctionRaised { function: String, message: String },

    #[error("vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', None], but got: {got}")]
    VmapMethodInvalid { got: String },

    #[error("{primitive} has no rule for {rule}")]
    MissingRule {
        primitive: &'static str,
        rule: &'static str,
    },

    #[error("Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while taking gradients.")]
    PureCallbackJvp,

    #[error("Pure callbacks do not support transpose. Please use `jax.custom_vjp` to use callbacks while taking gradients.")]
    PureCallbackTranspose,

    #[error("IO callbacks do not support JVP.")]
    IoCallbackJvp,

    #[error("IO callbacks do not support transpose.")]
    IoCallbackTranspose,

    #[error("vmap is only supported for the pure_callback primitive when vmap_method is one of 'sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', or 'legacy_vectorized'. Got vmap_method=None.")]
    VmapMethodNone,

    #[error("Cannot `vmap` ordered IO callback.")]
    OrderedIoVmap,

    #[error("IO effect not supported in vmap-of-cond.")]
    IoInVmapOfCond,

    #[error("Unordered IO effects not supported in while_loop with batched predicate")]
    IoInWhileWithBatchedPredicate,

    #[error("Ordered IO effects not supported in vmap.")]
    OrderedIoInVmapOfWhile,

    #[error("can't apply forward-mode autodiff (jvp) to a custom_vjp function.")]
    CustomVjpForwardMode,

    #[error("Gradient only defined for scalar-output functions. Output had shape: {shape}.")]
    GradNonScalar { shape: String },

    #[error("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got {dtype}. For differentiation of functions with integer outputs, use jax.vjp directly.")]
    GradNonFloatOutput { dtype: String },

    #[error("primal and tangent arguments to jax.jvp do not match: argument {index} has primal {primal} and tangent {tangent}")]
    JvpTangentMismatch {
        index: usize,
        primal: String,
        tangent: String,
    },

    #[error("Effects not supported in partial-eval of `checkpoint`/`remat`: [{effects}]")]
    CheckpointEffects { effects: String },

    #[error("out of memory: live arrays hold {live_mib} MiB, past the engine's limit of {limit_mib} MiB. Arrays are released when JS garbage-collects them, which needs your code to yield (await); in a loop, run each iteration in jax.scope(() => ...) (or call .dispose() on arrays you are done with) to release them at once")]
    OutOfMemory { live_mib: String, limit_mib: String },

    #[error("{message}")]
    Usage { message: String },

    /// A call that does not fit the function's signature, or an argument of the wrong type:
    /// Python's `TypeError` (JS: an error named `TypeError`), in Python's words.
    #[error("{message}")]
    Signature { message: String },

    /// An argument of the right type with a wrong value (an axis out of range): NumPy's
    /// `ValueError`.
    #[error("{message}")]
    Value { message: String },

    /// Host NumPy: a ufunc with no loop its operands cast to safely (`np.bitwise_and` of floats).
    #[error("ufunc '{ufunc}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")]
    UfuncNoLoop { ufunc: &'static str },

    /// Host NumPy: a ufunc that refuses a dtype outright (`np.sign` of bools), NumPy's
    /// `UFuncTypeError`.
    #[error("ufunc '{ufunc}' did not contain a loop with signature matching types <class 'numpy.dtypes.{dtype_class}'> -> None")]
    UfuncNoSignature {
        ufunc: &'static str,
        dtype_class: &'static str,
    },

    /// Host NumPy: `-` on booleans (`subtract` or `negative`), which NumPy refuses naming the
    /// operator to use instead.
    #[error("{}", if *.op == "negative" { "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead." } else { "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead." })]
    NumpyBooleanOp { op: &'static str },

    /// Host NumPy: a Python int that does not fit the integer dtype it joins (NEP 50).
    #[error("Python integer {value} out of bounds for {dtype}")]
    PythonIntOutOfBounds { value: String, dtype: &'static str },

    #[error("Integers to negative integer powers are not allowed.")]
    NegativeIntegerPower,

    /// Host NumPy: operands of shapes that do not broadcast (NumPy's spelling, `(2,3) (2,)`).
    #[error("operands could not be broadcast together with shapes {shapes} ")]
    BroadcastShapes { shapes: String },

    /// Host NumPy: a reduction axis past the array's rank, NumPy's `AxisError`.
    #[error("axis {axis} is out of bounds for array of dimension {ndim}")]
    AxisOutOfBounds { axis: i64, ndim: usize },

    #[error("duplicate value in 'axis'")]
    DuplicateAxis,

    /// Host NumPy: `max`/`min` of no elements.
    #[error("zero-size array to reduction operation {op} which has no identity")]
    EmptyReduction { op: &'static str },

    /// An argument JAX accepts that jaxplay does not (JAX's words for `out=`).
    #[error("The '{argument}' argument to {function} is not supported in jaxplay.")]
    UnsupportedArgument {
        function: String,
        argument: &'static str,
    },

    /// What JAX itself leaves unimplemented (a rule it lacks), in its words: its
    /// `NotImplementedError`.
    #[error("{message}")]
    NotImplemented { message: String },

    /// JAX's `RuntimeError` for an argument it cannot read (a padding other than `'VALID'`,
    /// `'SAME'` or `'SAME_LOWER'`).
    #[error("{message}")]
    Runtime { message: String },

    /// Something JAX does that jaxplay does not implement: neither the caller's mistake nor a bug.
    #[error("{what} is not supported yet")]
    Unsupported { what: &'static str },

    /// A broken invariant of the engine itself, never a mistake in the caller's code.
    #[error("internal error in jaxplay (a bug; please report it): {message}")]
    Internal { message: String },
}

impl Error {
    /// Convenience for the many argument checks of the JS API.
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
        }
    }

    /// An engine bug, kept apart from usage errors so a test or a report can tell them apart.
    pub fn internal(message: impl Into<String>) -> Self {
        Error::Internal {
            message: message.into(),
        }
    }

    /// The Python exception class JAX raises for this error (Python mode raises it), or None
    /// where the class depends on what was asked (`Usage`, `InvalidArgument`).
    pub fn python_exception(&self) -> Option<&'static str> {
        use Error::*;
        Some(match self {
            CallbackRaised { .. }
            | CallbackOutputCount { .. }
            | CallbackOutputShape { .. }
            | CallbackOutputDtype { .. }
            | CallbackOutputSize { .. } => "JaxRuntimeError",
            Concretization { .. } => "ConcretizationTypeError",
            EscapedTracer { .. } => "UnexpectedTracerError",
            UfuncNoSignature { .. } => "UFuncTypeError",
            AxisOutOfBounds { .. } => "AxisError",
            PythonIntOutOfBounds { .. } => "OverflowError",
            UfuncNoLoop { .. }
            | NumpyBooleanOp { .. }
            | UnknownDtype { .. }
            | DtypeNotAccepted { .. }
            | IncompatibleShapes { .. }
            | Arity { .. }
            | CustomVjpForwardMode
            | GradNonScalar { .. }
            | GradNonFloatOutput { .. }
            | Signature { .. } => "TypeError",
            MissingRule { .. }
            | VmapMethodNone
            | IoInVmapOfCond
            | CheckpointEffects { .. }
            | UnsupportedArgument { .. }
            | NotImplemented { .. }
            | Unsupported { .. } => "NotImplementedError",
            // JAX raises these two as a bare `Exception`.
            IoInWhileWithBatchedPredicate | OrderedIoInVmapOfWhile => "Exception",
            OutOfMemory { .. } => "MemoryError",
            Internal { .. } | TracedFunctionRaised { .. } | Runtime { .. } => "RuntimeError",
            X64Disabled { .. }
            | DataSize { .. }
            | VmapMethodInvalid { .. }
            | PureCallbackJvp
            | PureCallbackTranspose
            | IoCallbackJvp
            | IoCallbackTranspose
            | OrderedIoVmap
            | JvpTangentMismatch { .. }
            | NegativeIntegerPower
            | BroadcastShapes { .. }
            | DuplicateAxis
            | EmptyReduction { .. }
            | Value { .. } => "ValueError",
            Usage { .. } | InvalidArgument { .. } => return None,
        })
    }

    /// JAX's own words for a host result that fails its check, the `RuntimeError` inside the
    /// `JaxRuntimeError` (they name no callback: JAX's traceback does).
    pub fn host_check_text(&self) -> Option<String> {
        match self {
            Error::CallbackOutputCount {
                expected, actual, ..
            } => Some(format!(
                "Mismatched number of outputs from callback. Expected: {expected}, Actual: {actual}"
            )),
            Error::CallbackOutputShape {
                index,
                expected,
                actual,
                ..
            } => Some(format!(
                "Incorrect output shape for return value #{index}: Expected: {expected}, Actual: {actual}"
            )),
            Error::CallbackOutputDtype {
                index,
                expected,
                actual,
                ..
            } => Some(format!(
                "Incorrect output dtype for return value #{index}: Expected: {expected}, Actual: {actual}"
            )),
            _ => None,
        }
    }
}
