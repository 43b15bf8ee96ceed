// Memory benchmark cases (issue 9's targets), each in a fresh Node process, since wasm memory
// only grows: its size at the end of a loop is the most the loop ever needed. JS ArrayBuffer
// memory (given back when garbage) is reported next to it, as its peak over 100-call samples.
//   (a) 10 000 jitted calls on 1e5-element float32 arrays, synchronous, each in jax.scope:
//       wasm memory < 16 MiB;
//   (b) the same loop yielding every 100 calls, no scope: < 64 MiB;
//   (c) at 1e6 elements, synchronous with scopes vs yielding: within 1.2x per call;
//   (d) no scope, no yield: ends in the out-of-memory error, and the next call works;
//   (e) 10 000 calls at 1e6 elements, no scope, no yield, results dropped (a jitted x * 2, and
//       the pure_callback doubler): they complete with wasm memory < 64 MiB and the process's
//       memory bounded (e), within 1.2x of the same loop with jax.scope (eSpeed; alternating
//       batches of 100 in the one synchronous run, timed by CPU time).
// CLI: node bench/memory.mjs [--short] [--json FILE]. `runMemoryCases` is what bench/run.mjs
// calls; `--case NAME` runs one case in this process (what the spawned processes do).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';

const MiB = 2 ** 20;
const CASES = ['a', 'b', 'c-scope', 'c-yield', 'd', 'e-native', 'e-pure'];

function ramp(n) {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = (i % 1000) - 499.75;
  return a;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Case (e): `calls` dropped results with no scope and as many in `jax.scope`, in alternating
 * batches of 100, all in one synchronous run (no await: finalizers never run).
 */
function garbageLoop(jax, f, x, calls) {
  const want = 2 * x.toTypedArray()[1];
  const ms = { scope: 0, none: 0 };
  let peakRss = 0;
  for (let done = 0; done < calls; done += 100) {
    for (const kind of done % 200 === 0 ? ['none', 'scope'] : ['scope', 'none']) {
      const t0 = cpuMs();
      for (let i = 0; i < 100; i++) {
        const out = kind === 'scope' ? jax.scope(() => f(x).toTypedArray()) : f(x).toTypedArray();
        if (out[1] !== want) throw new Error(`case e: got ${out[1]}, expected ${want}`);
      }
      ms[kind] += cpuMs() - t0;
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  return { usPerCall: (1000 * ms.none) / calls, usPerCallScoped: (1000 * ms.scope) / calls, peakRssMiB: peakRss / MiB };
}

async function runCase(name, short) {
  const { default: init, jax, jnp, np } = await import('../www/jaxplay.js');
  await init();
  if (name.startsWith('e')) {
    const f = name === 'e-native'
      ? jax.jit((x) => x.mul(2))
      : jax.jit((x) => jax.pureCallback((v) => np.asarray(v).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x));
    const calls = short ? 1000 : 10000;
    const r = garbageLoop(jax, f, jnp.array(ramp(1e6)), calls);
    const m = jax.memory();
    return { name, n: 1e6, calls, ...r, wasmMiB: m.wasmBytes / MiB, liveMiB: m.liveBytes / MiB, hostMiB: m.hostBytes / MiB, error: null };
  }
  const f = jax.jit((x) => x.mul(2).add(1));
  const n = name.startsWith('c') ? 1e6 : 1e5;
  const calls = name.startsWith('c') ? (short ? 200 : 1000) : short ? 2000 : 10000;
  const x = jnp.array(ramp(n));
  let checksum = 0;
  // JS memory too, sampled every 100 calls: arrays moved out of wasm memory (www/lib/residency.js)
  // and readback copies live there, and the figure should say that memory moved, not vanished.
  let arrayBuffers = 0;
  const sample = () => { arrayBuffers = Math.max(arrayBuffers, process.memoryUsage().arrayBuffers); };
  const t0 = performance.now();
  let error = null;
  if (name === 'a' || name === 'c-scope') {
    for (let i = 0; i < calls; i++) {
      checksum += jax.scope(() => f(x).toTypedArray()[1]);
      if (i % 100 === 99) sample();
    }
  } else if (name === 'b' || name === 'c-yield') {
    for (let i = 0; i < calls; i++) {
      checksum += f(x).toTypedArray()[1];
      if (i % 100 === 99) {
        sample();
        await tick();
      }
    }
  } else {
    const held = [];
    try {
      for (let i = 0; i < 100000; i++) {
        held.push(f(x));
        if (i % 100 === 99) sample();
      }
    } catch (err) {
      error = { name: err.name, message: err.message, afterCalls: held.length };
    }
    held.length = 0;
  }
  const ms = performance.now() - t0;
  const m = jax.memory();
  const result = {
    name, n, calls, usPerCall: (ms * 1000) / calls, wasmMiB: m.wasmBytes / MiB, liveMiB: m.liveBytes / MiB, hostMiB: m.hostBytes / MiB, peakArrayBuffersMiB: arrayBuffers / MiB, checksum, error,
  };
  if (name === 'd') result.nextCall = jax.jit((v) => v.mul(2))(jnp.array([1, -2, 3])).tolist();
  return result;
}

/** Runs every case, each in its own process; returns their results. */
export function runMemoryCases({ short = false, log = () => {} } = {}) {
  const here = fileURLToPath(import.meta.url);
  const results = {};
  for (const name of CASES) {
    const r = spawnSync(process.execPath, [here, '--case', name, ...(short ? ['--short'] : [])], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench/memory.mjs case ${name} failed: ${r.stderr}`);
    results[name] = JSON.parse(r.stdout.trim().split('\n').pop());
    const c = results[name];
    const peak = c.peakRssMiB === undefined ? `JS ArrayBuffers peak ${c.peakArrayBuffersMiB.toFixed(1)} MiB` : `${c.usPerCallScoped.toFixed(0)} µs/call with scope, peak RSS ${c.peakRssMiB.toFixed(0)} MiB`;
    log(`  memory ${name.padEnd(8)} ${c.calls} calls at ${c.n} f32: ${c.usPerCall.toFixed(0)} µs/call, wasm memory ${c.wasmMiB.toFixed(1)} MiB, ${peak}${c.error ? `; ${c.error.name} after ${c.error.afterCalls} calls, next call ${JSON.stringify(c.nextCall)}` : ''}`);
  }
  const targets = {
    a: results.a.wasmMiB < 16,
    b: results.b.wasmMiB < 64,
    c: results['c-scope'].usPerCall <= 1.2 * results['c-yield'].usPerCall,
    d: /^out of memory/.test(results.d.error?.message ?? '') && JSON.stringify(results.d.nextCall) === '[2,-4,6]',
    e: ['e-native', 'e-pure'].every((k) => results[k].wasmMiB < 64),
    eSpeed: ['e-native', 'e-pure'].every((k) => results[k].usPerCall <= 1.2 * results[k].usPerCallScoped),
  };
  log(`  memory targets: ${Object.entries(targets).map(([k, ok]) => `(${k}) ${ok ? 'met' : 'MISSED'}`).join(', ')}`);
  return { cases: results, targets };
}

const args = process.argv.slice(2);
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const short = args.includes('--short');
  if (args.includes('--case')) {
    console.log(JSON.stringify(await runCase(args[args.indexOf('--case') + 1], short)));
  } else {
    const r = runMemoryCases({ short, log: console.log });
    if (args.includes('--json')) fs.writeFileSync(args[args.indexOf('--json') + 1], JSON.stringify(r, null, 2));
  }
}
