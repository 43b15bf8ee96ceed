// Python mode: the course's code verbatim (both lesson examples, both exercise solutions, the
// error page's before/after), Python semantics that matter to JAX code, and a table of syntax
// errors and unsupported constructs with their messages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();

const run = async (src, globals = {}) => {
  const lines = [];
  const ns = await python.run(src, { globals, print: (l) => lines.push(l) });
  return { ns, lines };
};

test('lesson 1: host_double / compute runs verbatim', async () => {
  const { ns } = await run(`import jax
import jax.numpy as jnp
import numpy as np

def host_double(arr):
    return np.asarray(arr) * 2

@jax.jit
def compute(x):
    output = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_double, output, x)

result = compute(jnp.array([1., -2., 3.], dtype=jnp.float32))
# result contains [2., -4., 6.]
`);
  assert.deepEqual(ns.result.tolist(), [2, -4, 6]);
  assert.equal(ns.result.dtype, 'float32');
});

test('lesson 2: record / compute with its list runs verbatim; the JS side sees the live list', async () => {
  const src = `import jax
import jax.numpy as jnp
from jax.experimental import io_callback

recorded = []

def record(value):
    recorded.append(float(value))
    return value

@jax.jit
def compute(x):
    total = jnp.sum(x)
    output = jax.ShapeDtypeStruct(total.shape, total.dtype)
    return io_callback(record, output, total, ordered=True)

result = compute(jnp.array([1., 2., 3.]))
result.block_until_ready()
jax.effects_barrier()
# result is 6; recorded is [6.0]
`;
  const { ns } = await run(src);
  assert.equal(Number(ns.result), 6);
  assert.deepEqual(ns.recorded, [6]);
  const live = [];
  await run('log.append(1.5)\nlog.append(2)\n', { log: live });
  assert.deepEqual(live.map(Number), [1.5, 2]);
});

