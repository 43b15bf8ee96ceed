// The host-callback boundary protocol (src/facade/callbacks.rs, www/lib/callbacks.js): argument
// types are sent only when they change, result types travel as numbers through a buffer in wasm
// memory, and dtypes without a code (or too many leaves for that buffer) take the general path.
// Each return kind is checked for values and dtype after the round trip.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, HostArray } from '../../www/jaxplay.js';

await init();

const f32 = (shape) => jax.ShapeDtypeStruct(shape, 'float32');
const i32 = (shape) => jax.ShapeDtypeStruct(shape, 'int32');
const bool = (shape) => jax.ShapeDtypeStruct(shape, 'bool');
const u8 = (shape) => jax.ShapeDtypeStruct(shape, 'uint8');
const x3 = jnp.array(new Float32Array([1, -2, 3]));

/** Jits `x => pureCallback(host, decl, x)` and runs it on `arg`. */
const roundTrip = (host, decl, arg = x3) => jax.jit((x) => jax.pureCallback(host, decl, x))(arg);
const values = (a) => Array.from(a.toTypedArray(), Number);

describe('each kind of host return comes back with its values and dtype', () => {
  const cases = [
    ['a Float32Array', () => new Float32Array([1, 2, 3]), f32([3]), [1, 2, 3], 'float32'],
    ['an Int32Array', () => new Int32Array([4, -5, 6]), i32([3]), [4, -5, 6], 'int32'],
    ['a Float64Array (canonicalised to float32)', () => new Float64Array([0.5, 1.5, 2.5]), f32([3]), [0.5, 1.5, 2.5], 'float32'],
    ['a BigInt64Array (canonicalised to int32)', () => new BigInt64Array([7n, -8n, 9n]), i32([3]), [7, -8, 9], 'int32'],
    ['a bool HostArray', () => np.array([true, false, true]), bool([3]), [1, 0, 1], 'bool'],
    ['nested numbers of a 2-d declaration', () => [[1, 2], [3, 4]], f32([2, 2]), [1, 2, 3, 4], 'float32'],
    ['a bare number', () => 42, i32([]), [42], 'int32'],
    ['a bigint', () => 5n, i32([]), [5], 'int32'],
    ['a HostArray over a plain JS array', () => new HostArray([1, 2, 3], [3], 'float32'), f32([3]), [1, 2, 3], 'float32'],
    ['a Uint8Array', () => new Uint8Array([1, 255, 7]), u8([3]), [1, 255, 7], 'uint8'],
    ['nested numbers of a uint8 declaration', () => [3, 0, 200], u8([3]), [3, 0, 200], 'uint8'],
  ];
  for (const [label, make, decl, want, dtype] of cases) {
    test(label, () => {
      const out = roundTrip(make, decl);
      assert.equal(out.dtype, dtype);
      assert.deepEqual(values(out), want);
    });
  }

  test('several leaves in a tuple and a dict keep their order and types', () => {
    const host = () => [new Int32Array([1, 2]), { b: new Float32Array([0.25]), a: true }];
    const decl = [i32([2]), { a: bool([]), b: f32([1]) }];
    const [ints, { a, b }] = roundTrip(host, decl);
    assert.deepEqual([values(ints), values(a), values(b)], [[1, 2], [1], [0.25]]);
    assert.deepEqual([ints.dtype, a.dtype, b.dtype], ['int32', 'bool', 'float32']);
  });

  test('more leaves than the result-type buffer holds take the general path', () => {
    const n = 60; // 60 leaves of rank 2 need 60 * 5 + 1 words, more than the buffer's 128
    const host = () => Array.from({ length: n }, (_, i) => np.asarray(new Float32Array([i, i + 0.5, -i, 2 * i])).reshape(2, 2));
    const outs = roundTrip(host, Array.from({ length: n }, () => f32([2, 2])));
    assert.equal(outs.length, n);
    outs.forEach((o, i) => {
      assert.deepEqual(o.shape, [2, 2]);
      assert.deepEqual(values(o), [i, i + 0.5, -i, 2 * i]);
    });
  });

  test('a uint8 operand reaches the host as a uint8 HostArray and comes back unchanged', () => {
    const bytes = jnp.array([9, 0, 255], 'uint8');
    let seen;
    const out = roundTrip((h) => { seen = [h.dtype, Array.from(h.data)]; return h; }, u8([3]), bytes);
    assert.deepEqual(seen, ['uint8', [9, 0, 255]]);
    assert.deepEqual([out.dtype, values(out)], ['uint8', [9, 0, 255]]);
  });

  test('a dtype without a code is named in the dtype error', () => {
    assert.throws(() => roundTrip(() => new Uint16Array([1, 2, 3]), i32([3])), {
      name: 'CallbackError',
      message: /Expected: int32, Actual: uint16/,
    });
  });

  test('a wrong shape or size is still caught on the fast path', () => {
    assert.throws(() => roundTrip(() => new Float32Array(6), f32([2, 3])), { message: /Expected: \(2, 3\), Actual: \(6,\)/ });
    assert.throws(() => roundTrip(() => new HostArray(new Float32Array(4), [2, 2], 'float32'), f32([3])), {
      message: /Expected: \(3,\), Actual: \(2, 2\)/,
    });
  });
});

