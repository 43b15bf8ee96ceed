// The playground page: exercise tabs and the examples gallery, CodeMirror editor, Run / Check,
// result, printed output, jaxpr, the schedule explorer, share links and the live canvas
// timeline. Learner code never runs on this thread: the engine worker (www/worker.js) runs it
// and sends back plain data, rendered as text. Bundled by scripts/bundle.mjs into www/dist/app.js.

import { findItem, firstExercise, firstExample, exercises, EXAMPLES_TAB, examples } from './app/items.js';
import { h, richText } from './app/dom.js';
import { RUN_LIMIT_MS, CHECK_LIMIT_MS } from './app/engine-client.js';
import { engine, attachEngine } from './app/early.js';
import { fillTimelineCard } from './app/timeline-markup.js';
import { createEditor } from './app/editor.js';
import { createTimeline } from './app/timeline.js';
import { createRenderer } from './app/render.js';
import { createGallery } from './app/gallery.js';
import { createExplorer } from './app/explorer.js';
import { createLinker } from './app/linking.js';
import { createSession } from './app/session.js';
import { encodeShare, decodeShare, sharePayload, decodeHash, SHARE_PREFIX } from './app/share.js';
import { toTraceEvents } from './lib/tracefile.js';
import * as store from './app/storage.js';
import { makePlan } from './check/plan.js';
import { verdict } from './check/verdict.js';
import { createCoach } from './check/coach.js';
import { guidance } from './check/guidance.js';
import { languageOf, rememberLanguage, inItemLanguage, createLanguageSwitch, createScopeNotes } from './app/language.js';

fillTimelineCard(document.getElementById('timeline-card'), { more: true, eventsOpen: true });
document.getElementById('footer-text').textContent = 'Your code runs in a sandboxed Web Worker, in a process of its own where the browser allows it; '
  + `Run stops it after ${RUN_LIMIT_MS / 1000} seconds and Check after ${CHECK_LIMIT_MS / 1000}. Nothing is sent anywhere.`;

const $ = (id) => document.getElementById(id);
const els = {
  status: $('engine-status'), tabs: $('exercise-tabs'), panel: $('exercise-panel'),
  level: $('task-level'), title: $('task-title'), intro: $('task-intro'), steps: $('task-steps'), sample: $('task-sample'),
  stepsBlock: $('task-steps-block'), taskScope: $('task-scope'), exampleScope: $('example-scope'), picker: $('example-picker'),
  checkCard: $('check-card'), checkStale: $('check-stale'), coach: $('coach'),
  run: $('run'), check: $('check'), reset: $('reset'), copyLink: $('copy-link'),
  shareRow: $('share-row'), shareLink: $('share-link'), shareStatus: $('share-status'),
  result: $('result'), checkSummary: $('check-summary'), checkList: $('check-list'), jaxpr: $('jaxpr'),
  output: $('print-output'), outputCard: $('output-card'), outputEmpty: $('output-empty'),
  notice: $('timeline-notice'), more: $('timeline-more'), exportTrace: $('export-trace'), announcer: $('announcer'),
  sharedRow: $('shared-row'), sharedStatus: $('shared-status'), sharedSwitch: $('shared-switch'),
  message: $('page-message'), messageText: $('page-message-text'), messageClose: $('page-message-close'),
};

// `item`: what the editor holds, an exercise or an example (app/items.js); `view`: whether it
// shows the learner's own code for it or code opened from a share link ('own' | 'shared').
const state = { item: null, view: 'own', ready: false, busy: false, saveTimer: null };
const setReady = { engine: null, page: null };
const whenReady = Promise.all([
  new Promise((resolve) => { setReady.engine = resolve; }),
  new Promise((resolve) => { setReady.page = resolve; }),
]);

let explorer = null; // created below; setBusy may run before that (engine state changes)
let linker = null; // created below, after the editor and timeline it links

