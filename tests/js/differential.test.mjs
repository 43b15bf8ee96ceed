// Differential testing against real JAX, replayed in CI: tests/differential/corpus.json holds
// JAX 0.10.2's answers (tests/differential/run.sh --write-corpus) for a fixed set of generated
// programs in every mode; each is regenerated from its id, run in jaxplay and compared. A
// difference fails the test unless a documented exclusion (tests/differential/exclusions.mjs)
// explains it. The generator itself is tested here too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { jax } from '../../www/jaxplay.js';
import { generate, generateProgram, toJS, toPython, OPS, DTYPES, VMAP_METHODS, modesOf } from '../differential/gen.mjs';
import { runProgram, compareProgram, compareMode, errorKey, quotedShapes } from '../differential/harness.mjs';
import { explain, EXCLUSIONS, PENDING } from '../differential/exclusions.mjs';

await init();
const corpus = JSON.parse(await readFile(new URL('../differential/corpus.json', import.meta.url), 'utf8'));

test('the generator: the same seed gives the same programs, another seed others', () => {
  const a = generate(7, 50).map(toJS);
  assert.deepEqual(generate(7, 50).map(toJS), a);
  assert.deepEqual(generate(7, 50).map(toPython), generate(7, 50).map(toPython));
  assert.notDeepEqual(generate(8, 50).map(toJS), a);
  // Program i does not depend on the programs before it (how the shrinker and corpus find it).
  assert.equal(toJS(generateProgram(7, 30)), a[30]);
});

test('the generator: every op, dtype, input kind and vmap method appears in 1 000 programs', () => {
  const progs = generate(corpus._meta.seed, 1000);
  const stmts = progs.flatMap((p) => p.stmts);
  for (const op of OPS) assert.ok(stmts.some((s) => s.op === op), `op ${op} never generated`);
  for (const d of DTYPES) {
    assert.ok(progs.some((p) => p.inputs.some((x) => x.dtype === d && !x.bare)), `no ${d} input`);
    assert.ok(stmts.some((s) => s.op === 'astype' && s.dtype === d), `no astype to ${d}`);
  }
  assert.ok(progs.some((p) => p.inputs.some((x) => x.bare)), 'no weak scalar input');
  assert.ok(progs.some((p) => p.inputs.some((x) => !x.batched)), 'no unbatched vmap input');
  for (const m of VMAP_METHODS) assert.ok(stmts.some((s) => s.op === 'pure' && s.method === m), `no vmap_method ${m}`);
  for (const mode of ['eager', 'jit', 'vmap', 'grad', 'jvp']) assert.ok(progs.some((p) => modesOf(p).includes(mode)));
  for (const shape of ['', '3', '2,3', '1,3', '2,1']) {
    assert.ok(progs.some((p) => p.inputs.some((x) => x.shape.join() === shape)), `no input of shape [${shape}]`);
  }
  // The API calls' own variants: axes as lists and keepdims, a.T in products, every exponent
  // kind, every index-array rank, and each way of making a PRNG key.
  const calls = stmts.filter((s) => s.fn);
  const some = (what, pred) => assert.ok(calls.some(pred), `no ${what}`);
  some('reduction over a list of axes', (s) => Array.isArray(s.kw.axis) && s.kw.axis.length > 1);
  some('reduction with keepdims', (s) => s.kw.keepdims);
  some('negative axis', (s) => s.kw.axis < 0);
  some('transposed product operand', (s) => s.args.some((a) => 'T' in a));
  for (const kind of ['integer', 'float', 'array']) {
    some(`power with an ${kind} exponent`, (s) => s.op === 'power' && ({ integer: (a) => Number.isInteger(a.lit), float: (a) => 'lit' in a && !Number.isInteger(a.lit), array: (a) => 'v' in a })[kind](s.args[1]));
  }
  some('take with a scalar index', (s) => s.op === 'take' && 'lit' in s.args[1]);
  some('take with a 2-D index array', (s) => s.op === 'take' && Array.isArray(s.args[1].ints?.[0]));
  some('take with a negative index', (s) => s.op === 'take' && JSON.stringify(s.args[1]).includes('-'));
  some('split key', (s) => s.args[0].key?.split);
  some('folded key', (s) => s.args[0].key?.fold);
  some('clip with one bound None', (s) => s.op === 'clip' && s.args.some((a) => a.none));
  some('flattened concatenate', (s) => s.op === 'concatenate' && s.kw.axis === null);
});

