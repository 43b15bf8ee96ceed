// Python's `collections` as learners use it: `namedtuple` (a class whose instances are tuples,
// subclassable), `defaultdict`, `Counter` (with `most_common`, arithmetic), `OrderedDict`
// (dicts with their own repr and extra methods) and `deque`. Reprs follow CPython 3.11.

import {
  PyTuple, PyType, PyModule, builtin, pyErr, E, NOT_IMPLEMENTED, PyException,
} from './types.js';
import {
  PyDict, T, repr, iterate, truthy, eq, compare, binop, isDict, dictEntries, dictUpdate, call,
} from './runtime.js';
import {
  NativeFunction, StaticMethod, ClassMethod, Property, bindParams, construct,
} from './classes.js';

const fn = (name, f) => builtin(name, f);
const native = (name, f, qualname) => new NativeFunction(name, f, qualname);
const collectionsType = (name, call) => {
  const t = new PyType(name, { bases: [T.dict], module: 'collections', call });
  t.final = true;
  return t;
};

// ------------------------------------------------------------------ namedtuple

/** `namedtuple('Point', 'x y', defaults=...)`: a tuple class with named fields. */
export function namedtuple([typename, fieldNames], kw = {}) {
  const fields = typeof fieldNames === 'string' ? fieldNames.replace(/,/g, ' ').split(/\s+/).filter(Boolean) : [...iterate(fieldNames)];
  for (const f of [typename, ...fields]) {
    if (typeof f !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(f)) throw pyErr('ValueError', `Type names and field names must be valid identifiers: ${repr(f)}`);
  }
  const defaultsList = kw.defaults === undefined || kw.defaults === null ? [] : [...iterate(kw.defaults)];
  if (defaultsList.length > fields.length) throw pyErr('TypeError', 'Got more default values than field names');
  const defaults = new Map(fields.slice(fields.length - defaultsList.length).map((f, i) => [f, defaultsList[i]]));
  const make = (cls, values) => {
    const t = PyTuple.from(values);
    t.pyClass = cls;
    return t;
  };
  const attrs = Object.create(null);
  attrs.__new__ = new StaticMethod(native('__new__', ([cls, ...args], kwargs) => make(cls, bindParams(`${typename}.__new__`, fields, defaults, args, kwargs)), `${typename}.__new__`));
  fields.forEach((f, i) => {
    const p = new Property(native(f, ([self]) => self[i]));
    p.readOnly = true;
    attrs[f] = p;
  });
  attrs._fields = PyTuple.from(fields);
  attrs._field_defaults = PyDict.of(defaults);
  attrs.__repr__ = native('__repr__', ([self]) => `${self.pyClass.name}(${fields.map((f, i) => `${f}=${repr(self[i])}`).join(', ')})`);
  attrs._asdict = native('_asdict', ([self]) => PyDict.of(fields.map((f, i) => [f, self[i]])));
  attrs._replace = native('_replace', ([self], changes) => {
    const values = fields.map((f, i) => (Object.hasOwn(changes, f) ? changes[f] : self[i]));
    const extra = Object.keys(changes).filter((k) => !fields.includes(k));
    if (extra.length) throw pyErr('ValueError', `Got unexpected field names: ${repr(extra)}`);
    return make(self.pyClass, values);
  });
  attrs._make = new ClassMethod(native('_make', ([cls, items]) => {
    const values = [...iterate(items)];
    if (values.length !== fields.length) throw pyErr('TypeError', `Expected ${fields.length} arguments, got ${values.length}`);
    return make(cls, values);
  }));
  attrs.__module__ = '__main__';
  const cls = new PyType(typename, { bases: [T.tuple], module: '__main__', attrs });
  cls.user = true;
  cls.newInstance = (c, args) => make(c, args);
  cls.callImpl = (args, kw) => construct(cls, args, kw);
  return cls;
}

// ------------------------------------------------------------------ dict subclasses

const DefaultDictType = collectionsType('defaultdict', ([factory = null, ...rest], kw) => {
  if (factory !== null && !isCallableValue(factory)) throw pyErr('TypeError', 'first argument must be callable or None');
  return dictUpdate(new DefaultDict(factory), rest[0], kw);
});

let isCallableValue = () => true;
/** Set by stdlib.js (objects.js's isCallable), which this module must not import. */
export const setCallableTest = (f) => { isCallableValue = f; };

class DefaultDict extends PyDict {
  constructor(factory) {
    super();
    this.factory = factory;
  }

  get pyType() { return DefaultDictType; }

  missing(k) {
    if (this.factory === null) return undefined;
    const v = call(this.factory, []);
    this.set(k, v);
    return v;
  }

  pyCopy() { return dictUpdate(new DefaultDict(this.factory), this); }

