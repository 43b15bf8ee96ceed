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

for (const ex of exercises) {
  test(`accepted: the Python solution of ${ex.id}`, async () => {
    const results = await judge(ex.id, inLanguage(ex, 'python').solution);
    assert.ok(results.every((c) => c.pass), show(results));
  });
}

const doubler = (host, call) => `import jax\nimport numpy as np\nfrom jax.experimental import io_callback\n\ndef host(arr):\n    ${host}\n\ndef ENTRY(x):\n    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)\n    ${call}\n`;
// [exercise, label, code, failing check's name, its message]
const wrong = [
  ['pure-callback-doubler', 'triples', doubler('return np.asarray(arr) * 3', 'return jax.pure_callback(host, spec, x)'), /host/, /./],
  ['pure-callback-doubler', 'host without return', doubler('np.asarray(arr) * 2', 'return jax.pure_callback(host, spec, x)'), /./, /returned None \(no return statement\?\)/],
  ['pure-callback-doubler', 'no callback', doubler('return np.asarray(arr) * 2', 'return x * 2'), /./, /pure_callback|pureCallback|callback/],
  ['pure-callback-doubler', 'fixed declaration', doubler('return np.asarray(arr) * 2', 'return jax.pure_callback(host, jax.ShapeDtypeStruct((3,), x.dtype), x)'), /./, /ShapeDtypeStruct|shape/],
  ['io-callback-doubler', 'unordered', doubler('return np.asarray(arr) * 2', 'return io_callback(host, spec, x)'), /./, /pass ordered=True as a keyword argument/],
  ['io-callback-doubler', 'pure instead of io', doubler('return np.asarray(arr) * 2', 'return jax.pure_callback(host, spec, x)'), /./, /io|ioCallback|io_callback/],
  ['io-callback-doubler', 'logs', doubler('print("doubling", arr)\n    return np.asarray(arr) * 2', 'return io_callback(host, spec, x, ordered=True)'), /./, /print|log|output/i],
  ['pure-callback-doubler', 'impure host (counts calls)', 'import jax\nimport numpy as np\ncalls = []\n\ndef host(arr):\n    calls.append(1)\n    return np.asarray(arr) * len(calls)\n\ndef ENTRY(x):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n', /doubles/, /should return/],
  ['pure-callback-doubler', 'no np.asarray on the host', doubler('return arr * 2', 'return jax.pure_callback(host, spec, x)'), /asarray/, /np\.asarray/],
  ['pure-callback-doubler', 'the declaration returned', doubler('return np.asarray(arr) * 2', 'jax.pure_callback(host, spec, x)\n    return spec'), /callback/, /returns the ShapeDtypeStruct/],
  ['grad-through-callback', 'the untouched grad starter', null, /fix/, /carries a gradient/],
  ['grad-through-callback', 'a wrong custom rule', `import jax
import jax.numpy as jnp
import numpy as np


def host_mean(arr):
    a = np.asarray(arr)
    return a.sum() / a.size


@jax.custom_vjp
def mean_on_host(x):
    return jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), x)


mean_on_host.defvjp(lambda x: (mean_on_host(x), x), lambda x, ct: (jnp.ones(x.shape) * ct,))


def ENTRY(x):
    d = x - mean_on_host(x)
    return jnp.sum(d * d)
`, /custom VJP rule/, /1\/n/],
];
const entries = { 'pure-callback-doubler': 'pure_callback_doubler', 'io-callback-doubler': 'io_callback_passthrough', 'grad-through-callback': 'centered_loss' };

for (const [id, label, code, name, message] of wrong) {
  test(`rejected: ${id}, ${label}`, async () => {
    const results = await judge(id, code === null ? inLanguage(findExercise(id), 'python').starter : code.replace('ENTRY', entries[id]));
    const failing = results.filter((c) => !c.pass && name.test(plain(c.name)));
    assert.ok(failing.some((c) => message.test(plain(c.detail))), show(results));
  });
}
