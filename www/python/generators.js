// Generators. A generator function's body runs as a JS generator: `genBlock` walks its
// statements, running those without a `yield` (most of them) through the interpreter's ordinary
// `exec`, and only the statements and expressions parse.js marked `gen` through the generator
// versions here, which `yield` where Python does. So the ordinary path pays nothing for
// generators. `send`, `throw`, `close`, `yield from` (delegating sends and throws) and a
// generator's `return` value (StopIteration.value) follow Python; generator expressions are lazy.

import {
  PyType, PyException, E, pyErr, PyTuple, builtin,
} from './types.js';
import {
  truthy, binop, unary, compare, getitem, iterate, iterStart, DONE, typeOf, T, isDict, dictEntries, isUser, userMethod,
} from './runtime.js';
import { getattr, callValue, asPyException } from './objects.js';
import { objectId } from './hash.js';

/** What a block returns when it ends with `break`, `continue` or `return`. */
export const BREAK = Symbol('break');
export const CONTINUE = Symbol('continue');

export class Return {
  constructor(value) { this.value = value; }
}

T.generator = new PyType('generator');

/** A running generator: `next`, `send`, `throw`, `close`, iteration. */
export class PyGenerator {
  /** `gen`: the JS generator of its body; `frame`: its traceback frame (`{name, line, fn}`). */
  constructor(interp, qualname, gen, frame) {
    Object.assign(this, { interp, qualname, gen, frame });
    this.started = false;
    this.running = false;
    this.done = false;
    this.returnValue = null;
  }

  get pyType() { return T.generator; }

  /** Runs the body to its next `yield`: the value, or DONE when it returns (`returnValue`). */
  resume(mode, value) {
    if (this.running) throw pyErr('ValueError', 'generator already executing');
    if (this.done) {
      if (mode === 'throw') throw value;
      return DONE;
    }
    const it = this.interp;
    if (++it.depth > it.maxDepth) {
      it.depth -= 1;
      throw pyErr('RecursionError', 'maximum recursion depth exceeded');
    }
    it.frames.push(this.frame);
    this.running = true;
    this.started = true;
    let r;
    try {
      r = mode === 'next' ? this.gen.next(value) : this.gen.throw(value);
    } catch (e) {
      this.done = true;
      const pe = asPyException(e);
      // PEP 479: a StopIteration escaping the body is a bug, not the end of the generator.
      if (pe.type.isSubclassOf(E.StopIteration)) {
        const err = pyErr('RuntimeError', 'generator raised StopIteration');
        err.cause = pe;
        throw err;
      }
      throw pe;
    } finally {
      this.running = false;
      it.frames.pop();
      it.depth -= 1;
    }
    if (r.done) {
      this.done = true;
      this.returnValue = r.value ?? null;
      return DONE;
    }
    return r.value;
  }

  pyNext() { return this.resume('next', null); }

  * pyIter() {
    for (let x = this.pyNext(); x !== DONE; x = this.pyNext()) yield x;
  }

  /** `gen.send(v)` (and `next(gen)`): the next value, or StopIteration with the return value. */
  send(v) {
    if (!this.started && v !== null && v !== undefined) throw pyErr('TypeError', "can't send non-None value to a just-started generator");
    return this.orStop(this.resume('next', v ?? null));
  }

  orStop(x) {
    if (x !== DONE) return x;
    throw new PyException(E.StopIteration, this.returnValue === null ? [] : [this.returnValue]);
  }

  /** `gen.throw(exc)`: raises `exc` where the generator is paused. */
  throwIn(exc) {
    let e = exc;
    if (e instanceof PyType) e = callValue(e, [], null);
    if (!(e instanceof PyException)) throw pyErr('TypeError', `exceptions must be classes or instances deriving from BaseException, not ${typeOf(e).name}`);
    return this.orStop(this.resume('throw', e));
  }

  /** `gen.close()`: GeneratorExit where it is paused, so its `finally` and `with` blocks run. */
  close() {
    if (!this.started || this.done) {
      this.done = true;
      return null;
    }
    const exit = new PyException(E.GeneratorExit, []);
    try {
      if (this.resume('throw', exit) === DONE) return null;
    } catch (e) {
      if (e instanceof PyException && (e.type.isSubclassOf(E.GeneratorExit) || e.type.isSubclassOf(E.StopIteration))) return null;
      throw e;
    }
    this.done = true;
    throw pyErr('RuntimeError', 'generator ignored GeneratorExit');
  }

  /** `yield from gen` in another generator: sends and throws go through to this one. */
  * delegate() {
    let mode = 'next';
    let value = null;
    let finished = false;
    try {
      for (;;) {
        const x = this.resume(mode, value);
        if (x === DONE) {
          finished = true;
          return this.returnValue;
        }
        try {
          value = yield x;
          mode = 'next';
        } catch (e) {
          [mode, value] = ['throw', e];
        }
      }
    } finally {
      if (!finished && !this.done) this.close();
    }
  }

