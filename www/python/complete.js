// Completions for the editor's Python, without running anything: after `module.` the names
// that module has in jaxplay's Python (the API table's functions with their signature and doc,
// www/lib/api-spec.js), under whatever name the program imported it (`import numpy as onp`);
// else the program's own names (every scope, scopes.js), the builtins and the keywords.
// While a line is being typed the program seldom parses: the line is left out then.

import { parse } from './parse.js';
import { makeModules } from './jaxlib.js';
import { PyModule, Builtin, PyCallable } from './types.js';
import { DType } from './arrays.js';
import { analyseScopes, boundNames } from './scopes.js';
import { builtins } from './lint.js';
import { FUNCTIONS } from '../lib/api-spec.js';

// What the course's imports call each module, for a program whose imports do not parse yet.
const ALIASES = { jax: 'jax', jnp: 'jax.numpy', np: 'numpy', lax: 'jax.lax', functools: 'functools', math: 'math' };

const KEYWORDS = ['and', 'as', 'assert', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'False', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'None', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'True', 'try', 'while', 'with', 'yield'];

// The hand-written part of `jax` (the rest comes from the table), in JAX's words.
const JAX_DOCS = {
  jit: ['(fun, static_argnums=None)', 'A compiled version of fun, traced once per input shapes and dtypes; Python side effects run at trace time only.'],
  pure_callback: ['(callback, result_shape_dtypes, *args, vmap_method=None)', 'Calls a host function with concrete values; no side effects: it may be skipped, repeated or merged.'],
  ShapeDtypeStruct: ['(shape, dtype)', 'Declares the shape and dtype of a callback result. Metadata only.'],
  grad: ['(fun, argnums=0, has_aux=False)', 'The gradient of a scalar function (reverse mode).'],
  value_and_grad: ['(fun, argnums=0, has_aux=False)', 'fun\'s value and its gradient.'],
  vmap: ['(fun, in_axes=0, out_axes=0)', 'fun vectorised over an axis; callbacks follow their vmap_method.'],
  make_jaxpr: ['(fun)(*args)', 'The traced program as a jaxpr.'],
  custom_jvp: ['(fun)', 'fun with a forward-mode rule given by @fun.defjvp.'],
  custom_vjp: ['(fun)', 'fun with a reverse-mode rule given by fun.defvjp(fwd, bwd).'],
  io_callback: ['(callback, result_shape_dtypes, *args, ordered=False)', 'A host call with side effects: always kept; ordered=True keeps program order.'],
};

const TABLE = new Map(FUNCTIONS.map((f) => [`${f.ns}.${f.name}`, f]));

let modules = null;

function kindOf(v) {
  if (v instanceof PyModule) return 'namespace';
  if (v instanceof DType) return 'type';
  if (v instanceof Builtin || v instanceof PyCallable || typeof v === 'function') return 'function';
  return 'constant';
}

/** The module's completions: { label, type, detail?, info? } for each name it has. */
function moduleOptions(name) {
  const m = modules[name];
  return Object.keys(m.attrs).sort().map((label) => {
    const f = TABLE.get(`${name}.${label}`);
    const doc = name === 'jax' || name === 'jax.experimental' ? JAX_DOCS[label] : null;
    return { label, type: kindOf(m.attrs[label]), detail: f?.signature ?? doc?.[0], info: f?.doc ?? doc?.[1] };
  });
}

/** The AST of `source`, or of it without the line at `offset` (being typed); null if neither parses. */
function parsed(source, offset) {
  try {
    return parse(source);
  } catch {
    const start = source.lastIndexOf('\n', offset - 1) + 1;
    const end = source.indexOf('\n', offset);
    const line = source.slice(start, end < 0 ? source.length : end);
    try {
      return parse(`${source.slice(0, start)}${/^\s*/.exec(line)[0]}pass${end < 0 ? '' : source.slice(end)}`);
    } catch {
      return null;
    }
  }
}

/** Names bound by the program's imports, to the module each names (`jnp` -> 'jax.numpy'). */
function importedModules(ast) {
  const out = new Map();
  for (const s of ast ?? []) {
    if (s.t === 'Import') {
      for (const n of s.names) out.set(n.as ?? n.module.split('.')[0], n.as ? n.module : n.module.split('.')[0]);
    } else if (s.t === 'ImportFrom') {
      for (const n of s.names) if (modules[`${s.module}.${n.name}`]) out.set(n.as, `${s.module}.${n.name}`);
    }
  }
  return out;
}

/** The module `head` (`jnp`, `jax.random`, `onp.linalg`) names in the program, or null. */
function resolve(head, imported) {
  const [first, ...rest] = head.split('.');
  let name = imported.get(first) ?? (imported.size === 0 ? ALIASES[first] : undefined);
  for (const part of rest) {
    if (!name) return null;
    name = modules[name]?.attrs[part] instanceof PyModule ? modules[name].attrs[part].name : null;
  }
  return name && modules[name] ? name : null;
}

/**
 * Completions at `offset` in `source`: `{ from, options }` (`from`: where the completed word
 * starts), or null where there is nothing to offer. `explicit`: asked for (Ctrl-Space), so an
 * empty word gets the names too.
 */
export function complete(source, offset, { explicit = false } = {}) {
  modules ??= makeModules();
  const word = /[A-Za-z_][\w.]*$/.exec(source.slice(0, offset));
  const text = word ? word[0] : '';
  const from = offset - text.length;
  // After `f(x).` or `x[0].` there is no module to name.
  if (source[from - 1] === '.' || (!text && !explicit)) return null;
  const ast = parsed(source, offset);
  const dot = text.lastIndexOf('.');
  if (dot >= 0) {
    const module = resolve(text.slice(0, dot), importedModules(ast));
    return module ? { from: from + dot + 1, options: moduleOptions(module) } : null;
  }
  const own = ast ? boundNames(analyseScopes(ast)) : [];
  return {
    from,
    options: [
      ...own.map((label) => ({ label, type: 'variable', boost: 2 })),
      ...builtins().filter((b) => !own.includes(b)).map((label) => ({ label, type: /^[A-Z]/.test(label) ? 'class' : 'function', boost: 1 })),
      ...KEYWORDS.map((label) => ({ label, type: 'keyword' })),
    ],
  };
}
