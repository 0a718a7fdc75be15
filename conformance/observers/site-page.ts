import type { Page, Response } from '@playwright/test';
import { currentRun } from '../run/channel';
import type { Outcomes } from './outcomes';
import { patience } from '../run/slow';

/**
 * Only the site's own pages are evidence. A page a scenario names that does not answer as a page
 * of this site — an error status where the page must exist, or another server's page (a host's
 * own 404, a proxy's error page: no script of the site, no bootstrap data of its framework) —
 * makes that scenario unusable: the test is `untested`, naming the page and what it answered,
 * never `failed`. Pages on an error path (unknown paths, status pages, real error answers, a
 * broken link's target) may answer 4xx/5xx: for them only "not this site's page" counts.
 *
 * The site's scripts come from one asset prefix, read by the probe from the home page
 * (/_next/static/, or under a basePath or assetPrefix) and kept in the run's facts. The same
 * judgement, in the same words, is made on raw HTML by the pre-flight (scenarios/check.ts).
 */

/** Where a Next.js site's scripts come from when the home page says nothing else. */
export const DEFAULT_ASSET_PREFIX = '/_next/static/';

/** The asset prefix the HTML's scripts and stylesheets come from ("/_next/static/", "/base/_next/static/", "https://cdn…/_next/static/"). */
export function assetPrefixOf(html: string): string | undefined {
  const m = /<(?:script|link)\b[^>]*\b(?:src|href)="([^"]*?\/_next\/static\/)/i.exec(html);
  return m?.[1];
}

