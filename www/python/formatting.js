// Formatting Python values: `format(v, spec)` (f-strings and `format()`), `str.format` with its
// field names, conversions and nested specs, and printf-style `fmt % args`, each dispatching on
// the value's Python type as CPython does (a bool formats as an int, an array by its element or
// NumPy's error) and raising CPython's exceptions. The number formatting itself is
// lib/pyformat.js.

import {
  formatFloat, formatInt, formatStr, FormatError, percentNumber, percentText,
} from '../lib/pyformat.js';
import { PyFloat, PyException, E, pyErr } from './types.js';
import {
  arrayOps, userOps, isUser, isTuple, isDict, typeOf, repr, str, getitem,
} from './runtime.js';

/** A FormatError from lib/pyformat.js as the Python exception it names. */
function pyFormatError(e) {
  return e instanceof FormatError ? pyErr(e.pyType, e.message) : e;
}

/** `format(v, spec)`: what `f"{v:spec}"` and `format()` give. */
export function formatValue(v, spec = '') {
  // An instance of a class written in Python formats by its own `__format__`.
  if (isUser(v)) return userOps.format(v, spec);
  try {
    if (typeof v === 'string') return spec === '' ? v : formatStr(v, spec);
    if (typeof v === 'boolean') return spec === '' ? (v ? 'True' : 'False') : formatInt(v ? 1 : 0, spec, 'bool');
    if (typeof v === 'number' && Number.isInteger(v)) return spec === '' ? repr(v) : formatInt(v, spec);
    if (typeof v === 'number' || v instanceof PyFloat) return formatFloat(Number(v), spec);
    if (arrayOps.isArray?.(v)) return arrayOps.format(v, spec);
  } catch (e) {
    throw pyFormatError(e);
  }
  if (spec === '') return str(v);
  throw pyErr('TypeError', `unsupported format string passed to ${typeOf(v).name}.__format__`);
}

// ------------------------------------------------------------------ str.format

