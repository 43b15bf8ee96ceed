// The Chromium environment: Debian's headless Chromium through playwright-core (as in
// tests/e2e/browser.mjs), the repository root served by scripts/serve.mjs's startServer (so the
// COOP/COEP headers make the page cross-origin isolated: 5 µs timers). One page runs the whole
// suite; the playground's page-ready time is measured in fresh browser contexts; in full mode
// the CPU profiler (CDP) samples case 1 on a build whose wasm keeps its function names.
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/serve.mjs';
import { stats } from './timing.mjs';
import { summariseProfile } from './profile.mjs';

// --no-sandbox: CI runs as root. The rest keep Chromium off the network and quiet.
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Installed before any page script: records performance.now() (ms since navigation start) when
 * the playground first reports ready. `window.jaxplayReady` wins if the page defines it (true, or
 * a promise); otherwise the "Engine ready" text of #engine-status (www/app.js sets it when the
 * engine worker has loaded the wasm).
 */
function readyProbe() {
  const mark = (how) => {
    if (window.__benchReadyAt !== undefined) return;
    window.__benchReadyAt = performance.now();
    window.__benchReadyHow = how;
  };
  const check = () => {
    if ('jaxplayReady' in window) {
      const r = window.jaxplayReady;
      if (r === true) mark('window.jaxplayReady');
      else if (r && typeof r.then === 'function' && !window.__benchHooked) {
        window.__benchHooked = true;
        r.then(() => mark('window.jaxplayReady (promise)'));
      }
      return;
    }
    const s = document.getElementById('engine-status');
    if (s && /engine ready/i.test(s.textContent)) mark('#engine-status "Engine ready"');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  const poll = () => { check(); if (window.__benchReadyAt === undefined) setTimeout(poll, 1); };
  poll();
}

async function pageReady(browser, url, loads, log) {
  const samples = [];
  const runs = [];
  for (let i = 0; i < loads; i++) {
    // A fresh context each load: empty HTTP cache, no service state from the previous load.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(readyProbe);
      await page.goto(`${url}www/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: 30_000, polling: 20 });
      const r = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return { ms: window.__benchReadyAt, how: window.__benchReadyHow, domContentLoaded: nav?.domContentLoadedEventEnd ?? null };
      });
      if (errors.length) throw new Error(`playground page errors: ${errors.join('; ')}`);
      samples.push(r.ms);
      runs.push(r);
    } finally {
      await context.close();
    }
  }
  const s = stats(samples);
  log(`  page ready (${runs[0].how}): first ${samples[0].toFixed(1)} ms, median ${s.median.toFixed(1)} ms of ${loads}`);
  return { ...s, first: samples[0], samples, indicator: runs[0].how, domContentLoaded: stats(runs.map((r) => r.domContentLoaded)).median };
}

async function openBench(context, url, query, log) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'log') log(m.text()); });
  // A module that fails to load (a missing build, an API change) fails the run at once.
  const failed = new Promise((_, reject) => page.on('pageerror', (e) => reject(new Error(`bench page: ${e.message}`))));
  failed.catch(() => {}); // errors after start-up surface through page.evaluate instead
  await page.goto(`${url}bench/page.html${query}`);
  await Promise.race([failed, page.waitForFunction(() => window.benchPageReady === true, null, { timeout: 30_000 })]);
  return page;
}

/** CPU profile of case 1 in the page (sampling every 50 µs), summarised by self time. */
async function profileCase1(context, url, buildPath, log) {
  const page = await openBench(context, url, `?build=${encodeURIComponent(buildPath)}`, () => {});
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await page.evaluate(() => window.spinCase1(300)); // warm up before sampling
  await cdp.send('Profiler.start');
  const usPerCall = await page.evaluate(() => window.spinCase1(2000));
  const { profile } = await cdp.send('Profiler.stop');
  await page.close();
  const summary = summariseProfile(profile);
  log(`  profile (case 1, ${usPerCall.toFixed(2)} µs/call while sampled): ${summary.categories.slice(0, 4).map((c) => `${c.name} ${c.pct.toFixed(0)}%`).join(', ')}`);
  return { usPerCall, ...summary };
}

/**
 * Runs the Chromium environment. `profileBuild`: URL path (from the repository root) of a copy
 * of www/ whose wasm keeps function names, or null to skip profiling.
 */
export async function runBrowser({ root, short, profileBuild, log = console.log }) {
  const { server, url } = await startServer({ root, port: 0 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
  try {
    const version = browser.version();
    log(`chromium ${version}`);
    const context = await browser.newContext();
    const page = await openBench(context, url, '', log);
    const result = await page.evaluate((short) => window.runBench({ short }), short);
    await page.close();
    result.env.chromiumVersion = version;
    result.pageReady = await pageReady(browser, url, short ? 2 : 9, log);
    if (profileBuild) result.profile = await profileCase1(context, url, profileBuild, log);
    await context.close();
    return result;
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
