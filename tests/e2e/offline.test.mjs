// The built site's service worker (www/sw.js, written by scripts/site.mjs), on a header-less
// static host: after one visit the playground loads with no request reaching the host but the
// browser's update check of sw.js, and the playground and a lesson with its widgets work with
// the network off; a new build is found, cached and used from the next load, the version before
// kept for tabs still showing it. The sandbox frame the service worker serves (no sandbox
// attribute; a sandbox header instead) is sandboxed all the same: an opaque origin, a process
// of its own, no network for learner code; and a frame that is not sandboxed is never used.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPage, preferJavaScript, waitReady, useSolution, run, text, VIEWPORT } from './app.mjs';
import { waitWidgets } from './widget-host.mjs';
import { withPlainServers } from './plain-host.mjs';
import { browserTest } from './fixture.mjs';
import { buildSite, writeServiceWorker } from '../../scripts/site.mjs';

/** The site's caches in `page`'s origin: [[name, entries]], oldest first. */
const siteCaches = (page) => page.evaluate(async () => Promise.all((await caches.keys())
  .filter((k) => k.startsWith('jaxplay-')).map(async (k) => [k, (await (await caches.open(k)).keys()).length])));

/**
 * Waits until `fn(arg)`, evaluated in `where` (a page or frame), resolves truthy; polled from
 * here, since waitForFunction takes a promise for a truthy answer.
 */
async function until(where, fn, arg, what) {
  const deadline = Date.now() + 60_000;
  while (!(await where.evaluate(fn, arg))) {
    if (Date.now() > deadline) throw new Error(`not within 60 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the service worker of `version` controls `page` and its cache holds all `count` files. */
const cached = (page, version, count) => until(page, async ([v, n]) => {
  if (!navigator.serviceWorker.controller || !(await caches.has(`jaxplay-${v}`))) return false;
  return (await (await caches.open(`jaxplay-${v}`)).keys()).length === n;
}, [version, count], `the service worker of ${version} in control with ${count} files`);

/** The engine's sandbox frame in `page`: its attribute, its origin as its own script sees it. */
async function sandboxFrame(page) {
  const attribute = await page.locator('iframe.engine-sandbox').getAttribute('sandbox');
  const frame = page.frames().find((f) => f.url().endsWith('/sandbox.html'));
  return { attribute, origin: await frame.evaluate(() => self.origin), readable: await page.evaluate(() => document.querySelector('iframe.engine-sandbox').contentDocument !== null) };
}

/** A learner program that tries to reach the site's host from a host callback. */
const leak = (url) => [
  'async function main() {',
  `  const tried = await fetch("${url}leak").then(() => "reached", (e) => "blocked: " + e.name);`,
  '  console.log(tried);',
  '  return 1;',
  '}',
].join('\n');

browserTest('the service worker: second visits from the cache, offline after one visit, a new build used', { timeout: 300_000 }, async ({ t, browser }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-offline-'));
  try {
    const { files } = await buildSite({ outdir: dir, quiet: true });
    const first = await writeServiceWorker(dir); // what buildSite wrote: the version it named
    const count = files.length - 1; // all but sw.js
    await withPlainServers([[dir]], async (site) => {
      const { context, page, errors } = await openPage(browser, site.url);

      await t.test('the first visit goes to the host and leaves the whole site cached', async () => {
        assert.equal((await sandboxFrame(page)).attribute, 'allow-scripts', 'not yet controlled: the sandbox attribute');
        await cached(page, first.version, count);
        assert.deepEqual(await siteCaches(page), [[`jaxplay-${first.version}`, count]]);
      });

      await t.test('a second visit loads from the cache: no request reaches the host but the update check', async () => {
        site.hits.length = 0;
        await page.reload();
        await waitReady(page);
        const readyAt = await page.evaluate(() => performance.now());
        console.log(`second visit: engine ready ${Math.round(readyAt)} ms after navigation`);
        assert.deepEqual(site.hits.filter((h) => h !== '/sw.js'), []);
        await useSolution(page);
        await run(page);
        assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
      });

      await t.test('the frame the service worker serves is sandboxed: opaque origin, own process, no network', async () => {
        assert.deepEqual(await sandboxFrame(page), { attribute: null, origin: 'null', readable: false });
        const cdp = await browser.newBrowserCDPSession();
        const { targetInfos } = await cdp.send('Target.getTargets');
        await cdp.detach();
        assert.ok(targetInfos.some((i) => i.type === 'iframe' && i.url.endsWith('/sandbox.html')), 'the sandbox frame runs out of the page\'s process');
        site.hits.length = 0;
        const reply = await page.evaluate((code) => window.__jaxplay.engine.program(code, 'js'), leak(site.url));
        assert.ok(reply.out && !reply.out.error, JSON.stringify(reply));
        assert.ok(!site.hits.includes('/leak'), 'learner code reached the host');
      });

      await t.test('offline: the playground runs, a lesson\'s widgets load', async () => {
        await context.setOffline(true);
        await page.reload();
        await waitReady(page);
        await useSolution(page);
        await run(page);
        assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
        await page.goto(`${site.url}learn/pure-callback.html`);
        await page.waitForFunction(() => [...document.querySelectorAll('jaxplay-exercise')].every((w) => w.shadowRoot?.querySelector('iframe')), null, { timeout: 30_000 });
        const count = await page.locator('jaxplay-exercise').count();
        for (let i = 0; i < count; i++) {
          const frame = await (await page.locator('jaxplay-exercise').nth(i).evaluateHandle((el) => el.shadowRoot.querySelector('iframe'))).asElement().contentFrame();
          await frame.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
        }
        await context.setOffline(false);
      });

      await t.test('a new build is found, cached whole and used from the next load; the version before is kept, older ones go', async () => {
        await page.goto(site.url);
        await waitReady(page);
        const deploy = async (title) => {
          const index = path.join(dir, 'index.html');
          await fs.writeFile(index, (await fs.readFile(index, 'utf8')).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`));
          return writeServiceWorker(dir);
        };
        const second = await deploy('jaxplay, second build');
        assert.notEqual(second.version, first.version);
        // This load still shows the cached build; it finds the new one.
        await page.reload();
        await cached(page, second.version, count);
        assert.notEqual(await page.title(), 'jaxplay, second build');
        await page.reload();
        await waitReady(page);
        assert.equal(await page.title(), 'jaxplay, second build');
        const third = await deploy('jaxplay, third build');
        await page.reload();
        await cached(page, third.version, count);
        await until(page, async (old) => !(await caches.has(old)), `jaxplay-${first.version}`, 'the first version\'s cache deleted');
        assert.deepEqual((await siteCaches(page)).map(([k]) => k), [`jaxplay-${second.version}`, `jaxplay-${third.version}`]);
        await page.reload();
        await waitReady(page);
        assert.equal(await page.title(), 'jaxplay, third build');
      });

      assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
      await context.close();
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}, (fn) => fn({}));

