// The engine worker: loads jaxplay (wasm) and runs ONE request of learner code here, off the
// page's thread, inside the sandbox frame's process (www/sandbox.html); it is then terminated
// (www/app/worker-pool.js starts a fresh one per request), so nothing learner code changes here
// outlives its request. What it does with the request is www/app/serve-request.js. Bundled into
// one classic script (www/dist/worker.js, Python mode included), which the sandbox starts from a
// blob: URL: it imports and fetches nothing. Messages ("page" is the page that framed the
// sandbox; the first three are the frame's pool's):
//   pool → worker  { type: 'engine', module }   the engine's compiled WebAssembly.Module, first
//   worker → pool (self.postMessage, before any learner code)  { type: 'ready', timeOrigin }
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
import { runSample, useLoader } from './app/runner.js';
import { loaderFor } from './app/python-loader.js';
import { instrument } from './app/instrument.js';
import { serveRequest } from './app/serve-request.js';

const api = { jax, jnp, np, ioCallback };
// Deep enough to reach the learner's frames under the engine's own.
Error.stackTraceLimit = 64;

const apply = Reflect.apply;
const sendOnPort = MessagePort.prototype.postMessage;
const postToPage = self.postMessage.bind(self);
// The worker's own clock for pacing event batches, taken before Check's monitor watches
// `performance.now` (www/check/monitor.js): the worker forwarding a host's print must not read as
// the host reading the clock.
const clock = performance.now.bind(performance);
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
  lastFlush = clock();
}

// While the jaxpr panel's text is traced once more for its source lines, nothing is recorded
// (not even counted: the event list's numbers have no gap for it).
function quietly(fn) {
  const was = jax.timeline.recording();
  jax.timeline.setRecording(false);
  try {
    return fn();
  } finally {
    jax.timeline.setRecording(was);
  }
}

function onEvent(ev) {
  if (sent >= EVENT_CAP) {
    more += 1;
    return;
  }
  sent += 1;
  buffer.push(ev);
  const now = clock();
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
    print(stream === 'debug' ? 'log' : stream, args.map((a) => show(a)).join(' '));
  };
}

// ---------------------------------------------------------------- requests

function internal(err) {
  return { title: 'The playground hit an unexpected problem', name: err?.name ?? 'Error', message: err?.message ?? String(err), hint: '', line: null, column: null };
}

async function handle(msg) {
  current = msg.id;
  let out;
  try {
    useLoader(await loaderFor(msg.language));
    out = await serveRequest(api, msg, { print, quietly });
  } catch (err) {
    out = { internalError: internal(err) };
  }
  flush();
  post('reply', { type: 'done', id: msg.id, nonce: msg.nonce, out, moreEvents: more, sentEvents: sent, sentPrints: printed });
}

/**
 * Runs exercise solutions, each in a scope and on a task of its own, until `stop()`: a request
 * in a fresh worker would otherwise pay for cold JS and wasm code (several times slower than
 * in a used worker). Readiness needs only the first (tracing, jit, a host callback, the jaxpr
 * printer: the paths every request takes); the rest run while the worker waits as the spare,
 * and stop as soon as a request arrives.
 */
async function warmUp(list, stop = () => false) {
  for (const exercise of list) {
      if (stop()) return;
      try {
      await jax.scope(() => runSample(instrument(api).api, exercise, exercise.solution));
      } catch {
        // a warm-up that fails only leaves the code colder
      }
      await new Promise((resolve) => setTimeout(resolve)); // let a request in
    }
}

// The pool's first message: the compiled engine (www/app/worker-pool.js). Requests come after.
const engineModule = new Promise((resolve) => {
  self.onmessage = (e) => {
    if (e.data?.type !== 'engine' || !(e.data.module instanceof WebAssembly.Module)) return;
    self.onmessage = onRequest;
    resolve(e.data.module);
  };
});

const started = (async () => {
  try {
    await init(await engineModule);
    await warmUp(exercises.slice(0, 1));
    postToPage({ type: 'ready', timeOrigin: performance.timeOrigin });
    // Waiting as the spare: the other exercises, then two more rounds of all (code run a few
    // times reaches V8's optimizing tiers), until a request comes.
    await warmUp([...exercises.slice(1), ...exercises, ...exercises], () => port !== null);
    // The learner's run is shown as a fresh engine would record it: from event #0, with no
    // token hand-off from a warm-up call.
    jax.timeline.restart();
    jax.timeline.subscribe(onEvent);
    return true;
  } catch (err) {
    postToPage({ type: 'init-error', message: `${err?.name ?? 'Error'}: ${err?.message ?? err}` });
    return false;
  }
})();

// One request per worker: the first message with a reply port is served, anything after it is
// ignored (the page never sends a second one).
async function onRequest(e) {
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
}
