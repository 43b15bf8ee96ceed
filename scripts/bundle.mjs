// Bundles the browser code with esbuild (CodeMirror and @lezer/python included), and makes the
// engine's wasm-bindgen glue a factory. Everything here is what a static host can serve as it
// is, with no special headers: the sandbox frame's opaque origin may not load module scripts
// or fetch anything from the host (those are CORS requests), so what runs there is classic.
//   www/pkg/glue.js     `createGlue()`: a fresh copy of wasm-bindgen's glue (www/pkg/jaxplay.js)
//                       per call, each able to hold its own instance (www/lib/instance.js)
//   www/dist/app.js, widget.js, chunk-*.js   the playground page and the widget's frame: ES
//                       modules, each a small start (www/app/boot.js, www/widget/boot.js: the
//                       engine and its sandbox) that imports the page's own module, and Python
//                       mode, the API table for completions, in chunks loaded on first use
//   www/dist/worker.js  the engine worker (www/worker.js, JavaScript only), classic: the sandbox
//                       starts it from a blob: URL of the text the page fetched
//   www/dist/worker-python.js  the same worker with Python mode, for pages that run Python
//   www/dist/sandbox.js the sandbox frame's script (www/app/sandbox-frame.js), classic
//   www/dist/python.js  Python mode for Node and for browsers without a bundler (npm package):
//                       @lezer/python inlined, the engine modules it shares with jaxplay.js left
//                       as imports (../jaxplay.js, ../lib/*), so one engine serves both
//   www/embed.js        <jaxplay-exercise> (www/widget/element.js), classic: course pages of any
//                       origin include it with a plain <script src>
// CLI:    node scripts/bundle.mjs        Import: await bundle() / await ensureBundle() / build()
// Idempotent: the same sources give the same files; takes a few seconds. Files are written to a
// scratch folder and renamed into place, so a reader never sees half a file.
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
export const DIST = path.join(WWW, 'dist');
const GLUE_IN = path.join(WWW, 'pkg', 'jaxplay.js');
const GLUE_OUT = path.join(WWW, 'pkg', 'glue.js');
const EMBED = path.join(WWW, 'embed.js');

const COMMON = {
  absWorkingDir: ROOT,
  bundle: true,
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * Python mode (www/python.js) left out of a build: python-loader.js's import of it gets
 * www/app/no-python.js instead. The JavaScript worker is built so; a page that runs Python hands
 * the sandbox worker-python.js (README, "Sandbox and headers").
 */
function withoutPython() {
  const loader = path.join(WWW, 'app', 'python-loader.js');
  return {
    name: 'without-python',
    setup(b) {
      b.onResolve({ filter: /^\.\.\/python\.js$/ }, (args) => (args.importer === loader ? { path: path.join(WWW, 'app', 'no-python.js') } : undefined));
    },
  };
}

/**
 * The bundles, by group: each group is one esbuild build. `site` (scripts/site.mjs) builds the
 * same groups with hashed names and no source maps.
 */
export const GROUPS = {
  // `preload`: what the first modules import at once (not Python mode, nor the API table for
  // completions, which load when first used).
  pages: { entryPoints: { app: 'www/app/boot.js', widget: 'www/widget/boot.js' }, format: 'esm', splitting: true, preload: ['www/app.js', 'www/widget/main.js'] },
  // The worker always hands the engine its compiled module, so the default wasm URL, built from
  // the `import.meta.url` a classic script lacks, is never used.
  classic: {
    entryPoints: { worker: 'www/worker.js', sandbox: 'www/app/sandbox-frame.js' },
    format: 'iife',
    logOverride: { 'empty-import-meta': 'silent' },
    plugins: [withoutPython()],
  },
  pythonWorker: { entryPoints: { 'worker-python': 'www/worker.js' }, format: 'iife', logOverride: { 'empty-import-meta': 'silent' } },
  python: { entryPoints: { python: 'www/python.js' }, format: 'esm', external: ['../jaxplay.js', '../lib/*'] },
  embed: { entryPoints: { embed: 'www/widget/embed-script.js' }, format: 'iife' },
};

/** GROUPS[group] as esbuild options (without `preload`, which is ours). */
function esbuildOptions(group) {
  const options = { ...GROUPS[group] };
  delete options.preload;
  return options;
}

/**
 * Builds `group` into `outdir`; resolves to { entry name: output file name }, with, not
 * enumerable, `preload`: { entry name: the files a page loading that entry will load at once }
 * (its static imports, and the modules GROUPS.pages.preload names with theirs), for <link
 * rel="modulepreload">. `hashed`: names carry a content hash (`app-3F2A...js`), for a site
 * served with long cache lifetimes. `define`: esbuild's, for the built site's engine files.
 */
export async function build(group, outdir, { hashed = false, sourcemap = false, define } = {}) {
  const preloaded = GROUPS[group].preload ?? [];
  const result = await esbuild.build({
    ...COMMON,
    ...esbuildOptions(group),
    ...(define ? { define } : {}),
    outdir,
    entryNames: hashed ? '[name]-[hash]' : '[name]',
    chunkNames: 'chunk-[hash]',
    sourcemap: sourcemap ? 'linked' : false,
    metafile: true,
  });
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([file, meta]) => [path.basename(file), meta]));
  const closure = (file, seen) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const i of outputs[file].imports) {
      if (i.external) continue;
      const target = path.basename(i.path);
      if (i.kind === 'import-statement' || preloaded.includes(outputs[target]?.entryPoint)) closure(target, seen);
    }
    return seen;
  };
  const names = {};
  const preload = {};
  for (const [file, meta] of Object.entries(outputs)) {
    // Chunks have none, and a chunk loaded by import() has its module's.
    const entry = Object.entries(GROUPS[group].entryPoints).find(([, src]) => src === meta.entryPoint);
    if (!entry) continue;
    names[entry[0]] = file;
    preload[entry[0]] = [...closure(file, new Set())];
  }
  return Object.defineProperty(names, 'preload', { value: preload });
}

