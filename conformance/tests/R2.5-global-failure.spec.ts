import { clause, clauseTitle, markInapplicable, record } from '../harness/clause';
import { expect, test, type Page } from '../harness/fixtures';

// R2.5 "A global failure page reads: "Application error: a server-side (or client-side) exception has occurred
//       (see the server logs / browser console for more information)." It may add a digest line."
const CLIENT_TEXT = 'Application error: a client-side exception has occurred (see the browser console for more information).';
const SERVER_TEXT = 'Application error: a server-side exception has occurred (see the server logs for more information).';
const DIGEST_LINE = /^Digest:/;

/** The page's visible text, line by line (trimmed, empty lines dropped). */
async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

test.describe(clauseTitle('R2.5'), clause('R2.5'), () => {
  test('a render error in the browser shows exactly the client-side failure text and no digest line', async ({ page, target }, testInfo) => {
    const { page: path, trigger } = target.scenario('clientCrash');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(CLIENT_TEXT, { exact: true }), 'before the crash, no failure text').toHaveCount(0);

    await page.getByRole(trigger.role, { name: trigger.name }).click();

    await expect(page.getByText(CLIENT_TEXT, { exact: true })).toBeVisible();
    const lines = await visibleLines(page);
    await record(testInfo, 'client-failure', { url: page.url(), documentTitle: await page.title(), lines, errors });
    expect(lines, 'the failure text is one line that reads exactly as the spec').toContain(CLIENT_TEXT);
    expect(lines.filter((l) => DIGEST_LINE.test(l)), 'no digest line on a client-side failure').toEqual([]);
    await expect(page.getByText(SERVER_TEXT), 'not the server-side wording').toHaveCount(0);
  });

  test('in server delivery, a page that throws while rendering on the server shows the server-side failure text followed by a digest line', async ({ page, target, requestLog }, testInfo) => {
    if (target.mode !== 'server') {
      markInapplicable(testInfo, 'a static export renders every page at build time: a page that throws there fails the build, so no page can fail on a server at request time');
    }
    const { page: path } = target.scenario('serverCrash');
    const res = await page.goto(path);

    await expect(page.getByText(SERVER_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByText(DIGEST_LINE)).toBeVisible();
    const lines = await visibleLines(page);
    const at = lines.indexOf(SERVER_TEXT);
    const digestLine = lines[at + 1] ?? '';
    const digest = /^Digest: (.*)$/.exec(digestLine)?.[1]?.trim() ?? '';
    await record(testInfo, 'server-failure', {
      url: page.url(), httpStatus: res?.status(), documentTitle: await page.title(), lines, digest,
      documents: requestLog.documents().map((d) => ({ url: d.url, status: d.status })),
    });
    expect(at, 'the failure text is one line that reads exactly as the spec').toBeGreaterThanOrEqual(0);
    expect(digestLine, 'the line after the failure text is "Digest: <value>"').toMatch(/^Digest: \S/);
    expect(digest.length, 'the digest is not empty').toBeGreaterThan(0);
    await expect(page.getByText(CLIENT_TEXT), 'not the client-side wording').toHaveCount(0);
  });
});
