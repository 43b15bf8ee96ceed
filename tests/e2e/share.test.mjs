// Share links: the exercise and code travel in the URL hash (#share=, deflate-raw + base64url);
// opening one restores them, and a damaged one explains itself and falls back to exercise 1.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { openPage, waitReady, shot, text, getCode, setCode, run, assertNoLongTasks, useSolution } from './app.mjs';
import { browserTest } from './fixture.mjs';

const base64url = (buf) => Buffer.from(buf).toString('base64url');
const packed = (obj) => base64url(zlib.deflateRawSync(Buffer.from(JSON.stringify(obj))));

browserTest('share links', { timeout: 120_000 }, async ({ t, browser, url }) => {
  const origin = new URL(url).origin;
  const a = await openPage(browser, url);
  const marker = '// shared ✓ ünïcode «quotes» and </script> stay text\n';
  let link;

  await t.test('Copy link puts the exercise and code into a #share= link', async () => {
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await a.page.click('#tab-io-callback-doubler');
    await a.page.waitForFunction(() => window.__jaxplay.editor.getCode().includes('ioCallbackPassthrough'));
    const solution = await a.page.evaluate(() => window.__jaxplay.solutionOf('io-callback-doubler'));
    await setCode(a.page, `${marker}${solution.replace('mul(2)', 'mul(2.0)')}`);
    await a.page.click('#copy-link');
    await a.page.waitForSelector('#share-row:not([hidden])');
    link = await a.page.inputValue('#share-link');
    assert.ok(link.startsWith(`${url}#share=`), link);
    assert.match(link.slice(link.indexOf('#share=') + 7), /^[A-Za-z0-9_-]+$/);
    assert.match(await text(a.page, '#share-status'), /copied|Ctrl\+C/);
    const clip = await a.page.evaluate(() => navigator.clipboard.readText()).catch(() => null);
    if (clip !== null) assert.equal(clip, link);
  });

  await t.test('opening the link elsewhere restores exercise and code, and it runs', async () => {
    const b = await openPage(browser, link);
    assert.equal(await b.page.getAttribute('#tab-io-callback-doubler', 'aria-selected'), 'true');
    assert.equal(await getCode(b.page), await getCode(a.page));
    assert.match(await text(b.page, '#page-message'), /Opened a shared link for “io_callback doubler, ordered”/);
    assert.equal(new URL(b.page.url()).hash, '#io-callback-doubler');
    await run(b.page);
    assert.equal(await text(b.page, '#result-values'), '[10, 12, 14]');
    // It is now this browser's code for the exercise: a reload keeps it.
    await b.page.reload();
    await waitReady(b.page);
    assert.equal(await getCode(b.page), await getCode(a.page));
    assert.deepEqual(b.errors, []);
    await b.context.close();
  });

  await t.test('opening a link never overwrites your own code: both are kept, also after reload', async () => {
    await setCode(a.page, '// my own work\n');
    await a.page.waitForTimeout(300); // saved after a short pause
    await a.page.goto(link);
    await waitReady(a.page);
    assert.match(await getCode(a.page), /shared ✓ ünïcode/);
    assert.match(await text(a.page, '#page-message'), /Your own code for it is kept/);
    assert.match(await text(a.page, '#shared-status'), /code from a share link/);
    await shot(a.page, 'share-kept.png', { fullPage: false });
    // Editing the shared code changes the shared copy only.
    await setCode(a.page, `${await getCode(a.page)}// edited the shared copy\n`);
    await a.page.click('#shared-switch');
    assert.equal(await getCode(a.page), '// my own work\n');
    assert.equal(await text(a.page, '#shared-switch'), 'Show the shared code');
    // The choice and both texts survive a reload (the hash is now the exercise's own).
    await a.page.reload();
    await waitReady(a.page);
    assert.equal(await getCode(a.page), '// my own work\n');
    await a.page.click('#shared-switch');
    assert.match(await getCode(a.page), /shared ✓ ünïcode[\s\S]*edited the shared copy/);
    await a.page.reload();
    await waitReady(a.page);
    assert.match(await getCode(a.page), /edited the shared copy/);
    await a.page.click('#shared-switch');
    assert.equal(await getCode(a.page), '// my own work\n');
    // Opening the same link again brings its code back without touching yours.
    await a.page.goto(`${url}#pure-callback-doubler`);
    await a.page.goto(link);
    await waitReady(a.page);
    assert.match(await getCode(a.page), /shared ✓ ünïcode/);
    assert.doesNotMatch(await getCode(a.page), /edited the shared copy/);
    await a.page.click('#shared-switch');
    assert.equal(await getCode(a.page), '// my own work\n');
  });

  await t.test('a deflate bomb is cut at the cap, without inflating the rest or blocking the page', async () => {
    // 0.3 MB of link that would inflate to 300 MiB.
    const bomb = base64url(zlib.deflateRawSync(Buffer.concat([Buffer.from('{"v":1,"e":"pure-callback-doubler","c":"'), Buffer.alloc(300 << 20, 0x20)]), { level: 9 }));
    assert.ok(bomb.length < 450_000, `${bomb.length} characters`);
    await a.page.goto(`${url}#pure-callback-doubler`);
    await waitReady(a.page);
    const started = Date.now();
    await a.page.evaluate((hash) => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        // Setting a 0.4 MB hash is itself a long task (this test's, not the page's): only
        // tasks that started after it count.
        for (const e of list.getEntries()) if (e.startTime >= window.__hashSet) window.__longTasks.push(Math.round(e.duration));
      }).observe({ type: 'longtask' });
      location.hash = hash;
      window.__hashSet = performance.now();
    }, `share=${bomb}`);
    await a.page.waitForFunction(() => /could not be opened/.test(document.querySelector('#page-message').textContent));
    const took = Date.now() - started;
    assert.match(await text(a.page, '#page-message'), /its code is too long/);
    const longTasks = await a.page.evaluate(() => window.__longTasks);
    console.log(`deflate bomb: rejected after ${took} ms`);
    assert.ok(took < 3000, `${took} ms`);
    assertNoLongTasks(longTasks, 'a deflate bomb');
  });
  assert.deepEqual(a.errors, []);
  await a.context.close();

  const malformed = [
    ['not base64url', '#share=%%%not*base64', /not valid base64url/],
    ['not deflate data', '#share=AAAAAAAAAAAA', /damaged or cut short/],
    ['deflated, not JSON', `#share=${base64url(zlib.deflateRawSync(Buffer.from('hello')))}`, /not readable/],
    ['unknown exercise', `#share=${packed({ v: 1, e: 'no-such-exercise', c: 'x' })}`, /names an exercise this page does not have/],
    ['wrong version', `#share=${packed({ v: 9, e: 'io-callback-doubler', c: 'x' })}`, /not a jaxplay share link/],
    ['empty', '#share=', /has no code in it/],
    ['percent-encoding in the payload', '#share=%E0%A4%A', /not valid base64url/],
    ['a payload too long to be a link', `#share=${'A'.repeat(1_200_000)}`, /its code is too long/],
  ];
  for (const [name, hash, reason] of malformed) {
    await t.test(`a malformed link (${name}) shows a clear message and exercise 1`, async () => {
      const c = await openPage(browser, `${url}${hash}`);
      const message = await text(c.page, '#page-message');
      assert.match(message, /This share link could not be opened/);
      assert.match(message, reason);
      assert.match(message, /Showing the first exercise instead/);
      assert.equal(await c.page.getAttribute('#page-message', 'role'), 'alert');
      assert.equal(await c.page.getAttribute('#tab-pure-callback-doubler', 'aria-selected'), 'true');
      assert.match(await getCode(c.page), /function pureCallbackDoubler/);
      assert.equal(new URL(c.page.url()).hash, '#pure-callback-doubler');
      if (name === 'not deflate data') await shot(c.page, 'share-malformed.png', { fullPage: false });
      await c.page.click('#page-message-close');
      assert.equal(await c.page.isHidden('#page-message'), true);
      assert.deepEqual(c.errors, []);
      await c.context.close();
    });
  }

  const hashes = [
    ['%E0%A4%A', /could not be read/],
    ['%', /could not be read/],
    ['%FF%FE', /could not be read/],
    ['__proto__', null],
    ['constructor', null],
    ['example:__proto__', null],
    ['example:toString', null],
    ['%00%0A<img src=x onerror=alert(1)>', null],
    [`x${'y'.repeat(100_000)}`, null],
  ];
  for (const [hash, message] of hashes) {
    await t.test(`a malformed hash (#${hash.slice(0, 30)}) opens the page with ${message ? 'a message' : 'exercise 1'}`, async () => {
      const c = await openPage(browser, `${url}#${hash}`);
      if (message) assert.match(await text(c.page, '#page-message'), message);
      else assert.equal(await c.page.isHidden('#page-message'), true);
      assert.equal(await c.page.getAttribute('#tab-pure-callback-doubler', 'aria-selected'), 'true');
      assert.equal(await c.page.locator('img').count(), 0);
      await useSolution(c.page);
      await run(c.page);
      assert.equal(await text(c.page, '#result-values'), '[2, -4, 6]');
      // Changing to a malformed hash later is handled the same way.
      await c.page.evaluate((h) => { location.hash = h; }, hash);
      await c.page.waitForTimeout(100);
      assert.equal(await c.page.isDisabled('#run'), false);
      assert.deepEqual(c.errors, []);
      await c.context.close();
    });
  }
});
