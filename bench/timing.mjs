// Timing helpers shared by Node and the browser page: warm-up, batch calibration, interleaved
// repetitions and order statistics. Everything uses performance.now() (microsecond resolution in
// Node and in a cross-origin-isolated page; scripts/serve.mjs sends the COOP/COEP headers).

/** A value the timed thunks feed so their results are observably used. */
let sink = 0;
export const consume = (out) => {
  sink = (sink + (out?.length ?? 0)) | 0;
  return sink;
};

export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => {
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return s[lo] + (s[hi] - s[lo]) * (i - lo);
  };
  return { median: q(0.5), q1: q(0.25), q3: q(0.75), min: s[0], max: s[s.length - 1], n: s.length };
}

const now = () => performance.now();

/**
 * Returns to the event loop (setImmediate in Node, setTimeout in browsers). jaxplay arrays are
 * released by FinalizationRegistry callbacks, which only run from the event loop: a loop that
 * never yields keeps every result alive (see the suite's sync-loop measurement). MessageChannel
 * is not enough in Node: its messages run before V8's cleanup task.
 */
export const tick = typeof setImmediate === 'function'
  ? () => new Promise((resolve) => setImmediate(resolve))
  : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Times several implementations of one operation side by side.
 * impls: { name: thunk | { run, before?, after? } | null }. A thunk performs one operation
 * (readback included); before/after run outside the timed region around every batch (they set
 * global state such as timeline subscribers). `perOp` divides each thunk call's time (a thunk
 * doing N chained calls reports per-call time).
 * Each implementation is warmed up for `warmupMs`, a batch size k is chosen so one batch takes
 * about `batchMs`, then `reps` rounds each time one batch of every implementation, the order
 * rotating per round so drift and GC debt are shared out. Between batches (untimed) the event
 * loop runs, as it would in an application. Resolves to microseconds per operation.
 */
export async function measure(impls, { reps, warmupMs, batchMs, perOp = 1, minWarmupCalls = 2 }) {
  const names = Object.keys(impls).filter((n) => impls[n]);
  const norm = Object.fromEntries(names.map((n) => {
    const v = impls[n];
    return [n, typeof v === 'function' ? { run: v } : v];
  }));
  const batch = {};
  for (const n of names) {
    const { run, before, after } = norm[n];
    let calls = 0;
    let spent = 0;
    while (calls < minWarmupCalls || spent < warmupMs) {
      before?.();
      const t0 = now();
      do {
        consume(run());
        calls++;
      } while (now() - t0 < batchMs);
      spent += now() - t0;
      after?.();
      await tick();
    }
    batch[n] = Math.max(1, Math.ceil(batchMs / Math.max(spent / calls, 1e-6)));
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < reps; r++) {
    for (let j = 0; j < names.length; j++) {
      const n = names[(r + j) % names.length];
      const { run, before, after } = norm[n];
      const k = batch[n];
      before?.();
      const t0 = now();
      for (let i = 0; i < k; i++) consume(run());
      const dt = now() - t0;
      after?.();
      samples[n].push((dt * 1000) / (k * perOp));
      await tick();
    }
  }
  const out = {};
  for (const n of Object.keys(impls)) {
    out[n] = impls[n] ? { ...stats(samples[n]), batch: batch[n], perOp } : null;
  }
  return out;
}

/** One timed call, in microseconds (for first-in-process numbers that cannot be repeated). */
export function once(thunk) {
  const t0 = now();
  consume(thunk());
  return (now() - t0) * 1000;
}

/** Throws unless typed arrays `got` and `want` hold the same values (NaN equals NaN). */
export function assertSame(what, got, want) {
  const ok = got && got.length === want.length && want.every((w, i) => Object.is(got[i], w) || got[i] === w);
  if (!ok) {
    const show = (a) => (a ? `[${Array.from(a.slice(0, 6)).join(', ')}${a.length > 6 ? ', …' : ''}] (${a.length})` : String(a));
    throw new Error(`bench: ${what} returned ${show(got)}, expected ${show(want)}`);
  }
}
