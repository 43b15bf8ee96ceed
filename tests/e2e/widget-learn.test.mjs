// The course pages (www/learn/), built only from www/embed.js: in Python (the course's
// language) unless the reader switches to JavaScript, every widget on each page gets ready, the grad-error page's widgets start from the failing program, axe-core finds no
// serious or critical violations (the page and inside a widget), and screenshots at desktop and
// phone width (320 px) go to test-results/ to be looked at.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { collectErrors } from './browser.mjs';
import { shot } from './app.mjs';
import { widgetFrame, call } from './widget-host.mjs';
import { browserTest } from './fixture.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// Evaluated rather than added as a <script>: the widget frame's CSP refuses inline scripts.
const AXE_SOURCE = fs.readFileSync(AXE, 'utf8');
const PAGES = [
  { path: 'learn/', name: 'index', widgets: 0 },
  { path: 'learn/pure-callback.html', name: 'pure-callback', widgets: 2 },
  { path: 'learn/io-callback.html', name: 'io-callback', widgets: 2 },
  { path: 'learn/grad-error.html', name: 'grad-error', widgets: 3 },
];
const SIZES = [{ label: 'desktop', width: 1280, height: 900 }, { label: 'phone', width: 320, height: 640, isMobile: true, hasTouch: true }];

async function axe(target, label) {
  await target.evaluate(AXE_SOURCE);
  const result = await target.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const summary = result.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  if (summary.length) console.log(`axe ${label}:\n  ${summary.join('\n  ')}`);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** Waits until every <jaxplay-exercise> on the page has fired jaxplay-ready; fails on jaxplay-error. */
async function allReady(page, count) {
  await page.waitForFunction((n) => window.__ready?.size >= n || window.__errors?.length > 0, count, { timeout: 60_000 });
  assert.deepEqual(await page.evaluate(() => window.__errors), []);
}

browserTest('course pages: widgets ready, accessible, readable at desktop and phone width', { timeout: 300_000 }, async ({ t, browser, url }) => {
      for (const size of SIZES) {
        const { label, ...viewport } = size;
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, isMobile: viewport.isMobile, hasTouch: viewport.hasTouch });
        await context.addInitScript(() => {
          window.__ready = new Set();
          window.__errors = [];
          document.addEventListener('jaxplay-ready', (e) => window.__ready.add(e.target));
          document.addEventListener('jaxplay-error', (e) => window.__errors.push(e.detail.message));
        });
        for (const p of PAGES) {
          await t.test(`${p.name} at ${label} width`, async () => {
            const page = await context.newPage();
            const errors = collectErrors(page);
            const response = await page.goto(url + p.path);
            assert.equal(response.status(), 200);
            await allReady(page, p.widgets);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
            assert.deepEqual(await axe(page, `${p.name} ${label}`), []);
            if (p.widgets > 0) {
              const first = await page.evaluate(() => document.querySelector('jaxplay-exercise').id);
              const frame = await widgetFrame(page, first);
              assert.deepEqual(await axe(frame, `${p.name} ${label} widget`), []);
              const inside = await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
              assert.ok(inside <= 0, `no sideways scrolling inside the widget (${inside} px too wide)`);
            }
            if (p.name === 'pure-callback' && label === 'desktop') {
              // The lessons are in Python (the course's language): the live example does what the page says.
              assert.match(await call(page, 'example', 'getCode'), /^def host_clip\(x\):$/m);
              assert.match(await call(page, 'exercise', 'getCode'), /^def pure_callback_doubler\(x\):$/m);
              const clipped = { ok: true, value: { values: [-1, 0.5, 1], shape: [3], dtype: 'float32' } };
              assert.deepEqual(await call(page, 'example', 'run'), clipped);
              assert.equal(await page.locator('pre[data-language="python"]').isVisible(), true);
              assert.equal(await page.locator('pre[data-language="js"]').isVisible(), false);
              // The switch shows the lesson in JavaScript: samples, API names and widgets.
              await page.click('[data-pick-language="js"]');
              assert.equal(await page.locator('pre[data-language="js"]').isVisible(), true);
              assert.equal(await page.locator('pre[data-language="python"]').isVisible(), false);
              assert.match(await page.textContent('main'), /jax\.pureCallback is the way out/);
              assert.match(await call(page, 'example', 'getCode'), /function clipOnHost\(arr\)/);
              assert.match(await call(page, 'exercise', 'getCode'), /function pureCallbackDoubler\(x\)/);
              assert.deepEqual(await call(page, 'example', 'run'), clipped);
              await shot(page, 'learn-pure-callback-js.png', { fullPage: false });
              // Remembered for the next lesson page; back to Python for the rest of this test.
              assert.equal(await page.evaluate(() => localStorage.getItem('jaxplay.learn.language')), 'js');
              await page.click('[data-pick-language="python"]');
              assert.match(await call(page, 'example', 'getCode'), /^def host_clip\(x\):$/m);
            }
            if (p.name === 'io-callback' && label === 'desktop') {
              // The io call runs although its result is unused; as a pure callback it is removed.
              const frame = await widgetFrame(page, 'example');
              assert.equal((await call(page, 'example', 'run')).ok, true);
              assert.match(await frame.textContent('#print-output'), /recorded 6/);
              const code = await call(page, 'example', 'getCode');
              await call(page, 'example', 'setCode', code.replace('io_callback(record, spec, total, ordered=True)', 'jax.pure_callback(record, spec, total)'));
              assert.equal((await call(page, 'example', 'run')).ok, true);
              assert.equal(await frame.textContent('#print-output'), '');
              await call(page, 'example', 'reset');
            }
            if (p.name === 'grad-error' && label === 'desktop') {
              // Each fix starts from the failing program: Run shows JAX's error.
              for (const id of ['fix-stop', 'fix-rule', 'fix-native']) {
                const ran = await call(page, id, 'run');
                assert.equal(ran.ok, false);
                assert.match(ran.error, /Pure callbacks do not support JVP/);
              }
              // One fix, checked: stop_gradient on the callback's input.
              const code = await call(page, 'fix-stop', 'getCode');
              await call(page, 'fix-stop', 'setCode', code.replace('ShapeDtypeStruct((), x.dtype), x)', 'ShapeDtypeStruct((), x.dtype), jax.lax.stop_gradient(x))'));
              const verdict = await call(page, 'fix-stop', 'check');
              assert.equal(verdict.passed, true, JSON.stringify(verdict.checks));
              assert.ok(verdict.checks.some((c) => /stop_gradient/.test(c.message)));
            }
            // Frames render (and size) once on screen: scroll through before the full-page shot.
            for (let y = 0; y < await page.evaluate(() => document.documentElement.scrollHeight); y += viewport.height / 2) {
              await page.evaluate((top) => window.scrollTo(0, top), y);
              await page.waitForTimeout(60);
            }
            await page.waitForTimeout(300);
            await shot(page, `learn-${p.name}-${label}.png`);
            assert.deepEqual(errors, []);
            await page.close();
          });
        }
        await context.close();
      }
});
