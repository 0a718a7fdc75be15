import type { Browser } from '@playwright/test';
import { runSync } from '../launcher';
import { computeOnThread } from '../conformance/run/machine-speed';
import { median } from './util';

/**
 * The machine's speed, on fixed reference work, written beside the figures. Two quiet
 * copies of the same machine kind gave the same commit's suite 41.6 s one day, 59.5–83 s the
 * next and 47–54 s on a third (CHANGELOG.md, 2026-11-26 and before): without a yardstick, a figure says as
 * much about the copy as about the project. Measured the same way every run, these let two runs of
 * the bench be compared: the suite's cost is mostly starting processes (runtimes, browsers,
 * renderers) and their first touches of memory, which the last two measure; the first is plain
 * single-threaded compute. The harness measures the first two the same way at the start of every
 * run and compares them with this page's figures (conformance/run/machine-speed.ts REFERENCE_WORK,
 * the same work as compute() here): that is the machine factor its own bounds are multiplied by.
 */
export interface Speed {
  /** SHA-256 of 256 MiB plus 50 million steps of an integer loop, one thread: the median of 3. */
  computeMs: number;
  /** `node -e 0`, start to exit: the median of 7. */
  nodeStartMs: number;
  /** A new page in a new context loaded with a data: URL and closed: the median of 7, after one warm-up. */
  pageMs: number;
}

function nodeStart(): number {
  const t = performance.now();
  runSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

async function page(browser: Browser): Promise<number> {
  const t = performance.now();
  const context = await browser.newContext();
  try {
    await (await context.newPage()).goto('data:text/html,<p>speed</p>');
  } finally {
    await context.close();
  }
  return performance.now() - t;
}

/** The median of `n` measurements taken one after another. */
async function times(n: number, f: () => number | Promise<number>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await f());
  return median(out)!;
}

/** The two figures that need no browser, measured as measureSpeed measures them (npm test's closing lines). */
export async function measureSpeedWithoutBrowser(): Promise<Pick<Speed, 'computeMs' | 'nodeStartMs'>> {
  return { computeMs: await times(3, computeOnThread), nodeStartMs: await times(7, nodeStart) };
}

/** The figures docs/benchmarks.md was written with (its "Machine speed" line); undefined when the page has none. */
export function benchmarkedSpeed(markdown: string): Pick<Speed, 'computeMs' | 'nodeStartMs'> | undefined {
  const m = /\*\*Machine speed:\*\* reference compute (\d+) ms[^\n]*?`node -e 0` (\d+) ms/.exec(markdown);
  return m ? { computeMs: Number(m[1]), nodeStartMs: Number(m[2]) } : undefined;
}

/**
 * Whether two copies compare (absolute figures compare only between copies whose speed
 * lines agree): the reference compute within 15 % of the other's, about the spread of one copy's own
 * runs. `node -e 0` is shown, not compared: on one copy, five medians of 7 taken within a minute
 * read 64 to 99 ms (the files' cache, not the copy), so it would call a copy unlike itself.
 */
export function speedsAgree(a: Pick<Speed, 'computeMs'>, b: Pick<Speed, 'computeMs'>): boolean {
  return Math.max(a.computeMs, b.computeMs) / Math.min(a.computeMs, b.computeMs) <= 1.15;
}

export async function measureSpeed(browser: Browser): Promise<Speed> {
  await page(browser);
  return { ...(await measureSpeedWithoutBrowser()), pageMs: await times(7, () => page(browser)) };
}

/** The three figures, for the bench's progress line. */
export function speedFigures(s: Speed): string {
  return `reference compute ${s.computeMs.toFixed(0)} ms (SHA-256 of 256 MiB + a 50-million-step loop, one thread), \`node -e 0\` ${s.nodeStartMs.toFixed(0)} ms, a new browser context with one page ${s.pageMs.toFixed(0)} ms`;
}

/** One line for the report's header: the figures and how to read them. */
export function describeSpeed(s: Speed): string {
  return `${speedFigures(s)} (medians; bench/speed.ts). Two runs of the bench compare only when these agree: copies of the same machine kind differ (the same commit's suite: 41.6 s on one, 47–83 s on others)`;
}
