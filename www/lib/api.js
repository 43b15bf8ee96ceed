// The engine's API functions (src/api) as JS functions, built from their signatures in
// api-spec.js: one function per entry, under its camelCase name, taking JAX's positional
// arguments and, last, an object of keyword arguments (`jnp.sum(x, { axis: 1, keepdims: true })`).
// Each argument is encoded by what its parameter takes (a JS array is an array literal for an
// array parameter, a tuple of axes for `axis`) and the engine binds them to the signature,
// reporting a wrong call with Python's TypeError words. Python mode builds its functions from
// the same entries (www/python/api.js), so a function defined once in Rust reaches both. A
// function argument (`lax.reduce`'s `computation`) goes as the API function's number when it
// is one (so the engine sees `jax.lax.add` itself, as JAX recognises `lax.add`), else as a JS
// function the engine calls with handles (`computation`).

import { FUNCTIONS, NOT_YET, JS_NAMESPACE } from './api-spec.js';
import { wasm } from './instance.js';
import { wrap, JaxArray } from './arrays.js';
import { withHandles, dtypeName, jaxplayError } from './values.js';
import { traceSource } from './sourcelines.js';
import { HostArray } from './np.js';
import {
  argError, axes, dims, integer, show, snapshot, functionName,
} from './checks.js';

export { FUNCTIONS, NOT_YET, JS_NAMESPACE };


const isOptions = (v) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const isArrayData = (v) => v instanceof JaxArray || v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v);

// JS has one number type. An integral number is a Python int (weak int32) and any other a
// Python float, except where JAX takes a result's dtype from the literal itself: there a JS
// number is a float, the JS API's default float32 (as `jnp.array([1, 2])` and `jnp.arange(3)`);
// so is a reduction's initial value (`lax.reduce(x, 0, f, [0])` on float32 `x`).
const FLOAT_LITERALS = new Set(['fill_value', 'init_value', 'init_values']);

/** Each API function (JS or Python mode's) by its number: what a function argument is sent as. */
const API_NUMBERS = new WeakMap();

/** Marks `f` as API function `index`, for function arguments. */
export function registerApiFunction(f, index) {
  API_NUMBERS.set(f, index);
}

const arraysOf = (tree) => (typeof tree === 'number' ? wrap(tree) : Array.from(tree, arraysOf));

/** A function's result as the engine's handles, in its nesting (numbers become weak scalars). */
function resultHandles(out, name) {
  if (out instanceof JaxArray) return JaxArray.handleOf(out);
  if (Array.isArray(out)) return out.map((x) => resultHandles(x, name));
  if (typeof out === 'number') return JaxArray.handleOf(wrap(wasm.number(out)));
  throw new TypeError(`${name} must return arrays, or arrays in an Array, got ${show(out)}`);
}

/**
 * `f` as the engine calls a function argument: with trees of handles (arrays nested in
 * arrays, a JAX tuple), rebuilt as arrays; its result goes back as handles in the same nesting.
 * The engine prints `name` where JAX prints the Python function.
 */
export function computation(f, name = functionName(f, '<lambda>')) {
  const g = (...trees) => resultHandles(f(...trees.map(arraysOf)), name);
  return Object.defineProperty(g, 'name', { value: name });
}

/** A function argument: `{ Api: n }` for API function `n`, else `{ Fn: i }`, `f` put on `functions`. */
function encodeFunction(v, functions, wrapUser) {
  const number = API_NUMBERS.get(v);
  if (number !== undefined) return { Api: number };
  functions.push(wrapUser(v));
  return { Fn: functions.length - 1 };
}

/**
 * Encodes one argument for parameter `p` of function `fn` (`jnp.zeros`), checking it in the
 * words the rest of the JS API uses. Array leaves are pushed on `arrays` and stand as
 * `{ H: index }` until their handles are known (`withHandles` converts host data and releases
 * what it made); function arguments are pushed on `functions`.
 */
function encode(v, p, fn, arrays, functions) {
  const kind = p.kind;
  if (kind === 'array' || kind === 'varArrays' || (kind === 'unsupported' && isArrayData(v))) {
    if (v === undefined || v === null) {
      if (p.default !== null) return 'N';
      throw argError(fn, p.js, 'an array or a number', v);
    }
    if (typeof v === 'number') return Number.isInteger(v) && !FLOAT_LITERALS.has(p.name) ? { I: v } : { F: v };
    if (typeof v === 'boolean') return { B: v };
    if (!isArrayData(v)) throw argError(fn, p.js, 'an array or a number', v);
    arrays.push(v);
    return { H: arrays.length - 1 };
  }
  if (v === undefined || v === null) return 'N';
  switch (kind) {
    case 'arrays':
      if (v instanceof JaxArray) return encode(v, { ...p, kind: 'array' }, fn, arrays);
      if (!Array.isArray(v)) throw argError(fn, p.js, 'a list of arrays', v);
      return { T: snapshot(v).map((x) => encode(x, { ...p, kind: 'array', default: null }, fn, arrays)) };
    case 'dtype': {
      const name = dtypeName(v, fn, p.js);
      return name === undefined ? 'N' : { S: name };
    }
    case 'shape':
      if (v instanceof JaxArray && v.isTracer) throw argError(fn, p.js, 'a list of non-negative integers, not a traced array (a concrete value is needed here)', v);
      return { T: Array.from(dims(fn, p.js, v), (d) => ({ I: d })) };
    case 'axis':
      return typeof v === 'number' ? { I: integer(fn, p.js, v, -64, 63) } : { T: Array.from(axes(fn, p.js, v), (a) => ({ I: a })) };
    case 'int':
      return { I: integer(fn, p.js, v, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) };
    case 'float':
      if (typeof v !== 'number') throw argError(fn, p.js, 'a number', v);
      return { F: v };
    case 'bool':
      if (typeof v !== 'boolean') throw argError(fn, p.js, 'true or false', v);
      return { B: v };
    case 'str':
      if (typeof v !== 'string') throw argError(fn, p.js, 'a string', v);
      return { S: v };
    case 'callable':
      if (typeof v !== 'function') throw argError(fn, p.js, 'a function', v);
      return encodeFunction(v, functions, computation);
    default:
      return data(v, arrays, FLOAT_LITERALS.has(p.name));
  }
}

