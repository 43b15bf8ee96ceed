// The page's side of the engine worker (www/worker.js): starts it, sends one request at a time,
// routes streamed events and printed output, and runs the watchdog. A request that takes longer
// than its limit (an endless loop in learner code) terminates the worker; a fresh one is
// started at once and the request resolves with { timedOut: true }.

export const RUN_LIMIT_MS = 5000;
const INIT_LIMIT_MS = 30_000;

/**
 * handlers: onState(state, detail) with state 'loading' | 'ready' | 'restarting' | 'failed';
 * onEvents(events, id); onPrint({ stream, text }, id).
 */
export function createEngine({ url = 'worker.js', onState, onEvents, onPrint, limitMs = RUN_LIMIT_MS }) {
  let worker = null;
  let ready = false;
  let nextId = 1;
  let pending = null; // { id, resolve, timer }
  let initTimer = null;
  let generation = 0;
  let workerOrigin = performance.timeOrigin;

  function start(state = 'loading') {
    generation += 1;
    const gen = generation;
    ready = false;
    onState(state);
    worker = new Worker(url, { type: 'module', name: 'jaxplay-engine' });
    worker.onmessage = (e) => { if (gen === generation) receive(e.data); };
    worker.onerror = (e) => {
      if (gen !== generation) return;
      e.preventDefault?.();
      // Before 'ready' the worker could not load; after it, learner code threw from a timer or
      // promise outside any run: the engine is fine, so it is shown as output.
      if (ready) onPrint({ stream: 'error', text: `Uncaught ${e.message || 'error'}` }, pending?.id ?? null);
      else fail(`The engine worker stopped: ${e.message || 'it could not be loaded'}`);
    };
    worker.onmessageerror = () => { if (gen === generation) fail('The engine sent a message the page could not read.'); };
    clearTimeout(initTimer);
    initTimer = setTimeout(() => { if (gen === generation && !ready) fail('The engine did not load within 30 seconds.'); }, INIT_LIMIT_MS);
  }

  function fail(message) {
    clearTimeout(initTimer);
    ready = false;
    finish({ crashed: true, message });
    worker?.terminate();
    onState('failed', message);
  }

  function finish(value) {
    if (!pending) return;
    const { resolve, timer } = pending;
    clearTimeout(timer);
    pending = null;
    resolve(value);
  }

  function receive(msg) {
    switch (msg.type) {
      case 'ready':
        clearTimeout(initTimer);
        workerOrigin = msg.timeOrigin ?? performance.timeOrigin;
        ready = true;
        onState('ready');
        break;
      case 'init-error':
        fail(`The engine failed to load: ${msg.message}`);
        break;
      case 'events':
        if (pending?.id === msg.id) onEvents(msg.events, msg.id);
        break;
      case 'print':
        if (pending?.id === msg.id) onPrint({ stream: msg.stream, text: msg.text }, msg.id);
        break;
      case 'done':
      case 'trace':
        if (pending?.id === msg.id) finish(msg.type === 'done' ? { out: msg.out } : { data: msg.data });
        break;
      default:
        break;
    }
  }

  /** Sends a request; resolves to { out } | { data } | { timedOut, limitMs } | { crashed, message }. */
  function request(body, { limit = limitMs } = {}) {
    if (!ready) return Promise.resolve({ crashed: true, message: 'The engine is not ready yet.' });
    if (pending) return Promise.resolve({ crashed: true, message: 'The engine is busy.' });
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // Watchdog: the worker is stuck (or very slow). Stop it and start a fresh one.
        const stuck = worker;
        finish({ timedOut: true, limitMs: limit });
        stuck.terminate();
        start('restarting');
      }, limit);
      pending = { id, resolve, timer };
      worker.postMessage({ ...body, id });
    });
  }

  start();
  return {
    run: (exerciseId, code, language) => request({ type: 'run', exerciseId, code, language }),
    /** A free-form program (an example): its main() is run. */
    program: (code, language) => request({ type: 'program', code, language }),
    /** The schedule explorer: `exerciseId` (or undefined for a program) under two schedules. */
    explore: ({ exerciseId, code, schedule, language }) => request({ type: 'explore', exerciseId, code, schedule, language }),
    traceEvents: () => request({ type: 'trace' }),
    isReady: () => ready,
    isBusy: () => pending !== null,
    /** The worker's clock now (timeline events are stamped with it). */
    engineNow: () => performance.now() + performance.timeOrigin - workerOrigin,
    /** How many workers were started (1 + restarts). */
    workersStarted: () => generation,
    restart: () => { finish({ crashed: true, message: 'restarted' }); worker?.terminate(); start('restarting'); },
  };
}
