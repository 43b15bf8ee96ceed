// Check's look at the traced program and the host function, beyond the numbers: which callback
// primitive the jaxpr binds and with what declaration (result_avals), whether the function
// returns the callback's result, `ordered=True` where required, which autodiff fix is used,
// and whether the host function crosses the boundary with `np.asarray` and behaves purely
// (called directly, twice, on a host array: same answer, no console output, input unchanged).
// Every failure says what to change. Runs in the engine worker; DOM-free.

import { parseJaxpr, allEqns, resultAvals, longType, isStopped, isVar } from './jaxpr-parse.js';

const PRIM = { pure: 'pure_callback', io: 'io_callback' };
const CALLER = { pure: '`jax.pureCallback`', io: '`ioCallback`' };
const CALLBACK_PRIMS = new Set(Object.values(PRIM));

/** Traces `fn(input)` with the instrumented API: { text, jaxpr, error, callbacks }. */
export function traceProgram(inst, fn, input) {
  inst.reset();
  const out = { text: null, jaxpr: null, error: null, callbacks: [] };
  try {
    out.text = String(inst.base.jax.makeJaxpr(fn)(input));
    out.jaxpr = parseJaxpr(out.text);
  } catch (err) {
    out.error = err;
  }
  out.callbacks = [...inst.seen.callbacks];
  return out;
}

const pass = (name, detail) => ({ name, pass: true, detail });
const fail = (name, detail) => ({ name, pass: false, detail });
const nameOf = (f) => `\`${f?.name || 'anonymous'}\``;
const list = (v) => `[${v.join(', ')}]`;

function hostArg(inst, values) {
  return inst.base.np.array(values, 'float32');
}

/** A host result as comparable text (values, shape, dtype), or its String for anything else. */
function shown(inst, v) {
  try {
    const a = inst.base.np.asarray(v);
    return `${JSON.stringify(a.tolist())} ${a.dtype}`;
  } catch {
    return String(v);
  }
}

function traceFailure(t) {
  return `could not trace your function: ${t.error?.name ?? 'Error'}: ${t.error?.message ?? t.error}`;
}

const returnedDeclaration = (t) => /ShapeDtypeStruct/.test(t.error?.message ?? '');

/** Native primitives of the top-level program, for "it computes natively with mul". */
function nativePrims(jaxpr) {
  return [...new Set(jaxpr.eqns.map((e) => e.prim).filter((p) => !CALLBACK_PRIMS.has(p)))];
}

function declarationCheck(name, avals, want, fixText) {
  if (!avals) return fail(name, 'not checked: no callback call was found');
  const shownAvals = avals.length ? avals.join(', ') : 'nothing';
  if (avals.length === 1 && avals[0] === want) return pass(name, `result_avals=(ShapedArray(${want}),) matches`);
  return fail(name, `the declaration says ${shownAvals}, but it should be ${want}: ${fixText}`);
}

function specAvals(spec) {
  const one = (s) => (s && Array.isArray(s.shape) ? `${typeof s.dtype === 'string' ? s.dtype : s.dtype?.name}[${s.shape.join(',')}]` : '?');
  return Array.isArray(spec) ? spec.map(one) : [one(spec)];
}

