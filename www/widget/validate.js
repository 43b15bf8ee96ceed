// An author's exercise (the JSON of a <jaxplay-exercise>'s child script) checked field by field:
// every problem is collected, each naming its field (`tests[1].expected[0][2]`), so an author
// fixes them all in one go. The arrays of a test are n-dimensional (nested lists, rectangular) of
// the exercise's dtype. Returns plain data copied from the JSON, or throws ExerciseError.

import { SCOPE } from '../app/runner.js';

/** Why an author's exercise was refused: `problems` [{ field, problem }], `field` the first's. */
export class ExerciseError extends Error {
  constructor(problems) {
    const line = ({ field, problem }) => `"${field}" ${problem}`;
    super(problems.length === 1
      ? `custom exercise: ${line(problems[0])}`
      : `custom exercise: ${problems.length} problems:\n${problems.map(line).join('\n')}`);
    this.name = 'ExerciseError';
    this.problems = problems;
    this.field = problems[0].field;
  }
}

const CALLBACKS = ['pure', 'io', 'io-ordered', 'debug'];
/**
 * Names a learner cannot give the entry function (one JSON may serve both languages): the
 * reserved words of strict-mode JavaScript and Python's keywords, and the names the code is
 * given (the JS API's, and Python's `io_callback`), which such a function would hide.
 */
