// Host NumPy arithmetic for Python mode, on www/lib/np.js's HostArray as storage: broadcasting
// elementwise operations with NumPy 2 promotion (Python int/float scalars are weak), the
// ufuncs the lessons use, reductions and basic indexing. Kept apart from np.js, which the JS
// API owns, so Python semantics (int vs float scalars) live with the Python front end.

import { HostArray } from '../lib/np.js';
import { pyErr } from './types.js';

const FLOATS = new Set(['float32', 'float64']);
const isFloatDtype = (d) => FLOATS.has(d);
const isIntDtype = (d) => /^u?int/.test(d);
const STORAGE = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: Float64Array, bool: Uint8Array, uint8: Uint8Array, int8: Int8Array, int16: Int16Array, uint32: Uint32Array, uint16: Uint16Array };

export function makeHost(values, shape, dtype) {
  const data = new (STORAGE[dtype] ?? Float64Array)(values.length);
  for (let i = 0; i < values.length; i++) data[i] = dtype === 'bool' ? (values[i] ? 1 : 0) : values[i];
  return new HostArray(data, shape, dtype);
}

/** A numpy scalar (`np.float32(1.0)`, what `arr.sum()` gives): a 0-d HostArray marked as one. */
export function hostScalar(value, dtype) {
  const h = makeHost([value], [], dtype);
  h.pyScalar = true;
  return h;
}

const RANK = { bool: 0, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 3, uint32: 3, int64: 4, float32: 5, float64: 6 };

/** NumPy 2 promotion of two array dtypes, or of an array dtype and 'int'/'float' (weak Python scalars). */
export function promote(a, b) {
  if (b === 'int') return a === 'bool' ? 'int64' : a;
  if (b === 'float') return isFloatDtype(a) ? a : 'float64';
  if (a === 'int') return promote(b, a);
  if (a === 'float') return promote(b, a);
  if (a === b) return a;
  if (a === 'bool') return b;
  if (b === 'bool') return a;
  if (isFloatDtype(a) && isFloatDtype(b)) return 'float64';
  if (isFloatDtype(a) || isFloatDtype(b)) {
    const [f, i] = isFloatDtype(a) ? [a, b] : [b, a];
    return f === 'float32' && RANK[i] <= 2 ? 'float32' : 'float64';
  }
  return RANK[a] >= RANK[b] ? a : b;
}

function broadcast(a, b) {
  const n = Math.max(a.length, b.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) {
      throw pyErr('ValueError', `operands could not be broadcast together with shapes (${a.join(',')}${a.length === 1 ? ',' : ''}) (${b.join(',')}${b.length === 1 ? ',' : ''}) `);
    }
    out.push(x === 1 ? y : x);
  }
  return out;
}

function strides(shape, outShape) {
  const s = new Array(outShape.length).fill(0);
  let k = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[outShape.length - shape.length + i] = shape[i] === 1 ? 0 : k;
    k *= shape[i];
  }
  return s;
}

const size = (shape) => shape.reduce((a, b) => a * b, 1);

/** `f` over broadcast operands `[{data, shape}]`, into a new array of `dtype`. */
export function elementwise(operands, dtype, f) {
  const shape = operands.reduce((s, o) => broadcast(s, o.shape), []);
  const n = size(shape);
  const st = operands.map((o) => strides(o.shape, shape));
  const out = new (STORAGE[dtype] ?? Float64Array)(n);
  const idx = new Array(shape.length).fill(0);
  const vals = new Array(operands.length);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < operands.length; k++) {
      let at = 0;
      for (let d = 0; d < shape.length; d++) at += idx[d] * st[k][d];
      vals[k] = Number(operands[k].data[at]);
    }
    const r = f(...vals);
    out[i] = dtype === 'bool' ? (r ? 1 : 0) : r;
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return new HostArray(out, shape, dtype);
}

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

export function hostUnary(fname, x) {
  const dtype = isFloatDtype(x.dtype) ? x.dtype : 'float64';
  const f = Math[fname];
  return elementwise([x], dtype, dtype === 'float32' ? (v) => Math.fround(f(v)) : f);
}

export function hostReduce(x, kind, axis) {
  const dtypeOut = kind === 'mean' ? (isFloatDtype(x.dtype) ? x.dtype : 'float64')
    : kind === 'sum' && (x.dtype === 'bool' || x.dtype === 'int32') ? 'int64'
      : kind === 'any' || kind === 'all' ? 'bool' : x.dtype;
  const combine = {
    sum: (a, b) => a + b, mean: (a, b) => a + b, max: Math.max, min: Math.min, any: (a, b) => a || b, all: (a, b) => a && b, prod: (a, b) => a * b,
  }[kind];
  const init = { sum: 0, mean: 0, max: -Infinity, min: Infinity, any: 0, all: 1, prod: 1 }[kind];
  if (axis === null || axis === undefined) {
    if (x.size === 0 && (kind === 'max' || kind === 'min')) throw pyErr('ValueError', `zero-size array to reduction operation ${kind === 'max' ? 'maximum' : 'minimum'} which has no identity`);
    let acc = init;
    for (const v of x.data) acc = combine(acc, Number(v));
    if (kind === 'mean') acc /= x.size;
    return hostScalar(dtypeOut === 'float32' ? Math.fround(acc) : acc, dtypeOut);
  }
  const ax = axis < 0 ? axis + x.shape.length : axis;
  const outShape = x.shape.filter((_, i) => i !== ax);
  const inner = size(x.shape.slice(ax + 1));
  const outer = size(x.shape.slice(0, ax));
  const n = x.shape[ax];
  const values = [];
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      let acc = init;
      for (let k = 0; k < n; k++) acc = combine(acc, Number(x.data[(o * n + k) * inner + i]));
      values.push(kind === 'mean' ? acc / n : acc);
    }
  }
  return makeHost(values, outShape, dtypeOut);
}

/** Basic indexing: ints and slices per axis (`[start, stop, step]` triples come resolved). */
export function hostIndex(x, keys) {
  if (keys.length > x.shape.length) throw pyErr('IndexError', `too many indices for array: array is ${x.shape.length}-dimensional, but ${keys.length} were indexed`);
  const full = [...keys, ...x.shape.slice(keys.length).map((n) => ({ slice: [0, n, 1] }))];
  const outShape = [];
  const axes = full.map((k, d) => {
    const n = x.shape[d];
    if (typeof k === 'number') {
      const i = k < 0 ? k + n : k;
      if (i < 0 || i >= n) throw pyErr('IndexError', `index ${k} is out of bounds for axis ${d} with size ${n}`);
      return [i];
    }
    const [start, stop, step] = k.slice;
    const idx = [];
    for (let i = start; step > 0 ? i < stop : i > stop; i += step) idx.push(i);
    outShape.push(idx.length);
    return idx;
  });
  const st = strides(x.shape, x.shape);
  const values = [];
  const walk = (d, at) => {
    if (d === axes.length) { values.push(x.data[at]); return; }
    for (const i of axes[d]) walk(d + 1, at + i * st[d]);
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
  const st = strides(x.shape, x.shape);
  let at = 0;
  keys.forEach((k, d) => {
    const i = k < 0 ? k + x.shape[d] : k;
    if (i < 0 || i >= x.shape[d]) throw pyErr('IndexError', `index ${k} is out of bounds for axis ${d} with size ${x.shape[d]}`);
    at += i * st[d];
  });
  x.data[at] = value;
}

export { isFloatDtype };
