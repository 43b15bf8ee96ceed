// The Python value model on JS values. int is a JS number (a BigInt past 2^53), float a
// `PyFloat` box (so `2` and `2.0` stay distinct: `x * 2` keeps int32, `x * 2.0` is a weak
// float), str a JS string, bool a JS boolean, None null, list a JS array, tuple a `PyTuple` (an
// Array subclass, so the JS API's pytrees read it as a sequence); dicts and sets are hash.js's.
// Types, classes written in Python and exception classes are `PyType`s; exceptions are
// `PyException`s (JS Errors with `pyType`); instances of Python classes are classes.js's.

export class PyFloat {
  constructor(v) { this.v = v; }
  valueOf() { return this.v; }
  toJSON() { return this.v; }
}

export const float = (v) => new PyFloat(v);

/** `...`, Python's Ellipsis: a stub body (`def f(): ...`) or "all the other axes" in an index. */
export const ELLIPSIS = Object.freeze({ ellipsis: true });

/** Python's `NotImplemented`: what a dunder method returns to let the other operand try. */
export const NOT_IMPLEMENTED = Object.freeze({ notImplemented: true });

export class PyTuple extends Array {
  static of(...items) {
    const t = new PyTuple();
    for (const x of items) t.push(x);
    return t;
  }

  static from(items) {
    const t = new PyTuple();
    for (const x of items) t.push(x);
    return t;
  }
}

/**
 * A Python type: a name, its bases, an instance test, and what calling it does. A class written
 * in Python (`user`) keeps its namespace in `attrs` and its method resolution order in `mro`.
 */
export class PyType {
  constructor(name, { base = null, bases = null, module = 'builtins', check = null, call = null, attrs = {} } = {}) {
    this.name = name;
    this.base = base ?? bases?.[0] ?? null;
    this.bases = bases ?? (this.base ? [this.base] : []);
    this.module = module;
    this.check = check;
    this.callImpl = call;
    this.attrs = attrs;
    /** The classes attributes are looked up in, this one first, `object` last (C3 with several bases). */
    this.mro = bases && bases.length > 1 ? c3(this, bases) : [this, ...(this.base ? this.base.mro : objectType ? [objectType] : [])];
  }

  isSubclassOf(other) {
    return this === other || this.mro.includes(other);
  }

  /** The name repr shows: `int`, `__main__.Point`, `jax.errors.JaxRuntimeError`. */
  get qualname() { return this.module === 'builtins' ? this.name : `${this.module}.${this.pyQualname ?? this.name}`; }
}

let objectType = null;
/** `object`, the last class of every MRO. */
export const OBJECT = new PyType('object');
objectType = OBJECT;

/** Python's C3 linearisation of a class with several bases. */
function c3(cls, bases) {
  const seqs = [...bases.map((b) => [...b.mro]), [...bases]];
  const out = [cls];
  for (;;) {
    const live = seqs.filter((q) => q.length);
    if (!live.length) return out;
    const head = live.map((q) => q[0]).find((h) => !live.some((q) => q.indexOf(h) > 0));
    if (!head) throw pyErr('TypeError', `Cannot create a consistent method resolution order (MRO) for bases ${bases.map((b) => b.name).join(', ')}`);
    out.push(head);
    for (const q of live) if (q[0] === head) q.shift();
  }
}

// ------------------------------------------------------------------ exceptions

export class PyException extends Error {
  constructor(type, args = []) {
    super(excMessage(args));
    this.type = type;
    this.args = args;
    this.name = type.name;
    /** Learner frames `{line, fn}`, innermost last (filled while the exception unwinds). */
    this.pyTraceback = [];
  }

  get pyType() { return this.type.name; }
}

function excMessage(args) {
  if (args.length === 0) return '';
  if (args.length === 1) return typeof args[0] === 'string' ? args[0] : String(args[0]?.v ?? args[0]);
  return `(${args.map((a) => (typeof a === 'string' ? `'${a}'` : String(a))).join(', ')})`;
}

