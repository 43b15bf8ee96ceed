// The engine worker: loads jaxplay (wasm) and runs the learner's code here, off the page's
// thread, so a runaway loop can be stopped by terminating the worker. The page and this worker
// only exchange plain-data messages:
//   page → worker  { type: 'run', id, exerciseId, code }   an exercise
//                    (exerciseId may be { custom: data }: a widget author's exercise, www/widget/exercise.js)
//                  { type: 'check', id, nonce, exerciseId, code, plan }   Check (www/check/), in
//                    a worker of its own; the answer echoes the nonce
//                  { type: 'program', id, code }   a free-form program (main()), e.g. an example
//                  { type: 'explore', id, exerciseId?, code, schedule }   the schedule explorer:
//                    the exercise's Run (or, without exerciseId, the program) under program
//                    order and under `schedule`, with the host calls of each
//                  { type: 'trace', id }
//                  run, check, program and explore may carry `language: 'python'` (else JS)
//   worker → page  { type: 'ready' } | { type: 'init-error', message }
//                  { type: 'events', id, events }   timeline events, streamed as they happen
//                  { type: 'print', id, stream, text }   jax.debug.print and console output
//                  { type: 'done', id, out }   { type: 'trace', id, data }

import init, { jax, jnp, np, ioCallback } from './jaxplay.js';
import { resolveExercise } from './widget/exercise.js';
import { runSample, useLoader } from './app/runner.js';
import { loaderFor } from './app/python-loader.js';
import { inLanguage } from './exercises-python.js';
import { runProgram, exploreSchedules } from './app/program.js';
import { instrument } from './app/instrument.js';
import { observe } from './check/observe.js';

const api = { jax, jnp, np, ioCallback };
// While a checker probe calls a host function directly, console output is also collected here.
const consoleTap = { lines: null };
// Deep enough to reach the learner's frames under the engine's own.
Error.stackTraceLimit = 64;

let current = null; // id of the request being handled; streamed messages carry it
// Taken before any learner code runs: the answer of a request goes through this, with the
// request's nonce, however learner code changes `self.postMessage`.
const postAnswer = self.postMessage.bind(self);

// ---------------------------------------------------------------- event streaming

// Events are posted one by one while they are sparse, so the page sees the last event before a
// hang; a burst (more than BURST events within WINDOW ms) is batched to keep messages cheap.
const WINDOW = 8;
const BURST = 48;
let buffer = [];
let windowStart = 0;
let windowCount = 0;

function flush() {
  if (buffer.length === 0) return;
  self.postMessage({ type: 'events', id: current, events: buffer });
  buffer = [];
}

// While the jaxpr panel's text is traced once more for its source lines, events are not shown.
let muted = 0;
function quietly(fn) {
  muted += 1;
  try {
    return fn();
  } finally {
    muted -= 1;
  }
}

function onEvent(ev) {
  if (muted > 0) return;
  const now = performance.now();
  if (now - windowStart > WINDOW) {
    windowStart = now;
    windowCount = 0;
  }
  windowCount += 1;
  buffer.push(ev);
  if (windowCount <= BURST || buffer.length >= 512) flush();
}

// ---------------------------------------------------------------- printed output

function show(v, depth = 0) {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (v === null || typeof v !== 'object' || v instanceof jax.Array) return String(v);
  if (depth > 3) return '…';
  if (Array.isArray(v)) return `[${v.map((x) => show(x, depth + 1)).join(', ')}]`;
  if (ArrayBuffer.isView(v) || typeof v.tolist === 'function') return String(v);
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

function print(stream, text) {
  flush(); // keep output and timeline in the order they happened
  self.postMessage({ type: 'print', id: current, stream, text });
}

jax.debug.setPrintHandler((text) => print('debug', String(text)));
for (const stream of ['log', 'info', 'warn', 'error', 'debug']) {
  // Learner console output goes to the page's output panel, not the devtools console.
  console[stream] = (...args) => {
    const text = args.map((a) => show(a)).join(' ');
    consoleTap.lines?.push(text);
    print(stream === 'debug' ? 'log' : stream, text);
  };
}

// ---------------------------------------------------------------- requests

function internal(err) {
  return { title: 'The playground hit an unexpected problem', name: err?.name ?? 'Error', message: err?.message ?? String(err), hint: '', line: null, column: null };
}

/** One summary line for the explorer: what a run returned, or how it failed. */
function summary(out) {
  if (out.error) return { summary: null, error: `${out.error.title}: ${out.error.message}` };
  if (out.result) return { summary: `${out.result.values} (${out.result.dtype}, shape ${out.result.shape})`, error: null };
  return { summary: out.value, error: null };
}

async function serve(msg, inst) {
  // exerciseId: a built-in id, or { custom: data } for a widget author's own exercise.
  const found = msg.exerciseId === undefined ? null : resolveExercise(msg.exerciseId);
  const exercise = found && inLanguage(found, msg.language);
  if (msg.exerciseId !== undefined && !exercise) throw new Error(`unknown exercise ${msg.exerciseId}`);
  switch (msg.type) {
    case 'run': return runSample(inst.api, exercise, msg.code);
    // Check (www/check/): observations on the inputs the page generated, judged by the page.
    case 'check': return observe(api, exercise, msg.code, msg.plan, { print });
    case 'program': return runProgram(inst.api, msg.code, { quietly });
    case 'explore': {
      // A fresh instrumented API per run, so nothing recorded leaks from one into the other.
      const once = async () => summary(exercise
        ? await runSample(instrument(api, consoleTap).api, exercise, msg.code)
        : await runProgram(instrument(api, consoleTap).api, msg.code));
      return exploreSchedules(api, msg.schedule, once, (text) => print('info', text));
    }
    default: throw new Error(`unknown request ${msg.type}`);
  }
}

async function handle(msg) {
  if (msg.type === 'trace') {
    self.postMessage({ type: 'trace', id: msg.id, data: jax.timeline.toTraceEvents() });
    return;
  }
  current = msg.id;
  jax.timeline.clear();
  jax.setSchedule(null); // learner code may have set one; every request starts in program order
  let out;
  try {
    useLoader(await loaderFor(msg.language));
    out = await serve(msg, instrument(api, consoleTap));
  } catch (err) {
    out = { internalError: internal(err) };
  }
  jax.setSchedule(null);
  flush();
  postAnswer({ type: 'done', id: msg.id, nonce: msg.nonce, out });
  current = null;
}

const started = (async () => {
  try {
    await init();
    jax.timeline.clear();
    jax.timeline.subscribe(onEvent);
    self.postMessage({ type: 'ready', timeOrigin: performance.timeOrigin });
    return true;
  } catch (err) {
    self.postMessage({ type: 'init-error', message: `${err?.name ?? 'Error'}: ${err?.message ?? err}` });
    return false;
  }
})();

// Requests are handled one at a time, in order, once the engine is loaded.
let queue = started;
self.onmessage = (e) => {
  queue = queue.then((ok) => (ok ? handle(e.data).then(() => true, (err) => {
    postAnswer({ type: 'done', id: e.data?.id, nonce: e.data?.nonce, out: { internalError: internal(err) } });
    return true;
  }) : false));
};
