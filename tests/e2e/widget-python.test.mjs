// The widget in Python (`language="python"`): each built-in exercise opens on its Python starter
// with the course's names, its Python solution passes Check and wrong Python solutions fail
// with messages in Python's spelling, the jaxpr and the timeline link to Python lines, an
// author's exercise takes its starter for the widget's language (`data-language="python"`),
// and a Python and a JavaScript widget of one exercise keep separate code.
import assert from 'node:assert/strict';
import path from 'node:path';
import { RESULTS_DIR } from './browser.mjs';
import { browserTest, origins } from './fixture.mjs';
import { hostPage, waitWidgets, call, widgetFrame, settledHeight } from './widget-host.mjs';
import { findExercise } from '../../www/exercises.js';
import { inLanguage } from '../../www/exercises-python.js';

const IDS = ['pure-callback-doubler', 'io-callback-doubler', 'grad-through-callback'];
const TRIPLER = { entry: 'tripler', title: 'Triple on the host', callback: 'pure', tests: [{ input: [1, 2], expected: [3, 6] }] };
const PY_STARTER = '# triple on the host\nimport jax\nimport numpy as np\n\n\ndef tripler(x):\n    pass\n';
const PAGES = (widget) => ({
  '/python.html': {
    html: hostPage(widget, [
      ...IDS.map((id) => `<jaxplay-exercise id="${id}" exercise="${id}" language="python"></jaxplay-exercise>`),
      // "Python" capitalised: the attribute is case-insensitive (the Python starter must still be chosen).
      `<jaxplay-exercise id="custom" language="Python" panels="editor,checks">
        <script type="application/json">${JSON.stringify(TRIPLER)}</script>
        <script type="text/plain">function tripler(x) { /* JavaScript */ }</script>
        <script type="text/plain" data-language="python">${PY_STARTER}</script>
      </jaxplay-exercise>`,
      '<jaxplay-exercise id="js-twin" exercise="pure-callback-doubler" panels="editor"></jaxplay-exercise>',
    ].join('\n')),
  },
});
const plain = (s) => s.replace(/`/g, '');
const show = (checks) => checks.map((c) => `${c.ok ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.message)}`).join('\n');
const solution = (id) => inLanguage(findExercise(id), 'python').solution;

// Wrong Python solutions: [exercise, label, change to the solution, failing check's name, its message].
const WRONG = [
  ['pure-callback-doubler', 'triples', (s) => s.replace('np.asarray(arr) * 2', 'np.asarray(arr) * 3'), /host_double/, /should return/],
  ['pure-callback-doubler', 'no callback', () => 'import jax\n\n\ndef pure_callback_doubler(x):\n    return x * 2\n', /pure_callback/, /pure_callback/],
  ['io-callback-doubler', 'unordered', (s) => s.replace(/,\s*ordered=True/, ''), /ordered/, /ordered=True/],
];

async function check(page, id, code) {
  await call(page, id, 'setCode', code);
  return call(page, id, 'check');
}

browserTest('widget in Python: starters, Check, links to Python lines, per-language starters and code', { timeout: 600_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${host}python.html`);
  const events = await waitWidgets(page, IDS.length + 2, { timeout: 120_000 });
  assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);

  await t.test('built-in exercises open on their Python starters, under the course\'s names', async () => {
    for (const id of IDS) {
      const py = inLanguage(findExercise(id), 'python');
      assert.equal(await call(page, id, 'getCode'), py.starter);
      const ready = events.find((e) => e.name === 'jaxplay-ready' && e.id === id);
      assert.equal(ready.detail.exercise.entry, py.entry);
      const frame = await widgetFrame(page, id);
      assert.match(await frame.textContent('#editor-help'), /^Python editor\./);
      assert.doesNotMatch(await frame.textContent('#task-steps'), /pureCallback|ioCallback/);
      // No JavaScript anywhere in what the widget shows (the Output card named console.log).
      assert.doesNotMatch(await frame.evaluate(() => document.body.innerText), /console\.log|\bnull\b|\bundefined\b|shape \[/, id);
    }
  });

  await t.test('the untouched Python starter fails Check and says where to start', async () => {
    const verdict = await call(page, 'pure-callback-doubler', 'check');
    assert.equal(verdict.passed, false);
    assert.match(show(verdict.checks), /line 7|host_double/);
  });

  for (const id of IDS) {
    await t.test(`Check passes the Python solution of ${id}`, async () => {
      const verdict = await check(page, id, solution(id));
      assert.equal(verdict.passed, true, show(verdict.checks));
      assert.doesNotMatch(show(verdict.checks), /pureCallback|ioCallback\(|\{ ordered: true \}/);
    });
  }

  for (const [id, label, change, name, message] of WRONG) {
    await t.test(`Check fails a wrong Python solution: ${id}, ${label}`, async () => {
      const code = change(solution(id));
      assert.notEqual(code, solution(id));
      const verdict = await check(page, id, code);
      assert.equal(verdict.passed, false, show(verdict.checks));
      const failing = verdict.checks.filter((c) => !c.ok);
      assert.ok(failing.some((c) => name.test(plain(c.name)) || message.test(plain(c.message))), show(verdict.checks));
      assert.doesNotMatch(show(verdict.checks), /pureCallback|ioCallback\(|\{ ordered: true \}/);
    });
  }

  await t.test('Run: the jaxpr and the timeline point at Python lines', async () => {
    const id = 'pure-callback-doubler';
    const code = solution(id);
    const frame = await widgetFrame(page, id);
    // The Checks test above left a verdict on a wrong solution in this widget: shown next to new
    // code, it says it is out of date, as on the playground.
    assert.ok(await frame.locator('#check-list li').count() > 0, 'an earlier Check of this widget');
    assert.equal(await frame.locator('#check-stale').isHidden(), true);
    await call(page, id, 'setCode', code);
    assert.equal(await frame.locator('#check-stale').isVisible(), true);
    assert.match(await frame.locator('#check-stale').textContent(), /code changed since this Check/);
    const result = await call(page, id, 'run');
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual(result.value.dtype, 'float32');
    const line = code.split('\n').findIndex((l) => l.includes('return jax.pure_callback')) + 1;
    const eqn = frame.locator('#jaxpr .eqn[data-primitive="pure_callback"]');
    assert.equal(await eqn.getAttribute('data-line'), String(line));
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await eqn.hover();
    await frame.waitForFunction((n) => window.__jaxplay.editor.linkedLine() === n, line);
    const sources = await frame.evaluate(() => window.__jaxplay.timeline.chart.highlighted().map((it) => `${it.ev.name} ${it.ev.source}`));
    assert.deepEqual(sources, [`host_double main.py:${line}`]);
    // The viewport must hold the whole widget: Chromium paints an iframe's content only where
    // it is on screen, so an element screenshot of a taller one shows blank bands.
    const height = await settledHeight(page, id);
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: viewport.width, height: Math.ceil(height) + 80 });
    await settledHeight(page, id);
    await page.locator(`#${id}`).screenshot({ path: path.join(RESULTS_DIR, 'widget-python.png') });
    await page.setViewportSize(viewport);
  });

  await t.test('an author\'s exercise takes the starter written for its language', async () => {
    assert.equal(await call(page, 'custom', 'getCode'), PY_STARTER);
    const bad = await call(page, 'custom', 'check');
    assert.equal(bad.passed, false, show(bad.checks));
    const good = await check(page, 'custom', 'import jax\nimport numpy as np\n\n\ndef host(arr):\n    return np.asarray(arr) * 3\n\n\ndef tripler(x):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n');
    assert.equal(good.passed, true, show(good.checks));
    const wrong = await check(page, 'custom', 'import jax\n\n\ndef tripler(x):\n    return x * 3\n');
    assert.equal(wrong.passed, false, show(wrong.checks));
    assert.match(show(wrong.checks), /jax\.pure_callback/);
  });

  await t.test('a Python and a JavaScript widget of one exercise keep separate code', async () => {
    // A cross-site host: the page keeps each widget's code, by language, across reloads.
    const same = await context.newPage();
    await same.goto(`${host}python.html`);
    await waitWidgets(same, IDS.length + 2, { timeout: 120_000 });
    assert.match(await call(same, 'js-twin', 'getCode'), /function pureCallbackDoubler\(x\)/);
    await call(same, 'pure-callback-doubler', 'setCode', solution('pure-callback-doubler'));
    await call(same, 'js-twin', 'setCode', '// JAVASCRIPT\n');
    await same.reload();
    await waitWidgets(same, IDS.length + 2, { timeout: 120_000 });
    assert.equal(await call(same, 'pure-callback-doubler', 'getCode'), solution('pure-callback-doubler'));
    assert.equal(await call(same, 'js-twin', 'getCode'), '// JAVASCRIPT\n');
    await same.close();
  });

  assert.deepEqual(errors, []);
  await context.close();
}, origins(PAGES));
