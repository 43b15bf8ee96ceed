// The page's side of the sandbox frame (www/sandbox.html, app/sandbox-frame.js): engine workers
// are started inside a hidden <iframe sandbox="allow-scripts">, never by the page. Such a frame
// has an opaque origin, and Chromium (site isolation, on by default on desktop) gives it a
// renderer process of its own, so learner code that exhausts memory crashes that process, with
// the frame and its workers, while the page lives on. Browsers report no such crash to the
// parent, so the page pings the frame while it needs it; a frame that stops answering is
// declared dead, the request in flight ends with "used too much memory", and a new frame (new
// process, fresh workers) takes its place.
//
//   const pool = createSandboxPool({ onState });   // onState('loading' | 'ready' | 'failed', message?)
//   const lease = await pool.take(body, [replyPort, eventsPort, printPort]);
//                    // a warm worker that was handed the request; throws Error when none could be had
//   lease.onError = (message) => ...;              // an uncaught error in the worker
//   lease.onCrash = () => ...;                     // the frame died while the lease was out
//   await lease.alive();                           // true while the frame answers
//   lease.release();                               // terminates the worker
//
// The frame fetches nothing: the page, same-origin with the engine's files, fetches the
// worker's script and the wasm once and hands them over with `connect`, so a host that sends no
// CORS headers serves it (the frame's opaque origin makes every fetch of its own cross-origin).
// The files are named by <link rel="preload" data-engine="worker|wasm"> in the page (hashed in a
// built site), so they download while the page starts. A frame that loads but does not say
// hello, or a file that does not come, is reported at once with what the page can find out.

import { check, maybe, oneOf } from './messages.js';

const FRAME_URL = 'sandbox.html';
const ENGINE_FILES = { worker: 'dist/worker.js', wasm: 'pkg/jaxplay_bg.wasm' };
/** How often the page pings the frame while it waits on it. */
const PING_MS = 500;
/** A ping unanswered this long (and for at least DEAD_TICKS pings) means the frame is gone. */
const DEAD_MS = 2500;
const DEAD_TICKS = 4;
/** How long a new frame may take to say hello, and how long after its load event. */
const HELLO_MS = 10_000;
const HELLO_AFTER_LOAD_MS = 1500;

/** The shapes the page accepts from the frame, by type. */
export const FROM_FRAME = {
  state: { state: oneOf('loading', 'ready', 'failed'), message: maybe('string'), started: 'number' },
  lease: { n: 'number', lease: 'number', timeOrigin: 'number', started: 'number' },
  'take-failed': { n: 'number', message: 'string' },
  'worker-error': { lease: 'number', message: 'string' },
  pong: { n: 'number' },
};

/** The URL of engine file `kind` (ENGINE_FILES), as the page's preload link names it. */
function engineUrl(kind) {
  const link = document.querySelector(`link[rel="preload"][data-engine="${kind}"]`);
  return new URL(link?.getAttribute('href') ?? ENGINE_FILES[kind], document.baseURI).href;
}

