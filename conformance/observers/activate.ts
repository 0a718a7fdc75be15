import type { Locator, Page } from '@playwright/test';
import { patience } from '../run/slow';

/** The first visible link written href="`href`" (the value quoted for the selector). */
export function linkTo(page: Page, href: string): Locator {
  return page.locator(`a[href="${href.replace(/["\\]/g, '\\$&')}"]:visible`).first();
}

/**
 * Follows a link the way a keyboard user does: focused without scrolling, then Enter (the browser
 * dispatches the same click event a mouse would). No pointer ever hovers it: the Pages Router
 * starts a prefetch on mouseenter that ignores prefetch={false} and skips its own cache, so a
 * mouse click would fetch the page data anew at any age and hide what the clause is about.
 * Bounded (the harness's patience); throws when the link cannot take the focus.
 */
export async function activateLink(link: Locator, timeoutMs = 10_000): Promise<void> {
  await link.waitFor({ state: 'attached', timeout: patience(timeoutMs) });
  const focused = await link.evaluate((el) => {
    (el as HTMLElement).focus({ preventScroll: true });
    return document.activeElement === el;
  }, undefined, { timeout: patience(timeoutMs) });
  if (!focused) throw new Error(`the link ${await link.getAttribute('href').catch(() => '')} could not take the keyboard focus`);
  await link.page().keyboard.press('Enter');
}
