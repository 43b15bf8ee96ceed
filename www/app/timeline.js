// The timeline card: the canvas chart, its hover/selection details, and the accessible event
// table under it, kept in sync (selecting in one highlights the other). Events arrive in
// batches from the engine worker; the chart and table update at most once per frame.

import { h } from './dom.js';
import { createModel, LANES, itemLabel, kindText, detailText, ms } from './timeline-model.js';
import { createCanvasView } from './timeline-canvas.js';
import { attachInput } from './timeline-input.js';

const PAGE = 100;
const TABLE_EVERY_MS = 200;
const TABLE_STEP = 10;

/**
 * Sets an element's text only when it changes: while a run streams events the timeline updates
 * every frame, and rewriting even the same text makes the browser lay out and paint the page again.
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

export function createTimeline(els, { onLink = () => {} } = {}) {
  const { canvas, wrap, tooltip, tableBody, tableWrap, pagerInfo, prev, next, summary, live, sequenceToggle } = els;
  const model = createModel(); // in time: the table, details and tests read this one
  // The same events one step each, for the sequence view (events by order, not time): a cold
  // run's long trace and a slow first call no longer squeeze the short calls after them. Built
  // only while that view is shown.
  const order = createModel();
  const byOrder = (events) => events.map((ev, i) => ({ ...ev, ts: ev.seq ?? order.events().length + i }));
  let sequence = false;
  const shown = new Proxy({}, { get: (_, key) => (sequence ? order : model)[key] });
  let page = 0;
  let scheduled = false;
  let rendered = { page: -1, selected: -1, count: 0 }; // what the table shows
  let tableFrame = 0; // a frame requested to append the rows still missing

  const chart = createCanvasView({
    canvas,
    model: shown,
    sequence: () => sequence,
    onSelect: (item, source) => {
      syncTable(item);
      showTooltip(item && source === 'keyboard' ? item : chart.hovered());
      if (source === 'keyboard') live.textContent = item ? announce(item) : 'No event selected';
      // Stepping to an event with the keyboard links it like hovering does.
      if (source === 'keyboard') onLink(item, 'select');
    },
    onHover: (item) => {
      showTooltip(item ?? (document.activeElement === canvas ? chart.selected() : null));
      onLink(item ?? (document.activeElement === canvas ? chart.selected() : null), 'hover');
    },
  });
  attachInput(chart, shown, canvas);

  // ---------------------------------------------------------------- details

  function timeText(shownItem) {
    const item = model.items()[shownItem.index] ?? shownItem;
    const t0 = model.range().t0;
    if (item.type === 'instant') return `at ${ms(item.start - t0)}`;
    if (item.end === null) return `started at ${ms(item.start - t0)}, still running`;
    return `${ms(item.start - t0)} → ${ms(item.end - t0)} (${ms(item.end - item.start)})`;
  }

  function detailLines(item) {
    const ev = item.ev;
    const lines = [itemLabel(ev), timeText(item)];
    if (ev.status) lines.push(`status: ${ev.status}`);
    const d = detailText(ev);
    if (d) lines.push(d);
    return lines;
  }

  function announce(item) {
    const lane = LANES.find((l) => l.id === item.lane)?.label ?? item.lane;
    return `Event ${item.index + 1} of ${model.items().length}, ${lane}: ${detailLines(item).join('; ')}`;
  }

  function showTooltip(item) {
    const box = item && chart.itemBox(item);
    if (!box) {
      tooltip.hidden = true;
      return;
    }
    tooltip.textContent = detailLines(item).join('\n');
    tooltip.hidden = false;
    const maxX = wrap.clientWidth - tooltip.offsetWidth - 4;
    const x = Math.max(4, Math.min(box.x + box.w / 2 - 40, maxX));
    let y = canvas.offsetTop + box.y + box.h + 8;
    if (y + tooltip.offsetHeight > canvas.offsetTop + canvas.clientHeight) y = canvas.offsetTop + box.y - tooltip.offsetHeight - 8;
    tooltip.style.left = `${x}px`;
    tooltip.style.top = `${Math.max(0, y)}px`;
  }

  canvas.addEventListener('focus', () => showTooltip(chart.selected()));
  canvas.addEventListener('blur', () => {
    if (!chart.hovered()) tooltip.hidden = true;
    if (!chart.hovered()) onLink(null, 'select');
  });

  // ---------------------------------------------------------------- table

  function row(ev, i) {
    const t0 = model.range().t0;
    const item = model.itemOfEvent(i);
    return h('tr', {
      class: `row-${ev.kind}`,
      dataset: { index: String(i), item: String(item?.index ?? '') },
      // By index: the selection may be an item of the order model (sequence view).
      'aria-current': item && item.index === chart.selected()?.index ? 'true' : null,
    },
    h('td', { class: 'num' }, String(ev.seq)),
    h('td', { class: 'num' }, (ev.ts - t0).toFixed(3)),
    h('td', { class: 'nowrap' }, kindText(ev)),
    h('td', { class: 'mono' }, ev.name),
    h('td', {}, ev.phase),
    h('td', {}, ev.status ?? ''),
    h('td', { class: 'detail' }, detailText(ev)));
  }

  // While a run streams events into the page shown, only the new rows are added: rebuilding
  // up to 100 rows every frame would lay out and paint the table each time.
  function renderTable(force = false) {
    const events = model.events();
    const pages = Math.max(1, Math.ceil(events.length / PAGE));
    page = Math.min(page, pages - 1);
    const from = page * PAGE;
    const to = Math.min(events.length, from + PAGE);
    const selectedIndex = chart.selected()?.index ?? -1;
    const same = !force && rendered.page === page && rendered.selected === selectedIndex && rendered.count <= to - from;
    if (!same || rendered.count < to - from) {
      const first = same ? from + rendered.count : from;
      // Appended rows come TABLE_STEP a frame: styling and laying out 100 new rows at once takes a
      // frame too long.
      const last = same ? Math.min(to, first + TABLE_STEP) : to;
      const rows = [];
      for (let i = first; i < last; i++) rows.push(row(events[i], i));
      if (same) tableBody.append(...rows);
      else tableBody.replaceChildren(...rows);
      rendered = { page, selected: selectedIndex, count: last - from };
      if (last < to && !tableFrame) {
        tableFrame = requestAnimationFrame(() => {
          tableFrame = 0;
          renderTable();
        });
      }
    }
    setText(pagerInfo, events.length === 0 ? 'No events' : `Events ${from + 1}–${to} of ${events.length}`);
    if (prev.disabled !== (page === 0)) prev.disabled = page === 0;
    if (next.disabled !== (page >= pages - 1)) next.disabled = page >= pages - 1;
  }

  function syncTable(item) {
    if (item) page = Math.floor(item.seqs[0] / PAGE);
    renderTable();
    const tr = item && tableBody.querySelector(`tr[data-index="${item.seqs[0]}"]`);
    if (tr) {
      // Scroll the table box only, never the page.
      const top = tr.offsetTop - tableWrap.clientHeight / 3;
      if (tr.offsetTop < tableWrap.scrollTop + 30 || tr.offsetTop + tr.offsetHeight > tableWrap.scrollTop + tableWrap.clientHeight) {
        tableWrap.scrollTop = Math.max(0, top);
      }
    }
  }

  tableBody.addEventListener('click', (e) => {
    const tr = e.target.closest('tr[data-item]');
    const item = tr && shown.items()[Number(tr.dataset.item)];
    if (item) chart.select(item, { source: 'table' });
  });
  prev.addEventListener('click', () => { page = Math.max(0, page - 1); renderTable(); });
  next.addEventListener('click', () => { page += 1; renderTable(); });

  // ---------------------------------------------------------------- updates

  function update() {
    scheduled = false;
    const n = model.events().length;
    setText(summary, n === 0 ? 'No events yet' : `${n} event${n === 1 ? '' : 's'}`);
    const label = `Timeline chart, ${n} event${n === 1 ? '' : 's'}. Arrow keys step between events; W and S zoom, A and D pan, 0 fits everything.`;
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
    chart.computeLayout();
    chart.drawNow();
    tableSoon();
  }

  // While events stream in, the table (a layout of up to 100 rows) follows at most every
  // TABLE_EVERY_MS; the chart still follows every frame.
  let tableAt = -Infinity;
  let tableTimer = null;
  function tableSoon() {
    const wait = tableAt + TABLE_EVERY_MS - performance.now();
    if (wait <= 0) {
      tableAt = performance.now();
      renderTable();
    } else if (!tableTimer) {
      tableTimer = setTimeout(() => {
        tableTimer = null;
        tableSoon();
      }, wait);
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(update);
  }

  if (typeof ResizeObserver !== 'undefined') {
    let last = 0;
    new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w !== last) {
        last = w;
        chart.resize(w);
      }
    }).observe(wrap);
  }
  chart.resize(wrap.clientWidth);
  update();

  const api = {
    model,
    chart,
    add(events) {
      if (sequence) order.addAll(byOrder(events));
      model.addAll(events);
      schedule();
    },
    /** Shows events by order (true) or in time (false). */
    setSequence(on) {
      if (sequence === Boolean(on)) return;
      sequence = Boolean(on);
      sequenceToggle?.setAttribute('aria-pressed', String(sequence));
      order.reset();
      if (sequence) order.addAll(byOrder(model.events()));
      chart.switched();
      update();
    },
    isSequence: () => sequence,
    reset() {
      order.reset();
      model.reset();
      page = 0;
      rendered = { page: -1, selected: -1, count: 0 };
      tooltip.hidden = true;
      chart.reset();
      update();
      renderTable();
    },
    /** Replaces everything with `events` and redraws now (for tests and demos). */
    replace(events) {
      rendered = { page: -1, selected: -1, count: 0 };
      model.reset();
      order.reset();
      if (sequence) order.addAll(byOrder(events));
      model.addAll(events);
      page = 0;
      chart.reset();
      update();
      renderTable();
    },
    update,
    /** The engine clock while a run is going, so open spans grow live. */
    setNow(t) { if (model.setNow(t)) schedule(); },
    stopOpen(t, detail) {
      if (sequence) order.stopOpen(order.range()?.tMax ?? 0, detail);
      model.stopOpen(t, detail);
      schedule();
    },
    refreshPalette: () => chart.refreshPalette(),
  };
  sequenceToggle?.addEventListener('click', () => api.setSequence(!sequence));
  return api;
}
