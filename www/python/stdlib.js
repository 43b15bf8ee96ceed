// The standard-library modules a learner imports besides jax and numpy: `functools` (partial,
// reduce, wraps, lru_cache/cache, total_ordering, cmp_to_key), `operator`, `contextlib`
// (contextmanager, suppress, nullcontext), `time` (perf_counter for timing a callback against
// native JAX), `typing` (names for annotations, which are not checked), `abc` (ABC and
// abstractmethod) and, from their own files, `math`, `itertools`, `collections` and
// `dataclasses`.

import {
  PyTuple, PyType, PyModule, builtin, pyErr, float, NOT_IMPLEMENTED, ELLIPSIS,
} from './types.js';
import {
  PyDict, T, userOps, truthy, binop, unary, compare, getitem, setitem, delitem, repr, iterate, call, typeOf, isTuple,
  DONE, isinstance, len, dictUpdate,
} from './runtime.js';
import { getattr, setattr, isCallable } from './objects.js';
import { NativeFunction, PyInstance, makeClass } from './classes.js';
import { absOf } from './builtins.js';
import { PyGenerator } from './generators.js';
import { makeMath } from './pymath.js';
import { makeItertools } from './itertools.js';
import { makeCollections, namedtuple, setCallableTest } from './collections.js';
import { makeDataclasses } from './dataclasses.js';

setCallableTest(isCallable);

const fn = (name, f, attrs) => builtin(name, f, attrs);
const module = (name, fns, extra = {}, missing = {}) => new PyModule(name, {
  ...Object.fromEntries(Object.entries(fns).map(([k, f]) => [k, fn(k, f)])),
  ...extra,
}, missing);

// ------------------------------------------------------------------ functools

function partial([f, ...bound], boundKw) {
  if (!isCallable(f)) throw pyErr('TypeError', 'the first argument must be callable');
  const p = fn(f?.name ?? 'partial', (args, kw) => call(f, [...bound, ...args], { ...boundKw, ...kw }));
  p.attrs = { func: f, args: PyTuple.from(bound), keywords: PyDict.of(Object.entries(boundKw)) };
  p.reprText = `functools.partial(${[repr(f), ...bound.map((x) => repr(x)), ...Object.entries(boundKw).map(([k, v]) => `${k}=${repr(v)}`)].join(', ')})`;
  return p;
}

/** Copies a function's name, qualname, doc and module onto its wrapper (`functools.wraps`). */
function updateWrapper(wrapper, wrapped) {
  for (const name of ['__module__', '__name__', '__qualname__', '__doc__']) {
    let v;
    try {
      v = getattr(wrapped, name);
    } catch {
      continue;
    }
    if (name === '__module__') continue;
    if (v !== null || name === '__doc__') setattr(wrapper, name, v);
  }
  setattr(wrapper, '__wrapped__', wrapped);
  return wrapper;
}

let CacheInfo = null;

function lruCache(f, maxsize) {
  const cache = new PyDict();
  let [hits, misses] = [0, 0];
  const KW = {};
  const wrapper = new NativeFunction(f.name ?? 'wrapper', (args, kw) => {
    const kwItems = Object.entries(kw).flat();
    const key = PyTuple.from(kwItems.length ? [...args, KW, ...kwItems] : args);
    const hit = cache.get(key);
    if (hit !== undefined) {
      hits += 1;
      if (maxsize !== null) {
        cache.delete(key);
        cache.set(key, hit);
      }
      return hit;
    }
    misses += 1;
    const v = call(f, args, kw);
    if (maxsize === null || maxsize > 0) {
      cache.set(key, v);
      if (maxsize !== null && cache.size > maxsize) cache.delete(cache.keys().next().value);
    }
    return v;
  }, f.qualname ?? f.name);
  CacheInfo ??= namedtuple(['CacheInfo', ['hits', 'misses', 'maxsize', 'currsize']]);
  wrapper.attrs = {
    cache_info: fn('cache_info', () => call(CacheInfo, [hits, misses, maxsize, cache.size])),
    cache_clear: fn('cache_clear', () => { cache.clear(); [hits, misses] = [0, 0]; return null; }),
    __wrapped__: f,
  };
  if (f.doc !== undefined) wrapper.doc = f.doc;
  return wrapper;
}

