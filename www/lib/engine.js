// The engine side of the JS API: loading the wasm module, engine arrays (handles released by a
// FinalizationRegistry, so nothing needs `.free()`), turning JS values into handles, options
// objects, ShapeDtypeStruct, and the trace-function protocol the engine uses to call user code.

import wasmInit, * as wasm from '../pkg/jaxplay.js';
import { flatten, unflatten, isPlainObject } from './pytree.js';
import { HostArray, asarray, formatArray } from './np.js';

export { wasm };

let ready = null;
let memory = null;

/** Loads the engine once. In Node, with no argument, the .wasm file is read from disk. */
export function init(input) {
  ready ??= (async () => {
    let source = input;
    if (source === undefined && typeof process !== 'undefined' && process.versions?.node) {
      const { readFile } = await import('node:fs/promises');
      source = await readFile(new URL('../pkg/jaxplay_bg.wasm', import.meta.url));
    }
    ({ memory } = await wasmInit(source === undefined ? undefined : { module_or_path: source }));
    wasm.engineInit();
  })();
  return ready;
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

/**
 * Whether a typed array is a view of the engine's wasm memory. `byteOffset` first: a fresh typed
 * array starts at 0 (engine data never does), and reading `.buffer` of a small one makes V8 move
 * its elements off the JS heap, which cost a quarter of a small callback call.
 */
export const isEngineMemory = (typed) => typed.byteOffset > 0 && typed.buffer === exchange().buffer;

/** Engine dtype codes (`dtype_code` in src/facade/mod.rs): their names and typed arrays. */
export const ENGINE_DTYPES = ['float32', 'int32', 'bool'];
const ENGINE_TYPED = [Float32Array, Int32Array, Uint8Array];
const memoryViews = [new Float32Array(0), new Int32Array(0), new Uint8Array(0)];

/**
 * A copy of `length` elements of engine dtype `code` at byte `address` in wasm memory: one
 * typed array, filled by a loop when small (cheaper than making a temporary view to copy from).
 */
export function copyFromEngine(address, code, length) {
  const Typed = ENGINE_TYPED[code];
  if (memoryViews[code].length === 0) memoryViews[code] = new Typed(memory.buffer);
  const mem = memoryViews[code];
  const start = address / Typed.BYTES_PER_ELEMENT;
  const out = new Typed(length);
  if (length <= 64) {
    for (let i = 0; i < length; i++) out[i] = mem[start + i];
  } else {
    out.set(mem.subarray(start, start + length));
  }
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
  if (keeper.views === 0) wasm.release(keeper.handle);
});

/**
 * A callback argument the engine sent as `handle` (a large float32 or int32 array, of the type
 * `argTypes` in callbacks.js describes): a HostArray
 * whose data is a view of the engine's memory rather than a copy. Like a NumPy view of a JAX
 * array it is read-only by contract (JAX raises on writes; here a write would change the
 * engine's array). A view stays valid while reachable: the engine array is kept until every
 * view of it is garbage, and when wasm memory grows (which empties existing views) `.data`
 * makes a new one, so keep the HostArray rather than its `.data` across engine calls.
 */
export function hostArrayView(handle, { code, shape, dtype, length }) {
  const keeper = { handle, views: 0 };
  const address = wasm.dataAddress(handle);
  const Typed = ENGINE_TYPED[code];
  const view = () => {
    const v = new Typed(memory.buffer, address, length);
    keeper.views += 1;
    viewKeepers.register(v, keeper);
    return v;
  };
  return HostArray.over(view, shape, dtype);
}

const registry = new FinalizationRegistry((handle) => wasm.release(handle));

const DTYPES = new Set(['float32', 'int32', 'bool', 'float64', 'int64']);

export function dtypeName(d) {
  if (d === undefined || d === null) return undefined;
  if (typeof d === 'string') return d;
  if (typeof d === 'object' && typeof d.name === 'string') return d.name;
  if (typeof d === 'function' && typeof d.dtype === 'string') return d.dtype; // jnp.float32
  throw new TypeError(`not a dtype: ${String(d)}`);
}

/** What asks for an array's data (`READ_DATA_USES` in src/facade/mod.rs). */
const READ_TYPED = 0;
const READ_LIST = 1;
const READ_NUMBER = 2;

/** An engine array (concrete) or tracer (inside jit). */
export class JaxArray {
  #handle;

  constructor(handle) {
    this.#handle = handle;
    registry.register(this, handle);
  }

  static handleOf(x) {
    return x.#handle;
  }

