// Python's hashing, and the insertion-ordered tables dicts and sets keep their items in. A key is
// found by value: 1, 1.0 and True are one key, tuples and frozensets by their items, functions,
// types and plain instances by identity, and an instance whose class defines `__hash__` and
// `__eq__` by calling them (a bucket per hash). `hash()` is CPython's for ints, floats and
// tuples. Lists, dicts, sets and arrays are unhashable, in Python's words.

import { PyFloat, PyTuple, pyErr } from './types.js';

/** Filled by runtime.js: `eq(a, b)`, `objectKey(v)` (the object itself, SLOW, or throws), `userHash(v)`. */
export const hooks = {};

/** The key of a value its class hashes with `__hash__`: looked up by hash, then `__eq__`. */
export const SLOW = Symbol('slow');

const identities = new WeakMap();
let nextIdentity = 1;
/** A small number per object, for keys made of several values (tuples of functions...). */
export function identity(o) {
  let id = identities.get(o);
  if (id === undefined) identities.set(o, (id = nextIdentity++));
  return id;
}

/** A JS number for a Python int that fits (2^53), else the BigInt: Python ints are exact. */
export const normInt = (b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b);

/**
 * The key a table stores `v` under: a string for a str, a number for any number equal to an
 * int or float (so 1 == 1.0 == True), null for None, the object itself for identity-hashed
 * objects, a `\0`-prefixed string for tuples and frozensets, or SLOW.
 */
export function keyOf(v) {
  if (typeof v === 'string') return v.charCodeAt(0) === 0 ? `\0${v}` : v;
  if (typeof v === 'number') return numberKey(v);
  if (v === null || v === undefined) return null;
  if (v instanceof PyFloat) return numberKey(v.v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return `\0b${v}`;
  if (v instanceof PyTuple) return compositeKey('t(', v, ')');
  if (v instanceof PySet && v.frozen) return compositeKey('f{', [...v.values()], '}', true);
  return hooks.objectKey(v);
}

/** A number's key: itself (-0 as 0), or for an integral value past 2^53 its exact int's key. */
const numberKey = (n) => (n === 0 ? 0 : Number.isSafeInteger(n) || !Number.isInteger(n) ? n : `\0b${BigInt(n)}`);

function compositeKey(open, items, close, sorted = false) {
  const parts = [];
  for (const x of items) {
    const k = keyOf(x);
    if (k === SLOW) return SLOW;
    parts.push(typeof k === 'string' ? JSON.stringify(k) : typeof k === 'number' ? String(k) : k === null ? 'N' : `o${identity(k)}`);
  }
  if (sorted) parts.sort();
  return `\0${open}${parts.join(',')}${close}`;
}

/**
 * Where a table keeps its items: `map` from key to item (a dict's value, a set's element) in
 * insertion order, and for SLOW keys `buckets` from hash to the keys (fresh tokens) of that
 * hash. `original(token)` gives the Python key a token stands for.
 */
class Table {
  constructor() {
    this.map = new Map();
    this.buckets = null;
  }

  /** The stored key for `k`: its own key, a SLOW key's token, or undefined when absent (create: a new token). */
  slot(k, create) {
    const key = keyOf(k);
    if (key !== SLOW) return key;
    const h = hooks.userHash(k);
    this.buckets ??= new Map();
    let bucket = this.buckets.get(h);
    if (bucket) {
      for (const token of bucket) {
        const o = this.original(token);
        if (o === k || hooks.eq(o, k)) return token;
      }
    }
    if (!create) return undefined;
    if (!bucket) this.buckets.set(h, (bucket = []));
    const token = { h };
    bucket.push(token);
    return token;
  }

  /** Forgets a SLOW key's token (after its item was deleted). */
  dropToken(token) {
    if (typeof token !== 'object' || token === null || !this.buckets) return;
    const bucket = this.buckets.get(token.h);
    const i = bucket ? bucket.indexOf(token) : -1;
    if (i >= 0) bucket.splice(i, 1);
  }

  get size() { return this.map.size; }

  clearAll() {
    this.map.clear();
    this.buckets = null;
  }
}

/**
 * A dict: any hashable keys, insertion-ordered. `map` holds the values by key; `originals` the
 * Python keys whose table key differs (1.0, True, tuples...), so str and int keys, most of
 * them, cost nothing more. Dict subclasses (Counter...) override `missing`.
 */
export class PyDict extends Table {
  constructor() {
    super();
    this.originals = null;
  }

  original(token) { return this.originals.get(token); }

  /** The Python key stored under table key `key`. */
  keyAt(key) {
    const o = this.originals?.get(key);
    return o === undefined ? key : o;
  }

  get(k) { return this.map.get(this.slot(k, false)); }

  has(k) { return this.map.has(this.slot(k, false)); }

  set(k, v) {
    const key = this.slot(k, true);
    // An existing key keeps its first spelling ({1: 'a'} then d[1.0] = 'b' is still {1: 'b'}).
    if (key !== k && !this.map.has(key)) (this.originals ??= new Map()).set(key, k);
    this.map.set(key, v);
  }

  /** Removes `k`; its `{k, v}` entry, or undefined when absent. */
  delete(k) {
    const key = this.slot(k, false);
    if (!this.map.has(key)) return undefined;
    const e = { k: this.keyAt(key), v: this.map.get(key) };
    this.map.delete(key);
    this.originals?.delete(key);
    this.dropToken(key);
    return e;
  }

  /** The value for an absent key (`d[k]` when `k` is not there): KeyError for a plain dict. */
  missing() { return undefined; }

  * keys() { for (const key of this.map.keys()) yield this.keyAt(key); }

  values() { return this.map.values(); }

  /** `[k, v]` pairs. */
  * entries() { for (const [key, v] of this.map) yield [this.keyAt(key), v]; }

  clear() {
    this.clearAll();
    this.originals = null;
  }

  /** A dict of `[k, v]` pairs (JS iterable). */
  static of(pairs) {
    const d = new PyDict();
    for (const [k, v] of pairs) d.set(k, v);
    return d;
  }
}

/** A set (and frozen set: `frozen`), insertion-ordered (CPython prints sets in hash order). */
export class PySet extends Table {
  constructor(frozen = false) {
    super();
    this.frozen = frozen;
  }

  original(token) { return this.map.get(token); }

  has(x) { return this.map.has(this.slot(x, false)); }

  add(x) {
    const key = this.slot(x, true);
    if (!this.map.has(key)) this.map.set(key, x);
  }

  /** Removes `x`; whether it was there. */
  delete(x) {
    const key = this.slot(x, false);
    if (!this.map.delete(key)) return false;
    this.dropToken(key);
    return true;
  }

  values() { return this.map.values(); }

  clear() { this.clearAll(); }
}

// ------------------------------------------------------------------ hash()

const P = (1n << 61n) - 1n; // CPython's modulus for numeric hashes
const M64 = (1n << 64n) - 1n;
const toSigned = (u) => normInt(u >= 1n << 63n ? u - (1n << 64n) : u);

function hashInt(n) {
  const b = BigInt(n);
  let h = (b < 0n ? -b : b) % P;
  if (b < 0n) h = -h;
  return normInt(h === -1n ? -2n : h);
}

/** CPython's _Py_HashDouble: equal to the int's hash for integral values. */
function hashFloat(x) {
  if (Number.isNaN(x)) return 0;
  if (!Number.isFinite(x)) return x > 0 ? 314159 : -314159;
  if (Number.isInteger(x)) return hashInt(BigInt(x));
  const sign = x < 0 ? -1n : 1n;
  let m = Math.abs(x);
  let e = 0;
  while (m >= 1) { m /= 2; e += 1; }
  while (m < 0.5) { m *= 2; e -= 1; }
  let h = 0n;
  while (m) {
    h = ((h << 28n) & P) | (h >> 33n);
    m *= 268435456;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    h += BigInt(y);
    if (h >= P) h -= P;
  }
  const shift = BigInt(e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61));
  h = ((h << shift) & P) | (h >> (61n - shift));
  h *= sign;
  return normInt(h === -1n ? -2n : h);
}

