// Host callbacks from JS: `pureCallback`, `ioCallback`, `debug.callback`, `debug.print`. A
// learner's callback is wrapped so the engine can call it with host arrays and get flat,
// dtype-tagged result leaves back.

import { wasm } from './instance.js';
import { JaxArray, wrap } from './arrays.js';
import { withHandles, describe, dtypeName } from './values.js';
import { hasShapeDtype, splitOptions } from './options.js';
import { noteSource, enterHostCode, leaveHostCode } from './sourcelines.js';
import {
  exchange, exchangeFloats, hostArrayView, isEngineMemory, copyFromEngine,
} from './memory.js';
import { ArgumentDecoder, encodeResults, encodeSingle, encodeHandle } from './protocol.js';
import { flatten, unflatten, isPlainObject, pathText, kindOf, isLeafNode } from './pytree.js';
import { HostArray, dtypeOfTyped, nestedNumbers, engineHandle } from './np.js';
import { debugPrintFormatter } from './format.js';
import { functionName, isDetached, argError, dims } from './checks.js';

const isHostLeaf = (x) =>
  x instanceof HostArray || x instanceof JaxArray || ArrayBuffer.isView(x) ||
  typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint' || nestedNumbers(x) !== null;

/** Appends a returned leaf to `out` as `dtype, shape, data` (the engine's flat result form). */
function pushHostLeaf(out, x, where) {
  if (!isHostLeaf(x)) {
    throw new TypeError(`${where()} contains ${describe(x)}; a callback returns host arrays, typed arrays, numbers, booleans, or arrays/objects of them`);
  }
  if (x instanceof JaxArray) x = x.toHostArray();
  if (typeof x === 'bigint') return out.push('int64', [], [Number(x)]);
  if (typeof x === 'number') return out.push('number', [], [x]);
  if (typeof x === 'boolean') return out.push('bool', [], [x ? 1 : 0]);
  if (x instanceof HostArray) return out.push(x.dtype, x.shape, x.data);
  if (ArrayBuffer.isView(x)) {
    if (isDetached(x)) throw new TypeError(`${where()} is ${describe(x)}; return a copy made before the transfer`);
    const dtype = dtypeOfTyped(x);
    if (dtype === null) throw new TypeError(`${where()} is a DataView, which has no element type; return a typed array over its bytes instead (new Float32Array(view.buffer, view.byteOffset, view.byteLength / 4))`);
    const data = dtype === 'int64' || dtype === 'uint64' ? Array.from(x, Number) : x;
    return out.push(dtype ?? 'unknown', [x.length], data);
  }
  const nested = nestedNumbers(x);
  return out.push(nested.dtype, nested.shape, nested.values);
}

/** Hands flat `[dtype, shape, data, ...]` leaves to the engine (protocol.js `encodeResults`). */
const sendResults = (flat) => encodeResults(flat, exchange, isEngineMemory);

/** What a callback without results (`debug.callback`) sends back. */
function sendNoResults() {
  exchange()[0] = 0;
}

/**
 * `sendResults` for the commonest return, one declared array answered with a Float32Array,
 * Int32Array or HostArray of a coded dtype: no flat list to build (and for a host array that
 * is an engine array, no copy). Null when `x` is anything else.
 */
function sendSingle(x) {
  if (x instanceof Float32Array || x instanceof Int32Array) {
    // An empty one may be a view of a detached buffer: the general path names that.
    if (x.length === 0) return null;
    return encodeSingle(dtypeOfTyped(x), [x.length], x, exchange, isEngineMemory, exchangeFloats);
  }
  if (x instanceof HostArray) {
    // An engine array (a kept host NumPy result, or the argument itself) goes back as it is.
    const handle = engineHandle(x);
    if (handle !== null) return encodeHandle(x.dtype, x.shape, handle, exchange);
    return encodeSingle(x.dtype, x.shape, x.data, exchange, isEngineMemory, exchangeFloats);
  }
  return null;
}

/**
 * Flattens what a host returned into the engine's flat result form, using the declared
 * structure to read JS arrays: where a single array is declared, `[1, 2, 3]` is that array;
 * where a tuple is declared, a JS array of the same length is the tuple.
 */
