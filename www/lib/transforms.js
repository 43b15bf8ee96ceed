// Transformations and control flow: `jit`, `makeJaxpr`, `evalShape`, `grad`/`valueAndGrad`,
// `vjp`, `jvp`, `linearize`, `linearTranspose`, `vmap`, `jacfwd`/`jacrev`, `customJvp`,
// `customVjp`, `stopGradient`, `checkpoint`, and `lax.scan/cond/switch/foriLoop/whileLoop`.
// User functions are called by the engine through the trace-function protocol (trace.js).

import { wasm, engineGeneration } from './instance.js';
import { JaxArray, wrap, releaseWithScope } from './arrays.js';
import { withHandles, describe, jaxplayError, toTempHandle } from './values.js';
import { ShapeDtypeStruct } from './options.js';
import {
  withTree, withFrame, rebuild, traceFunction, traceSpecs, isArgLeaf, argumentContexts,
} from './trace.js';
import {
  integer, argError, func, functionName, option, snapshot, show, MAX_ELEMENTS,
} from './checks.js';
import { traceSource } from './sourcelines.js';
import { DTYPES } from './boundary.js';
import { flatten, unflatten, isPlainObject, kindOf, isLeafNode, listNode } from './pytree.js';
import { HostArray, np, formatArray } from './np.js';

/** The outputs of a jitted call: a handle for a single array, else `[...handles, tree]`. */
function rebuildCall(out) {
  if (typeof out === 'number') return wrap(out);
  const tree = out[out.length - 1];
  const leaves = [];
  for (let i = 0; i < out.length - 1; i++) leaves.push(wrap(out[i]));
  return unflatten(tree, leaves);
}

export function jit(fn) {
  if (typeof fn !== 'function') throw new TypeError(`jax.jit expects a function, got ${describe(fn)}`);
  // Read once, as a string: the engine takes it, and a learner may define any `name`.
  const fnName = functionName(fn, 'jitted');
  const name = `jit(${fnName})`;
  const contexts = argumentContexts(name);
  let compiled = null;
  let compiledIn = -1;
  // Made again after an engine restart (the old one belongs to the replaced instance).
  const current = () => {
    if (compiledIn !== engineGeneration()) {
      compiled = new wasm.JitFunction(traceFunction(fn), fnName);
      compiledIn = engineGeneration();
    }
    return compiled;
  };
  // Made inside a jax.scope, the function gives its compiled program back when the scope
  // closes, as the scope's arrays are released: otherwise a loop of scopes that each jit a
  // function would hold every program until the garbage collector ran.
  releaseWithScope(() => {
    if (compiled !== null && compiledIn === engineGeneration()) compiled.free();
    compiled = null;
    compiledIn = -1;
  });
  const call = (hs, key) => rebuildCall(hs.length === 1 ? current().call1(hs[0], key) : current().call(hs, key));
  const jitted = (...args) => {
    if (args.length < fn.length) {
      throw new TypeError(`${name} takes ${fn.length} argument(s) but was called with ${args.length}: argument ${args.length + 1} is missing`);
    }
    return withFrame(args, call, contexts);
  };
  jitted.lower = (...args) => {
    const lowered = withFrame(args, (hs, key) => current().lower(hs, key), contexts);
    return {
      asText: () => lowered.asText(),
      compiledText: () => lowered.compiledText(),
      removed: () => lowered.removed(),
      compile: () => {
        const run = (...xs) => withFrame(xs, (hs) => rebuildCall(lowered.call(hs)));
        run.asText = () => lowered.compiledText();
        return run;
      },
    };
  };
  jitted.cacheSize = () => current().cacheSize();
  Object.defineProperty(jitted, 'name', { value: fnName });
  return jitted;
}

