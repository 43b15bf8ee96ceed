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
 * by '; ': `jnp.argmax`, `jax.nn.relu` not in jaxplay yet (each name must still be missing, and
 * the program fails saying one of them is not in jaxplay yet), or a phrase of this table (the
 * program fails as its pattern says).
 */
const FAILS = {
  '`@` (matrix product) not in Python mode yet': /does not support the matrix product `@`/,
  '`**` with a non-integer power not in jaxplay yet': /does not have `\*\*` on arrays yet/,
  '`%` on arrays not in jaxplay yet': /does not have `%` on arrays yet/,
  'integer-array indexing `x[idx]` not in Python mode yet': /only integers, slices \(`:`\) and None are valid indices/,
  '`x.at[...]` updates not in jaxplay yet': /does not have `x\.at\[\.\.\.\]` updates yet/,
  'indexing with a traced integer not in jaxplay yet': /ConcretizationTypeError: Abstract tracer value encountered/,
  'array methods `.max()`/`.argmax()` not in Python mode yet': /'ArrayImpl' object has no attribute '(max|argmax)'/,
  '`x.sum(axis, keepdims=True)` method ignores keepdims': /out: shape \(3\) instead of \(1,3\)/,
  '`from jax.nn import sigmoid` not in Python mode yet': /cannot import name 'sigmoid' from 'jax\.nn'/,
  '`jax.hessian` not in Python mode yet': /module 'jax' has no attribute 'hessian'/,
  'host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet': /'ndarray' object has no attribute '(argsort|cumsum)'/,
  'host NumPy `sum(keepdims=True)` ignores keepdims': /Incorrect output shape for return value #0 of `host`: Expected: \(1,\), Actual: \(\)/,
  '`jnp.full(shape, 7)` is not weak-typed (JAX: int32 weak_type=True)': /out\[1\]: weak_type false instead of true/,
  '`jax.debug.print` of a 0-d float32 with `{}` prints 2.3333333, JAX the float64 repr 2.3333334922790527': /printed output[\s\S]*2\.3333333\\n/,
  '`x ** 2` traces to `mul a a`, JAX to `integer_pow[y=2]`': /jaxpr[\s\S]*mul a a/,
  'make_jaxpr of a jitted function inlines it, JAX shows a `jit[name=f jaxpr=...]` equation': /jaxpr[\s\S]*- '\{ lambda ; a:f32\[2,3\]\. let b:f32\[2\] = jit\[name=f/,
  'JAX prints the reduce_sum axes of vmap as `(np.int64(1),)`, jaxplay `(1,)`': /jaxpr[\s\S]*axes=\(np\.int64\(1\),\)/,
  'grad of an int input: jaxplay\'s message lacks JAX\'s advice to set allow_int to True': /use vjp\. \(JAX: TypeError: .* use vjp or set allow_int to True\.\)/,
  'reshape to the wrong size raises ValueError, JAX TypeError': /raised ValueError: reshape: cannot reshape array of shape \(6,\)/,
  'vmap of mismatched axis sizes words the sizes differently from JAX': /raised ValueError: vmap got inconsistent sizes for the array axes to be mapped: 2 and 3/,
};

