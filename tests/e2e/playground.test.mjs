// End-to-end test of the playground page (www/index.html) in Debian's Chromium: the two
// callback exercises run, check, fail when broken, and draw their timeline; the page logs no
// errors. Screenshots go to test-results/ for a person to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser, withServer, collectErrors, RESULTS_DIR } from './browser.mjs';

const VIEWPORT = { width: 1280, height: 900 };
const shot = (page, name) => page.screenshot({ path: path.join(RESULTS_DIR, name), fullPage: true });
const text = async (page, selector) => (await page.textContent(selector)).trim();

async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const response = await page.goto(url);
  assert.equal(response.status(), 200);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page, errors };
}

async function run(page) {
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#result')?.getAttribute('aria-busy') === 'false'
    && !document.querySelector('#run').disabled);
}

async function check(page) {
  await page.click('#check');
  await page.waitForSelector('#check-summary.all-pass, #check-summary.some-fail');
}

async function checkOutcome(page) {
  return {
    summary: await text(page, '#check-summary'),
    passed: await page.locator('#check-list li.pass').count(),
    failed: await page.locator('#check-list li.fail').count(),
    allPass: await page.locator('#check-summary.all-pass').count() === 1,
  };
}

test('playground: both callback exercises run, check, fail when broken and draw a timeline', { timeout: 180_000 }, async (t) => {
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const browser = await launchBrowser();
  try {
    await withServer(async (url) => {
      const { context, page, errors } = await openPage(browser, url);

      await t.test('exercise 1 is loaded by default', async () => {
        assert.equal(await page.title(), 'jaxplay · host callbacks playground');
        const selected = page.locator('[role="tab"][aria-selected="true"]');
        assert.equal(await selected.count(), 1);
        assert.match(await selected.textContent(), /pure_callback doubler/);
        assert.equal(await text(page, '#task-title'), 'pure_callback doubler');
        const code = await page.inputValue('#editor');
        assert.match(code, /function pureCallbackDoubler\(x\)/);
        assert.match(code, /jax\.pureCallback\(/);
        assert.match(code, /np\.asarray\(arr\)/);
        assert.match(await text(page, '#engine-status'), /ready/i);
      });

      await t.test('exercise 1: Run shows result, jaxpr and a host-callback bar', async () => {
        await run(page);
        assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
        assert.equal(await text(page, '#result-shape'), '[3]');
        assert.equal(await text(page, '#result-dtype'), 'float32');
        assert.match(await text(page, '#jaxpr'), /pure_callback\[/);
        assert.match(await text(page, '#jaxpr'), /callback=hostDouble/);
        // The learner's host function appears in the host callbacks lane and the event table.
        const bar = page.locator('.lane-callbacks .tl-item[data-name="hostDouble"]');
        await bar.first().waitFor();
        assert.match(await bar.first().getAttribute('class'), /cb-pure/);
        assert.match(await bar.first().getAttribute('title'), /pure · hostDouble/);
        assert.ok(await page.locator('.lane-execute .tl-span').count() >= 1);
        assert.ok(await page.locator('.lane-compile .tl-span.kind-trace').count() >= 1);
        const rows = await page.locator('#timeline-events tr').allTextContents();
        assert.ok(rows.some((r) => r.includes('callback (pure)') && r.includes('hostDouble')), rows.join('\n'));
        assert.match(await text(page, '#timeline-notice'), /inside the execute bar/);
        await shot(page, 'exercise1.png');
      });

      await t.test('exercise 1: Check passes every test', async () => {
        assert.equal(await page.getAttribute('#check-summary', 'aria-live'), 'polite');
        await check(page);
        const outcome = await checkOutcome(page);
        assert.ok(outcome.allPass, outcome.summary);
        assert.equal(outcome.failed, 0);
        assert.equal(outcome.passed, 4);
        assert.equal(outcome.summary, 'All 4 checks passed.');
        // The empty input never reaches the host: a "skipped" marker in the callback lane.
        assert.equal(await page.locator('.lane-callbacks .tl-instant.status-skipped').count(), 1);
      });

      await t.test('exercise 2: Run shows the ordered io_callback and the token hand-off', async () => {
        await page.click('#tab-io-callback-doubler');
        assert.equal(await page.getAttribute('#tab-io-callback-doubler', 'aria-selected'), 'true');
        assert.equal(await text(page, '#task-title'), 'io_callback doubler, ordered');
        assert.match(await page.inputValue('#editor'), /ioCallback\(doubleOnHost, resultSpec, x, \{ ordered: true \}\)/);
        // Switching exercises starts from a clean slate.
        assert.equal(await page.locator('#timeline-events tr').count(), 0);
        await run(page);
        assert.equal(await text(page, '#result-values'), '[10, 12, 14]');
        assert.equal(await text(page, '#result-dtype'), 'float32');
        const jaxpr = await text(page, '#jaxpr');
        assert.match(jaxpr, /io_callback\[/);
        assert.match(jaxpr, /ordered=True/);
        const io = page.locator('.lane-callbacks .tl-item[data-name="doubleOnHost"]');
        assert.equal(await io.count(), 1);
        assert.match(await io.getAttribute('class'), /cb-io/);
        assert.ok(await page.locator('.lane-token .tl-item.kind-token').count() >= 1);
        assert.match(await page.locator('.lane-token .tl-item').first().getAttribute('title'), /token/);
      });

      await t.test('exercise 2: Check passes every test', async () => {
        await check(page);
        const outcome = await checkOutcome(page);
        assert.ok(outcome.allPass, outcome.summary);
        assert.equal(outcome.passed, 4);
        await shot(page, 'exercise2.png');
      });

      await t.test('broken code: wrong values fail the value checks', async () => {
        const good = await page.inputValue('#editor');
        await page.fill('#editor', good.replace('np.asarray(arr).mul(2)', 'np.asarray(arr).mul(3)'));
        await run(page);
        assert.equal(await text(page, '#result-values'), '[15, 18, 21]');
        await check(page);
        const outcome = await checkOutcome(page);
        assert.equal(outcome.allPass, false);
        // [1,-2,3] and [5,6,7] come out tripled; the empty input and the jaxpr are still right.
        assert.equal(outcome.failed, 2, outcome.summary);
        assert.equal(outcome.summary, '2 of 4 checks failed, 2 passed.');
        const details = await page.locator('#check-list li.fail').allTextContents();
        assert.ok(details.some((d) => d.includes('expected [2, -4, 6]') && d.includes('got [3, -6, 9]')), details.join('\n'));
      });

      await t.test('broken code: a wrong result shape is a plain-words callback error', async () => {
        const good = await page.inputValue('#editor');
        await page.fill('#editor', good.replace('np.asarray(arr).mul(3)', 'np.asarray(arr).mul(2).reshape(3, 1)'));
        await run(page);
        assert.equal(await page.locator('#result-values').count(), 0);
        assert.equal(await text(page, '#result .error-title'), 'A host callback failed');
        const message = await text(page, '#result .error-message');
        assert.match(message, /^CallbackError: /);
        assert.match(message, /doubleOnHost/);
        assert.match(message, /shape/i);
        assert.ok(await page.locator('.lane-callbacks .tl-item.status-error').count() >= 1);
        await check(page);
        const outcome = await checkOutcome(page);
        assert.equal(outcome.allPass, false);
        assert.equal(outcome.failed, 3, outcome.summary);
        assert.match(outcome.summary, /3 of 4 checks failed/);
        await shot(page, 'failing-check.png');
      });

      await t.test('errors and learner text are shown as text, never as markup', async () => {
        await page.fill('#editor', 'function ioCallbackPassthrough(x) {\n  return ioCallback(function evil() { throw new Error("<b id=injected>bold</b>"); }, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true });\n}\n');
        await run(page);
        assert.match(await text(page, '#result .error-message'), /<b id=injected>bold<\/b>/);
        assert.equal(await page.locator('#injected').count(), 0);
        await page.fill('#editor', 'function ioCallbackPassthrough(x) {');
        await run(page);
        assert.equal(await text(page, '#result .error-title'), 'Your code could not be loaded');
        assert.match(await text(page, '#result .error-message'), /^SyntaxError: /);
        await page.fill('#editor', 'const notIt = 1;');
        await run(page);
        assert.match(await text(page, '#result .error-title'), /does not define a function named ioCallbackPassthrough/);
      });

      await t.test('Reset restores the starter and Ctrl+Enter runs it', async () => {
        await page.click('#reset');
        assert.match(await page.inputValue('#editor'), /ordered: true/);
        await page.focus('#editor');
        await page.keyboard.press('Control+Enter');
        await page.waitForSelector('#result-values');
        assert.equal(await text(page, '#result-values'), '[10, 12, 14]');
        // Exercise 1 kept its own code while exercise 2 was open.
        await page.click('#tab-pure-callback-doubler');
        assert.match(await page.inputValue('#editor'), /jax\.pureCallback\(hostDouble/);
      });

      await t.test('the tabs work from the keyboard', async () => {
        await page.focus('#tab-pure-callback-doubler');
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.getAttribute('#tab-io-callback-doubler', 'aria-selected'), 'true');
        assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-io-callback-doubler');
        await page.keyboard.press('Home');
        assert.equal(await page.getAttribute('#tab-pure-callback-doubler', 'aria-selected'), 'true');
      });

      await t.test('Export trace downloads Chrome trace JSON', async () => {
        await run(page);
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
        assert.equal(download.suggestedFilename(), 'jaxplay-trace.json');
        const file = await download.path();
        const trace = JSON.parse(await fs.readFile(file, 'utf8'));
        assert.ok(Array.isArray(trace.traceEvents) && trace.traceEvents.length > 0);
        assert.ok(trace.traceEvents.some((e) => String(e.name).includes('hostDouble')));
      });

      assert.deepEqual(errors, []);
      await context.close();

      await t.test('dark mode renders with the dark palette', async () => {
        const dark = await openPage(browser, url, { colorScheme: 'dark' });
        await run(dark.page);
        assert.equal(await text(dark.page, '#result-values'), '[2, -4, 6]');
        const bg = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const [r, g, b] = bg.match(/\d+/g).map(Number);
        assert.ok(r + g + b < 150, `body background ${bg} is not dark`);
        await shot(dark.page, 'dark.png');
        assert.deepEqual(dark.errors, []);
        await dark.context.close();
      });

      await t.test('a narrow (phone) viewport stacks the layout without overflow', async () => {
        const narrow = await openPage(browser, url, { viewport: { width: 390, height: 844 } });
        await run(narrow.page);
        assert.equal(await text(narrow.page, '#result-values'), '[2, -4, 6]');
        const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
        await shot(narrow.page, 'narrow.png');
        assert.deepEqual(narrow.errors, []);
        await narrow.context.close();
      });
    });
  } finally {
    await browser.close();
  }
});
