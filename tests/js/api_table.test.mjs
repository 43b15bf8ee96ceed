// Every function of the engine's API table (src/api, listed in www/lib/api-spec.js) reaches
// everything built from it, under its names: the JS API (camelCase, at its namespace's path),
// Python mode's module (JAX's snake_case name), the editor's completions in both languages and
// docs/api.md; each JAX name jaxplay lacks raises the one "not in jaxplay yet" error in both
// languages, never an AttributeError or a JS TypeError. A function added to the table and not
// reaching one of them fails here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { loadApiOptions } from '../../www/app/completions.js';
import { FUNCTIONS, NOT_YET, JS_NAMESPACE } from '../../www/lib/api.js';

await init();

/** The JS object at a namespace path (`jnp.linalg`, `jax.scipy.special`). */
const jsNamespace = (path) => path.split('.').slice(1).reduce((o, k) => o[k], path.startsWith('jnp') ? jnp : jax);
const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());
/** The functions reached as namespaces' functions; `jax.Array`'s are reached as array methods. */
const NAMESPACED = FUNCTIONS.filter((f) => f.ns !== 'jax.Array');

test('the table is not empty and names each function once', () => {
  assert.ok(FUNCTIONS.length >= 40, `only ${FUNCTIONS.length} functions`);
  const names = FUNCTIONS.map((f) => `${f.ns}.${f.name}`);
  assert.equal(new Set(names).size, names.length);
});

test('every function is in the JS API under its camelCase name', () => {
  for (const f of NAMESPACED) {
    const ns = jsNamespace(JS_NAMESPACE[f.ns]);
    assert.equal(typeof ns[f.js], 'function', `${JS_NAMESPACE[f.ns]}.${f.js} is missing`);
  }
});

test("every function is in Python mode's module under JAX's name", () => {
  const modules = python.moduleNames();
  for (const f of NAMESPACED) {
    assert.ok(modules[f.ns]?.includes(f.name), `${f.ns}.${f.name} is missing in Python mode`);
  }
});

test('every function is completed in the editor, in JS and in Python (with its signature)', async () => {
  const js = new Set((await loadApiOptions()).map((o) => o.label));
  // What the Python editor offers after `jax.numpy.`, `jax.random.`, ...
  const offered = (ns) => {
    const source = `import jax\n${ns}.`;
    return new Map(python.complete(source, source.length).options.map((o) => [o.label, o]));
  };
  const byNs = new Map();
  for (const f of NAMESPACED) {
    const label = `${JS_NAMESPACE[f.ns]}.${f.js}`;
    assert.ok(js.has(label) || f.name === 'arange', `no JS completion ${label}`);
    if (!byNs.has(f.ns)) byNs.set(f.ns, offered(f.ns));
    assert.equal(byNs.get(f.ns).get(f.name)?.detail, f.signature, `no Python completion ${f.ns}.${f.name}`);
  }
});

test('docs/api.md lists every function as working, and every missing name as not yet', async () => {
  const doc = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
  for (const f of FUNCTIONS) {
    assert.match(doc, new RegExp(`^\\| \`${f.name}\` \\| \\d \\| works \\|`, 'm'), `${f.ns}.${f.name}`);
  }
  for (const [ns, names] of Object.entries(NOT_YET)) {
    for (const name of names) assert.match(doc, new RegExp(`^\\| \`${name}\` \\| \\d \\| \\*not yet\\* \\|`, 'm'), `${ns}.${name}`);
  }
});

test("jax.Array's operations are array methods: x[idx] and x.at[idx] in Python, x.at(idx) in JS", async () => {
  const x = jnp.arange(5);
  assert.deepEqual(x.at(1).set(9).tolist(), [0, 9, 2, 3, 4]);
  assert.deepEqual(x.at(jnp.array([1, 1], 'int32')).add(1).tolist(), [0, 3, 2, 3, 4]);
  assert.deepEqual(x.at(-1).get().tolist(), 4);
  const { out } = await python.run(`import jax.numpy as jnp
x = jnp.arange(5.0)
out = [x[jnp.array([3, 0])].tolist(), x.at[0].set(7.0).tolist(), x.at[jnp.array([1, 1])].add(1.0).tolist(),
       x.at[2].multiply(3.0).tolist(), x.at[1].min(-1.0).tolist(), x.at[4].max(0.0).tolist(), x.at[-1].get().tolist()]
`);
  assert.deepEqual(out, [[3, 0], [7, 1, 2, 3, 4], [0, 3, 2, 3, 4], [0, 1, 6, 3, 4], [0, -1, 2, 3, 4], [0, 1, 2, 3, 4], 4]);
});

