import { record } from '../harness/clause';
import type { FakeClock } from '../observers/clock';
import { describeClause } from '../harness/describe-clause';
import { expect, test, type Page } from '../harness/fixtures';
import { navigateAtAge, type AtAge } from '../observers/navigation';
import type { RequestLog } from '../observers/request-log';
import type { Observer } from '../harness/observe';
import { readPageData } from '../observers/page-data';
import { seconds } from '../../launcher/format';
import { patience } from '../run/slow';
import { loadAndPickPrefetched, prefetchingPage } from './prefetched';

/** What to change when the prefetch page does not link to the picked page by its exact path. */
const NO_LINK = 'name in the profile a page that links to its prefetched pages by their paths';

/**
 * The control, run when a navigation fetched the picked page's data: a new load of the prefetch
 * page, the same prefetch, and a navigation right after it. If even that fetches the data, the
 * prefetch held none of it (it only warmed a cache the client does not read, or the link's
 * activation fetched anew): there was no held prefetch to time, and the part is untested — never
 * passed or failed on it.
 */
async function prefetchHeldTheData(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, prefetchPage: string, path: string): Promise<AtAge> {
  const again = await loadAndPickPrefetched(page, clock, obs, prefetchPage, path);
  const atOnce = await navigateAtAge(page, { log, clock, obs }, { from: prefetchPage, to: path, mark: again.prefetchedAt, ageMs: 0, waitForDataMs: 2_000, fix: NO_LINK });
  if (atOnce.pageData.length || atOnce.documents.length) {
    return obs.untested(
      `the prefetch of ${path} from ${prefetchPage} did not hold its page data: a navigation ${seconds(atOnce.age)} after it fetched the data again (${[...atOnce.pageData, ...atOnce.documents].join(', ')}), so there was no prefetched data whose expiry could be timed`,
      'name in the profile (prefetch.page) a page whose prefetches hold the data of the pages they prefetch',
    );
  }
  return atOnce;
}

describeClause('K9.4', ({ parts }) => {
  test('a prefetched page navigated to 299 s after the prefetch sends no page-data request', parts('kept-299'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const prefetchPage = prefetchingPage(target);
    const picked = await loadAndPickPrefetched(page, clock, obs, prefetchPage);
    const at299 = await navigateAtAge(page, { log: requestLog, clock, obs },
      { from: prefetchPage, to: picked.path, mark: picked.prefetchedAt, ageMs: 299_000, waitForDataMs: 1_000, fix: NO_LINK });
    const { age, since, pageData, documents } = at299;
    // A fetch at 299 s contradicts the clause only if the prefetch held the data to begin with.
    const control = pageData.length || documents.length ? await prefetchHeldTheData(page, requestLog, clock, obs, prefetchPage, picked.path) : undefined;
    await record(testInfo, 'navigation at 299 s', { ...picked, ageAtClickMs: age, pageData, allPageData: requestLog.pageData(since).map((e) => e.url), documents, control });

    if (age >= 300_000) return obs.cantTell(`the navigation could not be made within 300 s of the prefetch (it was made at ${age} ms)`);
    obs.saw('boundary run', `${prefetchPage} → ${picked.path} at ${seconds(age)}`);
    const used = control ? ` (a navigation ${seconds(control.age)} after a prefetch used it without one)` : '';
    expect(pageData, `expected the data of ${picked.path}, prefetched ${seconds(age)} ago, to be used as prefetched (no page-data request)${used}; observed requests`).toEqual([]);
    expect(documents, `expected the navigation to ${picked.path} to need no whole-page load${used}; observed document requests`).toEqual([]);
  });

  test('a prefetched page navigated to 301 s after the prefetch has its data fetched anew', parts('expired-301'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const prefetchPage = prefetchingPage(target);
    const picked = await loadAndPickPrefetched(page, clock, obs, prefetchPage);
    const { age, since, documents } = await navigateAtAge(page, { log: requestLog, clock, obs },
      { from: prefetchPage, to: picked.path, mark: picked.prefetchedAt, ageMs: 301_000, waitForDataMs: 5_000, fix: NO_LINK });
    const pageData = requestLog.pageData(since).filter((e) => readPageData(e)?.page === picked.path).map((e) => ({ url: e.url, headers: e.headers }));
    // A fetch at 301 s shows the expiry only if a navigation right after the prefetch used its data (the control).
    const control = pageData.length ? await prefetchHeldTheData(page, requestLog, clock, obs, prefetchPage, picked.path) : undefined;
    await record(testInfo, 'navigation at 301 s', { ...picked, ageAtClickMs: age, pageData, documents, control });

    if (age <= 300_000) return obs.cantTell(`the navigation was made ${age} ms after the prefetch, not after 300 s`);
    obs.saw('boundary run', `${prefetchPage} → ${picked.path} at ${seconds(age)}`);
    expect(pageData.length, `expected the data of ${picked.path}, prefetched ${seconds(age)} ago, to be fetched anew; observed no page-data request for it within ${seconds(patience(5_000))} of the click`).toBeGreaterThan(0);
    expect(documents, `expected the navigation to ${picked.path} to need no whole-page load; observed document requests`).toEqual([]);
  });
});
