import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test, type Page } from '../../conformance/harness/fixtures';
import { buildPolicy } from '../lib/security-headers';
import { inlineScriptHashes, inlineScripts } from '../scripts/csp';
import { firstScriptSrc } from './helpers';

// Security of the reference site (a site check, not a clause of the spec; see docs/security.md):
// response headers in both delivery modes, the Content-Security-Policy of the server mode (script
// hashes for pre-rendered pages, a nonce for pages rendered per request) and that no page breaks
// under it in Chromium, and that forged server-function calls are refused with a 4xx.

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** A stack frame ("at fn (file.js:1:2)") or an error class name in a body. */
const STACK_TRACE = /\bat [^\n]*\(?[^\s()]+:\d+:\d+\)?|\b(?:Type|Reference|Syntax|Invariant)?Error: /;

async function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  return request.get(path, { headers, maxRedirects: 0, failOnStatusCode: false });
}

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

/** Records CSP violations (DOM events and console messages) from the first document on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(msg.text())) messages.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

/** The page's framework code ran (App Router and Pages Router both set window.next). */
async function expectHydrated(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { next?: unknown }).next), { message: `hydrated: ${page.url()}` }).toBe('object');
}

test.describe('pages work under their policy in Chromium', () => {
  test('navigation and prefetching: no violation, soft navigations keep the document', async ({ page, target, noReload }) => {
    const violations = await watchCsp(page);
    const dataRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('_rsc=') || /\.txt(\?|$)/.test(r.url())) dataRequests.push(r.url());
    });
    await page.goto('/');
    await expectHydrated(page);
    await noReload.plant();
    await page.locator('a[href="/about"]').first().click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await noReload.intact(), 'a soft navigation').toBe(true);

    await page.goto('/demos/links');
    // Wait for the thing observed (its prefetches), not for the network to go quiet.
    await expect.poll(() => dataRequests.length, 'page data requested (prefetch, navigation)').toBeGreaterThan(1);
    await page.goto('/demos/status/400');
    await expectHydrated(page);
    await page.goto('/demos/timeout');
    await expectHydrated(page);
    if (target.mode === 'server') {
      await page.goto('/demos/dynamic');
      await expectHydrated(page);
      await page.goto('/demos/retry/not-prebuilt');
      await expectHydrated(page);
    }
    expect(await violations()).toEqual([]);
  });

  test('error pages: no violation on not-found, crash and status pages', async ({ page, target }) => {
    const violations = await watchCsp(page);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expectHydrated(page);

    await page.goto('/demos/crash');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Crash this page' }).click();
    await expect(page.getByText(/Application error: a client-side exception has occurred/)).toBeVisible();

    await page.goto('/demos/client-error');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Throw an error' }).click();
    await expect(page.getByText(/Application error: a client-side exception has occurred/)).toBeVisible();

    if (target.mode === 'server') {
      expect((await page.goto('/demos/server-crash'))?.status()).toBe(500);
      await expect(page.getByText(/Digest: /)).toBeVisible();
      await expectHydrated(page);
      expect((await page.goto('/demos/status/throws'))?.status()).toBe(500);
      await expectHydrated(page);
      for (const malformed of ['/demos/status/%E0%A4%A', '/%E0%A4%A']) {
        expect((await page.goto(malformed))?.status(), malformed).toBe(400);
        await expect(page.getByRole('heading', { name: '400' })).toBeVisible();
        await expectHydrated(page);
      }
      expect((await page.goto('/demos/status/999'))?.status()).toBe(404);
      await expectHydrated(page);
    }
    expect(await violations()).toEqual([]);
  });

  test('the server function still answers under the policy', async ({ page, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const violations = await watchCsp(page);
    await page.goto('/demos/action');
    await expectHydrated(page);
    await page.getByLabel(/Your name/).fill('CSP check');
    const post = page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']);
    await page.getByRole('button', { name: 'Send' }).click();
    await post;
    await expect(page.getByTestId('action-result')).toContainText('from CSP check');
    expect(await violations()).toEqual([]);
  });
});

/** The real server-function identifier, as the page's own client sends it (the form is submitted once). */
async function realActionId(page: Page): Promise<string> {
  await page.goto('/demos/action');
  await expectHydrated(page);
  const post = page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']);
  await page.getByRole('button', { name: 'Send' }).click();
  const id = (await post).headers()['next-action'];
  await expect(page.getByTestId('action-result')).toContainText('Received by the server function');
  return id;
}

