// What learner code does besides computing, watched in the Check worker: output by any means
// (console.*, jax.debug.print, also from timers and promises), clock and random reads and
// timers started during a host call, requests (refused), and the global object before and
// after. Installed before learner code loads, with references taken when this module loads.

const G = globalThis;
const { apply, construct, defineProperty, getOwnPropertyDescriptor, getPrototypeOf, ownKeys } = Reflect;
const MapOf = Map;
const { get: mapGet, set: mapSet, has: mapHas } = Map.prototype;
const isView = ArrayBuffer.isView;
export const realSetTimeout = G.setTimeout;
const realMath = G.Math;
const realRandom = realMath.random;
const RealDate = G.Date;
const realDateNow = RealDate.now;
const realPerformance = G.performance;
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

/** Global names and values, one level deep too (`Math.calls`, `Object.prototype.calls`, a
 * property of a global object the code made), to see what learner code writes. Getters are
 * recorded, never called. */
export function globalsSnapshot(roots = []) {
  const snap = { keys: [], values: new MapOf() };
  const record = (obj, path, depth) => {
    const keys = ownKeys(obj);
    for (let i = 0; i < keys.length; i++) {
      const d = getOwnPropertyDescriptor(obj, keys[i]);
      const value = d && 'value' in d ? d.value : d?.get;
      const name = path === null ? keys[i] : `${StringOf(path)}.${StringOf(keys[i])}`;
      push(snap.keys, name);
      apply(mapSet, snap.values, [name, value]);
      const nested = value !== null && (typeof value === 'object' || typeof value === 'function') && value !== obj && !isView(value);
      if (depth > 0 && nested) {
        record(value, name, 0);
        const proto = typeof value === 'function' ? getOwnPropertyDescriptor(value, 'prototype') : null;
        if (proto && 'value' in proto && proto.value && typeof proto.value === 'object') record(proto.value, `${StringOf(name)}.prototype`, 0);
      }
    }
  };
  record(G, null, 1);
  for (let i = 0; i < roots.length; i++) record(roots[i].value, roots[i].name, 0);
  return snap;
}

/** Names that existed in `before` and hold something else in `after` (built-ins replaced). */
export function globalsReplaced(before, after) {
  const replaced = [];
  for (let i = 0; i < before.keys.length; i++) {
    const key = before.keys[i];
    if (apply(mapHas, after.values, [key]) && !same(apply(mapGet, before.values, [key]), apply(mapGet, after.values, [key]))) push(replaced, StringOf(key));
  }
  return replaced;
}

export function globalsWritten(before, after) {
  const written = [];
  for (let i = 0; i < after.keys.length; i++) {
    const key = after.keys[i];
    const value = apply(mapGet, after.values, [key]);
    // A name that appears holding undefined keeps no state (the engine restores
    // `Error.prepareStackTrace` that way after reading a stack).
    const added = !apply(mapHas, before.values, [key]);
    if (added ? value !== undefined : !same(apply(mapGet, before.values, [key]), value)) push(written, StringOf(key));
  }
  return written;
}

/** `where()` gives the learner's line of the current call (for prints outside hosts). */
export function createMonitor(print, where) {
  const m = {
    inHost: 0, hostPrinted: [], printed: [], reads: [], timers: [], requests: [],
    // The host's argument while Check calls a host by itself, and what `np.asarray` of it gives
    // instead during the "what if" call (observe.js).
    argument: null, swap: null,
    // Whether hosts' arguments are being recorded (the program's runs, for an author's exercise).
    recording: false,
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
    push(m.printed, { text: printedText(text), line: where() });
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
    push(m.printed, { text: printedText(StringOf(text)), line: where() });
    return m.userPrint(text);
  };
  // Clocks and random sources: reads during a host call are recorded (and still answered).
  realMath.random = () => { noteRead('Math.random()'); return apply(realRandom, realMath, []); };
  RealDate.now = () => { noteRead('Date.now()'); return apply(realDateNow, RealDate, []); };
  G.Date = new Proxy(RealDate, {
    construct(t, args, nt) { if (args.length === 0) noteRead('new Date()'); return construct(t, args, nt); },
    apply(t, self, args) { noteRead('Date()'); return apply(t, self, args); },
  });
  // The real constructor and methods stay reachable through prototypes
  // (`new Date(0).constructor`, `Performance.prototype.now.call(performance)`): watched there too.
  defineProperty(RealDate.prototype, 'constructor', { value: G.Date, writable: true, configurable: true });
  const watchMethods = (target, names, what) => {
    if (!target) return;
    for (const holder of [target, getPrototypeOf(target)]) {
      if (!holder) continue;
      for (const name of names) {
        const real = holder[name];
        if (typeof real !== 'function') continue;
        holder[name] = function (...a) { noteRead(what(name, a)); return apply(real, this, a); };
      }
    }
  };
  watchMethods(realPerformance, ['now', 'mark', 'measure'], (name) => `performance.${name}()`);
  watchMethods(realCrypto, ['getRandomValues', 'randomUUID'], (name) => `crypto.${name}()`);
  // A date format with no date formats the current time.
  const dateFormat = G.Intl?.DateTimeFormat?.prototype;
  const formatGetter = dateFormat && getOwnPropertyDescriptor(dateFormat, 'format')?.get;
  if (formatGetter) {
    defineProperty(dateFormat, 'format', {
      configurable: true,
      get() {
        const format = apply(formatGetter, this, []);
        return (d) => { if (d === undefined) noteRead('Intl.DateTimeFormat().format()'); return format(d); };
      },
    });
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
