import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import type { Hold } from '../harness/faults';
import type { InflightCounter } from '../observers/inflight';
import { expect, test } from '../harness/fixtures';
import { open } from '../observers/navigation';
import { chooseWindow } from '../observers/window';
import { TALL_WINDOW } from '../scenarios/windows';
import { isPrefetchRequestOf, readPageData, requestLike } from '../observers/page-data';
import { within } from '../observers/sample';
import { patience } from '../run/slow';

const LIMIT = 5;
/**
 * How long no new prefetch may start before the count in flight is taken as where it stops. Once
 * the count has reached what the clause expects (the limit; one more after a release) a shorter
 * quiet confirms that nothing beyond it starts; short of it, the longer one makes sure the count
 * is not read before the page got round to starting the rest. Both are the harness's patience
 * (× the run's factor, run/slow.ts): a busy machine starts the next prefetch later.
 */
const QUIET_MS = 1_500;
const CONFIRM_MS = 750;

/**
 * Waits until no prefetch has started for `quietMs`, counted from `since` at the earliest (a release
 * just made), or more than the limit are in flight; false when it never got quiet.
 */
function quiet(counter: InflightCounter, boundMs: number, since = Date.now(), quietMs = QUIET_MS): Promise<boolean> {
  const lastStart = () => Math.max(since, counter.timeline.filter((e) => e.event === 'start').at(-1)?.t ?? 0);
  return within(boundMs, () => counter.current > LIMIT || Date.now() - lastStart() >= patience(quietMs));
}

describeClause('K9.5', () => {
  test('with every prefetch answer held, exactly 5 prefetches are in flight and each released answer lets exactly one more start', async ({ page, target, faults, inflight, obs }, testInfo) => {
    const { page: path } = target.scenario('prefetch');
    // No navigation happens in this test: every prefetch request (any framework shape, HEAD checks
    // included: page-data.ts) is held, and counted from its start until its answer arrives.
    const held: Hold = await faults.hold((_url, r) => isPrefetchRequestOf(r));
    const counter = inflight(isPrefetchRequestOf);
    // The page each prefetch request is for, in start order: pages still unstarted were waiting.
    const pagesStarted: string[] = [];
    page.on('request', (r) => {
      if (!isPrefetchRequestOf(r)) return;
      const p = readPageData(requestLike(r))!.page;
      if (!pagesStarted.includes(p)) pagesStarted.push(p);
    });
    // "Links in view" is the harness's to cause: a tall window puts an ordinary page's links in view at once.
    const windowWords = await chooseWindow(page, TALL_WINDOW, `the links of ${path} down to ${TALL_WINDOW.height} px in view at its load`);
    await open(page, path, obs, { scenario: 'prefetch' });
    const links = await page.locator('a[href^="/"]:visible').evaluateAll((as) => [...new Set(as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);

    const steps: { released: number; started: number; inFlight: number; max: number; pages: number }[] = [];
    const step = (released: number) => steps.push({ released, started: counter.started, inFlight: counter.current, max: counter.max, pages: pagesStarted.length });
    try {
      if (!(await within(10_000, () => counter.started > 0))) {
        return obs.untested(`${path} made no prefetch request within ${patience(10_000) / 1000} s (it shows ${links.length} internal links; ${windowWords})`, 'name in the profile (prefetch.page) a page with at least 8 links that are prefetched when they come into view');
      }
      const atLimit = await within(QUIET_MS, () => counter.current >= LIMIT);
      if (!(await quiet(counter, 15_000, 0, atLimit ? CONFIRM_MS : QUIET_MS))) return obs.cantTell(`prefetches on ${path} kept starting for ${patience(15_000) / 1000} s with the answers held (${counter.current} in flight)`);
      const plateau = counter.current;
      const plateauPages = pagesStarted.length;
      step(0);

      // A few answers released one by one: each should let exactly one more start.
      const single: { released: number; startedAfter: number; pagesBefore: number }[] = [];
      for (let i = 1; i <= 3 && held.pending > 0 && counter.current <= LIMIT; i++) {
        const before = counter.started;
        const pagesBefore = pagesStarted.length;
        const released = Date.now();
        await held.release(1);
        const oneStarted = await within(QUIET_MS, () => counter.started > before);
        await quiet(counter, 5_000, oneStarted ? 0 : released, oneStarted ? CONFIRM_MS : QUIET_MS);
        single.push({ released: i, startedAfter: counter.started - before, pagesBefore });
        step(i);
      }
      // Then everything, as soon as it is asked for, until nothing more starts: how many pages there were to
      // prefetch at all. The queue was filled at the load; with nothing held it empties at once, so the short quiet.
      let lastActivity = Date.now();
      await within(20_000, async () => {
        if (held.pending > 0) { await held.release(); lastActivity = Date.now(); }
        lastActivity = Math.max(lastActivity, counter.timeline.filter((e) => e.event === 'start').at(-1)?.t ?? 0);
        return Date.now() - lastActivity >= patience(CONFIRM_MS);
      });
      step(-1);
      const totalPages = pagesStarted.length;
      if (totalPages <= plateauPages && plateau <= LIMIT) {
        return obs.untested(
          `${path} prefetched ${totalPages} page(s) in all, all of them at once, so a limit of ${LIMIT} at a time could not show (${windowWords})`,
          `name in the profile (prefetch.page) a page with at least ${LIMIT + 3} links that are prefetched when they come into view`,
        );
      }
      if (counter.started <= LIMIT) {
        return obs.untested(
          `${path} started ${counter.started} prefetch request(s) in all: more than ${LIMIT} are needed for a limit of ${LIMIT} at a time to show (${windowWords})`,
          `name in the profile (prefetch.page) a page with at least ${LIMIT + 3} links that are prefetched when they come into view`,
        );
      }
      // More prefetches than the limit were started (some waited, or more than 5 were in flight at once): the limit could show.
      obs.saw('prefetch', `${path}: ${totalPages} pages, at most ${counter.max} requests in flight, every answer held by the harness (${windowWords})`, counter.started);
      expect(counter.max, `expected at most ${LIMIT} prefetch requests in flight at once; observed ${counter.max}`).toBeLessThanOrEqual(LIMIT);
      expect(plateau, `expected ${LIMIT} prefetch requests in flight while the prefetches of ${totalPages - plateauPages} more page(s) were waiting (every answer held); observed ${plateau}`).toBe(LIMIT);
      const whileWaiting = single.filter((s) => s.pagesBefore < totalPages);
      const notOne = whileWaiting.filter((s) => s.startedAfter !== 1).map((s) => `after answer ${s.released} was released, ${s.startedAfter} started`);
      expect(notOne, 'expected each released answer to let exactly one more prefetch start while others were waiting').toEqual([]);
    } finally {
      await record(testInfo, 'in flight', { window: windowWords, links: links.length, steps, max: counter.max, started: counter.started, pages: pagesStarted, timeline: counter.timeline });
    }
  });
});
