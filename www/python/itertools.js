// Python's `itertools`, lazy as in Python (`count()` and `cycle()` are endless until a consumer
// stops): count, cycle, repeat, chain (and chain.from_iterable), islice, product, permutations,
// combinations (with and without replacement), accumulate, zip_longest, groupby, takewhile,
// dropwhile, filterfalse, compress, starmap, pairwise, tee.

import { PyTuple, PyModule, builtin, pyErr } from './types.js';
import {
  PyIterator, iterate, truthy, binop, call, eq, typeOf,
} from './runtime.js';
import { isIntLike } from './numbers.js';

const it = (kind, gen) => new PyIterator(kind, gen);
const fn = (name, f, attrs) => builtin(name, f, attrs);

function needCount(v, what = 'r') {
  if (!isIntLike(v)) throw pyErr('TypeError', `'${typeOf(v).name}' object cannot be interpreted as an integer`);
  if (Number(v) < 0) throw pyErr('ValueError', `${what} must be non-negative`);
  return Number(v);
}

function* product(pools) {
  if (pools.some((p) => p.length === 0)) return;
  const idx = pools.map(() => 0);
  for (;;) {
    yield PyTuple.from(idx.map((i, k) => pools[k][i]));
    let k = pools.length - 1;
    while (k >= 0 && ++idx[k] === pools[k].length) idx[k--] = 0;
    if (k < 0) return;
  }
}

function* permutations(pool, r) {
  const n = pool.length;
  if (r > n) return;
  const indices = [...Array(n).keys()];
  const cycles = Array.from({ length: r }, (_, i) => n - i);
  yield PyTuple.from(indices.slice(0, r).map((i) => pool[i]));
  while (n) {
    let i = r - 1;
    for (; i >= 0; i--) {
      cycles[i] -= 1;
      if (cycles[i] === 0) {
        indices.push(...indices.splice(i, 1));
        cycles[i] = n - i;
      } else {
        const j = cycles[i];
        [indices[i], indices[n - j]] = [indices[n - j], indices[i]];
        yield PyTuple.from(indices.slice(0, r).map((k) => pool[k]));
        break;
      }
    }
    if (i < 0) return;
  }
}

function* combinations(pool, r, replace) {
  const n = pool.length;
  if ((!replace && r > n) || (replace && n === 0 && r > 0)) return;
  const indices = replace ? Array(r).fill(0) : [...Array(r).keys()];
  yield PyTuple.from(indices.map((i) => pool[i]));
  for (;;) {
    let i = r - 1;
    while (i >= 0 && indices[i] === (replace ? n - 1 : i + n - r)) i -= 1;
    if (i < 0) return;
    if (replace) indices.fill(indices[i] + 1, i);
    else {
      indices[i] += 1;
      for (let j = i + 1; j < r; j++) indices[j] = indices[j - 1] + 1;
    }
    yield PyTuple.from(indices.map((k) => pool[k]));
  }
}

function islice([src, ...bounds]) {
  const ints = bounds.map((b, i) => {
    if (b !== null && (!isIntLike(b) || Number(b) < 0)) {
      const what = bounds.length === 1 || i === 1 ? 'Stop' : i === 0 ? 'Indices' : 'Step';
      throw pyErr('ValueError', what === 'Stop' ? 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.'
        : what === 'Step' ? 'Step for islice() must be a positive integer or None.' : 'Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.');
    }
    return b === null ? null : Number(b);
  });
  const [start, stop, step] = ints.length === 1 ? [0, ints[0], 1] : [ints[0] ?? 0, ints[1], ints[2] ?? 1];
  if (step === 0) throw pyErr('ValueError', 'Step for islice() must be a positive integer or None.');
  return it('islice', (function* slice() {
    let i = 0;
    let next = start;
    if (stop !== null && stop <= start) return;
    for (const x of iterate(src)) {
      if (i === next) {
        yield x;
        next += step;
        if (stop !== null && next >= stop) return;
      }
      i += 1;
    }
  }()));
}

