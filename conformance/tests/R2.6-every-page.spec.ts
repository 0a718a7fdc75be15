import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test } from '../harness/fixtures';
import { coverage, sitePagesOf, walkOf } from './every-page';

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

describeClause('R2.6', ({ parts }) => {
  test('on every listed page, the address, every same-origin link and every page-data request are free of segments in parentheses', parts('addresses'), async ({ browser, target, obs }, testInfo) => {
    const sitePages = sitePagesOf(target, obs);
    const origin = new URL(target.url).origin;
    const walk = await walkOf(browser, target, sitePages, testInfo);
    const results = walk.map((w) => {
      if (w.error) return { path: w.path, status: w.status, error: w.error };
      const address = w.address ?? '';
      const sameOrigin = w.links.filter((h) => { try { return new URL(h.url).origin === origin; } catch { return false; } });
      const pageData = w.requests.filter((r) => r.pageDataOf !== undefined).map((r) => r.url);
      const bad = [
        ...(groupSegments(address).length ? [`address ${address}`] : []),
        ...sameOrigin.filter((h) => groupSegments(h.url).length).map((h) => `link href "${h.raw}"`),
        ...pageData.filter((u) => groupSegments(u).length).map((u) => `page-data request ${u}`),
      ];
      return { path: w.path, status: w.status, address, links: sameOrigin.length, pageData: pageData.length, bad: bad.length ? [...new Set(bad)] : undefined };
    });
    await record(testInfo, 'every page', { ...coverage(sitePages), results });

    const bad = results.filter((r) => r.bad).map((r) => `${r.path}: ${r.bad!.join(', ')}`);
    expect(bad, 'pages showing a path segment in parentheses in their address, a same-origin link or a page-data request').toEqual([]);
    const notLoaded = results.filter((r) => r.error);
    if (notLoaded.length) obs.cantTell(`${notLoaded.length} of ${sitePages.paths.length} listed pages did not finish loading: ${notLoaded.slice(0, 3).map((r) => `${r.path} (${r.error})`).join('; ')}`);
  });
});
