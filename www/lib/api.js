// The engine's API functions (src/api) as JS functions, built from their signatures in
// api-spec.js: one function per entry, under its camelCase name, taking JAX's positional
// arguments and, last, an object of keyword arguments (`jnp.sum(x, { axis: 1, keepdims: true })`).
// Each argument is encoded by what its parameter takes (a JS array is an array literal for an
// array parameter, a tuple of axes for `axis`) and the engine binds them to the signature,
// reporting a wrong call with Python's TypeError words. Python mode builds its functions from
// the same entries (www/python/api.js), so a function defined once in Rust reaches both.

import { FUNCTIONS, NOT_YET } from './api-spec.js';
import {
  wasm, wrap, JaxArray, withHandles, traceSource, dtypeName, jaxplayError,
} from './engine.js';
import { HostArray } from './np.js';

export { FUNCTIONS, NOT_YET };

/** The JS path of each namespace (`jax.numpy` is `jnp`). */
export const JS_NAMESPACE = Object.freeze({
  'jax.numpy': 'jnp',
  'jax.lax': 'jax.lax',
  'jax.nn': 'jax.nn',
  'jax.random': 'jax.random',
  'jax.scipy.special': 'jax.scipy.special',
  'jax.numpy.linalg': 'jnp.linalg',
});

const isOptions = (v) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const isArrayData = (v) => v instanceof JaxArray || v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v);

/**
 * Encodes one argument for the engine. Array leaves are pushed on `arrays` and stand as
 * `{ H: index }` until their handles are known (`withHandles` converts host data and releases
 * what it made).
 */
function encode(v, kind, arrays) {
  if (v === undefined || v === null) return 'N';
  if (kind === 'array' || kind === 'varArrays' || (kind === 'unsupported' && isArrayData(v))) {
    if (typeof v === 'number') return Number.isInteger(v) ? { I: v } : { F: v };
    if (typeof v === 'boolean') return { B: v };
    arrays.push(v);
    return { H: arrays.length - 1 };
  }
  if (kind === 'arrays') {
    if (Array.isArray(v)) return { T: v.map((x) => encode(x, 'array', arrays)) };
    return encode(v, 'array', arrays);
  }
  if (kind === 'dtype') {
    const name = dtypeName(v, 'dtype', 'dtype');
    return name === undefined ? 'N' : { S: name };
  }
  return plain(v);
}

/** A value that is not array data: numbers, booleans, strings and lists of them. */
function plain(v) {
  if (v === undefined || v === null) return 'N';
  if (typeof v === 'number') return Number.isInteger(v) ? { I: v } : { F: v };
  if (typeof v === 'boolean') return { B: v };
  if (typeof v === 'string') return { S: v };
  if (Array.isArray(v)) return { T: v.map(plain) };
  if (v instanceof JaxArray && v.ndim === 0 && !v.isTracer) return plain(v.item());
  if (typeof v === 'function' && typeof v.dtype === 'string') return { S: v.dtype };
  throw new TypeError(`expected a number, a string or a list of them, got ${typeof v === 'object' ? v.constructor?.name ?? 'an object' : typeof v}`);
}

/** Replaces `{ H: index }` placeholders by the handles `withHandles` made. */
function withArrayHandles(wire, handles) {
  if (wire === null || typeof wire !== 'object') return wire;
  if ('H' in wire) return { H: handles[wire.H] };
  if ('T' in wire) return { T: wire.T.map((x) => withArrayHandles(x, handles)) };
  return wire;
}

/** A JS value for the engine's answer. */
function decode(out) {
  if ('A' in out) return wrap(out.A);
  if ('T' in out) return Array.from(out.T, wrap);
  if ('L' in out) return Array.from(out.L, wrap);
  if ('I' in out) return out.I;
  if ('S' in out) return out.S;
  if ('B' in out) return out.B;
  return out.D;
}

/** The JS function for API entry `index`. */
function apiFunction(index, entry) {
  const positional = entry.params.filter((p) => !p.keyword && p.kind !== 'varArrays');
  const varArrays = entry.params.find((p) => p.kind === 'varArrays');
  const takesKeywords = entry.params.some((p) => !p.positional);
  const kindByName = new Map(entry.params.flatMap((p) => [[p.name, p.kind], [p.js, p.kind]]));
  const f = (...args) => {
    let keywords = null;
    if (takesKeywords && args.length > 0 && isOptions(args[args.length - 1]) && !isArrayData(args[args.length - 1])) {
      keywords = args.pop();
    }
    const arrays = [];
    const pos = args.map((v, i) => encode(v, positional[i]?.kind ?? varArrays?.kind ?? 'array', arrays));
    const kw = keywords === null ? [] : Object.keys(keywords).map((k) => [k, encode(keywords[k], kindByName.get(k) ?? 'array', arrays)]);
    traceSource();
    return withHandles(arrays, (handles) => decode(wasm.apiCall(
      index,
      { T: pos.map((w) => withArrayHandles(w, handles)) },
      kw.map(([k, w]) => [k, withArrayHandles(w, handles)]),
    )));
  };
  return Object.defineProperty(f, 'name', { value: entry.js });
}

/** A function that says it is not in jaxplay yet, for one of JAX's names jaxplay lacks. */
function notYet(path, name) {
  const f = () => {
    throw jaxplayError(`\`${path}.${name}\` is not in jaxplay yet (docs/api.md lists what is)`);
  };
  return Object.defineProperty(f, 'name', { value: name });
}

const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());

/** Every API function of namespace `ns` (`'jax.numpy'`), and its not-yet names, by JS name. */
export function namespaceFunctions(ns) {
  const fns = {};
  for (const name of NOT_YET[ns] ?? []) fns[camel(name)] = notYet(JS_NAMESPACE[ns], camel(name));
  FUNCTIONS.forEach((entry, index) => {
    if (entry.ns === ns) fns[entry.js] = apiFunction(index, entry);
  });
  return fns;
}
