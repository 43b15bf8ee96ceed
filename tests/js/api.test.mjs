// The JS API beyond the oracle: memory, the live timeline, the jit cache, recovery after
// errors, options parsing and error names.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { nestedMul } from './fixtures/lib/nested.js';

await init();

const spec = (x) => jax.ShapeDtypeStruct(x.shape, x.dtype);
function double(x) { return np.asarray(x).mul(2); }

/** Runs `fn` with a print handler; returns [result, printed lines]. */
function capturePrints(fn) {
  const lines = [];
  const previous = jax.debug.setPrintHandler((t) => lines.push(t));
  try {
    return [fn(), lines];
  } finally {
    jax.debug.setPrintHandler(previous);
  }
}

// ------------------------------------------------------------------ memory

describe('memory', () => {
  test('stays flat over 20k jitted pure-callback calls (child process with --expose-gc)', async () => {
    const script = fileURLToPath(new URL('./fixtures/memory-soak.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script, '20000'],
      { timeout: 120_000 });
    const { start, warm, end, peakLive } = JSON.parse(stdout);
    // Without collection, results pile up: proves the loop really made (and dropped) arrays.
    assert.ok(peakLive > 20_000, `peak live arrays ${peakLive}`);
    // Every result, temporary and failed-call handle is released once JS drops it.
    assert.ok(Math.abs(end.live - start.live) <= 2, `live arrays ${start.live} -> ${end.live}`);
    // After a warm-up round, two more rounds (~52k operations) may not grow the engine's heap by
    // more than 256 KiB (about 5 bytes per call), wasm memory by more than 1 MiB and the one
    // step it grows ahead by when it must grow (an eighth of it, src/memory.rs), nor JS
    // ArrayBuffers by more than 1 MiB.
    const MiB = 1 << 20;
    assert.ok(end.liveBytes - warm.liveBytes <= MiB / 4, `engine heap ${warm.liveBytes} -> ${end.liveBytes}`);
    assert.ok(end.wasmBytes - warm.wasmBytes <= MiB + end.wasmBytes / 8, `wasm memory ${warm.wasmBytes} -> ${end.wasmBytes}`);
    assert.ok(end.arrayBuffers - warm.arrayBuffers <= MiB, `arrayBuffers ${warm.arrayBuffers} -> ${end.arrayBuffers}`);
    // And an absolute ceiling for the whole run, warm-up included.
    assert.ok(end.wasmBytes <= 16 * MiB, `wasm memory ${end.wasmBytes}`);
  });
});

describe('memory near the most the host gives', () => {
  test('under a 64 MiB cap on wasm memory, a 36 MiB array and then a 24 MiB one both fit (growing ahead never strands what a large array needs)', async () => {
    const script = fileURLToPath(new URL('./fixtures/memory-cap.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--wasm-max-mem-pages=1024', script], { timeout: 60_000 });
    const { second, first } = JSON.parse(stdout);
    assert.deepEqual(second, { ok: true });
    assert.equal(first, true);
  });
});

// ------------------------------------------------------------------ timeline

describe('timeline', () => {
  test('subscribers receive events live, while the program runs', () => {
    const seen = [];
    let seenInsideHost = null;
    function host(x) {
      seenInsideHost = seen.map((e) => `${e.kind}:${e.phase}:${e.name}`);
      return x;
    }
    const live = jax.jit(function live(x) { return jax.pureCallback(host, spec(x), x); });
    const unsubscribe = jax.timeline.subscribe((e) => seen.push(e));
    try {
      live(jnp.arange(2));
    } finally {
      unsubscribe();
    }
    // Inside the host: its own begin event has arrived, the enclosing execution's end has not.
    assert.equal(seenInsideHost.at(-1), 'callback:begin:host');
    assert.ok(seenInsideHost.includes('execute:begin:live'));
    assert.ok(!seenInsideHost.includes('execute:end:live'));
    const begin = seen.find((e) => e.kind === 'callback' && e.phase === 'begin');
    assert.equal(begin.callbackKind, 'pure');
    assert.deepEqual(begin.shapes, ['f32[2]']);
    assert.equal(seen.at(-1).kind, 'execute');
    assert.equal(seen.at(-1).phase, 'end');
  });

  test('setRecording(false) keeps and delivers no events; results are unchanged', () => {
    const f = jax.jit((x) => jax.pureCallback(double, spec(x), x));
    const x = jnp.array([1, 2]);
    f(x);
    jax.timeline.clear();
    const seen = [];
    const stop = jax.timeline.subscribe((e) => seen.push(e));
    jax.timeline.setRecording(false);
    try {
      assert.equal(jax.timeline.recording(), false);
      assert.deepEqual(f(x).tolist(), [2, 4]);
      assert.deepEqual([jax.timeline.events().length, seen.length], [0, 0]);
    } finally {
      jax.timeline.setRecording(true);
      stop();
    }
    assert.equal(jax.timeline.recording(), true);
    f(x);
    assert.equal(jax.timeline.events().length, 4);
  });

  test('unsubscribe stops delivery and may be called twice', () => {
    const seen = [];
    const f = jax.jit((x) => x.add(1));
    const unsubscribe = jax.timeline.subscribe((e) => seen.push(e));
    f(jnp.arange(2));
    const count = seen.length;
    assert.ok(count > 0);
    unsubscribe();
    unsubscribe();
    f(jnp.arange(2));
    f(jnp.arange(5));
    assert.equal(seen.length, count);
  });

  test('a throwing subscriber does not break the run or other subscribers', () => {
    const seen = [];
    const offBad = jax.timeline.subscribe(() => { throw new Error('listener bug'); });
    const offGood = jax.timeline.subscribe((e) => seen.push(e.kind));
    try {
      const out = jax.jit((x) => jax.pureCallback(double, spec(x), x))(jnp.arange(3));
      assert.deepEqual(out.tolist(), [0, 2, 4]);
    } finally {
      offBad();
      offGood();
    }
    assert.ok(seen.includes('callback'));
  });

  test('subscribers may call back into the engine', () => {
    // Runs an eager engine op and reads the engine's state from inside the listener.
    const made = [];
    const off = jax.timeline.subscribe((e) => {
      if (e.kind === 'callback') made.push([e.seq + 1, jnp.array(e.seq, 'int32').add(1).item(), jax.liveArrays() > 0]);
    });
    try {
      jax.jit((x) => jax.pureCallback(double, spec(x), x))(jnp.arange(2));
    } finally {
      off();
    }
    assert.equal(made.length, 2); // callback begin + end
    for (const [want, got, live] of made) assert.deepEqual([got, live], [want, true]);
  });

  test('toTraceEvents() is Chrome Trace Event JSON: balanced B/E per lane, ts in microseconds', () => {
    jax.timeline.clear();
    const t0 = performance.now();
    const f = jax.jit(function traced(x) {
      jax.pureCallback(double, spec(x), x); // removed by DCE: an instant event
      jax.debug.callback(() => {}, x, { ordered: true });
      return ioCallback(double, spec(x), x, { ordered: true });
    });
    f(jnp.arange(2));
    f(jnp.arange(2));
    assert.throws(() => jax.jit((x) => jax.pureCallback(() => { throw new Error('x'); }, spec(x), x))(jnp.arange(2)));
    jax.effectsBarrier();
    const t1 = performance.now();

    const data = jax.timeline.toTraceEvents();
    assert.deepEqual(JSON.parse(JSON.stringify(data)), data, 'plain JSON data');
    assert.ok(['ms', 'ns'].includes(data.displayTimeUnit));
    const events = data.traceEvents;
    assert.ok(Array.isArray(events) && events.length > 10);
    const stacks = new Map();
    for (const e of events) {
      assert.equal(typeof e.name, 'string');
      assert.ok(['B', 'E', 'i', 'M'].includes(e.ph), `phase ${e.ph}`);
      assert.ok(Number.isInteger(e.pid) && Number.isInteger(e.tid));
      assert.ok(Number.isFinite(e.ts));
      if (e.ph === 'M') {
        assert.equal(e.name, 'thread_name');
        assert.equal(typeof e.args.name, 'string');
        continue;
      }
      // Recorded between t0 and t1 on the performance.now() clock, expressed in microseconds.
      assert.ok(e.ts >= t0 * 1000 && e.ts <= t1 * 1000, `ts ${e.ts} outside [${t0 * 1000}, ${t1 * 1000}]`);
      if (e.ph === 'i') assert.ok(['g', 'p', 't'].includes(e.s));
      const lane = `${e.pid}/${e.tid}`;
      const stack = stacks.get(lane) ?? [];
      stacks.set(lane, stack);
      if (e.ph === 'B') stack.push(e);
      if (e.ph === 'E') {
        const open = stack.pop();
        assert.ok(open, `E without B on lane ${lane}: ${e.name}`);
        assert.equal(e.name, open.name, `E closes the B of the same name on lane ${lane}`);
        assert.ok(e.ts >= open.ts);
      }
    }
    for (const [lane, stack] of stacks) assert.equal(stack.length, 0, `unclosed B on lane ${lane}`);
    const names = new Set(events.map((e) => `${e.cat}:${e.ph}`));
    for (const want of ['trace:B', 'compile:B', 'dce:i', 'execute:B', 'callback:B', 'token:i', 'barrier:i']) {
      assert.ok(names.has(want), `has a ${want} event`);
    }
    // One named lane per kind of work; host-callback spans say which kind of callback.
    assert.deepEqual(events.filter((e) => e.ph === 'M').map((e) => e.args.name),
      ['trace / compile', 'execute', 'host callbacks', 'ordered effect token']);
    const calls = events.filter((e) => e.cat === 'callback' && e.ph === 'B').map((e) => e.name);
    assert.ok(calls.includes('io double') && calls.includes('debug anonymous'), calls.join());
    assert.ok(events.filter((e) => e.cat === 'callback').every((e) => e.tid === 3));
  });
});

// ------------------------------------------------------------------ jit cache

describe('jit cache', () => {
  test('cacheSize() counts one entry per argument signature; hits do not retrace', () => {
    let traces = 0;
    const f = jax.jit((x) => { traces += 1; return x.mul(2); });
    assert.equal(f.cacheSize(), 0);
    f(jnp.arange(3));
    f(jnp.arange(3).add(1)); // same shape and dtype, new values
    assert.deepEqual([f.cacheSize(), traces], [1, 1]);
    f(jnp.arange(4)); // new shape
    f(jnp.arange(3)); // back to the first: a hit
    assert.deepEqual([f.cacheSize(), traces], [2, 2]);
    f(jnp.arange(3, 'int32')); // new dtype
    f(1.0); // weak float32 scalar
    f(jnp.array(1.0, 'float32')); // strong float32 scalar: a different entry
    assert.deepEqual([f.cacheSize(), traces], [5, 5]);
  });

  test('the argument pytree structure is part of the key', () => {
    let traces = 0;
    const f = jax.jit((p) => { traces += 1; return Array.isArray(p) ? p[0] : p.a; });
    const x = jnp.arange(2);
    f([x]);
    f({ a: x });
    f([x, x]);
    f({ a: x });
    assert.deepEqual([f.cacheSize(), traces], [3, 3]);
  });

  test('a failed trace leaves no cache entry; the next call traces again', () => {
    let fail = true;
    const f = jax.jit((x) => {
      if (fail) throw new RangeError('not yet');
      return x.add(1);
    });
    assert.throws(() => f(jnp.arange(2)), RangeError);
    assert.equal(f.cacheSize(), 0);
    fail = false;
    assert.deepEqual(f(jnp.arange(2)).tolist(), [1, 2]);
    assert.equal(f.cacheSize(), 1);
  });
});

// ------------------------------------------------------------------ recovery after errors

describe('recovery after a throwing callback', () => {
  test('jitted pure_callback: the error carries the host exception; the next call works', () => {
    const mine = new Error('negative input');
    const f = jax.jit((x) => jax.pureCallback(function host(v) {
      if (v.item() < 0) throw mine;
      return double(v);
    }, spec(x), x));
    const err = captureError(() => f(jnp.array(-1, 'float32')));
    assert.equal(err.name, 'CallbackError');
    assert.equal(err.message, 'pure_callback `host` raised an error: negative input');
    assert.equal(err.cause, mine, 'cause is the very object the host threw');
    assert.deepEqual(f(jnp.array(2, 'float32')).tolist(), 4);
    assert.equal(f.cacheSize(), 1, 'the error did not evict or duplicate the cache entry');
  });

  test('ordered io_callback: a failure does not jam the ordered-effect token', () => {
    const calls = [];
    function host(tag, x) {
      calls.push(tag);
      if (tag === 'bad') throw new Error('io failed');
      return x;
    }
    const f = jax.jit((x) => ioCallback(host.bind(null, 'f'), spec(x), x, { ordered: true }));
    const bad = jax.jit((x) => ioCallback(host.bind(null, 'bad'), spec(x), x, { ordered: true }));
    const x = jnp.array(1, 'float32');
    f(x);
    assert.throws(() => bad(x), /io_callback `bound host` raised an error: io failed/);
    f(x);
    jax.effectsBarrier();
    f(x);
    assert.deepEqual(calls, ['f', 'bad', 'f', 'f']);
  });

  test('a throwing trace rethrows the user\'s own error, and the engine keeps working', () => {
    const mine = new TypeError('bad model');
    const err = captureError(() => jax.jit(() => { throw mine; })(jnp.arange(2)));
    assert.equal(err, mine);
    const [out, lines] = capturePrints(() => jax.jit((x) => { jax.debug.print('{}', x); return x; })(jnp.arange(2)));
    assert.deepEqual(out.tolist(), [0, 1]);
    assert.deepEqual(lines, ['[0. 1.]']);
  });

  test('eager callbacks recover too', () => {
    assert.throws(() => jax.pureCallback(() => { throw new Error('eager'); }, jax.ShapeDtypeStruct([], 'float32')),
      { name: 'CallbackError', message: /raised an error: eager/ });
    assert.equal(jax.pureCallback(() => 3, jax.ShapeDtypeStruct([], 'float32')).item(), 3);
  });

  test('a debug callback called directly rethrows the host\'s own error, as JAX does; a compiled one is a CallbackError', () => {
    const mine = new RangeError('debug failed');
    const host = () => { throw mine; };
    const x = jnp.arange(2, 'float32');
    assert.equal(captureError(() => jax.debug.callback(host, x)), mine);
    assert.equal(captureError(() => jax.vmap((v) => { jax.debug.callback(host, v); return v; })(x)), mine);
    const compiled = [
      jax.jit((v) => { jax.debug.callback(host, v); return v; }),
      (v) => jax.lax.scan((c, r) => { jax.debug.callback(host, r); return [c, r]; }, 0, v),
    ];
    for (const f of compiled) {
      const err = captureError(() => f(x));
      assert.equal(err.name, 'CallbackError');
      assert.equal(err.cause, mine);
      assert.equal(err.pyType, 'JaxRuntimeError');
    }
  });
});

function captureError(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return assert.fail('expected a throw');
}

// ------------------------------------------------------------------ options objects

describe('options objects', () => {
  const jaxprOf = (fn, x = jnp.arange(2)) => String(jax.makeJaxpr(fn)(x));

  test('a trailing {ordered: true} is the option; omitted means unordered', () => {
    assert.match(jaxprOf((x) => ioCallback(double, spec(x), x, { ordered: true })), /ordered=True/);
    assert.match(jaxprOf((x) => ioCallback(double, spec(x), x)), /ordered=False/);
    assert.match(jaxprOf((x) => ioCallback(double, spec(x), x, { ordered: false })), /ordered=False/);
    assert.match(jaxprOf((x) => { jax.debug.callback(() => {}, x, { ordered: true }); return x; }), /effect=OrderedDebug/);
    assert.match(jaxprOf((x) => { jax.debug.print('{}', x, { ordered: true }); return x; }), /effect=OrderedDebug/);
  });

  test('{vmapMethod} is the pure_callback option and is validated', () => {
    assert.match(jaxprOf((x) => jax.pureCallback(double, spec(x), x, { vmapMethod: 'sequential' })), /vmap_method=sequential/);
    assert.throws(() => jaxprOf((x) => jax.pureCallback(double, spec(x), x, { vmapMethod: 'bogus' })),
      { name: 'JaxplayError', message: /vmap_method must be on[e]? of the allowed methods/ });
  });

  test('other plain objects are dict arguments, passed to the host as objects', () => {
    const got = [];
    const f = jax.jit((x) => {
      jax.debug.callback((d) => got.push(Object.keys(d)), { a: x, b: x.add(1) });
      jax.debug.callback((d) => got.push(Object.keys(d)), { ordered: x, other: x }); // not all option names
      jax.debug.callback((v, d) => got.push(Object.keys(d)), x, {}); // empty dict: no leaves
      return x;
    });
    f(jnp.arange(2));
    assert.deepEqual(got, [['a', 'b'], ['ordered', 'other'], []]);
  });

  test('a dict argument whose only key is an option name stays a dict argument', () => {
    const got = [];
    const f = jax.jit((x) => { jax.debug.callback((...args) => got.push(args.length), { ordered: x }); return x; });
    f(jnp.arange(2));
    assert.deepEqual(got, [1]);
    const [, lines] = capturePrints(() => jax.jit((x) => { jax.debug.print('{ordered}', { ordered: x }); return x; })(jnp.arange(2)));
    assert.deepEqual(lines, ['[0. 1.]']);
  });
});

// ------------------------------------------------------------------ error names

describe('errors are JS Errors with useful names and messages', () => {
  const cases = [
    ['host throws', () => jax.pureCallback(function host() { throw new Error('boom'); }, jax.ShapeDtypeStruct([], 'float32')),
      'CallbackError', /^pure_callback `host` raised an error: boom$/],
    ['wrong result shape', () => jax.pureCallback(function host() { return [1, 2]; }, jax.ShapeDtypeStruct([3], 'float32')),
      'CallbackError', /return value #0 of `host`: Expected: \(3,\), Actual: \(2,\)/],
    ['64-bit result spec', () => ioCallback(function host() {}, jax.ShapeDtypeStruct([], 'int64')),
      'JaxplayError', /cannot specify 64-bit types/],
    ['broadcasting', () => jnp.arange(3).add(jnp.arange(2)),
      'JaxplayError', /add: incompatible shapes for broadcasting: \(3,\) and \(2,\)/],
    ['tracer used as a number', () => jax.jit(function model(x) { return x < 0 ? x : x.neg(); })(jnp.array(1, 'float32')),
      'ConcretizationTypeError', /traced array f32\[\] inside `model`/],
    ['escaped tracer', () => {
      let leaked;
      jax.jit(function leaky(x) { leaked = x; return x; })(jnp.arange(2));
      return leaked.add(1);
    }, 'UnexpectedTracerError', /unexpected tracer f32\[2\]: it was created while tracing `leaky`/],
    ['jit of a non-function', () => jax.jit(3), 'TypeError', /jax\.jit expects a function, got number/],
    ['callback that is not a function', () => jax.pureCallback(null, jax.ShapeDtypeStruct([], 'float32')),
      'TypeError', /the callback must be a function, got null/],
    ['bad ShapeDtypeStruct', () => jax.ShapeDtypeStruct([2.5], 'float32'), 'TypeError', /non-negative integers/],
  ];
  for (const [what, fn, name, message] of cases) {
    test(what, () => {
      const err = captureError(fn);
      assert.ok(err instanceof Error, 'an Error instance');
      assert.equal(err.name, name);
      assert.match(err.message, message);
      assert.match(String(err.stack), new RegExp(name));
    });
  }

  test('a host returning a non-numeric value gets a clear error', () => {
    const err = captureError(() => jax.pureCallback(function host() { return 'hi'; }, jax.ShapeDtypeStruct([], 'float32')));
    assert.equal(err.name, 'CallbackError');
    assert.doesNotMatch(err.message, /Cannot read properties/);
    assert.match(err.message, /`host`.*its return value contains a string \("hi"\)/);
  });

  test('an option a function does not take is named', () => {
    const err = captureError(() => ioCallback(function host() {}, null, { vmapMethod: 'sequential' }));
    assert.equal(err.name, 'TypeError');
    assert.match(err.message, /ioCallback does not take the option `vmapMethod`/);
  });

  test('returning the declaration instead of the callback result says so', () => {
    const err = captureError(() => jax.jit((x) => jax.ShapeDtypeStruct(x.shape, x.dtype))(jnp.arange(2)));
    assert.match(err.message, /contains a ShapeDtypeStruct \(a shape\/dtype declaration, not a value\): return the callback's result instead/);
  });

  test('a declaration passed where an operand goes is named as that operand, with no advice about returns', () => {
    const err = captureError(() => jax.jit((x) => jax.pureCallback((a) => a, x, jax.ShapeDtypeStruct(x.shape, x.dtype)))(jnp.arange(2)));
    assert.equal(err.name, 'TypeError');
    assert.match(err.message, /^jax\.pureCallback: operand 1 \(the arguments after the result declaration\) must be an array or a number, got a ShapeDtypeStruct/);
    assert.doesNotMatch(err.message, /return the callback's result/);
  });
});

describe('errors with well-known fixes carry a hint', () => {
  const host = function host(x) { return x; };
  const cases = [
    ['grad through a pure callback', () => jax.grad((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], 'float32'), x))(1.0),
      /stopGradient[\s\S]*customJvp[\s\S]*jnp operations/],
    ['jvp through an io callback', () => jax.jvp((x) => ioCallback(host, jax.ShapeDtypeStruct([], 'float32'), x), [1.0], [1.0]),
      /cannot be differentiated/],
    ['vmap without a vmapMethod', () => jax.vmap((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], 'float32'), x))(jnp.arange(2)),
      /vmapMethod: 'sequential'/],
  ];
  for (const [what, fn, hint] of cases) {
    test(what, () => {
      const err = captureError(fn);
      assert.match(err.hint, hint);
    });
  }

  test('other errors have no hint', () => {
    const err = captureError(() => jnp.arange(3).add(jnp.arange(2)));
    assert.equal(err.hint, undefined);
  });
});

