// The 120 oracle programs run from their Python `source`, verbatim (tests/js/oracle_python.mjs
// runs and compares them; docs/conformance.md's Python column comes from the same runner).

import { test, after } from 'node:test';
import { runPythonCase, oracleIds } from './oracle_python.mjs';

const outcomes = new Map();

for (const id of oracleIds) {
  test(`${id} [python]`, async () => {
    try {
      outcomes.set(id, await runPythonCase(id));
    } catch (e) {
      outcomes.set(id, `fail: ${e.message.split('\n')[0]}`);
      throw e;
    }
  });
}

after(() => {
  const pass = [...outcomes.values()].filter((o) => o === 'pass' || o === 'deviation').length;
  console.log(`python oracle: ${pass}/${oracleIds.length} run from Python source and match`);
  for (const [id, o] of outcomes) if (o.startsWith('fail')) console.log(`  ${id}: ${o}`);
});
