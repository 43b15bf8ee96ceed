// Garbage never counts, for small arrays too: a loop that never yields (no `await`, no
// `jax.scope`; a Python program is one) and drops results too small for residency.js to track
// one by one. Before, each stayed in wasm memory until the loop yielded: 40 000 calls on 1e3
// float32 held 40 003 arrays and 160 MiB, and each call cost ten times more by the end (the
// heap grew a page at a time). Now a task that fills the heap past the soft limit with small
// arrays has every array it makes tracked, and idle ones move out. (Results of 1e4 float32, a
// 100 x 100 matrix, ran out of memory so after 26 673 calls.) Its own file: wasm memory
// never shrinks, so its size after a loop says what the loop needed only in a fresh process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { trackedNow, trackingEvery, track } from '../../www/lib/residency.js';
import { settle } from './collect.mjs';

await init();
const MiB = 2 ** 20;
const N = 1000;
const x = jnp.array(Float32Array.from({ length: N }, (_, i) => i - 499.5));
const twice = Float32Array.from(x.toTypedArray(), (v) => 2 * v);
const f = jax.jit((v) => v.mul(2));
/** Calls whose results hold more than twice the soft limit. */
const CALLS = Math.ceil((2.2 * jax.memory().softLimitBytes) / (4 * N));

test(`${CALLS} calls of a jitted x * 2 on 1e3 float32 in a loop that never yields, results dropped: the engine holds a bounded number of arrays and wasm memory stays under 64 MiB`, () => {
  const before = jax.liveArrays();
  let most = 0;
  for (let i = 0; i < CALLS; i++) {
    const out = f(x).toTypedArray();
    if (out[i % N] !== twice[i % N]) assert.fail(`call ${i}: element ${i % N} is ${out[i % N]}, expected ${twice[i % N]}`);
    if (i % 100 === 0) most = Math.max(most, jax.memory().liveBytes);
  }
  const m = jax.memory();
  // Past the soft limit by the passes' step (an eighth of it) and what was idle less than one.
  assert.ok(most <= 1.5 * m.softLimitBytes, `engine heap reached ${(most / MiB).toFixed(1)} MiB, soft limit ${(m.softLimitBytes / MiB).toFixed(1)}`);
  assert.ok(m.wasmBytes < 64 * MiB, `wasm memory ${(m.wasmBytes / MiB).toFixed(1)} MiB`);
  assert.ok(jax.liveArrays() - before < CALLS / 2, `${jax.liveArrays() - before} of ${CALLS} results still in the engine`);
});

test('results under the 64 KiB that residency.js tracks one by one (1e4 float32), dropped in a loop that never yields, never reach the out-of-memory error', async () => {
  await settle();
  // More garbage than the engine's limit (1 GiB): at a smaller limit, moved garbage V8 has not
  // collected yet can still count in Node (README, "Memory").
  const y = jnp.ones([100, 100]);
  const calls = Math.ceil((1.1 * jax.memory().limitBytes) / (4 * y.size));
  for (let i = 0; i < calls; i++) {
    const out = f(y).toTypedArray();
    if (out[i % y.size] !== 2) assert.fail(`call ${i}: element ${i % y.size} is ${out[i % y.size]}`);
  }
  assert.ok(jax.memory().wasmBytes < 64 * MiB, `wasm memory ${(jax.memory().wasmBytes / MiB).toFixed(1)} MiB`);
});

test('small results kept in such a loop move out and back and stay right, in reads and in computations', () => {
  const kept = [];
  for (let i = 0; i < CALLS; i++) kept.push(f(x));
  assert.ok(jax.memory().wasmBytes < 64 * MiB, `wasm memory ${(jax.memory().wasmBytes / MiB).toFixed(1)} MiB`);
  assert.ok(jax.memory().hostBytes > 0, 'nothing moved out');
  kept.forEach((a, i) => {
    if (a.toTypedArray()[i % N] !== twice[i % N]) assert.fail(`kept result ${i}`);
  });
  const sum = kept.slice(0, 200).reduce((acc, a) => acc.add(a));
  assert.equal(sum.toTypedArray()[7], 200 * twice[7]);
  kept.forEach((a) => a.dispose());
});

test('a Python program looping over small arrays (it never yields) keeps the engine bounded too', async () => {
  const lines = [];
  await python.run(`import jax
import jax.numpy as jnp
f = jax.jit(lambda v: v * 2)
x = jnp.arange(${N}, dtype=jnp.float32)
total = 0.0
for i in range(${CALLS}):
    total += float(f(x)[i % ${N}])
print(total)
`, { print: (l) => lines.push(l) });
  let expected = 0;
  for (let i = 0; i < CALLS; i++) expected += 2 * (i % N);
  assert.deepEqual(lines, [String(expected.toFixed(1))]);
  // The 0-d arrays indexing makes (4 bytes each) are too small to move and stay till the end.
  const m = jax.memory();
  assert.ok(m.liveBytes <= 1.5 * m.softLimitBytes, `engine heap ${(m.liveBytes / MiB).toFixed(1)} MiB`);
  assert.ok(m.wasmBytes < 64 * MiB, `wasm memory ${(m.wasmBytes / MiB).toFixed(1)} MiB`);
});

