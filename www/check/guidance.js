// The text under the timeline after a Run or Check, written from what the timeline recorded
// (plain event data), so it never describes something that did not happen: no token hand-off
// when no ordered call ran, no host call when the callback lanes are empty. A Python exercise's
// text is in Python's spelling.

import { pythonNames } from '../exercises-python.js';

/** items: the timeline model's items ({ ev, ghost, error }). Returns the notice text or null. */
export function guidance(exercise, kind, items) {
  if (!exercise) return null;
  const evs = items.map((i) => i.ev);
  const errors = items.filter((i) => i.error);
  const calls = items.filter((i) => i.ev.kind === 'callback' && !i.ghost && !i.error);
  const skipped = items.filter((i) => i.ev.kind === 'callback' && i.ghost);
  const removed = items.filter((i) => i.ev.kind === 'dce');
  const tokens = evs.filter((e) => e.kind === 'token');
  const byKind = (k) => calls.filter((i) => i.ev.callbackKind === k).length;
  const parts = [];
  if (errors.length) {
    const first = errors[0].ev;
    parts.push(`A red bar marks where it failed: the ${first.kind}${first.kind === 'trace' ? ' (JAX recording your function, before anything ran)' : ''} of \`${first.name}\`.`);
  }
  if (calls.length === 0) {
    parts.push(exercise.run === 'grad' && !errors.length
      ? 'The callback lanes are empty: no host function ran, so the mean was computed with jnp ops inside the compiled program.'
      : 'No host function ran in this request: the callback lanes are empty.');
  } else {
    const counts = ['pure', 'io', 'debug'].map((k) => [k, byKind(k)]).filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k} callback call${n === 1 ? '' : 's'}`);
    parts.push(`The host ran ${counts.join(', ')}; each bar sits inside the execute bar of the compiled program that paused for it. Hover a bar for its shapes and duration.`);
  }
  if (tokens.length) {
    parts.push(`${tokens.length} token hand-off${tokens.length === 1 ? '' : 's'} (diamonds in the ordered token lane): each lets the next ordered call run, in program order.`);
  } else if (byKind('io') > 0) {
    parts.push('No token diamond: these io calls were unordered, so nothing forces their order. `{ ordered: true }` adds the hand-off.');
  }
  if (skipped.length) parts.push('A dashed ghost is a call skipped because its input was empty: a pure callback with nothing to compute never calls the host.');
  if (removed.length) parts.push('A ghost marked removed is a callback dead-code elimination dropped because its result was unused.');
  if (kind === 'check') parts.push('Check ran in a fresh engine, on inputs generated for it, then called each host function by itself.');
  const text = parts.join(' ');
  return exercise.language === 'python' ? pythonNames(text) : text;
}
