import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A report is never lost: it is written into a staging folder inside the output folder and moved
 * into place only when complete; the report it replaces moves to previous/. A run that produced
 * no report says why in last-run.json and leaves the folder as it was.
 */
export const REPORT_ENTRIES = ['conformance.json', 'conformance.html', 'conformance.md', 'junit.xml', 'about-this-report.html', 'evidence', 'profiles'];

export function stagingDir(out: string): string {
  mkdirSync(out, { recursive: true });
  return mkdtempSync(join(out, '.staging-'));
}

/** Moves the staged report into `out`; the report that was there goes to `out/previous/` (true when there was one). */
export function publish(staging: string, out: string): boolean {
  const previous = join(out, 'previous');
  const current = REPORT_ENTRIES.filter((e) => existsSync(join(out, e)));
  if (current.length) {
    rmSync(previous, { recursive: true, force: true });
    mkdirSync(previous, { recursive: true });
    for (const e of current) renameSync(join(out, e), join(previous, e));
  }
  for (const e of readdirSync(staging)) renameSync(join(staging, e), join(out, e));
  rmSync(staging, { recursive: true, force: true });
  return current.length > 0;
}

export interface LastRun {
  finishedAt: string;
  /** `report`: a new report is in place; `not-run`: no test ran, the earlier report is kept; `shard`: one shard of a sharded run. */
  status: 'report' | 'not-run' | 'shard';
  reason?: string;
  /** With status `report`: whether the gate passed (the CLI's exit code; merge-reports itself always exits 0). */
  gatePassed?: boolean;
}

export function writeLastRun(out: string, last: Omit<LastRun, 'finishedAt'>): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'last-run.json'), `${JSON.stringify({ finishedAt: new Date().toISOString(), ...last }, null, 2)}\n`);
}