async function fetched(url, read) {
  let res;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new Error(`The engine could not load: ${url} could not be fetched (${err?.message ?? err}).`);
  }
  if (!res.ok) throw new Error(`The engine could not load: ${url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
  return res[read]();
}

let engineFiles = null;
/** { script, wasm }: the worker's script and the engine's bytes, fetched once per page. */
function loadEngineFiles() {
  engineFiles ??= Promise.all([fetched(engineUrl('worker'), 'text'), fetched(engineUrl('wasm'), 'arrayBuffer')])
    .then(([script, wasm]) => ({ script, wasm }));
  return engineFiles;
}

/** Why the frame at `url` said nothing, as far as the page can tell from its own fetches. */
async function whySilent(url) {
  const page = await fetch(url).catch(() => null);
  if (!page) return `${url} could not be fetched`;
  if (!page.ok) return `${url} answered ${page.status}`;
  const denied = page.headers.get('x-frame-options');
  if (/deny/i.test(denied ?? '')) return `the host sends "X-Frame-Options: ${denied}" with it, which forbids framing it`;
  const policy = page.headers.get('content-security-policy');
  if (/frame-ancestors\s+'none'/.test(policy ?? '')) return `the host sends a Content-Security-Policy with frame-ancestors 'none' with it, which forbids framing it`;
  const src = /<script\b[^>]*\bsrc="([^"]+)"/.exec(await page.text())?.[1];
  if (!src) return `${url} has no script: is it jaxplay's sandbox.html?`;
  const scriptUrl = new URL(src, page.url).href;
  const script = await fetch(scriptUrl).catch(() => null);
  if (!script?.ok) return `its script ${scriptUrl} ${script ? `answered ${script.status}` : 'could not be fetched'}`;
  const type = script.headers.get('content-type') ?? '';
  if (!/javascript|ecmascript/i.test(type)) return `its script ${scriptUrl} is served as "${type}", not as JavaScript`;
  if (policy) return `the host sends a Content-Security-Policy header with it (${policy}), which may stop its script or workers`;
  return 'its script loads but did not start (the browser\'s console says why)';
}

