// jaxplay's JS API: `jax`, `jnp`, `np`, `ioCallback`, mirroring JAX's Python names in camelCase.
// Engine arrays are handles into the wasm engine; a FinalizationRegistry releases them when
// their JS object is collected, so nothing ever needs `.free()`. Works unchanged in browsers,
// workers and Node 20 (`await init()` reads the .wasm from disk there).

import { toTraceEvents } from './lib/tracefile.js';
import { init, wasm, wasmMemoryBytes } from './lib/instance.js';
import { JaxArray, wrap, scope } from './lib/arrays.js';
import { dtypeName, handleFromHost, jaxDtype } from './lib/values.js';
import { ShapeDtypeStruct } from './lib/options.js';
import { integer, argError, func, MAX_ELEMENTS, show } from './lib/checks.js';
import { pureCallback, ioCallback, debugCallback, debugPrint, setPrintHandler } from './lib/callbacks.js';
import {
  jit, makeJaxpr, evalShape, grad, valueAndGrad, vjp, jvp, linearize, linearTranspose, vmap,
  jacrev, jacfwd, customJvp, customVjp, stopGradient, checkpoint, lax,
} from './lib/transforms.js';
import { HostArray, asarray, np, scalarType } from './lib/np.js';
import { laxSlicing } from './lib/indexing.js';
import { hostBytesNow, softLimitNow, setSoftLimit } from './lib/residency.js';
import { namespaceFunctions } from './lib/api.js';
import {
  applyAlongAxis, applyOverAxes, fromfunction, map as laxMap, associativeScan, useArange,
} from './lib/callables.js';

export default init;
export { np, HostArray, ioCallback };

// ---------------------------------------------------------------- timeline

const timeline = {
  /** Every recorded event, oldest first. */
  events: () => wasm.timelineEvents(),
  clear: () => wasm.timelineClear(),
  /**
   * Starts over as a fresh engine does: no events, `seq` and span ids from the start, no holder
   * of the ordered token (a host that warmed the engine up shows its learner's run from #0).
   * Throws while a jitted function runs.
   */
  restart: () => wasm.timelineRestart(),
  /** Events dropped because the log reached its capacity. */
  dropped: () => wasm.timelineDropped(),
  setCapacity: (n) => wasm.timelineSetCapacity(integer('jax.timeline.setCapacity', 'capacity', n, 0, 2 ** 32 - 1)),
  /** Recording is on at start; off, no events are kept or delivered (a little faster). */
  setRecording: (on) => {
    if (typeof on !== 'boolean') throw argError('jax.timeline.setRecording', 'on', 'true or false', on);
    return wasm.timelineSetRecording(on);
  },
  recording: () => wasm.timelineRecording(),
  /**
   * Calls `listener(event)` as events happen; returns the unsubscribe function. A listener that
   * throws is reported once (console.error) and unsubscribed; the program goes on.
   */
  subscribe(listener) {
    func('jax.timeline.subscribe', 'listener', listener);
    let id;
    let live = true;
    const guardedListener = (event) => {
      if (!live) return;
      try {
        listener(event);
      } catch (err) {
        live = false;
        wasm.timelineUnsubscribe(id);
        console.error('jaxplay: a timeline subscriber threw, so it was unsubscribed:', err);
      }
    };
    id = wasm.timelineSubscribe(guardedListener);
    return () => {
      live = false;
      return wasm.timelineUnsubscribe(id);
    };
  },
  /** Chrome Trace Event JSON data (an object; `JSON.stringify` it to save a file Perfetto opens). */
  toTraceEvents: () => toTraceEvents(wasm.timelineEvents()),
};

// ---------------------------------------------------------------- namespaces

function toArray(values, dtype, fn = 'jnp.array') {
  const d = dtypeName(dtype, fn, 'dtype');
  if (values instanceof JaxArray) return d ? values.astype(d) : values;
  // JAX makes a Python scalar weakly typed (`jnp.array(2.5)` is a weak float32); a JS number
  // is the weak float32 a function argument is.
  if (typeof values === 'number' && !d) return wrap(wasm.numberArg(values));
  const host = asarray(values);
  const target = d ?? jaxDtype(host.dtype);
  if (target === 'float64' || target === 'int64') {
    throw new TypeError(`jnp.array: ${target} needs 64-bit mode, which jaxplay (like JAX by default) keeps off`);
  }
  return wrap(handleFromHost(host, target));
}


/** A dtype argument's name (read once), `fallback` when none is given. */
const dtypeArg = (fn, dtype, fallback = 'float32') => dtypeName(dtype, fn, 'dtype') ?? fallback;

