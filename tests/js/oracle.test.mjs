// Data-driven conformance against real JAX: every case of the two oracle files,
// tests/oracle/jax-callbacks.json (the shared oracle) and tests/oracle/jax-fidelity.json (made by
// tests/oracle/generate.py), is translated (oracle_cases*.mjs, oracle_fidelity_cases.mjs) and
// compared field by field. A translated case the engine gets wrong carries `engineBug` (see
// oracle_cases.mjs): it runs as a TODO test and is reported failing. Each run rewrites
// docs/conformance.md with the tally.

import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { cases as callbackCases } from './oracle_cases.mjs';
import { fidelityCases } from './oracle_fidelity_cases.mjs';
import { runPythonCase, pythonNote } from './oracle_python.mjs';
import { desc, encode, untuple, json, sortedJson, normalizeJaxpr } from './oracle_encoding.mjs';
import { SUBSET_LACKS } from './python_subset.mjs';
import { LANGUAGE, CONSTRUCTS, languageMismatch } from './python_language.mjs';
import { EXCLUSIONS, PENDING as DIFFERENTIAL_PENDING } from '../differential/exclusions.mjs';

const ROOT = new URL('../../', import.meta.url);
const load = async (name) => JSON.parse(await readFile(new URL(`tests/oracle/${name}`, ROOT), 'utf8'));
const ORACLES = [
  { file: 'jax-callbacks.json', oracle: await load('jax-callbacks.json'), cases: callbackCases },
  { file: 'jax-fidelity.json', oracle: await load('jax-fidelity.json'), cases: fidelityCases },
];
await init();

// ------------------------------------------------------------------ encodings

// desc, encode, untuple, json, sortedJson and normalizeJaxpr: oracle_encoding.mjs.

// ------------------------------------------------------------------ running one case

/** Whether `got` equals `want` with numbers within `tolerance` (relative) of each other. */
function close(got, want, tolerance) {
  if (typeof got === 'number' && typeof want === 'number') {
    return Math.abs(got - want) <= tolerance * Math.max(1, Math.abs(want));
  }
  if (Array.isArray(got) && Array.isArray(want)) {
    return got.length === want.length && got.every((g, i) => close(g, want[i], tolerance));
  }
  if (got && want && typeof got === 'object' && typeof want === 'object') {
    const keys = Object.keys(want);
    return keys.length === Object.keys(got).length && keys.every((k) => close(got[k], want[k], tolerance));
  }
  return got === want;
}

/** Runs `spec` and asserts every observable against the oracle (with the case's overrides). */
function check(oracle, id, spec) {
  const want = { ...oracle.cases[id], ...spec.expect };
  if (spec.expect && !spec.note && !spec.deviation) {
    assert.fail(`${id}: overriding oracle fields needs a note or a deviation reason`);
  }
  const ctx = { jax, jnp, np, ioCallback, calls: [], traces: [], obs: {}, desc, jaxpr: undefined };
  let stdout = '';
  const previous = jax.debug.setPrintHandler((text) => { stdout += `${text}\n`; });
  let out;
  let error = null;
  try {
    out = spec.run(ctx);
  } catch (e) {
    error = e;
  } finally {
    jax.debug.setPrintHandler(previous);
  }

  if (want.exception) {
    assert.ok(spec.expectError, `${id}: the oracle raised, so the case needs expectError`);
    assert.ok(error, `expected an error matching ${spec.expectError}, but the case returned`);
    assert.ok(error instanceof Error, `expected a JS Error, got ${String(error)}`);
    assert.match(error.message, spec.expectError);
    if (spec.errorName) assert.equal(error.name, spec.errorName, 'error name');
    if (spec.errorCause) assert.match(String(error.cause?.message), spec.errorCause, 'error cause');
  } else {
    if (error) throw error;
    assert.equal(spec.expectError, undefined, `${id}: expectError given but the oracle did not raise`);
    const got = json(encode(out));
    if (spec.tolerance) {
      assert.ok(close(got, untuple(want.result), spec.tolerance), `result within ${spec.tolerance}: ${JSON.stringify(got)}`);
    } else {
      assert.deepEqual(got, untuple(want.result), 'result');
    }
  }

  const calls = json(ctx.calls);
  if (spec.callsOrder === 'unspecified') {
    assert.deepEqual(sortedJson(calls), sortedJson(want.calls), 'host calls (as a multiset)');
    // jaxplay itself is deterministic: pin the order it uses.
    if (spec.ourCalls) assert.deepEqual(calls, spec.ourCalls, 'host calls, in jaxplay\'s order');
  } else {
    assert.deepEqual(calls, want.calls, 'host calls, in order');
  }
  if (!spec.expect?.calls) assert.equal(calls.length, want.num_calls, 'number of host calls');
  assert.deepEqual(json(ctx.traces), want.traces, 'trace-time side effects');
  assert.deepEqual(json(ctx.obs), want.obs, 'obs');
  assert.equal(stdout, want.stdout, 'debug.print output');
  if (want.jaxpr !== undefined) {
    assert.ok(ctx.jaxpr, `${id}: the oracle recorded a jaxpr; the case must set ctx.jaxpr`);
    assert.equal(normalizeJaxpr(ctx.jaxpr), normalizeJaxpr(want.jaxpr), 'jaxpr');
  }
}

