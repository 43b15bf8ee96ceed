// Python's number and string formatting, as CPython 3.11 does it: `repr(float)` (the shortest
// digits that read back as the same double), and `format(value, spec)` for floats, ints and
// strings with the whole format-spec mini-language (fill, align, sign, `z`, `#`, `0`, width,
// `,`/`_` grouping, precision, every presentation type). Floats are rounded half to even on
// their exact binary value (`format(2.675, '.2f')` is '2.67'), from an exact decimal expansion
// made with BigInt. Errors carry `pyType` (`ValueError`, `TypeError`, `OverflowError`) and
// CPython's words; python/formatting.js dispatches Python values here, lib/format.js uses it
// for `jax.debug.print`.

/** A formatting error: `pyType` is the Python exception class it stands for. */
export class FormatError extends Error {
  constructor(pyType, message) {
    super(message);
    this.name = pyType;
    this.pyType = pyType;
  }
}

const valueError = (m) => new FormatError('ValueError', m);

// ------------------------------------------------------------------ exact decimal digits

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/**
 * The exact decimal value of a finite `|x|`: `digits` (no leading or trailing zeros, '0' for
 * zero) and `point`, where the decimal point goes (value = 0.digits × 10^point).
 */
export function exactDigits(x) {
  f64[0] = x;
  const bits = u64[0];
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const m = expBits === 0 ? frac : frac | (1n << 52n);
  const e = expBits === 0 ? -1074 : expBits - 1075;
  if (m === 0n) return { digits: '0', point: 1 };
  let digits;
  let point;
  if (e >= 0) {
    digits = (m << BigInt(e)).toString();
    point = digits.length;
  } else {
    // m / 2^k = m·5^k / 10^k
    digits = (m * 5n ** BigInt(-e)).toString();
    point = digits.length + e;
  }
  return { digits: digits.replace(/0+$/, ''), point };
}

/** The shortest digits that read back as `|x|` (JS and Python agree on them), as exactDigits. */
export function shortestDigits(x) {
  const [m, e] = Math.abs(x).toExponential().split('e');
  return { digits: m.replace('.', ''), point: Number(e) + 1 };
}

/**
 * `d` rounded, half to even, to its first `n` digits (n may be 0 or negative: all digits
 * dropped). The result may be '' (zero) and may gain a digit (99.9 -> 100).
 */
function roundTo({ digits, point }, n) {
  if (n >= digits.length) return { digits, point };
  if (n < 0) return { digits: '', point };
  const kept = digits.slice(0, n);
  const first = digits[n];
  const rest = digits.slice(n + 1);
  const lastOdd = n > 0 && Number(digits[n - 1]) % 2 === 1;
  const up = first > '5' || (first === '5' && (/[1-9]/.test(rest) || lastOdd));
  if (!up) return { digits: kept.replace(/0+$/, ''), point };
  const bumped = (BigInt(kept || '0') + 1n).toString().padStart(n, '0');
  // A carry out of the first digit ('99' -> '100', or '' -> '1') moves the point.
  return { digits: bumped.replace(/0+$/, ''), point: bumped.length > n ? point + 1 : point };
}

/** Fixed notation with exactly `frac` digits after the point (none and no point when 0). */
function fixed({ digits, point }, frac) {
  const intPart = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0';
  if (frac <= 0) return intPart;
  const fracDigits = point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits;
  return `${intPart}.${fracDigits.padEnd(frac, '0').slice(0, frac)}`;
}

const expText = (e) => `e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;

/** Scientific notation `d.ddd` with `frac` digits after the point, and its exponent. */
function sci({ digits, point }, frac) {
  const d = digits || '0';
  const mant = frac > 0 ? `${d[0]}.${d.slice(1).padEnd(frac, '0')}` : d[0];
  return mant + expText(digits === '0' || digits === '' ? 0 : point - 1);
}

// ------------------------------------------------------------------ float -> text

/** `repr(x)` for a Python float: `0.1`, `1e-05`, `1e+16`, `-0.0`, `inf`, `nan`. */
export function floatRepr(x) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return sign + floatBody(Math.abs(x), 'r');
}

/**
 * CPython's 'r' layout: fixed from 1e-4 to 1e16 (with a '.0' when integral), else exponent
 * (`#` keeps a point there too: '1.e+16').
 */