  pyGetattr(name) {
    switch (name) {
      case 'send': return bound('send', ([v]) => this.send(v));
      case 'throw': return bound('throw', ([e]) => this.throwIn(e));
      case 'close': return bound('close', () => this.close());
      case '__next__': return bound('__next__', () => this.send(null));
      case '__iter__': return bound('__iter__', () => this);
      case '__name__': return this.qualname.split('.').pop();
      case '__qualname__': return this.qualname;
      case 'gi_running': return this.running;
      default: return undefined;
    }
  }

  pyRepr() { return `<generator object ${this.qualname} at 0x${objectId(this).toString(16)}>`; }
}

const bound = (name, fn) => builtin(name, fn);

/**
 * Leaving a loop early over a generator nothing else refers to (`for x in gen():`) closes it,
 * so its `finally` runs then, as CPython's reference counting makes it.
 */
export function closeTemporary(loop, iterable) {
  if (iterable instanceof PyGenerator && !['Name', 'Attribute', 'Subscript'].includes(loop.iter.t)) iterable.close();
}

/** The special method `name` of a context manager: a Python class's, or one of jaxplay's own. */
export function special(v, name) {
  if (isUser(v)) return userMethod(v, name);
  if (typeof v?.pyGetattr === 'function') return v.pyGetattr(name);
  return undefined;
}

/** The context manager protocol's first half: `[exit, value of __enter__]`. */
export function enterContext(mgr) {
  const enter = special(mgr, '__enter__');
  const exit = special(mgr, '__exit__');
  if (enter === undefined || exit === undefined) {
    throw pyErr('TypeError', `'${typeOf(mgr).name}' object does not support the context manager protocol`);
  }
  return [exit, callValue(enter, [], null)];
}

/** Calls `__exit__` for exception `e`: whether it suppressed it. */
export const exitWith = (exit, e) => truthy(callValue(exit, [e.type, e, null], null));

