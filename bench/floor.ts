import type { Browser } from '@playwright/test';
import type { RunningServer } from '../launcher';
import { cpuSecondsSince, load, machineCpuSeconds } from './util';

/**
 * The floor under a suite run (issue 36: the targets are ratios to it, so copies of the machine
 * that differ in speed still compare): the browser started once, then as many page loads of each
 * site as the suite made (to the load event, `workers` at a time in one context each, as the
 * suite's workers), over the profile's listed pages, with nothing observed or asserted. Wall time
 * and CPU are taken over the same spans — the browser's start and each site's loads, not the
 * servers' starts — and the CPU is the whole machine's busy time (/proc/stat), as the suite's.
 */
export interface FloorSite {
  /** What the part is called in the report: a mode of the reference site, or the foreign site. */
  label: string;
  serve: () => Promise<RunningServer>;
  paths: string[];
  loads: number;
}

export interface FloorPart { label: string; loads: number; wallMs: number; cpuS?: number }

export interface Floor {
  browserStartMs: number;
  browserStartCpuS?: number;
  parts: FloorPart[];
  /** Browser start plus every part's loads. */
  wallMs: number;
  cpuS?: number;
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
        parts.push({ label: site.label, loads: site.loads, ...(await loadsOf(browser, server.url, site, workers)) });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    browserStartMs, browserStartCpuS, parts, workers,
    wallMs: browserStartMs + parts.reduce((n, p) => n + p.wallMs, 0),
    cpuS: sum([browserStartCpuS, ...parts.map((p) => p.cpuS)]),
    load: `${loadBefore} → ${load()}`,
  };
}

async function loadsOf(browser: Browser, url: string, site: FloorSite, workers: number): Promise<{ wallMs: number; cpuS?: number }> {
  const paths = site.paths.length ? site.paths : ['/'];
  let i = 0;
  const cpu0 = machineCpuSeconds();
  const start = Date.now();
  // As the suite's workers: one context and page each, kept across loads (conformance/setup/page-reuse.ts).
  await Promise.all(Array.from({ length: workers }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      while (i < site.loads) {
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
