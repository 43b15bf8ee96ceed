// The timeline card's markup, defined once for the playground (www/index.html) and the widget
// (www/widget.html): heading, zoom and view buttons, legend, canvas, keyboard help and the
// event list, with the element ids app/timeline.js is given. Each page has an empty
// <section class="card timeline-card" id="timeline-card"> and fills it with this before
// looking its elements up.

import { h } from './dom.js';

const LEGEND = [
  ['kind-trace', 'trace'], ['kind-compile', 'compile'], ['kind-execute', 'execute'],
  ['cb-pure', 'pure callback'], ['cb-io', 'io callback'], ['cb-io ordered', 'ordered io callback'],
  ['cb-debug', 'debug callback'], ['kind-token diamond', 'token hand-off (arrows: token order)'],
  ['ghost', 'removed (DCE) / skipped'], ['status-error', 'error'],
];

const kbd = (key) => h('kbd', {}, key);

/**
 * Fills `section` with the timeline card. `more`: the "N more events not shown" line and the
 * Export trace button (the playground's); `eventsOpen`: the event list starts open.
 */
export function fillTimelineCard(section, { more = false, eventsOpen = false } = {}) {
  section.setAttribute('aria-labelledby', 'timeline-title');
  const button = (id, label, attrs = {}) => h('button', { id, class: 'btn small-btn', type: 'button', ...attrs }, label);
  section.replaceChildren(
    h('div', { class: 'timeline-head' },
      h('div', {},
        h('h2', { id: 'timeline-title', class: 'card-title' }, 'Timeline'),
        h('p', { id: 'timeline-notice', class: 'notice' })),
      h('div', { class: 'timeline-actions' },
        h('span', { id: 'timeline-summary', class: 'muted small' }),
        more ? h('span', { id: 'timeline-more', class: 'small', hidden: true }) : null,
        h('span', { class: 'zoom-buttons', role: 'group', 'aria-label': 'Zoom' },
          button('timeline-zoom-out', '−', { 'aria-label': 'Zoom out' }),
          button('timeline-zoom-in', '+', { 'aria-label': 'Zoom in' }),
          button('timeline-fit', 'Fit')),
        button('timeline-sequence', 'By order', { 'aria-pressed': 'false', title: 'Lay events out one step each, in the order they happened' }),
        more ? button('export-trace', 'Export trace', { disabled: true }) : null)),
    h('ul', { class: 'legend', 'aria-label': 'Legend' },
      LEGEND.map(([swatch, label]) => h('li', {}, h('span', { class: `swatch ${swatch}` }), label))),
    h('div', { id: 'timeline-wrap', class: 'tl-wrap' },
      h('canvas', {
        id: 'timeline-canvas', class: 'tl-canvas', tabindex: '0', role: 'application',
        'aria-roledescription': 'timeline chart', 'aria-label': 'Timeline chart', 'aria-describedby': 'timeline-keys',
      }, 'The event list below has the same information as this chart.'),
      h('div', { id: 'timeline-tooltip', class: 'tl-tooltip', hidden: true })),
    h('p', { id: 'timeline-keys', class: 'muted small tl-keys' },
      'Drag or ', kbd('A'), '/', kbd('D'), ' to pan, wheel or ', kbd('W'), '/', kbd('S'), ' to zoom, ', kbd('0'),
      ' to fit; with the chart focused, ', kbd('←'), '/', kbd('→'), ' step between events and ', kbd('↑'), '/', kbd('↓'), ' between lanes.'),
    h('p', { id: 'timeline-live', class: 'visually-hidden', 'aria-live': 'polite' }),
    h('details', { class: 'events', open: eventsOpen },
      h('summary', {}, 'Event list'),
      h('div', { id: 'timeline-table-wrap', class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Timeline events' },
        h('table', { class: 'events-table' },
          h('caption', { class: 'visually-hidden' }, 'Timeline events in the order the engine recorded them'),
          h('thead', {}, h('tr', {}, ['#', 't (ms)', 'kind', 'name', 'phase', 'status', 'detail'].map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', { id: 'timeline-events' }))),
      h('div', { class: 'pager' },
        h('span', { id: 'timeline-page-info', class: 'muted small' }, 'No events'),
        button('timeline-prev', 'Earlier events', { disabled: true }),
        button('timeline-next', 'Later events', { disabled: true }))),
  );
}
