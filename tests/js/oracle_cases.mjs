// JS translations of the oracle cases (tests/oracle/jax-callbacks.json). This file has the
// callbacks themselves: pure_callback, io_callback, debug_callback (each also inside lax.scan /
// cond / fori_loop), dce and ordering. Shape/dtype checks, pytrees, errors, the jit cache and
// effects_barrier are in oracle_cases_errors.mjs; vmap and autodiff in
// oracle_cases_transforms.mjs; `cases` merges all three.
//
// Each entry: `run(ctx) => out`, a faithful port of the Python snippet. ctx is
// `{jax, jnp, np, ioCallback, calls, traces, obs, desc}` plus a writable `jaxpr`. Optional fields:
//   note        how a Python-only detail maps to jaxplay (shown in docs/conformance.md)
//   expectError regex the thrown message must match (required when the oracle raised)
//   errorName   the JS error's `name` (our equivalent of JAX's exception class)
//   expect      oracle fields replaced by what jaxplay does (same encoding as the oracle);
//               only for mapped Python details (with a note) or for a `deviation`
//   deviation   why jaxplay knowingly differs from JAX; the case still pins today's behaviour
//   callsOrder  'unspecified' where JAX documents that the order is not guaranteed: calls are
//               compared as a multiset, and `ourCalls` pins jaxplay's own (deterministic) order
//   engineBug   what the engine gets wrong (JAX is the spec): the case keeps its full assertions,
//               runs as a TODO test and is reported failing; once it passes, the test fails until
//               the mark is removed
//
// Python -> JS conventions: `jnp.arange(3.0)` -> `jnp.arange(3)` (float32 by default);
// `jnp.float32(2.0)` -> `jnp.array(2, 'float32')`; a Python float argument -> a JS number
// (both weak float32); tuples -> JS arrays; `partial(host, "a")` -> `host.bind(null, 'a')`;
// keyword arguments -> a trailing options object; `np.asarray(x) * 2` -> `np.asarray(x).mul(2)`.

import { errorCases } from './oracle_cases_errors.mjs';
import { transformCases } from './oracle_cases_transforms.mjs';

