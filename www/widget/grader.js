// Check for an author's own exercise (www/widget/exercise.js), run in the engine worker: each
// test's input through the learner's entrypoint under jax.jit, compared with the expected values,
// then the traced program must call the host with the callback kind the author asked for
// (`pure_callback`, or `io_callback` with `ordered=True` for "io-ordered"). The built-in
// exercises keep the playground's own Check (www/app/runner.js).

import { buildEntry, explainError, formatValues, formatShape } from '../app/runner.js';
import { traceProgram } from '../app/inspect.js';
import { allEqns } from '../app/jaxpr-parse.js';

const close = (got, want) => got.length === want.length
  && want.every((w, i) => Math.abs(got[i] - w) <= 1e-5 * Math.max(1, Math.abs(w)));

function input(api, values) {
  return values.length === 0 ? api.jnp.zeros([0], 'float32') : api.jnp.array(values, 'float32');
}

function valueTest(api, jitted, test, exercise, code) {
  const want = `${formatValues(test.expected, 'float32')} (shape [${test.expected.length}])`;
  try {
    const y = jitted(input(api, test.input));
    if (!(y instanceof api.jax.Array)) return { name: test.name, pass: false, detail: `expected ${want}, got ${String(y)}: return the callback's result, an array` };
    const values = Array.from(y.toTypedArray(), Number);
    const got = `${formatValues(y.tolist(), y.dtype)} (${y.dtype}, shape ${formatShape(y.shape)})`;
    const pass = y.shape.length === 1 && close(values, test.expected);
    return { name: test.name, pass, detail: pass ? `got ${got}` : `expected ${want}, got ${got}` };
  } catch (err) {
    const e = explainError(err, exercise.entry, code);
    return { name: test.name, pass: false, detail: `expected ${want}, but: ${e.title}: ${e.name}: ${e.message}` };
  }
}

function callbackTest(traced, inspect) {
  const prim = inspect.callback === 'pure' ? 'pure_callback' : 'io_callback';
  const how = inspect.callback === 'pure' ? '`jax.pureCallback`' : inspect.ordered ? '`ioCallback(..., { ordered: true })`' : '`ioCallback`';
  const name = `calls the host through ${how}`;
  if (!traced.jaxpr) return { name, pass: false, detail: `could not trace your function: ${traced.error?.message ?? 'no jaxpr'}` };
  const found = allEqns(traced.jaxpr).map(({ eqn }) => eqn).find((e) => e.prim === prim);
  if (!found) return { name, pass: false, detail: `no \`${prim}\` in the traced program: call your host function with ${how}` };
  if (inspect.ordered && found.params.ordered !== 'True') return { name, pass: false, detail: 'the io_callback has ordered=False: pass `{ ordered: true }` as its last argument' };
  return { name, pass: true, detail: `found ${prim}[callback=${found.params.callback}]` };
}

/** Check of a custom exercise: { results: [{ name, pass, detail }], error, jaxpr }, like runChecks. */
export async function gradeCustom(inst, exercise, code) {
  const { api } = inst;
  let entry;
  try {
    entry = buildEntry(code, exercise.entry, api);
  } catch (err) {
    const e = explainError(err, exercise.entry, code);
    return { error: e, results: exercise.tests.map((t) => ({ name: t.name, pass: false, detail: `not run: ${e.title}` })) };
  }
  const jitted = api.jax.jit(entry);
  const results = exercise.tests.map((t) => valueTest(api, jitted, t, exercise, code));
  const traced = traceProgram(inst, entry, input(api, exercise.tests[0].input));
  results.push(callbackTest(traced, exercise.inspect));
  return { error: null, results, jaxpr: traced.text };
}
