// Python ints in array literals, against real JAX 0.10.2 / NumPy 2.4
// (tests/js/fixtures/python_literals.json, written by tests/python/literal_bounds.py): a literal
// made in an integer dtype holds its ints exactly (a uint32 past int32 too) or, for an int that
// does not fit, raises NumPy's OverflowError, never a wrapped number; a cast of an array wraps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();
const table = JSON.parse(await readFile(new URL('./fixtures/python_literals.json', import.meta.url), 'utf8'));

/** The repr, or the exception's class and last message line, of `expr` in Python mode. */
async function outcome(expr) {
  try {
    const ns = await python.run(`import jax\nimport jax.numpy as jnp\nimport numpy as np\nv = repr(${expr})`, { print: () => {} });
    return { repr: ns.v };
  } catch (e) {
    if (!e.pyType) throw e;
    const last = e.message.split('\n').filter(Boolean).at(-1);
    return { error: e.pyType, message: last.replace(`${e.pyType}: `, '') };
  }
}

test(`array literals match JAX ${table.jax} / NumPy ${table.numpy} (${table.rows.length} expressions)`, async () => {
  const wrong = [];
  for (const { expr, ...want } of table.rows) {
    const got = await outcome(expr);
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${expr}\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got)}`);
  }
  assert.equal(wrong.length, 0, wrong.join('\n'));
});
