// The evaluator: runs the AST of parse.js statement by statement. Scopes follow Python's rules
// (a name assigned in a function is local unless declared `global`/`nonlocal`; closures see
// enclosing functions, not class bodies; comprehensions get their own scope). Exceptions unwind
// as JS throws and collect the learner's frames (function name and line) for the traceback.
// Class statements build classes.js's classes; generator functions run through generators.js.

import {
  PyTuple, PyType, PyException, PyCallable, E, pyErr, float,
} from './types.js';
import {
  truthy, binop, unary, compare, getitem, setitem, delitem, iterate, repr, str, formatSpec,
  PySlice, typeOf, isDict, isList, PyDict, PySet, dictEntries, dictUpdate, userOps, isUser, setOf,
} from './runtime.js';
import {
  getattr, setattr, callValue, asPyException, toJS, fromJS,
} from './objects.js';
import { makeClass } from './classes.js';
import {
  PyGenerator, generatorMethods, enterContext, exitWith, closeTemporary, BREAK, CONTINUE, Return,
} from './generators.js';

/** Names a function body binds (its locals), and its global/nonlocal declarations. */
function analyse(fnNode) {
  if (fnNode.scopeInfo) return fnNode.scopeInfo;
  const locals = new Set();
  const globals = new Set();
  const nonlocals = new Set();
  const params = fnNode.params;
  for (const p of [...params.args, ...params.kwonly]) locals.add(p.name);
  if (params.vararg) locals.add(params.vararg);
  if (params.kwarg) locals.add(params.kwarg);
  const bindTarget = (t) => {
    if (t.t === 'Name') locals.add(t.id);
    else if (t.t === 'Tuple' || t.t === 'List') t.elts.forEach(bindTarget);
    else if (t.t === 'Starred') bindTarget(t.value);
  };
  const walk = (stmts) => {
    for (const s of stmts) {
      switch (s.t) {
        case 'Assign': s.targets.forEach(bindTarget); break;
        case 'AnnAssign': case 'AugAssign': bindTarget(s.target); break;
        case 'With': s.items.forEach((it) => it.target && bindTarget(it.target)); walk(s.body); break;
        case 'For': bindTarget(s.target); walk(s.body); walk(s.orelse); break;
        case 'While': walk(s.body); walk(s.orelse); break;
        case 'If': walk(s.body); walk(s.orelse); break;
        case 'Try':
          walk(s.body); walk(s.orelse); walk(s.finalbody);
          s.handlers.forEach((h) => { if (h.name) locals.add(h.name); walk(h.body); });
          break;
        case 'FunctionDef': case 'ClassDef': locals.add(s.name); break;
        case 'Import': s.names.forEach((n) => locals.add(n.as ?? n.module.split('.')[0])); break;
        case 'ImportFrom': s.names.forEach((n) => locals.add(n.as)); break;
        case 'Global': s.names.forEach((n) => globals.add(n)); break;
        case 'Nonlocal': s.names.forEach((n) => nonlocals.add(n)); break;
        case 'Delete': s.targets.forEach(bindTarget); break;
        default: break;
      }
    }
  };
  if (Array.isArray(fnNode.body)) walk(fnNode.body);
  for (const g of [...globals, ...nonlocals]) locals.delete(g);
  fnNode.scopeInfo = { locals, globals, nonlocals };
  return fnNode.scopeInfo;
}

class Scope {
  constructor(parent, info, module) {
    this.vars = new Map();
    this.parent = parent;
    this.info = info; // null for the module, class and comprehension scopes
    this.module = module ?? this;
    /** The function whose call this scope is; for a class body, `isClass` and its qualname. */
    this.fn = null;
    this.isClass = false;
  }
}

/** A function written in Python. Called from Python with `call`, from JS through `js`. */
export class PyFunction extends PyCallable {
  constructor(interp, node, name, closure, defaults, kwDefaults, qualname = name) {
    super();
    this.interp = interp;
    this.node = node;
    this.name = name;
    this.qualname = qualname;
    this.closure = closure;
    this.defaults = defaults;
    this.kwDefaults = kwDefaults;
    this.attrs = {};
    this.jsFn = null;
  }

