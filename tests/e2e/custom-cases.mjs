// Authors' exercises (the JSON of a <jaxplay-exercise>) and solutions a learner writes for them
// (not a test file): right ones Check must pass, wrong ones it must fail, each with the check
// that must fail and words its message must contain (as the widget shows them: `code` spans
// without backticks). Used by tests/js/widget_grader.test.mjs (the observer and the grader in
// Node) and tests/e2e/widget-custom.test.mjs (the same cases through a widget on a host page).

/** The exercises, by name: every callback kind, 1-d and n-d, float32, int32 and bool, tolerance. */
export const EXERCISES = {
  triple: {
    entry: 'tripler', title: 'Triple on the host', callback: 'pure',
    tests: [{ input: [1, -2, 3], expected: [3, -6, 9] }, { input: [], expected: [], name: 'empty' }],
    hints: ['Multiply by 3 on the host.'], solution: 'function host(a) { return np.asarray(a).mul(3); }\nfunction tripler(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x); }\n',
  },
  // Every test has two rows: only Check's own shapes catch a declaration fixed at two.
  rows: {
    entry: 'rowSums', callback: 'pure', dtype: 'int32',
    tests: [{ input: [[1, 2], [3, 4]], expected: [3, 7] }, { input: [[5, 6, 7], [-1, 0, 1]], expected: [18, 0] }],
  },
  mean: {
    entry: 'rowMeans', callback: 'io', dtype: 'int32', result_dtype: 'float32',
    tests: [{ input: [[1, 2], [3, 5]], expected: [1.5, 4] }, { input: [[7, 8, 9]], expected: [8] }],
  },
  roots: {
    entry: 'roots', callback: 'io-ordered', tolerance: 1e-3,
    tests: [{ input: [2, 3], expected: [1.414, 1.732] }, { input: [[4, 9], [16, 25]], expected: [[2, 3], [4, 5]] }],
  },
  exact: {
    entry: 'roots', callback: 'io-ordered',
    tests: [{ input: [2, 3], expected: [1.414, 1.732] }],
  },
  flip: {
    entry: 'flip', callback: 'pure', dtype: 'bool',
    tests: [{ input: [true, false, true], expected: [false, true, false] }, { input: [[true], [false]], expected: [[false], [true]] }],
  },
  shown: {
    entry: 'shown', callback: 'debug',
    tests: [{ input: [1, 2], expected: [2, 4] }, { input: 5, expected: 10 }],
  },
};

const TRIPLE_HOST = 'function host(a) { return np.asarray(a).mul(3); }\n';
const triple = (call, host = TRIPLE_HOST) => `${host}function tripler(x) { return ${call}; }\n`;
const PURE3 = 'jax.pureCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)';
const ROWS_HOST = 'function host(a) { return np.asarray(a).sum(1); }\n';
const rows = (spec, host = ROWS_HOST) => `${host}function rowSums(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct(${spec}, x.dtype), x); }\n`;
const MEAN_HOST = 'function host(a) { const b = np.asarray(a); return b.sum(1).div(b.shape[1]); }\n';
const roots = (options) => `function host(a) { return Float64Array.from(np.asarray(a).data, Math.sqrt); }\nfunction roots(x) { return ioCallback((a) => np.asarray(host(a)).reshape(a.shape), jax.ShapeDtypeStruct(x.shape, x.dtype), x${options}); }\n`;
const FLIP = 'function host(a) { return Uint8Array.from(np.asarray(a).data, (v) => 1 - v); }\nfunction flip(x) { return jax.pureCallback((a) => np.asarray(host(a)).reshape(a.shape).astype("bool"), jax.ShapeDtypeStruct(x.shape, x.dtype), x); }\n';

const py = (body) => `import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax.experimental import io_callback\n\n\n${body}`;

/**
 * [label, exercise name, language, code, failing]: `failing` lists [check name, message] pairs
 * of the checks that must fail (every other check passes); empty: everything passes.
 */
