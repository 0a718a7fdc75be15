import { describe, expect, it, vi } from 'vitest';
import { startTiming, timed } from '../observers/timing';

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

  it('counts nothing when no test is being timed', async () => {
    await expect(timed('load', async () => 7)).resolves.toBe(7);
  });
});
