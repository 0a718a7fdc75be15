import type { Page, Request } from '@playwright/test';
import { settle } from '../harness/navigation';
import { readPageData, requestLike } from '../harness/page-data';
import type { Target } from '../harness/fixtures';
import type { Observer } from '../harness/observe';
import { scenarioFor, type Scenarios } from '../harness/profile';

/**
 * Shared by the every-page checks (R2.6, C7.4, R2.2 *-every-page.spec.ts): load each page the
 * profile's `sitePages` lists once, in one tab, and keep what the page asked for meanwhile. A page
 * that does not load is reported as such and the others are still checked; nothing here waits
 * without a bound, and nothing waits for the network to go idle.
 */

export type SitePages = NonNullable<Scenarios['sitePages']>;

export const NO_SITE_PAGES = {
  missing: 'the target profile lists no pages for the every-page checks (no "sitePages" scenario)',
  fix: 'run without --profile so discovery lists the crawled pages, or add "sitePages": {"paths": [...]} to the profile',
};

/** The profile's sitePages for this mode; without one the test ends `untested`, saying how to get one. */
export function sitePagesOf(target: Target, obs: Observer): SitePages {
  return scenarioFor(target.profile, 'sitePages', target.mode) ?? obs.untested(NO_SITE_PAGES.missing, NO_SITE_PAGES.fix);
}

export interface Loaded {
  path: string;
  status?: number;
  /** Why the page could not be loaded or settled (then its checks could not complete). */
  error?: string;
  /** Requests of the main frame made while the page was loaded and sat in view. */
  requests: Request[];
}

/** Loads each path in turn; `check` runs while the page is shown. */
export async function eachSitePage(page: Page, paths: string[], check: (l: Loaded) => Promise<void>, sit = { quietMs: 500, maxMs: 3_000 }): Promise<Loaded[]> {
  let current: Request[] = [];
  let lastPageData = 0;
  const onRequest = (r: Request) => {
    if (!inMainFrame(r, page)) return;
    current.push(r);
    if (readPageData(requestLike(r))) lastPageData = Date.now();
  };
  page.on('request', onRequest);
  const all: Loaded[] = [];
  try {
    for (const path of paths) {
      current = [];
      const l: Loaded = { path, requests: current };
      try {
        const res = await page.goto(path, { waitUntil: 'commit', timeout: 15_000 });
        l.status = res?.status();
        await settle(page, undefined, 15_000);
        // Prefetches of the links in view start after the app has started: give them a bounded while to be asked for.
        const until = Date.now() + sit.maxMs;
        lastPageData = Math.max(lastPageData, Date.now());
        while (Date.now() < until && Date.now() - lastPageData < sit.quietMs) await page.waitForTimeout(100);
      } catch (e) {
        l.error = String((e as Error)?.message ?? e).split('\n')[0];
      }
      if (!l.error) await check(l);
      all.push(l);
    }
  } finally {
    page.off('request', onRequest);
  }
  return all;
}

/** Words for the evidence: the pages checked and, for partly listed route shapes, how many there were. */
export function coverage(s: SitePages): { pages: number; shapes: SitePages['shapes'] } {
  return { pages: s.paths.length, shapes: s.shapes ?? [] };
}

/**
 * Waits (bounded) for a request's answer. A response whose use the browser then refused (e.g. a
 * stylesheet blocked for its content type) is still an answer: its status and type are returned,
 * with the failure. undefined when nothing came within `ms`.
 */
export async function answerOf(r: Request, ms = 10_000): Promise<{ status: number; contentType: string; failure?: string } | { failure: string } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const res = await Promise.race([
    r.response().catch(() => null),
    new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); }),
  ]).finally(() => clearTimeout(timer));
  if (res) {
    const failure = r.failure()?.errorText;
    return { status: res.status(), contentType: (await res.allHeaders().catch(() => res.headers()))['content-type'] ?? '', ...(failure ? { failure } : {}) };
  }
  if (res === null || r.failure()) return { failure: r.failure()?.errorText ?? 'no answer' };
  return undefined;
}

/** Requests of the page's own frame (a service worker's requests have no frame: Playwright throws). */
function inMainFrame(r: Request, page: Page): boolean {
  try { return r.frame() === page.mainFrame(); } catch { return false; }
}
