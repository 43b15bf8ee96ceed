// The engine's instance: loading the wasm module, guarding every call into it, and, after a
// fault (a trap, a panic, the stack running out inside the engine, state that cannot be
// restored), replacing it with a fresh one. Other modules read the current instance through the
// live bindings `wasm`, `generation` and `memory`.

import { createGlue } from '../pkg/glue.js';
import { ERROR_NAMES } from './boundary.js';
import { guardNamespace, replaySettings } from './namespace.js';
import { resetViews } from './memory.js';
import { liveBytesView, resetHeap } from './heap.js';

/**
 * The engine's exports, each guarded (see `guarded`). A live binding: after a restart it is the
 * new instance's, so modules that import it reach the new instance.
 */
export let wasm = null;

let ready = null;
/** The instance's wasm memory. */
export let memory = null;
let compiledModule = null;
/** Instances replaced so far; every handle carries the generation it was made in. */
export let generation = 0;
const NODE_FS = 'node:fs/promises';

/**
 * Loads the engine once, from `input` (a compiled module, bytes, a Response or a URL) or, with
 * no argument, from the .wasm beside this package: read from disk in Node, fetched in browsers
 * (bundlers that understand `new URL(..., import.meta.url)` ship the file).
 */
export function init(input) {
  ready ??= (async () => {
    let source = input;
    if (source === undefined && typeof process !== 'undefined' && process.versions?.node) {
      // Named by a variable, so browser bundlers neither resolve nor warn about it.
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
      source = await readFile(new URL('../pkg/jaxplay_bg.wasm', import.meta.url));
    }
    compiledModule = await compile(source ?? new URL('../pkg/jaxplay_bg.wasm', import.meta.url));
    // Each instance has a glue copy of its own (www/pkg/glue.js), so a replacement can be made
    // synchronously when this one breaks (see `settle`).
    const glue = createGlue();
    const exports = await glue.default({ module_or_path: compiledModule });
    adopt(glue, exports, 0);
  })();
  return ready;
}

/**
 * A compiled module from bytes, a Response, a URL or a module. A response served as
 * application/wasm is compiled while it downloads (the type is what compileStreaming requires).
 */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  let s = await source;
  if (typeof s === 'string' || s instanceof URL) s = await fetch(s);
  if (typeof Response !== 'undefined' && s instanceof Response) {
    const wasmType = /^application\/wasm\b/i.test(s.headers.get('Content-Type') ?? '');
    if (wasmType && typeof WebAssembly.compileStreaming === 'function') return WebAssembly.compileStreaming(s);
    s = await s.arrayBuffer();
  }
  return WebAssembly.compile(s);
}

/**
 * Makes `glue` (a wasm-bindgen glue module, initialised with `exports`) the engine, as
 * generation `gen`. What can fail comes first; the assignments after cannot, so a failure
 * leaves the previous engine whole.
 */
function adopt(glue, exports, gen) {
  const guardedGlue = guardNamespace(glue, gen, exports);
  glue.engineInit();
  if (gen > 0) replaySettings(glue);
  const mark = glue.engineStackMark();
  const errorCount = glue.errorCountAddress() / 4;
  memory = exports.memory;
  errorCountIndex = errorCount;
  errorsSeen = 0;
  interrupted = false;
  suspects.length = 0;
  resetViews();
  resetHeap();
  wasm = guardedGlue;
  rawGlue = glue;
  stackPointer = exports.__stack_pointer instanceof WebAssembly.Global ? exports.__stack_pointer : null;
  idleStackPointer = stackPointer?.value ?? 0;
  idleStackMark = mark;
  generation = gen;
}


/** What every use of the engine after a fault that replaced the instance says. */
export const RESTART_MESSAGE = 'the engine hit an internal error and was restarted; arrays made before are no longer valid';
/** The start of a panic's message (`PANIC_PREFIX` in src/facade/health.rs). */
const PANIC_PREFIX = 'jaxplay internal error: ';
/** Engine calls nested deeper than this (callbacks calling jitted functions...) are refused. */
const MAX_ENGINE_DEPTH = 200;

/** Engine calls now running (nested through callbacks and traced functions). */
let depth = 0;
/** An exception crossed an engine call since the last idle moment. */
let faulted = false;
/** The last exception that crossed one, to say what happened if the engine must restart. */
let lastFault = null;
/** Set when the instance trapped or panicked: the message of what happened. */
let brokenBy = null;
/**
 * Set when the stack ran out inside the engine's own frames, which may have stopped it
 * half-way through an update: only a fresh instance is safe then (see `suspects`).
 */
