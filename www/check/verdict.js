// Check's verdict, computed in the page from the observations the worker sent (observe.js) and
// the inputs the page generated (plan.js). Reads the program as jaxpr data (equations with
// typed params, never printed text). Each check says what to change, with the line; a check
// that cannot be judged because an earlier one failed is folded under that one.

import { editorLine } from '../app/jaxpr-view.js';
import { formatValues } from '../app/runner.js';
import { reference, referenceGrad, mean, probeOrder } from './plan.js';

const PRIM = { pure: 'pure_callback', io: 'io_callback' };
const CALL = { pure: '`jax.pureCallback(hostFn, spec, x)`', io: '`ioCallback(hostFn, spec, x, { ordered: true })`' };
const CALLBACKS = new Set(['pure_callback', 'io_callback', 'debug_callback']);
const show = (v) => formatValues(v, 'float32');
const RETURNED_SPEC = 'it returns the ShapeDtypeStruct, which only declares shape and dtype: return the value the callback call gives back';
/** The engine's error for a traced function that returned its callback's declaration. */
const RETURNED_SPEC_ERROR = /ShapeDtypeStruct.*return the callback's result instead/;
const at = (line) => (line ? ` (line ${line})` : '');
const named = (h) => `\`${h.name}\`${at(h.line)}`;

function close(got, want) {
  if (got.length !== want.length) return false;
  return want.every((w, i) => Math.abs(got[i] - w) <= 1e-5 + 1e-4 * Math.abs(w));
}

// ---------------------------------------------------------------- jaxpr data

/** Every equation with the jaxprs around it: [{ eqn, scope, ancestors }], nested ones too. */
export function allEqns(jaxpr, ancestors = []) {
  const out = [];
  for (const eqn of jaxpr.eqns) {
    out.push({ eqn, scope: jaxpr, ancestors });
    for (const p of Object.values(eqn.params)) {
      const subs = p.kind === 'jaxpr' ? [p.value] : p.kind === 'jaxprs' ? p.value : [];
      for (const sub of subs) out.push(...allEqns(sub, [...ancestors, eqn]));
    }
  }
  return out;
}

const definer = (scope, name) => scope.eqns.find((e) => e.outputs.some((o) => o.name === name)) ?? null;
const lineOf = (eqn) => editorLine(eqn?.source);

/** Whether `atom` only depends on values behind a stop_gradient (within `scope`). */
function isStopped(scope, atom, seen = new Set()) {
  if (atom.kind !== 'var') return true;
  if (seen.has(atom.name)) return false;
  seen.add(atom.name);
  const e = definer(scope, atom.name);
  if (!e) return false;
  return e.primitive === 'stop_gradient' || (e.inputs.length > 0 && e.inputs.every((a) => isStopped(scope, a, seen)));
}

// ---------------------------------------------------------------- the list of checks

/** Checks in order, each `needs` others: one that cannot be judged is folded under what failed. */
export function checklist() {
  const items = [];
  const byId = new Map();
  return {
    add(id, name, needs, judge) {
      const failedNeed = needs.map((n) => byId.get(n)).find((r) => r && (!r.pass || r.skipped));
      const item = failedNeed
        ? { id, name, skipped: true, under: failedNeed.skipped ? failedNeed.under : failedNeed }
        : { id, name, ...judge() };
      byId.set(id, item);
      items.push(item);
    },
    results() {
      const shown = items.filter((i) => !i.skipped);
      for (const s of items.filter((i) => i.skipped)) (s.under.folded ??= []).push(s.name);
      return shown.map(({ name, pass, detail, line, folded }) => ({ name, pass, detail, line: line ?? null, folded: folded ?? [] }));
    },
  };
}

const pass = (detail, line) => ({ pass: true, detail, line });
const fail = (detail, line) => ({ pass: false, detail, line });

// ---------------------------------------------------------------- shared checks

