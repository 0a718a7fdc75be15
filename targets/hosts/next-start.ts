/**
 * `next start` of a server build, under the launcher's guard: its own process group (stop() reaches
 * the next-server children too) that also stops when the process that started it dies. Any build
 * with any `next`: the reference site's server build (reference/serve.ts), a fixture site's, the
 * matrix's builds with their own version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort, spawnGuarded, stdioFor, waitForHttp, type Output, type RunningServer } from '../../launcher';

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

/** The `next` command of the Next.js installed for `from` (node_modules found from there upwards). */
export function nextBin(from: string): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find node_modules/next from ${from} (run npm install).`);
    dir = parent;
  }
}
