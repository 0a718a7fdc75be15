import { clause, clauseTitle, markUntested, record } from '../harness/clause';
import { clickLinkTo } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';

// R2.7 "Navigation works without full page reloads."

/** What the page shows: its title and the text of its main content. */
async function content(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${((document.querySelector('main') ?? document.body) as HTMLElement).innerText}`);
}

test.describe(clauseTitle('R2.7'), clause('R2.7'), () => {
  for (const steps of [1, 3]) {
    const name = steps === 1
      ? 'clicking an internal link changes the address and the content without a document request'
      : 'three link clicks in a row change the address and the content each time without a document request';
    test(name, async ({ page, target, requestLog, noReload }, testInfo) => {
      const { chain } = target.scenario('navigation');
      if (chain.length < steps + 1) markUntested(testInfo, `the profile's navigation chain has ${chain.length} pages; ${steps + 1} are needed`);

      await page.goto(chain[0]);
      await page.waitForLoadState('networkidle');
      const mark = requestLog.mark();
      await noReload.plant();

      const visited: { path: string; url: string; title: string }[] = [];
      for (const next of chain.slice(1, steps + 1)) {
        const before = await content(page);
        await clickLinkTo(page, next, testInfo);
        await expect(page).toHaveURL(target.abs(next));
        await expect.poll(() => content(page), `the content changes after clicking the link to ${next}`).not.toBe(before);
        visited.push({ path: next, url: page.url(), title: await page.title() });
        expect(requestLog.documents(mark).map((d) => d.url), `document requests after reaching ${next}`).toEqual([]);
        expect(await noReload.intact(), `the page's JavaScript marker survives the navigation to ${next}`).toBe(true);
      }
      await record(testInfo, 'navigations', { from: chain[0], visited, pageData: requestLog.pageData(mark).map((e) => e.url) });
    });
  }
});
