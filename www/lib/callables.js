// The functions of JAX's namespaces that take a function (`jnp.apply_along_axis`,
// `jnp.apply_over_axes`, `jnp.fromfunction`, `lax.map`): written here, on `vmap` and `scan`, as
// JAX writes them, since a function cannot cross into the engine's API table as data. Python
// mode wraps these same functions (www/python/jaxlib.js).

import { JaxArray } from './engine.js';
import { integer, argError, func } from './checks.js';
import { vmap, lax } from './transforms.js';

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
