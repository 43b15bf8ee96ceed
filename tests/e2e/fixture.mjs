// The scaffolding every e2e test shares (not a test file): the page bundled and test-results/
// made, one Chromium for the test, a fresh server on a free port (or the widget's origins), and
// everything closed however the test ends. A test file then holds only what it checks:
//
//   browserTest('share links', { timeout: 120_000 }, async ({ t, browser, url }) => {
//     const { page, errors } = await openPage(browser, url);
//     ...
//   });
import { test } from 'node:test';
import { launchBrowser, withServer } from './browser.mjs';
import { prepare } from './app.mjs';
import { withOrigins } from './widget-host.mjs';

/** Serves the playground (www/); the test gets `{ url }`. */
export const playground = (fn) => withServer((url) => fn({ url }));

/** Serves the widget and a host origin for `pages(widget)`; the test gets `{ widget, host, hostile }`. */
export const origins = (pages) => (fn) => withOrigins(pages, fn);

/**
 * A node:test test run as `body({ t, browser, ...served })`: `t` the test context (for subtests),
 * `browser` a Chromium launched for it, `served` what `serve` hands over (`playground` by default).
 */
export function browserTest(name, options, body, serve = playground) {
  return test(name, options, async (t) => {
    await prepare();
    const browser = await launchBrowser();
    try {
      await serve((served) => body({ t, browser, ...served }));
    } finally {
      await browser.close();
    }
  });
}