browserTest('a sandbox frame that is not sandboxed is never handed anything: the page frames it again with the attribute', { timeout: 180_000 }, async ({ browser }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-offline-'));
  try {
    const { files } = await buildSite({ outdir: dir, quiet: true });
    const { version } = await writeServiceWorker(dir);
    // A service worker that serves sandbox.html without the sandbox header (an older or
    // foreign one): the frame then has the page's origin.
    const sw = path.join(dir, 'sw.js');
    await fs.writeFile(sw, (await fs.readFile(sw, 'utf8')).replace("return file === SANDBOX ? sandboxed(res) : res;", 'return res;'));
    await withPlainServers([[dir]], async (site) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      await preferJavaScript(context);
      const page = await context.newPage();
      const warned = [];
      page.on('console', (m) => { if (m.type() === 'warning') warned.push(m.text()); });
      await page.goto(site.url);
      await waitReady(page);
      await cached(page, version, files.length - 1);
      await page.reload();
      await waitReady(page);
      assert.ok(warned.some((w) => /was not sandboxed/.test(w)), warned.join('\n'));
      assert.deepEqual(await sandboxFrame(page), { attribute: 'allow-scripts', origin: 'null', readable: false });
      assert.equal(await page.locator('iframe.engine-sandbox').count(), 1, 'the unsandboxed frame is gone');
      await useSolution(page);
      await run(page);
      assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
      await context.close();
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}, (fn) => fn({}));

// A widget framed by a page of another site may register a (partitioned) service worker only
// where the browser allows storage in third-party frames; headless Chromium refuses it. The
// widget then works as before, online, and says why in a console warning.
browserTest('a widget on another site\'s page whose service worker the browser refuses works all the same', { timeout: 180_000 }, async ({ browser }) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-offline-'));
  try {
    await buildSite({ outdir: dir, quiet: true });
    await withPlainServers([[dir]], async (site) => {
      const course = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title>
<script src="${site.url}embed.js" defer></script>
<script>window.events = []; for (const n of ['jaxplay-ready', 'jaxplay-error']) document.addEventListener(n, (e) => window.events.push({ name: n, detail: e.detail }));</script>
</head><body><jaxplay-exercise id="w" exercise="pure-callback-doubler" language="js"></jaxplay-exercise></body></html>`;
      await withPlainServers([[{ '/course.html': course }, { host: 'localhost' }]], async (host) => {
        const context = await browser.newContext({ viewport: VIEWPORT });
        const page = await context.newPage();
        const warned = [];
        page.on('console', (m) => { if (m.type() === 'warning') warned.push(m.text()); });
        await page.goto(`${host.url}course.html`);
        assert.deepEqual((await waitWidgets(page, 1)).filter((e) => e.name === 'jaxplay-error'), []);
        const frame = page.frames().find((f) => f.url().includes('/widget.html'));
        const refused = () => warned.some((w) => /service worker could not be registered/.test(w));
        const registered = () => frame.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length > 0, () => false));
        for (const deadline = Date.now() + 30_000; !refused() && !(await registered());) {
          assert.ok(Date.now() < deadline, 'neither registered nor refused within 30 s');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const registeredNow = !refused();
        console.log(`cross-site widget: service worker ${registeredNow ? 'registered' : 'refused by the browser'}`);
        const ran = await page.evaluate(async () => {
          const w = document.getElementById('w');
          await w.setCode('function pureCallbackDoubler(x) { return jax.pureCallback((a) => np.asarray(a).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x); }');
          return w.run();
        });
        assert.equal(ran.ok, true, JSON.stringify(ran));
        assert.deepEqual(ran.value.values, [2, -4, 6]);
        await context.close();
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}, (fn) => fn({}));
