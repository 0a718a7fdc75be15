import { resolve } from 'node:path';
import { currentRun, packageRoot } from '../run/channel';

/** Repository (or installed package) root (this file lives in conformance/harness, or dist/conformance/harness). */
export const ROOT = packageRoot(resolve(__dirname, '..', '..'));

/** Where this run's report goes (the run's `out`, default reports/). */
export function outDir(): string {
  return currentRun().out;
}
