// The host-callback wire format, both directions (src/facade/callbacks.rs has the engine's
// side): arguments as the engine sends them (`ArgumentDecoder`), and results as the wrapper
// hands them back (their types written into the exchange buffer, their data returned).
// Self-contained but for the codes, and given by its caller how to read engine memory, the
// exchange buffer and the engine-memory test, so the wasm tests import this very file
// (tests/wasm_common/mod.rs) and drive their engine instance with the glue's own decoding and
// encoding.

import { ENGINE_DTYPES, RESULT_DTYPES, STORAGE_CLASSES as STORAGE, FLAT, INLINE, HANDLE, viewedHandle } from './boundary.js';

/** Result dtype codes the engine reads, by name. */
const RESULT_CODES = new Map(RESULT_DTYPES.map((d, i) => [d, i]));
/** The storage code of data sent as a Float64Array: the last class. */
const STORAGE_F64 = STORAGE.length - 1;
const STORAGE_F32 = STORAGE.indexOf(Float32Array);
const STORAGE_I32 = STORAGE.indexOf(Int32Array);

/**
 * The arguments of one wrapper's calls. The engine calls `wrapper(meta, datas)`: `meta`, a
 * Uint32Array of `[dtype code, rank, ...dims]` per argument, only when the types differ from that
 * wrapper's previous call (`undefined` otherwise), and `datas`, one datum for a single argument,
 * else an array of them. A datum is the byte address of the elements in engine memory, to copy,
 * or the encoded handle of a large array, to view (`view_argument` in src/boundary.rs,
 * `viewedHandle`).
 * `copy(address, type)` and `view(handle, type)` make the host's argument from either, `type`
 * being `{code, dtype, shape, length}`.
 */
export class ArgumentDecoder {
  constructor(copy, view) {
    /** The argument types of the latest call. */
    this.types = [];
    this.copy = copy;
    this.view = view;
  }

  /** Takes a call's `meta`. */
  receive(meta) {
    if (meta !== undefined) this.types = argTypes(meta);
  }

  /** Argument `i` of a call's `datas`. */
  argument(datas, i) {
    const type = this.types[i];
    const data = this.types.length === 1 ? datas : datas[i];
    return data < 0 ? this.view(viewedHandle(data), type) : this.copy(data, type);
  }
}

/** `[{code, dtype, shape, length}]` from the engine's `[dtype code, rank, ...dims]` per argument. */
function argTypes(meta) {
  const types = [];
  for (let at = 0; at < meta.length;) {
    const end = at + 2 + meta[at + 1];
    const shape = [];
    let length = 1;
    for (let k = at + 2; k < end; k++) {
      shape.push(meta[k]);
      length *= meta[k];
    }
    // Frozen, like NumPy's shape tuples: one array serves every call with these types.
    types.push({ code: meta[at], dtype: ENGINE_DTYPES[meta[at]], shape: Object.freeze(shape), length });
    at = end;
  }
  return types;
}

/** Writes one leaf's `dtype code, storage code, rank, ...dims` at `meta[at]`; returns the next slot. */
export function writeLeafType(meta, at, code, storage, shape) {
  meta[at] = code;
  meta[at + 1] = storage;
  meta[at + 2] = shape.length;
  for (let k = 0; k < shape.length; k++) meta[at + 3 + k] = shape[k];
  return at + 3 + shape.length;
}

/**
 * Hands flat `[dtype, shape, data, ...]` leaves to the engine: each leaf's type goes into the
 * engine's exchange buffer (`exchangeView()`, a Uint32Array over wasm memory) as numbers
 * (`[count, then per leaf: dtype code, storage code, rank, ...dims]`) and the data is returned
 * (the typed array itself for one leaf), so the engine reads no JS objects. A dtype without a
 * code, or more words than the buffer holds, falls back to returning the flat form itself,
 * every data a Float64Array, with `FLAT` as the first word.
 *
 * Two passes: every conversion that may run user code (`valueOf` of a value in a plain array) or
 * allocate engine memory happens first, and only then is the buffer fetched and written, with
 * nothing in between that could overwrite it or detach its view.
 */
