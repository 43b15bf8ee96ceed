// Learner code is untrusted. Each request runs in a fresh worker, so nothing a Run does reaches
// the next; learner code cannot forge the worker's replies (they come on a port it cannot
// reach) nor reach the network (the page's CSP, inherited by the blob: worker); and the page
// checks every reply, caps a flood of events and renders it without blocking its thread.
import assert from 'node:assert/strict';
import http from 'node:http';
import os from 'node:os';
import { collectErrors } from './browser.mjs';
import { openPage, preferJavaScript, waitReady, shot, text, setCode, run, VIEWPORT, assertNoLongTasks, useSolution, check } from './app.mjs';
import { pageHeaders } from '../../scripts/serve.mjs';
import { bundleText } from '../../scripts/bundle.mjs';
import { browserTest, playground, together } from './fixture.mjs';

const doubler = (body) => [
  'function hostDouble(arr) { return np.asarray(arr).mul(2); }',
  'function pureCallbackDoubler(x) {',
  body,
  '  return jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x);',
  '}',
].join('\n');

/** Collects console warnings (dropped messages are reported as warnings). */
function warnings(page) {
  const list = [];
  page.on('console', (m) => { if (m.type() === 'warning') list.push(m.text()); });
  return list;
}

/** Long tasks (main thread blocked > 50 ms) from now on, in page.evaluate(() => window.__longTasks). */
const watchLongTasks = (page) => page.evaluate(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask' });
});

/**
 * Serves another origin, a loopback server on another port that records every request it gets;
 * the test gets `{ other: { hits, pages, origin } }`, `pages[path]` being HTML it serves (a
 * course page framing the playground).
 */
async function otherOrigin(fn) {
  const hits = [];
  const pages = {};
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (pages[req.url]) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(pages[req.url]);
      return;
    }
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Content-Type': 'text/javascript' });
    res.end('export default 1;');
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn({ other: { hits, pages, origin: `http://127.0.0.1:${server.address().port}` } });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