describe('small results written into the exchange buffer (INLINE) and larger ones returned', () => {
  // The buffer holds 128 words: a 1-d leaf takes 4 of them before its elements.
  for (const n of [1, 3, 124, 125, 300]) {
    for (const [Typed, decl, dtype] of [[Float32Array, f32, 'float32'], [Int32Array, i32, 'int32']]) {
      test(`${n} ${dtype} elements`, () => {
        const data = Typed.from({ length: n }, (_, i) => (i % 7) * (i % 2 ? -1.5 : 2.25) + i);
        const want = Array.from(data, Number);
        assert.deepEqual(values(roundTrip(() => data, decl([n]))), want);
        assert.deepEqual(values(roundTrip(() => new HostArray(data, [n], dtype), decl([n]))), want);
      });
    }
  }

  test('a host array whose shape was changed to miss elements is a size error, not a shorter result', () => {
    const host = () => {
      const h = new HostArray(Float32Array.of(1, 2, 3, 4), [4], 'float32');
      h.shape = [2];
      return h;
    };
    assert.throws(() => roundTrip(host, f32([2])), { name: 'CallbackError', message: /has 4 elements but its shape \(2,\) needs 2/ });
  });
});

describe('argument types', () => {
  test('one call site seen with changing argument shapes gets the right shape each time', () => {
    const seen = [];
    const host = (x) => {
      seen.push(x.shape.join('x'));
      return np.asarray(x).mul(2);
    };
    const g = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { vmapMethod: 'expand_dims' }));
    const row = jnp.array(new Float32Array([1, 2]));
    const rows = jnp.array(new Float32Array([1, 2, 3, 4, 5, 6])).reshape(3, 2);
    assert.deepEqual(values(g(row)), [2, 4]);
    // vmap inlines g's cached program, so the same host sees the batched shape...
    assert.deepEqual(values(jax.vmap(g)(rows)), [2, 4, 6, 8, 10, 12]);
    // ...and then the unbatched one again.
    assert.deepEqual(values(g(row)), [2, 4]);
    assert.deepEqual(seen, ['2', '3x2', '2']);
  });

  test('several arguments of different dtypes arrive in order', () => {
    const host = (a, b, c) => {
      assert.deepEqual([a.dtype, b.dtype, c.dtype], ['float32', 'int32', 'bool']);
      assert.deepEqual([a.shape, b.shape, c.shape], [[3], [2], []]);
      return Float32Array.from(a.data, (v, i) => v + b.data[i % 2] + c.data[0]);
    };
    const f = jax.jit((a, b, c) => jax.pureCallback(host, f32([3]), a, b, c));
    const out = f(x3, jnp.array(new Int32Array([10, 20])), jnp.array(true));
    assert.deepEqual(values(out), [12, 19, 14]);
  });

  test('shapes handed to the host are frozen, like NumPy shape tuples', () => {
    roundTrip((x) => {
      assert.ok(Object.isFrozen(x.shape));
      return x;
    }, f32([3]));
  });
});

