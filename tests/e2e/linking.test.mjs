// Source links: jaxpr equations ↔ editor lines ↔ timeline slices (through each one's source
// line), per-equation host-call counts; `?embed=1` is the plain page. Screenshots in test-results/.
import assert from 'node:assert/strict';
import { openPage, setCode, run, shot, timelineItems, hoverItem } from './app.mjs';
import { browserTest } from './fixture.mjs';

const CODE = [
  'function hostDouble(arr) {',
  '  return np.asarray(arr).mul(2);',
  '}',
  'function pureCallbackDoubler(x) {',
  '  const y = x.add(1);',
  '  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(y.shape, y.dtype), y);',
  '}',
].join('\n');

const linked = (page) => page.evaluate(() => ({
  body: document.body.dataset.linkedLine ?? null,
  editor: window.__jaxplay.editor.linkedLine(),
  editorLines: [...document.querySelectorAll('.cm-content .cm-line')].map((l, i) => (l.classList.contains('cm-linked-line') ? i + 1 : 0)).filter(Boolean),
  eqns: [...document.querySelectorAll('#jaxpr .eqn.linked')].map((e) => e.dataset.primitive),
  slices: window.__jaxplay.timeline.chart.highlighted().map((it) => ({ name: it.ev.name, kind: it.ev.kind, source: it.ev.source })),
}));

browserTest('source links', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('equations show without their # file:line comments, each linked to a line', async () => {
    await setCode(page, CODE);
    await run(page);
    const jaxpr = await page.textContent('#jaxpr');
    assert.doesNotMatch(jaxpr, /# learner\.js/);
    const eqns = await page.locator('#jaxpr .eqn').evaluateAll((es) => es.map((e) => ({ p: e.dataset.primitive, line: e.dataset.line, calls: e.dataset.calls ?? null })));
    assert.deepEqual(eqns, [{ p: 'add', line: '5', calls: null }, { p: 'pure_callback', line: '6', calls: '1' }]);
    assert.match(await page.textContent('#jaxpr .eqn[data-primitive="pure_callback"]'), /×1/);
  });

  await t.test('hovering an equation highlights its editor line and its host calls on the timeline', async () => {
    await page.hover('#jaxpr .eqn[data-primitive="pure_callback"]');
    const l = await linked(page);
    assert.equal(l.body, '6');
    assert.equal(l.editor, 6);
    assert.deepEqual(l.editorLines, [6]);
    assert.deepEqual(l.eqns, ['pure_callback']);
    assert.deepEqual(l.slices, [{ name: 'hostDouble', kind: 'callback', source: 'learner.js:7' }]);
    assert.equal(await page.getAttribute('#timeline-canvas', 'data-highlighted'), '1');
    await shot(page, 'link-equation-hover.png');
    // An equation with no host call links the line only.
    await page.hover('#jaxpr .eqn[data-primitive="add"]');
    const add = await linked(page);
    assert.deepEqual([add.editor, add.eqns, add.slices], [5, ['add'], []]);
  });

  await t.test('focus does what hover does; Up / Down move between equations', async () => {
    await page.mouse.move(1, 1);
    await page.focus('#jaxpr .eqn[data-primitive="add"]');
    assert.equal((await linked(page)).editor, 5);
    await page.keyboard.press('ArrowDown');
    const l = await linked(page);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.primitive), 'pure_callback');
    assert.deepEqual([l.editor, l.slices.length], [6, 1]);
    await page.keyboard.press('Tab');
    await page.evaluate(() => document.activeElement.blur());
  });

  await t.test('hovering a host call on the timeline highlights its line and its equation', async () => {
    const items = await timelineItems(page);
    const cb = items.find((i) => i.kind === 'callback');
    await hoverItem(page, cb.index);
    const l = await linked(page);
    assert.equal(l.editor, 6);
    assert.deepEqual(l.eqns, ['pure_callback']);
    await shot(page, 'link-timeline-hover.png');
    await page.mouse.move(1, 1);
  });

  await t.test('the editor line under the cursor highlights its equations and slices', async () => {
    await page.locator('.cm-content .cm-line').nth(5).click();
    let l = await linked(page);
    assert.deepEqual([l.editor, l.eqns, l.slices.length], [6, ['pure_callback'], 1]);
    await page.mouse.move(1, 1);
    await page.keyboard.press('ArrowUp');
    l = await linked(page);
    assert.deepEqual([l.editor, l.eqns, l.slices.length], [5, ['add'], 0]);
    await page.keyboard.press('ArrowUp');
    l = await linked(page);
    assert.deepEqual([l.editor, l.eqns, l.slices.length], [4, [], 0]);
  });

  await t.test('vmap example: the callback equation counts one host call per row (×3)', async () => {
    await page.goto(`${url}#example:vmap-sequential`);
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && !document.querySelector('#run').disabled);
    await run(page);
    const cb = page.locator('#jaxpr .eqn[data-primitive="pure_callback"]');
    assert.equal(await cb.count(), 1);
    assert.equal(await cb.getAttribute('data-calls'), '3');
    assert.match(await cb.textContent(), /×3/);
    await cb.hover();
    const l = await linked(page);
    // Both equations (scan and the callback inside it) come from the pureCallback line; the
    // timeline has six calls from it (three per vmapMethod).
    assert.deepEqual(l.eqns.sort(), ['pure_callback', 'scan']);
    assert.equal(l.slices.length, 6);
    assert.ok(l.slices.every((s) => s.name === 'rowSum'));
    await shot(page, 'link-vmap-counts.png');
  });

  assert.deepEqual(errors, []);
  await context.close();
});

