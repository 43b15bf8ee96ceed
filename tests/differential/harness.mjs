// The jaxplay side of the differential tester: runs a generated program in each mode the way
// jax_runner.py does in real JAX, encodes the outcome the same way, and compares two outcomes
// into a list of differences by kind. Shared by the on-demand run (run.mjs) and the CI replay.

import { jax, jnp, np, ioCallback, HostArray } from '../../www/jaxplay.js';
import { toJS } from './gen.mjs';

const LOG = [];

const hostDouble = (x) => {
  LOG.push(['double', [...x.shape]]);
  return np.asarray(x).mul(2);
};
function hostLog(x) {
  LOG.push(['log', [...x.shape]]);
}
const cjTriple = jax.customJvp((x) => jnp.multiply(x, 3));
cjTriple.defjvp(([x], [t]) => [jnp.multiply(x, 3), jnp.multiply(t, 10)]);
const cvTriple = jax.customVjp((x) => jnp.multiply(x, 3));
cvTriple.defvjp((x) => [jnp.multiply(x, 3), x], (res, ct) => [jnp.multiply(jnp.multiply(ct, res), 2)]);

const SCOPE = { jax, jnp, np, ioCallback, hostDouble, hostLog, cjTriple, cvTriple };

/** The JS function a program's source text defines. */
export function compile(js) {
  // eslint-disable-next-line no-new-func
  return new Function(...Object.keys(SCOPE), `return (${js});`)(...Object.values(SCOPE));
}

const TYPED = { float32: Float32Array, int32: Int32Array, bool: Uint8Array };
const decode = (v) => ({ nan: NaN, inf: Infinity, '-inf': -Infinity }[v] ?? v);
export const encodeNumber = (v) => (Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : v);

function makeArg(x, values, shape, batched) {
  if (x.bare && !batched) return decode(values[0]);
  const data = TYPED[x.dtype].from(values.map(decode), (v) => Number(v));
  return jnp.array(new HostArray(data, shape, x.dtype));
}

function leaf(a) {
  const arr = a instanceof jax.Array ? a : jnp.array(a);
  const typed = arr.toTypedArray();
  const values = Array.from(typed, (v) => (arr.dtype === 'bool' ? Boolean(v) : encodeNumber(v)));
  return { shape: [...arr.shape], dtype: arr.dtype, weak: a instanceof jax.Array ? arr.weakType : true, values };
}

function runMode(f, prog, mode) {
  const { inputs } = prog;
  const args = inputs.map((x) => makeArg(x, x.values, x.shape, false));
  let outs;
  if (mode === 'eager') outs = [f(...args)];
  else if (mode === 'jit') outs = [jax.jit(f)(...args)];
  else if (mode === 'vmap') {
    const bargs = inputs.map((x, i) => (x.batched ? makeArg(x, x.batchedValues, [2, ...x.shape], true) : args[i]));
    outs = [jax.vmap(f, { inAxes: inputs.map((x) => (x.batched ? 0 : null)) })(...bargs)];
  } else if (mode === 'grad') outs = [jax.grad((...a) => jnp.sum(f(...a)))(...args)];
  else if (mode === 'jvp') {
    const tangents = inputs.map((x) => makeArg(x, x.tangent, x.shape, false));
    outs = jax.jvp(f, args, tangents);
  } else throw new Error(mode);
  jax.effectsBarrier();
  return outs.map(leaf);
}

/** `{ mode: { out, calls } | { error } }` for `prog` in jaxplay. */
export function runProgram(prog, modes, js = toJS(prog)) {
  const f = compile(js);
  const results = {};
  for (const mode of modes) {
    LOG.length = 0;
    try {
      const out = runMode(f, prog, mode);
      results[mode] = { out, calls: LOG.map((c) => [...c]) };
    } catch (e) {
      results[mode] = { error: `${e?.name ?? 'Error'}: ${e?.message ?? String(e)}` };
    }
  }
  return results;
}

// ------------------------------------------------------------------ comparison

/**
 * Phrases that identify an error across the two implementations, most specific first. An
 * error's key is the first phrase its message contains; two errors agree when their keys agree
 * and they quote the same shapes.
 */