export class ClosedJaxpr {
  constructor({ text, textWithSources, effects, data, layout }) {
    this.text = text;
    /** The same text with `# file:line` after each equation: where the user's code made it. */
    this.textWithSources = textWithSources;
    this.effects = Array.from(effects);
    /**
     * The program as plain data, for programs that read it: { constvars, invars, eqns, outvars,
     * effects }; an equation is { primitive, params, inputs, outputs, source, line, effects },
     * a variable { name, aval: { shape, dtype, weakType } } with the printed name, an input
     * { kind: 'var' | 'literal', ... }, a param { kind: 'text' | 'none' | 'bool' | 'avals' |
     * 'jaxpr' | 'jaxprs', value }.
     */
    this.data = data;
    /**
     * The text as runs, for a page that shows it: a run is text, or an equation { primitive,
     * source, callback, runs } holding the runs it printed (sub-jaxprs' equations nested).
     */
    this.layout = layout;
  }


  toString() {
    return this.text;
  }
}

export function makeJaxpr(fn) {
  return (...args) => traceSpecs(fn, args, (t, name, specs) => new ClosedJaxpr(wasm.makeJaxpr(t, name, specs)));
}

export function evalShape(fn, ...args) {
  return traceSpecs(fn, args, (t, name, specs) => {
    const { avals, tree } = wasm.evalShape(t, name, specs);
    return unflatten(tree, Array.from(avals, (a) => ShapeDtypeStruct(Array.from(a.shape), a.dtype)));
  }, 'jax.evalShape');
}

const nameOf = functionName;

function requireFunction(fn, api) {
  if (typeof fn !== 'function') throw new TypeError(`${api} expects a function, got ${describe(fn)}`);
}

function flatArgs(args) {
  return flatten(args, isArgLeaf);
}

/** Leaves as engine arrays (numbers and host data become arrays owned by their JS object). */
function asArrays(leaves) {
  return leaves.map((l) => (l instanceof JaxArray ? l : wrap(toTempHandle(l, 'arg'))));
}

function selectArgs(args, argnums, api) {
  const nums = Array.isArray(argnums) ? snapshot(argnums) ?? [] : [argnums];
  for (const n of nums) {
    if (typeof n !== 'number') throw argError(api, 'argnums', 'an integer or a list of them', Array.isArray(argnums) ? nums : argnums);
    if (!Number.isInteger(n) || n < 0 || n >= args.length) {
      throw jaxplayError(`${api}: argnums ${show(Array.isArray(argnums) ? nums : argnums)} does not fit ${args.length} argument(s)`);
    }
  }
  // A function of the differentiated arguments only, the others held fixed.
  const partial = (fn) => (...diff) => {
    const full = [...args];
    nums.forEach((n, i) => { full[n] = diff[i]; });
    return fn(...full);
  };
  return [nums, partial];
}

/** `jax.vjp(fn, ...primals)` → `[out, vjpFn]`; `vjpFn(ct)` returns one cotangent per primal. */
export function vjp(fn, ...primals) {
  requireFunction(fn, 'jax.vjp');
  const [leaves, inTree] = flatArgs(primals);
  const result = withTree(inTree, asArrays(leaves), (hs) => wasm.linearize(traceFunction(fn), nameOf(fn, 'vjp'), hs));
  const out = rebuild(result);
  const { linear } = result;
  return [out, transposer(linear, result.tree, inTree)];
}

/**
 * The transpose of a linear map as a JS function: a cotangent shaped like the output (`outTree`)
 * in, cotangents shaped like the inputs (`inTree`) out.
 */
function transposer(linear, outTree, inTree) {
  return (ct) => {
    const [ctLeaves, ctTree] = flatArgs(ct);
    if (JSON.stringify(ctTree) !== JSON.stringify(outTree)) {
      throw jaxplayError('the cotangent must have the structure of the function output');
    }
    const grads = withHandles(asArrays(ctLeaves), (hs) => linear.transpose(Uint32Array.from(hs)));
    return unflatten(inTree, Array.from(grads, wrap));
  };
}

function checkFloatInputs(args, nums, api) {
  for (const n of nums) {
    const [leaves] = flatArgs([args[n]]);
    for (const l of leaves) {
      const dtype = l instanceof JaxArray ? l.dtype : typeof l === 'number' ? 'float32' : l?.dtype;
      if (dtype !== 'float32') {
        throw new TypeError(`${api} requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got ${dtype}. If you want to use Boolean- or integer-valued inputs, use vjp.`);
      }
    }
  }
}

