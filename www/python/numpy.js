// `jax.numpy`'s functions that read Python data (the rest come from the engine's API table,
// www/python/api.js), and host `numpy` (np.js's functions on HostArrays, with hostops.js's Python operators), under
// their Python names and keywords (`dtype=`, `axis=`).

import { asarrayResult } from './bridge.js';
import { JaxArray } from '../lib/engine.js';
import { HostArray, np } from '../lib/np.js';
import { PyFloat, PyTuple, pyErr, float } from './types.js';
import { numberOf } from './runtime.js';
import {
  dtypeArg, toHost, jaxArrayOf,
} from './arrays.js';
import {
  hostBinop, hostReduce, elementwise, makeHost, promote,
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

const npUnary = (name) => ([x]) => {
  const r = np[name](toHost(x));
  if (r.shape.length === 0 && !(x instanceof HostArray && !x.pyScalar)) r.pyScalar = true;
  return r;
};

const hostArg = (x) => (x instanceof PyFloat ? { data: [x.v], shape: [], dtype: 'float' }
  : typeof x === 'number' ? { data: [x], shape: [], dtype: 'int' } : typeof x === 'boolean' ? { data: [x ? 1 : 0], shape: [], dtype: 'bool' } : toHost(x));

export const npFns = {
  asarray: ([x, dtype], kw) => asarrayResult(toHost(x, dtypeArg(kw.dtype ?? dtype, 'np'))),
  array: ([x, dtype], kw) => toHost(x, dtypeArg(kw.dtype ?? dtype, 'np')).copy(),
  zeros: ([s, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(0), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? 'float64'),
  ones: ([s, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(1), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? 'float64'),
  full: ([s, v, d], kw) => makeHost(new Array(shapeOf(s).reduce((a, b) => a * b, 1)).fill(numberOf(v)), shapeOf(s), dtypeArg(kw.dtype ?? d, 'np') ?? (v instanceof PyFloat ? 'float64' : 'int64')),
  zeros_like: ([x]) => makeHost(new Array(x.size).fill(0), [...x.shape], x.dtype),
  ones_like: ([x]) => makeHost(new Array(x.size).fill(1), [...x.shape], x.dtype),
  arange: (args, kw) => {
    const nums = args.map(numberOf);
    const [start, stop, step] = nums.length === 1 ? [0, nums[0], 1] : [nums[0], nums[1], nums[2] ?? 1];
    const dtype = dtypeArg(kw.dtype, 'np') ?? (args.some((a) => a instanceof PyFloat) ? 'float64' : 'int64');
    const n = Math.max(0, Math.ceil((stop - start) / step));
    return makeHost(Array.from({ length: n }, (_, i) => start + i * step), [n], dtype);
  },
  ...Object.fromEntries(['sin', 'cos', 'tan', 'tanh', 'exp', 'log', 'log1p', 'expm1', 'sqrt', 'floor', 'ceil', 'round', 'around', 'rint', 'sign', 'square']
    .map((name) => [name, npUnary(name)])),
  abs: ([x]) => {
    const h = hostArg(x);
    const dtype = h.dtype === 'int' ? 'int64' : h.dtype === 'float' ? 'float64' : h.dtype;
    return elementwise([h], dtype, Math.abs);
  },
  maximum: ([a, b]) => elementwiseBinary(a, b, Math.max),
  minimum: ([a, b]) => elementwiseBinary(a, b, Math.min),
  clip: ([x, lo, hi]) => elementwiseBinary(elementwiseBinary(x, lo, Math.max), hi, Math.min),
  add: ([a, b]) => hostBinop('+', hostArg(a), hostArg(b)),
  subtract: ([a, b]) => hostBinop('-', hostArg(a), hostArg(b)),
  multiply: ([a, b]) => hostBinop('*', hostArg(a), hostArg(b)),
  divide: ([a, b]) => hostBinop('/', hostArg(a), hostArg(b)),
  where: ([c, a, b]) => {
    const [ha, hb] = [hostArg(a), hostArg(b)];
    let dtype = promote(ha.dtype, hb.dtype);
    if (dtype === 'int' || dtype === 'float') dtype = dtype === 'int' ? 'int64' : 'float64';
    return elementwise([toHost(c), ha, hb], dtype, (p, x, y) => (p ? x : y));
  },
  logical_not: ([x]) => elementwise([hostArg(x)], 'bool', (v) => !v),
  shape: ([x]) => PyTuple.from(x instanceof HostArray || x instanceof JaxArray ? x.shape : toHost(x).shape),
  sum: ([x, axis = null], kw) => hostReduce(toHost(x), 'sum', kw.axis ?? axis),
  mean: ([x, axis = null], kw) => hostReduce(toHost(x), 'mean', kw.axis ?? axis),
  max: ([x, axis = null], kw) => hostReduce(toHost(x), 'max', kw.axis ?? axis),
  min: ([x, axis = null], kw) => hostReduce(toHost(x), 'min', kw.axis ?? axis),
  prod: ([x, axis = null], kw) => hostReduce(toHost(x), 'prod', kw.axis ?? axis),
  any: ([x, axis = null], kw) => hostReduce(toHost(x), 'any', kw.axis ?? axis),
  all: ([x, axis = null], kw) => hostReduce(toHost(x), 'all', kw.axis ?? axis),
  concatenate: ([xs, axis = 0], kw) => joinHost([...xs].map((x) => toHost(x)), kw.axis ?? axis, false),
  stack: ([xs, axis = 0], kw) => joinHost([...xs].map((x) => toHost(x)), kw.axis ?? axis, true),
  isclose: ([a, b], kw) => elementwise([toHost(a), toHost(b)], 'bool', (x, y) => Math.abs(x - y) <= numberOf(kw.atol ?? float(1e-8)) + numberOf(kw.rtol ?? float(1e-5)) * Math.abs(y)),
  allclose: ([a, b], kw) => {
    const r = elementwise([toHost(a), toHost(b)], 'bool', (x, y) => Math.abs(x - y) <= numberOf(kw.atol ?? float(1e-8)) + numberOf(kw.rtol ?? float(1e-5)) * Math.abs(y));
    return r.data.every((v) => v);
  },
  array_equal: ([a, b]) => {
    const [x, y] = [toHost(a), toHost(b)];
    return x.shape.join() === y.shape.join() && Array.from(x.data).every((v, i) => Number(v) === Number(y.data[i]));
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
  const dtype = arrays.map((a) => a.dtype).reduce((d, e) => promote(d, e));
  const values = arrays.flatMap((a) => Array.from(a.data, Number));
  const first = stack ? arrays.length : arrays.reduce((n, a) => n + a.shape[0], 0);
  return makeHost(values, [first, ...(stack ? arrays[0].shape : arrays[0].shape.slice(1))], dtype);
}

function elementwiseBinary(a, b, f) {
  const [ha, hb] = [hostArg(a), hostArg(b)];
  let dtype = promote(ha.dtype, hb.dtype);
  if (dtype === 'int' || dtype === 'float') dtype = dtype === 'int' ? 'int64' : 'float64';
  return elementwise([ha, hb], dtype, f);
}
