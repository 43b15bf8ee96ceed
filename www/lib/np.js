// The host side: the NumPy callbacks use. A callback receives `HostArray`s (concrete data, never
// tracers) and may return them, typed arrays, numbers, nested number arrays, or pytrees of these.
// Arithmetic, comparisons, ufuncs, reductions and casts run in the engine, on its kernels with
// NumPy 2's rules (src/numpy/, one `hostOp` call each): its dtypes, NEP 50 promotion (bare
// numbers are weak), loops, results and errors. What is here is the array's JS side: storage,
// shape, arrays built from JS values, conversions back to JS, printing.

import { floatRepr } from './pyformat.js';
import { arrayStr } from './arrayprint.js';
import { HOST_DTYPES, HOST_STORAGE, HOST_OPS, HOST_OPERANDS } from './boundary.js';
import { sizedDims, isDetached, detachedError, integer, MAX_ELEMENTS, show, shapeSize as size } from './checks.js';

/**
 * The engine's side of host NumPy, given by memory.js (`connectEngine`): `op(code, meta, keep,
 * a, b, c)`, `resultType(meta)` and `dtypeCode(name)` call it; `keep()` says whether a large
 * result may stay in the engine now (not inside a synchronous `jax.scope`, which releases what
 * it made when it closes; `keepNext` adds the limit on waiting results);
 * `read(handle, generation)` copies an engine array's elements out, `release(handle,
 * generation)` lets it go (`releaseLater` from a finalizer); `exchange()` is its exchange
 * buffer, `generation()` its instance's, `isEngineMemory(typed)` says whether a typed array
 * views its memory.
 */
let engine = null;

export function connectEngine(e) {
  engine = e;
}

function connected() {
  if (engine === null || !engine.ready()) throw new Error('np: the engine is not loaded yet; await init() before using np');
  return engine;
}

const CODES = new Map(HOST_DTYPES.map((d, i) => [d, i]));
const OPS = new Map(HOST_OPS.map((d, i) => [d, i]));

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

/** The code of a dtype name, NumPy's aliases (`bool_`, `double`) included; its TypeError if unknown. */
function dtypeCode(name) {
  return CODES.get(name) ?? connected().dtypeCode(String(name));
}

/** A dtype's canonical name (`'bool_'` is `'bool'`). */
export const canonicalDtype = (d) => HOST_DTYPES[dtypeCode(dtypeName(d))];

/**
 * A Python scalar for host NumPy, weak in promotion as NEP 50 makes Python scalars: what a bare
 * JS number is (an integral one an `int`, others a `float`), and what Python mode passes for
 * its `int`, `float` and `bool` values (a float that happens to be integral stays a float).
 */
export class PyScalar {
  constructor(kind, value) {
    this.kind = kind; // 'int', 'float' or 'bool'
    this.value = value;
  }
}

/**
 * Host arrays whose elements are an engine array's: `{ handle, generation, data }`. A callback's
 * argument viewed in engine memory (`HostArray.over`, `data` undefined, with its `makeView`), or
 * a large host NumPy result the engine still holds (`data` null until JS first reads `.data`,
 * which copies the elements out once into a JS-owned array, shared by every reshape of it). Host
 * NumPy reads either in place, and a callback returning one hands the engine its array.
 */
const engineBacked = new WeakMap();

/**
 * Lets an engine-held result go once no host array sharing it is reachable. The registry holds
 * a result's ticket, not its cell: it keeps what it holds until the finalizer runs (never, in a
 * loop that does not yield), and the elements copied out onto the cell must go with the arrays.
 */
const pendingResults = new FinalizationRegistry((ticket) => {
  ticket.refs -= 1;
  if (ticket.refs === 0 && !ticket.released) {
    letGo(ticket);
    engine.releaseLater(ticket.handle, ticket.generation);
  }
});

/**
 * Bytes of engine-held results not yet let go, and the instance they are in. Only the garbage
 * collector lets a dropped one go (or JS reading it), and a loop that never yields runs no
 * finalizer: past `PENDING_LIMIT`, new results are JS arrays at once (see `keepNext`). None is
 * ever copied out later: a copy made for a result that has been waiting long enough to leave
 * V8's young generation stays until a full collection, and in Chromium a loop of such copies
 * grew the renderer by gigabytes (bench/NOTES.md).
 */
