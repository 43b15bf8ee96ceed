// Runs the benchmark suite: the Node 20 environment (one child process), the Chromium environment
// (one page), sizes, page-ready time and (full mode) CPU profiles of case 1; writes results JSON
// and, in full mode, regenerates BENCHMARKS.md. `bash bench/run.sh` builds first, then runs this.
//
//   node bench/run.mjs            full run: bench/results/latest.json + BENCHMARKS.md (a few minutes)
//   node bench/run.mjs --short    smoke run (BENCH_SHORT=1 too): few reps, 1e3/1e5 only, no
//                                 profiles; writes test-results/bench-short.json only. Fails on
//                                 errors (wrong results, a broken API), never on slowness.
//   --no-profile                  skip the CPU profiles in a full run
//   --out FILE                    write the JSON there instead
//   --baseline DIR                also compare the call cases with the build in DIR (a built
//                                 www/, e.g. of 0104e54, issue 24's reference) in one Node
//                                 process (bench/ab.mjs, CPU time); --baseline-commit C names it
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runBrowser } from './env-browser.mjs';
import { makeNamedBuild, profileNode, PROFILE_BUILD } from './profile.mjs';
import { renderMarkdown } from './report.mjs';
import { runMemoryCases } from './memory.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const args = process.argv.slice(2);
const short = args.includes('--short') || process.env.BENCH_SHORT === '1';
const profile = !short && !args.includes('--no-profile');
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const outArg = option('--out');
const baseline = option('--baseline');
/** Rounds of bench/ab.mjs against the baseline: enough for its median to settle (bench/NOTES.md). */
const AB_ROUNDS = short ? 11 : 101;
/** Processes per build for bench/ab.mjs --processes. */
const AB_PROCESSES = short ? 1 : 5;
/** Calls in each loop of bench/ab.mjs --sync, which never yields (so results pile up), and its processes per build. */
const SYNC_CALLS = short ? 20_000 : 300_000;
const SYNC_PROCESSES = short ? 1 : 3;
const out = path.resolve(outArg ?? (short ? path.join(ROOT, 'test-results', 'bench-short.json') : path.join(HERE, 'results', 'latest.json')));

const started = Date.now();
const log = (line) => console.log(line);
const read = (rel) => fs.readFileSync(path.join(ROOT, rel));
const version = (pkg) => JSON.parse(read(`node_modules/${pkg}/package.json`)).version;
const sh = (cmd, cmdArgs) => {
  try {
    return execFileSync(cmd, cmdArgs, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

function machine() {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: Number(sh('nproc', [])) || os.cpus().length,
    cpuModel: /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1] ?? null,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(),
    loadAverageAtStart: os.loadavg(),
  };
}

function packages() {
  const cargo = read('Cargo.toml').toString();
  return {
    jaxplay: /^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ?? null,
    jaxplayCommit: sh('git', ['describe', '--always', '--dirty']),
    // Uncommitted engine/API changes (others' work in progress) are part of what was measured.
    jaxplayUncommitted: (sh('git', ['status', '--porcelain', '--', 'src', 'www/jaxplay.js', 'www/lib', 'Cargo.toml']) ?? '').split('\n').filter(Boolean),
    '@jax-js/jax': version('@jax-js/jax'),
    'playwright-core': version('playwright-core'),
    binaryen: version('binaryen'),
    'wasm-bindgen': /wasm-bindgen\s*=\s*"=?([^"]+)"/.exec(cargo)?.[1] ?? null,
    rustc: sh('rustc', ['--version']),
  };
}

