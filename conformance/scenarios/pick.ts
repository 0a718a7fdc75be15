import { groupByShape } from '../crawl/shape';
import { provenClientSide, type ClickFact, type Crawl, type CrawledLink, type CrawledPage } from '../crawl/model';
import { isPageChunk } from './chunks';

/**
 * What a scenario's discovery picker reads a crawl with (conformance/discovery/scenarios.ts hands
 * each picker its kit). Pickers are pure, so every rule is unit-tested on a synthetic crawl.
 *
 * "Router link": a link whose target's page data was requested (prefetched) while the page was in
 * view or scrolled through — proof that the router, not a plain <a>, handles it. Links used for
 * clicking must be written exactly as the target's path (the tests find them by `a[href="…"]`).
 */
export interface PickKit {
  crawl: Crawl;
  pages: CrawledPage[];
  byPath: Map<string, CrawledPage>;
  server: boolean;
  /** Says what the site would need for one part of the scenario that nothing on the site fits. */
  needPart(part: string, text: string): void;
  /** How the scenario was chosen, when that is worth saying (e.g. proposed from a button name). */
  note(text: string): void;
}

/** A scenario (or `scenario.part`) discovery could not fill, with what the site would need. */
export interface Unfilled { scenario: string; need: string }

/** Pages of one route shape checked by the every-page tests. */
export const SITE_PAGES_PER_SHAPE = 3;

export const GENERIC_TITLES = ['Bad Request', 'This page could not be found', 'Method Not Allowed', 'Internal Server Error', 'An unexpected error has occurred'];

export const ok = (p: CrawledPage | undefined): p is CrawledPage => !!p && p.status === 200 && !p.error && !p.finalPath;
export const arPage = (p: CrawledPage | undefined): p is CrawledPage => ok(p) && p.appRouter && p.hydrated;
export const prPage = (p: CrawledPage | undefined): p is CrawledPage => ok(p) && p.pagesRouter && p.hydrated;
/** Clickable as the tests click: visible, href written as the path itself. */
export const clickable = (l: CrawledLink): boolean => l.visible && l.href === l.path && !l.opensElsewhere;
export const routerLink = (l: CrawledLink): boolean => clickable(l) && (l.prefetched || l.prefetchedOnScroll);
export const neverPrefetched = (l: CrawledLink): boolean => clickable(l) && !l.prefetched && !l.prefetchedOnScroll;
/**
 * How the pickers read one router's pages and links. App Router first; the Pages Router's pages are
 * taken only where no App Router page fits (a Pages-Router-only site), so a site with App
 * Router pages gets the same picks as before. A Pages Router `<Link>` in view prefetches its page's
 * code (Webpack names the chunk after the page: isPageChunk) and, for a page with
 * getStaticProps, its data (/_next/data/…, read as page data).
 */
export interface RouterKind {
  /** Words for notes: "an App Router page". */
  name: string;
  page: (p: CrawledPage | undefined) => p is CrawledPage;
  /** `l` on `from` is handled by this router (seen by its prefetch). */
  link: (from: CrawledPage, l: CrawledLink, byPath: Map<string, CrawledPage>) => boolean;
}

/**
 * `from` loaded `to`'s own Pages Router code (its viewport prefetch): the chunk Webpack names after
 * `to`'s page, or — Turbopack hashes every name — a script `to`'s HTML names that `from`'s HTML does not.
 */
export function chunkPrefetched(from: CrawledPage, to: CrawledPage | undefined): boolean {
  if (!to || to.path === from.path) return false;
  const page = to.nextData?.page ?? to.path;
  if (from.scripts.some((s) => isPageChunk(s, page))) return true;
  if (!from.htmlScripts || !to.htmlScripts) return false;
  const own = new Set(from.htmlScripts);
  return to.htmlScripts.some((s) => !own.has(s) && from.scripts.includes(s));
}

export const APP_ROUTER: RouterKind = { name: 'an App Router page', page: (p): p is CrawledPage => arPage(p), link: (_from, l) => routerLink(l) };
export const PAGES_ROUTER: RouterKind = {
  name: 'a Pages Router page',
  page: (p): p is CrawledPage => prPage(p),
  link: (from, l, byPath) => clickable(l) && (l.prefetched || l.prefetchedOnScroll || chunkPrefetched(from, byPath.get(l.path))),
};
/** In the order the pickers try them. */
export const ROUTERS: readonly RouterKind[] = [APP_ROUTER, PAGES_ROUTER];

/** `from` has a clickable link to `path`. */
export const linksTo = (from: CrawledPage, path: string, pred: (l: CrawledLink) => boolean = clickable): boolean => from.links.some((l) => l.path === path && pred(l));

