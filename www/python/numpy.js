// `jax.numpy`'s functions that read Python data (the rest come from the engine's API table,
// www/python/api.js), and host `numpy` (np.js's functions on HostArrays, with hostops.js's Python operators), under
// their Python names and keywords (`dtype=`, `axis=`).

import { asarrayResult } from './bridge.js';
import { JaxArray } from '../lib/arrays.js';
import { HostArray, HOST_UFUNCS, hostOp, resultType } from '../lib/np.js';
import { PyFloat, PyTuple, pyErr, float } from './types.js';
import { numberOf } from './runtime.js';
import {
  dtypeArg, toHost, jaxArrayOf,
} from './arrays.js';
import {
  hostReduce, makeHost, pyOperand, scalarIf0d,
} from './hostops.js';

// ------------------------------------------------------------------ jax.numpy

const shapeOf = (s) => (typeof s === 'number' ? [s] : [...s].map(Number));

/**
 * The `jax.numpy` functions made here rather than by the engine's API table: they turn Python
 * data (nested lists, host arrays) into engine arrays.
 */
export const jnpFns = {
  array: ([x, dtype], kw) => jaxArrayOf(x, dtypeArg(kw.dtype ?? dtype)),
  asarray: ([x, dtype], kw) => jaxArrayOf(x, dtypeArg(kw.dtype ?? dtype)),
};

// ------------------------------------------------------------------ numpy (host)

/** NumPy ufunc `name` of Python values; a 0-d result is a NumPy scalar. */
const ufunc = (name) => (args) => scalarIf0d(hostOp(name, args.map((a) => hostArg(a))));

const hostArg = (x) => (x instanceof PyFloat || typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint' ? pyOperand(x) : toHost(x));

/** A reduction's `axis` and `keepdims`, positional or by keyword. */
const reduction = (name) => ([x, axis = null, , , keepdims], kw) => hostReduce(toHost(x), name, kw.axis ?? axis, Boolean(kw.keepdims ?? keepdims));

/** NumPy's `isclose`: `|a - b| <= atol + rtol * |b|` where `b` is finite, and equal values (infinities too). */
function isclose(a, b, kw) {
  const [x, y] = [hostArg(a), hostArg(b)];
  const tol = hostOp('add', [pyOperand(kw.atol ?? float(1e-8)), hostOp('multiply', [pyOperand(kw.rtol ?? float(1e-5)), hostOp('absolute', [y])])]);
  const near = hostOp('logical_and', [hostOp('less_equal', [hostOp('absolute', [hostOp('subtract', [x, y])]), tol]), hostOp('isfinite', [y])]);
  return hostOp('logical_or', [near, hostOp('equal', [x, y])]);
}

const truthOf = (h) => Number(hostOp('all', [h]).data[0]) !== 0;

export const npFns = {
  asarray: ([x, dtype], kw) => asarrayResult(toHost(x, dtypeArg(kw.dtype ?? dtype, 'np'))),
  array: ([x, dtype], kw) => toHost(x, dtypeArg(kw.dtype ?? dtype, 'np')).copy(),
  zeros: ([s, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(0), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? 'float64'),
  ones: ([s, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(1), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? 'float64'),
  full: ([s, v, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(numberOf(v)), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? (v instanceof PyFloat ? 'float64' : typeof v === 'boolean' ? 'bool' : 'int64')),
  zeros_like: ([x]) => makeHost(new Array(x.size).fill(0), [...x.shape], x.dtype),
  ones_like: ([x]) => makeHost(new Array(x.size).fill(1), [...x.shape], x.dtype),
  arange: (args, kw) => {
    const nums = args.map(numberOf);
    const [start, stop, step] = nums.length === 1 ? [0, nums[0], 1] : [nums[0], nums[1], nums[2] ?? 1];
    const dtype = dtypeArg(kw.dtype, 'np') ?? (args.some((a) => a instanceof PyFloat) ? 'float64' : 'int64');
    const n = Math.max(0, Math.ceil((stop - start) / step));
    return makeHost(Array.from({ length: n }, (_, i) => start + i * step), [n], dtype);
  },
  ...Object.fromEntries([...HOST_UFUNCS.unary, ...HOST_UFUNCS.binary].map((name) => [name, ufunc(name)])),
  ...Object.fromEntries(Object.entries(HOST_UFUNCS.aliases).map(([alias, name]) => [alias, ufunc(name)])),
  clip: ufunc('clip'),
  where: ([c, a, b]) => hostOp('where', [hostArg(c), hostArg(a), hostArg(b)]),
  shape: ([x]) => PyTuple.from(x instanceof HostArray || x instanceof JaxArray ? x.shape : toHost(x).shape),
  ...Object.fromEntries(HOST_UFUNCS.reductions.map((name) => [name, reduction(name)])),
  concatenate: ([xs, axis = 0], kw) => joinHost([...xs].map((x) => toHost(x)), kw.axis ?? axis, false),
  stack: ([xs, axis = 0], kw) => joinHost([...xs].map((x) => toHost(x)), kw.axis ?? axis, true),
  isclose: ([a, b], kw) => scalarIf0d(isclose(a, b, kw)),
  allclose: ([a, b], kw) => truthOf(isclose(a, b, kw)),
  array_equal: ([a, b]) => {
    const [x, y] = [toHost(a), toHost(b)];
    return x.shape.join() === y.shape.join() && truthOf(hostOp('equal', [x, y]));
  },
};

/** np.concatenate / np.stack along axis 0 (the lessons' use); other axes are not there yet. */
function joinHost(arrays, axis, stack) {
  if (axis !== 0) throw pyErr('NotImplementedError', `jaxplay's NumPy ${stack ? 'stacks' : 'concatenates'} along axis 0 only`);
  if (arrays.length === 0) throw pyErr('ValueError', 'need at least one array to concatenate');
  const rest = (a) => (stack ? a.shape : a.shape.slice(1)).join(',');
  if (arrays.some((a) => rest(a) !== rest(arrays[0]) || (!stack && a.shape.length === 0))) {
    throw pyErr('ValueError', `all the input arrays must have the same shape${stack ? '' : ' except along the concatenation axis'}`);
  }
  const dtype = resultType(...arrays);
  const values = arrays.flatMap((a) => Array.from(a.data, Number));
  const first = stack ? arrays.length : arrays.reduce((n, a) => n + a.shape[0], 0);
  return makeHost(values, [first, ...(stack ? arrays[0].shape : arrays[0].shape.slice(1))], dtype);
}