function sizeOf(files) {
  const buf = Buffer.concat(files.map((f) => read(f)));
  return {
    files,
    raw: buf.length,
    gzip9: zlib.gzipSync(buf, { level: 9 }).length,
    gzip6: zlib.gzipSync(buf).length,
    brotli: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function sizes() {
  const jsIn = (dir, filter = () => true) => fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.js') && filter(f)).map((f) => `${dir}/${f}`);
  return {
    jaxplayWasm: sizeOf(['www/pkg/jaxplay_bg.wasm']),
    jaxplayJs: sizeOf(['www/pkg/glue.js', 'www/jaxplay.js', ...jsIn('www/lib')]),
    // What the wasm backend loads: the entry, the shared backend chunk, the bundler runtime.
    jaxjsJs: sizeOf(jsIn('node_modules/@jax-js/jax/dist', (f) => !/^(webgl|webgpu)-/.test(f))),
  };
}

function runNode() {
  const file = path.join(os.tmpdir(), `jaxplay-bench-node-${process.pid}.json`);
  log(`\n== Node ${process.version} (one process)`);
  const r = spawnSync(process.execPath, [path.join(HERE, 'env-node.mjs'), ...(short ? ['--short'] : []), '--out', file], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench: the Node environment failed (exit ${r.status ?? r.signal})`);
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  return result;
}

/** bench/ab.mjs with A = the baseline build's www/ `dir` and B = this one, in a child process. */
function runAb(dir, commit) {
  const file = path.join(os.tmpdir(), `jaxplay-bench-ab-${process.pid}.json`);
  log(`\n== Call cases against the baseline (${dir}), one Node process, CPU time`);
  const r = spawnSync(process.execPath, [path.join(HERE, 'ab.mjs'), dir, path.join(ROOT, 'www'), String(AB_ROUNDS), '--json', file], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench: bench/ab.mjs failed (exit ${r.status ?? r.signal})`);
  const ab = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The same cases in separate processes, one build each (see bench/ab.mjs).
  log(`\n== Call cases against the baseline, ${AB_PROCESSES} processes per build, CPU time`);
  const apart = spawnSync(process.execPath, [path.join(HERE, 'ab.mjs'), dir, path.join(ROOT, 'www'), String(AB_ROUNDS), '--processes', String(AB_PROCESSES), '--json', file], { stdio: 'inherit' });
  if (apart.status !== 0) throw new Error(`bench: bench/ab.mjs --processes failed (exit ${apart.status ?? apart.signal})`);
  const abApart = JSON.parse(fs.readFileSync(file, 'utf8'));
  log(`\n== Loops that never yield against the baseline, ${SYNC_CALLS} calls, ${SYNC_PROCESSES} processes per build, CPU time`);
  const sync = spawnSync(process.execPath, [path.join(HERE, 'ab.mjs'), dir, path.join(ROOT, 'www'), '0', '--sync', String(SYNC_CALLS), '--processes', String(SYNC_PROCESSES), '--json', file], { stdio: 'inherit' });
  if (sync.status !== 0) throw new Error(`bench: bench/ab.mjs --sync failed (exit ${sync.status ?? sync.signal})`);
  const abSync = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  const gitDir = path.resolve(dir, '..');
  const described = commit ?? execFileSync('git', ['-C', gitDir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  return { baselineCommit: described, rounds: AB_ROUNDS, loadAverage: os.loadavg(), rows: ab.rows, apart: { processes: AB_PROCESSES, rows: abApart.rows }, sync: { calls: SYNC_CALLS, processes: SYNC_PROCESSES, rows: abSync.rows } };
}

const results = {
  generated: new Date().toISOString(),
  mode: short ? 'short' : 'full',
  command: short ? 'node bench/run.mjs --short' : 'bash bench/run.sh',
  machine: machine(),
  packages: packages(),
  sizes: sizes(),
  environments: {},
};
log(`bench: ${results.mode} mode on ${results.machine.cpuModel} (${results.machine.nproc} cpus, load ${results.machine.loadAverageAtStart.map((x) => x.toFixed(1)).join(' ')})`);
log(`engine wasm: ${results.sizes.jaxplayWasm.raw} bytes, ${results.sizes.jaxplayWasm.gzip9} gzip -9`);

results.environments.node = runNode();
if (baseline) results.ab = runAb(baseline, option('--baseline-commit'));
log('\n== Memory targets (Node, a fresh process per case)');
results.environments.node.memory = runMemoryCases({ short, log });
const profileBuild = profile ? await makeNamedBuild() : null;
log('\n== Chromium (one page)');
results.environments.chromium = await runBrowser({
  root: ROOT,
  short,
  profileBuild: profileBuild && `/${path.relative(ROOT, PROFILE_BUILD)}`,
  log,
});
results.packages.chromium = results.environments.chromium.env.chromiumVersion;
if (profile) {
  log('\n== Node CPU profile of case 1');
  results.environments.node.profile = profileNode(PROFILE_BUILD, 'spin');
  log('== Node CPU profile of a fresh process\'s 40 000-call loop that never yields');
  results.environments.node.syncLoopFresh = profileNode(PROFILE_BUILD, 'syncloop');
  const { perChunk } = results.environments.node.syncLoopFresh;
  log(`  ${perChunk[0].toFixed(1)} µs/call over the first 1000 calls, ${perChunk[perChunk.length - 1].toFixed(1)} over the last`);
}
results.machine.loadAverageAtEnd = os.loadavg();
results.seconds = (Date.now() - started) / 1000;

fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(results, null, 1)}\n`);
log(`\nbench: wrote ${path.relative(ROOT, out)} in ${results.seconds.toFixed(0)} s`);
if (!short && !outArg) {
  fs.writeFileSync(path.join(ROOT, 'BENCHMARKS.md'), renderMarkdown(results));
  log('bench: regenerated BENCHMARKS.md');
}