// ------------------------------------------------------------------ the tests

/** file -> id -> {status: pass|deviation|fail, reason} for the report. */
const outcomes = new Map(ORACLES.map(({ file }) => [file, new Map()]));

for (const { file, oracle, cases } of ORACLES) {
  const ids = Object.keys(oracle.cases);
  const topics = [...new Set(ids.map((id) => oracle.cases[id].topic))];
  const results = outcomes.get(file);

  test(`${file}: the case table covers the oracle exactly once`, () => {
    assert.equal(ids.length, oracle._meta.num_cases);
    assert.deepEqual(Object.keys(cases).filter((id) => !(id in oracle.cases)), [], 'ids not in the oracle');
    assert.deepEqual(ids.filter((id) => !(id in cases)), [], 'oracle ids not translated');
  });

  for (const topic of topics) {
    describe(`${file}: ${topic}`, () => {
      for (const id of ids.filter((i) => oracle.cases[i].topic === topic)) {
        const spec = cases[id];
        if (!spec) continue; // reported by the coverage test
        const label = spec.engineBug ? `${id} [engine bug]` : spec.deviation ? `${id} [known deviation]` : id;
        test(label, async (t) => {
          await init(); // idempotent: every case runs on the one loaded engine
          try {
            check(oracle, id, spec);
          } catch (e) {
            const failed = e.message.split('\n')[0];
            results.set(id, { status: 'fail',
              reason: spec.engineBug ? `engine bug: ${spec.engineBug} (fails: ${failed})` : failed });
            if (spec.engineBug) t.todo(`engine bug: ${spec.engineBug}`);
            throw e;
          }
          if (spec.engineBug) {
            results.set(id, { status: 'fail', reason: 'marked engineBug but passes now: remove the mark' });
            assert.fail(`${id} passes now: remove its engineBug mark`);
          }
          results.set(id, spec.deviation
            ? { status: 'deviation', reason: spec.deviation }
            : { status: 'pass', reason: spec.note });
        });
      }
    });
  }
}

// ------------------------------------------------------------------ docs/conformance.md

/** What the differential tester (tests/differential/) knowingly lets differ, from its own tables. */
function differentialSection() {
  const item = (x) => `- **${x.title}** (\`${x.id}\`): ${x.reason}`;
  return ['## Differential testing: documented exclusions', '',
    'Random programs from `tests/differential/` run in real JAX and in jaxplay (eager, `jit`, `vmap`, '
      + '`grad`, `jvp`) and are compared for errors, shapes, dtypes, weak types, values and host calls; '
      + 'CI replays a committed corpus of JAX\'s answers (`tests/js/differential.test.mjs`). These '
      + 'differences are expected and not failures:', '',
    ...EXCLUSIONS.map(item), '',
    ...(DIFFERENTIAL_PENDING.length ? ['Known engine gaps the tester reports as pending, each waiting for the work it names:', '',
      ...DIFFERENTIAL_PENDING.map(item), ''] : [])];
}

