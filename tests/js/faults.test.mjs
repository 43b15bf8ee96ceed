// Faults through the JS API (the table in fault_cases.mjs): each bad input must throw the
// named error class with words that say what is wrong, and leave the engine working: the
// exercise-1 doubler, made once before any fault, must still return [2, -4, 6] after each.
// Then what the table cannot express: a trapped instance is replaced, a throwing timeline
// subscriber is reported once.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { exchange, RESTART_MESSAGE, wasm } from '../../www/lib/engine.js';
import { cases } from './fault_cases.mjs';

await init();
const api = { jax, jnp, np, ioCallback };

const doubler = jax.jit((x) => jax.pureCallback((a) => np.asarray(a).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x));
const assertDoublerWorks = (after) => assert.deepEqual(doubler(jnp.array([1, -2, 3])).tolist(), [2, -4, 6], `the doubler after: ${after}`);

function thrown(run) {
  try {
    run(api);
  } catch (err) {
    return err;
  }
  return undefined;
}

test('the table has at least 80 cases with distinct names', () => {
  assert.ok(cases.length >= 80, `${cases.length} cases`);
  assert.equal(new Set(cases.map((c) => c.name)).size, cases.length);
});

describe('every bad input is a clear error and the engine keeps working', () => {
  for (const c of cases) {
    test(c.name, () => {
      for (let i = 0; i < (c.repeat ?? 1); i++) {
        const err = thrown(c.run);
        assert.ok(err !== undefined, 'expected an error, got none');
        assert.equal(err.name, c.error, `class of: ${err.message}`);
        assert.match(err.message, c.match);
        if (c.maxLength) assert.ok(err.message.length <= c.maxLength, `${err.message.length} characters`);
      }
      assertDoublerWorks(c.name);
    });
  }
});

describe('an instance that traps is replaced', () => {
  test('the fault and every later use of an older array report the restart; new work runs', () => {
    const old = jnp.array([5, 6, 7]);
    // Corrupt the engine's memory outright (what an engine bug could do): the next call traps
    // or panics, whatever it does.
    const heap = new Uint8Array(exchange().buffer);
    heap.fill(0xff, 1024, heap.length);
    const err = thrown(() => jnp.ones([3]).add(1).tolist());
    assert.equal(err?.name, 'JaxplayError');
    assert.ok(err.message.startsWith(RESTART_MESSAGE), err.message);
    for (const use of [() => old.tolist(), () => old.shape, () => old.add(1), () => doubler(old)]) {
      const stale = thrown(use);
      assert.equal(stale?.message, RESTART_MESSAGE);
    }
    assertDoublerWorks('a restart');
    assert.deepEqual(jnp.ones([2]).add(1).tolist(), [2, 2]);
  });

  test('a second restart works too, once the next spare instance is ready', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    new Uint8Array(exchange().buffer).fill(0xff, 1024);
    const err = thrown(() => jnp.ones([3]).add(1).tolist());
    assert.ok(err?.message.startsWith(RESTART_MESSAGE), err?.message);
    assertDoublerWorks('a second restart');
  });

  test('a trap in an engine class constructor replaces the instance too', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A name that is not a string is what once reached this constructor (the JS API now passes
    // only strings); the glue then reads memory out of bounds.
    const err = thrown(() => new wasm.JitFunction(() => ({ leaves: [], tree: { t: 'leaf' } }), 42));
    assert.ok(err?.message.startsWith(RESTART_MESSAGE), err?.message);
    assertDoublerWorks('a trap in a constructor');
  });
});

test('a timeline subscriber that throws is reported once and unsubscribed', () => {
  const reported = [];
  const original = console.error;
  console.error = (...args) => reported.push(args);
  let calls = 0;
  try {
    jax.timeline.subscribe(() => {
      calls += 1;
      throw new Error('listener broke');
    });
    assertDoublerWorks('a throwing subscriber');
    assertDoublerWorks('a throwing subscriber, again');
  } finally {
    console.error = original;
  }
  assert.equal(calls, 1);
  assert.equal(reported.length, 1);
  assert.match(String(reported[0][0]), /timeline subscriber threw, so it was unsubscribed/);
  assert.equal(reported[0][1].message, 'listener broke');
});

