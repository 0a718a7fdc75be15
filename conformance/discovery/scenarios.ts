import type { Scenarios } from '../run/profile';
import type { ClickFact, Crawl, CrawledLink, CrawledPage } from '../crawl/model';
import { groupByShape } from '../crawl/shape';
import type { Unfilled } from './types';

/**
 * Fills the profile's scenarios from what a crawl saw — pure, so every rule is unit-tested on a
 * synthetic crawl. Each picker states what the scenario needs; when nothing on the site fits, the
 * scenario is listed as unfilled with that need (its clauses are then `untested` with that reason).
 *
 * "Router link": a link whose target's page data was requested (prefetched) while the page was in
 * view or scrolled through — proof that the router, not a plain <a>, handles it. Links used for
 * clicking must be written exactly as the target's path (the tests find them by `a[href="…"]`).
 */

export interface Filled {
  scenarios: Scenarios;
  unfilled: Unfilled[];
  /** How a scenario was chosen, when that is worth saying (e.g. proposed from a button name). */
  notes: Record<string, string>;
}

/** Pages of one route shape checked by the every-page tests. */
export const SITE_PAGES_PER_SHAPE = 3;

const GENERIC_TITLES = ['Bad Request', 'This page could not be found', 'Method Not Allowed', 'Internal Server Error', 'An unexpected error has occurred'];

export const ok = (p: CrawledPage | undefined): p is CrawledPage => !!p && p.status === 200 && !p.error && !p.finalPath;
export const arPage = (p: CrawledPage | undefined): p is CrawledPage => ok(p) && p.appRouter && p.hydrated;
export const prPage = (p: CrawledPage | undefined): p is CrawledPage => ok(p) && p.pagesRouter && p.hydrated;
/** Clickable as the tests click: visible, href written as the path itself. */
export const clickable = (l: CrawledLink): boolean => l.visible && l.href === l.path;
const routerLink = (l: CrawledLink): boolean => clickable(l) && (l.prefetched || l.prefetchedOnScroll);
export const neverPrefetched = (l: CrawledLink): boolean => clickable(l) && !l.prefetched && !l.prefetchedOnScroll;
/** `from` has a clickable link to `path`. */
export const linksTo = (from: CrawledPage, path: string, pred: (l: CrawledLink) => boolean = clickable): boolean => from.links.some((l) => l.path === path && pred(l));

