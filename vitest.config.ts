import { defineConfig } from 'vitest/config';

// Unit and property tests of the harness itself (no browser): conformance/unit.
export default defineConfig({
  test: {
    include: ['conformance/unit/**/*.test.ts', 'fixtures/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
