// The timeline's data: engine events (from jax.timeline, streamed by the worker) turned into
// drawable items — spans for begin/end pairs, instants otherwise — placed in lanes and packed
// into rows so overlapping spans never hide each other. DOM-free; items are kept in time order
// per row so a view can find the visible ones by binary search.

import { CALLBACK_KINDS } from '../lib/boundary.js';

export const LANES = [
  { id: 'compile', label: 'trace / compile', short: 'compile' },
  { id: 'execute', label: 'execute', short: 'execute' },
  { id: 'pure', label: 'pure callbacks', short: 'pure' },
  { id: 'io', label: 'io callbacks', short: 'io' },
  { id: 'debug', label: 'debug callbacks', short: 'debug' },
  { id: 'token', label: 'ordered token', short: 'token' },
];

const CALLBACK_LANES = new Set(CALLBACK_KINDS);

export function laneOf(ev) {
  switch (ev.kind) {
    case 'trace':
    case 'compile': return 'compile';
    case 'callback':
    case 'dce': return CALLBACK_LANES.has(ev.callbackKind) ? ev.callbackKind : 'pure';
    case 'token': return 'token';
    default: return 'execute';
  }
}

export function itemLabel(ev) {
  switch (ev.kind) {
    case 'callback': {
      if (ev.status === 'skipped') return `skipped · ${ev.name}`;
      const base = `${ev.callbackKind ?? 'host'} · ${ev.name}`;
      return ev.ordered ? `${base} (ordered)` : base;
    }
    case 'dce': return `removed · ${ev.name}`;
    case 'token': return `token → ${ev.name}`;
    case 'barrier': return 'effects barrier';
    default: return `${ev.kind} ${ev.name}`;
  }
}

export function kindText(ev) {
  if (ev.kind === 'callback' || ev.kind === 'dce') return ev.callbackKind ? `${ev.kind} (${ev.callbackKind})` : ev.kind;
  return ev.kind;
}

export function detailText(ev) {
  const parts = [];
  if (ev.shapes?.length) parts.push(`inputs ${ev.shapes.join(', ')}`);
  if (ev.ordered) parts.push('ordered');
  if (ev.kind === 'execute' && ev.status === 'hit') parts.push('compiled program reused (cache hit)');
  if (ev.kind === 'execute' && ev.status === 'miss') parts.push('new compiled program (cache miss)');
  if (ev.detail) parts.push(ev.detail);
  return parts.join('; ');
}

export const ms = (v) => `${v.toFixed(v < 10 ? 3 : 1)} ms`;

