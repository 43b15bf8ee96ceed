// Classes written in Python: building a class from its body's namespace (single and multiple
// inheritance with C3, exception classes), instances and their `__dict__`, attribute lookup
// with Python's descriptor rules (functions bind to methods, `staticmethod`, `classmethod`,
// `property`), `super()`, and the dunder methods runtime.js asks about (`userOps`: `__add__`,
// `__eq__`, `__hash__`, `__len__`, `__iter__`, `__repr__`...). A bound method is a callable like
// any other, so `jax.pure_callback(recorder.record, ...)` passes it to the engine as a JS function.

import {
  PyTuple, PyType, PyException, PyCallable, E, pyErr, NOT_IMPLEMENTED, OBJECT, builtin,
} from './types.js';
import {
  userOps, isUser, typeOf, truthy, repr, str, iterate, isinstance, PyDict, DONE, defaultRepr, T, nextOf,
} from './runtime.js';
import {
  callValue, builtinAttr, attributeError, toJS, fromJS,
} from './objects.js';
import { SLOW, identityHash } from './hash.js';

/** An instance of a class written in Python: its class and its `__dict__`. */
export class PyInstance {
  constructor(cls) {
    this.pyClass = cls;
    this.dict = new PyDict();
  }
}

/** A function written in JS that binds as a method when it is a class attribute (`__init__` of a dataclass). */
export class NativeFunction extends PyCallable {
  constructor(name, fn, qualname = name) {
    super();
    this.name = name;
    this.qualname = qualname;
    this.fn = fn;
    this.attrs = {};
  }

  call(args, kwargs) { return this.fn(args, kwargs ?? {}); }

  get js() {
    this.jsFn ??= { [this.name]: (...args) => toJS(this.call(args.map(fromJS), null)) }[this.name];
    return this.jsFn;
  }
}
NativeFunction.prototype.binds = true;

const descriptorType = (name, call) => new PyType(name, { call });

/** `staticmethod(f)`: the function itself, whether read from the class or an instance. */
export class StaticMethod {
  constructor(fn) { this.fn = fn; }

  get pyType() { return T.staticmethod; }

  pyGetattr(name) { return name === '__func__' ? this.fn : undefined; }
}

/** `classmethod(f)`: the function bound to the class. */
export class ClassMethod {
  constructor(fn) { this.fn = fn; }

  get pyType() { return T.classmethod; }

  pyGetattr(name) { return name === '__func__' ? this.fn : undefined; }
}

/** `property(fget, fset, fdel, doc)`, with `.setter`/`.getter`/`.deleter` for the decorator form. */
export class Property {
  constructor(fget = null, fset = null, fdel = null, doc = null) {
    Object.assign(this, { fget, fset, fdel, doc });
    this.name = fget?.name ?? null;
  }

  get pyType() { return T.property; }

  pyGetattr(name) {
    const copy = (change) => builtin(name, ([f]) => {
      const p = new Property(this.fget, this.fset, this.fdel, this.doc);
      change(p, f);
      return p;
    });
    switch (name) {
      case 'setter': return copy((p, f) => { p.fset = f; });
      case 'getter': return copy((p, f) => { p.fget = f; p.name = f?.name ?? p.name; });
      case 'deleter': return copy((p, f) => { p.fdel = f; });
      case 'fget': return this.fget;
      case 'fset': return this.fset;
      case 'fdel': return this.fdel;
      case '__doc__': return this.doc ?? (this.fget ? builtinAttr(this.fget, '__doc__') : null) ?? null;
      default: return undefined;
    }
  }
}

T.staticmethod = descriptorType('staticmethod', ([f]) => new StaticMethod(f));
T.classmethod = descriptorType('classmethod', ([f]) => new ClassMethod(f));
T.property = descriptorType('property', (args, kw) => new Property(args[0] ?? kw.fget ?? null, args[1] ?? kw.fset ?? null, args[2] ?? kw.fdel ?? null, args[3] ?? kw.doc ?? null));
T.method = new PyType('method');
T.super = descriptorType('super', null);

