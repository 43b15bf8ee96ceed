// jaxplay's Python mode: `python.run(source, { globals, print })` runs a Python module on the
// same engine and JS API as www/jaxplay.js (call jaxplay's `init()` first). The source is
// parsed with @lezer/python (the editor's grammar) into a small AST (python/parse.js) and
// interpreted (python/interp.js); Python functions handed to JAX become JS functions, so the
// engine calls them across the wasm boundary exactly as it calls JS callbacks. Works in
// browsers, workers and Node.

import { parse } from './python/parse.js';
import { Interpreter } from './python/interp.js';
import { makeBuiltins } from './python/builtins.js';
import {
  makeModules, setPrintHandler, setSourceProvider, engineReady, pythonHostOf,
} from './python/jaxlib.js';
import { str, repr, isDict, dictEntries } from './python/runtime.js';
import { PyException, PyModule, pyErr } from './python/types.js';
import {
  toJS, fromJS, fromUserJS, asPyException, setTraceContext,
} from './python/objects.js';
import './python/arrays.js';
import { lint, moduleNames } from './python/lint.js';
import { complete } from './python/complete.js';
import { useEngineApi } from './python/bridge.js';
import { pythonRoots, pythonParts } from './python/state.js';

/** What Check snapshots around a call of the callback host `js` (www/lib/state.js), or null. */
function hostState(js) {
  const f = pythonHostOf(js);
  return f === undefined ? null : { roots: () => pythonRoots(f), parts: pythonParts };
}

/** `Traceback (most recent call last): ...` for an exception, with the learner's lines. */
export function formatTraceback(e, source = '', filename = 'main.py') {
  const lines = source.split('\n');
  const out = [];
  // A host function's own exception (the cause of a JaxRuntimeError) first, as Python chains them.
  if (e.cause instanceof PyException && e.cause !== e) {
    out.push(formatTraceback(e.cause, source, filename), '', 'The above exception was the direct cause of the following exception:', '');
  }
  out.push('Traceback (most recent call last):');
  for (const f of e.pyTraceback ?? []) {
    out.push(`  File "${filename}", line ${f.line}, in ${f.name}`);
    const text = lines[f.line - 1]?.trim();
    if (text) out.push(`    ${text}`);
  }
  if (e.lineno !== undefined && e.type?.name === 'SyntaxError') {
    out.push(`  File "${filename}", line ${e.lineno}`);
    out.push(`    ${e.text.trim()}`);
    const indent = e.text.length - e.text.trimStart().length;
    out.push(`    ${' '.repeat(Math.max(0, e.offset - 1 - indent))}^`);
    out.push(`SyntaxError: ${e.args[0]}`);
    return out.join('\n');
  }
  const qual = e.type.module === 'builtins' ? e.type.name : `${e.type.module}.${e.type.name}`;
  const text = str(e);
  out.push(text ? `${qual}: ${text}` : qual);
  return out.join('\n');
}

/** An engine hint (written for the JS API) in Python's spelling: `jax.lax.stop_gradient`, `vmap_method=`. */
export function pythonHint(hint) {
  return hint
    .replace(/\{ vmapMethod: '(\w+)' \}/g, 'vmap_method="$1"')
    .replace(/'(sequential|expand_dims|broadcast_all|legacy_vectorized|sequential_unrolled)'/g, '"$1"')
    .replace(/\b(jax\.(?:lax\.|debug\.|experimental\.)?)([a-z]+[A-Z][A-Za-z]*)(\(\.\.\.\))?/g,
      (all, ns, name, call) => `${call ? '@' : ''}${ns}${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}${call ? ' with ' : ''}`)
    .replace(/ with \.(defjvp|defvjp)/g, ' and .$1')
    .replace(/\bioCallback\b/g, 'io_callback')
    .replace(/\bpureCallback\b/g, 'pure_callback');
}

/** The Error `python.run` rejects with: `pyType` the Python class name, `message` str(e). */
function runError(e, source, filename) {
  const pe = asPyException(e);
  const err = new Error(str(pe));
  err.name = pe.type.name;
  err.pyType = pe.type.name;
  err.pyModule = pe.type.module;
  err.lineno = pe.lineno ?? pe.pyTraceback.at(-1)?.line;
  err.offset = pe.offset;
  err.traceback = formatTraceback(pe, source, filename);
  err.pyException = pe;
  if (pe.hint) err.hint = pythonHint(pe.hint);
  if (pe.jsError) err.cause = pe.jsError;
  return err;
}

/** Parses only (for lint and the benchmark): the AST, or throws the SyntaxError as `run` would. */
export function compile(source) {
  try {
    return parse(source);
  } catch (e) {
    throw runError(e, source, 'main.py');
  }
}

