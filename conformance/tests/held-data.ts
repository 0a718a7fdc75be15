import type { FakeClock } from '../observers/clock';
import type { Page, SiteUnderTest } from '../harness/fixtures';
import { linkTo, navigateAtAge, settle, waitForAddress, type AtAge } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { readPageData, requestLike } from '../observers/page-data';
import type { RequestLog } from '../observers/request-log';
import { within } from '../observers/sample';
import { seconds } from '../../launcher/format';
import { patience } from '../run/slow';

/**
 * Page data the client holds, and its age (K9.3's ways of observing freshness): data a prefetch
 * fetched while a page sat in view, and data a navigation fetched, each timed on a paused fake
 * clock from the moment it was made or first used.
 */
export interface Prefetch {
  /** The page's clock when the first request for the target was seen (the clock stands still from load on). */
  requestedAt: number;
  /** The page's clock once every one of those requests was answered. */
  answeredAt: number;
  requests: { url: string; shape: string; method: string }[];
}

/** What to change when `from` prefetches no data of `to`, per scenario. */
export interface Fix { noPrefetch: string; noData: string }

/**
 * Loads `from` on a paused clock and waits until `to`'s data has been prefetched: page-data requests
 * for `to` of any framework shape (page-data.ts maps each to its page) made while nothing was
 * clicked — a full prefetch (`prefetch={true}`) carries no prefetch header in Next 14.2–16, so being
 * made before any navigation is what makes a request a prefetch here. Every one answered and none new
 * for 1 s: the client holds what it prefetched. Untested when no data of `to` is prefetched. `again`:
 * the clock is already installed (a second load in the same test).
 */
export async function loadAndAwaitPrefetch(page: Page, clock: FakeClock, obs: Observer, from: string, to: string, fix: Fix, again = false): Promise<Prefetch> {
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
  const link = linkTo(page, to);
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
    () => seen.every((s) => s.done) && Date.now() - Math.max(...seen.map((s) => s.t)) > patience(1_000), 15_000);
  clicked = true;
  const requestedAt = await seen[0].at;
  const answeredAt = await clock.now();
  if (!Number.isFinite(requestedAt)) return obs.cantTell(`the page's clock could not be read when ${to} was prefetched`);
  return { requestedAt, answeredAt, requests: seen.map(({ url, shape, method }) => ({ url, shape, method })) };
}

export async function installPaused(page: Page, clock: FakeClock): Promise<void> {
  await clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * The control, run only when a navigation fetched `to`'s data: a new load of `from`, the same
 * prefetch, and a navigation right after it. If even that fetches the data, the prefetch held none
 * of it (an automatic prefetch of a page rendered per request holds only its loading shell): there
 * was no prefetched page data to time, and the way is untested — never failed.
 */
export async function prefetchHeldTheData(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, fix: Fix) {
  const prefetch = await loadAndAwaitPrefetch(page, clock, obs, from, to, fix, true);
  const atOnce = await navigateAtAge(page, { log, clock, obs }, { from, to, mark: prefetch.answeredAt, ageMs: 0, waitForDataMs: 2_000, fix: fix.noPrefetch });
  if (atOnce.pageData.length || atOnce.documents.length) {
    return obs.untested(
      `the prefetch of ${to} from ${from} did not hold its page data: a navigation ${seconds(atOnce.age)} after it fetched the data again (${[...atOnce.pageData, ...atOnce.documents].join(', ')}), so there was no prefetched page data whose freshness could be timed`,
      fix.noData,
    );
  }
  return { prefetch, atOnce };
}

/** Data that a navigation fetched, and the way back to the page that links to it. */
export interface FirstUse {
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
export async function fetchByNavigationAndReturn(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, fix: string): Promise<FirstUse> {
  await installPaused(page, clock);
  const loaded = log.mark();
  await page.goto(from);
  await settle(page, obs);
  const prefetched = log.pageDataFor(to, loaded);
  if (prefetched.length) return obs.untested(`${from} prefetched the data of ${to} before its link was followed (${prefetched.join(', ')}): the data would be a prefetch's, not a navigation's`, fix);

  const mark = await clock.now();
  const first = await navigateAtAge(page, { log, clock, obs }, { from, to, mark, ageMs: 0, waitForDataMs: 5_000, fix });
  if (first.documents.length) return obs.untested(`following the link to ${to} on ${from} loaded the whole page (${first.documents.join(', ')}): the client holds no page data from it`, fix);
  const requests = () => log.pageData(first.since).filter((e) => readPageData(e)?.page === to);
  if (!requests().length) return obs.untested(`following the link to ${to} on ${from} fetched no data of ${to}`, fix);
  await obs.until(`the answer to the first navigation's data request for ${to}`, () => requests().every((e) => e.status !== undefined || e.failure !== undefined), 15_000);
  const settledAt = await clock.now();
  const fetched = requests().map((e) => ({ url: e.url, status: e.status, cacheControl: e.responseHeaders?.['cache-control'] }));

  const back = log.mark();
  await obs.waitFor(`history Back from ${to} to ${from}`, () => page.goBack({ waitUntil: 'commit', timeout: patience(10_000) }), 11_000);
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
export function useAgain(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, use: FirstUse, mark: number, ageMs: number, fix: string): Promise<AtAge> {
  return navigateAtAge(page, { log, clock, obs }, { from: use.from, to: use.to, mark, ageMs, waitForDataMs: 2_000, fix });
}

/** Where the navigated data comes from, per mode: a page rendered per request (server) or a pre-rendered page (static). */
export function navigatedPair(target: SiteUnderTest, obs: Observer): { from: string; to: string; fix: string } {
  if (target.mode === 'server') {
    const { from, page } = target.scenario('dynamicFreshness');
    const fix = `name in the profile (dynamicFreshness.from) a page whose link to ${page} is not prefetched (e.g. <Link prefetch={false}>) and which prefetches it by no other link`;
    if (!from) return obs.untested(`the profile's dynamicFreshness names no page ("from") whose link to ${page} is not prefetched`, fix);
    return { from, to: page, fix };
  }
  const { from, to } = target.scenario('pageData');
  return { from, to, fix: 'name in the profile (pageData) a page whose link to a pre-rendered page is not prefetched, so that following it fetches the page\'s data' };
}

export const secs = seconds;
