// The engine side of the JS API: loading the wasm module, engine arrays (handles released by a
// FinalizationRegistry, so nothing needs `.free()`), turning JS values into handles, options
// objects, ShapeDtypeStruct, and the trace-function protocol the engine uses to call user code.

import { createGlue } from '../pkg/glue.js';
import { flatten, unflatten, isPlainObject } from './pytree.js';
import { HostArray, asarray, formatArray, connectEngine } from './np.js';
import { index as staticIndex } from './indexing.js';
import {
  distinctAxes, integer as checkedInteger, MAX_ELEMENTS, show, dims as checkedDims, argError, functionName, typeName, isDetached, snapshot,
} from './checks.js';
import { ERROR_NAMES, VMAP_METHODS, ENGINE_DTYPES, ENGINE_STORAGE } from './boundary.js';
import { LARGE, MOVED, tookArray, relieveAt, relieve, released, noteGrowth, track, moveBack, dropMoved, resetResidency } from './residency.js';

/**
 * The engine's exports, each guarded (see `guarded`). A live binding: after a restart it is the
 * new instance's, so modules that import it reach the new instance.
 */
export let wasm = null;

let ready = null;
let memory = null;
let compiledModule = null;
/** Instances replaced so far; every handle carries the generation it was made in. */
let generation = 0;
const NODE_FS = 'node:fs/promises';

/**
 * Loads the engine once, from `input` (a compiled module, bytes, a Response or a URL) or, with
 * no argument, from the .wasm beside this package: read from disk in Node, fetched in browsers
 * (bundlers that understand `new URL(..., import.meta.url)` ship the file).
 */
export function init(input) {
  ready ??= (async () => {
    let source = input;
    if (source === undefined && typeof process !== 'undefined' && process.versions?.node) {
      // Named by a variable, so browser bundlers neither resolve nor warn about it.
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
      source = await readFile(new URL('../pkg/jaxplay_bg.wasm', import.meta.url));
    }
    compiledModule = await compile(source ?? new URL('../pkg/jaxplay_bg.wasm', import.meta.url));
    // Each instance has a glue copy of its own (www/pkg/glue.js), so a replacement can be made
    // synchronously when this one breaks (see `settle`).
    const glue = createGlue();
    const exports = await glue.default({ module_or_path: compiledModule });
    adopt(glue, exports, 0);
  })();
  return ready;
}

/**
 * A compiled module from bytes, a Response, a URL or a module. A response served as
 * application/wasm is compiled while it downloads (the type is what compileStreaming requires).
 */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  let s = await source;
  if (typeof s === 'string' || s instanceof URL) s = await fetch(s);
  if (typeof Response !== 'undefined' && s instanceof Response) {
    const wasmType = /^application\/wasm\b/i.test(s.headers.get('Content-Type') ?? '');
    if (wasmType && typeof WebAssembly.compileStreaming === 'function') return WebAssembly.compileStreaming(s);
    s = await s.arrayBuffer();
  }
  return WebAssembly.compile(s);
}

/**
 * Makes `glue` (a wasm-bindgen glue module, initialised with `exports`) the engine, as
 * generation `gen`. What can fail comes first; the assignments after cannot, so a failure
 * leaves the previous engine whole.
 */
function adopt(glue, exports, gen) {
  const guardedGlue = guardNamespace(glue, gen, exports);
  glue.engineInit();
  if (gen > 0) replaySettings(glue);
  const mark = glue.engineStackMark();
  const errorCount = glue.errorCountAddress() / 4;
  memory = exports.memory;
  errorCountIndex = errorCount;
  errorsSeen = 0;
  interrupted = false;
  suspects.length = 0;
  exchangeView = new Uint32Array(0);
  liveBytesView = new Uint32Array(0);
  seenBytes = 0;
  checkAt = 0;
  resetResidency();
  memoryViews.fill(new Uint8Array(0));
  wasm = guardedGlue;
  rawGlue = glue;
  stackPointer = exports.__stack_pointer instanceof WebAssembly.Global ? exports.__stack_pointer : null;
  idleStackPointer = stackPointer?.value ?? 0;
  idleStackMark = mark;
  generation = gen;
}

// ---------------------------------------------------------------- faults and restarts

/** What every use of the engine after a fault that replaced the instance says. */
export const RESTART_MESSAGE = 'the engine hit an internal error and was restarted; arrays made before are no longer valid';
/** The start of a panic's message (`PANIC_PREFIX` in src/facade/health.rs). */
const PANIC_PREFIX = 'jaxplay internal error: ';
/** Engine calls nested deeper than this (callbacks calling jitted functions...) are refused. */
const MAX_ENGINE_DEPTH = 200;

/** Engine calls now running (nested through callbacks and traced functions). */
let depth = 0;
/** An exception crossed an engine call since the last idle moment. */
let faulted = false;
/** The last exception that crossed one, to say what happened if the engine must restart. */
let lastFault = null;
/** Set when the instance trapped or panicked: the message of what happened. */
let brokenBy = null;
/**
 * Set when the stack ran out inside the engine's own frames, which may have stopped it
 * half-way through an update: only a fresh instance is safe then (see `suspects`).
 */
let interrupted = false;
/**
 * Stack errors that crossed an engine call without the engine returning them (it returns a
 * learner's own, raised in their traced function, as is, and counts it): thrown either by the
 * glue's JS before or after the engine ran (harmless), or inside the engine's frames. `settle`
 * tells which from each one's stack trace, which cannot be read where they are caught (with
 * no stack left, any call may fail there).
 */
const suspects = [];
/**
 * Where the engine counts the errors it returned (`ERRORS_RETURNED` in src/facade/health.rs),
 * as an index of 32-bit words, and that count when an exception last crossed an engine call.
 */
let errorCountIndex = 0;
let errorsSeen = 0;
let idleStackMark = 0;
/** The current glue module itself, for calls that must not be guarded. */
let rawGlue = null;
/** The instance's shadow-stack pointer (exported by .cargo/config.toml) and its idle value. */
let stackPointer = null;
let idleStackPointer = 0;

/**
 * Whether the shadow stack is as at idle, putting its pointer back if frames unwound by a JS
 * exception kept their space (they never ran the code that gives it back).
 */
function restoreStack() {
  if (rawGlue.engineStackMark() === idleStackMark) return true;
  if (stackPointer === null) return false;
  stackPointer.value = idleStackPointer;
  return rawGlue.engineStackMark() === idleStackMark;
}

function restartError(detail) {
  const err = new Error(detail ? `${RESTART_MESSAGE} (${detail})` : RESTART_MESSAGE);
  err.name = ERROR_NAMES.engine;
  return err;
}

function recursionError() {
  const err = new Error(`engine calls nested more than ${MAX_ENGINE_DEPTH} deep: a host callback or traced function keeps calling back into jaxplay (does a callback call its own jitted function?)`);
  err.name = 'RecursionError';
  return err;
}

const isTrap = (err) => err instanceof WebAssembly.RuntimeError || (err instanceof Error && err.message.startsWith(PANIC_PREFIX));

