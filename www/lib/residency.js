// Moving large idle arrays out of wasm memory when the engine's heap passes a soft limit. Wasm
// memory never shrinks: a passing peak, such as the results of a loop that the garbage
// collector has not reclaimed yet, would be kept for the life of the page, while JS memory is
// given back. So past the soft limit idle large arrays made outside any `jax.scope` are copied
// into JS typed arrays and their engine memory released. A moved array
// works as before: reading it copies from its JS data, and anything that needs it in the engine
// (an operation, a jitted call) puts it back there first. The moved data hangs on the array's
// JS object, so the garbage collector reclaims it with the array, even in a loop that never
// yields (when finalizers never run). Arrays are tracked only from `LARGE` bytes, so small
// arrays cost nothing here, until a task has filled the heap past the limit with arrays too
// small to track: then every array it makes of `EVERY_MIN` bytes or more is tracked, until it
// ends (`trackingEvery`).

import { wasm, engineGeneration } from './instance.js';
import { cellOf, setMovedData } from './arrays.js';
import {
  RELEASED, MOVED, handles, generations, used, movedBytes, serialOf, isCurrent,
} from './cells.js';
import { copyFromEngine, exchange } from './memory.js';
import { liveBytesNow, recheck } from './heap.js';

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

let softLimit = DEFAULT_SOFT_LIMIT;
/** Engine heap bytes past which `relieve` runs next. */
export let relieveAt = softLimit;
/** Bytes of arrays moved out whose release is not known yet (finalizers lag; see `countedBytes`). */
let hostBytes = 0;

/**
 * A synchronous reading of the ArrayBuffer memory V8 holds, which every collection lowers, where
 * the host has one: Node's `process.memoryUsage().arrayBuffers`. Taken before learner code
 * runs; null in browsers, which have none (`performance.memory` is missing in workers and
 * quantized elsewhere).
 */
const readArrayBuffers = (() => {
  const host = globalThis.process;
  const usage = host?.memoryUsage;
  try {
    if (typeof usage === 'function' && typeof usage.call(host).arrayBuffers === 'number') return () => usage.call(host).arrayBuffers;
  } catch {
    // No reading: as in a browser.
  }
  return null;
})();
/** Moved bytes between readings: a reading costs far less than copying that much. */
const READ_STEP = 4 * 2 ** 20;
/**
 * The last readings, each with the bytes moved since it: live moved data is at most any of
 * them plus what moved after it, and the lowest of those sums is the count (see `countedBytes`).
 */
const readings = [];
const READINGS = 16;
let movedSinceReading = 0;

/**
 * Arrays in the engine that may be moved, oldest first: `{ array, ref, cell, serial, bytes }`
 * (`serial`: see cells.js `isCurrent`). An entry holds its array strongly (`array`) until the
 * task that made it has ended, then weakly (`ref`, see `weaken`). Strongly, because the moved
 * data must hang on the array object (see `moveOut`), and a WeakRef made now would keep the
 * array alive until the running job ends anyway: a loop that never yields would keep every
 * moved copy. So inside one task a large garbage array leaves wasm memory by moving out and is
 * reclaimed from JS memory; once the task ended, the collector may reclaim it first, and its
 * finalizer (or a pass that finds it gone) releases it with no copy. Entries of released,
 * moved or finalized arrays are dropped by `prune`.
 */
const tracked = [];
/** Whether a task to `weaken` the entries (and end the running task's accounts) is pending. */
let weakenPending = false;
/**
 * Runs a function as a task of its own, after the running one and its promise jobs (so after
 * every loop that awaits without yielding to the event loop). Taken before learner code runs.
 */
const later = typeof setImmediate === 'function' ? setImmediate : setTimeout;
const WeakRefClass = WeakRef;
/** `tracked`'s length past which `track` drops entries of released and moved arrays. */
let pruneAt = 64;

/** Whether the last `noteGrowth` tracked its array. */
export let tookArray = false;

/**
 * Whether every array made is tracked, not only large ones: set by a pass of `relieve` that
 * found the heap over the limit mostly with untracked arrays the running task made, and
 * cleared when that task ends (`weaken`). A loop that never yields and drops small results
 * (a training loop on small arrays, a Python program) would otherwise keep every one in wasm
 * memory until it yields: the heap grows by a few kilobytes a call until the out-of-memory
 * error, and its growth, one memory page at a time, costs more at each call (bench/NOTES.md).
 * Tracked, they move out once idle, and the collector reclaims them with their array objects.
 */
export let trackingEvery = false;
/**
 * While `trackingEvery`, a pass that leaves the heap over the limit (the task's untracked
 * arrays, made before, stay) looks again once the heap has grown by this fraction of the
 * limit: passes then come every few hundred small arrays, each moving those idle since the
 * last, not at every few made.
 */
const EVERY_STEP = 1 / 8;
/**
 * `trackingEvery` starts when the running task has added to the heap, and untracked arrays
 * hold, over half of the limit (or of `EVERY_FLOOR`, if the limit is lower: a soft limit of 0
 * moves every idle large array, it does not make every small task track its arrays). When
 * tracked large arrays fill the heap, moving them is enough (tracking every array would only
 * make each pass move more of them); when earlier tasks' garbage does, its finalizers are
 * about to run (a loop that yields after each thousand small calls passes the limit so, and
 * would only pay for the tracking).
 */
