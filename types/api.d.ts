// Generated from src/api by tests/api_spec.rs: do not edit (`JAXPLAY_BLESS=1 cargo test
// --test api_spec` regenerates it). The functions of the API table, as the JS API takes
// them: JAX's positional arguments, then optionally, last, an object of keyword arguments
// under JAX's names or their camelCase. The JS glue's own functions (`jnp.array`, the
// control flow of `lax`) are declared in jaxplay.d.ts.

import type { ArrayLike, Axis, Data, DTypeLike, DTypeName, JaxArray, ShapeLike } from './core.js';

/** The functions of `jax.numpy` (`jnp` in JS) from the API table. */
export interface Numpy {
  /** Elementwise sum. (`jax.numpy.add`) */
  add(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['add']): JaxArray;
  /** Elementwise difference. (`jax.numpy.subtract`) */
  subtract(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['subtract']): JaxArray;
  /** Elementwise product. (`jax.numpy.multiply`) */
  multiply(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['multiply']): JaxArray;
  /** Elementwise true division (integers give float32). (`jax.numpy.divide`) */
  divide(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise true division (integers give float32). (`jax.numpy.true_divide`) */
  trueDivide(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise negation. (`jax.numpy.negative`) */
  negative(x: ArrayLike, keywords?: NumpyKeywords['negative']): JaxArray;
  /** The array itself (NumPy's unary plus). (`jax.numpy.positive`) */
  positive(x: ArrayLike): JaxArray;
  /** Elementwise sine. (`jax.numpy.sin`) */
  sin(x: ArrayLike): JaxArray;
  /** Elementwise cosine. (`jax.numpy.cos`) */
  cos(x: ArrayLike): JaxArray;
  /** Elementwise e**x. (`jax.numpy.exp`) */
  exp(x: ArrayLike): JaxArray;
  /** Elementwise natural logarithm. (`jax.numpy.log`) */
  log(x: ArrayLike): JaxArray;
  /** Elementwise x < y. (`jax.numpy.less`) */
  less(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x <= y. (`jax.numpy.less_equal`) */
  lessEqual(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x > y. (`jax.numpy.greater`) */
  greater(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x >= y. (`jax.numpy.greater_equal`) */
  greaterEqual(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x == y. (`jax.numpy.equal`) */
  equal(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x != y. (`jax.numpy.not_equal`) */
  notEqual(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Sum of the elements over the given axes. (`jax.numpy.sum`) */
  sum(a: ArrayLike, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['sum']): JaxArray;
  sum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, promoteIntegers: boolean, keywords?: NumpyKeywords['sum']): JaxArray;
  /** Arithmetic mean over the given axes (float32 for integer input). (`jax.numpy.mean`) */
  mean(a: ArrayLike, keywords?: NumpyKeywords['mean']): JaxArray;
  mean(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['mean']): JaxArray;
  mean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['mean']): JaxArray;
  mean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['mean']): JaxArray;
  mean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['mean']): JaxArray;
  /** The same elements under a new shape (one entry may be -1). order='F' and 'A' are not supported yet. (`jax.numpy.reshape`) */
  reshape(a: ArrayLike, shape: ShapeLike, keywords?: NumpyKeywords['reshape']): JaxArray;
  reshape(a: ArrayLike, shape: ShapeLike, order: string, keywords?: NumpyKeywords['reshape']): JaxArray;
  /** The elements as one axis, in row-major order. (`jax.numpy.ravel`) */
  ravel(a: ArrayLike, keywords?: NumpyKeywords['ravel']): JaxArray;
  ravel(a: ArrayLike, order: string, keywords?: NumpyKeywords['ravel']): JaxArray;
  /** The axes permuted (reversed by default). (`jax.numpy.transpose`) */
  transpose(a: ArrayLike, keywords?: NumpyKeywords['transpose']): JaxArray;
  transpose(a: ArrayLike, axes: Axis | null, keywords?: NumpyKeywords['transpose']): JaxArray;
  /** Axes moved to new positions, the others keeping their order. (`jax.numpy.moveaxis`) */
  moveaxis(a: ArrayLike, source: Axis, destination: Axis, keywords?: NumpyKeywords['moveaxis']): JaxArray;
  /** Two axes interchanged. (`jax.numpy.swapaxes`) */
  swapaxes(a: ArrayLike, axis1: number, axis2: number, keywords?: NumpyKeywords['swapaxes']): JaxArray;
  /** Size-1 axes removed (those given, or all). (`jax.numpy.squeeze`) */
  squeeze(a: ArrayLike, keywords?: NumpyKeywords['squeeze']): JaxArray;
  squeeze(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['squeeze']): JaxArray;
  /** Size-1 axes inserted at the given positions of the result. (`jax.numpy.expand_dims`) */
  expandDims(a: ArrayLike, axis: Axis, keywords?: NumpyKeywords['expandDims']): JaxArray;
  /** The order of elements reversed along the given axes (all by default). Inlined: JAX wraps it in a nested `jit[name=_flip]`. (`jax.numpy.flip`) */
  flip(m: ArrayLike, keywords?: NumpyKeywords['flip']): JaxArray;
  flip(m: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['flip']): JaxArray;
  /** The array broadcast to a shape, NumPy's rules. (`jax.numpy.broadcast_to`) */
  broadcastTo(array: ArrayLike, shape: ShapeLike, keywords?: NumpyKeywords['broadcastTo']): JaxArray;
  /** Every argument broadcast to their common shape. (`jax.numpy.broadcast_arrays`) */
  broadcastArrays(...args: ArrayLike[]): JaxArray[];
  /** Arrays with at least one axis. (`jax.numpy.atleast_1d`) */
  atleast1d(...arys: ArrayLike[]): JaxArray | JaxArray[];
  /** Arrays with at least two axes. Inlined: JAX wraps it in a nested `jit[name=atleast_2d]`. (`jax.numpy.atleast_2d`) */
  atleast2d(...arys: ArrayLike[]): JaxArray | JaxArray[];
  /** Arrays with at least three axes. Inlined: JAX wraps it in a nested `jit[name=atleast_3d]`. (`jax.numpy.atleast_3d`) */
  atleast3d(...arys: ArrayLike[]): JaxArray | JaxArray[];
  /** The shape, as a tuple. (`jax.numpy.shape`) */
  shape(a: ArrayLike, keywords?: NumpyKeywords['shape']): number[];
  /** The number of axes. (`jax.numpy.ndim`) */
  ndim(a: ArrayLike, keywords?: NumpyKeywords['ndim']): number;
  /** The number of elements (along the given axes). (`jax.numpy.size`) */
  size(a: ArrayLike, keywords?: NumpyKeywords['size']): number;
  size(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['size']): number;
  /** The array converted to another dtype. (`jax.numpy.astype`) */
  astype(x: ArrayLike, dtype: DTypeLike, keywords?: NumpyKeywords['astype']): JaxArray;
  /** An array of zeros (float32 by default). (`jax.numpy.zeros`) */
  zeros(shape: ShapeLike, keywords?: NumpyKeywords['zeros']): JaxArray;
  zeros(shape: ShapeLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['zeros']): JaxArray;
  /** An array of ones (float32 by default). (`jax.numpy.ones`) */
  ones(shape: ShapeLike, keywords?: NumpyKeywords['ones']): JaxArray;
  ones(shape: ShapeLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['ones']): JaxArray;
  /** An array of zeros: JAX has no uninitialised memory. (`jax.numpy.empty`) */
  empty(shape: ShapeLike, keywords?: NumpyKeywords['empty']): JaxArray;
  empty(shape: ShapeLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['empty']): JaxArray;
  /** An array filled with one value (its dtype unless `dtype` is given). (`jax.numpy.full`) */
  full(shape: ShapeLike, fillValue: ArrayLike, keywords?: NumpyKeywords['full']): JaxArray;
  full(shape: ShapeLike, fillValue: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['full']): JaxArray;
  /** Zeros of an array's shape and dtype. (`jax.numpy.zeros_like`) */
  zerosLike(a: ArrayLike, keywords?: NumpyKeywords['zerosLike']): JaxArray;
  zerosLike(a: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['zerosLike']): JaxArray;
  zerosLike(a: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, keywords?: NumpyKeywords['zerosLike']): JaxArray;
  /** Ones of an array's shape and dtype. (`jax.numpy.ones_like`) */
  onesLike(a: ArrayLike, keywords?: NumpyKeywords['onesLike']): JaxArray;
  onesLike(a: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['onesLike']): JaxArray;
  onesLike(a: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, keywords?: NumpyKeywords['onesLike']): JaxArray;
  /** Zeros of an array's shape and dtype. (`jax.numpy.empty_like`) */
  emptyLike(prototype: ArrayLike, keywords?: NumpyKeywords['emptyLike']): JaxArray;
  emptyLike(prototype: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['emptyLike']): JaxArray;
  emptyLike(prototype: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, keywords?: NumpyKeywords['emptyLike']): JaxArray;
  /** An array of another's shape and dtype, filled with one value. (`jax.numpy.full_like`) */
  fullLike(a: ArrayLike, fillValue: ArrayLike, keywords?: NumpyKeywords['fullLike']): JaxArray;
  fullLike(a: ArrayLike, fillValue: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['fullLike']): JaxArray;
  fullLike(a: ArrayLike, fillValue: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, keywords?: NumpyKeywords['fullLike']): JaxArray;
  /** A 2-D array with ones on a diagonal. (`jax.numpy.eye`) */
  eye(N: number, keywords?: NumpyKeywords['eye']): JaxArray;
  eye(N: number, M: number | null, keywords?: NumpyKeywords['eye']): JaxArray;
  eye(N: number, M: number | null, k: number, keywords?: NumpyKeywords['eye']): JaxArray;
  eye(N: number, M: number | null, k: number, dtype: DTypeLike | null, keywords?: NumpyKeywords['eye']): JaxArray;
  /** The square identity matrix. (`jax.numpy.identity`) */
  identity(n: number, keywords?: NumpyKeywords['identity']): JaxArray;
  identity(n: number, dtype: DTypeLike | null, keywords?: NumpyKeywords['identity']): JaxArray;
  /** Evenly spaced values in [start, stop): int32 when every bound is an int. (`jax.numpy.arange`) */
  arange(start: ArrayLike, keywords?: NumpyKeywords['arange']): JaxArray;
  arange(start: ArrayLike, stop: ArrayLike | null, keywords?: NumpyKeywords['arange']): JaxArray;
  arange(start: ArrayLike, stop: ArrayLike | null, step: ArrayLike | null, keywords?: NumpyKeywords['arange']): JaxArray;
  arange(start: ArrayLike, stop: ArrayLike | null, step: ArrayLike | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['arange']): JaxArray;
  /** Maximum over the given axes (NaN if any element is NaN). Errors for an axis out of range are NumPy's. (`jax.numpy.max`) */
  max(a: ArrayLike, keywords?: NumpyKeywords['max']): JaxArray;
  max(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['max']): JaxArray;
  max(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['max']): JaxArray;
  max(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['max']): JaxArray;
  max(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['max']): JaxArray;
  max(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['max']): JaxArray;
  /** Minimum over the given axes (NaN if any element is NaN). (`jax.numpy.min`) */
  min(a: ArrayLike, keywords?: NumpyKeywords['min']): JaxArray;
  min(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['min']): JaxArray;
  min(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['min']): JaxArray;
  min(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['min']): JaxArray;
  min(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['min']): JaxArray;
  min(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['min']): JaxArray;
  /** Product over the given axes (booleans multiplied as int32; int32 stays int32). (`jax.numpy.prod`) */
  prod(a: ArrayLike, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['prod']): JaxArray;
  prod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, promoteIntegers: boolean, keywords?: NumpyKeywords['prod']): JaxArray;
  /** Whether every element is true (nonzero) over the given axes. (`jax.numpy.all`) */
  all(a: ArrayLike, keywords?: NumpyKeywords['all']): JaxArray;
  all(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['all']): JaxArray;
  all(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['all']): JaxArray;
  all(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['all']): JaxArray;
  /** Whether any element is true (nonzero) over the given axes. (`jax.numpy.any`) */
  any(a: ArrayLike, keywords?: NumpyKeywords['any']): JaxArray;
  any(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['any']): JaxArray;
  any(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['any']): JaxArray;
  any(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['any']): JaxArray;
  /** Index (int32) of the first maximum along an axis, or of the flattened array. An axis out of range is reported in NumPy's words (JAX raises `IndexError: tuple index out of range`). (`jax.numpy.argmax`) */
  argmax(a: ArrayLike, keywords?: NumpyKeywords['argmax']): JaxArray;
  argmax(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['argmax']): JaxArray;
  argmax(a: ArrayLike, axis: number | null, out: null, keywords?: NumpyKeywords['argmax']): JaxArray;
  argmax(a: ArrayLike, axis: number | null, out: null, keepdims: boolean | null, keywords?: NumpyKeywords['argmax']): JaxArray;
  /** Index (int32) of the first minimum along an axis, or of the flattened array. An axis out of range is reported in NumPy's words (JAX raises `IndexError: tuple index out of range`). (`jax.numpy.argmin`) */
  argmin(a: ArrayLike, keywords?: NumpyKeywords['argmin']): JaxArray;
  argmin(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['argmin']): JaxArray;
  argmin(a: ArrayLike, axis: number | null, out: null, keywords?: NumpyKeywords['argmin']): JaxArray;
  argmin(a: ArrayLike, axis: number | null, out: null, keepdims: boolean | null, keywords?: NumpyKeywords['argmin']): JaxArray;
  /** Running sum along an axis (of the flattened array by default; booleans as int32). Inlined: JAX wraps it in a nested `jit[name=cumsum]`. (`jax.numpy.cumsum`) */
  cumsum(a: ArrayLike, keywords?: NumpyKeywords['cumsum']): JaxArray;
  cumsum(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['cumsum']): JaxArray;
  cumsum(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['cumsum']): JaxArray;
  cumsum(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['cumsum']): JaxArray;
  /** Running product along an axis (of the flattened array by default). Inlined: JAX wraps it in a nested `jit[name=cumprod]`. Not differentiable yet (JAX's rule differentiates an associative scan). (`jax.numpy.cumprod`) */
  cumprod(a: ArrayLike, keywords?: NumpyKeywords['cumprod']): JaxArray;
  cumprod(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['cumprod']): JaxArray;
  cumprod(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['cumprod']): JaxArray;
  cumprod(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['cumprod']): JaxArray;
  /** Running sum along an axis, NaNs counted as zero. Inlined: JAX wraps it in nested `jit[name=nancumsum]` and `jit[name=_where]`. (`jax.numpy.nancumsum`) */
  nancumsum(a: ArrayLike, keywords?: NumpyKeywords['nancumsum']): JaxArray;
  nancumsum(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['nancumsum']): JaxArray;
  nancumsum(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nancumsum']): JaxArray;
  nancumsum(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nancumsum']): JaxArray;
  /** Running sum along an axis (optional for 1-D input), optionally starting with 0. Inlined: JAX wraps the sum in a nested `jit[name=_cumsum_with_promotion]`. (`jax.numpy.cumulative_sum`) */
  cumulativeSum(x: ArrayLike, keywords?: NumpyKeywords['cumulativeSum']): JaxArray;
  /** The elements sorted along an axis (flattened when `axis=None`); NaNs last. Inlined: JAX wraps it in a nested `jit[name=sort]`. (`jax.numpy.sort`) */
  sort(a: ArrayLike, keywords?: NumpyKeywords['sort']): JaxArray;
  sort(a: ArrayLike, axis: number, keywords?: NumpyKeywords['sort']): JaxArray;
  /** The int32 positions that sort the array along an axis (ties keep their order). Inlined: JAX wraps it in a nested `jit[name=argsort]`. (`jax.numpy.argsort`) */
  argsort(a: ArrayLike, keywords?: NumpyKeywords['argsort']): JaxArray;
  argsort(a: ArrayLike, axis: number, keywords?: NumpyKeywords['argsort']): JaxArray;
  /** Peak to peak: the maximum minus the minimum over the given axes. Inlined: JAX wraps it in a nested `jit[name=_ptp]`. (`jax.numpy.ptp`) */
  ptp(a: ArrayLike, keywords?: NumpyKeywords['ptp']): JaxArray;
  ptp(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['ptp']): JaxArray;
  ptp(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['ptp']): JaxArray;
  ptp(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['ptp']): JaxArray;
  /** Variance over the given axes (float32 for integers), dividing by n - ddof. Inlined: JAX wraps it in nested `jit[name=_var]` and `jit[name=_where]`. `where` and `mean` are not supported yet. (`jax.numpy.var`) */
  var(a: ArrayLike, keywords?: NumpyKeywords['var']): JaxArray;
  var(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['var']): JaxArray;
  var(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['var']): JaxArray;
  var(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['var']): JaxArray;
  var(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keywords?: NumpyKeywords['var']): JaxArray;
  var(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, keywords?: NumpyKeywords['var']): JaxArray;
  /** Standard deviation over the given axes (float32 for integers): the square root of `var`. Inlined: JAX wraps it in nested `jit[name=_std]`, `jit[name=_var]` and `jit[name=_where]`. `where` and `mean` are not supported yet. (`jax.numpy.std`) */
  std(a: ArrayLike, keywords?: NumpyKeywords['std']): JaxArray;
  std(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['std']): JaxArray;
  std(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['std']): JaxArray;
  std(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['std']): JaxArray;
  std(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keywords?: NumpyKeywords['std']): JaxArray;
  std(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, keywords?: NumpyKeywords['std']): JaxArray;
  /** Sum over the given axes, NaNs counted as zero. Inlined: JAX wraps it in nested `jit[name=nansum]` and `jit[name=_where]`. (`jax.numpy.nansum`) */
  nansum(a: ArrayLike, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['nansum']): JaxArray;
  nansum(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['nansum']): JaxArray;
  /** Mean over the given axes of the elements that are not NaN (float32 for integers). Inlined: JAX wraps it in nested `jit[name=nanmean]`, `jit[name=nansum]` and `jit[name=_where]`. `where` is not supported yet. (`jax.numpy.nanmean`) */
  nanmean(a: ArrayLike, keywords?: NumpyKeywords['nanmean']): JaxArray;
  nanmean(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanmean']): JaxArray;
  nanmean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nanmean']): JaxArray;
  nanmean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nanmean']): JaxArray;
  nanmean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['nanmean']): JaxArray;
  nanmean(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, where: null, keywords?: NumpyKeywords['nanmean']): JaxArray;
  /** Maximum over the given axes ignoring NaNs (NaN where every element is NaN). Inlined: JAX wraps it in nested `jit[name=nanmax]` and `jit[name=_where]`s. (`jax.numpy.nanmax`) */
  nanmax(a: ArrayLike, keywords?: NumpyKeywords['nanmax']): JaxArray;
  nanmax(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanmax']): JaxArray;
  nanmax(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['nanmax']): JaxArray;
  nanmax(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['nanmax']): JaxArray;
  nanmax(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['nanmax']): JaxArray;
  nanmax(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['nanmax']): JaxArray;
  /** Minimum over the given axes ignoring NaNs (NaN where every element is NaN). Inlined: JAX wraps it in nested `jit[name=nanmin]` and `jit[name=_where]`s. (`jax.numpy.nanmin`) */
  nanmin(a: ArrayLike, keywords?: NumpyKeywords['nanmin']): JaxArray;
  nanmin(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanmin']): JaxArray;
  nanmin(a: ArrayLike, axis: Axis | null, out: null, keywords?: NumpyKeywords['nanmin']): JaxArray;
  nanmin(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['nanmin']): JaxArray;
  nanmin(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['nanmin']): JaxArray;
  nanmin(a: ArrayLike, axis: Axis | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['nanmin']): JaxArray;
  /** Mean over the given axes, weighted by `weights` when given; with `returned`, also the sum of the weights. (`jax.numpy.average`) */
  average(a: ArrayLike, keywords?: NumpyKeywords['average']): JaxArray | JaxArray[];
  average(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['average']): JaxArray | JaxArray[];
  average(a: ArrayLike, axis: Axis | null, weights: ArrayLike | null, keywords?: NumpyKeywords['average']): JaxArray | JaxArray[];
  average(a: ArrayLike, axis: Axis | null, weights: ArrayLike | null, returned: boolean, keywords?: NumpyKeywords['average']): JaxArray | JaxArray[];
  average(a: ArrayLike, axis: Axis | null, weights: ArrayLike | null, returned: boolean, keepdims: boolean, keywords?: NumpyKeywords['average']): JaxArray | JaxArray[];
  /** Number (int32) of nonzero elements over the given axes. Inlined: JAX wraps it in a nested `jit[name=count_nonzero]`. (`jax.numpy.count_nonzero`) */
  countNonzero(a: ArrayLike, keywords?: NumpyKeywords['countNonzero']): JaxArray;
  countNonzero(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['countNonzero']): JaxArray;
  countNonzero(a: ArrayLike, axis: Axis | null, keepdims: boolean, keywords?: NumpyKeywords['countNonzero']): JaxArray;
  /** Dot product: `a`'s last axis against `b`'s only or second-to-last (a scalar scales). (`jax.numpy.dot`) */
  dot(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['dot']): JaxArray;
  /** Matrix product (`a @ b`); 1-D operands are vectors, stacks of matrices share their leading shape. Leading (batch) dimensions must be equal: broadcasting them is not supported yet. (`jax.numpy.matmul`) */
  matmul(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['matmul']): JaxArray;
  /** Dot product of the flattened operands. (`jax.numpy.vdot`) */
  vdot(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['vdot']): JaxArray;
  /** Inner product: the last axes contracted. (`jax.numpy.inner`) */
  inner(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['inner']): JaxArray;
  /** Outer product of the flattened operands. (`jax.numpy.outer`) */
  outer(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['outer']): JaxArray;
  outer(a: ArrayLike, b: ArrayLike, out: null, keywords?: NumpyKeywords['outer']): JaxArray;
  /** Contraction over the last `axes` axes of `a` and the first of `b`, or over two lists of axes. (`jax.numpy.tensordot`) */
  tensordot(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['tensordot']): JaxArray;
  tensordot(a: ArrayLike, b: ArrayLike, axes: Axis, keywords?: NumpyKeywords['tensordot']): JaxArray;
  /** Kronecker product. Inlined: JAX wraps it in a nested `jit[name=kron]`. (`jax.numpy.kron`) */
  kron(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['kron']): JaxArray;
  /** Sum along a diagonal (of the planes of `axis1` x `axis2`). Inlined: JAX wraps it in nested `jit[name=trace]` and `jit[name=_where]`. `offset` must be a static int. (`jax.numpy.trace`) */
  trace(a: ArrayLike, keywords?: NumpyKeywords['trace']): JaxArray;
  trace(a: ArrayLike, offset: number, keywords?: NumpyKeywords['trace']): JaxArray;
  trace(a: ArrayLike, offset: number, axis1: number, keywords?: NumpyKeywords['trace']): JaxArray;
  trace(a: ArrayLike, offset: number, axis1: number, axis2: number, keywords?: NumpyKeywords['trace']): JaxArray;
  trace(a: ArrayLike, offset: number, axis1: number, axis2: number, dtype: DTypeLike | null, keywords?: NumpyKeywords['trace']): JaxArray;
  trace(a: ArrayLike, offset: number, axis1: number, axis2: number, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['trace']): JaxArray;
  /** Lower triangle (on and below diagonal `k`); the rest zeroed. Inlined: JAX wraps it in a nested `jit[name=tril]`. (`jax.numpy.tril`) */
  tril(m: ArrayLike, keywords?: NumpyKeywords['tril']): JaxArray;
  tril(m: ArrayLike, k: number, keywords?: NumpyKeywords['tril']): JaxArray;
  /** Upper triangle (on and above diagonal `k`); the rest zeroed. Inlined: JAX wraps it in a nested `jit[name=triu]`. (`jax.numpy.triu`) */
  triu(m: ArrayLike, keywords?: NumpyKeywords['triu']): JaxArray;
  triu(m: ArrayLike, k: number, keywords?: NumpyKeywords['triu']): JaxArray;
  /** Arrays joined along an existing axis (flattened first when `axis=None`), promoted to one dtype. (`jax.numpy.concatenate`) */
  concatenate(arrays: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['concatenate']): JaxArray;
  concatenate(arrays: ArrayLike[] | JaxArray, axis: number, keywords?: NumpyKeywords['concatenate']): JaxArray;
  concatenate(arrays: ArrayLike[] | JaxArray, axis: number, dtype: DTypeLike | null, keywords?: NumpyKeywords['concatenate']): JaxArray;
  /** Arrays joined along an existing axis (the array API's `concatenate`). (`jax.numpy.concat`) */
  concat(arrays: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['concat']): JaxArray;
  /** Arrays of one shape joined along a new axis. JAX 0.10.2 binds a `stack` primitive; jaxplay builds it from `broadcast_in_dim` and `concatenate`. (`jax.numpy.stack`) */
  stack(arrays: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['stack']): JaxArray;
  stack(arrays: ArrayLike[] | JaxArray, axis: number, keywords?: NumpyKeywords['stack']): JaxArray;
  stack(arrays: ArrayLike[] | JaxArray, axis: number, out: null, keywords?: NumpyKeywords['stack']): JaxArray;
  stack(arrays: ArrayLike[] | JaxArray, axis: number, out: null, dtype: DTypeLike | null, keywords?: NumpyKeywords['stack']): JaxArray;
  /** Arrays joined column-wise (along axis 1, or 0 for 1-D arrays). Inlined: JAX wraps `atleast_1d` in a nested `jit`. (`jax.numpy.hstack`) */
  hstack(tup: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['hstack']): JaxArray;
  hstack(tup: ArrayLike[] | JaxArray, dtype: DTypeLike | null, keywords?: NumpyKeywords['hstack']): JaxArray;
  /** Arrays joined row-wise (1-D arrays become rows). Inlined: JAX wraps `atleast_2d` in a nested `jit`. (`jax.numpy.vstack`) */
  vstack(tup: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['vstack']): JaxArray;
  vstack(tup: ArrayLike[] | JaxArray, dtype: DTypeLike | null, keywords?: NumpyKeywords['vstack']): JaxArray;
  /** Arrays joined along a third axis. Inlined: JAX wraps `atleast_3d` in a nested `jit`. (`jax.numpy.dstack`) */
  dstack(tup: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['dstack']): JaxArray;
  dstack(tup: ArrayLike[] | JaxArray, dtype: DTypeLike | null, keywords?: NumpyKeywords['dstack']): JaxArray;
  /** 1-D arrays as columns of a 2-D array (2-D arrays joined as they are). Inlined: JAX wraps `atleast_2d` in a nested `jit`. (`jax.numpy.column_stack`) */
  columnStack(tup: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['columnStack']): JaxArray;
  /** A list of sub-arrays: `n` equal sections, or split before the given indices. JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints. (`jax.numpy.split`) */
  split(ary: ArrayLike, indicesOrSections: Axis, keywords?: NumpyKeywords['split']): JaxArray[];
  split(ary: ArrayLike, indicesOrSections: Axis, axis: number, keywords?: NumpyKeywords['split']): JaxArray[];
  /** Like `split`, but `n` sections need not be equal (the first ones get one more). JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints. (`jax.numpy.array_split`) */
  arraySplit(ary: ArrayLike, indicesOrSections: Axis, keywords?: NumpyKeywords['arraySplit']): JaxArray[];
  arraySplit(ary: ArrayLike, indicesOrSections: Axis, axis: number, keywords?: NumpyKeywords['arraySplit']): JaxArray[];
  /** `split` along axis 1 (axis 0 for 1-D arrays). JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints. (`jax.numpy.hsplit`) */
  hsplit(ary: ArrayLike, indicesOrSections: Axis, keywords?: NumpyKeywords['hsplit']): JaxArray[];
  /** `split` along axis 0 (for arrays of two or more dimensions). JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints. (`jax.numpy.vsplit`) */
  vsplit(ary: ArrayLike, indicesOrSections: Axis, keywords?: NumpyKeywords['vsplit']): JaxArray[];
  /** `values` joined after `arr` (both flattened when `axis=None`). Inlined: JAX wraps it in a nested `jit[name=append]`. (`jax.numpy.append`) */
  append(arr: ArrayLike, values: ArrayLike, keywords?: NumpyKeywords['append']): JaxArray;
  append(arr: ArrayLike, values: ArrayLike, axis: number | null, keywords?: NumpyKeywords['append']): JaxArray;
  /** The array repeated `reps` times along each axis. JAX 0.10.2 binds a `tile` primitive; jaxplay builds it from `broadcast_in_dim` and `reshape`. (`jax.numpy.tile`) */
  tile(A: ArrayLike, reps: ShapeLike, keywords?: NumpyKeywords['tile']): JaxArray;
  /** Each element repeated `repeats` times along an axis (of the flattened array by default). `repeats` must be one static int (JAX also takes an array of counts). (`jax.numpy.repeat`) */
  repeat(a: ArrayLike, repeats: ArrayLike, keywords?: NumpyKeywords['repeat']): JaxArray;
  repeat(a: ArrayLike, repeats: ArrayLike, axis: number | null, keywords?: NumpyKeywords['repeat']): JaxArray;
  /** The `n`-th difference of neighbours along an axis. Inlined: JAX wraps it in a nested `jit[name=diff]`. (`jax.numpy.diff`) */
  diff(a: ArrayLike, keywords?: NumpyKeywords['diff']): JaxArray;
  diff(a: ArrayLike, n: number, keywords?: NumpyKeywords['diff']): JaxArray;
  diff(a: ArrayLike, n: number, axis: number, keywords?: NumpyKeywords['diff']): JaxArray;
  diff(a: ArrayLike, n: number, axis: number, prepend: ArrayLike | null, keywords?: NumpyKeywords['diff']): JaxArray;
  diff(a: ArrayLike, n: number, axis: number, prepend: ArrayLike | null, append: ArrayLike | null, keywords?: NumpyKeywords['diff']): JaxArray;
  /** Differences of neighbours of the flattened array, with optional ends. Inlined: JAX wraps it in a nested `jit[name=ediff1d]`. (`jax.numpy.ediff1d`) */
  ediff1d(ary: ArrayLike, keywords?: NumpyKeywords['ediff1d']): JaxArray;
  ediff1d(ary: ArrayLike, toEnd: ArrayLike | null, keywords?: NumpyKeywords['ediff1d']): JaxArray;
  ediff1d(ary: ArrayLike, toEnd: ArrayLike | null, toBegin: ArrayLike | null, keywords?: NumpyKeywords['ediff1d']): JaxArray;
  /** Elements shifted cyclically along axes (of the flattened array by default). Inlined: JAX wraps it in a nested `jit[name=_roll_static]`. `shift` must be static ints. (`jax.numpy.roll`) */
  roll(a: ArrayLike, shift: Axis, keywords?: NumpyKeywords['roll']): JaxArray;
  roll(a: ArrayLike, shift: Axis, axis: Axis | null, keywords?: NumpyKeywords['roll']): JaxArray;
  /** The array turned `k` quarter turns in the plane of two axes. Inlined: JAX wraps it in nested `jit[name=rot90]` and `jit[name=_flip]`. (`jax.numpy.rot90`) */
  rot90(m: ArrayLike, keywords?: NumpyKeywords['rot90']): JaxArray;
  rot90(m: ArrayLike, k: number, keywords?: NumpyKeywords['rot90']): JaxArray;
  rot90(m: ArrayLike, k: number, axes: Axis | null, keywords?: NumpyKeywords['rot90']): JaxArray;
  /** Elements of `a` at integer `indices` along `axis` (of the flattened array when `None`); negative indices count from the end, out-of-range ones give NaN (the integer minimum for ints). Inlined: JAX wraps it in nested `jit[name=_take]` and `jit[name=_where]`. Only `mode='fill'` (the default) and the default `fill_value` are supported. (`jax.numpy.take`) */
  take(a: ArrayLike, indices: ArrayLike, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, out: null, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, out: null, mode: string | null, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, out: null, mode: string | null, uniqueIndices: boolean, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, out: null, mode: string | null, uniqueIndices: boolean, indicesAreSorted: boolean, keywords?: NumpyKeywords['take']): JaxArray;
  take(a: ArrayLike, indices: ArrayLike, axis: number | null, out: null, mode: string | null, uniqueIndices: boolean, indicesAreSorted: boolean, fillValue: null, keywords?: NumpyKeywords['take']): JaxArray;
  /** Elements of `arr` at `indices` along `axis`, matched one to one along the other axes (of the flattened arrays when `axis=None`). Inlined: JAX wraps it in a nested `jit[name=take_along_axis]`. `indices` must have `arr`'s shape off `axis` (JAX also broadcasts size-1 axes). Only `mode='fill'` (the default) and the default `fill_value` are supported. (`jax.numpy.take_along_axis`) */
  takeAlongAxis(arr: ArrayLike, indices: ArrayLike, keywords?: NumpyKeywords['takeAlongAxis']): JaxArray;
  takeAlongAxis(arr: ArrayLike, indices: ArrayLike, axis: number, keywords?: NumpyKeywords['takeAlongAxis']): JaxArray;
  takeAlongAxis(arr: ArrayLike, indices: ArrayLike, axis: number, mode: string | null, keywords?: NumpyKeywords['takeAlongAxis']): JaxArray;
  takeAlongAxis(arr: ArrayLike, indices: ArrayLike, axis: number, mode: string | null, fillValue: null, keywords?: NumpyKeywords['takeAlongAxis']): JaxArray;
  /** The `offset` diagonal of the planes of `axis1` x `axis2`, as the last axis. Inlined: JAX wraps it in a nested `jit[name=diagonal]`; for a square 2-D array JAX stages a platform-dependent `cond` (a masked sum on TPU), jaxplay the gather JAX runs on CPU. (`jax.numpy.diagonal`) */
  diagonal(a: ArrayLike, keywords?: NumpyKeywords['diagonal']): JaxArray;
  diagonal(a: ArrayLike, offset: number, keywords?: NumpyKeywords['diagonal']): JaxArray;
  diagonal(a: ArrayLike, offset: number, axis1: number, keywords?: NumpyKeywords['diagonal']): JaxArray;
  diagonal(a: ArrayLike, offset: number, axis1: number, axis2: number, keywords?: NumpyKeywords['diagonal']): JaxArray;
  /** Elementwise square root (float32 for integers). (`jax.numpy.sqrt`) */
  sqrt(x: ArrayLike): JaxArray;
  /** Elementwise cube root (float32 for integers). (`jax.numpy.cbrt`) */
  cbrt(x: ArrayLike): JaxArray;
  /** Elementwise x*x (integers stay integers). (`jax.numpy.square`) */
  square(x: ArrayLike): JaxArray;
  /** Elementwise 1/x (float32 for integers). (`jax.numpy.reciprocal`) */
  reciprocal(x: ArrayLike): JaxArray;
  /** Elementwise x1**x2: `integer_pow` for a Python int exponent, repeated squaring for integer arrays. (`jax.numpy.power`) */
  power(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise x1**x2 (alias of `power`). (`jax.numpy.pow`) */
  pow(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise x**y in floating point. (`jax.numpy.float_power`) */
  floatPower(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise absolute value. (`jax.numpy.abs`) */
  abs(x: ArrayLike): JaxArray;
  /** Elementwise absolute value. (`jax.numpy.absolute`) */
  absolute(x: ArrayLike): JaxArray;
  /** Elementwise absolute value, in floating point. (`jax.numpy.fabs`) */
  fabs(x: ArrayLike): JaxArray;
  /** Elementwise sign: -1, 0 or 1 (NaN for NaN). (`jax.numpy.sign`) */
  sign(x: ArrayLike): JaxArray;
  /** Elementwise floor (integers unchanged). (`jax.numpy.floor`) */
  floor(x: ArrayLike): JaxArray;
  /** Elementwise ceiling (integers unchanged). (`jax.numpy.ceil`) */
  ceil(x: ArrayLike): JaxArray;
  /** Elementwise rounding towards zero. Inlined: JAX wraps it in a nested `jit[name=trunc]`. (`jax.numpy.trunc`) */
  trunc(x: ArrayLike, keywords?: NumpyKeywords['trunc']): JaxArray;
  /** Rounded to `decimals` places, half to even. Inlined: JAX wraps it in a nested `jit[name=round]`. (`jax.numpy.round`) */
  round(a: ArrayLike, keywords?: NumpyKeywords['round']): JaxArray;
  round(a: ArrayLike, decimals: number, keywords?: NumpyKeywords['round']): JaxArray;
  round(a: ArrayLike, decimals: number, out: null, keywords?: NumpyKeywords['round']): JaxArray;
  /** Rounded to `decimals` places, half to even (alias of `round`). Inlined: JAX wraps it in a nested `jit[name=around]`. (`jax.numpy.around`) */
  around(a: ArrayLike, keywords?: NumpyKeywords['around']): JaxArray;
  around(a: ArrayLike, decimals: number, keywords?: NumpyKeywords['around']): JaxArray;
  around(a: ArrayLike, decimals: number, out: null, keywords?: NumpyKeywords['around']): JaxArray;
  /** Rounded to the nearest integer, half to even (float32 for integers). Inlined: JAX wraps it in a nested `jit[name=rint]`. (`jax.numpy.rint`) */
  rint(x: ArrayLike): JaxArray;
  /** Whether the sign bit is set (true for -0.0). Inlined: JAX wraps it in a nested `jit[name=signbit]`. (`jax.numpy.signbit`) */
  signbit(x: ArrayLike): JaxArray;
  /** |x1| with the sign of x2. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.copysign`) */
  copysign(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise tangent. (`jax.numpy.tan`) */
  tan(x: ArrayLike): JaxArray;
  /** Elementwise hyperbolic tangent. (`jax.numpy.tanh`) */
  tanh(x: ArrayLike): JaxArray;
  /** Elementwise hyperbolic sine. (`jax.numpy.sinh`) */
  sinh(x: ArrayLike): JaxArray;
  /** Elementwise hyperbolic cosine. (`jax.numpy.cosh`) */
  cosh(x: ArrayLike): JaxArray;
  /** Elementwise inverse sine. (`jax.numpy.arcsin`) */
  arcsin(x: ArrayLike): JaxArray;
  /** Elementwise inverse sine. (`jax.numpy.asin`) */
  asin(x: ArrayLike): JaxArray;
  /** Elementwise inverse cosine. (`jax.numpy.arccos`) */
  arccos(x: ArrayLike): JaxArray;
  /** Elementwise inverse cosine. (`jax.numpy.acos`) */
  acos(x: ArrayLike): JaxArray;
  /** Elementwise inverse tangent. (`jax.numpy.arctan`) */
  arctan(x: ArrayLike): JaxArray;
  /** Elementwise inverse tangent. (`jax.numpy.atan`) */
  atan(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic sine. (`jax.numpy.arcsinh`) */
  arcsinh(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic sine. (`jax.numpy.asinh`) */
  asinh(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic cosine. Inlined: JAX wraps it in a nested `jit[name=arccosh]`. (`jax.numpy.arccosh`) */
  arccosh(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic cosine. Inlined: JAX wraps it in a nested `jit[name=arccosh]`. (`jax.numpy.acosh`) */
  acosh(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic tangent. (`jax.numpy.arctanh`) */
  arctanh(x: ArrayLike): JaxArray;
  /** Elementwise inverse hyperbolic tangent. (`jax.numpy.atanh`) */
  atanh(x: ArrayLike): JaxArray;
  /** Elementwise angle of the point (x2, x1), in (-pi, pi]. (`jax.numpy.arctan2`) */
  arctan2(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise angle of the point (x2, x1), in (-pi, pi]. (`jax.numpy.atan2`) */
  atan2(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise sqrt(x1**2 + x2**2), without overflow. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.hypot`) */
  hypot(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Degrees to radians. (`jax.numpy.deg2rad`) */
  deg2rad(x: ArrayLike): JaxArray;
  /** Degrees to radians. (`jax.numpy.radians`) */
  radians(x: ArrayLike): JaxArray;
  /** Radians to degrees. (`jax.numpy.rad2deg`) */
  rad2deg(x: ArrayLike): JaxArray;
  /** Radians to degrees. (`jax.numpy.degrees`) */
  degrees(x: ArrayLike): JaxArray;
  /** Elementwise sin(pi x)/(pi x), 1 at 0. Inlined: JAX wraps it in a nested `jit[name=sinc]` and a `custom_jvp_call` (whose rule gives the body's first derivative). (`jax.numpy.sinc`) */
  sinc(x: ArrayLike): JaxArray;
  /** Elementwise e**x - 1, accurate near 0. (`jax.numpy.expm1`) */
  expm1(x: ArrayLike): JaxArray;
  /** Elementwise log(1 + x), accurate near 0. (`jax.numpy.log1p`) */
  log1p(x: ArrayLike): JaxArray;
  /** Elementwise 2**x. (`jax.numpy.exp2`) */
  exp2(x: ArrayLike): JaxArray;
  /** Elementwise base-2 logarithm. (`jax.numpy.log2`) */
  log2(x: ArrayLike): JaxArray;
  /** Elementwise base-10 logarithm. (`jax.numpy.log10`) */
  log10(x: ArrayLike): JaxArray;
  /** Elementwise log(exp(x1) + exp(x2)), without overflow. Inlined: JAX's is a `custom_jvp` (its rule handles infinite arguments); jaxplay differentiates the body. (`jax.numpy.logaddexp`) */
  logaddexp(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['logaddexp']): JaxArray;
  /** Elementwise log2(2**x1 + 2**x2), without overflow. Inlined: JAX's is a `custom_jvp` (its rule handles infinite arguments); jaxplay differentiates the body. (`jax.numpy.logaddexp2`) */
  logaddexp2(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['logaddexp2']): JaxArray;
  /** Elementwise maximum (NaN if either is). (`jax.numpy.maximum`) */
  maximum(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['maximum']): JaxArray;
  /** Elementwise minimum (NaN if either is). (`jax.numpy.minimum`) */
  minimum(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['minimum']): JaxArray;
  /** Elementwise maximum, ignoring a NaN when the other is a number. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.fmax`) */
  fmax(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['fmax']): JaxArray;
  /** Elementwise minimum, ignoring a NaN when the other is a number. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.fmin`) */
  fmin(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['fmin']): JaxArray;
  /** Elementwise remainder with the divisor's sign (Python's %). Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.remainder`) */
  remainder(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise remainder with the divisor's sign (alias of `remainder`). Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.mod`) */
  mod(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise remainder with the dividend's sign (C's fmod). Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.fmod`) */
  fmod(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise division rounded towards -inf (Python's //). Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.floor_divide`) */
  floorDivide(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** `(floor_divide(x1, x2), remainder(x1, x2))`. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.divmod`) */
  divmod(x1: ArrayLike, x2: ArrayLike): JaxArray[];
  /** Step function: 0 below zero, 1 above, x2 at zero. Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.heaviside`) */
  heaviside(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Values limited to [min, max] (either may be None). Inlined: JAX wraps it in a nested `jit`. (`jax.numpy.clip`) */
  clip(keywords?: NumpyKeywords['clip']): JaxArray;
  clip(arr: ArrayLike | null, keywords?: NumpyKeywords['clip']): JaxArray;
  clip(arr: ArrayLike | null, min: ArrayLike | null, keywords?: NumpyKeywords['clip']): JaxArray;
  clip(arr: ArrayLike | null, min: ArrayLike | null, max: ArrayLike | null, keywords?: NumpyKeywords['clip']): JaxArray;
  /** Elementwise: neither infinite nor NaN. (`jax.numpy.isfinite`) */
  isfinite(x: ArrayLike): JaxArray;
  /** Elementwise: NaN. (`jax.numpy.isnan`) */
  isnan(x: ArrayLike): JaxArray;
  /** Elementwise: +inf or -inf. Inlined: JAX wraps it in a nested `jit[name=isinf]`. (`jax.numpy.isinf`) */
  isinf(x: ArrayLike): JaxArray;
  /** Elementwise: +inf. (`jax.numpy.isposinf`) */
  isposinf(x: ArrayLike, keywords?: NumpyKeywords['isposinf']): JaxArray;
  isposinf(x: ArrayLike, out: null, keywords?: NumpyKeywords['isposinf']): JaxArray;
  /** Elementwise: -inf. (`jax.numpy.isneginf`) */
  isneginf(x: ArrayLike, keywords?: NumpyKeywords['isneginf']): JaxArray;
  isneginf(x: ArrayLike, out: null, keywords?: NumpyKeywords['isneginf']): JaxArray;
  /** NaN, +inf and -inf replaced by numbers (0 and float32's extremes by default). Inlined: JAX wraps it in a nested `jit[name=nan_to_num]`. (`jax.numpy.nan_to_num`) */
  nanToNum(x: ArrayLike, keywords?: NumpyKeywords['nanToNum']): JaxArray;
  nanToNum(x: ArrayLike, copy: boolean, keywords?: NumpyKeywords['nanToNum']): JaxArray;
  nanToNum(x: ArrayLike, copy: boolean, nan: ArrayLike, keywords?: NumpyKeywords['nanToNum']): JaxArray;
  nanToNum(x: ArrayLike, copy: boolean, nan: ArrayLike, posinf: ArrayLike | null, keywords?: NumpyKeywords['nanToNum']): JaxArray;
  nanToNum(x: ArrayLike, copy: boolean, nan: ArrayLike, posinf: ArrayLike | null, neginf: ArrayLike | null, keywords?: NumpyKeywords['nanToNum']): JaxArray;
  /** Elementwise |a - b| <= atol + rtol*|b|. Inlined: JAX wraps it in a nested `jit[name=isclose]`; rtol and atol must be numbers. (`jax.numpy.isclose`) */
  isclose(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['isclose']): JaxArray;
  isclose(a: ArrayLike, b: ArrayLike, rtol: number, keywords?: NumpyKeywords['isclose']): JaxArray;
  isclose(a: ArrayLike, b: ArrayLike, rtol: number, atol: number, keywords?: NumpyKeywords['isclose']): JaxArray;
  isclose(a: ArrayLike, b: ArrayLike, rtol: number, atol: number, equalNan: boolean, keywords?: NumpyKeywords['isclose']): JaxArray;
  /** Whether `isclose` holds everywhere. Inlined: JAX wraps it in a nested `jit[name=allclose]`; rtol and atol must be numbers. (`jax.numpy.allclose`) */
  allclose(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['allclose']): JaxArray;
  allclose(a: ArrayLike, b: ArrayLike, rtol: number, keywords?: NumpyKeywords['allclose']): JaxArray;
  allclose(a: ArrayLike, b: ArrayLike, rtol: number, atol: number, keywords?: NumpyKeywords['allclose']): JaxArray;
  allclose(a: ArrayLike, b: ArrayLike, rtol: number, atol: number, equalNan: boolean, keywords?: NumpyKeywords['allclose']): JaxArray;
  /** Whether two arrays have the same shape and elements. (`jax.numpy.array_equal`) */
  arrayEqual(a1: ArrayLike, a2: ArrayLike, keywords?: NumpyKeywords['arrayEqual']): JaxArray;
  arrayEqual(a1: ArrayLike, a2: ArrayLike, equalNan: boolean, keywords?: NumpyKeywords['arrayEqual']): JaxArray;
  /** Whether two arrays are equal once broadcast together. (`jax.numpy.array_equiv`) */
  arrayEquiv(a1: ArrayLike, a2: ArrayLike, keywords?: NumpyKeywords['arrayEquiv']): JaxArray;
  /** x where condition holds, else y (broadcast together). The one-argument form (`nonzero`) is not supported yet. (`jax.numpy.where`) */
  where(condition: ArrayLike, keywords?: NumpyKeywords['where']): JaxArray;
  where(condition: ArrayLike, x: ArrayLike | null, keywords?: NumpyKeywords['where']): JaxArray;
  where(condition: ArrayLike, x: ArrayLike | null, y: ArrayLike | null, keywords?: NumpyKeywords['where']): JaxArray;
  /** The complex conjugate: real arrays as they are. (`jax.numpy.conj`) */
  conj(x: ArrayLike): JaxArray;
  /** The complex conjugate: real arrays as they are. (`jax.numpy.conjugate`) */
  conjugate(x: ArrayLike): JaxArray;
  /** The real part: real arrays as they are. (`jax.numpy.real`) */
  real(val: ArrayLike): JaxArray;
  /** The imaginary part: zeros for real arrays. (`jax.numpy.imag`) */
  imag(val: ArrayLike): JaxArray;
  /** Elementwise truth of x1 and x2. (`jax.numpy.logical_and`) */
  logicalAnd(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['logicalAnd']): JaxArray;
  /** Elementwise truth of x1 or x2. (`jax.numpy.logical_or`) */
  logicalOr(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['logicalOr']): JaxArray;
  /** Elementwise truth of x1 xor x2. (`jax.numpy.logical_xor`) */
  logicalXor(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['logicalXor']): JaxArray;
  /** Elementwise truth of not x. (`jax.numpy.logical_not`) */
  logicalNot(x: ArrayLike): JaxArray;
  /** Elementwise bitwise and (logical for bool). (`jax.numpy.bitwise_and`) */
  bitwiseAnd(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['bitwiseAnd']): JaxArray;
  /** Elementwise bitwise or (logical for bool). (`jax.numpy.bitwise_or`) */
  bitwiseOr(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['bitwiseOr']): JaxArray;
  /** Elementwise bitwise xor (logical for bool). (`jax.numpy.bitwise_xor`) */
  bitwiseXor(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['bitwiseXor']): JaxArray;
  /** Elementwise bitwise not (logical for bool). (`jax.numpy.bitwise_not`) */
  bitwiseNot(x: ArrayLike): JaxArray;
  /** Elementwise bitwise not (logical for bool). (`jax.numpy.bitwise_invert`) */
  bitwiseInvert(x: ArrayLike): JaxArray;
  /** Elementwise bitwise not (logical for bool). (`jax.numpy.invert`) */
  invert(x: ArrayLike): JaxArray;
  /** The number of 1 bits of each |x|, as uint8. (`jax.numpy.bitwise_count`) */
  bitwiseCount(x: ArrayLike): JaxArray;
  /** Elementwise x << y. (`jax.numpy.left_shift`) */
  leftShift(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x << y. (`jax.numpy.bitwise_left_shift`) */
  bitwiseLeftShift(x: ArrayLike, y: ArrayLike): JaxArray;
  /** Elementwise x1 >> x2 (arithmetic for signed integers). (`jax.numpy.right_shift`) */
  rightShift(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Elementwise x1 >> x2 (arithmetic for signed integers). (`jax.numpy.bitwise_right_shift`) */
  bitwiseRightShift(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** `num` evenly spaced values from `start` to `stop` (inclusive unless `endpoint=False`), along a new `axis`; with `retstep`, also the step. Inlined: JAX wraps it in a nested `jit[name=_linspace]`. (`jax.numpy.linspace`) */
  linspace(start: ArrayLike, stop: ArrayLike, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  linspace(start: ArrayLike, stop: ArrayLike, num: number, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  linspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  linspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, retstep: boolean, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  linspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, retstep: boolean, dtype: DTypeLike | null, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  linspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, retstep: boolean, dtype: DTypeLike | null, axis: number, keywords?: NumpyKeywords['linspace']): JaxArray | JaxArray[];
  /** `base` raised to `num` evenly spaced exponents from `start` to `stop`. Inlined: JAX wraps it in nested `jit[name=_logspace]` and `jit[name=_linspace]`. (`jax.numpy.logspace`) */
  logspace(start: ArrayLike, stop: ArrayLike, keywords?: NumpyKeywords['logspace']): JaxArray;
  logspace(start: ArrayLike, stop: ArrayLike, num: number, keywords?: NumpyKeywords['logspace']): JaxArray;
  logspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, keywords?: NumpyKeywords['logspace']): JaxArray;
  logspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, base: ArrayLike, keywords?: NumpyKeywords['logspace']): JaxArray;
  logspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, base: ArrayLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['logspace']): JaxArray;
  logspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, base: ArrayLike, dtype: DTypeLike | null, axis: number, keywords?: NumpyKeywords['logspace']): JaxArray;
  /** `num` values from `start` to `stop` spaced evenly on a log scale (a geometric progression). Inlined: JAX wraps it in nested `jit`s (`_geomspace`, `_logspace`, `_linspace`). (`jax.numpy.geomspace`) */
  geomspace(start: ArrayLike, stop: ArrayLike, keywords?: NumpyKeywords['geomspace']): JaxArray;
  geomspace(start: ArrayLike, stop: ArrayLike, num: number, keywords?: NumpyKeywords['geomspace']): JaxArray;
  geomspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, keywords?: NumpyKeywords['geomspace']): JaxArray;
  geomspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, dtype: DTypeLike | null, keywords?: NumpyKeywords['geomspace']): JaxArray;
  geomspace(start: ArrayLike, stop: ArrayLike, num: number, endpoint: boolean, dtype: DTypeLike | null, axis: number, keywords?: NumpyKeywords['geomspace']): JaxArray;
  /** Coordinate grids from 1-D arrays (`indexing='xy'` swaps the first two axes; `sparse` keeps size-1 axes). (`jax.numpy.meshgrid`) */
  meshgrid(...xi: ArrayLike[]): JaxArray[];
  meshgrid(...xi: [...ArrayLike[], NumpyKeywords['meshgrid']]): JaxArray[];
  /** The index grids of a shape, stacked (a tuple of broadcastable grids when `sparse`). JAX 0.10.2 binds a `stack` primitive; jaxplay stacks with `broadcast_in_dim` and `concatenate`. (`jax.numpy.indices`) */
  indices(dimensions: ShapeLike, keywords?: NumpyKeywords['indices']): JaxArray | JaxArray[];
  indices(dimensions: ShapeLike, dtype: DTypeLike | null, keywords?: NumpyKeywords['indices']): JaxArray | JaxArray[];
  indices(dimensions: ShapeLike, dtype: DTypeLike | null, sparse: boolean, keywords?: NumpyKeywords['indices']): JaxArray | JaxArray[];
  /** Ones at and below diagonal `k` of an N x M matrix, zeros above (float32 by default). (`jax.numpy.tri`) */
  tri(N: number, keywords?: NumpyKeywords['tri']): JaxArray;
  tri(N: number, M: number | null, keywords?: NumpyKeywords['tri']): JaxArray;
  tri(N: number, M: number | null, k: number, keywords?: NumpyKeywords['tri']): JaxArray;
  tri(N: number, M: number | null, k: number, dtype: DTypeLike | null, keywords?: NumpyKeywords['tri']): JaxArray;
  /** The indices of the main diagonal of an n x ... x n array: `ndim` copies of `arange(n)`. (`jax.numpy.diag_indices`) */
  diagIndices(n: number, keywords?: NumpyKeywords['diagIndices']): JaxArray[];
  diagIndices(n: number, ndim: number, keywords?: NumpyKeywords['diagIndices']): JaxArray[];
  /** `diag_indices` of a square array. (`jax.numpy.diag_indices_from`) */
  diagIndicesFrom(arr: ArrayLike, keywords?: NumpyKeywords['diagIndicesFrom']): JaxArray[];
  /** The Bartlett (triangular) window of `M` points. (`jax.numpy.bartlett`) */
  bartlett(M: number, keywords?: NumpyKeywords['bartlett']): JaxArray;
  /** The Blackman window of `M` points. (`jax.numpy.blackman`) */
  blackman(M: number, keywords?: NumpyKeywords['blackman']): JaxArray;
  /** The array padded by `pad_width` per axis: `mode` 'constant' (with `constant_values`), 'edge', 'reflect', 'symmetric' or 'wrap'. Inlined: JAX wraps it in nested `jit[name=_pad]` (and `_flip`). Modes 'linear_ramp', 'maximum', 'mean', 'median', 'minimum', 'empty' and a callable mode, `reflect_type='odd'` and per-axis `constant_values` are not supported yet. (`jax.numpy.pad`) */
  pad(array: ArrayLike, padWidth: Data, keywords?: NumpyKeywords['pad']): JaxArray;
  pad(array: ArrayLike, padWidth: Data, mode: string, keywords?: NumpyKeywords['pad']): JaxArray;
  /** The columns in reverse order (axis 1 flipped). Inlined: JAX wraps it in a nested `jit[name=_flip]`. (`jax.numpy.fliplr`) */
  fliplr(m: ArrayLike, keywords?: NumpyKeywords['fliplr']): JaxArray;
  /** The rows in reverse order (axis 0 flipped). Inlined: JAX wraps it in a nested `jit[name=_flip]`. (`jax.numpy.flipud`) */
  flipud(m: ArrayLike, keywords?: NumpyKeywords['flipud']): JaxArray;
  /** A 1-D array laid on diagonal `k` of a square matrix, or a matrix's `k`-th diagonal. Inlined: JAX wraps it in nested `jit`s (`_diag`, `_where` / `diagonal`); a square matrix's diagonal is a `gather` (JAX stages a platform-dependent `cond`). (`jax.numpy.diag`) */
  diag(v: ArrayLike, keywords?: NumpyKeywords['diag']): JaxArray;
  diag(v: ArrayLike, k: number, keywords?: NumpyKeywords['diag']): JaxArray;
  /** The flattened input laid on diagonal `k` of a square matrix. JAX scatters into a flat array of zeros; jaxplay builds it as `diag` of the flattened input (same values). (`jax.numpy.diagflat`) */
  diagflat(v: ArrayLike, keywords?: NumpyKeywords['diagflat']): JaxArray;
  diagflat(v: ArrayLike, k: number, keywords?: NumpyKeywords['diagflat']): JaxArray;
  /** Einstein summation over a subscripts string ('ij,jk->ik', implicit output, `...`). Operands are contracted left to right (lone labels by `reduce_sum`, repeated ones by an `iota` mask, pairs by `dot_general`), as JAX does for one or two operands; for three or more JAX orders the contractions with opt_einsum, so the jaxpr may differ (the values do not). `optimize` is accepted and ignored. (`jax.numpy.einsum`) */
  einsum(subscripts: string, ...operands: ArrayLike[]): JaxArray;
  einsum(subscripts: string, ...operands: [...ArrayLike[], NumpyKeywords['einsum']]): JaxArray;
  /** The dot product of vectors along `axis`, broadcast over the other axes. Operands of different shapes, both of two or more dimensions, are multiplied and summed (JAX vmaps `vdot`). (`jax.numpy.vecdot`) */
  vecdot(x1: ArrayLike, x2: ArrayLike, keywords?: NumpyKeywords['vecdot']): JaxArray;
  /** A matrix times a vector (the last axes contracted). Inlined: JAX wraps it in a nested `jit[name=matvec]`. Batch dimensions are not supported yet. (`jax.numpy.matvec`) */
  matvec(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** A vector times a matrix (the vector against the matrix's second-to-last axis). Inlined: JAX wraps it in a nested `jit[name=vecmat]`. Batch dimensions are not supported yet. (`jax.numpy.vecmat`) */
  vecmat(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** The cross product of 2- or 3-component vectors (along the last axis by default). Inlined: JAX wraps it in a nested `jit[name=cross]`. (`jax.numpy.cross`) */
  cross(a: ArrayLike, b: ArrayLike, keywords?: NumpyKeywords['cross']): JaxArray;
  cross(a: ArrayLike, b: ArrayLike, axisa: number, keywords?: NumpyKeywords['cross']): JaxArray;
  cross(a: ArrayLike, b: ArrayLike, axisa: number, axisb: number, keywords?: NumpyKeywords['cross']): JaxArray;
  cross(a: ArrayLike, b: ArrayLike, axisa: number, axisb: number, axisc: number, keywords?: NumpyKeywords['cross']): JaxArray;
  cross(a: ArrayLike, b: ArrayLike, axisa: number, axisb: number, axisc: number, axis: number | null, keywords?: NumpyKeywords['cross']): JaxArray;
  /** The last two axes swapped. (`jax.numpy.matrix_transpose`) */
  matrixTranspose(x: ArrayLike): JaxArray;
  /** The axes permuted as `axes` lists them. (`jax.numpy.permute_dims`) */
  permuteDims(a: ArrayLike, axes: Axis, keywords?: NumpyKeywords['permuteDims']): JaxArray;
  /** The slices along `axis`, as a tuple. JAX 0.10.2 binds an `unstack` primitive; jaxplay slices and squeezes each. (`jax.numpy.unstack`) */
  unstack(x: ArrayLike, keywords?: NumpyKeywords['unstack']): JaxArray[];
  /** `split` along axis 2 (for arrays of three or more dimensions). JAX prints the `split` sizes as `np.int64(n)`; jaxplay prints plain ints. (`jax.numpy.dsplit`) */
  dsplit(ary: ArrayLike, indicesOrSections: Axis, keywords?: NumpyKeywords['dsplit']): JaxArray[];
  /** The shape the given shapes broadcast to, as a tuple. (`jax.numpy.broadcast_shapes`) */
  broadcastShapes(...shapes: ArrayLike[]): number[];
  /** The dtype JAX's promotion gives the arguments (arrays, Python scalars or dtypes). (`jax.numpy.result_type`) */
  resultType(...args: ArrayLike[]): DTypeName;
  /** The dtype two dtypes promote to. (`jax.numpy.promote_types`) */
  promoteTypes(a: DTypeLike, b: DTypeLike, keywords?: NumpyKeywords['promoteTypes']): DTypeName;
  /** Whether the argument is a scalar: a Python number or a 0-d array. (`jax.numpy.isscalar`) */
  isscalar(element: ArrayLike, keywords?: NumpyKeywords['isscalar']): boolean;
  /** Whether each element is among `test_elements` (compared all against all). Inlined: JAX wraps it in a nested `jit[name=_in1d]`. `method` is accepted and ignored (always the all-pairs comparison). (`jax.numpy.isin`) */
  isin(element: ArrayLike, testElements: ArrayLike, keywords?: NumpyKeywords['isin']): JaxArray;
  isin(element: ArrayLike, testElements: ArrayLike, assumeUnique: boolean, keywords?: NumpyKeywords['isin']): JaxArray;
  isin(element: ArrayLike, testElements: ArrayLike, assumeUnique: boolean, invert: boolean, keywords?: NumpyKeywords['isin']): JaxArray;
  /** From the first choice whose condition holds, elementwise, else `default`. JAX 0.10.2 binds a `stack` primitive; jaxplay stacks with `broadcast_in_dim` and `concatenate`. (`jax.numpy.select`) */
  select(condlist: ArrayLike[] | JaxArray, choicelist: ArrayLike[] | JaxArray, keywords?: NumpyKeywords['select']): JaxArray;
  select(condlist: ArrayLike[] | JaxArray, choicelist: ArrayLike[] | JaxArray, default_: ArrayLike, keywords?: NumpyKeywords['select']): JaxArray;
  /** Running product along an axis (optional for 1-D input), optionally starting with 1. Not differentiable yet (JAX's rule differentiates an associative scan). (`jax.numpy.cumulative_prod`) */
  cumulativeProd(x: ArrayLike, keywords?: NumpyKeywords['cumulativeProd']): JaxArray;
  /** Index (int32) of the first maximum ignoring NaNs; -1 where every element is NaN. Inlined: JAX wraps it in nested `jit[name=_nanargmax]` and `jit[name=_where]`s. (`jax.numpy.nanargmax`) */
  nanargmax(a: ArrayLike, keywords?: NumpyKeywords['nanargmax']): JaxArray;
  nanargmax(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['nanargmax']): JaxArray;
  nanargmax(a: ArrayLike, axis: number | null, out: null, keywords?: NumpyKeywords['nanargmax']): JaxArray;
  nanargmax(a: ArrayLike, axis: number | null, out: null, keepdims: boolean | null, keywords?: NumpyKeywords['nanargmax']): JaxArray;
  /** Index (int32) of the first minimum ignoring NaNs; -1 where every element is NaN. Inlined: JAX wraps it in nested `jit[name=_nanargmin]` and `jit[name=_where]`s. (`jax.numpy.nanargmin`) */
  nanargmin(a: ArrayLike, keywords?: NumpyKeywords['nanargmin']): JaxArray;
  nanargmin(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['nanargmin']): JaxArray;
  nanargmin(a: ArrayLike, axis: number | null, out: null, keywords?: NumpyKeywords['nanargmin']): JaxArray;
  nanargmin(a: ArrayLike, axis: number | null, out: null, keepdims: boolean | null, keywords?: NumpyKeywords['nanargmin']): JaxArray;
  /** Running product along an axis, NaNs counted as one. Inlined: JAX wraps it in nested `jit[name=nancumprod]` and `jit[name=_where]`. Not differentiable yet. (`jax.numpy.nancumprod`) */
  nancumprod(a: ArrayLike, keywords?: NumpyKeywords['nancumprod']): JaxArray;
  nancumprod(a: ArrayLike, axis: number | null, keywords?: NumpyKeywords['nancumprod']): JaxArray;
  nancumprod(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nancumprod']): JaxArray;
  nancumprod(a: ArrayLike, axis: number | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nancumprod']): JaxArray;
  /** Product over the given axes, NaNs counted as one. Inlined: JAX wraps it in nested `jit[name=nanprod]` and `jit[name=_where]`. (`jax.numpy.nanprod`) */
  nanprod(a: ArrayLike, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, keywords?: NumpyKeywords['nanprod']): JaxArray;
  nanprod(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keepdims: boolean, initial: ArrayLike | null, where: ArrayLike | null, keywords?: NumpyKeywords['nanprod']): JaxArray;
  /** Variance over the given axes of the elements that are not NaN, dividing by their count less `ddof`. Inlined: JAX wraps it in nested `jit`s (`nanvar`, `nanmean`, `nansum`, `_where`). `where` and `mean` are not supported yet. (`jax.numpy.nanvar`) */
  nanvar(a: ArrayLike, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, where: null, keywords?: NumpyKeywords['nanvar']): JaxArray;
  nanvar(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, where: null, mean: null, keywords?: NumpyKeywords['nanvar']): JaxArray;
  /** Standard deviation over the given axes of the elements that are not NaN. Inlined: JAX wraps it in nested `jit`s (`nanstd`, `nanvar`, `nanmean`, `nansum`, `_where`). `where` and `mean` are not supported yet. (`jax.numpy.nanstd`) */
  nanstd(a: ArrayLike, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, where: null, keywords?: NumpyKeywords['nanstd']): JaxArray;
  nanstd(a: ArrayLike, axis: Axis | null, dtype: DTypeLike | null, out: null, ddof: number, keepdims: boolean, where: null, mean: null, keywords?: NumpyKeywords['nanstd']): JaxArray;
  /** The covariance matrix of the rows (variables) of `m` (and `y`), observations along the columns unless `rowvar=False`. Inlined: JAX wraps it in nested `jit[name=cov]` and `jit[name=atleast_2d]`. `fweights` and `aweights` are not supported yet. (`jax.numpy.cov`) */
  cov(m: ArrayLike, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, bias: boolean, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, bias: boolean, ddof: number | null, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, bias: boolean, ddof: number | null, fweights: null, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, bias: boolean, ddof: number | null, fweights: null, aweights: null, keywords?: NumpyKeywords['cov']): JaxArray;
  cov(m: ArrayLike, y: ArrayLike | null, rowvar: boolean, bias: boolean, ddof: number | null, fweights: null, aweights: null, dtype: DTypeLike | null, keywords?: NumpyKeywords['cov']): JaxArray;
  /** Pearson correlation coefficients: `cov` normalised by the standard deviations, clipped to [-1, 1]. Inlined: JAX wraps it in nested `jit`s; the diagonal is a `gather` (JAX stages a platform-dependent `cond`). (`jax.numpy.corrcoef`) */
  corrcoef(x: ArrayLike, keywords?: NumpyKeywords['corrcoef']): JaxArray;
  corrcoef(x: ArrayLike, y: ArrayLike | null, keywords?: NumpyKeywords['corrcoef']): JaxArray;
  corrcoef(x: ArrayLike, y: ArrayLike | null, rowvar: boolean, keywords?: NumpyKeywords['corrcoef']): JaxArray;
  corrcoef(x: ArrayLike, y: ArrayLike | null, rowvar: boolean, dtype: DTypeLike | null, keywords?: NumpyKeywords['corrcoef']): JaxArray;
  /** The integral of `y` along `axis` by the trapezoidal rule, at sample points `x` or spacing `dx`. Inlined: JAX wraps it in nested `jit[name=trapezoid]` (and `diff`). An array `dx` is not supported yet. (`jax.numpy.trapezoid`) */
  trapezoid(y: ArrayLike, keywords?: NumpyKeywords['trapezoid']): JaxArray;
  trapezoid(y: ArrayLike, x: ArrayLike | null, keywords?: NumpyKeywords['trapezoid']): JaxArray;
  trapezoid(y: ArrayLike, x: ArrayLike | null, dx: ArrayLike, keywords?: NumpyKeywords['trapezoid']): JaxArray;
  trapezoid(y: ArrayLike, x: ArrayLike | null, dx: ArrayLike, axis: number, keywords?: NumpyKeywords['trapezoid']): JaxArray;
  /** The phases with jumps larger than `discont` (half the period) taken back by whole periods. Inlined: JAX wraps it in nested `jit`s (`unwrap`, `diff`, `remainder`, `_where`, `cumsum`). (`jax.numpy.unwrap`) */
  unwrap(p: ArrayLike, keywords?: NumpyKeywords['unwrap']): JaxArray;
  unwrap(p: ArrayLike, discont: ArrayLike | null, keywords?: NumpyKeywords['unwrap']): JaxArray;
  unwrap(p: ArrayLike, discont: ArrayLike | null, axis: number, keywords?: NumpyKeywords['unwrap']): JaxArray;
  unwrap(p: ArrayLike, discont: ArrayLike | null, axis: number, period: ArrayLike, keywords?: NumpyKeywords['unwrap']): JaxArray;
  /** The discrete convolution of two 1-D arrays (`mode` 'full', 'same' or 'valid'). Inlined: JAX wraps it in nested `jit[name=convolve]`, `jit[name=_conv]` and `jit[name=_flip]`. (`jax.numpy.convolve`) */
  convolve(a: ArrayLike, v: ArrayLike, keywords?: NumpyKeywords['convolve']): JaxArray;
  convolve(a: ArrayLike, v: ArrayLike, mode: string, keywords?: NumpyKeywords['convolve']): JaxArray;
  /** The cross-correlation of two 1-D arrays (`mode` 'valid', 'same' or 'full'). Inlined: JAX wraps it in nested `jit[name=correlate]` and `jit[name=_conv]`. (`jax.numpy.correlate`) */
  correlate(a: ArrayLike, v: ArrayLike, keywords?: NumpyKeywords['correlate']): JaxArray;
  correlate(a: ArrayLike, v: ArrayLike, mode: string, keywords?: NumpyKeywords['correlate']): JaxArray;
  /** The polynomial with coefficients `p` (highest power first) at `x`, by Horner's rule. JAX runs Horner's rule in a `scan`; jaxplay unrolls it (`unroll` is accepted and ignored). (`jax.numpy.polyval`) */
  polyval(p: ArrayLike, x: ArrayLike, keywords?: NumpyKeywords['polyval']): JaxArray;
  /** The sum of two polynomials (coefficients highest power first). JAX adds with a `scatter-add`; jaxplay pads the shorter with zeros and adds (same values). (`jax.numpy.polyadd`) */
  polyadd(a1: ArrayLike, a2: ArrayLike, keywords?: NumpyKeywords['polyadd']): JaxArray;
  /** The difference of two polynomials (coefficients highest power first). JAX adds with a `scatter-add`; jaxplay pads the shorter with zeros and adds (same values). (`jax.numpy.polysub`) */
  polysub(a1: ArrayLike, a2: ArrayLike, keywords?: NumpyKeywords['polysub']): JaxArray;
  /** The product of two polynomials: the full convolution of their coefficients. Inlined: JAX wraps it in nested `jit[name=convolve]`, `jit[name=_conv]` and `jit[name=_flip]`. `trim_leading_zeros=True` is not supported. (`jax.numpy.polymul`) */
  polymul(a1: ArrayLike, a2: ArrayLike, keywords?: NumpyKeywords['polymul']): JaxArray;
  /** The `m`-th derivative of a polynomial (coefficients highest power first). Inlined: JAX wraps it in a nested `jit[name=polyder]`. (`jax.numpy.polyder`) */
  polyder(p: ArrayLike, keywords?: NumpyKeywords['polyder']): JaxArray;
  polyder(p: ArrayLike, m: number, keywords?: NumpyKeywords['polyder']): JaxArray;
  /** The Vandermonde matrix: columns of powers of `x` (decreasing unless `increasing`). Inlined: JAX wraps it in a nested `jit[name=vander]`. (`jax.numpy.vander`) */
  vander(x: ArrayLike, keywords?: NumpyKeywords['vander']): JaxArray;
  vander(x: ArrayLike, N: number | null, keywords?: NumpyKeywords['vander']): JaxArray;
  vander(x: ArrayLike, N: number | null, increasing: boolean, keywords?: NumpyKeywords['vander']): JaxArray;
  /** The mantissa (in [0.5, 1), float32) and the int32 exponent of each element. Inlined: JAX wraps the body in a nested `jit` and a `custom_jvp_call`; jaxplay's mantissa has no gradient. (`jax.numpy.frexp`) */
  frexp(x: ArrayLike): JaxArray[];
  /** `x1 * 2 ** x2` for an integer `x2`. Inlined: JAX wraps it in nested `jit`s and `frexp`'s `custom_jvp_call`. (`jax.numpy.ldexp`) */
  ldexp(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** The fractional and whole parts of each element, both with its sign. Inlined: JAX wraps it in nested `jit[name=modf]` and `jit[name=_where]`. (`jax.numpy.modf`) */
  modf(x: ArrayLike, keywords?: NumpyKeywords['modf']): JaxArray[];
  modf(x: ArrayLike, out: null, keywords?: NumpyKeywords['modf']): JaxArray[];
}

/** The keyword arguments of each function of `Numpy`. */
export interface NumpyKeywords {
  add: { out?: null; where?: null };
  subtract: { out?: null; where?: null };
  multiply: { out?: null; where?: null };
  negative: { out?: null; where?: null };
  sum: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null; promote_integers?: boolean; promoteIntegers?: boolean };
  mean: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; where?: ArrayLike | null };
  reshape: { a?: ArrayLike; shape?: ShapeLike; order?: string; copy?: null; out_sharding?: null; outSharding?: null };
  ravel: { a?: ArrayLike; order?: string; out_sharding?: null; outSharding?: null };
  transpose: { a?: ArrayLike; axes?: Axis | null };
  moveaxis: { a?: ArrayLike; source?: Axis; destination?: Axis };
  swapaxes: { a?: ArrayLike; axis1?: number; axis2?: number };
  squeeze: { a?: ArrayLike; axis?: Axis | null };
  expandDims: { a?: ArrayLike; axis?: Axis };
  flip: { m?: ArrayLike; axis?: Axis | null };
  broadcastTo: { array?: ArrayLike; shape?: ShapeLike; out_sharding?: null; outSharding?: null };
  shape: { a?: ArrayLike };
  ndim: { a?: ArrayLike };
  size: { a?: ArrayLike; axis?: Axis | null };
  astype: { copy?: boolean; device?: null };
  zeros: { shape?: ShapeLike; dtype?: DTypeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  ones: { shape?: ShapeLike; dtype?: DTypeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  empty: { shape?: ShapeLike; dtype?: DTypeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  full: { shape?: ShapeLike; fill_value?: ArrayLike; fillValue?: ArrayLike; dtype?: DTypeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  zerosLike: { a?: ArrayLike; dtype?: DTypeLike | null; shape?: ShapeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  onesLike: { a?: ArrayLike; dtype?: DTypeLike | null; shape?: ShapeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  emptyLike: { prototype?: ArrayLike; dtype?: DTypeLike | null; shape?: ShapeLike | null; device?: null };
  fullLike: { a?: ArrayLike; fill_value?: ArrayLike; fillValue?: ArrayLike; dtype?: DTypeLike | null; shape?: ShapeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  eye: { N?: number; M?: number | null; k?: number; dtype?: DTypeLike | null; device?: null };
  identity: { n?: number; dtype?: DTypeLike | null };
  arange: { start?: ArrayLike; stop?: ArrayLike | null; step?: ArrayLike | null; dtype?: DTypeLike | null; device?: null; out_sharding?: null; outSharding?: null };
  max: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  min: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  prod: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null; promote_integers?: boolean; promoteIntegers?: boolean };
  all: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; where?: ArrayLike | null };
  any: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; where?: ArrayLike | null };
  argmax: { a?: ArrayLike; axis?: number | null; out?: null; keepdims?: boolean | null };
  argmin: { a?: ArrayLike; axis?: number | null; out?: null; keepdims?: boolean | null };
  cumsum: { a?: ArrayLike; axis?: number | null; dtype?: DTypeLike | null; out?: null };
  cumprod: { a?: ArrayLike; axis?: number | null; dtype?: DTypeLike | null; out?: null };
  nancumsum: { a?: ArrayLike; axis?: number | null; dtype?: DTypeLike | null; out?: null };
  cumulativeSum: { axis?: number | null; dtype?: DTypeLike | null; include_initial?: boolean; includeInitial?: boolean };
  sort: { a?: ArrayLike; axis?: number; kind?: null; order?: null; stable?: boolean; descending?: boolean };
  argsort: { a?: ArrayLike; axis?: number; kind?: null; order?: null; stable?: boolean; descending?: boolean; dtype?: DTypeLike | null };
  ptp: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean };
  var: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; ddof?: number; keepdims?: boolean; where?: null; mean?: null; correction?: number | null };
  std: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; ddof?: number; keepdims?: boolean; where?: null; mean?: null; correction?: number | null };
  nansum: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  nanmean: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; where?: null };
  nanmax: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  nanmin: { a?: ArrayLike; axis?: Axis | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  average: { a?: ArrayLike; axis?: Axis | null; weights?: ArrayLike | null; returned?: boolean; keepdims?: boolean };
  countNonzero: { a?: ArrayLike; axis?: Axis | null; keepdims?: boolean };
  dot: { a?: ArrayLike; b?: ArrayLike; precision?: null; preferred_element_type?: null; preferredElementType?: null; out_sharding?: null; outSharding?: null };
  matmul: { a?: ArrayLike; b?: ArrayLike; precision?: null; preferred_element_type?: null; preferredElementType?: null; out_sharding?: null; outSharding?: null };
  vdot: { a?: ArrayLike; b?: ArrayLike; precision?: null; preferred_element_type?: null; preferredElementType?: null };
  inner: { a?: ArrayLike; b?: ArrayLike; precision?: null; preferred_element_type?: null; preferredElementType?: null };
  outer: { a?: ArrayLike; b?: ArrayLike; out?: null };
  tensordot: { a?: ArrayLike; b?: ArrayLike; axes?: Axis; precision?: null; preferred_element_type?: null; preferredElementType?: null; out_sharding?: null; outSharding?: null };
  kron: { a?: ArrayLike; b?: ArrayLike };
  trace: { a?: ArrayLike; offset?: number; axis1?: number; axis2?: number; dtype?: DTypeLike | null; out?: null };
  tril: { m?: ArrayLike; k?: number };
  triu: { m?: ArrayLike; k?: number };
  concatenate: { arrays?: ArrayLike[] | JaxArray; axis?: number; dtype?: DTypeLike | null };
  concat: { axis?: number };
  stack: { arrays?: ArrayLike[] | JaxArray; axis?: number; out?: null; dtype?: DTypeLike | null };
  hstack: { tup?: ArrayLike[] | JaxArray; dtype?: DTypeLike | null };
  vstack: { tup?: ArrayLike[] | JaxArray; dtype?: DTypeLike | null };
  dstack: { tup?: ArrayLike[] | JaxArray; dtype?: DTypeLike | null };
  columnStack: { tup?: ArrayLike[] | JaxArray };
  split: { ary?: ArrayLike; indices_or_sections?: Axis; indicesOrSections?: Axis; axis?: number };
  arraySplit: { ary?: ArrayLike; indices_or_sections?: Axis; indicesOrSections?: Axis; axis?: number };
  hsplit: { ary?: ArrayLike; indices_or_sections?: Axis; indicesOrSections?: Axis };
  vsplit: { ary?: ArrayLike; indices_or_sections?: Axis; indicesOrSections?: Axis };
  append: { arr?: ArrayLike; values?: ArrayLike; axis?: number | null };
  tile: { A?: ArrayLike; reps?: ShapeLike };
  repeat: { a?: ArrayLike; repeats?: ArrayLike; axis?: number | null; total_repeat_length?: null; totalRepeatLength?: null; out_sharding?: null; outSharding?: null };
  diff: { a?: ArrayLike; n?: number; axis?: number; prepend?: ArrayLike | null; append?: ArrayLike | null };
  ediff1d: { ary?: ArrayLike; to_end?: ArrayLike | null; toEnd?: ArrayLike | null; to_begin?: ArrayLike | null; toBegin?: ArrayLike | null };
  roll: { a?: ArrayLike; shift?: Axis; axis?: Axis | null };
  rot90: { m?: ArrayLike; k?: number; axes?: Axis | null };
  take: { a?: ArrayLike; indices?: ArrayLike; axis?: number | null; out?: null; mode?: string | null; unique_indices?: boolean; uniqueIndices?: boolean; indices_are_sorted?: boolean; indicesAreSorted?: boolean; fill_value?: null; fillValue?: null };
  takeAlongAxis: { arr?: ArrayLike; indices?: ArrayLike; axis?: number; mode?: string | null; fill_value?: null; fillValue?: null; wrap_negative_indices?: null; wrapNegativeIndices?: null };
  diagonal: { a?: ArrayLike; offset?: number; axis1?: number; axis2?: number };
  trunc: { x?: ArrayLike };
  round: { a?: ArrayLike; decimals?: number; out?: null };
  around: { a?: ArrayLike; decimals?: number; out?: null };
  logaddexp: { out?: null; where?: null };
  logaddexp2: { out?: null; where?: null };
  maximum: { out?: null; where?: null };
  minimum: { out?: null; where?: null };
  fmax: { x1?: ArrayLike; x2?: ArrayLike };
  fmin: { x1?: ArrayLike; x2?: ArrayLike };
  clip: { min?: ArrayLike | null; max?: ArrayLike | null };
  isposinf: { out?: null };
  isneginf: { out?: null };
  nanToNum: { x?: ArrayLike; copy?: boolean; nan?: ArrayLike; posinf?: ArrayLike | null; neginf?: ArrayLike | null };
  isclose: { a?: ArrayLike; b?: ArrayLike; rtol?: number; atol?: number; equal_nan?: boolean; equalNan?: boolean };
  allclose: { a?: ArrayLike; b?: ArrayLike; rtol?: number; atol?: number; equal_nan?: boolean; equalNan?: boolean };
  arrayEqual: { a1?: ArrayLike; a2?: ArrayLike; equal_nan?: boolean; equalNan?: boolean };
  arrayEquiv: { a1?: ArrayLike; a2?: ArrayLike };
  where: { size?: null; fill_value?: null; fillValue?: null };
  logicalAnd: { out?: null; where?: null };
  logicalOr: { out?: null; where?: null };
  logicalXor: { out?: null; where?: null };
  bitwiseAnd: { out?: null; where?: null };
  bitwiseOr: { out?: null; where?: null };
  bitwiseXor: { out?: null; where?: null };
  linspace: { start?: ArrayLike; stop?: ArrayLike; num?: number; endpoint?: boolean; retstep?: boolean; dtype?: DTypeLike | null; axis?: number; device?: null };
  logspace: { start?: ArrayLike; stop?: ArrayLike; num?: number; endpoint?: boolean; base?: ArrayLike; dtype?: DTypeLike | null; axis?: number };
  geomspace: { start?: ArrayLike; stop?: ArrayLike; num?: number; endpoint?: boolean; dtype?: DTypeLike | null; axis?: number };
  meshgrid: { copy?: boolean; sparse?: boolean; indexing?: string };
  indices: { dimensions?: ShapeLike; dtype?: DTypeLike | null; sparse?: boolean };
  tri: { N?: number; M?: number | null; k?: number; dtype?: DTypeLike | null };
  diagIndices: { n?: number; ndim?: number };
  diagIndicesFrom: { arr?: ArrayLike };
  bartlett: { M?: number };
  blackman: { M?: number };
  pad: { array?: ArrayLike; pad_width?: Data; padWidth?: Data; mode?: string; [keyword: string]: unknown };
  fliplr: { m?: ArrayLike };
  flipud: { m?: ArrayLike };
  diag: { v?: ArrayLike; k?: number };
  diagflat: { v?: ArrayLike; k?: number };
  einsum: { out?: null; optimize?: string; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null; _dot_general?: null; _dotGeneral?: null; out_sharding?: null; outSharding?: null };
  vecdot: { axis?: number; precision?: null; preferred_element_type?: null; preferredElementType?: null };
  cross: { a?: ArrayLike; b?: ArrayLike; axisa?: number; axisb?: number; axisc?: number; axis?: number | null };
  permuteDims: { axes?: Axis };
  unstack: { axis?: number };
  dsplit: { ary?: ArrayLike; indices_or_sections?: Axis; indicesOrSections?: Axis };
  promoteTypes: { a?: DTypeLike; b?: DTypeLike };
  isscalar: { element?: ArrayLike };
  isin: { element?: ArrayLike; test_elements?: ArrayLike; testElements?: ArrayLike; assume_unique?: boolean; assumeUnique?: boolean; invert?: boolean; method?: string };
  select: { condlist?: ArrayLike[] | JaxArray; choicelist?: ArrayLike[] | JaxArray; default?: ArrayLike };
  cumulativeProd: { axis?: number | null; dtype?: DTypeLike | null; include_initial?: boolean; includeInitial?: boolean };
  nanargmax: { a?: ArrayLike; axis?: number | null; out?: null; keepdims?: boolean | null };
  nanargmin: { a?: ArrayLike; axis?: number | null; out?: null; keepdims?: boolean | null };
  nancumprod: { a?: ArrayLike; axis?: number | null; dtype?: DTypeLike | null; out?: null };
  nanprod: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; keepdims?: boolean; initial?: ArrayLike | null; where?: ArrayLike | null };
  nanvar: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; ddof?: number; keepdims?: boolean; where?: null; mean?: null };
  nanstd: { a?: ArrayLike; axis?: Axis | null; dtype?: DTypeLike | null; out?: null; ddof?: number; keepdims?: boolean; where?: null; mean?: null };
  cov: { m?: ArrayLike; y?: ArrayLike | null; rowvar?: boolean; bias?: boolean; ddof?: number | null; fweights?: null; aweights?: null; dtype?: DTypeLike | null };
  corrcoef: { x?: ArrayLike; y?: ArrayLike | null; rowvar?: boolean; dtype?: DTypeLike | null };
  trapezoid: { y?: ArrayLike; x?: ArrayLike | null; dx?: ArrayLike; axis?: number };
  unwrap: { p?: ArrayLike; discont?: ArrayLike | null; axis?: number; period?: ArrayLike };
  convolve: { a?: ArrayLike; v?: ArrayLike; mode?: string; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null };
  correlate: { a?: ArrayLike; v?: ArrayLike; mode?: string; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null };
  polyval: { p?: ArrayLike; x?: ArrayLike; unroll?: number };
  polyadd: { a1?: ArrayLike; a2?: ArrayLike };
  polysub: { a1?: ArrayLike; a2?: ArrayLike };
  polymul: { a1?: ArrayLike; a2?: ArrayLike; trim_leading_zeros?: boolean; trimLeadingZeros?: boolean };
  polyder: { p?: ArrayLike; m?: number };
  vander: { x?: ArrayLike; N?: number | null; increasing?: boolean };
  modf: { out?: null };
}

/** The functions of `jax.numpy.linalg` (`jnp.linalg` in JS) from the API table. */
export interface Linalg {
  /** Cholesky factor of a symmetric positive-definite matrix (lower, or upper with upper=True). (`jax.numpy.linalg.cholesky`) */
  cholesky(a: ArrayLike, keywords?: LinalgKeywords['cholesky']): JaxArray;
  /** Cross product of 3-vectors along an axis. (`jax.numpy.linalg.cross`) */
  cross(x1: ArrayLike, x2: ArrayLike, keywords?: LinalgKeywords['cross']): JaxArray;
  /** Determinant of each square matrix. Matrices beyond 3x3 are differentiated through lu, not JAX's custom_jvp rule. (`jax.numpy.linalg.det`) */
  det(a: ArrayLike, keywords?: LinalgKeywords['det']): JaxArray;
  /** Diagonal of the last two axes. Taken with slice and a masked sum, not gather. (`jax.numpy.linalg.diagonal`) */
  diagonal(x: ArrayLike, keywords?: LinalgKeywords['diagonal']): JaxArray;
  /** Eigenvalues (ascending) and eigenvectors of a symmetric matrix, as a tuple (eigenvalues, eigenvectors). Returns a plain tuple, not an EighResult; eigenvectors may differ in sign. (`jax.numpy.linalg.eigh`) */
  eigh(a: ArrayLike, keywords?: LinalgKeywords['eigh']): JaxArray[];
  eigh(a: ArrayLike, UPLO: string | null, keywords?: LinalgKeywords['eigh']): JaxArray[];
  eigh(a: ArrayLike, UPLO: string | null, symmetrizeInput: boolean, keywords?: LinalgKeywords['eigh']): JaxArray[];
  /** Eigenvalues (ascending) of a symmetric matrix. (`jax.numpy.linalg.eigvalsh`) */
  eigvalsh(a: ArrayLike, keywords?: LinalgKeywords['eigvalsh']): JaxArray;
  eigvalsh(a: ArrayLike, UPLO: string, keywords?: LinalgKeywords['eigvalsh']): JaxArray;
  /** Inverse of each square matrix. Computed by lu and triangular_solve and differentiated through them, not JAX's custom_linear_solve. (`jax.numpy.linalg.inv`) */
  inv(a: ArrayLike, keywords?: LinalgKeywords['inv']): JaxArray;
  /** Least-squares solution of a x = b, as (x, residuals, rank, singular values). 2-D a only; numpy_resid=True is not supported. (`jax.numpy.linalg.lstsq`) */
  lstsq(a: ArrayLike, b: ArrayLike, keywords?: LinalgKeywords['lstsq']): JaxArray[];
  lstsq(a: ArrayLike, b: ArrayLike, rcond: number | null, keywords?: LinalgKeywords['lstsq']): JaxArray[];
  /** Matrix product with NumPy's broadcasting of leading dimensions. (`jax.numpy.linalg.matmul`) */
  matmul(x1: ArrayLike, x2: ArrayLike, keywords?: LinalgKeywords['matmul']): JaxArray;
  /** Norm of each matrix of the last two axes ('fro', 'nuc', 1, -1, 2, -2, inf, -inf). In JS, a numeric ord is passed as a string ('2', 'inf'). (`jax.numpy.linalg.matrix_norm`) */
  matrixNorm(x: ArrayLike, keywords?: LinalgKeywords['matrixNorm']): JaxArray;
  /** A square matrix raised to an integer power (negative powers invert it). (`jax.numpy.linalg.matrix_power`) */
  matrixPower(a: ArrayLike, n: number, keywords?: LinalgKeywords['matrixPower']): JaxArray;
  /** Number of singular values above rtol times the largest. hermitian=True is not supported. (`jax.numpy.linalg.matrix_rank`) */
  matrixRank(M: ArrayLike, keywords?: LinalgKeywords['matrixRank']): JaxArray;
  matrixRank(M: ArrayLike, rtol: ArrayLike | null, keywords?: LinalgKeywords['matrixRank']): JaxArray;
  /** The last two axes swapped. (`jax.numpy.linalg.matrix_transpose`) */
  matrixTranspose(x: ArrayLike): JaxArray;
  /** Product of a chain of matrices. Multiplied left to right, not in JAX's cheapest order (same values up to rounding). (`jax.numpy.linalg.multi_dot`) */
  multiDot(arrays: ArrayLike[] | JaxArray, keywords?: LinalgKeywords['multiDot']): JaxArray;
  /** Vector or matrix norm (ord and axis as NumPy's). In JS, a numeric ord is passed as a string ('2', 'inf'). (`jax.numpy.linalg.norm`) */
  norm(x: ArrayLike, keywords?: LinalgKeywords['norm']): JaxArray;
  norm(x: ArrayLike, ord: string | null, keywords?: LinalgKeywords['norm']): JaxArray;
  norm(x: ArrayLike, ord: string | null, axis: Axis | null, keywords?: LinalgKeywords['norm']): JaxArray;
  norm(x: ArrayLike, ord: string | null, axis: Axis | null, keepdims: boolean, keywords?: LinalgKeywords['norm']): JaxArray;
  /** Outer product of two vectors. (`jax.numpy.linalg.outer`) */
  outer(x1: ArrayLike, x2: ArrayLike): JaxArray;
  /** Moore-Penrose pseudo-inverse from the SVD. Differentiated through svd, not JAX's custom_jvp rule; hermitian=True is not supported. (`jax.numpy.linalg.pinv`) */
  pinv(a: ArrayLike, keywords?: LinalgKeywords['pinv']): JaxArray;
  pinv(a: ArrayLike, rtol: ArrayLike | null, keywords?: LinalgKeywords['pinv']): JaxArray;
  pinv(a: ArrayLike, rtol: ArrayLike | null, hermitian: boolean, keywords?: LinalgKeywords['pinv']): JaxArray;
  /** QR decomposition: (q, r), or r alone with mode='r'. Returns a plain tuple, not a QRResult; mode='raw' is not supported. (`jax.numpy.linalg.qr`) */
  qr(a: ArrayLike, keywords?: LinalgKeywords['qr']): JaxArray | JaxArray[];
  qr(a: ArrayLike, mode: string, keywords?: LinalgKeywords['qr']): JaxArray | JaxArray[];
  /** Sign and log of the absolute determinant, as a tuple (sign, logabsdet). Returns a plain tuple, not a SlogdetResult; method='qr' is not supported; differentiated through lu, not JAX's custom_jvp rule. (`jax.numpy.linalg.slogdet`) */
  slogdet(a: ArrayLike, keywords?: LinalgKeywords['slogdet']): JaxArray[];
  /** Solution x of a x = b (b a vector or a stack of matrices). Computed by lu and triangular_solve and differentiated through them, not JAX's custom_linear_solve. (`jax.numpy.linalg.solve`) */
  solve(a: ArrayLike, b: ArrayLike, keywords?: LinalgKeywords['solve']): JaxArray;
  /** Singular value decomposition: (u, s, vh), or s alone with compute_uv=False. Returns a plain tuple, not an SVDResult; singular vectors may differ in sign; hermitian=True and subset_by_index are not supported. (`jax.numpy.linalg.svd`) */
  svd(a: ArrayLike, keywords?: LinalgKeywords['svd']): JaxArray | JaxArray[];
  svd(a: ArrayLike, fullMatrices: boolean, keywords?: LinalgKeywords['svd']): JaxArray | JaxArray[];
  svd(a: ArrayLike, fullMatrices: boolean, computeUv: boolean, keywords?: LinalgKeywords['svd']): JaxArray | JaxArray[];
  svd(a: ArrayLike, fullMatrices: boolean, computeUv: boolean, hermitian: boolean, keywords?: LinalgKeywords['svd']): JaxArray | JaxArray[];
  svd(a: ArrayLike, fullMatrices: boolean, computeUv: boolean, hermitian: boolean, subsetByIndex: null, keywords?: LinalgKeywords['svd']): JaxArray | JaxArray[];
  /** Singular values, descending. (`jax.numpy.linalg.svdvals`) */
  svdvals(x: ArrayLike): JaxArray;
  /** Contraction over the last `axes` axes of `x1` and the first of `x2`, or over two lists of axes. (`jax.numpy.linalg.tensordot`) */
  tensordot(x1: ArrayLike, x2: ArrayLike, keywords?: LinalgKeywords['tensordot']): JaxArray;
  /** Sum of the diagonal of the last two axes. (`jax.numpy.linalg.trace`) */
  trace(x: ArrayLike, keywords?: LinalgKeywords['trace']): JaxArray;
  /** Dot product of vectors along an axis. (`jax.numpy.linalg.vecdot`) */
  vecdot(x1: ArrayLike, x2: ArrayLike, keywords?: LinalgKeywords['vecdot']): JaxArray;
  /** Vector norm over axes (all by default). In JS, a numeric ord is passed as a string ('2', 'inf'). (`jax.numpy.linalg.vector_norm`) */
  vectorNorm(x: ArrayLike, keywords?: LinalgKeywords['vectorNorm']): JaxArray;
}

/** The keyword arguments of each function of `Linalg`. */
export interface LinalgKeywords {
  cholesky: { a?: ArrayLike; upper?: boolean; symmetrize_input?: boolean; symmetrizeInput?: boolean };
  cross: { axis?: number };
  det: { a?: ArrayLike };
  diagonal: { offset?: number };
  eigh: { a?: ArrayLike; UPLO?: string | null; symmetrize_input?: boolean; symmetrizeInput?: boolean };
  eigvalsh: { a?: ArrayLike; UPLO?: string; symmetrize_input?: boolean; symmetrizeInput?: boolean };
  inv: { a?: ArrayLike };
  lstsq: { a?: ArrayLike; b?: ArrayLike; rcond?: number | null; numpy_resid?: boolean; numpyResid?: boolean };
  matmul: { precision?: null; preferred_element_type?: null; preferredElementType?: null };
  matrixNorm: { keepdims?: boolean; ord?: string };
  matrixPower: { a?: ArrayLike; n?: number };
  matrixRank: { M?: ArrayLike; rtol?: ArrayLike | null; hermitian?: boolean; tol?: ArrayLike | null };
  multiDot: { arrays?: ArrayLike[] | JaxArray; precision?: null };
  norm: { x?: ArrayLike; ord?: string | null; axis?: Axis | null; keepdims?: boolean };
  pinv: { a?: ArrayLike; rtol?: ArrayLike | null; hermitian?: boolean; rcond?: ArrayLike | null };
  qr: { a?: ArrayLike; mode?: string };
  slogdet: { a?: ArrayLike; method?: string | null };
  solve: { a?: ArrayLike; b?: ArrayLike };
  svd: { a?: ArrayLike; full_matrices?: boolean; fullMatrices?: boolean; compute_uv?: boolean; computeUv?: boolean; hermitian?: boolean; subset_by_index?: null; subsetByIndex?: null };
  tensordot: { axes?: Axis; precision?: null; preferred_element_type?: null; preferredElementType?: null; out_sharding?: null; outSharding?: null };
  trace: { offset?: number; dtype?: DTypeLike | null };
  vecdot: { axis?: number; precision?: null; preferred_element_type?: null; preferredElementType?: null };
  vectorNorm: { axis?: Axis | null; keepdims?: boolean; ord?: string };
}

/** The functions of `jax.lax` (`jax.lax` in JS) from the API table. */
export interface Lax {
  /** The real part of a complex array. jaxplay has no complex dtypes, so (as JAX for a real dtype) every call is refused. (`jax.lax.real`) */
  real(x: ArrayLike, keywords?: LaxKeywords['real']): JaxArray;
  /** The imaginary part of a complex array. jaxplay has no complex dtypes, so (as JAX for a real dtype) every call is refused. (`jax.lax.imag`) */
  imag(x: ArrayLike, keywords?: LaxKeywords['imag']): JaxArray;
  /** Rounds float32 values to a float format of `exponent_bits` and `mantissa_bits` (XLA's ReducePrecision), keeping the dtype. (`jax.lax.reduce_precision`) */
  reducePrecision(operand: ArrayLike, exponentBits: number, mantissaBits: number, keywords?: LaxKeywords['reducePrecision']): JaxArray;
  /** Elementwise x + y (same dtypes). (`jax.lax.add`) */
  add(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['add']): JaxArray;
  /** Elementwise x - y (same dtypes). (`jax.lax.sub`) */
  sub(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['sub']): JaxArray;
  /** Elementwise x * y (same dtypes). (`jax.lax.mul`) */
  mul(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['mul']): JaxArray;
  /** Elementwise x / y (same dtypes; integers round toward zero). (`jax.lax.div`) */
  div(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['div']): JaxArray;
  /** Elementwise -x. (`jax.lax.neg`) */
  neg(x: ArrayLike, keywords?: LaxKeywords['neg']): JaxArray;
  /** Elementwise maximum (same dtypes). (`jax.lax.max`) */
  max(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['max']): JaxArray;
  /** Elementwise minimum (same dtypes). (`jax.lax.min`) */
  min(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['min']): JaxArray;
  /** Elementwise x ** y (float x; y float or integer). (`jax.lax.pow`) */
  pow(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['pow']): JaxArray;
  /** Elementwise x ** y for a static integer y. (`jax.lax.integer_pow`) */
  integerPow(x: ArrayLike, y: number, keywords?: LaxKeywords['integerPow']): JaxArray;
  /** Elementwise remainder with the sign of x. (`jax.lax.rem`) */
  rem(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['rem']): JaxArray;
  /** Elementwise arctangent of x / y, by quadrant. (`jax.lax.atan2`) */
  atan2(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['atan2']): JaxArray;
  /** The next float after x1 towards x2. (`jax.lax.nextafter`) */
  nextafter(x1: ArrayLike, x2: ArrayLike, keywords?: LaxKeywords['nextafter']): JaxArray;
  /** Elementwise x * x. (`jax.lax.square`) */
  square(x: ArrayLike, keywords?: LaxKeywords['square']): JaxArray;
  /** Elementwise 1 / x (as integer_pow(x, -1)). (`jax.lax.reciprocal`) */
  reciprocal(x: ArrayLike, keywords?: LaxKeywords['reciprocal']): JaxArray;
  /** Elementwise absolute value. (`jax.lax.abs`) */
  abs(x: ArrayLike, keywords?: LaxKeywords['abs']): JaxArray;
  /** Elementwise sign (-1, 0 or 1). (`jax.lax.sign`) */
  sign(x: ArrayLike, keywords?: LaxKeywords['sign']): JaxArray;
  /** Elementwise floor. (`jax.lax.floor`) */
  floor(x: ArrayLike, keywords?: LaxKeywords['floor']): JaxArray;
  /** Elementwise ceiling. (`jax.lax.ceil`) */
  ceil(x: ArrayLike, keywords?: LaxKeywords['ceil']): JaxArray;
  /** Elementwise rounding: halves away from zero (0) or to even (1). `rounding_method` is the int (0 or 1), not the `lax.RoundingMethod` enum. (`jax.lax.round`) */
  round(x: ArrayLike, keywords?: LaxKeywords['round']): JaxArray;
  round(x: ArrayLike, roundingMethod: number, keywords?: LaxKeywords['round']): JaxArray;
  /** Elementwise: neither inf nor nan. (`jax.lax.is_finite`) */
  isFinite(x: ArrayLike, keywords?: LaxKeywords['isFinite']): JaxArray;
  /** Elementwise square root. (`jax.lax.sqrt`) */
  sqrt(x: ArrayLike, keywords?: LaxKeywords['sqrt']): JaxArray;
  /** Elementwise 1 / sqrt(x). (`jax.lax.rsqrt`) */
  rsqrt(x: ArrayLike, keywords?: LaxKeywords['rsqrt']): JaxArray;
  /** Elementwise cube root. (`jax.lax.cbrt`) */
  cbrt(x: ArrayLike, keywords?: LaxKeywords['cbrt']): JaxArray;
  /** Elementwise e ** x. (`jax.lax.exp`) */
  exp(x: ArrayLike, keywords?: LaxKeywords['exp']): JaxArray;
  /** Elementwise 2 ** x. (`jax.lax.exp2`) */
  exp2(x: ArrayLike, keywords?: LaxKeywords['exp2']): JaxArray;
  /** Elementwise natural logarithm. (`jax.lax.log`) */
  log(x: ArrayLike, keywords?: LaxKeywords['log']): JaxArray;
  /** Elementwise log(1 + x). (`jax.lax.log1p`) */
  log1p(x: ArrayLike, keywords?: LaxKeywords['log1p']): JaxArray;
  /** Elementwise e ** x - 1. (`jax.lax.expm1`) */
  expm1(x: ArrayLike, keywords?: LaxKeywords['expm1']): JaxArray;
  /** Elementwise hyperbolic tangent. (`jax.lax.tanh`) */
  tanh(x: ArrayLike, keywords?: LaxKeywords['tanh']): JaxArray;
  /** Elementwise 1 / (1 + e ** -x). (`jax.lax.logistic`) */
  logistic(x: ArrayLike, keywords?: LaxKeywords['logistic']): JaxArray;
  /** Elementwise sine. (`jax.lax.sin`) */
  sin(x: ArrayLike, keywords?: LaxKeywords['sin']): JaxArray;
  /** Elementwise cosine. (`jax.lax.cos`) */
  cos(x: ArrayLike, keywords?: LaxKeywords['cos']): JaxArray;
  /** Elementwise tangent. (`jax.lax.tan`) */
  tan(x: ArrayLike, keywords?: LaxKeywords['tan']): JaxArray;
  /** Elementwise arcsine. (`jax.lax.asin`) */
  asin(x: ArrayLike, keywords?: LaxKeywords['asin']): JaxArray;
  /** Elementwise arccosine. (`jax.lax.acos`) */
  acos(x: ArrayLike, keywords?: LaxKeywords['acos']): JaxArray;
  /** Elementwise arctangent. (`jax.lax.atan`) */
  atan(x: ArrayLike, keywords?: LaxKeywords['atan']): JaxArray;
  /** Elementwise hyperbolic sine. (`jax.lax.sinh`) */
  sinh(x: ArrayLike, keywords?: LaxKeywords['sinh']): JaxArray;
  /** Elementwise hyperbolic cosine. (`jax.lax.cosh`) */
  cosh(x: ArrayLike, keywords?: LaxKeywords['cosh']): JaxArray;
  /** Elementwise inverse hyperbolic sine. (`jax.lax.asinh`) */
  asinh(x: ArrayLike, keywords?: LaxKeywords['asinh']): JaxArray;
  /** Elementwise inverse hyperbolic cosine. (`jax.lax.acosh`) */
  acosh(x: ArrayLike, keywords?: LaxKeywords['acosh']): JaxArray;
  /** Elementwise inverse hyperbolic tangent. (`jax.lax.atanh`) */
  atanh(x: ArrayLike, keywords?: LaxKeywords['atanh']): JaxArray;
  /** Elementwise error function. (`jax.lax.erf`) */
  erf(x: ArrayLike, keywords?: LaxKeywords['erf']): JaxArray;
  /** Elementwise complementary error function. (`jax.lax.erfc`) */
  erfc(x: ArrayLike, keywords?: LaxKeywords['erfc']): JaxArray;
  /** Elementwise inverse error function. (`jax.lax.erf_inv`) */
  erfInv(x: ArrayLike, keywords?: LaxKeywords['erfInv']): JaxArray;
  /** Elementwise log of the absolute gamma function. (`jax.lax.lgamma`) */
  lgamma(x: ArrayLike, keywords?: LaxKeywords['lgamma']): JaxArray;
  /** Elementwise digamma (the derivative of lgamma). (`jax.lax.digamma`) */
  digamma(x: ArrayLike, keywords?: LaxKeywords['digamma']): JaxArray;
  /** Elementwise x == y (same dtypes). (`jax.lax.eq`) */
  eq(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['eq']): JaxArray;
  /** Elementwise x != y (same dtypes). (`jax.lax.ne`) */
  ne(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['ne']): JaxArray;
  /** Elementwise x < y (same dtypes). (`jax.lax.lt`) */
  lt(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['lt']): JaxArray;
  /** Elementwise x <= y (same dtypes). (`jax.lax.le`) */
  le(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['le']): JaxArray;
  /** Elementwise x > y (same dtypes). (`jax.lax.gt`) */
  gt(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['gt']): JaxArray;
  /** Elementwise x >= y (same dtypes). (`jax.lax.ge`) */
  ge(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['ge']): JaxArray;
  /** Per element, the case numbered by `which` (bool: False picks the first). (`jax.lax.select_n`) */
  selectN(which: ArrayLike, ...cases: ArrayLike[]): JaxArray;
  selectN(which: ArrayLike, ...cases: [...ArrayLike[], LaxKeywords['selectN']]): JaxArray;
  /** Per element, on_true where pred holds, else on_false (select_n(pred, on_false, on_true)). (`jax.lax.select`) */
  select(pred: ArrayLike, onTrue: ArrayLike, onFalse: ArrayLike, keywords?: LaxKeywords['select']): JaxArray;
  /** Elementwise x limited to [min, max] (same dtypes). (`jax.lax.clamp`) */
  clamp(min: ArrayLike, x: ArrayLike, max: ArrayLike, keywords?: LaxKeywords['clamp']): JaxArray;
  /** Elementwise and of ints or bools. (`jax.lax.bitwise_and`) */
  bitwiseAnd(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['bitwiseAnd']): JaxArray;
  /** Elementwise or of ints or bools. (`jax.lax.bitwise_or`) */
  bitwiseOr(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['bitwiseOr']): JaxArray;
  /** Elementwise exclusive or of ints or bools. (`jax.lax.bitwise_xor`) */
  bitwiseXor(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['bitwiseXor']): JaxArray;
  /** Elementwise not of ints or bools. (`jax.lax.bitwise_not`) */
  bitwiseNot(x: ArrayLike, keywords?: LaxKeywords['bitwiseNot']): JaxArray;
  /** Elementwise x << y. (`jax.lax.shift_left`) */
  shiftLeft(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['shiftLeft']): JaxArray;
  /** Elementwise x >> y, shifting in zeros. (`jax.lax.shift_right_logical`) */
  shiftRightLogical(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['shiftRightLogical']): JaxArray;
  /** Elementwise x >> y, shifting in the sign bit. (`jax.lax.shift_right_arithmetic`) */
  shiftRightArithmetic(x: ArrayLike, y: ArrayLike, keywords?: LaxKeywords['shiftRightArithmetic']): JaxArray;
  /** Elementwise number of set bits. (`jax.lax.population_count`) */
  populationCount(x: ArrayLike, keywords?: LaxKeywords['populationCount']): JaxArray;
  /** The operand converted to `new_dtype` (strongly typed). (`jax.lax.convert_element_type`) */
  convertElementType(operand: ArrayLike, newDtype: DTypeLike, keywords?: LaxKeywords['convertElementType']): JaxArray;
  /** The operand's bits read as another 32-bit dtype. (`jax.lax.bitcast_convert_type`) */
  bitcastConvertType(operand: ArrayLike, newDtype: DTypeLike, keywords?: LaxKeywords['bitcastConvertType']): JaxArray;
  /** Sum over `axes`. (`jax.lax.reduce_sum`) */
  reduceSum(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceSum']): JaxArray;
  /** Maximum over `axes`. (`jax.lax.reduce_max`) */
  reduceMax(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceMax']): JaxArray;
  /** Minimum over `axes`. (`jax.lax.reduce_min`) */
  reduceMin(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceMin']): JaxArray;
  /** Product over `axes`. (`jax.lax.reduce_prod`) */
  reduceProd(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceProd']): JaxArray;
  /** Bitwise and over `axes` (all, for bools). (`jax.lax.reduce_and`) */
  reduceAnd(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceAnd']): JaxArray;
  /** Bitwise or over `axes` (any, for bools). (`jax.lax.reduce_or`) */
  reduceOr(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceOr']): JaxArray;
  /** Bitwise exclusive or over `axes`. (`jax.lax.reduce_xor`) */
  reduceXor(operand: ArrayLike, axes: Axis, keywords?: LaxKeywords['reduceXor']): JaxArray;
  /** Index of the largest element along `axis` (the first, on ties). (`jax.lax.argmax`) */
  argmax(operand: ArrayLike, axis: number, indexDtype: DTypeLike, keywords?: LaxKeywords['argmax']): JaxArray;
  /** Index of the smallest element along `axis` (the first, on ties). (`jax.lax.argmin`) */
  argmin(operand: ArrayLike, axis: number, indexDtype: DTypeLike, keywords?: LaxKeywords['argmin']): JaxArray;
  /** Running sum along `axis`. (`jax.lax.cumsum`) */
  cumsum(operand: ArrayLike, keywords?: LaxKeywords['cumsum']): JaxArray;
  cumsum(operand: ArrayLike, axis: number, keywords?: LaxKeywords['cumsum']): JaxArray;
  cumsum(operand: ArrayLike, axis: number, reverse: boolean, keywords?: LaxKeywords['cumsum']): JaxArray;
  /** Running product along `axis`. (`jax.lax.cumprod`) */
  cumprod(operand: ArrayLike, keywords?: LaxKeywords['cumprod']): JaxArray;
  cumprod(operand: ArrayLike, axis: number, keywords?: LaxKeywords['cumprod']): JaxArray;
  cumprod(operand: ArrayLike, axis: number, reverse: boolean, keywords?: LaxKeywords['cumprod']): JaxArray;
  /** Running maximum along `axis`. (`jax.lax.cummax`) */
  cummax(operand: ArrayLike, keywords?: LaxKeywords['cummax']): JaxArray;
  cummax(operand: ArrayLike, axis: number, keywords?: LaxKeywords['cummax']): JaxArray;
  cummax(operand: ArrayLike, axis: number, reverse: boolean, keywords?: LaxKeywords['cummax']): JaxArray;
  /** Running minimum along `axis`. (`jax.lax.cummin`) */
  cummin(operand: ArrayLike, keywords?: LaxKeywords['cummin']): JaxArray;
  cummin(operand: ArrayLike, axis: number, keywords?: LaxKeywords['cummin']): JaxArray;
  cummin(operand: ArrayLike, axis: number, reverse: boolean, keywords?: LaxKeywords['cummin']): JaxArray;
  /** Running log-sum-exp along `axis`. (`jax.lax.cumlogsumexp`) */
  cumlogsumexp(operand: ArrayLike, keywords?: LaxKeywords['cumlogsumexp']): JaxArray;
  cumlogsumexp(operand: ArrayLike, axis: number, keywords?: LaxKeywords['cumlogsumexp']): JaxArray;
  cumlogsumexp(operand: ArrayLike, axis: number, reverse: boolean, keywords?: LaxKeywords['cumlogsumexp']): JaxArray;
  /** The operand sorted along `dimension`; a sequence of operands is sorted by its first `num_keys`. (`jax.lax.sort`) */
  sort(operand: ArrayLike[] | JaxArray, keywords?: LaxKeywords['sort']): JaxArray | JaxArray[];
  sort(operand: ArrayLike[] | JaxArray, dimension: number, keywords?: LaxKeywords['sort']): JaxArray | JaxArray[];
  sort(operand: ArrayLike[] | JaxArray, dimension: number, isStable: boolean, keywords?: LaxKeywords['sort']): JaxArray | JaxArray[];
  sort(operand: ArrayLike[] | JaxArray, dimension: number, isStable: boolean, numKeys: number, keywords?: LaxKeywords['sort']): JaxArray | JaxArray[];
  /** `keys` sorted along `dimension`, and `values` in the same order. (`jax.lax.sort_key_val`) */
  sortKeyVal(keys: ArrayLike, values: ArrayLike, keywords?: LaxKeywords['sortKeyVal']): JaxArray[];
  sortKeyVal(keys: ArrayLike, values: ArrayLike, dimension: number, keywords?: LaxKeywords['sortKeyVal']): JaxArray[];
  sortKeyVal(keys: ArrayLike, values: ArrayLike, dimension: number, isStable: boolean, keywords?: LaxKeywords['sortKeyVal']): JaxArray[];
  /** The k largest entries along `axis` and their int32 indices (ties: lower index first). (`jax.lax.top_k`) */
  topK(operand: ArrayLike, k: number, keywords?: LaxKeywords['topK']): JaxArray[];
  /** Contracts and batches the given dimensions of lhs and rhs. `dimension_numbers` is plain data, `((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch))` (lists in JS). (`jax.lax.dot_general`) */
  dotGeneral(lhs: ArrayLike, rhs: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['dotGeneral']): JaxArray;
  dotGeneral(lhs: ArrayLike, rhs: ArrayLike, dimensionNumbers: Data, precision: null, keywords?: LaxKeywords['dotGeneral']): JaxArray;
  dotGeneral(lhs: ArrayLike, rhs: ArrayLike, dimensionNumbers: Data, precision: null, preferredElementType: DTypeLike | null, keywords?: LaxKeywords['dotGeneral']): JaxArray;
  /** Vector or matrix product: the last axis of lhs against the first of rhs. (`jax.lax.dot`) */
  dot(lhs: ArrayLike, rhs: ArrayLike, keywords?: LaxKeywords['dot']): JaxArray;
  /** The operands joined along `dimension` (same dtypes). (`jax.lax.concatenate`) */
  concatenate(operands: ArrayLike[] | JaxArray, dimension: number, keywords?: LaxKeywords['concatenate']): JaxArray;
  /** The window of `slice_sizes` at traced `start_indices` (clamped into the operand). (`jax.lax.dynamic_slice`) */
  dynamicSlice(operand: ArrayLike, startIndices: ArrayLike[] | JaxArray, sliceSizes: ShapeLike, keywords?: LaxKeywords['dynamicSlice']): JaxArray;
  /** The operand with `update` written at traced `start_indices` (clamped). (`jax.lax.dynamic_update_slice`) */
  dynamicUpdateSlice(operand: ArrayLike, update: ArrayLike, startIndices: ArrayLike[] | JaxArray, keywords?: LaxKeywords['dynamicUpdateSlice']): JaxArray;
  /** `slice_size` elements from traced `start_index` along `axis`. (`jax.lax.dynamic_slice_in_dim`) */
  dynamicSliceInDim(operand: ArrayLike, startIndex: ArrayLike, sliceSize: number, keywords?: LaxKeywords['dynamicSliceInDim']): JaxArray;
  dynamicSliceInDim(operand: ArrayLike, startIndex: ArrayLike, sliceSize: number, axis: number, keywords?: LaxKeywords['dynamicSliceInDim']): JaxArray;
  /** The slice at traced `index` along `axis` (kept as a size-1 axis unless keepdims=False). JAX wraps the computation in a `jit` named dynamic_index_in_dim; jaxplay's jaxpr has its equations inline. (`jax.lax.dynamic_index_in_dim`) */
  dynamicIndexInDim(operand: ArrayLike, index: ArrayLike, keywords?: LaxKeywords['dynamicIndexInDim']): JaxArray;
  dynamicIndexInDim(operand: ArrayLike, index: ArrayLike, axis: number, keywords?: LaxKeywords['dynamicIndexInDim']): JaxArray;
  dynamicIndexInDim(operand: ArrayLike, index: ArrayLike, axis: number, keepdims: boolean, keywords?: LaxKeywords['dynamicIndexInDim']): JaxArray;
  /** The operand with `update` written at traced `index` along `axis`. JAX wraps the computation in a `jit` named dynamic_update_index_in_dim; jaxplay's jaxpr has its equations inline. (`jax.lax.dynamic_update_index_in_dim`) */
  dynamicUpdateIndexInDim(operand: ArrayLike, update: ArrayLike, index: ArrayLike, axis: number, keywords?: LaxKeywords['dynamicUpdateIndexInDim']): JaxArray;
  /** XLA's general gather: a `slice_sizes` window of the operand at each index vector. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `GatherDimensionNumbers` (offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims=(), start_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.gather`) */
  gather(operand: ArrayLike, startIndices: ArrayLike, dimensionNumbers: Data, sliceSizes: ShapeLike, keywords?: LaxKeywords['gather']): JaxArray;
  /** XLA's general scatter: the operand with each `updates` window written at its index vector. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.scatter`) */
  scatter(operand: ArrayLike, scatterIndices: ArrayLike, updates: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['scatter']): JaxArray;
  /** The operand with each `updates` window added at its index vector. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.scatter_add`) */
  scatterAdd(operand: ArrayLike, scatterIndices: ArrayLike, updates: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['scatterAdd']): JaxArray;
  /** The operand with each window multiplied by its `updates` window. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.scatter_mul`) */
  scatterMul(operand: ArrayLike, scatterIndices: ArrayLike, updates: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['scatterMul']): JaxArray;
  /** The operand with each window the minimum of itself and its `updates` window. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.scatter_min`) */
  scatterMin(operand: ArrayLike, scatterIndices: ArrayLike, updates: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['scatterMin']): JaxArray;
  /** The operand with each window the maximum of itself and its `updates` window. `dimension_numbers` is plain data: a tuple of int tuples in the field order of `ScatterDimensionNumbers` (update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=()); `mode` is a string ('clip', 'fill'/'drop', 'promise_in_bounds') or None. (`jax.lax.scatter_max`) */
  scatterMax(operand: ArrayLike, scatterIndices: ArrayLike, updates: ArrayLike, dimensionNumbers: Data, keywords?: LaxKeywords['scatterMax']): JaxArray;
  /** The slice at static `index` along `axis` (negative counts from the end). (`jax.lax.index_in_dim`) */
  indexInDim(operand: ArrayLike, index: number, keywords?: LaxKeywords['indexInDim']): JaxArray;
  indexInDim(operand: ArrayLike, index: number, axis: number, keywords?: LaxKeywords['indexInDim']): JaxArray;
  indexInDim(operand: ArrayLike, index: number, axis: number, keepdims: boolean, keywords?: LaxKeywords['indexInDim']): JaxArray;
  /** Elements `start_index:limit_index:stride` along `axis` (None for an end). (`jax.lax.slice_in_dim`) */
  sliceInDim(operand: ArrayLike, startIndex: number, limitIndex: number, keywords?: LaxKeywords['sliceInDim']): JaxArray;
  sliceInDim(operand: ArrayLike, startIndex: number, limitIndex: number, stride: number, keywords?: LaxKeywords['sliceInDim']): JaxArray;
  sliceInDim(operand: ArrayLike, startIndex: number, limitIndex: number, stride: number, axis: number, keywords?: LaxKeywords['sliceInDim']): JaxArray;
  /** The operand broadcast with new leading axes of `sizes`. (`jax.lax.broadcast`) */
  broadcast(operand: ArrayLike, sizes: ShapeLike, keywords?: LaxKeywords['broadcast']): JaxArray;
  /** The operand broadcast to `shape`, its axes landing at `broadcast_dimensions`. (`jax.lax.broadcast_in_dim`) */
  broadcastInDim(operand: ArrayLike, shape: ShapeLike, broadcastDimensions: Axis, keywords?: LaxKeywords['broadcastInDim']): JaxArray;
  /** The operand's elements (in `dimensions` order if given) under a new shape. With `dimensions`, jaxplay transposes first and reshapes (JAX: one reshape with a dimensions param). (`jax.lax.reshape`) */
  reshape(operand: ArrayLike, newSizes: ShapeLike, keywords?: LaxKeywords['reshape']): JaxArray;
  reshape(operand: ArrayLike, newSizes: ShapeLike, dimensions: Axis | null, keywords?: LaxKeywords['reshape']): JaxArray;
  /** Axes start_dimension..stop_dimension merged into one. (`jax.lax.collapse`) */
  collapse(operand: ArrayLike, startDimension: number, keywords?: LaxKeywords['collapse']): JaxArray;
  collapse(operand: ArrayLike, startDimension: number, stopDimension: number | null, keywords?: LaxKeywords['collapse']): JaxArray;
  /** The operand's axes permuted. (`jax.lax.transpose`) */
  transpose(operand: ArrayLike, permutation: Axis, keywords?: LaxKeywords['transpose']): JaxArray;
  /** The operand padded: (low, high, interior) elements of `padding_value` per axis. Negative (cropping) low and high padding is not supported yet. (`jax.lax.pad`) */
  pad(operand: ArrayLike, paddingValue: ArrayLike, paddingConfig: Data, keywords?: LaxKeywords['pad']): JaxArray;
  /** 0, 1, ..., size - 1 of `dtype`. (`jax.lax.iota`) */
  iota(dtype: DTypeLike, size: number, keywords?: LaxKeywords['iota']): JaxArray;
  /** An array of `shape` counting 0, 1, ... along `dimension`. (`jax.lax.broadcasted_iota`) */
  broadcastedIota(dtype: DTypeLike, shape: ShapeLike, dimension: number, keywords?: LaxKeywords['broadcastedIota']): JaxArray;
  /** An array of `shape` filled with `fill_value` (weakly typed if it is a Python scalar and no dtype is given). (`jax.lax.full`) */
  full(shape: ShapeLike, fillValue: ArrayLike, keywords?: LaxKeywords['full']): JaxArray;
  full(shape: ShapeLike, fillValue: ArrayLike, dtype: DTypeLike | null, keywords?: LaxKeywords['full']): JaxArray;
  /** An array like `x` (its shape and dtype unless given) filled with `fill_value`. (`jax.lax.full_like`) */
  fullLike(x: ArrayLike, fillValue: ArrayLike, keywords?: LaxKeywords['fullLike']): JaxArray;
  fullLike(x: ArrayLike, fillValue: ArrayLike, dtype: DTypeLike | null, keywords?: LaxKeywords['fullLike']): JaxArray;
  fullLike(x: ArrayLike, fillValue: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, keywords?: LaxKeywords['fullLike']): JaxArray;
  fullLike(x: ArrayLike, fillValue: ArrayLike, dtype: DTypeLike | null, shape: ShapeLike | null, sharding: null, keywords?: LaxKeywords['fullLike']): JaxArray;
  /** General N-d convolution with strides, padding, lhs/rhs dilation, dimension numbers and feature or batch groups. `dimension_numbers` may also be a `ConvDimensionNumbers` as plain data, three tuples of axes `(lhs_spec, rhs_spec, out_spec)` (lists in JS). Kernel taps on padding are skipped, so a NaN or infinite kernel value there never meets the padding's zero (XLA's CPU kernels multiply it for kernels of 3 or more taps, giving NaN). (`jax.lax.conv_general_dilated`) */
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, featureGroupCount: number, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, featureGroupCount: number, batchGroupCount: number, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, featureGroupCount: number, batchGroupCount: number, precision: null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, featureGroupCount: number, batchGroupCount: number, precision: null, preferredElementType: DTypeLike | null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  convGeneralDilated(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data | null, rhsDilation: Data | null, dimensionNumbers: Data | null, featureGroupCount: number, batchGroupCount: number, precision: null, preferredElementType: DTypeLike | null, outSharding: null, keywords?: LaxKeywords['convGeneralDilated']): JaxArray;
  /** Convolution in (batch, feature, spatial...) layout with strides and a padding mode. (`jax.lax.conv`) */
  conv(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, keywords?: LaxKeywords['conv']): JaxArray;
  conv(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, precision: null, keywords?: LaxKeywords['conv']): JaxArray;
  conv(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, precision: null, preferredElementType: DTypeLike | null, keywords?: LaxKeywords['conv']): JaxArray;
  /** Convolution with strides, padding and lhs/rhs dilation. (`jax.lax.conv_with_general_padding`) */
  convWithGeneralPadding(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data, rhsDilation: Data, keywords?: LaxKeywords['convWithGeneralPadding']): JaxArray;
  convWithGeneralPadding(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data, rhsDilation: Data, precision: null, keywords?: LaxKeywords['convWithGeneralPadding']): JaxArray;
  convWithGeneralPadding(lhs: ArrayLike, rhs: ArrayLike, windowStrides: Data, padding: Data, lhsDilation: Data, rhsDilation: Data, precision: null, preferredElementType: DTypeLike | null, keywords?: LaxKeywords['convWithGeneralPadding']): JaxArray;
  /** Transposed (fractionally strided) convolution, in TensorFlow's layouts by default. (`jax.lax.conv_transpose`) */
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, dimensionNumbers: Data | null, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, dimensionNumbers: Data | null, transposeKernel: boolean, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, dimensionNumbers: Data | null, transposeKernel: boolean, precision: null, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, dimensionNumbers: Data | null, transposeKernel: boolean, precision: null, preferredElementType: DTypeLike | null, keywords?: LaxKeywords['convTranspose']): JaxArray;
  convTranspose(lhs: ArrayLike, rhs: ArrayLike, strides: Data, padding: Data, rhsDilation: Data | null, dimensionNumbers: Data | null, transposeKernel: boolean, precision: null, preferredElementType: DTypeLike | null, useConsistentPadding: boolean, keywords?: LaxKeywords['convTranspose']): JaxArray;
  /** The operands reduced over `dimensions` by `computation(accumulated, next)`, starting from `init_values`. Operands are an array or a tuple of arrays (not deeper pytrees); a tuple comes back as a tuple, also for a list. (`jax.lax.reduce`) */
  reduce(operands: Data, initValues: Data, computation: (...args: any[]) => unknown, dimensions: Axis, keywords?: LaxKeywords['reduce']): JaxArray | JaxArray[];
  reduce(operands: Data, initValues: Data, computation: (...args: any[]) => unknown, dimensions: Axis, outSharding: null, keywords?: LaxKeywords['reduce']): JaxArray | JaxArray[];
  /** Each window of the operand reduced by `computation(accumulated, next)`, starting from `init_value`. Operands are an array or a tuple of arrays (not deeper pytrees). As in JAX, reverse-mode differentiation works for `lax.add`, `lax.max` and `lax.min` with their identities, not for other computations. (`jax.lax.reduce_window`) */
  reduceWindow(operand: Data, initValue: Data, computation: (...args: any[]) => unknown, windowDimensions: ShapeLike, keywords?: LaxKeywords['reduceWindow']): JaxArray | JaxArray[];
  reduceWindow(operand: Data, initValue: Data, computation: (...args: any[]) => unknown, windowDimensions: ShapeLike, windowStrides: ShapeLike | null, keywords?: LaxKeywords['reduceWindow']): JaxArray | JaxArray[];
  reduceWindow(operand: Data, initValue: Data, computation: (...args: any[]) => unknown, windowDimensions: ShapeLike, windowStrides: ShapeLike | null, padding: Data, keywords?: LaxKeywords['reduceWindow']): JaxArray | JaxArray[];
  reduceWindow(operand: Data, initValue: Data, computation: (...args: any[]) => unknown, windowDimensions: ShapeLike, windowStrides: ShapeLike | null, padding: Data, baseDilation: ShapeLike | null, keywords?: LaxKeywords['reduceWindow']): JaxArray | JaxArray[];
  reduceWindow(operand: Data, initValue: Data, computation: (...args: any[]) => unknown, windowDimensions: ShapeLike, windowStrides: ShapeLike | null, padding: Data, baseDilation: ShapeLike | null, windowDilation: ShapeLike | null, keywords?: LaxKeywords['reduceWindow']): JaxArray | JaxArray[];
}

/** The keyword arguments of each function of `Lax`. */
export interface LaxKeywords {
  real: { x?: ArrayLike };
  imag: { x?: ArrayLike };
  reducePrecision: { operand?: ArrayLike; exponent_bits?: number; exponentBits?: number; mantissa_bits?: number; mantissaBits?: number };
  add: { x?: ArrayLike; y?: ArrayLike };
  sub: { x?: ArrayLike; y?: ArrayLike };
  mul: { x?: ArrayLike; y?: ArrayLike; out_dtype?: null; outDtype?: null };
  div: { x?: ArrayLike; y?: ArrayLike };
  neg: { x?: ArrayLike };
  max: { x?: ArrayLike; y?: ArrayLike };
  min: { x?: ArrayLike; y?: ArrayLike };
  pow: { x?: ArrayLike; y?: ArrayLike };
  integerPow: { x?: ArrayLike; y?: number };
  rem: { x?: ArrayLike; y?: ArrayLike };
  atan2: { x?: ArrayLike; y?: ArrayLike };
  nextafter: { x1?: ArrayLike; x2?: ArrayLike };
  square: { x?: ArrayLike };
  reciprocal: { x?: ArrayLike };
  abs: { x?: ArrayLike };
  sign: { x?: ArrayLike };
  floor: { x?: ArrayLike };
  ceil: { x?: ArrayLike };
  round: { x?: ArrayLike; rounding_method?: number; roundingMethod?: number };
  isFinite: { x?: ArrayLike };
  sqrt: { x?: ArrayLike; accuracy?: null };
  rsqrt: { x?: ArrayLike; accuracy?: null };
  cbrt: { x?: ArrayLike; accuracy?: null };
  exp: { x?: ArrayLike; accuracy?: null };
  exp2: { x?: ArrayLike; accuracy?: null };
  log: { x?: ArrayLike; accuracy?: null };
  log1p: { x?: ArrayLike; accuracy?: null };
  expm1: { x?: ArrayLike; accuracy?: null };
  tanh: { x?: ArrayLike; accuracy?: null };
  logistic: { x?: ArrayLike; accuracy?: null };
  sin: { x?: ArrayLike; accuracy?: null };
  cos: { x?: ArrayLike; accuracy?: null };
  tan: { x?: ArrayLike; accuracy?: null };
  asin: { x?: ArrayLike };
  acos: { x?: ArrayLike };
  atan: { x?: ArrayLike };
  sinh: { x?: ArrayLike };
  cosh: { x?: ArrayLike };
  asinh: { x?: ArrayLike };
  acosh: { x?: ArrayLike };
  atanh: { x?: ArrayLike };
  erf: { x?: ArrayLike };
  erfc: { x?: ArrayLike };
  erfInv: { x?: ArrayLike };
  lgamma: { x?: ArrayLike };
  digamma: { x?: ArrayLike };
  eq: { x?: ArrayLike; y?: ArrayLike };
  ne: { x?: ArrayLike; y?: ArrayLike };
  lt: { x?: ArrayLike; y?: ArrayLike };
  le: { x?: ArrayLike; y?: ArrayLike };
  gt: { x?: ArrayLike; y?: ArrayLike };
  ge: { x?: ArrayLike; y?: ArrayLike };
  selectN: { which?: ArrayLike };
  select: { pred?: ArrayLike; on_true?: ArrayLike; onTrue?: ArrayLike; on_false?: ArrayLike; onFalse?: ArrayLike };
  clamp: { min?: ArrayLike; x?: ArrayLike; max?: ArrayLike };
  bitwiseAnd: { x?: ArrayLike; y?: ArrayLike };
  bitwiseOr: { x?: ArrayLike; y?: ArrayLike };
  bitwiseXor: { x?: ArrayLike; y?: ArrayLike };
  bitwiseNot: { x?: ArrayLike };
  shiftLeft: { x?: ArrayLike; y?: ArrayLike };
  shiftRightLogical: { x?: ArrayLike; y?: ArrayLike };
  shiftRightArithmetic: { x?: ArrayLike; y?: ArrayLike };
  populationCount: { x?: ArrayLike };
  convertElementType: { operand?: ArrayLike; new_dtype?: DTypeLike; newDtype?: DTypeLike };
  bitcastConvertType: { operand?: ArrayLike; new_dtype?: DTypeLike; newDtype?: DTypeLike };
  reduceSum: { operand?: ArrayLike; axes?: Axis; out_sharding?: null; outSharding?: null };
  reduceMax: { operand?: ArrayLike; axes?: Axis };
  reduceMin: { operand?: ArrayLike; axes?: Axis };
  reduceProd: { operand?: ArrayLike; axes?: Axis };
  reduceAnd: { operand?: ArrayLike; axes?: Axis };
  reduceOr: { operand?: ArrayLike; axes?: Axis };
  reduceXor: { operand?: ArrayLike; axes?: Axis };
  argmax: { operand?: ArrayLike; axis?: number; index_dtype?: DTypeLike; indexDtype?: DTypeLike };
  argmin: { operand?: ArrayLike; axis?: number; index_dtype?: DTypeLike; indexDtype?: DTypeLike };
  cumsum: { operand?: ArrayLike; axis?: number; reverse?: boolean };
  cumprod: { operand?: ArrayLike; axis?: number; reverse?: boolean };
  cummax: { operand?: ArrayLike; axis?: number; reverse?: boolean };
  cummin: { operand?: ArrayLike; axis?: number; reverse?: boolean };
  cumlogsumexp: { operand?: ArrayLike; axis?: number; reverse?: boolean };
  sort: { operand?: ArrayLike[] | JaxArray; dimension?: number; is_stable?: boolean; isStable?: boolean; num_keys?: number; numKeys?: number };
  sortKeyVal: { keys?: ArrayLike; values?: ArrayLike; dimension?: number; is_stable?: boolean; isStable?: boolean };
  topK: { operand?: ArrayLike; k?: number; axis?: number };
  dotGeneral: { lhs?: ArrayLike; rhs?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  dot: { lhs?: ArrayLike; rhs?: ArrayLike; dimension_numbers?: null; dimensionNumbers?: null; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  concatenate: { operands?: ArrayLike[] | JaxArray; dimension?: number };
  dynamicSlice: { operand?: ArrayLike; start_indices?: ArrayLike[] | JaxArray; startIndices?: ArrayLike[] | JaxArray; slice_sizes?: ShapeLike; sliceSizes?: ShapeLike; allow_negative_indices?: boolean; allowNegativeIndices?: boolean };
  dynamicUpdateSlice: { operand?: ArrayLike; update?: ArrayLike; start_indices?: ArrayLike[] | JaxArray; startIndices?: ArrayLike[] | JaxArray; allow_negative_indices?: boolean; allowNegativeIndices?: boolean };
  dynamicSliceInDim: { operand?: ArrayLike; start_index?: ArrayLike; startIndex?: ArrayLike; slice_size?: number; sliceSize?: number; axis?: number; allow_negative_indices?: boolean; allowNegativeIndices?: boolean };
  dynamicIndexInDim: { operand?: ArrayLike; index?: ArrayLike; axis?: number; keepdims?: boolean; allow_negative_indices?: boolean; allowNegativeIndices?: boolean };
  dynamicUpdateIndexInDim: { operand?: ArrayLike; update?: ArrayLike; index?: ArrayLike; axis?: number; allow_negative_indices?: boolean; allowNegativeIndices?: boolean };
  gather: { operand?: ArrayLike; start_indices?: ArrayLike; startIndices?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; slice_sizes?: ShapeLike; sliceSizes?: ShapeLike; unique_indices?: boolean; uniqueIndices?: boolean; indices_are_sorted?: boolean; indicesAreSorted?: boolean; mode?: string | null; fill_value?: number | null; fillValue?: number | null };
  scatter: { operand?: ArrayLike; scatter_indices?: ArrayLike; scatterIndices?: ArrayLike; updates?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; indices_are_sorted?: boolean; indicesAreSorted?: boolean; unique_indices?: boolean; uniqueIndices?: boolean; mode?: string | null };
  scatterAdd: { operand?: ArrayLike; scatter_indices?: ArrayLike; scatterIndices?: ArrayLike; updates?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; indices_are_sorted?: boolean; indicesAreSorted?: boolean; unique_indices?: boolean; uniqueIndices?: boolean; mode?: string | null };
  scatterMul: { operand?: ArrayLike; scatter_indices?: ArrayLike; scatterIndices?: ArrayLike; updates?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; indices_are_sorted?: boolean; indicesAreSorted?: boolean; unique_indices?: boolean; uniqueIndices?: boolean; mode?: string | null };
  scatterMin: { operand?: ArrayLike; scatter_indices?: ArrayLike; scatterIndices?: ArrayLike; updates?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; indices_are_sorted?: boolean; indicesAreSorted?: boolean; unique_indices?: boolean; uniqueIndices?: boolean; mode?: string | null };
  scatterMax: { operand?: ArrayLike; scatter_indices?: ArrayLike; scatterIndices?: ArrayLike; updates?: ArrayLike; dimension_numbers?: Data; dimensionNumbers?: Data; indices_are_sorted?: boolean; indicesAreSorted?: boolean; unique_indices?: boolean; uniqueIndices?: boolean; mode?: string | null };
  indexInDim: { operand?: ArrayLike; index?: number; axis?: number; keepdims?: boolean };
  sliceInDim: { operand?: ArrayLike; start_index?: number; startIndex?: number; limit_index?: number; limitIndex?: number; stride?: number; axis?: number };
  broadcast: { operand?: ArrayLike; sizes?: ShapeLike; out_sharding?: null; outSharding?: null };
  broadcastInDim: { operand?: ArrayLike; shape?: ShapeLike; broadcast_dimensions?: Axis; broadcastDimensions?: Axis; out_sharding?: null; outSharding?: null };
  reshape: { operand?: ArrayLike; new_sizes?: ShapeLike; newSizes?: ShapeLike; dimensions?: Axis | null; out_sharding?: null; outSharding?: null };
  collapse: { operand?: ArrayLike; start_dimension?: number; startDimension?: number; stop_dimension?: number | null; stopDimension?: number | null };
  transpose: { operand?: ArrayLike; permutation?: Axis };
  pad: { operand?: ArrayLike; padding_value?: ArrayLike; paddingValue?: ArrayLike; padding_config?: Data; paddingConfig?: Data };
  iota: { dtype?: DTypeLike; size?: number };
  broadcastedIota: { dtype?: DTypeLike; shape?: ShapeLike; dimension?: number; out_sharding?: null; outSharding?: null };
  full: { shape?: ShapeLike; fill_value?: ArrayLike; fillValue?: ArrayLike; dtype?: DTypeLike | null; sharding?: null };
  fullLike: { x?: ArrayLike; fill_value?: ArrayLike; fillValue?: ArrayLike; dtype?: DTypeLike | null; shape?: ShapeLike | null; sharding?: null };
  convGeneralDilated: { lhs?: ArrayLike; rhs?: ArrayLike; window_strides?: Data; windowStrides?: Data; padding?: Data; lhs_dilation?: Data | null; lhsDilation?: Data | null; rhs_dilation?: Data | null; rhsDilation?: Data | null; dimension_numbers?: Data | null; dimensionNumbers?: Data | null; feature_group_count?: number; featureGroupCount?: number; batch_group_count?: number; batchGroupCount?: number; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  conv: { lhs?: ArrayLike; rhs?: ArrayLike; window_strides?: Data; windowStrides?: Data; padding?: Data; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null };
  convWithGeneralPadding: { lhs?: ArrayLike; rhs?: ArrayLike; window_strides?: Data; windowStrides?: Data; padding?: Data; lhs_dilation?: Data; lhsDilation?: Data; rhs_dilation?: Data; rhsDilation?: Data; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null };
  convTranspose: { lhs?: ArrayLike; rhs?: ArrayLike; strides?: Data; padding?: Data; rhs_dilation?: Data | null; rhsDilation?: Data | null; dimension_numbers?: Data | null; dimensionNumbers?: Data | null; transpose_kernel?: boolean; transposeKernel?: boolean; precision?: null; preferred_element_type?: DTypeLike | null; preferredElementType?: DTypeLike | null; use_consistent_padding?: boolean; useConsistentPadding?: boolean };
  reduce: { operands?: Data; init_values?: Data; initValues?: Data; computation?: (...args: any[]) => unknown; dimensions?: Axis; out_sharding?: null; outSharding?: null };
  reduceWindow: { operand?: Data; init_value?: Data; initValue?: Data; computation?: (...args: any[]) => unknown; window_dimensions?: ShapeLike; windowDimensions?: ShapeLike; window_strides?: ShapeLike | null; windowStrides?: ShapeLike | null; padding?: Data; base_dilation?: ShapeLike | null; baseDilation?: ShapeLike | null; window_dilation?: ShapeLike | null; windowDilation?: ShapeLike | null };
}

/** The functions of `jax.nn` (`jax.nn` in JS) from the API table. */
export interface Nn {
  /** max(x, 0); its gradient at 0 is 0. JAX's `custom_jvp_call` is kept (its rule gives 0 at 0) around the inlined body; it prints its own params. (`jax.nn.relu`) */
  relu(x: ArrayLike, keywords?: NnKeywords['relu']): JaxArray;
  /** min(max(x, 0), 6); its gradient at 0 and 6 is 0. JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params. (`jax.nn.relu6`) */
  relu6(x: ArrayLike, keywords?: NnKeywords['relu6']): JaxArray;
  /** 1 / (1 + exp(-x)). (`jax.nn.sigmoid`) */
  sigmoid(x: ArrayLike, keywords?: NnKeywords['sigmoid']): JaxArray;
  /** log(sigmoid(x)), computed as -softplus(-x). Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments). (`jax.nn.log_sigmoid`) */
  logSigmoid(x: ArrayLike, keywords?: NnKeywords['logSigmoid']): JaxArray;
  /** log(1 + exp(x)), without overflow. Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments). (`jax.nn.softplus`) */
  softplus(x: ArrayLike, keywords?: NnKeywords['softplus']): JaxArray;
  /** x / (|x| + 1). Inlined: JAX wraps it in a nested `jit`. (`jax.nn.soft_sign`) */
  softSign(x: ArrayLike, keywords?: NnKeywords['softSign']): JaxArray;
  /** x * sigmoid(x). Inlined: JAX wraps it in a nested `jit`. (`jax.nn.silu`) */
  silu(x: ArrayLike, keywords?: NnKeywords['silu']): JaxArray;
  /** x * sigmoid(x) (alias of `silu`). Inlined: JAX wraps it in a nested `jit`. (`jax.nn.swish`) */
  swish(x: ArrayLike, keywords?: NnKeywords['swish']): JaxArray;
  /** Gaussian error linear unit: the tanh approximation, or exact through erfc. (`jax.nn.gelu`) */
  gelu(x: ArrayLike, keywords?: NnKeywords['gelu']): JaxArray;
  gelu(x: ArrayLike, approximate: boolean, keywords?: NnKeywords['gelu']): JaxArray;
  /** x above 0, alpha * (exp(x) - 1) below. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.elu`) */
  elu(x: ArrayLike, keywords?: NnKeywords['elu']): JaxArray;
  elu(x: ArrayLike, alpha: ArrayLike, keywords?: NnKeywords['elu']): JaxArray;
  /** max(x, 0) + alpha * expm1(min(x, 0) / alpha). Inlined: JAX wraps it in a nested `jit`. (`jax.nn.celu`) */
  celu(x: ArrayLike, keywords?: NnKeywords['celu']): JaxArray;
  celu(x: ArrayLike, alpha: ArrayLike, keywords?: NnKeywords['celu']): JaxArray;
  /** Scaled `elu` with the self-normalising constants. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.selu`) */
  selu(x: ArrayLike, keywords?: NnKeywords['selu']): JaxArray;
  /** x above 0, negative_slope * x below. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.leaky_relu`) */
  leakyRelu(x: ArrayLike, keywords?: NnKeywords['leakyRelu']): JaxArray;
  leakyRelu(x: ArrayLike, negativeSlope: ArrayLike, keywords?: NnKeywords['leakyRelu']): JaxArray;
  /** x clipped to [-1, 1]. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.hard_tanh`) */
  hardTanh(x: ArrayLike, keywords?: NnKeywords['hardTanh']): JaxArray;
  /** relu6(x + 3) / 6. Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`. (`jax.nn.hard_sigmoid`) */
  hardSigmoid(x: ArrayLike, keywords?: NnKeywords['hardSigmoid']): JaxArray;
  /** x * hard_sigmoid(x). Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`. (`jax.nn.hard_silu`) */
  hardSilu(x: ArrayLike, keywords?: NnKeywords['hardSilu']): JaxArray;
  /** x * hard_sigmoid(x) (alias of `hard_silu`). Inlined: JAX wraps it in a nested `jit`; `relu6` keeps its `custom_jvp_call`. (`jax.nn.hard_swish`) */
  hardSwish(x: ArrayLike, keywords?: NnKeywords['hardSwish']): JaxArray;
  /** (x + sqrt(x**2 + b)) / 2. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.squareplus`) */
  squareplus(x: ArrayLike, keywords?: NnKeywords['squareplus']): JaxArray;
  squareplus(x: ArrayLike, b: ArrayLike, keywords?: NnKeywords['squareplus']): JaxArray;
  /** x * tanh(softplus(x)). Inlined: JAX wraps it in nested `jit`s and `softplus`'s `custom_jvp_call` (`logaddexp`); jaxplay differentiates the body (the same except at infinite arguments). (`jax.nn.mish`) */
  mish(x: ArrayLike, keywords?: NnKeywords['mish']): JaxArray;
  /** 0 below -1, x above 1, (x + 1)**2 / 4 between. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.sparse_plus`) */
  sparsePlus(x: ArrayLike, keywords?: NnKeywords['sparsePlus']): JaxArray;
  /** clip(x + 1, 0, 2) / 2. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.sparse_sigmoid`) */
  sparseSigmoid(x: ArrayLike, keywords?: NnKeywords['sparseSigmoid']): JaxArray;
  /** x itself. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.identity`) */
  identity(x: ArrayLike, keywords?: NnKeywords['identity']): JaxArray;
  /** Gated linear unit: the first half along `axis` times the sigmoid of the second. Inlined: JAX wraps it in a nested `jit`; the halves are two `slice`s where JAX has one `split`. (`jax.nn.glu`) */
  glu(x: ArrayLike, keywords?: NnKeywords['glu']): JaxArray;
  glu(x: ArrayLike, axis: number, keywords?: NnKeywords['glu']): JaxArray;
  /** exp(x) normalised to sum to 1 along `axis`. (`jax.nn.softmax`) */
  softmax(x: ArrayLike, keywords?: NnKeywords['softmax']): JaxArray;
  softmax(x: ArrayLike, axis: Axis, keywords?: NnKeywords['softmax']): JaxArray;
  softmax(x: ArrayLike, axis: Axis, where: null, keywords?: NnKeywords['softmax']): JaxArray;
  /** log(softmax(x)), computed stably. Inlined: JAX wraps it in a nested `jit`. (`jax.nn.log_softmax`) */
  logSoftmax(x: ArrayLike, keywords?: NnKeywords['logSoftmax']): JaxArray;
  logSoftmax(x: ArrayLike, axis: Axis, keywords?: NnKeywords['logSoftmax']): JaxArray;
  logSoftmax(x: ArrayLike, axis: Axis, where: null, keywords?: NnKeywords['logSoftmax']): JaxArray;
  /** log(sum(exp(a))) over `axis`, computed stably. `b`, `return_sign=True` and `where` are not supported yet. (`jax.nn.logsumexp`) */
  logsumexp(a: ArrayLike, keywords?: NnKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, keywords?: NnKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keywords?: NnKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, keywords?: NnKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, returnSign: boolean, keywords?: NnKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, returnSign: boolean, where: null, keywords?: NnKeywords['logsumexp']): JaxArray;
  /** log(1 - exp(-x)), computed stably on both sides of log 2. JAX's `custom_jvp_call` (its rule g / expm1(x)) is kept around the inlined body; it prints its own params. (`jax.nn.log1mexp`) */
  log1mexp(x: ArrayLike, keywords?: NnKeywords['log1mexp']): JaxArray;
  /** log(mean(exp(x))) over `axis` (all axes by default), computed stably. Inlined: JAX wraps it in a nested `jit`. `where` is not supported yet. (`jax.nn.logmeanexp`) */
  logmeanexp(x: ArrayLike, keywords?: NnKeywords['logmeanexp']): JaxArray;
  logmeanexp(x: ArrayLike, axis: Axis | null, keywords?: NnKeywords['logmeanexp']): JaxArray;
  logmeanexp(x: ArrayLike, axis: Axis | null, where: null, keywords?: NnKeywords['logmeanexp']): JaxArray;
  logmeanexp(x: ArrayLike, axis: Axis | null, where: null, keepdims: boolean, keywords?: NnKeywords['logmeanexp']): JaxArray;
  /** Scaled dot-product attention softmax(q k^T * scale + bias, masked) v over (B, T, N, H) arrays (or without B). Only implementation=None or 'xla'; query_seq_lengths, key_value_seq_lengths, local_window_size and return_residual=True are not supported; the products are two einsums where JAX groups the heads and vmaps (the same values). (`jax.nn.dot_product_attention`) */
  dotProductAttention(query: ArrayLike, key: ArrayLike, value: ArrayLike, keywords?: NnKeywords['dotProductAttention']): JaxArray;
  dotProductAttention(query: ArrayLike, key: ArrayLike, value: ArrayLike, bias: ArrayLike | null, keywords?: NnKeywords['dotProductAttention']): JaxArray;
  dotProductAttention(query: ArrayLike, key: ArrayLike, value: ArrayLike, bias: ArrayLike | null, mask: ArrayLike | null, keywords?: NnKeywords['dotProductAttention']): JaxArray;
  /** (x - mean) / sqrt(variance + epsilon) along `axis`. Inlined: JAX wraps it in a nested `jit`. `mean`, `variance` and `where` are not supported yet. (`jax.nn.standardize`) */
  standardize(x: ArrayLike, keywords?: NnKeywords['standardize']): JaxArray;
  standardize(x: ArrayLike, axis: Axis, keywords?: NnKeywords['standardize']): JaxArray;
  standardize(x: ArrayLike, axis: Axis, mean: null, keywords?: NnKeywords['standardize']): JaxArray;
  standardize(x: ArrayLike, axis: Axis, mean: null, variance: null, keywords?: NnKeywords['standardize']): JaxArray;
  standardize(x: ArrayLike, axis: Axis, mean: null, variance: null, epsilon: ArrayLike, keywords?: NnKeywords['standardize']): JaxArray;
  standardize(x: ArrayLike, axis: Axis, mean: null, variance: null, epsilon: ArrayLike, where: null, keywords?: NnKeywords['standardize']): JaxArray;
  /** x == arange(num_classes) along a new axis, as float32 (or `dtype`). Inlined: JAX wraps it in a nested `jit`. (`jax.nn.one_hot`) */
  oneHot(x: ArrayLike, numClasses: number, keywords?: NnKeywords['oneHot']): JaxArray;
}

/** The keyword arguments of each function of `Nn`. */
export interface NnKeywords {
  relu: { x?: ArrayLike };
  relu6: { x?: ArrayLike };
  sigmoid: { x?: ArrayLike };
  logSigmoid: { x?: ArrayLike };
  softplus: { x?: ArrayLike };
  softSign: { x?: ArrayLike };
  silu: { x?: ArrayLike };
  swish: { x?: ArrayLike };
  gelu: { x?: ArrayLike; approximate?: boolean };
  elu: { x?: ArrayLike; alpha?: ArrayLike };
  celu: { x?: ArrayLike; alpha?: ArrayLike };
  selu: { x?: ArrayLike };
  leakyRelu: { x?: ArrayLike; negative_slope?: ArrayLike; negativeSlope?: ArrayLike };
  hardTanh: { x?: ArrayLike };
  hardSigmoid: { x?: ArrayLike };
  hardSilu: { x?: ArrayLike };
  hardSwish: { x?: ArrayLike };
  squareplus: { x?: ArrayLike; b?: ArrayLike };
  mish: { x?: ArrayLike };
  sparsePlus: { x?: ArrayLike };
  sparseSigmoid: { x?: ArrayLike };
  identity: { x?: ArrayLike };
  glu: { x?: ArrayLike; axis?: number };
  softmax: { x?: ArrayLike; axis?: Axis; where?: null };
  logSoftmax: { x?: ArrayLike; axis?: Axis; where?: null };
  logsumexp: { a?: ArrayLike; axis?: Axis | null; b?: null; keepdims?: boolean; return_sign?: boolean; returnSign?: boolean; where?: null };
  log1mexp: { x?: ArrayLike };
  logmeanexp: { x?: ArrayLike; axis?: Axis | null; where?: null; keepdims?: boolean };
  dotProductAttention: { query?: ArrayLike; key?: ArrayLike; value?: ArrayLike; bias?: ArrayLike | null; mask?: ArrayLike | null; scale?: number | null; is_causal?: boolean; isCausal?: boolean; query_seq_lengths?: null; querySeqLengths?: null; key_value_seq_lengths?: null; keyValueSeqLengths?: null; local_window_size?: null; localWindowSize?: null; implementation?: string | null; return_residual?: boolean; returnResidual?: boolean };
  standardize: { x?: ArrayLike; axis?: Axis; mean?: null; variance?: null; epsilon?: ArrayLike; where?: null; algorithm?: string };
  oneHot: { x?: ArrayLike; num_classes?: number; numClasses?: number; dtype?: DTypeLike | null; axis?: number };
}

/** The functions of `jax.random` (`jax.random` in JS) from the API table. */
export interface Random {
  /** A typed PRNG key (key<fry>[]) from an integer seed. Only the default threefry implementation. (`jax.random.key`) */
  key(seed: ArrayLike, keywords?: RandomKeywords['key']): JaxArray;
  /** A raw PRNG key (uint32[2]) from an integer seed. Only the default threefry implementation. (`jax.random.PRNGKey`) */
  PRNGKey(seed: ArrayLike, keywords?: RandomKeywords['PRNGKey']): JaxArray;
  /** New keys from a key: `num` of them (an int or a shape). (`jax.random.split`) */
  split(key: ArrayLike, keywords?: RandomKeywords['split']): JaxArray;
  split(key: ArrayLike, num: ShapeLike, keywords?: RandomKeywords['split']): JaxArray;
  /** A new key from a key and an integer. (`jax.random.fold_in`) */
  foldIn(key: ArrayLike, data: ArrayLike, keywords?: RandomKeywords['foldIn']): JaxArray;
  /** The uint32 data of keys (shape [..., 2]). (`jax.random.key_data`) */
  keyData(keys: ArrayLike, keywords?: RandomKeywords['keyData']): JaxArray;
  /** Typed keys from uint32 key data of shape [..., 2]. Only the default threefry implementation. (`jax.random.wrap_key_data`) */
  wrapKeyData(keyBitsArray: ArrayLike, keywords?: RandomKeywords['wrapKeyData']): JaxArray;
  /** Random unsigned integer words. Only uint32. (`jax.random.bits`) */
  bits(key: ArrayLike, keywords?: RandomKeywords['bits']): JaxArray;
  bits(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['bits']): JaxArray;
  bits(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['bits']): JaxArray;
  /** Uniform floats in [minval, maxval). (`jax.random.uniform`) */
  uniform(key: ArrayLike, keywords?: RandomKeywords['uniform']): JaxArray;
  uniform(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['uniform']): JaxArray;
  uniform(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['uniform']): JaxArray;
  uniform(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, minval: ArrayLike, keywords?: RandomKeywords['uniform']): JaxArray;
  uniform(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, minval: ArrayLike, maxval: ArrayLike, keywords?: RandomKeywords['uniform']): JaxArray;
  /** Uniform integers in [minval, maxval). Only int32. (`jax.random.randint`) */
  randint(key: ArrayLike, shape: ShapeLike, minval: ArrayLike, maxval: ArrayLike, keywords?: RandomKeywords['randint']): JaxArray;
  randint(key: ArrayLike, shape: ShapeLike, minval: ArrayLike, maxval: ArrayLike, dtype: DTypeLike | null, keywords?: RandomKeywords['randint']): JaxArray;
  /** Random booleans, True with probability p. Only mode='low'. (`jax.random.bernoulli`) */
  bernoulli(key: ArrayLike, keywords?: RandomKeywords['bernoulli']): JaxArray;
  bernoulli(key: ArrayLike, p: ArrayLike, keywords?: RandomKeywords['bernoulli']): JaxArray;
  bernoulli(key: ArrayLike, p: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['bernoulli']): JaxArray;
  bernoulli(key: ArrayLike, p: ArrayLike, shape: ShapeLike | null, mode: string, keywords?: RandomKeywords['bernoulli']): JaxArray;
  /** Standard normal floats. Only float32. (`jax.random.normal`) */
  normal(key: ArrayLike, keywords?: RandomKeywords['normal']): JaxArray;
  normal(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['normal']): JaxArray;
  normal(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['normal']): JaxArray;
  /** Standard Gumbel floats. Only float32 and mode='low'. (`jax.random.gumbel`) */
  gumbel(key: ArrayLike, keywords?: RandomKeywords['gumbel']): JaxArray;
  gumbel(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['gumbel']): JaxArray;
  gumbel(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['gumbel']): JaxArray;
  gumbel(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, mode: string | null, keywords?: RandomKeywords['gumbel']): JaxArray;
  /** Standard exponential floats. Only float32. (`jax.random.exponential`) */
  exponential(key: ArrayLike, keywords?: RandomKeywords['exponential']): JaxArray;
  exponential(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['exponential']): JaxArray;
  exponential(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['exponential']): JaxArray;
  /** Standard Laplace floats. Only float32. (`jax.random.laplace`) */
  laplace(key: ArrayLike, keywords?: RandomKeywords['laplace']): JaxArray;
  laplace(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['laplace']): JaxArray;
  laplace(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['laplace']): JaxArray;
  /** Standard logistic floats. Only float32. (`jax.random.logistic`) */
  logistic(key: ArrayLike, keywords?: RandomKeywords['logistic']): JaxArray;
  logistic(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['logistic']): JaxArray;
  logistic(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['logistic']): JaxArray;
  /** Random -1 and +1 (int32 by default). Only int32 and float32. (`jax.random.rademacher`) */
  rademacher(key: ArrayLike, keywords?: RandomKeywords['rademacher']): JaxArray;
  rademacher(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['rademacher']): JaxArray;
  rademacher(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['rademacher']): JaxArray;
  /** Indices drawn from the categorical distribution of logits along axis. Only float32 logits and mode='low'. (`jax.random.categorical`) */
  categorical(key: ArrayLike, logits: ArrayLike, keywords?: RandomKeywords['categorical']): JaxArray;
  categorical(key: ArrayLike, logits: ArrayLike, axis: number, keywords?: RandomKeywords['categorical']): JaxArray;
  categorical(key: ArrayLike, logits: ArrayLike, axis: number, shape: ShapeLike | null, keywords?: RandomKeywords['categorical']): JaxArray;
  categorical(key: ArrayLike, logits: ArrayLike, axis: number, shape: ShapeLike | null, replace: boolean, keywords?: RandomKeywords['categorical']): JaxArray;
  categorical(key: ArrayLike, logits: ArrayLike, axis: number, shape: ShapeLike | null, replace: boolean, mode: null, keywords?: RandomKeywords['categorical']): JaxArray;
  /** A shuffled copy of x along axis (of arange(x) for an integer). (`jax.random.permutation`) */
  permutation(key: ArrayLike, x: ArrayLike, keywords?: RandomKeywords['permutation']): JaxArray;
  permutation(key: ArrayLike, x: ArrayLike, axis: number, keywords?: RandomKeywords['permutation']): JaxArray;
  permutation(key: ArrayLike, x: ArrayLike, axis: number, independent: boolean, keywords?: RandomKeywords['permutation']): JaxArray;
  /** Random entries of a along axis (of arange(a) for an integer), with probabilities p. Only mode='low'. (`jax.random.choice`) */
  choice(key: ArrayLike, a: ArrayLike, keywords?: RandomKeywords['choice']): JaxArray;
  choice(key: ArrayLike, a: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['choice']): JaxArray;
  choice(key: ArrayLike, a: ArrayLike, shape: ShapeLike, replace: boolean, keywords?: RandomKeywords['choice']): JaxArray;
  choice(key: ArrayLike, a: ArrayLike, shape: ShapeLike, replace: boolean, p: ArrayLike | null, keywords?: RandomKeywords['choice']): JaxArray;
  choice(key: ArrayLike, a: ArrayLike, shape: ShapeLike, replace: boolean, p: ArrayLike | null, axis: number, keywords?: RandomKeywords['choice']): JaxArray;
  choice(key: ArrayLike, a: ArrayLike, shape: ShapeLike, replace: boolean, p: ArrayLike | null, axis: number, mode: null, keywords?: RandomKeywords['choice']): JaxArray;
  /** Standard Cauchy floats. Only float32. (`jax.random.cauchy`) */
  cauchy(key: ArrayLike, keywords?: RandomKeywords['cauchy']): JaxArray;
  cauchy(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['cauchy']): JaxArray;
  cauchy(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['cauchy']): JaxArray;
  /** One-sided Maxwell floats (the norm of three standard normals). Only float32. (`jax.random.maxwell`) */
  maxwell(key: ArrayLike, keywords?: RandomKeywords['maxwell']): JaxArray;
  maxwell(key: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['maxwell']): JaxArray;
  maxwell(key: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['maxwell']): JaxArray;
  /** Pareto floats with shape parameter b. Only float32. (`jax.random.pareto`) */
  pareto(key: ArrayLike, b: ArrayLike, keywords?: RandomKeywords['pareto']): JaxArray;
  pareto(key: ArrayLike, b: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['pareto']): JaxArray;
  pareto(key: ArrayLike, b: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['pareto']): JaxArray;
  /** Gamma(a, 1) floats. Only float32; no gradient with respect to the shape parameter (JAX's random_gamma_grad). Draws are JAX's on an x86-64 Intel CPU bit for bit: XLA's rsqrt there refines the CPU's rsqrtps estimate, which jaxplay reproduces; JAX on other CPUs draws other bits for some shape parameters. (`jax.random.gamma`) */
  gamma(key: ArrayLike, a: ArrayLike, keywords?: RandomKeywords['gamma']): JaxArray;
  gamma(key: ArrayLike, a: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['gamma']): JaxArray;
  gamma(key: ArrayLike, a: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['gamma']): JaxArray;
  /** Logarithms of Gamma(a, 1) floats, drawn in log space (accurate for small a). Only float32; no gradient with respect to the shape parameter (JAX's random_gamma_grad). Draws are JAX's on an x86-64 Intel CPU bit for bit: XLA's rsqrt there refines the CPU's rsqrtps estimate, which jaxplay reproduces; JAX on other CPUs draws other bits for some shape parameters. (`jax.random.loggamma`) */
  loggamma(key: ArrayLike, a: ArrayLike, keywords?: RandomKeywords['loggamma']): JaxArray;
  loggamma(key: ArrayLike, a: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['loggamma']): JaxArray;
  loggamma(key: ArrayLike, a: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['loggamma']): JaxArray;
  /** Beta(a, b) floats, from two log-gamma draws. Only float32; no gradient with respect to the shape parameter (JAX's random_gamma_grad). Draws are JAX's on an x86-64 Intel CPU bit for bit: XLA's rsqrt there refines the CPU's rsqrtps estimate, which jaxplay reproduces; JAX on other CPUs draws other bits for some shape parameters. (`jax.random.beta`) */
  beta(key: ArrayLike, a: ArrayLike, b: ArrayLike, keywords?: RandomKeywords['beta']): JaxArray;
  beta(key: ArrayLike, a: ArrayLike, b: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['beta']): JaxArray;
  beta(key: ArrayLike, a: ArrayLike, b: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['beta']): JaxArray;
  /** Dirichlet(alpha) floats: normalised gamma draws over alpha's last axis. Only float32; no gradient with respect to alpha. Its softmax divides as XLA's CPU code does, so the jaxpr's last equations are `div 1.0 s` and `mul` where JAX's are one `div`. Draws are bit for bit as `gamma`'s. (`jax.random.dirichlet`) */
  dirichlet(key: ArrayLike, alpha: ArrayLike, keywords?: RandomKeywords['dirichlet']): JaxArray;
  dirichlet(key: ArrayLike, alpha: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['dirichlet']): JaxArray;
  dirichlet(key: ArrayLike, alpha: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['dirichlet']): JaxArray;
  /** Generalized normal floats with shape parameter p: a random sign times gamma(1/p)^(1/p). Only float32; no gradient with respect to the shape parameter (JAX's random_gamma_grad). Draws are JAX's on an x86-64 Intel CPU bit for bit: XLA's rsqrt there refines the CPU's rsqrtps estimate, which jaxplay reproduces; JAX on other CPUs draws other bits for some shape parameters. (`jax.random.generalized_normal`) */
  generalizedNormal(key: ArrayLike, p: ArrayLike, keywords?: RandomKeywords['generalizedNormal']): JaxArray;
  generalizedNormal(key: ArrayLike, p: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['generalizedNormal']): JaxArray;
  generalizedNormal(key: ArrayLike, p: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['generalizedNormal']): JaxArray;
  /** Points uniform in the d-dimensional unit p-norm ball, shape (*shape, d). Only float32; no gradient with respect to p. The last division, `g / norm^(1/p)`, is bound as XLA's CPU code computes it, `g * norm^(-1/p)` (a `neg` first and a `mul` last in the jaxpr where JAX's has a `div`), for JAX's bits. (`jax.random.ball`) */
  ball(key: ArrayLike, d: number, keywords?: RandomKeywords['ball']): JaxArray;
  ball(key: ArrayLike, d: number, p: ArrayLike, keywords?: RandomKeywords['ball']): JaxArray;
  ball(key: ArrayLike, d: number, p: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['ball']): JaxArray;
  ball(key: ArrayLike, d: number, p: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['ball']): JaxArray;
  /** Rayleigh floats with the given scale. Only float32. (`jax.random.rayleigh`) */
  rayleigh(key: ArrayLike, scale: ArrayLike, keywords?: RandomKeywords['rayleigh']): JaxArray;
  rayleigh(key: ArrayLike, scale: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['rayleigh']): JaxArray;
  rayleigh(key: ArrayLike, scale: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['rayleigh']): JaxArray;
  /** Log-normal floats: exp(sigma * normal). Only float32. (`jax.random.lognormal`) */
  lognormal(key: ArrayLike, keywords?: RandomKeywords['lognormal']): JaxArray;
  lognormal(key: ArrayLike, sigma: ArrayLike, keywords?: RandomKeywords['lognormal']): JaxArray;
  lognormal(key: ArrayLike, sigma: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['lognormal']): JaxArray;
  lognormal(key: ArrayLike, sigma: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['lognormal']): JaxArray;
  /** Geometric integers: the number of trials up to the first success. Only int32. (`jax.random.geometric`) */
  geometric(key: ArrayLike, p: ArrayLike, keywords?: RandomKeywords['geometric']): JaxArray;
  geometric(key: ArrayLike, p: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['geometric']): JaxArray;
  geometric(key: ArrayLike, p: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['geometric']): JaxArray;
  /** Triangular floats between left and right, peaking at mode. Only float32. (`jax.random.triangular`) */
  triangular(key: ArrayLike, left: ArrayLike, mode: ArrayLike, right: ArrayLike, keywords?: RandomKeywords['triangular']): JaxArray;
  triangular(key: ArrayLike, left: ArrayLike, mode: ArrayLike, right: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['triangular']): JaxArray;
  triangular(key: ArrayLike, left: ArrayLike, mode: ArrayLike, right: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['triangular']): JaxArray;
  /** Standard normal floats truncated to (lower, upper). Only float32. (`jax.random.truncated_normal`) */
  truncatedNormal(key: ArrayLike, lower: ArrayLike, upper: ArrayLike, keywords?: RandomKeywords['truncatedNormal']): JaxArray;
  truncatedNormal(key: ArrayLike, lower: ArrayLike, upper: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['truncatedNormal']): JaxArray;
  truncatedNormal(key: ArrayLike, lower: ArrayLike, upper: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['truncatedNormal']): JaxArray;
  /** Double-sided Maxwell floats with location and scale. Only float32. (`jax.random.double_sided_maxwell`) */
  doubleSidedMaxwell(key: ArrayLike, loc: ArrayLike, scale: ArrayLike, keywords?: RandomKeywords['doubleSidedMaxwell']): JaxArray;
  doubleSidedMaxwell(key: ArrayLike, loc: ArrayLike, scale: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['doubleSidedMaxwell']): JaxArray;
  doubleSidedMaxwell(key: ArrayLike, loc: ArrayLike, scale: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['doubleSidedMaxwell']): JaxArray;
  /** Weibull floats with scale and concentration. Only float32. (`jax.random.weibull_min`) */
  weibullMin(key: ArrayLike, scale: ArrayLike, concentration: ArrayLike, keywords?: RandomKeywords['weibullMin']): JaxArray;
  weibullMin(key: ArrayLike, scale: ArrayLike, concentration: ArrayLike, shape: ShapeLike, keywords?: RandomKeywords['weibullMin']): JaxArray;
  weibullMin(key: ArrayLike, scale: ArrayLike, concentration: ArrayLike, shape: ShapeLike, dtype: DTypeLike | null, keywords?: RandomKeywords['weibullMin']): JaxArray;
  /** Multivariate normal floats with the given mean and covariance. Only float32 and method='cholesky'. (`jax.random.multivariate_normal`) */
  multivariateNormal(key: ArrayLike, mean: ArrayLike, cov: ArrayLike, keywords?: RandomKeywords['multivariateNormal']): JaxArray;
  multivariateNormal(key: ArrayLike, mean: ArrayLike, cov: ArrayLike, shape: ShapeLike | null, keywords?: RandomKeywords['multivariateNormal']): JaxArray;
  multivariateNormal(key: ArrayLike, mean: ArrayLike, cov: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, keywords?: RandomKeywords['multivariateNormal']): JaxArray;
  multivariateNormal(key: ArrayLike, mean: ArrayLike, cov: ArrayLike, shape: ShapeLike | null, dtype: DTypeLike | null, method: string, keywords?: RandomKeywords['multivariateNormal']): JaxArray;
}

/** The keyword arguments of each function of `Random`. */
export interface RandomKeywords {
  key: { seed?: ArrayLike; impl?: null; dtype?: null };
  PRNGKey: { seed?: ArrayLike; impl?: null };
  split: { key?: ArrayLike; num?: ShapeLike };
  foldIn: { key?: ArrayLike; data?: ArrayLike };
  keyData: { keys?: ArrayLike };
  wrapKeyData: { key_bits_array?: ArrayLike; keyBitsArray?: ArrayLike; impl?: null; dtype?: null };
  bits: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  uniform: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; minval?: ArrayLike; maxval?: ArrayLike; out_sharding?: null; outSharding?: null };
  randint: { key?: ArrayLike; shape?: ShapeLike; minval?: ArrayLike; maxval?: ArrayLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  bernoulli: { key?: ArrayLike; p?: ArrayLike; shape?: ShapeLike | null; mode?: string; out_sharding?: null; outSharding?: null };
  normal: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  gumbel: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; mode?: string | null; out_sharding?: null; outSharding?: null };
  exponential: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  laplace: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  logistic: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  rademacher: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  categorical: { key?: ArrayLike; logits?: ArrayLike; axis?: number; shape?: ShapeLike | null; replace?: boolean; mode?: null; out_sharding?: null; outSharding?: null };
  permutation: { key?: ArrayLike; x?: ArrayLike; axis?: number; independent?: boolean; out_sharding?: null; outSharding?: null };
  choice: { key?: ArrayLike; a?: ArrayLike; shape?: ShapeLike; replace?: boolean; p?: ArrayLike | null; axis?: number; mode?: null };
  cauchy: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  maxwell: { key?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  pareto: { key?: ArrayLike; b?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  gamma: { key?: ArrayLike; a?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  loggamma: { key?: ArrayLike; a?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  beta: { key?: ArrayLike; a?: ArrayLike; b?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  dirichlet: { key?: ArrayLike; alpha?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  generalizedNormal: { key?: ArrayLike; p?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  ball: { key?: ArrayLike; d?: number; p?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  rayleigh: { key?: ArrayLike; scale?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  lognormal: { key?: ArrayLike; sigma?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  geometric: { key?: ArrayLike; p?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  triangular: { key?: ArrayLike; left?: ArrayLike; mode?: ArrayLike; right?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  truncatedNormal: { key?: ArrayLike; lower?: ArrayLike; upper?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; out_sharding?: null; outSharding?: null };
  doubleSidedMaxwell: { key?: ArrayLike; loc?: ArrayLike; scale?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null };
  weibullMin: { key?: ArrayLike; scale?: ArrayLike; concentration?: ArrayLike; shape?: ShapeLike; dtype?: DTypeLike | null };
  multivariateNormal: { key?: ArrayLike; mean?: ArrayLike; cov?: ArrayLike; shape?: ShapeLike | null; dtype?: DTypeLike | null; method?: string; out_sharding?: null; outSharding?: null };
}

/** The functions of `jax.scipy.special` (`jax.scipy.special` in JS) from the API table. */
export interface ScipySpecial {
  /** The error function. (`jax.scipy.special.erf`) */
  erf(x: ArrayLike, keywords?: ScipySpecialKeywords['erf']): JaxArray;
  /** The complementary error function, 1 - erf(x). (`jax.scipy.special.erfc`) */
  erfc(x: ArrayLike, keywords?: ScipySpecialKeywords['erfc']): JaxArray;
  /** The inverse error function. (`jax.scipy.special.erfinv`) */
  erfinv(x: ArrayLike, keywords?: ScipySpecialKeywords['erfinv']): JaxArray;
  /** The logistic sigmoid, 1 / (1 + exp(-x)). (`jax.scipy.special.expit`) */
  expit(x: ArrayLike, keywords?: ScipySpecialKeywords['expit']): JaxArray;
  /** The inverse of `expit`: log(x / (1 - x)). Inlined: JAX's is a `custom_jvp` whose rule gives the body's derivative. (`jax.scipy.special.logit`) */
  logit(x: ArrayLike, keywords?: ScipySpecialKeywords['logit']): JaxArray;
  /** log|Gamma(x)|. (`jax.scipy.special.gammaln`) */
  gammaln(x: ArrayLike, keywords?: ScipySpecialKeywords['gammaln']): JaxArray;
  /** The logarithmic derivative of Gamma. (`jax.scipy.special.digamma`) */
  digamma(x: ArrayLike, keywords?: ScipySpecialKeywords['digamma']): JaxArray;
  /** The standard normal CDF. (`jax.scipy.special.ndtr`) */
  ndtr(x: ArrayLike, keywords?: ScipySpecialKeywords['ndtr']): JaxArray;
  /** The inverse of the standard normal CDF (-inf at 0, inf at 1). Inlined: JAX wraps its polynomials in nested `jit`s of `scan`s; jaxplay unrolls them (the same values). (`jax.scipy.special.ndtri`) */
  ndtri(p: ArrayLike, keywords?: ScipySpecialKeywords['ndtri']): JaxArray;
  /** x * log(y), 0 where x is 0. JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params. (`jax.scipy.special.xlogy`) */
  xlogy(x: ArrayLike, y: ArrayLike, keywords?: ScipySpecialKeywords['xlogy']): JaxArray;
  /** x * log1p(y), 0 where x is 0. JAX's `custom_jvp_call` is kept around the inlined body; it prints its own params. (`jax.scipy.special.xlog1py`) */
  xlog1py(x: ArrayLike, y: ArrayLike, keywords?: ScipySpecialKeywords['xlog1py']): JaxArray;
  /** exp(x) normalised to sum to 1 over `axis` (all axes by default). (`jax.scipy.special.softmax`) */
  softmax(x: ArrayLike, keywords?: ScipySpecialKeywords['softmax']): JaxArray;
  /** log(softmax(x)) over `axis` (all axes by default), computed stably. Inlined: JAX wraps it in a nested `jit`. (`jax.scipy.special.log_softmax`) */
  logSoftmax(x: ArrayLike, keywords?: ScipySpecialKeywords['logSoftmax']): JaxArray;
  /** log(sum(exp(a))) over `axis`, computed stably. `b`, `return_sign=True` and `where` are not supported yet. (`jax.scipy.special.logsumexp`) */
  logsumexp(a: ArrayLike, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, returnSign: boolean, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
  logsumexp(a: ArrayLike, axis: Axis | null, b: null, keepdims: boolean, returnSign: boolean, where: null, keywords?: ScipySpecialKeywords['logsumexp']): JaxArray;
}

/** The keyword arguments of each function of `ScipySpecial`. */
export interface ScipySpecialKeywords {
  erf: { x?: ArrayLike };
  erfc: { x?: ArrayLike };
  erfinv: { x?: ArrayLike };
  expit: { x?: ArrayLike };
  logit: { x?: ArrayLike };
  gammaln: { x?: ArrayLike };
  digamma: { x?: ArrayLike };
  ndtr: { x?: ArrayLike };
  ndtri: { p?: ArrayLike };
  xlogy: { x?: ArrayLike; y?: ArrayLike };
  xlog1py: { x?: ArrayLike; y?: ArrayLike };
  softmax: { axis?: Axis | null };
  logSoftmax: { axis?: Axis | null };
  logsumexp: { a?: ArrayLike; axis?: Axis | null; b?: null; keepdims?: boolean; return_sign?: boolean; returnSign?: boolean; where?: null };
}
