// Python mode speaks Python. Several Python programs run in the playground (gallery examples,
// errors, a script without main(), main() returning None, the exercises' Run and Check, the
// schedule explorer), and after each one no visible text of the page, nor any title or
// aria-label, says `null`, `undefined`, `=>`, `{ ordered: true }` (JS's options object) or a
// camelCase name of the JS API: every name the API table spells differently in JS
// (www/lib/api-spec.js), the JS API's own camelCase functions (`jax.pureCallback`,
// `jax.lax.stopGradient`...), its transforms' option names and the page's `showJaxpr`.
import assert from 'node:assert/strict';
import { openPage, run, check, setCode, text, announced } from './app.mjs';
import { FUNCTIONS } from '../../www/lib/api-spec.js';
import { jax, jnp } from '../../www/jaxplay.js';
import { browserTest } from './fixture.mjs';

const camel = (name) => /^[a-z]+[A-Z]\w*$/.test(name);
// What no object lists: the page's function for programs, and the transforms' JS option names.
const OTHER_JS_NAMES = ['ioCallback', 'showJaxpr', 'vmapMethod', 'inAxes', 'outAxes', 'staticArgnums', 'hasAux'];

/** The JS API's camelCase names: from the API table, and the functions of its namespaces. */
function camelNames() {
  const names = new Set(OTHER_JS_NAMES);
  for (const f of FUNCTIONS) {
    if (camel(f.js)) names.add(f.js);
    for (const p of f.params) if (camel(p.js)) names.add(p.js);
  }
  for (const ns of [jax, jax.lax, jax.debug, jax.random, jax.nn, jax.tree, jax.timeline, jnp]) {
    for (const key of Object.keys(ns ?? {})) if (camel(key)) names.add(key);
  }
  return [...names];
}
const CAMEL = camelNames();
// ... and JS's options object (`{ ordered: true }`, `{ vmapMethod: ... }`).
const FORBIDDEN = new RegExp(`\\b(?:null|undefined|${CAMEL.join('|')})\\b|=>|\\{ \\w+: |\\bordered: true\\b`, 'g');

/** Every JS word shown: [{ where, word, around }] in the page's visible text, titles and aria-labels. */
async function jsWords(page) {
  const texts = await page.evaluate(() => {
    const out = [{ where: 'text', text: document.body.innerText }];
    for (const el of document.querySelectorAll('[title], [aria-label]')) {
      if (!el.checkVisibility()) continue;
      for (const attr of ['title', 'aria-label']) {
        const value = el.getAttribute(attr);
        if (value) out.push({ where: `${attr} of #${el.id || el.className}`, text: value });
      }
    }
    return out;
  });
  const found = [];
  for (const { where, text: t } of texts) {
    for (const m of t.matchAll(FORBIDDEN)) found.push({ where, word: m[0], around: t.slice(Math.max(0, m.index - 60), m.index + 60).replace(/\s+/g, ' ') });
  }
  return found;
}

/** Opens `key` (`#pure-callback-doubler`, `#example:scratch`) in Python. */
async function pick(page, key) {
  await page.evaluate((k) => { location.hash = k; }, key);
  await page.waitForFunction((k) => document.body.dataset.exercise === k, key.slice(1));
  if (await page.evaluate(() => document.body.dataset.language) !== 'python') await page.selectOption('#language-select', 'python');
  await page.waitForFunction(() => document.body.dataset.language === 'python');
}