/** Loads: `whole` says whether the worker answered for exactly the inputs of the plan. */
export function loads(list, obs, whole) {
  list.add('loads', 'your code loads and defines the function', [], () => (!obs.load && !whole
    ? fail('Check could not observe your code on every generated input (did it replace built-in functions?): leave the engine and the JS built-ins as they are')
    : obs.load
    ? fail(`${obs.load.title}: ${obs.load.name}: ${obs.load.message}${obs.load.hint ? ` ${obs.load.hint}` : ''}`, obs.load.line)
    : pass('it loads')));
}

export function builtins(list, obs) {
  list.add('builtins', 'leaves JavaScript\'s built-ins and the engine\'s arrays as they are', [], () => {
    const replaced = obs.builtinsReplaced ?? [];
    return replaced.length
      ? fail(`your code replaces ${replaced.slice(0, 3).map((k) => `\`${k}\``).join(', ')}${replaced.length > 3 ? ` and ${replaced.length - 3} more` : ''}: leave built-ins and the engine's arrays alone; write your own functions instead`)
      : pass('none replaced');
  });
}

/** Whether the worker answered for exactly the inputs of the plan (else nothing is judged). */
function complete(obs, plan) {
  if (!Array.isArray(obs.runs) || obs.runs.length !== plan.values.length) return false;
  const order = probeOrder(plan.probes.length);
  return (obs.hosts ?? []).every((h) => Array.isArray(h.calls) && h.calls.length === order.length && h.calls.every((c, k) => c.probe === order[k])
    && (!plan.swap || Boolean(h.swap)))
    && (obs.custom ?? []).every((c) => Array.isArray(c.tests) && c.tests.length === plan.rule.length);
}

function valueRuns(list, exercise, obs, plan, name, needs) {
  list.add('values', name, needs, () => {
    for (const run of obs.runs) {
      const want = reference(exercise, run.input);
      if (run.error) {
        return fail(`on ${show(run.input)}: ${run.error.title}: ${run.error.name}: ${run.error.message}${run.error.hint ? ` ${run.error.hint}` : ''}`, run.error.line);
      }
      const got = run.out;
      const shapeOk = got.shape.length === want.shape.length && got.shape.every((d, i) => d === want.shape[i]);
      if (got.dtype !== 'float32' || !shapeOk || !close(got.values, want.values)) {
        return fail(`on ${show(run.input)} it returned ${show(got.values)} (${got.dtype}, shape [${got.shape.join(', ')}]); expected ${show(want.values)} (float32, shape [${want.shape.join(', ')}])`);
      }
    }
    const lengths = obs.runs.map((r) => r.input.length).join(', ');
    return pass(`right on ${obs.runs.length} inputs generated for this Check (lengths ${lengths})`);
  });
}

/**
 * The host by itself against the reference `want(x)` (values and shape), float32; with
 * `asarray` ({ example }), also that it computes its answer from `np.asarray(arr)`.
 */
