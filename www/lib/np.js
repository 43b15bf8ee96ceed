// The host side: a small NumPy-like array for callbacks. A callback receives `HostArray`s
// (concrete data, never tracers) and may return them, typed arrays, numbers, nested number
// arrays, or pytrees of these. Arithmetic follows NumPy 2 promotion (bare numbers are weak).

import { floatRepr } from './pyformat.js';
import { arrayStr } from './arrayprint.js';
import { sizedDims, isDetached, detachedError, integer, MAX_ELEMENTS, show, shapeSize as size } from './checks.js';

const TYPED = {
  float32: Float32Array,
  float64: Float64Array,
  int32: Int32Array,
  int16: Int16Array,
  int8: Int8Array,
  uint32: Uint32Array,
  uint16: Uint16Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};

export function dtypeOfTyped(data) {
  if (data instanceof Float32Array) return 'float32';
  if (data instanceof Float64Array) return 'float64';
  if (data instanceof Int32Array) return 'int32';
  if (data instanceof Int16Array) return 'int16';
  if (data instanceof Int8Array) return 'int8';
  if (data instanceof Uint32Array) return 'uint32';
  if (data instanceof Uint16Array) return 'uint16';
  if (data instanceof Uint8Array || data instanceof Uint8ClampedArray) return 'uint8';
  if (data instanceof BigInt64Array) return 'int64';
  if (data instanceof BigUint64Array) return 'uint64';
  return null;
}

const isFloat = (d) => d === 'float32' || d === 'float64';
const isInt = (d) => /^u?int/.test(d);

/** Shape and flat values of nested number/boolean arrays, or null if ragged or not numeric. */
export function nestedNumbers(x) {
  const shape = [];
  let probe = x;
  while (Array.isArray(probe)) {
    // NumPy's limit; also ends the walk down a list that contains itself.
    if (shape.length === 64) return null;
    shape.push(probe.length);
    probe = probe[0];
  }
  const flat = [];
  let allBool = true;
  let allBigInt = true;
  const walk = (v, depth) => {
    if (depth === shape.length) {
      if (typeof v === 'number') allBool = allBigInt = false;
      else if (typeof v === 'bigint') allBool = false;
      else if (typeof v !== 'boolean') return false;
      else allBigInt = false;
      flat.push(Number(v));
      return true;
    }
    if (!Array.isArray(v) || v.length !== shape[depth]) return false;
    // An index loop, not `every`: `every` skips the holes of a sparse list ([1, , 3]).
    for (let i = 0; i < v.length; i++) if (!walk(v[i], depth + 1)) return false;
    return true;
  };
  if (!walk(x, 0)) return null;
  // Python ints (BigInts here) make an int64 array, as NumPy makes of a list of ints.
  const dtype = flat.length > 0 && allBool ? 'bool' : flat.length > 0 && allBigInt ? 'int64' : 'number';
  return { shape, values: flat, dtype };
}

/** Why `x` is not a rectangular nested list of numbers: the first hole, ragged row or odd entry. */
export function nestedProblem(x) {
  let found = null;
  const path = [];
  const at = () => path.map((i) => `[${i}]`).join('');
  const walk = (v, depth) => {
    if (found || depth > 64) return;
    if (!Array.isArray(v)) {
      if (typeof v !== 'number' && typeof v !== 'boolean' && typeof v !== 'bigint') {
        found = `the entry at ${at()} is ${v === undefined ? 'undefined' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `a ${typeof v}`}`;
      }
      return;
    }
    for (let i = 0; i < v.length && !found; i++) {
      path.push(i);
      if (!(i in v)) found = `the list has a hole at ${at()} (a sparse list such as [1, , 3]); fill every entry`;
      else walk(v[i], depth + 1);
      path.pop();
    }
  };
  walk(x, 0);
  return found ?? 'the nested lists are ragged (rows of different lengths) or nested more than 64 deep';
}

const RANK = { bool: 0, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 3, uint32: 3, int64: 4, uint64: 4 };
const BITS = { int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, uint32: 32, int64: 64, uint64: 64 };

/**
 * NumPy 2's promotion of two array dtypes; `b` may be 'weak-int' / 'weak-float' for a bare
 * number (Python scalars are weak). Python mode's host NumPy promotes with this too.
 */
