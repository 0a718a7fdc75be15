import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and property tests without a browser, wherever they sit: any *.test.ts of the repository
 * (beside the code it tests, or in a room's unit/ folder) runs; build output, caches, the mutants'
 * work copies of the site and installed packages are left out. selftest/house/tests-found.test.ts
 * fails when a test file lies where neither this runner nor a Playwright project looks.
 */
export const UNIT_INCLUDE = ['**/*.test.ts'];
export const UNIT_EXCLUDE = [...configDefaults.exclude, '**/.cache/**', '**/dist/**', 'mutants/.work/**', 'site/.next*/**', 'site/out/**', 'reports/**'];

export default defineConfig({
  test: {
    include: UNIT_INCLUDE,
    exclude: UNIT_EXCLUDE,
    environment: 'node',
    testTimeout: 20_000,
    // One test process per core, not vitest's default of one fewer: on 2 cores that default is a
    // single process and the unit run took 23 s with one core idle; two take 14 s (docs/benchmarks.md).
    maxWorkers: availableParallelism(),
    // Each test process runs its files one after another in one module graph, not a fresh one per
    // file: the unit run took 55 CPU-s isolated and 28 CPU-s so. A test that needs a
    // process-wide setting (the harness's patience, a run) sets it itself; the files pass in any
    // order (checked with --sequence.shuffle.files).
    isolate: false,
  },
});
