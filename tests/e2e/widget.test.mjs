// The embeddable widget (www/embed.js + www/widget.html) on a course page of another origin:
// two widgets side by side, a learner typing a solution and checking it, the host receiving the
// verdict, the element's methods, height following content, themes, and configuration errors.
import assert from 'node:assert/strict';
import { collectErrors } from './browser.mjs';
import { shot } from './app.mjs';
import { hostPage, waitWidgets, widgetFrame, call, eventsOf, settledHeight, clickInWidget } from './widget-host.mjs';
import { browserTest, origins } from './fixture.mjs';

const TWO = (widget) => ({
  '/two.html': {
    html: hostPage(widget, `
<h1>Two widgets</h1>
<jaxplay-exercise id="a" exercise="pure-callback-doubler" panels="task,editor,result,checks"></jaxplay-exercise>
<p>Between the widgets.</p>
<jaxplay-exercise id="b" exercise="io-callback-doubler" theme="dark">
  <script type="text/plain">
    // Starter from the author
    function ioCallbackPassthrough(x) {
      return x;
    }
  </script>
</jaxplay-exercise>`),
  },
});

// A wrong solution the learner types first: right callback, wrong factor.
const WRONG = 'function hostDouble(a) { return np.asarray(a).mul(3); }\nfunction pureCallbackDoubler(x) { return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }';

