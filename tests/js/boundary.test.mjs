// The codes of www/lib/boundary.js (generated from src/boundary.rs; tests/boundary.rs fails when
// the file is stale) against what the engine and the glue actually do: every event field takes
// its values from the lists, errors carry the listed names, pytrees are tagged as listed
// (tests/js/every_op.test.mjs follows the op lists to every jnp).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { flatten } from '../../www/lib/pytree.js';
import { isEngineMemory } from '../../www/lib/memory.js';
import {
  EVENT_KINDS, EVENT_PHASES, EVENT_STATUSES, CALLBACK_KINDS, ERROR_NAMES, TREE_KIND_KEY, TREE_LEAF,
  VMAP_METHODS, RESULT_DTYPES, ENGINE_DTYPES, ENGINE_STORAGE, viewedHandle,
} from '../../www/lib/boundary.js';

await init();

test('every timeline event field takes its values from the generated lists', () => {
  const events = [];
  const unsubscribe = jax.timeline.subscribe((e) => events.push(e));
  try {
    const host = (x) => np.asarray(x);
    const f = jax.jit((x) => {
      jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); // unused: removed by DCE
      ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true });
      jax.debug.callback(() => {}, x);
      return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
    });
    f(jnp.array([1, 2]));
    f(jnp.array([3, 4]));
  } finally {
    unsubscribe();
  }
  assert.ok(events.length > 10, `${events.length} events`);
  for (const e of events) {
    assert.ok(EVENT_KINDS.includes(e.kind), e.kind);
    assert.ok(EVENT_PHASES.includes(e.phase), e.phase);
    if (e.status !== undefined) assert.ok(EVENT_STATUSES.includes(e.status), e.status);
    if (e.callbackKind !== undefined) assert.ok(CALLBACK_KINDS.includes(e.callbackKind), e.callbackKind);
  }
  const seen = (field) => new Set(events.map((e) => e[field]).filter((v) => v !== undefined));
  assert.deepEqual([...seen('callbackKind')].sort(), [...CALLBACK_KINDS].sort());
  for (const status of ['ok', 'removed', 'hit', 'miss']) assert.ok(seen('status').has(status), status);
});

