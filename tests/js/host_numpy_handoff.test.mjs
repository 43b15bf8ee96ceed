// Large host NumPy results stay in the engine until JS reads them, and a host that returns one
// hands the engine its array with no copy (case 5np of the benchmarks). Only the garbage
// collector lets go of a dropped one, so while 16 MiB of them wait, new results are JS arrays
// at once; a waiting result is never copied out later (in Chromium such late copies grew the
// renderer by gigabytes: tests/e2e/garbage.test.mjs). Its own file: what waits is per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np } from '../../www/jaxplay.js';
import { engineHandle } from '../../www/lib/np.js';
import { settle } from './collect.mjs';

await init();
const N = 1e6; // 4 MiB of float32
const ramp = Float32Array.from({ length: N }, (_, i) => (i % 1000) - 499.75);

test('a host NumPy result made in a callback reaches the engine without a JS copy, and stays readable', async () => {
  await settle(3);
  const seen = [];
  const host = (h) => {
    const doubled = np.asarray(h).mul(2);
    seen.push({ doubled, inEngine: engineHandle(doubled) !== null });
    return doubled;
  };
  const f = jax.jit((v) => jax.pureCallback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v));
  const out = f(jnp.array(ramp)).toTypedArray();
  assert.deepEqual(seen.map((s) => s.inEngine), [true]);
  for (const i of [0, 1, 777, N - 1]) assert.equal(out[i], 2 * ramp[i]);
  // Kept by the host past its return, it still reads right (copied out now, on this read).
  const kept = seen[0].doubled.data;
  for (const i of [0, 1, 777, N - 1]) assert.equal(kept[i], 2 * ramp[i]);
  assert.equal(engineHandle(seen[0].doubled), null);
});

test('while 16 MiB of results wait for the collector, new ones are JS arrays at once, and none is copied out later', async () => {
  await settle(3);
  const a = np.asarray(ramp);
  // One synchronous run: no finalizer can let any of these go.
  const results = [];
  for (let i = 0; i < 8; i++) results.push(a.mul(2));
  const inEngine = results.map((r) => engineHandle(r) !== null);
  const kept = inEngine.filter(Boolean).length;
  assert.ok(kept >= 4 && kept <= 5, `kept ${kept} of 8 (4 MiB each): ${inEngine}`);
  assert.deepEqual(inEngine, inEngine.map((_, i) => i < kept), 'the first ones are kept, the rest are not');
  // Making the later ones copied none of the earlier ones out.
  assert.deepEqual(results.map((r) => engineHandle(r) !== null), inEngine);
  for (const r of results) assert.equal(r.data[777], 2 * ramp[777]);

  // Once the collector has let the dropped ones go, there is room again.
  results.length = 0;
  await settle(3);
  assert.notEqual(engineHandle(a.mul(2)), null);
});
