import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, lookupChromium } from '../setup/browser';
import { chromiumTrustArgs, currentAccess } from '../access/access';
import { contextTrust, injectAccess } from '../access/browser';
import { crawlOrder, Frontier } from './frontier';
import { allowedBy, loadRobots, loadSitemapPaths } from './site-files';
import { chainToWalk, clickCandidates, fallbackProbes, FOLLOW_UP } from './follow-up';
import { frameworkPagePlan, frameworkRequestPlan, loadBuildManifest, manifestPages, sendFrameworkRequest } from './framework';
import { GUESSED_STATUS, type ClickFact, type Crawl, type CrawledPage, type FrameworkFacts } from '../crawl/model';
import type { DiscoverOptions } from './types';
import { Tab } from './visit';
import { patience } from '../run/slow';

export interface CrawlOptions extends DiscoverOptions {
  /** Tabs loading at once (requests in flight are a few per tab). */
  concurrency?: number;
  /** Pages of one route shape loaded at most. */
  perShape?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Told the number of pages read after each page (the command's progress line). */
  onPage?: (pagesRead: number) => void;
}

export const CRAWL_DEFAULTS = { maxPages: 200, timeBudgetMs: 180_000, concurrency: 4, perShape: 10 };
/** A sitemap read whole for --all-pages: still bounded, as a sitemap index may name millions. */
const ALL_SITEMAP_PATHS = 100_000;

/**
 * Crawls one origin in a real Chromium (one browser, one context, a few reused tabs), breadth-first
 * from `/` plus the sitemap, honouring robots.txt unless told not to, until the queue is empty,
 * `maxPages` pages were loaded or the time budget is spent; then the follow-ups of follow-up.ts.
 */
export async function crawl(opts: CrawlOptions): Promise<Crawl> {
  const started = Date.now();
  const { maxPages, timeBudgetMs, perShape } = { ...CRAWL_DEFAULTS, ...stripUndefined(opts) };
  let { concurrency } = { ...CRAWL_DEFAULTS, ...stripUndefined(opts) };
  const origin = new URL(opts.target).origin;
  const robots = opts.ignoreRobots ? undefined : await loadRobots(origin);
  // A Crawl-delay is honoured with one tab, capped so a large delay cannot stall the run.
  const delayMs = Math.min((robots?.crawlDelayS ?? 0) * 1000, 2_000);
  if (delayMs > 0) concurrency = 1;
  const frontier = new Frontier((p) => allowedBy(robots, p), perShape);
  frontier.add('/', 'start');
  // Every page is to be checked (--all-pages): the whole sitemap is read, not a few times what the crawl reads.
  const sitemap = await loadSitemapPaths(origin, robots, opts.allPages ? ALL_SITEMAP_PATHS : maxPages * 5);
  for (const p of sitemap.paths) frontier.add(p, 'sitemap');
  // The Pages Router's build manifest, fetched once the first page names its build (framework.ts).
  const framework: FrameworkFacts = { pages: [], requests: [] };
  let manifest: Promise<void> | undefined;
  const readManifest = (buildId: string) => (manifest ??= (async () => {
    framework.buildId = buildId;
    const routes = await loadBuildManifest(origin, buildId);
    if (!routes) return;
    framework.manifestRoutes = routes;
    for (const r of manifestPages(routes)) frontier.add(r, 'build manifest');
    opts.log?.(`     build manifest: ${routes.length} Pages Router routes (${manifestPages(routes).length} without a [param])`);
  })());

  let executablePath = opts.executablePath;
  if (!executablePath) {
    const found = lookupChromium();
    if (!found.ok) throw new Error(found.message);
    executablePath = found.choice.executablePath;
  }
  // The run's trust and credentials, as in the suite's browsers (access/browser.ts).
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...chromiumTrustArgs(currentAccess()?.facts)] });
  const pages: CrawledPage[] = [];
  const clicks: ClickFact[] = [];
  const probes: CrawledPage[] = [];
  let followUpMs = 0;
  let stoppedBy: Crawl['stoppedBy'];
  try {
    await injectAccess(browser);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...contextTrust() });
    const deadline = started + patience(timeBudgetMs);
    let active = 0;
    const menusOpened = new Set<string>();
    const ledTo = new Map<string, string[]>();
    const worker = async () => {
      let tab = new Tab(await context.newPage(), menusOpened);
      for (;;) {
        if (pages.length + active >= maxPages) { if (frontier.pending) stoppedBy ??= 'maxPages'; return; }
        if (Date.now() >= deadline) { if (frontier.pending) stoppedBy ??= 'timeBudget'; return; }
        const path = frontier.next();
        if (path === undefined) {
          // Others may still add links: wait for them, then look again.
          if (active === 0) return;
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        active++;
        if (delayMs > 0 && pages.length) await new Promise((r) => setTimeout(r, delayMs));
        try {
          const { page, found } = await tab.visit(origin, path);
          if (page.finalPath) frontier.markSeen(page.finalPath);
          const foundBy = frontier.wayOf(path);
          pages.push(foundBy ? { ...page, foundBy } : page);
          opts.log?.(`${String(pages.length).padStart(4)} ${page.status || '---'} ${path}${foundBy && foundBy !== 'link' ? `  [${foundBy}]` : ''}${page.error ? `  (${page.error})` : ''}`);
          opts.onPage?.(pages.length);
          for (const f of found) frontier.add(f.path, f.way);
          ledTo.set(path, found.map((f) => f.path));
          if (page.buildId && !page.error) await readManifest(page.buildId);
          if (tab.hung) {
            // Its renderer is busy for good: a fresh tab goes on with the crawl.
            await tab.page.close({ runBeforeUnload: false }).catch(() => undefined);
            tab = new Tab(await context.newPage(), menusOpened);
          }
        } finally {
          active--;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    pages.splice(0, pages.length, ...crawlOrder(pages, ['/', ...sitemap.paths, ...manifestPages(framework.manifestRoutes ?? [])], ledTo));
    // Follow-ups (follow-up.ts): a few link clicks and made-up paths, within the budget. Each one loads
    // its own page, so they share a few tabs side by side; their facts and log lines keep the plan's order.
    const followStart = Date.now();
    const tabs = await Promise.all(Array.from({ length: Math.max(1, concurrency) }, async () => new Tab(await context.newPage())));
    const inTabs = <T, R>(plan: T[], run: (tab: Tab, item: T) => Promise<R>, among = tabs) => inOrder(plan, among, deadline, run);
    const said = (c: ClickFact) => `${c.from} → ${c.to}: ${c.error ?? (c.clientSide ? 'client-side' : 'document load')}${c.pageData ? `, page data (${c.pageDataShape})` : c.prefetched ? ', prefetched before' : ''}`;
    for (const fact of await inTabs(clickCandidates(pages), (tab, c) => tab.clickThrough(origin, c.from, c.to))) {
      clicks.push(fact);
      opts.log?.(`     click ${said(fact)}`);
    }
    // The navigation chain the pickers take, walked once as R2.7 walks it: its clicks prove client-side pairs for
    // pageData's last way (never the chain's choice). Beside it, in the other tabs, what the framework alone provides.
    const walking = (async () => {
      for (let i = 0; i < FOLLOW_UP.walks && Date.now() < deadline; i++) {
        const chain = chainToWalk(pages, clicks);
        if (!chain) break;
        const steps = await tabs[0].walk(origin, chain);
        clicks.push(...steps);
        opts.log?.(`     walk ${chain.join(' → ')}: ${steps.map(said).join('; ')}`);
      }
    })();
    // What the framework alone provides (framework.ts): its not-found page, a made-up address, its real error
    // answers; then the made-up paths of the fallback probes. One tab walks, the others visit (with one tab, after the walk).
    const visits = [
      ...frameworkPagePlan(pages).map((path) => ({ path, probe: false })),
      ...fallbackProbes(pages, opts.mode, started.toString(36), undefined, framework.manifestRoutes).map((path) => ({ path, probe: true })),
    ];
    const visiting = (async () => {
      if (tabs.length === 1) await walking;
      return inTabs(visits, (tab, v) => tab.visit(origin, v.path, { menus: false }), tabs.length > 1 ? tabs.slice(1) : tabs);
    })();
    const requests = (async () => {
      for (const r of frameworkRequestPlan(pages, framework.manifestRoutes ?? [], opts.mode)) {
        if (Date.now() >= deadline) break;
        // One answer as guessed is enough for each guess.
        if (framework.requests.some((x) => x.guess === r.guess && x.status === GUESSED_STATUS[r.guess] && x.showsCode)) continue;
        framework.requests.push(await sendFrameworkRequest(origin, r));
      }
    })();
    const [visited] = await Promise.all([visiting, walking, requests]);
    visited.forEach(({ page }, i) => {
      if (!visits[i].probe) {
        framework.pages.push(page);
        opts.log?.(`     framework ${page.status || '---'} ${page.path}${page.firstHeading ? ` ("${page.firstHeading}")` : ''}`);
      }
    });
    for (const answer of framework.requests) opts.log?.(`     framework ${answer.method} ${answer.path}: ${answer.status || answer.error}${answer.showsCode ? ' (shows its code)' : ''}`);
    visited.forEach(({ page }, i) => {
      if (!visits[i].probe) return;
      probes.push(page);
      opts.log?.(`     probe ${page.status || '---'} ${page.path}${page.pageDataRequested.includes(page.path) ? ' (fetched its own data: generated on demand)' : ''}`);
    });
    followUpMs = Date.now() - followStart;
    await context.close();
  } finally {
    await browser.close();
  }
  return {
    origin, mode: opts.mode, pages,
    robots: { found: !!robots, disallows: robots?.rules.filter((r) => !r.allow).length ?? 0, ignored: !!opts.ignoreRobots },
    sitemap: { found: sitemap.found, paths: sitemap.paths.length, ...(sitemap.rebasedFrom.length ? { rebasedFrom: sitemap.rebasedFrom } : {}) },
    skippedByRobots: frontier.skipped,
    stoppedBy, notVisited: frontier.pending,
    ...(opts.allPages ? { allPages: { unvisited: frontier.unvisited() } } : {}),
    shapes: frontier.shapes(),
    clicks, probes, followUpMs, framework,
    durationMs: Date.now() - started,
  };
}

/**
 * Runs `run` over `plan` in the given tabs, one item per tab at a time, and gives the results in the
 * plan's order; an item not started by the deadline is left out, as are the ones after it.
 */
async function inOrder<T, R>(plan: T[], tabs: Tab[], deadline: number, run: (tab: Tab, item: T) => Promise<R>): Promise<R[]> {
  const results: (R | undefined)[] = [];
  let next = 0;
  let stopAt = plan.length;
  await Promise.all(tabs.map(async (tab) => {
    for (let i = next++; i < stopAt; i = next++) {
      if (Date.now() >= deadline) { stopAt = Math.min(stopAt, i); return; }
      results[i] = await run(tab, plan[i]);
    }
  }));
  return results.slice(0, stopAt) as R[];
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

