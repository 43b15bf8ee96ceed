// What the page accepts from an engine worker (www/app/messages.js): a table of good and bad
// messages for each reply channel, each bad one with the words of its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, check, maybe, oneOf, either, MAX_TEXT, MAX_LAYOUT_DEPTH, EVENT as EVENT_SHAPE } from '../../www/app/messages.js';

const ID = 'a1b2c3';
const RUN = { id: ID, kind: 'run' };
const ERROR = { title: 'Tracing failed', name: 'TypeError', message: 'boom', hint: '', line: 3, column: null };
const VALUE = { values: '[2, -4, 6]', shape: '[3]', dtype: 'float32', repr: 'Array([2, -4, 6])', data: { values: [2, -4, 6], shape: [3] } };
const EVENT = { seq: 0, ts: 1.5, id: 1, kind: 'callback', phase: 'begin', name: 'hostDouble', callbackKind: 'pure', ordered: false, shapes: ['f32[3]'], source: 'learner.js:4' };
// Check's answer: what the observer saw (www/check/observe.js); the page computes the verdict.
const NONCE = 'f00dfeed';
const CHECK = { id: ID, kind: 'check', nonce: NONCE };
const ARRAY = { values: [2, -4, Number.NaN, Infinity], shape: [4], dtype: 'float32' };
const checkOut = (over = {}) => ({
  exercise: 'pure-callback-doubler', load: null,
  runs: [{ input: [1, -2], out: ARRAY, grad: null, error: null, gradError: null }],
  program: { invars: [], eqns: [], outvars: [] }, programText: '{ lambda ; }', programLayout: null, programError: null,
  binds: [{ kind: 'pure', host: 0, line: 4, specs: [{ shape: [2], dtype: 'float32' }], operand: { shape: [2], dtype: 'float32' }, ordered: false, operands: 1 }],
  hosts: [{
    name: 'hostDouble', line: 2, printed: [], reads: [], timers: [], stateSeen: true,
    calls: [{ probe: 0, value: ARRAY, mutated: false, before: [1], after: [1], asarray: true, changed: [] }, { probe: 1, error: { name: 'TypeError', message: 'x' }, thrown: true, mutated: false, before: [], after: [], asarray: false, changed: [{ path: 'calls', root: 'calls', kind: 'a global' }] }],
    swap: { value: ARRAY, mutated: false, before: [1], after: [1], asarray: true },
  }],
  hostPrinted: [], custom: [{ kind: 'vjp', name: 'f', line: 9, tests: [{ x: [1], ct: 1.5, t: [0.5], primal: ARRAY, derivative: null, error: null }] }],
  reads: [], timers: [], requests: ['fetch'], globalsWritten: [], ...over,
});
// A jaxpr as runs (ClosedJaxpr.layout): a scan equation holding a callback equation.
const LAYOUT = ['{ lambda ; a:f32[3]. let\n    ', {
  primitive: 'scan', source: 'learner.js:5', callback: null,
  runs: ['b:f32[3] = scan[jaxpr={ lambda ; c:f32[]. let ', { primitive: 'pure_callback', source: 'learner.js:4', callback: 'hostDouble', runs: ['d:f32[] = pure_callback[callback=hostDouble] c'] }, ' in (d,) }] a'],
}, '\n  in (b,) }'];
const runOut = (over = {}) => ({ label: 'pureCallbackDoubler', input: VALUE, result: VALUE, error: null, jaxpr: '{ lambda ; }', jaxprLayout: null, jaxprError: null, ...over });