/** A function bound to an instance (or, for a classmethod, to a class). */
export class BoundMethod extends PyCallable {
  constructor(fn, self) {
    super();
    this.fn = fn;
    this.self = self;
    this.jsFn = null;
  }

  get name() { return this.fn.name; }

  get qualname() { return this.fn.qualname ?? this.fn.name; }

  get pyType() { return T.method; }

  call(args, kwargs) { return callValue(this.fn, [this.self, ...args], kwargs); }

  /** As a JS function (a JAX callback): one per bound method, named as the method. */
  get js() {
    if (!this.jsFn) {
      const run = this.fn.interp?.fromJS ?? ((f) => f());
      const name = this.name;
      this.jsFn = { [name]: (...args) => run(() => toJS(this.call(args.map(fromJS), null))) }[name];
    }
    return this.jsFn;
  }

  pyGetattr(name) {
    switch (name) {
      case '__self__': return this.self;
      case '__func__': return this.fn;
      case '__name__': return this.name;
      case '__qualname__': return this.qualname;
      default: return builtinAttr(this.fn, name);
    }
  }

  pyRepr() { return `<bound method ${this.qualname} of ${repr(this.self)}>`; }

  pyEq(other) { return other instanceof BoundMethod && other.fn === this.fn && other.self === this.self; }
}

// ------------------------------------------------------------------ lookup and binding

/** The value of `name` in the class's MRO (built-in classes' own attributes included), or undefined. */
export function classLookup(cls, name) {
  for (const c of cls.mro) if (Object.hasOwn(c.attrs, name)) return c.attrs[name];
  return undefined;
}

/** `name` as defined by a class written in Python (a dunder's override), or undefined; null when set to None. */
function userLookup(cls, name) {
  for (const c of cls.mro) if (c.user && Object.hasOwn(c.attrs, name)) return c.attrs[name];
  return undefined;
}

/** A class attribute as read through `obj` (null: read from the class itself). */
function bind(v, obj, cls) {
  if (v === null || typeof v !== 'object') return v;
  if (v.binds === true) return obj === null ? v : new BoundMethod(v, obj);
  if (v instanceof StaticMethod) return v.fn;
  if (v instanceof ClassMethod) return new BoundMethod(v.fn, cls);
  if (v instanceof Property && obj !== null) {
    if (!v.fget) throw pyErr('AttributeError', `property '${v.name}' of '${cls.name}' object has no getter`);
    return callValue(v.fget, [obj], null);
  }
  return v;
}

/** The instance's own attributes: a PyInstance's `__dict__`, an exception's attrs. */
function ownAttr(o, name) {
  if (o instanceof PyInstance) return o.dict.get(name);
  if (o instanceof PyException) return o.attrs && Object.hasOwn(o.attrs, name) ? o.attrs[name] : undefined;
  return undefined;
}

userOps.getattr = (o, name) => {
  const cls = o.pyClass;
  const found = classLookup(cls, name);
  if (found instanceof Property) return bind(found, o, cls);
  const own = ownAttr(o, name);
  if (own !== undefined) return own;
  if (found !== undefined) return bind(found, o, cls);
  if (name === '__dict__' && o instanceof PyInstance) return o.dict;
  if (name === '__class__') return cls;
  if (!(o instanceof PyInstance)) {
    const r = builtinAttr(o, name);
    if (r !== undefined) return r;
  }
  const getattrHook = userLookup(cls, '__getattr__');
  if (getattrHook) return callValue(bind(getattrHook, o, cls), [name], null);
  throw attributeError(o, name);
};

/** `object.__setattr__`: a property's setter, else the instance's own attributes. */
function objectSetattr(o, name, v) {
  const found = classLookup(o.pyClass, name);
  if (found instanceof Property) {
    if (found.readOnly) throw pyErr('AttributeError', "can't set attribute");
    if (!found.fset) throw pyErr('AttributeError', `property '${found.name}' of '${o.pyClass.name}' object has no setter`);
    callValue(found.fset, [o, v], null);
    return;
  }
  if (o instanceof PyInstance) o.dict.set(name, v);
  else if (o instanceof PyException) (o.attrs ??= {})[name] = v;
  else throw pyErr('AttributeError', `'${o.pyClass.name}' object attribute '${name}' is read-only`);
}

