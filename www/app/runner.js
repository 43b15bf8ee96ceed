// Runs learner code against the engine (inside the engine worker, www/worker.js): builds the
// entrypoint from the editor text, runs it under jax.jit on the sample input and prints its
// jaxpr (Check lives in www/check/). DOM-free: results are plain data the page renders as text.

/** An error with the stage it happened in, so the page can explain it in plain words. */
export class StageError extends Error {
  constructor(stage, cause, extra = {}) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.stage = stage;
    this.cause = cause;
    Object.assign(this, extra);
  }
}

/** The name learner code gets in stack traces (`//# sourceURL`), so its frames can be found. */
export const LEARNER_FILE = 'learner.js';
/** Names learner code has in scope (the API; programs also get `showJaxpr`). */
export const SCOPE = ['jax', 'jnp', 'np', 'ioCallback'];
// The wrapper puts one line before the learner's first line.
const LINE_OFFSET = 1;

import { jsParts } from '../lib/state.js';

// Learner code in another language (Python, app/python-loader.js): loader(code, name, scope)
// returns the function `name` the code defines, and loader.respell(hint) words a hint in that
// language; null for JavaScript. Set per request.
let loader = null;
export function useLoader(l) {
  loader = l;
}
export const currentLoader = () => loader;

// Check reads the top-level variables of JS learner code (a counter a pure host bumps): the
// evaluation hands a reader to a function whose name is random per evaluation, so learner code
// can neither call it nor find it (not in `arguments`); a top-level `return` skips it (null).
// Reading them happens after learner code ran (it may have replaced built-ins): with references
// taken here, and names listed before it runs.
const randomBytes = crypto.getRandomValues.bind(crypto);
const realEval = globalThis.eval;
const ownDescriptor = Object.getOwnPropertyDescriptor;
const NOT_VARIABLES = new Set(['arguments', 'eval', 'this', 'null', 'true', 'false', 'undefined', 'NaN', 'Infinity']);
let topLevel = null;

/**
 * Evaluates learner source text with `scope` ({ name: value }) in scope and returns the value
 * of `name` it defines (or undefined). The text is evaluated as a script named learner.js, so
 * stack frames point at its lines. Throws StageError('code') for syntax/top-level errors.
 */
export function evaluate(code, name, scope) {
  topLevel = null;
  if (loader) {
    try {
      return loader(code, name, scope);
    } catch (err) {
      throw new StageError('code', err);
    }
  }
  const names = Object.keys(scope);
  const register = `register_${Array.from(randomBytes(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  let factory;
  try {
    // Indirect eval: global scope, and line numbers are exact (one wrapper line before).
    factory = (0, eval)(`(function (${register}) { return function (${names.join(', ')}) { "use strict";\n${code}\n;${register}((${register}) => eval(${register}));return typeof ${name} === "function" ? ${name} : undefined;\n}; })\n//# sourceURL=${LEARNER_FILE}`);
  } catch (err) {
    throw new StageError('code', err);
  }
  try {
    // Every name the code mentions (in strings and comments too: those are simply not variables).
    const mentioned = [...new Set(code.match(/[A-Za-z_$][\w$]*/g))].filter((n) => !NOT_VARIABLES.has(n) && !names.includes(n));
    const given = Object.values(scope);
    return factory((read) => { topLevel = { read, mentioned, given }; })(...names.map((n) => scope[n]));
  } catch (err) {
    throw new StageError('code', err);
  }
}

/**
 * The top-level variables of the JS code evaluated last, as roots for a state snapshot
 * (lib/state.js): every name the code mentions that is a variable of its own (not the API
 * it was given, not a global), read through the evaluation's reader. Null if there is no reader
 * (a top-level `return`, or `eval` replaced so the reader would not read the code's scope).
 */
export function topLevelRoots() {
  if (!topLevel || globalThis.eval !== realEval) return null;
  const { read, mentioned, given } = topLevel;
  const roots = [];
  for (let i = 0; i < mentioned.length; i++) {
    const n = mentioned[i];
    let value;
    try {
      value = read(n);
    } catch {
      continue; // not a variable (a property name, a keyword), or not initialised
    }
    const global = ownDescriptor(globalThis, n);
    let api = false;
    for (let k = 0; k < given.length; k++) if (given[k] === value) api = true;
    if (!api && !(global && 'value' in global && global.value === value)) roots[roots.length] = { name: n, kind: 'a variable of your code', value };
  }
  return roots;
}

/**
 * What Check snapshots (lib/state.js) around a call of `host`: `{ roots, parts }`, the roots of
 * the state the host can see (Python: its defaults, enclosing variables and globals, through
 * the loader; JS: the code's top-level variables) and what a value holds; null when there is
 * no reading them.
 */
export function hostState(host) {
  if (loader) return typeof loader.hostState === 'function' ? loader.hostState(host) : null;
  return topLevel ? { roots: topLevelRoots, parts: jsParts } : null;
}

/**
 * Builds the learner's entrypoint from source text, with `jax, jnp, np, ioCallback` in scope.
 * Throws StageError('code') for syntax/top-level errors, StageError('entry') if it's missing.
 */
