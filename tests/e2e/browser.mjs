// Helpers for Playwright e2e tests (not a test file: node --test runs *.test.mjs only).
// Uses Debian's /usr/bin/chromium: Playwright's own browser download is unreachable here,
// so never run `npx playwright install`.
import { chromium } from 'playwright-core';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, DEFAULT_ROOT } from '../../scripts/serve.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

// --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
// The rest keep Chromium off the network (only loopback is reachable) and quiet.
export const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The browser every test and benchmark runs (bench/widget.mjs also starts it without Playwright). */
export const CHROMIUM = '/usr/bin/chromium';

export function launchBrowser(options = {}) {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, ...options });
}

// Runs fn(url) against a fresh server on a free port; always closes it.
export async function withServer(fn, { root = DEFAULT_ROOT } = {}) {
  const { server, url } = await startServer({ root, port: 0 });
  try {
    return await fn(url);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

// Collects uncaught page errors and console.error messages, so a test can
// assert the page ran cleanly: assert.deepEqual(errors, []).
export function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  return errors;
}
