// Draws one row of a timeline lane: the visible items (found by binary search), many items
// inside one pixel drawn once, and labels placed inside a bar, right or left of it where there
// is room, else shortened or left out (the hover details and the event table still carry them).

import { lowerBound } from './timeline-model.js';
import { drawSpan, drawDiamond } from './timeline-paint.js';

const shortLabel = (text) => text.split(' · ')[0];

/**
 * g: { ctx, X, view, labelW, right, endOf, cached, textWidth, palette } from the chart;
 * row: { items, maxDur, last } from the model; y: the row's top; h: bar height.
 */
export function drawRow(g, row, y, h) {
  const { ctx, X, view, labelW, right, textWidth, palette } = g;
  const items = row.items;
  const cy = y + h / 2;
  let i = lowerBound(items, view.start - row.maxDur, (it) => it.start);
  // An open span is the last of its row and may have begun long before the view.
  if (row.last && row.last.end === null && row.last.start < view.start - row.maxDur) i = Math.min(i, items.length - 1);
  let drawnTo = -Infinity; // right edge of the last item drawn
  let used = labelW; // right edge of everything drawn, labels included
  let pending = null; // a label outside its item, waiting to know where the next item starts

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

  for (; i < items.length; i++) {
    const it = items[i];
    if (it.start > view.end) break;
    const x0 = X(it.start);
    const x1 = X(g.endOf(it));
    if (x1 < labelW - 8) continue;
    const span = it.type === 'span';
    const w = Math.max(x1 - x0, 1.5);
    // Many tiny items inside one pixel are drawn once.
    if (span ? w < 2 && x0 < drawnTo : x0 < drawnTo) continue;
    if (pending) {
      place(pending, x0 - (span ? 0 : 8));
      pending = null;
    }
    const { label: text, style } = g.cached(it);
    const color = it.ghost ? palette.muted : palette.text;
    if (span) {
      drawSpan(ctx, x0, y, w, h, style);
      drawnTo = x0 + w;
      const room = Math.min(x1, right) - Math.max(x0, labelW) - 10;
      if (room > 26 && textWidth(text) <= room) put(text, palette.text, Math.max(x0, labelW) + 5);
      else pending = { text, right: x1 + 4, left: x0 - 4, before: used, color, inside: { x: Math.max(x0, labelW) + 5, room } };
    } else {
      drawDiamond(ctx, x0, cy, 6, style);
      drawnTo = x0 + 3;
      pending = { text, right: x0 + 10, left: x0 - 10, before: used, color };
    }
    used = Math.max(used, drawnTo);
  }
  if (pending) place(pending, right);
}
