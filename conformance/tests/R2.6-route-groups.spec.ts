import { getAsSite } from '../access/browser';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { clickLinkTo, open, settle, waitForAddress } from '../observers/navigation';
import { quoted } from '../observers/page-text';
import { expect, test, type Page } from '../harness/fixtures';
import { readPageData } from '../observers/page-data';
import { groupsInFlightText, groupsInSegment, groupsInStateTree, groupsOfDocument, profileGroupsNote } from '../observers/route-groups';
import { scenarioFor } from '../run/profile';
import { patience } from '../run/slow';

/** A path segment written in parentheses, e.g. "(site)" or "%28site%29". */
function groupSegments(url: string): string[] {
  return new URL(url).pathname.split('/').filter((seg) => {
    let s = seg;
    try { s = decodeURIComponent(seg); } catch { /* keep it as written */ }
    return /^\(.+\)$/.test(s);
  });
}

/** The hrefs of every link on the page, resolved, with the attribute as written. */
async function linkHrefs(page: Page): Promise<{ raw: string; url: string }[]> {
  return page.locator('a[href]').evaluateAll((els) =>
    els.map((el) => ({ raw: el.getAttribute('href') ?? '', url: (el as HTMLAnchorElement).href })));
}

/** The page's path with the group segment inserted at every position: /a/b → /(g)/a/b, /a/(g)/b, /a/b/(g). */
function withGroupInserted(path: string, group: string): string[] {
  const segs = path.split('/').filter(Boolean);
  return Array.from({ length: segs.length + 1 }, (_, i) => `/${[...segs.slice(0, i), group, ...segs.slice(i)].join('/')}`);
}

const pathOf = (url: string): string => { const u = new URL(url); return u.pathname + u.search; };
const safeDecode = (s: string): string => { try { return decodeURIComponent(s); } catch { return s; } };

