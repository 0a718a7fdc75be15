import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A host with the caching behaviours static hosts send by default, for the every-page walk's tests:
 * ETag only (serve@14), Last-Modified only, `max-age=0, must-revalidate` (several hosting
 * platforms), gzip and br bodies with an ETag. Every conditional request it can answer is answered
 * 304 without a Content-Type (RFC 9110 allows it), as those hosts do. Its pages load the site's own
 * scripts and stylesheets under /_next/static/, one script through a redirect, and one script of
 * another origin (`foreign`: a script there, and one whose host refuses every connection).
 */
export type Caching = 'etag' | 'last-modified' | 'must-revalidate' | 'gzip' | 'br';
export const CACHINGS: Caching[] = ['etag', 'last-modified', 'must-revalidate', 'gzip', 'br'];

export interface CachingHost { url: string; answers: { path: string; status: number }[]; close(): Promise<void> }

const FILES: Record<string, { type: string; body: string }> = {
  '/_next/static/chunks/app.js': { type: 'application/javascript; charset=utf-8', body: 'window.next = { version: "fixture" };' },
  '/_next/static/chunks/later.js': { type: 'application/javascript; charset=utf-8', body: 'window.later = true;' },
  '/_next/static/css/app.css': { type: 'text/css; charset=utf-8', body: 'body { margin: 0 }' },
};

const page = (title: string, foreign: string, refused: string) => `<!doctype html><html><head><title>${title}</title>
<link rel="stylesheet" href="/_next/static/css/app.css"><script src="/_next/static/chunks/app.js"></script>
<script src="/_next/static/chunks/moved.js"></script><script src="${foreign}/x.js"></script><script src="${refused}/unreachable.js"></script>
</head><body><h1>${title}</h1><a href="/a">a</a> <a href="/b">b</a></body></html>`;

export async function startCachingHost(caching: Caching, foreign: string): Promise<CachingHost> {
  const refused = await closedOrigin();
  const modified = new Date(Date.now() - 1000).toUTCString();
  const answers: CachingHost['answers'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, headers: Record<string, string>, body?: string | Buffer) => {
      answers.push({ path, status });
      res.writeHead(status, headers);
      res.end(body);
    };
    if (path === '/_next/static/chunks/moved.js') return send(307, { location: '/_next/static/chunks/later.js' });
    const file = FILES[path] ?? (['/', '/a', '/b'].includes(path) ? { type: 'text/html; charset=utf-8', body: page(path, foreign, refused) } : undefined);
    if (!file) return send(404, { 'content-type': 'text/plain' }, 'not found');
    const etag = `"${Buffer.from(path).toString('hex')}"`;
    const validators: Record<string, string> = caching === 'last-modified' ? { 'last-modified': modified } : { etag };
    const cache: Record<string, string> = caching === 'must-revalidate' ? { 'cache-control': 'max-age=0, must-revalidate' } : {};
    const fresh = caching === 'last-modified' ? req.headers['if-modified-since'] === modified : req.headers['if-none-match'] === etag;
    if (fresh) return send(304, { ...validators, ...cache });
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const raw = Buffer.from(file.body);
    const [encoding, body] = caching === 'gzip' && accepts.includes('gzip') ? ['gzip', gzipSync(raw)]
      : caching === 'br' && accepts.includes('br') ? ['br', brotliCompressSync(raw)] : [undefined, raw];
    send(200, { 'content-type': file.type, ...validators, ...cache, ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}) }, body);
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, answers, close: () => close(server) };
}

/** Another origin: its script is answered through a redirect, as embeds' scripts often are. */
export async function startOtherOrigin(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/x.js') { res.writeHead(307, { location: '/y.js' }); return res.end(); }
    res.writeHead(200, { 'content-type': 'application/javascript' });
    res.end('window.other = true;');
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => close(server) };
}

/** An origin nothing listens on (a port just freed): every connection to it is refused. */
async function closedOrigin(): Promise<string> {
  const probe = createServer();
  await listen(probe);
  const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await close(probe);
  return url;
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
