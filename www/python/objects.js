// Attributes, calls and the JS boundary: str methods (the other types': methods.js), attribute
// access on modules, functions, types and JS objects, calling any callable, converting values
// to and from the JS API (tuples and lists to arrays, floats to numbers, dicts to objects,
// Python functions to JS functions) and JS errors to Python exceptions.

import {
  PyFloat, PyTuple, PyType, PyException, PyModule, Builtin, E, pyErr, float, builtin, PyCallable,
} from './types.js';
import {
  arrayOps, userOps, userMethod, isDict, isJsDict, isTuple, typeOf, repr, str, iterate, formatSpec, PyRange,
  PyIterator, PySlice, PyDict, PySet, dictEntries, setCallImpl, isinstance, sliceIndices, T,
} from './runtime.js';
import { strFormat } from './formatting.js';
import { builtinMethod, noKw, DictView } from './methods.js';

// ------------------------------------------------------------------ JS errors -> Python

/** Where the running program is, for the tracebacks JAX puts in a JaxRuntimeError's text. */
let traceContext = () => ({ frames: [], filename: 'main.py' });

/** Sets how to read the running program's frames and file name; returns the previous way. */
export function setTraceContext(read) {
  const previous = traceContext;
  traceContext = read;
  return previous;
}

/** `ValueError: boom`, as a traceback's last line names an exception (module-qualified if not builtin). */
function exceptionLine(pe) {
  const { module, name } = pe.type;
  const qual = module === 'builtins' || module === '__main__' ? name : `${module}.${name}`;
  const text = str(pe);
  return text ? `${qual}: ${text}` : qual;
}

/**
 * JAX's JaxRuntimeError text for what a host callback did: XLA's prefix, the Python frames from
 * the program down to the host's raise (JAX's frames, its own left out), and the host's
 * exception, or the RuntimeError of JAX's check of what the host returned.
 */
function hostErrorText(e) {
  const host = e.cause instanceof PyException ? e.cause : null;
  let last;
  if (host) last = exceptionLine(host);
  else if (e.hostCheck) last = `RuntimeError: ${e.hostCheck}`;
  else if (e.cause instanceof Error) last = `${e.cause.name}: ${e.cause.message}`;
  else return e.message;
  const { frames, filename } = traceContext();
  const lines = [...frames, ...(host?.pyTraceback ?? [])].map((f) => `  File "${filename}", line ${f.line}, in ${f.name}`);
  return ['INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):', ...lines, last].join('\n');
}

/** The Python class of a JS error that names none (`pyType`): by its JS name and text. */
function classOf(e) {
  const msg = e.message;
  switch (e.name) {
    case 'CallbackError': return E.JaxRuntimeError;
    case 'ConcretizationTypeError': return E.ConcretizationTypeError;
    case 'UnexpectedTracerError': return E.UnexpectedTracerError;
    case 'TypeError': return E.TypeError;
    case 'RangeError':
      return /call stack/.test(msg) ? E.RecursionError : /Invalid (array|string|typed array) length|allocation failed|out of memory/i.test(msg) ? E.MemoryError : E.ValueError;
    case 'JaxplayError':
      // JAX raises NotImplementedError for what it does not implement, TypeError for dtypes.
      if (/^vmap is only supported|not supported in vmap-of-cond|Effects not supported|cannot be vmapped|not supported yet|not supported in jaxplay|not in jaxplay yet|does not support/.test(msg)) return E.NotImplementedError;
      return /does not accept dtype|^Gradient only defined for scalar-output/.test(msg) ? E.TypeError : E.ValueError;
    default: return /^operands could not be broadcast|^HostArray|np\.asarray/.test(msg) ? E.ValueError : E.RuntimeError;
  }
}

/**
 * The Python exception for anything thrown: PyExceptions as they are, JS errors as the class
 * they carry in `pyType` (the engine's errors: JAX's class for each) or by their name and text.
 */