const SOLUTIONS = {
  pure_callback_doubler: `import jax
import jax.numpy as jnp
import numpy as np

def host_double(arr):
    return np.asarray(arr) * 2

def pure_callback_doubler(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_double, result_shape, x)
`,
  io_callback_passthrough: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

def host_double(arr):
    return np.asarray(arr) * 2

def io_callback_passthrough(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return io_callback(host_double, result_shape, x, ordered=True)
`,
};

for (const [name, src] of Object.entries(SOLUTIONS)) {
  test(`exercise reference solution: ${name}`, async () => {
    const { lines } = await run(`${src}
print(${name}(jnp.array([5., 6., 7.], dtype=jnp.float32)))
print(jax.jit(${name})(jnp.array([1., -2., 3.], dtype=jnp.float32)))
print(${name}(jnp.zeros((0,), jnp.float32)).shape)
`);
    assert.deepEqual(lines, ['[10. 12. 14.]', '[ 2. -4.  6.]', '(0,)']);
  });
}

test('error page: the "before" raises ValueError, the "after" fix runs', async () => {
  const prelude = `import jax
import jax.numpy as jnp
from jax import pure_callback
import numpy as np
def fn(x, result_dtype=None):
    return np.asarray(x) * 2
x = jnp.arange(3.0)
`;
  // The page's pure_callback(fn, x, result_dtype=float) passes x only as the result declaration,
  // so fn gets no argument; with x also as the argument, JAX 0.10 refuses the keyword argument
  // `float` (a callback's keyword arguments are operands too) before the JVP is reached:
  await assert.rejects(run(`${prelude}
def loss(x):
    return jnp.sum(pure_callback(fn, x, x, result_dtype=float))
jax.grad(loss)(x)  # TypeError
`), (e) => e.pyType === 'TypeError' && e.message === "Error interpreting argument to pure_callback as a JAX value. The problematic value is of type <class 'type'> and was passed to pure_callback at position 1.");
  await assert.rejects(run(`${prelude}
def loss(x):
    return jnp.sum(pure_callback(fn, x, x))
jax.grad(loss)(x)  # ValueError
`), (e) => e.pyType === 'ValueError' && /Pure callbacks do not support JVP/.test(e.message));
  // The page's "after" has a typo (\`ndef\`): verbatim it is a SyntaxError at that line.
  await assert.rejects(run(`${prelude}
from jax import lax
ndef loss(x):
    return jnp.sum(pure_callback(fn, lax.stop_gradient(x), result_dtype=float))
`), (e) => e.pyType === 'SyntaxError' && e.lineno === 10);
  // Fixed, it still passes `result_dtype=float`, which JAX 0.10 refuses as above; without it:
  const { ns } = await run(`${prelude}
from jax import lax
def loss(x):
    return jnp.sum(pure_callback(fn, x, lax.stop_gradient(x)))
g = jax.grad(loss)(x)  # ok, grad is zero through callback
`);
  assert.deepEqual(ns.g.tolist(), [0, 0, 0]);
  const { lines } = await run(`${prelude}
def loss(x):
    return jnp.sum(pure_callback(fn, x, x))
try:
    jax.grad(loss)(x)
except ValueError as e:
    print('caught:', 'custom_jvp' in str(e))
`);
  assert.deepEqual(lines, ['caught: True']);
});

test('Python semantics that matter to JAX code', async () => {
  const { lines } = await run(`import jax
import jax.numpy as jnp
import numpy as np
x = jnp.arange(3)
print((x * 2).dtype, (x * 2.0).dtype, (jnp.float32(1.0) * 2).weak_type)
print(repr(jnp.array([2., -4., 6.])), np.asarray(jnp.array([2., -4., 6.])))
print(7 // 2, -7 // 2, 7 % 3, 2 ** 10, 7 / 2, 1 < 2 < 3, 3 > 2 > 5)
print((1, 2) == (1, 2), [1] * 3, (1,) + (2,), None is None, not [])
a, *rest = (1, 2.0, 'x')
print(a, rest, f"{3.14159:.2f}|{a!r:>3}|{'s'}")
d = {"b": 1, "a": 2}
print(sorted(d.items()), list(d.keys()), {k: v * 2 for k, v in d.items()})
print(type(1).__name__, type(1.0).__name__, isinstance(True, int), np.float32(1.0) + 1)
print(np.asarray(np.arange(3, dtype=np.int32)) * 2.5, (np.ones(2, np.float32) * 2).dtype)
`);
  assert.deepEqual(lines, [
    'int32 float32 False',
    'Array([ 2., -4.,  6.], dtype=float32) [ 2. -4.  6.]',
    '3 -4 1 1024 3.5 True False',
    'True [1, 1, 1] (1, 2) True True',
    "1 [2.0, 'x'] 3.14|  1|s",
    "[('a', 2), ('b', 1)] ['b', 'a'] {'b': 2, 'a': 4}",
    'int float True 2.0',
    '[0.  2.5 5. ] float32',
  ]);
});

test('exceptions: Python and JAX classes, caught by except, traceback of the learner\'s lines', async () => {
  const { lines } = await run(`import jax
try:
    {}["k"]
except KeyError as e:
    print("KeyError", e)
try:
    raise ValueError("bad")
except (TypeError, ValueError) as e:
    print(type(e).__name__, e.args)
finally:
    print("finally")
try:
    jax.jit(lambda x: float(x))(1.0)
except jax.errors.ConcretizationTypeError as e:
    print("concretization", isinstance(e, TypeError))
`);
  assert.deepEqual(lines, ["KeyError 'k'", "ValueError ('bad',)", 'finally', 'concretization True']);
  const err = await run('def f(x):\n    return x / 0\n\nf(1)\n').catch((e) => e);
  assert.equal(err.pyType, 'ZeroDivisionError');
  assert.equal(err.message, 'division by zero');
  assert.equal(err.traceback, [
    'Traceback (most recent call last):',
    '  File "main.py", line 4, in <module>',
    '    f(1)',
    '  File "main.py", line 2, in f',
    '    return x / 0',
    'ZeroDivisionError: division by zero',
  ].join('\n'));
});

test('a host function\'s exception: JaxRuntimeError with JAX\'s text, the host\'s traceback in it, no __cause__', async () => {
  const src = [
    'import jax',
    'import jax.numpy as jnp',
    'def host(x):',
    '    raise ValueError("boom")',
    'f = jax.jit(lambda x: jax.pure_callback(host, x, x))',
    'f(jnp.arange(3.0))',
  ].join('\n');
  const err = await run(src).catch((e) => e);
  assert.equal(err.pyType, 'JaxRuntimeError');
  const text = [
    'INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):',
    '  File "main.py", line 6, in <module>',
    '  File "main.py", line 4, in host',
    'ValueError: boom',
  ].join('\n');
  assert.equal(err.message, text);
  assert.equal(err.traceback, [
    'Traceback (most recent call last):',
    '  File "main.py", line 6, in <module>',
    '    f(jnp.arange(3.0))',
    `jax.errors.JaxRuntimeError: ${text}`,
  ].join('\n'));
  const { lines } = await run(`${src.split('\n').slice(0, -1).join('\n')}
try:
    f(jnp.arange(3.0))
except jax.errors.JaxRuntimeError as e:
    print(type(e.__cause__).__name__, e.__cause__)
print(f(jnp.arange(2.0)) if False else "engine still works:", jnp.arange(2.0) + 1)
`);
  assert.deepEqual(lines, ['NoneType None', 'engine still works: [1. 2.]']);
});

/** Source -> [Python class, message pattern]: syntax errors and what the subset lacks. */
const BAD_PROGRAMS = [
  ['x = (1,\n', 'SyntaxError', /^unexpected end of input/],
  ['def f(:\n    pass\n', 'SyntaxError', /^invalid syntax \(line 1, column \d+\)/],
  ['x = 1 +\n', 'SyntaxError', /invalid syntax|unexpected end/],
  ['f() = 1\n', 'SyntaxError', /^cannot assign to function call/],
  ['class A(metaclass=type):\n    pass\n', 'NotImplementedError', /^jaxplay's Python does not support metaclasses yet$/],
  ['class L(list):\n    pass\n', 'NotImplementedError', /^jaxplay's Python does not support subclassing `list` yet/],
  ['with 1:\n    pass\n', 'TypeError', /^'int' object does not support the context manager protocol$/],
  ['x = {1, 2}\nx[0]\n', 'TypeError', /^'set' object is not subscriptable$/],
  ['x = {[1], 2}\n', 'TypeError', /^unhashable type: 'list'$/],
  ['x = {1}\nx.remove(2)\n', 'KeyError', /^2$/],
  ['frozenset([1]).add(2)\n', 'AttributeError', /^'frozenset' object has no attribute 'add'$/],
  ['import jax\nimport jax.numpy as jnp\njax.jit(lambda x: x[x > 0])(jnp.arange(3.0))\n', 'IndexError', /only integers, slices \(`:`\) and None are valid indices/],
  ['import jax.numpy as jnp\njnp.histogram(jnp.arange(3.0))\n', 'NotImplementedError', /^`jnp\.histogram` is not in jaxplay yet \(docs\/api\.md lists what is\)$/],
  ['2 @ 3\n', 'TypeError', /^unsupported operand type\(s\) for @: 'int' and 'int'$/],
  ['import numpy as np\nnp.arange(3.0)[5]\n', 'IndexError', /^index 5 is out of bounds for axis 0 with size 3$/],
  ['import jax.numpy as jnp\njnp.zeros(0)[0]\n', 'IndexError', /^index is out of bounds for axis 0 with size 0$/],
  ['import jax.numpy as jnp\njnp.arange(3.0)[0, 0]\n', 'IndexError', /^Too many indices: array is 1-dimensional, but 2 were indexed$/],
  ['x = yield 1\n', 'SyntaxError', /^'yield' outside function \(line 1/],
  ['f = lambda: (yield)\n', 'SyntaxError', /^jaxplay's Python does not support `yield` in a lambda yet/],
  ['def g():\n    return [(yield) for x in y]\n', 'SyntaxError', /^'yield' inside list comprehension/],
  ['open("data.txt")\n', 'NotImplementedError', /does not support files \(`open\(\)`\)/],
  ['return 1\n', 'SyntaxError', /^'return' outside function \(line 1, column 1\)$/],
  ['for i in range(2):\n    def f():\n        break\n', 'SyntaxError', /^'break' outside loop \(line 3/],
  ['x = 1\n  y = 2\n', 'IndentationError', /^unexpected indent \(line 2, column 3\)$/],
  ['if True:\n    x = 1\n  y = 2\n', 'IndentationError', /^unindent does not match any outer indentation level \(line 3/],
  ['def f(a, a):\n    pass\n', 'SyntaxError', /^duplicate argument 'a' in function definition/],
  ['nonlocal x\n', 'SyntaxError', /^nonlocal declaration not allowed at module level/],
  ['const f = jax.jit((x) => x);\n', 'SyntaxError', /^invalid syntax \(this line looks like JavaScript; this program runs as Python\)/],
  ['import os\n', 'ModuleNotFoundError', /^No module named 'os'/],
  ['print(undefined_name)\n', 'NameError', /^name 'undefined_name' is not defined$/],
  ['{[1]: 2}\n', 'TypeError', /^unhashable type: 'list'$/],
  ['import jax\njax.jit(lambda d: d)({1: 2.0})\n', 'TypeError', /^jaxplay passes dicts with str keys to JAX, not int \(1\)$/],
  ['import jax\njax.jit(3)\n', 'TypeError', /^Expected a callable value, got 3/],
  ['import jax.numpy as jnp\njnp.arange(3)[0] = 1\n', 'TypeError', /JAX arrays are immutable/],
  ['def f():\n    x += 1\nf()\n', 'UnboundLocalError', /cannot access local variable 'x'/],
  ['import jax\njax.jit(lambda x: float(x))(1.0)\n', 'ConcretizationTypeError', /^Abstract tracer value encountered where concrete value is expected: traced array with shape float32\[\]\nThe problem arose with the `float` function/],
  ['import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    return np.asarray(x) * 2\nf(1.0)\n', 'TracerArrayConversionError', /^The numpy.ndarray conversion method __array__\(\) was called on traced array with shape float32\[\]\nThe error occurred while tracing the function f for jit\./],
  ['import jax\nimport numpy as np\njax.jit(lambda x: np.sin(x))(1.0)\n', 'TracerArrayConversionError', /^The numpy.ndarray conversion method/],
  ['import jax\njax.jit(lambda x: 1 if x > 0 else 2)(1.0)\n', 'TracerBoolConversionError', /^Attempted boolean conversion of traced array with shape bool\[\]\./],
  ['import numpy as np\nif np.ones(3):\n    pass\n', 'ValueError', /^The truth value of an array with more than one element is ambiguous/],
  ['x = (1, 2)\nx[0] = 3\n', 'TypeError', /^'tuple' object does not support item assignment$/],
  ['x = [1]\nx[5]\n', 'IndexError', /^list index out of range$/],
  ['def f(x):\n    pass\nf()\n', 'TypeError', /^f\(\) missing 1 required positional argument: 'x'$/],
  ['def f(x):\n    pass\nf(1, y=2)\n', 'TypeError', /^f\(\) got an unexpected keyword argument 'y'$/],
  ['a, b = [1, 2, 3]\n', 'ValueError', /^too many values to unpack \(expected 2\)$/],
  ['import jax.numpy as jnp\njnp.float32.name = "x"\n', 'AttributeError', /^'DType' object attribute 'name' is read-only$|read-only/],
  ['ValueError.x = 1\n', 'TypeError', /^cannot set 'x' attribute of immutable type 'ValueError'$/],
  ['import jax\nimport jax.numpy as jnp\nx = jnp.arange(3.0)\njax.pure_callback(print, x.shape, x)\n', 'AttributeError', /^'int' object has no attribute 'dtype'$/],
  ['import jax\nimport jax.numpy as jnp\nx = jnp.arange(3.0)\njax.pure_callback(print, x, x, vmap_method=3)\n', 'ValueError', /^vmap_method must be on of the allowed methods \['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', None\], but got: 3$/],
  ['import jax\njax.ShapeDtypeStruct((3,))\n', 'TypeError', /^ShapeDtypeStruct.__init__\(\) missing 1 required positional argument: 'dtype'$/],
  ['import jax\njax.grad(lambda x: x * 2)(jax.numpy.arange(3.0))\n', 'TypeError', /^Gradient only defined for scalar-output functions\. Output had shape: \(3,\)\.$/],
  ['import jax\njax.jit(lambda s: s)("abc")\n', 'TypeError', /^Error interpreting argument to <lambda> as an abstract array\. The problematic value is of type <class 'str'>/],
  ['x = "ab" * 2 ** 40\n', 'MemoryError', /^the value would be too large to hold/],
  ['import jax\nimport jax.numpy as jnp\nimport numpy as np\ndef host(x):\n    a = np.asarray(x)\n    a[0] = 5.0\n    return a\njax.pure_callback(host, jnp.arange(3.0), jnp.arange(3.0))\n', 'JaxRuntimeError', /\n {2}File "main.py", line 6, in host\nValueError: assignment destination is read-only$/],
  ['assert 1 == 2, "nope"\n', 'AssertionError', /^nope$/],
  ['def f():\n    return f()\nf()\n', 'RecursionError', /^maximum recursion depth exceeded$/],
];

test('table: syntax errors and unsupported constructs, in Python\'s terms', async () => {
  for (const [src, pyType, pattern] of BAD_PROGRAMS) {
    const err = await run(src).then(() => null, (e) => e);
    assert.ok(err, `${JSON.stringify(src)} should fail`);
    assert.equal(err.pyType, pyType, `${JSON.stringify(src)}: ${err.message}`);
    assert.match(err.message, pattern, JSON.stringify(src));
    assert.doesNotMatch(err.message, /of undefined|is not a function|Cannot read/, 'never a JS error text');
  }
});

test('the browser build www/dist/python.js: @lezer/python inlined, the engine shared with jaxplay.js', async () => {
  const { ensureBundle } = await import('../../scripts/bundle.mjs');
  await ensureBundle();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(new URL('../../www/dist/python.js', import.meta.url), 'utf8');
  // Import statements only (`import{a as b}from"..."`), not a string "from" in the code.
  const imports = [...text.matchAll(/\bimport\s*[\w$*\s{},]*from\s*"([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(imports)].sort(), [
    '../jaxplay.js', '../lib/api-spec.js', '../lib/api.js', '../lib/arrayprint.js', '../lib/arrays.js', '../lib/callables.js', '../lib/format.js',
    '../lib/indexing.js', '../lib/instance.js', '../lib/np.js', '../lib/options.js', '../lib/pyformat.js', '../lib/sourcelines.js',
    '../lib/values.js',
  ]);
  const { python: bundled } = await import('../../www/dist/python.js');
  const lines = [];
  // Minified: class names are gone, so nothing may depend on them (functions, jit, callbacks).
  await bundled.run('import jax, jax.numpy as jnp\ndef f(x):\n    return x * 2\nprint(jax.jit(f)(jnp.arange(3.0)), callable(f))\n', { print: (l) => lines.push(l) });
  assert.deepEqual(lines, ['[0. 2. 4.] True']);
});

test('signed zero prints as Python, NumPy and JAX print it; jnp.sum takes axis= and a tuple of axes', async () => {
  const { lines } = await run(`import jax, jax.numpy as jnp, numpy as np
print(-0.0, [-0.0], repr(np.float32(-0.0)), repr(np.round(np.asarray([0.5, 1.5, 2.5, -0.5]))))
print(repr(jnp.array(-0.0)), jnp.array([-0.0, 2.0]))
x = jnp.ones((2, 3))
print(jnp.sum(x, axis=0), jnp.sum(x, 1), jax.jit(lambda v: jnp.sum(v, axis=(0, 1)))(x))
`);
  assert.deepEqual(lines, [
    '-0.0 [-0.0] np.float32(-0.0) array([ 0.,  2.,  2., -0.])',
    'Array(-0., dtype=float32, weak_type=True) [-0.  2.]',
    '[2. 2. 2.] [3. 3.] 6.0',
  ]);
});
