// Where the engine's bytes go: reads a .wasm's code and name sections and prints the largest
// functions and the code size summed by Rust module path. The shipped module has no names, so
// measure a named twin: `bash bench/size.sh` builds one (wasm-opt -g) beside www/pkg.
//
//   node bench/size.mjs FILE.wasm [--top N] [--depth D] [--grep TEXT]
//   node bench/size.mjs A.wasm B.wasm      # per-path and per-function differences, B − A
//   node bench/size.mjs FILE.wasm --owners  # generic code charged to the engine function using it
//   add --gzip to any of them: sizes are then what each function adds to the compressed module
//
// Sizes are raw body bytes, or with --gzip each body deflated after the 32 KB of code before it
// (deflate's window), which is what it adds to the gzip figure: hundreds of near-copies of one
// generic function cost gzip little, a rule's own logic a lot. The module's totals are those of the shipped form, without custom
// sections (names), in the figure of the 150 KB target (bench/report.mjs: gzip -9, 1 KB = 1024 B).
import { readFileSync } from 'node:fs';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { readModule } from '../scripts/wasm-module.mjs';

// scripts/order-functions.mjs writes each function's place in the shipped order in front of
// its name ("00042 jaxplay::…"); the tools here use the name alone.
const unrank = (name) => name.replace(/^\d+ /, '');

/** Function bodies and names of one module, its section sizes, and the shipped form's size. */
export function parseWasm(file) {
  const buf = readFileSync(file);
  const { sections: all, imported, bodies, names } = readModule(buf);
  const sections = {};
  const kept = [buf.subarray(0, 8)];
  for (const { id, name, size, bytes } of all) {
    if (id === 0) {
      sections[`custom:${name}`] = size;
    } else {
      sections[id] = (sections[id] ?? 0) + size;
      kept.push(bytes);
    }
  }
  const funcs = bodies.map((body, i) => ({ name: unrank(names.get(imported + i) ?? `f${imported + i}`), size: body.length, body }));
  // The shipped module is this one without custom sections (names, producers).
  const shipped = Buffer.concat(kept);
  return { funcs, sections, gzip: gzipSync(shipped, { level: 9 }).length, raw: shipped.length };
}

/** Replaces each function's size by its compressed cost, in module order (see --gzip). */
export function chargeCompressed(funcs) {
  let window = Buffer.alloc(0);
  for (const f of funcs) {
    f.size = deflateRawSync(f.body, { level: 9, dictionary: window }).length;
    window = Buffer.concat([window, f.body]);
    if (window.length > 32768) window = window.subarray(window.length - 32768);
  }
}

// A Rust symbol as the name section has it ("jaxplay::dce::dce_jaxpr::h…", "<T as K>::f"):
// the leading path of the type or function that owns it, to `depth` segments.
export function modulePath(name, depth) {
  let s = name.replace(/::h[0-9a-f]{16}$/, '');
  if (s.startsWith('<')) {
    s = s.slice(1);
    const m = s.match(/^(?:&(?:mut )?)?(?:dyn )?([A-Za-z_][\w:]*)/);
    s = m ? m[1] : s;
  }
  const segments = s.split('<')[0].split('::').filter(Boolean);
  return segments.slice(0, depth).join('::') || s;
}

function totalsByPath(funcs, depth) {
  const totals = new Map();
  for (const f of funcs) {
    const key = modulePath(f.name, depth);
    const t = totals.get(key) ?? { size: 0, count: 0 };
    t.size += f.size;
    t.count += 1;
    totals.set(key, t);
  }
  return totals;
}