function flattenResult(value, spec) {
  const leaves = [];
  const path = [];
  const where = () => `its return value${path.length ? ` (at result${pathText(path)})` : ''}`;
  const walk = (v, t) => {
    if (isLeafNode(t) && isHostLeaf(v)) return pushHostLeaf(leaves, v, where);
    if (Array.isArray(v)) {
      const ragged = raggedAt(v);
      if (ragged) {
        path.push(...ragged.path);
        throw new TypeError(`${where()} is a ragged nested list: it has ${ragged.got} entries where the first row at its depth has ${ragged.want}; nested lists must be rectangular`);
      }
    }
    const down = (key, c, ct) => {
      path.push(key);
      walk(c, ct);
      path.pop();
    };
    if (kindOf(t) === 'list' && Array.isArray(v) && v.length === t.c.length) return v.forEach((c, i) => down(i, c, t.c[i]));
    if (kindOf(t) === 'dict' && isPlainObject(v)) {
      const keys = Object.keys(v);
      if (t.k.every((k) => Object.hasOwn(v, k)) && keys.length === t.k.length) return t.k.forEach((k, i) => down(k, v[k], t.c[i]));
      const list = (ks) => `{${ks.map((k) => JSON.stringify(k)).join(', ')}}`;
      throw new TypeError(`${where()} has the keys ${list(keys)} but result_shape_dtypes declares ${list(t.k)}`);
    }
    if (kindOf(t) === 'list' && Array.isArray(v) && !isHostLeaf(v)) {
      throw new TypeError(`${where()} is a list of ${v.length} entries but result_shape_dtypes declares ${t.c.length}`);
    }
    // No match with the declaration: flatten generically; the engine reports the mismatch.
    const [generic] = flatten(v, (x) => x instanceof HostArray || x instanceof JaxArray || ArrayBuffer.isView(x), where());
    generic.forEach((g) => pushHostLeaf(leaves, g, where));
    return undefined;
  };
  walk(value, spec);
  return leaves;
}

/**
 * Where a nested list of numbers stops being rectangular: `{path, got, want}` for the first
 * sub-list whose length differs from the first one at its depth, or null. Lists of anything
 * but numbers, booleans and lists are not looked into.
 */
function raggedAt(v) {
  const lengths = [];
  const path = [];
  let found = null;
  const walk = (x, depth) => {
    if (found || depth > 64) return;
    if (!Array.isArray(x)) return;
    if (lengths[depth] === undefined) lengths[depth] = x.length;
    else if (x.length !== lengths[depth]) {
      found = { path: [...path], got: x.length, want: lengths[depth] };
      return;
    }
    const nested = x.some(Array.isArray);
    if (nested && !x.every(Array.isArray)) {
      found = { path: [...path], got: 'a mix of lists and numbers', want: 'lists only' };
      return;
    }
    for (let i = 0; i < x.length && !found; i++) {
      path.push(i);
      walk(x[i], depth + 1);
      path.pop();
    }
  };
  const numeric = (x, depth) => depth <= 64 && (Array.isArray(x) ? x.every((c) => numeric(c, depth + 1)) : typeof x === 'number' || typeof x === 'boolean');
  if (!numeric(v, 0)) return null;
  walk(v, 0);
  return found;
}

function callbackName(f, api) {
  if (typeof f !== 'function') {
    throw new TypeError(api
      ? `first argument to ${api} must be callable, but got an object of type ${describe(f)}`
      : `the callback must be a function, got ${describe(f)}`);
  }
  return functionName(f, 'anonymous');
}

/** A host array copied from the `type` argument at byte `address` (see `ArgumentDecoder`). */
function copiedArgument(address, type) {
  return new HostArray(copyFromEngine(address, type.code, type.length), type.shape, type.dtype);
}

const isFlatLeafList = (tree) => kindOf(tree) === 'list' && tree.c.every(isLeafNode);

/**
 * The function the engine calls with `(meta, datas)` (see src/facade/callbacks.rs): rebuilds the
 * learner's arguments as host arrays (putting static leaves back in their slots), calls the
 * learner's callback, and sends its return back. `meta` comes only when the argument types
 * changed since the previous call.
 */
