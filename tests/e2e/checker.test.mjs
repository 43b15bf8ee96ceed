// Check in the real page: every right solution of the table (checker-cases.mjs) passes, every
// wrong one fails the named check with a message that says what to change; untouched starters
// fail with one message; each Check runs in a fresh worker that learner code cannot use to
// change a later verdict. All cases run in one page load.
import assert from 'node:assert/strict';
import { openPage, shot, text, setCode, run, check, checkOutcome } from './app.mjs';
import { right, wrong, countsByKind } from './checker-cases.mjs';
import { browserTest } from './fixture.mjs';

const plain = (s) => s.replace(/`/g, '');

async function openExercise(page, exercise) {
  if (await page.getAttribute(`#tab-${exercise}`, 'aria-selected') !== 'true') await page.click(`#tab-${exercise}`);
}

async function items(page) {
  return page.locator('#check-list > li').evaluateAll((lis) => lis.map((li) => ({
    pass: li.classList.contains('pass'),
    name: li.querySelector('.check-name').textContent.replace(/^(Passed|Failed): /, ''),
    detail: li.querySelector('.check-detail').textContent,
    folded: li.querySelector('.check-folded')?.textContent ?? '',
  })));
}

async function checkCode(page, exercise, code) {
  await openExercise(page, exercise);
  await setCode(page, code ?? await page.evaluate((id) => window.__jaxplay.starterOf(id), exercise));
  await check(page);
  return { ...(await checkOutcome(page)), items: await items(page) };
}

const show = (list) => list.map((i) => `${i.pass ? '✓' : '✗'} ${i.name} — ${i.detail}${i.folded ? ` [${i.folded}]` : ''}`).join('\n');