browserTest('Python mode speaks Python in every text, title and label', { timeout: 300_000 }, async ({ t, browser, url }) => {
  const { context, page, errors } = await openPage(browser, url, { pythonDefault: true });
  assert.ok(CAMEL.length > 100, `${CAMEL.length} camelCase names`);
  assert.ok(['pureCallback', 'stopGradient', 'trueDivide', 'customJvp'].every((n) => CAMEL.includes(n)));
  const audited = [];
  const audit = async (label) => {
    audited.push(label);
    const words = await jsWords(page);
    assert.deepEqual(words, [], `${label}: ${JSON.stringify(words, null, 1)}`);
  };

  await t.test('exercise 1: a Run shows values, shape and repr as JAX does', async () => {
    await pick(page, '#pure-callback-doubler');
    await setCode(page, await page.evaluate(() => window.__jaxplay.solutionIn('pure-callback-doubler', 'python')));
    await run(page);
    assert.equal(await text(page, '#result-shape'), '(3,)');
    assert.equal(await text(page, '#result-values'), '[ 2. -4.  6.]');
    assert.equal(await text(page, '#result .repr'), 'Array([ 2., -4.,  6.], dtype=float32)');
    await audit('exercise 1 run');
  });

  await t.test('exercise 1: a host and an entry point that return None', async () => {
    await setCode(page, 'import jax\n\n\ndef pure_callback_doubler(x):\n    y = x * 2\n');
    await run(page);
    assert.match(await text(page, '#result'), /it returned None/);
    await audit('entry returns None');
    await check(page);
    await audit('entry returns None, checked');
    await setCode(page, [
      'import jax', 'import numpy as np', '', '',
      'def host_double(arr):', '    np.asarray(arr) * 2', '', '',
      'def pure_callback_doubler(x):',
      '    return jax.pure_callback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)', '',
    ].join('\n'));
    await run(page);
    await check(page);
    assert.match(await text(page, '#check-list'), /None/);
    await audit('host returns None, checked');
  });

  await t.test('exercise 2: unordered io, Check and the timeline', async () => {
    await pick(page, '#io-callback-doubler');
    const solution = await page.evaluate(() => window.__jaxplay.solutionIn('io-callback-doubler', 'python'));
    await setCode(page, solution.replace(', ordered=True', ''));
    await run(page);
    await check(page);
    assert.match(await text(page, '#timeline-notice'), /ordered=True/);
    await audit('exercise 2 unordered, checked');
    await setCode(page, solution);
    await run(page);
    await audit('exercise 2 solution run');
  });

  await t.test('exercise 3: the grad error, its hint, and a wrong fix checked', async () => {
    await pick(page, '#grad-through-callback');
    const starter = await page.evaluate(() => window.__jaxplay.starterIn('grad-through-callback', 'python'));
    await setCode(page, [
      'import jax', 'import jax.numpy as jnp', 'import numpy as np', '', '',
      'def host_mean(arr):', '    return np.asarray(np.mean(np.asarray(arr)), dtype=arr.dtype)', '', '',
      'def centered_loss(x):',
      '    mean = jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), x)',
      '    d = x - mean', '    return jnp.sum(d * d)', '',
    ].join('\n'));
    await run(page);
    assert.match(await text(page, '#result .error-hint'), /stop_gradient/);
    await audit('exercise 3 grad error');
    await check(page);
    await audit('exercise 3 checked');
    await setCode(page, starter);
  });

  await t.test('gallery: examples, errors, the explorer, a script without main() and main() returning None', async () => {
    for (const id of ['ordered-vs-unordered-io', 'grad-error', 'shape-mismatch', 'custom-jvp', 'grad-fix-stop-gradient', 'debug-print']) {
      await pick(page, `#example:${id}`);
      await run(page);
      await audit(`example ${id}`);
    }
    await pick(page, '#example:ordered-vs-unordered-io');
    await run(page);
    await page.click('#explorer-run');
    await page.waitForSelector('.explorer-column');
    await page.waitForFunction(() => !document.querySelector('#explorer-run').disabled);
    await audit('the schedule explorer');
    await pick(page, '#example:scratch');
    await run(page);
    assert.match(await text(page, '#result'), /The program ran\. It defines no main\(\)/);
    assert.equal(await page.locator('#result .error-box').count(), 0);
    await announced(page, /^Run finished: the program ran/);
    await audit('a script without main()');
    await setCode(page, 'import jax.numpy as jnp\n\n\ndef main():\n    print(jnp.arange(3))\n');
    await run(page);
    assert.equal(await text(page, '#program-value'), 'None');
    assert.match(await text(page, '#jaxpr'), /show_jaxpr\(f, \*args\)/);
    await audit('main() returning None');
    await setCode(page, 'def main():\n    return totl\n');
    await run(page);
    assert.match(await text(page, '#result'), /NameError/);
    await audit('a NameError');
  });

  console.log(`audited ${audited.length} states against ${CAMEL.length} camelCase names: ${audited.join('; ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});
