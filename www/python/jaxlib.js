// The modules a Python program imports: `jax` (with `jax.numpy`, `jax.lax`, `jax.debug`,
// `jax.errors`, `jax.experimental`, `jax.tree_util`), host `numpy` (functions in numpy.js),
// `functools` and `math`. Each function takes JAX's Python arguments and keywords
// (`vmap_method=`, `ordered=`, `in_axes=`, `static_argnums=`) and calls the JS API of
// www/jaxplay.js; Python functions cross as JS functions, so the engine calls them across the
// wasm boundary exactly as it calls JS callbacks.

import { jax } from '../jaxplay.js';
import { bound } from './bridge.js';
import {
  wrap, wasm, JaxArray, setSourceProvider, ShapeDtypeStructClass,
} from '../lib/engine.js';
import { HostArray } from '../lib/np.js';
import { PyFloat, PyTuple, PyModule, builtin, pyErr, E, float, PyCallable } from './types.js';
import { isTuple, isDict, numberOf, repr, typeOf } from './runtime.js';
import { toJS, fromJS, callValue } from './objects.js';
import {
  DType, jaxDtypes, npDtypes, dtypeArg, jaxArrayOf, types, tracing,
} from './arrays.js';
import { hostScalar, markReadOnly } from './hostops.js';
import { jnpFns, npFns } from './numpy.js';
import { pythonNamespace } from './api.js';
import {
  applyAlongAxis, applyOverAxes, fromfunction, map as laxMap,
} from '../lib/callables.js';

const fn = (name, f, attrs) => builtin(name, f, attrs);

/** A positional array argument for the JS API: Python ints become weak int32 arrays. */
function arg(v) {
  if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31) return wrap(wasm.number(v));
  if (Array.isArray(v)) return Array.from(v, arg);
  if (isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, arg(x)]));
  return toJS(v);
}

function requireCallable(f, who) {
  const ok = f instanceof PyCallable || typeof f === 'function' || f?.fn || f instanceof DType || typeof f?.pyCall === 'function';
  if (!ok) throw pyErr('TypeError', `Expected a callable value, got ${repr(f)} (${who}: the function must be callable)`);
}

/** A JS function for a Python callable; keyword arguments bound when given (callbacks' **kwargs). */
function jsCallable(f, kwargs = null, who = 'function') {
  requireCallable(f, who);
  if (f instanceof PyCallable && !kwargs) return f.js;
  const name = f?.name ?? 'function';
  const g = { [name]: (...args) => toJS(callValue(f, args.map(fromJS), kwargs)) }[name];
  return g;
}

/**
 * A host function's Python result for the engine: numbers inside lists, tuples and dicts become
 * 0-d host arrays (float64/int64, as NumPy would make them), so a returned list is a pytree of
 * leaves as in JAX, not an array literal (the JS API's reading of a nested JS array).
 */
function hostResult(v, top = true) {
  if (!top && (typeof v === 'number' || v instanceof PyFloat || typeof v === 'boolean')) {
    return hostScalar(numberOf(v), typeof v === 'boolean' ? 'bool' : v instanceof PyFloat ? 'float64' : 'int64');
  }
  if (Array.isArray(v)) return Array.from(v, (x) => hostResult(x, false));
  if (isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, hostResult(x, false)]));
  return toJS(v);
}

/** A callback's argument in Python: host arrays arrive read-only, as JAX hands them. */
const hostArg = (v) => fromJS(markReadOnly(v));

/** jsCallable for a callback's host function: its result goes through `hostResult`. */
// One JS function per Python host (without keywords), so each bind of the same host hands the
// engine and Check's observer the same function, as JS code does.
const hostFunctions = new WeakMap();
// And back: the Python callable behind a host's JS function (Check reads the state it sees).
const hostCallables = new WeakMap();

/** The Python callable a callback's JS host function calls, or undefined. */
export const pythonHostOf = (js) => hostCallables.get(js);

function hostCallable(f, kwargs, who) {
  requireCallable(f, who);
  if (kwargs === null && typeof f === 'object' && hostFunctions.has(f)) return hostFunctions.get(f);
  const name = f?.name === '<lambda>' ? 'lambda' : f?.name ?? 'function';
  const js = { [name]: (...args) => hostResult(callValue(f, args.map(hostArg), kwargs)) }[name];
  if (kwargs === null && typeof f === 'object') hostFunctions.set(f, js);
  hostCallables.set(js, f);
  return js;
}

