// Orders a wasm module's functions so that similar ones sit next to each other, which is where
// gzip (a 32 KB window) finds their likeness: the engine is compiled from many rules with the
// same shape, and the instances of one generic function differ only a little.
//
//   node scripts/order-functions.mjs IN.wasm OUT.wasm
//
// Run on wasm-opt's output (scripts/wasm-opt.sh), whose name section it needs (and on
// wasm-bindgen's, before it). The order is a greedy chain: start at the first function, then
// take, among the functions not placed yet that share the most 4-byte sequences with the last
// one (estimated with MinHash signatures), the one deflate compresses best after the code
// placed so far. The chain's position is written in front of each function's name
// ("00042 jaxplay::…", replacing an earlier position), and `wasm-opt
// --reorder-functions-by-name` then moves the functions (and every reference to them) into that
// order; nothing else about the module changes. Deterministic for one input and one Node
// (whose zlib measures the candidates).
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { readModule, leb } from './wasm-module.mjs';

const SIGNATURE = 256;
const CANDIDATES = 32;
const WINDOW = 32768; // deflate's window

function mix(x, seed) {
  x = Math.imul(x ^ seed, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** MinHash signature of a body's 4-byte sequences. */
function signature(body) {
  const sig = new Uint32Array(SIGNATURE).fill(0xffffffff);
  const seen = new Set();
  for (let i = 0; i + 4 <= body.length; i++) {
    const gram = (body[i] | (body[i + 1] << 8) | (body[i + 2] << 16) | (body[i + 3] << 24)) >>> 0;
    if (seen.has(gram)) continue;
    seen.add(gram);
    for (let k = 0; k < SIGNATURE; k++) {
      const h = mix(gram, k * 0x9e3779b9);
      if (h < sig[k]) sig[k] = h;
    }
  }
  return sig;
}

/** Compressed bytes per byte of `body` when it follows `window` (deflate, gzip's method). */
function costAfter(window, body) {
  return deflateRawSync(body, { level: 9, dictionary: window }).length / Math.max(1, body.length);
}

export function chainOrder(bodies) {
  const sigs = bodies.map(signature);
  const placed = new Uint8Array(bodies.length);
  const order = [0];
  placed[0] = 1;
  let tail = Buffer.from(bodies[0]);
  for (let step = 1; step < bodies.length; step++) {
    // The functions most like the last one placed (MinHash), then, of those, the one that
    // compresses best after what gzip's window will hold when it comes.
    const cur = sigs[order[order.length - 1]];
    const near = []; // [score, index], best first
    for (let j = 0; j < bodies.length; j++) {
      if (placed[j]) continue;
      const s = sigs[j];
      let score = 0;
      for (let k = 0; k < SIGNATURE; k++) if (s[k] === cur[k]) score++;
      if (near.length === CANDIDATES && score <= near[CANDIDATES - 1][0]) continue;
      let at = near.length;
      while (at > 0 && near[at - 1][0] < score) at--;
      near.splice(at, 0, [score, j]);
      if (near.length > CANDIDATES) near.pop();
    }
    let best = near[0][1], bestCost = Infinity;
    for (const [, j] of near) {
      const cost = costAfter(tail, bodies[j]);
      if (cost < bestCost) { best = j; bestCost = cost; }
    }
    placed[best] = 1;
    order.push(best);
    tail = Buffer.concat([tail, bodies[best]]);
    if (tail.length > WINDOW) tail = tail.subarray(tail.length - WINDOW);
  }
  return order;
}

/** A name section with each defined function's position in `order` in front of its name. */
function nameSection(imported, order, names) {
  const entries = [];
  const width = String(order.length).length;
  for (let i = 0; i < imported; i++) entries.push([i, names.get(i) ?? `import${i}`]);
  order.forEach((f, rank) => {
    const i = imported + f;
    entries.push([i, `${String(rank).padStart(width, '0')} ${(names.get(i) ?? '').replace(/^\d+ /, '')}`]);
  });
  entries.sort((a, b) => a[0] - b[0]);
  const encoded = entries.flatMap(([i, n]) => {
    const bytes = Buffer.from(n);
    return [leb(i), leb(bytes.length), bytes];
  });
  const subsection = Buffer.concat([leb(entries.length), ...encoded]);
  const content = Buffer.concat([leb(4), Buffer.from('name'), Buffer.from([1]), leb(subsection.length), subsection]);
  return Buffer.concat([Buffer.from([0]), leb(content.length), content]);
}

function main() {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node scripts/order-functions.mjs IN.wasm OUT.wasm');
    process.exit(2);
  }
  const buf = readFileSync(input);
  const { sections, imported, bodies, names } = readModule(buf);
  const order = chainOrder(bodies);
  const kept = sections.filter((s) => s.name !== 'name').map((s) => s.bytes);
  writeFileSync(output, Buffer.concat([buf.subarray(0, 8), ...kept, nameSection(imported, order, names)]));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
