// Solutions a learner (or a cheater) writes for the three exercises (not a test file): right
// ones Check must accept, and wrong ones it must reject, each with the kind of mistake, the
// check that must fail and words its message must contain. Used by checker.test.mjs, which
// runs every one in the real page. Names and details are matched as the page shows them
// (`code` spans without backticks).

const P = 'pure-callback-doubler';
const I = 'io-callback-doubler';
const G = 'grad-through-callback';

const HOST = (body = 'return np.asarray(arr).mul(2);', name = 'hostDouble') => `function ${name}(arr) {\n  ${body}\n}\n`;
const pure = (host, body) => `${host}function pureCallbackDoubler(x) {\n  ${body}\n}\n`;
const SPEC = 'jax.ShapeDtypeStruct(x.shape, x.dtype)';
const PURE_CALL = `return jax.pureCallback(hostDouble, ${SPEC}, x);`;
const io = (host, body) => `${host}function ioCallbackPassthrough(x) {\n  ${body}\n}\n`;
const IO_CALL = `return ioCallback(hostDouble, ${SPEC}, x, { ordered: true });`;

const MEAN = 'function hostMean(arr) {\n  const a = np.asarray(arr);\n  return a.sum().div(a.size);\n}\n';
const loss = (meanLine, extra = '', host = MEAN) => `${host}${extra}function centeredLoss(x) {\n  ${meanLine}\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n}\n`;
const MEAN_ON_HOST = 'function meanOnHost(x) {\n  return jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);\n}\n';
const STOPPED = 'const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));';
const vjpRule = (bwd) => `${MEAN_ON_HOST}const meanVjp = jax.customVjp(meanOnHost);\nmeanVjp.defvjp((x) => [meanOnHost(x), x], ${bwd});\n`;
const jvpRule = (rule) => `${MEAN_ON_HOST}const meanJvp = jax.customJvp(meanOnHost);\nmeanJvp.defjvp(${rule});\n`;

