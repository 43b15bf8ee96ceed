// `jax.debug.print` format strings: Python `str.format` fields `{}`, `{0}` and `{name}` with an
// optional format spec (`{:.2f}`) and `{{`/`}}` escapes, checked at trace time the way JAX checks
// them and with JAX's (Python's) words for each mistake.

import { ERROR_NAMES } from './boundary.js';

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
      const [field, spec = ''] = fmt.slice(i + 1, end).split(/:(.*)/s);
      checkSpecSize(spec);
      parts.push(text);
      text = '';
      if (field === '') {
        number('auto');
        parts.push({ index: auto++, spec });
      } else if (/^\d+$/.test(field)) {
        number('manual');
        parts.push({ index: Number(field), spec });
      } else {
        parts.push({ name: field, spec });
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
 * JS formats at most 100 digits after the point (`toFixed`), and a width in the millions would
 * build a string of that size for every print: both refused when the format is checked.
 */
function checkSpecSize(spec) {
  const m = /^(\d*)(?:\.(\d+))?/.exec(spec);
  const [width, precision] = [Number(m[1] || 0), Number(m[2] ?? 0)];
  if (precision > 100 || width > 10000) {
    throw formatError(`jax.debug.print: format spec '${spec.length > 30 ? `${spec.slice(0, 30)}…` : spec}' asks for ${precision > 100 ? `${m[2]} digits after the point (at most 100 here)` : `a width of ${m[1]} characters (at most 10000 here)`}`, RangeError);
  }
}

/** Python's `format(value, spec)` for the specs a print usually has: `[width][.precision][type]`. */
export function applySpec(value, spec) {
  if (spec === '') return value;
  const m = /^(\d*)(?:\.(\d+))?([fFeEgGd%]?)$/.exec(spec);
  if (!m) throw formatError(`jax.debug.print: format spec '${spec}' is not supported (use [width][.precision][f|e|g|d|%])`);
  const [, width, precision, type] = m;
  const x = Number(value);
  let text = value;
  if (type || precision !== undefined) {
    if (Number.isNaN(x)) {
      throw formatError(`Unknown format code '${type || 'f'}' for object of type 'str'`);
    }
    const p = precision === undefined ? 6 : Number(precision);
    switch (type) {
      case 'e': case 'E': text = x.toExponential(p).replace(/e([+-])(\d)$/, 'e$10$2'); break;
      case 'g': case 'G': case '': text = String(Number(x.toPrecision(Math.max(p, 1)))); break;
      case 'd': text = String(Math.trunc(x)); break;
      case '%': text = `${(x * 100).toFixed(p)}%`; break;
      default: text = x.toFixed(p);
    }
    if (type === 'E' || type === 'G') text = text.toUpperCase();
  }
  return width ? text.padStart(Number(width)) : text;
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
    return applySpec(p.name !== undefined ? nam[p.name] : pos[p.index], p.spec);
  }).join('');
  return { positional, named, format };
}