  pyGetattr(name) {
    if (name === 'default_factory') return this.factory;
    if (name === 'copy') return fn('copy', () => this.pyCopy());
    return undefined;
  }

  pyRepr(seen) { return `defaultdict(${repr(this.factory)}, ${plainRepr(this, seen)})`; }
}

/** A dict's `{k: v, ...}` text (its subclasses wrap it in their own). */
function plainRepr(d, seen) {
  if (seen.has(d)) return '{...}';
  seen.add(d);
  try {
    return `{${Array.from(dictEntries(d), ([k, v]) => `${repr(k, seen)}: ${repr(v, seen)}`).join(', ')}}`;
  } finally {
    seen.delete(d);
  }
}

const CounterType = collectionsType('Counter', ([x], kw) => new Counter().addFrom(x, kw, 1));

class Counter extends PyDict {
  get pyType() { return CounterType; }

  missing() { return 0; }

  /** Adds (sign 1) or subtracts (-1) counts from an iterable, a mapping or keywords. */
  addFrom(x, kw, sign) {
    if (x !== undefined && x !== null) {
      if (isDict(x)) for (const [k, v] of dictEntries(x)) this.set(k, binop(sign > 0 ? '+' : '-', this.get(k) ?? 0, v));
      else for (const k of iterate(x)) this.set(k, binop(sign > 0 ? '+' : '-', this.get(k) ?? 0, 1));
    }
    for (const [k, v] of Object.entries(kw ?? {})) this.set(k, binop(sign > 0 ? '+' : '-', this.get(k) ?? 0, v));
    return this;
  }

  /** Items by count, largest first; equal counts in insertion order. */
  ordered() {
    const items = [...this.entries()];
    const byCount = items.map((e, i) => [e, i]);
    byCount.sort(([a, i], [b, j]) => (truthy(compare('>', a[1], b[1])) ? -1 : truthy(compare('<', a[1], b[1])) ? 1 : i - j));
    return byCount.map(([e]) => e);
  }

  pyCopy() { return new Counter().addFrom(this, null, 1); }

  pyGetattr(name) {
    const m = {
      most_common: ([n = null]) => {
        const items = this.ordered().map(([k, v]) => PyTuple.of(k, v));
        return n === null ? items : items.slice(0, Math.max(0, Number(n)));
      },
      elements: () => {
        const out = [];
        for (const [k, v] of this.entries()) for (let i = 0; i < Number(v); i++) out.push(k);
        return out;
      },
      update: ([x], kw) => { this.addFrom(x, kw, 1); return null; },
      subtract: ([x], kw) => { this.addFrom(x, kw, -1); return null; },
      total: () => [...this.values()].reduce((a, b) => binop('+', a, b), 0),
      copy: () => this.pyCopy(),
    };
    return Object.hasOwn(m, name) ? fn(name, m[name]) : undefined;
  }

  pyRepr(seen) {
    if (this.size === 0) return 'Counter()';
    return `Counter({${this.ordered().map(([k, v]) => `${repr(k, seen)}: ${repr(v, seen)}`).join(', ')}})`;
  }

  /** `+`, `-`, `|`, `&` of Counters: only positive counts are kept. */
  pyBinop(op, other) {
    if (!(other instanceof Counter) || !'+-|&'.includes(op)) return NOT_IMPLEMENTED;
    const out = new Counter();
    const keys = [...this.keys(), ...[...other.keys()].filter((k) => !this.has(k))];
    for (const k of keys) {
      const [a, b] = [this.get(k) ?? 0, other.get(k) ?? 0];
      const v = op === '+' ? binop('+', a, b) : op === '-' ? binop('-', a, b)
        : op === '|' ? (truthy(compare('<', a, b)) ? b : a) : (truthy(compare('<', a, b)) ? a : b);
      if (truthy(compare('>', v, 0))) out.set(k, v);
    }
    return out;
  }
}

const OrderedDictType = collectionsType('OrderedDict', ([x], kw) => dictUpdate(new OrderedDict(), x, kw));

class OrderedDict extends PyDict {
  get pyType() { return OrderedDictType; }

  pyCopy() { return dictUpdate(new OrderedDict(), this); }

  pyGetattr(name) {
    if (name === 'move_to_end') {
      return fn(name, ([k, last = true]) => {
        const e = this.delete(k);
        if (e === undefined) throw new PyException(E.KeyError, [k]);
        if (truthy(last)) this.set(e.k, e.v);
        else {
          const rest = [...this.entries()];
          this.clear();
          this.set(e.k, e.v);
          for (const [rk, rv] of rest) this.set(rk, rv);
        }
        return null;
      });
    }
    if (name === 'popitem') {
      return fn(name, ([last = true], kw) => {
        const entries = [...this.entries()];
        if (!entries.length) throw pyErr('KeyError', 'dictionary is empty');
        const [k, v] = truthy(kw.last ?? last) ? entries[entries.length - 1] : entries[0];
        this.delete(k);
        return PyTuple.of(k, v);
      });
    }
    if (name === 'copy') return fn('copy', () => this.pyCopy());
    return undefined;
  }

