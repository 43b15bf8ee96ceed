// The widget frame's first module (www/dist/widget.js): starts the engine (early.js) before
// anything else, then imports the widget (main.js). The built site names main.js's chunks in
// <link rel="modulepreload"> tags (scripts/site.mjs), so they download alongside this one, not
// after it. In the built site, the service worker is registered once the engine has loaded.
import { engineSettled } from './early.js';
import { registerServiceWorker } from '../app/offline.js';

registerServiceWorker(engineSettled);
import('./main.js').catch((err) => console.error(`jaxplay: the widget could not load: ${err?.message ?? err}`));
