// An author's exercise graded like a built-in one, through a widget on a host page of another
// origin: every case of tests/e2e/custom-cases.mjs (right and wrong solutions for exercises of
// every callback kind, n-d inputs, int32 and bool dtypes, a tolerance; JavaScript and Python)
// set with setCode and checked with check(), each with exactly the failing checks the table says.
import assert from 'node:assert/strict';
import { hostPage, waitWidgets, call } from './widget-host.mjs';
import { EXERCISES, CASES } from './custom-cases.mjs';
import { browserTest, origins } from './fixture.mjs';

const widgets = [...new Set(CASES.map(([, name, language]) => `${name}-${language}`))];
const PAGES = (widget) => ({
  '/custom.html': {
    html: hostPage(widget, widgets.map((id) => {
      const [name, language] = id.split('-');
      return `<jaxplay-exercise id="${id}" language="${language}" panels="editor,checks"><script type="application/json">${JSON.stringify(EXERCISES[name])}</script></jaxplay-exercise>`;
    }).join('\n')),
  },
});
const plain = (s) => s.replace(/`/g, '');
const show = (checks) => checks.map((c) => `${c.ok ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.message)}`).join('\n');

browserTest('widget: authors\' exercises checked like built-in ones (the custom-cases table)', { timeout: 600_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${host}custom.html`);
  const events = await waitWidgets(page, widgets.length, { timeout: 120_000 });
  assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);
  for (const [label, name, language, code, failing] of CASES) {
    await t.test(`${name} (${language}), ${label}`, async () => {
      const id = `${name}-${language}`;
      await call(page, id, 'setCode', code);
      const verdict = await call(page, id, 'check');
      const shown = show(verdict.checks);
      assert.equal(verdict.passed, failing.length === 0, shown);
      const failed = verdict.checks.filter((c) => !c.ok);
      assert.equal(failed.length, failing.length, shown);
      for (const [check, message] of failing) {
        assert.ok(failed.some((c) => check.test(plain(c.name)) && message.test(plain(c.message))), `${check} with ${message}:\n${shown}`);
      }
    });
  }
  await context.close();
}, origins(PAGES));
