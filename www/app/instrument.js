// The API as learner code sees it in the engine worker: the real jaxplay API, with every
// `jax.jit` learner code makes remembered (jitOriginals), so the Jaxpr panel can trace the
// function a jitted one wraps. Check has its own observer (www/check/observe.js). Nothing here
// changes what the API computes.

/**
 * jitted function → the function it jits, for every `jax.jit` learner code calls. The Jaxpr
 * panel traces the original for its source lines: a jitted function's equations all carry the
 * line that called it.
 */
export const jitOriginals = new WeakMap();

export function instrument(base) {
  const jit = (fn, ...rest) => {
    const jitted = base.jax.jit(fn, ...rest);
    if (typeof fn === 'function' && typeof jitted === 'function') jitOriginals.set(jitted, fn);
    return jitted;
  };
  return { api: { ...base, jax: { ...base.jax, jit } }, base };
}
