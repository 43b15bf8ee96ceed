// Each JaxArray's state that must outlive it, for its finalizer: its engine handle (RELEASED once
// disposed, MOVED while its elements are in JS memory), the engine generation that made it,
// whether it was used since residency.js last looked, and its bytes while moved. Kept in typed
// arrays, indexed by a cell number the array holds and the finalization registry is given. A
// number, not an object: V8's young-generation collections keep a registered array alive with
// everything it references, so an object per array was copied by each of them while its array
// lived, and a loop of small results paid for it at every call (bench/NOTES.md).
//
// A cell is free for another array once its finalizer ran (`freeCell`). residency.js may still
// hold the number then: it keeps the cell's serial beside it, and an entry whose serial no
// longer matches belongs to a gone array (`isCurrent`).

/** A cell's handle once its array was released (disposed, or by a scope). */
export const RELEASED = -1;
/** A cell's handle while its array is in JS memory (residency.js). */
export const MOVED = -2;

const FIRST_CAPACITY = 1024;
/** The engine handle, or RELEASED or MOVED. */
export let handles = new Int32Array(FIRST_CAPACITY);
/** The engine generation that made the array (instance.js `generation`). */
export let generations = new Int32Array(FIRST_CAPACITY);
/** 1 if the array was used since residency.js last looked. */
export let used = new Uint8Array(FIRST_CAPACITY);
/** The array's bytes while it is moved, else 0. */
export let movedBytes = new Float64Array(FIRST_CAPACITY);
/** Told apart a cell's successive arrays (see `isCurrent`). */
let serials = new Int32Array(FIRST_CAPACITY);
let nextSerial = 0;
/** Cells never given out start here; freed ones wait in `free`. */
let unused = 0;
const free = [];

function grow() {
  const capacity = 2 * handles.length;
  const larger = (old) => {
    const next = new old.constructor(capacity);
    next.set(old);
    return next;
  };
  handles = larger(handles);
  generations = larger(generations);
  used = larger(used);
  movedBytes = larger(movedBytes);
  serials = larger(serials);
}

/** A cell for a new array holding `handle`, made by engine `generation`, marked used. */
export function newCell(handle, generation) {
  let cell = free.pop();
  if (cell === undefined) {
    if (unused === handles.length) grow();
    cell = unused++;
  }
  handles[cell] = handle;
  generations[cell] = generation;
  used[cell] = 1;
  movedBytes[cell] = 0;
  nextSerial = (nextSerial + 1) | 0;
  serials[cell] = nextSerial;
  return cell;
}

/**
 * Gives `cell` back, once its array's finalizer ran. Marked released: until another array takes
 * it, its serial is unchanged, and residency.js must not take a listed entry of it for live.
 */
export function freeCell(cell) {
  handles[cell] = RELEASED;
  free.push(cell);
}

/** The serial of the array `cell` now belongs to, for `isCurrent`. */
export const serialOf = (cell) => serials[cell];

/** Whether `cell` still belongs to the array it had when `serialOf` gave `serial`. */
export const isCurrent = (cell, serial) => serials[cell] === serial;
