// Arrays moved out of wasm memory into JS memory (www/lib/residency.js) behave exactly like
// arrays that never moved. Each row of the table makes an array outside any scope, forces it
// out (a low soft limit and a burst of scoped allocations), checks that it moved (its bytes
// show up in `jax.memory().hostBytes`), runs one operation on it and compares the answer with
// the same operation on the same array made inside a `jax.scope`, which never moves. Then: a
// loop of jitted calls keeps the engine heap under a low soft limit, holding too much still ends
// in the out-of-memory error, and after a restart moved arrays report it like any old array.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { RESTART_MESSAGE } from '../../www/lib/instance.js';
import { exchange } from '../../www/lib/memory.js';
import { gc } from './collect.mjs';

await init();
const MiB = 2 ** 20;

// 20 000 elements: 80 000 bytes of float32, int32 or uint32, past residency.js's 64 KiB; bool
// and uint8 arrays (a byte per element) need more.
const N = 20000;
const data = Float32Array.from({ length: N }, (_, i) => (i % 97) - 48.5);
// A jitted copy, so each array has its own elements (a view shares them, and moving one of
// several arrays sharing elements would free nothing, so it is never moved).
const copy = jax.jit((x) => x.add(0));
const positive = jax.jit((x) => x.gt(0));
// Made in a scope, which releases the intermediate arrays (garbage not yet collected would be
// moved too) and hands the result to the caller.
const makers = {
  float32: () => jax.scope(() => copy(jnp.array(data))),
  int32: () => jax.scope(() => copy(jnp.array(data).astype('int32'))),
  bool: () => jax.scope(() => positive(jnp.array(Float32Array.from({ length: 5 * N }, (_, i) => (i % 3) - 1)))),
  uint32: () => jax.scope(() => copy(jnp.array(data).mul(1000).astype('uint32'))),
  uint8: () => jax.scope(() => copy(jnp.array(Float32Array.from({ length: 5 * N }, (_, i) => i % 251), 'uint8'))),
  '2-d float32': () => jax.scope(() => copy(jnp.array(data).reshape([100, 200]))),
};
const bytesOf = (a) => a.size * (a.dtype === 'bool' || a.dtype === 'uint8' ? 1 : 4);

const hostBytes = () => jax.memory().hostBytes;
const previousSoftLimit = jax.setMemorySoftLimit(0);
after(() => jax.setMemorySoftLimit(previousSoftLimit));

/**
 * Allocations that pass the soft limit, inside a scope (so they are released, never moved):
 * each grows the heap by more than any tracked array, so each makes residency.js look again;
 * the first look only clears "recently used" marks, the next moves what stayed idle.
 */
function idle() {
  jax.scope(() => {
    for (let i = 0; i < 3; i++) jnp.zeros([2 ** 21]);
  });
}

/** Plain data for comparing answers: arrays become their type and elements. */
function plain(v) {
  if (v && typeof v === 'object' && typeof v.toTypedArray === 'function') {
    return { shape: v.shape, dtype: v.dtype, weakType: v.weakType, data: Array.from(v.toTypedArray()) };
  }
  if (ArrayBuffer.isView(v)) return { typed: v.constructor.name, data: Array.from(v) };
  if (v instanceof np.ndarray) return { shape: v.shape, dtype: v.dtype, data: Array.from(v.data) };
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return Number.isNaN(v) ? 'NaN' : v;
}

const hostDouble = (x) => {
  const d = np.asarray(x).data;
  return Float32Array.from(d, (v) => 2 * v);
};
const spec = (x) => jax.ShapeDtypeStruct(x.shape, 'float32');

// Operations that take any dtype.
const anyDtype = {
  toTypedArray: (a) => a.toTypedArray(),
  tolist: (a) => a.tolist(),
  toHostArray: (a) => a.toHostArray(),
  'shape, dtype, weakType, ndim, size, isTracer, isDisposed': (a) => [a.shape, a.dtype, a.weakType, a.ndim, a.size, a.isTracer, a.isDisposed],
  aval: (a) => a.aval,
  toString: (a) => a.toString(),
  'valueOf (not one element: the TypeError)': (a) => { try { return +a; } catch (e) { return `${e.name}: ${e.message}`; } },
  'astype, then eager ops': (a) => a.astype('float32').mul(2).add(1),
  'jit argument': (a) => jax.jit((x) => x.astype('float32').sum())(a),
  'pytree leaves of a jitted call': (a) => jax.jit(({ p, q }) => [p.astype('float32').sum(), q[0].astype('int32')])({ p: a, q: [a] }),
  'pytree leaves of an eager callback': (a) => jax.pureCallback((t) => np.asarray(t.x).astype('float32'), spec(a), { x: a }),
};