let interrupted = false;
/**
 * Stack errors that crossed an engine call without the engine returning them (it returns a
 * learner's own, raised in their traced function, as is, and counts it): thrown either by the
 * glue's JS before or after the engine ran (harmless), or inside the engine's frames. `settle`
 * tells which from each one's stack trace, which cannot be read where they are caught (with
 * no stack left, any call may fail there).
 */
const suspects = [];
/**
 * Where the engine counts the errors it returned (`ERRORS_RETURNED` in src/facade/health.rs),
 * as an index of 32-bit words, and that count when an exception last crossed an engine call.
 */
let errorCountIndex = 0;
let errorsSeen = 0;
let idleStackMark = 0;
/** The current glue module itself, for calls that must not be guarded. */
export let rawGlue = null;
/** The instance's shadow-stack pointer (exported by .cargo/config.toml) and its idle value. */
let stackPointer = null;
let idleStackPointer = 0;

/**
 * Whether the shadow stack is as at idle, putting its pointer back if frames unwound by a JS
 * exception kept their space (they never ran the code that gives it back).
 */
function restoreStack() {
  if (rawGlue.engineStackMark() === idleStackMark) return true;
  if (stackPointer === null) return false;
  stackPointer.value = idleStackPointer;
  return rawGlue.engineStackMark() === idleStackMark;
}

export function restartError(detail) {
  const err = new Error(detail ? `${RESTART_MESSAGE} (${detail})` : RESTART_MESSAGE);
  err.name = ERROR_NAMES.engine;
  return err;
}

function recursionError() {
  const err = new Error(`engine calls nested more than ${MAX_ENGINE_DEPTH} deep: a host callback or traced function keeps calling back into jaxplay (does a callback call its own jitted function?)`);
  err.name = 'RecursionError';
  return err;
}

const isTrap = (err) => err instanceof WebAssembly.RuntimeError || (err instanceof Error && err.message.startsWith(PANIC_PREFIX));

const MAX_SUSPECTS = 8;

/**
 * Frames `probeStack` makes before a restart: more stack than instantiating and starting an
 * instance takes, so a restart never stops half-way (bench/NOTES.md, "The last trap").
 */
const STACK_PROBE_DEPTH = 1000;
/** Throws a RangeError when fewer than `n` small frames fit on the stack. */
function probeStack(n) {
  return n === 0 ? 0 : probeStack(n - 1) + 1;
}

/**
 * Whether the stack error `err` was thrown inside the engine's wasm frames: a wasm frame above
 * the innermost `guardedCall` in its stack trace (V8: `at wasm://wasm/...:wasm-function[12]`,
 * Firefox and Safari: `wasm-function[12]@...`). A trace that cannot be read, or shows no
 * `guardedCall` among its frames (too deep, or a minifier renamed it), counts as thrown inside:
 * a needless restart at worst, never a missed one.
 */
function ranOutInEngine(err) {
  let text;
  try {
    text = err.stack;
  } catch {
    return true;
  }
  if (typeof text !== 'string') return true;
  const frames = text.split('\n');
  const guard = frames.findIndex((line) => line.includes('guardedCall'));
  if (guard < 0) return true;
  return frames.slice(0, guard).some((line) => line.includes('wasm-function['));
}

/** Firefox's class for "too much recursion"; other engines throw a RangeError. */
const InternalErrorClass = typeof globalThis.InternalError === 'function' ? globalThis.InternalError : RangeError;
const isStackError = (err) => err instanceof RangeError || err instanceof InternalErrorClass;

/**
 * Whether a finalizer may call into instance `gen`: the current one, with no fault unsettled. A
 * replaced or faulted instance may be half-way through an update, and code run there from a
 * finalizer could trap with nothing to catch it, which ends a Node process.
 */
export const finalizerMayCall = (gen) => gen === generation && !faulted && brokenBy === null && !interrupted;

/** Whether an engine call is running (the code running now was called from inside one). */
export const inEngineCall = () => depth > 0;

/** Records `err`, which crossed an engine call or came from a finalizer's, for `settle`. */
export function noteFault(err) {
  if (isTrap(err)) brokenBy ??= err.message;
  faulted = true;
  return err;
}

