// One Check, one fresh engine worker: the learner's code of an earlier request can never touch
// this one's. The worker is started, sent the request with a nonce only this function knows,
// and terminated when the answer (the `done` message carrying that nonce) arrives or when the
// time limit passes. Streamed events and printed lines are passed on after a shape check.
// Small on purpose: it can be swapped for a worker pool that hands out fresh workers.

const LOAD_LIMIT_MS = 30_000;

function nonce() {
  const bytes = new Uint32Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(8, '0')).join('');
}

const isText = (v) => typeof v === 'string';

/**
 * Runs `body` (a request for www/worker.js) in a new worker. Resolves to { out } | { timedOut,
 * limitMs } | { crashed, message }. `onEvents(events)`, `onPrint({ stream, text })` stream.
 * `onStarted(worker)` is told about the worker (tests count them).
 */
export function inFreshWorker(body, { url = 'worker.js', limitMs, onEvents, onPrint, onStarted = () => {}, onClock = () => {} }) {
  return new Promise((resolve) => {
    const key = nonce();
    const id = 1;
    const worker = new Worker(url, { type: 'module', name: 'jaxplay-check' });
    onStarted(worker);
    let timer = setTimeout(() => end({ crashed: true, message: 'The engine did not load within 30 seconds.' }), LOAD_LIMIT_MS);
    let done = false;
    function end(value) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.terminate();
      resolve(value);
    }
    worker.onerror = (e) => {
      e.preventDefault?.();
      onPrint({ stream: 'error', text: `Uncaught ${e.message || 'error'}` });
    };
    worker.onmessageerror = () => end({ crashed: true, message: 'The engine sent a message the page could not read.' });
    worker.onmessage = (e) => {
      const msg = e.data;
      if (!msg || typeof msg !== 'object') return;
      switch (msg.type) {
        case 'ready':
          if (typeof msg.timeOrigin === 'number') onClock(msg.timeOrigin);
          clearTimeout(timer);
          timer = setTimeout(() => end({ timedOut: true, limitMs }), limitMs);
          worker.postMessage({ ...body, id, nonce: key });
          break;
        case 'init-error':
          end({ crashed: true, message: `The engine failed to load: ${isText(msg.message) ? msg.message : 'unknown error'}` });
          break;
        case 'events':
          if (msg.id === id && Array.isArray(msg.events)) onEvents(msg.events.filter((ev) => ev && typeof ev === 'object'));
          break;
        case 'print':
          if (msg.id === id && isText(msg.stream) && isText(msg.text)) onPrint({ stream: msg.stream, text: msg.text });
          break;
        case 'done':
          if (msg.id === id && msg.nonce === key && msg.out && typeof msg.out === 'object') end({ out: msg.out });
          break;
        default:
          break;
      }
    };
  });
}
