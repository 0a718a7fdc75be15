/**
 * The reference static host: serve-handler over an exported folder, configured as the documented
 * production hosting (docs/static-hosting.md). Runs in this process, so it ends with it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import serveHandler from 'serve-handler';
import { listenOn, type RunningServer } from '../../launcher';
import { BASELINE_SECURITY_HEADERS } from '../../site/lib/security-headers';

type ServeConfig = NonNullable<Parameters<typeof serveHandler>[2]>;

/** The static server's Content-Security-Policy: framing, plugins, <base> and form targets. */
const STATIC_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * Security headers of the static server (docs/security.md), set by serveStatic on every answer.
 * The policy has no script-src: an export's pages keep inline scripts, and hashing them per file
 * is left to the host (see docs/security.md).
 */
const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  ...BASELINE_SECURITY_HEADERS,
  { key: 'Content-Security-Policy', value: STATIC_CSP },
];

/** serve-handler settings matching the documented production hosting (docs/static-hosting.md). */
export const STATIC_HOSTING_CONFIG: ServeConfig = {
  cleanUrls: true, // /about → about.html
  trailingSlash: false, // /about/ → 301 /about (as `next start` does)
  directoryListing: false,
  etag: true,
  headers: [
    { source: '_next/static/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    { source: '**/*.@(html|txt)', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
  ],
};

/** Errors of a path the file system cannot even look up (a NUL byte, an over-long name). */
const UNLOOKABLE = new Set(['ENAMETOOLONG', 'ERR_INVALID_ARG_VALUE', 'ERR_INVALID_ARG_TYPE']);

/** How long a looked-up path's stats (or its "not found") are reused: a rebuild is served within this. */
const STATS_FOR_MS = 1000;
/** Files up to this size are kept in memory once read (an export's pages, page data and chunks). */
const KEEP_UP_TO_BYTES = 2 * 1024 * 1024;

/**
 * serve-handler's file system calls, except that a path which cannot exist (e.g. /%00 or a
 * 5000-character segment) is "not found" — the 404 page — instead of an internal error (500).
 * A suite run asks for the same few hundred files thousands of times, and serve-handler looks up
 * several paths and opens the file for each answer (a 304 too): that was about a tenth of a static
 * run's CPU. So a lookup is reused for a second, and a file's bytes are kept while its size and
 * modification time stay the same. The answers are the same bytes and headers.
 */
function cachedFsMethods() {
  const looked = new Map<string, { at: number; stats?: fs.Stats; error?: unknown }>();
  const kept = new Map<string, { mtimeMs: number; size: number; bytes: Buffer }>();
  const lookUp = (file: string): { stats?: fs.Stats; error?: unknown } => {
    const hit = looked.get(file);
    if (hit && Date.now() - hit.at < STATS_FOR_MS) return hit;
    let entry: { at: number; stats?: fs.Stats; error?: unknown };
    try {
      entry = { at: Date.now(), stats: fs.lstatSync(file) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      entry = { at: Date.now(), error: UNLOOKABLE.has(code) ? Object.assign(new Error(`not found: ${code}`), { code: 'ENOENT' }) : error };
    }
    looked.set(file, entry);
    return entry;
  };
  return {
    lstat: (async (file: string) => {
      const { stats, error } = lookUp(file);
      if (error) throw error;
      return stats;
    }) as unknown as typeof fs.lstat,
    createReadStream: ((file: string, opts?: { start?: number; end?: number }) => {
      const stats = lookUp(file).stats;
      if (!stats?.isFile() || stats.size > KEEP_UP_TO_BYTES) return fs.createReadStream(file, opts);
      let k = kept.get(file);
      if (!k || k.mtimeMs !== stats.mtimeMs || k.size !== stats.size) {
        k = { mtimeMs: stats.mtimeMs, size: stats.size, bytes: fs.readFileSync(file) };
        kept.set(file, k);
      }
      const start = opts?.start ?? 0;
      return Readable.from([k.bytes.subarray(start, opts?.end === undefined ? undefined : opts.end + 1)], { objectMode: false });
    }) as unknown as typeof fs.createReadStream,
  };
}

/**
 * Serves an exported folder over HTTP: clean URLs, 404.html with status 404, .txt as
 * text/plain, HEAD, query strings ignored, long-lived caching of hashed assets and no-cache for
 * HTML and page data. Methods other than GET and HEAD get 405, as on common static hosts.
 */
export async function serveStatic(opts: { dir: string; port?: number; host?: string }): Promise<RunningServer> {
  const dir = path.resolve(opts.dir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir} does not look like a static export (no index.html). Build it first.`);
  }
  const config: ServeConfig = { ...STATIC_HOSTING_CONFIG, public: dir };
  const methods = cachedFsMethods();
  const server = http.createServer((req, res) => {
    // Security headers on every answer, redirects and 405s included (serve-handler applies its
    // `headers` config to files only).
    for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    serveHandler(req, res, config, methods).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
      console.error(error);
    });
  });
  return listenOn(server, { port: opts.port, host: opts.host ?? '127.0.0.1' });
}