/**
 * `jax.valueAndGrad(fn, { argnums, hasAux })`. With `hasAux`, `fn` returns `[value, aux]`: the
 * gradient is of `value`, and `aux` comes back beside it as concrete values. Its arrays are
 * outputs of the same linearization that are evaluated but not differentiated (so `fn` and its
 * callbacks run once, and the jaxpr is JAX's); its other leaves (numbers, strings...) come back
 * as they were, as in JAX.
 */
export function valueAndGrad(fn, options = {}) {
  requireFunction(fn, 'jax.valueAndGrad');
  const argnums = option(options, 'argnums', 0);
  const hasAux = option(options, 'hasAux', false);
  if (typeof hasAux !== 'boolean') throw argError('jax.grad', 'hasAux', 'true or false', hasAux);
  return (...args) => {
    const [nums, partial] = selectArgs(args, argnums, 'jax.grad');
    checkFloatInputs(args, nums, 'grad');
    let aux = null;
    const target = partial((...full) => {
      const r = fn(...full);
      if (!hasAux) return r;
      if (!Array.isArray(r) || r.length !== 2) {
        const type = r === null || r === undefined ? String(r) : r.constructor?.name ?? typeof r;
        const value = Array.isArray(r) ? `[${r.map((v) => String(v)).join(', ')}]` : String(r);
        throw new TypeError(`expected function with aux output to return a two-element tuple, but got type ${type} with value ${value.slice(0, 200)}`);
      }
      const [leaves, tree] = flatten(r[1], (x) => x instanceof JaxArray, 'the aux output');
      aux = { tree, leaves: leaves.map((l) => (l instanceof JaxArray ? null : l)) };
      return [r[0], ...leaves.filter((l) => l instanceof JaxArray)];
    });
    const [leaves, inTree] = flatArgs(nums.map((n) => args[n]));
    const differentiated = hasAux ? 1 : undefined;
    const result = withTree(inTree, asArrays(leaves), (hs) => wasm.linearize(traceFunction(target), nameOf(target, 'vjp'), hs, differentiated));
    const outs = rebuild(result);
    const [out, ...auxArrays] = hasAux ? outs : [outs];
    if (!(out instanceof JaxArray) || out.shape.length !== 0) {
      const shape = out instanceof JaxArray ? out.shape : [];
      throw jaxplayError(`Gradient only defined for scalar-output functions. Output had shape: (${shape.join(', ')}${shape.length === 1 ? ',' : ''}).`);
    }
    if (out.dtype !== 'float32') {
      throw new TypeError(`grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got ${out.dtype}. For differentiation of functions with integer outputs, use jax.vjp directly.`);
    }
    const seed = withHandles([out], ([h]) => wrap(wasm.onesLike(h)));
    const grads = withHandles([seed], (hs) => result.linear.transpose(Uint32Array.from(hs)));
    const gradTree = unflatten(inTree, Array.from(grads, wrap));
    const g = Array.isArray(argnums) ? gradTree : gradTree[0];
    if (!hasAux) return [out, g];
    let next = 0;
    return [[out, unflatten(aux.tree, aux.leaves.map((l) => l ?? auxArrays[next++]))], g];
  };
}

/** `jax.grad(fn, { argnums, hasAux })`: the gradient, or `[gradient, aux]` with `hasAux`. */
export function grad(fn, options = {}) {
  requireFunction(fn, 'jax.grad');
  const vg = valueAndGrad(fn, options);
  if (!option(options, 'hasAux', false)) return (...args) => vg(...args)[1];
  return (...args) => {
    const [[, aux], g] = vg(...args);
    return [g, aux];
  };
}

/** `jax.jvp(fn, primals, tangents)` → `[primalsOut, tangentsOut]`. */
export function jvp(fn, primals, tangents) {
  requireFunction(fn, 'jax.jvp');
  if (!Array.isArray(primals) || !Array.isArray(tangents)) {
    throw new TypeError('jax.jvp expects primals and tangents as arrays (JAX tuples), e.g. jax.jvp(f, [x], [t])');
  }
  const [pl, inTree] = flatArgs(primals);
  const [tl] = flatArgs(tangents);
  return withTree(inTree, asArrays([...pl, ...tl]), (hs) => {
    const r = wasm.jvp(traceFunction(fn), nameOf(fn, 'jvp'), hs.slice(0, pl.length), hs.slice(pl.length));
    return [unflatten(r.tree, Array.from(r.primals, wrap)), unflatten(r.tree, Array.from(r.tangents, wrap))];
  });
}

