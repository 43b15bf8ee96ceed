// The timeline's time axis: a piecewise-linear map from engine time (ms) to a horizontal
// percentage. Long idle stretches (the page pausing between steps so it can paint) are collapsed
// into narrow "break" bands, so the short bursts of engine work stay wide enough to read.

/** A step of 1, 2 or 5 × 10^k giving about `count` ticks over `range`. */
export function niceStep(range, count) {
  const raw = Math.max(range, 1e-6) / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * pow;
}

/**
 * intervals: [start, end] pairs in ms (instants as [t, t]).
 * Returns { x(t) → percent, segments, breaks, ticks }.
 */
export function buildScale(intervals, { pad = 1.5, gapWidth = 5 } = {}) {
  const sorted = intervals.map(([s, e]) => [s, Math.max(s, e)]).sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const T0 = merged[0][0];
  const busy = merged.reduce((a, [s, e]) => a + (e - s), 0);
  // A gap is "idle" if it is long in absolute terms and compared with the work around it.
  const threshold = Math.max(0.4, 0.15 * busy);

  const raw = [];
  let cursor = T0;
  for (let i = 1; i < merged.length; i++) {
    const gapStart = merged[i - 1][1];
    const gapEnd = merged[i][0];
    if (gapEnd - gapStart > threshold) {
      raw.push({ t0: cursor, t1: gapStart, collapsed: false });
      raw.push({ t0: gapStart, t1: gapEnd, collapsed: true });
      cursor = gapEnd;
    }
  }
  raw.push({ t0: cursor, t1: merged[merged.length - 1][1], collapsed: false });

  const linear = raw.filter((s) => !s.collapsed);
  const nGaps = raw.length - linear.length;
  const gw = nGaps ? Math.min(gapWidth, 30 / nGaps) : 0;
  const linearTotal = linear.reduce((a, s) => a + (s.t1 - s.t0), 0);
  // Zero-length segments (a lone instant) still get a sliver of room.
  const minWeight = linearTotal > 0 ? 0.04 * linearTotal : 1;
  const weights = linear.map((s) => Math.max(s.t1 - s.t0, minWeight));
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  const avail = 100 - 2 * pad - nGaps * gw;

  let x = pad;
  let li = 0;
  const segments = raw.map((s) => {
    const width = s.collapsed ? gw : (weights[li++] / weightTotal) * avail;
    const seg = { ...s, x0: x, x1: x + width };
    x += width;
    return seg;
  });

  const toX = (t) => {
    const seg = segments.find((s) => t >= s.t0 && t <= s.t1) ??
      (t < T0 ? segments[0] : segments[segments.length - 1]);
    const d = seg.t1 - seg.t0;
    if (d <= 0) return (seg.x0 + seg.x1) / 2;
    const f = Math.min(1, Math.max(0, (t - seg.t0) / d));
    return seg.x0 + f * (seg.x1 - seg.x0);
  };

  return { x: toX, T0, segments, breaks: segments.filter((s) => s.collapsed), ticks: makeTicks(segments, T0, linearTotal) };
}

function makeTicks(segments, T0, linearTotal) {
  const step = niceStep(linearTotal > 0 ? linearTotal : 1, 6);
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const ticks = [];
  for (const seg of segments) {
    if (seg.collapsed) continue;
    const before = ticks.length;
    const d = seg.t1 - seg.t0;
    for (let k = Math.ceil((seg.t0 - T0) / step - 1e-9); T0 + k * step <= seg.t1 + 1e-9; k++) {
      const t = T0 + k * step;
      const x = d > 0 ? seg.x0 + ((t - seg.t0) / d) * (seg.x1 - seg.x0) : seg.x0;
      ticks.push({ x, label: `${(k * step).toFixed(decimals)} ms` });
    }
    if (ticks.length === before) {
      ticks.push({ x: seg.x0, label: `${(seg.t0 - T0).toFixed(Math.max(1, decimals))} ms` });
    }
  }
  // Drop ticks that would crowd their neighbours or a break band's label.
  const out = [];
  for (const t of ticks) {
    const crowded = out.length && t.x - out[out.length - 1].x < 7;
    const nearBreak = segments.some((s) => s.collapsed && Math.abs(t.x - (s.x0 + s.x1) / 2) < 4.5);
    if (!crowded && !nearBreak) out.push(t);
  }
  return out;
}
