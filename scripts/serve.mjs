// Dependency-free static server for www/ (ES modules + wasm need http://, not file://), or for
// the built site (`node scripts/serve.mjs dist`), with the headers README recommends.
// CLI:    node scripts/serve.mjs [root]   (PORT env, else first free port from 8080)
// Import: const { server, url } = await startServer({ root, port: 0 });
//         (`route(req, res)`, asked first, answers requests of its own and returns true)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_ROOT = path.resolve(HERE, '..', 'www');

// Browsers refuse to compile streamed wasm or run module scripts with a wrong type.
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

// Pages other sites may frame: the embeddable widget and the engine sandbox (framed by the
// widget, so its ancestors are the widget's; it serves only its own origin's pages). Every other
// page may be framed only by pages of its own origin.
const FRAMEABLE_PATHS = new Set(['/widget.html', '/sandbox.html']);
const META_CSP = /<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(["'])(.*?)\1/is;

/**
 * Security headers for an HTML page at `pathname` whose text is `html`: the page's own <meta> Content-Security-Policy sent as a header too (so it is defined
 * once, in the page), plus the framing rule, which only a header can carry.
 */
export function pageHeaders(pathname, html) {
  const frameable = FRAMEABLE_PATHS.has(pathname);
  const meta = META_CSP.exec(html)?.[2].trim();
  const policy = [meta, frameable ? 'frame-ancestors *' : "frame-ancestors 'self'"].filter(Boolean).join('; ');
  const headers = { 'Content-Security-Policy': policy, 'Referrer-Policy': 'no-referrer' };
  if (!frameable) headers['X-Frame-Options'] = 'SAMEORIGIN';
  return headers;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });
  res.end(body);
}

