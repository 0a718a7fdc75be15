import type { Route } from '@playwright/test';
import type { Page } from '../harness/fixtures';
import type { Observer } from '../harness/observe';
import { fetchHtml, ownScript } from '../observers/own-script';
import { visibleLines } from '../observers/page-text';
import { requireSitePage, siteFix } from '../observers/site-page';
import { within } from '../observers/sample';
import { patience } from '../run/slow';

/**
 * R2.5's way without a crash control: the page's own script answer fails, as a real network fails
 * one (net::ERR_FAILED), while the page loads. The site's code and files are never changed.
 *
 * A script that fails at once fails before the page's code waits for it: the App Router's chunk loader
 * then finds the dead script element and waits on it (webpack's loader gives up only after 120 s), so
 * nothing fails. The harness therefore holds the answer until the page's code has asked for the script
 * (webpack hangs its load handler on the element the HTML wrote; Turbopack asks for it again), or for
 * a bound, and then fails it; every later request for it fails at once.
 */
export interface FailedScript {
  script: string;
  why: string;
  /** The injected conditions, in words. */
  conditions: string[];
  /** The page's visible lines before the script was failed. */
  before: string[];
}

/** Pages Router: no failure page to observe by failing its code (docs/implementations.md, "Reachable from outside"). */
export const PAGES_ROUTER_UNREACHABLE = 'the Pages Router waits without end for a page or _app chunk that fails on first load (client/index.js hydrate → whenEntrypoint) and turns one that fails during a navigation into a full page load (shared/lib/router/router.js handleRouteInfoError): no failure page to observe';

export async function failOwnScript(page: Page, obs: Observer, base: string, { page: path, besides }: { page: string; besides?: string }, scenario: string): Promise<FailedScript> {
  const url = new URL(path, base).href;
  const fix = `name in the profile (${scenario}) an App Router page whose HTML names a script of its own, and another page of the site (besides) to compare its scripts with`;
  const html = await fetchHtml(page, url);
  if (!html.html) return obs.untested(`the HTML of ${path} could not be read: ${html.problem}`, fix);
  if (/id="__NEXT_DATA__"/.test(html.html)) obs.untested(`${path} is a Pages Router page: ${PAGES_ROUTER_UNREACHABLE}`, 'name in the profile an App Router page, or judge the client part by a crash control (clientCrash)');
  const other = besides ? await fetchHtml(page, new URL(besides, base).href) : undefined;
  const own = ownScript(path, html.html, url, other?.html && besides ? { path: besides, html: other.html } : undefined);
  if (!own.script) return obs.untested(`${path} has no script of its own to fail: ${own.why}${other?.problem ? ` (${other.problem})` : ''}`, fix);
  const script = own.script;

  const conditions: string[] = [];
  const held: Route[] = [];
  let failing = false;
  let asked = 0;
  await page.route((u) => u.pathname === script, async (route) => {
    asked++;
    if (!failing) { held.push(route); return; }
    conditions.push(`the harness failed ${script} (net::ERR_FAILED) when it was asked for again`);
    await route.abort('failed').catch(() => undefined);
  });
  const res = await obs.waitFor(`the answer to ${path}`, () => page.goto(path, { waitUntil: 'domcontentloaded', timeout: patience(15_000) }), 16_000);
  await requireSitePage(page, obs, { path, res, errorScreen: true, fix: siteFix(scenario) });
  const before = await visibleLines(page).catch(() => []);
  if (!(await within(10_000, () => asked > 0))) obs.untested(`${path} never asked for ${script} within ${patience(10_000) / 1000} s of its HTML`, fix);
  // Until the page's code waits for it: a load handler on the element, or a second request (bounded).
  const waited = await within(8_000, async () => asked > 1 || await page.evaluate((s) => {
    const el = Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find((e) => new URL(e.src).pathname === s);
    return !!el && (el.onerror !== null || el.onload !== null);
  }, script).catch(() => false));
  failing = true;
  conditions.unshift(`the harness held ${script} (${own.why}) ${waited ? 'until the page\'s code had asked for it' : `for ${patience(8_000) / 1000} s (the page's code was not seen asking for it)`}, then failed it (net::ERR_FAILED)`);
  await Promise.all(held.splice(0).map((r) => r.abort('failed').catch(() => undefined)));
  return { script, why: own.why, conditions, before };
}
