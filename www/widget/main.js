// The exercise widget inside its iframe (www/widget.html, bundled into www/dist/widget.js): the
// playground's editor, result, checks, jaxpr and timeline panels around its own engine worker,
// driven by the host page's <jaxplay-exercise> element (www/embed.js) through the protocol in
// protocol.js. The frame's URL hash carries what the first paint needs (host origin, exercise
// id, panels, language, theme); the host's `init` answer carries starter code, a custom
// exercise and the code the host page kept for this widget, which keeps every change the frame
// posts (the frame stores nothing: a cross-site frame's storage is partitioned or blocked).
// early.js reads the URL and makes the engine (boot.js starts its downloads once this module is
// in); host.js is the checked line to the host page.

// First: the engine, made before the rest of the bundle is evaluated.
import { params, host, language, LANGUAGES, engine, attachEngine } from './early.js';
import { h, richText } from '../app/dom.js';
import { createEditor } from '../app/editor.js';
import { createTimeline } from '../app/timeline.js';
import { fillTimelineCard } from '../app/timeline-markup.js';
import { createRenderer } from '../app/render.js';
import { createLinker } from '../app/linking.js';
import { createSession } from '../app/session.js';
import { post, listenToHost, reportHeight } from './host.js';
import { MAX_CODE } from './protocol.js';
import { resolveExercise, ExerciseError, builtInExercises } from './exercise.js';
import { gradeCustom, customPlan } from './grader.js';
import { makePlan } from '../check/plan.js';
import { verdict } from '../check/verdict.js';
import { applyTheme } from './theme.js';
import { createHelp } from './help.js';
import { inLanguage } from '../exercises-python.js';

const PANELS = ['task', 'editor', 'hints', 'result', 'checks', 'jaxpr', 'timeline', 'output'];
const DEFAULT_PANELS = PANELS.filter((p) => p !== 'task');

const $ = (id) => document.getElementById(id);
fillTimelineCard($('timeline-card'));
const els = {
  status: $('engine-status'), run: $('run'), check: $('check'), reset: $('reset'), storageNote: $('storage-note'),
  level: $('task-level'), title: $('task-title'), intro: $('task-intro'), steps: $('task-steps'),
  result: $('result'), checkCard: $('check-card'), checkStale: $('check-stale'), checkSummary: $('check-summary'), checkList: $('check-list'), jaxpr: $('jaxpr'),
  output: $('print-output'), outputCard: $('output-card'), outputEmpty: $('output-empty'),
  notice: $('timeline-notice'), announcer: $('announcer'), message: $('widget-message'), messageText: $('widget-message-text'),
};

const state = {
  host: null, // the host page's origin, once verified
  exercise: null, // the exercise shown (built-in or custom), once known
  ref: null, // what the engine is told: a built-in id or { custom: data }
  starter: '',
  configured: false, // exercise and code in place: the editor is usable
  engineReady: false,
  busy: false,
  failed: null, // a configuration error: nothing can run
  readySent: false,
  persistent: true, // whether the host page keeps the code (init's `persistent`)
};
// Settled once the widget is ready (or has failed): requests made earlier wait for it.
let resolveReady;
const whenReady = new Promise((resolve) => { resolveReady = resolve; });
let resolveConfigured;
const whenConfigured = new Promise((resolve) => { resolveConfigured = resolve; });
// Waiting for the engine to be (back) up: after the watchdog restarts it, or before it loads.
let engineWaiters = [];
const engineSettled = () => (state.engineReady || state.failed ? Promise.resolve() : new Promise((resolve) => engineWaiters.push(resolve)));

// ---------------------------------------------------------------- talking to the host


/** Shows a problem inside the widget and tells the host (`jaxplay-error`). */
function report(text) {
  els.messageText.textContent = els.message.hidden ? text : `${els.messageText.textContent}\n${text}`;
  els.message.hidden = false;
  post('error', { message: text });
}

/**
 * Starts reporting the frame's height to the host, once the widget shows what it will show (its
 * exercise and code, or why it cannot): a half-built widget's height would only make the page jump.
 */
let sizing = false;
function startSizing() {
  if (!sizing) reportHeight($('widget'));
  sizing = true;
}

