// Attributes, calls and the JS boundary: str/list/dict methods, attribute access on modules,
// functions, types and JS objects, calling any callable, converting values to and from the JS
// API (tuples and lists to arrays, floats to numbers, Python functions to JS functions) and JS
// errors to Python exceptions.

import {
  PyFloat, PyTuple, PyType, PyException, PyModule, Builtin, E, pyErr, float, builtin, PyCallable, PySet,
} from './types.js';
import {
  arrayOps, isDict, isTuple, typeOf, repr, str, iterate, eq, truthy, formatSpec, dictKey, PyRange, PyIterator,
  setOf, setAdd, setHas, hashKey, binop, compare,
} from './runtime.js';

// ------------------------------------------------------------------ JS errors -> Python

/** The Python exception for anything thrown: PyExceptions as they are, JS errors mapped. */
export function asPyException(e) {
  if (e instanceof PyException) return e;
  if (e instanceof Error) {
    const msg = e.message;
    let type = E.RuntimeError;
    switch (e.name) {
      case 'CallbackError': type = E.JaxRuntimeError; break;
      case 'ConcretizationTypeError': type = E.ConcretizationTypeError; break;
      case 'UnexpectedTracerError': type = E.UnexpectedTracerError; break;
      case 'TypeError': type = E.TypeError; break;
      case 'RangeError':
        type = /call stack/.test(msg) ? E.RecursionError : /Invalid (array|string|typed array) length|allocation failed|out of memory/i.test(msg) ? E.MemoryError : E.ValueError;
        break;
      case 'JaxplayError':
        // JAX raises NotImplementedError for what it does not implement, TypeError for dtypes.
        type = /^vmap is only supported|not supported in vmap-of-cond|Effects not supported|cannot be vmapped|not supported yet|not supported in jaxplay|not in jaxplay yet|does not support/.test(msg)
          ? E.NotImplementedError : /does not accept dtype|^Gradient only defined for scalar-output/.test(msg) ? E.TypeError : E.ValueError;
        break;
      default: type = /^operands could not be broadcast|^HostArray|np\.asarray/.test(msg) ? E.ValueError : E.RuntimeError;
    }
    const pe = new PyException(type, [type === E.MemoryError ? `the value would be too large to hold (${msg})` : msg]);
    pe.jsError = e;
    if (e.hint) pe.hint = e.hint;
    if (e.cause instanceof PyException) pe.cause = e.cause;
    return pe;
  }
  return new PyException(E.RuntimeError, [`a JS value was thrown: ${String(e)}`]);
}

// ------------------------------------------------------------------ JS boundary

/** A Python value for the JS API: tuples -> arrays, floats -> numbers, functions -> JS functions. */
export function toJS(v) {
  if (v instanceof PyFloat) return v.v;
  if (v === null || v === undefined || typeof v !== 'object') {
    if (v instanceof PyCallable) return v.js;
    return v ?? null;
  }
  if (Array.isArray(v) || v instanceof PyRange || v instanceof PyIterator) return Array.from(v, toJS);
  if (v instanceof PySet) return new Set(Array.from(v.values(), toJS));
  if (isDict(v)) {
    const o = {};
    for (const k of Object.keys(v)) o[k] = toJS(v[k]);
    return o;
  }
  if (v instanceof PyCallable) return v.js;
  if (v instanceof Builtin) return v.js ?? ((...args) => toJS(v.fn(args.map(fromJS), {})));
  const a = arrayOps.toJS?.(v);
  return a === undefined ? v : a;
}

/** A JS value from the JS API as a Python value: arrays -> tuples, numbers -> int or float. */
export function fromJS(v) {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? v : float(v);
  if (typeof v === 'function') return builtin(v.name || 'function', (args, kw) => callJS(v, args, kw, true));
  if (Array.isArray(v)) return v instanceof PyTuple ? v : PyTuple.from(v.map(fromJS));
  if (isDict(v)) {
    const o = {};
    for (const k of Object.keys(v)) o[k] = fromJS(v[k]);
    return o;
  }
  const a = arrayOps.fromJS?.(v);
  return a === undefined ? v : a;
}

/**
 * Calls a JS function with Python arguments. `deep` (the JS API): pytrees converted both ways.
 * Otherwise (the learner's own JS, from `globals`): lists and dicts are passed as the same
 * live objects, only floats and functions are converted.
 */
function callJS(f, args, kwargs, deep) {
  const conv = deep ? toJS : shallowJS;
  const jsArgs = args.map(conv);
  if (kwargs && Object.keys(kwargs).length) jsArgs.push(deep ? toJS(kwargs) : kwargs);
  const r = f(...jsArgs);
  return deep ? fromJS(r) : fromUserJS(r);
}

