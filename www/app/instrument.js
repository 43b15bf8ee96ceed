// The API as learner code sees it in the engine worker: the real jaxplay API with two
// observers added, so Check can look at how the code uses it (not only at its numbers):
//   - every `jax.pureCallback` / `ioCallback` call is recorded with its host function and
//     declaration (the host function itself is handed to the engine unchanged);
//   - every `np.asarray` call is recorded with its argument.
// Console output is observed by the worker (it owns `console`); a probe switches the tap on
// while it calls a host function directly. Nothing here changes what the API computes.

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
    const fn = (f, spec, ...rest) => {
      seen.callbacks.push({ kind, fn: f, spec });
      return real(f, spec, ...rest);
    };
    Object.defineProperty(fn, 'name', { value: real.name });
    return fn;
  };
  const ioCallback = recorded('io', base.ioCallback);
  const jax = {
    ...base.jax,
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