/** `@lru_cache`, `@lru_cache()`, `@lru_cache(maxsize=None)`. */
function lruCacheDecorator([x = 128], kw) {
  if (x !== null && typeof x !== 'number' && isCallable(x)) return lruCache(x, 128);
  const maxsize = kw.maxsize !== undefined ? kw.maxsize : x;
  if (maxsize !== null && !Number.isInteger(maxsize)) throw pyErr('TypeError', 'Expected first argument to be an integer, a callable, or None');
  return fn('decorating_function', ([f]) => lruCache(f, maxsize === null ? null : Math.max(0, maxsize)));
}

/** `functools.total_ordering`: the comparisons a class lacks, from the one it defines and __eq__. */
function totalOrdering([cls]) {
  const ops = ['__lt__', '__le__', '__gt__', '__ge__'];
  const roots = ops.filter((op) => Object.hasOwn(cls.attrs, op) && cls.attrs[op] !== null);
  if (!roots.length) throw pyErr('ValueError', 'must define at least one ordering operation: < > <= >=');
  const root = roots.includes('__lt__') ? '__lt__' : roots.includes('__le__') ? '__le__' : roots.includes('__gt__') ? '__gt__' : '__ge__';
  const op = { __lt__: '<', __le__: '<=', __gt__: '>', __ge__: '>=' }[root];
  const base = (a, b) => {
    const r = call(getattr(a, root), [b]);
    return r === NOT_IMPLEMENTED ? r : truthy(r);
  };
  const eqOf = (a, b) => truthy(compare('==', a, b));
  // Each derived comparison in terms of the root one (as functools' _convert table).
  const derive = {
    '<': { __le__: (r, a, b) => r || eqOf(a, b), __gt__: (r, a, b) => !r && !eqOf(a, b), __ge__: (r) => !r },
    '<=': { __lt__: (r, a, b) => r && !eqOf(a, b), __gt__: (r) => !r, __ge__: (r, a, b) => !r || eqOf(a, b) },
    '>': { __lt__: (r, a, b) => !r && !eqOf(a, b), __ge__: (r, a, b) => r || eqOf(a, b), __le__: (r) => !r },
    '>=': { __le__: (r, a, b) => !r || eqOf(a, b), __gt__: (r, a, b) => r && !eqOf(a, b), __lt__: (r) => !r },
  }[op];
  for (const [name, f] of Object.entries(derive)) {
    if (roots.includes(name)) continue;
    cls.attrs[name] = new NativeFunction(name, ([a, b]) => {
      const r = base(a, b);
      return r === NOT_IMPLEMENTED ? r : f(r, a, b);
    }, `${cls.name}.${name}`);
  }
  return cls;
}

let KeyClass = null;

/** `functools.cmp_to_key(cmp)`: keys that compare by calling cmp. */
function cmpToKey([cmp]) {
  if (!KeyClass) {
    const by = (test) => new NativeFunction('cmp', ([a, b]) => test(Number(call(a.cmp, [a.dict.get('obj'), b.dict.get('obj')]))));
    KeyClass = makeClass('K', [], new Map([
      ['__lt__', by((r) => r < 0)], ['__gt__', by((r) => r > 0)], ['__le__', by((r) => r <= 0)],
      ['__ge__', by((r) => r >= 0)], ['__eq__', by((r) => r === 0)],
    ]), { module: 'functools' });
  }
  return fn('K', ([obj]) => {
    const k = new PyInstance(KeyClass);
    k.dict.set('obj', obj);
    k.cmp = cmp;
    return k;
  });
}

