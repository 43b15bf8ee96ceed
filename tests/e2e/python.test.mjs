// Python mode in a real browser: www/dist/python.js (the bundle scripts/bundle.mjs writes for
// browsers and workers) loads in headless Chromium with the page's own jaxplay.js, runs the
// lesson's Python, calls the host function across the wasm boundary, and reports errors in
// Python's terms. Runs in a module worker, as the playground runs learner code.
import assert from 'node:assert/strict';
import { collectErrors } from './browser.mjs';
import { browserTest } from './fixture.mjs';

const PROBE = `
  import init from '/jaxplay.js';
  import { python } from '/dist/python.js';
  self.onmessage = async ({ data }) => {
    await init();
    const lines = [];
    try {
      const ns = await python.run(data, { print: (l) => lines.push(l) });
      self.postMessage({ lines, result: ns.result ? ns.result.tolist() : null });
    } catch (e) {
      self.postMessage({ lines, error: { pyType: e.pyType, message: e.message, traceback: e.traceback } });
    }
  };
`;

const LESSON = `import jax
import jax.numpy as jnp
import numpy as np

def host_double(arr):
    return np.asarray(arr) * 2

@jax.jit
def compute(x):
    output = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_double, output, x)

result = compute(jnp.array([1., -2., 3.], dtype=jnp.float32))
print(repr(result))
`;

browserTest('python.js in a Chromium module worker', { timeout: 120_000 }, async ({ browser, url }) => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  // A bare page of the same origin: the playground's own policy allows no workers in the page
  // (learner code runs in the sandbox frame's workers), and this test starts one itself.
  const probePage = new URL('python-probe.html', url).href;
  await page.route(probePage, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>python probe</title>' }));
  await page.goto(probePage);
  const runInWorker = (source) => page.evaluate(async ([probe, src]) => {
    const blobUrl = URL.createObjectURL(new Blob([probe], { type: 'text/javascript' }));
    const worker = new Worker(blobUrl, { type: 'module' });
    const reply = await new Promise((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage(src);
    });
    worker.terminate();
    return reply;
  }, [PROBE.replaceAll("'/", `'${new URL(url).origin}/`), source]);
  const ok = await runInWorker(LESSON);
  assert.deepEqual(ok, { lines: ['Array([ 2., -4.,  6.], dtype=float32)'], result: [2, -4, 6] });
  const bad = await runInWorker('import jax\ndef f(x):\n    return x / 0\nf(1)\n');
  assert.equal(bad.error.pyType, 'ZeroDivisionError');
  assert.match(bad.error.traceback, /File "main\.py", line 3, in f/);
  assert.deepEqual(errors, []);
});
