import { markInapplicable, record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { open, settle } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { headings, quoted } from '../observers/page-text';
import { sample } from '../observers/sample';
import { requireSitePage, siteFix } from '../observers/site-page';
import { expect, test, type Page, type SiteUnderTest } from '../harness/fixtures';
import type { PartId } from '../../spec/clauses';
import { patience } from '../run/slow';

/** The spec's table, one title per part of the clause (spec/clauses.ts): the codes it names, and any other. */
const TITLES: Record<PartId<'R2.3'>, string> = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  other: 'An unexpected error has occurred',
};
const TABLE_CODES = ['400', '404', '405', '500'] as const;
const ANY_OTHER = TITLES.other;
const ALL_TITLES = Object.values(TITLES);

/** The part (row of the table) a status code, as the profile writes it, belongs to. */
const rowOf = (code: number | string): PartId<'R2.3'> => TABLE_CODES.find((c) => c === String(code)) ?? 'other';
const titleFor = (code: number): string => TITLES[rowOf(code)];
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The title as shown: the table's text, a closing full stop allowed. */
const shownTitle = (title: string): RegExp => new RegExp(`^\\s*${escape(title)}\\.?\\s*$`);

interface ErrorView {
  /** Elements whose whole text is a three-digit code. */
  codes: string[];
  /** Titles of the table the page shows. */
  titles: string[];
  headings: string[];
  documentTitle: string;
}

async function view(page: Page): Promise<ErrorView> {
  const titles: string[] = [];
  for (const t of ALL_TITLES) {
    if (await page.getByText(shownTitle(t)).filter({ visible: true }).count()) titles.push(t);
  }
  const codes = (await page.getByText(/^\s*[1-5]\d\d\s*$/).filter({ visible: true }).allInnerTexts()).map((s) => s.trim());
  return { codes: [...new Set(codes)], titles, headings: await headings(page), documentTitle: await page.title() };
}

const shows = (v: ErrorView): string => `headings ${quoted(v.headings)}; titles of the table shown: ${quoted(v.titles)}`;

/** The generic error page for `code`: the code, the row's title, no other title of the table. */
function judge(v: ErrorView, code: number, where: string, obs: Observer): void {
  const title = titleFor(code);
  obs.advise(`the document title carries the code and the title (${code})`, v.documentTitle.includes(String(code)) && v.documentTitle.includes(title), `document title "${v.documentTitle}"`);
  expect(v.codes, `expected ${where} to show the code ${code}, saw ${shows(v)}`).toContain(String(code));
  expect(v.titles, `expected ${where} to show the title "${title}" (the table's title for ${code}), saw ${shows(v)}`).toContain(title);
  const others = v.titles.filter((t) => t !== title);
  expect(others, `expected ${where} to show no other title of the table than "${title}", but it also shows ${quoted(others)}`).toEqual([]);
}

/** Loads the profile's page for `code` and judges it; a page that is not there leaves the row untested. */
async function checkStatusPage(page: Page, obs: Observer, code: number, path: string): Promise<Record<string, unknown>> {
  // Any status will do (a real 404 page may stand for its row); another server's page is no evidence.
  const res = await open(page, path, obs, { scenario: 'statusPages', errorPath: true });
  const status = res?.status();
  const v = await sample(() => view(page), (x) => x.codes.includes(String(code)) && x.titles.length > 0, 5_000);
  const evidence = { code, path, httpStatus: status, ...v };
  const fix = `point statusPages.pages["${code}"] at a page of the site that shows the generic error page for ${code}, or leave the code out`;
  if (code !== 404 && status === 404 && v.codes.includes('404') && !v.codes.includes(String(code))) {
    obs.untested(`the profile's page for ${code}, ${path}, answered HTTP 404 with the not-found page (the page is missing)`, fix);
  }
  if (!v.codes.length && !v.titles.length) {
    obs.untested(`the profile's page for ${code}, ${path}, shows no generic error page (no status code and none of the table's titles; headings ${quoted(v.headings)})`, fix);
  }
  obs.saw('page', `${path} (for ${code}, HTTP ${status ?? 'no answer'})`);
  judge(v, code, `the status page ${path}`, obs);
  return evidence;
}

/** The profile's status pages; `row`: the row the test needs, whose kind of not judged it is when the profile has none. */
function statusPages(target: SiteUnderTest, row?: PartId<'R2.3'>): Record<string, string> {
  return target.scenario('statusPages', row ? `statusPages.${row}` : undefined).pages;
}

function serverOnly(target: SiteUnderTest, info: Parameters<typeof markInapplicable>[0]): void {
  if (target.mode !== 'server') {
    markInapplicable(info, 'real error answers come from a server rendering per request; a static export is served as files by a plain static server, whose status codes are not the site\'s');
  }
}

