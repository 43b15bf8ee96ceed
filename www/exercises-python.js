// The course exercises in Python, the language the course itself uses: the entry points under
// the course's names, starters, hints and solutions. `inLanguage(exercise, language)` gives the
// exercise as the page, the worker and the grader see it in that language (plain data, like
// exercises.js, which keeps the JavaScript versions).

import { exercises } from './exercises.js';

/** The languages learner code may be written in (share links name one of them). */
export const LANGUAGES = ['python', 'js'];
/** What an exercise opens in when the learner never chose: the course's own language. */
export const DEFAULT_EXERCISE_LANGUAGE = 'python';
/** Examples and old share links open in JavaScript, as before Python mode. */
export const DEFAULT_LANGUAGE = 'js';
export const LANGUAGE_LABEL = { js: 'JavaScript', python: 'Python' };

const python = {
  'pure-callback-doubler': {
    entry: 'pure_callback_doubler',
    steps: [
      'Write a host function that turns its argument into a NumPy array with `np.asarray` and returns it times 2.',
      'Describe the result with `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Return `jax.pure_callback(host_function, description, x)` from `pure_callback_doubler(x)`.',
    ],
    starter: `import jax
import numpy as np


# Step 1: the host function. It gets concrete values, never tracers.
def host_double(arr):
    # TODO: turn arr into a NumPy array with np.asarray and return it times 2.
    pass


def pure_callback_doubler(x):
    # Step 2: describe what the host hands back (shape and dtype, nothing else).
    # TODO: result_spec = jax.ShapeDtypeStruct(...)

    # Step 3: call the host through jax.pure_callback and return what it gives back.
    # TODO: return jax.pure_callback(...)
    pass
`,
    start: { line: 7, text: 'Start at line 7, inside `host_double`: return `np.asarray(arr) * 2`. Then fill in the two TODOs of `pure_callback_doubler` below it.' },
    hints: [
      'The host function runs on concrete NumPy values: `return np.asarray(arr) * 2` is its whole body.',
      'The declaration copies the input\'s metadata: `result_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)` (never a fixed shape like `(3,)`: the input length changes).',
      'Return the callback\'s result itself, with no arithmetic around it: `return jax.pure_callback(host_double, result_spec, x)`',
    ],
    solution: `import jax
import numpy as np


# Host side: gets concrete values, never tracers.
def host_double(arr):
    return np.asarray(arr) * 2


def pure_callback_doubler(x):
    # What the host will hand back: same shape and dtype as x.
    result_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_double, result_spec, x)
`,
  },
  'io-callback-doubler': {
    entry: 'io_callback_passthrough',
    steps: [
      'Write a host function that returns its argument (as a NumPy array) times 2.',
      'Describe the result with `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Return `io_callback(host_function, description, x, ordered=True)` from `io_callback_passthrough(x)`.',
    ],
    starter: `import jax
import numpy as np
from jax.experimental import io_callback


# Step 1: the host function. Io callbacks always run; this one only doubles (no logs).
def double_on_host(arr):
    # TODO: return arr as a NumPy array (np.asarray) times 2.
    pass


def io_callback_passthrough(x):
    # Step 2: describe what the host hands back.
    # TODO: result_spec = jax.ShapeDtypeStruct(...)

    # Step 3: call the host through io_callback, ordered, and return what it gives back.
    # TODO: return io_callback(...)
    pass
`,
    start: { line: 8, text: 'Start at line 8, inside `double_on_host`: return `np.asarray(arr) * 2`. Then fill in the two TODOs of `io_callback_passthrough` below it.' },
    hints: [
      'The host is the same doubler as in step 1: `return np.asarray(arr) * 2`. The course asks for no logs, files or requests in it.',
      'Declare the result from the input: `jax.ShapeDtypeStruct(x.shape, x.dtype)`.',
      'Ordering is a keyword argument: `return io_callback(double_on_host, result_spec, x, ordered=True)`',
    ],
    solution: `import jax
import numpy as np
from jax.experimental import io_callback


# Host side: io callbacks always run, even when their result is unused.
def double_on_host(arr):
    return np.asarray(arr) * 2


def io_callback_passthrough(x):
    result_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return io_callback(double_on_host, result_spec, x, ordered=True)
`,
  },
  'grad-through-callback': {
    entry: 'centered_loss',
    steps: [
      'Press Run: `jax.grad(centered_loss)` fails. Read the error and its hint.',
      'Fix it one way: `jax.lax.stop_gradient(x)` as the callback\'s input; or a function wrapping the callback decorated with `@jax.custom_vjp` and given `.defvjp(fwd, bwd)` (or `@jax.custom_jvp` with `@f.defjvp`), where d mean / d x = 1 / n; or the mean in jnp, `jnp.sum(x) / x.size`.',
      'Check runs the loss and its gradient on inputs generated for it, reads the traced program to see which fix you used, and tests a custom rule by itself (a wrong rule fails even where this loss hides it).',
    ],
    starter: `import jax
import jax.numpy as jnp
import numpy as np


# Host side: a routine JAX cannot look into (pretend it comes from a host library).
def host_mean(arr):
    a = np.asarray(arr)
    return a.sum() / a.size


# Sum of squared deviations from the mean; Run and Check take jax.grad of it.
def centered_loss(x):
    # TODO: press Run and read the error, then fix this line one of the three ways.
    mean = jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), x)
    d = x - mean
    return jnp.sum(d * d)
`,
    start: { line: 15, text: 'Start by pressing Run to see why `jax.grad` stops at the callback on line 15, then change that line one of the three ways.' },
    hints: [
      'The error comes from the tangent reaching `pure_callback`. The smallest fix keeps the tangent away: pass `jax.lax.stop_gradient(x)` as the callback\'s input (only there, not everywhere).',
      'With a rule of your own: decorate a function `mean_on_host(x)` that wraps the callback with `@jax.custom_vjp`, then `mean_on_host.defvjp(lambda x: (mean_on_host(x), x), lambda x, ct: (jnp.ones(x.shape) * ct / x.size,))`. The derivative of the mean is 1 / n for every element.',
      'Or skip the host: `mean = jnp.sum(x) / x.size` is a mean JAX can differentiate itself.',
    ],
    solution: `import jax
import jax.numpy as jnp
import numpy as np


# Host side: a routine JAX cannot look into (pretend it comes from a host library).
def host_mean(arr):
    a = np.asarray(arr)
    return a.sum() / a.size


# The mean counts as a constant here (its derivative drops out of this loss), so the
# gradient is cut at the callback's input.
def centered_loss(x):
    mean = jax.pure_callback(host_mean, jax.ShapeDtypeStruct((), x.dtype), jax.lax.stop_gradient(x))
    d = x - mean
    return jnp.sum(d * d)
`,
  },
};

