// Dead-code elimination inside control flow through the JS API: what `lower(...).removed()`
// lists and the timeline's DCE events (the page's ghosts) for an unused pure callback in each
// control-flow primitive, matching the host calls real JAX makes (tests/oracle/jax-fidelity.json).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np } from '../../www/jaxplay.js';

await init();
const { lax } = jax;

let calls = 0;
function host(x) { calls += 1; return np.asarray(x).mul(2); }
const pc = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);

/** [name, program, the primitive the callback sits in] */
const PROGRAMS = [
  ['scan body', (xs) => lax.scan((c, x) => { pc(x); return [c.add(x), null]; }, 0.0, xs)[0], 'scan'],
  ['scan ys', (xs) => lax.scan((c, x) => [c.add(x), pc(x)], 0.0, xs)[0], 'scan'],
  ['foriLoop body', (xs) => lax.foriLoop(0, 3, (i, c) => { pc(c); return c.add(1); }, xs), 'scan'],
  ['whileLoop body', (xs) => lax.whileLoop((c) => c.sum().lt(10), (c) => { pc(c); return c.add(1); }, xs), 'while'],
  ['whileLoop predicate', (xs) => lax.whileLoop((c) => { pc(c); return c.sum().lt(10); }, (c) => c.add(1), xs), 'while'],
  ['cond branch', (xs) => lax.cond(true, (v) => { pc(v); return v.add(1); }, (v) => v, xs), 'cond'],
];

for (const [name, program, inside] of PROGRAMS) {
  test(`an unused pure callback in a ${name} is removed, listed and never called`, () => {
    const f = jax.jit(program);
    const x = jnp.arange(3);
    jax.timeline.clear();
    const removed = f.lower(x).removed();
    assert.deepEqual(removed.filter((r) => r.callback === 'host').map((r) => [r.primitive, r.reason]),
      [['pure_callback', `its results are unused and it has no effects (inside ${inside})`]]);
    assert.ok(String(jax.makeJaxpr(program)(x)).includes('pure_callback'), 'the traced jaxpr keeps it');
    const ghosts = jax.timeline.events().filter((e) => e.kind === 'dce');
    assert.deepEqual(ghosts.map((e) => [e.name, e.status]), [['host', 'removed']]);
    calls = 0;
    f(x);
    assert.equal(calls, 0, 'under jit');
  });
}

test('io callbacks in control flow stay and run once per step', () => {
  calls = 0;
  const f = jax.jit((xs) => lax.scan((c, x) => { jax.experimental.ioCallback(host, jax.ShapeDtypeStruct([], 'float32'), x); return [c.add(x), null]; }, 0.0, xs)[0]);
  assert.deepEqual(f.lower(jnp.arange(3)).removed(), []);
  f(jnp.arange(3));
  assert.equal(calls, 3);
});