function makeFunctools() {
  return module('functools', {
    partial,
    reduce: ([f, xs, ...init]) => {
      const it = iterate(xs);
      let acc;
      if (init.length) acc = init[0];
      else {
        const first = it.next();
        if (first.done) throw pyErr('TypeError', 'reduce() of empty iterable with no initial value');
        acc = first.value;
      }
      for (const x of it) acc = call(f, [acc, x]);
      return acc;
    },
    wraps: ([wrapped]) => fn('update_wrapper', ([wrapper]) => updateWrapper(wrapper, wrapped)),
    update_wrapper: ([wrapper, wrapped]) => updateWrapper(wrapper, wrapped),
    lru_cache: lruCacheDecorator,
    cache: ([f]) => lruCache(f, null),
    total_ordering: totalOrdering,
    cmp_to_key: cmpToKey,
  }, {}, { cached_property: 'jaxplay has no cached_property yet (a @property works)', singledispatch: 'jaxplay has no singledispatch yet' });
}

// ------------------------------------------------------------------ operator

function attrgetter(names) {
  const one = (o, path) => path.split('.').reduce((v, n) => getattr(v, n), o);
  return fn('attrgetter', ([o]) => (names.length === 1 ? one(o, names[0]) : PyTuple.from(names.map((n) => one(o, n)))));
}

function makeOperator() {
  const bin = (op) => ([a, b]) => binop(op, a, b);
  const cmp = (op) => ([a, b]) => compare(op, a, b);
  return module('operator', {
    add: bin('+'), sub: bin('-'), mul: bin('*'), truediv: bin('/'), floordiv: bin('//'), mod: bin('%'), pow: bin('**'),
    matmul: bin('@'), and_: bin('&'), or_: bin('|'), xor: bin('^'), lshift: bin('<<'), rshift: bin('>>'),
    concat: bin('+'),
    neg: ([a]) => unary('-', a), pos: ([a]) => unary('+', a), invert: ([a]) => unary('~', a), not_: ([a]) => !truthy(a),
    truth: ([a]) => truthy(a), abs: ([a]) => absOf(a),
    eq: cmp('=='), ne: cmp('!='), lt: cmp('<'), le: cmp('<='), gt: cmp('>'), ge: cmp('>='),
    is_: ([a, b]) => compare('is', a, b), is_not: ([a, b]) => compare('is not', a, b),
    contains: ([a, b]) => compare('in', b, a),
    getitem: ([a, k]) => getitem(a, k),
    setitem: ([a, k, v]) => { setitem(a, k, v); return null; },
    delitem: ([a, k]) => { delitem(a, k); return null; },
    index: ([a]) => call(T.int, [a]),
    length_hint: ([a]) => len(a),
    itemgetter: (items) => fn('itemgetter', ([o]) => (items.length === 1 ? getitem(o, items[0]) : PyTuple.from(items.map((k) => getitem(o, k))))),
    attrgetter: (names) => attrgetter(names),
    methodcaller: ([name, ...args], kw) => fn('methodcaller', ([o]) => call(getattr(o, name), args, kw)),
  });
}

// ------------------------------------------------------------------ contextlib

const ContextManagerType = new PyType('_GeneratorContextManager', { module: 'contextlib' });

/** What `@contextmanager` makes of a generator: enter runs it to its yield, exit resumes it. */
class GeneratorContext {
  constructor(gen) { this.gen = gen; }

  get pyType() { return ContextManagerType; }

  pyGetattr(name) {
    const gen = this.gen;
    if (name === '__enter__') {
      return fn('__enter__', () => {
        const x = gen.resume('next', null);
        if (x === DONE) throw pyErr('RuntimeError', "generator didn't yield");
        return x;
      });
    }
    if (name === '__exit__') {
      return fn('__exit__', ([type, value]) => {
        if (type === null || type === undefined) {
          if (gen.resume('next', null) !== DONE) throw pyErr('RuntimeError', "generator didn't stop");
          return false;
        }
        try {
          if (gen.resume('throw', value) !== DONE) throw pyErr('RuntimeError', "generator didn't stop after throw()");
          return true;
        } catch (e) {
          if (e === value) return false;
          throw e;
        }
      });
    }
    return undefined;
  }
}

function contextmanager([f]) {
  return new NativeFunction(f.name, (args, kw) => {
    const gen = call(f, args, kw);
    if (!(gen instanceof PyGenerator)) throw pyErr('TypeError', `'${typeOf(gen).name}' object is not an iterator`);
    return new GeneratorContext(gen);
  }, f.qualname ?? f.name);
}

