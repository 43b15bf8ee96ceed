// The checker table (tests/e2e/checker-cases.mjs) through Check's two halves without a browser:
// the observer (www/check/observe.js) on the real engine in Node, the verdict
// (www/check/verdict.js) on its plain-data observations. The page runs the same table in
// tests/e2e/checker.test.mjs; this one is quick to run while working on Check. The observer
// replaces console, clocks and timers of this process, as it does in its worker. Untouched
// starters (decided in the page) and tamper cases (they patch this process) are left to e2e.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { observe } from '../../www/check/observe.js';
import { verdict } from '../../www/check/verdict.js';
import { makePlan } from '../../www/check/plan.js';
import { findExercise } from '../../www/exercises.js';
import { check, OUT } from '../../www/app/messages.js';
import { right, wrong } from '../e2e/checker-cases.mjs';

await init();
const api = { jax, jnp, np, ioCallback };
const plain = (s) => s.replace(/`/g, '');
const show = (list) => list.map((c) => `${c.pass ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.detail)}`).join('\n');

async function judge(id, code) {
  const exercise = findExercise(id);
  const plan = makePlan(exercise);
  const obs = await observe(api, exercise, code, plan, { print: () => {} });
  // What the page accepts as Check's answer (messages.js) must fit every real observation.
  assert.equal(check(structuredClone(obs), OUT.check, 'out'), null);
  return verdict(exercise, obs, plan);
}

for (const [id, label, code] of right) {
  test(`accepted: ${id}, ${label}`, async () => {
    const results = await judge(id, code);
    assert.ok(results.every((c) => c.pass), show(results));
  });
}

for (const [id, kind, label, code, name, message] of wrong) {
  if (code === null || kind === 'tamper') continue;
  test(`rejected (${kind}): ${id}, ${label}`, async () => {
    const results = await judge(id, code);
    const failing = results.filter((c) => !c.pass && name.test(plain(c.name)));
    assert.ok(failing.some((c) => message.test(plain(c.detail))), show(results));
  });
}