/**
 * The text of one bundle, entry `entry` of `group`, with `patch(source, file)` applied to each
 * source file first: for tests that stand for a bug in a bundled file (a subverted worker).
 */
export async function bundleText(group, entry, patch) {
  const result = await esbuild.build({
    ...COMMON,
    ...esbuildOptions(group),
    entryPoints: { [entry]: GROUPS[group].entryPoints[entry] },
    write: false,
    outdir: path.join(DIST, '.text'),
    plugins: [...(GROUPS[group].plugins ?? []), {
      name: 'patch',
      setup(b) {
        b.onLoad({ filter: /\.js$/ }, async (args) => ({ contents: patch(await fs.readFile(args.path, 'utf8'), args.path), loader: 'js' }));
      },
    }],
  });
  return result.outputFiles.find((f) => f.path.endsWith(`${entry}.js`)).text;
}

/**
 * www/pkg/glue.js from wasm-bindgen's glue: the module's body inside a function, so each call
 * gives a copy with its own instance state (a glue module holds one instance, and replacing a
 * broken one must be synchronous). The glue has no imports; its default wasm URL (built from
 * `import.meta.url`, empty here) is never used: the engine always passes a compiled module.
 * `from`, `to`: another glue and where its factory goes (bench/profile.mjs's named build).
 */
export async function glueFactory({ from = GLUE_IN, to = GLUE_OUT } = {}) {
  const source = await fs.readFile(from, 'utf8');
  const { code } = await esbuild.transform(source, {
    format: 'iife', globalName: 'glue', target: 'es2022', logOverride: { 'empty-import-meta': 'silent' },
  });
  const text = `// Generated by scripts/bundle.mjs from jaxplay.js (wasm-bindgen's glue): do not edit.\n`
    + `/** A fresh copy of the glue: its own wasm instance, memory views and finalizers. */\n`
    + `export function createGlue() {\n${code}return glue;\n}\n`;
  const scratch = `${to}.${process.pid}.tmp`;
  await fs.writeFile(scratch, text);
  await fs.rename(scratch, to);
}

export async function bundle({ quiet = false } = {}) {
  await glueFactory();
  const scratch = await fs.mkdtemp(path.join(WWW, '.dist-'));
  let pages;
  try {
    pages = await build('pages', scratch, { sourcemap: true });
    await build('classic', scratch);
    await build('pythonWorker', scratch);
    await build('python', scratch);
    await build('embed', scratch);
    await fs.rename(path.join(scratch, 'embed.js'), `${EMBED}.${process.pid}.tmp`);
    await fs.rename(`${EMBED}.${process.pid}.tmp`, EMBED);
    await fs.mkdir(DIST, { recursive: true });
    const files = await fs.readdir(scratch);
    // Maps and chunks first, so an entry never points at a stale one; then what an older build
    // left (chunks of other hashes) goes.
    const order = (f) => (f.endsWith('.map') ? 0 : f.startsWith('chunk-') ? 1 : 2);
    for (const f of files.sort((a, b) => order(a) - order(b))) await fs.rename(path.join(scratch, f), path.join(DIST, f));
    for (const f of await fs.readdir(DIST)) if (!files.includes(f)) await fs.rm(path.join(DIST, f), { force: true });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const data = Buffer.concat(await Promise.all(pages.preload.app.map((f) => fs.readFile(path.join(DIST, f)))));
  const size = { file: 'www/dist/app.js', raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  if (!quiet) console.log(`bundle: ${size.file} and the chunks the page loads with it, ${size.raw} bytes (${size.gzip} gzip)`);
  return size;
}

async function newestSource(dir) {
  let newest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['dist', 'pkg'].includes(entry.name) && !entry.name.startsWith('.')) newest = Math.max(newest, await newestSource(p));
    } else if (entry.name.endsWith('.js') && p !== EMBED) {
      newest = Math.max(newest, (await fs.stat(p)).mtimeMs);
    }
  }
  return newest;
}

const OUTPUTS = [...['app.js', 'widget.js', 'worker.js', 'worker-python.js', 'sandbox.js', 'python.js'].map((f) => path.join(DIST, f)), EMBED, GLUE_OUT];

/** Bundles only when an output is missing or older than a source, the wasm glue or the npm lock. */
export async function ensureBundle() {
  const times = await Promise.all(OUTPUTS.map((f) => fs.stat(f).then((s) => s.mtimeMs, () => 0)));
  const built = Math.min(...times);
  const inputs = await Promise.all([path.join(ROOT, 'node_modules', '.package-lock.json'), GLUE_IN].map((f) => fs.stat(f).then((s) => s.mtimeMs, () => 0)));
  if (built && built >= (await newestSource(WWW)) && built >= Math.max(...inputs)) return null;
  return bundle({ quiet: true });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  await bundle().catch((err) => {
    console.error(`bundle.mjs: ${err.message}`);
    process.exit(1);
  });
}