const renderer = createRenderer(els);
// The engine was started by app/boot.js, before this module loaded: loading it is the slowest
// part of getting ready. What it said meanwhile is replayed now.
attachEngine({
  onState(s, detail) {
    state.ready = s === 'ready';
    document.body.dataset.engine = s;
    const text = { loading: 'Loading engine…', ready: 'Engine ready', failed: detail ?? 'The engine failed' }[s];
    els.status.textContent = text;
    els.status.className = `pill ${s === 'ready' ? 'ok' : s === 'failed' ? 'error' : ''}`;
    if (s === 'ready') setReady.engine();
    if (s === 'failed') renderer.failure(detail);
    setBusy(state.busy);
  },
  onEvents: (events) => timeline.add(events),
  onPrint: (line) => renderer.print(line),
});

const timeline = createTimeline({
  canvas: $('timeline-canvas'), wrap: $('timeline-wrap'), tooltip: $('timeline-tooltip'),
  tableBody: $('timeline-events'), tableWrap: $('timeline-table-wrap'),
  pagerInfo: $('timeline-page-info'), prev: $('timeline-prev'), next: $('timeline-next'),
  summary: $('timeline-summary'), live: $('timeline-live'), sequenceToggle: $('timeline-sequence'),
}, { onLink: (item) => linker?.fromTimeline(item) });
const editor = createEditor({
  parent: $('editor'),
  labelledBy: 'editor-label',
  describedBy: 'editor-help',
  onRun: () => run(),
  onCheck: () => check(),
  onChange: (code) => {
    scheduleSave(code);
    renderer.checksStale('The code changed since this Check: press Check again.');
  },
  onLine: (line) => linker?.fromEditor(line),
});
// Jaxpr equations ↔ editor lines ↔ timeline slices, through each one's source line.
linker = createLinker({ editor, timeline, jaxpr: els.jaxpr });
const gallery = createGallery({ select: $('example-select'), position: $('example-position'), onPick: (key) => select(key) });
explorer = createExplorer({
  form: $('explorer-form'), seed: $('explorer-seed'), newSeed: $('explorer-new-seed'), reorder: $('explorer-reorder'),
  duplicate: $('explorer-duplicate'), merge: $('explorer-merge'), run: $('explorer-run'),
  summary: $('explorer-summary'), columns: $('explorer-columns'),
}, { onRun: (schedule) => explore(schedule), announce });

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

/** Saves `code` as what the editor shows for the item: the learner's own code or the shared one. */
function save(key, view, code) {
  if (view === 'shared') store.saveShared(key, code);
  else store.saveCode(key, code);
}

function scheduleSave(code) {
  clearTimeout(state.saveTimer);
  const key = state.item?.codeKey;
  const { view } = state;
  state.saveTimer = setTimeout(() => { if (key) save(key, view, code); }, 200);
}

function saveNow() {
  clearTimeout(state.saveTimer);
  if (state.item) save(state.item.codeKey, state.view, editor.getCode());
}

/** Opens the item's own or shared code in the editor (each with its own undo history). */
function openCode(item, view) {
  state.view = view;
  store.setView(item.codeKey, view);
  const code = (view === 'shared' ? store.loadShared(item.codeKey) : store.loadCode(item.codeKey)) ?? item.starter;
  // A gallery program is also given `show_jaxpr` (app/program.js): lint knows it is defined.
  editor.open(view === 'shared' ? `shared:${item.codeKey}` : item.codeKey, code, item.language, { globals: item.kind === 'example' ? ['show_jaxpr'] : [] });
  // The editor keeps each text's state (undo history); a newly opened link replaces the text.
  if (editor.getCode() !== code) editor.setCode(code);
  showSharedRow(item);
}

function showSharedRow(item) {
  const has = store.loadShared(item.codeKey) !== null;
  els.sharedRow.hidden = !has;
  if (!has) return;
  const shared = state.view === 'shared';
  els.sharedStatus.textContent = shared
    ? 'You are looking at code from a share link. Your own code for this is kept.'
    : 'Your own code. The code from the share link you opened is kept too.';
  els.sharedSwitch.textContent = shared ? 'Back to my code' : 'Show the shared code';
}

