// A static server that sends nothing but Content-Type (not a test file): what `python3 -m
// http.server` or a storage bucket gives. No CORS, no CSP, no framing or isolation headers; the
// playground, the course pages and the widget must work from it all the same.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

/**
 * Serves `root` (a folder, or `{ '/path': html }` pages in memory) on `host`; resolves to
 * { url, hits, close }. `missing`: paths answered 404 as if the file were not there. `hits`:
 * every path asked for, in order.
 */
export async function plainServer(root, { host = '127.0.0.1', missing = [] } = {}) {
  const hits = [];
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    hits.push(pathname);
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    };
    if (missing.includes(pathname)) return notFound();
    if (typeof root === 'object') {
      if (!Object.hasOwn(root, pathname)) return notFound();
      res.writeHead(200, { 'Content-Type': TYPES['.html'] });
      return res.end(root[pathname]);
    }
    let file = path.join(root, path.normalize(decodeURIComponent(pathname)));
    if (!file.startsWith(root)) return notFound();
    if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) file = path.join(file, 'index.html');
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return notFound();
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    return fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${host}:${server.address().port}/`,
    hits,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

/** Runs fn(...servers) with plain servers for each `[root, options]`; closes them however it ends. */
export async function withPlainServers(specs, fn) {
  const servers = [];
  try {
    for (const [root, options] of specs) servers.push(await plainServer(root, options));
    return await fn(...servers);
  } finally {
    for (const s of servers) await s.close();
  }
}
