// Diagnostics for the editor without running anything: the syntax error or unsupported
// construct (as python.run would raise it), names no scope defines (scopes.js), and
// attributes of the imported modules that jaxplay's Python does not have, with the likely
// intended name (`jax.pureCallback` -> `jax.pure_callback`, the JS spelling). Also the module
// names and the program's own names, for completions.

import { parse } from './parse.js';
import { makeModules } from './jaxlib.js';
import { makeBuiltins } from './builtins.js';
import { PyModule } from './types.js';
import { missingText } from './objects.js';
import { analyseScopes, boundNames } from './scopes.js';

let builtinNames = null;
/** The builtins every module sees, and `__name__`. */
export const builtins = () => (builtinNames ??= [...Object.keys(makeBuiltins(() => {})), '__name__'].sort());

/** Every module's attribute names: `{ 'jax': [...], 'jax.numpy': [...], ... }`. */
export function moduleNames(modules = makeModules()) {
  return Object.fromEntries(Object.entries(modules).map(([name, m]) => [name, Object.keys(m.attrs).sort()]));
}

const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

function suggestion(name, known) {
  if (known.includes(snake(name))) return snake(name);
  // Short names are one typo from many others: only a closer one is suggested, none for i or xs.
  if (name.length <= 2) return null;
  const most = name.length > 4 ? 2 : 1;
  let best = null;
  for (const k of known) {
    const dist = distance(name, k);
    if (dist <= most && (!best || dist < best.dist)) best = { k, dist };
  }
  return best?.k ?? null;
}

/** Visits every node of the AST (statements and expressions). */
function walk(node, visit) {
  if (Array.isArray(node)) { node.forEach((n) => walk(n, visit)); return; }
  if (!node || typeof node !== 'object') return;
  if (typeof node.t === 'string') visit(node);
  for (const [k, v] of Object.entries(node)) if (k !== 'scopeInfo' && v && typeof v === 'object') walk(v, visit);
}

/** The names `source` binds (every scope), or null if it does not parse. */
export function programNames(source) {
  try {
    return boundNames(analyseScopes(parse(source)));
  } catch {
    return null;
  }
}

// Names the course imports, for a program that uses one without its import.
const IMPORTS = {
  jax: 'import jax', jnp: 'import jax.numpy as jnp', np: 'import numpy as np', lax: 'from jax import lax',
  io_callback: 'from jax.experimental import io_callback', partial: 'from functools import partial', functools: 'import functools', math: 'import math',
};

/** A warning for each read of a name no scope defines in `ast` (Python's NameError words). */
export function undefinedNames(ast, globals = []) {
  const { uses } = analyseScopes(ast);
  const known = new Set([...builtins(), ...globals]);
  const out = [];
  for (const u of uses) {
    if (known.has(u.id) || u.scope.sees(u.id)) continue;
    const candidates = [...known];
    let member = false; // a class attribute, read bare in a method
    for (let s = u.scope; s; s = s.parent) {
      if (s.kind === 'class' && s.names.has(u.id)) member = true;
      candidates.push(...s.names);
    }
    const better = suggestion(u.id, candidates.filter((c) => c !== u.id));
    const hint = Object.hasOwn(IMPORTS, u.id) ? ` (add \`${IMPORTS[u.id]}\`)`
      : member ? ` (\`${u.id}\` is the class's: \`self.${u.id}\`)`
        : better ? ` (did you mean '${better}'?)` : '';
    out.push({ line: u.line, col: u.col, severity: 'warning', message: `name '${u.id}' is not defined${hint}` });
  }
  return out;
}

/**
 * `[{line, col, severity: 'error'|'warning', message}]` for `source`; `globals`: names the
 * program is given besides the builtins (`show_jaxpr` in the playground's programs).
 */
export function lint(source, { globals = [] } = {}) {
  let ast;
  try {
    ast = parse(source);
  } catch (e) {
    return [{ line: e.lineno ?? 1, col: e.offset ?? 1, severity: 'error', message: `SyntaxError: ${e.args?.[0] ?? e.message}` }];
  }
  const modules = makeModules();
  const aliases = new Map(); // a name bound by an import -> module name
  walk(ast, (n) => {
    if (n.t === 'Import') {
      for (const x of n.names) {
        if (x.as) aliases.set(x.as, x.module);
        else aliases.set(x.module.split('.')[0], x.module.split('.')[0]);
      }
    } else if (n.t === 'ImportFrom') {
      for (const x of n.names) {
        const full = `${n.module}.${x.name}`;
        if (modules[full]) aliases.set(x.as, full);
      }
    }
  });
  const out = undefinedNames(ast, globals);
  const moduleOf = (e) => {
    if (e.t === 'Name') return aliases.get(e.id) ?? null;
    if (e.t === 'Attribute') {
      const parent = moduleOf(e.value);
      const attr = parent && modules[parent]?.attrs[e.attr];
      return attr instanceof PyModule ? attr.name : null;
    }
    return null;
  };
  walk(ast, (n) => {
    if (n.t !== 'Attribute') return;
    const mod = moduleOf(n.value);
    if (!mod || !modules[mod] || Object.hasOwn(modules[mod].attrs, n.attr)) return;
    if (Object.hasOwn(modules[mod].missing, n.attr)) {
      out.push({ line: n.attrLine ?? n.line, col: n.col, severity: 'warning', message: missingText(modules[mod], n.attr) });
      return;
    }
    const known = Object.keys(modules[mod].attrs);
    const better = suggestion(n.attr, known);
    out.push({
      line: n.attrLine ?? n.line,
      col: n.col,
      severity: 'warning',
      message: `module '${mod}' has no attribute '${n.attr}' in jaxplay's Python${better ? ` (did you mean '${better}'?)` : ''}`,
    });
  });
  return out.sort((a, b) => a.line - b.line || a.col - b.col);
}
