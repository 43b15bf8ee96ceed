// The functions of JAX's namespaces that take a function and are, in JAX, Python over other
// operations (`jnp.apply_along_axis`, `jnp.apply_over_axes`, `jnp.fromfunction`, `lax.map`,
// `lax.associative_scan`): written here, on `vmap`, `scan` and the lax table's functions, as
// JAX writes them. Python mode wraps these same functions (www/python/jaxlib.js).

import { JaxArray, wrap } from './arrays.js';
import { toTempHandle, handleFromHost, jaxplayError } from './values.js';
import { isArgLeaf } from './trace.js';
import { integer, argError, func } from './checks.js';
import { vmap, lax } from './transforms.js';
import { flatten, unflatten, isPlainObject } from './pytree.js';
import { laxSlicing } from './indexing.js';
import { namespaceFunctions } from './api.js';
import { asarray } from './np.js';

/**
 * `jnp.applyAlongAxis(func1d, axis, arr, ...args)`: `func1d` of every 1-D slice along `axis`,
 * its result's axes put where `axis` was. The slices are batched with `vmap` over the other
 * axes moved to the front (JAX nests one `vmap` per axis instead: the same values).
 */
export function applyAlongAxis(func1d, axis, arr, ...args) {
  func('jnp.applyAlongAxis', 'func1d', func1d);
  if (!(arr instanceof JaxArray)) throw argError('jnp.applyAlongAxis', 'arr', 'a jax array', arr);
  const nd = arr.ndim;
  const a = integer('jnp.applyAlongAxis', 'axis', axis, -nd, nd - 1);
  const ax = a < 0 ? a + nd : a;
  const others = [...Array(nd).keys()].filter((d) => d !== ax);
  const moved = arr.transpose([...others, ax]);
  const lead = others.map((d) => arr.shape[d]);
  const flat = moved.reshape([lead.reduce((p, d) => p * d, 1), arr.shape[ax]]);
  const out = vmap((row) => func1d(row, ...args))(flat);
  const outDims = out.shape.slice(1);
  const unflat = out.reshape([...lead, ...outDims]);
  // The result's own axes go where `axis` was.
  const perm = [...Array(lead.length + outDims.length).keys()];
  const resultAxes = perm.slice(lead.length);
  const order = [...perm.slice(0, ax), ...resultAxes, ...perm.slice(ax, lead.length)];
  return unflat.transpose(order);
}

/** `jnp.applyOverAxes(func, a, axes)`: `func(a, axis)` for each axis in turn, keeping the rank. */
export function applyOverAxes(fn, a, axes) {
  func('jnp.applyOverAxes', 'func', fn);
  let x = a;
  for (const axis of Array.isArray(axes) ? axes : [axes]) {
    const b = fn(x, axis);
    if (b.ndim === x.ndim) x = b;
    else if (b.ndim === x.ndim - 1) x = b.reshape([...x.shape.slice(0, axis < 0 ? axis + x.ndim : axis), 1, ...b.shape.slice(axis < 0 ? axis + x.ndim : axis)]);
    else throw new Error('function is not returning an array of the correct shape');
  }
  return x;
}

/**
 * `jnp.fromfunction(function, shape, { dtype })`: `function` called with the index arrays,
 * batched by one `vmap` per axis as JAX does, so `function` may be written for scalars.
 */
export function fromfunction(fn, shape, options = {}) {
  func('jnp.fromfunction', 'function', fn);
  const dims = typeof shape === 'number' ? [shape] : [...shape];
  const dtype = options?.dtype ?? 'float32';
  let f = fn;
  for (let i = 0; i < dims.length; i++) {
    const inAxes = dims.map((_, j) => (i === j ? 0 : null)).reverse();
    f = vmap(f, { inAxes });
  }
  // JAX's own lax.iota: `arange` of the dtype asked for.
  return f(...dims.map((n) => jnpArange(n, dtype)));
}

let jnpArange = null;
/** Called once by jaxplay.js with its `jnp.arange` (an import would be circular). */
export function useArange(arange) {
  jnpArange = arange;
}

/** `lax.map(f, xs)`: `f` of each slice of `xs` along its first axis, as a `scan`. */
export function map(f, xs) {
  func('lax.map', 'f', f);
  const [, ys] = lax.scan((carry, x) => [carry, f(x)], [], xs);
  return ys;
}

const laxTable = namespaceFunctions('jax.lax');