export function fillScenarios(crawl: Crawl): Filled {
  const pages = crawl.pages;
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const server = crawl.mode === 'server';
  const s: Scenarios = {};
  const unfilled: Unfilled[] = [];
  const notes: Record<string, string> = {};
  const need = (scenario: string, text: string) => unfilled.push({ scenario, need: text });

  // Unknown paths need nothing from the site: made up, checked against what the crawl found.
  s.unknownPaths = { paths: unknownPaths(new Set(pages.map((p) => p.path))) };

  // A link to a page that answered 404.
  const broken = firstOf(pages.filter(ok), (p) => {
    const l = [...p.links].sort((a, b) => Number(a.inNav) - Number(b.inNav)).find((x) => clickable(x) && byPath.get(x.path)?.status === 404);
    return l && { from: p.path, href: l.href };
  });
  if (broken) s.brokenLink = broken;
  else need('brokenLink', 'a page with a visible link (href written as a path) to a page that answers 404 — none of the crawled links led to one');

  // Generic error pages: a status-code heading and a title from the spec's table.
  const statusPages: Record<string, string> = {};
  const realNotFound: Record<string, string> = {};
  for (const p of pages) {
    if (p.error || p.finalPath) continue;
    const code = /^([1-5]\d\d)$/.exec(p.firstHeading.trim())?.[1];
    if (!code || !p.errorTexts.some((t) => GENERIC_TITLES.some((g) => t.includes(g)))) continue;
    if (p.status === 200) statusPages[code] ??= p.path;
    else if (p.status === Number(code)) realNotFound[code] ??= p.path;
  }
  // A real 404 page stands in for the 404 row when the site has no page that shows it on purpose.
  if (!statusPages['404'] && realNotFound['404']) statusPages['404'] = realNotFound['404'];
  if (Object.keys(statusPages).length) s.statusPages = { pages: statusPages };
  else need('statusPages', 'pages that show the generic error page of a status code (heading "404", "500", … and the title from the spec\'s table)');

  // Real error statuses (server delivery only).
  if (server) {
    const rs: NonNullable<Scenarios['realStatuses']> = { unknownPath: s.unknownPaths.paths[0] };
    const dynamicShape = groupByShape(pages.filter(ok).map((p) => p.path)).find((g) => g.shape.includes(':id'));
    if (dynamicShape) rs.malformedUrl = dynamicShape.shape.replace(':id', '%E0%A4%A').replace(/:id/g, '1');
    const throwing = pages.find((p) => p.status === 500 && p.firstHeading.trim() === '500' && !p.finalPath);
    if (throwing) rs.throwingPage = throwing.path;
    // A page generated at build time (Pages Router getStaticProps, said by its __NEXT_DATA__) is a static page to POST to.
    const ssg = pages.find((p) => prPage(p) && p.nextData?.gsp && !p.nextData.gssp && !p.nextData.isFallback);
    if (ssg) rs.postToStatic = ssg.path;
    s.realStatuses = rs;
    if (!ssg) need('realStatuses.postToStatic', 'a page generated at build time to POST to (a Pages Router page whose __NEXT_DATA__ says getStaticProps); a file served as is cannot be told from a page from outside');
    if (!throwing) need('realStatuses.throwingPage', 'a page that answers 500 with the generic error page (heading "500")');
    if (!dynamicShape) need('realStatuses.malformedUrl', 'a dynamic route (pages like /posts/1, /posts/2) to send a malformed segment to');
  }

  // Controls are proposed by their names only: discovery never clicks something that may throw.
  const buttonOn = (p: CrawledPage, re: RegExp) => p.buttons.find((b) => re.test(b));
  const noStatus = firstOf(pages.filter(prPage), (p) => { const b = buttonOn(p, /throw|crash|error/i); return b && { page: p.path, trigger: { role: 'button' as const, name: b } }; });
  if (noStatus) { s.noStatusError = noStatus; notes.noStatusError = `proposed from the button name "${noStatus.trigger.name}" on a Pages Router page; not clicked during discovery`; }
  else need('noStatusError', 'a Pages Router page with a button whose name says it throws (/throw|crash|error/i); discovery does not click unknown buttons');
  const crash = firstOf(pages.filter(arPage), (p) => { const b = buttonOn(p, /crash|throw|error/i); return b && { page: p.path, trigger: { role: 'button' as const, name: b } }; });
  if (crash) { s.clientCrash = crash; notes.clientCrash = `proposed from the button name "${crash.trigger.name}" on an App Router page; not clicked during discovery`; }
  else need('clientCrash', 'an App Router page with a button whose name says it crashes the page (/throw|crash|error/i)');

  if (server) {
    // An App Router page answering 500 threw while rendering on the server: what it then shows is
    // what R2.5 judges, so the wording is a preference, not a condition.
    const crashed = pages.filter((p) => p.status === 500 && !p.error && !p.finalPath && (p.appRouter || p.errorTexts.some((t) => t.includes('server-side exception'))));
    const sc = crashed.find((p) => p.errorTexts.some((t) => t.includes('server-side exception'))) ?? crashed[0];
    if (sc) s.serverCrash = { page: sc.path };
    else need('serverCrash', 'an App Router page that answers 500 (it throws while rendering on the server)');
  }

  // Route groups never show in an address, but the router tree each App Router page is delivered
  // with names them. One page per group first, then more, at most 3 (each costs a few requests).
  const grouped = pages.filter((p) => arPage(p) && p.routeGroups.length);
  const groupPages: { path: string; group: string }[] = [];
  for (const p of grouped) if (!groupPages.some((g) => g.group === p.routeGroups[0])) groupPages.push({ path: p.path, group: p.routeGroups[0] });
  for (const p of grouped) if (groupPages.length < 3 && !groupPages.some((g) => g.path === p.path)) groupPages.push({ path: p.path, group: p.routeGroups[0] });
  if (groupPages.length) s.routeGroups = { pages: groupPages.slice(0, 3) };
  else need('routeGroups', 'an App Router page inside a route group (a source folder such as app/(site)/about): none of the crawled pages\' router trees named one');

  // Navigation: four or more App Router pages, each linking to the next by a router link.
  const chain = findChain(pages, byPath);
  if (chain) s.navigation = { chain };
  else need('navigation', 'four App Router pages with titles of their own, each linking to the next by a router link (a link that is prefetched)');

  // A tall page with a router link to another page.
  const scroll = firstOf(pages.filter((p) => arPage(p) && p.scrollHeight - p.viewportHeight >= 1000), (p) => {
    const cands = p.links.filter((l) => routerLink(l) && l.path !== p.path && arPage(byPath.get(l.path)));
    const l = cands.find((x) => x.inView && x.path !== '/') ?? cands.find((x) => x.inView) ?? cands[0];
    return l && { tall: p.path, other: l.path };
  });
  if (scroll) s.scroll = scroll;
  else need('scroll', 'an App Router page at least 1000 px taller than the window with a router link to another page');

  // Announcer: a page without a <title> element but with a heading, and a titled one, both linked from one page.
  const untitled = pages.filter((p) => arPage(p) && !p.hasTitleElement && !p.title && p.firstHeading);
  const announcer = firstOf(sortHomeFirst(pages.filter(arPage)), (from) => {
    const u = untitled.find((x) => x.path !== from.path && linksTo(from, x.path, clickable));
    if (!u) return undefined;
    const t = from.links.find((l) => clickable(l) && l.path !== from.path && l.path !== u.path && (() => { const tp = byPath.get(l.path); return arPage(tp) && !!tp.title; })());
    return t && { from: from.path, titled: t.path, untitled: u.path };
  });
  if (announcer) s.announcer = announcer;
  else need('announcer', untitled.length
    ? `a page linking both to the untitled page ${untitled[0].path} and to a page with a title`
    : 'an App Router page with no <title> element but a heading (its first heading is announced), linked from a page that also links to a titled page');

  // A router link never prefetched: clicking it fetches the page data. A page that prefetches its
  // other links shows its router is at work; else the click after the crawl showed it (follow-up.ts).
  // One test goes home from `from`: a link to "/" is preferred, not required.
  const clicks = crawl.clicks ?? [];
  const pageData = pickNotPrefetched(pages, byPath, clicks, (from, to) => !to.dynamic, (from) => linksHome(from));
  if (pageData) s.pageData = pageData;
  else need('pageData', 'an App Router page with a visible router link to another App Router page that is not prefetched (prefetch={false}), so the click fetches its page data');

  // Many prefetched links in view.
  const prefetchPage = pages.filter(arPage)
    .map((p) => ({ p, n: new Set(p.links.filter((l) => l.inView && l.inMain && l.prefetched).map((l) => l.path)).size }))
    .filter((x) => x.n >= 8).sort((a, b) => b.n - a.n)[0];
  if (prefetchPage) s.prefetch = { page: prefetchPage.p.path, minLinks: Math.max(8, Math.min(prefetchPage.n, 10)) };
  else need('prefetch', 'a page with at least 8 links in view, in its <main> element, whose targets are prefetched');

  // Freshness (K9.3 times prefetched data): a link in view whose target's data was prefetched while
  // the page sat there, to a page not rendered per request. A link in the content first, from the
  // prefetch scenario's page first (a list of prefetched links is the plainest case).
  const inViewPrefetch = (from: CrawledPage, want: (to: CrawledPage) => boolean) =>
    [...from.links].sort((a, b) => Number(a.inNav) - Number(b.inNav))
      .find((l) => routerLink(l) && l.prefetched && l.inView && l.path !== from.path && arPage(byPath.get(l.path)) && want(byPath.get(l.path)!));
  const prefetchFirst = [...pages].sort((a, b) => Number(b.path === s.prefetch?.page) - Number(a.path === s.prefetch?.page));
  const fresh = firstOf(prefetchFirst.filter(arPage), (from) => { const l = inViewPrefetch(from, (to) => !to.dynamic); return l && { from: from.path, to: l.path }; });
  if (fresh) s.freshness = fresh;
  else need('freshness', 'an App Router page with a link in view whose target, a page not rendered per request, is prefetched while the page sits in view');

  if (server) {
    // The same for a page rendered per request: only a full prefetch (prefetch={true}) holds its data.
    const dyn = firstOf(pages.filter(arPage), (hub) => { const l = inViewPrefetch(hub, (to) => to.dynamic); return l && { hub: hub.path, page: l.path }; });
    if (dyn) s.dynamicFreshness = dyn;
    else need('dynamicFreshness', 'a hub with a link in view to a page rendered per request (cache-control no-store) whose data the hub prefetches (a full prefetch, e.g. <Link prefetch={true}>)');
  }

  // Pages Router pair whose target's code was not loaded while `from` sat in view.
  const rlt = firstOf(pages.filter(prPage), (from) => {
    const l = from.links.find((x) => {
      const to = byPath.get(x.path);
      if (!clickable(x) || !prPage(to) || to.path === from.path) return false;
      // A script the target's own load needed, that `from` did not ask for while it sat in view,
      // but that hovering the link fetched: a router link without prefetch to a page with code of
      // its own. Webpack names that chunk after the page (pageChunkPrefix); Turbopack (Next.js 16)
      // hashes every name, so the script itself is compared.
      const chunk = pageChunkPrefix(to.path);
      const own = (sp: string) => to.scripts.includes(sp) && !from.scripts.includes(sp);
      return !!x.hoverLoads?.some((sp) => own(sp) || (sp.startsWith(chunk) && !from.scripts.some((f) => f.startsWith(chunk))));
    });
    return l && { from: from.path, to: l.path };
  });
  if (rlt) s.routeLoadTimeout = rlt;
  else need('routeLoadTimeout', 'two Pages Router pages (HTML with __NEXT_DATA__), one with a router link to the other that does not prefetch its code (prefetch={false}: the code is asked for only on hover or click)');

  // A page not pre-rendered: it asked for its own data right after load (Pages Router fallback).
  if (server) {
    // Crawled pages first (a link to a page not yet generated), then the made-up paths of follow-up.ts.
    const fb = [...pages, ...(crawl.probes ?? [])].find((p) => prPage(p) && p.pageDataRequested.includes(p.path) && p.path.split('/').length > 2);
    if (fb) s.retry = { pathPrefix: fb.path.replace(/[^/]+$/, '') };
    else need('retry', 'a Pages Router route generated on demand (getStaticPaths fallback: true): a page of it that fetches its own data after load — no crawled page did, nor a made-up path under a Pages Router route with getStaticProps and a [param]');
  }

  // Server functions: forms only read, never submitted.
  if (server) {
    const sf = firstOf(pages.filter(arPage), (p) => {
      const f = p.forms.find((x) => x.serverFunction && x.submits.length);
      return f && p.resultSelectors.length ? { page: p.path, submit: { role: 'button' as const, name: f.submits[0] }, result: p.resultSelectors[0] } : undefined;
    });
    if (sf) { s.serverFunction = sf; notes.serverFunction = `form found on ${sf.page}; its result element ${sf.result} is a guess (output / role=status / aria-live); not submitted during discovery`; }
    else need('serverFunction', 'a page with a server-function form (hidden $ACTION_ field) and an element that shows its result (output, role=status or aria-live)');
  }

  s.sitePages = sitePages(crawl);
  return { scenarios: s, unfilled, notes };
}