browserTest('isolation: fresh workers, unforgeable replies, no network', { timeout: 240_000 }, async ({ t, browser, url, other }) => {
  const { context, page, errors } = await openPage(browser, url);
  const warned = warnings(page);

  await t.test('a Run cannot see the previous Run\'s code, globals, patches or hooks', async () => {
    await setCode(page, doubler([
      '  globalThis.leaked = "secret from run 1";',
      '  Array.prototype.map = function () { return ["hijacked"]; };',
      '  JSON.stringify = () => "hijacked";',
      '  self.onmessage = (e) => console.log("run 1 saw a later request: " + JSON.stringify(e.data));',
      '  self.addEventListener("message", (e) => console.log("run 1 listener saw " + e.data?.code));',
      '  self.postMessage({ type: "init-error", message: "forged by run 1" });',
    ].join('\n')));
    await run(page); // its own patches break this run's result text; only later runs matter
    const started = await page.evaluate(() => window.__jaxplay.engine.workersStarted());
    await setCode(page, doubler([
      '  console.log(`leaked: ${typeof globalThis.leaked}`);',
      '  console.log(`map: ${[1, 2].map((v) => v * 10).join(",")}`);',
      '  console.log(`stringify: ${JSON.stringify({ a: 1 })}`);',
      '  console.log(`onmessage: ${self.onmessage === null ? "none" : typeof self.onmessage}`);',
    ].join('\n')));
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    const out = await text(page, '#print-output');
    assert.match(out, /leaked: undefined/);
    assert.match(out, /map: 10,20/);
    assert.match(out, /stringify: \{"a":1\}/);
    assert.match(out, /onmessage: none/);
    assert.doesNotMatch(out, /run 1/);
    assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), started + 1, 'one new worker per request');
    assert.equal(await text(page, '#engine-status'), 'Engine ready', 'the forged init-error changed nothing');
    assert.ok(warned.some((w) => /dropped a message from the engine worker/.test(w)), warned.join('\n'));
  });

  await t.test('forged replies from learner code do not end a request, disarm the watchdog or pass Check', async () => {
    const forged = [
      '{ type: "done", id: 1, nonce: "guess", out: { exercise: "pure-callback-doubler", load: null, runs: [], binds: [], hosts: [], custom: [], program: null, reads: [], timers: [], requests: [], globalsWritten: [] } }',
      '{ type: "done", id: "1", out: null }',
      '{ type: "done" }',
      '{ type: "init-error", message: "forged" }',
      '{ type: "ready", timeOrigin: 0 }',
      '{ type: "print", id: 1, stream: "log", text: "FORGED PRINT" }',
      '{ type: "events", id: 1, events: [{ seq: 0, ts: 0, id: 0, kind: "trace", phase: "instant", name: "FORGED" }] }',
      '"just a string"', 'null', '42',
    ];
    await setCode(page, doubler(`  for (const m of [${forged.join(', ')}]) self.postMessage(m);\n  while (true) {}`));
    await page.click('#check');
    await page.waitForSelector('#watchdog-message', { timeout: 15_000 });
    assert.match(await text(page, '#watchdog-message'), /Stopped: your check took longer than 10 seconds/);
    assert.equal(await page.locator('#check-summary.all-pass').count(), 0);
    assert.doesNotMatch(await text(page, '#print-output').catch(() => ''), /FORGED/);
    assert.equal(await page.evaluate(() => window.__jaxplay.timeline.model.events().filter((e) => e.name === 'FORGED').length), 0);
    await waitReady(page);
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
  });

  await t.test('learner code cannot reach another origin: fetch, import(), WebSocket, XHR, EventSource, Worker', async () => {
    const o = other.origin;
    const attempts = {
      fetch: `fetch("${o}/fetch").then((r) => r.status)`,
      fetchNoCors: `fetch("${o}/no-cors", { mode: "no-cors" }).then((r) => r.type)`,
      import: `import("${o}/module.js")`,
      websocket: `new Promise((ok, no) => { const s = new WebSocket("${o.replace('http', 'ws')}/ws"); s.onopen = () => ok("open"); s.onerror = () => no(new Error("error event")); })`,
      xhr: `new Promise((ok, no) => { const x = new XMLHttpRequest(); x.open("GET", "${o}/xhr"); x.onload = () => ok(x.status); x.onerror = () => no(new Error("error event")); x.send(); })`,
      eventSource: `new Promise((ok, no) => { const s = new EventSource("${o}/sse"); s.onopen = () => ok("open"); s.onerror = () => { s.close(); no(new Error("error event")); }; })`,
      worker: `new Promise((ok) => { new Worker("${o}/worker.js"); ok("created"); })`,
      blobWorkerFetch: `new Promise((ok, no) => { const w = new Worker(URL.createObjectURL(new Blob(['fetch("${o}/nested").then(() => postMessage("ok"), () => postMessage("blocked"))']))); w.onmessage = (e) => (e.data === "ok" ? ok("fetched") : no(new Error("blocked"))); })`,
      importScripts: `Promise.resolve().then(() => importScripts("${o}/classic.js"))`,
    };
    const program = [
      'async function main() {',
      '  const out = {};',
      `  const attempts = { ${Object.entries(attempts).map(([k, v]) => `${k}: () => ${v}`).join(', ')} };`,
      '  for (const [name, attempt] of Object.entries(attempts)) {',
      '    try { out[name] = `reached: ${await Promise.race([attempt(), new Promise((_, no) => setTimeout(() => no(new Error("no answer")), 1500))])}`; }',
      '    catch (err) { out[name] = `blocked (${err.name})`; }',
      '  }',
      '  return out;',
      '}',
    ].join('\n');
    await page.click('#tab-examples');
    await setCode(page, program);
    await run(page);
    const result = await text(page, '#result');
    for (const name of Object.keys(attempts)) assert.match(result, new RegExp(`${name}: blocked`), result);
    assert.deepEqual(other.hits, [], 'nothing reached the other origin');
    await shot(page, 'network-blocked.png');
    await page.click('#tab-pure-callback-doubler');
  });

  // The 50 ms bound is asserted unless the machine is busier than it has cores: every frame
  // of a streaming run renders, and at a load of 3-4 on two cores a 50-60 ms frame still
  // showed up now and then (assertNoLongTasks prints the figures then).
  await t.test('a Run with 40 000 timeline events: 5000 shown, the rest counted, no long task', async () => {
    await page.click('#tab-examples');
    await setCode(page, [
      'async function main() {',
      '  const f = jax.jit((x) => jax.pureCallback((a) => np.asarray(a), jax.ShapeDtypeStruct(x.shape, x.dtype), x));',
      '  const x = jnp.array([1]);',
      '  for (let i = 0; i < 10000; i++) f(x);',
      '  return "ran 10000 calls";',
      '}',
    ].join('\n'));
    await watchLongTasks(page);
    await run(page);
    assert.match(await text(page, '#result'), /ran 10000 calls/);
    // The worker sent the first 5000 and counted the rest: an exact count.
    assert.equal(await text(page, '#timeline-more'), '35,004 more events not shown');
    assert.equal(await page.evaluate(() => window.__jaxplay.timeline.model.events().length), 5000);
    await page.waitForTimeout(300);
    const longTasks = await page.evaluate(() => window.__longTasks);
    console.log(`40 004 events: long tasks ${JSON.stringify(longTasks)} (load ${os.loadavg()[0].toFixed(1)})`);
    assertNoLongTasks(longTasks, '40 004 events', { perCore: 1 });
    await shot(page, 'event-cap.png');
    await page.click('#tab-pure-callback-doubler');
  });

  await t.test('the CSP is in the page and in the headers; framing only for the widget and its sandbox', async () => {
    const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(meta, /default-src 'none'/);
    assert.match(meta, /connect-src 'self'/);
    // Learner code never runs in the page: it needs neither eval nor wasm.
    assert.match(meta, /script-src 'self'(;|$)/);
    const res = await page.request.get(url);
    const header = res.headers()['content-security-policy'];
    assert.equal(header, `${meta}; frame-ancestors 'self'`);
    assert.equal(res.headers()['x-frame-options'], 'SAMEORIGIN');
    // The playground's old embed mode is gone: `?embed=1` is the plain page, framed by no one else.
    const embed = await page.request.get(`${url}?embed=1`);
    assert.equal(embed.headers()['content-security-policy'], header);
    assert.equal(embed.headers()['x-frame-options'], 'SAMEORIGIN');
    assert.equal(pageHeaders('/widget.html', '')['Content-Security-Policy'], 'frame-ancestors *');
    // The page only frames the sandbox; learner code is bound by the sandbox's own policy,
    // which its blob: workers inherit (the network test above shows it holds).
    assert.match(meta, /frame-src 'self'/);
    const sandbox = await page.request.get(`${url}sandbox.html`);
    const own = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(await sandbox.text())[1];
    assert.match(own, /default-src 'none'/);
    // The sandbox fetches nothing (the page hands it the engine), so its workers reach no one.
    assert.match(own, /connect-src 'none'/);
    assert.match(own, /worker-src blob:;/);
    assert.match(own, /script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'(;|$)/);
    assert.equal(sandbox.headers()['content-security-policy'], `${own}; frame-ancestors *`);
    assert.equal(sandbox.headers()['access-control-allow-origin'], '*');
    assert.equal(await page.getAttribute('iframe.engine-sandbox', 'sandbox'), 'allow-scripts');
    assert.equal(pageHeaders('/learn/index.html', '')['X-Frame-Options'], 'SAMEORIGIN');
  });

  await t.test('another origin cannot frame the page, with or without ?embed=1', async () => {
    const host = await browser.newContext({ viewport: VIEWPORT });
    const framer = await host.newPage();
    other.pages['/course.html'] = `<iframe id="page" src="${url}" width="600" height="400"></iframe><iframe id="embed" src="${url}?embed=1" width="600" height="400"></iframe>`;
    await framer.goto(`${other.origin}/course.html`);
    const frameOf = async (id) => (await framer.waitForSelector(`#${id}`)).contentFrame();
    const frames = [await frameOf('page'), await frameOf('embed')];
    await framer.waitForTimeout(500);
    for (const blocked of frames) {
      assert.equal(await blocked.evaluate(() => Boolean(document.querySelector('#run'))).catch(() => false), false, 'the page did not load in the frame');
    }
    await shot(framer, 'framing.png');
    await host.close();
  });

  // Violations the network test provoked are logged by the worker; the page itself has none.
  assert.deepEqual(errors.filter((e) => !/Content Security Policy|Refused to/.test(e)), []);
  await context.close();
}, together(playground, otherOrigin));

