import type { Browser, TestInfo } from '@playwright/test';
import type { SiteUnderTest } from '../harness/fixtures';
import type { Observer } from '../harness/observe';
import { scenarioFor, type Scenarios } from '../run/profile';
import { sharedOnce } from '../setup/shared-once';
import { walkSite, type WalkPage } from '../observers/site-walk';
import { timed } from '../observers/timing';
import { patience } from '../run/slow';
import { test } from '../harness/fixtures';

/**
 * Shared by the every-page checks (R2.6, C7.4, R2.2 *-every-page.spec.ts): the pages the profile's
 * `sitePages` lists, walked once per mode and run (observers/site-walk.ts) and judged by each clause.
 * A page that does not load is reported as such and the others are still checked.
 */

export type SitePages = NonNullable<Scenarios['sitePages']>;
export type { WalkPage };

export const NO_SITE_PAGES = {
  missing: 'the target profile lists no pages for the every-page checks (no "sitePages" scenario)',
  fix: 'run without --profile so discovery lists the crawled pages, or add "sitePages": {"paths": [...]} to the profile',
};

/**
 * The every-page tests' bounds grow with the pages listed (--all-pages lists every page found): the
 * test's 45 s and the wait for another worker's walk (120 s), each plus a second a page, on the
 * reference machine (× the run's factor).
 */
const PER_PAGE_MS = 1_000;

/** The profile's sitePages for this mode; without one the test ends `untested`, saying how to get one. */
export function sitePagesOf(target: SiteUnderTest, obs: Observer): SitePages {
  const s = scenarioFor(target.profile, 'sitePages', target.mode) ?? obs.untested(NO_SITE_PAGES.missing, NO_SITE_PAGES.fix);
  test.info().setTimeout(patience(45_000 + PER_PAGE_MS * s.paths.length));
  return s;
}

/**
 * The walk of the listed pages for this mode. A retry or a repetition walks anew; tests of the
 * same attempt share one walk.
 */
export function walkOf(browser: Browser, target: SiteUnderTest, sitePages: SitePages, info: TestInfo): Promise<WalkPage[]> {
  const key = `walk-${target.mode}-r${info.repeatEachIndex}-a${info.retry}`;
  return timed('load', () => sharedOnce(key, () => walkSite(browser, target.url, sitePages.paths), patience(120_000 + PER_PAGE_MS * sitePages.paths.length)));
}

/** Words for the evidence: the pages checked and, for partly listed route shapes, how many there were. */
export function coverage(s: SitePages): { pages: number; shapes: SitePages['shapes'] } {
  return { pages: s.paths.length, shapes: s.shapes ?? [] };
}
