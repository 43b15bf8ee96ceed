// NumPy's float printing (its dragon4.c): the shortest digits that identify a value among its
// dtype's neighbours, or the value's exact digits cut off at a position, and the positional
// (`123.45`) and scientific (`1.2345e+02`) layouts with NumPy's trim and padding rules. Exact:
// the value is scaled with BigInt, so ties round to even on the real binary value. Used for
// NumPy scalars and arrays (arrayprint.js), float32 and float16 included.

/** Bits of precision and minimum exponent of each float dtype (float64 for anything else). */
const FORMATS = {
  float64: { p: 53, emin: -1022 },
  float32: { p: 24, emin: -126 },
  float16: { p: 11, emin: -14 },
  bfloat16: { p: 8, emin: -126 },
};

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** `|x| = m * 2^e` exactly, for a finite double: m a BigInt. */
function splitDouble(x) {
  f64[0] = x;
  const bits = u64[0];
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  return expBits === 0 ? { m: frac, e: -1074 } : { m: frac | (1n << 52n), e: expBits - 1075 };
}

/** The number of bits of a mantissa (below 2^64). */
function bitLength(n) {
  const hi = Number(n >> 32n);
  return hi ? 64 - Math.clz32(hi) : 32 - Math.clz32(Number(n));
}

/**
 * `|x|` as `mantissa * 2^exponent` in the dtype's format (rounded to it, half to even, if it is
 * not already representable), with Dragon4's `mantissaBit` and `unequalMargins` (the gap below
 * is half the gap above: a power of two that is not the smallest normal).
 */
export function decompose(x, dtype = 'float64') {
  const { p, emin } = FORMATS[dtype] ?? FORMATS.float64;
  let { m, e } = splitDouble(x);
  if (m === 0n) return { mantissa: 0n, exponent: 0, mantissaBit: 0, unequalMargins: false };
  // The format's exponent for this magnitude, clamped to its subnormal range.
  const target = Math.max(bitLength(m) + e - p, emin - p + 1);
  if (target > e) {
    const shift = BigInt(target - e);
    const q = m >> shift;
    const r = m - (q << shift);
    const half = 1n << (shift - 1n);
    m = r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q;
    e = target;
    if (bitLength(m) > p) { m >>= 1n; e += 1; }
  } else if (e > target) {
    m <<= BigInt(e - target);
    e = target;
  }
  const normal = bitLength(m) === p;
  return {
    mantissa: m,
    exponent: e,
    mantissaBit: bitLength(m) - 1,
    unequalMargins: normal && e > emin - p + 1 && m === 1n << BigInt(p - 1),
  };
}

/** `x` rounded to the dtype (NumPy computes in it: float32 sums, ratios and comparisons). */
export function roundToDtype(x, dtype) {
  if (dtype === 'float32') return Math.fround(x);
  if (!FORMATS[dtype] || dtype === 'float64' || !Number.isFinite(x) || x === 0) return x;
  const { mantissa, exponent } = decompose(x, dtype);
  return Math.sign(x) * Number(mantissa) * 2 ** exponent;
}

const LOG10_2 = 0.30102999566398119521373889472449;
// NumPy's scratch buffer: no more digits than this are ever produced.
const BUFFER = 16384;

/**
 * Dragon4 (Steele & White, Burger & Dybvig) as NumPy runs it. `unique`: stop at the shortest
 * digits that identify the value; else produce its exact digits. `fractional`: the cutoffs count
 * digits after the point, else all digits. Returns the digits and the exponent of the first.
 */
