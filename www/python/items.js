// Python's iteration, length and items: `iterate` (lists, strings, dicts, sets, instances of
// Python classes by `__iter__`/`__getitem__`, jaxplay's iterators), `len`, indexing and slicing
// with Python's rules and errors, item assignment and deletion, and the lazy `range`, slice
// and iterator objects. Split from runtime.js, which it shares helpers with both ways (neither
// module uses the other's exports while loading).

import {
  PyTuple, PyType, PyException, E, pyErr, NOT_IMPLEMENTED,
} from './types.js';
import {
  PyDict, PySet, arrayOps, userOps, isUser, isJsDict, isList, isTuple, isDict, typeOf, dictSet, dictDelete, numberOf,
  toInt,
} from './runtime.js';

/** What an exhausted iterator's `pyNext` and `nextOf` give. */
export const DONE = Symbol('done');

export function* iterate(v) {
  if (Array.isArray(v) && !(isUser(v) && userOps.method(v, '__iter__'))) {
    // Python lists may grow while iterated; index rather than snapshot.
    for (let i = 0; i < v.length; i++) yield v[i];
    return;
  }
  if (typeof v === 'string') { yield* v; return; }
  if (v instanceof PyDict) { yield* guarded(v, v.keys(), 'dictionary'); return; }
  if (v instanceof PySet) { yield* guarded(v, v.values(), 'Set'); return; }
  if (v !== null && typeof v === 'object') {
    if (isUser(v)) { yield* userOps.iter(v); return; }
    if (typeof v.pyIter === 'function') { yield* v.pyIter(); return; }
    if (isJsDict(v)) { yield* Object.keys(v); return; }
  }
  if (v && typeof v[Symbol.iterator] === 'function' && !arrayOps.isArray?.(v)) { yield* v; return; }
  if (arrayOps.isArray?.(v)) { yield* arrayOps.iter(v); return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object is not iterable`);
}

/** Whether `iter(v)` works (checked when Python checks it, before the first item is asked for). */
export function isIterable(v) {
  if (Array.isArray(v) || typeof v === 'string' || v instanceof PyDict || v instanceof PySet) return true;
  if (v === null || v === undefined || typeof v !== 'object') return false;
  if (isUser(v)) return userOps.method(v, '__iter__') !== undefined || userOps.method(v, '__getitem__') !== undefined;
  return typeof v.pyIter === 'function' || typeof v[Symbol.iterator] === 'function' || isJsDict(v) || Boolean(arrayOps.isArray?.(v));
}

/** `iter(v)` now: its items (lazily), or Python's TypeError at once when v is not iterable. */
export function iterStart(v) {
  if (!isIterable(v)) throw pyErr('TypeError', `'${typeOf(v).name}' object is not iterable`);
  return iterate(v);
}

/** A dict's or set's items, failing as Python does when the loop body resizes it. */
export function* guarded(table, items, what) {
  const n = table.size;
  for (const x of items) {
    if (table.size !== n) break;
    yield x;
  }
  if (table.size !== n) throw pyErr('RuntimeError', `${what} changed size during iteration`);
}

/** Advances a Python iterator: its next value, or DONE. */
export function nextOf(it) {
  if (it instanceof PyIterator) {
    const r = it.gen.next();
    return r.done ? DONE : r.value;
  }
  if (typeof it?.pyNext === 'function') return it.pyNext();
  if (isUser(it)) {
    const r = userOps.next(it);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  throw pyErr('TypeError', `'${typeOf(it).name}' object is not an iterator`);
}

export function len(v) {
  if (typeof v === 'string' || (Array.isArray(v) && !isUser(v)) || v instanceof PyRange) return v.length;
  if (v instanceof PyDict || v instanceof PySet) return v.size;
  if (isUser(v)) {
    const r = userOps.len(v);
    if (r !== NOT_IMPLEMENTED) return r;
    if (Array.isArray(v)) return v.length;
  }
  if (isJsDict(v)) return Object.keys(v).length;
  if (arrayOps.isArray?.(v)) return arrayOps.len(v);
  if (typeof v?.pyLen === 'function') return v.pyLen();
  throw pyErr('TypeError', `object of type '${typeOf(v).name}' has no len()`);
}

function normIndex(i, n, what) {
  if (typeof i === 'boolean') i = Number(i);
  if (typeof i !== 'number') {
    if (isUser(i)) return normIndex(toInt(i), n, what);
    throw pyErr('TypeError', `${what} indices must be integers or slices, not ${typeOf(i).name}`);
  }
  const k = i < 0 ? i + n : i;
  if (k < 0 || k >= n) throw pyErr('IndexError', `${what} index out of range`);
  return k;
}

/** Python's slice.indices: [start, stop, step] for a sequence of length n. */
export function sliceIndices(s, n) {
  const step = s.step === null || s.step === undefined ? 1 : numberOf(s.step);
  if (step === 0) throw pyErr('ValueError', 'slice step cannot be zero');
  const clamp = (v, dflt, lo, hi) => {
    if (v === null || v === undefined) return dflt;
    let k = numberOf(v);
    if (k === undefined) throw pyErr('TypeError', 'slice indices must be integers or None or have an __index__ method');
    if (k < 0) k += n;
    return Math.min(Math.max(k, lo), hi);
  };
  const start = clamp(s.start, step > 0 ? 0 : n - 1, step > 0 ? 0 : -1, step > 0 ? n : n - 1);
  const stop = clamp(s.stop, step > 0 ? n : -1, step > 0 ? 0 : -1, step > 0 ? n : n - 1);
  return [start, stop, step];
}

export class PySlice {
  constructor(start, stop, step) { Object.assign(this, { start, stop, step }); }
}

/** A one-shot lazy iterator (`enumerate`, `zip`, `map`, `filter`, `reversed` objects). */
export class PyIterator {
  constructor(kind, gen) {
    this.kind = kind;
    this.gen = gen;
  }

  [Symbol.iterator]() { return this.gen; }
}

/** `range(...)`: lazy, so `for i in range(10**8)` allocates nothing. */
export class PyRange {
  constructor(start, stop, step) {
    if (step === 0) throw pyErr('ValueError', 'range() arg 3 must not be zero');
    Object.assign(this, { start, stop, step });
    this.length = Math.max(0, Math.ceil((stop - start) / step));
  }

  at(i) { return this.start + i * this.step; }

  * [Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

function sliceSeq(seq, s) {
  const [start, stop, step] = sliceIndices(s, seq.length);
  const out = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) out.push(seq[i]);
  return out;
}

const keyError = (k) => new PyException(E.KeyError, [k]);

export function getitem(v, k) {
  if (v instanceof PyRange) {
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(k, v.length);
      const r = new PyRange(v.at(start), v.at(stop), v.step * step);
      return r;
    }
    return v.at(normIndex(k, v.length, 'range object'));
  }
  if (isUser(v)) {
    const r = userOps.getitem(v, k);
    if (r !== NOT_IMPLEMENTED) return r;
  }
  if (Array.isArray(v)) {
    if (k instanceof PySlice) return isTuple(v) ? PyTuple.from(sliceSeq(v, k)) : sliceSeq(v, k);
    return v[normIndex(k, v.length, isTuple(v) ? 'tuple' : 'list')];
  }
  if (typeof v === 'string') {
    if (k instanceof PySlice) return sliceSeq([...v], k).join('');
    return v[normIndex(k, v.length, 'string')];
  }
  if (v instanceof PyDict) {
    const r = v.get(k);
    if (r !== undefined) return r;
    const m = v.missing(k);
    if (m !== undefined) return m;
    throw keyError(k);
  }
  if (isJsDict(v)) {
    if (typeof k === 'string' && Object.hasOwn(v, k)) return v[k];
    throw keyError(k);
  }
  if (arrayOps.isArray?.(v)) return arrayOps.getitem(v, k);
  if (typeof v?.pyGetitem === 'function') return v.pyGetitem(k);
  if (v instanceof PyType) {
    const r = userOps.classGetitem?.(v, k) ?? NOT_IMPLEMENTED;
    if (r !== NOT_IMPLEMENTED) return r;
    throw pyErr('TypeError', `type '${v.name}' is not subscriptable`);
  }
  throw pyErr('TypeError', `'${typeOf(v).name}' object is not subscriptable`);
}

export function setitem(v, k, x) {
  if (isList(v)) {
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(k, v.length);
      if (step !== 1) throw pyErr('NotImplementedError', "jaxplay's Python does not support extended slice assignment yet");
      v.splice(start, Math.max(0, stop - start), ...iterate(x));
      return;
    }
    v[normIndex(k, v.length, 'list assignment')] = x;
    return;
  }
  if (v instanceof PyDict) { v.set(k, x); return; }
  if (isUser(v) && userOps.setitem(v, k, x) !== NOT_IMPLEMENTED) return;
  if (isJsDict(v)) { dictSet(v, k, x); return; }
  if (arrayOps.isArray?.(v)) { arrayOps.setitem(v, k, x); return; }
  if (typeof v?.pySetitem === 'function') { v.pySetitem(k, x); return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object does not support item assignment`);
}

export function delitem(v, k) {
  if (isList(v)) {
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(k, v.length);
      const drop = new Set();
      for (let i = start; step > 0 ? i < stop : i > stop; i += step) drop.add(i);
      const kept = v.filter((_, i) => !drop.has(i));
      v.splice(0, v.length, ...kept);
      return;
    }
    v.splice(normIndex(k, v.length, 'list assignment'), 1);
    return;
  }
  if (isDict(v)) {
    if (dictDelete(v, k) === undefined) throw keyError(k);
    return;
  }
  if (isUser(v) && userOps.delitem(v, k) !== NOT_IMPLEMENTED) return;
  if (typeof v?.pyDelitem === 'function') { v.pyDelitem(k); return; }
  throw pyErr('TypeError', `'${typeOf(v).name}' object does not support item deletion`);
}
