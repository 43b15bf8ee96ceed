// The page's side of the sandbox frame (www/sandbox.html, app/sandbox-frame.js): engine workers
// are started inside a hidden <iframe sandbox="allow-scripts">, never by the page. Such a frame
// has an opaque origin, and Chromium (site isolation, on by default on desktop) gives it a
// renderer process of its own, so learner code that exhausts memory crashes that process, with
// the frame and its workers, while the page lives on. Browsers report no such crash to the
// parent, so the page pings the frame while it needs it; a frame that stops answering is
// declared dead, the request in flight ends with "used too much memory", and a new frame (new
// process, fresh workers) takes its place.
//
//   const pool = createSandboxPool({ onState, language, startWhen });   // onState('loading' | 'ready' | 'failed', message?)
//                    // startWhen: a promise; the frame and the downloads wait for it (default: start now)
//   pool.prepare('python');                        // the workers must run Python too (see below)
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
// The wasm download starts when the pool starts (`startWhen`: once the page's own code is
// in, so that on a slow link the lesson and the editor do not share the line with the
// engine), and where the browser can transfer streams it is handed over as a stream, which
// the frame compiles while it downloads (WebAssembly.compileStreaming). The worker's script is
// www/dist/worker.js, JavaScript only, until the page runs Python: then worker-python.js, the
// same worker with Python mode, is fetched and handed over (`script`), and the frame's workers
// are started from it from then on. A frame that loads but does not say hello, or a file that
// does not come, is reported at once with what the page can find out.
//
// In the built site, a page that its service worker controls (scripts/site.mjs, www/sw.js)
// requests the frame without the sandbox attribute, because a browser sends a sandboxed
// frame's request past the service worker (and so it could not load offline); the service
// worker serves sandbox.html with `Content-Security-Policy: sandbox allow-scripts`, which
// sandboxes it just as the attribute does (an opaque origin, a process of its own). The page
// trusts no one on that: a frame's hello must come from an opaque origin, and a frame that is
// not sandboxed is removed, unconnected, and framed again with the attribute.

import { check, maybe, oneOf } from './messages.js';

const FRAME_URL = 'sandbox.html';
/**
 * The engine's files, relative to the page. scripts/site.mjs defines JAXPLAY_ENGINE_FILES (the
 * built site's hashed names) when it bundles the pages; www/ uses its own.
 */
// eslint-disable-next-line no-undef
const ENGINE_FILES = typeof JAXPLAY_ENGINE_FILES === 'object' ? JAXPLAY_ENGINE_FILES
  : { worker: 'dist/worker.js', 'worker-python': 'dist/worker-python.js', wasm: 'pkg/jaxplay_bg.wasm' };
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

/** The URL of engine file `kind` (ENGINE_FILES). */
const engineUrl = (kind) => new URL(ENGINE_FILES[kind], document.baseURI).href;

