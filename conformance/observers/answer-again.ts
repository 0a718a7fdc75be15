import type { APIRequestContext } from '@playwright/test';
import { getAsSite } from '../access/browser';
import { patience } from '../run/slow';

/**
 * A script or stylesheet the page itself dropped (the browser cancelled it while no move of the
 * harness was under way, observers/cancelled.ts) may still have been answered by the site: Chromium
 * drops a stylesheet answered `text/plain` before any answer reaches Playwright. Its answer is then
 * the site's answer to the same address, fetched again with the run's access. Only assets: a
 * page-data request's answer depends on the router's own headers, which a plain GET does not send.
 */
export async function answerAgain(request: APIRequestContext, url: string): Promise<{ status: number; contentType: string } | undefined> {
  try {
    const res = await getAsSite(request, url, { timeout: patience(10_000) });
    const answer = { status: res.status(), contentType: res.headers()['content-type'] ?? '' };
    await res.dispose().catch(() => undefined);
    return answer;
  } catch {
    return undefined;
  }
}

/** How the evidence says it, after the browser's own words. */
export const FETCHED_AGAIN = 'dropped by the page while it was open, no move of the harness; the answer judged is the site\'s to the same address, fetched again';