let pendingBytes = 0;
let pendingGeneration = -1;
const PENDING_LIMIT = 16 * 2 ** 20;

function letGo(ticket) {
  ticket.released = true;
  if (ticket.generation === pendingGeneration) pendingBytes -= ticket.bytes;
}

/** Whether the engine may keep the next result (`keep` of `connectEngine`, and room left). */
function keepNext(e) {
  if (pendingGeneration !== e.generation()) {
    pendingGeneration = e.generation();
    pendingBytes = 0;
  }
  return e.keep() && pendingBytes < PENDING_LIMIT;
}

/** The elements of an engine-held result, copied out on first use (the engine array then goes). */
function materialize(cell) {
  if (cell.data === null) {
    const { ticket } = cell;
    cell.data = engine.read(ticket.handle, ticket.generation);
    if (!ticket.released) {
      letGo(ticket);
      engine.release(ticket.handle, ticket.generation);
    }
  }
  return cell.data;
}

/** A cell (see `engineBacked`) for a result the engine kept as `handle`, of `bytes`. */
function pendingCell(handle, generation, bytes) {
  pendingBytes += bytes;
  return { handle, generation, data: null, ticket: { handle, generation, bytes, refs: 0, released: false } };
}

/** A host array over `cell` (see `engineBacked`) of `shape` and `dtype`. */
function pendingArray(cell, shape, dtype) {
  const array = Object.create(HostArray.prototype);
  array.shape = shape;
  array.dtype = dtype;
  Object.defineProperty(array, 'data', { enumerable: true, get: () => materialize(cell) });
  cell.ticket.refs += 1;
  pendingResults.register(array, cell.ticket);
  engineBacked.set(array, cell);
  return array;
}

/** The handle of the engine array whose elements `x` holds unread, for the engine to take as it is; else null. */
export function engineHandle(x) {
  const backed = engineBacked.get(x);
  return backed !== undefined && !backed.data && engine !== null && backed.generation === engine.generation() ? backed.handle : null;
}

/** `data` as the typed array its dtype travels in to the engine: itself when it is one of its own. */
function storedData(a, code) {
  const data = a.data;
  const Class = HOST_STORAGE[code];
  const n = size(a.shape);
  if (data.length !== n && ArrayBuffer.isView(data) && isDetached(data)) throw detachedError('np', 'a host array\'s data');
  if (Object.getPrototypeOf(data) === Class.prototype && !Object.hasOwn(data, 'length') && !engine.isEngineMemory(data)) return data;
  // Another class (a Uint8ClampedArray, a plain list), a subclass, or a view of engine memory
  // that an allocation in the engine could empty: copied into a fresh one.
  const out = new Class(data.length);
  for (let i = 0; i < data.length; i++) out[i] = a.dtype === 'bool' ? (data[i] ? 1 : 0) : Number(data[i]);
  return out;
}

/** Appends an operand's description to `meta` (see `HOST_ARRAY` in src/boundary.rs) and its data to `datas`. */
function encode(meta, datas, x) {
  if (typeof x === 'number') return meta.push(Number.isInteger(x) ? HOST_OPERANDS.int : HOST_OPERANDS.float, x);
  if (typeof x === 'boolean') return meta.push(HOST_OPERANDS.bool, x ? 1 : 0);
  if (x instanceof PyScalar) return meta.push(HOST_OPERANDS[x.kind], Number(x.value));
  const a = x instanceof HostArray ? x : asarray(x);
  const code = dtypeCode(a.dtype);
  const handle = engineHandle(a);
  if (handle !== null) {
    meta.push(HOST_OPERANDS.view, code, a.shape.length, ...a.shape, handle);
  } else {
    meta.push(HOST_OPERANDS.array, code, a.shape.length, ...a.shape);
    datas.push(storedData(a, code));
  }
  return meta.length;
}

