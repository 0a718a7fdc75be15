import type { Browser } from '@playwright/test';
import { median } from './util';

// 2. Time to first byte and largest contentful paint, median of N loads, each in a fresh browser context (cold cache).

export interface PaintRun {
  ttfb: number;
  responseStart: number;
  lcp: number | null;
  lcpElement: string | null;
}

export async function measurePaint(browser: Browser, url: string, runs: number): Promise<{ runs: PaintRun[]; ttfb: number | null; lcp: number | null; responseStart: number | null; lcpElement: string | null }> {
  const all: PaintRun[] = [];
  // One discarded warm-up load (first request to a fresh server, Chromium's own start-up work).
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const r = await page.evaluate(
        () =>
          new Promise<PaintRun>((resolve) => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const entries: PerformanceEntry[] = [];
            const po = new PerformanceObserver((list) => entries.push(...list.getEntries()));
            po.observe({ type: 'largest-contentful-paint', buffered: true });
            // Buffered entries arrive in a later task: give it two frames, then take what is left.
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                setTimeout(() => {
                  entries.push(...po.takeRecords());
                  po.disconnect();
                  const last = entries[entries.length - 1] as (PerformanceEntry & { element?: Element | null }) | undefined;
                  const el = last?.element;
                  resolve({
                    ttfb: nav.responseStart - nav.requestStart,
                    responseStart: nav.responseStart,
                    lcp: last ? last.startTime : null,
                    lcpElement: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/).join('.')}` : ''}` : null,
                  });
                }, 50),
              ),
            );
          }),
      );
      if (i > 0) all.push(r);
    } finally {
      await context.close();
    }
  }
  const lcps = all.map((r) => r.lcp).filter((v): v is number => v !== null);
  const elements = all.map((r) => r.lcpElement).filter(Boolean) as string[];
  return {
    runs: all,
    ttfb: median(all.map((r) => r.ttfb)),
    responseStart: median(all.map((r) => r.responseStart)),
    lcp: median(lcps),
    lcpElement: elements.sort((a, b) => elements.filter((x) => x === b).length - elements.filter((x) => x === a).length)[0] ?? null,
  };
}
