// The inside of the sandbox frame (www/sandbox.html): holds the pool of engine workers
// (worker-pool.js) for the page that framed it, and nothing else. The frame has an opaque
// origin (sandbox="allow-scripts"), so the browser may give it, and the workers it starts, a
// process of its own: learner code that exhausts memory then takes down this frame only, and
// the page (app/sandbox.js) replaces it. Replies of a request never pass through here: the
// page's three MessagePorts are handed on to the worker as they are. Loaded as a classic script
// (www/dist/sandbox.js): in the frame's opaque origin a module script would be a CORS request,
// which a host that sends no special headers refuses. For the same reason the frame fetches
// nothing: the page hands it the engine.
//
// page → frame, once: window message { jaxplaySandbox: 1, type: 'connect', engine: { script,
// wasm } } with a MessagePort, accepted only from the parent window at this file's own origin:
// the worker's script (text) and the engine's wasm (bytes, or a ReadableStream of them, which
// the pool compiles as it arrives). Then, on that port:
//   page → frame  { type: 'script', script }   workers start from this script from now on
//                                  (worker-python.js, once the page runs Python)
//                 { type: 'take', n, body } + 3 ports   a warm worker for one request: the
//                                  request `body` and its reply ports go to it at once
//                 { type: 'release', lease }       terminate it
//                 { type: 'ping', n }              liveness (answered at once)
//   frame → page  { type: 'hello' } (window message, before connect)
//                 { type: 'state', state, message, started }   the pool's state (worker-pool.js)
//                 { type: 'lease', n, lease, timeOrigin, started } | { type: 'take-failed', n, message }
//                 { type: 'worker-error', lease, message }   an uncaught error in that worker
//                 { type: 'pong', n }

import { createWorkerPool } from './worker-pool.js';

const ownOrigin = new URL(location.href).origin;
let port = null;
let pool = null;
const leases = new Map(); // lease id → { worker, release }
let nextLease = 1;

function send(msg) {
  port.postMessage(msg);
}

async function take(n, body, ports) {
  let lease;
  try {
    lease = await pool.take();
  } catch (err) {
    send({ type: 'take-failed', n, message: String(err?.message ?? err) });
    return;
  }
  const id = nextLease++;
  leases.set(id, lease);
  const { worker } = lease;
  // Learner code may post here (self.postMessage): such messages are dropped unread.
  let dropped = 0;
  worker.onmessage = () => {
    if (dropped++ < 3) console.warn('jaxplay: dropped a message from the engine worker: posted on the worker itself, not on its reply port');
  };
  worker.onerror = (e) => {
    e.preventDefault();
    send({ type: 'worker-error', lease: id, message: String(e.message || 'error').slice(0, 2000) });
  };
  worker.postMessage(body, ports);
  send({ type: 'lease', n, lease: id, timeOrigin: lease.timeOrigin, started: pool.started() });
}

function onPageMessage(e) {
  const msg = e.data;
  switch (msg?.type) {
    case 'ping': return send({ type: 'pong', n: msg.n });
    case 'script': return typeof msg.script === 'string' ? pool.useScript(msg.script) : undefined;
    case 'take': return take(msg.n, msg.body, e.ports);
    case 'release': {
      leases.get(msg.lease)?.release();
      leases.delete(msg.lease);
      return undefined;
    }
    default: return undefined;
  }
}

// Served without a sandbox (a service worker that does not send the sandbox header, say), this
// frame would share the page's origin: it then takes nothing, and the page, which sees the
// origin of the hello, frames it again with the sandbox attribute (app/sandbox.js).
const sandboxed = self.origin === 'null';

window.addEventListener('message', (e) => {
  if (!sandboxed || port || e.source !== window.parent || e.origin !== ownOrigin) return;
  if (e.data?.jaxplaySandbox !== 1 || e.data.type !== 'connect' || !(e.ports[0] instanceof MessagePort)) return;
  const { script, wasm } = e.data.engine ?? {};
  if (typeof script !== 'string' || !(wasm instanceof ArrayBuffer || wasm instanceof ReadableStream)) return;
  [port] = e.ports;
  port.onmessage = onPageMessage;
  pool = createWorkerPool({ script, wasm, onState: (state, message) => send({ type: 'state', state, message: message ?? null, started: pool?.started() ?? 1 }) });
});

window.parent.postMessage({ jaxplaySandbox: 1, type: 'hello' }, '*');