  /** This function as a JS function (for the JS API and JS code): JS values in and out. */
  get js() {
    if (!this.jsFn) {
      const self = this;
      const f = function pythonFunction(...args) {
        return self.interp.fromJS(() => toJS(self.call(args.map(fromJS), null)));
      };
      Object.defineProperty(f, 'name', { value: this.name === '<lambda>' ? 'lambda' : this.name });
      f.pyFunction = this;
      this.jsFn = f;
    }
    return this.jsFn;
  }

  call(args, kwargs) {
    const scope = new Scope(this.closure, analyse(this.node), this.closure.module);
    scope.fn = this;
    this.bind(scope.vars, args, kwargs);
    const frame = { name: this.name, line: this.node.line, fn: this };
    const it = this.interp;
    if (this.node.isGenerator) return new PyGenerator(it, this.qualname, it.genBody(this.node.body, scope, frame), frame);
    if (++it.depth > it.maxDepth) {
      it.depth -= 1;
      throw pyErr('RecursionError', 'maximum recursion depth exceeded');
    }
    it.frames.push(frame);
    try {
      if (this.node.t === 'Lambda') return it.eval(this.node.body, scope, frame);
      const r = it.execBlock(this.node.body, scope, frame);
      return r instanceof Return ? r.value : null;
    } finally {
      it.depth -= 1;
      it.frames.pop();
    }
  }

