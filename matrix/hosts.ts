/**
 * Serves a matrix build on 127.0.0.1: a static export with the project's own static server
 * (targets/hosts/static-server.ts) or with nginx and targets/hosts/nginx.conf (targets/hosts/nginx.ts); a server
 * build with the version's own `next start` (targets/hosts/next-start.ts). Every one returns stop(),
 * which ends what it started (the whole process group for nginx and next start).
 */
import { join } from 'node:path';
import type { RunningServer } from '../launcher';
import { findNginx, serveNginx } from '../targets/hosts/nginx';
import { appDir, installDir, nextBinOf, outputOf } from './builder';
import type { Host, RunPlan } from './versions';
import { serveStatic } from '../targets/hosts/static-server';
import { startNext } from '../targets/hosts/next-start';

export type { RunningServer };

/** Why a host cannot run here, or undefined when it can. */
export function hostUnavailable(host: Host): string | undefined {
  if (host === 'nginx' && !findNginx()) return 'nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_PATH)';
  return undefined;
}

export async function serveRun(r: RunPlan): Promise<RunningServer> {
  switch (r.host) {
    case 'serve-handler':
      return serveStatic({ dir: outputOf(r.build) });
    case 'nginx':
      return serveNginx({ dir: outputOf(r.build) });
    case 'next-start':
      return nextStart(r);
  }
}

/** The version's own `next start` in the build's folder (the launcher's guarded startNext); its output goes to <build>.server.log. */
function nextStart(r: RunPlan): Promise<RunningServer> {
  return startNext({
    dir: appDir(r.build),
    nextBin: nextBinOf(r.build.pin),
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    output: { file: join(installDir(r.build.pin), 'apps', `${r.build.id}.server.log`) },
    name: `next start (${r.build.id})`,
  });
}