// Operations on float32 arrays.
const float32Only = {
  'eager ops': (a) => a.mul(2).add(a).sub(1).div(4),
  'comparison and sum': (a) => [a.gt(0), a.sum(), a.sum().item()],
  'jnp functions': (a) => [jnp.exp(jnp.negative(a).div(100)), jnp.multiply(a, a), jnp.broadcastTo(a.sum(), [3])],
  'reshape, transpose, static index': (a) => a.reshape([100, 200]).T.index(3),
  'jit argument and result': (a) => jax.jit((x) => x.mul(2).add(1))(a),
  grad: (a) => jax.grad((x) => x.mul(x).sum())(a),
  'vmap over rows': (a) => jax.vmap((r) => r.sum())(a.reshape([200, 100])),
  'pure_callback operand (jitted)': (a) => jax.jit((x) => jax.pureCallback(hostDouble, spec(x), x))(a),
  'pure_callback operand (eager)': (a) => jax.pureCallback(hostDouble, spec(a), a),
  'io_callback operand': (a) => jax.jit((x) => ioCallback(hostDouble, spec(x), x, { ordered: true }))(a),
  'a host callback returns it': (a) => jax.jit((s) => jax.pureCallback(() => a, spec(a), s))(1),
  'used inside a scope that returns a result of it': (a) => jax.scope(() => a.add(1)),
};

describe('a moved array behaves as one that never moved', () => {
  const rows = [];
  for (const [dtype, make] of Object.entries(makers)) {
    for (const [name, use] of Object.entries(anyDtype)) rows.push([`${dtype}: ${name}`, make, use]);
  }
  for (const [name, use] of Object.entries(float32Only)) rows.push([`float32: ${name}`, makers.float32, use]);

  for (const [name, make, use] of rows) {
    test(name, () => {
      const want = jax.scope(() => plain(use(make())));
      const before = hostBytes();
      const a = make();
      idle();
      assert.equal(hostBytes() - before, bytesOf(a), 'the array moved to JS memory');
      const got = jax.scope(() => plain(use(a)));
      assert.deepEqual(got, want);
      // Twice: after the first use it may be back in the engine.
      assert.deepEqual(jax.scope(() => plain(use(a))), want);
      a.dispose();
      assert.equal(hostBytes(), before, 'dispose forgets the moved data');
    });
  }
});

describe('lifetime of moved arrays', () => {
  test('dispose and Symbol.dispose release a moved array: using it is the released error', () => {
    for (const release of [(a) => a.dispose(), (a) => a[Symbol.dispose]()]) {
      const before = hostBytes();
      const a = makers.float32();
      idle();
      assert.equal(hostBytes() - before, bytesOf(a));
      release(a);
      assert.equal(hostBytes(), before);
      assert.equal(a.isDisposed, true);
      for (const use of [() => a.tolist(), () => a.shape, () => a.add(1), () => copy(a)]) {
        assert.throws(use, /this array was released/);
      }
      release(a);
    }
  });

  test('an array returned from a scope, or kept with jax.keep, may move once outside every scope', () => {
    let kept;
    const returned = jax.scope(() => {
      kept = jax.keep(makers.float32());
      return makers.float32();
    });
    const before = hostBytes();
    idle();
    assert.equal(hostBytes() - before, bytesOf(kept) + bytesOf(returned));
    assert.deepEqual(plain(returned), plain(kept));
    assert.deepEqual(jax.scope(() => returned.add(1).tolist()), Array.from(data, (v) => v + 1));
    kept.dispose();
    returned.dispose();
    assert.equal(hostBytes(), before);
  });

  test('arrays made inside a scope and weakly typed arrays never move', () => {
    const before = hostBytes();
    const weak = jnp.broadcastTo(2.5, [N]);
    assert.equal(weak.weakType, true);
    jax.scope(() => {
      const inside = makers.float32();
      idle();
      assert.equal(hostBytes(), before);
      assert.deepEqual(inside.tolist(), Array.from(data));
    });
    assert.equal(hostBytes(), before);
    assert.equal(weak.weakType, true);
    assert.deepEqual(weak.add(jnp.int32(1)).tolist().slice(0, 2), [3.5, 3.5]);
  });

  test('a callback operand kept by the host stays valid while the array would move', () => {
    let view;
    const x = jax.scope(() => copy(jnp.array(Float32Array.from({ length: 70000 }, (_, i) => i % 11))));
    jax.jit((v) => jax.pureCallback((h) => {
      view = np.asarray(h);
      return np.asarray(h).astype('float32');
    }, spec(v), v))(x);
    idle();
    idle();
    assert.deepEqual(Array.from(view.data.subarray(0, 12)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0]);
    assert.equal(x.sum().item(), Array.from({ length: 70000 }, (_, i) => i % 11).reduce((s, v) => s + v, 0));
    x.dispose();
  });
});