  bind(vars, args, kwargs) {
    const { params } = this.node;
    const n = params.args.length;
    for (let i = 0; i < Math.min(n, args.length); i++) vars.set(params.args[i].name, args[i]);
    if (args.length > n) {
      if (!params.vararg) {
        const req = params.args.filter((p) => !p.default).length;
        const takes = req === n ? `${n}` : `from ${req} to ${n}`;
        throw pyErr('TypeError', `${this.qualname}() takes ${takes} positional argument${n === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
      }
      vars.set(params.vararg, PyTuple.from(args.slice(n)));
    } else if (params.vararg) {
      vars.set(params.vararg, new PyTuple());
    }
    let extra = null;
    if (params.kwarg) extra = new PyDict();
    if (kwargs) {
      for (const [k, v] of Object.entries(kwargs)) {
        const pos = params.args.findIndex((p) => p.name === k);
        if (pos >= 0 || params.kwonly.some((p) => p.name === k)) {
          if (pos >= 0 && pos < args.length) throw pyErr('TypeError', `${this.qualname}() got multiple values for argument '${k}'`);
          vars.set(k, v);
        } else if (extra) {
          extra.set(k, v);
        } else {
          throw pyErr('TypeError', `${this.qualname}() got an unexpected keyword argument '${k}'`);
        }
      }
    }
    if (extra) vars.set(params.kwarg, extra);
    const missing = [];
    params.args.forEach((p, i) => {
      if (!vars.has(p.name)) {
        if (p.default) vars.set(p.name, this.defaults[i]);
        else missing.push(p.name);
      }
    });
    if (missing.length) {
      const names = missing.map((m) => `'${m}'`);
      const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      throw pyErr('TypeError', `${this.qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${list}`);
    }
    const kwMissing = [];
    for (const p of params.kwonly) {
      if (!vars.has(p.name)) {
        if (p.default) vars.set(p.name, this.kwDefaults[p.name]);
        else kwMissing.push(`'${p.name}'`);
      }
    }
    if (kwMissing.length) throw pyErr('TypeError', `${this.qualname}() missing ${kwMissing.length} required keyword-only argument${kwMissing.length === 1 ? '' : 's'}: ${kwMissing.join(' and ')}`);
  }
}

export class Interpreter {
  constructor(builtins, options = {}) {
    this.builtins = builtins;
    this.depth = 0;
    this.maxDepth = options.maxDepth ?? 200;
    this.importModule = options.importModule;
    /** Runs a call that comes from JS (a host callback, a traced function): `(run) => run()`. */
    this.fromJS = options.fromJS ?? ((run) => run());
    this.module = new Scope(null, null);
    /** The running functions' frames, innermost last; each knows its current line. */
    this.frames = [];
    /** `super`, which without arguments reads the running method's class and `self`. */
    this.superBuiltin = builtins.super;
  }

  /** The line being run (the engine's source info for the next equations and host calls). */
  currentLine() {
    return this.frames.length ? this.frames[this.frames.length - 1].line : 0;
  }

  // ------------------------------------------------------------------ names

  lookup(name, scope, node) {
    const info = scope.info;
    if (info && info.globals.has(name)) return this.lookupGlobal(name, node);
    for (let s = scope; s; s = s.parent) {
      // Functions defined in a class body do not see its names (methods reach them via self).
      if (s.isClass && s !== scope) continue;
      const v = s.vars.get(name);
      if (v !== undefined || s.vars.has(name)) return v;
      if (s === scope && info && info.locals.has(name)) {
        throw pyErr('UnboundLocalError', `cannot access local variable '${name}' where it is not associated with a value`);
      }
    }
    return this.lookupBuiltin(name);
  }

  lookupGlobal(name) {
    const m = this.module.vars;
    if (m.has(name)) return m.get(name);
    return this.lookupBuiltin(name);
  }

  lookupBuiltin(name) {
    if (Object.hasOwn(this.builtins, name)) return this.builtins[name];
    throw pyErr('NameError', `name '${name}' is not defined`);
  }

  assignName(name, value, scope) {
    const info = scope.info;
    if (info?.globals.has(name)) { this.module.vars.set(name, value); return; }
    if (info?.nonlocals.has(name)) {
      for (let s = scope.parent; s && s !== this.module; s = s.parent) {
        if (!s.isClass && (s.vars.has(name) || s.info?.locals.has(name))) { s.vars.set(name, value); return; }
      }
      throw pyErr('SyntaxError', `no binding for nonlocal '${name}' found`);
    }
    scope.vars.set(name, value);
  }

  assign(target, value, scope, frame) {
    switch (target.t) {
      case 'Name': this.assignName(target.id, value, scope); return;
      case 'Attribute': setattr(this.eval(target.value, scope, frame), target.attr, value); return;
      case 'Subscript': setitem(this.eval(target.value, scope, frame), this.eval(target.index, scope, frame), value); return;
      case 'Tuple': case 'List': {
        const items = [...iterate(value)];
        const star = target.elts.findIndex((e) => e.t === 'Starred');
        const n = target.elts.length;
        if (star < 0) {
          if (items.length !== n) {
            throw pyErr('ValueError', items.length > n
              ? `too many values to unpack (expected ${n})`
              : `not enough values to unpack (expected ${n}, got ${items.length})`);
          }
          target.elts.forEach((e, i) => this.assign(e, items[i], scope, frame));
          return;
        }
        if (items.length < n - 1) throw pyErr('ValueError', `not enough values to unpack (expected at least ${n - 1}, got ${items.length})`);
        const after = n - star - 1;
        target.elts.slice(0, star).forEach((e, i) => this.assign(e, items[i], scope, frame));
        this.assign(target.elts[star].value, items.slice(star, items.length - after), scope, frame);
        target.elts.slice(star + 1).forEach((e, i) => this.assign(e, items[items.length - after + i], scope, frame));
        return;
      }
      default: throw pyErr('SyntaxError', 'cannot assign to expression');
    }
  }

  // ------------------------------------------------------------------ statements

  /** Runs statements; returns BREAK, CONTINUE, a Return, or undefined. */
  execBlock(stmts, scope, frame) {
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i];
      frame.line = s.line;
      let r;
      try {
        r = this.exec(s, scope, frame);
      } catch (e) {
        throw this.note(e, frame, s.line);
      }
      if (r !== undefined) return r;
    }
    return undefined;
  }

  /** Converts a JS error to a Python one and records this frame's line (innermost first). */
  note(e, frame, line) {
    const pe = asPyException(e);
    if (!pe.seenFrames) Object.defineProperty(pe, 'seenFrames', { value: new Set(), writable: true });
    if (!pe.seenFrames.has(frame)) {
      pe.seenFrames.add(frame);
      pe.pyTraceback.unshift({ name: frame.name, line });
    }
    return pe;
  }

  exec(s, scope, frame) {
    switch (s.t) {
      case 'Expr': this.eval(s.value, scope, frame); return undefined;
      case 'Assign': {
        const v = this.eval(s.value, scope, frame);
        for (const t of s.targets) this.assign(t, v, scope, frame);
        return undefined;
      }
      case 'AugAssign': return this.augAssign(s, scope, frame, this.eval(s.value, scope, frame));
      case 'AnnAssign':
        if (s.value) this.assign(s.target, this.eval(s.value, scope, frame), scope, frame);
        if (scope.isClass && s.target.t === 'Name') scope.annotations.push([s.target.id, s.annotation]);
        return undefined;
      case 'ClassDef': return this.classDef(s, scope, frame);
      case 'With': return this.execWith(s, scope, frame, 0);
      case 'Pass': case 'Global': case 'Nonlocal': return undefined;
      case 'Break': return BREAK;
      case 'Continue': return CONTINUE;
      case 'Return': return new Return(s.value ? this.eval(s.value, scope, frame) : null);
      case 'If': return this.execBlock(truthy(this.eval(s.test, scope, frame)) ? s.body : s.orelse, scope, frame);
      case 'While': {
        while (truthy(this.eval(s.test, scope, frame))) {
          const r = this.execBlock(s.body, scope, frame);
          if (r === BREAK) return undefined;
          if (r instanceof Return) return r;
        }
        return this.execBlock(s.orelse, scope, frame);
      }
      case 'For': {
        const iterable = this.eval(s.iter, scope, frame);
        for (const item of iterate(iterable)) {
          this.assign(s.target, item, scope, frame);
          const r = this.execBlock(s.body, scope, frame);
          if (r === BREAK || r instanceof Return) {
            closeTemporary(s, iterable);
            return r === BREAK ? undefined : r;
          }
        }
        return this.execBlock(s.orelse, scope, frame);
      }
      case 'FunctionDef': {
        let f = this.makeFunction(s, s.name, scope, frame, `${this.qualPrefix(scope)}${s.name}`);
        for (let i = s.decorators.length - 1; i >= 0; i--) {
          f = callValue(this.eval(s.decorators[i], scope, frame), [f], null);
        }
        this.assignName(s.name, f, scope);
        return undefined;
      }
      case 'Raise': {
        if (!s.exc) {
          if (!frame.handling) throw pyErr('RuntimeError', 'No active exception to reraise');
          throw frame.handling;
        }
        let e = this.eval(s.exc, scope, frame);
        if (e instanceof PyType && e.isSubclassOf(E.BaseException)) e = callValue(e, [], null);
        if (!(e instanceof PyException)) throw pyErr('TypeError', 'exceptions must derive from BaseException');
        if (s.cause) e.cause = this.eval(s.cause, scope, frame);
        e.pyTraceback = [];
        Object.defineProperty(e, 'seenFrames', { value: new Set(), writable: true });
        throw e;
      }
      case 'Assert': {
        if (!truthy(this.eval(s.test, scope, frame))) {
          throw new PyException(E.AssertionError, s.msg ? [this.eval(s.msg, scope, frame)] : []);
        }
        return undefined;
      }
      case 'Try': return this.execTry(s, scope, frame);
      case 'Import': {
        for (const n of s.names) {
          const mod = this.importModule(n.module);
          if (n.as) this.assignName(n.as, mod, scope);
          else {
            const top = n.module.split('.')[0];
            this.assignName(top, this.importModule(top), scope);
          }
        }
        return undefined;
      }
      case 'ImportFrom': {
        const mod = this.importModule(s.module);
        for (const n of s.names) {
          let v;
          if (mod.attrs && Object.hasOwn(mod.attrs, n.name)) v = mod.attrs[n.name];
          else {
            try {
              v = this.importModule(`${s.module}.${n.name}`);
            } catch {
              throw pyErr('ImportError', `cannot import name '${n.name}' from '${s.module}' (jaxplay's Python has only part of it)`);
            }
          }
          this.assignName(n.as, v, scope);
        }
        return undefined;
      }
      case 'Delete': {
        for (const t of s.targets) {
          if (t.t === 'Subscript') delitem(this.eval(t.value, scope, frame), this.eval(t.index, scope, frame));
          else if (t.t === 'Name') {
            const vars = scope.info?.globals.has(t.id) ? this.module.vars : scope.vars;
            if (!vars.delete(t.id)) throw pyErr('NameError', `name '${t.id}' is not defined`);
          } else if (t.t === 'Attribute') this.delattr(this.eval(t.value, scope, frame), t.attr);
          else throw pyErr('SyntaxError', "jaxplay's Python does not support this `del` yet");
        }
        return undefined;
      }
      default: throw pyErr('SyntaxError', `jaxplay's Python does not support ${s.t} yet`);
    }
  }