/** The tuple/list/dict structure of a Python value, without its leaves (kept per jitted output). */
function skeleton(v) {
  if (Array.isArray(v)) return PyTuple.from(v.map(skeleton)).concat(isTuple(v) ? [] : [LIST]);
  if (isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, skeleton(x)]));
  return null;
}
const LIST = Symbol('list');

/** A value's JS pytree shape as text: the key under which a jitted output's skeleton is kept. */
function shapeKey(v) {
  if (Array.isArray(v)) return `[${v.map(shapeKey).join(',')}]`;
  if (isDict(v)) return `{${Object.entries(v).map(([k, x]) => `${k}:${shapeKey(x)}`).join(',')}}`;
  return '.';
}

/** Puts a skeleton's tuples and lists back on a JS result of the same shape. */
function fromSkeleton(sk, v) {
  if (Array.isArray(sk) && Array.isArray(v)) {
    const isList = sk[sk.length - 1] === LIST;
    const items = v.map((x, i) => fromSkeleton(sk[i], x));
    return isList ? items : PyTuple.from(items);
  }
  if (sk && isDict(sk) && isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromSkeleton(sk[k], x)]));
  return fromJS(v);
}

/** Puts tuple/list/dict structure of `like` (a Python pytree) back on a JS result. */
function restructure(like, v) {
  if (Array.isArray(like) && Array.isArray(v) && like.length === v.length) {
    const items = v.map((x, i) => restructure(like[i], x));
    return isTuple(like) ? PyTuple.from(items) : items;
  }
  if (isDict(like) && isDict(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restructure(like[k], x)]));
  return fromJS(v);
}

const kwOnly = (kw, allowed, who) => {
  for (const k of Object.keys(kw)) {
    if (!allowed.includes(k)) throw pyErr('TypeError', `${who}() got an unexpected keyword argument '${k}'`);
  }
};

// ------------------------------------------------------------------ jit

function argnums(v) {
  if (v === null || v === undefined) return [];
  return Array.isArray(v) ? [...v] : [v];
}