export function buildEntry(code, entryName, api) {
  const fn = evaluate(code, entryName, Object.fromEntries(SCOPE.map((n) => [n, api[n]])));
  if (typeof fn !== 'function') throw new StageError('entry', new Error(`no function named ${entryName}`));
  return fn;
}

const FRAME = new RegExp(`${LEARNER_FILE.replace('.', '\\.')}:(\\d+):(\\d+)`);

/** { line, column } (1-based, in the learner's text) of the innermost learner frame, or null. */
function frameOf(err) {
  const stack = typeof err?.stack === 'string' ? err.stack : '';
  const m = FRAME.exec(stack);
  if (!m) return null;
  const line = Number(m[1]) - LINE_OFFSET;
  return line >= 1 ? { line, column: Number(m[2]) } : null;
}

/** Line (1-based) where `function name`, Python's `def name` or `name =` is defined in `code`, or null. */
function definitionLine(code, name) {
  if (!name || !/^[\w$]+$/.test(name)) return null;
  const re = new RegExp(`(?:function\\s*\\*?\\s*${name.replace(/\$/g, '\\$')}\\b|\\bdef\\s+${name.replace(/\$/g, '\\$')}\\b|\\b${name.replace(/\$/g, '\\$')}\\s*=)`);
  const idx = code.search(re);
  return idx < 0 ? null : code.slice(0, idx).split('\n').length;
}

/**
 * Where in the learner's code an error comes from: the innermost learner frame of the deepest
 * error in its `cause` chain that has one; else, for a callback error, the line defining the
 * callback it names; else null (the page then uses line 1).
 */
export function locateError(err, code) {
  const chain = [];
  for (let e = err, i = 0; e && i < 8; e = e.cause, i++) chain.push(e);
  for (const e of chain.reverse()) {
    // A Python error carries its line itself (main.py:N), or its traceback's innermost line.
    if (Number.isInteger(e.lineno) && e.lineno >= 1) return { line: e.lineno, column: Number.isInteger(e.offset) ? e.offset : null };
    const py = Array.isArray(e.pyTraceback) ? e.pyTraceback[e.pyTraceback.length - 1] : null;
    if (Number.isInteger(py?.line) && py.line >= 1) return { line: py.line, column: null };
    const at = frameOf(e);
    if (at) return at;
  }
  const named = /`([\w$]+)`/.exec(err?.message ?? '');
  const line = named && typeof code === 'string' ? definitionLine(code, named[1]) : null;
  return line ? { line, column: null } : null;
}

function makeInput(api, values, dtype = 'float32') {
  return values.length === 0 ? api.jnp.zeros([0], dtype) : api.jnp.array(values, dtype);
}

/** Shortest decimal that reads back as the same float32 (how NumPy prints float32). */
function shortFloat32(v) {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
  for (let p = 1; p <= 9; p++) {
    const s = Number(v.toPrecision(p));
    if (Math.fround(s) === Math.fround(v)) return String(s);
  }
  return String(v);
}

/** Nested values as `[2, -4, 6]` (or `[[1, 2], [3, 4]]`, or a plain number for 0-d). */
export function formatValues(list, dtype) {
  const one = (v) => {
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    return dtype === 'float32' ? shortFloat32(v) : String(v);
  };
  const walk = (v) => (Array.isArray(v) ? `[${v.map(walk).join(', ')}]` : one(v));
  return walk(list);
}

export const formatShape = (shape) => `[${shape.join(', ')}]`;

/**
 * A result array for the page: its values, shape, dtype and repr as text in the code's language
 * (`[2, -4, 6]` and `[3]` in JS, `[ 2. -4.  6.]` and `(3,)` in Python), and as `data`
 * ({ values: nested lists, shape }) for a widget's host.
 */
function describeValue(api, y) {
  if (!(y instanceof api.jax.Array)) return null;
  const data = { values: y.tolist(), shape: [...y.shape] };
  if (loader?.describe) return { ...loader.describe(y), data };
  return { values: formatValues(y.tolist(), y.dtype), shape: formatShape(y.shape), dtype: y.dtype, repr: String(y), data };
}

function typeName(v) {
  if (loader?.typeName) return loader.typeName(v);
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return 'a plain JS array';
  if (typeof v === 'object') return v.constructor?.name ?? 'an object';
  return `a ${typeof v}`;
}

/** Events logged since `seq` (exclusive) that ended in an error. */
function errorEvents(api, seq) {
  return api.jax.timeline.events().filter((e) => e.seq > seq && e.status === 'error');
}

const lastSeq = (api) => api.jax.timeline.events().at(-1)?.seq ?? -1;

/**
 * Turns an error from a stage into plain data for the page: { title, name, message, hint,
 * line, column }, where line/column (1-based, or null) locate it in the learner's `code`.
 */
export function explainError(err, entryName, code) {
  const cause = err instanceof StageError ? err.cause : err;
  const at = err instanceof StageError && err.stage === 'entry' ? null : locateError(cause, code);
  return { ...describeError(err, entryName), line: at?.line ?? null, column: at?.column ?? null };
}

