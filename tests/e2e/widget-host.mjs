// Helpers for the widget e2e tests (not a test file): the widget served by scripts/serve.mjs at
// http://127.0.0.1:P (its origin), and course-author pages served from a second origin,
// http://localhost:Q, by a tiny server of in-memory pages (with or without COEP), so every
// test crosses origins the way a real embedding does. A third origin, http://localhost:P (same
// server as the widget, another host name), plays a hostile page.
import http from 'node:http';
import { withServer } from './browser.mjs';

/** Serves `pages` ({ '/path': { html, headers } }) on localhost; resolves to { url, close }. */
async function startHostServer(pages) {
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url, 'http://x').pathname];
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...(page.headers ?? {}) });
    return res.end(page.html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${server.address().port}/`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

/**
 * Runs fn({ widget, host, hostile }) with the widget's server, a host server for `pages(widget)`
 * (a function of the widget's base URL, returning the pages) and the hostile origin's base URL.
 * `root`: what the widget's server serves (default www/; a built site, say).
 */
export async function withOrigins(pages, fn, { root } = {}) {
  return withServer(async (widget) => {
    const host = await startHostServer(pages(widget));
    try {
      return await fn({ widget, host: host.url, hostile: widget.replace('127.0.0.1', 'localhost') });
    } finally {
      await host.close();
    }
  }, root ? { root } : {});
}

/** A host page: the embed.js script tag, `body` (HTML), and a log of every jaxplay event. */
export function hostPage(widget, body, { title = 'Course page' } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<script src="${widget}embed.js" defer></script>
<script>
  window.events = [];
  for (const name of ['jaxplay-ready', 'jaxplay-run', 'jaxplay-check', 'jaxplay-error']) {
    document.addEventListener(name, (e) => window.events.push({ name, id: e.target.id, detail: e.detail }));
  }
</script></head><body style="margin: 0 auto; max-width: 760px; padding: 8px">${body}</body></html>`;
}

export const COEP = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** Waits until every widget on the page has fired jaxplay-ready (or any fired jaxplay-error). */
export async function waitWidgets(page, count, { timeout = 30_000 } = {}) {
  await page.waitForFunction((n) => window.events.filter((e) => e.name === 'jaxplay-ready').length >= n
    || window.events.some((e) => e.name === 'jaxplay-error'), count, { timeout });
  return page.evaluate(() => window.events);
}

/** The Playwright frame of the widget inside element `#id`. */
export async function widgetFrame(page, id) {
  const handle = await page.locator(`#${id}`).evaluateHandle((el) => el.shadowRoot.querySelector('iframe'));
  return (await handle.asElement().contentFrame());
}

/** Calls element method `name` (getCode, setCode, run, check, reset) on `#id` in the host page. */
export const call = (page, id, name, ...args) => page.evaluate(([i, n, a]) => document.getElementById(i)[n](...a), [id, name, args]);

/** Events of `name` fired so far (for widget `id` if given). */
export const eventsOf = (page, name, id) => page.evaluate(([n, i]) => window.events.filter((e) => e.name === n && (i === undefined || e.id === i)), [name, id]);

/**
 * Clicks `selector` in the frame of widget `#id` once the host page's layout holds still.
 * Playwright waits until an element is stable inside its own frame, but not until the frame
 * stops moving: a widget above that grows (a Run's result, a hint, the host resizing it a
 * moment later) moves this one down between Playwright's aim and its click, which then lands
 * beside the button. So the widgets' places must read the same over a few frames first.
 */
export async function clickInWidget(page, id, selector) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => new Promise((resolve) => {
    const places = () => [...document.querySelectorAll('jaxplay-exercise')].map((w) => {
      const r = w.getBoundingClientRect();
      return `${r.top},${r.height}`;
    }).join(';');
    const first = places();
    let frames = 0;
    const next = () => {
      if (places() !== first) return resolve(false);
      frames += 1;
      return frames === 6 ? resolve(true) : requestAnimationFrame(next);
    };
    requestAnimationFrame(next);
  }), null, { polling: 100, timeout: 10_000 });
  await (await widgetFrame(page, id)).click(selector);
}

/**
 * Waits until the frame of `#id` is as tall as its content (no inner scrollbar); its height.
 * Chromium pauses rendering (and so ResizeObserver) in cross-origin frames scrolled out of
 * view, so the frame is brought into view first, as a reader scrolling to it would.
 */
export async function settledHeight(page, id) {
  const frame = await widgetFrame(page, id);
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await frame.waitForFunction(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight + 1, null, { timeout: 5000 }).catch(async (err) => {
    const why = await frame.evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight, main: document.getElementById('widget').getBoundingClientRect().bottom,
      over: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().bottom > document.getElementById('widget').getBoundingClientRect().bottom + 1).map((e) => e.id || e.className).slice(0, 5) }));
    throw new Error(`${err.message}: ${JSON.stringify(why)}`);
  });
  return page.evaluate((i) => document.getElementById(i).shadowRoot.querySelector('iframe').getBoundingClientRect().height, id);
}
