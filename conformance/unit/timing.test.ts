import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from '@playwright/test';
import { startTiming, timeBrowser, timed, timePage } from '../observers/timing';

/** A page with the calls timing.ts wraps; `on`-less: the wrappers need no more. */
const fakePage = () => ({ goto: async () => null, goBack: async () => null, goForward: async () => null, reload: async () => null, waitForTimeout: async () => undefined, clock: {} }) as unknown as Page;

// observers/timing.ts: each moment of a test counts once, to the phase under way.
describe('timing of a test', () => {
  it('counts a load inside a bounded wait as load, and the rest of the wait as wait', async () => {
    vi.useFakeTimers({ now: 0 });
    const t = startTiming();
    t.pageReady();
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const run = timed('wait', async () => {
      await pause(100);
      await timed('load', () => pause(300));
      await pause(50);
    });
    await vi.advanceTimersByTimeAsync(450);
    await run;
    const r = t.finish();
    vi.useRealTimers();
    expect(r).toMatchObject({ loadMs: 300, waitMs: 150, clockMs: 0, totalMs: 450, otherMs: 0, loads: 0 });
  });

  it('counts loads side by side once, and a clock run before a load', async () => {
    vi.useFakeTimers({ now: 0 });
    const t = startTiming();
    t.pageReady();
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const run = Promise.all([
      timed('load', () => pause(200)),
      timed('load', async () => { await pause(100); await timed('clock', () => pause(50)); }),
    ]);
    await vi.advanceTimersByTimeAsync(300);
    await run;
    const r = t.finish();
    vi.useRealTimers();
    expect(r).toMatchObject({ loadMs: 150, clockMs: 50, waitMs: 0, totalMs: 300, otherMs: 100 });
  });

  it("counts nothing before the page is ready: the fixtures' set-up (a reused page's reset loads about:blank)", async () => {
    vi.useFakeTimers({ now: 0 });
    const t = startTiming();
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const before = timed('load', () => pause(100));
    await vi.advanceTimersByTimeAsync(100);
    await before;
    t.pageReady();
    const after = timed('load', () => pause(50));
    await vi.advanceTimersByTimeAsync(50);
    await after;
    const r = t.finish();
    vi.useRealTimers();
    expect(r).toMatchObject({ setupMs: 100, loadMs: 50, otherMs: 0, totalMs: 150 });
  });

  it("counts the documents of the test's own page apart from those of every other page a context of the worker's browser opens (the floor's two parts)", async () => {
    const listeners: ((p: Page) => void)[] = [];
    const opened = fakePage();
    const context = { on: (event: string, l: (p: Page) => void) => { if (event === 'page') listeners.push(l); } };
    const browser = { newContext: async () => context } as unknown as Browser;
    timeBrowser(browser);
    await browser.newContext();
    listeners.forEach((l) => l(opened));
    const own = fakePage();
    const later = fakePage();
    listeners.forEach((l) => l(later));
    // The pool's page is opened in a timed context, then handed to the test as its own.
    timePage(later);
    timePage(own);
    const t = startTiming();
    t.pageReady();
    await own.goto('/a');
    await later.reload();
    await opened.goto('/b');
    await opened.goto('/c');
    await opened.goBack();
    expect(t.finish()).toMatchObject({ loads: 2, otherLoads: 3 });
  });

  it('counts nothing when no test is being timed', async () => {
    await expect(timed('load', async () => 7)).resolves.toBe(7);
  });
});