export function asPyException(e) {
  if (e instanceof PyException) return e;
  if (e instanceof Error) {
    const type = E[e.pyType] instanceof PyType ? E[e.pyType] : classOf(e);
    let text = e.message;
    if (e.name === 'CallbackError') text = hostErrorText(e);
    else if (e.name === 'RangeError' && type === E.MemoryError) text = `the value would be too large to hold (${text})`;
    const pe = new PyException(type, [text]);
    pe.jsError = e;
    if (e.hint) pe.hint = e.hint;
    return pe;
  }
  return new PyException(E.RuntimeError, [`a JS value was thrown: ${String(e)}`]);
}

// ------------------------------------------------------------------ JS boundary

/**
 * A Python value for the JS API: tuples -> arrays, floats -> numbers, dicts -> objects (a JS
 * Map when a key is not a str), functions and callable instances -> JS functions.
 */
export const toJS = (v) => jsValue(v, null);

function jsValue(v, seen) {
  if (v instanceof PyFloat) return v.v;
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object') return v;
  if (v instanceof PyCallable) return v.js;
  // A list or dict that contains itself becomes a JS value that contains itself.
  if (seen?.has(v)) return seen.get(v);
  if (Array.isArray(v) || v instanceof PyRange || v instanceof PyIterator || v instanceof DictView) {
    const out = [];
    (seen ??= new Map()).set(v, out);
    for (const x of iterate(v)) out.push(jsValue(x, seen));
    return out;
  }
  if (v instanceof PySet) return new Set(Array.from(v.values(), (x) => jsValue(x, seen)));
  if (isDict(v)) {
    const entries = [...dictEntries(v)];
    const plain = entries.every(([k]) => typeof k === 'string');
    const out = plain ? {} : new Map();
    (seen ??= new Map()).set(v, out);
    for (const [k, x] of entries) {
      if (plain) out[k] = jsValue(x, seen); else out.set(jsValue(k, seen), jsValue(x, seen));
    }
    return out;
  }
  if (v.pyClass !== undefined && userMethod(v, '__call__')) return (...args) => toJS(callValue(v, args.map(fromJS), null));
  if (v instanceof Builtin) return v.js ?? ((...args) => toJS(v.fn(args.map(fromJS), {})));
  const a = arrayOps.toJS?.(v);
  return a === undefined ? v : a;
}

/** A JS value from the JS API as a Python value: arrays -> tuples, numbers -> int or float, objects -> dicts. */
export function fromJS(v) {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? v : float(v);
  if (typeof v === 'function') return builtin(v.name || 'function', (args, kw) => callJS(v, args, kw, true));
  if (Array.isArray(v)) return v instanceof PyTuple ? v : PyTuple.from(v.map(fromJS));
  if (isJsDict(v)) {
    const d = new PyDict();
    for (const k of Object.keys(v)) d.set(k, fromJS(v[k]));
    return d;
  }
  if (v instanceof Map) {
    const d = new PyDict();
    for (const [k, x] of v) d.set(fromJS(k), fromJS(x));
    return d;
  }
  const a = arrayOps.fromJS?.(v);
  return a === undefined ? v : a;
}

