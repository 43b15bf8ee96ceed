// Python's built-in functions and exception classes (the part lessons use), bound to a
// `print` sink.

import {
  PyTuple, PyType, PyException, builtin, pyErr, E, float, PyFloat, PyCallable, ELLIPSIS,
} from './types.js';
import {
  T, str, repr, iterate, len, truthy, isinstance, typeOf, numberOf, compare, binop, formatSpec, arrayOps, isTuple,
  PyIterator,
} from './runtime.js';
import { callValue, getattr, setattr, sortInPlace, setCompare } from './objects.js';

setCompare((a, b) => compare('<', a, b));

function minmax(which, args, kw) {
  const items = args.length === 1 ? [...iterate(args[0])] : args;
  if (items.length === 0) {
    if (kw.default !== undefined) return kw.default;
    throw pyErr('ValueError', `${which}() iterable argument is empty`);
  }
  const key = kw.key ? (x) => callValue(kw.key, [x], null) : (x) => x;
  let best = items[0];
  for (const x of items.slice(1)) {
    const better = which === 'max' ? compare('>', key(x), key(best)) : compare('<', key(x), key(best));
    if (truthy(better)) best = x;
  }
  return best;
}

export function makeBuiltins(print) {
  const b = (name, fn) => [name, builtin(name, fn)];
  return {
    ...Object.fromEntries([
      b('print', (args, kw) => {
        const sep = kw.sep ?? ' ';
        const end = kw.end ?? '\n';
        print(args.map(str).join(sep) + end);
        return null;
      }),
      b('len', ([x]) => len(x)),
      b('repr', ([x]) => repr(x)),
      b('abs', ([x]) => {
        const n = numberOf(x);
        if (n !== undefined) return x instanceof PyFloat ? float(Math.abs(n)) : Math.abs(n);
        if (arrayOps.isArray?.(x)) return arrayOps.abs(x);
        throw pyErr('TypeError', `bad operand type for abs(): '${typeOf(x).name}'`);
      }),
      b('min', (args, kw) => minmax('min', args, kw)),
      b('max', (args, kw) => minmax('max', args, kw)),
      b('sum', ([xs, start = 0]) => {
        let acc = start;
        for (const x of iterate(xs)) acc = binop('+', acc, x);
        return acc;
      }),
      b('sorted', ([xs], kw) => sortInPlace([...iterate(xs)], kw)),
      // Lazy, as in Python: `enumerate(range(10**9))` allocates nothing until iterated.
      b('reversed', ([xs]) => new PyIterator('reversed', [...iterate(xs)].reverse().values())),
      b('enumerate', ([xs, start = 0], kw) => new PyIterator('enumerate', (function* enumerate() {
        let i = kw.start ?? start;
        for (const x of iterate(xs)) yield PyTuple.of(i++, x);
      }()))),
      b('zip', (args) => new PyIterator('zip', (function* zip() {
        const its = args.map((a) => iterate(a));
        if (its.length === 0) return;
        for (;;) {
          const items = [];
          for (const it of its) {
            const r = it.next();
            if (r.done) return;
            items.push(r.value);
          }
          yield PyTuple.from(items);
        }
      }()))),
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
      b('any', ([xs]) => [...iterate(xs)].some(truthy)),
      b('all', ([xs]) => [...iterate(xs)].every(truthy)),
      b('isinstance', ([x, cls]) => isinstance(x, cls)),
      b('callable', ([x]) => x instanceof PyCallable || typeof x === 'function' || x?.fn !== undefined || x instanceof PyType || typeof x?.pyCall === 'function'),
      b('hasattr', ([o, n]) => {
        try { getattr(o, n); return true; } catch { return false; }
      }),
      b('getattr', ([o, n, d]) => {
        try { return getattr(o, n); } catch (e) { if (d !== undefined) return d; throw e; }
      }),
      b('setattr', ([o, n, v]) => { setattr(o, n, v); return null; }),
      b('round', ([x, nd = null]) => {
        const n = numberOf(x) ?? arrayOps.scalar?.(x, 'float');
        if (nd === null) {
          const r = Math.round(n);
          return Math.abs(n % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r; // banker's rounding
        }
        const p = 10 ** nd;
        return float(Math.round(n * p) / p);
      }),
      b('divmod', ([a, c]) => PyTuple.of(binop('//', a, c), binop('%', a, c))),
      b('pow', ([a, c]) => binop('**', a, c)),
      b('format', ([v, spec = '']) => formatSpec(v, spec)),
      b('id', ([x]) => (typeof x === 'object' && x !== null ? ids.get(x) ?? (ids.set(x, ids.size + 1), ids.size) : 0)),
      b('iter', ([x]) => new PyIterator('iterator', iterate(x))),
      b('next', ([it, dflt]) => {
        if (!(it instanceof PyIterator)) throw pyErr('TypeError', `'${typeOf(it).name}' object is not an iterator`);
        const r = it.gen.next();
        if (!r.done) return r.value;
        if (dflt !== undefined) return dflt;
        throw new PyException(E.StopIteration, []);
      }),
      b('chr', ([n]) => String.fromCodePoint(n)),
      b('ord', ([c]) => c.codePointAt(0)),
      b('hex', ([n]) => (n < 0 ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`)),
    ]),
    ...Object.fromEntries(Object.entries(MISSING).map(([name, why]) => [name, builtin(name, () => {
      throw pyErr('NotImplementedError', `jaxplay's Python does not support ${why} yet`);
    })])),
    issubclass: builtin('issubclass', ([a, c]) => (isTuple(c) ? [...c] : [c]).some((k) => a instanceof PyType && a.isSubclassOf(k))),
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
    ...E,
    Ellipsis: ELLIPSIS,
    NotImplemented: null,
  };
}

const ids = new WeakMap();

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
  vars: '`vars()`',
  dir: '`dir()`',
  super: '`super()` (classes)',
  property: '`property` (classes)',
  staticmethod: '`staticmethod` (classes)',
  classmethod: '`classmethod` (classes)',
  complex: 'complex numbers',
  bytes: '`bytes`',
  bytearray: '`bytearray`',
  memoryview: '`memoryview`',
  slice: '`slice()` objects (write `x[a:b]`)',
};
