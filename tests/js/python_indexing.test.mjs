// Indexing and slicing in Python mode, and sets (whose printed order, CPython's hash order,
// jaxplay does not copy: it keeps insertion order, so these tests print sorted sets). A property test: random ints, negative ints
// and slices (any start, stop, step, including negative steps) on random shapes give, for host
// NumPy arrays, concrete jax arrays, lists and tuples alike, the elements that Python's
// slice rules (CPython's PySlice_AdjustIndices, written out again below) select, and so do traced
// arrays under `jit` (lowered to `slice`, `rev`, `squeeze`, as JAX lowers static indices).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import init from '../../www/jaxplay.js';
import { python } from '../../www/python.js';

await init();

async function run(src) {
  const lines = [];
  await python.run(src, { print: (l) => lines.push(l) });
  return lines;
}

/** CPython's slice.indices(n), spelt out: the selected positions of a length-n axis. */
function selected(n, start, stop, step) {
  const s = step ?? 1;
  let lo;
  let hi;
  if (start === null) lo = s < 0 ? n - 1 : 0;
  else {
    lo = start < 0 ? start + n : start;
    if (lo < 0) lo = s < 0 ? -1 : 0;
    else if (lo >= n) lo = s < 0 ? n - 1 : n;
  }
  if (stop === null) hi = s < 0 ? -1 : n;
  else {
    hi = stop < 0 ? stop + n : stop;
    if (hi < 0) hi = s < 0 ? -1 : 0;
    else if (hi >= n) hi = s < 0 ? n - 1 : n;
  }
  const out = [];
  for (let i = lo; s > 0 ? i < hi : i > hi; i += s) out.push(i);
  return out;
}

// A seeded generator (mulberry32), so a failure names a case that reproduces.
function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('property: indexing and slicing arrays, lists and tuples follow Python\'s rules', async () => {
  const rand = rng(11);
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const cases = [];
  for (let c = 0; c < 150; c++) {
    const shape = Array.from({ length: int(1, 3) }, () => int(1, 4));
    const keys = shape.slice(0, int(1, shape.length)).map((n) => {
      if (rand() < 0.4) return { int: int(-n, n - 1) };
      const pick = () => (rand() < 0.3 ? null : int(-n - 2, n + 2));
      let step = rand() < 0.4 ? null : int(-3, 3);
      if (step === 0) step = -1;
      return { slice: [pick(), pick(), step] };
    });
    cases.push({ shape, keys });
  }
  const text = (k) => (k.int !== undefined ? String(k.int) : k.slice.map((v) => (v === null ? '' : String(v))).join(':'));
  const src = ['import jax', 'import jax.numpy as jnp', 'import numpy as np', 'out = []'];
  for (const { shape, keys } of cases) {
    const size = shape.reduce((a, b) => a * b, 1);
    const index = keys.map(text).join(', ');
    src.push(`h = np.arange(${size}).reshape(${shape.join(', ')})`, `j = jnp.arange(${size}).reshape(${shape.join(', ')})`,
      `out.append([np.asarray(h[${index}]).tolist(), np.asarray(j[${index}]).tolist(), list(j[${index}].shape), np.asarray(jax.jit(lambda x: x[${index}])(j)).tolist()])`);
  }
  const ns = await python.run(src.join('\n'), { print: () => {} });
  cases.forEach(({ shape, keys }, c) => {
    // The expected elements: positions along each indexed axis, whole remaining axes.
    const axes = shape.map((n, d) => (d < keys.length ? (keys[d].int !== undefined ? [(keys[d].int + n) % n] : selected(n, ...keys[d].slice)) : [...Array(n).keys()]));
    const dropped = keys.map((k) => k.int !== undefined);
    const strides = shape.map((_, d) => shape.slice(d + 1).reduce((a, b) => a * b, 1));
    const build = (d, at) => {
      if (d === shape.length) return at;
      const items = axes[d].map((i) => build(d + 1, at + i * strides[d]));
      return dropped[d] ? items[0] : items;
    };
    const want = build(0, 0);
    const wantShape = axes.filter((_, d) => !dropped[d]).map((a) => a.length);
    const [host, jax, jaxShape, traced] = ns.out[c];
    const label = `shape (${shape}) [${keys.map(text).join(', ')}]`;
    assert.deepEqual(host, want, `numpy ${label}`);
    assert.deepEqual(jax, want, `jax ${label}`);
    assert.deepEqual(jaxShape, wantShape, `jax shape ${label}`);
    assert.deepEqual(traced, want, `traced (jit) ${label}`);
  });
  // Lists, tuples, strings and ranges: the same rule along their one axis.
  const seq = [];
  for (let c = 0; c < 100; c++) {
    const n = int(0, 6);
    const pick = () => (rand() < 0.3 ? null : int(-n - 2, n + 2));
    let step = rand() < 0.4 ? null : int(-3, 3);
    if (step === 0) step = 2;
    seq.push({ n, s: [pick(), pick(), step] });
  }
  const seqSrc = ['out = []', ...seq.map(({ n, s }) => {
    const k = s.map((v) => (v === null ? '' : String(v))).join(':');
    return `out.append([list(range(${n}))[${k}], list(tuple(range(${n}))[${k}]), list(range(${n})[${k}]), "abcdefg"[:${n}][${k}]])`;
  })];
  const seqNs = await python.run(seqSrc.join('\n'), { print: () => {} });
  seq.forEach(({ n, s }, c) => {
    const want = selected(n, ...s);
    const [list, tuple, range, str] = seqNs.out[c];
    assert.deepEqual(list, want, `list(range(${n}))[${s}]`);
    assert.deepEqual(tuple, want);
    assert.deepEqual(range, want);
    assert.equal(str, want.map((i) => 'abcdefg'[i]).join(''));
  });
});

