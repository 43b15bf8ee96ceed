// Generated from src/boundary.rs by tests/boundary.rs: do not edit. The codes and tags the
// engine and this glue share; `JAXPLAY_BLESS=1 cargo test --test boundary` regenerates it.

/** Engine dtypes by code (an argument's `meta`: `[dtype code, rank, ...dims]`). */
export const ENGINE_DTYPES = Object.freeze(['float32', 'int32', 'bool', 'uint32', 'uint8']);
/** Every dtype by code, as `dtypeCode` gives an array's. */
export const DTYPES = Object.freeze(['float32', 'int32', 'bool', 'uint32', 'uint8', 'key<fry>']);
/** Result dtypes by code, as a callback wrapper writes them into the exchange buffer. */
export const RESULT_DTYPES = Object.freeze(['number', 'float32', 'float64', 'int32', 'int64', 'bool', 'uint32', 'uint8']);
/** Which typed array holds a result leaf's data, by storage code. */
export const STORAGE_CLASSES = Object.freeze([Float32Array, Int32Array, Uint8Array, Uint32Array, Float64Array]);
/** Which typed array views an engine dtype's elements in wasm memory, by engine dtype code. */
export const ENGINE_STORAGE = Object.freeze([Float32Array, Int32Array, Uint8Array, Uint32Array, Uint8Array]);
/** Added to a single result leaf's storage code when its elements follow in the buffer. */
export const INLINE = 0x100;
/** Added to a single result leaf's storage code when the wrapper returned an engine array's handle. */
export const HANDLE = 0x200;
/** First exchange-buffer word when the results come in the general flat form. */
export const FLAT = 0xffffffff;
/** The engine handle of a host-callback argument sent as a view (negative; others are byte addresses). */
export const viewedHandle = (argument) => -argument - 1;
/** The key of a pytree node's kind, and the kind of a single array. */
export const TREE_KIND_KEY = 't';
/** The kind of a pytree leaf. */
export const TREE_LEAF = 'leaf';
/** The `name` of the errors the engine throws, by kind. */
export const ERROR_NAMES = Object.freeze({ callback: 'CallbackError', concretization: 'ConcretizationTypeError', escapedTracer: 'UnexpectedTracerError', engine: 'JaxplayError', type: 'TypeError', range: 'RangeError' });
/** `pure_callback`'s `vmap_method` values. */
export const VMAP_METHODS = Object.freeze(['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized']);
/** Unary ops `unary(op, x)` takes. */
export const UNARY_OPS = Object.freeze(['neg', 'sin', 'cos', 'exp', 'log']);
/** Binary ops `binary(op, a, b)` takes. */
export const BINARY_OPS = Object.freeze(['add', 'sub', 'mul', 'div']);
/** Comparisons `compare(op, a, b)` takes. */
export const COMPARISONS = Object.freeze(['lt', 'le', 'gt', 'ge', 'eq', 'ne']);
/** Host NumPy's dtypes by code (`hostOp`'s meta and results). */
export const HOST_DTYPES = Object.freeze(['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64']);
/** The typed array each host NumPy dtype travels in, by dtype code. */
export const HOST_STORAGE = Object.freeze([Uint8Array, Int8Array, Int16Array, Int32Array, Float64Array, Uint8Array, Uint16Array, Uint32Array, Float64Array, Float32Array, Float32Array, Float64Array]);
/** Host NumPy operations by code (`hostOp(code, ...)`). */
export const HOST_OPS = Object.freeze(['add', 'subtract', 'multiply', 'divide', 'floor_divide', 'remainder', 'power', 'maximum', 'minimum', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift', 'right_shift', 'logical_and', 'logical_or', 'logical_xor', 'equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal', 'arctan2', 'hypot', 'negative', 'positive', 'absolute', 'sign', 'square', 'sqrt', 'cbrt', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh', 'floor', 'ceil', 'trunc', 'rint', 'invert', 'logical_not', 'isnan', 'isinf', 'isfinite', 'where', 'clip', 'round', 'sum', 'prod', 'mean', 'max', 'min', 'any', 'all', 'astype']);
/** How `hostOp`'s meta tags an operand: an array with data, a viewed engine array, a Python int, float or bool. */
export const HOST_OPERANDS = Object.freeze({ array: 0, view: 1, int: 2, float: 3, bool: 4 });
/** Timeline event kinds (`event.kind`). */
export const EVENT_KINDS = Object.freeze(['trace', 'compile', 'dce', 'execute', 'callback', 'token', 'barrier']);
/** Timeline event phases (`event.phase`). */
export const EVENT_PHASES = Object.freeze(['begin', 'end', 'instant']);
/** Timeline event statuses (`event.status`). */
export const EVENT_STATUSES = Object.freeze(['ok', 'error', 'removed', 'skipped', 'hit', 'miss']);
/** Callback kinds of callback events (`event.callbackKind`). */
export const CALLBACK_KINDS = Object.freeze(['pure', 'io', 'debug']);
