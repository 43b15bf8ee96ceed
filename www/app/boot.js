// The playground's first module (www/dist/app.js): makes the engine (app/early.js), imports the
// page (www/app.js), then starts the engine's downloads. The built site names that module's
// chunks in <link rel="modulepreload"> tags (scripts/site.mjs), so they download alongside this
// one, not after it. In the built site, the service worker is registered once the engine has
// loaded.
import { engineSettled, loadEngine } from './early.js';
import { registerServiceWorker } from './offline.js';

registerServiceWorker(engineSettled);
import('../app.js').then(loadEngine, (err) => {
  const status = document.getElementById('engine-status');
  status.textContent = `The page could not load: ${err?.message ?? err}. Reload to try again.`;
  status.className = 'pill error';
});
