import type { Page } from '@playwright/test';

export interface WindowSize { width: number; height: number }

const words = (s: WindowSize | null | undefined): string => (s ? `${s.width}×${s.height} px` : 'the default');

/**
 * Sets the window a test needs (the harness's condition, not the site's) and returns the words the
 * evidence carries for it: "window 1280×300 px, set by the harness (was 1280×720 px): …". The reset
 * between tests sets the window back (setup/page-reuse.ts).
 */
export async function chooseWindow(page: Page, size: WindowSize, why: string): Promise<string> {
  const before = page.viewportSize();
  if (before?.width === size.width && before.height === size.height) return `window ${words(size)}: ${why}`;
  await page.setViewportSize(size);
  return `window ${words(size)}, set by the harness (was ${words(before)}): ${why}`;
}
