// The playground's engine, made by the page's first module (app/boot.js) before the page itself
// (www/app.js, CodeMirror and the panels) has downloaded. Its sandbox frame, the wasm and the
// worker script of the language the editor will most likely open in are asked for once boot.js
// calls `loadEngine`, when the page's modules are in (engine-client.js's `startEngine` says
// why). app.js then names the item's own language (`engine.prepare`). Callbacks arriving before
// app.js attaches its handlers are replayed.
import { startEngine } from './engine-client.js';

/**
 * The learner's last language choice (app/language.js keeps it under this key), else Python,
 * the course's language, which exercises open in. Only a guess: when app.js names Python after a
 * guess of JavaScript, the Python worker script is fetched then (it runs both).
 */
function likelyLanguage() {
  try {
    return localStorage.getItem('jaxplay.language') === 'js' ? 'js' : 'python';
  } catch {
    return 'python';
  }
}

/** `loadEngine()` starts the engine's downloads (boot.js, once the page's modules are in). */
export const { engine, settled: engineSettled, attach: attachEngine, load: loadEngine } = startEngine({ language: likelyLanguage() });
