import type { Page, Request } from '@playwright/test';
import { pageDataTarget } from './requests';
import { patience } from '../run/slow';
import { linkTo } from '../observers/activate';

/**
 * What a visit does on a page besides reading it (visit.ts's Tab): sitting in view until its
 * prefetches go quiet, scrolling through it, hovering its links. Each wait is named and bounded.
 */

/** Bounds of one page visit (each wait is for a named thing and ends on its own), on the reference machine: each is used × the run's factor (run/slow.ts). */
export const VISIT = {
  loadTimeoutMs: 15_000,
  /** Waiting for the router (window.next) on pages that load /_next/ scripts. */
  hydrateMs: 3_000,
  /** The page sits in view until no new page-data request for `quietMs`, at most `sitMs`. */
  quietMs: 500,
  sitMs: 3_000,
  /** At the bottom of a tall page with links below the fold: how long the first prefetch they start is awaited. */
  lateMs: 1_500,
  /** Scrolling through a tall page: at most this many viewport-high steps, `stepMs` apart. */
  scrollSteps: 10,
  stepMs: 120,
  /** Pages Router pages: links hovered, and how long a hover's script requests are awaited. */
  hoverLinks: 8,
  hoverMs: 800,
  /** After a click on a link: waiting for the address to change. */
  clickMs: 5_000,
};

/** The requests of one visit, and when the last prefetch of it was asked for. */
export interface Visit { requests: Request[]; lastPageData: number }

/** A request as the page-data readers take it. */
export function wire(r: Request) {
  return { url: r.url(), method: r.method(), resourceType: r.resourceType(), headers: r.headers() };
}

export async function sitUntilQuiet(page: Page, visit: Visit): Promise<void> {
  const until = Date.now() + patience(VISIT.sitMs);
  visit.lastPageData = Math.max(visit.lastPageData, Date.now());
  while (Date.now() < until && Date.now() - visit.lastPageData < patience(VISIT.quietMs)) await page.waitForTimeout(100);
}

/** Hovers up to `VISIT.hoverLinks` visible same-origin links and notes the scripts each hover asked for. */
export async function hoverLinks(page: Page, visit: Visit, origin: string, all: { href: string; url: string; visible: boolean; inMain: boolean }[], self: string, scriptsOf: (rs: Request[]) => string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  // The page's content links (its <main>, when it has one): header links are rarely router links here.
  const links = all.some((l) => l.inMain) ? all.filter((l) => l.inMain) : all;
  for (const l of links) {
    if (out.size >= VISIT.hoverLinks) break;
    let u: URL;
    try { u = new URL(l.url); } catch { continue; }
    if (!l.visible || u.origin !== origin || u.pathname === self || out.has(u.pathname) || !l.href.startsWith('/')) continue;
    const mark = visit.requests.length;
    const ok = await linkTo(page, l.href).hover({ timeout: patience(3_000), force: true }).then(() => true, () => false);
    if (!ok) continue;
    // Until the first script is asked for (then a moment for the rest), at most hoverMs.
    const until = Date.now() + patience(VISIT.hoverMs);
    while (Date.now() < until && !scriptsOf(visit.requests.slice(mark)).length) await page.waitForTimeout(50);
    await page.waitForTimeout(50);
    out.set(u.pathname, scriptsOf(visit.requests.slice(mark)));
  }
  await page.mouse.move(0, 0).catch(() => undefined);
  return out;
}

/** Scrolls through a tall page, so router links below the fold show themselves by their prefetch. */
export async function scrollThrough(page: Page, visit: Visit, height: number, viewport: number, belowFold: boolean): Promise<void> {
  const steps = Math.min(VISIT.scrollSteps, Math.ceil(height / viewport));
  const pageData = () => visit.requests.filter((r) => pageDataTarget(wire(r)) !== undefined).length;
  const before = pageData();
  for (let i = 1; i <= steps; i++) {
    await page.evaluate(`window.scrollTo(0, ${i * viewport})`).catch(() => undefined);
    await page.waitForTimeout(VISIT.stepMs);
  }
  // At the bottom until prefetches go quiet: a link seen only for one short step may not have
  // been prefetched yet on a busy machine (the page's last link is often the one a test clicks).
  // With links below the fold, the first prefetch they start is awaited first (at most lateMs).
  const until = Date.now() + patience(VISIT.lateMs);
  while (belowFold && pageData() === before && Date.now() < until) await page.waitForTimeout(100);
  await sitUntilQuiet(page, visit);
  await page.evaluate('window.scrollTo(0, 0)').catch(() => undefined);
  await sitUntilQuiet(page, visit);
}
