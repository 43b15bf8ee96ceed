// What the page accepts from an engine worker. Learner code runs in that worker and can post
// anything, so every message is checked against the shape the page expects before any of it is
// rendered: its type, the id of the request in flight, and the type of every field the page
// reads. `check(value, shape)` returns null when `value` fits, else the path of the first
// misfit ('out.result.values: expected string'). Shapes:
//   'string' 'number' 'boolean' 'any'   a value of that type ('any': anything but undefined)
//   'float'                               a number, NaN and ±Infinity included (array data)
//   maybe(shape)                          null or undefined, or the shape
//   [shape]                               an array of that shape (at most MAX_ITEMS items)
//   { key: shape, ... }                   an object with at least these fields
//   oneOf('a', 'b')                       one of these strings
//   either(shape, shape)                  a value of one of these shapes

import { EVENT_KINDS, EVENT_PHASES, EVENT_STATUSES, CALLBACK_KINDS } from '../lib/boundary.js';

const MAX_ITEMS = 100_000;
/** Longest string a field may hold (1 MiB of text): longer ones are not rendered. */
export const MAX_TEXT = 1 << 20;

export const maybe = (shape) => ({ maybe: shape });
export const oneOf = (...values) => ({ oneOf: values });
export const either = (...shapes) => ({ either: shapes });