/** The paths the every-page checks load: a few of each shape, with the counts. */
export function sitePages(crawl: Crawl): NonNullable<Scenarios['sitePages']> {
  const loaded = crawl.pages.filter((p) => !p.error && p.status > 0 && !p.finalPath);
  const groups = groupByShape(loaded.map((p) => p.path), SITE_PAGES_PER_SHAPE);
  const found = new Map(crawl.shapes.map((x) => [x.shape, x.found]));
  return {
    paths: groups.flatMap((g) => g.kept),
    shapes: groups.filter((g) => (found.get(g.shape) ?? g.paths.length) > g.kept.length)
      .map((g) => ({ shape: g.shape, pagesInShape: found.get(g.shape) ?? g.paths.length, checked: g.kept.length })),
  };
}

function unknownPaths(known: Set<string>): string[] {
  const base = ['/conformance-no-such-page', '/conformance/no/such/nested/page', '/ünïcødé-conformance-fehlt'];
  const free = base.map((p) => { let q = p; for (let i = 2; known.has(q); i++) q = `${p}-${i}`; return q; });
  return [free[0], free[1], `${free[0]}?from=conformance&x=1`, free[2]];
}

function firstOf<T, R>(items: T[], pick: (t: T) => R | undefined | false | ''): R | undefined {
  for (const t of items) { const r = pick(t); if (r) return r; }
  return undefined;
}