/** The value a `str.format` field names: `0`, `name`, then `.attr` and `[key]` accessors. */
function fieldValue(field, args, kw, state, getattr) {
  const m = /^[^.[]*/.exec(field);
  const first = m[0];
  let v;
  if (first === '' || /^\d+$/.test(first)) {
    let index;
    if (first === '') {
      if (state.manual) throw pyErr('ValueError', 'cannot switch from manual field specification to automatic field numbering');
      state.auto = true;
      index = state.next++;
    } else {
      if (state.auto) throw pyErr('ValueError', 'cannot switch from automatic field numbering to manual field specification');
      state.manual = true;
      index = Number(first);
    }
    if (index >= args.length) throw pyErr('IndexError', `Replacement index ${index} out of range for positional args tuple`);
    v = args[index];
  } else {
    if (!kw || !Object.hasOwn(kw, first)) throw new PyException(E.KeyError, [first]);
    v = kw[first];
  }
  let rest = field.slice(first.length);
  while (rest) {
    if (rest[0] === '.') {
      const name = /^\.([^.[]*)/.exec(rest)[1];
      if (name === '') throw pyErr('ValueError', 'Empty attribute in format string');
      v = getattr(v, name);
      rest = rest.slice(name.length + 1);
    } else if (rest[0] === '[') {
      const close = rest.indexOf(']');
      if (close < 0) throw pyErr('ValueError', "Missing ']' in format field");
      const key = rest.slice(1, close);
      if (key === '') throw pyErr('ValueError', 'Empty attribute in format string');
      v = getitem(v, /^\d+$/.test(key) ? Number(key) : key);
      rest = rest.slice(close + 1);
    } else {
      throw pyErr('ValueError', "Only '.' or '[' may follow ']' in format field specifier");
    }
  }
  return v;
}

/**
 * CPython's parse_field: the field at `fmt[at:]` (just after its `{`) as its name, conversion
 * and spec, and where it ends. A `}` inside `[...]` of the name does not close it; the spec's
 * own `{...}` nest.
 */
function parseField(fmt, at) {
  let i = at;
  let c = '';
  while (i < fmt.length) {
    c = fmt[i++];
    if (c === '{') throw pyErr('ValueError', "unexpected '{' in field name");
    if (c === '[') {
      while (i < fmt.length && fmt[i] !== ']') i += 1;
      c = '';
    } else if (c === '}' || c === ':' || c === '!') break;
  }
  const field = { name: fmt.slice(at, c === '}' || c === ':' || c === '!' ? i - 1 : i), conversion: null, spec: '' };
  if (c === '!' || c === ':') {
    if (c === '!') {
      if (i >= fmt.length) throw pyErr('ValueError', 'end of string while looking for conversion specifier');
      field.conversion = fmt[i++];
      if (i < fmt.length) {
        const next = fmt[i++];
        if (next === '}') return { ...field, end: i };
        if (next !== ':') throw pyErr('ValueError', "expected ':' after conversion specifier");
      }
    }
    const start = i;
    let count = 1;
    while (i < fmt.length) {
      const ch = fmt[i++];
      if (ch === '{') count += 1;
      else if (ch === '}' && --count === 0) return { ...field, spec: fmt.slice(start, i - 1), end: i };
    }
    throw pyErr('ValueError', "unmatched '{' in format spec");
  }
  if (c !== '}') throw pyErr('ValueError', "expected '}' before end of string");
  return { ...field, end: i };
}

/** `fmt.format(*args, **kw)`; `getattr` reads `{0.attr}` fields. */
export function strFormat(fmt, args, kw, getattr, state = { next: 0 }, depth = 2) {
  if (depth <= 0) throw pyErr('ValueError', 'Max string recursion exceeded');
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i];
    if (c !== '{' && c !== '}') {
      out += c;
      i += 1;
    } else if (fmt[i + 1] === c) {
      out += c;
      i += 2;
    } else if (c === '}') {
      throw pyErr('ValueError', "Single '}' encountered in format string");
    } else if (i + 1 === fmt.length) {
      throw pyErr('ValueError', "Single '{' encountered in format string");
    } else {
      const field = parseField(fmt, i + 1);
      out += replacement(field, args, kw, getattr, state, depth);
      i = field.end;
    }
  }
  return out;
}

/** One field's text: its value, converted, formatted by its spec (whose fields go first). */
function replacement({ name, conversion, spec }, args, kw, getattr, state, depth) {
  let v = fieldValue(name, args, kw, state, getattr);
  if (conversion !== null) {
    if (conversion === 'r') v = repr(v);
    else if (conversion === 's') v = str(v);
    else if (conversion === 'a') v = ascii(repr(v));
    else {
      const code = conversion.codePointAt(0);
      throw pyErr('ValueError', code > 32 && code < 127 ? `Unknown conversion specifier ${conversion}` : `Unknown conversion specifier \\x${code.toString(16)}`);
    }
  }
  const expanded = spec.includes('{') ? strFormat(spec, args, kw, getattr, state, depth - 1) : spec;
  return formatValue(v, expanded);
}

/** `ascii()`: repr with non-ASCII characters escaped. */
function ascii(text) {
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0);
    if (code < 128) return ch;
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
    if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
    return `\\U${code.toString(16).padStart(8, '0')}`;
  }).join('');
}

// ------------------------------------------------------------------ printf-style %

