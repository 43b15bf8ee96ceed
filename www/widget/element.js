// <jaxplay-exercise>, a live jaxplay exercise in an iframe of widget.html (from the site the
// exercise is served by). The element passes its attributes, starter code (a child
// <script type="text/plain">) and own exercise (a child <script type="application/json">), each
// possibly per language (`data-language`), to the frame, sizes the frame to its content, follows
// the host's colour scheme, keeps the learner's code in the host page's own localStorage (a
// frame's storage is partitioned or blocked on another site), offers getCode / setCode / run /
// check / reset, and fires bubbling jaxplay-ready, jaxplay-run, jaxplay-check and jaxplay-error
// events. It talks to the frame by the versioned protocol of protocol.js: only with its own
// frame's window, only at the widget's origin. README, "Embed an exercise", documents all of it.
//
// Course pages include www/embed.js (embed-script.js bundled as a classic script), which
// defines the element for the widget next to it; the npm package exports
// `defineJaxplayExercise({ widget })` for pages that bundle their own code.

import { message, parseMessage, TO_HOST, MAX_CODE } from './protocol.js';

const THEMES = ['light', 'dark', 'auto'];
/** `storage`: `local` keeps the learner's code in the page's localStorage, `none` only in memory. */
const STORAGE = ['local', 'none'];
const CODE_PREFIX = 'jaxplay.widget.code.';
/** How long a frame may take to say hello before the element says it has not loaded. */
const LOAD_LIMIT_MS = 10_000;
/** After the frame's load event, how long its hello may still take (messages are queued). */
const HELLO_AFTER_LOAD_MS = 1500;

/** The widget page the elements frame, and its origin: set once, by defineJaxplayExercise. */
let WIDGET_URL = null;
let WIDGET_ORIGIN = null;

const SHEET = new CSSStyleSheet();
SHEET.replaceSync(':host { display: block; min-width: 0; } iframe { display: block; width: 100%; height: 24rem; border: 0; color-scheme: normal; }');
const live = new Set(); // connected elements, to route each frame's messages to its element
let darkQuery = null;
// Code kept for this page's lifetime, by storage key: what a rebuilt frame gets back where the
// page cannot (or is asked not to) store it.
const memory = new Map();

/** The page's localStorage, or null where the browser refuses it (blocked cookies, quota). */
function pageStorage() {
  try {
    const storage = window.localStorage;
    storage.setItem(`${CODE_PREFIX}probe`, '1');
    storage.removeItem(`${CODE_PREFIX}probe`);
    return storage;
  } catch {
    return null;
  }
}

function onMessage(e) {
  const el = [...live].find((x) => x.frameWindow !== null && x.frameWindow === e.source);
  const looksOurs = e.data !== null && typeof e.data === 'object' && 'jaxplay' in e.data;
  if (!el) {
    if (looksOurs) console.warn(`jaxplay embed: ignored a message from ${e.origin}, not from a <jaxplay-exercise> frame`);
    return;
  }
  if (e.origin !== WIDGET_ORIGIN) {
    console.warn(`jaxplay embed: ignored a message from ${e.origin}, expected ${WIDGET_ORIGIN}`);
    return;
  }
  const msg = parseMessage(e.data, TO_HOST, 'embed');
  if (msg) el.receive(msg);
}

/**
 * Why a frame that loaded said nothing. A widget.html that answers an error (embed.js copied to
 * a site without the rest of dist/, say) is named with its status where the page may read it
 * (same origin, or a host that allows it); otherwise the usual suspects.
 */
async function whySilent() {
  try {
    const answer = await fetch(WIDGET_URL, { method: 'HEAD', cache: 'no-store' });
    if (!answer.ok) return `the widget frame ${WIDGET_URL.href} answered ${answer.status} ${answer.statusText}: embed.js frames the widget.html beside it, so it must stay with the rest of the built site (dist/)`;
  } catch {
    // another origin that does not let this page read the answer
  }
  return `the widget frame loaded from ${WIDGET_URL.href} but did not start: the host may forbid framing it (an X-Frame-Options or Content-Security-Policy frame-ancestors header) or its script did not load (the browser's console says which)`;
}

/** Text of a child <script>, without the indentation it has in the HTML around it. */
function dedent(text) {
  const lines = text.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => l.match(/^[ \t]*/)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return `${lines.map((l) => l.slice(cut)).join('\n')}\n`;
}

/** The child <script type="…"> of `el` for `language`: one marked with it wins over one without. */
function childFor(el, type, language) {
  const all = [...el.querySelectorAll(`:scope > script[type="${type}"]`)];
  return all.find((c) => c.dataset.language === language) ?? all.find((c) => !c.dataset.language) ?? null;
}

/**
 * What `el` names as its exercise in the default storage key: the built-in id, or an author's
 * exercise's `entry` (`custom:rowSums`), so that a widget added above it on the page later does
 * not take its learner's code; `custom` when the JSON has none.
 */