function hostWrapper(callback, argTree, slots, resultTree) {
  const args = new ArgumentDecoder(copiedArgument, hostArrayView);
  const plain = isFlatLeafList(argTree) && slots.every((slot) => slot === DYNAMIC);
  const single = isLeafNode(resultTree);
  const finish = (returned) => {
    if (resultTree === null) return sendNoResults();
    return (single ? sendSingle(returned) : null) ?? sendResults(flattenResult(returned, resultTree));
  };
  const callHost = (datas) => {
    if (plain && args.types.length === 1) return callback(args.argument(datas, 0));
    let next = 0;
    const leaves = slots.map((slot) => (slot === DYNAMIC ? args.argument(datas, next++) : slot.value));
    return plain ? callback(...leaves) : callback(...unflatten(argTree, leaves));
  };
  return (meta, datas) => {
    args.receive(meta);
    const outer = enterHostCode();
    let returned;
    try {
      returned = callHost(datas);
    } finally {
      leaveHostCode(outer);
    }
    return finish(returned);
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
    // Read once and checked here (a plain `{shape, dtype}` object may have getters).
    return { shape: Array.from(dims('result_shape_dtypes', 'shape', s.shape)), dtype: dtypeName(s.dtype, 'result_shape_dtypes', 'dtype') };
  });
  return [specs, tree];
}

/** A number per distinct host function, so a schedule can tell two calls of one function. */
const identities = new WeakMap();
let nextIdentity = 1;
function identityOf(f) {
  if (!identities.has(f)) identities.set(f, nextIdentity++);
  return identities.get(f);
}

function callback(kind, f, resultShapeDtypes, rest) {
  noteSource(kind === 'pure' ? pureCallback : ioCallback);
  const fnName = kind === 'pure' ? 'jax.pureCallback' : 'ioCallback';
  const [args, options] = splitOptions(rest, fnName, kind === 'pure' ? ['vmapMethod'] : ['ordered']);
  const [leaves, argTree] = flatten(args, (x) => x instanceof HostArray);
  const [argLeaves, slots] = partitionArgs(leaves, false);
  const [specs, resultTree] = resultSpecs(resultShapeDtypes);
  const wrapper = hostWrapper(f, argTree, slots, resultTree);
  const outs = withHandles(argLeaves, (hs) => {
    const handles = Uint32Array.from(hs);
    return kind === 'pure'
      ? wasm.pureCallback(wrapper, callbackName(f), specs, handles, options.vmapMethod ?? undefined, identityOf(f))
      : wasm.ioCallback(wrapper, callbackName(f), specs, handles, Boolean(options.ordered));
  }, 'op', undefined, operandContext(fnName));
  return unflatten(resultTree, Array.from(outs, wrap));
}

/** Names an operand leaf that is not an array (`withHandles`): the declaration comes second. */
const operandContext = (fnName) => (i) => `${fnName}: operand ${i + 1} (the arguments after the result declaration)`;

export function pureCallback(f, resultShapeDtypes, ...rest) {
  return callback('pure', f, resultShapeDtypes, rest);
}

export function ioCallback(f, resultShapeDtypes, ...rest) {
  return callback('io', f, resultShapeDtypes, rest);
}

export function debugCallback(f, ...rest) {
  noteSource(debugCallback);
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
  withHandles(argLeaves, (hs) => wasm.debugCallback(wrapper, callbackName(f, 'jax.debug.callback'), Uint32Array.from(hs), Boolean(options.ordered)));
}

let printHandler = (text) => console.log(text);

/** Where `jax.debug.print` output goes (default `console.log`); returns the previous handler. */
export function setPrintHandler(handler) {
  if (typeof handler !== 'function') throw argError('jax.debug.setPrintHandler', 'handler', 'a function (text) => ...', handler);
  const previous = printHandler;
  printHandler = handler;
  return previous;
}

export function debugPrint(fmt, ...rest) {
  const [args, options] = splitOptions(rest, 'jax.debug.print', ['ordered', 'skipFormatCheck']);
  const show = (a) => (a instanceof JaxArray && a.isTracer ? `Traced<${a.aval}>` : String(a));
  const { positional, named, format } = debugPrintFormatter(fmt, args, show, Boolean(options.skipFormatCheck));
  const values = [...positional, ...Object.values(named)];
  const names = Object.keys(named);
  const np0 = positional.length;
  const printer = (...hostValues) => {
    const pos = hostValues.slice(0, np0);
    const nam = Object.fromEntries(names.map((n, i) => [n, hostValues[np0 + i]]));
    printHandler(format(pos, nam));
  };
  Object.defineProperty(printer, 'name', { value: 'debug.print' });
  debugCallback(printer, ...values, { ordered: Boolean(options.ordered) });
}
