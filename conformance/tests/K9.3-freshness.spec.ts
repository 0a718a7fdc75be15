import type { TestInfo } from '@playwright/test';
import { markInapplicable, record } from '../harness/clause';
import type { FakeClock } from '../observers/clock';
import { describeClause } from '../harness/describe-clause';
import { expect, test, type Page } from '../harness/fixtures';
import { navigateAtAge } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import type { RequestLog } from '../observers/request-log';

/**
 * K9.3 "Prefetched page data counts as fresh for 30 seconds", read against Next.js 14.2 (spec/clauses.ts
 * readings): the client's page-data cache holds prefetched data and data a navigation fetched alike, and
 * an entry is fresh for 30 s from its prefetch or its use. Each test is one way of observing a part:
 *
 *   fresh-29  prefetched pre-rendered page (both modes) · prefetched page rendered per request (server)
 *             · data fetched by a navigation (server: a page rendered per request; static: pre-rendered)
 *   stale-31  data a navigation fetched for a page rendered per request (server; reuse fails the part)
 *             · prefetched page rendered per request (server; reuse is "not shown")
 *
 * A part passes when a way observed it and none contradicted it; a way the site does not offer is
 * untested, naming the fix.
 */

import { Prefetch, Fix, loadAndAwaitPrefetch, prefetchHeldTheData, fetchByNavigationAndReturn, useAgain, navigatedPair, secs } from './held-data';

describeClause('K9.3', ({ parts, part }) => {
  test('a pre-rendered page prefetched 29 s ago is navigated to without a page-data request', parts('fresh-29'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const { from, to } = target.scenario('freshness');
    const fix: Fix = {
      noPrefetch: 'name in the profile (freshness) a page whose link to a pre-rendered page is prefetched while it is in view (a <Link> in view, or prefetch={true})',
      noData: 'name in the profile (freshness) a link whose prefetch holds the pre-rendered page\'s data',
    };
    const prefetch = await loadAndAwaitPrefetch(page, clock, obs, from, to, fix);
    await prefetchedAt29(page, requestLog, clock, obs, testInfo, from, to, prefetch, fix);
  });

  test('a page rendered per request, prefetched 29 s ago, is navigated to without a page-data request', parts('fresh-29'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    if (target.mode === 'static') markInapplicable(testInfo, NO_DYNAMIC_PAGES);
    const { hub, page: dynamic } = target.scenario('dynamicFreshness');
    const fix = dynamicFix(dynamic);
    if (!hub) return obs.untested(`the profile's dynamicFreshness names no hub that prefetches ${dynamic}`, fix.noPrefetch);
    const prefetch = await loadAndAwaitPrefetch(page, clock, obs, hub, dynamic, fix);
    await prefetchedAt29(page, requestLog, clock, obs, testInfo, hub, dynamic, prefetch, fix);
  });

  test('a page rendered per request, prefetched 31 s ago, is fetched anew or still kept unexpired', parts('stale-31'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    if (target.mode === 'static') markInapplicable(testInfo, NO_DYNAMIC_PAGES);
    const { hub, page: dynamic } = target.scenario('dynamicFreshness');
    const fix = dynamicFix(dynamic);
    if (!hub) return obs.untested(`the profile's dynamicFreshness names no hub that prefetches ${dynamic}`, fix.noPrefetch);
    const prefetch = await loadAndAwaitPrefetch(page, clock, obs, hub, dynamic, fix);
    // 31 s counted from the prefetch's answer: the conservative side of "no longer fresh". A fetch
    // anew is started before the address changes; 2 s after it (and the settle) catch a late one.
    const at31 = await navigateAtAge(page, { log: requestLog, clock, obs }, { from: hub, to: dynamic, mark: prefetch.answeredAt, ageMs: 31_000, waitForDataMs: 2_000, fix: fix.noPrefetch });
    // A fetch at 31 s shows the end of freshness only if the prefetch held the data to begin with.
    const fetchedAnew = at31.pageData.length > 0 || at31.documents.length > 0;
    const control = fetchedAnew ? await prefetchHeldTheData(page, requestLog, clock, obs, hub, dynamic, fix) : undefined;
    await record(testInfo, 'navigation at 31 s', { hub, page: dynamic, prefetch, ageAtClickMs: at31.age, ...at31, control });

    await obs.part(part('stale-31'), () => {
      if (at31.age <= 30_000) return obs.cantTell(`the navigation was made ${at31.age} ms after the prefetch, not after 30 s`);
      obs.saw('boundary run', `${hub} → ${dynamic} at ${secs(at31.age)}`);
      if (!fetchedAnew) {
        // Prefetched data past its 30 s is no longer fresh, but the same sentence keeps it until it expires
        // after 5 minutes (K9.4): its reuse shows nothing about the end of freshness (spec/clauses.ts).
        markInapplicable(testInfo, `the data of ${dynamic}, prefetched ${secs(at31.age)} ago, was still used without a request: no longer fresh, but prefetched data is kept until it expires after 5 minutes (K9.4), so this way does not show the end of freshness`);
      }
      obs.advise(`a navigation ${secs(at31.age)} after the prefetch fetches ${dynamic}'s data anew without a whole-page load`, !at31.documents.length, at31.documents.join(', ') || undefined);
    });
  });

  test('data a navigation fetched is used again 29 s after its first use without a page-data request', parts('fresh-29'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const { from, to, fix } = navigatedPair(target, obs);
    const use = await fetchByNavigationAndReturn(page, requestLog, clock, obs, from, to, fix);
    // Aged from the activation: the data's first use came no earlier, so its age is at most this.
    const at29 = await useAgain(page, requestLog, clock, obs, use, use.activatedAt, 29_000, fix);
    await record(testInfo, 'navigation 29 s after the first use', { ...use, ageAtActivationMs: at29.age, ...at29 });

    await obs.part(part('fresh-29'), () => {
      if (at29.age >= 30_000) return obs.cantTell(`the link could not be followed again within 30 s of the first navigation (it was at ${at29.age} ms)`);
      obs.saw('boundary run', `${from} → ${to} at ${secs(at29.age)} after the first use`);
      expect(at29.pageData, `expected the data of ${to}, fetched by a navigation from ${from} ${secs(at29.age)} ago, to be used without a new request; observed page-data requests`).toEqual([]);
      expect(at29.documents, `expected the navigation to ${to}, whose data was fetched ${secs(at29.age)} ago, to use that data; observed a whole-page load`).toEqual([]);
    });
  });

  test('data a navigation fetched for a page rendered per request is fetched anew 31 s after its use', parts('stale-31'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    if (target.mode === 'static') markInapplicable(testInfo, NO_DYNAMIC_PAGES);
    const { from, to, fix } = navigatedPair(target, obs);
    const use = await fetchByNavigationAndReturn(page, requestLog, clock, obs, from, to, fix);
    // Aged from the settled first navigation: the data's first use came no later, so its age is at least this.
    const at31 = await useAgain(page, requestLog, clock, obs, use, use.settledAt, 31_000, fix);
    await record(testInfo, 'navigation 31 s after the first use', { ...use, ageAfterSettledMs: at31.age, ...at31 });

    await obs.part(part('stale-31'), () => {
      if (at31.age <= 30_000) return obs.cantTell(`the link was followed again only ${at31.age} ms after the first navigation settled`);
      obs.saw('boundary run', `${from} → ${to} at ${secs(at31.age)} after the first use`);
      const fetchedAnew = at31.pageData.length > 0 || at31.documents.length > 0;
      if (!fetchedAnew && !use.perRequest) {
        markInapplicable(testInfo, `the data of ${to} was still used ${secs(at31.age)} after its first use, but its answer does not say the page is rendered per request (cache-control: ${use.fetched.map((f) => f.cacheControl ?? 'none').join(', ')}): a pre-rendered page's data may be kept until it expires after 5 minutes`);
      }
      expect(at31.pageData.length + at31.documents.length, `expected the data of ${to} (rendered per request: cache-control ${use.fetched.map((f) => f.cacheControl).join(', ')}), fetched by a navigation ${secs(at31.age)} ago and no longer fresh, to be fetched anew; observed no page-data request`).toBeGreaterThan(0);
      obs.advise(`a navigation ${secs(at31.age)} after the first use fetches ${to}'s data anew without a whole-page load`, !at31.documents.length, at31.documents.join(', ') || undefined);
    });
  });
});

