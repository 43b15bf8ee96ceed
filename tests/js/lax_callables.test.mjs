// The `jax.lax` functions that take a function (`lax.reduce_window`, `lax.reduce`, from the API
// table; `lax.associative_scan`, from the JS glue), in the JS API and in Python mode, against
// real JAX 0.10.2's answers recorded by tests/oracle/lax_callables.py: values, dtypes, weak
// types, jaxprs under make_jaxpr, grad, vmap and jvp, and JAX's error words. Python mode runs
// each recorded call's own Python source; the JS API makes the same call with the JS versions
// of its computations (below), a Python int initial value passed as `jnp.int32(n)`. Also: a
// function is recognised by identity in both languages (`jax.lax.add` itself, not a lambda
// that adds), and a computation's own error reaches the caller.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import init, { jax, jnp } from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();

const { _meta: meta, cases } = JSON.parse(readFileSync(new URL('../oracle/lax-callables.json', import.meta.url), 'utf8'));

/** Cases whose jaxpr differs from JAX's, with the reason (tests/api_lax_callables.rs too). */
const JAXPR_DIFFERS = {
  'reduce times grad': "JAX flattens the reduced axes with one reshape[dimensions=(1, 0)], jaxplay with a transpose (its reshape has no `dimensions`); and JAX transposes pad into a negative pad and a slice, jaxplay into one slice",
  'reduce half_b grad': 'JAX transposes pad into a negative pad and a slice, jaxplay into one slice',
  'associative_scan add grad': 'JAX transposes pad into a negative pad and a slice, jaxplay into one slice',
};

const { lax } = jax;
/** An anonymous function, printed `<lambda>` as JAX prints the recorder's lambdas. */
const lambda = (f) => (...args) => f(...args);
const COMPUTATIONS = {
  add: lax.add,
  max: lax.max,
  min: lax.min,
  mul: lax.mul,
  bitwise_and: lax.bitwiseAnd,
  bitwise_or: lax.bitwiseOr,
  bitwise_xor: lax.bitwiseXor,
  half_b: lambda((a, b) => lax.add(a, lax.mul(b, 0.5))),
  times: lambda((a, b) => lax.mul(a, b)),
  pair: lambda((a, b) => [lax.add(a[0], b[0]), lax.max(a[1], b[1])]),
  argmax: lambda((a, b) => [lax.select(lax.ge(a[0], b[0]), a[0], b[0]), lax.select(lax.ge(a[0], b[0]), a[1], b[1])]),
  affine: lambda((a, b) => [lax.mul(a[0], b[0]), lax.add(lax.mul(a[1], b[0]), b[1])]),
};

test('every recorded computation has a JS version, and the recording has cases of all three functions', () => {
  assert.deepEqual(Object.keys(COMPUTATIONS).sort(), Object.keys(meta.computations).sort());
  for (const fn of ['reduce_window', 'reduce', 'associative_scan']) {
    assert.ok(cases.filter((c) => c.fn === fn).length >= 10, fn);
  }
});

const number = (v) => (v === null ? NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);

function jsArray({ shape, dtype, data }) {
  return jnp.array(data.map(number), dtype).reshape(shape);
}

/** A recorded argument in the JS API; arrays come from `arrays` in order. */
function jsArg(v, arrays) {
  if (Array.isArray(v)) return v.map((x) => jsArg(x, arrays));
  if (v === null || typeof v !== 'object') return v;
  if ('comp' in v) return COMPUTATIONS[v.comp];
  if ('float' in v) return number(v.float);
  if ('int' in v) return jnp.int32(v.int);
  return arrays.next().value;
}

function arraysOf(v, out = []) {
  if (Array.isArray(v)) v.forEach((x) => arraysOf(x, out));
  else if (v && typeof v === 'object' && 'shape' in v) out.push(jsArray(v));
  return out;
}

const JS_NAMES = { reduce_window: 'reduceWindow', reduce: 'reduce', associative_scan: 'associativeScan' };

/** The case's call in the JS API, its arrays as arguments. */
function jsCall(c) {
  return (...xs) => {
    const it = xs[Symbol.iterator]();
    const args = c.args.map((a) => jsArg(a, it));
    const kwargs = Object.fromEntries(Object.entries(c.kwargs).map(([k, v]) => [k, jsArg(v, it)]));
    return lax[JS_NAMES[c.fn]](...args, ...(Object.keys(kwargs).length ? [kwargs] : []));
  };
}

