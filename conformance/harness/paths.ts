import { join, resolve } from 'node:path';

/** Repository root (this file lives in conformance/harness). */
export const ROOT = resolve(__dirname, '..', '..');

/** Where reports go: $CONFORMANCE_OUT or reports/. */
export function outDir(): string {
  return resolve(process.env.CONFORMANCE_OUT || join(ROOT, 'reports'));
}

/** Run-scoped facts shared between global setup (writer) and the reporter (reader). */
export function runInfoFile(): string {
  return join(outDir(), '.run', 'targets.json');
}
