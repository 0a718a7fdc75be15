import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../../launcher';
import { startNext } from '../hosts/next-start';
import { buildPaths, nextEnv, siteDir } from './paths';

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
