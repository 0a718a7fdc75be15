import type { Browser, Page } from '@playwright/test';
import { CLOCK_CALLS } from './clock';

/**
 * Where a test's time goes: page loads (goto, Back/Forward, reload and
 * settle), bounded waits (sample, within, obs.waitFor/until, waitForTimeout) and fake-clock runs;
 * the rest of the test body is actions and judging, and before it the set-up of the browser
 * context and page. Each moment counts once, to the phase under way (a clock run before a load
 * before a wait), so a load inside a bounded wait, or tabs loading side by side, count once. Kept per test in the report (`timing`), summed by
 * `npm run bench` per clause.
 */
export type Phase = 'load' | 'wait' | 'clock';
const PRIORITY: Phase[] = ['clock', 'load', 'wait'];

export interface TestTiming {
  /** From the first fixture to the page being ready: browser context and page set-up. */
  setupMs: number;
  loadMs: number;
  waitMs: number;
  clockMs: number;
  /** Everything else up to the end of the fixtures' teardown (actions, judging, evidence). */
  otherMs: number;
  totalMs: number;
  /** Documents loaded by the test's page (goto, reload, Back/Forward calls): for the bench's floor. */
  loads: number;
  /**
   * Documents loaded by the test's other pages — tabs and contexts of its own, the every-page walk
   * it ran for its worker (counted once, in the test that ran it) — the same calls: the rest of the floor.
   */
  otherLoads: number;
}

export const TIMING_ANNOTATION = 'timing';

class Timing {
  readonly spent: Record<Phase, number> = { load: 0, wait: 0, clock: 0 };
  loads = 0;
  otherLoads = 0;
  /** Calls of each phase under way (tabs may load side by side; a wait may hold a load). */
  private readonly active: Record<Phase, number> = { load: 0, wait: 0, clock: 0 };
  private since = Date.now();
  readonly start = this.since;
  /** When the page was ready: from then on loads, waits and clock runs count (before it: set-up). */
  pageReady?: number;

  async time<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
    this.charge();
    this.active[phase]++;
    try {
      return await fn();
    } finally {
      this.charge();
      this.active[phase]--;
    }
  }

  /** Time since the last change goes to the phase under way, a clock run before a load before a wait. */
  private charge(): void {
    const now = Date.now();
    const phase = PRIORITY.find((p) => this.active[p] > 0);
    if (phase) this.spent[phase] += now - this.since;
    this.since = now;
  }

  result(): TestTiming {
    const totalMs = Date.now() - this.start;
    const setupMs = this.pageReady !== undefined ? this.pageReady - this.start : 0;
    const { load, wait, clock } = this.spent;
    return { setupMs, loadMs: load, waitMs: wait, clockMs: clock, otherMs: Math.max(0, totalMs - setupMs - load - wait - clock), totalMs, loads: this.loads, otherLoads: this.otherLoads };
  }
}

// A worker runs one test at a time: the current test's timing is module state.
let current: Timing | undefined;

/** Starts the timing of a test (the `timing` fixture). */
export function startTiming(): { pageReady(): void; finish(): TestTiming } {
  const t = new Timing();
  current = t;
  return {
    pageReady: () => { t.pageReady = Date.now(); },
    finish: () => { if (current === t) current = undefined; return t.result(); },
  };
}

/** Counts one document load of the current test: by its own page, or by another one it opened. */
export function countLoad(own = true): void {
  if (current?.pageReady === undefined) return;
  if (own) current.loads++;
  else current.otherLoads++;
}

/**
 * Runs fn, counting its time to `phase` of the current test (if any). Only once the page is
 * ready: what the fixtures do before (the reset of a reused page loads about:blank) is set-up.
 */
export function timed<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
  return current?.pageReady !== undefined ? current.time(phase, fn) : fn();
}

/**
 * Counts the page's loads, waits and clock runs without touching the tests that call them: as the
 * test's own page (the `page` fixture), or as another page of the test (`own` false: every page of
 * a context the worker's browser opens, timeBrowser) — a page first wrapped as another and then
 * handed to a test as its own counts as its own from then on.
 */
export function timePage(page: Page, own = true): void {
  // A page reused across tests is wrapped once: the wrappers count for whichever test is current.
  const known = ownPages.get(page);
  if (known !== undefined) {
    if (own && !known) ownPages.set(page, true);
    return;
  }
  ownPages.set(page, own);
  for (const name of ['goto', 'goBack', 'goForward', 'reload'] as const) wrap(page, name, 'load', () => countLoad(ownPages.get(page)));
  wrap(page, 'waitForTimeout', 'wait');
  for (const name of CLOCK_CALLS) wrap(page.clock, name, 'clock');
}

/** Every page already wrapped, and whether it is a test's own page. */
const ownPages = new WeakMap<Page, boolean>();

/**
 * Times every page of every context the worker's browser opens from now on (the page pool's, the
 * every-page walk's, a test's own): the bench's floor then holds every document the tests loaded.
 */
export function timeBrowser(browser: Browser): void {
  if (timedBrowsers.has(browser)) return;
  timedBrowsers.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('page', (p) => timePage(p, false));
    return context;
  };
}

const timedBrowsers = new WeakSet<Browser>();

function wrap<O extends object>(obj: O, name: keyof O, phase: Phase, onCall?: () => void): void {
  const original = obj[name];
  if (typeof original !== 'function') return;
  (obj as Record<keyof O, unknown>)[name] = (...args: unknown[]) => {
    onCall?.();
    return timed(phase, () => (original as (...a: unknown[]) => Promise<unknown>).apply(obj, args));
  };
}
