// Every engine dtype (`ENGINE_DTYPES`, generated from src/boundary.rs) made from host data in
// JS: `jnp.array(values, dtype)` and the `jnp.<dtype>` constructor give that dtype, read back
// through its typed array (`ENGINE_STORAGE`) by `toTypedArray`, and `astype` goes there and back.
// Whole numbers out of a dtype's range wrap as NumPy's cast from int64 does (recorded from
// NumPy 2.4: `np.array(INPUT, np.int64).astype(dtype)`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { ENGINE_DTYPES, ENGINE_STORAGE } from '../../www/lib/boundary.js';

await init();

const INPUT = [1, 250, 300, -1, 0];
const NUMPY = {
  float32: [1, 250, 300, -1, 0],
  int32: [1, 250, 300, -1, 0],
  bool: [1, 1, 1, 1, 0],
  uint32: [1, 250, 300, 4294967295, 0],
  uint8: [1, 250, 44, 255, 0],
};

test('the table covers every engine dtype', () => {
  assert.deepEqual(Object.keys(NUMPY).sort(), [...ENGINE_DTYPES].sort());
});

ENGINE_DTYPES.forEach((dtype, code) => {
  test(`${dtype}: jnp.array, jnp.${dtype}, toTypedArray, astype`, () => {
    const x = jnp.array(INPUT, dtype);
    assert.equal(x.dtype, dtype);
    const data = x.toTypedArray();
    assert.equal(data.constructor, ENGINE_STORAGE[code]);
    assert.deepEqual(Array.from(data), NUMPY[dtype]);
    const made = jnp[dtype](INPUT);
    assert.deepEqual([made.dtype, Array.from(made.toTypedArray())], [dtype, NUMPY[dtype]]);
    const back = x.astype('float32').astype(dtype);
    assert.deepEqual([back.dtype, Array.from(back.toTypedArray())], [dtype, NUMPY[dtype]]);
    assert.equal(jax.jit((v) => v)(x).dtype, dtype);
  });
});

test('uint8 arithmetic wraps and bitwiseCount gives uint8, with the jaxpr JAX prints', () => {
  const x = jnp.array([1, 2, 250], 'uint8');
  assert.deepEqual(Array.from(x.add(10).toTypedArray()), [11, 12, 4]);
  assert.equal(jnp.sum(x).dtype, 'uint32');
  assert.deepEqual(Array.from(jnp.bitwiseCount(jnp.array([7, -1, 0], 'int32')).toTypedArray()), [3, 1, 0]);
  assert.equal(
    String(jax.makeJaxpr((v) => jnp.bitwiseCount(v))(x)),
    '{ lambda ; a:u8[3]. let b:u8[3] = population_count a in (b,) }',
  );
});
