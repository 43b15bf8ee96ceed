// The embeddable widget's load: a course page on a second origin with one <jaxplay-exercise>,
// each run in a fresh browser context (cold cache), served by scripts/serve.mjs (compressed).
// Measures, from the host page's navigation start: the widget's first paint (task and editor in
// place, before the engine) and its ready event (editor usable, engine loaded), and the bytes
// transferred (encoded bodies + headers) — on localhost, and under Chromium's Fast 3G profile
// (CDP Network.emulateNetworkConditions: 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up).
// Site isolation is switched off so that the page's one CDP session throttles the widget's
// frame and its worker too. Writes bench/results/widget.json; `node bench/report.mjs` puts it
// into BENCHMARKS.md (section "Embedded widget").
//
//   node bench/widget.mjs [--runs N]      (default 5 localhost runs, 3 Fast 3G runs)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/browser.mjs';
import { withOrigins, hostPage, widgetFrame } from '../tests/e2e/widget-host.mjs';
import { ensureBundle } from '../scripts/bundle.mjs';
import { renderMarkdown } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, 'results', 'widget.json');
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44e6 / 8), uploadThroughput: (675e3 / 8) };

const PAGE = (widget) => ({
  '/lesson.html': {
    html: hostPage(widget, '<jaxplay-exercise id="w" exercise="pure-callback-doubler"></jaxplay-exercise>')
      .replace('</script></head>', "window.readyAt = null; document.addEventListener('jaxplay-ready', () => { window.readyAt ??= performance.now(); });</script></head>"),
  },
});

async function once(browser, url, network) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = [];
  context.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize, () => 0)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  await page.goto(url);
  await page.waitForFunction(() => window.readyAt !== null, null, { timeout: 120_000 });
  const hostOrigin = await page.evaluate(() => performance.timeOrigin);
  const ready = await page.evaluate(() => window.readyAt);
  const frame = await widgetFrame(page, 'w');
  const paint = await frame.evaluate((o) => performance.timeOrigin - o + performance.getEntriesByName('jaxplay-widget-editor')[0].startTime, hostOrigin);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ready: Math.round(ready), firstPaint: Math.round(paint), bytes, requests: sizes.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function measureWidget() {
  await ensureBundle();
  const browser = await launchBrowser({
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'],
  });
  try {
    return await withOrigins(PAGE, async ({ host }) => {
      const url = `${host}lesson.html`;
      const local = [];
      for (let i = 0; i < runs; i++) local.push(await once(browser, url, null));
      const slow = [];
      for (let i = 0; i < Math.max(1, Math.min(3, runs)); i++) slow.push(await once(browser, url, FAST_3G));
      const summary = (xs) => ({ readyMedian: median(xs.map((x) => x.ready)), firstPaintMedian: median(xs.map((x) => x.firstPaint)), runs: xs });
      return {
        date: new Date().toISOString(),
        chromium: browser.version(),
        // The machine is shared: the load says how busy it was while measuring.
        load: { average: Number(os.loadavg()[0].toFixed(1)), cores: os.cpus().length },
        localhost: summary(local),
        fast3g: { profile: FAST_3G, ...summary(slow) },
        transfer: { bytes: local[0].bytes, requests: local[0].requests },
      };
    });
  } finally {
    await browser.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const results = await measureWidget();
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  const l = results.localhost;
  const f = results.fast3g;
  console.log(`widget: localhost ready ${l.runs.map((r) => r.ready).join(', ')} ms (median ${l.readyMedian}; first paint median ${l.firstPaintMedian})`);
  console.log(`widget: Fast 3G ready ${f.runs.map((r) => r.ready).join(', ')} ms (median ${f.readyMedian}; first paint median ${f.firstPaintMedian})`);
  console.log(`widget: ${results.transfer.requests} requests, ${results.transfer.bytes} bytes transferred; wrote ${path.relative(process.cwd(), OUT)}`);
  const latest = path.join(HERE, 'results', 'latest.json');
  if (fs.existsSync(latest)) {
    fs.writeFileSync(path.join(HERE, '..', 'BENCHMARKS.md'), renderMarkdown(JSON.parse(fs.readFileSync(latest, 'utf8'))));
    console.log('widget: regenerated BENCHMARKS.md');
  }
}
