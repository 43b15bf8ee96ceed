// The Jaxpr panel with source links, drawn from the engine's layout of the printed jaxpr
// (`ClosedJaxpr.layout`: runs of text and equation nodes, lib/transforms.js), never by reading
// the text back: each equation with a source is a focusable span that knows the learner's line
// it came from, and each callback equation shows how many host calls it made in the last run
// ("×3"). Hover and focus are reported to the linker (linking.js). Text nodes only.

import { h } from './dom.js';

/** The learner's file (`//# sourceURL=learner.js`) has one wrapper line before line 1. */
export const LEARNER_FILE = 'learner.js';
const LINE_OFFSET = 1;
const PYTHON_FILE = 'main.py';

/** Editor line (1-based) of an engine source `learner.js:N` or `main.py:N`, or null for any other file. */
export function editorLine(source) {
  if (typeof source !== 'string') return null;
  const at = source.lastIndexOf(':');
  const digits = source.slice(at + 1);
  if (at < 0 || !/^\d+$/.test(digits)) return null;
  const file = source.slice(0, at);
  // Python code (www/python.js) has no wrapper line: main.py:N is editor line N.
  if (file === PYTHON_FILE) return Number(digits) >= 1 ? Number(digits) : null;
  if (file.split('/').pop() !== LEARNER_FILE) return null;
  const line = Number(digits) - LINE_OFFSET;
  return line >= 1 ? line : null;
}

/**
 * How many host calls the equation made: callback begin events with its source (and callback
 * name). With `atSeq` (where showJaxpr was called), only the calls of one execution count: the
 * last one that ran before that point, else the first after it.
 */
export function callCount(events, eq, atSeq) {
  const calls = events.filter((e) => e.kind === 'callback' && e.phase === 'begin' && e.source === eq.source
    && (!eq.callback || e.name === eq.callback));
  if (atSeq === undefined || atSeq === null) return calls.length;
  const byParent = new Map();
  for (const e of calls) {
    const k = e.parent ?? -1;
    if (!byParent.has(k)) byParent.set(k, []);
    byParent.get(k).push(e);
  }
  const groups = [...byParent.values()];
  const before = groups.filter((g) => g[0].seq <= atSeq);
  if (before.length) return before[before.length - 1].length;
  return groups.length ? groups[0].length : 0;
}

/**
 * Renders the sections ([{ label, text, layout, atSeq }]) into `pre`: a section's `layout`
 * (runs) when it has one, else its text. Returns the equation spans.
 */
export function renderJaxpr(pre, sections, events) {
  const nodes = [];
  const spans = [];
  sections.forEach((sec, si) => {
    if (si > 0) nodes.push('\n\n');
    if (sec.label) nodes.push(`// ${sec.label}\n`);
    if (sec.layout) nodes.push(...drawRuns(sec.layout, { events, atSeq: sec.atSeq, spans }));
    else nodes.push(sec.text);
  });
  pre.replaceChildren(...nodes);
  pre.classList.remove('has-error');
  pre.classList.toggle('linked-jaxpr', spans.length > 0);
  return spans;
}

/** DOM nodes for `runs`: text as text, an equation with a source as a span, others as their text. */
function drawRuns(runs, ctx) {
  const out = [];
  for (const run of runs) {
    if (typeof run === 'string') out.push(run);
    else if (run.source === null || run.source === undefined) out.push(...drawRuns(run.runs, ctx));
    else out.push(equation(run, ctx));
  }
  return out;
}

function equation(run, ctx) {
  const eq = { source: run.source, line: editorLine(run.source), callback: run.callback ?? null };
  const count = eq.callback !== null && ctx.events ? callCount(ctx.events, eq, ctx.atSeq) : null;
  const span = h('span', {
    class: 'eqn', tabindex: '0',
    dataset: { source: eq.source, line: eq.line === null ? '' : String(eq.line), primitive: run.primitive, ...(count === null ? {} : { calls: String(count) }) },
    title: eq.line === null ? `from ${eq.source}` : `from line ${eq.line} of your code`,
  });
  ctx.spans.push(span);
  span.append(...drawRuns(run.runs, ctx));
  // After the equation's text: its host calls and its source line.
  if (count !== null) span.append(h('span', { class: 'eqn-calls', 'aria-label': `${count} host call${count === 1 ? '' : 's'} in the last run` }, ` ×${count}`));
  if (eq.line !== null) span.append(h('span', { class: 'eqn-src', 'aria-hidden': 'true' }, `  ← line ${eq.line}`));
  return span;
}