function sortHomeFirst(pages: CrawledPage[]): CrawledPage[] {
  return [...pages].sort((a, b) => Number(b.path === '/') - Number(a.path === '/'));
}

/** The longest simple chain (up to 5) of App Router pages joined by router links, from / when it can. */
function findChain(pages: CrawledPage[], byPath: Map<string, CrawledPage>): string[] | undefined {
  // Each page needs its own document title (R2.9 announces it).
  const titled = (path: string) => { const p = byPath.get(path); return arPage(p) && !!p.title; };
  const next = (p: CrawledPage) => [...new Set(p.links.filter((l) => routerLink(l) && l.path !== p.path && titled(l.path)).map((l) => l.path))];
  let best: string[] = [];
  let budget = 20_000;
  const walk = (path: string[]) => {
    if (--budget < 0 || best.length >= 5) return;
    if (path.length > best.length) best = [...path];
    if (path.length >= 5) return;
    const titles = path.map((x) => byPath.get(x)!.title);
    for (const n of next(byPath.get(path[path.length - 1])!)) if (!path.includes(n) && !titles.includes(byPath.get(n)!.title)) walk([...path, n]);
  };
  for (const start of sortHomeFirst(pages.filter((p) => titled(p.path)))) {
    walk([start.path]);
    if (best.length >= 5) break;
  }
  return best.length >= 4 ? best : undefined;
}

