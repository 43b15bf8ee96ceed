// Check's eyes in the engine worker: runs the learner's code on the inputs the page generated
// for this Check and records what happens, as plain data the page judges (verdict.js):
//   - every callback the code binds (kind, host, declaration vs operand type, options, line);
//   - the entry point's answers on the value inputs, and the program it ran as jaxpr data;
//   - every host function called by itself on probe inputs, in several orders, with what it
//     printed, which clocks or random sources it read, timers and requests it started, whether
//     it changed its input, which globals it wrote and which state it can see each call changed
//     (www/lib/state.js); and once more with `np.asarray` handing it other values ("what if").
//     For an author's exercise (plan.record) the probes are the arguments each host was given
//     while the program ran (any number, shape and dtype), recorded as they arrived;
//   - for custom derivative rules, the rule evaluated by itself on generated (co)tangents.
// The references it needs are taken when this module loads, before any learner code exists,
// and its bookkeeping avoids prototype methods learner code could replace. What a host does
// besides answering is watched by monitor.js.

import { jax, jnp, np, ioCallback as realIoCallback } from '../jaxplay.js';
import { buildEntry, explainError, callJitted, hostState, StageError, LEARNER_FILE } from '../app/runner.js';
import { snapshot, stateChanges } from '../lib/state.js';
import { probeOrder } from './plan.js';
import { makeBinder, makeHost } from '../lib/passthrough.js';
import { createMonitor, globalsSnapshot, globalsWritten, globalsReplaced, errorStack, push, same, realSetTimeout, LIST_CAP } from './monitor.js';

// ---------------------------------------------------------------- own references

const G = globalThis;
// The engine functions the observer calls: learner code gets copies of the API objects and may
// replace what is on them; these stay.
const own = {
  jit: jax.jit, grad: jax.grad, vjp: jax.vjp, jvp: jax.jvp, makeJaxpr: jax.makeJaxpr, JaxArray: jax.Array,
  setPrintHandler: jax.debug.setPrintHandler, pureCallback: jax.pureCallback, ioCallback: realIoCallback,
  customVjp: jax.customVjp, customJvp: jax.customJvp,
  npArray: np.array, npAsarray: np.asarray, npZeros: np.zeros, jnpArray: jnp.array, jnpZeros: jnp.zeros, jnpFull: jnp.full,
};
const { apply, defineProperty, getOwnPropertyDescriptor, getPrototypeOf } = Reflect;
const taLength = getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;
const isArray = Array.isArray;
const StringOf = String;
const NumberOf = Number;
const isView = ArrayBuffer.isView;
const Promise = G.Promise;
const lineRe = new RegExp(`${LEARNER_FILE.replace('.', '\\.')}:(\\d+):\\d+`);
const execRe = RegExp.prototype.exec;

// Bookkeeping after learner code has loaded uses index loops only: Array.prototype methods
// and the array iterator may have been replaced by then.
const copy = (list, from = 0, to = list.length) => {
  const out = [];
  for (let i = from; i < to; i++) out[out.length] = list[i];
  return out;
};

/** Plain numbers of a typed array, read element by element. */
function numbers(ta) {
  const length = apply(taLength, ta, []);
  // The shape says how large the array really is; its first values are enough for a message.
  const n = length < LIST_CAP ? length : LIST_CAP;
  const out = [];
  for (let i = 0; i < n; i++) out[i] = NumberOf(ta[i]);
  return out;
}

function learnerLine() {
  const m = apply(execRe, lineRe, [errorStack()]);
  return m ? Number(m[1]) - 1 : null;
}

/** Line (1-based) where `name` is defined in `code` (`function name`, Python's `def name` or `name =`), or null. */
function definitionLine(code, name) {
  if (!/^[\w$]+$/.test(name)) return null;
  const n = name.replace(/\$/g, '\\$');
  const idx = code.search(new RegExp(`(?:function\\s*\\*?\\s*${n}\\b|\\bdef\\s+${n}\\b|\\b${n}\\s*=)`));
  return idx < 0 ? null : code.slice(0, idx).split('\n').length;
}

// ---------------------------------------------------------------- instrumented API

