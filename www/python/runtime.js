// Python's operations on the value model of types.js: truthiness, str/repr, arithmetic with
// int/float/bool promotion (numbers.js), comparisons, items, iteration and length. Arrays
// (engine and host) plug in through `arrayOps` (set by arrays.js) and instances of classes
// written in Python through `userOps` (classes.js: their dunder methods), so this module stays
// about Python's built-in types. jaxplay's other objects written in JS (generators, dict views,
// deques, itertools' iterators...) take part by methods: `pyType`, and as they apply
// `pyIter()`, `pyLen()`, `pyContains(x)`, `pyRepr(seen)`, `pyGetitem(k)`, `pySetitem(k, v)`,
// `pyDelitem(k)`, `pyNext()`, `pyCall(args, kw)`, `pyGetattr(name)`, `pyEq(other)`.

import {
  PyFloat, PyTuple, PyType, PyException, PyModule, Builtin, E, pyErr, float, PyCallable, ELLIPSIS, NOT_IMPLEMENTED, OBJECT,
} from './types.js';
import {
  PyDict, PySet, hooks as hashHooks, objectId, unhashable,
} from './hash.js';
import {
  isIntLike, numberOf, numericBinop, numCompare, intOf, parseInt_, numberRepr,
} from './numbers.js';
import { pythonFloat } from '../lib/np.js';
import { formatValue, percentFormat } from './formatting.js';
import {
  iterate, DONE, PyRange, PySlice, PyIterator, guarded, len, getitem, setitem, delitem, nextOf, isIterable, iterStart,
  sliceIndices,
} from './items.js';

export { numberOf, PyDict, PySet };
export {
  iterate, DONE, PyRange, PySlice, PyIterator, guarded, len, getitem, setitem, delitem, nextOf, isIterable, iterStart,
  sliceIndices,
};

/** Filled by arrays.js: `isArray(v)`, `binop`, `unary`, `compare`, `getattr`, `getitem`, `setitem`, `iter`, `repr`, `str`, `truthy`, `typeOf`, `len`. */
export const arrayOps = {};

/**
 * Filled by classes.js, for values with a `pyClass` (instances of classes written in Python,
 * their exceptions, named tuples): `method(v, name)` (the class's own method bound to v, or
 * undefined), `getattr`/`setattr`/`delattr` and `classGetattr`/`classSetattr`, and the
 * operations by their dunders: `binop`, `inplace`, `unary`, `eq`, `ne`, `order`, `contains`,
 * `iter`, `next`, `len`, `getitem`, `setitem`, `delitem`, `truthy`, `repr`, `str`, `format`,
 * `hashKey`, `hash`, `int`, `float`; each returns NOT_IMPLEMENTED when the class has no say.
 * stdlib.js adds `classGetitem` (`list[int]`).
 */
export const userOps = {};

let callImpl = null;
/** Calls any Python callable with Python values (objects.js's callValue, registered at load). */
export const call = (f, args, kwargs = null) => callImpl(f, args, kwargs);
export const setCallImpl = (fn) => { callImpl = fn; };

/** A value whose class was written in Python (or is one of jaxplay's classes that act so). */
export const isUser = (v) => v !== null && typeof v === 'object' && v.pyClass !== undefined;

/** `v`'s class's own method `name`, bound to `v` (undefined for built-in behaviour). */
export const userMethod = (v, name) => (isUser(v) ? userOps.method(v, name) : undefined);

/** A JS object from the learner's JS code (`globals`): a dict with str keys, the same live object. */
export const isJsDict = (x) => {
  if (x === null || typeof x !== 'object') return false;
  const p = Object.getPrototypeOf(x);
  return p === Object.prototype || p === null;
};
export const isDict = (x) => x instanceof PyDict || isJsDict(x);
export const isList = (x) => Array.isArray(x) && !(x instanceof PyTuple);
export const isTuple = (x) => x instanceof PyTuple;
const isNone = (x) => x === null || x === undefined;

// ------------------------------------------------------------------ dicts (PyDict, or a JS object from globals)

export function dictGet(d, k) {
  if (d instanceof PyDict) return d.get(k);
  return typeof k === 'string' && Object.hasOwn(d, k) ? d[k] : undefined;
}

export function dictSet(d, k, v) {
  if (d instanceof PyDict) d.set(k, v);
  else if (typeof k === 'string') d[k] = v;
  else throw pyErr('TypeError', `a JS object's keys are strings, not ${typeOf(k).name} (${repr(k)})`);
}

