// `init(response)`: a Response served as application/wasm is compiled as it downloads
// (WebAssembly.compileStreaming, www/lib/instance.js); the engine it gives works like any other.
// One engine per process, so this file loads it from a streamed Response only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { jax, jnp, np } from '../../www/jaxplay.js';

test('init from a streamed application/wasm Response compiles it as it comes, and the engine runs', async () => {
  const bytes = await readFile(new URL('../../www/pkg/jaxplay_bg.wasm', import.meta.url));
  let pulled = 0;
  // A body of many small pieces, as a network download arrives.
  const body = new ReadableStream({
    pull(controller) {
      if (pulled >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(pulled, pulled + 64 * 1024));
      pulled += 64 * 1024;
      return undefined;
    },
  });
  const compileStreaming = WebAssembly.compileStreaming;
  let streamed = 0;
  WebAssembly.compileStreaming = (res) => {
    streamed += 1;
    return compileStreaming(res);
  };
  try {
    await init(new Response(body, { headers: { 'Content-Type': 'application/wasm' } }));
  } finally {
    WebAssembly.compileStreaming = compileStreaming;
  }
  assert.equal(streamed, 1, 'compiled by WebAssembly.compileStreaming');
  assert.ok(pulled >= bytes.length, 'the whole body was read');
  const f = jax.jit((x) => jax.pureCallback((a) => np.asarray(a).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x));
  assert.deepEqual(f(jnp.array([1, -2, 3])).tolist(), [2, -4, 6]);
});
