// Host NumPy for Python mode: Python's operators and values on www/lib/np.js's host arrays,
// whose operations all run in the engine with NumPy 2's rules (src/numpy/). What is Python's own
// lives here: the operator table (`//`, `%`, `**`, `&|^`, `<<`, `>>`), Python int/float/bool
// values as weak operands, the NumPy scalar a ufunc or full reduction gives (`np.float32(6.0)`,
// not a 0-d array), and basic indexing.

import { HostArray, PyScalar, hostOp } from '../lib/np.js';
import { PyFloat, pyErr } from './types.js';

const FLOATS = new Set(['float16', 'float32', 'float64']);
const isFloatDtype = (d) => FLOATS.has(d);

export const makeHost = (values, shape, dtype) => HostArray.fromValues(values, shape, dtype);

/** A numpy scalar (`np.float32(1.0)`, what `arr.sum()` gives): a 0-d HostArray marked as one. */
export function hostScalar(value, dtype) {
  const h = makeHost([value], [], dtype);
  h.pyScalar = true;
  return h;
}

/** A NumPy ufunc's 0-d result is a NumPy scalar (`np.float64(2.0)`), as NumPy gives it. */
export function scalarIf0d(r) {
  if (r.shape.length === 0) r.pyScalar = true;
  return r;
}

/** A Python value as a host NumPy operand: Python ints, floats and bools weak (NEP 50). */
export function pyOperand(v) {
  if (v instanceof PyFloat) return new PyScalar('float', v.v);
  if (typeof v === 'bigint') return new PyScalar('int', Number(v));
  return v;
}

const OPS = {
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply',
  '/': 'divide',
  '//': 'floor_divide',
  '%': 'remainder',
  '**': 'power',
  '&': 'bitwise_and',
  '|': 'bitwise_or',
  '^': 'bitwise_xor',
  '<<': 'left_shift',
  '>>': 'right_shift',
  '<': 'less',
  '<=': 'less_equal',
  '>': 'greater',
  '>=': 'greater_equal',
  '==': 'equal',
  '!=': 'not_equal',
};

/** Python's binary operator `op` on host arrays and Python scalars: NumPy's ufunc for it. */
export function hostBinop(op, a, b) {
  if (!OPS[op]) throw pyErr('TypeError', `unsupported operand type(s) for ${op}: 'numpy.ndarray'`);
  return scalarIf0d(hostOp(OPS[op], [pyOperand(a), pyOperand(b)]));
}

/** NumPy ufunc `name` of one operand (`-x` is `negative`, `~x` `invert`). */
export function hostUnary(name, x) {
  return scalarIf0d(hostOp(name, [pyOperand(x)]));
}

/** A full reduction is a NumPy scalar (`np.float32(6.0)`); along an axis, an array. */
export function hostReduce(x, kind, axis, keepdims = false) {
  const r = hostOp(kind, [x], { axis: axis === null ? undefined : axis, keepdims });
  return keepdims ? r : scalarIf0d(r);
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