  augAssign(s, scope, frame, rhs) {
    const t = s.target;
    const apply = (old) => {
      // Lists, sets and dicts change in place, as Python's do (other names for them see it).
      if (s.op === '+' && isList(old)) {
        old.push(...iterate(rhs));
        return old;
      }
      if (old instanceof PySet && !old.frozen && rhs instanceof PySet && '|&-^'.includes(s.op)) {
        const r = binop(s.op, old, rhs);
        old.clear();
        for (const x of r.values()) old.add(x);
        return old;
      }
      if (s.op === '|' && old instanceof PyDict && isDict(rhs)) return dictUpdate(old, rhs);
      if (isUser(old)) {
        const r = userOps.inplace(s.op, old, rhs);
        if (r !== undefined) return r;
      }
      return binop(s.op, old, rhs);
    };
    if (t.t === 'Name') this.assignName(t.id, apply(this.lookup(t.id, scope, t)), scope);
    else if (t.t === 'Attribute') {
      const o = this.eval(t.value, scope, frame);
      setattr(o, t.attr, apply(getattr(o, t.attr)));
    } else if (t.t === 'Subscript') {
      const o = this.eval(t.value, scope, frame);
      const k = this.eval(t.index, scope, frame);
      setitem(o, k, apply(getitem(o, k)));
    } else {
      throw pyErr('SyntaxError', "'tuple' is an illegal expression for augmented assignment");
    }
    return undefined;
  }