const MAX_SUSPECTS = 8;

/**
 * Frames `probeStack` makes before a restart: more stack than instantiating and starting an
 * instance takes, so a restart never stops half-way (bench/NOTES.md, "The last trap").
 */
const STACK_PROBE_DEPTH = 1000;
/** Throws a RangeError when fewer than `n` small frames fit on the stack. */
function probeStack(n) {
  return n === 0 ? 0 : probeStack(n - 1) + 1;
}

/**
 * Whether the stack error `err` was thrown inside the engine's wasm frames: a wasm frame above
 * the innermost `guardedCall` in its stack trace (V8: `at wasm://wasm/...:wasm-function[12]`,
 * Firefox and Safari: `wasm-function[12]@...`). A trace that cannot be read, or shows no
 * `guardedCall` among its frames (too deep, or a minifier renamed it), counts as thrown inside:
 * a needless restart at worst, never a missed one.
 */
function ranOutInEngine(err) {
  let text;
  try {
    text = err.stack;
  } catch {
    return true;
  }
  if (typeof text !== 'string') return true;
  const frames = text.split('\n');
  const guard = frames.findIndex((line) => line.includes('guardedCall'));
  if (guard < 0) return true;
  return frames.slice(0, guard).some((line) => line.includes('wasm-function['));
}

/** Firefox's class for "too much recursion"; other engines throw a RangeError. */
const InternalErrorClass = typeof globalThis.InternalError === 'function' ? globalThis.InternalError : RangeError;
const isStackError = (err) => err instanceof RangeError || err instanceof InternalErrorClass;

function noteFault(err) {
  if (isTrap(err)) brokenBy ??= err.message;
  faulted = true;
  return err;
}

/**
 * Back outside every engine call after an exception crossed one: no engine frame is live, so
 * the idle state is known. Restores it, or replaces the instance when the engine trapped,
 * panicked, or cannot be restored (a cell left borrowed, stack space lost). Returns the error
 * to report instead of the original, or null.
 */
function settle() {
  try {
    return settleNow();
  } catch (err) {
    // Settling itself failed, most likely for want of stack at the point of the fault: the
    // next outermost engine call settles instead (see `guarded`), and this one reports the
    // fault, unless it was a trap or panic, whose bare words ("unreachable") say nothing: then
    // it says the stack ran out (a RangeError), or, failing that, that the engine restarts.
    faulted = true;
    if (!isTrap(lastFault)) return null;
    return isStackError(err) ? err : restartError();
  }
}

function settleNow() {
  while (suspects.length > 0) {
    const suspect = suspects[suspects.length - 1];
    if (ranOutInEngine(suspect)) {
      interrupted = true;
      // The fault to name: what reached the outermost call may be another error made of it (a
      // host's RangeError, reported as the callback's error).
      if (!isStackError(lastFault)) lastFault = suspect;
    }
    suspects.length -= 1;
  }
  if (brokenBy === null && !interrupted) {
    let healthy;
    try {
      healthy = rawGlue.engineRecover() && restoreStack();
    } catch (err) {
      // Out of stack: try again later. A trap: the instance is gone.
      if (!isTrap(err)) throw err;
      brokenBy = err.message;
    }
    if (healthy) {
      faulted = false;
      lastFault = null;
      return null;
    }
  }
  const detail = brokenBy ?? (isStackError(lastFault)
    ? `the JavaScript stack ran out during an engine call (${lastFault.message}), which can leave the engine half-way through an update`
    : 'its state could not be restored after an exception');
  brokenBy = detail;
  // Starting an instance takes stack: with too little left (the fault was deep in a
  // recursion) this throws a RangeError, and the next outermost engine call restarts instead,
  // rather than make an instance whose start would stop half-way.
  probeStack(STACK_PROBE_DEPTH);
  const glue = createGlue();
  const exports = glue.initSync({ module: compiledModule });
  adopt(glue, exports, generation + 1);
  brokenBy = null;
  faulted = false;
  lastFault = null;
  return restartError(detail);
}

/**
 * An engine export guarded for faults: counts nesting (refusing past `MAX_ENGINE_DEPTH`),
 * notes exceptions that cross it, and once back outside every engine call after one, settles
 * the engine (see `settle`). Fixed parameters (as many as the widest export, `restructure`)
 * rather than rest: this is on every call.
 */
function guarded(f, gen) {
  return function guardedCall(a, b, c, d, e, g, h, i) {
    // A restart's old instance (kept alive by its objects, such as a LinearMap) is never used.
    if (gen !== generation) throw restartError();
    if (depth === 0 && (brokenBy !== null || faulted)) {
      const err = settle();
      if (err) throw err;
    }
    if (depth >= MAX_ENGINE_DEPTH) throw recursionError();
    depth += 1;
    let result;
    try {
      result = f.call(this, a, b, c, d, e, g, h, i);
    } catch (err) {
      // Plain assignments first: with the stack nearly full (a RangeError is how many faults
      // arrive) any call here may throw again, and the fault must still be on record.
      faulted = true;
      lastFault = err;
      depth -= 1;
      // The engine's count of returned errors, read from memory with no call (`liveBytesView`
      // covers it; a detached view reads undefined, taken as "not returned"): see `suspects`.
      const returnedErrors = liveBytesView[errorCountIndex];
      if ((returnedErrors === undefined || returnedErrors === errorsSeen) && (err instanceof RangeError || err instanceof InternalErrorClass)) {
        if (suspects.length < MAX_SUSPECTS) suspects[suspects.length] = err;
        else interrupted = true;
      }
      errorsSeen = returnedErrors;
      noteFault(err);
      if (depth === 0) throw settle() ?? err;
      throw err;
    }
    depth -= 1;
    if (depth === 0 && faulted) {
      const err = settle();
      if (err) throw err;
    }
    return result;
  };
}

/** Engine settings the learner changed, by export name: their last arguments (see `adopt`). */
const settings = new Map();
const SETTINGS = new Set(['setMemoryLimit', 'setSchedule', 'timelineSetCapacity', 'timelineSetRecording']);
/** Timeline listeners by the id handed out for them, with their id in the current instance. */
const subscriptions = new Map();
let nextSubscription = 1;

/**
 * Exports that change what the engine keeps across calls, wrapped so that a replacement
 * instance starts as the learner left the old one: settings are remembered, and timeline
 * subscriptions are known by ids of our own, which outlive the instance's.
 */
function remembering(name, call) {
  if (SETTINGS.has(name)) {
    return (...args) => {
      const result = call(...args);
      settings.set(name, args);
      return result;
    };
  }
  if (name === 'timelineSubscribe') {
    return (listener) => {
      const engineId = call(listener);
      subscriptions.set(nextSubscription, { listener, engineId });
      return nextSubscription++;
    };
  }
  if (name === 'timelineUnsubscribe') {
    return (id) => {
      const subscription = subscriptions.get(id);
      subscriptions.delete(id);
      return subscription === undefined ? false : call(subscription.engineId);
    };
  }
  return call;
}