function layoutRepr(d, alt = false) {
  if (d.point <= -4 || d.point > 16) {
    return (d.digits.length > 1 || alt ? `${d.digits[0]}.${d.digits.slice(1)}` : d.digits) + expText(d.point - 1);
  }
  const frac = Math.max(d.digits.length - d.point, 0);
  const text = fixed(d, frac);
  return frac === 0 ? `${text}.0` : text;
}

/**
 * CPython's PyOS_double_to_string for |x| (no sign): `type` is f, e, g, r (repr) or '' (`g`
 * with at least one digit after the point, from `format(x, '.3')`), `alt` the `#` flag.
 */
function floatBody(x, type, precision, alt) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return 'inf';
  switch (type) {
    case 'f': {
      const exact = exactDigits(x);
      const d = roundTo(exact, exact.point + precision);
      const text = fixed(d.digits ? d : { digits: '0', point: 1 }, precision);
      return alt && precision === 0 ? `${text}.` : text;
    }
    case 'e': {
      const d = x === 0 ? { digits: '0', point: 1 } : roundTo(exactDigits(x), precision + 1);
      const text = sci(d, precision);
      return alt && precision === 0 ? text.replace('e', '.e') : text;
    }
    case 'r': return layoutRepr(x === 0 ? { digits: '0', point: 1 } : shortestDigits(x), alt);
    default: { // 'g', and '' with a precision
      const p = precision === 0 ? 1 : precision;
      const d = x === 0 ? { digits: '0', point: 1 } : roundTo(exactDigits(x), p);
      const addDot0 = type === '';
      const useExp = d.point <= -4 || d.point > (addDot0 ? p - 1 : p);
      // `#` keeps the trailing zeros up to `p` significant digits.
      const shown = alt ? d.digits.padEnd(p, '0') : d.digits;
      if (useExp) {
        const mant = shown.length > 1 ? `${shown[0]}.${shown.slice(1)}` : alt ? `${shown}.` : shown;
        return mant + expText(d.point - 1);
      }
      const frac = Math.max(shown.length - d.point, 0);
      const text = fixed({ digits: shown, point: d.point }, frac);
      if (frac > 0) return text;
      return alt ? `${text}.` : addDot0 ? `${text}.0` : text;
    }
  }
}

// ------------------------------------------------------------------ the format-spec mini-language

const ALIGN = '<>^=';

/**
 * CPython's parse_internal_render_format_spec: the spec as fields, or its ValueError.
 * `typeName` names the object in messages; `defaultAlign` is '>' for numbers, '<' for str.
 */
export function parseSpec(spec, typeName, defaultAlign = '>', defaultType = '') {
  const c = Array.from(spec);
  const s = {
    fill: ' ', align: defaultAlign, sign: '', z: false, alt: false, width: -1, grouping: '', precision: -1, type: defaultType,
  };
  let i = 0;
  let fillGiven = false;
  let alignGiven = false;
  if (c.length >= 2 && ALIGN.includes(c[1])) {
    [s.fill, s.align] = [c[0], c[1]];
    fillGiven = alignGiven = true;
    i = 2;
  } else if (c.length >= 1 && ALIGN.includes(c[0])) {
    s.align = c[0];
    alignGiven = true;
    i = 1;
  }
  if (c[i] === '+' || c[i] === '-' || c[i] === ' ') s.sign = c[i++];
  if (c[i] === 'z') { s.z = true; i += 1; }
  if (c[i] === '#') { s.alt = true; i += 1; }
  if (!fillGiven && c[i] === '0') {
    s.fill = '0';
    if (!alignGiven && defaultAlign === '>') s.align = '=';
    i += 1;
  }
  const integer = () => {
    let t = '';
    while (i < c.length && c[i] >= '0' && c[i] <= '9') t += c[i++];
    if (t.length > 18) throw valueError('Too many decimal digits in format string');
    return t === '' ? -1 : Number(t);
  };
  s.width = integer();
  if (c[i] === ',') { s.grouping = ','; i += 1; }
  if (c[i] === '_') {
    if (s.grouping) throw valueError("Cannot specify both ',' and '_'.");
    s.grouping = '_';
    i += 1;
  }
  if (c[i] === ',' && s.grouping === '_') throw valueError("Cannot specify both ',' and '_'.");
  if (c[i] === '.') {
    i += 1;
    s.precision = integer();
    if (s.precision < 0) throw valueError('Format specifier missing precision');
  }
  if (c.length - i > 1) throw valueError(`Invalid format specifier '${spec}' for object of type '${typeName}'`);
  if (c.length - i === 1) s.type = c[i];
  if (s.grouping) {
    if (s.type !== '' && 'bxXo'.includes(s.type) && s.grouping === '_') s.groupSize = 4;
    else if (s.type !== '' && !'defgEGF%'.includes(s.type)) throw invalidGrouping(s.grouping, s.type);
  }
  return s;
}

