// An author's exercise graded like a built-in one, through a widget on a host page of another
// origin: every case of tests/e2e/custom-cases.mjs (right and wrong solutions for exercises of
// every callback kind, n-d inputs, int32 and bool dtypes, a tolerance; JavaScript and Python)
// set with setCode and checked with check(), each with exactly the failing checks the table says.
// One widget per language, given each exercise in turn (a new child JSON and storage key rebuild
// it), so the machine runs two engines, not one per exercise.
import assert from 'node:assert/strict';
import { hostPage, waitWidgets, call, eventsOf } from './widget-host.mjs';
import { EXERCISES, CASES } from './custom-cases.mjs';
import { browserTest, origins } from './fixture.mjs';

const LANGUAGES = ['js', 'python'];
const json = (name) => JSON.stringify(EXERCISES[name]);
const first = (language) => CASES.find((c) => c[2] === language)[1];
const PAGES = (widget) => ({
  '/custom.html': {
    html: hostPage(widget, LANGUAGES.map((language) => `<jaxplay-exercise id="${language}" language="${language}" panels="editor,checks" storage="none" storage-key="${first(language)}">
  <script type="application/json">${json(first(language))}</script></jaxplay-exercise>`).join('\n')),
  },
});
const plain = (s) => s.replace(/`/g, '');
const show = (checks) => checks.map((c) => `${c.ok ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.message)}`).join('\n');

/** Gives widget `id` the exercise `name` (a fresh frame), once it is not already showing it. */
async function useExercise(page, id, name) {
  if (await page.evaluate((i) => document.getElementById(i).getAttribute('storage-key'), id) === name) return;
  const ready = (await eventsOf(page, 'jaxplay-ready', id)).length;
  await page.evaluate(([i, text, n]) => {
    const el = document.getElementById(i);
    el.querySelector('script').textContent = text;
    el.setAttribute('storage-key', n);
  }, [id, json(name), name]);
  await page.waitForFunction(([i, n]) => window.events.filter((e) => e.name === 'jaxplay-ready' && e.id === i).length > n, [id, ready], { timeout: 60_000 });
}

browserTest('widget: authors\' exercises checked like built-in ones (the custom-cases table)', { timeout: 600_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${host}custom.html`);
  const events = await waitWidgets(page, LANGUAGES.length, { timeout: 120_000 });
  assert.deepEqual(events.filter((e) => e.name === 'jaxplay-error'), []);
  // Grouped by widget and exercise, in the table's order within each.
  const cases = LANGUAGES.flatMap((language) => CASES.filter((c) => c[2] === language))
    .sort((a, b) => (a[2] === b[2] ? CASES.findIndex((c) => c[1] === a[1]) - CASES.findIndex((c) => c[1] === b[1]) : 0));
  for (const [label, name, language, code, failing] of cases) {
    await t.test(`${name} (${language}), ${label}`, async () => {
      await useExercise(page, language, name);
      await call(page, language, 'setCode', code);
      const verdict = await call(page, language, 'check');
      const shown = show(verdict.checks);
      assert.equal(verdict.passed, failing.length === 0, shown);
      const failed = verdict.checks.filter((c) => !c.ok);
      assert.equal(failed.length, failing.length, shown);
      for (const [check, message] of failing) {
        assert.ok(failed.some((c) => check.test(plain(c.name)) && message.test(plain(c.message))), `${check} with ${message}:\n${shown}`);
      }
    });
  }
  assert.deepEqual(await eventsOf(page, 'jaxplay-error'), []);
  await context.close();
}, origins(PAGES));
