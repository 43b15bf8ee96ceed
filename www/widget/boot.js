// The widget frame's first module (www/dist/widget.js): makes the engine (early.js), imports
// the widget (main.js), then starts the engine's downloads. The built site names main.js's
// chunks in <link rel="modulepreload"> tags (scripts/site.mjs), so they download alongside this
// one, not after it. In the built site, the service worker is registered once the engine has
// loaded.
import { engineSettled, loadEngine } from './early.js';
import { registerServiceWorker } from '../app/offline.js';

registerServiceWorker(engineSettled);
import('./main.js').then(loadEngine, (err) => console.error(`jaxplay: the widget could not load: ${err?.message ?? err}`));
