import { clause, clauseTitle, record } from '../harness/clause';
import { settle, clickLinkTo } from '../harness/navigation';
import { expect, test } from '../harness/fixtures';
import type { LoggedRequest } from '../harness/request-log';

// C7.2 "The product fetches the data of a page from its own origin when navigating. It requests the page path with a text suffix,"

/** The path with a text suffix the spec asks for: /x → /x.txt, / → /index.txt. */
function withTextSuffix(path: string): string {
  const p = path.replace(/\/+$/, '');
  return p === '' ? '/index.txt' : `${p}.txt`;
}

/** Waits until the request's answer has arrived (the log fills in its status and headers). */
async function answered(e: LoggedRequest): Promise<LoggedRequest> {
  await expect.poll(() => e.status ?? e.failure, `an answer to ${e.url}`).toBeTruthy();
  expect(e.failure, `${e.url} did not fail`).toBeUndefined();
  return e;
}

function evidence(e: LoggedRequest): object {
  return { method: e.method, url: e.url, status: e.status, headers: e.headers, contentType: e.responseHeaders?.['content-type'] };
}

test.describe(clauseTitle('C7.2'), clause('C7.2'), () => {
  test('following a link to a page whose data is not cached requests the page path with a text suffix from the same origin', async ({ page, target, requestLog }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await page.goto(from);
    await settle(page);
    const mark = requestLog.mark();

    await clickLinkTo(page, to);
    const expected = withTextSuffix(to);
    await expect.poll(() => requestLog.pageData(mark).map((e) => new URL(e.url).pathname), `page-data requests after clicking the link to ${to}`).toContain(expected);
    await expect(page).toHaveURL(target.abs(to));
    const req = await answered(requestLog.pageData(mark).find((e) => new URL(e.url).pathname === expected)!);
    const url = new URL(req.url);
    await record(testInfo, 'page-data request', { from, to, expected, request: evidence(req), allPageData: requestLog.pageData(mark).map(evidence) });

    expect(url.origin, 'the page data comes from the site\'s own origin').toBe(new URL(target.url).origin);
    expect(req.method).toBe('GET');
    expect(req.status, `status of ${req.url}`).toBe(200);
    expect(req.responseHeaders?.['content-type'] ?? '', `content type of ${req.url}`).toMatch(/^text\//);
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests after the click').toEqual([]);
  });

  test('the home page\'s data is requested as /index.txt from the same origin', async ({ page, target, requestLog }, testInfo) => {
    const { from } = target.scenario('pageData');
    const mark = requestLog.mark();
    await page.goto(from);
    await settle(page);
    const click = requestLog.mark();

    // A link home is prefetched when it comes into view (a page-data fetch of the home page) or,
    // when it is not, its data is fetched on the click: either way the request must be /index.txt.
    await clickLinkTo(page, '/');
    await expect.poll(() => requestLog.pageData(mark).map((e) => new URL(e.url).pathname), 'page-data requests while visiting the page and following its link home').toContain('/index.txt');
    await expect(page).toHaveURL(target.abs('/'));

    const req = await answered(requestLog.pageData(mark).find((e) => new URL(e.url).pathname === '/index.txt')!);
    await record(testInfo, 'page-data requests', { from, request: evidence(req), allPageData: requestLog.pageData(mark).map(evidence) });

    expect(new URL(req.url).origin, 'the page data comes from the site\'s own origin').toBe(new URL(target.url).origin);
    expect(req.status, `status of ${req.url}`).toBe(200);
    expect(req.responseHeaders?.['content-type'] ?? '', `content type of ${req.url}`).toMatch(/^text\//);
    expect(requestLog.documents(click).map((d) => d.url), 'document requests after the click on the link home').toEqual([]);
  });

  test('every page-data request of a visit asks for a page path with a text suffix on the same origin', async ({ page, target, requestLog }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await page.goto(from);
    await settle(page);
    await clickLinkTo(page, to);
    await settle(page);
    await expect(page).toHaveURL(target.abs(to));

    const all = requestLog.pageData();
    await record(testInfo, 'page-data requests', all.map(evidence));
    expect(all.length, 'page-data requests seen while visiting two pages').toBeGreaterThan(0);
    const origin = new URL(target.url).origin;
    const wrong = all.filter((e) => new URL(e.url).origin !== origin || !new URL(e.url).pathname.endsWith('.txt')).map((e) => e.url);
    expect(wrong, 'page-data requests not for <path>.txt on the site\'s origin').toEqual([]);
  });
});
