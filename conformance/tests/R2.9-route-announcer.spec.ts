import { announcements, readLiveRegions } from '../observers/announcer';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { clickLinkTo, open, settle, waitForAddress } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { clip, quoted } from '../observers/page-text';
import { sample } from '../observers/sample';
import type { RequestLog } from '../observers/request-log';
import { expect, test, type Page } from '../harness/fixtures';
import { errorScreenOf, requireNoErrorScreen } from '../observers/site-page';

/** The text of the first heading (h1–h6 or role=heading) in document order, live regions left out. */
async function firstHeading(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inLiveRegion = (el: Element) => !!el.closest('[aria-live],[role=alert],[role=status],[role=log]');
    const h = Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).find((el) => !inLiveRegion(el));
    return ((h as HTMLElement | undefined)?.innerText ?? '').trim();
  });
}

/** Loads the start page and reports (advisory) whether anything is announced on a first load. */
async function openStart(page: Page, path: string, obs: Observer, scenario: string): Promise<void> {
  await open(page, path, obs, { scenario });
  const texts = (await readLiveRegions(page)).filter((r) => r.text).map((r) => `${r.where}: ${r.text}`);
  obs.advise(`nothing is announced on the first load of ${path}`, texts.length === 0, texts.length ? quoted(texts) : 'no live region holds text');
}

/**
 * Follows the link to `to` and waits until the new page is there. Returns the document requests
 * the step made: a step that loaded a whole page (e.g. a link from one router to the other) is no
 * client navigation, and what a screen reader says on a new document is not in the page to read.
 */
async function navigate(page: Page, log: RequestLog, to: string, obs: Observer): Promise<string[]> {
  const from = new URL(page.url()).pathname;
  const mark = log.mark();
  await clickLinkTo(page, to, obs);
  await waitForAddress(page, to, obs, `clicking its link on ${from}`);
  await settle(page, obs);
  return log.documents(mark).map((d) => d.url);
}

/** Why a navigation that loaded a whole page leaves its branch unjudged. */
const fullLoad = (from: string, to: string, docs: string[]): string =>
  `the navigation from ${from} to ${to} loaded a whole page (${docs.join(', ')}): not a client navigation, so no announcement of the client router is there to judge`;

/** Live regions' texts once one holds `expected` (or after 7 s, whatever they hold then). */
function announced(page: Page, expected: string): Promise<string[]> {
  return sample(() => announcements(page), (a) => a.includes(expected), 7_000);
}

describeClause('R2.9', ({ parts, part }) => {
  test('after a navigation to a page with a title, a live region holds that title', parts('title'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, titled } = target.scenario('announcer');
    await openStart(page, from, obs, 'announcer');
    const fromTitle = await page.title();
    const docs = await navigate(page, requestLog, titled, obs);
    if (docs.length) obs.untested(fullLoad(from, titled, docs), 'name in announcer pages linked by the client router (a <Link> within one router)');
    await requireNoErrorScreen(page, obs, titled);
    const title = await sample(() => page.title(), (t) => t !== '' && t !== fromTitle, 5_000);
    if (title === '') obs.untested(`the profile's titled page ${titled} has an empty document title`, 'name in announcer.titled a page with a <title>');
    if (title === fromTitle) obs.untested(`${titled} has the same document title as ${from} ("${clip(title)}"): the navigation changes no title to announce`,
      `give ${titled} a title of its own, or name in announcer pages whose titles differ`);
    obs.saw('navigation', `${from} → ${titled} ("${clip(title)}")`);
    const got = await announced(page, title);
    await record(testInfo, 'announced', { from, to: titled, documentTitle: title, announced: got, regions: await readLiveRegions(page) });
    expect(got, `expected a live region to hold the title "${clip(title)}" after the navigation from ${from} to ${titled}; live regions held: ${quoted(got)}`).toContain(title);
  });

  test('after a navigation to a page without a title, a live region holds its first heading', parts('heading'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, untitled } = target.scenario('announcer');
    await openStart(page, from, obs, 'announcer');
    const docs = await navigate(page, requestLog, untitled, obs);
    if (docs.length) obs.untested(fullLoad(from, untitled, docs), 'name in announcer pages linked by the client router (a <Link> within one router)');
    await requireNoErrorScreen(page, obs, untitled);
    const title = await sample(() => page.title(), (t) => t === '', 5_000);
    if (title !== '') obs.untested(`the profile's untitled page ${untitled} has the document title "${clip(title)}" after the navigation; this branch needs a page whose document title is empty`,
      'name in announcer.untitled a page whose document title is empty (no <title> element, or an empty one)');
    const heading = await sample(() => firstHeading(page), (h) => h !== '', 5_000);
    if (heading === '') obs.untested(`the profile's untitled page ${untitled} shows no heading`, `name in announcer.untitled a page without a title that shows a heading`);
    obs.saw('navigation', `${from} → ${untitled} (heading "${clip(heading)}")`);
    const got = await announced(page, heading);
    await record(testInfo, 'announced', { from, to: untitled, documentTitle: title, firstHeading: heading, announced: got, regions: await readLiveRegions(page) });
    expect(got, `expected a live region to hold the first heading "${clip(heading)}" of the untitled page ${untitled} after the navigation from ${from}; live regions held: ${quoted(got)}`).toContain(heading);
  });

  test('after each navigation along a chain of pages, a live region holds the new page\'s title, or its first heading when it has none', async ({ page, target, requestLog, obs }, testInfo) => {
    const { chain } = target.scenario('navigation');
    await openStart(page, chain[0], obs, 'navigation');
    let previous = (await page.title()) || (await firstHeading(page));
    const steps: { to: string; part?: string; expected: string; announced?: string[]; skipped?: string }[] = [];
    try {
      for (const next of chain.slice(1)) {
        const before = await page.title();
        const from = new URL(page.url()).pathname;
        const docs = await navigate(page, requestLog, next, obs);
        const title = await sample(() => page.title(), (t) => t !== before, 3_000);
        const expected = title || (await firstHeading(page));
        const branch = title ? part('title') : part('heading');
        if (docs.length) {
          // A whole-page load (a link from one router to the other) is no client navigation: left out, reported.
          steps.push({ to: next, expected, skipped: fullLoad(from, next, docs) });
          previous = expected;
          continue;
        }
        const crashed = await errorScreenOf(page);
        if (crashed) {
          // A page that crashed is the subject of R2.4 and R2.5 only: left out, reported.
          steps.push({ to: next, expected, skipped: `shows the framework's failure screen ("${crashed.slice(0, 120)}")` });
          previous = expected;
          continue;
        }
        if (!expected || expected === previous) {
          // An announcer need not repeat an unchanged text: this step shows nothing either way.
          steps.push({ to: next, expected, skipped: expected ? 'same text as the page before' : 'no title and no heading' });
          previous = expected;
          continue;
        }
        const got = await announced(page, expected);
        steps.push({ to: next, part: branch, expected, announced: got });
        await obs.part(branch, () => {
          obs.saw('navigation', `${from} → ${next} (${title ? 'title' : 'heading'} "${expected}")`);
          expect(got, `expected a live region to hold ${title ? 'the title' : 'the first heading'} "${expected}" after the navigation to ${next}; live regions held: ${quoted(got)}`).toContain(expected);
        });
        previous = expected;
      }
    } finally {
      await record(testInfo, 'announced', steps);
    }
  });
});
