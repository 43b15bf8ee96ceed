// Generated from src/boundary.rs by tests/boundary.rs: do not edit. The codes and tags the
// engine and this glue share; `JAXPLAY_BLESS=1 cargo test --test boundary` regenerates it.

/** Engine dtypes by code (an argument's `meta`: `[dtype code, rank, ...dims]`). */
export const ENGINE_DTYPES = Object.freeze(['float32', 'int32', 'bool', 'uint32', 'uint8']);
/** Result dtypes by code, as a callback wrapper writes them into the exchange buffer. */
export const RESULT_DTYPES = Object.freeze(['number', 'float32', 'float64', 'int32', 'int64', 'bool', 'uint32', 'uint8']);
/** Which typed array holds a result leaf's data, by storage code. */
export const STORAGE_CLASSES = Object.freeze([Float32Array, Int32Array, Uint8Array, Uint32Array, Float64Array]);
/** Which typed array views an engine dtype's elements in wasm memory, by engine dtype code. */
export const ENGINE_STORAGE = Object.freeze([Float32Array, Int32Array, Uint8Array, Uint32Array, Uint8Array]);
/** Added to a single result leaf's storage code when its elements follow in the buffer. */
export const INLINE = 0x100;
/** First exchange-buffer word when the results come in the general flat form. */
export const FLAT = 0xffffffff;
/** The engine handle of a host-callback argument sent as a view (negative; others are byte addresses). */
export const viewedHandle = (argument) => -argument - 1;
/** The key of a pytree node's kind, and the kind of a single array. */
export const TREE_KIND_KEY = 't';
/** The kind of a pytree leaf. */
export const TREE_LEAF = 'leaf';
/** The `name` of the errors the engine throws, by kind. */
export const ERROR_NAMES = Object.freeze({ callback: 'CallbackError', concretization: 'ConcretizationTypeError', escapedTracer: 'UnexpectedTracerError', engine: 'JaxplayError', type: 'TypeError' });
/** `pure_callback`'s `vmap_method` values. */
export const VMAP_METHODS = Object.freeze(['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized']);
/** Unary ops `unary(op, x)` takes. */
export const UNARY_OPS = Object.freeze(['neg', 'sin', 'cos', 'exp', 'log']);
/** Binary ops `binary(op, a, b)` takes. */
export const BINARY_OPS = Object.freeze(['add', 'sub', 'mul', 'div']);
/** Comparisons `compare(op, a, b)` takes. */
export const COMPARISONS = Object.freeze(['lt', 'le', 'gt', 'ge', 'eq', 'ne']);
/** Timeline event kinds (`event.kind`). */
export const EVENT_KINDS = Object.freeze(['trace', 'compile', 'dce', 'execute', 'callback', 'token', 'barrier']);
/** Timeline event phases (`event.phase`). */
export const EVENT_PHASES = Object.freeze(['begin', 'end', 'instant']);
/** Timeline event statuses (`event.status`). */
export const EVENT_STATUSES = Object.freeze(['ok', 'error', 'removed', 'skipped', 'hit', 'miss']);
/** Callback kinds of callback events (`event.callbackKind`). */
export const CALLBACK_KINDS = Object.freeze(['pure', 'io', 'debug']);
