// Loaded by the playground in bench/widget.mjs's copy of the site, in a Chromium that no
// DevTools client is attached to: the page measures its own second visits. The first visit
// waits until the service worker controls the page and has cached the site, then each reload
// (a second visit, served by the service worker) reports when the engine was ready, in ms from
// navigation start, to the benchmark's server, until `VISITS` are in.
(() => {
  const VISITS = Number(document.currentScript.dataset.visits);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function cached() {
    for (;;) {
      const registration = await navigator.serviceWorker.getRegistration();
      if (navigator.serviceWorker.controller && registration?.active?.state === 'activated' && (await caches.keys()).length > 0) return;
      await pause(100);
    }
  }

  async function onReady(ms) {
    if (!navigator.serviceWorker.controller) {
      await cached();
    } else {
      const visit = Number(sessionStorage.getItem('bench-visit') ?? 0);
      await fetch(`/__bench/second-visit?ready=${Math.round(ms)}`);
      sessionStorage.setItem('bench-visit', String(visit + 1));
      if (visit + 1 >= VISITS) {
        await fetch('/__bench/second-visit?done=1');
        return;
      }
    }
    await pause(300); // the spare worker's warm-up, as a reader's pause would let it finish
    location.reload();
  }

  const watch = new MutationObserver(() => {
    if (document.body?.dataset.engine === 'ready') {
      watch.disconnect();
      onReady(performance.now());
    }
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true });
})();
