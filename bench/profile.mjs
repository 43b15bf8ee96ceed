// Where case 1's time goes. The shipped wasm has no name section (wasm-opt -Os strips it), so a
// profiling copy of www/ is made in target/bench-profile/www from the same cargo release artifact:
// wasm-bindgen (as wasm-pack runs it) then wasm-opt -Os -g, which optimises alike but keeps names.
// Profiles (Chromium's via CDP, Node's via --cpu-prof) are summarised by self time.
// CLI (a child process of bench/run.mjs): node bench/profile.mjs spin BUILD_DIR MS
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { glueFactory } from '../scripts/bundle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROFILE_BUILD = path.join(ROOT, 'target', 'bench-profile', 'www');

/** Makes target/bench-profile/www (jaxplay.js, lib/, pkg/ with names); resolves to its path. */
export async function makeNamedBuild() {
  // Where cargo put it: CARGO_TARGET_DIR when set (a relative one from the repository, where the
  // build runs).
  const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
  const artifact = path.join(targetDir, 'wasm32-unknown-unknown', 'release', 'jaxplay.wasm');
  const shipped = path.join(ROOT, 'www', 'pkg', 'jaxplay_bg.wasm');
  if (!fs.existsSync(artifact)) throw new Error(`profile: ${artifact} is missing; run bash scripts/build.sh`);
  fs.rmSync(PROFILE_BUILD, { recursive: true, force: true });
  fs.mkdirSync(PROFILE_BUILD, { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'www', 'jaxplay.js'), path.join(PROFILE_BUILD, 'jaxplay.js'));
  fs.cpSync(path.join(ROOT, 'www', 'lib'), path.join(PROFILE_BUILD, 'lib'), { recursive: true });
  const pkg = path.join(PROFILE_BUILD, 'pkg');
  const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
  execFileSync('wasm-bindgen', ['--target', 'web', '--weak-refs', '--out-dir', pkg, '--out-name', 'jaxplay', artifact], { env, stdio: 'inherit' });
  const wasm = path.join(pkg, 'jaxplay_bg.wasm');
  execFileSync('wasm-opt', ['-Os', '-g', wasm, '-o', wasm], { env, stdio: 'inherit' });
  // The copy must be the shipped engine plus names: same exports, similar code size.
  const exportsOf = (f) => WebAssembly.Module.exports(new WebAssembly.Module(fs.readFileSync(f))).map((e) => e.name).join();
  if (exportsOf(wasm) !== exportsOf(shipped)) {
    throw new Error('profile: the cargo release artifact does not match www/pkg (stale?); run bash scripts/build.sh');
  }
  // www/lib/instance.js imports the glue as a factory, as scripts/bundle.mjs makes it.
  await glueFactory({ from: path.join(pkg, 'jaxplay.js'), to: path.join(pkg, 'glue.js') });
  return PROFILE_BUILD;
}