/**
 * Python mode's language against CPython: per construct, what its cases cover and how many
 * match (`mismatches`: case key -> what differed), then what the subset lacks.
 */
function languageSection(mismatches) {
  const byConstruct = new Map();
  for (const [key, c] of Object.entries(LANGUAGE.cases)) {
    if (!byConstruct.has(c.construct)) byConstruct.set(c.construct, []);
    byConstruct.get(c.construct).push([key, c]);
  }
  const total = Object.keys(LANGUAGE.cases).length;
  const ok = total - mismatches.size;
  return ['## Python mode: the language', '',
    `Cases of the Python a learner writes, recorded from CPython ${LANGUAGE._meta.python} (the JAX programs with `
      + `JAX ${LANGUAGE._meta.jax}) by \`tests/python/record_language.py\` from \`tests/python/language/*.py\`, `
      + 'run through `python.run` and compared for stdout and the uncaught exception\'s class and message '
      + '(tests/js/python_language.test.mjs).', '',
    `**${ok}/${total}** match CPython.`, '',
    '| construct | cases | of them errors | matching | what runs as in CPython |',
    '|---|---|---|---|---|',
    ...[...byConstruct].map(([name, list]) => `| ${name} | ${list.length} | ${list.filter(([, c]) => c.error).length} | `
      + `${list.filter(([key]) => !mismatches.has(key)).length}/${list.length} | ${CONSTRUCTS[name]} |`),
    '',
    ...(mismatches.size ? ['Cases that differ:', '', ...[...mismatches].map(([key, why]) => `- \`${key}\`: ${why}`), ''] : []),
    '### What the Python subset lacks', '',
    'Each raises a plain Python exception that names it (tests/js/python_subset.mjs, checked by '
      + 'tests/js/python_subset.test.mjs). Sets print in insertion order, where CPython prints hash order; '
      + '`id()` and default reprs show stand-in addresses.', '',
    '| construct | raises |', '|---|---|',
    ...SUBSET_LACKS.map(([what, , pyType]) => `| ${what} | \`${pyType}\` |`), ''];
}

/**
 * The report section of one oracle file: the tally by topic (with a Python column when `python`,
 * the outcomes of the same programs run from their Python source, is given), then failures,
 * deviations, Python-mode notes and mapping notes.
 */
