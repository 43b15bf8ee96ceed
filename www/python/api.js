// Python mode's `jax.numpy`, `jax.lax`, `jax.nn`, `jax.random`, `jax.scipy.special` and
// `jax.numpy.linalg` functions, built from the same signatures as the JS API's (api-spec.js,
// generated from the engine's table): each takes JAX's positional and keyword arguments under
// JAX's names; the engine binds them and raises Python's TypeError words for a wrong call.
// JAX's names that jaxplay lacks are the module's `missing` names: using one says so. A
// function argument is these functions' own number when it is one of them (`jax.lax.add`),
// else the Python callable, called with tuples as JAX calls it.

import {
  FUNCTIONS, NOT_YET, callEncoded, computation, encodeFunction, registerApiFunction,
} from '../lib/api.js';
import { JaxArray, wrap } from '../lib/arrays.js';
import { HostArray } from '../lib/np.js';
import {
  PyFloat, PyTuple, Builtin, PyCallable, builtin, pyErr,
} from './types.js';
import { isDict, repr, typeOf } from './runtime.js';
import { toJS, fromJS, callValue } from './objects.js';
import { DType, dtypeArg } from './arrays.js';

/** A Python callable as a JS function of JS values (tuples arrive as Python tuples). */
function pythonComputation(f) {
  const name = f?.name ?? 'function';
  return computation((...args) => toJS(callValue(f, args.map(fromJS), null)), name);
}

/** A Python value as the engine's encoded argument; arrays go on `arrays`, functions on `functions`. */
function encode(v, kind, arrays, functions) {
  if (v === null || v === undefined) return 'N';
  if (kind === 'callable') {
    if (typeof v !== 'function' && !(v instanceof Builtin) && !(v instanceof PyCallable) && typeof v?.pyCall !== 'function') {
      throw pyErr('TypeError', `'${typeOf(v).name}' object is not callable (${repr(v)} was passed as a function)`);
    }
    return encodeFunction(v, functions, pythonComputation);
  }
  if (typeof v === 'boolean') return { B: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { I: v } : { F: v };
  if (v instanceof PyFloat) return { F: v.v };
  if (typeof v === 'string') return { S: v };
  if (v instanceof DType) return { S: v.name };
  if (v instanceof JaxArray || v instanceof HostArray) {
    arrays.push(v);
    return { H: arrays.length - 1 };
  }
  if (Array.isArray(v)) return { T: v.map((x) => encode(x, kind, arrays, functions)) };
  if (kind === 'dtype' || typeof v === 'function') return { S: dtypeArg(v) };
  if (isDict(v)) return { S: 'dict' };
  return { S: String(v) };
}

/** A Python value for the engine's encoded answer. */
function decode(out) {
  if ('A' in out) return wrap(out.A);
  if ('T' in out) return PyTuple.from(Array.from(out.T, wrap));
  if ('L' in out) return Array.from(out.L, wrap);
  if ('I' in out) return out.I;
  if ('S' in out) return PyTuple.from(out.S);
  if ('B' in out) return out.B;
  return new DType(out.D, 'jax');
}

function pythonFunction(index, entry) {
  const kinds = new Map(entry.params.map((p) => [p.name, p.kind]));
  const positional = entry.params.filter((p) => !p.keyword && p.kind !== 'varArrays');
  const rest = entry.params.find((p) => p.kind === 'varArrays')?.kind ?? 'array';
  const f = builtin(entry.name, (args, kw) => {
    const arrays = [];
    const functions = [];
    const pos = args.map((v, i) => encode(v, positional[i]?.kind ?? rest, arrays, functions));
    const keywords = Object.keys(kw).map((k) => [k, encode(kw[k], kinds.get(k), arrays, functions)]);
    return decode(callEncoded(index, pos, keywords, arrays, functions));
  });
  registerApiFunction(f, index);
  return f;
}

/**
 * The functions of namespace `ns` (`'jax.numpy'`) by Python name, and its `missing` names
 * (JAX's names jaxplay does not have yet), for a PyModule.
 */
export function pythonNamespace(ns) {
  const fns = {};
  FUNCTIONS.forEach((entry, index) => {
    if (entry.ns === ns) fns[entry.name] = pythonFunction(index, entry);
  });
  const missing = Object.fromEntries((NOT_YET[ns] ?? []).map((n) => [n, 'docs/api.md lists what is']));
  return { fns, missing };
}
