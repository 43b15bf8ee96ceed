// Share links and the language: a Python link says so (`l`), a JavaScript link is byte for byte
// what links were before Python mode, links without `l` open in JavaScript, and an unknown
// language is refused in plain words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { encodeShare, decodeShare, ShareError } from '../../www/app/share.js';

const known = (id) => id === 'pure-callback-doubler';
const raw = (payload) => JSON.parse(zlib.inflateRawSync(Buffer.from(payload, 'base64url')).toString());
const packed = (obj) => zlib.deflateRawSync(Buffer.from(JSON.stringify(obj))).toString('base64url');

test('a Python link round-trips with its language', async () => {
  const code = 'def pure_callback_doubler(x):\n    return x  # ✓\n';
  const payload = await encodeShare({ exercise: 'pure-callback-doubler', code, language: 'python' });
  assert.deepEqual(raw(payload), { v: 1, e: 'pure-callback-doubler', c: code, l: 'python' });
  assert.deepEqual(await decodeShare(payload, known), { exercise: 'pure-callback-doubler', code, language: 'python' });
});

test('a JavaScript link is what links were before Python mode', async () => {
  const payload = await encodeShare({ exercise: 'pure-callback-doubler', code: 'x', language: 'js' });
  assert.deepEqual(raw(payload), { v: 1, e: 'pure-callback-doubler', c: 'x' });
  assert.equal(payload, await encodeShare({ exercise: 'pure-callback-doubler', code: 'x' }));
});

test('an old link (no language) opens in JavaScript', async () => {
  const got = await decodeShare(packed({ v: 1, e: 'pure-callback-doubler', c: 'function f() {}' }), known);
  assert.equal(got.language, 'js');
});

for (const l of ['ruby', '', 3, null]) {
  test(`a link with language ${JSON.stringify(l)} is refused`, async () => {
    await assert.rejects(decodeShare(packed({ v: 1, e: 'pure-callback-doubler', c: 'x', l }), known),
      (e) => e instanceof ShareError && /language/.test(e.message));
  });
}
