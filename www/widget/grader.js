// Check for an author's own exercise (www/widget/exercise.js), judged in the widget's frame from
// the plain observations a fresh engine worker sent (www/check/observe.js, the playground's
// observer), with the built-in exercises' checks where they apply (www/check/verdict.js): the
// code loads and leaves the built-ins alone; each of the author's tests, run under jax.jit, gives
// the expected values, shape and dtype (within the exercise's tolerance); the traced program calls
// the host with the callback kind the author asked for (ordered, for "io-ordered"), at every shape
// Check traced; the callback's declared result follows the input (the program also runs at shapes
// no test has, where a fixed declaration no longer matches what the host returns); and a pure
// host, called by itself on the arguments it was given, in several orders, is pure. Learner code
// only ever produces observations; the verdict is computed here.

import { formatValues } from '../app/runner.js';
import { editorLine } from '../app/jaxpr-view.js';
import { allEqns, checklist, loads, builtins, purityProblems } from '../check/verdict.js';
import { probeOrder } from '../check/plan.js';
import { spelling } from './exercise.js';

/** Host calls recorded per host, to call it by itself again (a pure exercise's probes). */
const RECORD = 6;
const PRIM = { pure: 'pure_callback', io: 'io_callback', debug: 'debug_callback' };
const HOW = { pure: '`jax.pureCallback`', io: '`ioCallback`', debug: '`jax.debug.callback`' };
const CALLBACKS = new Set(Object.values(PRIM));
/** The engine's words when a host's answer does not match its callback's declaration. */
const MISMATCH = /Incorrect output (?:shape|dtype)/;

const pass = (detail, line) => ({ pass: true, detail, line });
const fail = (detail, line) => ({ pass: false, detail, line });
const at = (line) => (line ? ` (line ${line})` : '');
/** A shape as a key, to tell shapes apart (messages spell shapes in the exercise's language). */
const shapeText = (shape) => `[${shape.join(', ')}]`;
const isNumbers = (v) => Array.isArray(v) && v.every((x) => typeof x === 'number');
const size = (shape) => shape.reduce((a, b) => a * b, 1);

function randomInt(n) {
  const b = new Uint32Array(1);
  crypto.getRandomValues(b);
  return b[0] % n;
}

/** `flat` (row-major) as nested lists of `shape`. */
function nest(flat, shape) {
  if (shape.length === 0) return flat[0];
  const step = size(shape.slice(1));
  return Array.from({ length: shape[0] }, (_, i) => nest(flat.slice(i * step, (i + 1) * step), shape.slice(1)));
}

/**
 * Shapes no test has, where the program also runs: each test input's shape (rank ≥ 1, up to
 * two of them) with a longer first dimension.
 */
function otherShapes(exercise) {
  const taken = new Set(exercise.tests.map((t) => shapeText(t.input.shape)));
  const out = [];
  for (const t of exercise.tests) {
    const shape = t.input.shape;
    if (shape.length === 0 || out.length === 2) continue;
    for (let tries = 0; tries < 20; tries++) {
      const other = [shape[0] + 1 + randomInt(4), ...shape.slice(1)];
      if (!taken.has(shapeText(other)) && size(other) <= 2000) {
        taken.add(shapeText(other));
        out.push(other);
        break;
      }
    }
  }
  return out;
}

/**
 * The observer's inputs for an author's exercise: the tests' inputs, then inputs of shapes no
 * test has (values drawn from the tests' own, so they stay in the exercise's domain); a pure
 * exercise's hosts are recorded while the program runs, to be called by themselves again.
 */
export function customPlan(exercise) {
  const inputs = exercise.tests.map((t) => ({ values: t.input.values, shape: t.input.shape, dtype: t.input.dtype }));
  const dtype = exercise.tests[0].input.dtype;
  const pool = exercise.tests.flatMap((t) => t.input.flat);
  const draw = () => (pool.length ? pool[randomInt(pool.length)] : dtype === 'bool' ? false : 0);
  const extra = exercise.inspect.callback === 'debug' ? [] : otherShapes(exercise).map((shape) => (
    { values: nest(Array.from({ length: size(shape) }, draw), shape), shape, dtype }));
  return { values: [...inputs, ...extra], tests: inputs.length, probes: [], rule: [], swap: null, record: exercise.inspect.callback === 'pure' ? RECORD : 0 };
}

