// Python's operations on the value model of types.js: truthiness, str/repr, arithmetic with
// int/float/bool promotion, comparisons, attributes, items, iteration and calls. Arrays
// (engine and host) plug in through `arrayOps` (set by arrays.js), so this module stays
// about Python itself.

import {
  PyFloat, PyTuple, PyType, PyException, PyModule, Builtin, E, pyErr, float, PyCallable, PySet, ELLIPSIS,
} from './types.js';
import { pythonFloat } from '../lib/np.js';

/** Filled by arrays.js: `isArray(v)`, `binop`, `unary`, `compare`, `getattr`, `getitem`, `setitem`, `iter`, `repr`, `str`, `truthy`, `typeOf`, `len`. */
export const arrayOps = {};

/** A dict is a plain JS object (the JS API's pytree dict). */
export const isDict = (x) => {
  if (x === null || typeof x !== 'object') return false;
  const p = Object.getPrototypeOf(x);
  return p === Object.prototype || p === null;
};
export const isList = (x) => Array.isArray(x) && !(x instanceof PyTuple);
export const isTuple = (x) => x instanceof PyTuple;
const isNone = (x) => x === null || x === undefined;

/** Python ints and bools (a non-integral JS number, from JS code, counts as a float). */
const isIntLike = (x) => typeof x === 'boolean' || Number.isInteger(x);

/** A JS number of a Python int or float (bools count as ints), or undefined. */
export function numberOf(x) {
  if (typeof x === 'number') return x;
  if (x instanceof PyFloat) return x.v;
  if (typeof x === 'boolean') return x ? 1 : 0;
  return undefined;
}

// ------------------------------------------------------------------ types

const always = () => true;
export const T = {};
const t = (name, check, call, module) => {
  T[name] = new PyType(name, { check, call, module });
  return T[name];
};
t('int', (v) => Number.isInteger(v) || typeof v === 'boolean', ([x = 0, base]) => toInt(x, base));
t('float', (v) => v instanceof PyFloat || (typeof v === 'number' && !Number.isInteger(v)), ([x = 0]) => toFloat(x));
t('bool', (v) => typeof v === 'boolean', ([x = false]) => truthy(x));
t('str', (v) => typeof v === 'string', ([x = '']) => str(x));
t('list', isList, ([x = []]) => [...iterate(x)]);
t('tuple', isTuple, ([x = []]) => PyTuple.from(iterate(x)));
t('dict', isDict, ([x], kw) => {
  const d = {};
  if (x !== undefined) {
    if (isDict(x)) Object.assign(d, x);
    else for (const pair of iterate(x)) { const [k, v] = [...iterate(pair)]; d[dictKey(k)] = v; }
  }
  return Object.assign(d, kw ?? {});
});
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
t('type', (v) => v instanceof PyType, ([x]) => typeOf(x));
t('object', always, null);
T.bool.base = T.int;

/** The Python type of a value. */
export function typeOf(v) {
  if (v === null || v === undefined) return T.NoneType;
  if (v === ELLIPSIS) return T.ellipsis;
  if (typeof v === 'boolean') return T.bool;
  // A JS number from JS code (a global, a live list) is an int only when it is integral.
  if (typeof v === 'number') return Number.isInteger(v) ? T.int : T.float;
  if (v instanceof PyFloat) return T.float;
  if (typeof v === 'string') return T.str;
  if (v instanceof PyTuple) return T.tuple;
  if (v instanceof PySet) return v.frozen ? T.frozenset : T.set;
  if (v instanceof PyRange) return T.range;
  if (v instanceof PyIterator) return new PyType(v.kind);
  if (Array.isArray(v)) return T.list;
  if (v instanceof PyException) return v.type;
  if (v instanceof PyType) return T.type;
  const a = arrayOps.typeOf?.(v);
  if (a) return a;
  if (isDict(v)) return T.dict;
  if (v instanceof PyModule) return T.module;
  if (v instanceof PyCallable) return T.function;
  if (v instanceof Builtin || typeof v === 'function') return T.builtin_function_or_method;
  return new PyType(v?.constructor?.name ?? 'object', { module: 'js' });
}

