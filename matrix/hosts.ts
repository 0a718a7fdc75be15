/**
 * Serves a matrix build on 127.0.0.1: a static export with the project's own static server
 * (site/scripts/site.ts serveStatic) or with nginx and launcher/nginx.conf (launcher/nginx.ts);
 * a server build with the version's own `next start`. Every launcher returns stop(), which
 * ends what it started (the whole process group for next start).
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, serveStatic, waitForHttp, type RunningServer } from '../site/scripts/site';
import { findNginx, serveNginx } from '../launcher/nginx';
import { appDir, installDir, nextBinOf, outputOf } from './builder';
import type { Host, RunPlan } from './versions';

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

/** `next start -H 127.0.0.1 -p <free port>` in the build's folder; its output goes to <build>.server.log. */
async function nextStart(r: RunPlan): Promise<RunningServer> {
  const host = '127.0.0.1';
  const port = await freePort(host);
  const log = openSync(join(installDir(r.build.pin), 'apps', `${r.build.id}.server.log`), 'w');
  const child = spawn(process.execPath, [nextBinOf(r.build.pin), 'start', '-H', host, '-p', String(port)], {
    cwd: appDir(r.build),
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    detached: true, // own process group: stop() reaches every child
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/`, child, 30_000, `next start (${r.build.id})`);
  } catch (e) {
    kill('SIGKILL');
    await exited;
    throw e;
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        kill('SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      })()),
  };
}
