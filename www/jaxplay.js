// jaxplay's JS API: `jax`, `jnp`, `np`, `ioCallback`, mirroring JAX's Python names in camelCase.
// Engine arrays are handles into the wasm engine; a FinalizationRegistry releases them when
// their JS object is collected, so nothing ever needs `.free()`. Works unchanged in browsers,
// workers and Node 20 (`await init()` reads the .wasm from disk there).

import wasmInit, * as wasm from './pkg/jaxplay.js';
import { flatten, unflatten, isPlainObject } from './lib/pytree.js';
import { HostArray, asarray, dtypeOfTyped, nestedNumbers, np, formatArray } from './lib/np.js';
import { debugPrintFormatter } from './lib/format.js';

export { np, HostArray };

let ready = null;

/** Loads the engine once. In Node, with no argument, the .wasm file is read from disk. */
export default function init(input) {
  ready ??= (async () => {
    let source = input;
    if (source === undefined && typeof process !== 'undefined' && process.versions?.node) {
      const { readFile } = await import('node:fs/promises');
      source = await readFile(new URL('./pkg/jaxplay_bg.wasm', import.meta.url));
    }
    await wasmInit(source === undefined ? undefined : { module_or_path: source });
    wasm.engineInit();
  })();
  return ready;
}

const registry = new FinalizationRegistry((handle) => wasm.release(handle));

const DTYPES = new Set(['float32', 'int32', 'bool', 'float64', 'int64']);

function dtypeName(d) {
  if (d === undefined || d === null) return undefined;
  if (typeof d === 'string') return d;
  if (typeof d === 'object' && typeof d.name === 'string') return d.name;
  throw new TypeError(`not a dtype: ${String(d)}`);
}

