// The playground page: exercise picker, CodeMirror editor, Run / Check, result, printed output,
// jaxpr, share links and the live canvas timeline. Learner code never runs on this thread: the
// engine worker (www/worker.js) runs it and sends back plain data, rendered as text.
// Bundled by scripts/bundle.mjs into www/dist/app.js.

import { exercises, findExercise } from './exercises.js';
import { h, richText } from './app/dom.js';
import { createEngine } from './app/engine.js';
import { createEditor } from './app/editor.js';
import { createTimeline } from './app/timeline.js';
import { createRenderer } from './app/render.js';
import { encodeShare, decodeShare, sharePayload, SHARE_PREFIX } from './app/share.js';
import * as store from './app/storage.js';

const $ = (id) => document.getElementById(id);
const els = {
  status: $('engine-status'), tabs: $('exercise-tabs'), panel: $('exercise-panel'),
  level: $('task-level'), title: $('task-title'), intro: $('task-intro'), steps: $('task-steps'), sample: $('task-sample'),
  run: $('run'), check: $('check'), reset: $('reset'), copyLink: $('copy-link'),
  shareRow: $('share-row'), shareLink: $('share-link'), shareStatus: $('share-status'),
  result: $('result'), checkSummary: $('check-summary'), checkList: $('check-list'), jaxpr: $('jaxpr'),
  output: $('print-output'), outputCard: $('output-card'), outputEmpty: $('output-empty'),
  notice: $('timeline-notice'), exportTrace: $('export-trace'), announcer: $('announcer'),
  message: $('page-message'), messageText: $('page-message-text'), messageClose: $('page-message-close'),
};

const state = { exercise: null, ready: false, busy: false, saveTimer: null };
const setReady = { engine: null, page: null };
const whenReady = Promise.all([
  new Promise((resolve) => { setReady.engine = resolve; }),
  new Promise((resolve) => { setReady.page = resolve; }),
]);

// Started first: loading the wasm engine is the slowest part of getting ready.
const engine = createEngine({
  onState(s, detail) {
    state.ready = s === 'ready';
    document.body.dataset.engine = s;
    const text = { loading: 'Loading engine…', ready: 'Engine ready', restarting: 'Restarting engine…', failed: detail ?? 'The engine failed' }[s];
    els.status.textContent = text;
    els.status.className = `pill ${s === 'ready' ? 'ok' : s === 'failed' ? 'error' : ''}`;
    if (s === 'ready') setReady.engine();
    if (s === 'failed') renderer.failure(detail);
    setBusy(state.busy);
  },
  onEvents: (events) => timeline.add(events),
  onPrint: (line) => renderer.print(line),
});

const renderer = createRenderer(els);
const timeline = createTimeline({
  canvas: $('timeline-canvas'), wrap: $('timeline-wrap'), tooltip: $('timeline-tooltip'),
  tableBody: $('timeline-events'), tableWrap: $('timeline-table-wrap'),
  pagerInfo: $('timeline-page-info'), prev: $('timeline-prev'), next: $('timeline-next'),
  summary: $('timeline-summary'), live: $('timeline-live'),
});
const editor = createEditor({
  parent: $('editor'),
  labelledBy: 'editor-label',
  describedBy: 'editor-help',
  onRun: () => run(),
  onChange: (code) => scheduleSave(code),
});

function announce(text) {
  // Re-setting the same text is not announced again, so clear first.
  els.announcer.textContent = '';
  requestAnimationFrame(() => { els.announcer.textContent = text; });
}

function showMessage(text, kind = 'error') {
  els.messageText.textContent = text;
  els.message.className = `banner ${kind}`;
  els.message.hidden = false;
}

// ---------------------------------------------------------------- code persistence

function scheduleSave(code) {
  clearTimeout(state.saveTimer);
  const id = state.exercise?.id;
  state.saveTimer = setTimeout(() => { if (id) store.saveCode(id, code); }, 200);
}

function saveNow() {
  clearTimeout(state.saveTimer);
  if (state.exercise) store.saveCode(state.exercise.id, editor.getCode());
}

// ---------------------------------------------------------------- exercises

