// Check on Python code, without a browser: the observer (www/check/observe.js) loads the
// learner's Python through app/python-loader.js, as the engine worker does for a request with
// `language: 'python'`, and the verdict judges it like JS code. Each exercise's Python solution
// passes; wrong Python solutions fail with the message a learner needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { observe } from '../../www/check/observe.js';
import { verdict } from '../../www/check/verdict.js';
import { makePlan } from '../../www/check/plan.js';
import { useLoader } from '../../www/app/runner.js';
import { pythonLoader } from '../../www/app/python-loader.js';
import { exercises, findExercise } from '../../www/exercises.js';
import { inLanguage, pythonResults } from '../../www/exercises-python.js';

await init();
const api = { jax, jnp, np, ioCallback };
const plain = (s) => s.replace(/`/g, '');
const show = (list) => list.map((c) => `${c.pass ? '✓' : '✗'} ${plain(c.name)} — ${plain(c.detail)}`).join('\n');

async function judge(id, code) {
  const exercise = inLanguage(findExercise(id), 'python');
  const plan = makePlan(exercise);
  useLoader(pythonLoader(python));
  try {
    // In Python's spelling, as the page and the widget show them.
    return pythonResults(verdict(exercise, await observe(api, exercise, code, plan, { print: () => {} }), plan));
  } finally {
    useLoader(null);
    python.useEngineApi(null);
  }
}

// A doubler: `host` (the host's body, or a whole definition of `host`) and the entry's body.
const doubler = (host, call) => `import jax\nimport numpy as np\nfrom functools import partial\nfrom jax.experimental import io_callback\n\n${host.startsWith('def ') || host.includes('\ndef ') ? host : `def host(arr):\n    ${host}`}\n\ndef ENTRY(x):\n    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)\n    ${call}\n`;
const PURE = 'return jax.pure_callback(host, spec, x)';
const IO = 'return io_callback(host, spec, x, ordered=True)';
const DOUBLE = 'return np.asarray(arr) * 2';
// The grad exercise: a host mean, `extra` definitions, and the loss's mean line.
const HOST_MEAN = 'def host_mean(arr):\n    a = np.asarray(arr)\n    return a.sum() / a.size\n';
const loss = (extra, meanLine, host = HOST_MEAN) => `import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom functools import partial\n\n\n${host}\n\n${extra}\n\ndef ENTRY(x):\n    ${meanLine}\n    d = x - mean\n    return jnp.sum(d * d)\n`;
const ON_HOST = 'def mean_on_host(x):\n    return jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), x)\n';
const STOPPED = 'mean = jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), jax.lax.stop_gradient(x))';

// [exercise, label, code]: every check passes (besides each exercise's own solution).
const right = [
  ['io-callback-doubler', 'host returns arr * 2 without np.asarray, as the lesson\'s step 1', doubler('return arr * 2', IO)],
  ['pure-callback-doubler', 'the entry under @jax.jit', doubler(DOUBLE, PURE).replace('def ENTRY', '@jax.jit\ndef ENTRY')],
  ['pure-callback-doubler', 'the entry under @functools.partial(jax.jit, static_argnums=())', doubler(DOUBLE, PURE).replace('def ENTRY', 'import functools\n\n@functools.partial(jax.jit, static_argnums=())\ndef ENTRY')],
  ['pure-callback-doubler', 'a helper under @partial(jax.jit, static_argnums=(1,))', doubler(`${'def host(arr):\n    '}${DOUBLE}\n\n@partial(jax.jit, static_argnums=(1,))\ndef doubled(x, k):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n`, 'return doubled(x, 2)')],
  ['pure-callback-doubler', 'partial(jax.jit(f, static_argnums=1), n=3)', doubler(`def host(arr):\n    ${DOUBLE}\n\ndef impl(x, n):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\nENTRY = partial(jax.jit(impl, static_argnums=1), n=3)\n`, 'pass').replace(/\ndef ENTRY\(x\):\n[^]*$/, '\n')],
  ['io-callback-doubler', 'the entry under @partial(jax.jit)', doubler(DOUBLE, IO).replace('def ENTRY', '@partial(jax.jit)\ndef ENTRY')],
  ['pure-callback-doubler', 'a cache filled once per input (the same state after a repeat)', doubler(`cache = {}\n\ndef host(arr):\n    a = np.asarray(arr)\n    key = str(a.tolist())\n    if key not in cache:\n        cache[key] = a * 2\n    return cache[key]\n`, PURE)],
  ['pure-callback-doubler', 'a factor set up on the first call', doubler('factor = None\n\ndef host(arr):\n    global factor\n    if factor is None:\n        factor = 2\n    return np.asarray(arr) * factor\n', PURE)],
  ['pure-callback-doubler', 'a float global rebound to the same value', doubler('total = 0.0\n\ndef host(arr):\n    global total\n    total = 0.0\n    return np.asarray(arr) * 2\n', PURE)],
  ['pure-callback-doubler', 'a hand-written loop over np.asarray(arr)', doubler('def host(arr):\n    a = np.asarray(arr)\n    out = np.zeros(a.shape, np.float32)\n    for i in range(len(a)):\n        out[i] = a[i] * 2\n    return out\n', PURE)],
  ['grad-through-callback', '@jax.custom_vjp and .defvjp(fwd, bwd), bwd with jnp.full(x.shape, g / x.size)', loss(`@jax.custom_vjp\n${ON_HOST}\n\ndef fwd(x):\n    return mean_on_host(x), x\n\n\ndef bwd(x, g):\n    return (jnp.full(x.shape, g / x.size),)\n\n\nmean_on_host.defvjp(fwd, bwd)`, 'mean = mean_on_host(x)')],
  ['grad-through-callback', '@jax.custom_vjp saving the length, an int in bwd as in JAX', loss(`@jax.custom_vjp\n${ON_HOST}\n\ndef fwd(x):\n    return mean_on_host(x), x.shape[0]\n\n\ndef bwd(n, g):\n    return (jnp.full((n,), g / n),)\n\n\nmean_on_host.defvjp(fwd, bwd)`, 'mean = mean_on_host(x)')],
  ['grad-through-callback', '@jax.custom_vjp saving x.shape', loss(`@jax.custom_vjp\n${ON_HOST}\n\nmean_on_host.defvjp(lambda x: (mean_on_host(x), x.shape), lambda shape, g: (jnp.ones(shape) * g / shape[0],))`, 'mean = mean_on_host(x)')],
  ['grad-through-callback', '@jax.custom_jvp and @mean_on_host.defjvp', loss(`@jax.custom_jvp\n${ON_HOST}\n\n@mean_on_host.defjvp\ndef mean_jvp(primals, tangents):\n    (x,), (t,) = primals, tangents\n    return mean_on_host(x), jnp.sum(t) / x.size`, 'mean = mean_on_host(x)')],
  ['grad-through-callback', 'stop_gradient under @partial(jax.jit, static_argnums=())', loss('', STOPPED).replace('def ENTRY', '@partial(jax.jit, static_argnums=())\ndef ENTRY')],
];

for (const ex of exercises) right.unshift([ex.id, 'the solution', inLanguage(ex, 'python').solution]);

// [exercise, label, code (null: the starter), failing check's name, its message]
const wrong = [
  ['pure-callback-doubler', 'triples', doubler('return np.asarray(arr) * 3', PURE), /host/, /./],
  ['pure-callback-doubler', 'host without return', doubler('np.asarray(arr) * 2', PURE), /./, /returned None \(no return statement\?\)/],
  ['pure-callback-doubler', 'no callback', doubler(DOUBLE, 'return x * 2'), /./, /pure_callback|pureCallback|callback/],
  ['pure-callback-doubler', 'fixed declaration', doubler(DOUBLE, 'return jax.pure_callback(host, jax.ShapeDtypeStruct((3,), x.dtype), x)'), /./, /ShapeDtypeStruct|shape/],
  ['io-callback-doubler', 'unordered', doubler(DOUBLE, 'return io_callback(host, spec, x)'), /./, /pass ordered=True as a keyword argument/],
  ['io-callback-doubler', 'pure instead of io', doubler(DOUBLE, PURE), /./, /io|ioCallback|io_callback/],
  ['io-callback-doubler', 'logs', doubler('print("doubling", arr)\n    return np.asarray(arr) * 2', IO), /./, /print|log|output/i],
  ['pure-callback-doubler', 'impure host (counts calls)', doubler('calls = []\n\ndef host(arr):\n    calls.append(1)\n    return np.asarray(arr) * len(calls)\n', PURE), /doubles/, /should return/],
  ['pure-callback-doubler', 'no np.asarray on the host', doubler('return arr * 2', PURE), /asarray/, /np\.asarray/],
  ['pure-callback-doubler', 'np.asarray(arr) discarded, arr * 2', doubler('np.asarray(arr)\n    return arr * 2', PURE), /asarray/, /calls np\.asarray but does not compute with the array it returns/],
  ['pure-callback-doubler', 'np.asarray(arr) discarded, a hand-written loop over arr', doubler('np.asarray(arr)\n    out = np.zeros(arr.shape, np.float32)\n    for i in range(len(arr)):\n        out[i] = arr[i] * 2\n    return out', PURE), /asarray/, /does not compute with the array it returns: called on .* giving .* instead/],
  ['pure-callback-doubler', 'a global counter the answer never uses', doubler('calls = 0\n\ndef host(arr):\n    global calls\n    calls += 1\n    return np.asarray(arr) * 2\n', PURE), /pure callback is pure/, /host \(line \d+\) changes calls \(a global\) between calls .*must not keep state/],
  ['pure-callback-doubler', 'a nonlocal counter', doubler('def make():\n    n = 0\n\n    def inner(arr):\n        nonlocal n\n        n += 1\n        return np.asarray(arr) * 2\n    return inner\n\nhost = make()\n', PURE), /pure callback is pure/, /changes n \(a variable of the enclosing function\)/],
  ['pure-callback-doubler', 'a mutated default argument', doubler('def host(arr, seen=[]):\n    seen.append(1)\n    return np.asarray(arr) * 2\n', PURE), /pure callback is pure/, /changes seen \(a default argument of host\)/],
  ['pure-callback-doubler', 'an attribute of the host function', doubler("def host(arr):\n    host.calls = getattr(host, 'calls', 0) + 1\n    return np.asarray(arr) * 2\n", PURE), /pure callback is pure/, /changes host\.calls \(host is the host function\)/],
  ['pure-callback-doubler', 'an entry of a global dict', doubler("stats = {'n': 0}\n\ndef host(arr):\n    stats['n'] += 1\n    return np.asarray(arr) * 2\n", PURE), /pure callback is pure/, /changes stats \(a global\)/],
  ['pure-callback-doubler', 'writes into a global NumPy buffer', doubler('buf = np.zeros(3)\n\ndef host(arr):\n    buf[0] += 1\n    return np.asarray(arr) * 2\n', PURE), /pure callback is pure/, /changes buf \(a global\)/],
  ['pure-callback-doubler', 'a sum where an array is expected: shapes as Python writes them', doubler(DOUBLE, 'return jax.pure_callback(host, spec, x).sum()'), /./, /it returned \[?-?[\d.]+\]? \(float32, shape \(\)\); expected \[.*\] \(float32, shape \(\d+,\)\)/],
  ['pure-callback-doubler', 'the declaration returned', doubler(DOUBLE, 'jax.pure_callback(host, spec, x)\n    return spec'), /callback/, /returns the ShapeDtypeStruct/],
  ['grad-through-callback', 'the untouched grad starter', null, /fix/, /carries a gradient/],
  ['grad-through-callback', 'a wrong custom rule', loss(`@jax.custom_vjp\n${ON_HOST}\n\nmean_on_host.defvjp(lambda x: (mean_on_host(x), x), lambda x, ct: (jnp.ones(x.shape) * ct,))`, 'mean = mean_on_host(x)'), /custom VJP rule/, /1\/n/],
  ['grad-through-callback', 'a host mean counting its calls', loss('', STOPPED, `calls = 0\n\n\ndef host_mean(arr):\n    global calls\n    calls += 1\n    a = np.asarray(arr)\n    return a.sum() / a.size\n`), /pure callback is pure/, /changes calls \(a global\)/],
];
const entries = { 'pure-callback-doubler': 'pure_callback_doubler', 'io-callback-doubler': 'io_callback_passthrough', 'grad-through-callback': 'centered_loss' };

for (const [id, label, code] of right) {
  test(`accepted: ${id}, ${label}`, async () => {
    const results = await judge(id, code.replace('ENTRY', entries[id]));
    assert.ok(results.every((c) => c.pass), show(results));
  });
}

for (const [id, label, code, name, message] of wrong) {
  test(`rejected: ${id}, ${label}`, async () => {
    const results = await judge(id, code === null ? inLanguage(findExercise(id), 'python').starter : code.replace('ENTRY', entries[id]));
    const failing = results.filter((c) => !c.pass && name.test(plain(c.name)));
    assert.ok(failing.some((c) => message.test(plain(c.detail))), show(results));
  });
}
