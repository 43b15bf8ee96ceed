// Python's `dataclasses`: `@dataclass` (bare or with `init`, `repr`, `eq`, `order`, `frozen`,
// `unsafe_hash`, `kw_only`) reads the class's annotated fields in definition order (bases'
// first) and writes `__init__`, `__repr__`, `__eq__`, the ordering methods and `__hash__` as
// CPython's generated ones behave, errors included; `field(default=, default_factory=, ...)`,
// `fields`, `asdict`, `astuple`, `replace`, `is_dataclass` and `FrozenInstanceError`.

import {
  PyTuple, PyType, PyModule, PyException, builtin, pyErr, E, NOT_IMPLEMENTED,
} from './types.js';
import {
  PyDict, PySet, repr, typeOf, truthy, compare, eq, isList, isDict, dictEntries, call,
} from './runtime.js';
import {
  NativeFunction, bindParams, classLookup, objectSetattr,
} from './classes.js';
import { getattr, setattr } from './objects.js';
import { pyHash } from './hash.js';

/** `dataclasses.MISSING`: no default given. */
const MISSING = Object.freeze({ pyRepr: () => '<dataclasses._MISSING_TYPE object>', get pyType() { return MissingType; } });
const MissingType = new PyType('_MISSING_TYPE', { module: 'dataclasses' });

const FrozenInstanceError = new PyType('FrozenInstanceError', { base: E.AttributeError, module: 'dataclasses', attrs: {} });

const FieldType = new PyType('Field', { module: 'dataclasses' });

/** A field's options, as `field(...)` gives them and `fields(cls)` returns them. */
class Field {
  constructor(opts = {}) {
    this.name = null;
    this.type = null;
    this.default = opts.default ?? MISSING;
    this.default_factory = opts.default_factory ?? MISSING;
    this.init = opts.init ?? true;
    this.repr = opts.repr ?? true;
    this.hash = opts.hash ?? null;
    this.compare = opts.compare ?? true;
    this.kw_only = opts.kw_only ?? MISSING;
    this.metadata = opts.metadata ?? new PyDict();
  }

  get pyType() { return FieldType; }

  pyGetattr(name) {
    return ['name', 'type', 'default', 'default_factory', 'init', 'repr', 'hash', 'compare', 'kw_only', 'metadata'].includes(name) ? this[name] : undefined;
  }

  pyRepr() {
    return `Field(name=${repr(this.name)},type=${repr(this.type)},default=${repr(this.default)},default_factory=${repr(this.default_factory)},`
      + `init=${repr(this.init)},repr=${repr(this.repr)},hash=${repr(this.hash)},compare=${repr(this.compare)},kw_only=${repr(this.kw_only)})`;
  }
}

