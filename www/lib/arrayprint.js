// NumPy 2's array printing (numpy/_core/arrayprint.py with its default options: precision 8,
// floatmode 'maxprec', linewidth 75, threshold 1000, edgeitems 3) for host arrays
// ({data, shape, dtype}), and JAX's `Array(...)` repr built on it: every element formatted to
// one width from the shown elements only, rows wrapped at the line width with aligned columns,
// `...` past 1000 elements, blank lines between the blocks of 3-D and higher arrays, `dtype=`
// when the values do not imply it, and NumPy scalars (`np.float32(1.5)`) in NumPy 2's style.

import { positional, scientific, scalarText, roundToDtype } from './dragon4.js';

const LINEWIDTH = 75;
const THRESHOLD = 1000;
const EDGEITEMS = 3;
const PRECISION = 8;

const isFloatType = (d) => /^(b?float)/.test(d);
const isBool = (d) => d === 'bool';

/** `np.finfo(dtype).precision`: the decimal digits the dtype holds. */
const FINFO_PRECISION = { float64: 15, float32: 6, float16: 3, bfloat16: 2 };

/** Element `i` of `a` as a JS value (read one by one: a summarised array shows few of them). */
const element = (a) => (isBool(a.dtype) ? (i) => Boolean(a.data[i]) : (i) => Number(a.data[i]));

// ------------------------------------------------------------------ element formatters

/** NumPy's FloatingFormat in 'maxprec' mode: one layout for all of `values`. */
function floatingFormat(values, dtype) {
  const finite = values.filter(Number.isFinite);
  const round = (x) => roundToDtype(x, dtype);
  let expFormat = false;
  const nonZero = finite.filter((v) => v !== 0).map(Math.abs);
  if (nonZero.length) {
    const max = Math.max(...nonZero);
    const min = Math.min(...nonZero);
    // NumPy compares in the array's dtype: a Python float is weak under NEP 50.
    const cutoff = round(10 ** Math.min(8, FINFO_PRECISION[dtype] ?? 15));
    expFormat = max >= cutoff || min < round(0.0001) || round(max / min) > round(1000);
  }
  let padLeft = 0;
  let padRight = 0;
  let precision = PRECISION;
  let expSize = -1;
  if (finite.length && expFormat) {
    const strs = finite.map((x) => scientific(x, { dtype, precision, trim: '.' }));
    const parts = strs.map((s) => {
      const [mant, exp] = s.split('e');
      const [int, frac = ''] = mant.split('.');
      return { int, frac, exp };
    });
    expSize = Math.max(...parts.map((p) => p.exp.length)) - 1;
    precision = Math.max(...parts.map((p) => p.frac.length));
    padLeft = Math.max(...parts.map((p) => p.int.length));
    padRight = expSize + 2 + precision;
  } else if (finite.length) {
    const parts = finite.map((x) => positional(x, { dtype, precision, trim: '.' }).split('.'));
    padLeft = Math.max(...parts.map((p) => p[0].length));
    padRight = Math.max(...parts.map((p) => p[1].length));
  }
  if (finite.length !== values.length) {
    const negInf = values.some((v) => v === -Infinity) ? 1 : 0;
    padLeft = Math.max(padLeft, 3 - (padRight + 1), 3 + negInf - (padRight + 1));
  }
  return (x) => {
    if (!Number.isFinite(x)) {
      const text = Number.isNaN(x) ? 'nan' : x < 0 ? '-inf' : 'inf';
      return ' '.repeat(Math.max(0, padLeft + padRight + 1 - text.length)) + text;
    }
    if (expFormat) {
      return scientific(x, {
        dtype, precision, minDigits: precision, trim: 'k', padLeft, expDigits: expSize,
      });
    }
    return positional(x, {
      dtype, precision, minDigits: 0, trim: '.', padLeft, padRight,
    });
  };
}

/** NumPy's IntegerFormat: right-aligned to the widest of the largest and smallest. */
function integerFormat(values) {
  const width = values.length ? Math.max(intText(Math.max(...values)).length, intText(Math.min(...values)).length) : 0;
  return (x) => intText(x).padStart(width, ' ');
}

const intText = (x) => (Math.abs(x) >= 1e21 ? BigInt(x).toString() : String(x));

function formatFunction(values, dtype, ndim) {
  if (isBool(dtype)) return (x) => (x ? (ndim ? ' True' : 'True') : 'False');
  if (isFloatType(dtype)) return floatingFormat(values, dtype);
  return integerFormat(values);
}

// ------------------------------------------------------------------ layout

const strides = (shape) => {
  const s = new Array(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--) s[i] = s[i + 1] * shape[i + 1];
  return s;
};

/** The element values NumPy formats a summarised array from: its corners only. */
function shownValues(a, get, summarise) {
  const size = a.shape.reduce((x, y) => x * y, 1);
  if (!summarise) return Array.from({ length: size }, (_, i) => get(i));
  const st = strides(a.shape);
  const kept = a.shape.map((n) => (n > 2 * EDGEITEMS
    ? [...Array(EDGEITEMS).keys(), ...Array.from({ length: EDGEITEMS }, (_, i) => n - EDGEITEMS + i)]
    : [...Array(n).keys()]));
  const out = [];
  const walk = (axis, offset) => {
    if (axis === a.shape.length) { out.push(get(offset)); return; }
    for (const i of kept[axis]) walk(axis + 1, offset + i * st[axis]);
  };
  walk(0, 0);
  return out;
}

function extendLine(s, line, word, width, nextPrefix) {
  const wrap = line.length + word.length > width && line.length > nextPrefix.length;
  if (wrap) return [`${s}${line.trimEnd()}\n`, nextPrefix + word];
  return [s, line + word];
}

