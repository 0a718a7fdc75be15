import type { Browser, Route } from '@playwright/test';
import { clause, clauseTitle, markUntested, record } from '../harness/clause';
import { settle, clickLinkTo } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';
import type { TargetProfile } from '../harness/profile';
import { pageDataPath, isPageDataRequestOf, type LoggedRequest } from '../harness/request-log';

// C7.3 "and sends the target address, the current address, the router state and the build identifier."

function isPageDataFor(route: Route, path: string): boolean {
  const r = route.request();
  return isPageDataRequestOf(r) && pageDataPath(r.url()) === path;
}

/** Where the request carries the build identifier (profile names, defaults x-deployment-id / dpl). */
function buildIdOf(e: Pick<LoggedRequest, 'url' | 'headers'>, profile: TargetProfile): { where: string; value: string } | undefined {
  const headers = profile.buildIdentifier?.headers ?? ['x-deployment-id'];
  const params = profile.buildIdentifier?.queryParams ?? ['dpl'];
  for (const h of headers) {
    const v = e.headers[h.toLowerCase()];
    if (v) return { where: `header ${h.toLowerCase()}`, value: v };
  }
  const q = new URL(e.url).searchParams;
  for (const p of params) {
    const v = q.get(p);
    if (v) return { where: `query parameter ${p}`, value: v };
  }
  return undefined;
}

function evidence(e: LoggedRequest): object {
  return { method: e.method, url: e.url, status: e.status, headers: e.headers };
}

/**
 * Route matcher for requests that may be page data for `path` (its page-data path is `path`), so
 * that scripts, styles and other pages' data pass without interception, which slows a busy run.
 */
function addressesPage(path: string): (url: URL) => boolean {
  return (url) => pageDataPath(url.href) === path;
}

/**
 * On a fresh browser context at `baseUrl`: loads `from`, follows the link to `to` and returns the
 * page-data request of that navigation and the body of its answer.
 */

async function captureNavigation(browser: Browser, baseUrl: string, from: string, to: string): Promise<{ url: string; headers: Record<string, string>; body: Buffer }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    let armed = false;
    let captured: { url: string; headers: Record<string, string>; body: Buffer } | undefined;
    await page.route(addressesPage(to), async (route) => {
      if (!armed || captured || !isPageDataFor(route, to)) return route.fallback();
      const res = await route.fetch();
      const body = await res.body();
      captured = { url: route.request().url(), headers: route.request().headers(), body };
      await route.fulfill({ response: res, body });
    });
    await page.goto(from);
    await settle(page);
    armed = true;
    await clickLinkTo(page, to);
    // A preparation step, not a timed rule: give a loaded machine time.
    await expect.poll(() => captured !== undefined, { message: `the page-data answer for ${to} on ${baseUrl}`, timeout: 20_000 }).toBe(true);
    return captured!;
  } finally {
    await context.close();
  }
}

/**
 * Answers the next page-data request for `to` with this build's own answer headers (without
 * content-encoding / content-length) and `body` in place of its own body.
 */
async function swapAnswer(page: Page, to: string, body: Buffer): Promise<{ swapped: string[] }> {
  const swapped: string[] = [];
  await page.route(addressesPage(to), async (route) => {
    if (swapped.length > 0 || !isPageDataFor(route, to)) return route.fallback();
    swapped.push(route.request().url());
    const res = await route.fetch();
    const headers = Object.fromEntries(Object.entries(res.headers()).filter(([k]) => !/^(content-encoding|content-length|transfer-encoding)$/i.test(k)));
    await route.fulfill({ status: res.status(), headers, body });
  });
  return { swapped };
}