/** The number behind a `%d`/`%x`/`%f` operand, or the TypeError CPython raises. */
function percentOperand(v, conv) {
  let x = v;
  if (arrayOps.isArray?.(v)) x = arrayOps.pyScalar(v);
  const name = typeOf(v).name;
  if (typeof x === 'boolean') x = x ? 1 : 0;
  const isInt = typeof x === 'number' && Number.isInteger(x) && !(x instanceof PyFloat);
  const isFloat = x instanceof PyFloat || (typeof x === 'number' && !Number.isInteger(x));
  if ('eEfFgG'.includes(conv)) {
    if (isInt || isFloat) return Number(x);
    throw pyErr('TypeError', `must be real number, not ${name}`);
  }
  if ('oxX'.includes(conv)) {
    if (isInt) return x;
    throw pyErr('TypeError', `%${conv} format: an integer is required, not ${name}`);
  }
  if (isInt) return x;
  if (isFloat) {
    const f = Number(x);
    if (Number.isNaN(f)) throw pyErr('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(f)) throw pyErr('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(f);
  }
  throw pyErr('TypeError', `%${conv} format: a real number is required, not ${name}`);
}

/** `fmt % args` for a str `fmt`. */
export function percentFormat(fmt, args) {
  const mapping = isDict(args) ? args : null;
  const values = isTuple(args) ? [...args] : [args];
  let next = 0;
  const take = () => {
    if (next >= values.length) throw pyErr('TypeError', 'not enough arguments for format string');
    return values[next++];
  };
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const pct = fmt.indexOf('%', i);
    if (pct < 0) { out += fmt.slice(i); break; }
    out += fmt.slice(i, pct);
    i = pct + 1;
    if (i >= fmt.length) throw pyErr('ValueError', 'incomplete format');
    if (fmt[i] === '%') {
      out += '%';
      i += 1;
      continue;
    }
    let key = null;
    if (fmt[i] === '(') {
      if (!mapping) throw pyErr('TypeError', 'format requires a mapping');
      let depth = 1;
      let j = i + 1;
      while (j < fmt.length && depth > 0) {
        if (fmt[j] === '(') depth += 1;
        else if (fmt[j] === ')') depth -= 1;
        j += 1;
      }
      if (depth > 0) throw pyErr('ValueError', 'incomplete format key');
      key = fmt.slice(i + 1, j - 1);
      i = j;
    }
    let flags = '';
    while ('-+ #0'.includes(fmt[i]) && i < fmt.length) flags += fmt[i++];
    const number = () => {
      if (fmt[i] === '*') {
        i += 1;
        const n = take();
        if (typeof n !== 'number' || !Number.isInteger(n)) throw pyErr('TypeError', '* wants int');
        return n;
      }
      let t = '';
      while (fmt[i] >= '0' && fmt[i] <= '9') t += fmt[i++];
      return t === '' ? -1 : Number(t);
    };
    let width = number();
    if (width < -1) { flags += '-'; width = -width; }
    let precision = -1;
    if (fmt[i] === '.') {
      i += 1;
      precision = Math.max(number(), 0);
    }
    while ('hlL'.includes(fmt[i]) && i < fmt.length) i += 1;
    if (i >= fmt.length) throw pyErr('ValueError', 'incomplete format');
    const conv = fmt[i++];
    let v;
    if (key !== null) {
      v = getitem(mapping, key);
    } else v = take();
    out += percentOne(v, conv, flags, width, precision, i - 1);
  }
  // A dict operand may go unused (`'%(a)s' % d` reads it by key); anything else may not.
  if (!mapping && next < values.length) throw pyErr('TypeError', 'not all arguments converted during string formatting');
  return out;
}

function percentOne(v, conv, flags, width, precision, at) {
  try {
    switch (conv) {
      case 's': return percentText(str(v), flags, width, precision);
      case 'r': return percentText(repr(v), flags, width, precision);
      case 'a': return percentText(ascii(repr(v)), flags, width, precision);
      case 'c': {
        if (typeof v === 'string') {
          if (Array.from(v).length !== 1) throw pyErr('TypeError', '%c requires int or char');
          return percentText(v, flags, width, -1);
        }
        if (typeof v !== 'number' || !Number.isInteger(v)) throw pyErr('TypeError', '%c requires int or char');
        if (v < 0 || v > 0x10ffff) throw pyErr('OverflowError', '%c arg not in range(0x110000)');
        return percentText(String.fromCodePoint(v), flags, width, -1);
      }
      default:
        if (!'diuoxXeEfFgG'.includes(conv)) {
          const code = conv.codePointAt(0);
          throw pyErr('ValueError', `unsupported format character '${conv}' (0x${code.toString(16)}) at index ${at}`);
        }
        return percentNumber(percentOperand(v, conv), conv, flags, width, precision);
    }
  } catch (e) {
    throw pyFormatError(e);
  }
}
