// End-to-end test of the playground page (www/index.html) in Debian's Chromium: the two
// callback exercises run (in the engine worker), check, fail when broken, and draw their canvas
// timeline; the page logs no errors. Screenshots go to test-results/ for a person to look at.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { openPage, shot, text, getCode, setCode, run, check, checkOutcome, timelineItems, hoverItem, assertTraceEventFormat, announced, useSolution } from './app.mjs';
import { browserTest } from './fixture.mjs';

browserTest('playground: both callback exercises run, check, fail when broken and draw a timeline', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('exercise 1 is loaded by default, in a CodeMirror editor', async () => {
    assert.equal(await page.title(), 'jaxplay · host callbacks playground');
    const selected = page.locator('[role="tab"][aria-selected="true"]');
    assert.equal(await selected.count(), 1);
    assert.match(await selected.textContent(), /pure_callback doubler/);
    assert.equal(await text(page, '#task-title'), 'pure_callback doubler');
    assert.equal(await page.locator('#editor .cm-editor .cm-content[contenteditable="true"]').count(), 1);
    assert.ok(await page.locator('#editor .cm-lineNumbers .cm-gutterElement').count() >= 10, 'line numbers');
    // It opens on a skeleton with TODOs (exercises.test.mjs covers starters and solutions).
    const code = await getCode(page);
    assert.match(code, /function pureCallbackDoubler\(x\)/);
    assert.match(code, /TODO/);
    // JavaScript is highlighted: keywords get their own styled spans.
    assert.ok(await page.locator('.cm-content span', { hasText: /^function$/ }).count() >= 2);
    assert.match(await text(page, '#engine-status'), /ready/i);
    await useSolution(page);
  });

  await t.test('exercise 1: Run shows result, jaxpr and a host-callback bar', async () => {
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    assert.equal(await text(page, '#result-shape'), '[3]');
    assert.equal(await text(page, '#result-dtype'), 'float32');
    assert.match(await text(page, '#jaxpr'), /pure_callback\[/);
    assert.match(await text(page, '#jaxpr'), /callback=hostDouble/);
    // The learner's host function is a span in the pure-callback lane, inside an execute span.
    const items = await timelineItems(page);
    const bar = items.find((i) => i.name === 'hostDouble');
    assert.ok(bar, JSON.stringify(items));
    assert.equal(bar.lane, 'pure');
    assert.equal(bar.type, 'span');
    assert.equal(bar.callbackKind, 'pure');
    assert.ok(items.some((i) => i.lane === 'execute' && i.type === 'span'));
    assert.ok(items.some((i) => i.lane === 'compile' && i.kind === 'trace'));
    // Hovering it on the canvas shows its details as text.
    assert.match(await hoverItem(page, bar.index), /pure · hostDouble/);
    // The event table fills as the timeline's events arrive, after the canvas: wait for the row.
    const row = (r) => r.includes('callback (pure)') && r.includes('hostDouble');
    await page.waitForFunction(() => [...document.querySelectorAll('#timeline-events tr')].some((r) => r.textContent.includes('callback (pure)') && r.textContent.includes('hostDouble')), null, { timeout: 10000 }).catch(() => {});
    const rows = await page.locator('#timeline-events tr').allTextContents();
    assert.ok(rows.some(row), rows.join('\n') || 'the events table is empty');
    assert.match(await text(page, '#timeline-notice'), /1 pure callback call; each bar sits inside the execute bar/);
    await announced(page, /Run finished: pureCallbackDoubler returned \[2, -4, 6\]/);
    await page.mouse.move(0, 0);
    await shot(page, 'exercise1.png');
  });

  await t.test('exercise 1: Check passes every test (in the worker)', async () => {
    assert.equal(await page.getAttribute('#check-summary', 'aria-live'), 'polite');
    await check(page);
    const outcome = await checkOutcome(page);
    assert.ok(outcome.allPass, outcome.summary);
    assert.equal(outcome.failed, 0);
    assert.equal(outcome.summary, `All ${outcome.passed} checks passed.`);
    // The empty input never reaches the host: one ghost "skipped" item in the pure lane.
    const skipped = (await timelineItems(page)).filter((i) => i.lane === 'pure' && i.status === 'skipped');
    assert.equal(skipped.length, 1);
    assert.ok(skipped[0].ghost);
  });

  await t.test('exercise 2: Run shows the ordered io_callback and the token hand-off', async () => {
    await page.click('#tab-io-callback-doubler');
    assert.equal(await page.getAttribute('#tab-io-callback-doubler', 'aria-selected'), 'true');
    assert.equal(await text(page, '#task-title'), 'io_callback doubler, ordered');
    await useSolution(page);
    assert.match(await getCode(page), /ioCallback\(doubleOnHost, resultSpec, x, \{ ordered: true \}\)/);
    // Switching exercises starts from a clean slate.
    assert.equal(await page.locator('#timeline-events tr').count(), 0);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[10, 12, 14]');
    assert.equal(await text(page, '#result-dtype'), 'float32');
    const jaxpr = await text(page, '#jaxpr');
    assert.match(jaxpr, /io_callback\[/);
    assert.match(jaxpr, /ordered=True/);
    const items = await timelineItems(page);
    const io = items.filter((i) => i.name === 'doubleOnHost' && i.kind === 'callback');
    assert.equal(io.length, 1);
    assert.equal(io[0].lane, 'io');
    const tokens = items.filter((i) => i.lane === 'token');
    assert.ok(tokens.length >= 1);
    assert.match(await hoverItem(page, tokens[0].index), /token/);
  });

  await t.test('exercise 2: Check passes every test', async () => {
    await check(page);
    const outcome = await checkOutcome(page);
    assert.ok(outcome.allPass, outcome.summary);
    // Four ordered calls (run of each test + the jaxpr is traced only): tokens hand over in order.
    assert.ok((await timelineItems(page)).filter((i) => i.lane === 'token').length >= 3);
    await page.mouse.move(0, 0);
    await shot(page, 'exercise2.png');
  });

  await t.test('broken code: wrong values fail the value checks', async () => {
    const good = await getCode(page);
    await setCode(page, good.replace('np.asarray(arr).mul(2)', 'np.asarray(arr).mul(3)'));
    await run(page);
    assert.equal(await text(page, '#result-values'), '[15, 18, 21]');
    await check(page);
    const outcome = await checkOutcome(page);
    assert.equal(outcome.allPass, false);
    // The host by itself and the values on generated inputs fail; the program checks pass.
    assert.equal(outcome.failed, 2, outcome.summary);
    assert.match(outcome.summary, /^2 of \d+ checks failed, \d+ passed; \d+ more wait for them\.$/);
    const details = await page.locator('#check-list li.fail').allTextContents();
    assert.ok(details.some((d) => /doubleOnHost.*called on .* returned .*it should return/.test(d)), details.join('\n'));
    assert.ok(details.some((d) => /it returned .*; expected /.test(d)), details.join('\n'));
  });

  await t.test('broken code: a wrong result shape is a plain-words callback error', async () => {
    const good = await getCode(page);
    await setCode(page, good.replace('np.asarray(arr).mul(3)', 'np.asarray(arr).mul(2).reshape(3, 1)'));
    await run(page);
    assert.equal(await page.locator('#result-values').count(), 0);
    assert.equal(await text(page, '#result .error-title'), 'A host callback failed');
    const message = await text(page, '#result .error-message');
    assert.match(message, /^CallbackError: /);
    assert.match(message, /doubleOnHost/);
    assert.match(message, /shape/i);
    assert.ok((await timelineItems(page)).some((i) => i.lane === 'io' && i.error));
    // No learner frame in the stack: the diagnostic goes to the callback's definition.
    assert.deepEqual((await page.evaluate(() => window.__jaxplay.editor.diagnostics())).map((d) => d.line), [2]);
    await check(page);
    const outcome = await checkOutcome(page);
    assert.equal(outcome.allPass, false);
    assert.equal(outcome.failed, 2, outcome.summary);
    assert.match(await text(page, '#check-list'), /Expected: \(3,\), Actual: \(3, 1\)/);
    await shot(page, 'failing-check.png');
  });

  await t.test('errors and learner text are shown as text, never as markup', async () => {
    await setCode(page, 'function ioCallbackPassthrough(x) {\n  return ioCallback(function evil() { throw new Error("<b id=injected>bold</b>"); }, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true });\n}\n');
    await run(page);
    assert.match(await text(page, '#result .error-message'), /<b id=injected>bold<\/b>/);
    assert.equal(await page.locator('#injected').count(), 0);
    assert.equal(await page.locator('.cm-tooltip b, .cm-diagnostic b').count(), 0);
    await setCode(page, 'function ioCallbackPassthrough(x) {');
    await run(page);
    assert.equal(await text(page, '#result .error-title'), 'Your code could not be loaded');
    assert.match(await text(page, '#result .error-message'), /^SyntaxError: /);
    await setCode(page, 'const notIt = 1;');
    await run(page);
    assert.match(await text(page, '#result .error-title'), /does not define a function named ioCallbackPassthrough/);
  });

  await t.test('Reset restores the starter and Ctrl+Enter runs it', async () => {
    await page.click('#reset');
    assert.match(await getCode(page), /TODO: return ioCallback/);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('cm-content')), true);
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('#result .error-title');
    assert.match(await text(page, '#result .error-title'), /did not return a JAX array/);
    // Exercise 1 kept its own code while exercise 2 was open.
    await page.click('#tab-pure-callback-doubler');
    assert.match(await getCode(page), /jax\.pureCallback\(hostDouble/);
  });

  await t.test('the tabs work from the keyboard', async () => {
    await page.focus('#tab-pure-callback-doubler');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#tab-io-callback-doubler', 'aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-io-callback-doubler');
    await page.keyboard.press('Home');
    assert.equal(await page.getAttribute('#tab-pure-callback-doubler', 'aria-selected'), 'true');
  });

  await t.test('Export trace downloads valid Chrome Trace Event JSON', async () => {
    await run(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
    assert.equal(download.suggestedFilename(), 'jaxplay-trace.json');
    const trace = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
    assertTraceEventFormat(trace);
    assert.ok(trace.traceEvents.some((e) => String(e.name).includes('hostDouble')));
  });

  assert.deepEqual(errors, []);
  await context.close();

  await t.test('dark mode renders with the dark palette', async () => {
    const dark = await openPage(browser, url, { colorScheme: 'dark' });
    await useSolution(dark.page);
    await run(dark.page);
    assert.equal(await text(dark.page, '#result-values'), '[2, -4, 6]');
    const bg = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 150, `body background ${bg} is not dark`);
    const editorBg = await dark.page.evaluate(() => getComputedStyle(document.querySelector('.cm-editor')).backgroundColor);
    assert.ok(editorBg.match(/\d+/g).slice(0, 3).map(Number).reduce((a, v) => a + v) < 150, `editor background ${editorBg} is not dark`);
    await shot(dark.page, 'dark.png');
    assert.deepEqual(dark.errors, []);
    await dark.context.close();
  });

  await t.test('a narrow (phone) viewport stacks the layout without overflow', async () => {
    const narrow = await openPage(browser, url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await useSolution(narrow.page);
    await run(narrow.page);
    assert.equal(await text(narrow.page, '#result-values'), '[2, -4, 6]');
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    const canvasWidth = await narrow.page.evaluate(() => document.querySelector('#timeline-canvas').getBoundingClientRect().width);
    assert.ok(canvasWidth > 200 && canvasWidth <= 390, `canvas is ${canvasWidth}px wide`);
    await shot(narrow.page, 'narrow.png');
    assert.deepEqual(narrow.errors, []);
    await narrow.context.close();
  });
});
