// Solutions a learner is likely to write for the three exercises (not a test file): the correct
// ones, which Check must accept, and typical mistakes, each with the check that must fail and
// the words its message must contain. Used by checker.test.mjs.

const pure = (host, body) => `${host}\nfunction pureCallbackDoubler(x) {\n${body}\n}\n`;
const HOST_DOUBLE = 'function hostDouble(arr) {\n  return np.asarray(arr).mul(2);\n}';
const PURE_CALL = '  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);';

const io = (host, body) => `${host}\nfunction ioCallbackPassthrough(x) {\n${body}\n}\n`;
const HOST_IO = 'function doubleOnHost(arr) {\n  return np.asarray(arr).mul(2);\n}';
const IO_CALL = '  return ioCallback(doubleOnHost, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true });';

const HOST_MEAN = 'function hostMean(arr) {\n  const a = np.asarray(arr);\n  return a.sum().div(a.size);\n}';
const loss = (meanLine, extra = '') => `${HOST_MEAN}\n${extra}function centeredLoss(x) {\n${meanLine}\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n}\n`;
const MEAN_ON_HOST = 'function meanOnHost(x) {\n  return jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);\n}\n';

/** [exercise, label, code] that must pass every check. */
export const correct = [
  ['pure-callback-doubler', 'the starter solution', pure(HOST_DOUBLE, PURE_CALL)],
  ['io-callback-doubler', 'the starter solution', io(HOST_IO, IO_CALL)],
  ['io-callback-doubler', 'an io callback that logs (side effects are its job)',
    io('function doubleOnHost(arr) {\n  console.log("saving", arr);\n  return np.asarray(arr).mul(2);\n}', IO_CALL)],
  ['grad-through-callback', 'fix 1: stopGradient on the callback input',
    loss('  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));')],
  ['grad-through-callback', 'fix 2: customVjp',
    loss('  const mean = meanVjp(x);', `${MEAN_ON_HOST}const meanVjp = jax.customVjp(meanOnHost);\nmeanVjp.defvjp((x) => [meanOnHost(x), x], (x, ct) => [jnp.ones(x.shape).mul(ct).div(x.size)]);\n`)],
  ['grad-through-callback', 'fix 2: customJvp',
    loss('  const mean = meanJvp(x);', `${MEAN_ON_HOST}const meanJvp = jax.customJvp(meanOnHost);\nmeanJvp.defjvp(([x], [t]) => [meanOnHost(x), t.sum().div(x.size)]);\n`)],
  ['grad-through-callback', 'fix 3: jnp ops', `function centeredLoss(x) {\n  const mean = x.sum().div(x.size);\n  const d = x.sub(mean);\n  return d.mul(d).sum();\n}\n`],
];

/**
 * [exercise, label, code, failing check (regex on its name), message (regex on its detail)];
 * names and details are matched as the page shows them (`code` spans without backticks).
 */
