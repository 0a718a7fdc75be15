import { clause, clauseTitle, markInapplicable, record } from '../harness/clause';
import { settle, clickLinkTo } from '../harness/navigation';
import { expect, test } from '../harness/fixtures';

// K9.3 "Prefetched page data counts as fresh for 30 seconds"

test.describe(clauseTitle('K9.3'), clause('K9.3'), () => {
  test('page data fetched by a navigation is reused by a navigation 29 s after its last use', async ({ page, target, requestLog, clock }, testInfo) => {
    const { from, to } = target.scenario('freshness');
    await clock.install();
    await page.goto(from);
    await settle(page);

    // First visit: the data of `to` is fetched and used (the link is not prefetched, so it is fetched now or was already).
    const lastUse = await clock.now();
    await clickLinkTo(page, to);
    await expect(page).toHaveURL(target.abs(to));
    await expect.poll(() => requestLog.pageDataFor(to, 0), `the data of ${to} has been fetched`).not.toEqual([]);
    await settle(page);
    await page.goBack();
    await expect(page).toHaveURL(target.abs(from));
    await settle(page);

    const mark = requestLog.mark();
    const age = await clock.clickAtAge(page.locator(`a[href="${to}"]:visible`).first(), lastUse, 29_000);
    await expect(page).toHaveURL(target.abs(to));
    await settle(page);
    await record(testInfo, 'revisit', { from, to, ageAtClickMs: age, pageData: requestLog.pageData(mark).map((e) => e.url), documents: requestLog.documents(mark).map((d) => d.url) });

    expect(age, 'precondition: the revisit happened within 30 s of the last use').toBeLessThan(30_000);
    expect(requestLog.pageDataFor(to, mark), `page-data requests for ${to} at 29 s`).toEqual([]);
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests on the revisit').toEqual([]);
  });

  for (const side of [29, 31] as const) {
    const name = side === 29
      ? 'a dynamic page\'s data is reused by a navigation 29 s after its last use'
      : 'a dynamic page\'s data is fetched anew by a navigation 31 s after its last use';
    test(name, async ({ page, target, requestLog, clock }, testInfo) => {
      if (target.mode === 'static') {
        markInapplicable(testInfo, 'static delivery has only pre-rendered pages, whose data the client keeps reusable up to 5 minutes: no page is rendered per request, so the 30 s boundary has nothing to show there (the 29 s reuse is checked on a static page above)');
      }
      const { hub, page: dynamic } = target.scenario('dynamicFreshness');
      await clock.install();
      await page.goto(hub);
      await settle(page);

      // Reached by a navigation (the hub's link is not prefetched): the navigation fetches its data.
      const beforeUse = await clock.now();
      const first = requestLog.mark();
      await clickLinkTo(page, dynamic);
      await expect(page).toHaveURL(target.abs(dynamic));
      await expect.poll(() => requestLog.pageDataFor(dynamic, first), `the navigation fetched the data of ${dynamic}`).not.toEqual([]);
      await settle(page);
      const afterUse = await clock.now();
      const firstText = await page.locator('main').innerText();
      await clickLinkTo(page, hub);
      await expect(page).toHaveURL(target.abs(hub));
      await settle(page);

      // Both sides are taken conservatively: 29 s counted from before the use, 31 s from after it.
      const mark = requestLog.mark();
      const link = page.locator(`a[href="${dynamic}"]:visible`).first();
      const age = side === 29 ? await clock.clickAtAge(link, beforeUse, 29_000) : await clock.clickAtAge(link, afterUse, 31_000);
      await expect(page).toHaveURL(target.abs(dynamic));
      await settle(page);
      const requests = requestLog.pageDataFor(dynamic, mark);
      await record(testInfo, `revisit at ${side} s`, {
        hub, page: dynamic, ageAtClickMs: age, firstUseMs: afterUse - beforeUse,
        pageData: requestLog.pageData(mark).map((e) => e.url), sameContent: (await page.locator('main').innerText()) === firstText,
      });

      if (side === 29) {
        expect(age, 'precondition: the revisit happened within 30 s of the last use').toBeLessThan(30_000);
        expect(requests, `page-data requests for ${dynamic} at 29 s`).toEqual([]);
      } else {
        expect(age, 'precondition: the revisit happened more than 30 s after the last use').toBeGreaterThan(30_000);
        expect(requests.length, `page-data requests for ${dynamic} at 31 s`).toBeGreaterThan(0);
      }
      expect(requestLog.documents(mark).map((d) => d.url), 'document requests on the revisit').toEqual([]);
    });
  }
});
