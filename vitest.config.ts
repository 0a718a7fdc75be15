import { defineConfig } from 'vitest/config';

// Unit and property tests without a browser: the harness (conformance/unit), the matrix, the mutants, the bench (not the mutants'
// work copies of the site in mutants/.work) and the site's pure helpers (site/lib).
export default defineConfig({
  test: {
    include: ['conformance/unit/**/*.test.ts', 'matrix/**/*.test.ts', 'mutants/*.test.ts', 'bench/*.test.ts', 'site/lib/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