export function makeItertools() {
  const chainFrom = (sources) => it('chain', (function* chain() { for (const s of sources) yield* iterate(s); }()));
  return new PyModule('itertools', {
    count: fn('count', ([start = 0, step = 1], kw) => it('count', (function* count() {
      for (let n = kw.start ?? start; ; n = binop('+', n, kw.step ?? step)) yield n;
    }()))),
    cycle: fn('cycle', ([src]) => it('cycle', (function* cycle() {
      const seen = [];
      for (const x of iterate(src)) { seen.push(x); yield x; }
      while (seen.length) yield* seen;
    }()))),
    repeat: fn('repeat', ([x, times = null], kw) => it('repeat', (function* repeat() {
      const n = kw.times ?? times;
      for (let i = 0; n === null || i < Number(n); i++) yield x;
    }()))),
    chain: fn('chain', (sources) => chainFrom(sources), { from_iterable: fn('from_iterable', ([src]) => chainFrom(iterate(src))) }),
    islice: fn('islice', islice),
    product: fn('product', (sources, kw) => {
      const pools = sources.map((s) => [...iterate(s)]);
      const repeat = kw.repeat === undefined ? 1 : needCount(kw.repeat, 'repeat argument');
      return it('product', product(Array.from({ length: repeat }, () => pools).flat()));
    }),
    permutations: fn('permutations', ([src, r = null], kw) => {
      const pool = [...iterate(src)];
      const k = (kw.r ?? r) === null ? pool.length : needCount(kw.r ?? r);
      return it('permutations', permutations(pool, k));
    }),
    combinations: fn('combinations', ([src, r], kw) => it('combinations', combinations([...iterate(src)], needCount(kw.r ?? r), false))),
    combinations_with_replacement: fn('combinations_with_replacement', ([src, r], kw) => it('combinations_with_replacement', combinations([...iterate(src)], needCount(kw.r ?? r), true))),
    accumulate: fn('accumulate', ([src, func = null], kw) => it('accumulate', (function* accumulate() {
      const f = kw.func ?? func;
      let acc;
      let first = true;
      if (kw.initial !== undefined && kw.initial !== null) { acc = kw.initial; first = false; yield acc; }
      for (const x of iterate(src)) {
        acc = first ? x : f === null ? binop('+', acc, x) : call(f, [acc, x]);
        first = false;
        yield acc;
      }
    }()))),
    zip_longest: fn('zip_longest', (sources, kw) => it('zip_longest', (function* zipLongest() {
      const its = sources.map((s) => iterate(s));
      const fill = kw.fillvalue ?? null;
      const live = its.map(() => true);
      for (;;) {
        const row = its.map((g, i) => {
          if (!live[i]) return fill;
          const r = g.next();
          if (r.done) { live[i] = false; return fill; }
          return r.value;
        });
        if (!live.some(Boolean)) return;
        yield PyTuple.from(row);
      }
    }()))),
    groupby: fn('groupby', ([src, key = null], kw) => it('groupby', (function* groupby() {
      const keyFn = kw.key ?? key;
      let group = null;
      let groupKey;
      for (const x of iterate(src)) {
        const k = keyFn === null ? x : call(keyFn, [x]);
        if (group && truthy(eq(groupKey, k))) group.push(x);
        else {
          if (group) yield PyTuple.of(groupKey, it('_grouper', group.values()));
          [group, groupKey] = [[x], k];
        }
      }
      if (group) yield PyTuple.of(groupKey, it('_grouper', group.values()));
    }()))),
    takewhile: fn('takewhile', ([pred, src]) => it('takewhile', (function* takewhile() {
      for (const x of iterate(src)) { if (!truthy(call(pred, [x]))) return; yield x; }
    }()))),
    dropwhile: fn('dropwhile', ([pred, src]) => it('dropwhile', (function* dropwhile() {
      let dropping = true;
      for (const x of iterate(src)) {
        if (dropping && truthy(call(pred, [x]))) continue;
        dropping = false;
        yield x;
      }
    }()))),
    filterfalse: fn('filterfalse', ([pred, src]) => it('filterfalse', (function* filterfalse() {
      for (const x of iterate(src)) if (!truthy(pred === null ? x : call(pred, [x]))) yield x;
    }()))),
    compress: fn('compress', ([data, selectors]) => it('compress', (function* compress() {
      const sel = iterate(selectors);
      for (const x of iterate(data)) {
        const s = sel.next();
        if (s.done) return;
        if (truthy(s.value)) yield x;
      }
    }()))),
    starmap: fn('starmap', ([f, src]) => it('starmap', (function* starmap() {
      for (const args of iterate(src)) yield call(f, [...iterate(args)]);
    }()))),
    pairwise: fn('pairwise', ([src]) => it('pairwise', (function* pairwise() {
      let prev;
      let first = true;
      for (const x of iterate(src)) {
        if (!first) yield PyTuple.of(prev, x);
        [prev, first] = [x, false];
      }
    }()))),
    tee: fn('tee', ([src, n = 2]) => {
      const items = [...iterate(src)];
      return PyTuple.from(Array.from({ length: Number(n) }, () => it('_tee', items.values())));
    }),
  });
}