/** [exercise, label, code]: every check passes. */
export const right = [
  [P, 'the solution', pure(HOST(), PURE_CALL)],
  [P, 'spec in a variable', pure(HOST(), `const spec = ${SPEC};\n  return jax.pureCallback(hostDouble, spec, x);`)],
  [P, 'jax.jit at top level (the README form)', `${HOST()}const pureCallbackDoubler = jax.jit((x) => jax.pureCallback(hostDouble, ${SPEC}, x));\n`],
  [P, 'jax.jit inside', `${HOST()}function pureCallbackDoubler(x) {\n  return jax.jit((y) => jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(y.shape, y.dtype), y))(x);\n}\n`],
  [P, 'arrow functions', `const hostDouble = (arr) => np.asarray(arr).mul(2);\nconst pureCallbackDoubler = (x) => jax.pureCallback(hostDouble, ${SPEC}, x);\n`],
  [P, 'nested host function', `function pureCallbackDoubler(x) {\n  function inner(arr) { return np.asarray(arr).mul(2); }\n  return jax.pureCallback(inner, ${SPEC}, x);\n}\n`],
  [P, 'add(a, a) on the host', pure(HOST('const a = np.asarray(arr);\n  return a.add(a);'), PURE_CALL)],
  [P, 'host copies before writing', pure(HOST('const a = np.asarray(arr);\n  const out = a.data.slice();\n  for (let i = 0; i < out.length; i++) out[i] *= 2;\n  return out;'), PURE_CALL)],
  [P, 'host returns a Float64Array (narrowed to float32 as in JAX)', pure(HOST('return Float64Array.from(np.asarray(arr).data, (v) => 2 * v);'), PURE_CALL)],
  [P, 'a cache filled once per input (the same state after a repeat)', pure(`const cache = new Map();\n${HOST('const a = np.asarray(arr);\n  const key = Array.from(a.data).join();\n  if (!cache.has(key)) cache.set(key, a.mul(2));\n  return cache.get(key);')}`, PURE_CALL)],
  [P, 'a factor set up on the first call', pure(`let factor = null;\n${HOST('factor ??= 2;\n  return np.asarray(arr).mul(factor);')}`, PURE_CALL)],
  [P, 'a jnp-free host with a vmapMethod', pure(HOST(), `return jax.pureCallback(hostDouble, ${SPEC}, x, { vmapMethod: 'sequential' });`)],
  [I, 'the solution', io(HOST(), IO_CALL)],
  [I, 'jax.experimental.ioCallback', io(HOST(), `return jax.experimental.ioCallback(hostDouble, ${SPEC}, x, { ordered: true });`)],
  [I, 'jax.jit at top level', `${HOST()}const ioCallbackPassthrough = jax.jit((x) => ioCallback(hostDouble, ${SPEC}, x, { ordered: true }));\n`],
  [I, 'arrow functions', `const hostDouble = (arr) => np.asarray(arr).mul(2);\nconst ioCallbackPassthrough = (x) => ioCallback(hostDouble, ${SPEC}, x, { ordered: true });\n`],
  [I, 'add(a, a) on the host', io(HOST('const a = np.asarray(arr);\n  return a.add(a);'), IO_CALL)],
  [I, 'host without np.asarray, as the lesson\'s step 1 (arr times 2)', io(HOST('return arr.mul(2);'), IO_CALL)],
  [I, 'jax.jit inside', `${HOST()}function ioCallbackPassthrough(x) {\n  return jax.jit((y) => ioCallback(hostDouble, jax.ShapeDtypeStruct(y.shape, y.dtype), y, { ordered: true }))(x);\n}\n`],
  [G, 'fix 1: stopGradient on the callback input', loss(STOPPED)],
  [G, 'fix 2: customVjp', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).mul(ct).div(x.size)]'))],
  [G, 'fix 2: customJvp', loss('const mean = meanJvp(x);', jvpRule('([x], [t]) => [meanOnHost(x), t.sum().div(x.size)]'))],
  [G, 'fix 2: customVjp saving the length as a number (it stays a number in bwd, as in JAX)', loss('const mean = meanVjp(x);', `${MEAN_ON_HOST}const meanVjp = jax.customVjp(meanOnHost);\nmeanVjp.defvjp((x) => [meanOnHost(x), x.size], (n, ct) => [jnp.full([n], ct.div(n))]);\n`)],
  [G, 'fix 3: jnp ops', 'function centeredLoss(x) {\n  const mean = x.sum().div(x.size);\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n}\n'],
  [G, 'stopGradient fix under jax.jit at top level', `${MEAN}const centeredLoss = jax.jit((x) => {\n  ${STOPPED}\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n});\n`],
  [G, 'customVjp around the whole loss', `${MEAN}function lossOnHost(x) {\n  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n}\nconst centeredLoss = jax.customVjp(lossOnHost);\ncenteredLoss.defvjp((x) => [lossOnHost(x), x], (x, ct) => [x.sub(x.sum().div(x.size)).mul(2).mul(ct)]);\n`],
  [G, 'host mean returns a plain number', loss(STOPPED, '', 'function hostMean(arr) {\n  const a = np.asarray(arr);\n  let total = 0;\n  for (let i = 0; i < a.size; i++) total += a.data[i];\n  return total / a.size;\n}\n')],
  [G, 'arrow host and stopGradient', loss(STOPPED, '', 'const hostMean = (arr) => { const a = np.asarray(arr); return a.sum().div(a.size); };\n')],
];

// The wrong ones: [exercise, kind, label, code, failing check (regex on its name), message (regex)].
const w = (exercise, kind, label, code, check, message) => [exercise, kind, label, code, check, message];

