// Static indexing through the JS API: `x.index(...)` and `jax.lax.slice/squeeze/rev/expandDims`
// under jit, grad and vmap, every dtype, with the jaxprs and values real JAX 0.10.2 gave for the
// same programs written in Python (quoted above each). Bad inputs are rows of fault_cases.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp } from '../../www/jaxplay.js';

await init();

const m = () => jnp.arange(6).reshape(2, 3);

test('x.index spells Python basic indexing: ints, slices, null, "..."', () => {
  const x = jnp.arange(3);
  assert.deepEqual([x.index(0).tolist(), x.index(-1).tolist(), x.index('1:').tolist(), x.index('::-1').tolist()], [0, 2, [1, 2], [2, 1, 0]]);
  assert.deepEqual(m().index(':', 0).tolist(), [0, 3]);
  assert.deepEqual(m().index(1, '::-2').tolist(), [5, 3]);
  assert.deepEqual(m().index('...', null, 1).shape, [2, 1]);
  assert.deepEqual(m().index(null).shape, [1, 2, 3]);
  assert.deepEqual(x.index(5).tolist(), 2, 'a static index past the end is clamped, as in JAX');
  assert.deepEqual(x.index('3:1').shape, [0]);
  // jax.jit(lambda b, i: (b[::-1], i[1::2], i[-1]))(b, i)
  const f = jax.jit((b, i) => [b.index('::-1'), i.index('1::2'), i.index(-1)]);
  const [b, i, last] = f(jnp.array([true, false, true], 'bool'), jnp.arange(4, 'int32'));
  assert.deepEqual([b.tolist(), b.dtype, i.tolist(), i.dtype, last.tolist()], [[true, false, true], 'bool', [1, 3], 'int32', 3]);
});

test('jaxprs: as JAX lowers x[1, ::-2] and as it transposes slices in grad', () => {
  // jax.make_jaxpr(lambda x: x[1, ::-2])(jnp.ones((2, 3)))
  assert.equal(String(jax.makeJaxpr((x) => x.index(1, '::-2'))(m())), `{ lambda ; a:f32[2,3]. let
    b:f32[1,2] = slice[limit_indices=(2, 3) start_indices=(1, 0) strides=(1, 2)] a
    c:f32[1,2] = rev[dimensions=(1,)] b
    d:f32[2] = squeeze[dimensions=(0,)] c
  in (d,) }`);
  // jax.make_jaxpr(jax.grad(lambda m: (m[:, 0] * m[1, ::-1][:2]).sum()))(m)
  const f = (x) => x.index(':', 0).mul(x.index(1, '::-1').index(':2')).sum();
  assert.equal(String(jax.makeJaxpr(jax.grad(f))(m())), `{ lambda ; a:f32[2,3]. let
    b:f32[2,1] = slice[limit_indices=(2, 1) start_indices=(0, 0) strides=None] a
    c:f32[2] = squeeze[dimensions=(1,)] b
    d:f32[1,3] = slice[limit_indices=(2, 3) start_indices=(1, 0) strides=None] a
    e:f32[1,3] = rev[dimensions=(1,)] d
    f:f32[3] = squeeze[dimensions=(0,)] e
    g:f32[2] = slice[limit_indices=(2,) start_indices=(0,) strides=None] f
    h:f32[2] = mul c g
    _:f32[] = reduce_sum[axes=(0,) out_sharding=None] h
    i:f32[2] = broadcast_in_dim 1.0:f32[]
    j:f32[2] = mul c i
    k:f32[2] = mul i g
    l:f32[3] = pad[padding_config=((0, np.int64(1), 0),)] j 0.0:f32[]
    m:f32[1,3] = broadcast_in_dim[broadcast_dimensions=(1,)] l
    n:f32[1,3] = rev[dimensions=(1,)] m
    o:f32[2,3] = pad[padding_config=((1, np.int64(0), 0), (0, np.int64(0), 0))] n
      0.0:f32[]
    p:f32[2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] k
    q:f32[2,3] = pad[padding_config=((0, np.int64(0), 0), (0, np.int64(2), 0))] p
      0.0:f32[]
    r:f32[2,3] = add_any o q
  in (r,) }`);
  assert.deepEqual(jax.grad(f)(m()).tolist(), [[5, 0, 0], [4, 3, 0]]); // JAX: [[5.0, 0.0, 0.0], [4.0, 3.0, 0.0]]
});

test('vmap: a batch axis anywhere; jax.lax entry points', () => {
  // jax.vmap(lambda c: c[::-1], in_axes=1)(m) and its jaxpr
  const rev = jax.vmap((c) => c.index('::-1'), { inAxes: 1 });
  assert.deepEqual(rev(m()).tolist(), [[3, 0], [4, 1], [5, 2]]);
  assert.equal(String(jax.makeJaxpr(rev)(m())), `{ lambda ; a:f32[2,3]. let
    b:f32[2,3] = rev[dimensions=(0,)] a
    c:f32[3,2] = transpose[permutation=(1, 0)] b
  in (c,) }`);
  assert.deepEqual(jax.vmap((r) => r.index(-1))(m()).tolist(), [2, 5]);
  const x = jnp.arange(5);
  assert.deepEqual(jax.lax.slice(x, [1], [5], [2]).tolist(), [1, 3]);
  assert.deepEqual(jax.lax.rev(m(), [0, 1]).tolist(), [[5, 4, 3], [2, 1, 0]]);
  assert.deepEqual(jax.lax.squeeze(jax.lax.expandDims(x, [0, 2]), [0]).shape, [5, 1]);
  assert.deepEqual(jax.jvp((v) => jax.lax.slice(v, [0], [5], [2]), [x], [jnp.ones([5])])[1].tolist(), [1, 1, 1]);
});

test('second order and vmap of grad: the transposes transpose again (values from JAX)', () => {
  // f = lambda x: jnp.sum(x[1:] * x[1:] * x[:-1]) + x[::-1][0] * x[0]
  const f = (x) => x.index('1:').mul(x.index('1:')).mul(x.index(':-1')).sum().add(x.index('::-1').index(0).mul(x.index(0)));
  // jax.jacfwd(jax.jacrev(f))(jnp.array([1., 2., 3.]))
  assert.deepEqual(jax.jacfwd(jax.jacrev(f))(jnp.array([1, 2, 3])).tolist(), [[0, 4, 1], [4, 2, 6], [1, 6, 4]]);
  // jax.vmap(jax.grad(f))(jnp.stack([x, x * 2]))
  assert.deepEqual(jax.vmap(jax.grad(f))(jnp.array([[1, 2, 3], [2, 4, 6]])).tolist(), [[7, 13, 13], [22, 52, 50]]);
});
