// Python in the playground: exercises open in Python (the course's language) with the course's
// entry names, the JavaScript | Python switch keeps each language's code, a learner's Python
// solution passes Check for every exercise while wrong and untouched ones fail with a message,
// share links carry the language (old links open in JavaScript) and jaxpr equations link to
// Python lines.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { browserTest } from './fixture.mjs';
import { pythonExample } from '../../www/examples-python.js';
import { examples } from '../../www/examples.js';
import { openPage, getCode, setCode, run, check, checkOutcome, shot, text, timelineItems, hoverItem } from './app.mjs';

const packed = (obj) => Buffer.from(zlib.deflateRawSync(Buffer.from(JSON.stringify(obj)))).toString('base64url');
const EXERCISES = [
  ['pure-callback-doubler', 'pure_callback_doubler'],
  ['io-callback-doubler', 'io_callback_passthrough'],
  ['grad-through-callback', 'centered_loss'],
];
const checkText = (page) => page.evaluate(() => [...document.querySelectorAll('#check-list li.fail')].map((li) => li.textContent).join('\n'));

browserTest('Python in the playground', { timeout: 300_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url, { pythonDefault: true });

  await t.test('exercises open in Python; the switch keeps each language\'s code', async () => {
    await page.click('#tab-pure-callback-doubler');
    assert.equal(await page.inputValue('#language-select'), 'python');
    assert.match(await getCode(page), /^def pure_callback_doubler\(x\):$/m);
    assert.match(await page.textContent('#editor-help'), /^Python editor\./);
    assert.match(await text(page, '#task-steps'), /jax\.pure_callback\(host_function, description, x\)/);
    await setCode(page, '# my python notes\n' + await getCode(page));
    await page.selectOption('#language-select', 'js');
    await page.waitForFunction(() => document.body.dataset.language === 'js');
    assert.match(await getCode(page), /function pureCallbackDoubler\(x\)/);
    assert.match(await text(page, '#task-steps'), /jax\.pureCallback/);
    await page.selectOption('#language-select', 'python');
    await page.waitForFunction(() => document.body.dataset.language === 'python');
    assert.match(await getCode(page), /^# my python notes/);
    // The choice is remembered: a reload keeps Python and the notes.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('#language-select'), 'python');
    assert.match(await getCode(page), /^# my python notes/);
  });

  await t.test('the Python editor completes and lints the snake_case API', async () => {
    await page.click('#tab-pure-callback-doubler');
    await setCode(page, 'import jax\nimport jax.numpy as jnp\n\ny = jax.pureCallback\n');
    await page.waitForFunction(() => window.__jaxplay.editor.diagnostics().some((d) => /pure_callback/.test(d.message)), null, { timeout: 10_000 });
    const [d] = await page.evaluate(() => window.__jaxplay.editor.diagnostics());
    assert.equal(d.line, 4);
    assert.match(d.message, /did you mean 'pure_callback'/);
    assert.equal(await text(page, '.cm-lintRange-warning'), 'pureCallback');
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('z = jnp.floa');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    assert.match(await text(page, '.cm-tooltip-autocomplete'), /float32/);
    await page.keyboard.press('Escape');
    await page.keyboard.type('\nw = jnp.less_');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    assert.match(await text(page, '.cm-tooltip-autocomplete'), /less_equal/);
    await page.keyboard.press('Escape');
    await shot(page, 'python-playground-lint.png', { fullPage: false });
  });

  await t.test('the Python editor completes module names and the program\'s, and marks names that do not exist', async () => {
    await page.click('#tab-pure-callback-doubler');
    await setCode(page, 'import jax\nimport jax.numpy as jnp\n\n\ndef host_double(arr):\n    return arr\n');
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('y = jnp.');
    await page.waitForSelector('.cm-tooltip-autocomplete');
    // The table's functions, each with its Python signature.
    assert.match(await text(page, '.cm-tooltip-autocomplete'), /abs\(x, \/\)/);
    await shot(page, 'python-playground-complete.png', { fullPage: false });
    await page.keyboard.type('sum');
    await page.waitForFunction(() => /sum/.test(document.querySelector('.cm-tooltip-autocomplete')?.textContent ?? ''));
    // Enter would take a completion: each line is ended after Escape.
    const newLine = async () => { await page.keyboard.press('Escape'); await page.keyboard.press('Enter'); };
    await page.keyboard.press('Escape');
    await page.keyboard.type('(jnp.ones(3))');
    await newLine();
    await page.keyboard.type('h = host_');
    await page.waitForFunction(() => /host_double/.test(document.querySelector('.cm-tooltip-autocomplete')?.textContent ?? ''));
    await page.keyboard.press('Escape');
    await page.keyboard.type('double');
    await newLine();
    await page.keyboard.type('z = totl + jax.random.normall(0)');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__jaxplay.editor.diagnostics().length === 2, null, { timeout: 10_000 });
    const found = await page.evaluate(() => window.__jaxplay.editor.diagnostics());
    assert.deepEqual(found.map((d) => d.line), [9, 9]);
    assert.match(found[0].message, /name 'totl' is not defined/);
    assert.match(found[1].message, /module 'jax\.random' has no attribute 'normall' .*did you mean 'normal'/);
    assert.deepEqual(await page.locator('.cm-lintRange-warning').allTextContents(), ['totl', 'normall']);
    await page.hover('.cm-lintRange-warning >> nth=0');
    await page.waitForSelector('.cm-tooltip-lint');
    await shot(page, 'python-playground-names.png', { fullPage: false });
  });

  await t.test('the untouched Python starter fails Check with where to start', async () => {
    await page.click('#tab-io-callback-doubler');
    await page.click('#reset');
    await check(page);
    const out = await checkOutcome(page);
    assert.equal(out.allPass, false);
    assert.match(await checkText(page), /line 8|double_on_host/);
  });

  for (const [id, entry] of EXERCISES) {
    await t.test(`a learner's Python solution to ${id} passes Check`, async () => {
      await page.click(`#tab-${id}`);
      const solution = await page.evaluate((key) => window.__jaxplay.solutionIn(key, 'python'), id);
      assert.match(solution, new RegExp(`def ${entry}\\(x\\)`));
      // Typed into the editor as text (CodeMirror's auto-indent would re-indent keystrokes).
      await page.click('.cm-content');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(solution);
      assert.equal(await getCode(page), solution);
      await check(page);
      const out = await checkOutcome(page);
      assert.ok(out.allPass, `${out.summary}\n${await checkText(page)}`);
      await run(page);
      assert.equal(await page.locator('#result .error, #result [data-error]').count(), 0, await text(page, '#result'));
    });
  }
  await shot(page, 'python-playground-check.png');

  await t.test('a wrong Python solution fails with a message', async () => {
    await page.click('#tab-pure-callback-doubler');
    const solution = await page.evaluate(() => window.__jaxplay.solutionIn('pure-callback-doubler', 'python'));
    await setCode(page, solution.replace('np.asarray(arr) * 2', 'np.asarray(arr) * 3'));
    await check(page);
    const out = await checkOutcome(page);
    assert.equal(out.allPass, false);
    assert.match(await checkText(page), /host_double[^\n]*should return/);
    // Marked in the editor at the host's `def` line.
    const defLine = solution.split('\n').findIndex((l) => l.startsWith('def host_double')) + 1;
    assert.equal(await page.evaluate(() => document.body.dataset.checkLine), String(defLine));
  });

  await t.test('jaxpr equations link to Python lines', async () => {
    const solution = await page.evaluate(() => window.__jaxplay.solutionIn('pure-callback-doubler', 'python'));
    await setCode(page, solution);
    await run(page);
    const line = solution.split('\n').findIndex((l) => l.includes('return jax.pure_callback')) + 1;
    const eqn = page.locator('#jaxpr .eqn[data-primitive="pure_callback"]');
    assert.equal(await eqn.getAttribute('data-line'), String(line));
    await eqn.hover();
    await page.waitForFunction((n) => window.__jaxplay.editor.linkedLine() === n, line);
    const slices = await page.evaluate(() => window.__jaxplay.timeline.chart.highlighted().map((it) => `${it.ev.name} ${it.ev.source}`));
    assert.deepEqual(slices, [`host_double main.py:${line}`]);
    await shot(page, 'python-playground-link.png');
    // And back: the host call on the timeline links to the same Python line.
    await page.mouse.move(0, 0);
    const items = await timelineItems(page);
    await hoverItem(page, items.find((it) => it.name === 'host_double' && it.kind === 'callback').index);
    await page.waitForFunction((n) => window.__jaxplay.editor.linkedLine() === n, line);
  });

  let link;
  await t.test('a share link carries the language', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
    await setCode(page, `# shared from Python\n${await getCode(page)}`);
    await page.click('#copy-link');
    await page.waitForSelector('#share-row:not([hidden])');
    link = await page.inputValue('#share-link');
    const b = await openPage(browser, link, { pythonDefault: true });
    assert.equal(await b.page.inputValue('#language-select'), 'python');
    assert.equal(await getCode(b.page), await getCode(page));
    await check(b.page);
    assert.ok((await checkOutcome(b.page)).allPass);
    assert.deepEqual(b.errors, []);
    await b.context.close();
  });

  await t.test('a link made before Python mode opens in JavaScript, unchanged', async () => {
    const code = 'function hostDouble(arr) {\n  return np.asarray(arr).mul(2);\n}\nfunction pureCallbackDoubler(x) {\n  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);\n}\n';
    const old = `${url}#share=${packed({ v: 1, e: 'pure-callback-doubler', c: code })}`;
    const b = await openPage(browser, old, { pythonDefault: true });
    assert.equal(await b.page.inputValue('#language-select'), 'js');
    assert.equal(await getCode(b.page), code);
    await check(b.page);
    assert.ok((await checkOutcome(b.page)).allPass);
    await b.context.close();
  });

  // The whole gallery in Python (tests/js/python_gallery.test.mjs compares each run's
  // timeline with its JavaScript twin's; here, what the page shows).
  for (const { id } of examples) {
    await t.test(`gallery: ${id} in Python runs as its expectation says`, async () => {
      const { expect } = pythonExample(id);
      await page.goto(`${url}#example:${id}`);
      await page.waitForSelector('body[data-ready="true"]');
      if (id !== examples[0].id) {
        // Python was picked on the first example: the rest open in it.
        assert.equal(await page.evaluate(() => document.body.dataset.language), 'python');
      }
      await page.selectOption('#language-select', 'python');
      await page.waitForFunction(() => document.body.dataset.language === 'python');
      // Every program defines main(), but the blank one, a script that simply runs.
      assert.equal(/^def main\(\):$/m.test(await getCode(page)), expect.main !== false);
      assert.equal(await text(page, '#example-position'), `${examples.findIndex((e) => e.id === id) + 1} of ${examples.length}`);
      await run(page);
      const lines = (await text(page, '#print-output')).split('\n').map((l) => l.trim()).filter(Boolean);
      const printed = (expect.output ?? []).map((want) => lines.findIndex((l) => l.endsWith(want)));
      assert.ok(printed.every((i, k) => i >= 0 && (k === 0 || i > printed[k - 1])), `${expect.output} in order in ${lines}`);
      const jaxpr = await text(page, '#jaxpr');
      for (const want of expect.jaxpr ?? []) assert.ok(jaxpr.includes(want), `${want} in ${jaxpr}`);
      if (expect.error) {
        const result = await text(page, '#result');
        assert.ok(result.includes(expect.error), result);
      } else if (expect.main === false) {
        assert.match(await text(page, '#result'), /^✓ The program ran\./);
      } else {
        assert.equal(await page.locator('#result .error-box').count(), 0, await text(page, '#result'));
        const value = await text(page, '#program-value');
        for (const v of expect.value ?? []) assert.ok(value.includes(v), `value lacks ${v}:\n${value}`);
      }
      if (id === 'grad-error') {
        // The error, its hint in Python's spelling, and the Python line it came from.
        assert.match(await text(page, '#result'), /jax\.lax\.stop_gradient/);
        const line = (await getCode(page)).split('\n').findIndex((l) => l.includes('jax.pure_callback(')) + 1;
        assert.equal(await page.evaluate(() => document.body.dataset.errorLine), String(line));
      }
      if (id === 'vmap-batched') await shot(page, 'python-gallery-vmap-batched.png');
    });
  }
  // The schedule explorer case below needs this example loaded in Python.
  await page.goto(`${url}#example:impure-pure-callback`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#language-select', 'python');
  await page.waitForFunction(() => document.body.dataset.language === 'python');

  await t.test('the schedule explorer runs Python: merging the impure "pure" calls changes the answer', async () => {
    assert.equal(await page.evaluate(() => document.body.dataset.language), 'python');
    await page.setChecked('#explorer-reorder', false);
    await page.setChecked('#explorer-merge', true);
    await page.click('#explorer-run');
    await page.waitForFunction(() => document.querySelectorAll('.explorer-column').length === 2 && !document.querySelector('#explorer-run').disabled);
    const cols = await page.$$eval('.explorer-column', (cs) => cs.map((c) => ({
      calls: [...c.querySelectorAll('.call-list li')].filter((li) => li.dataset.status === 'ran').map((li) => li.dataset.name),
      result: c.querySelector('.explorer-result').textContent,
    })));
    assert.deepEqual(cols[0].calls, ['host_scale', 'host_scale']);
    assert.deepEqual(cols[1].calls, ['host_scale']);
    assert.notEqual(cols[0].result, cols[1].result);
  });

  assert.deepEqual(errors, []);
});
