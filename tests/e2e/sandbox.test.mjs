// The engine runs learner code in a Web Worker: output and timeline events stream to the page
// while code runs, a runaway loop is stopped by the watchdog (worker recreated, code kept), and
// errors are marked in the editor at the line they came from.
import assert from 'node:assert/strict';
import { openPage, waitReady, shot, text, getCode, setCode, typeCode, run, lintedLines, announced, useSolution } from './app.mjs';
import { browserTest } from './fixture.mjs';

const LOOP = 'function pureCallbackDoubler(x) { while (true) {} }';

browserTest('sandbox: worker streaming, watchdog, persistence and inline errors', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('learner code runs in a worker: the page has no engine and stays responsive', async () => {
    assert.equal(await page.evaluate(() => typeof window.jax), 'undefined');
    // One warm worker waits for the first request.
    assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), 1);
    // Printed output and timeline events arrive while a slow host callback is still running.
    await setCode(page, [
      'function hostSlow(arr) {',
      '  console.log("host started");',
      '  const t = Date.now(); while (Date.now() - t < 1500) {}',
      '  return np.asarray(arr).mul(2);',
      '}',
      'function pureCallbackDoubler(x) {',
      '  jax.debug.print("traced with {}", x);',
      '  return jax.pureCallback(hostSlow, jax.ShapeDtypeStruct(x.shape, x.dtype), x);',
      '}',
    ].join('\n'));
    await page.click('#run');
    await page.waitForFunction(() => document.querySelector('#print-output').textContent.includes('host started'), null, { timeout: 1400 });
    assert.equal(await page.isDisabled('#run'), true, 'the run is still going');
    const open = await page.evaluate(() => window.__jaxplay.timeline.model.openItems().map((i) => i.ev.name));
    assert.ok(open.includes('hostSlow'), `open spans while running: ${open}`);
    // The page's own thread is free: it answers at once while the worker is busy.
    const t0 = Date.now();
    await page.evaluate(() => 1 + 1);
    assert.ok(Date.now() - t0 < 500);
    await page.waitForSelector('#result-values');
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    const output = await text(page, '#print-output');
    assert.match(output, /host started/);
    assert.match(output, /traced with \[ 1\. -2\.  3\.\]/);
  });

  await t.test('watchdog: while(true){} is stopped, the worker is recreated, the next run works', async () => {
    await typeCode(page, LOOP);
    assert.equal(await getCode(page), LOOP);
    const before = await page.evaluate(() => window.__jaxplay.engine.workersStarted());
    const started = Date.now();
    await page.click('#run');
    await page.waitForSelector('#watchdog-message', { timeout: 15_000 });
    const took = Date.now() - started;
    console.log(`watchdog: run stopped after ${took} ms`);
    assert.ok(took >= 4500 && took < 10_000, `stopped after ${took} ms`);
    const message = await text(page, '#watchdog-message');
    assert.match(message, /Stopped: your run took longer than 5 seconds/);
    assert.match(message, /endless loop/);
    assert.match(message, /Your code is still in the editor/);
    await announced(page, /Run stopped after 5 seconds/);
    await waitReady(page);
    // The stuck worker was terminated; the spare warmed during the run serves the next one.
    assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), before + 1);
    assert.equal(await getCode(page), LOOP, 'the code is kept');
    await shot(page, 'watchdog.png');
    // The fresh worker runs the other exercise's solution.
    await page.click('#tab-io-callback-doubler');
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[10, 12, 14]');
    await page.click('#tab-pure-callback-doubler');
    assert.equal(await getCode(page), LOOP);
  });

  await t.test('what was typed survives a reload', async () => {
    await page.reload();
    await waitReady(page);
    assert.equal(await page.getAttribute('#tab-pure-callback-doubler', 'aria-selected'), 'true');
    assert.equal(await getCode(page), LOOP);
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
  });

  await t.test('an error thrown in a host callback is marked at its line', async () => {
    await setCode(page, [
      '// line 1',
      'function hostDouble(arr) {',
      '  throw new Error("boom on line 3");',
      '}',
      'function pureCallbackDoubler(x) {',
      '  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);',
      '}',
    ].join('\n'));
    await run(page);
    assert.match(await text(page, '#result .error-message'), /boom on line 3/);
    assert.match(await text(page, '#result .error-hint'), /line 3/);
    assert.deepEqual(await lintedLines(page), [3]);
    const diags = await page.evaluate(() => window.__jaxplay.editor.diagnostics());
    assert.equal(diags.length, 1);
    assert.match(diags[0].message, /boom on line 3/);
    assert.equal(await page.locator('.cm-gutter-lint .cm-lint-marker-error').count(), 1);
    // Hovering the underline shows the message as a tooltip.
    await page.locator('.cm-lintRange-error').first().hover();
    await page.waitForSelector('.cm-tooltip-lint');
    assert.match(await text(page, '.cm-tooltip-lint'), /boom on line 3/);
    await shot(page, 'lint.png');
  });

  await t.test('errors in the traced function and top-level code point at their lines too', async () => {
    await setCode(page, 'function pureCallbackDoubler(x) {\n  const y = x.mul(2);\n  return y.notAMethod();\n}\n');
    await run(page);
    assert.match(await text(page, '#result .error-message'), /notAMethod/);
    assert.deepEqual(await lintedLines(page), [3]);
    await setCode(page, 'const a = 1;\n\nnull.boom;\nfunction pureCallbackDoubler(x) { return x; }\n');
    await run(page);
    assert.equal(await text(page, '#result .error-title'), 'Your code could not be loaded');
    assert.deepEqual(await lintedLines(page), [3]);
    // A syntax error's stack has no line: the parser's first error is used.
    await setCode(page, 'function pureCallbackDoubler(x) {\n  return x.mul(2\n}\n');
    await run(page);
    assert.match(await text(page, '#result .error-message'), /^SyntaxError/);
    assert.equal((await page.evaluate(() => window.__jaxplay.editor.diagnostics())).length, 1);
    // No line known at all (the entrypoint is missing): line 1.
    await setCode(page, '// nothing here\nconst x = 1;\n');
    await run(page);
    assert.deepEqual(await lintedLines(page), [1]);
    // Editing and running again clears old marks.
    await useSolution(page);
    await run(page);
    assert.deepEqual(await lintedLines(page), []);
  });

  await t.test('the editor completes the jaxplay API', async () => {
    await setCode(page, '');
    await page.click('.cm-content');
    await page.keyboard.type('jax.pure');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    const options = await page.locator('.cm-tooltip-autocomplete li').allTextContents();
    assert.ok(options.some((o) => o.startsWith('jax.pureCallback')), options.join(' | '));
    // CodeMirror ignores Enter for `interactionDelay` (75 ms) after the list opens, so that a
    // list appearing under a typist's Enter does not swallow it: a quick test's Enter was a newline.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    assert.equal(await getCode(page), 'jax.pureCallback');
    await page.keyboard.type('\njnp.ar');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    const jnp = await page.locator('.cm-tooltip-autocomplete li').allTextContents();
    assert.ok(jnp.some((o) => o.startsWith('jnp.array')) && jnp.some((o) => o.startsWith('jnp.arange')), jnp.join(' | '));
    await page.keyboard.press('Escape');
    // The op functions' completions come from the generated op lists, under JAX's names.
    await page.keyboard.type('\njnp.neg');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    const ops = await page.locator('.cm-tooltip-autocomplete li').allTextContents();
    assert.ok(ops.some((o) => o.startsWith('jnp.negative(x)')), ops.join(' | '));
    await shot(page, 'completions-op.png', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.keyboard.type('\nioCall');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    assert.ok((await page.locator('.cm-tooltip-autocomplete li').allTextContents()).some((o) => o.startsWith('ioCallback')));
    await page.keyboard.press('Escape');
    await page.click('#reset');
  });

  assert.deepEqual(errors, []);
  await context.close();
});
