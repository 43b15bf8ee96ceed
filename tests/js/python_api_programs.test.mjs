// The learner-style programs of tests/oracle/jax-api-programs.json (a host callback with
// ordinary JAX around it: reductions, elementwise math, creation, jax.nn, jax.scipy.special,
// jax.random, jax.numpy.linalg, indexing, sorting, jit/grad/vmap, and misused functions; recorded
// from JAX 0.10.2 by tests/oracle/generate_api_programs.py) run from their Python source through
// Python mode (tests/js/api_programs_runner.mjs compares them). Every program must match JAX,
// except the KNOWN_GAPS below, which must still fail the way their reason says: when a function
// lands, its programs leave the list.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeModules } from '../../www/python/jaxlib.js';
import { runProgram, programIds } from './api_programs_runner.mjs';

/**
 * How a program that cannot match yet fails, by phrase. A reason is one or more phrases joined
 * by '; ', and the program must fail the way one of them says:
 * - "`jnp.argmax`, `jax.nn.relu` not in jaxplay yet": Python mode says one of these is not in
 *   jaxplay yet (an operator names its function: "`**` on arrays (`jnp.power`)"); every name
 *   listed must still be missing, so the reason is updated when one lands;
 * - "raises ValueError, JAX TypeError (why)": the exception class differs;
 * - "words the message differently from JAX (...)": same class, another message;
 * - a phrase of this table: the failure matches its pattern.
 */
const FAILS = {
  'host NumPy `@` (matmul) not in jaxplay yet': /unsupported operand type\(s\) for @: 'numpy\.ndarray'/,
  '`jax.debug.print` is a `debug_callback` equation here, JAX 0.10.2 prints a `debug_print` primitive': /^jaxpr[\s\S]* debug_print\[fmt=/,
  'integer arrays on several axes (`x[i, j]`) or float indices not in Python mode yet': /only integers, slices \(`:`\) and None are valid indices/,
  '`x.at[...]` with a slice or several indices not in jaxplay yet': /only an integer or an integer array indexes the leading axis here/,
  '`jax.hessian` not in Python mode yet': /module 'jax' has no attribute 'hessian'/,
  'host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet': /'ndarray' object has no attribute '(argsort|cumsum)'/,
  'host NumPy `sum(keepdims=True)` ignores keepdims': /Incorrect output shape for return value #0: Expected: \(1,\), Actual: \(\)/,
  '`jnp.mean` divides by the count exactly, XLA multiplies by its reciprocal: the float32 mean is 2.3333333 here, 2.3333335 in JAX': /printed output[\s\S]*2\.3333332538604736\\n/,
  'make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation': /^jaxpr[\s\S]*- '[^\n]*= jit\[name=/,
  '`jnp.stack` traces to broadcast_in_dim and concatenate, JAX 0.10.2 to one `stack[axis=0]` equation': /^jaxpr[\s\S]*= stack\[axis=0\]/,
};

/** Derived phrases: a reason part -> the pattern its failure must match. */
function phrasePattern(phrase) {
  if (FAILS[phrase]) return FAILS[phrase];
  const raises = /^raises (\w+), JAX (\w+)(?: \(.*\))?$/.exec(phrase);
  if (raises) return new RegExp(`^raised ${raises[1]}: [\\s\\S]*\\(JAX: ${raises[2]}: `);
  if (/^words the message differently from JAX\b/.test(phrase)) return /^raised (\w+): [\s\S]*\(JAX: \1: /;
  return null;
}

/** Operators and what Python mode calls them when their function is missing. */
const OPERATORS = [[/[\w)\]] \*\* [\w(]/, 'jnp.power'], [/[\w)\]] % [\w(]/, 'jnp.remainder'], [/[\w)\]] @ [\w(]/, 'jnp.matmul'], [/[\w)\]] \/\/ [\w(]/, 'jnp.floor_divide']];

