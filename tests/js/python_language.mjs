// The language cases of tests/js/fixtures/python_language.json (recorded from CPython by
// tests/python/record_language.py) and how one runs: python_language.test.mjs asserts them,
// oracle.test.mjs tallies them into docs/conformance.md with what each construct covers.

import { readFileSync } from 'node:fs';
import { python } from '../../www/python.js';

export const LANGUAGE = JSON.parse(readFileSync(new URL('./fixtures/python_language.json', import.meta.url), 'utf8'));

/** What each case file (construct) exercises, for docs/conformance.md. */
export const CONSTRUCTS = {
  classes: 'classes: attributes, methods, `__init__`, class attributes, `__repr__`/`__str__`, `__eq__`/`__hash__`, container and iterator protocols, operator dunders (reflected and in-place), `__call__`, `__bool__`/`__len__`, `__format__`, `__getattr__`/`__setattr__`, `__new__`, `__init_subclass__`, single and multiple inheritance (C3) with `super()`, `@staticmethod`, `@classmethod`, `@property`, `isinstance`/`issubclass` (builtins too), custom exceptions, `abc.ABC` and `abstractmethod`, bound methods as values',
  dataclasses: '`@dataclass` (`frozen`, `order`, `eq`, `kw_only`), `field(default_factory=, init=, repr=)`, `__post_init__`, inheritance, `asdict`/`astuple`/`replace`/`fields`, and its errors (mutable default, field order, `FrozenInstanceError`)',
  with_statement: '`with` and context managers: `__enter__`/`__exit__`, suppression, several items, `return`/`break` inside, `contextlib.contextmanager`, `suppress`, `nullcontext`',
  generators: 'generators: `yield`, `yield from` (sends and return values delegated), `send`, `throw`, `close`, `return` values (`StopIteration.value`), lazy generator expressions, `any`/`all` short-circuiting, generators in classes and pipelines',
  dicts_sets: 'dict and set keys of any hashable type (1 == 1.0 == True, tuples, frozensets, None, instances with `__hash__`/`__eq__`), insertion order, unhashable keys, live views, dict and set methods and operators, `hash()`',
  numbers: 'ints exact past 2^53, `**` (int to a negative power is a float), `//` and `%` flooring, `round` half to even (with ndigits), `bin`/`hex`/`oct`, `int()`/`float()` parsing, bitwise operators, division errors, float repr',
  builtins: '`enumerate(start=)`, `zip(strict=)`, lazy `map`/`filter`, `reversed`, `all`/`any`, `min`/`max` (`key`, `default`), `sum(start=)`, `getattr`/`setattr`/`hasattr`, `iter`/`next` (default, sentinel), `callable`, `type(x).__name__`, `chr`/`ord`, slices, str and list methods, unpacking, `print(sep=, end=)`',
  sorting: 'stable `sorted`/`list.sort` with `key` and `reverse` (equal items keep their order), unbound methods as keys (`key=str.lower`), `operator.itemgetter`/`attrgetter` keys',
  functools_mod: '`functools`: `partial`, `reduce`, `wraps`, `lru_cache` (with `cache_info`), `cache`, `total_ordering`, `cmp_to_key`',
  itertools_mod: '`itertools`: `count`, `cycle`, `repeat`, `chain`, `islice`, `product`, `permutations`, `combinations`, `accumulate`, `zip_longest`, `groupby`, `pairwise`, `takewhile`/`dropwhile`, `tee`',
  collections_mod: '`collections`: `namedtuple` (defaults, subclassing), `defaultdict`, `Counter` (`most_common`, arithmetic), `OrderedDict`, `deque` (`maxlen`, `rotate`)',
  math_mod: '`math`: constants, roots, logs, trig, exact integer functions (`factorial`, `comb`, `gcd`, `isqrt`...), `isclose`, `fsum`, domain and range errors',
  operator_mod: '`operator`: arithmetic and comparison functions, `itemgetter`, `attrgetter`, `methodcaller`',
  typing_mod: '`typing`: annotations on parameters, returns and variables (accepted, not checked), `List`/`Optional`/..., `list[int]`, `TypeVar` and `Generic`, `NamedTuple` classes, `cast`',
  time_mod: '`time`: `perf_counter`, `time`, `sleep`, timing a function',
  jax_callbacks: 'programs mixing these with JAX (expected output from real JAX): a bound method as an `io_callback`, callable instances as `pure_callback`/`debug.callback` hosts, generators feeding a jitted function, a frozen dataclass as a static argument, a context manager timing a callback against native JAX, named tuples through `jit`/`scan`/`fori_loop`/`grad`/`tree.map`, jitted and differentiated methods',
};

/** Runs one case in Python mode: null when it matches CPython, else what differs. */
export async function languageMismatch(c) {
  const lines = [];
  const err = await python.run(c.source, { print: (l) => lines.push(l) }).then(() => null, (e) => e);
  const stdout = lines.length ? `${lines.join('\n')}\n` : '';
  const got = err ? `${err.pyType}: ${err.message}` : null;
  const want = c.error ? `${c.error.type}: ${c.error.message}` : null;
  if (got !== want) return { stdout, got, want, traceback: err?.traceback };
  if (stdout !== c.stdout) return { stdout, got, want };
  return null;
}
