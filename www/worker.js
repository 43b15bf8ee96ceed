// The engine worker: loads jaxplay (wasm) and runs ONE request of learner code here, off the
// page's thread; the page then terminates it (www/app/worker-pool.js starts a fresh one per
// request), so nothing learner code changes here outlives its request. Messages:
//   worker → page (self.postMessage, before any learner code)  { type: 'ready', timeOrigin }
//                  | { type: 'init-error', message }
//   page → worker  one request, with three MessagePorts for the replies (reply, events, print):
//                  { type: 'run', id, exerciseId, code }   an exercise (exerciseId may be
//                    { custom: data }: a widget author's exercise, www/widget/exercise.js)
//                  { type: 'check', id, nonce, exerciseId, code, plan }   Check (www/check/): the
//                    observations on the page's generated inputs; the answer echoes the nonce
//                  { type: 'program', id, code }   a free-form program (main()), e.g. an example
//                  { type: 'explore', id, exerciseId?, code, schedule }   the schedule explorer:
//                    the exercise's Run (or, without exerciseId, the program) under program
//                    order and under `schedule`, with the host calls of each
//                  run, check, program and explore may carry `language: 'python'` (else JS)
//   worker → page, on the ports
//       events  { type: 'events', id, events }   timeline events, streamed (at most EVENT_CAP)
//       print   { type: 'print', id, stream, text }   jax.debug.print and console output
//       reply   { type: 'done', id, nonce, out, moreEvents, sentEvents, sentPrints }   what was
//               sent on the other two ports (they are not ordered with this one), the events
//               past the cap, counted, and the request's nonce (Check's), echoed
// Replies go only through the ports, with `MessagePort.prototype.postMessage` and
// `Reflect.apply` taken before learner code runs: learner code cannot reach the ports or forge a
// reply (what it posts with self.postMessage the page ignores), even after patching built-ins.

import init, { jax, jnp, np, ioCallback } from './jaxplay.js';
import { exercises } from './exercises.js';
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

const apply = Reflect.apply;
const sendOnPort = MessagePort.prototype.postMessage;
const postToPage = self.postMessage.bind(self);
let port = null; // the reply ports of the request being handled: { reply, events, print }
let current = null; // its id; every reply carries it

function post(channel, msg) {
  if (port) apply(sendOnPort, port[channel], [msg]);
}

// Mirror the page's caps (www/app/engine-client.js): events past it are only counted, lines dropped.
const EVENT_CAP = 5000;
const PRINT_CAP = 2001;
let sent = 0;
let more = 0;
let printed = 0;
// A printed line longer than this is cut (the page would drop it whole).
const MAX_LINE = 10_000;

// ---------------------------------------------------------------- event streaming

// Events are batched, one message per WINDOW ms at most (the page reads each message on its
// main thread, so thousands of tiny messages would block it), except that an event after
// which learner code runs (a trace or host call beginning) is sent at once, up to BURST per
// window, so the page sees the last event before a hang.
const WINDOW = 16;
const BURST = 8;
const MAX_BUFFER = 512;
let buffer = [];
let lastFlush = 0;
let windowStart = 0;
let windowCount = 0;

function flush() {
  if (buffer.length === 0) return;
  post('events', { type: 'events', id: current, events: buffer });
  buffer = [];
  lastFlush = performance.now();
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
  if (sent >= EVENT_CAP) {
    more += 1;
    return;
  }
  sent += 1;
  buffer.push(ev);
  const now = performance.now();
  if (now - windowStart > WINDOW) {
    windowStart = now;
    windowCount = 0;
  }
  const handsOver = ev.phase === 'begin' && (ev.kind === 'callback' || ev.kind === 'trace');
  if (handsOver && windowCount < BURST) {
    windowCount += 1;
    flush();
  } else if (now - lastFlush >= WINDOW || buffer.length >= MAX_BUFFER) {
    flush();
  }
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
  if (!port) return; // warming up: nobody is listening yet
  flush(); // keep output and timeline in the order they happened
  if (printed >= PRINT_CAP) return;
  printed += 1;
  post('print', { type: 'print', id: current, stream, text: text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}… (${text.length - MAX_LINE} more characters)` : text });
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
  current = msg.id;
  let out;
  try {
    useLoader(await loaderFor(msg.language));
    out = await serve(msg, instrument(api, consoleTap));
  } catch (err) {
    out = { internalError: internal(err) };
  }
  flush();
  post('reply', { type: 'done', id: msg.id, nonce: msg.nonce, out, moreEvents: more, sentEvents: sent, sentPrints: printed });
}

/**
 * Runs each exercise's solution `rounds` times: a request in a fresh worker would otherwise
 * pay for cold JS and wasm code (about 5x slower than in a used worker). One round runs before
 * the worker reports ready; more run while it waits as the spare, each exercise on a task of
 * its own, and stop as soon as a request arrives.
 */
async function warmUp(rounds, stop = () => false) {
  for (let round = 0; round < rounds; round++) {
    for (const exercise of exercises) {
      if (stop()) return;
      try {
        await runSample(instrument(api, consoleTap).api, exercise, exercise.solution);
      } catch {
        // a warm-up that fails only leaves the code colder
      }
      await new Promise((resolve) => setTimeout(resolve)); // let a request in
    }
  }
}

const started = (async () => {
  try {
    await init();
    await warmUp(1);
    postToPage({ type: 'ready', timeOrigin: performance.timeOrigin });
    await warmUp(2, () => port !== null);
    jax.timeline.clear();
    jax.timeline.subscribe(onEvent);
    return true;
  } catch (err) {
    postToPage({ type: 'init-error', message: `${err?.name ?? 'Error'}: ${err?.message ?? err}` });
    return false;
  }
})();

// One request per worker: the first message with a reply port is served, anything after it is
// ignored (the page never sends a second one).
self.onmessage = async (e) => {
  const [reply, events, print] = e.ports;
  if (!(print instanceof MessagePort) || port) return;
  port = { reply, events, print };
  self.onmessage = null;
  if (!(await started)) return;
  try {
    await handle(e.data);
  } catch (err) {
    post('reply', { type: 'done', id: current, out: { internalError: internal(err) } });
  }
};