function switchView() {
  saveNow();
  openCode(state.item, state.view === 'shared' ? 'own' : 'shared');
  announce(state.view === 'shared' ? 'Showing the shared code.' : 'Showing your own code.');
  editor.focus();
}

// ---------------------------------------------------------------- exercises

function buildTabs() {
  const tab = (id, level, title, onclick) => els.tabs.append(h('button', {
    type: 'button', role: 'tab', id: `tab-${id}`, class: 'tab',
    'aria-controls': 'exercise-panel', 'aria-selected': 'false', tabindex: '-1',
    dataset: { tab: id }, onclick,
  }, h('span', { class: 'tab-level' }, level), h('span', { class: 'tab-title' }, title)));
  for (const ex of exercises) tab(ex.id, ex.level, ex.title, () => select(ex.id));
  tab(EXAMPLES_TAB, 'Gallery', `${examples.length} examples`, () => openExamples());
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
    next.click();
    next.focus();
  });
}

/** The Examples tab: the example open last, or the first one. */
function openExamples() {
  select(findItem(store.lastExample())?.key ?? firstExample().key);
}

function showTask(item) {
  const ex = item.data;
  const example = item.kind === 'example';
  els.picker.hidden = !example;
  els.stepsBlock.hidden = example;
  els.taskScope.hidden = example;
  els.exampleScope.hidden = !example;
  els.check.hidden = example;
  els.checkCard.hidden = example;
  if (example) {
    gallery.show(ex, item.language);
    els.level.textContent = `Example · ${ex.topic}`;
    els.intro.replaceChildren(h('h3', {}, 'What to notice'), ...ex.explain.map((p) => h('p', {}, richText(p))));
  } else {
    els.level.textContent = ex.level;
    els.intro.replaceChildren(...ex.intro.map((p) => h('p', {}, richText(p))));
    els.steps.replaceChildren(...ex.steps.map((s) => h('li', {}, richText(s))));
    els.sample.textContent = `jnp.array([${ex.sample.values.join(', ')}], '${ex.sample.dtype}')`;
  }
  coach.show(example ? null : ex);
  els.title.textContent = ex.title;
}

/**
 * Shows the item with `key` in `language` (else the one it opens in); `reopen`: load its code
 * again (a share link was just stored).
 */
