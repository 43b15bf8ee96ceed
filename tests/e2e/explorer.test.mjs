// The schedule explorer re-runs the code under another legal schedule and shows both host-call
// orders side by side: for some seed it changes the order of unordered io callbacks, and for no
// seed that of ordered ones; a "pure" callback with a side effect gives different results.
import assert from 'node:assert/strict';
import { openPage, shot, text, run, announced, useSolution } from './app.mjs';
import { browserTest } from './fixture.mjs';

/** Host calls of each column: [{ name, kind, ordered, status }] for program order and schedule. */
const columns = (page) => page.evaluate(() => [...document.querySelectorAll('.explorer-column')].map((col) => ({
  label: col.querySelector('h3').textContent,
  calls: [...col.querySelectorAll('.call-list li')].map((li) => ({ ...li.dataset, ordered: li.dataset.ordered === 'true' })),
  result: col.querySelector('.explorer-result').textContent,
})));

async function compare(page, { seed, reorder = true, duplicate = false, merge = false }) {
  await page.fill('#explorer-seed', String(seed));
  await page.setChecked('#explorer-reorder', reorder);
  await page.setChecked('#explorer-duplicate', duplicate);
  await page.setChecked('#explorer-merge', merge);
  await page.click('#explorer-run');
  await page.waitForFunction(() => document.querySelectorAll('.explorer-column').length === 2 && !document.querySelector('#explorer-run').disabled);
  return columns(page);
}

const names = (calls, ordered) => calls.filter((c) => c.ordered === ordered && c.status === 'ran').map((c) => c.name);

browserTest('schedule explorer', { timeout: 180_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, `${url}#example:ordered-vs-unordered-io`);

  await t.test('it explains purity and ordering in words, with labelled controls', async () => {
    // As shown: the words are the language's (`ordered=True` in Python).
    const why = await page.innerText('.explorer-why');
    assert.match(why, /Why a pure callback must have no side effects/);
    assert.match(why, /Why ordered: true matters/);
    assert.doesNotMatch(why, /ordered=True/);
    for (const id of ['explorer-seed', 'explorer-reorder', 'explorer-duplicate', 'explorer-merge']) {
      assert.ok((await page.evaluate((i) => document.getElementById(i).labels[0]?.textContent ?? '', id)).trim().length > 0, `${id} has a label`);
    }
    assert.equal(await page.getAttribute('#explorer-summary', 'aria-live'), 'polite');
  });

  await t.test('unordered io callbacks move for some seed, ordered ones never do', async () => {
    let moved = null;
    for (let seed = 0; seed < 12; seed++) {
      const [program, scheduled] = await compare(page, { seed });
      assert.equal(program.label, 'Program order');
      assert.match(scheduled.label, new RegExp(`^Seed ${seed} \\(reorder\\)`));
      assert.deepEqual(names(program.calls, false), ['freeA', 'freeB', 'freeC']);
      assert.deepEqual(names(program.calls, true), ['ordered1', 'ordered2', 'ordered3']);
      assert.deepEqual(names(scheduled.calls, true), ['ordered1', 'ordered2', 'ordered3'], `seed ${seed} reordered ordered calls`);
      assert.deepEqual([...names(scheduled.calls, false)].sort(), ['freeA', 'freeB', 'freeC']);
      assert.equal(scheduled.result, program.result);
      if (moved === null && names(scheduled.calls, false).join() !== 'freeA,freeB,freeC') moved = seed;
    }
    assert.notEqual(moved, null, 'no seed in 0..11 reordered the unordered io callbacks');
    const [, scheduled] = await compare(page, { seed: moved });
    const summary = await text(page, '#explorer-summary');
    assert.match(summary, /Same result under both schedules/);
    assert.match(summary, /Ordered calls kept program order \(ordered1 → ordered2 → ordered3\)/);
    assert.match(summary, new RegExp(`Unordered calls ran in another order: ${names(scheduled.calls, false).join(' → ')}`));
    await announced(page, /^Schedule explorer: /);
    // The timeline has both runs; the output marks where each starts.
    assert.match(await text(page, '#print-output'), /── Program order ──[\s\S]*── Seed \d+ \(reorder\) ──/);
    await page.locator('.explorer-card').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await shot(page, 'explorer.png');
    await page.locator('.explorer-card').screenshot({ path: 'test-results/explorer-card.png' });
  });

  await t.test('“New seed” picks a seed and compares at once', async () => {
    await page.fill('#explorer-seed', '1');
    await page.click('#explorer-new-seed');
    await page.waitForFunction(() => document.querySelectorAll('.explorer-column').length === 2 && !document.querySelector('#explorer-run').disabled);
    const seed = await page.inputValue('#explorer-seed');
    assert.match((await columns(page))[1].label, new RegExp(`^Seed ${seed} `));
  });

  await t.test('a pure callback with a side effect gives different results when calls merge or repeat', async () => {
    await page.selectOption('#example-select', 'impure-pure-callback');
    await page.waitForFunction(() => document.body.dataset.exercise === 'example:impure-pure-callback');
    const [program, merged] = await compare(page, { seed: 3, reorder: false, merge: true });
    assert.equal(names(program.calls, false).length, 2);
    assert.equal(names(merged.calls, false).length, 1, 'merged into one call');
    assert.notEqual(merged.result, program.result);
    assert.match(await text(page, '#explorer-summary'), /The results differ.*side effect/);
    const [, repeated] = await compare(page, { seed: 1, reorder: false, duplicate: true });
    assert.equal(names(repeated.calls, false).length, 3, 'one call ran twice');
    assert.notEqual(repeated.result, program.result);
    await page.locator('.explorer-card').screenshot({ path: 'test-results/explorer-impure.png' });
  });

  await t.test('it also runs the current exercise (exercise 2: ordered io keeps its order)', async () => {
    await page.click('#tab-io-callback-doubler');
    await useSolution(page);
    const [program, scheduled] = await compare(page, { seed: 5, duplicate: true, merge: true });
    assert.deepEqual(names(program.calls, true), ['doubleOnHost']);
    assert.deepEqual(names(scheduled.calls, true), ['doubleOnHost']);
    assert.match(program.result, /\[10, 12, 14\]/);
    assert.equal(scheduled.result, program.result);
    // Program order is restored afterwards: a plain Run is unchanged.
    await run(page);
    assert.equal(await text(page, '#result-values'), '[10, 12, 14]');
  });

  assert.deepEqual(errors, []);
  await context.close();
});
