// Arrays in Python mode: engine arrays (jax.Array, tracers) and host arrays (np.ndarray) get
// Python's operators, attributes, indexing, truthiness and printing here, with JAX's weak
// types for Python scalars (an int stays a weak int, a float becomes a weak float32) and
// NumPy 2 promotion on the host. Dtypes are `DType` objects, callable like `jnp.float32(2.0)`.

import { wasm } from '../lib/instance.js';
import { JaxArray, wrap } from '../lib/arrays.js';
import { ShapeDtypeStructClass } from '../lib/options.js';
import { jnp } from '../jaxplay.js';
import { HostArray, EXACT_RANGE } from '../lib/np.js';
import { jaxDtype } from '../lib/values.js';
import { staticSlicePlan, applyPlan } from '../lib/indexing.js';
import {
  arrayStr, arrayRepr, jaxRepr, scalarRepr,
} from '../lib/arrayprint.js';
import { pythonNamespace } from './api.js';
import { PyFloat, PyTuple, PyType, PyModule, pyErr, float, builtin, E, PyException, ELLIPSIS } from './types.js';
import {
  arrayOps, numberOf, isTuple, PySlice, PyRange, sliceIndices, T, repr as pyRepr,
} from './runtime.js';
import { formatValue } from './formatting.js';
import {
  hostBinop, hostUnary, hostReduce, hostIndex, hostSetIndex, makeHost, isFloatDtype, isReadOnly,
} from './hostops.js';

// ------------------------------------------------------------------ dtypes

export class DType {
  constructor(name, side) {
    this.name = name;
    this.side = side; // 'jax' builds engine arrays when called, 'np' host scalars
  }

  toString() { return this.name; }

  pyCall([x]) {
    if (this.side === 'jax') return jaxArrayOf(x, this.name);
    const h = toHost(x, this.name);
    if (h.shape.length === 0) h.pyScalar = true;
    return h;
  }
}

const DTYPE_NAMES = ['float32', 'float64', 'int32', 'int64', 'bool', 'uint8', 'int8', 'int16', 'uint32', 'float16', 'bfloat16', 'complex64'];
export const jaxDtypes = Object.fromEntries(DTYPE_NAMES.map((n) => [n, new DType(n, 'jax')]));
export const npDtypes = Object.fromEntries(DTYPE_NAMES.map((n) => [n, new DType(n, 'np')]));

/** A dtype name from a DType, a string, or a Python type (`float` -> float32 on jax). */
export function dtypeArg(d, side = 'jax') {
  if (d === null || d === undefined) return undefined;
  if (d instanceof DType) return d.name;
  if (typeof d === 'string') return d;
  if (d === T.float) return side === 'jax' ? 'float32' : 'float64';
  if (d === T.int) return side === 'jax' ? 'int32' : 'int64';
  if (d === T.bool) return 'bool';
  throw pyErr('TypeError', `Cannot interpret '${pyRepr(d)}' as a data type`);
}

// ------------------------------------------------------------------ conversions

const isJax = (v) => v instanceof JaxArray;
const isHost = (v) => v instanceof HostArray;

/**
 * Python scalar/nested list data -> {values, shape, kind: 'bool'|'int'|'float', ints}: `ints`,
 * the Python ints among the values as given (a BigInt past 2^53), for `checkIntLiterals`.
 */