export function resultDtype(a, b) {
  if (b === 'weak-int') return a === 'bool' ? 'int64' : a;
  if (b === 'weak-float') return isFloat(a) ? a : 'float64';
  if (a === b) return a;
  if (a === 'bool') return b;
  if (b === 'bool') return a;
  if (isFloat(a) && isFloat(b)) return 'float64';
  if (isFloat(a) || isFloat(b)) {
    // float32 holds int8/int16 (and their unsigned kin) exactly; wider ints need float64.
    const [f, i] = isFloat(a) ? [a, b] : [b, a];
    return f === 'float32' && RANK[i] <= 2 ? 'float32' : 'float64';
  }
  const [ua, ub] = [a.startsWith('u'), b.startsWith('u')];
  if (ua === ub) return RANK[a] >= RANK[b] ? a : b;
  // A signed and an unsigned int: the signed one if it is wider, else a signed int twice as wide.
  const [sgn, uns] = ua ? [b, a] : [a, b];
  if (BITS[sgn] > BITS[uns]) return sgn;
  return BITS[uns] >= 64 ? 'float64' : `int${BITS[uns] * 2}`;
}

/** `resultDtype` for two operands either of which may be a bare number. */
export function promote(a, b) {
  if (!a.startsWith('weak')) return resultDtype(a, b);
  if (!b.startsWith('weak')) return resultDtype(b, a);
  return a === 'weak-float' || b === 'weak-float' ? 'float64' : 'int64';
}

/**
 * A dtype given as a string, a scalar type (`np.float32`, `jnp.float32`) or a dtype object
 * (its `name`), read once; undefined and null pass through (no dtype given).
 */
export function dtypeName(d) {
  if (d === undefined || d === null || typeof d === 'string') return d;
  let name;
  try {
    name = typeof d === 'function' ? d.dtype : typeof d === 'object' ? d.name : undefined;
  } catch {
    name = undefined;
  }
  if (typeof name === 'string') return name;
  throw new TypeError(`np: dtype must be a dtype name such as 'float64' (or np.float32), got ${show(d)}`);
}

/** An operand of an elementwise function: a host array and its dtype, `weak-*` for bare numbers. */
function operand(x) {
  if (typeof x === 'number' || typeof x === 'boolean') {
    const dtype = typeof x === 'boolean' ? 'bool' : Number.isInteger(x) ? 'weak-int' : 'weak-float';
    return [new HostArray(Float64Array.of(Number(x)), [], 'float64'), dtype];
  }
  const a = asarray(x);
  return [a, a.dtype];
}

/**
 * `f` over broadcast operands (anything with `data` and `shape`), element by element, into a
 * new array of `dtype`.
 */
export function elementwise(arrays, dtype, f) {
  const shape = arrays.reduce((sh, a) => broadcastShapes(sh, a.shape), []);
  const n = size(shape);
  const strides = arrays.map((a) => stridesFor(a.shape, shape));
  const out = new (storageFor(dtype))(n);
  if (arrays.length === 2 && arrays.every((a) => a.data.length === n || a.data.length === 1)) {
    // The common case (same shapes, or an array and a scalar) without index arithmetic, which
    // is most of the general loop's time (bench/NOTES.md, "Figures behind code comments").
    const [a, b] = arrays.map((x) => x.data);
    const sa = a.length === n ? 1 : 0;
    const sb = b.length === n ? 1 : 0;
    for (let i = 0; i < n; i++) {
      const v = f(Number(a[i * sa]), Number(b[i * sb]));
      out[i] = typeof v === 'boolean' ? Number(v) : v;
    }
    return new HostArray(out, shape, dtype);
  }
  const idx = new Array(shape.length).fill(0);
  const args = new Array(arrays.length);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < arrays.length; k++) {
      let at = 0;
      for (let d = 0; d < shape.length; d++) at += idx[d] * strides[k][d];
      args[k] = Number(arrays[k].data[at]);
    }
    const v = f(...args);
    out[i] = typeof v === 'boolean' ? Number(v) : v;
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return new HostArray(out, shape, dtype);
}

function compare(a, other, f) {
  const [o] = operand(other);
  return elementwise([a, o], 'bool', f);
}

