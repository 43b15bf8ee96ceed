// Share links: the exercise and code travel in the URL hash (#share=, deflate-raw + base64url);
// opening one restores them, and a damaged one explains itself and falls back to exercise 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { launchBrowser, withServer } from './browser.mjs';
import { prepare, openPage, waitReady, shot, text, getCode, setCode, run } from './app.mjs';

const base64url = (buf) => Buffer.from(buf).toString('base64url');
const packed = (obj) => base64url(zlib.deflateRawSync(Buffer.from(JSON.stringify(obj))));

test('share links', { timeout: 120_000 }, async (t) => {
  await prepare();
  const browser = await launchBrowser();
  try {
    await withServer(async (url) => {
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

      await t.test('opening a link over your own code keeps yours one Undo away', async () => {
        await setCode(a.page, '// my own work\n');
        await a.page.waitForTimeout(300); // saved after a short pause
        await a.page.goto(link);
        await waitReady(a.page);
        assert.match(await getCode(a.page), /shared ✓ ünïcode/);
        await a.page.click('.cm-content');
        await a.page.keyboard.press('ControlOrMeta+z');
        assert.equal(await getCode(a.page), '// my own work\n');
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
    });
  } finally {
    await browser.close();
  }
});