/** The response for `url`, or an Error saying why there is none. */
async function fetched(url) {
  let res;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new Error(`The engine could not load: ${url} could not be fetched (${err?.message ?? err}).`);
  }
  if (!res.ok) throw new Error(`The engine could not load: ${url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
  return res;
}

/** Whether this browser can hand a ReadableStream to another window (Chromium, Firefox). */
function streamsTransfer() {
  const { port1, port2 } = new MessageChannel();
  try {
    const stream = new ReadableStream();
    port1.postMessage(stream, [stream]);
    return true;
  } catch {
    return false;
  } finally {
    port1.close();
    port2.close();
  }
}

// The engine's files, fetched once per page and shared by every frame it makes.
let wasmResponse = null; // Promise<Response>
let wasmStreamed = false;
let wasmBytes = null; // Promise<ArrayBuffer>: for frames after the first, or without streams
const scripts = {}; // kind → Promise<string>

function loadWasm() {
  wasmResponse ??= fetched(engineUrl('wasm'));
  return wasmResponse;
}

/** The worker script of `kind` ('worker' | 'worker-python'), fetched once. */
function loadScript(kind) {
  scripts[kind] ??= fetched(engineUrl(kind)).then((res) => res.text());
  return scripts[kind];
}

/** The body of wasm response `res`; an Error naming the file if the download breaks off. */
function bytesOf(res) {
  const bytes = res.arrayBuffer().catch((err) => {
    throw new Error(`The engine could not load: the download of ${engineUrl('wasm')} broke off (${err?.message ?? err}).`);
  });
  bytes.catch(() => {}); // a frame that needs them sees the error
  return bytes;
}

/**
 * The wasm for a frame's `connect`: { wasm, transfer }. The first frame gets the download as a
 * stream where streams transfer, and the page keeps a copy of the bytes for a frame that
 * replaces it; otherwise the bytes (copied, not transferred: the next frame needs them too).
 */
async function wasmForFrame() {
  const res = await loadWasm();
  if (!wasmStreamed && !wasmBytes && res.body && streamsTransfer()) {
    wasmStreamed = true;
    const [kept, handed] = res.body.tee();
    wasmBytes = bytesOf(new Response(kept));
    return { wasm: handed, transfer: [handed] };
  }
  wasmBytes ??= bytesOf(res);
  return { wasm: await wasmBytes, transfer: [] };
}

/**
 * Whether the built site's service worker controls this page (see the top of this file): its
 * files then come from the worker's cache, and the engine's downloads share no line with the
 * page's (engine-client.js's `startEngine` starts them at once).
 */
export function servedByServiceWorker() {
  if (!document.querySelector('meta[name="jaxplay-service-worker"]')) return false;
  try {
    return Boolean(navigator.serviceWorker?.controller);
  } catch {
    return false; // storage blocked, e.g. in some third-party frames
  }
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
  const text = await page.text();
  const src = /<script\b[^>]*\bsrc="([^"]+)"/.exec(text)?.[1];
  // The built site's sandbox.html carries its script inline (scripts/site.mjs).
  if (!src && /<script>[^<]/.test(text)) return 'its script did not start (the browser\'s console says why)';
  if (!src) return `${url} has no script: is it jaxplay's sandbox.html?`;
  const scriptUrl = new URL(src, page.url).href;
  const script = await fetch(scriptUrl).catch(() => null);
  if (!script?.ok) return `its script ${scriptUrl} ${script ? `answered ${script.status}` : 'could not be fetched'}`;
  const type = script.headers.get('content-type') ?? '';
  if (!/javascript|ecmascript/i.test(type)) return `its script ${scriptUrl} is served as "${type}", not as JavaScript`;
  if (policy) return `the host sends a Content-Security-Policy header with it (${policy}), which may stop its script or workers`;
  return 'its script loads but did not start (the browser\'s console says why)';
}

/**
 * `language`: what the page's first requests run in ('js' | 'python'), if known yet; else the
 * page says so with `prepare(language)` before the frame can be connected.
 */