/** Removes `k`: its `{k, v}` entry, or undefined when absent. */
export function dictDelete(d, k) {
  if (d instanceof PyDict) return d.delete(k);
  if (typeof k !== 'string' || !Object.hasOwn(d, k)) return undefined;
  const e = { k, v: d[k] };
  delete d[k];
  return e;
}

export const dictSize = (d) => (d instanceof PyDict ? d.size : Object.keys(d).length);
export const dictKeys = (d) => (d instanceof PyDict ? d.keys() : Object.keys(d));
/** `[k, v]` pairs. */
export const dictEntries = (d) => (d instanceof PyDict ? d.entries() : Object.entries(d));

/** A dict from what `dict(x)` and `d.update(x)` take: a dict, or an iterable of pairs. */
export function dictUpdate(d, x, kw) {
  if (x !== undefined && x !== null) {
    if (isDict(x)) for (const [k, v] of dictEntries(x)) dictSet(d, k, v);
    else {
      let i = 0;
      for (const pair of iterate(x)) {
        if (typeof pair === 'number' || pair instanceof PyFloat || typeof pair === 'boolean' || pair === null) {
          throw pyErr('TypeError', `cannot convert dictionary update sequence element #${i} to a sequence`);
        }
        const kv = [...iterate(pair)];
        if (kv.length !== 2) throw pyErr('ValueError', `dictionary update sequence element #${i} has length ${kv.length}; 2 is required`);
        dictSet(d, kv[0], kv[1]);
        i += 1;
      }
    }
  }
  if (kw) for (const k of Object.keys(kw)) dictSet(d, k, kw[k]);
  return d;
}

// ------------------------------------------------------------------ types

const always = () => true;
export const T = {};
const t = (name, check, call, module) => {
  T[name] = new PyType(name, { check, call, module });
  return T[name];
};
t('int', (v) => Number.isInteger(v) || typeof v === 'boolean' || typeof v === 'bigint', ([x = 0, base], kw) => toInt(x, base ?? kw.base));
t('float', (v) => v instanceof PyFloat || (typeof v === 'number' && !Number.isInteger(v)), ([x = 0]) => toFloat(x));
t('bool', (v) => typeof v === 'boolean', ([x = false]) => truthy(x));
t('str', (v) => typeof v === 'string', ([x = '']) => str(x));
t('list', isList, ([x = []]) => [...iterate(x)]);
t('tuple', isTuple, ([x = []]) => PyTuple.from(iterate(x)));
t('dict', isDict, ([x], kw) => dictUpdate(new PyDict(), x, kw));
t('set', (v) => v instanceof PySet && !v.frozen, ([x = []]) => setOf(iterate(x)));
t('frozenset', (v) => v instanceof PySet && v.frozen, ([x = []]) => setOf(iterate(x), true));
t('NoneType', isNone, null);
t('ellipsis', (v) => v === ELLIPSIS, null);
t('range', (v) => v instanceof PyRange, (args) => {
  const ints = args.map((a) => {
    if (!isIntLike(a)) throw pyErr('TypeError', `'${typeOf(a).name}' object cannot be interpreted as an integer`);
    return Number(a);
  });
  if (ints.length === 0) throw pyErr('TypeError', 'range expected at least 1 argument, got 0');
  return ints.length === 1 ? new PyRange(0, ints[0], 1) : new PyRange(ints[0], ints[1], ints[2] ?? 1);
});
t('function', (v) => v instanceof PyCallable, null);
t('builtin_function_or_method', (v) => v instanceof Builtin || typeof v === 'function', null);
t('module', (v) => v instanceof PyModule, null);
t('type', (v) => v instanceof PyType, (args) => {
  if (args.length !== 1) throw pyErr('NotImplementedError', "jaxplay's Python does not support `type(name, bases, dict)` yet (write a `class` statement)");
  return typeOf(args[0]);
});
t('slice', (v) => v instanceof PySlice, (args) => {
  if (args.length === 0) throw pyErr('TypeError', 'slice expected at least 1 argument, got 0');
  return args.length === 1 ? new PySlice(null, args[0], null) : new PySlice(args[0], args[1], args[2] ?? null);
});
T.bool.base = T.int;
T.bool.bases = [T.int];
T.bool.mro = [T.bool, T.int, OBJECT];
T.object = OBJECT;
OBJECT.check = always;
OBJECT.callImpl = () => new PyObject();

