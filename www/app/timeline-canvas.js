// The canvas timeline: one lane per kind of engine work, spans and instants positioned by time,
// flow arrows between ordered-token hand-offs, dashed ghosts for removed or skipped callbacks.
// Zoom and pan with the wheel, by dragging, or with W/A/S/D; arrow keys step between events.
// Only what is visible is drawn, and many items inside one pixel are drawn once, so a frame
// stays cheap with 100k events.

import { LANES, lowerBound, itemLabel, ms } from './timeline-model.js';
import { readPalette, drawArc, drawLink, niceStep } from './timeline-paint.js';
import { drawRow } from './timeline-rows.js';

const AXIS_H = 26;
const ROW_H = 24;
const BAR_H = 18;
const LANE_PAD = 6;
const MAX_ROWS = 6; // deeper rows share the last one
const MIN_SPAN = 1e-4; // ms: the deepest zoom (0.1 µs across)

// `model` may switch between the time model and the order model (timeline.js, sequence view);
// `sequence()` says which one is shown: the axis then counts events instead of milliseconds.
export function createCanvasView({ canvas, model, onSelect, onHover, onChange, sequence = () => false }) {
  const ctx = canvas.getContext('2d', { alpha: false });
  let width = 0;
  let height = 0;
  let dpr = 1;
  let labelW = 128;
  let view = null; // { start, end } in engine ms
  let follow = true; // fit the whole run as events stream in, until the learner zooms or pans
  let selected = null;
  let hovered = null;
  let highlighted = []; // items linked to a source line (linking.js), outlined
  let palette = readPalette(canvas);
  let layout = [];
  let scheduled = false;
  const textWidths = new Map();

  // Callers may hold an item of the other model (the table, links, tests): the shown one by index.
  const own = (item) => (item ? model.items()[item.index] ?? item : null);
  const plotW = () => Math.max(10, width - labelW - 12);
  const X = (t) => labelW + ((t - view.start) / (view.end - view.start)) * plotW();
  const T = (x) => view.start + ((x - labelW) / plotW()) * (view.end - view.start);

  function computeLayout() {
    let top = AXIS_H;
    layout = LANES.map((lane) => {
      const rows = Math.max(1, Math.min(model.rowCount(lane.id), MAX_ROWS));
      const h = LANE_PAD * 2 + rows * ROW_H;
      const entry = { ...lane, top, height: h, rows };
      top += h;
      return entry;
    });
    const h = top + 1;
    if (h !== height) {
      height = h;
      canvas.style.height = `${h}px`;
      sizeCanvas();
    }
  }

  function sizeCanvas() {
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(width * dpr));
    canvas.height = Math.max(1, Math.round(height * dpr));
  }

  function resize(w) {
    width = Math.max(200, Math.floor(w));
    labelW = width < 560 ? 92 : 128;
    sizeCanvas();
    drawNow();
  }

  // Fitting shows the executions: on a cold run tracing and compiling take most of the time and
  // would squeeze every host call and token into the right edge, so what comes before the first
  // execution event is folded to a marker (drawFolded); zooming out still reaches it.
  function fitView() {
    const r = model.range();
    if (!r) { view = { start: 0, end: 1 }; return; }
    const focus = sequence() ? null : model.focusStart();
    const from = focus !== null && focus > r.t0 ? focus : r.t0;
    const span = Math.max(r.tMax - from, 0.01);
    view = { start: from - span * 0.02, end: r.tMax + span * 0.04 };
  }

  /** The marker for trace/compile work left of the view: its length, at the view's left edge. */
  function drawFolded(range) {
    if (sequence()) return;
    const hidden = Math.min(view.start, model.focusStart() ?? view.start) - range.t0;
    if (hidden <= 0) return;
    const lane = layout.find((l) => l.id === 'compile');
    const text = `◂ ${ms(hidden)} earlier`;
    ctx.font = `600 11px ${palette.font}`;
    const w = textWidth(text) + 10;
    const y = rowY(lane, 0);
    ctx.fillStyle = palette.surface2;
    ctx.fillRect(labelW + 2, y, w, BAR_H);
    ctx.strokeStyle = palette.border;
    ctx.lineWidth = 1;
    ctx.strokeRect(labelW + 2.5, y + 0.5, w - 1, BAR_H - 1);
    ctx.fillStyle = palette.muted;
    ctx.fillText(text, labelW + 7, y + BAR_H / 2);
  }

  function clampView() {
    const r = model.range();
    let span = Math.max(view.end - view.start, MIN_SPAN);
    if (r) {
      const full = Math.max(r.tMax - r.t0, 0.01);
      span = Math.min(span, full * 3);
      const lo = r.t0 - full * 0.5;
      const hi = r.tMax + full * 0.5;
      let start = Math.min(Math.max(view.start, lo - span / 2), hi - span / 2);
      view = { start, end: start + span };
    } else {
      view = { start: view.start, end: view.start + span };
    }
  }

  // ---------------------------------------------------------------- drawing

  const rowY = (lane, r) => lane.top + LANE_PAD + Math.min(r, MAX_ROWS - 1) * ROW_H + (ROW_H - BAR_H) / 2;

  let paletteVersion = 0;
  // Style and label are cached on the item (drawing allocates little, so GC stays out of
  // frames); an item changes only when it ends, which flips `end === null`.
  function cached(item) {
    const open = item.end === null;
    if (item.cache?.version !== paletteVersion || item.cache.open !== open) {
      const k = palette.kinds;
      const ev = item.ev;
      const c = ev.kind === 'trace' || ev.kind === 'compile' ? k[ev.kind] : k[item.lane] ?? k.execute;
      item.cache = {
        version: paletteVersion,
        open,
        style: { c: item.ghost ? k.ghost : c, ghost: item.ghost, error: item.error, open, e: k.error, ordered: ev.kind === 'callback' && Boolean(ev.ordered) },
        label: itemLabel(ev),
      };
    }
    return item.cache;
  }

  function textWidth(text) {
    const key = `${ctx.font}|${text}`;
    let w = textWidths.get(key);
    if (w === undefined) {
      w = ctx.measureText(text).width;
      if (textWidths.size > 5000) textWidths.clear();
      textWidths.set(key, w);
    }
    return w;
  }

  function drawTokenFlow() {
    const tokens = model.tokens();
    if (tokens.length === 0) return;
    const lane = layout.find((l) => l.id === 'token');
    const io = layout.find((l) => l.id === 'io');
    const cy = rowY(lane, 0) + BAR_H / 2;
    const first = Math.max(0, lowerBound(tokens, view.start, (it) => it.start) - 1);
    const color = palette.kinds.token.stroke;
    let linkedTo = -Infinity;
    for (let i = first; i < tokens.length; i++) {
      const a = tokens[i];
      if (a.start > view.end) break;
      const xa = X(a.start);
      const b = tokens[i + 1];
      const xb = b ? X(b.start) : Infinity;
      // Where tokens are closer than a few pixels the diamonds say enough: no links or arrows.
      if (xb - xa < 14 && xa - linkedTo < 14) continue;
      const cb = model.callbackById(a.ev.id);
      if (cb && cb.lane === 'io' && xa >= labelW) {
        drawLink(ctx, xa, cy - 7, X(cb.start), rowY(io, cb.row) + BAR_H, palette.kinds.io.stroke);
        linkedTo = xa;
      }
      if (b && xb - xa >= 14) drawArc(ctx, xa + 6, xb - 7, cy - 4, Math.min(7, (xb - xa) / 6), color);
    }
  }

  function outline(item, color, lineWidth) {
    const box = itemBox(item);
    if (!box) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = lineWidth;
    ctx.strokeRect(box.x - 2.5, box.y - 2.5, box.w + 5, box.h + 5);
  }

  function drawAxis(t0) {
    const span = view.end - view.start;
    const steps = sequence();
    const step = steps ? Math.max(1, Math.round(niceStep(span, Math.max(3, plotW() / 100)))) : niceStep(span, Math.max(3, plotW() / 100));
    const decimals = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
    ctx.textBaseline = 'middle';
    ctx.font = `11px ${palette.font}`;
    const firstK = Math.max(0, Math.ceil((view.start - t0) / step));
    for (let k = firstK; t0 + k * step <= view.end && k - firstK < 200; k++) {
      const x = Math.round(X(t0 + k * step)) + 0.5;
      if (x < labelW) continue;
      ctx.fillStyle = palette.border;
      ctx.fillRect(x, AXIS_H - 4, 1, height - AXIS_H + 4);
      const label = steps ? `event ${k * step}` : `${(k * step).toFixed(decimals)} ms`;
      if (x + 3 + textWidth(label) > width - 2) continue;
      ctx.fillStyle = palette.muted;
      ctx.fillText(label, x + 3, AXIS_H / 2);
    }
  }

  function drawNow() {
    scheduled = false;
    if (!width || !height) return 0;
    const started = performance.now();
    if (!view || follow) fitView();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = palette.surface;
    ctx.fillRect(0, 0, width, height);
    const range = model.range();
    layout.forEach((lane, i) => {
      if (i % 2 === 1) {
        ctx.fillStyle = palette.surface2;
        ctx.globalAlpha = 0.45;
        ctx.fillRect(labelW, lane.top, width - labelW, lane.height);
        ctx.globalAlpha = 1;
      }
      ctx.fillStyle = palette.border;
      ctx.fillRect(0, lane.top, width, 1);
    });
    if (range) {
      drawAxis(range.t0);
      ctx.save();
      ctx.beginPath();
      ctx.rect(labelW, AXIS_H, width - labelW, height - AXIS_H);
      ctx.clip();
      ctx.font = `600 12px ${palette.font}`;
      ctx.textBaseline = 'middle';
      for (const lane of layout) {
        const g = { ctx, X, T, view, labelW, right: labelW + plotW(), endOf: model.endOf, cached, textWidth, palette };
        model.lane(lane.id).rows.forEach((row, r) => drawRow(g, row, rowY(lane, r), BAR_H));
      }
      drawTokenFlow();
      drawFolded(range);
      for (const it of highlighted) if (it !== selected) outline(it, palette.link, 2.5);
      if (hovered && hovered !== selected) outline(hovered, palette.muted, 1.5);
      if (selected) outline(selected, palette.focus, 3);
      ctx.restore();
    } else {
      ctx.fillStyle = palette.muted;
      ctx.font = `14px ${palette.font}`;
      ctx.textBaseline = 'middle';
      ctx.fillText('The timeline is empty. Press Run to trace, compile and execute your function.', labelW + 16, AXIS_H + 60);
    }
    // Lane labels on a fixed column.
    ctx.fillStyle = palette.surface2;
    ctx.fillRect(0, 0, labelW, height);
    ctx.fillStyle = palette.border;
    ctx.fillRect(labelW - 1, 0, 1, height);
    ctx.fillStyle = palette.muted;
    ctx.font = `600 ${labelW < 110 ? 11 : 12}px ${palette.font}`;
    ctx.textBaseline = 'middle';
    ctx.fillText('time', 10, AXIS_H / 2);
    for (const lane of layout) ctx.fillText(labelW < 110 ? lane.short : lane.label, 10, lane.top + LANE_PAD + ROW_H / 2);
    return performance.now() - started;
  }

  function invalidate() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(drawNow);
  }

  // ---------------------------------------------------------------- geometry and hit testing

  function itemBox(shownOrOther) {
    const item = own(shownOrOther);
    if (!view || !item) return null;
    const lane = layout.find((l) => l.id === item.lane);
    const y = rowY(lane, item.row);
    if (item.type === 'instant') return { x: X(item.start) - 6, y: y + BAR_H / 2 - 6, w: 12, h: 12 };
    const x0 = X(item.start);
    return { x: x0, y, w: Math.max(X(model.endOf(item)) - x0, 1.5), h: BAR_H };
  }

  function hitTest(x, y) {
    if (!view || x < labelW) return null;
    const lane = layout.find((l) => y >= l.top && y < l.top + l.height);
    if (!lane) return null;
    const r = Math.floor((y - lane.top - LANE_PAD) / ROW_H);
    const rows = model.lane(lane.id).rows;
    const candidates = r >= MAX_ROWS - 1 ? rows.slice(MAX_ROWS - 1) : rows.slice(Math.max(r, 0), Math.max(r, 0) + 1);
    const tol = 6;
    let best = null;
    let bestScore = Infinity;
    for (const row of candidates) {
      const lo = lowerBound(row.items, T(x - tol) - row.maxDur, (it) => it.start);
      const from = row.last && row.last.end === null ? Math.min(lo, row.items.length - 1) : lo;
      for (let i = Math.max(from, 0); i < row.items.length; i++) {
        const it = row.items[i];
        if (it.start > T(x + tol)) break;
        const x0 = X(it.start);
        const x1 = Math.max(X(model.endOf(it)), x0);
        if (x < x0 - tol || x > x1 + tol) continue;
        // Prefer what is under the pointer, then the nearest edge, then the shortest.
        const inside = x >= x0 && x <= x1;
        const score = (inside ? 0 : 1000) + Math.min(Math.abs(x - x0), Math.abs(x - x1)) * (inside ? 0 : 1) + (x1 - x0) * 1e-3;
        if (score < bestScore) { best = it; bestScore = score; }
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- view changes

  function setView(start, end, { user = true } = {}) {
    if (user) follow = false;
    view = { start, end };
    clampView();
    invalidate();
    onChange?.();
  }

  function zoomBy(factor, atX) {
    if (!view) fitView();
    const anchor = atX === undefined ? (selected ? selected.start : (view.start + view.end) / 2) : T(atX);
    const span = Math.max((view.end - view.start) * factor, MIN_SPAN);
    const f = (anchor - view.start) / (view.end - view.start);
    setView(anchor - f * span, anchor - f * span + span);
  }

  function panBy(fraction) {
    if (!view) fitView();
    const d = (view.end - view.start) * fraction;
    setView(view.start + d, view.end + d);
  }

  function fit() {
    follow = true;
    fitView();
    invalidate();
    onChange?.();
  }

  /** Selects `item` (or null); with reveal, pans to show it. */
  function select(other, { reveal = true, source = 'chart' } = {}) {
    const item = own(other);
    selected = item;
    if (item && reveal && view) {
      const end = model.endOf(item);
      const span = view.end - view.start;
      if (item.start < view.start || end > view.end) {
        const mid = (item.start + end) / 2;
        const need = Math.max(span, (end - item.start) * 1.2);
        setView(mid - need / 2, mid + need / 2);
      }
    }
    invalidate();
    onSelect?.(item, source);
  }

  return {
    canvas,
    resize,
    invalidate,
    drawNow,
    computeLayout,
    fit,
    zoomBy,
    panBy,
    setView,
    select,
    selected: () => selected,
    setHovered(item) { if (item !== hovered) { hovered = item; invalidate(); onHover?.(item); } },
    hovered: () => hovered,
    /** Outlines `items` (from one source line); highlighted() lists them. */
    setHighlighted(items) {
      const next = (items ?? []).map(own);
      if (next.length === highlighted.length && next.every((it, i) => it === highlighted[i])) return;
      highlighted = next;
      canvas.dataset.highlighted = String(next.length);
      invalidate();
    },
    highlighted: () => highlighted.slice(),
    itemBox,
    hitTest,
    toTime: T,
    view: () => (view ? { ...view } : null),
    isFollowing: () => follow,
    plotLeft: () => labelW,
    refreshPalette() { palette = readPalette(canvas); paletteVersion += 1; textWidths.clear(); invalidate(); },
    /** After switching between the time and the order model: same selection, fitted view. */
    switched() { selected = own(selected); hovered = null; highlighted = highlighted.map(own); follow = true; view = null; computeLayout(); invalidate(); },
    /** After model.reset(): back to following the run. */
    reset() { selected = null; hovered = null; highlighted = []; delete canvas.dataset.highlighted; follow = true; view = null; computeLayout(); invalidate(); },
  };
}
