// Garbage never counts, in Chromium too (issue 24, item 1; tests/js/garbage.test.mjs is the
// Node side): a page's synchronous loop of jitted calls on 1e6 float32 that drops its results,
// with no jax.scope and no await, makes more than twice the engine's limit of garbage and
// completes, with wasm memory under 64 MiB and the renderer's memory bounded (sampled from
// /proc while the loop runs, since the page cannot answer until it ends); and a loop of small
// results keeps the engine bounded (tests/js/garbage_small.test.mjs is its Node side).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { collectErrors } from './browser.mjs';
import { browserTest } from './fixture.mjs';

const MiB = 2 ** 20;

/** Resident memory of the processes descending from Chromium's, in bytes (Linux /proc). */
function chromiumRss() {
  const parents = new Map();
  const rss = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(pid), Number(fields[1]));
      rss.set(Number(pid), Number(fields[21]) * 4096);
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid) => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, bytes] of rss) if (ours(pid)) total += bytes;
  return total;
}

/** A fresh page at `probe`, an empty page of the server's origin, and its errors. */
async function probePage(browser, probe) {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.route(probe, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>garbage probe</title>' }));
  await page.goto(probe);
  return { page, errors };
}

browserTest('a synchronous loop that drops its results completes in Chromium, with bounded memory', { timeout: 600_000 }, async ({ browser, url }) => {
  const { page, errors } = await probePage(browser, new URL('garbage-probe.html', url).href);
  await page.evaluate(async () => {
    const jaxplay = await import('/jaxplay.js');
    await jaxplay.default();
    window.jaxplay = jaxplay;
  });
  const before = chromiumRss();
  let most = before;
  const sampler = setInterval(() => { most = Math.max(most, chromiumRss()); }, 100);
  let result;
  try {
    result = await page.evaluate(() => {
      const { jax, jnp, np } = window.jaxplay;
      const n = 1e6;
      const x = jnp.array(Float32Array.from({ length: n }, (_, i) => (i % 1000) - 499.75));
      const calls = Math.ceil((2.2 * jax.memory().limitBytes) / (4 * n));
      const loops = {
        'jitted x * 2': jax.jit((v) => v.mul(2)),
        'pure_callback doubler': jax.jit((v) => jax.pureCallback((h) => np.asarray(h).mul(2), jax.ShapeDtypeStruct(v.shape, v.dtype), v)),
      };
      const out = { calls, wrong: [], heap: 0 };
      // One synchronous run: no await, so no finalizer runs until it ends.
      for (const [name, f] of Object.entries(loops)) {
        for (let i = 0; i < calls; i++) {
          const y = f(x).toTypedArray();
          if (y[i % n] !== 2 * ((i % n % 1000) - 499.75)) out.wrong.push(`${name} call ${i}`);
          if (i % 20 === 0) out.heap = Math.max(out.heap, jax.memory().liveBytes);
        }
      }
      out.wasm = jax.memory().wasmBytes;
      return out;
    });
  } finally {
    clearInterval(sampler);
  }
  assert.deepEqual(result.wrong, []);
  assert.ok(result.heap < 64 * MiB, `engine heap reached ${(result.heap / MiB).toFixed(1)} MiB`);
  assert.ok(result.wasm < 64 * MiB, `wasm memory ${(result.wasm / MiB).toFixed(1)} MiB`);
  // 2 × 2.2 GiB of garbage went through the renderer.
  assert.ok(most - before < 768 * MiB, `Chromium's memory grew ${((most - before) / MiB).toFixed(0)} MiB over 2 × ${result.calls} calls`);
  assert.deepEqual(errors, []);
});

browserTest('a synchronous loop that drops small results keeps Chromium\'s engine bounded too', { timeout: 300_000 }, async ({ browser, url }) => {
  const { page, errors } = await probePage(browser, new URL('garbage-probe-small.html', url).href);
  const result = await page.evaluate(async () => {
    const { default: init, jax, jnp } = await import('/jaxplay.js');
    await init();
    const n = 1000;
    const x = jnp.array(Float32Array.from({ length: n }, (_, i) => i - 499.5));
    const f = jax.jit((v) => v.mul(2));
    // Results holding more than twice the soft limit, below which nothing moves.
    const calls = Math.ceil((2.2 * jax.memory().softLimitBytes) / (4 * n));
    const before = jax.liveArrays();
    const out = { calls, wrong: [] };
    for (let i = 0; i < calls; i++) {
      const y = f(x).toTypedArray();
      if (y[i % n] !== 2 * ((i % n) - 499.5)) out.wrong.push(`call ${i}`);
    }
    out.left = jax.liveArrays() - before;
    out.wasm = jax.memory().wasmBytes;
    return out;
  });
  assert.deepEqual(result.wrong, []);
  assert.ok(result.wasm < 64 * MiB, `wasm memory ${(result.wasm / MiB).toFixed(1)} MiB`);
  assert.ok(result.left < result.calls / 2, `${result.left} of ${result.calls} results still in the engine`);
  assert.deepEqual(errors, []);
});