function field(args, kw) {
  if (args.length) throw pyErr('TypeError', `field() takes 0 positional arguments but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
  for (const k of Object.keys(kw)) {
    if (!['default', 'default_factory', 'init', 'repr', 'hash', 'compare', 'metadata', 'kw_only'].includes(k)) throw pyErr('TypeError', `field() got an unexpected keyword argument '${k}'`);
  }
  if (kw.default !== undefined && kw.default_factory !== undefined) throw pyErr('ValueError', 'cannot specify both default and default_factory');
  return new Field({ ...kw, init: truthy(kw.init ?? true), repr: truthy(kw.repr ?? true), compare: truthy(kw.compare ?? true) });
}

/** A mutable default (a list, dict or set) is shared by every instance: Python refuses it. */
const isMutableDefault = (v) => isList(v) || (isDict(v) && !(v instanceof PyTuple)) || (v instanceof PySet && !v.frozen);

const native = (cls, name, fn) => new NativeFunction(name, fn, `${cls.pyQualname ?? cls.name}.${name}`);

/** The fields of a dataclass (a class or an instance), in order. */
function fieldsOf(x) {
  const cls = x instanceof PyType ? x : typeOf(x);
  const table = classLookup(cls, '__dataclass_fields__');
  if (!(table instanceof PyDict)) throw pyErr('TypeError', 'must be called with a dataclass type or instance');
  return [...table.values()];
}

/** Turns `cls` into a dataclass (in place, as Python does) and returns it. */
function process(cls, opts) {
  const flag = (name, dflt) => (opts[name] === undefined ? dflt : truthy(opts[name]));
  const [init, doRepr, doEq, order, frozen, unsafeHash, kwOnly] = [
    flag('init', true), flag('repr', true), flag('eq', true), flag('order', false), flag('frozen', false), flag('unsafe_hash', false), flag('kw_only', false)];
  if (order && !doEq) throw pyErr('ValueError', 'eq must be true if order is true');
  const own = (name) => Object.hasOwn(cls.attrs, name);
  const explicitHash = own('__hash__') && !(cls.attrs.__hash__ === null && own('__eq__'));
  const fields = new Map();
  for (const base of [...cls.mro].reverse()) {
    if (base !== cls && Object.hasOwn(base.attrs, '__dataclass_fields__')) for (const f of base.attrs.__dataclass_fields__.values()) fields.set(f.name, f);
  }
  for (const [name, annotation] of cls.annotations ?? []) {
    if (/^(typing\.)?ClassVar\b/.test(annotation)) continue;
    const value = own(name) ? cls.attrs[name] : MISSING;
    const f = value instanceof Field ? value : new Field({ default: value });
    f.name = name;
    f.type = annotation;
    if (f.kw_only === MISSING) f.kw_only = kwOnly;
    if (f.default !== MISSING && isMutableDefault(f.default)) {
      throw pyErr('ValueError', `mutable default ${repr(typeOf(f.default))} for field ${name} is not allowed: use default_factory`);
    }
    if (f.default !== MISSING) cls.attrs[name] = f.default;
    else if (value instanceof Field) delete cls.attrs[name];
    fields.set(name, f);
  }
  const all = [...fields.values()];
  cls.attrs.__dataclass_fields__ = PyDict.of(fields);
  const set = frozen ? objectSetattr : setattr;
  if (init && !own('__init__')) {
    const inits = all.filter((f) => f.init);
    const positional = inits.filter((f) => !truthy(f.kw_only));
    const keywords = inits.filter((f) => truthy(f.kw_only));
    let seenDefault = false;
    for (const f of positional) {
      const hasDefault = f.default !== MISSING || f.default_factory !== MISSING;
      if (seenDefault && !hasDefault) throw pyErr('TypeError', `non-default argument '${f.name}' follows default argument`);
      seenDefault ||= hasDefault;
    }
    const FACTORY = {};
    const defaults = new Map(inits.filter((f) => f.default !== MISSING || f.default_factory !== MISSING)
      .map((f) => [f.name, f.default !== MISSING ? f.default : FACTORY]));
    cls.attrs.__init__ = native(cls, '__init__', ([self, ...args], kw) => {
      const values = bindParams(`${cls.pyQualname ?? cls.name}.__init__`, ['self', ...positional.map((f) => f.name)], defaults, [self, ...args], kw, keywords.map((f) => f.name));
      [...positional, ...keywords].forEach((f, i) => set(self, f.name, values[i + 1] === FACTORY ? call(f.default_factory, []) : values[i + 1]));
      for (const f of all.filter((x) => !x.init)) {
        if (f.default_factory !== MISSING) set(self, f.name, call(f.default_factory, []));
        else if (f.default !== MISSING) set(self, f.name, f.default);
      }
      const post = classLookup(typeOf(self), '__post_init__');
      if (post !== undefined) call(getattr(self, '__post_init__'), []);
      return null;
    });
  }
  if (doRepr && !own('__repr__')) {
    cls.attrs.__repr__ = native(cls, '__repr__', ([self]) => {
      const shown = all.filter((f) => f.repr).map((f) => `${f.name}=${repr(getattr(self, f.name))}`);
      return `${typeOf(self).pyQualname ?? typeOf(self).name}(${shown.join(', ')})`;
    });
  }
  const compared = (self) => PyTuple.from(all.filter((f) => f.compare).map((f) => getattr(self, f.name)));
  if (doEq && !own('__eq__')) {
    cls.attrs.__eq__ = native(cls, '__eq__', ([self, other]) => (typeOf(other) === typeOf(self) ? eq(compared(self), compared(other)) : NOT_IMPLEMENTED));
  }
  if (order) {
    for (const [name, op] of [['__lt__', '<'], ['__le__', '<='], ['__gt__', '>'], ['__ge__', '>=']]) {
      if (own(name)) throw pyErr('TypeError', `Cannot overwrite attribute ${name} in class ${cls.name}. Consider using functools.total_ordering`);
      cls.attrs[name] = native(cls, name, ([self, other]) => (typeOf(other) === typeOf(self) ? compare(op, compared(self), compared(other)) : NOT_IMPLEMENTED));
    }
  }
  if (frozen) {
    const names = new Set(all.map((f) => f.name));
    const refuse = (self, name, what) => {
      if (typeOf(self) === cls || names.has(name)) throw new PyException(FrozenInstanceError, [`cannot ${what} field ${repr(name)}`]);
    };
    cls.attrs.__setattr__ = native(cls, '__setattr__', ([self, name, v]) => {
      refuse(self, name, 'assign to');
      objectSetattr(self, name, v);
      return null;
    });
    cls.attrs.__delattr__ = native(cls, '__delattr__', ([self, name]) => {
      refuse(self, name, 'delete');
      return null;
    });
  }
  const hashed = () => native(cls, '__hash__', ([self]) => pyHash(PyTuple.from(all.filter((f) => (f.hash === null ? f.compare : truthy(f.hash))).map((f) => getattr(self, f.name)))));
  if (unsafeHash) {
    if (explicitHash) throw pyErr('TypeError', `Cannot overwrite attribute __hash__ in class ${cls.name}`);
    cls.attrs.__hash__ = hashed();
  } else if (!explicitHash && doEq) {
    cls.attrs.__hash__ = frozen ? hashed() : null;
  }
  return cls;
}

function dataclass(args, kw) {
  const [cls] = args;
  if (cls instanceof PyType) {
    if (!cls.user) throw pyErr('TypeError', `dataclass() should be applied to a class written in Python, not ${repr(cls)}`);
    return process(cls, kw);
  }
  if (cls !== undefined && cls !== null) throw pyErr('TypeError', `dataclass() expected a class, got ${typeOf(cls).name}`);
  return builtin('dataclass', ([c]) => process(c, kw));
}

/** `asdict`/`astuple`: dataclasses become dicts (tuples), containers are walked, the rest kept. */
function convert(v, asDict) {
  if (v !== null && typeof v === 'object' && v.pyClass && classLookup(v.pyClass, '__dataclass_fields__') instanceof PyDict) {
    const items = fieldsOf(v).map((f) => [f.name, convert(getattr(v, f.name), asDict)]);
    return asDict ? PyDict.of(items) : PyTuple.from(items.map(([, x]) => x));
  }
  if (v instanceof PyTuple) {
    const items = v.map((x) => convert(x, asDict));
    return v.pyClass ? call(v.pyClass, items) : PyTuple.from(items);
  }
  if (Array.isArray(v)) return v.map((x) => convert(x, asDict));
  if (isDict(v)) return PyDict.of(Array.from(dictEntries(v), ([k, x]) => [convert(k, asDict), convert(x, asDict)]));
  return v;
}

const needDataclass = (v, who) => {
  if (!(v !== null && typeof v === 'object' && v.pyClass && classLookup(v.pyClass, '__dataclass_fields__') instanceof PyDict)) {
    throw pyErr('TypeError', `${who}() should be called on dataclass instances`);
  }
  return v;
};

export function makeDataclasses() {
  const b = (name, f) => builtin(name, f);
  return new PyModule('dataclasses', {
    dataclass: b('dataclass', dataclass),
    field: b('field', field),
    fields: b('fields', ([x]) => PyTuple.from(fieldsOf(x))),
    asdict: b('asdict', ([v]) => convert(needDataclass(v, 'asdict'), true)),
    astuple: b('astuple', ([v]) => convert(needDataclass(v, 'astuple'), false)),
    replace: b('replace', ([obj], changes) => {
      const fs = fieldsOf(needDataclass(obj, 'replace'));
      const kw = {};
      for (const f of fs) {
        if (!f.init) {
          if (Object.hasOwn(changes, f.name)) throw pyErr('ValueError', `field ${f.name} is declared with init=False, it cannot be specified with replace()`);
        } else {
          kw[f.name] = Object.hasOwn(changes, f.name) ? changes[f.name] : getattr(obj, f.name);
        }
      }
      for (const k of Object.keys(changes)) if (!Object.hasOwn(kw, k)) kw[k] = changes[k];
      return call(typeOf(obj), [], kw);
    }),
    is_dataclass: b('is_dataclass', ([x]) => {
      const cls = x instanceof PyType ? x : typeOf(x);
      return classLookup(cls, '__dataclass_fields__') instanceof PyDict;
    }),
    FrozenInstanceError,
    MISSING,
    Field: FieldType,
  });
}