browserTest('widget: the task and editor appear before the engine has loaded', { timeout: 120_000 }, async ({ browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  // Hold the engine's wasm back until the first paint has been seen.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route(/jaxplay_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  const page = await context.newPage();
  await page.goto(`${host}two.html`);
  const frame = await widgetFrame(page, 'a');
  await frame.waitForSelector('.cm-content', { timeout: 30_000 });
  assert.equal(await frame.textContent('#task-title'), 'pure_callback doubler');
  assert.match(await frame.textContent('.cm-content'), /function pureCallbackDoubler/);
  assert.equal(await frame.getAttribute('body', 'data-engine'), 'loading');
  assert.equal(await frame.isDisabled('#run'), true, 'Run waits for the engine');
  assert.deepEqual(await eventsOf(page, 'jaxplay-ready'), []);
  release();
  await waitWidgets(page, 2);
  assert.equal(await frame.isDisabled('#run'), false);
  await context.close();
}, origins(TWO));

browserTest('widget: two widgets on a page of another origin', { timeout: 180_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const started = Date.now();
  await page.goto(`${host}two.html`);
  const events = await waitWidgets(page, 2);
  console.log(`two widgets ready after ${Date.now() - started} ms (wall, cold)`);
  assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);
  const ready = events.filter((e) => e.name === 'jaxplay-ready');
  assert.deepEqual(ready.map((e) => [e.id, e.detail.exercise.id]).sort(), [['a', 'pure-callback-doubler'], ['b', 'io-callback-doubler']]);

  await t.test('the author\'s starter, dedented; the built-in starter otherwise', async () => {
    assert.equal(await call(page, 'b', 'getCode'), '// Starter from the author\nfunction ioCallbackPassthrough(x) {\n  return x;\n}\n');
    assert.match(await call(page, 'a', 'getCode'), /function pureCallbackDoubler\(x\)/);
  });

  await t.test('the built-in starter is the exercise\'s skeleton: Check says where to start', async () => {
    const verdict = await call(page, 'a', 'check');
    assert.equal(verdict.passed, false);
    assert.deepEqual(verdict.checks.map((c) => c.name), ['you have started the exercise']);
    assert.match(verdict.checks[0].message, /\S/);
  });

  await t.test('a learner types a wrong solution, checks, then a right one: the host gets each verdict', async () => {
    const frame = await widgetFrame(page, 'a');
    await clickInWidget(page, 'a', '.cm-content');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    // Typing starts once the deletion has reached the editor, as a person's would.
    await frame.waitForFunction(() => document.activeElement?.classList.contains('cm-content'));
    assert.equal(await call(page, 'a', 'getCode'), '');
    await page.keyboard.type(WRONG);
    await clickInWidget(page, 'a', '#check');
    await page.waitForFunction(() => window.events.filter((e) => e.name === 'jaxplay-check').length === 2);
    let verdict = (await eventsOf(page, 'jaxplay-check', 'a'))[1];
    assert.equal(verdict.detail.passed, false);
    // Judged as on the playground: the host called by itself returns 3 × its input.
    const wrongHost = verdict.detail.checks.find((c) => !c.ok && /hostDouble/.test(c.message));
    assert.ok(wrongHost, JSON.stringify(verdict.detail.checks));
    const [, given, got] = wrongHost.message.match(/called on \[([^\]]*)\] returned \[([^\]]*)\]/);
    assert.deepEqual(got.split(',').map(Number), given.split(',').map((v) => 3 * Number(v)));
    assert.match(await frame.textContent('#check-summary'), /checks failed/);
    // Fix the factor by editing, as a person would.
    await frame.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+End');
    const code = await call(page, 'a', 'getCode');
    assert.equal(code, WRONG);
    await call(page, 'a', 'setCode', WRONG.replace('mul(3)', 'mul(2)'));
    await clickInWidget(page, 'a', '#check');
    await page.waitForFunction(() => window.events.filter((e) => e.name === 'jaxplay-check').length === 3);
    verdict = (await eventsOf(page, 'jaxplay-check', 'a'))[2];
    assert.equal(verdict.detail.passed, true, JSON.stringify(verdict.detail.checks));
    assert.ok(verdict.detail.checks.length >= 5);
    for (const c of verdict.detail.checks) assert.deepEqual(Object.keys(c).sort(), ['message', 'name', 'ok']);
    await shot(page, 'widget-two-checked.png');
  });

  await t.test('methods: run() and check() resolve with details, also for failing code; reset()', async () => {
    const ok = await call(page, 'b', 'run');
    // The author's starter returns x unchanged: it runs, and Check says why it fails.
    assert.deepEqual(ok, { ok: true, value: { values: [5, 6, 7], shape: [3], dtype: 'float32' } });
    await call(page, 'b', 'setCode', 'function ioCallbackPassthrough(x) { return undefinedName; }');
    const bad = await call(page, 'b', 'run');
    assert.equal(bad.ok, false);
    assert.match(bad.error, /undefinedName/);
    const verdict = await call(page, 'b', 'check');
    assert.equal(verdict.passed, false);
    const runs = await eventsOf(page, 'jaxplay-run', 'b');
    assert.equal(runs.length, 2, 'each run() also fires jaxplay-run');
    await call(page, 'b', 'reset');
    assert.match(await call(page, 'b', 'getCode'), /^\/\/ Starter from the author/);
    // Widget A was not touched by any of this.
    assert.equal(await call(page, 'a', 'getCode'), WRONG.replace('mul(3)', 'mul(2)'));
  });

  await t.test('height follows content: no inner scrollbar, and it grows after Run', async () => {
    await call(page, 'b', 'setCode', 'function ioCallbackPassthrough(x) { return x; }');
    await call(page, 'b', 'run');
    const before = await settledHeight(page, 'b');
    await call(page, 'b', 'setCode', 'function ioCallbackPassthrough(x) {\n  for (let i = 0; i < 30; i++) console.log("line", i);\n  return x;\n}');
    await call(page, 'b', 'run');
    const after = await settledHeight(page, 'b');
    assert.ok(after > before + 50, `${before} -> ${after}`);
  });

  await t.test('theme: attribute switch at any time; auto follows the host\'s colour scheme', async () => {
    const frameB = await widgetFrame(page, 'b');
    const bg = (f) => f.evaluate(() => getComputedStyle(document.querySelector('.card')).backgroundColor);
    const themeOf = (f) => f.evaluate(() => document.documentElement.dataset.theme);
    assert.equal(await themeOf(frameB), 'dark');
    const dark = await bg(frameB);
    await page.evaluate(() => document.getElementById('b').setAttribute('theme', 'light'));
    await frameB.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { polling: 50, timeout: 5000 });
    assert.notEqual(await bg(frameB), dark);
    const frameA = await widgetFrame(page, 'a'); // theme auto
    assert.equal(await themeOf(frameA), 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await frameA.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { polling: 50, timeout: 5000 });
    assert.equal(await bg(frameA), dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await frameA.waitForFunction(() => document.documentElement.dataset.theme === 'light', null, { polling: 50, timeout: 5000 });
    // A theme that does not exist: reported, and auto is used.
    await page.evaluate(() => document.getElementById('b').setAttribute('theme', 'blue'));
    await page.waitForFunction(() => window.events.some((e) => e.name === 'jaxplay-error' && e.id === 'b'));
    assert.match((await eventsOf(page, 'jaxplay-error', 'b'))[0].detail.message, /theme: "blue" is not one of light, dark, auto/);
    await page.evaluate(() => document.getElementById('b').setAttribute('theme', 'dark'));
    await frameB.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, { polling: 50, timeout: 5000 });
  });

  await t.test('changing the exercise attribute loads a fresh widget; a call made meanwhile is answered by it', async () => {
    const code = await page.evaluate(async () => {
      const el = document.getElementById('a');
      el.setAttribute('exercise', 'io-callback-doubler');
      return el.getCode();
    });
    assert.match(code, /function ioCallbackPassthrough/);
    await page.waitForFunction(() => window.events.filter((e) => e.name === 'jaxplay-ready' && e.id === 'a').length === 2);
    const [, again] = await eventsOf(page, 'jaxplay-ready', 'a');
    assert.equal(again.detail.exercise.id, 'io-callback-doubler');
  });

  assert.deepEqual(errors, []);
  await context.close();
}, origins(TWO));
