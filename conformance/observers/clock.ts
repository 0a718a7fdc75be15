import type { Locator, Page } from '@playwright/test';
import { activateLink } from './activate';
import { patience } from '../run/slow';

/**
 * Helpers over Playwright's page.clock for the time-bound rules (3.8 s, 30 s, 5 min).
 * install() must run before the first goto. After install the fake clock still runs in real
 * time unless paused, so every jump is computed from a mark and the real age is returned for the
 * evidence. fastForward fires each due timer at most once; a timer created inside a
 * requestIdleCallback (the 3.8 s route-load timeout) needs runFor.
 */
export class FakeClock {
  private installed = false;
  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    await this.page.clock.install();
    this.installed = true;
  }

  /** The page's current (fake) time in ms. */
  async now(): Promise<number> {
    this.assertInstalled();
    return this.page.evaluate(() => Date.now());
  }

  /**
   * Stops the clock; from now on only runFor/advance moves it. The clock runs on while the
   * pause is on its way, so the pause point is a little ahead; on a busy machine it may already
   * have passed ("Cannot fast-forward to the past"), and a point further ahead is tried.
   */
  async pause(): Promise<number> {
    for (let margin = 50; ; margin *= 4) {
      const t = (await this.now()) + margin;
      try {
        await this.page.clock.pauseAt(t);
        return t;
      } catch (e) {
        if (margin >= patience(3200) || !/past/i.test(String(e))) throw e;
      }
    }
  }

  /** Runs the clock forward ms, firing every timer due on the way (paused or not). */
  async runFor(ms: number): Promise<void> {
    this.assertInstalled();
    await this.page.clock.runFor(ms);
  }

  /**
   * Jumps forward so that `ageMs` have passed since `mark` (a value of now()); returns the age
   * actually reached. Does nothing if that age has already passed.
   */
  async ageTo(mark: number, ageMs: number): Promise<number> {
    const delta = mark + ageMs - (await this.now());
    if (delta > 0) await this.page.clock.fastForward(delta);
    return (await this.now()) - mark;
  }

  private assertInstalled(): void {
    if (!this.installed) throw new Error('FakeClock: call install() before goto()');
  }

  /**
   * Follows `link` when exactly `ageMs` have passed on the page's clock since `mark`: the clock is
   * paused, moved forward, the link is activated (focus and Enter, no hover: navigation.ts
   * activateLink — a hover makes the Pages Router prefetch anew at any age), and the clock runs on
   * again (in real time) so the page can finish what the click started. Returns the age at the click.
   */
  async clickAtAge(link: Locator, mark: number, ageMs: number): Promise<number> {
    await link.waitFor({ state: 'visible' });
    await this.pause();
    const age = await this.ageTo(mark, ageMs);
    await activateLink(link);
    await this.page.clock.resume();
    return age;
  }
}

/** Every call of Playwright's clock; each installs the fake clock (timing.ts counts their time as well, the page reuse replaces a context it ran in). */
export const CLOCK_CALLS = ['install', 'runFor', 'fastForward', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'] as const;