function hostAnswers(list, obs, plan, want, what, needs, asarray) {
  list.add('host', `every host function ${what} (called by itself on ${probeOrder(plan.probes.length).length} generated inputs)`, needs, () => {
    if (obs.hosts.length === 0) return fail('no host function was passed to a callback');
    for (const h of obs.hosts) {
      for (const c of h.calls) {
        const x = plan.probes[c.probe];
        const w = want(x);
        if (c.error) return fail(`${named(h)} called on ${show(x)} ${c.thrown ? `threw ${c.error.name}: ${c.error.message}` : c.error.message}`, h.line);
        const got = c.value;
        const shapeOk = got.shape.length === w.shape.length && got.shape.every((d, i) => d === w.shape[i]);
        if (!shapeOk || !close(got.values, w.values)) {
          return fail(`${named(h)} called on ${show(x)} returned ${show(got.values)} (shape [${got.shape.join(', ')}]); it should return ${show(w.values)} (shape [${w.shape.join(', ')}]). The host itself must do the work`, h.line);
        }
        // Plain numbers and float64 arrays become float32 on the way back, as with JAX's 64-bit
        // mode off; integer or boolean arrays do not match a float32 declaration.
        if (got.dtype !== 'float32' && got.dtype !== 'float64') return fail(`${named(h)} returned ${got.dtype} values; keep float32 (\`np.asarray(arr)\` keeps the input's dtype)`, h.line);
      }
    }
    return pass(`${obs.hosts.map((h) => `\`${h.name}\``).join(', ')}: right on every generated input`);
  });
  if (!asarray) return;
  list.add('asarray', 'the host function calls `np.asarray` on its argument and computes its answer from the array it returns', ['host'], () => {
    const missing = obs.hosts.find((h) => !h.calls.some((c) => c.asarray));
    if (missing) return fail(`${named(missing)} never calls \`np.asarray\`: start with \`const a = np.asarray(arr);\` so the host boundary is explicit`, missing.line);
    // The "what if" call: np.asarray gave other values than the argument holds.
    for (const h of plan.swap ? obs.hosts : []) {
      const x = plan.probes[plan.swap.probe];
      const w = want(plan.swap.values);
      const s = h.swap;
      if (s.error || !close(s.value.values, w.values)) {
        const did = s.error ? `${s.thrown ? 'threw' : 'gave'} ${s.error.name}: ${s.error.message}` : `returned ${show(s.value.values)}`;
        return fail(`${named(h)} calls \`np.asarray\` but does not compute with the array it returns: called on ${show(x)} with \`np.asarray(arr)\` giving ${show(plan.swap.values)} instead, it ${did}, not ${show(w.values)}. Compute the answer from that array, ${asarray.example}`, h.line);
      }
    }
    return pass('it does, and its answer comes from the array `np.asarray` returns');
  });
}