function shallowJS(v) {
  if (v instanceof PyFloat) return v.v;
  if (v instanceof PyCallable) return v.js;
  return v;
}

/** A value from the learner's JS: lists stay live lists, numbers become int or float. */
export function fromUserJS(v) {
  if (v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? v : float(v);
  if (typeof v === 'function') return builtin(v.name || 'function', (args, kw) => callJS(v, args, kw, false));
  return v;
}

// ------------------------------------------------------------------ calls

export function callValue(f, args, kwargs) {
  if (f instanceof PyCallable) return f.call(args, kwargs);
  if (f instanceof Builtin) return f.fn(args, kwargs ?? {});
  if (f instanceof PyType) {
    if (f.isSubclassOf(E.BaseException)) return new PyException(f, args);
    if (!f.callImpl) throw pyErr('TypeError', `cannot create '${f.name}' instances`);
    return f.callImpl(args, kwargs ?? {});
  }
  if (typeof f?.pyCall === 'function') return f.pyCall(args, kwargs ?? {});
  if (typeof f === 'function') return callJS(f, args, kwargs, false);
  throw pyErr('TypeError', `'${typeOf(f).name}' object is not callable`);
}

// ------------------------------------------------------------------ methods of built-in types

const method = (name, fn) => builtin(name, fn);

function noKw(name, kw) {
  if (kw && Object.keys(kw).length) throw pyErr('TypeError', `${name}() takes no keyword arguments`);
}

function listMethod(self, name) {
  const m = {
    append: ([x]) => { self.push(x); return null; },
    extend: ([xs]) => { self.push(...iterate(xs)); return null; },
    pop: ([i = -1]) => {
      if (self.length === 0) throw pyErr('IndexError', 'pop from empty list');
      const k = i < 0 ? self.length + i : i;
      if (k < 0 || k >= self.length) throw pyErr('IndexError', 'pop index out of range');
      return self.splice(k, 1)[0];
    },
    insert: ([i, x]) => { self.splice(i < 0 ? Math.max(0, self.length + i) : i, 0, x); return null; },
    remove: ([x]) => {
      const k = self.findIndex((y) => truthy(eq(y, x)));
      if (k < 0) throw pyErr('ValueError', 'list.remove(x): x not in list');
      self.splice(k, 1);
      return null;
    },
    index: ([x]) => {
      const k = self.findIndex((y) => truthy(eq(y, x)));
      if (k < 0) throw pyErr('ValueError', `${repr(x)} is not in list`);
      return k;
    },
    count: ([x]) => self.filter((y) => truthy(eq(y, x))).length,
    clear: () => { self.length = 0; return null; },
    copy: () => [...self],
    reverse: () => { self.reverse(); return null; },
    sort: (_, kw) => { sortInPlace(self, kw); return null; },
  };
  const tupleOnly = new Set(['index', 'count']);
  if (isTuple(self) && !tupleOnly.has(name)) return undefined;
  return m[name] && method(name, m[name]);
}

export function sortInPlace(list, kw = {}) {
  const key = kw.key ? (x) => callValue(kw.key, [x], null) : (x) => x;
  const keyed = list.map((x) => [key(x), x]);
  keyed.sort(([a], [b]) => (truthy(compareLess(a, b)) ? -1 : truthy(compareLess(b, a)) ? 1 : 0));
  if (kw.reverse && truthy(kw.reverse)) keyed.reverse();
  list.splice(0, list.length, ...keyed.map(([, x]) => x));
  return list;
}

let compareLess = null;
export function setCompare(fn) { compareLess = fn; }

function setMethod(self, name) {
  const others = (xs) => xs.map((x) => (x instanceof PySet ? x : setOf(iterate(x))));
  const fold = (op) => (xs) => others(xs).reduce((acc, x) => binop(op, acc, x), setOf(self.values(), self.frozen));
  const m = {
    union: fold('|'),
    intersection: fold('&'),
    difference: fold('-'),
    symmetric_difference: ([x]) => binop('^', self, others([x])[0]),
    issubset: ([x]) => compare('<=', self, others([x])[0]),
    issuperset: ([x]) => compare('>=', self, others([x])[0]),
    isdisjoint: ([x]) => [...iterate(x)].every((y) => !setHas(self, y)),
    copy: () => setOf(self.values(), self.frozen),
  };
  if (!self.frozen) {
    Object.assign(m, {
      add: ([x]) => { setAdd(self, x); return null; },
      update: (xs) => { for (const x of xs) for (const y of iterate(x)) setAdd(self, y); return null; },
      discard: ([x]) => { self.items.delete(hashKey(x)); return null; },
      remove: ([x]) => {
        if (!self.items.delete(hashKey(x))) throw new PyException(E.KeyError, [x]);
        return null;
      },
      pop: () => {
        const [k, v] = self.items.entries().next().value ?? [];
        if (k === undefined) throw pyErr('KeyError', 'pop from an empty set');
        self.items.delete(k);
        return v;
      },
      clear: () => { self.items.clear(); return null; },
    });
  }
  return Object.hasOwn(m, name) ? method(name, (args, kw) => { noKw(name, kw); return m[name](args); }) : undefined;
}

function dictMethod(self, name) {
  const m = {
    keys: () => Object.keys(self),
    values: () => Object.values(self),
    items: () => Object.entries(self).map(([k, v]) => PyTuple.of(k, v)),
    get: ([k, d = null]) => (typeof k === 'string' && Object.hasOwn(self, k) ? self[k] : d),
    pop: ([k, d]) => {
      if (typeof k === 'string' && Object.hasOwn(self, k)) {
        const v = self[k];
        delete self[k];
        return v;
      }
      if (d === undefined) throw new PyException(E.KeyError, [k]);
      return d;
    },
    setdefault: ([k, d = null]) => {
      const key = dictKey(k);
      if (!Object.hasOwn(self, key)) self[key] = d;
      return self[key];
    },
    update: ([other], kw) => { if (other) Object.assign(self, isDict(other) ? other : Object.fromEntries([...iterate(other)].map((p) => [...iterate(p)]))); Object.assign(self, kw); return null; },
    copy: () => ({ ...self }),
    clear: () => { for (const k of Object.keys(self)) delete self[k]; return null; },
  };
  return m[name] && method(name, m[name]);
}

function strMethod(self, name) {
  const m = {
    startswith: ([p]) => (isTuple(p) ? p.some((x) => self.startsWith(x)) : self.startsWith(p)),
    endswith: ([p]) => (isTuple(p) ? p.some((x) => self.endsWith(x)) : self.endsWith(p)),
    upper: () => self.toUpperCase(),
    lower: () => self.toLowerCase(),
    strip: ([c]) => (c ? trimChars(self, c, true, true) : self.trim()),
    lstrip: ([c]) => (c ? trimChars(self, c, true, false) : self.trimStart()),
    rstrip: ([c]) => (c ? trimChars(self, c, false, true) : self.trimEnd()),
    split: ([sep = null, max = -1]) => {
      if (sep === null) return self.trim().split(/\s+/).filter((s) => s !== '');
      const parts = self.split(sep);
      return max >= 0 && parts.length > max + 1 ? [...parts.slice(0, max), parts.slice(max).join(sep)] : parts;
    },
    join: ([xs]) => [...iterate(xs)].map((x) => {
      if (typeof x !== 'string') throw pyErr('TypeError', `sequence item: expected str instance, ${typeOf(x).name} found`);
      return x;
    }).join(self),
    replace: ([a, b]) => self.split(a).join(b),
    find: ([s]) => self.indexOf(s),
    index: ([s]) => {
      const k = self.indexOf(s);
      if (k < 0) throw pyErr('ValueError', 'substring not found');
      return k;
    },
    count: ([s]) => self.split(s).length - 1,
    format: (args, kw) => formatMethod(self, args, kw),
    isdigit: () => /^\d+$/.test(self),
    isalpha: () => /^[A-Za-z]+$/.test(self),
    title: () => self.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase()),
    capitalize: () => self.charAt(0).toUpperCase() + self.slice(1).toLowerCase(),
    zfill: ([w]) => self.padStart(w, '0'),
    ljust: ([w, f = ' ']) => self.padEnd(w, f),
    rjust: ([w, f = ' ']) => self.padStart(w, f),
    center: ([w, f = ' ']) => formatSpec(self, `${f}^${w}`),
    splitlines: () => self.split(/\r?\n/),
  };
  return m[name] && method(name, (args, kw) => {
    if (name !== 'format') noKw(name, kw);
    return m[name](args, kw);
  });
}

