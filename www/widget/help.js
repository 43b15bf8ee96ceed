// The widget's "Stuck?" box under the editor: an exercise's hints, one more per press, and its
// solution, put in the editor only after the learner confirms (Undo brings their code back).
// Built-in exercises bring theirs (www/exercises.js, in the widget's language); an author's
// exercise its `hints` and `solution` fields. Text only, never HTML (www/check/coach.js draws
// the same parts on the playground). What was revealed lasts as long as the frame.

import { h } from '../app/dom.js';
import { helpParts } from '../check/coach.js';

/** box: the element to fill; editor: { setCode, focus }; announce(text) for screen readers. */
export function createHelp({ box, editor, announce }) {
  let exercise = null;
  let shown = 0;
  let confirming = false;

  function render() {
    const hints = exercise?.hints ?? [];
    const solution = exercise?.solution ?? null;
    box.hidden = hints.length === 0 && solution === null;
    if (box.hidden) return box.replaceChildren();
    const parts = helpParts({
      hints, shown, confirming,
      question: 'Replace your code with the solution? Undo in the editor brings your code back.',
      onHint() {
        shown += 1;
        render();
        announce(`Hint ${shown}: ${hints[shown - 1].replace(/`/g, '')}`);
        box.querySelector('#hint-list li:last-child')?.focus();
      },
      onAsk: solution === null ? null : () => {
        confirming = true;
        render();
        box.querySelector('#solution-cancel')?.focus();
      },
      onConfirm() {
        confirming = false;
        render();
        editor.setCode(solution);
        announce('The solution is in the editor.');
        editor.focus();
      },
      onCancel() {
        confirming = false;
        render();
        box.querySelector('#solution')?.focus();
      },
    });
    return box.replaceChildren(h('h3', {}, 'Stuck?'), ...parts);
  }

  return {
    /** Shows the help of `next` (an exercise with optional `hints` and `solution`), none revealed. */
    show(next) {
      exercise = next;
      shown = 0;
      confirming = false;
      render();
    },
  };
}