const callbackCases = {
  // ------------------------------------------------------------------ pure_callback
  pure_double_jit: {
    run({ jax, jnp, np, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => jax.pureCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(3));
    },
  },
  pure_double_eager: {
    run({ jax, jnp, np, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      return jax.pureCallback(host_double, jax.ShapeDtypeStruct([3], jnp.float32), jnp.arange(3));
    },
  },
  pure_double_empty_jit: {
    run({ jax, jnp, np, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => jax.pureCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.zeros([0], jnp.float32));
    },
  },
  pure_double_empty_eager: {
    run({ jax, jnp, np, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      return jax.pureCallback(host_double, jax.ShapeDtypeStruct([0], jnp.float32), jnp.zeros([0], jnp.float32));
    },
  },
  pure_int32_jit: {
    run({ jax, jnp, np, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => jax.pureCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(4, jnp.int32));
    },
  },
  pure_2d_jit: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).add(1); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(6).reshape(2, 3));
    },
  },
  pure_python_float_return: {
    note: 'A JS number returned for a declared f32[] takes the declared dtype, like a Python float.',
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); return 42.0; }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x));
      return f(1.0);
    },
  },
  pure_python_list_return: {
    deviation: 'JAX flattens a returned Python list as a pytree (3 leaves) and fails with '
      + '"Mismatched number of outputs ... Expected: 1, Actual: 3". JS has no tuple/list distinction, '
      + 'so jaxplay reads a nested number array as an array literal where a single array is declared '
      + '(documented in flattenResult, www/jaxplay.js) and returns f32[3] = [1.5, 2.5, 3.5].',
    expect: {
      exception: null,
      result: { array: [1.5, 2.5, 3.5], shape: [3], dtype: 'float32', weak_type: false },
    },
    run({ jax, jnp, calls }) {
      function host() { calls.push('called'); return [1.5, 2.5, 3.5]; }
      const f = jax.jit(() => jax.pureCallback(host, jax.ShapeDtypeStruct([3], jnp.float32)));
      return f();
    },
  },
  pure_multiple_outputs: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return [np.asarray(x).mul(2), np.arange(3, np.int32)]; }
      const f = jax.jit((x) => {
        const spec = [jax.ShapeDtypeStruct([2], jnp.float32), jax.ShapeDtypeStruct([3], jnp.int32)];
        return jax.pureCallback(host, spec, x);
      });
      return f(jnp.array([1.0, 2.0]));
    },
  },
  pure_no_args: {
    run({ jax, jnp, np, calls }) {
      function host() { calls.push('called'); return np.ones(4, np.float32); }
      const f = jax.jit(() => jax.pureCallback(host, jax.ShapeDtypeStruct([4], jnp.float32)));
      return f();
    },
  },
  pure_result_spec_is_array: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      return jax.jit((x) => jax.pureCallback(host, x, x))(jnp.arange(3));
    },
  },
  pure_arg_types: {
    deviation: 'JAX 0.10 hands pure_callback hosts a jax.Array; jaxplay hands every host a '
      + 'HostArray (np.ndarray here: concrete data, never an engine handle), as www/lib/np.js documents.',
    expect: {
      calls: [
        { is_jax_array: false, is_numpy: true, dtype: 'float32', shape: [2] },
        { is_jax_array: false, is_numpy: true, dtype: 'float32', shape: [2] },
      ],
    },
    run({ jax, jnp, np, calls }) {
      function host(x) {
        calls.push({ is_jax_array: x instanceof jax.Array, is_numpy: x instanceof np.ndarray,
          dtype: String(x.dtype), shape: [...x.shape] });
        return x;
      }
      jax.jit((x) => jax.pureCallback(host, x, x))(jnp.arange(2));
      return jax.pureCallback(host, jnp.arange(2), jnp.arange(2));
    },
  },
  pure_chain_data_dependence: {
    run({ jax, jnp, np, calls, desc }) {
      function host_a(x) { calls.push(['a', desc(x)]); return np.asarray(x).add(1); }
      function host_b(x) { calls.push(['b', desc(x)]); return np.asarray(x).mul(10); }
      const f = jax.jit((x) => {
        const s = jax.ShapeDtypeStruct(x.shape, x.dtype);
        return jax.pureCallback(host_b, s, jax.pureCallback(host_a, s, x));
      });
      return f(jnp.arange(2));
    },
  },
  pure_in_scan: {
    note: '`lax.scan(body, x, None, length=3)` is `jax.lax.scan(body, x, null, 3)`; the body returns '
      + 'the `[carry, y]` pair as a JS array.',
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).add(1); }
      const f = jax.jit((x) => {
        const body = (c, _) => [jax.pureCallback(host, jax.ShapeDtypeStruct(c.shape, c.dtype), c), null];
        return jax.lax.scan(body, x, null, 3)[0];
      });
      return f(jnp.array(0.0, 'float32'));
    },
  },
  pure_in_cond: {
    note: 'Python `True`/`False` arguments are JS booleans (bool[] arrays, as in JAX).',
    run({ jax, jnp, np, calls, desc }) {
      function host_t(x) { calls.push(['true', desc(x)]); return np.asarray(x).add(1); }
      function host_f(x) { calls.push(['false', desc(x)]); return np.asarray(x).sub(1); }
      const f = jax.jit((p, x) => {
        const s = jax.ShapeDtypeStruct(x.shape, x.dtype);
        return jax.lax.cond(p, (v) => jax.pureCallback(host_t, s, v), (v) => jax.pureCallback(host_f, s, v), x);
      });
      return [f(true, jnp.array(1.0, 'float32')), f(false, jnp.array(1.0, 'float32'))];
    },
  },

  // ------------------------------------------------------------------ io_callback
  io_ordered_double_jit: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => ioCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true }));
      return f(jnp.arange(3));
    },
  },
  io_ordered_double_empty_jit: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => ioCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true }));
      return f(jnp.zeros([0], jnp.float32));
    },
  },
  io_ordered_double_empty_eager: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      return ioCallback(host_double, jax.ShapeDtypeStruct([0], jnp.float32), jnp.zeros([0], jnp.float32), { ordered: true });
    },
  },
  io_unordered_double_jit: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host_double(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => ioCallback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
      return f(jnp.arange(3));
    },
  },
  io_scalar_ordered: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), x, { ordered: true }));
      return f(2.5);
    },
  },
  io_result_none: {
    note: 'Python `None` is JS `null`: a null result spec returns null.',
    run({ jax, jnp, ioCallback, calls, obs, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = jax.jit((x) => {
        const r = ioCallback(host, null, x);
        obs.returned_is_none_at_trace = r === null;
        return x.add(1);
      });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  io_mutates_host_state: {
    note: '`np.int32(n)` is `np.asarray(n, np.int32)`.',
    run({ jax, jnp, np, ioCallback, calls }) {
      const counter = [0];
      function host() { counter[0] += 1; calls.push(counter[0]); return np.asarray(counter[0], np.int32); }
      const f = jax.jit(() => ioCallback(host, jax.ShapeDtypeStruct([], jnp.int32), { ordered: true }));
      return [f(), f()];
    },
  },
  io_jaxpr_unordered: {
    note: 'Jaxpr text is compared after normalising the callback parameter (JAX prints a Python '
      + 'object repr, jaxplay the host function name) and line wrapping.',
    run(ctx) {
      const { jax, jnp, ioCallback } = ctx;
      function host(x) { return x; }
      ctx.jaxpr = jax.makeJaxpr((x) => ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.arange(3));
      return null;
    },
  },
  io_in_scan_ordered: {
    note: '`jnp.arange(4, dtype=jnp.float32)` is `jnp.arange(4, jnp.float32)`; the returned '
      + '(carry, ys) tuple is a JS array.',
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(i, c) { calls.push({ i: desc(i), c: desc(c) }); return np.asarray(c).add(np.asarray(i)); }
      const f = jax.jit((c0) => {
        const body = (c, i) => {
          const next = ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), i, c, { ordered: true });
          return [next, next.mul(2)];
        };
        return jax.lax.scan(body, c0, jnp.arange(4, jnp.float32));
      });
      return f(jnp.array(0.0, 'float32'));
    },
  },
  io_in_fori_loop: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(i, x) { calls.push({ i: desc(i), x: desc(x) }); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => jax.lax.foriLoop(0, 3,
        (i, v) => ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), i, v, { ordered: true }), x));
      return f(jnp.array(1.0, 'float32'));
    },
  },
  io_in_scan_jaxpr: {
    note: 'Jaxpr compared after normalising the callback parameter and line wrapping.',
    run(ctx) {
      const { jax, jnp, ioCallback } = ctx;
      function host(x) { return x; }
      function f(x) {
        const body = (c, _) => [ioCallback(host, jax.ShapeDtypeStruct([], jnp.float32), c, { ordered: true }), null];
        return jax.lax.scan(body, x, null, 2)[0];
      }
      ctx.jaxpr = jax.makeJaxpr(f)(jnp.array(0.0, 'float32'));
      return null;
    },
  },

  // ------------------------------------------------------------------ debug_callback
  debug_callback_jit: {
    note: '`repr(r)` of the None that jax.debug.callback returns maps to JS `undefined` -> "None".',
    run({ jax, jnp, calls, obs, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = jax.jit((x) => {
        const r = jax.debug.callback(host, x);
        obs.returns = r === undefined || r === null ? 'None' : String(r);
        return x.mul(2);
      });
      return f(jnp.arange(3));
    },
  },
  debug_callback_eager: {
    note: '`repr(r)` of None maps to JS `undefined` -> "None".',
    run({ jax, jnp, calls, obs, desc }) {
      function host(x) { calls.push(desc(x)); }
      const r = jax.debug.callback(host, jnp.arange(2));
      obs.returns = r === undefined || r === null ? 'None' : String(r);
      obs.calls_right_after = calls.length;
      return null;
    },
  },
  debug_callback_static_args: {
    note: 'Like JAX, non-array arguments (the string) reach the host unchanged and numbers become '
      + 'arrays (7 -> int32, a weak int in jaxplay as a Python int is in JAX); the host sees a '
      + 'HostArray where JAX passes an ArrayImpl, so n_type is mapped.',
    run({ jax, jnp, calls, desc }) {
      function host(tag, x, n) {
        calls.push({ tag, x: desc(x), n: { array: n.tolist(), shape: n.shape, dtype: n.dtype, weak_type: false },
          n_type: n.constructor.name === 'HostArray' ? 'ArrayImpl' : n.constructor.name });
      }
      const f = jax.jit((x) => { jax.debug.callback(host, 'hello', x, 7); return x; });
      return f(jnp.array(1.5, 'float32'));
    },
  },
  debug_callback_two_call_form: {
    note: 'Python keyword arguments become a trailing options object: jax.debug.callback(ordered=True) '
      + 'is jax.debug.callback({ ordered: true }).',
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = jax.jit((x) => { jax.debug.callback({ ordered: true })(host, x); return x; });
      return f(jnp.array(4.0, 'float32'));
    },
  },
  debug_callback_jaxpr: {
    note: 'Jaxpr compared after normalising the callback parameter (JAX prints its internal '
      + '_flat_callback closure, jaxplay the host name) and line wrapping.',
    run(ctx) {
      const { jax, jnp } = ctx;
      function host(x) {}
      function f(x) {
        jax.debug.callback(host, x);
        jax.debug.callback(host, x, { ordered: true });
        return x;
      }
      ctx.jaxpr = jax.makeJaxpr(f)(jnp.array(1.0, 'float32'));
      return null;
    },
  },
  debug_print_positional: {
    note: 'stdout is captured with jax.debug.setPrintHandler (one line per print).',
    run({ jax, jnp }) {
      const f = jax.jit((x) => { jax.debug.print('x: {}', x); return x; });
      return f(jnp.arange(3));
    },
  },
  debug_print_named: {
    note: 'Python keyword arguments become a trailing object: print("x={x} y={y}", {x, y}).',
    run({ jax, jnp }) {
      const f = jax.jit((x, y) => { jax.debug.print('x={x} y={y}', { x, y }); return x.add(y); });
      return f(jnp.array(1.0, 'float32'), jnp.array(2, 'int32'));
    },
  },
  debug_print_skip_format_check: {
    note: 'skip_format_check=True is the option { skipFormatCheck: true }.',
    run({ jax, jnp }) {
      const f = jax.jit((x, y) => { jax.debug.print('value', x, y, { skipFormatCheck: true }); return x; });
      return f(jnp.array(2.0, 'float32'), jnp.array(3, 'int32'));
    },
  },
  debug_print_eager: {
    run({ jax, jnp }) {
      jax.debug.print('eager {}', jnp.array(5, 'int32'));
      return null;
    },
  },
  debug_callback_in_scan: {
    run({ jax, jnp, calls, desc }) {
      function host(i) { calls.push(desc(i)); }
      const f = jax.jit(() => {
        const body = (c, i) => { jax.debug.callback(host, i, { ordered: true }); return [c.add(i), null]; };
        return jax.lax.scan(body, jnp.array(0, 'int32'), jnp.arange(3, jnp.int32))[0];
      });
      return f();
    },
  },
  debug_callback_in_cond: {
    note: 'The string tag is a static (non-array) argument, as in debug_callback_static_args.',
    run({ jax, jnp, calls, desc }) {
      function host(tag, x) { calls.push([tag, desc(x)]); }
      const f = jax.jit((p, x) => {
        const t = (v) => { jax.debug.callback(host, 'true', v); return v.add(1); };
        const e = (v) => { jax.debug.callback(host, 'false', v); return v.sub(1); };
        return jax.lax.cond(p, t, e, x);
      });
      return [f(true, jnp.array(0.0, 'float32')), f(false, jnp.array(0.0, 'float32'))];
    },
  },

  // ------------------------------------------------------------------ dce
  dce_pure_unused_jit: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => { jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); return x.mul(2); });
      return f(jnp.array(2.0, 'float32'));
    },
  },
  dce_io_unused_jit_unordered: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => { ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); return x.mul(2); });
      return f(jnp.array(2.0, 'float32'));
    },
  },
  dce_io_unused_jit_ordered: {
    run({ jax, jnp, np, ioCallback, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => { ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true }); return x.mul(2); });
      return f(jnp.array(2.0, 'float32'));
    },
  },
  dce_debug_callback_kept: {
    run({ jax, jnp, calls, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = jax.jit((x) => { jax.debug.callback(host, x); return x.mul(2); });
      return f(jnp.array(2.0, 'float32'));
    },
  },
  dce_pure_partial_outputs_used: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return [np.asarray(x).add(1), np.asarray(x).add(2)]; }
      const f = jax.jit((x) => {
        const s = jax.ShapeDtypeStruct(x.shape, x.dtype);
        const [, b] = jax.pureCallback(host, [s, s], x);
        return b;
      });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  dce_pure_no_outputs_jit: {
    run({ jax, jnp, calls, obs, desc }) {
      function host(x) { calls.push(desc(x)); }
      const f = jax.jit((x) => {
        const r = jax.pureCallback(host, null, x);
        obs.returned_is_none_at_trace = r === null;
        return x;
      });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  dce_pure_duplicate_calls: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.asarray(x).mul(2); }
      const f = jax.jit((x) => {
        const s = jax.ShapeDtypeStruct(x.shape, x.dtype);
        return jax.pureCallback(host, s, x).add(jax.pureCallback(host, s, x));
      });
      return f(jnp.array(1.0, 'float32'));
    },
  },
  dce_make_jaxpr_keeps_unused_pure: {
    note: 'Jaxpr compared after normalising the callback parameter and line wrapping.',
    run(ctx) {
      const { jax, jnp } = ctx;
      function host(x) { return x; }
      function f(x) { jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); return x.mul(2); }
      ctx.jaxpr = jax.makeJaxpr(f)(jnp.array(1.0, 'float32'));
      return null;
    },
  },
  pure_nonempty_input_empty_output: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return np.zeros([0], np.float32); }
      const f = jax.jit((x) => jax.pureCallback(host, jax.ShapeDtypeStruct([0], jnp.float32), x));
      return f(jnp.arange(3));
    },
  },
  pure_mixed_empty_and_nonempty_outputs: {
    run({ jax, jnp, np, calls, desc }) {
      function host(x) { calls.push(desc(x)); return [np.zeros([0], np.float32), np.asarray(x).mul(2)]; }
      const spec = [jax.ShapeDtypeStruct([0], jnp.float32), jax.ShapeDtypeStruct([3], jnp.float32)];
      const f = jax.jit((x) => jax.pureCallback(host, spec, x));
      return f(jnp.arange(3));
    },
  },

  // ------------------------------------------------------------------ ordering
  ordering_ordered_io_three: {
    note: '`partial(host, "a")` is `host.bind(null, "a")`.',
    run({ jax, jnp, ioCallback, calls }) {
      function host(tag, x) { calls.push(tag); }
      const f = jax.jit((x) => {
        ioCallback(host.bind(null, 'a'), null, x, { ordered: true });
        ioCallback(host.bind(null, 'b'), null, x.add(1), { ordered: true });
        ioCallback(host.bind(null, 'c'), null, x.add(2), { ordered: true });
        return x;
      });
      return f(jnp.array(0.0, 'float32'));
    },
  },
  ordering_unordered_io_three: {
    callsOrder: 'unspecified',
    ourCalls: ['a', 'b', 'c'],
    note: 'JAX does not guarantee the order of unordered effects, so calls are compared as a '
      + 'multiset; jaxplay runs them in program order (a, b, c), as JAX\'s CPU run did.',
    run({ jax, jnp, ioCallback, calls }) {
      function host(tag, x) { calls.push(tag); }
      const f = jax.jit((x) => {
        ioCallback(host.bind(null, 'a'), null, x);
        ioCallback(host.bind(null, 'b'), null, x.add(1));
        ioCallback(host.bind(null, 'c'), null, x.add(2));
        return x;
      });
      return f(jnp.array(0.0, 'float32'));
    },
  },
  ordering_ordered_across_jit_calls: {
    note: '`float(x)` is `Number(x)` (HostArray.valueOf).',
    run({ jax, jnp, ioCallback, calls }) {
      function host(tag, x) { calls.push([tag, Number(x)]); }
      const f = jax.jit((x) => { ioCallback(host.bind(null, 'f'), null, x, { ordered: true }); return x.add(1); });
      const g = jax.jit((x) => { ioCallback(host.bind(null, 'g'), null, x, { ordered: true }); return x.mul(10); });
      const y = f(jnp.array(1.0, 'float32'));
      const z = g(y);
      return f(z);
    },
  },
  ordering_ordered_io_with_results: {
    run({ jax, jnp, np, ioCallback, calls }) {
      function host(tag, x) { calls.push(tag); return np.asarray(x).add(1); }
      const f = jax.jit((x) => {
        const s = jax.ShapeDtypeStruct([], jnp.float32);
        const b = ioCallback(host.bind(null, 'b'), s, x, { ordered: true });
        const a = ioCallback(host.bind(null, 'a'), s, x.mul(0), { ordered: true });
        return a.add(b);
      });
      return f(jnp.array(5.0, 'float32'));
    },
  },
  ordering_debug_callback_unordered: {
    callsOrder: 'unspecified',
    ourCalls: ['x', 'y', 'z'],
    note: 'JAX does not guarantee the order of unordered debug callbacks (its CPU run gave y, z, x); '
      + 'calls are compared as a multiset and jaxplay gives program order x, y, z. The string tag is '
      + 'bound with `host.bind` (a string argument would also work: see debug_callback_static_args).',
    run({ jax, jnp, calls }) {
      function host(tag, x) { calls.push(tag); }
      const f = jax.jit((x, y, z) => {
        jax.debug.callback(host.bind(null, 'x'), x);
        jax.debug.callback(host.bind(null, 'y'), y);
        jax.debug.callback(host.bind(null, 'z'), z);
        return x;
      });
      return f(jnp.array(1, 'int32'), jnp.array(2, 'int32'), jnp.array(3, 'int32'));
    },
  },
  ordering_eager_io_calls: {
    run({ jax, jnp, ioCallback, calls }) {
      function host(tag, x) { calls.push(tag); return x; }
      const s = jax.ShapeDtypeStruct([], jnp.float32);
      const x = jnp.array(1.0, 'float32');
      ioCallback(host.bind(null, 'io1'), s, x, { ordered: true });
      jax.pureCallback(host.bind(null, 'pure'), s, x);
      ioCallback(host.bind(null, 'io2'), s, x, { ordered: true });
      return null;
    },
  },
};

/** Every translated case id -> its translation. */
export const cases = { ...callbackCases, ...errorCases, ...transformCases };