/**
 * Calls a JS function with Python arguments. `deep` (the JS API): pytrees converted both ways.
 * Otherwise (the learner's own JS, from `globals`): lists and JS objects are passed as the same
 * live objects, only floats, functions and Python dicts (as objects) are converted.
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
  if (v instanceof PyCallable || v instanceof PyDict) return toJS(v);
  return v;
}

/** A value from the learner's JS: lists and objects stay live, numbers become int or float. */
export function fromUserJS(v) {
  if (v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? v : float(v);
  if (typeof v === 'function') return builtin(v.name || 'function', (args, kw) => callJS(v, args, kw, false));
  return v;
}

// ------------------------------------------------------------------ calls

export function callValue(f, args, kwargs) {
  if (f instanceof PyCallable) return f.call(args, kwargs);
  if (f instanceof Builtin) {
    try {
      return f.fn(args, kwargs ?? {});
    } catch (e) {
      // A host callback's failure, converted here where the frames of its call are still on
      // the stack: JAX's text for it lists them.
      throw e?.name === 'CallbackError' ? asPyException(e) : e;
    }
  }
  if (f instanceof PyType) {
    if (f.callImpl) return f.callImpl(args, kwargs ?? {});
    if (f.isSubclassOf(E.BaseException)) {
      if (kwargs && Object.keys(kwargs).length) throw pyErr('TypeError', `${f.name}() takes no keyword arguments`);
      return new PyException(f, args);
    }
    throw pyErr('TypeError', `cannot create '${f.name}' instances`);
  }
  if (typeof f?.pyCall === 'function') return f.pyCall(args, kwargs ?? {});
  const m = userMethod(f, '__call__');
  if (m) return callValue(m, args, kwargs);
  if (typeof f === 'function') return callJS(f, args, kwargs, false);
  throw pyErr('TypeError', `'${typeOf(f).name}' object is not callable`);
}
setCallImpl(callValue);

/** `callable(v)`. */
export const isCallable = (v) => v instanceof PyCallable || v instanceof Builtin || v instanceof PyType || typeof v === 'function'
  || typeof v?.pyCall === 'function' || userMethod(v, '__call__') !== undefined;

// ------------------------------------------------------------------ str methods

const method = (name, fn) => builtin(name, fn);

/** `s.find(sub, start, end)`'s window, as slice indices. */
const window = (s, start, end) => sliceIndices(new PySlice(start ?? null, end ?? null, null), s.length);

function strMethod(self, name) {
  const needStr = (x, what) => {
    if (typeof x !== 'string') throw pyErr('TypeError', `${what} arg must be None or str`);
    return x;
  };
  const affix = (test) => ([p, start, end]) => {
    const [a, b] = window(self, start, end);
    const s = self.slice(a, b);
    if (isTuple(p)) return p.some((x) => test(s, x));
    if (typeof p !== 'string') throw pyErr('TypeError', `${name} first arg must be str or a tuple of str, not ${typeOf(p).name}`);
    return test(s, p);
  };
  const find = (fromEnd) => ([sub, start, end]) => {
    const [a, b] = window(self, start, end);
    const k = fromEnd ? self.slice(a, b).lastIndexOf(sub) : self.slice(a, b).indexOf(sub);
    return k < 0 ? -1 : k + a;
  };
  const m = {
    startswith: affix((s, x) => s.startsWith(x)),
    endswith: affix((s, x) => s.endsWith(x)),
    upper: () => self.toUpperCase(),
    lower: () => self.toLowerCase(),
    casefold: () => self.toLowerCase(),
    swapcase: () => [...self].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
    strip: ([c = null]) => (c !== null ? trimChars(self, needStr(c, 'strip'), true, true) : self.trim()),
    lstrip: ([c = null]) => (c !== null ? trimChars(self, needStr(c, 'lstrip'), true, false) : self.trimStart()),
    rstrip: ([c = null]) => (c !== null ? trimChars(self, needStr(c, 'rstrip'), false, true) : self.trimEnd()),
    split: ([sep = null, max = -1], kw) => splitStr(self, kw.sep ?? sep, Number(kw.maxsplit ?? max), false),
    rsplit: ([sep = null, max = -1], kw) => splitStr(self, kw.sep ?? sep, Number(kw.maxsplit ?? max), true),
    partition: ([sep]) => {
      const k = self.indexOf(sep);
      return k < 0 ? PyTuple.of(self, '', '') : PyTuple.of(self.slice(0, k), sep, self.slice(k + sep.length));
    },
    rpartition: ([sep]) => {
      const k = self.lastIndexOf(sep);
      return k < 0 ? PyTuple.of('', '', self) : PyTuple.of(self.slice(0, k), sep, self.slice(k + sep.length));
    },
    join: ([xs]) => [...iterate(xs)].map((x, i) => {
      if (typeof x !== 'string') throw pyErr('TypeError', `sequence item ${i}: expected str instance, ${typeOf(x).name} found`);
      return x;
    }).join(self),
    replace: ([a, b, count = -1]) => {
      if (Number(count) < 0) return self.split(a).join(b);
      const parts = self.split(a);
      return parts.slice(0, Number(count) + 1).join(b) + (parts.length > Number(count) + 1 ? a + parts.slice(Number(count) + 1).join(a) : '');
    },
    find: find(false),
    rfind: find(true),
    index: (args) => {
      const k = find(false)(args);
      if (k < 0) throw pyErr('ValueError', 'substring not found');
      return k;
    },
    rindex: (args) => {
      const k = find(true)(args);
      if (k < 0) throw pyErr('ValueError', 'substring not found');
      return k;
    },
    count: ([s, start, end]) => {
      const [a, b] = window(self, start, end);
      const part = self.slice(a, b);
      return s === '' ? part.length + 1 : part.split(s).length - 1;
    },
    format: (args, kw) => strFormat(self, args, kw, getattr),
    format_map: ([d]) => strFormat(self, [], Object.fromEntries(dictEntries(d)), getattr),
    isdigit: () => /^\d+$/.test(self),
    isdecimal: () => /^\d+$/.test(self),
    isnumeric: () => /^\p{N}+$/u.test(self),
    isalpha: () => /^\p{L}+$/u.test(self),
    isalnum: () => /^[\p{L}\p{N}]+$/u.test(self),
    isspace: () => /^\s+$/.test(self),
    isupper: () => /\p{Lu}/u.test(self) && self === self.toUpperCase(),
    islower: () => /\p{Ll}/u.test(self) && self === self.toLowerCase(),
    istitle: () => /\p{L}/u.test(self) && self === titleCase(self),
    isidentifier: () => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(self),
    title: () => titleCase(self),
    capitalize: () => self.charAt(0).toUpperCase() + self.slice(1).toLowerCase(),
    zfill: ([w]) => {
      const sign = /^[+-]/.test(self) ? self[0] : '';
      return sign + self.slice(sign.length).padStart(Number(w) - sign.length, '0');
    },
    ljust: ([w, f = ' ']) => self.padEnd(w, f),
    rjust: ([w, f = ' ']) => self.padStart(w, f),
    center: ([w, f = ' ']) => formatSpec(self, `${f}^${w}`),
    splitlines: ([keep = false]) => {
      const lines = self.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
      return keep ? lines : lines.map((l) => l.replace(/(\r\n|\r|\n)$/, ''));
    },
    removeprefix: ([p]) => (self.startsWith(p) ? self.slice(p.length) : self),
    removesuffix: ([p]) => (p && self.endsWith(p) ? self.slice(0, -p.length) : self),
    expandtabs: ([n = 8]) => self.replace(/\t/g, ' '.repeat(Number(n))),
    encode: () => { throw pyErr('NotImplementedError', "jaxplay's Python does not support `bytes` yet"); },
  };
  if (!Object.hasOwn(m, name)) return undefined;
  return method(name, (args, kw) => {
    if (!['format', 'split', 'rsplit'].includes(name)) noKw(name, kw);
    return m[name](args, kw);
  });
}

const titleCase = (s) => s.replace(/\p{L}+/gu, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());

function splitStr(s, sep, max, fromRight) {
  if (sep === null) {
    const words = s.trim().split(/\s+/).filter((w) => w !== '');
    if (max < 0 || words.length <= max + 1) return words;
    // The rest keeps its own spacing, as Python's does.
    if (fromRight) {
      const tail = words.slice(words.length - max);
      const head = s.trimEnd();
      let cut = head.length;
      for (let i = 0; i < max; i++) cut = head.lastIndexOf(tail[tail.length - 1 - i], cut - 1);
      return [head.slice(0, cut).trimEnd(), ...tail];
    }
    const out = [];
    let rest = s.trimStart();
    for (let i = 0; i < max; i++) {
      const m = /\s+/.exec(rest);
      out.push(rest.slice(0, m.index));
      rest = rest.slice(m.index + m[0].length);
    }
    return [...out, rest];
  }
  if (typeof sep !== 'string') throw pyErr('TypeError', `must be str or None, not ${typeOf(sep).name}`);
  if (sep === '') throw pyErr('ValueError', 'empty separator');
  const parts = s.split(sep);
  if (max < 0 || parts.length <= max + 1) return parts;
  return fromRight ? [parts.slice(0, parts.length - max).join(sep), ...parts.slice(parts.length - max)] : [...parts.slice(0, max), parts.slice(max).join(sep)];
}

function trimChars(s, chars, left, right) {
  let a = 0;
  let b = s.length;
  while (left && a < b && chars.includes(s[a])) a += 1;
  while (right && b > a && chars.includes(s[b - 1])) b -= 1;
  return s.slice(a, b);
}

// ------------------------------------------------------------------ attributes

/** JS plumbing a program has no business reaching through a JS object (`f.constructor(...)`). */
const JS_INTERNALS = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Why module `m` lacks `name` (a JAX function the engine has no primitive for yet). */
export const missingText = (m, name) => `\`${m.name === 'jax.numpy' ? 'jnp' : m.name}.${name}\` is not in jaxplay yet (${m.missing[name]})`;

/** jaxplay's own objects: never read or written as JS objects by a program. */
const isOurs = (o) => o instanceof Builtin || o.pyType !== undefined || o instanceof PySet || o instanceof PyDict || o instanceof PyIterator
  || o instanceof PyRange || o instanceof PySlice || o instanceof PyFloat || o instanceof PyCallable || o instanceof PyException
  || o instanceof PyType || arrayOps.isArray?.(o) || arrayOps.hasAttrs?.(o);

export function getattr(o, name) {
  if (o instanceof PyModule) {
    if (Object.hasOwn(o.attrs, name)) return o.attrs[name];
    if (name === '__name__') return o.name;
    if (Object.hasOwn(o.missing, name)) throw pyErr('NotImplementedError', missingText(o, name));
    throw pyErr('AttributeError', `module '${o.name}' has no attribute '${name}' (jaxplay's Python has only part of it)`);
  }
  if (o !== null && typeof o === 'object') {
    if (o.pyClass !== undefined) return userOps.getattr(o, name);
    if (o instanceof PyType && o.user) return userOps.classGetattr(o, name);
    if (typeof o.pyGetattr === 'function') {
      const r = o.pyGetattr(name);
      if (r !== undefined) return r;
    }
  }
  const r = builtinAttr(o, name);
  if (r !== undefined) return r;
  throw attributeError(o, name);
}

export const attributeError = (o, name) => pyErr('AttributeError', o instanceof PyType
  ? `type object '${o.name}' has no attribute '${name}'`
  : `'${typeOf(o).name}' object has no attribute '${name}'`);

/** An attribute of a value of a built-in type, a function, an exception or a JS object; or undefined. */
export function builtinAttr(o, name) {
  if (name === '__class__') return typeOf(o);
  if (typeof o === 'string') return strMethod(o, name);
  if (o instanceof PyType) return typeAttr(o, name);
  if (o instanceof PyException) {
    if (o.attrs && Object.hasOwn(o.attrs, name)) return o.attrs[name];
    if (name === 'args') return PyTuple.from(o.args);
    if (name === '__cause__') return o.cause ?? null;
    if (name === '__context__') return o.context ?? null;
    if (name === '__traceback__') return null;
    if (name === 'value' && o.type.isSubclassOf(E.StopIteration)) return o.args[0] ?? null;
    if (name === 'add_note') return method('add_note', () => null);
    if (name === 'with_traceback') return method('with_traceback', () => o);
    return undefined;
  }
  if (o instanceof PyCallable) {
    if (name === '__name__') return o.name;
    if (name === '__qualname__') return o.qualname ?? o.name;
    if (name === '__doc__') return o.doc ?? null;
    if (name === '__module__') return '__main__';
    if (name === '__wrapped__' && o.attrs && !Object.hasOwn(o.attrs, name)) return undefined;
    return o.attrs && Object.hasOwn(o.attrs, name) ? o.attrs[name] : undefined;
  }
  if (o instanceof Builtin) {
    if (name === '__name__' || name === '__qualname__') return o.name;
    return o.attrs && Object.hasOwn(o.attrs, name) ? o.attrs[name] : undefined;
  }
  if (o instanceof PySlice) {
    if (name === 'start' || name === 'stop' || name === 'step') return o[name];
    if (name === 'indices') return method(name, ([n]) => PyTuple.from(sliceIndices(o, Number(n))));
    return undefined;
  }
  if (o instanceof PyRange) return name === 'start' || name === 'stop' || name === 'step' ? o[name] : undefined;
  const m = builtinMethod(o, name);
  if (m !== undefined) return m;
  if (o === null || o === undefined || typeof o !== 'object') return undefined;
  if (arrayOps.isArray?.(o) || arrayOps.hasAttrs?.(o)) return arrayOps.getattr(o, name);
  if (!isOurs(o) && !JS_INTERNALS.has(name) && name in Object(o)) {
    // A JS object from `globals`: its properties, methods bound to it.
    const v = o[name];
    return typeof v === 'function' ? builtin(name, (args, kw) => callJS(v.bind(o), args, kw, false)) : fromUserJS(v);
  }
  return undefined;
}

/** Built-in types: their names, and their methods unbound (`str.lower`, `dict.fromkeys`). */
function typeAttr(t, name) {
  switch (name) {
    case '__name__': case '__qualname__': return t.name;
    case '__module__': return t.module;
    case '__mro__': return PyTuple.from(t.mro);
    case '__bases__': return PyTuple.from(t.bases.length ? t.bases : t === T.object ? [] : [T.object]);
    case '__base__': return t.base ?? (t === T.object ? null : T.object);
    case '__doc__': return null;
    default: break;
  }
  for (const c of t.mro) if (Object.hasOwn(c.attrs, name)) return c.attrs[name];
  const sample = SAMPLES[t.name];
  if (sample === undefined || t.module !== 'builtins') return undefined;
  const m = typeof sample === 'string' ? strMethod(sample, name) : builtinMethod(sample(), name);
  if (m === undefined) return undefined;
  const unbound = builtin(name, ([self, ...rest], kw) => {
    if (!isinstance(self, t)) throw pyErr('TypeError', `descriptor '${name}' for '${t.name}' objects doesn't apply to a '${typeOf(self).name}' object`);
    return callValue(getattr(self, name), rest, kw);
  });
  unbound.reprText = `<method '${name}' of '${t.name}' objects>`;
  return unbound;
}

const SAMPLES = {
  str: '', list: () => [], tuple: () => new PyTuple(), dict: () => new PyDict(), set: () => new PySet(), frozenset: () => new PySet(true), int: () => 0, float: () => float(0.5),
};

export function setattr(o, name, v) {
  if (o !== null && typeof o === 'object') {
    if (o.pyClass !== undefined) { userOps.setattr(o, name, v); return; }
    if (o instanceof PyType && o.user) { userOps.classSetattr(o, name, v); return; }
  }
  if (o instanceof PyCallable && (name === '__name__' || name === '__qualname__')) {
    if (typeof v !== 'string') throw pyErr('TypeError', `${name} must be set to a string object`);
    // The name the engine shows (jaxpr `callback=`, the timeline) is the function's JS name.
    if (name === '__name__') [o.name, o.jsFn] = [v, null]; else o.qualname = v;
    return;
  }
  if (o instanceof PyCallable && name === '__doc__') { o.doc = v; return; }
  if (o instanceof PyCallable || o instanceof PyException) { (o.attrs ??= {})[name] = v; return; }
  if (o instanceof PyModule) { o.attrs[name] = v; return; }
  // Types, dtypes and jaxplay's own objects are shared by every run: never changed by a program.
  if (o instanceof PyType) throw pyErr('TypeError', `cannot set '${name}' attribute of immutable type '${o.name}'`);
  if (o !== null && typeof o === 'object' && !isOurs(o) && !JS_INTERNALS.has(name) && !Array.isArray(o) && !isDict(o) && !(o instanceof PyFloat) && !(o instanceof PySet)) {
    o[name] = shallowJS(v);
    return;
  }
  throw pyErr('AttributeError', `'${typeOf(o).name}' object attribute '${name}' is read-only`);
}
