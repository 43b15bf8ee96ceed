// What Python mode raises when a host callback fails, against real JAX 0.10.2
// (tests/js/fixtures/python_host_errors.json, written by tests/python/record_host_errors.py):
// for every callback kind, place (jit first and cached call, eager, vmap, scan, cond, fori_loop,
// grad) and host failure, the exception class (JaxRuntimeError, or the host's own for a debug
// callback called directly), JAX's message without its traceback frames, the program's own
// frames in it, __cause__ and the printed output. (Every error the callback oracle records is
// checked by class and message in python_oracle.test.mjs.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();
const read = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'));
const table = await read('./fixtures/python_host_errors.json');

const FRAME = /^ {2}File "([^"]*)", line (\d+), in (.*)$/;

/** A message without its traceback frames, and its frames in main.py as [line, function]. */
function splitFrames(message) {
  const lines = message.split('\n');
  const frames = lines.map((l) => FRAME.exec(l)).filter((m) => m && m[1] === 'main.py').map((m) => [Number(m[2]), m[3]]);
  return { text: lines.filter((l) => !FRAME.test(l)).join('\n'), frames };
}

async function runCase(source) {
  let stdout = '';
  const print = (line) => { stdout += `${line}\n`; };
  try {
    return { ns: await python.run(source, { print }), stdout };
  } catch (error) {
    return { error, ns: error.namespace, stdout };
  }
}

test(`host errors: ${Object.keys(table.cases).length} programs raise what JAX ${table.jax} raises`, async () => {
  const wrong = [];
  for (const [name, c] of Object.entries(table.cases)) {
    const { error, ns, stdout } = await runCase(table.prelude + c.source);
    if (error) {
      wrong.push(`${name}: the program raised ${error.pyType}: ${error.message}`);
      continue;
    }
    const got = ns.out.map((o) => {
      if (o === null) return null;
      const [type, message, cause] = o;
      return { type, ...splitFrames(message), cause };
    });
    const want = c.outcomes.map((o) => o && { type: o.type, text: o.message, frames: o.frames, cause: o.cause });
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${name}\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(got)}`);
    if (stdout !== c.stdout) wrong.push(`${name}: printed\n  want ${JSON.stringify(c.stdout)}\n  got  ${JSON.stringify(stdout)}`);
  }
  assert.ok(wrong.length === 0, `${wrong.length} differ:\n${wrong.join('\n')}`);
});
