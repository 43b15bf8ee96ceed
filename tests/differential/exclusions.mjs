// Differences between real JAX and jaxplay that the differential tester knows about. EXCLUSIONS
// are permanent, each with the reason jaxplay cannot or deliberately does not match; PENDING are
// engine gaps someone is fixing, each naming the work it waits for. A difference matching either
// is "explained": the replay (tests/js/differential.test.mjs) and the on-demand run report it
// apart and do not fail on it; a PENDING entry that stops matching is reported so it gets
// removed. docs/conformance.md lists both (tests/js/oracle.test.mjs writes that section).

import { COMPARISONS as COMPARISON_OPS } from '../../www/lib/boundary.js';
import { jsJnpName } from '../../www/lib/jnp-names.js';

/** The comparisons as the generated programs call them (`jnp.lessEqual`...). */
const COMPARISONS = COMPARISON_OPS.map(jsJnpName);

export const EXCLUSIONS = [
  {
    id: 'float0-tangents',
    title: 'Tangents of integer and boolean outputs',
    reason: 'JAX gives an integer or boolean output of `jax.jvp` a tangent of dtype `float0` (a dtype '
      + 'with no data, meaning "no derivative"). jaxplay\'s arrays are float32, int32 or bool, so it '
      + 'returns zeros of the output\'s own dtype instead; shapes and every float tangent are compared as usual.',
    match: (prog, d) => d.mode === 'jvp' && d.kind === 'dtype' && d.detail.startsWith('float0 vs'),
  },
  {
    id: 'xla-divide-by-zero-rewrite',
    title: 'XLA rewrites of a division by zero or by a converted boolean',
    reason: 'XLA\'s algebraic simplifier rewrites `x / 0` where `x` is a converted boolean (a `jnp` '
      + 'function is one compiled XLA program, eagerly too), so `0 / 0` can come back as 0 where IEEE '
      + 'arithmetic gives NaN. jaxplay evaluates the IEEE division in every mode; '
      + 'reproducing the optimiser\'s rewrites is out of scope.',
    match: (prog, d) => d.kind === 'nan-inf'
      && prog.stmts.some((s) => s.op === 'divide' && (s.args[1]?.lit === 0 || ('v' in s.args[1] && isBool(prog, s.args[1].v)))),
  },
  {
    id: 'xla-multiply-by-converted-bool',
    title: 'XLA rewrites a multiplication by a converted boolean into a select',
    reason: 'XLA\'s algebraic simplifier turns `x * convert(b)` for a boolean `b` into `select(b, x, 0)`, '
      + 'so `NaN * False` gives 0 in JAX (eagerly too: a `jnp` function is one compiled XLA program). '
      + 'jaxplay multiplies as IEEE arithmetic says (NaN); reproducing the optimiser is out of scope.',
    match: (prog, d) => d.kind === 'nan-inf' && /^\[\d+\] -?\d/.test(d.detail) && d.detail.includes(' vs nan')
      && prog.stmts.some((s) => s.op === 'multiply' && s.args.some((a) => 'v' in a && isBool(prog, a.v))),
  },
  {
    id: 'xla-self-comparison-fold',
    title: 'XLA folds an integer compared with itself',
    reason: 'Under `jit`, XLA\'s algebraic simplifier replaces `x <= x` (and the other comparisons of '
      + 'an integer value with itself) by a constant, so a `pure_callback` whose only use was that '
      + 'comparison becomes dead and is never called. jaxplay does not run XLA\'s optimiser: it calls '
      + 'the callback and computes the same result.',
    match: (prog, d) => d.mode === 'jit' && d.kind === 'host-calls'
      && prog.stmts.some((s) => COMPARISONS.includes(s.op) && 'v' in s.args[0] && s.args[0].v === s.args[1].v
        && prog.stmts.some((p) => p.op === 'pure' && p.out.name === s.args[0].v)),
  },
  {
    id: 'independent-effect-order',
    title: 'Order of host calls from independent effects',
    reason: 'JAX orders calls only within one ordered effect (ordered `io_callback`s among themselves, '
      + 'ordered debug callbacks among themselves); pure and unordered callbacks and different ordered kinds '
      + 'may run in any order, and XLA\'s schedule differs from program order. jaxplay runs them in '
      + 'program order, one legal schedule (the schedule explorer shows others). The same calls are made.',
    match: (prog, d) => d.kind === 'host-calls' && sameCalls(d)
      && (prog.stmts.some((s) => ((s.op === 'io' || s.op === 'debug') && !s.ordered) || s.op === 'pure'
        || [s.body, ...(s.bodies ?? [])].some((b) => b === 'io' || b === 'pure'))
        || (prog.stmts.some((s) => s.op === 'io' && s.ordered) && prog.stmts.some((s) => s.op === 'debug' && s.ordered))),
  },
  {
    id: 'python-float-through-custom-rule',
    title: 'Python floats that stay Python floats',
    reason: 'Called eagerly on a bare Python float, JAX\'s `custom_jvp`/`custom_vjp` functions run the '
      + 'Python function on the float itself, `lax.stop_gradient` returns a float subclass, and '
      + '`lax.while_loop` returns a carry its body passes through unchanged as it was given, so the '
      + 'result has no `.shape` or `.astype`. A JS number passed to these becomes a weak float32 array, '
      + 'so jaxplay returns an array (the value JAX gives under `jit`) and what follows works.',
    match: (prog, d) => /'(Typed)?[Ff]loat' object has no attribute/.test(d.detail)
      && prog.stmts.some((s) => ['customJvp', 'customVjp', 'stopGradient', 'while'].includes(s.op)),
  },
  {
    id: 'xla-zero-trip-loop',
    title: 'XLA removes a loop that never runs',
    reason: 'Under `jit`, XLA\'s while-loop simplifier deletes a `fori_loop`/`while_loop` whose trip count '
      + 'it can prove is zero, effects in its body included, so a `pure_callback` whose only use was '
      + 'that loop\'s initial value becomes dead and is never called. jaxplay does not run XLA\'s '
      + 'optimiser: it keeps the loop (its body never runs) and calls the callback.',
    match: (prog, d) => d.mode === 'jit' && d.kind === 'host-calls'
      && prog.stmts.some((s) => (s.op === 'fori' || s.op === 'while') && s.n === 0)
      && prog.stmts.some((s) => s.op === 'pure'),
  },
  {
    id: 'xla-integer-self-subtraction-fold',
    title: 'XLA folds the shift of an integer scalar\'s softmax',
    reason: '`jax.nn.softmax` and `log_softmax` subtract the maximum; for an integer scalar over all axes '
      + 'the maximum is the value itself, and under `jit` XLA\'s algebraic simplifier folds the integer '
      + '`x - x` to 0, so a `pure_callback` whose only use was that value becomes dead and is never called. '
      + 'jaxplay does not run XLA\'s optimiser: it calls the callback and computes the same result.',
    match: (prog, d) => d.mode === 'jit' && d.kind === 'host-calls'
      && prog.stmts.some((s) => (s.op === 'softmax' || s.op === 'logSoftmax') && 'v' in s.args[0]
        && typeOf(prog, s.args[0].v)?.dtype === 'int32' && typeOf(prog, s.args[0].v)?.shape.length === 0)
      && prog.stmts.some((s) => s.op === 'pure' || [s.body, ...(s.bodies ?? [])].includes('pure')),
  },
  {
    id: 'xla-size-one-reduction-fold',
    title: 'XLA folds reductions over axes of length 1 to constants',
    reason: 'Under `jit`, XLA\'s algebraic simplifier replaces `argmin`/`argmax` over axes of length 1 by 0, '
      + 'and `var`/`std` with `ddof=1` over them (a deviation of 0 divided by a count of 0) by NaN, so a '
      + '`pure_callback` whose only use was that operand becomes dead and is never called. jaxplay does not '
      + 'run XLA\'s optimiser: it calls the callback and computes the same result.',
    match: (prog, d) => d.mode === 'jit' && d.kind === 'host-calls'
      && prog.stmts.some((s) => (s.op === 'argmin' || s.op === 'argmax' || ((s.op === 'var' || s.op === 'std') && s.kw.ddof === 1))
        && 'v' in s.args[0] && reducesOnlyOnes(typeOf(prog, s.args[0].v), s.kw.axis))
      && prog.stmts.some((s) => s.op === 'pure' || [s.body, ...(s.bodies ?? [])].includes('pure')),
  },
  {
    id: 'xla-size-one-contraction-sign-of-zero',
    title: 'XLA turns a product over one element into a multiplication',
    reason: 'XLA\'s algebraic simplifier rewrites a `dot_general` whose contracted axis has length 1 into an '
      + 'elementwise multiplication, so `0 * -1.5` keeps its sign (-0) where a sum of products, jaxplay\'s '
      + 'and XLA\'s for longer axes, starts from +0 and gives +0. The values are equal; only a later division '
      + 'or logarithm of that zero (its infinity\'s sign) tells them apart.',
    match: (prog, d) => d.kind === 'nan-inf' && /(^|\s)-?inf vs -?inf/.test(d.detail.replace(/^\[\d+\] /, ''))
      && prog.stmts.some((s) => (s.op === 'dot' || s.op === 'matmul') && 'v' in s.args[0]
        && typeOf(prog, s.args[0].v)?.shape.at(-1) === 1),
  },
  {
    id: 'xla-conv-padding-times-non-finite',
    title: 'XLA multiplies a convolution\'s zero padding by the kernel',
    reason: 'XLA\'s CPU convolution materialises the zero padding for kernels of three or more taps (not '
      + 'for one or two), so a NaN or infinite kernel tap that lands on padding makes `0 * NaN`: '
      + '`jnp.convolve([-0.75, 1, 2], [-0.75, nan, 2])` is NaN everywhere in JAX. jaxplay\'s '
      + '`conv_general_dilated` skips taps on padding for every kernel, so its ends are the sums of '
      + 'the taps on the input, `[0.5625, nan, nan, nan, 4]`; finite inputs give the same values either way.',
    match: (prog, d) => d.kind === 'nan-inf' && /^\[\d+\] nan vs -?\d/.test(d.detail)
      && prog.stmts.some((s) => s.op === 'convolve' || s.op === 'correlate'),
  },
];

