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
  assert.ok(most <= 1.1 * m.softLimitBytes, `engine heap reached ${(most / MiB).toFixed(1)} MiB, soft limit ${(m.softLimitBytes / MiB).toFixed(1)}`);
  assert.ok(m.wasmBytes < 64 * MiB, `wasm memory ${(m.wasmBytes / MiB).toFixed(1)} MiB`);
  assert.ok(jax.liveArrays() - before < CALLS / 2, `${jax.liveArrays() - before} of ${CALLS} results still in the engine`);
});

test('results under the 64 KiB that residency.js tracks one by one (1e4 float32), dropped in a loop that never yields, never reach the out-of-memory error', () => {
  const previous = jax.memory().limitBytes;
  jax.setMemoryLimit(64 * MiB);
  const y = jnp.ones([100, 100]);
  const calls = Math.ceil((2.2 * 64 * MiB) / (4 * y.size));
  try {
    for (let i = 0; i < calls; i++) {
      const out = f(y).toTypedArray();
      if (out[i % y.size] !== 2) assert.fail(`call ${i}: element ${i % y.size} is ${out[i % y.size]}`);
    }
  } finally {
    jax.setMemoryLimit(previous);
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
  const before = jax.liveArrays();
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
  assert.ok(jax.memory().wasmBytes < 64 * MiB, `wasm memory ${(jax.memory().wasmBytes / MiB).toFixed(1)} MiB`);
  assert.ok(jax.liveArrays() - before < CALLS / 2, `${jax.liveArrays() - before} of ${CALLS} results still in the engine`);
});
