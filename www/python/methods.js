// Methods of the built-in types other than str (objects.js): list and tuple, dict (and its
// `keys()`/`values()`/`items()` views, live as in Python), set and frozenset, int and float;
// and the stable sort behind `sorted` and `list.sort` (`key=`, `reverse=` keeping equal items
// in their order, as CPython's sort does).

import {
  PyTuple, PyType, PyException, E, pyErr, float, builtin, PyFloat, NOT_IMPLEMENTED,
} from './types.js';
import {
  PyDict, PySet, T, isTuple, isDict, typeOf, repr, iterate, eq, truthy, compare, binop, call, setOf, guarded,
  dictGet, dictSet, dictDelete, dictSize, dictEntries, dictUpdate, numberOf,
} from './runtime.js';
import { isIntLike } from './numbers.js';

const method = (name, fn) => builtin(name, fn);

export function noKw(name, kw) {
  if (kw && Object.keys(kw).length) throw pyErr('TypeError', `${name}() takes no keyword arguments`);
}

/** `[k for k in ...]` positions: Python's `list.index(x, start, stop)` bounds. */
function bounds(n, start = 0, stop = n) {
  const clamp = (i) => Math.min(Math.max(Number(i) < 0 ? Number(i) + n : Number(i), 0), n);
  return [clamp(start), clamp(stop)];
}

const same = (a, b) => a === b || truthy(eq(a, b));

/** list (and tuple: `index`, `count`) methods, as `(self, args, kw)` (one table, not one per call). */
const LIST = {
  append: (self, [x]) => { self.push(x); return null; },
  extend: (self, [xs]) => { self.push(...iterate(xs)); return null; },
  pop: (self, [i = -1]) => {
    if (self.length === 0) throw pyErr('IndexError', 'pop from empty list');
    const k = i < 0 ? self.length + Number(i) : Number(i);
    if (k < 0 || k >= self.length) throw pyErr('IndexError', 'pop index out of range');
    return self.splice(k, 1)[0];
  },
  insert: (self, [i, x]) => { self.splice(i < 0 ? Math.max(0, self.length + Number(i)) : Number(i), 0, x); return null; },
  remove: (self, [x]) => {
    const k = self.findIndex((y) => same(y, x));
    if (k < 0) throw pyErr('ValueError', 'list.remove(x): x not in list');
    self.splice(k, 1);
    return null;
  },
  index: (self, [x, start, stop]) => {
    const [a, b] = bounds(self.length, start, stop);
    for (let k = a; k < b; k++) if (same(self[k], x)) return k;
    throw pyErr('ValueError', isTuple(self) ? 'tuple.index(x): x not in tuple' : `${repr(x)} is not in list`);
  },
  count: (self, [x]) => self.filter((y) => same(y, x)).length,
  clear: (self) => { self.length = 0; return null; },
  copy: (self) => [...self],
  reverse: (self) => { self.reverse(); return null; },
  sort: (self, args, kw) => {
    if (args.length) throw pyErr('TypeError', 'sort() takes no positional arguments');
    sortInPlace(self, kw);
    return null;
  },
};

function listMethod(self, name) {
  if (!Object.hasOwn(LIST, name) || (isTuple(self) && name !== 'index' && name !== 'count')) return undefined;
  const f = LIST[name];
  return method(name, (args, kw) => f(self, args, kw));
}

/** Sorts `list` in place by `kw.key`, stably; `kw.reverse` keeps equal items in their order. */
export function sortInPlace(list, kw = {}) {
  for (const k of Object.keys(kw)) {
    if (k !== 'key' && k !== 'reverse') throw pyErr('TypeError', `'${k}' is an invalid keyword argument for sort()`);
  }
  const key = kw.key !== undefined && kw.key !== null ? (x) => call(kw.key, [x]) : (x) => x;
  const keyed = list.map((x) => [key(x), x]);
  const less = (a, b) => truthy(compare('<', a, b));
  const sign = kw.reverse && truthy(kw.reverse) ? -1 : 1;
  keyed.sort(([a], [b]) => (less(a, b) ? -sign : less(b, a) ? sign : 0));
  list.splice(0, list.length, ...keyed.map(([, x]) => x));
  return list;
}

