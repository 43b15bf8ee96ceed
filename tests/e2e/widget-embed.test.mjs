// What a course author and a learner meet on a real page of another site: embed.js loaded as a
// classic script (deferred, or plain in the head) or as a module; the learner's code kept by the
// host page across reloads, or only in memory with `storage="none"`; every bad field of an
// author's exercise reported at once; the Check button only with a checks panel; the event list
// readable at widget widths; hints one at a time and the solution behind a confirmation, as text.
// Screenshot: test-results/widget-hints.png.
import assert from 'node:assert/strict';
import path from 'node:path';
import { collectErrors, RESULTS_DIR } from './browser.mjs';
import { hostPage, waitWidgets, widgetFrame, call, eventsOf, clickInWidget } from './widget-host.mjs';
import { findExercise } from '../../www/exercises.js';
import { inLanguage } from '../../www/exercises-python.js';
import { browserTest, origins } from './fixture.mjs';

const LOG = `<script>
  window.events = [];
  for (const name of ['jaxplay-ready', 'jaxplay-run', 'jaxplay-check', 'jaxplay-error']) {
    document.addEventListener(name, (e) => window.events.push({ name, id: e.target.id, detail: e.detail }));
  }
</script>`;
const WIDGET = '<jaxplay-exercise id="w" exercise="pure-callback-doubler" panels="editor,result"></jaxplay-exercise>';
/** A page that includes embed.js by `tag` (in the head) and has one widget. */
const page = (tag) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>embed</title>${tag}${LOG}</head><body>${WIDGET}</body></html>`;

const NAUGHTY = '<img src="x" onerror="parent.postMessage(\'pwned\', \'*\')">';
const CUSTOM = {
  entry: 'tripler', title: 'Triple on the host', callback: 'pure', tests: [{ input: [1, 2], expected: [3, 6] }],
  hints: ['Multiply by `3` on the host.', NAUGHTY], solution: 'function host(a) { return np.asarray(a).mul(3); }\nfunction tripler(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }\n',
};
// One exercise with a bad value in nearly every field.
const BROKEN = { entry: 'two words', callback: 'debugger', dtype: 'int8', tolerance: -1, hints: [3], title: 5, extra: true, tests: [{ input: [[1, 2], [3]], expected: 'six' }] };
const BROKEN_FIELDS = ['extra', 'entry', 'callback', 'dtype', 'tolerance', 'tests[0].input[1]', 'tests[0].expected', 'hints[0]', 'title'];

// Two authors' exercises; with ?inserted, a third is put above them (the author edited the page).
const own = (id, entry) => `<jaxplay-exercise id="${id}" panels="editor"><script type="application/json">${JSON.stringify({ ...CUSTOM, entry, hints: undefined, solution: undefined })}</script></jaxplay-exercise>`;
const OWN_PAGE = `<script>if (location.search === '?inserted') document.write(${JSON.stringify(own('new', 'inserted')).replace(/<\//g, '<\\/')});</script>${own('a', 'first')}${own('b', 'second')}`;

const PAGES = (widget) => ({
  '/own.html': { html: hostPage(widget, OWN_PAGE) },
  '/deferred.html': { html: page(`<script src="${widget}embed.js" defer></script>`) },
  '/plain.html': { html: page(`<script src="${widget}embed.js"></script>`) },
  '/module.html': { html: page(`<script type="module" src="${widget}embed.js"></script>`) },
  '/keep.html': { html: hostPage(widget, '<jaxplay-exercise id="k" exercise="pure-callback-doubler"></jaxplay-exercise><jaxplay-exercise id="p" exercise="io-callback-doubler" language="python"></jaxplay-exercise>') },
  '/forget.html': { html: hostPage(widget, '<jaxplay-exercise id="f" exercise="pure-callback-doubler" storage="none"></jaxplay-exercise><jaxplay-exercise id="g" exercise="pure-callback-doubler" storage="somewhere"></jaxplay-exercise>') },
  '/broken.html': { html: hostPage(widget, `<jaxplay-exercise id="b"><script type="application/json">${JSON.stringify(BROKEN)}</script></jaxplay-exercise>`) },
  '/help.html': {
    html: hostPage(widget, `<jaxplay-exercise id="js" exercise="pure-callback-doubler" panels="editor,hints,result"></jaxplay-exercise>
<jaxplay-exercise id="py" exercise="io-callback-doubler" language="python" panels="editor,hints"></jaxplay-exercise>
<jaxplay-exercise id="custom" panels="editor,hints,checks"><script type="application/json">${JSON.stringify(CUSTOM)}</script></jaxplay-exercise>
<jaxplay-exercise id="bare" panels="editor,hints,checks"><script type="application/json">${JSON.stringify({ ...CUSTOM, hints: undefined, solution: undefined })}</script></jaxplay-exercise>`),
  },
});

browserTest('widget on real pages: embed.js, kept code, errors, Check, event list, hints', { timeout: 300_000 }, async ({ t, browser, host }) => {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const errors = [];

  for (const [file, how] of [['deferred.html', 'a classic script with defer'], ['plain.html', 'a classic script in the head, before the element'], ['module.html', 'a module script']]) {
    await t.test(`embed.js as ${how}`, async () => {
      const p = await context.newPage();
      errors.push(...collectErrors(p));
      await p.goto(host + file);
      await waitWidgets(p, 1);
      assert.deepEqual(await eventsOf(p, 'jaxplay-error'), []);
      await call(p, 'w', 'setCode', findExercise('pure-callback-doubler').solution);
      const ran = await call(p, 'w', 'run');
      assert.deepEqual(ran.value?.values, [2, -4, 6], JSON.stringify(ran));
      await p.close();
    });
  }

  await t.test('the host page keeps the code across reloads (another site); storage="none" keeps it in memory only', async () => {
    const p = await context.newPage();
    await p.goto(`${host}keep.html`);
    await waitWidgets(p, 2);
    const frame = await widgetFrame(p, 'k');
    await frame.click('.cm-content');
    await p.keyboard.press('ControlOrMeta+End');
    await p.keyboard.type('\n// typed, then reloaded at once');
    await call(p, 'p', 'setCode', '# PYTHON\n');
    const typed = await call(p, 'k', 'getCode');
    await p.reload();
    await waitWidgets(p, 2);
    assert.equal(await call(p, 'k', 'getCode'), typed);
    assert.equal(await call(p, 'p', 'getCode'), '# PYTHON\n');
    const kept = await p.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('/keep.html')).sort());
    assert.deepEqual(kept, ['jaxplay.widget.code./keep.html|io-callback-doubler|0 python', 'jaxplay.widget.code./keep.html|pure-callback-doubler|0']);
    const frameK = await widgetFrame(p, 'k');
    assert.equal(await frameK.isVisible('#storage-note'), false);
    // Code longer than a message may carry: setCode says so at once (it used to wait forever),
    // and code typed past the limit is not kept, which the note under the editor says.
    const refused = await p.evaluate(() => document.getElementById('k').setCode('x'.repeat(200_001)).then(() => 'resolved', (e) => `${e.name}: ${e.message}`));
    assert.equal(refused, 'RangeError: setCode(code): code is 200001 characters long, at most 200000 are allowed');
    await call(p, 'k', 'setCode', `//${'x'.repeat(199_996)}\n`);
    await clickInWidget(p, 'k', '.cm-content');
    await p.keyboard.press('ControlOrMeta+End');
    await p.keyboard.type('abc');
    await frameK.waitForSelector('#storage-note:visible');
    assert.match(await frameK.textContent('#storage-note'), /^Your code is 200002 characters long, more than the 200000 this page keeps/);
    await call(p, 'k', 'setCode', typed);
    assert.equal(await frameK.isVisible('#storage-note'), false);
    await p.close();

    const q = await context.newPage();
    await q.goto(`${host}forget.html`);
    // Both ready (waitWidgets stops at g's storage error, and f rebuilt before its first ready
    // would never fire a second one).
    await q.waitForFunction(() => ['f', 'g'].every((id) => window.events.some((e) => e.name === 'jaxplay-ready' && e.id === id)));
    assert.match((await eventsOf(q, 'jaxplay-error', 'g'))[0]?.detail.message ?? '', /storage: "somewhere" is not one of local, none; using local/);
    await call(q, 'f', 'setCode', '// NOT KEPT\n');
    const note = await widgetFrame(q, 'f');
    assert.match(await note.textContent('#storage-note'), /kept only until the page is closed or reloaded/);
    // A rebuilt widget (another panel set) gets the code back from the page's memory...
    await q.evaluate(() => document.getElementById('f').setAttribute('panels', 'editor'));
    await q.waitForFunction(() => window.events.filter((e) => e.name === 'jaxplay-ready' && e.id === 'f').length === 2);
    assert.equal(await call(q, 'f', 'getCode'), '// NOT KEPT\n');
    assert.deepEqual(await q.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('/forget.html'))), [], 'nothing stored');
    // ...but a reload starts over.
    await q.reload();
    await waitWidgets(q, 2);
    assert.match(await call(q, 'f', 'getCode'), /function pureCallbackDoubler/);
    await q.close();
  });

  await t.test('an author\'s exercise keeps its code by its entry: a widget added above it takes none of it', async () => {
    const p = await context.newPage();
    await p.goto(`${host}own.html`);
    await waitWidgets(p, 2);
    await call(p, 'a', 'setCode', '// FIRST\n');
    await call(p, 'b', 'setCode', '// SECOND\n');
    await p.goto(`${host}own.html?inserted`);
    await waitWidgets(p, 3);
    assert.deepEqual([await call(p, 'new', 'getCode'), await call(p, 'a', 'getCode'), await call(p, 'b', 'getCode')],
      ['function inserted(x) {\n  // Your code: call the host through jax.pureCallback.\n}\n', '// FIRST\n', '// SECOND\n']);
    await p.close();
  });

  await t.test('every bad field of an author\'s exercise is reported at once', async () => {
    const p = await context.newPage();
    await p.goto(`${host}broken.html`);
    await p.waitForFunction(() => window.events.some((e) => e.name === 'jaxplay-error'));
    const [err] = await eventsOf(p, 'jaxplay-error', 'b');
    assert.match(err.detail.message, new RegExp(`^custom exercise: ${BROKEN_FIELDS.length} problems:`));
    const frame = await widgetFrame(p, 'b');
    const shown = await frame.textContent('#widget-message');
    for (const field of BROKEN_FIELDS) {
      assert.ok(err.detail.message.includes(`"${field}"`), field);
      assert.ok(shown.includes(`"${field}"`), `${field} shown in the widget`);
    }
    // One problem a line, inside the widget too.
    const lines = await frame.evaluate(() => document.getElementById('widget-message-text').getClientRects()[0].height / parseFloat(getComputedStyle(document.getElementById('widget-message-text')).lineHeight));
    assert.ok(lines >= BROKEN_FIELDS.length, `${lines} lines`);
    await p.close();
  });

  await t.test('Check only with a checks panel; the event list readable at widget widths', async () => {
    for (const width of [900, 420]) {
      await context.pages()[0]?.close();
      const p = await context.newPage();
      await p.setViewportSize({ width, height: 900 });
      await p.goto(`${host}keep.html`);
      await waitWidgets(p, 2);
      const frame = await widgetFrame(p, 'k');
      assert.equal(await frame.isVisible('#check'), true, 'all panels: Check');
      await call(p, 'k', 'setCode', findExercise('pure-callback-doubler').solution);
      await call(p, 'k', 'run');
      await frame.evaluate(() => { document.querySelector('details.events').open = true; });
      await frame.locator('#timeline-table-wrap').scrollIntoViewIfNeeded();
      await frame.waitForFunction(() => document.querySelectorAll('#timeline-events tr').length >= 5);
      const table = await frame.evaluate(() => {
        const rows = [...document.querySelectorAll('#timeline-events tr')];
        const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
        return { rows: rows.length, detail: rows[0].lastElementChild.getBoundingClientRect().width / rem, tallest: Math.max(...rows.map((r) => r.getBoundingClientRect().height)) / rem };
      });
      assert.ok(table.rows >= 5, JSON.stringify(table));
      assert.ok(table.detail >= 15, `at ${width} px the detail column is ${table.detail.toFixed(1)}rem wide`);
      assert.ok(table.tallest <= 4, `at ${width} px the tallest row is ${table.tallest.toFixed(1)}rem`);
      await p.close();
    }
    const p = await context.newPage();
    await p.goto(`${host}deferred.html`);
    await waitWidgets(p, 1);
    const frame = await widgetFrame(p, 'w');
    assert.equal(await frame.isVisible('#run'), true);
    assert.equal(await frame.isHidden('#check'), true, 'no checks panel: no Check button');
    // The host's check() still answers (the code is the solution an earlier page kept).
    const verdict = await call(p, 'w', 'check');
    assert.equal(verdict.passed, true, JSON.stringify(verdict));
    await p.close();
  });

  await t.test('hints one at a time and the solution behind a confirmation, as text, for built-in and authors\' exercises', async () => {
    const p = await context.newPage();
    await p.goto(`${host}help.html`);
    await waitWidgets(p, 4);
    const js = await widgetFrame(p, 'js');
    const ex = findExercise('pure-callback-doubler');
    const hints = () => js.locator('#hint-list li').allTextContents();
    assert.deepEqual(await hints(), []);
    assert.equal(await js.textContent('#hint'), `Show a hint (1 of ${ex.hints.length})`);
    await js.click('#hint');
    assert.deepEqual(await hints(), [ex.hints[0].replace(/`/g, '')]);
    assert.equal(await js.textContent('#hint'), `Next hint (2 of ${ex.hints.length})`);
    await js.click('#hint');
    assert.equal((await hints()).length, 2);
    // The solution asks first; Cancel changes nothing.
    const before = await call(p, 'js', 'getCode');
    await js.click('#solution');
    assert.match(await js.textContent('#solution-question'), /Replace your code with the solution\?/);
    await js.click('#solution-cancel');
    assert.equal(await call(p, 'js', 'getCode'), before);
    await js.click('#solution');
    await js.click('#solution-confirm');
    assert.equal(await call(p, 'js', 'getCode'), ex.solution);
    assert.equal((await call(p, 'js', 'run')).ok, true);

    // Python: the course's Python hints and solution.
    const py = await widgetFrame(p, 'py');
    const pyEx = inLanguage(findExercise('io-callback-doubler'), 'python');
    // Each click in a widget below another waits until the page holds still (clickInWidget).
    await clickInWidget(p, 'py', '#hint');
    assert.deepEqual(await py.locator('#hint-list li').allTextContents(), [pyEx.hints[0].replace(/`/g, '')]);
    await clickInWidget(p, 'py', '#solution');
    await clickInWidget(p, 'py', '#solution-confirm');
    assert.equal(await call(p, 'py', 'getCode'), pyEx.solution);

    // An author's hints and solution: text, never HTML; the solution passes the author's Check.
    const custom = await widgetFrame(p, 'custom');
    await clickInWidget(p, 'custom', '#hint');
    await clickInWidget(p, 'custom', '#hint');
    assert.deepEqual(await custom.locator('#hint-list li').allTextContents(), ['Multiply by 3 on the host.', NAUGHTY]);
    assert.equal(await custom.locator('#hint-list li:first-child code').textContent(), '3');
    assert.equal(await custom.locator('#coach img').count(), 0, 'no element made from a hint');
    assert.equal(await custom.isHidden('#hint'), true, 'no hint left');
    await clickInWidget(p, 'custom', '#solution');
    await custom.locator('#widget').screenshot({ path: path.join(RESULTS_DIR, 'widget-hints.png') });
    await clickInWidget(p, 'custom', '#solution-confirm');
    const verdict = await call(p, 'custom', 'check');
    assert.equal(verdict.passed, true, JSON.stringify(verdict));
    // Neither hints nor a solution: no help box at all.
    assert.equal(await (await widgetFrame(p, 'bare')).isHidden('#coach'), true);
    await p.close();
  });

  assert.deepEqual(errors, []);
  await context.close();
}, origins(PAGES));
