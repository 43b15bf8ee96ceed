// Argument checks at the JS boundary: every shape, axis, length and option a learner passes is
// checked here before it reaches the engine, so a wrong value is an error naming the function,
// the argument and what was expected, never a silently converted number (`[1.5]` as `[1]`,
// `2**32` as `0`) or a panic inside the engine.

import { ERROR_NAMES } from './boundary.js';

/** Most elements one array may have (`MAX_ELEMENTS` in src/array.rs). */
export const MAX_ELEMENTS = 2 ** 28;

export function show(v) {
  if (typeof v === 'bigint') return `a bigint ${v}n`;
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'string') return JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v);
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return v.length > 8 ? `an array of ${v.length} entries` : `[${v.map(show).join(', ')}]`;
  if (v !== null && typeof v === 'object') return typeName(v);
  return String(v);
}

/** "a Float32Array", "an object" (a plain object, or one whose class has no usable name). */
export function typeName(v) {
  if (v !== null && typeof v === 'object' && typeof v.toHostArray === 'function' && isTracerLike(v)) {
    return 'a traced array (a concrete value is needed here, not one computed inside a traced function)';
  }
  let name;
  try {
    name = Object.getPrototypeOf(v)?.constructor?.name;
  } catch {
    name = undefined;
  }
  if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object';
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

const isTracerLike = (v) => {
  try {
    return v.isTracer === true;
  } catch {
    return false;
  }
};

/**
 * A function's name for messages and for the engine: its `name`, read once, when that is a
 * non-empty string (a learner may define any value there); else `fallback`.
 */
export function functionName(fn, fallback) {
  let name;
  try {
    name = fn.name;
  } catch {
    name = undefined;
  }
  return typeof name === 'string' && name !== '' ? name : fallback;
}

/**
 * An own property of an options object, never one inherited (`Object.prototype.ordered = 'yes'`
 * must not turn every callback ordered): read once, `fallback` when absent.
 */
export function option(options, key, fallback) {
  if (options === null || options === undefined || !Object.hasOwn(options, key)) return fallback;
  const v = options[key];
  return v === undefined ? fallback : v;
}

/**
 * A list the learner gave (an array, typed array, or anything array-like such as a Proxy) read
 * once into a plain array, so checks and use see the same values; null if `v` is not a list.
 */
export function snapshot(v) {
  if (!Array.isArray(v) && !ArrayBuffer.isView(v)) return null;
  if (ArrayBuffer.isView(v) && isDetached(v)) return null;
  const length = v.length;
  if (!Number.isSafeInteger(length) || length < 0 || length > 4096) return null;
  const out = new Array(length);
  for (let i = 0; i < length; i++) out[i] = v[i];
  return out;
}

/** Whether a typed array or DataView's buffer was transferred away (it reads as empty then). */
export function isDetached(view) {
  const buffer = view.buffer;
  if (buffer.byteLength !== 0) return false;
  try {
    // Node 20 has no `ArrayBuffer.prototype.detached`; a view of a detached buffer cannot be made.
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

export function detachedError(fn, arg) {
  return new TypeError(`${fn}: ${arg} is a view of a detached ArrayBuffer (transferred away, e.g. by postMessage or ArrayBuffer.transfer), so it has no data; pass a copy made before the transfer`);
}

export function argError(fn, arg, expected, got, Kind = TypeError) {
  const err = new Kind(`${fn}: ${arg} must be ${expected}, got ${show(got)}`);
  if (Kind === Error) err.name = ERROR_NAMES.engine;
  return err;
}

const isIndex = (d) => Number.isInteger(d) && d >= 0 && d <= MAX_ELEMENTS;

/** A shape (a number or a list of them) as a Uint32Array of dims. */
export function dims(fn, arg, shape) {
  if (ArrayBuffer.isView(shape) && isDetached(shape)) throw detachedError(fn, arg);
  const list = typeof shape === 'number' ? [shape] : snapshot(shape);
  if (list === null) throw argError(fn, arg, 'a list of non-negative integers', shape);
  if (list.length > 64) throw argError(fn, arg, 'a shape of at most 64 dimensions', list, Error);
  for (const d of list) {
    if (!isIndex(d)) {
      const Kind = typeof d === 'number' ? Error : TypeError;
      throw argError(fn, arg, `a list of non-negative integers up to 2^28`, list, Kind);
    }
  }
  return Uint32Array.from(list);
}

/** Elements in `shape`; a loop, as every host argument's constructor checks it. */
export function shapeSize(shape) {
  let n = 1;
  for (let i = 0; i < shape.length; i++) n *= shape[i];
  return n;
}

/** `dims` whose product is also at most `MAX_ELEMENTS`, as a plain array (for host arrays). */
export function sizedDims(fn, arg, shape) {
  const list = Array.from(dims(fn, arg, shape));
  const n = shapeSize(list);
  if (n > MAX_ELEMENTS) {
    const err = new Error(`${fn}: ${arg} must have at most 2^28 (${MAX_ELEMENTS}) elements in all, got ${show(list)}`);
    err.name = ERROR_NAMES.engine;
    throw err;
  }
  return list;
}

/** A whole number in `[min, max]`. */
export function integer(fn, arg, v, min, max) {
  if (typeof v !== 'number') throw argError(fn, arg, 'an integer', v);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw argError(fn, arg, `an integer from ${min} to ${max}`, v, Error);
  }
  return v;
}

/** An axis (negative counts from the end, as in NumPy), or a list of them, as an Int32Array. */
export function axes(fn, arg, v) {
  const list = typeof v === 'number' ? [v] : Array.isArray(v) ? snapshot(v) : null;
  if (list === null) throw argError(fn, arg, 'an integer axis or a list of them', v);
  for (const a of list) integer(fn, arg, a, -64, 63);
  return Int32Array.from(list);
}

/**
 * `axes` resolved against rank `ndim` (negative counts from the end), each at most once, in
 * NumPy's words for an axis out of range or repeated.
 */
export function distinctAxes(fn, arg, v, ndim) {
  const list = axes(fn, arg, v);
  const seen = new Set();
  for (const a of list) {
    if (a < -ndim || a >= ndim) throw argError(fn, arg, `an axis in [${-ndim}, ${ndim}) (axis ${a} is out of bounds for array of dimension ${ndim})`, Array.from(list), Error);
    const r = a < 0 ? a + ndim : a;
    if (seen.has(r)) {
      const err = new Error(`${fn}: duplicate value in '${arg}': (${Array.from(list).join(', ')}${list.length === 1 ? ',' : ''})`);
      err.name = ERROR_NAMES.engine;
      throw err;
    }
    seen.add(r);
  }
  return list;
}

export function func(fn, arg, v) {
  if (typeof v !== 'function') throw argError(fn, arg, 'a function', v);
  return v;
}