/** A reduction's axes as `hostOp` takes them: `-1` for all, else the count and the axes. */
function encodeAxes(meta, axis) {
  if (axis === undefined || axis === null) return meta.push(-1);
  const axes = Array.isArray(axis) ? axis : [axis];
  for (const a of axes) {
    if (!Number.isInteger(a)) throw new TypeError(`'${typeof a === 'number' ? 'float' : typeof a}' object cannot be interpreted as an integer (axis ${show(a)})`);
  }
  return meta.push(axes.length, ...axes);
}

/**
 * Host NumPy operation `name` (`HOST_OPS`: a ufunc, `where`, `clip`, `round`, a reduction or
 * `astype`) on `operands` (host arrays, anything `asarray` takes, numbers, booleans, PyScalars),
 * in the engine. Options: `axis` and `keepdims` for reductions, `dtype` for `astype`.
 */
export function hostOp(name, operands, { axis, keepdims = false, dtype } = {}) {
  const e = connected();
  const meta = [operands.length];
  const datas = [];
  for (const x of operands) encode(meta, datas, x);
  encodeAxes(meta, axis);
  meta.push(keepdims ? 1 : 0, dtype === undefined ? -1 : dtypeCode(dtypeName(dtype)));
  const data = e.op(OPS.get(name), Float64Array.from(meta), keepNext(e), datas[0], datas[1], datas[2]);
  const x = e.exchange();
  const shape = new Array(x[1]);
  for (let i = 0; i < shape.length; i++) shape[i] = x[2 + i];
  const out = HOST_DTYPES[x[0]];
  if (typeof data !== 'number') return new HostArray(data, shape, out);
  // A large result the engine kept: its elements come out when JS reads them, if ever.
  const bytes = size(shape) * HOST_STORAGE[x[0]].BYTES_PER_ELEMENT;
  return pendingArray(pendingCell(data, e.generation(), bytes), shape, out);
}

/** `np.result_type` of operands (host arrays or their dtype names, numbers, booleans, PyScalars). */
export function resultType(...operands) {
  const e = connected();
  const meta = [operands.length];
  for (const x of operands) {
    if (typeof x === 'string') meta.push(HOST_OPERANDS.array, dtypeCode(x));
    else if (x instanceof HostArray) meta.push(HOST_OPERANDS.array, dtypeCode(x.dtype));
    else encode(meta, [], x);
  }
  return HOST_DTYPES[e.resultType(Float64Array.from(meta))];
}

/** `x.sum(axis)` and friends: `axis` undefined/null (everything), a number or an array of them. */
export const reduce = (x, axis, kind, keepdims = false) => hostOp(kind, [x], { axis, keepdims });

/**
 * The range (lowest, and the first value past the end) of the integer dtypes JS stores as they
 * are given integral values in it (int64 and uint64 in a Float64Array); other values go through
 * the engine's cast.
 */