function dragon4(d, { unique, fractional, cutoffMax = -1, cutoffMin = -1 }) {
  const { mantissa, exponent, mantissaBit, unequalMargins } = d;
  if (mantissa === 0n) return { digits: '0', exp: 0 };
  const isEven = (mantissa & 1n) === 0n;
  let value;
  let scale;
  let marginLow;
  const unequal = unequalMargins;
  if (exponent > 0) {
    value = mantissa << BigInt(exponent + (unequal ? 2 : 1));
    scale = unequal ? 4n : 2n;
    marginLow = 1n << BigInt(exponent);
  } else {
    value = mantissa << (unequal ? 2n : 1n);
    scale = 1n << BigInt(-exponent + (unequal ? 2 : 1));
    marginLow = 1n;
  }
  const high = () => (unequal ? marginLow * 2n : marginLow);
  let digitExponent = Math.ceil((mantissaBit + exponent) * LOG10_2 - 0.69);
  if (cutoffMax >= 0 && fractional && digitExponent <= -cutoffMax) digitExponent = -cutoffMax + 1;
  if (digitExponent > 0) scale *= 10n ** BigInt(digitExponent);
  else if (digitExponent < 0) {
    const pow = 10n ** BigInt(-digitExponent);
    value *= pow;
    marginLow *= pow;
  }
  if (value >= scale) digitExponent += 1;
  else {
    value *= 10n;
    marginLow *= 10n;
  }
  let cutoffMaxExp = digitExponent - BUFFER;
  if (cutoffMax >= 0) cutoffMaxExp = Math.max(cutoffMaxExp, fractional ? -cutoffMax : digitExponent - cutoffMax);
  let cutoffMinExp = digitExponent;
  if (cutoffMin >= 0) cutoffMinExp = Math.min(cutoffMinExp, fractional ? -cutoffMin : digitExponent - cutoffMin);
  let exp = digitExponent - 1;

  let digits = '';
  let low = false;
  let up = false;
  let digit;
  for (;;) {
    digitExponent -= 1;
    digit = value / scale;
    value -= digit * scale;
    if (unique) {
      const c1 = value < marginLow ? -1 : value > marginLow ? 1 : 0;
      low = isEven ? c1 <= 0 : c1 < 0;
      const vh = value + high();
      const c2 = vh < scale ? -1 : vh > scale ? 1 : 0;
      up = isEven ? c2 >= 0 : c2 > 0;
      if (((low || up) && digitExponent <= cutoffMinExp) || digitExponent === cutoffMaxExp) break;
    } else if (value === 0n || digitExponent === cutoffMaxExp) break;
    digits += digit;
    value *= 10n;
    marginLow *= 10n;
  }
  let roundDown = low;
  if (low === up) {
    const twice = value * 2n;
    roundDown = twice < scale || (twice === scale && (digit & 1n) === 0n);
  }
  if (roundDown) digits += digit;
  else if (digit === 9n) {
    digits = digits.replace(/9*$/, '');
    if (digits === '') {
      digits = '1';
      exp += 1;
    } else digits = digits.slice(0, -1) + String(Number(digits.at(-1)) + 1);
  } else digits += digit + 1n;
  return { digits, exp };
}

/** NumPy's trim modes: 'k' keep, '.' trailing zeros, '0' leave one zero, '-' zeros and point. */
const TRIM = { k: 'none', '.': 'zeros', 0: 'oneZero', '-': 'dptZeros' };

function special(x, sign) {
  if (Number.isNaN(x)) return 'nan';
  return `${x < 0 ? '-' : sign ? '+' : ''}inf`;
}

const signOf = (x, sign) => (x < 0 || Object.is(x, -0) ? '-' : sign ? '+' : '');

/**
 * NumPy's `dragon4_positional(x, ...)` (`np.format_float_positional`): `precision` digits at most
 * (-1: as many as `unique` needs), `fractional` counting after the point, `trim`, `padLeft` and
 * `padRight` in characters either side of the point.
 */
