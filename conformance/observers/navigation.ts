import type { Page, Response } from '@playwright/test';
import { describeBound, patience } from '../run/slow';
import { LATE, orLate } from './bound';
import { activateLink, linkTo } from './activate';
import type { FakeClock } from './clock';
import type { Outcomes } from './outcomes';
import type { RequestLog } from './request-log';
import { pathOf, within } from './sample';
import { ERROR_SCREEN_SCENARIOS, requireSitePage, siteFix } from './site-page';
import { timed } from './timing';
import { seconds } from '../../launcher/format';

/**
 * Loaded and started: the load event, every script and stylesheet of the document answered,
 * and — on a page that loads /_next/ scripts — the client application started (window.next).
 * Only the page's own assets are awaited, never its fetches: a prefetch the target leaves
 * pending forever cannot stall a test (no wait for the network to go idle). Bounded by the harness's
 * patience (`timeoutMs` on the reference machine × the run's factor, run/slow.ts); with an observer a
 * page that does not get there makes the test cantTell, naming what was still pending.
 */
export function settle(page: Page, obs?: Outcomes, timeoutMs = 15_000): Promise<void> {
  return timed('load', () => settleNow(page, obs, timeoutMs));
}

async function settleNow(page: Page, obs: Outcomes | undefined, timeoutMs: number): Promise<void> {
  const path = safePath(page);
  const deadline = Date.now() + patience(timeoutMs);
  const left = () => Math.max(1, deadline - Date.now());
  try {
    await page.waitForLoadState('load', { timeout: left() });
  } catch {
    return giveUp(obs, `the load event of ${path}`, timeoutMs);
  }
  let last: Pending = { assets: [], app: false, ready: false };
  while (Date.now() < deadline) {
    last = await page.evaluate(readPending, null).catch(() => ({ assets: ['(the page was being replaced)'], app: false, ready: false }));
    // Under Playwright's fake clock performance.getEntries*() answer [] : ask a PerformanceObserver instead.
    // If no observer answers, the load event (which waits for the document's own scripts and stylesheets) has to do.
    if (last.faked) last = await page.evaluate(readPending, (await observedResources(page)) ?? ['*']).catch(() => last);
    if (last.ready && !last.assets.length && !last.app) {
      // One macrotask (not timer-based, so a paused fake clock cannot hold it) for scripts just run.
      await page.evaluate(() => new Promise<void>((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); })).catch(() => undefined);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const what = [
    !last.ready ? 'document.readyState "complete"' : '',
    last.assets.length ? `answers to ${last.assets.slice(0, 5).join(', ')}${last.assets.length > 5 ? ` and ${last.assets.length - 5} more` : ''}` : '',
    last.app ? 'the client application to start (window.next)' : '',
  ].filter(Boolean).join('; ');
  return giveUp(obs, `${path} to finish loading: ${what}`, timeoutMs);
}

interface Pending { assets: string[]; app: boolean; ready: boolean; faked?: boolean }

/** Names of the page's resource-timing entries through a PerformanceObserver (not replaced by the fake clock); null when none answer within 1 s. */
async function observedResources(page: Page): Promise<string[] | null> {
  const names = page.evaluate(() => new Promise<string[]>((resolve) => {
    const po = new PerformanceObserver((list) => { po.disconnect(); resolve(list.getEntries().map((e) => e.name)); });
    po.observe({ type: 'resource', buffered: true });
  }));
  return orLate(patience(1_000), names).then((r) => (r === LATE ? null : r), () => null);
}

/** Runs in the page: assets of the document with no resource-timing entry yet, and whether the app started. */
function readPending(observed: string[] | null): Pending {
  const urls = [
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) => !s.noModule).map((s) => s.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"][href]')).filter((l) => !l.disabled).map((l) => l.href),
  ].filter((u) => /^https?:/.test(u));
  // A real page always has a navigation entry; none means performance is faked (page.clock).
  const faked = performance.getEntriesByType('navigation').length === 0;
  if (faked && !observed) return { assets: [], app: false, ready: false, faked: true };
  const seen = observed ? new Set(observed) : undefined;
  const assets = seen?.has('*') ? [] : urls.filter((u) => (seen ? !seen.has(u) : performance.getEntriesByName(u).length === 0));
  const usesNext = urls.some((u) => new URL(u).pathname.startsWith('/_next/'));
  const app = usesNext && typeof (window as unknown as { next?: unknown }).next !== 'object';
  return { assets, app, ready: document.readyState === 'complete' };
}

function giveUp(obs: Outcomes | undefined, what: string, timeoutMs: number): never {
  const message = `waited ${describeBound(timeoutMs)} for ${what}`;
  if (obs) obs.cantTell(message);
  throw new Error(message);
}

function safePath(page: Page): string {
  try {
    const u = new URL(page.url());
    return u.pathname + u.search;
  } catch {
    return page.url();
  }
}

/**
 * Follows the first visible link to `href` (activateLink: focus and Enter, no hover). A page
 * without such a link is a gap in the target profile: with an observer the test is `untested`,
 * naming the page and the link it lacks.
 */
