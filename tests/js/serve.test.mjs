// scripts/serve.mjs: its `route` (requests it answers never reach the files, the rest do), and
// the precompressed copies scripts/site.mjs writes (`precompress`), sent in place of
// compressing a file as it is asked for, unless older than the file or outside the root.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';
import { precompress, listFiles } from '../../scripts/site.mjs';

async function withServer(options, fn) {
  const { server, url } = await startServer({ port: 0, ...options });
  try {
    return await fn(url);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The body as sent (not decoded, as fetch would), and its Content-Encoding. */
function getRaw(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? null, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const DECODE = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, null: (b) => b };
const decoded = ({ encoding, body }) => DECODE[encoding](body).toString();

test('a route answers its own requests and leaves the rest to the files', async () => {
  const seen = [];
  const route = (req, res) => {
    if (!req.url.startsWith('/__report')) return false;
    seen.push(req.url);
    res.writeHead(204).end();
    return true;
  };
  await withServer({ route }, async (url) => {
    const report = await fetch(`${url}__report?ready=281`);
    assert.equal(report.status, 204);
    assert.deepEqual(seen, ['/__report?ready=281']);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/);
    assert.equal((await fetch(`${url}no-such-file.js`)).status, 404);
    assert.deepEqual(seen, ['/__report?ready=281']);
  });
});

test('precompressed copies: written for text and wasm, sent in their file\'s place, ignored when stale or outside the root', async (t) => {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-serve-'));
  const root = path.join(base, 'site');
  const text = 'const doubled = (x) => x * 2;\n'.repeat(200);
  try {
    await fs.mkdir(path.join(root, 'assets'), { recursive: true });
    const files = {
      'index.html': '<!doctype html><title>t</title>\n'.repeat(50),
      'assets/a.js': text,
      'assets/style.css': 'body { margin: 0 }\n'.repeat(100),
      'assets/engine.wasm': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 13)),
      'assets/picture.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    };
    for (const [f, content] of Object.entries(files)) await fs.writeFile(path.join(root, f), content);
    await precompress(root);

    await t.test('each compressible file gets a .br and a .gz that decode to it; listFiles leaves them out', async () => {
      const all = (await fs.readdir(root, { recursive: true })).filter((f) => !f.endsWith('assets')).sort();
      const copies = all.filter((f) => /\.(br|gz)$/.test(f));
      assert.deepEqual(copies, ['assets/a.js.br', 'assets/a.js.gz', 'assets/engine.wasm.br', 'assets/engine.wasm.gz',
        'assets/style.css.br', 'assets/style.css.gz', 'index.html.br', 'index.html.gz']);
      for (const copy of copies) {
        const original = await fs.readFile(path.join(root, copy.slice(0, -3)));
        const decode = copy.endsWith('.br') ? zlib.brotliDecompressSync : zlib.gunzipSync;
        assert.deepEqual(decode(await fs.readFile(path.join(root, copy))), original, copy);
      }
      assert.deepEqual(await listFiles(root), Object.keys(files).sort());
    });

    await withServer({ root }, async (url) => {
      await t.test('the copy is what is sent, byte for byte, for each encoding', async () => {
        for (const [accept, encoding, suffix] of [['br, gzip', 'br', '.br'], ['gzip', 'gzip', '.gz']]) {
          for (const f of ['assets/a.js', 'assets/engine.wasm', 'index.html']) {
            const sent = await getRaw(`${url}${f}`, accept);
            assert.equal(sent.status, 200);
            assert.equal(sent.encoding, encoding, f);
            assert.deepEqual(sent.body, await fs.readFile(path.join(root, f + suffix)), `${f} as ${encoding}`);
          }
        }
        const picture = await getRaw(`${url}assets/picture.png`, 'br, gzip');
        assert.equal(picture.encoding, null);
        assert.deepEqual(picture.body, files['assets/picture.png']);
        assert.equal(decoded(await getRaw(`${url}assets/a.js`, 'identity')), text);
      });

      await t.test('a file changed after its copies were made is compressed as it is asked for', async () => {
        const changed = text.replace('x * 2', 'x * 3');
        const file = path.join(root, 'assets/style.css');
        await fs.writeFile(file, changed);
        const later = new Date(Date.now() + 5000);
        await fs.utimes(file, later, later);
        for (const accept of ['br', 'gzip']) {
          const sent = await getRaw(`${url}assets/style.css`, accept);
          assert.equal(decoded(sent), changed, accept);
        }
      });

      await t.test('a copy that leads outside the root is not sent', async () => {
        const outside = path.join(base, 'secret.js.br');
        await fs.writeFile(outside, zlib.brotliCompressSync('the secret'));
        await fs.writeFile(path.join(root, 'assets/b.js'), 'const b = 1;\n');
        await fs.symlink(outside, path.join(root, 'assets/b.js.br'));
        const sent = await getRaw(`${url}assets/b.js`, 'br');
        assert.equal(sent.encoding, 'br');
        assert.equal(decoded(sent), 'const b = 1;\n');
      });
    });
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
});
