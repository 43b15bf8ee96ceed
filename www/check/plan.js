// The inputs of one Check, generated in the page for each Check: random float32 values (exact
// multiples of 1/8, so doubling and sums are exact), several lengths including 0, unsorted and
// with negatives, so no table of known inputs can answer them. Also the references: what a
// right solution returns for them.

function randomInt(n) {
  const b = new Uint32Array(1);
  crypto.getRandomValues(b);
  return b[0] % n;
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const value = () => (randomInt(161) - 80) / 8; // -10 .. 10 in steps of 1/8

/** `n` values with at least one negative, not sorted either way when n > 2. */
export function vector(n) {
  for (;;) {
    const v = Array.from({ length: n }, value);
    if (n > 0 && !v.some((x) => x < 0)) v[randomInt(n)] = -(randomInt(79) + 1) / 8;
    const up = v.every((x, i) => i === 0 || v[i - 1] <= x);
    const down = v.every((x, i) => i === 0 || v[i - 1] >= x);
    if (n <= 2 || (!up && !down)) return v;
  }
}

const sameValues = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Probes of `lengths`, each unlike every one of `values` of the same length (when not empty), so
 * a host that answers from what it saw before (a cache keyed by length) always meets new data.
 */
function probesBeside(values, lengths) {
  return lengths.map((n) => {
    for (;;) {
      const v = vector(n);
      if (n === 0 || !values.some((w) => sameValues(v, w))) return v;
    }
  });
}

/**
 * A "what if" for one probe: values `np.asarray` hands the host instead of its argument's
 * (same length, other numbers), so Check sees whether the answer is computed from what
 * `np.asarray` returns or from the argument around it.
 */
function swapFor(probes) {
  const probe = probes.findIndex((p) => p.length >= 3);
  for (;;) {
    const values = vector(probes[probe].length);
    if (!sameValues(values, probes[probe])) return { probe, values };
  }
}

/** { values, probes, rule, swap } for `exercise`. */
export function makePlan(exercise) {
  // One probe of a random longer length: a host with a fixed-size buffer or a length cut-off
  // fails it. A rule is tested at every length the loss runs at and more, on cotangents of
  // either sign and magnitudes from 1/8 to about 1000.
  const long = 9 + randomInt(32);
  if (exercise.run === 'grad') {
    // Every sign at small and large magnitudes, given to the lengths in a random order.
    const scales = shuffle([1 / 8, -1 / 2, 2, -8, 32, -128, 512, -1]);
    const values = [4, 3, 6, 5].map(vector);
    const probes = probesBeside(values, [5, 1, 7, 3, long]);
    return {
      values,
      probes,
      swap: swapFor(probes),
      rule: [3, 5, 4, 6, 1, 2, 7, long].map((n, i) => ({ x: vector(n), ct: scales[i] * (1 + randomInt(8) / 8), t: vector(n) })),
    };
  }
  const values = [3, 0, 6, 1].map(vector);
  const probes = probesBeside(values, [4, 0, 7, 1, 5, long]);
  return { values, probes, swap: swapFor(probes), rule: [] };
}

/**
 * The order the worker gives the probes to each host: forward, backward, then the first and
 * last interleaved (same answers whatever came before). Index loops only: the worker calls it
 * after learner code may have replaced the array iterator.
 */
export function probeOrder(n) {
  const order = [];
  for (let i = 0; i < n; i++) order[order.length] = i;
  for (let i = n - 1; i >= 0; i--) order[order.length] = i;
  for (let k = 0; n > 1 && k < 4; k++) order[order.length] = k % 2 === 0 ? 0 : n - 1;
  return order;
}

export const mean = (x) => x.reduce((a, b) => a + b, 0) / x.length;

/** The exercise's answer for input `x`: { values, shape }. */
export function reference(exercise, x) {
  if (exercise.run !== 'grad') return { values: x.map((v) => 2 * v), shape: [x.length] };
  const m = mean(x);
  return { values: [x.reduce((a, v) => a + (v - m) ** 2, 0)], shape: [] };
}

/** The gradient of the grad exercise's loss: 2 (x - mean). */
export const referenceGrad = (x) => x.map((v) => 2 * (v - mean(x)));
