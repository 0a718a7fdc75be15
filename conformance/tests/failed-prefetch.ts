import type { TestInfo } from '@playwright/test';
import { record } from '../harness/clause';
import type { Observer } from '../harness/observe';
import type { Page, SiteUnderTest } from '../harness/fixtures';
import { clickLinkTo, open } from '../observers/navigation';
import { readPageData, requestLike } from '../observers/page-data';
import type { LoggedRequest, RequestLog } from '../observers/request-log';
import { pathOf, within } from '../observers/sample';
import { linkedPaths } from './prefetched';

/**
 * Loads `from` with every prefetch request of it failed (net::ERR_FAILED: a failure a real network
 * gives; never a navigation's own request), follows the first link it prefetched and returns that
 * navigation's own page-data request. A router that drops a failed prefetch fetches the data on the
 * click (the Pages Router); one that loads the target as a whole page instead, or prefetches none of
 * the page's links, has no such navigation: untested, naming the injected condition.
 */
export async function navigateAfterFailedPrefetch(page: Page, requestLog: RequestLog, obs: Observer, target: SiteUnderTest, from: string, testInfo: TestInfo): Promise<{ to: string; condition: string; request: LoggedRequest }> {
  const failed = new Map<string, string[]>();
  const origin = new URL(target.url).origin;
  await page.route((u) => u.origin === origin, (route) => {
    const d = readPageData(requestLike(route.request()));
    if (!d?.prefetch) return route.fallback();
    failed.set(d.page, [...(failed.get(d.page) ?? []), route.request().url()]);
    return route.abort('failed');
  });
  await open(page, from, obs, { scenario: 'prefetch' });
  const linked = await linkedPaths(page);
  const pick = () => [...failed.keys()].find((p) => p !== from && linked.includes(p));
  await within(5_000, () => pick() !== undefined);
  const to = pick();
  if (!to) return obs.absent(`${from} prefetched none of the ${new Set(linked).size} pages it links to (prefetch requests seen for: ${[...failed.keys()].join(', ') || 'none'})`);
  const condition = `the harness failed every prefetch request of ${from} (net::ERR_FAILED), ${failed.get(to)!.length} of them for ${to}`;
  const mark = requestLog.mark();
  await clickLinkTo(page, to, obs);
  const own = () => requestLog.fetchesFor(to, mark);
  // A whole-page load ends it too (15.5 loads the failed prefetch's own address, /<path>.txt, as the document).
  const loadedWhole = () => requestLog.documents(mark).length > 0;
  await obs.until(`the address to become ${to} after clicking its link on ${from}`, () => pathOf(page) === to || own().length > 0 || loadedWhole(), 15_000);
  // The navigation's own fetch may follow the address change; a whole-page load has none to wait for.
  await within(2_000, () => own().length > 0 || loadedWhole());
  const documents = requestLog.documents(mark).map((d) => d.url);
  if (!own().length) {
    await record(testInfo, 'navigation after a failed prefetch', { from, to, condition, failed: failed.get(to), documents });
    obs.absent(`${condition}; the navigation made no page-data request of its own (${documents.length ? `a whole-page load: ${documents.join(', ')}` : 'its data was held all the same'})`);
  }
  return { to, condition, request: own()[0] };
}
