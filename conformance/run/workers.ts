import { availableParallelism } from 'node:os';

/**
 * Playwright workers when neither the config nor --workers names them: for a run of one mode, twice
 * the cores, at least 2 and at most 4. With one test per core the cores sat idle a third of the time
 * (held answers, negative waits, prefetch windows); two per core keep them busy, and more only cost a
 * browser and a runtime start each (one mode of a template site on 2 cores: 14.1–14.3 s at 6 workers,
 * 14.3–14.5 s at 4, 3 CPU-s more). A run of both modes gets half as many again (6 on 2 cores, 3 per mode):
 * the two modes reach their waiting clauses (K9.3–K9.5, files in name order) at the same time, and
 * with 2 each the cores sat half idle for ≈ 7 s; the third keeps the other clauses going (43.3 s →
 * 40.5–41.5 s after the builds, 4–5 CPU-s more; docs/benchmarks.md).
 */
export function defaultWorkers(cores = availableParallelism(), modes = 1): number {
  const one = Math.min(4, Math.max(2, cores * 2));
  return modes < 2 ? one : one + Math.floor(one / 2);
}

/**
 * Workers of each suite run when a tool (the matrix, the mutants) runs several at once: two each,
 * so fewer browsers and runtimes start on cores the other runs keep busy (warm matrix on 2 cores:
 * 340 s and 581 CPU-s at 3 × 2 workers, 376 s and ≈ 717 CPU-s at 3 × 4). Undefined — the suite's
 * default — when only one runs at a time.
 */
export function sideBySideWorkers(jobs: number, runs: number): number | undefined {
  return Math.min(jobs, runs) > 1 ? 2 : undefined;
}

/**
 * Workers each mode's clause project may use when a run judges both modes at once. Playwright starts
 * a worker process (and its browser) for one project only, so with both projects sharing the pool a
 * worker slot ran static tests, then stopped and started anew for server ones: 10 worker processes
 * per run for 4 workers (two of them the run-facts set-up projects of the time). Half the pool per
 * mode keeps each slot on one mode: 6 processes then, 4 % less
 * CPU at the same wall time (docs/benchmarks.md). Only while each mode keeps 2 or more: with one
 * worker per mode a mode's long tests (held answers, the every-page walk) run one after another
 * and cannot borrow the other mode's idle slot — the warm matrix (2 workers per run) took 462 s
 * instead of 390 s that way. A run of one mode keeps the whole pool. `workers` is Playwright's (a
 * number, or a percentage of the cores); undefined: the default.
 */
export function workersPerMode(modes: number, workers: number | string | undefined, cores = availableParallelism()): number | undefined {
  if (modes < 2) return undefined;
  const total = workers === undefined ? defaultWorkers(cores, modes) : workerCount(workers, cores);
  const share = Math.floor(total / modes);
  return share >= 2 ? share : undefined;
}

/** Playwright's reading of `workers`: a number, or a percentage of the cores (at least one). */
function workerCount(workers: number | string, cores: number): number {
  return typeof workers === 'number' ? workers : Math.max(1, Math.floor((cores * parseFloat(workers)) / 100));
}

/**
 * The most workers a run starts: three per core, and never fewer than the default of a run of both
 * modes. Each worker is a browser and a runtime; past that they only queue for the cores, and the
 * waits the suite measures stretch with them (50 workers on 2 cores: 124 s for what 6 do in 8–25 s).
 */
export function maxWorkers(cores = availableParallelism()): number {
  return Math.max(defaultWorkers(cores, 2), cores * 3);
}

/** The workers asked for (--workers, the config's), kept within maxWorkers; `note` says so when they were cut. */
export function cappedWorkers(asked: number | string | undefined, cores = availableParallelism()): { workers: number | string | undefined; note?: string } {
  if (asked === undefined) return { workers: asked };
  const n = workerCount(asked, cores);
  const max = maxWorkers(cores);
  if (!Number.isFinite(n) || n <= max) return { workers: asked };
  return { workers: max, note: `Workers: ${max}, not the ${asked} asked for — this machine has ${cores} core${cores === 1 ? '' : 's'}, and past 3 a core workers only queue for them.` };
}