// ------------------------------------------------------------------ sets

function setMethod(self, name) {
  const others = (xs) => xs.map((x) => (x instanceof PySet ? x : setOf(iterate(x))));
  const fold = (op) => (xs) => others(xs).reduce((acc, x) => binop(op, acc, x), setOf(self.values(), self.frozen));
  const inPlace = (op) => (xs) => {
    const r = fold(op)(xs);
    self.clear();
    for (const x of r.values()) self.add(x);
    return null;
  };
  const m = {
    union: fold('|'),
    intersection: fold('&'),
    difference: fold('-'),
    symmetric_difference: ([x]) => binop('^', self, others([x])[0]),
    issubset: ([x]) => compare('<=', self, others([x])[0]),
    issuperset: ([x]) => compare('>=', self, others([x])[0]),
    isdisjoint: ([x]) => [...iterate(x)].every((y) => !self.has(y)),
    copy: () => setOf(self.values(), self.frozen),
  };
  if (!self.frozen) {
    Object.assign(m, {
      add: ([x]) => { self.add(x); return null; },
      update: (xs) => { for (const x of xs) for (const y of iterate(x)) self.add(y); return null; },
      intersection_update: inPlace('&'),
      difference_update: inPlace('-'),
      symmetric_difference_update: ([x]) => inPlace('^')([x]),
      discard: ([x]) => { self.delete(x); return null; },
      remove: ([x]) => {
        if (!self.delete(x)) throw new PyException(E.KeyError, [x]);
        return null;
      },
      pop: () => {
        const first = self.values().next();
        if (first.done) throw pyErr('KeyError', 'pop from an empty set');
        self.delete(first.value);
        return first.value;
      },
      clear: () => { self.clear(); return null; },
    });
  }
  return Object.hasOwn(m, name) ? method(name, (args, kw) => { noKw(name, kw); return m[name](args); }) : undefined;
}

// ------------------------------------------------------------------ dicts

const viewTypes = Object.fromEntries(['keys', 'values', 'items'].map((k) => [k, new PyType(`dict_${k}`)]));

/** `d.keys()`, `d.values()`, `d.items()`: live views of the dict, as in Python. */
export class DictView {
  constructor(dict, kind) {
    this.dict = dict;
    this.kind = kind;
  }

  get pyType() { return viewTypes[this.kind]; }

  get pyUnhashable() { return true; }

  * pyIter() {
    const d = this.dict;
    if (this.kind === 'keys') { yield* iterate(d); return; }
    const table = d instanceof PyDict ? d : { get size() { return dictSize(d); } };
    if (this.kind === 'values') { for (const [, v] of guarded(table, dictEntries(d), 'dictionary')) yield v; return; }
    for (const [k, v] of guarded(table, dictEntries(d), 'dictionary')) yield PyTuple.of(k, v);
  }

  pyLen() { return dictSize(this.dict); }

  pyContains(x) {
    if (this.kind === 'keys') return dictGet(this.dict, x) !== undefined;
    if (this.kind === 'items') {
      if (!isTuple(x) || x.length !== 2) return false;
      const v = dictGet(this.dict, x[0]);
      return v !== undefined && same(v, x[1]);
    }
    for (const v of this.pyIter()) if (same(v, x)) return true;
    return false;
  }

  pyRepr(seen) { return `dict_${this.kind}([${Array.from(this.pyIter(), (x) => repr(x, seen)).join(', ')}])`; }

  /** Keys and items views are set-like: `d.keys() & other` is a set. */
  pyBinop(op, other) {
    if (this.kind === 'values' || !'&|-^'.includes(op)) return NOT_IMPLEMENTED;
    return binop(op, setOf(this.pyIter()), other instanceof PySet ? other : setOf(iterate(other)));
  }

  pyEq(other) {
    if (this.kind === 'values') return this === other;
    if (!(other instanceof PySet || (other instanceof DictView && other.kind !== 'values'))) return false;
    return truthy(eq(setOf(this.pyIter()), other instanceof PySet ? other : setOf(other.pyIter())));
  }
}

