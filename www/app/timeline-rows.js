// Draws one row of a timeline lane: the visible items (found by binary search), many items
// inside one pixel drawn once, and labels placed inside a bar, right or left of it where there
// is room, else shortened or left out (the hover details and the event table still carry them).

import { lowerBound } from './timeline-model.js';
import { drawSpan, drawDiamond } from './timeline-paint.js';

const shortLabel = (text) => text.split(' · ')[0];

/**
 * g: { ctx, X, T, view, labelW, right, endOf, cached, textWidth, palette } from the chart;
 * row: { items, maxDur, last, marked } from the model; y: the row's top; h: bar height.
 */
/**
 * Index just before the first item of `row` at or after time `t`, but never past a ghost or
 * error (always drawn) nor an open last span; the loop goes on from the item after it.
 */
function skipPast(row, items, i, t) {
  let stop = lowerBound(items, t, (x) => x.start);
  if (row.last?.end === null) stop = Math.min(stop, items.length - 1);
  const m = lowerBound(row.marked, i + 1, (k) => k);
  if (m < row.marked.length) stop = Math.min(stop, row.marked[m]);
  return Math.max(i, stop - 1);
}

export function drawRow(g, row, y, h) {
  const { ctx, X, T, view, labelW, right, textWidth, palette } = g;
  const items = row.items;
  const cy = y + h / 2;
  let i = lowerBound(items, view.start - row.maxDur, (it) => it.start);
  // An open span is the last of its row and may have begun long before the view.
  if (row.last && row.last.end === null && row.last.start < view.start - row.maxDur) i = Math.min(i, items.length - 1);
  let drawnTo = -Infinity; // right edge of the last item drawn
  let used = labelW; // right edge of everything drawn, labels included
  let pending = null; // a label outside its item, waiting to know where the next item starts
  let markedTo = -Infinity; // right edge of the last ghost or error
  const overlay = []; // ghosts and errors: [x, width (0 for instants), style]

  const put = (text, color, x) => {
    ctx.fillStyle = color;
    ctx.fillText(text, x, cy);
  };
  // A pending label goes right of its item if there is room before `limit`, else left of it;
  // the short form (kind only) if the whole one fits nowhere; inside the bar as a last resort.
  const place = (p, limit) => {
    // Most labels have no room at all when zoomed out: decide that without measuring.
    if (limit - p.right < 26 && p.left - p.before < 28 && !(p.inside?.room >= 20)) return;
    const short = shortLabel(p.text);
    for (const text of short === p.text ? [p.text] : [p.text, short]) {
      const w = textWidth(text);
      if (w <= limit - p.right - 6) {
        put(text, p.color, p.right);
        used = Math.max(used, p.right + w);
        return;
      }
      if (w <= p.left - p.before - 8) {
        put(text, p.color, p.left - w);
        return;
      }
    }
    if (p.inside && textWidth(short) <= p.inside.room) put(short, palette.text, p.inside.x);
  };

  // Runs of tiny spans packed closer than a pixel apart become one band (zoom in to split it).
  let band = null;
  const flushBand = () => {
    if (!band) return;
    ctx.fillStyle = band.color;
    ctx.fillRect(band.x0, y + 2, band.x1 - band.x0, h - 4);
    band = null;
  };

  for (; i < items.length; i++) {
    const it = items[i];
    if (it.start > view.end) break;
    const x0 = X(it.start);
    const x1 = X(g.endOf(it));
    if (x1 < labelW - 8) continue;
    const span = it.type === 'span';
    const w = Math.max(x1 - x0, 1.5);
    if (span && w < 3 && !it.ghost && !it.error && it.end !== null) {
      const color = g.cached(it).style.c.fill;
      if (band && band.color === color && x0 <= band.x1 + 1) {
        band.x1 = Math.max(band.x1, x0 + w);
        // Skip the items that start within the next half pixel: they lie inside the band, all
        // but the last (which may be long), so that one is looked at. Ghosts, errors and an open
        // last span are never skipped. A frame costs per pixel, not per item.
        const stop = skipPast(row, items, i, T(band.x1 + 0.5));
        if (stop > i) i = stop - 1;
        continue;
      }
      if (x0 + w <= drawnTo) continue; // inside a pixel already drawn
      flushBand();
      if (pending) {
        place(pending, x0);
        pending = null;
      }
      band = { x0, x1: x0 + w, color };
      drawnTo = x0 + w;
      used = Math.max(used, drawnTo);
      continue;
    }
    if (band) drawnTo = Math.max(drawnTo, band.x1);
    flushBand();
    // Many tiny items inside one pixel are drawn once; ghosts and errors are deduplicated
    // only among themselves and drawn last, so a band never hides them.
    const marked = it.ghost || it.error;
    if (marked ? x0 < markedTo : span ? w < 2 && x0 < drawnTo : x0 < drawnTo) {
      // Instants packed under one already drawn: skip to the first past it, as bands do, so a
      // frame of thousands of host calls costs per pixel, not per call.
      if (!span && !marked && row.spans === 0) i = skipPast(row, items, i, T(drawnTo));
      continue;
    }
    if (pending) {
      place(pending, x0 - (span ? 0 : 8));
      pending = null;
    }
    const { label: text, style } = g.cached(it);
    const color = it.ghost ? palette.muted : palette.text;
    if (marked) {
      overlay.push(span ? [x0, w, style] : [x0, 0, style]);
      markedTo = x0 + (span ? w : 3);
    }
    if (span) {
      if (!marked) drawSpan(ctx, x0, y, w, h, style);
      drawnTo = x0 + w;
      const room = Math.min(x1, right) - Math.max(x0, labelW) - 10;
      if (room > 26 && textWidth(text) <= room) put(text, palette.text, Math.max(x0, labelW) + 5);
      else pending = { text, right: x1 + 4, left: x0 - 4, before: used, color, inside: { x: Math.max(x0, labelW) + 5, room } };
    } else {
      if (!marked) drawDiamond(ctx, x0, cy, 6, style);
      drawnTo = x0 + 3;
      pending = { text, right: x0 + 10, left: x0 - 10, before: used, color };
    }
    used = Math.max(used, drawnTo);
  }
  flushBand();
  for (const [x, w, style] of overlay) {
    if (w) drawSpan(ctx, x, y, w, h, style);
    else drawDiamond(ctx, x, cy, 6, style);
  }
  if (pending) place(pending, right);
}