/** Probes the host function: { asarray: check, pure: check }. */
function hostChecks(inst, kind, recorded, values, names) {
  if (!recorded) {
    const why = 'not checked: no callback call was found';
    return { asarray: fail(names.asarray, why), pure: kind === 'pure' ? fail(names.pure, why) : null };
  }
  const fn = recorded.fn;
  const arg = hostArg(inst, values);
  const before = Array.from(arg.data);
  const first = inst.probe(fn, arg);
  if (first.error) {
    const why = `calling ${nameOf(fn)} directly on ${list(values)} threw ${first.error?.name ?? 'Error'}: ${first.error?.message ?? first.error}`;
    return { asarray: fail(names.asarray, why), pure: kind === 'pure' ? fail(names.pure, why) : null };
  }
  const usedAsarray = first.asarrayArgs.some((a) => a === arg || a === arg.data);
  const asarray = usedAsarray
    ? pass(names.asarray, `${nameOf(fn)} calls np.asarray on its argument`)
    : fail(names.asarray, `${nameOf(fn)} never calls np.asarray on its argument: start with \`np.asarray(arr)\` so the host boundary is explicit (you get a host array with concrete values)`);
  if (kind !== 'pure') return { asarray, pure: null };

  const problems = [];
  const firstValue = shown(inst, first.value);
  const second = inst.probe(fn, hostArg(inst, values));
  const printed = [...first.printed, ...second.printed];
  if (printed.length) {
    problems.push(`${nameOf(fn)} printed to the console (“${printed[0].slice(0, 60)}”): a pure callback must have no side effects, because JAX may drop, repeat or merge the call. Remove the console.log; for output use \`ioCallback\` or \`jax.debug.print\``);
  }
  const after = Array.from(arg.data);
  if (after.some((v, i) => !Object.is(v, before[i]))) {
    problems.push(`${nameOf(fn)} changed its input in place (it held ${list(before)}, afterwards ${list(after)}): build a new array instead, e.g. \`np.asarray(arr).mul(2)\``);
  }
  const secondValue = second.error ? `an error (${second.error.message})` : shown(inst, second.value);
  if (secondValue !== firstValue) {
    problems.push(`called twice on ${list(values)}, ${nameOf(fn)} answered ${firstValue}, then ${secondValue}: a pure callback must depend only on its arguments`);
  }
  const pure = problems.length === 0
    ? pass(names.pure, `called twice on ${list(values)}: same answer, no console output, input unchanged`)
    : fail(names.pure, problems.join('; '));
  return { asarray, pure };
}

/** Exercises 1 and 2: one callback of the right kind doing the work. */
function callbackChecks(inst, exercise, t, input) {
  const { callback: kind, ordered } = exercise.inspect;
  const prim = PRIM[kind];
  const eqns = t.jaxpr ? allEqns(t.jaxpr) : [];
  const found = eqns.find(({ eqn }) => eqn.prim === prim)?.eqn ?? null;
  const wrongKind = eqns.find(({ eqn }) => CALLBACK_PRIMS.has(eqn.prim) && eqn.prim !== prim)?.eqn ?? null;
  const recorded = t.callbacks.find((c) => c.kind === kind) ?? null;
  const want = longType(input.type);
  const results = [];

  const primName = `calls the host through ${CALLER[kind]} (\`${prim}\` in the jaxpr)`;
  if (found) results.push(pass(primName, `found ${prim}[callback=${found.params.callback}]`));
  else if (!t.jaxpr && recorded) results.push(pass(primName, `your function calls ${CALLER[kind]} with ${nameOf(recorded.fn)}`));
  else if (wrongKind) results.push(fail(primName, `found \`${wrongKind.prim}\` instead: ${kind === 'pure' ? 'this step is about `jax.pureCallback`, a host call without side effects' : 'use `ioCallback(...)`, the host call for side effects'}`));
  else if (!t.jaxpr) results.push(fail(primName, recorded === null && t.callbacks.length ? `found ${t.callbacks[0].kind} callback instead` : traceFailure(t)));
  else {
    const native = nativePrims(t.jaxpr);
    results.push(fail(primName, `no \`${prim}\` in the traced program${native.length ? `: it computes natively (${native.join(', ')})` : ''}. Call your host function with ${kind === 'pure' ? '`jax.pureCallback(hostFn, spec, x)`' : '`ioCallback(hostFn, spec, x, { ordered: true })`'}`));
  }

  if (ordered) {
    const name = 'passes `{ ordered: true }` (`ordered=True` in the jaxpr)';
    if (found) {
      results.push(found.params.ordered === 'True'
        ? pass(name, 'ordered=True: calls keep program order, across jitted calls too')
        : fail(name, 'the io_callback has ordered=False: pass `{ ordered: true }` as the last argument, so calls run in program order'));
    } else {
      results.push(fail(name, 'not checked: no io_callback was found'));
    }
  }

  const avals = found ? resultAvals(found.params.result_avals) : recorded ? specAvals(recorded.spec) : null;
  results.push(declarationCheck(`declares the result as \`jax.ShapeDtypeStruct(x.shape, x.dtype)\` (${want})`, avals, want,
    'describe the result with `jax.ShapeDtypeStruct(x.shape, x.dtype)`'));

  const retName = 'returns the callback\'s result, not the declaration';
  if (returnedDeclaration(t)) {
    results.push(fail(retName, 'it returns the ShapeDtypeStruct, which is only a shape/dtype declaration: return the value the callback call gives back'));
  } else if (!t.jaxpr) {
    results.push(fail(retName, traceFailure(t)));
  } else if (!found) {
    results.push(fail(retName, `not checked: no ${prim} was found`));
  } else {
    const out = t.jaxpr.outs[0];
    const top = t.jaxpr.eqns.find((e) => e.prim === prim && e.outs.some((o) => o.name === out));
    const def = t.jaxpr.eqns.find((e) => e.outs.some((o) => o.name === out));
    if (top) results.push(pass(retName, `the output \`${out}\` is the callback's result`));
    else if (t.jaxpr.invars.some((v) => v.name === out)) results.push(fail(retName, 'it returns x unchanged: return the value the callback call gives back'));
    else results.push(fail(retName, `the output comes from \`${def?.prim ?? out}\`, not from the callback: return the value the callback call gives back`));
  }

  const host = hostChecks(inst, kind, recorded, input.values, {
    asarray: 'the host function calls `np.asarray` on its argument',
    pure: 'the pure callback is pure: same answer twice, no console output, input unchanged',
  });
  results.push(host.asarray);
  if (host.pure) results.push(host.pure);
  return results;
}