/** Phrases of FAILS a program's source shows it needs, for a suggested reason. */
const SOURCE_NEEDS = {
  '`x.at[...]` with a slice or several indices not in jaxplay yet': /\.at\[/,
};

/** Programs Python mode cannot match yet: id -> reason (phrases of FAILS, or missing names). */
export const KNOWN_GAPS = {
  bad_argmax_axis_out_of_range: "raises ValueError, JAX IndexError",
  bad_argsort_kind: "raises NotImplementedError, JAX TypeError",
  bad_concatenate_not_list: "raises TypeError, JAX ValueError",
  bad_grad_int_input: "words the message differently from JAX",
  bad_index_float_array: "integer arrays on several axes (`x[i, j]`) or float indices not in Python mode yet",
  bad_one_hot_float: "words the message differently from JAX",
  bad_prngkey_float: "words the message differently from JAX",
  bad_random_float_key: "words the message differently from JAX",
  bad_random_int_seed_as_key: "words the message differently from JAX",
  bad_relu_keyword: "words the message differently from JAX",
  bad_solve_shapes: "words the message differently from JAX",
  bad_split_float_num: "words the message differently from JAX",
  bad_stack_shapes: "words the message differently from JAX",
  bad_uniform_minval_order: "words the message differently from JAX",
  bad_vmap_axis_sizes: "words the message differently from JAX",
  bad_where_one_arg_jit: "raises NotImplementedError, JAX ConcretizationTypeError",
  cb_host_uses_float64: "host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet",
  cb_int_result_index: "host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet",
  cb_vmap_host_keepdims: "host NumPy `sum(keepdims=True)` ignores keepdims",
  create_cumsum_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  create_linspace_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  create_stack_jaxpr: "`jnp.stack` traces to broadcast_in_dim and concatenate, JAX 0.10.2 to one `stack[axis=0]` equation",
  dbg_print_mean: "`jnp.mean` divides by the count exactly, XLA multiplies by its reciprocal: the float32 mean is 2.3333333 here, 2.3333335 in JAX",
  elem_clip_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  elem_round_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  elem_where_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  idx_argmax_pick: "integer arrays on several axes (`x[i, j]`) or float indices not in Python mode yet",
  idx_at_set_2d: "`x.at[...]` with a slice or several indices not in jaxplay yet",
  idx_at_set_slice: "`x.at[...]` with a slice or several indices not in jaxplay yet",
  idx_pairs_2d: "integer arrays on several axes (`x[i, j]`) or float indices not in Python mode yet",
  la_norm_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  la_solve_callback_check: "host NumPy `@` (matmul) not in jaxplay yet",
  nn_relu_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  rand_uniform_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  reduce_amax_alias: "`jnp.amax` not in jaxplay yet",
  sort_argsort_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  sort_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
  sort_median_percentile: "`jnp.median`, `jnp.percentile` not in jaxplay yet",
  sort_unique: "`jnp.unique` not in jaxplay yet",
  tr_debug_print_jaxpr: "`jax.debug.print` is a `debug_callback` equation here, JAX 0.10.2 prints a `debug_print` primitive",
  tr_hessian: "`jax.hessian` not in Python mode yet",
  tr_jit_callback_jaxpr: "make_jaxpr inlines a function JAX wraps in a nested jit (jnp.clip, jnp.where, jnp.round, jnp.sort, jnp.linspace, jax.nn.relu, jax.random.uniform, an @jax.jit f, ...), JAX shows a `jit[name=...]` equation",
};

const modules = makeModules();
const MODULE_OF = { 'jax.numpy': 'jnp' };

/** Whether `jnp.argmax` (as Python mode names it in its message) is still missing. */
function stillMissing(name) {
  const dot = name.lastIndexOf('.');
  const [mod, attr] = [name.slice(0, dot), name.slice(dot + 1)];
  const module = Object.values(modules).find((m) => (MODULE_OF[m.name] ?? m.name) === mod);
  return Boolean(module && Object.hasOwn(module.missing, attr));
}

/** The missing names a reason lists, and its other phrases. */
function parseReason(reason) {
  const names = [];
  const phrases = [];
  for (const part of reason.split('; ')) {
    const m = /^((?:`[\w.]+`(?:, )?)+) not in jaxplay yet$/.exec(part);
    if (m) names.push(...[...m[1].matchAll(/`([\w.]+)`/g)].map((x) => x[1]));
    else phrases.push(part);
  }
  return { names, phrases };
}

/** Asserts program `id` fails the way its KNOWN_GAPS reason says. */
function assertKnownGap(id, failure) {
  const { names, phrases } = parseReason(KNOWN_GAPS[id]);
  for (const p of phrases) assert.ok(phrasePattern(p), `${id}: the phrase "${p}" is neither in FAILS nor a derived phrase`);
  for (const n of names) assert.ok(stillMissing(n), `${id}: \`${n}\` is in jaxplay now: update this program's KNOWN_GAPS reason`);
  const byName = names.some((n) => failure.includes(`NotImplementedError: \`${n}\` is not in jaxplay yet`) || failure.includes(`(\`${n}\`) is not in jaxplay yet`));
  const byPhrase = phrases.some((p) => phrasePattern(p).test(failure));
  assert.ok(byName || byPhrase, `${id} fails differently from its KNOWN_GAPS reason (${KNOWN_GAPS[id]}): ${failure}`);
}

/** The missing names a program's source uses, for a suggested reason (as Python mode words them). */
function missingNamesIn(source) {
  const alias = [['jnp.linalg.', 'jax.numpy.linalg.'], ['jax.numpy.linalg.', 'jax.numpy.linalg.'], ['jax.numpy.', 'jnp.'], ['lax.', 'jax.lax.']];
  const found = new Set();
  for (const m of source.matchAll(/\b((?:jax\.)?(?:jnp\.linalg|jax\.numpy\.linalg|jnp|numpy|nn|random|scipy\.special|lax))\.(\w+)/g)) {
    let name = `${m[1]}.${m[2]}`;
    if (!name.startsWith('jax.') && !name.startsWith('jnp.') && !name.startsWith('lax.')) continue;
    const a = alias.find(([from]) => name.startsWith(from));
    if (a) name = a[1] + name.slice(a[0].length);
    if (stillMissing(name)) found.add(name);
  }
  for (const [op, name] of OPERATORS) if (op.test(source) && stillMissing(name)) found.add(name);
  return [...found];
}

const outcomes = new Map();
const suggestions = new Map();

for (const id of programIds) {
  test(`${id} [api program]`, async () => {
    let failure = null;
    try {
      await runProgram(id);
    } catch (e) {
      failure = e.message;
    }
    if (id in KNOWN_GAPS) {
      assert.ok(failure, `${id} now matches JAX: remove it from KNOWN_GAPS (${KNOWN_GAPS[id]})`);
      assertKnownGap(id, failure);
      outcomes.set(id, 'gap');
      return;
    }
    if (failure) {
      const { programs } = await import('./api_programs_runner.mjs');
      const names = missingNamesIn(programs.cases[id].source);
      const phrases = Object.keys(FAILS).filter((p) => FAILS[p].test(failure) || SOURCE_NEEDS[p]?.test(programs.cases[id].source));
      const raised = /^raised (\w+): [\s\S]*\(JAX: (\w+): /.exec(failure);
      if (raised && !phrases.length && !/is not in jaxplay yet/.test(failure)) {
        phrases.push(raised[1] === raised[2] ? 'words the message differently from JAX' : `raises ${raised[1]}, JAX ${raised[2]}`);
      }
      const suggestion = [names.length ? `${names.map((n) => `\`${n}\``).join(', ')} not in jaxplay yet` : null, ...phrases].filter(Boolean).join('; ');
      outcomes.set(id, `fail: ${failure.split('\n')[0]}`);
      if (suggestion) suggestions.set(id, suggestion);
      assert.fail(failure);
    }
    outcomes.set(id, 'pass');
  });
}

test('every phrase of FAILS is the reason of some known gap', () => {
  const used = new Set(Object.values(KNOWN_GAPS).flatMap((r) => parseReason(r).phrases));
  assert.deepEqual(Object.keys(FAILS).filter((p) => !used.has(p)), []);
});

after(() => {
  const pass = [...outcomes.values()].filter((o) => o === 'pass').length;
  const gaps = Object.keys(KNOWN_GAPS).length;
  console.log(`api programs: ${pass}/${programIds.length} run from Python source and match (${gaps} known gaps)`);
  for (const [id, o] of outcomes) if (o.startsWith('fail')) console.log(`  ${id}: ${o}`);
  if (suggestions.size) {
    console.log('KNOWN_GAPS entries these failures suggest (check them first):');
    for (const [id, s] of suggestions) console.log(`  ${id}: ${JSON.stringify(s)},`);
  }
});
