import { announcements, readLiveRegions } from '../harness/announcer';
import { clause, clauseTitle, record } from '../harness/clause';
import { settle, clickLinkTo } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';

// R2.9 "After each navigation, an announcement for assistive technology reads the page title or, if none, the first heading."

/** The text of the first heading (h1–h6 or role=heading) in document order, live regions left out. */
async function firstHeading(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inLiveRegion = (el: Element) => !!el.closest('[aria-live],[role=alert],[role=status],[role=log]');
    const h = Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).find((el) => !inLiveRegion(el));
    return ((h as HTMLElement | undefined)?.innerText ?? '').trim();
  });
}

/** Waits until a live region holds `expected()`; fails showing what was announced instead. */
async function expectAnnounced(page: Page, what: string, expected: () => Promise<string>): Promise<{ expected: string; announced: string[] }> {
  let last = { expected: '', announced: [] as string[] };
  await expect.poll(async () => {
    last = { expected: await expected(), announced: await announcements(page) };
    return last.expected !== '' && last.announced.includes(last.expected) ? 'announced' : JSON.stringify(last);
  }, `a live region holds ${what}`).toBe('announced');
  return last;
}

test.describe(clauseTitle('R2.9'), clause('R2.9'), () => {
  test('nothing is announced on first load', async ({ page, target }, testInfo) => {
    const { from, titled, untitled } = target.scenario('announcer');
    const seen: Record<string, unknown> = {};
    for (const path of [from, titled, untitled]) {
      await page.goto(path);
      await settle(page);
      const regions = await readLiveRegions(page);
      seen[path] = regions;
      expect(regions.filter((r) => r.text).map((r) => `${r.where}: ${r.text}`), `live regions right after loading ${path}`).toEqual([]);
    }
    await record(testInfo, 'live-regions-after-load', seen);
  });

  test('after a navigation to a page with a title, a live region holds that title', async ({ page, target }, testInfo) => {
    const { from, titled } = target.scenario('announcer');
    await page.goto(from);
    await settle(page);
    await clickLinkTo(page, titled, testInfo);
    await expect(page).toHaveURL(target.abs(titled));
    const got = await expectAnnounced(page, `the title of ${titled}`, () => page.title());
    await record(testInfo, 'announced', { from, to: titled, documentTitle: got.expected, announced: got.announced, regions: await readLiveRegions(page) });
  });

  test('after a navigation to a page without a title, a live region holds its first heading', async ({ page, target }, testInfo) => {
    const { from, untitled } = target.scenario('announcer');
    await page.goto(from);
    await settle(page);
    const fromTitle = await page.title();
    await clickLinkTo(page, untitled, testInfo);
    await expect(page).toHaveURL(target.abs(untitled));
    await expect.poll(() => firstHeading(page), `${untitled} shows a heading`).not.toBe('');
    await expect.poll(() => page.title(), `precondition: the profile's untitled page ${untitled} has no title (it had "${fromTitle}" before the navigation)`).toBe('');
    const got = await expectAnnounced(page, `the first heading of ${untitled}`, () => firstHeading(page));
    await record(testInfo, 'announced', { from, to: untitled, documentTitle: await page.title(), firstHeading: got.expected, announced: got.announced, regions: await readLiveRegions(page) });
  });

  test('after each navigation along a chain of pages, a live region holds the new page\'s title', async ({ page, target }, testInfo) => {
    const { chain } = target.scenario('navigation');
    await page.goto(chain[0]);
    await settle(page);
    const steps: { to: string; title: string; announced: string[] }[] = [];
    for (const next of chain.slice(1)) {
      const before = await page.title();
      await clickLinkTo(page, next, testInfo);
      await expect(page).toHaveURL(target.abs(next));
      // Wait for the new page's title (or, with none, its first heading) and check it is announced.
      await expect.poll(() => page.title(), `${next} has its own title`).not.toBe(before);
      const got = await expectAnnounced(page, `the title of ${next}`, async () => (await page.title()) || firstHeading(page));
      steps.push({ to: next, title: got.expected, announced: got.announced });
    }
    await record(testInfo, 'announced', steps);
  });
});
