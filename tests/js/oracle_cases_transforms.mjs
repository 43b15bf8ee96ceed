// JS translations of the oracle cases: vmap and autodiff (grad/jvp/vjp/linearize/
// linear_transpose/jacrev, custom_jvp/custom_vjp, stop_gradient, checkpoint). Conventions and
// entry fields: see oracle_cases.mjs.
//
// Python -> JS, beyond oracle_cases.mjs: `jax.vmap(f, in_axes=(0, None))` -> `jax.vmap(f, { inAxes: [0, null] })`;
// `vmap_method="sequential"` -> a trailing `{ vmapMethod: 'sequential' }`; `jax.jvp(f, (x,), (t,))`
// -> `jax.jvp(f, [x], [t])`; decorators are calls (`@jax.custom_jvp def sin` ->
// `const sin = jax.customJvp(...)`, `@sin.defjvp` -> `sin.defjvp(rule)`); Python operators on
// arrays are methods (`x * y` -> `x.mul(y)`, `x < 0` -> `x.lt(0)`).
//
// JAX raises ValueError / NotImplementedError for transformation errors; jaxplay throws a
// JaxplayError with the same message. Host maths: numpy's `np.sin(x)` becomes
// `np.asarray(Math.sin(x.item()), np.float32)` (see HOST_LIBM for the one visible difference).

import { CALLBACK_ERROR } from './oracle_cases_errors.mjs';

const JAX_ERROR = 'JAX raises a Python ValueError/NotImplementedError; jaxplay throws a JaxplayError '
  + 'with the same message.';

const HOST_LIBM = 'Host maths, not the engine: the Python host\'s np.sin/np.cos on a float32 value run '
  + 'NumPy\'s float32 SIMD kernels, which are not correctly rounded (the oracle\'s values, reproduced '
  + 'with NumPy 2.4 on x86-64: sin(1) -> 0.84147102, cos(2) -> -0.41614681, one ulp from the correctly '
  + 'rounded 0.84147096 and -0.41614684). The JS host computes Math.sin/Math.cos in float64 and the '
  + 'declared f32 result rounds it correctly, so the result is pinned to that value; host calls and '
  + 'everything else are compared as recorded.';

const sd = (jax, x) => jax.ShapeDtypeStruct(x.shape, x.dtype);
const f32 = (jnp, v) => jnp.array(v, 'float32');
/** numpy's `np.sin(x)` / `np.cos(x)` of a float32 scalar, on the JS host. */
const hostSin = (np, x) => np.asarray(Math.sin(x.item()), np.float32);
const hostCos = (np, x) => np.asarray(Math.cos(x.item()), np.float32);
const vmapNoneError = /^vmap is only supported for the pure_callback primitive when vmap_method is one of 'sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', or 'legacy_vectorized'\. Got vmap_method=None\.$/;
const pureJvpError = /^Pure callbacks do not support JVP\. Please use `jax\.custom_jvp` to use callbacks while taking gradients\.$/;

/** The `cube` custom_vjp of custom_vjp_pure_grad and the jacrev cases; `bwdOptions` are the bwd callback's options. */
function cubeWithCustomVjp({ jax, np, calls, desc }, ...bwdOptions) {
  function host_fwd(x) { calls.push(['fwd', desc(x)]); const a = np.asarray(x); return a.mul(a).mul(a); }
  function host_bwd(x, g) {
    calls.push(['bwd', desc(x), desc(g)]);
    const a = np.asarray(x);
    return a.mul(a).mul(3).mul(np.asarray(g));
  }
  const cube = jax.customVjp((x) => jax.pureCallback(host_fwd, sd(jax, x), x));
  cube.defvjp((x) => [cube(x), x], (x, g) => [jax.pureCallback(host_bwd, sd(jax, x), x, g, ...bwdOptions)]);
  return cube;
}

/** The custom_jvp `sin` of custom_jvp_pure_grad / custom_jvp_pure_jvp. */
function sinWithCustomJvp({ jax, np, calls, desc }) {
  function host_sin(x) { calls.push(['sin', desc(x)]); return hostSin(np, x); }
  function host_cos(x) { calls.push(['cos', desc(x)]); return hostCos(np, x); }
  const sin = jax.customJvp((x) => jax.pureCallback(host_sin, sd(jax, x), x));
  sin.defjvp(([x], [t]) => [sin(x), jax.pureCallback(host_cos, sd(jax, x), x).mul(t)]);
  return sin;
}

