// Python source -> a small AST with positions. `@lezer/python` parses (the editor highlights
// with the same grammar); this module turns its concrete tree into plain nodes `{t, line, col,
// ...}`, reports the first syntax error as a Python SyntaxError and names any construct the
// interpreter does not run ("jaxplay's Python does not support `match` yet"). Functions that
// contain `yield` are marked `isGenerator`, and statements and expressions that contain one
// `gen`, so the interpreter runs only those through its generator path.

import { parser } from '@lezer/python';
import { PySyntaxError, E } from './types.js';
import { expressionMethods, splitOn, isTrailingDotFloat } from './parse_expr.js';

/** A line that is JavaScript rather than Python: declarations, arrows, `) {` blocks, `;`, `//`. */
const JS_LOOK = /^\s*(?:const|let|var|function|import\s+\w+.*\s+from\s+['"]|export)\b|=>|^\s*\/\/|\)\s*\{\s*$|;\s*$/;

/** Constructs the grammar knows that jaxplay's Python does not run, by lezer node name. */
const UNSUPPORTED = {
  MatchStatement: '`match`',
  AwaitExpression: '`await`',
  NamedExpression: 'the walrus operator `:=`',
  TypeDefinition: '`type` aliases',
  PrintStatement: 'the Python 2 `print` statement',
  async: '`async`',
};

const UPDATE_OPS = new Set(['+=', '-=', '*=', '/=', '//=', '%=', '**=', '@=', '&=', '|=', '^=', '<<=', '>>=']);

class Converter {
  constructor(source) {
    this.src = source;
    // Where a statement is: inside how many functions and (within the innermost) loops; how
    // many `yield`s the innermost function has so far.
    this.functions = 0;
    this.loops = 0;
    this.yields = 0;
    this.lineStarts = [0];
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  pos(offset) {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.lineStarts[lo] + 1 };
  }

  text(n) { return this.src.slice(n.from, n.to); }

  node(t, n, fields) {
    const { line, col } = this.pos(n.from);
    return { t, line, col, ...fields };
  }

  unsupported(n, what) {
    const { line, col } = this.pos(n.from);
    throw new PySyntaxError(`jaxplay's Python does not support ${what} yet`, line, col, this.lineText(line));
  }

  lineText(line) {
    const start = this.lineStarts[line - 1] ?? this.src.length;
    const end = this.src.indexOf('\n', start);
    return this.src.slice(start, end === -1 ? undefined : end);
  }

  children(n) {
    const out = [];
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.name === 'Comment') continue;
      if (UNSUPPORTED[c.name]) this.unsupported(c, UNSUPPORTED[c.name]);
      out.push(c);
    }
    return out;
  }

  // ------------------------------------------------------------------ statements (expressions: parse_expr.js)

  script(top) {
    const kids = this.children(top);
    this.checkIndent(kids, null);
    return this.statements(kids);
  }

  syntax(n, message, type = E.SyntaxError) {
    const { line, col } = this.pos(n.from);
    throw new PySyntaxError(message, line, col, this.lineText(line), type);
  }

  /**
   * Python's indentation rules, which @lezer/python does not enforce at the top level or on a
   * dedent: a block's statements share one column, deeper than its header's (`header` null:
   * the module, column 1). A block on the header's own line (`if x: pass`) has no rule.
   */
  checkIndent(stmts, header) {
    const own = stmts.filter((c) => !['⚠', ':', 'newline'].includes(c.name));
    if (own.length === 0) return;
    const first = this.pos(own[0].from);
    if (header && first.line === this.pos(header.from).line) return;
    const want = header ? first.col : 1;
    if (header && want <= this.pos(header.from).col) this.syntax(own[0], 'expected an indented block', E.IndentationError);
    own.forEach((s, i) => {
      const { col } = this.pos(s.from);
      if (col === want) return;
      // Deeper than the block but shallower than a block the previous statement left open: a
      // dedent to no level, not an indent.
      const open = i > 0 ? this.openColumns(own[i - 1]) : [];
      const dedent = col < want || (open.length > 0 && col < Math.max(...open));
      this.syntax(s, dedent ? 'unindent does not match any outer indentation level' : 'unexpected indent', E.IndentationError);
    });
  }

  /** Columns of the multi-line blocks still open at the end of statement `n` (innermost last). */
  openColumns(n) {
    const cols = [];
    for (let node = n; node;) {
      let body = null;
      for (let c = node.lastChild; c; c = c.prevSibling) if (c.name === 'Body') { body = c; break; }
      const stmts = body ? this.children(body).filter((c) => ![':', 'newline', '⚠'].includes(c.name)) : [];
      if (!stmts.length || this.pos(stmts[0].from).line === this.pos(body.from).line) break;
      cols.push(this.pos(stmts[0].from).col);
      node = stmts[stmts.length - 1];
    }
    return cols;
  }

  statements(nodes) {
    const out = [];
    for (const n of nodes) {
      if (n.name === 'StatementGroup') {
        out.push(...this.statements(this.children(n).filter((c) => c.name !== ';')));
      } else if (n.name !== ':' && n.name !== 'newline') {
        const yields = this.yields;
        const s = this.statement(n);
        if (this.yields !== yields) s.gen = true;
        out.push(s);
      }
    }
    return out;
  }

  body(n) {
    const kids = this.children(n);
    this.checkIndent(kids, n.parent);
    return this.statements(kids);
  }

  /** A loop's body: `break` and `continue` belong there. */
  loopBody(n) {
    this.loops += 1;
    try {
      return this.body(n);
    } finally {
      this.loops -= 1;
    }
  }

  statement(n) {
    const kids = this.children(n);
    switch (n.name) {
      case 'ExpressionStatement': return this.node('Expr', n, { value: this.exprList(kids) });
      case 'YieldStatement': return this.node('Expr', n, { value: this.yieldExpr(n, kids) });
      case 'AssignStatement': {
        const parts = splitOn(kids, 'AssignOp');
        const annotation = parts[0].find((c) => c.name === 'TypeDef');
        if (annotation && parts.length <= 2) {
          // `x: int = 3` (or a bare `x: int`): the annotation is kept as text, not evaluated.
          return this.node('AnnAssign', n, {
            target: this.target(this.exprList(parts[0].filter((c) => c !== annotation))),
            annotation: this.text(annotation).replace(/^:\s*/, ''),
            value: parts.length === 2 ? this.exprList(parts[1]) : null,
          });
        }
        const targets = parts.slice(0, -1).map((p) => this.target(this.exprList(p.filter((c) => c.name !== 'TypeDef'))));
        return this.node('Assign', n, { targets, value: this.exprList(parts[parts.length - 1]) });
      }
      case 'UpdateStatement': {
        const i = kids.findIndex((c) => c.name === 'UpdateOp');
        const op = this.text(kids[i]);
        if (!UPDATE_OPS.has(op)) this.unsupported(kids[i], `\`${op}\``);
        return this.node('AugAssign', n, {
          target: this.target(this.exprList(kids.slice(0, i))), op: op.slice(0, -1), value: this.exprList(kids.slice(i + 1)),
        });
      }
      case 'PassStatement': return this.node('Pass', n, {});
      case 'BreakStatement':
        if (!this.loops) this.syntax(n, "'break' outside loop");
        return this.node('Break', n, {});
      case 'ContinueStatement':
        if (!this.loops) this.syntax(n, "'continue' not properly in loop");
        return this.node('Continue', n, {});
      case 'ReturnStatement':
        if (!this.functions) this.syntax(n, "'return' outside function");
        return this.node('Return', n, { value: kids.length > 1 ? this.exprList(kids.slice(1)) : null });
      case 'RaiseStatement': {
        const from = kids.findIndex((c) => c.name === 'from');
        const exc = kids.length > 1 ? this.expr(kids[1]) : null;
        return this.node('Raise', n, { exc, cause: from > 0 ? this.expr(kids[from + 1]) : null });
      }
      case 'AssertStatement': {
        const exprs = kids.slice(1).filter((c) => c.name !== ',');
        return this.node('Assert', n, { test: this.expr(exprs[0]), msg: exprs[1] ? this.expr(exprs[1]) : null });
      }
      case 'ScopeStatement':
        if (kids[0].name === 'nonlocal' && !this.functions) this.syntax(n, 'nonlocal declaration not allowed at module level');
        return this.node(kids[0].name === 'global' ? 'Global' : 'Nonlocal', n, {
          names: kids.filter((c) => c.name === 'VariableName').map((c) => this.text(c)),
        });
      case 'DeleteStatement':
        return this.node('Delete', n, { targets: kids.slice(1).filter((c) => c.name !== ',').map((c) => this.target(this.expr(c))) });
      case 'ImportStatement': return this.importStatement(n, kids);
      case 'IfStatement': return this.ifStatement(n, kids);
      case 'WhileStatement': {
        const bodies = kids.filter((c) => c.name === 'Body');
        return this.node('While', n, { test: this.expr(kids[1]), body: this.loopBody(bodies[0]), orelse: bodies[1] ? this.body(bodies[1]) : [] });
      }
      case 'ForStatement': {
        const inAt = kids.findIndex((c) => c.name === 'in');
        const bodyAt = kids.findIndex((c) => c.name === 'Body');
        const bodies = kids.filter((c) => c.name === 'Body');
        return this.node('For', n, {
          target: this.target(this.exprList(kids.slice(1, inAt))),
          iter: this.exprList(kids.slice(inAt + 1, bodyAt)),
          body: this.loopBody(bodies[0]),
          orelse: bodies[1] ? this.body(bodies[1]) : [],
        });
      }
      case 'TryStatement': return this.tryStatement(n, kids);
      case 'FunctionDefinition': return this.functionDef(n, kids, []);
      case 'ClassDefinition': return this.classDef(n, kids, []);
      case 'WithStatement': return this.withStatement(n, kids);
      case 'DecoratedStatement': {
        const decorators = kids.filter((c) => c.name === 'Decorator').map((d) => this.decorator(d));
        const def = kids[kids.length - 1];
        if (def.name === 'ClassDefinition') return this.classDef(def, this.children(def), decorators);
        return this.functionDef(def, this.children(def), decorators);
      }
      default:
        return this.unsupported(n, `this statement (${n.name})`);
    }
  }

  importStatement(n, kids) {
    const names = [];
    if (kids[0].name === 'import') {
      // import a.b.c [as d], ...
      for (const group of splitOn(kids.slice(1), ',')) {
        const asAt = group.findIndex((c) => c.name === 'as');
        const dotted = (asAt < 0 ? group : group.slice(0, asAt)).filter((c) => c.name === 'VariableName').map((c) => this.text(c));
        names.push({ module: dotted.join('.'), as: asAt < 0 ? null : this.text(group[asAt + 1]), bindTop: asAt < 0 });
      }
      return this.node('Import', n, { names });
    }
    const importAt = kids.findIndex((c) => c.name === 'import');
    if (kids.slice(1, importAt).some((c) => c.name === '.' && c === kids[1])) this.unsupported(n, 'relative imports');
    const module = kids.slice(1, importAt).filter((c) => c.name === 'VariableName').map((c) => this.text(c)).join('.');
    const rest = kids.slice(importAt + 1).filter((c) => c.name !== '(' && c.name !== ')');
    if (rest.length === 1 && rest[0].name === '*') this.unsupported(rest[0], '`from ... import *`');
    for (const group of splitOn(rest, ',')) {
      if (group.length === 0) continue;
      const asAt = group.findIndex((c) => c.name === 'as');
      names.push({ name: this.text(group[0]), as: asAt < 0 ? this.text(group[0]) : this.text(group[asAt + 1]) });
    }
    return this.node('ImportFrom', n, { module, names });
  }

  ifStatement(n, kids) {
    // if test Body (elif test Body)* (else Body)?
    const branches = [];
    let orelse = [];
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      if (k.name === 'if' || k.name === 'elif') {
        const yields = this.yields;
        branches.push({ yields, test: this.expr(kids[i + 1]), body: this.body(kids[i + 2]), line: this.pos(k.from).line });
        i += 2;
      } else if (k.name === 'else') {
        orelse = this.body(kids[i + 1]);
        i += 1;
      }
    }
    // Nested Ifs so each test keeps its own line (each marked `gen` when its part has a yield).
    const last = branches[branches.length - 1];
    let node = { t: 'If', ...this.pos(kids[0].from), test: last.test, body: last.body, orelse };
    for (let b = branches.length - 2; b >= 0; b--) {
      if (this.yields !== branches[b + 1].yields) node.gen = true;
      node = { t: 'If', line: branches[b].line, col: 1, test: branches[b].test, body: branches[b].body, orelse: [node] };
    }
    return node;
  }

  tryStatement(n, kids) {
    const handlers = [];
    let body = [];
    let orelse = [];
    let finalbody = [];
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      if (k.name === 'try') {
        body = this.body(kids[++i]);
      } else if (k.name === 'except') {
        const h = this.node('Handler', k, { type: null, name: null, body: [] });
        let j = i + 1;
        if (kids[j].name === '*') this.unsupported(kids[j], '`except*`');
        if (kids[j].name !== 'Body') {
          h.type = this.expr(kids[j]);
          j += 1;
          if (kids[j].name === 'as' || kids[j].name === ',') {
            h.name = this.text(kids[j + 1]);
            j += 2;
          }
        }
        h.body = this.body(kids[j]);
        handlers.push(h);
        i = j;
      } else if (k.name === 'else') {
        orelse = this.body(kids[++i]);
      } else if (k.name === 'finally') {
        finalbody = this.body(kids[++i]);
      }
    }
    return this.node('Try', n, { body, handlers, orelse, finalbody });
  }

  decorator(d) {
    const kids = this.children(d).filter((c) => c.name !== 'At');
    const argAt = kids.findIndex((c) => c.name === 'ArgList');
    const names = (argAt < 0 ? kids : kids.slice(0, argAt)).filter((c) => c.name === 'VariableName');
    let e = this.node('Name', names[0], { id: this.text(names[0]) });
    for (const p of names.slice(1)) e = this.node('Attribute', p, { value: e, attr: this.text(p) });
    if (argAt >= 0) e = this.node('Call', d, { func: e, ...this.argList(kids[argAt]) });
    return e;
  }

  functionDef(n, kids, decorators) {
    const nameNode = kids.find((c) => c.name === 'VariableName');
    if (kids.some((c) => c.name === 'TypeParamList')) this.unsupported(n, 'type parameters');
    const params = this.params(this.children(kids.find((c) => c.name === 'ParamList')));
    const names = [...params.args, ...params.kwonly].map((p) => p.name).concat([params.vararg, params.kwarg].filter(Boolean));
    const twice = names.find((x, i) => names.indexOf(x) !== i);
    if (twice) this.syntax(n, `duplicate argument '${twice}' in function definition`);
    const [functions, loops, yields] = [this.functions, this.loops, this.yields];
    [this.functions, this.loops, this.yields] = [functions + 1, 0, 0];
    let body;
    let isGenerator;
    try {
      body = this.body(kids.find((c) => c.name === 'Body'));
      isGenerator = this.yields > 0;
    } finally {
      [this.functions, this.loops, this.yields] = [functions, loops, yields];
    }
    return this.node('FunctionDef', n, {
      name: this.text(nameNode), params, body, decorators, isGenerator, line: this.pos(nameNode.from).line,
    });
  }

  /** `class Name(bases, keyword=...):` with its body (not a function: `return` and `yield` are errors there). */
  classDef(n, kids, decorators) {
    const nameNode = kids.find((c) => c.name === 'VariableName');
    if (kids.some((c) => c.name === 'TypeParamList')) this.unsupported(n, 'type parameters');
    const argList = kids.find((c) => c.name === 'ArgList');
    const { args, keywords } = argList ? this.argList(argList) : { args: [], keywords: [] };
    const [functions, loops] = [this.functions, this.loops];
    [this.functions, this.loops] = [0, 0];
    let body;
    try {
      body = this.body(kids.find((c) => c.name === 'Body'));
    } finally {
      [this.functions, this.loops] = [functions, loops];
    }
    return this.node('ClassDef', n, {
      name: this.text(nameNode), bases: args, keywords, body, decorators, line: this.pos(nameNode.from).line,
    });
  }

  /** `with a as x, b:` (the grammar takes a name after `as`). */
  withStatement(n, kids) {
    const bodyAt = kids.findIndex((c) => c.name === 'Body');
    const items = splitOn(kids.slice(1, bodyAt), ',').filter((g) => g.length).map((g) => {
      const asAt = g.findIndex((c) => c.name === 'as');
      const context = this.starOrExpr(asAt < 0 ? g : g.slice(0, asAt), g[0]);
      return { context, target: asAt < 0 ? null : this.target(this.expr(g[asAt + 1])) };
    });
    return this.node('With', n, { items, body: this.body(kids[bodyAt]) });
  }

  /** `yield`, `yield x`, `yield a, b`, `yield from g` (statement or expression). */
  yieldExpr(n, kids) {
    if (!this.functions) this.syntax(n, "'yield' outside function");
    this.yields += 1;
    if (kids[1]?.name === 'from') return this.node('YieldFrom', n, { value: this.expr(kids[2]), gen: true });
    const rest = kids.slice(1).filter((c) => c.name !== '⚠');
    return this.node('Yield', n, { value: rest.length ? this.exprList(rest) : null, gen: true });
  }

  /** Parameters from `ParamList` children (def or lambda). */
  params(kids) {
    const params = { args: [], vararg: null, kwonly: [], kwarg: null };
    let kwOnly = false;
    for (const group of splitOn(kids.filter((c) => c.name !== '(' && c.name !== ')'), ',')) {
      if (group.length === 0) continue;
      const first = group[0];
      if (first.name === '/') continue;
      if (first.name === '*') {
        kwOnly = true;
        if (group[1]) params.vararg = this.text(group[1]);
        continue;
      }
      if (first.name === '**') {
        params.kwarg = this.text(group[1]);
        continue;
      }
      const eq = group.findIndex((c) => c.name === 'AssignOp');
      const p = { name: this.text(first), default: eq >= 0 ? this.expr(group[eq + 1]) : null };
      (kwOnly ? params.kwonly : params.args).push(p);
    }
    return params;
  }
}

