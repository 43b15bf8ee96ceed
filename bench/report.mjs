// Turns bench results (bench/results/latest.json) into BENCHMARKS.md: per-environment tables
// with the issue-5 targets beside, marked met / not met from the numbers alone.
// CLI: node bench/report.mjs [results.json]   (re-renders BENCHMARKS.md without re-running)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { widgetSection, playgroundFast3g, TARGETS } from './widget-report.mjs';
import { issue24Section } from './targets24.mjs';

const KB = 1024;

export function fmtUs(us) {
  if (us === null || us === undefined || Number.isNaN(us)) return 'n/a';
  if (us < 1) return `${us.toFixed(3)} µs`;
  if (us < 10) return `${us.toFixed(2)} µs`;
  if (us < 1000) return `${us.toFixed(1)} µs`;
  return `${(us / 1000).toFixed(us < 1e4 ? 2 : 1)} ms`;
}

export function fmtX(r) {
  if (r === null || r === undefined || !Number.isFinite(r)) return 'n/a';
  return `${r < 10 ? r.toFixed(2) : r.toFixed(0)}×`;
}

const med = (s) => s?.median ?? null;
const div = (a, b) => (a === null || b === null || b === 0 ? null : a / b);
const mark = (ok, t) => (t?.informative ? 'informative' : ok === null ? 'not measured' : ok ? '**met**' : '**not met**');

/** The issue-5 targets for one environment: [{ id, target, value, met }] (met null: not measured). */
export function evaluateTargets(env, results) {
  const row = (id) => env.rows.find((r) => r.id === id);
  const jp = (id) => med(row(id)?.jaxplay);
  const jj = (id) => med(row(id)?.jaxjs);
  const pl = (id) => med(row(id)?.plain);
  const chromium = env.env.name === 'chromium';
  const t = [];
  {
    const us = jp('1');
    const speed = div(jj('1'), us);
    // The issue sets the 2 µs bound for Chromium; in Node the number is shown, not judged.
    t.push({ id: '1', target: `case 1 ≤ 2 µs median${chromium ? '' : ' (set for Chromium)'}`, value: fmtUs(us), met: us === null || !chromium ? null : us <= 2, informative: !chromium });
    t.push({ id: '1', target: 'case 1 ≥ 10× faster than jax-js (its x*2: it has no callbacks)', value: fmtX(speed), met: speed === null ? null : speed >= 10 });
  }
  {
    const us = jp('3');
    const speed = div(jj('3'), us);
    t.push({ id: '3', target: 'case 3 cold ≤ 1 ms', value: fmtUs(us), met: us === null ? null : us <= 1000 });
    t.push({ id: '3', target: 'case 3 cold ≥ 20× faster than jax-js cold', value: fmtX(speed), met: speed === null ? null : speed >= 20 });
  }
  {
    const r = div(jp('4@1e7'), pl('4@1e7'));
    t.push({ id: '4@1e7', target: 'case 4 at 1e7 ≤ 1.2× plain JS', value: fmtX(r), met: r === null ? null : r <= 1.2 });
  }
  // Issue 24: large callbacks, the plain-loop host (5) and the host NumPy one (5np).
  for (const id of ['5@1e6', '5@1e7', '5np@1e6', '5np@1e7', '5py@1e6', '5py@1e7']) {
    const r = div(jp(id), pl(id));
    const [c, n] = id.split('@');
    t.push({ id, target: `case ${c} at ${n} ≤ 1.5× plain JS`, value: fmtX(r), met: r === null ? null : r <= 1.5 });
  }
  {
    const r = div(jp('6@3000'), jp('6@10'));
    t.push({ id: '6@3000', target: 'case 6 per call at N=3000 within 1.5× of N=10', value: fmtX(r), met: r === null ? null : r <= 1.5 });
  }
  {
    // Issue 24 lifted the 150 KB cap on the engine's wasm: time to ready on a slow link is held
    // instead (bench/widget.mjs, "Slow links and second visits").
    const ready = playgroundFast3g();
    t.push({ id: '7', target: `playground ready on Fast 3G ≤ ${(TARGETS.playgroundFast3g / 1000).toFixed(1)} s (bench/widget.mjs)`, value: ready === null ? 'not measured' : `${(ready / 1000).toFixed(2)} s`, met: ready === null ? null : ready <= TARGETS.playgroundFast3g });
  }
  return t;
}