const exc = (name, base, module = 'builtins') => new PyType(name, { base, module, attrs: {} });

const BaseException = exc('BaseException', null);
const Exception = exc('Exception', BaseException);
const ArithmeticError = exc('ArithmeticError', Exception);
const LookupError = exc('LookupError', Exception);
export const E = {
  BaseException,
  Exception,
  ArithmeticError,
  LookupError,
  ZeroDivisionError: exc('ZeroDivisionError', ArithmeticError),
  OverflowError: exc('OverflowError', ArithmeticError),
  IndexError: exc('IndexError', LookupError),
  KeyError: exc('KeyError', LookupError),
  ValueError: exc('ValueError', Exception),
  TypeError: exc('TypeError', Exception),
  RuntimeError: exc('RuntimeError', Exception),
  AssertionError: exc('AssertionError', Exception),
  NameError: exc('NameError', Exception),
  AttributeError: exc('AttributeError', Exception),
  StopIteration: exc('StopIteration', Exception),
  SyntaxError: exc('SyntaxError', Exception),
  ImportError: exc('ImportError', Exception),
  MemoryError: exc('MemoryError', Exception),
  KeyboardInterrupt: exc('KeyboardInterrupt', BaseException),
  GeneratorExit: exc('GeneratorExit', BaseException),
};
E.UnboundLocalError = exc('UnboundLocalError', E.NameError);
E.IndentationError = exc('IndentationError', E.SyntaxError);
E.NotImplementedError = exc('NotImplementedError', E.RuntimeError);
E.RecursionError = exc('RecursionError', E.RuntimeError);
E.ModuleNotFoundError = exc('ModuleNotFoundError', E.ImportError);
// jax.errors: JAX's own classes, with their Python bases.
E.JaxRuntimeError = exc('JaxRuntimeError', E.RuntimeError, 'jax.errors');
E.JAXTypeError = exc('JAXTypeError', E.TypeError, 'jax.errors');
E.ConcretizationTypeError = exc('ConcretizationTypeError', E.JAXTypeError, 'jax.errors');
E.TracerBoolConversionError = exc('TracerBoolConversionError', E.ConcretizationTypeError, 'jax.errors');
E.TracerIntegerConversionError = exc('TracerIntegerConversionError', E.JAXTypeError, 'jax.errors');
E.UnexpectedTracerError = exc('UnexpectedTracerError', E.JAXTypeError, 'jax.errors');
E.TracerArrayConversionError = exc('TracerArrayConversionError', E.JAXTypeError, 'jax.errors');
// numpy.exceptions: what host NumPy raises beyond the builtins (AxisError is also an IndexError
// in NumPy; a class here has one base).
E.AxisError = exc('AxisError', E.ValueError, 'numpy.exceptions');
E.UFuncTypeError = exc('UFuncTypeError', E.TypeError, 'numpy._core._exceptions');

/** `new PyException(E[name], [message])`. */
export function pyErr(name, message) {
  return new PyException(E[name], message === undefined ? [] : [message]);
}

export class PySyntaxError extends PyException {
  constructor(message, line, col, text = '', type = E.SyntaxError) {
    super(type, [message]);
    this.lineno = line;
    this.offset = col;
    this.text = text;
    this.message = `${message} (line ${line}, column ${col})`;
  }
}

// ------------------------------------------------------------------ other objects

/** A Python module: named attributes; `missing`: names it lacks on purpose, with the reason. */
export class PyModule {
  constructor(name, attrs, missing = {}) {
    this.name = name;
    this.attrs = attrs;
    this.missing = missing;
  }
}

/**
 * Base class of functions written in Python (interp.js's PyFunction): other modules test
 * `instanceof PyCallable` (a class name would not survive minification).
 */
export class PyCallable {}

/** A function implemented in JS, called with Python values: `fn(args, kwargs)`. */
export class Builtin {
  constructor(name, fn, attrs = null) {
    this.name = name;
    this.fn = fn;
    this.attrs = attrs;
  }
}

export const builtin = (name, fn, attrs) => new Builtin(name, fn, attrs);