/**
 * A value encoded by its own type, for a `data` parameter (nested tuples such as
 * `padding_config`) or one without a kind (`**kwargs`): numbers, booleans, strings, lists of
 * them, arrays.
 */
function data(v, arrays, floats = false) {
  if (v === undefined || v === null) return 'N';
  if (typeof v === 'number') return Number.isInteger(v) && !floats ? { I: v } : { F: v };
  if (typeof v === 'boolean') return { B: v };
  if (typeof v === 'string') return { S: v };
  if (Array.isArray(v)) return { T: snapshot(v).map((x) => data(x, arrays, floats)) };
  if (isArrayData(v)) {
    arrays.push(v);
    return { H: arrays.length - 1 };
  }
  if (typeof v === 'function' && typeof v.dtype === 'string') return { S: v.dtype }; // jnp.float32
  throw new TypeError(`expected a number, a string, a list of them or an array, got ${show(v)}`);
}

/** Replaces `{ H: index }` placeholders by the handles `withHandles` made. */
function withArrayHandles(wire, handles) {
  if (wire === null || typeof wire !== 'object') return wire;
  if ('H' in wire) return { H: handles[wire.H] };
  if ('T' in wire) return { T: wire.T.map((x) => withArrayHandles(x, handles)) };
  return wire;
}

/**
 * Calls API function `index` with encoded arguments whose `{ H: i }` leaves stand for
 * `arrays[i]` (engine arrays or host data, converted and released here); returns the engine's
 * encoded answer (Python mode decodes it into Python values).
 */
export function callEncoded(index, positional, keywords, arrays, functions = []) {
  traceSource();
  return withHandles(arrays, (handles) => wasm.apiCall(
    index,
    { T: positional.map((w) => withArrayHandles(w, handles)) },
    keywords.map(([k, w]) => [k, withArrayHandles(w, handles)]),
    functions,
  ));
}

export { encodeFunction };

/** A JS value for the engine's answer. */
function decode(out) {
  if ('A' in out) return wrap(out.A);
  if ('T' in out) return Array.from(out.T, wrap);
  if ('L' in out) return Array.from(out.L, wrap);
  if ('I' in out) return out.I;
  if ('S' in out) return out.S;
  if ('B' in out) return out.B;
  return out.D;
}

/** The JS function for API entry `index`. */
function apiFunction(index, entry) {
  const fn = `${JS_NAMESPACE[entry.ns]}.${entry.js}`;
  const positional = entry.params.filter((p) => !p.keyword && p.kind !== 'varArrays');
  const required = positional.filter((p) => p.default === null).length;
  const varArrays = entry.params.find((p) => p.kind === 'varArrays');
  const takesKeywords = entry.params.some((p) => !p.positional);
  const byName = new Map(entry.params.flatMap((p) => [[p.name, p], [p.js, p]]));
  const extra = (i) => ({ name: `arg${i}`, js: `argument ${i + 1}`, kind: 'array', default: null });
  const f = (...args) => {
    // A trailing plain object is the keyword arguments (`jnp.sum(x, { axis: 1 })`) once the
    // required positional ones are there, unless it is empty or stands where a dtype goes and
    // looks like one (`{ name: 'int32' }`); otherwise it is a (wrong) positional argument.
    let keywords = null;
    const last = args[args.length - 1];
    if (takesKeywords && args.length > required && isOptions(last) && Object.keys(last).length > 0
      && !(positional[args.length - 1]?.kind === 'dtype' && ('name' in last || 'dtype' in last))) {
      keywords = args.pop();
    }
    const arrays = [];
    const functions = [];
    const pos = args.map((v, i) => encode(v, positional[i] ?? varArrays ?? extra(i), fn, arrays, functions));
    const kw = keywords === null ? [] : Object.keys(keywords).map((k) => [k, encode(keywords[k], byName.get(k) ?? { name: k, js: k, kind: 'data' }, fn, arrays, functions)]);
    return decode(callEncoded(index, pos, kw, arrays, functions));
  };
  registerApiFunction(f, index);
  return Object.defineProperty(f, 'name', { value: entry.js });
}

/** A function that says it is not in jaxplay yet, for one of JAX's names jaxplay lacks. */
function notYet(path, name) {
  const f = () => {
    throw jaxplayError(`\`${path}.${name}\` is not in jaxplay yet (docs/api.md lists what is)`);
  };
  return Object.defineProperty(f, 'name', { value: name });
}

const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());

/** Every API function of namespace `ns` (`'jax.numpy'`), and its not-yet names, by JS name. */
export function namespaceFunctions(ns) {
  const fns = {};
  for (const name of NOT_YET[ns] ?? []) fns[camel(name)] = notYet(JS_NAMESPACE[ns], camel(name));
  FUNCTIONS.forEach((entry, index) => {
    if (entry.ns === ns) fns[entry.js] = apiFunction(index, entry);
  });
  return fns;
}
