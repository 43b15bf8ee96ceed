// Autocompletion of jaxplay's JS API in the editor: dotted names (`jax.pureCallback`,
// `jnp.array`, `np.asarray`, ...) while typing them, and common array members after `x.`.
// Not inside comments or strings. The API table's names (www/lib/api-spec.js, the largest part)
// load on the first completion, not with the page.

import { syntaxTree } from '@codemirror/language';

/** A table function's parameters as the JS API takes them: positional ones, then `{ keywords }`. */
function jsSignature(f) {
  const positional = f.params.filter((p) => !p.keyword && p.kind !== 'unsupported')
    .map((p) => (p.kind === 'varArrays' ? `...${p.js}` : p.default === null ? p.js : `${p.js}?`));
  const keywords = f.params.filter((p) => !p.positional && p.kind !== 'unsupported' && (p.keyword || p.default !== null)).map((p) => p.js);
  return `(${[...positional, ...(keywords.length ? [`{ ${keywords.join(', ')} }`] : [])].join(', ')})`;
}

const QUIET = new Set(['LineComment', 'BlockComment', 'String', 'TemplateString', 'RegExp']);

/** [label, type, detail, info] for every name the learner can reach from the scope; `table`: the API table's. */
const api = (table) => [
  ['jax.jit', 'function', '(fn) → compiled fn', 'Compiled version of fn, cached per input shapes and dtypes. JS side effects inside fn run at trace time only.'],
  ['jax.pureCallback', 'function', '(cb, resultShapeDtypes, ...args, { vmapMethod })', 'Calls a host function with concrete values. No side effects: removed when its result is unused.'],
  ['jax.ShapeDtypeStruct', 'class', '(shape, dtype)', 'Shape + dtype declaration of a callback result. Metadata only.'],
  ['jax.experimental.ioCallback', 'function', '(cb, resultShapeDtypes, ...args, { ordered })', 'A host call with side effects: always kept; ordered: true keeps program order.'],
  ['jax.debug.print', 'function', '(fmt, ...args)', 'Prints traced values when the program runs. Python-style {} fields.'],
  ['jax.debug.callback', 'function', '(cb, ...args, { ordered })', 'Calls cb with concrete values for its side effects; returns nothing.'],
  ['jax.debug.setPrintHandler', 'function', '(fn) → previous', 'Where jax.debug.print output goes.'],
  ['jax.makeJaxpr', 'function', '(fn)(...args) → ClosedJaxpr', 'The traced program; String(...) prints it the way JAX does.'],
  ['jax.evalShape', 'function', '(fn, ...args) → ShapeDtypeStructs', 'Output shapes and dtypes without running anything.'],
  ['jax.effectsBarrier', 'function', '()', 'Waits for all effects (recorded on the timeline).'],
  ['jax.timeline.events', 'function', '() → events', 'Every recorded timeline event.'],
  ['jax.timeline.subscribe', 'function', '(listener) → unsubscribe', 'Calls listener(event) as events happen.'],
  ['jax.timeline.clear', 'function', '()', 'Forgets recorded events.'],
  ['jax.timeline.restart', 'function', '()', 'Starts over as a fresh engine: no events, numbering from #0, no ordered-token holder.'],
  ['jax.timeline.toTraceEvents', 'function', '() → trace data', 'Chrome Trace Event data; JSON.stringify it for Perfetto.'],
  ['jax.liveArrays', 'function', '() → number', 'How many engine arrays JS still references.'],
  ['jax.Array', 'class', 'engine array', 'The class of engine arrays and tracers.'],
  ['jax.grad', 'function', '(fn, { argnums, hasAux }) → gradient fn', 'Reverse-mode gradient of a scalar function.'],
  ['jax.valueAndGrad', 'function', '(fn) → (…args) → [value, grad]'],
  ['jax.vjp', 'function', '(fn, ...primals) → [out, vjpFn]'],
  ['jax.jvp', 'function', '(fn, primals, tangents) → [out, tangentOut]'],
  ['jax.linearize', 'function', '(fn, ...primals) → [out, fJvp]'],
  ['jax.linearTranspose', 'function', '(fn, ...primals) → transposed fn'],
  ['jax.vmap', 'function', '(fn, { inAxes, outAxes }) → batched fn', 'Vectorises fn over a leading axis; callbacks follow their vmapMethod.'],
  ['jax.jacrev', 'function', '(fn) → Jacobian fn (reverse mode)'],
  ['jax.jacfwd', 'function', '(fn) → Jacobian fn (forward mode)'],
  ['jax.customJvp', 'function', '(fn) → fn with .defjvp(rule)'],
  ['jax.customVjp', 'function', '(fn) → fn with .defvjp(fwd, bwd)'],
  ['jax.checkpoint', 'function', '(fn) → rematerialised fn'],
  ['jax.lax.scan', 'function', '(f, init, xs, length?, { reverse })', 'f(carry, x) → [carry, y]; returns [carry, ys].'],
  ['jax.lax.cond', 'function', '(pred, trueFn, falseFn, ...operands)'],
  ['jax.lax.switch', 'function', '(index, branches, ...operands)'],
  ['jax.lax.whileLoop', 'function', '(condFun, bodyFun, init)'],
  ['jax.lax.foriLoop', 'function', '(lower, upper, body, init)'],
  ['jax.lax.slice', 'function', '(x, startIndices, limitIndices, strides?)', 'Static slice: the elements from start to limit (exclusive), every stride-th.'],
  ['jax.lax.squeeze', 'function', '(x, dimensions)'],
  ['jax.lax.rev', 'function', '(x, dimensions)', 'Reverses x along dimensions.'],
  ['jax.lax.expandDims', 'function', '(x, dimensions)'],
  ['jax.lax.stopGradient', 'function', '(x)', 'Treats x as a constant for autodiff: no gradient flows through it.'],
  ['jax.setSchedule', 'function', '({ seed, reorder, duplicatePure, mergePure }) | null', 'New compilations run under another legal schedule; null restores program order.'],
  ['showJaxpr', 'function', '(fn, ...args)', 'In an example program: shows the jaxpr of fn for these arguments in the Jaxpr panel.'],
  ['ioCallback', 'function', '(cb, resultShapeDtypes, ...args, { ordered })', 'Same as jax.experimental.ioCallback.'],
  ['jnp.array', 'function', '(values, dtype?)', 'An engine array; float32 by default.'],
  ['jnp.asarray', 'function', '(values, dtype?)', 'An engine array; float32 by default.'],
  ['jnp.arange', 'function', '(start, stop?, step?, dtype?)', 'Evenly spaced values in [start, stop); float32 unless a dtype is given.'],
  // Every function of the engine's API table, under its JS name, with its signature and doc.
  ...table.FUNCTIONS.filter((f) => f.name !== 'arange' && f.ns !== 'jax.Array').map((f) => [`${table.JS_NAMESPACE[f.ns]}.${f.js}`, 'function', jsSignature(f), f.doc]),
  ['jnp.float32', 'constant', 'dtype'],
  ['jnp.int32', 'constant', 'dtype'],
  ['jnp.bool', 'constant', 'dtype'],
  ['np.asarray', 'function', '(x, dtype?) → HostArray', 'Concrete host data (a typed array inside), for use in callbacks.'],
  ['np.array', 'function', '(x, dtype?) → HostArray', 'A copy as a host array.'],
  ['np.zeros', 'function', '(shape, dtype?) → HostArray'],
  ['np.ones', 'function', '(shape, dtype?) → HostArray'],
  ['np.arange', 'function', '(n, dtype?) → HostArray'],
  ['np.float32', 'constant', 'dtype'],
  ['np.int32', 'constant', 'dtype'],
];

