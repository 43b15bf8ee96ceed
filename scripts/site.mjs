// Builds the deployable site into dist/ (after scripts/build.sh): the pages of www/ and exactly
// the files they load, nothing else (no sources, no source maps). Assets are named by content
// (assets/NAME-HASH.EXT), so a host may cache them forever; the pages and embed.js keep their
// names, which course pages and links use. Any static host serves it as it is, with no special
// headers (README, "Put the site on a static host"). What differs from www/, for loading on a
// slow link and offline: the pages name the chunks their first module imports in <link
// rel="modulepreload"> (downloaded with the page, not one round trip after it), the sandbox's
// script is inline in sandbox.html, and sw.js (www/sw.js with the site's files and version) is
// the service worker the pages register, for second visits from the cache and offline use; and
// beside each text or wasm file F its precompressed copies F.br and F.gz, for hosts that send
// those instead of compressing as they serve (`precompress`).
// CLI:    node scripts/site.mjs [outdir]      Import: await buildSite({ outdir })
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build, glueFactory } from './bundle.mjs';
import { PRECOMPRESSED, isCompressible } from './serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
export const SITE = path.join(ROOT, 'dist');

/** The pages, by their path in www/ (and in the site). */
const PAGES = ['index.html', 'widget.html', 'sandbox.html', 'learn/index.html', 'learn/pure-callback.html', 'learn/io-callback.html', 'learn/grad-error.html'];
/** Files the pages load as they are, hashed: www/ path → its name in the site. */
const COPIED = {
  'pkg/jaxplay_bg.wasm': 'jaxplay.wasm', 'style.css': 'style.css', 'widget.css': 'widget.css',
  'learn/learn.css': 'learn.css', 'learn/learn.js': 'learn.js',
};

const SERVICE_WORKER = 'sw.js';

const hashed = (name, bytes) => {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const ext = path.extname(name);
  return `${name.slice(0, -ext.length)}-${hash}${ext}`;
};

/**
 * `html` (the page at www/ path `page`) with every local src/href that names an asset pointed
 * at its site file (`assets`: www/ path → site path). Links to pages stay; any other local
 * file is an error, so a page never loads what the site lacks.
 */