/** The paths the every-page checks load: a few of each shape, with the counts. */
export function sitePages(crawl: Crawl) {
  const loaded = crawl.pages.filter((p) => !p.error && p.status > 0 && !p.finalPath);
  // --all-pages: every page found, read by the crawl or not; no shape is then only partly listed.
  if (crawl.allPages) return { paths: [...new Set([...loaded.map((p) => p.path), ...crawl.allPages.unvisited])] };
  const groups = groupByShape(loaded.map((p) => p.path), SITE_PAGES_PER_SHAPE);
  const found = new Map(crawl.shapes.map((x) => [x.shape, x.found]));
  return {
    paths: groups.flatMap((g) => g.kept),
    shapes: groups.filter((g) => (found.get(g.shape) ?? g.paths.length) > g.kept.length)
      .map((g) => ({ shape: g.shape, pagesInShape: found.get(g.shape) ?? g.paths.length, checked: g.kept.length })),
  };
}

export function unknownPaths(known: Set<string>): string[] {
  const base = ['/conformance-no-such-page', '/conformance/no/such/nested/page', '/ünïcødé-conformance-fehlt'];
  const free = base.map((p) => { let q = p; for (let i = 2; known.has(q); i++) q = `${p}-${i}`; return q; });
  return [free[0], free[1], `${free[0]}?from=conformance&x=1`, free[2]];
}

export function firstOf<T, R>(items: T[], pick: (t: T) => R | undefined | false | ''): R | undefined {
  for (const t of items) { const r = pick(t); if (r) return r; }
  return undefined;
}

export function sortHomeFirst(pages: CrawledPage[]): CrawledPage[] {
  return [...pages].sort((a, b) => Number(b.path === '/') - Number(a.path === '/'));
}

/** The click made on `from`'s link to `to`, the last one when there were several. */
export const clickOf = (clicks: readonly ClickFact[], from: string, to: string): ClickFact | undefined => [...clicks].reverse().find((c) => c.from === from && c.to === to);

/**
 * The longest simple chain (up to 5) of one router's pages joined by links between them, from / when
 * it can. R2.7's subject is a navigation by an internal link between two pages of one router: found by
 * the pages' router and the link's target, never by whether the link is the router's (its prefetch, a
 * click): a plain <a> between two App Router pages is such a link, and its full load is what R2.7 fails.
 * A link between the routers is a full load by design (the pages are of two routers): not taken.
 */
