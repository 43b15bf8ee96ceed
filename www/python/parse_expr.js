// The expression half of parse.js's converter: lezer expression nodes -> AST nodes (names,
// literals and f-strings, calls and arguments, operators with Python's chained comparisons,
// subscripts and slices, comprehensions, assignment targets). Mixed into the Converter class.

import { PySyntaxError, ELLIPSIS } from './types.js';

const COMPARE = new Set(['<', '>', '<=', '>=', '==', '!=', 'in', 'not in', 'is', 'is not', '<>']);

export const expressionMethods = {
  /** A comma-separated expression list: one expression, or a tuple when there is a comma. */
  exprList(nodes) {
    const groups = splitOn(nodes, ',');
    if (groups.length === 1) return this.starOrExpr(groups[0], nodes[0]);
    const yields = this.yields;
    const elts = groups.filter((g) => g.length > 0).map((g) => this.starOrExpr(g, g[0]));
    const tuple = this.node('Tuple', nodes[0], { elts });
    if (this.yields !== yields) tuple.gen = true;
    return tuple;
  },

  starOrExpr(group, at) {
    if (group[0]?.name === '*') return this.node('Starred', at, { value: this.expr(group[1]) });
    if (group[0]?.name === '**') return this.node('DoubleStarred', at, { value: this.expr(group[1]) });
    if (group.length !== 1) this.unsupported(at, `this expression (${group.map((g) => g.name).join(' ')})`);
    return this.expr(group[0]);
  },

  target(e) {
    if (e.t === 'Name' || e.t === 'Attribute' || e.t === 'Subscript') return e;
    if (e.t === 'Tuple' || e.t === 'List') return { ...e, elts: e.elts.map((x) => this.target(x)) };
    if (e.t === 'Starred') return { ...e, value: this.target(e.value) };
    const err = new PySyntaxError(`cannot assign to ${describeTarget(e)}`, e.line, e.col, this.lineText(e.line));
    throw err;
  },

  expr(n) {
    // Leaves first: most nodes are names and numbers, which have no children to list.
    switch (n.name) {
      case 'VariableName': return this.node('Name', n, { id: this.text(n) });
      case 'Number': return this.number(n);
      case 'String': return this.node('Const', n, { value: this.string(this.text(n)) });
      case 'Boolean': return this.node('Const', n, { value: this.text(n) === 'True' });
      case 'None': return this.node('Const', n, { value: null });
      case 'Ellipsis': return this.node('Const', n, { value: ELLIPSIS });
      default: {
        const yields = this.yields;
        const e = this.compound(n, this.children(n));
        if (this.yields !== yields) e.gen = true;
        return e;
      }
    }
  },

  compound(n, kids) {
    switch (n.name) {
      case 'ContinuedString': {
        const parts = kids.map((k) => (k.name === 'String' ? this.node('Const', k, { value: this.string(this.text(k)) }) : this.fstring(k)));
        return this.node('JoinedStr', n, { parts });
      }
      case 'FormatString': return this.fstring(n);
      case 'ParenthesizedExpression': return this.starOrExpr(kids.slice(1, -1), n);
      case 'TupleExpression': {
        if (kids.length === 2) return this.node('Tuple', n, { elts: [] });
        const e = this.exprList(kids.slice(1, -1));
        if (e.t === 'Tuple') return { ...e, line: this.pos(n.from).line, col: this.pos(n.from).col };
        return this.node('Tuple', n, { elts: kids.length > 2 ? [e] : [] });
      }
      case 'ArrayExpression':
        return this.node('List', n, { elts: splitOn(kids.slice(1, -1), ',').filter((g) => g.length).map((g) => this.starOrExpr(g, g[0])) });
      case 'DictionaryExpression': {
        const items = splitOn(kids.slice(1, -1), ',').filter((g) => g.length).map((g) => {
          if (g[0].name === '**') return { key: null, value: this.expr(g[1]) };
          return { key: this.expr(g[0]), value: this.expr(g[2]) };
        });
        return this.node('Dict', n, { items });
      }
      case 'ArrayComprehensionExpression': return this.comprehension(n, kids, 'ListComp');
      case 'ComprehensionExpression': return this.comprehension(n, kids, 'GeneratorExp');
      case 'YieldExpression': return this.yieldExpr(n, kids);
      case 'DictionaryComprehensionExpression': return this.comprehension(n, kids, 'DictComp');
      case 'SetExpression':
        return this.node('Set', n, { elts: splitOn(kids.slice(1, -1), ',').filter((g) => g.length).map((g) => this.starOrExpr(g, g[0])) });
      case 'SetComprehensionExpression': return this.comprehension(n, kids, 'SetComp');
      case 'CallExpression': return this.node('Call', n, { func: this.expr(kids[0]), ...this.argList(kids[1]) });
      case 'MemberExpression': {
        if (isTrailingDotFloat(n)) return this.node('Const', n, { value: Number(this.text(kids[0])), kind: 'float' });
        if (kids[1].name === '.') return this.node('Attribute', n, { value: this.expr(kids[0]), attr: this.text(kids[2]), attrLine: this.pos(kids[2].from).line });
        return this.node('Subscript', n, { value: this.expr(kids[0]), index: this.subscript(n, kids.slice(2, -1)) });
      }
      case 'UnaryExpression': {
        const op = this.text(kids[0]);
        return this.node('Unary', n, { op, operand: this.expr(kids[1]) });
      }
      case 'BinaryExpression': return this.binary(n, kids);
      case 'ConditionalExpression':
        return this.node('IfExp', n, { body: this.expr(kids[0]), test: this.expr(kids[2]), orelse: this.expr(kids[4]) });
      case 'LambdaExpression': {
        const pl = kids.find((c) => c.name === 'ParamList');
        const params = this.params(pl ? this.children(pl) : []);
        const [functions, yields] = [this.functions, this.yields];
        this.functions += 1;
        let body;
        try {
          body = this.expr(kids[kids.length - 1]);
          if (this.yields !== yields) this.unsupported(n, '`yield` in a lambda');
        } finally {
          this.functions = functions;
        }
        return this.node('Lambda', n, { params, body });
      }
      case '⚠': return this.syntaxError(n);
      default:
        return this.unsupported(n, `this expression (${n.name})`);
    }
  },

  number(n) {
    const raw = this.text(n).replace(/_/g, '');
    if (/[jJ]$/.test(raw)) this.unsupported(n, 'complex numbers');
    if (/^0[xob]/i.test(raw)) return this.node('Const', n, { value: Number(raw.toLowerCase()), kind: 'int' });
    const isFloat = /[.eE]/.test(raw);
    return this.node('Const', n, { value: Number(raw), kind: isFloat ? 'float' : 'int' });
  },

  /** The value of a string literal's source text (prefix, quotes, escapes). */
  string(raw) {
    const m = /^([rRbBuU]*)('''|"""|'|")/.exec(raw);
    const prefix = m[1].toLowerCase();
    const q = m[2];
    const body = raw.slice(m[0].length, raw.length - q.length);
    return prefix.includes('r') ? body : unescape(body);
  },

  fstring(n) {
    const raw = this.text(n);
    const m = /^([rRfF]*)('''|"""|'|")/.exec(raw);
    const isRaw = m[1].toLowerCase().includes('r');
    const parts = [];
    let at = n.from + m[0].length;
    const end = n.to - m[2].length;
    const lit = (from, to) => {
      if (to <= from) return;
      const s = this.src.slice(from, to).replace(/\{\{/g, '{').replace(/\}\}/g, '}');
      parts.push({ t: 'Const', value: isRaw ? s : unescape(s) });
    };
    for (const r of this.children(n).filter((c) => c.name === 'FormatReplacement')) {
      lit(at, r.from);
      parts.push(this.formatReplacement(r));
      at = r.to;
    }
    lit(at, end);
    return this.node('JoinedStr', n, { parts });
  },

  formatReplacement(r) {
    const kids = this.children(r);
    const exprNodes = kids.slice(1).filter((c) => !['FormatSelfDoc', 'FormatConversion', 'FormatSpec', '}'].includes(c.name));
    const value = this.exprList(exprNodes);
    const selfDoc = kids.find((c) => c.name === 'FormatSelfDoc');
    const conv = kids.find((c) => c.name === 'FormatConversion');
    const specNode = kids.find((c) => c.name === 'FormatSpec');
    let spec = null;
    if (specNode) {
      const specKids = this.children(specNode).filter((c) => c.name === 'FormatReplacement');
      if (specKids.length) {
        const parts = [];
        let at = specNode.from + 1;
        for (const s of specKids) {
          if (s.from > at) parts.push({ t: 'Const', value: this.src.slice(at, s.from) });
          parts.push(this.formatReplacement(s));
          at = s.to;
        }
        if (specNode.to > at) parts.push({ t: 'Const', value: this.src.slice(at, specNode.to) });
        spec = { t: 'JoinedStr', parts };
      } else {
        spec = { t: 'Const', value: this.src.slice(specNode.from + 1, specNode.to) };
      }
    }
    const docText = selfDoc ? this.src.slice(kids[0].to, selfDoc.to) : null;
    return {
      t: 'FormattedValue', line: value.line, col: value.col, value,
      conversion: conv ? this.text(conv).slice(1) : (selfDoc && !spec ? 'r' : null), spec, docText,
    };
  },

  subscript(n, kids) {
    const groups = splitOn(kids, ',');
    const one = (g) => {
      if (!g.some((c) => c.name === ':')) return this.starOrExpr(g, g[0] ?? n);
      const bounds = [null, null, null];
      let k = 0;
      for (const c of g) {
        if (c.name === ':') k += 1; else bounds[k] = this.expr(c);
      }
      return this.node('Slice', g[0] ?? n, { lower: bounds[0], upper: bounds[1], step: bounds[2] });
    };
    if (groups.length === 1) return one(groups[0]);
    return this.node('Tuple', n, { elts: groups.filter((g) => g.length).map(one) });
  },

  binary(n, kids) {
    const left = kids[0];
    let opNodes = kids.slice(1, -1);
    const right = kids[kids.length - 1];
    const op = opNodes.map((o) => this.text(o)).join(' ');
    if (op === 'and' || op === 'or') {
      return this.node('BoolOp', n, { op, left: this.expr(left), right: this.expr(right) });
    }
    if (COMPARE.has(op)) {
      if (op === '<>') this.unsupported(opNodes[0], '`<>`');
      // a < b < c arrives as ((a < b) < c): an unparenthesised comparison on the left is a chain.
      const l = this.expr(left);
      const r = this.expr(right);
      if (left.name === 'BinaryExpression' && l.t === 'Compare') {
        return { ...l, ops: [...l.ops, op], comparators: [...l.comparators, r] };
      }
      return this.node('Compare', n, { left: l, ops: [op], comparators: [r] });
    }
    opNodes = opNodes.filter(Boolean);
    return this.node('BinOp', n, { op, left: this.expr(left), right: this.expr(right), opLine: this.pos(opNodes[0].from).line });
  },

  argList(list) {
    const args = [];
    const keywords = [];
    const kids = this.children(list).slice(1, -1);
    for (const g of splitOn(kids, ',')) {
      if (g.length === 0) continue;
      if (g.some((c) => c.name === 'for')) {
        args.push(this.comprehension(g[0], g, 'GeneratorExp', true));
      } else if (g[0].name === '*') {
        args.push(this.node('Starred', g[0], { value: this.expr(g[1]) }));
      } else if (g[0].name === '**') {
        keywords.push({ name: null, value: this.expr(g[1]) });
      } else if (g.length >= 3 && g[1].name === 'AssignOp') {
        keywords.push({ name: this.text(g[0]), value: this.expr(g[2]) });
      } else {
        args.push(this.starOrExpr(g, g[0]));
      }
    }
    return { args, keywords };
  },

  /** `[elt for a in b if c for d in e]` (also dict comprehensions and generator expressions). */
  comprehension(n, kids, t, bare = false) {
    const yields = this.yields;
    const node = this.comprehensionNode(n, kids, t, bare);
    if (this.yields !== yields) this.syntax(n, `'yield' inside ${{ ListComp: 'list comprehension', DictComp: 'dict comprehension', SetComp: 'set comprehension' }[t] ?? 'generator expression'}`);
    return node;
  },

  comprehensionNode(n, kids, t, bare) {
    const inner = bare ? kids : kids.slice(1, -1);
    const forAt = inner.findIndex((c) => c.name === 'for');
    const head = inner.slice(0, forAt);
    const node = this.node(t, n, { generators: [] });
    if (t === 'DictComp') {
      node.key = this.expr(head[0]);
      node.value = this.expr(head[2]);
    } else {
      node.elt = this.starOrExpr(head, n);
    }
    let gen = null;
    for (let i = forAt; i < inner.length;) {
      const c = inner[i];
      if (c.name === 'for') {
        const inAt = inner.findIndex((x, j) => j > i && x.name === 'in');
        gen = { target: this.target(this.exprList(inner.slice(i + 1, inAt))), iter: this.expr(inner[inAt + 1]), ifs: [] };
        node.generators.push(gen);
        i = inAt + 2;
      } else if (c.name === 'if') {
        gen.ifs.push(this.expr(inner[i + 1]));
        i += 2;
      } else {
        this.unsupported(c, `this comprehension part (${c.name})`);
      }
    }
    return node;
  },

  syntaxError(n) {
    const { line, col } = this.pos(n.from);
    throw new PySyntaxError('invalid syntax', line, col, this.lineText(line));
  },
};

function describeTarget(e) {
  const names = { Call: 'function call', Const: 'literal', BinOp: 'expression', Compare: 'comparison', Lambda: 'lambda', JoinedStr: 'f-string expression' };
  return names[e.t] ?? 'expression';
}

export function splitOn(nodes, name) {
  const groups = [[]];
  for (const c of nodes) {
    if (c.name === name) groups.push([]); else groups[groups.length - 1].push(c);
  }
  return groups;
}

const ESCAPES = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', 0: '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

function unescape(s) {
  return s.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.|\n)/g, (all, e) => {
    if (e in ESCAPES) return ESCAPES[e];
    if (/^[xuU]/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return all;
  });
}

/**
 * `1.` (a float with a trailing dot) arrives from @lezer/python 1.1 as `MemberExpression(Number,
 * ".", ⚠)` with an empty error node: it is a float literal, not an error.
 */
export function isTrailingDotFloat(member) {
  const num = member.firstChild;
  const dot = num?.nextSibling;
  const rest = dot?.nextSibling;
  return num?.name === 'Number' && dot?.name === '.' && dot.from === num.to && (!rest || (rest.type.isError && rest.from === rest.to));
}