/** `jax.linearize(fn, ...primals)` → `[out, fJvp]`. */
export function linearize(fn, ...primals) {
  requireFunction(fn, 'jax.linearize');
  const [leaves, inTree] = flatArgs(primals);
  const result = withTree(inTree, asArrays(leaves), (hs) => wasm.linearize(traceFunction(fn), nameOf(fn, 'linearize'), hs));
  const fJvp = (...tangents) => {
    const [tl] = flatArgs(tangents);
    const outs = withHandles(asArrays(tl), (hs) => result.linear.apply(Uint32Array.from(hs)));
    return unflatten(result.tree, Array.from(outs, wrap));
  };
  fJvp.asText = () => result.linear.asText();
  return [rebuild(result), fJvp];
}

/** `jax.linearTranspose(fn, ...primals)` → the transpose of linear `fn` at those types. */
export function linearTranspose(fn, ...primals) {
  requireFunction(fn, 'jax.linearTranspose');
  return traceSpecs(fn, primals, (t, name, specs) => {
    const { linear, tree } = wasm.linearTranspose(t, name, specs);
    const [, inTree] = flatArgs(primals);
    return transposer(linear, tree, inTree);
  }, 'jax.linearTranspose');
}

/** Per-leaf axes from `inAxes`: a number/null for all arguments, or one entry per argument. */
function leafAxes(args, inAxes) {
  // A list is read once: the axes checked are the axes used.
  const perArg = Array.isArray(inAxes) ? snapshot(inAxes) ?? [] : args.map(() => inAxes);
  if (perArg.length !== args.length) {
    throw jaxplayError(`vmap in_axes has ${perArg.length} entries for ${args.length} argument(s)`);
  }
  for (const ax of perArg) {
    if (ax !== null && ax !== undefined) integer('jax.vmap', 'inAxes', ax, -64, 63);
  }
  return args.flatMap((a, i) => {
    const [leaves] = flatArgs([a]);
    return leaves.map((l) => {
      const ax = perArg[i];
      if (ax === null || ax === undefined) return -1;
      const rank = l instanceof JaxArray ? l.ndim : l instanceof HostArray ? l.ndim : ArrayBuffer.isView(l) ? 1 : 0;
      return ax < 0 ? ax + rank : ax;
    });
  });
}

/** `jax.vmap(fn, { inAxes, outAxes })`. */
export function vmap(fn, options = {}) {
  requireFunction(fn, 'jax.vmap');
  if (options === null || typeof options !== 'object') throw argError('jax.vmap', 'options', 'an object such as { inAxes: 0, outAxes: 0 }', options);
  const inAxes = option(options, 'inAxes', 0);
  const outAxes = option(options, 'outAxes', 0);
  if (outAxes !== null) integer('jax.vmap', 'outAxes (counted from 0; negative axes are not supported)', outAxes, 0, 64);
  return (...args) => {
    const axes = Int32Array.from(leafAxes(args, inAxes));
    const out = Int32Array.from([outAxes === null ? -1 : outAxes]);
    return withFrame(args, (hs) => rebuild(wasm.vmap(traceFunction(fn), nameOf(fn, 'vmap'), hs, axes, out)));
  };
}

function eyeLike(x, api) {
  const n = x.size;
  if (n * n > MAX_ELEMENTS) {
    throw jaxplayError(`${api}: ${api === 'jax.jacfwd' ? 'an input' : 'an output'} of ${n} elements needs a ${n}x${n} basis (${n * n} elements), more than the 2^28 an array may hold; differentiate a smaller function, or use jax.vjp / jax.jvp for one direction`);
  }
  const eye = np.zeros([n, n], 'float32');
  for (let i = 0; i < n; i++) eye.data[i * n + i] = 1;
  return eye.reshape([n, ...x.shape]);
}

