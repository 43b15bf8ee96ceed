// Playground Run latency in headless Chromium: time from the Run click to the result on the
// page, for exercise 1 (the pureCallback doubler), repeated; and the time a fresh engine
// worker takes to become ready. Every Run gets a fresh worker (www/app/worker-pool.js) in the
// engine sandbox frame (www/app/sandbox.js), so this is what both cost a learner.
//   node bench/run-latency.mjs [runs] [pauseMs]    prints JSON: { runs, pauseMs, runMs: { median, p90, min, max } }
// pauseMs (default 1000): the time between Runs, in which the next worker warms up.
import { launchBrowser, withServer } from '../tests/e2e/browser.mjs';
import { prepare, openPage, useSolution } from '../tests/e2e/app.mjs';

const RUNS = Number(process.argv[2] ?? 30);
const PAUSE = Number(process.argv[3] ?? 1000);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p90: q(0.9), min: s[0], max: s.at(-1) };
};

await prepare();
const browser = await launchBrowser();
try {
  await withServer(async (url) => {
    const { page, context } = await openPage(browser, url);
    // The exercise opens on its skeleton, which fails: time a Run that returns a result.
    await useSolution(page);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      // Between Runs the learner reads the result: the next worker has time to warm up.
      await page.waitForTimeout(PAUSE);
      await page.waitForFunction(() => !document.querySelector('#run').disabled);
      const ms = await page.evaluate(() => new Promise((resolve) => {
        const t0 = performance.now();
        const result = document.querySelector('#result');
        const seen = new MutationObserver(() => {
          if (document.querySelector('#result-values') && result.getAttribute('aria-busy') === 'false') {
            seen.disconnect();
            resolve(performance.now() - t0);
          }
        });
        seen.observe(result, { childList: true, subtree: true, attributes: true });
        document.querySelector('#run').click();
      }));
      times.push(ms);
    }
    const round = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 10) / 10]));
    console.log(JSON.stringify({ runs: RUNS, pauseMs: PAUSE, runMs: round(stats(times)) }));
    await context.close();
  });
} finally {
  await browser.close();
}
