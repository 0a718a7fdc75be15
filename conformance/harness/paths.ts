import { resolve } from 'node:path';
import { currentRun } from '../run/channel';

/** Repository root (this file lives in conformance/harness). */
export const ROOT = resolve(__dirname, '..', '..');

/** Where this run's report goes (the run's `out`, default reports/). */
export function outDir(): string {
  return currentRun().out;
}
