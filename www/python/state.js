// The state a Python host function can see, for Check's purity check (www/lib/state.js takes
// the snapshots): its default arguments, the variables of the functions around it, the
// module's globals, the object a bound method belongs to, and what those hold (list items,
// dict entries, attributes of functions, classes and instances, host array values). Modules
// are left out: they are the API, not state. Dicts, sets and instances are read through what
// they offer (`entries()`, `__dict__`), whatever table stores them.

import { HostArray } from '../lib/np.js';
import { JaxArray } from '../lib/arrays.js';
import { PyCallable, PyFloat, PyModule } from './types.js';
import { isDict, PySet } from './runtime.js';

const attrParts = (attrs) => (attrs && typeof attrs === 'object'
  ? Object.keys(attrs).map((k) => ({ step: `.${k}`, value: attrs[k], named: true }))
  : []);

/** A mapping's [key, value] pairs: a dict (a plain object, or a table with `entries()`), a Map. */
function entriesOf(m) {
  if (m instanceof Map || (typeof m.entries === 'function' && !Array.isArray(m))) return [...m.entries()];
  return Object.entries(m);
}

const keyText = (k) => (typeof k === 'string' ? JSON.stringify(k) : String(k));

/** What a Python value holds, in lib/state.js's terms. */
export function pythonParts(v) {
  if (v instanceof PyFloat) return { value: `float:${v.v}` };
  if (v instanceof PyModule || v instanceof JaxArray) return null;
  if (v instanceof HostArray) return `${v.dtype}[${v.shape.join(',')}]:${Array.from(v.data.subarray(0, 256)).join(',')}`;
  if (Array.isArray(v)) return [...v.map((x, i) => ({ step: `[${i}]`, value: x, named: false })), { step: '.len', value: v.length, named: false }];
  if (v instanceof PySet) return [...v.values()].map(String).join(',');
  if (isDict(v) || typeof v.entries === 'function') return entriesOf(v).map(([k, x]) => ({ step: `[${keyText(k)}]`, value: x, named: false }));
  // An instance of a class written in Python: its attributes are its __dict__'s entries.
  if (v.pyClass && v.dict) return [...entriesOf(v.dict).map(([k, x]) => ({ step: `.${k}`, value: x, named: true })), { step: '.__class__', value: v.pyClass, named: false }];
  const parts = attrParts(v.attrs);
  if (v instanceof PyCallable && v.node) {
    // A function's defaults live as long as it does (`def f(x, seen=[])`).
    (v.defaults ?? []).forEach((d, i) => { if (d !== undefined) parts.push({ step: `.__defaults__[${i}]`, value: d, named: false }); });
    for (const [k, d] of Object.entries(v.kwDefaults ?? {})) parts.push({ step: `.__kwdefaults__[${k}]`, value: d, named: false });
  }
  return parts;
}

/**
 * The roots of the state `f` (a Python callable: a function, a `functools.partial` of one, a
 * bound method) can see: [{ name, kind, value }].
 */
export function pythonRoots(f) {
  const roots = [];
  const fn = [f, f?.attrs?.func, f?.fn].find((c) => c instanceof PyCallable && c.node) ?? null;
  if (f?.self !== undefined) roots.push({ name: 'self', kind: `the object \`${f.name}\` is a method of`, value: f.self });
  if (fn !== f && f?.attrs) roots.push({ name: f.name ?? 'partial', kind: 'the host function', value: f });
  if (!fn) return roots;
  const params = fn.node.params;
  params.args.forEach((p, i) => { if (p.default) roots.push({ name: p.name, kind: `a default argument of \`${fn.name}\``, value: fn.defaults[i] }); });
  for (const p of params.kwonly) if (p.default) roots.push({ name: p.name, kind: `a default argument of \`${fn.name}\``, value: fn.kwDefaults[p.name] });
  const module = fn.closure.module;
  for (let s = fn.closure; s && s !== module; s = s.parent) {
    for (const [name, value] of s.vars) roots.push({ name, kind: 'a variable of the enclosing function', value });
  }
  roots.push({ name: fn.name, kind: 'the host function', value: fn });
  for (const [name, value] of module.vars) if (!(value instanceof PyModule)) roots.push({ name, kind: 'a global', value });
  return roots;
}
