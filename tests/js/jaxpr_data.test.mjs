// `jax.makeJaxpr(...).data`: the exercises' solutions traced through the JS API, as data,
// against golden files in tests/golden/data/<exercise>.json (rewritten with UPDATE_GOLDEN=1):
// equations, typed params, avals, sub-jaxprs and the learner's source lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { exercises } from '../../www/exercises.js';
import { buildEntry } from '../../www/app/runner.js';

await init();
const api = { jax, jnp, np, ioCallback };
const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'golden', 'data');

for (const ex of exercises) {
  test(`makeJaxpr(${ex.entry}).data of the ${ex.id} solution matches its golden file`, () => {
    const entry = buildEntry(ex.solution, ex.entry, api);
    const closed = jax.makeJaxpr(entry)(jnp.array(ex.sample.values, ex.sample.dtype));
    const json = `${JSON.stringify(closed.data, null, 2)}\n`;
    const file = path.join(GOLDEN, `${ex.id}.json`);
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, json);
    assert.equal(json, fs.readFileSync(file, 'utf8'), 'rerun with UPDATE_GOLDEN=1 if the change is intended');
    // Every equation names the learner's line it came from, and its printed name is in the text.
    for (const eqn of closed.data.eqns) {
      assert.match(eqn.source, /^learner\.js:\d+$/);
      for (const out of eqn.outputs) if (out.name !== '_') assert.ok(closed.text.includes(`${out.name}:`), out.name);
    }
  });
}

test('a sub-jaxpr (custom_vjp_call) and literals are data too', () => {
  const host = (a) => np.asarray(a).sum().div(np.asarray(a).size);
  const meanOnHost = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], x.dtype), x);
  const f = jax.customVjp(meanOnHost);
  f.defvjp((x) => [meanOnHost(x), x], (x, ct) => [jnp.ones(x.shape).mul(ct).div(x.size)]);
  const data = jax.makeJaxpr((x) => f(x).mul(2))(jnp.array([1, 2, 3])).data;
  const custom = data.eqns.find((e) => e.primitive.startsWith('custom_vjp_call'));
  assert.ok(custom, JSON.stringify(data.eqns.map((e) => e.primitive)));
  const sub = Object.values(custom.params).find((p) => p.kind === 'jaxpr');
  assert.equal(sub.value.eqns[0].primitive, 'pure_callback');
  assert.deepEqual(sub.value.eqns[0].params.result_avals, { kind: 'avals', value: [{ shape: [], dtype: 'float32', weakType: false }] });
  const mul = data.eqns.find((e) => e.primitive === 'mul');
  assert.deepEqual(mul.inputs[1], { kind: 'literal', value: 2, aval: { shape: [], dtype: 'float32', weakType: false } });
});

test('differentiation\'s sums are add_any equations in the data, as in the text', () => {
  // jax.make_jaxpr(jax.grad(lambda x: jnp.sum(x * x)))(jnp.arange(3.0)) in JAX 0.10.2 ends with
  // `f:f32[3] = add_any d e`: the two cotangents of x meet there.
  const closed = jax.makeJaxpr(jax.grad((x) => x.mul(x).sum()))(jnp.arange(3));
  const { eqns, outvars } = closed.data;
  assert.deepEqual(eqns.map((e) => e.primitive), ['mul', 'reduce_sum', 'broadcast_in_dim', 'mul', 'mul', 'add_any']);
  const sum = eqns.at(-1);
  assert.deepEqual([sum.inputs.map((a) => a.name), sum.outputs.map((v) => v.name), outvars.map((v) => v.name)], [['d', 'e'], ['f'], ['f']]);
  assert.match(closed.text, /\n {4}f:f32\[3\] = add_any d e\n/);
});
