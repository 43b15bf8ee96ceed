// The learner's side of an exercise beyond the editor: progressive hints (one more per press),
// Show solution (after a confirmation; the exercise is then "solved with the solution shown"),
// and progress per exercise (not started, tried, passed, passed with the solution shown) on
// its tab, kept in localStorage and resettable. Text only, never HTML.

import { h, richText } from '../app/dom.js';

const KEY = 'jaxplay.progress';
export const STATES = {
  'not-started': 'not started',
  tried: 'tried',
  passed: 'passed',
  solution: 'passed with the solution shown',
};
const MARK = { 'not-started': '', tried: 'tried', passed: '✓ passed', solution: '✓ solution shown' };

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage unavailable or full: progress is simply not kept
  }
}

/** { state, hints } of exercise `id`, validated (storage is outside the page's control). */
function entry(data, id) {
  const e = data[id] ?? {};
  return {
    state: Object.hasOwn(STATES, e.state) ? e.state : 'not-started',
    hints: Number.isInteger(e.hints) && e.hints >= 0 ? e.hints : 0,
  };
}

/**
 * The hints shown so far (`shown` of `hints`, as text: backticks become <code>, nothing is HTML),
 * a button for the next one, and Show solution, which asks `question` first (`confirming`):
 * the nodes the playground's coach and the widget (www/widget/help.js) show. `hints` may be empty;
 * without `onAsk` there is no solution to show.
 */
export function helpParts({ hints, shown, confirming, question, onHint, onAsk, onConfirm, onCancel }) {
  const parts = [];
  if (shown > 0) {
    parts.push(h('ol', { class: 'hint-list', id: 'hint-list', 'aria-label': 'Hints' },
      hints.slice(0, shown).map((t) => h('li', { tabindex: '-1' }, richText(t)))));
  }
  const row = h('div', { class: 'coach-actions' });
  if (shown < hints.length) {
    row.append(h('button', { type: 'button', class: 'btn small-btn', id: 'hint', onclick: onHint },
      shown === 0 ? `Show a hint (1 of ${hints.length})` : `Next hint (${shown + 1} of ${hints.length})`));
  }
  if (onAsk && confirming) {
    row.append(h('span', { class: 'confirm', role: 'group', 'aria-label': 'Confirm' },
      h('span', { class: 'small', id: 'solution-question' }, question),
      h('button', { type: 'button', class: 'btn small-btn primary', id: 'solution-confirm', onclick: onConfirm }, 'Show it'),
      h('button', { type: 'button', class: 'btn small-btn ghost', id: 'solution-cancel', onclick: onCancel }, 'Cancel')));
  } else if (onAsk) {
    row.append(h('button', { type: 'button', class: 'btn small-btn ghost', id: 'solution', onclick: onAsk }, 'Show solution'));
  }
  if (row.childElementCount) parts.push(row);
  return parts;
}

/**
 * els: { box, tabs }. editor: { setCode, focus }. announce(text).
 * Returns { show(exercise | null), tried(exercise), checked(exercise, allPass), stateOf(id) }.
 */
export function createCoach({ box, tabs, editor, announce, exercises }) {
  let current = null;
  let confirming = false;

  const stateOf = (id) => entry(load(), id);
  function update(id, change) {
    const data = load();
    data[id] = { ...entry(data, id), ...change };
    save(data);
    paintTabs();
    if (current?.id === id) render();
  }

  function paintTabs() {
    for (const ex of exercises) {
      const tab = tabs.querySelector(`#tab-${ex.id}`);
      if (!tab) continue;
      const { state } = stateOf(ex.id);
      tab.dataset.progress = state;
      let badge = tab.querySelector('.tab-progress');
      if (!badge) {
        badge = h('span', { class: 'tab-progress' });
        tab.append(badge);
      }
      badge.textContent = MARK[state];
      badge.title = STATES[state];
    }
  }

  function render() {
    if (!current) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const ex = current;
    const { state, hints } = stateOf(ex.id);
    const shown = Math.min(hints, ex.hints.length);
    const parts = [
      h('p', { class: 'progress-line small' }, 'Progress: ', h('strong', { id: 'progress-state' }, STATES[state]),
        state !== 'not-started' || hints > 0 ? h('button', { type: 'button', class: 'btn small-btn ghost', id: 'reset-progress', onclick: () => {
          update(ex.id, { state: 'not-started', hints: 0 });
          announce(`Progress of “${ex.title}” reset.`);
        } }, 'Reset progress') : null),
    ];
    parts.push(...helpParts({
      hints: ex.hints, shown, confirming,
      question: 'Replace your code with the solution? The exercise will count as passed with the solution shown. (Undo in the editor brings your code back.)',
      onHint() {
        update(ex.id, { hints: shown + 1 });
        announce(`Hint ${shown + 1}: ${ex.hints[shown].replace(/`/g, '')}`);
        // The pressed button was re-rendered away: focus moves to the hint it revealed.
        box.querySelector('#hint-list li:last-child')?.focus();
      },
      onAsk() {
        confirming = true;
        render();
        box.querySelector('#solution-cancel')?.focus();
      },
      onConfirm() {
        confirming = false;
        editor.setCode(ex.solution);
        update(ex.id, { state: 'solution' });
        announce('The solution is in the editor. Run it, read it, then try the next step.');
        editor.focus();
      },
      onCancel() {
        confirming = false;
        render();
        box.querySelector('#solution')?.focus();
      },
    }));
    box.replaceChildren(h('h3', {}, 'Stuck?'), ...parts);
  }

  paintTabs();
  return {
    show(exercise) {
      current = exercise;
      confirming = false;
      render();
    },
    /** A Run or Check of the exercise happened: not started becomes tried. */
    tried(exercise) {
      if (stateOf(exercise.id).state === 'not-started') update(exercise.id, { state: 'tried' });
    },
    /** A Check finished: passing marks passed (unless the solution was shown). */
    checked(exercise, allPass) {
      const { state } = stateOf(exercise.id);
      if (allPass && state !== 'solution') update(exercise.id, { state: 'passed' });
      else if (!allPass && state === 'not-started') update(exercise.id, { state: 'tried' });
    },
    stateOf,
  };
}
