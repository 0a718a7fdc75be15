/**
 * Apache httpd on 127.0.0.1 against a local export folder: the distribution's /etc/apache2/apache2.conf as it
 * is (its modules, conf-enabled/), with its ports.conf replaced by one Listen and its sites-enabled/ by
 * targets/hosts/apache-site.conf. Runs in the foreground (-DFOREGROUND) with its pid, lock and logs in a
 * temporary folder, stopped by stop().
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort, type RunningServer } from '../../launcher';
import { checkConfig, findBinary, scratchFolder, startForeground } from './foreground';

/** Debian's layout (apache2): the server root whose apache2.conf is used. */
export const APACHE_ROOT = '/etc/apache2';

/** The apache2 binary (APACHE_PATH, else Debian's), or undefined when it is not installed. */
export function findApache(): string | undefined {
  return findBinary('APACHE_PATH', ['/usr/sbin/apache2']);
}

/** apache2.conf with ports.conf replaced by `Listen 127.0.0.1:<port>` and sites-enabled by the one site. */
export function localApacheMain(conf: string, port: number, site: string): string {
  let ports = 0;
  let sites = 0;
  const out = conf.split('\n').map((line) => {
    if (/^\s*Include\s+ports\.conf/.test(line)) return ports++, `Listen 127.0.0.1:${port}`;
    if (/^\s*IncludeOptional\s+sites-enabled\//.test(line)) return sites++, `Include ${JSON.stringify(site)}`;
    return line;
  });
  if (ports !== 1 || sites !== 1) throw new Error(`${APACHE_ROOT}/apache2.conf: expected one "Include ports.conf" and one "IncludeOptional sites-enabled/…" line to replace`);
  return out.join('\n');
}

export async function serveApache(opts: { dir: string; port?: number }): Promise<RunningServer> {
  const apache = findApache();
  if (!apache) throw new Error('Apache httpd is not installed (Debian: apt-get install -y apache2; or set APACHE_PATH).');
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const scratch = scratchFolder('matrix-apache-');
  const site = path.join(scratch, 'site.conf');
  fs.writeFileSync(site, fs.readFileSync(path.join(__dirname, 'apache-site.conf'), 'utf8').replaceAll('@PORT@', String(port)).replaceAll('@ROOT@', dir));
  const main = path.join(scratch, 'apache2.conf');
  fs.writeFileSync(main, localApacheMain(fs.readFileSync(path.join(APACHE_ROOT, 'apache2.conf'), 'utf8'), port, site));
  // What Debian's /etc/apache2/envvars sets, pointed at the scratch folder (the children run as www-data, as there).
  const env = {
    ...process.env,
    APACHE_RUN_USER: 'www-data', APACHE_RUN_GROUP: 'www-data', APACHE_PID_FILE: path.join(scratch, 'apache2.pid'),
    APACHE_RUN_DIR: scratch, APACHE_LOCK_DIR: scratch, APACHE_LOG_DIR: scratch, LANG: 'C',
  };
  const args = ['-d', APACHE_ROOT, '-f', main];
  const vars = Object.entries(env).filter(([k]) => k.startsWith('APACHE_')).map(([k, v]) => `${k}=${v}`);
  checkConfig('/usr/bin/env', [...vars, apache, ...args, '-t'], scratch, 'Apache httpd rejects targets/hosts/apache-site.conf');
  return startForeground({ name: 'Apache httpd', command: apache, args: [...args, '-DFOREGROUND'], url: `http://127.0.0.1:${port}`, scratch, env });
}
