// The "Targets (issue 24)" section of BENCHMARKS.md: each measured target of issue 24 beside the
// baseline it is judged against in the same run (the build of `0104e54` in one Node process for
// call speed, jax-js or plain JS in the same page or process, the build before in
// bench/widget.mjs's run), marked met / not met from the numbers alone.
import { widgetResults, TARGETS } from './widget-report.mjs';

const med = (s) => s?.median ?? null;
const mark = (ok) => (ok === null ? 'not measured' : ok ? '**met**' : '**not met**');
const x = (r) => (r === null ? 'n/a' : `${r.toFixed(2)}×`);
const us = (v) => (v === null ? 'n/a' : v < 10 ? `${v.toFixed(2)} µs` : v < 1000 ? `${v.toFixed(1)} µs` : `${(v / 1000).toFixed(2)} ms`);

/** Item 2's cases in bench/ab.mjs, by the issue's names. */
const AB_CASES = [['1', /^case 1 /], ['2', /^case 2 /], ['3', /^case 3 /], ['3n', /^case 3n /], ['4@1e3', /^case 4@1e3 /], ['6@100', /^case 6@100 /], ['6@3000', /^case 6@3000 /]];

/**
 * Each case in one process and, where measured, in separate processes (`ab.mjs --processes`),
 * which alone charge each build its own collections; met only when both read ≤ 1.00.
 */
function callSpeedRows(ab) {
  if (!ab) return [['2', 'call cases ÷ the build of `0104e54` ≤ 1.00 (bench/ab.mjs)', 'not measured: run with `--baseline DIR`', '', mark(null)]];
  return AB_CASES.map(([id, re]) => {
    const r = ab.rows.find((row) => re.test(row.name));
    if (!r) return ['2', `case ${id} ÷ \`${ab.baselineCommit}\` ≤ 1.00`, 'not measured', '', mark(null)];
    const ratio = r.b.median / r.a.median;
    const apart = ab.apart?.rows.find((row) => re.test(row.name));
    const apartRatio = apart ? apart.b.median / apart.a.median : null;
    const apartText = apart ? `; apart ${us(apart.b.median)}: ${apartRatio.toFixed(3)} (lower quartiles ${(apart.b.q1 / apart.a.q1).toFixed(3)})` : '';
    return ['2', `case ${id} (Node, CPU time) ÷ \`${ab.baselineCommit}\` ≤ 1.00`, `one process ${us(r.b.median)}: ${ratio.toFixed(3)} (lower quartiles ${(r.b.q1 / r.a.q1).toFixed(3)})${apartText}`, `${us(r.a.median)}${apart ? `; apart ${us(apart.a.median)}` : ''}`, mark(ratio <= 1 && (apartRatio === null || apartRatio <= 1))];
  });
}

/**
 * The loops that never yield (`ab.mjs --sync`), not one of the issue's targets: how a script or
 * a Python program calls, where every result stays in the engine until the loop ends.
 */
function syncLoopRows(ab) {
  return (ab?.sync?.rows ?? []).map((r) => {
    const half = (k) => `${us(r.b[k])}: ${(r.b[k] / r.a[k]).toFixed(3)}`;
    return ['2', `${r.name.replace(/^sync /, 'case ')}, ${r.calls.toLocaleString('en')} calls in a loop that never yields (Node, CPU time, ${r.processes} processes per build) ÷ \`${ab.baselineCommit}\``, `first half ${half('first')}; second half ${half('second')}`, `${us(r.a.first)}; ${us(r.a.second)}`, 'not in the issue'];
  });
}

