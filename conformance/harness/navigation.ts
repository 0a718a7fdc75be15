import type { Page } from '@playwright/test';
import type { Observer } from './observe';

/**
 * Loaded and started: the load event, every script and stylesheet of the document answered,
 * and — on a page that loads /_next/ scripts — the client application started (window.next).
 * Only the page's own assets are awaited, never its fetches: a prefetch the target leaves
 * pending forever cannot stall a test (no `networkidle`). Bounded; with an observer a
 * page that does not get there makes the test cantTell, naming what was still pending.
 */
export async function settle(page: Page, obs?: Observer, timeoutMs = 15_000): Promise<void> {
  const path = safePath(page);
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  try {
    await page.waitForLoadState('load', { timeout: left() });
  } catch {
    return giveUp(obs, `the load event of ${path}`, timeoutMs);
  }
  let last: Pending = { assets: [], app: false, ready: false };
  while (Date.now() < deadline) {
    last = await page.evaluate(readPending).catch(() => ({ assets: ['(the page was being replaced)'], app: false, ready: false }));
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

interface Pending { assets: string[]; app: boolean; ready: boolean }

/** Runs in the page: assets of the document with no resource-timing entry yet, and whether the app started. */
function readPending(): Pending {
  const urls = [
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) => !s.noModule).map((s) => s.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"][href]')).filter((l) => !l.disabled).map((l) => l.href),
  ].filter((u) => /^https?:/.test(u));
  const assets = urls.filter((u) => performance.getEntriesByName(u).length === 0);
  const usesNext = urls.some((u) => new URL(u).pathname.startsWith('/_next/'));
  const app = usesNext && typeof (window as unknown as { next?: unknown }).next !== 'object';
  return { assets, app, ready: document.readyState === 'complete' };
}

function giveUp(obs: Observer | undefined, what: string, timeoutMs: number): never {
  const message = `waited ${timeoutMs / 1000} s for ${what}`;
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
 * Clicks the first visible link to `href`. A page without such a link is a gap in the target
 * profile: with an observer the test is `untested`, naming the page and the link it lacks.
 */
export async function clickLinkTo(page: Page, href: string, obs?: Observer): Promise<void> {
  const link = page.locator(`a[href="${href}"]:visible`).first();
  const found = await link.waitFor({ state: 'attached', timeout: 7_000 }).then(() => true, () => false);
  if (!found) {
    const where = safePath(page);
    const missing = `${where} has no visible link to ${href}`;
    if (obs) obs.untested(missing, `name in the profile a page that links to ${href}, or add such a link`);
    throw new Error(missing);
  }
  await link.click();
}
