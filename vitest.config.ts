import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and property tests without a browser: the harness (conformance/unit), the matrix, the mutants, the bench (not the mutants'
// work copies of the site in mutants/.work), the site's pure helpers (site/lib) and its gallery against the registry (site/content).
export default defineConfig({
  test: {
    include: ['conformance/unit/**/*.test.ts', 'matrix/**/*.test.ts', 'mutants/*.test.ts', 'bench/*.test.ts', 'site/lib/**/*.test.ts', 'site/content/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // One test process per core, not vitest's default of one fewer: on 2 cores that default is a
    // single process and the unit run took 23 s with one core idle; two take 14 s (docs/benchmarks.md).
    maxWorkers: availableParallelism(),
  },
});