test('errors carry the names the boundary lists', () => {
  const f = jax.jit((x) => jax.pureCallback(() => { throw new Error('no'); }, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
  assert.throws(() => f(jnp.array([1])), { name: ERROR_NAMES.callback });
  assert.throws(() => jax.jit((x) => (x.gt(0).item() ? x : x))(jnp.array(1)), { name: ERROR_NAMES.concretization });
  assert.throws(() => jnp.array([1]).astype('float16'), { name: ERROR_NAMES.engine });
  assert.throws(() => jnp.array([1]).reshape([5]), { name: ERROR_NAMES.type });
});

test('pytrees are tagged with the listed kind key', () => {
  const [, single] = flatten(jnp.array([1]));
  assert.deepEqual(single, { [TREE_KIND_KEY]: TREE_LEAF });
  const [, nested] = flatten([jnp.array([1]), { a: jnp.array([2]) }]);
  assert.equal(nested[TREE_KIND_KEY], 'list');
});

test('the remaining lists match what the API accepts', () => {
  for (const method of VMAP_METHODS) {
    jax.pureCallback((x) => x, jax.ShapeDtypeStruct([1], 'float32'), jnp.array([1]), { vmapMethod: method });
  }
  assert.throws(() => jax.pureCallback((x) => x, jax.ShapeDtypeStruct([1], 'float32'), jnp.array([1]), { vmapMethod: 'no_such' }));
  for (const dtype of ENGINE_DTYPES) assert.equal(jnp.zeros([1], dtype).dtype, dtype);
  for (const dtype of RESULT_DTYPES.filter((d) => d !== 'number')) assert.ok(np.zeros([1], dtype).dtype.startsWith(dtype.slice(0, 3)), dtype);
});

// The front end compares event fields with literal strings ('callback', 'skipped'...), which
// read better than constants. Every such literal must be a value of the generated lists, so a
// renamed or misspelt code fails here rather than silently never matching.
test('every literal the front end compares an event field with is a listed code', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const www = new URL('../../www/', import.meta.url);
  const codes = { kind: EVENT_KINDS, phase: EVENT_PHASES, status: EVENT_STATUSES, callbackKind: CALLBACK_KINDS };
  // `e`, `ev` and `event` name timeline events throughout www/; www/python's `e` is a syntax node.
  const comparison = /\b(?:e|ev|event)\.(kind|phase|status|callbackKind)\s*[!=]==?\s*'([^']*)'/g;
  const switchOnKind = /switch \((?:e|ev|event)\.kind\) \{([\s\S]*?)\n {2}\}/g;
  let checked = 0;
  const entries = await readdir(www, { recursive: true });
  for (const file of entries.filter((f) => f.endsWith('.js') && !/^(pkg|dist|python)\//.test(f))) {
    const source = await readFile(new URL(file, www), 'utf8');
    for (const [, field, value] of source.matchAll(comparison)) {
      assert.ok(codes[field].includes(value), `www/${file}: ${field} compared with '${value}', not one of ${codes[field].join(', ')}`);
      checked++;
    }
    for (const [, body] of source.matchAll(switchOnKind)) {
      for (const [, value] of body.matchAll(/case '([^']*)'/g)) {
        assert.ok(EVENT_KINDS.includes(value), `www/${file}: switch on kind has case '${value}'`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 40, `only ${checked} literals found: has the pattern stopped matching?`);
});

test('arguments arrive in the typed array ENGINE_STORAGE lists, copied or viewed through viewedHandle', () => {
  for (const [code, dtype] of ENGINE_DTYPES.entries()) {
    // 3 elements come as a copy; 2^17 as an encoded handle of a view (bool is always copied).
    for (const n of [3, 1 << 17]) {
      let got = null;
      // Read before host NumPy runs: its results are made in engine memory, whose growth would
      // empty a view taken earlier (the HostArray makes a new one).
      const host = (x) => {
        got = { data: x.data, length: x.data.length, view: isEngineMemory(x.data) };
        return x.astype('int32').sum().astype('int32');
      };
      const values = jnp.arange(n, 'int32').astype(dtype);
      const sum = jax.pureCallback(host, jax.ShapeDtypeStruct([], 'int32'), values);
      assert.ok(got.data instanceof ENGINE_STORAGE[code], `${dtype}[${n}] arrived as ${got.data?.constructor.name}`);
      assert.equal(got.length, n);
      // The large float32 and int32 arguments are views of engine memory (the handle encoding
      // at work), the rest copies.
      assert.equal(got.view, n > 3 && dtype !== 'bool', `${dtype}[${n}] view or copy`);
      assert.equal(Number(sum), Number(values.astype('int32').sum()), `${dtype}[${n}] arrived with other values`);
    }
  }
  assert.equal(viewedHandle(-1), 0, 'the first handle');
});

test('the glue spells no tree tag, storage class list or handle encoding of its own', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const lib = new URL('../../www/lib/', import.meta.url);
  const ownCopies = [
    [/\.t\b|\bt:|'leaf'/, 'a pytree kind key or leaf tag (TREE_KIND_KEY, TREE_LEAF; pytree.js kindOf)'],
    [/\[\s*Float32Array,\s*Int32Array/, 'a list of typed array classes (ENGINE_STORAGE, STORAGE_CLASSES)'],
    [/(?:^|[(,=?:]|return)\s*-\s*\w+\s*-\s*1\b/, 'a view handle decoding (viewedHandle)'],
  ];
  for (const file of (await readdir(lib)).filter((f) => f.endsWith('.js') && f !== 'boundary.js')) {
    const source = await readFile(new URL(file, lib), 'utf8');
    for (const [pattern, what] of ownCopies) {
      const line = source.split('\n').findIndex((l) => pattern.test(l) && !/^\s*(\/\/|\*)/.test(l));
      assert.equal(line, -1, `www/lib/${file}:${line + 1} spells ${what} itself`);
    }
  }
});
