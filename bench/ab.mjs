// A/B comparison of two engine builds in one Node process: each build's www/ (jaxplay.js, lib/,
// pkg/) is loaded as its own module graph with its own wasm instance, and the call-speed cases
// (1, 2, 3, 3n, 4@1e3, 6@100) of both run interleaved by timing.mjs's `measure`, so machine load
// is shared out between them. Prints medians and B ÷ A.
// Usage: node bench/ab.mjs WWW_A WWW_B [reps]   (e.g. a copy of an older build's www/ and www)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measure, tick } from './timing.mjs';
import { jaxplayDoublers } from './suite.mjs';

const [dirA, dirB, repsArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node bench/ab.mjs WWW_A WWW_B [reps]');
const reps = Number(repsArg ?? 31);

async function load(dir) {
  const mod = await import(pathToFileURL(path.join(path.resolve(dir), 'jaxplay.js')).href);
  await mod.default();
  return mod;
}

const builds = { A: await load(dirA), B: await load(dirB) };

/** Each case's thunk per build. */
function cases(jaxplay) {
  const { jnp } = jaxplay;
  const { pureDoubler, ioDoubler, nativeDoubler } = jaxplayDoublers(jaxplay);
  const x3 = jnp.array(Float32Array.of(1, -2, 3));
  const x1k = jnp.array(new Float32Array(1000).map((_, i) => i - 499.75));
  const f1 = pureDoubler();
  const f2 = ioDoubler();
  const f4 = nativeDoubler();
  return {
    'case 1 (pure_callback, 3 el)': () => f1(x3).toTypedArray(),
    'case 2 (ordered io, 3 el)': () => f2(x3).toTypedArray(),
    'case 3 (cold pure_callback)': () => pureDoubler()(x3).toTypedArray(),
    'case 3n (cold x.mul(2))': () => nativeDoubler()(x3).toTypedArray(),
    'case 4@1e3 (x.mul(2))': () => f4(x1k).toTypedArray(),
    'case 6@100 (chained pure_callback)': () => {
      let y = x3;
      for (let i = 0; i < 100; i++) y = f1(y);
      return y.toTypedArray();
    },
  };
}

const perBuild = { A: cases(builds.A), B: cases(builds.B) };
for (const name of Object.keys(perBuild.A)) {
  const perOp = name.startsWith('case 6@100') ? 100 : 1;
  const r = await measure({ A: perBuild.A[name], B: perBuild.B[name] }, { reps, warmupMs: 300, batchMs: 4, perOp });
  const ratio = r.B.median / r.A.median;
  console.log(`${name.padEnd(36)} A ${r.A.median.toFixed(3).padStart(8)} µs  B ${r.B.median.toFixed(3).padStart(8)} µs  B/A ${ratio.toFixed(2)}`);
  await tick();
}