/**
 * A visible, in-view, never-prefetched link between App Router pages that the router handles: its
 * page prefetches other links, or clicking it changed the address without a document load.
 */
function pickNotPrefetched(pages: CrawledPage[], byPath: Map<string, CrawledPage>, clicks: ClickFact[], pairOk: (from: CrawledPage, to: CrawledPage) => boolean, preferred: (from: CrawledPage) => boolean = () => false) {
  const clicked = (from: string, to: string) => clicks.find((c) => c.from === from && c.to === to);
  const routed = (from: CrawledPage, to: string) => {
    const c = clicked(from.path, to);
    return c ? c.clientSide : from.pageDataRequested.length > 0;
  };
  const cands = pages.filter(arPage).flatMap((from) =>
    from.links.filter((l) => neverPrefetched(l) && l.inView && l.path !== from.path && arPage(byPath.get(l.path)) && pairOk(from, byPath.get(l.path)!) && routed(from, l.path))
      .map((l) => ({ from: from.path, to: l.path, rank: Number(!l.inNav) * 2 + Number(preferred(from)) })));
  // Prefer a link in the content over one in the navigation, then the preferred pages.
  cands.sort((a, b) => b.rank - a.rank);
  return cands[0] && { from: cands[0].from, to: cands[0].to };
}

function linksHome(p: CrawledPage): boolean {
  return p.links.some((l) => l.path === '/' && clickable(l));
}

/** Where a Pages Router page's own chunk lives: /_next/static/chunks/pages/<path>- (index for /). */
export function pageChunkPrefix(path: string): string {
  return `/_next/static/chunks/pages${path === '/' ? '/index' : path}-`;
}
