// The widget's thin adapter to exercises: a built-in exercise by id (today's www/exercises.js),
// or an author's own exercise from JSON, validated (validate.js) and turned into the same shape
// as a built-in one. Used by the widget page and by the engine worker (which validates again:
// it trusts nothing it is sent). The widget reads the exercise list through this file; the
// verdict of an author's exercise is www/widget/grader.js.

import { findExercise } from '../exercises.js';
import { validateCustom } from './validate.js';
import { pythonTuple } from '../exercises-python.js';

export { ExerciseError, validateCustom } from './validate.js';

const INSPECT = {
  pure: { callback: 'pure' },
  io: { callback: 'io', ordered: false },
  'io-ordered': { callback: 'io', ordered: true },
  debug: { callback: 'debug' },
};

const HOW = {
  js: { pure: '`jax.pureCallback`', io: '`ioCallback`', 'io-ordered': '`ioCallback(..., { ordered: true })`', debug: '`jax.debug.callback`' },
  python: { pure: '`jax.pure_callback`', io: '`io_callback`', 'io-ordered': '`io_callback(..., ordered=True)`', debug: '`jax.debug.callback`' },
};

/**
 * Shapes and lists as the exercise's language writes them: `[2, 2]` and `[true, false]` in
 * JavaScript, `(2, 2)`, `(2,)` and `[True, False]` in Python (also for grader.js's messages).
 */
export function spelling(language) {
  const python = language === 'python';
  return {
    shape: (s) => (python ? pythonTuple(s) : `[${s.join(', ')}]`),
    /** `text`, a list of numbers or booleans written as JavaScript writes it, in the language. */
    list: (text) => (python ? text.replace(/\btrue\b/g, 'True').replace(/\bfalse\b/g, 'False') : text),
  };
}

/** `[[1, 2], [3, 4]]`, shortened past 60 characters. */
function listText(values, spell) {
  const text = spell.list(JSON.stringify(values).replace(/,/g, ', '));
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** The starter of an author's exercise that brings none, in `language`. */
function defaultStarter(entry, how, language) {
  const what = how.replace(/`/g, '');
  if (language === 'python') {
    // io_callback is not in the jax namespace: without its import the learner's first Run is a NameError.
    const io = what.startsWith('io_callback') ? 'from jax.experimental import io_callback\n' : '';
    return `import jax\nimport numpy as np\n${io}\n\ndef ${entry}(x):\n    # Your code: call the host through ${what}.\n    pass\n`;
  }
  return `function ${entry}(x) {\n  // Your code: call the host through ${what}.\n}\n`;
}

/** An author's (validated) exercise in the shape of a built-in one, in `language` (js, python). */
export function customExercise(data, language = 'js') {
  const c = validateCustom(data);
  const how = (HOW[language] ?? HOW.js)[c.callback];
  const spell = spelling(language);
  const shapes = [...new Set(c.tests.map((t) => spell.shape(t.input.shape)))];
  const exact = c.tolerance === 0 ? 'exactly' : `within ${c.tolerance}`;
  return {
    id: `custom:${c.entry}`,
    custom: true,
    title: c.title,
    level: 'Exercise',
    entry: c.entry,
    intro: c.description ? [c.description] : [],
    steps: [
      `Define \`${c.entry}(x)\`; it must call the host through ${how}.`,
      `Check runs it under \`jax.jit\` on ${c.tests.length} ${c.dtype} input${c.tests.length === 1 ? '' : 's'} (shape${shapes.length === 1 ? '' : 's'} ${shapes.join(', ')}) and compares the results, ${exact}.`,
    ],
    sample: { values: c.tests[0].input.values, dtype: c.dtype },
    starter: c.starter ?? defaultStarter(c.entry, how, language),
    tests: c.tests.map((t) => ({
      name: t.name ?? `${c.entry}(${listText(t.input.values, spell)}) gives ${listText(t.expected.values, spell)}`,
      input: { ...t.input, dtype: c.dtype },
      expected: { ...t.expected, dtype: c.resultDtype },
    })),
    tolerance: c.tolerance,
    inspect: INSPECT[c.callback],
    hints: c.hints,
    solution: c.solution,
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