function envTable(env, results) {
  const targets = evaluateTargets(env, results);
  const lines = [
    '| case | what | jaxplay | jax-js | plain JS | jaxplay ÷ plain | jax-js ÷ jaxplay | issue-5 target | met? |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of env.rows) {
    const jp = med(r.jaxplay);
    const ts = targets.filter((t) => t.id === r.id);
    lines.push(`| ${r.id} | ${r.label} | ${fmtUs(jp)} | ${fmtUs(med(r.jaxjs))} | ${fmtUs(med(r.plain))} | ${fmtX(div(jp, med(r.plain)))} | ${fmtX(div(med(r.jaxjs), jp))} | ${ts.map((t) => `${t.target}: ${t.value}`).join('<br>')} | ${ts.map((t) => mark(t.met, t)).join('<br>')} |`);
  }
  const fc = env.firstCold;
  lines.push(`| 3 (first) | first jit in the process, one sample: jaxplay pure_callback / native; jax-js x*2 | ${fmtUs(fc.jaxplay)} / ${fmtUs(fc.jaxplayNative)} | ${fmtUs(fc.jaxjs)} |  |  | ${fmtX(div(fc.jaxjs, fc.jaxplay))} |  |  |`);
  const pr = env.pageReady;
  if (pr) {
    const t = targets.find((x) => x.id === '7');
    lines.push(`| 7 | playground page ready (median of ${pr.n} fresh loads; first ${fmtUs(pr.first * 1000)}) | ${fmtUs(pr.median * 1000)} |  |  |  |  | ${t.target}: ${t.value} | ${mark(t.met)} |`);
  }
  return lines.join('\n');
}

function timelineTable(env) {
  const v = env.timeline.variants;
  const base = med(v.recording);
  const line = (name, s, note) => `| ${name} | ${fmtUs(med(s))} | ${s ? fmtX(div(med(s), base)) : 'n/a'} | ${note} |`;
  return [
    '| timeline setting (case 1, jaxplay) | median | vs recording | note |',
    '| --- | ---: | ---: | --- |',
    line('recording (default, capacity 20 000, log full so the oldest event is dropped per event)', v.recording, 'what every user gets'),
    line('recording, capacity 1 (`setCapacity(1)`)', v.capacity1, 'a one-event log: events are still built and timestamped'),
    line('recording + one no-op `subscribe` listener', v.subscriber, 'each event is also serialised to a JS object'),
    v.off ? line(`off (\`${env.timeline.offSwitch}(false)\`)`, v.off, 'no events kept or delivered, no clock reads') : '| off | n/a | n/a | **no way to turn recording off** exists in this engine version |',
  ].join('\n') + `\n\nEvents per steady case-1 call: ${env.timeline.eventsPerCall} (${env.timeline.eventKinds.join(', ')}).`;
}

function syncLoopText(env) {
  const s = env.syncLoop;
  if (!s) return '';
  const yielding = med(env.rows.find((r) => r.id === '4@1e3')?.jaxplay);
  return `**A loop that never yields** (${s.calls.toLocaleString('en')} synchronous \`x.mul(2)\` calls on 1e3 elements, readback
included): ${fmtUs(s.perChunk[0])} per call over the first ${s.chunk}, ${fmtUs(s.perChunk[s.perChunk.length - 1])} over the last
(case 4@1e3, which returns to the event loop between batches: ${fmtUs(yielding)}); live engine arrays
${s.liveBefore.toLocaleString('en')} → ${s.liveAfter.toLocaleString('en')}. jaxplay arrays are released by FinalizationRegistry callbacks,
which only run from the event loop; such a loop keeps its results in the engine until the heap passes the soft limit,
which here the earlier cases' largest arrays have raised to 6x their size, and only then moves idle ones out (README,
"Memory"; the Node section has a fresh process's loop).${freshLoopText(env.syncLoopFresh)}`;
}

