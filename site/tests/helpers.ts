import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

// Small helpers shared by the site checks (not by the conformance suite, which judges any target).

/** The framework has taken over the page (its route announcer is in the document). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('next-route-announcer').waitFor({ state: 'attached' });
}

/** The path of the first /_next/static script a page's HTML loads (query left off), if any. */
export function firstScriptSrc(html: string): string | undefined {
  return /<script[^>]+src="(\/_next\/static\/[^"?]+\.js)/.exec(html)?.[1];
}

/** A GET that neither follows redirects nor throws on an error status. */
export async function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  return request.get(path, { headers, maxRedirects: 0, failOnStatusCode: false });
}

/** The page's framework code ran (App Router and Pages Router both set window.next). */
export async function expectHydrated(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { next?: unknown }).next), { message: `hydrated: ${page.url()}` }).toBe('object');
}