/** Phrases of FAILS a program's source shows it needs, for a suggested reason. */
const SOURCE_NEEDS = {
  '`@` (matrix product) not in Python mode yet': /[\w)\]] @ [\w(]/,
  '`**` with a non-integer power not in jaxplay yet': /\*\* 0\.\d/,
  '`x.at[...]` updates not in jaxplay yet': /\.at\[/,
};

/** Programs Python mode cannot match yet: id -> reason (phrases of FAILS, or missing names). */
export const KNOWN_GAPS = {
  reduce_max_after_callback: '`jnp.max` not in jaxplay yet',
  reduce_min_axis0: '`jnp.min` not in jaxplay yet',
  reduce_argmax_rows: '`jnp.argmax` not in jaxplay yet',
  reduce_argmin_flat: '`jnp.argmin` not in jaxplay yet',
  reduce_argmax_keepdims: '`jnp.argmax` not in jaxplay yet',
  reduce_max_negative_axis: '`jnp.max` not in jaxplay yet',
  reduce_prod: '`jnp.prod` not in jaxplay yet',
  reduce_std_var: '`jnp.std`, `jnp.var` not in jaxplay yet',
  reduce_any_all: '`jnp.any`, `jnp.all` not in jaxplay yet',
  reduce_amax_alias: '`jnp.amax` not in jaxplay yet',
  reduce_method_max: 'array methods `.max()`/`.argmax()` not in Python mode yet',
  reduce_method_sum_keepdims: '`x.sum(axis, keepdims=True)` method ignores keepdims',
  reduce_method_argmax: 'array methods `.max()`/`.argmax()` not in Python mode yet',
  reduce_max_jit: '`jnp.max` not in jaxplay yet',
  reduce_count_nonzero: '`jnp.count_nonzero` not in jaxplay yet',
  reduce_max_initial_where: '`jnp.max` not in jaxplay yet',
  reduce_max_jaxpr: '`jnp.max` not in jaxplay yet',
  reduce_argmax_jaxpr: '`jnp.argmax` not in jaxplay yet',
  elem_abs_callback_compare: '`jnp.abs`, `jnp.array_equal` not in jaxplay yet',
  elem_tanh_callback_compare: '`jnp.linspace`, `jnp.allclose`, `jnp.tanh` not in jaxplay yet',
  elem_tanh_values: '`jnp.tanh` not in jaxplay yet',
  elem_sqrt_vs_pow: '`jnp.sqrt`, `jnp.allclose` not in jaxplay yet; `**` with a non-integer power not in jaxplay yet',
  elem_clip_after_callback: '`jnp.clip` not in jaxplay yet',
  elem_clip_keywords: '`jnp.clip` not in jaxplay yet',
  elem_clip_int: '`jnp.clip` not in jaxplay yet',
  elem_round: '`jnp.round` not in jaxplay yet',
  elem_round_decimals: '`jnp.round` not in jaxplay yet',
  elem_where_relu: '`jnp.where` not in jaxplay yet',
  elem_where_scalar_branches: '`jnp.where` not in jaxplay yet',
  elem_where_int_float: '`jnp.where` not in jaxplay yet',
  elem_log1p_expm1: '`jnp.log1p`, `jnp.expm1` not in jaxplay yet',
  elem_sign_maximum: '`jnp.sign`, `jnp.maximum`, `jnp.minimum` not in jaxplay yet',
  elem_square_negative: '`jnp.square` not in jaxplay yet',
  elem_floor_ceil: '`jnp.floor`, `jnp.ceil` not in jaxplay yet',
  elem_sin_cos_identity: '`jnp.linspace`, `jnp.allclose` not in jaxplay yet',
  elem_exp_host_compare: '`jnp.max`, `jnp.abs` not in jaxplay yet',
  elem_isnan_nan_to_num: '`jnp.isnan`, `jnp.nan_to_num` not in jaxplay yet',
  elem_isfinite: '`jnp.isfinite` not in jaxplay yet',
  elem_mod_floor_divide: '`%` on arrays not in jaxplay yet',
  elem_logical: '`jnp.logical_and`, `jnp.logical_or` not in jaxplay yet',
  elem_power_float: '`jnp.power` not in jaxplay yet',
  elem_exp2_log2: '`jnp.exp2`, `jnp.log2` not in jaxplay yet',
  elem_tanh_jaxpr: '`jnp.abs`, `jnp.tanh` not in jaxplay yet',
  elem_clip_jaxpr: '`jnp.clip` not in jaxplay yet',
  elem_where_jaxpr: '`jnp.where` not in jaxplay yet',
  elem_sqrt_pow_jaxpr: '`jnp.sqrt` not in jaxplay yet; `**` with a non-integer power not in jaxplay yet',
  elem_round_jaxpr: '`jnp.round` not in jaxplay yet',
  create_linspace_callback: '`jnp.linspace` not in jaxplay yet',
  create_linspace_default_num: '`jnp.linspace` not in jaxplay yet',
  create_linspace_endpoint: '`jnp.linspace` not in jaxplay yet',
  create_linspace_int_bounds: '`jnp.linspace` not in jaxplay yet',
  create_stack_results: '`jnp.stack`, `jnp.tanh` not in jaxplay yet',
  create_stack_axis1: '`jnp.stack` not in jaxplay yet',
  create_concatenate: '`jnp.concatenate` not in jaxplay yet',
  create_concatenate_axis1: '`jnp.concatenate` not in jaxplay yet',
  create_hstack_vstack: '`jnp.hstack`, `jnp.vstack` not in jaxplay yet',
  create_cumsum_callback: '`jnp.cumsum` not in jaxplay yet',
  create_cumsum_axis: '`jnp.cumsum` not in jaxplay yet',
  create_cumprod: '`jnp.cumprod` not in jaxplay yet',
  create_zeros_like_full: '`jnp.full(shape, 7)` is not weak-typed (JAX: int32 weak_type=True)',
  create_tile_repeat: '`jnp.tile`, `jnp.repeat` not in jaxplay yet',
  create_outer: '`jnp.outer` not in jaxplay yet',
  create_meshgrid: '`jnp.meshgrid` not in jaxplay yet',
  create_diff: '`jnp.diff` not in jaxplay yet',
  create_linspace_jaxpr: '`jnp.linspace` not in jaxplay yet',
  create_concat_jaxpr: '`jnp.concatenate` not in jaxplay yet',
  create_stack_jaxpr: '`jnp.stack` not in jaxplay yet',
  create_cumsum_jaxpr: '`jnp.cumsum` not in jaxplay yet',
  nn_sigmoid_three_ways: '`jax.nn.sigmoid`, `jax.scipy.special.expit`, `jnp.allclose` not in jaxplay yet',
  nn_sigmoid_values: '`jax.nn.sigmoid` not in jaxplay yet',
  nn_expit_values: '`jax.scipy.special.expit` not in jaxplay yet',
  nn_sigmoid_max_error: '`jnp.linspace`, `jnp.max`, `jnp.abs`, `jax.nn.sigmoid` not in jaxplay yet',
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
  nn_one_hot: '`jax.nn.one_hot` not in jaxplay yet',
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
  rand_key: '`jax.random.PRNGKey` not in jaxplay yet',
  rand_key_42: '`jax.random.PRNGKey` not in jaxplay yet',
  rand_split: '`jax.random.PRNGKey`, `jax.random.split` not in jaxplay yet',
  rand_split_num: '`jax.random.split`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_uniform: '`jax.random.uniform`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_uniform_minmax: '`jax.random.uniform`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_normal: '`jax.random.normal`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_normal_stats: '`jax.random.normal`, `jax.random.PRNGKey`, `jnp.abs` not in jaxplay yet',
  rand_normal_to_callback: '`jax.random.normal`, `jax.random.PRNGKey`, `jnp.array_equal`, `jnp.clip` not in jaxplay yet',
  rand_randint: '`jax.random.randint`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_randint_callback: '`jax.random.randint`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_bernoulli: '`jax.random.bernoulli`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_bernoulli_mask: '`jax.random.PRNGKey`, `jax.random.bernoulli`, `jnp.where` not in jaxplay yet',
  rand_permutation: '`jax.random.permutation`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_permutation_array: '`jax.random.permutation`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_choice: '`jax.random.choice`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_shuffle_rows_by_perm: '`jax.random.permutation`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_split_loop: '`jax.random.PRNGKey`, `jax.random.split`, `jax.random.uniform`, `jnp.stack` not in jaxplay yet',
  rand_fold_in: '`jax.random.fold_in`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_key_new_style: '`jax.random.key`, `jax.random.key_data` not in jaxplay yet',
  rand_normal_jit_callback: '`jax.random.normal`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_io_callback_log: '`jax.random.uniform`, `jax.random.PRNGKey` not in jaxplay yet',
  rand_truncated_normal: '`jax.random.truncated_normal`, `jax.random.PRNGKey`, `jnp.all`, `jnp.abs` not in jaxplay yet',
  rand_uniform_jaxpr: '`jax.random.PRNGKey`, `jax.random.uniform` not in jaxplay yet',
  rand_split_jaxpr: '`jax.random.PRNGKey`, `jax.random.split` not in jaxplay yet',
  la_matmul_callback: '`@` (matrix product) not in Python mode yet',
  la_matmul_vec: '`@` (matrix product) not in Python mode yet',
  la_dot_vectors: '`jnp.dot` not in jaxplay yet',
  la_dot_matrices: '`jnp.dot`, `jnp.array_equal` not in jaxplay yet; `@` (matrix product) not in Python mode yet',
  la_dot_int: '`jnp.dot` not in jaxplay yet',
  la_matmul_func: '`jnp.matmul` not in jaxplay yet',
  la_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_norm_axis: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_norm_host_compare: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_norm_ord: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_inv: '`jnp.round`, `jax.numpy.linalg.inv` not in jaxplay yet',
  la_inv_identity: '`jnp.allclose`, `jax.numpy.linalg.inv` not in jaxplay yet; `@` (matrix product) not in Python mode yet',
  la_det: '`jax.numpy.linalg.det` not in jaxplay yet',
  la_solve: '`jax.numpy.linalg.solve` not in jaxplay yet',
  la_solve_callback_check: '`jax.numpy.linalg.solve` not in jaxplay yet; `@` (matrix product) not in Python mode yet',
  la_transpose_T: '`@` (matrix product) not in Python mode yet',
  la_trace_diag: '`jnp.trace`, `jnp.diag` not in jaxplay yet',
  la_matmul_jit_grad: '`@` (matrix product) not in Python mode yet',
  la_matmul_jaxpr: '`@` (matrix product) not in Python mode yet',
  la_dot_jaxpr: '`jnp.dot` not in jaxplay yet',
  la_norm_jaxpr: '`jax.numpy.linalg.norm` not in jaxplay yet',
  la_vdot_inner: '`jnp.vdot`, `jnp.inner` not in jaxplay yet',
  idx_int_array: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_int_list: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_rows_2d: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_pairs_2d: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_negative: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_argmax_pick: '`jnp.argmax` not in jaxplay yet',
  idx_at_set: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add_repeated: '`x.at[...]` updates not in jaxplay yet',
  idx_at_mul_min: '`x.at[...]` updates not in jaxplay yet',
  idx_at_set_slice: '`x.at[...]` updates not in jaxplay yet',
  idx_at_set_2d: '`x.at[...]` updates not in jaxplay yet',
  idx_at_get: '`x.at[...]` updates not in jaxplay yet',
  idx_take: '`jnp.take` not in jaxplay yet',
  idx_take_along_axis: '`jnp.take_along_axis`, `jnp.argsort` not in jaxplay yet',
  idx_at_jit: '`x.at[...]` updates not in jaxplay yet',
  idx_gather_jaxpr: 'integer-array indexing `x[idx]` not in Python mode yet',
  idx_at_set_jaxpr: '`x.at[...]` updates not in jaxplay yet',
  idx_at_add_grad: '`x.at[...]` updates not in jaxplay yet',
  idx_dynamic_index: 'indexing with a traced integer not in jaxplay yet',
  sort_callback_result: '`jnp.sort` not in jaxplay yet',
  sort_argsort: '`jnp.argsort` not in jaxplay yet',
  sort_descending: '`jnp.sort` not in jaxplay yet',
  sort_axis0: '`jnp.sort` not in jaxplay yet',
  sort_argsort_stable: '`jnp.argsort` not in jaxplay yet',
  sort_topk: '`jax.lax.top_k` not in jaxplay yet',
  sort_median_percentile: '`jnp.median`, `jnp.percentile` not in jaxplay yet',
  sort_unique: '`jnp.unique` not in jaxplay yet',
  sort_jit: '`jnp.sort` not in jaxplay yet',
  sort_jaxpr: '`jnp.sort` not in jaxplay yet',
  sort_argsort_jaxpr: '`jnp.argsort` not in jaxplay yet',
  tr_grad_native_with_debug_print: '`jnp.tanh` not in jaxplay yet',
  tr_grad_sigmoid_sum: '`jax.nn.sigmoid` not in jaxplay yet; `@` (matrix product) not in Python mode yet',
  tr_vmap_callback_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  tr_vmap_expand_dims: '`jnp.max` not in jaxplay yet',
  tr_vmap_broadcast_all: '`jax.nn.softmax` not in jaxplay yet',
  tr_vmap_argmax: '`jnp.argmax` not in jaxplay yet',
  tr_vmap_dot: '`jnp.dot` not in jaxplay yet',
  tr_vmap_where: '`jnp.where` not in jaxplay yet',
  tr_vmap_random_keys: '`jax.random.split`, `jax.random.PRNGKey`, `jax.random.uniform` not in jaxplay yet',
  tr_jit_static_argnums: '`jnp.max` not in jaxplay yet',
  tr_jit_debug_print_shapes: '`jnp.max`, `jnp.argmax` not in jaxplay yet',
  tr_grad_of_norm: '`jax.numpy.linalg.norm` not in jaxplay yet',
  tr_grad_logsumexp_is_softmax: '`jax.scipy.special.logsumexp`, `jnp.allclose`, `jax.nn.softmax` not in jaxplay yet',
  tr_grad_clip: '`jnp.clip` not in jaxplay yet',
  tr_grad_abs: '`jnp.abs` not in jaxplay yet',
  tr_grad_max: '`jnp.max` not in jaxplay yet',
  tr_grad_sqrt_pow: '`jnp.sqrt` not in jaxplay yet; `**` with a non-integer power not in jaxplay yet',
  tr_grad_where: '`jnp.where` not in jaxplay yet',
  tr_grad_tanh_jaxpr: '`jnp.tanh` not in jaxplay yet',
  tr_grad_sum_sq_jaxpr: '`x ** 2` traces to `mul a a`, JAX to `integer_pow[y=2]`',
  tr_jit_callback_jaxpr: 'make_jaxpr of a jitted function inlines it, JAX shows a `jit[name=f jaxpr=...]` equation',
  tr_vmap_jaxpr: 'JAX prints the reduce_sum axes of vmap as `(np.int64(1),)`, jaxplay `(1,)`',
  tr_io_callback_jit_order: '`jnp.max`, `jnp.min` not in jaxplay yet',
  tr_io_callback_jaxpr: '`jnp.max` not in jaxplay yet',
  tr_debug_print_jaxpr: '`jnp.abs` not in jaxplay yet',
  tr_jvp_tanh: '`jnp.tanh` not in jaxplay yet',
  tr_jacobian_softmax: '`jax.nn.softmax` not in jaxplay yet',
  tr_hessian: '`jax.hessian` not in Python mode yet',
  tr_scan_cumsum_compare: '`jnp.array_equal`, `jnp.cumsum` not in jaxplay yet',
  tr_cond_sign: '`jnp.sqrt`, `jnp.abs` not in jaxplay yet',
  dbg_print_mean: '`jax.debug.print` of a 0-d float32 with `{}` prints 2.3333333, JAX the float64 repr 2.3333334922790527',
  dbg_print_format_spec: '`jax.numpy.linalg.norm` not in jaxplay yet',
  dbg_print_array: '`jnp.linspace` not in jaxplay yet',
  dbg_print_int_array: '`jnp.argsort` not in jaxplay yet',
  dbg_print_bool: '`jnp.any` not in jaxplay yet',
  dbg_print_random: '`jax.random.uniform`, `jax.random.PRNGKey` not in jaxplay yet',
  dbg_print_ordered: '`jnp.min`, `jnp.max` not in jaxplay yet',
  dbg_print_sigmoid: '`jax.nn.sigmoid` not in jaxplay yet',
  dbg_print_two_args: '`jnp.min`, `jnp.max` not in jaxplay yet',
  dbg_callback_collect: '`jnp.max` not in jaxplay yet',
  cb_int_result_index: '`jnp.array_equal`, `jnp.argsort` not in jaxplay yet; host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet',
  cb_two_args: '`jnp.dot` not in jaxplay yet',
  cb_shape_change: '`jnp.cumsum` not in jaxplay yet',
  cb_keyword_spec: '`jnp.sqrt` not in jaxplay yet',
  cb_pure_in_jit_with_linspace: '`jnp.linspace` not in jaxplay yet',
  cb_tree_result: '`jnp.stack` not in jaxplay yet',
  cb_host_uses_float64: '`jnp.allclose`, `jnp.cumsum` not in jaxplay yet; host NumPy `ndarray.argsort()`/`.cumsum()` not in jaxplay yet',
  cb_vmap_host_keepdims: 'host NumPy `sum(keepdims=True)` ignores keepdims',
  bad_max_axis_out_of_range: '`jnp.max` not in jaxplay yet',
  bad_argmax_axis_out_of_range: '`jnp.argmax` not in jaxplay yet',
  bad_softmax_axis: '`jax.nn.softmax` not in jaxplay yet',
  bad_random_float_key: '`jax.random.uniform` not in jaxplay yet',
  bad_random_float_array_key: '`jax.random.normal` not in jaxplay yet',
  bad_random_int_seed_as_key: '`jax.random.normal` not in jaxplay yet',
  bad_random_shape_int: '`jax.random.normal`, `jax.random.PRNGKey` not in jaxplay yet',
  bad_randint_missing_bounds: '`jax.random.randint`, `jax.random.PRNGKey` not in jaxplay yet',
  bad_prngkey_float: '`jax.random.PRNGKey` not in jaxplay yet',
  bad_inv_vector: '`jax.numpy.linalg.inv` not in jaxplay yet',
  bad_inv_nonsquare: '`jax.numpy.linalg.inv` not in jaxplay yet',
  bad_solve_shapes: '`jax.numpy.linalg.solve` not in jaxplay yet',
  bad_matmul_shapes: '`@` (matrix product) not in Python mode yet',
  bad_dot_shapes: '`jnp.dot` not in jaxplay yet',
  bad_concatenate_ranks: '`jnp.concatenate` not in jaxplay yet',
  bad_stack_shapes: '`jnp.stack` not in jaxplay yet',
  bad_concatenate_not_list: '`jnp.concatenate` not in jaxplay yet',
  bad_where_one_arg_jit: '`jnp.where` not in jaxplay yet',
  bad_linspace_missing_stop: '`jnp.linspace` not in jaxplay yet',
  bad_clip_too_many: '`jnp.clip` not in jaxplay yet',
  bad_tanh_two_args: '`jnp.tanh` not in jaxplay yet',
  bad_sqrt_no_args: '`jnp.sqrt` not in jaxplay yet',
  bad_reshape_size: 'reshape to the wrong size raises ValueError, JAX TypeError',
  bad_index_out_of_bounds_at: '`x.at[...]` updates not in jaxplay yet',
  bad_index_float_array: 'integer-array indexing `x[idx]` not in Python mode yet',
  bad_grad_int_input: 'grad of an int input: jaxplay\'s message lacks JAX\'s advice to set allow_int to True',
  bad_grad_nonscalar: '`jnp.tanh` not in jaxplay yet',
  bad_vmap_axis_sizes: 'vmap of mismatched axis sizes words the sizes differently from JAX',
  bad_sort_axis: '`jnp.sort` not in jaxplay yet',
  bad_relu_keyword: '`jax.nn.relu` not in jaxplay yet',
  bad_logsumexp_keepdim: '`jax.scipy.special.logsumexp` not in jaxplay yet',
  bad_norm_ord_string: '`jax.numpy.linalg.norm` not in jaxplay yet',
  bad_split_float_num: '`jax.random.split`, `jax.random.PRNGKey` not in jaxplay yet',
  bad_callback_bool_of_tracer: '`jnp.max` not in jaxplay yet',
  bad_argsort_kind: '`jnp.argsort` not in jaxplay yet',
  bad_cumsum_axis: '`jnp.cumsum` not in jaxplay yet',
  bad_one_hot_float: '`jax.nn.one_hot` not in jaxplay yet',
  bad_uniform_minval_order: '`jax.random.uniform`, `jax.random.PRNGKey` not in jaxplay yet',
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
  for (const p of phrases) assert.ok(FAILS[p], `${id}: the phrase "${p}" is not in FAILS`);
  for (const n of names) assert.ok(stillMissing(n), `${id}: \`${n}\` is in jaxplay now: update this program's KNOWN_GAPS reason`);
  const byName = names.some((n) => failure.includes(`NotImplementedError: \`${n}\` is not in jaxplay yet`));
  const byPhrase = phrases.some((p) => FAILS[p].test(failure));
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
      const suggestion = [names.length ? `${names.map((n) => `\`${n}\``).join(', ')} not in jaxplay yet` : null, ...phrases].filter(Boolean).join('; ');
      outcomes.set(id, `fail: ${failure.split('\n')[0]}`);
      if (suggestion) suggestions.set(id, suggestion);
      assert.fail(failure);
    }
    outcomes.set(id, 'pass');
  });
}

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
