// On-demand differential run against real JAX (tests/differential/run.sh sets up the Python):
//   node tests/differential/run.mjs --python PY --seed S --count N [--start K] [--write-corpus FILE] [--no-shrink]
//     [--ops convolve,correlate,sin] (programs drawing only these statement kinds)
// Generates programs, runs each in JAX (jax_runner.py, one long-lived process) and in jaxplay,
// prints the differences by kind, each unexplained kind with its smallest shrunk example, and
// optionally writes the corpus the CI replay (tests/js/differential.test.mjs) checks.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { open, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import init from '../../www/jaxplay.js';
import { generate, modesOf, toJS, toPython, shrinkCandidates, OPS } from './gen.mjs';
import { runProgram, compareProgram } from './harness.mjs';
import { explain } from './exclusions.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((s) => {
  const [k, ...v] = s.trim().split(' ');
  return [k, v.join(' ') || true];
}));
const seed = Number(args.seed ?? 1);
const count = Number(args.count ?? 100);
const start = Number(args.start ?? 0);
const python = args.python ?? 'python3';
const ops = args.ops ? args.ops.split(',') : OPS;

await init();

/** JSON has no NaN or infinities: they travel as strings, as jax_runner.py writes them. */
const finite = (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? (Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf') : v);

/** The long-lived JAX process: one request line in, one answer line out, in order. */
function jaxProcess() {
  const child = spawn(python, [fileURLToPath(new URL('jax_runner.py', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift().resolve(JSON.parse(line).results));
  child.on('exit', (code) => waiting.splice(0).forEach((w) => w.reject(new Error(`jax_runner exited (${code})`))));
  return {
    run(prog) {
      const request = { id: prog.id, py: toPython(prog), inputs: prog.inputs, modes: modesOf(prog) };
      const json = JSON.stringify(request, finite);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${json}\n`);
      });
    },
    close: () => child.stdin.end(),
  };
}

/** Several JAX processes (`--jobs`), requests dealt round-robin; started on first use. */
function jaxPool(n) {
  let pool = null;
  let next = 0;
  return {
    run(prog) {
      pool ??= Array.from({ length: n }, jaxProcess);
      return pool[next++ % n].run(prog);
    },
    close: () => pool?.forEach((p) => p.close()),
  };
}

const jaxRun = jaxPool(Number(args.jobs ?? 1));
const t0 = Date.now();
// `--answers FILE` reuses JAX's answers saved by an earlier `--save-answers FILE` run (programs included).
const saved = args.answers
  ? (await Promise.all(args.answers.split(',').map((f) => readFile(f, 'utf8'))))
    .flatMap((text) => text.split('\n').filter(Boolean).map((line) => JSON.parse(line)))
    .filter((x, i, all) => all.findIndex((y) => y.prog.id === x.prog.id) === i) // overlapping runs
  : null;
// `--save-answers FILE` appends one line per program as JAX answers, so a long run that is
// stopped early still leaves everything it did.
const saveTo = args['save-answers'] ? await open(args['save-answers'], 'w') : null;
const progs = saved ? saved.map((x) => x.prog) : generate(seed, count, start, ops);
// Requests are pipelined: JAX works on the next programs while jaxplay checks earlier ones.
const answers = saved ? saved.map((x) => x.results) : progs.map((p) => jaxRun.run(p));
const detailsByKind = new Map();

const byKind = new Map();
const explained = new Map();
const examples = new Map();
const corpus = [];
let differing = 0;
const allExamples = new Map();

/** JAX's answers with values at float32 precision (9 significant digits), to keep the corpus small. */
function compact(results) {
  const round = (v) => (typeof v === 'number' && !Number.isInteger(v) ? Number(Math.fround(v).toPrecision(9)) : v);
  return JSON.parse(JSON.stringify(results), (k, v) => (k === 'values' ? v.map(round) : v));
}

async function stillFails(prog, mode, kind) {
  const want = await jaxRun.run(prog);
  const got = runProgram(prog, [mode]);
  return compareProgram({ [mode]: want[mode] }, got).some((d) => d.kind === kind);
}

async function shrink(prog, mode, kind) {
  let best = prog;
  for (let round = 0; round < 30; round++) {
    let next = null;
    for (const c of shrinkCandidates(best)) {
      if (await stillFails(c, mode, kind)) { next = c; break; }
    }
    if (!next) break;
    best = next;
  }
  return best;
}

for (const [i, prog] of progs.entries()) {
  const want = await answers[i];
  const got = runProgram(prog, Object.keys(want));
  corpus.push({ id: prog.id, js: toJS(prog), results: compact(want) });
  const diffs = compareProgram(want, got);
  if (diffs.length) differing += 1;
  for (const d of diffs) {
    const ex = explain(prog, d);
    const table = ex ? explained : byKind;
    const key = ex ? ex.id : `${d.kind}`;
    table.set(key, (table.get(key) ?? 0) + 1);
    if (!ex && !examples.has(key)) examples.set(key, { prog, d, want });
    if (!ex && args.show === d.kind) allExamples.set(`${d.kind} #${allExamples.size}`, { prog, d, want });
    if (!ex) {
      const seen = detailsByKind.get(key) ?? new Map();
      const short = `${d.mode}: ${d.detail.replace(/\d+(\.\d+)?/g, 'N').slice(0, 220)}`;
      seen.set(short, (seen.get(short) ?? 0) + 1);
      detailsByKind.set(key, seen);
    }
  }
  await saveTo?.write(`${JSON.stringify({ prog, results: want }, finite)}\n`);
  if ((i + 1) % 500 === 0) console.error(`${i + 1}/${count} programs, ${differing} differ (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

console.log(`${saved ? args.answers : `seed ${seed}, programs ${start}..${start + count - 1}`}: ${differing} of ${progs.length} programs differ in some mode`);
console.log('unexplained differences by kind (program × mode):', Object.fromEntries(byKind));
console.log('explained (documented exclusions):', Object.fromEntries(explained));
if (args.details) {
  for (const [key, seen] of detailsByKind) {
    console.log(`\n== ${key}`);
    [...seen].sort((a, b) => b[1] - a[1]).slice(0, Number(args.details)).forEach(([d, n]) => console.log(`  ${n}× ${d}`));
  }
}
await saveTo?.close();
for (const [key, { prog, d, want: saidJax }] of args.show ? [...allExamples].filter(([k]) => k.startsWith(args.show)) : examples) {
  const small = args['no-shrink'] ? prog : await shrink(prog, d.mode, d.kind);
  const want = small === prog ? saidJax : await jaxRun.run(small);
  const got = runProgram(small, [d.mode]);
  const diff = compareProgram({ [d.mode]: want[d.mode] }, got).find((x) => x.kind === d.kind) ?? d;
  console.log(`\n--- ${key}: program ${prog.id}, mode ${d.mode}${small === prog ? '' : ' (shrunk)'}\n${diff.detail}`);
  console.log(`inputs: ${small.inputs.map((x) => `${x.name}=${x.bare ? `${x.values[0]} (bare)` : `${x.dtype}${JSON.stringify(x.shape)}${x.batched ? ' batched' : ''}`}`).join(', ')}`);
  console.log(toPython(small));
  console.log(toJS(small));
}
if (args['write-corpus']) {
  const seeds = [...new Set(corpus.map((p) => p.id.split(':')[0]))].map(Number);
  const data = { _meta: { seed: seeds[0], count: corpus.length, generated_by: 'tests/differential/run.sh --write-corpus', jax_version: '0.10.2', ops }, programs: corpus };
  await writeFile(args['write-corpus'], `${JSON.stringify(data)}\n`);
  console.log(`wrote ${args['write-corpus']}`);
}
jaxRun.close();