  execTry(s, scope, frame) {
    let result;
    try {
      try {
        result = this.execBlock(s.body, scope, frame);
      } catch (raw) {
        const e = asPyException(raw);
        const handler = s.handlers.find((h) => !h.type || this.matches(e, this.eval(h.type, scope, frame)));
        if (!handler) throw e;
        const outer = frame.handling;
        frame.handling = e;
        if (handler.name) this.assignName(handler.name, e, scope);
        try {
          return this.execBlock(handler.body, scope, frame);
        } finally {
          frame.handling = outer;
          if (handler.name) scope.vars.delete(handler.name);
        }
      }
      if (result !== undefined) return result;
      return this.execBlock(s.orelse, scope, frame);
    } finally {
      if (s.finalbody.length) {
        const r = this.execBlock(s.finalbody, scope, frame);
        // A return/break in `finally` wins over whatever was propagating, as in Python.
        if (r !== undefined) return r; // eslint-disable-line no-unsafe-finally
      }
    }
  }

  matches(e, spec) {
    if (spec instanceof PyTuple || Array.isArray(spec)) return spec.some((x) => this.matches(e, x));
    if (!(spec instanceof PyType)) throw pyErr('TypeError', 'catching classes that do not inherit from BaseException is not allowed');
    return e.type.isSubclassOf(spec);
  }

  makeFunction(node, name, scope, frame, qualname = name) {
    const defaults = node.params.args.map((p) => (p.default ? this.eval(p.default, scope, frame) : undefined));
    const kwDefaults = {};
    for (const p of node.params.kwonly) if (p.default) kwDefaults[p.name] = this.eval(p.default, scope, frame);
    const f = new PyFunction(this, node, name, scope, defaults, kwDefaults, qualname);
    const doc = node.body?.[0];
    if (doc?.t === 'Expr' && doc.value.t === 'Const' && typeof doc.value.value === 'string') f.doc = doc.value.value;
    return f;
  }

  /** `Outer.Inner.` or `f.<locals>.`: what a definition in `scope` prefixes its qualname with. */
  qualPrefix(scope) {
    for (let s = scope; s; s = s.parent) {
      if (s.isClass) return `${s.qualname}.`;
      if (s.fn) return `${s.fn.qualname}.<locals>.`;
    }
    return '';
  }

  /** A `class` statement: its body runs in its own namespace, which becomes the class's attributes. */
  classDef(s, scope, frame) {
    const bases = this.evalElts(s.bases, scope, frame);
    for (const k of s.keywords) {
      // `metaclass=ABCMeta` is `abc.ABC` as a base; other metaclasses are not supported.
      const meta = k.name === 'metaclass' ? this.eval(k.value, scope, frame) : null;
      if (meta?.abcMeta) bases.push(meta.abcMeta);
      else if (k.name === 'metaclass') throw pyErr('NotImplementedError', "jaxplay's Python does not support metaclasses yet");
      else throw pyErr('TypeError', `${s.name}.__init_subclass__() takes no keyword arguments`);
    }
    const qualname = `${this.qualPrefix(scope)}${s.name}`;
    const ns = new Scope(scope, null, scope.module);
    Object.assign(ns, { isClass: true, qualname, annotations: [] });
    ns.vars.set('__module__', '__main__');
    ns.vars.set('__qualname__', qualname);
    const doc = s.body[0];
    if (doc?.t === 'Expr' && doc.value.t === 'Const' && typeof doc.value.value === 'string') ns.vars.set('__doc__', doc.value.value);
    const body = { name: s.name, line: s.line, fn: null };
    this.frames.push(body);
    try {
      this.execBlock(s.body, ns, body);
    } finally {
      this.frames.pop();
    }
    let cls = makeClass(s.name, bases, ns.vars, { qualname, annotations: ns.annotations });
    for (let i = s.decorators.length - 1; i >= 0; i--) cls = callValue(this.eval(s.decorators[i], scope, frame), [cls], null);
    this.assignName(s.name, cls, scope);
    return undefined;
  }

