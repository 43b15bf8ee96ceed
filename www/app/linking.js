// Three-way links between the jaxpr, the code and the timeline, through the learner's source
// line: hovering or focusing a jaxpr equation, a timeline slice (a host call) or an editor line
// highlights the same line everywhere: the editor line, the equations it made and the slices
// (callback events) whose `source` is that line. The linked line is also in
// document.body.dataset.linkedLine, for tests.

import { renderJaxpr, editorLine } from './jaxpr-view.js';

export function createLinker({ editor, timeline, jaxpr }) {
  let spans = [];
  let current = null;

  /** Highlights `line` (editor line, 1-based; null clears) everywhere. */
  function link(line) {
    if (line === current) return;
    current = line;
    editor.setLinkedLine(line);
    for (const s of spans) s.classList.toggle('linked', line !== null && s.dataset.line === String(line));
    const items = line === null ? [] : timeline.model.items().filter((it) => it.ev.kind !== 'dce' && editorLine(it.ev.source) === line);
    timeline.chart.setHighlighted(items);
    if (line === null) delete document.body.dataset.linkedLine;
    else document.body.dataset.linkedLine = String(line);
  }

  const lineOf = (el) => {
    const span = el?.closest?.('.eqn');
    return span && span.dataset.line ? Number(span.dataset.line) : null;
  };

  jaxpr.addEventListener('mouseover', (e) => { const l = lineOf(e.target); if (l !== null) link(l); });
  jaxpr.addEventListener('mouseleave', () => link(lineOf(document.activeElement)));
  jaxpr.addEventListener('focusin', (e) => link(lineOf(e.target)));
  jaxpr.addEventListener('focusout', (e) => { if (!jaxpr.contains(e.relatedTarget)) link(null); });
  // Up / Down move between equations.
  jaxpr.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const i = spans.indexOf(document.activeElement);
    if (i < 0 && document.activeElement !== jaxpr) return;
    const next = spans[e.key === 'ArrowDown' ? Math.min(i + 1, spans.length - 1) : Math.max(i - 1, 0)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  });

  return {
    /** Renders jaxpr sections ([{ label, text, layout, atSeq }]) with linked equations. */
    showJaxpr(sections) {
      current = undefined;
      spans = renderJaxpr(jaxpr, sections, timeline.model.events());
      // Order by where the equation starts in the text, for Up / Down.
      spans = [...jaxpr.querySelectorAll('.eqn')];
      link(null);
    },
    clear() {
      spans = [];
      link(null);
    },
    /** From the editor: the line under the mouse or the cursor (null: none). */
    fromEditor(line) { link(line); },
    /** From the timeline: the hovered or keyboard-selected item (null: none). */
    fromTimeline(item) {
      link(item ? editorLine(item.ev.source) : null);
    },
    link,
    linked: () => current ?? null,
  };
}