function nested(x) {
  if (x instanceof PyRange) x = [...x];
  const shape = [];
  let probe = x;
  while (Array.isArray(probe)) { shape.push(probe.length); probe = probe[0]; }
  const values = [];
  const ints = [];
  let kind = 'bool';
  const walk = (v, d) => {
    if (d === shape.length) {
      if (isHost(v) || isJax(v)) {
        const h = isJax(v) ? v.toHostArray() : v;
        if (h.shape.length) throw pyErr('ValueError', 'jaxplay builds arrays from nested lists of numbers (not lists of arrays) for now');
        kind = isFloatDtype(h.dtype) ? 'float' : h.dtype === 'bool' ? kind : kind === 'float' ? 'float' : 'int';
        values.push(Number(h.data[0]));
        return;
      }
      const n = numberOf(v);
      if (n === undefined) throw pyErr('TypeError', `cannot make an array from ${pyRepr(v)}`);
      if (v instanceof PyFloat) kind = 'float';
      else if ((typeof v === 'number' || typeof v === 'bigint') && kind === 'bool') kind = 'int';
      if (typeof v === 'number' || typeof v === 'bigint') ints.push(v);
      values.push(n);
      return;
    }
    if (!Array.isArray(v) || v.length !== shape[d]) throw pyErr('ValueError', 'setting an array element with a sequence. The requested array has an inhomogeneous shape');
    v.forEach((c) => walk(c, d + 1));
  };
  walk(x, 0);
  return { values, shape, kind, ints };
}

const INT64_END = 2n ** 63n;

/**
 * NumPy's rule, and so JAX's, for the Python ints of a literal made in integer `dtype`: each
 * must fit it (`jnp.array([1, 4000000000])` is an OverflowError, never a wrapped -294967296,
 * while a cast of an array wraps). `side` 'jax' first converts through a C long, as JAX does.
 */
function checkIntLiterals(ints, dtype, side) {
  const range = EXACT_RANGE[dtype];
  if (!range) return;
  for (const v of ints) {
    const big = BigInt(v);
    if (side === 'jax' && (big >= INT64_END || big < -INT64_END)) throw pyErr('OverflowError', 'Python int too large to convert to C long');
    if (big < BigInt(range[0]) || big >= BigInt(range[1])) throw pyErr('OverflowError', `Python integer ${big} out of bounds for ${dtype}`);
  }
}

/** np.asarray: a HostArray of `dtype` (Python floats -> float64, ints -> int64 by default). */
export function toHost(x, dtype) {
  let h;
  if (isHost(x)) h = x;
  else if (isJax(x)) {
    // NumPy on a tracer: the classic mistake of host code inside jit instead of in a callback.
    if (x.isTracer) throw tracerError(x, 'array');
    h = x.toHostArray();
  } else {
    const { values, shape, kind, ints } = nested(x);
    if (dtype) checkIntLiterals(ints, dtype, 'np');
    h = makeHost(values, shape, kind === 'float' ? 'float64' : kind === 'int' ? 'int64' : 'bool');
  }
  return dtype && dtype !== h.dtype ? h.astype(dtype) : h;
}

/** jnp.array: an engine array (Python floats -> float32, ints -> int32, 64-bit narrowed). */
export function jaxArrayOf(x, dtype) {
  // A bare Python int or float stays weakly typed, as `jnp.array(0.0)` does in JAX.
  if (dtype == null && (x instanceof PyFloat || (typeof x === 'number' && Number.isInteger(x)))) return engineOperand(x);
  if (isJax(x)) return dtype && dtype !== x.dtype ? x.astype(dtype) : x;
  let h;
  if (isHost(x)) h = x;
  else {
    const { values, shape, kind, ints } = nested(x);
    const made = kind === 'float' ? 'float32' : kind === 'int' ? 'int32' : 'bool';
    // With 64-bit mode off, JAX makes 64-bit dtypes 32-bit ones, before the ints must fit.
    const target = jaxDtype(dtype) ?? made;
    checkIntLiterals(ints, target, 'jax');
    // Ints made in the dtype asked for, where the host has it: they fit, and int32 would not
    // hold every uint32 (nor float32 every int).
    h = makeHost(values, shape, kind === 'int' && dtype ? target : made);
  }
  const target = dtype ?? jaxDtype(h.dtype);
  if (target === 'float64' || target === 'int64') return jaxArrayOf(h, jaxDtype(target));
  return jnp.array(h, target);
}

