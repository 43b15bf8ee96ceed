// Moving large idle arrays out of wasm memory when the engine's heap passes a soft limit. Wasm
// memory never shrinks: a passing peak, such as the results of a loop that the garbage
// collector has not reclaimed yet, would be kept for the life of the page, while JS memory is
// given back. So past the soft limit the least recently used large arrays made outside any
// `jax.scope` are copied into JS typed arrays and their engine memory released. A moved array
// works as before: reading it copies from its JS data, and anything that needs it in the engine
// (an operation, a jitted call) puts it back there first. Moved bytes still count toward the
// engine's memory limit (`setHostBytes`), so holding too much still ends in the out-of-memory
// error. Arrays are tracked only from `LARGE` bytes, so small arrays cost nothing here.

import { wasm, copyFromEngine, exchange, engineGeneration, liveBytesNow, recheck } from './engine.js';

/** Arrays smaller than this are never moved: below it copying gains little. */
export const LARGE = 2 ** 16;
/**
 * The default soft limit. Low enough that a loop of 100 000-element results between garbage
 * collections stays far below issue 9's 64 MiB, high enough that ordinary work never copies.
 */
const DEFAULT_SOFT_LIMIT = 24 * 2 ** 20;
/**
 * The limit in force is at least this many times the largest tracked array: a working set of a
 * few big arrays (an argument and the last results the collector has not reclaimed yet) is not
 * copied out at each call (a smaller factor still copied results of repeated large calls out;
 * bench/NOTES.md).
 */
const LARGEST_FACTOR = 6;

/** A cell's `handle` while its array is in JS memory (-1 is "released"). */
export const MOVED = -2;

let softLimit = DEFAULT_SOFT_LIMIT;
/** Engine heap bytes past which `relieve` runs next. */
export let relieveAt = softLimit;
let hostBytes = 0;

/**
 * Arrays in the engine that may be moved, `{ cell, bytes }` (`cell` is the array's
 * `{ handle, generation, used, moved }`), swept by a clock hand: an array used since the hand
 * last passed (`cell.used`) gets another round, so arguments in use stay while idle results go
 * first. Cells, not the arrays: an array's finalizer sets its cell's handle to -1, and entries
 * of released or moved arrays are dropped by the next sweep or `prune`. (WeakRefs to the arrays
 * would let a sweep release arrays V8 has collected but not yet finalized without copying them,
 * but V8 then reclaims arrays later, and a loop's moved copies peak far higher; bench/NOTES.md.)
 */
const tracked = [];
let hand = 0;
/** `tracked`'s length past which `track` drops entries of released and moved arrays. */
let pruneAt = 64;

/** Heap growth seen at one array but made by the next ones of the same result (see `noteGrowth`). */
let carry = 0;
let carryLive = 0;

/** Bytes of live arrays kept in JS memory now. */
export const hostBytesNow = () => hostBytes;
export const softLimitNow = () => softLimit;

/** Sets the soft limit (bytes of engine heap); returns the previous one. */
export function setSoftLimit(bytes) {
  const previous = softLimit;
  softLimit = bytes;
  relieveAt = bytes;
  recheck();
  return previous;
}

function setHostBytes(bytes) {
  hostBytes = bytes;
  wasm.setHostBytes(bytes);
}

/** Forgets everything: the engine was replaced, and arrays of the old one are unusable. */
export function resetResidency() {
  tracked.length = 0;
  hand = 0;
  hostBytes = 0;
  carry = 0;
  relieveAt = softLimit;
}

/** Tracks the array whose cell is `cell` if it is large and movable; returns its bytes. */
export function track(cell) {
  const bytes = wasm.movableBytes(cell.handle);
  if (bytes >= LARGE) {
    // With the heap under the limit no sweep runs, so entries of collected arrays pile up here.
    if (tracked.length >= pruneAt) pruneAt = 2 * prune() + 64;
    tracked.push({ cell, bytes });
  }
  return bytes;
}