function extremum(x, y, f) {
  const [a, ad] = operand(x);
  const [b, bd] = operand(y);
  return elementwise([a, b], promote(ad, bd), f);
}

/** Reduction dtypes as NumPy 2 on 64-bit Linux: sums of bools and ints accumulate in int64. */
const REDUCE = {
  sum: { init: 0, step: (acc, v) => acc + v, dtype: (d) => (isFloat(d) ? d : 'int64') },
  prod: { init: 1, step: (acc, v) => acc * v, dtype: (d) => (isFloat(d) ? d : 'int64') },
  mean: { init: 0, step: (acc, v) => acc + v, dtype: (d) => (d === 'float32' ? 'float32' : 'float64') },
  max: { init: -Infinity, step: (acc, v) => (Number.isNaN(acc) || v > acc || Number.isNaN(v) ? v : acc), dtype: (d) => d },
  min: { init: Infinity, step: (acc, v) => (Number.isNaN(acc) || v < acc || Number.isNaN(v) ? v : acc), dtype: (d) => d },
  any: { init: 0, step: (acc, v) => (acc || v !== 0 ? 1 : 0), dtype: () => 'bool' },
  all: { init: 1, step: (acc, v) => (acc && v !== 0 ? 1 : 0), dtype: () => 'bool' },
};

/** `x.sum(axis)` and friends: `axis` undefined/null (everything), a number or an array of them. */
export function reduce(x, axis, kind) {
  const rule = REDUCE[kind];
  const nd = x.shape.length;
  const axes = axis === undefined || axis === null ? [...x.shape.keys()]
    : (Array.isArray(axis) ? axis : [axis]).map((a) => {
      if (!Number.isInteger(a) || a < -nd || a >= nd) {
        throw new RangeError(`axis ${a} is out of bounds for array of dimension ${nd}`);
      }
      return a < 0 ? a + nd : a;
    });
  const keep = x.shape.map((_, d) => !axes.includes(d));
  const outShape = x.shape.filter((_, d) => keep[d]);
  const count = size(x.shape) / Math.max(size(outShape), 1);
  if (count === 0 && (kind === 'max' || kind === 'min')) {
    throw new Error(`zero-size array to reduction operation ${kind === 'max' ? 'maximum' : 'minimum'} which has no identity`);
  }
  const acc = new Array(size(outShape)).fill(rule.init);
  const idx = new Array(nd).fill(0);
  for (let i = 0; i < x.data.length; i++) {
    let at = 0;
    for (let d = 0; d < nd; d++) if (keep[d]) at = at * x.shape[d] + idx[d];
    acc[at] = rule.step(acc[at], Number(x.data[i]));
    for (let d = nd - 1; d >= 0; d--) {
      if (++idx[d] < x.shape[d]) break;
      idx[d] = 0;
    }
  }
  const values = kind === 'mean' ? acc.map((v) => v / count) : acc;
  return HostArray.fromValues(values, outShape, rule.dtype(x.dtype));
}

function storageFor(dtype) {
  // int64 results are held as float64 numbers (exact to 2^53) and reported as int64.
  return dtype === 'int64' ? Float64Array : TYPED[dtype] ?? Float64Array;
}

/** A shape as NumPy prints it in messages: `(2,3)`, `(2,)`, `()`. */
const shapeText = (s) => `(${s.join(',')}${s.length === 1 ? ',' : ''})`;

function broadcastShapes(a, b) {
  const n = Math.max(a.length, b.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) {
      throw new Error(`operands could not be broadcast together with shapes ${shapeText(a)} ${shapeText(b)} `);
    }
    out.push(x === 1 ? y : x);
  }
  return out;
}

function stridesFor(shape, outShape) {
  // Strides of `shape` inside `outShape`, 0 on broadcast dimensions.
  const strides = new Array(outShape.length).fill(0);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    const o = outShape.length - shape.length + i;
    strides[o] = shape[i] === 1 ? 0 : s;
    s *= shape[i];
  }
  return strides;
}

export class HostArray {
  constructor(data, shape = [data.length], dtype = dtypeOfTyped(data)) {
    if (!Array.isArray(shape) || size(shape) !== data.length) {
      throw new Error(`HostArray: ${data.length} values do not fill shape (${shape})`);
    }
    this.data = data;
    this.shape = shape;
    this.dtype = dtype;
  }

