import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { clickLinkTo, open, settle, waitForAddress } from '../harness/navigation';
import { headings, quoted, visibleLines } from '../harness/page-text';
import { sample } from '../harness/sample';
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

describeClause('R2.2', ({ parts }) => {
  test('an unknown path loaded directly shows the heading 404 and the message', parts('direct'), async ({ page, target, obs }, testInfo) => {
    const { paths } = target.scenario('unknownPaths');
    if (!paths.length) obs.untested('the profile lists no unknown path (unknownPaths.paths is empty)', 'list in unknownPaths.paths paths the site does not have, e.g. "/no-such-page"');
    const seen: { path: string; httpStatus?: number; headings: string[]; hasMessage: boolean }[] = [];
    try {
      for (const path of paths) {
        await test.step(path, async () => {
          const res = await open(page, path, obs);
          const v = await sample(() => view(page), complete, 5_000);
          const status = res?.status();
          seen.push({ path, httpStatus: status, headings: v.headings, hasMessage: v.hasMessage });
          obs.advise(`an unknown path answers HTTP 404 (${path})`, status === 404, `HTTP ${status ?? '(no answer)'}`);
          judge(v, `${path} (loaded directly, answered HTTP ${status ?? '(no answer)'})`);
        });
      }
    } finally {
      await record(testInfo, 'unknown-paths', seen);
    }
  });

  test('a link inside the site to a missing page leads to a page with the heading 404 and the message', parts('link'), async ({ page, target, obs }, testInfo) => {
    const { from, href } = target.scenario('brokenLink');
    await open(page, from, obs);
    await clickLinkTo(page, href, obs);
    await waitForAddress(page, href, obs, `clicking the link to it on ${from}`);
    await settle(page, obs);
    const v = await sample(() => view(page), complete, 5_000);
    await record(testInfo, 'broken-link', { from, href, url: page.url(), headings: v.headings, hasMessage: v.hasMessage });
    judge(v, `${href} (reached by clicking its link on ${from})`);
  });
});
