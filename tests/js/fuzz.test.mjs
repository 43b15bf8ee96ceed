// A property test of the JS API: seeded random sequences of calls (array makers, arithmetic,
// sum, reshape, jit, pure callbacks, vmap, scopes, dispose) with arguments that are sometimes
// valid and sometimes garbage. Properties: a call never traps or hits an internal error; with
// valid arguments it returns what a plain JS reference computes (float32-rounded); with invalid
// ones it throws one of the API's error classes; and the engine keeps working afterwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np } from '../../www/jaxplay.js';

await init();

export const SEQUENCES = 400;
export const STEPS = 40;
const ERROR_CLASSES = new Set(['TypeError', 'JaxplayError', 'RangeError', 'CallbackError']);

/** mulberry32: a small seeded generator, so a failure names a sequence that replays. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GARBAGE = [-1, 1.5, NaN, Infinity, 2 ** 32, 'x', null, undefined, {}, [[1], [2, 3]], Symbol('s'), () => 1, 1e10, -0.5, [2 ** 31]];
const SHAPES = [[], [1], [3], [2, 3], [3, 1], [1, 3]];
const size = (shape) => shape.reduce((a, b) => a * b, 1);

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

/** A model value: the engine array and the reference's shape and float32 data. */
function fresh(r) {
  const shape = pick(r, SHAPES);
  const data = Array.from({ length: size(shape) }, () => Math.fround(Math.round((r() - 0.5) * 200) / 8));
  return { arr: jnp.array(nest(data, shape)), shape, data };
}

function nest(data, shape) {
  if (shape.length === 0) return data[0];
  const step = size(shape.slice(1));
  return Array.from({ length: shape[0] }, (_, i) => nest(data.slice(i * step, (i + 1) * step), shape.slice(1)));
}

/** NumPy broadcasting of two shapes, or null. */
function broadcast(a, b) {
  const n = Math.max(a.length, b.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) return null;
    out.push(Math.max(x, y));
  }
  return out;
}

function elementAt(v, shape, index) {
  // index in `shape` (the broadcast shape) to v's flat index.
  let flat = 0;
  let stride = 1;
  for (let d = shape.length - 1, e = v.shape.length - 1; e >= 0; d--, e--) {
    const i = v.shape[e] === 1 ? 0 : index[d];
    flat += i * stride;
    stride *= v.shape[e];
  }
  return v.data[flat];
}

function unravel(k, shape) {
  const idx = new Array(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    idx[d] = k % shape[d];
    k = Math.floor(k / shape[d]);
  }
  return idx;
}

const OPS = { add: (x, y) => x + y, sub: (x, y) => x - y, mul: (x, y) => x * y };

function binaryRef(op, a, b) {
  const shape = broadcast(a.shape, b.shape);
  if (!shape) return null;
  const data = Array.from({ length: size(shape) }, (_, k) => {
    const idx = unravel(k, shape);
    return Math.fround(OPS[op](elementAt(a, shape, idx), elementAt(b, shape, idx)));
  });
  return { shape, data };
}

const doubler = jax.jit((x) => jax.pureCallback((a) => np.asarray(a).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x));
const jitAdd = jax.jit((x, y) => x.add(y));
const vmapDouble = jax.vmap((x) => x.mul(2));

