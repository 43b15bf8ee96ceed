// Check for an author's own exercise (www/widget/exercise.js), judged in the widget's frame from
// the plain observations a fresh engine worker sent (www/check/observe.js, the playground's
// observer): each of the author's tests ran through the learner's entry point under jax.jit, and
// the traced program (jaxpr data) must call the host with the callback kind the author asked
// for (`pure_callback`, or `io_callback` with `ordered=True` for "io-ordered"). Learner code
// only ever produces observations; the verdict is computed here. Built-in exercises keep the
// playground's verdict (www/check/verdict.js).

import { formatValues, formatShape } from '../app/runner.js';
import { allEqns } from '../check/verdict.js';

const close = (got, want) => got.length === want.length
  && want.every((w, i) => Math.abs(got[i] - w) <= 1e-5 * Math.max(1, Math.abs(w)));

/** The observer's inputs for a custom exercise: the author's test inputs, no probes or rules. */
export function customPlan(exercise) {
  return { values: exercise.tests.map((t) => [...t.input]), probes: [], rule: [] };
}

const isNumbers = (v) => Array.isArray(v) && v.every((x) => typeof x === 'number');

function valueTest(test, run) {
  const want = `${formatValues(test.expected, 'float32')} (shape [${test.expected.length}])`;
  if (!run) return { name: test.name, pass: false, detail: `expected ${want}, but Check could not observe this test (did your code replace built-in functions?)` };
  if (run.error) {
    const e = run.error;
    return { name: test.name, pass: false, detail: `expected ${want}, but: ${e.title}: ${e.name}: ${e.message}`, line: e.line ?? null };
  }
  const y = run.out;
  if (!y || !isNumbers(y.values) || !isNumbers(y.shape)) return { name: test.name, pass: false, detail: `expected ${want}, got no array: return the callback's result` };
  const got = `${formatValues(y.values, String(y.dtype))} (${String(y.dtype)}, shape ${formatShape(y.shape)})`;
  const pass = y.shape.length === 1 && close(y.values, test.expected);
  return { name: test.name, pass, detail: pass ? `got ${got}` : `expected ${want}, got ${got}` };
}

function callbackTest(obs, inspect) {
  const prim = inspect.callback === 'pure' ? 'pure_callback' : 'io_callback';
  const how = inspect.callback === 'pure' ? '`jax.pureCallback`' : inspect.ordered ? '`ioCallback(..., { ordered: true })`' : '`ioCallback`';
  const name = `calls the host through ${how}`;
  if (!obs.program) return { name, pass: false, detail: `could not trace your function: ${obs.programError?.message ?? 'no jaxpr'}`, line: obs.programError?.line ?? null };
  const found = allEqns(obs.program).map(({ eqn }) => eqn).filter((e) => e.primitive === prim);
  if (!found.length) return { name, pass: false, detail: `no \`${prim}\` in the traced program: call your host function with ${how}` };
  if (inspect.ordered && !found.some((e) => e.params.ordered?.value === true)) {
    return { name, pass: false, detail: 'the io_callback has ordered=False: pass `{ ordered: true }` as its last argument' };
  }
  return { name, pass: true, detail: `found ${prim}[callback=${String(found[0].params.callback?.value ?? '?')}]` };
}

/**
 * The checks of a custom exercise from the observer's answer `obs` on `customPlan(exercise)`:
 * [{ name, pass, detail, line, folded }], one per author's test, then the callback kind.
 */
export function gradeCustom(exercise, obs) {
  const shaped = (r) => ({ name: r.name, pass: r.pass, detail: r.detail, line: r.line ?? null, folded: [] });
  if (obs.load) {
    const e = obs.load;
    return exercise.tests.map((t) => shaped({ name: t.name, pass: false, detail: `not run: ${e.title}: ${e.name}: ${e.message}`, line: e.line })).concat(shaped(callbackTest({ program: null, programError: e }, exercise.inspect)));
  }
  const runs = Array.isArray(obs.runs) ? obs.runs : [];
  return [...exercise.tests.map((t, i) => valueTest(t, runs[i])), callbackTest(obs, exercise.inspect)].map(shaped);
}