export function createSandboxPool({ onState = () => {}, url = FRAME_URL, language = null, startWhen = null } = {}) {
  // The current frame: its element and port, whether it died, workers it started, and what
  // waits on it (takes, leases, pings and their waiters), each by number.
  let frame = null;
  let startedBefore = 0; // workers started by frames that are gone
  let pingN = 0;
  // The worker script the frames must run: null until the page names a language, then
  // 'worker', or 'worker-python' from the first Python request on (it runs both languages).
  let kind = null;
  let named;
  const kindNamed = new Promise((resolve) => { named = resolve; });
  // A frame that turned out not to be sandboxed makes every later frame use the attribute.
  let attributeOnly = false;

  function warn(reason, data) {
    console.warn(`jaxplay: dropped a message from the sandbox frame: ${reason}`, data);
  }

  /** Hands frame `f` the script of the current kind, if it runs another; resolves once sent. */
  async function sync(f) {
    while (f?.port && !f.dead && f.kind !== kind) {
      const want = kind;
      const script = await loadScript(want);
      if (f.dead || f.kind === want) return;
      f.port.postMessage({ type: 'script', script });
      f.kind = want;
    }
  }

  /** The frames run `language` ('js' | 'python') from now on; resolves once the frame knows. */
  function prepare(next) {
    const want = next === 'python' ? 'worker-python' : 'worker';
    if (kind !== 'worker-python' && kind !== want) {
      kind = want;
      named();
      loadScript(want).catch((err) => failed(frame, err.message));
    }
    return sync(frame).catch(() => {});
  }

  function failed(f, message) {
    if (f && frame === f && !f.dead) onState('failed', message);
  }

  function open() {
    const iframe = document.createElement('iframe');
    const viaWorker = !attributeOnly && servedByServiceWorker();
    if (!viaWorker) iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.tabIndex = -1;
    iframe.title = 'jaxplay engine sandbox';
    iframe.className = 'engine-sandbox';
    iframe.hidden = true;
    iframe.src = new URL(url, document.baseURI).href;
    const f = { iframe, port: null, kind: null, dead: false, greeted: false, started: 0, takes: new Map(), leases: new Map(), pings: new Map(), waiters: new Map(), timer: null, helloTimers: [] };
    const channel = new MessageChannel();
    const href = iframe.src;
    const connect = async () => {
      await kindNamed;
      let script;
      let want;
      do {
        want = kind;
        script = await loadScript(want);
      } while (want !== kind);
      const { wasm, transfer } = await wasmForFrame();
      if (f.dead) return;
      f.port = channel.port1;
      f.kind = want;
      f.port.onmessage = (m) => receive(f, m.data);
      iframe.contentWindow.postMessage({ jaxplaySandbox: 1, type: 'connect', engine: { script, wasm } }, '*', [channel.port2, ...transfer]);
      await sync(f);
      for (const [n, t] of f.takes) send(f, n, t);
    };
    const onHello = (e) => {
      if (e.source !== iframe.contentWindow || e.data?.jaxplaySandbox !== 1 || e.data.type !== 'hello') return;
      window.removeEventListener('message', onHello);
      f.greeted = true;
      f.helloTimers.forEach(clearTimeout);
      // Only a sandboxed frame (an opaque origin) is ever handed learner code.
      if (e.origin !== 'null') return reframe(f);
      connect().catch((err) => failed(f, err.message));
      return undefined;
    };
    window.addEventListener('message', onHello);
    // Said as soon as known: a file that does not come, a frame that loads and stays silent.
    // A frame that is only slow and says hello later still connects.
    loadWasm().catch((err) => failed(f, err.message));
    const silent = () => {
      if (f.greeted) return;
      whySilent(href).catch((err) => String(err?.message ?? err))
        .then((why) => { if (!f.greeted) failed(f, `The engine sandbox (${url}) did not start: ${why}.`); });
    };
    iframe.addEventListener('load', () => f.helloTimers.push(setTimeout(silent, HELLO_AFTER_LOAD_MS)));
    f.helloTimers.push(setTimeout(silent, HELLO_MS));
    onState('loading');
    document.body.append(iframe);
    frame = f;
    return f;
  }

  /** Frame `f` is not sandboxed: removed before it is handed anything, and framed again with the attribute. */
  function reframe(f) {
    console.warn('jaxplay: the engine sandbox frame was not sandboxed (was sandbox.html served by another service worker?); framing it again with the sandbox attribute');
    attributeOnly = true;
    f.dead = true;
    f.helloTimers.forEach(clearTimeout);
    clearInterval(f.timer);
    f.iframe.remove();
    const next = open();
    for (const [n, t] of f.takes) next.takes.set(n, t);
    if (next.takes.size) watch(next);
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
    await opened;
    if (body?.language === 'python') await prepare('python');
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

  const opened = Promise.resolve(startWhen).then(() => {
    if (language) prepare(language);
    open();
  });
  return {
    take,
    prepare,
    /** Workers started so far, in every frame (the one in use and the warm spare included). */
    started: () => startedBefore + (frame?.started ?? 0),
  };
}