/** One random step on `pool`: returns `[description, () => result, expected | undefined]`. */
function step(r, pool) {
  const a = pick(r, pool);
  const b = pick(r, pool);
  const garbage = () => pick(r, GARBAGE);
  switch (Math.floor(r() * 9)) {
    case 0: {
      const op = pick(r, Object.keys(OPS));
      const expected = binaryRef(op, a, b);
      return [`${op} ${a.shape} ${b.shape}`, () => a.arr[op](b.arr), expected ?? 'error'];
    }
    case 1: {
      const expected = binaryRef('add', a, b);
      return [`jit add ${a.shape} ${b.shape}`, () => jitAdd(a.arr, b.arr), expected ?? 'error'];
    }
    case 2:
      return [`doubler ${a.shape}`, () => doubler(a.arr), { shape: a.shape, data: a.data.map((x) => Math.fround(2 * x)) }];
    case 3: {
      if (a.shape.length === 0) return ['vmap of a scalar', () => vmapDouble(a.arr), 'error'];
      return [`vmap ${a.shape}`, () => vmapDouble(a.arr), { shape: a.shape, data: a.data.map((x) => Math.fround(2 * x)) }];
    }
    case 4: {
      const total = a.data.reduce((s, x) => s + x, 0);
      return [`sum ${a.shape}`, () => a.arr.sum(), { shape: [], data: [total], approx: true }];
    }
    case 5: {
      const axis = r() < 0.5 ? garbage() : Math.floor(r() * 4) - 2;
      const valid = axis === null || axis === undefined || (Number.isInteger(axis) && axis >= -a.shape.length && axis < a.shape.length);
      return [`sum axis ${String(axis)} of ${a.shape}`, () => a.arr.sum(axis), valid ? undefined : 'error'];
    }
    case 6: {
      const shape = r() < 0.5 ? [garbage()] : [size(a.shape)];
      const valid = shape[0] === size(a.shape) || shape[0] === -1;
      return [`reshape ${a.shape} to ${String(shape[0])}`, () => a.arr.reshape(shape), valid ? { shape: [size(a.shape)], data: a.data } : 'error'];
    }
    case 7: {
      const shape = r() < 0.5 ? [garbage(), 2] : [2, 2];
      const valid = shape[0] === 2;
      return [`zeros ${String(shape[0])}`, () => jnp.zeros(shape), valid ? { shape, data: [0, 0, 0, 0] } : 'error'];
    }
    default: {
      const arg = garbage();
      const valid = typeof arg === 'number' || (Array.isArray(arg) && arg.every((x) => typeof x === 'number'));
      return [`add garbage ${String(arg)}`, () => a.arr.add(arg), valid ? undefined : 'error'];
    }
  }
}

function check(desc, got, expected) {
  if (expected === undefined) return;
  assert.deepEqual(got.shape, expected.shape, desc);
  // -0 and 0 are one value here (a reference sum may start from 0 where the engine's starts from -0).
  const data = Array.from(got.toTypedArray(), (x) => x + 0);
  if (expected.approx) {
    expected.data.forEach((x, i) => assert.ok(Math.abs(data[i] - x) <= 1e-4 * Math.max(1, Math.abs(x)), `${desc}: ${data[i]} vs ${x}`));
  } else {
    assert.deepEqual(data, expected.data.map((x) => x + 0), desc);
  }
}

test(`${SEQUENCES} random sequences of ${STEPS} API calls: no trap, no wrong answer`, () => {
  let calls = 0;
  let errors = 0;
  for (let seed = 1; seed <= SEQUENCES; seed++) {
    const r = rng(seed);
    const run = () => {
      const pool = [fresh(r), fresh(r), fresh(r)];
      for (let s = 0; s < STEPS; s++) {
        const [desc, call, expected] = step(r, pool);
        const where = `seed ${seed}, step ${s}: ${desc}`;
        calls += 1;
        let got;
        try {
          got = call();
        } catch (err) {
          errors += 1;
          assert.ok(ERROR_CLASSES.has(err.name), `${where}: ${err.name}: ${err.message}`);
          assert.notEqual(expected === undefined || expected === 'error', false, `${where}: threw ${err.message}`);
          continue;
        }
        assert.notEqual(expected, 'error', `${where}: expected an error`);
        check(where, got, expected);
        if (expected !== undefined && got.ndim <= 2 && r() < 0.5) pool.push({ arr: got, shape: expected.shape, data: expected.data });
        if (r() < 0.1) pick(r, pool.splice(Math.floor(r() * pool.length), 1)).arr.dispose?.();
        if (pool.length === 0) pool.push(fresh(r));
      }
    };
    // Half the sequences run inside a scope, which releases their arrays at the end.
    if (seed % 2 === 0) jax.scope(run);
    else run();
  }
  assert.deepEqual(doubler(jnp.array([1, -2, 3])).tolist(), [2, -4, 6]);
  console.log(`fuzz: ${calls} calls in ${SEQUENCES} sequences, ${errors} expected errors`);
});