/** An operand for the engine: Python int -> weak int32, float -> weak float32. */
export function engineOperand(v) {
  if (v instanceof PyFloat) return wrap(wasm.numberArg(v.v));
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? wrap(wasm.number(v)) : wrap(wasm.numberArg(v));
  if (typeof v === 'boolean' || isJax(v)) return v;
  if (isHost(v)) return jaxArrayOf(v);
  if (Array.isArray(v)) return jaxArrayOf(v);
  throw pyErr('TypeError', `unsupported operand type for a JAX array: '${pyRepr(v)}'`);
}

/** An operand for host NumPy: a host array, or a Python scalar (weak, see hostops.js). */
function hostOperand(v) {
  if (isHost(v) || v instanceof PyFloat || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return v;
  if (Array.isArray(v)) return toHost(v);
  throw pyErr('TypeError', `unsupported operand type for a NumPy array: '${pyRepr(v)}'`);
}

// ------------------------------------------------------------------ operators

const JAX_OPS = {
  '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide',
  '<': 'less', '<=': 'lessEqual', '>': 'greater', '>=': 'greaterEqual', '==': 'equal', '!=': 'notEqual',
};

/** The `jax.numpy` function each other operator is on JAX arrays, as `jax.Array` defines them. */
const TABLE_OPS = {
  '**': 'power', '//': 'floor_divide', '%': 'remainder', '@': 'matmul',
  '&': 'bitwise_and', '|': 'bitwise_or', '^': 'bitwise_xor', '<<': 'left_shift', '>>': 'right_shift',
};

let jnpTable = null;
/** A function of Python mode's `jax.numpy` (the engine's API table), by name; read on first use. */
const jnpFunction = (name) => (jnpTable ??= pythonNamespace('jax.numpy').fns)[name];
let arrayTable = null;
/** The table's `jax.Array` operations (`getitem`, `at_set`, ...), by name. */
const arrayFunction = (name) => (arrayTable ??= pythonNamespace('jax.Array').fns)[name];

/** An index of the integer-array kind (`x[idx]`, `x.at[idx]`): a list becomes an int array. */
const arrayIndex = (k) => (Array.isArray(k) && !isTuple(k) ? jaxArrayOf(k) : k);
const isIntDtype = (d) => /^u?int/.test(d);
// A traced integer scalar too: `x[i]` inside `jit` is a `dynamic_slice`, as in JAX.
const isArrayIndex = (k) => ((isJax(k) || isHost(k))
  ? (k.shape.length > 0 || (isJax(k) && k.isTracer)) && isIntDtype(k.dtype)
  : Array.isArray(k) && !isTuple(k) && k.length > 0 && k.every((i) => typeof i === 'number'));

/** `x.at`: `x.at[idx]` gives the update methods of JAX's `_IndexUpdateRef`. */
class AtIndexer {
  constructor(x) { this.x = x; }

  pyGetitem(k) {
    const x = this.x;
    const index = arrayIndex(k);
    const update = (name) => builtin(name, ([values], kw) => arrayFunction(`at_${name === 'mul' ? 'multiply' : name}`).fn([x, index, values], kw));
    return new PyModule('_IndexUpdateRef', {
      get: builtin('get', (args, kw) => arrayFunction('at_get').fn([x, index], kw)),
      set: update('set'), add: update('add'), multiply: update('multiply'), mul: update('mul'), min: update('min'), max: update('max'),
    });
  }
}

/** `jnp.<name>(...args, **kw)`, or Python's error when jaxplay does not have it yet. */
function callJnp(name, what, args, kw = {}) {
  const f = jnpFunction(name);
  if (f === undefined) throw pyErr('NotImplementedError', `${what} (\`jnp.${name}\`) is not in jaxplay yet (docs/api.md lists what is)`);
  return f.fn(args, kw);
}

function jaxBinop(op, a, b) {
  if (JAX_OPS[op]) return jnp[JAX_OPS[op]](engineOperand(a), engineOperand(b));
  if (TABLE_OPS[op]) return callJnp(TABLE_OPS[op], `\`${op}\` on arrays`, [a, b]);
  throw pyErr('TypeError', `unsupported operand type(s) for ${op}: '${typeOf(a)?.name ?? typeof a}' and '${typeOf(b)?.name ?? typeof b}'`);
}

function binop(op, a, b) {
  if (isJax(a) || isJax(b)) return jaxBinop(op, a, b);
  return hostBinop(op, hostOperand(a), hostOperand(b));
}

function compare(op, a, b) {
  if (isJax(a) || isJax(b)) return jaxBinop(op, a, b);
  return hostBinop(op, hostOperand(a), hostOperand(b));
}

function unary(op, v) {
  if (isJax(v)) {
    if (op === '-') return v.neg();
    if (op === '+') return v;
    if (op === '~') return callJnp('invert', '`~` on arrays', [v]);
  } else {
    if (op === '-') return hostUnary('negative', v);
    if (op === '+') return hostUnary('positive', v);
    if (op === '~') return hostUnary('invert', v);
  }
  throw pyErr('NotImplementedError', `jaxplay's Python does not have unary \`${op}\` on arrays yet`);
}

// ------------------------------------------------------------------ scalars and truthiness

/** Names of the Python functions being traced for jit, innermost last (for JAX's error texts). */
export const tracing = [];

/** JAX's errors for a traced value used where Python needs a concrete one, in JAX's words. */
function tracerError(v, what) {
  const aval = `${v.dtype}[${v.shape.join(',')}]`;
  const fn = tracing.length ? `the function ${tracing[tracing.length - 1]} for jit` : 'a function (for jit, vmap, grad...)';
  const where = `The error occurred while tracing ${fn}. This concrete value was not available in Python because it `
    + 'depends on the value of a traced argument.';
  if (what === 'array') {
    return new PyException(E.TracerArrayConversionError, [`The numpy.ndarray conversion method __array__() was called on traced array with shape ${aval}\n${where}\n`
      + 'See https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerArrayConversionError']);
  }
  if (what === 'bool') {
    return new PyException(E.TracerBoolConversionError, [`Attempted boolean conversion of traced array with shape ${aval}.\n${where}\n`
      + 'See https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError']);
  }
  return new PyException(E.ConcretizationTypeError, [`Abstract tracer value encountered where concrete value is expected: traced array with shape ${aval}\n`
    + `The problem arose with the \`${what}\` function. If trying to convert the data type of a value, try using \`x.astype(${what})\` or \`jnp.array(x, ${what})\` instead.\n${where}`]);
}

function scalar(v, what) {
  if (isJax(v) && v.isTracer) throw tracerError(v, what);
  const h = isJax(v) ? v.toHostArray() : v;
  if (h.size !== 1) {
    throw pyErr('TypeError', `only length-1 arrays can be converted to Python scalars (this one has shape (${h.shape.join(', ')}${h.shape.length === 1 ? ',' : ''}))`);
  }
  return Number(h.data[0]);
}

/** The Python scalar of a size-1 array: a bool, an int or a float by its dtype. */
function pyScalar(v) {
  const x = scalar(v, 'float');
  if (v.dtype === 'bool') return x !== 0;
  return isFloatDtype(v.dtype) ? float(x) : x;
}

/**
 * `format(x, spec)`: a 0-d array or NumPy scalar formats as its element, a Python float or int
 * (NumPy's and JAX's `__format__`: f"{np.float32(0.1)}" is '0.10000000149011612'), any other
 * array only with an empty spec, as its `str`.
 */
function format(v, spec) {
  if (v.shape.length === 0 && !(isJax(v) && v.isTracer)) return formatValue(pyScalar(v), spec);
  if (spec === '') return str(v);
  throw pyErr('TypeError', 'unsupported format string passed to numpy.ndarray.__format__');
}

function truthy(v) {
  if (isJax(v) && v.isTracer) throw tracerError(v, 'bool');
  const h = isJax(v) ? v.toHostArray() : v;
  if (h.size !== 1) throw pyErr('ValueError', 'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()');
  return Number(h.data[0]) !== 0;
}

// ------------------------------------------------------------------ indexing

/** The keys of an index, with `...` spelt out as the full slices it stands for. */
function expandEllipsis(k, ndim) {
  const keys = isTuple(k) ? [...k] : [k];
  const at = keys.indexOf(ELLIPSIS);
  if (at < 0) return keys;
  if (keys.indexOf(ELLIPSIS, at + 1) >= 0) throw pyErr('IndexError', "an index can only have a single ellipsis ('...')");
  const named = keys.filter((key) => key !== null && key !== ELLIPSIS).length;
  const fill = Array.from({ length: Math.max(0, ndim - named) }, () => new PySlice(null, null, null));
  return [...keys.slice(0, at), ...fill, ...keys.slice(at + 1)];
}

/** An index as hostIndex takes it: per key an int, `{ slice }` or `{ newaxis }` (for `None`). */
function indexKeys(k, shape) {
  const keys = expandEllipsis(k, shape.length);
  let axis = 0;
  return keys.map((key) => {
    if (key === null) return { newaxis: true };
    const d = axis++;
    if (key instanceof PySlice) return { slice: sliceIndices(key, shape[d] ?? 0) };
    const n = numberOf(key);
    if (typeof key === 'number') return n;
    if ((isHost(key) || isJax(key)) && key.shape.length === 0 && !isFloatDtype(key.dtype)) return scalar(key, 'int');
    throw pyErr('IndexError', 'only integers, slices (`:`) and None are valid indices in jaxplay\'s Python');
  });
}


function getitem(v, k) {
  if (isJax(v) && isArrayIndex(k)) return arrayFunction('getitem').fn([v, arrayIndex(k)], {});
  if (isJax(v)) {
    // Static indices lower to `slice`, `rev`, `squeeze` and `broadcast_in_dim`, as in JAX
    // (concrete arrays too, so weak types and the clamping of a static index past the end agree).
    const plan = staticSlicePlan(v.shape, indexKeys(k, v.shape), (m) => { throw pyErr('IndexError', m); });
    return applyPlan(v, plan);
  }
  const r = hostIndex(v, indexKeys(k, v.shape));
  if (r.shape.length === 0) r.pyScalar = true;
  return r;
}

function setitem(v, k, x) {
  if (isJax(v)) throw pyErr('TypeError', "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html");
  hostSetIndex(v, indexKeys(k, v.shape), numberOf(x) ?? scalar(x, 'float'));
}

function* iter(v) {
  if (v.shape.length === 0) throw pyErr('TypeError', 'iteration over a 0-d array');
  for (let i = 0; i < v.shape[0]; i++) yield getitem(v, i);
}

function len(v) {
  if (v.shape.length === 0) throw pyErr('TypeError', 'len() of unsized object');
  return v.shape[0];
}

// ------------------------------------------------------------------ printing

function str(v) {
  if (isJax(v)) return v.isTracer ? tracerText(v) : arrayStr(v.toHostArray());
  if (isHost(v)) return arrayStr(v);
  if (v instanceof DType) return v.name;
  if (v instanceof ShapeDtypeStructClass) return shapeDtypeText(v);
  if (v !== null && typeof v === 'object' && typeof v.toString === 'function' && v.toString !== Object.prototype.toString) return String(v);
  return undefined;
}

const tracerText = (v) => `JitTracer(${v.dtype}[${v.shape.join(',')}])`;
const shapeTuple = (s) => `(${s.join(', ')}${s.length === 1 ? ',' : ''})`;
const shapeDtypeText = (v) => `ShapeDtypeStruct(shape=${shapeTuple(v.shape)}, dtype=${v.dtype})`;

function repr(v) {
  if (isJax(v)) return v.isTracer ? tracerText(v) : jaxRepr(v.toHostArray(), v.weakType);
  if (isHost(v)) return v.pyScalar ? scalarRepr(v.data[0], v.dtype) : arrayRepr(v);
  if (v instanceof DType) return v.side === 'np' ? `dtype('${v.name}')` : `<class 'jax.numpy.${v.name}'>`;
  if (v instanceof ShapeDtypeStructClass) return shapeDtypeText(v);
  return str(v);
}

// ------------------------------------------------------------------ attributes

const ArrayType = new PyType('Array', { module: 'jax', check: (v) => isJax(v) });
const NdarrayType = new PyType('ndarray', { module: 'numpy', check: (v) => isHost(v) && !v.pyScalar });
const TracerType = new PyType('DynamicJaxprTracer', { module: 'jax._src.interpreters.partial_eval', base: ArrayType });
const ArrayImplType = new PyType('ArrayImpl', { module: 'jaxlib._jax', base: ArrayType });
const ShapeDtypeStructType = new PyType('ShapeDtypeStruct', { module: 'jax', check: (v) => v instanceof ShapeDtypeStructClass });
const scalarTypes = Object.fromEntries(DTYPE_NAMES.map((n) => [n, new PyType(n, { module: 'numpy' })]));
export const types = { Array: ArrayType, ndarray: NdarrayType, ShapeDtypeStruct: ShapeDtypeStructType };

function typeOf(v) {
  if (isJax(v)) return v.isTracer ? TracerType : ArrayImplType;
  if (isHost(v)) return v.pyScalar ? scalarTypes[v.dtype] ?? NdarrayType : NdarrayType;
  if (v instanceof DType) return v.side === 'np' ? new PyType(`dtype[${v.name}]`, { module: 'numpy' }) : T.type;
  if (v instanceof ShapeDtypeStructClass) return ShapeDtypeStructType;
  return undefined;
}

const m = (name, fn) => builtin(name, fn);
const axisArg = (args, kw) => {
  const a = kw.axis ?? args[0] ?? null;
  return a === null ? null : isTuple(a) ? [...a] : a;
};
const shapeArgs = (args) => (args.length === 1 && Array.isArray(args[0]) ? [...args[0]] : args);

function getattr(v, name) {
  if (v instanceof DType) {
    if (name === 'name') return v.name;
    if (name === 'itemsize') return /64/.test(v.name) ? 8 : /16/.test(v.name) ? 2 : /8|bool/.test(v.name) ? 1 : 4;
    if (name === 'type') return v;
    return undefined;
  }
  if (v instanceof ShapeDtypeStructClass) {
    if (name === 'shape') return PyTuple.from(v.shape);
    if (name === 'dtype') return npDtypes[v.dtype] ?? new DType(v.dtype, 'np');
    if (name === 'ndim') return v.shape.length;
    if (name === 'size') return v.shape.reduce((a, b) => a * b, 1);
    return undefined;
  }
  switch (name) {
    case 'shape': return PyTuple.from(v.shape);
    case 'dtype': return npDtypes[v.dtype] ?? new DType(v.dtype, 'np');
    case 'ndim': return v.shape.length;
    case 'size': return v.shape.reduce((a, b) => a * b, 1);
    case 'T': return isJax(v) ? v.T : transposeHost(v);
    case 'astype': return m(name, ([d]) => (isJax(v) ? v.astype(dtypeArg(d)) : v.astype(dtypeArg(d, 'np'))));
    case 'reshape': return m(name, (args) => {
      const dims = shapeArgs(args).map(Number);
      if (isJax(v)) return v.reshape(dims);
      const known = dims.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
      const shape = dims.map((d) => (d === -1 ? v.size / known : d));
      if (shape.reduce((a, b) => a * b, 1) !== v.size) throw pyErr('ValueError', `cannot reshape array of size ${v.size} into shape ${shapeTuple(dims)}`);
      return new HostArray(v.data.slice(), shape, v.dtype);
    });
    case 'tolist': return m(name, () => toPyList(isJax(v) ? v.toHostArray() : v));
    case 'item': return m(name, () => {
      const x = scalar(v, 'item');
      return v.dtype === 'bool' ? x !== 0 : isFloatDtype(v.dtype) ? float(x) : x;
    });
    case 'copy': return m(name, () => (isJax(v) ? v : v.copy()));
    case 'flatten': case 'ravel': return m(name, () => (isJax(v) ? v.reshape([-1]) : new HostArray(v.data.slice(), [v.size], v.dtype)));
    default: break;
  }
  if (isJax(v)) {
    switch (name) {
      case 'weak_type': return v.weakType;
      case 'block_until_ready': return m(name, () => v);
      case 'at': return new AtIndexer(v);
      default:
        return ARRAY_METHODS.has(name) ? m(name, (args, kw) => callJnp(name, `\`x.${name}()\``, [v, ...args], kw)) : undefined;
    }
  }
  if (['sum', 'mean', 'max', 'min', 'any', 'all', 'prod'].includes(name)) {
    return m(name, (args, kw) => hostReduce(v, name, axisArg(args, kw)));
  }
  if (name === 'flags') return { writeable: !isReadOnly(v) };
  return undefined;
}

function transposeHost(v) {
  if (v.shape.length < 2) return v;
  const [r, c] = v.shape;
  const vals = [];
  for (let j = 0; j < c; j++) for (let i = 0; i < r; i++) vals.push(v.data[i * c + j]);
  return makeHost(vals, [c, r], v.dtype);
}

function toPyList(h) {
  const conv = h.dtype === 'bool' ? (x) => x !== 0 : isFloatDtype(h.dtype) ? (x) => float(Number(x)) : Number;
  const size = (s) => s.reduce((a, b) => a * b, 1);
  const build = (offset, depth) => {
    if (depth === h.shape.length) return conv(h.data[offset]);
    const stride = size(h.shape.slice(depth + 1));
    return Array.from({ length: h.shape[depth] }, (_, i) => build(offset + i * stride, depth + 1));
  };
  return build(0, 0);
}

function eqOther(a, b) {
  if (a instanceof DType || b instanceof DType) {
    const n = (x) => (x instanceof DType ? x.name : typeof x === 'string' ? x : null);
    return n(a) !== null && n(a) === n(b);
  }
  return undefined;
}

/** JAX's `Array` methods that are `jnp` functions of the array: `x.max(axis=0)` is `jnp.max(x, axis=0)`. */
const ARRAY_METHODS = new Set([
  'all', 'any', 'argmax', 'argmin', 'argsort', 'clip', 'conj', 'conjugate', 'cumprod', 'cumsum', 'diagonal',
  'dot', 'max', 'mean', 'min', 'nonzero', 'prod', 'ptp', 'repeat', 'round', 'searchsorted', 'sort', 'squeeze',
  'std', 'sum', 'swapaxes', 'take', 'trace', 'var',
]);

function abs(v) {
  if (isJax(v)) return callJnp('absolute', '`abs` of an array', [v]);
  return hostUnary('absolute', v);
}


Object.assign(arrayOps, {
  isArray: (v) => isJax(v) || isHost(v),
  abs,
  hasAttrs: (v) => v instanceof DType || v instanceof ShapeDtypeStructClass,
  binop,
  compare,
  unary,
  truthy,
  scalar,
  pyScalar,
  format,
  getitem,
  setitem,
  iter,
  len,
  repr: (v) => repr(v),
  str: (v) => str(v),
  typeOf,
  getattr,
  eqOther,
  toJS: (v) => (v instanceof DType ? v.name : undefined),
  fromJS: () => undefined,
});

