// Convolutions through the JS API and Python mode: `jax.lax.convGeneralDilated` (and the
// wrappers on it) with strides, padding, dilation and dimension numbers as lists, `jnp.convolve`
// / `jnp.correlate`, their jaxprs, gradients and vmap; values and texts from real JAX 0.10.2 for
// the same programs in Python (quoted above each). The engine's own oracle tests are
// tests/api_conv.rs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();

// x = jnp.arange(10.).reshape(1, 2, 5); w = (jnp.arange(12.) - 6).reshape(3, 2, 2) / 4
const x = () => jnp.arange(10).astype('float32').reshape(1, 2, 5);
const w = () => jnp.arange(12).astype('float32').sub(6).reshape(3, 2, 2).div(4);
// f = lambda x, w: lax.conv_general_dilated(x, w, (2,), ((1, 2),), rhs_dilation=(2,))
const f = (a, b) => jax.lax.convGeneralDilated(a, b, [2], [[1, 2]], { rhsDilation: [2] });

const JAXPR = `{ lambda ; a:f32[1,2,5] b:f32[3,2,2]. let
    c:f32[1,3,3] = conv_general_dilated[
      batch_group_count=1
      dimension_numbers=ConvDimensionNumbers(lhs_spec=(0, 1, 2), rhs_spec=(0, 1, 2), out_spec=(0, 1, 2))
      feature_group_count=1
      lhs_dilation=(1,)
      out_sharding=None
      padding=((1, 2),)
      precision=None
      preferred_element_type=None
      rhs_dilation=(2,)
      window_strides=(2,)
    ] a b
  in (c,) }`;

test('jax.lax.convGeneralDilated: values, jaxpr, grad of both operands, vmap', () => {
  assert.deepEqual(f(x(), w()).tolist(), [[[-5.75, -17.25, -12.5], [1.25, 0.75, -1.5], [8.25, 18.75, 9.5]]]);
  assert.equal(String(jax.makeJaxpr(f)(x(), w())), JAXPR);
  // jax.grad(lambda x, w: f(x, w).sum(), (0, 1))(x, w)
  const [gx, gw] = jax.grad((a, b) => f(a, b).sum(), { argnums: [0, 1] })(x(), w());
  assert.deepEqual(gx.tolist(), [[[0, -2.25, 0, -2.25, 0], [0, 0.75, 0, 0.75, 0]]]);
  assert.deepEqual(gw.tolist(), [[[4, 4], [14, 14]], [[4, 4], [14, 14]], [[4, 4], [14, 14]]]);
  // jax.vmap(f, (0, None))(jnp.stack([x, x * 2]), w)
  const batched = jax.vmap(f, { inAxes: [0, null] })(jnp.stack([x(), x().mul(2)]), w());
  assert.deepEqual(batched.tolist(), [
    [[[-5.75, -17.25, -12.5], [1.25, 0.75, -1.5], [8.25, 18.75, 9.5]]],
    [[[-11.5, -34.5, -25], [2.5, 1.5, -3], [16.5, 37.5, 19]]],
  ]);
  assert.deepEqual(jax.jit(f)(x(), w()).tolist(), f(x(), w()).tolist());
});

test('dimension numbers as spec strings, the wrappers, and JAX\'s errors', () => {
  // lax.conv_general_dilated(xs, jnp.ones((2, 2, 1, 2)), (1, 1), 'SAME',
  //                          dimension_numbers=('NHWC', 'HWIO', 'NHWC'))[0, :, :, 0]
  const xs = jnp.arange(40).astype('float32').reshape(2, 5, 4, 1);
  const out = jax.lax.convGeneralDilated(xs, jnp.ones([2, 2, 1, 2]), [1, 1], 'SAME', { dimensionNumbers: ['NHWC', 'HWIO', 'NHWC'] });
  assert.deepEqual(out.shape, [2, 5, 4, 2]);
  assert.deepEqual(out.index(0, ':', ':', 0).tolist(), [[10, 14, 18, 10], [26, 30, 34, 18], [42, 46, 50, 26], [58, 62, 66, 34], [33, 35, 37, 19]]);
  // lax.conv_transpose(jnp.arange(6.).reshape(1, 3, 2), jnp.ones((2, 2, 1)), (2,), 'SAME')
  const t = jax.lax.convTranspose(jnp.arange(6).astype('float32').reshape(1, 3, 2), jnp.ones([2, 2, 1]), [2], 'SAME');
  assert.deepEqual(t.tolist(), [[[1], [1], [5], [5], [9], [9]]]);
  assert.deepEqual(jax.lax.conv(x(), w(), [1], 'VALID').shape, [1, 3, 4]);
  assert.throws(() => jax.lax.convGeneralDilated(x(), w().astype('int32'), [1], 'VALID'), {
    name: 'TypeError',
    message: 'lax.conv_general_dilated requires arguments to have the same dtypes, got float32, int32.',
  });
  assert.throws(() => f(x(), w().reshape(3, 4)), /convolution requires lhs and rhs ndim to be equal, got 3 and 2\./);
  assert.throws(() => jax.lax.conv(x(), w(), [1], 'FOO'), /Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FOO\./);
  assert.deepEqual(f(x(), w()).shape, [1, 3, 3], 'the engine works on after the errors');
});

