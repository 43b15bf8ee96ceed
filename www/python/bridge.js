// The JS API the Python modules bind callbacks and custom rules through. By default the real
// www/jaxplay.js API; a host (the playground worker, Check's observer) can swap in its own
// instrumented copy, so Python code is watched exactly as JS code is: `jax.pureCallback`,
// `ioCallback`, `jax.customVjp`/`customJvp` and `np.asarray` (on a host's argument) go through it.

import { jax, np, ioCallback } from '../jaxplay.js';
import { HostArray } from '../lib/np.js';

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

/**
 * What host code's `np.asarray` gives back, `result` being Python's own: a swapped-in API sees
 * the call (Check counts it, and for one "what if" call hands other values to the host, to see
 * the host compute with them); a host array it answers with is used.
 */
export function asarrayResult(result) {
  if (current === real || typeof current.np?.asarray !== 'function') return result;
  const seen = current.np.asarray(result);
  return seen instanceof HostArray ? seen : result;
}
