// A static host that sends no special headers (plain-host.mjs: only Content-Type, as `python3
// -m http.server` or a bucket): the playground and a course page of another origin with a
// widget load, run and pass Check to the end; a file that cannot load is named, with why, within
// seconds. The built site (dist/, scripts/site.mjs) works from the same server.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './browser.mjs';
import { openPage, preferJavaScript, useSolution, run, check, checkOutcome, text, shot, VIEWPORT } from './app.mjs';
import { hostPage, waitWidgets, call } from './widget-host.mjs';
import { withPlainServers } from './plain-host.mjs';
import { browserTest } from './fixture.mjs';
import { buildSite, listFiles } from '../../scripts/site.mjs';
import { exercises } from '../../www/exercises.js';

const WWW = path.join(REPO_ROOT, 'www');
const plain = (specs) => (fn) => withPlainServers(specs, (...servers) => fn({ servers }));

/** The playground at `url`: the first exercise's solution runs and passes Check. */
async function playgroundWorks(browser, url, options = {}) {
  const { context, page, errors } = await openPage(browser, url, options);
  await useSolution(page);
  await run(page);
  assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
  await check(page);
  const outcome = await checkOutcome(page);
  assert.ok(outcome.allPass, JSON.stringify(outcome));
  assert.deepEqual(errors, []);
  return { context, page };
}

/** A course page at `host` with a JavaScript widget from `widget`: it runs and passes Check. */
async function courseWorks(browser, widget, host, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  await page.goto(`${host}course.html`);
  const events = await waitWidgets(page, 1);
  assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);
  await call(page, 'w', 'setCode', exercises[0].solution);
  const ran = await call(page, 'w', 'run');
  assert.equal(ran.ok, true, JSON.stringify(ran));
  assert.deepEqual(ran.value.values, [2, -4, 6]);
  const checked = await call(page, 'w', 'check');
  assert.equal(checked.passed, true, JSON.stringify(checked));
  return { context, page };
}

const coursePage = (widget) => ({
  '/course.html': hostPage(widget, '<h1>A lesson</h1><jaxplay-exercise id="w" exercise="pure-callback-doubler" language="js"></jaxplay-exercise>'),
});

browserTest('a header-less static host: the playground runs and checks', { timeout: 120_000 }, async ({ browser, servers: [site] }) => {
  const { context, page } = await playgroundWorks(browser, site.url);
  await shot(page, 'plain-host-playground.png');
  await context.close();
}, plain([[WWW]]));

browserTest('a header-less static host: a widget on a course page of another origin runs and checks', { timeout: 120_000 }, async ({ browser, servers: [site] }) => {
  await withPlainServers([[coursePage(site.url), { host: 'localhost' }]], async (host) => {
    const { context, page } = await courseWorks(browser, site.url, host.url);
    await shot(page, 'plain-host-course.png');
    await context.close();
  });
}, plain([[WWW]]));

browserTest('the built site (scripts/site.mjs) on a header-less host: playground, lessons and a widget elsewhere; every file is used', { timeout: 180_000 }, async ({ t, browser }) => {
  const outdir = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-site-'));
  try {
    const { files } = await buildSite({ outdir, quiet: true });
    assert.ok(files.every((f) => /^(?:[\w-]+\.html|learn\/[\w-]+\.html|embed\.js|sw\.js|assets\/[\w.-]+-[\w]{8,}\.(?:js|css|wasm))$/.test(f)), files.join('\n'));
    // Without the service worker (tests/e2e/offline.test.mjs has it), which would fetch every
    // file of the site whatever the pages load.
    const noWorker = { serviceWorkers: 'block' };
    await withPlainServers([[outdir]], async (site) => {
      const unused = () => {
        const asked = new Set(site.hits.map((p) => (p.endsWith('/') ? `${p}index.html` : p).slice(1)));
        return files.filter((f) => !asked.has(f) && !/^learn\/.*\.html$/.test(f) && f !== 'sw.js');
      };
      await t.test('the playground runs and checks; completions load the API table', async () => {
        const { context, page } = await playgroundWorks(browser, site.url, noWorker);
        await page.locator('#editor .cm-content').click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type('\njnp.linalg.sv');
        await page.waitForSelector('.cm-tooltip-autocomplete li:has-text("jnp.linalg.svd")');
        await context.close();
      });
      await t.test('a course page of another origin runs and checks its widget', () => withPlainServers([[coursePage(site.url), { host: 'localhost' }]], async (host) => {
        const { context } = await courseWorks(browser, site.url, host.url, noWorker);
        await context.close();
      }));
      await t.test('the lessons load their widgets, in Python', async () => {
        const context = await browser.newContext({ viewport: VIEWPORT, ...noWorker });
        const page = await context.newPage();
        await page.addInitScript(() => {
          window.events = [];
          for (const name of ['jaxplay-ready', 'jaxplay-error']) document.addEventListener(name, (e) => window.events.push({ name, detail: e.detail }));
        });
        await page.goto(`${site.url}learn/pure-callback.html`);
        const count = await page.locator('jaxplay-exercise').count();
        const events = await waitWidgets(page, count);
        assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);
        // The editor's Python lint chunk loads on the linter's first pass (400 ms after the
        // editor opens, later under load): the page stays open until it has come or 20 s pass.
        for (const start = Date.now(); unused().length > 0 && Date.now() - start < 20_000;) await page.waitForTimeout(100);
        await context.close();
      });
      await t.test('every file but the other lessons and the service worker was loaded by these pages: the site has nothing unused', () => {
        assert.deepEqual(unused(), []);
      });
    });
  } finally {
    await fs.rm(outdir, { recursive: true, force: true });
  }
}, (fn) => fn({}));

