// The canvas timeline: ghosts for removed and skipped callbacks, token flow, hover details,
// keyboard stepping synced with the event table, zoom and pan by wheel, drag and W/A/S/D, and
// a redraw of 100k events within a 30 fps frame budget.
import assert from 'node:assert/strict';
import { openPage, text, setCode, run, check, timelineItems, hoverItem, useSolution } from './app.mjs';
import path from 'node:path';
import { RESULTS_DIR } from './browser.mjs';
import { browserTest } from './fixture.mjs';

const FRAME_BUDGET_MS = 33;

const view = (page) => page.evaluate(() => window.__jaxplay.timeline.chart.view());
const selectedIndex = (page) => page.evaluate(() => window.__jaxplay.timeline.chart.selected()?.index ?? null);

browserTest('canvas timeline', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('a callback removed by DCE is a dashed ghost, with its reason on hover', async () => {
    await setCode(page, [
      'function unusedHost(arr) { return np.asarray(arr); }',
      'function hostDouble(arr) { return np.asarray(arr).mul(2); }',
      'function pureCallbackDoubler(x) {',
      '  jax.pureCallback(unusedHost, jax.ShapeDtypeStruct(x.shape, x.dtype), x); // result unused',
      '  jax.debug.print("x = {}", x);',
      '  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);',
      '}',
    ].join('\n'));
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    const items = await timelineItems(page);
    const ghost = items.find((i) => i.kind === 'dce');
    assert.ok(ghost, JSON.stringify(items));
    assert.equal(ghost.lane, 'pure');
    assert.equal(ghost.ghost, true);
    assert.equal(ghost.name, 'unusedHost');
    assert.ok(items.some((i) => i.lane === 'debug' && i.kind === 'callback'), 'debug.print has its own lane');
    assert.match(await hoverItem(page, ghost.index), /removed · unusedHost[\s\S]*results are unused/);
    await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-dce.png') });
  });

  await t.test('keyboard: arrows step through events, the table row follows, W/S/A/D/0 zoom and pan', async () => {
    await page.click('#tab-io-callback-doubler');
    await useSolution(page);
    await check(page);
    const items = await timelineItems(page);
    assert.ok(items.length > 10, `${items.length} items`);
    await page.focus('#timeline-canvas');
    await page.keyboard.press('ArrowRight');
    assert.equal(await selectedIndex(page), 0);
    assert.match(await text(page, '#timeline-live'), new RegExp(`^Event 1 of ${items.length}, trace / compile: trace ioCallbackPassthrough`));
    await page.keyboard.press('ArrowRight');
    assert.equal(await selectedIndex(page), 1);
    // The selected item's table row is marked current and shows the same event.
    const current = page.locator('#timeline-events tr[aria-current="true"]');
    assert.equal(await current.count(), 2, 'begin and end rows of the selected span');
    assert.match(await current.first().textContent(), /compile/);
    assert.equal(await page.isVisible('#timeline-tooltip'), true);
    await page.keyboard.press('End');
    assert.equal(await selectedIndex(page), items.length - 1);
    await page.keyboard.press('Home');
    // ↓ moves to the nearest event in the next lane that has one.
    await page.keyboard.press('ArrowDown');
    const below = items[await selectedIndex(page)];
    assert.equal(below.lane, 'execute');
    await page.keyboard.press('ArrowUp');
    assert.equal(items[await selectedIndex(page)].lane, 'compile');
    const before = await view(page);
    await page.keyboard.press('w');
    const zoomed = await view(page);
    assert.ok(zoomed.end - zoomed.start < (before.end - before.start) * 0.8, 'W zooms in');
    await page.keyboard.press('d');
    const panned = await view(page);
    assert.ok(panned.start > zoomed.start, 'D pans right');
    await page.keyboard.press('a');
    await page.keyboard.press('a');
    assert.ok((await view(page)).start < panned.start, 'A pans left');
    await page.keyboard.press('s');
    assert.ok((await view(page)).end - (await view(page)).start > zoomed.end - zoomed.start, 'S zooms out');
    await page.keyboard.press('0');
    assert.equal(await page.evaluate(() => window.__jaxplay.timeline.chart.isFollowing()), true);
    await page.keyboard.press('Escape');
    assert.equal(await selectedIndex(page), null);
    assert.equal(await page.locator('#timeline-events tr[aria-current="true"]').count(), 0);
  });

  await t.test('mouse: wheel zooms at the pointer, drag pans, click selects, table click selects', async () => {
    const box = await page.locator('#timeline-canvas').boundingBox();
    const before = await view(page);
    await page.mouse.move(box.x + box.width * 0.6, box.y + 60);
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(50);
    const zoomed = await view(page);
    assert.ok(zoomed.end - zoomed.start < (before.end - before.start) * 0.7, 'wheel up zooms in');
    await page.mouse.move(box.x + box.width * 0.5, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + 60, { steps: 5 });
    await page.mouse.up();
    const dragged = await view(page);
    assert.ok(dragged.start > zoomed.start, 'dragging left moves later in time into view');
    await page.click('#timeline-fit');
    const items = await timelineItems(page);
    const io = items.find((i) => i.lane === 'io' && i.kind === 'callback');
    const p = await page.evaluate((i) => {
      const { chart, model } = window.__jaxplay.timeline;
      const b = chart.itemBox(model.items()[i]);
      return { x: b.x + Math.min(b.w / 2, 3), y: b.y + b.h / 2 };
    }, io.index);
    await page.mouse.click(box.x + p.x, box.y + p.y);
    assert.equal(await selectedIndex(page), io.index);
    await page.locator('#timeline-events tr').nth(0).click();
    assert.equal(await selectedIndex(page), 0);
    await page.mouse.move(0, 0);
    await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-selected.png') });
  });

  await t.test('a run is shown from event #0: the worker\'s warm-up never shows, nor hands the token on', async () => {
    await page.click('#tab-io-callback-doubler');
    await useSolution(page);
    await run(page);
    const events = await page.evaluate(() => window.__jaxplay.timeline.model.events());
    assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => i), 'numbered from 0, without gaps');
    // Every name on the timeline is one the learner's code defines (the warm-up runs the solution
    // of another exercise, whose host the first token hand-off used to name).
    const code = await page.evaluate(() => window.__jaxplay.editor.getCode());
    for (const e of events) assert.match(code, new RegExp(`\\b${e.name}\\b`), `${e.kind} ${e.name}`);
    const tokens = events.filter((e) => e.kind === 'token');
    assert.equal(tokens.length, 1);
    assert.match(tokens[0].detail, /^token #1: first ordered effect, to `doubleOnHost` \(call \d+\)$/);
    assert.equal(await text(page, '#timeline-events tr:first-child td:first-child'), '0');
  });

  await t.test('an example about order opens By order, with its ordered calls and hand-offs apart', async () => {
    await page.evaluate(() => { location.hash = '#example:dce-unused-pure'; });
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:dce-unused-pure');
    assert.equal(await page.getAttribute('#timeline-sequence', 'aria-pressed'), 'false', 'other examples open in time');
    await page.evaluate(() => { location.hash = '#example:ordered-vs-unordered-io'; });
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:ordered-vs-unordered-io');
    assert.equal(await page.getAttribute('#timeline-sequence', 'aria-pressed'), 'true');
    assert.match(await text(page, '#timeline-notice'), /opens “By order”/);
    await run(page);
    // Each io call and each token diamond has room of its own, left to right in program order.
    const boxes = await page.evaluate(() => {
      const { chart, model } = window.__jaxplay.timeline;
      return model.items().filter((i) => i.lane === 'io' || i.lane === 'token')
        .map((i) => ({ lane: i.lane, name: i.ev.name, ...chart.itemBox(i) }));
    });
    const io = boxes.filter((b) => b.lane === 'io');
    assert.deepEqual(io.map((b) => b.name), ['freeA', 'freeB', 'freeC', 'ordered1', 'ordered2', 'ordered3']);
    for (let i = 1; i < io.length; i++) assert.ok(io[i].x >= io[i - 1].x + io[i - 1].w, `${io[i].name} starts after ${io[i - 1].name} ends`);
    assert.ok(io.every((b) => b.w >= 20), `every call at least 20 px wide: ${io.map((b) => b.w.toFixed(0))}`);
    const tokens = boxes.filter((b) => b.lane === 'token');
    assert.deepEqual(tokens.map((b) => b.name), ['ordered1', 'ordered2', 'ordered3']);
    for (let i = 1; i < tokens.length; i++) assert.ok(tokens[i].x - tokens[i - 1].x >= 40, 'hand-offs apart');
    await page.mouse.move(0, 0);
    await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-by-order.png') });
    await page.click('#timeline-sequence');
    assert.equal(await page.getAttribute('#timeline-sequence', 'aria-pressed'), 'false', 'the learner can switch to time');
    await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-in-time.png') });
  });

  await t.test(`100k events: a pan/zoom redraw takes at most ${FRAME_BUDGET_MS} ms`, async () => {
    const stats = await page.evaluate(() => {
      const events = [];
      let ts = 1000;
      let id = 0;
      const push = (e) => events.push({ seq: events.length, ts, ...e });
      while (events.length < 100_000) {
        const ex = ++id;
        push({ kind: 'execute', phase: 'begin', name: 'step', id: ex, status: 'hit', shapes: ['f32[3]'] });
        ts += 0.002;
        const cb = ++id;
        const kind = ['pure', 'io', 'debug'][cb % 3];
        if (kind === 'io') { push({ kind: 'token', phase: 'instant', name: 'host', id: cb, ordered: true, detail: 'token' }); ts += 0.001; }
        push({ kind: 'callback', phase: 'begin', name: 'host', id: cb, callbackKind: kind, ordered: kind === 'io' });
        ts += 0.005;
        push({ kind: 'callback', phase: 'end', name: 'host', id: cb, callbackKind: kind, status: cb % 97 === 0 ? 'error' : 'ok' });
        ts += 0.001;
        if (ex % 50 === 1) push({ kind: 'dce', phase: 'instant', name: 'unused', id: ex, callbackKind: 'pure', status: 'removed' });
        push({ kind: 'execute', phase: 'end', name: 'step', id: ex, status: 'ok' });
        ts += 0.003;
      }
      events.length = 100_000;
      const { timeline } = window.__jaxplay;
      const loadStart = performance.now();
      timeline.replace(events);
      const loadMs = performance.now() - loadStart;
      const { chart } = timeline;
      const ctx = chart.canvas.getContext('2d');
      // A frame: the redraw plus the rasterisation it queued (reading a pixel waits for it).
      // Each view is drawn three times: the first draw is reported as is, and the best of
      // three is what the budget applies to, so another process taking the CPU for a moment
      // (CI runs on two cores) does not count as the chart's own cost.
      const once = () => {
        const t0 = performance.now();
        chart.drawNow();
        ctx.getImageData(0, 0, 1, 1);
        return performance.now() - t0;
      };
      const frames = [];
      const frame = () => {
        const runs = [once(), once(), once()];
        frames.push({ first: runs[0], best: Math.min(...runs) });
      };
      once(); // warm-up
      frame();
      const fit = frames[0];
      for (let i = 0; i < 12; i++) { chart.zoomBy(0.55); frame(); }
      for (let i = 0; i < 12; i++) { chart.panBy(0.15); frame(); }
      for (let i = 0; i < 12; i++) { chart.zoomBy(1 / 0.55); frame(); }
      chart.fit();
      frame();
      const best = frames.map((f) => f.best).sort((a, b) => a - b);
      return {
        events: events.length, items: timeline.model.items().length, loadMs,
        fit: fit.best, median: best[best.length >> 1], max: best[best.length - 1],
        maxFirst: Math.max(...frames.map((f) => f.first)), frames: frames.length,
      };
    });
    console.log(`timeline 100k: ${stats.events} events (${stats.items} items) loaded in ${stats.loadMs.toFixed(1)} ms; ` +
      `${stats.frames} pan/zoom frames (redraw + raster): all visible ${stats.fit.toFixed(2)} ms, median ${stats.median.toFixed(2)} ms, ` +
      `max ${stats.max.toFixed(2)} ms (best of 3), max single first draw ${stats.maxFirst.toFixed(2)} ms`);
    assert.equal(stats.events, 100_000);
    assert.ok(stats.max <= FRAME_BUDGET_MS, `slowest frame ${stats.max.toFixed(2)} ms`);
    assert.match(await text(page, '#timeline-summary'), /100000 events/);
    assert.match(await text(page, '#timeline-page-info'), /Events 1–100 of 100000/);
    assert.equal(await page.locator('#timeline-events tr').count(), 100);
    await page.click('#timeline-next');
    assert.match(await text(page, '#timeline-page-info'), /Events 101–200 of 100000/);
    // Stepping with the keyboard still answers at once and pans to the event.
    await page.focus('#timeline-canvas');
    await page.keyboard.press('End');
    assert.equal(await selectedIndex(page), stats.items - 1);
    assert.match(await text(page, '#timeline-page-info'), /of 100000/);
    await page.keyboard.press('0');
    await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-100k.png') });
  });

  assert.deepEqual(errors, []);
  await context.close();
});
