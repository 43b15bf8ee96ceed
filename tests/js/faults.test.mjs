// Faults through the JS API (the table in fault_cases.mjs): each bad input must throw the
// named error class with words that say what is wrong, and leave the engine working: the
// exercise-1 doubler, made once before any fault, must still return [2, -4, 6] after each.
// Then what the table cannot express: a trapped instance is replaced, a throwing timeline
// subscriber is reported once.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { RESTART_MESSAGE, wasm } from '../../www/lib/instance.js';
import { exchange } from '../../www/lib/memory.js';
import { cases } from './fault_cases.mjs';
import { gc, settle } from './collect.mjs';

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
        if (c.orRestart) {
          // The restart, now or (when the stack was too full to start an instance) reported by
          // the next call.
          const restart = err.message.startsWith(RESTART_MESSAGE) ? err : thrown(() => jnp.ones([1]).tolist());
          if (restart !== undefined) {
            assert.match(restart.message, new RegExp(`^${RESTART_MESSAGE} \\(the JavaScript stack ran out during an engine call \\(Maximum call stack size exceeded\\)`));
          }
          if (restart === err) continue;
        }
        assert.equal(err.name, c.error, `class of: ${err.message}`);
        assert.match(err.message, c.match);
        if (c.maxLength) assert.ok(err.message.length <= c.maxLength, `${err.message.length} characters`);
      }
      assertDoublerWorks(c.name);
    });
  }
});

