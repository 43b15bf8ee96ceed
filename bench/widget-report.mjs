// The "Slow links and second visits" section of BENCHMARKS.md, from bench/results/widget.json
// (written by bench/widget.mjs); empty when that file does not exist yet.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'widget.json');

/** The targets of issue 24, ms (bench/widget.mjs measures against them). */
export const TARGETS = { widgetFast3g: 2500, playgroundFast3g: 3500, secondVisit: 300 };

/** bench/widget.mjs's latest results, or null before a run. */
export function widgetResults() {
  if (!fs.existsSync(FILE)) return null;
  const r = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  return r.sites ? r : null;
}

/** This build's playground ready time on Fast 3G (median, ms), or null before a run. */
export function playgroundFast3g() {
  return widgetResults()?.sites.at(-1).playground.fast3g.readyMedian ?? null;
}

const met = (value, target) => (value <= target ? 'met' : '**not met**');

export function widgetSection() {
  if (!fs.existsSync(FILE)) return '';
  const r = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  if (!r.sites) return '';
  const { targets } = r;
  const name = (s) => `${s.label}${s.commit ? ` (\`${s.commit}\`)` : ''}`;
  const rows = [];
  for (const [what, label, target] of [['widget', 'widget on a course page', targets.widgetFast3g], ['playground', 'playground (exercise 1, Python)', targets.playgroundFast3g]]) {
    for (const [net, netLabel] of [['localhost', 'localhost'], ['fast3g', 'Fast 3G']]) {
      for (const s of r.sites) {
        const m = s[what][net];
        const goal = net === 'fast3g' ? `≤ ${target}: ${met(m.readyMedian, target)}` : '';
        rows.push(`| ${label} | ${netLabel} | ${name(s)} | ${m.runs.map((x) => x.firstPaint).join(' / ')} (${m.firstPaintMedian}) | ${m.runs.map((x) => x.ready).join(' / ')} (**${m.readyMedian}**) | ${(m.runs[0].bytes / 1024).toFixed(0)} KB, ${m.runs[0].requests} | ${goal} |`);
      }
    }
  }
  // Results written before the unattended reading existed say so rather than failing.
  const unattended = (v) => (v.unattended
    ? `${v.unattended.join(' / ')} (**${v.unattendedMedian}**) | ≤ ${targets.secondVisit}: ${met(v.unattendedMedian, targets.secondVisit)}`
    : 'not measured | ');
  const visits = r.sites.map((s) => (s.revisits
    ? `| ${name(s)} | ${unattended(s.revisits)} | ${s.revisits.second.map((x) => x.ready).join(' / ')} (${s.revisits.secondMedian}) | ${s.revisits.offline.ready} (ready) |`
    : `| ${name(s)} | no service worker: every visit loads from the host | | | does not load |`));
  const engine = r.sites.map((s) => `| ${name(s)} | ${s.engine.raw.toLocaleString('en')} B | ${s.engine.sent.toLocaleString('en')} B | ${s.engine.fast3gDownloadMs} ms | ${s.engine.compileMs} ms |`);
  return `
## Slow links and second visits

\`node bench/widget.mjs${r.sites.length > 1 ? ' --baseline DIR' : ''}\` (${r.date.slice(0, 10)}, Chromium ${r.chromium}, load average ${r.load.average} on ${r.load.cores} cores): the built
site (\`scripts/site.mjs\`) served compressed (brotli: a build's precompressed copies where it has them, else quality 5 as asked for) by \`scripts/serve.mjs\`${r.sites.length > 1 ? ', two builds measured alternately in one run' : ''}. Each load in a fresh
browser context (cold cache, no service worker). Times in ms from navigation start: *first paint*
is the task and editor in place, *ready* the engine loaded and warm (the widget's
\`jaxplay-ready\`; the playground's "Engine ready"). Fast 3G is Chromium's profile through CDP
\`Network.emulateNetworkConditions\` (562.5 ms round trip, 1.44 Mbit/s down). The widget sits on a
course page of a second origin; the playground opens as for a new visitor (exercise 1 in Python).
Bytes are as sent (bodies and headers) until ready, and the number of requests.

| page | network | build | first paint (median) | ready (median) | sent | target (ready) |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

**Second visit and offline** (the playground on localhost, after one visit; the service worker
serves every file). The target is judged as a reader's browser loads the page: a Chromium with no
DevTools client attached, the page reporting its own ready times (\`bench/second-visit-probe.js\`;
three visits in each of several fresh browsers). Beside it, the same reload under Playwright,
whose DevTools connection stops each new worker's first script for about 50 ms
(\`bench/NOTES.md\`); the network-off visit is Playwright's too.

| build | second visit ready, no DevTools attached | target | under Playwright | network off |
| --- | --- | --- | --- | --- |
${visits.join('\n')}

**What the engine costs on a slow link**: its wasm's download at Fast 3G's 1.44 Mbit/s against
Chromium's compile of it (baseline tier; each compile of a copy V8 has not seen):

| build | wasm | sent (brotli) | download at Fast 3G | compile |
| --- | ---: | ---: | ---: | ---: |
${engine.join('\n')}
`;
}
