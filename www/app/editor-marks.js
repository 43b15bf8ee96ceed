// The editor's markers for what a Run or Check found (an error at its line), kept apart from the
// lint's diagnostics. CodeMirror's lint shows one set of diagnostics, which every lint pass
// replaces: a marker a Run set while a lint pass was pending vanished when the pass finished,
// while the result still said "marked in the editor". The markers live in a state field of
// their own (mapped through edits), and every set of diagnostics shown, the lint's included, is
// the lint's plus these.

import { StateField, StateEffect } from '@codemirror/state';
import { setDiagnostics, forEachDiagnostic, linter } from '@codemirror/lint';

/** The `source` of a Run's or Check's markers. */
export const MARK_SOURCE = 'jaxplay';

const setMarks = StateEffect.define();

const marksField = StateField.define({
  create: () => [],
  update(marks, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return e.value;
    if (!tr.docChanged || marks.length === 0) return marks;
    return marks.map((d) => {
      const from = tr.changes.mapPos(d.from, 1);
      return { ...d, from, to: Math.max(from, tr.changes.mapPos(d.to, -1)) };
    });
  },
});

/** The extension that keeps markers (in every editor state). */
export const marks = marksField;

/** The lint's diagnostics shown now, at their current positions. */
function lintShown(state) {
  const out = [];
  forEachDiagnostic(state, (d, from, to) => {
    if (d.source !== MARK_SOURCE) out.push({ ...d, from, to });
  });
  return out;
}

/** Shows `list` (diagnostics of source MARK_SOURCE; [] clears them) beside the lint's. */
export function showMarks(view, list) {
  const spec = setDiagnostics(view.state, [...lintShown(view.state), ...list]);
  view.dispatch({ ...spec, effects: [setMarks.of(list)].concat(spec.effects ?? []) });
}

/**
 * A linter running `source` (view → diagnostics, or a promise of them) whose results keep the
 * markers: read when the pass finishes, so a marker set while it ran is kept too.
 */
export function lintKeepingMarks(source, config) {
  return linter(async (view) => [...await source(view), ...view.state.field(marksField)], config);
}
