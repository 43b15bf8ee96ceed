// The engine heap as V8 and residency.js see it: releasing handles (from finalizers too), the
// heap's live bytes read from wasm memory, and, as arrays are made, telling V8 how much memory
// they hold and residency.js when the heap grew.

import { wasm, generation, memory, rawGlue, noteFault, finalizerMayCall, inEngineCall } from './instance.js';
import { JaxArray, inSyncScope } from './arrays.js';
import { uninitializedBuffer } from './memory.js';
import { LARGE, EVERY_MIN, tookArray, trackingEvery, track, noteTask, relieveAt, relieve, released, noteGrowth, resetResidency } from './residency.js';

/** Releases `handle` if it belongs to the current instance (a restart forgot older ones). */
export function releaseHandle(handle, gen = generation) {
  if (gen === generation) {
    wasm.release(handle);
    noteReleased();
  }
}

/**
 * `releaseHandle` for a finalizer, which nothing could catch an exception from: after a fault
 * not yet settled it leaves the handle (a restart frees it with its instance; a recovery
 * keeps it, a small leak), so the fault is reported to the next call of the learner's code.
 */
export function releaseFromFinalizer(handle, gen) {
  if (!finalizerMayCall(gen)) return;
  try {
    rawGlue.release(handle);
    noteReleased();
  } catch (err) {
    noteFault(err);
  }
}

/**
 * A view of all wasm memory as 32-bit words, made when first needed; instance.js reads the
 * engine's count of returned errors through it too.
 */
export let liveBytesView = new Uint32Array(0);
let liveBytesIndex = 0;

/** Bytes the engine's heap holds now: a read of wasm memory, no call. */
export function liveBytesNow() {
  if (liveBytesView.length === 0) {
    liveBytesIndex = rawGlue.liveBytesAddress() / 4;
    liveBytesView = new Uint32Array(memory.buffer);
  }
  return liveBytesView[liveBytesIndex];
}

/**
 * The engine heap's size growth is measured from: an array made when the heap has grown by
 * residency.js's `LARGE` since is probably large, and only then is it asked about.
 */
let seenBytes = 0;
/**
 * `nextCheck(seenBytes)`: below it, making an array costs residency.js nothing (the one
 * comparison in `hintMemory`).
 */
let checkAt = 0;

/**
 * Where the next look at residency.js is due, growth measured from `from`: `LARGE` on, or at
 * its limit if sooner; while residency.js tracks every array, `EVERY_MIN` on, the least it
 * tracks then, so that a loop of smaller results asks the engine about one in several.
 */
const nextCheck = (from) => Math.min(from + (trackingEvery ? EVERY_MIN : LARGE), relieveAt);
/**
 * The heap's size at the last look while every array is tracked, else -1. An array made with
 * it unchanged is another output of the same call (a call makes all its outputs before the
 * first is wrapped), and the growth looked at may be its: it is looked at too.
 */
let lookedAtLive = -1;

/** Makes the next array made look at residency.js (its limit changed). */
export function recheck() {
  checkAt = 0;
}

/**
 * After a release (a finalizer, a view's keeper, `dispose`, a temporary), so the growth the next
 * array makes is seen whole, not net of what was freed since.
 */
export function noteReleased() {
  const live = liveBytesNow();
  if (live < seenBytes) {
    seenBytes = live;
    released(live);
    checkAt = nextCheck(live);
  }
}
/** Engine heap bytes when V8 was last told of growth. */
let hintedBytes = 0;
const HINT_STEP = 2 ** 20;
/**
 * How much more than the growth the hint says: V8 starts collecting after some tens of MiB of
 * external memory, and wasm memory, which never shrinks, is worth more than other memory. The
 * larger the factor, the lower the peak of a loop that drops arrays too small for residency.js
 * to move, and the more full collections every loop of small calls pays (bench/NOTES.md).
 */
const HINT_FACTOR = 4;
const HINT_MAX = 2 ** 28;

/**
 * Tells V8 how much memory arrays hold, so it collects unreachable ones (and runs their
 * finalizers) sooner: V8 does not see wasm memory, and its heap of small JaxArray objects grows
 * too slowly to trigger a collection, while their wasm memory grows fast. When the engine's
 * heap has grown by `HINT_STEP` since the last hint, the newest array carries an untouched
 * ArrayBuffer (`uninitializedBuffer`) of `HINT_FACTOR` times the growth: V8 counts that as
 * external memory, which makes it collect garbage sooner. Reading the count is a typed-array read, no call.
 * Returns whether residency.js took `array`.
 */
export function hintMemory(array) {
  const live = liveBytesNow();
  const tracked = (live >= checkAt || live === lookedAtLive) && lookAtResidency(array, live);
  // Not while residency.js tracks every array: the running task has filled the heap, its
  // arrays can go only once it ends (their finalizers run then), and each collection a hint
  // brings on meanwhile walks all it made. What is left of the growth is told at the next array.
  if (live > hintedBytes + HINT_STEP && !trackingEvery) {
    // Not for an array residency.js just took: it moves out of wasm memory once idle (its
    // moved data is JS memory V8 sees), and a weight would only inflate Node's reading of JS
    // memory that residency.js counts moved arrays by.
    if (!tracked) {
      try {
        const bytes = Math.min(HINT_FACTOR * (live - hintedBytes), HINT_MAX);
        // In browsers a plain buffer: they map large buffers fresh, already zero, and never touched.
        JaxArray.weigh(array, uninitializedBuffer?.(bytes) ?? new ArrayBuffer(bytes));
      } catch {
        // No address space for the hint: only the hint is lost.
      }
    }
    hintedBytes = live;
  } else if (live < hintedBytes) {
    hintedBytes = live;
  }
  return tracked;
}

/**
 * The heap grew by `LARGE` since `seenBytes`, or passed residency.js's limit. Returns whether
 * residency.js took `array`.
 */
function lookAtResidency(array, live) {
  noteTask(live);
  let took = false;
  lookedAtLive = -1;
  if (trackingEvery) {
    took = !inSyncScope() && track(array);
    seenBytes = live;
    lookedAtLive = live;
  } else if (live - seenBytes >= LARGE) {
    seenBytes = noteGrowth(array, live, live - seenBytes, inSyncScope());
    took = tookArray;
  }
  // Past the soft limit, outside every engine call (see residency.js).
  if (live > relieveAt && !inEngineCall()) {
    seenBytes = Math.min(seenBytes, relieve(live));
    // The same call's next output sees the heap as the pass left it.
    if (lookedAtLive >= 0) lookedAtLive = liveBytesNow();
  }
  checkAt = nextCheck(seenBytes);
  return took;
}

/** Forgets what was measured of a replaced instance's heap (see `adopt` in instance.js). */
export function resetHeap() {
  liveBytesView = new Uint32Array(0);
  seenBytes = 0;
  checkAt = 0;
  lookedAtLive = -1;
  resetResidency();
}