/** `jax.jacrev(fn)`: one backward pass per output element, batched with vmap. */
export function jacrev(fn, options = {}) {
  requireFunction(fn, 'jax.jacrev');
  const argnums = option(options, 'argnums', 0);
  return (...args) => {
    const [nums, partial] = selectArgs(args, argnums, 'jax.jacrev');
    const [out, pullback] = vjp(partial(fn), ...nums.map((n) => args[n]));
    const rows = vmap((ct) => pullback(ct)[0])(asArrays([eyeLike(out, 'jax.jacrev')])[0]);
    const x = args[nums[0]];
    return rows.reshape([...out.shape, ...(x instanceof JaxArray ? x.shape : [])]);
  };
}

/** `jax.jacfwd(fn)`: one forward pass per input element, batched with vmap. */
export function jacfwd(fn, options = {}) {
  requireFunction(fn, 'jax.jacfwd');
  const argnums = option(options, 'argnums', 0);
  return (...args) => {
    const [nums, partial] = selectArgs(args, argnums, 'jax.jacfwd');
    const x = args[nums[0]];
    const [basis] = asArrays([eyeLike(x, 'jax.jacfwd')]);
    const cols = vmap((t) => jvp(partial(fn), [x], [t])[1])(basis);
    const outRank = cols.ndim - 1;
    // cols is [x.size, ...out]; the Jacobian is [...out, ...x.shape].
    const perm = [...Array(outRank).keys()].map((d) => d + 1).concat([0]);
    const moved = wrap(withHandles([cols], ([h]) => wasm.transpose(h, Uint32Array.from(perm))));
    return moved.reshape([...moved.shape.slice(0, outRank), ...(x instanceof JaxArray ? x.shape : [])]);
  };
}

/** `jax.customJvp(fn)`; define the rule with `.defjvp((primals, tangents) => [out, tangentOut])`. */
export function customJvp(fn) {
  requireFunction(fn, 'jax.customJvp');
  let rule = null;
  const f = (...args) => {
    if (!rule) throw jaxplayError(`custom_jvp function ${nameOf(fn, 'f')} has no JVP rule: call .defjvp(rule) first`);
    const [leaves, inTree] = flatArgs(args);
    const jsRule = (primalHandles, tangentHandles) => {
      const primals = unflatten(inTree, Array.from(primalHandles, wrap));
      const tangents = unflatten(inTree, Array.from(tangentHandles, wrap));
      const [out, tOut] = rule(primals, tangents);
      const [ol] = flatArgs([out]);
      const [tl] = flatArgs([tOut]);
      return { primals: asArrays(ol).map(JaxArray.handleOf), tangents: asArrays(tl).map(JaxArray.handleOf) };
    };
    return withTree(inTree, asArrays(leaves), (hs) => rebuild(wasm.customJvpCall(traceFunction(fn), jsRule, nameOf(fn, 'custom_jvp'), hs)));
  };
  f.defjvp = (r) => {
    requireFunction(r, 'defjvp');
    rule = r;
    return r;
  };
  return f;
}

/** `jax.customVjp(fn)`; define rules with `.defvjp(fwd, bwd)`: `fwd(...args) → [out, res]`,
 * `bwd(res, ct) → [cotangent per argument]`. */
