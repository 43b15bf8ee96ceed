// The Run / Check flow that the playground (www/app.js) and the exercise widget
// (www/widget/main.js) share: a request starts from a clean slate (errors, timeline, jaxpr
// links, output), goes to a fresh engine worker (app/engine-client.js: every reply is validated
// there, app/messages.js), and its answer is shown through the page's renderer (app/render.js):
// the result and the jaxpr with its source links, error markers in the editor, or the verdict
// of Check, computed here from the worker's plain observations, never by learner code. Each
// page keeps its own layout, buttons and announcements.

import { starterVerdict, isUntouchedStarter, brokenEngineVerdict } from '../check/verdict.js';
import { pythonResults } from '../exercises-python.js';

/** A Check result saying the observations could not be read (a worker of another version). */
const unreadable = (err) => [{ name: 'Check could read what your code did', pass: false, detail: `it could not: ${err?.message ?? err}. Reload the page and press Check again.`, line: null, folded: [] }];

/**
 * The flow for one page: `engine` (app/engine-client.js), `editor`, `timeline`, `linker`,
 * `renderer` and `setBusy(busy)` are the page's; `before(kind)` runs once the panels are
 * cleared for a request, `after(kind, answer)` once it is answered (what `request` resolves to).
 */
export function createSession({ engine, editor, timeline, linker, renderer, setBusy, before = () => {}, after = () => {} }) {
  let busy = false;

  /** Shows `err` ({ title, name, message, line, column }) at its line in the editor. */
  function markError(err) {
    if (!err) return;
    const line = editor.showError({ line: err.line, column: err.column, message: `${err.title}\n${err.name}: ${err.message}`, syntax: err.name === 'SyntaxError' });
    document.body.dataset.errorLine = String(line);
  }

  /**
   * Sends a request: `kind` ('run' | 'check' | 'explore', for the renderer's words) and
   * `send(code)`, the engine call for the editor's code. Resolves to { out }, or to
   * { stopped: 'timeout' | 'memory' | 'crash' | 'internal', limitMs, message, error } after
   * showing why there is no answer (an internal error: the code broke what the engine runs on).
   */
  async function request(kind, send) {
    const answer = await answerOf(kind, send);
    after(kind, answer);
    return answer;
  }

  async function answerOf(kind, send) {
    setBusy(true);
    busy = true;
    editor.clearErrors();
    delete document.body.dataset.errorLine;
    timeline.reset();
    linker.clear();
    renderer.clearOutput();
    before(kind);
    const pending = send(editor.getCode());
    // While it runs, spans still open (a slow callback, a loop) grow with the engine's clock.
    const tick = () => {
      if (!busy) return;
      timeline.setNow(engine.engineNow());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const reply = await pending;
    busy = false;
    setBusy(false);
    const what = kind === 'explore' ? 'comparison' : kind;
    if (reply.timedOut) {
      timeline.stopOpen(engine.engineNow(), `stopped by the watchdog after ${Math.round(reply.limitMs / 1000)} s`);
      renderer.stopped(what, reply.limitMs);
      return { stopped: 'timeout', limitMs: reply.limitMs, reply };
    }
    if (reply.outOfMemory) {
      timeline.stopOpen(engine.engineNow(), 'stopped: the sandbox ran out of memory');
      renderer.outOfMemory(what);
      return { stopped: 'memory', reply };
    }
    if (reply.crashed) {
      if (kind === 'check') renderer.checkUnfinished(reply.message);
      renderer.failure(reply.message);
      return { stopped: 'crash', message: reply.message, reply };
    }
    if (reply.out.internalError) {
      const error = reply.out.internalError;
      renderer.run(null, { error, jaxpr: null });
      return { stopped: 'internal', error, reply };
    }
    return { out: reply.out, reply };
  }

  /** A Run's answer for `exercise`: its result, jaxpr and error markers. */
  function showRun(exercise, out) {
    renderer.run(exercise, out);
    if (out.error) renderer.checksStale('The last Run failed: these results are from before it.');
    if (out.jaxprLayout) linker.showJaxpr([{ label: null, text: out.jaxpr, layout: out.jaxprLayout }]);
    markError(out.error ?? out.jaxprError);
  }

  /**
   * Check for `exercise` in `language`, run through `send(code, plan)` on the inputs
   * `makePlan(exercise)` generates here (so the verdict is judged on values learner code never
   * chose), judged by `grade(exercise, out, plan)`. Resolves to { results, out } (`out` null
   * for untouched starter code, which is judged without running), or { stopped, ... } as
   * `request` (an internal error has the verdict that the code broke the engine).
   */
  async function check(exercise, language, { makePlan, grade, send, starter = true }) {
    editor.clearErrors();
    delete document.body.dataset.checkLine;
    if (starter && isUntouchedStarter(exercise, editor.getCode())) {
      const results = starterVerdict(exercise);
      showCheck(results, null);
      return { results, out: null };
    }
    renderer.checking();
    const plan = makePlan(exercise);
    const answer = await request('check', (code) => send(code, plan));
    if (answer.stopped === 'internal') {
      const results = brokenEngineVerdict(answer.error);
      renderer.checks({ results, error: null, jaxpr: null });
      return { ...answer, results };
    }
    if (answer.stopped) return answer;
    const { out } = answer;
    let results;
    try {
      results = grade(exercise, out, plan);
      if (language === 'python') results = pythonResults(results);
    } catch (err) {
      results = unreadable(err);
    }
    showCheck(results, out);
    return { results, out };
  }

  /** Check's verdict and the program it saw; the first failed check's line marked in the editor. */
  function showCheck(results, out) {
    renderer.checks({ results, error: out?.load ?? null, jaxpr: typeof out?.programText === 'string' ? out.programText : null });
    if (out?.programLayout) linker.showJaxpr([{ label: null, text: out.programText, layout: out.programLayout }]);
    if (out?.load) {
      markError(out.load);
      return;
    }
    const first = results.find((r) => !r.pass && r.line);
    if (first) {
      const line = editor.showError({ line: first.line, column: null, message: `Check: ${first.name.replace(/`/g, '')}\n${first.detail.replace(/`/g, '')}` });
      document.body.dataset.checkLine = String(line);
    }
  }

  return { request, showRun, check, markError };
}