  pyRepr(seen) {
    if (this.size === 0) return 'OrderedDict()';
    return `OrderedDict([${Array.from(this.entries(), ([k, v]) => `(${repr(k, seen)}, ${repr(v, seen)})`).join(', ')}])`;
  }
}

// ------------------------------------------------------------------ deque

const DequeType = new PyType('deque', { module: 'collections', call: ([items = [], maxlen = null], kw) => new Deque(items, kw.maxlen ?? maxlen) });
DequeType.final = true;

class Deque {
  constructor(items, maxlen) {
    if (maxlen !== null && (typeof maxlen !== 'number' || maxlen < 0)) throw pyErr('ValueError', 'maxlen must be non-negative');
    this.items = [];
    this.maxlen = maxlen;
    for (const x of iterate(items)) this.push(x);
  }

  get pyType() { return DequeType; }

  get pyUnhashable() { return true; }

  push(x) {
    this.items.push(x);
    if (this.maxlen !== null && this.items.length > this.maxlen) this.items.shift();
  }

  unshift(x) {
    this.items.unshift(x);
    if (this.maxlen !== null && this.items.length > this.maxlen) this.items.pop();
  }

  pyIter() { return this.items[Symbol.iterator](); }

  pyLen() { return this.items.length; }

  pyContains(x) { return this.items.some((y) => y === x || truthy(eq(y, x))); }

  index(k) {
    const n = this.items.length;
    const i = Number(k) < 0 ? Number(k) + n : Number(k);
    if (!Number.isInteger(i) || i < 0 || i >= n) throw pyErr('IndexError', 'deque index out of range');
    return i;
  }

  pyGetitem(k) { return this.items[this.index(k)]; }

  pySetitem(k, v) { this.items[this.index(k)] = v; }

  pyDelitem(k) { this.items.splice(this.index(k), 1); }

  pyEq(other) { return other instanceof Deque && truthy(eq(this.items, other.items)); }

  pyRepr(seen) {
    const body = `[${this.items.map((x) => repr(x, seen)).join(', ')}]`;
    return this.maxlen === null ? `deque(${body})` : `deque(${body}, maxlen=${this.maxlen})`;
  }

  pyGetattr(name) {
    const empty = () => pyErr('IndexError', 'pop from an empty deque');
    const m = {
      append: ([x]) => { this.push(x); return null; },
      appendleft: ([x]) => { this.unshift(x); return null; },
      pop: () => { if (!this.items.length) throw empty(); return this.items.pop(); },
      popleft: () => { if (!this.items.length) throw empty(); return this.items.shift(); },
      extend: ([xs]) => { for (const x of [...iterate(xs)]) this.push(x); return null; },
      extendleft: ([xs]) => { for (const x of [...iterate(xs)]) this.unshift(x); return null; },
      rotate: ([n = 1]) => {
        const k = this.items.length ? ((Number(n) % this.items.length) + this.items.length) % this.items.length : 0;
        if (k) this.items.unshift(...this.items.splice(this.items.length - k, k));
        return null;
      },
      clear: () => { this.items.length = 0; return null; },
      count: ([x]) => this.items.filter((y) => truthy(eq(y, x))).length,
      index: ([x]) => {
        const i = this.items.findIndex((y) => truthy(eq(y, x)));
        if (i < 0) throw pyErr('ValueError', `${repr(x)} is not in deque`);
        return i;
      },
      remove: ([x]) => {
        const i = this.items.findIndex((y) => truthy(eq(y, x)));
        if (i < 0) throw pyErr('ValueError', `${repr(x)} is not in deque`);
        this.items.splice(i, 1);
        return null;
      },
      insert: ([i, x]) => { this.items.splice(Number(i), 0, x); return null; },
      reverse: () => { this.items.reverse(); return null; },
      copy: () => new Deque(this.items, this.maxlen),
    };
    if (name === 'maxlen') return this.maxlen;
    return Object.hasOwn(m, name) ? fn(name, m[name]) : undefined;
  }
}

export function makeCollections() {
  return new PyModule('collections', {
    namedtuple: fn('namedtuple', namedtuple),
    defaultdict: DefaultDictType,
    Counter: CounterType,
    OrderedDict: OrderedDictType,
    deque: DequeType,
  });
}