/** The call under the case's transformation, as the recorder made it. */
function transformed(c, call) {
  switch (c.transform) {
    case 'grad': return jax.grad((x, ...rest) => call(x, ...rest).sum());
    case 'vmap': return (x, ...rest) => jax.vmap(call, { inAxes: [0, ...rest.map(() => null)] })(x, ...rest);
    case 'jvp': {
      const t = jsArray(c.tangent);
      return (x, ...rest) => jax.jvp((y) => call(y, ...rest), [x], [t]);
    }
    default: return call;
  }
}

const flat = (out) => (Array.isArray(out) ? out.flatMap(flat) : [out]);

function sameOutputs(got, want, what) {
  const gots = flat(got);
  const wants = Array.isArray(want) ? want.flat(Infinity) : [want];
  assert.equal(gots.length, wants.length, `${what}: number of results`);
  gots.forEach((g, i) => {
    const w = wants[i];
    assert.deepEqual([g.shape, g.dtype, g.weakType], [w.shape, w.dtype, w.weak], `${what}: result ${i} type`);
    const values = Array.from(g.toHostArray().data, Number);
    w.data.map(number).forEach((v, k) => {
      const ok = Number.isNaN(v) ? Number.isNaN(values[k]) : values[k] === v || Math.abs(values[k] - v) <= 1e-5 * Math.max(1, Math.abs(v));
      assert.ok(ok, `${what}: element ${k} is ${values[k]}, JAX ${v}`);
    });
  });
}

const describe = (c) => `${c.fn} ${c.comp} ${c.transform}`;

test('the JS API gives JAX\'s values, types, jaxprs and errors', () => {
  let jaxprs = 0;
  for (const c of cases) {
    const what = `JS ${c.python} (${c.transform})`;
    const arrays = [...arraysOf(c.args), ...arraysOf(Object.values(c.kwargs))];
    const f = transformed(c, jsCall(c));
    if (c.error) {
      // JS has no weak int: its int initial value is `jnp.int32(n)`.
      assert.throws(() => f(...arrays), { message: c.error.replace(', weak_type=True)', ')') }, what);
      continue;
    }
    sameOutputs(f(...arrays), c.out, what);
    if (!JAXPR_DIFFERS[describe(c)]) {
      assert.equal(String(jax.makeJaxpr(f)(...arrays)), c.jaxpr, what);
      jaxprs += 1;
    }
  }
  assert.ok(jaxprs >= 55, `${jaxprs} jaxprs compared`);
});

/** A recorded array as Python source. */
function pyArray({ shape, dtype, data }) {
  const item = (v) => (v === null ? "float('nan')" : v === 'inf' ? "float('inf')" : v === '-inf' ? "-float('inf')" : v === true ? 'True' : v === false ? 'False' : Number.isInteger(v) && dtype === 'float32' ? `${v}.0` : String(v));
  return `jnp.array([${data.map(item).join(', ')}], dtype=jnp.${dtype}).reshape((${shape.join(', ')}${shape.length === 1 ? ',' : ''}))`;
}

/** The recorded program in Python: the recorder's own call, under the same transformation. */
function pythonProgram(c) {
  const arrays = [];
  const collect = (v) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object' && 'shape' in v) arrays.push(v);
  };
  c.args.forEach(collect);
  Object.values(c.kwargs).forEach(collect);
  const names = arrays.map((_, i) => `a${i}`);
  const lines = ['import jax, jax.numpy as jnp', 'from jax import lax'];
  arrays.forEach((a, i) => lines.push(`a${i} = ${pyArray(a)}`));
  lines.push(`f = lambda ${names.join(', ')}: ${c.python}`);
  const rest = names.slice(1).map(() => 'None').join(', ');
  const transforms = {
    call: 'g = f',
    grad: 'g = jax.grad(lambda x, *r: f(x, *r).sum())',
    vmap: `g = jax.vmap(f, in_axes=(0, ${rest}))`,
    jvp: c.tangent && `t = ${pyArray(c.tangent)}\ng = lambda x, *r: jax.jvp(lambda y: f(y, *r), (x,), (t,))`,
  };
  lines.push(transforms[c.transform]);
  lines.push(`out = g(${names.join(', ')})`);
  lines.push(`jaxpr = str(jax.make_jaxpr(g)(${names.join(', ')}))`);
  return `${lines.join('\n')}\n`;
}

