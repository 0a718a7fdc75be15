import type { BrowserContext, Page, Route } from '@playwright/test';
import { activateLink, linkTo, settle } from '../observers/navigation';
import { isPageDataRequestOf, pageDataPath, readPageData } from '../observers/page-data';
import { type LoggedRequest, RequestLog } from '../observers/request-log';
import { within } from '../observers/sample';
import { patience } from '../run/slow';
import { accessHeadersFor } from '../access/access';

/**
 * C7.3's advisory (what a client does with page data from another build): capture one build's
 * navigation answer in a context of its own, then answer another build's navigation with it.
 */
export function addressesPage(path: string): (url: URL) => boolean {
  return (url) => pageDataPath(url.href) === path;
}

export function isNavigationFetchFor(route: Route, path: string): boolean {
  const r = route.request();
  if (!isPageDataRequestOf(r)) return false;
  const d = readPageData({ url: r.url(), method: r.method(), resourceType: r.resourceType(), headers: r.headers() });
  return d?.page === path && !d.prefetch;
}

export interface Captured { url: string; headers: Record<string, string>; body: Buffer }

/**
 * In a new page of the test's context, on `baseUrl`: the navigation from `from` to `to`, its
 * page-data request and answer body (undefined when not seen in time). The routed page does not
 * use the HTTP cache (Playwright turns it off for routed pages), so the request is really made.
 */
export async function captureNavigation(context: BrowserContext, baseUrl: string, from: string, to: string): Promise<{ captured?: Captured; log: LoggedRequest[]; problem?: string }> {
  const page = await context.newPage();
  try {
    const log = new RequestLog(page);
    let armed = false;
    let captured: Captured | undefined;
    await page.route(addressesPage(to), async (route) => {
      if (!armed || captured || !isNavigationFetchFor(route, to)) return route.fallback();
      const res = await fetchAsBrowser(route);
      const body = await res.body();
      captured = { url: route.request().url(), headers: route.request().headers(), body };
      await route.fulfill({ response: res, body });
    });
    await page.goto(new URL(from, baseUrl).href, { timeout: patience(20_000) });
    await settle(page, undefined, 20_000);
    armed = true;
    const link = linkTo(page, to);
    if (!(await link.count())) return { log: log.entries, problem: `${from} on ${baseUrl} has no visible link to ${to}` };
    await activateLink(link);
    // A preparation step, not a timed rule: give a loaded machine time.
    await within(20_000, () => captured !== undefined);
    return { captured, log: log.entries, problem: captured ? undefined : `no page-data request for ${to} was made on ${baseUrl} within ${patience(20_000) / 1000} s` };
  } catch (e) {
    return { log: [], problem: String((e as Error).message ?? e).split('\n')[0] };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * Answers the next navigation fetch for `to` with this build's own answer headers and `body`
 * (without one, with this build's own answer as it comes: the control, swapped the same way).
 */
export async function swapAnswer(page: Page, to: string, body?: Buffer): Promise<{ swapped: string[] }> {
  const swapped: string[] = [];
  await page.route(addressesPage(to), async (route) => {
    if (swapped.length > 0 || !isNavigationFetchFor(route, to)) return route.fallback();
    swapped.push(route.request().url());
    const res = await fetchAsBrowser(route);
    const headers = Object.fromEntries(Object.entries(res.headers()).filter(([k]) => !/^(content-encoding|content-length|transfer-encoding)$/i.test(k)));
    await route.fulfill({ status: res.status(), headers, body: body ?? await res.body() });
  });
  return { swapped };
}

/**
 * route.fetch() asks from Node, outside the browser: the run's credentials and headers for the
 * target origins (access/browser.ts adds them to the browser's own requests) go with it.
 */
function fetchAsBrowser(route: Route) {
  const r = route.request();
  const extra = accessHeadersFor(r.url());
  return Object.keys(extra).length ? route.fetch({ headers: { ...r.headers(), ...extra } }) : route.fetch();
}

// A precondition a test stops on before its parts are observed one by one is theirs (the static parts below).