// The expression methods (exprList, expr, fstring, binary, comprehension...) live in parse_expr.js.
Object.assign(Converter.prototype, expressionMethods);

/** The first error node in the tree, if any (lezer recovers; Python stops at the first error). */
function firstError(tree) {
  let found = null;
  tree.iterate({
    enter(node) {
      if (found) return false;
      if (node.type.isError && !(node.from === node.to && (isBareYield(node.node) || (node.node.parent?.name === 'MemberExpression' && isTrailingDotFloat(node.node.parent))))) {
        found = node.from;
        return false;
      }
      return undefined;
    },
  });
  return found;
}

/** A bare `yield` arrives from @lezer/python as `yield` followed by an empty error node. */
function isBareYield(err) {
  const parent = err.parent?.name;
  return (parent === 'YieldExpression' || parent === 'YieldStatement') && err.prevSibling?.name === 'yield';
}

/**
 * Parses `source` into the AST (a list of statements); throws PySyntaxError. `tree`: the
 * editor's @lezer/python tree of the same text, when it has one (one parse serves highlighting,
 * lint and running).
 */
export function parse(source, tree = parser.parse(source)) {
  const conv = new Converter(source);
  const err = firstError(tree);
  if (err !== null) {
    // The first token lezer could not place; an error at the end of the text (after its last
    // non-blank character) is an unfinished statement, reported just after that character.
    const end = source.trimEnd().length;
    const atEnd = err >= end;
    const { line, col } = conv.pos(atEnd ? end : err);
    let message = atEnd ? 'unexpected end of input (an unclosed bracket or an empty block?)' : 'invalid syntax';
    // JS pasted into Python mode (or the language switch on the wrong side) fails here first.
    if (JS_LOOK.test(conv.lineText(line))) message += ' (this line looks like JavaScript; this program runs as Python)';
    throw new PySyntaxError(message, line, col, conv.lineText(line));
  }
  return conv.script(tree.topNode);
}

/** The lezer tree itself, for tools (highlighting, lint) that share the parse. */
export { parser };