test('Python mode runs the recorded programs and gives JAX\'s values, types, jaxprs and errors', async () => {
  for (const c of cases) {
    const source = pythonProgram(c);
    const what = `Python ${c.python} (${c.transform})`;
    const result = await python.run(source).then((ns) => ({ ns }), (err) => ({ err }));
    if (c.error) {
      assert.ok(result.err, `${what}: accepted; JAX: ${c.error}`);
      assert.equal(result.err.message, c.error, what);
      assert.equal(result.err.pyType, c.error_type, `${what}: ${result.err.message}`);
      continue;
    }
    assert.ifError(result.err);
    sameOutputs(result.ns.out, c.out, what);
    if (!JAXPR_DIFFERS[describe(c)]) assert.equal(result.ns.jaxpr, c.jaxpr, what);
  }
});

test('the listed jaxpr differences still differ', () => {
  for (const [listed, why] of Object.entries(JAXPR_DIFFERS)) {
    const c = cases.find((k) => describe(k) === listed);
    const arrays = [...arraysOf(c.args), ...arraysOf(Object.values(c.kwargs))];
    const jaxpr = String(jax.makeJaxpr(transformed(c, jsCall(c)))(...arrays));
    assert.notEqual(jaxpr, c.jaxpr, `${listed} now matches JAX (${why}): take it off JAXPR_DIFFERS`);
  }
});

test('lax.add is recognised by identity in both languages: a lambda that adds is traced', async () => {
  const x = jnp.array([1, 2, 3, 4]);
  const monoid = String(jax.makeJaxpr((v) => lax.reduceWindow(v, 0, lax.add, [2]))(x));
  const traced = String(jax.makeJaxpr((v) => lax.reduceWindow(v, 0, (a, b) => lax.add(a, b), [2]))(x));
  assert.match(monoid, /reduce_window_sum\[/);
  assert.match(traced, /reduce_window\[[\s\S]*jaxpr=\{ lambda ; c:f32\[\] d:f32\[\]\. let e:f32\[\] = add c d in \(e,\) \}/);
  // jnp.add is another function: JAX traces it too.
  assert.match(String(jax.makeJaxpr((v) => lax.reduce(v, 0, jnp.add, [0]))(x)), /= reduce\[/);
  const ns = await python.run(`import jax, jax.numpy as jnp
from jax import lax
import jax.lax as L
x = jnp.array([1.0, 2.0, 3.0, 4.0])
same = str(jax.make_jaxpr(lambda v: lax.reduce(v, 0.0, L.add, (0,)))(x))
other = str(jax.make_jaxpr(lambda v: lax.reduce(v, 0.0, lambda a, b: a + b, (0,)))(x))
`);
  assert.match(ns.same, /reduce_sum\[axes=\(0,\)/);
  assert.match(ns.other, /reduce\[\n\s+computation=<function <lambda> at 0xXXXXXXXXXXXX>/);
});

test("a computation's own error reaches the caller, and the engine keeps working", async () => {
  const x = jnp.array([1, 2, 3]);
  const boom = new RangeError('no');
  assert.throws(() => lax.reduce(x, 0, () => { throw boom; }, [0]), (e) => e === boom);
  assert.throws(() => lax.reduceWindow(x, 0, 'add', [2]), { name: 'TypeError', message: /computation.*a function/ });
  assert.throws(() => lax.reduce(x, 0, (a) => 'no', [0]), /must return arrays/);
  assert.throws(() => lax.associativeScan(3, x), { message: 'lax.associative_scan: fn argument should be callable.' });
  // Computations run batched over all outputs at once: a host callback in one is refused.
  const host = (v) => v;
  const spec = jax.ShapeDtypeStruct([], 'float32');
  assert.throws(() => lax.reduce(x, 0, (a, b) => jax.pureCallback(host, spec, a.add(b)), [0]), /may not call host callbacks \(it calls `host`\)/);
  const err = await python.run(`import jax.numpy as jnp
from jax import lax
def f(a, b):
    raise ValueError("inside")
lax.reduce(jnp.ones(3), 0.0, f, (0,))
`).then(() => null, (e) => e);
  assert.equal(err.pyType, 'ValueError');
  assert.match(err.message, /inside/);
  assert.deepEqual(lax.reduce(x, 0, lax.add, [0]).tolist(), 6);
});