export function customVjp(fn) {
  requireFunction(fn, 'jax.customVjp');
  let rules = null;
  const f = (...args) => {
    if (!rules) throw jaxplayError(`custom_vjp function ${nameOf(fn, 'f')} has no rules: call .defvjp(fwd, bwd) first`);
    const [leaves, inTree] = flatArgs(args);
    let resTree = null;
    let outTree = null;
    // A residual's plain numbers and booleans stay as they are, as JAX keeps a residual's
    // Python scalars concrete: an int saved in fwd is still an int in bwd (a shape, a count).
    let resStatic = null;
    const fwd = (primalHandles) => {
      const primals = unflatten(inTree, Array.from(primalHandles, wrap));
      const [out, res] = rules.fwd(...primals);
      const [ol, ot] = flatArgs([out]);
      const [rl, rt] = flatArgs([res]);
      [outTree, resTree] = [ot, rt];
      resStatic = rl.map((l) => (typeof l === 'number' || typeof l === 'boolean' ? { value: l } : null));
      return { outs: asArrays(ol).map(JaxArray.handleOf), residuals: asArrays(rl.filter((l, i) => !resStatic[i])).map(JaxArray.handleOf) };
    };
    const bwd = (resHandles, ctHandles) => {
      const arrays = Array.from(resHandles, wrap);
      let next = 0;
      const [res] = unflatten(resTree, resStatic.map((s) => (s ? s.value : arrays[next++])));
      const [ct] = unflatten(outTree, Array.from(ctHandles, wrap));
      const grads = rules.bwd(res, ct);
      if (!Array.isArray(grads) || grads.length !== args.length) {
        // JAX's words; its tuple is a plain Array here (Python mode turns a tuple into one).
        throw new TypeError(`Custom VJP bwd rule must produce a tuple of length equal to the number of arguments to the primal function (${args.length}), but the bwd rule of ${nameOf(fn, 'f')} returned ${describe(grads)}: return one cotangent per argument, in an Array in JavaScript, a tuple in Python`);
      }
      // null is a zero cotangent for every leaf of that argument.
      return grads.flatMap((g, i) => (g === null || g === undefined
        ? flatArgs([args[i]])[0].map(() => null)
        : asArrays(flatArgs([g])[0]).map(JaxArray.handleOf)));
    };
    return withTree(inTree, asArrays(leaves), (hs) => rebuild(wasm.customVjpCall(traceFunction(fn), fwd, bwd, nameOf(fn, 'custom_vjp'), hs)));
  };
  f.defvjp = (fwd, bwd) => {
    requireFunction(fwd, 'defvjp (fwd)');
    requireFunction(bwd, 'defvjp (bwd)');
    rules = { fwd, bwd };
  };
  return f;
}

export function stopGradient(x) {
  traceSource();
  return withHandles([x], ([h]) => wrap(wasm.stopGradient(h)));
}

/** `jax.checkpoint(fn)` (alias `remat`). */
export function checkpoint(fn) {
  requireFunction(fn, 'jax.checkpoint');
  return (...args) => withFrame(args, (hs) => rebuild(wasm.checkpoint(traceFunction(fn), nameOf(fn, 'checkpoint'), hs)));
}

/** `lax.scan(f, init, xs, length?, { reverse })`: `f(carry, x) → [carry, y]`. */
function scan(f, init, xs = null, length = undefined, options = {}) {
  requireFunction(f, 'lax.scan');
  if (isPlainObject(length)) [length, options] = [undefined, length];
  const [carryLeaves, carryTree] = flatArgs([init]);
  const [xsLeaves, xsTree] = flatArgs([xs]);
  const xsArrays = asArrays(xsLeaves);
  if (length !== undefined && length !== null) integer('lax.scan', 'length', length, 0, 2 ** 28);
  if (options === null || typeof options !== 'object') throw argError('lax.scan', 'options', 'an object such as { reverse: true }', options);
  const reverse = option(options, 'reverse', false);
  if (typeof reverse !== 'boolean') throw argError('lax.scan', 'reverse', 'true or false', reverse);
  const n = length ?? xsArrays[0]?.shape[0];
  if (n === undefined) throw jaxplayError('lax.scan needs xs or an explicit length');
  const bodyTree = listNode([carryTree.c[0], xsTree.c[0]]);
  return withTree(bodyTree, [...asArrays(carryLeaves), ...xsArrays], (hs) => {
    const carry = hs.slice(0, carryLeaves.length);
    const x = hs.slice(carryLeaves.length);
    return rebuild(wasm.scan(scanBody(f), nameOf(f, 'scan'), carry, x, n, reverse));
  });
}

/** The engine's `ShapedArray(float32[3])` text of a traced output. */
const shapedText = (h) => `ShapedArray(${wasm.avalText(h)})`;