function invalidGrouping(sep, type) {
  const code = type.codePointAt(0);
  return valueError(code > 32 && code < 128 ? `Cannot specify '${sep}' with '${type}'.` : `Cannot specify '${sep}' with '\\x${code.toString(16)}'.`);
}

function unknownCode(type, typeName) {
  const code = type.codePointAt(0);
  return valueError(code > 32 && code < 128
    ? `Unknown format code '${type}' for object of type '${typeName}'`
    : `Unknown format code '\\x${code.toString(16)}' for object of type '${typeName}'`);
}

/**
 * CPython's InsertThousandsGrouping: `digits` with separators every `size`, padded with zeros
 * (grouped too) up to `minWidth` characters when padding with '0' and '=' alignment.
 */
function group(digits, sep, size, minWidth) {
  if (!sep) return digits.padStart(minWidth, '0');
  const parts = [];
  let remaining = digits.length;
  let min = minWidth;
  for (;;) {
    const l = Math.min(size, Math.max(remaining, min, 1));
    const zeros = Math.max(0, l - remaining);
    const chars = Math.max(0, Math.min(remaining, l));
    parts.unshift('0'.repeat(zeros) + digits.slice(remaining - chars, remaining));
    remaining -= chars;
    min -= l;
    if (remaining <= 0 && min <= 0) break;
    min -= 1;
  }
  return parts.join(sep);
}

/**
 * CPython's calc_number_widths + fill_number: sign, prefix (`0x`), the integer digits (grouped),
 * then `rest` (point, fraction, exponent, '%'), padded to the width by alignment.
 */
function layoutNumber(negative, prefix, digits, rest, s) {
  const sign = negative ? '-' : s.sign === '+' ? '+' : s.sign === ' ' ? ' ' : '';
  const fixedLen = sign.length + prefix.length + rest.length;
  const minWidth = s.fill === '0' && s.align === '=' ? s.width - fixedLen : 0;
  const grouped = digits.length === 0 ? '' : group(digits, s.grouping, s.groupSize ?? 3, minWidth);
  const body = grouped + rest;
  const pad = s.width - (fixedLen + grouped.length);
  if (pad <= 0) return sign + prefix + body;
  const fill = (k) => s.fill.repeat(k);
  switch (s.align) {
    case '<': return sign + prefix + body + fill(pad);
    case '^': return fill(Math.floor(pad / 2)) + sign + prefix + body + fill(pad - Math.floor(pad / 2));
    case '=': return sign + prefix + fill(pad) + body;
    default: return fill(pad) + sign + prefix + body;
  }
}

/** Pads a string (the str path) to the spec's width. */
function padText(text, s) {
  const len = Array.from(text).length;
  const pad = s.width - len;
  if (pad <= 0) return text;
  const fill = (k) => s.fill.repeat(k);
  if (s.align === '>') return fill(pad) + text;
  if (s.align === '^') return fill(Math.floor(pad / 2)) + text + fill(pad - Math.floor(pad / 2));
  return text + fill(pad);
}

/** `format(x, spec)` for a Python float `x`; `typeName` for messages ('float'). */
export function formatFloat(x, spec, typeName = 'float') {
  const s = parseSpec(spec, typeName);
  return formatFloatSpec(x, s, typeName);
}

function formatFloatSpec(x, s, typeName) {
  const { type } = s;
  if (type !== '' && !'eEfFgGn%'.includes(type)) throw unknownCode(type, typeName);
  let precision = s.precision;
  let bodyType;
  let value = x;
  if (type === '') {
    bodyType = precision < 0 ? 'r' : '';
  } else {
    bodyType = type === 'n' ? 'g' : type === '%' ? 'f' : type.toLowerCase();
    if (type === '%') value = x * 100;
    if (precision < 0) precision = 6;
  }
  let body = floatBody(Math.abs(value), bodyType, precision, s.alt);
  // `z`: a value that rounds to zero prints without its minus sign.
  const negative = (value < 0 || Object.is(value, -0)) && !(s.z && /^[0.]+$/.test(body.split('e')[0]));
  if (type === '%') body += '%';
  if (type === 'E' || type === 'F' || type === 'G') body = body.toUpperCase();
  // The digits before the point are grouped; the rest (point, fraction, exponent) follows.
  const m = /^(\d*)(.*)$/s.exec(body);
  return layoutNumber(negative, '', m[1], m[2], s);
}