describe('an instance that traps is replaced', () => {
  test('the fault and every later use of an older array report the restart; new work runs', async () => {
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

  test('a second restart works too, at once: a replacement is made synchronously', () => {
    new Uint8Array(exchange().buffer).fill(0xff, 1024);
    const err = thrown(() => jnp.ones([3]).add(1).tolist());
    assert.ok(err?.message.startsWith(RESTART_MESSAGE), err?.message);
    assertDoublerWorks('a second restart');
  });

  test('a trap in an engine class constructor replaces the instance too', () => {
    // A name that is not a string is what once reached this constructor (the JS API now passes
    // only strings); the glue then reads memory out of bounds.
    const err = thrown(() => new wasm.JitFunction(() => ({ leaves: [], tree: { t: 'leaf' } }), 42));
    assert.ok(err?.message.startsWith(RESTART_MESSAGE), err?.message);
    assertDoublerWorks('a trap in a constructor');
  });
});

test('the stack running out at every depth of a call, from the limit down 4 000 frames one at a time: a result, a RangeError or one clear restart, and the engine works after', async () => {
  // A learner's deep recursion that ends in a jitted callback call runs out of stack at some
  // point inside it: in their code, in the glue, or in the engine's own frames (then the
  // engine may be half-way through an update, and only a fresh instance is safe). `dive`
  // recurses until the stack runs out, then makes the call `back` frames above the deepest
  // one, so each call has one frame more stack than the last, whatever frame sizes V8's
  // compilers give the recursion meanwhile. Three frame sizes, so the steps fall differently.
  const h = (x) => np.asarray(x).mul(2);
  const f = jax.jit((x) => jax.pureCallback(h, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
  const call = () => {
    try {
      const out = f(jnp.array([1, -2, 3])).tolist();
      return JSON.stringify(out) === '[2,-4,6]' ? 'returned' : `wrong: ${JSON.stringify(out)}`;
    } catch (e) {
      if (e instanceof RangeError) return 'RangeError';
      if (e?.name === 'JaxplayError' && e.message.startsWith(RESTART_MESSAGE)) return `restart: ${e.message.slice(RESTART_MESSAGE.length)}`;
      return `${e?.constructor?.name} ${e?.name}: ${e?.message}`;
    }
  };
  let outcome;
  const atBack = (back, n) => {
    if (n !== back) return;
    try {
      outcome = call();
    } catch {
      outcome = 'RangeError'; // no stack even to call `call`
    }
  };
  const dives = {
    small: function dive(back) {
      let n;
      try {
        n = dive(back);
      } catch (e) {
        // Once the call was made, only the test's own frames are left to throw (V8 may need
        // more stack for them on the way back, deoptimized): passed up to the sweep.
        if (outcome !== undefined) throw e;
        return 0;
      }
      atBack(back, n);
      return n + 1;
    },
    medium: function dive(back, a, b, c) {
      let n;
      try {
        n = dive(back, a, b, c);
      } catch (e) {
        // Once the call was made, only the test's own frames are left to throw (V8 may need
        // more stack for them on the way back, deoptimized): passed up to the sweep.
        if (outcome !== undefined) throw e;
        return 0;
      }
      atBack(back, n);
      return n + 1;
    },
    large: function dive(back, a, b, c, d, e, g, i, j) {
      let n;
      try {
        n = dive(back, a, b, c, d, e, g, i, j);
      } catch (e) {
        // Once the call was made, only the test's own frames are left to throw (V8 may need
        // more stack for them on the way back, deoptimized): passed up to the sweep.
        if (outcome !== undefined) throw e;
        return 0;
      }
      atBack(back, n);
      return n + 1;
    },
  };
  const restart = /^restart: +\(the JavaScript stack ran out during an engine call \(Maximum call stack size exceeded\)/;
  // Running out inside the host function itself is the host's own error, reported as the
  // callback's (as JAX reports a host's exception); the engine around it is whole.
  const hostsOwn = /^\w+ CallbackError: pure_callback `h` raised an error: Maximum call stack size exceeded$/;
  const seen = new Map();
  for (const [name, dive] of Object.entries(dives)) {
    for (let back = 0; back < 4000; back++) {
      outcome = undefined;
      try {
        dive(back);
      } catch (e) {
        if (outcome === undefined) throw e;
      }
      const deep = outcome;
      const kind = restart.test(deep) ? 'restart' : hostsOwn.test(deep) ? 'the host\'s own error' : deep;
      seen.set(`${name}: ${kind}`, (seen.get(`${name}: ${kind}`) ?? 0) + 1);
      assert.ok(deep === 'returned' || deep === 'RangeError' || restart.test(deep) || hostsOwn.test(deep), `${name}, ${back} frames above the limit: ${deep}`);
      // The next call works, or reports once the restart the deep call had no stack left to
      // make (a replacement instance is made synchronously), then works.
      let next = call();
      if (restart.test(next)) next = call();
      assert.equal(next, 'returned', `${name}: the calls after ${back} frames above the limit (${deep})`);
    }
  }
  const counts = JSON.stringify([...seen]);
  for (const name of Object.keys(dives)) {
    assert.ok(seen.get(`${name}: RangeError`) > 0 && seen.get(`${name}: returned`) > 0, `${name} crossed the stack limit: ${counts}`);
  }
  assertDoublerWorks('the stack sweep');
});

test('the stack running out inside the engine\'s own frames replaces the instance; running out in learner code does not', async () => {
  const f = jax.jit((x) => x.mul(2));
  // In learner code (a traced function recursing with no engine call): a RangeError, and
  // arrays made before stay valid.
  const before = jnp.array([1, 2]);
  const own = thrown(() => jax.jit(function deep(x) {
    const down = (n) => (n === 0 ? x : [down(n - 1)][0]);
    return down(1e6);
  })(before));
  assert.ok(own instanceof RangeError, `${own}`);
  assert.deepEqual(f(before).tolist(), [2, 4]);
  // Inside the engine's frames: recursion to the limit, then the call, one frame higher each
  // time, until a RangeError thrown inside wasm code (its trace's top frame) comes out.
  let caught;
  const dive = (back) => {
    let n;
    try {
      n = dive(back);
    } catch {
      return 0;
    }
    if (n === back) {
      try {
        f(jnp.array([1, 2]));
      } catch (e) {
        caught = e;
      }
    }
    return n + 1;
  };
  let found = false;
  for (let back = 0; back < 2000 && !found; back++) {
    const old = jnp.array([3, 4]);
    caught = undefined;
    dive(back);
    if (caught !== undefined) {
      // The restart, made at the fault or, with no stack left to start an instance there,
      // reported by the next call.
      const restartedAtFault = caught.message.startsWith(RESTART_MESSAGE);
      const insideWasm = restartedAtFault || (caught instanceof RangeError && /^\s*at wasm:\/\//.test(String(caught.stack).split('\n')[1] ?? ''));
      const restart = restartedAtFault ? caught : thrown(() => f(jnp.array([1, 2])));
      if (insideWasm) {
        found = true;
        assert.ok(restart?.message.startsWith(RESTART_MESSAGE), `after a RangeError inside wasm: ${restart?.message ?? 'no restart'}`);
        assert.equal(thrown(() => old.tolist())?.message, RESTART_MESSAGE);
      }
    }
  }
  assert.ok(found, 'no depth ran out of stack inside wasm code');
  assert.deepEqual(f(jnp.array([1, 2])).tolist(), [2, 4]);
});

test('objects of a replaced instance are dropped with it: collecting them runs no code there', async () => {
  let jitted = Array.from({ length: 8 }, (_, i) => jax.jit((x) => x.mul(i)));
  jitted.forEach((g) => g(jnp.array([1, 2])));
  let lowered = jax.jit((x) => x.add(1)).lower(jnp.array([1, 2]));
  const replaced = exchange().buffer;
  new Uint8Array(replaced).fill(0xff, 1024);
  assert.ok(thrown(() => jnp.ones([3]).add(1).tolist())?.message.startsWith(RESTART_MESSAGE));
  // Memory where freeing any of them would trap: every reference count reads 1, every pointer 1.
  new Uint32Array(replaced).fill(1);
  let uncaught = null;
  const onUncaught = (e) => { uncaught = e; };
  process.on('uncaughtException', onUncaught);
  try {
    jitted = null;
    lowered = null;
    for (let i = 0; i < 20; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  assert.equal(uncaught, null, `a finalizer ran code in the replaced instance: ${uncaught}`);
  assertDoublerWorks('collecting a replaced instance\'s objects');
});

test('a restarted engine keeps the learner\'s settings and timeline subscriptions', async () => {
  // A pause, as between a learner's Runs: what the sweep left for the event loop (its arrays'
  // finalizers) runs here, not inside the awaits of the scope tests below, which count arrays.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const events = [];
  const unsubscribe = jax.timeline.subscribe((e) => events.push(e.kind));
  jax.setMemoryLimit(64 * 2 ** 20);
  jax.timeline.setCapacity(7);
  jax.setSchedule({ seed: 3, reorder: true });
  try {
    new Uint8Array(exchange().buffer).fill(0xff, 1024);
    const err = thrown(() => jnp.ones([3]).add(1).tolist());
    assert.ok(err?.message.startsWith(RESTART_MESSAGE), err?.message);
    assert.equal(jax.memory().limitBytes, 64 * 2 ** 20);
    events.length = 0;
    assertDoublerWorks('a restart with settings');
    assert.ok(events.includes('callback'), `the subscriber heard ${events}`);
    assert.ok(jax.timeline.events().length <= 7, 'the capacity holds');
    assert.match(jax.makeJaxpr((x) => x.add(1))(jnp.ones([1])).toString(), /add/);
    jax.timeline.setRecording(false);
  } finally {
    unsubscribe();
    jax.setMemoryLimit(2 ** 30);
    jax.timeline.setCapacity(20000);
    jax.timeline.setRecording(true);
    jax.setSchedule(null);
  }
  events.length = 0;
  assertDoublerWorks('after unsubscribing');
  assert.deepEqual(events, []);
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


test('a spoiled clock (performance.now throwing, the global deleted) fails those calls at most, and the engine works once it is back', () => {
  const global = Object.getOwnPropertyDescriptor(globalThis, 'performance');
  const now = performance.now;
  const spoilers = {
    'a throwing performance.now': [() => { performance.now = () => { throw new Error('clock broke'); }; }, () => { performance.now = now; }],
    'performance deleted': [() => { delete globalThis.performance; }, () => { Object.defineProperty(globalThis, 'performance', global); }],
    'performance.now returning a string': [() => { performance.now = () => 'noon'; }, () => { performance.now = now; }],
  };
  for (const [name, [spoil, restore]] of Object.entries(spoilers)) {
    spoil();
    try {
      const err = thrown(() => assertDoublerWorks(name));
      assert.ok(err === undefined || !(err instanceof assert.AssertionError), `${name}: a wrong answer, not an error: ${err?.message}`);
    } finally {
      restore();
    }
    assertDoublerWorks(`${name}, restored`);
    const stamps = jax.timeline.events().slice(-4).map((e) => e.ts);
    assert.ok(stamps.every((ts, i) => Number.isFinite(ts) && (i === 0 || ts >= stamps[i - 1])), `${name}: timestamps after ${stamps}`);
  }
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

  test('a function jitted outside any scope and dropped gives its compiled program back once collected', async () => {
    const x = jnp.array([1, -2, 3]);
    const host = (a) => np.asarray(a).mul(2);
    const doubler = (v) => jax.pureCallback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v);
    jax.timeline.setRecording(false);
    try {
      const loop = async (n) => {
        for (let i = 0; i < n; i++) jax.jit(doubler)(x).dispose();
        // The JitFunction objects are garbage: their registry frees the engine's programs.
        await settle();
        return jax.memory().liveBytes;
      };
      // A first round takes the engine's tables to their working size.
      const warm = await loop(3000);
      // Each compiled program held about 1.6 KB: 3 000 kept would be some 5 MB.
      assert.ok(await loop(3000) - warm < 64 * 1024, `${jax.memory().liveBytes - warm} bytes more after 3000 more dropped jits`);
    } finally {
      jax.timeline.setRecording(true);
      x.dispose();
    }
  });

  test('async scopes running at once keep each other\'s results; a sync scope run meanwhile keeps its own', async () => {
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const work = (v, ms) => jax.scope(async () => {
      const a = jnp.array([v]);
      await sleep(ms);
      return a.add(1);
    });
    let meanwhile;
    const [r1, r2] = await Promise.all([work(1, 30), work(2, 5), sleep(10).then(() => { meanwhile = jax.scope(() => jnp.array([7]).mul(2)); })]);
    for (const [r, want] of [[r1, [2]], [r2, [3]], [meanwhile, [14]]]) {
      assert.equal(r.isDisposed, false);
      assert.deepEqual(r.tolist(), want);
    }
  });

  test('a scope whose promise never settles pins no array; a thenable that throws closes its scope', async () => {
    const live = jax.liveArrays();
    jax.scope(async () => { await new Promise(() => {}); });
    for (let i = 0; i < 50; i++) jnp.zeros([1000]).add(1);
    assert.ok(jax.liveArrays() >= live + 50);
    // A WeakRef keeps its target until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Their finalizers ran: the waiting scope held them weakly.
    assert.ok(jax.liveArrays() < live + 10, `${jax.liveArrays() - live} arrays still alive`);

    const thenable = { then() { throw new Error('no'); } };
    assert.equal(jax.scope(() => thenable), thenable);
    const kept = jax.scope(() => ({ a: jnp.array([1]) }));
    Object.prototype.then = () => {}; // eslint-disable-line no-extend-native
    try {
      const out = jax.scope(() => ({ a: jnp.array([2]) }));
      assert.deepEqual(out.a.tolist(), [2]);
    } finally {
      delete Object.prototype.then;
    }
    assert.deepEqual(kept.a.tolist(), [1]);
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
