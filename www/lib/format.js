// `jax.debug.print` format strings: Python `str.format` fields `{}`, `{0}` and `{name}` with an
// optional format spec (`{:.2f}`) and `{{`/`}}` escapes, checked at trace time the way JAX checks
// them and with JAX's (Python's) words for each mistake. At print time each value is formatted
// as JAX formats the arrays it hands the host: Python's `format` of a 0-d array's element
// (lib/pyformat.js), NumPy's `str` for an empty spec.

import { ERROR_NAMES } from './boundary.js';
import { HostArray, formatArray } from './np.js';
import { jaxRepr } from './arrayprint.js';
import {
  FormatError, formatFloat, formatInt, formatStr, parseSpec,
} from './pyformat.js';

function formatError(message, Kind = Error) {
  const err = new Kind(message);
  if (Kind === Error) err.name = ERROR_NAMES.engine;
  return err;
}

function parse(fmt) {
  const parts = [];
  let numbering = null; // 'auto' or 'manual': Python refuses to mix them
  let auto = 0;
  let i = 0;
  let text = '';
  const number = (kind) => {
    // JAX reports this one message whichever kind of field came first.
    if (numbering && numbering !== kind) {
      throw formatError('cannot switch from manual field specification to automatic field numbering');
    }
    numbering = kind;
  };
  while (i < fmt.length) {
    const c = fmt[i];
    if ((c === '{' || c === '}') && fmt[i + 1] === c) {
      text += c;
      i += 2;
    } else if (c === '{') {
      const end = fmt.indexOf('}', i);
      if (end < 0) throw formatError("Single '{' encountered in format string");
      const [head, spec = ''] = fmt.slice(i + 1, end).split(/:(.*)/s);
      const [field, conversion = null] = head.split(/!(.*)/s);
      if (conversion !== null && !['r', 's', 'a'].includes(conversion)) {
        throw formatError(conversion.length === 1 ? `Unknown conversion specifier ${conversion}` : "expected ':' after conversion specifier");
      }
      checkSpecSize(spec);
      parts.push(text);
      text = '';
      if (field === '') {
        number('auto');
        parts.push({ index: auto++, spec, conversion });
      } else if (/^\d+$/.test(field)) {
        number('manual');
        parts.push({ index: Number(field), spec, conversion });
      } else {
        parts.push({ name: field, spec, conversion });
      }
      i = end + 1;
    } else if (c === '}') {
      throw formatError("Single '}' encountered in format string");
    } else {
      text += c;
      i += 1;
    }
  }
  parts.push(text);
  return parts;
}

/**
 * A precision past a double's last exact digit (1074 after the point) only adds zeros, and a
 * width in the millions would build a string of that size for every print: both refused when
 * the format is checked.
 */
function checkSpecSize(spec) {
  let parsed;
  try {
    parsed = parseSpec(spec, 'float');
  } catch {
    return; // an invalid spec is Python's error, raised when the value is printed
  }
  const { width, precision } = parsed;
  if (precision > 1100 || width > 10000) {
    const shown = spec.length > 30 ? `${spec.slice(0, 30)}…` : spec;
    throw formatError(`jax.debug.print: format spec '${shown}' asks for ${precision > 1100 ? `${precision} digits after the point (at most 1100 here)` : `a width of ${width} characters (at most 10000 here)`}`, RangeError);
  }
}

/**
 * `format(value, spec)` for a value the host was handed: a 0-d array formats as its element
 * (a float, int or bool), any other array only with an empty spec, as NumPy's `__format__`.
 */
export function applySpec(value, spec) {
  if (value instanceof HostArray) {
    if (value.shape.length !== 0) {
      if (spec === '') return formatArray(value);
      throw new FormatError('TypeError', 'unsupported format string passed to numpy.ndarray.__format__');
    }
    const x = Number(value.data[0]);
    if (value.dtype === 'bool') return spec === '' ? String(Boolean(x)).replace(/^./, (c) => c.toUpperCase()) : formatInt(x ? 1 : 0, spec, 'bool');
    return /float/.test(value.dtype) ? formatFloat(x, spec) : formatInt(x, spec);
  }
  if (typeof value === 'number') return Number.isInteger(value) ? formatInt(value, spec) : formatFloat(value, spec);
  return spec === '' ? String(value) : formatStr(String(value), spec);
}

function isPlainObject(x) {
  return x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype;
}

const F_STRING_HINT = 'You may be passing an f-string (i.e, `f"{x}"`) into `jax.debug.print` and instead should '
  + 'pass in a regular string. (In JavaScript: a template literal, `${x}`.)';

/**
 * Validates `fmt` against `args` (a trailing plain object holds the named values, as Python's
 * keyword arguments) and returns the arguments split up plus a `format` function for the host.
 * With `skipFormatCheck`, unused arguments are allowed; a format without fields then prints its
 * arguments after it, separated by spaces, as JAX does.
 */
export function debugPrintFormatter(fmt, args, show, skipFormatCheck = false) {
  if (typeof fmt !== 'string') throw formatError(`expected str, got ${fmt === null ? 'null' : typeof fmt}`, TypeError);
  const parts = parse(fmt);
  const fields = parts.filter((p) => typeof p === 'object');
  let positional = args;
  let named = {};
  if (isPlainObject(args[args.length - 1])) {
    named = args[args.length - 1];
    positional = args.slice(0, -1);
  }
  if (skipFormatCheck && fields.length === 0) {
    const format = (pos) => [fmt, ...pos].join(' ');
    return { positional: args, named: {}, format };
  }
  const usedIdx = new Set(fields.filter((f) => f.index !== undefined).map((f) => f.index));
  const usedNames = new Set(fields.filter((f) => f.name !== undefined).map((f) => f.name));
  for (const f of fields) {
    if (f.index !== undefined && f.index >= positional.length) {
      throw formatError(`tuple index out of range: the format string ${JSON.stringify(fmt)} uses positional value #${f.index} but ${positional.length} were given`, RangeError);
    }
    if (f.name !== undefined && !(f.name in named)) {
      throw formatError(`'${f.name}': the format string ${JSON.stringify(fmt)} uses {${f.name}} but no value of that name was given (pass named values as a trailing object)`, RangeError);
    }
  }
  // Python checks the positional values first and reports only them when both are unused.
  const unusedPos = positional.filter((_, i) => !usedIdx.has(i));
  if (unusedPos.length > 0 && !skipFormatCheck) {
    throw formatError(`Unused positional arguments to \`jax.debug.print\`: [${unusedPos.map(show).join(', ')}]`);
  }
  const unusedNames = Object.keys(named).filter((k) => !usedNames.has(k));
  if (unusedNames.length > 0 && !skipFormatCheck) {
    throw formatError(`Unused keyword arguments to \`jax.debug.print\`: [${unusedNames.map((n) => `'${n}'`).join(', ')}]. ${F_STRING_HINT}`);
  }
  const format = (pos, nam) => parts.map((p) => {
    if (typeof p === 'string') return p;
    const value = p.name !== undefined ? nam[p.name] : pos[p.index];
    // `!r` shows what JAX hands the printer, a jax.Array: `Array(2.5, dtype=float32)`.
    if (p.conversion === null) return applySpec(value, p.spec);
    const text = value instanceof HostArray ? (p.conversion === 's' ? formatArray(value) : jaxRepr(value)) : String(value);
    return applySpec(text, p.spec);
  }).join('');
  return { positional, named, format };
}