function buildTabs() {
  for (const ex of exercises) {
    els.tabs.append(h('button', {
      type: 'button', role: 'tab', id: `tab-${ex.id}`, class: 'tab',
      'aria-controls': 'exercise-panel', 'aria-selected': 'false', tabindex: '-1',
      dataset: { exercise: ex.id }, onclick: () => selectExercise(ex.id),
    }, h('span', { class: 'tab-level' }, ex.level), h('span', { class: 'tab-title' }, ex.title)));
  }
  // Arrow keys move between tabs (and select them), as in the WAI-ARIA tabs pattern.
  els.tabs.addEventListener('keydown', (e) => {
    const tabs = [...els.tabs.querySelectorAll('[role="tab"]')];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    const next = { ArrowRight: tabs[(i + 1) % tabs.length], ArrowDown: tabs[(i + 1) % tabs.length],
      ArrowLeft: tabs[(i - 1 + tabs.length) % tabs.length], ArrowUp: tabs[(i - 1 + tabs.length) % tabs.length],
      Home: tabs[0], End: tabs[tabs.length - 1] }[e.key];
    if (!next) return;
    e.preventDefault();
    selectExercise(next.dataset.exercise);
    next.focus();
  });
}

/** Shows exercise `id`; `shared` code (from a link) replaces the text as one undoable edit. */
function selectExercise(id, { shared = null } = {}) {
  const ex = findExercise(id) ?? exercises[0];
  if (state.exercise && state.exercise.id !== ex.id) saveNow();
  const changed = state.exercise?.id !== ex.id;
  state.exercise = ex;
  store.rememberExercise(ex.id);
  for (const tab of els.tabs.querySelectorAll('[role="tab"]')) {
    const selected = tab.dataset.exercise === ex.id;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  els.panel.setAttribute('aria-labelledby', `tab-${ex.id}`);
  document.body.dataset.exercise = ex.id;
  els.level.textContent = ex.level;
  els.title.textContent = ex.title;
  els.intro.replaceChildren(...ex.intro.map((p) => h('p', {}, richText(p))));
  els.steps.replaceChildren(...ex.steps.map((s) => h('li', {}, richText(s))));
  els.sample.textContent = `jnp.array([${ex.sample.values.join(', ')}], '${ex.sample.dtype}')`;
  if (changed) editor.open(ex.id, store.loadCode(ex.id) ?? ex.starter);
  if (shared !== null && shared !== editor.getCode()) {
    editor.setCode(shared);
    saveNow();
  }
  if (changed) {
    renderer.idle(ex);
    els.notice.replaceChildren(...richText(ex.notice));
    els.shareRow.hidden = true;
    timeline.reset();
  }
  if (location.hash !== `#${ex.id}`) history.replaceState(null, '', `#${ex.id}`);
}

async function openFromHash() {
  const payload = sharePayload(location.hash);
  if (payload === null) {
    const fromHash = findExercise(location.hash.slice(1));
    selectExercise(fromHash?.id ?? findExercise(store.lastExercise())?.id ?? exercises[0].id);
    return;
  }
  try {
    const { exercise, code } = await decodeShare(payload, (id) => Boolean(findExercise(id)));
    selectExercise(exercise, { shared: code });
    showMessage(`Opened a shared link for “${findExercise(exercise).title}”. If you had code of your own here, Undo (Ctrl+Z) in the editor brings it back.`, 'info');
  } catch (err) {
    const reason = err?.name === 'ShareError' ? err.message : 'it could not be decoded';
    selectExercise(exercises[0].id);
    showMessage(`This share link could not be opened: ${reason}. Showing the first exercise instead.`, 'error');
  }
}

// ---------------------------------------------------------------- run, check, export

function setBusy(busy) {
  state.busy = busy;
  const can = state.ready && !busy;
  els.run.disabled = !can;
  els.check.disabled = !can;
  els.exportTrace.disabled = !can;
  els.result.setAttribute('aria-busy', String(busy));
}

function markError(err) {
  if (!err) return;
  const line = editor.showError({ line: err.line, column: err.column, message: `${err.title}\n${err.name}: ${err.message}`, syntax: err.name === 'SyntaxError' });
  document.body.dataset.errorLine = String(line);
}

async function start(kind) {
  if (!state.ready || state.busy) return null;
  setBusy(true);
  editor.clearErrors();
  delete document.body.dataset.errorLine;
  timeline.reset();
  renderer.clearOutput();
  const ex = state.exercise;
  els.notice.replaceChildren(...richText(kind === 'check' ? ex.checkNotice : ex.notice));
  const code = editor.getCode();
  saveNow();
  const pending = kind === 'check' ? engine.check(ex.id, code) : engine.run(ex.id, code);
  // While it runs, spans still open (a slow callback, a loop) grow with the engine's clock.
  const tick = () => {
    if (!state.busy) return;
    timeline.setNow(engine.engineNow());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const reply = await pending;
  setBusy(false);
  if (reply.timedOut) {
    timeline.stopOpen(engine.engineNow(), `stopped by the watchdog after ${Math.round(reply.limitMs / 1000)} s`);
    renderer.stopped(kind, reply.limitMs);
    announce(`${kind === 'check' ? 'Check' : 'Run'} stopped after ${Math.round(reply.limitMs / 1000)} seconds: it did not finish. The engine was restarted.`);
    return null;
  }
  if (reply.crashed) {
    renderer.failure(reply.message);
    announce(reply.message);
    return null;
  }
  if (reply.out.internalError) {
    renderer.run(ex, { error: reply.out.internalError, jaxpr: null });
    announce(reply.out.internalError.title);
    return null;
  }
  return reply.out;
}

async function run() {
  els.result.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
  const out = await start('run');
  if (!out) return;
  renderer.run(state.exercise, out);
  markError(out.error ?? out.jaxprError);
  announce(out.result
    ? `Run finished: ${state.exercise.entry} returned ${out.result.values}, ${out.result.dtype}, shape ${out.result.shape}.${out.error ? ` Then: ${out.error.title}.` : ''}`
    : `Run failed: ${out.error?.title ?? 'no result'}.`);
}

async function check() {
  renderer.checking();
  const out = await start('check');
  if (!out) return;
  renderer.checks(out);
  markError(out.error);
}

async function exportTrace() {
  if (!state.ready || state.busy) return;
  setBusy(true);
  const reply = await engine.traceEvents();
  setBusy(false);
  if (!reply.data) {
    announce('The trace could not be exported.');
    return;
  }
  const blob = new Blob([JSON.stringify(reply.data)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: 'jaxplay-trace.json', hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function copyLink() {
  const payload = await encodeShare({ exercise: state.exercise.id, code: editor.getCode() });
  const link = `${location.origin}${location.pathname}${SHARE_PREFIX}${payload}`;
  els.shareRow.hidden = false;
  els.shareLink.value = link;
  els.shareLink.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    // Clipboard access denied: the link is selected in the box for Ctrl+C.
  }
  els.shareStatus.textContent = copied ? 'Link copied to the clipboard.' : 'Press Ctrl+C (⌘C) to copy the selected link.';
}

function wire() {
  els.run.addEventListener('click', run);
  els.check.addEventListener('click', check);
  els.exportTrace.addEventListener('click', exportTrace);
  els.copyLink.addEventListener('click', copyLink);
  els.messageClose.addEventListener('click', () => { els.message.hidden = true; });
  els.reset.addEventListener('click', () => {
    editor.setCode(state.exercise.starter);
    editor.clearErrors();
    saveNow();
    editor.focus();
  });
  // The skip link lands in the editor itself (its container is not focusable).
  document.querySelector('.skip-link').addEventListener('click', (e) => {
    e.preventDefault();
    editor.focus();
  });
  $('timeline-fit').addEventListener('click', () => timeline.chart.fit());
  $('timeline-zoom-in').addEventListener('click', () => timeline.chart.zoomBy(0.6));
  $('timeline-zoom-out').addEventListener('click', () => timeline.chart.zoomBy(1 / 0.6));
  // Ctrl/Cmd+Enter runs from anywhere on the page (the editor handles its own first).
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      run();
    }
  });
  window.addEventListener('hashchange', () => {
    if (sharePayload(location.hash) !== null) openFromHash();
    else if (findExercise(location.hash.slice(1)) && location.hash.slice(1) !== state.exercise.id) selectExercise(location.hash.slice(1));
  });
  window.addEventListener('pagehide', saveNow);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => timeline.refreshPalette());
}

buildTabs();
wire();
setBusy(false);
openFromHash().then(() => setReady.page());
whenReady.then(() => {
  performance.mark('jaxplay-ready');
  document.body.dataset.ready = 'true';
});

// For tests and the curious: the page's parts, from the devtools console.
window.__jaxplay = { editor, timeline, engine };
