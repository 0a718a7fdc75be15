/**
 * `next start` of a server build, under guard.cjs: its own process group (stop() reaches the
 * next-server children too) that also stops when the process that started it dies. Any build
 * with any `next` (startNext: the matrix's builds with their own version), or the reference
 * site's server build (serveServer).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnGuarded } from './group';
import { freePort, waitForHttp, type RunningServer } from './http';
import { stdioFor, type Output } from './output';
import { buildPaths, nextBin, nextEnv, siteDir } from './paths';

export interface NextStartOptions {
  /** The app's folder (next.config.*), where `next start` runs. */
  dir: string;
  /** Its build folder, relative to `dir` (default .next): checked for a finished build first. */
  distDir?: string;
  /** The `next` command to run (default: the one found from `dir` upwards). */
  nextBin?: string;
  /** The whole environment of the server (default: this process's). */
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Where the server's output goes (default: this terminal). */
  output?: Output;
  timeoutMs?: number;
  /** What to call it in messages (default "next start"). */
  name?: string;
}

/** Runs `next start -H 127.0.0.1 -p <port>` on a finished build; resolves once it answers. */
export async function startNext(opts: NextStartOptions): Promise<RunningServer> {
  const buildDir = path.join(opts.dir, opts.distDir ?? '.next');
  if (!fs.existsSync(path.join(buildDir, 'BUILD_ID'))) {
    throw new Error(`No server build in ${buildDir}. Build it first.`);
  }
  const host = '127.0.0.1';
  const port = opts.port && opts.port > 0 ? opts.port : await freePort(host);
  const { stdio, close } = stdioFor(opts.output ?? 'inherit');
  const server = spawnGuarded(process.execPath, [opts.nextBin ?? nextBin(opts.dir), 'start', '-H', host, '-p', String(port)], { cwd: opts.dir, env: opts.env, stdio });
  close();
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/`, server.child, opts.timeoutMs ?? 30_000, opts.name);
  } catch (error) {
    await server.stop(0);
    throw error;
  }
  return { url, stop: () => server.stop() };
}

export interface ServeServerOptions {
  port?: number;
  quiet?: boolean;
  timeoutMs?: number;
  /** Append the server's output to this file instead. */
  logFile?: string;
  /** A folder holding next.config.ts and a server build (default: site/; the mutants runner passes its frozen copy). */
  dir?: string;
  /** The build folder inside `dir` (default: the reference site's .next-server). */
  distDir?: string;
  /** The `next` command to run (default: the one found from `dir` upwards). */
  nextBin?: string;
  env?: Record<string, string>;
}

/** The reference site's server build (or a frozen copy of it) under `next start`; resolves once it answers. */
export async function serveServer(opts: ServeServerOptions = {}): Promise<RunningServer> {
  const dir = opts.dir ?? siteDir();
  const distDir = opts.distDir ?? path.basename(buildPaths('server').buildDir);
  // Drop response-cache entries left on disk by an earlier server (see isrFlushToDisk in
  // next.config.ts); the build's own pre-rendered pages live elsewhere and are kept.
  fs.rmSync(path.join(dir, distDir, 'server', 'route-cache'), { recursive: true, force: true });
  return startNext({
    dir,
    distDir,
    nextBin: opts.nextBin,
    // next.config.ts reads the build's own id back from <distDir>/BUILD_ID (the deploymentId).
    env: { ...nextEnv('server', { NODE_ENV: 'production' }), ...opts.env },
    port: opts.port,
    output: opts.logFile ? { file: opts.logFile, append: true } : opts.quiet ? 'ignore' : 'inherit',
    timeoutMs: opts.timeoutMs,
  });
}
