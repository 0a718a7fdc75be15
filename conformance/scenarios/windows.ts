/**
 * The windows the harness chooses for a test, so that an ordinary page is a subject: a clause that
 * needs "a page taller than the window" or "many links in view" is about the window as much as the
 * page, and the window is the harness's to set. The pickers take a page by what it shows at the
 * window its test will use; the test sets that window and names it in the evidence.
 */

/** The window every test starts in (conformance/playwright.config.ts) and the crawl reads pages in. */
export const DEFAULT_WINDOW = { width: 1280, height: 720 } as const;

/**
 * R2.8: the scroll position left on the page (at least MIN, WANTED when the page is that long). MIN
 * is far from the top (where a view not restored lands) and 50 times the test's tolerance, so an
 * ordinary page a little taller than the low window is a subject.
 */
export const SCROLL = { MIN: 200, WANTED: 2000 } as const;

/**
 * R2.8: the window a page shorter than DEFAULT_WINDOW + SCROLL.MIN is opened in instead: lower, the
 * same width (a page's layout follows its width), so a page whose content is SCROLL.MIN taller
 * than this scrolls far enough.
 */
export const LOW_WINDOW = { width: DEFAULT_WINDOW.width, height: 300 } as const;

/** K9.5: a window four default windows tall, so the links of an ordinary page are in view at once. */
export const TALL_WINDOW = { width: DEFAULT_WINDOW.width, height: 4 * DEFAULT_WINDOW.height } as const;

/**
 * How far a crawled page scrolls in the low window: as measured there, else from its document height
 * in the crawl's window (a document no taller than that window may hold less: 0).
 */
export function lowWindowScroll(p: { scrollHeight: number; viewportHeight: number; lowWindowScroll?: number }): number {
  if (p.lowWindowScroll !== undefined) return p.lowWindowScroll;
  return p.scrollHeight > p.viewportHeight ? p.scrollHeight - LOW_WINDOW.height : 0;
}

/** Whether a crawled page scrolls SCROLL.MIN in the low window. */
export const scrollsInLowWindow = (p: Parameters<typeof lowWindowScroll>[0]): boolean => lowWindowScroll(p) >= SCROLL.MIN;
