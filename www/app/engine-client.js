// The page's side of the engine workers (www/worker.js), and the only user of their pool: every
// request (Run, Check, the schedule explorer, a program) takes a fresh, pre-warmed worker from
// the pool, which lives in a sandboxed frame of its own process (sandbox.js), and the worker is
// terminated when the request ends, so nothing learner code did survives into the next one.
// Replies come on three MessageChannels (the reply, timeline events, printed output) whose
// ports only the worker's own code holds:
// whatever learner code posts with `self.postMessage` is ignored unread. Even on the ports,
// every message is checked (messages.js: channel and type, the request's random id, Check's
// nonce, the shape of each field) before anything is shown. Events and printed lines are
// capped per request: past the cap the page closes that port, so a flood is never even
// deserialized; accepted events reach the page in small batches, so the main thread is never
// blocked long. A watchdog stops a request that takes longer than its limit (an endless loop,
// an allocation bomb) by terminating its worker; a request whose sandbox died (memory
// exhausted) ends at once with `outOfMemory`, and the sandbox is replaced.

import { createSandboxPool, servedByServiceWorker } from './sandbox.js';
import { validate, check, EVENT } from './messages.js';
import { engineSettled } from './after-engine.js';

export const RUN_LIMIT_MS = 5000;
/** Check does more than Run (several traces, each host probed by itself): its own limit. */
export const CHECK_LIMIT_MS = 10_000;
/** Timeline events shown per request; the rest are counted ("N more events not shown"). */
export const EVENT_CAP = 5000;
/** Printed lines accepted per request: the output panel shows 2000 and says when there are more. */
const PRINT_CAP = 2001;
/** Events in one message of the protocol (the worker sends at most 512). */
const MAX_BATCH = 1000;
/** Main-thread time one delivery of queued events may take, and how many it checks between clock reads. */
const SLICE_MS = 8;
const SLICE_EVENTS = 16;
/** How long the page waits, after the reply, for events and lines still on their way. */
const STRAGGLER_MS = 2000;

/** A random id: a request's, or the nonce only the page and the worker's own code know. */
function randomHex() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Runs `fn` on a later task (a MessageChannel message is not clamped like setTimeout). */
function later(fn) {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    fn();
  };
  port2.postMessage(null);
}

/**
 * handlers: onState(state, detail) with state 'loading' | 'ready' | 'failed';
 * onEvents(events, id) (called in batches, also after the reply); onPrint({ stream, text }, id).
 * `language`: what the first requests run in ('js' | 'python'), if known; else `prepare` says.
 */
