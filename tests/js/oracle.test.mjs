// Data-driven conformance against real JAX: every case of tests/oracle/jax-callbacks.json is
// either translated (oracle_cases*.mjs) and compared field by field, or listed below as pending
// with the engine feature it needs. A translated case the engine gets wrong carries `engineBug`
// (see oracle_cases.mjs): it runs as a TODO test and is reported failing. Each run rewrites
// docs/conformance.md with the tally.

import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import init, { jax, jnp, np, ioCallback } from '../../www/jaxplay.js';
import { cases } from './oracle_cases.mjs';
import { EXCLUSIONS, PENDING as DIFFERENTIAL_PENDING } from '../differential/exclusions.mjs';

const ROOT = new URL('../../', import.meta.url);
const oracle = JSON.parse(await readFile(new URL('tests/oracle/jax-callbacks.json', ROOT), 'utf8'));
await init();

// ------------------------------------------------------------------ pending (not implemented)

/** Feature -> probe that is true once the JS API has it (camelCase, as the rest of the API). */
const FEATURES = {
  vmap: () => typeof jax.vmap === 'function',
  grad: () => typeof jax.grad === 'function',
  jvp: () => typeof jax.jvp === 'function',
  vjp: () => typeof jax.vjp === 'function',
  linearize: () => typeof jax.linearize === 'function',
  linear_transpose: () => typeof jax.linearTranspose === 'function',
  jacrev: () => typeof jax.jacrev === 'function',
  custom_jvp: () => typeof jax.customJvp === 'function',
  custom_vjp: () => typeof jax.customVjp === 'function',
  stop_gradient: () => typeof jax.lax?.stopGradient === 'function',
  checkpoint: () => typeof jax.checkpoint === 'function',
  'lax.scan': () => typeof jax.lax?.scan === 'function',
  'lax.fori_loop': () => typeof jax.lax?.foriLoop === 'function',
  'lax.cond': () => typeof jax.lax?.cond === 'function',
};

/**
 * Cases that cannot be translated yet -> the features they need that the engine lacks. Empty
 * since the engine has vmap, autodiff and lax control flow: every oracle case is translated.
 */
const PENDING = {};

// ------------------------------------------------------------------ encodings

/** The oracle's `desc(x)` for a host or engine array. */
function desc(x) {
  if (!(x instanceof np.ndarray || x instanceof jax.Array)) {
    throw new TypeError(`desc() expects an array, got ${typeof x}`);
  }
  return { value: x.tolist(), shape: [...x.shape], dtype: x.dtype };
}

/** Our result in the oracle's encoding (tuples and lists both become JSON arrays). */
function encode(v) {
  if (v === null || v === undefined) return null;
  if (v instanceof jax.Array) return { array: v.tolist(), shape: v.shape, dtype: v.dtype, weak_type: v.weakType };
  if (v instanceof jax.ShapeDtypeStruct) return { shape_dtype_struct: { shape: [...v.shape], dtype: v.dtype } };
  if (Array.isArray(v)) return v.map(encode);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]));
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  throw new TypeError(`cannot encode a ${v?.constructor?.name ?? typeof v} result`);
}

/** The oracle's `{tuple: [...]}` becomes a plain array: JS has one sequence type. */
function untuple(v) {
  if (Array.isArray(v)) return v.map(untuple);
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === 'tuple') return untuple(v.tuple);
    return Object.fromEntries(keys.map((k) => [k, untuple(v[k])]));
  }
  return v;
}

/** Plain JSON data: what the Python harness recorded was JSON too. */
const json = (v) => JSON.parse(JSON.stringify(v ?? null));

/**
 * Jaxpr text without what cannot match: JAX prints callbacks as Python reprs
 * (`_FlatCallback(callback_func=<function host at 0x...>, ...)`), jaxplay prints the host's name,
 * and that length difference changes JAX's line wrapping of the parameter list.
 */
function normalizeJaxpr(text) {
  return String(text)
    .replace(/callback=(?:_FlatCallback\(callback_func=<function \w+ at 0x\w+>, in_tree=PyTreeDef\(.*?\)\)\)|<function \S+ at 0x\w+>|[\w.]+)/g, 'callback=CB')
    .replace(/\s+/g, ' ')
    .replace(/\[ /g, '[')
    .replace(/ \]/g, ']');
}

const sortedJson = (list) => list.map((c) => JSON.stringify(c)).sort();

// ------------------------------------------------------------------ running one case