function report({ file, oracle }, intro, python = null) {
  const results = outcomes.get(file);
  const ids = Object.keys(oracle.cases);
  const topics = [...new Set(ids.map((id) => oracle.cases[id].topic))];
  const count = (list, status) => list.filter((id) => results.get(id)?.status === status).length;
  const pyOk = (list) => list.filter((id) => python.get(id).status !== 'fail').length;
  const row = (name, list) => `| ${name} | ${list.length} | ${count(list, 'pass')} | ${count(list, 'deviation')} | `
    + `${count(list, 'fail')} | ${list.filter((id) => !results.has(id)).length} |`
    + (python ? ` ${pyOk(list)}/${list.length} |` : '');
  const pythonSection = () => {
    if (!python) return [];
    const noted = ids.filter((id) => python.get(id).status === 'fail' || python.get(id).reason);
    return [`### Python mode (${pyOk(ids)}/${ids.length})`, '',
      'Each program also runs from its Python `source`, verbatim, with the oracle\'s prelude, through '
      + '`python.run` (www/python.js), compared with the same rules (tests/js/oracle_python.mjs); the '
      + 'exception class and its message (traceback frames left out) must be the ones JAX raised. Cases '
      + 'that fail or differ from the JS port:', '',
      ...noted.map((id) => `- \`${id}\` (${python.get(id).status}): ${python.get(id).reason}`), '',
      'The Python language itself: see [Python mode: the language](#python-mode-the-language) below.', ''];
  };
  const section = (title, status, blurb) => {
    const hit = ids.filter((id) => results.get(id)?.status === status && results.get(id).reason);
    if (hit.length === 0) return [];
    return [`### ${title} (${hit.length})`, '', blurb, '',
      ...hit.map((id) => `- \`${id}\` (${oracle.cases[id].topic}): ${results.get(id).reason}`), ''];
  };
  const bugs = ids.filter((id) => results.get(id)?.status === 'fail' && ORACLES.find((o) => o.file === file).cases[id]?.engineBug);
  return [
    `## \`tests/oracle/${file}\``,
    '',
    `${intro} ${ids.length} programs recorded in real JAX ${oracle._meta.jax_version} (${oracle._meta.backend}, 64-bit mode off).`,
    '',
    `**${count(ids, 'pass')}/${ids.length} passing**, ${count(ids, 'deviation')} known deviations `
      + `(behaviour pinned by the tests), ${count(ids, 'fail')} failing (${bugs.length} of them known engine bugs).`,
    '',
    ...(python ? [`Python mode: **${pyOk(ids)}/${ids.length}** run from their Python source and match (last column; see below).`, ''] : []),
    `| topic | cases | passing | deviation | failing | not run |${python ? ' Python |' : ''}`,
    `|---|---|---|---|---|---|${python ? '---|' : ''}`,
    ...topics.map((t) => row(t, ids.filter((id) => oracle.cases[id].topic === t))),
    row('**total**', ids),
    '',
    ...section('Failing', 'fail', 'Cases whose assertions failed on this run. Those marked "engine bug" are '
      + 'known: JAX is the spec and the engine is wrong; they keep their full assertions and run as TODO tests.'),
    ...section('Known deviations', 'deviation',
      'jaxplay knowingly differs from JAX here; the test asserts what jaxplay does instead.'),
    ...pythonSection(),
    ...section('Passing, with a mapping of a Python-only detail', 'pass',
      'These pass; the note says how the Python snippet maps to the JS API.'),
  ];
}

after(async () => {
  // Python mode: the shared oracle's programs from their Python source (tests/js/python_oracle.test.mjs
  // asserts them; here they are only tallied for the report).
  const python = new Map();
  for (const id of Object.keys(ORACLES[0].oracle.cases)) {
    try {
      python.set(id, { status: await runPythonCase(id), reason: pythonNote(id) });
    } catch (e) {
      python.set(id, { status: 'fail', reason: e.message.split('\n')[0] });
    }
  }
  const mismatches = new Map();
  for (const [key, c] of Object.entries(LANGUAGE.cases)) {
    const miss = await languageMismatch(c);
    if (miss) mismatches.set(key, miss.got !== miss.want ? `raises ${miss.got ?? 'nothing'}, CPython ${miss.want ?? 'nothing'}` : 'prints differently');
  }
  const lines = [
    '# jaxplay callback conformance',
    '',
    '<!-- Generated by tests/js/oracle.test.mjs on every `node --test tests/js/` run; do not edit. -->',
    '',
    'Each translated case is checked for its result (values, shape, dtype, weak_type), the host calls '
      + '(count, order, contents), trace-time side effects, extra observations, `jax.debug.print` output, '
      + 'jaxpr text (callback reprs and line wrapping normalised) and errors (must throw, message must match). '
      + 'Python log records are not compared: jaxplay reports callback failures only through the thrown error.',
    '',
    ...report(ORACLES[0], 'The shared oracle of callback behaviour:', python),
    ...report(ORACLES[1], 'DCE inside control flow, effects under vmap, `jax.debug.print`/`debug.callback` '
      + 'arguments, host NumPy, reverse mode through `while_loop`, static slicing and `add_any` in transformed jaxprs, '
      + 'generated by `tests/oracle/generate.py`:'),
    ...languageSection(mismatches),
    ...differentialSection(),
  ];
  await mkdir(new URL('docs/', ROOT), { recursive: true });
  await writeFile(new URL('docs/conformance.md', ROOT), `${lines.join('\n').trimEnd()}\n`);
});
