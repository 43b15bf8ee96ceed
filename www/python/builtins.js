// Python's built-in functions and exception classes (the part lessons use), bound to a
// `print` sink. Iterators are lazy (`map`, `filter`, `zip`, `enumerate`, `reversed`) and
// `any`/`all` stop at the first decisive item, as in Python.

import {
  PyTuple, PyException, builtin, pyErr, E, float, PyFloat, ELLIPSIS, NOT_IMPLEMENTED,
} from './types.js';
import {
  T, str, repr, iterate, len, truthy, isinstance, issubclass, typeOf, numberOf, compare, binop, formatSpec, arrayOps,
  PyIterator, nextOf, DONE, isUser, userMethod, PyRange, isDict, dictKeys, PyDict, iterStart,
} from './runtime.js';
import { callValue, getattr, setattr, isCallable } from './objects.js';
import { sortInPlace } from './methods.js';
import { isIntLike, pyRound, intToBase } from './numbers.js';
import { pyHash, objectId, normInt } from './hash.js';
import { PySuper } from './classes.js';
import { PyGenerator } from './generators.js';

function noKwargs(name, kw, allowed = []) {
  for (const k of Object.keys(kw)) {
    if (!allowed.includes(k)) throw pyErr('TypeError', `${name}() got an unexpected keyword argument '${k}'`);
  }
}

function minmax(which, args, kw) {
  noKwargs(which, kw, ['key', 'default']);
  if (args.length === 0) throw pyErr('TypeError', `${which} expected at least 1 argument, got 0`);
  if (args.length > 1 && kw.default !== undefined) throw pyErr('TypeError', `Cannot specify a default for ${which}() with multiple positional arguments`);
  const items = args.length === 1 ? iterate(args[0]) : args;
  const key = kw.key !== undefined && kw.key !== null ? (x) => callValue(kw.key, [x], null) : (x) => x;
  const op = which === 'max' ? '>' : '<';
  let best;
  let bestKey;
  let first = true;
  for (const x of items) {
    const k = key(x);
    if (first || truthy(compare(op, k, bestKey))) [best, bestKey, first] = [x, k, false];
  }
  if (first) {
    if (kw.default !== undefined) return kw.default;
    throw pyErr('ValueError', `${which}() arg is an empty sequence`);
  }
  return best;
}

/** `zip(*its, strict=)`: Python's messages when strict lengths differ. */
function* zipItems(args, strict) {
  const its = args.map((a) => iterate(a));
  if (its.length === 0) return;
  for (;;) {
    const items = [];
    for (let i = 0; i < its.length; i++) {
      const r = its[i].next();
      if (r.done) {
        if (strict) {
          const which = i === 1 ? 'argument 1' : `arguments 1-${i}`;
          if (i > 0) throw pyErr('ValueError', `zip() argument ${i + 1} is shorter than ${which}`);
          for (let j = 1; j < its.length; j++) {
            if (!its[j].next().done) throw pyErr('ValueError', `zip() argument ${j + 1} is longer than ${j === 1 ? 'argument 1' : `arguments 1-${j}`}`);
          }
        }
        return;
      }
      items.push(r.value);
    }
    yield PyTuple.from(items);
  }
}

/** `reversed(x)`: `__reversed__`, or a sequence read backwards. */
function reversedOf(x) {
  const m = userMethod(x, '__reversed__');
  if (m) return callValue(m, [], null);
  if (Array.isArray(x) || typeof x === 'string' || x instanceof PyRange || isDict(x) || (isUser(x) && userMethod(x, '__len__') && userMethod(x, '__getitem__'))) {
    const items = isDict(x) ? [...dictKeys(x)] : [...iterate(x)];
    return new PyIterator('reversed', items.reverse().values());
  }
  if (typeof x?.pyReversed === 'function') return x.pyReversed();
  throw pyErr('TypeError', `'${typeOf(x).name}' object is not reversible`);
}

/** `iter(x)`: an iterator over x (an iterator is its own). */
function iterOf([x, sentinel]) {
  if (sentinel !== undefined) {
    return new PyIterator('callable_iterator', (function* calls() {
      for (;;) {
        const v = callValue(x, [], null);
        if (truthy(compare('==', v, sentinel))) return;
        yield v;
      }
    }()));
  }
  if (x instanceof PyIterator || x instanceof PyGenerator || typeof x?.pyNext === 'function') return x;
  const m = userMethod(x, '__iter__');
  if (m) {
    const it = callValue(m, [], null);
    if (isUser(it) && !userMethod(it, '__next__')) throw pyErr('TypeError', `iter() returned non-iterator of type '${typeOf(it).name}'`);
    return it;
  }
  const kind = typeof x === 'string' ? 'str_ascii_iterator' : `${typeOf(x).name}_iterator`;
  return new PyIterator(kind, iterStart(x));
}

