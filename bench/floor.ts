import type { Browser } from '@playwright/test';
import type { RunningServer } from '../launcher';
import { cpuSecondsSince, load, machineCpuSeconds } from './util';

/**
 * The floor under a suite run (the targets are ratios to it, so copies of the machine
 * that differ in speed still compare): the browser started once, then as many page loads of each
 * site as the suite made (to the load event, `workers` at a time in one context each, as the
 * suite's workers), over the profile's listed pages, with nothing observed or asserted. Wall time
 * and CPU are taken over the same spans — the browser's start and each site's loads, not the
 * servers' starts — and the CPU is the whole machine's busy time (/proc/stat), as the suite's.
 */
/**
 * The documents a run's tests loaded (observers/timing.ts): by the tests' own pages, and by the
 * other pages they opened (tabs and contexts of their own, the every-page walk). The floor loads
 * as many of each; it once counted the first kind only (CHANGELOG.md).
 */
export interface Loads { own: number; other: number }

/** The documents a run's tests loaded, of both kinds, summed from their timings (a report's `timing`). */
export function loadsOfTests(tests: readonly { timing?: { loads: number; otherLoads: number } }[]): Loads {
  return { own: tests.reduce((n, t) => n + (t.timing?.loads ?? 0), 0), other: tests.reduce((n, t) => n + (t.timing?.otherLoads ?? 0), 0) };
}

export interface FloorSite {
  /** What the part is called in the report: a mode of the reference site, or the foreign site. */
  label: string;
  serve: () => Promise<RunningServer>;
  paths: string[];
  loads: Loads;
}

export interface Span { wallMs: number; cpuS?: number }
export interface FloorPart { label: string; loads: Loads; own: Span; other: Span }

export interface Floor {
  browserStartMs: number;
  browserStartCpuS?: number;
  parts: FloorPart[];
  /** Browser start plus every part's loads, both kinds: the floor the targets are held to. */
  wallMs: number;
  cpuS?: number;
  /** Browser start plus the tests' own pages' loads only: the floor as the bench counted it before. */
  ownWallMs: number;
  ownCpuS?: number;
  workers: number;
  load: string;
}

const sum = (xs: (number | undefined)[]) => (xs.some((x) => x === undefined) ? undefined : xs.reduce((n: number, x) => n + x!, 0));

export async function measureFloor(launch: () => Promise<Browser>, sites: FloorSite[], workers: number): Promise<Floor> {
  const loadBefore = load();
  const cpu0 = machineCpuSeconds();
  const t0 = Date.now();
  const browser = await launch();
  const browserStartMs = Date.now() - t0;
  const browserStartCpuS = cpuSecondsSince(cpu0);
  const parts: FloorPart[] = [];
  try {
    for (const site of sites) {
      const server = await site.serve();
      try {
        const own = await loadsOf(browser, server.url, site, site.loads.own, workers);
        const other = await loadsOf(browser, server.url, site, site.loads.other, workers);
        parts.push({ label: site.label, loads: site.loads, own, other });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    browserStartMs, browserStartCpuS, parts, workers,
    wallMs: browserStartMs + parts.reduce((n, p) => n + p.own.wallMs + p.other.wallMs, 0),
    cpuS: sum([browserStartCpuS, ...parts.flatMap((p) => [p.own.cpuS, p.other.cpuS])]),
    ownWallMs: browserStartMs + parts.reduce((n, p) => n + p.own.wallMs, 0),
    ownCpuS: sum([browserStartCpuS, ...parts.map((p) => p.own.cpuS)]),
    load: `${loadBefore} → ${load()}`,
  };
}

async function loadsOf(browser: Browser, url: string, site: FloorSite, loads: number, workers: number): Promise<Span> {
  if (loads <= 0) return { wallMs: 0, cpuS: 0 };
  const paths = site.paths.length ? site.paths : ['/'];
  let i = 0;
  const cpu0 = machineCpuSeconds();
  const start = Date.now();
  // As the suite's workers: one context and page each, kept across loads (conformance/setup/page-reuse.ts).
  await Promise.all(Array.from({ length: workers }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      while (i < loads) {
        const p = paths[i++ % paths.length];
        await page.goto(`${url}${p}`, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
      }
    } finally {
      await context.close();
    }
  }));
  return { wallMs: Date.now() - start, cpuS: cpuSecondsSince(cpu0) };
}

/** A figure over the floor's, as the bench prints it: "2.9×". */
export function ratio(figure: number | undefined, floor: number | undefined): number | undefined {
  return figure === undefined || floor === undefined || floor <= 0 ? undefined : figure / floor;
}

export const times = (r: number | undefined) => (r === undefined ? 'n/a' : `${r.toFixed(1)}×`);
