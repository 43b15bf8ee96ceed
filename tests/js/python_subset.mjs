// What Python mode's subset lacks, one entry per construct: what, a program that uses it, and
// the Python exception and message it raises. python_subset.test.mjs runs every program (so the
// list stays true), and docs/conformance.md lists the entries (tests/js/oracle.test.mjs).

/** [what the subset lacks, program, Python exception class, message pattern] */
export const SUBSET_LACKS = [
  ['`class` definitions (and so `super`, `property`, methods)', 'class A:\n    pass\n', 'SyntaxError', /does not support `class` yet/],
  ['`with` statements (context managers)', 'with open("f") as f:\n    pass\n', 'SyntaxError', /does not support `with` yet/],
  ['generator functions (`yield`); a generator expression is evaluated at once, as a list', 'def g():\n    yield 1\n', 'SyntaxError', /does not support `yield` \(generators\) yet/],
  ['`match` statements', 'match 1:\n    case 1:\n        pass\n', 'SyntaxError', /does not support `match` yet/],
  ['`async` and `await`', 'async def f():\n    pass\n', 'SyntaxError', /does not support `async` yet/],
  ['the walrus operator `:=`', 'if (n := 3):\n    pass\n', 'SyntaxError', /does not support the walrus operator/],
  ['dict keys other than `str`', 'd = {1: "one"}\n', 'TypeError', /only str dict keys/],
  ['boolean-mask indexing of arrays, integer-array indexing of host arrays, and integer arrays on axes other than the first (`x[:, idx]`)', 'import numpy as np\nnp.arange(3)[np.arange(3) > 0]\n', 'IndexError', /only integers, slices \(`:`\) and None are valid indices/],
  ['assigning to more than one element of a host array (`a[1:] = 0`)', 'import numpy as np\na = np.zeros(3)\na[1:] = 1.0\n', 'NotImplementedError', /assigns single elements of host arrays only/],
  ['JAX functions jaxplay does not have yet (each listed in docs/api.md, with its status)', 'import jax.numpy as jnp\njnp.histogram(jnp.ones(2))\n', 'NotImplementedError', /`jnp\.histogram` is not in jaxplay yet/],
  ['`nondiff_argnums` of `custom_jvp`/`custom_vjp`', 'import jax\nfrom functools import partial\n@partial(jax.custom_vjp, nondiff_argnums=(0,))\ndef f(n, x):\n    return x\n', 'NotImplementedError', /nondiff_argnums/],
  ['extended slice assignment on lists (`xs[::2] = ...`)', 'xs = [1, 2, 3]\nxs[::2] = [0, 0]\n', 'NotImplementedError', /extended slice assignment/],
  ['complex numbers', 'z = 1j\n', 'SyntaxError', /does not support complex numbers yet/],
  ['files, `input()`, `eval()`/`exec()` and modules other than jax, numpy, functools and math', 'import os\n', 'ModuleNotFoundError', /No module named 'os'/],
  ['relative imports and `from module import *`', 'from jax import *\n', 'SyntaxError', /does not support `from \.\.\. import \*` yet/],
];