/** `pow(a, b, mod)`: modular exponentiation on exact ints. */
function modPow(a, b, m) {
  if (![a, b, m].every(isIntLike)) throw pyErr('TypeError', 'pow() 3rd argument not allowed unless all arguments are integers');
  let [base, exp, mod] = [BigInt(a), BigInt(b), BigInt(m)];
  if (mod === 0n) throw pyErr('ValueError', 'pow() 3rd argument cannot be 0');
  if (exp < 0n) throw pyErr('ValueError', 'base is not invertible for the given modulus');
  let r = 1n;
  base = ((base % mod) + mod) % mod;
  while (exp > 0n) {
    if (exp & 1n) r = (r * base) % mod;
    base = (base * base) % mod;
    exp >>= 1n;
  }
  return normInt(mod < 0n && r > 0n ? r + mod : r);
}

const needInt = (x) => {
  if (!isIntLike(x)) {
    const m = userMethod(x, '__index__');
    if (m) return callValue(m, [], null);
    throw pyErr('TypeError', `'${typeOf(x).name}' object cannot be interpreted as an integer`);
  }
  return x;
};

/** `abs(x)`: numbers, `__abs__`, arrays. */
export function absOf(x) {
  if (typeof x === 'bigint') return x < 0n ? normInt(-x) : x;
  const n = numberOf(x);
  if (n !== undefined) return x instanceof PyFloat ? float(Math.abs(n)) : Math.abs(n);
  const m = userMethod(x, '__abs__');
  if (m) return callValue(m, [], null);
  if (arrayOps.isArray?.(x)) return arrayOps.abs(x);
  throw pyErr('TypeError', `bad operand type for abs(): '${typeOf(x).name}'`);
}