const EVERY_SHARE = 1 / 2;
const EVERY_FLOOR = 8 * 2 ** 20;
/**
 * Arrays under this many bytes are never tracked: moving one would free less wasm memory than
 * its moved copy and the objects holding it cost in JS, which the out-of-memory limit does not
 * see (kept, a million one-element arrays would fill V8's heap instead).
 */
export const EVERY_MIN = 2 ** 10;
/** The engine heap when the running task was first seen growing it (see `noteTask`). */
let taskStartBytes = 0;
let taskSeen = false;

/** Heap growth seen at one array but made by the next ones of the same result (see `noteGrowth`). */
let carry = 0;
let carryLive = 0;

/** Bytes of arrays moved to JS memory and not yet disposed or finalized (garbage included). */
export const hostBytesNow = () => hostBytes;
/** How many arrays are tracked (released and moved ones included until a pass prunes them). */
export const trackedNow = () => tracked.length;
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
  wasm.setHostBytes(countedBytes());
}

/**
 * The moved bytes the engine's limit counts: those that may still be alive. `hostBytes` drops
 * only when finalizers run, which a loop that never yields never lets happen, so alone it would
 * count every garbage result of such a loop. Where the host reads JS memory (Node), the count is
 * at most that reading (plus what moved since it): results the collector reclaimed drop out at
 * once, while arrays really kept still count, so holding too much still ends in the
 * out-of-memory error. Browsers cannot tell kept from garbage inside a synchronous loop, so
 * there moved arrays are JS memory like any typed array the page keeps, bounded by the
 * browser (in the playground, by the sandbox's process), and the limit bounds wasm memory.
 */
function countedBytes() {
  if (readArrayBuffers === null) return 0;
  if (movedSinceReading >= READ_STEP) {
    for (const r of readings) r.moved += movedSinceReading;
    if (readings.length === READINGS) readings.shift();
    readings.push({ bytes: readArrayBuffers(), moved: 0 });
    movedSinceReading = 0;
  }
  let count = hostBytes;
  for (const r of readings) count = Math.min(count, r.bytes + r.moved + movedSinceReading);
  return count;
}

/** Forgets everything: the engine was replaced, and arrays of the old one are unusable. */
export function resetResidency() {
  tracked.length = 0;
  trackingEvery = false;
  taskSeen = false;
  hostBytes = 0;
  movedSinceReading = 0;
  readings.length = 0;
  carry = 0;
  relieveAt = softLimit;
}

/**
 * Tracks `array` if it is large and movable, now or once the arrays sharing its elements are
 * gone (a callback's host NumPy result it was made from); while `trackingEvery`, also if it
 * has `EVERY_MIN` bytes or more and its elements to itself. `bytes`: its size, if the caller
 * asked already. Returns whether it tracked it.
 */
export function track(array, bytes = wasm.movableBytes(handles[cellOf(array)], false)) {
  const cell = cellOf(array);
  // A small array that shares its elements (a jitted function's output returned twice, a cast
  // to its own dtype) is left to its finalizer: it cannot move while the other lives, and
  // tracked it would stay held, and walked by every pass, until the task ends.
  if (bytes >= LARGE || (trackingEvery && bytes >= EVERY_MIN && wasm.movableBytes(handles[cell], true) > 0)) {
    // With the heap under the limit no pass runs, so entries of released arrays pile up here.
    if (tracked.length >= pruneAt) pruneAt = 2 * prune() + 64;
    add(array, cell, bytes);
    return true;
  }
  return false;
}

function add(array, cell, bytes) {
  tracked.push({ array, ref: null, cell, serial: serialOf(cell), bytes });
  scheduleWeaken();
}

/**
 * Notes the heap's size the first time a task is seen growing it (heap.js calls this at each
 * look, which come every `LARGE` bytes of growth): what the task itself added is measured
 * from there.
 */
export function noteTask(live) {
  if (!taskSeen) {
    taskSeen = true;
    taskStartBytes = live;
    scheduleWeaken();
  }
}

function scheduleWeaken() {
  if (!weakenPending) {
    weakenPending = true;
    later(weaken);
  }
}

/**
 * Lets go of the arrays tracked so far: from now on the collector may reclaim them. The task
 * that made them has ended, and with it any tracking of every array; the next task is measured
 * from its own start (`noteTask`).
 */
function weaken() {
  weakenPending = false;
  taskSeen = false;
  if (trackingEvery) {
    trackingEvery = false;
    recheck();
  }
  for (const t of tracked) {
    if (t.array !== null) {
      t.ref = new WeakRefClass(t.array);
      t.array = null;
    }
  }
}

/**
 * Drops entries of released, moved, unmovable or finalized arrays (and of an older engine),
 * keeping the order; returns how many are left. Every pass starts here: the entries it walks
 * then all have their cells.
 */