/** Gives a replacement instance (`glue`) the settings and subscriptions of the one it replaces. */
function replaySettings(glue) {
  for (const [name, args] of settings) glue[name](...args);
  for (const subscription of subscriptions.values()) subscription.engineId = glue.timelineSubscribe(subscription.listener);
}

/** Taken before learner code runs, which may replace `Reflect.construct`. */
const reflectConstruct = Reflect.construct;

/**
 * Frees the engine objects behind the glue's classes (a JitFunction, a Lowered, a LinearMap)
 * once their JS objects are collected, instead of the glue's own finalization registries
 * (each object is taken off the glue's as it is made): only in the instance that made them,
 * while it is current and settled. A replaced or faulted instance may be half-way through an
 * update, and code the glue ran there from a finalizer could trap with nothing to catch it,
 * which ends a Node process. After a restart, older objects are dropped with their instance.
 */
const glueObjects = new FinalizationRegistry(({ free, ptr, gen }) => {
  if (gen !== generation || faulted || brokenBy !== null || interrupted) return;
  try {
    free(ptr, 1);
  } catch (err) {
    noteFault(err);
  }
});

/**
 * The glue's functions, guarded, and its classes with guarded methods, whose objects
 * `glueObjects` frees (`exports` is the instance's, with the free functions).
 */
function guardNamespace(glue, gen, exports) {
  const out = {};
  for (const [name, value] of Object.entries(glue)) {
    if (typeof value !== 'function' || name === 'default' || name === 'initSync') continue;
    if (/^[A-Z]/.test(name)) {
      const free = exports[`__wbg_${name.toLowerCase()}_free`];
      const proto = value.prototype;
      const destroyIntoRaw = proto.__destroy_into_raw;
      const own = (object) => {
        if (typeof free !== 'function') return object;
        const ptr = object.__wbg_ptr;
        // Off the glue's registry (this also zeroes the pointer, put back at once), onto ours.
        destroyIntoRaw.call(object);
        object.__wbg_ptr = ptr;
        glueObjects.register(object, { free, ptr, gen }, object);
        return object;
      };
      for (const key of Object.getOwnPropertyNames(proto)) {
        const desc = Object.getOwnPropertyDescriptor(proto, key);
        if (key === 'constructor' || typeof desc.value !== 'function') continue;
        // `free()` goes through it: the object is freed now, never again by `glueObjects`.
        if (key === '__destroy_into_raw') {
          proto[key] = function destroyIntoRaw() {
            glueObjects.unregister(this);
            return desc.value.call(this);
          };
        } else {
          proto[key] = guarded(desc.value, gen);
        }
      }
      // Objects the engine returns (a Lowered, a LinearMap) are made by the glue's `__wrap`.
      if (typeof value.__wrap === 'function') {
        const wrapRaw = value.__wrap;
        value.__wrap = (ptr) => own(wrapRaw.call(value, ptr));
      }
      // Constructors run engine code too (`new wasm.JitFunction(...)`): guarded like calls.
      const construct = guarded((args) => reflectConstruct(value, args), gen);
      out[name] = new Proxy(value, { construct: (target, args) => own(construct(args)) });
    } else {
      out[name] = remembering(name, guarded(value, gen));
    }
  }
  return out;
}

/** Bytes of wasm memory the engine's instance has (it only grows). */
export const wasmMemoryBytes = () => memory.buffer.byteLength;

/** The generation handles are made in now (see `restart`). */
export const engineGeneration = () => generation;

/** Releases `handle` if it belongs to the current instance (a restart forgot older ones). */
function releaseHandle(handle, gen = generation) {
  if (gen === generation) {
    wasm.release(handle);
    noteReleased();
  }
}

/**
 * `releaseHandle` for a finalizer, which nothing could catch an exception from: after a fault
 * not yet settled it leaves the handle (a restart frees it with its instance; a recovery
 * keeps it, a small leak), so the fault is reported to the next call of the learner's code.
 */
