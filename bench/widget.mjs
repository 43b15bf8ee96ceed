// Time to ready of the built site (scripts/site.mjs), served compressed by scripts/serve.mjs:
// the embeddable widget (a course page on a second origin with one JavaScript
// <jaxplay-exercise>) and the playground (as a new visitor opens it: exercise 1, in Python),
// each load in a fresh browser context (cold cache, service worker blocked), on localhost and
// under Chromium's Fast 3G profile (CDP Network.emulateNetworkConditions: 562.5 ms round trip,
// 1.44 Mbit/s down, 675 kbit/s up); then the playground's second visit (served by its service
// worker), measured twice: under Playwright, and in a Chromium no DevTools client is attached
// to, as a reader's browser loads it (see `unattendedVisits`); and a visit with the network
// off. Times are ms from navigation start: *first paint* is the task and editor in place
// (before the engine), *ready* the engine loaded (the widget's jaxplay-ready; the
// playground's "Engine ready"). Also what the engine costs on a slow link:
// its bytes on the wire and their download time at Fast 3G against its compile time in
// Chromium. With --baseline DIR (a site built from another commit), both sites are measured in
// the same run, alternately. Site isolation is switched off so that the page's one CDP session
// throttles the frames and workers too. Writes bench/results/widget.json; `node
// bench/report.mjs` (or this script, when bench/results/latest.json exists) puts it into
// BENCHMARKS.md ("Slow links and second visits").
//
//   node bench/widget.mjs [--runs N] [--baseline DIR [--baseline-commit C]]
//   (default 5 localhost runs, 3 Fast 3G runs; DIR a site built by scripts/site.mjs at commit C)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawn } from 'node:child_process';
import { launchBrowser, ARGS, CHROMIUM } from '../tests/e2e/browser.mjs';
import { startServer } from '../scripts/serve.mjs';
import { withOrigins, hostPage, widgetFrame } from '../tests/e2e/widget-host.mjs';
import { buildSite } from '../scripts/site.mjs';
import { renderMarkdown } from './report.mjs';
import { TARGETS } from './widget-report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, 'results', 'widget.json');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const runs = Number(option('--runs') ?? 5);
const baseline = option('--baseline');
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44e6 / 8), uploadThroughput: (675e3 / 8) };

const PAGE = (widget) => ({
  '/lesson.html': {
    html: hostPage(widget, '<jaxplay-exercise id="w" exercise="pure-callback-doubler"></jaxplay-exercise>')
      .replace('</script></head>', "window.readyAt = null; document.addEventListener('jaxplay-ready', () => { window.readyAt ??= performance.now(); });</script></head>"),
  },
});

