import { groupByShape } from '../crawl/shape';
import type { ClickFact, Crawl, CrawledLink, CrawledPage } from '../crawl/model';

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
export const clickable = (l: CrawledLink): boolean => l.visible && l.href === l.path;
export const routerLink = (l: CrawledLink): boolean => clickable(l) && (l.prefetched || l.prefetchedOnScroll);
export const neverPrefetched = (l: CrawledLink): boolean => clickable(l) && !l.prefetched && !l.prefetchedOnScroll;
/** `from` has a clickable link to `path`. */
export const linksTo = (from: CrawledPage, path: string, pred: (l: CrawledLink) => boolean = clickable): boolean => from.links.some((l) => l.path === path && pred(l));

/** The paths the every-page checks load: a few of each shape, with the counts. */
export function sitePages(crawl: Crawl) {
  const loaded = crawl.pages.filter((p) => !p.error && p.status > 0 && !p.finalPath);
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

/** The longest simple chain (up to 5) of App Router pages joined by router links, from / when it can. */
export function findChain(pages: CrawledPage[], byPath: Map<string, CrawledPage>): string[] | undefined {
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
export function pickNotPrefetched(pages: CrawledPage[], byPath: Map<string, CrawledPage>, clicks: ClickFact[], pairOk: (from: CrawledPage, to: CrawledPage) => boolean, preferred: (from: CrawledPage) => boolean = () => false) {
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

/** The page with the most prefetched links in view in its <main>, when it has at least 8. */
export function busiestPrefetchPage(pages: CrawledPage[]): { page: string; links: number } | undefined {
  const best = pages.filter(arPage)
    .map((p) => ({ p, n: new Set(p.links.filter((l) => l.inView && l.inMain && l.prefetched).map((l) => l.path)).size }))
    .filter((x) => x.n >= 8).sort((a, b) => b.n - a.n)[0];
  return best && { page: best.p.path, links: best.n };
}

/** A router link in view on `from`, prefetched while it sat there, to an App Router page `want` accepts; content before navigation. */
export function inViewPrefetch(byPath: Map<string, CrawledPage>, from: CrawledPage, want: (to: CrawledPage) => boolean): CrawledLink | undefined {
  return [...from.links].sort((a, b) => Number(a.inNav) - Number(b.inNav))
    .find((l) => routerLink(l) && l.prefetched && l.inView && l.path !== from.path && arPage(byPath.get(l.path)) && want(byPath.get(l.path)!));
}

export function linksHome(p: CrawledPage): boolean {
  return p.links.some((l) => l.path === '/' && clickable(l));
}

/** Where a Pages Router page's own chunk lives: /_next/static/chunks/pages/<path>- (index for /). */
export function pageChunkPrefix(path: string): string {
  return `/_next/static/chunks/pages${path === '/' ? '/index' : path}-`;
}