/** A problem that stops the widget: nothing can run. Requests waiting on it settle. */
function fail(text) {
  state.failed ??= text;
  resolveReady();
  resolveConfigured();
  for (const resolve of engineWaiters.splice(0)) resolve();
  setBusy(state.busy);
  showPanels([]); // an empty editor would only invite typing that cannot run
  report(text);
  startSizing();
}

function announce(text) {
  els.announcer.textContent = '';
  requestAnimationFrame(() => { els.announcer.textContent = text; });
}

// ---------------------------------------------------------------- panels, task, theme

function choosePanels() {
  const raw = params.get('panels');
  if (raw === null || raw.trim() === '') return DEFAULT_PANELS;
  const names = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !PANELS.includes(n));
  if (unknown.length) report(`panels: unknown panel ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${PANELS.join(', ')})`);
  const known = names.filter((n) => PANELS.includes(n));
  return known.length ? known : DEFAULT_PANELS;
}

function showPanels(panels) {
  for (const el of document.querySelectorAll('[data-panel]')) el.hidden = !panels.includes(el.dataset.panel);
  // Check shows its verdict in the checks panel only: without it the button would do nothing
  // visible (the host's check() still answers).
  els.check.hidden = !panels.includes('checks');
}

function showTask(ex) {
  els.level.textContent = ex.level;
  els.title.textContent = ex.title;
  $('widget-name').textContent = `jaxplay exercise: ${ex.title}`;
  els.intro.replaceChildren(...ex.intro.map((p) => h('p', {}, richText(p))));
  els.steps.replaceChildren(...ex.steps.map((s) => h('li', {}, richText(s))));
  els.notice.replaceChildren(...richText(ex.notice ?? ''));
  els.notice.hidden = !ex.notice; // an author's exercise has none: no empty box
}

function setTheme(theme) {
  if (applyTheme(theme)) timeline.refreshPalette();
}

// ---------------------------------------------------------------- panels' modules

const renderer = createRenderer(els);
const timeline = createTimeline({
  canvas: $('timeline-canvas'), wrap: $('timeline-wrap'), tooltip: $('timeline-tooltip'),
  tableBody: $('timeline-events'), tableWrap: $('timeline-table-wrap'),
  pagerInfo: $('timeline-page-info'), prev: $('timeline-prev'), next: $('timeline-next'),
  summary: $('timeline-summary'), live: $('timeline-live'), sequenceToggle: $('timeline-sequence'),
}, { onLink: (item) => linker.fromTimeline(item) });
const editor = createEditor({
  parent: $('editor'),
  labelledBy: 'editor-label',
  describedBy: 'editor-help',
  onRun: () => run(null),
  onChange: (code) => {
    save(code);
    renderer.checksStale('The code changed since this Check: press Check again.');
  },
  onLine: (line) => linker.fromEditor(line),
});
const linker = createLinker({ editor, timeline, jaxpr: els.jaxpr });
const help = createHelp({ box: $('coach'), editor, announce });

function setBusy(busy) {
  state.busy = busy;
  const can = state.engineReady && state.configured && !busy && !state.failed;
  els.run.disabled = !can;
  els.check.disabled = !can;
  els.reset.disabled = !state.configured || busy;
  els.result.setAttribute('aria-busy', String(busy));
}

function listenToEngine() {
  attachEngine({
    onState(s, detail) {
      state.engineReady = s === 'ready';
      document.body.dataset.engine = s;
      els.status.textContent = { loading: 'Loading engine…', ready: 'Engine ready', restarting: 'Restarting engine…', failed: 'Engine failed' }[s];
      els.status.className = `pill ${s === 'ready' ? 'ok' : s === 'failed' ? 'error' : ''}`;
      if (s === 'failed') {
        renderer.failure(detail);
        fail(detail ?? 'The engine failed to load.');
      }
      if (s === 'ready') for (const resolve of engineWaiters.splice(0)) resolve();
      setBusy(state.busy);
      maybeReady();
    },
    onEvents: (events) => timeline.add(events),
    onPrint: (line) => renderer.print(line),
  });
}

function maybeReady() {
  if (state.readySent || !state.configured || !state.engineReady || state.failed) return;
  state.readySent = true;
  performance.mark('jaxplay-widget-ready');
  document.body.dataset.ready = 'true';
  const ex = state.exercise;
  post('ready', { exercise: { id: ex.id, title: ex.title, entry: ex.entry } });
  resolveReady();
}