export function makeBuiltins(print) {
  const b = (name, fn) => [name, builtin(name, fn)];
  return {
    ...Object.fromEntries([
      b('print', (args, kw) => {
        noKwargs('print', kw, ['sep', 'end', 'file', 'flush']);
        const sep = kw.sep ?? ' ';
        const end = kw.end ?? '\n';
        print(args.map(str).join(sep) + end);
        return null;
      }),
      b('len', ([x]) => len(x)),
      b('repr', ([x]) => repr(x)),
      b('abs', ([x]) => absOf(x)),
      b('min', (args, kw) => minmax('min', args, kw)),
      b('max', (args, kw) => minmax('max', args, kw)),
      b('sum', ([xs, start = 0], kw) => {
        noKwargs('sum', kw, ['start']);
        let acc = kw.start ?? start;
        if (typeof acc === 'string') throw pyErr('TypeError', "sum() can't sum strings [use ''.join(seq) instead]");
        for (const x of iterate(xs)) acc = binop('+', acc, x);
        return acc;
      }),
      b('sorted', (args, kw) => {
        if (args.length !== 1) throw pyErr('TypeError', `sorted expected 1 argument, got ${args.length}`);
        return sortInPlace([...iterate(args[0])], kw);
      }),
      b('reversed', ([xs]) => reversedOf(xs)),
      b('enumerate', ([xs, start = 0], kw) => {
        const items = iterStart(xs);
        return new PyIterator('enumerate', (function* enumerate() {
          let i = needInt(kw.start ?? start);
          for (const x of items) {
            yield PyTuple.of(i, x);
            i = binop('+', i, 1);
          }
        }()));
      }),
      b('zip', (args, kw) => {
        noKwargs('zip', kw, ['strict']);
        return new PyIterator('zip', zipItems(args, truthy(kw.strict ?? false)));
      }),
      b('map', ([f, ...xss]) => new PyIterator('map', (function* map() {
        const its = xss.map((a) => iterate(a));
        for (;;) {
          const items = [];
          for (const it of its) {
            const r = it.next();
            if (r.done) return;
            items.push(r.value);
          }
          yield callValue(f, items, null);
        }
      }()))),
      b('filter', ([f, xs]) => new PyIterator('filter', (function* filter() {
        for (const x of iterate(xs)) if (truthy(f === null ? x : callValue(f, [x], null))) yield x;
      }()))),
      b('any', ([xs]) => {
        for (const x of iterate(xs)) if (truthy(x)) return true;
        return false;
      }),
      b('all', ([xs]) => {
        for (const x of iterate(xs)) if (!truthy(x)) return false;
        return true;
      }),
      b('isinstance', ([x, cls]) => isinstance(x, cls)),
      b('issubclass', ([a, cls]) => issubclass(a, cls)),
      b('callable', ([x]) => isCallable(x)),
      b('hasattr', ([o, n]) => {
        try {
          getattr(o, n);
          return true;
        } catch (e) {
          if (e instanceof PyException && e.type.isSubclassOf(E.AttributeError)) return false;
          throw e;
        }
      }),
      b('getattr', ([o, n, d]) => {
        if (typeof n !== 'string') throw pyErr('TypeError', `attribute name must be string, not '${typeOf(n).name}'`);
        try {
          return getattr(o, n);
        } catch (e) {
          if (d !== undefined && e instanceof PyException && e.type.isSubclassOf(E.AttributeError)) return d;
          throw e;
        }
      }),
      b('setattr', ([o, n, v]) => { setattr(o, n, v); return null; }),
      b('delattr', ([o, n]) => {
        const m = isUser(o) ? getattr(T.object, '__delattr__') : null;
        if (!m) throw pyErr('AttributeError', `'${typeOf(o).name}' object has no attribute '${n}'`);
        callValue(m, [o, n], null);
        return null;
      }),
      b('vars', ([o]) => {
        if (o === undefined) throw pyErr('NotImplementedError', "jaxplay's Python does not support `vars()` without an argument yet");
        try {
          const d = getattr(o, '__dict__');
          if (d instanceof PyDict) return d;
        } catch { /* no __dict__: Python's error below */ }
        throw pyErr('TypeError', 'vars() argument must have __dict__ attribute');
      }),
      b('round', ([x, nd = null]) => {
        const m = userMethod(x, '__round__');
        if (m) return callValue(m, nd === null ? [] : [nd], null);
        if (numberOf(x) === undefined) {
          if (arrayOps.isArray?.(x)) return pyRound(float(arrayOps.scalar(x, 'float')), nd);
          throw pyErr('TypeError', `type ${typeOf(x).name} doesn't define __round__ method`);
        }
        return pyRound(x, nd);
      }),
      b('divmod', ([a, c]) => PyTuple.of(binop('//', a, c), binop('%', a, c))),
      b('pow', ([a, c, m = null]) => (m === null ? binop('**', a, c) : modPow(a, c, m))),
      b('format', ([v, spec = '']) => formatSpec(v, spec)),
      b('id', ([x]) => (x !== null && typeof x === 'object' ? objectId(x) : objectId(Object(typeof x === 'number' ? `n${x}` : String(x))))),
      b('hash', ([x]) => pyHash(x)),
      b('iter', (args) => iterOf(args)),
      b('next', ([it, dflt]) => {
        if (it instanceof PyGenerator) {
          const x = it.resume('next', null);
          if (x !== DONE) return x;
          if (dflt !== undefined) return dflt;
          return it.orStop(x);
        }
        const x = nextOf(it);
        if (x !== DONE) return x;
        if (dflt !== undefined) return dflt;
        throw new PyException(E.StopIteration, []);
      }),
      b('chr', ([n]) => {
        const i = Number(needInt(n));
        if (i < 0 || i > 0x10ffff) throw pyErr('ValueError', 'chr() arg not in range(0x110000)');
        return String.fromCodePoint(i);
      }),
      b('ord', ([c]) => {
        if (typeof c !== 'string') throw pyErr('TypeError', `ord() expected string of length 1, but ${typeOf(c).name} found`);
        const chars = [...c];
        if (chars.length !== 1) throw pyErr('TypeError', `ord() expected a character, but string of length ${chars.length} found`);
        return c.codePointAt(0);
      }),
      b('bin', ([n]) => intToBase(needInt(n), 2, '0b')),
      b('oct', ([n]) => intToBase(needInt(n), 8, '0o')),
      b('hex', ([n]) => intToBase(needInt(n), 16, '0x')),
    ]),
    ...Object.fromEntries(Object.entries(MISSING).map(([name, why]) => [name, builtin(name, () => {
      throw pyErr('NotImplementedError', `jaxplay's Python does not support ${why} yet`);
    })])),
    super: builtin('super', ([cls, obj]) => {
      if (cls === undefined) throw pyErr('RuntimeError', 'super(): no arguments');
      return new PySuper(cls, obj);
    }),
    range: T.range,
    int: T.int,
    float: T.float,
    bool: T.bool,
    str: T.str,
    list: T.list,
    tuple: T.tuple,
    dict: T.dict,
    set: T.set,
    frozenset: T.frozenset,
    type: T.type,
    object: T.object,
    slice: T.slice,
    property: T.property,
    staticmethod: T.staticmethod,
    classmethod: T.classmethod,
    ...E,
    Ellipsis: ELLIPSIS,
    NotImplemented: NOT_IMPLEMENTED,
  };
}

/** Built-ins a program might reach for that jaxplay's Python lacks: a plain message, not a NameError. */
const MISSING = {
  open: 'files (`open()`): the program runs in a browser sandbox',
  input: '`input()`: the program runs without a console',
  eval: '`eval()`',
  exec: '`exec()`',
  compile: '`compile()`',
  __import__: '`__import__()`',
  globals: '`globals()`',
  locals: '`locals()`',
  dir: '`dir()`',
  complex: 'complex numbers',
  bytes: '`bytes`',
  bytearray: '`bytearray`',
  memoryview: '`memoryview`',
  breakpoint: '`breakpoint()`',
  help: '`help()`',
};
