// What learner code does besides computing, watched in the Check worker: output by any means
// (console.*, jax.debug.print, also from timers and promises), clock and random reads and
// timers started during a host call, requests (refused), and the global object before and
// after. Installed before learner code loads, with references taken when this module loads.

const G = globalThis;
const { apply, construct, getOwnPropertyDescriptor, ownKeys } = Reflect;
export const realSetTimeout = G.setTimeout;
const realMath = G.Math;
const realRandom = realMath.random;
const RealDate = G.Date;
const realDateNow = RealDate.now;
const realPerformance = G.performance;
const realPerfNow = realPerformance.now;
const realCrypto = G.crypto;
const StringOf = String;
export const same = Object.is;
const execRe = RegExp.prototype.exec;
// In a stack: the line after the observer's own frames (who called the clock), and what an
// engine frame looks like (wasm, or jaxplay's own files).
const callerRe = /(?:\n[^\n]*(?:monitor|observe)\.js[^\n]*)+\n([^\n]*)/;
const engineFrame = /wasm|\/lib\/\w+\.js|jaxplay\.js|\/pkg\//;

export function errorStack() {
  try {
    const s = new Error().stack;
    return typeof s === 'string' ? s : '';
  } catch {
    return '';
  }
}

// Bookkeeping after learner code has loaded uses index assignment: Array.prototype methods
// may have been replaced by then. A list stops growing at LIST_CAP, so the observations stay
// small enough for the page to accept (www/app/messages.js reads at most 100 000 items a list);
// the verdict needs only the first entries and whether there are any.
export const LIST_CAP = 10_000;
export const push = (list, v) => { if (list.length < LIST_CAP) list[list.length] = v; };
// A printed line is kept only as far as a message quotes it (the output panel gets it whole).
// A slice of a long string keeps the whole string alive, so the kept part is copied.
const sliceOf = String.prototype.slice;
const { parse: jsonParse, stringify: jsonStringify } = JSON;
const PRINTED_CHARS = 1000;
const printedText = (text) => (text.length > PRINTED_CHARS ? jsonParse(jsonStringify(apply(sliceOf, text, [0, PRINTED_CHARS]))) : text);

/** Global names and values, to see what learner code writes. */
export function globalsSnapshot() {
  const snap = [];
  const keys = ownKeys(G);
  for (let i = 0; i < keys.length; i++) {
    const d = getOwnPropertyDescriptor(G, keys[i]);
    push(snap, { key: keys[i], value: d && 'value' in d ? d.value : d?.get });
  }
  return snap;
}

export function globalsWritten(before, after) {
  const written = [];
  for (let i = 0; i < after.length; i++) {
    const { key, value } = after[i];
    let found = false;
    for (let j = 0; j < before.length; j++) {
      if (before[j].key === key) {
        found = true;
        if (!same(before[j].value, value)) push(written, StringOf(key));
        break;
      }
    }
    if (!found) push(written, StringOf(key));
  }
  return written;
}

export function createMonitor(print) {
  const m = {
    inHost: 0, hostPrinted: [], reads: [], timers: [], requests: [],
    enter() { m.inHost += 1; },
    leave() { m.inHost -= 1; },
  };
  const note = (list, what) => { if (m.inHost > 0) push(list, what); };
  // A clock read counts when the host itself made it: the engine reads the clock too (for the
  // timeline) while a host's `jax.debug.print` runs, from wasm or jaxplay's own files.
  const noteRead = (what) => {
    if (m.inHost === 0) return;
    const caller = apply(execRe, callerRe, [errorStack()]);
    if (!caller || !apply(execRe, engineFrame, [caller[1]])) push(m.reads, what);
  };
  const out = (stream, text) => {
    if (m.inHost > 0 || m.probing) push(m.hostPrinted, printedText(text));
    print(stream, text);
  };
  const show = (v) => {
    try {
      return typeof v === 'string' ? v : StringOf(v);
    } catch {
      return '?';
    }
  };
  for (const stream of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table']) {
    G.console[stream] = (...args) => {
      const parts = [];
      for (const a of args) push(parts, show(a));
      out(stream === 'error' || stream === 'warn' ? stream : 'log', parts.join(' '));
    };
  }
  // `jax.debug.print` output: recorded, then given to the learner's own handler if they set one.
  m.userPrint = null;
  m.debugPrint = (text) => {
    if (typeof m.userPrint !== 'function') return out('debug', StringOf(text));
    if (m.inHost > 0 || m.probing) push(m.hostPrinted, printedText(StringOf(text)));
    return m.userPrint(text);
  };
  // Clocks and random sources: reads during a host call are recorded (and still answered).
  realMath.random = () => { noteRead('Math.random()'); return apply(realRandom, realMath, []); };
  RealDate.now = () => { noteRead('Date.now()'); return apply(realDateNow, RealDate, []); };
  G.Date = new Proxy(RealDate, {
    construct(t, args, nt) { if (args.length === 0) noteRead('new Date()'); return construct(t, args, nt); },
    apply(t, self, args) { noteRead('Date()'); return apply(t, self, args); },
  });
  realPerformance.now = () => { noteRead('performance.now()'); return apply(realPerfNow, realPerformance, []); };
  if (realCrypto) {
    for (const name of ['getRandomValues', 'randomUUID']) {
      const real = realCrypto[name];
      if (typeof real === 'function') realCrypto[name] = (...a) => { noteRead(`crypto.${name}()`); return apply(real, realCrypto, a); };
    }
  }
  // Work that happens later (a timer's output) is not the host's answer: recorded as a side effect.
  for (const name of ['setTimeout', 'setInterval', 'queueMicrotask', 'requestAnimationFrame']) {
    const real = G[name];
    if (typeof real !== 'function') continue;
    G[name] = (...a) => { note(m.timers, name); return apply(real, G, a); };
  }
  // Requests are refused outright (learner code has no network); trying one is recorded.
  const refuse = (what) => () => {
    push(m.requests, what);
    throw new Error(`${what} is not available in the playground`);
  };
  G.fetch = refuse('fetch');
  for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts']) {
    if (name in G) G[name] = refuse(name);
  }
  if (G.indexedDB) G.indexedDB.open = refuse('indexedDB.open');
  if (G.caches) G.caches.open = refuse('caches.open');
  return m;
}
