import { clause, clauseTitle, markInapplicable, parts, record } from '../harness/clause';
import type { FakeClock } from '../harness/clock';
import { expect, test, type Page } from '../harness/fixtures';
import { clickLinkTo, settle } from '../harness/navigation';
import type { Observer } from '../harness/observe';
import type { RequestLog } from '../harness/request-log';
import { pathOf } from '../harness/sample';

// K9.3 "Prefetched page data counts as fresh for 30 seconds"

async function reach(page: Page, obs: Observer, path: string, how: string): Promise<void> {
  await obs.until(`the address to become ${path} after ${how}`, () => pathOf(page) === path, 15_000);
  await settle(page, obs);
}

/**
 * The first use of `to`'s data: load `from`, follow the link to `to` and come back (by `back`).
 * Returns the page's clock just before and just after the use. Untested when the navigation
 * was a whole-page load or no data of `to` was ever fetched (nothing cached to reuse).
 */
async function firstUse(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, back: () => Promise<void>): Promise<{ before: number; after: number }> {
  await clock.install();
  await page.goto(from);
  await settle(page, obs);
  const mark = log.mark();
  const before = await clock.now();
  await clickLinkTo(page, to, obs);
  await reach(page, obs, to, `clicking its link on ${from}`);
  const after = await clock.now();
  const docs = log.documents(mark).map((d) => d.url);
  if (docs.length) return obs.untested(`the link from ${from} to ${to} was followed by a whole-page load (${docs.join(', ')}), so no page data was kept by the client`, `name in the profile pages that navigate on the client side`);
  if (!log.pageDataFor(to).length) return obs.untested(`the data of ${to} was never fetched while visiting ${from} and ${to}`, `name in the profile a page whose data the client fetches`);
  await back();
  await reach(page, obs, from, `going back to ${from}`);
  return { before, after };
}

/** Clicks the link to `to` when `ageMs` have passed on the page's clock since `mark`; returns the age and what was requested. */
async function revisitAt(page: Page, log: RequestLog, clock: FakeClock, obs: Observer, from: string, to: string, mark: number, ageMs: number) {
  const link = page.locator(`a[href="${to}"]:visible`).first();
  if (!(await link.count())) return obs.untested(`${from} has no visible link to ${to} to come back by`, `name pages that link to each other in the profile`);
  const since = log.mark();
  const age = await obs.waitFor(`the click on the link to ${to} at ${ageMs / 1000} s`, () => clock.clickAtAge(link, mark, ageMs), 20_000);
  await reach(page, obs, to, `clicking its link on ${from} at ${ageMs / 1000} s`);
  return { age, pageData: log.pageDataFor(to, since), documents: log.documents(since).map((d) => d.url) };
}

test.describe(clauseTitle('K9.3'), clause('K9.3'), () => {
  test('page data fetched by a navigation is reused by a navigation 29 s after its last use', parts('fresh-29'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const { from, to } = target.scenario('freshness');
    await firstUse(page, requestLog, clock, obs, from, to, () => page.goBack().then(() => undefined));
    // Control: an immediate revisit shows whether the client keeps this data at all (Next 16 keeps
    // none from a navigation through a link without prefetch: there is then no freshness to time).
    const controlMark = requestLog.mark();
    const use = { before: await clock.now(), after: 0 };
    await clickLinkTo(page, to, obs);
    await reach(page, obs, to, `clicking its link on ${from} again at once`);
    use.after = await clock.now();
    const control = requestLog.pageDataFor(to, controlMark);
    if (control.length) {
      return obs.untested(
        `the client did not keep the data of ${to} even for an immediate revisit (${((use.after - use.before) / 1000).toFixed(1)} s after its use it was requested again: ${control.join(', ')}), so there was no cached data whose freshness could be timed`,
        `name in the profile (freshness) a pair whose target's data the client keeps after a navigation (a prefetched link, or a framework that caches navigation data)`,
      );
    }
    await page.goBack();
    await reach(page, obs, from, `going back to ${from}`);
    // 29 s counted from before the last use: the strict side of "fresh".
    const revisit = await revisitAt(page, requestLog, clock, obs, from, to, use.before, 29_000);
    await record(testInfo, 'revisit', { from, to, lastUseMs: use.after - use.before, control, ageAtClickMs: revisit.age, ...revisit });
    if (revisit.age >= 30_000) return obs.cantTell(`the revisit could not be made within 30 s of the last use (it was made at ${revisit.age} ms)`);
    expect(revisit.pageData, `expected the data of ${to}, used ${(revisit.age / 1000).toFixed(1)} s ago, to be reused (no page-data request); observed requests`).toEqual([]);
    expect(revisit.documents, `expected the revisit of ${to} to need no whole-page load; observed document requests`).toEqual([]);
  });

  for (const side of [29, 31] as const) {
    const name = side === 29
      ? 'a dynamic page\'s data is reused by a navigation 29 s after its last use'
      : 'a dynamic page\'s data is fetched anew by a navigation 31 s after its last use';
    test(name, parts(side === 29 ? 'fresh-29' : 'stale-31'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
      if (target.mode === 'static') {
        markInapplicable(testInfo, 'static delivery has only pre-rendered pages, whose data the client keeps reusable up to 5 minutes: no page is rendered per request, so the 30 s boundary has nothing to show there (the 29 s reuse is checked on a static page above)');
      }
      const { hub, page: dynamic } = target.scenario('dynamicFreshness');
      // Reached by a navigation (the hub's link is not prefetched): the navigation fetches its data.
      const use = await firstUse(page, requestLog, clock, obs, hub, dynamic, () => clickLinkTo(page, hub, obs));
      // Both sides are taken conservatively: 29 s counted from before the use, 31 s from after it.
      const revisit = side === 29
        ? await revisitAt(page, requestLog, clock, obs, hub, dynamic, use.before, 29_000)
        : await revisitAt(page, requestLog, clock, obs, hub, dynamic, use.after, 31_000);
      await record(testInfo, `revisit at ${side} s`, { hub, page: dynamic, firstUseMs: use.after - use.before, ageAtClickMs: revisit.age, ...revisit });

      if (side === 29) {
        if (revisit.age >= 30_000) return obs.cantTell(`the revisit could not be made within 30 s of the last use (it was made at ${revisit.age} ms)`);
        expect(revisit.pageData, `expected the data of ${dynamic}, used ${(revisit.age / 1000).toFixed(1)} s ago, to be reused (no page-data request); observed requests`).toEqual([]);
      } else {
        expect(revisit.pageData.length, `expected the data of ${dynamic}, last used ${(revisit.age / 1000).toFixed(1)} s ago, to be fetched anew; observed no page-data request for it`).toBeGreaterThan(0);
      }
      expect(revisit.documents, `expected the revisit of ${dynamic} to need no whole-page load; observed document requests`).toEqual([]);
    });
  }
});
