import { clause, clauseTitle, record } from '../harness/clause';
import { expect, test } from '../harness/fixtures';
import { isPageDataRequestOf } from '../harness/request-log';

// K9.5 "Prefetching runs 5 requests at a time."

const LIMIT = 5;

test.describe(clauseTitle('K9.5'), clause('K9.5'), () => {
  test('with every prefetch answer held, exactly 5 prefetches are in flight and each released answer lets exactly one more start', async ({ page, target, faults, inflight }, testInfo) => {
    const { page: path, minLinks = 8 } = target.scenario('prefetch');
    // No navigation happens in this test: every page-data request is a prefetch.
    const held = await faults.hold((_url, r) => isPageDataRequestOf(r));
    const counter = inflight(isPageDataRequestOf);
    await page.goto(path);

    const links = page.locator('a[href^="/"]:visible');
    await expect.poll(() => links.count(), `at least ${minLinks} internal links in view on ${path}`).toBeGreaterThanOrEqual(minLinks);
    await held.waitForCaught(LIMIT);
    const steps: { released: number; started: number; inFlight: number; max: number }[] = [
      { released: 0, started: counter.started, inFlight: counter.current, max: counter.max },
    ];
    try {
      await expect.poll(() => counter.current, 'prefetches in flight once the first ones are held').toBe(LIMIT);

      // The page has at least minLinks prefetchable links, so at least minLinks - 5 are still queued.
      for (let i = 1; i <= minLinks - LIMIT; i++) {
        expect(await held.release(1), `answer ${i} released`).toBe(1);
        await held.waitForCaught(LIMIT + i);
        await expect.poll(() => counter.started, `prefetches started after ${i} answer(s) released`).toBe(LIMIT + i);
        steps.push({ released: i, started: counter.started, inFlight: counter.current, max: counter.max });
        expect(counter.current, `prefetches in flight after ${i} answer(s) released`).toBe(LIMIT);
      }
      expect(counter.max, 'the most prefetches ever in flight at once').toBe(LIMIT);
    } finally {
      await record(testInfo, 'in flight', { steps, max: counter.max, timeline: counter.timeline });
    }
  });
});
