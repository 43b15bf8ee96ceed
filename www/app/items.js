// What the editor can hold: an exercise (Check-able, with an entrypoint) or an example of the
// gallery (a free-form program with main()). Both are addressed by one key, used in the URL
// hash, share links, saved code and editor states: the exercise id, or `example:<id>`.

import { exercises, findExercise } from '../exercises.js';
import { examples, findExample, EXAMPLE_PREFIX } from '../examples.js';

export const EXAMPLES_TAB = 'examples';

const EXAMPLE_NOTICE = 'Everything the program ran is on the timeline: traces and compiles, each execute, every host call in its own lane, token hand-offs, and removed or skipped calls as dashed ghosts. The explanation above says what to look for; if one slow call squeezes the others, “By order” lays them out one step each.';
// For examples about order (`timeline: 'order'` in www/examples.js), which open By order.
const ORDER_NOTICE = 'The timeline opens “By order”: one step per event, so the host calls and the token hand-offs between ordered calls read in the order they ran (hover one for its real time). Press “By order” again to see them in time, where one slow call can take most of the axis.';

/** The item for `key`, or null: { kind, key, tab, data, title, starter, notice }. */
export function findItem(key) {
  const ex = findExercise(key);
  if (ex) return { kind: 'exercise', key: ex.id, tab: ex.id, data: ex, title: ex.title, starter: ex.starter, notice: ex.notice };
  if (!String(key ?? '').startsWith(EXAMPLE_PREFIX)) return null;
  const eg = findExample(key);
  if (!eg) return null;
  return { kind: 'example', key: `${EXAMPLE_PREFIX}${eg.id}`, tab: EXAMPLES_TAB, data: eg, title: eg.title, starter: eg.code, notice: eg.timeline === 'order' ? ORDER_NOTICE : EXAMPLE_NOTICE };
}

export const firstExercise = () => findItem(exercises[0].id);
export const firstExample = () => findItem(`${EXAMPLE_PREFIX}${examples[0].id}`);
export { exercises, examples, EXAMPLE_PREFIX };
