// The built site's service worker: a second visit loads from the cache, and the playground,
// the lessons and embedded widgets work offline after one visit. scripts/site.mjs writes it
// into dist/sw.js with SITE = { version, files } in front: every file of the site (sw.js aside)
// and a version that is a hash of all of them, so any change to the site is a new version.
// www/ itself never registers it (app/offline.js). Plain script, no imports.
//
// Policy. Install caches every file of this version in a cache of its own
// (`jaxplay-<version>`) and calls skipWaiting(); activate calls clients.claim() and deletes the
// caches of older versions but the newest one. So: a deploy is found when a page of the site
// is loaded (the browser compares sw.js), cached whole in the background, and used from the
// next load on, without waiting for every tab to close; a tab still showing the version before
// keeps finding its lazily loaded files in that version's cache. A version whose files cannot
// all be fetched is not installed (the one before stays). Requests for the site's files are
// answered from the cache first, then the network; anything else is left to the network.
//
// The engine's sandbox frame: a browser sends a sandboxed frame's request past the service
// worker, so offline it could not load. Pages this worker controls request it without the
// sandbox attribute (www/app/sandbox.js), and sandbox.html is always served from here with
// `Content-Security-Policy: sandbox allow-scripts`, which sandboxes it as the attribute does
// (an opaque origin, its own process); its script is inline, since the frame's own requests
// would pass this worker by. The page checks the frame's origin before handing it anything.
/* global SITE */

const PREFIX = 'jaxplay-';
const CACHE = `${PREFIX}${SITE.version}`;
const SANDBOX = 'sandbox.html';
const SANDBOX_POLICY = 'sandbox allow-scripts';
/** Site path → whether its name carries a hash of its content (cacheable for ever). */
const FILES = new Map(SITE.files.map((f) => [f, f.startsWith('assets/')]));

const scope = () => new URL(self.registration.scope);

/** The site file `url` names ('' and 'learn/' name their index.html), or null. */
function siteFile(url) {
  const base = scope();
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  let file = decodeURIComponent(url.pathname.slice(base.pathname.length));
  if (file === '' || file.endsWith('/')) file += 'index.html';
  return FILES.has(file) ? file : null;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Hashed files may come from the HTTP cache; pages and embed.js are asked for afresh, so a
    // new version never caches an old page.
    await Promise.all([...FILES].map(async ([file, hashed]) => {
      const res = await fetch(new URL(file, scope()), { cache: hashed ? 'default' : 'no-cache' });
      if (!res.ok) throw new Error(`${file} answered ${res.status}`);
      await cache.put(new URL(file, scope()), res);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
    // Cache names come in the order they were made: the last is the version before this one.
    await Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

/** The cached copy of `file`: this version's, else an older version's (a tab opened before an update). */
async function cached(file) {
  const url = new URL(file, scope());
  const hit = await (await caches.open(CACHE)).match(url, { ignoreVary: true });
  if (hit) return hit;
  for (const name of (await caches.keys()).reverse()) {
    if (name.startsWith(PREFIX) && name !== CACHE) {
      const old = await (await caches.open(name)).match(url, { ignoreVary: true });
      if (old) return old;
    }
  }
  return null;
}

/** `res` with the sandbox header, for sandbox.html. */
function sandboxed(res) {
  const headers = new Headers(res.headers);
  const policy = headers.get('Content-Security-Policy');
  headers.set('Content-Security-Policy', policy ? `${SANDBOX_POLICY}; ${policy}` : SANDBOX_POLICY);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

async function answer(request, file) {
  const res = (await cached(file)) ?? (await fetch(request));
  return file === SANDBOX ? sandboxed(res) : res;
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const file = siteFile(new URL(event.request.url));
  if (file) event.respondWith(answer(event.request, file));
});