describe('large arguments are views of engine memory', () => {
  const N = 1 << 17; // above the engine's view threshold (65 536 elements)
  const ramp = (n, k = 1) => Float32Array.from({ length: n }, (_, i) => (i % 1000) * k);

  test('the host reads a view, not a copy, and gets the right values', () => {
    let sawView = false;
    const host = (x) => {
      // A view shares the engine's (much larger) wasm memory buffer.
      sawView = x.data.buffer.byteLength > x.data.byteLength;
      return Float32Array.from(x.data, (v) => v + 1);
    };
    const out = roundTrip(host, f32([N]), jnp.array(ramp(N)));
    assert.ok(sawView);
    assert.deepEqual(out.toTypedArray().subarray(0, 4), new Float32Array([1, 2, 3, 4]));
    // Small arguments are still copies of their own.
    roundTrip((x) => {
      assert.equal(x.data.buffer.byteLength, x.data.byteLength);
      return x;
    }, f32([3]));
  });

  test('int32 arguments are views too; bool arguments are always copies', () => {
    const ints = jnp.array(Int32Array.from({ length: N }, (_, i) => i - 5));
    const ends = jax.jit((x) => jax.pureCallback((h) => {
      assert.ok(h.data instanceof Int32Array && h.data.buffer.byteLength > h.data.byteLength);
      return new Int32Array([h.data[0], h.data[N - 1]]);
    }, i32([2]), x));
    assert.deepEqual(values(ends(ints)), [-5, N - 6]);
    const bools = jnp.array(Array.from({ length: N }, (_, i) => i % 3 === 0));
    const count = jax.jit((x) => jax.pureCallback((h) => {
      assert.equal(h.data.buffer.byteLength, h.data.byteLength);
      return np.asarray(h).sum();
    }, i32([]), x));
    assert.equal(Number(count(bools).item()), Math.ceil(N / 3));
  });

  test('a kept argument stays valid after its call, after the engine reuses memory and after memory grows', () => {
    const kept = [];
    // The argument is an intermediate (x + 1) that the engine drops after the call.
    const f = jax.jit((x) => jax.pureCallback((h) => {
      kept.push(h);
      return h;
    }, f32([N]), x.add(1)));
    for (let k = 0; k < 3; k++) f(jnp.array(ramp(N, k + 1))).toTypedArray();
    // Churn engine memory with same-size arrays (reusing anything freed), then force growth.
    for (let i = 0; i < 20; i++) jnp.array(ramp(N, 7)).add(3).toTypedArray();
    const big = jnp.array(new Float32Array(1 << 24)); // 64 MB: wasm memory must grow
    assert.equal(big.size, 1 << 24);
    kept.forEach((h, k) => {
      assert.equal(h.data.length, N);
      assert.deepEqual(Array.from(h.data.subarray(0, 3)), [1, 1 + (k + 1), 1 + 2 * (k + 1)]);
      assert.equal(h.data[999], 999 * (k + 1) + 1);
    });
  });
});

describe('reading arrays back', () => {
  test('each dtype, small (element loop) and large (bulk copy), before and after memory grows', () => {
    const check = () => {
      const f = jnp.array(new Float32Array([1.5, -2, 3]));
      assert.deepEqual(Array.from(f.toTypedArray()), [1.5, -2, 3]);
      assert.ok(f.toTypedArray() instanceof Float32Array);
      const i = jnp.array(new Int32Array([7, -8]));
      assert.deepEqual(Array.from(i.toTypedArray()), [7, -8]);
      assert.ok(i.toTypedArray() instanceof Int32Array);
      const b = jnp.array([true, false, true]);
      assert.deepEqual(Array.from(b.toTypedArray()), [1, 0, 1]);
      assert.deepEqual(b.tolist(), [true, false, true]);
      const big = jnp.array(Float32Array.from({ length: 1000 }, (_, k) => k / 4));
      const back = big.toTypedArray();
      assert.equal(back.length, 1000);
      assert.equal(back[999], 999 / 4);
      assert.deepEqual(jnp.array([[1, 2, 3], [4, 5, 6]]).T.tolist(), [[1, 4], [2, 5], [3, 6]]);
      // A copy: changing it leaves the engine's array alone.
      back[0] = 42;
      assert.equal(big.toTypedArray()[0], 0);
    };
    check();
    const grow = jnp.array(new Float32Array(1 << 24)); // 64 MB: wasm memory grows
    assert.equal(grow.size, 1 << 24);
    check();
  });
});

