// An editor a learner can leave: Tab moves focus on unless the learner opts into indenting (the
// line under the editor says which, with the indent keys and the switch), in the playground and
// in the widget; and a Run's error marker is in the editor whenever the result says so, also
// when Run comes right after an edit, while a lint pass is pending.
import assert from 'node:assert/strict';
import path from 'node:path';
import { openPage, setCode, getCode, run, text, waitReady } from './app.mjs';
import { RESULTS_DIR } from './browser.mjs';
import { hostPage, waitWidgets, widgetFrame } from './widget-host.mjs';
import { browserTest, origins } from './fixture.mjs';

const focused = (frame) => frame.evaluate(() => document.activeElement.id || document.activeElement.className);

/** The editor's hint line and where Tab goes from the end of the code, in `frame`. */
async function tabFromEditor(frame, page) {
  await frame.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+End');
  const before = await frame.evaluate(() => window.__jaxplay?.editor.getCode() ?? document.querySelector('.cm-content').textContent);
  await page.keyboard.press('Tab');
  const after = await frame.evaluate(() => window.__jaxplay?.editor.getCode() ?? document.querySelector('.cm-content').textContent);
  return { changed: before !== after, focus: await focused(frame) };
}

browserTest('the editor: Tab leaves it unless chosen, and Run marks its errors every time', { timeout: 240_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, `${url}#pure-callback-doubler`);

  await t.test('Tab moves focus on, the hint says so, Ctrl/⌘ + ] indents', async () => {
    assert.match(await text(page, '#editor-keys'), /^Tab leaves the editor · Ctrl\/⌘ \+ \] indents, \[ outdents · Tab key indents$/);
    assert.equal(await page.isChecked('#editor-keys-tab'), false);
    assert.match(await page.getAttribute('.cm-content', 'aria-describedby'), /\beditor-keys\b/);
    const { changed, focus } = await tabFromEditor(page, page);
    assert.equal(changed, false, 'Tab did not type into the code');
    assert.equal(focus, 'editor-keys-tab', 'Tab went on to the switch under the editor');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'run');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cm-content')), true, 'Shift+Tab comes back');
    await page.keyboard.press('ControlOrMeta+Home');
    const code = await getCode(page);
    await page.keyboard.press('ControlOrMeta+]');
    assert.equal(await getCode(page), `  ${code}`, 'Ctrl/⌘ + ] indents the line');
    await page.keyboard.press('ControlOrMeta+[');
    assert.equal(await getCode(page), code);
    await page.locator('.editor-card').screenshot({ path: path.join(RESULTS_DIR, 'editor-keys.png') });
  });

  await t.test('with the switch on, Tab indents, Escape then Tab leaves, and the choice is kept', async () => {
    await page.check('#editor-keys-tab');
    assert.match(await text(page, '#editor-keys'), /^Tab indents; Esc then Tab leaves the editor · /);
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+Home');
    const code = await getCode(page);
    await page.keyboard.press('Tab');
    assert.equal(await getCode(page), `  ${code}`, 'Tab indents');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'editor-keys-tab', 'Escape then Tab leaves');
    await page.locator('.editor-card').screenshot({ path: path.join(RESULTS_DIR, 'editor-keys-indenting.png') });
    await page.reload();
    await waitReady(page);
    assert.equal(await page.isChecked('#editor-keys-tab'), true, 'remembered');
    const { changed } = await tabFromEditor(page, page);
    assert.equal(changed, true, 'Tab still indents after a reload');
    await page.uncheck('#editor-keys-tab');
    assert.equal((await tabFromEditor(page, page)).focus, 'editor-keys-tab');
    await page.click('#reset');
  });

  // Run right after an edit: the lint pass the edit scheduled finishes after the Run's marker
  // was set (in Python; JavaScript has no lint pass), and must keep it.
  for (const language of ['python', 'js']) {
    await t.test(`${language}: Run right after an edit marks the error line, 20 times out of 20`, async () => {
      await page.evaluate((l) => { localStorage.setItem('jaxplay.language.pure-callback-doubler', l); }, language);
      await page.reload();
      await waitReady(page);
      assert.equal(await page.evaluate(() => document.body.dataset.language), language);
      const bad = language === 'python'
        ? (i) => `import jax\n\n\n# try ${i}\ndef pure_callback_doubler(x):\n    return x.not_a_method()\n`
        : (i) => `// try ${i}\nfunction pureCallbackDoubler(x) {\n  return x.notAMethod();\n}\n`;
      const line = language === 'python' ? 6 : 3;
      const missing = [];
      for (let i = 0; i < 20; i++) {
        await setCode(page, bad(i));
        await run(page);
        assert.match(await text(page, '#result .error-hint'), new RegExp(`marked in the editor \\(line ${line}\\)`));
        // Past the lint's delay (400 ms): a pass the edit started has finished by now.
        await page.waitForTimeout(i % 2 ? 600 : 50);
        const marks = await page.evaluate(() => window.__jaxplay.editor.diagnostics().filter((d) => d.source === 'jaxplay').map((d) => d.line));
        if (marks.join() !== String(line)) missing.push({ try: i, marks });
      }
      assert.deepEqual(missing, [], 'the marker is there every time');
      // Lint warnings and the Run's marker are shown together.
      if (language === 'python') {
        await setCode(page, `${bad(20)}\n\ndef unused():\n    return totl\n`);
        await run(page);
        await page.waitForFunction(() => window.__jaxplay.editor.diagnostics().some((d) => d.source === 'python'), null, { timeout: 10_000 });
        const shown = await page.evaluate(() => window.__jaxplay.editor.diagnostics().map((d) => `${d.source}:${d.line}`).sort());
        assert.deepEqual(shown, ['jaxplay:6', 'python:10']);
      }
      await page.click('#reset');
    });
  }

  assert.deepEqual(errors, []);
  await context.close();
});

const WIDGET = (widget) => ({
  '/course.html': { html: hostPage(widget, '<h1>A lesson</h1>\n<jaxplay-exercise id="a" exercise="pure-callback-doubler"></jaxplay-exercise>\n<p><a href="#next" id="after">after the widget</a></p>') },
});

browserTest('the widget editor: Tab leaves it, the hint says so', { timeout: 120_000 }, async ({ browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${host}course.html`);
  await waitWidgets(page, 1);
  const frame = await widgetFrame(page, 'a');
  assert.match(await frame.textContent('#editor-keys'), /^Tab leaves the editor · /);
  const { changed, focus } = await tabFromEditor(frame, page);
  assert.equal(changed, false);
  assert.equal(focus, 'editor-keys-tab');
  await frame.locator('.editor-card').screenshot({ path: path.join(RESULTS_DIR, 'widget-editor-keys.png') });
  await context.close();
}, origins(WIDGET));
