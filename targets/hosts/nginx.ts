/**
 * nginx on 127.0.0.1 against a local export folder, in the foreground in its own temporary prefix, stopped by
 * stop(). Two set-ups: targets/hosts/nginx.conf, the documented hosting of the reference site's export (only
 * its `listen` and `root` lines replaced); and the distribution's own /etc/nginx/nginx.conf with the server
 * block of Next.js's static-export guide (targets/hosts/nginx-default-site.conf) as its one site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort, type RunningServer } from '../../launcher';
import { checkConfig, findBinary, scratchFolder, startForeground } from './foreground';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/opt/homebrew/bin/nginx'];
/** The distribution's main configuration (Debian's nginx-common). */
export const DISTRIBUTION_NGINX_CONF = '/etc/nginx/nginx.conf';

/** The nginx binary (NGINX_PATH, else the usual places), or undefined when none is installed. */
export function findNginx(): string | undefined {
  return findBinary('NGINX_PATH', CANDIDATES);
}

/** A server block with `listen` on 127.0.0.1:<port> and `root` at <dir>. */
export function localNginxSite(conf: string, dir: string, port: number): string {
  let listens = 0;
  let roots = 0;
  const out = conf
    .split('\n')
    .flatMap((line) => {
      if (/^\s*listen\s/.test(line)) return listens++ === 0 ? [`    listen 127.0.0.1:${port};`] : [];
      if (/^\s*root\s/.test(line)) {
        roots++;
        return [`    root ${JSON.stringify(dir)};`];
      }
      return [line];
    })
    .join('\n');
  if (listens === 0 || roots !== 1) throw new Error('nginx site: expected listen lines and one root line to replace');
  return out;
}

const tmpPaths = (prefix: string) => ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${JSON.stringify(path.join(prefix, name))};`);

/** The main configuration around targets/hosts/nginx.conf: one worker, no access log, everything in the prefix. */
function ownMain(prefix: string, site: string): string {
  return [
    // As root, workers would otherwise switch to "nobody", who cannot use the private prefix.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    'master_process on;',
    `pid ${JSON.stringify(path.join(prefix, 'nginx.pid'))};`,
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...tmpPaths(prefix),
    `  include ${JSON.stringify(site)};`,
    '}',
    '',
  ].join('\n');
}

/**
 * The distribution's nginx.conf as it is, but for what a private instance must change: the pid file, the logs
 * (stderr; no access log), the temporary paths in the prefix, the foreground, and its sites-enabled include
 * replaced by the one site.
 */
export function distributionMain(conf: string, prefix: string, site: string): string {
  let sites = 0;
  const lines = conf.split('\n').flatMap((line) => {
    if (/^\s*pid\s/.test(line)) return [`pid ${JSON.stringify(path.join(prefix, 'nginx.pid'))};`];
    if (/^\s*error_log\s/.test(line)) return ['error_log stderr warn;'];
    if (/^\s*access_log\s/.test(line)) return ['\taccess_log off;'];
    if (/^\s*include\s+\S*sites-enabled/.test(line)) {
      sites++;
      return [...tmpPaths(prefix), `\tinclude ${JSON.stringify(site)};`];
    }
    return [line];
  });
  if (sites !== 1) throw new Error(`${DISTRIBUTION_NGINX_CONF}: expected one "include …sites-enabled…" line to replace`);
  return ['daemon off;', ...lines].join('\n');
}

/** Serves `dir` with nginx: targets/hosts/nginx.conf, or (`distribution`) Debian's nginx.conf and the static-export guide's site. */
export async function serveNginx(opts: { dir: string; port?: number; nginx?: string; distribution?: boolean }): Promise<RunningServer> {
  const nginx = opts.nginx ?? findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_PATH).');
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const prefix = scratchFolder('reference-nginx-');
  const siteFile = path.join(prefix, 'site.conf');
  const siteConf = opts.distribution ? 'nginx-default-site.conf' : 'nginx.conf';
  fs.writeFileSync(siteFile, localNginxSite(fs.readFileSync(path.join(__dirname, siteConf), 'utf8'), dir, port));
  const main = opts.distribution ? distributionMain(fs.readFileSync(DISTRIBUTION_NGINX_CONF, 'utf8'), prefix, siteFile) : ownMain(prefix, siteFile);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), main);
  // -e: the error log before the configuration is read (the distribution's names /var/log/nginx).
  const args = ['-p', prefix, '-e', 'stderr', '-c', path.join(prefix, 'nginx.conf')];
  checkConfig(nginx, [...args, '-t'], prefix, `nginx rejects targets/hosts/${siteConf}`);
  return startForeground({ name: 'nginx', command: nginx, args, url: `http://127.0.0.1:${port}`, scratch: prefix });
}