describe('schedule explorer', () => {
  const program = (ordered, calls) => jax.jit((x) => {
    for (const tag of ['a', 'b', 'c']) {
      ioCallback(Object.defineProperty(() => { calls.push(tag); }, 'name', { value: tag }), null, x, { ordered });
    }
    return x;
  });
  const ordersOverSeeds = (ordered) => {
    const seen = new Set();
    for (let seed = 0; seed < 20; seed++) {
      jax.setSchedule({ seed, reorder: true });
      const calls = [];
      program(ordered, calls)(jnp.array(0, 'float32'));
      seen.add(calls.join(''));
    }
    jax.setSchedule(null);
    return seen;
  };

  test('reordering changes the order of unordered io callbacks for some seed', () => {
    assert.ok(ordersOverSeeds(false).size > 1);
  });

  test('ordered io callbacks keep program order under every schedule', () => {
    assert.deepEqual([...ordersOverSeeds(true)], ['abc']);
  });

  test('the compile event says what the schedule changed', () => {
    jax.timeline.clear();
    jax.setSchedule({ seed: 3, mergePure: true });
    const calls = [];
    const host = (x) => { calls.push(1); return np.asarray(x).mul(2); };
    const f = jax.jit((x) => jax.pureCallback(host, x, x).add(jax.pureCallback(host, x, x)));
    assert.deepEqual(f(jnp.array(1, 'float32')).tolist(), 4);
    jax.setSchedule(null);
    assert.equal(calls.length, 1);
    const compileEnd = jax.timeline.events().find((e) => e.kind === 'compile' && e.phase === 'end');
    assert.match(compileEnd.detail, /schedule seed 3: merged a duplicate call of pure callback `host`/);
  });
});

