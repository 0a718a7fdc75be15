import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../conformance/harness/fixtures';
import { buildPolicy } from '../lib/security-headers';
import { inlineScriptHashes, inlineScripts } from '../lib/csp-manifest';
import { firstScriptSrc, get } from './helpers';

// Security of the reference site (a site check, not a clause of the spec; see docs/security.md), in
// three files: here the response headers in both delivery modes and the Content-Security-Policy of the
// server mode (script hashes for pre-rendered pages, a nonce for pages rendered per request);
// security-browser.spec.ts: no page breaks under it in Chromium; security-inputs.spec.ts: forged
// server-function calls and router-state headers are refused with a 4xx.

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The URL of the first /_next/static script of a page. */
async function firstChunk(request: APIRequestContext): Promise<string> {
  const html = await (await get(request, '/')).text();
  const src = firstScriptSrc(html);
  expect(src, 'a /_next/static script on the home page').toBeTruthy();
  return src!;
}

test.describe('security headers', () => {
  test('every kind of answer carries nosniff, a referrer policy and a framing ban, and no X-Powered-By', async ({ request, target }) => {
    const server = target.mode === 'server';
    const cases: { path: string; headers?: Record<string, string>; status?: number }[] = [
      { path: '/' },
      { path: '/about' },
      { path: '/no-such-page', status: 404 },
      { path: await firstChunk(request) },
      server ? { path: '/about?_rsc=sec01', headers: { rsc: '1' } } : { path: '/about.txt' },
      { path: '/demos/status/400' },
      // Redirect to the canonical address. Static only: next start's trailing-slash 308 comes before
      // its config headers (an empty body: nothing to sniff or frame; docs/security.md).
      ...(server ? [] : [{ path: '/about/', status: 301 }]),
      ...(server
        ? [
            { path: '/demos/dynamic' },
            { path: '/demos/server-crash', status: 500 },
            { path: '/demos/status/throws', status: 500 },
            // Next's own 400 page for a malformed URL, answered before middleware and config headers,
            // and the middleware's (a malformed path outside dynamic routes).
            { path: '/demos/status/%E0%A4%A', status: 400 },
            { path: '/%E0%A4%A', status: 400 },
          ]
        : []),
    ];
    for (const c of cases) {
      const res = await get(request, c.path, c.headers);
      const h = res.headers();
      const what = `${c.path} (${res.status()})`;
      expect(res.status(), what).toBe(c.status ?? 200);
      expect(h['x-content-type-options'], `nosniff on ${what}`).toBe('nosniff');
      expect(h['referrer-policy'], `Referrer-Policy on ${what}`).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options'], `X-Frame-Options on ${what}`).toBe('DENY');
      expect(h['x-powered-by'], `no X-Powered-By on ${what}`).toBeUndefined();
      if ((h['content-type'] ?? '').startsWith('text/html')) {
        const csp = directives(h['content-security-policy'] ?? '');
        expect(csp.get('frame-ancestors'), `frame-ancestors in the policy of ${what}`).toEqual(["'none'"]);
      }
    }
  });

  test('static delivery caches hashed assets for a year and revalidates pages and page data', async ({ request, target }) => {
    test.skip(target.mode !== 'static', 'cache headers of the static server (next start sets its own)');
    const immutable = [await firstChunk(request)];
    const revalidated = ['/', '/about', '/no-such-page', '/index.txt', '/about.txt'];
    for (const path of immutable) {
      expect((await get(request, path)).headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    for (const path of revalidated) {
      expect((await get(request, path)).headers()['cache-control'], path).toBe('no-cache');
    }
  });
});

test.describe('content security policy (server)', () => {
  test.beforeEach(({ target }) => {
    test.skip(target.mode !== 'server', 'the static server sends no script policy (docs/security.md)');
  });

  test('pre-rendered pages list the sha256 of each inline script; no unsafe-eval or unsafe-inline scripts', async ({ request }) => {
    for (const path of ['/', '/about', '/demos/links', '/demos/links/3', '/demos/plain', '/demos/dynamic-hub', '/no-such-page']) {
      const res = await get(request, path);
      const policy = directives(res.headers()['content-security-policy'] ?? '');
      const scriptSrc = policy.get('script-src') ?? [];
      expect(scriptSrc, `script-src of ${path}`).toContain("'self'");
      expect(scriptSrc, `script-src of ${path}`).not.toContain("'unsafe-eval'");
      expect(scriptSrc, `script-src of ${path}`).not.toContain("'unsafe-inline'");
      const hashes = inlineScriptHashes(await res.text());
      expect(hashes.length, `inline scripts of ${path}`).toBeGreaterThan(0);
      expect(hashes.filter((h) => !scriptSrc.includes(h)), `inline scripts of ${path} not allowed by its policy`).toEqual([]);
      for (const d of ['object-src', 'base-uri']) expect(policy.get(d), `${d} of ${path}`).toBeTruthy();
    }
  });

  test('pages rendered per request carry a fresh nonce on every inline script', async ({ request }) => {
    const seen = new Set<string>();
    for (const path of ['/demos/dynamic', '/demos/dynamic', '/demos/action']) {
      const res = await get(request, path);
      const scriptSrc = directives(res.headers()['content-security-policy'] ?? '').get('script-src') ?? [];
      expect(scriptSrc, `script-src of ${path}`).not.toContain("'unsafe-eval'");
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
      expect(nonce, `nonce in the policy of ${path}`).toBeTruthy();
      expect(seen.has(nonce!), 'a nonce is used once').toBe(false);
      seen.add(nonce!);
      const html = await res.text();
      const tags = html.match(/<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? [];
      expect(tags.length, `inline scripts of ${path}`).toBe(inlineScripts(html).length);
      expect(tags.filter((t) => !t.includes(`nonce="${nonce}"`)), `inline scripts of ${path} without the nonce`).toEqual([]);
    }
  });

  test('Pages Router pages get the hash-free policy of lib/security-headers.ts', async ({ request }) => {
    for (const path of ['/demos/status', '/demos/status/400', '/demos/status/%E0%A4%A', '/demos/retry/prebuilt', '/demos/timeout', '/demos/client-error']) {
      const res = await get(request, path);
      expect(res.headers()['content-security-policy'], path).toBe(buildPolicy());
      expect(inlineScripts(await res.text()), `executable inline scripts of ${path}`).toEqual([]);
    }
  });
});

