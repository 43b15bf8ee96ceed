// Every elementwise op the engine has (UNARY_OPS, BINARY_OPS, COMPARISONS in www/lib/boundary.js,
// generated from the Rust op enums) reaches everything that offers one jnp function per op, under
// the name www/lib/jnp-names.js gives it: the JS API's `jnp` and Python mode's `jax.numpy` (each
// binding that very op), the editor's completions in both languages, and README's `jnp` row. A
// new op added to the enums and not reaching one of them fails here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { apiOptions } from '../../www/app/completions.js';
import { UNARY_OPS, BINARY_OPS, COMPARISONS } from '../../www/lib/boundary.js';
import { jsJnpName, pythonJnpName } from '../../www/lib/jnp-names.js';

await init();

const ALL_OPS = [...UNARY_OPS, ...BINARY_OPS, ...COMPARISONS];
/** The equation `op` applied to `a` (and `b`) in a printed jaxpr, as the engine's printer writes it. */
const binds = (op, arity) => new RegExp(`= ${op} a${arity === 2 ? ' b' : ''}\\b`);

test('the op lists are not empty and name each op once', () => {
  assert.ok(UNARY_OPS.length >= 5 && BINARY_OPS.length >= 4 && COMPARISONS.length >= 6);
  assert.equal(new Set(ALL_OPS.map(jsJnpName)).size, ALL_OPS.length, 'two ops share a jnp name');
});

test("every op is a JS jnp function named as JAX's, binding that op", () => {
  const x = jnp.array([0.5, 2]);
  for (const op of ALL_OPS) {
    const name = jsJnpName(op);
    assert.equal(typeof jnp[name], 'function', `jnp.${name} (the engine's ${op}) is missing`);
    assert.equal(jnp[name].name, name);
    const arity = UNARY_OPS.includes(op) ? 1 : 2;
    const text = jax.makeJaxpr(jnp[name])(...Array(arity).fill(x)).toString();
    assert.match(text, binds(op, arity), `jnp.${name} binds ${op}: ${text}`);
  }
});

test("every op is a function of Python mode's jax.numpy, binding that op", async () => {
  for (const op of ALL_OPS) {
    const name = pythonJnpName(op);
    const arity = UNARY_OPS.includes(op) ? 1 : 2;
    const params = arity === 1 ? 'x' : 'x, y';
    const args = Array(arity).fill('jnp.array([0.5, 2.0])').join(', ');
    const { text } = await python.run(`import jax
import jax.numpy as jnp
text = str(jax.make_jaxpr(lambda ${params}: jnp.${name}(${params}))(${args}))
`);
    assert.match(text, binds(op, arity), `jnp.${name} in Python binds ${op}: ${text}`);
  }
});

test('every op is completed in the editor, in JS and in Python', () => {
  const js = new Set(apiOptions.map((o) => o.label));
  const py = new Set(python.moduleNames()['jax.numpy']);
  for (const op of ALL_OPS) {
    assert.ok(js.has(`jnp.${jsJnpName(op)}`), `no JS completion jnp.${jsJnpName(op)} (${op})`);
    assert.ok(py.has(pythonJnpName(op)), `no Python completion jnp.${pythonJnpName(op)} (${op})`);
  }
});

test("README's jnp row names every op's function", async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const row = readme.split('\n').find((line) => line.startsWith('| `jnp` |'));
  assert.ok(row, "README has no '| `jnp` |' row in the API table");
  const words = new Set(row.match(/[\w$]+/g));
  const missing = ALL_OPS.map(jsJnpName).filter((name) => !words.has(name));
  assert.deepEqual(missing, [], `README's jnp row does not name ${missing.join(', ')}`);
});