export const CASES = [
  ['right', 'triple', 'js', EXERCISES.triple.solution, []],
  ['wrong factor', 'triple', 'js', triple(PURE3, 'function host(a) { return np.asarray(a).mul(2); }\n'), [[/gives \[3, -6, 9\]/, /expected \[3, -6, 9\] \(float32, shape \[3\]\), got \[2, -4, 6\]/]]],
  ['native ops, no callback', 'triple', 'js', 'function tripler(x) { return x.mul(3); }\n', [[/calls the host through jax.pureCallback/, /no pure_callback in the traced program: it computes natively \(mul\)/]]],
  ['io where pure is asked', 'triple', 'js', triple('ioCallback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)'), [[/calls the host through jax.pureCallback/, /found io_callback instead/]]],
  ['a host that counts its calls', 'triple', 'js', triple(PURE3, 'let calls = 0;\nfunction host(a) { calls += 1; return np.asarray(a).mul(3); }\n'), [[/pure callback is pure/, /changes calls/]]],
  ['a host that prints', 'triple', 'js', triple(PURE3, 'function host(a) { console.log("tripling"); return np.asarray(a).mul(3); }\n'), [[/pure callback is pure/, /printed “tripling”/]]],
  ['a host that changes its input', 'triple', 'js', triple(PURE3, 'function host(a) { const b = np.asarray(a); const out = b.mul(3); b.data.fill(0); return out; }\n'), [[/pure callback is pure/, /changed its input in place/]]],
  ['does not load', 'triple', 'js', 'function tripler(x) { return (; }', [[/loads and defines/, /SyntaxError/]]],
  ['the entry missing', 'triple', 'js', 'function other(x) { return x; }', [[/loads and defines/, /does not define a function named tripler/]]],
  ['right, n-d int32', 'rows', 'js', rows('[x.shape[0]]'), []],
  ['a declaration fixed at two rows', 'rows', 'js', rows('[2]'), [[/follows the input's shape/, /shape no test has.*does not match the callback's declaration/]]],
  ['float32 results where int32 is expected', 'rows', 'js', 'function host(a) { return np.asarray(a).sum(1).div(1); }\nfunction rowSums(x) { return jax.pureCallback(host, jax.ShapeDtypeStruct([x.shape[0]], "float32"), x); }\n',
    [[/gives \[3, 7\]/, /got \[3, 7\] \(float32, shape \[2\]\): the dtype differs/], [/gives \[18, 0\]/, /the dtype differs/]]],
  ['right, int32 in, float32 out', 'mean', 'js', `${MEAN_HOST}function rowMeans(x) { return ioCallback(host, jax.ShapeDtypeStruct([x.shape[0]], "float32"), x); }\n`, []],
  ['right within the tolerance, ordered', 'roots', 'js', roots(', { ordered: true }'), []],
  ['unordered where ordered is asked', 'roots', 'js', roots(''), [[/ordered: true/, /has ordered=False/]]],
  ['outside the default tolerance', 'exact', 'js', roots(', { ordered: true }'), [[/gives \[1.414, 1.732\]/, /expected \[1.414, 1.732\] .*got \[1.4142135, 1.7320508\]/]]],
  ['right, bool', 'flip', 'js', FLIP, []],
  ['right, jax.debug.callback', 'shown', 'js', 'function shown(x) { jax.debug.callback((v) => {}, x); return x.mul(2); }\n', []],
  ['no jax.debug.callback', 'shown', 'js', 'function shown(x) { return x.mul(2); }\n', [[/calls the host through jax.debug.callback/, /no debug_callback in the traced program/]]],
  ['right, Python, n-d int32', 'rows', 'python', py('def host(a):\n    return np.asarray(a).sum(axis=1)\n\n\ndef rowSums(x):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct((x.shape[0],), x.dtype), x)\n'), []],
  ['a Python host that keeps a count', 'triple', 'python', py('calls = 0\n\n\ndef host(a):\n    global calls\n    calls += 1\n    return np.asarray(a) * 3\n\n\ndef tripler(x):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n'), [[/pure callback is pure/, /calls/]]],
  ['right, Python, io_callback ordered', 'roots', 'python', py('def host(a):\n    return np.sqrt(np.asarray(a))\n\n\ndef roots(x):\n    return io_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)\n'), []],
  // Python's spelling in a Python widget: shapes as tuples, booleans as True and False.
  ['a Python host that gives its input back', 'flip', 'python', py('def flip(x):\n    return jax.pure_callback(lambda a: np.asarray(a), jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n'),
    [[/^flip\(\[True, False, True\]\) gives \[False, True, False\]$/, /^expected \[False, True, False\] \(bool, shape \(3,\)\), got \[True, False, True\] \(bool, shape \(3,\)\)$/],
      [/^flip\(\[\[True\], \[False\]\]\) gives/, /shape \(2, 1\)\), got \[\[True\], \[False\]\]/]]],
  ['a Python declaration fixed at two rows', 'rows', 'python', py('def host(a):\n    return np.asarray(a).sum(axis=1)\n\n\ndef rowSums(x):\n    return jax.pure_callback(host, jax.ShapeDtypeStruct((2,), x.dtype), x)\n'),
    [[/follows the input's shape/, /^for an input of shape \(\d, [23]\) \(a shape no test has\), the host's answer does not match/]]],
  ['right, Python, jax.debug.callback', 'shown', 'python', py('def shown(x):\n    jax.debug.callback(lambda v: None, x)\n    return x * 2\n'), []],
];