/** A context manager from two JS functions (`suppress`, `nullcontext`). */
const simpleContext = (type, enter, exit) => ({
  get pyType() { return type; },
  pyGetattr(name) {
    if (name === '__enter__') return fn('__enter__', enter);
    if (name === '__exit__') return fn('__exit__', exit);
    return undefined;
  },
});

function makeContextlib() {
  const suppressType = new PyType('suppress', { module: 'contextlib' });
  const nullType = new PyType('nullcontext', { module: 'contextlib' });
  return module('contextlib', {
    contextmanager,
    suppress: (types) => simpleContext(suppressType, () => null, ([type, value]) => type !== null && type !== undefined && types.some((t) => isinstance(value, t))),
    nullcontext: ([result = null]) => simpleContext(nullType, () => result, () => false),
  });
}

// ------------------------------------------------------------------ time

/** Blocks for `s` seconds (a worker may block; a page's main thread spins). */
function sleep([s]) {
  const secs = Number(s?.v ?? s);
  if (!(secs >= 0)) throw pyErr('ValueError', 'sleep length must be non-negative');
  if (secs > 10) throw pyErr('NotImplementedError', "jaxplay's Python does not support time.sleep() of more than 10 seconds");
  const ms = secs * 1000;
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  } catch {
    const end = performance.now() + ms;
    while (performance.now() < end) { /* spin: no blocking wait on this thread */ }
  }
  return null;
}

function makeTime() {
  const origin = Date.now() - performance.now();
  return module('time', {
    perf_counter: () => float(performance.now() / 1000),
    perf_counter_ns: () => Math.round(performance.now() * 1e6),
    monotonic: () => float(performance.now() / 1000),
    monotonic_ns: () => Math.round(performance.now() * 1e6),
    process_time: () => float(performance.now() / 1000),
    time: () => float((origin + performance.now()) / 1000),
    time_ns: () => Math.round((origin + performance.now()) * 1e6),
    sleep,
  });
}

// ------------------------------------------------------------------ typing

const TypingType = new PyType('_SpecialForm', { module: 'typing' });

/** A typing name (`List`, `Optional[int]`...): subscriptable and printable, never checked. */
class TypingForm {
  constructor(name, args = null, extra = {}) {
    Object.assign(this, { name, args }, extra);
  }

  get pyType() { return TypingType; }

  pyGetitem(k) {
    const args = isTuple(k) ? [...k] : [k];
    return new TypingForm(this.name, args, { ignoredBase: this.ignoredBase, classFactory: this.classFactory });
  }

  pyCall(args, kw) {
    if (this.callImpl) return this.callImpl(args, kw);
    throw pyErr('TypeError', `Type ${this.name} cannot be instantiated`);
  }

  pyGetattr(name) { return name === '__name__' || name === '_name' ? this.name : name === '__args__' ? PyTuple.from(this.args ?? []) : undefined; }

  pyRepr() {
    const show = (a) => (a instanceof PyType ? (a.module === 'builtins' ? a.name : a.qualname) : a === null ? 'None' : repr(a));
    return this.args ? `typing.${this.name}[${this.args.map(show).join(', ')}]` : `typing.${this.name}`;
  }
}

const GenericAliasType = new PyType('GenericAlias', { module: 'types' });
const SUBSCRIPTABLE = new Set(['list', 'dict', 'tuple', 'set', 'frozenset', 'type']);

/** `list[int]`, `Stack[int]` (a Generic class): printable, callable as the class, never checked. */
class GenericAlias {
  constructor(origin, args) { Object.assign(this, { origin, args }); }

  get pyType() { return GenericAliasType; }

  pyCall(args, kw) { return call(this.origin, args, kw); }

  pyGetattr(name) { return name === '__origin__' ? this.origin : name === '__args__' ? PyTuple.from(this.args) : undefined; }