/** Index of the first element of sorted `arr` with key(el) >= value. */
export function lowerBound(arr, value, key) {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(arr[mid]) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createModel() {
  let events;
  let items; // every item, in start order; item.index is its position
  let itemOfEvent; // event index → item
  let open; // `${kind}:${id}` → open span item
  let lanes; // lane id → { rows: [{ items, end, last, maxDur }] }
  let tokens; // token items in order
  let callbacksById; // callback id → item (for token → callback links)
  let t0;
  let tMax;
  let now = -Infinity; // the engine clock while a run is going: open spans grow to it
  let focusT0; // first event outside trace/compile: where the view opens (tracing folded away)

  function reset() {
    events = [];
    items = [];
    itemOfEvent = [];
    open = new Map();
    lanes = new Map(LANES.map((l) => [l.id, { rows: [] }]));
    tokens = [];
    callbacksById = new Map();
    t0 = null;
    tMax = null;
    now = -Infinity;
    focusT0 = null;
  }

  const latest = () => (open.size > 0 ? Math.max(tMax, now) : tMax);

  function place(item) {
    const { rows } = lanes.get(item.lane);
    let r = rows.findIndex((row) => row.end <= item.start);
    if (r < 0) {
      r = rows.length;
      rows.push({ items: [], end: -Infinity, last: null, maxDur: 0, marked: [], spans: 0 });
    }
    const row = rows[r];
    item.rowIndex = row.items.length;
    row.items.push(item);
    if (item.type === 'span') row.spans += 1; // a row of instants only can be skipped through (timeline-rows.js)
    row.last = item;
    row.end = item.type === 'span' && item.end === null ? Infinity : item.end;
    item.row = r;
  }

  function newItem(ev, type, end) {
    const item = {
      index: items.length, type, lane: laneOf(ev), row: 0, start: ev.ts, end, ev,
      seqs: [events.length - 1],
      ghost: ev.kind === 'dce' || ev.status === 'skipped',
      error: ev.status === 'error',
    };
    items.push(item);
    place(item);
    if (item.ghost || item.error) mark(item);
    return item;
  }

  /** Ghosts and errors stay visible when zoomed out: each row lists them (in row order). */
  function mark(item) {
    const { marked } = lanes.get(item.lane).rows[item.row];
    if (marked[marked.length - 1] !== item.rowIndex) marked.push(item.rowIndex);
  }

  function add(ev) {
    events.push(ev);
    if (t0 === null || ev.ts < t0) t0 = ev.ts;
    if (tMax === null || ev.ts > tMax) tMax = ev.ts;
    if (laneOf(ev) !== 'compile' && (focusT0 === null || ev.ts < focusT0)) focusT0 = ev.ts;
    const key = `${ev.kind}:${ev.id}`;
    let item;
    if (ev.phase === 'begin') {
      item = newItem(ev, 'span', null);
      open.set(key, item);
      if (ev.kind === 'callback') callbacksById.set(ev.id, item);
    } else if (ev.phase === 'end' && open.has(key)) {
      item = open.get(key);
      open.delete(key);
      item.end = ev.ts;
      item.ev = { ...item.ev, ...ev, phase: 'span', shapes: item.ev.shapes ?? ev.shapes };
      item.seqs.push(events.length - 1);
      item.ghost = ev.status === 'skipped';
      item.error = ev.status === 'error';
      if (item.ghost || item.error) mark(item);
      const row = lanes.get(item.lane).rows[item.row];
      row.maxDur = Math.max(row.maxDur, item.end - item.start);
      if (row.last === item) row.end = item.end;
    } else {
      item = newItem(ev, 'instant', ev.ts);
      if (ev.kind === 'token') tokens.push(item);
      if (ev.kind === 'callback') callbacksById.set(ev.id, item);
    }
    itemOfEvent.push(item);
    return item;
  }

  reset();
  return {
    reset,
    add,
    addAll(list) { for (const ev of list) add(ev); },
    events: () => events,
    items: () => items,
    itemOfEvent: (i) => itemOfEvent[i] ?? null,
    lane: (id) => lanes.get(id),
    rowCount: (id) => lanes.get(id).rows.length,
    tokens: () => tokens,
    callbackById: (id) => callbacksById.get(id) ?? null,
    openItems: () => [...open.values()],
    range: () => (t0 === null ? null : { t0, tMax: latest() }),
    /** Where the executions begin (the first event outside trace/compile), or null. */
    focusStart: () => focusT0,
    /** The end of an item for drawing: open spans run to the latest event (or the clock). */
    endOf: (item) => (item.end === null ? latest() : item.end),
    /** Moves the clock on; true when that changes the drawing (something is still open). */
    setNow(t) {
      now = t;
      return open.size > 0 && t0 !== null;
    },
    /** Ends every open span at `t` as stopped (the worker was terminated mid-run). */
    stopOpen(t, detail) {
      for (const item of open.values()) {
        item.end = Math.max(t, item.start);
        item.error = true;
        mark(item);
        item.ev = { ...item.ev, phase: 'span', status: 'stopped', detail };
        const row = lanes.get(item.lane).rows[item.row];
        row.maxDur = Math.max(row.maxDur, item.end - item.start);
        if (row.last === item) row.end = item.end;
        tMax = Math.max(tMax, item.end);
      }
      open.clear();
    },
  };
}
