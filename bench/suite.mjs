// The benchmark cases, run unchanged in Node 20 and in a Chromium page. Each case times jaxplay,
// jax-js (wasm backend, synchronous `dataSync()` readback) and a plain JS typed-array loop side
// by side in one process (see timing.mjs). Every implementation's output is checked against the
// plain JS result before it is timed, so a broken engine fails the run instead of timing garbage.

import { measure, once, tick, assertSame, consume } from './timing.mjs';

export function config(short) {
  return short
    ? { short: true, reps: 7, bigReps: 3, warmupMs: 15, globalWarmupMs: 100, syncLoopCalls: 5000, batchMs: 1, sizes: [1e3, 1e5], queueNs: [10, 100, 1000] }
    : { short: false, reps: 51, bigReps: 15, warmupMs: 150, globalWarmupMs: 1500, syncLoopCalls: 20000, batchMs: 4, sizes: [1e3, 1e5, 1e6, 1e7], queueNs: [10, 100, 3000] };
}

/** Data for n-element cases: not all equal (jax-js folds small constant arrays), exact in f32. */
function ramp(n) {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = (i % 1000) - 499.75;
  return a;
}

function plainDouble(a) {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] * 2;
  return out;
}

function chain(f, x, n) {
  let y = x;
  for (let i = 0; i < n; i++) y = f(y);
  return y;
}

/** An off switch for timeline recording, if the engine has grown one (none in v0.1.0). */
function timelineOffSwitch(timeline) {
  if (typeof timeline.setEnabled === 'function') return { name: 'setEnabled', off: () => timeline.setEnabled(false), on: () => timeline.setEnabled(true) };
  if (typeof timeline.setRecording === 'function') return { name: 'setRecording', off: () => timeline.setRecording(false), on: () => timeline.setRecording(true) };
  if (typeof timeline.disable === 'function' && typeof timeline.enable === 'function') {
    return { name: 'disable/enable', off: () => timeline.disable(), on: () => timeline.enable() };
  }
  return null;
}

/** jaxplay's jitted doublers; each call makes a fresh jitted function (an empty cache). */
export function jaxplayDoublers({ jax, np }) {
  // The host side of every callback case: a plain loop over the host array's data.
  function hostDouble(arr) {
    const d = np.asarray(arr).data;
    const out = new Float32Array(d.length);
    for (let i = 0; i < d.length; i++) out[i] = d[i] * 2;
    return out;
  }
  // Case 5np's host: the course's own, host NumPy doing the doubling.
  const npDouble = (arr) => np.asarray(arr).mul(2);
  const spec = (x) => jax.ShapeDtypeStruct(x.shape, x.dtype);
  return {
    pureDoubler: () => jax.jit((x) => jax.pureCallback(hostDouble, spec(x), x)),
    npDoubler: () => jax.jit((x) => jax.pureCallback(npDouble, spec(x), x)),
    ioDoubler: () => jax.jit((x) => jax.experimental.ioCallback(hostDouble, spec(x), x, { ordered: true })),
    nativeDoubler: () => jax.jit((x) => x.mul(2)),
  };
}

/** Case 5np in Python mode: the course's host `np.asarray(a) * 2`, the program's jitted `f`. */
const PYTHON_DOUBLER = `import jax
import numpy as np
f = jax.jit(lambda x: jax.pure_callback(lambda a: np.asarray(a) * 2, jax.ShapeDtypeStruct(x.shape, x.dtype), x))
`;

/** Case 1 for jaxplay alone, run for about `ms` (for CPU profiles); returns µs per call. */
export async function spinCase1(jaxplay, ms) {
  const f = jaxplayDoublers(jaxplay).pureDoubler();
  const x = jaxplay.jnp.array([1, -2, 3]);
  const r = await measure({ jaxplay: () => f(x).toTypedArray() }, { reps: Math.max(1, Math.round(ms / 10)), warmupMs: 100, batchMs: 10 });
  return r.jaxplay.median;
}

/**
 * Runs every case. `jaxplay` is the module `www/jaxplay.js` (already initialised), `jaxjs` the
 * `@jax-js/jax` module (already `init('wasm')`-ed), `python` Python mode (`www/python.js`'s
 * `python`; case 5py is left out without it). Returns plain data for results JSON.
 */