  /** `with a as x, b:` nests, the first manager outermost; `__exit__` returning true suppresses. */
  execWith(s, scope, frame, i) {
    if (i === s.items.length) return this.execBlock(s.body, scope, frame);
    const item = s.items[i];
    const [exit, value] = enterContext(this.eval(item.context, scope, frame));
    let result;
    try {
      if (item.target) this.assign(item.target, value, scope, frame);
      result = this.execWith(s, scope, frame, i + 1);
    } catch (raw) {
      const e = asPyException(raw);
      if (!exitWith(exit, e)) throw e;
      return undefined;
    }
    callValue(exit, [null, null, null], null);
    return result;
  }

  delattr(o, name) {
    if (isUser(o)) { userOps.delattr(o, name); return; }
    if (o instanceof PyType && o.user && Object.hasOwn(o.attrs, name)) { delete o.attrs[name]; return; }
    if (o instanceof PyType) throw pyErr('AttributeError', `type object '${o.name}' has no attribute '${name}'`);
    if (o instanceof PyCallable && o.attrs && Object.hasOwn(o.attrs, name)) { delete o.attrs[name]; return; }
    throw pyErr('AttributeError', `'${typeOf(o).name}' object has no attribute '${name}'`);
  }

  /** `super()` without arguments: the class the running method was defined in, and its first argument. */
  implicitSuper(scope, frame) {
    let fn = frame.fn;
    for (let s = scope; !fn?.ownerClass && s; s = s.parent) fn = s.fn ?? fn;
    if (!fn?.ownerClass) throw pyErr('RuntimeError', frame.fn ? 'super(): __class__ cell not found' : 'super(): no arguments');
    const first = frame.fn.node.params.args[0]?.name;
    let s = scope;
    while (s && first && !s.vars.has(first)) s = s.parent;
    if (!first || !s) throw pyErr('RuntimeError', 'super(): no arguments');
    return [fn.ownerClass, s.vars.get(first)];
  }

  // ------------------------------------------------------------------ expressions

