// The modules a Python program imports: `jax` (with `jax.numpy`, `jax.lax`, `jax.debug`,
// `jax.errors`, `jax.experimental`, `jax.tree_util`), host `numpy` (functions in numpy.js),
// and the standard library's (stdlib.js). Each function takes JAX's Python arguments and keywords
// (`vmap_method=`, `ordered=`, `in_axes=`, `static_argnums=`) and calls the JS API of
// www/jaxplay.js; Python functions cross as JS functions, so the engine calls them across the
// wasm boundary exactly as it calls JS callbacks.

import { jax } from '../jaxplay.js';
import { bound } from './bridge.js';
import { wasm } from '../lib/instance.js';
import { wrap, JaxArray } from '../lib/arrays.js';
import { ShapeDtypeStructClass } from '../lib/options.js';
import { setSourceProvider } from '../lib/sourcelines.js';
import { HostArray } from '../lib/np.js';
import {
  PyFloat, PyTuple, PyModule, Builtin, builtin, pyErr, E, float, PyCallable,
} from './types.js';
import {
  isTuple, isDict, numberOf, repr, typeOf, dictEntries, dictKeys, dictGet, dictSize, PyDict, compare,
} from './runtime.js';
import { toJS, fromJS, callValue, isCallable } from './objects.js';
import {
  DType, jaxDtypes, npDtypes, dtypeArg, jaxArrayOf, types, tracing,
} from './arrays.js';
import { hostScalar, markReadOnly } from './hostops.js';
import { jnpFns, npFns } from './numpy.js';
import { makeStdlib } from './stdlib.js';
import { pythonNamespace } from './api.js';
import { debugPrintFormatter } from '../lib/format.js';
import {
  applyAlongAxis, applyOverAxes, fromfunction, map as laxMap, associativeScan,
} from '../lib/callables.js';

const fn = (name, f, attrs) => builtin(name, f, attrs);

/** A dict as a JS API pytree node: a JS object (JAX's own dict nodes have str keys here). */
function jsNode(d, leaf) {
  const o = {};
  for (const [k, x] of dictEntries(d)) {
    if (typeof k !== 'string') throw pyErr('TypeError', `jaxplay passes dicts with str keys to JAX, not ${typeOf(k).name} (${repr(k)})`);
    o[k] = leaf(x);
  }
  return o;
}

/** A dict's keys in JAX's pytree order (sorted). */
function sortedKeys(d) {
  const keys = [...dictKeys(d)];
  return keys.every((k) => typeof k === 'string') ? keys.sort() : keys.sort((a, b) => (compare('<', a, b) ? -1 : compare('<', b, a) ? 1 : 0));
}

/** A positional array argument for the JS API: Python ints become weak int32 arrays. */
function arg(v) {
  if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31) return wrap(wasm.number(v));
  if (Array.isArray(v)) return Array.from(v, arg);
  if (isDict(v)) return jsNode(v, arg);
  return toJS(v);
}

