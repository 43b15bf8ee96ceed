// The editor's Python tooling without a browser: lint (www/python/lint.js) marks names that do
// not exist (an undefined variable, a module attribute jaxplay's Python lacks) at their line,
// and nothing on valid programs: every Python program of the gallery, the exercises, the course
// pages and the oracle tables (JAX's own programs) is swept. Completions (www/python/complete.js)
// offer a module's names after `module.`, under the program's own import names, and the
// program's names, builtins and keywords elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { python } from '../../www/python.js';
import { undefinedNames } from '../../www/python/lint.js';
import { examples } from '../../www/examples.js';
import { pythonExample } from '../../www/examples-python.js';
import { exercises } from '../../www/exercises.js';
import { inLanguage } from '../../www/exercises-python.js';

const HEAD = 'import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n';

// [label, source, [[line, message regex], ...]]: the warnings lint gives, in order.
const LINT = [
  ['an undefined variable, with the close name', `${HEAD}total = 1\nprint(totl)\n`, [[6, /^name 'totl' is not defined \(did you mean 'total'\?\)$/]]],
  ['a name no scope defines, inside a function', `${HEAD}def f(x):\n    return x + scale\n`, [[6, /^name 'scale' is not defined$/]]],
  ['jnp.foo, not in the API', `${HEAD}y = jnp.foo(1)\n`, [[5, /^module 'jax\.numpy' has no attribute 'foo' in jaxplay's Python/]]],
  ['jax.random.foo', `${HEAD}k = jax.random.foo(0)\n`, [[5, /^module 'jax\.random' has no attribute 'foo'/]]],
  ['a typo in jax.nn', `${HEAD}y = jax.nn.relux(jnp.ones(3))\n`, [[5, /^module 'jax\.nn' has no attribute 'relux' .*did you mean 'relu'/]]],
  ['a host NumPy name', `${HEAD}a = np.frobnicate(1)\n`, [[5, /^module 'numpy' has no attribute 'frobnicate'/]]],
  ['the JS spelling', `${HEAD}f = jax.pureCallback\n`, [[5, /did you mean 'pure_callback'/]]],
  ['a JAX name jaxplay does not have yet', `${HEAD}m = jnp.median(jnp.ones(3))\n`, [[5, /^`jnp\.median` is not in jaxplay yet/]]],
  ['a module used without its import', 'import jax\nx = jnp.ones(3)\n', [[2, /^name 'jnp' is not defined \(add `import jax\.numpy as jnp`\)$/]]],
  ['a comprehension variable used after it', `${HEAD}sq = [i * i for i in range(3)]\nprint(i)\n`, [[6, /^name 'i' is not defined$/]]],
  ['a local of another function', `${HEAD}def f():\n    inner = 1\n    return inner\n\ndef g():\n    return inner\n`, [[10, /^name 'inner' is not defined/]]],
  ['two on one line, in order', `${HEAD}y = alpha + jnp.sinn(beta)\n`, [[5, /'alpha'/], [5, /'sinn'/], [5, /'beta'/]]],
  ['a syntax error is the one diagnostic', `${HEAD}def f(x)\n    return x\n`, [[5, /^SyntaxError/]]],
];

// Valid programs with every way of binding a name: none may be marked.
const VALID = [
  ['a function used before its definition', `${HEAD}def main():\n    return helper(2)\n\ndef helper(n):\n    return n * 2\n`],
  ['parameters: defaults, *args, keyword-only, **kwargs, lambdas', `${HEAD}SCALE = 2\ndef f(x, y=SCALE, *rest, k=1, **kw):\n    g = lambda a, b=k: a + b + len(rest) + len(kw)\n    return g(x, y)\n`],
  ['for, tuple and starred targets, while, if', `${HEAD}pairs = [(1, 2), (3, 4)]\nfor a, b in pairs:\n    first, *others = [a, b]\nwhile False:\n    z = 1\nif True:\n    w = first\n`],
  ['comprehensions of every kind, nested', `${HEAD}d = {k: v for k, v in [("a", 1)]}\ns = {x for x in range(3) if x}\nl = [y for row in [[1]] for y in row]\ng = sum(t for t in range(3))\n`],
  ['global and nonlocal', `${HEAD}def setup():\n    global counter\n    counter = 0\n\ndef make():\n    n = 0\n    def bump():\n        nonlocal n\n        n += 1\n        return n + counter\n    return bump\n`],
  ['try/except as, finally, raise from', `${HEAD}try:\n    v = 1 / 0\nexcept ZeroDivisionError as e:\n    v = str(e)\nfinally:\n    done = True\n`],
  ['imports of every form', 'import jax.numpy\nimport numpy as onp\nfrom jax.experimental import io_callback as ioc\nfrom functools import partial\nimport math\nx = jax.numpy.ones(2) + onp.ones(2) + math.pi\nf = partial(ioc, print)\n'],
  ['decorators, attributes, keywords, subscripts, f-strings, del', `${HEAD}from functools import partial\n@partial(jax.jit, static_argnums=(1,))\ndef f(x, n):\n    y = x.sum(axis=0)\n    f.calls = 1\n    d = {"a": y}\n    d["a"] = x[0]\n    del d\n    return f"{n}: {y}"\n`],
  ['the builtins and __name__', `${HEAD}print(len([1]), isinstance(1, int), ValueError, __name__)\n`],
];

for (const [label, source, expected] of LINT) {
  test(`lint marks: ${label}`, () => {
    const found = python.lint(source);
    assert.equal(found.length, expected.length, JSON.stringify(found));
    expected.forEach(([line, message], i) => {
      assert.equal(found[i].line, line, JSON.stringify(found[i]));
      assert.match(found[i].message, message);
      assert.equal(found[i].severity, found[i].message.startsWith('SyntaxError') ? 'error' : 'warning');
    });
  });
}

for (const [label, source] of VALID) {
  test(`lint leaves valid code alone: ${label}`, () => assert.deepEqual(python.lint(source), []));
}

test('names the program is given (show_jaxpr in the gallery) are defined', () => {
  assert.match(python.lint(`${HEAD}show_jaxpr(jnp.sin, 1.0)\n`)[0].message, /name 'show_jaxpr' is not defined/);
  assert.deepEqual(python.lint(`${HEAD}show_jaxpr(jnp.sin, 1.0)\n`, { globals: ['show_jaxpr'] }), []);
});

// The statements Python mode is gaining (class, with, generators, annotated assignment) bind
// through the same fields as the others; their AST as www/python/parse.js builds it.
const at = (line) => ({ line, col: 1 });
const name = (id, line) => ({ t: 'Name', id, ...at(line) });
const call = (f, args, line) => ({ t: 'Call', func: name(f, line), args, keywords: [], ...at(line) });
test('class bodies, with ... as, yield and annotated assignments bind as Python binds', () => {
  const ast = [
    { t: 'ClassDef', name: 'Counter', bases: [name('object', 1)], keywords: [], decorators: [], ...at(1), body: [
      { t: 'Assign', targets: [name('step', 2)], value: { t: 'Const', value: 1, ...at(2) }, ...at(2) },
      { t: 'FunctionDef', name: 'bump', decorators: [], ...at(3), params: { args: [{ name: 'self', default: null }], vararg: null, kwonly: [], kwarg: null }, body: [
        // `step` is the class's: a method sees it only as self.step (Python's NameError).
        { t: 'Return', value: { t: 'BinOp', op: '+', left: { t: 'Attribute', value: name('self', 4), attr: 'n', ...at(4) }, right: name('step', 4), ...at(4) }, ...at(4) },
      ] },
    ] },
    { t: 'With', items: [{ context: call('open_it', [], 5), target: name('handle', 5) }], ...at(5), body: [
      { t: 'AnnAssign', target: name('total', 6), annotation: 'int', value: call('len', [name('handle', 6)], 6), ...at(6) },
    ] },
    { t: 'FunctionDef', name: 'gen', decorators: [], ...at(7), isGenerator: true, params: { args: [], vararg: null, kwonly: [], kwarg: null }, body: [
      { t: 'For', target: name('k', 8), iter: call('range', [name('total', 8)], 8), body: [{ t: 'Expr', value: { t: 'Yield', value: name('k', 9), ...at(9) }, ...at(9) }], orelse: [], ...at(8) },
    ] },
    { t: 'Expr', value: call('print', [call('Counter', [], 10), name('gen', 10), name('handle', 10)], 10), ...at(10) },
  ];
  assert.deepEqual(undefinedNames(ast).map((d) => [d.line, d.message]), [
    [4, "name 'step' is not defined (`step` is the class's: `self.step`)"],
    [5, "name 'open_it' is not defined"],
  ]);
});

// ---------------------------------------------------------------- completions

// [label, source with `|` at the cursor, the word's start (null: nothing offered), labels
// offered, labels not offered, { label: detail regex }].
const COMPLETE = [
  ['jnp. gives the API table with signatures', `${HEAD}y = jnp.|`, -0, ['sum', 'float32', 'linalg', 'where'], ['pureCallback', 'median'], { sum: /^\(a, axis=None/ }],
  ['a partial word completes from its start', `${HEAD}y = jnp.su|`, -2, ['sum', 'subtract'], [], {}],
  ['jax. has the callbacks and transforms', `${HEAD}jax.|`, -0, ['pure_callback', 'jit', 'grad', 'ShapeDtypeStruct', 'random', 'nn', 'lax'], [], { pure_callback: /result_shape_dtypes/ }],
  ['jax.random.', `${HEAD}k = jax.random.|`, -0, ['normal', 'PRNGKey', 'split', 'uniform'], [], { normal: /^\(key/ }],
  ['jax.nn.', `${HEAD}jax.nn.re|`, -2, ['relu', 'relu6'], [], {}],
  ['lax. from `from jax import lax`', `${HEAD}lax.|`, -0, ['stop_gradient', 'scan', 'fori_loop'], [], {}],
  ['np. has the host functions', `${HEAD}def host(arr):\n    return np.|`, -0, ['asarray', 'zeros', 'float32'], ['pure_callback'], {}],
  ['a module under the program\'s own name', 'import numpy as onp\nonp.|', -0, ['asarray'], [], {}],
  ['a module the program did not import', `${HEAD}scipy.|`, null, [], [], {}],
  ['after a call or a subscript, no module', `${HEAD}x = jnp.ones(3).|`, null, [], [], {}],
  ['a bare word: the program\'s names, builtins, keywords', `${HEAD}total = 2\ndef host_double(arr):\n    return arr * total\nho|`, -2, ['host_double', 'total', 'arr', 'jnp', 'print', 'len', 'return'], [], {}],
  ['the line being typed does not hide the program', `${HEAD}scale = 2\ndef f(x):\n    return x * sc|`, -2, ['scale', 'f'], [], {}],
];

for (const [label, marked, back, offered, absent, details] of COMPLETE) {
  test(`completes: ${label}`, () => {
    const pos = marked.indexOf('|');
    const source = marked.replace('|', '');
    const got = python.complete(source, pos);
    if (back === null) {
      assert.equal(got, null);
      return;
    }
    assert.equal(got.from, pos + back);
    const labels = new Set(got.options.map((o) => o.label));
    for (const l of offered) assert.ok(labels.has(l), `${l} is not offered`);
    for (const l of absent) assert.ok(!labels.has(l), `${l} is offered`);
    for (const [l, detail] of Object.entries(details)) assert.match(got.options.find((o) => o.label === l).detail ?? '', detail);
  });
}

// ---------------------------------------------------------------- the sweep

const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** A widget's starter as the embed takes it: the common indentation removed. */
function dedent(text) {
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)[0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** Every Python program the repository holds: { id, code, globals }. */
async function programs() {
  const out = [];
  for (const e of examples) {
    const py = pythonExample(e.id);
    if (py) out.push({ id: `gallery ${e.id}`, code: py.code, globals: ['show_jaxpr'] });
  }
  for (const e of exercises) {
    const py = inLanguage(e, 'python');
    out.push({ id: `exercise ${e.id} starter`, code: py.starter }, { id: `exercise ${e.id} solution`, code: py.solution });
  }
  const learn = new URL('../../www/learn/', import.meta.url);
  for (const f of (await readdir(learn)).filter((n) => n.endsWith('.html'))) {
    const html = await readFile(new URL(f, learn), 'utf8');
    for (const [k, m] of [...html.matchAll(/<pre[^>]*data-language="python"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].entries()) out.push({ id: `${f} sample ${k}`, code: unescape(m[1]) });
    for (const [k, m] of [...html.matchAll(/<script type="text\/plain" data-language="python">([\s\S]*?)<\/script>/g)].entries()) out.push({ id: `${f} widget ${k}`, code: dedent(m[1]) });
  }
  // The oracle programs (jax-callbacks.json is the shared oracle's copy) run after their table's
  // prelude, given `desc` (tests/js/oracle_python.mjs).
  for (const file of [new URL('../oracle/jax-api-programs.json', import.meta.url), new URL('../oracle/jax-fidelity.json', import.meta.url), new URL('../oracle/jax-callbacks.json', import.meta.url)]) {
    const table = JSON.parse(await readFile(file, 'utf8'));
    const name = file.pathname.split('/').pop();
    for (const [id, c] of Object.entries(table.cases)) out.push({ id: `${name} ${id}`, code: `${table._meta.prelude}${c.source}`, globals: ['desc'] });
  }
  return out;
}

// The programs that are not valid in jaxplay's Python, with what lint says (true alarms): a
// course sample that is a fragment, and JAX programs using names jaxplay does not have yet.
const EXPECTED = {
  'io-callback.html sample 0': [/'jax' is not defined/, /'jnp' is not defined/, /'record' is not defined/, /'jax' is not defined/],
  'jax-api-programs.json reduce_amax_alias': [/`jnp\.amax` is not in jaxplay yet/],
  'jax-api-programs.json sort_median_percentile': [/`jnp\.median`/, /`jnp\.percentile`/],
  'jax-api-programs.json sort_unique': [/`jnp\.unique`/],
  'jax-api-programs.json tr_hessian': [/module 'jax' has no attribute 'hessian'/],
};

test('lint gives no warning on any valid program of the repository', async () => {
  const all = await programs();
  const flagged = [];
  for (const p of all) {
    const found = python.lint(p.code, { globals: p.globals ?? [] });
    const want = EXPECTED[p.id] ?? [];
    if (found.length !== want.length || !found.every((d, i) => want[i].test(d.message))) flagged.push(`${p.id}:\n${found.map((d) => `  ${d.line}: ${d.message}`).join('\n')}`);
  }
  assert.deepEqual(flagged, []);
  for (const id of Object.keys(EXPECTED)) assert.ok(all.some((p) => p.id === id), `${id} is not swept`);
  const valid = all.length - Object.keys(EXPECTED).length;
  assert.ok(valid > 500, `only ${valid} programs swept`);
  console.log(`lint sweep: ${all.length} programs, ${valid} valid with no diagnostic, ${Object.keys(EXPECTED).length} with the expected ones`);
});
