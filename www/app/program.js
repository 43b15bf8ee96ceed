// Free-form programs (the examples gallery, or anything typed in its editor): the code may define
// `main()` (it may be async); the worker calls it and shows what it returns (a script without
// one simply runs, as a script does). In scope:
// `jax, jnp, np, ioCallback` and `showJaxpr(fn, ...args)`, which records the jaxpr of `fn` for
// the Jaxpr panel (for a jitted `fn`, the program as traced and, when dead-code elimination
// changed it, as compiled). Printed output streams through the worker's console. DOM-free.

import { SCOPE, StageError, evaluate, explainError, formatValues, formatShape, currentLoader } from './runner.js';
import { jitOriginals } from './instrument.js';

const MAX_JAXPRS = 8;

/** A value main() returned, as readable text (arrays as `[2, 4] float32[2]`). */
export function showValue(api, v, depth = 0) {
  if (v === undefined) return 'undefined';
  if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'string') return depth === 0 ? v : JSON.stringify(v);
  if (v instanceof api.jax.Array) {
    if (v.isTracer) return String(v);
    return `${formatValues(v.tolist(), v.dtype)} ${v.dtype}${formatShape(v.shape)}`;
  }
  if (v instanceof api.np.ndarray) return `${formatValues(v.tolist(), v.dtype === 'float32' ? 'float32' : '')} ${v.dtype}${formatShape(v.shape)} (host)`;
  if (typeof v === 'function') return `function ${v.name || '(anonymous)'}`;
  if (depth > 4) return '…';
  if (Array.isArray(v)) return `[${v.map((x) => showValue(api, x, depth + 1)).join(', ')}]`;
  if (ArrayBuffer.isView(v)) return `${v.constructor.name} [${Array.from(v).join(', ')}]`;
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (typeof v.toString === 'function' && v.toString !== Object.prototype.toString && Object.getPrototypeOf(v) !== Object.prototype) return String(v);
  // Strings directly under the top-level object are shown as they are, without quotes.
  const entries = Object.entries(v).map(([k, x]) => [k, depth === 0 && typeof x === 'string' ? x : showValue(api, x, depth + 1)]);
  if (depth === 0) return entries.map(([k, x]) => `${k}: ${x}`).join('\n');
  return `{ ${entries.map(([k, x]) => `${k}: ${x}`).join(', ')} }`;
}

/** Error text for anything a program threw (CallbackErrors get their own title). */
function programError(err, code) {
  const cause = err instanceof StageError ? err.cause : err;
  // A Python program's JaxRuntimeError carries the engine's CallbackError as its `jsError`.
  const callback = cause?.name === 'CallbackError' || cause?.jsError?.name === 'CallbackError';
  const stage = err instanceof StageError ? err : new StageError(callback ? 'callback' : 'program', cause);
  return explainError(stage, 'main', code);
}

/**
 * Runs the program in `code`: { value, error, jaxprs: [{ label, text, layout, atSeq }], main },
 * where value is the text of what main() returned (in the program's language: `None` and
 * `Array([2., 4.], dtype=float32)` in Python), error the plain-data error (with its hint and
 * line) and `main` whether there was a main() to call (a script without one just runs);
 * `layout` is the jaxpr text as runs with each equation's source (ClosedJaxpr.layout), when known.
 */