userOps.setattr = (o, name, v) => {
  const hook = userLookup(o.pyClass, '__setattr__');
  if (hook) callValue(bind(hook, o, o.pyClass), [name, v], null);
  else objectSetattr(o, name, v);
};

userOps.delattr = (o, name) => {
  const hook = userLookup(o.pyClass, '__delattr__');
  if (hook) { callValue(bind(hook, o, o.pyClass), [name], null); return; }
  const found = classLookup(o.pyClass, name);
  if (found instanceof Property) {
    if (!found.fdel) throw pyErr('AttributeError', `property '${found.name}' of '${o.pyClass.name}' object has no deleter`);
    callValue(found.fdel, [o], null);
    return;
  }
  const gone = o instanceof PyInstance ? o.dict.delete(name) !== undefined
    : o instanceof PyException && o.attrs && Object.hasOwn(o.attrs, name) && delete o.attrs[name];
  if (!gone) throw attributeError(o, name);
};

userOps.classGetattr = (cls, name) => {
  switch (name) {
    case '__name__': return cls.name;
    case '__qualname__': return cls.pyQualname ?? cls.name;
    case '__module__': return cls.module;
    case '__mro__': return PyTuple.from(cls.mro);
    case '__bases__': return PyTuple.from(cls.bases.length ? cls.bases : [OBJECT]);
    case '__base__': return cls.bases[0] ?? OBJECT;
    case '__dict__': return PyDict.of(Object.entries(cls.attrs));
    case '__doc__': return Object.hasOwn(cls.attrs, '__doc__') ? cls.attrs.__doc__ : null;
    case '__class__': return T.type;
    default: break;
  }
  const v = classLookup(cls, name);
  if (v !== undefined) return bind(v, null, cls);
  throw attributeError(cls, name);
};

userOps.classSetattr = (cls, name, v) => { cls.attrs[name] = v; };

userOps.method = (v, name) => {
  const f = userLookup(v.pyClass, name);
  return f === undefined || f === null ? undefined : bind(f, v, v.pyClass);
};

// ------------------------------------------------------------------ super()

/** `super()`: attributes of the classes after `cls` in the MRO of `obj`'s class, bound to `obj`. */
export class PySuper {
  constructor(cls, obj) {
    if (!(cls instanceof PyType)) throw pyErr('TypeError', `super() argument 1 must be a type, not ${typeOf(cls).name}`);
    const objType = obj instanceof PyType && obj.isSubclassOf(cls) ? obj : typeOf(obj);
    if (!objType.isSubclassOf(cls)) throw pyErr('TypeError', 'super(type, obj): obj must be an instance or subtype of type');
    Object.assign(this, { cls, obj, objType });
  }

  get pyType() { return T.super; }

  pyGetattr(name) {
    const mro = this.objType.mro;
    for (const c of mro.slice(mro.indexOf(this.cls) + 1)) {
      if (Object.hasOwn(c.attrs, name)) return bind(c.attrs[name], this.obj === this.objType ? null : this.obj, this.objType);
    }
    if (name === '__class__') return T.super;
    throw pyErr('AttributeError', `'super' object has no attribute '${name}'`);
  }

  pyRepr() { return `<super: <class '${this.cls.name}'>, <${this.objType.name} object>>`; }
}

// ------------------------------------------------------------------ object's and BaseException's methods

