// Exercise definitions, kept as plain data so the page and the engine worker can both read them.
// Text fields may use `backticks` for inline code; the page turns those into <code> elements.

const doublingTests = [
  { name: 'doubles [1, -2, 3]', input: [1, -2, 3], expected: [2, -4, 6] },
  { name: 'doubles [5, 6, 7]', input: [5, 6, 7], expected: [10, 12, 14] },
  { name: 'keeps an empty input empty (shape [0], float32)', input: [], expected: [] },
];

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
    starter: `// Host side: gets concrete values, never tracers.
function hostDouble(arr) {
  return np.asarray(arr).mul(2);
}

function pureCallbackDoubler(x) {
  // What the host will hand back: same shape and dtype as x.
  const resultSpec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  return jax.pureCallback(hostDouble, resultSpec, x);
}
`,
    tests: doublingTests,
    jaxprChecks: [
      { name: 'the traced program calls `pure_callback`', contains: ['pure_callback'] },
    ],
    notice: 'Look at the pure callbacks lane: the green bar sits inside the execute bar above it. The compiled program pauses, hands real numbers to your JS function, and continues with its answer. The second trace bar is `jax.makeJaxpr` tracing again to print the program. Hover or click a bar for details; with the chart focused, the arrow keys step through events.',
    checkNotice: 'During Check the second input has the same shape as the first, so it reuses the compiled program (no new trace or compile). The empty input shows a dashed "skipped" ghost in the pure callbacks lane: with nothing to compute, the host is never called.',
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
    starter: `// Host side, with (pretend) side effects: io callbacks always run.
function doubleOnHost(arr) {
  return np.asarray(arr).mul(2);
}

function ioCallbackPassthrough(x) {
  const resultSpec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  return ioCallback(doubleOnHost, resultSpec, x, { ordered: true });
}
`,
    tests: doublingTests,
    jaxprChecks: [
      { name: 'the traced program calls `io_callback` with `ordered=True`', contains: ['io_callback', 'ordered=True'] },
    ],
    notice: 'Look at the ordered token lane: just before the orange io callback bar starts, a token diamond shows the hand-off that keeps ordered effects in sequence; its dotted line points at the call it lets run.',
    checkNotice: 'During Check each run passes the token on from the previous ordered call: the arrows in the token lane show that order (hover a diamond to read its hand-off). Unlike the pure callback, the io callback is called even for the empty input.',
  },
];

export function findExercise(id) {
  return exercises.find((e) => e.id === id);
}