test.describe('server functions (server)', () => {
  test('a forged or unknown server-function identifier gets a 4xx, never a 500 or a stack trace', async ({ page, request, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const realId = await realActionId(page);

    const path = '/demos/action';
    const calls: { what: string; headers?: Record<string, string>; data?: string; multipart?: Record<string, string> }[] = [];
    for (const id of [hex(20), hex(21), hex(21).toUpperCase(), 'not-an-id', `${realId}00`, 'a'.repeat(400)]) {
      calls.push({ what: `id ${id.slice(0, 12)}…, multipart`, headers: { 'next-action': id }, multipart: { name: 'x' } });
      calls.push({ what: `id ${id.slice(0, 12)}…, text`, headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8' }, data: '["x"]' });
    }
    calls.push({ what: 'form post naming an unknown action', multipart: { [`$ACTION_ID_${hex(21)}`]: '' } });
    calls.push({ what: 'form post naming an unknown bound action', multipart: { $ACTION_REF_1: '', '$ACTION_1:0': JSON.stringify({ id: hex(21), bound: '$@1' }) } });
    calls.push({ what: 'form post without an action', multipart: { name: 'x' } });
    calls.push({ what: 'real id, body not a reply', headers: { 'next-action': realId }, multipart: { name: 'x' } });
    calls.push({ what: 'real id, text body not JSON', headers: { 'next-action': realId, 'content-type': 'text/plain' }, data: '{not json' });
    calls.push({ what: 'real id, broken multipart', headers: { 'next-action': realId, 'content-type': 'multipart/form-data; boundary=zzz' }, data: 'garbage' });

    for (const call of calls) {
      for (const where of [path, '/about', '/no-such-page']) {
        const res = await request.post(where, { headers: call.headers, data: call.data, multipart: call.multipart, maxRedirects: 0, failOnStatusCode: false });
        const body = await res.text();
        const what = `${call.what} → POST ${where}: ${res.status()} ${body.slice(0, 80)}`;
        expect(res.status(), what).toBeGreaterThanOrEqual(400);
        expect(res.status(), what).toBeLessThan(500);
        expect(body, what).not.toMatch(STACK_TRACE);
      }
    }
  });

  test('the real server-function identifier with arguments it cannot use gets a 400 or a refusal, never a 500', async ({ page, request, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const realId = await realActionId(page);
    const text = { 'next-action': realId, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' };
    const send = (data: string | undefined, multipart?: Record<string, string>) =>
      request.post('/demos/action', { headers: multipart ? { 'next-action': realId } : text, data, multipart, failOnStatusCode: false });

    // Not an argument list, pointers to parts the body does not have, values React cannot parse.
    for (const body of ['{}', '"x"', '5', '["$@1"]', '"$@1"', '["$Q1"]', '[{"a":"$1"}]', '["$Z"]', '["$B1"]', '["$n1e999"]', '["$h2"]']) {
      const res = await send(body);
      expect(res.status(), `text body ${body}`).toBe(400);
    }
    expect((await send(undefined, { '0': '["$@5"]' })).status(), 'multipart pointing at a missing part').toBe(400);
    // Decodable, but not what the function takes: it answers with a refusal, not a throw.
    for (const body of ['[]', '[1,2]', '["$K1"]', '[null,"x"]', '["$u","$u"]']) {
      const res = await send(body);
      const what = `text body ${body}: ${res.status()}`;
      expect(res.status(), what).toBe(200);
      expect(await res.text(), what).toContain('Refused: the server function expects the form data.');
    }
    // Any JSON at all (property): never a 5xx, never a stack trace.
    await fc.assert(
      fc.asyncProperty(fc.json(), async (body) => {
        const res = await send(body);
        const out = await res.text();
        expect(res.status(), `text body ${body}: ${res.status()} ${out.slice(0, 80)}`).toBeLessThan(500);
        expect(out, `text body ${body}`).not.toMatch(STACK_TRACE);
      }),
      { numRuns: 60 },
    );
  });
});

test.describe('router-state header (server)', () => {
  test.beforeEach(({ target }, info) => {
    info.skip(target.mode !== 'server', 'a static export has no server that reads request headers');
  });

  test('an unparsable Next-Router-State-Tree header gets a 400 with no stack trace; a real one is served', async ({ request, page }) => {
    const bad = ['not-json', '%5B%22%22%2C', '{}', '%7B%7D', '%5B%22x%22%5D%5D%5B'];
    for (const tree of bad) {
      const res = await get(request, '/demos/dynamic', { rsc: '1', 'next-router-state-tree': tree });
      const body = await res.text();
      expect(res.status(), `status for the header "${tree}"`).toBe(400);
      expect(body, `body for the header "${tree}"`).not.toMatch(STACK_TRACE);
    }
    // A header the browser really sends still gets page data.
    let real: string | undefined;
    page.on('request', (r) => { real ??= r.headers()['next-router-state-tree']; });
    await page.goto('/demos/dynamic-hub');
    await page.locator('a[href="/demos/dynamic"]').first().click();
    await expect(page).toHaveURL(/\/demos\/dynamic$/);
    expect(real, 'the browser sent a router-state header').toBeTruthy();
    const ok = await get(request, '/demos/dynamic', { rsc: '1', 'next-router-state-tree': real! });
    expect(ok.status(), 'status for the header the browser sent').toBe(200);
  });
});
