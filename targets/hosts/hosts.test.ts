import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOn, type RunningServer } from '../../launcher';
import { tempDirs } from '../../launcher/temp-dirs';
import { findApache, localApacheMain, serveApache } from './apache';
import { findCaddy, serveCaddy } from './caddy';
import { distributionMain, DISTRIBUTION_NGINX_CONF, findNginx, serveNginx } from './nginx';
import { npmServerInstalled, serveNpmServer } from './npm-servers';
import { DISTRIBUTION_VCL, findVarnish, localVcl, serveBehindVarnish } from './varnish';

const dirs = tempDirs('hosts-test-');
afterAll(dirs.removeAll);

/** An export's shape where hosts differ: a page beside a folder of the same name, page data, a 404 page. */
function exportDir(): string {
  const dir = dirs.make();
  fs.chmodSync(dir, 0o755);
  const put = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  put('index.html', '<h1>home</h1>');
  put('posts.html', '<h1>posts</h1>');
  put('posts/1.html', '<h1>post 1</h1>');
  put('posts.txt', 'page data');
  put('404.html', '<h1>404</h1>');
  return dir;
}

describe('the distribution configurations, changed only where a private instance must', () => {
  it('nginx.conf: pid, logs and sites-enabled replaced, everything else kept', () => {
    const conf = 'user www-data;\npid /run/nginx.pid;\nerror_log /var/log/nginx/error.log;\nhttp {\n\tgzip on;\n\taccess_log /var/log/nginx/access.log;\n\tinclude /etc/nginx/sites-enabled/*;\n}\n';
    const out = distributionMain(conf, '/tmp/p', '/tmp/p/site.conf');
    expect(out).toContain('user www-data;');
    expect(out).toContain('\tgzip on;');
    expect(out).toContain('pid "/tmp/p/nginx.pid";');
    expect(out).toContain('include "/tmp/p/site.conf";');
    expect(out).not.toMatch(/sites-enabled|\/var\/log/);
    expect(() => distributionMain('http {}', '/tmp/p', '/tmp/p/site.conf')).toThrow(/sites-enabled/);
  });

  it('apache2.conf: ports.conf and sites-enabled replaced', () => {
    const out = localApacheMain('Timeout 300\nInclude ports.conf\nIncludeOptional sites-enabled/*.conf\n', 8123, '/tmp/a/site.conf');
    expect(out).toBe('Timeout 300\nListen 127.0.0.1:8123\nInclude "/tmp/a/site.conf"\n');
    expect(() => localApacheMain('Timeout 300\n', 1, 'x')).toThrow(/ports\.conf/);
  });

  it('default.vcl: its one backend pointed at the server it fronts', () => {
    const out = localVcl('vcl 4.1;\nbackend default {\n    .host = "127.0.0.1";\n    .port = "8080";\n}\n', 4321);
    expect(out).toContain('.port = "4321";');
    expect(() => localVcl('vcl 4.1;\n', 1)).toThrow(/backend/);
  });
});

/** What every static host must do for an export, in its ordinary set-up. */
async function expectExportServed(server: RunningServer): Promise<void> {
  try {
    const get = (p: string) => fetch(`${server.url}${p}`, { redirect: 'manual' });
    expect((await get('/')).status).toBe(200);
    const posts = await get('/posts');
    expect(posts.status).toBe(200);
    expect(await posts.text()).toContain('posts');
    expect((await get('/posts/1')).status).toBe(200);
    expect((await get('/posts.txt?_rsc=1')).headers.get('content-type')).toMatch(/^text\/plain/);
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>404</h1>');
  } finally {
    await server.stop();
  }
}

describe('the hosts teams use serve an export on 127.0.0.1 and stop', () => {
  it.skipIf(!findNginx() || !fs.existsSync(DISTRIBUTION_NGINX_CONF))('nginx with the distribution\'s nginx.conf', async () => {
    await expectExportServed(await serveNginx({ dir: exportDir(), distribution: true }));
  });
  it.skipIf(!findApache())('Apache httpd with the distribution\'s apache2.conf', async () => {
    await expectExportServed(await serveApache({ dir: exportDir() }));
  });
  it.skipIf(!findCaddy())('Caddy file_server', async () => {
    await expectExportServed(await serveCaddy({ dir: exportDir() }));
  });
  // From npm: judged once the matrix has installed them (no download in a unit test).
  it.skipIf(!npmServerInstalled('serve'))('serve@14', async () => {
    await expectExportServed(await serveNpmServer('serve', { dir: exportDir() }));
  });
  it.skipIf(!npmServerInstalled('http-server'))('http-server: a page beside a folder of its name is redirected to the folder', async () => {
    const server = await serveNpmServer('http-server', { dir: exportDir() });
    try {
      const posts = await fetch(`${server.url}/posts`, { redirect: 'manual' });
      expect([posts.status, posts.headers.get('location')]).toEqual([302, '/posts/']);
      expect((await fetch(`${server.url}/nope`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
  it.skipIf(!findVarnish() || !fs.existsSync(DISTRIBUTION_VCL))('Varnish in front of a server, which stops with it', async () => {
    let asked = 0;
    const backend = await listenOn(http.createServer((_req, res) => {
      asked++;
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=60' }).end('hello');
    }));
    const proxy = await serveBehindVarnish(backend);
    expect(proxy.url).not.toBe(backend.url);
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${proxy.url}/x`)).text()).toBe('hello');
    // waitForHttp's own request and the first /x reach the backend; the second /x is Varnish's cached copy.
    expect(asked).toBe(2);
    await proxy.stop();
    await expect(fetch(`${backend.url}/x`)).rejects.toThrow();
  }, 30_000);
});