const good = [
  ['a run reply', 'reply', { type: 'done', id: ID, out: runOut(), moreEvents: 0, sentEvents: 12, sentPrints: 1 }, RUN],
  ['a run reply with an error and no result', 'reply', { type: 'done', id: ID, out: runOut({ result: null, error: ERROR }) }, RUN],
  ['an internal error', 'reply', { type: 'done', id: ID, out: { internalError: ERROR } }, RUN],
  ['a check reply (NaN and Infinity in array data)', 'reply', { type: 'done', id: ID, nonce: NONCE, out: checkOut() }, CHECK],
  ['a check reply for an author\'s exercise (n-d int32 inputs, probes recorded)', 'reply', { type: 'done', id: ID, nonce: NONCE, out: checkOut({
    runs: [{ input: { values: [[1, 2]], shape: [1, 2], dtype: 'int32' }, out: { values: [3], shape: [1], dtype: 'int32' }, grad: null, error: null, gradError: null }],
    hosts: [{ ...checkOut().hosts[0], swap: null, probes: [[{ values: [1, 2], shape: [1, 2], dtype: 'int32' }]] }],
  }) }, CHECK],
  ['a check reply for code that did not load', 'reply', { type: 'done', id: ID, nonce: NONCE, out: checkOut({ load: ERROR, runs: [], binds: [], hosts: [], custom: [], program: null, programText: null }) }, CHECK],
  ['an internal error answering a check', 'reply', { type: 'done', id: ID, nonce: NONCE, out: { internalError: ERROR } }, CHECK],
  ['a run reply with its jaxpr as runs (an equation in a sub-jaxpr)', 'reply', { type: 'done', id: ID, out: runOut({ jaxprLayout: LAYOUT }) }, RUN],
  ['a program reply', 'reply', { type: 'done', id: ID, out: { value: '3', error: null, jaxprs: [{ label: 'f', text: '{ }', layout: null, atSeq: 4 }] } }, { id: ID, kind: 'program' }],
  ['an explore reply', 'reply', { type: 'done', id: ID, out: { columns: [{ label: 'Program order', summary: '1', error: null, notes: [], calls: [{ name: 'h', kind: 'io', ordered: true, status: 'ran' }] }] } }, { id: ID, kind: 'explore' }],
  ['events', 'events', { type: 'events', id: ID, events: [EVENT] }, RUN],
  ['a printed line', 'print', { type: 'print', id: ID, stream: 'debug', text: 'x = 1' }, RUN],
];

for (const [name, channel, msg, pending] of good) {
  test(`accepted: ${name}`, () => {
    assert.deepEqual(validate(msg, pending, channel), { msg });
  });
}

const dropped = [
  ['not an object', 'reply', 'done', /expected an object, got string/],
  ['null', 'reply', null, /expected an object, got null/],
  ['no type', 'reply', { id: ID }, /message\.type: expected string/],
  ['another request\'s id', 'reply', { type: 'done', id: 'other', out: runOut() }, /for another request/],
  ['a numeric id', 'events', { type: 'events', id: 1, events: [] }, /for another request/],
  ['a reply on the events port', 'events', { type: 'done', id: ID, out: runOut() }, /'done' on the events channel/],
  ['events on the print port', 'print', { type: 'events', id: ID, events: [] }, /'events' on the print channel/],
  ['a forged init-error', 'reply', { type: 'init-error', id: ID, message: 'x' }, /'init-error' on the reply channel/],
  ['a forged ready', 'reply', { type: 'ready', id: ID, timeOrigin: 0 }, /'ready' on the reply channel/],
  ['events that are not a list', 'events', { type: 'events', id: ID, events: 'many' }, /events: expected an array/],
  ['a line that is a number', 'print', { type: 'print', id: ID, stream: 'log', text: 42 }, /text: expected string, got number/],
  ['an unknown stream', 'print', { type: 'print', id: ID, stream: 'shout', text: 'x' }, /stream: expected one of log, info/],
  ['a line over 1 MiB', 'print', { type: 'print', id: ID, stream: 'log', text: 'x'.repeat(MAX_TEXT + 1) }, /text longer than/],
];

// Events are checked one at a time as the page pumps them (engine-client.js), against EVENT.
const badEvents = [
  ['an unknown kind', { kind: 'exploit' }, /kind: expected one of trace, compile/],
  ['an unknown phase', { phase: 'middle' }, /phase: expected one of begin, end, instant/],
  ['an unknown status', { status: 'pwned' }, /status: expected one of ok, error/],
  ['an unknown callback kind', { callbackKind: 'remote' }, /callbackKind: expected one of pure, io, debug/],
  ['a name that is not text', { name: 7 }, /name: expected string/],
];

