// A long course page of another site with eight widgets (built-in, custom, erroring, Python),
// read from the top as a learner does: every widget has its final height before it is first
// scrolled into view (an offscreen cross-origin frame runs no animation frames, so nothing may
// wait for them), no widget changes height when it comes into view, and the document's height
// stays what it was when the page settled. Screenshot: test-results/widget-long-page.png.
import assert from 'node:assert/strict';
import { collectErrors } from './browser.mjs';
import { shot } from './app.mjs';
import { hostPage } from './widget-host.mjs';
import { browserTest, origins } from './fixture.mjs';

const TRIPLER = { entry: 'tripler', title: 'Triple on the host', description: 'Multiply by 3 in a `pureCallback`.', callback: 'pure', tests: [{ input: [1, 2], expected: [3, 6] }] };
const ROWS = {
  entry: 'rowSums', title: 'Row sums on the host', callback: 'io', dtype: 'int32',
  tests: [{ input: [[1, 2], [3, 4]], expected: [3, 7] }, { input: [[5, 6, 7]], expected: [18] }],
  hints: ['Sum along the last axis on the host.', 'Declare the result from `x.shape[0]`.'],
};
const BAD = { entry: 'not a name', callback: 'debugger', tests: [{ input: 'x', expected: [1] }] };
const json = (data) => `<script type="application/json">${JSON.stringify(data)}</script>`;

// What the page holds between widgets: enough prose that each widget starts below the fold.
const PROSE = (n) => Array.from({ length: 6 }, (_, i) => `<p>Section ${n}, paragraph ${i + 1}. ${'A callback hands concrete values to the host and takes its answer back. '.repeat(8)}</p>`).join('\n');

// [id, markup, what it is]
const WIDGETS = [
  ['w1', '<jaxplay-exercise id="w1" exercise="pure-callback-doubler"></jaxplay-exercise>', 'built-in, all panels'],
  ['w2', '<jaxplay-exercise id="w2" exercise="no-such-exercise"></jaxplay-exercise>', 'error: unknown exercise'],
  ['w3', `<jaxplay-exercise id="w3" panels="task,editor,checks">${json(TRIPLER)}</jaxplay-exercise>`, 'custom'],
  ['w4', '<jaxplay-exercise id="w4" exercise="grad-through-callback" language="python"></jaxplay-exercise>', 'built-in, Python'],
  ['w5', `<jaxplay-exercise id="w5">${json(BAD)}</jaxplay-exercise>`, 'error: bad custom exercise'],
  ['w6', `<jaxplay-exercise id="w6">${json(ROWS)}</jaxplay-exercise>`, 'custom, n-d int, hints'],
  ['w7', '<jaxplay-exercise id="w7" exercise="io-callback-doubler" panels="editor,result"></jaxplay-exercise>', 'built-in, two panels'],
  ['w8', '<jaxplay-exercise id="w8" exercise="pure-callback-doubler" language="ruby"></jaxplay-exercise>', 'error: unknown language'],
];

const PAGES = (widget) => ({
  '/long.html': { html: hostPage(widget, `<h1>A long lesson</h1>\n${WIDGETS.map(([, html], i) => `${PROSE(i + 1)}\n${html}`).join('\n')}\n${PROSE(9)}`) },
});

const heights = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('jaxplay-exercise')].map((el) => [el.id, el.getBoundingClientRect().height])));
const docHeight = (page) => page.evaluate(() => document.documentElement.scrollHeight);

/**
 * From the top of the settled page down: each widget's height before it was ever in view and
 * once it has been in view long enough to paint and resize, and the document's height before and
 * after; logged, and asserted equal within 3 px.
 */
async function readThrough(page, label) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(1500);
  const before = await heights(page);
  const total = await docHeight(page);
  const after = {};
  for (const [id] of WIDGETS) {
    await page.evaluate((i) => document.getElementById(i).scrollIntoView({ block: 'start' }), id);
    await page.waitForTimeout(800);
    after[id] = (await heights(page))[id];
  }
  const totalAfter = await docHeight(page);
  const rows = WIDGETS.map(([id, , what]) => `${id} ${what}: ${before[id].toFixed(0)} px before it is seen, ${after[id].toFixed(0)} px after (${(after[id] - before[id]).toFixed(0)})`);
  console.log(`${label}:\n${rows.join('\n')}\ndocument: ${total} px settled, ${totalAfter} px after reading (${totalAfter - total}); sum of jumps ${WIDGETS.reduce((s, [id]) => s + Math.abs(after[id] - before[id]), 0).toFixed(0)} px`);
  for (const [id, , what] of WIDGETS) assert.ok(Math.abs(after[id] - before[id]) <= 3, `${label}: ${id} (${what}) ${before[id]} -> ${after[id]}`);
  assert.ok(Math.abs(totalAfter - total) <= 3, `${label}: document ${total} -> ${totalAfter}`);
  return before;
}

browserTest('widget: a long page of eight widgets keeps its layout while it is read', { timeout: 240_000 }, async ({ browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  // Each element's heights as the host page lays it out, with when (ms after navigation).
  await context.addInitScript(() => {
    window.heightLog = {};
    document.addEventListener('DOMContentLoaded', () => {
      const observer = new ResizeObserver((entries) => {
        for (const e of entries) (window.heightLog[e.target.id] ??= []).push([Math.round(performance.now()), Math.round(e.contentRect.height)]);
      });
      for (const el of document.querySelectorAll('jaxplay-exercise')) observer.observe(el);
    });
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${host}long.html`);
  // Settled: every widget ready or reporting its error.
  await page.waitForFunction((n) => new Set(window.events.filter((e) => e.name === 'jaxplay-ready' || e.name === 'jaxplay-error').map((e) => e.id)).size >= n, WIDGETS.length, { timeout: 120_000 });
  const wide = await readThrough(page, 'at 900 px');
  const log = await page.evaluate(() => window.heightLog);
  console.log(WIDGETS.map(([id]) => `${id}: ${log[id].map(([ms, h]) => `${h} px at ${ms} ms`).join(', ')}`).join('\n'));
  // From the element's first size straight to the widget's: no half-built height in between.
  for (const [id, , what] of WIDGETS) assert.ok(log[id].length <= 2, `${id} (${what}) resized ${log[id].length - 1} times while loading`);
  // Chromium paints a cross-origin frame only where it is on screen: a window as tall as the page.
  await page.setViewportSize({ width: 900, height: await docHeight(page) });
  await page.waitForTimeout(1500);
  await shot(page, 'widget-long-page.png', { fullPage: false });
  await page.setViewportSize({ width: 900, height: 900 });
  // Narrower while the widgets are out of view: each follows before it is seen again.
  await page.setViewportSize({ width: 420, height: 900 });
  const narrow = await readThrough(page, 'at 420 px');
  assert.ok(narrow.w1 > wide.w1 + 50, `narrower is taller: ${wide.w1} -> ${narrow.w1}`);
  assert.deepEqual(errors.filter((e) => !/jaxplay/.test(e)), []);
  await context.close();
}, origins(PAGES));
