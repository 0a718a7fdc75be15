import { record } from '../harness/clause';
import type { FakeClock } from '../harness/clock';
import { describeClause } from '../harness/describe-clause';
import { expect, test, type Page } from '../harness/fixtures';
import { navigateAtAge, settle } from '../harness/navigation';
import type { Observer } from '../harness/observe';
import { readPageData, requestLike } from '../harness/page-data';
import { within } from '../harness/sample';

interface Prefetched { order: number; at: Promise<number>; requests: { url: string; shape: string; done: boolean; t: number }[] }

/**
 * Loads the prefetch page on a paused clock and picks the first page it prefetched that it links
 * to, in any framework shape (whole-page .txt / ?_rsc=, Next 16's per-segment files and HEAD
 * checks: page-data.ts maps each to its page). `prefetchedAt` is the page's clock when that
 * page's first prefetch request was seen; the clock stands still, so every prefetch is made then.
 * Untested when the page prefetched none of its links.
 */
async function loadAndPickPrefetched(page: Page, clock: FakeClock, obs: Observer, prefetchPage: string) {
  const seen = new Map<string, Prefetched>();
  page.on('request', (r) => {
    const d = readPageData(requestLike(r));
    if (!d?.prefetch) return;
    if (!seen.has(d.page)) seen.set(d.page, { order: seen.size, at: clock.now().catch(() => NaN), requests: [] });
    const entry = { url: r.url(), shape: d.shape, done: false, t: Date.now() };
    seen.get(d.page)!.requests.push(entry);
    const end = () => { entry.done = true; };
    r.response().then(end, end);
  });
  await clock.install();
  // Paused from the first load on: the prefetches are made at one known moment of the page's clock.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(prefetchPage);
  await settle(page, obs);
  const linked = await page.locator('a[href^="/"]:visible').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const candidates = () => [...seen.entries()].filter(([path]) => path !== prefetchPage && linked.includes(path));
  let found = await within(5_000, () => candidates().length > 0);
  // Some prefetches wait for an idle callback or a timer: let the page's clock move in small steps.
  for (let i = 0; !found && i < 10; i++) {
    await clock.runFor(100);
    found = await within(500, () => candidates().length > 0);
  }
  if (!found) {
    return obs.untested(
      `${prefetchPage} prefetched none of the ${new Set(linked).size} pages it links to (prefetch requests seen for: ${[...seen.keys()].join(', ') || 'none'})`,
      'name in the profile (prefetch.page) a page whose links are prefetched when they come into view',
    );
  }
  const [path, entry] = candidates()[0];
  // Every prefetch request of that page answered, and none new for 1 s: the client holds all of it.
  await obs.until(`the prefetch requests for ${path} to be answered (${entry.requests.map((r) => r.url).join(', ')})`,
    () => entry.requests.every((r) => r.done) && Date.now() - Math.max(...entry.requests.map((r) => r.t)) > 1_000, 15_000);
  const prefetchedAt = await entry.at;
  if (!Number.isFinite(prefetchedAt)) return obs.cantTell(`the page's clock could not be read when ${path} was prefetched`);
  return { path, prefetchedAt, order: entry.order, requests: entry.requests.map((r) => ({ url: r.url, shape: r.shape })), prefetchedPages: [...seen.keys()] };
}

/** What to change when the prefetch page does not link to the picked page by its exact path. */
const NO_LINK = 'name in the profile a page that links to its prefetched pages by their paths';

describeClause('K9.4', ({ parts }) => {
  test('a prefetched page navigated to 299 s after the prefetch sends no page-data request', parts('kept-299'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const { page: prefetchPage } = target.scenario('prefetch');
    const picked = await loadAndPickPrefetched(page, clock, obs, prefetchPage);
    const { age, since, pageData, documents } = await navigateAtAge(page, { log: requestLog, clock, obs },
      { from: prefetchPage, to: picked.path, mark: picked.prefetchedAt, ageMs: 299_000, fix: NO_LINK });
    await record(testInfo, 'navigation at 299 s', { ...picked, ageAtClickMs: age, pageData, allPageData: requestLog.pageData(since).map((e) => e.url), documents });

    if (age >= 300_000) return obs.cantTell(`the navigation could not be made within 300 s of the prefetch (it was made at ${age} ms)`);
    expect(pageData, `expected the data of ${picked.path}, prefetched ${(age / 1000).toFixed(1)} s ago, to be used as prefetched (no page-data request); observed requests`).toEqual([]);
    expect(documents, `expected the navigation to ${picked.path} to need no whole-page load; observed document requests`).toEqual([]);
  });

  test('a prefetched page navigated to 301 s after the prefetch has its data fetched anew', parts('expired-301'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const { page: prefetchPage } = target.scenario('prefetch');
    const picked = await loadAndPickPrefetched(page, clock, obs, prefetchPage);
    const { age, since, documents } = await navigateAtAge(page, { log: requestLog, clock, obs },
      { from: prefetchPage, to: picked.path, mark: picked.prefetchedAt, ageMs: 301_000, waitForDataMs: 5_000, fix: NO_LINK });
    const pageData = requestLog.pageData(since).filter((e) => readPageData(e)?.page === picked.path).map((e) => ({ url: e.url, headers: e.headers }));
    await record(testInfo, 'navigation at 301 s', { ...picked, ageAtClickMs: age, pageData, documents });

    if (age <= 300_000) return obs.cantTell(`the navigation was made ${age} ms after the prefetch, not after 300 s`);
    expect(pageData.length, `expected the data of ${picked.path}, prefetched ${(age / 1000).toFixed(1)} s ago, to be fetched anew; observed no page-data request for it within 5 s of the click`).toBeGreaterThan(0);
    expect(documents, `expected the navigation to ${picked.path} to need no whole-page load; observed document requests`).toEqual([]);
  });
});
