/**
 * A protected preview on 127.0.0.1, as teams put theirs behind: HTTPS with a certificate
 * of a certificate authority made for the purpose, HTTP basic auth, and a header that lets
 * automation through — a reverse proxy in front of any HTTP server (the static server, say). Used
 * by selftest/ to judge a site as a protected deployment. Runs in this process; stop() closes it
 * and every connection it holds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import type { RunningServer } from '../../launcher/http';
import { runCommand } from '../../launcher/run-command';

export interface TestCertificates {
  /** The certificate authority's certificate (PEM): what a client is told to trust. */
  caFile: string;
  /** The server's key and its certificate for 127.0.0.1, signed by that authority. */
  keyFile: string;
  certFile: string;
}

/** Makes a certificate authority and a server certificate for 127.0.0.1 in `dir` with openssl (valid 2 days). */
export async function makeTestCertificates(dir: string, openssl = process.env.OPENSSL_PATH || 'openssl'): Promise<TestCertificates> {
  mkdirSync(dir, { recursive: true });
  const f = (n: string) => join(dir, n);
  const steps: string[][] = [
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=spec-conformance test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1'],
    ['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('server.pem'), '-days', '2',
      '-extfile', f('server.ext')],
  ];
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature,keyEncipherment\n');
  for (const args of steps) {
    const r = await runCommand(openssl, args, { cwd: dir, output: 'capture' });
    if (r.code !== 0) throw new Error(`openssl ${args[0]} failed (exit ${r.code}): ${r.output.trim().split('\n').slice(-3).join(' ')}`);
  }
  return { caFile: f('ca.pem'), keyFile: f('server.key'), certFile: f('server.pem') };
}

export interface ProtectedHostOptions {
  /** The HTTP server behind it, e.g. http://127.0.0.1:3000. */
  upstream: string;
  key: string;
  cert: string;
  /** Basic auth every request must carry (401 with a Basic challenge otherwise). */
  credentials?: { username: string; password: string };
  /** A header every request must carry with this value (403 otherwise). */
  header?: { name: string; value: string };
  port?: number;
}

export interface ProtectedHost extends RunningServer {
  /** Requests answered from upstream, and refused (401 or 403). */
  counts: { forwarded: number; refused: number };
}

const HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'transfer-encoding'];

export async function startProtectedHost(opts: ProtectedHostOptions): Promise<ProtectedHost> {
  const upstream = new URL(opts.upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const counts = { forwarded: 0, refused: 0 };
  const basic = opts.credentials && `Basic ${Buffer.from(`${opts.credentials.username}:${opts.credentials.password}`).toString('base64')}`;
  const server = https.createServer({ key: opts.key, cert: opts.cert }, (req, res) => {
    if (basic && req.headers.authorization !== basic) {
      counts.refused++;
      res.writeHead(401, { 'www-authenticate': 'Basic realm="preview", charset="UTF-8"', 'content-type': 'text/plain; charset=utf-8' });
      res.end('This preview needs a user name and password.\n');
      return;
    }
    if (opts.header && req.headers[opts.header.name.toLowerCase()] !== opts.header.value) {
      counts.refused++;
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('This preview lets automation through with its bypass header only.\n');
      return;
    }
    counts.forwarded++;
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.includes(k)));
    const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...headers, host: upstream.host }, agent }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, Object.fromEntries(Object.entries(ur.headers).filter(([k]) => !HOP.includes(k))));
      ur.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad gateway\n');
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  let stopped: Promise<void> | undefined;
  return {
    url: `https://127.0.0.1:${port}`,
    counts,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
      return stopped;
    },
  };
}
