// The scaffolding every e2e test shares (not a test file): the page bundled and test-results/
// made, one Chromium for the test, the servers it needs (a fresh playground server on a free
// port, the widget's origins, or several at once), and everything closed however the test ends.
// A test file then holds only what it checks:
//
//   browserTest('share links', { timeout: 120_000 }, async ({ t, browser, url }) => {
//     const { page, errors } = await openPage(browser, url);
//     ...
//   });
import { test } from 'node:test';
import net from 'node:net';
import { chromium } from 'playwright-core';
import { launchBrowser, withServer, ARGS } from './browser.mjs';
import { prepare } from './app.mjs';
import { withOrigins } from './widget-host.mjs';

/** Serves the playground (www/); the test gets `{ url }`. */
export const playground = (fn) => withServer((url) => fn({ url }));

/** Serves the widget and a host origin for `pages(widget)`; the test gets `{ widget, host, hostile }`. */
export const origins = (pages) => (fn) => withOrigins(pages, fn);

/** Runs several of the above at once; the test gets what each hands over. */
export const together = (...serves) => (fn) => serves.reduceRight(
  (inner, serve) => (given) => serve((served) => inner({ ...given, ...served })),
  fn,
)({});

/** A free loopback port. */
const freePort = () => new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});

/**
 * A node:test test run as `body({ t, browser, ...served })`: `t` the test context (for subtests),
 * `browser` a Chromium launched for it, `served` what `serve` hands over (`playground` by default).
 * With the option `devtools: true` Chromium also listens for DevTools, and the body gets
 * `connect()`, a new connection to the same browser (what reaches a page whose Playwright page
 * closed when one of its frames crashed); the fixture closes those too.
 */
export function browserTest(name, { devtools = false, ...options }, body, serve = playground) {
  return test(name, options, async (t) => {
    await prepare();
    const port = devtools ? await freePort() : null;
    const browser = await launchBrowser(devtools ? { args: [...ARGS, `--remote-debugging-port=${port}`] } : {});
    const connections = [];
    const connect = async () => {
      const connection = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      connections.push(connection);
      return connection;
    };
    try {
      await serve((served) => body({ t, browser, ...(devtools ? { connect } : {}), ...served }));
    } finally {
      for (const connection of connections) await connection.close().catch(() => {});
      await browser.close();
    }
  });
}
