import type { Page, Request } from '@playwright/test';
import { readPageFacts } from './page-facts';
import { pathShapeOf, payloadShape, redactQuery } from './redact';
import { isPageDelivery, pageDataTarget } from './requests';
import { chunkRouteGroups } from '../crawl/chunk-routes';
import { emptyPage, type CallFact, type ClickFact, type CrawledLink, type CrawledPage, type WayIn } from '../crawl/model';
import { openMenus } from './menus';
import { NOT_A_PAGE } from './frontier';
import { patience } from '../run/slow';
import { activateLink, linkTo } from '../observers/activate';
import { readPageData } from '../observers/page-data';
import { htmlScripts } from '../observers/own-script';
import { LATE, orLate } from '../observers/bound';
import { LOW_WINDOW } from '../scenarios/windows';
import { hoverLinks, scrollThrough, sitUntilQuiet, VISIT, wire, type Visit } from './page-moves';

export { VISIT };

/**
 * How far a page no taller than the crawl's window scrolls in R2.8's low window (the same width, so
 * the same layout: a lower window brings no link into view, so it starts no prefetch). The window
 * is set back at once.
 */
async function measureInLowWindow(page: Page): Promise<number | undefined> {
  const before = page.viewportSize();
  if (!before) return undefined;
  try {
    await page.setViewportSize(LOW_WINDOW);
    const read = await orLate(patience(2_000), page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(Math.max(0, document.documentElement.scrollHeight - window.innerHeight))))));
    return read === LATE ? undefined : read;
  } catch {
    return undefined;
  } finally {
    await page.setViewportSize(before).catch(() => undefined);
  }
}

// Words of sign-in and account links; not "profile" (social profiles are not accounts here).
const SIGN_IN = /sign[\s_-]?in|log[\s_-]?in|sign[\s_-]?up|register|\baccount|log[\s_-]?out|sign[\s_-]?out|\bauth/i;

/**
 * One reusable browser tab and the requests of its current visit. Listeners are attached once;
 * each visit swaps in a fresh list, so late answers of the previous page are not mixed in.
 */
export class Tab {
  private current: Visit = { requests: [], lastPageData: 0 };
  /** The page's script stopped answering (an endless loop): the tab is of no more use, the crawl opens another. */
  hung = false;

  /** `menusOpened`: the menus pressed open in this crawl (shared by its tabs, so each is opened once). */
  constructor(readonly page: Page, private readonly menusOpened = new Set<string>()) {
    page.on('request', (r) => {
      if (!inMainFrame(r, page)) return;
      this.current.requests.push(r);
      // Prefetches: page data (App Router) or a page's script chunk (Pages Router).
      if (r.resourceType() === 'script' || pageDataTarget(wire(r)) !== undefined) this.current.lastPageData = Date.now();
    });
  }