export function isinstance(v, cls) {
  if (isTuple(cls) || Array.isArray(cls)) return cls.some((c) => isinstance(v, c));
  if (!(cls instanceof PyType)) throw pyErr('TypeError', 'isinstance() arg 2 must be a type, a tuple of types, or a union');
  if (cls === T.object) return true;
  if (cls.check) return Boolean(cls.check(v));
  return typeOf(v).isSubclassOf(cls);
}

// ------------------------------------------------------------------ conversions

function toInt(x, base) {
  if (typeof x === 'string') {
    const n = base === undefined ? Number(x.trim()) : parseInt(x.trim(), base);
    if (!Number.isInteger(n) || x.trim() === '') throw pyErr('ValueError', `invalid literal for int() with base ${base ?? 10}: '${x}'`);
    return n;
  }
  const n = numberOf(x);
  if (n !== undefined) {
    if (!Number.isFinite(n)) throw pyErr(Number.isNaN(n) ? 'ValueError' : 'OverflowError', `cannot convert float ${pythonFloat(n)} to integer`);
    return Math.trunc(n);
  }
  if (arrayOps.isArray?.(x)) return Math.trunc(arrayOps.scalar(x, 'int'));
  throw pyErr('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${typeOf(x).name}'`);
}

function toFloat(x) {
  if (typeof x === 'string') {
    const s = x.trim().toLowerCase();
    const special = { inf: Infinity, '+inf': Infinity, '-inf': -Infinity, infinity: Infinity, '-infinity': -Infinity, nan: NaN };
    if (s in special) return float(special[s]);
    const n = Number(s);
    if (s === '' || Number.isNaN(n)) throw pyErr('ValueError', `could not convert string to float: '${x}'`);
    return float(n);
  }
  const n = numberOf(x);
  if (n !== undefined) return float(n);
  if (arrayOps.isArray?.(x)) return float(arrayOps.scalar(x, 'float'));
  throw pyErr('TypeError', `float() argument must be a string or a real number, not '${typeOf(x).name}'`);
}

export function truthy(v) {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v instanceof PyFloat) return v.v !== 0;
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0;
  if (arrayOps.isArray?.(v)) return arrayOps.truthy(v);
  if (isDict(v)) return Object.keys(v).length > 0;
  if (v instanceof PyRange) return v.length > 0;
  if (v instanceof PySet) return v.size > 0;
  return true;
}

// ------------------------------------------------------------------ sets

// Functions, types, modules and exceptions hash by identity.
const identities = Object.assign(new WeakMap(), { next: 1 });

/** What a set element is keyed by: equal values (1, 1.0, True) share a key; lists and the like have none. */
export function hashKey(v) {
  const n = numberOf(v);
  if (n !== undefined) return `n${Object.is(n, -0) ? 0 : n}`;
  if (typeof v === 'string') return `s${v}`;
  if (v === null || v === undefined) return 'None';
  if (v === ELLIPSIS) return 'Ellipsis';
  if (isTuple(v)) return `t(${v.map(hashKey).join(',')})`;
  if (v instanceof PySet && v.frozen) return `f{${[...v.items.keys()].sort().join(',')}}`;
  if (v instanceof PyType || v instanceof PyModule || v instanceof PyCallable || v instanceof Builtin || v instanceof PyException) {
    if (!identities.has(v)) identities.set(v, identities.next++);
    return `o${identities.get(v)}`;
  }
  throw pyErr('TypeError', `unhashable type: '${typeOf(v).name}'`);
}

/** A set of `items` (an iterable of Python values). */
export function setOf(items, frozen = false) {
  const s = new PySet(frozen);
  for (const x of items) setAdd(s, x);
  return s;
}

export function setAdd(s, x) {
  const k = hashKey(x);
  if (!s.items.has(k)) s.items.set(k, x);
}

export const setHas = (s, x) => s.items.has(hashKey(x));

const SET_OPS = {
  '|': (a, b) => [...a.values(), ...b.values()],
  '&': (a, b) => [...a.values()].filter((x) => setHas(b, x)),
  '-': (a, b) => [...a.values()].filter((x) => !setHas(b, x)),
  '^': (a, b) => [...[...a.values()].filter((x) => !setHas(b, x)), ...[...b.values()].filter((x) => !setHas(a, x))],
};

/** `a <= b` for sets: every element of a is in b. */
const subset = (a, b) => [...a.items.keys()].every((k) => b.items.has(k));

/** A dict key: str as is; int/float/bool keys are unsupported (dicts are plain JS objects). */
export function dictKey(k) {
  if (typeof k === 'string') return k;
  throw pyErr('TypeError', `jaxplay's Python supports only str dict keys, not ${typeOf(k).name} (${repr(k)})`);
}

// ------------------------------------------------------------------ str / repr

function strRepr(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    if (ch === q || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch < ' ') out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return q + out + q;
}

export function repr(v, seen = new Set()) {
  if (v === null || v === undefined) return 'None';
  if (v === ELLIPSIS) return 'Ellipsis';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') {
    // Ints are JS numbers: exact to 2^53; beyond, printed in full digits rather than as 1e+30.
    if (Number.isInteger(v)) return Math.abs(v) >= 1e21 ? BigInt(v).toString() : String(v);
    return pythonFloat(v);
  }
  if (v instanceof PyFloat) return pythonFloat(v.v);
  if (typeof v === 'string') return strRepr(v);
  if (Array.isArray(v) || isDict(v)) {
    if (seen.has(v)) return Array.isArray(v) ? (isTuple(v) ? '(...)' : '[...]') : '{...}';
    seen.add(v);
    try {
      if (isTuple(v)) return v.length === 1 ? `(${repr(v[0], seen)},)` : `(${v.map((x) => repr(x, seen)).join(', ')})`;
      if (Array.isArray(v)) return `[${v.map((x) => repr(x, seen)).join(', ')}]`;
      return `{${Object.entries(v).map(([k, x]) => `${strRepr(k)}: ${repr(x, seen)}`).join(', ')}}`;
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
  if (v instanceof Builtin) return v.reprText ?? `<built-in function ${v.name}>`;
  if (v instanceof PyCallable) return `<function ${v.qualname ?? v.name}>`;
  const a = arrayOps.repr?.(v);
  if (a !== undefined) return a;
  if (typeof v === 'function') return `<JS function ${v.name || 'anonymous'}>`;
  return String(v);
}

export function str(v) {
  if (typeof v === 'string') return v;
  if (v instanceof PyException) {
    // Python's str(e): nothing, the one argument (a KeyError's quoted), or the tuple of them.
    if (v.lineno !== undefined) return v.message; // a SyntaxError: its text with line and column
    if (v.args.length === 0) return '';
    if (v.args.length === 1) return v.type === E.KeyError ? repr(v.args[0]) : str(v.args[0]);
    return repr(PyTuple.from(v.args));
  }
  if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || isDict(v) || v instanceof PyFloat || v instanceof PyType) return repr(v);
  const a = arrayOps.str?.(v);
  if (a !== undefined) return a;
  return repr(v);
}

// ------------------------------------------------------------------ arithmetic

const ARITH = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '//': (a, b) => Math.floor(a / b),
  '%': (a, b) => a - b * Math.floor(a / b),
  '**': (a, b) => a ** b,
  '&': (a, b) => a & b,
  '|': (a, b) => a | b,
  '^': (a, b) => a ^ b,
  '<<': (a, b) => a << b,
  '>>': (a, b) => a >> b,
};