describe('bad input is an error, never a wasm panic', () => {
  const x = () => jnp.arange(3);
  const bad = {
    'empty switch': () => jax.lax.switch(0, [], x()),
    'scan carry of another type': () => jax.lax.scan((c, v) => [c.sum(), v], x(), x()),
    'scan body without a carry': () => jax.lax.scan(() => null, x(), x()),
    'while body changing type': () => jax.lax.whileLoop(([i]) => i.lt(3), ([i]) => [i.add(0.5)], [jnp.array(0, 'int32')]),
    'reshape to a wrong size': () => x().reshape(4),
    'transpose with a bad permutation': () => jnp.arange(6).reshape(2, 3).transpose([0, 0]),
    'vmap over mismatched sizes': () => jax.vmap((a, b) => a.add(b))(jnp.arange(2), jnp.arange(3)),
    'vmap over a scalar': () => jax.vmap((a) => a)(jnp.array(1)),
    'sum over a missing axis': () => x().sum(3),
    'ragged nested array': () => jnp.array([[1, 2], [3]]),
    'callback spec with a negative dim': () => jax.pureCallback(() => 0, { shape: [-1], dtype: 'float32' }),
    'grad of a vector output': () => jax.grad((v) => v.mul(2))(x()),
    'jvp with a tangent of another shape': () => jax.jvp((v) => v, [x()], [jnp.arange(2)]),
  };
  for (const [what, fn] of Object.entries(bad)) {
    test(what, () => {
      const err = captureError(fn);
      assert.ok(err instanceof Error, 'an Error');
      assert.notEqual(err.name, 'RuntimeError', `not a wasm trap: ${err.message}`);
      assert.doesNotMatch(err.message, /unreachable|panicked/);
    });
  }

  test('the engine still works afterwards', () => {
    assert.deepEqual(jax.jit((v) => v.mul(2))(x()).tolist(), [0, 2, 4]);
  });
});