export const wrong = [
  // -- untouched starters: one message that says where to start
  ...['pure-callback-doubler', 'io-callback-doubler', 'grad-through-callback'].map((id) => w(id, 'starter', 'the untouched starter', null, /you have started/, /^Start /)),

  // -- the result is not the callback's (native arithmetic, declaration returned, x returned)
  w(P, 'native', 'x.mul(2) natively, no callback', 'function pureCallbackDoubler(x) {\n  return x.mul(2);\n}\n', /calls the host through jax.pureCallback/, /no pure_callback in the traced program: it computes natively \(mul\)/),
  w(P, 'native', 'doubling natively after an identity callback', pure(HOST('return np.asarray(arr);'), `return jax.pureCallback(hostDouble, ${SPEC}, x).mul(2);`), /returns the callback's result/, /the output comes from mul \(line 5\), not from the pure_callback/),
  w(P, 'native', 'doubling natively before an identity callback', pure(HOST('return np.asarray(arr);'), `return jax.pureCallback(hostDouble, ${SPEC}, x.mul(2));`), /returns the callback's result/, /the callback gets the result of mul \(line 5\), not x/),
  w(P, 'native', 'adds x to an identity callback', pure(HOST('return np.asarray(arr);'), `return jax.pureCallback(hostDouble, ${SPEC}, x).add(x);`), /returns the callback's result/, /output comes from add/),
  w(P, 'native', 'a jax.debug.callback to the host, then x.mul(2)', pure(HOST(), `jax.debug.callback(hostDouble, x);\n  return x.mul(2);`), /calls the host through jax.pureCallback/, /computes natively \(mul\) \(the jax\.debug callback \(line 5\) only observes; its host's answer is not used\)/),
  w(P, 'declaration', 'declaration and operand swapped', pure(HOST(), `return jax.pureCallback(hostDouble, x, ${SPEC});`), /calls the host through jax.pureCallback/, /operand 1 \(the arguments after the result declaration\) must be an array or a number, got a ShapeDtypeStruct/),
  w(P, 'native', 'returns the ShapeDtypeStruct', pure(HOST(), `const spec = ${SPEC};\n  jax.pureCallback(hostDouble, spec, x);\n  return spec;`), /calls the host through jax.pureCallback|returns the callback's result/, /returns the ShapeDtypeStruct.*return the value the callback call gives back/),
  w(P, 'native', 'returns x unchanged after an unused callback', pure(HOST(), `jax.pureCallback(hostDouble, ${SPEC}, x);\n  return x;`), /calls the host through jax.pureCallback/, /no pure_callback in the traced program/),
  w(P, 'native', 'computes natively, callback result unused', pure(HOST(), `jax.pureCallback(hostDouble, ${SPEC}, x);\n  return x.mul(2);`), /calls the host through jax.pureCallback/, /computes natively \(mul\)/),
  w(I, 'native', 'doubling natively after an identity io callback', io(HOST('return np.asarray(arr);'), `return ioCallback(hostDouble, ${SPEC}, x, { ordered: true }).mul(2);`), /returns the callback's result/, /output comes from mul/),
  w(I, 'native', 'doubling natively before an identity io callback', io(HOST('return np.asarray(arr);'), `return ioCallback(hostDouble, ${SPEC}, x.add(x), { ordered: true });`), /returns the callback's result/, /the callback gets the result of add/),
  w(I, 'native', 'returns x after an io callback', io(HOST(), `ioCallback(hostDouble, ${SPEC}, x, { ordered: true });\n  return x;`), /returns the callback's result/, /returns x unchanged/),

  // -- decoys: every callback is inspected, not the first
  w(P, 'decoy', 'a decoy pure callback next to an io callback that makes the result', pure(HOST(), `jax.pureCallback(hostDouble, ${SPEC}, x);\n  return ioCallback(hostDouble, ${SPEC}, x);`), /calls the host through jax.pureCallback/, /found io_callback instead/),
  w(P, 'decoy', 'a second pure callback feeding the first', pure(`${HOST()}${HOST('return np.asarray(arr);', 'same')}`, `const y = jax.pureCallback(same, ${SPEC}, x);\n  return jax.pureCallback(hostDouble, ${SPEC}, y);`), /returns the callback's result/, /the callback gets the result of pure_callback/),
  w(P, 'decoy', 'an extra io callback whose result is unused', pure(HOST(), `ioCallback(hostDouble, ${SPEC}, x);\n  ${PURE_CALL}`), /no other callback/, /a second io_callback \(of hostDouble\).*remove this one/),
  w(I, 'decoy', 'an unordered io decoy before the ordered one', io(`${HOST()}${HOST('return np.asarray(arr);', 'idle')}`, `ioCallback(idle, ${SPEC}, x);\n  ${IO_CALL}`), /every host function doubles/, /idle.*returned/),
  w(I, 'decoy', 'a pure callback makes the result, an io decoy beside it', io(HOST(), `ioCallback(hostDouble, ${SPEC}, x, { ordered: true });\n  return jax.pureCallback(hostDouble, ${SPEC}, x);`), /returns the callback's result/, /output comes from pure_callback/),
  w(P, 'decoy', 'jax.debug.print next to the callback', pure(HOST(), `jax.debug.print('x = {}', x);\n  ${PURE_CALL}`), /no other callback/, /a jax.debug print or callback \(line 5\)/),

  // -- code that traces differently per length: every traced length is judged, not one
  w(P, 'decoy', 'callback only at one length, natively elsewhere', pure(HOST(), `if (x.shape[0] === 3) ${PURE_CALL}\n  return x.mul(2);`), /calls the host through jax.pureCallback/, /for an input of length \d, no pure_callback in the traced program.*no branching on the shape/),
  w(I, 'decoy', 'io callback only at one length, natively elsewhere', io(HOST(), `if (x.shape[0] === 3) ${IO_CALL}\n  return x.mul(2);`), /calls the host through ioCallback/, /for an input of length \d, no io_callback/),
  w(P, 'decoy', 'jax.debug.print at the other lengths', pure(HOST(), `if (x.shape[0] !== 3) jax.debug.print('x = {}', x);\n  ${PURE_CALL}`), /no other callback/, /for an input of length \d, a jax.debug print or callback \(line 5\)/),
  w(G, 'grad', 'ioCallback mean at the other lengths', loss(`const mean = x.shape[0] === 4 ? jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x)) : ioCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));`), /uses a valid fix/, /for an input of length \d, the mean goes through ioCallback/),

  // -- the host tested by itself on generated inputs
  w(P, 'host', 'host answers differently on later calls', pure('let calls = 0;\n' + HOST('calls += 1;\n  return np.asarray(arr).mul(calls > 8 ? 3 : 2);'), PURE_CALL), /every host function doubles/, /returned .*it should return/),
  w(P, 'host', 'host wrong on longer inputs', pure(HOST('const a = np.asarray(arr);\n  return a.size > 3 ? a : a.mul(2);'), PURE_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'host with a fixed buffer of 8 values', pure(HOST('const a = np.asarray(arr);\n  const out = new Float32Array(8);\n  for (let i = 0; i < a.size; i++) out[i] = 2 * a.data[i];\n  return out.slice(0, a.size);'), PURE_CALL), /every host function doubles/, /returned .*it should return/),
  w(I, 'host', 'io host stops doubling from length 8', io(HOST('const a = np.asarray(arr);\n  return a.size >= 8 ? a : a.mul(2);'), IO_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'lookup table of known test inputs', pure(HOST('const table = { "1,-2,3": [2, -4, 6], "5,6,7": [10, 12, 14], "": [] };\n  const key = Array.from(np.asarray(arr).data).join(",");\n  return np.array(table[key] ?? Array.from(np.asarray(arr).data), "float32");'), PURE_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'host squares instead of doubling', pure(HOST('const a = np.asarray(arr);\n  return a.mul(a);'), PURE_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'host adds 2', pure(HOST('return np.asarray(arr).add(2);'), PURE_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'host fails on the empty input', pure(HOST('const a = np.asarray(arr);\n  if (a.size === 0) throw new Error("empty");\n  return a.mul(2);'), PURE_CALL), /every host function doubles/, /threw Error: empty/),
  w(P, 'host', 'host returns nothing (TODO left)', pure(HOST('// TODO'), PURE_CALL), /every host function doubles/, /returned undefined/),
  w(P, 'host', 'an async host', pure('async function hostDouble(arr) {\n  return np.asarray(arr).mul(2);\n}\n', PURE_CALL), /every host function doubles/, /returned a Promise \(an async function\?\): .*drop async/),
  w(P, 'host', 'host returns int32', pure(HOST('return np.asarray(arr).mul(2).astype("int32");'), PURE_CALL), /every host function doubles/, /int32|should return/),
  w(P, 'host', 'host returns a plain JS array', pure(HOST('return Array.from(np.asarray(arr).data, (v) => v * 3);'), PURE_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'forgets np.asarray', pure(HOST('return arr.mul(2);'), PURE_CALL), /calls np.asarray/, /never calls np.asarray/),
  w(P, 'host', 'np.asarray on something else, not its argument', pure(HOST('np.asarray(0);\n  return arr.mul(2);'), PURE_CALL), /calls np.asarray/, /never calls np.asarray/),
  w(I, 'host', 'io host answers from a cache of earlier inputs', io('const seen = new Map();\n' + HOST('const a = np.asarray(arr);\n  const key = a.size;\n  if (!seen.has(key)) seen.set(key, a.mul(2));\n  return seen.get(key);'), IO_CALL), /every host function doubles/, /it should return/),
  w(I, 'host', 'io host triples', io(HOST('return np.asarray(arr).mul(3);'), IO_CALL), /every host function doubles/, /it should return/),
  w(I, 'host', 'io host identity', io(HOST('return np.asarray(arr);'), IO_CALL), /every host function doubles/, /it should return/),
  w(P, 'host', 'np.asarray(arr) discarded, doubled in a hand-written loop over arr', pure(HOST('np.asarray(arr);\n  const out = new Float32Array(arr.size);\n  for (let i = 0; i < out.length; i++) out[i] = 2 * arr.data[i];\n  return out;'), PURE_CALL), /calls np.asarray/, /calls np.asarray but does not compute with the array it returns: .*giving .* instead/),
  w(P, 'host', 'np.asarray(arr) discarded, arr doubled', pure(HOST('np.asarray(arr);\n  return arr.mul(2);'), PURE_CALL), /calls np.asarray/, /does not compute with the array it returns/),

  // -- purity beyond console.log
  // Anchored at the end: forwarding the print must not read as the host reading the clock.
  w(P, 'impure', 'console.log in the pure callback', pure(HOST('console.log("doubling", arr);\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /printed .*remove the print, jax\.debug\.print included$/),
  w(P, 'impure', 'console.info in the pure callback', pure(HOST('console.info("doubling");\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /printed/),
  w(P, 'impure', 'jax.debug.print inside the host', pure(HOST('jax.debug.print("host {}", np.asarray(arr).sum());\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /printed .*jax.debug.print included/),
  w(P, 'impure', 'output from a timer', pure(HOST('setTimeout(() => console.log("later"), 0);\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /starts setTimeout/),
  w(P, 'impure', 'output from a microtask', pure(HOST('Promise.resolve().then(() => console.log("soon"));\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /printed “soon”/),
  w(P, 'impure', 'a counter on globalThis', pure(HOST('globalThis.calls = (globalThis.calls ?? 0) + 1;\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /writes the global calls/),
  w(P, 'impure', 'reads Math.random', pure(HOST('const noise = Math.random() * 0;\n  return np.asarray(arr).mul(2 + noise);'), PURE_CALL), /pure callback is pure/, /reads Math.random\(\)/),
  w(P, 'impure', 'reads Date.now', pure(HOST('const t = Date.now();\n  return np.asarray(arr).mul(t > 0 ? 2 : 0);'), PURE_CALL), /pure callback is pure/, /reads Date.now\(\)/),
  w(P, 'impure', 'reads performance.now', pure(HOST('const t = performance.now();\n  return np.asarray(arr).mul(t >= 0 ? 2 : 0);'), PURE_CALL), /pure callback is pure/, /reads performance.now\(\)/),
  w(P, 'impure', 'reads new Date()', pure(HOST('const d = new Date();\n  return np.asarray(arr).mul(d ? 2 : 0);'), PURE_CALL), /pure callback is pure/, /reads new Date\(\)/),
  w(P, 'impure', 'reaches the real Date through new Date(0).constructor', pure(HOST('const t = new (new Date(0).constructor)().getTime();\n  return np.asarray(arr).mul(t > 0 ? 2 : 0);'), PURE_CALL), /pure callback is pure/, /reads new Date\(\)/),
  w(P, 'impure', 'reads the clock through Performance.prototype.now', pure(HOST('const t = Object.getPrototypeOf(performance).now.call(performance);\n  return np.asarray(arr).mul(t >= 0 ? 2 : 0);'), PURE_CALL), /pure callback is pure/, /reads performance.now\(\)/),
  w(P, 'impure', 'random bytes through Crypto.prototype', pure(HOST('Object.getPrototypeOf(crypto).getRandomValues.call(crypto, new Uint8Array(1));\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /reads crypto.getRandomValues\(\)/),
  w(P, 'impure', 'reads the clock through Intl.DateTimeFormat', pure(HOST('new Intl.DateTimeFormat().format();\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /reads Intl.DateTimeFormat\(\).format\(\)/),
  w(P, 'impure', 'a counter on Math', pure(HOST('Math.calls = (Math.calls || 0) + 1;\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /writes the global Math.calls/),
  w(P, 'impure', 'a counter on Object.prototype', pure(HOST('Object.prototype.calls = (Object.prototype.calls || 0) + 1;\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /writes the global Object.prototype.calls/),
  w(P, 'impure', 'a counter inside a global object', `globalThis.state = { n: 0 };\n${pure(HOST('state.n += 1;\n  return np.asarray(arr).mul(2);'), PURE_CALL)}`, /pure callback is pure/, /writes the global state.n/),
  w(P, 'impure', 'a top-level counter the answer never uses', pure(`let calls = 0;\n${HOST('calls += 1;\n  return np.asarray(arr).mul(2);')}`, PURE_CALL), /pure callback is pure/, /hostDouble \(line 2\) changes calls \(a variable of your code\) between calls .*must not keep state/),
  w(P, 'impure', 'an attribute of a top-level object', pure(`const counter = { n: 0 };\n${HOST('counter.n += 1;\n  return np.asarray(arr).mul(2);')}`, PURE_CALL), /pure callback is pure/, /changes counter\.n \(counter is a variable of your code\) between calls/),
  w(P, 'impure', 'a static field of a class', pure(`class Counter { static n = 0; }\n${HOST('Counter.n++;\n  return np.asarray(arr).mul(2);')}`, PURE_CALL), /pure callback is pure/, /changes Counter\.n \(Counter is a variable of your code\)/),
  w(P, 'impure', 'a property of the host function', pure(HOST('hostDouble.calls = (hostDouble.calls ?? 0) + 1;\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /changes hostDouble\.calls/),
  w(P, 'impure', 'appends to a top-level list', pure(`const seen = [];\n${HOST('seen.push(np.asarray(arr).size);\n  return np.asarray(arr).mul(2);')}`, PURE_CALL), /pure callback is pure/, /changes seen \(a variable of your code\)/),
  w(P, 'impure', 'a top-level return hides the variables', `${pure(`let calls = 0;\n${HOST('calls += 1;\n  return np.asarray(arr).mul(2);')}`, PURE_CALL)}return pureCallbackDoubler;\n`, /pure callback is pure/, /could not read the variables hostDouble .* can see \(does your code return at the top level\?\)/),
  w(P, 'impure', 'sorts its input in place', pure(HOST('const a = np.asarray(arr);\n  const out = a.mul(2);\n  a.data.sort();\n  return out;'), PURE_CALL), /pure callback is pure/, /changed its input in place/),
  w(P, 'impure', 'doubles its input in place', pure(HOST('const a = np.asarray(arr);\n  for (let i = 0; i < a.data.length; i++) a.data[i] *= 2;\n  return a;'), PURE_CALL), /pure callback is pure/, /changed its input in place/),
  w(P, 'impure', 'keeps state between calls (answers differ)', pure('let scale = 1;\n' + HOST('scale *= 2;\n  return np.asarray(arr).mul(scale);'), PURE_CALL), /every host function doubles/, /returned .*it should return/),
  w(P, 'impure', 'a fetch from the host', pure(HOST('try { fetch("/x"); } catch {}\n  return np.asarray(arr).mul(2);'), PURE_CALL), /pure callback is pure/, /tries fetch/),

  // -- io: ordered, and the course's rule (no logs, files or requests)
  w(I, 'io', 'io without ordered: true', io(HOST(), `return ioCallback(hostDouble, ${SPEC}, x);`), /passes \{ ordered: true \}/, /ordered=False: pass \{ ordered: true \}/),
  w(I, 'io', 'ordered: false spelled out', io(HOST(), `return ioCallback(hostDouble, ${SPEC}, x, { ordered: false });`), /passes \{ ordered: true \}/, /ordered=False/),
  w(I, 'io', 'ordered: 1 (truthy, not the boolean)', io(HOST(), `return ioCallback(hostDouble, ${SPEC}, x, { ordered: 1 });`), /calls the host through ioCallback/, /option ordered must be true or false, got 1/),
  w(I, 'io', 'a pure callback instead', io(HOST(), `return jax.pureCallback(hostDouble, ${SPEC}, x);`), /calls the host through ioCallback/, /found pure_callback instead/),
  w(I, 'io', 'an io callback that logs', io(HOST('console.log("saving", arr);\n  return np.asarray(arr).mul(2);'), IO_CALL), /no logs, files or requests/, /prints .*remove the log/),
  w(I, 'io', 'an io callback with jax.debug.print', io(HOST('jax.debug.print("saving");\n  return np.asarray(arr).mul(2);'), IO_CALL), /no logs, files or requests/, /prints .*remove the log/),
  w(I, 'io', 'an io callback that sends a request', io(HOST('try { fetch("/log"); } catch {}\n  return np.asarray(arr).mul(2);'), IO_CALL), /no logs, files or requests/, /tries fetch/),
  w(I, 'io', 'a log while tracing, outside the host', io(HOST(), `console.log('tracing', x.shape);\n  ${IO_CALL}`), /no logs, files or requests/, /your code prints “tracing.*\(line 5\).*no logs anywhere/),
  w(I, 'io', 'a log when the code loads', `console.log('loaded');\n${io(HOST(), IO_CALL)}`, /no logs, files or requests/, /your code prints “loaded” \(line 1\)/),
  w(I, 'io', 'natively, no callback', 'function ioCallbackPassthrough(x) {\n  return x.mul(2);\n}\n', /calls the host through ioCallback/, /no io_callback in the traced program/),

  // -- declarations that do not follow the input
  w(P, 'declaration', 'hard-coded ShapeDtypeStruct([3], ...)', pure(HOST(), "return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct([3], 'float32'), x);"), /declares the result/, /for an input of type float32\[0\] the declaration says float32\[3\]: write jax.ShapeDtypeStruct\(x.shape, x.dtype\)/),
  w(P, 'declaration', 'declares int32', pure(HOST(), "return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, 'int32'), x);"), /declares the result/, /declaration says int32\[3\]/),
  w(P, 'declaration', 'declares a scalar', pure(HOST(), 'return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct([], x.dtype), x);'), /declares the result/, /declaration says float32\[\]/),
  w(I, 'declaration', 'declares a scalar', io(HOST(), 'return ioCallback(hostDouble, jax.ShapeDtypeStruct([], x.dtype), x, { ordered: true });'), /declares the result/, /declaration says float32\[\]/),
  w(I, 'declaration', 'hard-coded length 3', io(HOST(), "return ioCallback(hostDouble, jax.ShapeDtypeStruct([3], 'float32'), x, { ordered: true });"), /declares the result/, /jax.ShapeDtypeStruct\(x.shape, x.dtype\)/),
  w(P, 'declaration', 'declares two results', pure(HOST(), `return jax.pureCallback(hostDouble, [${SPEC}, ${SPEC}], x)[0];`), /declares the result/, /2 results/),

  // -- code that does not load or does not define the entry point
  w(P, 'load', 'a syntax error', pure(HOST(), 'return jax.pureCallback(hostDouble, (x);'), /your code loads/, /SyntaxError/),
  w(P, 'load', 'the entry point misspelled', `${HOST()}function pureCallbackDoubled(x) {\n  ${PURE_CALL}\n}\n`, /your code loads/, /does not define a function named pureCallbackDoubler/),

  // -- code that reaches for the grader (each Check runs in a fresh worker; the observer keeps
  //    its own references, the verdict is computed in the page)
  w(P, 'tamper', 'forges the answer through a patched postMessage', `const realPost = self.postMessage.bind(self);\nself.postMessage = (m) => realPost(m && m.type === 'done' ? { ...m, out: { load: null, runs: [], hosts: [], binds: [], custom: [], program: null } } : m);\n${pure(HOST('return np.asarray(arr);'), PURE_CALL)}`, /every host function doubles/, /it should return/),
  w(P, 'tamper', 'replaces jax.jit and jnp.array', `jax.jit = () => (x) => x;\njnp.array = () => jnp.zeros([0]);\n${'function pureCallbackDoubler(x) {\n  return x.mul(2);\n}\n'}`, /calls the host through jax.pureCallback/, /computes natively \(mul\)/),
  w(P, 'tamper', 'empties Array.prototype.slice to hide its prints', `Array.prototype.slice = function () { return []; };\n${pure(HOST('console.log("hidden?");\n  return np.asarray(arr).mul(2);'), PURE_CALL)}`, /pure callback is pure/, /printed “hidden\?”/),
  w(P, 'tamper', 'replaces the array iterator', `Array.prototype[Symbol.iterator] = function* () {};\n${pure(HOST('return np.asarray(arr);'), PURE_CALL)}`, /./, /./),
  w(P, 'tamper', 'silences the grader with console and print handlers', `jax.debug.setPrintHandler(() => {});\nconsole.log = () => {};\n${pure(HOST('jax.debug.print("still printed");\n  return np.asarray(arr).mul(2);'), PURE_CALL)}`, /pure callback is pure/, /printed “still printed”/),

  w(P, 'tamper', 'an identity host, toHostArray patched to show Check doubled numbers', `const proto = Object.getPrototypeOf(jnp.zeros([1]));\nconst real = proto.toHostArray;\nproto.toHostArray = function () {\n  const h = real.call(this);\n  return /arrayData/.test(new Error().stack) ? np.array(Array.from(h.data, (v) => 2 * v), 'float32') : h;\n};\n${pure(HOST('return jnp.array(np.asarray(arr).data);'), PURE_CALL)}`, /built-ins/, /replaces jax.Array.prototype.toHostArray/),
  w(P, 'tamper', 'replaces Number to change what Check reads', `globalThis.Number = (v) => +v * 2;\n${pure(HOST('return np.asarray(arr);'), PURE_CALL)}`, /leaves the engine working/, /Number\.isInteger is not a function.*replace a built-in/),

  // -- step 3: wrong fixes, wrong rules, hard-coded answers
  w(G, 'grad', 'no fix', loss('const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);'), /uses a valid fix/, /gets a value that carries a gradient/),
  w(G, 'grad', 'stopGradient on the callback output (too late)', loss('const mean = jax.lax.stopGradient(jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x));'), /jax.grad of the loss/, /Pure callbacks do not support JVP/),
  w(G, 'grad', 'stopGradient on x everywhere', `${MEAN}function centeredLoss(x) {\n  const xs = jax.lax.stopGradient(x);\n  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), xs);\n  const d = xs.sub(mean);\n  return d.mul(d).sum();\n}\n`, /jax.grad of the loss/, /all zeros, so no gradient reaches x/),
  w(G, 'grad', 'switches to ioCallback', loss('const mean = ioCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));'), /uses a valid fix/, /goes through ioCallback/),
  w(G, 'grad', 'declares the mean with the shape of x', loss('const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct(x.shape, x.dtype), jax.lax.stopGradient(x));'), /declares the host mean/, /the declaration says float32\[4\], but a mean is one number/),
  w(G, 'grad', 'hard-coded mean', 'function centeredLoss(x) {\n  const d = x.sub(3);\n  return d.mul(d).sum();\n}\n', /the loss is/, /expected/),
  w(G, 'grad', 'pasted gradients', 'function plainLoss(x) {\n  const d = x.sub(x.sum().div(x.size));\n  return d.mul(d).sum();\n}\nconst centeredLoss = jax.customVjp(plainLoss);\ncenteredLoss.defvjp((x) => [plainLoss(x), x], (x, ct) => [jnp.array([-4, -2, 0, 6]).mul(ct)]);\n', /jax.grad of the loss/, /on \[/),
  w(G, 'grad', 'jax.debug.print of the mean', loss(`${STOPPED}\n  jax.debug.print('mean {}', mean);`), /uses a valid fix/, /a jax.debug print or callback \(line 7\): the loss needs none; remove it/),
  w(G, 'grad', 'host mean off by one element', loss(STOPPED, '', 'function hostMean(arr) {\n  const a = np.asarray(arr);\n  return a.sum().div(a.size - 1);\n}\n'), /every host function returns the mean/, /it should return/),
  w(G, 'grad', 'host mean with a console.log', loss(STOPPED, '', 'function hostMean(arr) {\n  console.log("mean of", arr);\n  const a = np.asarray(arr);\n  return a.sum().div(a.size);\n}\n'), /pure callback is pure/, /printed/),
  w(G, 'grad', 'host mean counting its calls', loss(STOPPED, '', 'let calls = 0;\nfunction hostMean(arr) {\n  calls += 1;\n  const a = np.asarray(arr);\n  return a.sum().div(a.size);\n}\n'), /pure callback is pure/, /changes calls \(a variable of your code\)/),
  w(G, 'grad', 'host mean reading Math.random', loss(STOPPED, '', 'function hostMean(arr) {\n  const a = np.asarray(arr);\n  return a.sum().div(a.size).add(Math.random() * 0);\n}\n'), /pure callback is pure/, /reads Math.random/),
  w(G, 'rule', 'custom VJP returning zeros (the loss hides it)', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.zeros(x.shape)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom VJP ignoring the cotangent', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).div(x.size)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom VJP with a wrong scale', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).mul(ct)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom VJP wrong for negative cotangents (abs)', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).mul(jnp.exp(jnp.log(ct.mul(ct)).div(2))).div(x.size)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom VJP zero for cotangents of 5 and more', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).mul(ct).mul(ct.lt(5).astype("float32")).div(x.size)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom VJP wrong at length 6 only', loss('const mean = meanVjp(x);', vjpRule('(x, ct) => [jnp.ones(x.shape).mul(ct).div(x.size).mul(x.size === 6 ? 0 : 1)]')), /custom VJP rule of meanOnHost is the true derivative/, /should give ct \/ n/),
  w(G, 'rule', 'custom JVP returning a zero tangent', loss('const mean = meanJvp(x);', jvpRule('([x], [t]) => [meanOnHost(x), t.sum().mul(0)]')), /custom JVP rule of meanOnHost is the true derivative/, /sum\(t\) \/ n/),
  w(G, 'rule', 'custom JVP summing instead of averaging', loss('const mean = meanJvp(x);', jvpRule('([x], [t]) => [meanOnHost(x), t.sum()]')), /custom JVP rule of meanOnHost is the true derivative/, /sum\(t\) \/ n/),
  w(G, 'rule', 'custom JVP twice too large', loss('const mean = meanJvp(x);', jvpRule('([x], [t]) => [meanOnHost(x), t.sum().mul(2).div(x.size)]')), /custom JVP rule of meanOnHost is the true derivative/, /sum\(t\) \/ n/),
];

/** Counts by kind, for the report and the closing note. */
export const countsByKind = () => Object.fromEntries([...new Set(wrong.map((c) => c[1]))].map((k) => [k, wrong.filter((c) => c[1] === k).length]));