function releaseFromFinalizer(handle, gen) {
  if (gen !== generation || faulted || brokenBy !== null) return;
  try {
    rawGlue.release(handle);
    noteReleased();
  } catch (err) {
    noteFault(err);
  }
}

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
const uninitializedBuffer = typeof Buffer === 'function' && typeof Buffer.allocUnsafeSlow === 'function'
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
// (`adopt` empties them with a Uint8Array: any empty view makes `copyFromEngine` make a new one.)

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
function readData(handle, what) {
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

/**
 * Held values are the arrays' cells (see `JaxArray`); `dispose` sets the handle to -1, so the
 * finalizer of a disposed array releases nothing (its handle number may be reused by then).
 * No unregister token: with one, V8 keeps a weak table of tokens, and registering, done for
 * every result, becomes several times slower.
 */
const registry = new FinalizationRegistry((cell) => {
  if (cell.handle >= 0) {
    releaseFromFinalizer(cell.handle, cell.generation);
    cell.handle = -1;
  } else if (cell.moved > 0) {
    dropMoved(cell);
  }
});

/** Arrays made inside each open `scope`, innermost last. */
const scopes = [];
/**
 * Whether the innermost open scope will release what is made now when it closes: a scope
 * waiting on a promise holds arrays weakly, leaving them to the garbage collector (see `scope`).
 */
const inSyncScope = () => scopes.length > 0 && !scopes[scopes.length - 1].waiting;

const DTYPES = new Set([...ENGINE_DTYPES, 'float64', 'int64']);

/**
 * A dtype's name: a string, a dtype object's `name`, or a scalar type's (`jnp.float32`)
 * `dtype`, read once (a getter may answer differently on a second read); undefined for none.
 * `fn` and `arg` name what was given it, for the error.
 */
export function dtypeName(d, fn = 'dtype', arg = 'dtype') {
  if (d === undefined || d === null) return undefined;
  if (typeof d === 'string') return d;
  let name;
  try {
    if (typeof d === 'object') name = d.name;
    else if (typeof d === 'function') name = d.dtype; // jnp.float32
  } catch {
    name = undefined;
  }
  if (typeof name === 'string') return name;
  throw argError(fn, arg, "a dtype name such as 'float32' (or jnp.float32)", d);
}

/** What asks for an array's data (`READ_DATA_USES` in src/facade/mod.rs). */
const READ_TYPED = 0;
const READ_LIST = 1;
const READ_NUMBER = 2;

/**
 * An array's cell, and the setter of its moved data, for this module and residency.js (users
 * reach the class through `x.constructor`, never these).
 */
export let cellOf;
export let setMovedData;
/**
 * What few arrays have, kept beside them rather than in fields every array initialises (every
 * jitted call makes one): those `jax.keep()` exempted from scopes, and the buffers
 * `hintMemory` weighs arrays with. Both hold an array weakly, so the weight goes with it.
 */
const keptArrays = new WeakSet();
const weights = new WeakMap();
/** The objects the finalization registry watches for large arrays (see `JaxArray.watch`). */
const tokens = new WeakMap();

/** An engine array (concrete) or tracer (inside jit). */
export class JaxArray {
  /**
   * `{ handle, generation, used, moved }`: the engine handle (-1 once disposed, `MOVED` while
   * the data is in JS memory), the instance's generation, whether it was used since
   * residency.js last looked, and, while moved, its bytes (else 0).
   */
  #cell;
  /**
   * While the array is in JS memory, `{ data, shape, code }`. Here, not in the cell: the
   * finalization registry holds the cell until the finalizer runs (never, in a loop that does
   * not yield), and the data must go with the array.
   */
  #movedData = null;

  /** Made by `wrap`, which registers it for its finalizer (see `watch`). */
  constructor(handle) {
    this.#cell = { handle, generation, used: true, moved: 0 };
  }

  /**
   * Registers `x` with the finalization registry: `x` itself, or, when residency.js took it
   * (it may get moved data), an empty object only `x` holds (`tokens`), which dies with it.
   * V8's young-generation collections keep a registered object alive, and with it all it
   * holds: registered itself, such an array would keep its moved data until a full collection,
   * and a loop that drops its results would run mostly full collections (bench/NOTES.md,
   * "Garbage never counts"). Not for every array: the object costs small calls time.
   */
  static watch(x, tracked) {
    if (tracked) {
      const token = {};
      tokens.set(x, token);
      registry.register(token, x.#cell);
    } else {
      registry.register(x, x.#cell);
    }
  }

  static handleOf(x) {
    return x.#live();
  }

  static {
    cellOf = (x) => x.#cell;
    setMovedData = (x, data) => { x.#movedData = data; };
  }

  /** Exempts `x` from every enclosing `scope`: it stays until garbage or `dispose()`d. */
  static keep(x) {
    keptArrays.add(x);
    return x;
  }

  static isKept(x) {
    return keptArrays.has(x);
  }

  /** Gives `x` a buffer whose size tells V8 how much memory it stands for (`hintMemory`). */
  static weigh(x, buffer) {
    weights.set(x, buffer);
  }

  /**
   * The handle, if this array can still be used: not disposed, and made by the current
   * instance (a restart's new instance has its own handles, which may have the same numbers).
   */
  #live() {
    const cell = this.#cell;
    if (cell.generation !== generation) throw restartError();
    if (cell.handle < 0) {
      if (cell.handle === MOVED) {
        const handle = moveBack(this, cell, this.#movedData);
        this.#movedData = null;
        return handle;
      }
      throw jaxplayError('this array was released (by dispose() or at the end of the jax.scope that made it) and cannot be used; return it from the scope, or jax.keep() it, to use it afterwards');
    }
    cell.used = true;
    return cell.handle;
  }

  /**
   * The moved-out data (see residency.js) if the array is in JS memory, else null (then `#live`
   * gives the handle, or the error of a released array or an older engine).
   */
  #moved() {
    return this.#cell.generation === generation ? this.#movedData : null;
  }

  /** A copy of the elements; `what` (`READ_DATA_USES`) names the asking method for a tracer. */
  #read(what) {
    const moved = this.#moved();
    if (moved !== null) return copyOf(moved.data);
    return readData(this.#live(), what);
  }

  /** Releases the array's memory now; using it afterwards is an error. Idempotent. */
  dispose() {
    const cell = this.#cell;
    const { handle, generation: made } = cell;
    cell.handle = -1;
    this.#movedData = null;
    if (handle >= 0 && made === generation) {
      wasm.release(handle);
      noteReleased();
    } else if (cell.moved > 0) {
      dropMoved(cell);
    }
  }

  /** Whether `dispose()` (or a scope) released it. */
  get isDisposed() { return this.#cell.handle === -1; }

  get shape() { return Array.from(this.#moved()?.shape ?? wasm.shape(this.#live())); }
  get dtype() { const moved = this.#moved(); return moved === null ? wasm.dtype(this.#live()) : ENGINE_DTYPES[moved.code]; }
  /** Moved arrays are never weakly typed (residency.js moves only strongly typed ones). */
  get weakType() { return this.#moved() === null && wasm.weakType(this.#live()); }
  get ndim() { return this.shape.length; }
  get size() { return this.shape.reduce((a, b) => a * b, 1); }
  get isTracer() { return this.#moved() === null && wasm.isTracer(this.#live()); }
  get aval() { return wasm.avalText(this.#live()); }

  add(o) { return binary('add', this, o); }
  sub(o) { return binary('sub', this, o); }
  mul(o) { return binary('mul', this, o); }
  div(o) { return binary('div', this, o); }
  neg() { traceSource(); return wrap(wasm.unary('neg', this.#live())); }
  lt(o) { return compare('lt', this, o); }
  le(o) { return compare('le', this, o); }
  gt(o) { return compare('gt', this, o); }
  ge(o) { return compare('ge', this, o); }
  eq(o) { return compare('eq', this, o); }
  ne(o) { return compare('ne', this, o); }
  sum(axis) {
    traceSource();
    const handle = this.#live();
    const axes = axis === undefined || axis === null ? undefined : distinctAxes('sum', 'axis', axis, wasm.shape(handle).length);
    return wrap(wasm.sum(handle, axes));
  }

  reshape(...shape) {
    traceSource();
    const dims = (shape.length === 1 && Array.isArray(shape[0]) ? snapshot(shape[0]) : shape) ?? [];
    for (const d of dims) checkedInteger('reshape', 'shape', d, -1, MAX_ELEMENTS);
    return wrap(wasm.reshape(this.#live(), Int32Array.from(dims)));
  }

  transpose(...axes) {
    traceSource();
    const perm = (axes.length === 1 && Array.isArray(axes[0]) ? snapshot(axes[0]) : axes) ?? [];
    const handle = this.#live();
    const shape = Array.from(wasm.shape(handle));
    const full = perm.length ? perm : [...shape.keys()].reverse();
    for (const a of full) checkedInteger('transpose', 'axes', a, 0, 63);
    if (full.length !== shape.length || new Set(full).size !== full.length || full.some((a) => a >= shape.length)) {
      const tuple = (t) => `(${t.join(', ')}${t.length === 1 ? ',' : ''})`;
      throw jaxplayError(`transpose permutation isn't a permutation of operand dimensions, got permutation ${tuple(full)} for operand shape ${tuple(shape)}.`, TypeError);
    }
    return wrap(wasm.transpose(handle, Uint32Array.from(full)));
  }

  get T() { return this.transpose(); }
  /** Python's `x[...]` with static keys: `x.index(0)`, `x.index(':', -1)`, `x.index('::-1')`. */
  index(...keys) { this.#live(); return staticIndex(this, keys); }
  astype(dtype) {
    traceSource();
    const name = dtypeName(dtype, 'astype', 'dtype');
    if (name === undefined) throw argError('astype', 'dtype', "a dtype name such as 'float32' (or jnp.float32)", dtype);
    return wrap(wasm.astype(this.#live(), name));
  }

  /** Element data as a fresh typed array (Float32Array, Int32Array, or Uint8Array for bool). */
  toTypedArray() { return this.#read(READ_TYPED); }
  toHostArray() { return new HostArray(this.#read(READ_LIST), this.shape, this.dtype); }
  tolist() { return this.toHostArray().tolist(); }
  item() { return this.toHostArray().item(); }
  /** Execution is synchronous, so results are always ready; kept for JAX-style code. */
  blockUntilReady() { return this; }

  /**
   * `+x`, `Number(x)`, `x < 0`: the number of a size-1 array. Any other size throws, as
   * Python's `float(x)` does (NaN would flow on silently).
   */
  valueOf() {
    const data = this.#read(READ_NUMBER);
    if (data.length === 1) return Number(data[0]);
    throw new TypeError(`only size-1 arrays convert to a number (Number(x), +x, x < y); this one has shape (${this.shape.join(', ')}${this.ndim === 1 ? ',' : ''}): use .tolist(), .toTypedArray() or a jnp operation`);
  }

  /**
   * JS's conversions: text where a string is wanted (`${x}`, and `'y = ' + y` for any size),
   * else the number of a size-1 array (`valueOf`).
   */
  [Symbol.toPrimitive](hint) {
    return hint === 'string' || (hint === 'default' && this.size !== 1) ? this.toString() : this.valueOf();
  }

  toString() {
    if (this.isTracer) return `Traced<${this.aval}>`;
    return `Array(${formatArray(this.toHostArray())}, dtype=${this.dtype})`;
  }
}

if (typeof Symbol.dispose === 'symbol') JaxArray.prototype[Symbol.dispose] = JaxArray.prototype.dispose;

export function wrap(handle) {
  const array = new JaxArray(handle);
  let tracked = false;
  try {
    if (scopes.length > 0) inScope(array);
    tracked = hintMemory(array);
  } finally {
    JaxArray.watch(array, tracked);
  }
  return array;
}

let liveBytesView = new Uint32Array(0);
let liveBytesIndex = 0;

/** Bytes the engine's heap holds now: a read of wasm memory, no call. */
export function liveBytesNow() {
  if (liveBytesView.length === 0) {
    liveBytesIndex = rawGlue.liveBytesAddress() / 4;
    liveBytesView = new Uint32Array(memory.buffer);
  }
  return liveBytesView[liveBytesIndex];
}

/**
 * The engine heap's size growth is measured from: an array made when the heap has grown by
 * residency.js's `LARGE` since is probably large, and only then is it asked about.
 */
let seenBytes = 0;
/**
 * `min(seenBytes + LARGE, relieveAt)`: below it, making an array costs residency.js nothing
 * (the one comparison in `hintMemory`).
 */
let checkAt = 0;

/** Makes the next array made look at residency.js (its limit changed). */
export function recheck() {
  checkAt = 0;
}

/**
 * After a release (a finalizer, a view's keeper, `dispose`, a temporary), so the growth the next
 * array makes is seen whole, not net of what was freed since.
 */
function noteReleased() {
  const live = liveBytesNow();
  if (live < seenBytes) {
    seenBytes = live;
    released(live);
    checkAt = Math.min(live + LARGE, relieveAt);
  }
}
/** Engine heap bytes when V8 was last told of growth. */
let hintedBytes = 0;
const HINT_STEP = 2 ** 20;
/**
 * How much more than the growth the hint says: V8 starts collecting after some tens of MiB of
 * external memory, and wasm memory, which never shrinks, is worth more than other memory; the
 * larger the factor, the lower a loop's peak (bench/memory.mjs case b; bench/NOTES.md).
 */
const HINT_FACTOR = 8;
const HINT_MAX = 2 ** 28;

/**
 * Tells V8 how much memory arrays hold, so it collects unreachable ones (and runs their
 * finalizers) sooner: V8 does not see wasm memory, and its heap of small JaxArray objects grows
 * too slowly to trigger a collection, while their wasm memory grows fast. When the engine's
 * heap has grown by `HINT_STEP` since the last hint, the newest array carries an untouched
 * ArrayBuffer (`uninitializedBuffer`) of `HINT_FACTOR` times the growth: V8 counts that as
 * external memory, which makes it collect garbage sooner. Reading the count is a typed-array read, no call.
 * Returns whether residency.js took `array`.
 */
function hintMemory(array) {
  const live = liveBytesNow();
  const tracked = live >= checkAt && lookAtResidency(array, live);
  if (live > hintedBytes + HINT_STEP) {
    // Not for an array residency.js just took: it moves out of wasm memory once idle (its
    // moved data is JS memory V8 sees), and a weight would only inflate Node's reading of JS
    // memory that residency.js counts moved arrays by.
    if (!tracked) {
      try {
        const bytes = Math.min(HINT_FACTOR * (live - hintedBytes), HINT_MAX);
        // In browsers a plain buffer: they map large buffers fresh, already zero, and never touched.
        JaxArray.weigh(array, uninitializedBuffer?.(bytes) ?? new ArrayBuffer(bytes));
      } catch {
        // No address space for the hint: only the hint is lost.
      }
    }
    hintedBytes = live;
  } else if (live < hintedBytes) {
    hintedBytes = live;
  }
  return tracked;
}

/**
 * The heap grew by `LARGE` since `seenBytes`, or passed residency.js's limit. Returns whether
 * residency.js took `array`.
 */
function lookAtResidency(array, live) {
  let took = false;
  if (live - seenBytes >= LARGE) {
    seenBytes = noteGrowth(array, live, live - seenBytes, inSyncScope());
    took = tookArray;
  }
  // Past the soft limit, outside every engine call (see residency.js).
  if (live > relieveAt && depth === 0) seenBytes = Math.min(seenBytes, relieve(live));
  checkAt = Math.min(seenBytes + LARGE, relieveAt);
  return took;
}

/**
 * `jax.scope(fn)`: runs `fn()` and then releases every array made while it ran, except those
 * in what it returns (found through arrays and plain objects) and those `jax.keep()` marked,
 * which pass to the enclosing scope, and the compiled programs of functions `jax.jit` made
 * while it ran (called again, such a function compiles again). Nestable; on an exception
 * everything made is released.
 *
 * An async `fn` (one returning a Promise) closes its scope when the promise settles. While it
 * waits, other code may run and make arrays: they count as this scope's (there is no telling
 * whose await they follow), but held weakly, so a scope that never settles pins nothing, and
 * what scopes closing meanwhile return is not handed to it (it stays with its caller, released
 * by the garbage collector).
 */
export function scope(fn) {
  if (typeof fn !== 'function') throw new TypeError(`jax.scope: fn must be a function, got ${describe(fn)}`);
  const made = [];
  made.waiting = false;
  scopes.push(made);
  let out;
  try {
    out = fn();
    if (out instanceof Promise) {
      made.waiting = true;
      return out.then(
        (value) => { closeScope(made, value); return value; },
        (err) => { closeScope(made, undefined); throw err; },
      );
    }
  } catch (err) {
    closeScope(made, undefined);
    throw err;
  }
  closeScope(made, out);
  return out;
}

/**
 * Puts a new array in the innermost scope: weakly while that scope waits on a promise, with
 * references to arrays already collected dropped as the list grows.
 */
function inScope(array) {
  const made = scopes[scopes.length - 1];
  if (!made.waiting) {
    made.push(array);
    return;
  }
  made.push(new WeakRef(array));
  if (made.length > (made.pruneAt ?? 1024)) {
    const alive = made.filter((item) => !(item instanceof WeakRef) || item.deref() !== undefined);
    made.splice(0, made.length, ...alive);
    made.pruneAt = 2 * alive.length + 1024;
  }
}

/**
 * Runs `release` when the innermost open scope closes (never, when none is open or it waits on
 * a promise, which may be forever): how a jitted function made inside a scope lets go of its
 * compiled program (transforms.js `jit`).
 */
export function releaseWithScope(release) {
  const made = scopes[scopes.length - 1];
  if (made !== undefined && !made.waiting) made.push(release);
}

function closeScope(made, out) {
  scopes.splice(scopes.lastIndexOf(made), 1);
  const returned = new Set();
  collectArrays(out, returned, new Set(), 0);
  const outer = scopes[scopes.length - 1];
  // Survivors go to the enclosing scope only while it runs synchronously: a waiting one may
  // be another async flow's, and would release them when it settles.
  const heir = outer !== undefined && !outer.waiting ? outer : undefined;
  for (let item of made) {
    if (typeof item === 'function') {
      item();
      continue;
    }
    if (item instanceof WeakRef) item = item.deref();
    if (item === undefined) continue;
    if (!returned.has(item) && !JaxArray.isKept(item)) item.dispose();
    else if (heir) heir.push(item);
    // Out of every synchronous scope: residency.js may move it from now on, like any array made outside.
    else if (cellOf(item).handle >= 0) track(item);
  }
}

/** The JaxArrays in `x`, through arrays, plain objects, Maps and Sets (cycles skipped). */
function collectArrays(x, into, seen, level) {
  if (x instanceof JaxArray) {
    into.add(x);
    return;
  }
  if (x === null || typeof x !== 'object' || seen.has(x) || level > 1000) return;
  seen.add(x);
  const children = Array.isArray(x) || x instanceof Set ? x : x instanceof Map ? x.values() : isPlainObject(x) ? Object.values(x) : [];
  for (const c of children) collectArrays(c, into, seen, level + 1);
}

/**
 * Runs `fn(handles, extra)` with engine handles for `values`; handles made here for numbers,
 * booleans and host data are temporary and released afterwards (the engine copies what it
 * keeps). Written without per-call closures: every jitted call goes through here.
 */
export function withHandles(values, fn, numberKind = 'op', extra = undefined, context = undefined) {
  let temps = null;
  const handles = new Array(values.length);
  const gen = generation;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof JaxArray) {
      handles[i] = JaxArray.handleOf(v);
    } else {
      try {
        handles[i] = toTempHandle(v, numberKind);
      } catch (err) {
        temps?.forEach((h) => releaseHandle(h, gen));
        if (context === undefined || !(err instanceof TypeError)) throw err;
        throw new TypeError(`${context(i)} must be an array or a number, got ${describe(v)}`);
      }
      (temps ??= []).push(handles[i]);
    }
  }
  if (temps !== null) {
    // Converting host data can run the learner's code (a getter, a Proxy) that disposes an
    // array taken earlier, or faults and restarts the engine: take the arrays' handles again.
    try {
      if (gen !== generation) throw restartError();
      for (let i = 0; i < values.length; i++) {
        if (values[i] instanceof JaxArray) handles[i] = JaxArray.handleOf(values[i]);
      }
    } catch (err) {
      temps.forEach((h) => releaseHandle(h, gen));
      throw err;
    }
  }
  try {
    return fn(handles, extra);
  } finally {
    temps?.forEach((h) => releaseHandle(h, gen));
  }
}

export function toTempHandle(v, numberKind) {
  if (typeof v === 'number') return numberKind === 'arg' ? wasm.numberArg(v) : wasm.number(v);
  if (typeof v === 'boolean') return wasm.arrayBool(Uint8Array.of(v ? 1 : 0), new Uint32Array());
  if (v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v)) {
    return handleFromHost(asarray(v));
  }
  throw new TypeError(`expected an array or a number, got ${describe(v)}`);
}

export function handleFromHost(h, dtype) {
  const target = dtype ?? (h.dtype === 'float64' ? 'float32' : h.dtype === 'int64' ? 'int32' : h.dtype);
  const shape = Uint32Array.from(h.shape);
  if (target === 'float32') return wasm.arrayF32(Float32Array.from(h.data, Number), shape);
  if (target === 'int32') {
    // Floats convert as JAX's convert_element_type does (saturating, NaN to 0), not as JS's
    // ToInt32 (1e20 would wrap to 1661992960); 64-bit ints wrap, as JAX's int64 -> int32 does.
    const data = h.dtype === 'int64' || h.dtype === 'uint64' ? Int32Array.from(h.data, Number) : Int32Array.from(h.data, saturateInt32);
    return wasm.arrayI32(data, shape);
  }
  if (target === 'bool') return wasm.arrayBool(Uint8Array.from(h.data, (x) => (Number(x) ? 1 : 0)), shape);
  // The unsigned dtypes wrap modulo 2^8 or 2^32 as their typed arrays do, as NumPy's cast does.
  const code = ENGINE_DTYPES.indexOf(target);
  if (code >= 0) return wasm.arrayOf(code, ENGINE_STORAGE[code].from(h.data, Number), shape);
  throw new TypeError(`jaxplay arrays hold ${ENGINE_DTYPES.join(', ')}, not ${target}`);
}

/** A float as int32 the way JAX converts one: truncated, saturating at the ends, NaN as 0. */
export function saturateInt32(v) {
  const x = Number(v);
  if (Number.isNaN(x)) return 0;
  return Math.trunc(Math.min(Math.max(x, -(2 ** 31)), 2 ** 31 - 1));
}

export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v) && isDetached(v)) return `${typeName(v)} view of a detached ArrayBuffer (transferred away), which has no data`;
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'bigint') return `a bigint (${v}n)`;
  if (typeof v === 'function') return 'a function';
  if (v instanceof ShapeDtypeStructClass) {
    return 'a ShapeDtypeStruct (a shape/dtype declaration, not a value)';
  }
  if (typeof v === 'string') return `a string (${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)})`;
  return typeof v === 'object' ? typeName(v) : typeof v;
}

export function binary(op, a, b) {
  traceSource();
  return withHandles([a, b], ([ha, hb]) => wrap(wasm.binary(op, ha, hb)));
}

export function compare(op, a, b) {
  traceSource();
  return withHandles([a, b], ([ha, hb]) => wrap(wasm.compare(op, ha, hb)));
}

export function unary(op, x) {
  traceSource();
  return withHandles([x], ([h]) => wrap(wasm.unary(op, h)));
}

// ---------------------------------------------------------------- ShapeDtypeStruct

export class ShapeDtypeStructClass {
  constructor(shape, dtype) {
    // Read once into a frozen copy: the engine gets the shape that was checked, and a later
    // change to the learner's list (or to `.shape`) cannot change what was declared.
    const list = Array.isArray(shape) ? snapshot(shape) : null;
    if (list === null || !list.every((d) => Number.isInteger(d) && d >= 0)) {
      throw new TypeError(`ShapeDtypeStruct: shape must be an array of non-negative integers, got ${show(list ?? shape)}`);
    }
    this.shape = Object.freeze(Array.from(checkedDims('ShapeDtypeStruct', 'shape', list)));
    this.dtype = dtypeName(dtype, 'ShapeDtypeStruct', 'dtype');
    if (this.dtype === undefined) throw argError('ShapeDtypeStruct', 'dtype', "a dtype name such as 'float32' (or jnp.float32)", dtype);
    if (!DTYPES.has(this.dtype) && !/^u?int|^float|^complex/.test(this.dtype)) {
      throw new TypeError(`ShapeDtypeStruct: unknown dtype ${JSON.stringify(this.dtype)}`);
    }
    Object.freeze(this);
  }

  toString() {
    return `ShapeDtypeStruct(shape=(${this.shape.join(', ')}${this.shape.length === 1 ? ',' : ''}), dtype=${this.dtype})`;
  }
}

/** Callable with or without `new`, like a Python class. */
export function ShapeDtypeStruct(shape, dtype) {
  return new ShapeDtypeStructClass(shape, dtype);
}
ShapeDtypeStruct.prototype = ShapeDtypeStructClass.prototype;
Object.defineProperty(ShapeDtypeStruct, Symbol.hasInstance, {
  value: (x) => x instanceof ShapeDtypeStructClass,
});

export const hasShapeDtype = (x) => x !== null && typeof x === 'object' && Array.isArray(x.shape) && x.dtype !== undefined;

// ---------------------------------------------------------------- options

/** Option names: what each takes, as a check and as words for its error. */
const OPTION_TYPES = {
  ordered: [(v) => typeof v === 'boolean', 'true or false'],
  // Which strings are methods the engine says, in JAX's words.
  vmapMethod: [(v) => v === null || v === undefined || typeof v === 'string', `a string (one of ${VMAP_METHODS.map((m) => `'${m}'`).join(', ')}) or null`],
  skipFormatCheck: [(v) => typeof v === 'boolean', 'true or false'],
};

/** Values that make a trailing object a dict argument rather than options. */
const isArrayValue = (v) => v instanceof JaxArray || v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v);

/**
 * A trailing plain object whose keys are all option names is the options, like Python keyword
 * arguments, and each option must have its type (`{ordered: 'yes'}` is an error, not data);
 * one holding an array (`{ordered: x}`) stays a dict argument.
 */
export function splitOptions(rest, fnName, allowed) {
  const last = rest[rest.length - 1];
  if (isPlainObject(last)) {
    const entries = Object.entries(last);
    const isOptions = entries.length > 0 && entries.every(([k, v]) => k in OPTION_TYPES && !isArrayValue(v));
    if (isOptions) {
      const wrong = entries.find(([k]) => !allowed.includes(k));
      if (wrong) {
        throw jaxplayError(`${fnName} does not take the option \`${wrong[0]}\` (it takes ${allowed.map((a) => `\`${a}\``).join(', ')})`, TypeError);
      }
      for (const [k, v] of entries) {
        const [ok, expected] = OPTION_TYPES[k];
        if (!ok(v)) throw new TypeError(`${fnName}: option \`${k}\` must be ${expected}, got ${show(v)}`);
      }
      // The values read once above, in an object with no prototype: an option set on
      // Object.prototype (`Object.prototype.ordered = 'yes'`) is never read as one.
      return [rest.slice(0, -1), Object.assign(Object.create(null), Object.fromEntries(entries))];
    }
  }
  return [rest, NO_OPTIONS];
}

const NO_OPTIONS = Object.freeze(Object.create(null));

export function jaxplayError(message, Kind = Error) {
  const err = new Kind(message);
  if (Kind === Error) err.name = ERROR_NAMES.engine;
  return err;
}
// ---------------------------------------------------------------- tracing user functions

export const isArgLeaf = (x) => x instanceof HostArray || ArrayBuffer.isView(x);

/** Per-call stack of input structures, read by the trace function on a cache miss. */
export const traceFrames = [];

// jaxplay's own modules, skipped when looking for the user's line in a stack trace.
const OWN_FILES = /\/(?:lib\/\w+\.js|jaxplay\.js|pkg\/(?:jaxplay|glue)\.js)$/;
const FRAME = /\(?((?:[^\s()]*\/)?([^\s/()]+)):(\d+):\d+\)?$/;
/**
 * The script this code is in: unbundled this file (OWN_FILES has it), bundled the whole bundle,
 * whose frames then all count as jaxplay's. In the playground's engine worker that is all but
 * the learner's code (evaluated as learner.js); an app that bundles jaxplay with its own code
 * gets no source lines rather than jaxplay's.
 */
const OWN_SCRIPT = (() => {
  const m = FRAME.exec((new Error().stack ?? '').split('\n').find((line) => FRAME.test(line.trim()))?.trim() ?? '');
  return m ? m[1] : null;
})();
const isOwn = (file) => file === OWN_SCRIPT || OWN_FILES.test(file);

/**
 * Tells the engine where in the user's code the next operations come from (`file:line`), like
 * JAX's source info: equations and callback events carry it, so the playground can link the
 * jaxpr, the code and the timeline.
 */
export function noteSource() {
  wasm.setSource(sourceProvider ? sourceProvider() : userLocation());
}

/** Where `file:line` comes from instead of the JS stack: Python mode's interpreted line. */
let sourceProvider = null;

/** Installs (or, with null, removes) a `() => 'file:line'` source; returns the previous one. */
export function setSourceProvider(provider) {
  const previous = sourceProvider;
  sourceProvider = provider;
  return previous;
}

/**
 * `file:line` of the innermost stack frame outside jaxplay, or undefined. V8 (Chromium, Node)
 * hands over its frames as objects, which costs a fraction of formatting the stack's text (a
 * large part of a cold jitted call; bench/NOTES.md); other engines' text is parsed.
 */
function userLocation() {
  if (typeof Error.captureStackTrace === 'function') {
    const saved = [Error.prepareStackTrace, Error.stackTraceLimit];
    try {
      Error.prepareStackTrace = (_, frames) => frames;
      // V8 walks the stack frame by frame up to the limit, and each frame costs. The user's
      // frame is usually the third or fourth (below `traceSource` or `noteSource`, the API
      // function, and sometimes a jnp wrapper of it), so look at 4 first and at 32 only when
      // they are all jaxplay's.
      for (const limit of [4, 32]) {
        Error.stackTraceLimit = limit;
        const holder = {};
        Error.captureStackTrace(holder, userLocation);
        const frames = holder.stack;
        if (!Array.isArray(frames)) break;
        for (const frame of frames) {
          const file = frame.getScriptNameOrSourceURL?.() ?? frame.getFileName();
          if (file && !isOwn(file)) return `${file.slice(file.lastIndexOf('/') + 1)}:${frame.getLineNumber()}`;
        }
        if (frames.length < limit) return undefined;
      }
    } finally {
      [Error.prepareStackTrace, Error.stackTraceLimit] = saved;
    }
  }
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line.trim());
    if (m && !isOwn(m[1])) return `${m[2]}:${m[3]}`;
  }
  return undefined;
}

/**
 * How many trace frames were open when the running host callback was entered: the frames below
 * it belong to the execution that called the host, not to a trace of the host's own code.
 */
let hostFrames = 0;

/** Marks host code as running (see `traceSource`); returns what `leaveHostCode` restores. */
export function enterHostCode() {
  const outer = hostFrames;
  hostFrames = traceFrames.length;
  return outer;
}

export function leaveHostCode(outer) {
  hostFrames = outer;
}

/**
 * `noteSource` while a function is being traced (stack traces are too slow for every op); not
 * for a host callback's own operations, even though a jitted call (with its frame) is running.
 */
export function traceSource() {
  // Not through `noteSource`: every frame between here and the user's costs `userLocation` time.
  if (traceFrames.length > hostFrames) wasm.setSource(sourceProvider ? sourceProvider() : userLocation());
}

export function traceFunction(fn) {
  const returnValue = `the return value of ${functionName(fn, 'the function')}`;
  return (tracerHandles) => {
    const frame = traceFrames[traceFrames.length - 1];
    const tracers = Array.from(tracerHandles, wrap);
    const out = fn(...unflatten(frame.tree, tracers));
    const [leaves, tree] = flatten(out, isArgLeaf, returnValue);
    const handles = leaves.map((l) => {
      if (l instanceof JaxArray) return JaxArray.handleOf(l);
      if (l instanceof ShapeDtypeStructClass) {
        // The usual slip: returning the callback's declaration rather than its result.
        throw new TypeError(`${returnValue} contains ${describe(l)}: return the callback's result instead`);
      }
      const h = toTempHandle(l, 'arg');
      (frame.temps ??= []).push(h);
      return h;
    });
    return { leaves: handles, tree };
  };
}

/** Numbers for argument structures (by their treedef's JSON text): the jit cache's key. */
const treeIds = new Map();
function treeId(tree) {
  const text = JSON.stringify(tree);
  let id = treeIds.get(text);
  if (id === undefined) {
    id = treeIds.size;
    treeIds.set(text, id);
  }
  return id;
}

/**
 * Runs `run(handles, treeKey)` for argument `leaves` whose structure, as the traced function
 * receives it, is `tree` (`treeKey` numbers it); temporary handles made meanwhile are released
 * afterwards.
 */
export function withTree(tree, leaves, run, key = treeId(tree), context = undefined) {
  // `temps` is made when a traced function first needs it (`traceFunction`), as a steady
  // jitted call traces nothing.
  const frame = { tree, temps: null, generation };
  traceFrames.push(frame);
  try {
    // wasm-bindgen copies any array-like into a `Vec<u32>` argument: no typed array needed.
    return withHandles(leaves, run, 'arg', key, context);
  } finally {
    traceFrames.pop();
    frame.temps?.forEach((h) => releaseHandle(h, frame.generation));
  }
}

/** True when `flatten(x, isArgLeaf)` makes `x` a single leaf. */
const isFlatLeaf = (x) => x instanceof JaxArray || (x !== null && x !== undefined && (isArgLeaf(x) || (!Array.isArray(x) && !isPlainObject(x))));

/**
 * The treedef and key of `n` arguments that are all leaves, made once per `n`: the common
 * call `f(x)` then needs no flatten or JSON text per call.
 */
const flatArgTrees = [];
function flatArgTree(n) {
  if (!flatArgTrees[n]) {
    const [, tree] = flatten(Array.from({ length: n }, () => 0));
    flatArgTrees[n] = { tree, key: treeId(tree) };
  }
  return flatArgTrees[n];
}

/**
 * How argument errors of the function `name` say which argument is wrong, for `withFrame`:
 * made once per function, since its calls go through `withFrame` on every call.
 */
export function argumentContexts(name) {
  return {
    flat: (i) => `${name}: argument ${i + 1}`,
    leaf: (i) => `${name}: argument leaf ${i + 1} (counting leaves of all arguments)`,
  };
}

/**
 * `withTree` for a call `fn(...args)`; `contexts` (from `argumentContexts`) names the function
 * for argument errors ("jit(f): argument 2").
 */
export function withFrame(args, run, contexts = undefined) {
  if (args.every(isFlatLeaf)) {
    const { tree, key } = flatArgTree(args.length);
    return withTree(tree, args, run, key, contexts?.flat);
  }
  const [leaves, tree] = flatten(args, isArgLeaf, 'the argument list');
  return withTree(tree, leaves, run, treeId(tree), contexts?.leaf);
}

export function rebuild(result) {
  return unflatten(result.tree, Array.from(result.leaves, wrap));
}

/** 64-bit dtypes become their 32-bit kin, as JAX canonicalizes them with 64-bit mode off. */
const canonicalDtype = (d) => (d === 'float64' ? 'float32' : d === 'int64' ? 'int32' : d);

/** The abstract value of argument leaf `x`; `where` names it ("makeJaxpr(f): argument leaf 2"). */
function specOf(x, where) {
  if (x instanceof JaxArray) return { shape: x.shape, dtype: x.dtype, weakType: x.weakType };
  if (typeof x === 'number') return { shape: [], dtype: 'float32', weakType: true };
  if (typeof x === 'boolean') return { shape: [], dtype: 'bool', weakType: false };
  if (hasShapeDtype(x)) {
    const shape = Array.from(checkedDims(where, 'shape', x.shape));
    return { shape, dtype: canonicalDtype(dtypeName(x.dtype, where, 'dtype')), weakType: false };
  }
  if (ArrayBuffer.isView(x) && isDetached(x)) throw new TypeError(`${where} is ${describe(x)}`);
  if (isArgLeaf(x)) {
    const h = asarray(x);
    return { shape: h.shape, dtype: canonicalDtype(h.dtype), weakType: false };
  }
  throw new TypeError(`${where} must be an array, a number, a boolean or a ShapeDtypeStruct, got ${describe(x)} (cannot trace with it)`);
}

export function traceSpecs(fn, args, run, api = 'jax.makeJaxpr') {
  const [leaves, tree] = flatten(args, (x) => isArgLeaf(x) || x instanceof ShapeDtypeStructClass);
  const name = functionName(fn, 'fn');
  const where = (i) => (leaves.length === args.length ? `${api}(${name}): argument ${i + 1}` : `${api}(${name}): argument leaf ${i + 1}`);
  const frame = { tree, temps: [], generation };
  traceFrames.push(frame);
  try {
    return run(traceFunction(fn), name, leaves.map((x, i) => specOf(x, where(i))));
  } finally {
    traceFrames.pop();
    frame.temps.forEach((h) => releaseHandle(h, frame.generation));
  }
}