function jit(f, kw = {}) {
  kwOnly(kw, ['static_argnums', 'static_argnames', 'donate_argnums', 'inline'], 'jit');
  requireCallable(f, 'jax.jit');
  const statics = argnums(kw.static_argnums);
  const staticNames = argnums(kw.static_argnames);
  const name = f.name ?? 'jitted';
  // Output tuple/list structure, seen at trace time, by the JS shape of the output.
  const skeletons = new Map();
  const traceCall = (args, kwargs) => {
    tracing.push(name);
    try {
      return callValue(f, args, kwargs);
    } finally {
      tracing.pop();
    }
  };
  const traced = (r) => {
    const js = toJS(r);
    skeletons.set(shapeKey(js), skeleton(r));
    return js;
  };
  const plain = statics.length === 0 && staticNames.length === 0
    ? jax.jit({ [name]: (...xs) => traced(traceCall(xs.map(fromJS), null)) }[name]) : null;
  const cache = new Map();
  const jittedFor = (args, kwargs) => {
    if (plain && Object.keys(kwargs).length === 0) return [plain, args];
    // Static arguments are part of the cache key and closed over; the rest are traced.
    const keyParts = [];
    const dynamic = [];
    const dynamicKw = [];
    args.forEach((a, i) => (statics.includes(i) || statics.includes(i - args.length) ? keyParts.push(`${i}=${repr(a)}`) : dynamic.push(i)));
    for (const [k, v] of Object.entries(kwargs)) (staticNames.includes(k) ? keyParts.push(`${k}=${repr(v)}`) : dynamicKw.push(k));
    const key = `${args.length}|${keyParts.join(',')}|${dynamicKw.join(',')}`;
    if (!cache.has(key)) {
      const body = { [name]: (...tracers) => {
        const full = [...args];
        dynamic.forEach((i, j) => { full[i] = fromJS(tracers[j]); });
        const kwFull = { ...kwargs };
        dynamicKw.forEach((k, j) => { kwFull[k] = fromJS(tracers[dynamic.length + j]); });
        return traced(traceCall(full, kwFull));
      } }[name];
      cache.set(key, jax.jit(body));
    }
    return [cache.get(key), [...dynamic.map((i) => args[i]), ...dynamicKw.map((k) => kwargs[k])]];
  };
  const withSkeleton = (out) => {
    const sk = skeletons.get(shapeKey(out));
    return sk === undefined ? fromJS(out) : fromSkeleton(sk, out);
  };
  const call = (args, kwargs) => {
    for (const leaf of treeLeaves(args)) {
      if (!(leaf instanceof JaxArray || leaf instanceof HostArray || numberOf(leaf) !== undefined || leaf instanceof ShapeDtypeStructClass)) {
        const i = args.findIndex((a) => treeLeaves(a).includes(leaf));
        if (!statics.includes(i)) {
          throw pyErr('TypeError', `Error interpreting argument to ${name} as an abstract array. The problematic value is of type <class '${typeOf(leaf).name}'> and was passed to the function at argument ${i}.`);
        }
      }
    }
    const [jf, dyn] = jittedFor(args, kwargs);
    return withSkeleton(jf(...dyn.map(arg)));
  };
  const jitted = fn(name, call, {
    lower: fn('lower', (args, kwargs) => {
      const [jf, dyn] = jittedFor(args, kwargs);
      const lowered = jf.lower(...dyn.map(arg));
      return new PyModule('Lowered', {
        as_text: fn('as_text', () => lowered.asText()),
        compile: fn('compile', () => {
          const run = lowered.compile();
          return fn(name, (xs) => withSkeleton(run(...xs.map(arg))), { as_text: fn('as_text', () => run.asText()) });
        }),
      });
    }),
    // JAX's own (private, but what the course uses to count compilations) cache counter.
    _cache_size: fn('_cache_size', () => (plain ? plain.cacheSize() : 0) + [...cache.values()].reduce((n, j) => n + j.cacheSize(), 0)),
    __wrapped__: f,
  });
  // As a JS function it is still a jitted one: `lower` gives the program as traced and as
  // compiled (the playground's show_jaxpr shows both, as for a JS jitted function).
  const js = { [name]: (...args) => toJS(call(args.map(fromJS), {})) }[name];
  js.lower = (...args) => {
    const [jf, dyn] = jittedFor(args.map(fromJS), {});
    return jf.lower(...dyn.map(arg));
  };
  jitted.js = js;
  jitted.reprText = `<PjitFunction of ${repr(f)}>`;
  return jitted;
}

// ------------------------------------------------------------------ callbacks

const VMAP_METHODS = ['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', null];

/** result_shape_dtypes leaves need .shape and .dtype, as JAX reads them (its error if not). */
function checkSpec(spec) {
  for (const leaf of treeLeaves(spec)) {
    if (!(leaf instanceof ShapeDtypeStructClass || leaf instanceof JaxArray || leaf instanceof HostArray)) {
      throw pyErr('AttributeError', `'${typeOf(leaf).name}' object has no attribute 'dtype'`);
    }
  }
}

function pureCallback([cb, spec, ...args], kw) {
  const { sharding, vmap_method: vm = null, ...rest } = kw;
  if (!VMAP_METHODS.includes(vm)) {
    throw pyErr('ValueError', `vmap_method must be on of the allowed methods ${repr(VMAP_METHODS)}, but got: ${vm?.v ?? vm}`);
  }
  checkSpec(spec);
  // An options object goes last when a dict argument could be read as options or a
  // vmap_method is given; else none, so the call is the one JS code makes.
  const operands = args.map(arg);
  const options = vm !== null || isDict(args[args.length - 1]) ? [{ vmapMethod: vm }] : [];
  const out = bound().jax.pureCallback(hostCallable(cb, Object.keys(rest).length ? rest : null, 'pure_callback'), toJS(spec), ...operands, ...options);
  return restructure(spec, out);
}

function ioCallbackPy([cb, spec, ...args], kw) {
  const { sharding, ordered = false, ...rest } = kw;
  checkSpec(spec);
  const out = bound().ioCallback(hostCallable(cb, Object.keys(rest).length ? rest : null, 'io_callback'), toJS(spec), ...args.map(arg), { ordered: Boolean(ordered) });
  return restructure(spec, out);
}

