// Runs an oracle program from its Python `source`, verbatim, with the oracle's prelude, through
// python.run, and compares it with the JS port's rules (tests/js/oracle.test.mjs): result
// (values, shape, dtype, weak_type), host calls, trace-time effects, obs, printed output, jaxpr
// text, and for errors JAX's Python exception class and message (its traceback frames left
// out, as the oracle records them). Used by
// python_oracle.test.mjs (the tests) and oracle.test.mjs (the Python column of the report).

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { cases } from './oracle_cases.mjs';
import { desc, encode, untuple, json, sortedJson, normalizeJaxpr } from './oracle_encoding.mjs';

const ROOT = new URL('../../', import.meta.url);
const oracle = JSON.parse(await readFile(new URL('tests/oracle/jax-callbacks.json', ROOT), 'utf8'));
await init();

export const oracleIds = Object.keys(oracle.cases);

/**
 * Cases where the JS port overrides the oracle because of JS semantics, and Python mode needs no
 * override: it matches real JAX exactly, so the raw oracle is the expectation.
 */
export const PYTHON_EXACT = {
  pure_python_list_return: 'A returned Python list is a pytree of 3 leaves, as in JAX: JaxRuntimeError "Mismatched number of outputs '
    + 'from callback. Expected: 1, Actual: 3" (the JS port reads a JS array as an array literal).',
  wrong_num_args_to_callback: 'Python checks arity: host() missing 1 required positional argument, raised as JaxRuntimeError as in JAX.',
  err_recover_after_raise: 'type(e).__name__ is JaxRuntimeError, as in JAX (the JS port sees CallbackError).',
};

/** Errors whose message Python mode words differently from JAX (the class matches), and why. */
export const PYTHON_OWN_WORDS = {
  spec_64bit_error_io: 'jaxplay adds the dtype it was given: "... is disabled (got int64)".',
  checkpoint_io_error: 'JAX prints the effect object with its address (<jax._src.callback.IOEffect object at 0x...>); jaxplay names it: [IOEffect].',
};

/** A message without its traceback frames (`  File "main.py", line 3, in host`), as the oracle has them. */
export const withoutFrames = (message) => message.split('\n').filter((l) => !/^ {2}File "/.test(l)).join('\n');

/** Known deviations of Python mode (shared with the JS port), with what is asserted instead. */
export const PYTHON_DEVIATIONS = {
  debug_callback_static_args: 'jaxplay hands every host argument as a host array (np.ndarray), JAX 0.10 a jax.Array '
    + '(same deviation as pure_arg_types in the JS port): n is np.ndarray 7 (int32), not ArrayImpl.',
};

/** Runs case `id` from Python; throws on a mismatch, else returns 'pass' or 'deviation'. */
export async function runPythonCase(id) {
  await runCase(id);
  return PYTHON_DEVIATIONS[id] || (cases[id].deviation && !PYTHON_EXACT[id]) ? 'deviation' : 'pass';
}

/** Why case `id` is a deviation (or passes differently from the JS port) in Python mode. */
export function pythonNote(id) {
  return PYTHON_DEVIATIONS[id] ?? PYTHON_EXACT[id] ?? PYTHON_OWN_WORDS[id] ?? (cases[id].deviation ? `as in JS: ${cases[id].deviation}` : null);
}

async function runCase(id) {
  const c = oracle.cases[id];
  const spec = cases[id];
  const want = id in PYTHON_EXACT ? c : { ...c, ...spec.expect };
  const source = oracle._meta.prelude + c.source;
  let stdout = '';
  let ns = null;
  let error = null;
  try {
    ns = await python.run(source, { globals: { desc }, print: (line) => { stdout += `${line}\n`; } });
  } catch (e) {
    error = e;
  }
  if (want.exception) {
    assert.ok(error, `expected ${want.exception.type_name}, but the program finished`);
    assert.ok(error.pyType, `not a Python exception: ${error.stack}`);
    assert.equal(error.pyType, c.exception.type_name, `exception class (message: ${error.message})`);
    const text = withoutFrames(error.message);
    if (PYTHON_OWN_WORDS[id]) assert.notEqual(text, c.exception.message, 'listed in PYTHON_OWN_WORDS but matches JAX now');
    else assert.equal(text, c.exception.message, 'message, its traceback frames left out');
    // The rest is compared as for a program that finished: what ran before the exception.
    ns = error.namespace;
  } else {
    if (error) throw new Error(`${error.pyType}: ${error.message}\n${error.traceback}`);
    assert.deepEqual(json(encode(ns.out, { hostArrays: true })), untuple(want.result), 'result');
  }
  const calls = json(ns.calls);
  if (!spec.expect?.calls || id in PYTHON_EXACT) assert.equal(calls.length, want.num_calls, 'number of host calls');
  if (id === 'debug_callback_static_args') {
    assert.equal(calls[0].n_type, 'ndarray');
    assert.equal(ns.calls[0].n.tolist(), 7);
    return;
  }
  if (spec.callsOrder === 'unspecified') assert.deepEqual(sortedJson(calls), sortedJson(want.calls), 'host calls (multiset)');
  else assert.deepEqual(calls, want.calls, 'host calls, in order');
  assert.deepEqual(json(ns.traces), want.traces, 'trace-time side effects');
  assert.deepEqual(json(ns.obs), want.obs, 'obs');
  assert.equal(stdout, want.stdout, 'printed output');
  if (want.jaxpr !== undefined) assert.equal(normalizeJaxpr(ns.jaxpr), normalizeJaxpr(want.jaxpr), 'jaxpr');
}