/** The dict's last entry, removed (`popitem()`). */
function popLast(self) {
  let last;
  for (const e of dictEntries(self)) last = e;
  if (!last) throw pyErr('KeyError', 'popitem(): dictionary is empty');
  dictDelete(self, last[0]);
  return PyTuple.of(last[0], last[1]);
}

/** dict methods, as `(self, args, kw)`; `self` a PyDict or a JS object from `globals`. */
const DICT = {
  keys: (self) => new DictView(self, 'keys'),
  values: (self) => new DictView(self, 'values'),
  items: (self) => new DictView(self, 'items'),
  get: (self, [k, d = null]) => {
    const v = dictGet(self, k);
    return v === undefined ? d : v;
  },
  pop: (self, [k, d]) => {
    const e = dictDelete(self, k);
    if (e !== undefined) return e.v;
    if (d === undefined) throw new PyException(E.KeyError, [k]);
    return d;
  },
  popitem: (self) => popLast(self),
  setdefault: (self, [k, d = null]) => {
    const v = dictGet(self, k);
    if (v !== undefined) return v;
    dictSet(self, k, d);
    return d;
  },
  update: (self, [other], kw) => { dictUpdate(self, other, kw); return null; },
  copy: (self) => (typeof self.pyCopy === 'function' ? self.pyCopy() : dictUpdate(new PyDict(), self)),
  clear: (self) => {
    if (self instanceof PyDict) self.clear(); else for (const k of Object.keys(self)) delete self[k];
    return null;
  },
  fromkeys: (self, [keys, v = null]) => dictFromKeys(keys, v),
};

function dictMethod(self, name) {
  if (!Object.hasOwn(DICT, name)) return undefined;
  const f = DICT[name];
  return method(name, (args, kw) => {
    if (name !== 'update') noKw(name, kw);
    return f(self, args, kw);
  });
}

export const dictFromKeys = (keys, v = null) => {
  const d = new PyDict();
  for (const k of iterate(keys)) d.set(k, v);
  return d;
};
T.dict.attrs.fromkeys = builtin('fromkeys', ([keys, v = null]) => dictFromKeys(keys, v));

// ------------------------------------------------------------------ numbers

function intMethod(self, name) {
  const n = typeof self === 'boolean' ? Number(self) : self;
  switch (name) {
    case 'bit_length': return method(name, () => (n === 0 ? 0 : (typeof n === 'bigint' ? (n < 0n ? -n : n) : BigInt(Math.abs(n))).toString(2).length));
    case 'conjugate': return method(name, () => n);
    case 'real': case 'numerator': return n;
    case 'imag': return 0;
    case 'denominator': return 1;
    default: return undefined;
  }
}

function floatMethod(self, name) {
  const v = self.v;
  switch (name) {
    case 'is_integer': return method(name, () => Number.isInteger(v));
    case 'real': return self;
    case 'imag': return float(0);
    case 'conjugate': return method(name, () => self);
    case 'as_integer_ratio': return method(name, () => {
      if (!Number.isFinite(v)) throw pyErr(Number.isNaN(v) ? 'ValueError' : 'OverflowError', `cannot convert ${Number.isNaN(v) ? 'NaN' : 'Infinity'} to integer ratio`);
      let [num, den] = [v, 1];
      while (!Number.isInteger(num)) { num *= 2; den *= 2; }
      return PyTuple.of(num, den);
    });
    default: return undefined;
  }
}

/** The method `name` of a list, tuple, dict, set or number (str: objects.js), or undefined. */
export function builtinMethod(o, name) {
  if (Array.isArray(o)) return listMethod(o, name);
  if (isDict(o)) return dictMethod(o, name);
  if (o instanceof PySet) return setMethod(o, name);
  if (isIntLike(o)) return intMethod(o, name);
  if (o instanceof PyFloat || (typeof o === 'number')) return floatMethod(o instanceof PyFloat ? o : float(numberOf(o)), name);
  return undefined;
}