export function createSandboxPool({ onState = () => {}, url = FRAME_URL } = {}) {
  // The current frame: its element and port, whether it died, workers it started, and what
  // waits on it (takes, leases, pings and their waiters), each by number.
  let frame = null;
  let startedBefore = 0; // workers started by frames that are gone
  let pingN = 0;

  function warn(reason, data) {
    console.warn(`jaxplay: dropped a message from the sandbox frame: ${reason}`, data);
  }

  function open() {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    iframe.title = 'jaxplay engine sandbox';
    iframe.className = 'engine-sandbox';
    iframe.hidden = true;
    iframe.src = new URL(url, document.baseURI).href;
    const f = { iframe, port: null, dead: false, greeted: false, started: 0, takes: new Map(), leases: new Map(), pings: new Map(), waiters: new Map(), timer: null, helloTimers: [] };
    const channel = new MessageChannel();
    const href = iframe.src;
    const failed = (message) => {
      if (frame === f && !f.dead) onState('failed', message);
    };
    const connect = (engine) => {
      if (f.dead) return;
      f.port = channel.port1;
      f.port.onmessage = (m) => receive(f, m.data);
      iframe.contentWindow.postMessage({ jaxplaySandbox: 1, type: 'connect', engine }, '*', [channel.port2]);
      for (const [n, t] of f.takes) send(f, n, t);
    };
    const onHello = (e) => {
      if (e.source !== iframe.contentWindow || e.data?.jaxplaySandbox !== 1 || e.data.type !== 'hello') return;
      window.removeEventListener('message', onHello);
      f.greeted = true;
      f.helloTimers.forEach(clearTimeout);
      loadEngineFiles().then(connect, (err) => failed(err.message));
    };
    window.addEventListener('message', onHello);
    // Said as soon as known: a file that does not come, a frame that loads and stays silent.
    // A frame that is only slow and says hello later still connects.
    loadEngineFiles().catch((err) => failed(err.message));
    const silent = () => {
      if (f.greeted) return;
      whySilent(href).catch((err) => String(err?.message ?? err))
        .then((why) => { if (!f.greeted) failed(`The engine sandbox (${url}) did not start: ${why}.`); });
    };
    iframe.addEventListener('load', () => f.helloTimers.push(setTimeout(silent, HELLO_AFTER_LOAD_MS)));
    f.helloTimers.push(setTimeout(silent, HELLO_MS));
    onState('loading');
    document.body.append(iframe);
    frame = f;
    return f;
  }

  function receive(f, data) {
    if (f !== frame || f.dead) return;
    const shape = Object.hasOwn(FROM_FRAME, data?.type ?? '') ? FROM_FRAME[data.type] : null;
    const bad = shape ? check(data, shape) : `unexpected message type ${String(data?.type).slice(0, 40)}`;
    if (bad) return warn(bad, data);
    switch (data.type) {
      case 'state':
        f.started = data.started;
        return onState(data.state, data.message ?? undefined);
      case 'pong':
        f.pings.delete(data.n);
        f.waiters.get(data.n)?.(true);
        f.waiters.delete(data.n);
        return idle(f);
      case 'lease': {
        f.started = data.started;
        const waiting = f.takes.get(data.n);
        f.takes.delete(data.n);
        if (waiting) waiting.resolve(data);
        else f.port.postMessage({ type: 'release', lease: data.lease });
        return idle(f);
      }
      case 'take-failed': {
        const waiting = f.takes.get(data.n);
        f.takes.delete(data.n);
        waiting?.reject(new Error(data.message.slice(0, 2000)));
        return idle(f);
      }
      case 'worker-error':
        return f.leases.get(data.lease)?.onError(data.message.slice(0, 2000));
      default:
        return undefined;
    }
  }

  // ---------------------------------------------------------------- liveness

  /** Pings while anything waits on the frame; a ping unanswered too long kills it. */
  function watch(f) {
    if (f.timer) return;
    f.timer = setInterval(() => {
      const now = performance.now();
      for (const sent of f.pings.values()) {
        sent.ticks += 1;
        if (now - sent.at >= DEAD_MS && sent.ticks >= DEAD_TICKS) return died(f);
      }
      if (f.port) {
        pingN += 1;
        f.pings.set(pingN, { at: now, ticks: 0 });
        f.port.postMessage({ type: 'ping', n: pingN });
      }
    }, PING_MS);
  }

  function idle(f) {
    if (f.takes.size === 0 && f.leases.size === 0 && f.waiters.size === 0) {
      clearInterval(f.timer);
      f.timer = null;
      f.pings.clear();
    }
  }

  function died(f) {
    if (f.dead) return;
    f.dead = true;
    clearInterval(f.timer);
    startedBefore += f.started;
    for (const waiting of f.takes.values()) waiting.reject(new Error('The engine sandbox stopped responding; it is being restarted.'));
    const leases = [...f.leases.values()];
    f.leases.clear();
    for (const resolve of f.waiters.values()) resolve(false);
    f.waiters.clear();
    f.iframe.remove();
    f.port?.close();
    if (frame === f) open();
    for (const lease of leases) lease.onCrash();
  }

  // ---------------------------------------------------------------- leases

  /** Sends take `n` (its request and ports go with it, one message: no round trip first). */
  function send(f, n, t) {
    if (t.sent) return;
    t.sent = true;
    f.port.postMessage({ type: 'take', n, body: t.body }, t.ports);
  }

  async function take(body, ports) {
    const f = frame;
    const n = ++pingN;
    if (f.dead) throw new Error('The engine sandbox is restarting.');
    const got = await new Promise((resolve, reject) => {
      const t = { resolve, reject, body, ports, sent: false };
      f.takes.set(n, t);
      watch(f);
      // Before the frame has connected, the take is sent on connect.
      if (f.port) send(f, n, t);
    });
    const lease = {
      timeOrigin: got.timeOrigin,
      onError: () => {},
      onCrash: () => {},
      /** Resolves true once the frame answers a ping, false if it is declared dead first. */
      alive() {
        if (f.dead) return Promise.resolve(false);
        return new Promise((resolve) => {
          const n2 = ++pingN;
          f.pings.set(n2, { at: performance.now(), ticks: 0 });
          f.waiters.set(n2, resolve);
          watch(f);
          f.port.postMessage({ type: 'ping', n: n2 });
        });
      },
      release() {
        if (!f.leases.delete(got.lease)) return;
        if (!f.dead) f.port.postMessage({ type: 'release', lease: got.lease });
        idle(f);
      },
    };
    f.leases.set(got.lease, lease);
    watch(f); // while the lease is out: its worker's process may die at any moment
    return lease;
  }

  open();
  return {
    take,
    /** Workers started so far, in every frame (the one in use and the warm spare included). */
    started: () => startedBefore + (frame?.started ?? 0),
  };
}
