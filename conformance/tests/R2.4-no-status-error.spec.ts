import { markInapplicable, record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { open } from '../observers/navigation';
import { headings, quoted, visibleLines } from '../observers/page-text';
import { sample, within } from '../observers/sample';
import { expect, test } from '../harness/fixtures';
import { patience } from '../run/slow';
import { requireSitePage, siteFix } from '../observers/site-page';
import { freshSlug, scriptAnswers } from './data-answers';

const CLIENT_ERROR = 'Application error: a client-side exception has occurred';
/** A status heading: a heading that is a three-digit code. */
const STATUS_HEADING = /^\s*[1-5]\d\d\s*$/;

describeClause('R2.4', () => {
  test('an exception thrown in the browser shows a client-side application error and no status heading', async ({ page, target, obs }, testInfo) => {
    const { page: path, trigger } = target.scenario('noStatusError');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    const errorText = page.getByText(CLIENT_ERROR).filter({ visible: true });

    await open(page, path, obs, { scenario: 'noStatusError' });
    const control = page.getByRole(trigger.role, { name: trigger.name }).first();
    const found = await control.waitFor({ state: 'visible', timeout: patience(7_000) }).then(() => true, () => false);
    if (!found) obs.untested(`${path} has no visible ${trigger.role} named "${trigger.name}"`, 'name in noStatusError.trigger the control that makes the page throw in the browser, or name another page');
    if (await errorText.count() > 0) obs.untested(`${path} already shows "${CLIENT_ERROR}" before its ${trigger.role} is used`, 'name in noStatusError a page that works until its control is used');

    const errorsBefore = errors.length;
    await obs.waitFor(`a click on the ${trigger.role} "${trigger.name}" on ${path}`, () => control.click({ timeout: patience(10_000) }), 11_000);
    const after = await sample(async () => ({
      shown: (await errorText.count()) > 0,
      headings: await headings(page),
      lines: await visibleLines(page),
    }), (v) => v.shown, 7_000);
    const thrown = errors.slice(errorsBefore);
    await record(testInfo, 'after-exception', { url: page.url(), documentTitle: await page.title(), ...after, errors: thrown });

    if (!after.shown) {
      if (!thrown.length) obs.untested(`clicking the ${trigger.role} "${trigger.name}" on ${path} raised no exception in the browser (no page error or console error within ${patience(7_000) / 1000} s)`,
        'name in noStatusError a page and control that throw in the browser');
    }
    obs.saw('exception', `${path}: after the ${trigger.role} "${trigger.name}"${thrown.length ? ` (${thrown[0].slice(0, 80)})` : ''}`);
    expect(after.shown, `expected a text naming a client-side application error ("${CLIENT_ERROR}…") after the exception, saw the text: ${quoted(after.lines)}`).toBe(true);
    const statusHeadings = after.headings.filter((h) => STATUS_HEADING.test(h));
    expect(statusHeadings, `expected no heading that is a status code after the exception, saw headings: ${quoted(after.headings)}`).toEqual([]);
  });

  test('a page whose data never arrives after it loads shows a client-side application error and no status heading', async ({ page, target, obs }, testInfo) => {
    if (target.mode !== 'server') {
      markInapplicable(testInfo, 'a static export has no page generated on demand (getStaticPaths fallback: true needs a server), so no page fetches its own data after it loads; the Pages Router turns a page chunk or page data that fails during a navigation into a full page load (docs/implementations.md, "Reachable from outside")');
    }
    const { pathPrefix } = target.scenario('retry');
    const slug = freshSlug('r24');
    const path = pathPrefix + slug;
    // Every attempt of the page's own data fetch is answered 500 by the harness: the client gives up after its tries.
    const script = await scriptAnswers(page, slug, [], 500);
    const errorText = page.getByText(CLIENT_ERROR).filter({ visible: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    try {
      const res = await obs.waitFor(`the first load of ${path}`, () => page.goto(path, { waitUntil: 'commit', timeout: patience(20_000) }), 20_000);
      await requireSitePage(page, obs, { path, res, errorScreen: true, fix: siteFix('retry') });
      if (!(await within(15_000, () => script.attempts.length > 0))) {
        obs.untested(`loading ${path} made no page-data request naming ${slug} within ${patience(15_000) / 1000} s: no data fetch to fail`, 'name in the profile (retry.pathPrefix) a Pages Router route generated on demand (getStaticPaths fallback: true) under next start');
      }
      const after = await sample(async () => ({ shown: (await errorText.count()) > 0, headings: await headings(page), lines: await visibleLines(page) }), (v) => v.shown, 10_000);
      const injected = `the harness answered every page-data request of ${path} with HTTP 500 (${script.attempts.length} attempt${script.attempts.length === 1 ? '' : 's'}: ${script.attempts.map((a) => a.url).join(', ')})`;
      await record(testInfo, 'after-failed-data', { url: page.url(), injected, documentTitle: await page.title().catch(() => ''), ...after, errors });
      obs.saw('exception', `${path}: ${injected}`);
      expect(after.shown, `expected a text naming a client-side application error ("${CLIENT_ERROR}…") after ${injected}, saw the text: ${quoted(after.lines)}`).toBe(true);
      const statusHeadings = after.headings.filter((h) => STATUS_HEADING.test(h));
      expect(statusHeadings, `expected no heading that is a status code after ${injected}, saw headings: ${quoted(after.headings)}`).toEqual([]);
    } finally {
      await script.dispose();
    }
  });
});