test.describe(clauseTitle('C7.3'), clause('C7.3'), () => {
  test('a page-data request names the target, the current address, the router state and the build', async ({ page, target, requestLog }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await page.goto(from);
    await settle(page);
    const mark = requestLog.mark();
    await clickLinkTo(page, to);
    await expect(page).toHaveURL(target.abs(to));
    await expect.poll(() => requestLog.pageData(mark).map((e) => pageDataPath(e.url)), `page-data requests after clicking the link to ${to}`).toContain(to);

    const req = requestLog.pageData(mark).find((e) => pageDataPath(e.url) === to)!;
    const stateTree = req.headers['next-router-state-tree'];
    const buildId = buildIdOf(req, target.profile);
    await record(testInfo, 'page-data request', { from, to, request: evidence(req), buildId });

    expect(pageDataPath(req.url), `the page the request ${req.url} asks for (target address)`).toBe(to);
    expect(req.headers['next-url'], 'Next-Url names the current address (the page navigated from)').toBe(from);
    expect(stateTree, 'the request carries the router state (Next-Router-State-Tree)').toBeTruthy();
    let parsed: unknown;
    expect(() => { parsed = JSON.parse(decodeURIComponent(stateTree)); }, 'the router state is URL-encoded JSON').not.toThrow();
    expect(typeof parsed === 'object' && parsed !== null, 'the router state is a JSON object or array').toBe(true);
    expect(buildId?.value ?? '', `a build identifier (${JSON.stringify(target.profile.buildIdentifier ?? {})})`).not.toBe('');
  });

  test('every page-data request of one build carries the same build identifier', async ({ page, target, requestLog }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await page.goto(from);
    await settle(page);
    await clickLinkTo(page, to);
    await expect(page).toHaveURL(target.abs(to));
    await settle(page);
    await page.goBack();
    await expect(page).toHaveURL(target.abs(from));
    await clickLinkTo(page, '/');
    await expect(page).toHaveURL(target.abs('/'));
    await settle(page);

    const all = requestLog.pageData().map((e) => ({ url: e.url, buildId: buildIdOf(e, target.profile) }));
    await record(testInfo, 'build identifiers', all);
    expect(all.length, 'page-data requests made while visiting three pages').toBeGreaterThanOrEqual(3);
    expect(all.filter((e) => !e.buildId).map((e) => e.url), 'page-data requests without a build identifier').toEqual([]);
    expect(new Set(all.map((e) => e.buildId!.value)).size, 'distinct build identifiers in one build').toBe(1);
  });

  test('another build of the site sends a different build identifier', async ({ page, target, requestLog, browser }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    if (!target.otherBuildUrl) markUntested(testInfo, 'the run has no other build of the site (CONFORMANCE_OTHER_BUILD_<MODE>)');
    await page.goto(from);
    await settle(page);
    const mark = requestLog.mark();
    await clickLinkTo(page, to);
    await expect.poll(() => requestLog.pageData(mark).map((e) => pageDataPath(e.url)), `page-data requests after clicking the link to ${to}`).toContain(to);
    const here = buildIdOf(requestLog.pageData(mark).find((e) => pageDataPath(e.url) === to)!, target.profile);
    const other = await captureNavigation(browser, target.otherBuildUrl, from, to);
    const there = buildIdOf(other, target.profile);
    await record(testInfo, 'build identifiers', { thisBuild: { url: target.url, ...here }, otherBuild: { url: target.otherBuildUrl, request: other.url, ...there } });

    expect(here?.value ?? '', 'this build\'s identifier').not.toBe('');
    expect(there?.value ?? '', 'the other build\'s identifier').not.toBe('');
    expect(there!.value, 'the other build\'s identifier differs from this build\'s').not.toBe(here!.value);
  });

  test('page data answered by another build makes the client load the target as a whole page', async ({ page, target, requestLog, browser }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    if (!target.otherBuildUrl) markUntested(testInfo, 'the run has no other build of the site (CONFORMANCE_OTHER_BUILD_<MODE>)');
    const other = await captureNavigation(browser, target.otherBuildUrl, from, to);

    await page.goto(from);
    await settle(page);
    const swap = await swapAnswer(page, to, other.body);
    const mark = requestLog.mark();
    await clickLinkTo(page, to);

    await expect.poll(() => requestLog.documents(mark).map((d) => new URL(d.url).pathname), `a document request for ${to} after the answer from the other build`).toContain(to);
    await expect(page).toHaveURL(target.abs(to));
    await record(testInfo, 'swap', { otherBuild: target.otherBuildUrl, capturedFrom: other.url, swapped: swap.swapped, documents: requestLog.documents(mark).map((d) => d.url) });
    expect(swap.swapped.length, 'the navigation\'s page-data request was answered with the other build\'s body').toBe(1);
  });

  test('the same swap with this build\'s own answer keeps the client-side navigation', async ({ page, target, requestLog, browser, noReload }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    const own = await captureNavigation(browser, target.url, from, to);

    await page.goto(from);
    await settle(page);
    const swap = await swapAnswer(page, to, own.body);
    await noReload.plant();
    const mark = requestLog.mark();
    await clickLinkTo(page, to);

    await expect(page).toHaveURL(target.abs(to));
    await expect.poll(() => swap.swapped.length, 'the navigation\'s page-data request was answered with the captured body').toBe(1);
    await settle(page);
    await record(testInfo, 'swap', { capturedFrom: own.url, swapped: swap.swapped, documents: requestLog.documents(mark).map((d) => d.url) });
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests after the click').toEqual([]);
    expect(await noReload.intact(), 'the page\'s JavaScript marker survives the navigation').toBe(true);
  });
});
