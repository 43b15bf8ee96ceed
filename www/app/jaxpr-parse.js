// Reads printed jaxpr text (JAX's layout, as jaxplay prints it) back into plain data, so the
// exercise checker can inspect the traced program: which primitives it binds, their params,
// which variables flow where, and nested jaxprs (scan bodies, custom_jvp/vjp call jaxprs).
//
//   parseJaxpr(text) → { invars: [{ name, type }], eqns: [Eqn], outs: [atom] }
//   Eqn = { outs: [{ name, type }], prim, params: { key: string | Jaxpr }, args: [atom] }
// Atoms are variable names (`b`) or typed literals (`2.0:f32[]`). Throws on text it cannot read.

const BINDER = /^([a-z_][a-z0-9_]*):([a-z][a-z0-9]*\[[\d,\s]*\])/;
const WORD = /^[A-Za-z_][\w]*/;

export function parseJaxpr(text) {
  let pos = 0;
  const rest = () => text.slice(pos);
  const ws = () => { while (pos < text.length && /\s/.test(text[pos])) pos += 1; };
  const fail = (what) => { throw new SyntaxError(`jaxpr: expected ${what} at ${JSON.stringify(text.slice(pos, pos + 30))}`); };
  const expect = (s) => {
    ws();
    if (!text.startsWith(s, pos)) fail(JSON.stringify(s));
    pos += s.length;
  };
  const binder = () => {
    const m = BINDER.exec(rest());
    if (!m) return null;
    pos += m[0].length;
    return { name: m[1], type: m[2] };
  };
  const binders = () => {
    const out = [];
    for (;;) {
      ws();
      const b = binder();
      if (!b) return out;
      out.push(b);
    }
  };
  // Text up to whitespace (or `stop`) at bracket depth 0.
  const balanced = (stop = '') => {
    const start = pos;
    let depth = 0;
    while (pos < text.length) {
      const c = text[pos];
      if ('([{'.includes(c)) depth += 1;
      else if (')]}'.includes(c)) {
        if (depth === 0) break;
        depth -= 1;
      } else if (depth === 0 && (/\s/.test(c) || stop.includes(c))) break;
      pos += 1;
    }
    return text.slice(start, pos);
  };
  // Does an equation (binders followed by `=`) start here?
  const eqnAhead = () => {
    const save = pos;
    const bs = binders();
    ws();
    const yes = bs.length > 0 && text[pos] === '=' && text[pos + 1] !== '=';
    pos = save;
    return yes;
  };
  // Operands end at `in`, `}`, a new line (the next equation) or, on one line, the next
  // equation: binders and `=`, or a primitive with params (`debug_callback[...]`).
  const atEnd = () => {
    const start = pos;
    ws();
    return text.slice(start, pos).includes('\n') || /^in[\s(]/.test(rest()) || text[pos] === '}' ||
      /^[a-z_]\w*\[/.test(rest()) || eqnAhead();
  };

  function params() {
    const out = {};
    for (;;) {
      ws();
      if (text[pos] === ']') {
        pos += 1;
        return out;
      }
      const key = WORD.exec(rest());
      if (!key) fail('a parameter name');
      pos += key[0].length;
      expect('=');
      out[key[0]] = text[pos] === '{' ? jaxpr() : /^\(\s*\{/.test(rest()) ? jaxprTuple() : balanced(']');
    }
  }

  // `(\n { lambda ... }\n { lambda ... }\n)`: cond branches, as { 0: Jaxpr, 1: Jaxpr, ... }.
  function jaxprTuple() {
    expect('(');
    const list = {};
    let i = 0;
    while ((ws(), text[pos] === '{')) list[i++] = jaxpr();
    expect(')');
    return { tuple: true, ...list };
  }

  function eqn() {
    const outs = binders();
    if (outs.length > 0) expect('=');
    ws();
    const prim = WORD.exec(rest());
    if (!prim) fail('a primitive name');
    pos += prim[0].length;
    let ps = {};
    if (text[pos] === '[') {
      pos += 1;
      ps = params();
    }
    const args = [];
    while (!atEnd()) {
      const a = balanced();
      if (!a) fail('an operand');
      args.push(a);
    }
    return { outs, prim: prim[0], params: ps, args };
  }

  function jaxpr() {
    expect('{');
    expect('lambda');
    const constvars = binders();
    expect(';');
    const invars = binders();
    expect('.');
    expect('let');
    const eqns = [];
    while (!(ws(), /^in[\s(]/.test(rest()))) {
      if (pos >= text.length) fail('`in`');
      eqns.push(eqn());
    }
    expect('in');
    ws();
    let outs;
    if (text[pos] === '(') {
      const close = text.indexOf(')', pos);
      if (close < 0) fail('`)`');
      outs = text.slice(pos + 1, close).split(',').map((s) => s.trim()).filter(Boolean);
      pos = close + 1;
    } else {
      outs = [balanced('}')];
    }
    expect('}');
    return { constvars, invars, eqns, outs };
  }

  const result = jaxpr();
  ws();
  if (pos !== text.length) fail('the end of the jaxpr');
  return result;
}

/**
 * Calls fn(eqn, ancestors, scope) for every equation, nested jaxprs included (depth first);
 * `ancestors` are the equations whose params hold it, `scope` the jaxpr it is written in.
 */
export function walkEqns(jaxpr, fn, ancestors = []) {
  for (const e of jaxpr.eqns) {
    fn(e, ancestors, jaxpr);
    for (const v of Object.values(e.params)) {
      if (v?.tuple) Object.values(v).forEach((j) => { if (j?.eqns) walkEqns(j, fn, [...ancestors, e]); });
      else if (v?.eqns) walkEqns(v, fn, [...ancestors, e]);
    }
  }
}

/** All equations (nested ones included) as [{ eqn, ancestors, scope }]. */
export function allEqns(jaxpr) {
  const out = [];
  walkEqns(jaxpr, (eqn, ancestors, scope) => out.push({ eqn, ancestors, scope }));
  return out;
}

/**
 * Whether variable `name` of `scope` depends on the scope's inputs only through
 * `stop_gradient` (literals and stopped values do not carry gradients).
 */
export function isStopped(scope, name) {
  const defs = new Map();
  for (const e of scope.eqns) for (const o of e.outs) defs.set(o.name, e);
  const seen = new Map();
  const visit = (atom) => {
    if (!isVar(atom)) return true;
    if (seen.has(atom)) return seen.get(atom);
    seen.set(atom, false);
    const e = defs.get(atom);
    const stopped = e ? e.prim === 'stop_gradient' || (e.args.length > 0 && e.args.every(visit)) : false;
    seen.set(atom, stopped);
    return stopped;
  };
  return visit(name);
}

/** `(ShapedArray(float32[3]), ShapedArray(int32[]))` → ['float32[3]', 'int32[]']. */
export function resultAvals(param) {
  return [...String(param ?? '').matchAll(/ShapedArray\(([a-z0-9]+\[[\d,\s]*\])/g)].map((m) => m[1].replace(/\s/g, ''));
}

const SHORT = { f32: 'float32', i32: 'int32', bool: 'bool', f64: 'float64', i64: 'int64', u8: 'uint8', u32: 'uint32' };

/** `f32[3]` (a binder type) → `float32[3]`. */
export function longType(type) {
  const m = /^([a-z0-9]+)(\[.*\])$/.exec(type);
  return m ? `${SHORT[m[1]] ?? m[1]}${m[2].replace(/\s/g, '')}` : type;
}

/** Whether an atom is a variable (not a literal such as `2.0:f32[]`). */
export const isVar = (atom) => /^[a-z_][a-z0-9_]*$/.test(atom);
