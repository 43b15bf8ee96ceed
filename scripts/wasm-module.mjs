// Reads a wasm module's layout: its sections, imported-function count, function bodies and
// function names. Shared by scripts/order-functions.mjs (which reorders the functions) and
// bench/size.mjs (which measures them).

/** An unsigned LEB128 number at `pos`: `[value, position after it]`. */
export function readLeb(buf, pos) {
  let result = 0, shift = 0, byte;
  do {
    byte = buf[pos++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [result, pos];
}

/** `n` as unsigned LEB128 bytes. */
export function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

function skipName(buf, pos) {
  const [len, p] = readLeb(buf, pos);
  return p + len;
}

/**
 * The module in `buf`: its sections in order (`{ id, name, size, bytes }`: a custom section's
 * name, the content's size, the whole section's bytes), how many functions it imports, its
 * function bodies (by defined-function index) and its function names (by function index).
 */
export function readModule(buf) {
  const sections = [];
  let imported = 0;
  let bodies = [];
  const names = new Map();
  let pos = 8;
  while (pos < buf.length) {
    const start = pos;
    const id = buf[pos++];
    let len;
    [len, pos] = readLeb(buf, pos);
    const end = pos + len;
    let name = null;
    if (id === 0) name = buf.subarray(pos + 1, skipName(buf, pos)).toString();
    if (id === 2) {
      let n, p = pos;
      [n, p] = readLeb(buf, p);
      for (let i = 0; i < n; i++) {
        p = skipName(buf, skipName(buf, p));
        const kind = buf[p++];
        if (kind === 0) { [, p] = readLeb(buf, p); imported++; }
        else if (kind === 1) { p++; const flags = buf[p++]; [, p] = readLeb(buf, p); if (flags & 1) [, p] = readLeb(buf, p); }
        else if (kind === 2) { const flags = buf[p++]; [, p] = readLeb(buf, p); if (flags & 1) [, p] = readLeb(buf, p); }
        else if (kind === 3) p += 2;
        else throw new Error(`unknown import kind ${kind}`);
      }
    }
    if (id === 10) {
      let n, p = pos;
      [n, p] = readLeb(buf, p);
      bodies = [];
      for (let i = 0; i < n; i++) {
        let size;
        [size, p] = readLeb(buf, p);
        bodies.push(buf.subarray(p, p + size));
        p += size;
      }
    }
    if (name === 'name') {
      let p = skipName(buf, pos);
      while (p < end) {
        const sub = buf[p++];
        let subLen;
        [subLen, p] = readLeb(buf, p);
        if (sub === 1) {
          let n, q = p;
          [n, q] = readLeb(buf, q);
          for (let i = 0; i < n; i++) {
            let idx, len;
            [idx, q] = readLeb(buf, q);
            [len, q] = readLeb(buf, q);
            names.set(idx, buf.subarray(q, q + len).toString());
            q += len;
          }
        }
        p += subLen;
      }
    }
    sections.push({ id, name, size: len, bytes: buf.subarray(start, end) });
    pos = end;
  }
  return { sections, imported, bodies, names };
}
