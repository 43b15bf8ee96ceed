// What Python mode's subset lacks, one entry per construct: what, a program that uses it, and
// the Python exception and message it raises. python_subset.test.mjs runs every program (so the
// list stays true), and docs/conformance.md lists the entries (tests/js/oracle.test.mjs).

/** [what the subset lacks, program, Python exception class, message pattern] */
export const SUBSET_LACKS = [
  ['`match` statements', 'match 1:\n    case 1:\n        pass\n', 'SyntaxError', /does not support `match` yet/],
  ['`async` and `await`', 'async def f():\n    pass\n', 'SyntaxError', /does not support `async` yet/],
  ['the walrus operator `:=`', 'if (n := 3):\n    pass\n', 'SyntaxError', /does not support the walrus operator/],
  ['subclassing built-in types other than exceptions (`class Stack(list)`; derive from object and keep a list)', 'class Stack(list):\n    pass\n', 'NotImplementedError', /does not support subclassing `list` yet/],
  ['metaclasses other than `abc.ABCMeta`, and `type(name, bases, dict)`', 'class A(metaclass=type):\n    pass\n', 'NotImplementedError', /does not support metaclasses yet/],
  ['`yield` in a lambda, and inside expressions other than assignments, calls, operators and containers', 'f = lambda: (yield)\n', 'SyntaxError', /does not support `yield` in a lambda yet/],
  ['the parenthesised `with (a as x, b as y):` form and `with ... as (x, y)` (the editor\'s grammar lacks them)', 'with (open("a") as f, open("b") as g):\n    pass\n', 'SyntaxError', /invalid syntax/],
  ['dicts with keys other than `str` passed to JAX (pytrees); Python code itself takes any hashable key', 'import jax\njax.jit(lambda d: d)({1: 2.0})\n', 'TypeError', /dicts with str keys/],
  ['boolean-mask indexing of arrays, integer-array indexing of host arrays, and integer arrays on axes other than the first (`x[:, idx]`)', 'import numpy as np\nnp.arange(3)[np.arange(3) > 0]\n', 'IndexError', /only integers, slices \(`:`\) and None are valid indices/],
  ['assigning to more than one element of a host array (`a[1:] = 0`)', 'import numpy as np\na = np.zeros(3)\na[1:] = 1.0\n', 'NotImplementedError', /assigns single elements of host arrays only/],
  ['JAX functions jaxplay does not have yet (each listed in docs/api.md, with its status)', 'import jax.numpy as jnp\njnp.histogram(jnp.ones(2))\n', 'NotImplementedError', /`jnp\.histogram` is not in jaxplay yet/],
  ['`nondiff_argnums` of `custom_jvp`/`custom_vjp`', 'import jax\nfrom functools import partial\n@partial(jax.custom_vjp, nondiff_argnums=(0,))\ndef f(n, x):\n    return x\n', 'NotImplementedError', /nondiff_argnums/],
  ['extended slice assignment on lists (`xs[::2] = ...`)', 'xs = [1, 2, 3]\nxs[::2] = [0, 0]\n', 'NotImplementedError', /extended slice assignment/],
  ['complex numbers', 'z = 1j\n', 'SyntaxError', /does not support complex numbers yet/],
  ['`bytes`', 'b = bytes(3)\n', 'NotImplementedError', /does not support `bytes` yet/],
  ['files (`open()`), `input()`, `eval()`/`exec()`, `globals()`/`locals()`, `dir()`', 'eval("1 + 1")\n', 'NotImplementedError', /does not support `eval\(\)` yet/],
  ['modules other than jax, numpy, math, functools, itertools, collections, dataclasses, contextlib, operator, typing, time and abc (`os`, `sys`, `random`, `re`, `copy`, `enum`...)', 'import os\n', 'ModuleNotFoundError', /No module named 'os'/],
  ['`math.erf`, `math.gamma` and `math.lgamma` (`jax.scipy.special` has erf and gammaln)', 'import math\nmath.erf(0.5)\n', 'NotImplementedError', /`math\.erf` is not in jaxplay yet/],
  ['`functools.cached_property` and `functools.singledispatch`', 'import functools\nfunctools.cached_property\n', 'NotImplementedError', /`functools\.cached_property` is not in jaxplay yet/],
  ['`time.sleep()` of more than 10 seconds', 'import time\ntime.sleep(11)\n', 'NotImplementedError', /time\.sleep\(\) of more than 10 seconds/],
  ['relative imports and `from module import *`', 'from jax import *\n', 'SyntaxError', /does not support `from \.\.\. import \*` yet/],
];
