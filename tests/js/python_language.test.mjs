// The Python a learner writes (classes, dataclasses, with, generators, any-key dicts, exact
// ints, builtins, the standard modules), case by case against CPython: every case of
// tests/python/language/*.py runs in Python mode and must print what CPython printed and raise
// what it raised (class and message), as tests/python/record_language.py recorded them in
// tests/js/fixtures/python_language.json (scripts/python-language-table.sh regenerates it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import init from '../../www/jaxplay.js';
import { LANGUAGE, CONSTRUCTS, languageMismatch } from './python_language.mjs';

await init();

const caseDir = new URL('../python/language/', import.meta.url);

test('the fixture is recorded from the case files as they are now', () => {
  const marker = /^# --- case: (\S+)\s*$/m;
  const sources = {};
  for (const file of readdirSync(caseDir).filter((f) => f.endsWith('.py')).sort()) {
    const parts = readFileSync(new URL(file, caseDir), 'utf8').split(marker);
    for (let i = 1; i < parts.length; i += 2) sources[`${file.slice(0, -3)}/${parts[i]}`] = `${parts[i + 1].replace(/^\n+|\n+$/g, '')}\n`;
  }
  assert.deepEqual(Object.keys(LANGUAGE.cases).sort(), Object.keys(sources).sort(), 'rerun scripts/python-language-table.sh');
  for (const [key, c] of Object.entries(LANGUAGE.cases)) assert.equal(c.source, sources[key], `${key} changed since it was recorded`);
  const constructs = new Set(Object.values(LANGUAGE.cases).map((c) => c.construct));
  assert.deepEqual([...constructs].sort(), Object.keys(CONSTRUCTS).sort(), 'each case file is described in python_language.mjs');
});

for (const [key, c] of Object.entries(LANGUAGE.cases)) {
  test(key, async () => {
    const miss = await languageMismatch(c);
    if (miss?.got !== miss?.want) assert.fail(`${key}: CPython ${miss.want ? `raised ${miss.want}` : 'raised nothing'}; Python mode ${miss.got ? `raised ${miss.got}\n${miss.traceback}` : 'raised nothing'}`);
    assert.equal(miss?.stdout ?? c.stdout, c.stdout, key);
  });
}