/** What the worker answered matches the plan: a run per input, each host probed as recorded. */
function complete(obs, plan) {
  if (!Array.isArray(obs.runs) || obs.runs.length !== plan.values.length) return false;
  return !plan.record || (obs.hosts ?? []).every((h) => Array.isArray(h.probes) && Array.isArray(h.calls)
    && h.calls.length === probeOrder(h.probes.length).length);
}

/** `[[1, 2], [3, 4]] (int32, shape [2, 2])`: values of `dtype` (bool as true/false), in `spell`. */
function arrayText(flat, shape, dtype, spell) {
  if (flat.length !== size(shape)) return `${size(shape)} values (${dtype}, shape ${spell.shape(shape)})`;
  const values = dtype === 'bool' ? flat.map((v) => Boolean(v)) : flat;
  return `${spell.list(formatValues(nest(values, shape), dtype))} (${dtype}, shape ${spell.shape(shape)})`;
}

function valueTest(test, run, tolerance, spell) {
  const { expected } = test;
  const want = arrayText(expected.flat, expected.shape, expected.dtype, spell);
  if (!run) return fail(`expected ${want}, but Check could not observe this test (did your code replace built-in functions?)`);
  if (run.error) {
    const e = run.error;
    return fail(`expected ${want}, but: ${e.title}: ${e.name}: ${e.message}`, e.line ?? null);
  }
  const y = run.out;
  if (!y || !isNumbers(y.values) || !isNumbers(y.shape) || typeof y.dtype !== 'string') return fail(`expected ${want}, got no array: return the callback's result`);
  const got = arrayText(y.values, y.shape, y.dtype, spell);
  const sameShape = y.shape.length === expected.shape.length && y.shape.every((d, i) => d === expected.shape[i]);
  if (!sameShape) return fail(`expected ${want}, got ${got}: the shape differs`);
  if (y.dtype !== expected.dtype) return fail(`expected ${want}, got ${got}: the dtype differs`);
  const close = expected.flat.every((w, i) => Math.abs(y.values[i] - Number(w)) <= tolerance * Math.max(1, Math.abs(Number(w))));
  return close ? pass(`got ${got}`) : fail(`expected ${want}, got ${got}${tolerance ? ` (the tolerance is ${tolerance})` : ''}`);
}

/** The callback kind in one traced program. */
function kindOn(program, inspect) {
  const prim = PRIM[inspect.callback];
  const how = HOW[inspect.callback];
  const eqns = allEqns(program).map(({ eqn }) => eqn);
  const found = eqns.find((e) => e.primitive === prim);
  const line = (e) => editorLine(e?.source);
  if (found) return pass(`found ${prim} of \`${String(found.params.callback?.value ?? '?')}\`${at(line(found))}`, line(found));
  const other = eqns.find((e) => CALLBACKS.has(e.primitive));
  if (other) return fail(`found ${other.primitive} instead${at(line(other))}: this exercise asks for ${how}; call your host function with it`, line(other));
  const native = [...new Set(program.eqns.map((e) => e.primitive))];
  return fail(`no \`${prim}\` in the traced program${native.length ? `: it computes natively (${native.join(', ')})` : ''}. Call your host function with ${how}`);
}

function orderedOn(program) {
  const io = allEqns(program).map(({ eqn }) => eqn).filter((e) => e.primitive === 'io_callback');
  const line = editorLine(io[0]?.source);
  return io.some((e) => e.params.ordered?.value === true)
    ? pass('ordered=True: calls keep program order', line)
    : fail(`the io_callback${at(line)} has ordered=False: pass \`{ ordered: true }\` as its last argument`, line);
}

