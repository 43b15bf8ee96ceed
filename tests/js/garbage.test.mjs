// Garbage never counts: a loop that drops its results, with no `jax.scope` and no `await`
// (so no finalizer ever runs), must not run out of memory, however many results it makes
// (issue 24, item 1). Before, results were released only by finalizers and moved ones still
// counted, and such a loop on 1e6 float32 ended in "out of memory" after 267 calls. Each loop
// here makes more than twice the engine's limit of garbage. Its own file: wasm memory never
// shrinks, so its size after a loop says what the loop needed only in a fresh process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np } from '../../www/jaxplay.js';
import { settle } from './collect.mjs';

await init();
const MiB = 2 ** 20;
const N = 1e6;
const x = jnp.array(Float32Array.from({ length: N }, (_, i) => (i % 1000) - 499.75));
const twice = Float32Array.from(x.toTypedArray(), (v) => 2 * v);

/** Garbage made by `calls` calls of `f`: more than twice the engine's limit. */
const callsFor = (bytesPerCall) => Math.ceil((2.2 * jax.memory().limitBytes) / bytesPerCall);

/**
 * Runs `f(x).toTypedArray()` `calls` times with no scope and no await, checking every
 * result; returns the most engine heap and process memory (RSS) seen.
 */
function dropLoop(f, calls) {
  let heap = 0;
  let rss = 0;
  for (let i = 0; i < calls; i++) {
    const out = f(x).toTypedArray();
    if (out[i % N] !== twice[i % N]) assert.fail(`call ${i}: element ${i % N} is ${out[i % N]}, expected ${twice[i % N]}`);
    if (i % 20 === 0) {
      heap = Math.max(heap, jax.memory().liveBytes);
      rss = Math.max(rss, process.memoryUsage.rss());
    }
  }
  return { heap, rss };
}

const cases = {
  'a jitted x * 2': jax.jit((v) => v.mul(2)),
  // The course's `jax.pure_callback(lambda v: np.asarray(v) * 2, ...)`.
  'the pure_callback doubler': jax.jit((v) => jax.pureCallback((h) => np.asarray(h).mul(2), jax.ShapeDtypeStruct(v.shape, v.dtype), v)),
};

for (const [name, f] of Object.entries(cases)) {
  test(`${name} on 1e6 float32, results dropped, no scope, no await: more than twice the limit of garbage, with the engine heap and wasm memory under 64 MiB and the process's memory bounded`, () => {
    const rssBefore = process.memoryUsage.rss();
    const calls = callsFor(4 * N);
    const { heap, rss } = dropLoop(f, calls);
    const m = jax.memory();
    assert.ok(heap < 64 * MiB, `engine heap reached ${(heap / MiB).toFixed(1)} MiB`);
    assert.ok(m.wasmBytes < 64 * MiB, `wasm memory ${(m.wasmBytes / MiB).toFixed(1)} MiB`);
    // The garbage made is 2.2 GiB: the collector must reclaim it during the loop.
    assert.ok(rss - rssBefore < 512 * MiB, `process memory grew ${((rss - rssBefore) / MiB).toFixed(0)} MiB over ${calls} calls`);
  });
}

test('results kept with no scope and no await still end in the out-of-memory error, and every kept result stays right', () => {
  const previous = jax.memory().limitBytes;
  jax.setMemoryLimit(256 * MiB);
  const f = cases['a jitted x * 2'];
  const kept = [];
  let err;
  try {
    for (let i = 0; i < 1000; i++) kept.push(f(x));
  } catch (e) {
    err = e;
  } finally {
    jax.setMemoryLimit(previous);
  }
  assert.equal(err?.name, 'JaxplayError');
  assert.match(err.message, /^out of memory: live arrays hold \d+\.\d MiB, past the engine's limit of 256\.0 MiB/);
  // 256 MiB of 4 MB results, give or take the engine's own memory.
  assert.ok(kept.length > 50 && kept.length <= 68, `ended after ${kept.length} calls`);
  kept.forEach((a, i) => assert.equal(a.toTypedArray()[i], twice[i], `kept result ${i}`));
  kept.forEach((a) => a.dispose());
  assert.deepEqual(f(jnp.array([1, -2, 3])).tolist(), [2, -4, 6]);
});

test('once the task that made them has ended, large garbage arrays are released without being copied out', async () => {
  // The earlier tests' moved garbage finalized first, so that any move now would show.
  await settle(10);
  assert.equal(jax.memory().hostBytes, 0);
  const f = cases['a jitted x * 2'];
  // Under the soft limit (24 MiB by default, 6 results here), so nothing moves on the way.
  for (let i = 0; i < 4; i++) f(x);
  const heap = jax.memory().liveBytes;
  await settle(10);
  assert.ok(jax.memory().liveBytes <= heap - 15 * MiB, `engine heap ${(jax.memory().liveBytes / MiB).toFixed(1)} MiB, was ${(heap / MiB).toFixed(1)} MiB`);
  assert.equal(jax.memory().hostBytes, 0, 'nothing moved out');
});