export function memoryText(m) {
  if (!m) return '';
  const c = m.cases;
  const mib = (x) => `${x.wasmMiB.toFixed(1)} MiB`;
  // JS memory: arrays moved out of wasm memory live there (given back once garbage).
  const js = (x) => (x.peakArrayBuffersMiB === undefined ? '' : `; JS ArrayBuffers peak ${x.peakArrayBuffersMiB.toFixed(0)} MiB`);
  const ok = (k) => (m.targets[k] ? 'met' : '**missed**');
  const ms = (x) => `${(x.usPerCall / 1000).toFixed(2)} ms`;
  return `### Memory targets (bench/memory.mjs, one fresh process per case)

Wasm memory only grows, so its size after a loop is the most the loop needed; JS ArrayBuffer memory,
where large idle arrays move past a soft limit (README "Memory"), is given back, and its peak is shown next to it. The jitted function
of (a) to (d) is \`x.mul(2).add(1)\` with readback.${m.measured ? ` Measured ${m.measured.generated.slice(0, 10)} with \`${m.measured.command}\` at a load average of ${m.measured.loadAverage[0].toFixed(0)} (other jobs sharing the machine), so the times per call are inflated; the ratios in (c) and (e) compare runs under the same load ((e) alternates batches in one process).` : ''}

| case | loop | result | target |
|---|---|---|---|
| (a) | ${c.a.calls.toLocaleString('en')} calls at 1e5 f32, synchronous, each in \`jax.scope\` | wasm memory ${mib(c.a)}${js(c.a)} | < 16 MiB: ${ok('a')} |
| (b) | ${c.b.calls.toLocaleString('en')} calls at 1e5 f32, yielding every 100, no scope | wasm memory ${mib(c.b)}${js(c.b)} | < 64 MiB: ${ok('b')} |
| (c) | ${c['c-scope'].calls.toLocaleString('en')} calls at 1e6 f32: synchronous with scopes vs yielding every 100 | ${ms(c['c-scope'])} vs ${ms(c['c-yield'])} per call (wasm memory ${mib(c['c-scope'])} vs ${mib(c['c-yield'])}) | within 1.2x: ${ok('c')} |
| (d) | 1e5 f32, no scope, no yield, results kept | ${c.d.error ? `\`${c.d.error.name}\` after ${c.d.error.afterCalls.toLocaleString('en')} calls at ${mib(c.d)}; the next call returned ${JSON.stringify(c.d.nextCall)}` : 'no error'} | out-of-memory error, then the next call works: ${ok('d')} |${c['e-native'] ? `
${garbageRow('jitted `x * 2`', c['e-native'])}
${garbageRow('the `pure_callback` doubler', c['e-pure'])}` : ''}`;
}

/** A row of case (e): a synchronous loop dropping its results, against the same loop scoped. */
function garbageRow(what, x) {
  const ms = (us) => `${(us / 1000).toFixed(2)} ms`;
  const met = (yes) => (yes ? 'met' : '**missed**');
  const ratio = x.usPerCall / x.usPerCallScoped;
  return `| (e) | ${x.calls.toLocaleString('en')} calls at 1e6 f32 of ${what}, synchronous, no scope, results read and dropped | completed; wasm memory ${x.wasmMiB.toFixed(1)} MiB, peak RSS ${x.peakRssMiB.toFixed(0)} MiB; ${ms(x.usPerCall)} per call vs ${ms(x.usPerCallScoped)} with \`jax.scope\` (${ratio.toFixed(2)}x) | < 64 MiB: ${met(x.wasmMiB < 64)}; within 1.2x: ${met(ratio <= 1.2)} |`;
}

function freshLoopText(f) {
  if (!f) return '';
  const pc = f.perChunk;
  const early = pc.slice(0, 10).sort((a, b) => a - b)[5];
  const firstSlow = pc.findIndex((x) => x > 3 * early);
  const top = f.top.slice(0, 5).map((t) => `\`${t.name}\` ${t.pct.toFixed(0)}%`).join(', ');
  return `

The same loop in a **fresh process** (profile run, ${f.calls.toLocaleString('en')} calls): ${fmtUs(pc[0])} per call over the first
${f.chunk}, ${fmtUs(pc[pc.length - 1])} over the last${firstSlow > 0 ? `; calls turn slow after about ${(firstSlow * f.chunk).toLocaleString('en')} live results` : ''}
(${f.liveAfter.toLocaleString('en')} live at the end). Profile of the whole loop: ${f.categories.slice(0, 4).map((c) => `${c.name} ${c.pct.toFixed(0)}%`).join(' · ')};
top frames ${top}.`;
}

