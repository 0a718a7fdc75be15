import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { clickLinkTo, open, settle, waitForAddress } from '../observers/navigation';
import { headings, quoted, visibleLines } from '../observers/page-text';
import { sample } from '../observers/sample';
import { requireSitePage, siteFix } from '../observers/site-page';
import { expect, test, type Page } from '../harness/fixtures';

const HEADING = '404';
const MESSAGE = 'This page could not be found.';

interface View { headings: string[]; hasMessage: boolean; lines: string[] }

async function view(page: Page): Promise<View> {
  return {
    headings: await headings(page),
    hasMessage: (await page.getByText(MESSAGE, { exact: true }).filter({ visible: true }).count()) > 0,
    lines: await visibleLines(page),
  };
}

const complete = (v: View) => v.headings.includes(HEADING) && v.hasMessage;

/** The not-found page: the heading 404 and the message, each said in words when missing. */
function judge(v: View, where: string): void {
  expect(v.headings, `expected the heading "${HEADING}" on ${where}, saw headings: ${quoted(v.headings)}`).toContain(HEADING);
  expect(v.hasMessage, `expected the message "${MESSAGE}" on ${where}, saw the text: ${quoted(v.lines)}`).toBe(true);
}

// One subject, the not-found page, reached by several ways: loaded directly, by an in-site link to a
// missing page, and (R2.2-every-page) by every such link on the listed pages. A way the site does not
// offer (no broken link) is reported, not required.
describeClause('R2.2', () => {
  test('an unknown path loaded directly shows the heading 404 and the message', async ({ page, target, obs }, testInfo) => {
    const { paths } = target.scenario('unknownPaths');
    if (!paths.length) obs.untested('the profile lists no unknown path (unknownPaths.paths is empty)', 'list in unknownPaths.paths paths the site does not have, e.g. "/no-such-page"');
    const seen: { path: string; httpStatus?: number; headings: string[]; hasMessage: boolean }[] = [];
    try {
      for (const path of paths) {
        await test.step(path, async () => {
          // Any status will do; a page that is not the site's (a host's own 404) is no evidence: untested.
          const res = await open(page, path, obs, { scenario: 'unknownPaths', errorPath: true });
          const v = await sample(() => view(page), complete, 5_000);
          const status = res?.status();
          seen.push({ path, httpStatus: status, headings: v.headings, hasMessage: v.hasMessage });
          obs.saw('page', `${path} (HTTP ${status ?? 'no answer'})`);
          obs.advise(`an unknown path answers HTTP 404 (${path})`, status === 404, `HTTP ${status ?? '(no answer)'}`);
          judge(v, `${path} (loaded directly, answered HTTP ${status ?? '(no answer)'})`);
        });
      }
    } finally {
      await record(testInfo, 'unknown-paths', seen);
    }
  });

  test('a link inside the site to a missing page leads to a page with the heading 404 and the message', async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, href } = target.scenario('brokenLink');
    await open(page, from, obs, { scenario: 'brokenLink' });
    const mark = requestLog.mark();
    await clickLinkTo(page, href, obs);
    await waitForAddress(page, href, obs, `clicking the link to it on ${from}`);
    await settle(page, obs);
    // The missing page is loaded as a document by the host (or rendered by the client): it must be the site's own page.
    const status = requestLog.documents(mark).at(-1)?.status;
    await requireSitePage(page, obs, { path: href, status, errorPath: true, fix: siteFix('brokenLink') });
    const v = await sample(() => view(page), complete, 5_000);
    await record(testInfo, 'broken-link', { from, href, url: page.url(), httpStatus: status, headings: v.headings, hasMessage: v.hasMessage });
    obs.saw('page', `${href} (by its link on ${from})`);
    judge(v, `${href} (reached by clicking its link on ${from})`);
  });
});