function instrumented(base, monitor, code, record) {
  const hosts = []; // [{ fn, wrapped, name, line, recorded }]
  const binds = [];
  const customs = [];
  const hostIndex = (f) => {
    for (let i = 0; i < hosts.length; i++) if (hosts[i].fn === f) return i;
    const host = { fn: f, wrapped: null, name: f.name || 'anonymous', line: null, recorded: [] };
    // While the program runs (monitor.recording), the first `record` argument lists it is given.
    const enter = (args) => {
      if (monitor.recording && host.recorded.length < record) {
        const taken = argumentsData(args);
        if (taken !== null) push(host.recorded, taken);
      }
      monitor.enter();
    };
    host.wrapped = makeHost(f, enter, monitor.leave, apply);
    defineProperty(host.wrapped, 'name', { value: f.name });
    push(hosts, host);
    return hosts.length - 1;
  };
  const avalOf = (s) => (s && isArray(s.shape) ? { shape: copy(s.shape), dtype: typeof s.dtype === 'string' ? s.dtype : StringOf(s.dtype?.name ?? s.dtype) } : null);
  const recorder = (kind) => (f, spec, rest) => {
    const line = learnerLine();
    const operand = rest.length > 0 ? avalOf(rest[0]) : null;
    const last = rest[rest.length - 1];
    const options = kind === 'io' && last && typeof last === 'object' && !isView(last) && 'ordered' in last;
    const ordered = options ? last.ordered === true : false;
    const specs = [];
    if (isArray(spec)) for (let k = 0; k < spec.length; k++) push(specs, avalOf(spec[k]));
    else push(specs, avalOf(spec));
    if (typeof f !== 'function') {
      push(binds, { kind, host: null, line, specs, operand, ordered, operands: rest.length });
      return f;
    }
    const i = hostIndex(f);
    if (hosts[i].line === null) hosts[i].line = definitionLine(code, hosts[i].name) ?? line;
    push(binds, { kind, host: i, line, specs, operand, ordered, operands: rest.length - (kind === 'io' && last && typeof last === 'object' && !isView(last) && !(last instanceof own.JaxArray) ? 1 : 0) });
    return hosts[i].wrapped;
  };
  const pureCallback = makeBinder(recorder('pure'), own.pureCallback);
  const ioCallback = makeBinder(recorder('io'), own.ioCallback);
  defineProperty(pureCallback, 'name', { value: 'pureCallback' });
  defineProperty(ioCallback, 'name', { value: 'ioCallback' });
  // The rule's line is where it is defined (`.defvjp(...)` / `.defjvp(...)`), else the wrap.
  const custom = (kind, real) => (fn, ...rest) => {
    const f = real(fn, ...rest);
    const entry = { kind, f, name: fn?.name || 'anonymous', line: learnerLine() };
    push(customs, entry);
    const defName = kind === 'vjp' ? 'defvjp' : 'defjvp';
    const define = f[defName];
    f[defName] = (...rules) => {
      entry.line = learnerLine() ?? entry.line;
      return apply(define, f, rules);
    };
    return f;
  };
  // On the host's own argument: counted, and during the "what if" call, other values.
  const np = {
    ...base.np,
    asarray(x, dtype) {
      if (x === null || x !== monitor.argument) return own.npAsarray(x, dtype);
      monitor.asarray += 1;
      return own.npAsarray(monitor.swap ?? x, dtype);
    },
  };
  const jax = {
    ...base.jax,
    pureCallback,
    customVjp: custom('vjp', own.customVjp),
    customJvp: custom('jvp', own.customJvp),
    experimental: { ...base.jax.experimental, ioCallback },
    debug: {
      ...base.jax.debug,
      setPrintHandler(handler) {
        const previous = monitor.userPrint;
        monitor.userPrint = handler;
        return previous;
      },
    },
  };
  monitor.asarray = 0;
  return { api: { jax, jnp: { ...base.jnp }, np, ioCallback }, hosts, binds, customs };
}

// ---------------------------------------------------------------- observations

