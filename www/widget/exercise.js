// The widget's thin adapter to exercises: a built-in exercise by id (today's www/exercises.js),
// or an author's own exercise from JSON, validated field by field and turned into the same
// shape as a built-in one. Used by the widget page and by the engine worker (which validates
// again: it trusts nothing it is sent). The widget reads the exercise list through this file;
// the verdict of an author's exercise is www/widget/grader.js.

import { findExercise } from '../exercises.js';

/** Why an author's exercise was refused; `field` names the bad field, e.g. `tests[1].expected`. */
export class ExerciseError extends Error {
  constructor(field, problem) {
    super(`custom exercise: "${field}" ${problem}`);
    this.name = 'ExerciseError';
    this.field = field;
  }
}

const CALLBACKS = { pure: { callback: 'pure' }, io: { callback: 'io', ordered: false }, 'io-ordered': { callback: 'io', ordered: true } };
const FIELDS = ['entry', 'title', 'description', 'tests', 'callback', 'starter'];
const MAX_TESTS = 20;
const MAX_VALUES = 1000;
const MAX_TEXT = 4000;

const show = (v) => {
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

function numbers(field, v) {
  if (!Array.isArray(v)) throw new ExerciseError(field, `must be an array of numbers, got ${show(v)}`);
  if (v.length > MAX_VALUES) throw new ExerciseError(field, `has ${v.length} numbers, at most ${MAX_VALUES} are allowed`);
  const bad = v.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
  if (bad >= 0) throw new ExerciseError(`${field}[${bad}]`, `must be a finite number, got ${show(v[bad])}`);
  return [...v];
}

function text(field, v, { required = false, max = MAX_TEXT } = {}) {
  if (v === undefined && !required) return null;
  if (typeof v !== 'string' || (required && v.trim() === '')) throw new ExerciseError(field, `must be a${required ? ' non-empty' : ''} string, got ${show(v)}`);
  if (v.length > max) throw new ExerciseError(field, `is ${v.length} characters long, at most ${max} are allowed`);
  return v;
}

/** Validates an author's exercise (parsed JSON); returns plain data or throws ExerciseError. */
export function validateCustom(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ExerciseError('(top level)', `must be a JSON object, got ${show(data)}`);
  const unknown = Object.keys(data).find((k) => !FIELDS.includes(k));
  if (unknown !== undefined) throw new ExerciseError(unknown, `is not a field of an exercise (known: ${FIELDS.join(', ')})`);
  const entry = text('entry', data.entry, { required: true, max: 64 });
  if (!/^[A-Za-z_$][\w$]*$/.test(entry)) throw new ExerciseError('entry', `must be a function name, got ${show(entry)}`);
  if (!Object.hasOwn(CALLBACKS, data.callback)) throw new ExerciseError('callback', `must be "pure", "io" or "io-ordered", got ${show(data.callback)}`);
  if (!Array.isArray(data.tests) || data.tests.length === 0) throw new ExerciseError('tests', `must be a non-empty array of { "input": [...], "expected": [...] }, got ${show(data.tests)}`);
  if (data.tests.length > MAX_TESTS) throw new ExerciseError('tests', `has ${data.tests.length} tests, at most ${MAX_TESTS} are allowed`);
  const tests = data.tests.map((t, i) => {
    const at = `tests[${i}]`;
    if (t === null || typeof t !== 'object' || Array.isArray(t)) throw new ExerciseError(at, `must be an object { "input": [...], "expected": [...] }, got ${show(t)}`);
    const extra = Object.keys(t).find((k) => !['input', 'expected', 'name'].includes(k));
    if (extra !== undefined) throw new ExerciseError(`${at}.${extra}`, 'is not a field of a test (known: input, expected, name)');
    return { input: numbers(`${at}.input`, t.input), expected: numbers(`${at}.expected`, t.expected), name: text(`${at}.name`, t.name, { max: 200 }) };
  });
  return {
    entry,
    title: text('title', data.title, { max: 200 }) ?? entry,
    description: text('description', data.description) ?? '',
    tests,
    callback: data.callback,
    starter: text('starter', data.starter, { max: 20_000 }),
  };
}

const list = (v) => `[${v.join(', ')}]`;

const HOW = {
  js: { pure: '`jax.pureCallback`', io: '`ioCallback`', 'io-ordered': '`ioCallback(..., { ordered: true })`' },
  python: { pure: '`jax.pure_callback`', io: '`io_callback`', 'io-ordered': '`io_callback(..., ordered=True)`' },
};

/** The starter of an author's exercise that brings none, in `language`. */
function defaultStarter(entry, how, language) {
  const what = how.replace(/`/g, '');
  if (language === 'python') return `import jax\nimport numpy as np\n\n\ndef ${entry}(x):\n    # Your code: call the host through ${what}.\n    pass\n`;
  return `function ${entry}(x) {\n  // Your code: call the host through ${what}.\n}\n`;
}

/** An author's (validated) exercise in the shape of a built-in one, in `language` (js, python). */
export function customExercise(data, language = 'js') {
  const c = validateCustom(data);
  const how = (HOW[language] ?? HOW.js)[c.callback];
  return {
    id: `custom:${c.entry}`,
    custom: true,
    title: c.title,
    level: 'Exercise',
    entry: c.entry,
    intro: c.description ? [c.description] : [],
    steps: [`Define \`${c.entry}(x)\`; it must call the host through ${how}.`, `Check runs it under \`jax.jit\` on ${c.tests.length} input${c.tests.length === 1 ? '' : 's'} and compares the results.`],
    sample: { values: c.tests[0].input, dtype: 'float32' },
    starter: c.starter ?? defaultStarter(c.entry, how, language),
    tests: c.tests.map((t) => ({ name: t.name ?? `${c.entry}(${list(t.input)}) gives ${list(t.expected)}`, input: t.input, expected: t.expected })),
    inspect: CALLBACKS[c.callback],
    notice: '',
    checkNotice: '',
    ...(language === 'python' ? { language: 'python' } : {}),
  };
}

/**
 * What a request names: a built-in id (string) → that exercise or null; `{ custom: data }` →
 * the author's exercise (throws ExerciseError when the data is bad).
 */
export function resolveExercise(ref, language = 'js') {
  if (typeof ref === 'string') return findExercise(ref) ?? null;
  if (ref !== null && typeof ref === 'object' && 'custom' in ref) return customExercise(ref.custom, language);
  return null;
}

/** The ids an author may use in `exercise="…"`. */
export { exercises as builtInExercises } from '../exercises.js';