// ---------------------------------------------------------------- code and storage

/**
 * Hands the code to the host page, which keeps it: at once, on every change, since a reload
 * unloads the host page before this frame (a change held back here would be lost).
 */
function save(code) {
  if (!state.configured) return;
  // The protocol carries at most MAX_CODE characters: longer code is not kept, and the note says so.
  const tooLong = code.length > MAX_CODE;
  if (!tooLong) post('code', { code });
  storageNote(tooLong ? code.length : 0);
}

/** The note under the editor: code not kept by the page, or too long (`length`) to be kept. */
function storageNote(length = 0) {
  const text = length
    ? `Your code is ${length} characters long, more than the ${MAX_CODE} this page keeps: a reload would bring back your last shorter version.`
    : state.persistent ? '' : 'This page does not keep your code: it is kept only until the page is closed or reloaded.';
  els.storageNote.hidden = !text;
  els.storageNote.textContent = text;
}

/** The host's `init`: exercise (built-in or custom), starter code and the host's saved code. */
function configure({ starter, custom, saved, persistent }) {
  if (state.configured || state.failed) return;
  let exercise = null;
  if (custom !== null) {
    let data;
    try {
      data = JSON.parse(custom);
    } catch (err) {
      return fail(`custom exercise: the <script type="application/json"> is not valid JSON: ${err.message}`);
    }
    try {
      exercise = resolveExercise({ custom: data }, language);
      state.ref = { custom: data };
    } catch (err) {
      if (err instanceof ExerciseError) return fail(err.message);
      throw err;
    }
  } else {
    const id = params.get('exercise');
    if (!id) return fail('no exercise: set exercise="…" to an exercise id, or put the exercise in a <script type="application/json"> child');
    exercise = resolveExercise(id);
    if (!exercise) return fail(`unknown exercise "${id}" (known: ${builtInExercises.map((e) => e.id).join(', ')})`);
    state.ref = exercise.id;
    // The course's names, starter, checks' words in the widget's language (python: the course's own).
    exercise = inLanguage(exercise, language);
  }
  state.exercise = exercise;
  state.starter = starter ?? exercise.starter;
  showTask(exercise);
  help.show(exercise);
  state.persistent = persistent;
  storageNote();
  editor.open(exercise.id, saved ?? state.starter, language);
  performance.mark('jaxplay-widget-editor'); // first paint of task and editor (bench/widget.mjs)
  renderer.idle(exercise);
  startSizing();
  state.configured = true;
  resolveConfigured();
  setBusy(false);
  maybeReady();
}

// ---------------------------------------------------------------- run and check

const errorText = (e) => (e ? `${e.title}: ${e.name ? `${e.name}: ` : ''}${e.message}` : 'no result');

// The Run / Check flow, shared with the playground (app/session.js).
const session = createSession({ engine, editor, timeline, linker, renderer, setBusy });

/** Why a request ended without an answer, as the host is told. */
function failureOf({ stopped, limitMs, message, error }) {
  if (stopped === 'timeout') return `stopped after ${Math.round(limitMs / 1000)} s: it did not finish (an endless loop?)`;
  if (stopped === 'memory') return 'stopped: the code used too much memory (the sandbox was restarted)';
  if (stopped === 'crash') return message;
  return errorText(error);
}

/** Waits for the widget and its engine; the configuration error that stops them, if any. */
async function settled() {
  await whenReady;
  await engineSettled();
  return state.failed;
}

// One request at a time, in order: the host's and the learner's.
let queue = Promise.resolve();
const enqueue = (fn) => {
  const next = queue.then(fn);
  queue = next.catch(() => {});
  return next;
};

function run(id) {
  return enqueue(async () => {
    if (state.failed) return done('run', id, { ok: false, error: state.failed });
    els.result.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
    const failed = await settled();
    if (failed) return done('run', id, { ok: false, error: failed });
    const answer = await session.request('run', (code) => engine.run(state.ref, code, language));
    if (answer.stopped) return done('run', id, { ok: false, error: failureOf(answer) });
    const { out } = answer;
    session.showRun(state.exercise, out);
    // The host gets the values as data (the text shown is the language's: `(3,)` in Python).
    const value = out.result ? { values: out.result.data.values, shape: out.result.data.shape, dtype: out.result.dtype } : undefined;
    announce(out.result && !out.error ? `Run finished: ${out.label} returned ${out.result.values}.` : `Run failed: ${out.error?.title ?? 'no result'}.`);
    return done('run', id, out.result && !out.error ? { ok: true, value } : { ok: false, ...(value ? { value } : {}), error: errorText(out.error) });
  });
}