export async function clickLinkTo(page: Page, href: string, obs?: Outcomes): Promise<void> {
  const link = linkTo(page, href);
  const found = await link.waitFor({ state: 'attached', timeout: patience(7_000) }).then(() => true, () => false);
  if (!found) {
    const where = safePath(page);
    const missing = `${where} has no visible link to ${href}`;
    if (obs) obs.untested(missing, `name in the profile a page that links to ${href}`);
    throw new Error(missing);
  }
  // Bounded: a link that cannot be followed (detached, not focusable) is an action that did not complete.
  if (obs) await obs.waitFor(`following the link to ${href} on ${safePath(page)}`, () => activateLink(link), 11_000);
  else await activateLink(link);
}

/** What a page loaded by open() is to its scenario (observers/site-page.ts). */
export interface OpenAs {
  /** The profile's scenario that names the page (for the fix in an `untested` reason). */
  scenario: string;
  /** An error path (unknown paths, status pages, real error answers): 4xx/5xx is expected, only another server's page is unusable. */
  errorPath?: boolean;
  timeoutMs?: number;
}

/**
 * Loads `path` as a new document and settles it. Bounded: an answer that does not come makes the
 * test cantTell, naming the address. Only the site's own pages are evidence: an error status where
 * the page must exist, or another server's page, ends the test `untested` (site-page.ts). Returns
 * the document's answer (its status is evidence).
 */
export async function open(page: Page, path: string, obs: Outcomes, { scenario, errorPath = false, timeoutMs = 15_000 }: OpenAs): Promise<Response | null> {
  const res = await obs.waitFor(`the answer to ${path}`, () => page.goto(path, { waitUntil: 'commit', timeout: patience(timeoutMs) }), timeoutMs + 1_000);
  await settle(page, obs);
  await requireSitePage(page, obs, { path, res, errorPath, errorScreen: ERROR_SCREEN_SCENARIOS.includes(scenario), fix: siteFix(scenario) });
  return res;
}

/** Whether two URLs name the same address: origin, path (a trailing slash aside) and query; the hash is ignored. */
export function sameAddress(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b, a);
    const path = (u: URL) => (u.pathname.length > 1 ? u.pathname.replace(/\/+$/, '') : u.pathname);
    return x.origin === y.origin && path(x) === path(y) && x.search === y.search;
  } catch {
    return false;
  }
}

/**
 * Waits until the page is at `href` (after a click, Back, Forward). Bounded: when the address does
 * not change the test is cantTell, naming the address and what should have led there.
 */
export function waitForAddress(page: Page, href: string, obs: Outcomes, after: string, timeoutMs = 15_000): Promise<void> {
  return timed('wait', () => waitForAddressNow(page, href, obs, after, timeoutMs));
}

async function waitForAddressNow(page: Page, href: string, obs: Outcomes, after: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + patience(timeoutMs);
  while (!sameAddress(page.url(), href)) {
    if (Date.now() >= deadline) obs.cantTell(`waited ${describeBound(timeoutMs)} for the address to become ${href} after ${after}; the page stayed at ${safePath(page)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a click made at a given age of prefetched data led to. */
export interface AtAge {
  /** The age reached on the page's clock at the click (ms). */
  age: number;
  /** The request log's mark just before the click. */
  since: number;
  /** Page-data requests for the target since the click (URLs). */
  pageData: string[];
  /** Whole-page loads since the click (URLs). */
  documents: string[];
}

/**
 * Follows the visible link to `to` on `from` when `ageMs` have passed on the page's clock since
 * `mark` (the time-bound rules K9.3, K9.4), waits for the address, then up to `waitForDataMs` for a
 * page-data request for `to` (a fetch anew is started with the navigation), and settles. A page
 * without the link leaves the test `untested`, with `fix`. The link is followed by
 * focus and Enter, never hovered (a hover may prefetch it).
 */
export async function navigateAtAge(
  page: Page, { log, clock, obs }: { log: RequestLog; clock: FakeClock; obs: Outcomes },
  { from, to, mark, ageMs, waitForDataMs = 0, fix }: { from: string; to: string; mark: number; ageMs: number; waitForDataMs?: number; fix: string },
): Promise<AtAge> {
  const link = linkTo(page, to);
  if (!(await link.count())) return obs.untested(`${from} shows no visible link written href="${to}"`, fix);
  const since = log.mark();
  const age = await obs.waitFor(`the activation (focus and Enter) of the link to ${to} at ${ageMs / 1000} s`, () => clock.clickAtAge(link, mark, ageMs), 20_000);
  await obs.until(`the address to become ${to} after clicking its link on ${from} at ${seconds(age)}`, () => pathOf(page) === to, 15_000);
  if (waitForDataMs > 0) await within(waitForDataMs, () => log.pageDataFor(to, since).length > 0);
  await settle(page, obs);
  return { age, since, pageData: log.pageDataFor(to, since), documents: log.documents(since).map((d) => d.url) };
}

/** Re-exported: the tests follow links through this module. */
export { activateLink, linkTo };
