/**
 * Programmatic API for building and serving the reference site in its two delivery modes.
 * Importing this module has no side effects.
 *
 *   buildSite('static' | 'server', { buildId?, quiet? })  → runs `next build` in site/
 *   serveStatic({ dir, port?, host? })                      → serves an exported folder (serve-handler)
 *   serveServer({ port? })                                  → runs `next start` on the server build
 *   isBuildFresh(mode)                                      → build output newer than every source file
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import serveHandler from 'serve-handler';

import { SERVER_ONLY_ROUTES } from '../content/behaviours';
import { BASELINE_SECURITY_HEADERS } from '../lib/security-headers';
import { writeServerCspManifest } from './csp';

type ServeConfig = NonNullable<Parameters<typeof serveHandler>[2]>;

export type SiteMode = 'static' | 'server';
export const SITE_MODES: readonly SiteMode[] = ['static', 'server'];

export interface BuildResult {
  mode: SiteMode;
  buildId: string;
  /** Static: the export folder (site/out). Server: the build folder (site/.next-server). */
  dir: string;
  ms: number;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Routes that exist only in the server build (files named page.server.tsx). */
export { SERVER_ONLY_ROUTES };

// ---------------------------------------------------------------------------------------------
// Paths

/** Where this module's own file is, however it was loaded (CommonJS, ESM, tsx, Playwright). */
function ownFile(): string | undefined {
  if (typeof __filename === 'string' && __filename.endsWith('.ts')) return __filename;
  // ES modules have no __filename here (and import.meta cannot be written in a file that must
  // also load as CommonJS): read this function's own location from a stack trace.
  const stack = new Error().stack ?? '';
  let text = stack;
  try {
    text = decodeURIComponent(stack);
  } catch {
    /* keep the raw stack */
  }
  const match = /(?:file:\/\/)?(\/[^\s:()?]*\/scripts\/site\.ts)/.exec(text);
  return match?.[1];
}

