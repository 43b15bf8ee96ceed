// Examples about tracing: when JS inside a jitted function runs, printing at run time, loops
// with callbacks, and what happens when a host answer does not match its declaration.

export const tracingExamples = [
  {
    id: 'debug-print',
    topic: 'Tracing and printing',
    title: 'jax.debug.print vs console.log',
    explain: [
      '`console.log` inside a jitted function runs while JAX traces it, so it sees a tracer (`Traced<f32[3]>`), not numbers, and it runs only when a new trace is needed. `jax.debug.print` becomes part of the program (a `debug_callback` in the jaxpr): it runs every time the compiled program runs and prints the real values.',
      'The second call has the same shape, so the compiled program is reused: the output has one console.log line but two sets of debug prints. On the timeline, the debug prints are pink bars in the debug callbacks lane, inside each execute bar.',
    ],
    code: `const f = jax.jit(function f(x) {
  console.log('console.log while tracing sees', String(x));
  jax.debug.print('debug.print sees x = {}', x);
  const y = x.mul(2);
  jax.debug.print('y = {y}, total = {total}', { y, total: y.sum() });
  return y;
});

async function main() {
  f(jnp.array([1, 2, 3]));
  const y = f(jnp.array([4, 5, 6])); // same shape: no new trace
  showJaxpr(f, jnp.array([4, 5, 6]));
  return y;
}
`,
    expect: { jaxpr: ['debug_callback'],
      value: ['[8, 10, 12] float32[3]'],
      output: ['console.log while tracing sees Traced<f32[3]>', 'debug.print sees x = [1. 2. 3.]', 'y = [2. 4. 6.], total = 12.0', 'debug.print sees x = [4. 5. 6.]', 'y = [ 8. 10. 12.], total = 30.0'],
    },
  },
  {
    id: 'retracing',
    topic: 'Tracing and printing',
    title: 'Retracing and trace-time side effects',
    explain: [
      '`jax.jit` traces the function once per new input signature (shape, dtype) and caches the compiled program. JS side effects inside it, here a counter and a `console.log`, happen during tracing only, so they reveal how often JAX traced: once for float32[3], once for float32[4], once for int32[3], and not at all for the calls that hit the cache.',
      'On the timeline, only three calls have trace and compile bars before their execute bar; the execute bars of the others say "compiled program reused (cache hit)". Never rely on trace-time side effects for work that must happen on every call: use `ioCallback` or `jax.debug.print`.',
    ],
    code: `let traces = 0;

const f = jax.jit(function f(x) {
  traces += 1; // runs at trace time only
  console.log(\`tracing f for \${x.dtype}[\${x.shape}] (trace #\${traces})\`);
  return x.mul(2).sum();
});

async function main() {
  f(jnp.array([1, 2, 3]));
  f(jnp.array([4, 5, 6])); // cache hit
  f(jnp.array([1, 2, 3, 4])); // new shape: traced again
  f(jnp.array([7, 8, 9])); // cache hit
  f(jnp.array([1, 2, 3], 'int32')); // new dtype: traced again
  return { traces, 'compiled programs cached': f.cacheSize() };
}
`,
    expect: {
      value: ['traces: 3', 'compiled programs cached: 3'],
      output: ['tracing f for float32[3] (trace #1)', 'tracing f for float32[4] (trace #2)', 'tracing f for int32[3] (trace #3)'],
    },
  },
  {
    id: 'scan-io',
    timeline: 'order',
    topic: 'Tracing and printing',
    title: 'lax.scan with an io callback per step',
    explain: [
      'The body of `lax.scan` is traced once, so the jaxpr has a single `io_callback` inside the `scan` equation. When the program runs, the loop calls the host once per element: four orange bars in the io callbacks lane, all inside one execute bar, each handed the token by the one before.',
      'The callback gets the running total of that step as a concrete number. Its result is unused, but an io callback is never removed.',
    ],
    code: `const history = [];
function logStep(total) {
  const t = np.asarray(total).item();
  history.push(t);
  console.log(\`running total: \${t}\`);
  return np.asarray(total);
}

function body(carry, x) {
  const total = carry.add(x);
  ioCallback(logStep, jax.ShapeDtypeStruct([], 'float32'), total, { ordered: true });
  return [total, total.mul(2)];
}

const runningTotal = jax.jit(function runningTotal(xs) {
  return jax.lax.scan(body, jnp.array(0), xs);
});

async function main() {
  const xs = jnp.array([1, 2, 3, 4]);
  const [last, doubled] = runningTotal(xs);
  showJaxpr(runningTotal, xs);
  return { last, doubled, history };
}
`,
    expect: { jaxpr: ['scan[', 'io_callback['],
      value: ['last: 10 float32[]', 'doubled: [2, 6, 12, 20] float32[4]', 'history: [1, 3, 6, 10]'],
      output: ['running total: 1', 'running total: 3', 'running total: 6', 'running total: 10'],
    },
  },
  {
    id: 'shape-mismatch',
    topic: 'Errors',
    title: 'Result shape does not match the declaration',
    explain: [
      'The declaration promises a float32[4] result, but the host returns the values as a 2 × 2 array. The engine checks every host answer against the declaration and stops with an error naming the callback and both shapes. A ShapeDtypeStruct is a promise about the result; nothing reshapes the answer to fit it.',
      'The pure callback bar on the timeline ends in red. Fix it by returning `a` itself, or by declaring `jax.ShapeDtypeStruct([2, 2], x.dtype)`.',
    ],
    code: `function hostPairs(arr) {
  const a = np.asarray(arr);
  return a.reshape(2, 2); // shape (2, 2), but (4,) was declared
}

const f = jax.jit(function f(x) {
  return jax.pureCallback(hostPairs, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
});

async function main() {
  showJaxpr(f, jnp.array([1, 2, 3, 4]));
  return f(jnp.array([1, 2, 3, 4]));
}
`,
    expect: { jaxpr: ['result_avals=(ShapedArray(float32[4]),)'], error: 'Incorrect output shape for return value #0 of `hostPairs`: Expected: (4,), Actual: (2, 2)' },
  },
  {
    id: 'dtype-mismatch',
    topic: 'Errors',
    title: 'Result dtype does not match the declaration',
    explain: [
      'The host rounds to whole numbers and returns int32, while the declaration (copied from `x`) says float32. The declaration does not convert anything, so the engine reports the mismatch instead of guessing.',
      'Either convert on the host (`.astype(\'float32\')`) or declare what the host really returns (`jax.ShapeDtypeStruct(x.shape, \'int32\')`).',
    ],
    code: `function hostRound(arr) {
  const a = np.asarray(arr);
  return np.array(Array.from(a.data, Math.round), 'int32'); // int32, but float32 was declared
}

const f = jax.jit(function f(x) {
  return jax.pureCallback(hostRound, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
});

async function main() {
  return f(jnp.array([0.4, 1.6, 2.5]));
}
`,
    expect: { error: 'Incorrect output dtype for return value #0 of `hostRound`: Expected: float32, Actual: int32' },
  },
];