// The program's answers are engine arrays, read with the engine's own accessors taken at load:
// learner code may replace `toHostArray` or the `shape` getter on the shared prototype to show
// Check other numbers than the program computed.
const jaxProto = own.JaxArray.prototype;
const jaxRead = {
  typed: jaxProto.toTypedArray,
  shape: getOwnPropertyDescriptor(jaxProto, 'shape').get,
  dtype: getOwnPropertyDescriptor(jaxProto, 'dtype').get,
};
const isPrototypeOf = Object.prototype.isPrototypeOf;

const arrayData = (y) => {
  if (apply(isPrototypeOf, jaxProto, [y])) {
    return { values: numbers(apply(jaxRead.typed, y, [])), shape: copy(apply(jaxRead.shape, y, [])), dtype: StringOf(apply(jaxRead.dtype, y, [])) };
  }
  const a = own.npAsarray(y);
  return { values: numbers(a.data), shape: copy(a.shape), dtype: StringOf(a.dtype) };
};

/** A host's arguments as data ({ values, shape, dtype } each), or null if one is too large to keep. */
function argumentsData(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    let data;
    try {
      data = arrayData(args[i]);
    } catch {
      return null;
    }
    let size = 1;
    for (let d = 0; d < data.shape.length; d++) size *= data.shape[d];
    if (size !== data.values.length) return null;
    out[out.length] = data;
  }
  return out;
}

/** Nested lists of `flat` in `shape` (index loops: learner code may have replaced Array's methods). */
function nest(flat, shape, dtype, depth = 0, at = { i: 0 }) {
  if (depth === shape.length) {
    const v = flat[at.i];
    at.i += 1;
    return dtype === 'bool' ? v !== 0 : v;
  }
  const out = [];
  for (let k = 0; k < shape[depth]; k++) out[k] = nest(flat, shape, dtype, depth + 1, at);
  return out;
}

/** A host argument from its data: a new array the host may keep or change. */
function hostArgument({ values, shape, dtype }) {
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d];
  return size === 0 ? own.npZeros(copy(shape), dtype) : own.npArray(nest(values, shape, dtype), dtype);
}

function hostAnswer(v) {
  try {
    if (v === undefined) return { error: { name: 'Result', message: 'it returned undefined (no return statement?)' } };
    if (v instanceof Promise) return { error: { name: 'Result', message: 'it returned a Promise (an async function?): a host function returns its array directly; drop `async` and `await`' } };
    return { value: arrayData(v) };
  } catch (err) {
    return { error: { name: 'Result', message: `it returned ${valueText(v)}, not an array` } };
  }
}

/** A short text of what a host returned, a list in brackets (built by hand: learner code may
 * have replaced Array.prototype's methods). */
function valueText(v) {
  if (!isArray(v)) return StringOf(v).slice(0, 60);
  let text = '[';
  for (let i = 0; i < v.length && text.length < 60; i++) text += (i ? ', ' : '') + StringOf(v[i]);
  return text.length < 60 ? `${text}]` : `${text.slice(0, 60)}…]`;
}

const errorData = (err) => ({ name: StringOf(err?.name ?? 'Error'), message: StringOf(err?.message ?? err).slice(0, 400) });

/**
 * One call of `host` by itself on `probe` (float32 values, or a recorded argument list), its
 * answer and what it did to its arguments (`before` and `after`: the first one's values).
 */
function callHost(monitor, host, probe) {
  const args = isArray(probe) ? [own.npArray(probe, 'float32')] : [];
  if (!isArray(probe)) for (let i = 0; i < probe.args.length; i++) args[i] = hostArgument(probe.args[i]);
  const before = [];
  for (let i = 0; i < args.length; i++) before[i] = numbers(args[i].data);
  const asarrayBefore = monitor.asarray;
  let result;
  monitor.argument = args[0] ?? null;
  monitor.enter();
  try {
    result = hostAnswer(apply(host.fn, undefined, args));
  } catch (err) {
    result = { error: errorData(err), thrown: true };
  } finally {
    monitor.leave();
  }
  let mutated = false;
  const after = [];
  for (let i = 0; i < args.length; i++) {
    after[i] = numbers(args[i].data);
    for (let k = 0; k < before[i].length; k++) if (!same(before[i][k], after[i][k])) mutated = true;
  }
  return { ...result, mutated, before: before[0] ?? [], after: after[0] ?? [], asarray: monitor.asarray > asarrayBefore };
}