/** An engine array (concrete) or tracer (inside jit). */
class JaxArray {
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
  neg() { return wrap(wasm.unary('neg', this.#handle)); }
  sum(axis) { return jnp.sum(this, axis); }
  reshape(...shape) { return jnp.reshape(this, shape.length === 1 && Array.isArray(shape[0]) ? shape[0] : shape); }
  astype(dtype) { return wrap(wasm.astype(this.#handle, dtypeName(dtype))); }

  /** Element data as a fresh typed array (Float32Array, Int32Array, or Uint8Array for bool). */
  toTypedArray() { return wasm.readData(this.#handle, 'toTypedArray'); }
  toHostArray() { return new HostArray(wasm.readData(this.#handle, 'tolist'), this.shape, this.dtype); }
  tolist() { return this.toHostArray().tolist(); }
  item() { return this.toHostArray().item(); }
  /** Execution is synchronous, so results are always ready; kept for JAX-style code. */
  blockUntilReady() { return this; }

  valueOf() {
    const data = wasm.readData(this.#handle, 'valueOf');
    return data.length === 1 ? Number(data[0]) : NaN;
  }

  toString() {
    if (this.isTracer) return `Traced<${this.aval}>`;
    return `Array(${formatArray(this.toHostArray())}, dtype=${this.dtype})`;
  }
}

function wrap(handle) {
  return new JaxArray(handle);
}

/**
 * Runs `fn(handles)` with engine handles for `values`; handles made here for numbers, booleans
 * and host data are temporary and released afterwards (the engine copies what it keeps).
 */
function withHandles(values, fn, numberKind = 'op') {
  const temps = [];
  const handles = values.map((v) => {
    if (v instanceof JaxArray) return JaxArray.handleOf(v);
    const h = toTempHandle(v, numberKind);
    temps.push(h);
    return h;
  });
  try {
    return fn(handles);
  } finally {
    temps.forEach((h) => wasm.release(h));
  }
}

function toTempHandle(v, numberKind) {
  if (typeof v === 'number') return numberKind === 'arg' ? wasm.numberArg(v) : wasm.number(v);
  if (typeof v === 'boolean') return wasm.arrayBool(Uint8Array.of(v ? 1 : 0), new Uint32Array());
  if (v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v)) {
    return handleFromHost(asarray(v));
  }
  throw new TypeError(`expected an array or a number, got ${describe(v)}`);
}

function handleFromHost(h, dtype) {
  const target = dtype ?? (h.dtype === 'float64' ? 'float32' : h.dtype === 'int64' ? 'int32' : h.dtype);
  const shape = Uint32Array.from(h.shape);
  if (target === 'float32') return wasm.arrayF32(Float32Array.from(h.data, Number), shape);
  if (target === 'int32') return wasm.arrayI32(Int32Array.from(h.data, Number), shape);
  if (target === 'bool') return wasm.arrayBool(Uint8Array.from(h.data, (x) => (Number(x) ? 1 : 0)), shape);
  throw new TypeError(`jaxplay arrays hold float32, int32 or bool, not ${target}`);
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof ShapeDtypeStructClass) {
    return 'a ShapeDtypeStruct (a shape/dtype declaration, not a value: return the callback\'s result instead)';
  }
  if (typeof v === 'string') return `a string (${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)})`;
  return typeof v === 'object' ? (v.constructor?.name ?? 'an object') : typeof v;
}

function binary(op, a, b) {
  return withHandles([a, b], ([ha, hb]) => wrap(wasm.binary(op, ha, hb)));
}

function unary(op, x) {
  return withHandles([x], ([h]) => wrap(wasm.unary(op, h)));
}

// ---------------------------------------------------------------- ShapeDtypeStruct

class ShapeDtypeStructClass {
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
function ShapeDtypeStruct(shape, dtype) {
  return new ShapeDtypeStructClass(shape, dtype);
}
ShapeDtypeStruct.prototype = ShapeDtypeStructClass.prototype;
Object.defineProperty(ShapeDtypeStruct, Symbol.hasInstance, {
  value: (x) => x instanceof ShapeDtypeStructClass,
});

const hasShapeDtype = (x) => x !== null && typeof x === 'object' && Array.isArray(x.shape) && x.dtype !== undefined;

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
function splitOptions(rest, fnName, allowed) {
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

function jaxplayError(message, Kind = Error) {
  const err = new Kind(message);
  if (Kind === Error) err.name = 'JaxplayError';
  return err;
}

// ---------------------------------------------------------------- host callbacks

const isHostLeaf = (x) =>
  x instanceof HostArray || x instanceof JaxArray || ArrayBuffer.isView(x) ||
  typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint' || nestedNumbers(x) !== null;

function hostLeaf(x) {
  if (!isHostLeaf(x)) {
    throw new TypeError(`its return value contains ${describe(x)}; a callback returns host arrays, typed arrays, numbers, booleans, or arrays/objects of them`);
  }
  if (x instanceof JaxArray) x = x.toHostArray();
  if (typeof x === 'bigint') return { dtype: 'int64', shape: [], data: [Number(x)] };
  if (typeof x === 'number') return { dtype: 'number', shape: [], data: [x] };
  if (typeof x === 'boolean') return { dtype: 'bool', shape: [], data: [x ? 1 : 0] };
  if (x instanceof HostArray) return { dtype: x.dtype, shape: x.shape, data: x.data };
  if (ArrayBuffer.isView(x)) {
    const dtype = dtypeOfTyped(x);
    const data = dtype === 'int64' || dtype === 'uint64' ? Array.from(x, Number) : x;
    return { dtype: dtype ?? 'unknown', shape: [x.length], data };
  }
  const nested = nestedNumbers(x);
  return { dtype: nested.dtype, shape: nested.shape, data: nested.values };
}

/**
 * Flattens what a host returned, using the declared structure to read JS arrays: where a
 * single array is declared, `[1, 2, 3]` is that array; where a tuple is declared, a JS array of
 * the same length is the tuple.
 */
function flattenResult(value, spec) {
  const leaves = [];
  const walk = (v, t) => {
    if (t?.t === 'leaf' && isHostLeaf(v)) return leaves.push(hostLeaf(v));
    if (t?.t === 'list' && Array.isArray(v) && v.length === t.c.length) return v.forEach((c, i) => walk(c, t.c[i]));
    if (t?.t === 'dict' && isPlainObject(v) && t.k.every((k) => k in v) && Object.keys(v).length === t.k.length) {
      return t.k.forEach((k, i) => walk(v[k], t.c[i]));
    }
    // No match with the declaration: flatten generically; the engine reports the mismatch.
    const [generic] = flatten(v, (x) => x instanceof HostArray || x instanceof JaxArray || ArrayBuffer.isView(x));
    generic.forEach((g) => leaves.push(hostLeaf(g)));
    return undefined;
  };
  walk(value, spec);
  return leaves;
}

function callbackName(f) {
  if (typeof f !== 'function') throw new TypeError(`the callback must be a function, got ${describe(f)}`);
  return f.name || 'anonymous';
}

/**
 * The function the engine calls: rebuilds the learner's arguments from host arrays (putting
 * static leaves back in their slots), calls the learner's callback, flattens its return.
 */
function hostWrapper(callback, argTree, slots, resultTree) {
  return (rawArgs) => {
    let next = 0;
    const leaves = slots.map((slot) => {
      if (slot !== DYNAMIC) return slot.value;
      const a = rawArgs[next++];
      return new HostArray(a.data, Array.from(a.shape), a.dtype);
    });
    const returned = callback(...unflatten(argTree, leaves));
    return resultTree === null ? [] : flattenResult(returned, resultTree);
  };
}

const DYNAMIC = Symbol('dynamic');
const isArrayLike = (x) =>
  x instanceof JaxArray || x instanceof HostArray || ArrayBuffer.isView(x) || typeof x === 'number' || typeof x === 'boolean';

/**
 * Splits callback argument leaves into the arrays the engine passes (dynamic) and, where
 * `allowStatic`, other values (strings, functions...) handed to the host unchanged, as
 * `jax.debug.callback` does.
 */
function partitionArgs(leaves, allowStatic) {
  const dynamic = [];
  const slots = leaves.map((leaf) => {
    if (isArrayLike(leaf) || !allowStatic) {
      dynamic.push(leaf);
      return DYNAMIC;
    }
    return { value: leaf };
  });
  return [dynamic, slots];
}

function resultSpecs(resultShapeDtypes) {
  const [leaves, tree] = flatten(resultShapeDtypes, hasShapeDtype);
  const specs = leaves.map((s) => {
    if (!hasShapeDtype(s)) {
      throw new TypeError(`result_shape_dtypes leaves need .shape and .dtype, got ${describe(s)}`);
    }
    return { shape: Array.from(s.shape), dtype: dtypeName(s.dtype) };
  });
  return [specs, tree];
}

function callback(kind, f, resultShapeDtypes, rest) {
  const fnName = kind === 'pure' ? 'jax.pureCallback' : 'ioCallback';
  const [args, options] = splitOptions(rest, fnName, kind === 'pure' ? ['vmapMethod'] : ['ordered']);
  const [leaves, argTree] = flatten(args, (x) => x instanceof HostArray);
  const [argLeaves, slots] = partitionArgs(leaves, false);
  const [specs, resultTree] = resultSpecs(resultShapeDtypes);
  const wrapper = hostWrapper(f, argTree, slots, resultTree);
  const outs = withHandles(argLeaves, (hs) => {
    const handles = Uint32Array.from(hs);
    return kind === 'pure'
      ? wasm.pureCallback(wrapper, callbackName(f), specs, handles, options.vmapMethod ?? undefined)
      : wasm.ioCallback(wrapper, callbackName(f), specs, handles, Boolean(options.ordered));
  });
  return unflatten(resultTree, Array.from(outs, wrap));
}

function pureCallback(f, resultShapeDtypes, ...rest) {
  return callback('pure', f, resultShapeDtypes, rest);
}

export function ioCallback(f, resultShapeDtypes, ...rest) {
  return callback('io', f, resultShapeDtypes, rest);
}

function debugCallback(f, ...rest) {
  // JAX's two-call form: `jax.debug.callback({ ordered: true })(host, x)`.
  if (f === null || f === undefined || (isPlainObject(f) && rest.length === 0)) {
    if (rest.length > 0) {
      const shown = rest.map((a) => String(a)).join(', ');
      throw new TypeError(`debug_callback received unexpected arguments in the two-call form: args=(${shown},)`);
    }
    const [, options] = splitOptions(f ? [f] : [], 'jax.debug.callback', ['ordered']);
    return (g, ...args) => debugCallback(g, ...args, options);
  }
  const [args, options] = splitOptions(rest, 'jax.debug.callback', ['ordered']);
  const [leaves, argTree] = flatten(args, (x) => x instanceof HostArray);
  const [argLeaves, slots] = partitionArgs(leaves, true);
  const wrapper = hostWrapper(f, argTree, slots, null);
  withHandles(argLeaves, (hs) => wasm.debugCallback(wrapper, callbackName(f), Uint32Array.from(hs), Boolean(options.ordered)));
}

let printHandler = (text) => console.log(text);

function debugPrint(fmt, ...rest) {
  const [args, options] = splitOptions(rest, 'jax.debug.print', ['ordered', 'skipFormatCheck']);
  const show = (a) => (a instanceof JaxArray && a.isTracer ? `Traced<${a.aval}>` : String(a));
  const { positional, named, format } = debugPrintFormatter(fmt, args, show, Boolean(options.skipFormatCheck));
  const values = [...positional, ...Object.values(named)];
  const names = Object.keys(named);
  const np0 = positional.length;
  const printer = (...hostValues) => {
    const show = (v) => (v instanceof HostArray ? formatArray(v) : String(v));
    const pos = hostValues.slice(0, np0).map(show);
    const nam = Object.fromEntries(names.map((n, i) => [n, show(hostValues[np0 + i])]));
    printHandler(format(pos, nam));
  };
  Object.defineProperty(printer, 'name', { value: 'debug.print' });
  debugCallback(printer, ...values, { ordered: Boolean(options.ordered) });
}

// ---------------------------------------------------------------- transformations

const isArgLeaf = (x) => x instanceof HostArray || ArrayBuffer.isView(x);

/** Per-call stack of input structures, read by the trace function on a cache miss. */
const traceFrames = [];

function traceFunction(fn) {
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

function withFrame(args, run) {
  const [leaves, tree] = flatten(args, isArgLeaf);
  const frame = { tree, temps: [] };
  traceFrames.push(frame);
  try {
    return withHandles(leaves, (hs) => run(Uint32Array.from(hs), JSON.stringify(tree)), 'arg');
  } finally {
    traceFrames.pop();
    frame.temps.forEach((h) => wasm.release(h));
  }
}

function rebuild(result) {
  return unflatten(result.tree, Array.from(result.leaves, wrap));
}

function jit(fn) {
  if (typeof fn !== 'function') throw new TypeError(`jax.jit expects a function, got ${describe(fn)}`);
  const compiled = new wasm.JitFunction(traceFunction(fn), fn.name || 'jitted');
  const jitted = (...args) => withFrame(args, (hs, key) => rebuild(compiled.call(hs, key)));
  jitted.lower = (...args) => {
    const lowered = withFrame(args, (hs, key) => compiled.lower(hs, key));
    return {
      asText: () => lowered.asText(),
      compiledText: () => lowered.compiledText(),
      removed: () => lowered.removed(),
      compile: () => {
        const run = (...xs) => withFrame(xs, (hs) => rebuild(lowered.call(hs)));
        run.asText = () => lowered.compiledText();
        return run;
      },
    };
  };
  jitted.cacheSize = () => compiled.cacheSize();
  Object.defineProperty(jitted, 'name', { value: fn.name || 'jitted' });
  return jitted;
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

function traceSpecs(fn, args, run) {
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

class ClosedJaxpr {
  constructor({ text, effects }) {
    this.text = text;
    this.effects = Array.from(effects);
  }

  toString() {
    return this.text;
  }
}

function makeJaxpr(fn) {
  return (...args) => traceSpecs(fn, args, (t, name, specs) => new ClosedJaxpr(wasm.makeJaxpr(t, name, specs)));
}

function evalShape(fn, ...args) {
  return traceSpecs(fn, args, (t, name, specs) => {
    const { avals, tree } = wasm.evalShape(t, name, specs);
    return unflatten(tree, Array.from(avals, (a) => ShapeDtypeStruct(Array.from(a.shape), a.dtype)));
  });
}

// ---------------------------------------------------------------- timeline

const timeline = {
  /** Every recorded event, oldest first. */
  events: () => wasm.timelineEvents(),
  clear: () => wasm.timelineClear(),
  /** Events dropped because the log reached its capacity. */
  dropped: () => wasm.timelineDropped(),
  setCapacity: (n) => wasm.timelineSetCapacity(n),
  /** Calls `listener(event)` as events happen; returns the unsubscribe function. */
  subscribe(listener) {
    const id = wasm.timelineSubscribe(listener);
    return () => wasm.timelineUnsubscribe(id);
  },
  /** Chrome Trace Event JSON data (an object; `JSON.stringify` it to save a file Perfetto opens). */
  toTraceEvents: () => wasm.timelineToTraceEvents(),
};

// ---------------------------------------------------------------- namespaces

function toArray(values, dtype) {
  const d = dtypeName(dtype);
  if (values instanceof JaxArray) return d ? values.astype(d) : values;
  const host = asarray(values);
  const target = d ?? (host.dtype === 'float64' ? 'float32' : host.dtype === 'int64' ? 'int32' : host.dtype);
  if (target === 'float64' || target === 'int64') {
    throw new TypeError(`jnp.array: ${target} needs 64-bit mode, which jaxplay (like JAX by default) keeps off`);
  }
  return wrap(handleFromHost(host, target));
}

function shapeArg(shape) {
  return Uint32Array.from(typeof shape === 'number' ? [shape] : shape);
}

export const jnp = {
  /** `values`: a number, nested arrays, a typed array or a host array; float32 by default. */
  array: toArray,
  asarray: toArray,
  zeros: (shape, dtype = 'float32') => wrap(wasm.full(shapeArg(shape), 0, dtypeName(dtype))),
  ones: (shape, dtype = 'float32') => wrap(wasm.full(shapeArg(shape), 1, dtypeName(dtype))),
  full: (shape, value, dtype = 'float32') => wrap(wasm.full(shapeArg(shape), value, dtypeName(dtype))),
  arange: (n, dtype = 'float32') => wrap(wasm.arange(n, dtypeName(dtype))),
  add: (a, b) => binary('add', a, b),
  subtract: (a, b) => binary('sub', a, b),
  multiply: (a, b) => binary('mul', a, b),
  divide: (a, b) => binary('div', a, b),
  negative: (x) => unary('neg', x),
  sin: (x) => unary('sin', x),
  cos: (x) => unary('cos', x),
  exp: (x) => unary('exp', x),
  log: (x) => unary('log', x),
  sum: (x, axis) => {
    const axes = axis === undefined || axis === null ? undefined : Int32Array.from(typeof axis === 'number' ? [axis] : axis);
    return withHandles([x], ([h]) => wrap(wasm.sum(h, axes)));
  },
  reshape: (x, shape) => withHandles([x], ([h]) => wrap(wasm.reshape(h, Int32Array.from(shape)))),
  broadcastTo: (x, shape) => withHandles([x], ([h]) => wrap(wasm.broadcastTo(h, shapeArg(shape)))),
  float32: 'float32',
  int32: 'int32',
  bool: 'bool',
  float64: 'float64',
  int64: 'int64',
};

export const jax = {
  Array: JaxArray,
  jit,
  makeJaxpr,
  evalShape,
  ShapeDtypeStruct,
  pureCallback,
  effectsBarrier: () => wasm.effectsBarrier(),
  experimental: { ioCallback },
  debug: {
    callback: debugCallback,
    print: debugPrint,
    /** Where `jax.debug.print` output goes (default `console.log`); returns the previous handler. */
    setPrintHandler(handler) {
      const previous = printHandler;
      printHandler = handler;
      return previous;
    },
  },
  timeline,
  /** Engine values JS still references (drops as the GC reclaims arrays). */
  liveArrays: () => wasm.liveHandles(),
};