/** Whether raw HTML is a page of the site: it loads a script or stylesheet under the prefix, or carries the framework's bootstrap data. */
export function htmlIsOfSite(html: string, prefix: string = DEFAULT_ASSET_PREFIX): boolean {
  if (/id="__NEXT_DATA__"/.test(html) || /self\.__next_f/.test(html)) return true;
  // The prefix's path, whatever origin the HTML writes it with (relative, or absolute on a CDN).
  const path = prefix.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  const esc = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<(?:script|link)\\b[^>]*\\b(?:src|href)="(?:[a-z][a-z0-9+.-]*://[^"/]+)?${esc}`, 'i').test(html);
}

/** What a page answered, as far as judging it as the site's page goes. */
export interface PageAnswer {
  path: string;
  /** The HTTP status of the document, when one was answered. */
  status?: number;
  /** It loads a script under the site's prefix, or carries the framework's bootstrap data. */
  ofSite: boolean;
}

export interface PageRole {
  /** An error path (unknown paths, status pages, real error answers, a broken link's target): 4xx/5xx is what is expected. */
  errorPath?: boolean;
  /** The site's asset prefix, for the words. */
  prefix?: string;
}

/**
 * Why a scenario cannot use this answer, or undefined when it can. The words are the same in
 * the test's `untested` reason and in the pre-flight's "NOT usable" note.
 */
export function unusablePage(a: PageAnswer, role: PageRole = {}): string | undefined {
  const answered = a.status === undefined ? 'gave no HTTP status' : `answered HTTP ${a.status}`;
  const missing = !role.errorPath && a.status !== undefined && a.status >= 400;
  if (!a.ofSite) {
    return `${a.path} ${answered} with a page that is not this site's: it loads no script under ${role.prefix ?? DEFAULT_ASSET_PREFIX} and carries no framework bootstrap data (another server's page is no evidence of the site)`;
  }
  if (missing) return `${a.path} ${answered}: the page must exist on the site (its own error page is no page of this scenario)`;
  return undefined;
}

/** The asset prefix of the run's target at `url`'s origin (the probe read it from the home page), else the default. */
export function assetPrefixFor(url: string): string {
  let origin: string;
  try { origin = new URL(url).origin; } catch { return DEFAULT_ASSET_PREFIX; }
  for (const t of currentRun().targets) {
    try {
      if (t.url && new URL(t.url).origin === origin) return t.probe?.assetPrefix ?? DEFAULT_ASSET_PREFIX;
    } catch { /* a target URL that does not parse names no origin */ }
  }
  return DEFAULT_ASSET_PREFIX;
}

/**
 * The origins whose answers are the site's own delivery: the target's, and the one its asset
 * prefix names when the site serves its assets from another host (a CDN behind `assetPrefix`).
 */
export function siteOriginsFor(url: string): string[] {
  const origins = new Set<string>();
  try { origins.add(new URL(url).origin); } catch { return []; }
  try { origins.add(new URL(assetPrefixFor(url)).origin); } catch { /* a relative prefix: the target's origin */ }
  return [...origins];
}

/**
 * Runs in the page: whether the document loads a script or stylesheet under `prefix`, or carries
 * the framework's bootstrap data. A page that cannot be read (its document was being replaced) is
 * read once more; if it still cannot be, the answer is undefined — no observation, never "not the
 * site's page".
 */
export async function pageIsOfSite(page: Page, prefix = assetPrefixFor(page.url())): Promise<boolean | undefined> {
  const first = await readOfSite(page, prefix);
  if (first !== undefined) return first;
  await new Promise((r) => setTimeout(r, patience(250)));
  return readOfSite(page, prefix);
}

function readOfSite(page: Page, prefix: string): Promise<boolean | undefined> {
  return page.evaluate((p) => {
    const base = new URL(p, location.href).href;
    const w = window as unknown as { __next_f?: unknown; __NEXT_DATA__?: unknown };
    if (document.getElementById('__NEXT_DATA__') || Array.isArray(w.__next_f) || (w.__NEXT_DATA__ && typeof w.__NEXT_DATA__ === 'object')) return true;
    const urls = [
      ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).map((s) => s.src),
      ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[href]')).map((l) => l.href),
      ...performance.getEntriesByType('resource').map((e) => e.name),
    ];
    return urls.some((u) => u.startsWith(base));
  }, prefix).catch(() => undefined);
}

/**
 * Ends the test `untested` when the page shown for `path` is not usable for its scenario (see
 * unusablePage), naming the page, what it answered, and `fix`. `res` is the document's answer,
 * when the test has it (a page reached by a click may have none). Returns whether it is the site's.
 */
export async function requireSitePage(page: Page, obs: Outcomes, { path, res, status, errorPath = false, errorScreen = false, fix }: { path: string; res?: Response | null; status?: number; errorPath?: boolean; errorScreen?: boolean; fix: string }): Promise<void> {
  const prefix = assetPrefixFor(page.url());
  const ofSite = await pageIsOfSite(page, prefix);
  if (ofSite === undefined) obs.cantTell(`the page shown for ${path} could not be read to tell whether it is the site's own (its document was being replaced)`);
  const why = unusablePage({ path, status: status ?? res?.status(), ofSite }, { errorPath, prefix });
  if (why) obs.untested(why, fix);
  if (!errorScreen) await requireNoErrorScreen(page, obs, path);
}

/**
 * The framework's failure screens (R2.4's client-side application error, R2.5's global failure
 * page): a page showing one is the subject of those two clauses only.
 */
export const ERROR_SCREEN = /^Application error: a (?:client|server)-side(?: \(or client-side\))? exception has occurred/;
/** The scenarios whose pages show a failure screen on purpose (R2.4, R2.5). */
export const ERROR_SCREEN_SCENARIOS: readonly string[] = ['noStatusError', 'clientCrash', 'serverCrash'];

/** The failure screen's line when the page shows one, else undefined (also when it cannot be read). */
export async function errorScreenOf(page: Page): Promise<string | undefined> {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
  return text.split('\n').map((l) => l.trim()).find((l) => ERROR_SCREEN.test(l));
}

/** A page showing the framework's failure screen is no subject outside R2.4 and R2.5: the test is untested, naming it. */
export async function requireNoErrorScreen(page: Page, obs: Outcomes, path: string): Promise<void> {
  const line = await errorScreenOf(page);
  if (line) obs.untested(`${path} shows the framework's failure screen ("${line.slice(0, 120)}"): a page that crashed is the subject of R2.4 and R2.5 only`, 'name in the profile a page of the site that works');
}

/** The fix for a page that is not the site's: serve the site so it answers with its own page, or name another. */
export function siteFix(scenario: string): string {
  return `serve the site so that this address answers with one of its own pages, or name in the profile (${scenario}) a page the site has`;
}