  eval(e, scope, frame) {
    switch (e.t) {
      case 'Const':
        return e.kind === 'float' ? float(e.value) : e.value;
      case 'Name': return this.lookup(e.id, scope, e);
      case 'Tuple': return PyTuple.from(this.evalElts(e.elts, scope, frame));
      case 'List': return this.evalElts(e.elts, scope, frame);
      case 'Set': return setOf(this.evalElts(e.elts, scope, frame));
      case 'Dict': {
        const d = new PyDict();
        for (const { key, value } of e.items) {
          if (key === null) {
            const m = this.eval(value, scope, frame);
            if (!isDict(m)) throw pyErr('TypeError', `'${typeOf(m).name}' object is not a mapping`);
            dictUpdate(d, m);
          } else {
            const k = this.eval(key, scope, frame);
            d.set(k, this.eval(value, scope, frame));
          }
        }
        return d;
      }
      case 'BinOp': return binop(e.op, this.eval(e.left, scope, frame), this.eval(e.right, scope, frame));
      case 'Unary': return unary(e.op, this.eval(e.operand, scope, frame));
      case 'BoolOp': {
        const l = this.eval(e.left, scope, frame);
        if (e.op === 'and' ? !truthy(l) : truthy(l)) return l;
        return this.eval(e.right, scope, frame);
      }
      case 'Compare': {
        let left = this.eval(e.left, scope, frame);
        let result = true;
        for (let i = 0; i < e.ops.length; i++) {
          const right = this.eval(e.comparators[i], scope, frame);
          result = compare(e.ops[i], left, right);
          if (i < e.ops.length - 1 && !truthy(result)) return result;
          left = right;
        }
        return result;
      }
      case 'IfExp': return truthy(this.eval(e.test, scope, frame)) ? this.eval(e.body, scope, frame) : this.eval(e.orelse, scope, frame);
      case 'Call': return this.evalCall(e, scope, frame);
      case 'Attribute': return getattr(this.eval(e.value, scope, frame), e.attr);
      case 'Subscript': return getitem(this.eval(e.value, scope, frame), this.eval(e.index, scope, frame));
      case 'Slice':
        return new PySlice(
          e.lower && this.eval(e.lower, scope, frame),
          e.upper && this.eval(e.upper, scope, frame),
          e.step && this.eval(e.step, scope, frame),
        );
      case 'Lambda': return this.makeFunction(e, '<lambda>', scope, frame);
      case 'JoinedStr': return e.parts.map((p) => (p.t === 'Const' ? p.value : this.eval(p, scope, frame))).join('');
      case 'FormattedValue': {
        const v = this.eval(e.value, scope, frame);
        const spec = e.spec ? this.eval(e.spec, scope, frame) : '';
        const text = e.conversion === 'r' ? formatSpec(repr(v), spec) : e.conversion === 's' ? formatSpec(str(v), spec) : formatSpec(v, spec);
        return (e.docText ?? '') + text;
      }
      case 'ListComp': return this.comprehension(e, scope, frame);
      case 'DictComp': return this.comprehension(e, scope, frame);
      case 'SetComp': return this.comprehension(e, scope, frame);
      case 'GeneratorExp': return this.generatorExp(e, scope, frame);
      case 'Yield': case 'YieldFrom': throw pyErr('NotImplementedError', "jaxplay's Python does not support `yield` inside this expression yet");
      case 'Starred': throw pyErr('SyntaxError', "can't use starred expression here");
      default: throw pyErr('SyntaxError', `jaxplay's Python does not support ${e.t} yet`);
    }
  }

  evalElts(elts, scope, frame) {
    const out = [];
    for (const x of elts) {
      if (x.t === 'Starred') out.push(...iterate(this.eval(x.value, scope, frame)));
      else out.push(this.eval(x, scope, frame));
    }
    return out;
  }

  evalCall(e, scope, frame) {
    const f = this.eval(e.func, scope, frame);
    let args = this.evalElts(e.args, scope, frame);
    if (f === this.superBuiltin && args.length === 0) args = this.implicitSuper(scope, frame);
    let kwargs = null;
    for (const k of e.keywords) {
      kwargs ??= {};
      const v = this.eval(k.value, scope, frame);
      if (k.name === null) {
        if (!isDict(v)) throw pyErr('TypeError', `argument after ** must be a mapping, not ${typeOf(v).name}`);
        for (const [name, x] of dictEntries(v)) {
          if (typeof name !== 'string') throw pyErr('TypeError', 'keywords must be strings');
          kwargs[name] = x;
        }
      } else {
        kwargs[k.name] = v;
      }
    }
    return callValue(f, args, kwargs);
  }

  comprehension(e, scope, frame) {
    const inner = new Scope(scope, null, scope.module);
    const out = e.t === 'DictComp' ? new PyDict() : e.t === 'SetComp' ? new PySet() : [];
    const loop = (g) => {
      if (g === e.generators.length) {
        if (e.t === 'DictComp') {
          const k = this.eval(e.key, inner, frame);
          out.set(k, this.eval(e.value, inner, frame));
        } else if (e.t === 'SetComp') out.add(this.eval(e.elt, inner, frame));
        else out.push(this.eval(e.elt, inner, frame));
        return;
      }
      const gen = e.generators[g];
      // The first iterable is evaluated in the enclosing scope, as in Python.
      const iterable = this.eval(gen.iter, g === 0 ? scope : inner, frame);
      for (const item of iterate(iterable)) {
        this.assign(gen.target, item, inner, frame);
        if (gen.ifs.every((c) => truthy(this.eval(c, inner, frame)))) loop(g + 1);
      }
    };
    loop(0);
    return out;
  }

  /** Runs a module's statements in the module scope. */
  runModule(ast) {
    const frame = { name: '<module>', line: 1, fn: null };
    this.frames.push(frame);
    try {
      this.execBlock(ast, this.module, frame);
    } finally {
      this.frames.pop();
    }
  }
}


Object.assign(Interpreter.prototype, generatorMethods);
PyFunction.prototype.binds = true;
