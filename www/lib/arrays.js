// Engine arrays: JaxArray (a handle into the engine, released by a FinalizationRegistry so
// nothing needs `.dispose()`), `wrap`, which makes one for each result, and `jax.scope`, which
// releases what a block of code made.

import { wasm, generation, restartError } from './instance.js';
import { copyOf, readData } from './memory.js';
import { releaseFromFinalizer, noteReleased, hintMemory } from './heap.js';
import { binary, compare, dtypeName, describe, jaxplayError } from './values.js';
import { traceSource } from './sourcelines.js';
import { isPlainObject } from './pytree.js';
import { HostArray, formatArray } from './np.js';
import { index as staticIndex } from './indexing.js';
import {
  distinctAxes, integer as checkedInteger, MAX_ELEMENTS, argError, snapshot,
} from './checks.js';
import { DTYPES, ENGINE_DTYPES } from './boundary.js';
import { track, moveBack, dropMoved } from './residency.js';
import {
  RELEASED, MOVED, handles, generations, used, movedBytes, newCell, freeCell,
} from './cells.js';

/**
 * Held values are the arrays' cells (cells.js); `dispose` sets the handle to RELEASED, so the
 * finalizer of a disposed array releases nothing (its handle number may be reused by then).
 * No unregister token: with one, V8 keeps a weak table of tokens, and registering, done for
 * every result, becomes several times slower.
 */
const registry = new FinalizationRegistry((cell) => {
  const handle = handles[cell];
  if (handle >= 0) {
    releaseFromFinalizer(handle, generations[cell]);
  } else if (movedBytes[cell] > 0) {
    dropMoved(cell);
  }
  freeCell(cell);
});

/** Arrays made inside each open `scope`, innermost last. */
const scopes = [];
/**
 * Whether the innermost open scope will release what is made now when it closes: a scope
 * waiting on a promise holds arrays weakly, leaving them to the garbage collector (see `scope`).
 */
export const inSyncScope = () => scopes.length > 0 && !scopes[scopes.length - 1].waiting;

/** What asks for an array's data (`READ_DATA_USES` in src/facade/mod.rs). */
const READ_TYPED = 0;
const READ_LIST = 1;
const READ_NUMBER = 2;

/**
 * An array's cell, and the setter of its moved data, for this module and residency.js, and
 * `watch` (users reach the class through `x.constructor`, never these: registered twice, an
 * array's cell would be freed twice and given to two arrays).
 */
export let cellOf;
export let setMovedData;
let watch;
/**
 * What few arrays have, kept beside them rather than in fields every array initialises (every
 * jitted call makes one): those `jax.keep()` exempted from scopes, and the buffers `hintMemory`
 * (heap.js) weighs arrays with. Both hold an array weakly, so the weight goes with it.
 */
const keptArrays = new WeakSet();
const weights = new WeakMap();
/** The objects the finalization registry watches for large arrays (see `watch`). */
const tokens = new WeakMap();

/** An engine array (concrete) or tracer (inside jit). */
export class JaxArray {
  /** Its cell (cells.js): the engine handle and what else its finalizer needs. */
  #cell;
  /**
   * While the array is in JS memory, `{ data, shape, code }`. On the array, so the data goes
   * with it: its cell lasts until the finalizer runs (never, in a loop that does not yield).
   */
  #movedData = null;

  /** Made by `wrap`, which registers it for its finalizer (`watch`). */
  constructor(handle) {
    this.#cell = newCell(handle, generation);
  }

  static handleOf(x) {
    return x.#live();
  }