/** The interpreter's generator path, mixed into Interpreter (interp.js). */
export const generatorMethods = {
  /** A generator function's body: a JS generator yielding what the Python one yields. */
  * genBody(body, scope, frame) {
    const r = yield* this.genBlock(body, scope, frame);
    return r instanceof Return ? r.value : null;
  },

  * genBlock(stmts, scope, frame) {
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i];
      frame.line = s.line;
      let r;
      try {
        r = s.gen ? yield* this.genStmt(s, scope, frame) : this.exec(s, scope, frame);
      } catch (e) {
        throw this.note(e, frame, s.line);
      }
      if (r !== undefined) return r;
    }
    return undefined;
  },

  * genStmt(s, scope, frame) {
    switch (s.t) {
      case 'Expr': yield* this.genEval(s.value, scope, frame); return undefined;
      case 'Assign': {
        const v = yield* this.genEval(s.value, scope, frame);
        for (const t of s.targets) this.assign(t, v, scope, frame);
        return undefined;
      }
      case 'AnnAssign':
        if (s.value) this.assign(s.target, yield* this.genEval(s.value, scope, frame), scope, frame);
        return undefined;
      case 'AugAssign': return this.augAssign(s, scope, frame, yield* this.genEval(s.value, scope, frame));
      case 'Return': return new Return(s.value ? yield* this.genEval(s.value, scope, frame) : null);
      case 'If': {
        const test = yield* this.genEval(s.test, scope, frame);
        return yield* this.genBlock(truthy(test) ? s.body : s.orelse, scope, frame);
      }
      case 'While': {
        while (truthy(yield* this.genEval(s.test, scope, frame))) {
          const r = yield* this.genBlock(s.body, scope, frame);
          if (r === BREAK) return undefined;
          if (r instanceof Return) return r;
        }
        return yield* this.genBlock(s.orelse, scope, frame);
      }
      case 'For': {
        const iterable = yield* this.genEval(s.iter, scope, frame);
        for (const item of iterate(iterable)) {
          this.assign(s.target, item, scope, frame);
          const r = yield* this.genBlock(s.body, scope, frame);
          if (r === BREAK || r instanceof Return) {
            closeTemporary(s, iterable);
            return r === BREAK ? undefined : r;
          }
        }
        return yield* this.genBlock(s.orelse, scope, frame);
      }
      case 'Try': return yield* this.genTry(s, scope, frame);
      case 'With': return yield* this.genWith(s, scope, frame, 0);
      default: throw pyErr('NotImplementedError', `jaxplay's Python does not support \`yield\` inside this statement (${s.t}) yet`);
    }
  },

  * genTry(s, scope, frame) {
    let result;
    try {
      try {
        result = yield* this.genBlock(s.body, scope, frame);
      } catch (raw) {
        const e = asPyException(raw);
        const handler = s.handlers.find((h) => !h.type || this.matches(e, this.eval(h.type, scope, frame)));
        if (!handler) throw e;
        const outer = frame.handling;
        frame.handling = e;
        if (handler.name) this.assignName(handler.name, e, scope);
        try {
          return yield* this.genBlock(handler.body, scope, frame);
        } finally {
          frame.handling = outer;
          if (handler.name) scope.vars.delete(handler.name);
        }
      }
      if (result !== undefined) return result;
      return yield* this.genBlock(s.orelse, scope, frame);
    } finally {
      if (s.finalbody.length) {
        const r = yield* this.genBlock(s.finalbody, scope, frame);
        if (r !== undefined) return r; // eslint-disable-line no-unsafe-finally
      }
    }
  },

  * genWith(s, scope, frame, i) {
    if (i === s.items.length) return yield* this.genBlock(s.body, scope, frame);
    const item = s.items[i];
    const [exit, value] = enterContext(yield* this.genEval(item.context, scope, frame));
    let result;
    try {
      if (item.target) this.assign(item.target, value, scope, frame);
      result = yield* this.genWith(s, scope, frame, i + 1);
    } catch (raw) {
      const e = asPyException(raw);
      if (!exitWith(exit, e)) throw e;
      return undefined;
    }
    callValue(exit, [null, null, null], null);
    return result;
  },

  /** An expression that contains a `yield`; any other goes to `eval`. */
  * genEval(e, scope, frame) {
    if (!e.gen) return this.eval(e, scope, frame);
    switch (e.t) {
      case 'Yield': return yield (e.value ? yield* this.genEval(e.value, scope, frame) : null);
      case 'YieldFrom': {
        const v = yield* this.genEval(e.value, scope, frame);
        if (v instanceof PyGenerator) return yield* v.delegate();
        for (const x of iterate(v)) yield x;
        return null;
      }
      case 'Tuple': case 'List': {
        const out = [];
        for (const x of e.elts) {
          if (x.t === 'Starred') out.push(...iterate(yield* this.genEval(x.value, scope, frame)));
          else out.push(yield* this.genEval(x, scope, frame));
        }
        return e.t === 'Tuple' ? PyTuple.from(out) : out;
      }
      case 'BinOp': {
        const l = yield* this.genEval(e.left, scope, frame);
        return binop(e.op, l, yield* this.genEval(e.right, scope, frame));
      }
      case 'Unary': return unary(e.op, yield* this.genEval(e.operand, scope, frame));
      case 'Compare': {
        if (e.ops.length !== 1) break;
        const l = yield* this.genEval(e.left, scope, frame);
        return compare(e.ops[0], l, yield* this.genEval(e.comparators[0], scope, frame));
      }
      case 'BoolOp': {
        const l = yield* this.genEval(e.left, scope, frame);
        if (e.op === 'and' ? !truthy(l) : truthy(l)) return l;
        return yield* this.genEval(e.right, scope, frame);
      }
      case 'IfExp':
        return truthy(yield* this.genEval(e.test, scope, frame)) ? yield* this.genEval(e.body, scope, frame) : yield* this.genEval(e.orelse, scope, frame);
      case 'Attribute': return getattr(yield* this.genEval(e.value, scope, frame), e.attr);
      case 'Subscript': {
        const v = yield* this.genEval(e.value, scope, frame);
        return getitem(v, yield* this.genEval(e.index, scope, frame));
      }
      case 'Call': {
        const f = yield* this.genEval(e.func, scope, frame);
        const args = [];
        for (const x of e.args) {
          if (x.t === 'Starred') args.push(...iterate(yield* this.genEval(x.value, scope, frame)));
          else args.push(yield* this.genEval(x, scope, frame));
        }
        let kwargs = null;
        for (const k of e.keywords) {
          kwargs ??= {};
          const v = yield* this.genEval(k.value, scope, frame);
          if (k.name !== null) kwargs[k.name] = v;
          else if (isDict(v)) for (const [name, x] of dictEntries(v)) kwargs[name] = x;
          else throw pyErr('TypeError', `argument after ** must be a mapping, not ${typeOf(v).name}`);
        }
        return callValue(f, args, kwargs);
      }
      default: break;
    }
    throw pyErr('NotImplementedError', `jaxplay's Python does not support \`yield\` inside this expression (${e.t}) yet`);
  },

  /** `(elt for x in xs if c ...)`: lazy; the first iterable is evaluated now, as in Python. */
  generatorExp(e, scope, frame) {
    const first = iterStart(this.eval(e.generators[0].iter, scope, frame));
    const inner = new scope.constructor(scope, null, scope.module);
    const genFrame = { name: '<genexpr>', line: e.line, fn: null };
    return new PyGenerator(this, `${this.qualPrefix(scope)}<genexpr>`, this.genexpLoop(e, 0, first, inner, genFrame), genFrame);
  },

  * genexpLoop(e, g, iterable, inner, frame) {
    const gen = e.generators[g];
    for (const item of iterate(iterable)) {
      this.assign(gen.target, item, inner, frame);
      if (gen.ifs.length && !gen.ifs.every((c) => truthy(this.eval(c, inner, frame)))) continue;
      if (g + 1 === e.generators.length) yield this.eval(e.elt, inner, frame);
      else yield* this.genexpLoop(e, g + 1, this.eval(e.generators[g + 1].iter, inner, frame), inner, frame);
    }
  },
};
