import type { APIRequestContext, APIResponse, Browser, BrowserContextOptions } from '@playwright/test';
import { accessHeadersFor, currentAccess, type Access } from './access';
import { secretHeaders } from '../run/access';

/**
 * The run's credentials and headers in the browser, on the target origins only.
 *
 * Playwright's own ways do not fit: `extraHTTPHeaders` go to every origin, and `httpCredentials`
 * (like any route) turns on request interception for the whole page with the HTTP cache disabled —
 * which would change what the cache-bound and timing clauses observe. Instead the browser's own
 * DevTools session pauses only the requests whose URL is on a target origin
 * (Fetch.enable with those origins' patterns, for every page and context of the browser) and lets
 * them go on with the headers added; the cache stays as it is (measured: a cached script is asked
 * for once over three loads, as without). The page's scripts never see these headers; Playwright's
 * traces would (so a run with secrets records none: cli/access-step.ts), and request extracts redact them.
 */
export async function injectAccess(browser: Browser, access: Access | undefined = currentAccess()): Promise<() => Promise<void>> {
  const extra = secretHeaders(access?.secrets);
  const origins = access?.facts.origins ?? [];
  if (!Object.keys(extra).length || !origins.length) return async () => undefined;
  const cdp = await browser.newBrowserCDPSession();
  cdp.on('Fetch.requestPaused', (e) => {
    let onOrigin = false;
    try {
      onOrigin = origins.includes(new URL(e.request.url).origin);
    } catch { /* not a URL with an origin */ }
    const own = Object.entries(e.request.headers);
    // An Authorization the page sets itself stays: basic auth is for the requests that have none.
    const add = Object.entries(extra).filter(([k]) => !(k === 'authorization' && own.some(([n]) => n.toLowerCase() === k)));
    const headers = onOrigin
      ? [...own.filter(([n]) => !add.some(([k]) => k === n.toLowerCase())), ...add].map(([name, value]) => ({ name, value }))
      : undefined;
    cdp.send('Fetch.continueRequest', { requestId: e.requestId, ...(headers ? { headers } : {}) }).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: origins.map((o) => ({ urlPattern: `${o}/*`, requestStage: 'Request' as const })) });
  return async () => {
    await cdp.detach().catch(() => undefined);
  };
}

/**
 * GET through Playwright's request API (Node, outside the browser) with the run's credentials and
 * headers on the target origins. Playwright keeps extra headers on a redirect to another origin,
 * so with them each redirect is followed here, hop by hop, each hop getting them only on a target origin.
 */
export async function getAsSite(request: APIRequestContext, url: string, opts: { timeout?: number; maxRedirects?: number } = {}): Promise<APIResponse> {
  const max = opts.maxRedirects ?? 20;
  let at = url;
  for (let hop = 0; ; hop++) {
    const headers = accessHeadersFor(at);
    if (!Object.keys(headers).length) return request.get(at, { timeout: opts.timeout, maxRedirects: max - hop });
    const res = await request.get(at, { timeout: opts.timeout, maxRedirects: 0, headers });
    const location = res.headers().location;
    if (!location || ![301, 302, 303, 307, 308].includes(res.status()) || hop >= max) return res;
    at = new URL(location, at).toString();
  }
}

/** Context options for the run's trust: --insecure accepts any certificate (the pins of browser.ts's flags cover the rest). */
export function contextTrust(access: Access | undefined = currentAccess()): Pick<BrowserContextOptions, 'ignoreHTTPSErrors'> {
  return access?.facts.trust.insecure ? { ignoreHTTPSErrors: true } : {};
}