export const transformCases = {
  // ------------------------------------------------------------------ vmap
  vmap_sequential: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential' });
      return jax.vmap(f)(jnp.arange(6).reshape(3, 2));
    },
  },
  vmap_sequential_unrolled: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential_unrolled' });
      return jax.vmap(f)(jnp.arange(6).reshape(3, 2));
    },
  },
  vmap_sequential_unbatched_arg: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x, y) { calls.push({ x: desc(x), y: desc(y) }); return np.asarray(x).add(np.asarray(y)); }
      const f = (x, y) => jax.pureCallback(host, sd(jax, x), x, y, { vmapMethod: 'sequential' });
      return jax.vmap(f, { inAxes: [0, null] })(jnp.arange(3), f32(jnp, 10.0));
    },
  },
  vmap_method_none_error: {
    note: JAX_ERROR,
    expectError: vmapNoneError,
    errorName: 'JaxplayError',
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x);
      return jax.vmap(f)(jnp.arange(3));
    },
  },
  vmap_method_invalid_error: {
    note: `${JAX_ERROR} (JAX's "must be on of" typo included.)`,
    expectError: /^vmap_method must be on of the allowed methods \['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', None\], but got: vectorized$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      return jax.pureCallback(host, jax.ShapeDtypeStruct([3], jnp.float32), jnp.arange(3), { vmapMethod: 'vectorized' });
    },
  },
  vmap_legacy_vectorized: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x, y) { calls.push({ x: desc(x), y: desc(y) }); return np.asarray(x).add(np.asarray(y)); }
      const f = (x, y) => jax.pureCallback(host, sd(jax, x), x, y, { vmapMethod: 'legacy_vectorized' });
      return jax.vmap(f, { inAxes: [0, null] })(jnp.arange(4), f32(jnp, 10.0));
    },
  },
  vmap_expand_dims_in_axes_1: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'expand_dims' });
      return jax.vmap(f, { inAxes: 1 })(jnp.arange(6).reshape(2, 3));
    },
  },
  vmap_nested_sequential: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential' });
      return jax.vmap(jax.vmap(f))(jnp.arange(6).reshape(2, 3));
    },
  },
  vmap_nested_expand_dims: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'expand_dims' });
      return jax.vmap(jax.vmap(f))(jnp.arange(6).reshape(2, 3));
    },
  },
  vmap_expand_dims_wrong_shape: {
    note: `${CALLBACK_ERROR} \`np.asarray(np.sum(x), dtype=np.float32)\` is \`np.asarray(x.sum(), np.float32)\`.`,
    expectError: /^Incorrect output shape for return value #0 of `host`: Expected: \(4,\), Actual: \(\)$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x.sum(), np.float32); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'expand_dims' });
      return jax.vmap(f)(jnp.arange(4));
    },
  },
  vmap_sequential_jaxpr: {
    note: 'Jaxpr compared after normalising the callback parameter and line wrapping.',
    run(ctx) {
      const { jax, jnp } = ctx;
      function host(x) { return x; }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential' });
      ctx.jaxpr = jax.makeJaxpr(jax.vmap(f))(jnp.arange(3));
      return null;
    },
  },
  vmap_expand_dims_jaxpr: {
    note: 'Jaxpr compared after normalising the callback parameter and line wrapping.',
    run(ctx) {
      const { jax, jnp } = ctx;
      function host(x, y) { return x; }
      const f = (x, y) => jax.pureCallback(host, sd(jax, x), x, y, { vmapMethod: 'expand_dims' });
      ctx.jaxpr = jax.makeJaxpr(jax.vmap(f, { inAxes: [0, null] }))(jnp.arange(3), f32(jnp, 1.0));
      return null;
    },
  },
  vmap_io_unordered: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => ioCallback(host, sd(jax, x), x);
      return jax.vmap(f)(jnp.arange(4));
    },
  },
  vmap_io_in_cond_error: {
    note: JAX_ERROR,
    expectError: /^IO effect not supported in vmap-of-cond\.$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = (p, x) => {
        const t = (v) => { ioCallback(host, null, v); return v; };
        return jax.lax.cond(p, t, (v) => v, x);
      };
      return jax.vmap(f)(jnp.array([true, false]), jnp.arange(2));
    },
  },
  vmap_pure_in_cond_runs_both_branches: {
    note: 'JAX raises JaxRuntimeError wrapping the host\'s "ValueError: value of x is 0"; jaxplay throws a '
      + 'CallbackError naming the callback, with the host\'s Error as `cause`. Python `jnp.arange(4)` is '
      + 'int32: `jnp.arange(4, jnp.int32)`; iterating `for x in xs` gives 0-d int32 arrays, built here '
      + 'from `xs.tolist()`; `int(a)` is `Number(a)`; the f-string shows the host array as NumPy does ("0").',
    expectError: /^pure_callback `raise_host` raised an error: value of x is 0$/,
    errorName: 'CallbackError',
    errorCause: /^value of x is 0$/,
    run({ jax, jnp, calls, obs, desc }) {
      function raise_host(x) { calls.push(desc(x)); throw new Error(`value of x is ${x}`); }
      const raise_if_negative = (x) => jax.lax.cond(x.lt(0),
        (v) => jax.pureCallback(raise_host, v, v, { vmapMethod: 'sequential' }), (v) => v, x);
      const xs = jnp.arange(4, jnp.int32);
      obs.unbatched_loop = xs.tolist().map((v) => Number(raise_if_negative(jnp.array(v, 'int32'))));
      obs.calls_after_loop = calls.length;
      return jax.vmap(raise_if_negative)(xs);
    },
  },
  vmap_of_jit_sequential: {
    deviation: HOST_LIBM,
    expect: { result: { array: [0.0, Math.fround(Math.sin(1))], shape: [2], dtype: 'float32', weak_type: false } },
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const g = jax.jit((x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential' }));
      return jax.vmap(g)(jnp.array([0.0, 1.0]));
    },
  },
  vmap_empty_batch_expand_dims: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'expand_dims' });
      return jax.vmap(f)(jnp.zeros([0, 2], jnp.float32));
    },
  },
  vmap_empty_batch_sequential: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = (x) => jax.pureCallback(host, sd(jax, x), x, { vmapMethod: 'sequential' });
      return jax.vmap(f)(jnp.zeros([0, 2], jnp.float32));
    },
  },
  vmap_io_unbatched_arg: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x, y) { calls.push({ x: desc(x), y: desc(y) }); return np.asarray(x).add(np.asarray(y)); }
      const f = (x, y) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x, y);
      return jax.vmap(f, { inAxes: [0, null] })(jnp.arange(3), f32(jnp, 100.0));
    },
  },

  // ------------------------------------------------------------------ autodiff
  grad_pure_error: {
    note: `${JAX_ERROR} The Python float 2.0 is the JS number 2.0 (weak float32).`,
    expectError: pureJvpError,
    errorName: 'JaxplayError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const f = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x);
      return jax.grad(f)(2.0);
    },
  },
  jvp_pure_error: {
    note: JAX_ERROR,
    expectError: pureJvpError,
    errorName: 'JaxplayError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const f = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x);
      return jax.jvp(f, [f32(jnp, 1.0)], [f32(jnp, 1.0)]);
    },
  },
  vjp_pure_error: {
    note: `${JAX_ERROR} As in JAX, jax.vjp itself raises (it linearizes first).`,
    expectError: pureJvpError,
    errorName: 'JaxplayError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const f = (x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x);
      const [, vjpFn] = jax.vjp(f, f32(jnp, 1.0));
      return vjpFn(f32(jnp, 1.0));
    },
  },
  custom_jvp_pure_grad: {
    deviation: HOST_LIBM,
    expect: { result: { array: Math.fround(Math.cos(2)), shape: [], dtype: 'float32', weak_type: false } },
    run(ctx) {
      const { jax, jnp } = ctx;
      return jax.jit(jax.grad(sinWithCustomJvp(ctx)))(f32(jnp, 2.0));
    },
  },
  custom_jvp_pure_jvp: {
    note: 'np.sin/np.cos are Math.sin/Math.cos on the host; here NumPy\'s float32 kernels and JS agree on '
      + 'every bit (sin(0.5), cos(0.5)).',
    run(ctx) {
      const { jax, jnp } = ctx;
      return jax.jvp(sinWithCustomJvp(ctx), [f32(jnp, 0.5)], [f32(jnp, 2.0)]);
    },
  },
  custom_vjp_pure_grad: {
    note: '`np.asarray(x) ** 3` is `a.mul(a).mul(a)`; fwd returns `[out, residuals]` and bwd a JS array '
      + 'with one cotangent per argument (the Python 1-tuple).',
    run(ctx) {
      const { jax, jnp } = ctx;
      return jax.grad(cubeWithCustomVjp(ctx))(f32(jnp, 2.0));
    },
  },
  custom_jvp_tangent_callback_grad_error: {
    note: `${JAX_ERROR} \`[float(v) for v in ...]\` is \`.map(Number)\`.`,
    expectError: /^Pure callbacks do not support transpose\. Please use `jax\.custom_vjp` to use callbacks while taking gradients\.$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, np, calls, obs, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const cb = (x) => jax.pureCallback(host, sd(jax, x), x);
      const lin = jax.customJvp((x) => cb(x));
      lin.defjvp(([x], [t]) => [lin(x), cb(t)]);
      obs.jvp = jax.jvp(lin, [f32(jnp, 1.0)], [f32(jnp, 3.0)]).map(Number);
      return jax.grad(lin)(f32(jnp, 1.0));
    },
  },
  stop_gradient_on_output_error: {
    note: JAX_ERROR,
    expectError: pureJvpError,
    errorName: 'JaxplayError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const f = (x) => x.mul(jax.lax.stopGradient(jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x)));
      return jax.grad(f)(1.0);
    },
  },
  stop_gradient_on_input_ok: {
    deviation: HOST_LIBM,
    expect: { result: { array: Math.fround(Math.sin(1)), shape: [], dtype: 'float32', weak_type: true } },
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return hostSin(np, x); }
      const f = (x) => x.mul(jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), jax.lax.stopGradient(x)));
      return jax.grad(f)(1.0);
    },
  },
  jvp_io_error: {
    note: JAX_ERROR,
    expectError: /^IO callbacks do not support JVP\.$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      const f = (x) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x);
      return jax.jvp(f, [f32(jnp, 0.0)], [f32(jnp, 1.0)]);
    },
  },
  linear_transpose_io_error: {
    note: JAX_ERROR,
    expectError: /^IO callbacks do not support transpose\.$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      const f = (x) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x);
      return jax.linearTranspose(f, f32(jnp, 1.0))(f32(jnp, 1.0));
    },
  },
  checkpoint_io_error: {
    note: `${JAX_ERROR} The effect list shows the effect's name, [IOEffect], where Python prints the `
      + 'object repr [<jax._src.callback.IOEffect object at 0x...>]. The decorators are calls: '
      + '`jax.grad(jax.checkpoint(f))`.',
    expectError: /^Effects not supported in partial-eval of `checkpoint`\/`remat`: \[IOEffect\]$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, ioCallback, calls, desc }) {
      function host(y) { calls.push(desc(y)); return y; }
      const f = jax.grad(jax.checkpoint((x, y) => {
        ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), y);
        return x;
      }));
      return f(2.0, 3.0);
    },
  },
  jvp_debug_callback: {
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = (x) => { jax.debug.callback(host, x); return jnp.sin(x); };
      return jax.jvp(f, [f32(jnp, 0.0)], [f32(jnp, 1.0)]);
    },
  },
  custom_vjp_debug_print_bwd: {
    note: 'fwd returns `[x, null]` (Python `x, None`); bwd returns `[g]` (the 1-tuple).',
    run({ jax }) {
      const print_grad = jax.customVjp((x) => x);
      const fwd = (x) => [x, null];
      const bwd = (_, g) => { jax.debug.print('x_grad: {}', g); return [g]; };
      print_grad.defvjp(fwd, bwd);
      return jax.grad((x) => print_grad(x).mul(2.0))(1.0);
    },
  },
  jacrev_custom_vjp_needs_vmap_method: {
    note: JAX_ERROR,
    expectError: vmapNoneError,
    errorName: 'JaxplayError',
    run(ctx) {
      const { jax, jnp } = ctx;
      return jax.jacrev(cubeWithCustomVjp(ctx))(jnp.arange(3));
    },
  },
  jacrev_custom_vjp_sequential: {
    run(ctx) {
      const { jax, jnp } = ctx;
      return jax.jacrev(cubeWithCustomVjp(ctx, { vmapMethod: 'sequential' }))(jnp.arange(3));
    },
  },
  linearize_io_error: {
    note: JAX_ERROR,
    expectError: /^IO callbacks do not support JVP\.$/,
    errorName: 'JaxplayError',
    run({ jax, jnp, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      return jax.linearize((x) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x), f32(jnp, 0.0));
    },
  },
};
