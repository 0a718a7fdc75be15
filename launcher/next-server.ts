/**
 * `next start` of a server build, under guard.cjs: its own process group (stop() reaches the
 * next-server children too) that also stops when the process that started it dies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnGuarded } from './group';
import { freePort, waitForHttp, type RunningServer } from './http';
import { buildPaths, nextBin, nextEnv, siteDir } from './paths';

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

/** Runs `next start -H 127.0.0.1 -p <port>` on a server build; resolves once it answers. */
export async function serveServer(opts: ServeServerOptions = {}): Promise<RunningServer> {
  const cwd = opts.dir ?? siteDir();
  const buildDir = path.join(cwd, opts.distDir ?? path.basename(buildPaths('server').buildDir));
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
  const out = logFd ?? (opts.quiet ? 'ignore' : 'inherit');
  const server = spawnGuarded(process.execPath, [opts.nextBin ?? nextBin(cwd), 'start', '-H', host, '-p', String(port)], {
    cwd,
    // next.config.ts reads the build's own id back from <distDir>/BUILD_ID (the deploymentId).
    env: { ...nextEnv('server', { NODE_ENV: 'production' }), ...opts.env },
    stdio: ['ignore', out, out],
  });
  if (logFd !== undefined) fs.closeSync(logFd); // the child keeps its own copy
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/`, server.child, opts.timeoutMs ?? 30_000);
  } catch (error) {
    await server.stop(0);
    throw error;
  }
  return { url, stop: () => server.stop() };
}
