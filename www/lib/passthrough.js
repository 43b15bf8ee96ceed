// Call-through wrappers for code that watches the API from outside (Check's observer,
// www/check/observe.js). They live here, among jaxplay's own modules, because the engine looks for
// the user's line as the first stack frame outside jaxplay (sourcelines.js, `userLocation`): a wrapper
// frame must not be mistaken for the learner's call, so the source line stays the one the
// learner wrote.

/** `real(f, spec, ...rest)` with `f` replaced by what `record(f, spec, rest)` returns. */
export function makeBinder(record, real) {
  return function (f, spec, ...rest) {
    return real(record(f, spec, rest), spec, ...rest);
  };
}

/** `f` called through `apply`, with `enter(args)` before and `leave()` after, however it ends. */
export function makeHost(f, enter, leave, apply) {
  return function (...args) {
    enter(args);
    try {
      return apply(f, this, args);
    } finally {
      leave();
    }
  };
}
