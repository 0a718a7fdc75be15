import type { FakeClock } from '../observers/clock';
import type { Page, SiteUnderTest } from '../harness/fixtures';
import { scenarioFor } from '../run/profile';
import { open } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { readPageData, requestLike } from '../observers/page-data';
import { within } from '../observers/sample';
import { patience } from '../run/slow';

interface Prefetched { order: number; at: Promise<number>; requests: { url: string; shape: string; done: boolean; t: number }[] }

/**
 * Loads the prefetch page on a paused clock and picks the first page it prefetched that it links
 * to, in any framework shape (whole-page .txt / ?_rsc=, Next 16's per-segment files and HEAD
 * checks: page-data.ts maps each to its page). `prefetchedAt` is the page's clock when that
 * page's first prefetch request was seen; the clock stands still, so every prefetch is made then.
 * Untested when the page prefetched none of its links.
 */
export async function loadAndPickPrefetched(page: Page, clock: FakeClock, obs: Observer, prefetchPage: string, want?: string) {
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
  // Paused from the load on: the prefetches are made at one known moment of the page's clock.
  // `want`: the clock is already installed (a second load in the same test, for the control).
  if (want) await clock.pause();
  else {
    await clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
  }
  await open(page, prefetchPage, obs, { scenario: 'prefetch' });
  const linked = await linkedPaths(page);
  const candidates = () => [...seen.entries()].filter(([path]) => path !== prefetchPage && linked.includes(path) && (!want || path === want));
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
    () => entry.requests.every((r) => r.done) && Date.now() - Math.max(...entry.requests.map((r) => r.t)) > patience(1_000), 15_000);
  const prefetchedAt = await entry.at;
  if (!Number.isFinite(prefetchedAt)) return obs.cantTell(`the page's clock could not be read when ${path} was prefetched`);
  return { path, prefetchedAt, order: entry.order, requests: entry.requests.map((r) => ({ url: r.url, shape: r.shape })), prefetchedPages: [...seen.keys()] };
}


/** The page whose prefetch is let age: the profile's `prefetchedLink`, else its `prefetch` page (a profile written before the first had one). */
export function prefetchingPage(target: SiteUnderTest): string {
  return scenarioFor(target.profile, 'prefetchedLink', target.mode)?.page ?? scenarioFor(target.profile, 'prefetch', target.mode)?.page ?? target.scenario('prefetchedLink').page;
}

/** The paths of the same-origin links the page shows (written from the root). */
export function linkedPaths(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]:visible').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}
