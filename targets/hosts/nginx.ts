/**
 * Runs targets/hosts/nginx.conf, the documented nginx hosting of the static export, on 127.0.0.1 against a
 * local export folder: only its `listen` and `root` lines are replaced, everything else is served
 * as written. nginx runs in the foreground in its own temporary prefix and is stopped by stop().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, runSync, spawnGuarded, waitForHttp, type RunningServer } from '../../launcher';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/opt/homebrew/bin/nginx'];

/** The nginx binary (NGINX_PATH, else the usual places), or undefined when none is installed. */
export function findNginx(): string | undefined {
  const given = process.env.NGINX_PATH;
  if (given) return fs.existsSync(given) ? given : undefined;
  return CANDIDATES.find((file) => fs.existsSync(file));
}

/** targets/hosts/nginx.conf with `listen` on 127.0.0.1:<port> and `root` at <dir>. */
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
  if (listens === 0 || roots !== 1) throw new Error('targets/hosts/nginx.conf: expected listen lines and one root line to replace');
  return out;
}

/** Serves `dir` with nginx and targets/hosts/nginx.conf; resolves once nginx answers. */
export async function serveNginx(opts: { dir: string; port?: number; nginx?: string }): Promise<RunningServer> {
  const nginx = opts.nginx ?? findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx; or set NGINX_PATH).');
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-nginx-'));
  const site = localNginxSite(fs.readFileSync(path.join(__dirname, 'nginx.conf'), 'utf8'), dir, port);
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  const tmp = (name: string) => `${name}_temp_path ${JSON.stringify(path.join(prefix, name))};`;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
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
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${tmp(name)}`),
      `  include ${JSON.stringify(path.join(prefix, 'site.conf'))};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  const check = runSync(nginx, [...args, '-t']);
  if (check.status !== 0) {
    fs.rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx rejects targets/hosts/nginx.conf:\n${check.stderr}`);
  }
  // Under guard.cjs: its own process group (master and workers), stopped with this process however it ends.
  const server = spawnGuarded(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const child = server.child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${url}/`, child, 10_000, 'nginx');
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  let stopped: Promise<void> | undefined;
  return { url, stop: () => (stopped ??= stop()) };
}
