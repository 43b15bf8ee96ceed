// The "Embedded widget" section of BENCHMARKS.md, from bench/results/widget.json (written by
// bench/widget.mjs); empty when that file does not exist yet.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'widget.json');

export function widgetSection() {
  if (!fs.existsSync(FILE)) return '';
  const r = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  const row = (label, s) => `| ${label} | ${s.runs.map((x) => x.firstPaint).join(' / ')} (median ${s.firstPaintMedian}) | ${s.runs.map((x) => x.ready).join(' / ')} (median ${s.readyMedian}) |`;
  return `
## Embedded widget

\`node bench/widget.mjs\` (${r.date.slice(0, 10)}, Chromium ${r.chromium}${r.load ? `, load average ${r.load.average} on ${r.load.cores} cores` : ''}): a course page on a second origin with one
\`<jaxplay-exercise exercise="pure-callback-doubler">\`, each run in a fresh browser context (cold
cache), served compressed by \`scripts/serve.mjs\`. Times in ms from the host page's navigation
start: *first paint* is the widget's task and editor in place (before the engine), *ready* its
\`jaxplay-ready\` event (editor usable, engine loaded). Fast 3G is Chromium's profile through CDP
\`Network.emulateNetworkConditions\` (562.5 ms round trip, 1.44 Mbit/s down).

| network | first paint (ms) | ready (ms) |
| --- | --- | --- |
${row('localhost', r.localhost)}
${row('Fast 3G', r.fast3g)}

Transferred for the page and its widget: ${r.transfer.requests} requests, ${(r.transfer.bytes / 1024).toFixed(0)} KB (bodies as sent, brotli, plus headers).
`;
}