  /**
   * Loads `path` and reads what the crawl keeps; `found` are the same-origin paths it leads to and
   * the way each was found (its links, its flight data, its menus). Never throws for the site's faults.
   */
  async visit(origin: string, path: string, opts: { menus?: boolean } = {}): Promise<{ page: CrawledPage; found: { path: string; way: WayIn }[] }> {
    const visit: Visit = { requests: [], lastPageData: Date.now() };
    this.current = visit;
    const base = emptyPage(path);
    let status = 0, dynamic = false, contentType = '';
    let named: string[] = []; // the scripts the document's own HTML names (a menu's prefetches load every page's)
    try {
      const res = await this.page.goto(origin + path, { waitUntil: 'load', timeout: patience(VISIT.loadTimeoutMs) });
      status = res?.status() ?? 0;
      dynamic = /no-store|private/i.test(res?.headers()['cache-control'] ?? '');
      contentType = res?.headers()['content-type'] ?? '';
      if (res && isHtml(contentType)) named = htmlScripts(await res.text().catch(() => ''), origin + path).slice(0, 100);
    } catch (e) {
      return { page: { ...base, error: (await this.unresponsive()) ?? firstLine(e) }, found: [] };
    }
    // A manifest, feed, sitemap, JSON or text file is no page, whatever its address looks like: what the browser took it for decides.
    const taken = await this.page.evaluate('document.contentType').then((t) => String(t), () => '');
    if (!isHtml(taken || contentType)) return { page: { ...base, status, error: `${NOT_HTML} (answered ${contentType || 'with no content type'})` }, found: [] };
    const landed = new URL(this.page.url());
    if (landed.origin !== origin) return { page: { ...base, status, error: `redirected to another origin (${landed.origin})` }, found: [] };
    const finalPath = landed.pathname !== path ? landed.pathname : undefined;

    const nextScripts = visit.requests.some((r) => r.resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/_next/'));
    if (nextScripts) await this.page.waitForFunction('typeof window.next === "object"', undefined, { timeout: patience(VISIT.hydrateMs) }).catch(() => undefined);
    // Sit in view: prefetches start after hydration, in batches; stop once they have gone quiet.
    await sitUntilQuiet(this.page, visit);

    let facts;
    try {
      const read = await orLate(patience(VISIT.loadTimeoutMs), readPageFacts(this.page));
      if (read === LATE) {
        this.hung = true;
        return { page: { ...base, status, finalPath, error: neverYields(VISIT.loadTimeoutMs) }, found: [] };
      }
      facts = read;
    } catch (e) {
      return { page: { ...base, status, finalPath, error: `could not read the page: ${firstLine(e)}` }, found: [] };
    }
    const inViewRequests = visit.requests.length;
    // Then scroll through a tall page, so router links below the fold show themselves by their prefetch.
    // Links below the fold, visible, that nothing prefetched yet: their prefetch is awaited at the bottom.
    const inViewData = new Set(visit.requests.map((r) => pageDataTarget(wire(r))));
    const belowFold = facts.links.some((l) => l.visible && !l.inView && l.url.startsWith(origin) && !inViewData.has(safePath(l.url)));
    if (facts.scrollHeight > facts.viewportHeight * 1.2) await scrollThrough(this.page, visit, facts.scrollHeight, facts.viewportHeight, belowFold);
    const targets = (rs: Request[]) => [...new Set(rs.map((r) => pageDataTarget(wire(r))).filter((p): p is string => p !== undefined))];
    const pageDataRequested = targets(visit.requests.slice(0, inViewRequests));
    const pageDataOnScroll = targets(visit.requests.slice(inViewRequests)).filter((p) => !pageDataRequested.includes(p));
    const scriptsOf = (rs: Request[]) => [...new Set(rs.filter((r) => r.resourceType() === 'script' && new URL(r.url()).origin === origin).map((r) => new URL(r.url()).pathname))];
    const allScripts = scriptsOf(visit.requests);
    const scripts = allScripts.slice(0, 100);
    // Route groups the page's code chunks name (Webpack writes them into the chunk paths): a lead for R2.6.
    const chunkGroups = chunkRouteGroups(allScripts);
    const lowWindowScroll = facts.scrollHeight <= facts.viewportHeight ? await measureInLowWindow(this.page) : undefined;
    // Pages Router: which links load their page's code when hovered (router links, even prefetch={false}).
    const hoverLoads = facts.pagesRouter && facts.hydrated ? await hoverLinks(this.page, visit, origin, facts.links, finalPath ?? path, scriptsOf) : new Map<string, string[]>();
    const links: CrawledLink[] = [];
    let externalLinks = 0;
    for (const l of facts.links) {
      let u: URL;
      try { u = new URL(l.url); } catch { continue; }
      if (!/^https?:$/.test(u.protocol)) continue;
      if (u.origin !== origin) { externalLinks++; continue; }
      const linkPath = u.pathname;
      links.push({ path: linkPath, href: redactQuery(l.href), text: l.text, inView: l.inView, visible: l.visible, inNav: l.inNav, inMain: l.inMain, ...(l.opensElsewhere ? { opensElsewhere: true } : {}), prefetched: pageDataRequested.includes(linkPath), prefetchedOnScroll: pageDataOnScroll.includes(linkPath), ...(hoverLoads.has(linkPath) ? { hoverLoads: hoverLoads.get(linkPath) } : {}) });
    }
    const calls: CallFact[] = visit.requests.filter((r) => !isPageDelivery(wire(r), origin)).map((r) => ({
      method: r.method(), ...pathShapeOf(r.url(), origin), resourceType: r.resourceType(),
      payload: payloadShape(r.postData(), r.headers()['content-type']),
      page: finalPath ?? path,
    }));
    // Ways in beyond the rendered links: hrefs only in the flight data, links only in a menu opened by its button (last: it changes the page).
    const linked = new Set(links.map((l) => l.path));
    const samePaths = (urls: string[]) => [...new Set(urls.map((u) => { try { const x = new URL(u, origin); return x.origin === origin ? x.pathname : ''; } catch { return ''; } }).filter((p) => p && !linked.has(p)))];
    const flightLinks = samePaths(facts.flightHrefs ?? []).filter((p) => !p.startsWith('/_next/') && !NOT_A_PAGE.test(p));
    const menus = opts.menus === false ? { links: [], pressed: [] } : await openMenus(this.page, this.menusOpened);
    const menuLinks = samePaths(menus.links).filter((p) => !flightLinks.includes(p));
    const signInLinks = [...new Set(facts.links.filter((l) => SIGN_IN.test(l.text) || SIGN_IN.test(safePath(l.url))).map((l) => `${l.text || '(no text)'} → ${redactQuery(l.href)}`))];
    return {
      page: {
        ...base, status, finalPath,
        title: facts.title, hasTitleElement: facts.hasTitleElement, firstHeading: facts.firstHeading, headings: facts.headings,
        links, externalLinks, scrollHeight: facts.scrollHeight, viewportHeight: facts.viewportHeight,
        ...(lowWindowScroll !== undefined ? { lowWindowScroll } : {}),
        forms: facts.forms.map((f) => ({ ...f, fields: f.fields.map((x) => ({ ...x, tag: x.tag as 'input' | 'select' | 'textarea' })) })),
        buttons: [...new Set(facts.buttons)], calls, errorTexts: facts.errorTexts, signInLinks, limits: facts.limits,
        pagesRouter: facts.pagesRouter, appRouter: facts.appRouter, hydrated: facts.hydrated, pageDataRequested, pageDataOnScroll,
        scripts, ...(named.length ? { htmlScripts: named } : {}), dynamic, resultSelectors: facts.resultSelectors,
        routeGroups: facts.routeGroups ?? [], ...(facts.dynamicSegments?.length ? { dynamicSegments: facts.dynamicSegments } : {}), ...(facts.nextData ? { nextData: facts.nextData } : {}), leadText: facts.leadText ?? [],
        ...(facts.buildId ? { buildId: facts.buildId } : {}),
        ...(flightLinks.length ? { flightLinks } : {}), ...(menuLinks.length ? { menuLinks } : {}), ...(menus.pressed.length ? { menusPressed: menus.pressed } : {}),
        ...(chunkGroups.length ? { chunkGroups } : {}),
      },
      found: [
        ...[...linked].map((p) => ({ path: p, way: 'link' as const })),
        ...flightLinks.map((p) => ({ path: p, way: 'flight data' as const })),
        ...menuLinks.map((p) => ({ path: p, way: 'menu' as const })),
      ],
    };
  }

  /** After a load that did not end: whether the page's script still answers at all; when not, why, and the tab is hung. */
  private async unresponsive(): Promise<string | undefined> {
    const answer = await orLate(patience(1_000), this.page.evaluate('1').catch(() => 1));
    if (answer !== LATE) return undefined;
    this.hung = true;
    return neverYields(VISIT.loadTimeoutMs);
  }

  /**
   * Loads `from` and follows its link to `to` as the tests do (focused, then Enter: no hover), after
   * the page sat in view as the tests let it: whether the address changed without a document load,
   * whether the navigation itself asked for `to`'s page data (not a prefetch), and whether `to` had
   * been prefetched before. Bounded throughout; a link, never a button.
   */
  async clickThrough(origin: string, from: string, to: string): Promise<ClickFact> {
    return (await this.walk(origin, [from, to]))[0];
  }

  /**
   * Loads `chain[0]` and follows its links one after the other, as R2.7 does: one fact per step,
   * ending at the first step that was no client-side navigation. Steps after the first are `walked`.
   */
  async walk(origin: string, chain: string[]): Promise<ClickFact[]> {
    const visit: Visit = { requests: [], lastPageData: Date.now() };
    this.current = visit;
    const from = chain[0];
    const fail = (to: string, error: string): ClickFact[] => [{ from, to, clientSide: false, pageData: false, error }];
    try {
      await this.page.goto(origin + from, { waitUntil: 'load', timeout: patience(VISIT.loadTimeoutMs) });
    } catch (e) {
      return fail(chain[1], `could not load ${from}: ${firstLine(e)}`);
    }
    const hydrated = await this.page.waitForFunction('typeof window.next === "object"', undefined, { timeout: patience(VISIT.hydrateMs) }).then(() => true, () => false);
    if (!hydrated) return fail(chain[1], `the router did not start on ${from} within ${patience(VISIT.hydrateMs) / 1000} s`);
    const facts: ClickFact[] = [];
    for (let i = 0; i + 1 < chain.length; i++) {
      const fact = await this.step(visit, chain[i], chain[i + 1], i > 0);
      facts.push(fact);
      if (fact.error || !fact.clientSide) break;
    }
    return facts;
  }

  /** One click of a walk: the page sits until its prefetches went quiet, then its link to `to` is followed. */
  private async step(visit: Visit, from: string, to: string, walked: boolean): Promise<ClickFact> {
    const fact = (clientSide: boolean, pageData: boolean, more: Partial<ClickFact> = {}): ClickFact => ({ from, to, clientSide, pageData, ...(walked ? { walked } : {}), ...more });
    await sitUntilQuiet(this.page, visit);
    const mark = visit.requests.length;
    // Prefetched since the walk's load: a page reached by a click reuses what the pages before it prefetched.
    const prefetched = visit.requests.slice(0, mark).some((r) => readPageData(wire(r))?.page === to);
    const clicked = await activateLink(linkTo(this.page, to), 3_000).then(() => true, () => false);
    if (!clicked) return fact(false, false, { prefetched, error: `no visible link to ${to} could be followed on ${from}` });
    const arrived = await this.page.waitForURL((u) => u.pathname === to, { timeout: patience(VISIT.clickMs) }).then(() => true, () => false);
    const after = visit.requests.slice(mark);
    const reloaded = after.some((r) => r.resourceType() === 'document' && r.isNavigationRequest());
    const fetch = after.map((r) => readPageData(wire(r))).find((d) => d?.page === to && !d.prefetch && d.shape !== 'head-check');
    const more = { prefetched, ...(fetch ? { pageDataShape: fetch.shape } : {}) };
    if (!arrived) return fact(false, !!fetch, { ...more, error: `the address did not become ${to} within ${patience(VISIT.clickMs) / 1000} s of following its link` });
    return fact(!reloaded, !reloaded && !!fetch, more);
  }
}

/** Why a loaded address was taken for no page (crawler.ts and the pickers leave it out). */
export const NOT_HTML = 'not a page: the browser did not read it as HTML';

/** A content type of an HTML document (the header's, or what the browser took the answer for). */
export function isHtml(contentType: string): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

function safePath(url: string): string {
  try { return new URL(url).pathname; } catch { return ''; }
}

/** Why a page whose script never gives the browser back could not be read. */
const neverYields = (ms: number) => `its script never yields (the page did not answer for ${Math.round(patience(ms) / 1000)} s: an endless loop?), so it could not be read`;

function firstLine(e: unknown): string {
  return String(e instanceof Error ? e.message : e).split('\n')[0];
}

/** Requests of the page's own frame (a service worker's requests have no frame: Playwright throws). */
function inMainFrame(r: Request, page: Page): boolean {
  try { return r.frame() === page.mainFrame(); } catch { return false; }
}
