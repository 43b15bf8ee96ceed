// What an engine worker does with one request (www/worker.js hands it here), DOM-free so Node
// tests can call it as the worker does. Run, a program and each run of the schedule explorer
// are a jax.scope: every array they make is released when they end (their answers are plain
// data by then: text and jaxpr data), so memory does not wait for the garbage collector.

import { resolveExercise } from '../widget/exercise.js';
import { inLanguage } from '../exercises-python.js';
import { runSample } from './runner.js';
import { runProgram, exploreSchedules } from './program.js';
import { instrument } from './instrument.js';
import { observe } from '../check/observe.js';

/** One summary line for the explorer: what a run returned, or how it failed. */
function summary(out) {
  if (out.error) return { summary: null, error: `${out.error.title}: ${out.error.message}` };
  if (out.result) return { summary: `${out.result.values} (${out.result.dtype}, shape ${out.result.shape})`, error: null };
  return { summary: out.main === false ? 'the program ran (it defines no main(), so no value)' : out.value, error: null };
}

/**
 * The answer (plain data) to `msg`, a request of the protocol in www/worker.js, with the real
 * API `api` ({ jax, jnp, np, ioCallback }); `print(stream, text)` shows output, `quietly(fn)`
 * runs fn with the timeline muted.
 */
export async function serveRequest(api, msg, { print = () => {}, quietly = (fn) => fn() } = {}) {
  const { jax } = api;
  // exerciseId: a built-in id, or { custom: data } for a widget author's own exercise.
  const found = msg.exerciseId === undefined ? null : resolveExercise(msg.exerciseId);
  const exercise = found && inLanguage(found, msg.language);
  if (msg.exerciseId !== undefined && !exercise) throw new Error(`unknown exercise ${msg.exerciseId}`);
  switch (msg.type) {
    case 'run': return jax.scope(() => runSample(instrument(api).api, exercise, msg.code));
    // Check (www/check/): observations on the inputs the page generated, judged by the page.
    case 'check': return observe(api, exercise, msg.code, msg.plan, { print });
    case 'program': return jax.scope(() => runProgram(instrument(api).api, msg.code, { quietly }));
    case 'explore': {
      // A fresh instrumented API per run, so nothing recorded leaks from one into the other.
      const once = () => jax.scope(async () => summary(exercise
        ? await runSample(instrument(api).api, exercise, msg.code)
        : await runProgram(instrument(api).api, msg.code)));
      return exploreSchedules(api, msg.schedule, once, (text) => print('info', text));
    }
    default: throw new Error(`unknown request ${msg.type}`);
  }
}
