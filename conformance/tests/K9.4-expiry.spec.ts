import { clause, clauseTitle, record } from '../harness/clause';
import type { FakeClock } from '../harness/clock';
import { settle } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';
import { pageDataPath, isPageDataRequestOf } from '../harness/request-log';

// K9.4 "and expires after 5 minutes."

/**
 * Loads the prefetch page on a paused clock and picks the first page it prefetched that it links
 * to in its main content. `prefetchedAt` is the page's (paused) time read when that request was
 * seen, so it is the moment the prefetch was made.
 */
async function loadAndPickPrefetched(page: Page, clock: FakeClock, prefetchPage: string): Promise<{ path: string; prefetchedAt: number; order: number; prefetched: string[] }> {
  const seen = new Map<string, { order: number; at: Promise<number> }>();
  page.on('request', (r) => {
    if (!isPageDataRequestOf(r)) return;
    const path = pageDataPath(r.url());
    if (!seen.has(path)) seen.set(path, { order: seen.size, at: clock.now().catch(() => NaN) });
  });
  await clock.install();
  // Paused from the first load on: the prefetches are made at one known moment of the page's clock.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(prefetchPage);
  await settle(page);
  const inMain = await page.locator('main a[href^="/"]:visible').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const candidates = [...seen.entries()].filter(([path]) => path !== prefetchPage && inMain.includes(path)); // in the order seen
  expect(candidates.length, `pages linked from ${prefetchPage}'s main content that were prefetched (seen: ${[...seen.keys()].join(', ')})`).toBeGreaterThan(0);
  const [path, { order, at }] = candidates[0];
  const prefetchedAt = await at;
  expect(Number.isFinite(prefetchedAt), 'the page\'s clock was read when the prefetch was seen').toBe(true);
  return { path, prefetchedAt, order, prefetched: [...seen.keys()] };
}

test.describe(clauseTitle('K9.4'), clause('K9.4'), () => {
  test('a prefetched page navigated to 299 s after the prefetch sends no page-data request', async ({ page, target, requestLog, clock }, testInfo) => {
    const { page: prefetchPage } = target.scenario('prefetch');
    const picked = await loadAndPickPrefetched(page, clock, prefetchPage);

    const mark = requestLog.mark();
    const age = await clock.clickAtAge(page.locator(`main a[href="${picked.path}"]:visible`).first(), picked.prefetchedAt, 299_000);
    await expect(page).toHaveURL(target.abs(picked.path));
    await settle(page);
    await record(testInfo, 'navigation at 299 s', { ...picked, ageAtClickMs: age, pageData: requestLog.pageData(mark).map((e) => e.url) });

    expect(age, 'precondition: the navigation happened within 300 s of the prefetch').toBeLessThan(300_000);
    expect(requestLog.pageDataFor(picked.path, mark), `page-data requests for ${picked.path} at 299 s`).toEqual([]);
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests on the navigation').toEqual([]);
  });

  test('a prefetched page navigated to 301 s after the prefetch has its data fetched anew', async ({ page, target, requestLog, clock }, testInfo) => {
    const { page: prefetchPage } = target.scenario('prefetch');
    const picked = await loadAndPickPrefetched(page, clock, prefetchPage);

    const mark = requestLog.mark();
    const age = await clock.clickAtAge(page.locator(`main a[href="${picked.path}"]:visible`).first(), picked.prefetchedAt, 301_000);
    await expect(page).toHaveURL(target.abs(picked.path));
    await expect.poll(() => requestLog.pageDataFor(picked.path, mark), `page-data requests for ${picked.path} at 301 s`).not.toEqual([]);
    await settle(page);
    await record(testInfo, 'navigation at 301 s', { ...picked, ageAtClickMs: age, pageData: requestLog.pageData(mark).map((e) => ({ url: e.url, headers: e.headers })) });

    expect(age, 'precondition: the navigation happened more than 300 s after the prefetch').toBeGreaterThan(300_000);
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests on the navigation').toEqual([]);
  });
});
