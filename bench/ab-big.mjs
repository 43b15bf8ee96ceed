// A/B comparison of two engine builds on big arrays, in one Node process (like bench/ab.mjs):
// cases 4 (jitted x.mul(2)), 5 (jitted pure_callback doubler) and 5np (the same doubling with
// host NumPy, `np.asarray(a).mul(2)`) at 1e6 and 1e7 float32 elements with readback, one call per sample and a return to the event loop after each, as
// the suite runs them. Checks that moving idle arrays out of wasm memory (www/lib/residency.js)
// leaves big working sets as fast as before. Prints medians of CPU time per call and B ÷ A, and
// each build's wasm memory at the end.
// Usage: node bench/ab-big.mjs WWW_A WWW_B [rounds]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stats, consume, tick } from './timing.mjs';
import { jaxplayDoublers } from './suite.mjs';

const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node bench/ab-big.mjs WWW_A WWW_B [rounds]');
const rounds = Number(roundsArg ?? 15);

async function load(dir) {
  const mod = await import(pathToFileURL(path.join(path.resolve(dir), 'jaxplay.js')).href);
  await mod.default();
  return mod;
}

function cases(jaxplay, n) {
  const { pureDoubler, npDoubler, nativeDoubler } = jaxplayDoublers(jaxplay);
  const x = jaxplay.jnp.array(Float32Array.from({ length: n }, (_, i) => (i % 1000) - 499.75));
  const f4 = nativeDoubler();
  const f5 = pureDoubler();
  const f5np = npDoubler();
  const at = n.toExponential(0);
  return {
    [`case 4@${at}`]: () => f4(x).toTypedArray(),
    [`case 5@${at}`]: () => f5(x).toTypedArray(),
    [`case 5np@${at}`]: () => f5np(x).toTypedArray(),
  };
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const builds = { A: await load(dirA), B: await load(dirB) };
for (const n of [1e6, 1e7]) {
  const A = cases(builds.A, n);
  const B = cases(builds.B, n);
  for (const name of Object.keys(A)) {
    const samples = { A: [], B: [] };
    for (let r = -2; r < rounds; r++) {
      for (const which of r % 2 ? ['A', 'B'] : ['B', 'A']) {
        const t0 = cpuUs();
        consume((which === 'A' ? A : B)[name]());
        if (r >= 0) samples[which].push(cpuUs() - t0);
        await tick();
      }
    }
    const a = stats(samples.A).median;
    const b = stats(samples.B).median;
    console.log(`${name.padEnd(14)} median A ${(a / 1000).toFixed(2)} B ${(b / 1000).toFixed(2)} ms, B/A ${(b / a).toFixed(3)}`);
  }
}
const mib = (m) => (m.jax.memory().wasmBytes / 2 ** 20).toFixed(0);
console.log(`wasm memory at the end: A ${mib(builds.A)} MiB, B ${mib(builds.B)} MiB`);
