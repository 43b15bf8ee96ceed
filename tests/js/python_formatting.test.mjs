// Python mode's formatting against CPython (tests/js/fixtures/python_formatting.json, written by
// tests/python/record_formatting.py): `format(v, spec)` and the same through an f-string with a
// nested spec, `repr`/`str`/f"{v}" of floats, printf-style `%` and `str.format`, on generated
// values and specs. A row's result is the text or [ '!', exception class, message ].

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();
const table = JSON.parse(await readFile(new URL('./fixtures/python_formatting.json', import.meta.url), 'utf8'));

const TRY = `
def _t(f):
    try:
        return f()
    except Exception as e:
        return ['!', type(e).__name__, str(e)]
`;

const run = async (source, globals = {}) => (await python.run(TRY + source, { globals, print: () => {} })).out;

/** Rows whose result differs from CPython's, as readable lines (at most 25). */
function differences(rows, got, label) {
  const wrong = [];
  rows.forEach((r, i) => {
    if (JSON.stringify(got[i]) !== JSON.stringify(r.want)) wrong.push(`${label(r)}\n    want ${JSON.stringify(r.want)}\n    got  ${JSON.stringify(got[i])}`);
  });
  return wrong.length ? `${wrong.length} of ${rows.length} differ:\n${wrong.slice(0, 25).join('\n')}` : '';
}

const values = `V = [${table.values.join(', ')}]\n`;
const formatRows = table.format.map(([i, spec, want]) => ({ i, spec, want }));

test(`format(v, spec) matches CPython ${table.python} (${formatRows.length} generated rows)`, async () => {
  const out = await run(`${values}out = [_t(lambda: format(V[i], s)) for i, s in F]`, { F: formatRows.map((r) => [r.i, r.spec]) });
  const diff = differences(formatRows, out, (r) => `format(${table.values[r.i]}, ${JSON.stringify(r.spec)})`);
  assert.ok(diff === '', diff);
});

test(`f"{v:{spec}}" gives what format(v, spec) gives (${formatRows.length} rows)`, async () => {
  const out = await run(`${values}out = [_t(lambda: f"{V[i]:{s}}") for i, s in F]`, { F: formatRows.map((r) => [r.i, r.spec]) });
  const diff = differences(formatRows, out, (r) => `f"{${table.values[r.i]}:{${JSON.stringify(r.spec)}}}"`);
  assert.ok(diff === '', diff);
});

test(`repr, str and f"{x}" of floats match CPython (${table.repr.length} values)`, async () => {
  const rows = table.repr.map(([lit, r, s]) => ({ lit, want: [r, s, s] }));
  const out = await run(`R = [${rows.map((r) => r.lit).join(', ')}]\nout = [[repr(x), str(x), f"{x}"] for x in R]`);
  const diff = differences(rows, out, (r) => r.lit);
  assert.ok(diff === '', diff);
});

test(`printf-style % matches CPython (${table.percent.length} rows)`, async () => {
  const rows = table.percent.map(([fmt, args, want]) => ({ fmt, args, want }));
  const out = await run(`out = [\n${rows.map((r) => `  _t(lambda: ${JSON.stringify(r.fmt)} % ${r.args}),`).join('\n')}\n]`);
  const diff = differences(rows, out, (r) => `${JSON.stringify(r.fmt)} % ${r.args}`);
  assert.ok(diff === '', diff);
});

test(`str.format matches CPython (${table.strformat.length} rows)`, async () => {
  const rows = table.strformat.map(([fmt, args, want]) => ({ fmt, args, want }));
  const out = await run(`out = [\n${rows.map((r) => `  _t(lambda: ${JSON.stringify(r.fmt)}.format${r.args}),`).join('\n')}\n]`);
  const diff = differences(rows, out, (r) => `${JSON.stringify(r.fmt)}.format${r.args}`);
  assert.ok(diff === '', diff);
});
