import fs from 'node:fs';
import { expect, test } from '../../conformance/harness/fixtures';
import { findNginx, serveNginx } from '../../targets/hosts/nginx';
import type { RunningServer } from '../../launcher';
import { serveStatic } from '../../targets/hosts/static-server';
import { buildPaths } from '../../targets/reference';
import { firstScriptSrc } from './helpers';

// targets/hosts/nginx.conf, the documented nginx hosting of the static export, is run here against the real
// export and must answer as the reference static server does (docs/static-hosting.md): same
// status, same redirect target, same media type, same Cache-Control, same body; plus the security
// headers on every answer. Differences by design are listed, with why.

const nginx = findNginx();

interface Answer {
  status: number;
  location: string | null;
  type: string;
  cacheControl: string | null;
  body: Buffer;
  headers: Headers;
}

async function ask(base: string, path: string, method = 'GET'): Promise<Answer> {
  const res = await fetch(base + path, { method, redirect: 'manual', body: method === 'POST' ? 'x=1' : undefined });
  const location = res.headers.get('location');
  return {
    status: res.status,
    // nginx sends absolute redirects, serve-handler relative ones: compare the path.
    location: location === null ? null : new URL(location, base).pathname,
    type: (res.headers.get('content-type') ?? '').split(';')[0].trim(),
    cacheControl: res.headers.get('cache-control'),
    body: Buffer.from(await res.arrayBuffer()),
    headers: res.headers,
  };
}

/** Addresses where nginx answers differently on purpose: its status there, and why. */
const BY_DESIGN: Record<string, { status: number; why: string }> = {
  // The not-found page is internal to nginx (its own address is not a page); serve-handler
  // redirects it to /404, which then shows the same page with 200.
  '/404.html': { status: 404, why: 'nginx: 404 with the not-found page; reference: 301 to /404' },
  // nginx refuses a NUL in a path outright; the reference server looks it up and finds nothing.
  '/%00': { status: 400, why: "nginx: its own 400 page; reference: the site's 404 page" },
};

test.describe('static hosting with nginx (targets/hosts/nginx.conf)', () => {
  let ref: RunningServer;
  let ngx: RunningServer;
  /** A hashed script of the export (from its home page). */
  let asset: string;

  test.beforeAll(async ({}, testInfo) => {
    const mode = (testInfo.project.use as { mode?: string }).mode;
    test.skip(mode !== 'static', 'nginx serves the static export only');
    test.skip(!nginx, 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)');
    const dir = buildPaths('static').output;
    test.skip(!fs.existsSync(`${dir}/index.html`), 'no static export to serve');
    const src = firstScriptSrc(fs.readFileSync(`${dir}/index.html`, 'utf8'));
    expect(src, 'a hashed script on the home page').toBeTruthy();
    asset = src!;
    [ref, ngx] = await Promise.all([serveStatic({ dir }), serveNginx({ dir })]);
  });

  test.afterAll(async () => {
    await Promise.all([ref?.stop(), ngx?.stop()]);
  });

  test('nginx answers every kind of address as the reference static server does', async () => {
    const paths = [
      '/', '/about', '/contact', '/demos/links', '/demos/links/3', // pages, clean URLs
      '/index.txt', '/about.txt?_rsc=abc', '/demos/links/3.txt', // page data, query ignored
      asset, '/favicon.svg', // hashed asset, public file
      '/about.html', '/about/', '/demos/links/', '/index.html', // one canonical address
      '/no-such-page', '/demos/missing.txt', '/_next/static/missing.js', '/demos', // not found
      '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%00', // outside the export
      '/404.html',
    ];
    const differences: string[] = [];
    for (const path of paths) {
      const [a, b] = await Promise.all([ask(ref.url, path), ask(ngx.url, path)]);
      // Bodies of redirects and of the servers' own error pages (400: a path nginx or serve-handler
      // refuse to decode) are their own; pages, page data, assets and the 404 page must be equal.
      const redirect = a.status >= 300 && a.status < 400;
      const ownBody = redirect || (a.status >= 400 && a.status !== 404);
      const sameBody = ownBody || a.body.equals(b.body);
      const got = `${b.status} ${b.location ?? b.type} cache=${b.cacheControl}${sameBody ? '' : ' (other body)'}`;
      const want = `${a.status} ${a.location ?? a.type} cache=${a.cacheControl}`;
      const same =
        a.status === b.status &&
        a.location === b.location &&
        (redirect || (a.type === b.type && a.cacheControl === b.cacheControl && sameBody));
      const byDesign = BY_DESIGN[path];
      if (byDesign) expect(b.status, `${path} (${byDesign.why})`).toBe(byDesign.status);
      else if (!same) differences.push(`${path}: reference ${want}, nginx ${got}`);
    }
    expect(differences).toEqual([]);
  });

  test('nginx sends the cache lifetimes of docs/static-hosting.md', async () => {
    expect((await ask(ngx.url, asset)).cacheControl).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/about', '/index.txt', '/about.txt', '/no-such-page']) {
      expect((await ask(ngx.url, path)).cacheControl, path).toBe('no-cache');
    }
  });

  test('nginx sends the security headers on every answer, redirects and errors included', async () => {
    for (const [path, method] of [['/', 'GET'], ['/about.txt', 'GET'], ['/about.html', 'GET'], ['/no-such-page', 'GET'], ['/static.html', 'POST']] as const) {
      const a = await ask(ngx.url, path, method);
      const what = `${method} ${path} (${a.status})`;
      expect(a.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(a.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(a.headers.get('x-frame-options'), what).toBe('DENY');
      expect(a.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
      expect(a.headers.get('server'), what).toBe('nginx'); // server_tokens off: no version
    }
  });

  test('nginx refuses methods other than GET and HEAD with 405, as the reference server does', async () => {
    for (const path of ['/static.html', '/about', '/no-such-page']) {
      const [a, b] = await Promise.all([ask(ref.url, path, 'POST'), ask(ngx.url, path, 'POST')]);
      expect(b.status, `POST ${path}`).toBe(405);
      expect(a.status, `POST ${path} (reference)`).toBe(405);
      expect(b.headers.get('allow'), `POST ${path}`).toBe('GET, HEAD');
    }
    expect((await ask(ngx.url, '/about', 'HEAD')).status).toBe(200);
  });
});