export const ERROR_PHRASES = [
  'incompatible shapes for broadcasting',
  'Incompatible types for broadcasting',
  'Pure callbacks do not support JVP',
  'IO callbacks do not support JVP',
  'can\'t apply forward-mode autodiff (jvp) to a custom_vjp function',
  'Reverse-mode differentiation does not work for lax.while_loop',
  'grad requires real-valued outputs',
  'grad requires real- or complex-valued inputs',
  'Cannot `vmap` ordered IO callback',
  'IO effect not supported in vmap-of-cond',
  'cannot reshape array',
  'Cannot broadcast to shape with fewer dimensions',
  'vmap is only supported for the pure_callback primitive when vmap_method is one of',
  'does not accept dtype bool',
  'out of bounds',
];

/** The phrase identifying an error; without one, its first line without the exception class. */
export function errorKey(message) {
  const lower = message.toLowerCase();
  const phrase = ERROR_PHRASES.find((p) => lower.includes(p.toLowerCase()));
  return phrase ?? message.split('\n')[0].replace(/^\w+: /, '');
}

/** Shapes quoted in an error message, `(2, 3)` style. */
export const quotedShapes = (message) => (message.match(/\((?:\d+(?:, ?\d+)*,?)?\)/g) ?? []).map((s) => s.replace(/\s/g, '').replace(/,\)$/, ')'));

const close = (a, b) => {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  return Math.abs(a - b) <= 1e-5 * Math.max(Math.abs(a), Math.abs(b)) + 1e-6;
};

/** Differences between JAX's outcome `want` and jaxplay's `got` for one mode: `[{ kind, detail }]`. */
export function compareMode(want, got) {
  if ('error' in want || 'error' in got) {
    if (!('error' in got)) return [{ kind: 'jaxplay-no-error', detail: want.error }];
    if (!('error' in want)) return [{ kind: 'jaxplay-error', detail: got.error }];
    const kw = errorKey(want.error);
    const kg = errorKey(got.error);
    if (kw !== kg) return [{ kind: 'error-message', detail: `JAX: ${want.error.split('\n')[0]} | jaxplay: ${got.error.split('\n')[0]}` }];
    const sw = quotedShapes(want.error).join(' ');
    const sg = quotedShapes(got.error).join(' ');
    if (sw !== sg) return [{ kind: 'error-shapes', detail: `JAX: ${want.error.split('\n')[0]} | jaxplay: ${got.error.split('\n')[0]}` }];
    return [];
  }
  const diffs = [];
  if (want.out.length !== got.out.length) return [{ kind: 'structure', detail: `${want.out.length} vs ${got.out.length} outputs` }];
  want.out.forEach((w, i) => {
    const g = got.out[i];
    const at = want.out.length > 1 ? ` (output ${i})` : '';
    if (w.shape.join() !== g.shape.join()) diffs.push({ kind: 'shape', detail: `${w.shape} vs ${g.shape}${at}` });
    else if (w.dtype !== g.dtype) diffs.push({ kind: 'dtype', detail: `${w.dtype} vs ${g.dtype}${at}` });
    else {
      if (w.weak !== g.weak) diffs.push({ kind: 'weak-type', detail: `JAX weak=${w.weak}, jaxplay weak=${g.weak} (${w.dtype}${at})` });
      const bad = w.values.findIndex((v, j) => !close(v, g.values[j]));
      if (bad >= 0) {
        const special = (v) => typeof v === 'string';
        const kind = special(w.values[bad]) || special(g.values[bad]) ? 'nan-inf' : 'values';
        diffs.push({ kind, detail: `[${bad}] ${w.values[bad]} vs ${g.values[bad]}${at}` });
      }
    }
  });
  if (JSON.stringify(want.calls) !== JSON.stringify(got.calls)) {
    diffs.push({ kind: 'host-calls', detail: `${JSON.stringify(want.calls)} vs ${JSON.stringify(got.calls)}` });
  }
  return diffs;
}

/** Every difference of a program: `[{ mode, kind, detail }]`. */
export function compareProgram(want, got) {
  return Object.keys(want).flatMap((mode) => compareMode(want[mode], got[mode] ?? { error: 'not run' }).map((d) => ({ mode, ...d })));
}
