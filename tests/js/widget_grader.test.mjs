// Check of a widget author's own exercise through the same two halves as the playground's
// Check, without a browser: the observer (www/check/observe.js) on the real engine in Node, on
// the author's test inputs (customPlan), and the frame's verdict (www/widget/grader.js) on its
// plain-data observations. A table of right and wrong solutions, each with what must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { observe } from '../../www/check/observe.js';
import { customExercise } from '../../www/widget/exercise.js';
import { customPlan, gradeCustom } from '../../www/widget/grader.js';

await init();
const api = { jax, jnp, np, ioCallback };

const TRIPLE = { entry: 'tripler', callback: 'pure', tests: [{ input: [1, -2, 3], expected: [3, -6, 9] }, { input: [], expected: [], name: 'empty' }] };
const ORDERED = { ...TRIPLE, callback: 'io-ordered' };
const host = (factor) => `function host(a) { return np.asarray(a).mul(${factor}); }\n`;
const pure = (factor) => `${host(factor)}function tripler(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }`;
const io = (factor, opts) => `${host(factor)}function tripler(x) { return ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x${opts}); }`;

// [label, exercise data, code, expected ok of each check (tests..., callback), message of the first failure]
const CASES = [
  ['pure, right', TRIPLE, pure(3), [true, true, true], null],
  ['io-ordered, right', ORDERED, io(3, ', { ordered: true }'), [true, true, true], null],
  ['pure, wrong factor', TRIPLE, pure(2), [false, true, true], /expected \[3, -6, 9\].*got \[2, -4, 6\]/],
  ['native ops, no callback', TRIPLE, 'function tripler(x) { return x.mul(3); }', [true, true, false], /no `pure_callback`/],
  ['io where pure is asked', TRIPLE, io(3, ''), [true, true, false], /no `pure_callback`/],
  ['io unordered where ordered is asked', ORDERED, io(3, ''), [true, true, false], /ordered=False/],
  ['throws at run time', TRIPLE, 'function tripler(x) { return missingName; }', [false, false, false], /missingName/],
  ['does not load', TRIPLE, 'function tripler(x) { return (; }', [false, false, false], /SyntaxError/],
  ['entry missing', TRIPLE, 'function other(x) { return x; }', [false, false, false], /tripler/],
];

for (const [label, data, code, oks, message] of CASES) {
  test(`custom Check: ${label}`, async () => {
    const exercise = customExercise(data);
    const obs = await observe(api, exercise, code, customPlan(exercise), { print: () => {} });
    // What crosses from the worker is plain data: it survives structured cloning unchanged.
    const results = gradeCustom(exercise, structuredClone(obs));
    const shown = JSON.stringify(results, null, 1);
    assert.deepEqual(results.map((r) => r.pass), oks, shown);
    if (message) assert.match(results.find((r) => !r.pass).detail, message, shown);
    for (const r of results) assert.deepEqual(Object.keys(r).sort(), ['detail', 'folded', 'line', 'name', 'pass']);
  });
}

test('custom Check: observations the frame cannot read give no pass', () => {
  const exercise = customExercise(TRIPLE);
  const results = gradeCustom(exercise, { load: null, runs: [{ out: { values: 'x' } }], program: null, programError: null });
  assert.ok(results.every((r) => !r.pass), JSON.stringify(results));
});