test('None adds an axis where it stands, as in NumPy (host and concrete jax arrays)', async () => {
  assert.deepEqual(await run(`import numpy as np, jax.numpy as jnp
a = np.arange(6).reshape(2, 3)
print(a[None].shape, a[:, None].shape, a[:, None, 1].shape, a[0, None].tolist(), a[None, :, 2].tolist())
print((np.arange(3)[:, None] * np.arange(2)).tolist(), jnp.arange(3.0)[None].shape, a[None][0, 1, 2])
`), ['(1, 2, 3) (2, 1, 3) (2, 1) [[0, 1, 2]] [[2, 5]]', '[[0, 0], [0, 1], [0, 2]] (1, 3) 5']);
});

test('`...` is a value (a stub body, Ellipsis) and, in an index, all the axes not named', async () => {
  assert.deepEqual(await run(`import jax, jax.numpy as jnp, numpy as np
def stub():
    ...
print(stub(), ..., type(...).__name__, ... is Ellipsis, bool(...))
a = np.arange(6).reshape(2, 3)
print(a[..., 0].tolist(), a[0, ...].tolist(), a[...].shape, a[..., None].shape, jnp.arange(6.0).reshape(2, 3)[..., 1])
print(jax.make_jaxpr(lambda x: x[...] * 2)(jnp.arange(2.0)))
try:
    a[..., ...]
except IndexError as e:
    print("IndexError:", e)
`), ['None Ellipsis ellipsis True True', '[0, 3] [0, 1, 2] (2, 3) (2, 3, 1) [1. 4.]',
    '{ lambda ; a:f32[2]. let b:f32[2] = mul a 2.0:f32[] in (b,) }', "IndexError: an index can only have a single ellipsis ('...')"]);
});

