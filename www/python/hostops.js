// Host NumPy for Python mode: Python's operators on www/lib/np.js's HostArray. The array
// machinery is np.js's, shared with the JS API (storage, broadcasting `elementwise`, NumPy 2
// promotion `resultDtype`, reductions, the ufuncs); what is Python's own lives here: the
// operator table (`//`, `%`, `**`, `&|^` with NumPy's bool and int rules, integer division by
// zero giving 0), Python int/float scalars as weak operands, the NumPy scalar a full reduction
// gives (`np.float32(6.0)`, not a 0-d array), and basic indexing.

import { HostArray, elementwise, resultDtype, reduce } from '../lib/np.js';
import { pyErr } from './types.js';

const FLOATS = new Set(['float32', 'float64']);
const isFloatDtype = (d) => FLOATS.has(d);
const isIntDtype = (d) => /^u?int/.test(d);

export const makeHost = (values, shape, dtype) => HostArray.fromValues(values, shape, dtype);

/** A numpy scalar (`np.float32(1.0)`, what `arr.sum()` gives): a 0-d HostArray marked as one. */
export function hostScalar(value, dtype) {
  const h = makeHost([value], [], dtype);
  h.pyScalar = true;
  return h;
}

/** NumPy 2 promotion of two array dtypes, or of an array dtype and 'int'/'float' (weak Python scalars). */
export function promote(a, b) {
  const weak = { int: 'weak-int', float: 'weak-float' };
  if (weak[a] && weak[b]) return a === 'float' || b === 'float' ? 'float' : 'int';
  if (weak[a]) return resultDtype(b, weak[a]);
  return resultDtype(a, weak[b] ?? b);
}

const strides = (shape) => {
  const s = new Array(shape.length).fill(0);
  let k = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = k;
    k *= shape[i];
  }
  return s;
};

export { elementwise };

const ARITH = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '//': (a, b) => Math.floor(a / b),
  '%': (a, b) => (b === 0 ? NaN : a - b * Math.floor(a / b)),
  '**': (a, b) => a ** b,
  '&': (a, b) => a & b,
  '|': (a, b) => a | b,
  '^': (a, b) => a ^ b,
};
const CMP = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** `{data, shape, dtype}` operands: HostArrays, or Python scalars as weak 'int'/'float'/'bool'. */
export function hostBinop(op, a, b) {
  if (CMP[op]) return elementwise([a, b], 'bool', CMP[op]);
  let dtype = promote(a.dtype, b.dtype);
  if (dtype === 'int' || dtype === 'float') dtype = dtype === 'int' ? 'int64' : 'float64';
  if (op === '/' && !isFloatDtype(dtype)) dtype = 'float64';
  if (dtype === 'bool' && (op === '-')) throw pyErr('TypeError', 'numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.');
  if (dtype === 'bool' && '+*'.includes(op)) return elementwise([a, b], 'bool', op === '+' ? (x, y) => x || y : (x, y) => x && y);
  // NumPy: bool // bool (and %, **) is int8; bool with other arithmetic promotes to the other side.
  if (dtype === 'bool' && !'&|^'.includes(op)) dtype = op === '//' || op === '%' || op === '**' ? 'int8' : 'int64';
  if (op === '**' && isIntDtype(dtype) && Array.from(b.data).some((v) => v < 0)) {
    throw pyErr('ValueError', 'Integers to negative integer powers are not allowed.');
  }
  let f = ARITH[op];
  // Integer floor division or modulo by zero is 0 in NumPy (with a warning), not an error.
  if ((op === '//' || op === '%') && isIntDtype(dtype)) f = ((g) => (x, y) => (y === 0 ? 0 : g(x, y)))(f);
  if (!f) throw pyErr('TypeError', `unsupported operand type(s) for ${op}: 'numpy.ndarray'`);
  const round = dtype === 'float32' ? Math.fround : isIntDtype(dtype) && op !== '/' ? Math.trunc : null;
  return elementwise([a, b], dtype, round ? (x, y) => round(f(x, y)) : f);
}

/** A full reduction is a NumPy scalar (`np.float32(6.0)`); along an axis, an array. */
export function hostReduce(x, kind, axis) {
  const r = reduce(x, axis === null ? undefined : axis, kind);
  if (r.shape.length === 0) r.pyScalar = true;
  return r;
}

/** Basic indexing: ints, slices (`[start, stop, step]` triples come resolved) and new axes. */
export function hostIndex(x, keys) {
  const real = keys.filter((k) => !k.newaxis).length;
  if (real > x.shape.length) throw pyErr('IndexError', `too many indices for array: array is ${x.shape.length}-dimensional, but ${real} were indexed`);
  const full = [...keys, ...x.shape.slice(real).map((n) => ({ slice: [0, n, 1] }))];
  const outShape = [];
  const axes = []; // the positions kept along each axis of x
  let d = 0;
  for (const k of full) {
    if (k.newaxis) {
      outShape.push(1);
      continue;
    }
    const n = x.shape[d];
    if (typeof k === 'number') {
      const i = k < 0 ? k + n : k;
      if (i < 0 || i >= n) throw pyErr('IndexError', `index ${k} is out of bounds for axis ${d} with size ${n}`);
      axes.push([i]);
    } else {
      const [start, stop, step] = k.slice;
      const idx = [];
      for (let i = start; step > 0 ? i < stop : i > stop; i += step) idx.push(i);
      outShape.push(idx.length);
      axes.push(idx);
    }
    d += 1;
  }
  const st = strides(x.shape);
  const values = [];
  const walk = (a, at) => {
    if (a === axes.length) { values.push(x.data[at]); return; }
    for (const i of axes[a]) walk(a + 1, at + i * st[a]);
  };
  walk(0, 0);
  return makeHost(values, outShape, x.dtype);
}

/** Host arrays a callback received: read-only, as JAX hands them (NumPy's writeable=False). */
const readOnly = new WeakSet();
export const markReadOnly = (x) => { if (x instanceof HostArray) readOnly.add(x); return x; };
export const isReadOnly = (x) => readOnly.has(x);

export function hostSetIndex(x, keys, value) {
  if (readOnly.has(x)) throw pyErr('ValueError', 'assignment destination is read-only');
  if (!keys.every((k) => typeof k === 'number') || keys.length !== x.shape.length) {
    throw pyErr('NotImplementedError', "jaxplay's Python assigns single elements of host arrays only (one int index per axis)");
  }
  const st = strides(x.shape);
  let at = 0;
  keys.forEach((k, d) => {
    const i = k < 0 ? k + x.shape[d] : k;
    if (i < 0 || i >= x.shape[d]) throw pyErr('IndexError', `index ${k} is out of bounds for axis ${d} with size ${x.shape[d]}`);
    at += i * st[d];
  });
  x.data[at] = value;
}

export { isFloatDtype };
