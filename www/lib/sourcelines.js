// Source lines: which line of the user's code the engine's next operations come from
// (`file:line`, like JAX's source info), found in the JS stack or given by Python mode.

import { wasm } from './instance.js';
import { traceFrames } from './trace.js';

// jaxplay's own modules, skipped when looking for the user's line in a stack trace.
const OWN_FILES = /\/(?:lib\/\w+\.js|jaxplay\.js|pkg\/(?:jaxplay|glue)\.js)$/;
const FRAME = /\(?((?:[^\s()]*\/)?([^\s/()]+)):(\d+):\d+\)?$/;
/**
 * The script this code is in: unbundled this file (OWN_FILES has it), bundled the whole bundle,
 * whose frames then all count as jaxplay's. In the playground's engine worker that is all but
 * the learner's code (evaluated as learner.js); an app that bundles jaxplay with its own code
 * gets no source lines rather than jaxplay's.
 */
const OWN_SCRIPT = (() => {
  const m = FRAME.exec((new Error().stack ?? '').split('\n').find((line) => FRAME.test(line.trim()))?.trim() ?? '');
  return m ? m[1] : null;
})();
const isOwn = (file) => file === OWN_SCRIPT || OWN_FILES.test(file);

/**
 * Tells the engine where in the user's code the next operations come from (`file:line`), like
 * JAX's source info: equations and callback events carry it, so the playground can link the
 * jaxpr, the code and the timeline. `entry`: the API function the user called, when the caller
 * knows it (see `userLocation`).
 */
export function noteSource(entry) {
  wasm.setSource(sourceProvider ? sourceProvider() : userLocation(entry));
}

/** Where `file:line` comes from instead of the JS stack: Python mode's interpreted line. */
let sourceProvider = null;

/** Installs (or, with null, removes) a `() => 'file:line'` source; returns the previous one. */
export function setSourceProvider(provider) {
  const previous = sourceProvider;
  sourceProvider = provider;
  return previous;
}

/** `file:line` of a V8 stack frame outside jaxplay, else null. */
function located(frame) {
  const file = frame.getScriptNameOrSourceURL?.() ?? frame.getFileName();
  return file && !isOwn(file) ? `${file.slice(file.lastIndexOf('/') + 1)}:${frame.getLineNumber()}` : null;
}

/**
 * `file:line` of the innermost stack frame outside jaxplay, or undefined. V8 (Chromium, Node)
 * hands over its frames as objects, which costs a fraction of formatting the stack's text (a
 * large part of a cold jitted call; bench/NOTES.md); other engines' text is parsed. V8 walks
 * the stack frame by frame up to the limit, and each frame costs. Given `entry`, the API
 * function the user called, it skips to that function's caller, so one frame is enough when
 * the user called it directly (not through another of jaxplay's functions).
 */
function userLocation(entry) {
  if (typeof Error.captureStackTrace === 'function') {
    const saved = [Error.prepareStackTrace, Error.stackTraceLimit];
    try {
      Error.prepareStackTrace = (_, frames) => frames;
      if (entry) {
        Error.stackTraceLimit = 1;
        const holder = {};
        Error.captureStackTrace(holder, entry);
        const found = Array.isArray(holder.stack) && holder.stack.length === 1 ? located(holder.stack[0]) : null;
        if (found) return found;
      }
      // Without it the user's frame is usually the third or fourth (below `traceSource` or
      // `noteSource`, the API function, and sometimes a jnp wrapper of it), so look at 4 first
      // and at 32 only when they are all jaxplay's.
      for (const limit of [4, 32]) {
        Error.stackTraceLimit = limit;
        const holder = {};
        Error.captureStackTrace(holder, userLocation);
        const frames = holder.stack;
        if (!Array.isArray(frames)) break;
        for (const frame of frames) {
          const found = located(frame);
          if (found) return found;
        }
        if (frames.length < limit) return undefined;
      }
    } finally {
      [Error.prepareStackTrace, Error.stackTraceLimit] = saved;
    }
  }
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line.trim());
    if (m && !isOwn(m[1])) return `${m[2]}:${m[3]}`;
  }
  return undefined;
}

/**
 * How many trace frames were open when the running host callback was entered: the frames below
 * it belong to the execution that called the host, not to a trace of the host's own code.
 */
let hostFrames = 0;

/** Marks host code as running (see `traceSource`); returns what `leaveHostCode` restores. */
export function enterHostCode() {
  const outer = hostFrames;
  hostFrames = traceFrames.length;
  return outer;
}

export function leaveHostCode(outer) {
  hostFrames = outer;
}

/**
 * `noteSource` while a function is being traced (stack traces are too slow for every op); not
 * for a host callback's own operations, even though a jitted call (with its frame) is running.
 * `entry`: the method the user called, when the caller knows it (see `userLocation`).
 */
export function traceSource(entry = undefined) {
  // Not through `noteSource`: every frame between here and the user's costs `userLocation` time.
  if (traceFrames.length > hostFrames) wasm.setSource(sourceProvider ? sourceProvider() : userLocation(entry));
}