export const wrong = [
  ['pure-callback-doubler', 'returns the ShapeDtypeStruct',
    pure(HOST_DOUBLE, '  const spec = jax.ShapeDtypeStruct(x.shape, x.dtype);\n  jax.pureCallback(hostDouble, spec, x);\n  return spec;'),
    /returns the callback's result/, /returns the ShapeDtypeStruct.*return the value the callback call gives back/],
  ['pure-callback-doubler', 'x.mul(2) natively, no callback', 'function pureCallbackDoubler(x) {\n  return x.mul(2);\n}\n',
    /calls the host through jax.pureCallback/, /no pure_callback in the traced program: it computes natively \(mul\)/],
  ['pure-callback-doubler', 'console.log in the pure callback',
    pure('function hostDouble(arr) {\n  console.log("doubling", arr);\n  return np.asarray(arr).mul(2);\n}', PURE_CALL),
    /pure callback is pure/, /printed to the console .*Remove the console\.log/],
  ['pure-callback-doubler', 'mutates its input in place',
    pure('function hostDouble(arr) {\n  const a = np.asarray(arr);\n  for (let i = 0; i < a.data.length; i++) a.data[i] *= 2;\n  return a;\n}', PURE_CALL),
    /pure callback is pure/, /changed its input in place \(it held \[1, -2, 3\], afterwards \[2, -4, 6\]\)/],
  ['pure-callback-doubler', 'keeps state between calls (answers differ)',
    pure('let scale = 1;\nfunction hostDouble(arr) {\n  scale *= 2;\n  return np.asarray(arr).mul(scale);\n}', PURE_CALL),
    /pure callback is pure/, /called twice on \[1, -2, 3\].*must depend only on its arguments/],
  ['pure-callback-doubler', 'declares the wrong dtype',
    pure(HOST_DOUBLE, "  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, 'int32'), x);"),
    /declares the result/, /the declaration says int32\[3\], but it should be float32\[3\]/],
  ['pure-callback-doubler', 'forgets np.asarray', pure('function hostDouble(arr) {\n  return arr.mul(2);\n}', PURE_CALL),
    /calls np.asarray/, /never calls np\.asarray on its argument/],
  ['pure-callback-doubler', 'uses ioCallback instead',
    pure(HOST_DOUBLE, '  return ioCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);'),
    /calls the host through jax.pureCallback/, /found io_callback instead/],
  ['pure-callback-doubler', 'returns something else than the callback result',
    pure(HOST_DOUBLE, '  jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);\n  return x.mul(2);'),
    /returns the callback's result/, /the output comes from mul, not from the callback/],
  ['io-callback-doubler', 'io without ordered: true', io(HOST_IO, '  return ioCallback(doubleOnHost, jax.ShapeDtypeStruct(x.shape, x.dtype), x);'),
    /passes \{ ordered: true \}/, /ordered=False: pass \{ ordered: true \}/],
  ['io-callback-doubler', 'a pure callback instead', io(HOST_IO, '  return jax.pureCallback(doubleOnHost, jax.ShapeDtypeStruct(x.shape, x.dtype), x);'),
    /calls the host through ioCallback/, /found pure_callback instead/],
  ['io-callback-doubler', 'declares a scalar result', io(HOST_IO, '  return ioCallback(doubleOnHost, jax.ShapeDtypeStruct([], x.dtype), x, { ordered: true });'),
    /declares the result/, /the declaration says float32\[\], but it should be float32\[3\]/],
  ['io-callback-doubler', 'forgets np.asarray', io('function doubleOnHost(arr) {\n  return arr.mul(2);\n}', IO_CALL),
    /calls np.asarray/, /never calls np\.asarray/],
  ['grad-through-callback', 'the starter (no fix)', loss('  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x);'),
    /uses a valid fix/, /gets a value that carries a gradient/],
  ['grad-through-callback', 'stopGradient on the callback output (too late)',
    loss('  const mean = jax.lax.stopGradient(jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), x));'),
    /gradient at \[1, 2, 3, 6\]/, /Pure callbacks do not support JVP/],
  ['grad-through-callback', 'stopGradient on x everywhere (gradient all zeros)',
    `${HOST_MEAN}\nfunction centeredLoss(x) {\n  const xs = jax.lax.stopGradient(x);\n  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), xs);\n  const d = xs.sub(mean);\n  return d.mul(d).sum();\n}\n`,
    /gradient at \[1, 2, 3, 6\]/, /all zeros, so no gradient reaches x/],
  ['grad-through-callback', 'switches to ioCallback',
    loss('  const mean = ioCallback(hostMean, jax.ShapeDtypeStruct([], x.dtype), jax.lax.stopGradient(x));'),
    /uses a valid fix/, /goes through ioCallback/],
  ['grad-through-callback', 'declares the mean with the shape of x',
    loss('  const mean = jax.pureCallback(hostMean, jax.ShapeDtypeStruct(x.shape, x.dtype), jax.lax.stopGradient(x));'),
    /declares the host mean/, /the declaration says float32\[4\], but it should be float32\[\]/],
];