const native = (cls, name, fn) => { cls.attrs[name] = new NativeFunction(name, fn, `${cls.name}.${name}`); };
native(OBJECT, '__init__', () => null);
native(OBJECT, '__new__', ([cls]) => {
  if (!(cls instanceof PyType) || !cls.user) throw pyErr('TypeError', `object.__new__(${cls instanceof PyType ? cls.name : 'X'}) is not safe, use ${cls instanceof PyType ? cls.name : 'X'}.__new__()`);
  return newInstance(cls, []);
});
native(OBJECT, '__setattr__', ([o, name, v]) => { objectSetattr(o, name, v); return null; });
native(OBJECT, '__getattribute__', ([o, name]) => userOps.getattr(o, name));
native(OBJECT, '__delattr__', ([o, name]) => { userOps.delattr(o, name); return null; });
native(OBJECT, '__repr__', ([o]) => defaultRepr(o));
native(OBJECT, '__str__', ([o]) => repr(o));
native(OBJECT, '__eq__', ([a, b]) => (a === b ? true : NOT_IMPLEMENTED));
native(OBJECT, '__ne__', ([a, b]) => (a === b ? false : NOT_IMPLEMENTED));
native(OBJECT, '__hash__', ([o]) => identityHash(o));
native(OBJECT, '__init_subclass__', () => null);
OBJECT.attrs.__init_subclass__ = new ClassMethod(OBJECT.attrs.__init_subclass__);
native(E.BaseException, '__init__', ([e, ...args]) => { e.args = args; return null; });
native(E.BaseException, '__str__', ([e]) => str(new PyException(e.type, e.args)));
native(E.BaseException, '__repr__', ([e]) => `${e.type.name}(${e.args.map((a) => repr(a)).join(', ')})`);

// ------------------------------------------------------------------ classes

/** Built-in types a class may not derive from yet (their instances are not PyInstances). */
const BUILTIN_BASES = new Set(['int', 'float', 'bool', 'str', 'list', 'tuple', 'dict', 'set', 'frozenset', 'type', 'range']);

/** A new, uninitialised instance of `cls` (its kind follows its bases: an exception, a named tuple). */
function newInstance(cls, args) {
  if (cls.isSubclassOf(E.BaseException)) {
    const e = new PyException(cls, args);
    e.pyClass = cls;
    e.attrs = {};
    return e;
  }
  if (cls.newInstance) return cls.newInstance(cls, args);
  return new PyInstance(cls);
}

/** Whether a class attribute is marked by `abc.abstractmethod` (directly or under a descriptor). */
const isAbstract = (v) => Boolean(v?.isAbstract || v?.fn?.isAbstract || v?.fget?.isAbstract);

/** The abstract methods a class (derived from `abc.ABC`) has not overridden, sorted. */
function abstractMethods(cls) {
  if (!cls.mro.some((c) => c.abstractBase)) return [];
  const names = new Set(cls.mro.flatMap((c) => Object.keys(c.attrs)));
  return [...names].filter((n) => isAbstract(classLookup(cls, n))).sort();
}

/** Calling a class: `__new__`, then `__init__`, with Python's errors for stray arguments. */
export function construct(cls, args, kw) {
  const abstract = abstractMethods(cls);
  if (abstract.length) {
    throw pyErr('TypeError', `Can't instantiate abstract class ${cls.name} with abstract method${abstract.length === 1 ? '' : 's'} ${abstract.join(', ')}`);
  }
  const newFn = userLookup(cls, '__new__');
  let obj;
  if (newFn !== undefined) {
    const f = newFn instanceof StaticMethod ? newFn.fn : newFn;
    obj = callValue(f, [cls, ...args], kw);
    if (!isinstance(obj, cls)) return obj;
  } else {
    obj = newInstance(cls, args);
  }
  const init = classLookup(cls, '__init__');
  if (init === OBJECT.attrs.__init__) {
    if (newFn === undefined && !cls.newInstance && (args.length || Object.keys(kw).length) && !cls.isSubclassOf(E.BaseException)) {
      throw pyErr('TypeError', `${cls.name}() takes no arguments`);
    }
    return obj;
  }
  const r = callValue(bind(init, obj, cls), args, kw);
  if (r !== null && r !== undefined) throw pyErr('TypeError', `__init__() should return None, not '${typeOf(r).name}'`);
  return obj;
}