export function check(value, shape, at = 'message') {
  if (shape === 'any') return value === undefined ? `${at}: missing` : null;
  if (shape === 'float') return typeof value === 'number' ? null : `${at}: expected a number, got ${describe(value)}`;
  if (typeof shape === 'string') {
    if (typeof value !== shape || (shape === 'number' && Number.isNaN(value))) return `${at}: expected ${shape}, got ${describe(value)}`;
    if (shape === 'string' && value.length > MAX_TEXT) return `${at}: text longer than ${MAX_TEXT} characters`;
    return null;
  }
  if (shape.maybe !== undefined) return value == null ? null : check(value, shape.maybe, at);
  if (shape.either) {
    const misfits = shape.either.map((s) => check(value, s, at));
    return misfits.includes(null) ? null : misfits.join(' or ');
  }
  if (shape.oneOf) return shape.oneOf.includes(value) ? null : `${at}: expected one of ${shape.oneOf.join(', ')}, got ${describe(value)}`;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return `${at}: expected an array, got ${describe(value)}`;
    if (value.length > MAX_ITEMS) return `${at}: more than ${MAX_ITEMS} items`;
    for (let i = 0; i < value.length; i++) {
      const bad = check(value[i], shape[0], `${at}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${at}: expected an object, got ${describe(value)}`;
  for (const [key, inner] of Object.entries(shape)) {
    const bad = check(Object.hasOwn(value, key) ? value[key] : undefined, inner, `${at}.${key}`);
    if (bad) return bad;
  }
  return null;
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}

// ---------------------------------------------------------------- the protocol's shapes

/** An error as the runner explains it (runner.js explainError). */
const ERROR = { title: 'string', name: 'string', message: 'string', hint: maybe('string'), line: maybe('number'), column: maybe('number') };
const VALUE = { values: 'string', shape: 'string', dtype: 'string', repr: maybe('string'), data: { values: 'any', shape: ['number'] } };

/** A timeline event as the engine records it: the fields the timeline reads. */
export const EVENT = {
  seq: 'number', ts: 'number', id: 'number', parent: maybe('number'),
  kind: oneOf(...EVENT_KINDS),
  phase: oneOf(...EVENT_PHASES), name: 'string', shapes: maybe(['string']),
  detail: maybe('string'), status: maybe(oneOf(...EVENT_STATUSES)), callbackKind: maybe(oneOf(...CALLBACK_KINDS)), ordered: maybe('boolean'),
  source: maybe('string'),
};

/** Deepest nesting of equations (sub-jaxprs in sub-jaxprs) a jaxpr's layout may have. */
export const MAX_LAYOUT_DEPTH = 64;
/** A printed jaxpr's layout (ClosedJaxpr.layout): text runs and equations holding their runs. */
const LAYOUT = (() => {
  let runs = ['string'];
  for (let depth = 0; depth < MAX_LAYOUT_DEPTH; depth++) {
    runs = [either('string', { primitive: 'string', source: maybe('string'), callback: maybe('string'), runs })];
  }
  return runs;
})();

/** An array's data as Check's observer sends it (check/observe.js arrayData). */
const ARRAY = { values: ['float'], shape: ['number'], dtype: 'string' };
/** An input of an author's exercise (www/widget/grader.js customPlan): nested values of a dtype. */
const INPUT = { values: 'any', shape: ['number'], dtype: 'string' };
/** A thrown error as the observer records it on a probe or a rule test. */
const THROWN = { name: 'string', message: 'string' };
/** A callback declaration or operand, as learner code gave it (its shape is not checked there). */
const AVAL = { shape: ['any'], dtype: 'string' };

/** A host called by itself (check/observe.js callHost). */
const HOST_CALL = { value: maybe(ARRAY), error: maybe(THROWN), mutated: 'boolean', before: ['float'], after: ['float'], asarray: 'boolean' };

/** What Check's observer sends (check/observe.js); the verdict is computed in the page from it. */
const OBSERVATIONS = {
  exercise: 'string', load: maybe(ERROR),
  runs: [{ input: either(['float'], INPUT), out: maybe(ARRAY), grad: maybe(ARRAY), error: maybe(ERROR), gradError: maybe(ERROR) }],
  program: maybe({ eqns: ['any'] }), programText: maybe('string'), programLayout: maybe(LAYOUT), programError: maybe(ERROR),
  binds: [{ kind: oneOf('pure', 'io'), host: maybe('number'), line: maybe('number'), specs: [maybe(AVAL)], operand: maybe(AVAL), ordered: 'boolean', operands: 'number' }],
  hosts: [{
    name: 'string', line: maybe('number'), printed: ['string'], reads: ['string'], timers: ['string'], stateSeen: 'boolean',
    calls: [{ ...HOST_CALL, probe: 'number', changed: [{ path: 'string', root: 'string', kind: 'string' }] }],
    swap: maybe(HOST_CALL),
    // An author's exercise: the argument lists the host was given, which it was called on again.
    probes: maybe([[ARRAY]]),
  }],
  hostPrinted: maybe(['string']),
  custom: [{
    kind: oneOf('vjp', 'jvp'), name: 'string', line: maybe('number'),
    tests: [{ x: ['float'], ct: 'float', t: ['float'], primal: maybe(ARRAY), derivative: maybe(ARRAY), error: maybe(THROWN) }],
  }],
  reads: ['string'], timers: ['string'], requests: ['string'], globalsWritten: ['string'],
};

/** What `done.out` holds for each kind of request (www/worker.js, runner.js, program.js, check/observe.js). */
export const OUT = {
  run: {
    label: 'string', input: maybe(VALUE), result: maybe(VALUE), error: maybe(ERROR),
    jaxpr: maybe('string'), jaxprLayout: maybe(LAYOUT), jaxprError: maybe(ERROR),
  },
  program: {
    value: maybe('string'), error: maybe(ERROR), main: maybe('boolean'),
    jaxprs: [{ label: maybe('string'), text: 'string', layout: maybe(LAYOUT), atSeq: maybe('number') }],
  },
  check: OBSERVATIONS,
  explore: {
    columns: [{
      label: 'string', summary: maybe('string'), error: maybe('string'), notes: ['string'],
      calls: [{ name: 'string', kind: 'string', ordered: 'boolean', status: oneOf('ran', 'skipped', 'removed') }],
    }],
  },
};
const INTERNAL = { internalError: ERROR };

/** The message type each reply channel carries. */
const CHANNEL_TYPE = { reply: 'done', events: 'events', print: 'print' };

/**
 * Checks one message that came on `channel` ('reply' | 'events' | 'print') for the request
 * `pending` ({ id, kind, nonce? }): { msg }, { drop: reason }, or { malformedDone: reason } for a
 * reply to this request that cannot be read (the request then ends with an error). A request
 * sent with a nonce (Check) is answered only by a reply that echoes it.
 */
export function validate(data, pending, channel) {
  const shape = check(data, { type: 'string' });
  if (shape) return { drop: shape };
  const type = data.type.slice(0, 40);
  if (!pending) return { drop: `no request is running (got '${type}')` };
  if (data.id !== pending.id) return { drop: `'${type}' for another request` };
  if (CHANNEL_TYPE[channel] !== data.type) return { drop: `'${type}' on the ${channel} channel` };
  switch (data.type) {
    case 'events': {
      const bad = check(data, { events: ['any'] });
      return bad ? { drop: bad } : { msg: data };
    }
    case 'print': {
      const bad = check(data, { stream: oneOf('log', 'info', 'warn', 'error', 'debug'), text: 'string' });
      return bad ? { drop: bad } : { msg: data };
    }
    case 'done': {
      if (pending.nonce !== undefined && data.nonce !== pending.nonce) return { drop: "'done' without the request's nonce" };
      for (const field of ['moreEvents', 'sentEvents', 'sentPrints']) {
        const count = check(data[field], maybe('number'), field);
        if (count || data[field] < 0) return { malformedDone: count ?? `${field}: negative` };
      }
      if (check(data.out, INTERNAL, 'out') === null) return { msg: data };
      const bad = check(data.out, OUT[pending.kind] ?? 'any', 'out');
      return bad ? { malformedDone: bad } : { msg: data };
    }
    default:
      return { drop: `unexpected message type '${type}'` };
  }
}