/** CPython's tuple hash (xxHash-style, 64-bit). */
function hashTuple(items) {
  const [p1, p2, p5] = [11400714785074694791n, 14029467366897019727n, 2870177450012600261n];
  let acc = p5;
  for (const x of items) {
    const lane = BigInt.asUintN(64, BigInt(pyHash(x)));
    acc = (acc + lane * p2) & M64;
    acc = ((acc << 31n) | (acc >> 33n)) & M64;
    acc = (acc * p1) & M64;
  }
  acc = (acc + (BigInt(items.length) ^ (p5 ^ 3527539n))) & M64;
  return acc === M64 ? 1546275796 : toSigned(acc);
}

/** FNV-1a: CPython salts str hashes per process, so no value is "right"; this one is stable. */
function hashStr(s) {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < s.length; i++) h = ((h ^ BigInt(s.charCodeAt(i))) * 0x100000001b3n) & M64;
  const r = toSigned(h);
  return r === -1 ? -2 : r;
}

/** `hash(v)`: an int (a BigInt past 2^53). */
export function pyHash(v) {
  if (typeof v === 'string') return hashStr(v);
  if (typeof v === 'number') return Number.isInteger(v) ? hashInt(v) : hashFloat(v);
  if (typeof v === 'bigint') return hashInt(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return hashFloat(v.v);
  if (v === null || v === undefined) return 0xfcfa3b7;
  if (v instanceof PyTuple) return hashTuple(v);
  const key = keyOf(v);
  if (key === SLOW) return hooks.userHash(v);
  if (typeof key === 'string') return hashStr(key); // a frozenset
  return identityHash(key);
}

/** `id(o)` (a stand-in for CPython's address, stable per object) and the default `hash(o)`: id >> 4. */
export const objectId = (o) => 0x7f0000000000 + identity(o) * 16;
export const identityHash = (o) => objectId(o) / 16;

/** The TypeError for a value that cannot be a key. */
export const unhashable = (typeName) => pyErr('TypeError', `unhashable type: '${typeName}'`);
