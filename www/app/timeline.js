// The timeline view: one lane per kind of engine event, bars for begin/end spans and markers
// for instants, positioned by time; plus an event table that carries the same information for
// keyboard and screen-reader users. Events are added live (from jax.timeline.subscribe) and the
// chart is redrawn at most once per animation frame.

import { h, clear } from './dom.js';
import { buildScale } from './timescale.js';

export const LANES = [
  { id: 'compile', label: 'trace / compile', kinds: ['trace', 'compile'] },
  { id: 'execute', label: 'execute', kinds: ['execute', 'barrier'] },
  // dce events are callbacks the compiler removed: drawn as ghosts where the call would have been.
  { id: 'callbacks', label: 'host callbacks', kinds: ['callback', 'dce'] },
  { id: 'token', label: 'ordered token', kinds: ['token'] },
];

const laneOf = (kind) => LANES.find((l) => l.kinds.includes(kind))?.id ?? 'execute';
const ROW = 30; // px per row inside a lane

const ms = (v) => `${v.toFixed(v < 10 ? 3 : 1)} ms`;

function itemLabel(ev) {
  switch (ev.kind) {
    case 'callback': {
      const base = `${ev.callbackKind ?? 'host'} · ${ev.name}`;
      if (ev.status === 'skipped') return `skipped · ${ev.name}`;
      return ev.ordered ? `${base} (ordered)` : base;
    }
    case 'dce': return `removed · ${ev.name}`;
    case 'token': return `token → ${ev.name}`;
    case 'barrier': return 'effects barrier';
    default: return `${ev.kind} ${ev.name}`;
  }
}

function shortLabel(ev) {
  if (ev.kind === 'callback') return ev.callbackKind ?? 'callback';
  return ev.kind;
}

const fmtGap = (v) => (v >= 10 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);

function kindText(ev) {
  if (ev.kind === 'callback' || ev.kind === 'dce') return ev.callbackKind ? `${ev.kind} (${ev.callbackKind})` : ev.kind;
  return ev.kind;
}

function detailText(ev) {
  const parts = [];
  if (ev.shapes?.length) parts.push(`inputs ${ev.shapes.join(', ')}`);
  if (ev.ordered) parts.push('ordered');
  if (ev.kind === 'execute' && ev.status === 'hit') parts.push('compiled program reused (cache hit)');
  if (ev.kind === 'execute' && ev.status === 'miss') parts.push('new compiled program (cache miss)');
  if (ev.detail) parts.push(ev.detail);
  return parts.join('; ');
}

function classesFor(ev, extra = []) {
  const c = ['tl-item', `kind-${ev.kind}`, ...extra];
  if (ev.callbackKind) c.push(`cb-${ev.callbackKind}`);
  if (ev.status) c.push(`status-${ev.status}`);
  return c.join(' ');
}

