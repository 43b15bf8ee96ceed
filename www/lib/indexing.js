// Static indexing of engine arrays: `x.index(0, '1:', '::-1', null, '...')` and Python mode's
// `x[...]` on traced arrays, lowered as JAX lowers static indices (`to_static_slice` in
// jax/_src/numpy/indexing.py): one `slice` (skipped when it takes everything), `rev` for
// negative steps, `squeeze` for integer indices, `broadcast_in_dim` for new axes. Integer
// indices out of range are clamped, as JAX does for static indices. Also `jax.lax.slice`,
// `squeeze`, `rev` and `expandDims`, whose arguments are checked here before the engine sees them.

import { wasm } from './instance.js';
import { wrap } from './arrays.js';
import { withHandles } from './values.js';
import { traceSource } from './sourcelines.js';
import { argError, integer, snapshot } from './checks.js';
import { ERROR_NAMES } from './boundary.js';

const MAX_INDEX = 2 ** 31 - 1;

/** A list of non-negative integers (indices, limits, strides or dimensions). */
function indexList(fn, arg, v, min = 0) {
  // Read once: a Proxy or getter cannot answer the check with one value and the engine with another.
  const list = Array.isArray(v) ? snapshot(v) : null;
  if (list === null) throw argError(fn, arg, 'a list of integers', v);
  if (list.length > 64) throw argError(fn, arg, 'a list of at most 64 entries', list, Error);
  for (const d of list) {
    if (!Number.isInteger(d) || d < min || d > MAX_INDEX) {
      throw argError(fn, arg, `a list of integers from ${min} to 2^31-1`, list, typeof d === 'number' ? Error : TypeError);
    }
  }
  return Uint32Array.from(list);
}

/** `x` through `slice` (given `start`), `rev`, `squeeze` and `expand_dims` (each if not empty). */
function restructure(name, x, { start, limit = [], strides = [], rev = [], squeeze = [], expand = [] }) {
  traceSource();
  const list = (v) => Uint32Array.from(v);
  return withHandles([x], ([h]) => wrap(wasm.restructure(h, start !== undefined, list(start ?? []), list(limit), list(strides), list(rev), list(squeeze), list(expand))),
    'op', undefined, () => `${name}: operand`);
}

export const laxSlicing = {
  /** `jax.lax.slice(x, startIndices, limitIndices, strides?)`. */
  slice(x, startIndices, limitIndices, strides = null) {
    const start = indexList('lax.slice', 'startIndices', startIndices);
    const limit = indexList('lax.slice', 'limitIndices', limitIndices);
    const steps = strides === null || strides === undefined ? undefined : indexList('lax.slice', 'strides', strides, 1);
    // An empty list means "no strides" to the engine, so a wrong length is caught here.
    if (steps && steps.length !== (x?.shape?.length ?? 0)) throw argError('lax.slice', 'strides', `one entry per dimension of the operand (${x?.shape?.length ?? 0})`, strides, Error);
    return restructure('lax.slice', x, { start, limit, strides: steps });
  },
  squeeze: (x, dimensions) => restructure('lax.squeeze', x, { squeeze: indexList('lax.squeeze', 'dimensions', dimensions) }),
  rev: (x, dimensions) => restructure('lax.rev', x, { rev: indexList('lax.rev', 'dimensions', dimensions) }),
  expandDims: (x, dimensions) => restructure('lax.expandDims', x, { expand: indexList('lax.expandDims', 'dimensions', dimensions) }),
};

/**
 * JAX's static slice plan for `shape` and resolved keys (per key an integer, `{ slice: [start,
 * stop, step] }` as Python's `slice.indices` gives it, or `{ newaxis: true }`; `...` spelt out).
 * `fail(message)` makes the IndexError.
 */
