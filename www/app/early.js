// The playground's engine, made by the page's first module (app/boot.js) before the page itself
// (www/app.js, CodeMirror and the panels) has downloaded. Its sandbox frame, the wasm and the
// worker script of the language the editor will most likely open in are asked for once boot.js
// calls `loadEngine`, when the page's modules are in: on a slow link the editor and the item's
// text come first instead of sharing the line with the engine's larger files (from the service
// worker's cache, at once). app.js then names the item's own language (`engine.prepare`).
// Callbacks arriving before app.js attaches its handlers are replayed.
import { startEngine } from './engine-client.js';
import { servedByServiceWorker } from './sandbox.js';

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

/** Starts the engine's downloads (boot.js, once the page's modules are in). */
export let loadEngine;
const pageIn = new Promise((resolve) => { loadEngine = resolve; });

// From the service worker's cache (a visit after the first) nothing shares a line: at once.
export const { engine, settled: engineSettled, attach: attachEngine } = startEngine({
  language: likelyLanguage(),
  startWhen: servedByServiceWorker() ? null : pageIn,
});
