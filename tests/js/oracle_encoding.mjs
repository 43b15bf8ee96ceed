// The oracle's encodings, shared by the JS port (oracle.test.mjs) and Python mode
// (oracle_python.mjs): `desc`, results in the oracle's JSON form, its tuples as arrays, and
// jaxpr text normalised to what can match.

import { jax, np } from '../../www/jaxplay.js';

/** The oracle's `desc(x)` for a host or engine array. */
export function desc(x) {
  if (!(x instanceof np.ndarray || x instanceof jax.Array)) {
    throw new TypeError(`desc() expects an array, got ${typeof x}`);
  }
  return { value: x.tolist(), shape: [...x.shape], dtype: x.dtype };
}

/**
 * A result in the oracle's encoding (tuples and lists both become JSON arrays). Host NumPy
 * arrays are encoded only with `hostArrays`: Python programs return them, JS ports never should.
 */
export function encode(v, { hostArrays = false } = {}) {
  const inner = (x) => encode(x, { hostArrays });
  if (v === null || v === undefined) return null;
  if (v instanceof jax.Array) return { array: v.tolist(), shape: v.shape, dtype: v.dtype, weak_type: v.weakType };
  if (v instanceof jax.ShapeDtypeStruct) return { shape_dtype_struct: { shape: [...v.shape], dtype: v.dtype } };
  if (hostArrays && v instanceof np.ndarray) return { array: v.tolist(), shape: [...v.shape], dtype: v.dtype };
  if (Array.isArray(v)) return v.map(inner);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inner(x)]));
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  throw new TypeError(`cannot encode a ${v?.constructor?.name ?? typeof v} result`);
}

/** The oracle's `{tuple: [...]}` becomes a plain array: JS has one sequence type. */
export function untuple(v) {
  if (Array.isArray(v)) return v.map(untuple);
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === 'tuple') return untuple(v.tuple);
    return Object.fromEntries(keys.map((k) => [k, untuple(v[k])]));
  }
  return v;
}

/** Plain JSON data: what the Python harness recorded was JSON too. */
export const json = (v) => JSON.parse(JSON.stringify(v ?? null));

export const sortedJson = (list) => list.map((c) => JSON.stringify(c)).sort();

/**
 * Jaxpr text without what cannot match: JAX prints callbacks as Python reprs
 * (`_FlatCallback(callback_func=<function host at 0x...>, ...)`), jaxplay prints the host's name,
 * and that length difference changes JAX's line wrapping of the parameter list.
 */
export function normalizeJaxpr(text) {
  return String(text)
    .replace(/callback=(?:_FlatCallback\(callback_func=<function \w+ at 0x\w+>, in_tree=PyTreeDef\(.*?\)\)\)|<function \S+ at 0x\w+>|[\w.]+)/g, 'callback=CB')
    .replace(/\s+/g, ' ')
    .replace(/\[ /g, '[')
    .replace(/ \]/g, ']');
}
