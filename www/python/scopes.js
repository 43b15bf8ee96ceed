// The names a parsed module binds, scope by scope, and where it reads names, for the editor:
// lint marks a name no scope defines, completions offer the ones that are defined. Python's
// rules, leniently (no false alarms on a program that runs): a name bound anywhere in a scope
// counts for the whole scope (no use-before-assignment warnings); functions see the scopes
// around them except class bodies; `global x` binds x in the module. Any statement form binds
// through its `target`/`targets` fields (assignments, `for`, `with ... as`, comprehensions,
// annotated assignments), besides `def`, `class`, imports, `except ... as`, parameters, so a
// new construct that binds that way needs nothing here.

/** A scope: `kind` 'module' | 'function' | 'class' | 'comprehension', its names, its parent. */
class Scope {
  constructor(kind, parent) {
    this.kind = kind;
    this.parent = parent;
    this.names = new Set();
    this.children = [];
    if (parent) parent.children.push(this);
  }

  /** Whether `name` is visible here: this scope, then the enclosing ones but class bodies. */
  sees(name) {
    for (let s = this; s; s = s.parent) {
      if ((s === this || s.kind !== 'class') && s.names.has(name)) return true;
    }
    return false;
  }
}

const isNode = (v) => v !== null && typeof v === 'object' && typeof v.t === 'string';
const COMPREHENSIONS = new Set(['ListComp', 'SetComp', 'DictComp', 'GeneratorExp']);

/**
 * The scopes of `ast` (parse.js's statements): `{ module, uses }`, `uses` every read of a
 * name `{ id, line, col, scope }`.
 */
export function analyseScopes(ast) {
  const module = new Scope('module', null);
  const uses = [];

  const bindTarget = (t, scope) => {
    if (!isNode(t)) return;
    if (t.t === 'Name') scope.names.add(t.id);
    else if (t.t === 'Tuple' || t.t === 'List') t.elts.forEach((e) => bindTarget(e, scope));
    else if (t.t === 'Starred') bindTarget(t.value, scope);
    else visit(t, scope); // `a.b = ...`, `a[i] = ...`: a and i are read
  };

  const params = (p, inner, outer) => {
    for (const a of [...p.args, ...p.kwonly]) {
      inner.names.add(a.name);
      if (a.default) visit(a.default, outer);
    }
    if (p.vararg) inner.names.add(p.vararg);
    if (p.kwarg) inner.names.add(p.kwarg);
  };

  /** Visits a node or a list of them, or a plain record of fields (keywords, `with` items). */
  function visit(node, scope) {
    if (Array.isArray(node)) { node.forEach((n) => visit(n, scope)); return; }
    if (node === null || typeof node !== 'object') return;
    switch (node.t) {
      case 'Name': uses.push({ id: node.id, line: node.line, col: node.col, scope }); return;
      case 'FunctionDef': case 'Lambda': {
        if (node.t === 'FunctionDef') scope.names.add(node.name);
        visit(node.decorators ?? [], scope);
        const inner = new Scope('function', scope);
        params(node.params, inner, scope);
        visit(node.body, inner);
        return;
      }
      case 'ClassDef': {
        scope.names.add(node.name);
        visit([node.decorators ?? [], node.bases ?? [], node.keywords ?? []], scope);
        visit(node.body, new Scope('class', scope));
        return;
      }
      case 'Import':
        for (const n of node.names) scope.names.add(n.as ?? n.module.split('.')[0]);
        return;
      case 'ImportFrom':
        for (const n of node.names) scope.names.add(n.as);
        return;
      case 'Global':
        for (const n of node.names) module.names.add(n);
        return;
      case 'Nonlocal': return;
      case 'Handler':
        if (node.name) scope.names.add(node.name);
        break;
      default:
        if (COMPREHENSIONS.has(node.t)) {
          const inner = new Scope('comprehension', scope);
          for (const g of node.generators) {
            bindTarget(g.target, inner);
            visit([g.iter, g.ifs], inner);
          }
          visit([node.elt, node.key, node.value], inner);
          return;
        }
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === 'scopeInfo' || v === null || typeof v !== 'object') continue;
      if (k === 'target') bindTarget(v, scope);
      else if (k === 'targets') v.forEach((t) => bindTarget(t, scope));
      else visit(v, scope);
    }
  }

  visit(ast, module);
  return { module, uses };
}

/** Every name some scope of the module binds (for completions), sorted. */
export function boundNames({ module }) {
  const out = new Set();
  const add = (s) => { s.names.forEach((n) => out.add(n)); s.children.forEach(add); };
  add(module);
  return [...out].sort();
}
