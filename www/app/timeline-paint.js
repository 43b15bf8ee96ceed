// Drawing primitives for the canvas timeline: the palette (read from style.css's custom
// properties, so light and dark themes match the page), spans, diamonds and flow arrows.

const KIND_VARS = {
  trace: '--c-trace', compile: '--c-compile', execute: '--c-execute', barrier: '--c-execute',
  pure: '--c-pure', io: '--c-io', debug: '--c-debug', token: '--c-token', ghost: '--c-ghost', error: '--c-error',
};

function parseColor(text) {
  const s = text.trim();
  let m = /^#([0-9a-f]{3})$/i.exec(s);
  if (m) return [...m[1]].map((c) => parseInt(c + c, 16));
  m = /^#([0-9a-f]{6})$/i.exec(s);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  m = /^rgba?\(([^)]+)\)$/i.exec(s);
  if (m) return m[1].split(/[ ,/]+/).slice(0, 3).map(Number);
  return null;
}

const mix = (a, b, f) => `rgb(${a.map((v, i) => Math.round(v * f + b[i] * (1 - f))).join(',')})`;

/** Colours for every kind: { stroke, fill, soft } plus page colours, from CSS variables. */
export function readPalette(el) {
  const css = getComputedStyle(el);
  const v = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  const surface = v('--surface', '#ffffff');
  const surfaceRgb = parseColor(surface) ?? [255, 255, 255];
  const kinds = {};
  for (const [kind, name] of Object.entries(KIND_VARS)) {
    const stroke = v(name, '#888888');
    const rgb = parseColor(stroke) ?? [136, 136, 136];
    kinds[kind] = { stroke, fill: mix(rgb, surfaceRgb, 0.3), soft: mix(rgb, surfaceRgb, 0.12) };
  }
  return {
    kinds,
    surface,
    surface2: v('--surface-2', '#f0f2f7'),
    border: v('--border', '#dde1ea'),
    text: v('--text', '#1c2130'),
    muted: v('--muted', '#5b6478'),
    focus: v('--focus', '#2563eb'),
    link: v('--link-hl', '#d97706'),
    font: v('--sans', 'sans-serif'),
  };
}

let hatch = null;
let hatchColor = null;
/** A diagonal hatch pattern for failed spans. */
function hatchPattern(ctx, color) {
  if (hatch && hatchColor === color) return hatch;
  const c = document.createElement('canvas');
  c.width = 8;
  c.height = 8;
  const g = c.getContext('2d');
  g.strokeStyle = color;
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(-2, 10);
  g.lineTo(10, -2);
  g.stroke();
  hatch = ctx.createPattern(c, 'repeat');
  hatchColor = color;
  return hatch;
}

/**
 * A span bar. style: { kind colours c, ghost, error, open, errorColours e, ordered }. An ordered
 * callback gets a solid notch on its left edge (the token it waited for), so ordered and
 * unordered io calls differ at a glance, not only in their labels.
 */
export function drawSpan(ctx, x, y, w, h, style) {
  drawBar(ctx, x, y, w, h, style);
  if (style.ordered && !style.ghost && !style.error) {
    ctx.fillStyle = style.c.stroke;
    ctx.fillRect(x - 1, y - 3, 4, h + 6);
  }
}

function drawBar(ctx, x, y, w, h, { c, ghost, error, open, e }) {
  if (ghost) {
    ctx.fillStyle = c.soft;
    ctx.fillRect(x, y, w, h);
    if (w > 2) {
      ctx.setLineDash([4, 3]);
      ctx.strokeStyle = c.stroke;
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x + 0.75, y + 0.75, Math.max(w - 1.5, 0.5), h - 1.5);
      ctx.setLineDash([]);
    }
    return;
  }
  const col = error ? e : c;
  // A bar only a pixel or two wide shows its full colour, so a failure stays visible zoomed out.
  ctx.fillStyle = w <= 3 && error ? col.stroke : col.fill;
  ctx.fillRect(x, y, w, h);
  if (error && w > 3) {
    ctx.fillStyle = hatchPattern(ctx, col.stroke);
    ctx.globalAlpha = 0.35;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
  }
  if (w <= 3) return;
  ctx.strokeStyle = col.stroke;
  ctx.lineWidth = 1.5;
  if (!open) {
    ctx.strokeRect(x + 0.75, y + 0.75, w - 1.5, h - 1.5);
    return;
  }
  // Still running: solid on three sides, dashed at the growing end.
  ctx.beginPath();
  ctx.moveTo(x + w, y + 0.75);
  ctx.lineTo(x + 0.75, y + 0.75);
  ctx.lineTo(x + 0.75, y + h - 0.75);
  ctx.lineTo(x + w, y + h - 0.75);
  ctx.stroke();
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(x + w - 0.75, y);
  ctx.lineTo(x + w - 0.75, y + h);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** An instant: a diamond centred on (x, cy). */
export function drawDiamond(ctx, x, cy, r, { c, ghost, error, e }) {
  const col = error ? e : c;
  ctx.beginPath();
  ctx.moveTo(x, cy - r);
  ctx.lineTo(x + r, cy);
  ctx.lineTo(x, cy + r);
  ctx.lineTo(x - r, cy);
  ctx.closePath();
  if (ghost) {
    ctx.fillStyle = c.soft;
    ctx.fill();
    ctx.setLineDash([3, 2]);
    ctx.strokeStyle = c.stroke;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.setLineDash([]);
    return;
  }
  ctx.fillStyle = col.stroke;
  ctx.fill();
}

/** A curved arrow from (x0, y) to (x1, y), bulging up by `lift`. */
export function drawArc(ctx, x0, x1, y, lift, color) {
  const mx = (x0 + x1) / 2;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(x0, y);
  ctx.quadraticCurveTo(mx, y - 2 * lift, x1, y);
  ctx.stroke();
  // Arrowhead along the curve's end tangent.
  const angle = Math.atan2(2 * lift, x1 - mx);
  const size = 6;
  ctx.beginPath();
  ctx.moveTo(x1, y);
  ctx.lineTo(x1 - size * Math.cos(angle - 0.45), y - size * Math.sin(angle - 0.45));
  ctx.lineTo(x1 - size * Math.cos(angle + 0.45), y - size * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
}

/** A straight dotted link between two points (a token and the call it hands over to). */
export function drawLink(ctx, x0, y0, x1, y1, color) {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash([2, 2]);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A step of 1, 2 or 5 × 10^k giving about `count` ticks over `range`. */
export function niceStep(range, count) {
  const raw = Math.max(range, 1e-9) / Math.max(count, 1);
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * pow;
}
