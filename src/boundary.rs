//! The codes and tags the engine and its JS glue share, defined once: numbers in wasm memory,
//! the strings events and errors carry, the names the JS API passes in. `www/lib/boundary.js` is
//! generated from this module and the enums it names (`tests/boundary.rs` writes it with
//! `JAXPLAY_BLESS=1` and fails when the checked-in file differs), and the JS glue imports its
//! codes from there, so neither side can drift from the other.

use crate::dtype::DType;

/// Engine dtypes by code: an argument's `meta` and `readLocation` say `[dtype code, ...]`.
/// PRNG keys are not among them: JS never reads a key's elements (JAX's `key_data` gives its
/// `uint32` words), which the facade refuses in JAX's words.
pub const ENGINE_DTYPES: [DType; 5] = [
    DType::Float32,
    DType::Int32,
    DType::Bool,
    DType::Uint32,
    DType::Uint8,
];

/// The code of an engine dtype (its index in `ENGINE_DTYPES`, which lists `DTYPES` but keys); a
/// key goes by its words' code.
pub fn engine_dtype_code(dtype: DType) -> u32 {
    match dtype {
        DType::KeyFry => dtype_code(DType::Uint32),
        other => dtype_code(other),
    }
}

/// Every dtype by code, as `dtypeCode` gives an array's (the glue names it from this list
/// rather than receive a string it would decode at every read of `x.dtype`).
pub const DTYPES: [DType; 6] = [
    DType::Float32,
    DType::Int32,
    DType::Bool,
    DType::Uint32,
    DType::Uint8,
    DType::KeyFry,
];

/// The code of a dtype, its index in `DTYPES`.
pub fn dtype_code(dtype: DType) -> u32 {
    match dtype {
        DType::Float32 => 0,
        DType::Int32 => 1,
        DType::Bool => 2,
        DType::Uint32 => 3,
        DType::Uint8 => 4,
        DType::KeyFry => 5,
    }
}

/// Result dtypes by code, as a host callback's wrapper writes them into the exchange buffer
/// (`number` is a bare JS number, which takes the declared dtype).
pub const RESULT_DTYPES: [&str; 8] = [
    "number", "float32", "float64", "int32", "int64", "bool", "uint32", "uint8",
];

/// Which typed array holds a result leaf's data, by storage code; anything else the wrapper
/// converts to the last, a `Float64Array` (the glue finds it as the last, so `Uint32Array`
/// went in before it).
pub const STORAGE_CLASSES: [&str; 5] = [
    "Float32Array",
    "Int32Array",
    "Uint8Array",
    "Uint32Array",
    "Float64Array",
];

/// Storage codes, indices into `STORAGE_CLASSES`.
pub const STORAGE_F32: u32 = 0;
pub const STORAGE_I32: u32 = 1;
pub const STORAGE_U8: u32 = 2;
pub const STORAGE_U32: u32 = 3;
pub const STORAGE_F64: u32 = 4;

/// The storage code of the typed array through which the glue reads an engine dtype's elements
/// in wasm memory (a bool element is one byte, as a uint8 is).
pub fn engine_storage(dtype: DType) -> u32 {
    match dtype {
        DType::Float32 => STORAGE_F32,
        DType::Int32 => STORAGE_I32,
        DType::Bool | DType::Uint8 => STORAGE_U8,
        DType::Uint32 | DType::KeyFry => STORAGE_U32,
    }
}

/// Added to a single result leaf's storage code when the wrapper wrote its float32 or int32
/// elements into the exchange buffer, one word each after the leaf's type words, instead of
/// returning the typed array: the engine reads a small result without another call into JS.
pub const INLINE: u32 = 0x100;

/// Added to a single result leaf's storage code when the wrapper returned the handle of an
/// engine array instead of data (a host NumPy result the engine still holds, or an argument
/// handed back): the engine takes that array without a copy.
pub const HANDLE: u32 = 0x200;

/// First word of the exchange buffer when the wrapper returned the general flat form
/// `[dtype name, shape, data, ...]` instead of coded leaves.
pub const FLAT: u32 = u32::MAX;

/// A host-callback argument sent as a view of engine memory travels as `-(handle + 1)`; any
/// other argument as the non-negative byte address of its elements.
pub fn view_argument(handle: u32) -> f64 {
    -f64::from(handle) - 1.0
}

/// The typed array in which each host NumPy dtype's elements travel, by dtype code
/// (`crate::numpy::dtype::NpDType::ALL`): int64 and uint64 as float64 (exact to 2^53), float16
/// as float32 (each a float16 value), bool as bytes.
pub const HOST_STORAGE: [&str; 12] = [
    "Uint8Array",
    "Int8Array",
    "Int16Array",
    "Int32Array",
    "Float64Array",
    "Uint8Array",
    "Uint16Array",
    "Uint32Array",
    "Float64Array",
    "Float32Array",
    "Float32Array",
    "Float64Array",
];

/// How `hostOp`'s `meta` describes each operand: `[HOST_ARRAY, dtype code, rank, ...dims]` (its
/// data the next typed array argument), `[HOST_VIEW, dtype code, rank, ...dims, handle]` (an
/// engine array a callback was handed), or `[HOST_INT | HOST_FLOAT | HOST_BOOL, value]` (a
/// Python scalar, weak in promotion).
pub const HOST_ARRAY: u32 = 0;
pub const HOST_VIEW: u32 = 1;
pub const HOST_INT: u32 = 2;
pub const HOST_FLOAT: u32 = 3;
pub const HOST_BOOL: u32 = 4;

/// The key of a pytree node's kind in the structure the glue reports (`{ t: 'leaf' }`, ...),
/// and the kind of a single array.
pub const TREE_KIND_KEY: &str = "t";
pub const TREE_LEAF: &str = "leaf";

/// The kinds of JS error the facade throws; `name()` is the error's `name` in JS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsError {
    /// What a host callback did: raised, or returned the wrong count, shape, dtype or size.
    Callback,
    /// A traced value used where a concrete one is needed.
    Concretization,
    /// A tracer used after its trace ended.
    EscapedTracer,
    /// A call that does not fit a function's signature: JS's and Python's `TypeError`.
    Type,
    /// A number out of its range: a NumPy axis past the rank, a Python int too large for its
    /// dtype (JS's `RangeError`).
    Range,
    /// Everything else.
    Engine,
}

impl JsError {
    pub const ALL: [JsError; 6] = [
        JsError::Callback,
        JsError::Concretization,
        JsError::EscapedTracer,
        JsError::Engine,
        JsError::Type,
        JsError::Range,
    ];

    pub fn name(self) -> &'static str {
        match self {
            JsError::Callback => "CallbackError",
            JsError::Concretization => "ConcretizationTypeError",
            JsError::EscapedTracer => "UnexpectedTracerError",
            JsError::Type => "TypeError",
            JsError::Range => "RangeError",
            JsError::Engine => "JaxplayError",
        }
    }

    /// The key under which `www/lib/boundary.js` exports the name.
    pub fn key(self) -> &'static str {
        match self {
            JsError::Callback => "callback",
            JsError::Concretization => "concretization",
            JsError::EscapedTracer => "escapedTracer",
            JsError::Type => "type",
            JsError::Range => "range",
            JsError::Engine => "engine",
        }
    }
}
