import type { Route } from '@playwright/test';
import fc from 'fast-check';
import { clause, clauseTitle, record } from '../harness/clause';
import { expect, test, type Page } from '../harness/fixtures';
import { isPageDataRequest, isPageDataRequestOf, type RequestLog } from '../harness/request-log';

// K9.2 "Page-data fetches are retried on server errors (5xx). The number of retries is not shown."

function freshSlug(): string {
  return `k92-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Whether an address's path names the slug (page data of the slug's page, in any form). */
function namesSlug(url: string, slug: string): boolean {
  return decodeURIComponent(new URL(url).pathname).includes(slug);
}

interface Attempt { url: string; answer: number | 'server' | 'held' }

/**
 * Scripts the answers to the page's data fetches for one slug (GET only: a HEAD after success is
 * not an attempt): attempt n gets answers[n] when given (a status, or 'hold' to keep it until the
 * test answers it), later attempts go to the server. Every attempt is logged.
 */
async function scriptAnswers(page: Page, slug: string, answers: (number | 'hold')[], later: number | 'server' = 'server') {
  const attempts: Attempt[] = [];
  const held: Route[] = [];
  const heldListeners: (() => void)[] = [];
  // Only addresses naming the slug are intercepted: every other request passes untouched.
  const forSlug = (url: URL) => namesSlug(url.href, slug);
  const handler = async (route: Route) => {
    if (!isPageDataRequestOf(route.request())) return route.fallback();
    const planned: number | 'hold' | 'server' = attempts.length < answers.length ? answers[attempts.length] : later;
    const attempt: Attempt = { url: route.request().url(), answer: planned === 'hold' ? 'held' : planned };
    attempts.push(attempt);
    if (planned === 'hold') {
      held.push(route);
      for (const l of heldListeners.splice(0)) l();
      return;
    }
    if (planned === 'server') return route.fallback();
    return route.fulfill({ status: planned, contentType: 'text/plain', body: `conformance fault: ${planned}` });
  };
  await page.route(forSlug, handler);
  return {
    attempts,
    /** Waits until an attempt is held. */
    async heldOne(): Promise<Route> {
      if (!held.length) await new Promise<void>((resolve) => heldListeners.push(resolve));
      return held.shift()!;
    },
    async dispose(): Promise<void> {
      await page.unroute(forSlug, handler).catch(() => undefined);
    },
  };
}

/**
 * Opens the slug's page with its first page-data attempt held, reads the waiting page, then answers
 * that attempt with `status` (later attempts: `later`) and waits until the page changes.
 */
async function answerFirstWhenShown(page: Page, log: RequestLog, pathPrefix: string, slug: string, status: number, later: number | 'server', reacts: string) {
  const script = await scriptAnswers(page, slug, ['hold'], later);
  const mark = log.mark();
  await page.goto(pathPrefix + slug, { waitUntil: 'commit' });
  const first = await script.heldOne();
  const waiting = await snapshot(page, log, mark);
  await first.fulfill({ status, contentType: 'text/plain', body: `conformance fault: ${status}` });
  script.attempts[0].answer = status;
  await expect.poll(() => snapshot(page, log, mark), reacts).not.toBe(waiting);
  return { script, mark };
}

/** The page's visible text and how many documents were asked for since `mark`. */
async function snapshot(page: Page, log: RequestLog, mark: number): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText).catch(() => '(navigating)');
  return `${log.documents(mark).length} documents\n${text}`;
}

/** Loads a not pre-rendered page whose data fetch is answered `failures` times with 5xx; it must render. */
async function expectRetriedThenRendered(page: Page, log: RequestLog, prefix: string, failures: number[]): Promise<{ slug: string; attempts: Attempt[]; documents: string[] }> {
  const slug = freshSlug();
  const script = await scriptAnswers(page, slug, failures);
  try {
    const mark = log.mark();
    await page.goto(prefix + slug);
    await expect(page.getByText(slug, { exact: true }).first(), `the page for ${slug} renders after ${failures.join(', ')}`).toBeVisible();
    const gets = script.attempts.length;
    const documents = log.documents(mark).map((d) => d.url);
    expect(gets, `GET attempts for the page data after ${failures.length} answer(s) ${failures.join(', ')}`).toBeGreaterThanOrEqual(failures.length + 1);
    expect(documents.length, `document requests (only the first load; no full reload): ${documents.join(', ')}`).toBe(1);
    return { slug, attempts: [...script.attempts], documents };
  } finally {
    await script.dispose();
  }
}

test.describe(clauseTitle('K9.2'), clause('K9.2'), () => {
  test('a page-data fetch answered 500 once is requested again and the page then renders without a reload', async ({ page, target, requestLog }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    const seen = await expectRetriedThenRendered(page, requestLog, pathPrefix, [500]);
    await record(testInfo, 'attempts', seen);
  });

  test('a page-data fetch answered 500 twice is requested a third time and the page then renders without a reload', async ({ page, target, requestLog }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    const seen = await expectRetriedThenRendered(page, requestLog, pathPrefix, [500, 500]);
    await record(testInfo, 'attempts', seen);
  });

  test('any 5xx answer to a page-data fetch is retried (property over 500–599)', async ({ page, target, requestLog }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    const runs: object[] = [];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 500, max: 599 }), async (status) => {
        runs.push({ status, ...(await expectRetriedThenRendered(page, requestLog, pathPrefix, [status])) });
      }),
      { numRuns: 5, examples: [[502], [503], [504]], endOnFailure: true },
    );
    await record(testInfo, 'runs', runs);
  });

  for (const status of [404, 400]) {
    test(`a page-data fetch answered ${status} is not requested again`, async ({ page, target, requestLog }, testInfo) => {
      const { pathPrefix } = target.scenario('retry');
      const slug = freshSlug();
      // The first attempt is held so the page can be read while it waits for its data; a retry
      // would be asked for before the page reacts to the answer, and would then render the slug.
      const { script, mark } = await answerFirstWhenShown(page, requestLog, pathPrefix, slug, status, 'server', `the page reacts to the ${status} answer`);
      await record(testInfo, 'attempts', { slug, attempts: script.attempts, documents: requestLog.documents(mark).map((d) => d.url), after: await snapshot(page, requestLog, mark) });
      // Attempts made by the first document (a full reload, if the page reacts with one, starts over).
      const since = requestLog.since(mark);
      const reload = since.findIndex((e, i) => i > 0 && e.isDocument);
      const attempts = since.slice(0, reload < 0 ? undefined : reload).filter((e) => isPageDataRequest(e) && namesSlug(e.url, slug));
      expect(attempts.map((e) => e.url), `GET attempts for the page data after a ${status} answer`).toHaveLength(1);
    });
  }

  test('a page-data fetch answered 503 every time is tried a limited number of times (recorded)', async ({ page, target, requestLog }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    const slug = freshSlug();
    const { script, mark } = await answerFirstWhenShown(page, requestLog, pathPrefix, slug, 503, 503, 'the page reacts once the fetches give up');
    const gets = script.attempts.length;
    await record(testInfo, 'attempts', { slug, gets, attempts: script.attempts, documents: requestLog.documents(mark).map((d) => d.url), after: await snapshot(page, requestLog, mark) });
    expect(gets, 'GET attempts when every answer is 503').toBeGreaterThanOrEqual(2);
  });
});