function select(key, { reopen = false, language = null } = {}) {
  const found = findItem(key) ?? firstExercise();
  const item = inItemLanguage(found, language ?? languageOf(found));
  if (language) rememberLanguage(found, item.language);
  engine.prepare(item.language); // the worker that runs this language starts loading now
  if (state.item) saveNow();
  const changed = state.item?.codeKey !== item.codeKey;
  state.item = item;
  store.rememberExercise(item.key);
  if (item.kind === 'example') store.rememberExample(item.key);
  for (const tab of els.tabs.querySelectorAll('[role="tab"]')) {
    const selected = tab.dataset.tab === item.tab;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  els.panel.setAttribute('aria-labelledby', `tab-${item.tab}`);
  document.body.dataset.exercise = item.key;
  document.body.dataset.mode = item.kind;
  document.body.dataset.language = item.language;
  scopeNotes.show(item);
  showTask(item);
  languageSwitch.show(item);
  if (changed || reopen) openCode(item, store.viewOf(item.codeKey));
  if (changed) {
    renderer.idle(item.kind === 'exercise' ? item.data : null);
    renderer.checksCurrent();
    // Before anything ran, an exercise's notice says what a working solution will show.
    els.notice.replaceChildren(...richText(item.kind === 'exercise' ? `Once your code works: ${item.notice}` : item.notice));
    els.shareRow.hidden = true;
    explorer.reset();
    // Examples about order open By order; everything else in time.
    timeline.setSequence(item.kind === 'example' && item.data.timeline === 'order');
    timeline.reset();
    showHiddenEvents(0);
    linker.clear();
  }
  if (location.hash !== `#${item.key}`) history.replaceState(null, '', `#${item.key}`);
}

async function openFromHash() {
  const payload = sharePayload(location.hash);
  if (payload === null) {
    const hash = decodeHash(location.hash);
    if (hash === null) {
      select(findItem(store.lastExercise())?.key ?? firstExercise().key);
      showMessage('The address after # could not be read (it is not valid percent-encoded text), so it was ignored.', 'error');
      return;
    }
    const fromHash = hash === EXAMPLES_TAB ? findItem(store.lastExample()) ?? firstExample() : findItem(hash);
    select(fromHash?.key ?? findItem(store.lastExercise())?.key ?? firstExercise().key);
    return;
  }
  try {
    const { exercise, code, language } = await decodeShare(payload, (id) => Boolean(findItem(id)));
    if (state.item) saveNow();
    const { codeKey } = inItemLanguage(findItem(exercise), language ?? 'js');
    store.saveShared(codeKey, code);
    store.setView(codeKey, 'shared');
    select(exercise, { reopen: true, language: language ?? 'js' });
    const own = store.loadCode(codeKey) !== null;
    showMessage(`Opened a shared link for “${findItem(exercise).title}”.${own ? ' Your own code for it is kept: “Back to my code” below the editor shows it.' : ''}`, 'info');
  } catch (err) {
    const reason = err?.name === 'ShareError' ? err.message : 'it could not be decoded';
    select(firstExercise().key);
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
  explorer?.setEnabled(can);
  els.result.setAttribute('aria-busy', String(busy));
}

const WHAT = { run: 'Run', check: 'Check', explore: 'The comparison' };

// The Run / Check flow, shared with the widget (app/session.js); what this page adds: the
// notice, saving the code, the hidden-event count and spoken announcements.
const session = createSession({
  engine, editor, timeline, linker, renderer, setBusy,
  before(kind) {
    showHiddenEvents(0);
    const item = state.item;
    els.notice.replaceChildren(...richText(kind === 'check' ? item.data.checkNotice : item.notice));
    saveNow();
    // A watchdog message from an earlier Check no longer describes anything.
    if (kind === 'check' && els.result.querySelector('#watchdog-message, #memory-message')) renderer.idle(item.data, { checks: false });
  },
  after(kind, { stopped, reply, limitMs, message, error }) {
    showHiddenEvents(reply.hiddenEvents, reply.eventsCut);
    if (stopped === 'timeout') announce(`${WHAT[kind]} stopped after ${Math.round(limitMs / 1000)} seconds: it did not finish. The engine was restarted.`);
    if (stopped === 'memory') announce(`${WHAT[kind]} stopped: your code used too much memory. A fresh sandbox was started; your code is kept.`);
    if (stopped === 'crash') announce(message);
    if (stopped === 'internal') announce(error.title);
  },
});

/** Sends the editor's code for `kind` (run, explore); resolves to the worker's answer or null. */
async function start(kind, options = {}) {
  if (!state.ready || state.busy) return null;
  const item = state.item;
  const exercise = item.kind === 'exercise' ? item.data : null;
  const { language } = item;
  const { out } = await session.request(kind, (code) => (kind === 'explore' ? engine.explore({ exerciseId: exercise?.id, code, schedule: options.schedule, language })
    : exercise ? engine.run(exercise.id, code, language) : engine.program(code, language)));
  return out ?? null;
}

/** "N more events not shown" past the per-request cap ("At least" when the rest was cut off unread). */
function showHiddenEvents(n, cut = false) {
  els.more.hidden = !(n > 0);
  els.more.textContent = n > 0 ? `${cut ? 'At least ' : ''}${n.toLocaleString('en-US')} more event${n === 1 ? '' : 's'} not shown` : '';
}

async function run() {
  els.result.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
  const item = state.item;
  const out = await start('run');
  if (!out) return;
  if (item.kind === 'example') {
    renderer.program(out, item.language);
    if (out.jaxprs?.some((j) => j.layout)) linker.showJaxpr(out.jaxprs);
    session.markError(out.error);
    announce(out.error
      ? `Run failed: ${out.error.title}. ${out.error.name}: ${out.error.message}`
      : out.main === false ? 'Run finished: the program ran; it defines no main(), so there is no value to show.'
        : `Run finished: main() returned ${(out.value ?? '').split('\n').join('; ')}.`);
    return;
  }
  session.showRun(item.data, out);
  coach.tried(item.data);
  showGuidance(item.data, 'run');
  announce(out.result
    ? `Run finished: ${out.label} returned ${out.result.values}, ${out.result.dtype}, shape ${out.result.shape}.${out.error ? ` Then: ${out.error.title}.` : ''}`
    : `Run failed: ${out.error?.title ?? 'no result'}.`);
}

async function check() {
  if (state.item.kind !== 'exercise' || !state.ready || state.busy) return;
  const exercise = state.item.data;
  const { results, out, stopped } = await session.check(exercise, exercise.language, {
    makePlan,
    grade: verdict,
    send: (code, plan) => engine.check(exercise.id, code, plan, state.item.language),
  });
  if (stopped) return;
  coach.checked(exercise, results.every((r) => r.pass));
  // Untouched starter code is judged without running: there is no run to guide from.
  if (out) showGuidance(exercise, 'check');
}

function showGuidance(exercise, kind) {
  const text = guidance(exercise, kind, timeline.model.items());
  if (text) els.notice.replaceChildren(...richText(text));
}

/** The schedule explorer's request: both runs, side by side. */
async function explore(schedule) {
  const out = await start('explore', { schedule });
  if (!out) return null;
  els.result.replaceChildren(h('p', { class: 'muted' }, 'The schedule explorer ran this code twice; its host calls are compared below the editor. Press ', h('strong', {}, 'Run'), ' for a single run.'));
  return out;
}

function exportTrace() {
  if (!state.ready || state.busy) return;
  // The events the page was shown (the worker that recorded them is gone).
  const blob = new Blob([JSON.stringify(toTraceEvents(timeline.model.events()))], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: 'jaxplay-trace.json', hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function copyLink() {
  const payload = await encodeShare({ exercise: state.item.key, code: editor.getCode(), language: state.item.language });
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
  els.sharedSwitch.addEventListener('click', switchView);
  els.reset.addEventListener('click', () => {
    editor.setCode(state.item.starter);
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
  // Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter checks, from anywhere on the page (the editor
  // handles its own first).
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      if (e.shiftKey) check();
      else run();
    }
  });
  window.addEventListener('hashchange', () => {
    if (sharePayload(location.hash) !== null) openFromHash();
    else {
      const item = findItem(decodeHash(location.hash));
      if (item && item.key !== state.item.key) select(item.key);
    }
  });
  window.addEventListener('pagehide', saveNow);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => timeline.refreshPalette());
}

buildTabs();
const scopeNotes = createScopeNotes({ taskScope: els.taskScope, exampleScope: els.exampleScope, sample: els.sample }, h);
const languageSwitch = createLanguageSwitch(document.querySelector('.editor-head'), (language) => select(state.item.key, { language }), h, $('editor-help'));
const coach = createCoach({ box: els.coach, tabs: els.tabs, editor, announce, exercises });
wire();
setBusy(false);
openFromHash().then(() => setReady.page());
whenReady.then(() => {
  performance.mark('jaxplay-ready');
  document.body.dataset.ready = 'true';
});

// For tests and the curious: the page's parts, from the devtools console.
window.__jaxplay = { editor, timeline, engine, explorer, linker, coach, starterOf: (key) => findItem(key)?.starter ?? null, solutionOf: (key) => findItem(key)?.data.solution ?? null,
  // The same in a language: starterIn('pure-callback-doubler', 'python').
  starterIn: (key, language) => inItemLanguage(findItem(key), language).starter, solutionIn: (key, language) => inItemLanguage(findItem(key), language).data.solution ?? null };