// The playground's first paint (editor and task in place) and ready, on the page's clock.
const WATCH_PLAYGROUND = () => {
  const seen = {};
  window.__load = seen;
  new MutationObserver(() => {
    const now = performance.now();
    if (!seen.editor && document.querySelector('#editor .cm-content') && document.getElementById('task-title')?.textContent) seen.editor = now;
    if (!seen.ready && document.body?.dataset.engine === 'ready') seen.ready = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
};

async function newContext(browser, { network = null, serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ serviceWorkers });
  const page = await context.newPage();
  const sizes = [];
  context.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  const bytes = async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  return { context, page, bytes, requests: () => sizes.length };
}

async function widgetOnce(browser, url, network) {
  const { context, page, bytes, requests } = await newContext(browser, { network });
  await page.goto(url);
  await page.waitForFunction(() => window.readyAt !== null, null, { timeout: 120_000 });
  const hostOrigin = await page.evaluate(() => performance.timeOrigin);
  const ready = await page.evaluate(() => window.readyAt);
  const frame = await widgetFrame(page, 'w');
  const paint = await frame.evaluate((o) => performance.timeOrigin - o + performance.getEntriesByName('jaxplay-widget-editor')[0].startTime, hostOrigin);
  const result = { ready: Math.round(ready), firstPaint: Math.round(paint), bytes: await bytes(), requests: requests() };
  await context.close();
  return result;
}

async function waitPlayground(page) {
  await page.waitForFunction(() => window.__load?.ready && window.__load.editor, null, { timeout: 120_000 });
  const { ready, editor } = await page.evaluate(() => window.__load);
  return { ready: Math.round(ready), firstPaint: Math.round(editor) };
}

async function playgroundOnce(browser, url, network) {
  const { context, page, bytes, requests } = await newContext(browser, { network });
  await context.addInitScript(WATCH_PLAYGROUND);
  await page.goto(url);
  const result = { ...(await waitPlayground(page)), bytes: await bytes(), requests: requests() };
  await context.close();
  return result;
}

/** The playground's second visit, from the service worker's cache, and one with the network off. */
async function revisits(browser, url) {
  const { context, page } = await newContext(browser, { serviceWorkers: 'allow' });
  await context.addInitScript(WATCH_PLAYGROUND);
  await page.goto(url);
  await waitPlayground(page);
  const hasWorker = await page.evaluate(() => Boolean(document.querySelector('meta[name="jaxplay-service-worker"]')));
  if (!hasWorker) {
    await context.close();
    return null;
  }
  // Until the service worker controls the page and has cached the site.
  for (const deadline = Date.now() + 120_000; ;) {
    const done = await page.evaluate(async () => Boolean(navigator.serviceWorker.controller) && (await caches.keys()).length > 0
      && (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
    if (done) break;
    if (Date.now() > deadline) throw new Error('the service worker did not take over');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const second = [];
  for (let i = 0; i < runs; i++) {
    await page.reload();
    second.push(await waitPlayground(page));
  }
  await context.setOffline(true);
  await page.reload();
  const offline = await waitPlayground(page);
  await context.close();
  return { second, offline };
}

/**
 * The playground's second visits as a reader's browser makes them: a Chromium started with no
 * DevTools client (a profile of its own) on a copy of the site whose playground loads
 * bench/second-visit-probe.js, which makes one visit, waits for the service worker, then
 * reloads `visits` times and reports each ready time to this server. Not through Playwright: it
 * attaches DevTools to every worker, and a trace of a second visit shows that stopping the
 * engine worker's first script for about 50 ms (V8.InvokeApiInterruptCallbacks within its
 * EvaluateScript), a pause no reader's browser makes (bench/NOTES.md). Returns the ready times,
 * or null for a site without a service worker.
 */
async function unattendedVisits(root, visits) {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!html.includes('name="jaxplay-service-worker"')) return null;
  const entry = '<script type="module"';
  if (!html.includes(entry)) throw new Error(`bench: ${root}/index.html has no module script to put the probe before`);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'jaxplay-bench-visits-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jaxplay-bench-profile-'));
  fs.cpSync(root, copy, { recursive: true });
  fs.copyFileSync(path.join(HERE, 'second-visit-probe.js'), path.join(copy, 'bench-probe.js'));
  fs.writeFileSync(path.join(copy, 'index.html'), html.replace(entry, `<script src="bench-probe.js" data-visits="${visits}" async></script>${entry}`));
  const ready = [];
  let done;
  const finished = new Promise((resolve) => { done = resolve; });
  const route = (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname !== '/__bench/second-visit') return false;
    if (url.searchParams.has('ready')) ready.push(Number(url.searchParams.get('ready')));
    if (url.searchParams.has('done')) done();
    res.writeHead(204).end();
    return true;
  };
  const { server, url } = await startServer({ root: copy, port: 0, route });
  // In a process group of its own, so that its helper processes go with it.
  const browser = spawn(CHROMIUM, [...ARGS, `--user-data-dir=${profile}`, url], { stdio: 'ignore', detached: true });
  let timer;
  try {
    await Promise.race([finished, new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`bench: ${visits} unattended second visits did not finish within 120 s`)), 120_000);
    })]);
    return ready;
  } finally {
    clearTimeout(timer);
    // A browser that already ended (it crashed, or never started) has no group left to stop.
    if (browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      process.kill(-browser.pid, 'SIGKILL');
      await exited;
    }
    server.closeAllConnections();
    server.close();
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** Chromium's compile time for the site's wasm (median of 5, after one warm-up), on a blank page. */
async function compileTime(browser, wasmUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // about:blank has no Content-Security-Policy; serve.mjs lets any origin read the file.
  const times = await page.evaluate(async (u) => {
    const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
    const out = [];
    for (let i = 0; i < 6; i++) {
      // A custom section of its own makes each copy new to V8, which keeps modules it compiled
      // by their bytes: each compile is then a first one, as on a page's first load.
      const name = new TextEncoder().encode(`bench-${i}-${Math.random()}`);
      const copy = new Uint8Array(bytes.length + 3 + name.length);
      copy.set(bytes);
      copy.set([0, name.length + 1, name.length, ...name], bytes.length);
      const t = performance.now();
      await WebAssembly.compile(copy);
      out.push(performance.now() - t);
    }
    return out.slice(1);
  }, wasmUrl);
  await context.close();
  return Math.round(median(times));
}

/** The bytes serve.mjs sends for `url` to a browser that accepts brotli. */
function bytesSent(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let n = 0;
      res.on('data', (chunk) => { n += chunk.length; });
      res.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (xs) => ({ readyMedian: median(xs.map((x) => x.ready)), firstPaintMedian: median(xs.map((x) => x.firstPaint)), runs: xs });

/** The site's engine file: its name and raw size. */
function engineFile(root) {
  const assets = path.join(root, 'assets');
  const name = fs.readdirSync(assets).find((f) => f.endsWith('.wasm'));
  return { name: `assets/${name}`, raw: fs.statSync(path.join(assets, name)).size };
}

export async function measureSites(sites) {
  const browser = await launchBrowser({
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'],
  });
  try {
    const results = {};
    for (const s of sites) results[s.label] = { label: s.label, commit: s.commit, widget: { localhost: [], fast3g: [] }, playground: { localhost: [], fast3g: [] } };
    // Alternately, run by run, so that a change in the machine's load reaches both sites alike.
    const each = async (fn) => {
      for (const s of sites) {
        await withOrigins(PAGE, async ({ host, widget }) => fn(s, results[s.label], { lesson: `${host}lesson.html`, playground: widget }), { root: s.root });
      }
    };
    for (let i = 0; i < runs; i++) {
      await each(async (s, r, u) => {
        r.widget.localhost.push(await widgetOnce(browser, u.lesson, null));
        r.playground.localhost.push(await playgroundOnce(browser, u.playground, null));
      });
    }
    for (let i = 0; i < Math.max(1, Math.min(3, runs)); i++) {
      await each(async (s, r, u) => {
        r.widget.fast3g.push(await widgetOnce(browser, u.lesson, FAST_3G));
        r.playground.fast3g.push(await playgroundOnce(browser, u.playground, FAST_3G));
      });
    }
    // Alternately too: three second visits in each fresh browser.
    for (let i = 0; i < Math.max(3, runs); i++) {
      for (const s of sites) {
        const visits = await unattendedVisits(s.root, 3);
        if (visits) results[s.label].unattended = [...(results[s.label].unattended ?? []), ...visits];
      }
    }
    await each(async (s, r, u) => {
      r.revisits = await revisits(browser, u.playground);
      const wasm = engineFile(s.root);
      const url = new URL(wasm.name, u.playground).href;
      const sent = await bytesSent(url);
      r.engine = { ...wasm, sent, fast3gDownloadMs: Math.round((sent / FAST_3G.downloadThroughput) * 1000), compileMs: await compileTime(browser, url) };
    });
    for (const r of Object.values(results)) {
      for (const what of ['widget', 'playground']) {
        r[what] = { localhost: summary(r[what].localhost), fast3g: summary(r[what].fast3g) };
      }
      if (r.revisits) {
        r.revisits = {
          unattendedMedian: median(r.unattended), unattended: r.unattended,
          secondMedian: median(r.revisits.second.map((x) => x.ready)), second: r.revisits.second, offline: r.revisits.offline,
        };
      }
      delete r.unattended;
    }
    return {
      date: new Date().toISOString(),
      chromium: browser.version(),
      // The machine is shared: the load says how busy it was while measuring.
      load: { average: Number(os.loadavg()[0].toFixed(1)), cores: os.cpus().length },
      profile: FAST_3G,
      targets: TARGETS,
      sites: sites.map((s) => results[s.label]),
    };
  } finally {
    await browser.close();
  }
}

const commitOf = (dir) => {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jaxplay-bench-site-'));
  try {
    await buildSite({ outdir: scratch, quiet: true });
    const sites = [{ label: 'this build', root: scratch, commit: commitOf(path.join(HERE, '..')) }];
    if (baseline) sites.unshift({ label: 'baseline', root: path.resolve(baseline), commit: option('--baseline-commit') ?? commitOf(path.resolve(baseline)) });
    const results = await measureSites(sites);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
    for (const r of results.sites) {
      for (const what of ['widget', 'playground']) {
        for (const net of ['localhost', 'fast3g']) {
          const s = r[what][net];
          console.log(`${r.label}: ${what} ${net}: ready ${s.runs.map((x) => x.ready).join(', ')} ms (median ${s.readyMedian}; first paint median ${s.firstPaintMedian}); ${s.runs[0].bytes} bytes, ${s.runs[0].requests} requests`);
        }
      }
      if (r.revisits) console.log(`${r.label}: playground second visit ready ${r.revisits.unattended.join(', ')} ms (no DevTools attached), ${r.revisits.second.map((x) => x.ready).join(', ')} ms under Playwright; offline ${r.revisits.offline.ready} ms`);
      console.log(`${r.label}: engine ${r.engine.sent} B sent (${r.engine.fast3gDownloadMs} ms at Fast 3G), compiled in ${r.engine.compileMs} ms`);
    }
    console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
    const latest = path.join(HERE, 'results', 'latest.json');
    if (fs.existsSync(latest)) {
      fs.writeFileSync(path.join(HERE, '..', 'BENCHMARKS.md'), renderMarkdown(JSON.parse(fs.readFileSync(latest, 'utf8'))));
      console.log('regenerated BENCHMARKS.md');
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
