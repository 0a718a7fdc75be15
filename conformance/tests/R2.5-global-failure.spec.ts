import { markInapplicable, record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { open } from '../observers/navigation';
import { headings, quoted, visibleLines } from '../observers/page-text';
import { sample } from '../observers/sample';
import { expect, test, type Page } from '../harness/fixtures';
import { patience } from '../run/slow';
import { failOwnScript } from './failed-script';

const CLIENT_TEXT = 'Application error: a client-side exception has occurred (see the browser console for more information).';
const SERVER_TEXT = 'Application error: a server-side exception has occurred (see the server logs for more information).';
const DIGEST_LINE = /^Digest:/;
/** A status heading (a heading that is a three-digit code) and the titles of R2.3's table: a generic error page. */
const STATUS_HEADING = /^\s*[1-5]\d\d\s*$/;
const GENERIC_TITLES = ['Bad Request', 'This page could not be found', 'Method Not Allowed', 'Internal Server Error', 'An unexpected error has occurred'];

/** For messages: the lines that look like a failure text, else every line. */
function near(lines: string[]): string {
  const close = lines.filter((l) => /application error|exception|digest/i.test(l));
  return quoted(close.length ? close : lines);
}

/** Collects the browser's exceptions (page errors and console errors). */
function exceptions(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return errors;
}

describeClause('R2.5', ({ parts, part }) => {
  test('a render error in the browser shows exactly the client-side failure text', parts('client'), async ({ page, target, obs }, testInfo) => {
    const { page: path, trigger } = target.scenario('clientCrash');
    const errors = exceptions(page);
    await open(page, path, obs, { scenario: 'clientCrash' });
    const control = page.getByRole(trigger.role, { name: trigger.name }).first();
    const found = await control.waitFor({ state: 'visible', timeout: patience(7_000) }).then(() => true, () => false);
    if (!found) obs.untested(`${path} has no visible ${trigger.role} named "${trigger.name}"`, 'name in clientCrash.trigger the control that makes the page throw while rendering in the browser, or name another page');
    const before = await visibleLines(page);
    if (before.includes(CLIENT_TEXT)) obs.untested(`${path} already shows the failure text before its ${trigger.role} is used`, 'name in clientCrash a page that works until its control is used');

    const errorsBefore = errors.length;
    await obs.waitFor(`a click on the ${trigger.role} "${trigger.name}" on ${path}`, () => control.click({ timeout: patience(10_000) }), 11_000);
    const lines = await sample(() => visibleLines(page), (l) => l.includes(CLIENT_TEXT), 7_000);
    const thrown = errors.slice(errorsBefore);
    await record(testInfo, 'client-failure', { url: page.url(), documentTitle: await page.title(), lines, errors: thrown });

    if (!lines.includes(CLIENT_TEXT)) {
      if (!thrown.length) obs.untested(`clicking the ${trigger.role} "${trigger.name}" on ${path} raised no exception in the browser (no page error or console error within ${patience(7_000) / 1000} s)`,
        'name in clientCrash a page and control that make the app throw while rendering in the browser');
    }
    obs.saw('exception', `${path}: after the ${trigger.role} "${trigger.name}"`);
    expect(lines, `expected the line "${CLIENT_TEXT}" after the crash, saw: ${near(lines)}`).toContain(CLIENT_TEXT);
    const digests = lines.filter((l) => DIGEST_LINE.test(l));
    obs.advise('a client-side failure shows no digest line', digests.length === 0, digests.length ? quoted(digests) : 'none');
  });

  test('a page whose own script fails to arrive while it loads shows exactly the client-side failure text', parts('client'), async ({ page, target, obs }, testInfo) => {
    const chosen = target.scenario('ownScript');
    const errors = exceptions(page);
    const failed = await failOwnScript(page, obs, target.url, chosen, 'ownScript');
    const lines = await sample(() => visibleLines(page).catch(() => [] as string[]), (l) => l.includes(CLIENT_TEXT), 7_000);
    await record(testInfo, 'client-failure', { url: page.url(), injected: failed.conditions, documentTitle: await page.title().catch(() => ''), before: failed.before, lines, errors });
    const path = chosen.page;
    const injected = failed.conditions.join('; ');
    if (!lines.includes(CLIENT_TEXT)) {
      // The page as it was (every line it showed before still shown): its rendering did not depend on the script.
      const unchanged = failed.before.length > 0 && failed.before.every((l) => lines.includes(l));
      if (unchanged) obs.untested(`${injected}; ${path} stayed as it was (${near(lines)}): its rendering did not fail, so no failure page was shown`,
        'name in ownScript an App Router page whose rendering in the browser needs a script of its own (a client component of that page)');
    }
    obs.saw('exception', `${path}: ${failed.conditions[0]}`);
    expect(lines, `expected the line "${CLIENT_TEXT}" after ${injected}, saw: ${near(lines)}`).toContain(CLIENT_TEXT);
    const digests = lines.filter((l) => DIGEST_LINE.test(l));
    obs.advise('a client-side failure shows no digest line', digests.length === 0, digests.length ? quoted(digests) : 'none');
  });

  test('in server delivery, a page that throws while rendering on the server shows exactly the server-side failure text, and a digest line right after it if any', parts('server', 'digest'), async ({ page, target, obs }, testInfo) => {
    if (target.mode !== 'server') {
      markInapplicable(testInfo, 'a static export renders every page at build time: a page that throws there fails the build, so no page can fail on a server at request time');
    }
    const { page: path } = target.scenario('serverCrash');
    // It answers 500 when it throws: an error path; another server's page is no evidence.
    const res = await open(page, path, obs, { scenario: 'serverCrash', errorPath: true });
    const status = res?.status();
    const lines = await sample(() => visibleLines(page), (l) => l.includes(SERVER_TEXT), 7_000);
    const at = lines.indexOf(SERVER_TEXT);
    const shownHeadings = await headings(page);
    await record(testInfo, 'server-failure', { url: page.url(), httpStatus: status, documentTitle: await page.title(), headings: shownHeadings, lines });

    if (at < 0 && (status === undefined || status < 500)) {
      obs.untested(`${path} did not fail on the server: it answered HTTP ${status ?? '(no answer)'} and shows no failure text (${near(lines)})`,
        'name in serverCrash a page that throws while rendering on the server');
    }
    await obs.part(part('server'), () => {
      // A throw that shows the generic error page of its status (a status-code heading and the table's
      // title: what R2.3 judges, e.g. the Pages Router's "500 | Internal Server Error") is not the
      // global failure page: the spec does not say which of the two a server-side throw shows.
      const code = shownHeadings.find((h) => STATUS_HEADING.test(h));
      const title = lines.find((l) => GENERIC_TITLES.some((t) => l.replace(/\.$/, '') === t));
      if (at < 0 && code && title) {
        obs.untested(`${path} (HTTP ${status}) shows the generic error page for ${code.trim()} ("${title}"), which R2.3 judges, not a global failure page`,
          'name in serverCrash a page whose server-side throw shows the global failure page (in Next.js, an App Router page; a Pages Router page shows the generic 500 page)');
      }
      obs.saw('page', `${path} (HTTP ${status ?? 'no answer'})`);
      expect(lines, `expected the line "${SERVER_TEXT}" on ${path} (HTTP ${status}), saw: ${near(lines)}`).toContain(SERVER_TEXT);
    });
    await obs.part(part('digest'), () => {
      const digests = lines.filter((l) => DIGEST_LINE.test(l));
      if (!digests.length) obs.absent(`${path} shows no digest line (the spec allows it to be absent)`);
      if (at < 0) obs.untested(`${path} shows a digest line (${quoted(digests)}) but not the failure text it would follow`, 'see the part "server"');
      obs.saw('page', `${path}: ${digests[0]}`);
      const next = lines[at + 1] ?? '(nothing)';
      expect(next, `expected the line right after the failure text to read "Digest: <value>", saw "${next}" (digest lines on the page: ${quoted(digests)})`).toMatch(/^Digest: \S/);
    });
  });
});