// Resolves a URL path to a file strictly inside root (after symlinks), or null.
async function resolveFile(realRoot, urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const candidate = path.resolve(realRoot, '.' + path.posix.normalize('/' + rel));
  let real;
  try {
    real = await fs.promises.realpath(candidate);
  } catch {
    return null;
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
  const stat = await fs.promises.stat(real);
  return { file: real, stat };
}

// ---------------------------------------------------------------- embedding (www/embed.js)

// Headers that let another origin embed the exercise widget from a cross-origin-isolated page
// (COEP require-corp): every file may be loaded cross-origin (CORP); the sandbox frame's own
// script is one (its origin is opaque). Every file is also readable in CORS mode, for course
// pages that still load embed.js as a module script. Neither is needed otherwise: the site
// works from a host that sends no headers (README, "Put the site on a static host"). Nothing
// here carries credentials, so `*` exposes nothing.
function embeddingHeaders() {
  return { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' };
}

// ---------------------------------------------------------------- compression

// Text and wasm shrink 3-5x; images and fonts are already compressed.
const COMPRESSIBLE = /^(text\/|application\/(json|wasm)|image\/svg)/;
/** Whether a file of this name is sent compressed (by its type). */
export const isCompressible = (file) => COMPRESSIBLE.test(MIME[path.extname(file).toLowerCase()] ?? '');
/**
 * The suffix of a file's precompressed copy, by Content-Encoding (scripts/site.mjs writes them
 * beside the built site's files): sent in place of compressing the file as it is asked for.
 */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' };
// Compressed bodies, per file, modification time and encoding: each file is compressed once.
const compressedCache = new Map();

/** 'br', 'gzip' or null: what the client accepts, brotli first. */
function pickEncoding(req, type) {
  if (!COMPRESSIBLE.test(type)) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

async function compressedBody(realRoot, file, stat, encoding) {
  const key = `${encoding}:${file}`;
  const hit = compressedCache.get(key);
  if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.body;
  const body = await precompressedCopy(realRoot, file, stat, encoding) ?? compress(await fs.promises.readFile(file), encoding);
  compressedCache.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, body });
  return body;
}

/**
 * The precompressed copy of `file` for `encoding`, or null: there is none, it lies outside the
 * root, or it is older than the file (which was changed after the site was built).
 */
async function precompressedCopy(realRoot, file, stat, encoding) {
  let real;
  try {
    real = await fs.promises.realpath(file + PRECOMPRESSED[encoding]);
  } catch {
    return null;
  }
  if (!real.startsWith(realRoot + path.sep)) return null;
  const copy = await fs.promises.stat(real);
  return copy.isFile() && copy.mtimeMs >= stat.mtimeMs ? fs.promises.readFile(real) : null;
}

/**
 * `raw` compressed as it is asked for. Brotli quality 5: a cold server compresses the page bundle
 * in tens of milliseconds; quality 11, which the built site's precompressed copies have, takes
 * seconds for the wasm (and makes it about 15 % smaller).
 */
function compress(raw, encoding) {
  return encoding === 'br'
    ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : zlib.gzipSync(raw, { level: 9 });
}

function handler(realRoot) {
  return async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
      }
      const { pathname } = new URL(req.url, 'http://localhost');
      let hit = await resolveFile(realRoot, pathname);
      if (hit && hit.stat.isDirectory()) {
        // Relative URLs in index.html only work from a path ending in '/'.
        if (!pathname.endsWith('/')) return send(res, 301, '', { Location: pathname + '/' });
        hit = await resolveFile(realRoot, path.posix.join(pathname, 'index.html'));
      }
      if (!hit || !hit.stat.isFile()) return send(res, 404, 'not found\n');
      const type = MIME[path.extname(hit.file).toLowerCase()] ?? 'application/octet-stream';
      const encoding = pickEncoding(req, type);
      const body = encoding ? await compressedBody(realRoot, hit.file, hit.stat, encoding) : null;
      const page = type.startsWith('text/html')
        ? pageHeaders(pathname.endsWith('/') ? `${pathname}index.html` : pathname, await fs.promises.readFile(hit.file, 'utf8'))
        : {};
      res.writeHead(200, {
        ...page,
        'Content-Type': type,
        'Content-Length': body ? body.length : hit.stat.size,
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        Vary: 'Accept-Encoding',
        // Rebuilt www/pkg must be picked up on reload, never a stale wasm.
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        // Cross-origin isolation gives performance.now() microsecond resolution, so short
        // timeline spans (a compile, a host call) do not collapse to the same 0.1 ms tick.
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        ...embeddingHeaders(),
      });
      if (req.method === 'HEAD') return res.end();
      if (body) return res.end(body);
      fs.createReadStream(hit.file).on('error', () => res.destroy()).pipe(res);
    } catch (err) {
      if (!res.headersSent) send(res, 500, 'internal error\n');
      else res.destroy(err);
    }
  };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (err) => { server.off('listening', onListening); reject(err); };
    const onListening = () => { server.off('error', onError); resolve(); };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts serving `root` on `host`.
 * port: a number binds exactly that port (0 = any free one); undefined scans
 * upwards from 8080 for the first free port.
 * route: asked first, `(req, res) => boolean`, true when it answered: a page under a benchmark
 * reports to it (bench/widget.mjs).
 * Resolves to { server, url } with url like "http://127.0.0.1:8080/".
 */
export async function startServer({ root = DEFAULT_ROOT, port, host = '127.0.0.1', route = () => false } = {}) {
  const realRoot = await fs.promises.realpath(root);
  const files = handler(realRoot);
  const server = http.createServer((req, res) => route(req, res) || files(req, res));
  if (port === undefined) {
    for (let p = 8080; ; p++) {
      try {
        await listen(server, p, host);
        break;
      } catch (err) {
        if (err.code !== 'EADDRINUSE' || p >= 8180) throw err;
      }
    }
  } else {
    await listen(server, Number(port), host);
  }
  const { port: bound } = server.address();
  return { server, url: `http://${host}:${bound}/` };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const port = process.env.PORT ? Number(process.env.PORT) : undefined;
  const root = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_ROOT;
  const { server, url } = await startServer({ root, port }).catch((err) => {
    console.error(`serve.mjs: cannot serve ${root} on port ${port ?? '8080+'}: ${err.message}`);
    process.exit(1);
  });
  console.log(`jaxplay playground: ${url}`);
  const stop = () => { server.close(() => process.exit(0)); server.closeAllConnections(); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