/** NumPy's _formatArray: nested brackets, wrapped rows, `...` rows and columns. */
function formatArray(a, get, fmt, lineWidth, nextLinePrefix, separator, summarise) {
  const st = strides(a.shape);
  const ndim = a.shape.length;
  const recurse = (axis, offset, hanging, width) => {
    if (axis === ndim) return fmt(get(offset));
    const nextHanging = `${hanging} `;
    const nextWidth = width - 1;
    const n = a.shape[axis];
    const summary = summarise && 2 * EDGEITEMS < n;
    const lead = summary ? EDGEITEMS : 0;
    const trail = summary ? EDGEITEMS : n;
    const item = (i) => recurse(axis + 1, offset + i * st[axis], nextHanging, nextWidth);
    let s = '';
    if (ndim - axis === 1) {
      const elemWidth = width - Math.max(separator.trimEnd().length, 1);
      let line = hanging;
      for (let i = 0; i < lead; i++) {
        [s, line] = extendLine(s, line, item(i), elemWidth, hanging);
        line += separator;
      }
      if (summary) {
        [s, line] = extendLine(s, line, '...', elemWidth, hanging);
        line += separator;
      }
      for (let i = trail; i > 1; i--) {
        [s, line] = extendLine(s, line, item(n - i), elemWidth, hanging);
        line += separator;
      }
      [s, line] = extendLine(s, line, item(n - 1), elemWidth, hanging);
      s += line;
    } else {
      const lineSep = separator.trimEnd() + '\n'.repeat(ndim - axis - 1);
      for (let i = 0; i < lead; i++) s += hanging + item(i) + lineSep;
      if (summary) s += `${hanging}...${lineSep}`;
      for (let i = trail; i > 1; i--) s += hanging + item(n - i) + lineSep;
      s += hanging + item(n - 1);
    }
    return `[${s.slice(hanging.length)}]`;
  };
  return recurse(0, 0, nextLinePrefix, lineWidth);
}

/** `np.array2string(a, separator=, prefix=, suffix=)` with NumPy's default options. */
export function array2string(a, { separator = ' ', prefix = '', suffix = '', lineWidth = LINEWIDTH } = {}) {
  const size = a.shape.reduce((x, y) => x * y, 1);
  if (size === 0) return '[]';
  const get = element(a);
  const summarise = size > THRESHOLD;
  const fmt = formatFunction(shownValues(a, get, summarise), a.dtype, a.shape.length);
  return formatArray(a, get, fmt, lineWidth - suffix.length, ` ${' '.repeat(prefix.length)}`, separator, summarise);
}

// ------------------------------------------------------------------ str and repr

const shapeText = (s) => `(${s.join(', ')}${s.length === 1 ? ',' : ''})`;

/** `str()` of a NumPy scalar of `dtype` (`0.1`, `True`, `7`). */
export function scalarStr(v, dtype) {
  if (isBool(dtype)) return v ? 'True' : 'False';
  if (isFloatType(dtype)) return scalarText(Number(v), dtype);
  return intText(Number(v));
}

/** `repr()` of a NumPy 2 scalar: `np.float32(1.5)`, `np.True_`, `np.int64(3)`. */
export function scalarRepr(v, dtype) {
  if (isBool(dtype)) return v ? 'np.True_' : 'np.False_';
  return `np.${dtype}(${scalarStr(v, dtype)})`;
}

/** `str(a)` of a NumPy array (a 0-d array prints as its scalar). */
export function arrayStr(a) {
  if (a.shape.length === 0) return scalarStr(a.data[0], a.dtype);
  return array2string(a);
}

/** Dtypes NumPy's repr leaves implied (`array([1, 2])` is int64). */
const IMPLIED = new Set(['float64', 'int64', 'bool', 'complex128']);

/** `repr(a)` of a NumPy array: `array([1., 2.], dtype=float32)`. */
export function arrayRepr(a) {
  const prefix = 'array(';
  const size = a.shape.reduce((x, y) => x * y, 1);
  const body = array2string(a, { separator: ', ', prefix, suffix: ')' });
  const extras = [];
  if ((size === 0 && !(a.shape.length === 1 && a.shape[0] === 0)) || size > THRESHOLD) extras.push(`shape=${shapeText(a.shape)}`);
  if (!IMPLIED.has(a.dtype) || size === 0) extras.push(`dtype=${a.dtype}`);
  if (!extras.length) return `${prefix}${body})`;
  const head = `${prefix}${body},`;
  const tail = `${extras.join(', ')})`;
  const lastLine = head.length - (head.lastIndexOf('\n') + 1);
  const spacer = lastLine + tail.length + 1 > LINEWIDTH ? `\n${' '.repeat(prefix.length)}` : ' ';
  return head + spacer + tail;
}

/** `repr(x)` of a `jax.Array` with these host values: `Array([1., 2.], dtype=float32)`. */
export function jaxRepr(a, weakType = false) {
  const prefix = 'Array(';
  const dtype = weakType ? `dtype=${a.dtype}, weak_type=True` : `dtype=${a.dtype}`;
  const size = a.shape.reduce((x, y) => x * y, 1);
  const s = size === 0 ? `[], shape=${shapeText(a.shape)}` : array2string(a, { separator: ', ', prefix, suffix: ',' });
  // JAX's own arithmetic: the last line's length plus 2, and a six-space gap when too long.
  const lastLine = s.length - s.lastIndexOf('\n') + 1;
  const sep = lastLine + dtype.length + 2 > LINEWIDTH ? ' '.repeat(prefix.length) : ' ';
  return `${prefix}${s},${sep}${dtype})`;
}