const RESERVED = new Set([
  ...'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield eval arguments'.split(' '),
  ...'False None True and as assert async del def elif except from global is lambda nonlocal not or pass raise'.split(' '),
  ...SCOPE, 'io_callback',
]);
/** The dtypes jaxplay's arrays hold, and what a value of each must be. */
const DTYPES = {
  float32: { what: 'a finite number within float32 range', ok: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 3.4028234663852886e38 },
  int32: { what: 'an integer from -2147483648 to 2147483647', ok: (v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 },
  bool: { what: 'true or false', ok: (v) => typeof v === 'boolean' },
};
const FIELDS = ['entry', 'title', 'description', 'tests', 'callback', 'dtype', 'result_dtype', 'tolerance', 'starter', 'hints', 'solution'];
const TEST_FIELDS = ['input', 'expected', 'name'];
const MAX_TESTS = 20;
const MAX_VALUES = 1000;
const MAX_RANK = 8;
const MAX_TEXT = 4000;
const MAX_CODE = 20_000;
const MAX_HINTS = 10;

const show = (v) => {
  // JSON reads 1e999 as Infinity, which JSON.stringify would write as null.
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/**
 * `v` as an array of `dtype` (null: a dtype that is itself wrong, so only the structure is
 * checked): { values (nested, copied), flat, shape }, or null after adding its problems.
 */
function tensor(bad, field, v, dtype) {
  const kind = dtype ? DTYPES[dtype] : { what: 'a number or a boolean', ok: (x) => (typeof x === 'number' && Number.isFinite(x)) || typeof x === 'boolean' };
  if (!Array.isArray(v) && !kind.ok(v)) {
    bad(field, `must be ${dtype === null ? 'an array' : `a ${dtype} array`}: ${kind.what}, or nested lists of them ([1, 2], [[1, 2], [3, 4]]), got ${show(v)}`);
    return null;
  }
  // The shape is read along the first entries; every list must then agree with it.
  const shape = [];
  for (let x = v; Array.isArray(x); x = x[0]) {
    shape.push(x.length);
    if (x.length === 0) break;
  }
  if (shape.length > MAX_RANK) {
    bad(field, `has ${shape.length} dimensions, at most ${MAX_RANK} are allowed`);
    return null;
  }
  const size = shape.reduce((a, b) => a * b, 1);
  if (size > MAX_VALUES) {
    bad(field, `has ${size} values, at most ${MAX_VALUES} are allowed`);
    return null;
  }
  const flat = [];
  let first = null; // the first wrong place: one problem per field
  const walk = (x, depth, at) => {
    if (first) return x;
    if (depth === shape.length) {
      if (Array.isArray(x) || !kind.ok(x)) first = [at, `must be ${kind.what}, got ${show(x)}`];
      else flat.push(x);
      return x;
    }
    if (!Array.isArray(x)) {
      first = [at, `must be a list of ${shape[depth]} (the shape is [${shape.join(', ')}], read from the first entries), got ${show(x)}`];
      return x;
    }
    if (x.length !== shape[depth]) {
      first = [at, `has ${x.length} entr${x.length === 1 ? 'y' : 'ies'} where the shape [${shape.join(', ')}] (read from the first entries) needs ${shape[depth]}: lists must be rectangular`];
      return x;
    }
    return x.map((y, i) => walk(y, depth + 1, `${at}[${i}]`));
  };
  const values = walk(v, 0, field);
  if (first) {
    bad(...first);
    return null;
  }
  return { values, flat, shape };
}

function text(bad, field, v, { required = false, max = MAX_TEXT } = {}) {
  if (v === undefined && !required) return null;
  if (typeof v !== 'string' || (required && v.trim() === '')) {
    bad(field, `must be a${required ? ' non-empty' : ''} string, got ${show(v)}`);
    return null;
  }
  if (v.length > max) {
    bad(field, `is ${v.length} characters long, at most ${max} are allowed`);
    return null;
  }
  return v;
}

function dtypeOf(bad, field, v) {
  if (v === undefined) return 'float32';
  if (Object.hasOwn(DTYPES, v)) return v;
  bad(field, `must be one of ${Object.keys(DTYPES).map((d) => `"${d}"`).join(', ')} (the dtypes jaxplay's arrays hold), got ${show(v)}`);
  return null;
}

function tests(bad, v, dtype, resultDtype) {
  if (!Array.isArray(v) || v.length === 0) {
    bad('tests', `must be a non-empty array of { "input": ..., "expected": ... }, got ${show(v)}`);
    return [];
  }
  if (v.length > MAX_TESTS) {
    bad('tests', `has ${v.length} tests, at most ${MAX_TESTS} are allowed`);
    return [];
  }
  return v.map((t, i) => {
    const at = `tests[${i}]`;
    if (t === null || typeof t !== 'object' || Array.isArray(t)) {
      bad(at, `must be an object { "input": ..., "expected": ... }, got ${show(t)}`);
      return null;
    }
    for (const extra of Object.keys(t).filter((k) => !TEST_FIELDS.includes(k))) bad(`${at}.${extra}`, `is not a field of a test (known: ${TEST_FIELDS.join(', ')})`);
    const missing = (name) => (Object.hasOwn(t, name) ? false : (bad(`${at}.${name}`, 'is missing'), true));
    const input = missing('input') ? null : tensor(bad, `${at}.input`, t.input, dtype);
    const expected = missing('expected') ? null : tensor(bad, `${at}.expected`, t.expected, resultDtype);
    return { input, expected, name: text(bad, `${at}.name`, t.name, { max: 200 }) };
  });
}

/** Validates an author's exercise (parsed JSON); returns plain data or throws ExerciseError. */
export function validateCustom(data) {
  const problems = [];
  const bad = (field, problem) => { problems.push({ field, problem }); };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ExerciseError([{ field: '(top level)', problem: `must be a JSON object, got ${show(data)}` }]);
  for (const unknown of Object.keys(data).filter((k) => !FIELDS.includes(k))) bad(unknown, `is not a field of an exercise (known: ${FIELDS.join(', ')})`);
  const entry = text(bad, 'entry', data.entry, { required: true, max: 64 });
  if (entry !== null && !/^[A-Za-z_$][\w$]*$/.test(entry)) bad('entry', `must be a function name, got ${show(entry)}`);
  else if (RESERVED.has(entry)) bad('entry', `cannot be ${show(entry)}: a reserved word of JavaScript or Python, or a name the code already has, is no name for a learner's function`);
  if (!CALLBACKS.includes(data.callback)) bad('callback', `must be ${CALLBACKS.map((c) => `"${c}"`).join(', ').replace(/, (?=[^,]*$)/, ' or ')}, got ${show(data.callback)}`);
  const dtype = dtypeOf(bad, 'dtype', data.dtype);
  const resultDtype = data.result_dtype === undefined ? dtype : dtypeOf(bad, 'result_dtype', data.result_dtype);
  let tolerance = null;
  if (data.tolerance !== undefined) {
    if (typeof data.tolerance !== 'number' || !(data.tolerance >= 0) || !Number.isFinite(data.tolerance)) bad('tolerance', `must be a number ≥ 0, got ${show(data.tolerance)}`);
    else if (resultDtype === 'bool') bad('tolerance', 'has no meaning for bool results (they are equal or not)');
    else tolerance = data.tolerance;
  }
  const checked = tests(bad, data.tests, dtype, resultDtype);
  let hints = [];
  if (data.hints !== undefined) {
    if (!Array.isArray(data.hints) || data.hints.length > MAX_HINTS) bad('hints', `must be a list of at most ${MAX_HINTS} strings, got ${show(data.hints)}`);
    else hints = data.hints.map((hint, i) => text(bad, `hints[${i}]`, hint, { required: true, max: 1000 }));
  }
  const result = {
    entry,
    title: text(bad, 'title', data.title, { max: 200 }) ?? entry,
    description: text(bad, 'description', data.description) ?? '',
    tests: checked,
    callback: data.callback,
    dtype,
    resultDtype,
    tolerance: tolerance ?? (resultDtype === 'float32' ? 1e-5 : 0),
    starter: text(bad, 'starter', data.starter, { max: MAX_CODE }),
    hints,
    solution: text(bad, 'solution', data.solution, { max: MAX_CODE }),
  };
  if (problems.length) throw new ExerciseError(problems);
  return result;
}
