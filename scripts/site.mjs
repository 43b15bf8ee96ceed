// Builds the deployable site into dist/ (after scripts/build.sh): the pages of www/ and exactly
// the files they load, nothing else (no sources, no source maps). Assets are named by content
// (assets/NAME-HASH.EXT), so a host may cache them forever; the pages and embed.js keep their
// names, which course pages and links use. Any static host serves it as it is, with no special
// headers (README, "Put the site on a static host").
// CLI:    node scripts/site.mjs [outdir]      Import: await buildSite({ outdir })
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, glueFactory } from './bundle.mjs';

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
    const assets = { 'embed.js': 'embed.js' };
    for (const [group, dist] of [['pages', true], ['classic', true], ['embed', false]]) {
      const names = await build(group, dist ? assetDir : scratch, { hashed: dist });
      for (const [entry, file] of Object.entries(names)) if (dist) assets[`dist/${entry}.js`] = `assets/${file}`;
    }
    for (const [from, name] of Object.entries(COPIED)) {
      const bytes = await fs.readFile(path.join(WWW, from));
      const to = `assets/${hashed(name, bytes)}`;
      await fs.writeFile(path.join(scratch, to), bytes);
      assets[from] = to;
    }
    for (const page of PAGES) {
      const html = rewrite(page, await fs.readFile(path.join(WWW, page), 'utf8'), assets);
      await fs.mkdir(path.join(scratch, path.dirname(page)), { recursive: true });
      await fs.writeFile(path.join(scratch, page), html);
    }
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

/** Every file under `dir`, as paths relative to it. */
export async function listFiles(dir) {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)));
  }
  return out.sort();
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  await buildSite({ outdir: process.argv[2] ? path.resolve(process.argv[2]) : SITE }).catch((err) => {
    console.error(`site.mjs: ${err.message}`);
    process.exit(1);
  });
}
