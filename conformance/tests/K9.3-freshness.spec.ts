import type { TestInfo } from '@playwright/test';
import { markInapplicable, record } from '../harness/clause';
import type { FakeClock } from '../harness/clock';
import { describeClause } from '../harness/describe-clause';
import { expect, test, type Page, type Target } from '../harness/fixtures';
import { navigateAtAge, settle, waitForAddress, type AtAge } from '../harness/navigation';
import type { Observer } from '../harness/observe';
import { readPageData, requestLike } from '../harness/page-data';
import type { RequestLog } from '../harness/request-log';
import { within } from '../harness/sample';

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

interface Prefetch {
  /** The page's clock when the first request for the target was seen (the clock stands still from load on). */
  requestedAt: number;
  /** The page's clock once every one of those requests was answered. */
  answeredAt: number;
  requests: { url: string; shape: string; method: string }[];
}

/** What to change when `from` prefetches no data of `to`, per scenario. */
interface Fix { noPrefetch: string; noData: string }

/**
 * Loads `from` on a paused clock and waits until `to`'s data has been prefetched: page-data requests
 * for `to` of any framework shape (page-data.ts maps each to its page) made while nothing was
 * clicked — a full prefetch (`prefetch={true}`) carries no prefetch header in Next 14.2–16, so being
 * made before any navigation is what makes a request a prefetch here. Every one answered and none new
 * for 1 s: the client holds what it prefetched. Untested when no data of `to` is prefetched. `again`:
 * the clock is already installed (a second load in the same test).
 */
async function loadAndAwaitPrefetch(page: Page, clock: FakeClock, obs: Observer, from: string, to: string, fix: Fix, again = false): Promise<Prefetch> {
  const seen: { url: string; shape: string; method: string; done: boolean; t: number; at: Promise<number> }[] = [];
  let clicked = false;
  page.on('request', (r) => {
    const d = readPageData(requestLike(r));
    // Counting stops at the click: what follows belongs to the navigation, not to the prefetch.
    if (clicked || d?.page !== to) return;
    const entry = { url: r.url(), shape: d.shape, method: r.method(), done: false, t: Date.now(), at: clock.now().catch(() => NaN) };
    seen.push(entry);
    const end = () => { entry.done = true; };
    r.response().then(end, end);
  });
  // Paused from the load on: the prefetch is made, and answered, at one known moment of the page's clock.
  if (again) await clock.pause();
  else await installPaused(page, clock);
  await page.goto(from);
  await settle(page, obs);
  const link = page.locator(`a[href="${to}"]:visible`).first();
  if (!(await link.count())) return obs.untested(`${from} shows no visible link written href="${to}"`, fix.noPrefetch);
  // A data request, not only a HEAD check of the link.
  const fetched = () => seen.some((s) => s.method === 'GET');
  let found = await within(5_000, fetched);
  // Some frameworks prefetch from an idle callback or a timer: let the page's clock move in small steps.
  for (let i = 0; !found && i < 10; i++) {
    await clock.runFor(100);
    found = await within(500, fetched);
  }
  if (!found) {
    return obs.untested(
      `${from} prefetched no data of ${to} while it sat in view (requests seen for ${to} before any click: ${seen.map((s) => `${s.method} ${s.url}`).join(', ') || 'none'})`,
      fix.noPrefetch,
    );
  }
  await obs.until(`the prefetch requests for ${to} to be answered (${seen.map((s) => s.url).join(', ')})`,
    () => seen.every((s) => s.done) && Date.now() - Math.max(...seen.map((s) => s.t)) > 1_000, 15_000);
  clicked = true;
  const requestedAt = await seen[0].at;
  const answeredAt = await clock.now();
  if (!Number.isFinite(requestedAt)) return obs.cantTell(`the page's clock could not be read when ${to} was prefetched`);
  return { requestedAt, answeredAt, requests: seen.map(({ url, shape, method }) => ({ url, shape, method })) };
}

