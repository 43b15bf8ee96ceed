// Python's `math`: the functions and constants learners use, with CPython's errors ("math
// domain error", "math range error") and exact integer functions (factorial, comb, perm, gcd,
// lcm, isqrt on exact ints, BigInt past 2^53). Floats are JS's double functions.

import { PyModule, PyTuple, builtin, pyErr, float } from './types.js';
import {
  numberOf, typeOf, iterate, arrayOps, binop, userMethod, call,
} from './runtime.js';
import { isIntLike, intOf } from './numbers.js';
import { normInt } from './hash.js';

/** A float argument: Python numbers, 1-element arrays, objects with `__float__`. */
function real(x) {
  const n = numberOf(x);
  if (n !== undefined) return n;
  const m = userMethod(x, '__float__');
  if (m) return numberOf(call(m, []));
  if (arrayOps.isArray?.(x)) return arrayOps.scalar(x, 'float');
  throw pyErr('TypeError', `must be real number, not ${typeOf(x).name}`);
}

function exactInt(x) {
  if (isIntLike(x)) return BigInt(typeof x === 'boolean' ? Number(x) : x);
  const m = userMethod(x, '__index__');
  if (m) return BigInt(call(m, []));
  throw pyErr('TypeError', `'${typeOf(x).name}' object cannot be interpreted as an integer`);
}

const domain = () => pyErr('ValueError', 'math domain error');

/** `f(x)` as a float, with Python's errors outside the domain (`ok`) or range. */
const unary = (f, ok = () => true) => ([x]) => {
  const v = real(x);
  if (Number.isNaN(v)) return float(NaN);
  if (!ok(v)) throw domain();
  const r = f(v);
  if (Number.isNaN(r)) throw domain();
  if (!Number.isFinite(r) && Number.isFinite(v)) throw pyErr('OverflowError', 'math range error');
  return float(r);
};

function isqrt(n) {
  if (n < 0n) throw pyErr('ValueError', 'isqrt() argument must be nonnegative');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

const gcd2 = (a, b) => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};

function log([x, base]) {
  const v = isIntLike(x) && typeof x === 'bigint' ? Number(x) : real(x);
  if (v <= 0 || Number.isNaN(v)) {
    if (Number.isNaN(v)) return float(NaN);
    throw domain();
  }
  if (base === undefined) return float(Math.log(v));
  const b = real(base);
  if (b <= 0) throw domain();
  if (b === 1) throw pyErr('ZeroDivisionError', 'float division by zero');
  return float(Math.log(v) / Math.log(b));
}

