// Argument checks at the JS boundary: every shape, axis, length and option a learner passes is
// checked here before it reaches the engine, so a wrong value is an error naming the function,
// the argument and what was expected, never a silently converted number (`[1.5]` as `[1]`,
// `2**32` as `0`) or a panic inside the engine.

import { ERROR_NAMES } from './boundary.js';

/** Most elements one array may have (`MAX_ELEMENTS` in src/array.rs). */
export const MAX_ELEMENTS = 2 ** 28;

export function show(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v);
  if (typeof v === 'function') return 'a function';
  if (Array.isArray(v)) return v.length > 8 ? `an array of ${v.length} entries` : `[${v.map(show).join(', ')}]`;
  if (v !== null && typeof v === 'object') return v.constructor?.name ? `a ${v.constructor.name}` : 'an object';
  return String(v);
}

export function argError(fn, arg, expected, got, Kind = TypeError) {
  const err = new Kind(`${fn}: ${arg} must be ${expected}, got ${show(got)}`);
  if (Kind === Error) err.name = ERROR_NAMES.engine;
  return err;
}

const isIndex = (d) => Number.isInteger(d) && d >= 0 && d <= MAX_ELEMENTS;

/** A shape (a number or a list of them) as a Uint32Array of dims. */
export function dims(fn, arg, shape) {
  const list = typeof shape === 'number' ? [shape] : shape;
  if (!Array.isArray(list) && !ArrayBuffer.isView(list)) {
    throw argError(fn, arg, 'a list of non-negative integers', shape);
  }
  if (list.length > 64) throw argError(fn, arg, 'a shape of at most 64 dimensions', shape, Error);
  for (const d of list) {
    if (!isIndex(d)) {
      const Kind = typeof d === 'number' ? Error : TypeError;
      throw argError(fn, arg, `a list of non-negative integers up to 2^28`, shape, Kind);
    }
  }
  return Uint32Array.from(list);
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
  const list = typeof v === 'number' ? [v] : v;
  if (!Array.isArray(list)) throw argError(fn, arg, 'an integer axis or a list of them', v);
  for (const a of list) integer(fn, arg, a, -64, 63);
  return Int32Array.from(list);
}

export function func(fn, arg, v) {
  if (typeof v !== 'function') throw argError(fn, arg, 'a function', v);
  return v;
}
