import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test } from '../harness/fixtures';
import { profileGroupsNote } from '../observers/route-groups';
import { scenarioFor } from '../run/profile';
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
    // The subject is a page inside a route group: the profile's, or one whose own router tree names a group.
    const known = scenarioFor(target.profile, 'routeGroups', target.mode)?.pages ?? [];
    const inGroup = new Set<string>();
    const unconfirmed = new Set<string>();
    const results = walk.map((w) => {
      if (w.error) return { path: w.path, status: w.status, error: w.error };
      // Only the site's own pages are evidence (a host's error page is not): site-page.ts.
      if (!w.ofSite) return { path: w.path, status: w.status, notTheSitesPage: true };
      // The profile's word counts where the page's own router tree confirms it (a pass needs its subject).
      const groups = [...new Set(w.routeGroups ?? [])];
      for (const g of groups) inGroup.add(`${w.path} in ${g}`);
      for (const k of known.filter((x) => x.path === w.path && !groups.includes(x.group))) unconfirmed.add(`${k.path} in ${k.group}`);
      // Next 16's per-segment prefetch files name the groups of the pages they prefetch.
      for (const r of w.requests) for (const g of r.groups ?? []) if (r.pageDataOf) inGroup.add(`${r.pageDataOf} in ${g} (a per-segment prefetch file)`);
      const address = w.address ?? '';
      const sameOrigin = w.links.filter((h) => { try { return new URL(h.url).origin === origin; } catch { return false; } });
      const pageData = w.requests.filter((r) => r.pageDataOf !== undefined).map((r) => r.url);
      const bad = [
        ...(groupSegments(address).length ? [`address ${address}`] : []),
        ...sameOrigin.filter((h) => groupSegments(h.url).length).map((h) => `link href "${h.raw}"`),
        ...pageData.filter((u) => groupSegments(u).length).map((u) => `page-data request ${u}`),
      ];
      return { path: w.path, status: w.status, address, groups, links: sameOrigin.length, pageData: pageData.length, bad: bad.length ? [...new Set(bad)] : undefined };
    });
    await record(testInfo, 'every page', { ...coverage(sitePages), results });
    const ofSite = results.filter((r) => !('notTheSitesPage' in r) && !r.error).length;
    if (!inGroup.size) {
      const foreign = results.filter((r) => 'notTheSitesPage' in r).length;
      const none = `no route group was seen: ${profileGroupsNote(unconfirmed, `the profile names none of the ${sitePages.paths.length} listed pages (routeGroups)`)}, and the router trees of the ${ofSite} of them that are the site's own pages name no segment in parentheses${foreign ? ` (${foreign} answered with a page that is not this site's)` : ''}`;
      // Pages the profile names that are not in a group: the profile's to fix; else the site has none.
      if (unconfirmed.size) obs.untested(none, 'name in the profile (routeGroups) pages that live in a route group');
      obs.absent(none);
    }
    for (const g of inGroup) obs.saw('page', g);

    const bad = results.filter((r) => r.bad).map((r) => `${r.path}: ${r.bad!.join(', ')}`);
    expect(bad, 'pages showing a path segment in parentheses in their address, a same-origin link or a page-data request').toEqual([]);
    const notLoaded = results.filter((r) => r.error);
    if (notLoaded.length) obs.cantTell(`${notLoaded.length} of ${sitePages.paths.length} listed pages did not finish loading: ${notLoaded.slice(0, 3).map((r) => `${r.path} (${r.error})`).join('; ')}`);
  });
});
