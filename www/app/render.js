// Renders what the engine worker sends back (plain data) into the result, checks, jaxpr and
// output panels. Everything goes in as text (dom.js), never as HTML.

import { h, richText, clear } from './dom.js';

const MAX_OUTPUT_LINES = 2000;

export function createRenderer(els) {
  let outputLines = 0;

  function errorBox(err) {
    const where = err.line ? ` (line ${err.line})` : '';
    return h('div', { class: 'error-box' },
      h('p', { class: 'error-title' }, err.title),
      h('pre', { class: 'error-message' }, err.name ? `${err.name}: ${err.message}` : err.message),
      err.hint || where ? h('p', { class: 'error-hint' }, `${err.hint ?? ''}${where ? `${err.hint ? ' ' : ''}It is marked in the editor${where}.` : ''}`) : null);
  }

  /** The panels before anything ran; `checks: false` keeps the Checks panel as it is. */
  function idle(exercise, { checks = true } = {}) {
    els.result.replaceChildren(exercise
      ? h('p', { class: 'muted' }, 'Press ', h('strong', {}, 'Run'), ' to call ',
        h('code', {}, exercise.run === 'grad' ? `jax.grad(${exercise.entry})` : exercise.entry), ' under ', h('code', {}, 'jax.jit'), '.')
      : h('p', { class: 'muted' }, 'Press ', h('strong', {}, 'Run'), ' to call ', h('code', {}, 'main()'), ' and see what it returns.'));
    if (checks) {
      els.checkSummary.className = 'check-summary muted';
      els.checkSummary.replaceChildren('Press ', h('strong', {}, 'Check'), ' to run the exercise\'s tests.');
      clear(els.checkList);
    }
    els.jaxpr.textContent = 'Run your code to see its jaxpr.';
    els.jaxpr.classList.remove('has-error');
    clearOutput();
  }

  function run(exercise, out) {
    const parts = [];
    if (out.result) {
      const r = out.result;
      parts.push(
        h('p', { class: 'status ok' }, h('span', { 'aria-hidden': 'true' }, '✓ '),
          'Ran ', h('code', {}, out.label ?? exercise.entry), ` on ${out.input.values} (${out.input.dtype}) and got:`),
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

  /**
   * A program's run (an example): what main() returned or threw, or that a script without
   * main() ran, and its jaxprs; in the program's `language` ('js', 'python').
   */
  function program(out, language = 'js') {
    const py = language === 'python';
    const parts = [];
    const ok = (...text) => h('p', { class: 'status ok' }, h('span', { 'aria-hidden': 'true' }, '✓ '), ...text);
    if (out.error) parts.push(errorBox(out.error));
    else if (out.main === false) {
      parts.push(ok('The program ran. It defines no ', h('code', {}, 'main()'), ', so there is no value to show: what it prints is under Output. Define ',
        h('code', {}, py ? 'def main():' : 'function main()'), ' to see what it returns.'));
    } else if (out.value !== null) {
      parts.push(ok(h('code', {}, 'main()'), ' returned:'), h('pre', { class: 'code-block repr', id: 'program-value' }, out.value));
    }
    els.result.replaceChildren(...parts);
    els.jaxpr.classList.remove('has-error');
    els.jaxpr.textContent = out.jaxprs?.length
      ? out.jaxprs.map((j) => `// ${j.label}\n${j.text}`).join('\n\n')
      : `This program shows no jaxpr. Call ${py ? 'show_jaxpr(f, *args)' : 'showJaxpr(f, ...args)'} to see the program f traces to here.`;
  }

  function checking() {
    checksCurrent();
    els.checkSummary.className = 'check-summary muted';
    els.checkSummary.textContent = 'Checking…';
    clear(els.checkList);
  }

  /** The Checks panel no longer describes the code in the editor (`why` says how). */
  function checksStale(why) {
    if (!els.checkList.children.length) return;
    els.checkCard.dataset.stale = 'true';
    els.checkStale.textContent = why;
    els.checkStale.hidden = false;
  }

  function checksCurrent() {
    delete els.checkCard.dataset.stale;
    els.checkStale.hidden = true;
  }

  /** A Check that ended without a verdict (its sandbox crashed, or it could not start). */
  function checkUnfinished(message) {
    els.checkSummary.className = 'check-summary some-fail';
    els.checkSummary.textContent = `Check could not finish: ${message}`;
  }

  function checks({ results, error, jaxpr }) {
    checksCurrent();
    if (jaxpr) {
      els.jaxpr.textContent = jaxpr;
      els.jaxpr.classList.remove('has-error');
    }
    const passed = results.filter((r) => r.pass).length;
    const failed = results.length - passed;
    const waiting = results.reduce((n, r) => n + (r.folded?.length ?? 0), 0);
    els.checkList.replaceChildren(...results.map((r) => h('li', { class: r.pass ? 'pass' : 'fail', dataset: r.line ? { line: String(r.line) } : {} },
      h('span', { class: 'check-icon', 'aria-hidden': 'true' }, r.pass ? '✓' : '✗'),
      h('span', { class: 'check-body' },
        h('span', { class: 'check-name' }, h('span', { class: 'visually-hidden' }, r.pass ? 'Passed: ' : 'Failed: '), richText(r.name)),
        h('span', { class: 'check-detail' }, richText(r.detail), !r.pass && r.line && !r.detail.includes(`line ${r.line}`) ? ` (line ${r.line})` : ''),
        r.folded?.length ? h('span', { class: 'check-folded' }, `Not checked until this passes: ${r.folded.map((n) => n.replace(/`/g, '')).join('; ')}.`) : null))));
    els.checkSummary.className = `check-summary ${failed === 0 ? 'all-pass' : 'some-fail'}`;
    els.checkSummary.textContent = failed === 0
      ? `All ${results.length} checks passed.`
      : `${failed} of ${results.length} check${results.length === 1 ? '' : 's'} failed${passed ? `, ${passed} passed` : ''}${waiting ? `; ${waiting} more wait for ${failed === 1 ? 'it' : 'them'}` : ''}.`;
    if (error) els.result.replaceChildren(errorBox(error));
    return els.checkSummary.textContent;
  }

  /** The watchdog stopped a run or check. */
  function stopped(what, limitMs) {
    const seconds = Math.round(limitMs / 1000);
    const box = errorBox({
      title: `Stopped: your ${what} took longer than ${seconds} seconds`,
      name: 'Timeout',
      message: `The engine was stopped after ${seconds} s without finishing, most likely an endless loop: a while loop whose condition never turns false. A fresh engine has been started. Your code is still in the editor.`,
      hint: 'Look for a loop that never ends, in your function or in a host callback.',
    });
    box.id = 'watchdog-message';
    showStopped(what, box, `Checks stopped after ${seconds} seconds.`);
  }

  /** The sandbox running a run or check died before it finished: memory, almost always. */
  function outOfMemory(what) {
    const box = errorBox({
      title: 'Stopped: your code used too much memory',
      name: 'Out of memory',
      message: `The browser ended the sandbox running your code before the ${what} finished; the usual cause is memory that grows without bound, such as an endless loop that keeps pushing new arrays. The page is fine and your code is still in the editor; a fresh sandbox has been started.`,
      hint: 'Look for a loop that keeps allocating (arrays, strings, jnp arrays) without end, in your function or in a host callback.',
    });
    box.id = 'memory-message';
    showStopped(what, box, 'Checks stopped: the code used too much memory.');
  }

  /** A run or check that was stopped: its error `box` as the result, no jaxpr, and for a check `summary`. */
  function showStopped(what, box, summary) {
    els.jaxpr.textContent = `No jaxpr: the ${what} was stopped before it finished.`;
    els.jaxpr.classList.add('has-error');
    if (what === 'check') {
      els.checkSummary.className = 'check-summary some-fail';
      els.checkSummary.textContent = summary;
    }
    els.result.replaceChildren(box);
  }

  function failure(message) {
    els.result.replaceChildren(errorBox({ title: 'The engine stopped', name: 'Error', message, hint: '' }));
  }

  function clearOutput() {
    outputLines = 0;
    els.output.replaceChildren();
    els.outputCard.classList.add('is-empty');
    els.outputEmpty.hidden = false;
  }

  function print({ stream, text }) {
    if (outputLines >= MAX_OUTPUT_LINES) {
      if (outputLines === MAX_OUTPUT_LINES) els.output.append(h('span', { class: 'out-line out-warn' }, `… more output not shown (limit ${MAX_OUTPUT_LINES} lines)\n`));
      outputLines += 1;
      return;
    }
    outputLines += 1;
    els.outputCard.classList.remove('is-empty');
    els.outputEmpty.hidden = true;
    const label = stream === 'debug' || stream === 'log' || stream === 'info' ? '' : `${stream}: `;
    els.output.append(h('span', { class: `out-line out-${stream}` }, `${label}${text}\n`));
    els.output.scrollTop = els.output.scrollHeight;
  }

  return { idle, run, program, checking, checks, checksStale, checksCurrent, checkUnfinished, stopped, outOfMemory, failure, print, clearOutput, errorBox };
}
