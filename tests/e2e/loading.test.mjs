// What a page loads, and when (README, "Slow links and second visits"): the engine's files
// only once the page's own modules are in, so that on a slow link the editor does not share the
// line with the wasm; Python mode (the
// page's chunk for the editor's lint and completions, and worker-python.js for the sandbox)
// only where Python is used. A JavaScript playground that runs, checks and completes code, and
// a JavaScript widget on a course page, never fetch a line of it; a Python playground does, the
// page's chunk only once its engine has loaded. Python mode is recognised by its text (a
// message only www/python/ has), so a renamed chunk cannot hide it.
import assert from 'node:assert/strict';
import { openPage, useSolution, run, check, checkOutcome, text } from './app.mjs';
import { hostPage, waitWidgets, call } from './widget-host.mjs';
import { browserTest, together, playground, origins } from './fixture.mjs';
import { exercises } from '../../www/exercises.js';

/** Text only Python mode's interpreter has (www/python/interp.js). */
const PYTHON_MODE = 'maximum recursion depth';

/** Every script the pages of `context` fetch: [{ url, python }]. */
function scripts(context) {
  const list = [];
  context.on('response', async (res) => {
    const url = res.url();
    if (!/\.js(?:$|\?)/.test(url)) return;
    const body = await res.text().catch(() => '');
    list.push({ url: url.replace(/^https?:\/\/[^/]+/, ''), python: body.includes(PYTHON_MODE) });
  });
  return list;
}

const PAGES = (widget) => ({
  '/course.html': { html: hostPage(widget, '<jaxplay-exercise id="w" exercise="pure-callback-doubler" language="js"></jaxplay-exercise>') },
});

/**
 * In `frame` (a page or a frame): the page's modules that were asked for before the engine's
 * wasm, and those of them still downloading when it was asked for. Resource Timing, on the
 * frame's own clock.
 */
function beforeEngine(frame) {
  return frame.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    const wasm = entries.find((e) => e.name.endsWith('.wasm'));
    const modules = entries.filter((e) => /\/dist\/(?!worker)[^/]+\.js$/.test(e.name) && e.startTime < wasm.startTime);
    return { modules: modules.length, unfinished: modules.filter((e) => e.responseEnd > wasm.startTime).map((e) => `${e.name}: ${e.responseEnd} ms, wasm at ${wasm.startTime} ms`) };
  });
}

browserTest('the engine downloads after the page', { timeout: 120_000 }, async ({ t, browser, url, host }) => {
  await t.test('the playground asks for the wasm once its modules are in', async () => {
    const { context, page } = await openPage(browser, url);
    const { modules, unfinished } = await beforeEngine(page);
    assert.ok(modules >= 3, `${modules} modules before the wasm`);
    assert.deepEqual(unfinished, []);
    await context.close();
  });

  await t.test('so does a widget on a course page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${host}course.html`);
    await waitWidgets(page, 1);
    const frame = page.frames().find((f) => f.url().includes('widget.html'));
    const { modules, unfinished } = await beforeEngine(frame);
    assert.ok(modules >= 3, `${modules} modules before the wasm`);
    assert.deepEqual(unfinished, []);
    await context.close();
  });
}, together(playground, origins(PAGES)));

browserTest('Python mode loads only where Python is used', { timeout: 180_000 }, async ({ t, browser, url, host }) => {
  await t.test('a JavaScript playground runs, checks and completes without fetching Python mode', async () => {
    const { context, page, errors } = await openPage(browser, url);
    const fetched = scripts(context);
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]');
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    await check(page);
    assert.ok((await checkOutcome(page)).allPass);
    await page.locator('#editor .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\njnp.linalg.sv');
    await page.waitForSelector('.cm-tooltip-autocomplete li:has-text("jnp.linalg.svd")');
    assert.ok(fetched.some((s) => s.url.endsWith('/dist/worker.js')), fetched.map((s) => s.url).join('\n'));
    assert.deepEqual(fetched.filter((s) => s.python || /worker-python/.test(s.url)), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  await t.test('a JavaScript widget on a course page does not fetch Python mode', async () => {
    const context = await browser.newContext();
    const fetched = scripts(context);
    const page = await context.newPage();
    await page.goto(`${host}course.html`);
    assert.deepEqual((await waitWidgets(page, 1)).filter((e) => e.name === 'jaxplay-error'), []);
    await call(page, 'w', 'setCode', exercises[0].solution);
    assert.equal((await call(page, 'w', 'check')).passed, true);
    assert.ok(fetched.some((s) => s.url.endsWith('/dist/worker.js')));
    assert.deepEqual(fetched.filter((s) => s.python || /worker-python/.test(s.url)), []);
    await context.close();
  });

  await t.test('a Python playground fetches it: the worker with it, and the editor\'s chunk after the engine', async () => {
    const context = await browser.newContext();
    const fetched = scripts(context);
    // When the engine said it was ready, on the page's clock.
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.dataset.engine === 'ready') window.engineReadyAt ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-engine'] });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-engine="ready"][data-language="python"]');
    // The editor lints Python with Python mode itself, once the engine has loaded.
    for (let deadline = Date.now() + 20_000; fetched.filter((s) => s.python).length < 2;) {
      assert.ok(Date.now() < deadline, fetched.map((s) => `${s.url} ${s.python}`).join('\n'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const python = fetched.filter((s) => s.python);
    assert.ok(python.some((s) => s.url.endsWith('/dist/worker-python.js')), python.map((s) => s.url).join('\n'));
    const chunk = python.find((s) => !/worker-python/.test(s.url));
    const [asked, ready] = await page.evaluate((name) => [performance.getEntriesByType('resource').find((e) => e.name.endsWith(name)).startTime, window.engineReadyAt], chunk.url);
    assert.ok(asked >= ready, `the editor's Python chunk was asked for at ${asked} ms, the engine was ready at ${ready} ms`);
    await context.close();
  });
}, together(playground, origins(PAGES)));