async function installPaused(page: Page, clock: FakeClock): Promise<void> {
  await clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * The control, run only when a navigation fetched `to`'s data: a new load of `from`, the same
 * prefetch, and a navigation right after it. If even that fetches the data, the prefetch held none
 * of it (an automatic prefetch of a page rendered per request holds only its loading shell): there
 * was no prefetched page data to time, and the way is untested — never failed.
 */
async function prefetchHeldTheData(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, fix: Fix) {
  const prefetch = await loadAndAwaitPrefetch(page, clock, obs, from, to, fix, true);
  const atOnce = await navigateAtAge(page, { log, clock, obs }, { from, to, mark: prefetch.answeredAt, ageMs: 0, waitForDataMs: 2_000, fix: fix.noPrefetch });
  if (atOnce.pageData.length || atOnce.documents.length) {
    return obs.untested(
      `the prefetch of ${to} from ${from} did not hold its page data: a navigation ${(atOnce.age / 1000).toFixed(1)} s after it fetched the data again (${[...atOnce.pageData, ...atOnce.documents].join(', ')}), so there was no prefetched page data whose freshness could be timed`,
      fix.noData,
    );
  }
  return { prefetch, atOnce };
}

/** Data that a navigation fetched, and the way back to the page that links to it. */
interface FirstUse {
  from: string;
  to: string;
  /** The page's clock at the first activation of the link, and once that navigation had settled: the data's first use lies between. */
  activatedAt: number;
  settledAt: number;
  /** The page-data requests of the first navigation, with the cache-control of their answers. */
  fetched: { url: string; status?: number; cacheControl?: string }[];
  /** The data answer says the page is rendered per request (cache-control no-store or private). */
  perRequest: boolean;
}

/**
 * Loads `from` on a paused clock and follows its link to `to` by keyboard (never hovered, so
 * nothing prefetches it): the navigation fetches `to`'s data — its first use. Then history Back to
 * `from` (never through a page that prefetches `to`, which would replace the entry). Untested when
 * `from` prefetched `to` before or after the navigation (the window would be a prefetch's), or
 * when the navigation fetched no data of `to`.
 */
async function fetchByNavigationAndReturn(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, fix: string): Promise<FirstUse> {
  await installPaused(page, clock);
  const loaded = log.mark();
  await page.goto(from);
  await settle(page, obs);
  const prefetched = log.pageDataFor(to, loaded);
  if (prefetched.length) return obs.untested(`${from} prefetched the data of ${to} before its link was followed (${prefetched.join(', ')}): the data would be a prefetch's, not a navigation's`, fix);

  const mark = await clock.now();
  const first = await navigateAtAge(page, { log, clock, obs }, { from, to, mark, ageMs: 0, waitForDataMs: 5_000, fix, keyboard: true });
  if (first.documents.length) return obs.untested(`following the link to ${to} on ${from} loaded the whole page (${first.documents.join(', ')}): the client holds no page data from it`, fix);
  const requests = () => log.pageData(first.since).filter((e) => readPageData(e)?.page === to);
  if (!requests().length) return obs.untested(`following the link to ${to} on ${from} fetched no data of ${to}`, fix);
  await obs.until(`the answer to the first navigation's data request for ${to}`, () => requests().every((e) => e.status !== undefined || e.failure !== undefined), 15_000);
  const settledAt = await clock.now();
  const fetched = requests().map((e) => ({ url: e.url, status: e.status, cacheControl: e.responseHeaders?.['cache-control'] }));

  const back = log.mark();
  await obs.waitFor(`history Back from ${to} to ${from}`, () => page.goBack({ waitUntil: 'commit', timeout: 10_000 }), 11_000);
  await waitForAddress(page, from, obs, `history Back from ${to}`);
  await settle(page, obs);
  // A prefetch of `to` started by the return would put a prefetched entry in place of the navigation's.
  if (await within(1_000, () => log.pageDataFor(to, back).length > 0)) {
    return obs.untested(`${from} prefetched the data of ${to} after the return by history Back (${log.pageDataFor(to, back).join(', ')})`, fix);
  }
  return {
    from, to, activatedAt: mark + first.age, settledAt, fetched,
    perRequest: fetched.some((f) => /no-store|private/i.test(f.cacheControl ?? '')),
  };
}

/** The link to `to` followed again (keyboard) when `ageMs` have passed since `mark`. */
function useAgain(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, use: FirstUse, mark: number, ageMs: number, fix: string): Promise<AtAge> {
  return navigateAtAge(page, { log, clock, obs }, { from: use.from, to: use.to, mark, ageMs, waitForDataMs: 2_000, fix, keyboard: true });
}

/** Where the navigated data comes from, per mode: a page rendered per request (server) or a pre-rendered page (static). */
function navigatedPair(target: Target, obs: Observer): { from: string; to: string; fix: string } {
  if (target.mode === 'server') {
    const { from, page } = target.scenario('dynamicFreshness');
    const fix = `name in the profile (dynamicFreshness.from) a page whose link to ${page} is not prefetched (e.g. <Link prefetch={false}>) and which prefetches it by no other link`;
    if (!from) return obs.untested(`the profile's dynamicFreshness names no page ("from") whose link to ${page} is not prefetched`, fix);
    return { from, to: page, fix };
  }
  const { from, to } = target.scenario('pageData');
  return { from, to, fix: 'name in the profile (pageData) a page whose link to a pre-rendered page is not prefetched, so that following it fetches the page\'s data' };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
    const used = control ? ` (a navigation ${secs(control.atOnce.age)} after a prefetch used it without one)` : '';
    expect(at29.pageData, `expected the data of ${to}, prefetched ${secs(at29.age)} ago, to be used without a new request${used}; observed page-data requests`).toEqual([]);
    expect(at29.documents, `expected the navigation to ${to}, prefetched ${secs(at29.age)} ago, to use the prefetched data${used}; observed a whole-page load`).toEqual([]);
  });
}