/**
 * Calls `host` by itself on each probe, in several orders: [{ probe, answer|error, mutated,
 * asarray, changed }], `changed` the places of the state it can see that the call changed.
 */
function probeHost(monitor, host, probes) {
  const order = probeOrder(probes.length);
  const state = hostState(host.fn);
  const look = () => {
    if (state === null) return null;
    const roots = state.roots();
    return roots === null ? null : snapshot(roots, state.parts);
  };
  const calls = [];
  let watched = true;
  for (let o = 0; o < order.length; o++) {
    const seen = look();
    const call = callHost(monitor, host, probes[order[o]]);
    const now = look();
    if (!seen || !now) watched = false;
    push(calls, { probe: order[o], ...call, changed: seen && now ? stateChanges(seen, now) : [] });
  }
  return { calls, stateSeen: watched };
}

const wait = (ms) => new Promise((resolve) => { apply(realSetTimeout, G, [resolve, ms]); });

/** An input of the plan: float32 values, or { values (nested), shape, dtype } (an author's). */
function makeInput(input) {
  if (isArray(input)) return input.length === 0 ? own.jnpZeros([0], 'float32') : own.jnpArray(input, 'float32');
  let size = 1;
  for (let d = 0; d < input.shape.length; d++) size *= input.shape[d];
  return size === 0 ? own.jnpZeros(copy(input.shape), input.dtype) : own.jnpArray(input.values, input.dtype);
}

/** An input's shape, and whether it holds no values. */
const shapeOf = (input) => (isArray(input) ? [input.length] : copy(input.shape));
const isEmpty = (input) => {
  const shape = shapeOf(input);
  for (let d = 0; d < shape.length; d++) if (shape[d] === 0) return true;
  return false;
};

/** A custom rule by itself: the function's value and derivative on generated inputs. */
function customTests(custom, plan) {
  const tests = [];
  for (let i = 0; i < plan.rule.length; i++) {
    const { x, ct, t } = plan.rule[i];
    const xi = makeInput(x);
    const test = { x, ct, t, primal: null, derivative: null, error: null };
    try {
      if (custom.kind === 'vjp') {
        const pair = own.vjp(custom.f, xi);
        const out = pair[0];
        test.primal = arrayData(out);
        const g = pair[1](own.jnpFull(out.shape, ct, 'float32'));
        test.derivative = arrayData(isArray(g) ? g[0] : g);
      } else {
        const pair = own.jvp(custom.f, [xi], [makeInput(t)]);
        const out = pair[0];
        const tan = pair[1];
        test.primal = arrayData(isArray(out) ? out[0] : out);
        test.derivative = arrayData(isArray(tan) ? tan[0] : tan);
      }
    } catch (err) {
      test.error = errorData(err);
    }
    push(tests, test);
  }
  return tests;
}

/**
 * Runs `code` for `exercise` on `plan` ({ values, probes, rule }: inputs generated by the page)
 * and returns the observations (plain data). `print(stream, text)` forwards printed output.
 */
