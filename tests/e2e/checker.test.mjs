// Check reads the traced program, not just values: every correct solution passes all checks,
// and each typical mistake (checker-cases.mjs) fails the right check with a message that says
// what to fix. Also exercise 3 end to end: the starter's error with its three-fix hint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, withServer } from './browser.mjs';
import { prepare, openPage, shot, text, setCode, run, check, checkOutcome, announced } from './app.mjs';
import { correct, wrong } from './checker-cases.mjs';

async function checkCode(page, exercise, code) {
  if (await page.getAttribute(`#tab-${exercise}`, 'aria-selected') !== 'true') await page.click(`#tab-${exercise}`);
  await setCode(page, code);
  await check(page);
  const items = await page.locator('#check-list li').evaluateAll((lis) => lis.map((li) => ({
    pass: li.classList.contains('pass'),
    name: li.querySelector('.check-name').textContent.replace(/^(Passed|Failed): /, ''),
    detail: li.querySelector('.check-detail').textContent,
  })));
  return { ...(await checkOutcome(page)), items };
}

const show = (items) => items.map((i) => `${i.pass ? '✓' : '✗'} ${i.name} — ${i.detail}`).join('\n');

test('Check inspects the traced program and the host function', { timeout: 240_000 }, async (t) => {
  await prepare();
  const browser = await launchBrowser();
  try {
    await withServer(async (url) => {
      const { context, page, errors } = await openPage(browser, url);

      await t.test('exercise 3 starts failing: grad through the callback, with the three fixes as hint', async () => {
        await page.click('#tab-grad-through-callback');
        assert.equal(await text(page, '#task-title'), 'grad through a callback');
        await run(page);
        assert.equal(await page.locator('#result-values').count(), 0);
        assert.match(await text(page, '#result .error-message'), /Pure callbacks do not support JVP/);
        const hint = await text(page, '#result .error-hint');
        assert.match(hint, /stopGradient/);
        assert.match(hint, /customJvp|customVjp/);
        assert.match(hint, /jnp operations/);
        assert.match(await text(page, '#jaxpr'), /pure_callback\[/);
        await announced(page, /^Run failed: /);
        await page.mouse.move(0, 0);
        await shot(page, 'exercise3-error.png');
      });

      for (const [exercise, label, code] of correct) {
        await t.test(`accepted: ${exercise}, ${label}`, async () => {
          const outcome = await checkCode(page, exercise, code);
          assert.ok(outcome.allPass, `${outcome.summary}\n${show(outcome.items)}`);
          if (exercise === 'grad-through-callback') {
            const fix = outcome.items.find((i) => /uses a valid fix/.test(i.name));
            assert.match(fix.detail, /^fix used: /);
          }
        });
      }

      await t.test('exercise 3 fixed: Run shows the gradient, Check names the fix', async () => {
        const [, , code] = correct.find(([, label]) => /customVjp/.test(label));
        await setCode(page, code);
        await run(page);
        assert.equal(await text(page, '#result-values'), '[-4, -2, 0, 6]');
        assert.match(await text(page, '#result .status'), /jax\.grad\(centeredLoss\)/);
        await check(page);
        assert.match(await text(page, '#check-list'), /fix used: a custom_vjp rule around the callback/);
        await page.mouse.move(0, 0);
        await shot(page, 'exercise3-fixed.png');
      });

      for (const [exercise, label, code, checkName, message] of wrong) {
        await t.test(`rejected: ${exercise}, ${label}`, async () => {
          const outcome = await checkCode(page, exercise, code);
          assert.equal(outcome.allPass, false, `${label} passed every check`);
          const failing = outcome.items.filter((i) => !i.pass && checkName.test(i.name));
          assert.ok(failing.length > 0, `no failing check named ${checkName}:\n${show(outcome.items)}`);
          assert.ok(failing.some((i) => message.test(i.detail)), `the message does not match ${message}:\n${show(failing)}`);
          assert.match(await text(page, '#check-summary'), /checks failed/);
        });
      }

      await t.test('failures are announced in the live summary and read as text', async () => {
        assert.equal(await page.getAttribute('#check-summary', 'aria-live'), 'polite');
        await page.click('#tab-pure-callback-doubler');
        await checkCode(page, 'pure-callback-doubler', wrong.find(([, l]) => /console\.log/.test(l))[2]);
        assert.match(await text(page, '#check-summary'), /^1 of 8 checks failed, 7 passed\.$/);
        assert.match(await text(page, '#check-list li.fail'), /Failed: the pure callback is pure/);
        // The Jaxpr panel shows the program the checks read.
        assert.match(await text(page, '#jaxpr'), /pure_callback\[\s+callback=hostDouble/);
        await page.mouse.move(0, 0);
        await shot(page, 'checker-impure.png');
      });

      assert.deepEqual(errors, []);
      await context.close();
    });
  } finally {
    await browser.close();
  }
});
