// What the page accepts from an engine worker (www/app/messages.js): a table of good and bad
// messages for each reply channel, each bad one with the words of its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, check, maybe, oneOf, MAX_TEXT } from '../../www/app/messages.js';

const ID = 'a1b2c3';
const RUN = { id: ID, kind: 'run' };
const ERROR = { title: 'Tracing failed', name: 'TypeError', message: 'boom', hint: '', line: 3, column: null };
const VALUE = { values: '[2, -4, 6]', shape: '[3]', dtype: 'float32', repr: 'Array([2, -4, 6])' };
const EVENT = { seq: 0, ts: 1.5, id: 1, kind: 'callback', phase: 'begin', name: 'hostDouble', callbackKind: 'pure', ordered: false, shapes: ['f32[3]'], source: 'learner.js:4' };
const runOut = (over = {}) => ({ label: 'pureCallbackDoubler', input: VALUE, result: VALUE, error: null, jaxpr: '{ lambda ; }', jaxprSources: null, jaxprError: null, ...over });

const good = [
  ['a run reply', 'reply', { type: 'done', id: ID, out: runOut(), moreEvents: 0, sentEvents: 12, sentPrints: 1 }, RUN],
  ['a run reply with an error and no result', 'reply', { type: 'done', id: ID, out: runOut({ result: null, error: ERROR }) }, RUN],
  ['an internal error', 'reply', { type: 'done', id: ID, out: { internalError: ERROR } }, RUN],
  ['a check reply', 'reply', { type: 'done', id: ID, out: { error: null, results: [{ name: 'value', pass: true, detail: 'got [2]' }], jaxpr: null } }, { id: ID, kind: 'check' }],
  ['a program reply', 'reply', { type: 'done', id: ID, out: { value: '3', error: null, jaxprs: [{ label: 'f', text: '{ }', sources: null, atSeq: 4 }] } }, { id: ID, kind: 'program' }],
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

for (const [name, channel, msg, reason] of dropped) {
  test(`dropped: ${name}`, () => {
    const verdict = validate(msg, RUN, channel);
    assert.equal(verdict.msg, undefined);
    assert.match(verdict.drop, reason);
  });
}

test('dropped: anything while no request is running', () => {
  assert.match(validate({ type: 'done', id: ID, out: runOut() }, null, 'reply').drop, /no request is running/);
});

const unreadable = [
  ['out: null', { out: null }, /out: expected an object, got null/],
  ['out missing', {}, /out: expected an object, got undefined/],
  ['a result whose values are a number', { out: runOut({ result: { ...VALUE, values: 7 } }) }, /out\.result\.values: expected string, got number/],
  ['no label', { out: { result: null } }, /out\.label: expected string, got undefined/],
  ['an error without a message', { out: runOut({ error: { title: 't', name: 'n' } }) }, /out\.error\.message: expected string/],
  ['a line number that is text', { out: runOut({ error: { ...ERROR, line: '3' } }) }, /out\.error\.line: expected number/],
  ['a negative event count', { out: runOut(), moreEvents: -1 }, /moreEvents: negative/],
  ['an event count that is text', { out: runOut(), sentEvents: '5' }, /sentEvents: expected number/],
  ['an array for out', { out: [] }, /out: expected an object, got an array/],
];

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
  // Fields come from the object itself, never from a prototype.
  assert.match(check(Object.create({ a: 1, c: [], d: 'x' }), shape), /message\.a: expected number, got undefined/);
});