/** `object()`: a bare object (a sentinel), equal only to itself. */
class PyObject {
  get pyType() { return T.object; }
}

const iteratorTypes = new Map();

/** The Python type of a value. */
export function typeOf(v) {
  if (v === null || v === undefined) return T.NoneType;
  switch (typeof v) {
    case 'boolean': return T.bool;
    // A JS number from JS code (a global, a live list) is an int only when it is integral.
    case 'number': return Number.isInteger(v) ? T.int : T.float;
    case 'string': return T.str;
    case 'bigint': return T.int;
    case 'function': return T.builtin_function_or_method;
    default: break;
  }
  if (v.pyClass !== undefined) return v.pyClass;
  if (v instanceof PyFloat) return T.float;
  if (v === ELLIPSIS) return T.ellipsis;
  if (v instanceof PyTuple) return T.tuple;
  if (v instanceof PySet) return v.frozen ? T.frozenset : T.set;
  if (v instanceof PyDict) return v.pyType ?? T.dict;
  if (v instanceof PyRange) return T.range;
  if (v instanceof PyIterator) {
    if (!iteratorTypes.has(v.kind)) iteratorTypes.set(v.kind, new PyType(v.kind));
    return iteratorTypes.get(v.kind);
  }
  if (Array.isArray(v)) return T.list;
  if (v instanceof PyException) return v.type;
  if (v instanceof PyType) return T.type;
  if (v instanceof PySlice) return T.slice;
  if (v.pyType instanceof PyType) return v.pyType;
  const a = arrayOps.typeOf?.(v);
  if (a) return a;
  if (isJsDict(v)) return T.dict;
  if (v instanceof PyModule) return T.module;
  if (v instanceof PyCallable) return T.function;
  if (v instanceof Builtin) return T.builtin_function_or_method;
  return new PyType(v?.constructor?.name ?? 'object', { module: 'js' });
}

export function isinstance(v, cls) {
  if (isTuple(cls) || Array.isArray(cls)) return cls.some((c) => isinstance(v, c));
  if (!(cls instanceof PyType)) throw pyErr('TypeError', 'isinstance() arg 2 must be a type, a tuple of types, or a union');
  if (cls === T.object) return true;
  if (cls.check) return Boolean(cls.check(v));
  return typeOf(v).isSubclassOf(cls);
}

/** `issubclass(a, cls)`: every class is a subclass of object, bool of int. */
export function issubclass(a, cls) {
  if (isTuple(cls) || Array.isArray(cls)) return cls.some((c) => issubclass(a, c));
  if (!(a instanceof PyType)) throw pyErr('TypeError', 'issubclass() arg 1 must be a class');
  if (!(cls instanceof PyType)) throw pyErr('TypeError', 'issubclass() arg 2 must be a class, a tuple of classes, or a union');
  return cls === T.object || a.isSubclassOf(cls);
}

// ------------------------------------------------------------------ conversions

