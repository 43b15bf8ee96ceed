// The examples gallery: the picker lists every example (grouped by topic, labelled), loading one
// puts its code in the editor, and EVERY example runs in the real page with its expected
// value, printed output and jaxpr, or exactly its intended error and hint. A few screenshots.
import assert from 'node:assert/strict';
import { openPage, shot, text, getCode, run, announced } from './app.mjs';
import { examples } from '../../www/examples.js';
import { browserTest } from './fixture.mjs';

const SHOTS = { 'vmap-sequential': 'example-vmap.png', 'grad-error': 'example-grad-error.png', 'scan-io': 'example-scan.png' };

browserTest('examples gallery: every example runs in the page as intended', { timeout: 300_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('the Examples tab shows an accessible picker with every example', async () => {
    assert.ok(examples.length >= 12, `${examples.length} examples`);
    await page.click('#tab-examples');
    assert.equal(await page.getAttribute('#tab-examples', 'aria-selected'), 'true');
    assert.equal(await page.isVisible('#example-picker'), true);
    assert.equal(await page.isVisible('#check'), false, 'examples have no Check');
    // A native <select> with a <label>: its accessible name is "Example".
    assert.equal(await page.evaluate(() => document.querySelector('#example-select').labels[0].textContent), 'Example');
    const options = await page.locator('#example-select option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual([...options].sort(), examples.map((e) => e.id).sort());
    assert.ok(await page.locator('#example-select optgroup').count() >= 4, 'grouped by topic');
    assert.equal(new URL(page.url()).hash, `#example:${examples[0].id}`);
    assert.equal(await getCode(page), examples[0].code);
  });

  for (const ex of examples) {
    await t.test(`example “${ex.title}” (${ex.id})`, async () => {
      await page.selectOption('#example-select', ex.id);
      await page.waitForFunction((id) => document.body.dataset.exercise === `example:${id}`, ex.id);
      assert.equal(await getCode(page), ex.code, 'loading puts its code in the editor');
      assert.equal(await text(page, '#task-title'), ex.title);
      await run(page);
      const { expect } = ex;
      if (expect.error) {
        assert.equal(await page.locator('#program-value').count(), 0);
        const message = await text(page, '#result .error-message');
        assert.ok(message.includes(expect.error), `error: ${message}`);
        if (expect.hint) assert.ok((await text(page, '#result .error-hint')).includes(expect.hint));
        await announced(page, /^Run failed: /);
      } else if (expect.main === false) {
        // A program without main() is a script: it runs, with nothing to show but its output.
        assert.equal(await page.locator('#result .error-box').count(), 0, await page.textContent('#result'));
        assert.match(await text(page, '#result'), /^✓ The program ran\. It defines no main\(\)/);
        await announced(page, /^Run finished: the program ran/);
      } else {
        assert.equal(await page.locator('#result .error-box').count(), 0, await page.textContent('#result'));
        const value = await text(page, '#program-value');
        for (const v of expect.value ?? []) assert.ok(value.includes(v), `value lacks ${v}:\n${value}`);
        await announced(page, /^Run finished: main\(\) returned /);
      }
      const lines = await page.locator('#print-output .out-line').allTextContents();
      let at = 0;
      for (const want of expect.output ?? []) {
        const i = lines.findIndex((l, k) => k >= at && l.includes(want));
        assert.ok(i >= 0, `output lacks “${want}” (in order):\n${lines.join('')}`);
        at = i + 1;
      }
      const jaxpr = await text(page, '#jaxpr');
      for (const j of expect.jaxpr ?? []) assert.ok(jaxpr.includes(j), `jaxpr lacks ${j}:\n${jaxpr}`);
      if (SHOTS[ex.id]) {
        await page.mouse.move(0, 0);
        await shot(page, SHOTS[ex.id]);
      }
    });
  }

  await t.test('each example keeps its own edits; Reset restores it; links open it', async () => {
    await page.selectOption('#example-select', 'retracing');
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:retracing');
    const edited = `// my note\n${examples.find((e) => e.id === 'retracing').code}`;
    await page.evaluate((c) => window.__jaxplay.editor.setCode(c), edited);
    await page.selectOption('#example-select', 'scan-io');
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:scan-io');
    await page.selectOption('#example-select', 'retracing');
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:retracing');
    assert.equal(await getCode(page), edited);
    await page.click('#reset');
    assert.equal(await getCode(page), examples.find((e) => e.id === 'retracing').code);
    // Exercises are one tab away and come back unchanged.
    await page.click('#tab-pure-callback-doubler');
    assert.equal(await page.isVisible('#check'), true);
    assert.match(await getCode(page), /function pureCallbackDoubler/);
    await page.click('#tab-examples');
    assert.equal(await page.inputValue('#example-select'), 'retracing', 'the gallery reopens where it was');
    const other = await context.newPage();
    await other.goto(`${url}#example:custom-vjp`);
    await other.waitForSelector('body[data-ready="true"][data-engine="ready"]');
    assert.equal(await other.getAttribute('#tab-examples', 'aria-selected'), 'true');
    assert.equal(await other.inputValue('#example-select'), 'custom-vjp');
    await other.close();
  });

  await t.test('a share link carries an example and its edited code', async () => {
    await page.selectOption('#example-select', 'debug-print');
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:debug-print');
    const code = `// shared example\n${examples.find((e) => e.id === 'debug-print').code}`;
    await page.evaluate((c) => window.__jaxplay.editor.setCode(c), code);
    await page.click('#copy-link');
    await page.waitForSelector('#share-row:not([hidden])');
    const link = await page.inputValue('#share-link');
    const other = await openPage(browser, link);
    assert.equal(await other.page.getAttribute('#tab-examples', 'aria-selected'), 'true');
    assert.equal(await other.page.inputValue('#example-select'), 'debug-print');
    assert.equal(await getCode(other.page), code);
    assert.match(await text(other.page, '#page-message'), /Opened a shared link for “jax\.debug\.print vs console\.log”/);
    await run(other.page);
    assert.match(await text(other.page, '#print-output'), /debug\.print sees x = \[1\. 2\. 3\.\]/);
    assert.deepEqual(other.errors, []);
    await other.context.close();
  });

  assert.deepEqual(errors, []);
  await context.close();
});
