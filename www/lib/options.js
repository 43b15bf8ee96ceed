// ShapeDtypeStruct (a shape and dtype declared for a callback's result or a trace), and options
// objects: a trailing plain object of option names, taken like Python keyword arguments.

import { JaxArray } from './arrays.js';
import { DTYPES, dtypeName, jaxplayError } from './values.js';
import { isPlainObject } from './pytree.js';
import { HostArray } from './np.js';
import { show, dims as checkedDims, argError, snapshot } from './checks.js';
import { VMAP_METHODS } from './boundary.js';

export class ShapeDtypeStructClass {
  constructor(shape, dtype) {
    // Read once into a frozen copy: the engine gets the shape that was checked, and a later
    // change to the learner's list (or to `.shape`) cannot change what was declared.
    const list = Array.isArray(shape) ? snapshot(shape) : null;
    if (list === null || !list.every((d) => Number.isInteger(d) && d >= 0)) {
      throw new TypeError(`ShapeDtypeStruct: shape must be an array of non-negative integers, got ${show(list ?? shape)}`);
    }
    this.shape = Object.freeze(Array.from(checkedDims('ShapeDtypeStruct', 'shape', list)));
    this.dtype = dtypeName(dtype, 'ShapeDtypeStruct', 'dtype');
    if (this.dtype === undefined) throw argError('ShapeDtypeStruct', 'dtype', "a dtype name such as 'float32' (or jnp.float32)", dtype);
    if (!DTYPES.has(this.dtype) && !/^u?int|^float|^complex/.test(this.dtype)) {
      throw new TypeError(`ShapeDtypeStruct: unknown dtype ${JSON.stringify(this.dtype)}`);
    }
    Object.freeze(this);
  }

  toString() {
    return `ShapeDtypeStruct(shape=(${this.shape.join(', ')}${this.shape.length === 1 ? ',' : ''}), dtype=${this.dtype})`;
  }
}

/** Callable with or without `new`, like a Python class. */
export function ShapeDtypeStruct(shape, dtype) {
  return new ShapeDtypeStructClass(shape, dtype);
}
ShapeDtypeStruct.prototype = ShapeDtypeStructClass.prototype;
Object.defineProperty(ShapeDtypeStruct, Symbol.hasInstance, {
  value: (x) => x instanceof ShapeDtypeStructClass,
});

export const hasShapeDtype = (x) => x !== null && typeof x === 'object' && Array.isArray(x.shape) && x.dtype !== undefined;


/** Option names: what each takes, as a check and as words for its error. */
const OPTION_TYPES = {
  ordered: [(v) => typeof v === 'boolean', 'true or false'],
  // Which strings are methods the engine says, in JAX's words.
  vmapMethod: [(v) => v === null || v === undefined || typeof v === 'string', `a string (one of ${VMAP_METHODS.map((m) => `'${m}'`).join(', ')}) or null`],
  skipFormatCheck: [(v) => typeof v === 'boolean', 'true or false'],
};

/** Values that make a trailing object a dict argument rather than options. */
const isArrayValue = (v) => v instanceof JaxArray || v instanceof HostArray || ArrayBuffer.isView(v) || Array.isArray(v);

/**
 * A trailing plain object whose keys are all option names is the options, like Python keyword
 * arguments, and each option must have its type (`{ordered: 'yes'}` is an error, not data);
 * one holding an array (`{ordered: x}`) stays a dict argument.
 */
export function splitOptions(rest, fnName, allowed) {
  const last = rest[rest.length - 1];
  if (isPlainObject(last)) {
    const entries = Object.entries(last);
    const isOptions = entries.length > 0 && entries.every(([k, v]) => k in OPTION_TYPES && !isArrayValue(v));
    if (isOptions) {
      const wrong = entries.find(([k]) => !allowed.includes(k));
      if (wrong) {
        throw jaxplayError(`${fnName} does not take the option \`${wrong[0]}\` (it takes ${allowed.map((a) => `\`${a}\``).join(', ')})`, TypeError);
      }
      for (const [k, v] of entries) {
        const [ok, expected] = OPTION_TYPES[k];
        if (!ok(v)) throw new TypeError(`${fnName}: option \`${k}\` must be ${expected}, got ${show(v)}`);
      }
      // The values read once above, in an object with no prototype: an option set on
      // Object.prototype (`Object.prototype.ordered = 'yes'`) is never read as one.
      return [rest.slice(0, -1), Object.assign(Object.create(null), Object.fromEntries(entries))];
    }
  }
  return [rest, NO_OPTIONS];
}

const NO_OPTIONS = Object.freeze(Object.create(null));
