// scripts/serve.mjs's `route`: requests it answers never reach the files, the rest do.
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../scripts/serve.mjs';

test('a route answers its own requests and leaves the rest to the files', async () => {
  const seen = [];
  const route = (req, res) => {
    if (!req.url.startsWith('/__report')) return false;
    seen.push(req.url);
    res.writeHead(204).end();
    return true;
  };
  const { server, url } = await startServer({ port: 0, route });
  try {
    const report = await fetch(`${url}__report?ready=281`);
    assert.equal(report.status, 204);
    assert.deepEqual(seen, ['/__report?ready=281']);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/);
    assert.equal((await fetch(`${url}no-such-file.js`)).status, 404);
    assert.deepEqual(seen, ['/__report?ready=281']);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
