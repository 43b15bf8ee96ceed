// Python's numbers on JS values: an int is a JS number while it fits in 2^53 and a BigInt past
// that (so `2 ** 100` and `math.factorial(30)` are exact), a float is a PyFloat, a bool counts
// as an int. Arithmetic follows Python: `//` and `%` floor, `int ** -int` is a float, `/` by zero
// and overflowing powers raise; int() parses Python's literals and round() rounds half to even.

import { PyFloat, pyErr, float } from './types.js';
import { normInt } from './hash.js';
import { pythonFloat } from '../lib/np.js';

/** Python ints and bools (a non-integral JS number, from JS code, counts as a float). */
export const isIntLike = (x) => typeof x === 'boolean' || Number.isInteger(x) || typeof x === 'bigint';

/** A JS number of a Python int or float (bools count as ints), or undefined. */
export function numberOf(x) {
  if (typeof x === 'number') return x;
  if (x instanceof PyFloat) return x.v;
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'bigint') return Number(x);
  return undefined;
}

const big = (x) => (typeof x === 'bigint' ? x : BigInt(Number(x)));
const zeroDiv = () => pyErr('ZeroDivisionError', 'integer division or modulo by zero');

/** `a op b` for two ints; exact (BigInt when a result passes 2^53); undefined for `@`. */
export function intBinop(op, a, b) {
  if (typeof a !== 'bigint' && typeof b !== 'bigint') {
    const x = Number(a);
    const y = Number(b);
    let r;
    switch (op) {
      case '+': r = x + y; break;
      case '-': r = x - y; break;
      case '*': r = x * y; break;
      case '//':
        if (y === 0) throw zeroDiv();
        return Math.floor(x / y) + 0; // exact for |x| < 2^53
      case '%':
        if (y === 0) throw pyErr('ZeroDivisionError', 'integer modulo by zero');
        r = x % y;
        return (r !== 0 && (r < 0) !== (y < 0) ? r + y : r) + 0;
      case '**': r = x ** y; if (Math.abs(r) > 2 ** 31) r = NaN; break; // pow is exact only while small
      case '&': case '|': case '^':
        if ((x | 0) === x && (y | 0) === y) return op === '&' ? x & y : op === '|' ? x | y : x ^ y;
        break;
      case '>>':
        if (y < 0) throw pyErr('ValueError', 'negative shift count');
        if ((x | 0) === x) return y > 31 ? (x < 0 ? -1 : 0) : x >> y;
        break;
      case '<<':
        if (y < 0) throw pyErr('ValueError', 'negative shift count');
        break;
      default: break;
    }
    if (r !== undefined && Number.isSafeInteger(r)) return r + 0;
  }
  const x = big(a);
  const y = big(b);
  switch (op) {
    case '+': return normInt(x + y);
    case '-': return normInt(x - y);
    case '*': return normInt(x * y);
    case '//': {
      if (y === 0n) throw zeroDiv();
      const q = x / y;
      return normInt(x % y !== 0n && (x < 0n) !== (y < 0n) ? q - 1n : q);
    }
    case '%': {
      if (y === 0n) throw pyErr('ZeroDivisionError', 'integer modulo by zero');
      const r = x % y;
      return normInt(r !== 0n && (r < 0n) !== (y < 0n) ? r + y : r);
    }
    case '**': return normInt(x ** y);
    case '&': return normInt(x & y);
    case '|': return normInt(x | y);
    case '^': return normInt(x ^ y);
    case '<<':
      if (y < 0n) throw pyErr('ValueError', 'negative shift count');
      return normInt(x << y);
    case '>>':
      if (y < 0n) throw pyErr('ValueError', 'negative shift count');
      return normInt(x >> y);
    default: return undefined;
  }
}