// A host whose name reads like an equation (`c:f32[] = add`), called in a scan body: the
// panel is drawn from the engine's runs, so nothing is misread from the text.
const TRICKY = [
  'const add = (arr) => np.asarray(arr).mul(2);',
  "Object.defineProperty(add, 'name', { value: 'c:f32[] = add' });",
  'function f(xs) {',
  "  return jax.lax.scan((c, x) => [c, jax.pureCallback(add, jax.ShapeDtypeStruct([], 'float32'), x)], jnp.array(0), xs);",
  '}',
  'function main() {',
  '  const xs = jnp.array([1, 2, 3]);',
  '  console.log(showJaxpr(f, xs));',
  '  return f(xs)[1];',
  '}',
].join('\n');

browserTest('the jaxpr panel is drawn from the engine\'s runs, not read back from the text', { timeout: 120_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, `${url}#example:scratch`);

  await t.test('the text is the printed jaxpr; the callback is nested in the scan, named as its host', async () => {
    await setCode(page, TRICKY);
    await run(page);
    const printed = (await page.textContent('#print-output')).trimEnd();
    assert.match(printed, /callback=c:f32\[\] = add/);
    const shown = await page.evaluate(() => {
      const copy = document.querySelector('#jaxpr').cloneNode(true);
      for (const extra of copy.querySelectorAll('.eqn-calls, .eqn-src')) extra.remove();
      return copy.textContent;
    });
    assert.equal(shown, `// f\n${printed}`);
    const eqns = await page.locator('#jaxpr .eqn').evaluateAll((es) => es.map((e) => ({
      p: e.dataset.primitive, line: e.dataset.line, calls: e.dataset.calls ?? null, inside: e.parentElement.closest('.eqn')?.dataset.primitive ?? null,
    })));
    assert.deepEqual(eqns, [
      { p: 'scan', line: '4', calls: null, inside: null },
      { p: 'pure_callback', line: '4', calls: '3', inside: 'scan' },
    ]);
  });

  assert.deepEqual(errors, []);
  await context.close();
});

browserTest('?embed=1 (the old embed mode, now the <jaxplay-exercise> widget) opens the normal playground', { timeout: 120_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, `${url}?embed=1#example:vmap-sequential`);

  await t.test('the whole page shows, and Run links the jaxpr as on the plain page', async () => {
    assert.equal(await page.getAttribute('body', 'data-embed'), null);
    for (const sel of ['.site-header', '#exercise-tabs', '#example-picker', '.explorer-card', '.site-footer', '#copy-link', '#run']) {
      assert.equal(await page.isVisible(sel), true, `${sel} shows`);
    }
    assert.ok((await page.locator('.site-header').boundingBox()).width > 100);
    await run(page);
    assert.match(await page.textContent('#program-value'), /sequential: \[3, 7, 11\] float32\[3\]/);
    const cb = page.locator('#jaxpr .eqn[data-primitive="pure_callback"]');
    assert.equal(await cb.getAttribute('data-calls'), '3');
  });

  assert.deepEqual(errors, []);
  await context.close();
});