export function createEngine({ onState, onEvents, onPrint, limitMs = RUN_LIMIT_MS, language = null, startWhen = null }) {
  let ready = false;
  let pending = null;
  let workerOrigin = performance.timeOrigin;
  const pool = createSandboxPool({
    onState(state, detail) {
      ready = state === 'ready';
      onState(state, detail);
    },
    language,
    startWhen,
  });

  function warn(req, reason, data) {
    req.dropped += 1;
    if (req.dropped <= 3) console.warn(`jaxplay: dropped a message from the engine worker: ${reason}`, data);
  }

  // ------------------------------------------------------------ events, in batches

  // A message's events are only counted and queued here; each is checked (messages.js EVENT)
  // and handed on by `pump`, in slices, so neither checking nor drawing a flood blocks the
  // page for long.
  function acceptEvents(req, msg) {
    if (msg.events.length > MAX_BATCH) return warn(req, `${msg.events.length} events in one message`);
    req.received.events += msg.events.length;
    const room = Math.max(0, EVENT_CAP - req.taken);
    const take = Math.min(room, msg.events.length);
    for (let i = 0; i < take; i++) req.queue.push(msg.events[i]);
    req.taken += take;
    if (take < msg.events.length) {
      req.more += msg.events.length - take;
      req.ports.events.close(); // what is still coming is dropped unread
      req.closed.events = true;
    }
    pump(req);
    settle(req);
  }

  function pump(req) {
    if (req.pumping || req.head >= req.queue.length) return;
    req.pumping = true;
    later(() => {
      const start = performance.now();
      while (req.head < req.queue.length && performance.now() - start < SLICE_MS) {
        const batch = [];
        const end = Math.min(req.queue.length, req.head + SLICE_EVENTS);
        for (; req.head < end; req.head++) {
          const ev = req.queue[req.head];
          const bad = check(ev, EVENT, 'event');
          if (bad) warn(req, bad);
          else batch.push(ev);
        }
        if (batch.length > 0) onEvents(batch, req.id);
      }
      req.pumping = false;
      pump(req);
    });
  }

  /** Resolves once every accepted event of `req` was handed to onEvents. */
  function drained(req) {
    return new Promise((resolve) => {
      const wait = () => (req.head >= req.queue.length && !req.pumping ? resolve() : later(wait));
      wait();
    });
  }

  // ------------------------------------------------------------ requests

  // The three ports are not ordered with each other: the reply says how many events and lines
  // were sent, and the request ends once those arrived (or their port was closed at its cap).
  function settle(req) {
    if (!req.done) return;
    const all = (name) => req.received[name] >= req.done.sent[name] || req.closed[name];
    if (all('events') && all('print')) finish(req, req.done.value);
  }

  function finish(req, value) {
    if (pending !== req) return;
    pending = null;
    clearTimeout(req.timer);
    clearTimeout(req.straggler);
    req.lease?.release(); // none yet when the worker answered before its lease came
    for (const port of Object.values(req.ports)) port.close();
    // eventsCut: the page closed the events port at the cap, so more may have been on the way.
    drained(req).then(() => req.resolve({ ...value, hiddenEvents: req.more, eventsCut: req.closed.events }));
  }

  function receive(req, channel, data) {
    if (pending !== req) return;
    const verdict = validate(data, req, channel);
    if (verdict.malformedDone) {
      console.warn(`jaxplay: the engine's reply could not be read: ${verdict.malformedDone}`);
      finish(req, { crashed: true, message: `The engine sent a reply the page could not read (${verdict.malformedDone}).` });
      return;
    }
    if (verdict.drop) return warn(req, verdict.drop, data);
    const msg = verdict.msg;
    if (msg.type === 'events') acceptEvents(req, msg);
    else if (msg.type === 'print') {
      req.received.print += 1;
      if (req.received.print >= PRINT_CAP) {
        req.ports.print.close();
        req.closed.print = true;
      }
      onPrint({ stream: msg.stream, text: msg.text }, req.id);
      settle(req);
    } else if (msg.type === 'done' && !req.done) {
      // Events the worker counted but did not send (past its own cap).
      req.more += Math.min(msg.moreEvents ?? 0, 1e12);
      req.done = { value: { out: msg.out }, sent: { events: msg.sentEvents ?? 0, print: msg.sentPrints ?? 0 } };
      req.straggler = setTimeout(() => finish(req, req.done.value), STRAGGLER_MS);
      settle(req);
    }
  }

  /**
   * Sends a request; resolves to { out } | { timedOut, limitMs } | { outOfMemory } (its sandbox
   * died) | { crashed, message }, each with hiddenEvents and eventsCut. The time limit counts
   * from when the worker was handed over (warm).
   */
  async function request(kind, body, { limit = limitMs } = {}) {
    if (pending) return { crashed: true, message: 'The engine is busy.', hiddenEvents: 0 };
    if (!ready) return { crashed: true, message: 'The engine is not ready yet.', hiddenEvents: 0 };
    const req = {
      id: randomHex(), kind, nonce: body.nonce, lease: null, ports: null, resolve: null, timer: null,
      queue: [], head: 0, pumping: false, taken: 0, more: 0, dropped: 0, done: null, straggler: null,
      received: { events: 0, print: 0 }, closed: { events: false, print: false },
    };
    pending = req;
    const answer = new Promise((resolve) => { req.resolve = resolve; });
    const channels = { reply: new MessageChannel(), events: new MessageChannel(), print: new MessageChannel() };
    req.ports = {};
    for (const [name, channel] of Object.entries(channels)) {
      req.ports[name] = channel.port1;
      channel.port1.onmessage = (e) => receive(req, name, e.data);
      channel.port1.onmessageerror = () => warn(req, 'a message that could not be read');
    }
    // The request goes with the take: the warm worker gets it as soon as it is handed over.
    let lease;
    try {
      lease = await pool.take({ ...body, id: req.id }, [channels.reply.port2, channels.events.port2, channels.print.port2]);
    } catch (err) {
      if (pending === req) pending = null;
      for (const port of Object.values(req.ports)) port.close();
      return { crashed: true, message: err.message, hiddenEvents: 0 };
    }
    req.lease = lease;
    workerOrigin = lease.timeOrigin;
    // The worker may have answered before the frame said which worker it was.
    if (pending !== req) {
      lease.release();
      return answer;
    }
    // Learner code threw from a timer or a promise: shown as output, the request goes on.
    lease.onError = (message) => {
      if (pending === req) onPrint({ stream: 'error', text: `Uncaught ${message}` }, req.id);
    };
    lease.onCrash = () => finish(req, { outOfMemory: true });
    // At the limit: a sandbox that no longer answers died of the code (memory), else it is a hang.
    req.timer = setTimeout(() => {
      lease.alive().then((alive) => finish(req, alive ? { timedOut: true, limitMs: limit } : { outOfMemory: true }));
    }, limit);
    return answer;
  }

  return {
    /** `language`: 'python' runs the code as Python (www/python.js); otherwise JavaScript. */
    run: (exerciseId, code, language) => request('run', { type: 'run', exerciseId, code, language }),
    /**
     * Check (www/check/): what `code` does on `plan` (inputs the page generated), observed in the
     * worker; the page computes the verdict. Only a reply echoing the nonce is read.
     */
    check: (exerciseId, code, plan, language) => request('check', { type: 'check', exerciseId, code, plan, language, nonce: randomHex() }, { limit: CHECK_LIMIT_MS }),
    /** A free-form program (an example): its main() is run. */
    program: (code, language) => request('program', { type: 'program', code, language }),
    /** The schedule explorer: `exerciseId` (or undefined for a program) under two schedules. */
    explore: ({ exerciseId, code, schedule, language }) => request('explore', { type: 'explore', exerciseId, code, schedule, language }),
    /** Requests will run `language` ('js' | 'python'): its worker script loads now (sandbox.js). */
    prepare: (lang) => pool.prepare(lang),
    isReady: () => ready,
    isBusy: () => pending !== null,
    /** The clock of the last request's worker now (its timeline events are stamped with it). */
    engineNow: () => performance.now() + performance.timeOrigin - workerOrigin,
    /** How many workers were started (one per request, plus the warm spare). */
    workersStarted: () => pool.started(),
  };
}