function debugCallback(args, kw) {
  const { ordered = false, partitioned, ...rest } = kw;
  if (args.length === 0) {
    // JAX's two-call form: jax.debug.callback(ordered=True)(host, x)
    return fn('debug_callback', (a, k) => debugCallback(a, { ...k, ordered }));
  }
  const [cb, ...xs] = args;
  if (cb === null) {
    jax.debug.callback(null, ...xs.map(arg));
    return null;
  }
  jax.debug.callback(hostCallable(cb, Object.keys(rest).length ? rest : null, 'debug.callback'), ...xs.map(arg), { ordered: Boolean(ordered) });
  return null;
}

function debugPrint([fmt, ...args], kw) {
  const { ordered, skip_format_check: skip, ...named } = kw;
  const extra = [];
  if (Object.keys(named).length) extra.push(Object.fromEntries(Object.entries(named).map(([k, v]) => [k, arg(v)])));
  const options = {};
  if (ordered !== undefined) options.ordered = Boolean(ordered);
  if (skip !== undefined) options.skipFormatCheck = Boolean(skip);
  if (Object.keys(options).length) extra.push(options);
  jax.debug.print(fmt, ...args.map(arg), ...extra);
  return null;
}

// ------------------------------------------------------------------ transformations

/**
 * A Python callable for a transformed JS function. With `tracker` (a `tracked` Python function),
 * outputs that have the traced function's output shape get its tuples and lists back.
 */
const wrapFn = (name, jsf, tracker = null) => {
  const b = fn(name, (args) => {
    const out = jsf(...args.map(arg));
    return tracker ? tracker.restore(out) : fromJS(out);
  });
  b.js = jsf;
  return b;
};

/** `f` as a JS function that remembers its outputs' tuple/list skeletons (for vmap and friends). */
function tracked(f, who) {
  const skeletons = new Map();
  requireCallable(f, who);
  const name = f?.name === '<lambda>' ? 'lambda' : f?.name ?? 'function';
  return {
    js: { [name]: (...args) => {
      const r = callValue(f, args.map(fromJS), null);
      const js = toJS(r);
      skeletons.set(shapeKey(js), skeleton(r));
      return js;
    } }[name],
    restore(out) {
      const sk = skeletons.get(shapeKey(out));
      return sk === undefined ? fromJS(out) : fromSkeleton(sk, out);
    },
  };
}

const transforms = {
  make_jaxpr: ([f], kw) => {
    kwOnly(kw, ['static_argnums'], 'make_jaxpr');
    const mk = jax.makeJaxpr(jsCallable(f, null, 'jax.make_jaxpr'));
    return fn('make_jaxpr', (args) => mk(...args.map(arg)));
  },
  eval_shape: ([f, ...args]) => fromJS(jax.evalShape(jsCallable(f, null, 'jax.eval_shape'), ...args.map(arg))),
  grad: ([f], kw) => wrapFn(`grad(${f?.name})`, jax.grad(jsCallable(f, null, 'jax.grad'), { argnums: toJS(kw.argnums ?? 0), hasAux: Boolean(kw.has_aux) })),
  value_and_grad: ([f], kw) => wrapFn('value_and_grad', jax.valueAndGrad(jsCallable(f, null, 'jax.value_and_grad'), { argnums: toJS(kw.argnums ?? 0), hasAux: Boolean(kw.has_aux) })),
  jacfwd: ([f], kw) => wrapFn('jacfwd', jax.jacfwd(jsCallable(f, null, 'jax.jacfwd'), { argnums: toJS(kw.argnums ?? 0) })),
  jacrev: ([f], kw) => wrapFn('jacrev', jax.jacrev(jsCallable(f, null, 'jax.jacrev'), { argnums: toJS(kw.argnums ?? 0) })),
  vmap: ([f, inAxes = 0, outAxes = 0], kw) => {
    const t = tracked(f, 'jax.vmap');
    return wrapFn('vmap', jax.vmap(t.js, { inAxes: toJS(kw.in_axes ?? inAxes), outAxes: toJS(kw.out_axes ?? outAxes) }), t);
  },
  jvp: ([f, primals, tangents]) => fromJS(jax.jvp(jsCallable(f, null, 'jax.jvp'), arg(primals), arg(tangents))),
  vjp: ([f, ...primals]) => fromJS(jax.vjp(jsCallable(f, null, 'jax.vjp'), ...primals.map(arg))),
  linearize: ([f, ...primals]) => fromJS(jax.linearize(jsCallable(f, null, 'jax.linearize'), ...primals.map(arg))),
  linear_transpose: ([f, ...primals]) => wrapFn('transpose', jax.linearTranspose(jsCallable(f, null, 'jax.linear_transpose'), ...primals.map(arg))),
  checkpoint: ([f]) => {
    const t = tracked(f, 'jax.checkpoint');
    return wrapFn(f?.name ?? 'checkpoint', jax.checkpoint(t.js), t);
  },
  custom_jvp: ([f], kw) => {
    if (kw.nondiff_argnums !== undefined) throw pyErr('NotImplementedError', "jaxplay's Python does not support custom_jvp's nondiff_argnums yet");
    const jsf = bound().jax.customJvp(jsCallable(f, null, 'jax.custom_jvp'));
    const b = wrapFn(f.name, jsf);
    b.attrs = { defjvp: fn('defjvp', ([rule]) => { jsf.defjvp(jsCallable(rule, null, 'defjvp')); return rule; }), __name__: f.name };
    return b;
  },
  custom_vjp: ([f], kw) => {
    if (kw.nondiff_argnums !== undefined) throw pyErr('NotImplementedError', "jaxplay's Python does not support custom_vjp's nondiff_argnums yet");
    const jsf = bound().jax.customVjp(jsCallable(f, null, 'jax.custom_vjp'));
    const b = wrapFn(f.name, jsf);
    b.attrs = { defvjp: fn('defvjp', ([fwd, bwd]) => { jsf.defvjp(jsCallable(fwd, null, 'defvjp'), jsCallable(bwd, null, 'defvjp')); return null; }), __name__: f.name };
    return b;
  },
};

