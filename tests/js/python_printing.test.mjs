// Golden table: str() and repr() of JAX and NumPy values in Python mode (hand-picked and generated:
// every dtype, shapes up to 5-D, summarised and wrapped arrays, scalars), against what real
// JAX 0.10.2 / NumPy 2.4 print (tests/js/fixtures/python_printing.json, written by
// scripts/python-promotion-table.sh). Rows jaxplay knowingly prints differently are in KNOWN.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();
const table = JSON.parse(await readFile(new URL('./fixtures/python_printing.json', import.meta.url), 'utf8'));

/** expr -> why jaxplay prints it differently. */
const KNOWN = {};

test(`printing matches JAX ${table.jax} / NumPy ${table.numpy} (${table.rows.length} values, str and repr)`, async () => {
  const program = ['import jax', 'import jax.numpy as jnp', 'import numpy as np', 'out = []',
    ...table.rows.map((r) => `v = ${r.expr}\nout.append((str(v), repr(v)))`)].join('\n');
  const { out } = await python.run(program, { print: () => {} });
  const wrong = [];
  table.rows.forEach((r, i) => {
    const [s, rp] = out[i];
    const same = s === r.str && rp === r.repr;
    if (!same && !KNOWN[r.expr]) wrong.push(`${r.expr}\n  str  want ${JSON.stringify(r.str)}\n       got  ${JSON.stringify(s)}\n  repr want ${JSON.stringify(r.repr)}\n       got  ${JSON.stringify(rp)}`);
    if (same && KNOWN[r.expr]) wrong.push(`${r.expr}: listed in KNOWN but matches now`);
  });
  assert.equal(wrong.length, 0, wrong.join('\n'));
});