/** Marks the functions a class body defined as its methods: zero-argument `super()` finds the class. */
function adopt(cls, v) {
  const fn = v instanceof StaticMethod || v instanceof ClassMethod ? v.fn : v;
  if (fn instanceof PyCallable && fn.binds && fn.ownerClass === undefined) fn.ownerClass = cls;
  if (v instanceof Property) for (const f of [v.fget, v.fset, v.fdel]) if (f) adopt(cls, f);
}

/**
 * A class from a `class` statement: `name`, its bases (PyTypes), and the namespace its body
 * built (a Map, in definition order). `qualname`: `Outer.Inner`, `f.<locals>.A`; `annotations`:
 * the body's `[name, annotation text]` pairs, in order (dataclasses reads them).
 */
export function makeClass(name, allBases, namespace, { qualname = name, module = '__main__', annotations = [] } = {}) {
  // typing's NamedTuple and TypedDict build their own kind of class; Generic and Protocol are only for checkers.
  const factory = allBases.find((b) => b?.classFactory);
  if (factory) return factory.classFactory(name, namespace, annotations);
  const bases = allBases.filter((b) => !b?.ignoredBase);
  const generic = bases.length !== allBases.length || bases.some((b) => b.generic);
  for (const b of bases) {
    if (!(b instanceof PyType)) throw pyErr('TypeError', `bases must be types, not ${typeOf(b).name}`);
    if (b.final || (b.module === 'builtins' && BUILTIN_BASES.has(b.name) && !b.user)) {
      throw pyErr('NotImplementedError', `jaxplay's Python does not support subclassing \`${b.name}\` yet (derive from object and keep a ${b.name} as an attribute)`);
    }
  }
  const attrs = Object.create(null);
  for (const [k, v] of namespace) attrs[k] = v;
  // A class that defines __eq__ but not __hash__ is unhashable, as in Python.
  if (Object.hasOwn(attrs, '__eq__') && !Object.hasOwn(attrs, '__hash__')) attrs.__hash__ = null;
  const cls = new PyType(name, { bases: bases.length ? bases : null, module, attrs });
  cls.user = true;
  cls.pyQualname = qualname;
  cls.annotations = annotations;
  cls.generic = generic;
  cls.newInstance = bases.find((b) => b.newInstance)?.newInstance ?? null;
  cls.callImpl = (args, kw) => construct(cls, args, kw);
  for (const v of Object.values(attrs)) adopt(cls, v);
  // Implicitly a static method and a class method, as in Python.
  if (attrs.__new__?.binds) attrs.__new__ = new StaticMethod(attrs.__new__);
  if (attrs.__init_subclass__?.binds) attrs.__init_subclass__ = new ClassMethod(attrs.__init_subclass__);
  for (const c of cls.mro.slice(1)) {
    if (Object.hasOwn(c.attrs, '__init_subclass__')) {
      callValue(bind(c.attrs.__init_subclass__, null, cls), [], null);
      break;
    }
  }
  return cls;
}

// ------------------------------------------------------------------ dunders for runtime.js

const OPS = {
  '+': 'add', '-': 'sub', '*': 'mul', '/': 'truediv', '//': 'floordiv', '%': 'mod', '**': 'pow', '@': 'matmul',
  '&': 'and', '|': 'or', '^': 'xor', '<<': 'lshift', '>>': 'rshift',
};
const tryDunder = (v, name, args) => {
  const m = isUser(v) ? userOps.method(v, name) : undefined;
  return m === undefined ? NOT_IMPLEMENTED : callValue(m, args, null);
};