function findSiteDir(): string {
  if (process.env.SITE_DIR) return path.resolve(process.env.SITE_DIR);
  const candidates: string[] = [];
  if (typeof __dirname === 'string') candidates.push(path.resolve(__dirname, '..'));
  const file = ownFile();
  if (file) candidates.push(path.resolve(path.dirname(file), '..'));
  // Last resort: walk up from the working directory.
  let dir = process.cwd();
  for (;;) {
    candidates.push(dir, path.join(dir, 'site'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const candidate of candidates) {
    if (fs.existsSync(path.join(candidate, 'next.config.ts')) && fs.existsSync(path.join(candidate, 'scripts', 'site.ts'))) {
      return candidate;
    }
  }
  throw new Error('Cannot find the site folder (set SITE_DIR to the folder holding next.config.ts).');
}

let cachedSiteDir: string | undefined;
/** Absolute path of the site/ folder. */
export function siteDir(): string {
  cachedSiteDir ??= findSiteDir();
  return cachedSiteDir;
}

/** Repository root (the folder holding site/). */
export function repoRoot(): string {
  return path.dirname(siteDir());
}

/**
 * Where each mode's build lands. With `output: 'export'` and a distDir other than `.next`, Next
 * writes the export to distDir ("out") and its intermediate build to `.next`.
 */
export function buildPaths(mode: SiteMode): { output: string; buildDir: string; marker: string } {
  const root = siteDir();
  if (mode === 'static') {
    const buildDir = path.join(root, '.next');
    return { output: path.join(root, 'out'), buildDir, marker: path.join(buildDir, 'site-build.json') };
  }
  const buildDir = path.join(root, '.next-server');
  return { output: buildDir, buildDir, marker: path.join(buildDir, 'site-build.json') };
}

/** The `next` command of the installed Next.js (node_modules found from site/ upwards). */
export function nextBin(): string {
  let dir = siteDir();
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find node_modules/next (run npm install at the repository root).');
    dir = parent;
  }
}

function assertMode(mode: unknown): asserts mode is SiteMode {
  if (mode !== 'static' && mode !== 'server') {
    throw new Error(`Unknown mode ${JSON.stringify(mode)}: expected "static" or "server".`);
  }
}

export function newBuildId(): string {
  return `ref-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

function nextEnv(mode: SiteMode, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SITE_MODE: mode,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_IGNORE_INCORRECT_LOCKFILE: '1',
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Conformance report copy

const REPORT_PLACEHOLDER = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report not generated yet</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; background: #f6f7f9; color: #1b1f24; }
  main { max-width: 40rem; margin: 4rem auto; padding: 2rem; background: #fff; border: 1px solid #d5dae1; border-radius: 10px; }
  code { background: #eceff3; padding: 0.1em 0.35em; border-radius: 4px; }
  a { color: #0a58b0; }
</style>
</head>
<body>
<main>
<h1>No conformance report yet</h1>
<p>The conformance suite has not been run for this build, so there is no report to show.</p>
<p>To generate one, run <code>npm run conformance</code> at the repository root. It writes
<code>reports/conformance.html</code>, which is copied here the next time the site is built.</p>
<p><a href="/">Back to the site</a></p>
</main>
</body>
</html>
`;

/** Copies reports/conformance.html into site/public (or writes a placeholder page there). */
export function prepareConformanceReport(): 'copied' | 'placeholder' {
  const source = path.join(repoRoot(), 'reports', 'conformance.html');
  const target = path.join(siteDir(), 'public', 'conformance-report.html');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(source)) {
    fs.copyFileSync(source, target);
    return 'copied';
  }
  fs.writeFileSync(target, REPORT_PLACEHOLDER);
  return 'placeholder';
}

// ---------------------------------------------------------------------------------------------
// Build

/** Runs `next build` for one mode. Resolves when the build is complete and checked. */
export async function buildSite(
  mode: SiteMode,
  opts: { buildId?: string; quiet?: boolean } = {},
): Promise<BuildResult> {
  assertMode(mode);
  const buildId = opts.buildId ?? newBuildId();
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(buildId)) {
    throw new Error(`Invalid build id ${JSON.stringify(buildId)} (letters, digits, ".", "_", "-"; at most 64).`);
  }
  const root = siteDir();
  const paths = buildPaths(mode);
  prepareConformanceReport();
  fs.rmSync(paths.marker, { force: true });

  const started = Date.now();
  const child = spawn(process.execPath, [nextBin(), 'build'], {
    cwd: root,
    env: nextEnv(mode, { SITE_BUILD_ID: buildId }),
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => resolve(exitCode));
  });
  const ms = Date.now() - started;
  if (code !== 0) {
    const tail = output ? `\n${output.split('\n').slice(-60).join('\n')}` : '';
    throw new Error(`next build (${mode}) failed with exit code ${code}.${tail}`);
  }

  // Check the result.
  if (mode === 'static') {
    for (const file of ['index.html', '404.html', 'index.txt']) {
      if (!fs.existsSync(path.join(paths.output, file))) {
        throw new Error(`Static build finished but ${path.join(paths.output, file)} is missing.`);
      }
    }
    for (const route of SERVER_ONLY_ROUTES) {
      for (const ext of ['.html', '.txt']) {
        const file = path.join(paths.output, `${route.slice(1)}${ext}`);
        if (fs.existsSync(file)) throw new Error(`Server-only route leaked into the static export: ${file}`);
      }
    }
  } else {
    const actual = fs.readFileSync(path.join(paths.buildDir, 'BUILD_ID'), 'utf8').trim();
    if (actual !== buildId) throw new Error(`Server build id is ${actual}, expected ${buildId}.`);
    // Script hashes of the pre-rendered pages, for the middleware's Content-Security-Policy.
    writeServerCspManifest(paths.buildDir);
  }

  fs.writeFileSync(paths.marker, JSON.stringify({ mode, buildId, builtAt: new Date().toISOString(), ms }, null, 2));
  return { mode, buildId, dir: paths.output, ms };
}

