// Turning JS values into engine handles: numbers, booleans, HostArrays, typed arrays and nested
// lists (temporary handles, released after the call), dtype names, and the words errors use for
// what the learner gave.

import { wasm, generation, restartError } from './instance.js';
import { JaxArray, wrap } from './arrays.js';
import { releaseHandle } from './heap.js';
import { ShapeDtypeStructClass } from './options.js';
import { traceSource } from './sourcelines.js';
import { HostArray, asarray } from './np.js';
import { argError, typeName, isDetached } from './checks.js';
import { ERROR_NAMES, ENGINE_DTYPES, ENGINE_STORAGE } from './boundary.js';

/** Dtype names the engine takes: its own, and the 64-bit ones it canonicalizes. */
export const DTYPES = new Set([...ENGINE_DTYPES, 'float64', 'int64']);

/**
 * A dtype's name: a string, a dtype object's `name`, or a scalar type's (`jnp.float32`)
 * `dtype`, read once (a getter may answer differently on a second read); undefined for none.
 * `fn` and `arg` name what was given it, for the error.
 */
export function dtypeName(d, fn = 'dtype', arg = 'dtype') {
  if (d === undefined || d === null) return undefined;
  if (typeof d === 'string') return d;
  let name;
  try {
    if (typeof d === 'object') name = d.name;
    else if (typeof d === 'function') name = d.dtype; // jnp.float32
  } catch {
    name = undefined;
  }
  if (typeof name === 'string') return name;
  throw argError(fn, arg, "a dtype name such as 'float32' (or jnp.float32)", d);
}

/**
 * Runs `fn(handles, extra)` with engine handles for `values`; handles made here for numbers,
 * booleans and host data are temporary and released afterwards (the engine copies what it
 * keeps). Written without per-call closures: every jitted call goes through here.
 */
export function withHandles(values, fn, numberKind = 'op', extra = undefined, context = undefined) {
  let temps = null;
  const handles = new Array(values.length);
  const gen = generation;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof JaxArray) {
      handles[i] = JaxArray.handleOf(v);
    } else {
      try {
        handles[i] = toTempHandle(v, numberKind);
      } catch (err) {
        temps?.forEach((h) => releaseHandle(h, gen));
        if (context === undefined || !(err instanceof TypeError)) throw err;
        throw new TypeError(`${context(i)} must be an array or a number, got ${describe(v)}`);
      }
      (temps ??= []).push(handles[i]);
    }
  }
  if (temps !== null) {
    // Converting host data can run the learner's code (a getter, a Proxy) that disposes an
    // array taken earlier, or faults and restarts the engine: take the arrays' handles again.
    try {
      if (gen !== generation) throw restartError();
      for (let i = 0; i < values.length; i++) {
        if (values[i] instanceof JaxArray) handles[i] = JaxArray.handleOf(values[i]);
      }
    } catch (err) {
      temps.forEach((h) => releaseHandle(h, gen));
      throw err;
    }
  }
  try {
    return fn(handles, extra);
  } finally {
    temps?.forEach((h) => releaseHandle(h, gen));
  }
}

export function toTempHandle(v, numberKind) {
  if (typeof v === 'number') return numberKind === 'arg' ? wasm.numberArg(v) : wasm.number(v);
  if (typeof v === 'boolean') return wasm.arrayBool(Uint8Array.of(v ? 1 : 0), new Uint32Array());
  if (v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v)) {
    return handleFromHost(asarray(v));
  }
  throw new TypeError(`expected an array or a number, got ${describe(v)}`);
}

/** 64-bit dtypes become their 32-bit kin, as JAX canonicalizes them with 64-bit mode off. */
export const jaxDtype = (d) => (d === 'float64' ? 'float32' : d === 'int64' ? 'int32' : d);

export function handleFromHost(h, dtype) {
  const target = dtype ?? jaxDtype(h.dtype);
  const shape = Uint32Array.from(h.shape);
  if (target === 'float32') return wasm.arrayF32(Float32Array.from(h.data, Number), shape);
  if (target === 'int32') {
    // Floats convert as JAX's convert_element_type does (saturating, NaN to 0), not as JS's
    // ToInt32 (1e20 would wrap to 1661992960); 64-bit ints wrap, as JAX's int64 -> int32 does.
    const data = h.dtype === 'int64' || h.dtype === 'uint64' ? Int32Array.from(h.data, Number) : Int32Array.from(h.data, saturateInt32);
    return wasm.arrayI32(data, shape);
  }
  if (target === 'bool') return wasm.arrayBool(Uint8Array.from(h.data, (x) => (Number(x) ? 1 : 0)), shape);
  // The unsigned dtypes wrap modulo 2^8 or 2^32 as their typed arrays do, as NumPy's cast does.
  const code = ENGINE_DTYPES.indexOf(target);
  if (code >= 0) return wasm.arrayOf(code, ENGINE_STORAGE[code].from(h.data, Number), shape);
  throw new TypeError(`jaxplay arrays hold ${ENGINE_DTYPES.join(', ')}, not ${target}`);
}

/** A float as int32 the way JAX converts one: truncated, saturating at the ends, NaN as 0. */
export function saturateInt32(v) {
  const x = Number(v);
  if (Number.isNaN(x)) return 0;
  return Math.trunc(Math.min(Math.max(x, -(2 ** 31)), 2 ** 31 - 1));
}

export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v) && isDetached(v)) return `${typeName(v)} view of a detached ArrayBuffer (transferred away), which has no data`;
  if (typeof v === 'symbol') return 'a symbol';
  if (typeof v === 'bigint') return `a bigint (${v}n)`;
  if (typeof v === 'function') return 'a function';
  if (v instanceof ShapeDtypeStructClass) {
    return 'a ShapeDtypeStruct (a shape/dtype declaration, not a value)';
  }
  if (typeof v === 'string') return `a string (${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)})`;
  return typeof v === 'object' ? typeName(v) : typeof v;
}

/** `entry`: the method the user called, for the source line (sourcelines.js `traceSource`). */
export function binary(op, a, b, entry = undefined) {
  traceSource(entry);
  return withHandles([a, b], ([ha, hb]) => wrap(wasm.binary(op, ha, hb)));
}

export function compare(op, a, b, entry = undefined) {
  traceSource(entry);
  return withHandles([a, b], ([ha, hb]) => wrap(wasm.compare(op, ha, hb)));
}

export function unary(op, x) {
  traceSource();
  return withHandles([x], ([h]) => wrap(wasm.unary(op, h)));
}

export function jaxplayError(message, Kind = Error) {
  const err = new Kind(message);
  if (Kind === Error) err.name = ERROR_NAMES.engine;
  return err;
}