test('jnp.convolve and jnp.correlate bind conv_general_dilated', () => {
  // jnp.convolve(jnp.array([1., 2, 3]), jnp.array([0., 1, 0.5]))
  assert.deepEqual(jnp.convolve(jnp.array([1, 2, 3]), jnp.array([0, 1, 0.5])).tolist(), [0, 1, 2.5, 4, 1.5]);
  // jnp.correlate(jnp.array([1., 2, 3, 4]), jnp.array([1., -1]), 'full')
  assert.deepEqual(jnp.correlate(jnp.array([1, 2, 3, 4]), jnp.array([1, -1]), 'full').tolist(), [-1, -1, -1, -1, 4]);
  // jax.grad(lambda a: jnp.convolve(a, jnp.array([0., 1, 0.5])).sum())(jnp.array([1., 2, 3]))
  const g = jax.grad((a) => jnp.convolve(a, jnp.array([0, 1, 0.5])).sum())(jnp.array([1, 2, 3]));
  assert.deepEqual(g.tolist(), [1.5, 1.5, 1.5]);
  // jax.make_jaxpr(lambda a, v: jnp.correlate(a, v, 'same'))(jnp.ones(4), jnp.ones(2)): JAX's
  // equations inside its nested jit[name=correlate] and jit[name=_conv], which jaxplay inlines.
  const text = String(jax.makeJaxpr((a, v) => jnp.correlate(a, v, 'same'))(jnp.ones([4]), jnp.ones([2])));
  assert.equal(text, `{ lambda ; a:f32[4] b:f32[2]. let
    c:f32[1,1,4] = broadcast_in_dim[broadcast_dimensions=(2,)] a
    d:f32[1,1,2] = broadcast_in_dim[broadcast_dimensions=(2,)] b
    e:f32[1,1,4] = conv_general_dilated[
      batch_group_count=1
      dimension_numbers=ConvDimensionNumbers(lhs_spec=(0, 1, 2), rhs_spec=(0, 1, 2), out_spec=(0, 1, 2))
      feature_group_count=1
      lhs_dilation=(1,)
      out_sharding=None
      padding=((1, 0),)
      precision=None
      preferred_element_type=None
      rhs_dilation=(1,)
      window_strides=(1,)
    ] c d
    f:f32[4] = squeeze[dimensions=(0, 1)] e
  in (f,) }`);
});

test('Python mode: tuples for strides, padding and dimension numbers', async () => {
  const lines = [];
  await python.run(`import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(10.).reshape(1, 2, 5)
w = (jnp.arange(12.) - 6).reshape(3, 2, 2) / 4
f = lambda x, w: lax.conv_general_dilated(x, w, (2,), ((1, 2),), rhs_dilation=(2,))
print(f(x, w).tolist())
print(jax.make_jaxpr(f)(x, w))
gx, gw = jax.grad(lambda x, w: f(x, w).sum(), (0, 1))(x, w)
print(gw[0].tolist())
xs = jnp.arange(40.).reshape(2, 5, 4, 1)
out = lax.conv_general_dilated(xs, jnp.ones((2, 2, 1, 2)), (1, 1), 'SAME',
                               dimension_numbers=('NHWC', 'HWIO', 'NHWC'))
print(out.shape, out[0, 0, :, 1].tolist())
print(jnp.convolve(jnp.array([1., 2, 3]), jnp.array([0., 1, 0.5])).tolist())
try:
    lax.conv_general_dilated(x, w, (1,), 'VALID', feature_group_count=2)
except ValueError as e:
    print(e)
`, { print: (l) => lines.push(l) });
  assert.deepEqual(lines, [
    '[[[-5.75, -17.25, -12.5], [1.25, 0.75, -1.5], [8.25, 18.75, 9.5]]]',
    ...JAXPR.split('\n'),
    '[[4.0, 4.0], [14.0, 14.0]]',
    '(2, 5, 4, 2) [10.0, 14.0, 18.0, 10.0]',
    '[0.0, 1.0, 2.5, 4.0, 1.5]',
    'conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the rhs input feature dimension size, but 2 // 2 != 2.',
  ]);
});
