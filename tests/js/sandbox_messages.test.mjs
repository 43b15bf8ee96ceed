// What the page accepts from the engine sandbox frame (www/app/sandbox.js FROM_FRAME): a table
// of good and bad messages, each bad one rejected with the path of its misfit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FROM_FRAME } from '../../www/app/sandbox.js';
import { check } from '../../www/app/messages.js';

const good = [
  { type: 'state', state: 'ready', message: null, started: 2 },
  { type: 'state', state: 'failed', message: 'The engine failed to load: x', started: 1 },
  { type: 'lease', n: 3, lease: 1, timeOrigin: 1733100000000.5, started: 2 },
  { type: 'take-failed', n: 3, message: 'The engine did not load within 30 seconds.' },
  { type: 'worker-error', lease: 1, message: 'Uncaught TypeError: x is not a function' },
  { type: 'pong', n: 7 },
];

const bad = [
  [{ type: 'state', state: 'crashed', started: 1 }, /state: expected one of loading, ready, failed/],
  [{ type: 'state', state: 'ready', message: 42, started: 1 }, /message: expected string/],
  [{ type: 'state', state: 'ready' }, /started: expected number/],
  [{ type: 'lease', n: 3, lease: '1', timeOrigin: 0, started: 1 }, /lease: expected number/],
  [{ type: 'lease', n: 3, lease: 1, timeOrigin: NaN, started: 1 }, /timeOrigin: expected number/],
  [{ type: 'take-failed', n: 3 }, /message: expected string/],
  [{ type: 'worker-error', lease: 1, message: { toString: () => 'x' } }, /message: expected string/],
  [{ type: 'pong' }, /n: expected number/],
  [{ type: 'pong', n: 'x'.repeat(10) }, /n: expected number/],
];

test('every good message from the sandbox frame fits its shape', () => {
  for (const msg of good) assert.equal(check(msg, FROM_FRAME[msg.type]), null, JSON.stringify(msg));
});

test('bad messages from the sandbox frame are rejected, naming the field', () => {
  for (const [msg, reason] of bad) assert.match(check(msg, FROM_FRAME[msg.type]) ?? 'accepted', reason, JSON.stringify(msg));
});

test('only the frame\'s own message types have shapes', () => {
  assert.deepEqual(Object.keys(FROM_FRAME).sort(), ['lease', 'pong', 'state', 'take-failed', 'worker-error']);
  for (const type of ['request', 'release', 'take', 'ping', 'done', 'events', '__proto__', 'constructor']) assert.equal(Object.hasOwn(FROM_FRAME, type), false, type);
});
