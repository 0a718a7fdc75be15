/**
 * `next start` behind Varnish, the caching reverse proxy, in the distribution's set-up: Debian's
 * /etc/varnish/default.vcl (the built-in VCL: it caches by the backend's Cache-Control and Vary, passes a
 * request with a cookie or an Authorization header, and any method but GET and HEAD) with its backend's port
 * set to the `next start` it fronts, and the Debian service's storage (`-s malloc,256m`) and jail. Varnish
 * runs in the foreground (-F) on 127.0.0.1, its working folder in a temporary folder; stop() stops both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort, type RunningServer } from '../../launcher';
import { findBinary, scratchFolder, startForeground } from './foreground';

export const DISTRIBUTION_VCL = '/etc/varnish/default.vcl';

/** The varnishd binary (VARNISHD_PATH, else the usual places), or undefined when it is not installed. */
export function findVarnish(): string | undefined {
  return findBinary('VARNISHD_PATH', ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd']);
}

/** default.vcl with its one backend at 127.0.0.1:<port>. */
export function localVcl(vcl: string, port: number): string {
  let hosts = 0;
  let ports = 0;
  const out = vcl
    .replace(/(\.host\s*=\s*)"[^"]*"/g, (_m, lead: string) => (hosts++, `${lead}"127.0.0.1"`))
    .replace(/(\.port\s*=\s*)"[^"]*"/g, (_m, lead: string) => (ports++, `${lead}"${port}"`));
  if (hosts !== 1 || ports !== 1) throw new Error(`${DISTRIBUTION_VCL}: expected one backend (.host and .port) to point at next start`);
  return out;
}

/** Varnish on a free 127.0.0.1 port in front of `backend`, which stops with it (or at once, when Varnish cannot start). */
export async function serveBehindVarnish(backend: RunningServer): Promise<RunningServer> {
  try {
    return await startVarnish(backend);
  } catch (error) {
    await backend.stop();
    throw error;
  }
}

async function startVarnish(backend: RunningServer): Promise<RunningServer> {
  const varnishd = findVarnish();
  if (!varnishd) throw new Error('Varnish is not installed (Debian: apt-get install -y varnish; or set VARNISHD_PATH).');
  const backendPort = Number(new URL(backend.url).port);
  const port = await freePort();
  const scratch = scratchFolder('matrix-varnish-');
  const vcl = path.join(scratch, 'default.vcl');
  fs.writeFileSync(vcl, localVcl(fs.readFileSync(DISTRIBUTION_VCL, 'utf8'), backendPort));
  const jail = process.getuid?.() === 0 ? ['-j', 'unix,user=vcache'] : ['-j', 'none'];
  const args = [...jail, '-F', '-a', `127.0.0.1:${port}`, '-T', 'none', '-n', path.join(scratch, 'work'), '-f', vcl, '-s', 'malloc,256m'];
  return startForeground({ name: 'Varnish', command: varnishd, args, url: `http://127.0.0.1:${port}`, scratch, timeoutMs: 20_000, after: () => backend.stop() });
}
