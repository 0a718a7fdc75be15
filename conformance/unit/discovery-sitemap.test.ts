import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSitemapPaths } from '../discovery/site-files';
import { parseRobots } from '../discovery/robots';
import { onTargetOrigin } from '../discovery/sitemap';

describe('sitemap locs on the target origin', () => {
  const origin = 'http://127.0.0.1:4000';

  it('keeps a loc of the target origin as it is', () => {
    expect(onTargetOrigin('http://127.0.0.1:4000/hub?x=1#top', `${origin}/sitemap.xml`, origin)).toEqual({ url: `${origin}/hub`, path: '/hub' });
  });

  it('maps an absolute loc of another host or port onto the target origin and names where it came from', () => {
    expect(onTargetOrigin('https://www.example.com/posts/1', `${origin}/sitemap.xml`, origin)).toEqual({ url: `${origin}/posts/1`, path: '/posts/1', rebasedFrom: 'https://www.example.com' });
    expect(onTargetOrigin('http://127.0.0.1:3000/about', `${origin}/sitemap.xml`, origin)?.rebasedFrom).toBe('http://127.0.0.1:3000');
  });

  it('resolves a relative loc against the sitemap address', () => {
    expect(onTargetOrigin('/about', `${origin}/sitemaps/main.xml`, origin)?.path).toBe('/about');
    expect(onTargetOrigin('page-2', `${origin}/sitemaps/main.xml`, origin)?.path).toBe('/sitemaps/page-2');
  });

  it('drops locs that are not http(s) addresses', () => {
    expect(onTargetOrigin('mailto:a@example.com', `${origin}/sitemap.xml`, origin)).toBeUndefined();
    expect(onTargetOrigin('ftp://example.com/x', `${origin}/sitemap.xml`, origin)).toBeUndefined();
  });
});

describe('loading the sitemap of a site', () => {
  let server: Server;
  let origin: string;
  const files: Record<string, string> = {
    '/sitemap.xml': '<?xml version="1.0"?><urlset><url><loc>https://prod.example/hub</loc></url><url><loc>/relative</loc></url><url><loc>http://127.0.0.1:1/other-port</loc></url></urlset>',
    '/index.xml': '<sitemapindex><sitemap><loc>https://prod.example/part.xml</loc></sitemap></sitemapindex>',
    '/part.xml': '<urlset><url><loc>https://prod.example/from-index</loc></url></urlset>',
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (body === undefined) { res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>'); return; }
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads /sitemap.xml with locs written for another origin as paths of the target', async () => {
    const s = await loadSitemapPaths(origin, undefined, 100);
    expect(s).toEqual({ found: true, paths: ['/hub', '/relative', '/other-port'], rebasedFrom: ['https://prod.example', 'http://127.0.0.1:1'] });
  });

  it('follows a sitemap index that robots.txt names for the production host, on the target origin', async () => {
    const s = await loadSitemapPaths(origin, parseRobots('Sitemap: https://prod.example/index.xml'), 100);
    expect(s.paths).toEqual(['/from-index']);
    expect(s.rebasedFrom).toEqual(['https://prod.example']);
  });

  it('reports no sitemap when the site answers its address with an HTML page', async () => {
    expect(await loadSitemapPaths(origin, parseRobots('Sitemap: /nothing.xml'), 100)).toEqual({ found: false, paths: [], rebasedFrom: [] });
  });
});