export const EXACT_RANGE = {
  int8: [-(2 ** 7), 2 ** 7], int16: [-(2 ** 15), 2 ** 15], int32: [-(2 ** 31), 2 ** 31], int64: [-(2 ** 63), 2 ** 63],
  uint8: [0, 2 ** 8], uint16: [0, 2 ** 16], uint32: [0, 2 ** 32], uint64: [0, 2 ** 64],
};

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
   * emptied (detached), while the memory it reads stays alive. `source` (`{ handle, generation }`)
   * names the engine array it views, which host NumPy then reads in place.
   */
  static over(makeView, shape, dtype, source = null) {
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
    if (source !== null) engineBacked.set(array, { handle: source.handle, generation: source.generation, makeView, source });
    return array;
  }

  get ndim() { return this.shape.length; }
  get size() { return size(this.shape); }

  /** An array of `dtype` holding `values` (numbers or booleans), converted as NumPy converts them. */
  static fromValues(values, shape, dtype) {
    const name = canonicalDtype(dtype);
    const Storage = HOST_STORAGE[CODES.get(name)];
    const range = EXACT_RANGE[name];
    const data = new Storage(values.length);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (name === 'bool') data[i] = v ? 1 : 0;
      else if (range && !(Number.isInteger(v) && v >= range[0] && v < range[1])) return hostOp('astype', [HostArray.fromValues(values, shape, 'float64')], { dtype: name });
      else data[i] = v;
    }
    const out = new HostArray(data, shape, name);
    return name === 'float16' ? hostOp('astype', [out], { dtype: name }) : out;
  }

  add(o) { return hostOp('add', [this, o]); }
  sub(o) { return hostOp('subtract', [this, o]); }
  mul(o) { return hostOp('multiply', [this, o]); }
  div(o) { return hostOp('divide', [this, o]); }
  pow(o) { return hostOp('power', [this, o]); }
  neg() { return hostOp('negative', [this]); }
  lt(o) { return hostOp('less', [this, o]); }
  le(o) { return hostOp('less_equal', [this, o]); }
  gt(o) { return hostOp('greater', [this, o]); }
  ge(o) { return hostOp('greater_equal', [this, o]); }
  eq(o) { return hostOp('equal', [this, o]); }
  ne(o) { return hostOp('not_equal', [this, o]); }
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
    const backed = engineBacked.get(this);
    if (backed?.makeView) return HostArray.over(backed.makeView, resolved, this.dtype, backed.source);
    if (backed?.data === null) return pendingArray(backed, resolved, this.dtype);
    return new HostArray(this.data, resolved, this.dtype);
  }

  astype(dtype) {
    return hostOp('astype', [this], { dtype });
  }

  copy() {
    const backed = engineBacked.get(this);
    // An engine-held result's elements copied straight out, leaving it as it is.
    const data = backed?.data === null ? engine.read(backed.handle, backed.generation) : this.data.slice();
    return new HostArray(data, [...this.shape], this.dtype);
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

/** The dtype NumPy gives `full` a bare number: bool, int64 or float64. */
const scalarDtype = (v) => (typeof v === 'boolean' ? 'bool' : Number.isInteger(v) ? 'int64' : 'float64');

/** NumPy's ufuncs of one and two operands, by name; every one is a host operation. */
const UNARY = ['negative', 'positive', 'absolute', 'sign', 'square', 'sqrt', 'cbrt', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p',
  'sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh', 'floor', 'ceil', 'trunc', 'rint',
  'invert', 'logical_not', 'isnan', 'isinf', 'isfinite', 'round'];
const BINARY = ['add', 'subtract', 'multiply', 'divide', 'floor_divide', 'remainder', 'power', 'maximum', 'minimum', 'bitwise_and', 'bitwise_or',
  'bitwise_xor', 'left_shift', 'right_shift', 'logical_and', 'logical_or', 'logical_xor', 'equal', 'not_equal', 'less', 'less_equal', 'greater',
  'greater_equal', 'arctan2', 'hypot'];
const REDUCTIONS = ['sum', 'prod', 'mean', 'max', 'min', 'any', 'all'];
/** NumPy's other names for them. */
const ALIASES = { abs: 'absolute', around: 'round', true_divide: 'divide', mod: 'remainder', bitwise_not: 'invert', amax: 'max', amin: 'min' };
for (const name of [...UNARY, ...BINARY, ...REDUCTIONS, 'where', 'clip']) {
  if (!OPS.has(name)) throw new Error(`np.js: the engine has no host operation ${name} (www/lib/boundary.js)`);
}

/** The ufunc names, for Python mode's `numpy`. */
export const HOST_UFUNCS = Object.freeze({ unary: UNARY, binary: BINARY, reductions: REDUCTIONS, aliases: ALIASES });

const ufuncs = {
  ...Object.fromEntries(UNARY.map((name) => [name, (x) => hostOp(name, [x])])),
  ...Object.fromEntries(BINARY.map((name) => [name, (a, b) => hostOp(name, [a, b])])),
  ...Object.fromEntries(REDUCTIONS.map((name) => [name, (x, axis, keepdims) => reduce(x, axis, name, keepdims)])),
};
for (const [alias, name] of Object.entries(ALIASES)) ufuncs[alias] = ufuncs[name];

const scalarTypes = Object.fromEntries(HOST_DTYPES.map((name) => [name, scalarType(name)]));

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
  ...ufuncs,
  clip: (x, lo, hi) => hostOp('clip', [x, lo, hi]),
  where: (cond, x, y) => hostOp('where', [cond, x, y]),
  result_type: resultType,
  ...scalarTypes,
  bool_: scalarTypes.bool,
};
