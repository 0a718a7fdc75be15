/**
 * Serves a matrix build on 127.0.0.1. A static export: the project's own static server
 * (targets/hosts/static-server.ts) or nginx with targets/hosts/nginx.conf, and the hosts teams use, each in
 * its ordinary set-up — serve and http-server from npm (targets/hosts/npm-servers.ts), nginx with the
 * distribution's config (targets/hosts/nginx.ts), Apache httpd (targets/hosts/apache.ts), Caddy
 * (targets/hosts/caddy.ts). A server build: the version's own `next start` (targets/hosts/next-start.ts),
 * alone or behind Varnish (targets/hosts/varnish.ts). Every one returns stop(), which ends what it started
 * (the whole process group of each program).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../launcher';
import { findApache, serveApache } from '../targets/hosts/apache';
import { findCaddy, serveCaddy } from '../targets/hosts/caddy';
import { DISTRIBUTION_NGINX_CONF, findNginx, serveNginx } from '../targets/hosts/nginx';
import { serveNpmServer } from '../targets/hosts/npm-servers';
import { findVarnish, serveBehindVarnish } from '../targets/hosts/varnish';
import { appDir, installDir, nextBinOf, outputOf } from './builder';
import type { Host, RunPlan } from './versions';
import { serveStatic } from '../targets/hosts/static-server';
import { startNext } from '../targets/hosts/next-start';

export type { RunningServer };

const NGINX_MISSING = 'nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_PATH)';

/** Why a host cannot run here, or undefined when it can (serve and http-server install on first use). */
export function hostUnavailable(host: Host): string | undefined {
  switch (host) {
    case 'nginx':
      return findNginx() ? undefined : NGINX_MISSING;
    case 'nginx-debian':
      return !findNginx() ? NGINX_MISSING : existsSync(DISTRIBUTION_NGINX_CONF) ? undefined : `${DISTRIBUTION_NGINX_CONF} is missing (Debian's nginx-common installs it)`;
    case 'apache':
      return findApache() ? undefined : 'Apache httpd is not installed (Debian: apt-get install -y apache2; or set APACHE_PATH)';
    case 'caddy':
      return findCaddy() ? undefined : 'Caddy is not installed (Debian: apt-get install -y caddy; or set CADDY_PATH)';
    case 'varnish':
      return findVarnish() ? undefined : 'Varnish is not installed (Debian: apt-get install -y varnish; or set VARNISHD_PATH)';
    default:
      return undefined;
  }
}

export async function serveRun(r: RunPlan): Promise<RunningServer> {
  const dir = outputOf(r.build);
  switch (r.host) {
    case 'serve-handler':
      return serveStatic({ dir });
    case 'nginx':
      return serveNginx({ dir });
    case 'nginx-debian':
      return serveNginx({ dir, distribution: true });
    case 'serve':
    case 'http-server':
      return serveNpmServer(r.host, { dir });
    case 'apache':
      return serveApache({ dir });
    case 'caddy':
      return serveCaddy({ dir });
    case 'next-start':
      return nextStart(r);
    case 'varnish':
      return serveBehindVarnish(await nextStart(r));
  }
}

/** The version's own `next start` in the build's folder (the launcher's guarded startNext); its output goes to <build>.server.log. */
function nextStart(r: RunPlan): Promise<RunningServer> {
  return startNext({
    dir: appDir(r.build),
    nextBin: nextBinOf(r.build.pin),
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    output: { file: join(installDir(r.build.pin), 'apps', `${r.id}.server.log`) },
    name: `next start (${r.id})`,
  });
}