browserTest('a subverted worker: every reply is checked, floods are capped and rendered in batches', { timeout: 180_000 }, async ({ t, browser, url }) => {
  // Stands for a bug or a hole in the worker: learner code gets the reply port and the id.
  const context = await browser.newContext({ viewport: VIEWPORT });
  await preferJavaScript(context);
  const subverted = await bundleText('classic', 'worker', (source, file) => (file.endsWith('/www/worker.js')
    ? source.replace('let port = null;', 'let port = null;\nself.leak = () => ({ port, id: current });')
    : source));
  assert.match(subverted, /self\.leak=/);
  await context.route('**/dist/worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: subverted }));
  const page = await context.newPage();
  const errors = collectErrors(page);
  const warned = warnings(page);
  await page.goto(url);
  await waitReady(page);
  const reply = (msg) => doubler(`  const { port, id } = self.leak();\n  port.reply.postMessage(${msg});`);

  const malformed = [
    ['a done with out: null', '{ type: "done", id, out: null }', /could not read \(out: expected an object, got null\)/],
    ['a done whose result has the wrong types', '{ type: "done", id, out: { label: "f", result: { values: 7, shape: "[3]", dtype: "float32" } } }', /out\.result\.values: expected string, got number/],
    ['a done without a label', '{ type: "done", id, out: { result: null } }', /out\.label: expected string/],
  ];
  for (const [name, msg, reason] of malformed) {
    await t.test(`${name} ends the request with a clear error, never "Running…"`, async () => {
      await setCode(page, reply(msg));
      await run(page);
      const result = await text(page, '#result');
      assert.match(result, /The engine sent a reply the page could not read/);
      assert.match(result, reason);
      assert.doesNotMatch(result, /Running…/);
    });
  }

  await t.test('replies with a wrong id or wrong field types are dropped; the real reply still comes', async () => {
    const dropped = [
      ['reply', '{ type: "done", id: "not-the-id", out: { label: "x", result: null } }'],
      ['events', '{ type: "done", id, out: { label: "wrong port", result: null } }'],
      ['print', '{ type: "print", id, stream: "log", text: 42 }'],
      ['print', '{ type: "print", id, stream: "shout", text: "bad stream" }'],
      ['reply', '{ type: "print", id, stream: "log", text: "bad channel" }'],
      ['events', '{ type: "events", id, events: "not a list" }'],
      ['events', '{ type: "events", id, events: [{ seq: "0", ts: 0, id: 0, kind: "trace", phase: "instant", name: "BAD" }] }'],
      ['reply', '{ type: "init-error", id, message: "forged" }'],
      ['reply', '{ type: "ready", id, timeOrigin: 0 }'],
    ];
    await setCode(page, doubler(`  const { port, id } = self.leak();\n${dropped.map(([ch, m]) => `  port.${ch}.postMessage(${m});`).join('\n')}`));
    const before = warned.length;
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    assert.equal(await page.evaluate(() => window.__jaxplay.timeline.model.events().filter((e) => e.name === 'BAD').length), 0);
    assert.doesNotMatch(await text(page, '#print-output').catch(() => ''), /bad stream|bad channel/);
    assert.ok(warned.length - before >= 3, `warnings: ${warned.slice(before).join('\n')}`);
  });

  await t.test('a forged done with the right id then a hang: the reply is shown, the worker is gone', async () => {
    await setCode(page, doubler('  const { port, id } = self.leak();\n  port.reply.postMessage({ type: "done", id, out: { label: "forged", result: null, error: null } });\n  while (true) {}'));
    const before = await page.evaluate(() => window.__jaxplay.engine.workersStarted());
    await run(page);
    // The page ended the request on that reply and terminated the worker at once.
    assert.equal(await page.isDisabled('#run'), false);
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#result-values'), '[2, -4, 6]');
    assert.equal(await page.evaluate(() => window.__jaxplay.engine.workersStarted()), before + 2);
  });

  await t.test('Check: a forged answer with the right id but not the nonce is dropped; the real verdict is shown', async () => {
    const observations = '{ exercise: "pure-callback-doubler", load: null, runs: [], binds: [], hosts: [], custom: [], program: null, reads: [], timers: [], requests: [], globalsWritten: [] }';
    await setCode(page, [
      'function pureCallbackDoubler(x) {',
      '  const { port, id } = self.leak();',
      `  port.reply.postMessage({ type: "done", id, nonce: "guess", out: ${observations} });`,
      `  port.reply.postMessage({ type: "done", id, out: ${observations} });`,
      '  return x.mul(2);',
      '}',
    ].join('\n'));
    const before = warned.length;
    await check(page);
    assert.equal(await page.locator('#check-summary.all-pass').count(), 0);
    assert.match(await text(page, '#check-list'), /computes natively \(mul\)/);
    assert.ok(warned.slice(before).filter((w) => /without the request's nonce/.test(w)).length >= 2, warned.slice(before).join('\n'));
  });

      await t.test('a flood of 1e6 events: capped, "N more events not shown", main thread never blocked > 50 ms', async () => {
    await setCode(page, doubler([
      '  const { port, id } = self.leak();',
      '  let seq = 1e7;',
      '  for (let m = 0; m < 2000; m++) {',
      '    const events = [];',
      '    for (let i = 0; i < 500; i++, seq++) events.push({ seq, ts: 1 + seq * 1e-6, id: seq, kind: "callback", phase: "instant", name: "flood", callbackKind: "pure", status: "ok" });',
      '    port.events.postMessage({ type: "events", id, events });',
      '  }',
    ].join('\n')));
    await watchLongTasks(page);
    await run(page);
    await page.waitForSelector('#timeline-more:not([hidden])');
    const more = await text(page, '#timeline-more');
    // Past the cap the page closed the events port: the rest of the flood was never read.
    const hidden = Number(/^At least ([\d,]+) more events? not shown$/.exec(more)[1].replace(/,/g, ''));
    const shown = await page.evaluate(() => window.__jaxplay.timeline.model.events().length);
    assert.equal(shown, 5000);
    assert.ok(hidden >= 1, more);
    await page.waitForTimeout(500); // anything the flood left to draw
    const longTasks = await page.evaluate(() => window.__longTasks);
    console.log(`flood: ${shown} events shown, ${hidden} counted`);
        console.log(`flood: long tasks ${JSON.stringify(longTasks)} (load ${os.loadavg()[0].toFixed(1)})`);
        assertNoLongTasks(longTasks, 'a flood of 1e6 events', { perCore: 1 });
    await shot(page, 'event-flood.png');
    await useSolution(page);
    await run(page);
    assert.equal(await text(page, '#timeline-more').catch(() => ''), '');
    assert.equal(await page.isHidden('#timeline-more'), true);
  });

  assert.deepEqual(errors, []);
  await context.close();
});

// Learner code runs in workers of a sandboxed frame (www/sandbox.html) that Chromium puts in a
// process of its own, so exhausting memory kills that process, never the tab. Playwright takes
// the crash of any frame for the page's own (its page object is closed for good), so after a
// crash the test reaches the still-living page through a second DevTools connection.
browserTest('a crashed sandbox: the tab lives on, says the code used too much memory, and the next Run works', { timeout: 240_000, devtools: true }, async ({ t, browser, url, connect }) => {
  /** The page at `url` through a new DevTools connection. */
  const reach = async (url) => {
    const again = await connect();
    const page = again.contexts().flatMap((c) => c.pages()).find((p) => p.url().startsWith(url));
    assert.ok(page, 'the page is still there');
    return page;
  };
  await t.test('the sandbox process dies in the middle of a Run: a clear message, a new sandbox, Run works', async () => {
    const { context, page } = await openPage(browser, url);
    await setCode(page, doubler('  while (true) {}'));
    const crashed = new Promise((resolve) => page.once('crash', resolve));
    await page.click('#run');
    const sandbox = page.frames().find((f) => f.url().endsWith('/sandbox.html'));
    assert.ok(sandbox, 'the engine runs in the sandbox frame');
    // The sandbox's process, killed the way an out-of-memory kill ends it.
    const cdp = await context.newCDPSession(sandbox);
    cdp.send('Page.crash').catch(() => {});
    await crashed;
    const live = await reach(url);
    await live.waitForSelector('#memory-message', { timeout: 15_000 });
    const message = await text(live, '#memory-message');
    assert.match(message, /Stopped: your code used too much memory/);
    assert.match(message, /a fresh sandbox has been started/);
    assert.equal(await live.getAttribute('#result', 'aria-busy'), 'false', 'the page is not stuck in "Running…"');
    await shot(live, 'sandbox-crash.png');
    await waitReady(live);
    assert.equal(await live.evaluate(() => document.querySelectorAll('iframe[sandbox]').length), 1, 'the dead frame was replaced, not kept');
    await useSolution(live);
    await run(live);
    assert.equal(await text(live, '#result-values'), '[2, -4, 6]');
  });

  await t.test('a real allocation bomb: stopped by the watchdog or by the sandbox dying; the tab survives', async () => {
    const { page } = await openPage(browser, `${url}?bomb`);
    await setCode(page, doubler('  console.log("x".repeat(5e6));\n  const hoard = [];\n  for (;;) hoard.push(new Array(1e6).fill(0.5));'));
    const crashed = new Promise((resolve) => page.once('crash', () => resolve('crash')));
    await page.click('#run');
    // Which comes first depends on the machine: the 5 s watchdog, or V8's heap limit.
    const first = await Promise.race([crashed, page.waitForSelector('#watchdog-message, #memory-message', { timeout: 30_000 }).then(() => 'message')]);
    const live = first === 'crash' ? await reach(`${url}?bomb`) : page;
    await live.waitForSelector('#watchdog-message, #memory-message', { timeout: 15_000 });
    console.log(`allocation bomb: ${first === 'crash' ? 'the sandbox died first' : 'the watchdog stopped it first'}`);
    // The 5 MB line reached the page cut to its first 10 000 characters.
    const line = await live.evaluate(() => document.querySelector('#print-output').textContent.length);
    assert.ok(line > 10_000 && line < 11_000, `printed ${line} characters`);
    await waitReady(live);
    await useSolution(live);
    await run(live);
    // On failure, what the Run showed instead: a timeout on the values alone would not say.
    const values = await live.waitForSelector('#result-values', { timeout: 30_000 }).catch(() => null);
    const shown = values ? (await values.textContent()).trim() : `no values; the result reads: ${(await live.textContent('#result')).trim()}`;
    assert.equal(shown, '[2, -4, 6]');
  });
});
