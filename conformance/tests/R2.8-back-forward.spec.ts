import { clause, clauseTitle, markUntested, record } from '../harness/clause';
import { expect, test, type Page } from '../harness/fixtures';

// R2.8 "Back and forward restore the earlier view."
const WANTED_SCROLL = 2000;
const TOLERANCE = 4;

/** What the page shows: its title and the text of its main content. */
async function content(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${((document.querySelector('main') ?? document.body) as HTMLElement).innerText}`);
}

const scrollY = (page: Page): Promise<number> => page.evaluate(() => Math.round(window.scrollY));

/** scrollY once it holds still across two animation frames. */
async function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    let last = window.scrollY;
    for (;;) {
      await frame();
      await frame();
      if (window.scrollY === last) return Math.round(last);
      last = window.scrollY;
    }
  });
}

test.describe(clauseTitle('R2.8'), clause('R2.8'), () => {
  test('after leaving a scrolled page, Back shows it again at the same scroll position and Forward shows the next page, without a document request', async ({ page, target, requestLog, noReload }, testInfo) => {
    const { tall, other } = target.scenario('scroll');
    await page.goto(tall);
    await page.waitForLoadState('networkidle');

    const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const wanted = Math.min(WANTED_SCROLL, maxScroll);
    if (wanted < 500) markUntested(testInfo, `the profile's tall page ${tall} scrolls only ${maxScroll} px; at least 500 are needed`);
    await page.evaluate((y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' }), wanted);
    await expect.poll(() => settledScrollY(page), `${tall} scrolled to ${wanted}`).toBe(wanted);
    const aContent = await content(page);
    const aScroll = await scrollY(page);

    const mark = requestLog.mark();
    await noReload.plant();

    // Follow a link to the other page without moving the scroll position first: a real click when
    // such a link is in view, else the link focused without scrolling and activated with Enter.
    const links = page.locator(`a[href="${other}"]`);
    const found = await links.first().waitFor({ state: 'attached', timeout: 7_000 }).then(() => true, () => false);
    if (!found) markUntested(testInfo, `the profile says ${tall} links to ${other}, but it has no such link`);
    const inView = await links.evaluateAll((els) => els.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    }));
    let how: string;
    if (inView >= 0) {
      how = 'click on a link in view';
      await links.nth(inView).click();
    } else {
      how = 'link focused without scrolling, activated with Enter';
      await links.first().evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
      expect(await scrollY(page), 'focusing the link did not scroll').toBe(aScroll);
      await page.keyboard.press('Enter');
    }
    await expect(page).toHaveURL(target.abs(other));
    await expect.poll(() => content(page), `${other} shows its own content`).not.toBe(aContent);
    const bContent = await content(page);
    const bScroll = await settledScrollY(page);

    await page.goBack();
    await expect(page).toHaveURL(target.abs(tall));
    await expect.poll(() => content(page), `Back shows ${tall}'s content`).toBe(aContent);
    await expect.poll(() => scrollY(page), `Back restores ${tall}'s scroll position ${aScroll}`)
      .toBeGreaterThanOrEqual(aScroll - TOLERANCE);
    const backScroll = await settledScrollY(page);

    await page.goForward();
    await expect(page).toHaveURL(target.abs(other));
    await expect.poll(() => content(page), `Forward shows ${other}'s content`).toBe(bContent);
    const forwardScroll = await settledScrollY(page);

    await record(testInfo, 'scroll', { tall, other, how, maxScroll, aScroll, bScroll, backScroll, forwardScroll });
    expect(Math.abs(backScroll - aScroll), `scroll position after Back (${backScroll}) vs before leaving (${aScroll})`).toBeLessThanOrEqual(TOLERANCE);
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests after the first load').toEqual([]);
    expect(await noReload.intact(), 'the page\'s JavaScript marker survives Back and Forward').toBe(true);
  });
});
