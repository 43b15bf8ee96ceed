// Engine memory as JS reads it: the exchange buffer both sides leave numbers in, copies of
// arrays' elements out of wasm memory, views of it that callbacks get as arguments, and the
// connection through which host NumPy (np.js) runs in the engine.

import { wasm, memory, generation, restartError } from './instance.js';
import { HostArray, connectEngine } from './np.js';
import { ENGINE_STORAGE } from './boundary.js';
import { inSyncScope } from './arrays.js';
import { releaseHandle, releaseFromFinalizer } from './heap.js';

let exchangeView = new Uint32Array(0);

/**
 * The engine's exchange buffer (`EXCHANGE` in src/facade/mod.rs), where both sides leave numbers
 * for the other: callback result types, `readLocation` answers. A view of wasm memory, made
 * again after memory grows, which empties (detaches) the old view.
 */
export function exchange() {
  if (exchangeView.length === 0) {
    const [address, words] = wasm.exchangeBuffer();
    exchangeView = new Uint32Array(memory.buffer, address, words);
  }
  return exchangeView;
}

let exchangeFloatView = new Float32Array(0);

/** The exchange buffer as float32 words, where a callback wrapper may write a small result. */
export function exchangeFloats() {
  const words = exchange();
  if (exchangeFloatView.buffer !== words.buffer) {
    exchangeFloatView = new Float32Array(words.buffer, words.byteOffset, words.length);
  }
  return exchangeFloatView;
}

/**
 * Whether a typed array is a view of the engine's wasm memory. `byteOffset` first: a fresh typed
 * array starts at 0 (engine data never does), and reading `.buffer` of a small one makes V8 move
 * its elements off the JS heap, a large part of a small callback call (bench/NOTES.md).
 */
export const isEngineMemory = (typed) => typed.byteOffset > 0 && typed.buffer === exchange().buffer;

/**
 * A new ArrayBuffer of `bytes` whose contents are left as they are, for data about to be
 * overwritten (or never touched). `new ArrayBuffer`, and a typed array's `slice`, must zero it,
 * and in Node (glibc's calloc on reused heap memory) that writes every page, as long a pass as
 * the copy that follows; Node's `Buffer.allocUnsafeSlow` skips the zeroing (a non-pooled
 * Buffer: its ArrayBuffer is its own, of exactly `bytes`). Browsers map large buffers fresh,
 * already zero. Looked up once, before learner code runs.
 */
export const uninitializedBuffer = typeof Buffer === 'function' && typeof Buffer.allocUnsafeSlow === 'function'
  ? (bytes) => Buffer.allocUnsafeSlow(bytes).buffer
  : null;
/** Copies of at least this many bytes go through `uninitializedBuffer` (a C++ call each). */
const UNZEROED_COPY = 2 ** 16;

/** A copy of a typed array, in a buffer of its own. */
export function copyOf(typed) {
  const bytes = typed.byteLength;
  if (uninitializedBuffer === null || bytes < UNZEROED_COPY) return typed.slice();
  const out = new typed.constructor(uninitializedBuffer(bytes));
  out.set(typed);
  return out;
}

/** A view of all wasm memory per engine dtype code, made when first needed. */
const memoryViews = ENGINE_STORAGE.map((Typed) => new Typed(0));

/**
 * Empties the views of a replaced instance's memory (see `adopt` in instance.js): the memory
 * views with a Uint8Array, as any empty view makes `copyFromEngine` make a new one.
 */
export function resetViews() {
  exchangeView = new Uint32Array(0);
  memoryViews.fill(new Uint8Array(0));
}

/**
 * A copy of `length` elements of engine dtype `code` at byte `address` in wasm memory: one
 * typed array, filled by a loop when small (cheaper than making a temporary view to copy from).
 */
export function copyFromEngine(address, code, length) {
  const Typed = ENGINE_STORAGE[code];
  if (memoryViews[code].length === 0) memoryViews[code] = new Typed(memory.buffer);
  const mem = memoryViews[code];
  const start = address / Typed.BYTES_PER_ELEMENT;
  if (length > 64) return copyOf(mem.subarray(start, start + length));
  const out = new Typed(length);
  for (let i = 0; i < length; i++) out[i] = mem[start + i];
  return out;
}

/** A copy of an engine array's elements (`what` names the asking method for a tracer's error). */
export function readData(handle, what) {
  const address = wasm.readLocation(handle, what);
  const x = exchange();
  return copyFromEngine(address, x[0], x[1]);
}

/**
 * Releases the engine array behind host-argument views once no view of it is reachable: a
 * `keeper` is `{handle, views}`, shared by every view made of one array.
 */
const viewKeepers = new FinalizationRegistry((keeper) => {
  keeper.views -= 1;
  if (keeper.views === 0) releaseFromFinalizer(keeper.handle, keeper.generation);
});

/**
 * A callback argument the engine sent as `handle` (a large float32 or int32 array, of the type
 * `ArgumentDecoder` in protocol.js describes): a HostArray
 * whose data is a view of the engine's memory rather than a copy. Like a NumPy view of a JAX
 * array it is read-only by contract (JAX raises on writes; here a write would change the
 * engine's array). A view stays valid while reachable: the engine array is kept until every
 * view of it is garbage, and when wasm memory grows (which empties existing views) `.data`
 * makes a new one, so keep the HostArray rather than its `.data` across engine calls. Inside a
 * `jax.scope` it is a copy instead.
 */
export function hostArrayView(handle, { code, shape, dtype, length }) {
  const address = wasm.dataAddress(handle);
  if (inSyncScope()) {
    // A view keeps its array until the garbage collector finds the view unreachable, which a
    // synchronous loop of scopes never allows: there the host gets a copy, and the array goes
    // back to the engine now, as everything else the scope's calls made does. (A scope waiting
    // on a promise leaves its arrays to the garbage collector too: there a view is as good.)
    const copy = copyFromEngine(address, code, length);
    releaseHandle(handle);
    return new HostArray(copy, shape, dtype);
  }
  const keeper = { handle, views: 0, generation };
  const Typed = ENGINE_STORAGE[code];
  const view = () => {
    if (keeper.generation !== generation) throw restartError();
    const v = new Typed(memory.buffer, address, length);
    keeper.views += 1;
    viewKeepers.register(v, keeper);
    return v;
  };
  return HostArray.over(view, shape, dtype, keeper);
}

// Host NumPy (np.js) runs in this engine; it reads a callback's viewed arguments in place.
connectEngine({
  ready: () => wasm !== null,
  op: (code, meta, keep, a, b, c) => wasm.hostOp(code, meta, keep, a, b, c),
  // A result kept in the engine is released by the garbage collector (or when first read),
  // which a synchronous loop of scopes never lets run: there results are JS arrays at once.
  keep: () => !inSyncScope(),
  read: (handle, gen) => {
    if (gen !== generation) throw restartError();
    return readData(handle, 0);
  },
  release: releaseHandle,
  releaseLater: releaseFromFinalizer,
  resultType: (meta) => wasm.hostResultType(meta),
  dtypeCode: (name) => wasm.hostDtype(name),
  exchange,
  generation: () => generation,
  isEngineMemory,
});