test('the comparison finds each kind of difference it claims to', () => {
  const ok = (values, extra = {}) => ({ out: [{ shape: [2], dtype: 'float32', weak: false, values, ...extra }], calls: [] });
  assert.deepEqual(compareMode(ok([1, 2]), ok([1, 2 + 1e-7])), []);
  assert.deepEqual(compareMode(ok([1, 2]), ok([1, 2.01])).map((d) => d.kind), ['values']);
  assert.deepEqual(compareMode(ok([1, 'nan']), ok([1, 0])).map((d) => d.kind), ['nan-inf']);
  assert.deepEqual(compareMode(ok([1, 2]), ok([1, 2], { weak: true })).map((d) => d.kind), ['weak-type']);
  assert.deepEqual(compareMode(ok([1, 2]), ok([1, 2], { dtype: 'int32' })).map((d) => d.kind), ['dtype']);
  assert.deepEqual(compareMode(ok([1, 2]), { ...ok([1, 2]), calls: [['double', [2]]] }).map((d) => d.kind), ['host-calls']);
  assert.deepEqual(compareMode(ok([1, 2]), { error: 'TypeError: x' }).map((d) => d.kind), ['jaxplay-error']);
  const jaxErr = { error: 'TypeError: add got incompatible shapes for broadcasting: (3,), (2,).' };
  assert.deepEqual(compareMode(jaxErr, { error: 'JaxplayError: add: incompatible shapes for broadcasting: (3,) and (2,)' }), []);
  assert.deepEqual(compareMode(jaxErr, { error: 'JaxplayError: add: incompatible shapes for broadcasting: (4, 3) and (1, 2)' }).map((d) => d.kind), ['error-shapes']);
  assert.equal(errorKey('ValueError: Incompatible shapes for broadcasting: shapes=[(2, 3), (2,)]'), 'incompatible shapes for broadcasting');
  assert.deepEqual(quotedShapes('shapes=[(2, 3), (2,)] and ()'), ['(2,3)', '(2)', '()']);
});

const unexplained = [];
const explained = new Map();
let runs = 0;

test(`the corpus: ${corpus.programs.length} programs recorded in JAX ${corpus._meta.jax_version} replay in jaxplay`, (t) => {
  jax.timeline.setRecording(false);
  try {
    for (const entry of corpus.programs) {
      const [seed, index] = entry.id.split(':').map(Number);
      const prog = generateProgram(seed, index, corpus._meta.ops);
      assert.equal(toJS(prog), entry.js, `program ${entry.id} no longer matches the corpus: regenerate it (tests/differential/run.sh --write-corpus)`);
      const got = runProgram(prog, Object.keys(entry.results), entry.js);
      runs += Object.keys(entry.results).length;
      for (const d of compareProgram(entry.results, got)) {
        const ex = explain(prog, d);
        if (ex) explained.set(ex.id, (explained.get(ex.id) ?? 0) + 1);
        else unexplained.push(`${entry.id} ${d.mode} ${d.kind}: ${d.detail}\n${entry.js}`);
      }
    }
  } finally {
    jax.timeline.setRecording(true);
  }
  assert.ok(corpus.programs.length >= 1000 && runs >= 4000, `corpus too small: ${corpus.programs.length} programs, ${runs} runs`);
  assert.deepEqual(unexplained.slice(0, 5), [], `${unexplained.length} unexplained differences from JAX`);
  t.diagnostic(`${runs} program × mode runs; explained: ${JSON.stringify(Object.fromEntries(explained))}`);
  // A pending gap that no longer shows is fixed: its entry (and docs line) should go.
  for (const x of [...EXCLUSIONS, ...PENDING]) {
    if (!explained.has(x.id)) t.diagnostic(`${x.id} explains nothing in the corpus any more`);
  }
});