function numericBinop(op, a, b, x, y) {
  const bothInt = isIntLike(a) && isIntLike(b);
  if ((op === '/' || op === '//' || op === '%') && y === 0) {
    throw pyErr('ZeroDivisionError', op === '/' ? 'division by zero' : bothInt ? 'integer division or modulo by zero' : 'float floor division by zero');
  }
  if ('&|^<<>>'.includes(op) && !bothInt) {
    throw pyErr('TypeError', `unsupported operand type(s) for ${op}: '${typeOf(a).name}' and '${typeOf(b).name}'`);
  }
  const r = ARITH[op](x, y);
  if (op === '/') return float(r);
  if (bothInt && !(op === '**' && y < 0)) {
    if (typeof a === 'boolean' && typeof b === 'boolean' && '&|^'.includes(op)) return Boolean(r);
    return r;
  }
  return float(r);
}

export function binop(op, a, b) {
  const x = numberOf(a);
  const y = numberOf(b);
  if (op === '@' && !(arrayOps.isArray?.(a) || arrayOps.isArray?.(b))) {
    throw pyErr('TypeError', `unsupported operand type(s) for @: '${typeOf(a).name}' and '${typeOf(b).name}'`);
  }
  if (x !== undefined && y !== undefined) return numericBinop(op, a, b, x, y);
  if (arrayOps.isArray?.(a) || arrayOps.isArray?.(b)) return arrayOps.binop(op, a, b);
  if (a instanceof PySet && b instanceof PySet && SET_OPS[op]) return setOf(SET_OPS[op](a, b), a.frozen);
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (isTuple(a) && isTuple(b)) return PyTuple.from([...a, ...b]);
    if (isList(a) && isList(b)) return [...a, ...b];
  }
  if (op === '*') {
    const [seq, n] = typeof a === 'number' || typeof a === 'boolean' ? [b, a] : [a, b];
    if (typeof n === 'number' || typeof n === 'boolean') {
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
  throw pyErr('TypeError', `unsupported operand type(s) for ${op}: '${typeOf(a).name}' and '${typeOf(b).name}'`);
}

function percentFormat(fmt, args) {
  const values = isTuple(args) ? [...args] : [args];
  let i = 0;
  return fmt.replace(/%([-+ 0#]*)(\d*)(?:\.(\d+))?([sdirfeg%])/g, (all, flags, width, prec, conv) => {
    if (conv === '%') return '%';
    const v = values[i++];
    return formatSpec(v, `${flags}${width}${prec !== undefined ? `.${prec}` : ''}${conv === 's' || conv === 'r' ? '' : conv === 'i' ? 'd' : conv}`, conv === 'r');
  });
}

export function unary(op, v) {
  if (op === 'not') return !truthy(v);
  const x = numberOf(v);
  if (x !== undefined) {
    if (op === '-') return typeof v === 'object' ? float(-x) : -x;
    if (op === '+') return typeof v === 'boolean' ? x : v;
    if (op === '~' && typeof v !== 'object') return ~x;
  }
  if (arrayOps.isArray?.(v)) return arrayOps.unary(op, v);
  throw pyErr('TypeError', `bad operand type for unary ${op}: '${typeOf(v).name}'`);
}

// ------------------------------------------------------------------ comparisons

export function eq(a, b) {
  if (a === b) return true;
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return x === y;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a) && Array.isArray(b)) {
    return isTuple(a) === isTuple(b) && a.length === b.length && a.every((v, i) => truthy(eq(v, b[i])));
  }
  if (a instanceof PySet && b instanceof PySet) return a.size === b.size && subset(a, b);
  if (isDict(a) && isDict(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && truthy(eq(a[k], b[k])));
  }
  if (arrayOps.isArray?.(a) || arrayOps.isArray?.(b)) return arrayOps.compare('==', a, b);
  if (arrayOps.eqOther) {
    const r = arrayOps.eqOther(a, b);
    if (r !== undefined) return r;
  }
  return false;
}

