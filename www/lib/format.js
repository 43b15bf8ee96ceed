// `jax.debug.print` format strings: Python `str.format` fields `{}`, `{0}` and `{name}` (with
// `{{`/`}}` escapes), checked at trace time the way JAX checks them.

function formatError(message) {
  const err = new Error(message);
  err.name = 'JaxplayError';
  return err;
}

function parse(fmt) {
  const parts = [];
  let auto = 0;
  let i = 0;
  let text = '';
  while (i < fmt.length) {
    const c = fmt[i];
    if ((c === '{' || c === '}') && fmt[i + 1] === c) {
      text += c;
      i += 2;
    } else if (c === '{') {
      const end = fmt.indexOf('}', i);
      if (end < 0) throw formatError(`jax.debug.print: unmatched '{' in format string ${JSON.stringify(fmt)}`);
      const field = fmt.slice(i + 1, end).split(':')[0].trim();
      parts.push(text);
      text = '';
      if (field === '') parts.push({ index: auto++ });
      else if (/^\d+$/.test(field)) parts.push({ index: Number(field) });
      else parts.push({ name: field });
      i = end + 1;
    } else if (c === '}') {
      throw formatError(`jax.debug.print: single '}' in format string ${JSON.stringify(fmt)}`);
    } else {
      text += c;
      i += 1;
    }
  }
  parts.push(text);
  return parts;
}

function isPlainObject(x) {
  return x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype;
}

/**
 * Validates `fmt` against `args` (a trailing plain object holds named arguments when the format
 * has named fields) and returns the arguments split up plus a `format` function for the host.
 * With `skipFormatCheck`, unused arguments are allowed; a format without fields then prints its
 * arguments after it, separated by spaces, as JAX does.
 */
export function debugPrintFormatter(fmt, args, show, skipFormatCheck = false) {
  if (typeof fmt !== 'string') throw new TypeError('jax.debug.print: the first argument must be a format string');
  const parts = parse(fmt);
  const fields = parts.filter((p) => typeof p === 'object');
  const wantsNames = fields.some((f) => f.name !== undefined);
  let positional = args;
  let named = {};
  if (wantsNames && isPlainObject(args[args.length - 1])) {
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
      throw formatError(`jax.debug.print: the format string ${JSON.stringify(fmt)} uses positional argument #${f.index} but ${positional.length} were given`);
    }
    if (f.name !== undefined && !(f.name in named)) {
      throw formatError(`jax.debug.print: the format string ${JSON.stringify(fmt)} uses {${f.name}} but no argument of that name was given (pass named arguments as a trailing object)`);
    }
  }
  const unusedPos = positional.filter((_, i) => !usedIdx.has(i));
  if (unusedPos.length > 0 && !skipFormatCheck) {
    throw formatError(`Unused positional arguments to \`jax.debug.print\`: [${unusedPos.map(show).join(', ')}]`);
  }
  const unusedNames = Object.keys(named).filter((k) => !usedNames.has(k));
  if (unusedNames.length > 0 && !skipFormatCheck) {
    throw formatError(`Unused keyword arguments to \`jax.debug.print\`: [${unusedNames.map((n) => `'${n}'`).join(', ')}]. You may be passing a template literal (\`\${x}\`) into \`jax.debug.print\` and instead should pass in a regular string.`);
  }
  const format = (pos, nam) => parts.map((p) => (typeof p === 'string' ? p : p.name !== undefined ? nam[p.name] : pos[p.index])).join('');
  return { positional, named, format };
}
