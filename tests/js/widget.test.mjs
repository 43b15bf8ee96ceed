// The widget's data rules, without a browser: an author's exercise JSON (a table of bad inputs,
// each refused with the field it names) and the postMessage protocol's validation (a table of
// malformed messages, each dropped with a warning).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateCustom, customExercise, resolveExercise, ExerciseError } from '../../www/widget/exercise.js';
import { parseMessage, message, TO_WIDGET, TO_HOST, VERSION } from '../../www/widget/protocol.js';

const GOOD = { entry: 'tripler', title: 'Triple', description: 'x3', tests: [{ input: [1, 2], expected: [3, 6] }], callback: 'pure' };

const BAD_EXERCISES = [
  [null, '(top level)'],
  [[GOOD], '(top level)'],
  ['{"entry": "f"}', '(top level)'],
  [{ ...GOOD, entry: undefined }, 'entry'],
  [{ ...GOOD, entry: '' }, 'entry'],
  [{ ...GOOD, entry: 'two words' }, 'entry'],
  [{ ...GOOD, entry: 'f(){}' }, 'entry'],
  [{ ...GOOD, entry: 42 }, 'entry'],
  // No learner could define these: reserved words of either language, names the code is given.
  [{ ...GOOD, entry: 'function' }, 'entry'],
  [{ ...GOOD, entry: 'lambda' }, 'entry'],
  [{ ...GOOD, entry: 'eval' }, 'entry'],
  [{ ...GOOD, entry: 'jnp' }, 'entry'],
  [{ ...GOOD, entry: 'io_callback' }, 'entry'],
  [{ ...GOOD, callback: undefined }, 'callback'],
  [{ ...GOOD, callback: 'debugger' }, 'callback'],
  [{ ...GOOD, callback: 'PURE' }, 'callback'],
  [{ ...GOOD, tests: [] }, 'tests'],
  [{ ...GOOD, tests: {} }, 'tests'],
  [{ ...GOOD, tests: Array.from({ length: 21 }, () => GOOD.tests[0]) }, 'tests'],
  [{ ...GOOD, tests: [null] }, 'tests[0]'],
  [{ ...GOOD, tests: [[1, 2]] }, 'tests[0]'],
  [{ ...GOOD, tests: [GOOD.tests[0], { input: [1] }] }, 'tests[1].expected'],
  [{ ...GOOD, tests: [{ input: 'one', expected: [1] }] }, 'tests[0].input'],
  [{ ...GOOD, tests: [{ input: [1, '2'], expected: [1, 2] }] }, 'tests[0].input[1]'],
  [{ ...GOOD, tests: [{ input: [1], expected: [null] }] }, 'tests[0].expected[0]'],
  [{ ...GOOD, tests: [{ input: [1], expected: [1], extra: 1 }] }, 'tests[0].extra'],
  [{ ...GOOD, tests: [{ input: [1], expected: [1], name: 7 }] }, 'tests[0].name'],
  [{ ...GOOD, tests: [{ input: new Array(1001).fill(0), expected: [0] }] }, 'tests[0].input'],
  // n-d: rectangular, at most 8 dimensions, values of the dtype
  [{ ...GOOD, tests: [{ input: [[1, 2], [3]], expected: [1] }] }, 'tests[0].input[1]'],
  [{ ...GOOD, tests: [{ input: [[1, 2], 3], expected: [1] }] }, 'tests[0].input[1]'],
  [{ ...GOOD, tests: [{ input: [1, [2]], expected: [1] }] }, 'tests[0].input[1]'],
  [{ ...GOOD, tests: [{ input: [[[[[[[[[1]]]]]]]]], expected: [1] }] }, 'tests[0].input'],
  [{ ...GOOD, tests: [{ input: [1e39], expected: [1] }] }, 'tests[0].input[0]'],
  [{ ...GOOD, tests: [{ input: [true], expected: [1] }] }, 'tests[0].input[0]'],
  [{ ...GOOD, dtype: 'int32', tests: [{ input: [1.5], expected: [1] }] }, 'tests[0].input[0]'],
  [{ ...GOOD, dtype: 'int32', tests: [{ input: [2 ** 31], expected: [1] }] }, 'tests[0].input[0]'],
  [{ ...GOOD, dtype: 'bool', tests: [{ input: [1], expected: [true] }] }, 'tests[0].input[0]'],
  [{ ...GOOD, result_dtype: 'int32', tests: [{ input: [1], expected: [0.5] }] }, 'tests[0].expected[0]'],
  [{ ...GOOD, dtype: 'float64' }, 'dtype'],
  [{ ...GOOD, dtype: 'int8' }, 'dtype'],
  [{ ...GOOD, result_dtype: 'float16' }, 'result_dtype'],
  [{ ...GOOD, tolerance: -1 }, 'tolerance'],
  [{ ...GOOD, tolerance: '1e-3' }, 'tolerance'],
  [{ ...GOOD, result_dtype: 'bool', tolerance: 0.1, tests: [{ input: [1], expected: [true] }] }, 'tolerance'],
  [{ ...GOOD, hints: 'one hint' }, 'hints'],
  [{ ...GOOD, hints: ['fine', ''] }, 'hints[1]'],
  [{ ...GOOD, hints: [3] }, 'hints[0]'],
  [{ ...GOOD, hints: Array.from({ length: 11 }, () => 'h') }, 'hints'],
  [{ ...GOOD, solution: ['code'] }, 'solution'],
  [{ ...GOOD, title: 5 }, 'title'],
  [{ ...GOOD, description: ['x'] }, 'description'],
  [{ ...GOOD, starter: 'x'.repeat(20_001) }, 'starter'],
  [{ ...GOOD, answer: 'cheat' }, 'answer'],
  [{ ...GOOD, __proto__: { entry: 'f' }, entry: undefined }, 'entry'],
];