/** CPython's float floor division and modulo (float_divmod). */
function floatDivmod(x, y) {
  if (y === 0) throw pyErr('ZeroDivisionError', 'float floor division by zero');
  let mod = x % y;
  let div = (x - mod) / y;
  if (mod) {
    if ((y < 0) !== (mod < 0)) { mod += y; div -= 1; }
  } else {
    mod = y < 0 ? -0 : 0;
  }
  let floordiv;
  if (div) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1;
  } else {
    floordiv = (x / y < 0 || Object.is(x / y, -0)) ? -0 : 0;
  }
  return [floordiv, mod];
}

/** `x ** y` for floats (or an int to a negative power), with Python's errors. */
function floatPow(x, y) {
  if (x === 0 && y < 0) throw pyErr('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  if (x < 0 && !Number.isInteger(y) && Number.isFinite(y)) {
    throw pyErr('NotImplementedError', "jaxplay's Python does not support complex numbers (a negative number to a fractional power) yet");
  }
  const r = x ** y;
  if (!Number.isFinite(r) && Number.isFinite(x) && Number.isFinite(y)) throw pyErr('OverflowError', "(34, 'Numerical result out of range')");
  return r;
}

/** `a op b` for two Python numbers (int, float or bool) as Python gives it; undefined for an op floats lack (`&`). */
export function numericBinop(op, a, b) {
  const bothInt = isIntLike(a) && isIntLike(b);
  if (bothInt) {
    if (op === '/') {
      if (Number(b) === 0) throw pyErr('ZeroDivisionError', 'division by zero');
      return float(Number(a) / Number(b));
    }
    if (op === '**' && Number(b) < 0) return float(floatPow(Number(a), Number(b)));
    const r = intBinop(op, a, b);
    if (typeof a === 'boolean' && typeof b === 'boolean' && '&|^'.includes(op)) return Boolean(r);
    return r;
  }
  if ('&|^<<>>'.includes(op)) return undefined; // the caller's TypeError
  const x = numberOf(a);
  const y = numberOf(b);
  if (!Number.isFinite(x) && typeof a === 'bigint') throw pyErr('OverflowError', 'int too large to convert to float');
  if (!Number.isFinite(y) && typeof b === 'bigint') throw pyErr('OverflowError', 'int too large to convert to float');
  switch (op) {
    case '+': return float(x + y);
    case '-': return float(x - y);
    case '*': return float(x * y);
    case '/':
      if (y === 0) throw pyErr('ZeroDivisionError', 'float division by zero');
      return float(x / y);
    case '//': return float(floatDivmod(x, y)[0]);
    case '%':
      if (y === 0) throw pyErr('ZeroDivisionError', 'float modulo');
      return float(floatDivmod(x, y)[1]);
    case '**': return float(floatPow(x, y));
    default: return undefined;
  }
}