export async function runProgram(api, code, { quietly = (fn) => fn() } = {}) {
  const out = { value: null, error: null, jaxprs: [], main: false };
  // The jaxpr of a jitted function as runs with each equation's source, traced once more with
  // the timeline muted (`quietly`), so the extra trace does not show on the learner's timeline.
  const traceLayout = (fn, args) => {
    try {
      const closed = quietly(() => api.jax.makeJaxpr(jitOriginals.get(fn) ?? fn)(...args));
      return { text: String(closed), layout: closed.layout ?? null };
    } catch {
      return null;
    }
  };
  const showJaxpr = (fn, ...args) => {
    if (typeof fn !== 'function') throw new TypeError('showJaxpr(fn, ...args) needs a function first');
    if (out.jaxprs.length >= MAX_JAXPRS) return null;
    const name = fn.name && fn.name !== 'jitted' ? fn.name : 'the jitted function';
    if (typeof fn.lower === 'function') {
      const lowered = fn.lower(...args);
      const text = lowered.asText();
      const traced = traceLayout(fn, args);
      // atSeq: where in the run the jaxpr was shown, to pick which execution's host calls to count.
      out.jaxprs.push({ label: `${name}, as traced`, text, layout: traced?.text === text ? traced.layout : null, atSeq: lastSeq(api) });
      const compiled = lowered.compiledText();
      if (compiled !== text) out.jaxprs.push({ label: `${name} after dead-code elimination (what runs)`, text: compiled });
      return text;
    }
    const closed = api.jax.makeJaxpr(fn)(...args);
    const text = String(closed);
    out.jaxprs.push({ label: fn.name || 'the function', text, layout: closed.layout ?? null, atSeq: lastSeq(api) });
    return text;
  };
  let main;
  try {
    main = evaluate(code, 'main', { ...Object.fromEntries(SCOPE.map((n) => [n, api[n]])), showJaxpr });
  } catch (err) {
    out.error = explainError(err, 'main', code);
    return out;
  }
  if (typeof main !== 'function') return out;
  out.main = true;
  const loader = currentLoader();
  try {
    out.value = loader?.callShowing ? loader.callShowing(main) : showValue(api, await main());
  } catch (err) {
    out.error = programError(err, code);
  }
  return out;
}

// ---------------------------------------------------------------- schedule explorer

const lastSeq = (api) => api.jax.timeline.events().at(-1)?.seq ?? -1;

/** Host calls in the order they ran (callback begins), removed and skipped ones marked. */
export function hostCalls(events) {
  const calls = [];
  for (const e of events) {
    if (e.kind === 'callback' && (e.phase === 'begin' || e.status === 'skipped')) {
      calls.push({ name: e.name, kind: e.callbackKind ?? 'host', ordered: Boolean(e.ordered), status: e.status === 'skipped' ? 'skipped' : 'ran' });
    } else if (e.kind === 'dce') {
      calls.push({ name: e.name, kind: e.callbackKind ?? 'pure', ordered: false, status: 'removed' });
    }
  }
  return calls;
}

/** What the schedules changed, from compile events ("schedule seed 5: reordered ..."). */
function scheduleNotes(events) {
  return events.filter((e) => e.kind === 'compile' && /schedule seed/.test(e.detail ?? ''))
    .map((e) => `${e.name}: ${e.detail.slice(e.detail.indexOf('schedule seed'))}`);
}

export const scheduleLabel = (s) => {
  if (!s) return 'Program order';
  const opts = [s.reorder && 'reorder', s.duplicatePure && 'duplicate pure', s.mergePure && 'merge pure'].filter(Boolean);
  return `Seed ${s.seed}${opts.length ? ` (${opts.join(', ')})` : ' (no changes chosen)'}`;
};

/**
 * Runs `runOnce()` (which resolves to { summary, error }) under program order and under
 * `schedule`; `note(text)` marks each run in the printed output. Resolves to { columns }, one
 * per run: { label, schedule, calls, notes, summary, error }.
 */
export async function exploreSchedules(api, schedule, runOnce, note = () => {}) {
  const columns = [];
  for (const s of [null, schedule]) {
    const label = scheduleLabel(s);
    note(`── ${label} ──`);
    const seq = lastSeq(api);
    let outcome;
    api.jax.setSchedule(s);
    try {
      outcome = await runOnce();
    } catch (err) {
      outcome = { summary: null, error: `${err?.name ?? 'Error'}: ${err?.message ?? err}` };
    } finally {
      api.jax.setSchedule(null);
    }
    const events = api.jax.timeline.events().filter((e) => e.seq > seq);
    columns.push({ label, schedule: s, calls: hostCalls(events), notes: scheduleNotes(events), summary: outcome.summary, error: outcome.error });
  }
  return { columns };
}
