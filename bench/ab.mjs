// A/B comparison of two engine builds in one Node process: each build's www/ (jaxplay.js, lib/,
// pkg/) is loaded as its own module graph with its own wasm instance, and the call-speed cases
// (1, 2, 3, 3n, 4@1e3, 6@100, 6@3000) of both run in alternating batches. Each batch is timed by the
// process's CPU time (user + system), not the wall clock, so time spent waiting for a core on a
// loaded machine is left out. Prints medians and B ÷ A.
// With --processes N each case runs instead in 2N fresh processes, one build per process, A and
// B alternately, each timing `rounds` batches: in one process a collection falls in whichever
// build's batch is running, and one build's garbage is collected by the other's collections, so
// for cases that make garbage fast (4@1e3, 6) only separate processes tell the builds apart
// (bench/NOTES.md). Prints the medians over the processes of each one's median and lower quartile.
// With --sync CALLS (and --processes N, default 3) the cases are instead loops that never yield,
// as a script or a Python program runs: CALLS calls of cases 1 and 4 on 3 elements, results
// read and dropped, in 2N fresh processes; prints µs per call over each half of the loop (by
// the second half, the engine holds every result the loop made: finalizers never ran).
// Usage: node bench/ab.mjs WWW_A WWW_B [rounds] [case-name filter, a regular expression] [--json FILE] [--processes N] [--sync CALLS]
//   e.g. node bench/ab.mjs target/ab/old/www www 101 'case [12] '
//   --json FILE also writes the figures there (bench/run.mjs --baseline reads them).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stats, consume, tick } from './timing.mjs';
import { jaxplayDoublers } from './suite.mjs';

const argv = process.argv.slice(2);
const flag = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv.splice(at, 2)[1] : null;
};
const jsonOut = flag('--json');
const syncCalls = Number(flag('--sync') ?? 0);
const processes = Number(flag('--processes') ?? (syncCalls > 0 ? 3 : 0));
const child = flag('--child');
const syncChild = flag('--child-sync');

async function load(dir) {
  const mod = await import(pathToFileURL(path.join(path.resolve(dir), 'jaxplay.js')).href);
  await mod.default();
  return mod;
}

function chain(f, x, n) {
  let y = x;
  for (let i = 0; i < n; i++) y = f(y);
  return y.toTypedArray();
}

/** Each case's thunk and how many calls it makes, for one build. */
function cases(jaxplay) {
  const { jnp } = jaxplay;
  const { pureDoubler, ioDoubler, nativeDoubler } = jaxplayDoublers(jaxplay);
  const x3 = jnp.array(Float32Array.of(1, -2, 3));
  const x1k = jnp.array(new Float32Array(1000).map((_, i) => i - 499.75));
  const f1 = pureDoubler();
  const f2 = ioDoubler();
  const f4 = nativeDoubler();
  return {
    'case 1 (pure_callback, 3 el)': [() => f1(x3).toTypedArray(), 1],
    'case 2 (ordered io, 3 el)': [() => f2(x3).toTypedArray(), 1],
    'case 3 (cold pure_callback)': [() => pureDoubler()(x3).toTypedArray(), 1],
    'case 3n (cold x.mul(2))': [() => nativeDoubler()(x3).toTypedArray(), 1],
    'case 4@1e3 (x.mul(2))': [() => f4(x1k).toTypedArray(), 1],
    'case 6@100 (chained pure_callback)': [() => chain(f1, x3, 100), 100],
    'case 6@3000 (chained pure_callback)': [() => chain(f1, x3, 3000), 3000],
  };
}

/** The loops of --sync, for one build: each call's result read back and dropped. */
function syncCases(jaxplay) {
  const { pureDoubler, nativeDoubler } = jaxplayDoublers(jaxplay);
  const x3 = jaxplay.jnp.array(Float32Array.of(1, -2, 3));
  const f1 = pureDoubler();
  const f4 = nativeDoubler();
  return {
    'sync 1 (pure_callback, 3 el)': () => f1(x3).toTypedArray(),
    'sync 4@3 (x.mul(2), 3 el)': () => f4(x3).toTypedArray(),
  };
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** µs per call of one batch of `k` runs. */
function batch(run, k, perOp) {
  const t0 = cpuUs();
  for (let i = 0; i < k; i++) consume(run());
  return (cpuUs() - t0) / (k * perOp);
}

/** Warm-up batches, each sized to about 5 ms; returns the batch size. */
async function warmUp(runs, perOp) {
  let k = 1;
  for (let w = 0; w < 20; w++) {
    const us = Math.max(...runs.map((run) => batch(run, k, perOp)), 0.01);
    k = Math.max(1, Math.round(5000 / (us * perOp)));
    await tick();
  }
  return k;
}

/** A child of --processes: case `name` of the build in `dir`, `rounds` batches; prints its stats. */
async function childRun(dir, name, rounds) {
  const [run, perOp] = cases(await load(dir))[name];
  const k = await warmUp([run], perOp);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    samples.push(batch(run, k, perOp));
    await tick();
  }
  const { median, q1 } = stats(samples);
  process.stdout.write(`${JSON.stringify({ median, q1, batch: k })}\n`);
}