  get shape() { return Array.from(wasm.shape(this.#handle)); }
  get dtype() { return wasm.dtype(this.#handle); }
  get weakType() { return wasm.weakType(this.#handle); }
  get ndim() { return this.shape.length; }
  get size() { return this.shape.reduce((a, b) => a * b, 1); }
  get isTracer() { return wasm.isTracer(this.#handle); }
  get aval() { return wasm.avalText(this.#handle); }

  add(o) { return binary('add', this, o); }
  sub(o) { return binary('sub', this, o); }
  mul(o) { return binary('mul', this, o); }
  div(o) { return binary('div', this, o); }
  neg() { traceSource(); return wrap(wasm.unary('neg', this.#handle)); }
  lt(o) { return compare('lt', this, o); }
  le(o) { return compare('le', this, o); }
  gt(o) { return compare('gt', this, o); }
  ge(o) { return compare('ge', this, o); }
  eq(o) { return compare('eq', this, o); }
  ne(o) { return compare('ne', this, o); }
  sum(axis) {
    traceSource();
    const axes = axis === undefined || axis === null ? undefined : Int32Array.from(typeof axis === 'number' ? [axis] : axis);
    return wrap(wasm.sum(this.#handle, axes));
  }

  reshape(...shape) {
    traceSource();
    const dims = shape.length === 1 && Array.isArray(shape[0]) ? shape[0] : shape;
    return wrap(wasm.reshape(this.#handle, Int32Array.from(dims)));
  }

  transpose(...axes) {
    traceSource();
    const perm = axes.length === 1 && Array.isArray(axes[0]) ? axes[0] : axes;
    const full = perm.length ? perm : [...Array(this.ndim).keys()].reverse();
    return wrap(wasm.transpose(this.#handle, Uint32Array.from(full)));
  }

  get T() { return this.transpose(); }
  astype(dtype) { traceSource(); return wrap(wasm.astype(this.#handle, dtypeName(dtype))); }

  /** Element data as a fresh typed array (Float32Array, Int32Array, or Uint8Array for bool). */
  toTypedArray() { return readData(this.#handle, READ_TYPED); }
  toHostArray() { return new HostArray(readData(this.#handle, READ_LIST), this.shape, this.dtype); }
  tolist() { return this.toHostArray().tolist(); }
  item() { return this.toHostArray().item(); }
  /** Execution is synchronous, so results are always ready; kept for JAX-style code. */
  blockUntilReady() { return this; }

  valueOf() {
    const data = readData(this.#handle, READ_NUMBER);
    return data.length === 1 ? Number(data[0]) : NaN;
  }

  toString() {
    if (this.isTracer) return `Traced<${this.aval}>`;
    return `Array(${formatArray(this.toHostArray())}, dtype=${this.dtype})`;
  }
}

export function wrap(handle) {
  return new JaxArray(handle);
}

/**
 * Runs `fn(handles, extra)` with engine handles for `values`; handles made here for numbers,
 * booleans and host data are temporary and released afterwards (the engine copies what it
 * keeps). Written without per-call closures: every jitted call goes through here.
 */
export function withHandles(values, fn, numberKind = 'op', extra = undefined) {
  let temps = null;
  const handles = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof JaxArray) {
      handles[i] = JaxArray.handleOf(v);
    } else {
      handles[i] = toTempHandle(v, numberKind);
      (temps ??= []).push(handles[i]);
    }
  }
  try {
    return fn(handles, extra);
  } finally {
    temps?.forEach((h) => wasm.release(h));
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
  if (target === 'int32') return wasm.arrayI32(Int32Array.from(h.data, Number), shape);
  if (target === 'bool') return wasm.arrayBool(Uint8Array.from(h.data, (x) => (Number(x) ? 1 : 0)), shape);
  throw new TypeError(`jaxplay arrays hold float32, int32 or bool, not ${target}`);
}

export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof ShapeDtypeStructClass) {
    return 'a ShapeDtypeStruct (a shape/dtype declaration, not a value: return the callback\'s result instead)';
  }
  if (typeof v === 'string') return `a string (${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)})`;
  return typeof v === 'object' ? (v.constructor?.name ?? 'an object') : typeof v;
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
    if (!Array.isArray(shape) || !shape.every((d) => Number.isInteger(d) && d >= 0)) {
      throw new TypeError(`ShapeDtypeStruct: shape must be an array of non-negative integers, got ${JSON.stringify(shape)}`);
    }
    this.shape = [...shape];
    this.dtype = dtypeName(dtype);
    if (!DTYPES.has(this.dtype) && !/^u?int|^float|^complex/.test(this.dtype)) {
      throw new TypeError(`ShapeDtypeStruct: unknown dtype ${JSON.stringify(this.dtype)}`);
    }
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

/** Option names and the values they take; anything else in a trailing object is data. */
const OPTION_TYPES = {
  ordered: (v) => typeof v === 'boolean',
  vmapMethod: (v) => v === null || v === undefined || typeof v === 'string',
  skipFormatCheck: (v) => typeof v === 'boolean',
};

/**
 * A trailing plain object whose keys are all option names with option-typed values is the
 * options, like Python keyword arguments; `{ordered: x}` with an array `x` stays a dict argument.
 */
export function splitOptions(rest, fnName, allowed) {
  const last = rest[rest.length - 1];
  if (isPlainObject(last)) {
    const entries = Object.entries(last);
    const isOptions = entries.length > 0 && entries.every(([k, v]) => OPTION_TYPES[k]?.(v));
    if (isOptions) {
      const wrong = entries.find(([k]) => !allowed.includes(k));
      if (wrong) {
        throw jaxplayError(`${fnName} does not take the option \`${wrong[0]}\` (it takes ${allowed.map((a) => `\`${a}\``).join(', ')})`, TypeError);
      }
      return [rest.slice(0, -1), last];
    }
  }
  return [rest, {}];
}

export function jaxplayError(message, Kind = Error) {
  const err = new Kind(message);
  if (Kind === Error) err.name = 'JaxplayError';
  return err;
}
// ---------------------------------------------------------------- tracing user functions

export const isArgLeaf = (x) => x instanceof HostArray || ArrayBuffer.isView(x);

/** Per-call stack of input structures, read by the trace function on a cache miss. */
export const traceFrames = [];

// jaxplay's own modules, skipped when looking for the user's line in a stack trace.
const OWN_FILES = /\/(?:lib\/\w+\.js|jaxplay\.js|pkg\/jaxplay\.js)$/;
const FRAME = /\(?((?:[^\s()]*\/)?([^\s/()]+)):(\d+):\d+\)?$/;

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
 * quarter of a cold jitted call went there); other engines' text is parsed.
 */
function userLocation() {
  if (typeof Error.captureStackTrace === 'function') {
    const saved = [Error.prepareStackTrace, Error.stackTraceLimit];
    try {
      Error.prepareStackTrace = (_, frames) => frames;
      // The user's frame is usually within a few of ours; capturing fewer frames is cheaper, so
      // look at 6 first and at 32 only when they are all jaxplay's.
      for (const limit of [6, 32]) {
        Error.stackTraceLimit = limit;
        const holder = {};
        Error.captureStackTrace(holder, userLocation);
        const frames = holder.stack;
        if (!Array.isArray(frames)) break;
        for (const frame of frames) {
          const file = frame.getScriptNameOrSourceURL?.() ?? frame.getFileName();
          if (file && !OWN_FILES.test(file)) return `${file.slice(file.lastIndexOf('/') + 1)}:${frame.getLineNumber()}`;
        }
        if (frames.length < limit) return undefined;
      }
    } finally {
      [Error.prepareStackTrace, Error.stackTraceLimit] = saved;
    }
  }
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line.trim());
    if (m && !OWN_FILES.test(m[1])) return `${m[2]}:${m[3]}`;
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
  if (traceFrames.length > hostFrames) noteSource();
}

export function traceFunction(fn) {
  return (tracerHandles) => {
    const frame = traceFrames[traceFrames.length - 1];
    const tracers = Array.from(tracerHandles, wrap);
    const out = fn(...unflatten(frame.tree, tracers));
    const [leaves, tree] = flatten(out, isArgLeaf);
    const handles = leaves.map((l) => {
      if (l instanceof JaxArray) return JaxArray.handleOf(l);
      const h = toTempHandle(l, 'arg');
      frame.temps.push(h);
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
export function withTree(tree, leaves, run, key = treeId(tree)) {
  const frame = { tree, temps: [] };
  traceFrames.push(frame);
  try {
    // wasm-bindgen copies any array-like into a `Vec<u32>` argument: no typed array needed.
    return withHandles(leaves, run, 'arg', key);
  } finally {
    traceFrames.pop();
    frame.temps.forEach((h) => wasm.release(h));
  }
}

/** True when `flatten(x, isArgLeaf)` makes `x` a single leaf. */
const isFlatLeaf = (x) => x !== null && x !== undefined && (isArgLeaf(x) || (!Array.isArray(x) && !isPlainObject(x)));

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

/** `withTree` for a call `fn(...args)`. */
export function withFrame(args, run) {
  if (args.every(isFlatLeaf)) {
    const { tree, key } = flatArgTree(args.length);
    return withTree(tree, args, run, key);
  }
  const [leaves, tree] = flatten(args, isArgLeaf);
  return withTree(tree, leaves, run);
}

export function rebuild(result) {
  return unflatten(result.tree, Array.from(result.leaves, wrap));
}

function specOf(x) {
  if (x instanceof JaxArray) return { shape: x.shape, dtype: x.dtype, weakType: x.weakType };
  if (typeof x === 'number') return { shape: [], dtype: 'float32', weakType: true };
  if (typeof x === 'boolean') return { shape: [], dtype: 'bool', weakType: false };
  if (hasShapeDtype(x)) return { shape: Array.from(x.shape), dtype: dtypeName(x.dtype), weakType: false };
  if (isArgLeaf(x)) {
    const h = asarray(x);
    const dtype = h.dtype === 'float64' ? 'float32' : h.dtype === 'int64' ? 'int32' : h.dtype;
    return { shape: h.shape, dtype, weakType: false };
  }
  throw new TypeError(`cannot trace with an argument of type ${describe(x)}`);
}

export function traceSpecs(fn, args, run) {
  const [leaves, tree] = flatten(args, (x) => isArgLeaf(x) || x instanceof ShapeDtypeStructClass);
  const frame = { tree, temps: [] };
  traceFrames.push(frame);
  try {
    return run(traceFunction(fn), fn.name || 'fn', leaves.map(specOf));
  } finally {
    traceFrames.pop();
    frame.temps.forEach((h) => wasm.release(h));
  }
}