describe('differentiating control flow', () => {
  const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-5, `${a} vs ${b}`);

  test('grad through foriLoop (a scan) matches the closed form', () => {
    const cube = (x) => jax.lax.foriLoop(0, 2, (i, v) => v.mul(x), x);
    close(jax.grad(cube)(2.0).item(), 12);
    close(jax.jit(jax.grad(cube))(3.0).item(), 27);
  });

  test('grad through cond differentiates only the taken branch', () => {
    const f = (x) => jax.lax.cond(x.gt(0), (v) => jnp.sin(v).mul(v), (v) => v.neg(), x);
    close(jax.grad(f)(0.7).item(), Math.cos(0.7) * 0.7 + Math.sin(0.7));
    close(jax.grad(f)(-2.0).item(), -1);
  });

  test('grad through scan reaches xs', () => {
    const f = (xs) => jax.lax.scan((c, x) => [c.mul(x), c], jnp.array(1.0), xs)[0];
    assert.deepEqual(jax.grad(f)(jnp.array([2, 3, 4], 'float32')).tolist(), [12, 8, 6]);
  });
});

describe('whileLoop differentiation', () => {
  const f = (x) => jax.lax.whileLoop(([i]) => i.lt(3), ([i, v]) => [i.add(1), v.mul(x)], [jnp.array(0, 'int32'), x])[1];

  test('forward mode works (x^4 → 4x^3)', () => {
    assert.deepEqual(jax.jvp(f, [2.0], [1.0]).map((a) => a.tolist()), [16, 32]);
  });

  test('reverse mode is refused with JAX\'s words', () => {
    const err = captureError(() => jax.grad(f)(2.0));
    assert.match(err.message, /^Reverse-mode differentiation does not work for lax\.while_loop/);
  });
});

