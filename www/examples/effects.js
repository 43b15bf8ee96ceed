// Examples about effects: what the compiler may drop, reorder, repeat or merge, and what it
// must keep in order. Plain data; `code` is a program whose main() the page runs.

export const effectsExamples = [
  {
    id: 'dce-unused-pure',
    topic: 'Effects and scheduling',
    title: 'An unused pure callback is removed',
    explain: [
      '`f` calls two host functions and uses neither result. The Jaxpr panel shows `f` twice: as traced, both callbacks are there; as compiled, the `pure_callback` is gone. Dead-code elimination removed it because nothing reads its result and a pure callback promises to have no effects.',
      'On the timeline, the pure callbacks lane has only a dashed "removed" ghost at compile time, while the io callbacks lane has a real bar: an io callback is kept even when its result is unused, because running it is the point.',
    ],
    code: `// Two host functions; f ignores both results.
function expensiveLookup(arr) {
  return np.asarray(arr).mul(10); // pure: the answer is all it gives
}
function writeLog(arr) {
  console.log('writeLog ran with', String(np.asarray(arr)));
  return np.asarray(arr);
}

const f = jax.jit(function f(x) {
  const spec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  jax.pureCallback(expensiveLookup, spec, x); // unused, no effects: removed
  ioCallback(writeLog, spec, x); // unused, but it has effects: kept
  return x.add(1);
});

// The host functions that ran, read from the engine's own timeline.
const ran = () => jax.timeline.events()
  .filter((e) => e.kind === 'callback' && e.phase === 'begin')
  .map((e) => e.name);

async function main() {
  const x = jnp.array([1, 2, 3]);
  const y = f(x);
  showJaxpr(f, x);
  return { y, 'host functions that ran': ran() };
}
`,
    expect: { jaxpr: ['callback=expensiveLookup', 'after dead-code elimination'], value: ['y: [2, 3, 4] float32[3]', 'host functions that ran: ["writeLog"]'], output: ['writeLog ran with [1. 2. 3.]'] },
  },
  {
    id: 'ordered-vs-unordered-io',
    timeline: 'order',
    topic: 'Effects and scheduling',
    title: 'Ordered and unordered io callbacks',
    explain: [
      'Six io callbacks that do not depend on each other: three plain ones (`freeA`, `freeB`, `freeC`) and three with `{ ordered: true }`. In program order they all run top to bottom, which is what the output shows after Run.',
      'Now open the schedule explorer below and try a few seeds with "reorder" checked. The plain io callbacks may swap places: nothing in the program says which goes first, so any order is legal. The ordered ones always run 1, 2, 3: each hands a token to the next (the diamonds in the ordered token lane), and no schedule may break that chain.',
    ],
    code: `// A host function that reports when it runs (io callbacks may have side effects).
function reporter(name) {
  const host = (arr) => {
    console.log(\`\${name} ran\`);
    return np.asarray(arr);
  };
  Object.defineProperty(host, 'name', { value: name });
  return host;
}

const step = jax.jit(function step(x) {
  const spec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  const outs = [];
  for (const name of ['freeA', 'freeB', 'freeC']) {
    outs.push(ioCallback(reporter(name), spec, x));
  }
  for (const name of ['ordered1', 'ordered2', 'ordered3']) {
    outs.push(ioCallback(reporter(name), spec, x, { ordered: true }));
  }
  return outs.reduce((a, b) => a.add(b));
});

async function main() {
  const x = jnp.array(1);
  showJaxpr(step, x);
  return step(x);
}
`,
    expect: { jaxpr: ['ordered=True', 'ordered=False'], value: ['6 float32[]'], output: ['freeA ran', 'freeB ran', 'freeC ran', 'ordered1 ran', 'ordered2 ran', 'ordered3 ran'] },
  },
  {
    id: 'io-across-jit',
    timeline: 'order',
    topic: 'Effects and scheduling',
    title: 'Ordered io across jitted functions',
    explain: [
      'Two separately jitted functions append to the same host log with ordered io callbacks. The token does not stop at the end of a compiled program: the last ordered call of `save` hands it to the first ordered call of `saveTwice`, and so on, so the log reads in the order the calls were made.',
      'In the ordered token lane, hover a diamond: its detail says which call handed the token to which (for example "from `append` (call 12) to `append` (call 17)"), and the arrows cross from one execute bar to the next.',
    ],
    code: `// A pretend log file, kept on the host.
const logFile = [];
function append(arr) {
  logFile.push(np.asarray(arr).item());
  console.log(\`log: \${logFile.join(', ')}\`);
  return np.asarray(arr);
}

const spec = jax.ShapeDtypeStruct([], 'float32');
const save = jax.jit(function save(x) {
  return ioCallback(append, spec, x, { ordered: true });
});
const saveTwice = jax.jit(function saveTwice(x) {
  ioCallback(append, spec, x.mul(10), { ordered: true });
  return ioCallback(append, spec, x.mul(100), { ordered: true });
});

async function main() {
  save(jnp.array(1));
  saveTwice(jnp.array(2));
  save(jnp.array(3));
  showJaxpr(saveTwice, jnp.array(2));
  return { logFile };
}
`,
    expect: { jaxpr: ['saveTwice, as traced', 'ordered=True'], value: ['logFile: [1, 20, 200, 3]'], output: ['log: 1', 'log: 1, 20', 'log: 1, 20, 200', 'log: 1, 20, 200, 3'] },
  },
  {
    id: 'impure-pure-callback',
    topic: 'Effects and scheduling',
    title: 'A "pure" callback that is not',
    explain: [
      '`hostScale` counts its calls and multiplies by the count: a side effect hiding in a pure callback. In program order it runs twice and `f` returns `x * 1 + x * 2`.',
      'Open the schedule explorer and check "merge pure" (the two identical calls become one) or "duplicate pure" (a call runs twice): the answer changes. Both schedules are legal for a pure callback, so the program, not the compiler, is wrong. Change `mul(calls)` to `mul(2)` and every schedule gives the same result.',
    ],
    code: `let calls = 0; // state that a pure callback must not touch

function hostScale(arr) {
  calls += 1; // ✗ a side effect
  return np.asarray(arr).mul(calls);
}

const f = jax.jit(function f(x) {
  const spec = jax.ShapeDtypeStruct(x.shape, x.dtype);
  const a = jax.pureCallback(hostScale, spec, x);
  const b = jax.pureCallback(hostScale, spec, x);
  return a.add(b);
});

async function main() {
  const result = f(jnp.array([1, 2, 3]));
  showJaxpr(f, jnp.array([1, 2, 3]));
  return { result, calls };
}
`,
    expect: { jaxpr: ['callback=hostScale'], value: ['result: [3, 6, 9] float32[3]', 'calls: 2'] },
  },
];
