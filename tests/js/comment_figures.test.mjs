// Comments in src/ and www/lib/ say why code is as it is; what a choice measured belongs in
// bench/NOTES.md ("Figures behind code comments"), where a figure has its date and context. This
// catches the usual shape of a figure slipping back into a comment: an amount (bytes, time, a
// ratio, a fraction) on the same line as a word of measuring.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';

const AMOUNT = /(?:\d[\d.,]*|several|a few)\s?(?:KB|KiB|MB|MiB|GB|GiB|bytes|ns|µs|ms)\b|\b\d+(?:\.\d+)?\s?(?:x|×|%)(?!\w)|\b(?:a quarter|a third|half) of\b/;
const MEASURING = /\b(?:measured|peak(?:s|ed)?|saved?|saves|faster|slower|gzip|of the wasm|went there|cost)\b/i;
const COMMENT = /^\s*(?:\/\/|\/\*|\*)|\s\/\/\s/;

async function sources() {
  const files = [];
  for (const [dir, ext] of [['src/', '.rs'], ['www/lib/', '.js']]) {
    const root = new URL(`../../${dir}`, import.meta.url);
    for (const f of await readdir(root, { recursive: true })) {
      if (f.endsWith(ext) && f !== 'boundary.js') files.push([`${dir}${f}`, new URL(f, root)]);
    }
  }
  return files;
}

test('no comment in src/ or www/lib/ quotes a measurement (they belong in bench/NOTES.md)', async () => {
  const found = [];
  const files = await sources();
  assert.ok(files.length > 50, `only ${files.length} source files found`);
  for (const [name, url] of files) {
    (await readFile(url, 'utf8')).split('\n').forEach((line, i) => {
      if (COMMENT.test(line) && AMOUNT.test(line) && MEASURING.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

test('the check finds figures in comments of the kinds it looks for', () => {
  for (const line of [
    '// Shape and elements, rather than ndarray\'s array formatter (several KB of the wasm).',
    ' * Measured (bench/memory.mjs case b): 1x peaks at 108 MiB, 4x at 90, 8x at 58.',
    ' * its elements off the JS heap, which cost a quarter of a small callback call.',
    ' * but V8 then reclaims arrays later: a loop of 1e6-element results peaked at 763 MiB of moved',
  ]) assert.ok(COMMENT.test(line) && AMOUNT.test(line) && MEASURING.test(line), line);
});