test('vmap of whileLoop runs until every element is done, each keeping its own result', () => {
  const f = (x) => jax.lax.whileLoop((v) => v.lt(10), (v) => v.mul(2), x);
  assert.deepEqual(jax.vmap(f)(jnp.array([1, 3, 20])).tolist(), [16, 12, 20]);
});

for (const engine of ['V8 stack frames', 'stack text (engines without Error.captureStackTrace)']) test(`jaxprs and callback events carry the source line that made them (${engine})`, () => {
  const captureStackTrace = Error.captureStackTrace;
  if (engine.startsWith('stack text')) Error.captureStackTrace = undefined;
  try {
    sourceLines();
  } finally {
    Error.captureStackTrace = captureStackTrace;
  }
});

test('a callback called indirectly (through .call, Reflect.apply, the two-call debug form) names the line that called it', () => {
  const host = (a) => np.asarray(a).mul(2);
  const spec = (x) => jax.ShapeDtypeStruct(x.shape, x.dtype);
  const here = () => Number(new Error().stack.split('\n')[2].match(/:(\d+):\d+\)?$/)[1]);
  const cases = [
    [(x) => jax.pureCallback.call(null, host, spec(x), x), here()],
    [(x) => Reflect.apply(jax.experimental.ioCallback, null, [host, spec(x), x]), here()],
    [(x) => { jax.debug.callback({ ordered: true })(host, x); return x; }, here()],
  ];
  for (const [f, line] of cases) {
    jax.timeline.clear();
    jax.jit(f)(jnp.arange(3));
    const sources = jax.timeline.events().filter((e) => e.kind === 'callback').map((e) => e.source);
    assert.deepEqual([...new Set(sources)], [`api.test.mjs:${line}`], f.toString());
  }
});