function order(op, a, b) {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return cmp(op, x, y);
  if (typeof a === 'string' && typeof b === 'string') return cmp(op, a, b);
  if (a instanceof PySet && b instanceof PySet) {
    // Subsets: <= and >=; proper subsets: < and >.
    const [x, y] = op[0] === '<' ? [a, b] : [b, a];
    return subset(x, y) && (op.length === 2 || x.size < y.size);
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
  if (Array.isArray(container)) return container.some((x) => x === item || truthy(eq(x, item)));
  if (container instanceof PyRange) {
    const n = numberOf(item);
    if (n === undefined || !Number.isInteger(n)) return false;
    const k = (n - container.start) / container.step;
    return Number.isInteger(k) && k >= 0 && k < container.length;
  }
  if (isDict(container)) return typeof item === 'string' && Object.hasOwn(container, item);
  if (container instanceof PySet) return setHas(container, item);
  return [...iterate(container)].some((x) => truthy(eq(x, item)));
}

export function compare(op, a, b) {
  switch (op) {
    case '==': return eq(a, b);
    case '!=': {
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

// ------------------------------------------------------------------ iteration, length, items

export function* iterate(v) {
  if (Array.isArray(v)) {
    // Python lists may grow while iterated; index rather than snapshot.
    for (let i = 0; i < v.length; i++) yield v[i];
    return;
  }
  if (typeof v === 'string') { yield* v; return; }
  if (isDict(v)) { yield* Object.keys(v); return; }
  if (v instanceof PySet) { yield* [...v.values()]; return; }
  if (v && typeof v[Symbol.iterator] === 'function' && !arrayOps.isArray?.(v)) { yield* v; return; }
  if (arrayOps.isArray?.(v)) { yield* arrayOps.iter(v); return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object is not iterable`);
}

export function len(v) {
  if (typeof v === 'string' || Array.isArray(v) || v instanceof PyRange) return v.length;
  if (isDict(v)) return Object.keys(v).length;
  if (v instanceof PySet) return v.size;
  if (arrayOps.isArray?.(v)) return arrayOps.len(v);
  throw pyErr('TypeError', `object of type '${typeOf(v).name}' has no len()`);
}

function normIndex(i, n, what) {
  if (typeof i === 'boolean') i = Number(i);
  if (typeof i !== 'number') {
    throw pyErr('TypeError', `${what} indices must be integers or slices, not ${typeOf(i).name}`);
  }
  const k = i < 0 ? i + n : i;
  if (k < 0 || k >= n) throw pyErr('IndexError', `${what} index out of range`);
  return k;
}

/** Python's slice.indices: [start, stop, step] for a sequence of length n. */
export function sliceIndices(s, n) {
  const step = s.step === null || s.step === undefined ? 1 : numberOf(s.step);
  if (step === 0) throw pyErr('ValueError', 'slice step cannot be zero');
  const clamp = (v, dflt, lo, hi) => {
    if (v === null || v === undefined) return dflt;
    let k = numberOf(v);
    if (k < 0) k += n;
    return Math.min(Math.max(k, lo), hi);
  };
  const start = clamp(s.start, step > 0 ? 0 : n - 1, step > 0 ? 0 : -1, step > 0 ? n : n - 1);
  const stop = clamp(s.stop, step > 0 ? n : -1, step > 0 ? 0 : -1, step > 0 ? n : n - 1);
  return [start, stop, step];
}

export class PySlice {
  constructor(start, stop, step) { Object.assign(this, { start, stop, step }); }
}

/** A one-shot lazy iterator (`enumerate`, `zip`, `map`, `filter`, `reversed` objects). */
export class PyIterator {
  constructor(kind, gen) {
    this.kind = kind;
    this.gen = gen;
  }

  [Symbol.iterator]() { return this.gen; }
}

/** `range(...)`: lazy, so `for i in range(10**8)` allocates nothing. */
export class PyRange {
  constructor(start, stop, step) {
    if (step === 0) throw pyErr('ValueError', 'range() arg 3 must not be zero');
    Object.assign(this, { start, stop, step });
    this.length = Math.max(0, Math.ceil((stop - start) / step));
  }

  at(i) { return this.start + i * this.step; }

  * [Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

function sliceSeq(seq, s) {
  const [start, stop, step] = sliceIndices(s, seq.length);
  const out = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) out.push(seq[i]);
  return out;
}

export function getitem(v, k) {
  if (v instanceof PyRange) {
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(k, v.length);
      const r = new PyRange(v.at(start), v.at(stop), v.step * step);
      return r;
    }
    return v.at(normIndex(k, v.length, 'range object'));
  }
  if (Array.isArray(v)) {
    if (k instanceof PySlice) return isTuple(v) ? PyTuple.from(sliceSeq(v, k)) : sliceSeq(v, k);
    return v[normIndex(k, v.length, isTuple(v) ? 'tuple' : 'list')];
  }
  if (typeof v === 'string') {
    if (k instanceof PySlice) return sliceSeq([...v], k).join('');
    return v[normIndex(k, v.length, 'string')];
  }
  if (isDict(v)) {
    if (typeof k === 'string' && Object.hasOwn(v, k)) return v[k];
    throw new PyException(E.KeyError, [k]);
  }
  if (arrayOps.isArray?.(v)) return arrayOps.getitem(v, k);
  if (typeof v?.pyGetitem === 'function') return v.pyGetitem(k);
  throw pyErr('TypeError', `'${typeOf(v).name}' object is not subscriptable`);
}

export function setitem(v, k, x) {
  if (isList(v)) {
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(k, v.length);
      if (step !== 1) throw pyErr('NotImplementedError', "jaxplay's Python does not support extended slice assignment yet");
      v.splice(start, Math.max(0, stop - start), ...iterate(x));
      return;
    }
    v[normIndex(k, v.length, 'list assignment')] = x;
    return;
  }
  if (isDict(v)) { v[dictKey(k)] = x; return; }
  if (arrayOps.isArray?.(v)) { arrayOps.setitem(v, k, x); return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object does not support item assignment`);
}

export function delitem(v, k) {
  if (isList(v)) { v.splice(normIndex(k, v.length, 'list assignment'), 1); return; }
  if (isDict(v)) {
    if (!(typeof k === 'string' && Object.hasOwn(v, k))) throw new PyException(E.KeyError, [k]);
    delete v[k];
    return;
  }
  throw pyErr('TypeError', `'${typeOf(v).name}' object does not support item deletion`);
}

// ------------------------------------------------------------------ format specs (f-strings, format())

/** `format(value, spec)` for the common mini-language: fill/align, sign, width, precision, type. */
export function formatSpec(v, spec, useRepr = false) {
  if (!spec) return useRepr ? repr(v) : str(v);
  const m = /^(?:(.)?([<>^=]))?([-+ ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/.exec(spec);
  if (!m) throw pyErr('ValueError', `Invalid format specifier '${spec}' for object of type '${typeOf(v).name}'`);
  const [, fillCh, align, sign = '-', , zero, width, grouping, precision, type] = m;
  let body;
  let num = numberOf(v);
  if (num === undefined && arrayOps.isArray?.(v) && type) num = arrayOps.scalar(v, 'float');
  if (type && num !== undefined) {
    const p = precision === undefined ? 6 : Number(precision);
    const abs = Math.abs(num);
    switch (type) {
      case 'f': case 'F': body = abs.toFixed(p); break;
      case 'e': case 'E': body = abs.toExponential(p).replace(/e([+-])(\d)$/, 'e$10$2'); break;
      case '%': body = `${(abs * 100).toFixed(p)}%`; break;
      case 'g': case 'G': case 'n': {
        const q = p === 0 ? 1 : p;
        const exp = abs === 0 ? 0 : Math.floor(Math.log10(abs));
        body = exp < -4 || exp >= q
          ? abs.toExponential(q - 1).replace(/\.?0+e/, 'e').replace(/e([+-])(\d)$/, 'e$10$2')
          : String(Number(abs.toPrecision(q)));
        break;
      }
      case 'd': body = String(Math.trunc(abs)); break;
      case 'x': body = Math.trunc(abs).toString(16); break;
      case 'X': body = Math.trunc(abs).toString(16).toUpperCase(); break;
      case 'o': body = Math.trunc(abs).toString(8); break;
      case 'b': body = Math.trunc(abs).toString(2); break;
      default: body = str(v);
    }
    if (grouping) body = body.replace(/^(\d+)/, (d) => d.replace(/\B(?=(\d{3})+(?!\d))/g, grouping));
    const neg = num < 0 || Object.is(num, -0);
    body = (neg ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '') + body;
  } else if (num !== undefined && !type) {
    body = str(v);
    if (precision !== undefined && v instanceof PyFloat) body = String(Number(v.v.toPrecision(Number(precision))));
    if (sign === '+' && num >= 0) body = `+${body}`;
  } else {
    body = useRepr ? repr(v) : str(v);
    if (precision !== undefined) body = body.slice(0, Number(precision));
  }
  const w = Number(width ?? 0);
  if (body.length >= w) return body;
  const fill = fillCh ?? (zero ? '0' : ' ');
  const al = align ?? (zero ? '=' : num !== undefined ? '>' : '<');
  const pad = w - body.length;
  if (al === '<') return body + fill.repeat(pad);
  if (al === '>') return fill.repeat(pad) + body;
  if (al === '^') return fill.repeat(Math.floor(pad / 2)) + body + fill.repeat(Math.ceil(pad / 2));
  const s = /^[-+ ]/.test(body) ? body[0] : '';
  return s + fill.repeat(pad) + body.slice(s.length);
}