test('custom exercises: each bad one is refused with the field it names', () => {
  for (const [data, field] of BAD_EXERCISES) {
    assert.throws(() => validateCustom(data), (err) => err instanceof ExerciseError && err.field === field && err.problems.length === 1 && err.message.includes(`"${field}"`),
      `${JSON.stringify(data)?.slice(0, 80)} → ${field}`);
  }
  // JSON reads 1e999 as Infinity: said so, not as JSON.stringify's null.
  assert.throws(() => validateCustom(JSON.parse('{"entry": "f", "callback": "pure", "tests": [{ "input": [1e999], "expected": [1] }]}')),
    /"tests\[0\]\.input\[0\]" must be a finite number within float32 range, got Infinity$/);
});

test('custom exercises: every bad field is reported at once, in one message', () => {
  // Each row of the table above that is not a whole-object problem, all in one exercise.
  const bad = { entry: 'two words', callback: 'debugger', dtype: 'int8', tolerance: -1, hints: [3], answer: 1,
    tests: [{ input: [1, '2'], expected: [1] }, { input: [[1, 2], [3]], expected: null, extra: 1 }, { expected: [1] }] };
  const fields = ['answer', 'entry', 'callback', 'dtype', 'tolerance', 'tests[0].input[1]', 'tests[1].extra', 'tests[1].input[1]', 'tests[1].expected', 'tests[2].input', 'hints[0]'];
  assert.throws(() => validateCustom(bad), (err) => {
    assert.deepEqual(err.problems.map((p) => p.field).sort(), [...fields].sort());
    assert.match(err.message, new RegExp(`^custom exercise: ${fields.length} problems:\n`));
    for (const f of fields) assert.ok(err.message.includes(`\n"${f}" `), f);
    return true;
  });
});

test('custom exercises: n-d inputs, dtypes, tolerance, hints and solution', () => {
  const c = validateCustom({ ...GOOD, dtype: 'int32', result_dtype: 'bool', hints: ['a', 'b'], solution: 'code',
    tests: [{ input: [[1, 2], [3, 4]], expected: [true, false] }, { input: 7, expected: false }, { input: [[], []], expected: [] }] });
  assert.deepEqual(c.tests.map((t) => t.input.shape), [[2, 2], [], [2, 0]]);
  assert.deepEqual(c.tests[0].input.flat, [1, 2, 3, 4]);
  assert.deepEqual([c.dtype, c.resultDtype, c.tolerance, c.hints, c.solution], ['int32', 'bool', 0, ['a', 'b'], 'code']);
  assert.equal(validateCustom(GOOD).tolerance, 1e-5, 'float32 results: 1e-5 unless the author says');
  assert.equal(validateCustom({ ...GOOD, tolerance: 0.5 }).tolerance, 0.5);
});

test('custom exercises: a good one becomes an exercise Check can run', () => {
  const ex = customExercise({ ...GOOD, tests: [...GOOD.tests, { input: [], expected: [], name: 'empty' }], callback: 'io-ordered' });
  assert.equal(ex.entry, 'tripler');
  assert.equal(ex.custom, true);
  assert.deepEqual(ex.inspect, { callback: 'io', ordered: true });
  assert.deepEqual(ex.sample, { values: [1, 2], dtype: 'float32' });
  assert.deepEqual(ex.tests.map((t) => t.name), ['tripler([1, 2]) gives [3, 6]', 'empty']);
  assert.match(ex.starter, /^function tripler\(x\)/);
  assert.match(ex.steps[1], /\(shapes \[2\], \[0\]\)/);
  assert.deepEqual(customExercise({ ...GOOD, callback: 'debug' }).inspect, { callback: 'debug' });
  // In a Python widget: shapes as tuples, booleans as True and False.
  const flip = customExercise({ ...GOOD, dtype: 'bool', tests: [{ input: [[true], [false]], expected: [[false], [true]] }] }, 'python');
  assert.deepEqual(flip.tests.map((t) => t.name), ['tripler([[True], [False]]) gives [[False], [True]]']);
  assert.match(flip.steps[1], /\(shape \(2, 1\)\)/);
  assert.match(customExercise(GOOD, 'python').steps[1], /\(shape \(2,\)\)/);
  // A Python starter imports what its callback needs (io_callback is not in the jax namespace).
  assert.match(customExercise({ ...GOOD, callback: 'io-ordered' }, 'python').starter, /^from jax\.experimental import io_callback$/m);
  assert.doesNotMatch(customExercise(GOOD, 'python').starter, /io_callback/);
  // The author's data is copied, not kept: changing it later changes nothing.
  const data = structuredClone(GOOD);
  const kept = customExercise(data);
  data.tests[0].expected[0] = 99;
  assert.equal(kept.tests[0].expected.values[0], 3);
});