/** A child of --sync: loop `name` of the build in `dir`, `calls` calls with no yield; prints µs per call of each half. */
async function childSync(dir, name, calls) {
  const run = syncCases(await load(dir))[name];
  for (let i = 0; i < 2000; i++) consume(run());
  await tick();
  const half = () => {
    const t0 = cpuUs();
    for (let i = 0; i < calls / 2; i++) consume(run());
    return (cpuUs() - t0) / (calls / 2);
  };
  const first = half();
  const second = half();
  process.stdout.write(`${JSON.stringify({ first, second })}\n`);
}

/** What each of 2 × `processes` fresh processes printed, A and B alternately, running `args`. */
function childRuns(name, args) {
  const per = { A: [], B: [] };
  for (let p = 0; p < processes; p++) {
    for (const which of p % 2 ? ['A', 'B'] : ['B', 'A']) {
      const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args(which === 'A' ? dirA : dirB)], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bench/ab.mjs: the child for ${name} (${which}) failed: ${r.stderr}`);
      per[which].push(JSON.parse(r.stdout.trim().split('\n').at(-1)));
    }
  }
  return per;
}

/** Case `name` in 2 × `processes` fresh processes, A and B alternately. */
function inProcesses(name, rounds) {
  const per = childRuns(name, (dir) => ['--child', dir, name, String(rounds)]);
  const k = per.A.at(-1).batch;
  const mid = (xs) => stats(xs).median;
  const side = (xs) => ({ median: mid(xs.map((x) => x.median)), q1: mid(xs.map((x) => x.q1)) });
  return { a: side(per.A), b: side(per.B), batch: k };
}

const [dirA, dirB, roundsArg, filter = ''] = argv;
if (child) {
  await childRun(child, dirA, Number(dirB));
  process.exit(0);
}
if (syncChild) {
  await childSync(syncChild, dirA, Number(dirB));
  process.exit(0);
}
if (!dirA || !dirB) throw new Error('usage: node bench/ab.mjs WWW_A WWW_B [rounds] [filter] [--json FILE] [--processes N]');
const rounds = Number(roundsArg ?? 61);
const rows = [];
const report = (name, a, b) => {
  // The lower quartile too: load on the machine only ever adds time, so it is the steadier figure.
  console.log(`${name.padEnd(36)} median A ${a.median.toFixed(3)} B ${b.median.toFixed(3)} µs, B/A ${(b.median / a.median).toFixed(3)}; lower quartile A ${a.q1.toFixed(3)} B ${b.q1.toFixed(3)} µs, B/A ${(b.q1 / a.q1).toFixed(3)}`);
};
if (syncCalls > 0) {
  const names = Object.keys(syncCases(await load(dirA))).filter((n) => new RegExp(filter).test(n));
  const mid = (xs) => stats(xs).median;
  for (const name of names) {
    const per = childRuns(name, (dir) => ['--child-sync', dir, name, String(syncCalls)]);
    const side = (xs) => ({ first: mid(xs.map((x) => x.first)), second: mid(xs.map((x) => x.second)) });
    const a = side(per.A);
    const b = side(per.B);
    console.log(`${name.padEnd(36)} ${syncCalls} calls, no yield: first half A ${a.first.toFixed(3)} B ${b.first.toFixed(3)} µs, B/A ${(b.first / a.first).toFixed(3)}; second half A ${a.second.toFixed(3)} B ${b.second.toFixed(3)} µs, B/A ${(b.second / a.second).toFixed(3)}`);
    rows.push({ name, calls: syncCalls, processes, a, b });
  }
  if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify({ dirA, dirB, processes, rows }, null, 1)}\n`);
  process.exit(0);
}
if (processes > 0) {
  const names = Object.keys(cases(await load(dirA))).filter((n) => new RegExp(filter).test(n));
  for (const name of names) {
    const { a, b, batch: k } = inProcesses(name, rounds);
    report(name, a, b);
    rows.push({ name, rounds, processes, batch: k, a, b });
  }
  if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify({ dirA, dirB, processes, rows }, null, 1)}\n`);
  process.exit(0);
}
const builds = { A: cases(await load(dirA)), B: cases(await load(dirB)) };
for (const name of Object.keys(builds.A).filter((n) => new RegExp(filter).test(n))) {
  const [runA, perOp] = builds.A[name];
  const [runB] = builds.B[name];
  const k = await warmUp([runA, runB], perOp);
  const samples = { A: [], B: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ['A', 'B'] : ['B', 'A'];
    for (const which of order) {
      samples[which].push(batch(which === 'A' ? runA : runB, k, perOp));
      await tick();
    }
  }
  const a = stats(samples.A);
  const b = stats(samples.B);
  report(name, a, b);
  rows.push({ name, rounds, batch: k, a: { median: a.median, q1: a.q1 }, b: { median: b.median, q1: b.q1 } });
  await tick();
}
if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify({ dirA, dirB, rows }, null, 1)}\n`);