browserTest('a file that cannot load is named, with why, within seconds', { timeout: 120_000 }, async ({ t, browser }) => {
  const cases = [
    ['/dist/sandbox.js', /The engine sandbox \(sandbox\.html\) did not start: its script http:\/\/127\.0\.0\.1:\d+\/dist\/sandbox\.js answered 404\./],
    ['/pkg/jaxplay_bg.wasm', /The engine could not load: http:\/\/127\.0\.0\.1:\d+\/pkg\/jaxplay_bg\.wasm answered 404 Not Found\./],
    // The JavaScript worker for a learner who chose JavaScript; the Python one for a new visitor.
    ['/dist/worker.js', /The engine could not load: http:\/\/127\.0\.0\.1:\d+\/dist\/worker\.js answered 404 Not Found\./, { js: true }],
    ['/dist/worker-python.js', /The engine could not load: http:\/\/127\.0\.0\.1:\d+\/dist\/worker-python\.js answered 404 Not Found\./],
    ['/sandbox.html', /The engine sandbox \(sandbox\.html\) did not start: http:\/\/127\.0\.0\.1:\d+\/sandbox\.html answered 404\./],
  ];
  for (const [missing, said, { js = false } = {}] of cases) {
    await t.test(`${missing} missing`, () => withPlainServers([[WWW, { missing: [missing] }]], async (site) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      if (js) await preferJavaScript(context);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(site.url);
      await page.waitForSelector('#engine-status.error', { timeout: 10_000 });
      const seconds = (Date.now() - started) / 1000;
      assert.match(await text(page, '#engine-status'), said);
      console.log(`${missing} missing: said after ${seconds.toFixed(1)} s`);
      await context.close();
    }));
  }
  await t.test('a widget whose script is missing: the course page gets a jaxplay-error saying so', () => withPlainServers([[WWW, { missing: ['/dist/widget.js'] }]], (site) => withPlainServers([[coursePage(site.url), { host: 'localhost' }]], async (host) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${host.url}course.html`);
    const started = Date.now();
    const events = await waitWidgets(page, 1, { timeout: 10_000 });
    console.log(`widget script missing: said after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const [error] = events.filter((e) => e.name === 'jaxplay-error');
    assert.match(error?.detail.message ?? '', /the widget frame loaded from http:\/\/127\.0\.0\.1:\d+\/widget\.html but did not start/);
    await context.close();
  })));
  await t.test('embed.js copied alone to the course\'s site: the jaxplay-error says widget.html answered 404', async () => {
    const embed = await fs.readFile(path.join(WWW, 'embed.js'), 'utf8');
    const pages = { '/course.html': hostPage('', '<jaxplay-exercise id="w" exercise="pure-callback-doubler"></jaxplay-exercise>'), '/embed.js': embed };
    await withPlainServers([[pages, { host: 'localhost' }]], async (host) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await page.goto(`${host.url}course.html`);
      const [error] = (await waitWidgets(page, 1, { timeout: 10_000 })).filter((e) => e.name === 'jaxplay-error');
      assert.match(error?.detail.message ?? '', /^the widget frame http:\/\/localhost:\d+\/widget\.html answered 404 Not Found: embed\.js frames the widget\.html beside it/);
      await context.close();
    });
  });
}, (fn) => fn({}));