/** Requests whose real answer may be a generic error page (server delivery). The usual status is advisory. */
const REAL: { key: 'malformedUrl' | 'postToStatic' | 'unknownPath' | 'throwingPage'; what: string; usual: number; post?: boolean }[] = [
  { key: 'malformedUrl', what: 'a malformed URL', usual: 400 },
  { key: 'postToStatic', what: 'a POST to a static page', usual: 405, post: true },
  { key: 'unknownPath', what: 'an unknown path', usual: 404 },
  { key: 'throwingPage', what: 'a page whose data fetching throws', usual: 500 },
];

describeClause('R2.3', ({ parts, part }) => {
  for (const row of TABLE_CODES) {
    const code = Number(row);
    test(`the generic error page for ${code} shows the code and the title "${TITLES[row]}"`, parts(row), async ({ page, target, obs }, testInfo) => {
      const path = statusPages(target, row)[row];
      if (!path) return target.lacking(`statusPages.${row}`, `the profile names no page for status ${code} (statusPages.pages has ${quoted(Object.keys(statusPages(target)))})`,
        `name in statusPages.pages["${code}"] a page of the site that shows the generic error page for ${code}, or leave the code out`);
      await record(testInfo, `status-page-${code}`, await checkStatusPage(page, obs, code, path));
    });
  }

  test(`the generic error page for a code outside the table shows the code and the title "${ANY_OTHER}"`, parts('other'), async ({ page, target, obs }, testInfo) => {
    const pages = statusPages(target, 'other');
    const codes = Object.keys(pages).filter((c) => rowOf(c) === 'other').map(Number);
    if (!codes.length) target.lacking('statusPages.other', `the profile names no status page for a code outside the table (it has ${quoted(Object.keys(pages))})`,
      'name in statusPages.pages a code such as 418 with a page of the site that shows the generic error page for it');
    const seen: Record<string, unknown>[] = [];
    try {
      for (const code of codes) {
        await obs.part(part('other'), async () => { seen.push(await checkStatusPage(page, obs, code, pages[String(code)])); });
      }
    } finally {
      await record(testInfo, 'status-pages-other', seen);
    }
  });

  for (const r of REAL) {
    test(`in server delivery, a generic error page answered to ${r.what} shows the title of the status it answered`, async ({ page, target, obs, requestLog }, testInfo) => {
      serverOnly(target, testInfo);
      const path = target.scenario('realStatuses')[r.key];
      if (!path) return target.lacking(`realStatuses.${r.key}`, `the profile gives no realStatuses.${r.key} (${r.what})`, `add realStatuses.${r.key}, or leave it out: this request then adds no observation`);
      const mark = requestLog.mark();
      let status: number | undefined;
      if (r.post) {
        // The POST made by the browser (a form submission), and what it shows.
        const answered = page.waitForResponse((x) => x.request().isNavigationRequest() && x.request().method() === 'POST', { timeout: patience(15_000) });
        await page.setContent(`<form method="post" action="${target.abs(path)}"><input name="conformance" value="1"></form>`);
        await page.evaluate(() => document.querySelector('form')!.submit());
        status = (await obs.waitFor(`the answer to the browser's POST ${path}`, () => answered, 16_000)).status();
        await settle(page, obs);
        await requireSitePage(page, obs, { path: `POST ${path}`, status, errorPath: true, fix: siteFix('realStatuses') });
      } else {
        status = (await open(page, path, obs, { scenario: 'realStatuses', errorPath: true }))?.status();
      }
      const request = `${r.post ? 'POST' : 'GET'} ${path}`;
      obs.advise(`${r.what} answers ${r.usual}`, status === r.usual, `${request} answered HTTP ${status ?? '(no answer)'}`);
      const v = await sample(() => view(page), (x) => x.codes.length > 0 && x.titles.length > 0, 5_000);
      await record(testInfo, r.key, {
        request, httpStatus: status, ...v,
        documents: requestLog.documents(mark).map((d) => ({ method: d.method, url: d.url, status: d.status })),
      });
      if (status === undefined || status < 400) {
        return obs.untested(`${r.what} (${request}) answered HTTP ${status ?? '(no answer)'}, not an error status`, `name in realStatuses.${r.key} a request the site answers with an error status, or leave it out`);
      }
      if (!v.codes.length) obs.untested(`the answer to ${r.what} (${request}, HTTP ${status}) is not a generic error page: it shows no status code (headings ${quoted(v.headings)})`,
        `name in realStatuses.${r.key} a request whose answer is the generic error page, or leave it out`);
      await obs.part(rowOf(status), () => {
        obs.saw('answer', `${request} (HTTP ${status})`);
        judge(v, status, `the answer to ${request} (HTTP ${status})`, obs);
      });
    });
  }
});
