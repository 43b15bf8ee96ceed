// The examples gallery in Python: every example of www/examples.js has a Python twin
// (www/examples-python.js), and each one, run as the playground runs it (app/program.js with
// the Python loader), shows what its expectation says and the same timeline as its
// JavaScript twin: the same traces, compiles, executions, removed and called host functions,
// in the same order (names compared without case and underscores: `host_scale` = `hostScale`),
// and the same jaxprs (JAXPR_DIFFERS lists the one difference, and why). Its jaxpr equations
// point at Python lines, and what main() returned reads as real JAX shows it
// (fixtures/python_gallery_values.json, recorded by tests/python/gallery_values.py).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { runProgram } from '../../www/app/program.js';
import { useLoader } from '../../www/app/runner.js';
import { pythonLoader } from '../../www/app/python-loader.js';
import { examples } from '../../www/examples.js';
import { pythonExample } from '../../www/examples-python.js';
import { readFileSync } from 'node:fs';

const RECORDED = JSON.parse(readFileSync(new URL('./fixtures/python_gallery_values.json', import.meta.url))).values;
/** Where the value shown differs from real JAX's, and why. */
const VALUE_DIFFERS = {
  'custom-jvp': "NumPy's float32 sin and cos are 1 ulp off (sin(1) prints 0.841471); jaxplay's host NumPy rounds the float64 result (0.84147096)",
  'custom-vjp': "NumPy's float32 sin and cos are 1 ulp off (sin(1) prints 0.841471); jaxplay's host NumPy rounds the float64 result (0.84147096)",
};

await init();
const api = { jax, jnp, np, ioCallback };
const bare = (name) => String(name ?? '').replace(/_/g, '').toLowerCase();
// Jaxpr text with host function names compared as `bare` names, and a custom rule's own name
// (`sinOnHost` in JS wraps what Python decorates as `sin`) left out.
const sameNames = (text) => text.replace(/callback=(\w+)/g, (_, n) => `callback=${bare(n)}`)
  .replace(/\b(name|jvp|fwd|bwd)=\w+/g, '$1=…');
/** Where the Python program's jaxpr differs from its JS twin's, and why (JAX would show the same). */
const JAXPR_DIFFERS = {
  'ordered-vs-unordered-io': "Python's `sum(outs)` starts from 0, so its jaxpr has one more `add` (0.0 + b), as JAX's has",
};

/** Runs `code` as the playground does: { out, printed, events } (events as comparable text). */
async function runAs(language, code) {
  const printed = [];
  useLoader(language === 'python' ? pythonLoader(python, (line) => printed.push(line)) : null);
  const log = console.log;
  console.log = (...args) => printed.push(args.map(String).join(' '));
  const previous = jax.debug.setPrintHandler((text) => printed.push(String(text)));
  const since = jax.timeline.events().at(-1)?.seq ?? -1;
  let out;
  try {
    out = await runProgram(api, code);
  } finally {
    console.log = log;
    jax.debug.setPrintHandler(previous);
    useLoader(null);
  }
  const events = jax.timeline.events().filter((e) => e.seq > since)
    .map((e) => [e.kind, e.phase, e.callbackKind, e.kind === 'callback' || e.kind === 'dce' ? bare(e.name) : ''].filter(Boolean).join(':'));
  return { out, printed, events };
}

test('every gallery example has a Python version, which the editor\'s lint finds nothing in', () => {
  const missing = examples.filter((ex) => !pythonExample(ex.id)).map((ex) => ex.id);
  assert.deepEqual(missing, []);
  assert.equal(examples.length, 17);
  // A program is given show_jaxpr (app/program.js), as the editor tells the lint.
  for (const ex of examples) assert.deepEqual(python.lint(pythonExample(ex.id).code, { globals: ['show_jaxpr'] }), [], ex.id);
});

test('what each Python example explains names the Python API, not its JS spelling', () => {
  const JS_NAMES = /pureCallback|ioCallback|stopGradient|showJaxpr|customJvp|customVjp|vmapMethod|inAxes|makeJaxpr|console\.log|\{ ordered: true \}|\.mul\(/;
  for (const ex of examples) {
    const explain = (pythonExample(ex.id).explain ?? ex.explain).join(' ');
    assert.doesNotMatch(explain, JS_NAMES, ex.id);
  }
});

for (const ex of examples) {
  test(`gallery in Python: ${ex.id} runs as its expectation says, with its JavaScript twin's timeline`, async () => {
    const py = pythonExample(ex.id);
    // Every program defines main(), but the blank one, a script that simply runs.
    assert.equal(/^def main\(\):$/m.test(py.code), py.expect.main !== false);
    const js = await runAs('js', ex.code);
    const { out, printed, events } = await runAs('python', py.code);
    const { expect } = py;
    if (expect.error) {
      assert.equal(out.value, null);
      assert.ok(out.error?.message.includes(expect.error), `error: ${JSON.stringify(out.error)}`);
      // The same kind of failure as the JavaScript twin (a host callback, or main() itself).
      assert.equal(out.error.title, js.out.error.title);
      assert.equal(out.error.name, RECORDED[ex.id].error, 'the exception real JAX raises');
    } else if (expect.main === false) {
      assert.deepEqual([out.error, out.main, out.value], [null, false, null]);
      assert.equal(RECORDED[ex.id], null, 'real JAX ran it as a script too');
    } else {
      assert.equal(out.error, null, JSON.stringify(out.error));
      for (const v of expect.value ?? []) assert.ok(out.value.includes(v), `value lacks ${v}:\n${out.value}`);
      if (VALUE_DIFFERS[ex.id]) assert.notEqual(out.value, RECORDED[ex.id].value, `${ex.id} now shows JAX's value: drop it from VALUE_DIFFERS`);
      else assert.equal(out.value, RECORDED[ex.id].value, 'shown as real JAX shows it');
    }
    let at = 0;
    for (const want of expect.output ?? []) {
      const i = printed.findIndex((l, k) => k >= at && l.endsWith(want));
      assert.ok(i >= 0, `output lacks “${want}” (in order):\n${printed.join('\n')}`);
      at = i + 1;
    }
    const jaxprs = out.jaxprs.map((j) => `${j.label}\n${j.text}`).join('\n');
    for (const want of expect.jaxpr ?? []) assert.ok(jaxprs.includes(want), `jaxpr lacks ${want}:\n${jaxprs}`);
    // As many jaxprs, traced and compiled, as the JavaScript version shows.
    assert.deepEqual(out.jaxprs.map((j) => /after dead-code elimination/.test(j.label)), js.out.jaxprs.map((j) => /after dead-code elimination/.test(j.label)));
    assert.deepEqual(events, js.events);
    // The same jaxprs, as traced and as compiled, but for the differences listed (and explained).
    const texts = (o) => o.jaxprs.map((j) => sameNames(j.text));
    if (JAXPR_DIFFERS[ex.id]) assert.notDeepEqual(texts(out), texts(js.out), `${ex.id} no longer differs: drop it from JAXPR_DIFFERS`);
    else assert.deepEqual(texts(out), texts(js.out));
    // Source links point at Python lines that exist.
    const lines = py.code.split('\n');
    const sources = (runs) => runs.flatMap((r) => (typeof r === 'string' ? [] : [r.source, ...sources(r.runs)]));
    for (const j of out.jaxprs) {
      for (const source of sources(j.layout ?? []).filter(Boolean)) {
        const n = Number(source.slice(source.lastIndexOf(':') + 1));
        assert.ok(source.startsWith('main.py:') && lines[n - 1]?.trim(), `${ex.id}: equation at ${source}, not a line of the program`);
      }
    }
  });
}
