// Property table: Python arithmetic in Python mode follows Python / NumPy 2 / JAX promotion.
// Every pair of operand kinds (Python int/float/bool, JAX and NumPy arrays of each dtype, numpy
// and JAX scalars) under every operator, checked against what real JAX 0.10.2 and NumPy 2.4 gave
// (tests/js/fixtures/python_promotion.json, written by scripts/python-promotion-table.sh): the
// result's kind (Python type, jax.Array or NumPy), dtype, weak type and values, or the exception
// class. Rows the engine cannot do yet are listed in KNOWN with the reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();
const table = JSON.parse(await readFile(new URL('./fixtures/python_promotion.json', import.meta.url), 'utf8'));

/** Rows where jaxplay knowingly differs, by `a op b` key, with why (none at present). */
const KNOWN = {};

const program = [
  'import jax', 'import jax.numpy as jnp', 'import numpy as np', 'out = []',
  'def describe(v):',
  '    if isinstance(v, jax.Array):',
  '        return {"kind": "jax", "dtype": str(v.dtype), "weak_type": v.weak_type, "value": v.tolist()}',
  '    if isinstance(v, np.ndarray) or type(v).__module__ == "numpy":',
  '        return {"kind": "np", "dtype": str(v.dtype), "value": v.tolist()}',
  '    return {"kind": type(v).__name__, "value": v}',
  ...table.rows.flatMap((r) => [
    'try:',
    `    out.append(describe(${r.expr}))`,
    'except Exception as e:',
    '    out.append({"error": type(e).__name__})',
  ]),
].join('\n');

const num = (v) => (v === 'nan' ? NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);
function close(actual, expected) {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => close(actual[i], e));
  const [a, e] = [num(actual), num(expected)];
  if (typeof e === 'boolean' || typeof a === 'boolean') return a === e;
  if (Number.isNaN(e)) return Number.isNaN(a);
  return a === e || Math.abs(a - e) <= 1e-6 * Math.max(1, Math.abs(e));
}

test(`Python mode arithmetic matches JAX ${table.jax} / NumPy ${table.numpy} on ${table.rows.length} operand pairs`, async () => {
  const { out } = await python.run(program, { print: () => {} });
  assert.equal(out.length, table.rows.length);
  const wrong = [];
  table.rows.forEach((want, i) => {
    const got = out[i];
    const key = `${want.a} ${want.op} ${want.b}`;
    const same = want.error ? got.error === want.error
      : got.kind === want.kind && got.dtype === want.dtype && (want.weak_type === undefined || got.weak_type === want.weak_type) && close(got.value, want.value);
    if (!same && !KNOWN[key]) wrong.push(`${key}: want ${JSON.stringify({ ...want, expr: undefined, a: undefined, b: undefined, op: undefined })} got ${JSON.stringify(got)}`);
    if (same && KNOWN[key]) wrong.push(`${key}: listed in KNOWN but matches now`);
  });
  assert.deepEqual(wrong, [], `${wrong.length} rows differ`);
});
