/**
 * Caddy's file_server on 127.0.0.1 against a local export folder, with targets/hosts/Caddyfile; in the
 * foreground (`caddy run`) with its home, data and config folders in a temporary folder, stopped by stop().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type RunningServer } from '../../launcher';
import { findBinary, startForeground } from './foreground';

/** The caddy binary (CADDY_PATH, else the usual places), or undefined when it is not installed. */
export function findCaddy(): string | undefined {
  return findBinary('CADDY_PATH', ['/usr/bin/caddy', '/usr/local/bin/caddy', '/opt/homebrew/bin/caddy']);
}

export async function serveCaddy(opts: { dir: string; port?: number }): Promise<RunningServer> {
  const caddy = findCaddy();
  if (!caddy) throw new Error('Caddy is not installed (Debian: apt-get install -y caddy; or set CADDY_PATH).');
  const port = opts.port ?? (await freePort());
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-caddy-'));
  const env = {
    ...process.env, PORT: String(port), ROOT: path.resolve(opts.dir),
    HOME: scratch, XDG_DATA_HOME: path.join(scratch, 'data'), XDG_CONFIG_HOME: path.join(scratch, 'config'),
  };
  const args = ['run', '--config', path.join(__dirname, 'Caddyfile'), '--adapter', 'caddyfile'];
  return startForeground({ name: 'Caddy', command: caddy, args, url: `http://127.0.0.1:${port}`, scratch, env });
}