function prune() {
  const generation = engineGeneration();
  let kept = 0;
  for (const t of tracked) {
    const { cell } = t;
    if (isCurrent(cell, t.serial) && handles[cell] >= 0 && generations[cell] === generation && t.bytes > 0) tracked[kept++] = t;
  }
  tracked.length = kept;
  return kept;
}

/**
 * Called when the engine heap grew by `grown` (at least `LARGE`) since growth was last
 * measured, so the array just made (`array`) is probably large: tracks it, unless
 * made inside a scope (which releases it anyway). Returns the heap size to measure the next
 * array's growth from. When the array explains only part of the growth (a jitted call
 * returning a small and a large array), the rest is carried to the next array made with no
 * allocation in between, the same result's next leaf.
 */
export function noteGrowth(array, live, grown, inScope) {
  if (carry > 0 && live !== carryLive) grown -= carry;
  carry = 0;
  tookArray = false;
  if (grown < LARGE || inScope) return live;
  const bytes = wasm.movableBytes(handles[cellOf(array)], false);
  track(array, bytes);
  // Arrays of `LARGE` bytes or more are always tracked.
  tookArray = bytes >= LARGE;
  const rest = grown - bytes;
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
  let trackedBytes = 0;
  for (const t of tracked) {
    largest = Math.max(largest, t.bytes);
    trackedBytes += t.bytes;
  }
  const limit = Math.max(softLimit, LARGEST_FACTOR * largest);
  // Newest first, one pass at most: an array used since the last pass is passed over (its mark
  // cleared), so one made or used by the call that just ran is never moved by the same pass.
  let changed = false;
  for (let i = tracked.length - 1; i >= 0 && live > limit; i--) {
    const t = tracked[i];
    const { cell } = t;
    if (used[cell]) {
      used[cell] = 0;
      continue;
    }
    const array = t.array ?? t.ref.deref();
    if (array === undefined) {
      // Collected, not yet finalized: nothing can use it, so no copy is needed.
      wasm.release(handles[cell]);
      handles[cell] = RELEASED;
    } else if (!moveOut(t, array)) {
      // A small array came to share its elements after it was tracked (`x.astype` of its own
      // dtype): left to its finalizer, as `track` would have left it (the next prune drops it).
      if (t.bytes < LARGE) {
        t.bytes = 0;
        t.array = null;
      }
      continue;
    }
    changed = true;
    live = liveBytesNow();
  }
  if (changed) prune();
  const share = EVERY_SHARE * Math.max(limit, EVERY_FLOOR);
  if (live > limit && !trackingEvery && live - trackedBytes > share && live - taskStartBytes > share) {
    // Over, mostly with arrays too small to track, made by this task: from now until it ends,
    // track every array made.
    trackingEvery = true;
    scheduleWeaken();
  }
  // Still over, as everything left was in use (or untracked): look again once the heap has
  // grown by about an array more, not at every small array made meanwhile (a pass costs a
  // walk over `tracked`).
  const step = Math.max(largest, LARGE, trackingEvery ? EVERY_STEP * limit : 0);
  relieveAt = live > limit ? live + step : limit;
  return live;
}

/** After memory was released outside `relieve`: looks again once the heap passes the limit. */
export function released(live) {
  relieveAt = Math.max(softLimit, Math.min(relieveAt, live + LARGE));
}

/**
 * Copies the elements of `array` (tracked as `t`) into JS memory held by the array object,
 * which the collector may reclaim with it, and releases its engine memory; its cell keeps the
 * bytes (`movedBytes`) for the books until the finalizer runs. Returns whether it moved (not
 * while its elements are shared).
 */
function moveOut(t, array) {
  const { cell } = t;
  const handle = handles[cell];
  // Not while another array shares its elements (moving would free nothing): a jitted function
  // may have captured it as a constant, or host NumPy's result it came from is still held.
  const bytes = wasm.movableBytes(handle, true);
  if (bytes === 0) return false;
  const shape = wasm.shape(handle);
  const address = wasm.readLocation(handle, 0);
  const x = exchange();
  const code = x[0];
  setMovedData(array, { data: copyFromEngine(address, code, x[1]), shape, code });
  movedBytes[cell] = bytes;
  handles[cell] = MOVED;
  wasm.release(handle);
  movedSinceReading += bytes;
  setHostBytes(hostBytes + bytes);
  return true;
}

/**
 * Puts a moved array (its cell and moved data) back into the engine, tracked again as just
 * used; returns its handle.
 */
export function moveBack(array, cell, { data, shape, code }) {
  const handle = wasm.arrayOf(code, data, shape);
  const bytes = movedBytes[cell];
  handles[cell] = handle;
  movedBytes[cell] = 0;
  used[cell] = 1;
  setHostBytes(hostBytes - bytes);
  add(array, cell, bytes);
  return handle;
}

/** Forgets a moved array's bytes (disposed or collected). */
export function dropMoved(cell) {
  const bytes = movedBytes[cell];
  movedBytes[cell] = 0;
  if (generations[cell] === engineGeneration()) setHostBytes(hostBytes - bytes);
}
