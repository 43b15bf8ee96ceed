// The playground's engine, started by the page's first module (app/boot.js) before the page
// itself (www/app.js, CodeMirror and the panels) has downloaded: its sandbox frame and the wasm
// download begin at once, and the worker script of the language the editor will most likely
// open in; app.js then names the item's own language (`engine.prepare`). Callbacks arriving
// before app.js attaches its handlers are replayed.
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

export const { engine, settled: engineSettled, attach: attachEngine } = startEngine({ language: likelyLanguage() });
