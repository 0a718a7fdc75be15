import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { open, waitForAddress } from '../observers/navigation';
import { chooseWindow } from '../observers/window';
import { LOW_WINDOW, SCROLL } from '../scenarios/windows';
import { quoted } from '../observers/page-text';
import { sample } from '../observers/sample';
import { expect, test, type Page } from '../harness/fixtures';
import { patience } from '../run/slow';

// The test names both parts, so a precondition it stops on before either is observed is theirs.
const TOLERANCE = 4;

/** What the page shows: its title and the text of its main content. */
async function content(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${((document.querySelector('main') ?? document.body) as HTMLElement).innerText}`);
}

/**
 * The content once it differs from `from` and has held for 300 ms (bounded): the Pages Router
 * renders the new page before it sets its title, so a first reading can mix the two pages.
 */
async function newContent(page: Page, from: string): Promise<string> {
  let previous: string | undefined;
  return sample(() => content(page), (c) => {
    const held = c !== from && c === previous;
    previous = c;
    return held;
  }, 10_000, 300);
}

const scrollY = (page: Page): Promise<number> => page.evaluate(() => Math.round(window.scrollY));

/** scrollY once it holds still across two animation frames (bounded: at most 2 s of frames). */
async function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(async (boundMs) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const end = performance.now() + boundMs;
    let last = window.scrollY;
    for (;;) {
      await frame();
      await frame();
      if (window.scrollY === last || performance.now() > end) return Math.round(window.scrollY);
      last = window.scrollY;
    }
  }, patience(2_000));
}

const excerpt = (s: string): string => JSON.stringify(s.replace(/\s+/g, ' ').trim().slice(0, 120));

describeClause('R2.8', ({ parts, part }) => {
  test('after leaving a scrolled page, Back shows it again at the same scroll position and Forward shows the next page', parts('back', 'forward'), async ({ page, target, requestLog, noReload, obs }, testInfo) => {
    const { tall, other } = target.scenario('scroll');
    await open(page, tall, obs, { scenario: 'scroll' });

    const scrollRoom = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const firstWindow = page.viewportSize();
    let maxScroll = await scrollRoom();
    // "Taller than the window" is the harness's to cause: a page too short to scroll in this window
    // is read in a lower one of the same width (its layout follows the width).
    let windowWords = `window ${firstWindow?.width}×${firstWindow?.height} px`;
    if (maxScroll < SCROLL.MIN) {
      windowWords = await chooseWindow(page, LOW_WINDOW, `${tall} scrolls only ${maxScroll} px in ${firstWindow?.width}×${firstWindow?.height}`);
      maxScroll = await sample(scrollRoom, (room) => room >= SCROLL.MIN, 2_000);
    }
    const wanted = Math.min(SCROLL.WANTED, maxScroll);
    if (wanted < SCROLL.MIN) obs.untested(`${tall} scrolls only ${maxScroll} px (${windowWords}); at least ${SCROLL.MIN} are needed`,
      `name in scroll.tall a page whose content is taller than ${LOW_WINDOW.height + SCROLL.MIN} px`);
    await page.evaluate((y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' }), wanted);
    await obs.until(`${tall} to hold the scroll position ${wanted} px`, async () => (await settledScrollY(page)) === wanted, 5_000);
    const aContent = await content(page);
    const aScroll = await scrollY(page);

    const mark = requestLog.mark();
    await noReload.plant();

    // Follow a link to the other page without moving the scroll position first: a real click when
    // such a link is in view, else the link focused without scrolling and activated with Enter.
    const links = page.locator(`a[href="${other}"]`);
    const found = await links.first().waitFor({ state: 'attached', timeout: patience(7_000) }).then(() => true, () => false);
    if (!found) obs.untested(`the profile's tall page ${tall} has no link to ${other}`, `name in scroll.other a page that ${tall} links to`);
    const inView = await links.evaluateAll((els) => els.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    }));
    let how: string;
    if (inView >= 0) {
      how = 'click on a link in view';
      await obs.waitFor(`a click on the link to ${other}`, () => links.nth(inView).click({ timeout: patience(10_000) }), 11_000);
    } else {
      how = 'link focused without scrolling, activated with Enter';
      await links.first().evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
      if (await scrollY(page) !== aScroll) obs.untested(`focusing the link to ${other} scrolled ${tall}`, `name in scroll another pair, whose link is in view at ${wanted} px`);
      await page.keyboard.press('Enter');
    }
    await waitForAddress(page, other, obs, `following the link to it on ${tall}`);
    const bContent = await newContent(page, aContent);
    if (bContent === aContent) obs.untested(`${other} shows the same content as ${tall} after the link was followed`, `name in scroll.other a page with content of its own`);
    const bScroll = await settledScrollY(page);

    const observed: Record<string, unknown> = { tall, other, how, window: windowWords, maxScroll, aScroll, bScroll };
    try {
      await obs.part(part('back'), async () => {
        await obs.waitFor('Back to be carried out', () => page.goBack({ waitUntil: 'commit', timeout: patience(10_000) }), 11_000);
        await waitForAddress(page, tall, obs, 'Back');
        obs.saw('history step', `Back from ${other} to ${tall} scrolled to ${aScroll} px (${windowWords})`);
        const shown = await sample(() => content(page), (c) => c === aContent, 7_000);
        expect(shown === aContent, `expected Back to show ${tall}'s content again, it shows ${excerpt(shown)} (before: ${excerpt(aContent)})`).toBe(true);
        await sample(() => scrollY(page), (y) => Math.abs(y - aScroll) <= TOLERANCE, 7_000);
        const backScroll = await settledScrollY(page);
        observed.backScroll = backScroll;
        expect(Math.abs(backScroll - aScroll), `expected Back to restore ${tall}'s scroll position ${aScroll} px, saw ${backScroll} px`).toBeLessThanOrEqual(TOLERANCE);
      });
      await obs.part(part('forward'), async () => {
        await obs.waitFor('Forward to be carried out', () => page.goForward({ waitUntil: 'commit', timeout: patience(10_000) }), 11_000);
        await waitForAddress(page, other, obs, 'Forward');
        obs.saw('history step', `Forward from ${tall} to ${other}`);
        const shown = await sample(() => content(page), (c) => c === bContent, 7_000);
        expect(shown === bContent, `expected Forward to show ${other}'s content again, it shows ${excerpt(shown)} (before: ${excerpt(bContent)})`).toBe(true);
        observed.forwardScroll = await settledScrollY(page);
      });
    } finally {
      const documents = requestLog.documents(mark).map((d) => `${d.method} ${d.url}`);
      const marker = await noReload.state();
      obs.advise('Back and Forward make no document request', documents.length === 0, documents.length ? quoted(documents) : 'none');
      obs.advise('the page\'s JavaScript realm survives Back and Forward', marker.intact === true, marker.words);
      await record(testInfo, 'scroll', { ...observed, documents });
    }
  });
});