function trimChars(s, chars, left, right) {
  let a = 0;
  let b = s.length;
  while (left && a < b && chars.includes(s[a])) a += 1;
  while (right && b > a && chars.includes(s[b - 1])) b -= 1;
  return s.slice(a, b);
}

function formatMethod(fmt, args, kw) {
  let auto = 0;
  return fmt.replace(/\{\{|\}\}|\{([^{}!:]*)(?:!([rs]))?(?::([^{}]*))?\}/g, (all, field, conv, spec) => {
    if (all === '{{') return '{';
    if (all === '}}') return '}';
    let v;
    if (field === '') v = args[auto++];
    else if (/^\d+$/.test(field)) v = args[Number(field)];
    else {
      const [name, ...attrs] = field.split('.');
      if (!(name in kw)) throw new PyException(E.KeyError, [name]);
      v = kw[name];
      for (const a of attrs) v = getattr(v, a);
    }
    if (v === undefined) throw pyErr('IndexError', `Replacement index ${auto - 1} out of range for positional args tuple`);
    if (conv === 'r') v = repr(v);
    else if (conv === 's') v = str(v);
    return formatSpec(v, spec ?? '');
  });
}

// ------------------------------------------------------------------ attributes

/** JS plumbing a program has no business reaching through a JS object (`f.constructor(...)`). */
const JS_INTERNALS = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Why module `m` lacks `name` (a JAX function the engine has no primitive for yet). */
export const missingText = (m, name) => `\`${m.name === 'jax.numpy' ? 'jnp' : m.name}.${name}\` is not in jaxplay yet (${m.missing[name]})`;