test('the source line is found past more than four frames of jaxplay code', () => {
  const f = (x) => nestedMul(10, x, 3); // the line it should name
  const text = jax.makeJaxpr(f)(jnp.arange(3)).textWithSources;
  const line = new Error().stack.split('\n')[1].match(/:(\d+):\d+\)?$/)[1] - 2;
  assert.match(text, new RegExp(`mul a 3\\.0:f32\\[\\]  # api\\.test\\.mjs:${line}`), text);
});

function sourceLines() {
  const host = (a) => np.asarray(a).mul(2);
  const f = (x) => {
    const y = x.mul(3);
    return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), y); // the next line
  };
  const text = jax.makeJaxpr(f)(jnp.arange(3)).textWithSources;
  const mul = /mul a 3\.0:f32\[\]  # api\.test\.mjs:(\d+)/.exec(text);
  const cb = /\] b  # api\.test\.mjs:(\d+)/.exec(text);
  assert.ok(mul && cb, text);
  assert.equal(Number(cb[1]), Number(mul[1]) + 1);
  jax.timeline.clear();
  jax.jit(f)(jnp.arange(3));
  const sources = jax.timeline.events().filter((e) => e.kind === 'callback').map((e) => e.source);
  assert.deepEqual([...new Set(sources)], [`api.test.mjs:${cb[1]}`]);
}