// ------------------------------------------------------------------ lax

const lax = {
  stop_gradient: ([x]) => fromJS(jax.lax.stopGradient(arg(x))),
  scan: ([f, init, xs = null, length = null], kw) => {
    const len = kw.length ?? length;
    const opts = { reverse: Boolean(kw.reverse) };
    return fromJS(jax.lax.scan(jsCallable(f, null, 'lax.scan'), arg(init), arg(kw.xs ?? xs), len === null ? undefined : len, opts));
  },
  cond: ([pred, t, e, ...ops]) => fromJS(jax.lax.cond(arg(pred), jsCallable(t, null, 'lax.cond'), jsCallable(e, null, 'lax.cond'), ...ops.map(arg))),
  switch: ([i, branches, ...ops]) => fromJS(jax.lax.switch(arg(i), [...branches].map((b) => jsCallable(b, null, 'lax.switch')), ...ops.map(arg))),
  fori_loop: ([lo, hi, body, init]) => fromJS(jax.lax.foriLoop(toJS(lo), toJS(hi), jsCallable(body, null, 'lax.fori_loop'), arg(init))),
  while_loop: ([c, b, init]) => fromJS(jax.lax.whileLoop(jsCallable(c, null, 'lax.while_loop'), jsCallable(b, null, 'lax.while_loop'), arg(init))),
  slice: ([x, start, limit, strides = null], kw) => fromJS(jax.lax.slice(arg(x), toJS(kw.start_indices ?? start), toJS(kw.limit_indices ?? limit), toJS(kw.strides ?? strides))),
  squeeze: ([x, dims], kw) => fromJS(jax.lax.squeeze(arg(x), toJS(kw.dimensions ?? dims))),
  rev: ([x, dims], kw) => fromJS(jax.lax.rev(arg(x), toJS(kw.dimensions ?? dims))),
  expand_dims: ([x, dims], kw) => fromJS(jax.lax.expandDims(arg(x), toJS(kw.dimensions ?? dims))),
  map: ([f, xs], kw) => fromJS(laxMap(jsCallable(f, null, 'lax.map'), arg(kw.xs ?? xs))),
};

/** `jax.numpy`'s functions that take a function (www/lib/callables.js). */
const jnpCallables = {
  apply_along_axis: ([f, axis, a, ...args], kw) => fromJS(applyAlongAxis(jsCallable(f, Object.keys(kw).length ? kw : null, 'jnp.apply_along_axis'), toJS(axis), arg(a), ...args.map(arg))),
  apply_over_axes: ([f, a, axes]) => fromJS(applyOverAxes(jsCallable(f, null, 'jnp.apply_over_axes'), arg(a), toJS(axes))),
  fromfunction: ([f, shape], { dtype, ...kw }) => fromJS(fromfunction(jsCallable(f, Object.keys(kw).length ? kw : null, 'jnp.fromfunction'), toJS(shape), { dtype: dtypeArg(dtype) ?? 'float32' })),
};

