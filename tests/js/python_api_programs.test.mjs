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
  'integer-array indexing `x[idx]` not in Python mode yet': /only integers, slices \(`:`\) and None are valid indices/,
  '`x.at[...]` updates not in jaxplay yet': /does not have `x\.at\[\.\.\.\]` updates yet/,
  'indexing with a traced integer not in jaxplay yet': /ConcretizationTypeError: Abstract tracer value encountered/,
  '`from jax.nn import sigmoid` not in Python mode yet': /cannot import name 'sigmoid' from 'jax\.nn'/,
  '`jax.hessian` not in Python mode yet': /module 'jax' has no attribute 'hessian'/,
  'host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet': /'ndarray' object has no attribute '(argsort|cumsum)'/,
  'host NumPy `sum(keepdims=True)` ignores keepdims': /Incorrect output shape for return value #0 of `host`: Expected: \(1,\), Actual: \(\)/,
  '`jnp.full(shape, 7)` is not weak-typed (JAX: int32 weak_type=True)': /out\[1\]: weak_type false instead of true/,
  '`jax.debug.print` of a 0-d float32 with `{}` prints 2.3333333, JAX the float64 repr 2.3333334922790527': /printed output[\s\S]*2\.3333333\\n/,
  'make_jaxpr inlines a jitted function (jnp.sort, jnp.argsort, jnp.cumsum or an @jax.jit f), JAX shows a `jit[name=...]` equation': /^jaxpr[\s\S]*- '[^\n]*= jit\[name=/,
  '`jax.random.uniform` traces inline and clamps with lt and select_n, JAX calls a jitted `_uniform` that clamps with max': /^jaxpr[\s\S]*\+ '[^\n]*select_n[\s\S]*- '[^\n]* max [^\n]*jit\[name=_uniform/,
  '`jnp.stack` traces to broadcast_in_dim and concatenate, JAX 0.10.2 to one `stack[axis=0]` equation': /^jaxpr[\s\S]*= stack\[axis=0\]/,
  'JAX prints the reduce_sum axes of vmap as `(np.int64(1),)`, jaxplay `(1,)`': /^jaxpr[\s\S]*axes=\(np\.int64\(1\),\)/,
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
  '`x.at[...]` updates not in jaxplay yet': /\.at\[/,
};

/** Programs Python mode cannot match yet: id -> reason (phrases of FAILS, or missing names). */
export const KNOWN_GAPS = {
  reduce_std_var: '`jnp.std` not in jaxplay yet',
  reduce_amax_alias: '`jnp.amax` not in jaxplay yet',
  elem_abs_callback_compare: '`jnp.abs`, `jnp.array_equal` not in jaxplay yet',
  elem_tanh_callback_compare: '`jnp.linspace`, `jnp.allclose`, `jnp.tanh` not in jaxplay yet',
  elem_tanh_values: '`jnp.tanh` not in jaxplay yet',
  elem_sqrt_vs_pow: '`jnp.sqrt`, `jnp.allclose`, `jnp.power` not in jaxplay yet',
  elem_pow_int: '`jnp.power` not in jaxplay yet',
  elem_clip_after_callback: '`jnp.clip` not in jaxplay yet',
  elem_clip_keywords: '`jnp.clip` not in jaxplay yet',
  elem_clip_int: '`jnp.clip` not in jaxplay yet',
  elem_round: '`jnp.round` not in jaxplay yet',
  elem_round_decimals: '`jnp.round` not in jaxplay yet',
  elem_where_relu: '`jnp.where` not in jaxplay yet',
  elem_where_scalar_branches: '`jnp.where` not in jaxplay yet',
  elem_where_int_float: '`jnp.where`, `jnp.remainder` not in jaxplay yet',
  elem_log1p_expm1: '`jnp.log1p`, `jnp.expm1` not in jaxplay yet',
  elem_sign_maximum: '`jnp.sign`, `jnp.maximum`, `jnp.minimum` not in jaxplay yet',
  elem_square_negative: '`jnp.square` not in jaxplay yet',
  elem_floor_ceil: '`jnp.floor`, `jnp.ceil` not in jaxplay yet',
  elem_sin_cos_identity: '`jnp.linspace`, `jnp.allclose`, `jnp.power` not in jaxplay yet',
  elem_exp_host_compare: '`jnp.abs` not in jaxplay yet',
  elem_isnan_nan_to_num: '`jnp.isnan`, `jnp.nan_to_num` not in jaxplay yet',
  elem_isfinite: '`jnp.isfinite` not in jaxplay yet',
  elem_mod_floor_divide: '`jnp.remainder`, `jnp.floor_divide` not in jaxplay yet',
  elem_logical: '`jnp.logical_and`, `jnp.logical_or` not in jaxplay yet',
  elem_power_float: '`jnp.power` not in jaxplay yet',
  elem_exp2_log2: '`jnp.exp2`, `jnp.log2` not in jaxplay yet',
  elem_tanh_jaxpr: '`jnp.abs`, `jnp.tanh` not in jaxplay yet',
  elem_clip_jaxpr: '`jnp.clip` not in jaxplay yet',
  elem_where_jaxpr: '`jnp.where` not in jaxplay yet',
  elem_sqrt_pow_jaxpr: '`jnp.sqrt`, `jnp.power` not in jaxplay yet',
  elem_round_jaxpr: '`jnp.round` not in jaxplay yet',
  create_linspace_callback: '`jnp.linspace` not in jaxplay yet',
  create_linspace_default_num: '`jnp.linspace` not in jaxplay yet',
  create_linspace_endpoint: '`jnp.linspace` not in jaxplay yet',
  create_linspace_int_bounds: '`jnp.linspace` not in jaxplay yet',
  create_stack_results: '`jnp.tanh` not in jaxplay yet',
  create_zeros_like_full: '`jnp.full(shape, 7)` is not weak-typed (JAX: int32 weak_type=True)',
  create_meshgrid: '`jnp.meshgrid` not in jaxplay yet',
  create_linspace_jaxpr: '`jnp.linspace` not in jaxplay yet',
  create_stack_jaxpr: '`jnp.stack` traces to broadcast_in_dim and concatenate, JAX 0.10.2 to one `stack[axis=0]` equation',
  create_cumsum_jaxpr: 'make_jaxpr inlines a jitted function (jnp.sort, jnp.argsort, jnp.cumsum or an @jax.jit f), JAX shows a `jit[name=...]` equation',
  nn_sigmoid_three_ways: '`jax.nn.sigmoid`, `jax.scipy.special.expit`, `jnp.allclose` not in jaxplay yet',
  nn_sigmoid_values: '`jax.nn.sigmoid` not in jaxplay yet',
  nn_expit_values: '`jax.scipy.special.expit` not in jaxplay yet',
  nn_sigmoid_max_error: '`jnp.linspace`, `jnp.abs`, `jax.nn.sigmoid` not in jaxplay yet',
  nn_relu: '`jax.nn.relu`, `jnp.array_equal` not in jaxplay yet',
  nn_relu_int: '`jax.nn.relu` not in jaxplay yet',
  nn_softmax: '`jax.nn.softmax` not in jaxplay yet',
  nn_softmax_axis: '`jax.nn.softmax` not in jaxplay yet',
  nn_softmax_host_compare: '`jnp.allclose`, `jax.nn.softmax` not in jaxplay yet',
  nn_log_softmax: '`jax.nn.log_softmax`, `jnp.allclose`, `jax.nn.softmax` not in jaxplay yet',
  nn_logsumexp: '`jax.scipy.special.logsumexp` not in jaxplay yet',
  nn_logsumexp_axis: '`jax.scipy.special.logsumexp` not in jaxplay yet',
  nn_logsumexp_host_compare: '`jnp.allclose`, `jax.scipy.special.logsumexp` not in jaxplay yet',
  nn_gelu: '`jax.nn.gelu` not in jaxplay yet',
  nn_silu_softplus: '`jax.nn.silu`, `jax.nn.softplus` not in jaxplay yet',
  nn_one_hot: '`jax.nn.one_hot`, `jnp.remainder` not in jaxplay yet',
  nn_leaky_relu_elu: '`jax.nn.leaky_relu`, `jax.nn.elu` not in jaxplay yet',
  nn_sigmoid_grad: '`jax.nn.sigmoid`, `jnp.allclose` not in jaxplay yet',
  nn_relu_grad: '`jax.nn.relu` not in jaxplay yet',
  nn_softmax_jit: '`jax.nn.softmax` not in jaxplay yet',
  nn_sigmoid_jaxpr: '`jax.nn.sigmoid` not in jaxplay yet',
  nn_relu_jaxpr: '`jax.nn.relu` not in jaxplay yet',
  nn_expit_jaxpr: '`jax.scipy.special.expit` not in jaxplay yet',
  nn_softmax_jaxpr: '`jax.nn.softmax` not in jaxplay yet',
  nn_sigmoid_from_import: '`jnp.array_equal` not in jaxplay yet; `from jax.nn import sigmoid` not in Python mode yet',
  nn_erf: '`jax.scipy.special.erf` not in jaxplay yet',
  nn_standardize_like: '`jnp.std` not in jaxplay yet',
  rand_normal_stats: '`jnp.abs` not in jaxplay yet',
  rand_normal_to_callback: '`jnp.array_equal`, `jnp.clip` not in jaxplay yet',
  rand_bernoulli_mask: '`jnp.where` not in jaxplay yet',
  rand_shuffle_rows_by_perm: 'integer-array indexing `x[idx]` not in Python mode yet',
  rand_truncated_normal: '`jax.random.truncated_normal`, `jnp.abs` not in jaxplay yet',
  rand_uniform_jaxpr: '`jax.random.uniform` traces inline and clamps with lt and select_n, JAX calls a jitted `_uniform` that clamps with max',
  la_dot_matrices: '`jnp.array_equal` not in jaxplay yet',
  la_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_norm_axis: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_norm_host_compare: '`jax.numpy.linalg.norm`, `jnp.power` not in jaxplay yet',
  la_norm_ord: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_inv: '`jnp.round`, `jax.numpy.linalg.inv` not in jaxplay yet',
  la_inv_identity: '`jnp.allclose`, `jax.numpy.linalg.inv` not in jaxplay yet',
  la_det: '`jax.numpy.linalg.det` not in jaxplay yet',
  la_solve: '`jax.numpy.linalg.solve` not in jaxplay yet',
  la_solve_callback_check: '`jax.numpy.linalg.solve` not in jaxplay yet',
  la_trace_diag: '`jnp.diag` not in jaxplay yet',
  la_matmul_jit_grad: '`jnp.power` not in jaxplay yet',
  la_norm_jaxpr: '`jax.numpy.linalg.norm` not in jaxplay yet',
  idx_int_array: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_int_list: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_rows_2d: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_pairs_2d: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_negative: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_argmax_pick: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_at_set: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add_repeated: '`x.at[...]` updates not in jaxplay yet',
  idx_at_mul_min: '`x.at[...]` updates not in jaxplay yet',
  idx_at_set_slice: '`x.at[...]` updates not in jaxplay yet',
  idx_at_set_2d: '`x.at[...]` updates not in jaxplay yet',
  idx_at_get: '`x.at[...]` updates not in jaxplay yet',
  idx_take: '`jnp.take` not in jaxplay yet',
  idx_take_along_axis: '`jnp.take_along_axis` not in jaxplay yet',
  idx_at_jit: '`x.at[...]` updates not in jaxplay yet',
  idx_gather_jaxpr: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_at_set_jaxpr: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add_grad: '`jnp.power` not in jaxplay yet; `x.at[...]` updates not in jaxplay yet',
  idx_dynamic_index: 'indexing with a traced integer not in jaxplay yet',
  sort_argsort: 'integer-array indexing `x[idx]` not in Python mode yet',
  sort_topk: '`jax.lax.top_k` not in jaxplay yet',
  sort_median_percentile: '`jnp.median`, `jnp.percentile` not in jaxplay yet',
  sort_unique: '`jnp.unique` not in jaxplay yet',
  sort_jaxpr: 'make_jaxpr inlines a jitted function (jnp.sort, jnp.argsort, jnp.cumsum or an @jax.jit f), JAX shows a `jit[name=...]` equation',
  sort_argsort_jaxpr: 'make_jaxpr inlines a jitted function (jnp.sort, jnp.argsort, jnp.cumsum or an @jax.jit f), JAX shows a `jit[name=...]` equation',
  tr_grad_native_with_debug_print: '`jnp.tanh`, `jnp.power` not in jaxplay yet',
  tr_grad_sigmoid_sum: '`jax.nn.sigmoid` not in jaxplay yet',
  tr_vmap_callback_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  tr_vmap_broadcast_all: '`jax.nn.softmax` not in jaxplay yet',
  tr_vmap_where: '`jnp.where` not in jaxplay yet',
  tr_grad_of_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  tr_grad_logsumexp_is_softmax: '`jax.scipy.special.logsumexp`, `jnp.allclose`, `jax.nn.softmax` not in jaxplay yet',
  tr_value_and_grad: '`jnp.power` not in jaxplay yet',
  tr_grad_clip: '`jnp.clip` not in jaxplay yet',
  tr_grad_abs: '`jnp.abs` not in jaxplay yet',
  tr_grad_sqrt_pow: '`jnp.sqrt`, `jnp.power` not in jaxplay yet',
  tr_grad_where: '`jnp.where`, `jnp.power` not in jaxplay yet',
  tr_grad_mean_keepdims: '`jnp.power` not in jaxplay yet',
  tr_grad_tanh_jaxpr: '`jnp.tanh` not in jaxplay yet',
  tr_grad_sum_sq_jaxpr: '`jnp.power` not in jaxplay yet',
  tr_jit_callback_jaxpr: 'make_jaxpr inlines a jitted function (jnp.sort, jnp.argsort, jnp.cumsum or an @jax.jit f), JAX shows a `jit[name=...]` equation',
  tr_vmap_jaxpr: 'JAX prints the reduce_sum axes of vmap as `(np.int64(1),)`, jaxplay `(1,)`',
  tr_debug_print_jaxpr: '`jnp.abs` not in jaxplay yet',
  tr_jvp_tanh: '`jnp.tanh` not in jaxplay yet',
  tr_jacobian_softmax: '`jax.nn.softmax` not in jaxplay yet',
  tr_hessian: '`jnp.power` not in jaxplay yet; `jax.hessian` not in Python mode yet',
  tr_scan_cumsum_compare: '`jnp.array_equal` not in jaxplay yet',
  tr_cond_sign: '`jnp.sqrt`, `jnp.abs` not in jaxplay yet',
  dbg_print_mean: '`jax.debug.print` of a 0-d float32 with `{}` prints 2.3333333, JAX the float64 repr 2.3333334922790527',
  dbg_print_format_spec: '`jax.numpy.linalg.norm` not in jaxplay yet',
  dbg_print_array: '`jnp.linspace` not in jaxplay yet',
  dbg_print_sigmoid: '`jax.nn.sigmoid` not in jaxplay yet',
  dbg_print_grad: '`jnp.power` not in jaxplay yet',
  cb_int_result_index: '`jnp.array_equal` not in jaxplay yet; host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet',
  cb_keyword_spec: '`jnp.sqrt`, `jnp.power` not in jaxplay yet',
  cb_pure_in_jit_with_linspace: '`jnp.linspace` not in jaxplay yet',
  cb_host_uses_float64: '`jnp.allclose` not in jaxplay yet; host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet',
  cb_vmap_host_keepdims: 'host NumPy `sum(keepdims=True)` ignores keepdims',
  bad_argmax_axis_out_of_range: 'raises ValueError, JAX IndexError (tuple index out of range, an accident of its implementation)',
  bad_softmax_axis: '`jax.nn.softmax` not in jaxplay yet',
  bad_random_float_key: 'raises ValueError, JAX TypeError',
  bad_random_float_array_key: 'raises ValueError, JAX TypeError',
  bad_random_int_seed_as_key: 'raises ValueError, JAX TypeError',
  bad_prngkey_float: 'raises ValueError, JAX TypeError',
  bad_inv_vector: '`jax.numpy.linalg.inv` not in jaxplay yet',
  bad_inv_nonsquare: '`jax.numpy.linalg.inv` not in jaxplay yet',
  bad_solve_shapes: '`jax.numpy.linalg.solve` not in jaxplay yet',
  bad_matmul_shapes: 'raises ValueError, JAX TypeError',
  bad_dot_shapes: 'raises ValueError, JAX TypeError',
  bad_concatenate_ranks: 'raises ValueError, JAX TypeError',
  bad_stack_shapes: 'words the message differently from JAX (without the shapes JAX lists)',
  bad_concatenate_not_list: 'raises TypeError, JAX ValueError (jaxplay reads the second array as `axis`)',
  bad_where_one_arg_jit: '`jnp.where` not in jaxplay yet',
  bad_linspace_missing_stop: '`jnp.linspace` not in jaxplay yet',
  bad_clip_too_many: '`jnp.clip` not in jaxplay yet',
  bad_tanh_two_args: '`jnp.tanh` not in jaxplay yet',
  bad_sqrt_no_args: '`jnp.sqrt` not in jaxplay yet',
  bad_reshape_size: 'raises ValueError, JAX TypeError',
  bad_index_out_of_bounds_at: '`x.at[...]` updates not in jaxplay yet',
  bad_index_float_array: 'integer-array indexing `x[idx]` not in Python mode yet',
  bad_grad_int_input: '`jnp.power` not in jaxplay yet; words the message differently from JAX (without its advice to set allow_int)',
  bad_grad_nonscalar: '`jnp.tanh` not in jaxplay yet',
  bad_vmap_axis_sizes: 'words the message differently from JAX (the sizes 2 and 3, not a line per argument)',
  bad_relu_keyword: '`jax.nn.relu` not in jaxplay yet',
  bad_logsumexp_keepdim: '`jax.scipy.special.logsumexp` not in jaxplay yet',
  bad_norm_ord_string: '`jax.numpy.linalg.norm` not in jaxplay yet',
  bad_split_float_num: 'words the message differently from JAX (jaxplay: Shapes must be 1D sequences of concrete values of integer type)',
  bad_argsort_kind: 'raises NotImplementedError, JAX TypeError',
  bad_one_hot_float: '`jax.nn.one_hot` not in jaxplay yet',
  bad_uniform_minval_order: 'words the message differently from JAX (jaxplay: uniform requires ndarray or scalar arguments)',
  bad_det_vector: '`jax.numpy.linalg.det` not in jaxplay yet',
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