function profileSection(name, p) {
  if (!p) return '';
  const cats = p.categories.map((c) => `${c.name} ${c.pct.toFixed(0)}%`).join(' · ');
  const top = p.top.slice(0, 12).map((f) => `| ${f.pct.toFixed(1)}% | ${f.category} | \`${f.name.replace(/\|/g, '\\|')}\` ${f.where ? `(${f.where})` : ''} |`);
  const incl = p.engineInclusive.slice(0, 12).map((f) => `| ${f.pct.toFixed(1)}% | \`${f.name.replace(/\|/g, '\\|')}\` |`);
  return `### ${name}: where case 1's time goes

Sampled every 50 µs for 2 s of steady case-1 calls (${fmtUs(p.usPerCall)} per call while profiled; the
profiler slows calls down), ${p.samples} samples. Self time by part: ${cats}.

| self | part | frame |
| ---: | --- | --- |
${top.join('\n')}

Engine functions by inclusive time (callees included, entry points left out):

| inclusive | function |
| ---: | --- |
${incl.join('\n')}
`;
}

function sizesTable(s) {
  const row = (name, x) => `| ${name} | ${x.raw.toLocaleString('en')} B | ${(x.gzip9 / KB).toFixed(1)} KB | ${(x.gzip6 / KB).toFixed(1)} KB | ${(x.brotli / KB).toFixed(1)} KB |`;
  return [
    '| artifact | raw | gzip -9 | gzip -6 | brotli 11 |',
    '| --- | ---: | ---: | ---: | ---: |',
    row('jaxplay engine `www/pkg/jaxplay_bg.wasm`', s.jaxplayWasm),
    row('jaxplay JS (wasm-bindgen glue + `www/jaxplay.js` + `www/lib/`)', s.jaxplayJs),
    row('jax-js JS, wasm backend (`dist/index.js` + backend chunk + runtime; kernels are generated at run time)', s.jaxjsJs),
  ].join('\n');
}

