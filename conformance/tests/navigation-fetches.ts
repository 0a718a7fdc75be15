import type { Page } from '@playwright/test';
import type { Observer } from '../harness/observe';
import type { SiteUnderTest } from '../harness/fixtures';
import { clickLinkTo } from '../observers/navigation';
import { readPageData } from '../observers/page-data';
import type { LoggedRequest, RequestLog } from '../observers/request-log';
import { pathOf } from '../observers/sample';

const FIX = 'name in the profile (pageData) a link that navigates on the client side and is not prefetched (e.g. prefetch={false})';

/**
 * Clicks the link from `from` (already open) to `to` and returns the page-data requests for `to` that
 * the navigation itself made, not prefetches (C7.2's first way, C7.3). A navigation that shows `to`
 * with none leaves nothing to judge: untested — the run's when it was a whole-page load; the site's
 * when discovery found no link whose click fetches its own data (harness/not-judged.ts).
 */
export async function navigationFetches(page: Page, log: RequestLog, obs: Observer, target: SiteUnderTest, from: string, to: string): Promise<LoggedRequest[]> {
  const mark = log.mark();
  await clickLinkTo(page, to, obs);
  const fetches = () => log.fetchesFor(to, mark);
  await obs.until(`the address to become ${to} after clicking its link on ${from}`, () => pathOf(page) === to || fetches().length > 0, 15_000);
  const seen = fetches();
  if (seen.length) return seen;
  const docs = log.documents(mark).map((d) => d.url);
  if (docs.length) obs.untested(`the link from ${from} to ${to} was followed by a whole-page load (${docs.join(', ')}), with no page-data request to judge`, FIX);
  const prefetched = log.pageData().filter((e) => readPageData(e)?.page === to).map((e) => e.url);
  return target.lacking('pageData.fetching', `the navigation from ${from} to ${to} made no page-data request of its own (${prefetched.length ? `the data was prefetched: ${prefetched.join(', ')}` : 'its data was prefetched or cached'})`, FIX);
}