test('the jaxpr as runs (ClosedJaxpr.layout) joins to its text; each equation has its source and callback', () => {
  const host = (a) => np.asarray(a).mul(2);
  const f = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x.mul(3));
  const closed = jax.makeJaxpr(f)(jnp.arange(3));
  const eqns = [];
  const join = (runs) => runs.map((r) => (typeof r === 'string' ? r : (eqns.push(r), join(r.runs)))).join('');
  assert.equal(join(closed.layout), closed.text);
  assert.deepEqual(eqns.map((e) => [e.primitive, e.callback]), [['mul', null], ['pure_callback', 'host']]);
  const lines = closed.textWithSources.split('\n').filter((l) => l.includes('  # ')).map((l) => l.split('  # ')[1]);
  assert.deepEqual(eqns.map((e) => e.source), lines);
});

test('a jitted function inlined into another trace keeps its equations\' source lines', () => {
  const g = jax.jit((x) => {
    const y = x.mul(3);
    return y.add(1); // one line below the mul
  });
  const text = jax.makeJaxpr(g)(jnp.arange(3)).textWithSources;
  const mul = /mul a 3\.0:f32\[\]  # api\.test\.mjs:(\d+)/.exec(text);
  const add = /add b 1\.0:f32\[\]  # api\.test\.mjs:(\d+)/.exec(text);
  assert.ok(mul && add, text);
  assert.equal(Number(add[1]), Number(mul[1]) + 1);
});

test('arrays too large for the engine are errors, not traps, and the engine keeps working', () => {
  const huge = [
    () => jnp.zeros([65536, 65536]),
    () => jnp.ones([1 << 16, 1 << 15, 4]),
    () => jnp.zeros([1 << 14, 1]).add(jnp.zeros([1, 1 << 15])), // each small, together 2^29
    () => jnp.broadcastTo(jnp.arange(2), [1 << 28, 2]),
    () => jax.jit((x) => jnp.zeros([65536, 65536]).add(x))(1.0),
  ];
  for (const make of huge) {
    assert.throws(make, { message: /would have more than 268435456 elements/ }, String(make));
  }
  assert.deepEqual(jnp.arange(3).mul(2).tolist(), [0, 2, 4]);
});