test('a well-formed event fits the event shape', () => assert.equal(check(EVENT, EVENT_SHAPE), null));
for (const [name, over, reason] of badEvents) {
  test(`event refused: ${name}`, () => assert.match(check({ ...EVENT, ...over }, EVENT_SHAPE), reason));
}

for (const [name, channel, msg, reason] of dropped) {
  test(`dropped: ${name}`, () => {
    const verdict = validate(msg, RUN, channel);
    assert.equal(verdict.msg, undefined);
    assert.match(verdict.drop, reason);
  });
}

const forgedChecks = [
  ['a check reply without the nonce', { type: 'done', id: ID, out: checkOut() }],
  ['a check reply with another nonce', { type: 'done', id: ID, nonce: 'guess', out: checkOut() }],
];

for (const [name, msg] of forgedChecks) {
  test(`dropped: ${name}`, () => {
    assert.match(validate(msg, CHECK, 'reply').drop, /without the request's nonce/);
  });
}

const unreadableChecks = [
  ['the old check reply (results, not observations)', { error: null, results: [{ name: 'value', pass: true, detail: 'ok' }], jaxpr: null }, /out\.exercise: expected string, got undefined/],
  ['array data that is text', checkOut({ runs: [{ input: [1], out: { ...ARRAY, values: '[2]' }, grad: null, error: null, gradError: null }] }), /out\.runs\[0\]\.out\.values: expected an array/],
  ['a value in array data that is not a number', checkOut({ runs: [{ input: [1], out: { ...ARRAY, values: [2, '4'] }, grad: null, error: null, gradError: null }] }), /out\.runs\[0\]\.out\.values\[1\]: expected a number, got string/],
  ['a callback of an unknown kind', checkOut({ binds: [{ ...checkOut().binds[0], kind: 'debug' }] }), /out\.binds\[0\]\.kind: expected one of pure, io/],
  ['a printed line that is not text', checkOut({ hosts: [{ ...checkOut().hosts[0], printed: [{ toString: 'x' }] }] }), /out\.hosts\[0\]\.printed\[0\]: expected string, got object/],
  ['a probe without its mutation flag', checkOut({ hosts: [{ ...checkOut().hosts[0], calls: [{ probe: 0, before: [], after: [], asarray: false, changed: [] }] }] }), /out\.hosts\[0\]\.calls\[0\]\.mutated: expected boolean/],
  ['a changed place that is not text', checkOut({ hosts: [{ ...checkOut().hosts[0], calls: [{ ...checkOut().hosts[0].calls[0], changed: [{ path: 1, root: 'a', kind: 'b' }] }] }] }), /out\.hosts\[0\]\.calls\[0\]\.changed\[0\]\.path: expected string/],
  ['an input that is neither numbers nor an author\'s array', checkOut({ runs: [{ input: { values: [1], shape: '[1]', dtype: 'int32' }, out: null, grad: null, error: null, gradError: null }] }), /out\.runs\[0\]\.input: expected an array, got object or out\.runs\[0\]\.input\.shape: expected an array/],
  ['a recorded host argument without its dtype', checkOut({ hosts: [{ ...checkOut().hosts[0], probes: [[{ values: [1], shape: [1] }]] }] }), /out\.hosts\[0\]\.probes\[0\]\[0\]\.dtype: expected string/],
  ['a program that is text', checkOut({ program: '{ lambda ; }' }), /out\.program: expected an object, got string/],
  ['requests that are not a list', checkOut({ requests: 'fetch' }), /out\.requests: expected an array/],
  ['a custom rule test whose cotangent is text', checkOut({ custom: [{ kind: 'jvp', name: 'f', line: null, tests: [{ x: [], ct: '1', t: [], primal: null, derivative: null, error: null }] }] }), /out\.custom\[0\]\.tests\[0\]\.ct: expected a number, got string/],
];

for (const [name, out, reason] of unreadableChecks) {
  test(`a check reply that cannot be read ends the request: ${name}`, () => {
    assert.match(validate({ type: 'done', id: ID, nonce: NONCE, out }, CHECK, 'reply').malformedDone, reason);
  });
}

test('dropped: anything while no request is running', () => {
  assert.match(validate({ type: 'done', id: ID, out: runOut() }, null, 'reply').drop, /no request is running/);
});

/** `depth` equations, each inside the one before. */
const nested = (depth) => {
  let runs = ['a'];
  for (let i = 0; i < depth; i++) runs = [{ primitive: 'scan', source: null, callback: null, runs }];
  return runs;
};

const unreadable = [
  ['a jaxpr equation without its primitive', { out: runOut({ jaxprLayout: ['{ ', { source: 'learner.js:3', runs: [] }] }) }, /out\.jaxprLayout\[1\]: expected string, got object or out\.jaxprLayout\[1\]\.primitive: expected string/],
  ['a jaxpr run that is a number', { out: runOut({ jaxprLayout: [LAYOUT[0], { ...LAYOUT[1], runs: [3] }] }) }, /out\.jaxprLayout\[1\]\.runs\[0\]: expected string, got number/],
  [`jaxpr equations nested deeper than ${MAX_LAYOUT_DEPTH}`, { out: runOut({ jaxprLayout: nested(MAX_LAYOUT_DEPTH + 1) }) }, /expected string, got object/],
  ['out: null', { out: null }, /out: expected an object, got null/],
  ['out missing', {}, /out: expected an object, got undefined/],
  ['a result whose values are a number', { out: runOut({ result: { ...VALUE, values: 7 } }) }, /out\.result\.values: expected string, got number/],
  ['a result whose data has no shape', { out: runOut({ result: { ...VALUE, data: { values: [2] } } }) }, /out\.result\.data\.shape: expected an array/],
  ['no label', { out: { result: null } }, /out\.label: expected string, got undefined/],
  ['an error without a message', { out: runOut({ error: { title: 't', name: 'n' } }) }, /out\.error\.message: expected string/],
  ['a line number that is text', { out: runOut({ error: { ...ERROR, line: '3' } }) }, /out\.error\.line: expected number/],
  ['a negative event count', { out: runOut(), moreEvents: -1 }, /moreEvents: negative/],
  ['an event count that is text', { out: runOut(), sentEvents: '5' }, /sentEvents: expected number/],
  ['an array for out', { out: [] }, /out: expected an object, got an array/],
];

test(`jaxpr equations nested ${MAX_LAYOUT_DEPTH} deep are read`, () => {
  assert.equal(validate({ type: 'done', id: ID, out: runOut({ jaxprLayout: nested(MAX_LAYOUT_DEPTH) }) }, RUN, 'reply').malformedDone, undefined);
});

for (const [name, fields, reason] of unreadable) {
  test(`a reply that cannot be read ends the request: ${name}`, () => {
    const verdict = validate({ type: 'done', id: ID, ...fields }, RUN, 'reply');
    assert.match(verdict.malformedDone, reason);
  });
}

test('check: shapes of every kind, and NaN is not a number', () => {
  const shape = { a: 'number', b: maybe('string'), c: ['boolean'], d: oneOf('x', 'y') };
  assert.equal(check({ a: 1, c: [true], d: 'x' }, shape), null);
  assert.match(check({ a: Number.NaN, c: [], d: 'x' }, shape), /message\.a: expected number/);
  assert.match(check({ a: 1, c: [true, 1], d: 'x' }, shape), /message\.c\[1\]: expected boolean/);
  assert.match(check({ a: 1, c: [], d: 'z' }, shape), /message\.d: expected one of x, y/);
  const union = either(['float'], { shape: ['number'] });
  assert.equal(check([1, 2], union), null);
  assert.equal(check({ shape: [2] }, union), null);
  assert.match(check({ shape: 'x' }, union), /message: expected an array, got object or message\.shape: expected an array/);
  // Fields come from the object itself, never from a prototype.
  assert.match(check(Object.create({ a: 1, c: [], d: 'x' }), shape), /message\.a: expected number, got undefined/);
});