  static {
    cellOf = (x) => x.#cell;
    setMovedData = (x, data) => { x.#movedData = data; };
    /**
     * Registers `x` with the finalization registry: `x` itself, or, when residency.js took it
     * (it may get moved data), an empty object only `x` holds (`tokens`), which dies with it.
     * V8's young-generation collections keep a registered object alive, and with it all it
     * holds: registered itself, such an array would keep its moved data until a full
     * collection, and a loop that drops its results would run mostly full collections
     * (bench/NOTES.md, "Garbage never counts"). Not for every array: the object costs small
     * calls time.
     */
    watch = (x, tracked) => {
      if (tracked) {
        const token = {};
        tokens.set(x, token);
        registry.register(token, x.#cell);
      } else {
        registry.register(x, x.#cell);
      }
    };
  }

  /** Exempts `x` from every enclosing `scope`: it stays until garbage or `dispose()`d. */
  static keep(x) {
    keptArrays.add(x);
    return x;
  }

  static isKept(x) {
    return keptArrays.has(x);
  }

  /** Gives `x` a buffer whose size tells V8 how much memory it stands for (heap.js). */
  static weigh(x, buffer) {
    weights.set(x, buffer);
  }

  /**
   * The handle, if this array can still be used: not disposed, and made by the current
   * instance (a restart's new instance has its own handles, which may have the same numbers).
   */
  #live() {
    const cell = this.#cell;
    if (generations[cell] !== generation) throw restartError();
    const handle = handles[cell];
    if (handle < 0) {
      if (handle === MOVED) {
        const back = moveBack(this, cell, this.#movedData);
        this.#movedData = null;
        return back;
      }
      throw jaxplayError('this array was released (by dispose() or at the end of the jax.scope that made it) and cannot be used; return it from the scope, or jax.keep() it, to use it afterwards');
    }
    used[cell] = 1;
    return handle;
  }

  /**
   * The moved-out data (see residency.js) if the array is in JS memory, else null (then `#live`
   * gives the handle, or the error of a released array or an older engine).
   */
  #moved() {
    return generations[this.#cell] === generation ? this.#movedData : null;
  }

  /** A copy of the elements; `what` (`READ_DATA_USES`) names the asking method for a tracer. */
  #read(what) {
    const moved = this.#moved();
    if (moved !== null) return copyOf(moved.data);
    return readData(this.#live(), what);
  }

  /** Releases the array's memory now; using it afterwards is an error. Idempotent. */
  dispose() {
    const cell = this.#cell;
    const handle = handles[cell];
    handles[cell] = RELEASED;
    this.#movedData = null;
    if (handle >= 0 && generations[cell] === generation) {
      wasm.release(handle);
      noteReleased();
    } else if (movedBytes[cell] > 0) {
      dropMoved(cell);
    }
  }

  /** Whether `dispose()` (or a scope) released it. */
  get isDisposed() { return handles[this.#cell] === RELEASED; }

  get shape() { return Array.from(this.#moved()?.shape ?? wasm.shape(this.#live())); }
  get dtype() { const moved = this.#moved(); return moved === null ? DTYPES[wasm.dtypeCode(this.#live())] : ENGINE_DTYPES[moved.code]; }
  /** Moved arrays are never weakly typed (residency.js moves only strongly typed ones). */
  get weakType() { return this.#moved() === null && wasm.weakType(this.#live()); }
  get ndim() { return this.shape.length; }
  get size() { return this.shape.reduce((a, b) => a * b, 1); }
  get isTracer() { return this.#moved() === null && wasm.isTracer(this.#live()); }
  get aval() { return wasm.avalText(this.#live()); }

  // Each passes itself: the source line is its caller's, found in one stack frame.
  add(o) { return binary('add', this, o, JaxArray.prototype.add); }
  sub(o) { return binary('sub', this, o, JaxArray.prototype.sub); }
  mul(o) { return binary('mul', this, o, JaxArray.prototype.mul); }
  div(o) { return binary('div', this, o, JaxArray.prototype.div); }
  neg() { traceSource(JaxArray.prototype.neg); return wrap(wasm.unary('neg', this.#live())); }
  lt(o) { return compare('lt', this, o, JaxArray.prototype.lt); }
  le(o) { return compare('le', this, o, JaxArray.prototype.le); }
  gt(o) { return compare('gt', this, o, JaxArray.prototype.gt); }
  ge(o) { return compare('ge', this, o, JaxArray.prototype.ge); }
  eq(o) { return compare('eq', this, o, JaxArray.prototype.eq); }
  ne(o) { return compare('ne', this, o, JaxArray.prototype.ne); }
  sum(axis) {
    traceSource();
    const handle = this.#live();
    const axes = axis === undefined || axis === null ? undefined : distinctAxes('sum', 'axis', axis, wasm.shape(handle).length);
    return wrap(wasm.sum(handle, axes));
  }

  reshape(...shape) {
    traceSource();
    const dims = (shape.length === 1 && Array.isArray(shape[0]) ? snapshot(shape[0]) : shape) ?? [];
    for (const d of dims) checkedInteger('reshape', 'shape', d, -1, MAX_ELEMENTS);
    return wrap(wasm.reshape(this.#live(), Int32Array.from(dims)));
  }

  transpose(...axes) {
    traceSource();
    const perm = (axes.length === 1 && Array.isArray(axes[0]) ? snapshot(axes[0]) : axes) ?? [];
    const handle = this.#live();
    const shape = Array.from(wasm.shape(handle));
    const full = perm.length ? perm : [...shape.keys()].reverse();
    for (const a of full) checkedInteger('transpose', 'axes', a, 0, 63);
    if (full.length !== shape.length || new Set(full).size !== full.length || full.some((a) => a >= shape.length)) {
      const tuple = (t) => `(${t.join(', ')}${t.length === 1 ? ',' : ''})`;
      throw jaxplayError(`transpose permutation isn't a permutation of operand dimensions, got permutation ${tuple(full)} for operand shape ${tuple(shape)}.`, TypeError);
    }
    return wrap(wasm.transpose(handle, Uint32Array.from(full)));
  }

  get T() { return this.transpose(); }
  /** Python's `x[...]` with static keys: `x.index(0)`, `x.index(':', -1)`, `x.index('::-1')`. */
  index(...keys) { this.#live(); return staticIndex(this, keys); }
  astype(dtype) {
    traceSource();
    const name = dtypeName(dtype, 'astype', 'dtype');
    if (name === undefined) throw argError('astype', 'dtype', "a dtype name such as 'float32' (or jnp.float32)", dtype);
    return wrap(wasm.astype(this.#live(), name));
  }

  /** Element data as a fresh typed array (Float32Array, Int32Array, or Uint8Array for bool). */
  toTypedArray() { return this.#read(READ_TYPED); }
  toHostArray() { return new HostArray(this.#read(READ_LIST), this.shape, this.dtype); }
  tolist() { return this.toHostArray().tolist(); }
  item() { return this.toHostArray().item(); }
  /** Execution is synchronous, so results are always ready; kept for JAX-style code. */
  blockUntilReady() { return this; }

  /**
   * `+x`, `Number(x)`, `x < 0`: the number of a size-1 array. Any other size throws, as
   * Python's `float(x)` does (NaN would flow on silently).
   */
  valueOf() {
    const data = this.#read(READ_NUMBER);
    if (data.length === 1) return Number(data[0]);
    throw new TypeError(`only size-1 arrays convert to a number (Number(x), +x, x < y); this one has shape (${this.shape.join(', ')}${this.ndim === 1 ? ',' : ''}): use .tolist(), .toTypedArray() or a jnp operation`);
  }

  /**
   * JS's conversions: text where a string is wanted (`${x}`, and `'y = ' + y` for any size),
   * else the number of a size-1 array (`valueOf`).
   */
  [Symbol.toPrimitive](hint) {
    return hint === 'string' || (hint === 'default' && this.size !== 1) ? this.toString() : this.valueOf();
  }

  toString() {
    if (this.isTracer) return `Traced<${this.aval}>`;
    return `Array(${formatArray(this.toHostArray())}, dtype=${this.dtype})`;
  }
}

if (typeof Symbol.dispose === 'symbol') JaxArray.prototype[Symbol.dispose] = JaxArray.prototype.dispose;

export function wrap(handle) {
  const array = new JaxArray(handle);
  let tracked = false;
  try {
    if (scopes.length > 0) inScope(array);
    tracked = hintMemory(array);
  } finally {
    watch(array, tracked);
  }
  return array;
}

/**
 * `jax.scope(fn)`: runs `fn()` and then releases every array made while it ran, except those
 * in what it returns (found through arrays and plain objects) and those `jax.keep()` marked,
 * which pass to the enclosing scope, and the compiled programs of functions `jax.jit` made
 * while it ran (called again, such a function compiles again). Nestable; on an exception
 * everything made is released.
 *
 * An async `fn` (one returning a Promise) closes its scope when the promise settles. While it
 * waits, other code may run and make arrays: they count as this scope's (there is no telling
 * whose await they follow), but held weakly, so a scope that never settles pins nothing, and
 * what scopes closing meanwhile return is not handed to it (it stays with its caller, released
 * by the garbage collector).
 */
export function scope(fn) {
  if (typeof fn !== 'function') throw new TypeError(`jax.scope: fn must be a function, got ${describe(fn)}`);
  const made = [];
  made.waiting = false;
  scopes.push(made);
  let out;
  try {
    out = fn();
    if (out instanceof Promise) {
      made.waiting = true;
      return out.then(
        (value) => { closeScope(made, value); return value; },
        (err) => { closeScope(made, undefined); throw err; },
      );
    }
  } catch (err) {
    closeScope(made, undefined);
    throw err;
  }
  closeScope(made, out);
  return out;
}

/**
 * Puts a new array in the innermost scope: weakly while that scope waits on a promise, with
 * references to arrays already collected dropped as the list grows.
 */
function inScope(array) {
  const made = scopes[scopes.length - 1];
  if (!made.waiting) {
    made.push(array);
    return;
  }
  made.push(new WeakRef(array));
  if (made.length > (made.pruneAt ?? 1024)) {
    const alive = made.filter((item) => !(item instanceof WeakRef) || item.deref() !== undefined);
    made.splice(0, made.length, ...alive);
    made.pruneAt = 2 * alive.length + 1024;
  }
}

/**
 * Runs `release` when the innermost open scope closes (never, when none is open or it waits on
 * a promise, which may be forever): how a jitted function made inside a scope lets go of its
 * compiled program (transforms.js `jit`).
 */
export function releaseWithScope(release) {
  const made = scopes[scopes.length - 1];
  if (made !== undefined && !made.waiting) made.push(release);
}

function closeScope(made, out) {
  scopes.splice(scopes.lastIndexOf(made), 1);
  const returned = new Set();
  collectArrays(out, returned, new Set(), 0);
  const outer = scopes[scopes.length - 1];
  // Survivors go to the enclosing scope only while it runs synchronously: a waiting one may
  // be another async flow's, and would release them when it settles.
  const heir = outer !== undefined && !outer.waiting ? outer : undefined;
  for (let item of made) {
    if (typeof item === 'function') {
      item();
      continue;
    }
    if (item instanceof WeakRef) item = item.deref();
    if (item === undefined) continue;
    if (!returned.has(item) && !JaxArray.isKept(item)) item.dispose();
    else if (heir) heir.push(item);
    // Out of every synchronous scope: residency.js may move it from now on, like any array made outside.
    else if (handles[cellOf(item)] >= 0) track(item);
  }
}

/** The JaxArrays in `x`, through arrays, plain objects, Maps and Sets (cycles skipped). */
function collectArrays(x, into, seen, level) {
  if (x instanceof JaxArray) {
    into.add(x);
    return;
  }
  if (x === null || typeof x !== 'object' || seen.has(x) || level > 1000) return;
  seen.add(x);
  const children = Array.isArray(x) || x instanceof Set ? x : x instanceof Map ? x.values() : isPlainObject(x) ? Object.values(x) : [];
  for (const c of children) collectArrays(c, into, seen, level + 1);
}