function exerciseName(el, language) {
  const id = el.getAttribute('exercise');
  if (id !== null) return id;
  try {
    const { entry } = JSON.parse(childFor(el, 'application/json', language)?.textContent ?? 'null') ?? {};
    if (typeof entry === 'string') return `custom:${entry}`;
  } catch {
    // bad JSON: the widget reports it
  }
  return 'custom';
}

class JaxplayExercise extends HTMLElement {
  static observedAttributes = ['theme', 'exercise', 'panels', 'storage-key', 'storage', 'language'];

  #frame = null;
  #nextId = 1;
  // request id → { resolve, type, fields }, until the frame answers; a (re)loaded frame gets
  // every unanswered request again after its hello.
  #pending = new Map();
  #greeted = false;
  #loadTimer = null;
  #helloTimer = null;
  #built = false;
  #codeKey = null; // where the current frame's code is kept, fixed at its hello
  #onScheme = () => this.#sendTheme();

  constructor() {
    super();
    // A constructed style sheet, not a <style> element: host pages with a strict
    // Content-Security-Policy (no inline styles) still lay the element out.
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [SHEET];
  }

  /** The frame's window (for routing messages), or null. */
  get frameWindow() {
    return this.#frame?.contentWindow ?? null;
  }

  connectedCallback() {
    live.add(this);
    darkQuery.addEventListener('change', this.#onScheme);
    // Children appended by a script are in place one microtask later; those the parser has yet
    // to reach (embed.js included without `defer`), once the document is parsed.
    const build = () => { if (this.isConnected && !this.#built) this.#build(); };
    if (this.#built) return;
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', build, { once: true });
    else queueMicrotask(build);
  }

  disconnectedCallback() {
    live.delete(this);
    darkQuery.removeEventListener('change', this.#onScheme);
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#built || before === after) return;
    if (name === 'theme') {
      if (after !== null && !THEMES.includes(after)) this.#fire('jaxplay-error', { message: `theme: "${after}" is not one of ${THEMES.join(', ')}; using auto` });
      this.#sendTheme();
    }
    else this.#build(); // a new exercise, panels, storage or language: a fresh widget
  }

  // ---------------------------------------------------------------- public methods

  /** The learner's code. */
  getCode() { return this.#request('get-code'); }

  /** Replaces the learner's code (saved under the storage key). */
  setCode(code) {
    if (typeof code !== 'string') return Promise.reject(new TypeError(`setCode(code): code must be a string, got ${typeof code}`));
    // The frame would drop a longer message, and the promise would never settle.
    if (code.length > MAX_CODE) return Promise.reject(new RangeError(`setCode(code): code is ${code.length} characters long, at most ${MAX_CODE} are allowed`));
    return this.#request('set-code', { code });
  }

  /** Runs the code: resolves to { ok, value?, error? }, never rejects for the learner's errors. */
  run() { return this.#request('run'); }

  /** Checks the code: resolves to { passed, checks: [{ name, ok, message }] }. */
  check() { return this.#request('check'); }

  /** Puts the starter code back. */
  reset() { return this.#request('reset'); }

  // ---------------------------------------------------------------- frame

  #theme() {
    const asked = this.getAttribute('theme') ?? 'auto';
    const theme = THEMES.includes(asked) ? asked : 'auto';
    return theme === 'auto' ? (darkQuery.matches ? 'dark' : 'light') : theme;
  }

  /** The `language` attribute as the frame takes it: case-insensitive, `js` when absent. */
  #language() {
    return (this.getAttribute('language') ?? 'js').trim().toLowerCase();
  }

  /** The localStorage key of this widget's code: the storage key, and the language if not JS. */
  #storageKey() {
    const language = this.#language();
    const suffix = language === 'js' ? '' : ` ${language}`;
    const own = this.getAttribute('storage-key');
    if (own) return `${CODE_PREFIX}${own}${suffix}`;
    // Two widgets of one exercise on a page keep separate code: the position tells them apart.
    const exercise = exerciseName(this, language);
    const same = [...document.querySelectorAll('jaxplay-exercise')].filter((el) => exerciseName(el, language) === exercise);
    return `${CODE_PREFIX}${location.pathname}|${exercise}|${Math.max(0, same.indexOf(this))}${suffix}`;
  }

  /** The page's localStorage if this widget may keep code there, else null. */
  #storage() {
    return this.getAttribute('storage') === 'none' ? null : pageStorage();
  }

  #loadCode(key) {
    const storage = this.#storage();
    if (storage) {
      try {
        const kept = storage.getItem(key);
        if (kept !== null) return kept;
      } catch {
        // refused since the probe: memory below
      }
    }
    return memory.get(key) ?? null;
  }

  #saveCode(key, code) {
    memory.set(key, code);
    try {
      this.#storage()?.setItem(key, code);
    } catch {
      // full or refused: memory keeps it for this page's lifetime
    }
  }

  #build() {
    this.#built = true;
    this.#greeted = false;
    this.#codeKey = null;
    clearTimeout(this.#loadTimer);
    clearTimeout(this.#helloTimer);
    if (location.origin === 'null') {
      this.#fire('jaxplay-error', { message: 'this page has no origin (a file:// or sandboxed page): serve it over http(s) to embed an exercise' });
      return;
    }
    const theme = this.getAttribute('theme');
    if (theme !== null && !THEMES.includes(theme)) this.#fire('jaxplay-error', { message: `theme: "${theme}" is not one of ${THEMES.join(', ')}; using auto` });
    const storage = this.getAttribute('storage');
    if (storage !== null && !STORAGE.includes(storage)) this.#fire('jaxplay-error', { message: `storage: "${storage}" is not one of ${STORAGE.join(', ')}; using local` });
    const hash = new URLSearchParams({ host: location.origin, theme: this.#theme(), language: this.#language() });
    for (const name of ['exercise', 'panels']) {
      const value = this.getAttribute(name);
      if (value !== null) hash.set(name, value);
    }
    const frame = document.createElement('iframe');
    frame.src = `${WIDGET_URL.href}#${hash}`;
    frame.title = `Live exercise: ${this.getAttribute('exercise') ?? 'custom exercise'} (jaxplay)`;
    this.#frame?.remove();
    this.#frame = frame;
    this.shadowRoot.append(frame);
    // A frame that loaded but never says hello did not start (its script failed, or its host
    // forbids framing it): said at once. One that has not even loaded is said after a while;
    // a hello later still brings it up.
    const silent = (why) => {
      if (this.#frame === frame && !this.#greeted) this.#fire('jaxplay-error', { message: why });
    };
    frame.addEventListener('load', () => {
      clearTimeout(this.#helloTimer);
      this.#helloTimer = setTimeout(async () => silent(await whySilent()), HELLO_AFTER_LOAD_MS);
    });
    this.#loadTimer = setTimeout(() => silent(`the widget has not loaded from ${WIDGET_URL.href} after ${LOAD_LIMIT_MS / 1000} s: the host is slow or unreachable`), LOAD_LIMIT_MS);
  }

  #post(type, fields) {
    this.frameWindow?.postMessage(message(type, fields), WIDGET_ORIGIN);
  }

  #sendTheme() {
    if (this.#greeted) this.#post('theme', { theme: this.#theme() });
  }

  #request(type, fields = {}) {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, { resolve, type, fields });
      if (this.#greeted) this.#post(type, { id, ...fields });
    });
  }

  #fire(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** A validated message from this element's frame (see the window listener above). */
  receive(msg) {
    switch (msg.type) {
      case 'hello': {
        // A (re)loaded frame: give it its configuration, then every unanswered request.
        clearTimeout(this.#loadTimer);
        clearTimeout(this.#helloTimer);
        // A child for the widget's language (`data-language="python"`) wins over one without.
        const language = this.#language();
        const starter = childFor(this, 'text/plain', language);
        const custom = childFor(this, 'application/json', language);
        this.#codeKey = this.#storageKey();
        this.#post('init', {
          starter: starter ? dedent(starter.textContent) : null,
          custom: custom ? custom.textContent : null,
          saved: this.#loadCode(this.#codeKey),
          persistent: this.#storage() !== null,
        });
        this.#greeted = true;
        this.#sendTheme();
        for (const [id, p] of this.#pending) this.#post(p.type, { id, ...p.fields });
        break;
      }
      case 'ready':
        if (typeof msg.exercise.title === 'string') this.#frame.title = `Live exercise: ${msg.exercise.title}`;
        this.#fire('jaxplay-ready', { exercise: msg.exercise });
        break;
      case 'resize': this.#frame.style.height = `${Math.ceil(msg.height)}px`; break;
      case 'reply': {
        const pending = this.#pending.get(msg.id);
        this.#pending.delete(msg.id);
        pending?.resolve(msg.value);
        break;
      }
      case 'run': this.#fire('jaxplay-run', msg.detail); break;
      case 'check': this.#fire('jaxplay-check', msg.detail); break;
      case 'error': this.#fire('jaxplay-error', { message: msg.message }); break;
      case 'code': if (this.#codeKey !== null) this.#saveCode(this.#codeKey, msg.code); break;
      default: break;
    }
  }
}

/**
 * Defines <jaxplay-exercise> for the widget at `widget` (the URL of a jaxplay site's
 * widget.html); returns the element's class. A page defines it once: a second call with another
 * widget is an error, with the same one it changes nothing.
 */
export function defineJaxplayExercise({ widget } = {}) {
  const url = new URL(widget, document.baseURI);
  if (WIDGET_URL) {
    if (WIDGET_URL.href !== url.href) throw new Error(`jaxplay: <jaxplay-exercise> is already defined for ${WIDGET_URL.href}, not ${url.href}`);
    return JaxplayExercise;
  }
  if (customElements.get('jaxplay-exercise')) return customElements.get('jaxplay-exercise');
  WIDGET_URL = url;
  WIDGET_ORIGIN = url.origin;
  darkQuery = matchMedia('(prefers-color-scheme: dark)');
  window.addEventListener('message', onMessage);
  customElements.define('jaxplay-exercise', JaxplayExercise);
  return JaxplayExercise;
}

export { JaxplayExercise };