test('resolveExercise: built-in ids, custom data, and nothing else', () => {
  assert.equal(resolveExercise('pure-callback-doubler').entry, 'pureCallbackDoubler');
  assert.equal(resolveExercise('no-such'), null);
  assert.equal(resolveExercise(null), null);
  assert.equal(resolveExercise({ id: 'pure-callback-doubler' }), null);
  assert.equal(resolveExercise({ custom: GOOD }).entry, 'tripler');
  assert.throws(() => resolveExercise({ custom: { ...GOOD, callback: 'x' } }), ExerciseError);
});

const MALFORMED = [
  [{ jaxplay: 2, type: 'run', id: 1 }, TO_WIDGET, /version 2/],
  [{ jaxplay: '1', type: 'run', id: 1 }, TO_WIDGET, /version "1"/],
  [{ jaxplay: 1, type: 'eval', code: 'x' }, TO_WIDGET, /unknown type "eval"/],
  [{ jaxplay: 1, type: 'toString' }, TO_WIDGET, /unknown type "toString"/],
  [{ jaxplay: 1, type: 'run' }, TO_WIDGET, /bad "id"/],
  [{ jaxplay: 1, type: 'run', id: 0 }, TO_WIDGET, /bad "id"/],
  [{ jaxplay: 1, type: 'run', id: 1.5 }, TO_WIDGET, /bad "id"/],
  [{ jaxplay: 1, type: 'set-code', id: 1, code: 42 }, TO_WIDGET, /bad "code"/],
  [{ jaxplay: 1, type: 'theme', theme: 'auto' }, TO_WIDGET, /bad "theme"/],
  [{ jaxplay: 1, type: 'init', starter: null, custom: {}, saved: null, persistent: true }, TO_WIDGET, /bad "custom"/],
  [{ jaxplay: 1, type: 'init', starter: null, custom: null, saved: 7, persistent: true }, TO_WIDGET, /bad "saved"/],
  [{ jaxplay: 1, type: 'init', starter: null, custom: null, saved: null, persistent: 'yes' }, TO_WIDGET, /bad "persistent"/],
  [{ jaxplay: 1, type: 'set-code', id: 1, code: 'x'.repeat(200_001) }, TO_WIDGET, /bad "code"/],
  [{ jaxplay: 1, type: 'code', code: null }, TO_HOST, /bad "code"/],
  [{ jaxplay: 1, type: 'code', code: 'x'.repeat(200_001) }, TO_HOST, /bad "code"/],
  [{ jaxplay: 1, type: 'resize', height: -1 }, TO_HOST, /bad "height"/],
  [{ jaxplay: 1, type: 'resize', height: Infinity }, TO_HOST, /bad "height"/],
  [{ jaxplay: 1, type: 'check', id: null, detail: 'passed' }, TO_HOST, /bad "detail"/],
  [{ jaxplay: 1, type: 'error', message: { text: 'x' } }, TO_HOST, /bad "message"/],
  [{ jaxplay: 1, type: 'ready', exercise: null }, TO_HOST, /bad "exercise"/],
];

test('protocol: malformed messages are dropped with a warning; others are not ours and stay quiet', (t) => {
  const warned = [];
  t.mock.method(console, 'warn', (text) => warned.push(text));
  for (const [data, table, why] of MALFORMED) {
    const before = warned.length;
    assert.equal(parseMessage(data, table, 'test'), null, JSON.stringify(data));
    assert.equal(warned.length, before + 1);
    assert.match(warned.at(-1), why);
  }
  const quiet = warned.length;
  for (const data of [null, 'text', 42, [], { type: 'run' }, { source: 'react-devtools' }]) assert.equal(parseMessage(data, TO_WIDGET, 'test'), null);
  assert.equal(warned.length, quiet, 'messages without a jaxplay field are other scripts\', not warned about');
  const ok = message('set-code', { id: 3, code: 'x' });
  assert.equal(ok.jaxplay, VERSION);
  assert.equal(parseMessage(ok, TO_WIDGET, 'test'), ok);
  assert.equal(parseMessage(message('run', { id: null, detail: { ok: true } }), TO_HOST, 'test').type, 'run');
});
