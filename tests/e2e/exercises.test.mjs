// The exercises panel: starters that do not pass, hints revealed one at a time and kept across
// reloads, Show solution behind a confirmation (then "passed with the solution shown"), and
// progress on each tab, kept in localStorage and resettable.
import assert from 'node:assert/strict';
import { openPage, waitReady, shot, text, getCode, setCode, run, check, checkOutcome } from './app.mjs';
import { exercises } from '../../www/exercises.js';
import { right } from './checker-cases.mjs';
import { browserTest } from './fixture.mjs';

const progress = (page) => text(page, '#progress-state');
const badge = (page, id) => page.textContent(`#tab-${id} .tab-progress`);

browserTest('exercises: starters, hints, solutions and progress', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('each exercise opens on a skeleton with TODOs, 2–3 hints and a solution', async () => {
    for (const ex of exercises) {
      await page.click(`#tab-${ex.id}`);
      const code = await getCode(page);
      assert.equal(code, ex.starter);
      assert.match(code, /TODO/);
      assert.ok(ex.hints.length >= 2 && ex.hints.length <= 3, ex.id);
      assert.notEqual(ex.solution, ex.starter);
      assert.equal(await progress(page), 'not started');
      assert.equal(await badge(page, ex.id), '');
    }
  });

  await t.test('the starter does not pass: Run shows why, Check says where to start', async () => {
    await page.click('#tab-pure-callback-doubler');
    await run(page);
    assert.match(await text(page, '#result'), /did not return a JAX array|failed/);
    assert.equal(await progress(page), 'tried');
    assert.equal(await badge(page, 'pure-callback-doubler'), 'tried');
    await check(page);
    const outcome = await checkOutcome(page);
    assert.equal(outcome.failed, 1);
    assert.equal(outcome.passed, 0);
    assert.match(await text(page, '#check-list'), /Start at line 3, inside hostDouble/);
  });

  await t.test('hints are revealed one at a time and kept across a reload', async () => {
    const ex = exercises[0];
    assert.equal(await page.locator('#hint-list li').count(), 0);
    assert.equal(await text(page, '#hint'), `Show a hint (1 of ${ex.hints.length})`);
    await page.click('#hint');
    assert.equal(await page.locator('#hint-list li').count(), 1);
    assert.match(await text(page, '#hint-list li'), /np\.asarray\(arr\)\.mul\(2\)/);
    assert.equal(await text(page, '#hint'), `Next hint (2 of ${ex.hints.length})`);
    assert.equal(await page.evaluate(() => document.activeElement.closest('#hint-list') !== null), true, 'focus moves to the new hint');
    for (let i = 1; i < ex.hints.length; i++) await page.click('#hint');
    assert.equal(await page.locator('#hint-list li').count(), ex.hints.length);
    assert.equal(await page.locator('#hint').count(), 0, 'no hint button once all are shown');
    await page.mouse.move(0, 0);
    await shot(page, 'exercises-hints.png', { fullPage: false });
    await page.reload();
    await waitReady(page);
    assert.equal(await page.locator('#hint-list li').count(), ex.hints.length);
  });

  await t.test('Show solution asks first; then the code is the solution and the exercise counts as passed with it shown', async () => {
    const ex = exercises[0];
    await page.click('#solution');
    assert.match(await text(page, '#solution-question'), /passed with the solution shown/);
    await page.mouse.move(0, 0);
    await shot(page, 'exercises-solution-confirm.png', { fullPage: false });
    await page.click('#solution-cancel');
    assert.equal(await page.locator('#solution-question').count(), 0);
    assert.notEqual(await getCode(page), ex.solution);
    await page.click('#solution');
    await page.click('#solution-confirm');
    assert.equal(await getCode(page), ex.solution);
    assert.equal(await progress(page), 'passed with the solution shown');
    assert.equal(await badge(page, ex.id), '✓ solution shown');
    await check(page);
    assert.ok((await checkOutcome(page)).allPass);
    assert.equal(await progress(page), 'passed with the solution shown', 'a pass does not hide that the solution was shown');
  });

  await t.test('a learner\'s own passing Check marks the tab passed; progress survives a reload and can be reset', async () => {
    await page.click('#tab-io-callback-doubler');
    await setCode(page, right.find(([id, label]) => id === 'io-callback-doubler' && label === 'arrow functions')[2]);
    await check(page);
    assert.ok((await checkOutcome(page)).allPass);
    assert.equal(await progress(page), 'passed');
    assert.equal(await badge(page, 'io-callback-doubler'), '✓ passed');
    await page.mouse.move(0, 0);
    await shot(page, 'exercises-progress.png', { fullPage: false });
    await page.reload();
    await waitReady(page);
    assert.equal(await badge(page, 'io-callback-doubler'), '✓ passed');
    assert.equal(await badge(page, 'pure-callback-doubler'), '✓ solution shown');
    assert.equal(await badge(page, 'grad-through-callback'), '');
    await page.click('#reset-progress');
    assert.equal(await progress(page), 'not started');
    assert.equal(await badge(page, 'io-callback-doubler'), '');
    assert.equal(await page.locator('#reset-progress').count(), 0);
  });

  await t.test('stored progress that is not ours is ignored', async () => {
    await page.evaluate(() => localStorage.setItem('jaxplay.progress', JSON.stringify({ 'grad-through-callback': { state: '<img src=x>', hints: -4 } })));
    await page.reload();
    await waitReady(page);
    await page.click('#tab-grad-through-callback');
    assert.equal(await progress(page), 'not started');
    assert.equal(await page.locator('#hint-list li').count(), 0);
    await setCode(page, exercises[2].starter);
  });

  assert.deepEqual(errors, []);
  await context.close();
});