test('traced arrays: static indices lower to slice, rev, squeeze and broadcast_in_dim as in JAX (output recorded from JAX 0.10.2)', async () => {
  assert.deepEqual(await run(`import jax, jax.numpy as jnp
x = jnp.arange(3.0)
m = jnp.arange(6.0).reshape(2, 3)
print(jax.make_jaxpr(lambda x: x[:] * 2)(x))
print(jax.make_jaxpr(lambda x: x[-1])(x))
print(jax.make_jaxpr(lambda m: m[:, None, ::-1])(m))
print(jax.jit(lambda m: m[1, ::-2])(m), jax.jit(lambda x: x[5])(x))
print(jax.grad(lambda m: m[..., 1:].sum())(m))
print(jax.vmap(lambda r: r[::-1][0])(m))
try:
    jax.jit(lambda x: x[0, 0])(x)
except IndexError as e:
    print("IndexError:", e)
try:
    jax.jit(lambda x: x[::0])(x)
except ValueError as e:
    print("ValueError:", e)
`), [
    '{ lambda ; a:f32[3]. let b:f32[3] = mul a 2.0:f32[] in (b,) }',
    '{ lambda ; a:f32[3]. let',
    '    b:f32[1] = slice[limit_indices=(3,) start_indices=(2,) strides=None] a',
    '    c:f32[] = squeeze[dimensions=(0,)] b',
    '  in (c,) }',
    '{ lambda ; a:f32[2,3]. let',
    '    b:f32[2,3] = rev[dimensions=(1,)] a',
    '    c:f32[2,1,3] = broadcast_in_dim[broadcast_dimensions=(0, 2)] b',
    '  in (c,) }',
    '[5. 3.] 2.0',
    '[[0. 1. 1.]',
    ' [0. 1. 1.]]',
    '[2. 5.]',
    'IndexError: Too many indices: array is 1-dimensional, but 2 were indexed',
    'ValueError: slice step cannot be zero',
  ]);
});

test('concrete jax arrays index through the same primitives: a static index past the end is clamped, weak types kept, traced rows iterate (output recorded from JAX 0.10.2)', async () => {
  assert.deepEqual(await run(`import jax, jax.numpy as jnp
x = jnp.arange(3.)
print(x[5], x[-7], jnp.array(2.0)[None].weak_type, [float(r[0]) for r in jnp.arange(4.).reshape(2, 2)])
print(jax.jit(lambda m: sum(r[-1] for r in m))(jnp.arange(4.).reshape(2, 2)))
try:
    jnp.zeros((0,))[0]
except IndexError as e:
    print("IndexError:", e)
`), [
    '2.0 0.0 True [0.0, 2.0]',
    '4.0',
    'IndexError: index is out of bounds for axis 0 with size 0',
  ]);
});

test('sets: literals, comprehensions, set(), operators, methods, membership, hashing as Python', async () => {
  assert.deepEqual(await run(`s = {3, 1, 2}
t = {x % 3 for x in range(10)}
print(sorted(s), set(), len(s), 2 in s, 5 not in s, {1, 1.0, True}, frozenset([1, 2]))
print(sorted(s | {4}), s & {2, 9}, sorted(s - {1}), sorted(s ^ {3, 4}), {1, 2} <= s, {1, 2} < {1, 2}, s == {1, 2, 3}, s != t)
s.add(7)
s.discard(1)
s.update([8], (9,))
print(sorted(s), s.issubset(range(20)), s.isdisjoint([0]), sorted(s.union([0])), type(s).__name__, isinstance(s, set))
print({(1, 2), (1, 2)}, repr({"a"}), bool(set()), list({"b": 1, "a": 2}.keys()) == ["b", "a"], max({4, 9, 2}))
seen = set()
for x in [3, 1, 3, 2, 1]:
    if x not in seen:
        seen.add(x)
print(sorted(seen), seen.pop() in {3, 1, 2}, len(seen))
`), [
    '[1, 2, 3] set() 3 True True {1} frozenset({1, 2})',
    '[1, 2, 3, 4] {2} [2, 3] [1, 2, 4] True False True True',
    '[2, 3, 7, 8, 9] True True [0, 2, 3, 7, 8, 9] set True',
    "{(1, 2)} {'a'} False True 9",
    '[1, 2, 3] True 2',
  ]);
});