/** `calls` (a global), `counter.n` (`counter` is a global): a place a host changed. */
const stateName = (c) => `\`${c.path}\` (${c.path === c.root ? c.kind : `\`${c.root}\` is ${c.kind}`})`;

/** Purity of every host: the problems found, each with what to change. */
export function purityProblems(obs) {
  const problems = [];
  for (const h of obs.hosts) {
    const first = new Map();
    for (const c of h.calls) {
      const answer = c.error ? `an error` : `${show(c.value.values)}`;
      if (!first.has(c.probe)) first.set(c.probe, answer);
      else if (first.get(c.probe) !== answer) {
        problems.push(`${named(h)} answered ${first.get(c.probe)}, then ${answer} for the same input ${show(c.before)}: a pure callback must depend only on its arguments (no state kept between calls)`);
        break;
      }
    }
    // Called twice in a row on the same input, a pure host leaves the same state behind.
    const kept = h.calls.find((c, k) => k > 0 && c.probe === h.calls[k - 1].probe && c.changed.length);
    if (kept) problems.push(`${named(h)} changes ${kept.changed.map(stateName).join(', ')} between calls (called twice in a row on the same input, it left other state behind the second time): a pure callback must not keep state; compute the answer from the argument alone`);
    if (!h.stateSeen) problems.push(`Check could not read the variables ${named(h)} can see (does your code \`return\` at the top level?): define the functions and variables, and return nothing`);
    const mutated = h.calls.find((c) => c.mutated);
    if (mutated) problems.push(`${named(h)} changed its input in place (${show(mutated.before)} became ${show(mutated.after)}): work on a copy or build a new array, e.g. \`np.asarray(arr).mul(2)\``);
    if (h.printed.length) problems.push(`${named(h)} printed “${h.printed[0].slice(0, 60)}”: a pure callback has no side effects (JAX may skip, repeat or merge it); remove the print, \`jax.debug.print\` included`);
    if (h.reads.length) problems.push(`${named(h)} reads ${[...new Set(h.reads)].join(', ')}: its answer must depend on its arguments only`);
    if (h.timers.length) problems.push(`${named(h)} starts ${h.timers[0]}: work scheduled for later is a side effect; remove it`);
  }
  if (obs.globalsWritten.length) problems.push(`your code writes the global ${obs.globalsWritten.slice(0, 3).map((g) => `\`${g}\``).join(', ')}: keep state out of the host function`);
  if (obs.requests.length) problems.push(`your code tries ${obs.requests[0]}: a callback makes no requests here`);
  const probed = (key) => obs.hosts.some((h) => h[key].length);
  if (obs.reads.length && !probed('reads')) problems.push(`a host function reads ${[...new Set(obs.reads)].join(', ')} while the program ran: its answer must depend on its arguments only`);
  if (obs.timers.length && !probed('timers')) problems.push(`a host function starts ${obs.timers[0]} while the program ran: work scheduled for later is a side effect; remove it`);
  const printedOnRun = (obs.hostPrinted ?? []).length && !obs.hosts.some((h) => h.printed.length);
  if (printedOnRun) problems.push(`a host function printed “${obs.hostPrinted[0].slice(0, 60)}” (during a run, or later from a timer or promise it started): remove the print`);
  return problems;
}

// ---------------------------------------------------------------- exercises 1 and 2

/** The programs traced at each length, non-empty inputs first (the one the page shows leads). */
function tracedPrograms(obs) {
  const all = Array.isArray(obs.programs) && obs.programs.length ? obs.programs : [{ length: null, data: obs.program }];
  return [...all.filter((p) => p.length !== 0), ...all.filter((p) => p.length === 0)];
}

/** One check judged at every length: its first failure, said for the length where it fails. */
function atEveryLength(results) {
  const failed = results.find((r) => !r.result.pass);
  if (!failed) return results[0].result;
  if (results.every((r) => !r.result.pass) || failed.length === null) return failed.result;
  const fine = results.filter((r) => r.result.pass).map((r) => r.length);
  return { ...failed.result, detail: `for an input of length ${failed.length}, ${failed.result.detail} (at length${fine.length > 1 ? 's' : ''} ${fine.join(', ')} it is right: the same code must trace the same program at every length, so no branching on the shape)` };
}

function callbackExercise(exercise, obs, plan) {
  const { callback: kind, ordered } = exercise.inspect;
  const prim = PRIM[kind];
  const list = checklist();
  loads(list, obs, complete(obs, plan));
  builtins(list, obs);
  // The program's checks are judged on the program traced at every length, so code that
  // traces differently per length fails at the length where it does wrong.
  const judgesOf = (program) => {
    const judges = [];
    const add = (id, name, needs, judge) => judges.push({ id, name, needs, judge });
    const eqns = program ? allEqns(program) : [];
    const callbacks = eqns.filter(({ eqn }) => CALLBACKS.has(eqn.primitive));
    const out = program?.outvars[0];
    const outEqn = out?.kind === 'var' ? definer(program, out.name) : null;

    add('callback', `calls the host through ${kind === 'pure' ? '`jax.pureCallback`' : '`ioCallback`'} (\`${prim}\` in the jaxpr)`, ['loads'], () => {
      if (!program) {
        const e = obs.programError ?? obs.runs.find((r) => r.error)?.error;
        if (RETURNED_SPEC_ERROR.test(e?.message ?? '')) return fail(RETURNED_SPEC, e.line);
        return fail(e ? `your function could not be traced: ${e.name}: ${e.message}` : 'your function could not be traced', e?.line);
      }
      const right = callbacks.filter(({ eqn }) => eqn.primitive === prim);
      if (right.length) return pass(`found ${prim} of \`${right[0].eqn.params.callback.value}\`${at(lineOf(right[0].eqn))}`, lineOf(right[0].eqn));
      const other = callbacks.find(({ eqn }) => eqn.primitive !== 'debug_callback');
      if (other) {
        return fail(`found ${other.eqn.primitive} instead${at(lineOf(other.eqn))}: ${kind === 'pure' ? 'this step is about `jax.pureCallback`, the host call without side effects' : 'this step is about `ioCallback`, the host call for side effects'}; call ${CALL[kind]}`, lineOf(other.eqn));
      }
      const native = [...new Set(program.eqns.map((e) => e.primitive).filter((p) => !CALLBACKS.has(p)))];
      // A jax.debug callback prints or observes; it never makes the result.
      const debug = callbacks.find(({ eqn }) => eqn.primitive === 'debug_callback');
      const debugNote = debug ? ` (the \`jax.debug\` callback${at(lineOf(debug.eqn))} only observes; its host's answer is not used)` : '';
      return fail(`no ${prim} in the traced program${native.length ? `: it computes natively (${native.join(', ')})` : ''}${debugNote}. Call your host function with ${CALL[kind]}`, lineOf(program.eqns[0]));
    });

    if (ordered) {
      add('ordered', 'passes `{ ordered: true }` (`ordered=True` in the jaxpr)', ['callback'], () => {
        const io = outEqn?.primitive === prim ? outEqn : callbacks.find(({ eqn }) => eqn.primitive === prim).eqn;
        return io.params.ordered?.value === true
          ? pass('ordered=True: calls keep program order, across jitted calls too', lineOf(io))
          : fail(`the io_callback${at(lineOf(io))} has ordered=False: pass \`{ ordered: true }\` as its last argument, so calls run in program order`, lineOf(io));
      });
    }

    add('flow', 'returns the callback\'s result, computed from x itself', ['callback'], () => {
      const x = program.invars[0]?.name;
      const returnedSpec = obs.runs.find((r) => r.error && RETURNED_SPEC_ERROR.test(r.error.message));
      if (returnedSpec) return fail(RETURNED_SPEC, returnedSpec.error.line);
      if (!out || out.kind !== 'var') return fail('it returns a constant: return the value the callback call gives back');
      if (out.name === x) return fail('it returns x unchanged: return the value the callback call gives back');
      if (outEqn?.primitive !== prim) {
        return fail(`the output comes from \`${outEqn?.primitive ?? '?'}\`${at(lineOf(outEqn))}, not from the ${prim}: return the ${prim}'s result as it is (the doubling belongs in the host)`, lineOf(outEqn));
      }
      const operand = outEqn.inputs[0];
      if (outEqn.inputs.length !== 1 || operand.kind !== 'var' || operand.name !== x) {
        const opEqn = operand?.kind === 'var' ? definer(program, operand.name) : null;
        const what = outEqn.inputs.length !== 1 ? `${outEqn.inputs.length} operands` : opEqn ? `the result of \`${opEqn.primitive}\`${at(lineOf(opEqn))}` : 'a constant';
        return fail(`the callback gets ${what}, not x: pass x itself (\`${kind === 'pure' ? 'jax.pureCallback' : 'ioCallback'}(hostFn, spec, x${ordered ? ', { ordered: true }' : ''})\`) and let the host do the arithmetic`, lineOf(outEqn));
      }
      return pass(`the output is the ${prim}'s result and its operand is x`, lineOf(outEqn));
    });

    add('only', 'no other callback in the program', ['callback'], () => {
      // The one that should make the result: the output's, else the first of the right kind.
      const main = outEqn?.primitive === prim ? outEqn : callbacks.find(({ eqn }) => eqn.primitive === prim).eqn;
      const extra = callbacks.filter(({ eqn }) => eqn !== main);
      if (!extra.length) return pass('one callback, the one that makes the result');
      const e = extra[0].eqn;
      const what = e.primitive === 'debug_callback' ? 'a `jax.debug` print or callback' : `a second ${e.primitive} (of \`${e.params.callback?.value}\`)`;
      return fail(`${what}${at(lineOf(e))}: the function needs exactly one callback, the one whose result it returns; remove this one`, lineOf(e));
    });
    return judges;
  };
  const perLength = tracedPrograms(obs).map((p) => ({ length: p.length, judges: judgesOf(p.data) }));
  perLength[0].judges.forEach(({ id, name, needs }, k) => list.add(id, name, needs, () => atEveryLength(perLength.map((p) => ({ length: p.length, result: p.judges[k].judge() })))));

  list.add('declaration', 'declares the result as `jax.ShapeDtypeStruct(x.shape, x.dtype)`', ['callback'], () => {
    for (const b of obs.binds.filter((b) => b.kind === kind)) {
      const spec = b.specs.length === 1 ? b.specs[0] : null;
      const op = b.operand;
      const fmt = (a) => (a ? `${a.dtype}[${a.shape.join(',')}]` : '?');
      if (!spec || !op || spec.dtype !== op.dtype || spec.shape.length !== op.shape.length || spec.shape.some((d, i) => d !== op.shape[i])) {
        const said = b.specs.length === 1 ? fmt(spec) : `${b.specs.length} results`;
        return fail(`for an input of type ${fmt(op)} the declaration says ${said}: write \`jax.ShapeDtypeStruct(x.shape, x.dtype)\` so it follows the input, whatever its length`, b.line);
      }
    }
    const lengths = [...new Set(obs.binds.filter((b) => b.kind === kind).map((b) => b.operand?.shape[0]))];
    return pass(`it follows the input (traced at lengths ${lengths.join(', ')})`);
  });

  // With no host at all, the callback check already says what is missing.
  hostAnswers(list, obs, plan, (x) => ({ values: x.map((v) => 2 * v), shape: [x.length] }), 'doubles its input', obs.hosts.length ? ['loads'] : ['loads', 'callback'],
    exercise.inspect.asarray && { example: 'as the lesson does: `np.asarray(arr).mul(2)`' });

  if (kind === 'pure') {
    list.add('pure', 'the pure callback is pure: same answers in any order, prints nothing, reads no clock or random source, leaves its input and globals alone', ['host'], () => {
      const problems = purityProblems(obs);
      return problems.length ? fail(problems.join('; '), obs.hosts[0]?.line) : pass('called by itself in several orders: same answers, nothing printed or scheduled, no clock or random read, input and globals unchanged');
    });
  } else {
    list.add('quiet', 'the submission has no logs, files or requests (the course\'s rule for this step)', ['host'], () => {
      const printer = obs.hosts.find((h) => h.printed.length);
      if (printer) return fail(`${named(printer)} prints “${printer.printed[0].slice(0, 60)}”: this exercise practises the io callback without a real side effect; remove the log`, printer.line);
      if ((obs.hostPrinted ?? []).length) return fail(`a host function printed “${obs.hostPrinted[0].slice(0, 60)}” (during a run, or later from a timer or promise it started): remove the log`);
      const printed = (obs.printed ?? [])[0];
      if (printed) return fail(`your code prints “${printed.text.slice(0, 60)}”${at(printed.line)}: the course's rule for this step is no logs anywhere in the submission; remove it`, printed.line);
      if (obs.requests.length) return fail(`your code tries ${obs.requests[0]}: remove it; no requests in this exercise`);
      const timer = obs.hosts.find((h) => h.timers.length);
      if (timer) return fail(`${named(timer)} starts ${timer.timers[0]}: remove it`, timer.line);
      return pass('no output, timers or requests');
    });
  }
  valueRuns(list, exercise, obs, plan, 'returns 2 × x, float32, same shape, on inputs generated for this Check', ['loads']);
  return list.results();
}