export function encodeResults(flat, exchangeView, isEngineMemory) {
  const count = flat.length / 3;
  const datas = new Array(count);
  const storages = new Array(count);
  let words = 1;
  let coded = true;
  for (let i = 0; i < count; i++) {
    coded &&= RESULT_CODES.has(flat[3 * i]);
    words += 3 + flat[3 * i + 1].length;
    [datas[i], storages[i]] = storable(flat[3 * i + 2], isEngineMemory);
  }
  const meta = exchangeView();
  if (!coded || words > meta.length) {
    const general = flat.map((x, k) => (k % 3 === 2 ? Float64Array.from(x, Number) : x));
    exchangeView()[0] = FLAT;
    return general;
  }
  let at = 1;
  for (let i = 0; i < count; i++) {
    at = writeLeafType(meta, at, RESULT_CODES.get(flat[3 * i]), storages[i], flat[3 * i + 1]);
  }
  meta[0] = count;
  return count === 1 ? datas[0] : datas;
}

/**
 * `encodeResults` for one leaf whose data is already a typed array: no flat list to build.
 * Null when its dtype has no code or its type does not fit the buffer (then use `encodeResults`).
 * With `exchangeFloats` (a Float32Array view of the same buffer), small float32 and int32 data
 * goes into the buffer too, after the type words, marked `INLINE` in its storage code, and
 * `INLINE` is returned: the engine then reads the buffer only, without calling back into JS to
 * copy the data out of a typed array.
 */
export function encodeSingle(dtype, shape, data, exchangeView, isEngineMemory, exchangeFloats = undefined) {
  const code = RESULT_CODES.get(dtype);
  if (code === undefined || 4 + shape.length > exchangeView().length) return null;
  const [stored, storage] = storable(data, isEngineMemory);
  const meta = exchangeView();
  const at = writeLeafType(meta, 1, code, storage, shape);
  meta[0] = 1;
  // Only where the shape accounts for every element, else the engine would read a different
  // count than the host returned (and reports that mismatch from the typed array).
  const inline = exchangeFloats !== undefined && (storage === STORAGE_F32 || storage === STORAGE_I32)
    && at + stored.length <= meta.length && size(shape) === stored.length;
  if (inline) {
    (storage === STORAGE_F32 ? exchangeFloats() : meta).set(stored, at);
    meta[2] = storage | INLINE;
    return INLINE;
  }
  return stored;
}

/**
 * `encodeResults` for one leaf that is an engine array already (`handle`: a host NumPy result
 * the engine kept, or an argument handed back): its type goes into the buffer, marked `HANDLE`,
 * and the handle is returned, so the engine takes the array with no copy. Null when its dtype
 * has no code or its type does not fit the buffer.
 */
export function encodeHandle(dtype, shape, handle, exchangeView) {
  const code = RESULT_CODES.get(dtype);
  if (code === undefined || 4 + shape.length > exchangeView().length) return null;
  const meta = exchangeView();
  writeLeafType(meta, 1, code, HANDLE, shape);
  meta[0] = 1;
  return handle;
}

/** Elements in `shape` (checks.js has `shapeSize`, but wasm-bindgen copies only this file and boundary.js for the wasm tests). */
function size(shape) {
  let n = 1;
  for (let i = 0; i < shape.length; i++) n *= shape[i];
  return n;
}

/**
 * `[data, storage code]` for data the engine can copy as it is: a typed array of exactly one of
 * the `STORAGE` classes (not a subclass, no own `length`), and not a view of engine memory (the
 * engine's allocation for the result could grow memory and empty it). Anything else is copied
 * into a Float64Array.
 */
function storable(data, isEngineMemory) {
  const proto = data !== null && typeof data === 'object' ? Object.getPrototypeOf(data) : null;
  for (let k = 0; k < STORAGE.length; k++) {
    if (proto === STORAGE[k].prototype && !Object.hasOwn(data, 'length')) {
      return [isEngineMemory(data) ? data.slice() : data, k];
    }
  }
  return [Float64Array.from(data, Number), STORAGE_F64];
}
