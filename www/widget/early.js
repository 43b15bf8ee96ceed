// The first module of the widget bundle to run (main.js imports it first): it reads the frame's
// URL and, for a real embedding in a supported language, starts the engine worker at once, so
// the worker and its wasm load while the rest of the bundle (CodeMirror, the panels) is still
// being evaluated. Engine callbacks arriving before main.js attaches its handlers are kept and
// replayed in order.

import { createEngine } from '../app/engine-client.js';

export const params = new URLSearchParams(location.hash.slice(1));
export const LANGUAGES = ['js', 'python'];
// As embed.js sends it (lower case, `js` when the attribute is absent).
export const language = params.get('language') ?? 'js';

/** The host origin from the URL, if the parent window really is at that origin; else null. */
function verifiedHost() {
  const claimed = params.get('host');
  if (window.parent === window || !claimed) return null;
  let origin;
  try {
    origin = new URL(claimed).origin;
  } catch {
    return null;
  }
  if (origin !== claimed || origin === 'null') return null;
  // Where the browser tells us who embeds us (Chromium, WebKit), it must agree.
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== origin) return null;
  return origin;
}

export const host = verifiedHost();

const handlers = {};
const backlog = [];
const forward = (name) => (...args) => (handlers[name] ? handlers[name](...args) : backlog.push([name, args]));

/** The engine (app/engine-client.js), started now, or null when the widget cannot run code. */
export const engine = host && LANGUAGES.includes(language)
  ? createEngine({ onState: forward('onState'), onEvents: forward('onEvents'), onPrint: forward('onPrint') })
  : null;

/** Sets the engine's handlers ({ onState, onEvents, onPrint }) and replays what came before. */
export function attachEngine(next) {
  Object.assign(handlers, next);
  for (const [name, args] of backlog.splice(0)) handlers[name](...args);
}