export function getattr(o, name) {
  let r;
  if (o instanceof PyModule) {
    if (Object.hasOwn(o.attrs, name)) return o.attrs[name];
    if (name === '__name__') return o.name;
    if (Object.hasOwn(o.missing, name)) throw pyErr('NotImplementedError', missingText(o, name));
    throw pyErr('AttributeError', `module '${o.name}' has no attribute '${name}' (jaxplay's Python has only part of it)`);
  }
  if (typeof o === 'string') r = strMethod(o, name);
  else if (Array.isArray(o)) r = listMethod(o, name);
  else if (isDict(o)) r = dictMethod(o, name);
  else if (o instanceof PySet) r = setMethod(o, name);
  else if (o instanceof PyType) {
    if (name === '__name__' || name === '__qualname__') return o.name;
    if (name === '__module__') return o.module;
    if (Object.hasOwn(o.attrs, name)) return o.attrs[name];
  } else if (o instanceof PyException) {
    if (o.attrs && Object.hasOwn(o.attrs, name)) return o.attrs[name];
    if (name === 'args') return PyTuple.from(o.args);
    if (name === '__class__') return o.type;
    if (name === '__cause__') return o.cause ?? null;
    if (name === 'add_note') return method('add_note', () => null);
  } else if (o instanceof PyCallable) {
    if (name === '__name__' || name === '__qualname__') return o.name;
    if (Object.hasOwn(o.attrs, name)) return o.attrs[name];
  } else if (o instanceof Builtin) {
    if (name === '__name__') return o.name;
    if (o.attrs && Object.hasOwn(o.attrs, name)) return o.attrs[name];
  } else if (o instanceof PyFloat) {
    if (name === 'is_integer') return method(name, () => Number.isInteger(o.v));
    if (name === 'real') return o;
  } else if (arrayOps.isArray?.(o) || arrayOps.hasAttrs?.(o)) {
    r = arrayOps.getattr(o, name);
  } else if (o !== null && (typeof o === 'object' || typeof o === 'function') && name in Object(o) && !JS_INTERNALS.has(name)) {
    // A JS object from `globals`: its properties, methods bound to it.
    const v = o[name];
    return typeof v === 'function' ? builtin(name, (args, kw) => callJS(v.bind(o), args, kw, false)) : fromUserJS(v);
  }
  if (r !== undefined) return r;
  if (name === '__class__') return typeOf(o);
  throw pyErr('AttributeError', `'${typeOf(o).name}' object has no attribute '${name}'`);
}

export function setattr(o, name, v) {
  if (o instanceof PyCallable && (name === '__name__' || name === '__qualname__')) {
    if (typeof v !== 'string') throw pyErr('TypeError', `${name} must be set to a string object`);
    // The name the engine shows (jaxpr `callback=`, the timeline) is the function's JS name.
    if (name === '__name__') [o.name, o.jsFn] = [v, null]; else o.qualname = v;
    return;
  }
  if (o instanceof PyCallable || o instanceof PyException) { (o.attrs ??= {})[name] = v; return; }
  if (o instanceof PyModule) { o.attrs[name] = v; return; }
  // Types, dtypes and jaxplay's own objects are shared by every run: never changed by a program.
  if (o instanceof PyType) throw pyErr('TypeError', `cannot set '${name}' attribute of immutable type '${o.name}'`);
  const ours = o instanceof Builtin || arrayOps.isArray?.(o) || arrayOps.hasAttrs?.(o);
  if (!ours && !JS_INTERNALS.has(name) && o !== null && typeof o === 'object' && !Array.isArray(o) && !isDict(o) && !(o instanceof PyFloat)) {
    o[name] = shallowJS(v);
    return;
  }
  throw pyErr('AttributeError', `'${typeOf(o).name}' object attribute '${name}' is read-only`);
}

