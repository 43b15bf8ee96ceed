// The widget's Check is the playground's: the checker table's right solutions pass and its
// tamper cases (learner code attacking the grader) fail with the same check and message,
// through check() on a host page of another origin. Also: a Run that patches the built-ins of
// the widget's engine worker cannot change a later Check (each Check gets a fresh worker), and
// an author's exercise cannot be forged through postMessage either.
import assert from 'node:assert/strict';
import { hostPage, waitWidgets, call } from './widget-host.mjs';
import { right, wrong } from './checker-cases.mjs';
import { findExercise } from '../../www/exercises.js';
import { browserTest, origins } from './fixture.mjs';

const IDS = ['pure-callback-doubler', 'io-callback-doubler', 'grad-through-callback'];
const TRIPLER = { entry: 'tripler', callback: 'pure', tests: [{ input: [1, 2], expected: [3, 6] }] };
const PAGES = (widget) => ({
  '/check.html': {
    html: hostPage(widget, [
      ...IDS.map((id) => `<jaxplay-exercise id="${id}" exercise="${id}" panels="editor,checks"></jaxplay-exercise>`),
      `<jaxplay-exercise id="custom" panels="editor,checks"><script type="application/json">${JSON.stringify(TRIPLER)}</script></jaxplay-exercise>`,
    ].join('\n')),
  },
});
const plain = (s) => s.replace(/`/g, '');
const show = (checks) => checks.map((c) => `${c.ok ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.message)}`).join('\n');

async function check(page, id, code) {
  await call(page, id, 'setCode', code);
  return call(page, id, 'check');
}

browserTest('widget Check: the checker table\'s right and tamper cases, fresh workers, custom exercises', { timeout: 600_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${host}check.html`);
  await waitWidgets(page, IDS.length + 1, { timeout: 120_000 });

  for (const id of IDS) {
    const first = right.find((c) => c[0] === id);
    await t.test(`accepted: ${id}, ${first[1]}`, async () => {
      const verdict = await check(page, id, first[2]);
      assert.equal(verdict.passed, true, show(verdict.checks));
    });
  }

  for (const [id, kind, label, code, name, message] of wrong.filter((c) => c[1] === 'tamper' && c[3] !== null)) {
    await t.test(`rejected (tamper): ${id}, ${label}`, async () => {
      const verdict = await check(page, id, code);
      assert.equal(verdict.passed, false, show(verdict.checks));
      const failing = verdict.checks.filter((c) => !c.ok && name.test(plain(c.name)));
      assert.ok(failing.some((c) => message.test(plain(c.message))), show(verdict.checks));
    });
  }

  await t.test('a Run that patches the worker\'s built-ins does not reach the next Check', async () => {
    const id = 'pure-callback-doubler';
    const solution = findExercise(id).solution;
    const poison = `Array.prototype.map = function () { return []; };\nJSON.stringify = () => '{}';\nself.postMessage = () => {};\n${solution}`;
    await call(page, id, 'setCode', poison);
    await call(page, id, 'run');
    const verdict = await check(page, id, solution);
    assert.equal(verdict.passed, true, show(verdict.checks));
  });

  await t.test('an author\'s exercise: a forged answer through postMessage does not pass', async () => {
    const forged = `const realPost = self.postMessage.bind(self);
self.postMessage = (m) => realPost(m && m.type === 'done' ? { ...m, out: { load: null, runs: [{ out: { values: [3, 6], shape: [2], dtype: 'float32' } }], program: null } } : m);
function tripler(x) { return x; }`;
    const verdict = await check(page, 'custom', forged);
    assert.equal(verdict.passed, false, show(verdict.checks));
    assert.match(verdict.checks.find((c) => /gives \[3, 6\]/.test(c.name)).message, /expected \[3, 6\].*got \[1, 2\]/);
    const good = await check(page, 'custom', 'function h(a) { return np.asarray(a).mul(3); }\nfunction tripler(x) { return jax.pureCallback(h, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }');
    assert.equal(good.passed, true, show(good.checks));
  });
  await context.close();
}, origins(PAGES));
