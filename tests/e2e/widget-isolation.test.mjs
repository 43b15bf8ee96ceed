// The widget as its own world, and what it refuses: saved code kept by the host page, apart from
// the playground, other widgets and other origins (tests/e2e/widget-embed.test.mjs has more), a
// cross-origin-isolated (COEP) host page, configuration errors (unknown exercise, bad custom
// JSON, unsupported language) reported as jaxplay-error and inside the widget, an author's own
// exercise checked, and messages from a wrong origin or window ignored with a warning.
import assert from 'node:assert/strict';
import { shot } from './app.mjs';
import { hostPage, waitWidgets, widgetFrame, call, eventsOf, COEP } from './widget-host.mjs';
import { findExercise } from '../../www/exercises.js';
import { browserTest, origins } from './fixture.mjs';

const PAIR = `<jaxplay-exercise id="a" exercise="pure-callback-doubler"></jaxplay-exercise>
<jaxplay-exercise id="b" exercise="pure-callback-doubler"></jaxplay-exercise>`;

const TRIPLER = {
  entry: 'tripler', title: 'Triple on the host', description: 'Multiply by 3 in a `pureCallback`.',
  tests: [{ input: [1, 2], expected: [3, 6] }, { input: [-1, 0.5, 4], expected: [-3, 1.5, 12] }], callback: 'pure',
};
const TRIPLER_CODE = 'function host(a) { return np.asarray(a).mul(3); }\nfunction tripler(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }\n';

// Each bad configuration and the words its message must contain (the field it names).
const BAD = [
  { id: 'unknown', html: '<jaxplay-exercise id="unknown" exercise="no-such-exercise"></jaxplay-exercise>', message: /unknown exercise "no-such-exercise"/ },
  { id: 'syntax', html: '<jaxplay-exercise id="syntax"><script type="application/json">{ "entry": "f", </script></jaxplay-exercise>', message: /not valid JSON/ },
  { id: 'expected', html: `<jaxplay-exercise id="expected"><script type="application/json">${JSON.stringify({ ...TRIPLER, tests: [{ input: [1], expected: [3] }, { input: [1], expected: 'three' }] })}</script></jaxplay-exercise>`, message: /"tests\[1\]\.expected" must be a float32 array: a finite number within float32 range, or nested lists of them/ },
  { id: 'kind', html: `<jaxplay-exercise id="kind"><script type="application/json">${JSON.stringify({ ...TRIPLER, callback: 'debugger' })}</script></jaxplay-exercise>`, message: /"callback" must be "pure", "io", "io-ordered" or "debug"/ },
  { id: 'entry', html: `<jaxplay-exercise id="entry"><script type="application/json">${JSON.stringify({ ...TRIPLER, entry: 'not a name' })}</script></jaxplay-exercise>`, message: /"entry" must be a function name/ },
  { id: 'extra', html: `<jaxplay-exercise id="extra"><script type="application/json">${JSON.stringify({ ...TRIPLER, answer: 'x' })}</script></jaxplay-exercise>`, message: /"answer" is not a field/ },
  { id: 'ruby', html: '<jaxplay-exercise id="ruby" exercise="pure-callback-doubler" language="ruby"></jaxplay-exercise>', message: /language "ruby" is not supported \(supported: js, python\)/ },
];

const PAGES = (widget) => ({
  '/pair.html': { html: hostPage(widget, PAIR) },
  // Cross-origin isolated, and a strict policy: scripts from itself and the widget's origin only
  // (the inline event log aside), no inline styles, frames from the widget's origin only.
  '/coep.html': {
    html: hostPage(widget, '<jaxplay-exercise id="c" exercise="io-callback-doubler"></jaxplay-exercise>'),
    headers: { ...COEP, 'Content-Security-Policy': `default-src 'self'; script-src 'self' 'unsafe-inline' ${widget}; style-src 'self'; frame-src ${widget}` },
  },
  '/bad.html': { html: hostPage(widget, BAD.map((b) => b.html).join('\n')) },
  '/custom.html': { html: hostPage(widget, `<jaxplay-exercise id="t" panels="task,editor,checks"><script type="application/json">${JSON.stringify(TRIPLER)}</script></jaxplay-exercise>`) },
  '/hostile.html': {
    html: `<!doctype html><html lang="en"><head><title>hostile</title></head><body><script>
      // Pretends to be a widget (to the host) and the host (to every frame of the page).
      parent.postMessage({ jaxplay: 1, type: 'check', id: null, detail: { passed: true, checks: [] } }, '*');
      for (let i = 0; i < parent.frames.length; i++) parent.frames[i].postMessage({ jaxplay: 1, type: 'set-code', id: 1, code: 'EVIL' }, '*');
      document.title = 'sent';
    </script></body></html>`,
  },
  '/attacked.html': { html: hostPage(widget, '<jaxplay-exercise id="v" exercise="pure-callback-doubler"></jaxplay-exercise><iframe id="hostile" title="hostile"></iframe>') },
});

