import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import fc from 'fast-check';
import { clause, clauseTitle, markInapplicable, markUntested, record } from '../harness/clause';
import { expect, test, type Page, type Target } from '../harness/fixtures';

// R2.3 "Generic error page: its title depends on the status code."
//      "| 400 | Bad Request |" "| 404 | This page could not be found |" "| 405 | Method Not Allowed |"
//      "| 500 | Internal Server Error |" "| any other | An unexpected error has occurred |"

/** The spec's table. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};
const ANY_OTHER = 'An unexpected error has occurred';
const ALL_TITLES = [...Object.values(TITLES), ANY_OTHER];

const titleFor = (code: number): string => TITLES[code] ?? ANY_OTHER;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The title as shown: the table's text, a closing full stop allowed. */
const shownTitle = (title: string): RegExp => new RegExp(`^\\s*${escape(title)}\\.?\\s*$`);

/**
 * What the generic error page for `code` must show: a heading that is the code, the table's
 * title for it (and no other title of the table), and a document title carrying both.
 */
async function expectErrorPage(page: Page, code: number): Promise<{ documentTitle: string }> {
  const title = titleFor(code);
  await expect(page.getByRole('heading', { name: String(code), exact: true }), `heading "${code}"`).toBeVisible();
  await expect(page.getByText(shownTitle(title)).first(), `title "${title}" for ${code}`).toBeVisible();
  for (const other of ALL_TITLES.filter((t) => t !== title)) {
    await expect(page.getByText(shownTitle(other)), `the page for ${code} must not show "${other}"`).toHaveCount(0);
  }
  await expect(page, `document title for ${code}`).toHaveTitle(new RegExp(`\\b${code}\\b`));
  await expect(page, `document title for ${code}`).toHaveTitle(new RegExp(escape(title)));
  return { documentTitle: await page.title() };
}

function serverOnly(target: Target, info: Parameters<typeof markInapplicable>[0]): void {
  if (target.mode !== 'server') {
    markInapplicable(info, 'real 400/405/500 answers come from a server rendering per request; a static export is served as files by a plain static server, so its status codes are not the site\'s (R2.2 covers its 404)');
  }
}

/** One request sent exactly as written (no URL normalisation), answered status and body. */
function rawRequest(url: string, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const base = new URL(url);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({ host: base.hostname, port: base.port, method, path, headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe(clauseTitle('R2.3'), clause('R2.3'), () => {
  test('every status page the profile names shows its code and the title from the table, also in the document title', async ({ page, target }, testInfo) => {
    const { pages } = target.scenario('statusPages');
    const codes = Object.keys(pages).map(Number);
    expect(codes.length, 'the profile names at least one status page').toBeGreaterThan(0);
    const seen: Record<string, { path: string; httpStatus?: number; documentTitle: string }> = {};
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...codes), async (code) => {
        const path = pages[String(code)];
        const res = await page.goto(path);
        const { documentTitle } = await expectErrorPage(page, code);
        seen[code] = { path, httpStatus: res?.status(), documentTitle };
      }),
      // Every code once as an example, then random draws; stop at the first failure (no shrinking).
      { examples: codes.map((c) => [c] as [number]), numRuns: codes.length, endOnFailure: true },
    );
    await record(testInfo, 'status-pages', seen);
  });

  test('in server delivery, a malformed URL answers 400 and shows "Bad Request"', async ({ page, target, requestLog }, testInfo) => {
    serverOnly(target, testInfo);
    const { malformedUrl } = target.scenario('realStatuses');
    if (!malformedUrl) markUntested(testInfo, 'the profile gives no malformed URL');
    const raw = await rawRequest(target.url, malformedUrl);
    expect(raw.status, `HTTP status of ${malformedUrl} sent as written`).toBe(400);
    const mark = requestLog.mark();
    const res = await page.goto(malformedUrl);
    const onWire = requestLog.documents(mark).map((d) => ({ url: d.url, status: d.status }));
    await record(testInfo, 'malformed-url', { path: malformedUrl, raw: raw.status, browser: onWire });
    expect(res?.status(), `HTTP status of ${malformedUrl} loaded in the browser (sent as ${onWire[0]?.url})`).toBe(400);
    await expectErrorPage(page, 400);
  });

  test('in server delivery, a POST to a static page answers 405 and shows "Method Not Allowed"', async ({ page, target, requestLog }, testInfo) => {
    serverOnly(target, testInfo);
    const { postToStatic } = target.scenario('realStatuses');
    if (!postToStatic) markUntested(testInfo, 'the profile gives no static page to POST to');
    const api = await page.request.post(target.abs(postToStatic), { form: { conformance: '1' }, maxRedirects: 0 });
    expect(api.status(), `HTTP status of POST ${postToStatic}`).toBe(405);
    // The same POST made by the browser (a form submission), and what it shows.
    await page.goto('about:blank');
    const mark = requestLog.mark();
    const answered = page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().method() === 'POST');
    await page.setContent(`<form method="post" action="${target.abs(postToStatic)}"><input name="conformance" value="1"></form>`);
    await page.evaluate(() => document.querySelector('form')!.submit());
    const res = await answered;
    expect(res.status(), `HTTP status of the browser's POST ${postToStatic}`).toBe(405);
    await expect(page).toHaveURL(target.abs(postToStatic));
    const { documentTitle } = await expectErrorPage(page, 405);
    await record(testInfo, 'post-to-static', {
      path: postToStatic, status: api.status(), allow: api.headers()['allow'], documentTitle,
      browser: requestLog.documents(mark).map((d) => ({ method: d.method, url: d.url, status: d.status })),
    });
  });

  test('in server delivery, an unknown path answers 404 and shows "This page could not be found"', async ({ page, target }, testInfo) => {
    serverOnly(target, testInfo);
    const { unknownPath } = target.scenario('realStatuses');
    if (!unknownPath) markUntested(testInfo, 'the profile gives no unknown path');
    const res = await page.goto(unknownPath);
    expect(res?.status(), `HTTP status of ${unknownPath}`).toBe(404);
    const { documentTitle } = await expectErrorPage(page, 404);
    await record(testInfo, 'unknown-path', { path: unknownPath, status: res?.status(), documentTitle });
  });

  test('in server delivery, a page whose data fetching throws answers 500 and shows "Internal Server Error"', async ({ page, target }, testInfo) => {
    serverOnly(target, testInfo);
    const { throwingPage } = target.scenario('realStatuses');
    if (!throwingPage) markUntested(testInfo, 'the profile gives no throwing page');
    const res = await page.goto(throwingPage);
    expect(res?.status(), `HTTP status of ${throwingPage}`).toBe(500);
    const { documentTitle } = await expectErrorPage(page, 500);
    await record(testInfo, 'throwing-page', { path: throwingPage, status: res?.status(), documentTitle });
  });
});
