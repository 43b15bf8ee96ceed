// The timeline's default view shows effect ordering at a glance: the ordered-vs-unordered
// example opens By order, with every io call and token on screen and wide enough to carry a
// label; in time, a cold run opens on the executions (trace and compile folded to a marker at
// the left edge), every io call and token on screen, ordered calls drawn apart from unordered
// ones. Screenshots to look at in test-results/.
import assert from 'node:assert/strict';
import path from 'node:path';
import { RESULTS_DIR } from './browser.mjs';
import { openPage, run, timelineItems } from './app.mjs';
import { browserTest } from './fixture.mjs';

browserTest('timeline: the default view of ordered vs unordered io', { timeout: 120_000 }, async ({ browser, url }) => {
  const { context, page, errors } = await openPage(browser, `${url}#example:ordered-vs-unordered-io`);
  await run(page);
  await page.waitForTimeout(200);
  const items = await timelineItems(page);
  const io = items.filter((i) => i.lane === 'io' && i.kind === 'callback');
  const tokens = items.filter((i) => i.lane === 'token');
  assert.ok(io.length >= 4 && tokens.length >= 2, `${io.length} io calls, ${tokens.length} tokens`);
  // An example about order opens By order: one step per event, so every host call is wide
  // enough for a label.
  assert.equal(await page.getAttribute('#timeline-sequence', 'aria-pressed'), 'true');
  const steps = await page.evaluate((indexes) => {
    const { chart, model } = window.__jaxplay.timeline;
    const right = chart.canvas.getBoundingClientRect().width;
    return indexes.map((i) => ({ i, ...chart.itemBox(model.items()[i]), left: chart.plotLeft(), right }));
  }, [...io, ...tokens].map((i) => i.index));
  for (const b of steps) {
    assert.ok(b.x >= b.left - 6 && b.x + b.w <= b.right + 6, `item ${b.i} is on screen: ${JSON.stringify(b)}`);
    if (b.h > 12) assert.ok(b.w >= 30, `host call ${b.i} is ${b.w.toFixed(1)} px wide`);
  }
  await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-ordered-vs-unordered-sequence.png') });
  // Details still give real times.
  const tokenBox = steps.find((b) => b.h <= 12);
  const box = await page.locator('#timeline-canvas').boundingBox();
  await page.mouse.move(box.x + tokenBox.x + tokenBox.w / 2, box.y + tokenBox.y + tokenBox.h / 2);
  await page.waitForSelector('#timeline-tooltip:not([hidden])');
  assert.match(await page.textContent('#timeline-tooltip'), /at \d+\.\d+ ms/);
  await page.mouse.move(0, 0);
  // The keyboard steps through events in this view too, and the event table follows.
  await page.focus('#timeline-canvas');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const picked = await page.evaluate(() => window.__jaxplay.timeline.chart.selected()?.index ?? null);
  assert.equal(picked, 1);
  assert.equal(await page.getAttribute('#timeline-events tr[aria-current="true"]', 'data-item'), '1');
  await page.keyboard.press('Escape');

  // In time, the view opens on the executions: trace and compile folded to a marker at the left
  // edge, every io call and token on screen.
  await page.click('#timeline-sequence');
  assert.equal(await page.getAttribute('#timeline-sequence', 'aria-pressed'), 'false');
  await page.waitForTimeout(100);
  const seen = await page.evaluate((indexes) => {
    const { chart, model } = window.__jaxplay.timeline;
    const right = chart.canvas.getBoundingClientRect().width;
    const v = chart.view();
    return {
      folded: model.focusStart() > model.range().t0 && v.start > model.range().t0,
      boxes: indexes.map((i) => ({ i, ordered: Boolean(model.items()[i].ev.ordered), ...chart.itemBox(model.items()[i]), left: chart.plotLeft(), right })),
    };
  }, [...io, ...tokens].map((i) => i.index));
  assert.ok(seen.folded, 'trace and compile are folded out of the opening view');
  for (const b of seen.boxes) {
    assert.ok(b.x >= b.left - 6 && b.x + b.w <= b.right + 6, `item ${b.i} is on screen: ${JSON.stringify(b)}`);
  }
  assert.ok(seen.boxes.some((b) => b.ordered) && seen.boxes.some((b) => !b.ordered && b.h > 12), 'both kinds are in the example');
  await page.locator('.timeline-card').screenshot({ path: path.join(RESULTS_DIR, 'timeline-ordered-vs-unordered.png') });
  // Back By order: the same selection, shown at its step.
  await page.focus('#timeline-canvas');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.click('#timeline-sequence');
  assert.equal(await page.evaluate(() => window.__jaxplay.timeline.chart.selected()?.index ?? null), 1);
  assert.deepEqual(errors, []);
  await context.close();
});