test('an array collected by the garbage collector is forgotten: its handle number and its cell, reused, are never released again', async () => {
  const x = makers.float32();
  // Tracked, then unreachable: its finalizer releases its handle and frees its cell (cells.js),
  // which next arrays reuse while residency.js still lists the old one.
  let collected = false;
  const watch = new FinalizationRegistry(() => { collected = true; });
  watch.register(copy(x), 0);
  for (let i = 0; i < 100 && !collected; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.ok(collected, 'the garbage collector reclaimed it');
  // The engine's finalizer for it runs in the same round of callbacks as ours, or the next.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = hostBytes();
  // Several new arrays, so one surely has the freed number.
  const fresh = Array.from({ length: 8 }, () => copy(x));
  idle();
  assert.equal(hostBytes() - start, 9 * bytesOf(x), 'every idle array moved');
  for (const a of fresh) assert.deepEqual(jax.scope(() => a.mul(2).tolist()), Array.from(data, (v) => 2 * v));
  [x, ...fresh].forEach((a) => a.dispose());
});

describe('memory stays bounded', () => {
  test('holding results with no scope and no yield still ends in the out-of-memory error, counting moved arrays; the next call works', () => {
    const previousLimit = jax.memory().limitBytes;
    const previousSoft = jax.setMemorySoftLimit(4 * MiB);
    jax.setMemoryLimit(64 * MiB);
    const f = jax.jit((x) => x.add(1));
    const held = [];
    let err;
    let hostAtError = 0;
    try {
      let x = jnp.zeros([1e5]);
      for (let i = 0; i < 1000; i++) held.push((x = f(x)));
    } catch (e) {
      err = e;
      hostAtError = hostBytes();
    } finally {
      jax.setMemoryLimit(previousLimit);
      jax.setMemorySoftLimit(previousSoft);
    }
    assert.equal(err?.name, 'JaxplayError');
    assert.match(err.message, /^out of memory: live arrays hold \d+\.\d MiB, past the engine's limit of 64\.0 MiB\. .*jax\.scope/);
    assert.ok(held.length >= 100, `ended after ${held.length} calls`);
    assert.ok(hostAtError > 48 * MiB, `moved ${(hostAtError / MiB).toFixed(1)} MiB`);
    // Every held result is still right, moved or not.
    held.forEach((a, i) => assert.equal(a.toTypedArray()[i % 1000], i + 1));
    held.forEach((a) => a.dispose());
    assert.ok(hostBytes() < MiB);
    assert.deepEqual(jax.jit((v) => v.mul(2))(jnp.array([1, -2, 3])).tolist(), [2, -4, 6]);
  });

  test('1000 jitted calls on 1e5 elements, no scope, yielding every 100: the engine heap stays near a 4 MiB soft limit', async () => {
    const previous = jax.setMemorySoftLimit(4 * MiB);
    try {
      const f = jax.jit((x) => x.mul(2).add(1));
      const x = jnp.array(Float32Array.from({ length: 1e5 }, (_, i) => i % 1000));
      let most = 0;
      for (let i = 0; i < 1000; i++) {
        const out = f(x).toTypedArray();
        assert.equal(out[7], 15);
        most = Math.max(most, jax.memory().liveBytes);
        if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      // The limit, plus one result made past it and what the engine itself holds.
      assert.ok(most < 6 * MiB, `engine heap reached ${(most / MiB).toFixed(1)} MiB`);
      assert.deepEqual(f(x).tolist().slice(0, 3), [1, 3, 5]);
    } finally {
      jax.setMemorySoftLimit(previous);
    }
  });
});

// Last: it replaces the engine instance.
test('after a restart, moved arrays report it like every older array', () => {
  const a = makers.float32();
  idle();
  assert.ok(hostBytes() >= bytesOf(a));
  new Uint8Array(exchange().buffer).fill(0xff, 1024);
  assert.throws(() => jnp.ones([3]).add(1).tolist(), (e) => e.message.startsWith(RESTART_MESSAGE));
  for (const use of [() => a.tolist(), () => a.toTypedArray(), () => a.shape, () => a.dtype, () => a.add(1), () => copy(a), () => `${a}`]) {
    assert.throws(use, (e) => e.message === RESTART_MESSAGE);
  }
  assert.equal(hostBytes(), 0);
  assert.deepEqual(jax.jit((v) => v.mul(2))(jnp.array([1, -2, 3])).tolist(), [2, -4, 6]);
});
