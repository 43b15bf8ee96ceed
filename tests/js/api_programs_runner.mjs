// Runs a learner-style program of tests/oracle/jax-api-programs.json (callbacks with ordinary
// JAX around them, recorded from JAX 0.10.2 by tests/oracle/generate_api_programs.py) from its
// Python source, verbatim after the recorded prelude, through python.run, and compares it with
// what JAX did: the exception class and message, or the result (values: float32 within a small
// relative tolerance, exact otherwise; shape, dtype, weak_type), host calls, trace-time effects,
// obs, printed output and jaxpr text. Throws an Error saying what differs.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { jax, np } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { desc, json, normalizeJaxpr } from './oracle_encoding.mjs';

const ROOT = new URL('../../', import.meta.url);
export const programs = JSON.parse(await readFile(new URL('tests/oracle/jax-api-programs.json', ROOT), 'utf8'));
await init();

export const programIds = Object.keys(programs.cases);

/**
 * Exception messages jaxplay words differently from JAX on purpose, checked by pattern instead
 * of JAX's text (the class must still match): an unsupported argument says "in jaxplay".
 */
export const MESSAGE_PATTERNS = {
  bad_mean_out_positional: /^The 'out' argument to jnp\.mean is not supported in jaxplay\.$/,
};

/** Floats agree within this relative (and, near zero, absolute) tolerance: float32 rounding. */
const RTOL = 1e-5;
const ATOL = 1e-6;

/** Where two recorded/produced values differ, as `path: what`, or null. */
function differ(got, want, path) {
  if (want === null) return got === null ? null : `${path}: expected None, got ${show(got)}`;
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) return `${path}: expected a list, got ${show(got)}`;
    if (got.length !== want.length) return `${path}: expected ${want.length} items, got ${got.length}`;
    for (let i = 0; i < want.length; i += 1) {
      const d = differ(got[i], want[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof want === 'object') {
    if ('tuple' in want && Object.keys(want).length === 1) return differ(got, want.tuple, path);
    if ('array' in want) return differArray(got, want, path, jax.Array);
    if ('host_array' in want) return differArray(got, { ...want, array: want.host_array }, path, np.ndarray);
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return `${path}: expected a dict, got ${show(got)}`;
    const [gk, wk] = [Object.keys(got).sort(), Object.keys(want).sort()];
    if (gk.join() !== wk.join()) return `${path}: expected keys ${wk}, got ${gk}`;
    for (const k of wk) {
      const d = differ(got[k], want[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  if (typeof want === 'number' && typeof got === 'number') return closeNumber(got, want, false) ? null : `${path}: expected ${want}, got ${got}`;
  return got === want ? null : `${path}: expected ${JSON.stringify(want)}, got ${show(got)}`;
}

function differArray(got, want, path, cls) {
  if (!(got instanceof cls)) return `${path}: expected a ${cls === np.ndarray ? 'NumPy' : 'jax'} array, got ${show(got)}`;
  if (got.shape.join() !== want.shape.join()) return `${path}: shape (${got.shape}) instead of (${want.shape})`;
  if (got.dtype !== want.dtype) return `${path}: dtype ${got.dtype} instead of ${want.dtype}`;
  if ('weak_type' in want && got.weakType !== want.weak_type) return `${path}: weak_type ${got.weakType} instead of ${want.weak_type}`;
  const [g, w] = [[got.tolist()].flat(Infinity), [want.array].flat(Infinity)];
  const float = /float/.test(want.dtype);
  for (let i = 0; i < w.length; i += 1) {
    if (!closeNumber(Number(g[i]), Number(w[i]), !float)) return `${path}: value ${JSON.stringify(got.tolist())} instead of ${JSON.stringify(want.array)}`;
  }
  return null;
}

function closeNumber(a, b, exact) {
  if (Number.isNaN(b)) return Number.isNaN(a);
  if (exact || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= ATOL + RTOL * Math.abs(b);
}

function show(v) {
  if (v instanceof jax.Array || v instanceof np.ndarray) return `${v.constructor.name}(${JSON.stringify(v.tolist())}, ${v.dtype})`;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The last line of JAX's message (a host function's error ends with its own `Type: text`). */
const lastLine = (message) => message.split('\n').at(-1).replace(/^\w+: /, '');

/** A message without its traceback frames (`  File "main.py", line 3, in host`), as recorded. */
const withoutFrames = (message) => message.split('\n').filter((l) => !/^ {2}File "/.test(l)).join('\n');

/** A message in one line: a JaxRuntimeError's is its last (the host's exception), others their first. */
const summary = (message) => (message.startsWith('INTERNAL: CpuCallback error') ? message.split('\n').at(-1) : message.split('\n')[0]);

/**
 * Runs program `id`; throws an Error whose message starts with what went differently:
 * `raised Type: message` when Python mode raised and JAX did not, else the comparison.
 */
export async function runProgram(id) {
  const want = programs.cases[id];
  const source = programs._meta.prelude + want.source;
  let stdout = '';
  let ns = null;
  let error = null;
  try {
    ns = await python.run(source, { globals: { desc }, print: (line) => { stdout += `${line}\n`; } });
  } catch (e) {
    error = e;
  }
  if (want.exception) {
    if (!error) throw new Error(`finished, but JAX raised ${want.exception.type_name}: ${lastLine(want.exception.message)}`);
    if (!error.pyType) throw new Error(`not a Python exception: ${error.stack}`);
    if (error.pyType !== want.exception.type_name || !messageMatches(id, error.message, want.exception.message)) {
      throw new Error(`raised ${error.pyType}: ${summary(error.message)} (JAX: ${want.exception.type_name}: ${lastLine(want.exception.message)})`);
    }
    ns = error.namespace;
  } else {
    if (error) throw new Error(`raised ${error.pyType ?? error.name}: ${summary(error.message)}`);
    const d = differ(ns.out ?? null, want.result, 'out');
    if (d) throw new Error(d);
  }
  const calls = json(ns.calls);
  assert.equal(calls.length, want.num_calls, 'number of host calls');
  const d = differ(calls, want.calls, 'calls');
  if (d) throw new Error(d);
  assert.deepEqual(json(ns.traces), want.traces, 'trace-time side effects');
  assert.deepEqual(json(ns.obs), want.obs, 'obs');
  assert.equal(stdout, want.stdout, 'printed output');
  if (want.jaxpr !== undefined) assert.equal(normalizeJaxpr(ns.jaxpr), normalizeJaxpr(want.jaxpr), 'jaxpr');
}

function messageMatches(id, got, jaxMessage) {
  if (MESSAGE_PATTERNS[id]) return MESSAGE_PATTERNS[id].test(got);
  const text = withoutFrames(got);
  return text === jaxMessage || text === lastLine(jaxMessage) || (!jaxMessage.startsWith('INTERNAL:') && got.split('\n')[0] === jaxMessage.split('\n')[0]);
}
