// The package's entry point (`main` in package.json): what a spec-conformance.config.ts imports.
//   import { defineConfig } from 'spec-conformance-harness';
export { defineConfig, type ConfigExpectation, type ConfigTarget, type SpecConformanceConfig } from './model';