/** Compares two Python numbers exactly (a BigInt against an int too): -1, 0, 1, or NaN. */
export function numCompare(a, b) {
  if ((typeof a === 'bigint' || typeof b === 'bigint') && isIntLike(a) && isIntLike(b)) {
    const [x, y] = [big(a), big(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = numberOf(a);
  const y = numberOf(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** An int from a JS number that holds an integral value (a float's trunc, floor...). */
export function intOf(n) {
  if (Number.isSafeInteger(n)) return n + 0;
  if (Number.isNaN(n)) throw pyErr('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(n)) throw pyErr('OverflowError', 'cannot convert float infinity to integer');
  return normInt(BigInt(n));
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `int(s, base)`: Python's literal rules (underscores between digits, 0x/0o/0b with base 0 or 16/8/2). */
export function parseInt_(s, base = 10) {
  const bad = () => pyErr('ValueError', `invalid literal for int() with base ${base}: ${pythonRepr(s)}`);
  if (base !== 0 && (base < 2 || base > 36)) throw pyErr('ValueError', 'int() base must be >= 2 and <= 36, or 0');
  let t = s.trim().toLowerCase();
  let sign = 1n;
  if (t[0] === '+' || t[0] === '-') { if (t[0] === '-') sign = -1n; t = t.slice(1); }
  let b = base;
  const prefix = /^0([xob])/.exec(t);
  if (prefix) {
    const pb = { x: 16, o: 8, b: 2 }[prefix[1]];
    if (b === 0 || b === pb) { b = pb; t = t.slice(2).replace(/^_/, ''); }
  }
  if (b === 0) {
    if (/^0+(_?0)*$/.test(t)) return 0;
    if (t[0] === '0') throw bad();
    b = 10;
  }
  if (!/^[0-9a-z]+(_[0-9a-z]+)*$/.test(t)) throw bad();
  let n = 0n;
  for (const ch of t.replace(/_/g, '')) {
    const d = DIGITS.indexOf(ch);
    if (d < 0 || d >= b) throw bad();
    n = n * BigInt(b) + BigInt(d);
  }
  return normInt(sign * n);
}

const pythonRepr = (s) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`);

/** `bin`/`oct`/`hex` of an int: `-0b101`. */
export function intToBase(n, radix, prefix) {
  const b = big(n);
  return b < 0n ? `-${prefix}${(-b).toString(radix)}` : `${prefix}${b.toString(radix)}`;
}

/** The exact binary value of a double: [mantissa BigInt, exponent] with x = m * 2^e. */
function exactBinary(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const m = expBits === 0 ? frac : frac | (1n << 52n);
  return [x < 0 ? -m : m, (expBits === 0 ? 1 : expBits) - 1075];
}

/** `round(x, n)` for a float: the nearest multiple of 10^-n, ties to even, as CPython rounds. */
function roundFloat(x, n) {
  if (!Number.isFinite(x) || x === 0) return x;
  if (n > 22) return x;
  // x * 10^n as the exact fraction num / den.
  const [m, e] = exactBinary(x);
  let num = m * (n >= 0 ? 10n ** BigInt(n) : 1n);
  let den = n < 0 ? 10n ** BigInt(-n) : 1n;
  if (e >= 0) num <<= BigInt(e); else den <<= BigInt(-e);
  let q = num / den;
  const r = num - q * den;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice > den || (twice === den && q % 2n !== 0n)) q += num < 0n ? -1n : 1n;
  // q * 10^-n, correctly rounded to a double (the decimal string says it exactly).
  const digits = (q < 0n ? -q : q).toString();
  const text = n >= 0 ? `${digits}e-${n}` : `${digits}e${-n}`;
  const v = Number(text);
  return q < 0n || (q === 0n && x < 0) ? -v : v;
}

/** `round(x)` and `round(x, n)` for Python numbers. */
export function pyRound(x, n) {
  if (n === null || n === undefined) {
    if (isIntLike(x)) return typeof x === 'boolean' ? Number(x) : x;
    const v = numberOf(x);
    const r = Math.round(v);
    return intOf(Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r);
  }
  if (!isIntLike(n)) throw pyErr('TypeError', `'${n instanceof PyFloat ? 'float' : typeof n}' object cannot be interpreted as an integer`);
  const nd = Number(n);
  if (isIntLike(x)) {
    if (nd >= 0) return typeof x === 'boolean' ? Number(x) : x;
    const p = 10n ** BigInt(-nd);
    const v = big(x);
    let q = v / p;
    const r = v - q * p;
    const twice = 2n * (r < 0n ? -r : r);
    if (twice > p || (twice === p && q % 2n !== 0n)) q += v < 0n ? -1n : 1n;
    return normInt(q * p);
  }
  return float(roundFloat(numberOf(x), nd));
}

/** repr of a Python number (int, BigInt int, float). */
export function numberRepr(v) {
  if (typeof v === 'bigint') return v.toString();
  if (Number.isInteger(v)) return Math.abs(v) >= 1e21 ? BigInt(v).toString() : String(v);
  return pythonFloat(v);
}