test('a name jaxplay lacks says so in JS, calling it or not', () => {
  for (const [ns, names] of Object.entries(NOT_YET)) {
    const path = JS_NAMESPACE[ns];
    for (const name of names.slice(0, 20)) {
      const f = jsNamespace(path)[camel(name)];
      assert.equal(typeof f, 'function', `${path}.${camel(name)}`);
      assert.throws(() => f(1), { name: 'JaxplayError', message: `\`${path}.${camel(name)}\` is not in jaxplay yet (docs/api.md lists what is)` });
    }
  }
});

test('a name jaxplay lacks is a NotImplementedError in Python, not an AttributeError', async () => {
  const modules = { 'jax.numpy': 'jnp', 'jax.lax': 'jax.lax', 'jax.nn': 'jax.nn', 'jax.random': 'jax.random', 'jax.scipy.special': 'jax.scipy.special', 'jax.numpy.linalg': 'jnp.linalg' };
  for (const [ns, names] of Object.entries(NOT_YET)) {
    for (const name of names.slice(0, 5)) {
      const src = `import jax\nimport jax.numpy as jnp\nimport jax.scipy.special\n${modules[ns]}.${name}(1)\n`;
      const err = await python.run(src).then(() => null, (e) => e);
      assert.ok(err, src);
      assert.equal(err.pyType, 'NotImplementedError', `${src}: ${err.message}`);
      assert.match(err.message, /is not in jaxplay yet/);
    }
  }
});

test('a call that does not fit the signature is a TypeError in both languages, in Python\'s words', async () => {
  const x = jnp.ones([2, 3]);
  assert.throws(() => jnp.sum(x, { keepdim: true }), { name: 'TypeError', message: "sum() got an unexpected keyword argument 'keepdim'" });
  const err = await python.run('import jax.numpy as jnp\njnp.sum(jnp.ones(3), keepdim=True)\n').then(() => null, (e) => e);
  assert.equal(err.pyType, 'TypeError');
  assert.equal(err.message, "sum() got an unexpected keyword argument 'keepdim'");
});

test('the functions that take a function: apply_along_axis, apply_over_axes, fromfunction, lax.map, in both languages', async () => {
  const x = jnp.arange(6).reshape(2, 3);
  // Values as NumPy gives them (np.apply_along_axis, np.fromfunction).
  assert.deepEqual(jnp.applyAlongAxis((r) => jnp.sum(r), 1, x).tolist(), [3, 12]);
  assert.deepEqual(jnp.applyAlongAxis((r) => r.mul(2), 0, x).tolist(), [[0, 2, 4], [6, 8, 10]]);
  assert.deepEqual(jnp.applyAlongAxis((r) => jnp.stack([r.sum(), r.max()]), 0, x).shape, [2, 3]);
  assert.deepEqual(jnp.fromfunction((i, j) => i.add(j.mul(10)), [2, 3]).tolist(), [[0, 10, 20], [1, 11, 21]]);
  assert.deepEqual(jax.lax.map((r) => r.sum(), x).tolist(), [3, 12]);
  assert.deepEqual(jnp.applyOverAxes((a, ax) => jnp.sum(a, ax), x, [0, 1]).shape, [1, 1]);
  const { out } = await python.run(`import jax, jax.numpy as jnp
from jax import lax
x = jnp.arange(6.0).reshape(2, 3)
out = [jnp.apply_along_axis(jnp.sum, 1, x).tolist(), jnp.fromfunction(lambda i, j: i + 10 * j, (2, 3), dtype=jnp.int32).tolist(),
       lax.map(lambda r: r.sum(), x).tolist(), list(jnp.apply_over_axes(jnp.sum, x, [0, 1]).shape)]
`);
  assert.deepEqual(out, [[3, 12], [[0, 10, 20], [1, 11, 21]], [3, 12], [1, 1]]);
});
