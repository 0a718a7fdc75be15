import { defineConfig } from 'vitest/config';

// Unit and property tests without a browser: the harness (conformance/unit), the mutants
// (fixtures) and the site's pure helpers (site/lib).
export default defineConfig({
  test: {
    include: ['conformance/unit/**/*.test.ts', 'conformance/matrix/**/*.test.ts', 'fixtures/**/*.test.ts', 'site/lib/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
