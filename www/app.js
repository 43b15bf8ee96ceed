// The playground page: exercise picker, editor, Run / Check, result, jaxpr and live timeline.
// Learner code runs on the main thread for now; everything it produces is shown as text.

import init, { jax, jnp, np, ioCallback } from './jaxplay.js';
import { exercises, findExercise } from './exercises.js';
import { h, richText, clear, nextFrame } from './app/dom.js';
import { createTimeline } from './app/timeline.js';
import { runSample, runChecks } from './app/runner.js';

const api = { jax, jnp, np, ioCallback };
const $ = (id) => document.getElementById(id);

const els = {
  status: $('engine-status'),
  tabs: $('exercise-tabs'),
  panel: $('exercise-panel'),
  level: $('task-level'),
  title: $('task-title'),
  intro: $('task-intro'),
  steps: $('task-steps'),
  sample: $('task-sample'),
  editor: $('editor'),
  run: $('run'),
  check: $('check'),
  reset: $('reset'),
  result: $('result'),
  checkSummary: $('check-summary'),
  checkList: $('check-list'),
  jaxpr: $('jaxpr'),
  notice: $('timeline-notice'),
  exportTrace: $('export-trace'),
};

const state = { exercise: null, code: new Map(), ready: false, busy: false };

const timeline = createTimeline({
  chart: $('timeline-chart'),
  tableBody: $('timeline-events'),
  summary: $('timeline-summary'),
});

// ---------------------------------------------------------------- exercise picker

function buildTabs() {
  for (const ex of exercises) {
    els.tabs.append(h('button', {
      type: 'button',
      role: 'tab',
      id: `tab-${ex.id}`,
      class: 'tab',
      'aria-controls': 'exercise-panel',
      'aria-selected': 'false',
      tabindex: '-1',
      dataset: { exercise: ex.id },
      onclick: () => selectExercise(ex.id),
    }, h('span', { class: 'tab-level' }, ex.level), h('span', { class: 'tab-title' }, ex.title)));
  }
  // Arrow keys move between tabs (and select them), as in the WAI-ARIA tabs pattern.
  els.tabs.addEventListener('keydown', (e) => {
    const tabs = [...els.tabs.querySelectorAll('[role="tab"]')];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    let next = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = tabs[(i + 1) % tabs.length];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = tabs[(i - 1 + tabs.length) % tabs.length];
    else if (e.key === 'Home') next = tabs[0];
    else if (e.key === 'End') next = tabs[tabs.length - 1];
    if (!next) return;
    e.preventDefault();
    selectExercise(next.dataset.exercise);
    next.focus();
  });
}

function selectExercise(id) {
  const ex = findExercise(id) ?? exercises[0];
  if (state.exercise) state.code.set(state.exercise.id, els.editor.value);
  state.exercise = ex;

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
  els.editor.value = state.code.get(ex.id) ?? ex.starter;

  resetOutputs();
  if (location.hash.slice(1) !== ex.id) history.replaceState(null, '', `#${ex.id}`);
}

function resetOutputs() {
  const ex = state.exercise;
  els.result.replaceChildren(h('p', { class: 'muted' },
    'Press ', h('strong', {}, 'Run'), ' to call ', h('code', {}, ex.entry), ' under ', h('code', {}, 'jax.jit'), '.'));
  els.checkSummary.className = 'check-summary muted';
  els.checkSummary.replaceChildren('Press ', h('strong', {}, 'Check'), ' to run the exercise\'s tests.');
  clear(els.checkList);
  els.jaxpr.textContent = 'Run your code to see its jaxpr.';
  els.notice.replaceChildren(...richText(ex.notice));
  if (state.ready) jax.timeline.clear();
  timeline.reset();
}

// ---------------------------------------------------------------- rendering results

function errorBox(err) {
  return h('div', { class: 'error-box' },
    h('p', { class: 'error-title' }, err.title),
    h('pre', { class: 'error-message' }, err.name ? `${err.name}: ${err.message}` : err.message),
    err.hint ? h('p', { class: 'error-hint' }, err.hint) : null);
}