/** Drops `calls` results of `f(x)` with no yield: in a fresh task, enough to track every array. */
function fillTask(calls = CALLS) {
  for (let i = 0; i < calls; i++) f(x).toTypedArray();
}
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

test('while every array is tracked, arrays that share their elements and arrays under 1 KiB are not (they could not move, or would cost more moved)', async () => {
  await nextTask();
  fillTask();
  assert.ok(trackingEvery, 'the loop did not make the task track every array');
  const twice = jax.jit((v) => {
    const y = v.mul(2);
    return [y, y];
  });
  const scalar = jnp.array([1.5]);
  const start = trackedNow();
  for (let i = 0; i < 2000; i++) {
    const [a, b] = twice(x);
    if (a.toTypedArray()[3] !== b.toTypedArray()[3]) assert.fail(`call ${i}`);
    f(x).astype('float32').toTypedArray();
    f(scalar).toTypedArray();
  }
  assert.ok(trackingEvery);
  assert.ok(trackedNow() - start < 500, `${trackedNow() - start} more arrays tracked over 2 000 calls`);
});

test('while every array is tracked, a small result is looked at without being taken, and a large output after a small one of the same call is taken', async () => {
  await nextTask();
  fillTask();
  assert.ok(trackingEvery, 'the loop did not make the task track every array');
  // Taken, it would be registered for its finalizer through a token of its own: a cost at every
  // small call (once every array was tracked, a loop of 3-element results ran 20 % slower).
  assert.equal(track(jnp.array([1.5, 2.5, 3.5])), false);
  // Looks come once the heap has grown by the least tracked then (1 KiB): the large output made
  // in the same call as a small one, wrapped after it, must be looked at too.
  const pair = jax.jit((v) => [v.sum(), v.mul(3)]);
  const want = 3 * x.toTypedArray()[2];
  const start = jax.memory().liveBytes;
  let most = start;
  for (let i = 0; i < CALLS; i++) {
    const [total, big] = pair(x);
    if (big.toTypedArray()[2] !== want || total.item() !== 0) assert.fail(`call ${i}`);
    if (i % 100 === 0) most = Math.max(most, jax.memory().liveBytes);
  }
  assert.ok(trackingEvery);
  // Untaken, the large outputs would add 2.2 times the soft limit by the end.
  const soft = jax.memory().softLimitBytes;
  assert.ok(most - start <= 0.5 * soft, `the engine heap grew by ${((most - start) / MiB).toFixed(1)} MiB, soft limit ${(soft / MiB).toFixed(1)}`);
});

test('a soft limit of 0 moves idle large arrays; it does not make a small task track every array', async () => {
  await nextTask();
  const previous = jax.setMemorySoftLimit(0);
  try {
    const kept = [];
    // 2 MB of 4 KB results: one task, under half of the 8 MiB floor.
    for (let i = 0; i < 500; i++) kept.push(f(x));
    assert.ok(!trackingEvery, 'every array tracked');
    assert.equal(kept[499].toTypedArray()[5], twice[5]);
  } finally {
    jax.setMemorySoftLimit(previous);
  }
});

test('kept arrays too small to move still end in the out-of-memory error (moved, a million would fill V8\'s heap instead)', async () => {
  // The earlier tests' garbage released first: moved arrays the collector already reclaimed
  // are not counted by the engine, though `hostBytes` has them until their finalizers run.
  await settle();
  const limit = jax.memory().limitBytes;
  const soft = jax.setMemorySoftLimit(4 * MiB);
  // 12 MiB more than the arrays counted now hold, moved ones included (at least the smallest
  // limit there is, 16 MiB).
  const held = jax.memory().liveBytes + jax.memory().hostBytes;
  jax.setMemoryLimit(Math.max(16 * MiB, Math.ceil((held + 12 * MiB) / MiB) * MiB));
  const kept = [];
  const one = jnp.array([0.5]);
  let err;
  try {
    for (let i = 0; i < 400_000; i++) kept.push(f(one));
  } catch (e) {
    err = e;
  } finally {
    jax.setMemoryLimit(limit);
    jax.setMemorySoftLimit(soft);
  }
  assert.equal(err?.name, 'JaxplayError', `no error after ${kept.length} kept arrays`);
  assert.match(err.message, /^out of memory/);
  // 12 MiB of one-element arrays, some hundreds of bytes each in the engine.
  assert.ok(kept.length > 10_000, `out of memory after ${kept.length} kept arrays`);
  assert.deepEqual(kept[kept.length - 1].tolist(), [1]);
  kept.forEach((a) => a.dispose());
});