/**
 * The engine, made by a page's first module before the page's handlers exist (app/early.js,
 * widget/early.js). Its sandbox frame and downloads start when the page calls `load()` (boot.js,
 * once the page's own modules are in, so that on a slow link they do not share the line), or at
 * once where the service worker serves the page from its cache, with no line to share. Its
 * callbacks are kept until `attach(handlers)` ({ onState, onEvents, onPrint }) and then
 * replayed in order; `settled` resolves at its first ready or failed state.
 */
export function startEngine({ language = null } = {}) {
  let load;
  const loaded = new Promise((resolve) => { load = resolve; });
  const handlers = {};
  const backlog = [];
  let settle;
  const settled = new Promise((resolve) => { settle = resolve; });
  const forward = (name) => (...args) => (handlers[name] ? handlers[name](...args) : backlog.push([name, args]));
  const engine = createEngine({
    onState: (state, detail) => {
      // The page hears of the state first: what waits for the engine (after-engine.js) starts
      // only once the page says it is ready; it starts even if the page's handler throws.
      try {
        forward('onState')(state, detail);
      } finally {
        if (state !== 'loading') {
          settle(state);
          engineSettled();
        }
      }
    },
    onEvents: forward('onEvents'),
    onPrint: forward('onPrint'),
    language,
    startWhen: servedByServiceWorker() ? null : loaded,
  });
  return {
    engine,
    settled,
    load,
    attach(next) {
      Object.assign(handlers, next);
      for (const [name, args] of backlog.splice(0)) handlers[name](...args);
    },
  };
}
