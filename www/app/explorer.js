// The schedule explorer card: a seed, "New seed", what the schedule may change (reorder,
// duplicate pure, merge pure), and the host-call order of two runs side by side (program
// order and the chosen schedule), with a plain-words summary of what changed. The runs
// themselves happen in the engine worker (program.js exploreSchedules); this is the page side.

import { h, clear, richText } from './dom.js';

const MAX_SEED = 2 ** 32 - 1;

/** Key of a call for comparisons: name, kind and ordering (not its position). */
const key = (c) => `${c.kind}:${c.ordered ? 'ordered' : 'free'}:${c.name}`;
const ran = (calls) => calls.filter((c) => c.status === 'ran');
const names = (calls) => calls.map((c) => c.name).join(' → ') || 'none';

/** What changed between program order `a` and schedule `b`, in words. */
export function compareColumns(a, b) {
  const one = (text) => String(text).split('\n').join('; ');
  const lines = [];
  if (a.error || b.error) {
    if ((a.error ?? '') !== (b.error ?? '')) lines.push(`One run failed and the other did not: ${b.error ?? a.error}.`);
    else lines.push(`Both runs stopped with the same error: ${a.error}.`);
  } else if (a.summary === b.summary) {
    lines.push(`Same result under both schedules: ${one(a.summary)}.`);
  } else {
    lines.push(`The results differ (${one(a.summary)} vs ${one(b.summary)}). Both schedules are legal, so a callback declared pure has a side effect: the program, not the schedule, is wrong.`);
  }
  const orderedA = ran(a.calls).filter((c) => c.ordered);
  const orderedB = ran(b.calls).filter((c) => c.ordered);
  if (orderedA.length) {
    lines.push(names(orderedA) === names(orderedB)
      ? `Ordered calls kept program order (${names(orderedA)}).`
      : `Ordered calls changed order (${names(orderedB)}), which should never happen.`);
  }
  const freeA = ran(a.calls).filter((c) => !c.ordered).map(key);
  const freeB = ran(b.calls).filter((c) => !c.ordered).map(key);
  const sameSet = freeA.length === freeB.length && [...freeA].sort().join() === [...freeB].sort().join();
  if (freeA.join() !== freeB.join() && sameSet) {
    lines.push(`Unordered calls ran in another order: ${names(ran(b.calls).filter((c) => !c.ordered))}.`);
  } else if (!sameSet) {
    lines.push(`The schedule ran ${freeB.length} unordered host call${freeB.length === 1 ? '' : 's'} instead of ${freeA.length} (a pure call ${freeB.length > freeA.length ? 'repeated' : 'merged'}).`);
  }
  if (lines.length === 1 && !b.notes.length) lines.push('This schedule changed nothing in this program: try another seed or option.');
  return lines.join(' ');
}

function column(col, index) {
  const calls = col.calls.length
    ? h('ol', { class: 'call-list' }, col.calls.map((c) => h('li', {
      class: `call cb-${c.kind} status-${c.status}`,
      dataset: { kind: c.kind, ordered: String(c.ordered), status: c.status, name: c.name },
    },
    h('span', { class: 'swatch', 'aria-hidden': 'true' }),
    h('span', { class: 'call-name' }, c.name),
    h('span', { class: 'call-tag muted' }, `${c.kind}${c.ordered ? ' · ordered' : ''}${c.status === 'ran' ? '' : ` · ${c.status}`}`))))
    : h('p', { class: 'muted small' }, 'No host calls.');
  return h('section', { class: 'explorer-column', dataset: { column: index === 0 ? 'program' : 'schedule' }, 'aria-label': col.label },
    h('h3', {}, col.label),
    h('p', { class: 'small muted' }, 'Host calls, in the order they ran:'),
    calls,
    col.notes.length ? h('ul', { class: 'explorer-notes small' }, col.notes.map((n) => h('li', {}, richText(n)))) : null,
    h('p', { class: `explorer-result small ${col.error ? 'bad' : ''}` }, col.error ? `Error: ${col.error}` : `Result: ${col.summary}`));
}

/**
 * els: { form, seed, newSeed, reorder, duplicate, merge, run, summary, columns }.
 * onRun(schedule) asks the engine to compare; it resolves to { columns } or null.
 */
export function createExplorer(els, { onRun, announce }) {
  function schedule() {
    const seed = Math.min(MAX_SEED, Math.max(0, Math.floor(Number(els.seed.value) || 0)));
    els.seed.value = String(seed);
    return { seed, reorder: els.reorder.checked, duplicatePure: els.duplicate.checked, mergePure: els.merge.checked };
  }

  async function go() {
    els.summary.className = 'explorer-summary muted';
    els.summary.textContent = 'Running under both schedules…';
    clear(els.columns);
    const result = await onRun(schedule());
    if (!result) {
      els.summary.textContent = 'The comparison did not finish.';
      return;
    }
    const [a, b] = result.columns;
    els.columns.replaceChildren(...result.columns.map(column));
    const text = compareColumns(a, b);
    els.summary.className = `explorer-summary ${a.summary !== b.summary || a.error !== b.error ? 'bad' : 'good'}`;
    els.summary.textContent = text;
    announce?.(`Schedule explorer: ${text}`);
  }

  els.form.addEventListener('submit', (e) => {
    e.preventDefault();
    go();
  });
  els.newSeed.addEventListener('click', () => {
    els.seed.value = String(Math.floor(Math.random() * 100_000));
    go();
  });

  return {
    setEnabled(on) {
      els.run.disabled = !on;
      els.newSeed.disabled = !on;
    },
    reset() {
      clear(els.columns);
      els.summary.className = 'explorer-summary muted';
      els.summary.replaceChildren('Press ', h('strong', {}, 'Compare schedules'), ' to run the code in the editor twice: in program order and under the schedule above.');
    },
    go,
  };
}