/**
 * `jnp.arange(stop)`, `(start, stop)`, `(start, stop, step)`, each optionally followed by a
 * dtype (float32 by default: JS has no separate integers).
 */
function arange(...args) {
  const last = args[args.length - 1];
  const hasDtype = args.length > 1 && typeof last !== 'number';
  const dtype = dtypeArg('jnp.arange', hasDtype ? last : undefined);
  const nums = hasDtype ? args.slice(0, -1) : args;
  if (nums.length === 1) return wrap(wasm.arange(integer('jnp.arange', 'stop', nums[0], 0, MAX_ELEMENTS), dtype));
  if (nums.length > 3) throw new TypeError(`jnp.arange takes (stop), (start, stop) or (start, stop, step), then an optional dtype; got ${nums.length} numbers`);
  const [start, stop, step = 1] = nums;
  for (const [arg, v] of [['start', start], ['stop', stop], ['step', step]]) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw argError('jnp.arange', arg, 'a finite number', v, typeof v === 'number' ? Error : TypeError);
  }
  if (step === 0) throw argError('jnp.arange', 'step', 'a non-zero number', step, Error);
  const n = Math.max(0, Math.ceil((stop - start) / step));
  if (n > MAX_ELEMENTS) throw argError('jnp.arange', 'stop', `at most 2^28 steps from start (${MAX_ELEMENTS})`, stop, Error);
  return toArray(Float64Array.from({ length: n }, (_, i) => start + i * step), dtype, 'jnp.arange');
}


export const jnp = {
  // Every function of src/api's table (www/lib/api.js); those below are the JS glue's own.
  ...namespaceFunctions('jax.numpy'),
  linalg: namespaceFunctions('jax.numpy.linalg'),
  /** `values`: a number (a weak float32 scalar), nested arrays, a typed array or a host array; float32 by default. */
  array: toArray,
  asarray: toArray,
  arange,
  applyAlongAxis,
  applyOverAxes,
  fromfunction,
  /** Dtypes, and constructors of strongly typed arrays: `jnp.float32(2.0)`, `jnp.int32(x)`. */
  float32: scalarType('float32', (x) => toArray(x, 'float32')),
  int32: scalarType('int32', (x) => toArray(x, 'int32')),
  uint8: scalarType('uint8', (x) => toArray(x, 'uint8')),
  uint32: scalarType('uint32', (x) => toArray(x, 'uint32')),
  bool: scalarType('bool', (x) => toArray(x, 'bool')),
  bool_: scalarType('bool', (x) => toArray(x, 'bool')),
  float64: scalarType('float64', (x) => toArray(x, 'float64')),
  int64: scalarType('int64', (x) => toArray(x, 'int64')),
};

// JAX's `Array` methods that are `jnp` functions of the array (`x.max({ axis: 0 })` is
// `jnp.max(x, { axis: 0 })`), where JaxArray has no method of its own, and `x.matmul(y)`,
// `x.pow(y)` for the operators `@` and `**` JS lacks.
const ARRAY_METHODS = {
  all: 'all', any: 'any', argmax: 'argmax', argmin: 'argmin', argsort: 'argsort', clip: 'clip', cumprod: 'cumprod',
  cumsum: 'cumsum', diagonal: 'diagonal', dot: 'dot', max: 'max', mean: 'mean', min: 'min', prod: 'prod', ptp: 'ptp',
  repeat: 'repeat', round: 'round', sort: 'sort', squeeze: 'squeeze', std: 'std', swapaxes: 'swapaxes', take: 'take',
  trace: 'trace', var: 'var', matmul: 'matmul', pow: 'power', ravel: 'ravel', flatten: 'ravel',
};
for (const [method, name] of Object.entries(ARRAY_METHODS)) {
  if (!(method in JaxArray.prototype)) {
    const f = { [method](...args) { return jnp[name](this, ...args); } }[method];
    Object.defineProperty(JaxArray.prototype, method, { value: f, writable: true, configurable: true });
  }
}

// `x.at(idx).set(v)` (Python's `x.at[idx].set(v)`) and the other updates, from the table's
// `jax.Array` operations; an index is an integer or an integer array into the leading axis.
const arrayOps = namespaceFunctions('jax.Array');
if (!('at' in JaxArray.prototype)) {
  Object.defineProperty(JaxArray.prototype, 'at', {
    value: function at(index) {
      const update = (f) => (values) => f(this, index, values);
      return Object.freeze({
        get: () => arrayOps.atGet(this, index),
        set: update(arrayOps.atSet),
        add: update(arrayOps.atAdd),
        multiply: update(arrayOps.atMultiply),
        mul: update(arrayOps.atMultiply),
        min: update(arrayOps.atMin),
        max: update(arrayOps.atMax),
      });
    },
    writable: true,
    configurable: true,
  });
}