  /**
   * A HostArray whose `.data` comes from `makeView()` (a typed array over memory that may be
   * replaced, like wasm memory when it grows): made again whenever the last one has been
   * emptied (detached), while the memory it reads stays alive.
   */
  static over(makeView, shape, dtype) {
    let view = makeView();
    const array = new HostArray(view, shape, dtype);
    const empty = view.length === 0;
    Object.defineProperty(array, 'data', {
      enumerable: true,
      get() {
        if (view.length === 0 && !empty) view = makeView();
        return view;
      },
    });
    return array;
  }

  get ndim() { return this.shape.length; }
  get size() { return this.data.length; }

  static fromValues(values, shape, dtype) {
    dtype = dtypeName(dtype);
    const Storage = storageFor(dtype);
    const data = new Storage(values.length);
    for (let i = 0; i < values.length; i++) data[i] = dtype === 'bool' ? (values[i] ? 1 : 0) : values[i];
    return new HostArray(data, shape, dtype);
  }

  #binary(other, f, name, forceFloat = false) {
    const [o, od] = operand(other);
    let dtype = resultDtype(this.dtype, od);
    if (forceFloat && !isFloat(dtype)) dtype = 'float64';
    if (dtype === 'bool' && name !== 'add' && name !== 'mul') dtype = 'int64';
    return elementwise([this, o], dtype, f);
  }

  add(o) { return this.#binary(o, (a, b) => a + b, 'add'); }
  sub(o) { return this.#binary(o, (a, b) => a - b, 'sub'); }
  mul(o) { return this.#binary(o, (a, b) => a * b, 'mul'); }
  div(o) { return this.#binary(o, (a, b) => a / b, 'div', true); }
  neg() { return this.mul(-1); }

  pow(o) { return this.#binary(o, (a, b) => a ** b, 'pow'); }
  lt(o) { return compare(this, o, (a, b) => a < b); }
  le(o) { return compare(this, o, (a, b) => a <= b); }
  gt(o) { return compare(this, o, (a, b) => a > b); }
  ge(o) { return compare(this, o, (a, b) => a >= b); }
  eq(o) { return compare(this, o, (a, b) => a === b); }
  ne(o) { return compare(this, o, (a, b) => a !== b); }
  sum(axis) { return reduce(this, axis, 'sum'); }
  prod(axis) { return reduce(this, axis, 'prod'); }
  mean(axis) { return reduce(this, axis, 'mean'); }
  max(axis) { return reduce(this, axis, 'max'); }
  min(axis) { return reduce(this, axis, 'min'); }
  any(axis) { return reduce(this, axis, 'any'); }
  all(axis) { return reduce(this, axis, 'all'); }

  reshape(...shape) {
    const dims = shape.length === 1 && Array.isArray(shape[0]) ? shape[0] : shape;
    const known = dims.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
    const resolved = dims.map((d) => (d === -1 ? this.size / known : d));
    return new HostArray(this.data, resolved, this.dtype);
  }

  astype(dtype) {
    return HostArray.fromValues(Array.from(this.data, Number), [...this.shape], dtypeName(dtype));
  }

  copy() {
    return new HostArray(this.data.slice(), [...this.shape], this.dtype);
  }

  /** Nested JS arrays (booleans for bool arrays), or a number for 0-d. */
  tolist() {
    const conv = this.dtype === 'bool' ? (v) => v !== 0 : Number;
    const build = (offset, depth) => {
      if (depth === this.shape.length) return conv(this.data[offset]);
      const stride = size(this.shape.slice(depth + 1));
      return Array.from({ length: this.shape[depth] }, (_, i) => build(offset + i * stride, depth + 1));
    };
    return build(0, 0);
  }

  item() {
    if (this.size !== 1) throw new Error(`item(): only size-1 arrays convert to a number (size ${this.size})`);
    return this.dtype === 'bool' ? this.data[0] !== 0 : Number(this.data[0]);
  }

  /** Lets `x < 0` and `Number(x)` work on size-1 arrays, like `float(x)` in Python (which raises for other sizes). */
  valueOf() {
    if (this.size === 1) return Number(this.data[0]);
    throw new TypeError(`only size-1 arrays convert to a number (Number(x), +x, x < y); this one has shape (${this.shape.join(', ')}${this.ndim === 1 ? ',' : ''})`);
  }

  toString() {
    return formatArray(this);
  }

  /**
   * JS's conversions: text where a string is wanted (`${x}`, and `'x = ' + x` for any size),
   * else the number of a size-1 array (`valueOf`).
   */
  [Symbol.toPrimitive](hint) {
    return hint === 'string' || (hint === 'default' && this.size !== 1) ? this.toString() : this.valueOf();
  }
}

export function asarray(x, dtype) {
  let out;
  if (x instanceof HostArray) out = x;
  else if (x && typeof x.toHostArray === 'function') out = x.toHostArray();
  else if (ArrayBuffer.isView(x)) {
    if (isDetached(x)) throw detachedError('np.asarray', 'the argument');
    const d = dtypeOfTyped(x);
    if (d === null) {
      throw new TypeError('np.asarray: a DataView has no element type; make a typed array over its bytes instead (new Float32Array(view.buffer, view.byteOffset, view.byteLength / 4))');
    }
    out = d === 'int64' || d === 'uint64'
      ? HostArray.fromValues(Array.from(x, Number), [x.length], d)
      : new HostArray(x, [x.length], d);
  } else if (typeof x === 'number' || typeof x === 'boolean' || Array.isArray(x)) {
    const nested = nestedNumbers(x);
    if (!nested) throw new TypeError(`np.asarray: expected a number, a boolean, or a rectangular nested array of them: ${nestedProblem(x)}`);
    out = HostArray.fromValues(nested.values, nested.shape, nested.dtype === 'number' ? 'float64' : nested.dtype);
  } else {
    throw new TypeError(`np.asarray: cannot convert ${x === undefined ? 'undefined' : show(x)} to an array (it takes a number, a boolean, a nested list of them, a typed array or an array)`);
  }
  const d = dtypeName(dtype);
  return d && d !== out.dtype ? out.astype(d) : out;
}

/** Python's `repr` of a float (lib/pyformat.js). */
export const pythonFloat = floatRepr;

/** NumPy's `str()` of an array: `2.0` for a 0-d one, `[1. 2. 3.]` (lib/arrayprint.js). */
export const formatArray = arrayStr;

/**
 * A host array of `shape` filled with `value`; `fn` names the asking function. Shapes are
 * checked as jnp's are (at most 2^28 elements): a careless np.zeros([2**31]) would otherwise
 * end the whole JS process.
 */
function filled(fn, shape, value, dtype) {
  const dims = sizedDims(fn, 'shape', shape);
  return HostArray.fromValues(new Array(size(dims)).fill(Number(value)), dims, dtypeName(dtype));
}

/**
 * A scalar type (`np.float32`, `jnp.float32`): usable as a dtype wherever one is taken (it
 * converts to its name, so `x.dtype == np.float32` holds too) and, called, a constructor.
 */
export function scalarType(name, construct = (x) => asarray(x, name)) {
  const make = (x) => construct(x);
  Object.defineProperty(make, 'name', { value: name });
  make.dtype = name;
  make.toString = () => name;
  make[Symbol.toPrimitive] = () => name;
  return make;
}

/** The dtype NumPy gives `full` / `where` / `clip` operands that are bare numbers. */
const scalarDtype = (v) => (typeof v === 'boolean' ? 'bool' : Number.isInteger(v) ? 'int64' : 'float64');
/** Float results of a float function: float32 stays, others become float64 (NumPy: float16 for bool and int8). */
const floatOf = (d) => (d === 'float32' ? 'float32' : 'float64');

/** NumPy rounds halves to the even neighbour (`np.round(2.5)` is 2.0), unlike Math.round. */
function roundHalfEven(v) {
  const r = Math.round(v);
  return Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const unaryFloat = (f) => (x) => { const a = asarray(x); return elementwise([a], floatOf(a.dtype), f); };
const unarySame = (f) => (x) => { const a = asarray(x); return elementwise([a], a.dtype === 'bool' ? 'int64' : a.dtype, f); };
const logical = (f) => (a, b) => elementwise([asarray(a), asarray(b ?? false)], 'bool', (x, y) => f(x !== 0, y !== 0));

export const np = {
  ndarray: HostArray,
  asarray,
  array: (x, dtype) => asarray(x, dtype).copy(),
  zeros: (shape, dtype = 'float64') => filled('np.zeros', shape, 0, dtype),
  ones: (shape, dtype = 'float64') => filled('np.ones', shape, 1, dtype),
  full: (shape, value, dtype = scalarDtype(value)) => filled('np.full', shape, value, dtype),
  zeros_like: (x, dtype) => { const a = asarray(x); return filled('np.zeros_like', a.shape, 0, dtype ?? a.dtype); },
  ones_like: (x, dtype) => { const a = asarray(x); return filled('np.ones_like', a.shape, 1, dtype ?? a.dtype); },
  full_like: (x, value, dtype) => { const a = asarray(x); return filled('np.full_like', a.shape, value, dtype ?? a.dtype); },
  arange: (n, dtype = 'int32') => {
    integer('np.arange', 'stop', n, 0, MAX_ELEMENTS);
    return HostArray.fromValues(Array.from({ length: n }, (_, i) => i), [n], dtype);
  },
  sin: unaryFloat(Math.sin),
  cos: unaryFloat(Math.cos),
  tan: unaryFloat(Math.tan),
  arcsin: unaryFloat(Math.asin),
  arccos: unaryFloat(Math.acos),
  arctan: unaryFloat(Math.atan),
  sinh: unaryFloat(Math.sinh),
  cosh: unaryFloat(Math.cosh),
  tanh: unaryFloat(Math.tanh),
  exp: unaryFloat(Math.exp),
  expm1: unaryFloat(Math.expm1),
  log: unaryFloat(Math.log),
  log1p: unaryFloat(Math.log1p),
  log2: unaryFloat(Math.log2),
  log10: unaryFloat(Math.log10),
  sqrt: unaryFloat(Math.sqrt),
  abs: unarySame(Math.abs),
  absolute: unarySame(Math.abs),
  negative: unarySame((v) => -v),
  square: unarySame((v) => v * v),
  sign: unarySame(Math.sign),
  floor: unarySame(Math.floor),
  ceil: unarySame(Math.ceil),
  round: unarySame(roundHalfEven),
  around: unarySame(roundHalfEven),
  rint: unarySame(roundHalfEven),
  add: (a, b) => asarray(a).add(b),
  subtract: (a, b) => asarray(a).sub(b),
  multiply: (a, b) => asarray(a).mul(b),
  divide: (a, b) => asarray(a).div(b),
  power: (a, b) => asarray(a).pow(b),
  maximum: (a, b) => extremum(a, b, Math.max),
  minimum: (a, b) => extremum(a, b, Math.min),
  clip: (x, lo, hi) => np.minimum(np.maximum(x, lo), hi),
  equal: (a, b) => asarray(a).eq(b),
  not_equal: (a, b) => asarray(a).ne(b),
  less: (a, b) => asarray(a).lt(b),
  less_equal: (a, b) => asarray(a).le(b),
  greater: (a, b) => asarray(a).gt(b),
  greater_equal: (a, b) => asarray(a).ge(b),
  logical_and: logical((x, y) => x && y),
  logical_or: logical((x, y) => x || y),
  logical_xor: logical((x, y) => x !== y),
  logical_not: (x) => logical((v) => !v)(x),
  where(cond, x, y) {
    const [a, ad] = operand(x);
    const [b, bd] = operand(y);
    return elementwise([asarray(cond), a, b], promote(ad, bd), (c, p, q) => (c !== 0 ? p : q));
  },
  sum: (x, axis) => asarray(x).sum(axis),
  prod: (x, axis) => asarray(x).prod(axis),
  mean: (x, axis) => asarray(x).mean(axis),
  max: (x, axis) => asarray(x).max(axis),
  min: (x, axis) => asarray(x).min(axis),
  any: (x, axis) => asarray(x).any(axis),
  all: (x, axis) => asarray(x).all(axis),
  float32: scalarType('float32'),
  float64: scalarType('float64'),
  int32: scalarType('int32'),
  int64: scalarType('int64'),
  bool: scalarType('bool'),
  bool_: scalarType('bool'),
};
