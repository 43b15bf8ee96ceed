// The API as learner code sees it in the engine worker: the real jaxplay API with two
// observers added, so Check can look at how the code uses it (not only at its numbers):
//   - every `jax.pureCallback` / `ioCallback` call is recorded with its host function and
//     declaration (the host function itself is handed to the engine unchanged);
//   - every `np.asarray` call is recorded with its argument.
// Console output is observed by the worker (it owns `console`); a probe switches the tap on
// while it calls a host function directly. Nothing here changes what the API computes.

// The recording wrapper is compiled as a file under `lib/`: the engine notes each callback's
// source line from the first stack frame that is not jaxplay's own (`lib/*.js`), so with this
// name it skips the wrapper and finds the learner's line (`learner.js:N`), as without it.
const recordingWrapper = (0, eval)(`(function (seen, kind, real) {
  return function (f, spec, ...rest) {
    seen.callbacks.push({ kind, fn: f, spec });
    return real(f, spec, ...rest);
  };
})
//# sourceURL=jaxplay/lib/recorded.js`);

/**
 * jitted function → the function it jits, for every `jax.jit` learner code calls. The Jaxpr
 * panel traces the original for its source lines: a jitted function's equations all carry the
 * line that called it.
 */
export const jitOriginals = new WeakMap();

export function instrument(base, consoleTap = { lines: null }) {
  const seen = { callbacks: [], asarray: [] };

  const np = {
    ...base.np,
    asarray(x, dtype) {
      seen.asarray.push(x);
      return base.np.asarray(x, dtype);
    },
  };

  const recorded = (kind, real) => {
    const fn = recordingWrapper(seen, kind, real);
    Object.defineProperty(fn, 'name', { value: real.name });
    return fn;
  };
  const ioCallback = recorded('io', base.ioCallback);
  const jit = (fn, ...rest) => {
    const jitted = base.jax.jit(fn, ...rest);
    if (typeof fn === 'function' && typeof jitted === 'function') jitOriginals.set(jitted, fn);
    return jitted;
  };
  const jax = {
    ...base.jax,
    jit,
    pureCallback: recorded('pure', base.jax.pureCallback),
    experimental: { ...base.jax.experimental, ioCallback },
  };

  return {
    api: { jax, jnp: base.jnp, np, ioCallback },
    base,
    seen,
    consoleTap,
    /** Forgets what was recorded so far. */
    reset() {
      seen.callbacks.length = 0;
      seen.asarray.length = 0;
    },
    /**
     * Calls `fn(...args)` directly with console output captured:
     * { value, error, printed: [text], asarrayArgs: [arg] }.
     */
    probe(fn, ...args) {
      const before = seen.asarray.length;
      const lines = [];
      const previous = consoleTap.lines;
      consoleTap.lines = lines;
      let value;
      let error = null;
      try {
        value = fn(...args);
      } catch (err) {
        error = err;
      } finally {
        consoleTap.lines = previous;
      }
      return { value, error, printed: lines, asarrayArgs: seen.asarray.slice(before) };
    },
  };
}