export async function observe(base, exercise, code, plan, { print }) {
  const monitor = createMonitor(print, learnerLine);
  own.setPrintHandler((text) => monitor.debugPrint(text));
  const record = plan.record > 0 ? plan.record : 0;
  const inst = instrumented(base, monitor, code, record);
  const obs = {
    exercise: exercise.id, load: null, runs: [], program: null, programText: null, programLayout: null, programError: null,
    binds: inst.binds, hosts: [], custom: [], reads: [], timers: [], requests: monitor.requests,
    globalsWritten: [],
  };
  let entry;
  try {
    // The engine's shared prototypes are watched with the built-ins: Check reads through them.
    const roots = [{ name: 'jax.Array.prototype', value: jaxProto }, { name: 'the np array prototype', value: getPrototypeOf(own.npArray([0], 'float32')) }];
    const pristine = globalsSnapshot(roots);
    entry = buildEntry(code, exercise.entry, inst.api);
    obs.builtinsReplaced = globalsReplaced(pristine, globalsSnapshot(roots));
  } catch (err) {
    obs.load = explainError(err, exercise.entry, code);
    return obs;
  }
  const api = inst.api;
  const grad = exercise.run === 'grad';
  const label = grad ? `jax.grad(${exercise.entry})` : exercise.entry;
  const loss = own.jit(entry);
  const gradFn = grad ? own.jit(own.grad(entry)) : null;
  const snapBefore = globalsSnapshot();
  monitor.recording = record > 0;
  for (let v = 0; v < plan.values.length; v++) {
    const values = plan.values[v];
    const run = { input: values, out: null, grad: null, error: null, gradError: null };
    try {
      run.out = arrayData(callJitted(api, loss, makeInput(values)));
    } catch (err) {
      run.error = explainError(err, exercise.entry, code);
    }
    if (grad) {
      try {
        run.grad = arrayData(callJitted(api, gradFn, makeInput(values)));
      } catch (err) {
        run.gradError = explainError(err instanceof StageError ? err : new StageError('run', err), label, code);
      }
    }
    push(obs.runs, run);
  }
  monitor.recording = false;
  // The program that ran, at every length (code may trace differently per shape): the jitted
  // entry point (for grad, the loss, where the fix shows). `program` is the first non-empty one.
  obs.programs = [];
  for (let v = 0; v < plan.values.length; v++) {
    try {
      const closed = own.makeJaxpr(grad ? entry : loss)(makeInput(plan.values[v]));
      const input = plan.values[v];
      push(obs.programs, { length: isArray(input) ? input.length : null, shape: shapeOf(input), data: closed.data });
      if (obs.program === null && !isEmpty(input)) {
        obs.program = closed.data;
        obs.programText = StringOf(closed.text);
        obs.programLayout = closed.layout ?? null;
      }
    } catch (err) {
      if (obs.programError === null) obs.programError = explainError(err instanceof StageError ? err : new StageError('trace', err), exercise.entry, code);
    }
  }
  // Each host by itself; prints while probing (also from timers firing soon after) are its own.
  const readsBefore = monitor.reads.length;
  const timersBefore = monitor.timers.length;
  monitor.probing = true;
  const hosts = [];
  for (let i = 0; i < inst.hosts.length; i++) {
    const h = inst.hosts[i];
    const printedBefore = monitor.hostPrinted.length;
    const reads = monitor.reads.length;
    const timers = monitor.timers.length;
    // An author's exercise: each host by itself on the arguments it was given while the program ran.
    const probes = [];
    for (let k = 0; k < h.recorded.length; k++) probes[k] = { args: h.recorded[k] };
    const { calls, stateSeen } = probeHost(monitor, h, record > 0 ? probes : plan.probes);
    // "What if": np.asarray of the argument gives other values; a host that computes its
    // answer from what np.asarray returns answers for those.
    let swap = null;
    if (plan.swap) {
      monitor.swap = own.npArray(plan.swap.values, 'float32');
      try {
        swap = callHost(monitor, h, plan.probes[plan.swap.probe]);
      } finally {
        monitor.swap = null;
      }
    }
    push(hosts, { name: h.name, line: h.line, calls, swap, stateSeen, ...(record > 0 ? { probes: h.recorded } : {}), printed: copy(monitor.hostPrinted, printedBefore), reads: copy(monitor.reads, reads), timers: copy(monitor.timers, timers) });
  }
  await wait(30);
  monitor.probing = false;
  obs.hosts = hosts;
  obs.hostPrinted = monitor.hostPrinted;
  obs.printed = monitor.printed;
  // What hosts did while the program ran (before the probes): reads and timers.
  obs.reads = copy(monitor.reads, 0, readsBefore);
  obs.timers = copy(monitor.timers, 0, timersBefore);
  obs.globalsWritten = globalsWritten(snapBefore, globalsSnapshot());
  for (let i = 0; i < inst.customs.length; i++) {
    const c = inst.customs[i];
    push(obs.custom, { kind: c.kind, name: c.name, line: c.line, tests: customTests(c, plan) });
  }
  return obs;
}