/** `f`'s trace function, refusing a body that does not return `[carry, y]` (as JAX does). */
function scanBody(f) {
  const traced = traceFunction(f);
  return (hs) => {
    const out = traced(hs);
    if (kindOf(out.tree) !== 'list' || out.tree.c.length !== 2) {
      const got = isLeafNode(out.tree) ? shapedText(out.leaves[0]) : `[${out.leaves.map(shapedText).join(', ')}]`;
      throw jaxplayError(`lax.scan: scan body output must be a pair, got ${got}: the body returns [carry, y]`, TypeError);
    }
    return out;
  };
}

/** An array operand as a JaxArray (numbers and booleans stay as they are). */
function asOperand(v, api, arg) {
  if (v instanceof JaxArray || typeof v === 'number' || typeof v === 'boolean') return v;
  try {
    return asArrays([v])[0];
  } catch (err) {
    if (err instanceof TypeError) throw argError(api, arg, 'an array, a number or a boolean', v);
    throw err;
  }
}
const tupleText = (shape) => `(${shape.join(', ')}${shape.length === 1 ? ',' : ''})`;
const valueText = (a) => (a.isTracer ? `Traced<${a.aval}>` : formatArray(a.toHostArray()));

/**
 * The trace functions of `branches`, each checking that its outputs have the structure and
 * types of the first branch's: eagerly too, where the engine would run only the branch taken
 * and never compare them (`labels` names the branches in the error).
 */
function matchedBranches(branches, labels, api) {
  let first = null;
  return branches.map((b, i) => {
    const traced = traceFunction(b);
    return (hs) => {
      const out = traced(hs);
      const types = out.leaves.map((h) => wasm.avalText(h));
      if (first === null || i === 0) {
        first = { tree: JSON.stringify(out.tree), types };
        return out;
      }
      // The later branch first: for cond that is true_fun, as JAX words it.
      const [later, earlier] = [labels(i), labels(0)];
      if (JSON.stringify(out.tree) !== first.tree) {
        throw jaxplayError(`${api}: branch outputs must have the same pytree structure, but they differ: ${later} returns ${out.leaves.length} array(s) in one structure, ${earlier} ${first.types.length} in another. Revise ${later} and/or ${earlier} so that they have the same pytree structure.`, TypeError);
      }
      const k = types.findIndex((t, j) => t.replace(/~/g, '') !== first.types[j].replace(/~/g, ''));
      if (k >= 0) {
        throw jaxplayError(`${api}: branches must have equal output types but they differ: the output of ${later} has type ${types[k]} but the corresponding output of ${earlier} has type ${first.types[k]}. Revise ${later} and/or ${earlier} so that all output types match.`, TypeError);
      }
      return out;
    };
  });
}

/** Runs the branches (already checked functions) with an int32-convertible scalar index. */
function runBranches(index, branches, labels, api, operands) {
  const [leaves, tree] = flatArgs(operands);
  const fns = matchedBranches(branches, labels, api);
  return withHandles([index], ([ih]) => withTree(tree, leaves, (hs) => rebuild(wasm.cond(fns, 'cond', ih, hs))));
}

/** `lax.switch(index, branches, ...operands)`. */
function switchBranches(index, branches, ...operands) {
  const list = Array.isArray(branches) ? snapshot(branches) : null;
  if (list === null || list.length === 0) throw argError('lax.switch', 'branches', 'a non-empty list of functions', branches);
  list.forEach((b, i) => func('lax.switch', `branches[${i}]`, b));
  let idx = asOperand(index, 'lax.switch', 'index');
  if (typeof idx === 'number') {
    if (!Number.isSafeInteger(idx)) throw jaxplayError(`lax.switch: Index type must be an integer, got ${idx} as float32`, TypeError);
  } else if (typeof idx === 'boolean') {
    throw jaxplayError('lax.switch: Index type must be an integer, got a boolean', TypeError);
  } else {
    const shape = idx.shape;
    if (shape.length !== 0) throw jaxplayError(`lax.switch: Branch index must be scalar, got ${valueText(idx)} of shape ${tupleText(shape)}.`, TypeError);
    if (idx.dtype !== 'int32') throw jaxplayError(`lax.switch: Index type must be an integer, got ${valueText(idx)} as ${idx.dtype}`, TypeError);
  }
  return runBranches(idx, list, (i) => `branch ${i}`, 'lax.switch', operands);
}

