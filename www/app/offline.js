// The built site's service worker (www/sw.js; scripts/site.mjs writes it as sw.js, with the
// site's files and version, and names it in each page's <meta name="jaxplay-service-worker">).
// www/ itself has no such tag, so a development server never caches anything. Registered only
// once the page has what it needs, so that its download of the whole site (for later visits
// and offline use) never competes with the page's own loading on a slow link.

/** Registers the service worker the page names, if any, when `after` has settled. */
export function registerServiceWorker(after) {
  const tag = document.querySelector('meta[name="jaxplay-service-worker"]');
  if (!tag) return;
  let container;
  try {
    container = navigator.serviceWorker;
  } catch {
    return; // storage blocked (some third-party frames): no offline use here
  }
  if (!container) return;
  Promise.resolve(after).finally(() => {
    container.register(new URL(tag.content, document.baseURI)).catch((err) => {
      console.warn(`jaxplay: the service worker could not be registered (${err?.message ?? err}); the site works, only not offline`);
    });
  });
}