// ---------------------------------------------------------------- exercise 3

function gradExercise(exercise, obs, plan) {
  const list = checklist();
  loads(list, obs, complete(obs, plan));
  builtins(list, obs);
  valueRuns(list, exercise, obs, plan, 'the loss is Σ (x − mean)² on inputs generated for this Check', ['loads']);
  list.add('gradient', '`jax.grad` of the loss is 2 (x − mean) on inputs generated for this Check', ['loads'], () => {
    for (const run of obs.runs) {
      if (run.gradError) {
        const e = run.gradError;
        return fail(`on ${show(run.input)}: ${e.title}: ${e.name}: ${e.message}${e.hint ? ` ${e.hint}` : ''}`, e.line);
      }
      const want = referenceGrad(run.input);
      if (!close(run.grad.values, want)) {
        const zeros = run.grad.values.length > 0 && run.grad.values.every((v) => v === 0);
        return fail(`on ${show(run.input)} the gradient is ${show(run.grad.values)}; expected ${show(want)}${zeros ? ': all zeros, so no gradient reaches x. Apply `jax.lax.stopGradient` only to the callback\'s input, not to x everywhere or to the whole loss' : ''}`);
      }
    }
    return pass(`right on ${obs.runs.length} generated inputs`);
  });
  const fixOn = (program) => {
    if (!program) return fail(`your function could not be traced: ${obs.programError?.message ?? ''}`, obs.programError?.line);
    const eqns = allEqns(program);
    const pures = eqns.filter(({ eqn }) => eqn.primitive === 'pure_callback');
    const io = eqns.find(({ eqn }) => eqn.primitive === 'io_callback' || eqn.primitive === 'debug_callback');
    if (io?.eqn.primitive === 'debug_callback') return fail(`a \`jax.debug\` print or callback${at(lineOf(io.eqn))}: the loss needs none; remove it`, lineOf(io.eqn));
    if (io) return fail(`the mean goes through \`ioCallback\`${at(lineOf(io.eqn))}: a mean has no side effects, so keep \`jax.pureCallback\` (and stop its gradient or give it a rule), or use jnp ops`, lineOf(io.eqn));
    if (!pures.length) return pass('fix used: jnp ops (no callback left, so JAX differentiates everything itself)');
    const fixes = pures.map(({ eqn, ancestors, scope }) => {
      const custom = ancestors.find((a) => /^custom_(jvp|vjp)_call/.test(a.primitive));
      if (custom) return custom.primitive.startsWith('custom_jvp') ? 'a custom_jvp rule around the callback' : 'a custom_vjp rule around the callback';
      const args = eqn.inputs.filter((a) => a.kind === 'var');
      return args.length > 0 && args.every((a) => isStopped(scope, a)) ? 'jax.lax.stopGradient on the callback\'s input' : null;
    });
    const missing = fixes.indexOf(null);
    if (missing >= 0) {
      const e = pures[missing].eqn;
      return fail(`the pure_callback of \`${e.params.callback.value}\`${at(lineOf(e))} gets a value that carries a gradient: wrap its input in \`jax.lax.stopGradient\`, give it a rule with \`jax.customJvp\`/\`jax.customVjp\`, or compute the mean with jnp ops`, lineOf(e));
    }
    return pass(`fix used: ${[...new Set(fixes)].join(' and ')}`);
  };
  list.add('fix', 'uses a valid fix: stopGradient on the callback\'s input, a custom rule, or jnp ops', ['loads'], () => atEveryLength(tracedPrograms(obs).map((p) => ({ length: p.length, result: fixOn(p.data) }))));
  if (obs.binds.some((b) => b.kind === 'pure')) {
    list.add('declaration', 'declares the host mean as one float32 number (`jax.ShapeDtypeStruct([], x.dtype)`)', ['loads'], () => {
      const bad = obs.binds.find((b) => b.kind === 'pure' && (b.specs.length !== 1 || !b.specs[0] || b.specs[0].shape.length !== 0 || b.specs[0].dtype !== 'float32'));
      if (!bad) return pass('float32[] at every length');
      const s = bad.specs[0];
      return fail(`the declaration says ${s ? `${s.dtype}[${s.shape.join(',')}]` : `${bad.specs.length} results`}, but a mean is one number: declare \`jax.ShapeDtypeStruct([], x.dtype)\``, bad.line);
    });
    hostAnswers(list, obs, plan, (x) => ({ values: [x.length ? mean(x) : NaN], shape: [] }), 'returns the mean of its input', ['loads'],
      { example: 'as the starter does: `const a = np.asarray(arr);`, then the mean of `a`' });
    list.add('pure', 'the pure callback is pure: same answers in any order, prints nothing, reads no clock or random source, leaves its input and globals alone', ['host'], () => {
      const problems = purityProblems(obs);
      return problems.length ? fail(problems.join('; '), obs.hosts[0]?.line) : pass('called by itself in several orders: same answers, no side effects');
    });
  }
  for (const c of obs.custom) {
    list.add(`rule-${c.name}`, `the custom ${c.kind === 'vjp' ? 'VJP' : 'JVP'} rule of \`${c.name}\` is the true derivative (tested by itself)`, ['loads'], () => ruleCheck(c, plan));
  }
  return list.results();
}