/**
 * Back outside every engine call after an exception crossed one: no engine frame is live, so
 * the idle state is known. Restores it, or replaces the instance when the engine trapped,
 * panicked, or cannot be restored (a cell left borrowed, stack space lost). Returns the error
 * to report instead of the original, or null.
 */
function settle() {
  try {
    return settleNow();
  } catch (err) {
    // Settling itself failed, most likely for want of stack at the point of the fault: the
    // next outermost engine call settles instead (see `guarded`), and this one reports the
    // fault, unless it was a trap or panic, whose bare words ("unreachable") say nothing: then
    // it says the stack ran out (a RangeError), or, failing that, that the engine restarts.
    faulted = true;
    if (!isTrap(lastFault)) return null;
    return isStackError(err) ? err : restartError();
  }
}

function settleNow() {
  while (suspects.length > 0) {
    const suspect = suspects[suspects.length - 1];
    if (ranOutInEngine(suspect)) {
      interrupted = true;
      // The fault to name: what reached the outermost call may be another error made of it (a
      // host's RangeError, reported as the callback's error).
      if (!isStackError(lastFault)) lastFault = suspect;
    }
    suspects.length -= 1;
  }
  if (brokenBy === null && !interrupted) {
    let healthy;
    try {
      healthy = rawGlue.engineRecover() && restoreStack();
    } catch (err) {
      // Out of stack: try again later. A trap: the instance is gone.
      if (!isTrap(err)) throw err;
      brokenBy = err.message;
    }
    if (healthy) {
      faulted = false;
      lastFault = null;
      return null;
    }
  }
  const detail = brokenBy ?? (isStackError(lastFault)
    ? `the JavaScript stack ran out during an engine call (${lastFault.message}), which can leave the engine half-way through an update`
    : 'its state could not be restored after an exception');
  brokenBy = detail;
  // Starting an instance takes stack: with too little left (the fault was deep in a
  // recursion) this throws a RangeError, and the next outermost engine call restarts instead,
  // rather than make an instance whose start would stop half-way.
  probeStack(STACK_PROBE_DEPTH);
  const glue = createGlue();
  const exports = glue.initSync({ module: compiledModule });
  adopt(glue, exports, generation + 1);
  brokenBy = null;
  faulted = false;
  lastFault = null;
  return restartError(detail);
}

/**
 * An engine export guarded for faults: counts nesting (refusing past `MAX_ENGINE_DEPTH`),
 * notes exceptions that cross it, and once back outside every engine call after one, settles
 * the engine (see `settle`). Fixed parameters (as many as the widest export, `restructure`)
 * rather than rest: this is on every call.
 */
export function guarded(f, gen) {
  return function guardedCall(a, b, c, d, e, g, h, i) {
    // A restart's old instance (kept alive by its objects, such as a LinearMap) is never used.
    if (gen !== generation) throw restartError();
    if (depth === 0 && (brokenBy !== null || faulted)) {
      const err = settle();
      if (err) throw err;
    }
    if (depth >= MAX_ENGINE_DEPTH) throw recursionError();
    depth += 1;
    let result;
    try {
      result = f.call(this, a, b, c, d, e, g, h, i);
    } catch (err) {
      // Plain assignments first: with the stack nearly full (a RangeError is how many faults
      // arrive) any call here may throw again, and the fault must still be on record.
      faulted = true;
      lastFault = err;
      depth -= 1;
      // The engine's count of returned errors, read from memory with no call (heap.js's
      // `liveBytesView` covers it; a detached view reads undefined, taken as "not returned"):
      // see `suspects`.
      const returnedErrors = liveBytesView[errorCountIndex];
      if ((returnedErrors === undefined || returnedErrors === errorsSeen) && (err instanceof RangeError || err instanceof InternalErrorClass)) {
        if (suspects.length < MAX_SUSPECTS) suspects[suspects.length] = err;
        else interrupted = true;
      }
      errorsSeen = returnedErrors;
      noteFault(err);
      if (depth === 0) throw settle() ?? err;
      throw err;
    }
    depth -= 1;
    if (depth === 0 && faulted) {
      const err = settle();
      if (err) throw err;
    }
    return result;
  };
}

/** Bytes of wasm memory the engine's instance has (it only grows). */
export const wasmMemoryBytes = () => memory.buffer.byteLength;

/** The generation handles are made in now (see `restart`). */
export const engineGeneration = () => generation;
