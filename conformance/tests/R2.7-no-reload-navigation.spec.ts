import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { clickLinkTo, open, sameAddress } from '../observers/navigation';
import { quoted } from '../observers/page-text';
import { sample } from '../observers/sample';
import { expect, test, type Page } from '../harness/fixtures';

/** What the page shows: its title and the text of its main content. */
async function content(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${((document.querySelector('main') ?? document.body) as HTMLElement).innerText}`);
}

const excerpt = (s: string): string => JSON.stringify(s.replace(/\s+/g, ' ').trim().slice(0, 120));

describeClause('R2.7', () => {
  for (const steps of [1, 3]) {
    const name = steps === 1
      ? 'clicking an internal link changes the address and the content without a document request'
      : 'three link clicks in a row change the address and the content each time without a document request';
    test(name, async ({ page, target, requestLog, noReload, obs }, testInfo) => {
      const { chain } = target.scenario('navigation');
      if (chain.length < steps + 1) obs.untested(`the profile's navigation chain has ${chain.length} page(s); ${steps + 1} are needed`,
        `list in navigation.chain at least ${steps + 1} pages, each linking to the next`);

      await open(page, chain[0], obs, { scenario: 'navigation' });
      const mark = requestLog.mark();
      await noReload.plant();

      const visited: { path: string; url: string; title: string }[] = [];
      try {
        for (const next of chain.slice(1, steps + 1)) {
          const from = new URL(page.url()).pathname;
          const before = await content(page);
          await clickLinkTo(page, next, obs);
          // The address changes, or a document request shows a full page load: either ends the wait.
          await obs.until(`the address to become ${next} after clicking its link on ${from}`,
            () => sameAddress(page.url(), next) || requestLog.documents(mark).length > 0, 15_000);
          // A link to a page the site does not have (its document answered an error) is no navigation between its pages.
          await obs.until(`the answer to the document request after clicking the link to ${next}`, () => requestLog.documents(mark).every((d) => d.status !== undefined || d.failure !== undefined), 10_000);
          const missing = requestLog.documents(mark).find((d) => sameAddress(d.url, next) && d.status !== undefined && d.status >= 400);
          if (missing) obs.untested(`${next} answered HTTP ${missing.status} when its link on ${from} was followed: not a page of the site, so no subject of a navigation between its pages`, `list in navigation.chain pages the site has, each linking to the next`);
          obs.saw('navigation', `${from} → ${next}`);
          const documents = requestLog.documents(mark).map((d) => `${d.method} ${d.url}`);
          expect(documents, `expected no document request when following the link from ${from} to ${next}, saw ${quoted(documents)} (a full page load)`).toEqual([]);
          expect(await noReload.intact(), `expected the page's JavaScript realm (a marker set on ${chain[0]}) to survive the navigation to ${next}, but the marker was gone: the page was reloaded`).toBe(true);
          const after = await sample(() => content(page), (c) => c !== before, 7_000);
          expect(after !== before, `expected the content to change after following the link from ${from} to ${next}; it still shows ${excerpt(after)}`).toBe(true);
          visited.push({ path: next, url: page.url(), title: await page.title() });
        }
      } finally {
        await record(testInfo, 'navigations', { from: chain[0], visited, documents: requestLog.documents(mark).map((e) => e.url), pageData: requestLog.pageData(mark).map((e) => e.url) });
      }
    });
  }
});