/** Runs `spec` and asserts every observable against the oracle (with the case's overrides). */
function check(id, spec) {
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
    assert.deepEqual(json(encode(out)), untuple(want.result), 'result');
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

/** id -> {status: pass|deviation|pending|fail, reason} for the report. */
const outcomes = new Map();
const ids = Object.keys(oracle.cases);
const topics = [...new Set(ids.map((id) => oracle.cases[id].topic))];

test('the case table covers the oracle exactly once', () => {
  assert.equal(ids.length, oracle._meta.num_cases);
  const unknown = [...Object.keys(cases), ...Object.keys(PENDING)].filter((id) => !(id in oracle.cases));
  assert.deepEqual(unknown, [], 'ids not in the oracle');
  const both = Object.keys(cases).filter((id) => id in PENDING);
  assert.deepEqual(both, [], 'ids both translated and pending');
  const missing = ids.filter((id) => !(id in cases) && !(id in PENDING));
  assert.deepEqual(missing, [], 'oracle ids neither translated nor pending');
});

test('pending cases really need features the API lacks', () => {
  // A tripwire: once the engine ships a feature, the cases waiting for it must be translated.
  for (const [id, features] of Object.entries(PENDING)) {
    assert.ok(features.length > 0, `${id}: a pending case names the features it needs`);
    for (const f of features) {
      assert.ok(FEATURES[f], `${id}: unknown feature ${f}`);
      assert.equal(FEATURES[f](), false, `${f} exists now: translate ${id} (and its siblings)`);
    }
  }
  // And the other way round: a feature the oracle exercises that the API lacks must be the
  // reason some case is pending (otherwise translated cases use an API that is not there).
  const needed = new Set(Object.values(PENDING).flat());
  const missing = Object.keys(FEATURES).filter((f) => !FEATURES[f]() && !needed.has(f));
  assert.deepEqual(missing, [], 'features the API lacks that no pending case accounts for');
});

for (const topic of topics) {
  describe(topic, () => {
    for (const id of ids.filter((i) => oracle.cases[i].topic === topic)) {
      if (id in PENDING) {
        const reason = `pending: needs ${PENDING[id].join(' + ')}`;
        outcomes.set(id, { status: 'pending', reason });
        test(id, { todo: reason });
        continue;
      }
      const spec = cases[id];
      if (!spec) continue; // reported by the coverage test
      const label = spec.engineBug ? `${id} [engine bug]` : spec.deviation ? `${id} [known deviation]` : id;
      test(label, async (t) => {
        await init(); // idempotent: every case runs on the one loaded engine
        try {
          check(id, spec);
        } catch (e) {
          const failed = e.message.split('\n')[0];
          outcomes.set(id, { status: 'fail',
            reason: spec.engineBug ? `engine bug: ${spec.engineBug} (fails: ${failed})` : failed });
          if (spec.engineBug) t.todo(`engine bug: ${spec.engineBug}`);
          throw e;
        }
        if (spec.engineBug) {
          outcomes.set(id, { status: 'fail', reason: 'marked engineBug but passes now: remove the mark' });
          assert.fail(`${id} passes now: remove its engineBug mark`);
        }
        outcomes.set(id, spec.deviation
          ? { status: 'deviation', reason: spec.deviation }
          : { status: 'pass', reason: spec.note });
      });
    }
  });
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

after(async () => {
  const count = (list, status) => list.filter((id) => outcomes.get(id)?.status === status).length;
  const row = (name, list) => `| ${name} | ${list.length} | ${count(list, 'pass')} | ${count(list, 'deviation')} | `
    + `${count(list, 'pending')} | ${count(list, 'fail')} | ${list.filter((id) => !outcomes.has(id)).length} |`;
  const section = (title, status, blurb) => {
    const hit = ids.filter((id) => outcomes.get(id)?.status === status && outcomes.get(id).reason);
    if (hit.length === 0) return [];
    return [`## ${title} (${hit.length})`, '', blurb, '',
      ...hit.map((id) => `- \`${id}\` (${oracle.cases[id].topic}): ${outcomes.get(id).reason}`), ''];
  };
  // Pending cases grouped by what they need, so the report reads as a feature to-do list.
  const pendingSection = () => {
    const pending = ids.filter((id) => outcomes.get(id)?.status === 'pending');
    const groups = new Map(); // Map.groupBy needs Node 21
    for (const id of pending) {
      const needs = PENDING[id].join(' + ');
      groups.set(needs, [...(groups.get(needs) ?? []), id]);
    }
    if (pending.length === 0) return [];
    return [`## Pending (${pending.length})`, '',
      'Not yet implemented: TODO tests, not counted as passing. Grouped by the missing engine features.', '',
      ...[...groups].map(([needs, list]) => `- needs **${needs}** (${list.length}): ${list.map((id) => `\`${id}\``).join(', ')}`), ''];
  };
  const lines = [
    '# jaxplay callback conformance',
    '',
    '<!-- Generated by tests/js/oracle.test.mjs on every `node --test tests/js/` run; do not edit. -->',
    '',
    `Oracle: \`tests/oracle/jax-callbacks.json\`, ${ids.length} programs recorded in real JAX `
      + `${oracle._meta.jax_version} (${oracle._meta.backend}, 64-bit mode off). Each translated case `
      + 'is checked for its result (values, shape, dtype, weak_type), the host calls (count, order, '
      + 'contents), trace-time side effects, extra observations, `jax.debug.print` output, jaxpr text '
      + '(callback reprs and line wrapping normalised) and errors (must throw, message must match). '
      + 'Python log records are not compared: jaxplay reports callback failures only through the thrown error.',
    '',
    `**${count(ids, 'pass')}/${ids.length} passing**, ${count(ids, 'deviation')} known deviations `
      + `(behaviour pinned by the tests), ${count(ids, 'pending')} pending (need features the engine `
      + `does not have yet), ${count(ids, 'fail')} failing (${ids.filter((id) => outcomes.get(id)?.status === 'fail' && cases[id]?.engineBug).length} `
      + 'of them known engine bugs).',
    '',
    '| topic | cases | passing | deviation | pending | failing | not run |',
    '|---|---|---|---|---|---|---|',
    ...topics.map((t) => row(t, ids.filter((id) => oracle.cases[id].topic === t))),
    row('**total**', ids),
    '',
    ...section('Failing', 'fail', 'Cases whose assertions failed on this run. Those marked "engine bug" are '
      + 'known: JAX is the spec and the engine is wrong; they keep their full assertions and run as TODO tests.'),
    ...section('Known deviations', 'deviation',
      'jaxplay knowingly differs from JAX here; the test asserts what jaxplay does instead.'),
    ...pendingSection(),
    ...section('Passing, with a mapping of a Python-only detail', 'pass',
      'These pass; the note says how the Python snippet maps to the JS API.'),
    ...differentialSection(),
  ];
  await mkdir(new URL('docs/', ROOT), { recursive: true });
  await writeFile(new URL('docs/conformance.md', ROOT), `${lines.join('\n').trimEnd()}\n`);
});