const NO_DYNAMIC_PAGES = 'static delivery has only pre-rendered pages, whose data the client may keep up to 5 minutes: no page is rendered per request (the 29 s side is checked on pre-rendered pages)';

function dynamicFix(dynamic: string): Fix {
  return {
    noPrefetch: `name in the profile (dynamicFreshness.hub) a hub whose link to ${dynamic} prefetches its data, or give the hub such a link (e.g. <Link prefetch={true}>)`,
    noData: `link the hub to ${dynamic} with a full prefetch (e.g. <Link prefetch={true}>): an automatic prefetch of a page rendered per request holds only its loading shell, not its data`,
  };
}

/**
 * The strict side of "fresh" on prefetched data: a navigation 29 s after the prefetch's request
 * uses it. A request fails the part only when a navigation right after a prefetch used the data as
 * prefetched (the control): otherwise the prefetch held none and the way is untested.
 */
async function prefetchedAt29(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, testInfo: TestInfo, from: string, to: string, prefetch: Prefetch, fix: Fix): Promise<void> {
  const at29 = await navigateAtAge(page, { log, clock, obs }, { from, to, mark: prefetch.requestedAt, ageMs: 29_000, waitForDataMs: 1_000, fix: fix.noPrefetch });
  const refetched = at29.pageData.length > 0 || at29.documents.length > 0;
  const control = refetched ? await prefetchHeldTheData(page, log, clock, obs, from, to, fix) : undefined;
  await record(testInfo, 'navigation at 29 s', { from, to, prefetch, ageAtClickMs: at29.age, ...at29, control });

  await obs.part('fresh-29', () => {
    if (at29.age >= 30_000) return obs.cantTell(`the navigation could not be made within 30 s of the prefetch (it was made at ${at29.age} ms)`);
    obs.saw('boundary run', `${from} → ${to} at ${secs(at29.age)}`);
    const used = control ? ` (a navigation ${secs(control.atOnce.age)} after a prefetch used it without one)` : '';
    expect(at29.pageData, `expected the data of ${to}, prefetched ${secs(at29.age)} ago, to be used without a new request${used}; observed page-data requests`).toEqual([]);
    expect(at29.documents, `expected the navigation to ${to}, prefetched ${secs(at29.age)} ago, to use the prefetched data${used}; observed a whole-page load`).toEqual([]);
  });
}
