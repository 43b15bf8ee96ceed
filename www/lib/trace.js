// The trace-function protocol: how the engine calls user code. A call pushes a frame with the
// structure of its arguments (`withTree`, `withFrame`, `traceSpecs`); on a cache miss the engine
// calls the trace function (`traceFunction`), which gives the user's function tracers in that
// structure and hands back the leaves and structure of what it returns.

import { generation } from './instance.js';
import { JaxArray, wrap } from './arrays.js';
import { releaseHandle } from './heap.js';
import { withHandles, toTempHandle, describe, dtypeName, jaxDtype } from './values.js';
import { ShapeDtypeStructClass, hasShapeDtype } from './options.js';
import { flatten, unflatten, isPlainObject } from './pytree.js';
import { HostArray, asarray } from './np.js';
import { functionName, dims as checkedDims, isDetached } from './checks.js';

export const isArgLeaf = (x) => x instanceof HostArray || ArrayBuffer.isView(x);

/** Per-call stack of input structures, read by the trace function on a cache miss. */
export const traceFrames = [];

export function traceFunction(fn) {
  const returnValue = `the return value of ${functionName(fn, 'the function')}`;
  return (tracerHandles) => {
    const frame = traceFrames[traceFrames.length - 1];
    const tracers = Array.from(tracerHandles, wrap);
    const out = fn(...unflatten(frame.tree, tracers));
    const [leaves, tree] = flatten(out, isArgLeaf, returnValue);
    const handles = leaves.map((l) => {
      if (l instanceof JaxArray) return JaxArray.handleOf(l);
      if (l instanceof ShapeDtypeStructClass) {
        // The usual slip: returning the callback's declaration rather than its result.
        throw new TypeError(`${returnValue} contains ${describe(l)}: return the callback's result instead`);
      }
      const h = toTempHandle(l, 'arg');
      (frame.temps ??= []).push(h);
      return h;
    });
    return { leaves: handles, tree };
  };
}

/** Numbers for argument structures (by their treedef's JSON text): the jit cache's key. */
const treeIds = new Map();
function treeId(tree) {
  const text = JSON.stringify(tree);
  let id = treeIds.get(text);
  if (id === undefined) {
    id = treeIds.size;
    treeIds.set(text, id);
  }
  return id;
}

/**
 * Runs `run(handles, treeKey)` for argument `leaves` whose structure, as the traced function
 * receives it, is `tree` (`treeKey` numbers it); temporary handles made meanwhile are released
 * afterwards.
 */
export function withTree(tree, leaves, run, key = treeId(tree), context = undefined) {
  // `temps` is made when a traced function first needs it (`traceFunction`), as a steady
  // jitted call traces nothing.
  const frame = { tree, temps: null, generation };
  traceFrames.push(frame);
  try {
    // wasm-bindgen copies any array-like into a `Vec<u32>` argument: no typed array needed.
    return withHandles(leaves, run, 'arg', key, context);
  } finally {
    traceFrames.pop();
    frame.temps?.forEach((h) => releaseHandle(h, frame.generation));
  }
}

/** True when `flatten(x, isArgLeaf)` makes `x` a single leaf. */
const isFlatLeaf = (x) => x instanceof JaxArray || (x !== null && x !== undefined && (isArgLeaf(x) || (!Array.isArray(x) && !isPlainObject(x))));

/**
 * The treedef and key of `n` arguments that are all leaves, made once per `n`: the common
 * call `f(x)` then needs no flatten or JSON text per call.
 */
const flatArgTrees = [];
function flatArgTree(n) {
  if (!flatArgTrees[n]) {
    const [, tree] = flatten(Array.from({ length: n }, () => 0));
    flatArgTrees[n] = { tree, key: treeId(tree) };
  }
  return flatArgTrees[n];
}

/**
 * How argument errors of the function `name` say which argument is wrong, for `withFrame`:
 * made once per function, since its calls go through `withFrame` on every call.
 */
export function argumentContexts(name) {
  return {
    flat: (i) => `${name}: argument ${i + 1}`,
    leaf: (i) => `${name}: argument leaf ${i + 1} (counting leaves of all arguments)`,
  };
}

/**
 * `withTree` for a call `fn(...args)`; `contexts` (from `argumentContexts`) names the function
 * for argument errors ("jit(f): argument 2").
 */
export function withFrame(args, run, contexts = undefined) {
  if (args.every(isFlatLeaf)) {
    const { tree, key } = flatArgTree(args.length);
    return withTree(tree, args, run, key, contexts?.flat);
  }
  const [leaves, tree] = flatten(args, isArgLeaf, 'the argument list');
  return withTree(tree, leaves, run, treeId(tree), contexts?.leaf);
}

export function rebuild(result) {
  return unflatten(result.tree, Array.from(result.leaves, wrap));
}

/** The abstract value of argument leaf `x`; `where` names it ("makeJaxpr(f): argument leaf 2"). */
function specOf(x, where) {
  if (x instanceof JaxArray) return { shape: x.shape, dtype: x.dtype, weakType: x.weakType };
  if (typeof x === 'number') return { shape: [], dtype: 'float32', weakType: true };
  if (typeof x === 'boolean') return { shape: [], dtype: 'bool', weakType: false };
  if (hasShapeDtype(x)) {
    const shape = Array.from(checkedDims(where, 'shape', x.shape));
    return { shape, dtype: jaxDtype(dtypeName(x.dtype, where, 'dtype')), weakType: false };
  }
  if (ArrayBuffer.isView(x) && isDetached(x)) throw new TypeError(`${where} is ${describe(x)}`);
  if (isArgLeaf(x)) {
    const h = asarray(x);
    return { shape: h.shape, dtype: jaxDtype(h.dtype), weakType: false };
  }
  throw new TypeError(`${where} must be an array, a number, a boolean or a ShapeDtypeStruct, got ${describe(x)} (cannot trace with it)`);
}

export function traceSpecs(fn, args, run, api = 'jax.makeJaxpr') {
  const [leaves, tree] = flatten(args, (x) => isArgLeaf(x) || x instanceof ShapeDtypeStructClass);
  const name = functionName(fn, 'fn');
  const where = (i) => (leaves.length === args.length ? `${api}(${name}): argument ${i + 1}` : `${api}(${name}): argument leaf ${i + 1}`);
  const frame = { tree, temps: [], generation };
  traceFrames.push(frame);
  try {
    return run(traceFunction(fn), name, leaves.map((x, i) => specOf(x, where(i))));
  } finally {
    traceFrames.pop();
    frame.temps.forEach((h) => releaseHandle(h, frame.generation));
  }
}