function category(frame) {
  const { functionName: fn, url } = frame;
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(program)') return 'V8 runtime (program)';
  if (url.startsWith('wasm://') || url.endsWith('.wasm') || /^(\$|wasm-function)/.test(fn)) return 'engine (Rust wasm)';
  if (/\/pkg\/(?:jaxplay|glue)\.js$/.test(url)) return 'wasm-bindgen glue (pkg/glue.js)';
  if (/\/lib\/[^/]+\.js$|\/jaxplay\.js$/.test(url)) return 'JS API (www/jaxplay.js, www/lib)';
  if (/\/bench\//.test(url)) return 'bench loop + host callback';
  if (url === '') return 'V8 builtins';
  if (url.startsWith('node:') || !url.includes('/')) return 'Node internals';
  return 'other JS';
}

/** The local file a profiled script URL came from (http://host/PATH or file://), or null. */
function localFile(url) {
  try {
    const u = new URL(url);
    const file = u.protocol === 'file:' ? fileURLToPath(u) : u.protocol === 'http:' ? path.join(ROOT, decodeURIComponent(u.pathname)) : null;
    return file && fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

const sources = new Map();
/** A name for an anonymous JS frame: the property it is assigned to, else its source text. */
function nameAnonymous({ url, lineNumber, columnNumber }) {
  const file = localFile(url);
  if (!file) return '(anonymous)';
  if (!sources.has(file)) sources.set(file, fs.readFileSync(file, 'utf8').split('\n'));
  const lines = sources.get(file);
  for (let i = lineNumber; i >= Math.max(0, lineNumber - 2); i--) {
    const m = /^\s*(\w+):\s*function/.exec(lines[i] ?? '');
    if (m) return `${m[1].replace(/_[0-9a-f]{16}$/, '')} (anonymous)`;
  }
  const text = (lines[lineNumber] ?? '').slice(Math.max(0, columnNumber - 20)).trim();
  return `(anonymous) ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

/** Self time by frame and by category, idle excluded; the `top` frames by self time. */
export function summariseProfile(profile, top = 15) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = timeDeltas[i + 1] ?? timeDeltas[i] ?? 0; // a sample stands for the time until the next
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + dt);
  }
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const describe = new Map();
  const frameOf = (id) => {
    if (!describe.has(id)) {
      const { callFrame } = nodes.get(id);
      const file = callFrame.url ? callFrame.url.replace(/^.*\//, '') : '';
      const isWasm = callFrame.url.startsWith('wasm://') || callFrame.url.endsWith('.wasm');
      const where = file && !isWasm ? `${file}:${callFrame.lineNumber + 1}` : '';
      // Rust symbols without crate disambiguators and hash suffixes.
      let name = (callFrame.functionName || nameAnonymous(callFrame)).replace(/\[[0-9a-f]{16}\]/g, '').replace(/::h[0-9a-f]{16}$/, '');
      if (name.length > 110) name = `${name.slice(0, 107)}...`;
      describe.set(id, { key: `${name}\u0000${where}`, name, where, category: category(callFrame), skip: ['(idle)', '(root)'].includes(callFrame.functionName) });
    }
    return describe.get(id);
  };
  const self = new Map();
  const incl = new Map();
  const cats = new Map();
  let total = 0;
  const add = (map, f, us) => {
    const e = map.get(f.key) ?? { name: f.name, where: f.where, category: f.category, us: 0 };
    e.us += us;
    map.set(f.key, e);
  };
  for (const [id, us] of selfUs) {
    const f = frameOf(id);
    if (f.skip) continue;
    total += us;
    add(self, f, us);
    cats.set(f.category, (cats.get(f.category) ?? 0) + us);
    // Inclusive: each distinct frame on the stack once.
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const g = frameOf(n);
      if (g.skip || seen.has(g.key)) continue;
      seen.add(g.key);
      add(incl, g, us);
    }
  }
  const pct = (us) => (100 * us) / total;
  const list = (map, filter = () => true) => [...map.values()].filter(filter).sort((a, b) => b.us - a.us).slice(0, top)
    .map(({ us, ...f }) => ({ ...f, ms: us / 1000, pct: pct(us) }));
  return {
    sampledMs: total / 1000,
    samples: samples.length,
    categories: [...cats].map(([name, us]) => ({ name, ms: us / 1000, pct: pct(us) })).sort((a, b) => b.ms - a.ms),
    top: list(self),
    // Engine functions by inclusive time, below the entry points (those near 100%).
    engineInclusive: list(incl, (f) => f.category === 'engine (Rust wasm)' && f.us < 0.9 * total),
  };
}

/**
 * Node's profiles, each in a fresh child process sampled by V8's CPU profiler (what `node
 * --cpu-prof` uses) through node:inspector, so start-up stays out of the profile:
 * 'spin': steady case 1 (after a warm-up); 'syncloop': 40 000 synchronous x.mul(2) calls on 1e3
 * elements that never yield to the event loop, so no result is released (µs per 1000 calls too).
 */
export function profileNode(buildDir, mode = 'spin', ms = 2000) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), mode, buildDir, String(ms)], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`profile: node child failed: ${r.stderr}`);
  const { profile, ...rest } = JSON.parse(r.stdout);
  return { ...rest, ...summariseProfile(profile, +(process.env.PROFILE_TOP || 15)) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && ['spin', 'syncloop'].includes(process.argv[2])) {
  const [, , mode, buildDir, ms] = process.argv;
  const jaxplay = await import(pathToFileURL(path.join(buildDir, 'jaxplay.js')).href);
  await jaxplay.default();
  const { spinCase1, jaxplayDoublers } = await import('./suite.mjs');
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  let result;
  if (mode === 'spin') {
    await spinCase1(jaxplay, 300);
    await session.post('Profiler.start');
    result = { usPerCall: await spinCase1(jaxplay, Number(ms)) };
  } else {
    const f = jaxplayDoublers(jaxplay).nativeDoubler();
    const x = jaxplay.jnp.array(new Float32Array(1000).map((_, i) => i));
    const perChunk = [];
    await session.post('Profiler.start');
    for (let c = 0; c < 40; c++) {
      const t0 = performance.now();
      for (let i = 0; i < 1000; i++) f(x).toTypedArray();
      perChunk.push(performance.now() - t0); // ms per 1000 calls = µs per call
    }
    result = { calls: 40000, chunk: 1000, perChunk, liveAfter: jaxplay.jax.liveArrays() };
  }
  const { profile } = await session.post('Profiler.stop');
  process.stdout.write(JSON.stringify({ ...result, profile }));
}