export function createTimeline({ chart, tableBody, summary }) {
  let events = [];
  let items = [];
  let spans = new Map();
  let scheduled = false;

  function add(ev) {
    events.push(ev);
    const lane = laneOf(ev.kind);
    const key = `${ev.kind}:${ev.id}`;
    if (ev.phase === 'begin') {
      const item = { type: 'span', lane, start: ev.ts, end: null, begin: ev, last: ev };
      items.push(item);
      spans.set(key, item);
    } else if (ev.phase === 'end') {
      const item = spans.get(key);
      if (item) {
        item.end = ev.ts;
        item.last = { ...item.begin, ...ev, shapes: item.begin.shapes ?? ev.shapes };
      } else {
        items.push({ type: 'span', lane, start: ev.ts, end: ev.ts, begin: ev, last: ev });
      }
    } else {
      items.push({ type: 'instant', lane, start: ev.ts, end: ev.ts, begin: ev, last: ev });
    }
    tableBody.append(tableRow(ev));
    schedule();
  }

  function reset() {
    events = [];
    items = [];
    spans = new Map();
    clear(tableBody);
    schedule();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      render();
    });
  }

  function tableRow(ev) {
    const t0 = events[0]?.ts ?? ev.ts;
    return h('tr', { class: `row-${ev.kind}` },
      h('td', { class: 'num' }, String(ev.seq)),
      h('td', { class: 'num' }, (ev.ts - t0).toFixed(3)),
      h('td', { class: 'nowrap' }, kindText(ev)),
      h('td', { class: 'mono' }, ev.name),
      h('td', {}, ev.phase),
      h('td', {}, ev.status ?? ''),
      h('td', { class: 'detail' }, detailText(ev)));
  }

  function render() {
    summary.textContent = events.length === 0
      ? 'No events yet'
      : `${events.length} event${events.length === 1 ? '' : 's'}`;
    clear(chart);
    chart.classList.toggle('is-empty', events.length === 0);
    if (events.length === 0) {
      chart.append(h('p', { class: 'tl-empty' }, 'The timeline is empty. Press Run to trace, compile and execute your function.'));
      return;
    }
    const lastTs = Math.max(...events.map((e) => e.ts));
    const scale = buildScale(items.map((i) => [i.start, i.end ?? lastTs]));
    const breakBands = () => scale.breaks.map((b) => h('div', {
      class: 'tl-break',
      style: { left: `${b.x0}%`, width: `${b.x1 - b.x0}%` },
      title: `${ms(b.t1 - b.t0)} with no engine activity (collapsed)`,
    }));

    const axis = h('div', { class: 'tl-axis' }, breakBands(),
      scale.ticks.map((t) => h('span', { class: 'tl-tick', style: { left: `${t.x}%` } }, t.label)),
      scale.breaks.map((b) => h('span', { class: 'tl-break-label', style: { left: `${(b.x0 + b.x1) / 2}%` } }, `+${fmtGap(b.t1 - b.t0)}`)));
    chart.append(h('div', { class: 'tl-row tl-axis-row' }, h('div', { class: 'tl-lane-label' }, 'time'), axis));
    thinAxis(axis);

    for (const lane of LANES) {
      const laneItems = items.filter((i) => i.lane === lane.id).sort((a, b) => a.start - b.start);
      // Greedy row packing so overlapping spans never hide each other.
      const rowEnds = [];
      for (const it of laneItems) {
        let r = rowEnds.findIndex((e) => e <= it.start);
        if (r < 0) r = rowEnds.length;
        rowEnds[r] = it.end ?? lastTs;
        it.row = r;
      }
      const rows = Math.max(1, rowEnds.length);
      const track = h('div', { class: 'tl-track', style: { height: `${rows * ROW + 8}px` } }, breakBands());
      for (const it of laneItems) track.append(itemElement(it, scale.x, lastTs));
      chart.append(h('div', { class: `tl-row lane-${lane.id}` }, h('div', { class: 'tl-lane-label' }, lane.label), track));
      fitLabels(track);
    }
  }

  function itemElement(it, x, lastTs) {
    const ev = it.last;
    const top = `${4 + it.row * ROW}px`;
    const common = { title: tooltip(ev, it), dataset: { name: ev.name, kind: ev.kind, short: shortLabel(ev) } };
    if (it.type === 'instant') {
      const ghost = ev.kind === 'dce' || ev.status === 'skipped';
      return h('div', { class: classesFor(ev, ['tl-instant', ghost ? 'ghost' : '']), style: { left: `${x(it.start)}%`, top }, ...common },
        h('span', { class: 'tl-mark' }), h('span', { class: 'tl-label' }, itemLabel(ev)));
    }
    const open = it.end === null;
    const left = x(it.start);
    const width = Math.max(x(open ? lastTs : it.end) - left, 0);
    return h('div', { class: classesFor(ev, ['tl-span', open ? 'open' : '']), style: { left: `${left}%`, width: `${width}%`, top }, ...common },
      h('span', { class: 'tl-label' }, itemLabel(ev)));
  }

  function tooltip(ev, it) {
    const t0 = events[0].ts;
    const lines = [itemLabel(ev)];
    if (it.type === 'span') {
      lines.push(it.end === null
        ? `started at ${ms(it.start - t0)}, still running`
        : `${ms(it.start - t0)} → ${ms(it.end - t0)} (${ms(it.end - it.start)})`);
    } else {
      lines.push(`at ${ms(it.start - t0)}`);
    }
    if (ev.status) lines.push(`status: ${ev.status}`);
    const d = detailText(ev);
    if (d) lines.push(d);
    return lines.join('\n');
  }

  /** Hides tick labels that would touch a break label, the axis ends or an earlier tick. */
  function thinAxis(axis) {
    const width = axis.clientWidth;
    if (!width) return;
    const box = (el) => ({ l: el.offsetLeft - el.offsetWidth / 2, r: el.offsetLeft + el.offsetWidth / 2 });
    const kept = [...axis.querySelectorAll('.tl-break-label')].map(box);
    for (const tick of axis.querySelectorAll('.tl-tick')) {
      const b = box(tick);
      const clash = b.l < -20 || b.r > width + 16 || kept.some((k) => k.l < b.r + 6 && b.l < k.r + 6);
      if (clash) tick.classList.add('hidden');
      else kept.push(b);
    }
  }

  /**
   * Puts each label inside its bar if it fits, else just right (or left) of the item where no
   * other item or label is, else a short label inside the bar, else hides it (the tooltip and
   * the event table still carry it).
   */
  function fitLabels(track) {
    const width = track.clientWidth;
    if (!width) return;
    const els = [...track.querySelectorAll('.tl-item')];
    const boxes = els.map((el) => ({ el, left: el.offsetLeft, right: el.offsetLeft + el.offsetWidth, top: el.offsetTop }));
    const taken = boxes.map((b) => ({ top: b.top, l: b.left - 2, r: b.right + 2 }));
    const free = (top, l, r) => l >= 0 && r <= width && !taken.some((o) => o.top === top && o.l < r && l < o.r);
    for (const box of boxes) {
      const { el } = box;
      const label = el.querySelector('.tl-label');
      const need = label.scrollWidth;
      const isSpan = el.classList.contains('tl-span');
      if (isSpan && need + 12 <= box.right - box.left) continue;
      const gap = isSpan ? 4 : 10;
      if (free(box.top, box.right + gap, box.right + gap + need)) {
        el.classList.add('label-out');
        taken.push({ top: box.top, l: box.right + gap, r: box.right + gap + need });
      } else if (free(box.top, box.left - gap - need, box.left - gap)) {
        el.classList.add('label-out', 'label-left');
        taken.push({ top: box.top, l: box.left - gap - need, r: box.left - gap });
      } else if (isSpan && el.dataset.short) {
        label.textContent = el.dataset.short;
        if (label.scrollWidth + 12 > box.right - box.left) el.classList.add('label-hidden');
      } else {
        el.classList.add('label-hidden');
      }
    }
  }

  if (typeof ResizeObserver !== 'undefined') {
    let lastWidth = 0;
    new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w !== lastWidth) {
        lastWidth = w;
        schedule();
      }
    }).observe(chart);
  }

  render();
  return { add, reset, events: () => events.slice() };
}