export function staticSlicePlan(shape, keys, fail) {
  if (keys.length > 64) fail(`an index of at most 64 entries is supported, got ${keys.length}`);
  const real = keys.filter((k) => !k.newaxis).length;
  if (real > shape.length) fail(`Too many indices: array is ${shape.length}-dimensional, but ${real} were indexed`);
  const full = [...keys, ...shape.slice(real).map((n) => ({ slice: [0, n, 1] }))];
  const plan = { start: [], limit: [], strides: [], rev: [], squeeze: [], newaxis: [] };
  for (const k of full) {
    const axis = plan.start.length;
    if (k.newaxis) {
      plan.newaxis.push(axis - plan.squeeze.length + plan.newaxis.length);
    } else if (typeof k === 'number') {
      const n = shape[axis];
      if (n === 0) fail(`index is out of bounds for axis ${axis} with size 0`);
      const i = Math.min(Math.max(k < 0 ? k + n : k, 0), n - 1);
      plan.start.push(i);
      plan.limit.push(i + 1);
      plan.strides.push(1);
      plan.squeeze.push(axis);
    } else {
      const [start, stop, step] = k.slice;
      if (step < 0) {
        const first = Math.min(shape[axis], stop + 1 + (Math.abs(start - stop - 1) % -step));
        plan.start.push(first);
        plan.limit.push(Math.max(first, start + 1));
        plan.strides.push(-step);
        plan.rev.push(axis);
      } else {
        plan.start.push(start);
        plan.limit.push(Math.max(start, stop));
        plan.strides.push(step);
      }
    }
  }
  return plan;
}

/** `x` indexed by a static slice plan, with the primitives JAX uses, in one engine call. */
export function applyPlan(x, plan) {
  const unit = plan.strides.every((s) => s === 1);
  const whole = unit && plan.start.every((s) => s === 0) && plan.limit.every((l, d) => l === x.shape[d]);
  if (whole && !plan.rev.length && !plan.squeeze.length && !plan.newaxis.length) return x;
  return restructure('x.index', x, {
    start: whole ? undefined : plan.start,
    limit: plan.limit,
    strides: unit ? [] : plan.strides,
    rev: plan.rev,
    squeeze: plan.squeeze,
    expand: plan.newaxis,
  });
}

/** Python's `slice(start, stop, step).indices(n)`. */
function sliceIndices(start, stop, step, n) {
  const clamp = (v, dflt, lo, hi) => (v === null ? dflt : Math.min(Math.max(v < 0 ? v + n : v, lo), hi));
  return step > 0
    ? [clamp(start, 0, 0, n), clamp(stop, n, 0, n), step]
    : [clamp(start, n - 1, -1, n - 1), clamp(stop, -1, -1, n - 1), step];
}

const SLICE = /^\s*(-?\d+)?\s*:\s*(-?\d+)?\s*(?::\s*(-?\d+)?\s*)?$/;

/**
 * `x.index(...keys)`: Python's basic indexing spelt in JS. A key is an integer (negative counts
 * from the end), a slice written as Python writes it (`':'`, `'1:'`, `'::-1'`, `'0:4:2'`),
 * `null` for a new axis, or `'...'` for the axes not named.
 */
export function index(x, keys) {
  const fail = (message) => { const e = new Error(`x.index: ${message}`); e.name = ERROR_NAMES.engine; throw e; };
  const shape = x.shape;
  const at = keys.indexOf('...');
  if (at >= 0 && keys.indexOf('...', at + 1) >= 0) fail("an index can only have a single ellipsis ('...')");
  const named = keys.filter((k) => k !== null && k !== '...').length;
  const spelt = at < 0 ? keys : [...keys.slice(0, at), ...Array(Math.max(0, shape.length - named)).fill(':'), ...keys.slice(at + 1)];
  let axis = 0;
  const resolved = spelt.map((k) => {
    if (k === null) return { newaxis: true };
    const n = shape[axis++] ?? 0;
    if (typeof k === 'number') return integer('x.index', 'an index', k, -MAX_INDEX, MAX_INDEX);
    const m = typeof k === 'string' ? SLICE.exec(k) : null;
    if (!m) throw argError('x.index', 'each index', "an integer, a slice such as '1:' or '::-1', null or '...'", k);
    const [start, stop, step] = [m[1], m[2], m[3]].map((v) => (v === undefined ? null : Number(v)));
    // Past 2^53 a JS number is no longer exact (9007199254740993 reads as ...992): refused
    // rather than sliced by a different number than the one written.
    const unsafe = [start, stop, step].find((v) => v !== null && !Number.isSafeInteger(v));
    if (unsafe !== undefined) fail(`slice ${JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k)}: ${unsafe} is too large for a JS number to hold exactly (at most 2^53 - 1)`);
    if (step === 0) fail('slice step cannot be zero');
    return { slice: sliceIndices(start, stop, step ?? 1, n) };
  });
  return applyPlan(x, staticSlicePlan(shape, resolved, fail));
}