/** `lax.slice_in_dim`: `[start, limit)` by `stride` along `axis`, every other axis whole. */
function sliceInDim(x, start, limit, stride, axis) {
  const starts = x.shape.map(() => 0);
  const limits = [...x.shape];
  const strides = x.shape.map(() => 1);
  starts[axis] = start;
  limits[axis] = limit < 0 ? limit + x.shape[axis] : limit;
  strides[axis] = stride;
  return laxSlicing.slice(x, starts, limits, strides);
}

/** JAX's `_interleave`: `a`'s and `b`'s elements alternating along `axis` (padding, then `or`/`add`). */
function interleave(a, b, axis) {
  const same = a.shape[axis] === b.shape[axis];
  const aPad = a.shape.map(() => [0, 0, 0]);
  const bPad = b.shape.map(() => [0, 0, 0]);
  aPad[axis] = [0, same ? 1 : 0, 1];
  bPad[axis] = [1, same ? 0 : 1, 1];
  // `lax._const(a, 0)`: a zero of a's dtype, not weakly typed.
  const zero = wrap(handleFromHost(asarray(0), a.dtype));
  const op = a.dtype === 'bool' ? laxTable.bitwiseOr : laxTable.add;
  return op(laxTable.pad(a, zero, aPad), laxTable.pad(b, zero, bPad));
}

/**
 * `lax.associativeScan(fn, elems, { reverse, axis })` (or `reverse`, `axis` positionally): every
 * prefix of `elems` along `axis` combined by the associative `fn`, in JAX's O(log n) levels of
 * strided slices, `fn`, concatenation and interleaving. `elems` may be a pytree of arrays of
 * one length along `axis`; `fn` takes and returns two such trees.
 */
export function associativeScan(fn, elems, reverse = false, axis = 0) {
  if (typeof fn !== 'function') throw jaxplayError('lax.associative_scan: fn argument should be callable.', TypeError);
  if (isPlainObject(reverse)) ({ reverse = false, axis = 0 } = reverse);
  if (typeof reverse !== 'boolean') throw argError('lax.associativeScan', 'reverse', 'true or false', reverse);
  const [leaves, tree] = flatten(elems, isArgLeaf, 'elems');
  let flat = leaves.map((l) => (l instanceof JaxArray ? l : wrap(toTempHandle(l))));
  if (flat.length === 0) throw argError('lax.associativeScan', 'elems', 'an array or a tree of arrays', elems);
  // JAX reverses before it normalises the axis, so its `lax.rev` refuses a negative one.
  if (reverse && typeof axis === 'number' && axis < 0) {
    throw jaxplayError(`rev dimensions must have every element be nonnegative, got (${axis},).`, TypeError);
  }
  const ndim = flat[0].ndim;
  const ax = integer('lax.associativeScan', 'axis', axis, -Math.max(ndim, 1), Math.max(ndim, 1) - 1);
  const dim = ax < 0 ? ax + ndim : ax;
  if (flat.some((e) => e.ndim <= dim || e.shape[dim] !== flat[0].shape[dim])) {
    const shapes = flat.map((e) => `(${e.shape.join(', ')}${e.ndim === 1 ? ',' : ''})`);
    throw jaxplayError(`Array inputs to associative_scan must have the same first dimension. (saw: [${shapes.join(', ')}])`);
  }
  if (reverse) flat = flat.map((e) => laxSlicing.rev(e, [dim]));
  const combine = (a, b) => {
    const [out] = flatten(fn(unflatten(tree, a), unflatten(tree, b)), isArgLeaf, 'the return value of fn');
    return out;
  };
  const scan = (es) => {
    const n = es[0].shape[dim];
    if (n < 2) return es;
    const reduced = combine(es.map((e) => sliceInDim(e, 0, -1, 2, dim)), es.map((e) => sliceInDim(e, 1, n, 2, dim)));
    const odd = scan(reduced);
    const even = n % 2 === 0
      ? combine(odd.map((e) => sliceInDim(e, 0, -1, 1, dim)), es.map((e) => sliceInDim(e, 2, n, 2, dim)))
      : combine(odd, es.map((e) => sliceInDim(e, 2, n, 2, dim)));
    const withFirst = es.map((e, i) => laxTable.concatenate([sliceInDim(e, 0, 1, 1, dim), even[i]], dim));
    return withFirst.map((e, i) => interleave(e, odd[i], dim));
  };
  let scanned = scan(flat);
  if (reverse) scanned = scanned.map((e) => laxSlicing.rev(e, [dim]));
  return unflatten(tree, scanned);
}