/** Drops entries of released or moved arrays (and of an older engine); returns how many are left. */
function prune() {
  const generation = engineGeneration();
  let kept = 0;
  for (const t of tracked) {
    if (t.cell.handle >= 0 && t.cell.generation === generation) tracked[kept++] = t;
  }
  tracked.length = kept;
  return kept;
}

/**
 * Called when the engine heap grew by `grown` (at least `LARGE`) since growth was last
 * measured, so the array just made (whose cell is `cell`) is probably large: tracks it, unless
 * made inside a scope (which releases it anyway). Returns the heap size to measure the next
 * array's growth from. When the array explains only part of the growth (a jitted call
 * returning a small and a large array), the rest is carried to the next array made with no
 * allocation in between, the same result's next leaf.
 */
export function noteGrowth(cell, live, grown, inScope) {
  if (carry > 0 && live !== carryLive) grown -= carry;
  carry = 0;
  if (grown < LARGE || inScope) return live;
  const rest = grown - track(cell);
  if (rest < LARGE) return live;
  carry = rest;
  carryLive = live;
  return live - rest;
}

/**
 * Brings the engine heap back under the limit in force by moving idle tracked arrays to JS
 * memory. Only called with no engine call running, so no handle taken for a running call is
 * released. Returns the heap size after.
 */
export function relieve(live) {
  const generation = engineGeneration();
  prune();
  let largest = 0;
  for (const t of tracked) largest = Math.max(largest, t.bytes);
  const limit = Math.max(softLimit, LARGEST_FACTOR * largest);
  // One round at most: an array used since the last round is passed over (its mark cleared),
  // so one made or used by the call that just ran is never moved by the same round.
  for (let budget = tracked.length; live > limit && budget > 0; budget--) {
    if (hand >= tracked.length) hand = 0;
    const { cell } = tracked[hand];
    if (cell.handle >= 0 && cell.generation === generation) {
      if (cell.used) {
        cell.used = false;
        hand += 1;
        continue;
      }
      moveOut(cell);
      live = liveBytesNow();
    }
    tracked[hand] = tracked[tracked.length - 1];
    tracked.pop();
  }
  // Still over, as everything left was in use: look again once the heap has grown by about an
  // array more (not at every small array made meanwhile: a round costs a pass over `tracked`).
  relieveAt = live > limit ? live + Math.max(largest, LARGE) : limit;
  return live;
}

/** After memory was released outside `relieve`: looks again once the heap passes the limit. */
export function released(live) {
  relieveAt = Math.max(softLimit, Math.min(relieveAt, live + LARGE));
}

/** Copies a tracked array's elements into JS memory and releases its engine memory. */
function moveOut(cell) {
  const handle = cell.handle;
  // Checked again: since it was tracked, a jitted function may have captured it as a constant.
  const bytes = wasm.movableBytes(handle);
  if (bytes === 0) return;
  const shape = wasm.shape(handle);
  const address = wasm.readLocation(handle, 0);
  const x = exchange();
  const code = x[0];
  cell.moved = { data: copyFromEngine(address, code, x[1]), shape, code, bytes };
  cell.handle = MOVED;
  wasm.release(handle);
  setHostBytes(hostBytes + bytes);
}

/** Puts a moved array back into the engine (tracked again, as just used); returns its handle. */
export function moveBack(cell) {
  const { data, shape, code, bytes } = cell.moved;
  const handle = wasm.arrayOf(code, data, shape);
  cell.handle = handle;
  cell.moved = null;
  cell.used = true;
  setHostBytes(hostBytes - bytes);
  tracked.push({ cell, bytes });
  return handle;
}

/** Forgets a moved array's data (disposed or collected). */
export function dropMoved(cell) {
  const bytes = cell.moved.bytes;
  cell.moved = null;
  if (cell.generation === engineGeneration()) setHostBytes(hostBytes - bytes);
}
