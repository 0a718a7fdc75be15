import type { Page, Request } from '@playwright/test';

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
  readonly timeline: { t: number; event: 'start' | 'end'; key: string; current: number }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  start(key: string): void {
    if (this.open.has(key)) return;
    this.open.add(key);
    this.started++;
    this.current = this.open.size;
    this.max = Math.max(this.max, this.current);
    this.timeline.push({ t: this.now(), event: 'start', key, current: this.current });
  }

  /** Ends a request; unknown or already ended keys are ignored so the count never goes negative. */
  end(key: string): void {
    if (!this.open.delete(key)) return;
    this.current = this.open.size;
    this.timeline.push({ t: this.now(), event: 'end', key, current: this.current });
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
  const end = (r: Request) => {
    const key = keys.get(r);
    if (key) counter.end(key);
  };
  page.on('response', (res) => end(res.request()));
  page.on('requestfailed', end);
  return counter;
}
