// Each playground request is a jax.scope (www/app/serve-request.js, what the engine worker
// runs): whatever arrays a Run or a program makes are released when it ends, while its answer,
// plain data by then, is still shown. Called here as the worker calls it, many times in one
// engine, so a leak per request would add up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { serveRequest } from '../../www/app/serve-request.js';
import { runProgram } from '../../www/app/program.js';
import { findExercise } from '../../www/exercises.js';

await init();
const api = { jax, jnp, np, ioCallback };
const MiB = 2 ** 20;

// 1e5 float32 elements (400 KB) per array, several arrays per run, a host callback included
// on a 1e5-element operand (past 65 536 elements a host gets a view of engine memory outside a
// scope; inside one, a copy, so the scope releases the operand too).
const BIG = `
async function main() {
  const x = jnp.ones([100000]);
  const f = jax.jit((v) => {
    const doubled = v.add(1).mul(2);
    const halved = jax.pureCallback((a) => np.asarray(a).mul(0.5), jax.ShapeDtypeStruct(doubled.shape, doubled.dtype), doubled);
    return halved.reshape([1000, 100]).sum(1);
  });
  const y = f(x);
  return { total: y.sum(), first: y };
}`;

test('2000 program Runs on 1e5-element arrays: nothing stays alive, wasm memory stays bounded, results still show', async () => {
  const live = jax.liveArrays();
  const wasmBefore = jax.memory().wasmBytes;
  const heapBefore = jax.memory().liveBytes;
  let out;
  for (let i = 0; i < 2000; i++) {
    out = await serveRequest(api, { type: 'program', code: BIG });
    assert.equal(out.error, null, out.error?.message);
    assert.equal(jax.liveArrays(), live, `run ${i} left arrays alive`);
  }
  // Converted to text inside the scope, before its arrays were released.
  assert.match(out.value, /^total: 200000 float32\[\]\nfirst: \[200, 200, /);
  const grown = (jax.memory().wasmBytes - wasmBefore) / MiB;
  // What does stay is not arrays, nor the Runs' compiled programs (each Run's jitted function
  // gives its program back when the scope closes): the timeline's event log, which keeps the
  // newest 20 000 events.
  const perRun = (jax.memory().liveBytes - heapBefore) / 2000;
  console.log(`2000 Runs: wasm memory grew ${grown.toFixed(1)} MiB, ${jax.liveArrays() - live} arrays left alive, engine heap +${(perRun / 1024).toFixed(1)} KB per Run (the timeline's events)`);
  assert.ok(grown < 8, `wasm memory grew ${grown.toFixed(1)} MiB`);
  assert.ok(perRun < 2 * 1024, `engine heap grew ${perRun.toFixed(0)} bytes per Run: more than the timeline's events`);
});

test('exercise Runs and explorer comparisons release their arrays too; the result is shown', async () => {
  const exercise = findExercise('pure-callback-doubler');
  const live = jax.liveArrays();
  for (let i = 0; i < 200; i++) {
    const out = await serveRequest(api, { type: 'run', exerciseId: exercise.id, code: exercise.solution });
    assert.equal(out.result.values, '[2, -4, 6]');
    assert.equal(jax.liveArrays(), live);
  }
  const explored = await serveRequest(api, { type: 'explore', exerciseId: exercise.id, code: exercise.solution, schedule: { seed: 3, reorder: true } });
  assert.equal(explored.columns.length, 2);
  assert.match(explored.columns[1].summary, /^\[2, -4, 6\]/);
  assert.equal(jax.liveArrays(), live);
});

test('the same program outside a scope leaves its arrays to the garbage collector (what the scope prevents)', async () => {
  const live = jax.liveArrays();
  // No task boundary in this loop, so no finalizer can run: every array made is still held.
  for (let i = 0; i < 20; i++) await runProgram(api, BIG);
  assert.ok(jax.liveArrays() >= live + 20 * 3, `${jax.liveArrays() - live} arrays alive`);
});
