// The package's entry point (`main` in package.json): the config's types and the library.
//   import { defineConfig } from 'spec-conformance-harness';              // spec-conformance.config.ts
//   import { run, UsageError } from 'spec-conformance-harness';          // a script: run(config) → the report
// The run itself is loaded on the first call, so a config file that imports defineConfig stays light.
import type { SpecConformanceConfig } from '../config/model';
import type { Report } from '../report/model';
import type { RunOptions } from '../cli/api';

export { defineConfig, type ConfigExpectation, type ConfigTarget, type SecretValue, type SpecConformanceConfig } from '../config/model';
export { UsageError } from '../run/args';
export type { ClauseResult, ClauseRow, Report, TargetInfo, TestRecord } from '../report/model';
export type { Verdict } from '../outcome/verdict';
export type { AccessFacts } from '../run/access';
export type { RunOptions };

/**
 * Judges the config's targets, as `npx spec-conformance` does with that config, and resolves to the
 * report (conformance.json's content: `report.gate.passed`, each clause's verdict per mode in
 * `report.clauses[i].results[mode].verdict`). Bad input (the config, a flag in `options.args`, the
 * environment, a target that cannot be reached or refuses the run) rejects with a UsageError whose
 * message is one sentence saying what to do; the CLI exits 2 on the same. A failed gate is not an
 * error: read `report.gate`.
 */
export async function run(config: SpecConformanceConfig, options: RunOptions = {}): Promise<Report> {
  const { runConformance } = await import('../cli/api');
  return runConformance(config, options);
}