export function toInt(x, base) {
  if (typeof x === 'string') return parseInt_(x, base === undefined ? 10 : Number(base));
  if (base !== undefined) throw pyErr('TypeError', "int() can't convert non-string with explicit base");
  if (isIntLike(x)) return typeof x === 'boolean' ? Number(x) : x;
  const n = numberOf(x);
  if (n !== undefined) return intOf(Math.trunc(n));
  if (isUser(x)) {
    const r = userOps.int(x);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (arrayOps.isArray?.(x)) return intOf(Math.trunc(arrayOps.scalar(x, 'int')));
  throw pyErr('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${typeOf(x).name}'`);
}

const FLOAT_TEXT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*|\d(?:_?\d)*\.)(?:e[+-]?\d(?:_?\d)*)?$/;

function toFloat(x) {
  if (typeof x === 'string') {
    const s = x.trim().toLowerCase();
    const special = { inf: Infinity, '+inf': Infinity, '-inf': -Infinity, infinity: Infinity, '+infinity': Infinity, '-infinity': -Infinity, nan: NaN, '+nan': NaN, '-nan': NaN };
    if (s in special) return float(special[s]);
    if (!FLOAT_TEXT.test(s)) throw pyErr('ValueError', `could not convert string to float: ${repr(x)}`);
    return float(Number(s.replace(/_/g, '')));
  }
  const n = numberOf(x);
  if (n !== undefined) {
    if (typeof x === 'bigint' && !Number.isFinite(n)) throw pyErr('OverflowError', 'int too large to convert to float');
    return float(n);
  }
  if (isUser(x)) {
    const r = userOps.float(x);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (arrayOps.isArray?.(x)) return float(arrayOps.scalar(x, 'float'));
  throw pyErr('TypeError', `float() argument must be a string or a real number, not '${typeOf(x).name}'`);
}

export function truthy(v) {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v instanceof PyFloat) return v.v !== 0;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (isUser(v)) {
    const r = userOps.truthy(v);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyDict || v instanceof PySet) return v.size > 0;
  if (arrayOps.isArray?.(v)) return arrayOps.truthy(v);
  if (isJsDict(v)) return Object.keys(v).length > 0;
  if (v instanceof PyRange) return v.length > 0;
  if (typeof v.pyLen === 'function') return v.pyLen() > 0;
  return true;
}

// ------------------------------------------------------------------ sets and hashing

hashHooks.eq = (a, b) => truthy(eq(a, b));
hashHooks.objectKey = (v) => {
  if (isUser(v)) return userOps.hashKey(v);
  if (Array.isArray(v) || isDict(v) || v instanceof PySet || arrayOps.isArray?.(v) || v.pyUnhashable) throw unhashable(typeOf(v).name);
  return v;
};
hashHooks.userHash = (v) => userOps.hash(v);

/** A set of `items` (an iterable of Python values). */
export function setOf(items, frozen = false) {
  const s = new PySet(frozen);
  for (const x of items) s.add(x);
  return s;
}

export const setAdd = (s, x) => s.add(x);
export const setHas = (s, x) => s.has(x);

const SET_OPS = {
  '|': (a, b) => [...a.values(), ...b.values()],
  '&': (a, b) => [...a.values()].filter((x) => b.has(x)),
  '-': (a, b) => [...a.values()].filter((x) => !b.has(x)),
  '^': (a, b) => [...[...a.values()].filter((x) => !b.has(x)), ...[...b.values()].filter((x) => !a.has(x))],
};

/** `a <= b` for sets: every element of a is in b. */
const subset = (a, b) => [...a.values()].every((x) => b.has(x));

// ------------------------------------------------------------------ str / repr

function strRepr(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    if (ch === q || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch < ' ' || ch === '\x7f') out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return q + out + q;
}

/** `<__main__.Point object at 0x7f...>`: CPython shows the address; this is a stable stand-in. */
export const defaultRepr = (v) => {
  const cls = typeOf(v);
  return `<${cls.qualname} object at 0x${objectId(v).toString(16)}>`;
};

export function repr(v, seen = new Set()) {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number' || typeof v === 'bigint') return numberRepr(v);
  if (typeof v === 'string') return strRepr(v);
  if (v === ELLIPSIS) return 'Ellipsis';
  if (v === NOT_IMPLEMENTED) return 'NotImplemented';
  if (v instanceof PyFloat) return pythonFloat(v.v);
  if (isUser(v)) {
    const r = userOps.repr(v, seen);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (typeof v.pyRepr === 'function') return v.pyRepr(seen);
  if (Array.isArray(v) || isDict(v)) {
    if (seen.has(v)) return Array.isArray(v) ? (isTuple(v) ? '(...)' : '[...]') : '{...}';
    seen.add(v);
    try {
      if (isTuple(v)) return v.length === 1 ? `(${repr(v[0], seen)},)` : `(${v.map((x) => repr(x, seen)).join(', ')})`;
      if (Array.isArray(v)) return `[${v.map((x) => repr(x, seen)).join(', ')}]`;
      return `{${Array.from(dictEntries(v), ([k, x]) => `${repr(k, seen)}: ${repr(x, seen)}`).join(', ')}}`;
    } finally {
      seen.delete(v);
    }
  }
  if (v instanceof PyException) {
    return `${v.type.name}(${v.args.map((a) => repr(a)).join(', ')})`;
  }
  if (v instanceof PySet) {
    const items = [...v.values()].map((x) => repr(x, seen)).join(', ');
    if (v.frozen) return v.size ? `frozenset({${items}})` : 'frozenset()';
    return v.size ? `{${items}}` : 'set()';
  }
  if (v instanceof PyType) return v.isSubclassOf(E.BaseException) || v.module !== 'builtins' ? `<class '${v.qualname}'>` : `<class '${v.name}'>`;
  if (v instanceof PyModule) return `<module '${v.name}'>`;
  if (v instanceof PyIterator) return `<${v.kind} object>`;
  if (v instanceof PyRange) return `range(${v.start}, ${v.stop}${v.step === 1 ? '' : `, ${v.step}`})`;
  if (v instanceof PySlice) return `slice(${repr(v.start)}, ${repr(v.stop)}, ${repr(v.step)})`;
  if (v instanceof Builtin) return v.reprText ?? `<built-in function ${v.name}>`;
  if (v instanceof PyCallable) return `<function ${v.qualname ?? v.name}>`;
  if (v instanceof PyObject || v.pyClass !== undefined) return defaultRepr(v);
  const a = arrayOps.repr?.(v);
  if (a !== undefined) return a;
  if (typeof v === 'function') return `<JS function ${v.name || 'anonymous'}>`;
  return String(v);
}

export function str(v) {
  if (typeof v === 'string') return v;
  if (isUser(v)) {
    const r = userOps.str(v);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (v instanceof PyException) {
    // Python's str(e): nothing, the one argument (a KeyError's quoted), or the tuple of them.
    if (v.lineno !== undefined) return v.message; // a SyntaxError: its text with line and column
    if (v.args.length === 0) return '';
    if (v.args.length === 1) return v.type.isSubclassOf(E.KeyError) ? repr(v.args[0]) : str(v.args[0]);
    return repr(PyTuple.from(v.args));
  }
  if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || isDict(v) || v instanceof PyFloat || v instanceof PyType) return repr(v);
  const a = arrayOps.str?.(v);
  if (a !== undefined) return a;
  return repr(v);
}

// ------------------------------------------------------------------ arithmetic

const unsupported = (op, a, b) => pyErr('TypeError', `unsupported operand type(s) for ${op}: '${typeOf(a).name}' and '${typeOf(b).name}'`);

export function binop(op, a, b) {
  // The common case first: two ints that stay exact.
  if (typeof a === 'number' && typeof b === 'number' && Number.isInteger(a) && Number.isInteger(b)) {
    const r = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : NaN;
    if (Number.isSafeInteger(r)) return r + 0;
  }
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) {
    const r = numericBinop(op, a, b);
    if (r === undefined) throw unsupported(op, a, b);
    return r;
  }
  if (isUser(a) || isUser(b)) {
    const r = userOps.binop(op, a, b);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (op === '@' && !(arrayOps.isArray?.(a) || arrayOps.isArray?.(b))) throw unsupported(op, a, b);
  if (arrayOps.isArray?.(a) || arrayOps.isArray?.(b)) return arrayOps.binop(op, a, b);
  if (a instanceof PySet && b instanceof PySet && SET_OPS[op]) return setOf(SET_OPS[op](a, b), a.frozen);
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (isTuple(a) && isTuple(b)) return PyTuple.from([...a, ...b]);
    if (isList(a) && isList(b)) return [...a, ...b];
  }
  if (op === '|' && isDict(a) && isDict(b) && !(a.pyType || b.pyType)) return dictUpdate(dictUpdate(new PyDict(), a), b);
  if (op === '*') {
    const [seq, n] = isIntLike(a) ? [b, a] : [a, b];
    if (isIntLike(n)) {
      const k = Math.max(0, Number(n));
      if (typeof seq === 'string') return seq.repeat(k);
      if (Array.isArray(seq)) {
        const out = [];
        for (let i = 0; i < k; i++) out.push(...seq);
        return isTuple(seq) ? PyTuple.from(out) : out;
      }
    }
  }
  if (op === '%' && typeof a === 'string') return percentFormat(a, b);
  if (typeof a?.pyBinop === 'function') {
    const r = a.pyBinop(op, b);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  throw unsupported(op, a, b);
}

export function unary(op, v) {
  if (op === 'not') return !truthy(v);
  if (typeof v === 'bigint') {
    if (op === '-') return numericBinop('-', 0, v);
    if (op === '+') return v;
    if (op === '~') return numericBinop('-', -1, v);
  }
  const x = numberOf(v);
  if (x !== undefined) {
    if (op === '-') return typeof v === 'object' ? float(-x) : 0 - x;
    if (op === '+') return typeof v === 'boolean' ? x : v;
    if (op === '~' && typeof v !== 'object') return ~x === -x - 1 ? ~x : numericBinop('-', -1, x);
  }
  if (isUser(v)) {
    const r = userOps.unary(op, v);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (arrayOps.isArray?.(v)) return arrayOps.unary(op, v);
  throw pyErr('TypeError', `bad operand type for unary ${op}: '${typeOf(v).name}'`);
}

// ------------------------------------------------------------------ comparisons

export function eq(a, b) {
  if (a === b) return true;
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return typeof a === 'bigint' || typeof b === 'bigint' ? numCompare(a, b) === 0 : x === y;
  if (isUser(a) || isUser(b)) {
    const r = userOps.eq(a, b);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a) && Array.isArray(b)) {
    return isTuple(a) === isTuple(b) && a.length === b.length && a.every((v, i) => v === b[i] || truthy(eq(v, b[i])));
  }
  if (a instanceof PySet && b instanceof PySet) return a.size === b.size && subset(a, b);
  if (isDict(a) && isDict(b)) {
    if (dictSize(a) !== dictSize(b)) return false;
    for (const [k, v] of dictEntries(a)) {
      const w = dictGet(b, k);
      if (w === undefined || !(v === w || truthy(eq(v, w)))) return false;
    }
    return true;
  }
  if (arrayOps.isArray?.(a) || arrayOps.isArray?.(b)) return arrayOps.compare('==', a, b);
  if (typeof a?.pyEq === 'function') return a.pyEq(b);
  if (arrayOps.eqOther) {
    const r = arrayOps.eqOther(a, b);
    if (r !== undefined) return r;
  }
  return false;
}

function order(op, a, b) {
  if (typeof a === 'number' && typeof b === 'number') return cmp(op, a, b);
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) {
    if (typeof a === 'bigint' || typeof b === 'bigint') return cmp(op, numCompare(a, b), 0);
    return cmp(op, x, y);
  }
  if (typeof a === 'string' && typeof b === 'string') return cmp(op, a, b);
  if (isUser(a) || isUser(b)) {
    const r = userOps.order(op, a, b);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (a instanceof PySet && b instanceof PySet) {
    // Subsets: <= and >=; proper subsets: < and >.
    const [s, u] = op[0] === '<' ? [a, b] : [b, a];
    return subset(s, u) && (op.length === 2 || s.size < u.size);
  }
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!truthy(eq(a[i], b[i]))) return order(op, a[i], b[i]);
    }
    return cmp(op, a.length, b.length);
  }
  if (arrayOps.isArray?.(a) || arrayOps.isArray?.(b)) return arrayOps.compare(op, a, b);
  throw pyErr('TypeError', `'${op}' not supported between instances of '${typeOf(a).name}' and '${typeOf(b).name}'`);
}

function cmp(op, x, y) {
  switch (op) {
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    default: return x >= y;
  }
}

function contains(container, item) {
  if (typeof container === 'string') {
    if (typeof item !== 'string') throw pyErr('TypeError', `'in <string>' requires string as left operand, not ${typeOf(item).name}`);
    return container.includes(item);
  }
  if (isUser(container)) {
    const r = userOps.contains(container, item);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (Array.isArray(container)) return container.some((x) => x === item || truthy(eq(x, item)));
  if (container instanceof PyDict || container instanceof PySet) return container.has(item);
  if (container instanceof PyRange) {
    const n = numberOf(item);
    if (n === undefined || !Number.isInteger(n)) return false;
    const k = (n - container.start) / container.step;
    return Number.isInteger(k) && k >= 0 && k < container.length;
  }
  if (isJsDict(container)) return typeof item === 'string' && Object.hasOwn(container, item);
  if (typeof container?.pyContains === 'function') return container.pyContains(item);
  for (const x of iterate(container)) if (x === item || truthy(eq(x, item))) return true;
  return false;
}

export function compare(op, a, b) {
  switch (op) {
    case '==': return eq(a, b);
    case '!=': {
      if (isUser(a) || isUser(b)) {
        const r = userOps.ne(a, b);
        if (r !== NOT_IMPLEMENTED) return r;
      }
      const r = eq(a, b);
      return typeof r === 'boolean' ? !r : arrayOps.compare('!=', a, b);
    }
    case 'is': return a === b || (a === undefined && b === null) || (a === null && b === undefined);
    case 'is not': return !compare('is', a, b);
    case 'in': return contains(b, a);
    case 'not in': return !contains(b, a);
    default: return order(op, a, b);
  }
}

/** `format(value, spec)` (f-strings, `format()`, an instance's `__format__`): python/formatting.js. */
export { formatValue as formatSpec };