function describeError(err, entryName) {
  const cause = err instanceof StageError ? err.cause : err;
  const plain = describeStage(err, entryName);
  // Errors with well-known fixes carry them (err.hint): those beat the generic words.
  const hint = typeof cause?.hint === 'string' && cause.hint ? cause.hint : plain.hint;
  // The engine's hints name the JS API; a loader (Python) may respell them.
  return { ...plain, hint: typeof loader?.respell === 'function' ? loader.respell(hint) : hint };
}

function describeStage(err, entryName) {
  const stage = err instanceof StageError ? err.stage : 'run';
  const cause = err instanceof StageError ? err.cause : err;
  const name = cause instanceof Error ? cause.name : 'Error';
  const message = cause instanceof Error ? cause.message : String(cause);
  switch (stage) {
    case 'code':
      return { title: 'Your code could not be loaded', name, message,
        hint: name === 'SyntaxError' ? 'Look for a typo, a missing bracket or an unclosed string.' : 'The error happened while defining your functions, before anything was traced.' };
    case 'entry':
      return { title: `Your code does not define a function named ${entryName}`, name: 'Missing entrypoint',
        message: loader?.defineAdvice ? loader.defineAdvice(entryName) : `Define function ${entryName}(x) { ... } so the page can call it.`, hint: '' };
    case 'program':
      return { title: 'main() stopped with an error', name, message, hint: '' };
    case 'trace':
      return { title: `Tracing ${entryName} failed`, name, message,
        hint: 'This happened while JAX was recording your function with placeholder values (tracers), before any host code ran.' };
    case 'callback':
      return { title: 'A host callback failed', name, message,
        hint: 'The compiled program called your host function; either it threw, or what it returned did not match the declared shape and dtype.' };
    case 'result':
      return { title: `${entryName} did not return a JAX array`, name: 'Unexpected result', message, hint: 'Return the value that the callback gives back, not the ShapeDtypeStruct.' };
    case 'jaxpr':
      return { title: 'Printing the jaxpr failed', name, message, hint: '' };
    default:
      return { title: 'Running the compiled program failed', name, message, hint: '' };
  }
}

/** Classifies an error thrown by a jitted call using the timeline's error events. */
function classify(api, err, seq) {
  if (err instanceof StageError) return err;
  const failed = errorEvents(api, seq);
  if (err?.name === 'CallbackError' || failed.some((e) => e.kind === 'callback')) return new StageError('callback', err);
  if (failed.some((e) => e.kind === 'trace')) return new StageError('trace', err);
  return new StageError('run', err);
}

export function callJitted(api, jitted, x) {
  const seq = lastSeq(api);
  let y;
  try {
    y = jitted(x);
  } catch (err) {
    throw classify(api, err, seq);
  }
  if (!(y instanceof api.jax.Array)) {
    const text = y == null ? '' : loader?.valueText ? loader.valueText(y) : String(y);
    throw new StageError('result', new Error(`it returned ${typeName(y)}${text ? ` (${text.slice(0, 80)})` : ''}`));
  }
  return y;
}

/** What Run and Check call: the entrypoint under jax.jit, or its gradient for a grad exercise. */
function target(api, exercise, entry) {
  return exercise.run === 'grad' ? api.jax.jit(api.jax.grad(entry)) : api.jax.jit(entry);
}

/** How the page names what ran: `pureCallbackDoubler`, or `jax.grad(centeredLoss)`. */
export const runLabel = (exercise) => (exercise.run === 'grad' ? `jax.grad(${exercise.entry})` : exercise.entry);

/**
 * Runs the exercise's entrypoint under jax.jit on the sample input (its gradient, for a grad
 * exercise), then prints the entrypoint's jaxpr (also with each equation's source line). `pause()` is awaited between steps (a hook;
 * the worker streams events without it). Resolves to { label, input, result, error, jaxpr,
 * jaxprLayout, jaxprError } (plain data).
 */
export async function runSample(api, exercise, code, pause = async () => {}) {
  const out = { label: runLabel(exercise), input: null, result: null, error: null, jaxpr: null, jaxprLayout: null, jaxprError: null };
  let entry;
  try {
    entry = buildEntry(code, exercise.entry, api);
  } catch (err) {
    out.error = explainError(err, exercise.entry, code);
    return out;
  }
  const x = makeInput(api, exercise.sample.values, exercise.sample.dtype);
  out.input = describeValue(api, x);
  await pause();
  try {
    out.result = describeValue(api, callJitted(api, target(api, exercise, entry), x));
  } catch (err) {
    out.error = explainError(err, runLabel(exercise), code);
  }
  await pause();
  try {
    const closed = api.jax.makeJaxpr(entry)(x);
    out.jaxpr = closed.toString();
    // The same text as runs, each equation with its source (the page links it to the code).
    out.jaxprLayout = closed.layout ?? null;
  } catch (err) {
    out.jaxprError = explainError(new StageError('jaxpr', err), exercise.entry, code);
  }
  return out;
}