function rewrite(page, html, assets) {
  const dir = path.posix.dirname(page);
  return html.replace(/\b(src|href)="([^"]*)"/g, (whole, attr, url) => {
    if (/^(?:[a-z]+:|#|\/\/)/i.test(url) || url === '') return whole;
    const target = path.posix.normalize(path.posix.join(dir, url.split(/[?#]/)[0]));
    if (Object.hasOwn(assets, target)) return `${attr}="${path.posix.relative(dir, assets[target])}"`;
    if (url.endsWith('/') || PAGES.includes(target) || PAGES.includes(`${target}/index.html`)) return whole;
    throw new Error(`site: ${page} loads ${url}, which the site does not build`);
  });
}

export async function buildSite({ outdir = SITE, quiet = false } = {}) {
  await fs.access(path.join(WWW, 'pkg', 'jaxplay_bg.wasm')).catch(() => {
    throw new Error('site: www/pkg/jaxplay_bg.wasm is missing: run bash scripts/build.sh first');
  });
  await glueFactory();
  const parent = path.dirname(path.resolve(outdir));
  await fs.mkdir(parent, { recursive: true });
  const scratch = await fs.mkdtemp(path.join(parent, '.site-'));
  try {
    const assetDir = path.join(scratch, 'assets');
    await fs.mkdir(assetDir, { recursive: true });
    const assets = { 'embed.js': 'embed.js' };
    for (const [from, name] of Object.entries(COPIED)) {
      const bytes = await fs.readFile(path.join(WWW, from));
      const to = `assets/${hashed(name, bytes)}`;
      await fs.writeFile(path.join(scratch, to), bytes);
      assets[from] = to;
    }
    const named = async (group, options) => {
      const names = await build(group, assetDir, { hashed: true, ...options });
      for (const [entry, file] of Object.entries(names)) assets[`dist/${entry}.js`] = `assets/${file}`;
      return names;
    };
    const classic = await named('classic');
    await named('pythonWorker');
    // The pages find the engine's files by these names (app/sandbox.js); they sit beside them.
    const engineFiles = { worker: assets['dist/worker.js'], 'worker-python': assets['dist/worker-python.js'], wasm: assets['pkg/jaxplay_bg.wasm'] };
    const pages = await named('pages', { define: { JAXPLAY_ENGINE_FILES: JSON.stringify(engineFiles) } });
    await build('embed', scratch, { hashed: false });
    // The sandbox's script goes inline into sandbox.html: not a file of the site.
    const sandboxScript = await fs.readFile(path.join(assetDir, classic.sandbox), 'utf8');
    await fs.rm(path.join(assetDir, classic.sandbox));
    for (const page of PAGES) {
      let html = rewrite(page, await fs.readFile(path.join(WWW, page), 'utf8'), { ...assets, 'dist/sandbox.js': 'dist/sandbox.js' });
      if (page === 'sandbox.html') html = inlineSandbox(html, sandboxScript);
      const entry = { 'index.html': 'app', 'widget.html': 'widget' }[page];
      if (entry) html = preloadModules(html, pages.preload[entry].filter((f) => f !== pages[entry]).map((f) => `assets/${f}`));
      if (page !== 'sandbox.html') html = nameServiceWorker(page, html);
      await fs.mkdir(path.join(scratch, path.dirname(page)), { recursive: true });
      await fs.writeFile(path.join(scratch, page), html);
    }
    await writeServiceWorker(scratch);
    await precompress(scratch);
    // The old site goes only once the new one is whole.
    const old = `${path.resolve(outdir)}.old-${process.pid}`;
    await fs.rename(outdir, old).catch((err) => { if (err.code !== 'ENOENT') throw err; });
    await fs.rename(scratch, outdir);
    await fs.rm(old, { recursive: true, force: true });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const files = await listFiles(outdir);
  let bytes = 0;
  for (const f of files) bytes += (await fs.stat(path.join(outdir, f))).size;
  if (!quiet) console.log(`site: ${path.relative(ROOT, outdir) || outdir}/ ${files.length} files, ${bytes} bytes`);
  return { outdir, files };
}

/**
 * sandbox.html with its script inline, allowed by its hash in place of 'self': the frame then
 * makes no request of its own (one round trip less on a slow link), so the service worker,
 * which such requests pass by, can serve it offline (www/sw.js).
 */
function inlineSandbox(html, script) {
  if (/<\/script/i.test(script)) throw new Error('site: the sandbox script contains "</script"');
  const hash = crypto.createHash('sha256').update(script).digest('base64');
  const tag = /<script src="dist\/sandbox\.js"><\/script>/;
  const policy = /(script-src )'self'/;
  if (!tag.test(html) || !policy.test(html)) throw new Error('site: sandbox.html no longer has the script tag and policy site.mjs rewrites');
  return html.replace(policy, `$1'sha256-${hash}'`).replace(tag, () => `<script>${script}</script>`);
}

/** `html` with <link rel="modulepreload"> for `files` after its module script. */
function preloadModules(html, files) {
  const links = files.map((f) => `\n  <link rel="modulepreload" href="${f}">`).join('');
  const script = /(<script type="module" src="[^"]+"><\/script>)/;
  if (!script.test(html)) throw new Error('site: a page without its module script');
  return html.replace(script, `$1${links}`);
}

/** `html` (site page `page`) naming the service worker, which its scripts register (app/offline.js). */
function nameServiceWorker(page, html) {
  const url = path.posix.relative(path.posix.dirname(page), SERVICE_WORKER);
  return html.replace(/<meta charset="utf-8">/, (tag) => `${tag}\n  <meta name="jaxplay-service-worker" content="${url}">`);
}

/**
 * Writes `dir`/sw.js (www/sw.js with the site's files and version in front) for the site in
 * `dir`; the version is a hash of every file's path and content, so any change to the site,
 * a new deploy, is a new version. Run again after changing a file of a built site.
 */
export async function writeServiceWorker(dir) {
  const files = (await listFiles(dir)).filter((f) => f !== SERVICE_WORKER);
  const version = crypto.createHash('sha256');
  for (const f of files) version.update(`${f}\0`).update(await fs.readFile(path.join(dir, f))).update('\0');
  const site = { version: version.digest('hex').slice(0, 16), files };
  const source = await fs.readFile(path.join(WWW, 'sw.js'), 'utf8');
  await fs.writeFile(path.join(dir, SERVICE_WORKER), `// Generated by scripts/site.mjs from www/sw.js: do not edit.\nconst SITE = ${JSON.stringify(site)};\n${source}`);
  return site;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Each encoding's best compression: slow to make, once per build, and smallest to send. */
const COMPRESSORS = {
  br: (raw) => brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: (raw) => gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/**
 * Writes, beside each file of the site in `dir` that a host sends compressed (text and wasm),
 * its precompressed copies (`PRECOMPRESSED` in scripts/serve.mjs: F.br, F.gz) at each
 * encoding's best compression, which is too slow to make as files are asked for: the wasm's
 * brotli is then about 13 % smaller than serve.mjs's own (bench/NOTES.md). Hosts that use
 * them: scripts/serve.mjs, nginx (`brotli_static`, `gzip_static`), Caddy (`precompressed`);
 * any other ignores them. The compressions run in parallel on libuv's threads.
 */
export async function precompress(dir) {
  const files = (await listFiles(dir)).filter(isCompressible);
  await Promise.all(files.map(async (f) => {
    const raw = await fs.readFile(path.join(dir, f));
    await Promise.all(Object.entries(PRECOMPRESSED).map(async ([encoding, suffix]) => {
      await fs.writeFile(path.join(dir, f + suffix), await COMPRESSORS[encoding](raw));
    }));
  }));
}

/**
 * Every file under `dir`, as paths relative to it, but for precompressed copies (a file's
 * copy is not a file of the site: the host sends it in the file's place).
 */
export async function listFiles(dir) {
  const all = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) all.push(path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)));
  }
  const names = new Set(all);
  const isCopy = (f) => Object.values(PRECOMPRESSED).some((suffix) => f.endsWith(suffix) && names.has(f.slice(0, -suffix.length)));
  return all.filter((f) => !isCopy(f)).sort();
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  await buildSite({ outdir: process.argv[2] ? path.resolve(process.argv[2]) : SITE }).catch((err) => {
    console.error(`site.mjs: ${err.message}`);
    process.exit(1);
  });
}