// ------------------------------------------------------------------ pytrees (jax.tree_util, jax.tree)

const isNode = (v) => Array.isArray(v) || isDict(v);

function treeLeaves(v, out = []) {
  if (v === null || v === undefined) return out;
  if (Array.isArray(v)) v.forEach((x) => treeLeaves(x, out));
  else if (isDict(v)) Object.keys(v).sort().forEach((k) => treeLeaves(v[k], out));
  else out.push(v);
  return out;
}

/** tree_map(f, tree, *rest): rest trees must have tree's structure (JAX's rule). */
function treeMap([f, tree, ...rest]) {
  const go = (t, others) => {
    if (t === null || t === undefined) return null;
    if (isNode(t)) {
      for (const o of others) {
        const same = Array.isArray(t) ? Array.isArray(o) && o.length === t.length : isDict(o) && Object.keys(o).length === Object.keys(t).length;
        if (!same) throw pyErr('ValueError', `Custom node type mismatch; expected a tree of the same structure as ${repr(t)}, got ${repr(o)}.`);
      }
      if (Array.isArray(t)) {
        const items = t.map((x, i) => go(x, others.map((o) => o[i])));
        return isTuple(t) ? PyTuple.from(items) : items;
      }
      return Object.fromEntries(Object.keys(t).map((k) => [k, go(t[k], others.map((o) => o[k]))]));
    }
    return callValue(f, [t, ...others], null);
  };
  return go(tree, rest);
}

/** JAX's text of a tree's structure: `{'a': [*], 'b': (*, *)}` (dict keys sorted, leaves `*`). */
function structure(t) {
  if (t === null || t === undefined) return 'None';
  if (isTuple(t)) return t.length === 1 ? `(${structure(t[0])},)` : `(${t.map(structure).join(', ')})`;
  if (Array.isArray(t)) return `[${t.map(structure).join(', ')}]`;
  if (isDict(t)) return `{${Object.keys(t).sort().map((k) => `${repr(k)}: ${structure(t[k])}`).join(', ')}}`;
  return '*';
}

const treeFns = {
  tree_map: treeMap,
  tree_leaves: ([t]) => treeLeaves(t),
  tree_structure: ([t]) => `PyTreeDef(${structure(t)})`,
};

// ------------------------------------------------------------------ modules

/** `jax.numpy` functions the course may reach for that need a primitive the engine lacks. */
const moduleOf = (name, fns, extra = {}) => new PyModule(name, {
  ...Object.fromEntries(Object.entries(fns).map(([k, f]) => [k, fn(k, f)])),
  ...extra,
});

/**
 * A module of the engine's API table (www/python/api.js), with `own` functions of this file
 * taking precedence (control flow, transformations, array creation from host data), and JAX's
 * other names marked missing.
 */
function tableModule(name, own = {}, extra = {}) {
  const { fns, missing } = pythonNamespace(name);
  const module = moduleOf(name, own, extra);
  module.attrs = { ...fns, ...module.attrs };
  module.missing = Object.fromEntries(Object.entries(missing).filter(([n]) => !(n in module.attrs)));
  return module;
}

const ShapeDtypeStruct = fn('ShapeDtypeStruct', (args, kw) => {
  const [shape = kw.shape, dtype = kw.dtype] = args;
  for (const [name, v] of [['shape', shape], ['dtype', dtype]]) {
    if (v === undefined) throw pyErr('TypeError', `ShapeDtypeStruct.__init__() missing 1 required positional argument: '${name}'`);
  }
  if (!Array.isArray(shape)) throw pyErr('TypeError', `'${typeOf(shape).name}' object is not iterable (a shape is a tuple of ints)`);
  return jax.ShapeDtypeStruct([...shape].map(Number), dtypeArg(dtype));
});

