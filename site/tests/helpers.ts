import type { Page } from '@playwright/test';

// Small helpers shared by the site checks (not by the conformance suite, which judges any target).

/** The framework has taken over the page (its route announcer is in the document). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('next-route-announcer').waitFor({ state: 'attached' });
}

/** The path of the first /_next/static script a page's HTML loads (query left off), if any. */
export function firstScriptSrc(html: string): string | undefined {
  return /<script[^>]+src="(\/_next\/static\/[^"?]+\.js)/.exec(html)?.[1];
}
