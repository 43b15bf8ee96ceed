// Check of a widget author's own exercise through the same two halves as the playground's
// Check, without a browser: the observer (www/check/observe.js) on the real engine in Node, on
// the plan the frame makes (customPlan: the author's test inputs and inputs of shapes no test
// has), and the frame's verdict (www/widget/grader.js) on its plain-data observations. The table
// of exercises and right and wrong solutions is tests/e2e/custom-cases.mjs (JavaScript and Python).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { observe } from '../../www/check/observe.js';
import { useLoader } from '../../www/app/runner.js';
import { pythonLoader } from '../../www/app/python-loader.js';
import { pythonResults } from '../../www/exercises-python.js';
import { customExercise, validateCustom } from '../../www/widget/exercise.js';
import { customPlan, gradeCustom } from '../../www/widget/grader.js';
import { EXERCISES, CASES } from '../e2e/custom-cases.mjs';

await init();
const api = { jax, jnp, np, ioCallback };
const plain = (s) => s.replace(/`/g, '');
const show = (results) => results.map((r) => `${r.pass ? '✓' : '✗'} ${plain(r.name)} — ${plain(r.detail)}${r.folded.length ? ` [folded: ${r.folded.join('; ')}]` : ''}`).join('\n');

async function judge(name, language, code, data = EXERCISES[name]) {
  const exercise = customExercise(data, language);
  const plan = customPlan(exercise);
  if (language === 'python') useLoader(pythonLoader(python));
  try {
    const obs = await observe(api, exercise, code, plan, { print: () => {} });
    // What crosses from the worker is plain data: it survives structured cloning unchanged.
    const results = gradeCustom(exercise, structuredClone(obs), plan);
    return language === 'python' ? pythonResults(results) : results;
  } finally {
    useLoader(null);
    python.useEngineApi(null);
  }
}

for (const [label, name, language, code, failing] of CASES) {
  test(`custom Check: ${name} (${language}), ${label}`, async () => {
    const results = await judge(name, language, code);
    const shown = show(results);
    for (const r of results) assert.deepEqual(Object.keys(r).sort(), ['detail', 'folded', 'line', 'name', 'pass']);
    const failed = results.filter((r) => !r.pass);
    assert.equal(failed.length, failing.length, shown);
    for (const [check, message] of failing) {
      assert.ok(failed.some((r) => check.test(plain(r.name)) && message.test(plain(r.detail))), `${check} with ${message}:\n${shown}`);
    }
  });
}

test('custom Check: every kind has its checks, a pure one its purity', async () => {
  const names = async (name) => (await judge(name, 'js', EXERCISES[name].solution ?? 'function f() {}')).map((r) => plain(r.name));
  const triple = await names('triple');
  assert.deepEqual(triple.slice(0, 2), ['your code loads and defines the function', 'leaves JavaScript\'s built-ins and the engine\'s arrays as they are']);
  assert.ok(triple.some((n) => /is pure/.test(n)) && triple.some((n) => /follows the input's shape/.test(n)), triple.join('\n'));
});

test('custom Check: the plan runs the tests, then shapes no test has, with the tests\' values', () => {
  for (const [name, data] of Object.entries(EXERCISES)) {
    const exercise = customExercise(data);
    const plan = customPlan(exercise);
    assert.equal(plan.tests, data.tests.length);
    assert.deepEqual(plan.values.slice(0, plan.tests).map((v) => v.values), data.tests.map((t) => t.input), name);
    const shapes = new Set(exercise.tests.map((t) => JSON.stringify(t.input.shape)));
    const pool = new Set(exercise.tests.flatMap((t) => t.input.flat));
    for (const extra of plan.values.slice(plan.tests)) {
      assert.ok(!shapes.has(JSON.stringify(extra.shape)), `${name}: ${extra.shape} is new`);
      assert.ok(extra.values.flat(9).every((v) => pool.has(v)), name);
      assert.equal(extra.dtype, data.dtype ?? 'float32');
    }
    assert.equal(plan.values.length > plan.tests, data.callback !== 'debug', `${name}: a debug callback declares nothing`);
    assert.equal(plan.record > 0, data.callback === 'pure');
  }
});

// README, "Exercises of your own": its examples (one per callback kind) and its sample message.
const README = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const OWN = README.slice(README.indexOf('### Exercises of your own'), README.indexOf('**Protocol.**'));
const EXAMPLES = [...OWN.matchAll(/```html\n(<jaxplay-exercise[^>]*>)\n\s*<script type="application\/json">\n([^]*?)<\/script>/g)]
  .map(([, tag, json]) => ({ language: /language="python"/.test(tag) ? 'python' : 'js', data: JSON.parse(json) }));

test('README: an example of each callback kind, valid, whose solution passes Check', async () => {
  assert.deepEqual(EXAMPLES.map((e) => e.data.callback).sort(), ['debug', 'io-ordered', 'pure']);
  for (const { language, data } of EXAMPLES) {
    const results = await judge(null, language, data.solution, data);
    assert.ok(results.every((r) => r.pass), `${data.entry}:\n${show(results)}`);
  }
});

test('README: the sample of every bad field reported at once is what the widget says', () => {
  const [, sample, json] = OWN.match(/```text\n([^]*?)\n```\n\n\(for `([^`]*)`\)/);
  assert.throws(() => validateCustom(JSON.parse(json)), (err) => err.message === sample);
});

test('custom Check: observations the frame cannot read give no pass', () => {
  const exercise = customExercise(EXERCISES.triple);
  const plan = customPlan(exercise);
  const results = gradeCustom(exercise, { load: null, runs: [{ out: { values: 'x' } }], program: null, programError: null, hosts: [], binds: [] }, plan);
  assert.equal(results[0].pass, false, JSON.stringify(results));
  assert.ok(results.filter((r) => r.pass).every((r) => /built-ins/.test(r.name)), JSON.stringify(results));
});