describeClause('R2.6', ({ parts }) => {
  test('no address, link or page-data request seen while visiting the site has a segment in parentheses', parts('addresses'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { chain } = target.scenario('navigation');
    // The clause's subject is a page inside a route group: known from the profile, or named by the
    // router state the site sends (route-groups.ts). A site with none (e.g. only Pages Router) has nothing to judge.
    const known = scenarioFor(target.profile, 'routeGroups', target.mode)?.pages ?? [];
    const origin = new URL(target.url).origin;
    const addresses: string[] = [];
    /** Same-origin link URL → where it was seen, as written. */
    const links = new Map<string, string>();
    const otherLinks = new Set<string>();
    /** Where a page inside a route group was seen: "<path> in <group> (how)". */
    const inGroup = new Set<string>();
    /** The profile's grouped pages whose own router tree names no such group. */
    const unconfirmed = new Set<string>();
    const collect = async (loaded: boolean) => {
      const path = pathOf(page.url());
      addresses.push(page.url());
      // A document's flight data names its own router tree; after a client navigation it still names the first page's.
      // The profile's word that a page is in a group counts only where that tree confirms it (a pass needs its subject).
      const tree = loaded ? await groupsOfDocument(page) : [];
      for (const g of tree) inGroup.add(`${path} in ${g} (its router tree)`);
      for (const k of known.filter((g) => loaded && g.path === new URL(page.url()).pathname)) {
        if (!tree.includes(k.group)) unconfirmed.add(`${k.path} in ${k.group}`);
      }
      for (const h of await linkHrefs(page)) {
        if (/^https?:/.test(h.url) && new URL(h.url).origin === origin) {
          if (!links.has(h.url)) links.set(h.url, `link href "${h.raw}" on ${pathOf(page.url())}`);
        } else otherLinks.add(h.url);
      }
    };

    try {
      // Through the site by following links, then each grouped page loaded directly.
      await open(page, chain[0], obs, { scenario: 'navigation' });
      await collect(true);
      for (const next of chain.slice(1)) {
        await clickLinkTo(page, next, obs);
        await waitForAddress(page, next, obs, `clicking its link on ${pathOf(page.url())}`);
        await settle(page, obs);
        await collect(false);
      }
      for (const { path } of known) {
        await open(page, path, obs, { scenario: 'routeGroups' });
        await collect(true);
      }
    } finally {
      await record(testInfo, 'checked', {
        addresses, hrefs: [...links.keys()], otherHrefs: [...otherLinks], pageData: requestLog.pageData().map((e) => e.url), pagesInGroups: [...inGroup],
      });
    }

    const pageData = requestLog.pageData();
    for (const e of pageData) {
      // The router state a navigation sends is the tree of the page it leaves (Next-Url names that page).
      const from = e.headers['next-url'] ? safeDecode(e.headers['next-url']) : 'the page navigated from';
      for (const g of groupsInStateTree(e)) inGroup.add(`${from} in ${g} (the router state sent with ${pathOf(e.url)})`);
      for (const g of groupsInSegment(e)) inGroup.add(`${readPageData(e)!.page} in ${g} (a per-segment prefetch file)`);
    }
    if (!inGroup.size) {
      const none = `no route group was seen: ${profileGroupsNote(unconfirmed, 'the profile names none (routeGroups)')}, and neither the router trees of the ${addresses.length} pages visited nor their ${pageData.length} page-data requests named a segment in parentheses`;
      // Pages the profile names that are not in a group: the profile's to fix; else the site has none.
      if (unconfirmed.size) obs.untested(none, 'name in the profile (routeGroups) pages that live in a route group');
      obs.absent(none);
    }
    for (const w of inGroup) obs.saw('page', w);
    const bad = [
      ...addresses.filter((u) => groupSegments(u).length).map((u) => `address ${u}`),
      ...[...links].filter(([u]) => groupSegments(u).length).map(([, seen]) => seen),
      ...pageData.map((e) => e.url).filter((u) => groupSegments(u).length).map((u) => `page-data request ${u}`),
    ];
    expect(bad, `expected no path segment in parentheses in the ${addresses.length} addresses, ${links.size} link hrefs and ${pageData.length} page-data requests seen, saw: ${quoted(bad)}`).toEqual([]);
  });

  test('a page inside a route group answers at its address without the group', parts('grouped-pages'), async ({ page, target, obs }, testInfo) => {
    const { pages } = target.scenario('routeGroups');
    const checked: { url: string; status: number }[] = [];
    const get = async (path: string) => {
      const res = await obs.waitFor(`the answer to GET ${path}`, () => getAsSite(page.request, target.abs(path), { timeout: patience(10_000) }), 11_000);
      checked.push({ url: path, status: res.status() });
      return res;
    };
    const status = async (path: string): Promise<number> => (await get(path)).status();
    /** The page's status and the route groups its inline flight data (its router tree) names. */
    const answer = async (path: string): Promise<{ status: number; groups: string[] }> => {
      const res = await get(path);
      // A body that cannot be read is no observation of the site (never "names no group"): cantTell, naming it.
      const text = await obs.waitFor(`the body of GET ${path}`, () => res.text(), 10_000);
      return { status: res.status(), groups: groupsInFlightText(text) };
    };
    try {
      for (const { path, group } of pages) {
        const { status: plain, groups } = await answer(path);
        const grouped: { url: string; status: number }[] = [];
        for (const url of withGroupInserted(path, group)) grouped.push({ url, status: await status(url) });
        for (const g of grouped) obs.advise(`the address with the group inserted answers 404 (${g.url})`, g.status === 404, `HTTP ${g.status}`);
        // The profile's word counts where the page's own router tree (its flight data) names the group.
        if (plain < 400 && groups.includes(group)) obs.saw('page', `${path} in ${group} (HTTP ${plain}, its router tree)`);
        if (plain < 400 && !groups.includes(group)) {
          obs.untested(`the profile's grouped page ${path} answers HTTP ${plain}, but its router tree names no group ${group}${groups.length ? ` (it names ${groups.join(', ')})` : ''}: it is not in that route group`,
            'name in routeGroups.pages pages that live in a route group, with the folder name of their group');
        }
        if (plain >= 400) {
          const answering = grouped.filter((g) => g.status < 400);
          expect(answering.map((g) => `${g.url} answered HTTP ${g.status}`),
            `expected ${path} (in the group ${group}) to answer at its address without the group; it answered HTTP ${plain}, while the addresses with the group answered`).toEqual([]);
          obs.untested(`the profile's grouped page ${path} answers HTTP ${plain}, and so does every address with ${group} inserted: the page is not there`,
            'name in routeGroups.pages pages the site has, with the folder name of their group');
        }
      }
    } finally {
      await record(testInfo, 'checked', checked);
    }
  });
});