describe('scopes', () => {
  test('arrays in the returned pytree survive, the rest are released, nested scopes pass survivors out', () => {
    const before = jax.liveArrays();
    let inner;
    const out = jax.scope(() => {
      jnp.ones([3]).add(1);
      inner = jax.scope(() => {
        jnp.zeros([2]).mul(3);
        return { a: [jnp.ones([2])], b: 7 };
      });
      assert.deepEqual(inner.a[0].tolist(), [1, 1]);
      return jnp.arange(3).add(inner.a[0].sum());
    });
    assert.deepEqual(out.tolist(), [2, 3, 4]);
    // The inner result passed to the outer scope, which did not return it.
    assert.equal(inner.a[0].isDisposed, true);
    assert.equal(jax.liveArrays(), before + 1);
    out.dispose();
    assert.equal(jax.liveArrays(), before);
  });

  test('jax.keep exempts an array; an async scope closes when its promise settles', async () => {
    const before = jax.liveArrays();
    let kept;
    let dropped;
    const result = await jax.scope(async () => {
      kept = jax.keep(jnp.ones([2]));
      await new Promise((resolve) => setTimeout(resolve, 1));
      dropped = jnp.ones([2]);
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(kept.tolist(), [1, 1]);
    assert.equal(dropped.isDisposed, true);
    kept.dispose();
    assert.equal(jax.liveArrays(), before);
  });

  test('a host given a large operand inside a scope gets a copy, so a synchronous loop releases it', () => {
    // 65 536 elements and more reach a host as a view of engine memory outside a scope, which
    // keeps the engine array until the garbage collector runs: a synchronous loop of scopes
    // would hold every call's operand (this loop's 300 MiB of them, at 1 MiB each).
    const n = 1 << 18;
    let seen = null;
    const host = (a) => {
      seen = np.asarray(a);
      return seen.data.map((v) => v + 1);
    };
    const f = jax.jit((v) => jax.pureCallback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v.mul(2)));
    const x = jnp.ones([n]);
    const before = jax.liveArrays();
    for (let i = 0; i < 300; i++) jax.scope(() => f(x).toTypedArray()[0]);
    assert.equal(jax.liveArrays(), before);
    assert.ok(jax.memory().liveBytes < 8 * n * 4, `${jax.memory().liveBytes} bytes live`);
    // The host's array outlives the scope with its values: it is not a view of released memory.
    jnp.zeros([n]).add(7).dispose();
    assert.equal(seen.data[0], 2);
    // Outside a scope the host still gets a view, read when the call ran.
    const out = f(x);
    assert.equal(out.toTypedArray()[n - 1], 3);
    x.dispose();
  });

  test('a function jitted inside a scope gives its compiled program back when the scope closes', () => {
    const x = jnp.array([1, -2, 3]);
    const host = (a) => np.asarray(a).mul(2);
    const doubler = (v) => jax.pureCallback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v);
    jax.timeline.setRecording(false);
    try {
      const loop = (n) => {
        for (let i = 0; i < n; i++) jax.scope(() => jax.jit(doubler)(x).toTypedArray());
        return jax.memory().liveBytes;
      };
      const warm = loop(200);
      // Each compiled program (its jaxpr, cache entry and host registration) held about 1.6 KB.
      assert.ok(loop(3000) - warm < 64 * 1024, `${jax.memory().liveBytes - warm} bytes more after 3000 scoped jits`);
    } finally {
      jax.timeline.setRecording(true);
    }
    // Returned from its scope, the function still works: it compiles again.
    const f = jax.scope(() => {
      const g = jax.jit(doubler);
      assert.deepEqual(g(x).tolist(), [2, -4, 6]);
      assert.equal(g.cacheSize(), 1);
      return g;
    });
    assert.equal(f.cacheSize(), 0);
    assert.deepEqual(f(x).tolist(), [2, -4, 6]);
    assert.equal(f.cacheSize(), 1);
    // Made outside any scope and called inside them, it keeps its program.
    const h = jax.jit(doubler);
    for (let i = 0; i < 3; i++) jax.scope(() => h(x).tolist());
    assert.equal(h.cacheSize(), 1);
    x.dispose();
  });

  test('dispose is idempotent and Symbol.dispose releases, where the runtime has it', () => {
    const a = jnp.ones([3]);
    a.dispose();
    a.dispose();
    assert.equal(a.isDisposed, true);
    if (typeof Symbol.dispose === 'symbol') {
      const b = jnp.ones([3]);
      b[Symbol.dispose]();
      assert.equal(b.isDisposed, true);
    }
  });
});
