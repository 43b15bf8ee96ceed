// Bundles the playground page (www/app.js and what it imports, CodeMirror included) into
// www/dist/app.js with esbuild. The engine worker (www/worker.js) stays unbundled: it loads
// www/jaxplay.js, which finds its .wasm next to itself.
// CLI:    node scripts/bundle.mjs        Import: await bundle() / await ensureBundle()
// Idempotent: the same sources give the same files; takes well under a second. Files are
// written to a scratch folder and renamed into place, so a reader never sees half a file.
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
export const DIST = path.join(WWW, 'dist');

export async function bundle({ quiet = false } = {}) {
  const scratch = await fs.mkdtemp(path.join(WWW, '.dist-'));
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      // The playground page, and the inside of the embeddable widget (www/widget.html).
      entryPoints: { app: 'www/app.js', widget: 'www/widget/main.js' },
      outdir: scratch,
      bundle: true,
      format: 'esm',
      target: ['es2022'],
      minify: true,
      sourcemap: 'linked',
      legalComments: 'none',
      logLevel: 'warning',
    });
    // Python mode for the unbundled worker: www/python.js with @lezer/python inlined, importing
    // the engine modules it shares with jaxplay.js (../jaxplay.js, ../lib/*) from their own files,
    // so one engine instance serves both. Node imports www/python.js directly.
    await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: { python: 'www/python.js' },
      outdir: scratch,
      bundle: true,
      format: 'esm',
      target: ['es2022'],
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
      external: ['../jaxplay.js', '../lib/*'],
    });
    await fs.mkdir(DIST, { recursive: true });
    const files = await fs.readdir(scratch);
    // The map first, so app.js never points at a stale one.
    for (const f of files.sort((a, b) => (a.endsWith('.map') ? -1 : b.endsWith('.map') ? 1 : 0))) {
      await fs.rename(path.join(scratch, f), path.join(DIST, f));
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const data = await fs.readFile(path.join(DIST, 'app.js'));
  const size = { file: 'www/dist/app.js', raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  if (!quiet) console.log(`bundle: ${size.file} ${size.raw} bytes (${size.gzip} gzip)`);
  return size;
}

async function newestSource(dir) {
  let newest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['dist', 'pkg'].includes(entry.name) && !entry.name.startsWith('.')) newest = Math.max(newest, await newestSource(p));
    } else if (entry.name.endsWith('.js')) {
      newest = Math.max(newest, (await fs.stat(p)).mtimeMs);
    }
  }
  return newest;
}

/** Bundles only when a bundle (app.js, widget.js) is missing or older than a source or the npm lock. */
export async function ensureBundle() {
  const times = await Promise.all(['app.js', 'widget.js'].map((f) => fs.stat(path.join(DIST, f)).then((s) => s.mtimeMs, () => 0)));
  const built = Math.min(...times);
  const lock = await fs.stat(path.join(ROOT, 'node_modules', '.package-lock.json')).then((s) => s.mtimeMs, () => 0);
  if (built && built >= (await newestSource(WWW)) && built >= lock) return null;
  return bundle({ quiet: true });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  await bundle().catch((err) => {
    console.error(`bundle.mjs: ${err.message}`);
    process.exit(1);
  });
}