/**
 * Runs `source` as a module. `globals`: JS values the program sees as names (functions are
 * callable; a list or dict stays the same live object). `print(text)`: receives each printed
 * line (default console.log); `jax.debug.print` output goes there too while the module runs.
 * Resolves to the module's namespace as JS values.
 */
async function run(source, options) {
  return runNow(source, options);
}

/** `run`, synchronously: the namespace, or throws the Error `run` would reject with. */
function runNow(source, { globals = {}, print = (line) => console.log(line), filename = 'main.py' } = {}) {
  if (!engineReady()) throw new Error("python.run needs the engine: call jaxplay's init() first (await init())");
  if (typeof source !== 'string') throw new TypeError(`python.run expects the program as a string, got ${typeof source}`);
  let buffered = '';
  const write = (text) => {
    buffered += text;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      print(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
    }
  };
  const modules = makeModules();
  // Equations, host calls and timeline events point at Python lines (`main.py:12`), also when
  // the program's functions are called from JS after it has finished.
  const sourceOf = () => `${filename}:${interp.currentLine()}`;
  const interp = new Interpreter(makeBuiltins(write), {
    fromJS(call) {
      const outer = setSourceProvider(sourceOf);
      try {
        return call();
      } finally {
        setSourceProvider(outer);
      }
    },
    importModule(name) {
      if (Object.hasOwn(modules, name)) return modules[name];
      throw pyErr('ModuleNotFoundError', `No module named '${name}' (jaxplay's Python has jax, jax.numpy, jax.lax, jax.experimental, numpy, and from the standard library math, functools, itertools, collections, dataclasses, contextlib, operator, typing, time and abc)`);
    },
  });
  interp.module.vars.set('__name__', '__main__');
  for (const [k, v] of Object.entries(globals)) interp.module.vars.set(k, fromUserJS(v));
  const previous = setPrintHandler((text) => write(`${text}\n`));
  const previousSource = setSourceProvider(sourceOf);
  const previousContext = setTraceContext(() => ({ frames: interp.frames.map(({ name, line }) => ({ name, line })), filename }));
  const namespace = () => {
    const ns = {};
    for (const [k, v] of interp.module.vars) {
      if (v instanceof PyModule || k === '__name__') continue;
      ns[k] = toJS(v);
    }
    return ns;
  };
  try {
    const ast = parse(source);
    interp.runModule(ast);
  } catch (e) {
    const err = runError(e, source, filename);
    // What the module had defined when it stopped, as Python leaves it after an exception.
    err.namespace = namespace();
    throw err;
  } finally {
    setSourceProvider(previousSource);
    setTraceContext(previousContext);
    setPrintHandler(previous);
    if (buffered) print(buffered);
  }
  return namespace();
}

/**
 * How Python shows a JS value of the API (an array, a shape), read as the JS API hands values to
 * Python: `show(jnp.array([2, 4]))` is `Array([2, 4], dtype=int32)`, `show([3])` is `(3,)`;
 * `{ str: true }`: what `print` writes instead of the `repr`.
 */
function show(value, { str: asStr = false } = {}) {
  const v = fromJS(value);
  return asStr ? str(v) : repr(v);
}

/**
 * Calls `fn`, a Python function of a namespace `run` resolved to, with no arguments, as the
 * playground calls a program's `main()`, and returns what it returned as Python shows it: its
 * `repr`, but a dict with str keys one `key: value` line per item (str values as they are), as
 * the playground shows what a JS `main()` returns. Throws what the call raises, as `fn()` would.
 */
function callShowing(fn) {
  const f = fn?.pyFunction;
  if (!f) throw new TypeError('python.callShowing expects a Python function of a namespace python.run gave');
  const value = f.interp.fromJS(() => f.call([], null));
  const items = isDict(value) ? [...dictEntries(value)] : [];
  if (items.length === 0 || !items.every(([k]) => typeof k === 'string')) return repr(value);
  return items.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : repr(v)}`).join('\n');
}

/**
 * `run(source, { globals, print, filename })` (`runNow`: the same, synchronously), `useEngineApi(api)` (bridge.js), `toJS(value)` (a Python value as the JS API takes it), `pythonHint(hint)`, `compile(source)` (parse only), `lint(source, { globals })`
 * (diagnostics for the editor), `complete(source, offset)` (its completions), `moduleNames()`, `formatTraceback(e, source)`,
 * `hostState(js)` (what Check snapshots around a call of a Python host), `show(value)` (a JS value as
 * Python shows it), `callShowing(fn)` (a program's `main()`, called, its value as Python shows it).
 */
export const python = {
  run, runNow, useEngineApi, toJS, pythonHint, compile, lint, complete, moduleNames: () => moduleNames(), formatTraceback, hostState, show, callShowing,
};
export { PyException };
export default python;
