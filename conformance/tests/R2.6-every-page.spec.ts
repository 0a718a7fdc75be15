import { clause, clauseTitle, parts, record } from '../harness/clause';
import { readPageData, requestLike } from '../harness/page-data';
import { expect, test } from '../harness/fixtures';
import { coverage, eachSitePage, sitePagesOf } from './every-page';

// R2.6 "Path segments written in parentheses are route groups and do not appear in the address."
// Checked on every page the profile lists (sitePages; discovery lists every crawled page).

/** Path segments written in parentheses, e.g. "(site)" or "%28site%29". */
function groupSegments(url: string): string[] {
  let path: string;
  try { path = new URL(url).pathname; } catch { return []; }
  return path.split('/').filter((seg) => {
    let s = seg;
    try { s = decodeURIComponent(seg); } catch { /* keep it as written */ }
    return /^\(.+\)$/.test(s);
  });
}

test.describe(clauseTitle('R2.6'), clause('R2.6'), () => {
  test('on every listed page, the address, every same-origin link and every page-data request are free of segments in parentheses', parts('addresses'), async ({ page, target, obs }, testInfo) => {
    const sitePages = sitePagesOf(target, obs);
    const origin = new URL(target.url).origin;
    const results: { path: string; status?: number; address?: string; links?: number; pageData?: number; bad?: string[]; error?: string }[] = [];

    const loaded = await eachSitePage(page, sitePages.paths, async (l) => {
      const address = page.url();
      const hrefs = await page.locator('a[href]').evaluateAll((els) => els.map((el) => ({ raw: el.getAttribute('href') ?? '', url: (el as HTMLAnchorElement).href })));
      const sameOrigin = hrefs.filter((h) => { try { return new URL(h.url).origin === origin; } catch { return false; } });
      const pageData = l.requests.filter((r) => readPageData(requestLike(r))).map((r) => r.url());
      const bad = [
        ...(groupSegments(address).length ? [`address ${address}`] : []),
        ...sameOrigin.filter((h) => groupSegments(h.url).length).map((h) => `link href "${h.raw}"`),
        ...pageData.filter((u) => groupSegments(u).length).map((u) => `page-data request ${u}`),
      ];
      results.push({ path: l.path, status: l.status, address, links: sameOrigin.length, pageData: pageData.length, bad: bad.length ? [...new Set(bad)] : undefined });
    });
    for (const l of loaded.filter((x) => x.error)) results.push({ path: l.path, status: l.status, error: l.error });
    await record(testInfo, 'every page', { ...coverage(sitePages), results });

    const bad = results.filter((r) => r.bad).map((r) => `${r.path}: ${r.bad!.join(', ')}`);
    expect(bad, 'pages showing a path segment in parentheses in their address, a same-origin link or a page-data request').toEqual([]);
    const notLoaded = results.filter((r) => r.error);
    if (notLoaded.length) obs.cantTell(`${notLoaded.length} of ${sitePages.paths.length} listed pages did not finish loading: ${notLoaded.slice(0, 3).map((r) => `${r.path} (${r.error})`).join('; ')}`);
  });
});
