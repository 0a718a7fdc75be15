import { availableParallelism } from 'node:os';

/**
 * Playwright workers when neither the config nor --workers names them: twice the cores, at least
 * 2 and at most 4. The suite waits more than it computes (held answers, negative waits, prefetch
 * windows), so two tests per core keep the cores busy; above 4 each extra worker costs a browser
 * and a runtime start for little gain on ~100 tests (docs/benchmarks.md).
 */
export function defaultWorkers(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores * 2));
}
