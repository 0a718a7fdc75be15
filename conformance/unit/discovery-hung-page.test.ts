import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupChromium } from '../setup/browser';
import { crawl } from '../discovery/crawler';
import { VISIT } from '../discovery/visit';

// A page whose script never gives the browser back (an endless loop) is named in the crawl with
// why it could not be read, and the crawl goes on in a fresh tab: the pages after it are read.
const found = lookupChromium();
const PAGES: Record<string, string> = {
  '/': '<title>Home</title><h1>Home</h1><a href="/loop">loop</a> <a href="/about">about</a>',
  '/loop': '<title>Loop</title><h1>Loop</h1><script>for (;;) {}</script>',
  '/about': '<title>About</title><h1>About</h1><a href="/">home</a>',
};

describe.skipIf(!found.ok)('discovery on a page with an endless script loop', () => {
  let server: Server;
  let url = '';
  const load = VISIT.loadTimeoutMs;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const html = PAGES[req.url ?? ''];
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html' });
      res.end(html ?? 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    VISIT.loadTimeoutMs = 2_000;
  });
  afterAll(async () => {
    VISIT.loadTimeoutMs = load;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('names the page and why, and reads the others', async () => {
    const c = await crawl({ target: url, mode: 'static', ignoreRobots: true, concurrency: 1, executablePath: found.ok ? found.choice.executablePath : undefined });
    const byPath = new Map(c.pages.map((p) => [p.path, p]));
    expect(byPath.get('/loop')?.error).toMatch(/its script never yields .* so it could not be read/);
    expect(byPath.get('/about')?.error).toBeUndefined();
    expect(byPath.get('/about')?.title).toBe('About');
  }, 90_000);
});
