// The Python a learner writes (classes, dataclasses, with, generators, any-key dicts, exact
// ints, builtins, the standard modules), case by case against CPython: every case of
// tests/python/language/*.py runs in Python mode and must print what CPython printed and raise
// what it raised (class and message), as tests/python/record_language.py recorded them in
// tests/js/fixtures/python_language.json (scripts/python-language-table.sh regenerates it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();

const fixture = JSON.parse(readFileSync(new URL('./fixtures/python_language.json', import.meta.url), 'utf8'));
const caseDir = new URL('../python/language/', import.meta.url);

test('the fixture is recorded from the case files as they are now', () => {
  const marker = /^# --- case: (\S+)\s*$/m;
  const sources = {};
  for (const file of readdirSync(caseDir).filter((f) => f.endsWith('.py')).sort()) {
    const parts = readFileSync(new URL(file, caseDir), 'utf8').split(marker);
    for (let i = 1; i < parts.length; i += 2) sources[`${file.slice(0, -3)}/${parts[i]}`] = `${parts[i + 1].replace(/^\n+|\n+$/g, '')}\n`;
  }
  assert.deepEqual(Object.keys(fixture.cases).sort(), Object.keys(sources).sort(), 'rerun scripts/python-language-table.sh');
  for (const [key, c] of Object.entries(fixture.cases)) assert.equal(c.source, sources[key], `${key} changed since it was recorded`);
});

for (const [key, c] of Object.entries(fixture.cases)) {
  test(`${key}`, async () => {
    const lines = [];
    const err = await python.run(c.source, { print: (l) => lines.push(l) }).then(() => null, (e) => e);
    const stdout = lines.length ? `${lines.join('\n')}\n` : '';
    if (c.error) {
      assert.ok(err, `${key}: CPython raised ${c.error.type}: ${c.error.message}; Python mode printed\n${stdout}`);
      assert.equal(`${err.pyType}: ${err.message}`, `${c.error.type}: ${c.error.message}`, `${key}\n${err.traceback}`);
    } else if (err) {
      assert.fail(`${key}: ${err.pyType}: ${err.message}\n${err.traceback}`);
    }
    assert.equal(stdout, c.stdout, key);
  });
}