useArange(arange);

export const jax = {
  Array: JaxArray,
  jit,
  makeJaxpr,
  evalShape,
  ShapeDtypeStruct,
  pureCallback,
  effectsBarrier: () => wasm.effectsBarrier(),
  experimental: { ioCallback },
  grad,
  valueAndGrad,
  vjp,
  jvp,
  linearize,
  linearTranspose,
  vmap,
  jacrev,
  jacfwd,
  customJvp,
  customVjp,
  checkpoint,
  remat: checkpoint,
  lax: {
    ...namespaceFunctions('jax.lax'), ...lax, ...laxSlicing, map: laxMap, associativeScan,
  },
  nn: namespaceFunctions('jax.nn'),
  random: namespaceFunctions('jax.random'),
  scipy: { special: namespaceFunctions('jax.scipy.special') },
  debug: {
    callback: debugCallback,
    print: debugPrint,
    /** Where `jax.debug.print` output goes (default `console.log`); returns the previous handler. */
    setPrintHandler,
  },
  timeline,
  /**
   * Compiles new programs under another legal schedule (the schedule explorer):
   * `{ seed, reorder, duplicatePure, mergePure }`; `null` restores program order.
   */
  setSchedule(options) {
    if (options === null || options === undefined) return wasm.setSchedule(undefined, false, false, false);
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw argError('jax.setSchedule', 'options', 'null or an object such as { seed: 1, reorder: true }', options);
    }
    const known = ['seed', 'reorder', 'duplicatePure', 'mergePure'];
    // Own properties only, each read once.
    const given = Object.fromEntries(Object.keys(options).map((k) => [k, options[k]]));
    const unknown = Object.keys(given).find((k) => !known.includes(k));
    if (unknown !== undefined) throw new TypeError(`jax.setSchedule: unknown option ${show(unknown)} (the options are ${known.join(', ')})`);
    const { seed = 0, reorder = false, duplicatePure = false, mergePure = false } = given;
    integer('jax.setSchedule', 'seed', seed, 0, Number.MAX_SAFE_INTEGER);
    for (const [k, v] of [['reorder', reorder], ['duplicatePure', duplicatePure], ['mergePure', mergePure]]) {
      if (typeof v !== 'boolean') throw argError('jax.setSchedule', k, 'true or false', v);
    }
    return wasm.setSchedule(seed, reorder, duplicatePure, mergePure);
  },
  /** Engine values JS still references (drops as the GC reclaims arrays). */
  liveArrays: () => wasm.liveHandles(),
  /**
   * Runs `fn()` and releases every array made meanwhile except those it returns (and those
   * passed to `jax.keep`); nestable; see README "Memory".
   */
  scope,
  /** Exempts an array from the enclosing scopes (returns it). */
  keep: (x) => {
    if (!(x instanceof JaxArray)) throw argError('jax.keep', 'x', 'a jax array', x);
    return JaxArray.keep(x);
  },
  /**
   * `{ liveBytes, hostBytes, limitBytes, softLimitBytes, wasmBytes }`: engine heap in use, bytes
   * of arrays moved out of it into JS memory not yet disposed or finalized (garbage included),
   * the limit (on the heap and the moved arrays that may be alive), the heap size past which
   * large idle arrays move out, wasm memory size (see README "Memory").
   */
  memory: () => ({
    liveBytes: wasm.liveBytes(), hostBytes: hostBytesNow(), limitBytes: wasm.memoryLimit(), softLimitBytes: softLimitNow(), wasmBytes: wasmMemoryBytes(),
  }),
  /** Operations that would take the engine's live memory past `bytes` fail with an out-of-memory error. */
  // From 16 MiB (the engine's own needs) to 2 GiB: wasm32 addresses 4 GiB, and one array of up
  // to 1 GiB may be computed past the limit before it is checked.
  setMemoryLimit: (bytes) => wasm.setMemoryLimit(integer('jax.setMemoryLimit', 'bytes', bytes, 2 ** 24, 2 ** 31)),
  /** Past `bytes` of engine heap, large idle arrays move into JS memory; returns the previous value. */
  setMemorySoftLimit: (bytes) => setSoftLimit(integer('jax.setMemorySoftLimit', 'bytes', bytes, 0, 2 ** 31)),
};