const MEMBERS = [
  ['add', 'method', '(other)'], ['sub', 'method', '(other)'], ['mul', 'method', '(other)'],
  ['div', 'method', '(other)'], ['neg', 'method', '()'], ['sum', 'method', '(axis?)'],
  ['reshape', 'method', '(...shape)'], ['transpose', 'method', '(axes?)'], ['index', 'method', '(...keys)', "Python's x[...]: x.index(0), x.index(':', -1), x.index('::-1'), null for a new axis, '...'."], ['astype', 'method', '(dtype)'], ['tolist', 'method', '()'],
  ['item', 'method', '()'], ['toTypedArray', 'method', '()'], ['blockUntilReady', 'method', '()'],
  ['shape', 'property', 'number[]'], ['dtype', 'property', 'string'], ['ndim', 'property', 'number'],
  ['size', 'property', 'number'], ['data', 'property', 'typed array (host arrays)'],
];

const ROOTS = new Set(['jax', 'jnp', 'np']);

const option = ([label, type, detail, info], boost = 0) => ({ label, type, detail, info, boost });
let apiOptions = null;
/** The completions offered for the API's names (exported for the test that every op has one). */
export function loadApiOptions() {
  // The table only: the page itself never loads the engine.
  apiOptions ??= import('../lib/api-spec.js').then((table) => api(table).map((a) => option(a, 1)));
  return apiOptions;
}
const memberOptions = MEMBERS.map((m) => option(m, -1));

/** A CodeMirror completion source. */
export async function apiCompletions(context) {
  for (let node = syntaxTree(context.state).resolveInner(context.pos, -1); node; node = node.parent) {
    if (QUIET.has(node.name)) return null;
  }
  const word = context.matchBefore(/[\w$]+(?:\.[\w$]*)*/);
  if ((!word || word.from === word.to) && !context.explicit) return null;
  const options = await loadApiOptions();
  if (!word) return { from: context.pos, options };
  // Not after a dot that belongs to something else (`foo.jax.` is not the API).
  const before = context.state.sliceDoc(Math.max(0, word.from - 1), word.from);
  if (before === '.') return null;
  const root = word.text.split('.')[0];
  if (ROOTS.has(root) || !word.text.includes('.')) {
    return { from: word.from, options, validFor: /^[\w$.]*$/ };
  }
  // `something.` → array members, completed from just after the last dot.
  const dot = word.text.lastIndexOf('.');
  return { from: word.from + dot + 1, options: memberOptions, validFor: /^[\w$]*$/ };
}

