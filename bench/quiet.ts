import os from 'node:os';
import { log } from './util';

// A figure taken while anything else runs describes the load, not the project. The
// bench starts only on a quiet machine (1-minute load average ≤ QUIET_LOAD), waiting a bounded
// while for the load of an earlier job to decay; else it refuses, or with --allow-load writes
// its figures under a banner saying they are void.

export const QUIET_LOAD = 1.0;

export const load1 = (): number => os.loadavg()[0];

/**
 * Waits (polling every 5 s, at most `maxWaitS`) for the 1-minute load average to fall to
 * QUIET_LOAD. The 1-minute average decays by about a factor e per minute once a job ends, so a
 * machine left at load 4 is quiet after about 1.5 min.
 */
export async function awaitQuiet(maxWaitS: number): Promise<{ quiet: boolean; load: number; waitedS: number }> {
  const start = Date.now();
  let announced = false;
  for (;;) {
    const now = load1();
    const waitedS = (Date.now() - start) / 1000;
    if (now <= QUIET_LOAD) return { quiet: true, load: now, waitedS };
    if (waitedS >= maxWaitS) return { quiet: false, load: now, waitedS };
    if (!announced) log(`load ${now.toFixed(2)} > ${QUIET_LOAD.toFixed(1)}: waiting up to ${maxWaitS} s for a quiet machine…`);
    announced = true;
    await new Promise((r) => setTimeout(r, 5_000));
  }
}