/** Exercise 3: which fix lets jax.grad through, and the host mean when it is still a callback. */
function gradFixChecks(inst, exercise, t, input) {
  const names = {
    fix: 'uses a valid fix: stopGradient on the callback\'s input, a custom rule, or jnp ops',
    decl: 'declares the host mean as one float32 number (`jax.ShapeDtypeStruct([], x.dtype)`)',
    asarray: 'the host function calls `np.asarray` on its argument',
    pure: 'the pure callback is pure: same answer twice, no console output, input unchanged',
  };
  if (!t.jaxpr) return Object.values(names).map((n) => fail(n, traceFailure(t)));
  const eqns = allEqns(t.jaxpr);
  const io = eqns.find(({ eqn }) => eqn.prim === 'io_callback');
  const pures = eqns.filter(({ eqn }) => eqn.prim === 'pure_callback');
  const results = [];
  if (io) {
    results.push(fail(names.fix, 'the mean goes through `ioCallback`: computing a mean has no side effects, so keep `jax.pureCallback` (and stop its gradient or give it a rule), or use jnp ops'));
  } else if (pures.length === 0) {
    results.push(pass(names.fix, 'fix used: native jnp ops (no callback left, so JAX differentiates everything itself)'));
  } else {
    const fixes = pures.map(({ eqn, ancestors, scope }) => {
      const custom = ancestors.find((a) => /^custom_(jvp|vjp)_call/.test(a.prim));
      if (custom) return custom.prim.startsWith('custom_jvp') ? 'a custom_jvp rule around the callback' : 'a custom_vjp rule around the callback';
      const args = eqn.args.filter(isVar);
      if (args.length > 0 && args.every((a) => isStopped(scope, a))) return 'jax.lax.stopGradient on the callback\'s input';
      return null;
    });
    const missing = fixes.indexOf(null);
    results.push(missing < 0
      ? pass(names.fix, `fix used: ${[...new Set(fixes)].join(' and ')}`)
      : fail(names.fix, `the pure_callback of ${pures[missing].eqn.params.callback} gets a value that carries a gradient: wrap its input in \`jax.lax.stopGradient\`, or give it a rule with \`jax.customJvp\`/\`jax.customVjp\`, or compute the mean with jnp ops`));
  }
  if (pures.length === 0) {
    const none = 'not needed: no callback left';
    return [...results, pass(names.decl, none), pass(names.asarray, none), pass(names.pure, none)];
  }
  const first = pures[0].eqn;
  results.push(declarationCheck(names.decl, resultAvals(first.params.result_avals), 'float32[]',
    'the mean is a single number, so declare `jax.ShapeDtypeStruct([], x.dtype)`'));
  const recorded = t.callbacks.find((c) => c.kind === 'pure') ?? null;
  const host = hostChecks(inst, 'pure', recorded, input.values, names);
  return [...results, host.asarray, host.pure];
}

/** The program checks of `exercise` for a trace `t` of its entrypoint on `input`. */
export function programChecks(inst, exercise, t, input) {
  return exercise.inspect.fix === 'grad'
    ? gradFixChecks(inst, exercise, t, input)
    : callbackChecks(inst, exercise, t, input);
}
