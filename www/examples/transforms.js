// Examples about transformations meeting callbacks: vmap and its vmapMethod choices, and
// autodiff (the error, and its three fixes: stopGradient, custom rules, native ops).

const HOST_CALLS = `// Host calls made while run() ran, with the shapes they received (from the timeline).
function hostCalls(run) {
  const since = jax.timeline.events().at(-1)?.seq ?? -1;
  const result = run();
  const calls = jax.timeline.events()
    .filter((e) => e.seq > since && e.kind === 'callback' && e.phase === 'begin')
    .map((e) => \`\${e.name}(\${e.shapes.join(', ')})\`);
  return [result, calls];
}`;

const SIN_COS = `function hostSin(arr) {
  return Float32Array.from(np.asarray(arr).data, Math.sin);
}
function hostCos(arr) {
  return Float32Array.from(np.asarray(arr).data, Math.cos);
}
const like = (x) => jax.ShapeDtypeStruct(x.shape, x.dtype);
function sinOnHost(x) {
  return jax.pureCallback(hostSin, like(x), x);
}`;

export const transformExamples = [
  {
    id: 'vmap-sequential',
    topic: 'Batching (vmap)',
    title: 'vmap, one host call per row',
    explain: [
      'A pure callback under `jax.vmap` needs a `vmapMethod`: JAX cannot know whether your host function understands a batch. With `sequential`, the batched program is a `scan` (see the Jaxpr panel) that calls the host once per row, each time with one unbatched row (f32[2]).',
      '`sequential_unrolled` asks for the same one-call-per-row loop, unrolled; the host sees exactly the same calls. On the timeline, each method shows three green bars inside one execute bar.',
    ],
    code: `function rowSum(arr) {
  return np.asarray(arr).sum(); // written for ONE row
}

const sumRow = (vmapMethod) => (row) =>
  jax.pureCallback(rowSum, jax.ShapeDtypeStruct([], row.dtype), row, { vmapMethod });

async function main() {
  const xs = jnp.array([[1, 2], [3, 4], [5, 6]]);
  const out = {};
  for (const method of ['sequential', 'sequential_unrolled']) {
    const f = jax.jit(jax.vmap(sumRow(method)));
    [out[method], out[\`\${method} host calls\`]] = hostCalls(() => f(xs));
    if (method === 'sequential') showJaxpr(f, xs);
  }
  return out;
}

${HOST_CALLS}
`,
    expect: { jaxpr: ['scan[', 'vmap_method=sequential'],
      value: ['sequential: [3, 7, 11] float32[3]', 'sequential host calls: ["rowSum(f32[2])", "rowSum(f32[2])", "rowSum(f32[2])"]',
        'sequential_unrolled: [3, 7, 11] float32[3]', 'sequential_unrolled host calls: ["rowSum(f32[2])", "rowSum(f32[2])", "rowSum(f32[2])"]'],
    },
  },
  {
    id: 'vmap-batched',
    topic: 'Batching (vmap)',
    title: 'vmap, one host call for the whole batch',
    explain: [
      'These three methods call the host once with the whole batch, so the host function must handle a leading batch axis. They differ in what an unbatched argument (here `offset`, mapped with `inAxes: [0, null]`) looks like: `expand_dims` adds a size-1 batch axis (f32[1,2]), `broadcast_all` repeats it to the full batch (f32[3,2]), and `legacy_vectorized` passes it unchanged (f32[2]).',
      'The jaxpr has a single `pure_callback` whose `result_avals` now include the batch axis. The timeline shows one green bar per method instead of three.',
    ],
    code: `function addOffset(rows, offset) {
  // NumPy-style broadcasting handles all three layouts of offset.
  return np.asarray(rows).add(np.asarray(offset));
}

const shift = (vmapMethod) => (row, offset) =>
  jax.pureCallback(addOffset, jax.ShapeDtypeStruct(row.shape, row.dtype), row, offset, { vmapMethod });

async function main() {
  const xs = jnp.array([[1, 2], [3, 4], [5, 6]]);
  const offset = jnp.array([10, 20]);
  const out = {};
  for (const method of ['expand_dims', 'broadcast_all', 'legacy_vectorized']) {
    const f = jax.jit(jax.vmap(shift(method), { inAxes: [0, null] }));
    const [result, calls] = hostCalls(() => f(xs, offset));
    out[method] = \`\${calls.join(' ')} → \${result.tolist().map((r) => \`[\${r}]\`).join(' ')}\`;
    if (method === 'expand_dims') showJaxpr(f, xs, offset);
  }
  return out;
}

${HOST_CALLS}
`,
    expect: { jaxpr: ['vmap_method=expand_dims', 'broadcast_in_dim'],
      value: ['expand_dims: addOffset(f32[3,2], f32[1,2]) → [11,22] [13,24] [15,26]', 'broadcast_all: addOffset(f32[3,2], f32[3,2])',
        'legacy_vectorized: addOffset(f32[3,2], f32[2])'],
    },
  },
  {
    id: 'grad-error',
    topic: 'Autodiff',
    title: 'grad through a pure callback fails',
    explain: [
      'The forward pass works, but `jax.grad` needs a derivative rule for every primitive in the program, and a callback has none: JAX cannot see inside your JS. The error is JAX\'s own, “Pure callbacks do not support JVP”, and its hint lists the three fixes, each shown in the next examples.',
      'On the timeline, the last trace bar (the jitted gradient, named `jitted`) is red and no compile or execute bar follows: differentiation failed while tracing, before anything was compiled or any host code ran.',
    ],
    code: `function hostCube(arr) {
  const a = np.asarray(arr);
  return a.mul(a).mul(a);
}

function cubeSum(x) {
  const cubes = jax.pureCallback(hostCube, jax.ShapeDtypeStruct(x.shape, x.dtype), x);
  return cubes.sum();
}

async function main() {
  const x = jnp.array([1, 2, 3]);
  console.log('forward pass:', String(jax.jit(cubeSum)(x)));
  showJaxpr(cubeSum, x);
  return jax.jit(jax.grad(cubeSum))(x); // throws: the callback has no derivative rule
}
`,
    expect: { jaxpr: ['pure_callback['], output: ['forward pass: Array(36.0, dtype=float32)'], error: 'Pure callbacks do not support JVP', hint: 'stopGradient' },
  },
  {
    id: 'grad-fix-stop-gradient',
    topic: 'Autodiff',
    title: 'Fix 1: stopGradient on the callback\'s input',
    explain: [
      '`jax.lax.stopGradient(x)` hands the callback a value that carries no gradient, so JAX never asks for the callback\'s derivative, and its result counts as a constant. The jaxpr shows `stop_gradient` right before the `pure_callback`.',
      'This is right when the host result should be a constant, here weights computed from the data. The gradient of `sum(w * x * x)` with `w` held fixed is `2 * w * x`. If you actually need the derivative through the callback, use a custom rule or jnp ops instead.',
    ],
    code: `function hostWeights(arr) {
  const a = np.asarray(arr);
  return a.div(a.sum()); // each element's share of the total
}

function weightedLoss(x) {
  const spec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  const w = jax.pureCallback(hostWeights, spec, jax.lax.stopGradient(x));
  return w.mul(x).mul(x).sum();
}

async function main() {
  const x = jnp.array([1, 1, 2, 4]);
  showJaxpr(weightedLoss, x);
  return { loss: weightedLoss(x), 'gradient (w held fixed)': jax.jit(jax.grad(weightedLoss))(x) };
}
`,
    expect: { jaxpr: ['stop_gradient'], value: ['loss: 9.25 float32[]', 'gradient (w held fixed): [0.25, 0.25, 1, 4] float32[4]'] },
  },
  {
    id: 'grad-fix-native',
    topic: 'Autodiff',
    title: 'Fix 3: write it with jnp ops',
    explain: [
      'When the host computation is simple, the best fix is to not use a callback: written with jnp operations, every step has a derivative rule and `jax.grad` just works. The jaxpr of the gradient has only native equations (`mul`, `broadcast_in_dim`, ...), and the callback lanes of the timeline stay empty while it runs.',
      'The host version is kept to show that both compute the same forward values.',
    ],
    code: `function hostCube(arr) {
  const a = np.asarray(arr);
  return a.mul(a).mul(a);
}
const cubeSumOnHost = (x) => jax.pureCallback(hostCube, jax.ShapeDtypeStruct(x.shape, x.dtype), x).sum();

// The same computation in jnp ops: JAX knows the derivative of each.
function cubeSum(x) {
  return x.mul(x).mul(x).sum();
}

async function main() {
  const x = jnp.array([1, 2, 3]);
  const gradient = jax.grad(cubeSum);
  showJaxpr(function gradientOfCubeSum(v) { return gradient(v); }, x);
  return { 'on the host': jax.jit(cubeSumOnHost)(x), 'with jnp ops': cubeSum(x), 'gradient 3x²': jax.jit(gradient)(x) };
}
`,
    expect: { jaxpr: ['gradientOfCubeSum'], value: ['on the host: 36 float32[]', 'with jnp ops: 36 float32[]', 'gradient 3x²: [3, 12, 27] float32[3]'] },
  },
  {
    id: 'custom-jvp',
    topic: 'Autodiff',
    title: 'Fix 2a: jax.customJvp around a host sin',
    explain: [
      '`jax.customJvp` gives the wrapped function a forward-mode rule: from the primal `x` and its tangent `t`, return the output and the output\'s tangent, here `cos(x) * t`. The rule itself calls the host again, for cos. JAX derives reverse mode (grad) from it, so the gradient of `sum(sin(x))` is `cos(x)`.',
      'The jaxpr shows a `custom_jvp_call` with the `pure_callback` inside its `call_jaxpr`. On the timeline, one gradient runs both host functions: hostSin for the value, hostCos for the tangent.',
    ],
    code: `${SIN_COS}

const sin = jax.customJvp(sinOnHost);
sin.defjvp(([x], [t]) => [sinOnHost(x), jax.pureCallback(hostCos, like(x), x).mul(t)]);

const loss = (x) => sin(x).sum();

async function main() {
  const x = jnp.array([0, 1, 2]);
  showJaxpr(loss, x);
  return { 'sin(x)': sin(x), 'grad = cos(x)': jax.jit(jax.grad(loss))(x) };
}
`,
    expect: { jaxpr: ['custom_jvp_call'], value: ['sin(x): [0, 0.84147096, 0.9092974] float32[3]', 'grad = cos(x): [1, 0.5403023, -0.41614684] float32[3]'] },
  },
  {
    id: 'custom-vjp',
    topic: 'Autodiff',
    title: 'Fix 2b: jax.customVjp around a host sin',
    explain: [
      '`jax.customVjp` takes two functions. `fwd` computes the output and saves residuals (here just `x`); `bwd` gets the residuals and the output\'s cotangent and returns one cotangent per argument, here `cos(x) * ct`. Both may call the host.',
      'Compare the two jaxprs: the function itself is a `custom_vjp_call` around the callback, and its gradient program calls `hostCos` from the backward rule.',
    ],
    code: `${SIN_COS}

const sin = jax.customVjp(sinOnHost);
sin.defvjp(
  (x) => [sinOnHost(x), x], // fwd: output and residuals
  (x, ct) => [jax.pureCallback(hostCos, like(x), x).mul(ct)], // bwd: a cotangent per argument
);

const loss = (x) => sin(x).sum();

async function main() {
  const x = jnp.array([0, 1, 2]);
  showJaxpr(loss, x);
  showJaxpr(function gradientOfLoss(v) { return jax.grad(loss)(v); }, x);
  return { 'sin(x)': sin(x), 'grad = cos(x)': jax.jit(jax.grad(loss))(x) };
}
`,
    expect: { jaxpr: ['custom_vjp_call', 'callback=hostCos'], value: ['sin(x): [0, 0.84147096, 0.9092974] float32[3]', 'grad = cos(x): [1, 0.5403023, -0.41614684] float32[3]'] },
  },
];
