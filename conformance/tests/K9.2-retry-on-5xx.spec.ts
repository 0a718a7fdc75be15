import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test, type Page } from '../harness/fixtures';
import type { Observer } from '../harness/observe';
import { isPageDataRequest } from '../observers/page-data';
import type { RequestLog } from '../observers/request-log';
import { within } from '../observers/sample';
import { patience } from '../run/slow';
import { freshSlug, namesSlug, scriptAnswers } from './data-answers';

/**
 * What a site needs for K9.2 to have a subject. Only a fallback page's first data fetch is retried
 * (spec/clauses/sections-8-9.ts, K9.2's readings): an ordinary navigation's fetch is tried once.
 */
const RETRIED_FETCH_NEED = 'name in the profile (retry.pathPrefix) a page that is not pre-rendered and fetches its data after loading (Pages Router getStaticPaths with fallback: true, under next start); an ordinary navigation is no such subject: Next.js tries its page-data fetch once, then loads the page in full';

/** Page-data GETs for the slug made by the first document since `mark` (a full reload would start over). */
function attemptsOfFirstDocument(log: RequestLog, mark: number, slug: string): string[] {
  const since = log.since(mark);
  const reload = since.findIndex((e, i) => i > 0 && e.isDocument);
  return since.slice(0, reload < 0 ? undefined : reload).filter((e) => isPageDataRequest(e) && namesSlug(e.url, slug)).map((e) => e.url);
}

/**
 * Loads a fresh not pre-rendered page whose data fetch is answered with `failures` (5xx) first.
 * Untested when the page makes no data fetch for its slug; failed when a 5xx answer is not
 * followed by another attempt before the client gives up (a whole-page load or no attempt within 10 s).
 */
async function expectRetried(page: Page, log: RequestLog, obs: Observer, prefix: string, failures: number[]): Promise<object> {
  const slug = freshSlug();
  const script = await scriptAnswers(page, slug, failures);
  try {
    const mark = log.mark();
    await obs.waitFor(`the first load of ${prefix}${slug}`, () => page.goto(prefix + slug, { waitUntil: 'commit', timeout: patience(20_000) }), 20_000);
    const fetched = await within(15_000, () => script.attempts.length > 0);
    if (!fetched) {
      return obs.untested(
        `loading ${prefix}${slug} made no page-data request naming ${slug} within ${patience(15_000) / 1000} s, so there was no page-data fetch to answer with a server error`,
        RETRIED_FETCH_NEED,
      );
    }
    obs.saw('request', `${script.attempts[0].url} ${script.attempts[0].words}`);
    const wanted = failures.length + 1;
    await within(10_000, () => attemptsOfFirstDocument(log, mark, slug).length >= wanted || log.documents(mark).length > 1);
    const attempts = attemptsOfFirstDocument(log, mark, slug);
    const documents = log.documents(mark).map((d) => d.url);
    // Not stated, so advisory: the page then renders its data without a reload.
    const rendered = await within(5_000, async () => (await page.getByText(slug).count().catch(() => 0)) > 0);
    obs.advise(`after ${failures.join(', ')} the page renders its data without a reload`, rendered && documents.length === 1, `${rendered ? 'rendered' : 'did not show its data within ${patience(5_000) / 1000} s'}; document requests: ${documents.join(', ')}`);
    const seen = { slug, answers: failures, attempts: script.attempts, attemptsOfFirstDocument: attempts, documents };
    expect(attempts.length, `expected the page-data fetch answered ${failures.join(', then ')} by the harness to be requested again (at least ${wanted} attempts); observed ${attempts.length} attempt(s)${documents.length > 1 ? `, then a whole-page load (${documents.slice(1).join(', ')})` : ` within ${patience(10_000) / 1000} s`}`).toBeGreaterThanOrEqual(wanted);
    return seen;
  } finally {
    await script.dispose();
  }
}

describeClause('K9.2', () => {
  test('a page-data fetch answered 500 once is requested again', async ({ page, target, requestLog, obs }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    await record(testInfo, 'attempts', await expectRetried(page, requestLog, obs, pathPrefix, [500]));
  });

  test('a page-data fetch answered 500 twice is requested a third time', async ({ page, target, requestLog, obs }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    await record(testInfo, 'attempts', await expectRetried(page, requestLog, obs, pathPrefix, [500, 500]));
  });

  for (const status of [502, 503, 504, 599]) {
    test(`a page-data fetch answered ${status} is requested again`, async ({ page, target, requestLog, obs }, testInfo) => {
      const { pathPrefix } = target.scenario('retry');
      await record(testInfo, 'attempts', await expectRetried(page, requestLog, obs, pathPrefix, [status]));
    });
  }

  test('advisory: page-data fetches answered 404 or 400 are not requested again, and 503 every time is tried a limited number of times', async ({ page, target, requestLog, obs }, testInfo) => {
    const { pathPrefix } = target.scenario('retry');
    const runs: object[] = [];
    for (const [status, later] of [[404, 'server'], [400, 'server'], [503, 503]] as const) {
      const slug = freshSlug();
      const script = await scriptAnswers(page, slug, [status], later);
      try {
        const mark = requestLog.mark();
        await page.goto(pathPrefix + slug, { waitUntil: 'commit', timeout: patience(20_000) }).catch(() => undefined);
        const fetched = await within(15_000, () => script.attempts.length > 0);
        // A retry follows the answer at once (no back-off in any version measured); 1.5 s of quiet is long enough to see one.
        await within(1_500, () => attemptsOfFirstDocument(requestLog, mark, slug).length > 1);
        const attempts = attemptsOfFirstDocument(requestLog, mark, slug);
        runs.push({ status, later, slug, fetched, attempts, documents: requestLog.documents(mark).map((d) => d.url) });
        if (!fetched) {
          // Nothing to observe: a page that fetches no data would make none on the next
          // runs either, and waiting for them would only run the test out of time (cantTell).
          await record(testInfo, 'runs', runs);
          return obs.untested(`loading ${pathPrefix}${slug} made no page-data request naming ${slug} within ${patience(15_000) / 1000} s, so there was no page-data fetch to answer with ${status}`,
            RETRIED_FETCH_NEED);
        }
        if (status === 503) obs.advise('a page-data fetch answered 503 every time is tried a limited number of times (the number is recorded)', true, `${attempts.length} attempt(s)`);
        else obs.advise(`a page-data fetch answered ${status} is not requested again`, attempts.length === 1, `${attempts.length} attempt(s)`);
      } finally {
        await script.dispose();
      }
    }
    await record(testInfo, 'runs', runs);
  });
});
