import type { Page, Request, Route } from '@playwright/test';

/** Which requests a fault applies to. */
export type Matcher = (url: URL, request: Request) => boolean;

/** Requests held until the test releases them (no timers: the test decides when). */
export class Hold {
  private readonly waiting: Route[] = [];
  private readonly listeners: (() => void)[] = [];
  /** Every request the hold has caught, released or not. */
  caught = 0;

  add(route: Route): void {
    this.caught++;
    this.waiting.push(route);
    for (const l of this.listeners.splice(0)) l();
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Waits until at least n requests have been caught. */
  async waitForCaught(n: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.caught < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Hold: expected ${n} requests to be caught, saw ${this.caught}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.listeners.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  /** Lets the oldest n held requests go on to the server. */
  async release(n = Infinity): Promise<number> {
    const batch = this.waiting.splice(0, Math.min(n, this.waiting.length));
    await Promise.all(batch.map((r) => r.continue().catch(() => undefined)));
    return batch.length;
  }
}

/** Fault injection on matching requests: hold until released, delay, or answer with a status. */
export class Faults {
  private readonly holds: Hold[] = [];
  constructor(private readonly page: Page) {}

  /** Holds every matching request until hold.release() (or the end of the test). */
  async hold(match: Matcher): Promise<Hold> {
    const h = new Hold();
    this.holds.push(h);
    await this.page.route(() => true, async (route, request) => {
      if (match(new URL(request.url()), request)) h.add(route);
      else await route.fallback();
    });
    return h;
  }

  /** Delays matching requests by ms of real time before they go on. */
  async delay(match: Matcher, ms: number): Promise<void> {
    await this.page.route(() => true, async (route, request) => {
      if (!match(new URL(request.url()), request)) return route.fallback();
      await new Promise((r) => setTimeout(r, ms));
      await route.continue().catch(() => undefined);
    });
  }

  /**
   * Answers the first `times` matching requests with `status` (the rest go on to the server).
   * Returns a log of what was answered how.
   */
  async answer(match: Matcher, status: number, times = Infinity): Promise<{ url: string; faulted: boolean }[]> {
    const seen: { url: string; faulted: boolean }[] = [];
    let left = times;
    await this.page.route(() => true, async (route, request) => {
      if (!match(new URL(request.url()), request)) return route.fallback();
      if (left > 0) {
        left--;
        seen.push({ url: request.url(), faulted: true });
        return route.fulfill({ status, contentType: 'text/plain', body: `conformance fault: ${status}` });
      }
      seen.push({ url: request.url(), faulted: false });
      return route.fallback();
    });
    return seen;
  }

  /** Releases everything still held so the page can close cleanly. */
  async dispose(): Promise<void> {
    for (const h of this.holds) await h.release();
  }
}
