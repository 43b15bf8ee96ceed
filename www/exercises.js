// Exercise definitions, kept as plain data so the page and the engine worker can both read them.
// Text fields may use `backticks` for inline code; the page turns those into <code> elements.

export const exercises = [
  {
    id: 'pure-callback-doubler',
    title: 'pure_callback doubler',
    level: 'Step 1',
    entry: 'pureCallbackDoubler',
    intro: [
      'Compiled JAX code cannot call arbitrary JavaScript by itself. `jax.pureCallback` opens a door: while the compiled program runs, it hands concrete values to a host function you wrote and takes the host\'s answer back as an array.',
      'The engine must know the shape and dtype of that answer before the host ever runs, so you describe it up front with `jax.ShapeDtypeStruct`. The description is only metadata: it allocates nothing and converts nothing.',
      'A pure callback promises that the same inputs always give the same output and that nothing else happens. In return the compiler may skip it when its result is unused. Doubling is easy in plain JAX (`x.mul(2)`); here it only keeps the focus on the callback plumbing.',
    ],
    steps: [
      'Write a host function that turns its argument into a host array with `np.asarray` and returns it multiplied by 2.',
      'Describe the result with `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Return `jax.pureCallback(hostFunction, description, x)` from `pureCallbackDoubler(x)`.',
    ],
    sample: { values: [1, -2, 3], dtype: 'float32' },
    starter: `// Step 1: the host function. It gets concrete values, never tracers.
function hostDouble(arr) {
  // TODO: turn arr into a host array with np.asarray and return it multiplied by 2.
}

function pureCallbackDoubler(x) {
  // Step 2: describe what the host hands back (shape and dtype, nothing else).
  // TODO: const resultSpec = jax.ShapeDtypeStruct(...);

  // Step 3: call the host through jax.pureCallback and return what it gives back.
  // TODO: return jax.pureCallback(...);
}
`,
    start: { line: 3, text: 'Start at line 3, inside `hostDouble`: return `np.asarray(arr).mul(2)`. Then fill in the two TODOs of `pureCallbackDoubler` below it.' },
    hints: [
      'The host function is plain JS run on concrete values: `return np.asarray(arr).mul(2);` is its whole body.',
      'The declaration copies the input\'s metadata: `const resultSpec = jax.ShapeDtypeStruct(x.shape, x.dtype);` (never a fixed shape like `[3]`: the input length changes).',
      'Return the callback\'s result itself, with no arithmetic around it: `return jax.pureCallback(hostDouble, resultSpec, x);`',
    ],
    solution: `// Host side: gets concrete values, never tracers.
function hostDouble(arr) {
  return np.asarray(arr).mul(2);
}

function pureCallbackDoubler(x) {
  // What the host will hand back: same shape and dtype as x.
  const resultSpec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  return jax.pureCallback(hostDouble, resultSpec, x);
}
`,
    // The lesson asks for the NumPy product: `np.asarray(arr)` times 2 (asarray).
    inspect: { callback: 'pure', asarray: true },
    notice: 'Look at the pure callbacks lane: the green bar sits inside the execute bar above it. The compiled program pauses, hands real numbers to your JS function, and continues with its answer. The second trace bar is `jax.makeJaxpr` tracing again to print the program. Hover or click a bar for details; with the chart focused, the arrow keys step through events.',
    checkNotice: 'Check runs in a fresh engine on inputs generated for it (lengths 3, 0, 6 and 1), so each length is traced and compiled anew. The empty input shows a dashed "skipped" ghost in the pure callbacks lane: with nothing to compute, the host is never called. Then Check calls your host function by itself, outside any compiled program.',
  },
  {
    id: 'io-callback-doubler',
    title: 'io_callback doubler, ordered',
    level: 'Step 2',
    entry: 'ioCallbackPassthrough',
    intro: [
      'Some host work matters for what it does, not only for what it returns: saving a measurement, appending to a log. A pure callback is the wrong tool there, because the compiler may drop it. `ioCallback` marks the call as having side effects, so it always runs, and it can still return values.',
      'With `{ ordered: true }`, ordered effects run in the order the program lists them. JAX threads a hidden token from one ordered effect to the next to enforce that; the timeline shows the token being handed over. Ordering applies between ordered effects only, not to every operation in the program.',
      'The exercise keeps the same doubling so that the only new part is the callback kind. Despite the name, the entrypoint doubles its input.',
    ],
    steps: [
      'Write a host function that returns its argument (as a host array) times 2.',
      'Describe the result with `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Return `ioCallback(hostFunction, description, x, { ordered: true })` from `ioCallbackPassthrough(x)`.',
    ],
    sample: { values: [5, 6, 7], dtype: 'float32' },
    starter: `// Step 1: the host function. Io callbacks always run; this one only doubles (no logs).
function doubleOnHost(arr) {
  // TODO: return arr as a host array (np.asarray) times 2.
}

function ioCallbackPassthrough(x) {
  // Step 2: describe what the host hands back.
  // TODO: const resultSpec = jax.ShapeDtypeStruct(...);

  // Step 3: call the host through ioCallback, ordered, and return what it gives back.
  // TODO: return ioCallback(...);
}
`,
    start: { line: 3, text: 'Start at line 3, inside `doubleOnHost`: return `np.asarray(arr).mul(2)`. Then fill in the two TODOs of `ioCallbackPassthrough` below it.' },
    hints: [
      'The host is the same doubler as in step 1: `return np.asarray(arr).mul(2);`. The course asks for no logs, files or requests in it.',
      'Declare the result from the input: `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Options go last, like Python keyword arguments: `return ioCallback(doubleOnHost, resultSpec, x, { ordered: true });`',
    ],
    solution: `// Host side: io callbacks always run, even when their result is unused.
function doubleOnHost(arr) {
  return np.asarray(arr).mul(2);
}

function ioCallbackPassthrough(x) {
  const resultSpec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  return ioCallback(doubleOnHost, resultSpec, x, { ordered: true });
}
`,
    inspect: { callback: 'io', ordered: true },
    notice: 'Look at the ordered token lane: just before the orange io callback bar starts, a token diamond shows the hand-off that keeps ordered effects in sequence; its dotted line points at the call it lets run.',
    checkNotice: 'Check runs in a fresh engine on inputs generated for it (lengths 3, 0, 6 and 1). Unlike a pure callback, an io callback is called even for the empty input; with `{ ordered: true }` each call is handed the token by the previous one.',
  },
  {
    id: 'grad-through-callback',
    title: 'grad through a callback',
    level: 'Step 3',
    entry: 'centeredLoss',
    run: 'grad',
    intro: [
      '`jax.grad` differentiates a program one primitive at a time, using each primitive\'s derivative rule. A callback has none: JAX cannot look inside your JS function, so differentiating through it stops with “Pure callbacks do not support JVP” (or, where JAX transposes a linear program, the related “do not support transpose”).',
      'There are three ways out. Cut the gradient at the callback\'s input with `jax.lax.stopGradient`, so no tangent ever reaches it and its output counts as a constant. Give the callback a derivative rule of your own with `jax.customVjp` or `jax.customJvp`. Or write the host computation with jnp operations, which JAX can differentiate itself.',
      'The loss here sums the squared deviations of `x` from its mean, and the mean comes from the host. This loss is a case where the mean may be treated as a constant: the deviations from a mean always add up to zero, so the mean\'s own derivative drops out and every fix gives the gradient `2 * (x - mean)`. In general stopGradient changes the gradient; use it only when the callback\'s result really should count as a constant.',
    ],
    steps: [
      'Press Run: `jax.grad(centeredLoss)` fails. Read the error and its hint.',
      'Fix it one way: `jax.lax.stopGradient(x)` as the callback\'s input; or a function wrapping the callback made with `jax.customVjp(f).defvjp(fwd, bwd)` (or `jax.customJvp(f).defjvp(rule)`), where d mean / d x = 1 / n; or the mean in jnp ops, `x.sum().div(x.size)`.',
      'Check runs the loss and its gradient on inputs generated for it, reads the traced program to see which fix you used, and tests a custom rule by itself (a wrong rule fails even where this loss hides it).',
    ],
    sample: { values: [1, 2, 3, 6], dtype: 'float32' },
    starter: `// Host side: a routine JAX cannot look into (pretend it comes from a host library).
function hostMean(arr) {
  const a = np.asarray(arr);
  return a.sum().div(a.size);
}

// Sum of squared deviations from the mean; Run and Check take jax.grad of it.
function centeredLoss(x) {
  // TODO: press Run and read the error, then fix this line one of the three ways.
  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);
  const d = x.sub(mean);
  return d.mul(d).sum();
}
`,
    start: { line: 10, text: 'Start by pressing Run to see why `jax.grad` stops at the callback on line 10, then change that line one of the three ways.' },
    hints: [
      'The error comes from the tangent reaching `pure_callback`. The smallest fix keeps the tangent away: pass `jax.lax.stopGradient(x)` as the callback\'s input (only there, not everywhere).',
      'With a rule of your own: `const meanVjp = jax.customVjp(meanOnHost); meanVjp.defvjp((x) => [meanOnHost(x), x], (x, ct) => [jnp.ones(x.shape).mul(ct).div(x.size)]);` where `meanOnHost(x)` wraps the callback. The derivative of the mean is 1 / n for every element.',
      'Or skip the host: `const mean = x.sum().div(x.size);` is a mean JAX can differentiate itself.',
    ],
    solution: `// Host side: a routine JAX cannot look into (pretend it comes from a host library).
function hostMean(arr) {
  const a = np.asarray(arr);
  return a.sum().div(a.size);
}

// The mean counts as a constant here (its derivative drops out of this loss), so the
// gradient is cut at the callback's input.
function centeredLoss(x) {
  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));
  const d = x.sub(mean);
  return d.mul(d).sum();
}
`,
    inspect: { fix: 'grad' },
    notice: 'Run takes `jax.grad` of the loss under `jax.jit`. While it fails, the timeline shows the trace ending in an error and no execute bar: differentiation stops before anything is compiled. Once it works, a stopGradient or custom-rule fix shows one host mean call per gradient (the forward pass); with jnp ops the callback lanes stay empty.',
    checkNotice: 'Check runs in a fresh engine: the loss and `jax.grad` of it on four generated inputs (each length traced and compiled anew), then your host mean and any custom rule by themselves.',
  },
];

export function findExercise(id) {
  return exercises.find((e) => e.id === id);
}
