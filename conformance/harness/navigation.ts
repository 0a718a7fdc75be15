import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { markUntested } from './clause';

/** Loaded, hydrated and quiet: the load event, readyState complete, then no network for a while. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForLoadState('networkidle');
}

/**
 * Clicks the first visible link to `href`. Without `info`, a missing link fails the test; with it,
 * a missing link is a gap in the target profile and marks the test `untested` instead.
 */
export async function clickLinkTo(page: Page, href: string, info?: TestInfo): Promise<void> {
  const link = page.locator(`a[href="${href}"]:visible`).first();
  if (info) {
    const found = await link.waitFor({ state: 'attached', timeout: 7_000 }).then(() => true, () => false);
    if (!found) markUntested(info, `the profile goes from ${new URL(page.url()).pathname} to ${href} by a link, but that page has no visible link to ${href}`);
  } else {
    await expect(link, `a visible link to ${href} on ${page.url()}`).toBeAttached();
  }
  await link.click();
}