/** The build id recorded by the last successful build of that mode, if any. */
export function lastBuildId(mode: SiteMode): string | undefined {
  assertMode(mode);
  try {
    const data = JSON.parse(fs.readFileSync(buildPaths(mode).marker, 'utf8')) as { buildId?: unknown };
    return typeof data.buildId === 'string' ? data.buildId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One build at a time on this machine: holds site/.build-lock while fn runs, so that two runs
 * started together never write one build folder. A lock older than 10 minutes is left over from a
 * killed run and is broken. `busy`: something else to wait out first (e.g. other `next build`s).
 */
export async function withBuildLock<T>(fn: () => Promise<T>, opts: { timeoutMs: number; busy?: () => boolean }): Promise<T> {
  const lock = path.join(siteDir(), '.build-lock');
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (!opts.busy?.()) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch {
        try {
          if (Date.now() - fs.statSync(lock).mtimeMs > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
        } catch {
          /* gone */
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lock} (and for other builds to finish).`);
    await new Promise((r) => setTimeout(r, 500));
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Freshness

/** Folders and files under site/ that are not build inputs. */
const IGNORED_NAMES = new Set(['node_modules', 'out', '.next', '.next-server', 'scripts', 'tests', 'next-env.d.ts', '.DS_Store']);
const IGNORED_RELATIVE = new Set([path.join('public', 'conformance-report.html'), 'tsconfig.tsbuildinfo']);

function newestSourceMtime(dir: string, root: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_NAMES.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    if (IGNORED_RELATIVE.has(path.relative(root, full))) continue;
    if (entry.isDirectory()) {
      newest = Math.max(newest, newestSourceMtime(full, root));
    } else if (entry.isFile()) {
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** True when that mode's build finished: its marker and its output (index.html / BUILD_ID) exist. */
export function isBuildComplete(mode: SiteMode): boolean {
  assertMode(mode);
  const paths = buildPaths(mode);
  const required = mode === 'static' ? path.join(paths.output, 'index.html') : path.join(paths.buildDir, 'BUILD_ID');
  return fs.existsSync(paths.marker) && fs.existsSync(required);
}

/**
 * True when that mode's build output exists and was completed after the last change to any
 * source file under site/ (build folders, node_modules, scripts/, tests/, next-env.d.ts and the copied
 * conformance report are not sources).
 */
export function isBuildFresh(mode: SiteMode): boolean {
  if (!isBuildComplete(mode)) return false;
  const builtAt = fs.statSync(buildPaths(mode).marker).mtimeMs;
  const root = siteDir();
  return newestSourceMtime(root, root) < builtAt;
}

// ---------------------------------------------------------------------------------------------
// Serving

/** A free TCP port on host. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
    {
      source: '_next/static/**',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    },
    {
      source: '**/*.@(html|txt)',
      headers: [{ key: 'Cache-Control', value: 'no-cache' }],
    },
  ],
};

/** Errors of a path the file system cannot even look up (a NUL byte, an over-long name). */
const UNLOOKABLE = new Set(['ENAMETOOLONG', 'ERR_INVALID_ARG_VALUE', 'ERR_INVALID_ARG_TYPE']);

/**
 * serve-handler's file system calls, except that a path which cannot exist (e.g. /%00 or a
 * 5000-character segment) is "not found" — the 404 page — instead of an internal error (500).
 */
const STATIC_FS_METHODS = {
  lstat: (async (file: string) => {
    try {
      return await fs.promises.lstat(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      throw UNLOOKABLE.has(code) ? Object.assign(new Error(`not found: ${code}`), { code: 'ENOENT' }) : error;
    }
  }) as unknown as typeof fs.lstat,
};

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
  const host = opts.host ?? '127.0.0.1';
  const config: ServeConfig = { ...STATIC_HOSTING_CONFIG, public: dir };
  const server = http.createServer((req, res) => {
    // Security headers on every answer, redirects and 405s included (serve-handler applies its
    // `headers` config to files only).
    for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    serveHandler(req, res, config, STATIC_FS_METHODS).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
      console.error(error);
    });
  });
  return listenOn(server, { port: opts.port, host });
}

/**
 * Starts an HTTP server on host:port (0: any free port) and returns its URL and a stop() that
 * also closes kept-alive connections (so a test run never waits on an idle socket).
 */
export async function listenOn(server: http.Server, opts: { port?: number; host?: string } = {}): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return stopped;
    },
  };
}

/** Resolves once `url` answers at all; rejects when `child` (called `name`) exits first or time runs out. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, name = 'next start'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited early (code ${child.exitCode}, signal ${child.signalCode}).`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(url, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.setTimeout(2000, () => {
        req.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/**
 * Runs `next start -H 127.0.0.1 -p <port>` on the server build; resolves once it answers.
 * `dir`: a folder holding next.config.ts and a server build (default: site/; the mutants runner
 * passes its frozen copy).
 */
export async function serveServer(
  opts: {
    port?: number;
    quiet?: boolean;
    timeoutMs?: number;
    /** append the server's output here instead */
    logFile?: string;
    dir?: string;
  } = {},
): Promise<RunningServer> {
  const cwd = opts.dir ?? siteDir();
  const buildDir = path.join(cwd, path.basename(buildPaths('server').buildDir));
  if (!fs.existsSync(path.join(buildDir, 'BUILD_ID'))) {
    throw new Error(`No server build in ${buildDir}. Build it first (build --mode server).`);
  }
  let logFd: number | undefined;
  if (opts.logFile) {
    fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
    logFd = fs.openSync(opts.logFile, 'a');
  }
  // Drop response-cache entries left on disk by an earlier server (see isrFlushToDisk in
  // next.config.ts); the build's own pre-rendered pages live elsewhere and are kept.
  fs.rmSync(path.join(buildDir, 'server', 'route-cache'), { recursive: true, force: true });
  const host = '127.0.0.1';
  const port = opts.port && opts.port > 0 ? opts.port : await freePort(host);
  const child = spawn(process.execPath, [nextBin(), 'start', '-H', host, '-p', String(port)], {
    cwd,
    // next.config.ts reads the build's own id back from <distDir>/BUILD_ID (the deploymentId).
    env: nextEnv('server', { NODE_ENV: 'production' }),
    detached: true, // own process group, so stop() reaches every child
    stdio: ['ignore', logFd ?? (opts.quiet ? 'ignore' : 'inherit'), logFd ?? (opts.quiet ? 'ignore' : 'inherit')],
  });
  if (logFd !== undefined) fs.closeSync(logFd); // the child keeps its own copy
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/`, child, opts.timeoutMs ?? 30_000);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    await exited;
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}