export function makeMath() {
  const f = (name, fn) => [name, builtin(name, fn)];
  return new PyModule('math', {
    ...Object.fromEntries([
      f('sqrt', unary(Math.sqrt, (v) => v >= 0)),
      f('exp', unary(Math.exp)),
      f('expm1', unary(Math.expm1)),
      f('log', log),
      f('log2', unary(Math.log2, (v) => v > 0)),
      f('log10', unary(Math.log10, (v) => v > 0)),
      f('log1p', unary(Math.log1p, (v) => v > -1)),
      f('sin', unary(Math.sin, Number.isFinite)),
      f('cos', unary(Math.cos, Number.isFinite)),
      f('tan', unary(Math.tan, Number.isFinite)),
      f('asin', unary(Math.asin, (v) => v >= -1 && v <= 1)),
      f('acos', unary(Math.acos, (v) => v >= -1 && v <= 1)),
      f('atan', unary(Math.atan)),
      f('sinh', unary(Math.sinh)),
      f('cosh', unary(Math.cosh)),
      f('tanh', unary(Math.tanh)),
      f('asinh', unary(Math.asinh)),
      f('acosh', unary(Math.acosh, (v) => v >= 1)),
      f('atanh', unary(Math.atanh, (v) => v > -1 && v < 1)),
      f('atan2', ([y, x]) => float(Math.atan2(real(y), real(x)))),
      f('hypot', (xs) => float(Math.hypot(...xs.map(real)))),
      f('dist', ([p, q]) => {
        const [a, b] = [[...iterate(p)], [...iterate(q)]];
        if (a.length !== b.length) throw pyErr('ValueError', 'both points must have the same number of dimensions');
        return float(Math.hypot(...a.map((v, i) => real(v) - real(b[i]))));
      }),
      f('pow', ([x, y]) => {
        const [a, b] = [real(x), real(y)];
        if (a === 0 && b < 0) throw domain();
        if (a < 0 && !Number.isInteger(b) && Number.isFinite(b)) throw domain();
        const r = a ** b;
        if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) throw pyErr('OverflowError', 'math range error');
        return float(r);
      }),
      f('floor', ([x]) => (isIntLike(x) ? (typeof x === 'boolean' ? Number(x) : x) : intOf(Math.floor(real(x))))),
      f('ceil', ([x]) => (isIntLike(x) ? (typeof x === 'boolean' ? Number(x) : x) : intOf(Math.ceil(real(x))))),
      f('trunc', ([x]) => (isIntLike(x) ? (typeof x === 'boolean' ? Number(x) : x) : intOf(Math.trunc(real(x))))),
      f('fabs', ([x]) => float(Math.abs(real(x)))),
      f('copysign', ([x, y]) => {
        const [a, b] = [Math.abs(real(x)), real(y)];
        return float(b < 0 || Object.is(b, -0) ? -a : a);
      }),
      f('fmod', ([x, y]) => {
        const [a, b] = [real(x), real(y)];
        if (b === 0 || !Number.isFinite(a)) throw domain();
        return float(a % b);
      }),
      f('remainder', ([x, y]) => {
        const [a, b] = [real(x), real(y)];
        if (b === 0 || !Number.isFinite(a)) throw domain();
        const n = Math.round(a / b);
        const r = a - (Math.abs(a / b - Math.trunc(a / b)) === 0.5 ? 2 * Math.round(a / b / 2) : n) * b;
        return float(r);
      }),
      f('modf', ([x]) => {
        const v = real(x);
        const i = Math.trunc(v);
        return PyTuple.of(float(Number.isFinite(v) ? v - i : Object.is(v, -Infinity) ? -0 : 0), float(i));
      }),
      f('frexp', ([x]) => {
        let m = real(x);
        if (m === 0 || !Number.isFinite(m)) return PyTuple.of(float(m), 0);
        let e = 0;
        while (Math.abs(m) >= 1) { m /= 2; e += 1; }
        while (Math.abs(m) < 0.5) { m *= 2; e -= 1; }
        return PyTuple.of(float(m), e);
      }),
      f('ldexp', ([x, i]) => float(real(x) * 2 ** Number(i))),
      f('degrees', ([x]) => float(real(x) * (180 / Math.PI))),
      f('radians', ([x]) => float(real(x) * (Math.PI / 180))),
      f('isfinite', ([x]) => Number.isFinite(real(x))),
      f('isinf', ([x]) => Math.abs(real(x)) === Infinity),
      f('isnan', ([x]) => Number.isNaN(real(x))),
      f('isclose', ([a, b], kw) => {
        const [x, y] = [real(a), real(b)];
        const rel = real(kw.rel_tol ?? float(1e-9));
        const abs = real(kw.abs_tol ?? 0);
        if (rel < 0 || abs < 0) throw pyErr('ValueError', 'tolerances must be non-negative');
        if (x === y) return true;
        if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
        const diff = Math.abs(x - y);
        return diff <= Math.abs(rel * y) || diff <= Math.abs(rel * x) || diff <= abs;
      }),
      f('factorial', ([x]) => {
        if (!isIntLike(x)) throw pyErr('TypeError', `'${typeOf(x).name}' object cannot be interpreted as an integer`);
        const n = exactInt(x);
        if (n < 0n) throw pyErr('ValueError', 'factorial() not defined for negative values');
        let r = 1n;
        for (let i = 2n; i <= n; i++) r *= i;
        return normInt(r);
      }),
      f('comb', ([n, k]) => {
        const [a, b] = [exactInt(n), exactInt(k)];
        if (a < 0n || b < 0n) throw pyErr('ValueError', `${a < 0n ? 'n' : 'k'} must be a non-negative integer`);
        if (b > a) return 0;
        let r = 1n;
        const m = b < a - b ? b : a - b;
        for (let i = 1n; i <= m; i++) r = (r * (a - m + i)) / i;
        return normInt(r);
      }),
      f('perm', ([n, k = null]) => {
        const a = exactInt(n);
        const b = k === null ? a : exactInt(k);
        if (a < 0n || b < 0n) throw pyErr('ValueError', `${a < 0n ? 'n' : 'k'} must be a non-negative integer`);
        if (b > a) return 0;
        let r = 1n;
        for (let i = 0n; i < b; i++) r *= a - i;
        return normInt(r);
      }),
      f('gcd', (xs) => normInt(xs.map((x) => exactInt(x)).reduce(gcd2, 0n))),
      f('lcm', (xs) => normInt(xs.map((x) => exactInt(x)).reduce((a, b) => {
        if (a === 0n || b === 0n) return 0n;
        const r = (a * b) / gcd2(a, b);
        return r < 0n ? -r : r;
      }, 1n))),
      f('isqrt', ([x]) => normInt(isqrt(exactInt(x)))),
      f('prod', ([xs], kw) => {
        let acc = kw.start ?? 1;
        for (const x of iterate(xs)) acc = binop('*', acc, x);
        return acc;
      }),
      f('fsum', ([xs]) => {
        // Shewchuk's exact partial sums, as CPython's fsum.
        const partials = [];
        for (const x of iterate(xs)) {
          let v = real(x);
          let i = 0;
          for (let y of partials) {
            if (Math.abs(v) < Math.abs(y)) [v, y] = [y, v];
            const hi = v + y;
            const lo = y - (hi - v);
            if (lo) partials[i++] = lo;
            v = hi;
          }
          partials.length = i;
          partials.push(v);
        }
        let hi = 0;
        let lo = 0;
        let n = partials.length;
        if (n) {
          hi = partials[--n];
          while (n > 0) {
            const x = hi;
            const y = partials[--n];
            hi = x + y;
            lo = y - (hi - x);
            if (lo) break;
          }
          if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
            const y = lo * 2;
            const x = hi + y;
            if (y === x - hi) hi = x;
          }
        }
        return float(hi);
      }),
    ]),
    pi: float(Math.PI),
    e: float(Math.E),
    tau: float(2 * Math.PI),
    inf: float(Infinity),
    nan: float(NaN),
  }, {
    erf: 'jax.scipy.special.erf is',
    erfc: 'jax.scipy.special.erfc is',
    gamma: 'jax.scipy.special.gammaln gives its logarithm',
    lgamma: 'jax.scipy.special.gammaln is',
  });
}