/**
 * A custom rule by itself: the function given the rule returns the mean (or the whole loss),
 * and the rule's derivative is that function's true derivative, on generated (co)tangents.
 */
function ruleCheck(c, plan) {
  for (const [i, result] of c.tests.entries()) {
    const t = { ...result, ...plan.rule[i] };
    if (t.error) return fail(`evaluating the rule at x = ${show(t.x)} failed: ${t.error.name}: ${t.error.message}`, c.line);
    const n = t.x.length;
    const m = mean(t.x);
    const loss = t.x.reduce((a, v) => a + (v - m) ** 2, 0);
    // d mean / dx = 1/n for every element; d loss / dx = 2 (x - mean).
    const isMean = close(t.primal.values, [m]);
    if (!isMean && !close(t.primal.values, [loss])) {
      return fail(`\`${c.name}\` returned ${show(t.primal.values)} at x = ${show(t.x)}; the function given the rule should return the mean, ${show([m])}`, c.line);
    }
    const slope = isMean ? t.x.map(() => 1 / n) : t.x.map((v) => 2 * (v - m));
    const what = isMean ? 'the mean\'s derivative is 1/n per element' : 'the loss\'s derivative is 2 (x − mean)';
    if (c.kind === 'vjp') {
      const want = slope.map((s) => s * t.ct);
      if (!close(t.derivative.values, want)) {
        return fail(`for the cotangent ${t.ct} at x = ${show(t.x)} the bwd rule gives ${show(t.derivative.values)}; ${what}, so it should give ${isMean ? 'ct / n = ' : ''}${show(want)} (this loss hides a wrong rule, other uses would not)`, c.line);
      }
    } else {
      const want = [slope.reduce((a, s, k) => a + s * t.t[k], 0)];
      if (!close(t.derivative.values, want)) {
        return fail(`for the tangent ${show(t.t)} at x = ${show(t.x)} the rule gives ${show(t.derivative.values)}; ${what}, so the tangent is ${isMean ? 'sum(t) / n = ' : ''}${show(want)} (this loss hides a wrong rule, other uses would not)`, c.line);
      }
    }
  }
  return pass(`right on ${c.tests.length} generated ${c.kind === 'vjp' ? 'cotangents' : 'tangents'}`, c.line);
}

/**
 * The checks for `exercise` from the worker's observations on `plan` (the inputs the page
 * generated): [{ name, pass, detail, line, folded }].
 */
export function verdict(exercise, obs, plan) {
  if (complete(obs, plan)) obs.runs.forEach((run, i) => { run.input = plan.values[i]; });
  return exercise.run === 'grad' ? gradExercise(exercise, obs, plan) : callbackExercise(exercise, obs, plan);
}

/** Check on an untouched starter: one failure that says where to start. */
export function starterVerdict(exercise) {
  return [{ name: 'you have started the exercise', pass: false, detail: exercise.start.text, line: exercise.start.line, folded: [] }];
}

/**
 * Check when the worker's own code failed under the learner's code (an internal error instead
 * of observations): most often a replaced built-in that the engine and the observer run on.
 */
export function brokenEngineVerdict(err) {
  return [{
    name: 'your code leaves the engine working', pass: false, line: null, folded: [],
    detail: `the engine's own code failed while your code was checked (${err.name}: ${err.message}). Does your code replace a built-in such as Number, Array or Math? Leave them as they are.`,
  }];
}

const squash = (s) => s.replace(/\s+/g, '');
export const isUntouchedStarter = (exercise, code) => squash(code) === squash(exercise.starter);
