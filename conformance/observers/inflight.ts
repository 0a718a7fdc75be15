import type { Page, Request } from '@playwright/test';
import { isAbort } from './cancelled';

/** How a request left the count. */
export type End = 'answered' | 'failed' | 'cancelled';

/**
 * Counts requests in flight, from start until their answer arrives (the `response` event), not
 * until `requestfinished`, which lags and over-counts. The counting itself is pure so it can be
 * property-tested (conformance/unit).
 */
export class InflightCounter {
  private readonly open = new Set<string>();
  current = 0;
  max = 0;
  started = 0;
  /** Each start and end; an end says how the request ended (answered, failed, cancelled by the browser: observers/cancelled.ts). */
  readonly timeline: { t: number; event: 'start' | 'end'; key: string; current: number; how?: End }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  start(key: string): void {
    if (this.open.has(key)) return;
    this.open.add(key);
    this.started++;
    this.current = this.open.size;
    this.max = Math.max(this.max, this.current);
    this.timeline.push({ t: this.now(), event: 'start', key, current: this.current });
  }

  /**
   * Ends a request; unknown or already ended keys are ignored so the count never goes negative. A
   * cancelled request is no longer in flight either: it ends its slot too, said as such.
   */
  end(key: string, how?: End): void {
    if (!this.open.delete(key)) return;
    this.current = this.open.size;
    this.timeline.push({ t: this.now(), event: 'end', key, current: this.current, ...(how ? { how } : {}) });
  }
}

/** Binds a counter to a page for the requests `match` selects. */
export function trackInflight(page: Page, match: (r: Request) => boolean): InflightCounter {
  const counter = new InflightCounter();
  const keys = new WeakMap<Request, string>();
  let n = 0;
  page.on('request', (r) => {
    if (!match(r)) return;
    const key = `${n++} ${r.url()}`;
    keys.set(r, key);
    counter.start(key);
  });
  const end = (r: Request, how: End) => {
    const key = keys.get(r);
    if (key) counter.end(key, how);
  };
  page.on('response', (res) => end(res.request(), 'answered'));
  page.on('requestfailed', (r) => end(r, isAbort(r.failure()?.errorText) ? 'cancelled' : 'failed'));
  return counter;
}