userOps.binop = (op, a, b) => {
  const name = OPS[op];
  if (!name) return NOT_IMPLEMENTED;
  // A subclass's reflected method goes first, as Python tries it.
  const subclassFirst = isUser(b) && typeOf(b) !== typeOf(a) && typeOf(b).isSubclassOf(typeOf(a));
  if (subclassFirst) {
    const r = tryDunder(b, `__r${name}__`, [a]);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  const r = tryDunder(a, `__${name}__`, [b]);
  if (r !== NOT_IMPLEMENTED) return r;
  return subclassFirst || a === b ? NOT_IMPLEMENTED : tryDunder(b, `__r${name}__`, [a]);
};

/** `x op= y`: `__iop__` first (undefined when the class has none). */
userOps.inplace = (op, a, b) => {
  const r = tryDunder(a, `__i${OPS[op]}__`, [b]);
  return r === NOT_IMPLEMENTED ? undefined : r;
};

userOps.unary = (op, v) => tryDunder(v, { '-': '__neg__', '+': '__pos__', '~': '__invert__' }[op], []);

userOps.eq = (a, b) => {
  let r = tryDunder(a, '__eq__', [b]);
  if (r === NOT_IMPLEMENTED) r = tryDunder(b, '__eq__', [a]);
  return r;
};

userOps.ne = (a, b) => {
  let r = tryDunder(a, '__ne__', [b]);
  if (r === NOT_IMPLEMENTED) r = tryDunder(b, '__ne__', [a]);
  if (r !== NOT_IMPLEMENTED) return r;
  r = userOps.eq(a, b);
  return r === NOT_IMPLEMENTED ? NOT_IMPLEMENTED : !truthy(r);
};

const REFLECT = { '<': ['__lt__', '__gt__'], '<=': ['__le__', '__ge__'], '>': ['__gt__', '__lt__'], '>=': ['__ge__', '__le__'] };
userOps.order = (op, a, b) => {
  const [own, reflected] = REFLECT[op];
  const r = tryDunder(a, own, [b]);
  return r !== NOT_IMPLEMENTED ? r : tryDunder(b, reflected, [a]);
};

userOps.contains = (c, x) => {
  const r = tryDunder(c, '__contains__', [x]);
  return r === NOT_IMPLEMENTED ? r : truthy(r);
};

const isStop = (e) => e instanceof PyException && e.type.isSubclassOf(E.StopIteration);

userOps.next = (it) => {
  const m = userOps.method(it, '__next__');
  if (!m) return NOT_IMPLEMENTED;
  try {
    return callValue(m, [], null);
  } catch (e) {
    if (isStop(e)) return DONE;
    throw e;
  }
};

userOps.iter = function* iter(v) {
  const m = userOps.method(v, '__iter__');
  if (m) {
    const it = callValue(m, [], null);
    if (isUser(it)) {
      if (!userOps.method(it, '__next__')) throw pyErr('TypeError', `iter() returned non-iterator of type '${typeOf(it).name}'`);
      for (let x = nextOf(it); x !== DONE; x = nextOf(it)) yield x;
    } else {
      yield* iterate(it);
    }
    return;
  }
  const getitem = userOps.method(v, '__getitem__');
  if (getitem) {
    for (let i = 0; ; i++) {
      let x;
      try {
        x = callValue(getitem, [i], null);
      } catch (e) {
        if (e instanceof PyException && (e.type.isSubclassOf(E.IndexError) || isStop(e))) return;
        throw e;
      }
      yield x;
    }
  }
  if (Array.isArray(v)) { yield* v; return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object is not iterable`);
};

/** `__len__`'s result, checked as Python checks it. */
userOps.len = (v) => {
  const r = tryDunder(v, '__len__', []);
  if (r === NOT_IMPLEMENTED) return r;
  if (!(Number.isInteger(r) || typeof r === 'boolean')) throw pyErr('TypeError', `'${typeOf(r).name}' object cannot be interpreted as an integer`);
  if (r < 0) throw pyErr('ValueError', '__len__() should return >= 0');
  return Number(r);
};

userOps.getitem = (v, k) => tryDunder(v, '__getitem__', [k]);
userOps.setitem = (v, k, x) => tryDunder(v, '__setitem__', [k, x]);
userOps.delitem = (v, k) => tryDunder(v, '__delitem__', [k]);

userOps.truthy = (v) => {
  const b = userOps.method(v, '__bool__');
  if (b) {
    const r = callValue(b, [], null);
    if (typeof r !== 'boolean') throw pyErr('TypeError', `__bool__ should return bool, returned ${typeOf(r).name}`);
    return r;
  }
  const n = userOps.len(v);
  return n === NOT_IMPLEMENTED ? NOT_IMPLEMENTED : n > 0;
};

const strResult = (r, what) => {
  if (typeof r !== 'string') throw pyErr('TypeError', `${what} returned non-string (type ${typeOf(r).name})`);
  return r;
};

userOps.repr = (v) => {
  const r = tryDunder(v, '__repr__', []);
  return r === NOT_IMPLEMENTED ? r : strResult(r, '__repr__');
};

userOps.str = (v) => {
  const r = tryDunder(v, '__str__', []);
  if (r !== NOT_IMPLEMENTED) return strResult(r, '__str__');
  return v instanceof PyException ? NOT_IMPLEMENTED : repr(v);
};

userOps.hashKey = (v) => {
  const h = userLookup(v.pyClass, '__hash__');
  if (h === null) throw pyErr('TypeError', `unhashable type: '${v.pyClass.name}'`);
  return h === undefined ? v : SLOW;
};

userOps.hash = (v) => {
  const h = userOps.method(v, '__hash__');
  if (!h) return identityHash(v);
  const r = callValue(h, [], null);
  if (!(Number.isInteger(r) || typeof r === 'bigint' || typeof r === 'boolean')) throw pyErr('TypeError', '__hash__ method should return an integer');
  return typeof r === 'boolean' ? Number(r) : r;
};

userOps.int = (v) => {
  let r = tryDunder(v, '__int__', []);
  if (r === NOT_IMPLEMENTED) r = tryDunder(v, '__index__', []);
  return r;
};

userOps.float = (v) => tryDunder(v, '__float__', []);

/** An f-string field or `format(v, spec)` for an instance: its `__format__`, else str() for an empty spec. */
userOps.format = (v, spec) => {
  const m = userOps.method(v, '__format__');
  if (m) return strResult(callValue(m, [spec], null), '__format__');
  if (spec === '') return str(v);
  throw pyErr('TypeError', `unsupported format string passed to ${typeOf(v).name}.__format__`);
};

/**
 * Binds a call's arguments to named parameters as a Python function would, with its TypeErrors:
 * `names` in order, `defaults` a Map from name to default (a trailing run), `kwOnly` names that
 * only take keywords. Returns the values in `names` order, then `kwOnly` order.
 */
export function bindParams(fname, names, defaults, args, kw, kwOnly = []) {
  const n = names.length;
  if (args.length > n) {
    const req = names.filter((p) => !defaults.has(p)).length;
    const takes = req === n ? `${n}` : `from ${req} to ${n}`;
    throw pyErr('TypeError', `${fname}() takes ${takes} positional argument${n === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
  }
  const values = new Map(names.slice(0, args.length).map((p, i) => [p, args[i]]));
  for (const [k, v] of Object.entries(kw)) {
    if (!names.includes(k) && !kwOnly.includes(k)) throw pyErr('TypeError', `${fname}() got an unexpected keyword argument '${k}'`);
    if (values.has(k)) throw pyErr('TypeError', `${fname}() got multiple values for argument '${k}'`);
    values.set(k, v);
  }
  const missing = (list, what) => {
    const absent = list.filter((p) => !values.has(p) && !defaults.has(p)).map((p) => `'${p}'`);
    if (!absent.length) return;
    const text = absent.length === 1 ? absent[0] : `${absent.slice(0, -1).join(', ')} and ${absent[absent.length - 1]}`;
    throw pyErr('TypeError', `${fname}() missing ${absent.length} required ${what} argument${absent.length === 1 ? '' : 's'}: ${text}`);
  };
  missing(names, 'positional');
  missing(kwOnly, 'keyword-only');
  return [...names, ...kwOnly].map((p) => (values.has(p) ? values.get(p) : defaults.get(p)));
}

export { objectSetattr, userLookup };