function check(id) {
  return enqueue(async () => {
    await whenReady; // the editor holds the learner's code only once configured
    if (state.failed) return done('check', id, { passed: false, checks: [], error: state.failed });
    const ex = state.exercise;
    const failed = await settled();
    if (failed) return done('check', id, { passed: false, checks: [], error: failed });
    const answer = await session.check(ex, language, {
      makePlan: ex.custom ? customPlan : makePlan,
      grade: ex.custom ? gradeCustom : verdict,
      send: (code, plan) => engine.check(state.ref, code, plan, language),
      // An author's exercise has no known starter to recognise.
      starter: !ex.custom,
    });
    if (answer.stopped && answer.stopped !== 'internal') {
      const failure = failureOf(answer);
      renderer.checkUnfinished(failure);
      return done('check', id, { passed: false, checks: [], error: failure });
    }
    // The code broke the engine under Check: a failed check of its own, as on the playground.
    const checks = answer.results.map((r) => ({ name: r.name, ok: r.pass, message: r.detail }));
    if (answer.stopped) return done('check', id, { passed: false, checks });
    return done('check', id, { passed: checks.length > 0 && checks.every((c) => c.ok), checks });
  });
}

/** Tells the host a Run or Check finished (the event), and answers its request if it made one. */
function done(type, id, detail) {
  post(type, { id, detail });
  if (id !== null) post('reply', { id, value: detail });
  return detail;
}

function reset() {
  if (!state.configured) return;
  editor.setCode(state.starter);
  editor.clearErrors();
}

// ---------------------------------------------------------------- host requests

async function onHostMessage(msg) {
  switch (msg.type) {
    case 'init': return configure(msg);
    case 'theme': return setTheme(msg.theme);
    case 'get-code':
      await whenConfigured;
      return post('reply', { id: msg.id, value: editor.getCode() });
    case 'set-code':
      await whenConfigured;
      editor.setCode(msg.code);
      return post('reply', { id: msg.id, value: null });
    case 'reset':
      await whenConfigured;
      reset();
      return post('reply', { id: msg.id, value: null });
    case 'run': return run(msg.id);
    case 'check': return check(msg.id);
    default: return null;
  }
}



function wire() {
  els.run.addEventListener('click', () => run(null));
  els.check.addEventListener('click', () => check(null));
  els.reset.addEventListener('click', () => { reset(); editor.focus(); });
  $('timeline-fit').addEventListener('click', () => timeline.chart.fit());
  $('timeline-zoom-in').addEventListener('click', () => timeline.chart.zoomBy(0.6));
  $('timeline-zoom-out').addEventListener('click', () => timeline.chart.zoomBy(1 / 0.6));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      run(null);
    }
  });
}

function boot() {
  setTheme(params.get('theme') === 'dark' ? 'dark' : 'light');
  wire();
  setBusy(false);
  state.host = host;
  if (!state.host) {
    fail('This is the inside of an embedded jaxplay exercise: put <jaxplay-exercise> on a page with www/embed.js (see the README, "Embed an exercise").');
    return;
  }
  listenToHost(onHostMessage);
  document.body.dataset.language = language; // shows the language's words only (data-only)
  if (language !== 'js') $('editor-help').textContent = $('editor-help').textContent.replace(/^JavaScript editor\./, 'Python editor.');
  showPanels(choosePanels());
  if (engine) {
    // First paint does not wait for the engine: the task shows now, the engine loads meanwhile.
    const builtIn = resolveExercise(params.get('exercise') ?? '');
    if (builtIn) showTask(inLanguage(builtIn, language));
    listenToEngine();
  } else {
    fail(`language "${language}" is not supported (supported: ${LANGUAGES.join(', ')})`);
  }
  // Even a failed widget greets the host, so that the host's requests get their answers.
  post('hello');
}

boot();

// For tests and the curious, as on the playground.
window.__jaxplay = { editor, timeline, engine };