export function renderMarkdown(results) {
  const { machine: m, packages: p, environments: envs } = results;
  const summary = ['| issue-5 target | Node 20 | Chromium |', '| --- | --- | --- |'];
  const tn = evaluateTargets(envs.node, results);
  const tc = evaluateTargets(envs.chromium, results);
  tn.forEach((t, i) => summary.push(`| ${tc[i].target} | ${t.value} — ${mark(t.met, t)} | ${tc[i].value} — ${mark(tc[i].met, tc[i])} |`));
  const load = (a) => a.map((x) => x.toFixed(1)).join(' / ');
  return `<!-- Generated by bench/report.mjs from bench/results/latest.json; rerun \`bash bench/run.sh\`, do not edit by hand. -->
# jaxplay benchmarks

**Run it:** \`bash bench/run.sh\` (builds with \`scripts/build.sh\`, then \`node bench/run.mjs\`; about
${Math.ceil(results.seconds / 60)} min). It writes \`bench/results/latest.json\` and regenerates this file.
\`bash bench/run.sh --short\` (or \`BENCH_SHORT=1\`) is a smoke run — few repetitions, 1e3/1e5 only,
no profiles — that writes only \`test-results/bench-short.json\`; \`scripts/test.sh\` runs it last,
so the suite cannot rot. It fails on errors (wrong results, a changed API), never on slowness.
A hand-written reading of a run — where case 1's time goes, surprises — is in
[\`bench/NOTES.md\`](bench/NOTES.md); it names the run it describes.

Run of ${results.generated} (${results.mode} mode, ${results.seconds.toFixed(0)} s): ${m.cpuModel}, \`nproc\` ${m.nproc},
${m.memoryGiB} GiB, load average ${load(m.loadAverageAtStart)} at start and ${load(m.loadAverageAtEnd)} at end (1/5/15 min; other
work on the machine shows up as noise). Node ${envs.node.env.version}, Chromium ${p.chromium}; jaxplay ${p.jaxplay}
(\`${p.jaxplayCommit}\`), @jax-js/jax ${p['@jax-js/jax']}, playwright-core ${p['playwright-core']}, ${p.rustc}.

${issue24Section(results)}
## Targets (issue 5)

${summary.join('\n')}

## How it measures

- **One process per environment**: Node runs \`bench/env-node.mjs\` in one child process; Chromium
  (Debian's \`/usr/bin/chromium\`, headless, via playwright-core) runs \`bench/page.html\` in one page,
  served from the repository root by \`scripts/serve.mjs\`'s \`startServer\` (cross-origin isolated,
  so \`performance.now()\` has 5 µs resolution). Both run the same \`bench/suite.mjs\`.
- **Side by side**: each row times jaxplay, jax-js and plain JS in the same process, interleaved
  (each round times one batch of each, in rotating order). A batch is sized to take about
  ${results.mode === 'short' ? 1 : 4} ms after a warm-up; the table shows the **median** per operation over ${envs.node.config.reps}
  rounds (${envs.node.config.bigReps} for 1e6/1e7 elements and for N ≥ 1000 chains). Between batches, untimed, the event loop
  runs (as in an application), so the FinalizationRegistry can release jaxplay's result arrays.
  Quartiles, min/max and batch sizes are in the JSON.
- **Every operation includes reading the result back to JS** (jaxplay \`.toTypedArray()\`, jax-js
  \`.dataSync()\`), and every implementation's output is checked against plain JS before timing.
- **jax-js** uses its wasm backend (\`init('wasm')\`: plain \`init()\` also probes WebGPU through
  \`navigator\`, which Node 20 lacks). Its jitted functions consume their arguments, so calls pass
  \`x.ref\`. \`dataSync()\` runs kernels synchronously on the calling thread (in Chromium a worker pool
  exists but only the async \`data()\` path uses it), so all three columns are single-threaded.
  **jax-js has no host callbacks**: in cases 1, 2, 3 and 6 its column is a jitted \`x*2\` with
  readback — the same arithmetic without the host round trip — and cases 5 and 5np have no jax-js column.
- **Plain JS** is a \`for\` loop doubling a \`Float32Array\` into a new one (allocation included, as a
  readback allocates too). For case 3 it has no meaning.
- Case 1's host function (also cases 2, 5, 6) is a plain loop over \`np.asarray(x).data\` returning a
  \`Float32Array\`; case 5np's is the course's \`np.asarray(a).mul(2)\` (host NumPy, computed in the engine:
  it reads the argument in place and hands its large result back without a copy). Case 3 makes a fresh \`jax.jit\` for every call. Case 6 chains N jitted calls,
  each taking the previous result, then reads back once; it shows the time per call. Case 7 is the
  time from navigation start to the playground reporting ready (${envs.chromium.pageReady?.indicator ?? 'n/a'}),
  each load in a fresh browser context.

## Chromium ${p.chromium}

${envTable(envs.chromium, results)}

${timelineTable(envs.chromium)}

${syncLoopText(envs.chromium)}

## Node ${envs.node.env.version}

${envTable(envs.node, results)}

${timelineTable(envs.node)}

${syncLoopText(envs.node)}

${memoryText(envs.node.memory)}

## Sizes

${sizesTable(results.sizes)}

## Profiles

The shipped wasm has no function names, so profiles use a copy of \`www/\` in
\`target/bench-profile/www\` whose wasm is made from the same cargo release artifact by wasm-bindgen
and \`wasm-opt -Os -g\` (same optimisation, names kept).

${profileSection('Chromium (CDP Profiler)', envs.chromium.profile)}
${profileSection('Node (V8 CPU profiler via node:inspector)', envs.node.profile)}${widgetSection()}`;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = process.argv[2] ?? path.join(root, 'bench', 'results', 'latest.json');
  fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), renderMarkdown(JSON.parse(fs.readFileSync(file, 'utf8'))));
  console.log('bench: regenerated BENCHMARKS.md');
}