/** `lax.cond(pred, trueFn, falseFn, ...operands)`. */
function cond(pred, trueFn, falseFn, ...operands) {
  func('lax.cond', 'trueFun', trueFn);
  func('lax.cond', 'falseFun', falseFn);
  // As JAX: a scalar predicate; a number means `pred != 0` (0.5 and NaN are true), then the
  // engine converts the boolean to the branch index.
  let p = asOperand(pred, 'lax.cond', 'pred');
  if (typeof p === 'number') {
    p = p !== 0;
  } else if (typeof p !== 'boolean') {
    const shape = p.shape;
    if (shape.length !== 0) throw jaxplayError(`lax.cond: Pred must be a scalar, got ${valueText(p)} of shape ${tupleText(shape)}.`, TypeError);
    if (p.dtype !== 'bool') p = p.ne(0);
  }
  return runBranches(p, [falseFn, trueFn], (i) => (i === 0 ? 'false_fun' : 'true_fun'), 'lax.cond', operands);
}

/** `condFun`'s trace function, refusing anything but a boolean scalar (eagerly too). */
function whileCond(condFun) {
  const traced = traceFunction(condFun);
  return (hs) => {
    const out = traced(hs);
    const ok = out.leaves.length === 1 && isLeafNode(out.tree) && DTYPES[wasm.dtypeCode(out.leaves[0])] === 'bool' && wasm.shape(out.leaves[0]).length === 0;
    if (!ok) {
      throw jaxplayError(`lax.whileLoop: cond_fun must return a boolean scalar, but got output type(s) [${out.leaves.map(shapedText).join(', ')}].`, TypeError);
    }
    return out;
  };
}

/** `lax.whileLoop(condFun, bodyFun, init)`. */
function whileLoop(condFun, bodyFun, init) {
  requireFunction(condFun, 'lax.whileLoop');
  requireFunction(bodyFun, 'lax.whileLoop');
  const [leaves, tree] = flatArgs([init]);
  return withTree(tree, leaves, (hs) => rebuild(wasm.whileLoop(whileCond(condFun), traceFunction(bodyFun), 'while', hs)));
}

/** `lax.foriLoop(lower, upper, body, init)`: a scan when the bounds are known numbers. */
function foriLoop(lower, upper, body, init) {
  requireFunction(body, 'lax.foriLoop');
  const i32 = (v) => withHandles([v], ([h]) => wrap(wasm.astype(h, 'int32')));
  // The loop counter is int32, as in JAX: bounds outside it could only wrap around.
  if (typeof lower === 'number') integer('lax.foriLoop', 'lower', lower, -(2 ** 31), 2 ** 31 - 1);
  if (typeof upper === 'number') integer('lax.foriLoop', 'upper', upper, -(2 ** 31), 2 ** 31 - 1);
  // As JAX: both bounds of one integer type (a number counts as int32 here, since it was
  // checked to be a whole number); a float32 bound would be truncated.
  const boundType = (v, arg) => (typeof v === 'number' ? 'int32' : v instanceof JaxArray ? v.dtype : asOperand(v, 'lax.foriLoop', arg).dtype);
  const [lt, ut] = [boundType(lower, 'lower'), boundType(upper, 'upper')];
  if (lt !== 'int32' || ut !== 'int32') {
    throw jaxplayError(`lax.foriLoop: lower and upper arguments to fori_loop must have equal types, got ${lt} and ${ut} (the loop counter is int32, so both must be int32)`, TypeError);
  }
  if (typeof lower === 'number' && typeof upper === 'number') {
    const step = ([i, x]) => [[i.add(1), body(i, x)], null];
    Object.defineProperty(step, 'name', { value: nameOf(body, 'fori_loop') });
    const [[, out]] = scan(step, [i32(lower), init], null, Math.max(0, upper - lower));
    return out;
  }
  const hi = i32(upper);
  const [, out] = whileLoop(([i]) => i.lt(hi), ([i, x]) => [i.add(1), body(i, x)], [i32(lower), init]);
  return out;
}

export const lax = { scan, cond, switch: switchBranches, whileLoop, foriLoop, stopGradient };
