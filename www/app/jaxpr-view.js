// The Jaxpr panel with source links: each equation is a focusable span that knows the learner's
// line it came from (the engine's `textWithSources`, `  # learner.js:N` after each equation, is
// shown without the comments), and each callback equation shows how many host calls it made
// in the last run ("×3"). The text only says where an equation's lines are; what it is
// (primitive, callback, source) comes from the jaxpr as data. Hover and focus are reported to
// the linker (linking.js).

import { h } from './dom.js';

const SOURCE = / {2}# (\S+):(\d+)$/;
// `b:f32[3] = scan[`, `_ = io_callback[`, `c:f32[] d:i32[] = add a b`: an equation's first line.
const START = /^\s*(?:[\w$]+:\S+\s+)*(?:[\w$]+(?::\S+)?\s+)?=\s+([\w.]+)/;
// `debug_callback[...] a`: an equation with no outputs starts with its primitive.
const START_NO_OUT = /^\s*(?!in\b)([a-z_][\w.]*)(?:\[|\s+[^\s=])/;
const CALLBACKS = new Set(['pure_callback', 'io_callback', 'debug_callback']);

/** The learner's file (`//# sourceURL=learner.js`) has one wrapper line before line 1. */
export const LEARNER_FILE = 'learner.js';
const LINE_OFFSET = 1;
const PYTHON_FILE = 'main.py';

/** Editor line (1-based) of an engine source `learner.js:N` or `main.py:N`, or null for any other file. */
export function editorLine(source) {
  if (typeof source !== 'string') return null;
  const m = /^(.*):(\d+)$/.exec(source);
  // Python code (www/python.js) has no wrapper line: main.py:N is editor line N.
  if (m && m[1] === PYTHON_FILE) return Number(m[2]) >= 1 ? Number(m[2]) : null;
  if (!m || m[1].split('/').pop() !== LEARNER_FILE) return null;
  const line = Number(m[2]) - LINE_OFFSET;
  return line >= 1 ? line : null;
}

/** The equations of jaxpr `data` that have a source, in the order their text ends (nested first). */
function sourcedEqns(data, out = []) {
  for (const eqn of data?.eqns ?? []) {
    for (const p of Object.values(eqn.params)) {
      const subs = p.kind === 'jaxpr' ? [p.value] : p.kind === 'jaxprs' ? p.value : [];
      for (const sub of subs) sourcedEqns(sub, out);
    }
    if (eqn.source) out.push(eqn);
  }
  return out;
}

/**
 * Splits annotated jaxpr text into lines and equations: { lines: [text without comment],
 * eqns: [{ from, to, source, line, primitive, callback }] } (line indexes, inclusive; nested
 * equations come before the equation holding them). `data` (the same program as data) names
 * each equation's primitive and callback; without it no equation counts host calls.
 */
export function parseAnnotated(text, data = null) {
  const known = sourcedEqns(data);
  const raw = text.split('\n');
  const lines = [];
  const eqns = [];
  const open = [];
  raw.forEach((l, i) => {
    const src = SOURCE.exec(l);
    const shown = src ? l.slice(0, src.index) : l;
    lines.push(shown);
    const start = START.exec(shown) ?? START_NO_OUT.exec(shown);
    if (start && !/^\s*(?:\{\s*)?lambda\b/.test(shown)) open.push({ from: i, primitive: start[1], text: shown });
    if (src && open.length) {
      const eq = open.pop();
      const source = `${src[1]}:${src[2]}`;
      const d = known[eqns.length];
      const same = d && d.source === source && d.primitive === eq.primitive;
      eqns.push({ from: eq.from, to: i, source, line: editorLine(source), primitive: eq.primitive,
        callback: same && CALLBACKS.has(d.primitive) ? d.params.callback?.value ?? '' : null });
    }
  });
  return { lines, eqns };
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

/** Renders the sections ([{ label, text, sources, atSeq }]) into `pre`; returns the equation spans. */
export function renderJaxpr(pre, sections, events) {
  const nodes = [];
  const spans = [];
  sections.forEach((sec, si) => {
    if (si > 0) nodes.push('\n\n');
    if (sec.label) nodes.push(`// ${sec.label}\n`);
    if (!sec.sources) {
      nodes.push(sec.text);
      return;
    }
    const { lines, eqns } = parseAnnotated(sec.sources, sec.data);
    // Build nested spans: walk the lines, opening an equation at its first line.
    const starts = new Map();
    for (const eq of eqns) {
      if (!starts.has(eq.from)) starts.set(eq.from, []);
      starts.get(eq.from).push(eq);
    }
    const root = { children: [] };
    const stack = [{ node: root, to: Infinity }];
    lines.forEach((text, i) => {
      for (const eq of (starts.get(i) ?? []).sort((a, b) => b.to - a.to)) {
        const count = eq.callback !== null && events ? callCount(events, eq, sec.atSeq) : null;
        const span = h('span', {
          class: 'eqn', tabindex: '0',
          dataset: { source: eq.source, line: eq.line === null ? '' : String(eq.line), primitive: eq.primitive, ...(count === null ? {} : { calls: String(count) }) },
          title: eq.line === null ? `from ${eq.source}` : `from line ${eq.line} of your code`,
        });
        span.__eq = { ...eq, count };
        stack.push({ node: { el: span, children: [] }, to: eq.to });
        spans.push(span);
      }
      const top = stack[stack.length - 1].node;
      const last = i === lines.length - 1;
      top.children.push(text);
      // The equation's last line: its source line (and call count), then close it.
      while (stack.length > 1 && stack[stack.length - 1].to === i) {
        const { node } = stack.pop();
        const eq = node.el.__eq;
        if (eq.count !== null) node.children.push(h('span', { class: 'eqn-calls', 'aria-label': `${eq.count} host call${eq.count === 1 ? '' : 's'} in the last run` }, ` ×${eq.count}`));
        if (eq.line !== null) node.children.push(h('span', { class: 'eqn-src', 'aria-hidden': 'true' }, `  ← line ${eq.line}`));
        node.el.append(...node.children);
        stack[stack.length - 1].node.children.push(node.el);
      }
      if (!last) stack[stack.length - 1].node.children.push('\n');
    });
    nodes.push(...root.children);
  });
  pre.replaceChildren(...nodes);
  pre.classList.remove('has-error');
  pre.classList.toggle('linked-jaxpr', spans.length > 0);
  return spans;
}