/** Items as Python writes a tuple: `(2, 3)`, `(3,)`, `()`. */
export const pythonTuple = (items) => `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;

// Prose written for the JS API, in Python's spelling (`jax.pureCallback` → `jax.pure_callback`).
export const pythonNames = (text) => text
  .replace(/\bjax\.pureCallback\b/g, 'jax.pure_callback').replace(/\bioCallback\b/g, 'io_callback')
  .replace(/\bpureCallbackDoubler\b/g, 'pure_callback_doubler').replace(/\bioCallbackPassthrough\b/g, 'io_callback_passthrough')
  .replace(/\bcenteredLoss\b/g, 'centered_loss').replace(/\bstopGradient\b/g, 'stop_gradient')
  .replace(/\bjax\.customVjp\b/g, 'jax.custom_vjp').replace(/\bjax\.customJvp\b/g, 'jax.custom_jvp')
  .replace(/\bmakeJaxpr\b/g, 'make_jaxpr').replace(/`\{ ordered: true \}`/g, '`ordered=True`')
  .replace(/`x\.mul\(2\)`/g, '`x * 2`')
  .replace(/\byour JS function\b/g, 'your Python function').replace(/\barbitrary JavaScript\b/g, 'arbitrary Python')
  .replace(/\bJavaScript's built-ins\b/g, 'the built-ins').replace(/\bhostFn\b/g, 'host_fn')
  .replace(/\bnp\.asarray\(arr\)\.mul\((\d+)\)/g, 'np.asarray(arr) * $1')
  .replace(/`const (\w+) = ([^`]*?);`/g, '`$1 = $2`').replace(/\{ ordered: true \}/g, 'ordered=True')
  .replace(/\bShapeDtypeStruct\(\[\]/g, 'ShapeDtypeStruct(()')
  // Shapes as Python writes them: `shape [3]` → `shape (3,)`.
  .replace(/\bshape \[([\d, ]*)\]/g, (_, dims) => `shape ${pythonTuple(dims.split(', ').filter(Boolean))}`)
  // A positional True would reach the host as one more argument.
  .replace(/`ordered=True` as its last argument/g, '`ordered=True` as a keyword argument')
  // A Python function without `return` gives None, which reaches the checks as null.
  .replace(/\breturned (?:null|undefined)(?: \(no return statement\?\))?/g, 'returned None (no return statement?)');

/** Check's results ({ name, detail, folded }) in Python's spelling, for a Python exercise. */
export const pythonResults = (results) => results.map((r) => ({
  ...r, name: pythonNames(r.name), detail: pythonNames(r.detail), folded: (r.folded ?? []).map(pythonNames),
}));

/** Whether `exercise` has a version in `language`. */
export const hasLanguage = (exercise, language) => language === 'js' || Boolean(python[exercise.id]);

/** `exercise` as written in `language` ('js' or 'python'): the same object for JS. */
export function inLanguage(exercise, language) {
  if (language !== 'python' || !python[exercise.id]) return exercise;
  const py = python[exercise.id];
  return {
    ...exercise,
    ...py,
    language: 'python',
    intro: exercise.intro.map(pythonNames),
    notice: pythonNames(exercise.notice),
    checkNotice: pythonNames(exercise.checkNotice),
  };
}
