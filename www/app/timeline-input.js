// Mouse, touch and keyboard for the canvas timeline. Wheel zooms around the pointer (shift or
// a sideways wheel pans); dragging pans; a click selects. With the chart focused: ←/→ step to
// the previous/next event in time, ↑/↓ to the nearest event in the lane above/below, Home/End
// to the first/last, W/S (or +/−) zoom, A/D pan, 0 fits everything, Escape clears the selection.

import { LANES, lowerBound } from './timeline-model.js';

function nearestInLane(model, laneId, t) {
  let best = null;
  for (const row of model.lane(laneId).rows) {
    const i = lowerBound(row.items, t, (it) => it.start);
    for (const it of [row.items[i - 1], row.items[i]]) {
      if (it && (!best || Math.abs(it.start - t) < Math.abs(best.start - t))) best = it;
    }
  }
  return best;
}

export function attachInput(chart, model, canvas) {
  let drag = null;

  function pointerPos(e) {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  canvas.addEventListener('wheel', (e) => {
    if (!model.range()) return;
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const { x } = pointerPos(e);
    const sideways = Math.abs(e.deltaX) > Math.abs(e.deltaY);
    if (e.shiftKey || sideways) {
      const px = (sideways ? e.deltaX : e.deltaY) * unit;
      const v = chart.view();
      const plot = canvas.clientWidth - chart.plotLeft();
      chart.panBy(v ? px / Math.max(plot, 1) : 0);
    } else {
      chart.zoomBy(Math.exp(e.deltaY * unit * 0.0015), Math.max(x, chart.plotLeft()));
    }
  }, { passive: false });

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const p = pointerPos(e);
    drag = { id: e.pointerId, x: p.x, y: p.y, view: chart.view(), moved: false };
    canvas.setPointerCapture(e.pointerId);
  });

  canvas.addEventListener('pointermove', (e) => {
    const p = pointerPos(e);
    if (drag && drag.id === e.pointerId && drag.view) {
      const dx = p.x - drag.x;
      if (Math.abs(dx) > 3 || Math.abs(p.y - drag.y) > 3) drag.moved = true;
      if (drag.moved) {
        const span = drag.view.end - drag.view.start;
        const dt = (-dx / Math.max(canvas.clientWidth - chart.plotLeft(), 1)) * span;
        chart.setView(drag.view.start + dt, drag.view.end + dt);
        canvas.classList.add('dragging');
        return;
      }
    }
    const hit = chart.hitTest(p.x, p.y);
    chart.setHovered(hit);
    canvas.classList.toggle('over-item', Boolean(hit));
  });

  function endDrag(e, cancelled) {
    if (!drag || drag.id !== e.pointerId) return;
    const wasClick = !drag.moved && !cancelled;
    drag = null;
    canvas.classList.remove('dragging');
    if (wasClick) {
      const p = pointerPos(e);
      chart.select(chart.hitTest(p.x, p.y), { reveal: false, source: 'pointer' });
      canvas.focus({ preventScroll: true });
    }
  }
  canvas.addEventListener('pointerup', (e) => endDrag(e, false));
  canvas.addEventListener('pointercancel', (e) => endDrag(e, true));
  canvas.addEventListener('pointerleave', () => { if (!drag) chart.setHovered(null); });

  function step(delta) {
    const items = model.items();
    if (items.length === 0) return;
    const cur = chart.selected();
    let i;
    if (!cur) i = delta > 0 ? 0 : items.length - 1;
    else i = Math.min(Math.max(cur.index + delta, 0), items.length - 1);
    chart.select(items[i], { source: 'keyboard' });
  }

  function changeLane(delta) {
    const cur = chart.selected() ?? model.items()[0];
    if (!cur) return;
    let li = LANES.findIndex((l) => l.id === cur.lane);
    for (let k = 0; k < LANES.length; k++) {
      li += delta;
      if (li < 0 || li >= LANES.length) return;
      const hit = nearestInLane(model, LANES[li].id, cur.start);
      if (hit) {
        chart.select(hit, { source: 'keyboard' });
        return;
      }
    }
  }

  canvas.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = model.items();
    const actions = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      ArrowDown: () => changeLane(1),
      ArrowUp: () => changeLane(-1),
      Home: () => items.length && chart.select(items[0], { source: 'keyboard' }),
      End: () => items.length && chart.select(items[items.length - 1], { source: 'keyboard' }),
      w: () => chart.zoomBy(0.7),
      '+': () => chart.zoomBy(0.7),
      '=': () => chart.zoomBy(0.7),
      s: () => chart.zoomBy(1 / 0.7),
      '-': () => chart.zoomBy(1 / 0.7),
      a: () => chart.panBy(-0.2),
      d: () => chart.panBy(0.2),
      0: () => chart.fit(),
      Escape: () => chart.select(null, { source: 'keyboard' }),
    };
    const action = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
}