export function positional(x, {
  dtype = 'float64', precision = -1, minDigits = -1, unique = true, fractional = true, trim = 'k',
  sign = false, padLeft = -1, padRight = -1,
} = {}) {
  if (!Number.isFinite(x)) return special(x, sign);
  const mode = TRIM[trim];
  const s = signOf(x, sign);
  const { digits, exp } = dragon4(decompose(x, dtype), { unique, fractional, cutoffMax: precision, cutoffMin: minDigits });
  let out;
  let whole;
  let frac;
  if (exp >= 0) {
    whole = exp + 1;
    if (digits.length <= whole) {
      out = digits + '0'.repeat(whole - digits.length);
      frac = 0;
    } else {
      out = `${digits.slice(0, whole)}.${digits.slice(whole)}`;
      frac = digits.length - whole;
    }
  } else {
    const zeros = -(exp + 1);
    out = `0.${'0'.repeat(zeros)}${digits}`;
    frac = zeros + digits.length;
    whole = 1;
  }
  if (mode !== 'dptZeros' && frac === 0) out += '.';
  const add = unique ? minDigits : precision;
  const desired = fractional ? Math.max(add, 0) : add - whole;
  if (mode === 'oneZero') {
    if (frac === 0) { out += '0'; frac += 1; }
  } else if (mode === 'none' && desired > frac) {
    out += '0'.repeat(desired - frac);
    frac = desired;
  }
  if (mode !== 'none' && frac > 0) {
    while (out.endsWith('0')) { out = out.slice(0, -1); frac -= 1; }
    if (out.endsWith('.')) {
      if (mode === 'oneZero') { out += '0'; frac += 1; } else if (mode === 'dptZeros') out = out.slice(0, -1);
    }
  }
  if (padRight >= frac) {
    if (mode === 'dptZeros' && frac === 0) out += ' ';
    out += ' '.repeat(padRight - frac);
  }
  out = s + out;
  const left = whole + (s ? 1 : 0);
  return padLeft > left ? ' '.repeat(padLeft - left) + out : out;
}

/** NumPy's `dragon4_scientific(x, ...)` (`np.format_float_scientific`): `d.ddde+XX`. */
export function scientific(x, {
  dtype = 'float64', precision = -1, minDigits = -1, unique = true, trim = 'k', sign = false,
  padLeft = -1, expDigits = -1,
} = {}) {
  if (!Number.isFinite(x)) return special(x, sign);
  const mode = TRIM[trim];
  const s = signOf(x, sign);
  const { digits, exp } = dragon4(decompose(x, dtype), {
    unique, fractional: false, cutoffMax: precision < 0 ? -1 : precision + 1, cutoffMin: minDigits < 0 ? -1 : minDigits + 1,
  });
  const left = 1 + (s ? 1 : 0);
  let out = (padLeft > left ? ' '.repeat(padLeft - left) : '') + s + digits[0];
  let frac = digits.length - 1;
  if (frac > 0) out += `.${digits.slice(1)}`;
  if (mode !== 'dptZeros' && frac === 0) out += '.';
  const add = Math.max(unique ? minDigits : precision, 0);
  if (mode === 'oneZero') {
    if (frac === 0) { out += '0'; frac += 1; }
  } else if (mode === 'none' && add > frac) {
    out += '0'.repeat(add - frac);
    frac = add;
  }
  if (mode !== 'none' && frac > 0) {
    out = out.replace(/0+$/, '');
    if (mode === 'oneZero' && out.endsWith('.')) out += '0';
  }
  const e = Math.abs(exp);
  return `${out}e${exp >= 0 ? '+' : '-'}${String(e).padStart(Math.min(expDigits < 0 ? 2 : expDigits, 5), '0')}`;
}

/** Where NumPy 2 switches a scalar's `str` to scientific: 1e16 for float64, 10^precision else. */
const SCALAR_CUTOFF = { float64: 1e16, float32: 1e6, float16: 1e3, bfloat16: 1e2 };

/** `str(np.float32(x))`: the shortest digits in Python's style (`0.1`, `1e+16`, `nan`). */
export function scalarText(x, dtype = 'float64') {
  const a = Math.abs(x);
  if (a === 0 || (a >= 1e-4 && a < (SCALAR_CUTOFF[dtype] ?? 1e16)) || !Number.isFinite(x)) {
    return positional(x, { dtype, fractional: false, trim: '0' });
  }
  return scientific(x, { dtype, trim: '-' });
}