/** `judge(program)` on every program Check traced: the first failure, said for its shape. */
function atEveryShape(obs, judge, spell) {
  const programs = Array.isArray(obs.programs) ? obs.programs.filter((p) => p && p.data && isNumbers(p.shape)) : [];
  if (!programs.length) {
    const e = obs.programError;
    return fail(`your function could not be traced${e ? `: ${e.name}: ${e.message}` : ''}`, e?.line ?? null);
  }
  const results = programs.map((p) => ({ shape: p.shape, result: judge(p.data) }));
  const failed = results.find((r) => !r.result.pass);
  if (!failed) return results[0].result;
  if (results.every((r) => !r.result.pass)) return failed.result;
  return { ...failed.result, detail: `for an input of shape ${spell.shape(failed.shape)}, ${failed.result.detail} (the same code must trace the same program at every shape)` };
}

/** The host's answers match the callback's declaration at every shape the program ran at. */
function declaration(obs, plan, spell) {
  const runs = obs.runs;
  const where = (k) => `for an input of shape ${spell.shape(plan.values[k].shape)}${k >= plan.tests ? ' (a shape no test has)' : ''}`;
  const k = runs.findIndex((r) => r.error && MISMATCH.test(r.error.message));
  if (k >= 0) {
    return fail(`${where(k)}, the host's answer does not match the callback's declaration (${runs[k].error.message}): declare the result from the input (\`jax.ShapeDtypeStruct(x.shape, x.dtype)\`, or a shape computed from \`x.shape\`), not fixed numbers`, runs[k].error.line ?? null);
  }
  const others = plan.values.map((v, i) => i).filter((i) => i >= plan.tests);
  const failing = others.filter((i) => runs[i].error);
  const note = failing.length ? ` (at ${failing.map((i) => spell.shape(plan.values[i].shape)).join(', ')} your function failed otherwise, so the declaration was not seen there: ${runs[failing[0]].error.message})` : '';
  return pass(`the host's answers match the declaration at every shape, ${others.map((i) => spell.shape(plan.values[i].shape)).join(', ')} included${note}`);
}

/**
 * The checks of an author's exercise from the observer's answer `obs` on `plan`
 * (customPlan(exercise)): [{ name, pass, detail, line, folded }].
 */
export function gradeCustom(exercise, obs, plan) {
  const { callback: kind, ordered } = exercise.inspect;
  const list = checklist();
  const spell = spelling(exercise.language);
  const runs = Array.isArray(obs.runs) ? obs.runs : [];
  loads(list, obs, complete(obs, plan));
  builtins(list, obs);
  exercise.tests.forEach((t, i) => list.add(`test-${i}`, t.name, ['loads'], () => valueTest(t, runs[i], exercise.tolerance, spell)));
  list.add('callback', `calls the host through ${HOW[kind]} (\`${PRIM[kind]}\` in the jaxpr)`, ['loads'], () => atEveryShape(obs, (p) => kindOn(p, exercise.inspect), spell));
  if (ordered) list.add('ordered', 'passes `{ ordered: true }` (`ordered=True` in the jaxpr)', ['callback'], () => atEveryShape(obs, orderedOn, spell));
  if (kind !== 'debug' && plan.values.length > plan.tests) {
    list.add('declaration', 'declares the callback\'s result from the input, so it follows the input\'s shape', ['callback'], () => declaration(obs, plan, spell));
  }
  if (kind === 'pure') {
    list.add('pure', 'the pure callback is pure: same answers in any order, prints nothing, reads no clock or random source, leaves its input and globals alone', ['callback'], () => {
      const problems = purityProblems(obs);
      const calls = obs.hosts.reduce((n, h) => n + h.calls.length, 0);
      if (problems.length) return fail(problems.join('; '), obs.hosts[0]?.line ?? null);
      return pass(calls ? `called by itself ${calls} times, in several orders, on the arguments it was given: same answers, no side effects` : 'the host was not called on these inputs, so it was not called again by itself; nothing impure was seen');
    });
  }
  return list.results();
}