export async function runSuite({ jaxplay, jaxjs, python = null, short = false, log = () => {} }) {
  const { jax, jnp } = jaxplay;
  const cfg = config(short);
  const rows = [];
  const started = performance.now();

  const { pureDoubler, npDoubler, ioDoubler, nativeDoubler } = jaxplayDoublers(jaxplay);
  const jsDoubler = () => jaxjs.jit((x) => x.mul(2));
  const jsArray = (data) => jaxjs.numpy.array(data);

  /** Checks each implementation once against `want`, then times them. */
  async function row(id, label, impls, { want, reps = cfg.reps, perOp = 1, note, group, heavy = false }) {
    for (const [name, impl] of Object.entries(impls)) {
      if (impl) assertSame(`case ${id} (${name})`, (impl.run ?? impl)(), want);
    }
    const minWarmupCalls = heavy ? 1 : 2;
    const r = await measure(impls, { reps: heavy ? cfg.bigReps : reps, warmupMs: cfg.warmupMs, batchMs: cfg.batchMs, perOp, minWarmupCalls });
    rows.push({ id, group: group ?? id.replace(/[^0-9].*$/, ''), label, unit: 'us', jaxplay: r.jaxplay ?? null, jaxjs: r.jaxjs ?? null, plain: r.plain ?? null, note: note ?? null });
    const fmt = (s) => (s ? `${s.median.toFixed(2)} µs` : 'n/a');
    log(`  ${id.padEnd(10)} ${label.padEnd(46)} jaxplay ${fmt(r.jaxplay).padStart(12)}  jax-js ${fmt(r.jaxjs).padStart(12)}  plain ${fmt(r.plain).padStart(12)}`);
    await tick();
    return r;
  }

  const small = Float32Array.of(1, -2, 3);
  const small2 = plainDouble(small);
  const x3 = jnp.array(small);
  const jx3 = jsArray(small);

  // ---- case 3, first in process: the very first jit of each engine (single samples).
  const firstCold = {
    jaxplay: once(() => pureDoubler()(x3).toTypedArray()),
    jaxplayNative: once(() => nativeDoubler()(x3).toTypedArray()),
    jaxjs: once(() => jsDoubler()(jx3.ref).dataSync()),
  };
  log(`  first jit in process: jaxplay pure_callback ${firstCold.jaxplay.toFixed(0)} µs, jaxplay native ${firstCold.jaxplayNative.toFixed(0)} µs, jax-js ${firstCold.jaxjs.toFixed(0)} µs`);

  // ---- case 1: steady jitted pure_callback doubler, 3 elements, readback.
  const f1 = pureDoubler();
  const g1 = jsDoubler();
  const steady = {
    jaxplay: () => f1(x3).toTypedArray(),
    jaxjs: () => g1(jx3.ref).dataSync(),
    plain: () => plainDouble(small),
  };
  // Both engines' steady paths first run for a while, so V8 has optimised them before any row.
  for (const t0 = performance.now(); performance.now() - t0 < cfg.globalWarmupMs;) {
    for (let i = 0; i < 100; i++) {
      consume(steady.jaxplay());
      consume(steady.jaxjs());
    }
    await tick();
  }
  const noCallbacks = 'jax-js has no host callbacks: its column is a jitted x*2 with readback';
  await row('1', 'steady jit pure_callback doubler, 3 el', steady, { want: small2, note: noCallbacks });

  // ---- case 2: the same with an ordered io_callback.
  const f2 = ioDoubler();
  await row('2', 'steady jit ordered io_callback doubler, 3 el', { ...steady, jaxplay: () => f2(x3).toTypedArray() }, { want: small2, note: noCallbacks });

  // ---- case 3: cold call of a fresh jitted function (trace + compile + run + readback).
  const cold = {
    jaxplay: () => pureDoubler()(x3).toTypedArray(),
    jaxjs: () => jsDoubler()(jx3.ref).dataSync(),
    plain: null,
  };
  const coldNote = 'a fresh jax.jit each call; jax-js (x*2) reuses its process-wide cache of compiled wasm kernels, so only its first call ever compiles one (see "first in process")';
  await row('3', 'cold fresh jit pure_callback doubler, 3 el', cold, { want: small2, note: coldNote });
  await row('3n', 'cold fresh jit x.mul(2), 3 el', { ...cold, jaxplay: () => nativeDoubler()(x3).toTypedArray() }, { want: small2, note: 'both engines run the same native op' });

  // ---- cases 4 and 5: n-element doubling, native op and through a pure_callback.
  const f4 = nativeDoubler();
  const g4 = jsDoubler();
  const f5 = pureDoubler();
  const f5np = npDoubler();
  const f5py = python && python.runNow(PYTHON_DOUBLER, { print: () => {} }).f;
  for (const n of cfg.sizes) {
    const data = ramp(n);
    const want = plainDouble(data);
    const x = jnp.array(data);
    const jx = jsArray(data);
    const heavy = n >= 1e6;
    const label = n.toExponential(0).replace('e+', 'e');
    const plain = () => plainDouble(data);
    await row(`4@${label}`, `x.mul(2) jitted, ${label} f32, readback`, {
      jaxplay: () => f4(x).toTypedArray(),
      jaxjs: () => g4(jx.ref).dataSync(),
      plain,
    }, { want, heavy, group: '4' });
    await row(`5@${label}`, `pure_callback doubler, ${label} f32, readback`, {
      jaxplay: () => f5(x).toTypedArray(),
      jaxjs: null,
      plain,
    }, { want, heavy, group: '5', note: 'host: plain loop over np.asarray(x).data; jax-js has no callbacks' });
    await row(`5np@${label}`, `pure_callback np.asarray(a).mul(2), ${label} f32, readback`, {
      jaxplay: () => f5np(x).toTypedArray(),
      jaxjs: null,
      plain,
    }, { want, heavy, group: '5np', note: 'host: host NumPy, np.asarray(a).mul(2); jax-js has no callbacks' });
    if (f5py) {
      await row(`5py@${label}`, `5np in Python mode: np.asarray(a) * 2, ${label} f32, readback`, {
        jaxplay: () => f5py(x).toTypedArray(),
        jaxjs: null,
        plain,
      }, { want, heavy, group: '5py', note: 'a Python-mode program\'s jitted pure_callback, host np.asarray(a) * 2, called from JS' });
    }
    jx.dispose();
  }

  // ---- case 6: N chained jitted calls (each consumes the previous result), one readback.
  for (const n of cfg.queueNs) {
    // jax-js's per-call cost grows with the chain (about 1 s per 3000-call run), so few reps.
    const heavy = n >= 1000;
    let want = small;
    for (let i = 0; i < n; i++) want = plainDouble(want);
    const jsChain = () => {
      let y = jx3.ref;
      for (let i = 0; i < n; i++) y = g1(y);
      return y.dataSync();
    };
    const plain = () => chain(plainDouble, small, n);
    await row(`6@${n}`, `${n} queued pure_callback calls, 1 readback`, {
      jaxplay: () => chain(f1, x3, n).toTypedArray(), jaxjs: jsChain, plain,
    }, { want, perOp: n, heavy, group: '6', note: `per call; ${noCallbacks}` });
    await row(`6n@${n}`, `${n} queued x.mul(2) calls, 1 readback`, {
      jaxplay: () => chain(f4, x3, n).toTypedArray(), jaxjs: jsChain, plain,
    }, { want, perOp: n, heavy, group: '6n' });
  }

  // ---- timeline cost: case 1 (jaxplay only) under each recording setting.
  const tl = jax.timeline;
  const DEFAULT_CAPACITY = 20000; // src/timeline.rs; there is no getter to read it back
  const offSwitch = timelineOffSwitch(tl);
  let unsubscribe = null;
  const variants = {
    recording: steady.jaxplay,
    capacity1: { run: steady.jaxplay, before: () => tl.setCapacity(1), after: () => tl.setCapacity(DEFAULT_CAPACITY) },
    subscriber: { run: steady.jaxplay, before: () => { unsubscribe = tl.subscribe(() => {}); }, after: () => unsubscribe() },
    off: offSwitch ? { run: steady.jaxplay, before: offSwitch.off, after: offSwitch.on } : null,
  };
  const tlr = await measure(variants, { reps: cfg.reps, warmupMs: cfg.warmupMs, batchMs: cfg.batchMs });
  let events = [];
  const stop = tl.subscribe((e) => events.push(`${e.kind}/${e.phase}${e.status ? `:${e.status}` : ''}`));
  consume(steady.jaxplay());
  stop();
  const timeline = {
    variants: tlr,
    offSwitch: offSwitch?.name ?? null,
    eventsPerCall: events.length,
    eventKinds: events,
  };
  events = null;
  log(`  timeline: recording ${tlr.recording.median.toFixed(2)} µs, capacity 1 ${tlr.capacity1.median.toFixed(2)} µs, no-op subscriber ${tlr.subscriber.median.toFixed(2)} µs, off ${tlr.off ? `${tlr.off.median.toFixed(2)} µs` : 'n/a (no off switch)'}; ${timeline.eventsPerCall} events per call`);

  // ---- a synchronous loop that never yields: FinalizationRegistry callbacks cannot run, so no
  // result array is released and the engine's live handles pile up. Last, as it leaves garbage.
  const x1k = jnp.array(ramp(1000));
  for (let i = 0; i < 20; i++) await tick();
  const chunk = 1000;
  const perChunk = [];
  const liveBefore = jax.liveArrays();
  for (let c = 0; c < cfg.syncLoopCalls / chunk; c++) {
    const t0 = performance.now();
    for (let i = 0; i < chunk; i++) consume(f4(x1k).toTypedArray());
    perChunk.push(((performance.now() - t0) * 1000) / chunk);
  }
  const syncLoop = { calls: cfg.syncLoopCalls, chunk, perChunk, liveBefore, liveAfter: jax.liveArrays() };
  for (let i = 0; i < 20; i++) await tick();
  log(`  sync loop of ${syncLoop.calls} x.mul(2) 1e3 calls: ${perChunk[0].toFixed(1)} µs/call in the first ${chunk}, ${perChunk[perChunk.length - 1].toFixed(1)} in the last; live arrays ${liveBefore} -> ${syncLoop.liveAfter}`);

  return { config: cfg, firstCold, rows, timeline, syncLoop, seconds: (performance.now() - started) / 1000 };
}