export function makeModules() {
  const jaxErrors = new PyModule('jax.errors', {
    JaxRuntimeError: E.JaxRuntimeError,
    ConcretizationTypeError: E.ConcretizationTypeError,
    TracerBoolConversionError: E.TracerBoolConversionError,
    TracerIntegerConversionError: E.TracerIntegerConversionError,
    UnexpectedTracerError: E.UnexpectedTracerError,
  });
  const laxModule = tableModule('jax.lax', lax);
  const linalg = tableModule('jax.numpy.linalg');
  const jnpModule = tableModule('jax.numpy', { array: jnpFns.array, asarray: jnpFns.asarray, ...jnpCallables }, {
    ...jaxDtypes, bool_: jaxDtypes.bool, ndarray: types.Array, pi: float(Math.PI), e: float(Math.E), inf: float(Infinity), nan: float(NaN), linalg,
  });
  const nn = tableModule('jax.nn');
  const random = tableModule('jax.random');
  const special = tableModule('jax.scipy.special');
  const scipy = new PyModule('jax.scipy', { special });
  const io = fn('io_callback', ioCallbackPy);
  const experimental = new PyModule('jax.experimental', { io_callback: io });
  const debug = moduleOf('jax.debug', { callback: debugCallback, print: debugPrint });
  const treeUtil = moduleOf('jax.tree_util', treeFns);
  const tree = moduleOf('jax.tree', { map: treeMap, leaves: treeFns.tree_leaves, structure: treeFns.tree_structure });
  const jaxModule = moduleOf('jax', {
    ...transforms,
    pure_callback: pureCallback,
    effects_barrier: () => { jax.effectsBarrier(); return null; },
    block_until_ready: ([x]) => x,
    device_get: ([x]) => x,
    device_put: ([x]) => treeMap([fn('device_put', ([v]) => jaxArrayOf(v)), x]),
  }, {
    jit: fn('jit', ([f], kw) => (f === undefined ? fn('jit', ([g]) => jit(g, kw)) : jit(f, kw))),
    ShapeDtypeStruct,
    Array: types.Array,
    numpy: jnpModule,
    lax: laxModule,
    nn,
    random,
    scipy,
    debug,
    errors: jaxErrors,
    experimental,
    tree_util: treeUtil,
    tree,
    remat: null,
  });
  jaxModule.attrs.remat = jaxModule.attrs.checkpoint;
  const numpy = moduleOf('numpy', npFns, {
    ...npDtypes, bool_: npDtypes.bool, ndarray: types.ndarray, pi: float(Math.PI), e: float(Math.E), inf: float(Infinity), nan: float(NaN),
  });
  const partial = fn('partial', ([f, ...bound], boundKw) => {
    const p = fn(f?.name ?? 'partial', (args, kw) => callValue(f, [...bound, ...args], { ...boundKw, ...kw }));
    p.attrs = { func: f, args: PyTuple.from(bound), keywords: boundKw };
    return p;
  });
  const functools = new PyModule('functools', { partial });
  const math = moduleOf('math', {
    sqrt: ([x]) => float(Math.sqrt(numberOf(x))),
    exp: ([x]) => float(Math.exp(numberOf(x))),
    log: ([x]) => float(Math.log(numberOf(x))),
    sin: ([x]) => float(Math.sin(numberOf(x))),
    cos: ([x]) => float(Math.cos(numberOf(x))),
    floor: ([x]) => Math.floor(numberOf(x)),
    ceil: ([x]) => Math.ceil(numberOf(x)),
    isclose: ([a, b], kw) => Math.abs(numberOf(a) - numberOf(b)) <= Math.max(numberOf(kw.rel_tol ?? float(1e-9)) * Math.max(Math.abs(numberOf(a)), Math.abs(numberOf(b))), numberOf(kw.abs_tol ?? 0)),
  }, { pi: float(Math.PI), e: float(Math.E), inf: float(Infinity), nan: float(NaN) });
  return {
    jax: jaxModule,
    'jax.numpy': jnpModule,
    'jax.numpy.linalg': linalg,
    'jax.lax': laxModule,
    'jax.nn': nn,
    'jax.random': random,
    'jax.scipy': scipy,
    'jax.scipy.special': special,
    'jax.debug': debug,
    'jax.errors': jaxErrors,
    'jax.tree_util': treeUtil,
    'jax.tree': tree,
    'jax.experimental': experimental,
    numpy,
    functools,
    math,
  };
}

export { setSourceProvider };

/** True once jaxplay's `init()` has loaded the engine. */
export const engineReady = () => wasm !== undefined;

/** Where `jax.debug.print` output goes while a Python module runs; returns the previous sink. */
export const setPrintHandler = (handler) => jax.debug.setPrintHandler(handler);