test('a host that throws something other than an Error is reported with its JSON text', () => {
  for (const [thrown, text] of [[42, '42'], [{ code: 3 }, '{"code":3}'], ['plain text', 'plain text']]) {
    assert.throws(() => roundTrip(() => { throw thrown; }, f32([3])), {
      name: 'CallbackError',
      message: `pure_callback \`anonymous\` raised an error: ${text}`,
    });
  }
});

describe('results that run code or allocate while they are sent', () => {
  const i32s = (shape) => jax.ShapeDtypeStruct(shape, 'int32');

  test('a value whose valueOf reads an engine array does not disturb the other leaves', () => {
    const host = () => [new Int32Array([7, 8, 9]), new HostArray([jnp.array(1.5), 2, 3], [3], 'float32')];
    const [a, b] = jax.jit((x) => jax.pureCallback(host, [i32s([3]), f32([3])], x))(x3);
    assert.deepEqual([a.dtype, values(a), b.dtype, values(b)], ['int32', [7, 8, 9], 'float32', [1.5, 2, 3]]);
  });

  test('a value whose valueOf grows wasm memory does not lose the result types', () => {
    const kept = [];
    const grow = { valueOf() { kept.push(jnp.ones([8_000_000])); return 4; } };
    const host = () => [new Int32Array([7, 8, 9]), new HostArray([grow, 2, 3], [3], 'float32')];
    const [a, b] = jax.jit((x) => jax.pureCallback(host, [i32s([3]), f32([3])], x))(x3);
    assert.deepEqual([values(a), values(b)], [[7, 8, 9], [4, 2, 3]]);
    assert.equal(kept.length, 1);
  });

  test('a typed array that lies about its length is copied by its real one, never past it', () => {
    class Liar extends Float32Array { get length() { return 1000; } }
    const host = () => {
      const liar = new Liar([1, 2, 3]);
      Object.defineProperty(liar, 'constructor', { value: Float32Array });
      return liar;
    };
    assert.throws(() => jax.jit((x) => jax.pureCallback(host, f32([1000]), x))(x3), {
      message: /has 3 elements but its shape \(1000,\) needs 1000/,
    });
  });

  test('the general form copies argument views and BigInt data before the engine reads them', () => {
    const N = 1 << 17;
    const many = [f32([N]), ...Array.from({ length: 42 }, () => f32([])), f32([N])];
    // 44 leaves overflow the exchange buffer; the last is the host's own argument (a view).
    const f = jax.jit((x) => jax.pureCallback((v) => [new Float32Array(N), ...Array(42).fill(1), v], many, x));
    const outs = f(jnp.ones([N]));
    assert.equal(outs[43].toTypedArray()[5], 1);
    const bigints = () => new HostArray(new BigUint64Array([1n, 2n, 3n]), [3], 'uint64');
    assert.throws(() => jax.jit((x) => jax.pureCallback(bigints, i32s([3]), x))(x3), {
      name: 'CallbackError', message: /Expected: int32, Actual: uint64/,
    });
    // Nothing was left open: an eager callback now has no parent execution.
    jax.timeline.clear();
    jax.debug.callback(() => {}, jnp.ones([1]));
    assert.ok(jax.timeline.events().every((e) => e.parent === undefined));
  });
});
