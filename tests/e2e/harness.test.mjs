// Proves the e2e path itself (serve.mjs + playwright-core + Debian Chromium)
// independently of the app, so an app failure is never mistaken for a harness one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, withServer, collectErrors, RESULTS_DIR } from './browser.mjs';

test('harness: chromium loads a page from serve.mjs and screenshots it', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-harness-'));
  try {
    await fs.writeFile(path.join(root, 'index.html'),
      '<!doctype html><html><head><title>jaxplay harness</title>' +
      '<link rel="icon" href="data:,"></head><body><h1 id="ok">harness ok</h1>' +
      '<script type="module">document.getElementById("ok").dataset.ran = "yes";</script>' +
      '</body></html>');
    await fs.mkdir(RESULTS_DIR, { recursive: true });
    const browser = await launchBrowser();
    try {
      await withServer(async (url) => {
        const page = await browser.newPage();
        const errors = collectErrors(page);
        const response = await page.goto(url);
        assert.equal(response.status(), 200);
        assert.equal(await page.title(), 'jaxplay harness');
        assert.equal(await page.getAttribute('#ok', 'data-ran'), 'yes');
        await page.screenshot({ path: path.join(RESULTS_DIR, 'harness.png') });
        assert.deepEqual(errors, []);
      }, { root });
    } finally {
      await browser.close();
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