/** Whether reducing `axis` (an int, a list, or undefined for all) of type `t` reduces only axes of length 1. */
function reducesOnlyOnes(t, axis) {
  if (!t) return false;
  const axes = axis === undefined || axis === null ? t.shape.map((_, i) => i) : [].concat(axis);
  return axes.every((a) => t.shape[a < 0 ? a + t.shape.length : a] === 1);
}

/** The type (`{ shape, dtype, weak }`) of variable `name` of `prog`. */
function typeOf(prog, name) {
  const input = prog.inputs.find((x) => x.name === name);
  if (input) return { shape: input.shape, dtype: input.dtype, weak: input.weak };
  const s = prog.stmts.find((t) => t.out?.name === name || t.out2?.name === name);
  return (s?.out2?.name === name ? s.out2 : s?.out)?.t;
}

/** Whether variable `name` of `prog` holds booleans. */
const isBool = (prog, name) => typeOf(prog, name)?.dtype === 'bool';

/** The difference's two call lists, JAX's and jaxplay's, hold the same calls in another order. */
function sameCalls(d) {
  const [want, got] = d.detail.split(' vs ').map((x) => JSON.parse(x).map((c) => JSON.stringify(c)).sort().join());
  return want === got;
}

export const PENDING = [];

/** The exclusion or pending entry explaining difference `d` of program `prog`, if any. */
export function explain(prog, d) {
  return EXCLUSIONS.find((x) => x.match(prog, d)) ?? PENDING.find((x) => x.match(prog, d)) ?? null;
}