  pyRepr() {
    const show = (a) => (a instanceof PyType ? (a.module === 'builtins' ? a.name : a.qualname) : a === null ? 'None' : a === ELLIPSIS ? '...' : repr(a));
    return `${show(this.origin)}[${this.args.map(show).join(', ')}]`;
  }
}

userOps.classGetitem = (cls, k) => {
  if (!(cls.generic || (cls.module === 'builtins' && SUBSCRIPTABLE.has(cls.name)))) return NOT_IMPLEMENTED;
  return new GenericAlias(cls, isTuple(k) ? [...k] : [k]);
};

/** `class P(NamedTuple): x: int; y: int = 0`: a namedtuple with the class's methods. */
function namedTupleClass(name, namespace, annotations) {
  const fields = annotations.map(([f]) => f);
  const defaults = fields.filter((f) => namespace.has(f)).map((f) => namespace.get(f));
  const cls = namedtuple([name, fields], { defaults });
  for (const [k, v] of namespace) if (!fields.includes(k) && !k.startsWith('__')) cls.attrs[k] = v;
  return cls;
}

/** `class Movie(TypedDict): title: str`: calling it makes a dict. */
const typedDictClass = (name) => new PyType(name, { module: '__main__', call: ([m], kw) => dictUpdate(new PyDict(), m, kw) });

function makeTyping() {
  const forms = ['Any', 'List', 'Dict', 'Tuple', 'Set', 'FrozenSet', 'Optional', 'Union', 'Callable', 'Iterable', 'Iterator',
    'Generator', 'Sequence', 'Mapping', 'MutableMapping', 'MutableSequence', 'Type', 'Literal', 'Final', 'ClassVar', 'Annotated',
    'Deque', 'DefaultDict', 'NoReturn', 'Collection', 'Container', 'Hashable', 'Sized', 'Reversible', 'AbstractSet', 'Counter',
    'OrderedDict', 'ChainMap', 'Awaitable', 'Coroutine', 'AsyncIterator', 'SupportsInt', 'SupportsFloat', 'Never', 'Self', 'LiteralString'];
  const attrs = Object.fromEntries(forms.map((f) => [f, new TypingForm(f)]));
  attrs.Generic = new TypingForm('Generic', null, { ignoredBase: true });
  attrs.Protocol = new TypingForm('Protocol', null, { ignoredBase: true });
  attrs.NamedTuple = new TypingForm('NamedTuple', null, {
    classFactory: namedTupleClass,
    callImpl: ([name, fields = []]) => namedtuple([name, [...iterate(fields)].map((p) => [...iterate(p)][0])]),
  });
  attrs.TypedDict = new TypingForm('TypedDict', null, { classFactory: typedDictClass });
  attrs.TYPE_CHECKING = false;
  return module('typing', {
    TypeVar: ([name]) => new TypingForm(name, null, { pyRepr: () => `~${name}` }),
    NewType: ([name, tp]) => fn(name, ([x]) => x, { __supertype__: tp }),
    cast: ([, v]) => v,
    overload: ([f]) => f,
    final: ([f]) => f,
    no_type_check: ([f]) => f,
    runtime_checkable: ([c]) => c,
    get_type_hints: ([o]) => PyDict.of((o.annotations ?? []).map(([k, v]) => [k, v])),
  }, attrs);
}

// ------------------------------------------------------------------ abc

function makeAbc() {
  const ABC = makeClass('ABC', [], new Map(), { module: 'abc' });
  ABC.abstractBase = true;
  const ABCMeta = new PyType('ABCMeta', { module: 'abc' });
  ABCMeta.abcMeta = ABC;
  return module('abc', {
    abstractmethod: ([f]) => {
      f.isAbstract = true;
      return f;
    },
  }, { ABC, ABCMeta });
}

// ------------------------------------------------------------------ all of them

/** The standard-library modules, fresh for each run. */
export function makeStdlib() {
  return {
    functools: makeFunctools(),
    itertools: makeItertools(),
    operator: makeOperator(),
    contextlib: makeContextlib(),
    time: makeTime(),
    typing: makeTyping(),
    math: makeMath(),
    collections: makeCollections(),
    dataclasses: makeDataclasses(),
    abc: makeAbc(),
  };
}