// Most of the code is generic (collects, folds, closures) and named after the library, not after
// the engine function that instantiated it. `--owners` charges each function that only one
// engine function reaches (all its callers charged to the same owner) to that owner, using the
// call graph from binaryen's wasm-dis. Functions called through the table stay their own.
function owners(file, funcs) {
  const wat = execFileSync('wasm-dis', [file], { maxBuffer: 1 << 30 }).toString();
  const callers = new Map();
  const inTable = new Set();
  let current = null;
  const nameRe = /\$(?:"((?:[^"\\]|\\.)*)"|([^\s()]+))/;
  for (const line of wat.split('\n')) {
    const fn = line.match(/^ \(func /) && line.slice(7).match(nameRe);
    if (fn) {
      current = unrank(fn[1] ?? fn[2]);
      continue;
    }
    if (line.startsWith(' (elem')) {
      for (const m of line.matchAll(new RegExp(nameRe, 'g'))) inTable.add(unrank(m[1] ?? m[2]));
      continue;
    }
    const call = line.match(/\((?:call|return_call|ref\.func) /) && line.slice(line.search(/\((?:call|return_call|ref\.func) /)).match(nameRe);
    if (call && current) {
      const callee = unrank(call[1] ?? call[2]);
      if (!callers.has(callee)) callers.set(callee, new Set());
      callers.get(callee).add(current);
    }
  }
  // wasm-dis escapes some characters in names; compare names as it prints them.
  const owner = new Map();
  const isEngine = (n) => /^(<)?jaxplay::/.test(n);
  for (const f of funcs) if (isEngine(f.name) || inTable.has(f.name) || !callers.has(f.name)) owner.set(f.name, f.name);
  for (let changed = true; changed;) {
    changed = false;
    for (const f of funcs) {
      if (owner.has(f.name)) continue;
      const os = new Set([...callers.get(f.name)].map((c) => (c === f.name ? undefined : owner.get(c))));
      os.delete(undefined);
      const known = [...callers.get(f.name)].every((c) => c === f.name || owner.has(c));
      if (known && os.size === 1) {
        owner.set(f.name, [...os][0]);
        changed = true;
      } else if (known && os.size > 1) {
        owner.set(f.name, f.name);
        changed = true;
      }
    }
  }
  const totals = new Map();
  for (const f of funcs) {
    const o = owner.get(f.name) ?? f.name;
    const t = totals.get(o) ?? { size: 0, count: 0 };
    t.size += f.size;
    t.count += 1;
    totals.set(o, t);
  }
  return totals;
}

const SECTION_NAMES = { 1: 'type', 2: 'import', 3: 'function', 5: 'memory', 6: 'global', 7: 'export', 9: 'element', 10: 'code', 11: 'data', 12: 'datacount' };

function main() {
  const args = process.argv.slice(2);
  const opt = (flag, fallback) => {
    const i = args.indexOf(flag);
    if (i < 0) return fallback;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const top = Number(opt('--top', 40));
  const depth = Number(opt('--depth', 2));
  const grep = opt('--grep', null);
  const byOwner = args.includes('--owners');
  if (byOwner) args.splice(args.indexOf('--owners'), 1);
  const compressed = args.includes('--gzip');
  if (compressed) args.splice(args.indexOf('--gzip'), 1);
  if (args.length === 0 || args.length > 2) {
    console.error('usage: node bench/size.mjs FILE.wasm [B.wasm] [--top N] [--depth D] [--grep TEXT] [--owners] [--gzip]');
    process.exit(2);
  }
  const pad = (s, n) => String(s).padStart(n);
  if (args.length === 1) {
    const m = parseWasm(args[0]);
    if (compressed) chargeCompressed(m.funcs);
    console.log(`${args[0]}: ${m.raw} B raw, ${m.gzip} B gzip -9 (${(m.gzip / 1024).toFixed(1)} KB)`);
    console.log('sections:', Object.entries(m.sections).map(([k, v]) => `${SECTION_NAMES[k] ?? k} ${v}`).join(', '));
    if (byOwner) {
      console.log('\nfunctions with the code charged to them (size, functions):');
      const totals = [...owners(args[0], m.funcs)].filter(([k]) => !grep || k.includes(grep));
      for (const [k, t] of totals.sort((a, b) => b[1].size - a[1].size).slice(0, top)) console.log(`${pad(t.size, 8)} ${pad(t.count, 5)}  ${k}`);
      return;
    }
    const funcs = grep ? m.funcs.filter((f) => f.name.includes(grep)) : m.funcs;
    console.log(`\ntotals by path (depth ${depth}):`);
    const totals = [...totalsByPath(funcs, depth)].sort((a, b) => b[1].size - a[1].size);
    for (const [k, t] of totals.slice(0, top)) console.log(`${pad(t.size, 8)} ${pad(t.count, 5)}  ${k}`);
    console.log(`\nlargest functions (${funcs.length} matched, ${funcs.reduce((s, f) => s + f.size, 0)} B):`);
    for (const f of [...funcs].sort((a, b) => b.size - a.size).slice(0, top)) console.log(`${pad(f.size, 8)}  ${f.name}`);
    return;
  }
  const [a, b] = args.map((f) => parseWasm(f));
  if (compressed) [a, b].forEach((m) => chargeCompressed(m.funcs));
  console.log(`A ${a.raw} B raw, ${a.gzip} B gzip; B ${b.raw} B raw, ${b.gzip} B gzip; B − A: ${b.raw - a.raw} raw, ${b.gzip - a.gzip} gzip`);
  const ta = totalsByPath(a.funcs, depth), tb = totalsByPath(b.funcs, depth);
  const keys = new Set([...ta.keys(), ...tb.keys()]);
  const diffs = [...keys].map((k) => [k, (tb.get(k)?.size ?? 0) - (ta.get(k)?.size ?? 0)]).filter(([, d]) => d !== 0);
  diffs.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  console.log(`\nby path (depth ${depth}), B − A:`);
  for (const [k, d] of diffs.slice(0, top)) console.log(`${pad(d, 8)}  ${k}`);
  const strip = (n) => n.replace(/::h[0-9a-f]{16}$/, '');
  const sum = (funcs) => {
    const m = new Map();
    for (const f of funcs) m.set(strip(f.name), (m.get(strip(f.name)) ?? 0) + f.size);
    return m;
  };
  const fa = sum(a.funcs), fb = sum(b.funcs);
  const fkeys = new Set([...fa.keys(), ...fb.keys()]);
  const fd = [...fkeys].map((k) => [k, (fb.get(k) ?? 0) - (fa.get(k) ?? 0)]).filter(([, d]) => d !== 0);
  fd.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  console.log('\nby function, B − A:');
  for (const [k, d] of fd.slice(0, top)) console.log(`${pad(d, 8)}  ${k}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
