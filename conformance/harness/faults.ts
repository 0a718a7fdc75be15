import type { Page, Request, Route } from '@playwright/test';

/** Which requests a fault applies to. */
export type Matcher = (url: URL, request: Request) => boolean;

/** Requests held until the test releases them (no timers: the test decides when). */
export class Hold {
  private readonly waiting: Route[] = [];
  /** Every request the hold has caught, released or not. */
  caught = 0;

  add(route: Route): void {
    this.caught++;
    this.waiting.push(route);
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Lets the oldest n held requests go on to the server. */
  async release(n = Infinity): Promise<number> {
    const batch = this.waiting.splice(0, Math.min(n, this.waiting.length));
    await Promise.all(batch.map((r) => r.continue().catch(() => undefined)));
    return batch.length;
  }
}

/** Fault injection on matching requests: held until the test releases them. */
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

  /** Releases everything still held so the page can close cleanly. */
  async dispose(): Promise<void> {
    for (const h of this.holds) await h.release();
  }
}
