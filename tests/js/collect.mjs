// Test helpers (not a test file): V8's garbage collector on demand, and a settle that gives
// finalizers the tasks they run in.
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
/** A full collection now. */
export const gc = vm.runInNewContext('gc');

/** `rounds` times: a task of 5 ms for pending finalizers, then a collection. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    gc();
  }
}