export function findChain(pages: CrawledPage[], byPath: Map<string, CrawledPage>, r: RouterKind = APP_ROUTER): string[] | undefined {
  // Each page needs its own document title (R2.9 announces it).
  const titled = (path: string) => { const p = byPath.get(path); return r.page(p) && !!p.title; };
  const next = (p: CrawledPage) => [...new Set(p.links.filter((l) => clickable(l) && l.path !== p.path && titled(l.path)).map((l) => l.path))];
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
 * A visible link between App Router pages whose target the page did not prefetch while it sat in
 * view, proven the router's by following it after the crawl (follow-up.ts): the click asked for the
 * target's page data and loaded no document. A page that prefetches its other links proves nothing
 * of this one: a plain <a> beside router links is a document load. A link never prefetched and in
 * view first (prefetch={false}), then one below the fold (prefetched only once scrolled to; the
 * tests follow links without scrolling).
 */
export function pickNotPrefetched(pages: CrawledPage[], byPath: Map<string, CrawledPage>, clicks: ClickFact[], pairOk: (from: CrawledPage, to: CrawledPage) => boolean, preferred: (from: CrawledPage) => boolean = () => false) {
  const routed = (from: CrawledPage, to: string) => { const c = clickOf(clicks, from.path, to); return provenClientSide(c) && !!c?.pageData; };
  const cands = pages.filter(arPage).flatMap((from) =>
    from.links.filter((l) => clickable(l) && !l.prefetched && l.path !== from.path && arPage(byPath.get(l.path)) && pairOk(from, byPath.get(l.path)!) && routed(from, l.path))
      .map((l) => ({ from: from.path, to: l.path, rank: Number(neverPrefetched(l) && l.inView) * 4 + Number(!l.inNav) * 2 + Number(preferred(from)) })));
  // Prefer a link in the content over one in the navigation, then the preferred pages.
  cands.sort((a, b) => b.rank - a.rank);
  return cands[0] && { from: cands[0].from, to: cands[0].to };
}

/**
 * A link between two pages of one router that a click after the crawl followed on the client side
 * (no document load) — its data prefetched, so the click fetched none: loaded first from `from`
 * (not reached by an earlier click), then the preferred pages, then a content link.
 */
export function pickClickedClientSide(byPath: Map<string, CrawledPage>, clicks: ClickFact[], pairOk: (from: CrawledPage, to: CrawledPage) => boolean, preferred: (from: CrawledPage, to: CrawledPage) => boolean = () => false) {
  const cands = clicks.filter((c) => provenClientSide(c) && clickOf(clicks, c.from, c.to) === c).flatMap((c) => {
    const from = byPath.get(c.from);
    const to = byPath.get(c.to);
    const r = ROUTERS.find((x) => x.page(from) && x.page(to));
    const l = from?.links.find((x) => x.path === c.to && clickable(x));
    if (!r || !from || !to || !l || !pairOk(from, to)) return [];
    return [{ from: c.from, to: c.to, rank: Number(!c.walked) * 4 + Number(preferred(from, to)) * 2 + Number(!l.inNav) }];
  });
  cands.sort((a, b) => b.rank - a.rank);
  return cands[0] && { from: cands[0].from, to: cands[0].to };
}

/**
 * The first of `pages` with a button whose name says it throws or crashes, proposed by that name
 * only: discovery never clicks something that may throw, and says so in the scenario's note.
 */
export function throwingButton(k: PickKit, pages: CrawledPage[], kind: string) {
  const found = firstOf(pages, (p) => {
    const name = p.buttons.find((b) => /throw|crash|error/i.test(b));
    return name && { page: p.path, trigger: { role: 'button' as const, name } };
  });
  if (found) k.note(`proposed from the button name "${found.trigger.name}" on ${kind}; not clicked during discovery`);
  return found;
}

/**
 * Prefetched pages one page needs for K9.5: one more than the 5 the clause allows in flight, so one
 * waits (the menu and a short post list of an ordinary site).
 */
export const PREFETCH_LINKS_MIN = 6;

/**
 * The page with the most prefetched links in view in its <main>, when it has at least
 * `min` (PREFETCH_LINKS_MIN unless said); else the page with the most links prefetched in view or once scrolled to,
 * anywhere on it (its menu too), when it has that many (the test opens it in a window tall enough to
 * show them at once: scenarios/windows.ts).
 */
export function busiestPrefetchPage(pages: CrawledPage[], r: RouterKind = APP_ROUTER, min = PREFETCH_LINKS_MIN): { page: string; links: number } | undefined {
  const busiest = (counts: (l: CrawledLink) => boolean) => pages.filter(r.page)
    .map((p) => ({ p, n: new Set(p.links.filter(counts).map((l) => l.path)).size }))
    .filter((x) => x.n >= min).sort((a, b) => b.n - a.n)[0];
  const best = busiest((l) => l.inView && l.inMain && l.prefetched) ?? busiest((l) => l.visible && (l.prefetched || l.prefetchedOnScroll));
  return best && { page: best.p.path, links: best.n };
}

/** A router link in view on `from`, its data prefetched while it sat there, to a page of the router `want` accepts; content before navigation. */
export function inViewPrefetch(byPath: Map<string, CrawledPage>, from: CrawledPage, want: (to: CrawledPage) => boolean, r: RouterKind = APP_ROUTER): CrawledLink | undefined {
  return [...from.links].sort((a, b) => Number(a.inNav) - Number(b.inNav))
    .find((l) => r.link(from, l, byPath) && l.prefetched && l.inView && l.path !== from.path && r.page(byPath.get(l.path)) && want(byPath.get(l.path)!));
}

/**
 * Pages Router: a visible, in-view link never prefetched (prefetch={false}) that hovering showed to be
 * a router link (it fetched the target's code), to a page whose data a click fetches (getStaticProps
 * or getServerSideProps: without either the Pages Router requests no page data).
 */
export function pickNotPrefetchedPages(pages: CrawledPage[], byPath: Map<string, CrawledPage>, preferred: (from: CrawledPage) => boolean = () => false, pairOk: (from: CrawledPage, to: CrawledPage) => boolean = () => true) {
  const cands = pages.filter(prPage).flatMap((from) =>
    from.links.filter((l) => { const to = byPath.get(l.path); return neverPrefetched(l) && l.inView && l.path !== from.path && prPage(to) && !!(to.nextData?.gsp || to.nextData?.gssp) && !!l.hoverLoads?.length && !chunkPrefetched(from, to) && pairOk(from, to); })
      .map((l) => ({ from: from.path, to: l.path, rank: Number(!l.inNav) * 2 + Number(preferred(from)) })));
  cands.sort((a, b) => b.rank - a.rank);
  return cands[0] && { from: cands[0].from, to: cands[0].to };
}

export function linksHome(p: CrawledPage): boolean {
  return p.links.some((l) => l.path === '/' && clickable(l));
}
