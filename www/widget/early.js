// The first module of the widget to run (boot.js imports it before main.js): it reads the
// frame's URL and, for a real embedding in a supported language, makes the engine. Its sandbox
// frame, worker script and wasm are asked for once boot.js calls `loadEngine`, when the rest of
// the widget (CodeMirror, the panels) is in (engine-client.js's `startEngine` says why). Engine
// callbacks arriving before main.js attaches its handlers are kept and replayed in order.

import { startEngine } from '../app/engine-client.js';

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

const started = host && LANGUAGES.includes(language) ? startEngine({ language }) : null;

/** The engine (app/engine-client.js), or null when the widget cannot run code. */
export const engine = started?.engine ?? null;
/** Resolves when the engine first is ready or has failed (never without an engine). */
export const engineSettled = started?.settled ?? new Promise(() => {});

/** Sets the engine's handlers ({ onState, onEvents, onPrint }) and replays what came before. */
export const attachEngine = (next) => started?.attach(next);
/** Starts the engine's downloads (boot.js, once main.js and its chunks are in). */
export const loadEngine = () => started?.load();
