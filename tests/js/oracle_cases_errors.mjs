// JS translations of the in-scope oracle cases: shape/dtype checks, pytrees, errors,
// the jit cache and effects_barrier. Conventions and entry fields: see oracle_cases.mjs.
//
// JAX reports host-side failures as JaxRuntimeError with the message of the RuntimeError or
// the host's own exception; jaxplay throws a JS Error named CallbackError with the same wording
// plus the callback's name (e.g. "... return value #0 of `host`: ..."), and, when the host threw,
// the host's exception as `cause`.

export const CALLBACK_ERROR = 'JAX raises JaxRuntimeError with this message; jaxplay throws a '
  + 'CallbackError with the same wording plus the callback name.';

export const errorCases = {
  // ------------------------------------------------------------------ shape_dtype_check
  shape_mismatch_pure: {
    note: CALLBACK_ERROR,
    expectError: /^Incorrect output shape for return value #0 of `host`: Expected: \(3,\), Actual: \(2,\)$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.zeros(2, np.float32); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([3], jnp.float32), x));
      return f(jnp.arange(3));
    },
  },
  shape_mismatch_io: {
    note: CALLBACK_ERROR,
    expectError: /^Incorrect output shape for return value #0 of `host`: Expected: \(3,\), Actual: \(2,\)$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.zeros(2, np.float32); }
      const f = jax.jit((x) => ioCallback(host, jax.ShapeDtypeStruct([3], jnp.float32), x, { ordered: true }));
      return f(jnp.arange(3));
    },
  },
  shape_mismatch_eager: {
    note: CALLBACK_ERROR,
    expectError: /^Incorrect output shape for return value #0 of `host`: Expected: \(3,\), Actual: \(2,\)$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.zeros(2, np.float32); }
      return jax.pureCallback(host, jax.ShapeDtypeStruct([3], jnp.float32), jnp.arange(3));
    },
  },
  shape_scalar_vs_1: {
    note: `${CALLBACK_ERROR} \`np.float32(1.0)\` is \`np.asarray(1, np.float32)\`.`,
    expectError: /^Incorrect output shape for return value #0 of `host`: Expected: \(1,\), Actual: \(\)$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls }) {
      function host() { calls.push('called'); return np.asarray(1.0, np.float32); }
      const f = jax.jit(() => jax.pureCallback(host, jax.ShapeDtypeStruct([1], jnp.float32)));
      return f();
    },
  },
  dtype_f64_for_f32_silent: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x, np.float64).mul(2); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(3));
    },
  },
  dtype_i64_for_i32_silent: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x, np.int64).add(2 ** 31 + 5); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, jnp.int32), x));
      return f(jnp.arange(3, jnp.int32));
    },
  },
  dtype_f32_for_bool_error: {
    note: CALLBACK_ERROR,
    expectError: /^Incorrect output dtype for return value #0 of `host`: Expected: bool, Actual: float32$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x, np.float32); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, jnp.bool), x));
      return f(jnp.array([1.0, 0.0]));
    },
  },
  spec_64bit_error_io: {
    note: 'JAX raises ValueError; jaxplay throws a JaxplayError with the same message plus the '
      + 'offending dtype. `np.int64(1)` is the BigInt `1n` (an int64 host value).',
    expectError: /^result_shape_dtypes cannot specify 64-bit types when `jax_enable_x64` is disabled/,
    errorName: 'JaxplayError',
    run({ jax, np, ioCallback, calls }) {
      function host() { calls.push('called'); return 1n; }
      return ioCallback(host, jax.ShapeDtypeStruct([], np.int64));
    },
  },
  wrong_num_outputs: {
    note: `${CALLBACK_ERROR} The returned tuple is a JS array of two host arrays.`,
    expectError: /^Mismatched number of outputs from callback `host`\. Expected: 1, Actual: 2$/,
    errorName: 'CallbackError',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return [np.asarray(x), np.ones(4, np.float32)]; }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x));
      return f(2.0);
    },
  },
  wrong_num_outputs_io_none: {
    note: `${CALLBACK_ERROR} Python \`return None\` is JS \`return null\`.`,
    expectError: /^Mismatched number of outputs from callback `host`\. Expected: 2, Actual: 0$/,
    errorName: 'CallbackError',
    run({ jax, jnp, ioCallback, calls }) {
      function host() { calls.push('called'); return null; }
      const spec = [jax.ShapeDtypeStruct([1], jnp.float32), jax.ShapeDtypeStruct([2], jnp.float32)];
      const f = jax.jit(() => ioCallback(host, spec));
      return f();
    },
  },
  wrong_num_args_to_callback: {
    deviation: 'Python raises TypeError when a host function is called with too few arguments; JS '
      + 'does not check arity, so host(x) runs with x === undefined, records "called" and its '
      + 'np.ones(4) result is returned. Inherent to JS (Function.length is unreliable), not an engine bug.',
    expect: {
      exception: null,
      calls: ['called'],
      result: { array: [1.0, 1.0, 1.0, 1.0], shape: [4], dtype: 'float32', weak_type: false },
    },
    run({ jax, jnp, np, calls }) {
      // `x` is declared but never passed, as in the Python snippet.
      function host(x) { calls.push('called'); return np.ones(4, np.float32); }
      const f = jax.jit(() => jax.pureCallback(host, jax.ShapeDtypeStruct([4], jnp.float32)));
      return f();
    },
  },

  // ------------------------------------------------------------------ pytree
  pytree_result_dict: {
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); return { y: [x] }; }
      const f = jax.jit((x) => jax.pureCallback(host, { y: [jax.ShapeDtypeStruct([], jnp.float32)] }, x));
      return f(jnp.array(2.0, 'float32'));
    },
  },
  pytree_result_single_tuple: {
    note: 'The 1-tuple spec and result are 1-element JS arrays.',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return [np.asarray(x).mul(2)]; }
      const f = jax.jit((x) => jax.pureCallback(host, [jax.ShapeDtypeStruct([], jnp.float32)], x));
      return f(jnp.array(1.0, 'float32'));
    },
  },
  pytree_dict_key_order: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return { b: np.asarray(2, np.int32), a: np.asarray(1.0, np.float32) }; }
      const f = jax.jit((x) => jax.pureCallback(host,
        { a: jax.ShapeDtypeStruct([], jnp.float32), b: jax.ShapeDtypeStruct([], jnp.int32) }, x));
      return f(jnp.array(0.0, 'float32'));
    },
  },
  pytree_debug_callback_args: {
    run({ jax, jnp, calls, desc }) {
      function host(d) {
        calls.push(Object.fromEntries(Object.keys(d).sort().map((k) => [k, desc(d[k])])));
      }
      const f = jax.jit((x) => { jax.debug.callback(host, { x, y: x.add(1) }); return x; });
      return f(jnp.array(1.0, 'float32'));
    },
  },

  // ------------------------------------------------------------------ errors
  err_pure_raise_jit: {
    note: 'JAX raises JaxRuntimeError wrapping "ValueError: boom" (and logs "jax.pure_callback failed"); '
      + 'jaxplay throws a CallbackError whose message names the callback, with the host\'s Error as `cause`.',
    expectError: /^pure_callback `host` raised an error: boom$/,
    errorName: 'CallbackError',
    errorCause: /^boom$/,
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); throw new Error('boom'); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(3));
    },
  },
  err_pure_raise_eager: {
    note: 'As err_pure_raise_jit, without jit.',
    expectError: /^pure_callback `host` raised an error: boom$/,
    errorName: 'CallbackError',
    errorCause: /^boom$/,
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); throw new Error('boom'); }
      return jax.pureCallback(host, jax.ShapeDtypeStruct([3], jnp.float32), jnp.arange(3));
    },
  },
  err_debug_callback_raise: {
    note: 'JaxRuntimeError wrapping "ValueError: debug boom" maps to a CallbackError naming the callback.',
    expectError: /^debug_callback `host` raised an error: debug boom$/,
    errorName: 'CallbackError',
    errorCause: /^debug boom$/,
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); throw new Error('debug boom'); }
      const f = jax.jit((x) => { jax.debug.callback(host, x); return x; });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  err_recover_after_raise: {
    note: '`type(e).__name__` is `e.name`: JaxRuntimeError maps to CallbackError. `float(x) < 0` is `x < 0`.',
    expect: { obs: { first: 'CallbackError' } },
    run({ jax, jnp, np, calls, obs, desc }) {
      function host(x) {
        calls.push(desc(x));
        if (x < 0) throw new Error('negative');
        return np.asarray(x).mul(2);
      }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x));
      try {
        f(jnp.array(-1.0, 'float32')).blockUntilReady();
        obs.first = 'no error';
      } catch (e) {
        obs.first = e.name;
      }
      return f(jnp.array(3.0, 'float32'));
    },
  },
  err_debug_print_unused_arg: {
    note: 'JAX raises ValueError at trace time; jaxplay throws an Error with the same message, '
      + 'showing the tracer as Traced<f32[]> where JAX shows JitTracer(float32[]).',
    expectError: /^Unused positional arguments to `jax\.debug\.print`: \[Traced<f32\[\]>\]$/,
    run({ jax, jnp }) {
      const f = jax.jit((x) => { jax.debug.print('no placeholder here {}', x, x); return x; });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  err_debug_callback_two_call_extra_args: {
    note: 'Same TypeError as JAX: a null callback selects the two-call form, which takes no array '
      + 'arguments. Python kwargs={} has no JS counterpart, so the message ends at args.',
    expectError: /^debug_callback received unexpected arguments in the two-call form: args=\(Array\(1\.0, dtype=float32\),\)$/,
    errorName: 'TypeError',
    run({ jax, jnp }) {
      return jax.debug.callback(null, jnp.array(1.0, 'float32'));
    },
  },
  err_pure_raise_in_cond_untaken: {
    note: 'Python `x < 0` on an array is `x.lt(0)`.',
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); throw new Error('should not run'); }
      const f = jax.jit((x) => jax.lax.cond(x.lt(0), (v) => jax.pureCallback(host, v, v), (v) => v.add(1), x));
      return f(jnp.array(1.0, 'float32'));
    },
  },

  // ------------------------------------------------------------------ jit_cache/retrace
  cache_no_retrace_same_shape: {
    run({ jax, jnp, np, calls, traces, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => {
        traces.push([...x.shape]);
        return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
      });
      const a = f(jnp.arange(2));
      const b = f(jnp.arange(2).add(10));
      return [a, b];
    },
  },
  cache_retrace_new_shape: {
    run({ jax, jnp, np, calls, traces, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => {
        traces.push([...x.shape]);
        return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
      });
      return [f(jnp.arange(2)), f(jnp.arange(3)), f(jnp.arange(2))];
    },
  },
  cache_trace_time_side_effect_io: {
    run({ jax, jnp, np, ioCallback, calls, traces, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).add(1); }
      const f = jax.jit((x) => {
        traces.push('traced');
        return ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x, { ordered: true });
      });
      return [f(jnp.array(0.0, 'float32')), f(jnp.array(1.0, 'float32')), f(jnp.array(2.0, 'float32'))];
    },
  },
  cache_weak_type_retrace: {
    note: 'JS numbers passed to a jitted function are weak float32 scalars, like Python floats.',
    run({ jax, jnp, np, calls, traces, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => {
        traces.push({ dtype: String(x.dtype), weak_type: Boolean(x.weakType) });
        return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
      });
      return [f(1.0), f(2.0), f(jnp.array(3.0, 'float32'))];
    },
  },
  cache_eval_shape_no_host_call: {
    run({ jax, jnp, calls, traces, desc }) {
      function host(x) { calls.push(desc(x)); return x; }
      function f(x) {
        traces.push('traced');
        return jax.pureCallback(host, [jax.ShapeDtypeStruct([5], jnp.int32), jax.ShapeDtypeStruct([], jnp.bool)], x);
      }
      return jax.evalShape(f, jnp.arange(2));
    },
  },
  cache_lower_compile_no_host_call: {
    run({ jax, jnp, np, calls, traces, obs, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      function f(x) {
        traces.push('traced');
        return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
      }
      const compiled = jax.jit(f).lower(jnp.arange(2)).compile();
      obs.calls_after_compile = calls.length;
      return compiled(jnp.arange(2));
    },
  },

  // ------------------------------------------------------------------ effects_barrier
  barrier_ordered_io_two_functions: {
    run({ jax, ioCallback, calls, obs }) {
      function host(tag) { calls.push(tag); }
      const f = jax.jit(() => { ioCallback(host.bind(null, 'f'), null, { ordered: true }); });
      const g = jax.jit(() => { ioCallback(host.bind(null, 'g'), null, { ordered: true }); });
      f(); g(); f();
      jax.effectsBarrier();
      obs.calls_after_barrier = [...calls];
      return null;
    },
  },
  barrier_no_effects: {
    note: 'effectsBarrier() returns undefined (Python None -> null in the comparison).',
    run({ jax }) {
      return jax.effectsBarrier();
    },
  },
  barrier_debug_print: {
    run({ jax, jnp }) {
      const f = jax.jit((x) => { jax.debug.print('x: {}', x); return x; });
      f(jnp.array(2.0, 'float32')).blockUntilReady();
      jax.effectsBarrier();
      return null;
    },
  },
};