/** Rows of `[item, target, measured, baseline, met]`. */
export function issue24Rows(results) {
  const envs = results.environments;
  const row = (env, id) => envs[env]?.rows.find((r) => r.id === id);
  const rows = [];
  const mem = envs.node.memory?.cases;
  for (const [key, what] of [['e-native', 'jitted `x * 2`'], ['e-pure', 'the pure_callback doubler']]) {
    const c = mem?.[key];
    if (!c) continue;
    const ratio = c.usPerCall / c.usPerCallScoped;
    rows.push(['1', `${c.calls.toLocaleString('en')} dropped results of ${what} at 1e6 (Node): engine < 64 MiB, within 1.2× of scoped`, `wasm ${c.wasmMiB.toFixed(1)} MiB, ${ratio.toFixed(2)}×`, 'the same loop in `jax.scope`', mark(c.wasmMiB < 64 && ratio <= 1.2)]);
  }
  rows.push(...callSpeedRows(results.ab), ...syncLoopRows(results.ab));
  const c1 = med(row('chromium', '1')?.jaxplay);
  rows.push(['2', 'case 1 in Chromium ≤ 2 µs (an idle machine)', us(c1), `load average ${results.machine.loadAverageAtStart[0].toFixed(1)} at start`, mark(c1 === null ? null : c1 <= 2)]);
  const c3 = med(row('chromium', '3')?.jaxplay);
  const j3 = med(row('chromium', '3')?.jaxjs);
  rows.push(['2', 'cold case 3 in Chromium faster than jax-js\'s cold jit', us(c3), `jax-js ${us(j3)}`, mark(c3 === null || j3 === null ? null : c3 < j3)]);
  for (const env of ['node', 'chromium']) {
    for (const id of ['5@1e6', '5@1e7', '5np@1e6', '5np@1e7', '5py@1e6', '5py@1e7']) {
      const r = row(env, id);
      const ratio = r ? med(r.jaxplay) / med(r.plain) : null;
      const name = env === 'node' ? 'Node' : 'Chromium';
      rows.push(['3', `case ${id.replace('@', ' at ')} (${name}) ≤ 1.5× plain JS`, r ? `${us(med(r.jaxplay))}: ${x(ratio)}` : 'not measured', r ? `plain JS ${us(med(r.plain))}` : '', mark(ratio === null ? null : ratio <= 1.5)]);
    }
  }
  const w = widgetResults();
  const site = w?.sites.at(-1);
  const before = w && w.sites.length > 1 ? w.sites[0] : null;
  const name = (s) => `${s.label}${s.commit ? ` \`${s.commit}\`` : ''}`;
  const fast3g = [['widget', 'widget on Fast 3G', TARGETS.widgetFast3g], ['playground', 'playground on Fast 3G', TARGETS.playgroundFast3g]];
  for (const [what, label, target] of fast3g) {
    const v = site?.[what].fast3g.readyMedian ?? null;
    rows.push(['4', `${label} ready ≤ ${target} ms (bench/widget.mjs)`, v === null ? 'not measured' : `${v} ms`, before ? `${name(before)}: ${before[what].fast3g.readyMedian} ms` : '', mark(v === null ? null : v <= target)]);
    // "The lesson text and the editor readable before the engine arrives": first paint, ahead of ready.
    const paint = site?.[what].fast3g.firstPaintMedian ?? null;
    const measured = paint !== null && v !== null;
    rows.push(['4', `${label}: task and editor before the engine`, measured ? `first paint ${paint} ms, ${v - paint} ms before ready` : 'not measured', before ? `${name(before)}: first paint ${before[what].fast3g.firstPaintMedian} ms` : '', mark(measured ? paint < v : null)]);
  }
  // As a reader's browser loads it: no DevTools attached (bench/widget.mjs, `unattendedVisits`).
  const second = site?.revisits?.unattendedMedian ?? null;
  const beforeSecond = before?.revisits?.unattendedMedian;
  const underPlaywright = site?.revisits ? `; under Playwright ${site.revisits.secondMedian} ms` : '';
  rows.push(['4', `second visit ready from the service worker ≤ ${TARGETS.secondVisit} ms (localhost, no DevTools attached)`, second === null ? 'not measured' : `${second} ms${underPlaywright}`, before ? `${name(before)}: ${beforeSecond ?? 'no service worker'}${beforeSecond ? ' ms' : ''}` : '', mark(second === null ? null : second <= TARGETS.secondVisit)]);
  const offline = site?.revisits?.offline?.ready ?? null;
  rows.push(['4', 'the playground works offline after one visit', offline === null ? 'not measured' : `ready in ${offline} ms`, '', mark(offline === null ? null : true)]);
  return rows;
}

export function issue24Section(results) {
  const w = widgetResults();
  const ab = results.ab;
  return `## Targets (issue 24)

Each target beside its baseline in the same run: call speed against the build of \`${ab?.baselineCommit ?? '0104e54'}\`
loaded into the same Node process (\`bench/ab.mjs\`, ${ab ? `${ab.rounds} rounds, ` : ''}CPU time, alternating batches, medians;
this build's time per call, then this ÷ baseline)${ab?.apart ? `, and "apart": each case in ${ab.apart.processes} fresh processes per build, alternately
(\`bench/ab.mjs --processes\`: in one process a collection is charged to whichever build's batch it
falls in, and one build's garbage is collected by the other's collections; medians of each
process's median)` : ''}, large callbacks against plain JS in the same
process or page, load times against the build before in the same \`bench/widget.mjs\` run${w ? ` (${w.date.slice(0, 16).replace('T', ' ')},
load average ${w.load.average})` : ''}. Item 5's figures are in "Slow links and second visits" below; item 6 is a test (\`tests/js/faults.test.mjs\`).

| item | target | measured | baseline | met? |
| --- | --- | --- | --- | --- |
${issue24Rows(results).map((r) => `| ${r.join(' | ')} |`).join('\n')}
`;
}