function renderRun(out) {
  const ex = state.exercise;
  const parts = [];
  if (out.result) {
    const r = out.result;
    parts.push(
      h('p', { class: 'status ok' }, h('span', { 'aria-hidden': 'true' }, '✓ '),
        'Ran ', h('code', {}, ex.entry), ` on ${out.input.values} (${out.input.dtype}) and got:`),
      h('dl', { class: 'result-grid' },
        h('dt', {}, 'values'), h('dd', { class: 'mono', id: 'result-values' }, r.values),
        h('dt', {}, 'shape'), h('dd', { class: 'mono', id: 'result-shape' }, r.shape),
        h('dt', {}, 'dtype'), h('dd', { class: 'mono', id: 'result-dtype' }, r.dtype)),
      h('pre', { class: 'code-block repr' }, r.repr));
  }
  if (out.error) parts.push(errorBox(out.error));
  els.result.replaceChildren(...parts);
  if (out.jaxpr !== null) {
    els.jaxpr.textContent = out.jaxpr;
    els.jaxpr.classList.remove('has-error');
  } else if (out.jaxprError) {
    els.jaxpr.textContent = `${out.jaxprError.title}\n${out.jaxprError.name}: ${out.jaxprError.message}`;
    els.jaxpr.classList.add('has-error');
  } else {
    els.jaxpr.textContent = 'No jaxpr: the code could not be loaded.';
    els.jaxpr.classList.add('has-error');
  }
}

function renderChecks({ results, error }) {
  const passed = results.filter((r) => r.pass).length;
  const failed = results.length - passed;
  els.checkList.replaceChildren(...results.map((r) => h('li', { class: r.pass ? 'pass' : 'fail' },
    h('span', { class: 'check-icon', 'aria-hidden': 'true' }, r.pass ? '✓' : '✗'),
    h('span', { class: 'check-body' },
      h('span', { class: 'check-name' }, h('span', { class: 'visually-hidden' }, r.pass ? 'Passed: ' : 'Failed: '), richText(r.name)),
      h('span', { class: 'check-detail' }, r.detail)))));
  els.checkSummary.className = `check-summary ${failed === 0 ? 'all-pass' : 'some-fail'}`;
  els.checkSummary.textContent = failed === 0
    ? `All ${results.length} checks passed.`
    : `${failed} of ${results.length} checks failed${passed ? `, ${passed} passed` : ''}.`;
  if (error) els.result.replaceChildren(errorBox(error));
}

// ---------------------------------------------------------------- actions

function setBusy(busy) {
  state.busy = busy;
  els.run.disabled = busy || !state.ready;
  els.check.disabled = busy || !state.ready;
  els.exportTrace.disabled = !state.ready;
  els.result.setAttribute('aria-busy', String(busy));
}

function internalError(err) {
  return { title: 'The playground hit an unexpected problem', name: err?.name ?? 'Error', message: err?.message ?? String(err), hint: '' };
}

async function run() {
  if (!state.ready || state.busy) return;
  setBusy(true);
  jax.timeline.clear();
  timeline.reset();
  els.notice.replaceChildren(...richText(state.exercise.notice));
  els.result.replaceChildren(h('p', { class: 'muted' }, 'Running…'));
  try {
    renderRun(await runSample(api, state.exercise, els.editor.value, nextFrame));
  } catch (err) {
    renderRun({ error: internalError(err), jaxpr: null, jaxprError: internalError(err) });
  } finally {
    setBusy(false);
  }
}

async function check() {
  if (!state.ready || state.busy) return;
  setBusy(true);
  jax.timeline.clear();
  timeline.reset();
  els.notice.replaceChildren(...richText(state.exercise.checkNotice));
  els.checkSummary.className = 'check-summary muted';
  els.checkSummary.textContent = 'Checking…';
  clear(els.checkList);
  try {
    renderChecks(await runChecks(api, state.exercise, els.editor.value, nextFrame));
  } catch (err) {
    renderChecks({ results: [{ name: 'checks ran', pass: false, detail: `${err?.name}: ${err?.message}` }], error: internalError(err) });
  } finally {
    setBusy(false);
  }
}

function exportTrace() {
  const blob = new Blob([JSON.stringify(jax.timeline.toTraceEvents())], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: 'jaxplay-trace.json', hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function wire() {
  els.run.addEventListener('click', run);
  els.check.addEventListener('click', check);
  els.exportTrace.addEventListener('click', exportTrace);
  els.reset.addEventListener('click', () => {
    els.editor.value = state.exercise.starter;
    state.code.delete(state.exercise.id);
    els.editor.focus();
  });
  els.editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run();
    }
  });
  window.addEventListener('hashchange', () => {
    const id = location.hash.slice(1);
    if (findExercise(id) && id !== state.exercise.id) selectExercise(id);
  });
}

async function main() {
  buildTabs();
  wire();
  selectExercise(findExercise(location.hash.slice(1))?.id ?? exercises[0].id);
  try {
    await init();
  } catch (err) {
    els.status.textContent = `The engine failed to load: ${err?.message ?? err}`;
    els.status.className = 'pill error';
    return;
  }
  jax.timeline.clear();
  jax.timeline.subscribe((ev) => timeline.add(ev));
  state.ready = true;
  els.status.textContent = 'Engine ready';
  els.status.className = 'pill ok';
  document.body.dataset.ready = 'true';
  setBusy(false);
}

main();