function requireCallable(f, who) {
  const ok = isCallable(f) || f?.fn || f instanceof DType;
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
 * A host function's Python result for the engine: Python numbers become 0-d host arrays
 * (float64, int64 or bool, as `np.asarray` makes them, so JAX's dtype check sees an int where
 * a float32 was declared), and a returned list is a pytree of leaves as in JAX, not an array
 * literal (the JS API's reading of a nested JS array).
 */
function hostResult(v) {
  if (typeof v === 'number' || v instanceof PyFloat || typeof v === 'boolean') {
    return hostScalar(numberOf(v), typeof v === 'boolean' ? 'bool' : v instanceof PyFloat || !Number.isInteger(v) ? 'float64' : 'int64');
  }
  if (Array.isArray(v)) return Array.from(v, hostResult);
  if (isDict(v)) return jsNode(v, hostResult);
  return toJS(v);
}

/** A callback's argument in Python: host arrays arrive read-only, as JAX hands them. */
const hostArg = (v) => fromJS(markReadOnly(v));

/** jsCallable for a callback's host function: its result goes through `hostResult`. */
// One JS function per Python host, so each bind of the same host hands the engine and Check's
// observer the same function, as JS code does.
const hostFunctions = new WeakMap();
// And back: the Python callable behind a host's JS function (Check reads the state it sees).
const hostCallables = new WeakMap();

/** The Python callable a callback's JS host function calls, or undefined. */
export const pythonHostOf = (js) => hostCallables.get(js);

function hostCallable(f, who) {
  requireCallable(f, who);
  if (typeof f === 'object' && hostFunctions.has(f)) return hostFunctions.get(f);
  const js = { [hostName(f)]: (...args) => hostResult(callValue(f, args.map(hostArg), null)) }[hostName(f)];
  if (typeof f === 'object') hostFunctions.set(f, js);
  hostCallables.set(js, f);
  return js;
}

const hostName = (f) => (f?.name === '<lambda>' ? 'lambda' : f?.name ?? 'function');

/** A callback operand: a Python float is a weak float32, as `jnp.asarray(1.0)` (arg() for the rest). */
const operand = (v) => (v instanceof PyFloat ? wrap(wasm.numberArg(v.v)) : arg(v));

const isArrayLeaf = (v) => v instanceof JaxArray || v instanceof HostArray || typeof v === 'number' || typeof v === 'boolean' || v instanceof PyFloat;

/**
 * JAX's flattening of a callback's `(args, kwargs)`: the leaves in order (dicts by sorted key,
 * None a subtree with none), and a function rebuilding the value from the host's arrays, with
 * the leaves that are not arrays (a debug callback's static arguments) as they were.
 */
function flatten(v, leaves) {
  if (Array.isArray(v)) {
    const parts = v.map((x) => flatten(x, leaves));
    return (next) => (isTuple(v) ? PyTuple.from(parts.map((p) => p(next))) : parts.map((p) => p(next)));
  }
  if (isDict(v)) {
    // Keyword arguments arrive as a JS object and go back as one; a Python dict stays a dict.
    const python = v instanceof PyDict;
    const byKey = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
    const parts = [...dictEntries(v)].sort(byKey).map(([k, x]) => [k, flatten(x, leaves)]);
    return (next) => {
      if (!python) return Object.fromEntries(parts.map(([k, p]) => [k, p(next)]));
      const d = new PyDict();
      for (const [k, p] of parts) d.set(k, p(next));
      return d;
    };
  }
  if (v === null) return () => null;
  leaves.push(v);
  return isArrayLeaf(v) ? (next) => hostArg(next()) : () => v;
}

/**
 * A callback's host function and operands for the JS API. Its positional arguments go as they
 * are (one cached host function per Python host); keyword arguments, which JAX passes as
 * operands too, and a debug callback's static arguments go as flat leaves, and a host function
 * made for the call puts them back. `options` go last when `wanted` or after a dict operand.
 */
function callbackCall(f, who, args, kwargs, options, wanted = true) {
  requireCallable(f, who);
  const leaves = [];
  const rebuild = flatten(PyTuple.of(PyTuple.from(args), kwargs), leaves);
  const at = leaves.findIndex((l) => !isArrayLeaf(l));
  if (at >= 0 && who !== 'debug_callback') {
    throw pyErr('TypeError', `Error interpreting argument to ${who} as a JAX value. The problematic value is of type <class '${typeOf(leaves[at]).name}'> and was passed to ${who} at position ${at}.`);
  }
  if (at < 0 && Object.keys(kwargs).length === 0) {
    const ops = args.map(operand);
    if (wanted || isDict(args[args.length - 1])) ops.push(options);
    return { host: hostCallable(f, who), ops };
  }
  const dynamic = leaves.filter(isArrayLeaf);
  const host = { [hostName(f)]: (...values) => {
    let i = 0;
    const [a, kw] = rebuild(() => values[i++]);
    return hostResult(callValue(f, [...a], kw));
  } }[hostName(f)];
  return { host, ops: [...dynamic.map(operand), options] };
}

/** `items` as a tuple; a named tuple's when `cls` is its class (JAX keeps them as they are). */
function tupleOf(cls, items) {
  const t = PyTuple.from(items);
  if (cls) t.pyClass = cls;
  return t;
}

/** The tuple/list/dict structure of a Python value, without its leaves (kept per jitted output). */
function skeleton(v) {
  if (Array.isArray(v)) {
    const sk = PyTuple.from(v.map(skeleton)).concat(isTuple(v) ? [] : [LIST]);
    sk.cls = v.pyClass;
    return sk;
  }
  if (isDict(v)) return jsNode(v, skeleton);
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
    return isList ? items : tupleOf(sk.cls, items);
  }
  if (sk && isDict(sk) && isDict(v)) return PyDict.of(Object.entries(v).map(([k, x]) => [k, fromSkeleton(sk[k], x)]));
  return fromJS(v);
}

/** Puts tuple/list/named tuple/dict structure of `like` (a Python pytree) back on a JS value. */
function restructure(like, v) {
  if (Array.isArray(like) && Array.isArray(v) && like.length === v.length) {
    const items = v.map((x, i) => restructure(like[i], x));
    return isTuple(like) ? tupleOf(like.pyClass, items) : items;
  }
  if (isDict(like) && isDict(v)) return PyDict.of(Object.entries(v).map(([k, x]) => [k, restructure(dictGet(like, k), x)]));
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
  // The Python arguments of the call being traced: the tracers get their structure back.
  let current = [];
  const plain = statics.length === 0 && staticNames.length === 0
    ? jax.jit({ [name]: (...xs) => traced(traceCall(xs.map((x, i) => restructure(current[i], x)), null)) }[name]) : null;
  const cache = new Map();
  let currentKw = {};
  const jittedFor = (args, kwargs) => {
    [current, currentKw] = [args, kwargs];
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
        const full = [...current];
        dynamic.forEach((i, j) => { full[i] = restructure(current[i], tracers[j]); });
        const kwFull = { ...currentKw };
        dynamicKw.forEach((k, j) => { kwFull[k] = restructure(currentKw[k], tracers[dynamic.length + j]); });
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
          throw pyErr('TypeError', `Error interpreting argument to ${name} as an abstract array. The problematic value is of type ${repr(typeOf(leaf))} and was passed to the function at argument ${i}.`);
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
  // As a class attribute it binds like a function (JAX's jitted functions are descriptors).
  jitted.binds = true;
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
  // Options go last only when needed, so the call is the one JS code makes.
  const { host, ops } = callbackCall(cb, 'pure_callback', args, rest, { vmapMethod: vm }, vm !== null);
  const out = bound().jax.pureCallback(host, toJS(spec), ...ops);
  return restructure(spec, out);
}

function ioCallbackPy([cb, spec, ...args], kw) {
  const { sharding, ordered = false, ...rest } = kw;
  checkSpec(spec);
  const { host, ops } = callbackCall(cb, 'io_callback', args, rest, { ordered: Boolean(ordered) });
  const out = bound().ioCallback(host, toJS(spec), ...ops);
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
    if (xs.length || Object.keys(rest).length) {
      throw pyErr('TypeError', `debug_callback received unexpected arguments in the two-call form: args=${repr(PyTuple.from(xs))} kwargs=${repr(rest)}`);
    }
    return fn('debug_callback', (a, k) => debugCallback(a, { ...k, ordered }));
  }
  const { host, ops } = callbackCall(cb, 'debug_callback', xs, rest, { ordered: Boolean(ordered) });
  jax.debug.callback(host, ...ops);
  return null;
}

function debugPrint([fmt, ...args], kw) {
  const { ordered, skip_format_check: skip, ...named } = kw;
  // Checked here first so that a mistake shows the values as Python shows them (JitTracer(...)).
  if (typeof fmt === 'string') debugPrintFormatter(fmt, [...args, named], repr, Boolean(skip));
  const extra = [];
  if (Object.keys(named).length) extra.push(Object.fromEntries(Object.entries(named).map(([k, v]) => [k, operand(v)])));
  const options = {};
  if (ordered !== undefined) options.ordered = Boolean(ordered);
  if (skip !== undefined) options.skipFormatCheck = Boolean(skip);
  if (Object.keys(options).length) extra.push(options);
  jax.debug.print(fmt, ...args.map(operand), ...extra);
  return null;
}

// ------------------------------------------------------------------ transformations

/**
 * A Python callable for a transformed JS function. With `tracker` (a `tracked` Python function),
 * outputs that have the traced function's output shape get its tuples and lists back.
 */
const wrapFn = (name, jsf, tracker = null) => {
  const b = fn(name, (args) => {
    if (tracker) tracker.current = args;
    const out = jsf(...args.map(arg));
    return tracker ? tracker.restore(out) : fromJS(out);
  });
  b.js = jsf;
  b.binds = true;
  return b;
};

/**
 * `f` as a JS function that remembers its outputs' tuple/list skeletons (for vmap and friends).
 * Its JS arguments get back the structure (named tuples, lists, dicts) of `current`, the Python
 * values they stand for, when the caller sets it.
 */
function tracked(f, who) {
  const skeletons = new Map();
  requireCallable(f, who);
  const name = f?.name === '<lambda>' ? 'lambda' : f?.name ?? 'function';
  const t = {
    current: null,
    js: { [name]: (...args) => {
      const r = callValue(f, args.map((a, i) => (t.current ? restructure(t.current[i], a) : fromJS(a))), null);
      const js = toJS(r);
      skeletons.set(shapeKey(js), skeleton(r));
      return js;
    } }[name],
    restore(out) {
      const sk = skeletons.get(shapeKey(out));
      return sk === undefined ? fromJS(out) : fromSkeleton(sk, out);
    },
  };
  return t;
}

/** `f` for a JS control-flow primitive whose arguments stand for `likes` (carry, operands). */
function structured(f, who, likes) {
  const t = tracked(f, who);
  t.current = likes;
  return t;
}

/**
 * `grad`/`value_and_grad` of `f`: its arguments keep their structure inside `f`, and the
 * gradients come back with the structure of the arguments they are for (`output(out, like, t)`).
 */
/** A differentiation's keywords with `argnums`/`has_aux` given by position filled in. */
const byPosition = (kw, argnums, hasAux) => ({ ...kw, argnums: kw.argnums ?? argnums ?? 0, has_aux: kw.has_aux ?? hasAux ?? false });

function differentiated(name, f, kw, transform, output) {
  const t = tracked(f, `jax.${name.replace(/\(.*/, '')}`);
  const argnums = kw.argnums ?? 0;
  const g = transform(t.js, { argnums: toJS(argnums), hasAux: Boolean(kw.has_aux) });
  const b = fn(name, (args) => {
    t.current = args;
    const out = g(...args.map(arg));
    if (kw.has_aux) return fromJS(out);
    const like = typeof argnums === 'number' ? args[argnums] : PyTuple.from([...argnums].map((i) => args[i]));
    return output(out, like, t);
  });
  b.js = g;
  b.binds = true;
  return b;
}

const transforms = {
  make_jaxpr: ([f], kw) => {
    kwOnly(kw, ['static_argnums'], 'make_jaxpr');
    const mk = jax.makeJaxpr(jsCallable(f, null, 'jax.make_jaxpr'));
    return fn('make_jaxpr', (args) => mk(...args.map(arg)));
  },
  eval_shape: ([f, ...args]) => fromJS(jax.evalShape(jsCallable(f, null, 'jax.eval_shape'), ...args.map(arg))),
  // `argnums` and `has_aux` may come by position too, as JAX's signatures allow.
  grad: ([f, argnums, hasAux], kw) => differentiated(`grad(${f?.name})`, f, byPosition(kw, argnums, hasAux), jax.grad, (out, like) => restructure(like, out)),
  value_and_grad: ([f, argnums, hasAux], kw) => differentiated('value_and_grad', f, byPosition(kw, argnums, hasAux), jax.valueAndGrad, (out, like, t) => PyTuple.of(t.restore(out[0]), restructure(like, out[1]))),
  jacfwd: ([f, argnums = 0], kw) => wrapFn('jacfwd', jax.jacfwd(jsCallable(f, null, 'jax.jacfwd'), { argnums: toJS(kw.argnums ?? argnums) })),
  jacrev: ([f, argnums = 0], kw) => wrapFn('jacrev', jax.jacrev(jsCallable(f, null, 'jax.jacrev'), { argnums: toJS(kw.argnums ?? argnums) })),
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
  // Carries and operands keep their Python structure (a named tuple stays one), as in JAX.
  scan: ([f, init, xs = null, length = null], kw) => {
    const len = kw.length ?? length;
    const opts = { reverse: Boolean(kw.reverse) };
    const body = structured(f, 'lax.scan', [init, kw.xs ?? xs]);
    return body.restore(jax.lax.scan(body.js, arg(init), arg(kw.xs ?? xs), len === null ? undefined : len, opts));
  },
  cond: ([pred, t, e, ...ops]) => {
    const [yes, no] = [structured(t, 'lax.cond', ops), structured(e, 'lax.cond', ops)];
    return yes.restore(jax.lax.cond(arg(pred), yes.js, no.js, ...ops.map(arg)));
  },
  switch: ([i, branches, ...ops]) => {
    const fs = [...branches].map((b) => structured(b, 'lax.switch', ops));
    return fs[0].restore(jax.lax.switch(arg(i), fs.map((b) => b.js), ...ops.map(arg)));
  },
  fori_loop: ([lo, hi, body, init]) => restructure(init, jax.lax.foriLoop(toJS(lo), toJS(hi), structured(body, 'lax.fori_loop', [null, init]).js, arg(init))),
  while_loop: ([c, b, init]) => restructure(init, jax.lax.whileLoop(structured(c, 'lax.while_loop', [init]).js, structured(b, 'lax.while_loop', [init]).js, arg(init))),
  slice: ([x, start, limit, strides = null], kw) => fromJS(jax.lax.slice(arg(x), toJS(kw.start_indices ?? start), toJS(kw.limit_indices ?? limit), toJS(kw.strides ?? strides))),
  squeeze: ([x, dims], kw) => fromJS(jax.lax.squeeze(arg(x), toJS(kw.dimensions ?? dims))),
  rev: ([x, dims], kw) => fromJS(jax.lax.rev(arg(x), toJS(kw.dimensions ?? dims))),
  expand_dims: ([x, dims], kw) => fromJS(jax.lax.expandDims(arg(x), toJS(kw.dimensions ?? dims))),
  map: ([f, xs], kw) => fromJS(laxMap(jsCallable(f, null, 'lax.map'), arg(kw.xs ?? xs))),
  associative_scan: (args, kw) => {
    kwOnly(kw, ['fn', 'elems', 'reverse', 'axis'], 'associative_scan');
    const [f = kw.fn, elems = kw.elems, reverse = false, axis = 0] = args;
    if (!(f instanceof PyCallable || typeof f === 'function' || f instanceof Builtin)) {
      throw pyErr('TypeError', 'lax.associative_scan: fn argument should be callable.');
    }
    const out = associativeScan(jsCallable(f, null, 'lax.associative_scan'), arg(elems), Boolean(toJS(kw.reverse ?? reverse)), toJS(kw.axis ?? axis));
    return restructure(elems, out);
  },
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
  else if (isDict(v)) sortedKeys(v).forEach((k) => treeLeaves(dictGet(v, k), out));
  else out.push(v);
  return out;
}

/** tree_map(f, tree, *rest): rest trees must have tree's structure (JAX's rule). */
function treeMap([f, tree, ...rest]) {
  const go = (t, others) => {
    if (t === null || t === undefined) return null;
    if (isNode(t)) {
      for (const o of others) {
        const same = Array.isArray(t) ? Array.isArray(o) && o.length === t.length : isDict(o) && dictSize(o) === dictSize(t);
        if (!same) throw pyErr('ValueError', `Custom node type mismatch; expected a tree of the same structure as ${repr(t)}, got ${repr(o)}.`);
      }
      if (Array.isArray(t)) {
        const items = t.map((x, i) => go(x, others.map((o) => o[i])));
        return isTuple(t) ? tupleOf(t.pyClass, items) : items;
      }
      return PyDict.of(sortedKeys(t).map((k) => [k, go(dictGet(t, k), others.map((o) => dictGet(o, k)))]));
    }
    return callValue(f, [t, ...others], null);
  };
  return go(tree, rest);
}

/** JAX's text of a tree's structure: `{'a': [*], 'b': (*, *)}` (dict keys sorted, leaves `*`). */
function structure(t) {
  if (t === null || t === undefined) return 'None';
  if (isTuple(t) && t.pyClass) return `CustomNode(namedtuple[${t.pyClass.name}], [${t.map(structure).join(', ')}])`;
  if (isTuple(t)) return t.length === 1 ? `(${structure(t[0])},)` : `(${t.map(structure).join(', ')})`;
  if (Array.isArray(t)) return `[${t.map(structure).join(', ')}]`;
  if (isDict(t)) return `{${sortedKeys(t).map((k) => `${repr(k)}: ${structure(dictGet(t, k))}`).join(', ')}}`;
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
    ...makeStdlib(),
  };
}

export { setSourceProvider };

/** True once jaxplay's `init()` has loaded the engine. */
export const engineReady = () => wasm !== undefined;

/** Where `jax.debug.print` output goes while a Python module runs; returns the previous sink. */
export const setPrintHandler = (handler) => jax.debug.setPrintHandler(handler);
