// Every entry of the list of what Python mode lacks (python_subset.mjs, shown in
// docs/conformance.md) is true: its program fails with a plain Python exception saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';
import { SUBSET_LACKS } from './python_subset.mjs';

await init();

for (const [what, src, pyType, pattern] of SUBSET_LACKS) {
  test(`the subset lacks ${what.replace(/`/g, '')}: a plain ${pyType}`, async () => {
    const err = await python.run(src, { print: () => {} }).then(() => null, (e) => e);
    assert.ok(err, `${JSON.stringify(src)} should fail`);
    assert.equal(err.pyType, pyType, `${JSON.stringify(src)}: ${err.message}`);
    assert.match(err.message, pattern);
    assert.doesNotMatch(err.message, /of undefined|is not a function|Cannot read/, 'never a JS error text');
  });
}