browserTest('widget: isolation, hosting and refusals', { timeout: 240_000 }, async ({ t, browser, widget, host }) => {
      // The host server answers on both names: 127.0.0.1 is the widget's site, localhost another.
      const sameSite = host.replace('localhost', '127.0.0.1');
      const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
      const warnings = [];
      context.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });

      await t.test('storage: code is kept by the host page, per widget, apart from the playground and other origins', async () => {
        const main = await context.newPage();
        await main.goto(`${widget}#pure-callback-doubler`);
        await main.waitForSelector('body[data-ready="true"]');
        // The playground opens exercises in Python, kept under the exercise's Python key.
        await main.evaluate(() => window.__jaxplay.editor.setCode('# MAIN SITE\n'));
        await main.waitForFunction(() => localStorage.getItem('jaxplay.code.pure-callback-doubler@python') === '# MAIN SITE\n');

        // A cross-site host (localhost, the widget being on 127.0.0.1): its own storage keeps
        // each widget's code, so a reload brings it back although the frames' storage is partitioned.
        const page = await context.newPage();
        await page.goto(`${host}pair.html`);
        await waitWidgets(page, 2);
        const starter = await call(page, 'a', 'getCode');
        assert.match(starter, /function pureCallbackDoubler/, 'not the main site\'s code');
        assert.equal(await call(page, 'b', 'getCode'), starter);
        await call(page, 'a', 'setCode', '// WIDGET A\n');
        await call(page, 'b', 'setCode', '// WIDGET B\n');
        assert.equal(await widgetFrame(page, 'a').then((f) => f.isVisible('#storage-note')), false, 'the host page keeps the code');
        await page.reload();
        await waitWidgets(page, 2);
        assert.equal(await call(page, 'a', 'getCode'), '// WIDGET A\n');
        assert.equal(await call(page, 'b', 'getCode'), '// WIDGET B\n');
        const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jaxplay.')).sort());
        assert.deepEqual(keys, ['jaxplay.widget.code./pair.html|pure-callback-doubler|0', 'jaxplay.widget.code./pair.html|pure-callback-doubler|1']);
        await main.reload();
        await main.waitForSelector('body[data-ready="true"]');
        assert.equal(await main.evaluate(() => window.__jaxplay.editor.getCode()), '# MAIN SITE\n');
        assert.deepEqual(await main.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jaxplay.widget.'))), [], 'nothing in the widget\'s origin');
        await main.close();

        // The same page at another origin has storage of its own: the starter again.
        const other = await context.newPage();
        await other.goto(`${sameSite}pair.html`);
        await waitWidgets(other, 2);
        assert.equal(await call(other, 'a', 'getCode'), starter);
        await other.close();
        await page.close();
      });

      await t.test('a cross-origin-isolated (COEP require-corp) host page with a strict CSP loads and runs the widget', async () => {
        const page = await context.newPage();
        await page.goto(`${host}coep.html`);
        assert.equal(await page.evaluate(() => crossOriginIsolated), true);
        await waitWidgets(page, 1);
        // The starter is a skeleton that fails; the exercise's solution runs.
        await call(page, 'c', 'setCode', findExercise('io-callback-doubler').solution);
        const ran = await call(page, 'c', 'run');
        assert.deepEqual(ran, { ok: true, value: { values: [10, 12, 14], shape: [3], dtype: 'float32' } });
        const frameBox = await page.evaluate(() => document.getElementById('c').shadowRoot.querySelector('iframe').getBoundingClientRect());
        assert.ok(frameBox.height > 400 && frameBox.width > 600, `the element is laid out under the host's CSP: ${JSON.stringify(frameBox)}`);
        await page.close();
      });

      await t.test('bad configurations: jaxplay-error naming the problem, and the message inside the widget', async () => {
        const page = await context.newPage();
        await page.goto(`${host}bad.html`);
        await page.waitForFunction((n) => new Set(window.events.filter((e) => e.name === 'jaxplay-error').map((e) => e.id)).size >= n, BAD.length, { timeout: 30_000 });
        for (const bad of BAD) {
          const [err] = await eventsOf(page, 'jaxplay-error', bad.id);
          assert.match(err.detail.message, bad.message, bad.id);
          const frame = await widgetFrame(page, bad.id);
          assert.match(await frame.textContent('#widget-message'), bad.message, `${bad.id} shows it`);
          const ran = await call(page, bad.id, 'run');
          assert.equal(ran.ok, false, `${bad.id}: run() resolves with ok: false`);
        }
        assert.deepEqual(await eventsOf(page, 'jaxplay-ready'), [], 'none of them is ready');
        await shot(page, 'widget-errors.png');
        await page.close();
      });

      await t.test('an author\'s own exercise: task shown, a right solution passes, the wrong callback kind fails', async () => {
        const page = await context.newPage();
        await page.goto(`${host}custom.html`);
        await waitWidgets(page, 1);
        const frame = await widgetFrame(page, 't');
        assert.equal(await frame.textContent('#task-title'), 'Triple on the host');
        await call(page, 't', 'setCode', TRIPLER_CODE);
        const good = await call(page, 't', 'check');
        assert.equal(good.passed, true, JSON.stringify(good));
        assert.deepEqual(good.checks.map((c) => c.ok), [true, true, true, true, true, true, true], JSON.stringify(good.checks));
        await call(page, 't', 'setCode', TRIPLER_CODE.replace('jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)', 'ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)'));
        const wrongKind = await call(page, 't', 'check');
        assert.equal(wrongKind.passed, false);
        assert.match(wrongKind.checks.find((c) => /calls the host/.test(c.name)).message, /found io_callback instead/);
        await call(page, 't', 'setCode', TRIPLER_CODE.replace('mul(3)', 'mul(2)'));
        const wrongValue = await call(page, 't', 'check');
        assert.deepEqual(wrongValue.checks.map((c) => c.ok), [true, true, false, false, true, true, true]);
        await page.close();
      });

      await t.test('messages from a wrong origin or window are ignored, with a warning', async () => {
        const page = await context.newPage();
        await page.goto(`${host}attacked.html`);
        await waitWidgets(page, 1);
        const before = await call(page, 'v', 'getCode');
        // From the widget's own origin but not its parent window, and from the host's window
        // to itself: neither is the other side.
        const frame = await widgetFrame(page, 'v');
        await frame.evaluate(() => window.postMessage({ jaxplay: 1, type: 'set-code', id: 7, code: 'EVIL' }, '*'));
        await page.evaluate(() => window.postMessage({ jaxplay: 1, type: 'check', id: null, detail: { passed: true, checks: [] } }, '*'));
        // A third origin framed by the host, pretending both ways.
        const hostile = sameSite.replace(/\/$/, '') + '/hostile.html';
        await page.evaluate((src) => new Promise((resolve) => {
          const f = document.getElementById('hostile');
          f.onload = resolve;
          f.src = src;
        }), hostile);
        await page.waitForTimeout(300);
        assert.equal(await call(page, 'v', 'getCode'), before);
        assert.deepEqual(await eventsOf(page, 'jaxplay-check'), []);
        assert.ok(warnings.some((w) => /jaxplay widget: ignored a message from/.test(w)), warnings.join('\n'));
        assert.ok(warnings.some((w) => /jaxplay embed: ignored a message from/.test(w)), warnings.join('\n'));
        // Malformed messages from the right window are dropped too: a wrong version.
        await page.close();
      });
      await context.close();
}, origins(PAGES));