browserTest('Check judges what the code does', { timeout: 600_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url);

  await t.test('an untouched starter fails with one message that says where to start', async () => {
    for (const id of ['pure-callback-doubler', 'io-callback-doubler', 'grad-through-callback']) {
      await openExercise(page, id);
      const before = await page.evaluate(() => window.__jaxplay.engine.workersStarted());
      await check(page);
      const list = await items(page);
      assert.equal(list.length, 1, show(list));
      assert.equal(list[0].pass, false);
      assert.match(list[0].detail, /^Start (at line \d+|by pressing Run)/);
      assert.equal(await text(page, '#check-summary'), '1 of 1 check failed.');
      assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), before, 'no engine is needed for the starter');
      assert.ok(Number(await page.getAttribute('body', 'data-check-line')) > 0, 'the line is marked in the editor');
    }
    await page.click('#tab-pure-callback-doubler');
    await page.mouse.move(0, 0);
    await shot(page, 'checker-starter.png');
  });

  for (const [exercise, label, code] of right) {
    await t.test(`accepted: ${exercise}, ${label}`, async () => {
      const outcome = await checkCode(page, exercise, code);
      assert.ok(outcome.allPass, `${outcome.summary}\n${show(outcome.items)}`);
    });
  }

  for (const [exercise, kind, label, code, checkName, message] of wrong) {
    await t.test(`rejected (${kind}): ${exercise}, ${label}`, async () => {
      const outcome = await checkCode(page, exercise, code);
      assert.equal(outcome.allPass, false, `${label} passed every check`);
      const failing = outcome.items.filter((i) => !i.pass && checkName.test(plain(i.name)));
      assert.ok(failing.length > 0, `no failing check named ${checkName}:\n${show(outcome.items)}`);
      assert.ok(failing.some((i) => message.test(plain(i.detail))), `the message does not match ${message}:\n${show(failing)}`);
      // No ✓ above a ✗ that contradicts it: a check that could not run is folded, not shown.
      assert.ok(!outcome.items.some((i) => /^not checked/.test(i.detail)), show(outcome.items));
    });
  }

  await t.test('every Check runs in a fresh worker; patched postMessage and globals do not reach the verdict', async () => {
    const before = await page.evaluate(() => window.__jaxplay.engine.workersStarted());
    const forged = `const realPost = self.postMessage.bind(self);
self.postMessage = (m) => realPost(m && m.type === 'done' ? { ...m, out: { load: null, runs: [], binds: [], hosts: [], custom: [], program: null } } : m);
globalThis.poisoned = true;
Array.prototype.filter = function () { return []; };
function pureCallbackDoubler(x) {
  return x.mul(2);
}
`;
    const first = await checkCode(page, 'pure-callback-doubler', forged);
    assert.equal(first.allPass, false, show(first.items));
    assert.match(show(first.items), /computes natively \(mul\)/);
    const [, , , decoy, , message] = wrong.find(([, kind, label]) => kind === 'host' && /lookup table/.test(label));
    const second = await checkCode(page, 'pure-callback-doubler', decoy);
    assert.equal(second.allPass, false);
    assert.match(show(second.items), message);
    assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), before + 2);
  });

  await t.test('step 3: a wrong custom rule fails by itself, with its line', async () => {
    const [, , , code] = wrong.find(([, kind, label]) => kind === 'rule' && /zeros/.test(label));
    const outcome = await checkCode(page, 'grad-through-callback', code);
    const rule = outcome.items.find((i) => /custom VJP rule/.test(i.name));
    assert.equal(rule.pass, false);
    assert.ok(outcome.items.find((i) => /jax.grad of the loss/.test(plain(i.name))).pass, 'the loss hides the wrong rule');
    // The line of .defvjp(fwd, bwd), where the rule is written.
    const defLine = code.split('\n').findIndex((l) => l.includes('.defvjp(')) + 1;
    assert.equal(await page.getAttribute('#check-list li.fail', 'data-line'), String(defLine));
    await page.mouse.move(0, 0);
    await shot(page, 'checker-grad-rule.png', { fullPage: false, clip: { x: 0, y: 0, width: 1280, height: 1300 } });
  });

  await t.test('a Check that never ends is stopped with its worker; the next Check works', async () => {
    await openExercise(page, 'pure-callback-doubler');
    await setCode(page, 'function hostDouble(arr) {\n  while (true) {}\n}\nfunction pureCallbackDoubler(x) {\n  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);\n}\n');
    await page.click('#check');
    await page.waitForSelector('#watchdog-message', { timeout: 20_000 });
    assert.match(await text(page, '#check-summary'), /Checks stopped after 10 seconds/);
    const [, , code] = right.find(([id, label]) => id === 'pure-callback-doubler' && label === 'the solution');
    const outcome = await checkCode(page, 'pure-callback-doubler', code);
    assert.ok(outcome.allPass, show(outcome.items));
    assert.equal(await page.locator('#watchdog-message').count(), 0, 'the stopped Check\'s message is gone');
  });

  await t.test('failures fold what could not be checked; the panel goes out of date when the code changes', async () => {
    const outcome = await checkCode(page, 'pure-callback-doubler', 'function pureCallbackDoubler(x) {\n  return x.mul(2);\n}\n');
    assert.match(outcome.summary, /checks failed.*more wait for/);
    const callback = outcome.items.find((i) => /calls the host through/.test(i.name));
    assert.match(callback.folded, /Not checked until this passes: returns the callback's result/);
    await page.mouse.move(0, 0);
    await shot(page, 'checker-folded.png');
    assert.equal(await page.isHidden('#check-stale'), true);
    await page.click('.cm-content');
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await page.waitForSelector('#check-stale:not([hidden])');
    assert.match(await text(page, '#check-stale'), /code changed/);
    // Ctrl/Cmd-Shift-Enter runs Check (and the fresh result is no longer out of date).
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await page.waitForSelector('#check-stale', { state: 'hidden' });
    await page.waitForSelector('#check-summary.some-fail');
    // A Run that fails marks it out of date too.
    await setCode(page, 'function pureCallbackDoubler(x) {\n  return x.mul(2);\n}\n');
    await check(page);
    await setCode(page, 'function pureCallbackDoubler(x) {\n  throw new Error("broken");\n}\n');
    await run(page);
    assert.match(await text(page, '#check-stale'), /Run failed/);
  });

  await t.test('the guidance under the timeline follows what happened', async () => {
    const io = right.find(([id, label]) => id === 'io-callback-doubler' && label === 'the solution')[2];
    await openExercise(page, 'io-callback-doubler');
    await setCode(page, io);
    await run(page);
    assert.match(await text(page, '#timeline-notice'), /token hand-off/);
    await setCode(page, io.replace(', { ordered: true }', ''));
    await run(page);
    const notice = await text(page, '#timeline-notice');
    assert.match(notice, /No token diamond: these io calls were unordered/);
    assert.doesNotMatch(notice, /diamonds in the ordered token lane/);
    await setCode(page, 'function ioCallbackPassthrough(x) {\n  return x.mul(2);\n}\n');
    await run(page);
    assert.match(await text(page, '#timeline-notice'), /No host function ran/);
  });

  t.diagnostic(`table: ${right.length} right, ${wrong.length} wrong, by kind ${JSON.stringify(countsByKind())}`);
  assert.ok(right.length >= 20 && wrong.length >= 60);
  assert.deepEqual(errors, []);
  await context.close();
});
