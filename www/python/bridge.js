// The JS API the Python modules bind callbacks and custom rules through. By default the real
// www/jaxplay.js API; a host (the playground worker, Check's observer) can swap in its own
// instrumented copy, so Python code is watched exactly as JS code is: `jax.pureCallback`,
// `ioCallback`, `jax.customVjp`/`customJvp` and `np.asarray` (counted only) go through it.

import { jax, np, ioCallback } from '../jaxplay.js';

const real = { jax, np, ioCallback };
let current = real;

/** The API callbacks are bound through now. */
export const bound = () => current;

/** Uses `api` ({ jax, np, ioCallback }, or null for the real one); returns the previous one. */
export function useEngineApi(api) {
  const previous = current === real ? null : current;
  current = api ?? real;
  return previous;
}

/** Tells a swapped-in API that host code called `np.asarray` (its result is Python's own). */
export function noteAsarray(result) {
  if (current !== real && typeof current.np?.asarray === 'function') current.np.asarray(result);
}