/** `format(n, spec)` for a Python int (a number or BigInt); `typeName` 'int' or 'bool'. */
export function formatInt(n, spec, typeName = 'int') {
  const s = parseSpec(spec, typeName);
  if ('eEfFgG%'.includes(s.type) && s.type !== '') {
    const x = Number(n);
    if (!Number.isFinite(x)) throw new FormatError('OverflowError', 'int too large to convert to float');
    return formatFloatSpec(x, s, typeName);
  }
  if (!'bcdoxXn'.includes(s.type) && s.type !== '') throw unknownCode(s.type, typeName);
  if (s.precision >= 0) throw valueError('Precision not allowed in integer format specifier');
  if (s.z) throw valueError('Negative zero coercion (z) not allowed in integer format specifier');
  const big = BigInt(n);
  if (s.type === 'c') {
    if (s.sign) throw valueError("Sign not allowed with integer format specifier 'c'");
    if (s.alt) throw valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (big < 0n || big > 0x10ffffn) throw new FormatError('OverflowError', '%c arg not in range(0x110000)');
    return layoutNumber(false, '', '', String.fromCodePoint(Number(big)), { ...s, grouping: '' });
  }
  const base = { b: 2, o: 8, x: 16, X: 16 }[s.type] ?? 10;
  const neg = big < 0n;
  let digits = (neg ? -big : big).toString(base);
  let prefix = s.alt && base !== 10 ? `0${s.type === 'X' ? 'X' : s.type}` : '';
  if (s.type === 'X') digits = digits.toUpperCase();
  if (s.type === 'n') prefix = '';
  return layoutNumber(neg, prefix, digits, '', s);
}

/** `format(text, spec)` for a Python str. */
export function formatStr(text, spec, typeName = 'str') {
  const s = parseSpec(spec, typeName, '<', 's');
  if (s.type !== 's') throw unknownCode(s.type, typeName);
  if (s.sign) throw valueError(s.sign === ' ' ? 'Space not allowed in string format specifier' : 'Sign not allowed in string format specifier');
  if (s.z) throw valueError('Negative zero coercion (z) not allowed in string format specifier');
  if (s.alt) throw valueError('Alternate form (#) not allowed in string format specifier');
  if (s.align === '=') throw valueError("'=' alignment not allowed in string format specifier");
  const cut = s.precision >= 0 ? Array.from(text).slice(0, s.precision).join('') : text;
  return padText(cut, s);
}

/**
 * printf-style conversion of a number (`'%.3f' % x`, `'%#x' % n`): `flags` from `-+ #0`,
 * `width` and `precision` numbers or -1. Ints take d/i/u/o/x/X, floats e/E/f/F/g/G.
 */
export function percentNumber(value, conv, flags, width, precision) {
  const s = {
    fill: flags.includes('0') && !flags.includes('-') ? '0' : ' ',
    align: flags.includes('-') ? '<' : flags.includes('0') ? '=' : '>',
    sign: flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '',
    alt: flags.includes('#'),
    width,
    grouping: '',
  };
  if ('diuoxX'.includes(conv)) {
    const big = BigInt(value);
    const neg = big < 0n;
    const base = { o: 8, x: 16, X: 16 }[conv] ?? 10;
    let digits = (neg ? -big : big).toString(base);
    if (conv === 'X') digits = digits.toUpperCase();
    // A precision is the minimum number of digits.
    if (precision >= 0) digits = digits.padStart(precision, '0');
    const prefix = s.alt && base !== 10 ? `0${conv === 'X' ? 'X' : conv}` : '';
    return layoutNumber(neg, prefix, digits, '', s);
  }
  const type = conv.toLowerCase();
  let body = floatBody(Math.abs(value), type, precision < 0 ? 6 : precision, s.alt);
  if (conv !== type) body = body.toUpperCase();
  const negative = (value < 0 || Object.is(value, -0)) && !Number.isNaN(value);
  const m = /^(\d*)(.*)$/s.exec(body);
  return layoutNumber(negative, '', m[1], m[2], s);
}

/** Pads printf-style text (`%s`, `%r`, `%c`) to `width`, left-aligned with the `-` flag. */
export function percentText(text, flags, width, precision) {
  const cut = precision >= 0 ? Array.from(text).slice(0, precision).join('') : text;
  return padText(cut, { fill: ' ', align: flags.includes('-') ? '<' : '>', width });
}
