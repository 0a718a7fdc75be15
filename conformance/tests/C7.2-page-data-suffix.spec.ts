import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { requestEvidence } from '../observers/evidence';
import { expect, test, type Page } from '../harness/fixtures';
import { clickLinkTo, linkTo, open, settle } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { readPageData } from '../observers/page-data';
import { type LoggedRequest, type RequestLog, wasCancelled } from '../observers/request-log';
import { pathOf, within } from '../observers/sample';
import { patience } from '../run/slow';
import { navigationFetches } from './navigation-fetches';

/** The path with a text suffix the spec asks for: /x → /x.txt, / → /index.txt. */
function withTextSuffix(path: string): string {
  const p = path.replace(/\/+$/, '');
  return p === '' ? '/index.txt' : `${p}.txt`;
}

/** C7.2 judges what the page-data requests ask for: their headers are kept with them. */
const evidence = (e: LoggedRequest): object => requestEvidence(e, { headers: true });

/** Status and content type are not stated by the clause: reported as advisories once the answer is in. */
async function adviseAnswer(obs: Observer, e: LoggedRequest): Promise<void> {
  const answered = await within(5_000, () => e.status !== undefined || e.failure !== undefined);
  if (!answered) return obs.advise(`the answer to ${e.url} is 200 with a text/* content type`, false, `no answer within ${patience(5_000) / 1000} s`);
  // A request the browser cancelled has no answer of the site to advise on: the request log says who cancelled it (observers/cancelled.ts).
  if (wasCancelled(e)) return;
  const type = e.responseHeaders?.['content-type'] ?? '(none)';
  obs.advise(`the answer to ${e.url} is 200 with a text/* content type`, e.status === 200 && /^text\//.test(type), `status ${e.status ?? e.failure}, content type ${type}`);
}

/**
 * Opens the first of the scenario's pages that shows a visible link to "/" once settled (any page
 * linking home will do: its prefetch or its click asks for the home page's data); when none does,
 * the first again, where clickLinkTo waits, bounded, for a script to add one. Returns the page and
 * the request-log mark taken just before its load.
 */
async function openLinkingHome(page: Page, log: RequestLog, obs: Observer, paths: string[]): Promise<{ from: string; mark: number }> {
  for (const from of paths) {
    const mark = log.mark();
    await open(page, from, obs, { scenario: 'pageData' });
    if (await linkTo(page, '/').count()) return { from, mark };
  }
  const mark = log.mark();
  await open(page, paths[0], obs, { scenario: 'pageData' });
  return { from: paths[0], mark };
}

// Each test observes both parts (one by one, in obs.part): a precondition it stops on before either is theirs.
describeClause('C7.2', ({ parts, part }) => {
  test('following a link to a page whose data is not cached requests the page path with a text suffix from the same origin', parts('own-origin', 'text-suffix'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await open(page, from, obs, { scenario: 'pageData' });
    const fetches = await navigationFetches(page, requestLog, obs, target, from, to);
    const origin = new URL(target.url).origin;
    const expected = withTextSuffix(to);
    await record(testInfo, 'page-data requests of the navigation', { from, to, expected, requests: fetches.map(evidence) });

    // Every page-data request the navigation made is judged, whatever its shape: the Pages Router's
    // /_next/data/<build>/x.json is this site's page data too.
    await obs.part(part('own-origin'), () => {
      for (const e of fetches) obs.saw('request', e.url);
      const elsewhere = fetches.filter((e) => new URL(e.url).origin !== origin).map((e) => e.url);
      expect(elsewhere, `expected the data of ${to} to be fetched from the site's own origin ${origin}; observed requests to ${elsewhere.join(', ')}`).toEqual([]);
    });
    await obs.part(part('text-suffix'), () => {
      for (const e of fetches) obs.saw('request', e.url);
      const paths = fetches.map((e) => new URL(e.url).pathname);
      const wrong = paths.filter((p) => p !== expected);
      expect(wrong, `expected the navigation to ${to} to request the page path with a text suffix (${expected}); observed ${paths.join(', ')}`).toEqual([]);
    });
    for (const e of fetches) await adviseAnswer(obs, e);
  });

  test('the home page\'s data is requested as /index.txt from the same origin', parts('own-origin', 'text-suffix'), async ({ page, target, requestLog, obs }, testInfo) => {
    const pair = target.scenario('pageData');
    const { from, mark } = await openLinkingHome(page, requestLog, obs, [pair.from, pair.to]);
    const click = requestLog.mark();
    // A link home is prefetched when it comes into view or, when it is not, its data is fetched
    // on the click: either way the whole page's data of / is asked for.
    await clickLinkTo(page, '/', obs);
    await obs.until(`the address to become / after clicking the link home on ${from}`, () => pathOf(page) === '/', 15_000);
    const forHome = requestLog.pageData(mark).filter((e) => readPageData(e)?.page === '/');
    const whole = forHome.filter((e) => readPageData(e)?.shape !== 'segment');
    await record(testInfo, 'page-data requests for /', { from, requests: forHome.map(evidence), documentsAfterClick: requestLog.documents(click).map((d) => d.url) });
    if (!whole.length) {
      obs.absent(
        forHome.length
          ? `the data of / was fetched only as per-segment prefetch files (${forHome.map((e) => new URL(e.url).pathname).join(', ')}), so no request for the page / itself was made`
          : `neither loading ${from} nor following its link home made a page-data request for /`,
      );
    }
    const origin = new URL(target.url).origin;
    await obs.part(part('own-origin'), () => {
      for (const e of whole) obs.saw('request', e.url);
      const elsewhere = whole.filter((e) => new URL(e.url).origin !== origin).map((e) => e.url);
      expect(elsewhere, `expected the data of / to be fetched from ${origin}; observed ${elsewhere.join(', ')}`).toEqual([]);
    });
    await obs.part(part('text-suffix'), () => {
      for (const e of whole) obs.saw('request', e.url);
      const paths = whole.map((e) => new URL(e.url).pathname);
      expect(paths.filter((p) => p !== '/index.txt'), `expected the data of the home page to be requested with a text suffix (/index.txt); observed ${paths.join(', ')}`).toEqual([]);
    });
    for (const e of whole) await adviseAnswer(obs, e);
  });

  test('every page-data request of a visit asks for a page path with a text suffix on the same origin', parts('own-origin', 'text-suffix'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await open(page, from, obs, { scenario: 'pageData' });
    await clickLinkTo(page, to, obs);
    await obs.until(`the address to become ${to} after clicking its link on ${from}`, () => pathOf(page) === to, 15_000);
    await settle(page, obs);
    // A navigation whose data was prefetched fetches none; the Links' prefetches start when the browser is
    // idle, later on a busy runner: a bounded moment for the first of them.
    const waitMs = 5_000;
    await within(waitMs, () => requestLog.pageData().length > 0);

    const all = requestLog.pageData();
    await record(testInfo, 'page-data requests', all.map(evidence));
    if (!(all.length > 0)) obs.untested(`visiting ${from} and following its link to ${to} made no page-data request within ${patience(waitMs) / 1000} s of the page settling`, `name in the profile (pageData) pages that navigate on the client side`);
    const origin = new URL(target.url).origin;
    // Every page-data request counts, whatever its shape (the Pages Router's /_next/data/<build>/x.json too).
    await obs.part(part('own-origin'), () => {
      for (const e of all) obs.saw('request', e.url);
      const elsewhere = all.filter((e) => new URL(e.url).origin !== origin).map((e) => e.url);
      expect(elsewhere, `expected every page-data request to go to ${origin}; observed ${elsewhere.join(', ')}`).toEqual([]);
    });
    await obs.part(part('text-suffix'), () => {
      for (const e of all) obs.saw('request', e.url);
      const wrong = all.filter((e) => !new URL(e.url).pathname.endsWith('.txt')).map((e) => new URL(e.url).pathname);
      expect(wrong, `expected every page-data request to ask for the page path with a text suffix (/x.txt); observed ${wrong.join(', ')}`).toEqual([]);
    });
  });
});
